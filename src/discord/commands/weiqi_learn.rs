//! `/weiqi learn`: the rules primer, privately, page by page.

use serenity::all::{
    ButtonStyle, CreateActionRow, CreateAttachment, CreateButton, CreateEmbed, CreateEmbedFooter,
};

use crate::go::{Board, Point, RuleSet, count_area};
use crate::render::{RenderOptions, render_png};
use crate::runtime;

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::{Lang, tr};
use crate::discord::primer::{PAGES, body, title};
use crate::discord::reply::Reply;
use crate::discord::ui::BOARD_FILE;

/// Learn the rules of Go from zero.
#[poise::command(slash_command, guild_only)]
pub async fn learn(ctx: Ctx<'_>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let reply = page(0, call.lang).await;
    call.reply(reply.privately()).await;
    Ok(())
}

/// The picture of a page, drawn off the async threads; `None` (logged) if it cannot be drawn:
/// the page then shows its words without a picture.
async fn picture(index: usize) -> Option<Vec<u8>> {
    let p = PAGES.get(index).copied()?;
    let drawn = runtime::blocking(move || {
        let board = Board::from_diagram(p.diagram)
            .map_err(|e| format!("the page's diagram does not read: {e}"))?;
        let marks: Vec<Point> = p.marks.iter().filter_map(|m| m.parse().ok()).collect();
        let mut opts = RenderOptions {
            ownership: Vec::new(),
            last_move: marks.first().copied(),
            ..RenderOptions::default()
        };
        if !p.dead.is_empty() {
            let dead: Vec<Point> = p.dead.iter().filter_map(|m| m.parse().ok()).collect();
            let stones: Vec<Point> = dead.iter().flat_map(|&d| board.chain(d)).collect();
            let count = count_area(&board, &dead, RuleSet::Chinese.rules().komi);
            opts = opts.with_count(&count, &stones);
        }
        render_png(&board, &opts).map_err(|e| e.to_string())
    })
    .await;
    match drawn {
        Ok(Ok(png)) => Some(png),
        Ok(Err(e)) => {
            tracing::warn!(page = index, error = %e, "cannot draw the primer's picture");
            None
        }
        Err(e) => {
            tracing::warn!(page = index, error = %e, "cannot draw the primer's picture");
            None
        }
    }
}

/// Page `index` of the primer, with the buttons to turn it.
pub async fn page(index: usize, lang: Lang) -> Reply {
    let index = index.min(PAGES.len().saturating_sub(1));
    let png = picture(index).await;
    let mut embed = CreateEmbed::new()
        .title(title(index, lang))
        .description(body(index, lang))
        .footer(CreateEmbedFooter::new(format!(
            "{}/{}",
            index + 1,
            PAGES.len()
        )));
    if png.is_some() {
        embed = embed.image(format!("attachment://{BOARD_FILE}"));
    }
    let nav = |label: String, to: usize, enabled: bool| {
        CreateButton::new(
            ButtonId::Learn {
                page: u8::try_from(to).unwrap_or(0),
            }
            .to_string(),
        )
        .label(label)
        .style(ButtonStyle::Secondary)
        .disabled(!enabled)
    };
    let reply = Reply::public()
        .embed(embed)
        .components(vec![CreateActionRow::Buttons(vec![
            nav(tr!(lang, "button-back"), index.saturating_sub(1), index > 0),
            nav(tr!(lang, "button-next"), index + 1, index + 1 < PAGES.len()),
        ])]);
    match png {
        Some(png) => reply.file(CreateAttachment::bytes(png, BOARD_FILE)),
        None => reply,
    }
}
