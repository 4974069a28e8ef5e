//! `/weiqi sgf [game]`: a game record, the format every Go program reads. The caller's recent
//! games are offered as the option is typed; without one, their latest.

use serenity::all::{AutocompleteChoice, CreateAttachment, CreateAutocompleteResponse};

use crate::game::teams::Membership;
use crate::game::{Match, MatchId, UserId};
use crate::go::Color;
use crate::service::RecordWords;

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::{Lang, tr};
use crate::discord::reply::Reply;
use crate::discord::snowflake;
use crate::discord::ui::words;

/// The caller's recent games on this server, newest first.
async fn recent(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    game_choices(ctx, partial, false).await
}

/// The caller's recent games on this server as an option's choices, newest first, those whose
/// number begins with what was typed; with `finished_only`, the finished ones alone (what a
/// review may go through).
pub(super) async fn game_choices(
    ctx: Ctx<'_>,
    partial: &str,
    finished_only: bool,
) -> CreateAutocompleteResponse {
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
            .filter(|g| !finished_only || g.result.is_some())
            .map(|g| {
                let result = g
                    .result
                    .map_or_else(|| tr!(lang, "sgf-running"), |r| r.to_string());
                let label = tr!(
                    lang,
                    "sgf-choice",
                    game = g.id.get(),
                    size = u32::from(g.size.get()),
                    rules = words::rules_name(lang, g.rules),
                    result = result,
                    moves = g.move_count
                );
                AutocompleteChoice::new(label.chars().take(100).collect::<String>(), g.id.get())
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
            Ok(list) => list.first().map(|g| g.id),
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
        Ok(Some(m)) => record_names(call, &m).await,
        // Not a game of this server, or none: the record's own refusal says which.
        Ok(None) => Vec::new(),
        Err(f) => return call.failure(&f).await,
    };
    let words = record_words(call.lang);
    match call.bot.runtime.sgf(call.guild, id, names, words).await {
        Ok(text) => {
            let file = CreateAttachment::bytes(text.into_bytes(), format!("tengen-{id}.sgf"));
            let reply = Reply::private(tr!(call.lang, "sgf-record", game = id.get())).file(file);
            call.reply(reply).await;
        }
        Err(f) => call.failure(&f).await,
    }
}

/// The words of a record's comments in `lang`.
pub(super) fn record_words(lang: Lang) -> RecordWords {
    RecordWords {
        automatic_pass: tr!(lang, "sgf-automatic-pass"),
        pass: tr!(lang, "sgf-vote-pass"),
        resign: tr!(lang, "sgf-vote-resign"),
    }
}

/// The names a game's record needs: its players (each player of a pair Go side, a
/// consultation's listed members), a team by its role's name or as the channel's, the computer
/// by its level.
pub(super) async fn record_names(call: &Call<'_>, m: &Match) -> Vec<(UserId, String)> {
    let mut names = Vec::new();
    for c in Color::ALL {
        let seat = m.players[c];
        let name = match (m.computer, m.teams.as_ref().map(|t| &t.sides[c].membership)) {
            (Some(computer), _) if computer.color == c => {
                words::computer_name(call.lang, computer.level)
            }
            (_, Some(Membership::Role(role))) => role_name(call, *role).await,
            (_, Some(Membership::Anyone)) => tr!(call.lang, "team-anyone-name"),
            _ => name(call, seat).await,
        };
        names.push((seat, name));
    }
    for user in m.people() {
        names.push((user, name(call, user).await));
    }
    names
}

/// A role's name as the record shows it (its id when Discord cannot say).
async fn role_name(call: &Call<'_>, role: u64) -> String {
    let found = async {
        let guild = snowflake::guild(call.guild)?;
        let roles = guild.roles(call.ctx.http()).await?;
        Ok::<_, serenity::Error>(
            roles
                .values()
                .find(|r| r.id.get() == role)
                .map(|r| r.name.clone()),
        )
    };
    match found.await {
        Ok(Some(name)) => name,
        _ => role.to_string(),
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
