//! What a match decides for the computer that plays in it: the board's note that Tengen's
//! advanced level stood in for the host's engine; the computer's resignation, final at its
//! first press (it has no second thought for the arming to guard); the cap on the chains it
//! toggles in an agreement.

use super::Match;
use crate::game::Event;
use crate::game::refusal::Refusal;
use crate::game::time::Timestamp;
use crate::go::{Color, Point};

/// How many chains the computer may toggle in one game before it settles the rest by
/// resuming play (a judgement that changed its mind back and forth would never end).
pub const MAX_COMPUTER_TOGGLES: u32 = 8;

impl Match {
    /// Whether `color` is played by the computer.
    pub fn computer_plays(&self, color: Color) -> bool {
        self.computer.is_some_and(|c| c.color == color)
    }

    /// Notes that Tengen's advanced level played move `number` (1-based) for the host's
    /// engine, which gave none, so that the board says so (an [`Event::EngineFellBack`]) until
    /// the computer moves again.
    ///
    /// # Errors
    /// [`Refusal::NothingToDo`] once the game has moved past that move, or when no computer
    /// plays in it.
    pub(super) fn note_stand_in(
        &mut self,
        number: u32,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        if self.move_count() != number || self.computer.is_none() {
            return Err(Refusal::NothingToDo);
        }
        self.stand_in = Some(number);
        events.push(Event::EngineFellBack {
            match_id: self.id,
            number,
        });
        Ok(())
    }

    /// The computer (playing `color`) toggles the chain at `p`: counted, and past
    /// [`MAX_COMPUTER_TOGGLES`] taken as its Resume play instead.
    pub(super) fn computer_toggle(
        &mut self,
        color: Color,
        p: Point,
        seen: Option<u32>,
        version: Option<u32>,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        self.computer_toggles = self.computer_toggles.saturating_add(1);
        if self.computer_toggles > MAX_COMPUTER_TOGGLES {
            self.resume_play_by(color, seen, now, events)
        } else {
            self.toggle_dead(color, p, seen, version, now, events)
        }
    }

    /// Whether a press of Resign by `color` at `now` resigns (else it arms): a second press
    /// within the window, or any press of the computer's.
    pub(super) fn resign_confirmed(&self, color: Color, now: Timestamp) -> bool {
        self.computer_plays(color) || self.resign_armed[color].is_some_and(|until| now <= until)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::computer::Computer;
    use crate::game::matches::tests::{config, t};
    use crate::game::matches::{Action, Ending};
    use crate::game::{ChannelId, GuildId, MatchId, UserId};
    use crate::go::{ByColor, Point, RuleSet};

    /// A game of 7×7: user 20 Black against the computer (user 10) White.
    fn against_the_computer() -> Match {
        let players = ByColor {
            black: UserId(20),
            white: UserId(10),
        };
        let mut m = Match::new(
            MatchId(1),
            GuildId(1),
            ChannelId(1),
            players,
            config(RuleSet::Chinese),
            t(0),
        );
        m.computer = Some(Computer {
            user: UserId(10),
            color: Color::White,
            level: crate::go::Level::Engine,
            may_resign: true,
        });
        m
    }

    #[test]
    fn the_computer_s_first_press_of_resign_resigns_and_a_player_s_arms() {
        let mut m = against_the_computer();
        let armed = m
            .apply(Some(UserId(20)), Action::Resign, None, t(1))
            .unwrap();
        assert!(matches!(armed.as_slice(), [Event::ResignArmed { .. }]));
        assert!(m.is_running());
        m.apply(Some(UserId(10)), Action::Resign, None, t(2))
            .unwrap();
        assert!(matches!(m.ending(), Some(Ending::Finished { .. })));
        assert!(!m.is_running(), "the computer resigned at its first press");
    }

    #[test]
    fn a_stand_in_is_noted_for_the_move_just_played_only() {
        let mut m = against_the_computer();
        let p = Point::new(3, 3).unwrap();
        m.apply(Some(UserId(20)), Action::Play(p), None, t(1))
            .unwrap();
        assert_eq!(
            m.apply(None, Action::StandIn(2), None, t(1)),
            Err(Refusal::NothingToDo),
            "move 2 is not played yet"
        );
        let events = m.apply(None, Action::StandIn(1), None, t(1)).unwrap();
        assert_eq!(
            events,
            vec![Event::EngineFellBack {
                match_id: MatchId(1),
                number: 1
            }]
        );
        assert_eq!(m.stand_in, Some(1));
        m.computer = None;
        assert_eq!(
            m.apply(None, Action::StandIn(1), None, t(1)),
            Err(Refusal::NothingToDo),
            "no computer plays"
        );
    }

    #[test]
    fn the_computer_s_toggles_past_the_cap_resume_play() {
        let mut m = against_the_computer();
        m.apply(Some(UserId(20)), Action::Pass, None, t(1)).unwrap();
        m.apply(Some(UserId(10)), Action::Pass, None, t(2)).unwrap();
        assert!(m.in_agreement(), "two passes open the agreement");
        m.computer_toggles = MAX_COMPUTER_TOGGLES;
        let p = Point::new(3, 3).unwrap();
        let events = m
            .apply(Some(UserId(10)), Action::ToggleDead(p, None), None, t(3))
            .unwrap_or_default();
        assert_eq!(m.computer_toggles, MAX_COMPUTER_TOGGLES + 1);
        assert!(!m.in_agreement(), "play resumed: {events:?}");
    }
}
