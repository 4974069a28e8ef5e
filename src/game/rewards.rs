//! Merit and the title (SPEC §6), as pure decisions; the service reads the ledger (pair
//! already awarded? awards so far?) and writes the result in the same transaction.

use crate::go::{ByColor, Color};

use super::matches::MeritRules;

/// The title earned at [`TITLE_WINS`] wins: "Black-and-White Hand".
pub const TITLE: &str = "黑白手";
/// Wins on a server that earn the title.
pub const TITLE_WINS: u32 = 10;

/// What one merit award gives each side; `None`: that player already took part in
/// `merit-lifetime-cap` awards (or the award is worth nothing) and gets nothing, which does not
/// count for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeritAward {
    pub merit: ByColor<Option<u32>>,
}

impl MeritAward {
    /// Whether it pays anyone anything: an award that pays nothing leaves the pair's award
    /// unused, so that a cap raised later still pays them.
    pub fn pays(&self) -> bool {
        self.merit.black.is_some() || self.merit.white.is_some()
    }
}

/// Decides the merit of a game won by `winner`.
///
/// Once per pair of players for life: `None` if the pair already had its award. Otherwise both
/// get `amount` and the winner `winner_bonus` more, each only while under the lifetime cap and
/// only if that is more than nothing.
pub fn merit_award(
    rules: &MeritRules,
    winner: Color,
    pair_already_awarded: bool,
    awards_so_far: ByColor<u32>,
) -> Option<MeritAward> {
    if pair_already_awarded {
        return None;
    }
    let merit = ByColor::new_with(|c| {
        let amount = if c == winner {
            rules.amount.saturating_add(rules.winner_bonus)
        } else {
            rules.amount
        };
        (awards_so_far[c] < rules.lifetime_cap && amount > 0).then_some(amount)
    });
    Some(MeritAward { merit })
}

/// Whether a player now at `wins` wins, without the title so far, earns it: the one rule the
/// service applies after every win.
pub fn earns_title(wins: u32, already_titled: bool) -> bool {
    !already_titled && wins >= TITLE_WINS
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: MeritRules = MeritRules {
        min_moves: 20,
        amount: 5,
        winner_bonus: 3,
        lifetime_cap: 25,
    };

    fn so_far(black: u32, white: u32) -> ByColor<u32> {
        ByColor { black, white }
    }

    #[test]
    fn merit_gives_five_each_and_three_more_to_the_winner() {
        let a = merit_award(&RULES, Color::White, false, so_far(0, 0)).unwrap();
        assert_eq!(a.merit.white, Some(8));
        assert_eq!(a.merit.black, Some(5));
        assert!(a.pays());
    }

    #[test]
    fn merit_once_per_pair_for_life() {
        assert!(merit_award(&RULES, Color::Black, true, so_far(0, 0)).is_none());
    }

    #[test]
    fn merit_lifetime_cap_of_25_awards_per_player() {
        let a = merit_award(&RULES, Color::Black, false, so_far(25, 24)).unwrap();
        assert_eq!(a.merit.black, None);
        assert_eq!(a.merit.white, Some(5));
    }

    #[test]
    fn an_award_that_pays_no_one_is_not_an_award() {
        let both_capped = merit_award(&RULES, Color::Black, false, so_far(25, 25)).unwrap();
        assert!(!both_capped.pays());
        let cap_zero = MeritRules {
            lifetime_cap: 0,
            ..RULES
        };
        assert!(
            !merit_award(&cap_zero, Color::Black, false, so_far(0, 0))
                .unwrap()
                .pays()
        );
        let worth_nothing = MeritRules {
            amount: 0,
            winner_bonus: 0,
            ..RULES
        };
        assert!(
            !merit_award(&worth_nothing, Color::Black, false, so_far(0, 0))
                .unwrap()
                .pays()
        );
    }

    #[test]
    fn title_at_the_tenth_win_and_only_once() {
        assert!(!earns_title(9, false));
        assert!(earns_title(10, false));
        assert!(!earns_title(10, true), "held already");
        assert!(
            earns_title(12, false),
            "never missed, even if wins came before"
        );
    }
}
