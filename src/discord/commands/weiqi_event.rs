//! `/weiqi-event list | standings | withdraw | records`: a server's events for its players —
//! the list, an event's standings (a picture and a short text), withdrawing (弃权), and every
//! game of an event as one SGF collection.

use serenity::all::CreateAttachment;

use crate::game::events::Tournament;
use crate::game::{Command, EventId};

use super::Call;
use super::weiqi_organise::{event_label, event_meant, open_events};
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;
use crate::discord::publish::event_picture;
use crate::discord::reply::Reply;
use crate::discord::ui::event_message;

/// `/weiqi-event`: the server's events for their players.
#[poise::command(
    slash_command,
    guild_only,
    rename = "weiqi-event",
    subcommand_required,
    subcommands("event_list", "event_standings", "event_withdraw", "event_records")
)]
pub async fn weiqi_event(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// This server's events, newest first.
#[poise::command(slash_command, guild_only, rename = "list")]
pub async fn event_list(ctx: Ctx<'_>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    match call.bot.runtime.events_of(call.guild, false).await {
        Ok(list) if list.is_empty() => call.private(tr!(call.lang, "event-none")).await,
        Ok(list) => {
            let lines: Vec<String> = list
                .iter()
                .take(20)
                .map(|t| event_label(t, call.lang))
                .collect();
            call.private(lines.join("\n")).await;
        }
        Err(f) => call.failure(&f).await,
    }
    Ok(())
}

/// An event as it stands: its standings as a picture and a text (privately).
#[poise::command(slash_command, guild_only, rename = "standings")]
pub async fn event_standings(
    ctx: Ctx<'_>,
    #[autocomplete = "open_events"] event: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let Some(id) = event_meant(&call, event, false).await else {
        return Ok(());
    };
    // Drawing takes a moment: "thinking" first.
    call.defer(true).await;
    let t = match call.bot.runtime.event(call.guild, id).await {
        Ok(t) => t,
        Err(f) => {
            call.failure(&f).await;
            return Ok(());
        }
    };
    let rulings = match call.bot.runtime.event_rulings(call.guild, id).await {
        Ok(r) => r,
        Err(f) => {
            call.failure(&f).await;
            return Ok(());
        }
    };
    call.reply(standings_reply(&t, &rulings, call.lang).await)
        .await;
    Ok(())
}

/// The standings of `t` as a private answer: the heading, the text, the referee's rulings
/// (the event's history), the picture.
async fn standings_reply(
    t: &Tournament,
    rulings: &[crate::game::read_models::RulingRecord],
    lang: crate::discord::i18n::Lang,
) -> Reply {
    let mut text = format!(
        "**{}**\n{}",
        tr!(lang, "event-standings-heading", name = t.name.clone()),
        event_message::standings_text(t, lang)
    );
    let history = event_message::rulings_text(t, rulings, lang);
    if !history.is_empty() {
        text = format!("{text}\n\n{history}");
    }
    let mut reply = Reply::private(text);
    if let Some(file) = event_picture(t).await {
        reply = reply.file(file);
    }
    reply
}

/// Withdraw from an event: your games still to play are lost.
#[poise::command(slash_command, guild_only, rename = "withdraw")]
pub async fn event_withdraw(
    ctx: Ctx<'_>,
    #[autocomplete = "open_events"] event: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let Some(id) = event_meant(&call, event, true).await else {
        return Ok(());
    };
    let command = Command::Withdraw {
        guild: call.guild,
        event: id,
        user: call.user,
    };
    let lang = call.lang;
    call.apply_and_answer(command, |_| tr!(lang, "answer-withdrew"))
        .await;
    Ok(())
}

/// Every game of an event as one SGF file.
#[poise::command(slash_command, guild_only, rename = "records")]
pub async fn event_records(
    ctx: Ctx<'_>,
    #[autocomplete = "open_events"] event: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let Some(id) = event_meant(&call, event, false).await else {
        return Ok(());
    };
    call.defer(true).await;
    records(&call, id).await;
    Ok(())
}

/// The SGF collection of event `id`, with its players' names.
async fn records(call: &Call<'_>, id: EventId) {
    let t = match call.bot.runtime.event(call.guild, id).await {
        Ok(t) => t,
        Err(f) => return call.failure(&f).await,
    };
    let mut names = Vec::with_capacity(t.entries.len());
    for e in &t.entries {
        names.push((e.user, super::weiqi_sgf::name(call, e.user).await));
    }
    let words = super::weiqi_sgf::record_words(call.lang);
    match call
        .bot
        .runtime
        .event_sgf(call.guild, id, names, words)
        .await
    {
        Ok(text) if text.is_empty() => call.private(tr!(call.lang, "event-no-records")).await,
        Ok(text) => {
            let file = CreateAttachment::bytes(text.into_bytes(), format!("tengen-event-{id}.sgf"));
            let reply =
                Reply::private(tr!(call.lang, "event-records", name = t.name.clone())).file(file);
            call.reply(reply).await;
        }
        Err(f) => call.failure(&f).await,
    }
}
