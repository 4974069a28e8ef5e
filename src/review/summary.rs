//! What a review says of a game once its positions are analysed: the win rate over the moves,
//! the largest swings, and each player's biggest mistakes with the engine's better line.

use crate::ai::{Analysis, Candidate};
use crate::go::{ByColor, Color, Game, Move};

/// Mistakes shown a player.
pub const MISTAKES_SHOWN: usize = 3;

/// Swings marked on the chart.
pub const SWINGS_SHOWN: usize = 5;

/// The smallest loss of win rate called a mistake: less is within the engine's noise.
pub const MISTAKE_LOSS: f64 = 0.05;

/// A move that lost the player a share of their win rate, with what the engine preferred.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistake {
    /// The move's number (1 for the first move).
    pub number: usize,
    pub color: Color,
    pub played: Move,
    /// The player's win rate before the move and after it.
    pub before: f64,
    pub after: f64,
    /// The points it lost, where the engine gives leads.
    pub points_lost: Option<f64>,
    /// The engine's preferred move, with the line it expects.
    pub better: Candidate,
}

impl Mistake {
    /// The share of win rate the move lost.
    pub fn loss(&self) -> f64 {
        self.before - self.after
    }
}

/// A reviewed game in figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Black's win rate after each number of moves (the start first).
    pub black_win_rates: Vec<f64>,
    /// Black's lead after each number of moves, where the engine gives one.
    pub black_leads: Vec<Option<f64>>,
    /// The moves of the largest changes of win rate, largest first.
    pub swings: Vec<usize>,
    /// Each player's largest mistakes, largest first.
    pub mistakes: ByColor<Vec<Mistake>>,
}

/// The summary of `game` from the analyses of its positions (`analyses[k]` after `k` moves;
/// a partial review summarises the positions it has).
pub fn summarize(game: &Game, analyses: &[Analysis]) -> Summary {
    let black_win_rates: Vec<f64> = analyses.iter().map(|a| a.black_win_rate).collect();
    let black_leads: Vec<Option<f64>> = analyses.iter().map(|a| a.black_lead).collect();
    let mut swings: Vec<(usize, f64)> = (1..black_win_rates.len())
        .map(|k| (k, (black_win_rates[k] - black_win_rates[k - 1]).abs()))
        .collect();
    swings.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let swings = swings
        .into_iter()
        .filter(|&(_, d)| d >= MISTAKE_LOSS)
        .take(SWINGS_SHOWN)
        .map(|(k, _)| k)
        .collect();
    let mut mistakes: ByColor<Vec<Mistake>> = ByColor::new_with(|_| Vec::new());
    for (k, &(color, played)) in game.moves().iter().enumerate() {
        let (Some(before), Some(after)) = (analyses.get(k), analyses.get(k + 1)) else {
            break;
        };
        if let Some(m) = mistake(k + 1, color, played, before, after) {
            mistakes[color].push(m);
        }
    }
    for color in [Color::Black, Color::White] {
        let list = &mut mistakes[color];
        list.sort_by(|a, b| b.loss().total_cmp(&a.loss()).then(a.number.cmp(&b.number)));
        list.truncate(MISTAKES_SHOWN);
    }
    Summary {
        black_win_rates,
        black_leads,
        swings,
        mistakes,
    }
}

/// Move `number` as a mistake, if it lost enough and the engine preferred another move.
fn mistake(
    number: usize,
    color: Color,
    played: Move,
    before: &Analysis,
    after: &Analysis,
) -> Option<Mistake> {
    let better = before.best()?;
    if better.mv() == played {
        return None;
    }
    let (from, to) = (before.win_rate_of(color), after.win_rate_of(color));
    if from - to < MISTAKE_LOSS {
        return None;
    }
    let sign = match color {
        Color::Black => 1.0,
        Color::White => -1.0,
    };
    let points_lost = before
        .black_lead
        .zip(after.black_lead)
        .map(|(b, a)| sign * (b - a));
    Some(Mistake {
        number,
        color,
        played,
        before: from,
        after: to,
        points_lost,
        better: better.clone(),
    })
}
