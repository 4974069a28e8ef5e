//! `/weiqi problem [kind]`: a training problem at the player's level, privately (or the
//! server's board of daily problem solvers).

use crate::game::Refusal;
use crate::game::training::Day;
use crate::problems::Kind;
use crate::runtime;
use crate::service::{Failure, TrainingCommand};

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::choices::ProblemAsk;
use crate::discord::i18n::Lang;
use crate::discord::reply::Reply;
use crate::discord::ui::problem_board::{self, ProblemView};

/// A Go problem to solve, privately
#[poise::command(slash_command, guild_only)]
pub async fn problem(ctx: Ctx<'_>, kind: Option<ProblemAsk>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let kind = match kind {
        Some(ProblemAsk::Solvers) => {
            solvers(&call).await;
            return Ok(());
        }
        Some(ProblemAsk::Capture) => Some(Kind::Capture),
        Some(ProblemAsk::LifeAndDeath) => Some(Kind::LifeAndDeath),
        Some(ProblemAsk::Tesuji) => Some(Kind::Tesuji),
        None => None,
    };
    let asked = TrainingCommand::Serve {
        guild: call.guild,
        user: call.user,
        kind,
    };
    match call.bot.runtime.train(asked).await {
        Ok(answer) => call.reply(shown(answer.into(), call.lang).await).await,
        Err(f) => call.failure(&f).await,
    }
    Ok(())
}

/// The server's solvers of daily problems.
async fn solvers(call: &Call<'_>) {
    let runtime = &call.bot.runtime;
    let (rows, settings) = (
        runtime.solvers_leaderboard(call.guild, 20).await,
        runtime.settings(call.guild).await,
    );
    match (rows, settings) {
        (Ok(rows), Ok(settings)) if rows.is_empty() && settings.daily_channel.is_none() => {
            let f = Failure::Refused(Refusal::DailyNotConfigured);
            call.failure(&f).await;
        }
        (Ok(rows), Ok(settings)) => {
            let lang = call.public_lang().await;
            let today = Day::of(runtime.now(), settings.timezone);
            let embed = problem_board::solvers_embed(lang, &rows, today);
            call.reply(Reply::public().embed(embed)).await;
        }
        (Err(f), _) | (_, Err(f)) => call.failure(&f).await,
    }
}

/// The private message of an attempt, its picture drawn off the async threads (words only,
/// logged, if it cannot be drawn).
pub async fn shown(view: ProblemView, lang: Lang) -> Reply {
    let for_picture = view.clone();
    let png = match runtime::blocking(move || problem_board::picture(&for_picture)).await {
        Ok(Ok(png)) => Some(png),
        Ok(Err(e)) => {
            tracing::warn!(problem = view.problem.id, error = %e, "cannot draw the problem");
            None
        }
        Err(e) => {
            tracing::warn!(problem = view.problem.id, error = %e, "cannot draw the problem");
            None
        }
    };
    problem_board::reply(&view, lang, png)
}
