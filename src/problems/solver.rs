//! The proof search: whether the attacker can take the target chain off the board, playing
//! only on the empty points of the problem's area, against every defence.
//!
//! The area is closed by what lies around it: stones outside it are never played, an empty
//! point outside it is open board (a target that reaches one has escaped, since no one plays
//! there). The defender may pass; the attacker never needs to (a pass would let the defender
//! pass too and keep the target). A position may not repeat along a line (positional superko
//! over the line), so every line ends.
//!
//! Ko, honestly: one side is the ko's loser, whose ko captures are not moves at all (a ko
//! capture that takes the target itself ends the problem and stays allowed). Proving with the
//! player as the loser shows a result that needs no ko; proving with the opponent as the loser
//! shows what the player reaches by winning every ko, which a problem may state as its goal.
//!
//! Iterative deepening on the number of moves, with a transposition table: a win is found at
//! its shortest distance, a loss is proved only when no line was cut by the depth (otherwise
//! the answer is `Unknown`, and a problem with an unknown never ships).

use rustc_hash::FxHashMap;

use crate::go::{Board, Color, Point};

/// The longest line the search reads, in moves of both sides.
pub const MAX_PLIES: u16 = 40;

/// The solver's answer about a position, for the attacker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The attacker takes the target in at most this many moves of both sides, whatever the
    /// defender does.
    Win(u16),
    /// The defender keeps the target, whatever the attacker does.
    Loss,
    /// Not proved within the search's limits.
    Unknown,
}

/// A fixed problem setting the solver reads positions of.
#[derive(Debug, Clone)]
pub struct Setup {
    pub attacker: Color,
    /// A point of the target chain (the defender's stones) in the starting position.
    pub target: Point,
    /// The points either side may play when empty: the area's, its stones' too (a point
    /// emptied by a capture is played like any other).
    pub area: Vec<Point>,
    /// The side whose ko captures are not allowed.
    pub ko_loser: Color,
    /// Positions looked at before the search gives up (`Unknown`).
    pub budget: u64,
}

/// What the table knows of a position with a side to move.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    /// A win proved at this distance.
    win: Option<u16>,
    /// A loss proved (no depth cut anywhere under it).
    loss: bool,
    /// No win within this many moves.
    no_win_within: u16,
    /// The move that won or was tried best, tried first next time.
    best: Option<Point>,
}

/// The result of one depth-limited search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Res {
    Win(u16),
    /// No win within the limit; `exact` when no line was cut by it (a proved loss).
    NoWin {
        exact: bool,
    },
}

/// Out of budget.
#[derive(Debug, Clone, Copy)]
struct OutOfBudget;

/// The solver of one setup; its table serves every position of it.
pub struct Solver {
    setup: Setup,
    defender: Color,
    table: FxHashMap<u64, Entry>,
    /// The board hashes of the line being read (positional superko).
    line: Vec<u64>,
    nodes: u64,
    /// Per cell of the padded board: whether it lies in the area.
    in_area: Vec<bool>,
}

/// Random keys for the side to move and the ko point in the table's key.
const KEY_DEFENDER: u64 = 0x9e37_79b9_7f4a_7c15;
const KEY_KO: u64 = 0xd1b5_4a32_d192_ed03;

impl Solver {
    /// A solver for `setup`.
    pub fn new(setup: Setup) -> Solver {
        let mut in_area = vec![false; 21 * 21];
        for p in &setup.area {
            if let Some(cell) = in_area.get_mut(p.index()) {
                *cell = true;
            }
        }
        Solver {
            in_area,
            defender: setup.attacker.opponent(),
            setup,
            table: FxHashMap::default(),
            line: Vec::new(),
            nodes: 0,
        }
    }

    /// The setting.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Positions looked at so far, over every question asked.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the target is off the board in `board` (the attacker's aim reached).
    pub fn target_taken(&self, board: &Board) -> bool {
        board.get(self.setup.target) != Some(self.defender)
    }

    /// The outcome of `board` with `to_move` to play, `history` the board hashes of the line
    /// that led to it (for superko; the position itself need not be among them).
    pub fn solve(&mut self, board: &Board, to_move: Color, history: &[u64]) -> Outcome {
        if self.target_taken(board) {
            return Outcome::Win(0);
        }
        if self.escaped(board) {
            return Outcome::Loss;
        }
        self.set_line(history, board.hash());
        let mut limit = 1;
        loop {
            if limit > MAX_PLIES {
                break Outcome::Unknown;
            }
            let r = if to_move == self.setup.attacker {
                self.attacker_node(board, limit)
            } else {
                self.defender_node(board, limit)
            };
            match r {
                Ok(Res::Win(d)) => break Outcome::Win(d),
                Ok(Res::NoWin { exact: true }) => break Outcome::Loss,
                Ok(Res::NoWin { exact: false }) => limit += 1,
                Err(OutOfBudget) => break Outcome::Unknown,
            }
        }
    }

    /// Whether the target has got out: a liberty outside the area, which no one plays, so it
    /// can never be taken (a proved loss for the attacker).
    pub fn escaped(&self, board: &Board) -> bool {
        !self.target_taken(board)
            && board
                .liberties(self.setup.target)
                .iter()
                .any(|l| !self.in_area.get(l.index()).copied().unwrap_or(false))
    }

    /// Sets the line read so far (superko) to `history` and then `last`.
    pub fn set_line(&mut self, history: &[u64], last: u64) {
        self.line.clear();
        self.line.extend_from_slice(history);
        self.line.push(last);
    }

    /// The moves `color` may make in `board`, best first (see [`Solver::order`]), each with
    /// the board it makes.
    pub fn moves(&self, board: &Board, color: Color) -> Vec<(Point, Board)> {
        self.order(board)
            .into_iter()
            .filter_map(|p| self.play(board, color, p).map(|b| (p, b)))
            .collect()
    }

    /// The empty points of the area in the order they are tried: the target's liberties, then
    /// points next to them, then the rest.
    fn order(&self, board: &Board) -> Vec<Point> {
        let libs = if self.target_taken(board) {
            Vec::new()
        } else {
            board.liberties(self.setup.target)
        };
        let mut out: Vec<(u8, Point)> = self
            .setup
            .area
            .iter()
            .filter(|&&p| board.is_empty_at(p))
            .map(|&p| {
                let rank = if libs.contains(&p) {
                    0
                } else if libs.iter().any(|&l| adjacent(l, p)) {
                    1
                } else {
                    2
                };
                (rank, p)
            })
            .collect();
        out.sort_by_key(|(rank, p)| (*rank, p.index()));
        out.into_iter().map(|(_, p)| p).collect()
    }

    /// `board` after `color` plays `p`, if the move is allowed: legal, not repeating a position
    /// of the line, not a ko capture of the ko's loser (unless it takes the target).
    fn play(&self, board: &Board, color: Color, p: Point) -> Option<Board> {
        let mut b = board.clone();
        b.play(color, p).ok()?;
        if self.line.contains(&b.hash()) {
            return None;
        }
        if color == self.setup.ko_loser && b.ko().is_some() && !self.target_taken(&b) {
            return None;
        }
        Some(b)
    }

    fn key(&self, board: &Board, to_move: Color) -> u64 {
        let mut k = board.hash();
        if to_move == self.defender {
            k ^= KEY_DEFENDER;
        }
        if let Some((p, _)) = board.ko() {
            k ^= KEY_KO.wrapping_mul(p.index() as u64 + 1);
        }
        k
    }

    fn count(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.setup.budget {
            Err(OutOfBudget)
        } else {
            Ok(())
        }
    }

    /// The attacker to move: a win if one move wins.
    fn attacker_node(&mut self, board: &Board, limit: u16) -> Result<Res, OutOfBudget> {
        if self.escaped(board) {
            return Ok(Res::NoWin { exact: true });
        }
        let key = self.key(board, self.setup.attacker);
        let entry = self.table.get(&key).copied().unwrap_or_default();
        if let Some(d) = entry.win
            && d <= limit
        {
            return Ok(Res::Win(d));
        }
        if entry.loss {
            return Ok(Res::NoWin { exact: true });
        }
        if entry.no_win_within >= limit {
            return Ok(Res::NoWin { exact: false });
        }
        self.count()?;
        let attacker = self.setup.attacker;
        let mut order = self.order(board);
        if let Some(best) = entry.best
            && let Some(i) = order.iter().position(|p| *p == best)
        {
            order[..=i].rotate_right(1);
        }
        // A move that takes the target wins at once: it is on the target's last liberty.
        let libs = board.liberties(self.setup.target);
        if libs.len() == 1
            && let Some(b) = self.play(board, attacker, libs[0])
            && self.target_taken(&b)
        {
            let p = libs[0];
            self.store(key, |e| {
                e.win = Some(1);
                e.best = Some(p);
            });
            return Ok(Res::Win(1));
        }
        let mut exact = true;
        for p in order {
            let Some(b) = self.play(board, attacker, p) else {
                continue;
            };
            if limit <= 1 {
                exact = false;
                break;
            }
            self.line.push(b.hash());
            let r = self.defender_node(&b, limit - 1);
            self.line.pop();
            match r? {
                Res::Win(d) => {
                    self.store(key, |e| {
                        e.win = Some(d + 1);
                        e.best = Some(p);
                    });
                    return Ok(Res::Win(d + 1));
                }
                Res::NoWin { exact: e } => exact &= e,
            }
        }
        self.store(key, |e| {
            if exact {
                e.loss = true;
            } else {
                e.no_win_within = e.no_win_within.max(limit);
            }
        });
        Ok(Res::NoWin { exact })
    }

    /// The defender to move: a win for the attacker only if every defence (a pass too) loses.
    fn defender_node(&mut self, board: &Board, limit: u16) -> Result<Res, OutOfBudget> {
        if self.escaped(board) {
            return Ok(Res::NoWin { exact: true });
        }
        let key = self.key(board, self.defender);
        let entry = self.table.get(&key).copied().unwrap_or_default();
        if let Some(d) = entry.win
            && d <= limit
        {
            return Ok(Res::Win(d));
        }
        if entry.loss {
            return Ok(Res::NoWin { exact: true });
        }
        if entry.no_win_within >= limit {
            return Ok(Res::NoWin { exact: false });
        }
        self.count()?;
        let mut order: Vec<Option<Point>> = self.order(board).into_iter().map(Some).collect();
        // The pass first: the cheapest defence to refute, and the one that holds when the
        // target already lives.
        order.insert(0, None);
        if let Some(best) = entry.best
            && let Some(i) = order.iter().position(|p| *p == Some(best))
        {
            order[..=i].rotate_right(1);
        }
        let mut worst = 0u16;
        for p in order {
            if limit <= 1 {
                return Ok(self.no_win(key, false, limit));
            }
            let b = match p {
                None => {
                    let mut passed = board.clone();
                    passed.clear_ko();
                    passed
                }
                Some(p) => match self.play(board, self.defender, p) {
                    Some(b) => b,
                    None => continue,
                },
            };
            let pushed = p.is_some();
            if pushed {
                self.line.push(b.hash());
            }
            let r = self.attacker_node(&b, limit - 1);
            if pushed {
                self.line.pop();
            }
            match r? {
                Res::Win(d) => worst = worst.max(d + 1),
                Res::NoWin { exact } => {
                    self.store(key, |e| e.best = p);
                    return Ok(self.no_win(key, exact, limit));
                }
            }
        }
        self.store(key, |e| e.win = Some(worst));
        Ok(Res::Win(worst))
    }

    fn no_win(&mut self, key: u64, exact: bool, limit: u16) -> Res {
        self.store(key, |e| {
            if exact {
                e.loss = true;
            } else {
                e.no_win_within = e.no_win_within.max(limit);
            }
        });
        Res::NoWin { exact }
    }

    fn store(&mut self, key: u64, f: impl FnOnce(&mut Entry)) {
        f(self.table.entry(key).or_default());
    }
}

/// Whether two points are next to each other.
fn adjacent(a: Point, b: Point) -> bool {
    let dc = (i16::from(a.col()) - i16::from(b.col())).abs();
    let dr = (i16::from(a.row()) - i16::from(b.row())).abs();
    dc + dr == 1
}
