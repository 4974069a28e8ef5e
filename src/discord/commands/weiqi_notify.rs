//! `/weiqi notify how`: how the caller is told it is their move on this server — as the server
//! says (`move-notify`), a mention in the game's channel, a direct message (a mention with a
//! note when Discord refuses it), or nothing. Kept in the adapter's own table.

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::choices::NoticeChoice;
use crate::discord::i18n::tr;

/// How you are told it is your move
#[poise::command(slash_command, guild_only)]
pub async fn notify(ctx: Ctx<'_>, how: NoticeChoice) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    match call
        .bot
        .runtime
        .set_notice(call.guild, call.user, how.stored())
        .await
    {
        Ok(()) => {
            let text = match how {
                NoticeChoice::Server => tr!(call.lang, "notify-set-server"),
                NoticeChoice::Mention => tr!(call.lang, "notify-set-mention"),
                NoticeChoice::Dm => tr!(call.lang, "notify-set-dm"),
                NoticeChoice::None => tr!(call.lang, "notify-set-none"),
            };
            call.private(text).await;
        }
        Err(f) => call.failure(&f).await,
    }
    Ok(())
}
