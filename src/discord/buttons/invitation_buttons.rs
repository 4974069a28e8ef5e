//! The invitation's Accept, Decline and Cancel. Each answers silently (the invitation message
//! itself changes); a refusal is told privately.

use crate::game::{Command, InvitationRef};

use super::super::custom_id::ButtonId;
use super::Press;

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
        _ => return,
    };
    let applied = p.apply(command).await;
    match p.failure_text(&applied) {
        None => p.acknowledge().await,
        Some(text) => p.private(text).await,
    }
    p.publish(&applied).await;
}
