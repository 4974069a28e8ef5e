//! Doing what [`super::plan`] decided: each step handed to the module that does it. Nothing
//! else lives here.

use crate::game::Outcome;

use super::plan::Step;
use super::{board_steps, event_steps, notice_steps, result_steps, team_steps, training_steps};
use crate::discord::bot::Bot;

/// Does one step of a plan (nothing before Discord is connected).
///
/// One flat table, a line or two for each kind of [`Step`]: split, it would hide which module
/// does what.
pub async fn step(bot: &Bot, outcome: &Outcome, step: Step) {
    let Some(http) = bot.http().cloned() else {
        return;
    };
    match step {
        Step::CloseInvitation(inv, how) => {
            board_steps::edit_invitation(bot, &http, &inv, Some(how)).await;
        }
        Step::RedrawInvitation(inv) => board_steps::edit_invitation(bot, &http, &inv, None).await,
        Step::AnnouncePairing(id, players, terms) => {
            board_steps::announce_pairing(bot, &http, id, players, terms).await;
        }
        Step::StartGame(id) => board_steps::start_game(bot, &http, id).await,
        Step::Redraw(id) => board_steps::redraw(bot, &http, id).await,
        Step::RedrawTeamBoard(id, color) => {
            if let Some(m) = bot.current(id).await {
                team_steps::show(bot, &http, &m, color).await;
            }
        }
        Step::NotifyTeam(id) => team_steps::notify_team(bot, &http, id).await,
        Step::NotifyTurn(id, user) => notice_steps::notify_turn(bot, &http, id, user).await,
        Step::NotifyAgreement(id) => notice_steps::notify_agreement(bot, &http, id).await,
        Step::Remind(id, user, deadline) => {
            notice_steps::remind(bot, &http, id, user, deadline).await;
        }
        Step::Announce(id, ending, players, rewards) => {
            result_steps::announce(bot, &http, outcome, id, (ending, players), &rewards).await;
        }
        Step::GrantTitle(guild, user) => {
            result_steps::grant_title(bot, &http, guild, user, outcome.channel).await;
        }
        Step::Close(id) => result_steps::close_game(bot, &http, id).await,
        Step::PostEvent(t) | Step::RedrawEvent(t) => {
            event_steps::show_announcement(bot, &http, &t).await;
        }
        Step::AnnounceRound(t, round) => event_steps::announce_round(bot, &http, &t, round).await,
        Step::AnnounceEventEnd(t) => event_steps::announce_end(bot, &http, &t).await,
        Step::AnnounceOverdue(t, round, games) => {
            event_steps::announce_overdue(bot, &http, &t, round, &games).await;
        }
        Step::AnnounceRuling {
            event,
            match_id,
            referee,
            ruling,
            replay,
        } => {
            let at = (event, outcome.guild);
            event_steps::announce_ruling(bot, &http, at, match_id, referee, ruling, replay).await;
        }
        Step::PostDaily(post) => {
            training_steps::post_daily(bot, &http, outcome.guild, &post).await;
        }
    }
}
