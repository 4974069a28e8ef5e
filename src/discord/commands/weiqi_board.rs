//! `/weiqi board`: the board again at the bottom of the channel; the old message points to the
//! new one and loses its buttons. Drawn in the game's turn, so a move made at the same moment
//! is never left off the new board.

use serenity::all::{ChannelId as DChannel, EditInteractionResponse, EditMessage, MessageId};

use crate::game::ChannelId;

use super::super::bot::{Ctx, Error};
use super::super::i18n::tr;
use super::super::publish::{current, draw};
use super::{Call, find_game};

/// Post the board again at the bottom.
#[poise::command(slash_command, guild_only)]
pub async fn board(
    ctx: Ctx<'_>,
    #[autocomplete = "super::my_games"] game: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let Some(found) = find_game(&call, game).await else {
        call.private(tr!(call.lang, "how-to-start")).await;
        return Ok(());
    };
    call.defer(false).await;
    let id = found.id;
    let _turn = call.bot.publisher.turn(id.get()).await;
    // The game as it is now that no one else is drawing it.
    let Some(m) = current(call.bot, id).await else {
        call.edit(EditInteractionResponse::new().content(tr!(call.lang, "failure-internal")))
            .await;
        return Ok(());
    };
    let lang = call.public_lang().await;
    let board = draw(m.clone(), lang).await;
    let old = call.bot.repo(move |r| r.board(id)).await.ok().flatten();
    let edit = EditInteractionResponse::new()
        .embed(board.embed)
        .components(board.components)
        .new_attachment(board.png);
    let Some(posted) = call.edit(edit).await else {
        return Ok(());
    };
    let (channel, mid, key) = (call.channel, posted.id.get(), board.key);
    if let Err(e) = call
        .bot
        .repo(move |r| r.set_board(id, channel, mid, &key))
        .await
    {
        tracing::warn!(error = %e, "could not remember the new board message");
    }
    if let Some((old_channel, old_id)) = old.and_then(|r| Some((r.channel, r.message?)))
        && old_id != mid
    {
        retire(&call, old_channel, old_id, channel, mid, m.guild.get()).await;
    }
    Ok(())
}

/// The old board message points to the new one and loses its buttons.
async fn retire(
    call: &Call<'_>,
    channel: ChannelId,
    old: u64,
    new_channel: ChannelId,
    new: u64,
    guild: u64,
) {
    let lang = call.public_lang().await;
    let link = format!(
        "https://discord.com/channels/{guild}/{}/{new}",
        new_channel.get()
    );
    let edit = EditMessage::new()
        .content(tr!(lang, "board-moved", link = link))
        .components(Vec::new());
    if let Err(e) = DChannel::new(channel.get().max(1))
        .edit_message(call.ctx.http(), MessageId::new(old.max(1)), edit)
        .await
    {
        tracing::warn!(error = %e, "could not retire the old board message");
    }
}
