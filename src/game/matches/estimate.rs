//! The estimate during play (形势判断): a player of a running game asks, privately, who owns
//! what. The server says where it is allowed (`estimate`: off, unranked games, all games) and
//! how many times a player may ask in one game (`estimate-limit`); each use is counted with
//! the match, so that a restart counts on. The estimate itself is the engine's
//! ([`crate::go::position_estimate`], the same judgement as the dead-stone proposal), worked
//! out by the runtime off the async threads once the use is committed.

use crate::go::{EstimateOptions, Komi, PositionEstimate, position_estimate};

use super::{Match, Phase};
use crate::game::refusal::Refusal;
use crate::game::settings::EstimateRule;
use crate::game::{Event, UserId};

impl Match {
    /// Estimates `user` has asked for in this game.
    pub fn estimates_used(&self, user: UserId) -> u32 {
        self.estimates
            .iter()
            .find(|(u, _)| *u == user)
            .map_or(0, |&(_, n)| n)
    }

    /// Whether `user` may ask for an estimate now, under `rule`: a player of the game (not a
    /// spectator), in play (not during a nigiri, the dead-stone agreement, or once over), the
    /// server allowing it for this game (a ranked game needs `all`), and uses left. A game
    /// against the computer is like any other (unranked, it is practice).
    ///
    /// # Errors
    /// The [`Refusal`] that says why not.
    pub fn may_estimate(&self, user: UserId, rule: EstimateRule) -> Result<(), Refusal> {
        if self.color_of(user).is_none() || self.is_computer(user) {
            return Err(Refusal::NotYourGame);
        }
        match self.phase {
            Phase::Play => {}
            Phase::Nigiri(_) => return Err(Refusal::NigiriFirst),
            Phase::Agreement(_) => return Err(Refusal::InAgreement),
            Phase::Ended(_) => return Err(Refusal::GameOver),
        }
        if !rule.policy.allows(false) {
            return Err(Refusal::EstimateOff);
        }
        if !rule.policy.allows(self.config.ranked) {
            return Err(Refusal::EstimateUnrankedOnly);
        }
        if self.estimates_used(user) >= rule.limit {
            return Err(Refusal::EstimatesUsedUp { limit: rule.limit });
        }
        Ok(())
    }

    /// Counts one estimate for `user`; the event says which of how many, and of which move.
    pub(super) fn give_estimate(
        &mut self,
        user: UserId,
        rule: EstimateRule,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        self.may_estimate(user, rule)?;
        let used = self.estimates_used(user) + 1;
        match self.estimates.binary_search_by_key(&user, |&(u, _)| u) {
            Ok(i) => self.estimates[i].1 = used,
            Err(i) => self.estimates.insert(i, (user, used)),
        }
        events.push(Event::EstimateGiven {
            match_id: self.id,
            by: user,
            number: self.move_count(),
            used,
            limit: rule.limit,
        });
        Ok(())
    }

    /// The engine's estimate of the position as it stands, with the game's komi: seeded by the
    /// match and its move count, so the same position of the same game always gets the same
    /// estimate. It runs the playouts (tens of milliseconds on 19×19): call it off the async
    /// threads, and outside the match's lock.
    pub fn position_estimate(&self) -> PositionEstimate {
        let options = EstimateOptions {
            seed: (self.id.get() as u64) ^ (u64::from(self.move_count()) << 32),
            ..EstimateOptions::default()
        };
        let komi: Komi = self.game.rules().komi;
        position_estimate(self.game.board(), komi, options)
    }
}

#[cfg(test)]
mod tests {
    use crate::game::matches::{Action, EndReason, Ending, Match};
    use crate::game::settings::{EstimatePolicy, EstimateRule};
    use crate::game::{ChannelId, Event, GuildId, MatchId, Refusal, UserId};
    use crate::go::{ByColor, RuleSet};

    use super::super::tests::{config, t};

    const ALICE: UserId = UserId(20);
    const BOB: UserId = UserId(10);
    const CAROL: UserId = UserId(99);

    /// A 7×7 game between Alice (Black) and Bob (White), unranked, started at 0.
    fn new_match() -> Match {
        let players = ByColor {
            black: ALICE,
            white: BOB,
        };
        let c = config(RuleSet::Chinese);
        Match::new(MatchId(1), GuildId(1), ChannelId(1), players, c, t(0))
    }

    fn rule(policy: EstimatePolicy, limit: u32) -> EstimateRule {
        EstimateRule { policy, limit }
    }

    fn ask(m: &mut Match, who: UserId, r: EstimateRule) -> Result<Vec<Event>, Refusal> {
        m.apply(Some(who), Action::Estimate(r), None, t(1))
    }

    #[test]
    fn a_player_asks_until_the_limit_and_the_other_counts_apart() {
        let mut m = new_match();
        let r = rule(EstimatePolicy::Unranked, 2);
        let before = m.clone();
        let events = ask(&mut m, ALICE, r).unwrap();
        assert!(matches!(
            events.as_slice(),
            [Event::EstimateGiven {
                used: 1,
                limit: 2,
                number: 0,
                ..
            }]
        ));
        assert_eq!(m.game, before.game, "nothing on the board changes");
        ask(&mut m, ALICE, r).unwrap();
        let after_two = m.clone();
        assert_eq!(
            ask(&mut m, ALICE, r),
            Err(Refusal::EstimatesUsedUp { limit: 2 })
        );
        assert_eq!(m, after_two, "a refusal changes nothing");
        assert_eq!(m.estimates_used(ALICE), 2);
        assert_eq!(m.estimates_used(BOB), 0);
        ask(&mut m, BOB, r).unwrap();
        assert_eq!(m.estimates_used(BOB), 1);
    }

    #[test]
    fn who_may_ask_and_when() {
        // (policy, ranked, limit, who, refusal)
        let table = [
            (
                EstimatePolicy::Unranked,
                false,
                3,
                CAROL,
                Some(Refusal::NotYourGame),
            ),
            (
                EstimatePolicy::Off,
                false,
                3,
                ALICE,
                Some(Refusal::EstimateOff),
            ),
            (
                EstimatePolicy::Off,
                true,
                3,
                ALICE,
                Some(Refusal::EstimateOff),
            ),
            (
                EstimatePolicy::Unranked,
                true,
                3,
                ALICE,
                Some(Refusal::EstimateUnrankedOnly),
            ),
            (EstimatePolicy::All, true, 3, ALICE, None),
            (EstimatePolicy::Unranked, false, 3, BOB, None),
            (
                EstimatePolicy::All,
                false,
                0,
                ALICE,
                Some(Refusal::EstimatesUsedUp { limit: 0 }),
            ),
        ];
        for (policy, ranked, limit, who, refusal) in table {
            let mut m = new_match();
            m.config.ranked = ranked;
            let got = ask(&mut m, who, rule(policy, limit)).err();
            assert_eq!(got, refusal, "{policy:?} ranked={ranked} limit={limit}");
        }
    }

    #[test]
    fn no_estimate_once_the_game_is_over() {
        let mut m = new_match();
        m.apply(Some(ALICE), Action::Resign, None, t(1)).unwrap();
        m.apply(Some(ALICE), Action::Resign, None, t(2)).unwrap();
        assert!(matches!(
            m.ending(),
            Some(Ending::Finished {
                reason: EndReason::Resignation,
                ..
            })
        ));
        let r = rule(EstimatePolicy::All, 3);
        assert_eq!(ask(&mut m, ALICE, r), Err(Refusal::GameOver));
    }

    #[test]
    fn the_estimate_of_a_match_is_the_same_each_time() {
        let m = new_match();
        assert_eq!(m.position_estimate(), m.position_estimate());
    }
}
