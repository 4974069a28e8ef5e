//! The Ing handicap (局差, SPEC §11; the seed's 第六条): how far apart two players' ranks are,
//! in 先 (moves first), and what that distance costs — points paid back (还点) below two 先,
//! free moves (让手) from two 先 up.
//!
//! The seed's table of titles: half a 先 between two dan (段), one 先 between two kyu (级);
//! one 先 is worth 8 points (Black's first move is worth 16, so an even game, 分先, has Black
//! pay back half of it: 8). In an even game a tie goes to Black (和棋黑胜), which is the
//! caller's to apply when it counts the game.
//!
//! Points here are the Ing rules' points (域点); the service turns them into its rule set's
//! komi. The seed's professional ranks (品, a quarter 先 apart) have no [`Rank`] and are left
//! out.

use crate::game::rating::Rank;

/// What one 先 is worth in points.
pub const SEN_POINTS: i32 = 8;

/// The 先 between two neighbouring kyu ranks.
pub const KYU_STEP: f64 = 1.0;

/// The 先 between two neighbouring dan ranks.
pub const DAN_STEP: f64 = 0.5;

/// The widest gap between two ranks (30 kyu and 9 dan): 29 kyu steps, the step to 1 dan, and
/// 8 dan steps, 34 先. A larger number asked of [`ing_handicap`] is taken as this.
pub const MAX_SEN: f64 = 34.0;

/// Where a rank stands on a scale of 先: 30 kyu at 0, one 先 a kyu up to 1 kyu (29), one 先
/// more to 1 dan (30), then half a 先 a dan. Ranks outside 30 kyu–9 dan are taken as the
/// nearest of the two.
fn position(rank: Rank) -> f64 {
    let r = rank.clamp(Rank::WEAKEST, Rank::STRONGEST).0;
    let first_dan = 30;
    if r < first_dan {
        f64::from(r) * KYU_STEP
    } else {
        f64::from(first_dan) * KYU_STEP + f64::from(r - first_dan) * DAN_STEP
    }
}

/// The handicap between two ranks in 先 (never negative; the order does not matter).
///
/// The seed's table gives one 先 between kyu ranks and half a 先 between dan ranks, but not
/// the step from 1 kyu to 1 dan: it is counted one 先, like a kyu step (a kyu player is
/// expected to cross it with the same effort as the kyu below). The seed stops at 9 kyu and
/// calls everything weaker "级外", not told apart; this bot's ranks go to 30 kyu, and each
/// further kyu is one 先 too, so a 15 kyu and a 10 kyu are 5 先 apart.
pub fn sen_between(a: Rank, b: Rank) -> f64 {
    (position(a) - position(b)).abs()
}

/// What a game's handicap is, the Ing way: White's free moves (让手: Black plays, White
/// passes, …, then play goes on in turn), and the points Black pays White at the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IngHandicap {
    /// How many times White passes after Black's moves at the start (0: none).
    pub free_moves: u8,
    /// The points Black gives White, in halves (×2); negative when White gives Black points.
    pub komi_half: i32,
}

impl IngHandicap {
    /// An even game, 分先: no free move, Black gives 8 points.
    pub const EVEN: IngHandicap = IngHandicap {
        free_moves: 0,
        komi_half: 2 * SEN_POINTS,
    };
}

/// The handicap for a difference of `sen` 先, first rounded to the nearest half 先 (a quarter
/// rounds up; a negative or undefined number is taken as 0, one above [`MAX_SEN`] as it).
///
/// Below 2 先 it is paid in points: Black gives 8 − 8h (0 先: 8, the even game; 1 先: 0,
/// 定先; 1½ 先: White gives 4). From 2 先 up White gives h − 1 free moves, rounded down, and
/// the half 先 left over in points (2 先: one free move; 2½ 先: one free move and White gives
/// 4). The two rules meet: 1½ 先 is "no free move and White gives 4" by either.
pub fn ing_handicap(sen: f64) -> IngHandicap {
    let sen = if sen.is_nan() {
        0.0
    } else {
        sen.clamp(0.0, MAX_SEN)
    };
    // Whole half-先, 0..=68: the cast cannot truncate.
    let halves = (sen * 2.0).round() as i32;
    let half_sen_points = SEN_POINTS; // half a 先 is 4 points, 8 half points
    if halves < 2 {
        return IngHandicap {
            free_moves: 0,
            komi_half: 2 * SEN_POINTS - halves * half_sen_points,
        };
    }
    let past_one = halves - 2;
    IngHandicap {
        free_moves: u8::try_from(past_one / 2).unwrap_or(u8::MAX),
        komi_half: -(past_one % 2) * half_sen_points,
    }
}

/// One rank difference converted, for two players of the same kind.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Conversion {
    pub sen: f64,
    pub handicap: IngHandicap,
}

/// One row of the conversion table: a difference of `ranks` between two kyu players and
/// between two dan players (`None` where no two ranks of that kind are so far apart: dan
/// ranks span 8, kyu ranks 29).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableRow {
    pub ranks: u8,
    pub kyu: Option<Conversion>,
    pub dan: Option<Conversion>,
}

fn conversion(a: Rank, b: Option<Rank>) -> Option<Conversion> {
    let sen = sen_between(a, b?);
    Some(Conversion {
        sen,
        handicap: ing_handicap(sen),
    })
}

/// The conversion from rank differences of 0 to `max_ranks` into handicaps, for the docs and
/// the event's terms: each row measured between real ranks (1 kyu and the kyu rank that many
/// below, 1 dan and the dan rank that many above).
pub fn table(max_ranks: u8) -> Vec<TableRow> {
    let one_kyu = Rank(29);
    let one_dan = Rank(30);
    (0..=max_ranks)
        .map(|d| {
            let d_i8 = i8::try_from(d).ok();
            let kyu_below = d_i8
                .and_then(|d| one_kyu.0.checked_sub(d))
                .map(Rank)
                .filter(|r| *r >= Rank::WEAKEST);
            let dan_above = d_i8
                .and_then(|d| one_dan.0.checked_add(d))
                .map(Rank)
                .filter(|r| *r <= Rank::STRONGEST);
            TableRow {
                ranks: d,
                kyu: conversion(one_kyu, kyu_below),
                dan: conversion(one_dan, dan_above),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rating::KyuDan;

    fn rank(kd: KyuDan) -> Rank {
        Rank::from_kyu_dan(kd).unwrap()
    }

    fn h(free_moves: u8, komi_half: i32) -> IngHandicap {
        IngHandicap {
            free_moves,
            komi_half,
        }
    }

    #[test]
    fn kyu_ranks_are_one_sen_apart_and_dan_ranks_half() {
        use KyuDan::*;
        assert_eq!(sen_between(rank(Kyu(5)), rank(Kyu(2))), 3.0);
        assert_eq!(sen_between(rank(Kyu(2)), rank(Kyu(5))), 3.0, "either order");
        assert_eq!(sen_between(rank(Dan(1)), rank(Dan(5))), 2.0);
        assert_eq!(sen_between(rank(Dan(3)), rank(Dan(3))), 0.0);
    }

    #[test]
    fn from_one_kyu_to_one_dan_is_one_sen() {
        use KyuDan::*;
        assert_eq!(sen_between(rank(Kyu(1)), rank(Dan(1))), 1.0);
        assert_eq!(sen_between(rank(Kyu(2)), rank(Dan(3))), 3.0);
    }

    #[test]
    fn below_nine_kyu_each_kyu_is_still_one_sen() {
        use KyuDan::*;
        assert_eq!(sen_between(rank(Kyu(15)), rank(Kyu(10))), 5.0);
        assert_eq!(sen_between(rank(Kyu(30)), rank(Dan(9))), MAX_SEN);
    }

    #[test]
    fn ranks_outside_the_scale_are_clamped() {
        assert_eq!(sen_between(Rank(-5), Rank(0)), 0.0);
        assert_eq!(sen_between(Rank(100), Rank::STRONGEST), 0.0);
    }

    #[test]
    fn below_two_sen_black_pays_eight_points_less_eight_a_sen() {
        assert_eq!(ing_handicap(0.0), IngHandicap::EVEN);
        assert_eq!(ing_handicap(0.0), h(0, 16), "分先: Black gives 8");
        assert_eq!(ing_handicap(0.5), h(0, 8), "Black gives 4");
        assert_eq!(ing_handicap(1.0), h(0, 0), "定先");
        assert_eq!(ing_handicap(1.5), h(0, -8), "White gives 4");
    }

    #[test]
    fn from_two_sen_white_gives_free_moves_and_the_half_in_points() {
        assert_eq!(ing_handicap(2.0), h(1, 0));
        assert_eq!(ing_handicap(2.5), h(1, -8));
        assert_eq!(ing_handicap(3.0), h(2, 0));
        assert_eq!(ing_handicap(9.0), h(8, 0));
    }

    #[test]
    fn the_difference_is_rounded_to_the_nearest_half_sen() {
        assert_eq!(ing_handicap(0.2), ing_handicap(0.0));
        assert_eq!(ing_handicap(0.25), ing_handicap(0.5), "a quarter rounds up");
        assert_eq!(ing_handicap(1.8), ing_handicap(2.0));
        assert_eq!(ing_handicap(2.6), ing_handicap(2.5));
    }

    #[test]
    fn nonsense_differences_do_not_panic() {
        assert_eq!(ing_handicap(-3.0), IngHandicap::EVEN);
        assert_eq!(ing_handicap(f64::NAN), IngHandicap::EVEN);
        assert_eq!(ing_handicap(f64::INFINITY), h(33, 0));
        assert_eq!(ing_handicap(1e300), ing_handicap(MAX_SEN));
    }

    #[test]
    fn the_table_of_nine_ranks() {
        let rows = table(9);
        assert_eq!(rows.len(), 10);
        let kyu: Vec<(f64, IngHandicap)> = rows
            .iter()
            .map(|r| {
                let c = r.kyu.unwrap();
                (c.sen, c.handicap)
            })
            .collect();
        assert_eq!(
            kyu,
            vec![
                (0.0, h(0, 16)),
                (1.0, h(0, 0)),
                (2.0, h(1, 0)),
                (3.0, h(2, 0)),
                (4.0, h(3, 0)),
                (5.0, h(4, 0)),
                (6.0, h(5, 0)),
                (7.0, h(6, 0)),
                (8.0, h(7, 0)),
                (9.0, h(8, 0)),
            ]
        );
        let dan: Vec<Option<(f64, IngHandicap)>> = rows
            .iter()
            .map(|r| r.dan.map(|c| (c.sen, c.handicap)))
            .collect();
        assert_eq!(
            dan,
            vec![
                Some((0.0, h(0, 16))),
                Some((0.5, h(0, 8))),
                Some((1.0, h(0, 0))),
                Some((1.5, h(0, -8))),
                Some((2.0, h(1, 0))),
                Some((2.5, h(1, -8))),
                Some((3.0, h(2, 0))),
                Some((3.5, h(2, -8))),
                Some((4.0, h(3, 0))),
                None,
            ],
            "1 dan to 9 dan is 8 ranks; no two dan ranks are 9 apart"
        );
        assert_eq!(rows[9].ranks, 9);
    }

    #[test]
    fn the_table_stops_where_the_ranks_do() {
        let rows = table(u8::MAX);
        assert_eq!(rows.len(), 256);
        assert!(rows[29].kyu.is_some(), "1 kyu to 30 kyu");
        assert!(rows[30].kyu.is_none());
        assert!(rows[200].dan.is_none());
    }
}
