//! How an event moves on: what a look at a running event decides (removals for absences, then
//! the next round when its turn has come, the referee called when a timed round runs over, or
//! the end), what a look at an event in registration shows, and the changes of stage a
//! moderator makes (start, a team's order, cancel) — as methods of [`Tournament`] that the
//! service asks and then stores.

use super::Board;
use super::terms::{Format, Schedule};
use super::tournament::{Stage, Tournament};
use crate::game::refusal::Refusal;
use crate::game::time::Timestamp;
use crate::game::{MatchId, UserId};

/// Who asks a running event to move on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asker {
    /// A moderator's start of the next round (any schedule).
    Moderator,
    /// The event's own look: a game's end, its deadline, a restart.
    Schedule,
}

/// What a look at a running event decided, after it took off the players absent too often.
#[derive(Debug, Clone, PartialEq)]
pub struct Advance {
    /// Whether a player was removed for absences (罚停) by this look: their status is to be
    /// stored even when nothing else changes.
    pub removed: bool,
    pub next: Next,
}

/// The step an event takes after a look (see [`Tournament::advance`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    /// A moderator asked to start a round while the current one is still played: refused
    /// (and nothing stored).
    RoundNotOver,
    /// Nothing to do until `at`: a timed round's set time (the current round may be over, or
    /// not). The event looks again then.
    WaitUntil(Timestamp),
    /// Nothing to do now: a game of the round is still played (its end looks again), or the
    /// next round waits for a moderator (a manual schedule).
    Idle,
    /// A timed round's time came with `games` still played: the referee is called; each
    /// ruling or end looks again.
    Overdue { round: u32, games: Vec<MatchId> },
    /// The round `round` is to be paired with `boards` (the next, or the current one again
    /// for a knockout's replayed games).
    Pair { round: u32, boards: Vec<Board> },
    /// The format has no round left: the event finishes.
    Finish,
}

/// What a look at an event in registration shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegistrationLook {
    /// Its deadline is still to come: it looks again then.
    WaitUntil(Timestamp),
    /// Its deadline has passed: its announcement is shown again, closed to new players
    /// (showing it twice, after a restart, changes nothing).
    Closed,
    /// No deadline: nothing to show.
    Open,
}

impl Tournament {
    /// Moves a running event on at `now`: first the players absent more often than the terms
    /// allow are removed; then, when the current round is over, the next round is paired if
    /// its turn has come (a moderator's start; round 1; a continuous schedule; a timed one at
    /// its set time), or the event finishes when the format has no round left. A timed round
    /// still played at its set time calls the referee.
    pub fn advance(&mut self, now: Timestamp, by: Asker) -> Advance {
        let removed = self.apply_removals();
        let next = self.next_step(now, by);
        Advance { removed, next }
    }

    /// The step of [`Tournament::advance`] once the removals are made.
    fn next_step(&self, now: Timestamp, by: Asker) -> Next {
        let due = self.next_round_at();
        let by_moderator = by == Asker::Moderator;
        if !self.round_complete() {
            return match due {
                _ if by_moderator => Next::RoundNotOver,
                Some(due) if now < due => Next::WaitUntil(due),
                Some(_) => Next::Overdue {
                    round: self.round,
                    games: self.running_games(),
                },
                None => Next::Idle,
            };
        }
        // A timed round over before its time: the next waits for it.
        if let Some(due) = due.filter(|&d| now < d && !by_moderator && self.round > 0) {
            return Next::WaitUntil(due);
        }
        let may_pair = by_moderator
            || self.round == 0
            || matches!(self.terms.schedule, Schedule::Continuous | Schedule::Timed);
        match self.next_boards() {
            Some((round, boards)) if may_pair => Next::Pair { round, boards },
            Some(_) => Next::Idle,
            None => Next::Finish,
        }
    }

    /// When the event looks again after a round started at `now`: at once when every board is
    /// decided already (byes, forfeits), else at a timed round's set time (or when a game
    /// ends).
    pub fn look_after_start(&self, now: Timestamp) -> Option<Timestamp> {
        if self.round_complete() {
            Some(now)
        } else {
            self.next_round_at()
        }
    }

    /// What a look at an event in registration at `now` shows.
    pub fn registration_look(&self, now: Timestamp) -> RegistrationLook {
        match self.registration_closes_at() {
            Some(closes) if now < closes => RegistrationLook::WaitUntil(closes),
            Some(_) => RegistrationLook::Closed,
            None => RegistrationLook::Open,
        }
    }

    /// A moderator's start: the event's first round (registration closes and the players are
    /// seated, see [`Tournament::start`]), or, once it runs, its next round.
    ///
    /// # Errors
    /// The event is over, or it cannot start yet (see [`Tournament::start`]).
    pub fn moderator_start(&mut self) -> Result<(), Refusal> {
        match self.stage {
            Stage::Registration => self.start(),
            Stage::Running => Ok(()),
            Stage::Finished | Stage::Cancelled => Err(Refusal::EventOver),
        }
    }

    /// Sets an arena's team `team` (0 or 1) in its captain's order: every one of `players`
    /// joins (or moves to) that team, and the team's players go to the end of the list in
    /// that order; whoever was on the team and is not named leaves it.
    ///
    /// # Errors
    /// Not an arena or no such team, the event started, or a player has not entered.
    pub fn set_team(&mut self, team: u8, players: &[UserId]) -> Result<(), Refusal> {
        if self.terms.format != Format::Arena || team > 1 {
            return Err(Refusal::EventTermsNotAllowed);
        }
        if self.stage != Stage::Registration {
            return Err(Refusal::EventStarted);
        }
        if players.iter().any(|p| self.seat_of(*p).is_none()) {
            return Err(Refusal::NotEntered);
        }
        for e in &mut self.entries {
            if e.team == Some(team) {
                e.team = None;
            }
        }
        for &p in players {
            if let Some(seat) = self.seat_of(p) {
                let mut e = self.entries.remove(seat);
                e.team = Some(team);
                self.entries.push(e);
            }
        }
        Ok(())
    }

    /// The event ends: its format has no round left. Its standings are final.
    pub fn finish(&mut self) {
        self.stage = Stage::Finished;
    }

    /// A moderator calls the event off; the matches of its games still being played, which
    /// are to be annulled.
    ///
    /// # Errors
    /// It is over already.
    pub fn cancel(&mut self) -> Result<Vec<MatchId>, Refusal> {
        if matches!(self.stage, Stage::Finished | Stage::Cancelled) {
            return Err(Refusal::EventOver);
        }
        self.stage = Stage::Cancelled;
        Ok(self
            .games
            .iter()
            .filter(|g| g.result.is_none())
            .filter_map(|g| g.match_id)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Duration;
    use crate::game::events::Outcome;
    use crate::game::events::Planned;
    use crate::game::events::tournament::tests::{candidate, event, play_next_round};

    const MINUTE: i64 = 60_000;

    fn at(minutes: i64) -> Timestamp {
        Timestamp::from_millis(minutes * MINUTE)
    }

    /// Four players of a round robin, started (round 0, nothing paired yet).
    fn four(schedule: Schedule) -> Tournament {
        let mut t = event(Format::RoundRobin);
        t.terms.schedule = schedule;
        if schedule == Schedule::Timed {
            t.terms.round_interval = Some(Duration::from_secs(60 * 60));
        }
        for u in 1..=4 {
            t.join(&candidate(u, 1500.0 + u as f64));
        }
        t.moderator_start().unwrap();
        t
    }

    /// Starts the next round as the look decided it, at `now`, each game's match numbered from
    /// `first_id`; its games are left unplayed.
    fn pair(t: &mut Tournament, now: Timestamp, by: Asker, first_id: i64) -> u32 {
        let Next::Pair { round, boards } = t.advance(now, by).next else {
            panic!("no round to pair");
        };
        let planned: Vec<_> = t
            .plan(&boards)
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                let id = matches!(p, Planned::Play(_)).then_some(MatchId(first_id + i as i64));
                (p, id)
            })
            .collect();
        t.begin_round(round, &planned, now);
        round
    }

    #[test]
    fn round_one_is_paired_at_the_start_whatever_the_schedule() {
        for schedule in [Schedule::Manual, Schedule::Continuous, Schedule::Timed] {
            let mut t = four(schedule);
            assert!(matches!(
                t.advance(at(0), Asker::Schedule).next,
                Next::Pair { round: 1, .. }
            ));
            assert_eq!(pair(&mut t, at(0), Asker::Moderator, 10), 1);
        }
    }

    #[test]
    fn a_moderator_cannot_start_a_round_while_one_is_played() {
        let mut t = four(Schedule::Manual);
        pair(&mut t, at(0), Asker::Moderator, 10);
        assert_eq!(t.advance(at(1), Asker::Moderator).next, Next::RoundNotOver);
        // The event's own look waits for the games' ends.
        assert_eq!(t.advance(at(1), Asker::Schedule).next, Next::Idle);
    }

    #[test]
    fn a_manual_schedule_waits_for_the_moderator_and_a_continuous_one_goes_on() {
        for (schedule, on_its_own) in [(Schedule::Manual, false), (Schedule::Continuous, true)] {
            let mut t = four(schedule);
            pair(&mut t, at(0), Asker::Moderator, 10);
            t.record(MatchId(10), Outcome::BlackWon, false);
            t.record(MatchId(11), Outcome::WhiteWon, false);
            let next = t.advance(at(5), Asker::Schedule).next;
            assert_eq!(
                matches!(next, Next::Pair { round: 2, .. }),
                on_its_own,
                "{schedule:?}: {next:?}"
            );
            if !on_its_own {
                assert_eq!(next, Next::Idle);
                assert_eq!(pair(&mut t, at(5), Asker::Moderator, 20), 2);
            }
        }
    }

    #[test]
    fn a_timed_round_waits_for_its_time_then_calls_the_referee_for_games_still_played() {
        let mut t = four(Schedule::Timed);
        pair(&mut t, at(0), Asker::Schedule, 10);
        // Before its hour: the look waits for it, played or not.
        assert_eq!(
            t.advance(at(30), Asker::Schedule).next,
            Next::WaitUntil(at(60))
        );
        t.record(MatchId(10), Outcome::BlackWon, false);
        assert_eq!(
            t.advance(at(60), Asker::Schedule).next,
            Next::Overdue {
                round: 1,
                games: vec![MatchId(11)]
            }
        );
        t.record(MatchId(11), Outcome::Draw, false);
        // The round over early: the next still waits for its time, unless a moderator starts it.
        let mut early = t.clone();
        assert_eq!(
            t.advance(at(40), Asker::Schedule).next,
            Next::WaitUntil(at(60))
        );
        assert_eq!(pair(&mut early, at(40), Asker::Moderator, 20), 2);
        assert_eq!(pair(&mut t, at(61), Asker::Schedule, 20), 2);
        assert_eq!(t.look_after_start(at(61)), Some(at(121)));
    }

    #[test]
    fn removals_are_made_first_and_reported() {
        let mut t = four(Schedule::Continuous);
        pair(&mut t, at(0), Asker::Schedule, 10);
        t.entries[3].absences = 2;
        let a = t.advance(at(1), Asker::Schedule);
        assert!(a.removed);
        assert_eq!(a.next, Next::Idle);
        assert!(!t.is_active(3));
        assert!(!t.advance(at(2), Asker::Schedule).removed, "removed once");
    }

    #[test]
    fn an_event_with_no_round_left_finishes() {
        let mut t = event(Format::RoundRobin);
        for u in 1..=2 {
            t.join(&candidate(u, 1500.0));
        }
        t.moderator_start().unwrap();
        assert_eq!(play_next_round(&mut t, 10), 1);
        assert_eq!(t.advance(at(1), Asker::Schedule).next, Next::Finish);
        t.finish();
        assert_eq!(t.stage, Stage::Finished);
        assert_eq!(t.moderator_start(), Err(Refusal::EventOver));
        assert_eq!(t.cancel(), Err(Refusal::EventOver));
    }

    #[test]
    fn a_round_whose_boards_are_all_decided_looks_again_at_once() {
        let mut t = four(Schedule::Manual);
        pair(&mut t, at(0), Asker::Moderator, 10);
        assert_eq!(t.look_after_start(at(0)), None, "its games are played");
        // Two players, one of whom withdrew: round 1's only game is lost without play.
        let mut t = event(Format::RoundRobin);
        for u in 1..=2 {
            t.join(&candidate(u, 1500.0));
        }
        t.moderator_start().unwrap();
        t.withdraw(UserId(2)).unwrap();
        pair(&mut t, at(3), Asker::Moderator, 10);
        assert_eq!(t.games[0].result.map(|(_, forfeit)| forfeit), Some(true));
        assert_eq!(t.look_after_start(at(3)), Some(at(3)));
    }

    #[test]
    fn registration_is_looked_at_until_its_deadline() {
        let mut t = event(Format::RoundRobin);
        assert_eq!(t.registration_look(at(0)), RegistrationLook::Open);
        t.terms.registration = Some(Duration::from_secs(60 * 60));
        assert_eq!(
            t.registration_look(at(59)),
            RegistrationLook::WaitUntil(at(60))
        );
        assert_eq!(t.registration_look(at(60)), RegistrationLook::Closed);
    }

    #[test]
    fn an_arena_team_is_set_in_its_captain_s_order() {
        let mut t = event(Format::Arena);
        for u in 1..=4 {
            t.join(&candidate(u, 1500.0));
        }
        let users = |t: &Tournament| -> Vec<(u64, Option<u8>)> {
            t.entries.iter().map(|e| (e.user.get(), e.team)).collect()
        };
        t.set_team(1, &[UserId(3), UserId(1)]).unwrap();
        assert_eq!(
            users(&t),
            vec![(2, None), (4, None), (3, Some(1)), (1, Some(1))]
        );
        // Set again: whoever is not named leaves the team.
        t.set_team(1, &[UserId(4)]).unwrap();
        assert_eq!(
            users(&t),
            vec![(2, None), (3, None), (1, None), (4, Some(1))]
        );
        assert_eq!(t.set_team(2, &[]), Err(Refusal::EventTermsNotAllowed));
        assert_eq!(t.set_team(0, &[UserId(9)]), Err(Refusal::NotEntered));
        t.set_team(0, &[UserId(2), UserId(3), UserId(1)]).unwrap();
        t.moderator_start().unwrap();
        assert_eq!(t.set_team(0, &[UserId(2)]), Err(Refusal::EventStarted));
        let mut rr = event(Format::RoundRobin);
        rr.join(&candidate(1, 1500.0));
        assert_eq!(
            rr.set_team(0, &[UserId(1)]),
            Err(Refusal::EventTermsNotAllowed)
        );
    }

    #[test]
    fn a_cancelled_event_names_the_games_to_annul() {
        let mut t = four(Schedule::Continuous);
        pair(&mut t, at(0), Asker::Schedule, 10);
        t.record(MatchId(10), Outcome::BlackWon, false);
        assert_eq!(t.cancel(), Ok(vec![MatchId(11)]));
        assert_eq!(t.stage, Stage::Cancelled);
        assert_eq!(t.cancel(), Err(Refusal::EventOver));
    }
}
