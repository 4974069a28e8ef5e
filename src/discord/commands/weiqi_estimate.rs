//! `/weiqi estimate [game]`: who owns what in the caller's running game (形势判断), privately:
//! the board shaded by owner, the estimated score, the uses left. The game decides whether
//! they may ask; the runtime counts the use and works the estimate out off the async threads.

use crate::game::{Command, Event, MatchId, Outcome};
use crate::runtime;

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;
use crate::discord::ui::estimate_board;

/// Who owns what in your game, privately
#[poise::command(slash_command, guild_only)]
pub async fn estimate(
    ctx: Ctx<'_>,
    #[autocomplete = "super::my_games"] game: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    // The playouts take a moment on 19×19: "thinking", privately, first.
    call.defer(true).await;
    let asked = Command::Estimate {
        guild: call.guild,
        channel: call.channel,
        by: call.user,
        game: game.map(MatchId),
    };
    let answer = call.bot.runtime.estimate(asked).await;
    match (&answer.applied.result, answer.estimate) {
        (Ok(outcome), Some((m, estimate))) => {
            call.span.record("match_id", m.id.get());
            let uses = uses(outcome).unwrap_or((0, 0));
            let for_picture = (m.clone(), estimate.clone());
            let png = match runtime::blocking(move || {
                estimate_board::picture(&for_picture.0, &for_picture.1)
            })
            .await
            {
                Ok(Ok(png)) => Some(png),
                Ok(Err(e)) => {
                    tracing::warn!(parent: &call.span, error = %e, "cannot draw the estimate");
                    None
                }
                Err(e) => {
                    tracing::warn!(parent: &call.span, error = %e, "cannot draw the estimate");
                    None
                }
            };
            tracing::info!(parent: &call.span, used = uses.0, "estimate given");
            let reply = estimate_board::reply(call.lang, &m, &estimate, uses, png);
            call.reply(reply).await;
        }
        (Ok(_), None) => call.private(tr!(call.lang, "estimate-gone")).await,
        (Err(f), _) => call.failure(f).await,
    }
    call.publish(&answer.applied).await;
    Ok(())
}

/// The use the outcome counted, of how many: `(used, limit)`.
fn uses(outcome: &Outcome) -> Option<(u32, u32)> {
    outcome.events.iter().find_map(|e| match e {
        Event::EstimateGiven { used, limit, .. } => Some((*used, *limit)),
        _ => None,
    })
}
