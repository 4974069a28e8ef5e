//! `/weiqi games`: the caller's running games, whose turn it is, and a link to each board.

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;
use crate::discord::ui;

/// Your running games, whose turn it is, and a link to each board.
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Ctx<'_>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let user = call.user;
    let games = match call.bot.runtime.games_of(user).await {
        Ok(g) => g,
        Err(f) => {
            call.failure(&f).await;
            return Ok(());
        }
    };
    if games.is_empty() {
        call.private(tr!(call.lang, "games-none")).await;
        return Ok(());
    }
    let mut lines = vec![tr!(call.lang, "games-heading", count = games.len())];
    for m in &games {
        let link = crate::discord::publish::board_link(call.bot, m).await;
        lines.push(ui::games_list::line(m, user, Some(link), call.lang));
    }
    call.private(lines.join("\n")).await;
    Ok(())
}
