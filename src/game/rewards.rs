//! Merit and the title (SPEC §6), as pure decisions; the service reads the ledger (pair
//! already awarded? awards so far?) and writes the result in the same transaction.

use crate::go::{ByColor, Color};

use super::matches::MeritRules;

/// The title earned at [`TITLE_WINS`] wins: "Black-and-White Hand".
pub const TITLE: &str = "黑白手";
/// Wins on a server that earn the title.
pub const TITLE_WINS: u32 = 10;

/// What one merit award gives each side; `None`: that player already took part in
/// `merit-lifetime-cap` awards and gets nothing (and it does not count for them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeritAward {
    pub merit: ByColor<Option<u32>>,
}

/// Decides the merit of a game won by `winner`.
///
/// Once per pair of players for life: `None` if the pair already had its award. Otherwise both
/// get `amount` and the winner `winner_bonus` more, each only while under the lifetime cap.
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
        (awards_so_far[c] < rules.lifetime_cap).then(|| {
            if c == winner {
                rules.amount.saturating_add(rules.winner_bonus)
            } else {
                rules.amount
            }
        })
    });
    Some(MeritAward { merit })
}

/// Whether a player whose wins go from `before` to `before + 1` earns the title now.
pub fn earns_title(wins_before: u32) -> bool {
    wins_before + 1 == TITLE_WINS
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

    #[test]
    fn merit_gives_five_each_and_three_more_to_the_winner() {
        let a = merit_award(&RULES, Color::White, false, ByColor { black: 0, white: 0 }).unwrap();
        assert_eq!(a.merit.white, Some(8));
        assert_eq!(a.merit.black, Some(5));
    }

    #[test]
    fn merit_once_per_pair_for_life() {
        assert!(merit_award(&RULES, Color::Black, true, ByColor { black: 0, white: 0 }).is_none());
    }

    #[test]
    fn merit_lifetime_cap_of_25_awards_per_player() {
        let a = merit_award(
            &RULES,
            Color::Black,
            false,
            ByColor {
                black: 25,
                white: 24,
            },
        )
        .unwrap();
        assert_eq!(a.merit.black, None);
        assert_eq!(a.merit.white, Some(5));
    }

    #[test]
    fn title_at_the_tenth_win() {
        assert!(!earns_title(8));
        assert!(earns_title(9));
        assert!(!earns_title(10));
    }
}
