//! Deadlines: automatic passes, abandonment, the real-time cap, and restarts.

use crate::go::{Color, GameResult, Move, fixed_points};

use super::{AbandonCause, EndReason, Ended, Ending, Match, Phase};
use crate::game::Event;
use crate::game::refusal::Refusal;
use crate::game::time::{Duration, Timestamp};

impl Match {
    /// Fires every deadline due at `now`, in time order: automatic passes, abandonment.
    ///
    /// # Errors
    /// [`Refusal::NothingToDo`] when nothing was due.
    pub(super) fn tick(&mut self, now: Timestamp) -> Result<Vec<Event>, Refusal> {
        let mut events = Vec::new();
        while self.is_running() {
            let Some(due) = self.next_deadline().filter(|&d| d <= now) else {
                break;
            };
            if !self.fire(due, &mut events) {
                break;
            }
        }
        if events.is_empty() {
            Err(Refusal::NothingToDo)
        } else {
            Ok(events)
        }
    }

    /// Fires the deadline due at `due`; `false` if the clock must stop looking for now.
    fn fire(&mut self, due: Timestamp, events: &mut Vec<Event>) -> bool {
        if self.ends_at <= due && self.in_agreement() {
            // Both passed before the cap: the game is counted, not abandoned, with the
            // marking as it stands (as when the turn runs out during the agreement).
            self.accept_for_all(events);
            self.score(self.ends_at, events);
        } else if self.ends_at <= due {
            self.end(
                Ending::Abandoned(AbandonCause::TimeCap),
                self.ends_at,
                events,
            );
        } else if let Some(at) = self.absence_deadline().filter(|&at| at <= due) {
            // No first move within an event's start window: the game is lost by forfeit (by
            // both, void, when neither turned up).
            let result = match self.absentees().as_slice() {
                [absent] => GameResult::Forfeit { winner: !*absent },
                _ => GameResult::Void,
            };
            let ending = Ending::Finished {
                result,
                reason: EndReason::Absence,
            };
            self.end(ending, at, events);
        } else if let Some(c) = Color::ALL
            .into_iter()
            .find(|&c| self.offline_until[c].is_some_and(|u| u <= due))
        {
            self.end(Ending::Abandoned(AbandonCause::Offline(c)), due, events);
        } else if self.in_nigiri() {
            // Nothing else is due while the colours are decided (see `next_deadline`).
            return false;
        } else if self.in_agreement() {
            // Away for the turn timeout during agreement: accepts the marking as it stands.
            self.accept_for_all(events);
            self.score(due, events);
        } else if let Some(at) = self
            .next_reminder()
            .filter(|&r| r <= due && r < self.turn_deadline)
        {
            self.reminded += 1;
            events.push(Event::ClockReminder {
                match_id: self.id,
                player: self.player_to_move(),
                at,
                deadline: self.turn_deadline,
            });
        } else if self.is_consultation() && self.close_vote(due, events) {
            // The team's window closed on its votes: their move is played.
        } else if self.config.time.is_real_clock() && !self.placing() {
            self.lose_on_time(due, events);
        } else {
            return self.automatic_pass(due, events);
        }
        true
    }

    /// The player to move ran out of time on a real clock: they lose (`B+T`, `W+T`), their
    /// clock at zero.
    fn lose_on_time(&mut self, due: Timestamp, events: &mut Vec<Event>) {
        let loser = self.game.to_move();
        self.charge(loser, due);
        self.end(
            Ending::Finished {
                result: GameResult::Time { winner: !loser },
                reason: EndReason::Time,
            },
            due,
            events,
        );
    }

    /// The turn ran out: an automatic pass, dated at the deadline, and the next turn counts
    /// from then (so a catch-up never gives extra time). Two in a row abandon the game.
    fn automatic_pass(&mut self, due: Timestamp, events: &mut Vec<Event>) -> bool {
        if self.placing() {
            self.place_remaining_stones(due, events);
            return true;
        }
        let color = self.game.to_move();
        let second =
            self.automatic.last() == Some(&true) && self.resumed_at != Some(self.move_count());
        let before = self.move_count();
        self.play(color, Move::Pass, true, due, events);
        if self.move_count() == before {
            // The engine refused the pass (a game it holds over): never spin on a deadline
            // that stays due; the next turn starts from this one, and says so.
            self.turn_deadline = due + self.config.turn_timeout.max(Duration::from_millis(1));
            events.push(Event::TurnRenewed {
                match_id: self.id,
                deadline: self.turn_deadline,
            });
            return false;
        }
        if !second {
            return true;
        }
        let abandoned = Ending::Abandoned(AbandonCause::TwoAutomaticPasses);
        if self.is_running() {
            // The two passes opened the agreement phase, or the rules let play go on.
            self.end(abandoned, due, events);
        } else {
            // Two automatic passes ended the game in the engine too: still abandoned, not
            // counted.
            if let Some(Event::Ended { ending, .. }) = events.last_mut() {
                *ending = abandoned;
            }
            self.phase = Phase::Ended(Ended {
                ending: abandoned,
                at: due,
                marking: None,
            });
        }
        true
    }

    /// Black's turn to place free handicap stones ran out: the rest go on the fixed points
    /// still free, in their usual order, and White's turn starts.
    fn place_remaining_stones(&mut self, due: Timestamp, events: &mut Vec<Event>) {
        let points = fixed_points(self.config.size, self.config.handicap).unwrap_or_default();
        for p in points {
            if !self.placing() {
                break;
            }
            if self.game.board().get(p).is_none() {
                self.place_handicap_stone(p, true, due, events);
            }
        }
        if self.placing() {
            // No fixed point left free (cannot happen: there are as many as stones): never
            // spin on a deadline that stays due.
            self.turn_deadline = due + self.config.turn_timeout.max(Duration::from_millis(1));
        }
    }

    /// After a restart (SPEC §5): a turn whose deadline fell while the bot was down gets a
    /// fresh turn; an offline player's grace starts again (their presence is unknown until the
    /// gateway says); armed resignations are dropped. The real-time cap keeps counting.
    ///
    /// On a real clock the player to move gets back `downtime`, the time the bot was down: the
    /// turn counts as started that much later.
    pub fn resume(&mut self, now: Timestamp, downtime: Duration) -> Vec<Event> {
        let mut events = Vec::new();
        if !self.is_running() {
            return events;
        }
        // A real clock, or a team's window with its votes so far: counted on from where it
        // stood.
        let counted_on = self.config.time.is_real_clock() || self.is_consultation();
        if counted_on && matches!(self.phase, Phase::Play) {
            if !downtime.is_zero() {
                self.given_back = downtime;
                self.turn_started = self.turn_started + downtime;
                self.turn_deadline = self.turn_deadline + downtime;
                events.push(Event::TimeGivenBack {
                    match_id: self.id,
                    player: self.player_to_move(),
                    given: downtime,
                    deadline: self.turn_deadline,
                });
            }
        } else if self.turn_deadline <= now {
            self.turn_deadline = now + self.config.turn_timeout;
            events.push(Event::TurnRenewed {
                match_id: self.id,
                deadline: self.turn_deadline,
            });
        }
        for c in Color::ALL {
            if self.offline_until[c].is_some_and(|u| u <= now) {
                self.offline_until[c] = Some(now + self.config.grace);
            }
            self.resign_armed[c] = None;
        }
        events
    }
}
