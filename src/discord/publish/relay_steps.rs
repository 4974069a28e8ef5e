//! The relay (传谱): an event may name a channel where spectators follow it. Each of its games
//! is mirrored there — its board without buttons or the picker's blocks, edited at each move
//! — and each round's pairings, the standings after it, and the end are posted there too.

use serenity::all::{CreateAllowedMentions, CreateMessage, EditAttachments, EditMessage, Http};
use tracing::warn;

use crate::game::events::Tournament;
use crate::game::{ChannelId, EventId, GuildId, Match, MatchId};

use super::drawing::{BoardMessage, event_picture, spectator_board};
use super::rest::{edit, post_with_retry, send, with_retry};
use crate::discord::bot::Bot;

/// What the relay needs of a game.
#[derive(Debug, Clone, Copy)]
pub struct Relayed {
    id: MatchId,
    guild: GuildId,
    event: Option<EventId>,
}

impl Relayed {
    pub fn of(m: &Match) -> Relayed {
        Relayed {
            id: m.id,
            guild: m.guild,
            event: m.config.event.map(|l| l.event),
        }
    }
}

/// Mirrors a board just drawn (posted or edited) in its event's relay channel, if it has one:
/// the mirror is edited, or posted the first time (and remembered).
pub async fn mirror(bot: &Bot, http: &Http, m: Relayed, board: &BoardMessage) {
    let Some(event) = m.event else {
        return;
    };
    let id = m.id;
    let known = match bot.runtime.relay_message(id).await {
        Ok(known) => known,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot read where the game is relayed");
            return;
        }
    };
    let Some(game) = bot.current(id).await else {
        return;
    };
    let lang = bot.guild_lang(game.guild).await;
    let web = bot
        .web_link(game.guild, crate::runtime::web::Page::Game(id))
        .await;
    let rows = crate::discord::web_links::with_link_row(Vec::new(), web.as_deref(), lang);
    let Some(png) = spectator_board(game).await else {
        return;
    };
    if let Some((channel, message)) = known {
        let edited = with_retry("edit the relayed board", || {
            edit(
                http,
                channel,
                message,
                EditMessage::new()
                    .embed(board.embed.clone())
                    .components(rows.clone())
                    .attachments(EditAttachments::new().add(png.clone())),
            )
        })
        .await;
        if let Err(e) = edited {
            warn!(match_id = id.get(), error = %e, "could not edit the relayed board");
        }
        return;
    }
    let relay = match bot.runtime.event(m.guild, event).await {
        Ok(t) => t.terms.relay,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot read the game's event");
            return;
        }
    };
    let Some(channel) = relay.map(ChannelId) else {
        return;
    };
    let posted = post_with_retry("relay the board", || {
        send(
            http,
            channel,
            CreateMessage::new()
                .embed(board.embed.clone())
                .components(rows.clone())
                .add_file(png.clone())
                .allowed_mentions(CreateAllowedMentions::new()),
        )
    })
    .await;
    match posted {
        Ok(msg) => {
            let message = msg.id.get();
            if let Err(e) = bot.runtime.set_relay_message(id, channel, message).await {
                warn!(match_id = id.get(), error = %e, "could not remember the relayed board");
            }
        }
        Err(e) => warn!(match_id = id.get(), error = %e, "could not relay the board"),
    }
}

/// Posts `text` (with the event's picture, if `picture`) in the event's relay channel, if it
/// has one, pinging no one.
pub async fn relay_text(http: &Http, t: &Tournament, text: String, picture: bool) {
    let Some(channel) = t.terms.relay.map(ChannelId) else {
        return;
    };
    let mut msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new());
    if picture && let Some(file) = event_picture(t).await {
        msg = msg.add_file(file);
    }
    let posted = post_with_retry("relay the event", || send(http, channel, msg.clone())).await;
    if let Err(e) = posted {
        warn!(event = t.id.get(), error = %e, "could not post in the relay channel");
    }
}
