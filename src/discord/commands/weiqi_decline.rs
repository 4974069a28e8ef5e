//! `/weiqi decline user`: the invitation's Decline button, typed.

use serenity::all::User;

use crate::game::{Command, InvitationRef, UserId};

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;

/// Decline an invitation.
#[poise::command(slash_command, guild_only)]
pub async fn decline(ctx: Ctx<'_>, user: User) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let invitation = InvitationRef::From {
        guild: call.guild,
        inviter: UserId(user.id.get()),
    };
    let lang = call.lang;
    call.apply_and_answer(
        Command::Decline {
            by: call.user,
            invitation,
        },
        |_| tr!(lang, "answer-declined"),
    )
    .await;
    Ok(())
}
