//! `/weiqi-config games` and `/weiqi-config annul`: a server's running games for its
//! moderators (those that could not be loaded among them, with why), and ending one with no
//! result.

use serenity::all::{AutocompleteChoice, CreateAutocompleteResponse};

use crate::game::{Command, MatchId};
use crate::service::RunningGame;

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::{Lang, tr};
use crate::discord::ui::fit::fit_lines;
use crate::discord::ui::team_board::holder_name;
use crate::discord::ui::{relative_time, words};

/// The running games of this server.
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Ctx<'_>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if !call.moderator_or_refuse().await {
        return Ok(());
    }
    let list = match call.bot.runtime.running_in(call.guild).await {
        Ok(list) => list,
        Err(f) => {
            call.failure(&f).await;
            return Ok(());
        }
    };
    let lang = call.lang;
    let text = if list.is_empty() {
        tr!(lang, "config-no-games")
    } else {
        let lines: Vec<String> = list.iter().map(|g| line(g, lang)).collect();
        fit_lines(&lines, |n| tr!(lang, "config-more-games", count = n))
    };
    call.private(text).await;
    Ok(())
}

/// One game of a moderator's list.
fn line(g: &RunningGame, lang: Lang) -> String {
    match g {
        RunningGame::Playing {
            id,
            channel,
            sides,
            size,
            rules,
            move_count,
            started_at,
        } => tr!(
            lang,
            "config-game-line",
            game = id.get(),
            summary = summary(*size, *rules, lang),
            black = holder_name(&sides.black, lang),
            white = holder_name(&sides.white, lang),
            moves = *move_count,
            started = relative_time(*started_at),
            channel = format!("<#{}>", channel.get())
        ),
        RunningGame::Unloadable { id, problem } => tr!(
            lang,
            "config-game-broken",
            game = id.get(),
            why = words::load_error(lang, &problem.error)
        ),
    }
}

/// `9×9 Chinese`.
fn summary(size: crate::go::BoardSize, rules: crate::go::RuleSet, lang: Lang) -> String {
    format!("{0}×{0} {1}", size.get(), words::rules_name(lang, rules))
}

/// The running games, offered as `annul`'s option is typed.
async fn running(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let Some(guild) = super::guild_of(ctx) else {
        return CreateAutocompleteResponse::new();
    };
    let typed = partial.trim().to_owned();
    let lang = Lang::from_locale(&ctx.interaction.locale);
    super::choices(ctx.data().runtime.running_in(guild), |list| {
        list.into_iter()
            .filter(|g| typed.is_empty() || g.id().to_string().starts_with(&typed))
            .take(25)
            .map(|g| {
                let label = match &g {
                    RunningGame::Playing {
                        id,
                        size,
                        rules,
                        move_count,
                        ..
                    } => format!("#{id} {} · {move_count}", summary(*size, *rules, lang)),
                    RunningGame::Unloadable { id, .. } => {
                        format!("#{id} {}", tr!(lang, "config-game-unloadable"))
                    }
                };
                AutocompleteChoice::new(label, g.id().get())
            })
            .collect()
    })
    .await
}

/// End a running game with no result.
#[poise::command(slash_command, guild_only)]
pub async fn annul(
    ctx: Ctx<'_>,
    #[min = 1]
    #[autocomplete = "running"]
    game: i64,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let lang = call.lang;
    call.apply_and_answer(
        Command::Annul {
            guild: call.guild,
            by: call.user,
            moderator: call.moderator(),
            match_id: MatchId(game),
        },
        |_| tr!(lang, "config-annulled", game = game),
    )
    .await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::teams::{Membership, SeatHolder};
    use crate::game::{ChannelId, Timestamp};
    use crate::go::{BoardSize, ByColor, Level, RuleSet};

    #[test]
    fn a_team_game_is_listed_by_its_team_and_the_computer_not_by_seats() {
        let g = RunningGame::Playing {
            id: MatchId(130),
            channel: ChannelId(5),
            sides: ByColor {
                black: SeatHolder::Team(Membership::Role(77)),
                white: SeatHolder::Computer(Level::Beginner),
            },
            size: BoardSize::new(9).expect("a size"),
            rules: RuleSet::Chinese,
            move_count: 4,
            started_at: Timestamp::from_millis(0),
        };
        let text = line(&g, Lang::En);
        assert!(text.contains("<@&77>"), "{text}");
        assert!(text.contains("beginner"), "{text}");
        assert!(!text.contains("<@9"), "{text}");
    }
}
