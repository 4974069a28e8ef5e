//! `/weiqi board`: the board again at the bottom of the channel; the old message points to the
//! new one and loses its buttons. Drawn in the game's turn, so a move made at the same moment
//! is never left off the new board.

use serenity::all::EditMessage;

use crate::game::{ChannelId, MatchId};

use super::{Call, find_game};
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;
use crate::discord::publish::draw;
use crate::discord::reply::Reply;
use crate::discord::snowflake;

/// Post the board again at the bottom.
#[poise::command(slash_command, guild_only)]
pub async fn board(
    ctx: Ctx<'_>,
    #[autocomplete = "super::my_games"] game: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let id = match find_game(&call, game).await {
        Ok(Some(found)) => found.id,
        Ok(None) => {
            call.private(tr!(call.lang, "how-to-start")).await;
            return Ok(());
        }
        Err(f) => {
            call.failure(&f).await;
            return Ok(());
        }
    };
    call.defer(false).await;
    let _turn = call.bot.publisher.turn(id.get()).await;
    repost(&call, id).await;
    Ok(())
}

/// Posts the board of `id` as the command's answer, remembers it, and retires the old one.
async fn repost(call: &Call<'_>, id: MatchId) {
    let went_wrong = || call.private(tr!(call.lang, "failure-internal"));
    // The game as it is now that no one else is drawing it (`None`: it cannot be read, logged).
    let Some(m) = call.bot.current(id).await else {
        return went_wrong().await;
    };
    let old = match call.bot.runtime.board_record(id).await {
        Ok(old) => old,
        Err(f) => return call.failure(&f).await,
    };
    let lang = call.public_lang().await;
    let web = call
        .bot
        .web_link(m.guild, crate::runtime::web::Page::Game(m.id))
        .await;
    let board = match draw(m.clone(), lang, web).await {
        Ok(b) => b,
        Err(e) => {
            tracing::warn!(error = %e, "could not draw the board");
            return went_wrong().await;
        }
    };
    let reply = Reply::public()
        .embed(board.embed)
        .components(board.components)
        .file(board.png);
    let Some(posted) = call.reply_and_read(reply).await else {
        return;
    };
    let (channel, mid, key) = (
        ChannelId(posted.channel_id.get()),
        posted.id.get(),
        board.key,
    );
    if let Err(e) = call.bot.runtime.set_board(id, channel, mid, key).await {
        tracing::warn!(error = %e, "could not remember the new board message");
    }
    if let Some((old_channel, old_id)) = old.and_then(|r| Some((r.channel, r.message?)))
        && old_id != mid
    {
        retire(call, (old_channel, old_id), (channel, mid), m.guild.get()).await;
    }
}

/// The old board message points to the new one and loses its buttons.
async fn retire(call: &Call<'_>, old: (ChannelId, u64), new: (ChannelId, u64), guild: u64) {
    let lang = call.public_lang().await;
    let link = format!(
        "https://discord.com/channels/{guild}/{}/{}",
        new.0.get(),
        new.1
    );
    let edit = EditMessage::new()
        .content(tr!(lang, "board-moved", link = link))
        .components(Vec::new());
    let retired = async {
        snowflake::channel(old.0)?
            .edit_message(call.ctx.http(), snowflake::message(old.1)?, edit)
            .await
    };
    if let Err(e) = retired.await {
        tracing::warn!(error = %e, "could not retire the old board message");
    }
}
