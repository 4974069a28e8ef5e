//! `/weiqi profile [user]` and `/weiqi leaderboard`.

use serenity::all::{CreateAllowedMentions, CreateInteractionResponseMessage, User};

use crate::game::{GuildId, Profile, UserId};

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

/// One page of a server's leaderboard and its buttons, or the refusal's words.
pub async fn page(
    bot: &Bot,
    guild: GuildId,
    page: u16,
    lang: Lang,
) -> Result<CreateInteractionResponseMessage, String> {
    let per = ui::profile::PAGE;
    let offset = u32::from(page) * per;
    let read = bot
        .runtime
        .read(move |s| s.leaderboard(guild, per + 1, offset))
        .await;
    let mut list: Vec<Profile> = match read {
        Ok(Ok(l)) => l,
        Ok(Err(f)) => return Err(words::failure(lang, &f)),
        Err(_) => return Err(super::tr!(lang, "failure-internal")),
    };
    let has_next = list.len() as u32 > per;
    list.truncate(per as usize);
    let (embed, rows) = ui::profile::leaderboard(&list, page, has_next, lang);
    Ok(CreateInteractionResponseMessage::new()
        .embed(embed)
        .components(rows)
        .allowed_mentions(CreateAllowedMentions::new()))
}

/// This server's ranking.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Ctx<'_>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let lang = call.public_lang().await;
    match page(call.bot, call.guild, 0, lang).await {
        Ok(msg) => call.respond(msg).await,
        Err(text) => call.private(text).await,
    }
    Ok(())
}
