//! `/weiqi status`: the exact figures of the caller's game, or the game in this channel; with
//! no game, how to start one and who waits in the seek queue.

use super::{Call, find_game};
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;
use crate::discord::ui;

/// Size, turn, captures, komi and time left.
#[poise::command(slash_command, guild_only)]
pub async fn status(
    ctx: Ctx<'_>,
    #[autocomplete = "super::my_games"] game: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    match find_game(&call, game).await {
        Ok(Some(m)) => {
            let text = ui::status_text::text(&m, call.bot.runtime.now(), call.lang);
            call.private(text).await;
        }
        Ok(None) => {
            // No game: how to start one, and who waits in the seek queue now.
            let mut text = tr!(call.lang, "how-to-start");
            match call.bot.runtime.seek_waiting(call.guild).await {
                Ok(waiting) if !waiting.is_empty() => {
                    text.push_str("\n\n");
                    text.push_str(&super::weiqi_seek::queue_text(call.lang, &waiting));
                }
                Ok(_) => {}
                Err(f) => tracing::warn!(error = %f, "cannot read the seek queue"),
            }
            call.private(text).await;
        }
        Err(f) => call.failure(&f).await,
    }
    Ok(())
}
