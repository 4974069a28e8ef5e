//! Turning what the match service decided into what Discord shows, after the commit, for
//! clicks and fired deadlines alike: first [`plan`] what an outcome changes (pure), then
//! [`deliver`] it — the board message edited (retried when Discord fails, reconciled later if it
//! still could not be), the player to move told, invitations closed, results announced, titles
//! granted, threads archived.
//!
//! Everything shown of one game goes through that game's turn ([`Publisher::turn`]), so that an
//! older image never overwrites a newer one and a re-posted board is never left stale.

mod deliver;
mod event_steps;
pub mod plan;
mod relay_steps;
mod team_steps;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serenity::all::{CreateActionRow, CreateAttachment, CreateEmbed};
use tracing::{Instrument, info_span, warn};

use crate::game::{ChannelId, Match, MatchId, Outcome};
use crate::render::{RenderError, RenderOptions, render_png};
use crate::runtime;

use super::bot::Bot;
use super::i18n::Lang;
use super::ui::{self, BOARD_FILE};

pub use deliver::{board_link, give_role, post_board, reconcile, redraw_now};
pub use event_steps::event_picture;
pub use plan::{Reward, Step, plan};

/// The publisher's memory: the last ping of each game, and each game's turn to be shown.
#[derive(Default)]
pub struct Publisher {
    /// The last "your move" ping of each match (channel, message), deleted when the next one
    /// is sent, so that a game leaves one ping in the channel rather than one per move.
    pings: Mutex<HashMap<MatchId, (ChannelId, u64)>>,
    /// One lock per game (a match keeps its invitation's id, so both share it).
    order: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
}

impl Publisher {
    /// Takes the turn of one game (or invitation) to change what Discord shows of it.
    pub async fn turn(&self, key: i64) -> tokio::sync::OwnedMutexGuard<()> {
        let lock = {
            let mut order = self.order.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(order.entry(key).or_default())
        };
        lock.lock_owned().await
    }

    /// Forgets the turn of a game that is over.
    fn forget(&self, key: i64) {
        self.order
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&key);
    }
}

/// The board image of a match: the running position with the region grid; during the
/// dead-stone agreement, the marking (dead chains crossed), territory and the score if
/// accepted; the final position with the count when it ended by a count.
///
/// # Errors
/// The drawing failed (never a blank image in its place).
pub fn board_png(m: &Match) -> Result<Vec<u8>, RenderError> {
    // A consultation's public board is not clicked: its teams vote on their own boards.
    board_png_with(m, m.is_running() && !m.is_consultation())
}

/// The board of `color`'s consultation team: the picker's blocks and, while the team is to
/// move, its votes so far.
pub fn team_png(m: &Match, color: crate::go::Color) -> Result<Vec<u8>, RenderError> {
    let mut opts = RenderOptions::for_game(&m.game);
    opts.show_regions = m.is_running();
    if m.is_running() && m.game.to_move() == color {
        opts.votes = crate::game::teams::votes::tally(&m.ballot)
            .into_iter()
            .filter_map(|(c, n)| match c {
                crate::game::teams::votes::Choice::Play(p) => Some((p, n)),
                _ => None,
            })
            .collect();
    }
    if m.was_counted() || m.in_agreement() {
        opts = opts.with_count(&m.count(), &m.dead_points());
    }
    render_png(m.game.board(), &opts)
}

/// The board of `m` as spectators see it (the relay): without the picker's blocks, which
/// only players can click.
pub fn spectator_png(m: &Match) -> Result<Vec<u8>, RenderError> {
    board_png_with(m, false)
}

fn board_png_with(m: &Match, regions: bool) -> Result<Vec<u8>, RenderError> {
    let mut opts = RenderOptions::for_game(&m.game);
    opts.show_regions = regions;
    if m.was_counted() || m.in_agreement() {
        opts = opts.with_count(&m.count(), &m.dead_points());
    }
    render_png(m.game.board(), &opts)
}

/// Everything a board message holds, drawn off the async threads: the embed, the buttons, the
/// image, and the key of what it shows.
pub struct BoardMessage {
    pub embed: CreateEmbed,
    pub components: Vec<CreateActionRow>,
    pub png: CreateAttachment,
    pub key: String,
}

impl BoardMessage {
    /// The board as a new message, pinging no one.
    pub(super) fn new_message(&self) -> serenity::all::CreateMessage {
        serenity::all::CreateMessage::new()
            .embed(self.embed.clone())
            .components(self.components.clone())
            .add_file(self.png.clone())
            .allowed_mentions(serenity::all::CreateAllowedMentions::new())
    }

    /// The board as the edit of its message (the image replaced).
    pub(super) fn edit(&self) -> serenity::all::EditMessage {
        serenity::all::EditMessage::new()
            .embed(self.embed.clone())
            .components(self.components.clone())
            .attachments(serenity::all::EditAttachments::new().add(self.png.clone()))
    }
}

/// Why a board message could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error(transparent)]
    Task(#[from] runtime::TaskFailed),
}

/// Draws the board message of `m` in `lang`.
///
/// # Errors
/// The image could not be drawn: the caller leaves the message as it is (reconcile tries
/// again), rather than post a board without its board.
pub async fn draw(m: Match, lang: Lang) -> Result<BoardMessage, DrawError> {
    let key = ui::board_message::view_key(&m, lang);
    let embed = ui::board_message::embed(&m, lang);
    let components = ui::board_message::components(&m, lang);
    let png = runtime::blocking(move || board_png(&m)).await??;
    Ok(BoardMessage {
        embed,
        components,
        png: CreateAttachment::bytes(png, BOARD_FILE),
        key,
    })
}

/// A match as it stands: from memory if running, else replayed from the database; `None`
/// (logged) if it cannot be read.
pub async fn current(bot: &Bot, id: MatchId) -> Option<Match> {
    match bot.runtime.game(id).await {
        Ok(m) => m,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot load the game to show it");
            None
        }
    }
}

/// Shows everything an outcome changed, in that game's turn. Errors from Discord are logged
/// and retried where that helps, never fatal: the game is already saved.
pub async fn publish(bot: &Bot, outcome: &Outcome) {
    // Only a game's or an event's outcomes show on Discord; a setting changed or a rank stated
    // is answered by its command.
    let Some(key) = outcome.subject.game_key() else {
        return;
    };
    let span = info_span!("publish", subject = ?outcome.subject, guild = outcome.guild.get());
    async {
        let _turn = bot.publisher.turn(key).await;
        for step in plan(outcome) {
            deliver::step(bot, outcome, step).await;
        }
        if outcome.is_final() {
            bot.publisher.forget(key);
        }
    }
    .instrument(span)
    .await;
}
