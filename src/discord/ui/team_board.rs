//! A team game as players see it (SPEC §11, 赛式): pair Go's sides named on the board, and a
//! consultation's teams by their members or role — the public board showing only the moves,
//! each team's board in its thread showing its votes so far, with the buttons to vote.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton, CreateEmbed, CreateEmbedFooter};

use crate::game::Match;
use crate::game::teams::votes::{Choice, tally};
use crate::game::teams::{Membership, SeatHolder};
use crate::go::Color;

use super::words::{self, color_name};
use super::{mention, stone};
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::{Lang, tr};

/// A side as players read it: a person's mention, a pair's two, a team's members, its role
/// or anyone here, the computer by its level — never a team's seat, which is no one's.
pub fn holder_name(holder: &SeatHolder, lang: Lang) -> String {
    let people = |list: &[crate::game::UserId], sep: &str| {
        list.iter()
            .map(|&u| mention(u))
            .collect::<Vec<_>>()
            .join(sep)
    };
    match holder {
        SeatHolder::Person(u) => mention(*u),
        SeatHolder::Pair(list) => people(list, " & "),
        SeatHolder::Team(Membership::Members(list)) => people(list, ", "),
        SeatHolder::Team(Membership::Role(role)) => format!("<@&{role}>"),
        SeatHolder::Team(Membership::Anyone) => tr!(lang, "team-anyone"),
        SeatHolder::Computer(level) => words::computer_name(lang, *level),
    }
}

/// A side of a match by whoever holds it ([`holder_name`]).
pub fn side_name(m: &Match, c: Color, lang: Lang) -> String {
    holder_name(&m.holder(c), lang)
}

/// The one to move as players read it: the person whose turn it is (a pair's player among
/// them), else the side (a consultation team, the computer).
pub fn mover_name(m: &Match, lang: Lang) -> String {
    let c = m.game.to_move();
    match m.holder(c) {
        SeatHolder::Person(_) | SeatHolder::Pair(_) => mention(m.player_to_move()),
        holder => holder_name(&holder, lang),
    }
}

/// Black and White of a team game.
pub fn players_line(m: &Match, lang: Lang) -> String {
    let form = if m.pair_teams().is_some() {
        tr!(lang, "team-form-pair")
    } else {
        tr!(lang, "team-form-consultation")
    };
    format!(
        "{}\n{form}",
        tr!(
            lang,
            "board-players",
            black = side_name(m, Color::Black, lang),
            white = side_name(m, Color::White, lang)
        )
    )
}

/// Whose turn it is in a team game: pair Go's player by name and place in the order, or the
/// team that votes.
pub fn turn_text(m: &Match, lang: Lang) -> String {
    let c = m.game.to_move();
    if m.is_computer(m.players[c]) {
        return format!("{} {}", stone(c), tr!(lang, "computer-thinking"));
    }
    if m.is_consultation() {
        return format!(
            "{} {}",
            stone(c),
            tr!(lang, "team-votes-now", color = color_name(lang, c))
        );
    }
    let player = m.player_to_move();
    let place = m
        .pair_teams()
        .and_then(|t| t.sides[c].listed().iter().position(|&u| u == player))
        .map_or(1, |i| i + 1);
    format!(
        "{} {} ({})",
        stone(c),
        mention(player),
        tr!(
            lang,
            "team-pair-place",
            color = color_name(lang, c),
            place = place as u32
        )
    )
}

/// The votes of the team to move so far, in a line: `D4 2 · E5 1 · pass 1`.
pub fn votes_text(m: &Match, lang: Lang) -> String {
    let counts = tally(&m.ballot);
    if counts.is_empty() {
        return tr!(lang, "team-no-votes");
    }
    counts
        .into_iter()
        .map(|(c, n)| {
            let what = match c {
                Choice::Play(p) => p.to_string(),
                Choice::Pass => tr!(lang, "team-vote-pass"),
                Choice::Resign => tr!(lang, "team-vote-resign"),
            };
            format!("{what} **{n}**")
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The embed of a team's board in its thread: the public board's, with the team's votes so
/// far while it is to move.
pub fn team_embed(m: &Match, color: Color, base: CreateEmbed, lang: Lang) -> CreateEmbed {
    let mut e = base.footer(CreateEmbedFooter::new(tr!(
        lang,
        "team-board-footer",
        color = color_name(lang, color)
    )));
    if m.is_running() && m.game.to_move() == color {
        // The window's close is the turn's end, already among the board's fields.
        e = e.field(tr!(lang, "field-votes"), votes_text(m, lang), false);
    }
    e
}

/// The buttons of a team's board: while the team is to move, the region picker (a point is a
/// vote), a vote to pass and a vote to resign; none otherwise.
pub fn team_components(
    m: &Match,
    color: Color,
    regions: Vec<CreateActionRow>,
    lang: Lang,
) -> Vec<CreateActionRow> {
    if !m.is_running() || m.game.to_move() != color || m.in_agreement() {
        return Vec::new();
    }
    let (game, move_number) = (m.id, m.move_count());
    let mut rows = regions;
    rows.push(CreateActionRow::Buttons(vec![
        CreateButton::new(
            ButtonId::VotePass {
                game,
                move_number,
                resign: false,
            }
            .to_string(),
        )
        .label(tr!(lang, "button-vote-pass"))
        .style(ButtonStyle::Primary),
        CreateButton::new(
            ButtonId::VotePass {
                game,
                move_number,
                resign: true,
            }
            .to_string(),
        )
        .label(tr!(lang, "button-vote-resign"))
        .style(ButtonStyle::Danger),
    ]));
    rows
}

/// What a team's board shows, as one short text (see the board's own view key): the votes
/// count too.
pub fn team_view_key(m: &Match, color: Color, board_key: &str) -> String {
    let votes: Vec<String> = m
        .ballot
        .iter()
        .map(|v| format!("{}{:?}", v.user, v.choice))
        .collect();
    format!(
        "{board_key}:{}:{}",
        u8::from(color == Color::White),
        votes.join(",")
    )
}
