//! Rule sets: ko rule, counting, pass stones, komi — the presets of SPEC §4.

use std::fmt;
use std::str::FromStr;

/// How repetition is forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum KoRule {
    /// Only the immediate retake of a single-stone ko is forbidden, for one move.
    Simple,
    /// No move may recreate an earlier whole-board position.
    PositionalSuperko,
    /// No move may recreate an earlier position with the same player to move (AGA).
    SituationalSuperko,
}

/// How the end position is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Scoring {
    /// Stones plus empty regions that touch only one colour (Chinese counting).
    Area,
    /// Surrounded empty points plus prisoners, no points in seki (Japanese counting).
    Territory,
}

/// How dead stones are settled at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DeadStones {
    /// None are removed: the board is counted as it stands, so players play them out.
    PlayOut,
    /// After two passes the players agree which chains are dead.
    Agreement,
}

/// White's compensation for moving second, in half points so that 5.5 is exact (11).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Komi(i32);

impl Komi {
    /// Komi from a number of half points.
    pub const fn from_half_points(half: i32) -> Komi {
        Komi(half)
    }

    /// The komi in half points.
    pub const fn half_points(self) -> i32 {
        self.0
    }

    /// Whether a draw is possible (an integer komi).
    pub const fn allows_draw(self) -> bool {
        self.0 % 2 == 0
    }

    /// The komi of a number of points typed as a float (a slash command's number), when it is
    /// a whole or half number within ±1000; `None` otherwise (6.25, NaN).
    pub fn from_points(points: f64) -> Option<Komi> {
        let half = points * 2.0;
        (half.is_finite() && half.fract() == 0.0 && half.abs() <= 2000.0)
            .then_some(Komi(half as i32))
    }

    /// The komi as a float, for display and JSON only.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

/// Formats half points as a number a person writes: `5.5`, `6`, `-0.5`.
pub fn format_half_points(half: i64) -> String {
    let sign = if half < 0 { "-" } else { "" };
    let abs = half.unsigned_abs();
    if abs.is_multiple_of(2) {
        format!("{sign}{}", abs / 2)
    } else {
        format!("{sign}{}.5", abs / 2)
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_half_points(i64::from(self.0)))
    }
}

/// Why a text is not a komi.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "not a komi: {0:?} (expected a whole or half number of points between -1000 and 1000, like 6.5)"
)]
pub struct ParseKomiError(pub String);

impl FromStr for Komi {
    type Err = ParseKomiError;

    /// Reads `6.5`, `7`, `-3.5`, `7.50`, `0`; refuses anything that is not a multiple of ½.
    fn from_str(text: &str) -> Result<Komi, ParseKomiError> {
        let err = || ParseKomiError(text.to_owned());
        let t = text.trim();
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
        if whole.is_empty() && frac.is_empty() {
            return Err(err());
        }
        if !whole.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
            return Err(err());
        }
        let whole: i32 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| err())?
        };
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return Err(err()),
        };
        if whole > 1000 {
            return Err(err());
        }
        let value = whole * 2 + half;
        Ok(Komi(if neg { -value } else { value }))
    }
}

/// Everything the engine needs to know about a rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    pub ko: KoRule,
    pub scoring: Scoring,
    /// A pass hands the opponent one stone as a prisoner (AGA).
    pub pass_stones: bool,
    /// The game ends only on two passes in a row of which White's is the last (AGA).
    pub white_passes_last: bool,
    pub dead_stones: DeadStones,
    pub komi: Komi,
    /// A move that leaves its own chain of several stones without liberties is legal and
    /// removes that chain, its stones the opponent's prisoners (Ing); a lone stone's suicide
    /// stays forbidden.
    pub multi_stone_suicide: bool,
    /// Black wins when the scores are equal (Ing: komi 8, the tie goes to Black).
    pub black_wins_ties: bool,
}

/// The named presets players choose from; their names (`classic`, `chinese`, …), as typed and
/// stored, are derived once (strum's `IntoStaticStr`, serde's in a stored form).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum RuleSet {
    /// The seed's rules: simple ko, area counting as the board stands, komi 5.5.
    Classic,
    /// Positional superko, area counting, komi 7.5, dead stones agreed.
    Chinese,
    /// Situational superko, area counting, pass stones, White passes last, komi 7.5.
    Aga,
    /// Simple ko, territory and prisoners, no points in seki, komi 6.5.
    Japanese,
    /// The Korean rules: counted as the Japanese (territory and prisoners, no points in seki,
    /// simple ko, komi 6.5).
    Korean,
    /// The Ing rules (SPEC's seed 002): area counting (fill counting gives the same result),
    /// positional superko, suicide of several stones allowed, komi 8 with Black winning a tie,
    /// dead stones agreed and a dispute settled by play.
    Ing,
}

impl RuleSet {
    /// Every preset, in the order they are offered.
    pub const ALL: [RuleSet; 6] = [
        RuleSet::Classic,
        RuleSet::Chinese,
        RuleSet::Aga,
        RuleSet::Japanese,
        RuleSet::Korean,
        RuleSet::Ing,
    ];

    /// The preset's name as typed in commands and stored in the database.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The rule set's name in an SGF record's `RU` property, as the format's readers know
    /// them (`Chinese`, `AGA`, `Japanese`, `Korean`, `Ing`); the seed's own rules have no
    /// standard name and are written `Classic`.
    pub const fn sgf_name(self) -> &'static str {
        match self {
            RuleSet::Classic => "Classic",
            RuleSet::Chinese => "Chinese",
            RuleSet::Aga => "AGA",
            RuleSet::Japanese => "Japanese",
            RuleSet::Korean => "Korean",
            RuleSet::Ing => "Ing",
        }
    }

    /// The rule set an SGF record's `RU` names, in any case and in the short forms programs
    /// write (`CN`, `JP`, `KR`, and `GOE` for the Ing rules); `None` for rules Tengen does not
    /// play (`NZ`).
    pub fn from_sgf(text: &str) -> Option<RuleSet> {
        match text.trim().to_ascii_lowercase().as_str() {
            "classic" => Some(RuleSet::Classic),
            "chinese" | "cn" => Some(RuleSet::Chinese),
            "aga" => Some(RuleSet::Aga),
            "japanese" | "jp" | "jpn" => Some(RuleSet::Japanese),
            "korean" | "kr" | "ko" => Some(RuleSet::Korean),
            "ing" | "goe" => Some(RuleSet::Ing),
            _ => None,
        }
    }

    /// The rules of the preset, with its default komi (the table of SPEC §4).
    pub const fn rules(self) -> Rules {
        match self {
            RuleSet::Classic => Rules {
                ko: KoRule::Simple,
                scoring: Scoring::Area,
                pass_stones: false,
                white_passes_last: false,
                dead_stones: DeadStones::PlayOut,
                komi: Komi(11),
                multi_stone_suicide: false,
                black_wins_ties: false,
            },
            RuleSet::Chinese => Rules {
                ko: KoRule::PositionalSuperko,
                scoring: Scoring::Area,
                pass_stones: false,
                white_passes_last: false,
                dead_stones: DeadStones::Agreement,
                komi: Komi(15),
                multi_stone_suicide: false,
                black_wins_ties: false,
            },
            RuleSet::Aga => Rules {
                ko: KoRule::SituationalSuperko,
                scoring: Scoring::Area,
                pass_stones: true,
                white_passes_last: true,
                dead_stones: DeadStones::Agreement,
                komi: Komi(15),
                multi_stone_suicide: false,
                black_wins_ties: false,
            },
            RuleSet::Japanese | RuleSet::Korean => Rules {
                ko: KoRule::Simple,
                scoring: Scoring::Territory,
                pass_stones: false,
                white_passes_last: false,
                dead_stones: DeadStones::Agreement,
                komi: Komi(13),
                multi_stone_suicide: false,
                black_wins_ties: false,
            },
            RuleSet::Ing => Rules {
                ko: KoRule::PositionalSuperko,
                scoring: Scoring::Area,
                pass_stones: false,
                white_passes_last: false,
                dead_stones: DeadStones::Agreement,
                komi: Komi(16),
                multi_stone_suicide: true,
                black_wins_ties: true,
            },
        }
    }

    /// Whether Black places handicap stones where they like (Chinese and AGA rules; the Ing
    /// rules' handicap is moves given, 让手, which comes to the same) rather than on the fixed
    /// points (Japanese, Korean, and the seed's classic rules).
    pub const fn free_handicap(self) -> bool {
        matches!(self, RuleSet::Chinese | RuleSet::Aga | RuleSet::Ing)
    }

    /// The preset's rules with another komi.
    pub const fn with_komi(self, komi: Komi) -> Rules {
        let mut rules = self.rules();
        rules.komi = komi;
        rules
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a rule set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {0:?} (expected classic, chinese, aga, japanese, korean or ing)")]
pub struct ParseRuleSetError(pub String);

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    fn from_str(text: &str) -> Result<RuleSet, ParseRuleSetError> {
        let t = text.trim().to_ascii_lowercase();
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name() == t)
            .ok_or_else(|| ParseRuleSetError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_follow_the_table_of_the_spec() {
        let c = RuleSet::Classic.rules();
        assert_eq!(
            (c.ko, c.scoring, c.dead_stones, c.komi.to_string()),
            (
                KoRule::Simple,
                Scoring::Area,
                DeadStones::PlayOut,
                "5.5".into()
            )
        );
        assert!(!c.pass_stones && !c.white_passes_last);
        let ch = RuleSet::Chinese.rules();
        assert_eq!(
            (ch.ko, ch.scoring, ch.dead_stones, ch.komi.to_string()),
            (
                KoRule::PositionalSuperko,
                Scoring::Area,
                DeadStones::Agreement,
                "7.5".into()
            )
        );
        let a = RuleSet::Aga.rules();
        assert_eq!(
            (a.ko, a.scoring, a.komi.to_string()),
            (KoRule::SituationalSuperko, Scoring::Area, "7.5".into())
        );
        assert!(a.pass_stones && a.white_passes_last);
        let j = RuleSet::Japanese.rules();
        assert_eq!(
            (j.ko, j.scoring, j.komi.to_string()),
            (KoRule::Simple, Scoring::Territory, "6.5".into())
        );
        assert_eq!(
            RuleSet::Korean.rules(),
            j,
            "Korean counting is the Japanese"
        );
        let i = RuleSet::Ing.rules();
        assert_eq!(
            (i.ko, i.scoring, i.dead_stones, i.komi.to_string()),
            (
                KoRule::PositionalSuperko,
                Scoring::Area,
                DeadStones::Agreement,
                "8".into()
            )
        );
        assert!(i.multi_stone_suicide && i.black_wins_ties && !i.pass_stones);
        for r in RuleSet::ALL.into_iter().filter(|&r| r != RuleSet::Ing) {
            let rules = r.rules();
            assert!(!rules.multi_stone_suicide && !rules.black_wins_ties, "{r}");
        }
    }

    #[test]
    fn sgf_names_are_the_formats_and_read_back() {
        let names: Vec<_> = RuleSet::ALL.iter().map(|r| r.sgf_name()).collect();
        assert_eq!(
            names,
            ["Classic", "Chinese", "AGA", "Japanese", "Korean", "Ing"]
        );
        for r in RuleSet::ALL {
            assert_eq!(RuleSet::from_sgf(r.sgf_name()), Some(r));
            assert_eq!(RuleSet::from_sgf(r.name()), Some(r));
        }
        assert_eq!(RuleSet::from_sgf(" CN "), Some(RuleSet::Chinese));
        assert_eq!(RuleSet::from_sgf("jp"), Some(RuleSet::Japanese));
        assert_eq!(RuleSet::from_sgf("GOE"), Some(RuleSet::Ing));
        assert_eq!(RuleSet::from_sgf("NZ"), None);
    }

    #[test]
    fn rule_set_names_round_trip() {
        for r in RuleSet::ALL {
            assert_eq!(r.name().parse::<RuleSet>(), Ok(r));
        }
        assert!("new-zealand".parse::<RuleSet>().is_err());
        assert_eq!("AGA".parse::<RuleSet>(), Ok(RuleSet::Aga));
    }

    #[test]
    fn komi_is_exact_in_half_points() {
        let k = |s: &str| s.parse::<Komi>().map(Komi::half_points);
        assert_eq!(k("5.5"), Ok(11));
        assert_eq!(k("7.50"), Ok(15));
        assert_eq!(k("6"), Ok(12));
        assert_eq!(k("0"), Ok(0));
        assert_eq!(k("-3.5"), Ok(-7));
        assert_eq!(k("375"), Ok(750));
        assert_eq!(k(".5"), Ok(1));
        for bad in ["", "-", "5.25", "abc", "1e3", "5,5", "NaN", "1001", "."] {
            assert!(k(bad).is_err(), "{bad}");
        }
        assert!("6".parse::<Komi>().unwrap().allows_draw());
        assert!(!"6.5".parse::<Komi>().unwrap().allows_draw());
        assert_eq!(Komi::from_half_points(-1).to_string(), "-0.5");
    }

    #[test]
    fn a_typed_number_is_a_komi_only_when_whole_or_half() {
        assert_eq!(Komi::from_points(6.5), Some(Komi::from_half_points(13)));
        assert_eq!(Komi::from_points(-3.0), Some(Komi::from_half_points(-6)));
        assert_eq!(Komi::from_points(6.25), None);
        assert_eq!(Komi::from_points(f64::NAN), None);
        assert_eq!(Komi::from_points(f64::INFINITY), None);
    }
}
