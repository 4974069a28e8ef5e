//! A nigiri (猜先) as players see it, on an invitation and on an event game's board alike: the
//! opened hand in words, and the buttons of its step (Odd and Even, then Take Black and Take
//! White).

use serenity::all::{ButtonStyle, CreateButton};

use crate::game::nigiri::{NigiriStage, Parity};
use crate::game::{NigiriOf, UserId};

use super::mention;
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::{Lang, text, tr};

/// The name of a parity, odd or even.
pub fn parity_name(lang: Lang, p: Parity) -> String {
    match p {
        Parity::Odd => tr!(lang, "nigiri-odd"),
        Parity::Even => tr!(lang, "nigiri-even"),
    }
}

/// The hand opened: how many stones, what `guesser` guessed, and who now chooses.
pub fn opened_text(
    lang: Lang,
    stones: u8,
    guess: Parity,
    guesser: UserId,
    chooser: UserId,
) -> String {
    tr!(
        lang,
        "invitation-nigiri-open",
        stones = u32::from(stones),
        parity = parity_name(lang, Parity::of(stones)),
        invitee = mention(guesser),
        guess = parity_name(lang, guess),
        chooser = mention(chooser)
    )
}

/// The buttons of the nigiri's step: Odd and Even for the guess, then Take Black and Take
/// White for the winner (disabled when `open` is false).
pub fn buttons(of: NigiriOf, stage: NigiriStage, lang: Lang, open: bool) -> Vec<CreateButton> {
    let button = |b: ButtonId, label: &str, style: ButtonStyle| {
        CreateButton::new(b.to_string())
            .label(text(lang, label, None))
            .style(style)
            .disabled(!open)
    };
    match stage {
        NigiriStage::Guess => [(true, "button-odd"), (false, "button-even")]
            .into_iter()
            .map(|(odd, label)| button(ButtonId::Guess { of, odd }, label, ButtonStyle::Success))
            .collect(),
        NigiriStage::Choose { .. } => [(true, "button-take-black"), (false, "button-take-white")]
            .into_iter()
            .map(|(black, label)| {
                button(
                    ButtonId::ChooseColour { of, black },
                    label,
                    ButtonStyle::Primary,
                )
            })
            .collect(),
    }
}
