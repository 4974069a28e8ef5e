//! `/weiqi pass [game]`: the Pass button, typed.

use crate::game::Command;

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;

/// Pass your turn.
#[poise::command(slash_command, guild_only)]
pub async fn pass(
    ctx: Ctx<'_>,
    #[autocomplete = "super::my_games"] game: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let id = match super::players_game(&call, game).await {
        Ok(id) => id,
        Err(text) => {
            call.private(text).await;
            return Ok(());
        }
    };
    // A second pass may open the agreement, whose estimate on 19×19 takes a moment: answer
    // "thinking" first, then the result.
    call.defer(true).await;
    let lang = call.lang;
    let pass = Command::Pass {
        by: call.user,
        board: None,
        game: Some(id),
    };
    call.apply_and_answer(pass, |_| tr!(lang, "answer-passed"))
        .await;
    Ok(())
}
