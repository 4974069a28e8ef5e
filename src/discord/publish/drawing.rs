//! The pictures the publisher sends, drawn off the async threads: a game's board message
//! (embed, buttons, image), its board as a consultation team or the relay's spectators see it,
//! and an event's picture (a knockout's bracket, else its crosstable).

use serenity::all::{CreateActionRow, CreateAttachment, CreateEmbed};
use tracing::warn;

use crate::game::Match;
use crate::game::events::Tournament;
use crate::render::{RenderError, RenderOptions, render_png};
use crate::runtime;

use crate::discord::i18n::Lang;
use crate::discord::ui::{self, BOARD_FILE};

/// The file name of an event's picture.
pub const EVENT_FILE: &str = "event.png";

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
///
/// # Errors
/// The drawing failed.
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
///
/// # Errors
/// The drawing failed.
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
    pub fn new_message(&self) -> serenity::all::CreateMessage {
        serenity::all::CreateMessage::new()
            .embed(self.embed.clone())
            .components(self.components.clone())
            .add_file(self.png.clone())
            .allowed_mentions(serenity::all::CreateAllowedMentions::new())
    }

    /// The board as the edit of its message (the image replaced).
    pub fn edit(&self) -> serenity::all::EditMessage {
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

/// Draws the board message of `m` in `lang`, with the link to its page on the web if any.
///
/// # Errors
/// The image could not be drawn: the caller leaves the message as it is (reconcile tries
/// again), rather than post a board without its board.
pub async fn draw(m: Match, lang: Lang, web: Option<String>) -> Result<BoardMessage, DrawError> {
    let key = ui::board_message::view_key(&m, lang);
    let embed = ui::board_message::embed(&m, lang);
    let components = ui::board_message::components(&m, lang, web.as_deref());
    let png = runtime::blocking(move || board_png(&m)).await??;
    Ok(BoardMessage {
        embed,
        components,
        png: CreateAttachment::bytes(png, BOARD_FILE),
        key,
    })
}

/// The game's board as spectators see it, under the board's file name (the embed shows it);
/// `None` (logged) if it cannot be drawn.
pub async fn spectator_board(m: Match) -> Option<CreateAttachment> {
    let id = m.id;
    match runtime::blocking(move || spectator_png(&m)).await {
        Ok(Ok(png)) => Some(CreateAttachment::bytes(png, BOARD_FILE)),
        Ok(Err(e)) => {
            warn!(match_id = id.get(), error = %e, "could not draw the relayed board");
            None
        }
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "could not draw the relayed board");
            None
        }
    }
}

/// The picture of an event as it stands: a knockout's bracket, else its crosstable; `None`
/// (logged) if it cannot be drawn, the text then standing alone.
pub async fn event_picture(t: &Tournament) -> Option<CreateAttachment> {
    let t = t.clone();
    let drawn = runtime::blocking(move || draw_picture(&t)).await;
    match drawn {
        Ok(Ok(png)) => Some(CreateAttachment::bytes(png, EVENT_FILE)),
        Ok(Err(e)) => {
            warn!(error = %e, "could not draw the event");
            None
        }
        Err(e) => {
            warn!(error = %e, "could not draw the event");
            None
        }
    }
}

/// Draws the picture of `t` (see [`event_picture`]).
fn draw_picture(t: &Tournament) -> Result<Vec<u8>, RenderError> {
    match ui::event_pictures::bracket_of(t) {
        Some(b) => crate::render::event_charts::bracket(&b),
        None => crate::render::event_charts::crosstable(&ui::event_pictures::crosstable_of(t)),
    }
}
