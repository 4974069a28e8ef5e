//! Turning what the match service decided into what Discord shows, after the commit, for
//! clicks and fired deadlines alike: first [`plan`] what an outcome changes (pure), then
//! deliver it step by step — the board message edited (retried when Discord fails, reconciled
//! later if it still could not be), the player to move told, invitations closed, results
//! announced, titles granted, threads archived.
//!
//! Everything shown of one game goes through that game's turn ([`turns::Publisher::turn`]), so
//! that an older image never overwrites a newer one and a re-posted board is never left stale.
//!
//! The modules point one way: [`deliver`] dispatches each step to the module that does it
//! (`board_steps`, `notice_steps`, `result_steps`, `event_steps`, `team_steps`,
//! `relay_steps`); those use the leaves — [`rest`] (Discord's calls and the retry policy),
//! [`drawing`] (the pictures), [`records`] (where things were posted) and [`turns`] (the
//! publisher's memory) — and never this module or `deliver`.

mod board_steps;
mod deliver;
pub mod drawing;
mod event_steps;
pub mod notice_steps;
pub mod plan;
mod records;
mod relay_steps;
pub mod rest;
mod result_steps;
pub mod review_steps;
mod team_steps;
pub mod training_steps;
pub mod turns;

use tracing::{Instrument, Span, info_span};

use crate::game::{Command, Outcome, Subject};
use crate::service::Applied;

use super::bot::Bot;

pub use board_steps::{reconcile, redraw_now};
pub use drawing::{draw, event_picture};
pub use notice_steps::board_link;
pub use plan::{Reward, Step, plan};

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

/// Applies a command through the runtime, in `span` (a command's or a press's).
pub async fn apply(bot: &Bot, command: Command, span: &Span) -> Applied {
    bot.runtime.apply(command).instrument(span.clone()).await
}

/// Shows what an applied command changed, fired deadlines first, each game's id noted in
/// `span`: what a command and a press both do once they have answered.
pub async fn publish_applied(bot: &Bot, applied: &Applied, span: &Span) {
    for outcome in applied.outcomes() {
        if let Subject::Match(m) = outcome.subject {
            span.record("match_id", m.get());
        }
        publish(bot, outcome).instrument(span.clone()).await;
    }
}
