//! The game's closed sets as the choices of slash command options: a level, a rule set, a
//! colour, a time preset, what the leaderboard ranks by. Each is the game's own type made a
//! poise [`ChoiceParameter`](poise::ChoiceParameter) here, so that an option decodes straight
//! into it, with no copy of the enum to convert from.
//!
//! Discord sends a choice as its index in the list; the names are the keys of the choices'
//! labels in the Fluent files (`choice-<option>-<name>`, see `commands::localise`).

use crate::game::events::{ColourRule, Format, HandicapPolicy, Schedule};
use crate::game::time_control::TimePreset;
use crate::game::{ColourAsked, Ruling};
use crate::go::{Color, Level, RuleSet};
use crate::service::Ranking;

/// Makes `$ty` a choice parameter whose choices are `$value`, in that order, each named by
/// `$name` (the type's own name of it: what Discord shows before localisation, and the key of
/// its label).
macro_rules! choices {
    ($ty:ty, $name:expr, [$($value:expr),+ $(,)?]) => {
        impl poise::ChoiceParameter for $ty {
            fn list() -> std::borrow::Cow<'static, [poise::CommandParameterChoice]> {
                [$($value),+]
                    .into_iter()
                    .map(|v: $ty| poise::CommandParameterChoice {
                        name: $name(v).into(),
                        localizations: Default::default(),
                        __non_exhaustive: (),
                    })
                    .collect::<Vec<_>>()
                    .into()
            }

            fn from_index(index: usize) -> Option<Self> {
                [$($value),+].get(index).copied()
            }

            fn from_name(name: &str) -> Option<Self> {
                [$($value),+].into_iter().find(|v: &$ty| $name(*v) == name)
            }

            fn name(&self) -> &'static str {
                $name(*self)
            }

            fn localized_name(&self, _locale: &str) -> Option<&'static str> {
                // Localised at registration from the Fluent files (`commands::localise`).
                None
            }
        }
    };
}

/// Makes each of these types a choice parameter whose choices are its variants in order,
/// named as the type derives its names (strum's `EnumIter` and `IntoStaticStr`).
macro_rules! derived_choices {
    ($($ty:ty),+ $(,)?) => {$(
        impl poise::ChoiceParameter for $ty {
            fn list() -> std::borrow::Cow<'static, [poise::CommandParameterChoice]> {
                <$ty as strum::IntoEnumIterator>::iter()
                    .map(|v| poise::CommandParameterChoice {
                        name: <&'static str>::from(v).into(),
                        localizations: Default::default(),
                        __non_exhaustive: (),
                    })
                    .collect::<Vec<_>>()
                    .into()
            }

            fn from_index(index: usize) -> Option<Self> {
                <$ty as strum::IntoEnumIterator>::iter().nth(index)
            }

            fn from_name(name: &str) -> Option<Self> {
                <$ty as strum::IntoEnumIterator>::iter().find(|v| <&'static str>::from(*v) == name)
            }

            fn name(&self) -> &'static str {
                (*self).into()
            }

            fn localized_name(&self, _locale: &str) -> Option<&'static str> {
                // Localised at registration from the Fluent files (`commands::localise`).
                None
            }
        }
    )+};
}

derived_choices!(Level, RuleSet, HandicapPolicy, Schedule, ColourRule);

/// A colour's name as an option's choice.
fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

choices!(Color, color_name, [Color::Black, Color::White]);

/// The colours an invitation asks for, as an option's choice (the same names as a colour's,
/// and nigiri).
fn colour_asked_name(c: ColourAsked) -> &'static str {
    match c {
        ColourAsked::Play(c) => color_name(c),
        ColourAsked::Nigiri => "nigiri",
    }
}

choices!(
    ColourAsked,
    colour_asked_name,
    [
        ColourAsked::Play(Color::Black),
        ColourAsked::Play(Color::White),
        ColourAsked::Nigiri,
    ]
);

choices!(
    TimePreset,
    TimePreset::name,
    [
        TimePreset::Turn,
        TimePreset::Blitz,
        TimePreset::Live,
        TimePreset::Correspondence,
    ]
);

choices!(
    Ruling,
    Ruling::name,
    [
        Ruling::Award(Color::Black),
        Ruling::Award(Color::White),
        Ruling::Settle,
        Ruling::Replay,
    ]
);

/// What a leaderboard ranks by, as an option's choice.
fn ranking_name(r: Ranking) -> &'static str {
    match r {
        Ranking::Rating => "rating",
        Ranking::Merit => "merit",
    }
}

choices!(Ranking, ranking_name, [Ranking::Rating, Ranking::Merit]);

/// How a player chooses to be told it is their move (`/weiqi notify`): as the server says, a
/// mention in the game's channel, a direct message, or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeChoice {
    Server,
    Mention,
    Dm,
    None,
}

impl NoticeChoice {
    /// The value stored for the player (`None`: the server's `move-notify`).
    pub const fn stored(self) -> Option<&'static str> {
        match self {
            NoticeChoice::Server => None,
            NoticeChoice::Mention => Some("mention"),
            NoticeChoice::Dm => Some("dm"),
            NoticeChoice::None => Some("none"),
        }
    }
}

fn notice_name(n: NoticeChoice) -> &'static str {
    match n {
        NoticeChoice::Server => "server",
        NoticeChoice::Mention => "mention",
        NoticeChoice::Dm => "dm",
        NoticeChoice::None => "none",
    }
}

choices!(
    NoticeChoice,
    notice_name,
    [
        NoticeChoice::Server,
        NoticeChoice::Mention,
        NoticeChoice::Dm,
        NoticeChoice::None
    ]
);

// A Swiss or McMahon event's numbers come from options of their own.
choices!(
    Format,
    Format::name,
    [
        Format::ALL[0],
        Format::ALL[1],
        Format::ALL[2],
        Format::ALL[3],
        Format::ALL[4],
        Format::ALL[5],
        Format::ALL[6],
    ]
);

#[cfg(test)]
mod tests {
    use poise::ChoiceParameter;

    use super::*;

    fn round_trips<T: ChoiceParameter + PartialEq + std::fmt::Debug>(all: &[T]) {
        let list = T::list();
        assert_eq!(list.len(), all.len(), "every value is a choice");
        for (i, v) in all.iter().enumerate() {
            let got = T::from_index(i).unwrap();
            assert_eq!(&got, v, "index {i}");
            assert_eq!(list[i].name, v.name());
            assert_eq!(T::from_name(v.name()).as_ref(), Some(v));
        }
        assert!(
            T::from_index(all.len()).is_none(),
            "no choice past the list"
        );
        assert!(T::from_name("nonsense").is_none());
    }

    #[test]
    fn every_choice_decodes_to_its_value_and_names_itself_as_stored() {
        round_trips(&Level::ALL);
        for l in Level::ALL {
            assert_eq!(l.name(), ChoiceParameter::name(&l), "the level's own name");
        }
        round_trips(&[
            RuleSet::Classic,
            RuleSet::Chinese,
            RuleSet::Aga,
            RuleSet::Japanese,
            RuleSet::Korean,
            RuleSet::Ing,
        ]);
        for r in [RuleSet::Classic, RuleSet::Aga, RuleSet::Ing] {
            assert_eq!(r.name(), ChoiceParameter::name(&r));
        }
        round_trips(&[Color::Black, Color::White]);
        round_trips(&[
            Ruling::Award(Color::Black),
            Ruling::Award(Color::White),
            Ruling::Settle,
            Ruling::Replay,
        ]);
        round_trips(&[
            ColourAsked::Play(Color::Black),
            ColourAsked::Play(Color::White),
            ColourAsked::Nigiri,
        ]);
        round_trips(&[
            TimePreset::Turn,
            TimePreset::Blitz,
            TimePreset::Live,
            TimePreset::Correspondence,
        ]);
        round_trips(&[Ranking::Rating, Ranking::Merit]);
        round_trips(&Format::ALL);
        round_trips(&[HandicapPolicy::Even, HandicapPolicy::ByRank]);
        round_trips(&[Schedule::Continuous, Schedule::Manual, Schedule::Timed]);
        round_trips(&[ColourRule::ByPairing, ColourRule::Nigiri]);
    }
}

/// What `/weiqi problem` asks for: a problem of a kind, or the server's board of daily
/// problem solvers (one option keeps the command tree small).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumIter)]
#[strum(serialize_all = "kebab-case")]
pub enum ProblemAsk {
    Capture,
    LifeAndDeath,
    Tesuji,
    Solvers,
}

derived_choices!(ProblemAsk);
