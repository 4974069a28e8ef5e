//! Last good replies, with forgetting (Baier and Drake, "The Power of Forgetting", 2010):
//! what the playouts learn from the simulations that came before them.
//!
//! After each simulation, every move of the winner becomes the "good reply" of its colour to
//! the move before it (and to the two moves before it); a move of the loser that is stored as
//! a reply is forgotten. A playout then tries, after the answers to ataris, the side to move's
//! reply to the last two moves, then to the last move, when the policy allows it there. The
//! tables carry what a tactical exchange settled in earlier simulations (which answer held a
//! cut, which one lost a semeai) into the playouts of later ones, where a fixed policy would
//! keep playing the same losing answer.

use super::playout_board::{BLACK, CELLS, PASS, WHITE};

/// The reply tables of both colours; empty (and never consulted) when the feature is off.
pub(crate) struct Replies {
    /// `[colour][previous move]` → reply ([`PASS`]: none).
    one: Vec<u16>,
    /// `[colour][move before previous][previous move]` → reply.
    two: Vec<u16>,
}

impl Replies {
    /// Tables that learn nothing and answer nothing.
    pub(crate) fn off() -> Replies {
        Replies {
            one: Vec::new(),
            two: Vec::new(),
        }
    }

    /// Empty tables that learn.
    pub(crate) fn on() -> Replies {
        Replies {
            one: vec![PASS as u16; 2 * CELLS],
            two: vec![PASS as u16; 2 * CELLS * CELLS],
        }
    }

    /// Whether the tables learn and answer.
    #[inline(always)]
    pub(crate) fn enabled(&self) -> bool {
        !self.one.is_empty()
    }

    /// Forgets every reply (a new game).
    pub(crate) fn clear(&mut self) {
        self.one.fill(PASS as u16);
        self.two.fill(PASS as u16);
    }

    #[inline(always)]
    fn side(c: u8) -> usize {
        usize::from(c == WHITE)
    }

    /// `c`'s replies to the moves `last2` then `last`: to both, and to `last` alone ([`PASS`]
    /// where none is stored).
    #[inline]
    pub(crate) fn lookup(&self, c: u8, last2: usize, last: usize) -> (usize, usize) {
        if !self.enabled() || last == PASS {
            return (PASS, PASS);
        }
        let s = Self::side(c);
        let one = usize::from(self.one[s * CELLS + last]);
        let two = if last2 == PASS {
            PASS
        } else {
            usize::from(self.two[(s * CELLS + last2) * CELLS + last])
        };
        (two, one)
    }

    /// Learns from one simulation: `moves` as [`super::heavy_playout::Amaf`] records them
    /// (cell, colour in bits 14–15), played after `before` (the root's move before the last,
    /// and its last move); `black_won` is `None` for a draw, which teaches nothing.
    pub(crate) fn learn(&mut self, before: [usize; 2], moves: &[u16], black_won: Option<bool>) {
        let Some(black_won) = black_won else {
            return;
        };
        if !self.enabled() {
            return;
        }
        let winner = if black_won { BLACK } else { WHITE };
        let [mut prev2, mut prev] = before;
        for &m in moves {
            let mv = usize::from(m & 0x3FFF);
            let c = (m >> 14) as u8;
            if mv != PASS && prev != PASS {
                let s = Self::side(c);
                let one = s * CELLS + prev;
                let two = (prev2 != PASS).then(|| (s * CELLS + prev2) * CELLS + prev);
                if c == winner {
                    self.one[one] = mv as u16;
                    if let Some(two) = two {
                        self.two[two] = mv as u16;
                    }
                } else {
                    if usize::from(self.one[one]) == mv {
                        self.one[one] = PASS as u16;
                    }
                    if let Some(two) = two
                        && usize::from(self.two[two]) == mv
                    {
                        self.two[two] = PASS as u16;
                    }
                }
            }
            prev2 = prev;
            prev = mv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::playout_board::cell;
    use crate::go::Point;

    fn at(s: &str) -> usize {
        cell(s.parse::<Point>().unwrap())
    }

    fn mv(s: &str, c: u8) -> u16 {
        at(s) as u16 | (u16::from(c) << 14)
    }

    #[test]
    fn the_winners_moves_become_replies_and_the_losers_are_forgotten() {
        let mut r = Replies::on();
        // Black cuts at D4 after White's E5; White answers D5, Black E4.
        let game = [mv("D4", BLACK), mv("D5", WHITE), mv("E4", BLACK)];
        let before = [at("C3"), at("E5")];
        r.learn(before, &game, Some(true));
        assert_eq!(r.lookup(BLACK, at("C3"), at("E5")), (at("D4"), at("D4")));
        assert_eq!(r.lookup(BLACK, at("D4"), at("D5")), (at("E4"), at("E4")));
        // The loser's answer was not learned.
        assert_eq!(r.lookup(WHITE, at("E5"), at("D4")), (PASS, PASS));
        // The same exchange lost by Black: its replies are forgotten, White's D5 learned.
        r.learn(before, &game, Some(false));
        assert_eq!(r.lookup(BLACK, at("C3"), at("E5")), (PASS, PASS));
        assert_eq!(r.lookup(BLACK, at("D4"), at("D5")), (PASS, PASS));
        assert_eq!(r.lookup(WHITE, at("E5"), at("D4")), (at("D5"), at("D5")));
    }

    #[test]
    fn a_draw_teaches_nothing_and_a_pass_is_no_reply() {
        let mut r = Replies::on();
        let before = [PASS, at("E5")];
        r.learn(before, &[mv("D4", BLACK)], None);
        assert_eq!(r.lookup(BLACK, PASS, at("E5")), (PASS, PASS));
        // After a pass nothing is stored; a reply to one move needs no move before it.
        r.learn(
            [PASS, PASS],
            &[mv("D4", BLACK), PASS as u16 | (u16::from(WHITE) << 14)],
            Some(true),
        );
        assert_eq!(r.lookup(WHITE, PASS, at("D4")), (PASS, PASS));
        r.learn(before, &[mv("D4", BLACK)], Some(true));
        assert_eq!(r.lookup(BLACK, PASS, at("E5")), (PASS, at("D4")));
    }

    #[test]
    fn tables_that_are_off_answer_nothing() {
        let mut r = Replies::off();
        r.learn([PASS, at("E5")], &[mv("D4", BLACK)], Some(true));
        assert_eq!(r.lookup(BLACK, PASS, at("E5")), (PASS, PASS));
    }
}
