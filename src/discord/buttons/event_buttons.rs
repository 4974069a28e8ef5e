//! An event announcement's Join and Leave. Each answers privately (the announcement itself
//! is redrawn with the list of players); a refusal is told privately.

use crate::game::{Command, Outcome};

use super::Press;
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::tr;

pub async fn press(p: &Press<'_>, id: ButtonId) {
    let (command, joining) = match id {
        ButtonId::JoinEvent { event } => {
            let has_role = match p.holds_event_role(event).await {
                Ok(held) => held,
                Err(f) => return p.private(p.words_of(&f)).await,
            };
            let join = Command::JoinEvent {
                guild: p.guild,
                event,
                user: p.user,
                has_role,
            };
            (join, true)
        }
        ButtonId::LeaveEvent { event } => (
            Command::LeaveEvent {
                guild: p.guild,
                event,
                user: p.user,
            },
            false,
        ),
        _ => return,
    };
    let applied = p.apply(command).await;
    match (&applied.result, p.failure_text(&applied)) {
        (Ok(o), _) => p.private(answer(p, o, joining)).await,
        (Err(_), Some(text)) => p.private(text).await,
        (Err(_), None) => p.acknowledge().await,
    }
    p.publish(&applied).await;
}

/// What a player who joined or left is told.
fn answer(p: &Press<'_>, o: &Outcome, joining: bool) -> String {
    let name = o
        .events
        .iter()
        .find_map(|e| match e {
            crate::game::Event::EventChanged(t) => Some(t.name.clone()),
            _ => None,
        })
        .unwrap_or_default();
    if joining {
        tr!(p.lang, "answer-joined", name = name)
    } else {
        tr!(p.lang, "answer-left", name = name)
    }
}
