//! `/weiqi profile [user]`: merit, wins and losses, the title, the record against the
//! computer, the training rating and the daily problem's streak.

use serenity::all::User;

use crate::game::UserId;

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::reply::Reply;
use crate::discord::ui;

/// Merit, wins and title.
#[poise::command(slash_command, guild_only)]
pub async fn profile(ctx: Ctx<'_>, user: Option<User>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let whose = user.map_or(call.user, |u| UserId(u.id.get()));
    match call.bot.runtime.profile(call.guild, whose).await {
        Ok(p) => {
            let lang = call.public_lang().await;
            let training = match call.bot.runtime.training_profile(call.guild, whose).await {
                Ok(t) => ui::profile_embeds::training_line(lang, &t),
                Err(f) => {
                    super::log_failure(&f);
                    None
                }
            };
            let embed = ui::profile_embeds::profile(&p, lang, training);
            call.reply(Reply::public().embed(embed)).await;
        }
        Err(f) => call.failure(&f).await,
    }
    Ok(())
}
