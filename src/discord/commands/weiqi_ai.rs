//! `/weiqi ai [level] [size] [rules] [color]`: a game against Tengen's own engine, at once, on
//! the board message players know.

use crate::game::{Command, InviteOptions, UserId};
use crate::go::{Color, Level, RuleSet};

use super::Call;
use super::weiqi_invite::allowed_sizes;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;

/// Play the computer.
#[poise::command(slash_command, guild_only)]
pub async fn ai(
    ctx: Ctx<'_>,
    level: Option<Level>,
    #[min = 5]
    #[max = 19]
    #[autocomplete = "allowed_sizes"]
    size: Option<u8>,
    rules: Option<RuleSet>,
    color: Option<Color>,
    ranked: Option<bool>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if !call.may_post_here(false).await {
        return Ok(());
    }
    let computer = UserId(ctx.framework.bot_id().get());
    let command = Command::PlayComputer {
        guild: call.guild,
        channel: call.channel,
        user: call.user,
        computer,
        level,
        options: InviteOptions {
            size,
            komi: None,
            rules,
            handicap: None,
            ranked,
            time: None,
            clock: None,
            color: None,
        },
        color,
    };
    let lang = call.lang;
    call.apply_and_answer(command, |_| tr!(lang, "answer-computer-game"))
        .await;
    Ok(())
}
