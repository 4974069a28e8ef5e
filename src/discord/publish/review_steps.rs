//! Reviews' messages brought up to date: every [`POLL_EVERY`] the reviews of the servers this
//! process serves whose message does not show their end yet are read from the table (the
//! runner, in this process or in a `tengen worker`, writes their progress there); a message
//! shows the progress when it moved, and at the end becomes the review (or says it failed).
//! One message is edited at most every [`EDIT_EVERY`], within Discord's rate limits.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serenity::all::{CreateAllowedMentions, EditMessage, Http};
use tokio::sync::watch;
use tracing::{Instrument, info_span, warn};

use crate::runtime;
use crate::runtime::reviews::{ReviewRow, ReviewState};

use super::rest::{edit, with_retry};
use crate::discord::bot::Bot;
use crate::discord::ui::review_message;

/// How often the table is read.
pub const POLL_EVERY: Duration = Duration::from_secs(2);

/// The least time between two edits of one review's message.
pub const EDIT_EVERY: Duration = Duration::from_secs(5);

/// The attempts at showing a finished review before its message says it failed.
const END_ATTEMPTS: u32 = 3;

/// What a message last showed, and when.
#[derive(Debug, Clone, Copy)]
struct Shown {
    done: u32,
    state: ReviewState,
    at: Instant,
    /// Failed attempts at showing the end.
    failures: u32,
}

/// Follows the reviews until `stop`.
pub async fn follow_reviews(bot: Arc<Bot>, mut stop: watch::Receiver<bool>) {
    let mut shown: HashMap<i64, Shown> = HashMap::new();
    loop {
        // The first look waits a round too: the first moments after a shard is ready are its
        // players' clicks'.
        tokio::select! {
            () = tokio::time::sleep(POLL_EVERY) => {}
            _ = stop.changed() => return,
        }
        if let Some(http) = bot.http().cloned() {
            look(&bot, &http, &mut shown).await;
        }
    }
}

/// One look at the reviews to show.
async fn look(bot: &Bot, http: &Http, shown: &mut HashMap<i64, Shown>) {
    let rows = match bot.runtime.reviews_to_publish().await {
        Ok(r) => r,
        Err(e) => {
            warn!(error = %e, "cannot read the reviews to show");
            return;
        }
    };
    shown.retain(|id, _| rows.iter().any(|r| r.id == *id));
    for row in rows {
        let Some(message) = row.message else {
            continue;
        };
        let last = shown.get(&row.id).copied();
        if last.is_some_and(|s| s.at.elapsed() < EDIT_EVERY) {
            continue;
        }
        let span = info_span!("review message", review = row.id, guild = row.guild.0);
        if row.state.ended() {
            let failures = last.map_or(0, |s| s.failures);
            let ok = show_end(bot, http, &row, message, failures)
                .instrument(span)
                .await;
            shown.insert(
                row.id,
                Shown {
                    done: row.done,
                    state: row.state,
                    at: Instant::now(),
                    failures: if ok { 0 } else { failures + 1 },
                },
            );
            continue;
        }
        if last.is_some_and(|s| s.done == row.done && s.state == row.state) {
            continue;
        }
        let lang = bot.guild_lang(row.guild).await;
        let text = review_message::progress_text(lang, &row);
        let edited = with_retry("show a review's progress", || {
            edit(
                http,
                row.channel,
                message,
                EditMessage::new()
                    .content(text.clone())
                    .allowed_mentions(CreateAllowedMentions::new()),
            )
        })
        .instrument(span)
        .await;
        if let Err(e) = edited {
            warn!(review = row.id, error = %e, "cannot show a review's progress");
        }
        shown.insert(
            row.id,
            Shown {
                done: row.done,
                state: row.state,
                at: Instant::now(),
                failures: 0,
            },
        );
    }
}

/// Shows the end of review `row` on `message`: the review, or that it failed (also after
/// [`END_ATTEMPTS`] failed attempts at showing it). `true` once shown and noted.
async fn show_end(bot: &Bot, http: &Http, row: &ReviewRow, message: u64, failures: u32) -> bool {
    let lang = bot.guild_lang(row.guild).await;
    let full = match bot.runtime.review_with_analyses(row.id).await {
        Ok(Some(f)) => f,
        Ok(None) => return false,
        Err(e) => {
            warn!(error = %e, "cannot read a finished review");
            return false;
        }
    };
    let (row, analyses) = full;
    let post = if row.state == ReviewState::Done && failures < END_ATTEMPTS {
        let for_drawing = row.clone();
        match runtime::blocking(move || review_message::final_post(lang, &for_drawing, &analyses))
            .await
        {
            Ok(Ok(post)) => Some(post),
            Ok(Err(e)) => {
                warn!(error = %e, "cannot draw a review");
                None
            }
            Err(e) => {
                warn!(error = %e, "cannot draw a review");
                None
            }
        }
    } else {
        None
    };
    let shown = match post {
        Some(post) => {
            let text = review_message::done_text(lang, &row);
            with_retry("show a review", || {
                let mut msg = EditMessage::new()
                    .content(text.clone())
                    .embeds(post.embeds.clone())
                    .allowed_mentions(CreateAllowedMentions::new());
                for f in &post.files {
                    msg = msg.new_attachment(f.clone());
                }
                edit(http, row.channel, message, msg)
            })
            .await
        }
        None => {
            let text = review_message::failed_text(lang, &row);
            with_retry("say a review failed", || {
                edit(
                    http,
                    row.channel,
                    message,
                    EditMessage::new()
                        .content(text.clone())
                        .allowed_mentions(CreateAllowedMentions::new()),
                )
            })
            .await
        }
    };
    match shown {
        Ok(_) => {}
        Err(e) => {
            warn!(error = %e, "cannot show the end of a review");
            // A message that is gone (deleted by a moderator) is not waited for.
            if !matches!(&e, serenity::Error::Http(h) if h.status_code().is_some_and(|s| s.as_u16() == 404))
            {
                return false;
            }
        }
    }
    if let Err(e) = bot.runtime.mark_review_published(row.id).await {
        warn!(error = %e, "cannot note that a review is shown");
        return false;
    }
    true
}
