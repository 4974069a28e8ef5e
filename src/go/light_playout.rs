//! Light random playouts: uniform over legal moves that do not fill one's own single-point eye,
//! under simple ko, to the end (two passes) or a move cap. The measure of the engine's speed,
//! and the raw material of the dead-stone estimate.

use super::board::Board;
use super::color::Color;
use super::point::{MAX_SIZE, Point};

/// A small, fast, seedable generator (xorshift64*), so playouts are reproducible.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; zero is mapped to a fixed non-zero state).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0), by multiply-shift.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// How a playout ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutEnd {
    /// Moves played, passes included.
    pub moves: usize,
    /// Whether it ended on two passes (rather than the move cap).
    pub passed_out: bool,
}

const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// Plays random moves on `board` from `to_move` until two passes in a row or `max_moves`.
pub fn playout(
    board: &mut Board,
    mut to_move: Color,
    rng: &mut Rng,
    max_moves: usize,
) -> PlayoutEnd {
    let mut empties = [Point::from_index(0); MAX_POINTS];
    let mut len = collect_empties(board, &mut empties);
    let mut passes = 0;
    let mut moves = 0;
    while moves < max_moves {
        let mut n = len;
        let mut chosen = None;
        while n > 0 {
            let i = rng.below(n);
            let p = empties[i];
            if board.playout_candidate(to_move, p) {
                chosen = Some(i);
                break;
            }
            n -= 1;
            empties.swap(i, n);
        }
        moves += 1;
        match chosen {
            Some(i) => {
                let p = empties[i];
                len -= 1;
                empties.swap(i, len);
                board.place_reporting(to_move, p, |q| {
                    empties[len] = q;
                    len += 1;
                });
                passes = 0;
            }
            None => {
                board.clear_ko();
                passes += 1;
                if passes == 2 {
                    return PlayoutEnd {
                        moves,
                        passed_out: true,
                    };
                }
            }
        }
        to_move = to_move.opponent();
    }
    PlayoutEnd {
        moves,
        passed_out: false,
    }
}

fn collect_empties(board: &Board, out: &mut [Point; MAX_POINTS]) -> usize {
    let mut len = 0;
    for p in board.size().all_points() {
        if board.is_empty_at(p) {
            out[len] = p;
            len += 1;
        }
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{BoardSize, Komi, Owner, count_area};

    #[test]
    fn playouts_end_in_legal_positions_with_every_point_decided() {
        let mut rng = Rng::new(7);
        for n in [5u8, 9, 13, 19] {
            let size = BoardSize::new(n).unwrap();
            for _ in 0..20 {
                let mut b = Board::new(size);
                let end = playout(&mut b, Color::Black, &mut rng, 3 * size.points());
                b.assert_consistent();
                assert!(end.passed_out, "a light playout on {size} ends by passing");
                // A playout fills every point but eyes: a point left to no one is one that
                // neither colour may fill (a seki's shared liberty).
                let count = count_area(&b, &[], Komi::from_half_points(0));
                for (p, owner) in count.owners {
                    if owner == Owner::Neutral {
                        assert!(
                            b.check(Color::Black, p).is_err() && b.check(Color::White, p).is_err(),
                            "{p} on {size}\n{b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_playout() {
        let size = BoardSize::NINE;
        let run = || {
            let mut b = Board::new(size);
            playout(&mut b, Color::Black, &mut Rng::new(42), 300);
            b.rows()
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn the_playout_fast_path_agrees_with_check_and_eye() {
        let mut rng = Rng::new(99);
        for n in [5u8, 9, 19] {
            let size = BoardSize::new(n).unwrap();
            for _ in 0..30 {
                let mut b = Board::new(size);
                let stop = rng.below(3 * size.points());
                playout(&mut b, Color::Black, &mut rng, stop);
                for p in size.all_points().filter(|&p| b.is_empty_at(p)) {
                    for c in [Color::Black, Color::White] {
                        let slow = b.check(c, p).is_ok() && !b.is_eye_like(c, p);
                        assert_eq!(b.playout_candidate(c, p), slow, "{c} {p}\n{b}");
                    }
                }
            }
        }
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Rng::new(1);
        for n in 1..100 {
            for _ in 0..100 {
                assert!(rng.below(n) < n);
            }
        }
    }
}
