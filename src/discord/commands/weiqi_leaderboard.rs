//! `/weiqi leaderboard [by]`: the server's players by rating (or merit), a page at a time.

use serenity::all::{CreateAllowedMentions, CreateInteractionResponseMessage};

use crate::game::{Failure, GuildId, Ranking, Service};

use super::super::bot::{Bot, Ctx, Error};
use super::super::i18n::Lang;
use super::super::ui::{self, words};
use super::Call;

/// One page of a server's leaderboard and its buttons, or the refusal's words.
pub async fn page(
    bot: &Bot,
    guild: GuildId,
    by: Ranking,
    page: u16,
    lang: Lang,
) -> Result<CreateInteractionResponseMessage, String> {
    let per = ui::profile_embeds::PAGE;
    let offset = u32::from(page) * per;
    // One more than a page tells whether there is a next one.
    let (embed, rows) = match by {
        Ranking::Merit => {
            let mut list = read(bot, move |s| s.leaderboard(guild, per + 1, offset), lang).await?;
            let has_next = list.len() as u32 > per;
            list.truncate(per as usize);
            ui::profile_embeds::leaderboard(&list, page, has_next, lang)
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
            ui::profile_embeds::rating_leaderboard(&list, page, has_next, lang)
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
pub async fn leaderboard(ctx: Ctx<'_>, by: Option<Ranking>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let lang = call.public_lang().await;
    let by = by.unwrap_or_default();
    match page(call.bot, call.guild, by, 0, lang).await {
        Ok(msg) => call.respond(msg).await,
        Err(text) => call.private(text).await,
    }
    Ok(())
}
