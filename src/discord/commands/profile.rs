//! `/weiqi profile [user]` and `/weiqi leaderboard`.

use serenity::all::{CreateAllowedMentions, CreateInteractionResponseMessage, User};

use crate::game::{Failure, GuildId, Ranking, Service, UserId};

use super::super::bot::{Bot, Ctx, Error};
use super::super::i18n::Lang;
use super::super::ui::{self, words};
use super::Call;

/// Merit, wins and title.
#[poise::command(slash_command, guild_only)]
pub async fn profile(ctx: Ctx<'_>, user: Option<User>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let (guild, whose) = (call.guild, user.map_or(call.user, |u| UserId(u.id.get())));
    let lang = call.public_lang().await;
    match call
        .bot
        .runtime
        .read(move |s| s.profile(guild, whose))
        .await
    {
        Ok(Ok(p)) => {
            let msg = CreateInteractionResponseMessage::new()
                .embed(ui::profile::profile(&p, lang))
                .allowed_mentions(CreateAllowedMentions::new());
            call.respond(msg).await;
        }
        Ok(Err(f)) => call.private(words::failure(call.lang, &f)).await,
        Err(_) => {
            call.private(super::tr!(call.lang, "failure-internal"))
                .await
        }
    }
    Ok(())
}

/// What the leaderboard ranks by, as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RankingChoice {
    #[name = "rating"]
    Rating,
    #[name = "merit"]
    Merit,
}

impl From<RankingChoice> for Ranking {
    fn from(c: RankingChoice) -> Ranking {
        match c {
            RankingChoice::Rating => Ranking::Rating,
            RankingChoice::Merit => Ranking::Merit,
        }
    }
}

/// One page of a server's leaderboard and its buttons, or the refusal's words.
pub async fn page(
    bot: &Bot,
    guild: GuildId,
    by: Ranking,
    page: u16,
    lang: Lang,
) -> Result<CreateInteractionResponseMessage, String> {
    let per = ui::profile::PAGE;
    let offset = u32::from(page) * per;
    // One more than a page tells whether there is a next one.
    let (embed, rows) = match by {
        Ranking::Merit => {
            let mut list = read(bot, move |s| s.leaderboard(guild, per + 1, offset), lang).await?;
            let has_next = list.len() as u32 > per;
            list.truncate(per as usize);
            ui::profile::leaderboard(&list, page, has_next, lang)
        }
        Ranking::Rating => {
            let mut list = read(
                bot,
                move |s| s.rating_leaderboard(guild, per + 1, offset),
                lang,
            )
            .await?;
            let has_next = list.len() as u32 > per;
            list.truncate(per as usize);
            ui::profile::rating_leaderboard(&list, page, has_next, lang)
        }
    };
    Ok(CreateInteractionResponseMessage::new()
        .embed(embed)
        .components(rows)
        .allowed_mentions(CreateAllowedMentions::new()))
}

/// A read of the service, or the words of its failure.
async fn read<T: Send + 'static>(
    bot: &Bot,
    f: impl FnOnce(&Service) -> Result<T, Failure> + Send + 'static,
    lang: Lang,
) -> Result<T, String> {
    match bot.runtime.read(f).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(f)) => Err(words::failure(lang, &f)),
        Err(_) => Err(super::tr!(lang, "failure-internal")),
    }
}

/// This server's ranking, by rating unless `by` says merit.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Ctx<'_>, by: Option<RankingChoice>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let lang = call.public_lang().await;
    let by = by.map_or(Ranking::Rating, Ranking::from);
    match page(call.bot, call.guild, by, 0, lang).await {
        Ok(msg) => call.respond(msg).await,
        Err(text) => call.private(text).await,
    }
    Ok(())
}
