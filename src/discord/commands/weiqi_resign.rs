//! `/weiqi resign [game]`: the Resign button, typed (twice to confirm).

use crate::game::{Command, Event, Outcome};

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::{Lang, tr};
use crate::discord::ui::relative_time;

/// Resign (press twice to confirm).
#[poise::command(slash_command, guild_only)]
pub async fn resign(
    ctx: Ctx<'_>,
    #[autocomplete = "super::my_games"] game: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let lang = call.lang;
    let id = match super::players_game(&call, game).await {
        Ok(id) => id,
        Err(text) => {
            call.private(text).await;
            return Ok(());
        }
    };
    call.apply_and_answer(
        Command::Resign {
            by: call.user,
            match_id: Some(id),
        },
        |o| resign_text(o, lang),
    )
    .await;
    Ok(())
}

/// What a press of Resign did: armed it (until when), or resigned.
pub fn resign_text(outcome: &Outcome, lang: Lang) -> String {
    let armed = outcome.events.iter().find_map(|e| match e {
        Event::ResignArmed { until, .. } => Some(*until),
        _ => None,
    });
    match armed {
        Some(until) => tr!(lang, "answer-resign-armed", until = relative_time(until)),
        None => tr!(lang, "answer-resigned"),
    }
}
