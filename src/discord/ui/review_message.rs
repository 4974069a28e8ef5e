//! A review's public message: while it waits and runs, one line of progress ("move 40 of
//! 120"); at its end the review itself — an embed naming the game, the engine plainly with its
//! strength, and the summary over the chart; an embed and a board for each of the players'
//! biggest mistakes (the move, the win rate before → after, the better move and its line);
//! and `review.sgf`. Within Discord's limits: at most 1 + 6 embeds, 8 files, and every text
//! cut to its share of the 6,000 characters all embeds may hold.

use serenity::all::{CreateAttachment, CreateEmbed};

use crate::go::{Color, Level, Move};
use crate::review::{
    Analysis, Mistake, ReviewWords, Source, Summary, chart_png, mistake_png, review_sgf, summarize,
};
use crate::runtime::review_engine::EngineUsed;
use crate::runtime::reviews::engine_of;
use crate::runtime::reviews::{ReviewRow, ReviewState};

use crate::discord::i18n::{Lang, tr};
use crate::discord::ui::words;

/// The review record's file name.
pub const REVIEW_SGF: &str = "review.sgf";
/// The chart's file name.
pub const CHART_FILE: &str = "review-chart.png";

/// The longest text of one embed's description: seven embeds stay well within 6,000.
const DESCRIPTION_MAX: usize = 700;

/// The moves of a better line shown in words (the board numbers them all).
const LINE_SHOWN: usize = 8;

/// The colour of a review's embeds.
const REVIEW_COLOUR: u32 = 0x4a_7b_9d;

fn cut(text: String, max: usize) -> String {
    if text.chars().count() <= max {
        return text;
    }
    let mut short: String = text.chars().take(max.saturating_sub(1)).collect();
    short.push('…');
    short
}

/// What was reviewed, in words: `game #12`, or the uploaded file's name.
pub fn what_words(lang: Lang, what: &str) -> String {
    match what.strip_prefix('#').and_then(|n| n.parse::<i64>().ok()) {
        Some(game) => tr!(lang, "review-what-game", game = game),
        None => format!("`{}`", what.replace('`', "'")),
    }
}

/// The engine plainly, with its strength: `🤖 Tengen · advanced (about 5 kyu)`, or the host's
/// engine as it plays (`🤖 KataGo (about 5 dan)`).
pub fn engine_words(lang: Lang, engine: &EngineUsed) -> String {
    match engine {
        EngineUsed::Tengen => words::computer_name(lang, Level::Advanced),
        EngineUsed::Host(name) => match crate::game::computer::host_engine() {
            Some(e) if e.name == *name => words::computer_name(lang, Level::Engine),
            _ => format!("🤖 {name}"),
        },
    }
}

/// The engine line of a review (and that it fell back, when it did).
fn engine_line(lang: Lang, row: &ReviewRow) -> String {
    let engine = engine_words(lang, &engine_of(row.engine.as_deref()));
    let mut line = tr!(lang, "review-engine", engine = engine);
    if row.fell_back {
        line.push('\n');
        line.push_str(&tr!(lang, "review-fell-back"));
    }
    line
}

/// The title of review `row`.
pub fn title(lang: Lang, row: &ReviewRow) -> String {
    tr!(lang, "review-title", what = what_words(lang, &row.what))
}

/// The message of a review just queued (of `what`, as stored).
pub fn waiting_text(lang: Lang, what: &str) -> String {
    let title = tr!(lang, "review-title", what = what_words(lang, what));
    format!("🔍 **{title}**\n{}", tr!(lang, "review-waiting"))
}

/// The message of a review waiting or under way.
pub fn progress_text(lang: Lang, row: &ReviewRow) -> String {
    let moves = row.total.saturating_sub(1);
    let state = match row.state {
        ReviewState::Queued if row.done == 0 => tr!(lang, "review-waiting"),
        _ => tr!(
            lang,
            "review-progress",
            move = row.done.saturating_sub(1).min(moves),
            moves = moves
        ),
    };
    format!("🔍 **{}**\n{}", title(lang, row), state)
}

/// The message of a review that failed.
pub fn failed_text(lang: Lang, row: &ReviewRow) -> String {
    format!(
        "🔍 **{}**\n{}",
        title(lang, row),
        tr!(lang, "review-failed")
    )
}

/// The content above a finished review's embeds.
pub fn done_text(lang: Lang, row: &ReviewRow) -> String {
    format!("🔍 **{}**", title(lang, row))
}

/// The words of a review record's comments.
pub fn record_words(lang: Lang, row: &ReviewRow) -> ReviewWords {
    ReviewWords {
        engine: engine_words(lang, &engine_of(row.engine.as_deref()))
            .trim_start_matches("🤖 ")
            .to_owned(),
        mistake: tr!(lang, "review-sgf-mistake"),
        better: tr!(lang, "review-sgf-better"),
    }
}

/// A finished review as Discord shows it: its embeds and files.
pub struct ReviewPost {
    pub embeds: Vec<CreateEmbed>,
    pub files: Vec<CreateAttachment>,
}

fn percent(rate: f64) -> String {
    format!("{:.0}", rate * 100.0)
}

fn move_words(lang: Lang, mv: Move) -> String {
    match mv {
        Move::Play(p) => p.to_string(),
        Move::Pass => tr!(lang, "review-pass"),
    }
}

/// The summary embed: the players, the result, the engine, Black's win rate at the end and
/// the largest swings, over the chart.
fn summary_embed(lang: Lang, row: &ReviewRow, source: &Source, summary: &Summary) -> CreateEmbed {
    let name = |n: &Option<String>, c: Color| {
        n.clone()
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| words::color_name(lang, c))
    };
    let mut lines = vec![tr!(
        lang,
        "review-players",
        black = name(&source.info.black, Color::Black),
        white = name(&source.info.white, Color::White)
    )];
    if let Some(result) = source.info.result.as_ref().filter(|r| !r.is_empty()) {
        lines.push(tr!(lang, "review-result", result = result.clone()));
    }
    lines.push(engine_line(lang, row));
    if let Some(end) = summary.black_win_rates.last() {
        lines.push(tr!(lang, "review-summary-end", rate = percent(*end)));
    }
    if !summary.swings.is_empty() {
        let list: Vec<String> = summary.swings.iter().map(usize::to_string).collect();
        lines.push(tr!(lang, "review-swings", moves = list.join(", ")));
    }
    if summary.mistakes.black.is_empty() && summary.mistakes.white.is_empty() {
        lines.push(tr!(lang, "review-no-mistakes"));
    }
    CreateEmbed::new()
        .title(cut(title(lang, row), 256))
        .description(cut(lines.join("\n"), DESCRIPTION_MAX))
        .colour(REVIEW_COLOUR)
        .image(format!("attachment://{CHART_FILE}"))
}

/// A mistake's embed, its board in `file`.
fn mistake_embed(lang: Lang, m: &Mistake, file: &str) -> CreateEmbed {
    let color = words::color_name(lang, m.color);
    let title = tr!(
        lang,
        "review-mistake-title",
        color = color,
        move = m.number,
        point = move_words(lang, m.played)
    );
    let mut rate = tr!(
        lang,
        "review-mistake-rate",
        before = percent(m.before),
        after = percent(m.after)
    );
    if let Some(points) = m.points_lost.filter(|p| *p > 0.0) {
        rate.push_str(" · ");
        rate.push_str(&tr!(
            lang,
            "review-mistake-points",
            points = format!("{points:.1}")
        ));
    }
    let line: Vec<String> = m
        .better
        .line
        .iter()
        .take(LINE_SHOWN)
        .map(|p| p.map_or_else(|| tr!(lang, "review-pass"), |p| p.to_string()))
        .collect();
    let better = tr!(
        lang,
        "review-mistake-better",
        better = move_words(lang, m.better.mv()),
        line = line.join(" ")
    );
    CreateEmbed::new()
        .title(cut(title, 256))
        .description(cut(format!("{rate}\n{better}"), DESCRIPTION_MAX))
        .colour(REVIEW_COLOUR)
        .image(format!("attachment://{file}"))
}

/// The finished review of `row` from its analyses: drawn here (call it off the async threads).
///
/// # Errors
/// The record no longer reads, or a picture cannot be drawn (the words of why, for the log).
pub fn final_post(
    lang: Lang,
    row: &ReviewRow,
    analyses: &[Analysis],
) -> Result<ReviewPost, String> {
    let source = Source::from_sgf(row.sgf.as_bytes()).map_err(|e| e.to_string())?;
    let summary = summarize(&source.game, analyses);
    let chart = chart_png(&summary).map_err(|e| e.to_string())?;
    let mut embeds = vec![summary_embed(lang, row, &source, &summary)];
    let mut files = vec![CreateAttachment::bytes(chart, CHART_FILE)];
    for (color, letter) in [(Color::Black, 'b'), (Color::White, 'w')] {
        for (k, m) in summary.mistakes[color].iter().enumerate() {
            let file = format!("review-{letter}{}.png", k + 1);
            let png = mistake_png(&source.game, m).map_err(|e| e.to_string())?;
            embeds.push(mistake_embed(lang, m, &file));
            files.push(CreateAttachment::bytes(png, file));
        }
    }
    let sgf = review_sgf(
        &source.game,
        &source.info,
        analyses,
        &summary,
        &record_words(lang, row),
    );
    files.push(CreateAttachment::bytes(sgf.into_bytes(), REVIEW_SGF));
    Ok(ReviewPost { embeds, files })
}
