//! The set of armed deadlines: the next one of every pending invitation and running match,
//! ordered by time. Pure data; the runtime's scheduler sleeps until [`Timers::next`] and then
//! asks the service to fire what is due.

use std::collections::{BTreeSet, HashMap};

use super::Subject;
use super::time::Timestamp;

/// The next deadline of every invitation and running match, ordered by time.
#[derive(Debug, Default)]
pub struct Timers {
    by_time: BTreeSet<(Timestamp, Subject)>,
    by_id: HashMap<Subject, Timestamp>,
}

impl Timers {
    /// Arms (or re-arms, or with `None` disarms) the timer of `id`.
    pub fn set(&mut self, id: Subject, at: Option<Timestamp>) {
        if let Some(old) = self.by_id.remove(&id) {
            self.by_time.remove(&(old, id));
        }
        if let Some(at) = at {
            self.by_id.insert(id, at);
            self.by_time.insert((at, id));
        }
    }

    /// The earliest armed deadline.
    pub fn next(&self) -> Option<Timestamp> {
        self.by_time.first().map(|&(at, _)| at)
    }

    /// Removes and returns every timer due at `now`, earliest first.
    pub fn take_due(&mut self, now: Timestamp) -> Vec<Subject> {
        let mut due = Vec::new();
        while let Some(&(at, id)) = self.by_time.first() {
            if at > now {
                break;
            }
            self.by_time.pop_first();
            self.by_id.remove(&id);
            due.push(id);
        }
        due
    }

    /// The deadline armed for `id`.
    pub fn get(&self, id: Subject) -> Option<Timestamp> {
        self.by_id.get(&id).copied()
    }

    /// Number of armed timers.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    /// Whether no timer is armed.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{InvitationId, MatchId};

    #[test]
    fn timers_fire_in_time_order_and_rearm_replaces() {
        let t = |ms| Some(Timestamp::from_millis(ms));
        let mut timers = Timers::default();
        timers.set(Subject::Match(MatchId(1)), t(300));
        timers.set(Subject::Invitation(InvitationId(2)), t(100));
        timers.set(Subject::Match(MatchId(3)), t(200));
        timers.set(Subject::Match(MatchId(3)), t(50));
        timers.set(Subject::Match(MatchId(1)), None);
        assert_eq!(timers.next(), t(50));
        assert_eq!(
            timers.take_due(Timestamp::from_millis(150)),
            vec![
                Subject::Match(MatchId(3)),
                Subject::Invitation(InvitationId(2))
            ]
        );
        assert!(timers.is_empty());
    }
}
