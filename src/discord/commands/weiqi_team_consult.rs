//! `/weiqi-team consult`: a consultation game (商谈联棋) — two teams, each a role or a list of
//! members, or a team against the computer (the whole server's, with no team named) — that
//! votes on each move in a thread of its own. Moderators start one, or anyone where the server
//! lets them (`team-games-for-everyone`).

use serenity::all::Role;

use crate::game::teams::Side;
use crate::game::time_control::parse_duration;
use crate::game::{Command, Duration, InviteOptions, TeamGameRequest, UserId};
use crate::go::{ByColor, Color, Level, RuleSet};

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;

/// The voting window when the command names none.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(60);

/// Start a team game: two teams that vote on each move, or a team against the computer.
#[poise::command(slash_command, guild_only)]
// One argument per option of the slash command, as poise takes them.
#[allow(clippy::too_many_arguments)]
pub async fn consult(
    ctx: Ctx<'_>,
    black_role: Option<Role>,
    #[max_length = 1000] black_members: Option<String>,
    white_role: Option<Role>,
    #[max_length = 1000] white_members: Option<String>,
    computer: Option<Level>,
    #[max_length = 20] move_time: Option<String>,
    #[min = 5]
    #[max = 19]
    #[autocomplete = "super::weiqi_invite::allowed_sizes"]
    size: Option<u8>,
    rules: Option<RuleSet>,
    #[min = -50]
    #[max = 50]
    komi: Option<f64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let side = |role: Option<Role>, members: Option<String>| -> Result<Option<Side>, ()> {
        match (role, members) {
            (Some(r), None) => Ok(Some(Side::role(r.id.get()))),
            (None, Some(text)) => super::mentioned(&text)
                .map(|l| Some(Side::members(l)))
                .ok_or(()),
            (None, None) => Ok(None),
            (Some(_), Some(_)) => Err(()),
        }
    };
    let (Ok(black), Ok(white)) = (
        side(black_role, black_members),
        side(white_role, white_members),
    ) else {
        call.private(tr!(call.lang, "refusal-team-sides")).await;
        return Ok(());
    };
    // Against the computer, the side left out is the computer's; with no team named at all,
    // the team is anyone on the server, and plays Black.
    let sides = match (black, white, computer.is_some()) {
        (None, None, true) => ByColor {
            black: Some(Side::anyone()),
            white: None,
        },
        (b, w, _) => ByColor { black: b, white: w },
    };
    let Some(window) = move_time
        .as_deref()
        .map_or(Some(DEFAULT_MOVE_TIME), parse_duration)
    else {
        call.private(tr!(call.lang, "refusal-move-time")).await;
        return Ok(());
    };
    let private = Color::ALL.into_iter().any(|c| {
        sides[c]
            .as_ref()
            .is_some_and(|s| s.membership != crate::game::teams::Membership::Anyone)
    });
    if !call.may_run_teams_here(private).await {
        return Ok(());
    }
    let bot = UserId(ctx.framework.bot_id().get());
    let command = Command::TeamGame(Box::new(TeamGameRequest {
        guild: call.guild,
        channel: call.channel,
        by: call.user,
        moderator: call.moderator(),
        sides,
        computer: computer.map(|level| (bot, Some(level))),
        options: InviteOptions {
            size,
            komi,
            rules,
            ..InviteOptions::default()
        },
        window,
    }));
    let lang = call.lang;
    call.apply_and_answer(command, |_| tr!(lang, "answer-team-game"))
        .await;
    Ok(())
}
