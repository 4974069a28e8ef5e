//! The daily problem in its channel: the solution of the day before with who solved it,
//! then the day's problem with its "Try it" button. Each message is recorded once posted,
//! so that a step delivered again (a restart between posting and recording aside) posts
//! nothing twice.

use serenity::all::{CreateAllowedMentions, CreateAttachment, CreateMessage, Http};
use tracing::warn;

use crate::game::GuildId;
use crate::game::training::{DailyPost, Day};
use crate::runtime;

use super::rest::{post_with_retry, send};
use crate::discord::bot::Bot;
use crate::discord::ui::BOARD_FILE;
use crate::discord::ui::problem_board;

/// Posts the solution of the day before (if any) and the day's problem.
pub async fn post_daily(bot: &Bot, http: &Http, guild: GuildId, post: &DailyPost) {
    let lang = bot.guild_lang(guild).await;
    if let Some(past) = &post.previous {
        match bot.runtime.problem(past.problem).await {
            Ok(Some(problem)) => {
                let embed = problem_board::daily_solution_embed(lang, past, &problem);
                let png =
                    runtime::blocking(move || problem_board::daily_solution_picture(&problem))
                        .await
                        .ok()
                        .and_then(Result::ok);
                post_once(
                    bot,
                    http,
                    guild,
                    (past.day, true),
                    past.channel,
                    embed,
                    png,
                    vec![],
                )
                .await;
            }
            Ok(None) => warn!(
                problem = past.problem,
                "the day before's problem is not in the set"
            ),
            Err(e) => warn!(error = %e, "cannot read the day before's problem"),
        }
    }
    let problem = match bot.runtime.problem(post.problem).await {
        Ok(Some(p)) => p,
        Ok(None) => {
            warn!(
                problem = post.problem,
                "the daily problem is not in the set"
            );
            return;
        }
        Err(e) => {
            warn!(error = %e, "cannot read the daily problem");
            return;
        }
    };
    let embed = problem_board::daily_embed(lang, post.day, &problem);
    let buttons = problem_board::daily_buttons(lang, post.day);
    let png = runtime::blocking(move || problem_board::draw(&problem, &[], &[]))
        .await
        .ok()
        .and_then(Result::ok);
    post_once(
        bot,
        http,
        guild,
        (post.day, false),
        post.channel,
        embed,
        png,
        buttons,
    )
    .await;
}

/// Posts what the latest daily post of each server still lacks on Discord (a crash between
/// its commit and its message): each message is posted unless recorded, in the server's
/// lane, so a post being made meanwhile is not made twice.
pub async fn reconcile_daily(bot: &Bot, http: &Http) {
    let latest = match bot.runtime.latest_daily_posts().await {
        Ok(l) => l,
        Err(e) => {
            warn!(error = %e, "cannot read the daily posts; they wait");
            return;
        }
    };
    for (guild, post) in latest {
        let Some(key) = crate::game::Subject::Daily(guild).game_key() else {
            continue;
        };
        let _turn = bot.publisher.turn(key).await;
        post_daily(bot, http, guild, &post).await;
    }
}

/// Posts a daily message unless the record says it is posted, then records it.
#[allow(clippy::too_many_arguments)]
async fn post_once(
    bot: &Bot,
    http: &Http,
    guild: GuildId,
    (day, solution): (Day, bool),
    channel: crate::game::ChannelId,
    embed: serenity::all::CreateEmbed,
    png: Option<Vec<u8>>,
    buttons: Vec<serenity::all::CreateActionRow>,
) {
    match bot.runtime.daily_messages(guild, day).await {
        Ok((post, sol)) if (if solution { sol } else { post }).is_some() => return,
        Ok(_) => {}
        Err(e) => {
            warn!(guild = guild.get(), error = %e, "cannot read where the daily post is");
            return;
        }
    }
    let posted = post_with_retry("post the daily problem", || {
        let mut msg = CreateMessage::new()
            .embed(embed.clone())
            .components(buttons.clone())
            .allowed_mentions(CreateAllowedMentions::new());
        if let Some(png) = &png {
            msg = msg.add_file(CreateAttachment::bytes(png.clone(), BOARD_FILE));
        }
        send(http, channel, msg)
    })
    .await;
    match posted {
        Ok(msg) => {
            if let Err(e) = bot
                .runtime
                .set_daily_message(guild, day, solution, msg.id.get())
                .await
            {
                warn!(guild = guild.get(), error = %e, "could not remember the daily post");
            }
        }
        Err(e) => warn!(guild = guild.get(), error = %e, "could not post the daily problem"),
    }
}
