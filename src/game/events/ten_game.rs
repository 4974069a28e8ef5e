//! The ten-game match with a sliding handicap (十局升降制, SPEC §11) between two players,
//! seats 0 and 1.
//!
//! It starts even (分先), the colours alternating by game number (seat 0 Black in the odd
//! games). Each time one player has won four games more than the other since the handicap
//! last changed, the handicap steps half a 先 towards the one behind, and the count starts
//! again: towards a player who already receives, it grows; towards one who gives, it shrinks
//! (back to even, and on to the other side). A player who receives a handicap takes Black in
//! every game; back at even, the colours alternate by game number again.
//!
//! The match is ten games; the winner is the one with more wins (a draw half a win each,
//! "both lost" nothing), and it ends early once the games left cannot change that. Ten games
//! that end level are a drawn match.
//!
//! The match is replayed from its games each time: a game that is not the pairing expected
//! next (another player, or the colours the other way round) is ignored, as is any game after
//! the end. The 先 of [`TenGame::next_game`] goes through
//! [`ing_handicap`](super::ing_handicap::ing_handicap) to become free moves and points.

use super::{Pairing, Played, Seat};

/// The games of a match.
pub const GAMES: u32 = 10;

/// The lead in wins, since the last change, that steps the handicap.
pub const LEAD_TO_STEP: u32 = 4;

/// How much one step moves the handicap, in 先.
pub const STEP_SEN: f64 = 0.5;

/// A ten-game match replayed from its games.
#[derive(Debug, Clone, PartialEq)]
pub struct TenGame {
    /// The games that counted, in order.
    games: Vec<Played>,
    /// The handicap in steps of half a 先 that seat 1 receives; negative: seat 0 receives.
    steps: i32,
    /// Each seat's points ×2 since the handicap last changed.
    since_change: [u32; 2],
    /// Each seat's points ×2 in the whole match.
    total: [u32; 2],
    changes: Vec<HandicapChange>,
}

/// A step of the handicap, for the match's record.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HandicapChange {
    /// The number of the game (1-based) after which it stepped.
    pub after_game: u32,
    /// Who receives from then on, and how many 先; `None`: even again.
    pub receiver: Option<(Seat, f64)>,
}

/// How a finished match ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TenGameResult {
    /// The seat with more wins; `None` when ten games ended level.
    pub winner: Option<Seat>,
    /// Each seat's wins ×2 (a draw 1).
    pub score_half: [u32; 2],
    /// How many games were played (fewer than ten when it was decided early).
    pub games: u32,
    /// The handicap the match ended at: who received, and how many 先; `None`: even.
    pub handicap: Option<(Seat, f64)>,
}

impl TenGame {
    /// The match after `played` (taken in round order; games of the same round keep the
    /// order given).
    pub fn replay(played: &[Played]) -> TenGame {
        let mut m = TenGame {
            games: Vec::new(),
            steps: 0,
            since_change: [0, 0],
            total: [0, 0],
            changes: Vec::new(),
        };
        let mut games: Vec<Played> = played.to_vec();
        games.sort_by_key(|g| g.round);
        for g in games {
            if m.next_game().map(|(p, _)| p) == Some(g.pairing) {
                m.apply(g);
            }
        }
        m
    }

    fn apply(&mut self, g: Played) {
        for seat in 0..2 {
            let half = g.outcome.half_points(g.pairing, seat);
            self.since_change[seat] += half;
            self.total[seat] += half;
        }
        self.games.push(g);
        let [zero, one] = self.since_change;
        let lead = 2 * LEAD_TO_STEP;
        if zero >= one + lead || one >= zero + lead {
            // Towards the one behind: seat 1 behind means seat 1 receives more.
            self.steps += if zero > one { 1 } else { -1 };
            self.since_change = [0, 0];
            self.changes.push(HandicapChange {
                after_game: self.played(),
                receiver: self.handicap(),
            });
        }
    }

    /// How many games have counted.
    pub fn played(&self) -> u32 {
        u32::try_from(self.games.len()).unwrap_or(u32::MAX)
    }

    /// The handicap now: who receives it and how many 先; `None`: even.
    pub fn handicap(&self) -> Option<(Seat, f64)> {
        let sen = f64::from(self.steps.unsigned_abs()) * STEP_SEN;
        match self.steps {
            0 => None,
            s if s > 0 => Some((1, sen)),
            _ => Some((0, sen)),
        }
    }

    /// Each seat's wins ×2 so far.
    pub fn score_half(&self) -> [u32; 2] {
        self.total
    }

    /// The steps of the handicap so far, in order.
    pub fn changes(&self) -> &[HandicapChange] {
        &self.changes
    }

    /// The next game and the 先 its Black receives (0.0: even, Black gives the komi of 分先;
    /// 0.5, 1.0, …): the receiver Black, or at even the colours by game number. `None` once
    /// the match is over.
    pub fn next_game(&self) -> Option<(Pairing, f64)> {
        if self.finished().is_some() {
            return None;
        }
        let (black, sen) = match self.handicap() {
            Some((receiver, sen)) => (receiver, sen),
            None if self.played().is_multiple_of(2) => (0, 0.0),
            None => (1, 0.0),
        };
        let pairing = Pairing {
            black,
            white: 1 - black,
        };
        Some((pairing, sen))
    }

    /// The result once ten games are played or the winner can no longer change (the one
    /// behind could not even draw level by winning every game left); `None` before.
    pub fn finished(&self) -> Option<TenGameResult> {
        let played = self.played();
        let left_half = 2 * GAMES.saturating_sub(played);
        let [zero, one] = self.total;
        let decided = zero > one + left_half || one > zero + left_half;
        if played < GAMES && !decided {
            return None;
        }
        let winner = match zero.cmp(&one) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        Some(TenGameResult {
            winner,
            score_half: self.total,
            games: played,
            handicap: self.handicap(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::events::Outcome;

    /// The expected next game, won by `winner` (or drawn, for `None`).
    fn play(played: &mut Vec<Played>, winner: Option<Seat>) {
        let m = TenGame::replay(played);
        let (pairing, _) = m.next_game().unwrap();
        let outcome = match winner {
            Some(w) if w == pairing.black => Outcome::BlackWon,
            Some(_) => Outcome::WhiteWon,
            None => Outcome::Draw,
        };
        played.push(Played {
            round: m.played() + 1,
            pairing,
            outcome,
            forfeit: false,
        });
    }

    fn pairing(black: Seat, white: Seat) -> Pairing {
        Pairing { black, white }
    }

    #[test]
    fn it_starts_even_with_alternating_colours() {
        let mut played = Vec::new();
        assert_eq!(
            TenGame::replay(&played).next_game(),
            Some((pairing(0, 1), 0.0))
        );
        play(&mut played, Some(1));
        assert_eq!(
            TenGame::replay(&played).next_game(),
            Some((pairing(1, 0), 0.0))
        );
        play(&mut played, Some(1));
        assert_eq!(
            TenGame::replay(&played).next_game(),
            Some((pairing(0, 1), 0.0))
        );
    }

    #[test]
    fn a_four_game_lead_steps_the_handicap_towards_the_loser() {
        let mut played = Vec::new();
        for _ in 0..3 {
            play(&mut played, Some(0));
        }
        assert_eq!(TenGame::replay(&played).handicap(), None, "a lead of 3");
        play(&mut played, Some(0));
        let m = TenGame::replay(&played);
        assert_eq!(m.handicap(), Some((1, 0.5)));
        assert_eq!(
            m.next_game(),
            Some((pairing(1, 0), 0.5)),
            "the receiver takes Black"
        );
        assert_eq!(
            m.changes(),
            &[HandicapChange {
                after_game: 4,
                receiver: Some((1, 0.5))
            }]
        );
        // The count started again: seat 1 wins game 5, still Black in game 6.
        play(&mut played, Some(1));
        let m = TenGame::replay(&played);
        assert_eq!(m.next_game(), Some((pairing(1, 0), 0.5)));
        assert_eq!(m.score_half(), [8, 2]);
    }

    #[test]
    fn a_draw_counts_half_and_does_not_change_the_lead() {
        let mut played = Vec::new();
        for winner in [Some(0), Some(0), None, Some(0)] {
            play(&mut played, winner);
        }
        let m = TenGame::replay(&played);
        assert_eq!(m.score_half(), [7, 1]);
        assert_eq!(m.handicap(), None, "a lead of three wins, not four");
        play(&mut played, Some(0));
        assert_eq!(TenGame::replay(&played).handicap(), Some((1, 0.5)));
    }

    #[test]
    fn a_match_that_ends_early() {
        let mut played = Vec::new();
        for _ in 0..5 {
            play(&mut played, Some(0));
        }
        let m = TenGame::replay(&played);
        assert_eq!(
            m.finished(),
            None,
            "5–0 with five left: seat 1 could draw level"
        );
        play(&mut played, Some(0));
        let m = TenGame::replay(&played);
        assert_eq!(
            m.finished(),
            Some(TenGameResult {
                winner: Some(0),
                score_half: [12, 0],
                games: 6,
                handicap: Some((1, 0.5)),
            })
        );
        assert_eq!(m.next_game(), None);
        let mut seventh = played.clone();
        seventh.push(Played {
            round: 7,
            pairing: pairing(1, 0),
            outcome: Outcome::BlackWon,
            forfeit: false,
        });
        assert_eq!(
            TenGame::replay(&seventh),
            m,
            "a game after the end is ignored"
        );
    }

    #[test]
    fn a_match_that_goes_to_ten_and_steps_back_to_even() {
        let mut played = Vec::new();
        for winner in [0, 0, 0, 0, 1, 1, 1, 1] {
            play(&mut played, Some(winner));
        }
        let m = TenGame::replay(&played);
        assert_eq!(
            m.handicap(),
            None,
            "seat 1's four wins took the half 先 back"
        );
        assert_eq!(m.changes().len(), 2);
        assert_eq!(m.changes()[1].receiver, None);
        assert_eq!(
            m.next_game(),
            Some((pairing(0, 1), 0.0)),
            "game 9: seat 0 Black again"
        );
        play(&mut played, Some(0));
        assert_eq!(
            TenGame::replay(&played).finished(),
            None,
            "5–4 with one left"
        );
        play(&mut played, Some(1));
        let m = TenGame::replay(&played);
        let result = m.finished().unwrap();
        assert_eq!(result.games, 10);
        assert_eq!(result.winner, None, "five all: a drawn match");
        assert_eq!(result.score_half, [10, 10]);
        assert_eq!(m.next_game(), None);
    }

    #[test]
    fn a_game_not_expected_is_ignored() {
        let wrong_colours = Played {
            round: 1,
            pairing: pairing(1, 0),
            outcome: Outcome::BlackWon,
            forfeit: false,
        };
        let stranger = Played {
            pairing: pairing(0, 5),
            ..wrong_colours
        };
        let m = TenGame::replay(&[wrong_colours, stranger]);
        assert_eq!(m.played(), 0);
        assert_eq!(m.next_game(), Some((pairing(0, 1), 0.0)));
    }

    #[test]
    fn games_are_taken_in_round_order() {
        let g = |round, black, outcome| Played {
            round,
            pairing: pairing(black, 1 - black),
            outcome,
            forfeit: false,
        };
        let m = TenGame::replay(&[g(2, 1, Outcome::BlackWon), g(1, 0, Outcome::BlackWon)]);
        assert_eq!(m.played(), 2);
        assert_eq!(m.score_half(), [2, 2]);
    }
}
