//! `/weiqi ai [level] [size] [rules] [color]`: a game against Tengen's own engine, at once, on
//! the board message players know.

use crate::game::{Command, InviteOptions, Level, UserId};
use crate::go::{Color, RuleSet};

use super::super::bot::{Ctx, Error};
use super::super::i18n::tr;
use super::Call;
use super::weiqi_invite::{RulesChoice, allowed_sizes};

/// A level of the computer, as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "beginner"]
    Beginner,
    #[name = "intermediate"]
    Intermediate,
    #[name = "advanced"]
    Advanced,
}

impl From<LevelChoice> for Level {
    fn from(l: LevelChoice) -> Level {
        match l {
            LevelChoice::Beginner => Level::Beginner,
            LevelChoice::Intermediate => Level::Intermediate,
            LevelChoice::Advanced => Level::Advanced,
        }
    }
}

/// The player's colour, as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ColorChoice {
    #[name = "black"]
    Black,
    #[name = "white"]
    White,
}

/// Play the computer.
#[poise::command(slash_command, guild_only)]
pub async fn ai(
    ctx: Ctx<'_>,
    level: Option<LevelChoice>,
    #[min = 5]
    #[max = 19]
    #[autocomplete = "allowed_sizes"]
    size: Option<u8>,
    rules: Option<RulesChoice>,
    color: Option<ColorChoice>,
    ranked: Option<bool>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if !call.may_post_here(false).await {
        return Ok(());
    }
    let computer = UserId(ctx.framework.bot_id().get());
    let color = color.map(|c| match c {
        ColorChoice::Black => Color::Black,
        ColorChoice::White => Color::White,
    });
    let command = Command::PlayComputer {
        guild: call.guild,
        channel: call.channel,
        user: call.user,
        computer,
        level: level.map(Level::from),
        options: InviteOptions {
            size,
            komi: None,
            rules: rules.map(RuleSet::from),
            handicap: None,
            ranked,
            time: None,
        },
        color,
    };
    let lang = call.lang;
    call.apply_and_answer(command, |_| tr!(lang, "answer-computer-game"))
        .await;
    Ok(())
}
