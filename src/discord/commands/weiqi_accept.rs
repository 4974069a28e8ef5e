//! `/weiqi accept user`: the invitation's Accept button, typed: the caller accepts the
//! latest invitation `user` sent them.

use serenity::all::User;

use crate::game::{Command, InvitationRef, UserId};

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;

/// Accept an invitation.
#[poise::command(slash_command, guild_only)]
pub async fn accept(ctx: Ctx<'_>, user: User) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let invitation = InvitationRef::From {
        guild: call.guild,
        inviter: UserId(user.id.get()),
    };
    let lang = call.lang;
    call.apply_and_answer(
        Command::Accept {
            by: call.user,
            invitation,
        },
        |_| tr!(lang, "answer-accepted"),
    )
    .await;
    Ok(())
}
