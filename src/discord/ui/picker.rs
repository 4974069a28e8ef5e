//! The private pickers of one region: the point picker (a button per point; stones shown,
//! occupied and illegal points disabled, as `Match::may_play` says) and, during the agreement,
//! the mark picker (each stone toggles its chain; a dead one crossed).

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton, ReactionType};

use crate::game::Match;
use crate::go::Point;
use crate::render::regions::{Region, regions};

use super::stone;
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::{Lang, tr};

/// The region of a board by its index, if there is one.
pub fn region(m: &Match, index: u8) -> Option<Region> {
    regions(m.game.size()).get(usize::from(index)).copied()
}

/// Buttons for the points of `region`, top row first like the image.
fn grid(region: &Region, button: impl Fn(Point) -> CreateButton) -> Vec<CreateActionRow> {
    let width = usize::from(region.width()).max(1);
    let points: Vec<Point> = region.points().collect();
    points
        .chunks(width)
        .map(|row| CreateActionRow::Buttons(row.iter().map(|&p| button(p)).collect()))
        .collect()
}

/// The point picker of one region.
pub fn points(m: &Match, region: &Region) -> Vec<CreateActionRow> {
    let move_number = m.move_count();
    grid(region, |p| {
        let occupant = m.game.board().get(p);
        // The game says what may be played (ko, superko, a free handicap's stones).
        let legal = m.may_play(p);
        // In a consultation a point is a vote for the team's move.
        let id = if m.is_consultation() {
            ButtonId::VotePoint {
                game: m.id,
                move_number,
                point: p,
            }
        } else {
            ButtonId::Play {
                game: m.id,
                move_number,
                point: p,
            }
        };
        let b = CreateButton::new(id.to_string())
            .label(p.to_string())
            .style(if legal {
                ButtonStyle::Success
            } else {
                ButtonStyle::Secondary
            })
            .disabled(!legal);
        match occupant {
            Some(c) => b.emoji(ReactionType::Unicode(stone(c).to_owned())),
            None => b,
        }
    })
}

/// The words above the point picker.
pub fn points_text(m: &Match, region: &Region, lang: Lang) -> String {
    tr!(
        lang,
        "picker-points",
        region = region.label(),
        number = m.move_count() + 1
    )
}

/// The mark picker of one region during the agreement.
pub fn marks(m: &Match, region: &Region) -> Vec<CreateActionRow> {
    let board = m.game.board();
    let move_number = m.move_count();
    let marking = m.agreement().map_or(0, |a| a.version);
    let dead = m.dead_points();
    grid(region, |p| {
        let occupant = board.get(p);
        let is_dead = dead.contains(&p);
        let id = ButtonId::Mark {
            game: m.id,
            move_number,
            marking,
            point: p,
        };
        let b = CreateButton::new(id.to_string())
            .label(p.to_string())
            .style(if is_dead {
                ButtonStyle::Danger
            } else if occupant.is_some() {
                ButtonStyle::Success
            } else {
                ButtonStyle::Secondary
            })
            .disabled(occupant.is_none());
        match occupant {
            Some(c) => {
                let emoji = if is_dead { "❌" } else { stone(c) };
                b.emoji(ReactionType::Unicode(emoji.to_owned()))
            }
            None => b,
        }
    })
}

/// The words above the mark picker: the region, and what a click does.
pub fn marks_text(m: &Match, region: &Region, lang: Lang) -> String {
    tr!(
        lang,
        "picker-marks",
        region = region.label(),
        chains = m.dead_stones().len()
    )
}
