//! An engine's view of one position, for a review or an estimate: who is ahead and by how much,
//! the best moves with the line the engine expects after each, and who owns each point.
//!
//! Every figure is Black's (a win rate of 0.7 is Black's 70 %, a lead of −3.5 is White ahead by
//! 3.5), whichever side is to move: an engine speaking GTP reports them for the side to move,
//! and its client turns them (`review`'s reader of `kata-analyze` and `lz-analyze`).

use serde::{Deserialize, Serialize};

use crate::go::{Color, Game, Move, Point};

use super::engine::{Engine, to_move};
use super::playout_board::cell;
use super::{Limits, Stop};

/// One position as an engine sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// Black's chance to win, from 0 to 1.
    pub black_win_rate: f64,
    /// Black's lead in points, komi included, where the engine gives one.
    pub black_lead: Option<f64>,
    /// How much the engine looked: its simulations (visits) at the root.
    pub visits: u64,
    /// The moves it considered, best first.
    pub candidates: Vec<Candidate>,
    /// Per point, who owns it at the end as the engine sees it: 1 Black's, −1 White's; empty
    /// when the engine gives none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ownership: Vec<(Point, f32)>,
}

/// One move the engine considered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// The move (a pass is `None`).
    pub point: Option<Point>,
    /// Its visits.
    pub visits: u64,
    /// Black's chance to win after it.
    pub black_win_rate: f64,
    /// Black's lead after it, where the engine gives one.
    pub black_lead: Option<f64>,
    /// The line the engine expects, this move first.
    pub line: Vec<Option<Point>>,
}

impl Candidate {
    /// The candidate's move.
    pub fn mv(&self) -> Move {
        self.point.map_or(Move::Pass, Move::Play)
    }
}

impl Analysis {
    /// The engine's best move, if it considered any.
    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }

    /// The win rate of `color`.
    pub fn win_rate_of(&self, color: Color) -> f64 {
        match color {
            Color::Black => self.black_win_rate,
            Color::White => 1.0 - self.black_win_rate,
        }
    }

    /// The candidate for `mv`, if the engine considered it.
    pub fn candidate(&self, mv: Move) -> Option<&Candidate> {
        self.candidates.iter().find(|c| c.mv() == mv)
    }
}

/// The most candidates an analysis keeps.
pub const MAX_CANDIDATES: usize = 8;

/// The longest line kept after a candidate.
pub const MAX_LINE: usize = 10;

/// A child needs this many visits to continue a line: fewer is the search's noise.
const LINE_VISITS: u32 = 8;

impl Engine {
    /// Searches the position of `game` for its side to move within `limits` (all of its
    /// playouts: no early stop, so every position of a review gets the same effort) and says
    /// what it found. The tree is kept: analysing the positions of one game in order reuses
    /// each search in the next. A finished game, or one with no legal move, is analysed as a
    /// pass.
    pub fn analyze(&mut self, game: &Game, limits: &Limits, stop: &dyn Stop) -> Analysis {
        self.info = super::SearchInfo::default();
        let color = game.to_move();
        self.search(game, limits, stop, false);
        let searcher = &self.searcher;
        let komi = game.rules().komi.half_points() as f64 / 2.0;
        let black_lead = (searcher.owner_n > 0)
            .then(|| searcher.score_sum / f64::from(searcher.owner_n) - komi);
        let ownership = (searcher.owner_n > 0)
            .then(|| {
                let n = searcher.owner_n as f32;
                game.size()
                    .all_points()
                    .map(|p| {
                        let i = cell(p);
                        let share = (searcher.owner[0][i] as f32 - searcher.owner[1][i] as f32) / n;
                        (p, share)
                    })
                    .collect()
            })
            .unwrap_or_default();
        let black = |rate: f64| match color {
            Color::Black => rate,
            Color::White => 1.0 - rate,
        };
        let mut children: Vec<usize> = self
            .tree
            .children(0)
            .filter(|&c| !self.tree.nodes[c].illegal() && self.tree.nodes[c].visits > 0)
            .collect();
        children.sort_by(|&a, &b| {
            let (x, y) = (&self.tree.nodes[a], &self.tree.nodes[b]);
            y.visits.cmp(&x.visits).then(
                y.win_rate()
                    .unwrap_or(0.0)
                    .total_cmp(&x.win_rate().unwrap_or(0.0)),
            )
        });
        // The lead is the position's, measured by every playout: only the best move's
        // candidate carries it (the others' would be the same number, not theirs).
        let candidates: Vec<Candidate> = children
            .iter()
            .take(MAX_CANDIDATES)
            .enumerate()
            .map(|(k, &c)| {
                let node = &self.tree.nodes[c];
                Candidate {
                    point: point_of(node.mv as usize),
                    visits: u64::from(node.visits),
                    black_win_rate: black(f64::from(node.win_rate().unwrap_or(0.5))),
                    black_lead: black_lead.filter(|_| k == 0),
                    line: self.line_from(c),
                }
            })
            .collect();
        let black_win_rate = candidates.first().map_or(0.5, |c| c.black_win_rate);
        Analysis {
            black_win_rate,
            black_lead,
            visits: u64::from(self.tree.nodes[0].visits),
            candidates,
            ownership,
        }
    }

    /// The line from child `c` of the root: its move, then the most visited child of each
    /// node while it has been visited enough to mean something.
    fn line_from(&self, c: usize) -> Vec<Option<Point>> {
        let mut line = vec![point_of(self.tree.nodes[c].mv as usize)];
        let mut node = c;
        while line.len() < MAX_LINE {
            let next = self
                .tree
                .children(node)
                .filter(|&k| !self.tree.nodes[k].illegal())
                .max_by_key(|&k| self.tree.nodes[k].visits);
            match next {
                Some(k) if self.tree.nodes[k].visits >= LINE_VISITS => {
                    line.push(point_of(self.tree.nodes[k].mv as usize));
                    node = k;
                }
                _ => break,
            }
        }
        line
    }
}

/// A search cell as a point, a pass as `None`.
fn point_of(i: usize) -> Option<Point> {
    match to_move(i) {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    }
}

