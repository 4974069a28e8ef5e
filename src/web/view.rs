//! What every page says the same way: the players' names (display names only, never an id),
//! a game's terms, where it stands and how it ended, and a small board's position.

use std::collections::HashMap;

use fluent_bundle::FluentValue;
use serde::Serialize;

use crate::game::read_models::GameSummary;
use crate::game::teams::{Membership, SeatHolder};
use crate::game::{Ending, Match, Phase, UserId};
use crate::go::{Color, GameResult, Level, Point, format_half_points};

use super::words::Words;

/// The names of the people a page mentions, by id (those the chat front end has seen).
pub type Names = HashMap<UserId, String>;

/// A person's name, or "a player" when none is known.
pub fn person(names: &Names, w: Words, user: UserId) -> String {
    names
        .get(&user)
        .cloned()
        .unwrap_or_else(|| w.get("player-unknown"))
}

/// The computer's name at a level.
pub fn computer(w: Words, level: Level) -> String {
    let level = w.get(&format!("level-{}", level.name()));
    w.with("computer", &[("level", level.into())])
}

/// The name of a side of a match: a person, a pair, a team or the computer.
pub fn side(m: &Match, color: Color, names: &Names, w: Words) -> String {
    match m.holder(color) {
        SeatHolder::Person(user) => person(names, w, user),
        SeatHolder::Pair(list) | SeatHolder::Team(Membership::Members(list)) => {
            let mut each = list.iter().map(|&u| person(names, w, u));
            match (each.next(), each.next()) {
                (Some(first), Some(second)) => {
                    let mut joined = w.with(
                        "pair",
                        &[("first", first.into()), ("second", second.into())],
                    );
                    for more in each {
                        joined =
                            w.with("pair", &[("first", joined.into()), ("second", more.into())]);
                    }
                    joined
                }
                (Some(one), None) => one,
                _ => w.get("player-unknown"),
            }
        }
        SeatHolder::Team(Membership::Role(_)) => w.get("team-role"),
        SeatHolder::Team(Membership::Anyone) => w.get("team-anyone"),
        SeatHolder::Computer(level) => computer(w, level),
    }
}

/// Everyone whose name a match's page shows.
pub fn people_of(m: &Match) -> Vec<UserId> {
    let mut all = m.people();
    for c in Color::ALL {
        if !all.contains(&m.players[c]) {
            all.push(m.players[c]);
        }
    }
    all
}

/// "Black" or "White".
pub fn color_word(w: Words, c: Color) -> String {
    w.get(match c {
        Color::Black => "black",
        Color::White => "white",
    })
}

/// "Alice vs Bob".
pub fn versus(w: Words, black: String, white: String) -> String {
    w.with("vs", &[("black", black.into()), ("white", white.into())])
}

/// A game's terms in one line: size, rules, komi, handicap, time, ranked or not.
pub fn terms(m: &Match, w: Words) -> String {
    let c = &m.config;
    let n = c.size.get();
    let mut parts = vec![
        format!("{n}×{n}"),
        w.get(&format!("rules-{}", c.rules.name())),
        w.with("komi", &[("komi", c.komi.to_string().into())]),
    ];
    if c.handicap > 1 {
        parts.push(w.with("handicap", &[("stones", u32::from(c.handicap).into())]));
    }
    parts.push(w.with("time", &[("control", c.time.to_string().into())]));
    parts.push(w.get(if c.ranked { "ranked" } else { "unranked" }));
    parts.join(" · ")
}

/// How a game ended, in words: "White wins by resignation".
pub fn result_words(w: Words, result: GameResult) -> String {
    let by = |id: &str, winner: Color, extra: Option<String>| {
        let mut args: Vec<(&str, FluentValue<'_>)> = vec![("winner", color_word(w, winner).into())];
        if let Some(points) = extra {
            args.push(("points", points.into()));
        }
        w.with(id, &args)
    };
    match result {
        GameResult::Points {
            winner,
            half_points,
        } => by(
            "result-points",
            winner,
            Some(format_half_points(i64::from(half_points))),
        ),
        GameResult::Resignation { winner } => by("result-resignation", winner, None),
        GameResult::Time { winner } => by("result-time", winner, None),
        GameResult::Forfeit { winner } => by("result-forfeit", winner, None),
        GameResult::Draw => w.get("result-draw"),
        GameResult::Void => w.get("result-void"),
    }
}

/// Where a match stands, in words: whose turn, the count, or how it ended.
pub fn status(m: &Match, w: Words) -> String {
    match &m.phase {
        Phase::Nigiri(_) => w.get("status-nigiri"),
        Phase::Play => w.with(
            "status-to-move",
            &[("color", color_word(w, m.game.to_move()).into())],
        ),
        Phase::Agreement(_) => w.get("status-counting"),
        Phase::Ended(_) => ending_words(m.ending(), w),
    }
}

/// How a game ended, in words (or that it has no result).
pub fn ending_words(ending: Option<Ending>, w: Words) -> String {
    match ending {
        Some(Ending::Finished { result, .. }) => result_words(w, result),
        _ => w.get("result-none"),
    }
}

/// A finished game's line in a list: its result in words, else its move count.
pub fn summary_state(g: &GameSummary, w: Words) -> String {
    match g.result {
        Some(r) => result_words(w, r),
        None => w.with("move-count", &[("n", g.move_count.into())]),
    }
}

/// A point as the browser draws it: column from the left, row from the bottom, 0-based.
pub fn xy(p: Point) -> [u8; 2] {
    [p.col(), p.row()]
}

/// A small board's position, as `board.js` reads it from `data-position`.
#[derive(Debug, Serialize)]
pub struct MiniPosition {
    pub size: u8,
    pub black: Vec<[u8; 2]>,
    pub white: Vec<[u8; 2]>,
    pub last: Option<[u8; 2]>,
}

impl MiniPosition {
    /// The position of a match as it stands.
    pub fn of(m: &Match) -> MiniPosition {
        let board = m.game.board();
        let size = m.game.size();
        let mut black = Vec::new();
        let mut white = Vec::new();
        for p in size.all_points() {
            match board.get(p) {
                Some(Color::Black) => black.push(xy(p)),
                Some(Color::White) => white.push(xy(p)),
                None => {}
            }
        }
        let last = match m.game.last_move() {
            Some((_, crate::go::Move::Play(p))) => Some(xy(p)),
            _ => None,
        };
        MiniPosition {
            size: size.get(),
            black,
            white,
            last,
        }
    }

    /// As the attribute's JSON (the template escapes it for the attribute).
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned())
    }
}
