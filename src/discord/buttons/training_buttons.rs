//! The training ground's buttons: a point of a problem's picker, the solution of a failed
//! attempt, the next problem (each editing the private message), and the daily post's
//! "Try it" (a new private message, so no one sees another's answer).

use crate::game::Refusal;
use crate::game::training::{AttemptState, Day};
use crate::service::{Failure, TrainingCommand};

use super::Press;
use crate::discord::commands::problem_shown;
use crate::discord::custom_id::ButtonId;
use crate::discord::ui::problem_board::{ProblemView, kind_of_code};

/// Serves a press of a training button.
pub async fn press(p: &Press<'_>, id: ButtonId) {
    let runtime = &p.bot.runtime;
    let (command, new_message) = match id {
        ButtonId::ProblemPoint {
            attempt,
            drawn_at,
            point,
        } => (
            TrainingCommand::Click {
                user: p.user,
                attempt,
                drawn_at,
                point,
            },
            false,
        ),
        ButtonId::NextProblem { kind } => (
            TrainingCommand::Serve {
                guild: p.guild,
                user: p.user,
                kind: kind_of_code(kind),
            },
            false,
        ),
        ButtonId::TryDaily { day } => (
            TrainingCommand::TryDaily {
                guild: p.guild,
                user: p.user,
                day: Day(day),
            },
            true,
        ),
        ButtonId::ProblemSolution { attempt } => {
            solution(p, attempt).await;
            return;
        }
        _ => return,
    };
    tracing::debug!(parent: &p.span, ?command, "a training command");
    match runtime.train(command).await {
        Ok(answer) => {
            let reply = problem_shown(answer.into(), p.lang).await;
            if new_message {
                p.reply(reply).await;
            } else {
                p.update(reply).await;
            }
        }
        Err(f) => p.private(p.words_of(&f)).await,
    }
}

/// The solution of a failed attempt, drawn in place of its refutation.
async fn solution(p: &Press<'_>, attempt: i64) {
    let (a, problem) = match p.bot.runtime.attempt(attempt).await {
        Ok(found) => found,
        Err(f) => {
            p.private(p.words_of(&f)).await;
            return;
        }
    };
    if a.user != p.user {
        let f = Failure::Refused(Refusal::NotYourProblem);
        p.private(p.words_of(&f)).await;
        return;
    }
    if a.state != AttemptState::Failed {
        let f = Failure::Refused(Refusal::ProblemOver);
        p.private(p.words_of(&f)).await;
        return;
    }
    let view = ProblemView {
        attempt: a,
        problem,
        step: None,
        rating: None,
        streak: None,
        solution: true,
    };
    p.update(problem_shown(view, p.lang).await).await;
}
