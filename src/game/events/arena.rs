//! The arena (擂台制, SPEC §11): two teams, each playing in the order its captain set. The
//! winner of a game stays on the stage (守擂) against the other team's next player; a team
//! whose last player loses is out, and the other team wins.
//!
//! The rules of this module, where the seed says nothing:
//! - the first game is team 0's first player against team 1's first, team 1's player Black;
//!   after that the challenger (the newcomer) plays Black and the one who stayed on White;
//! - a draw, and a game both lost (both absent), send *both* players off: each team's next
//!   player comes on, and they play as in the first game (team 1's player Black);
//! - if both teams run out together that way, the arena ends with no winner.
//!
//! The arena is replayed from its games each time: a game that is not the pairing expected
//! next (other players, or the colours the other way round) is ignored, as is any game after
//! the end.

use super::{Pairing, Played, Seat};

/// An arena replayed from its games: who is still in, who is on the stage, who beat whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arena {
    teams: [Vec<Seat>; 2],
    /// For each team, the index of its player on the stage or next to come on.
    next: [usize; 2],
    /// The team whose player won the last game and stays on (`None` before the first game and
    /// after a draw).
    stayer: Option<usize>,
    /// For each team, how many games each of its players (by index in the order) won.
    wins: [Vec<u32>; 2],
    /// The games that counted, in order.
    games: Vec<Played>,
}

/// An arena's result, for the announcement and the event's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaSummary {
    /// Whether no game is left to play.
    pub finished: bool,
    /// The winning team (0 or 1); `None` while it goes on, or when both ran out together.
    pub winner: Option<usize>,
    /// How many games counted.
    pub games: u32,
    /// Each team's players in its order, with how many opponents each beat.
    pub beaten: [Vec<(Seat, u32)>; 2],
    /// How many players of each team are not yet out (the one on the stage included).
    pub left: [usize; 2],
    /// The player who beat the most (the earliest in team 0, then team 1, on equal counts);
    /// `None` while no one has won a game.
    pub best: Option<(Seat, u32)>,
}

impl Arena {
    /// The arena of `teams` (each in its captain's order) after `played` (taken in round
    /// order; games in the same round keep the order given).
    pub fn replay(teams: [Vec<Seat>; 2], played: &[Played]) -> Arena {
        let wins = [vec![0; teams[0].len()], vec![0; teams[1].len()]];
        let mut arena = Arena {
            teams,
            next: [0, 0],
            stayer: None,
            wins,
            games: Vec::new(),
        };
        let mut games: Vec<Played> = played.to_vec();
        games.sort_by_key(|g| g.round);
        for g in games {
            if arena.next_game() == Some(g.pairing) {
                arena.apply(g);
            }
        }
        arena
    }

    /// The two players on the stage, team 0's first: `None` once a team has run out.
    fn on_stage(&self) -> Option<[Seat; 2]> {
        let zero = self.teams[0].get(self.next[0])?;
        let one = self.teams[1].get(self.next[1])?;
        Some([*zero, *one])
    }

    fn apply(&mut self, g: Played) {
        let Some(stage) = self.on_stage() else {
            return;
        };
        // A draw and a game both lost have no winner: both players leave.
        let winner_team = g
            .outcome
            .winner(g.pairing)
            .and_then(|w| stage.iter().position(|s| *s == w));
        match winner_team {
            Some(t) => {
                if let Some(w) = self.wins[t].get_mut(self.next[t]) {
                    *w += 1;
                }
                self.next[1 - t] += 1;
                self.stayer = Some(t);
            }
            None => {
                self.next = [self.next[0] + 1, self.next[1] + 1];
                self.stayer = None;
            }
        }
        self.games.push(g);
    }

    /// The game to play next: the challenger Black against the one who stayed on (team 1's
    /// player Black in the first game and after a draw); `None` once the arena is over.
    pub fn next_game(&self) -> Option<Pairing> {
        let [zero, one] = self.on_stage()?;
        Some(if self.stayer == Some(1) {
            Pairing {
                black: zero,
                white: one,
            }
        } else {
            Pairing {
                black: one,
                white: zero,
            }
        })
    }

    /// The winning team: the one whose opponents ran out of players while it still has one.
    /// `None` while the arena goes on, and when both ran out in the same game (a last draw).
    pub fn winner(&self) -> Option<usize> {
        let out = |t: usize| self.next[t] >= self.teams[t].len();
        match (out(0), out(1)) {
            (false, true) => Some(0),
            (true, false) => Some(1),
            _ => None,
        }
    }

    /// How many opponents `seat` beat (0 for a seat in neither team).
    pub fn beaten(&self, seat: Seat) -> u32 {
        (0..2)
            .flat_map(|t| self.teams[t].iter().zip(&self.wins[t]))
            .filter(|(s, _)| **s == seat)
            .map(|(_, w)| *w)
            .sum()
    }

    /// The games that counted, in the order they were applied.
    pub fn games(&self) -> &[Played] {
        &self.games
    }

    /// The arena's result so far (final once `finished`).
    pub fn summary(&self) -> ArenaSummary {
        let beaten = [0, 1].map(|t| {
            self.teams[t]
                .iter()
                .copied()
                .zip(self.wins[t].iter().copied())
                .collect::<Vec<_>>()
        });
        let best = beaten
            .iter()
            .flatten()
            .copied()
            .filter(|(_, w)| *w > 0)
            .fold(None, |best: Option<(Seat, u32)>, (s, w)| match best {
                Some((_, b)) if b >= w => best,
                _ => Some((s, w)),
            });
        ArenaSummary {
            finished: self.next_game().is_none(),
            winner: self.winner(),
            games: u32::try_from(self.games.len()).unwrap_or(u32::MAX),
            left: [0, 1].map(|t| self.teams[t].len().saturating_sub(self.next[t])),
            beaten,
            best,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::events::Outcome;

    fn game(round: u32, black: Seat, white: Seat, outcome: Outcome) -> Played {
        Played {
            round,
            pairing: Pairing { black, white },
            outcome,
            forfeit: false,
        }
    }

    fn pairing(black: Seat, white: Seat) -> Pairing {
        Pairing { black, white }
    }

    #[test]
    fn two_against_two_played_out() {
        let teams = [vec![0, 1], vec![2, 3]];
        let fresh = Arena::replay(teams.clone(), &[]);
        assert_eq!(
            fresh.next_game(),
            Some(pairing(2, 0)),
            "firsts, team 1 Black"
        );
        assert_eq!(fresh.winner(), None);

        let mut played = vec![game(1, 2, 0, Outcome::WhiteWon)];
        let a = Arena::replay(teams.clone(), &played);
        assert_eq!(
            a.next_game(),
            Some(pairing(3, 0)),
            "0 stays on; challenger Black"
        );

        played.push(game(2, 3, 0, Outcome::BlackWon));
        let a = Arena::replay(teams.clone(), &played);
        assert_eq!(
            a.next_game(),
            Some(pairing(1, 3)),
            "3 stays on, 1 challenges"
        );

        played.push(game(3, 1, 3, Outcome::WhiteWon));
        let a = Arena::replay(teams, &played);
        assert_eq!(a.next_game(), None);
        assert_eq!(a.winner(), Some(1));
        assert_eq!(
            (a.beaten(0), a.beaten(1), a.beaten(2), a.beaten(3)),
            (1, 0, 0, 2)
        );
        let s = a.summary();
        assert!(s.finished);
        assert_eq!(s.games, 3);
        assert_eq!(s.left, [0, 1]);
        assert_eq!(s.best, Some((3, 2)));
        assert_eq!(s.beaten, [vec![(0, 1), (1, 0)], vec![(2, 0), (3, 2)]]);
    }

    #[test]
    fn three_against_two_with_a_stray_game_ignored() {
        let teams = [vec![0, 1, 2], vec![3, 4]];
        let played = [
            game(1, 3, 0, Outcome::BlackWon),
            // Colours the wrong way round: not the expected game.
            game(2, 3, 1, Outcome::BlackWon),
            game(2, 1, 3, Outcome::BlackWon),
            game(3, 4, 1, Outcome::WhiteWon),
            // After the end.
            game(4, 2, 4, Outcome::BlackWon),
        ];
        let a = Arena::replay(teams, &played);
        assert_eq!(a.games().len(), 3);
        assert_eq!(a.winner(), Some(0));
        assert_eq!(a.next_game(), None);
        assert_eq!((a.beaten(0), a.beaten(1), a.beaten(3)), (0, 2, 1));
        let s = a.summary();
        assert_eq!(s.left, [2, 0], "1 on the stage and 2 never played");
        assert_eq!(s.best, Some((1, 2)));
    }

    #[test]
    fn games_are_taken_in_round_order() {
        let teams = [vec![0, 1, 2], vec![3, 4]];
        let played = [
            game(2, 1, 3, Outcome::BlackWon),
            game(1, 3, 0, Outcome::BlackWon),
        ];
        let a = Arena::replay(teams, &played);
        assert_eq!(a.games().len(), 2);
        assert_eq!(a.next_game(), Some(pairing(4, 1)));
    }

    #[test]
    fn a_draw_sends_both_players_off() {
        let teams = [vec![0, 1], vec![2, 3]];
        let played = [game(1, 2, 0, Outcome::Draw)];
        let a = Arena::replay(teams.clone(), &played);
        assert_eq!(
            a.next_game(),
            Some(pairing(3, 1)),
            "both next players, as at the start"
        );
        assert_eq!(a.summary().left, [1, 1]);

        let won = [played[0], game(2, 3, 1, Outcome::WhiteWon)];
        let a = Arena::replay(teams.clone(), &won);
        assert_eq!(a.winner(), Some(0));
        assert_eq!(a.beaten(1), 1);

        let both_out = [played[0], game(2, 3, 1, Outcome::Draw)];
        let a = Arena::replay(teams, &both_out);
        assert_eq!(a.next_game(), None);
        assert_eq!(a.winner(), None, "both ran out together");
        let s = a.summary();
        assert!(s.finished);
        assert_eq!(s.best, None);
    }

    #[test]
    fn both_absent_is_treated_as_a_draw() {
        let teams = [vec![0, 1], vec![2, 3]];
        let played = [game(1, 2, 0, Outcome::BothLost)];
        let a = Arena::replay(teams, &played);
        assert_eq!(a.next_game(), Some(pairing(3, 1)));
    }

    #[test]
    fn an_empty_team_loses_at_once() {
        let a = Arena::replay([vec![0], vec![]], &[]);
        assert_eq!(a.next_game(), None);
        assert_eq!(a.winner(), Some(0));
        let none = Arena::replay([vec![], vec![]], &[game(1, 0, 1, Outcome::BlackWon)]);
        assert_eq!(none.winner(), None);
        assert_eq!(none.beaten(0), 0);
        assert!(none.summary().finished);
    }
}
