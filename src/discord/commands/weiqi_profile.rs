//! `/weiqi profile [user]`: merit, wins and losses, the title, the record against the computer.

use serenity::all::{CreateAllowedMentions, CreateInteractionResponseMessage, User};

use crate::game::UserId;

use super::super::bot::{Ctx, Error};
use super::super::ui::{self, words};
use super::Call;

/// Merit, wins and title.
#[poise::command(slash_command, guild_only)]
pub async fn profile(ctx: Ctx<'_>, user: Option<User>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let (guild, whose) = (call.guild, user.map_or(call.user, |u| UserId(u.id.get())));
    let lang = call.public_lang().await;
    match call
        .bot
        .runtime
        .read(move |s| s.profile(guild, whose))
        .await
    {
        Ok(Ok(p)) => {
            let msg = CreateInteractionResponseMessage::new()
                .embed(ui::profile_embeds::profile(&p, lang))
                .allowed_mentions(CreateAllowedMentions::new());
            call.respond(msg).await;
        }
        Ok(Err(f)) => call.private(words::failure(call.lang, &f)).await,
        Err(_) => {
            call.private(super::tr!(call.lang, "failure-internal"))
                .await
        }
    }
    Ok(())
}
