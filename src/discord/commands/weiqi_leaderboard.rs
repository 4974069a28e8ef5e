//! `/weiqi leaderboard [by]`: the server's players by rating (or merit), a page at a time.

use crate::game::GuildId;
use crate::service::{Failure, Leaderboard, Ranking};

use super::Call;
use crate::discord::bot::{Bot, Ctx, Error};
use crate::discord::i18n::Lang;
use crate::discord::reply::Reply;
use crate::discord::ui;

/// One page of a server's leaderboard with its buttons.
///
/// # Errors
/// The database failed.
pub async fn page(
    bot: &Bot,
    guild: GuildId,
    by: Ranking,
    page: u16,
    lang: Lang,
) -> Result<Reply, Failure> {
    let per = ui::profile_embeds::PAGE;
    let offset = u32::from(page) * per;
    // One more than a page tells whether there is a next one.
    let mut list = bot.runtime.leaderboard(guild, by, per + 1, offset).await?;
    let has_next = list.len() > per as usize;
    list.truncate(per as usize);
    let (embed, rows) = match &list {
        Leaderboard::Merit(list) => ui::profile_embeds::leaderboard(list, page, has_next, lang),
        Leaderboard::Rating(list) => {
            ui::profile_embeds::rating_leaderboard(list, page, has_next, lang)
        }
    };
    // The server's own page on the web, where it shows one.
    let web = bot
        .web_link(guild, crate::runtime::web::Page::Server(guild))
        .await;
    let rows = crate::discord::web_links::with_link_row(rows, web.as_deref(), lang);
    Ok(Reply::public().embed(embed).components(rows))
}

/// This server's ranking, by rating unless `by` says merit.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Ctx<'_>, by: Option<Ranking>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let lang = call.public_lang().await;
    match page(call.bot, call.guild, by.unwrap_or_default(), 0, lang).await {
        Ok(reply) => {
            call.reply(reply).await;
        }
        Err(f) => call.failure(&f).await,
    }
    Ok(())
}
