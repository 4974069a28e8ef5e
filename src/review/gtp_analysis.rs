//! Reading the analysis an engine writes over GTP: KataGo's `kata-analyze` and Leela Zero's
//! `lz-analyze` (which KataGo also speaks). Both stream, at each interval, one line of
//! `info move <vertex> visits <n> winrate <w> … pv <vertices…>` groups, one group a candidate;
//! KataGo's adds `scoreLead` and, when asked, `ownership` with one value a point.
//!
//! Both report for the side to move: `kata-analyze` a win rate from 0 to 1 and the lead in
//! points; `lz-analyze` a win rate in hundredths of a percent (0 to 10,000). Ownership is
//! written row by row from the top left (A19 on 19×19), 1 for the side to move. This module
//! turns all of it into Black's figures ([`Analysis`]); anything unreadable is an error, never
//! a guess.

use crate::ai::{Analysis, Candidate};
use crate::go::{BoardSize, Color, Move, Point};

/// Which analysis command an engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// `kata-analyze`: win rates from 0 to 1, the score lead, ownership.
    Kata,
    /// `lz-analyze`: win rates from 0 to 10,000, no score.
    Leela,
}

impl Dialect {
    /// The dialect an engine speaks, from its answer to `list_commands`: KataGo's when it has
    /// both.
    pub fn from_commands(list: &str) -> Option<Dialect> {
        let has = |name: &str| list.lines().any(|l| l.trim() == name);
        if has("kata-analyze") {
            Some(Dialect::Kata)
        } else if has("lz-analyze") {
            Some(Dialect::Leela)
        } else {
            None
        }
    }

    /// The command that starts the analysis of `to_move`, refreshed every `interval_cs`
    /// hundredths of a second.
    pub fn command(self, to_move: Color, interval_cs: u32) -> String {
        let c = match to_move {
            Color::Black => "B",
            Color::White => "W",
        };
        match self {
            Dialect::Kata => format!("kata-analyze {c} {interval_cs} ownership true"),
            Dialect::Leela => format!("lz-analyze {c} {interval_cs}"),
        }
    }
}

/// Why an engine's analysis cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    #[error("the engine wrote no analysis")]
    Empty,
    #[error("unreadable analysis: {0}")]
    Garbage(String),
}

/// The analysis in `text` (everything the engine wrote after the command's `=`), read from its
/// last complete `info` line, for the position on a board of `size` with `to_move` to play.
///
/// # Errors
/// No `info` line, or one that does not read: a vertex off the board, a number that is not
/// one, a win rate out of range, ownership of the wrong length.
pub fn read(
    dialect: Dialect,
    text: &str,
    size: BoardSize,
    to_move: Color,
) -> Result<Analysis, ReadError> {
    let line = text
        .lines()
        .map(str::trim)
        .rfind(|l| l.starts_with("info "))
        .ok_or(ReadError::Empty)?;
    let (infos, ownership) = match line.split_once(" ownership ") {
        Some((infos, own)) => (infos, Some(own)),
        None => (line, None),
    };
    let for_black = |v: f64| match to_move {
        Color::Black => v,
        Color::White => 1.0 - v,
    };
    let lead_for_black = |v: f64| match to_move {
        Color::Black => v,
        Color::White => -v,
    };
    let mut candidates = Vec::new();
    for group in infos.split("info ").map(str::trim).filter(|g| !g.is_empty()) {
        let c = candidate(dialect, group, size)?;
        candidates.push(Candidate {
            black_win_rate: for_black(c.black_win_rate),
            black_lead: c.black_lead.map(lead_for_black),
            ..c
        });
    }
    // Engines write candidates in their order (`order 0` first); the best is the most visited.
    candidates.sort_by(|a, b| b.visits.cmp(&a.visits));
    candidates.truncate(crate::ai::analysis::MAX_CANDIDATES);
    let best = candidates.first().ok_or(ReadError::Empty)?;
    let ownership = match ownership {
        Some(text) => read_ownership(text, size, to_move)?,
        None => Vec::new(),
    };
    Ok(Analysis {
        black_win_rate: best.black_win_rate,
        black_lead: best.black_lead,
        visits: candidates.iter().map(|c| c.visits).sum(),
        candidates,
        ownership,
    })
}

/// One `move … pv …` group, its figures still the side to move's.
fn candidate(dialect: Dialect, group: &str, size: BoardSize) -> Result<Candidate, ReadError> {
    let garbage = || ReadError::Garbage(group.chars().take(80).collect());
    let mut words = group.split_whitespace();
    let (mut point, mut visits, mut rate, mut lead, mut line) = (None, None, None, None, None);
    while let Some(key) = words.next() {
        match key {
            "pv" => {
                let moves: Result<Vec<Option<Point>>, ReadError> =
                    words.by_ref().map(|w| vertex(w, size).ok_or_else(garbage)).collect();
                line = Some(moves?);
            }
            _ => {
                let value = words.next().ok_or_else(garbage)?;
                match key {
                    "move" => point = Some(vertex(value, size).ok_or_else(garbage)?),
                    "visits" => visits = Some(value.parse::<u64>().map_err(|_| garbage())?),
                    "winrate" => rate = Some(value.parse::<f64>().map_err(|_| garbage())?),
                    "scoreLead" => lead = Some(value.parse::<f64>().map_err(|_| garbage())?),
                    _ => {}
                }
            }
        }
    }
    let (Some(point), Some(visits), Some(rate)) = (point, visits, rate) else {
        return Err(garbage());
    };
    let rate = match dialect {
        Dialect::Kata => rate,
        Dialect::Leela => rate / 10_000.0,
    };
    if !(0.0..=1.0).contains(&rate) || lead.is_some_and(|l: f64| !l.is_finite()) {
        return Err(garbage());
    }
    let mut line = line.unwrap_or_default();
    if line.first() != Some(&point) {
        line.insert(0, point);
    }
    line.truncate(crate::ai::analysis::MAX_LINE);
    Ok(Candidate {
        point,
        visits,
        black_win_rate: rate,
        black_lead: lead,
        line,
    })
}

/// A GTP vertex: a point of the board, or `pass` (`None`).
fn vertex(text: &str, size: BoardSize) -> Option<Option<Point>> {
    match Move::parse_on(text, size)? {
        Move::Play(p) => Some(Some(p)),
        Move::Pass => Some(None),
    }
}

/// KataGo's ownership: one value a point, row by row from the top left, for the side to move.
fn read_ownership(
    text: &str,
    size: BoardSize,
    to_move: Color,
) -> Result<Vec<(Point, f32)>, ReadError> {
    let values: Result<Vec<f32>, _> = text
        .split_whitespace()
        .map(|w| w.parse::<f32>())
        .collect();
    let values = values.map_err(|_| ReadError::Garbage("ownership".to_owned()))?;
    let n = usize::from(size.get());
    if values.len() != n * n || values.iter().any(|v| !(-1.0..=1.0).contains(v)) {
        return Err(ReadError::Garbage(format!(
            "ownership of {} values for {} points",
            values.len(),
            n * n
        )));
    }
    let sign = match to_move {
        Color::Black => 1.0,
        Color::White => -1.0,
    };
    let mut out = Vec::with_capacity(n * n);
    for (i, v) in values.into_iter().enumerate() {
        let (row_from_top, col) = (i / n, i % n);
        let row = n - 1 - row_from_top;
        let p = Point::new(col as u8, row as u8).ok_or(ReadError::Garbage("ownership".into()))?;
        out.push((p, sign * v));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nine() -> BoardSize {
        BoardSize::new(9).expect("9 is a size")
    }

    fn p(s: &str) -> Option<Point> {
        Some(s.parse().expect("a point"))
    }

    #[test]
    fn kata_s_last_line_is_read_for_black() {
        let text = "\ninfo move E5 visits 10 winrate 0.5 scoreLead 0.1 order 0 pv E5\n\
                    info move E5 visits 120 utility 0.2 winrate 0.62 scoreMean 2.1 scoreLead 2.5 \
                    prior 0.4 lcb 0.6 order 0 pv E5 C3 G7 info move C3 visits 30 winrate 0.55 \
                    scoreLead 1.0 order 1 pv C3 E5";
        let a = read(Dialect::Kata, text, nine(), Color::White).expect("reads");
        // White to move: White's 62 % is Black's 38 %, White's lead of 2.5 is Black's −2.5.
        assert!((a.black_win_rate - 0.38).abs() < 1e-9);
        assert_eq!(a.black_lead, Some(-2.5));
        assert_eq!(a.candidates.len(), 2);
        assert_eq!(a.candidates[0].line, vec![p("E5"), p("C3"), p("G7")]);
        assert_eq!(a.visits, 150);
        assert!(a.ownership.is_empty());
    }

    #[test]
    fn leela_s_win_rate_is_in_hundredths_of_a_percent() {
        let text = "info move D4 visits 50 winrate 4917 prior 2236 lcb 4800 order 0 pv D4 F6 pass";
        let a = read(Dialect::Leela, text, nine(), Color::Black).expect("reads");
        assert!((a.black_win_rate - 0.4917).abs() < 1e-9);
        assert_eq!(a.black_lead, None);
        assert_eq!(a.candidates[0].line, vec![p("D4"), p("F6"), None]);
    }

    #[test]
    fn ownership_is_read_from_the_top_left_for_the_side_to_move() {
        let mut values = vec!["0"; 81];
        values[0] = "1"; // A9, the top left
        values[80] = "-0.5"; // J1, the bottom right
        let text = format!(
            "info move E5 visits 5 winrate 0.5 scoreLead 0 pv E5 ownership {}",
            values.join(" ")
        );
        let a = read(Dialect::Kata, &text, nine(), Color::White).expect("reads");
        let of = |s: &str| {
            let q = p(s).expect("a point");
            a.ownership.iter().find(|(x, _)| *x == q).map(|&(_, v)| v)
        };
        assert_eq!(of("A9"), Some(-1.0), "White to move: its 1 is Black's −1");
        assert_eq!(of("J1"), Some(0.5));
        assert_eq!(a.ownership.len(), 81);
    }

    #[test]
    fn garbage_and_silence_are_errors() {
        let size = nine();
        for text in [
            "",
            "= \n",
            "info move Z99 visits 5 winrate 0.5 pv Z99",
            "info move E5 visits many winrate 0.5 pv E5",
            "info move E5 visits 5 winrate 1.5 pv E5",
            "info move E5 visits 5 pv E5",
            "info move E5 visits 5 winrate 0.5 pv E5 ownership 1 0 1",
            "info move E5 visits 5 winrate",
        ] {
            assert!(
                read(Dialect::Kata, text, size, Color::Black).is_err(),
                "{text:?} is not an analysis"
            );
        }
    }

    #[test]
    fn the_dialect_is_read_from_list_commands() {
        assert_eq!(
            Dialect::from_commands("play\nkata-analyze\nlz-analyze\n"),
            Some(Dialect::Kata)
        );
        assert_eq!(Dialect::from_commands("lz-analyze\ngenmove"), Some(Dialect::Leela));
        assert_eq!(Dialect::from_commands("genmove\nplay"), None);
    }
}
