//! `/weiqi sgf [game]`: a game record, the format every Go program reads. The caller's recent
//! games are offered as the option is typed; without one, their latest.

use serenity::all::{AutocompleteChoice, CreateAttachment, CreateAutocompleteResponse};

use crate::game::{MatchId, UserId};

use super::super::bot::{Ctx, Error};
use super::super::i18n::{Lang, tr};
use super::super::reply::Reply;
use super::super::snowflake;
use super::super::ui::words;
use super::Call;

/// The caller's recent games on this server, newest first.
async fn recent(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let lang = Lang::from_locale(&ctx.interaction.locale);
    let Some(guild) = super::guild_of(ctx) else {
        return CreateAutocompleteResponse::new();
    };
    let user = UserId(ctx.interaction.user.id.get());
    let typed = partial.trim().to_owned();
    super::choices(ctx.data().runtime.recent_games(guild, user, 25), |games| {
        games
            .into_iter()
            .filter(|g| typed.is_empty() || g.id.to_string().starts_with(&typed))
            .map(|g| {
                let result = g
                    .result
                    .map_or_else(|| tr!(lang, "sgf-running"), |r| r.to_string());
                let label = tr!(
                    lang,
                    "sgf-choice",
                    game = g.id,
                    size = u32::from(g.size.get()),
                    rules = words::rules_name(lang, g.rules),
                    result = result,
                    moves = g.move_count
                );
                AutocompleteChoice::new(label.chars().take(100).collect::<String>(), g.id)
            })
            .collect()
    })
    .await
}

/// Download a game record (SGF).
#[poise::command(slash_command, guild_only)]
pub async fn sgf(
    ctx: Ctx<'_>,
    #[min = 1]
    #[autocomplete = "recent"]
    game: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    // Replaying a long record takes a moment: "thinking" first, then the file (privately: a
    // refusal must never show in the channel).
    call.defer(true).await;
    let (guild, user) = (call.guild, call.user);
    let id = match game {
        Some(n) => Some(MatchId(n)),
        None => match call.bot.runtime.recent_games(guild, user, 1).await {
            Ok(list) => list.first().map(|g| MatchId(g.id)),
            Err(f) => {
                call.failure(&f).await;
                return Ok(());
            }
        },
    };
    match id {
        Some(id) => answer_record(&call, id).await,
        None => call.private(tr!(call.lang, "sgf-no-game")).await,
    }
    Ok(())
}

/// The record of game `id` as a file, with its players' names.
async fn answer_record(call: &Call<'_>, id: MatchId) {
    let names = match call.bot.runtime.game(id).await {
        Ok(Some(m)) => {
            let [b, w] = m.both();
            [name(call, b).await, name(call, w).await]
        }
        // Not a game of this server, or none: the record's own refusal says which.
        Ok(None) => [String::new(), String::new()],
        Err(f) => return call.failure(&f).await,
    };
    let comment = tr!(call.lang, "sgf-automatic-pass");
    match call.bot.runtime.sgf(call.guild, id, names, comment).await {
        Ok(text) => {
            let file = CreateAttachment::bytes(text.into_bytes(), format!("tengen-{id}.sgf"));
            let reply = Reply::private(tr!(call.lang, "sgf-record", game = id.get())).file(file);
            call.reply(reply).await;
        }
        Err(f) => call.failure(&f).await,
    }
}

/// A player's name as the record shows it (their id when Discord cannot say).
pub(super) async fn name(call: &Call<'_>, user: UserId) -> String {
    let found = async { snowflake::user(user)?.to_user(call.ctx.http()).await };
    match found.await {
        Ok(u) => u.global_name.unwrap_or(u.name),
        Err(_) => user.to_string(),
    }
}
