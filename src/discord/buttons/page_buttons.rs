//! Turning the pages of the primer and of the leaderboard, in place.

use crate::service::Ranking;

use super::Press;
use crate::discord::commands::{leaderboard_page, learn_page};

pub async fn learn(p: &Press<'_>, page: u8) {
    let reply = learn_page(usize::from(page), p.lang).await;
    p.update(reply).await;
}

pub async fn leaderboard(p: &Press<'_>, by: Ranking, page: u16) {
    let lang = p.bot.guild_lang(p.guild).await;
    match leaderboard_page(p.bot, p.guild, by, page, lang).await {
        Ok(reply) => p.update(reply).await,
        Err(f) => p.private(p.words_of(&f)).await,
    }
}
