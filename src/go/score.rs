//! Counting a finished position: area (stones + surrounded empty points) and territory
//! (surrounded empty points + prisoners, none in seki), komi, and the result.

use std::fmt;

use super::board::Board;
use super::color::{ByColor, Color};
use super::point::{CELLS, Point};
use super::rules::{Komi, Scoring, format_half_points};

/// Who a point counts for at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A living stone of this colour, or (area) an empty point surrounded by it.
    Stone(Color),
    /// An empty point (or a dead stone's point) surrounded by this colour.
    Territory(Color),
    /// Counts for no one: dame, or an eye in seki under territory counting.
    Neutral,
}

/// The count of a position, before komi decides the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    pub method: Scoring,
    /// Living stones on the board (dead chains removed).
    pub stones: ByColor<u32>,
    /// Empty points (and points of dead stones) surrounded by one colour only.
    pub territory: ByColor<u32>,
    /// Points that count for no one.
    pub neutral: u32,
    /// Enemy stones each side holds: captures, dead chains and pass stones (territory counting).
    pub prisoners: ByColor<u32>,
    pub komi: Komi,
    /// Equal scores are Black's win by 0 rather than a draw (the Ing rules).
    pub black_wins_ties: bool,
    /// Points taken off each side's score (the Ing rules' penalty overtime); both sides'
    /// penalties offset.
    pub penalties: ByColor<u32>,
    /// Who each point of the board counts for, in the order of `BoardSize::all_points`.
    pub owners: Vec<(Point, Owner)>,
}

impl Count {
    /// Each side's score in half points, komi included for White.
    pub fn half_points(&self) -> ByColor<i64> {
        let points = |c: Color| -> i64 {
            let t = i64::from(self.territory[c]);
            match self.method {
                Scoring::Area => i64::from(self.stones[c]) + t,
                Scoring::Territory => t + i64::from(self.prisoners[c]),
            }
        };
        let penalty = |c: Color| 2 * i64::from(self.penalties[c]);
        ByColor {
            black: 2 * points(Color::Black) - penalty(Color::Black),
            white: 2 * points(Color::White) + i64::from(self.komi.half_points())
                - penalty(Color::White),
        }
    }

    /// The result the count gives.
    pub fn result(&self) -> GameResult {
        let s = self.half_points();
        match s.black.cmp(&s.white) {
            std::cmp::Ordering::Greater => GameResult::Points {
                winner: Color::Black,
                half_points: (s.black - s.white) as u32,
            },
            std::cmp::Ordering::Less => GameResult::Points {
                winner: Color::White,
                half_points: (s.white - s.black) as u32,
            },
            std::cmp::Ordering::Equal if self.black_wins_ties => GameResult::Points {
                winner: Color::Black,
                half_points: 0,
            },
            std::cmp::Ordering::Equal => GameResult::Draw,
        }
    }
}

/// How a game ended, as SGF's RE writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Won on the count by this many half points.
    Points { winner: Color, half_points: u32 },
    /// Equal scores with an integer komi (jigo).
    Draw,
    /// The loser resigned.
    Resignation { winner: Color },
    /// Won because the opponent ran out of time.
    Time { winner: Color },
    /// Won by forfeit (an event's 裁定败: the opponent was absent, withdrew, or the referee
    /// awarded the game).
    Forfeit { winner: Color },
    /// Not counted: abandoned.
    Void,
}

impl GameResult {
    /// The winner, if there is one.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::Points { winner, .. }
            | GameResult::Resignation { winner }
            | GameResult::Time { winner }
            | GameResult::Forfeit { winner } => Some(winner),
            GameResult::Draw | GameResult::Void => None,
        }
    }

    /// Reads SGF's RE value (`B+3.5`, `W+R`, `0`, `Draw`, `Void`, `B+T`, `W+F`); `None` if
    /// unknown.
    pub fn from_sgf(text: &str) -> Option<GameResult> {
        let t = text.trim();
        match t {
            "0" | "Draw" | "Jigo" => return Some(GameResult::Draw),
            "Void" => return Some(GameResult::Void),
            _ => {}
        }
        let (c, rest) = t.split_once('+')?;
        let winner = match c {
            "B" | "b" => Color::Black,
            "W" | "w" => Color::White,
            _ => return None,
        };
        match rest {
            "R" | "Resign" => Some(GameResult::Resignation { winner }),
            "T" | "Time" => Some(GameResult::Time { winner }),
            "F" | "Forfeit" => Some(GameResult::Forfeit { winner }),
            n => {
                let k: Komi = n.parse().ok()?;
                u32::try_from(k.half_points())
                    .ok()
                    .map(|half_points| GameResult::Points {
                        winner,
                        half_points,
                    })
            }
        }
    }
}

impl fmt::Display for GameResult {
    /// SGF's form: `B+1.5`, `W+R`, `0` for a draw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Points {
                winner,
                half_points,
            } => {
                write!(
                    f,
                    "{}+{}",
                    winner.sgf_letter(),
                    format_half_points(i64::from(half_points))
                )
            }
            GameResult::Draw => f.write_str("0"),
            GameResult::Resignation { winner } => write!(f, "{}+R", winner.sgf_letter()),
            GameResult::Time { winner } => write!(f, "{}+T", winner.sgf_letter()),
            GameResult::Forfeit { winner } => write!(f, "{}+F", winner.sgf_letter()),
            GameResult::Void => f.write_str("Void"),
        }
    }
}

/// An empty region and the colours of the stones that border it.
struct Region {
    points: Vec<Point>,
    black: bool,
    white: bool,
}

/// Finds the empty regions of `board` where `dead` points count as empty.
fn regions(board: &Board, dead: &[bool; CELLS]) -> Vec<Region> {
    let size = board.size();
    let mut seen = [false; CELLS];
    let mut out = Vec::new();
    let is_empty = |p: Point| board.get(p).is_none() || dead[p.index()];
    for start in size.all_points() {
        if seen[start.index()] || !is_empty(start) {
            continue;
        }
        let mut region = Region {
            points: Vec::new(),
            black: false,
            white: false,
        };
        let mut stack = vec![start];
        seen[start.index()] = true;
        while let Some(p) = stack.pop() {
            region.points.push(p);
            for n in neighbours_on(size, p) {
                if is_empty(n) {
                    if !seen[n.index()] {
                        seen[n.index()] = true;
                        stack.push(n);
                    }
                } else {
                    match board.get(n) {
                        Some(Color::Black) => region.black = true,
                        Some(Color::White) => region.white = true,
                        None => {}
                    }
                }
            }
        }
        out.push(region);
    }
    out
}

/// The on-board orthogonal neighbours of `p`.
pub fn neighbours_on(size: super::point::BoardSize, p: Point) -> impl Iterator<Item = Point> {
    let (c, r) = (p.col(), p.row());
    [
        (c.wrapping_sub(1), r),
        (c + 1, r),
        (c, r.wrapping_sub(1)),
        (c, r + 1),
    ]
    .into_iter()
    .filter_map(move |(c, r)| size.point(c, r))
}

/// Marks every stone of the chains through `dead` points.
fn dead_mask(board: &Board, dead: &[Point]) -> [bool; CELLS] {
    let mut mask = [false; CELLS];
    for &p in dead {
        for s in board.chain(p) {
            mask[s.index()] = true;
        }
    }
    mask
}

/// Counts by area: living stones plus empty regions (dead chains removed) that touch one colour.
///
/// `dead` names any stone of each dead chain; pass `&[]` to count the board as it stands.
pub fn count_area(board: &Board, dead: &[Point], komi: Komi) -> Count {
    count(board, dead, komi, Scoring::Area, ByColor::default())
}

/// Counts by territory: empty regions (dead chains removed) surrounded by one colour, except
/// eyes of chains in seki, plus prisoners (`prior_prisoners` — captures and pass stones — and
/// the dead chains).
pub fn count_territory(
    board: &Board,
    dead: &[Point],
    komi: Komi,
    prior_prisoners: ByColor<u32>,
) -> Count {
    count(board, dead, komi, Scoring::Territory, prior_prisoners)
}

fn count(
    board: &Board,
    dead: &[Point],
    komi: Komi,
    method: Scoring,
    prior_prisoners: ByColor<u32>,
) -> Count {
    let size = board.size();
    let mask = dead_mask(board, dead);
    let mut stones = ByColor::default();
    let mut prisoners = prior_prisoners;
    for p in size.all_points() {
        if let Some(c) = board.get(p) {
            if mask[p.index()] {
                prisoners[c.opponent()] += 1;
            } else {
                stones[c] += 1;
            }
        }
    }
    let seki = if method == Scoring::Territory {
        seki_chains(board, &mask)
    } else {
        [false; CELLS]
    };
    let mut owner_of = [Owner::Neutral; CELLS];
    let mut territory = ByColor::default();
    let mut neutral = 0;
    for region in regions(board, &mask) {
        let owner = match (region.black, region.white) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        // Under territory counting an eye of a chain in seki is no one's.
        let owner = owner.filter(|_| {
            method == Scoring::Area
                || !region
                    .points
                    .iter()
                    .flat_map(|&p| neighbours_on(size, p))
                    .any(|n| seki[n.index()] && !mask[n.index()])
        });
        for &p in &region.points {
            owner_of[p.index()] = owner.map_or(Owner::Neutral, Owner::Territory);
        }
        match owner {
            Some(c) => territory[c] += region.points.len() as u32,
            None => neutral += region.points.len() as u32,
        }
    }
    let owners = size
        .all_points()
        .map(|p| match board.get(p) {
            Some(c) if !mask[p.index()] => (p, Owner::Stone(c)),
            _ => (p, owner_of[p.index()]),
        })
        .collect();
    Count {
        method,
        stones,
        territory,
        neutral,
        prisoners,
        komi,
        black_wins_ties: false,
        penalties: ByColor::default(),
        owners,
    }
}

/// Marks the living chains in seki: those that touch an empty point shared with a living enemy
/// chain where a stone of either colour would stand in atari or be suicide — the point no one
/// can fill, which is what makes a seki.
pub(crate) fn seki_chains(board: &Board, dead: &[bool; CELLS]) -> [bool; CELLS] {
    let size = board.size();
    // Count on the board with the dead chains taken off.
    let mut live = board.clone();
    live.set_stones(
        size.all_points()
            .filter(|p| dead[p.index()])
            .map(|p| (p, None)),
    );
    let mut seki = [false; CELLS];
    for p in size.all_points() {
        if live.get(p).is_some() {
            continue;
        }
        let touches = |c: Color| neighbours_on(size, p).any(|n| live.get(n) == Some(c));
        if !(touches(Color::Black) && touches(Color::White)) {
            continue;
        }
        let self_atari = |c: Color| {
            let mut after = live.clone();
            after.clear_ko();
            match after.play(c, p) {
                Ok(placed) => placed.captured == 0 && after.liberties(p).len() <= 1,
                Err(_) => true,
            }
        };
        if self_atari(Color::Black) && self_atari(Color::White) {
            for n in neighbours_on(size, p) {
                for s in live.chain(n) {
                    seki[s.index()] = true;
                }
            }
        }
    }
    seki
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::tests::SEKI;

    fn board(text: &str) -> Board {
        Board::from_diagram(text).unwrap()
    }

    fn komi(s: &str) -> Komi {
        s.parse().unwrap()
    }

    #[test]
    fn area_counts_stones_and_surrounded_points() {
        let b = board(
            "
            . . X O .
            . . X O .
            . . X O .
            . . X O .
            . . X O .",
        );
        let c = count_area(&b, &[], komi("5.5"));
        assert_eq!((c.stones.black, c.territory.black), (5, 10));
        assert_eq!((c.stones.white, c.territory.white), (5, 5));
        assert_eq!(c.neutral, 0);
        assert_eq!(c.result().to_string(), "W+0.5", "15 against 10 + 5.5");
    }

    #[test]
    fn a_region_touching_both_colours_is_neutral() {
        let b = board(
            "
            . . . . .
            . X . O .
            . . . . .
            . . . . .
            . . . . .",
        );
        let c = count_area(&b, &[], komi("0"));
        assert_eq!(c.neutral, 23);
        assert_eq!(c.result(), GameResult::Draw);
        assert_eq!(c.result().to_string(), "0");
    }

    #[test]
    fn integer_komi_draws_and_half_komi_never_does() {
        let b = board(
            "
            . X O . .
            . X O . .
            . X O . .
            . X O . .
            . X O . .",
        );
        assert_eq!(count_area(&b, &[], komi("-5")).result(), GameResult::Draw);
        assert_eq!(
            count_area(&b, &[], komi("-5.5")).result().to_string(),
            "B+0.5"
        );
        assert_eq!(
            count_area(&b, &[], komi("-4.5")).result().to_string(),
            "W+0.5"
        );
    }

    #[test]
    fn dead_chains_count_for_the_surrounding_side() {
        let b = board(
            "
            . . X O .
            . . X O .
            . O X O .
            . . X O .
            . . X O .",
        );
        let dead = ["B3".parse().unwrap()];
        let area = count_area(&b, &dead, komi("0"));
        assert_eq!(area.stones.black + area.territory.black, 15);
        assert_eq!(area.result().to_string(), "B+5");
        let terr = count_territory(&b, &dead, komi("0"), ByColor::default());
        assert_eq!(terr.territory.black, 10);
        assert_eq!(terr.prisoners.black, 1);
        assert_eq!(terr.territory.white, 5);
        assert_eq!(terr.result().to_string(), "B+6");
    }

    fn owner(count: &Count, name: &str) -> Owner {
        let p: Point = name.parse().unwrap();
        count.owners.iter().find(|(q, _)| *q == p).unwrap().1
    }

    #[test]
    fn seki_is_neutral_under_territory_counting_eyes_included() {
        let b = board(SEKI);
        let terr = count_territory(&b, &[], komi("0"), ByColor::default());
        assert_eq!(owner(&terr, "A3"), Owner::Neutral, "the shared liberty");
        assert_eq!(owner(&terr, "A5"), Owner::Neutral, "white's eye in seki");
        assert_eq!(owner(&terr, "A1"), Owner::Neutral, "black's eye in seki");
        assert_eq!(owner(&terr, "E6"), Owner::Territory(Color::Black));
        assert_eq!(owner(&terr, "E1"), Owner::Territory(Color::White));
        assert_eq!(
            terr.territory,
            ByColor {
                black: 16,
                white: 4
            }
        );
        assert_eq!(terr.neutral, 3);
        assert_eq!(terr.result().to_string(), "B+12");
    }

    #[test]
    fn seki_eyes_count_under_area_counting_but_the_shared_liberty_does_not() {
        let b = board(SEKI);
        let area = count_area(&b, &[], komi("0"));
        assert_eq!(owner(&area, "A3"), Owner::Neutral);
        assert_eq!(owner(&area, "A5"), Owner::Territory(Color::White));
        assert_eq!(owner(&area, "A1"), Owner::Territory(Color::Black));
        let total = area.stones.black
            + area.territory.black
            + area.stones.white
            + area.territory.white
            + area.neutral;
        assert_eq!(total, 49);
        assert_eq!(area.neutral, 1);
    }

    #[test]
    fn results_read_and_write_like_sgf() {
        for s in ["B+3.5", "W+R", "0", "B+T", "W+12", "Void"] {
            assert_eq!(GameResult::from_sgf(s).unwrap().to_string(), s);
        }
        assert_eq!(GameResult::from_sgf("Draw"), Some(GameResult::Draw));
        assert_eq!(GameResult::from_sgf("X+1"), None);
        assert_eq!(GameResult::from_sgf("?"), None);
    }
}
