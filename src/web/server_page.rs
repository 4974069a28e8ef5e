//! A server's own page (when it shows everything): its live games drawn small, its finished
//! games, and its leaderboard by rating.

use crate::game::read_models::GameSummary;
use crate::game::{Match, MatchId, Standing, UserId};
use crate::go::Color;

use super::view::{self, MiniPosition, Names};
use super::words::Words;

/// The live games drawn on the page, at most.
pub const LIVE_SHOWN: u32 = 12;
/// The finished games listed, at most.
pub const FINISHED_SHOWN: u32 = 30;
/// The leaderboard's players, at most.
pub const LEADERS_SHOWN: u32 = 20;

/// A game in one of the page's lists.
pub struct GameRow {
    pub text: String,
    pub link: String,
    pub state: String,
    pub position: Option<String>,
    pub label: String,
}

/// A line of the leaderboard.
pub struct LeaderRow {
    pub place: usize,
    pub name: String,
    pub rank: String,
    pub rating: String,
    pub record: String,
}

/// Everything the server's page shows.
pub struct ServerView {
    pub live: Vec<GameRow>,
    pub finished: Vec<GameRow>,
    pub leaders: Vec<LeaderRow>,
}

impl ServerView {
    pub fn of(
        live: &[Match],
        finished: &[GameSummary],
        leaders: &[(UserId, Standing)],
        names: &Names,
        link: &dyn Fn(MatchId) -> String,
        w: Words,
    ) -> ServerView {
        let live = live
            .iter()
            .map(|m| {
                let text = view::versus(
                    w,
                    view::side(m, Color::Black, names, w),
                    view::side(m, Color::White, names, w),
                );
                let state = w.with("move-count", &[("n", m.move_count().into())]);
                GameRow {
                    label: format!("{text}, {state}"),
                    text,
                    link: link(m.id),
                    state,
                    position: Some(MiniPosition::of(m).json()),
                }
            })
            .collect();
        let finished = finished
            .iter()
            .map(|g| {
                let text = view::versus(
                    w,
                    view::person(names, w, g.players[Color::Black]),
                    view::person(names, w, g.players[Color::White]),
                );
                let state = view::summary_state(g, w);
                GameRow {
                    label: format!("{text}, {state}"),
                    text,
                    link: link(g.id),
                    state,
                    position: None,
                }
            })
            .collect();
        let leaders = leaders
            .iter()
            .enumerate()
            .map(|(i, (user, s))| LeaderRow {
                place: i + 1,
                name: view::person(names, w, *user),
                rank: s.rank.to_string(),
                rating: format!("{:.0}", s.rating),
                record: format!("{} · {}", s.wins, s.losses),
            })
            .collect();
        ServerView {
            live,
            finished,
            leaders,
        }
    }
}
