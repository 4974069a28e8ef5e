//! An event as the data its pictures draw ([`crate::render::event_charts`]): a knockout's
//! bracket as `game::events::knockout` lays it out, any other format's crosstable from its
//! standings and boards. A mapping only: who won what was decided by the game.

use crate::game::events::knockout::{self, BracketGame, DoubleElimination, SingleElimination};
use crate::game::events::{Board, EntryStatus, Format, Outcome, Tournament};
use crate::render::event_charts::{
    BracketCell, BracketPicture, CrossCell, CrossRow, CrossTable, Slot,
};

use super::event_message::tiebreaks;

/// A bracket game as drawn (seats shown 1-based).
fn cell(g: &BracketGame) -> BracketCell {
    let slot = |s: knockout::Slot| match s {
        knockout::Slot::Player(seat) => Slot::Player(seat + 1),
        knockout::Slot::Bye => Slot::Bye,
        knockout::Slot::Undecided => Slot::Undecided,
    };
    let winner = g.winner.map(|w| g.top == knockout::Slot::Player(w));
    BracketCell {
        top: slot(g.top),
        bottom: slot(g.bottom),
        winner,
    }
}

fn cells(rounds: &[Vec<BracketGame>]) -> Vec<Vec<BracketCell>> {
    rounds
        .iter()
        .map(|r| r.iter().map(cell).collect())
        .collect()
}

/// The bracket of a knockout event; `None` for the other formats.
pub fn bracket_of(t: &Tournament) -> Option<BracketPicture> {
    let (n, played) = (t.entries.len(), t.played());
    match t.terms.format {
        Format::Knockout => Some(BracketPicture {
            rounds: cells(&SingleElimination::replay(n, &played).rounds()),
            losers: Vec::new(),
            grand_final: None,
        }),
        Format::DoubleKnockout => {
            let b = DoubleElimination::replay(n, &played).bracket();
            Some(BracketPicture {
                rounds: cells(&b.winners),
                losers: cells(&b.losers),
                grand_final: b.grand_final.as_ref().map(cell),
            })
        }
        _ => None,
    }
}

/// What `seat` did in `round`.
fn cross_cell(t: &Tournament, seat: usize, round: u32) -> CrossCell {
    let Some(g) = t.games.iter().find(|g| {
        g.round == round
            && match g.place {
                Board::Game(p) => p.involves(seat),
                Board::Bye(s) => s == seat,
            }
    }) else {
        return CrossCell::None;
    };
    let Board::Game(p) = g.place else {
        return CrossCell::Bye;
    };
    let (opponent, black) = (p.opponent_of(seat).unwrap_or(seat) + 1, p.black == seat);
    match g.result {
        None => CrossCell::Playing { opponent, black },
        Some((Outcome::Draw, _)) => CrossCell::Drawn { opponent, black },
        Some((Outcome::BothLost, _)) => CrossCell::BothLost { opponent, black },
        Some((o, forfeit)) if o.winner(p) == Some(seat) => CrossCell::Won {
            opponent,
            black,
            forfeit,
        },
        Some((_, forfeit)) => CrossCell::Lost {
            opponent,
            black,
            forfeit,
        },
    }
}

/// The crosstable of an event: its standings, best first, each with every round's game.
pub fn crosstable_of(t: &Tournament) -> CrossTable {
    let standings = t.standings();
    let headers = standings
        .first()
        .map(|s| {
            tiebreaks(t, s)
                .into_iter()
                .map(|(n, _)| n.to_owned())
                .collect()
        })
        .unwrap_or_default();
    let rows = standings
        .iter()
        .map(|s| CrossRow {
            place: s.place,
            seat: s.seat + 1,
            games: (1..=t.round).map(|r| cross_cell(t, s.seat, r)).collect(),
            points_half: s.main_half,
            tiebreaks: tiebreaks(t, s).into_iter().map(|(_, v)| v).collect(),
            out: t
                .entries
                .get(s.seat)
                .is_some_and(|e| e.status != EntryStatus::Active),
        })
        .collect();
    CrossTable { headers, rows }
}
