//! The computer's levels (Fox Go's three, 初级 中级 高级, and the engine a host may plug in),
//! named once for every layer.
//!
//! Only the names live here, at the bottom of the tree, so that the engine, the game, the
//! store and the front end speak of the same three values without converting between copies:
//! what a level *means* belongs to whoever uses it — its budget and looseness to the engine
//! (`crate::ai`), its estimated rank and fixed rating to the game (`crate::game::computer`),
//! its stored code to the store, its words to the front end.

use std::fmt;
use std::str::FromStr;

/// How strong the computer plays.
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
#[strum(serialize_all = "lowercase")]
pub enum Level {
    /// 初级.
    Beginner,
    /// 中级.
    Intermediate,
    /// 高级.
    Advanced,
    /// The GTP engine the host runs (`AI_ENGINE_COMMAND`), offered when a server's `ai-levels`
    /// names it; Tengen's advanced level plays in its stead when it fails or is not there.
    Engine,
}

impl Level {
    /// Every level, Tengen's own weakest first, then the host's engine.
    pub const ALL: [Level; 4] = [
        Level::Beginner,
        Level::Intermediate,
        Level::Advanced,
        Level::Engine,
    ];

    /// Tengen's own levels, weakest first: what a server offers unless its `ai-levels` adds
    /// the engine.
    pub const OWN: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Advanced];

    /// The name as typed, stored and given on the command line: `beginner`, `intermediate`,
    /// `advanced`, `engine`.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?} (expected beginner, intermediate, advanced or engine)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    /// A level's name in any case, spaces around it ignored.
    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        let t = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == t)
            .ok_or_else(|| ParseLevelError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_in_any_case_and_nothing_else_is_a_level() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert_eq!(l.to_string(), l.name());
        }
        assert_eq!(" Advanced ".parse::<Level>(), Ok(Level::Advanced));
        assert_eq!(
            "expert".parse::<Level>(),
            Err(ParseLevelError("expert".to_owned()))
        );
    }
}
