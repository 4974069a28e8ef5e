//! `/weiqi accept user`, `/weiqi decline user`, `/weiqi cancel [user]`: the same as the
//! invitation's buttons.

use serenity::all::User;

use crate::game::{Command, InvitationRef, UserId};

use super::super::bot::{Ctx, Error};
use super::super::i18n::tr;
use super::Call;

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
