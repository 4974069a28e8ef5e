//! `/weiqi cancel [user]`: the inviter's Cancel button, typed: withdraws the caller's latest
//! invitation (to `user`, if named).

use serenity::all::User;

use crate::game::{Command, InvitationRef, UserId};

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;

/// Withdraw your invitation.
#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Ctx<'_>, user: Option<User>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let invitation = InvitationRef::To {
        guild: call.guild,
        invitee: user.map(|u| UserId(u.id.get())),
    };
    let lang = call.lang;
    call.apply_and_answer(
        Command::Cancel {
            by: call.user,
            invitation,
        },
        |_| tr!(lang, "answer-cancelled"),
    )
    .await;
    Ok(())
}
