//! Nigiri (猜先) before an event's even game, when its terms say so (SPEC §11): the bot grabs
//! a handful for the pairing's White, the pairing's Black guesses odd or even, and whoever is
//! right chooses a colour; then play starts. Until then no move is played and no clock runs;
//! the start window counts from the game's start, so a player who never guesses or never
//! chooses is absent (缺席) when it closes.

use crate::go::Color;

use super::{Match, Phase};
use crate::game::Event;
use crate::game::nigiri::{self, Chooser, NigiriStage, Parity};
use crate::game::refusal::Refusal;
use crate::game::time::Timestamp;

/// The colour of the seat that guesses (the pairing's Black); the bot grabs for the other.
pub const GUESSER: Color = Color::Black;

impl Match {
    /// Opens the nigiri of a game that has just been made: the colours are the pairing's until
    /// the winner chooses.
    pub fn begin_nigiri(&mut self) {
        if self.move_count() == 0 && matches!(self.phase, Phase::Play) {
            self.phase = Phase::Nigiri(NigiriStage::Guess);
        }
    }

    /// Where the nigiri stands, while the colours are being decided.
    pub fn nigiri(&self) -> Option<NigiriStage> {
        match self.phase {
            Phase::Nigiri(stage) => Some(stage),
            _ => None,
        }
    }

    /// Whether the colours are still being decided by nigiri.
    pub fn in_nigiri(&self) -> bool {
        self.nigiri().is_some()
    }

    /// The colour (of the seat, as the pairing has it now) who is to act in the nigiri: the
    /// guesser, then the winner who chooses. `None` outside the nigiri.
    pub fn nigiri_actor(&self) -> Option<Color> {
        match self.nigiri()? {
            NigiriStage::Guess => Some(GUESSER),
            stage => Some(match stage.chooser()? {
                Chooser::Guesser => GUESSER,
                Chooser::Grabber => !GUESSER,
            }),
        }
    }

    /// The guess of the seat that guesses: the bot's handful, taken from `random`, is opened.
    pub(super) fn guess(
        &mut self,
        color: Color,
        guess: Parity,
        random: u64,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        match self.nigiri() {
            Some(NigiriStage::Guess) if color == GUESSER => {}
            Some(NigiriStage::Guess) => return Err(Refusal::NotYourGuess),
            _ => return Err(Refusal::NotNigiriStep),
        }
        let stage = NigiriStage::Choose {
            stones: nigiri::grab(random),
            guess,
        };
        self.phase = Phase::Nigiri(stage);
        self.disarm(color, events);
        events.push(Event::GameNigiriOpened {
            match_id: self.id,
            stage,
        });
        Ok(())
    }

    /// The winner of the nigiri takes `colour`: the players take their colours and Black's
    /// first turn starts now.
    pub(super) fn choose_colour(
        &mut self,
        color: Color,
        colour: Color,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        match self.nigiri() {
            Some(NigiriStage::Choose { .. }) => {}
            Some(NigiriStage::Guess) => return Err(Refusal::NigiriGuessFirst),
            None => return Err(Refusal::NotNigiriStep),
        }
        if self.nigiri_actor() != Some(color) {
            return Err(Refusal::NotYourChoice);
        }
        if colour != color {
            self.players = crate::go::ByColor {
                black: self.players.white,
                white: self.players.black,
            };
            self.resign_armed = crate::go::ByColor {
                black: self.resign_armed.white,
                white: self.resign_armed.black,
            };
            self.offline_until = crate::go::ByColor {
                black: self.offline_until.white,
                white: self.offline_until.black,
            };
        }
        self.phase = Phase::Play;
        self.start_turn(now);
        events.push(Event::ColoursChosen {
            match_id: self.id,
            black: self.players.black,
            white: self.players.white,
            swapped: colour != color,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::matches::tests::{event_match, t};
    use crate::game::{EndReason, Ending, UserId};
    use crate::go::GameResult;

    #[test]
    fn the_guesser_guesses_and_the_winner_chooses_then_play_starts() {
        let mut m = event_match();
        m.begin_nigiri();
        let (a, b) = (m.players.black, m.players.white);
        // No move before the colours are decided.
        assert_eq!(
            m.apply(Some(a), crate::game::Action::Pass, None, t(1)),
            Err(Refusal::NigiriFirst)
        );
        // Only the guesser guesses; no one chooses before the guess.
        assert_eq!(
            m.apply(
                Some(b),
                crate::game::Action::Guess(Parity::Odd, 0),
                None,
                t(1)
            ),
            Err(Refusal::NotYourGuess)
        );
        assert_eq!(
            m.apply(
                Some(a),
                crate::game::Action::ChooseColour(Color::White),
                None,
                t(1)
            ),
            Err(Refusal::NigiriGuessFirst)
        );
        // random 4 grabs 5 stones: odd. Guessing even is wrong: the grabber (b) chooses.
        m.apply(
            Some(a),
            crate::game::Action::Guess(Parity::Even, 4),
            None,
            t(2),
        )
        .unwrap();
        assert_eq!(
            m.nigiri(),
            Some(NigiriStage::Choose {
                stones: 5,
                guess: Parity::Even
            })
        );
        assert_eq!(m.nigiri_actor(), Some(Color::White));
        assert_eq!(
            m.apply(
                Some(a),
                crate::game::Action::Guess(Parity::Odd, 1),
                None,
                t(2)
            ),
            Err(Refusal::NotNigiriStep),
            "one guess only"
        );
        assert_eq!(
            m.apply(
                Some(a),
                crate::game::Action::ChooseColour(Color::Black),
                None,
                t(3)
            ),
            Err(Refusal::NotYourChoice)
        );
        // b takes Black: the colours swap, Black's turn starts now.
        let events = m
            .apply(
                Some(b),
                crate::game::Action::ChooseColour(Color::Black),
                None,
                t(3),
            )
            .unwrap();
        assert_eq!(m.players.black, b);
        assert_eq!(m.players.white, a);
        assert!(!m.in_nigiri());
        assert_eq!(m.turn_started, t(3));
        assert!(events.contains(&Event::ColoursChosen {
            match_id: m.id,
            black: b,
            white: a,
            swapped: true
        }));
        m.apply(Some(b), crate::game::Action::Pass, None, t(4))
            .unwrap();
        let _ = UserId(0);
    }

    #[test]
    fn a_guesser_who_never_guesses_is_absent_when_the_window_closes() {
        let mut m = event_match();
        m.begin_nigiri();
        let window = m.config.event.unwrap().start_window;
        assert_eq!(m.next_deadline(), Some(m.started_at + window));
        let fired = m
            .apply(None, crate::game::Action::Tick, None, m.started_at + window)
            .unwrap();
        assert!(!fired.is_empty());
        assert_eq!(
            m.ending(),
            Some(Ending::Finished {
                result: GameResult::Forfeit {
                    winner: Color::White
                },
                reason: EndReason::Absence
            })
        );
    }

    #[test]
    fn a_winner_who_never_chooses_is_absent_when_the_window_closes() {
        let mut m = event_match();
        m.begin_nigiri();
        let a = m.players.black;
        // random 1 grabs 2 stones: even; the guess is right, so the guesser (Black's seat)
        // chooses, and does not.
        m.apply(
            Some(a),
            crate::game::Action::Guess(Parity::Even, 1),
            None,
            t(1),
        )
        .unwrap();
        let window = m.config.event.unwrap().start_window;
        m.apply(None, crate::game::Action::Tick, None, m.started_at + window)
            .unwrap();
        assert_eq!(
            m.ending(),
            Some(Ending::Finished {
                result: GameResult::Forfeit {
                    winner: Color::White
                },
                reason: EndReason::Absence
            })
        );
    }

    #[test]
    fn the_turn_clock_does_not_run_during_the_nigiri() {
        let mut m = event_match();
        m.begin_nigiri();
        let window = m.config.event.unwrap().start_window;
        // The turn timeout is shorter than the window: no automatic pass fires meanwhile.
        assert!(m.config.turn_timeout < window);
        assert_eq!(
            m.apply(
                None,
                crate::game::Action::Tick,
                None,
                m.started_at + m.config.turn_timeout
            ),
            Err(Refusal::NothingToDo)
        );
        assert!(m.in_nigiri());
    }
}
