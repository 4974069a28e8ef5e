//! The bot's side of the web pages: the "View on the web" link its messages carry when the
//! host serves the pages (`WEB_PUBLIC_URL`) and the server shows them (the `web` setting), and
//! the names members are shown by there, noted as interactions bring them.

use std::sync::Arc;

use serenity::all::{CreateActionRow, CreateButton};
use tracing::warn;

use crate::game::{GuildId, UserId};
use crate::runtime::web::Page;

use super::bot::Bot;
use super::i18n::{Lang, tr};

/// Discord's longest button URL.
const URL_LIMIT: usize = 512;

impl Bot {
    /// The address of a page on the web, when the host serves the pages and the server shows
    /// that page; `None` otherwise (and when the settings or the key cannot be read: no link).
    pub async fn web_link(&self, guild: GuildId, page: Page) -> Option<String> {
        let base = self.web_url.as_deref()?;
        let settings = self.runtime.settings(guild).await.ok()?;
        let shown = match page {
            Page::Game(_) => settings.web.shows_games(),
            Page::Event(_) | Page::Server(_) => settings.web.shows_events(),
        };
        if !shown {
            return None;
        }
        let links = match self.runtime.links().await {
            Ok(l) => l,
            Err(e) => {
                warn!(error = %e, "cannot read the key of the web's links");
                return None;
            }
        };
        let url = format!("{base}{}", links.path(page));
        (url.len() <= URL_LIMIT).then_some(url)
    }

    /// Notes the name a member is shown by, when it is new or changed (off the interaction's
    /// path: the answer never waits for it).
    pub fn saw_name(self: &Arc<Self>, guild: GuildId, user: UserId, name: &str) {
        let name: String = name.chars().take(64).collect();
        if name.trim().is_empty() {
            return;
        }
        let previous = self
            .names
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert((guild, user), name.clone());
        if previous.as_deref() == Some(name.as_str()) {
            return;
        }
        let bot = Arc::clone(self);
        tokio::spawn(async move {
            if let Err(e) = bot.runtime.note_names(guild, vec![(user, name)]).await {
                warn!(error = %e, "cannot note a member's name");
            }
        });
    }
}

/// The "View on the web" button.
pub fn link_button(url: &str, lang: Lang) -> CreateButton {
    CreateButton::new_link(url).label(tr!(lang, "button-view-web"))
}

/// A row of the "View on the web" button alone.
pub fn link_row(url: &str, lang: Lang) -> CreateActionRow {
    CreateActionRow::Buttons(vec![link_button(url, lang)])
}

/// `rows` with the link's row added when there is a link and room (Discord takes five rows).
pub fn with_link_row(
    mut rows: Vec<CreateActionRow>,
    url: Option<&str>,
    lang: Lang,
) -> Vec<CreateActionRow> {
    if let Some(url) = url
        && rows.len() < 5
    {
        rows.push(link_row(url, lang));
    }
    rows
}
