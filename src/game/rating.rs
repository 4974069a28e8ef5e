//! Ratings and ranks of ranked play: Glicko-2 (through `skillratings`) with OGS's published
//! choices, the rank a rating stands for (30 kyu to 9 dan), and the rank a player *holds*,
//! which moves in whole steps with some hysteresis so that it does not flicker after every
//! game.

use std::fmt;

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// A new player's rating, deviation and volatility (OGS).
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// Glicko-2's system constant τ: how fast the volatility may change (OGS: 0.5).
pub const TAU: f64 = 0.5;

/// The deviation is kept within these bounds (OGS): never so sure that a player cannot move,
/// never vaguer than a new player's by much.
pub const DEVIATION_MIN: f64 = 30.0;
pub const DEVIATION_MAX: f64 = 500.0;

/// A rating whose deviation is above this is provisional (OGS: 160).
pub const PROVISIONAL_ABOVE: f64 = 160.0;

/// The deviation given to a rating set from a rank a player states: wide, so the first games
/// correct a wrong statement quickly.
pub const STATED_DEVIATION: f64 = 300.0;

/// The strongest rank a player may state for themself (Fox lets one choose up to 3 dan).
pub const STRONGEST_STATED: Rank = Rank(32);

/// How far past the edge of the rank it holds a rating must go before the held rank moves: a
/// quarter of a rank. With a settled deviation a win or a loss between equals moves the
/// rating by about a fifth of a rank, so a single game at the edge never flips the rank back
/// and forth, and two or three in a row do move it.
pub const HYSTERESIS: f64 = 0.25;

/// A Glicko-2 rating on the usual (1500) scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A game's result for the first player of a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }

    /// The same game from the other player's side.
    pub fn flipped(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

impl Rating {
    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko(g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation.clamp(DEVIATION_MIN, DEVIATION_MAX),
            volatility: g.volatility,
        }
    }

    /// The rating a player who states `rank` starts from: the middle of that rank, with a
    /// wide deviation.
    pub fn stated(rank: Rank) -> Rating {
        Rating {
            rating: rating_of(f64::from(rank.0) + 0.5),
            deviation: STATED_DEVIATION,
            volatility: START.volatility,
        }
    }

    /// Whether the rating is still provisional.
    pub fn is_provisional(self) -> bool {
        self.deviation > PROVISIONAL_ABOVE
    }

    /// The rank this rating stands for, as a fraction (0 = 30 kyu, 29 = 1 kyu, 30 = 1 dan).
    pub fn rank_value(self) -> f64 {
        rank_value(self.rating)
    }

    /// The rating as seen across a handicap of `ranks` (an opponent who gave that many ranks
    /// of handicap plays this rating as if it were so many ranks stronger), as OGS accounts
    /// for handicap in its updates.
    pub fn with_handicap(self, ranks: f64) -> Rating {
        Rating {
            rating: rating_of(self.rank_value() + ranks),
            ..self
        }
    }
}

/// Glicko-2's update of `player` after a rating period of `results` (each an opponent's
/// rating and the player's score against them), the deviation kept within its bounds.
pub fn rate_period(player: Rating, results: &[(Rating, Score)]) -> Rating {
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(r, s)| (r.glicko(), s.outcome()))
        .collect();
    Rating::from_glicko(glicko2_rating_period(&player.glicko(), &results, &config))
}

/// Both players' ratings after one game between them: `score` is Black's, and Black received
/// `handicap_ranks` ranks of handicap (0 in an even game), so each is rated against the other
/// as the handicap made them.
pub fn rate_game(
    black: Rating,
    white: Rating,
    score: Score,
    handicap_ranks: f64,
) -> (Rating, Rating) {
    let black_seen = black.with_handicap(handicap_ranks);
    let white_seen = white.with_handicap(-handicap_ranks);
    let black_after = rate_period(black, &[(white_seen, score)]);
    let white_after = rate_period(white, &[(black_seen, score.flipped())]);
    (black_after, white_after)
}

/// How many ranks a handicap is worth on a board of `size` (OGS's scaling: a stone is a rank
/// on 19×19, about three on 13×13, six on 9×9): an even game with komi is none, a game
/// without komi half a stone, each further stone one.
pub fn handicap_ranks(size: u8, handicap: u8) -> f64 {
    let stones = match handicap {
        0 => 0.0,
        1 => 0.5,
        n => f64::from(n) - 0.5,
    };
    stones * ranks_a_stone(size)
}

/// The handicap a ranked game between players `ranks` apart gets on a board of `size`, as OGS
/// gives it: a stone for each rank a stone is worth there (one on 19×19, three on 13×13, six
/// on 9×9), rounded; one stone is a game without komi; never more stones than the board holds
/// (`max_stones`).
pub fn ranked_handicap(size: u8, ranks: f64, max_stones: u8) -> u8 {
    let stones = (ranks.abs() / ranks_a_stone(size)).round();
    let cap = f64::from(max_stones.max(1));
    stones.min(cap) as u8
}

/// How many ranks a handicap stone is worth on a board of `size` (OGS's scaling).
fn ranks_a_stone(size: u8) -> f64 {
    match size {
        17.. => 1.0,
        12..=16 => 3.0,
        _ => 6.0,
    }
}

/// OGS's rank of a rating: `ln(rating / 525) × 23.15`, 30 kyu at 0, 1 dan at 30.
pub fn rank_value(rating: f64) -> f64 {
    (rating.max(1.0) / 525.0).ln() * 23.15
}

/// The rating at a rank value, the inverse of [`rank_value`].
pub fn rating_of(rank_value: f64) -> f64 {
    525.0 * (rank_value / 23.15).exp()
}

/// A whole rank: 0 is 30 kyu, 29 is 1 kyu, 30 is 1 dan, 38 is 9 dan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(pub i8);

impl Rank {
    /// The weakest rank, 30 kyu.
    pub const WEAKEST: Rank = Rank(0);
    /// The strongest rank, 9 dan.
    pub const STRONGEST: Rank = Rank(38);

    /// The rank stored as its number (0 = 30 kyu); `None` for a number outside 30 kyu–9 dan
    /// (a row the schema's `CHECK` should have kept out: the caller reports it, never guesses).
    pub fn from_stored(n: i64) -> Option<Rank> {
        i8::try_from(n)
            .ok()
            .map(Rank)
            .filter(|r| (Rank::WEAKEST..=Rank::STRONGEST).contains(r))
    }

    /// The whole rank a rank value falls in, within 30 kyu–9 dan.
    pub fn of(value: f64) -> Rank {
        let floor = value.floor().clamp(0.0, 38.0);
        Rank(floor as i8)
    }

    /// Kyu (from 30 down to 1) or dan (from 1 up to 9).
    pub fn kyu_dan(self) -> KyuDan {
        if self.0 < 30 {
            KyuDan::Kyu(30 - self.0)
        } else {
            KyuDan::Dan(self.0 - 29)
        }
    }

    /// The rank of `n` kyu (1–30) or `n` dan (1–9).
    pub fn from_kyu_dan(kd: KyuDan) -> Option<Rank> {
        match kd {
            KyuDan::Kyu(n @ 1..=30) => Some(Rank(30 - n)),
            KyuDan::Dan(n @ 1..=9) => Some(Rank(29 + n)),
            _ => None,
        }
    }

    /// The rank a player holds after their rating moved to `value`: a provisional rating
    /// follows its rank at once; a settled one keeps the rank held while `value` stays within
    /// [`HYSTERESIS`] of it, and otherwise takes the rank `value` falls in.
    pub fn held_after(self, value: f64, provisional: bool) -> Rank {
        let inside =
            value >= f64::from(self.0) - HYSTERESIS && value < f64::from(self.0) + 1.0 + HYSTERESIS;
        if !provisional && inside {
            self
        } else {
            Rank::of(value)
        }
    }
}

impl std::str::FromStr for Rank {
    type Err = ();

    /// Reads `5k`, `5 kyu`, `1d`, `3 dan` (any case, spaces allowed).
    fn from_str(text: &str) -> Result<Rank, ()> {
        let t = text.trim().to_ascii_lowercase().replace(' ', "");
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        let n: i8 = digits.parse().map_err(|_| ())?;
        let kd = match &t[digits.len()..] {
            "k" | "kyu" => KyuDan::Kyu(n),
            "d" | "dan" => KyuDan::Dan(n),
            _ => return Err(()),
        };
        Rank::from_kyu_dan(kd).ok_or(())
    }
}

/// The ranks an open challenge admits, both ends included (`5k-1d`, or one rank: `3k`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankRange {
    pub lo: Rank,
    pub hi: Rank,
}

impl RankRange {
    /// Whether `rank` is within the range.
    pub fn contains(self, rank: Rank) -> bool {
        (self.lo..=self.hi).contains(&rank)
    }
}

impl std::str::FromStr for RankRange {
    type Err = ();

    /// Reads `5k-1d`, `1d - 5k` (either order), or one rank `3k`.
    fn from_str(text: &str) -> Result<RankRange, ()> {
        let (a, b) = text
            .split_once(['-', '–', '~', '〜', '～'])
            .unwrap_or((text, text));
        let (a, b): (Rank, Rank) = (a.parse()?, b.parse()?);
        Ok(RankRange {
            lo: a.min(b),
            hi: a.max(b),
        })
    }
}

impl fmt::Display for RankRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lo == self.hi {
            write!(f, "{}", self.lo)
        } else {
            write!(f, "{}–{}", self.lo, self.hi)
        }
    }
}

/// A rank as players say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KyuDan {
    Kyu(i8),
    Dan(i8),
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kyu_dan() {
            KyuDan::Kyu(n) => write!(f, "{n} kyu"),
            KyuDan::Dan(n) => write!(f, "{n} dan"),
        }
    }
}

/// A player's standing in ranked play on a server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Standing {
    /// The rank held (it moves with some hysteresis, see this module).
    pub rank: Rank,
    pub rating: f64,
    pub deviation: f64,
    /// Still provisional (a wide deviation): the rank is a first estimate.
    pub provisional: bool,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Wins (positive) or losses (negative) in a row.
    pub streak: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko2.pdf): a player at
    /// 1500 ± 200, volatility 0.06, τ 0.5, beats a 1400 ± 30 and loses to a 1550 ± 100 and a
    /// 1700 ± 300 in one period: 1464.06 ± 151.52, volatility 0.05999.
    #[test]
    fn the_papers_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = rate_period(
            player,
            &[
                (opp(1400.0, 30.0), Score::Win),
                (opp(1550.0, 100.0), Score::Loss),
                (opp(1700.0, 300.0), Score::Loss),
            ],
        );
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    #[test]
    fn ranks_follow_ogs() {
        assert_eq!(Rank::of(rank_value(1500.0)).to_string(), "6 kyu");
        assert_eq!(
            Rank::of(rank_value(rating_of(30.0) + 0.01)).to_string(),
            "1 dan"
        );
        assert_eq!(
            Rank::of(rank_value(rating_of(30.0) - 0.01)).to_string(),
            "1 kyu"
        );
        assert_eq!(Rank::of(-3.0), Rank::WEAKEST, "never below 30 kyu");
        assert_eq!(Rank::of(99.0), Rank::STRONGEST, "never above 9 dan");
        assert!(close(rank_value(rating_of(17.3)), 17.3, 1e-9));
        for n in 1..=30 {
            let r = Rank::from_kyu_dan(KyuDan::Kyu(n)).unwrap();
            assert_eq!(r.kyu_dan(), KyuDan::Kyu(n));
        }
        assert_eq!(Rank::from_kyu_dan(KyuDan::Dan(9)), Some(Rank::STRONGEST));
        assert_eq!(Rank::from_kyu_dan(KyuDan::Dan(10)), None);
        assert_eq!(Rank::from_kyu_dan(KyuDan::Kyu(0)), None);
        assert_eq!(STRONGEST_STATED.to_string(), "3 dan");
        assert_eq!("5k".parse::<Rank>(), Ok(Rank(25)));
        assert_eq!(" 12 Kyu ".parse::<Rank>(), Ok(Rank(18)));
        assert_eq!("1d".parse::<Rank>(), Ok(Rank(30)));
        assert_eq!("3 dan".parse::<Rank>(), Ok(STRONGEST_STATED));
        for bad in ["", "k", "31k", "0k", "10d", "5p", "five kyu", "-3k"] {
            assert!(bad.parse::<Rank>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_deviation_stays_within_its_bounds() {
        let mut settled = Rating {
            rating: 1500.0,
            deviation: 31.0,
            volatility: 0.01,
        };
        for _ in 0..50 {
            (settled, _) = rate_game(settled, settled, Score::Win, 0.0);
        }
        assert!(settled.deviation >= DEVIATION_MIN, "{settled:?}");
        let vague = Rating {
            deviation: 490.0,
            volatility: 0.5,
            ..START
        };
        let after = rate_period(vague, &[]);
        assert!(after.deviation <= DEVIATION_MAX, "{after:?}");
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers_and_handicap_softens_both() {
        let a = Rating {
            rating: 1500.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let (b_win, w_loss) = rate_game(a, a, Score::Win, 0.0);
        assert!(b_win.rating > a.rating && w_loss.rating < a.rating);
        // A win with three ranks of handicap is worth less than an even one.
        let (b_hc, w_hc) = rate_game(a, a, Score::Win, 3.0);
        assert!(b_hc.rating - a.rating < b_win.rating - a.rating);
        assert!(a.rating - w_hc.rating < a.rating - w_loss.rating);
    }

    /// The rank held moves only once the rating is a quarter rank past its edge.
    #[test]
    fn a_held_rank_survives_a_loss_inside_its_hysteresis_and_drops_after_enough() {
        let ten_kyu = Rank::from_kyu_dan(KyuDan::Kyu(10)).unwrap();
        assert_eq!(ten_kyu, Rank(20));
        let mut rating = Rating {
            rating: rating_of(20.1),
            deviation: 70.0,
            volatility: 0.06,
        };
        let opponent = rating;
        let mut held = ten_kyu;
        let mut values = Vec::new();
        let mut losses = 0;
        while held == ten_kyu {
            rating = rate_period(rating, &[(opponent, Score::Loss)]);
            losses += 1;
            values.push(rating.rank_value());
            held = held.held_after(rating.rank_value(), rating.is_provisional());
            assert!(losses < 10, "{values:?}");
        }
        assert!(
            losses >= 2,
            "one loss at the edge does not drop the rank: {values:?}"
        );
        assert!(
            values[0] < 20.0,
            "the first loss fell below the edge: {values:?}"
        );
        assert_eq!(held, Rank(19), "{values:?}");
        assert_eq!(held.to_string(), "11 kyu");
        // A provisional rating follows its rank at once.
        assert_eq!(ten_kyu.held_after(19.9, true), Rank(19));
        // A climb is the same: past 21.25 it holds 9 kyu.
        assert_eq!(ten_kyu.held_after(21.2, false), ten_kyu);
        assert_eq!(ten_kyu.held_after(21.3, false), Rank(21));
    }

    #[test]
    fn a_handicap_is_worth_more_ranks_on_a_smaller_board() {
        assert_eq!(handicap_ranks(19, 0), 0.0);
        assert_eq!(handicap_ranks(19, 1), 0.5);
        assert_eq!(handicap_ranks(19, 4), 3.5);
        assert_eq!(handicap_ranks(13, 2), 4.5);
        assert_eq!(handicap_ranks(9, 2), 9.0);
    }

    #[test]
    fn the_rank_difference_chooses_the_handicap() {
        // 19×19: a rank a stone; under half a rank even, one rank no komi.
        assert_eq!(ranked_handicap(19, 0.4, 9), 0);
        assert_eq!(ranked_handicap(19, 1.0, 9), 1);
        assert_eq!(ranked_handicap(19, 3.4, 9), 3);
        assert_eq!(
            ranked_handicap(19, 20.0, 9),
            9,
            "never more than the board holds"
        );
        // 9×9: six ranks a stone.
        assert_eq!(ranked_handicap(9, 2.0, 9), 0);
        assert_eq!(ranked_handicap(9, 4.0, 9), 1);
        assert_eq!(ranked_handicap(9, 10.0, 9), 2);
        assert_eq!(
            ranked_handicap(5, 8.0, 0),
            1,
            "no stones on 5×5: no komi at most"
        );
    }

    #[test]
    fn a_stated_rank_starts_in_its_middle_with_a_wide_deviation() {
        let three_dan = Rating::stated(STRONGEST_STATED);
        assert_eq!(Rank::of(three_dan.rank_value()), STRONGEST_STATED);
        assert!(three_dan.is_provisional());
        assert!(START.is_provisional());
    }

    #[test]
    fn a_rank_range_reads_either_order_or_one_rank() {
        let r: RankRange = "1d-5k".parse().expect("a range");
        assert_eq!(
            (r.lo.to_string(), r.hi.to_string()),
            ("5 kyu".into(), "1 dan".into())
        );
        assert!(r.contains("3k".parse().expect("a rank")));
        assert!(!r.contains("6k".parse().expect("a rank")));
        assert!(!r.contains("2d".parse().expect("a rank")));
        assert_eq!(r.to_string(), "5 kyu–1 dan");
        let one: RankRange = "3 kyu".parse().expect("one rank");
        assert_eq!(one.to_string(), "3 kyu");
        assert!("5k-".parse::<RankRange>().is_err());
        assert!("strong".parse::<RankRange>().is_err());
    }
}
