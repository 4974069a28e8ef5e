//! An event's page: its terms and where it stands, the standings, each round's boards (linked
//! to their games' pages, the round being played drawn small and live), and the referees'
//! rulings.

use std::collections::HashMap;

use crate::game::events::{Board, EntryStatus, Format, Outcome, Stage, Tournament};
use crate::game::read_models::RulingRecord;
use crate::game::{Match, MatchId, Ruling};
use crate::go::{Color, format_half_points};

use super::view::{self, MiniPosition, Names};
use super::words::Words;

/// One line of the standings.
pub struct StandingRow {
    pub place: usize,
    pub name: String,
    pub points: String,
    pub sos: String,
    pub games: u32,
    /// "withdrawn", "removed", or nothing.
    pub note: String,
}

/// One board of a round.
pub struct BoardRow {
    pub text: String,
    /// The game's page, when the game was started (and its server shows games).
    pub link: Option<String>,
    /// Its result, or "playing".
    pub state: String,
    /// The position, drawn small while it is played.
    pub position: Option<String>,
    pub label: String,
}

/// One round, newest first on the page.
pub struct RoundRow {
    pub title: String,
    pub boards: Vec<BoardRow>,
}

/// Everything the event's page shows.
pub struct EventView {
    pub title: String,
    pub terms: String,
    pub stage: String,
    pub standings: Vec<StandingRow>,
    pub rounds: Vec<RoundRow>,
    pub rulings: Vec<String>,
}

/// What the page needs besides the event: names, the links to its games, the running games.
pub struct EventContext<'a> {
    pub names: &'a Names,
    pub link: &'a dyn Fn(MatchId) -> String,
    pub running: &'a HashMap<MatchId, Match>,
    pub rulings: &'a [RulingRecord],
}

/// The format in words.
fn format_words(format: Format, w: Words) -> String {
    let rounds = match format {
        Format::Swiss { rounds } | Format::McMahon { rounds, .. } => rounds,
        _ => 0,
    };
    w.with(
        &format!("format-{}", format.name()),
        &[("rounds", rounds.into())],
    )
}

impl EventView {
    pub fn of(t: &Tournament, cx: &EventContext<'_>, w: Words) -> EventView {
        let n = t.terms.size.get();
        let terms = [
            format_words(t.terms.format, w),
            format!("{n}×{n}"),
            w.get(&format!("rules-{}", t.terms.rules.name())),
            w.get(if t.terms.ranked { "ranked" } else { "unranked" }),
        ]
        .join(" · ");
        let stage = match t.stage {
            Stage::Registration => w.get("event-stage-registration"),
            Stage::Running => w.with("event-stage-running", &[("round", t.round.into())]),
            Stage::Finished => w.get("event-stage-finished"),
            Stage::Cancelled => w.get("event-stage-cancelled"),
        };
        EventView {
            title: t.name.clone(),
            terms,
            stage,
            standings: standings(t, cx, w),
            rounds: rounds(t, cx, w),
            rulings: rulings(cx, w),
        }
    }
}

/// The name of the player in `seat`.
fn seat_name(t: &Tournament, cx: &EventContext<'_>, w: Words, seat: usize) -> String {
    match t.entries.get(seat) {
        Some(e) => view::person(cx.names, w, e.user),
        None => w.get("player-unknown"),
    }
}

/// The standings, best first.
fn standings(t: &Tournament, cx: &EventContext<'_>, w: Words) -> Vec<StandingRow> {
    let seat_name = |seat: usize| seat_name(t, cx, w, seat);
    t.standings()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let entry = t.entries.get(s.seat);
            let games = t
                .games
                .iter()
                .filter(|g| {
                    g.result.is_some()
                        && match g.place {
                            Board::Game(p) => p.black == s.seat || p.white == s.seat,
                            Board::Bye(b) => b == s.seat,
                        }
                })
                .count();
            StandingRow {
                place: i + 1,
                name: seat_name(s.seat),
                points: format_half_points(i64::from(s.main_half)),
                sos: format_half_points(i64::from(s.sos)),
                games: u32::try_from(games).unwrap_or(u32::MAX),
                note: match entry.map(|e| e.status) {
                    Some(EntryStatus::Withdrawn) => w.get("withdrawn"),
                    Some(EntryStatus::Removed) => w.get("removed"),
                    _ => String::new(),
                },
            }
        })
        .collect()
}

/// The rounds, newest first.
fn rounds(t: &Tournament, cx: &EventContext<'_>, w: Words) -> Vec<RoundRow> {
    let seat_name = |seat: usize| seat_name(t, cx, w, seat);
    let mut rounds: Vec<RoundRow> = Vec::new();
    let last_round = t.games.iter().map(|g| g.round).max().unwrap_or(0);
    for round in (1..=last_round).rev() {
        let mut boards: Vec<_> = t.games.iter().filter(|g| g.round == round).collect();
        boards.sort_by_key(|g| g.board);
        let boards = boards
            .into_iter()
            .map(|g| match g.place {
                Board::Bye(seat) => BoardRow {
                    text: w.with("bye", &[("player", seat_name(seat).into())]),
                    link: None,
                    state: String::new(),
                    position: None,
                    label: String::new(),
                },
                Board::Game(p) => {
                    let text = w.with(
                        "board-game",
                        &[
                            ("black", seat_name(p.black).into()),
                            ("white", seat_name(p.white).into()),
                        ],
                    );
                    let running = g.match_id.and_then(|id| cx.running.get(&id));
                    let state = match g.result {
                        Some((outcome, forfeit)) => outcome_words(outcome, forfeit, w),
                        None => match running {
                            Some(m) => w.with("move-count", &[("n", m.move_count().into())]),
                            None => w.get("undecided"),
                        },
                    };
                    BoardRow {
                        label: format!("{text}, {state}"),
                        text,
                        link: g.match_id.map(|id| (cx.link)(id)),
                        state,
                        position: running.map(|m| MiniPosition::of(m).json()),
                    }
                }
            })
            .collect();
        rounds.push(RoundRow {
            title: w.with("round", &[("round", round.into())]),
            boards,
        });
    }
    rounds
}

/// The referees' rulings, oldest first.
fn rulings(cx: &EventContext<'_>, w: Words) -> Vec<String> {
    cx.rulings
        .iter()
        .map(|r| {
            let ruling = match r.ruling {
                Ruling::Award(c) => {
                    w.with("ruling-award", &[("color", view::color_word(w, c).into())])
                }
                Ruling::Settle => w.get("ruling-settle"),
                Ruling::Replay => w.get("ruling-replay"),
            };
            w.with(
                "ruling",
                &[
                    ("round", r.round.into()),
                    ("board", (r.board + 1).into()),
                    ("ruling", ruling.into()),
                ],
            )
        })
        .collect()
}

/// How an event's game ended, in words.
fn outcome_words(outcome: Outcome, forfeit: bool, w: Words) -> String {
    let text = match outcome {
        Outcome::BlackWon => w.with(
            "result-forfeit",
            &[("winner", view::color_word(w, Color::Black).into())],
        ),
        Outcome::WhiteWon => w.with(
            "result-forfeit",
            &[("winner", view::color_word(w, Color::White).into())],
        ),
        Outcome::Draw => w.get("result-draw"),
        Outcome::BothLost => w.get("both-lost"),
    };
    if forfeit || matches!(outcome, Outcome::BothLost | Outcome::Draw) {
        text
    } else {
        // Won on the board: "Black wins" without "by forfeit".
        let winner = if outcome == Outcome::BlackWon {
            Color::Black
        } else {
            Color::White
        };
        w.with(
            "result-won",
            &[("winner", view::color_word(w, winner).into())],
        )
    }
}
