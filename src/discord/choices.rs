//! The game's closed sets as the choices of slash command options: a level, a rule set, a
//! colour, a time preset, what the leaderboard ranks by. Each is the game's own type made a
//! poise [`ChoiceParameter`](poise::ChoiceParameter) here, so that an option decodes straight
//! into it, with no copy of the enum to convert from.
//!
//! Discord sends a choice as its index in the list; the names are the keys of the choices'
//! labels in the Fluent files (`choice-<option>-<name>`, see `commands::localise`).

use crate::game::Ranking;
use crate::game::time_control::TimePreset;
use crate::go::{Color, Level, RuleSet};

/// Makes `$ty` a choice parameter whose choices are `$value` named `$name`, in that order.
macro_rules! choices {
    ($ty:ty { $($value:expr => $name:literal),+ $(,)? }) => {
        impl poise::ChoiceParameter for $ty {
            fn list() -> std::borrow::Cow<'static, [poise::CommandParameterChoice]> {
                vec![$(poise::CommandParameterChoice {
                    name: $name.into(),
                    localizations: Default::default(),
                    __non_exhaustive: (),
                }),+]
                .into()
            }

            fn from_index(index: usize) -> Option<Self> {
                [$($value),+].get(index).copied()
            }

            fn from_name(name: &str) -> Option<Self> {
                [$(($value, $name)),+]
                    .into_iter()
                    .find(|(_, n)| *n == name)
                    .map(|(v, _)| v)
            }

            fn name(&self) -> &'static str {
                [$(($value, $name)),+]
                    .into_iter()
                    .find(|(v, _)| v == self)
                    .map_or("", |(_, n)| n)
            }

            fn localized_name(&self, _locale: &str) -> Option<&'static str> {
                // Localised at registration from the Fluent files (`commands::localise`).
                None
            }
        }
    };
}

choices!(Level {
    Level::Beginner => "beginner",
    Level::Intermediate => "intermediate",
    Level::Advanced => "advanced",
});

choices!(RuleSet {
    RuleSet::Classic => "classic",
    RuleSet::Chinese => "chinese",
    RuleSet::Aga => "aga",
    RuleSet::Japanese => "japanese",
    RuleSet::Korean => "korean",
    RuleSet::Ing => "ing",
});

choices!(Color {
    Color::Black => "black",
    Color::White => "white",
});

choices!(TimePreset {
    TimePreset::Turn => "turn",
    TimePreset::Blitz => "blitz",
    TimePreset::Live => "live",
    TimePreset::Correspondence => "correspondence",
});

choices!(Ranking {
    Ranking::Rating => "rating",
    Ranking::Merit => "merit",
});

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
            TimePreset::Turn,
            TimePreset::Blitz,
            TimePreset::Live,
            TimePreset::Correspondence,
        ]);
        round_trips(&[Ranking::Rating, Ranking::Merit]);
    }
}
