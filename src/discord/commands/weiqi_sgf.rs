//! `/weiqi sgf [game]`: a game record, the format every Go program reads. The caller's recent
//! games are offered as the option is typed; without one, their latest.

use serenity::all::{
    AutocompleteChoice, CreateAttachment, CreateAutocompleteResponse, EditInteractionResponse,
};

use crate::game::{Failure, GuildId, MatchId, Refusal, UserId};

use super::super::bot::{Ctx, Error};
use super::super::i18n::{Lang, tr};
use super::super::ui::words;
use super::Call;

/// The caller's recent games on this server, newest first.
async fn recent(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let lang = Lang::from_locale(&ctx.interaction.locale);
    let Some(guild) = ctx.interaction.guild_id.map(|g| GuildId(g.get())) else {
        return CreateAutocompleteResponse::new();
    };
    let user = UserId(ctx.interaction.user.id.get());
    let games = ctx
        .data()
        .runtime
        .read(move |s| s.recent_games(guild, user, 25))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    let typed = partial.trim();
    let choices = games
        .into_iter()
        .filter(|g| typed.is_empty() || g.id.to_string().starts_with(typed))
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
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
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
        None => match call
            .bot
            .runtime
            .read(move |s| s.recent_games(guild, user, 1))
            .await
        {
            Ok(Ok(list)) => list.first().map(|g| MatchId(g.id)),
            Ok(Err(f)) => return answer_failure(&call, &f).await,
            Err(_) => return answer_failure(&call, &Failure::Refused(Refusal::NothingToDo)).await,
        },
    };
    let Some(id) = id else {
        call.edit(EditInteractionResponse::new().content(tr!(call.lang, "sgf-no-game")))
            .await;
        return Ok(());
    };
    let players = call
        .bot
        .runtime
        .read(move |s| s.load_match(id).map(|m| m.map(|m| m.both())))
        .await;
    let names = match players {
        Ok(Ok(Some([b, w]))) => (name(&call, b).await, name(&call, w).await),
        _ => (String::new(), String::new()),
    };
    let comment = tr!(call.lang, "sgf-automatic-pass");
    let record = call
        .bot
        .runtime
        .read(move |s| s.sgf(guild, id, [&names.0, &names.1], &comment))
        .await;
    match record {
        Ok(Ok(text)) => {
            let edit = EditInteractionResponse::new()
                .content(tr!(call.lang, "sgf-record", game = id.get()))
                .new_attachment(CreateAttachment::bytes(
                    text.into_bytes(),
                    format!("tengen-{id}.sgf"),
                ));
            call.edit(edit).await;
        }
        Ok(Err(f)) => return answer_failure(&call, &f).await,
        Err(_) => {
            return answer_failure(&call, &Failure::Refused(Refusal::NothingToDo)).await;
        }
    }
    Ok(())
}

async fn answer_failure(call: &Call<'_>, f: &Failure) -> Result<(), Error> {
    super::log_failure(f);
    let text = match f {
        Failure::Refused(Refusal::NothingToDo) => tr!(call.lang, "failure-internal"),
        other => words::failure(call.lang, other),
    };
    call.edit(EditInteractionResponse::new().content(text))
        .await;
    Ok(())
}

/// A player's name as the record shows it.
async fn name(call: &Call<'_>, user: UserId) -> String {
    match serenity::all::UserId::new(user.get().max(1))
        .to_user(call.ctx.http())
        .await
    {
        Ok(u) => u.global_name.unwrap_or(u.name),
        Err(_) => user.to_string(),
    }
}
