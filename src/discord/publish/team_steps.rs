//! A consultation's team threads (商谈联棋): each team that is not the computer gets a thread
//! in the game's channel — private, with only its members and the bot (a listed team's added
//! one by one, a role's by a mention of the role), or public for a team anyone may join — and
//! in it the team's own board: the votes so far, and the buttons to vote. The public board
//! shows only the moves, so a team never sees the other's votes.

use serenity::all::{
    ChannelType, CreateAllowedMentions, CreateAttachment, CreateMessage, CreateThread, Http,
};
use tracing::{info, warn};

use crate::game::teams::Membership;
use crate::game::{ChannelId, Match, MatchId};
use crate::go::Color;
use crate::runtime;

use super::drawing::{BoardMessage, DrawError, team_png};
use super::rest::{self, edit, post_with_retry, send, with_retry};
use crate::discord::bot::Bot;
use crate::discord::i18n::{Lang, tr};
use crate::discord::snowflake;
use crate::discord::ui::{self, BOARD_FILE, board_message, team_board};

/// The teams of a consultation that vote (the computer's side has none).
fn voting_sides(m: &Match) -> Vec<Color> {
    if !m.is_consultation() {
        return Vec::new();
    }
    Color::ALL
        .into_iter()
        .filter(|&c| !m.is_computer(m.players[c]))
        .collect()
}

/// Draws the board of `color`'s team: the game's board with the team's votes while it is to
/// move, and its voting buttons.
async fn draw_team(m: &Match, color: Color, lang: Lang) -> Result<BoardMessage, DrawError> {
    let key = team_board::team_view_key(m, color, &board_message::view_key(m, lang));
    let embed = team_board::team_embed(m, color, board_message::embed(m, lang), lang);
    let components = team_board::team_components(m, color, board_message::region_rows(m), lang);
    let owned = m.clone();
    let png = runtime::blocking(move || team_png(&owned, color)).await??;
    Ok(BoardMessage {
        embed,
        components,
        png: CreateAttachment::bytes(png, BOARD_FILE),
        key,
    })
}

/// Shows every team's board of a consultation as the game stands: its thread opened the first
/// time, its board posted or edited.
pub async fn show_all(bot: &Bot, http: &Http, m: &Match) {
    for c in voting_sides(m) {
        show(bot, http, m, c).await;
    }
}

/// Shows `color`'s team board (opening the team's thread the first time).
pub async fn show(bot: &Bot, http: &Http, m: &Match, color: Color) {
    if !voting_sides(m).contains(&color) {
        return;
    }
    let id = m.id;
    let record = match bot.runtime.team_board(id, color).await {
        Ok(r) => r,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot read where the team's board is");
            return;
        }
    };
    let lang = bot.guild_lang(m.guild).await;
    let thread = match record.as_ref() {
        Some(r) => r.thread,
        None => match open_thread(bot, http, m, color, lang).await {
            Some(t) => t,
            None => return,
        },
    };
    let board = match draw_team(m, color, lang).await {
        Ok(b) => b,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "could not draw the team's board");
            return;
        }
    };
    if let Some(message) = record.and_then(|r| r.message) {
        let edited = with_retry("edit the team's board", || {
            edit(http, thread, message, board.edit())
        })
        .await;
        match edited {
            Ok(_) => remember(bot, id, color, message, &board.key).await,
            Err(e) => warn!(match_id = id.get(), error = %e, "could not edit the team's board"),
        }
        return;
    }
    let posted = post_with_retry("post the team's board", || {
        send(http, thread, board.new_message())
    })
    .await;
    match posted {
        Ok(msg) => remember(bot, id, color, msg.id.get(), &board.key).await,
        Err(e) => warn!(match_id = id.get(), error = %e, "could not post the team's board"),
    }
}

async fn remember(bot: &Bot, id: MatchId, color: Color, message: u64, key: &str) {
    let key = key.to_owned();
    if let Err(e) = bot.runtime.set_team_board(id, color, message, key).await {
        warn!(match_id = id.get(), error = %e, "could not remember the team's board");
    }
}

/// Opens `color`'s team thread in the game's channel and brings its members in; remembered
/// before anything is posted in it. `None` (logged) when Discord refuses.
async fn open_thread(
    bot: &Bot,
    http: &Http,
    m: &Match,
    color: Color,
    lang: Lang,
) -> Option<ChannelId> {
    let membership = m.teams.as_ref()?.sides[color].membership.clone();
    // A team anyone may join has nothing to hide; the others vote in private.
    let kind = if membership == Membership::Anyone {
        ChannelType::PublicThread
    } else {
        ChannelType::PrivateThread
    };
    let name = tr!(
        lang,
        "team-thread-name",
        game = m.id.get(),
        color = ui::words::color_name(lang, color)
    );
    // `invitable` is a private thread's only: Discord refuses it on a public one.
    let thread = CreateThread::new(name).kind(kind);
    let thread = match kind {
        ChannelType::PrivateThread => thread.invitable(false),
        _ => thread,
    };
    let thread = match rest::open_thread(http, m.channel, None, thread).await {
        Ok(t) => t,
        Err(e) => {
            warn!(match_id = m.id.get(), error = %e, "could not open a team's thread");
            return None;
        }
    };
    let id = m.id;
    if let Err(e) = bot.runtime.set_team_thread(id, color, thread).await {
        warn!(match_id = id.get(), error = %e, "could not remember the team's thread");
    }
    info!(
        match_id = id.get(),
        thread = thread.get(),
        "team thread opened"
    );
    welcome(http, m, color, thread, &membership, lang).await;
    Some(thread)
}

/// Brings a listed team's members into its new thread, and welcomes the team there (a role's
/// mention brings its members into a private thread).
async fn welcome(
    http: &Http,
    m: &Match,
    color: Color,
    thread: ChannelId,
    membership: &Membership,
    lang: Lang,
) {
    let id = m.id;
    if let Membership::Members(list) = membership {
        for &user in list {
            if let Err(e) = rest::add_to_thread(http, thread, user).await {
                warn!(match_id = id.get(), error = %e, "could not add a member to the team's thread");
            }
        }
    }
    let welcome = tr!(lang, "team-thread-welcome", game = m.id.get());
    let msg = CreateMessage::new()
        .content(format!(
            "{}\n{welcome}",
            team_board::side_name(m, color, lang)
        ))
        .allowed_mentions(team_mentions(membership, id));
    if let Err(e) = post_with_retry("welcome the team", || send(http, thread, msg.clone())).await {
        warn!(match_id = id.get(), error = %e, "could not welcome the team");
    }
}

/// The mentions that notify a team: its listed members, or its role. A role stored as 0 is no
/// role: logged, and no one is notified by it.
fn team_mentions(membership: &Membership, id: MatchId) -> CreateAllowedMentions {
    match membership {
        Membership::Members(list) => snowflake::notify(list.iter().copied()),
        Membership::Role(role) => match snowflake::role(*role) {
            Ok(role) => CreateAllowedMentions::new().roles(vec![role]),
            Err(_) => {
                warn!(
                    match_id = id.get(),
                    "a team's role is stored as 0; no one is notified"
                );
                CreateAllowedMentions::new()
            }
        },
        Membership::Anyone => CreateAllowedMentions::new(),
    }
}

/// Tells the team to move, in its thread, that its vote is open and until when.
pub async fn notify_team(bot: &Bot, http: &Http, id: MatchId) {
    let Some(m) = bot.current(id).await else {
        return;
    };
    let color = m.game.to_move();
    if !m.is_running() || !voting_sides(&m).contains(&color) {
        return;
    }
    let Ok(Some(record)) = bot.runtime.team_board(id, color).await else {
        return;
    };
    let lang = bot.guild_lang(m.guild).await;
    let who = team_board::side_name(&m, color, lang);
    let text = tr!(
        lang,
        "notice-team-vote",
        team = who,
        number = m.move_count() + 1,
        deadline = ui::relative_time(m.turn_deadline)
    );
    let mentions = m
        .teams
        .as_ref()
        .map_or_else(CreateAllowedMentions::new, |t| {
            team_mentions(&t.sides[color].membership, id)
        });
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(mentions);
    if let Err(e) =
        post_with_retry("tell the team", || send(http, record.thread, msg.clone())).await
    {
        warn!(match_id = id.get(), error = %e, "could not tell the team to vote");
    }
}

/// Archives the team threads of a game that is over (their boards show the end).
pub async fn archive(bot: &Bot, http: &Http, id: MatchId) {
    for color in Color::ALL {
        let Ok(Some(record)) = bot.runtime.team_board(id, color).await else {
            continue;
        };
        if let Err(e) = rest::archive_thread(http, "archive a team's thread", record.thread).await {
            warn!(match_id = id.get(), error = %e, "could not archive a team's thread");
        }
    }
}

/// Redraws the team boards of a consultation that are not what the game is (start-up, after a
/// crash between a commit and an edit).
pub async fn reconcile(bot: &Bot, http: &Http, m: &Match) {
    let lang = bot.guild_lang(m.guild).await;
    for c in voting_sides(m) {
        let id = m.id;
        let record = bot.runtime.team_board(id, c).await.ok().flatten();
        let want = team_board::team_view_key(m, c, &board_message::view_key(m, lang));
        if record.and_then(|r| r.shown).as_deref() != Some(want.as_str()) {
            show(bot, http, m, c).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mentioned(membership: &Membership) -> serde_json::Value {
        serde_json::to_value(team_mentions(membership, MatchId(1))).expect("json")
    }

    #[test]
    fn a_team_is_notified_by_its_role_and_a_role_of_zero_notifies_no_one() {
        let role = mentioned(&Membership::Role(42));
        assert_eq!(role["roles"], serde_json::json!(["42"]));
        let zero = mentioned(&Membership::Role(0));
        assert!(
            zero.get("roles")
                .and_then(|r| r.as_array())
                .is_none_or(|r| r.is_empty()),
            "{zero}"
        );
        let members = mentioned(&Membership::Members(vec![crate::game::UserId(5)]));
        assert_eq!(members["users"], serde_json::json!(["5"]));
    }
}
