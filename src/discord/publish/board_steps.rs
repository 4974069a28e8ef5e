//! A game's public messages: its invitation edited as it closes or changes, its start (the
//! invitation says so, its thread opens, its board is posted), its board redrawn at each
//! change, and reconcile, which heals boards that fell behind (a crash between a commit and
//! an edit).

use crate::runtime::web::Page;
use std::time::Duration;

use serenity::all::{CreateAllowedMentions, CreateThread, EditMessage, Http};
use tracing::{info, warn};

use crate::game::{ChannelId, Invitation, InvitationId, Match, MatchId, UserId};
use crate::go::Color;

use super::drawing::draw;
use super::records::board_record;
use super::relay_steps::{self, Relayed};
use super::rest::{self, edit, post_with_retry, send, with_retry};
use super::team_steps;
use crate::discord::bot::Bot;
use crate::discord::i18n::{Lang, tr};
use crate::discord::ui::{self, invitation_message::Closed, team_board::side_name};

/// How long a new game's own start has to post its board before reconcile does.
const FRESH_GAME: Duration = Duration::from_secs(30);

/// What a board record shows when its post failed and the players were told (once).
const POST_FAILED: &str = "post-failed";

/// The public message of an invitation; `None` (logged) when there is none or it cannot be
/// read.
async fn invitation_message(bot: &Bot, id: InvitationId) -> Option<(ChannelId, u64)> {
    match bot.runtime.invitation_message(id).await {
        Ok(found) => found,
        Err(e) => {
            warn!(invitation = id.get(), error = %e, "cannot read the invitation message");
            None
        }
    }
}

/// Edits the invitation message: closed (`how` it closed, its buttons disabled), or redrawn
/// as the invitation stands now (a nigiri's hand opened, the winner to choose). An edit pings
/// no one.
pub async fn edit_invitation(bot: &Bot, http: &Http, inv: &Invitation, how: Option<Closed>) {
    let id = inv.id;
    let Some(message) = invitation_message(bot, id).await else {
        return;
    };
    let lang = bot.guild_lang(inv.guild).await;
    let text = match how {
        Some(how) => ui::invitation_message::closed_text(inv, how, lang),
        None => ui::invitation_message::text(inv, lang),
    };
    let result = with_retry("edit the invitation", || {
        edit(
            http,
            message.0,
            message.1,
            EditMessage::new()
                .content(text.clone())
                .allowed_mentions(CreateAllowedMentions::new())
                .components(ui::invitation_message::components(inv, lang, how.is_none())),
        )
    })
    .await;
    if let Err(e) = result {
        warn!(invitation = id.get(), error = %e, "could not edit the invitation message");
    }
}

/// The seek paired two players: both are pinged in the game's channel, and the message is
/// remembered as the game's invitation message (the game's start marks it and opens its
/// thread on it).
pub async fn announce_pairing(
    bot: &Bot,
    http: &Http,
    id: MatchId,
    players: [UserId; 2],
    terms: crate::game::seek::SeekTerms,
) {
    let Some(m) = bot.current(id).await else {
        return;
    };
    let lang = bot.guild_lang(m.guild).await;
    let text = tr!(
        lang,
        "seek-paired",
        first = ui::mention(players[0]),
        second = ui::mention(players[1]),
        terms = ui::words::seek_terms(lang, terms)
    );
    let msg = serenity::all::CreateMessage::new()
        .content(text)
        .allowed_mentions(crate::discord::snowflake::notify(players));
    match rest::post_with_retry("announce a seek's pair", || {
        rest::send(http, m.channel, msg.clone())
    })
    .await
    {
        Ok(posted) => {
            crate::discord::commands::remember_invitation(
                bot,
                InvitationId(id.get()),
                Some(posted),
            )
            .await;
        }
        Err(e) => warn!(match_id = id.get(), error = %e, "could not announce a seek's pair"),
    }
}

/// The invitation says the game is on, the thread opens, the board is posted.
pub async fn start_game(bot: &Bot, http: &Http, id: MatchId) {
    let Some(m) = bot.current(id).await else {
        return;
    };
    let lang = bot.guild_lang(m.guild).await;
    let invitation = invitation_message(bot, InvitationId(id.get())).await;
    let (mut channel, mut thread) = (m.channel, None);
    if let Some((c, message)) = invitation {
        mark_accepted(http, &m, (c, message), lang).await;
        if let Some(t) = open_thread(bot, http, &m, c, Some(message), lang).await {
            (channel, thread) = (t, Some(t));
        }
    } else if m.config.event.is_some()
        && let Some(t) = open_thread(bot, http, &m, m.channel, None, lang).await
    {
        // An event's game has no invitation: its thread opens on its own in the event's
        // channel.
        (channel, thread) = (t, Some(t));
    }
    post_board(bot, http, &m, channel, thread).await;
}

/// The invitation message of a game that started says the game is on, without its buttons.
async fn mark_accepted(http: &Http, m: &Match, (c, message): (ChannelId, u64), lang: Lang) {
    let text = tr!(
        lang,
        "invitation-game-on",
        black = side_name(m, Color::Black, lang),
        white = side_name(m, Color::White, lang)
    );
    let edited = with_retry("mark the invitation accepted", || {
        edit(
            http,
            c,
            message,
            EditMessage::new()
                .content(text.clone())
                .allowed_mentions(CreateAllowedMentions::new())
                .components(Vec::new()),
        )
    })
    .await;
    if let Err(e) = edited {
        warn!(match_id = m.id.get(), error = %e, "could not update the invitation message");
    }
}

/// The game's own thread, with `match-threads`: on its invitation message, or (an event's
/// game, which has none) on its own in the channel; `None` without (or when Discord refuses:
/// the board goes in the channel).
async fn open_thread(
    bot: &Bot,
    http: &Http,
    m: &Match,
    channel: ChannelId,
    message: Option<u64>,
    lang: Lang,
) -> Option<ChannelId> {
    let threads = match bot.discord_settings(m.guild).await {
        Ok(s) => s.match_threads,
        Err(e) => {
            warn!(match_id = m.id.get(), error = %e, "cannot read match-threads; no thread");
            false
        }
    };
    if !threads {
        return None;
    }
    let name = tr!(lang, "thread-name", game = m.id.get());
    let thread = match message {
        Some(_) => CreateThread::new(name),
        None => CreateThread::new(name).kind(serenity::all::ChannelType::PublicThread),
    };
    match rest::open_thread(http, channel, message, thread).await {
        Ok(t) => Some(t),
        Err(e) => {
            warn!(match_id = m.id.get(), error = %e, "could not open a thread; the board goes in the channel");
            None
        }
    }
}

/// Posts the board message of `m` in `channel` and remembers it. The record is written first,
/// so that a crash before the id is saved leaves a board to post at start-up; a post that fails
/// is told to both players privately.
pub async fn post_board(
    bot: &Bot,
    http: &Http,
    m: &Match,
    channel: ChannelId,
    thread: Option<ChannelId>,
) {
    let id = m.id;
    let told = board_record(bot, id)
        .await
        .is_some_and(|r| r.message.is_none() && r.shown.as_deref() == Some(POST_FAILED));
    if let Err(e) = bot.runtime.plan_board(id, channel, thread).await {
        warn!(match_id = id.get(), error = %e, "could not record where the board goes");
    }
    let lang = bot.guild_lang(m.guild).await;
    let web = bot.web_link(m.guild, Page::Game(m.id)).await;
    let board = match draw(m.clone(), lang, web).await {
        Ok(b) => b,
        Err(e) => {
            // Planned but not posted: reconcile posts it once it can be drawn.
            warn!(match_id = id.get(), error = %e, "could not draw the board");
            return;
        }
    };
    let posted = post_with_retry("post the board", || {
        send(http, channel, board.new_message())
    })
    .await;
    match posted {
        Ok(message) => {
            let (mid, key) = (message.id.get(), board.key.clone());
            if let Err(e) = bot.runtime.set_board(id, channel, mid, key).await {
                warn!(match_id = id.get(), error = %e, "could not remember the board message");
            }
            relay_steps::mirror(bot, http, Relayed::of(m), &board).await;
            team_steps::show_all(bot, http, m).await;
        }
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "could not post the board message");
            if !told {
                tell_not_posted(bot, http, m, channel).await;
            }
        }
    }
}

/// Both players are told privately, once, that their board could not be posted (it is tried
/// again at the next move and by reconcile).
async fn tell_not_posted(bot: &Bot, http: &Http, m: &Match, channel: ChannelId) {
    let id = m.id;
    let _ = bot
        .runtime
        .set_board_shown(id, POST_FAILED.to_owned())
        .await;
    // A private notice goes in the server's language: a user's own locale is known only
    // while they interact.
    let lang = bot.guild_lang(m.guild).await;
    for user in m.people() {
        let text = tr!(
            lang,
            "notice-board-not-posted",
            channel = format!("<#{}>", channel.get()),
            game = id.get()
        );
        rest::dm(http, user, text).await;
    }
}

/// Redraws a board now, in its game's turn (a press on a board that fell behind heals it).
pub async fn redraw_now(bot: &Bot, id: MatchId) {
    let Some(http) = bot.http().cloned() else {
        return;
    };
    let _turn = bot.publisher.turn(id.get()).await;
    redraw(bot, &http, id).await;
}

/// Edits the board message with the match as it stands (posting it if it never was).
pub async fn redraw(bot: &Bot, http: &Http, id: MatchId) {
    let Some(m) = bot.current(id).await else {
        return;
    };
    let record = board_record(bot, id).await;
    let Some((channel, message)) = record.as_ref().and_then(|r| Some((r.channel, r.message?)))
    else {
        let (channel, thread) = record.map_or((m.channel, None), |r| (r.channel, r.thread));
        post_board(bot, http, &m, channel, thread).await;
        return;
    };
    let lang = bot.guild_lang(m.guild).await;
    let relayed = Relayed::of(&m);
    let teams = m.is_consultation().then(|| m.clone());
    let web = bot.web_link(m.guild, Page::Game(m.id)).await;
    let board = match draw(m, lang, web).await {
        Ok(b) => b,
        Err(e) => {
            // The stored key stays old: the next reconcile redraws it.
            warn!(match_id = id.get(), error = %e, "could not draw the board");
            return;
        }
    };
    let edited = with_retry("edit the board", || {
        edit(http, channel, message, board.edit())
    })
    .await;
    match edited {
        Ok(_) => {
            if let Err(e) = bot.runtime.set_board_shown(id, board.key.clone()).await {
                warn!(match_id = id.get(), error = %e, "could not record the redrawn board");
            }
            relay_steps::mirror(bot, http, relayed, &board).await;
            if let Some(m) = teams {
                team_steps::show_all(bot, http, &m).await;
            }
        }
        // The stored key stays old: the next reconcile redraws it.
        Err(e) => warn!(match_id = id.get(), error = %e, "could not edit the board message"),
    }
}

/// Redraws every running board that is not what its game is, and posts those never posted:
/// at start-up (after a crash between a commit and an edit) and from time to time. A game
/// this process started is left to its own start while that may still be posting it: always
/// at start-up (the first players may start games as it runs), and for a while after.
pub async fn reconcile(bot: &Bot, at_start: bool) {
    let Some(http) = bot.http().cloned() else {
        return;
    };
    let running = match bot.runtime.running().await {
        Ok(r) => r,
        Err(e) => {
            warn!(error = %e, "cannot list the running games; the boards wait");
            return;
        }
    };
    for id in running {
        let _turn = bot.publisher.turn(id.get()).await;
        reconcile_one(bot, &http, id, at_start).await;
    }
}

/// Reconciles one running game's board (see [`reconcile`]), in its turn.
async fn reconcile_one(bot: &Bot, http: &Http, id: MatchId, at_start: bool) {
    let Some(m) = bot.current(id).await else {
        return;
    };
    let record = match bot.runtime.board_record(id).await {
        Ok(r) => r,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot read where the board is");
            return;
        }
    };
    let lang = bot.guild_lang(m.guild).await;
    if m.is_consultation() && record.as_ref().is_some_and(|r| r.message.is_some()) {
        team_steps::reconcile(bot, http, &m).await;
    }
    match record {
        Some(r) if r.message.is_some() => {
            if r.shown.as_deref() != Some(ui::board_message::view_key(&m, lang).as_str()) {
                info!(match_id = id.get(), "redrawing a board that fell behind");
                redraw(bot, http, id).await;
            }
        }
        Some(r) => {
            info!(match_id = id.get(), "posting a board that was never posted");
            post_board(bot, http, &m, r.channel, r.thread).await;
        }
        // A game this process started has its board posted by its own start: at start-up
        // (its start may be under way as the first reconcile runs), and later while fresh.
        None if m.started_at >= bot.started_at
            && (at_start || m.started_at.until(bot.runtime.now()) < FRESH_GAME) => {}
        None => {
            info!(match_id = id.get(), "posting a board that was never posted");
            post_board(bot, http, &m, m.channel, None).await;
        }
    }
}
