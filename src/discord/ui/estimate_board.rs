//! The estimate during play (形势判断), as its player sees it privately: the board with each
//! point's likely owner and the stones that look dead, the estimated score in words, and the
//! uses left in the game.

use serenity::all::{CreateAttachment, CreateEmbed, CreateEmbedFooter};

use crate::discord::i18n::{Lang, tr};
use crate::discord::reply::Reply;
use crate::game::matches::Match;
use crate::go::{PositionEstimate, format_half_points};
use crate::render::{RenderError, RenderOptions, render_png};

use super::words::color_name;

/// The file name the estimate's picture is attached under.
pub const ESTIMATE_FILE: &str = "estimate.png";

/// The board of `m` with `estimate`'s overlays: ownership squares, dead stones, the count.
///
/// # Errors
/// The PNG could not be encoded.
pub fn picture(m: &Match, estimate: &PositionEstimate) -> Result<Vec<u8>, RenderError> {
    let board = m.game.board();
    let opts = RenderOptions::for_game(&m.game).with_estimate(board, estimate);
    render_png(board, &opts)
}

/// The estimated score in words: "Black leads by about 6.5 with komi (7.5)."
pub fn lead_text(lang: Lang, estimate: &PositionEstimate) -> String {
    let komi = estimate.komi.to_string();
    match estimate.leader() {
        Some((color, half)) => tr!(
            lang,
            "estimate-lead",
            color = color_name(lang, color),
            points = format_half_points(i64::try_from(half).unwrap_or(i64::MAX)),
            komi = komi
        ),
        None => tr!(lang, "estimate-even", komi = komi),
    }
}

/// The private answer: the title (the move it is after), the score in words, the uses left,
/// the picture (or the words alone when it could not be drawn), and what the squares mean.
pub fn reply(
    lang: Lang,
    m: &Match,
    estimate: &PositionEstimate,
    (used, limit): (u32, u32),
    png: Option<Vec<u8>>,
) -> Reply {
    let left = limit.saturating_sub(used);
    let description = format!(
        "**{}**\n{}",
        lead_text(lang, estimate),
        tr!(lang, "estimate-left", left = left, limit = limit)
    );
    let mut embed = CreateEmbed::new()
        .title(tr!(lang, "estimate-title", number = m.move_count()))
        .description(description)
        .footer(CreateEmbedFooter::new(tr!(lang, "estimate-note")));
    if png.is_some() {
        embed = embed.image(format!("attachment://{ESTIMATE_FILE}"));
    }
    let reply = Reply::public().embed(embed).privately();
    match png {
        Some(png) => reply.file(CreateAttachment::bytes(png, ESTIMATE_FILE)),
        None => reply,
    }
}
