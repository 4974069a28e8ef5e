//! The invitation's Accept, Decline and Cancel, and a nigiri's Odd, Even, Black and White (an
//! invitation's, or an event game's on its board). Each answers silently (the message itself
//! changes); a refusal is told privately.

use crate::game::nigiri::Parity;
use crate::game::{Command, InvitationRef};
use crate::go::Color;

use super::Press;
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::tr;

pub async fn press(p: &Press<'_>, id: ButtonId) {
    let by = p.user;
    let command = match id {
        ButtonId::Accept { invitation } => Command::Accept {
            by,
            invitation: InvitationRef::Id(invitation),
        },
        ButtonId::Decline { invitation } => Command::Decline {
            by,
            invitation: InvitationRef::Id(invitation),
        },
        ButtonId::Cancel { invitation } => Command::Cancel {
            by,
            invitation: InvitationRef::Id(invitation),
        },
        ButtonId::Guess { of, odd } => {
            // The bot's handful: drawn from the system's randomness, so that no one can tell
            // it from the invitation or the time.
            let Ok(random) = getrandom::u64() else {
                p.private(tr!(p.lang, "failure-internal")).await;
                return;
            };
            Command::Guess {
                by,
                of,
                guess: if odd { Parity::Odd } else { Parity::Even },
                random,
            }
        }
        ButtonId::ChooseColour { of, black } => Command::ChooseColour {
            by,
            of,
            colour: if black { Color::Black } else { Color::White },
        },
        _ => return,
    };
    let applied = p.apply(command).await;
    match p.failure_text(&applied) {
        None => p.acknowledge().await,
        Some(text) => p.private(text).await,
    }
    p.publish(&applied).await;
}
