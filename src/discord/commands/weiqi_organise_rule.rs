//! `/weiqi-organise rule game ruling`: an event's referee (裁判) — a moderator, or a member
//! of the server's `event-referee-role` — rules on one of its games still being played:
//! awarded to Black or White (also how an unfinished game is adjudicated), its disputed count
//! settled as marked, or annulled and replayed.

use serenity::all::{AutocompleteChoice, CreateAutocompleteResponse};

use crate::game::events::Stage;
use crate::game::{Command, MatchId, Ruling};

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::{Lang, tr};

/// The games being played in this server's events, offered as the `game` option is typed:
/// `#31 · Winter cup · round 2, board 1`.
pub(super) async fn event_games(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let lang = Lang::from_locale(&ctx.interaction.locale);
    let Some(guild) = super::guild_of(ctx) else {
        return CreateAutocompleteResponse::new();
    };
    let typed = partial.trim().trim_start_matches('#').to_lowercase();
    super::choices(ctx.data().runtime.events_of(guild, true), |events| {
        events
            .iter()
            .filter(|t| t.stage == Stage::Running)
            .flat_map(|t| {
                t.games
                    .iter()
                    .filter(|g| g.result.is_none())
                    .filter_map(move |g| Some((t, g, g.match_id?)))
            })
            .filter(|(t, _, id)| {
                typed.is_empty()
                    || id.get().to_string().starts_with(&typed)
                    || t.name.to_lowercase().contains(&typed)
            })
            .take(25)
            .map(|(t, g, id)| {
                let label = tr!(
                    lang,
                    "ruling-game-choice",
                    game = id.get(),
                    name = t.name.clone(),
                    round = g.round,
                    board = t.board_number(g).unwrap_or(g.board + 1)
                );
                AutocompleteChoice::new(label.chars().take(100).collect::<String>(), id.get())
            })
            .collect()
    })
    .await
}

/// Rule on a game of an event: award it, settle its count, or have it replayed.
#[poise::command(slash_command, guild_only, rename = "rule")]
pub async fn event_rule(
    ctx: Ctx<'_>,
    #[autocomplete = "event_games"] game: i64,
    ruling: Ruling,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let Some(referee) = call.referee().await else {
        return Ok(());
    };
    let command = Command::Rule {
        guild: call.guild,
        by: call.user,
        referee,
        game: MatchId(game),
        ruling,
    };
    let lang = call.lang;
    call.apply_and_answer(command, |_| tr!(lang, "answer-ruled", game = game))
        .await;
    Ok(())
}
