//! `/weiqi rank [user]`: a player's standing in ranked play and the chart of their rating.

use serenity::all::{CreateAllowedMentions, CreateAttachment, EditInteractionResponse, User};

use crate::game::rating::{rank_value, rating_of};
use crate::game::{Profile, UserId};
use crate::render::chart::rating_chart;

use super::super::bot::{Ctx, Error};
use super::super::i18n::tr;
use super::super::ui::{self, words};
use super::Call;

/// The chart's file name in the message.
const CHART_FILE: &str = "rating.png";

/// Rank, rating, games, streak, and the rating over time.
#[poise::command(slash_command, guild_only)]
pub async fn rank(ctx: Ctx<'_>, user: Option<User>, start: Option<String>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if let Some(text) = start {
        // The caller states the rank they start from (once, before their first ranked game).
        let (guild, me) = (call.guild, call.user);
        let stated = call
            .bot
            .runtime
            .read(move |s| s.state_rank(guild, me, &text))
            .await;
        let answer = match stated {
            Ok(Ok(standing)) => tr!(
                call.lang,
                "rank-stated",
                rank = words::rank(call.lang, &standing.rank.to_string())
            ),
            Ok(Err(f)) => words::failure(call.lang, &f),
            Err(_) => tr!(call.lang, "failure-internal"),
        };
        call.private(answer).await;
        return Ok(());
    }
    let (guild, whose) = (call.guild, user.map_or(call.user, |u| UserId(u.id.get())));
    let lang = call.public_lang().await;
    call.defer(false).await;
    // The history is read and drawn off the async threads.
    let read = call
        .bot
        .runtime
        .read(
            move |s| -> Result<(Profile, Option<Vec<u8>>), crate::game::Failure> {
                let profile = s.profile(guild, whose)?;
                let history = s.rating_history(guild, whose)?;
                let points: Vec<(f64, f64)> = history.iter().map(|&(_, r, d)| (r, d)).collect();
                let chart = if points.is_empty() {
                    None
                } else {
                    rating_chart(&points, rank_value, rating_of).ok()
                };
                Ok((profile, chart))
            },
        )
        .await;
    match read {
        Ok(Ok((profile, chart))) => {
            let mut embed = ui::profile_embeds::standing(&profile, lang);
            let mut edit =
                EditInteractionResponse::new().allowed_mentions(CreateAllowedMentions::new());
            if let Some(png) = chart {
                embed = embed.image(format!("attachment://{CHART_FILE}"));
                edit = edit.new_attachment(CreateAttachment::bytes(png, CHART_FILE));
            }
            call.edit(edit.embed(embed)).await;
        }
        Ok(Err(f)) => call.private(words::failure(call.lang, &f)).await,
        Err(_) => call.private(tr!(call.lang, "failure-internal")).await,
    }
    Ok(())
}
