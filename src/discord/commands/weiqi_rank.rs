//! `/weiqi rank [user] [start]`: a player's standing in ranked play and the chart of their
//! rating; with `start`, the rank the caller starts ranked play from.

use serenity::all::{CreateAttachment, User};

use crate::game::rating::{rank_value, rating_of};
use crate::game::{Command, Event, UserId};
use crate::render::chart::rating_chart;
use crate::runtime;

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;
use crate::discord::reply::Reply;
use crate::discord::ui::{self, words};

/// The chart's file name in the message.
const CHART_FILE: &str = "rating.png";

/// Rank, rating, games, streak, and the rating over time.
#[poise::command(slash_command, guild_only)]
pub async fn rank(ctx: Ctx<'_>, user: Option<User>, start: Option<String>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    match start {
        Some(rank) => state_rank(&call, rank).await,
        None => standing(&call, user.map_or(call.user, |u| UserId(u.id.get()))).await,
    }
    Ok(())
}

/// The caller states the rank they start from (once, before their first ranked game).
async fn state_rank(call: &Call<'_>, rank: String) {
    let (guild, user) = (call.guild, call.user);
    let lang = call.lang;
    call.apply_and_answer(Command::StateRank { guild, user, rank }, |o| {
        let stated = o.events.iter().find_map(|e| match e {
            Event::RankStated(s) => Some(s.rank),
            _ => None,
        });
        match stated {
            Some(rank) => tr!(lang, "rank-stated", rank = words::rank(lang, rank)),
            None => tr!(lang, "failure-internal"),
        }
    })
    .await;
}

/// A player's standing and the chart of their rating, drawn off the async threads.
async fn standing(call: &Call<'_>, whose: UserId) {
    let lang = call.public_lang().await;
    call.defer(false).await;
    let (profile, history) = match call.bot.runtime.rating_history(call.guild, whose).await {
        Ok(read) => read,
        Err(f) => return call.failure(&f).await,
    };
    let points: Vec<(f64, f64)> = history.iter().map(|&(_, r, d)| (r, d)).collect();
    let chart = if points.is_empty() {
        None
    } else {
        let drawn = runtime::blocking(move || rating_chart(&points, rank_value, rating_of)).await;
        match drawn {
            Ok(Ok(png)) => Some(png),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "cannot draw the rating chart");
                None
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot draw the rating chart");
                None
            }
        }
    };
    let mut embed = ui::profile_embeds::standing(&profile, lang);
    let mut reply = Reply::public();
    if let Some(png) = chart {
        embed = embed.image(format!("attachment://{CHART_FILE}"));
        reply = reply.file(CreateAttachment::bytes(png, CHART_FILE));
    }
    call.reply(reply.embed(embed)).await;
}
