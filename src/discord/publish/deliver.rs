//! Doing what [`super::plan`] decided: Discord's REST calls, with retries for its occasional
//! 5xx, and the records of what each message shows.

use std::time::Duration;

use serenity::all::{
    CreateAllowedMentions, CreateEmbed, CreateMessage, CreateThread, EditMessage, EditThread, Http,
    Message,
};
use tracing::{info, warn};

use crate::game::{
    ChannelId, Ending, GuildId, Match, MatchId, NigiriStage, Outcome, Timestamp, UserId,
};
use crate::go::Color;

use super::super::bot::Bot;
use super::super::discord_settings::MoveNotify;
use super::super::i18n::{Lang, tr};
use super::super::repo::BoardRecord;
use super::super::snowflake;
use super::super::ui::{self, invitation_message::Closed, mention, team_board::side_name};
use super::relay_steps::Relayed;
use super::{Reward, Step, current, draw};

/// How long a new game's own start has to post its board before reconcile does.
const FRESH_GAME: Duration = Duration::from_secs(30);

/// What a board record shows when its post failed and the players were told (once).
const POST_FAILED: &str = "post-failed";

/// How many times a Discord call is tried when it fails with a server error.
const ATTEMPTS: u32 = 3;

/// Whether a failed call may succeed if tried again: Discord's 5xx, or the network.
fn retryable(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.is_server_error()
        }
        serenity::Error::Http(serenity::all::HttpError::Request(_)) => true,
        _ => false,
    }
}

/// Whether a new message that failed surely was not posted, so that posting it again cannot
/// post it twice: the connection never made, or Discord's edge saying it did not pass it on
/// (502, 503, 504). A timeout or a 500 may have posted it.
fn surely_not_posted(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            matches!(r.status_code.as_u16(), 502..=504)
        }
        serenity::Error::Http(serenity::all::HttpError::Request(r)) => r.is_connect(),
        _ => false,
    }
}

/// Runs a Discord call that may be made again (an edit, a role, an archive), again after a
/// pause while it fails with a retryable error.
pub(super) async fn with_retry<T, F, Fut>(what: &str, call: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, serenity::Error>>,
{
    retry_while(what, call, retryable).await
}

/// Posts a new message, again only while it surely was not posted.
pub(super) async fn post_with_retry<F, Fut>(what: &str, call: F) -> Result<Message, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<Message, serenity::Error>>,
{
    retry_while(what, call, surely_not_posted).await
}

async fn retry_while<T, F, Fut>(
    what: &str,
    mut call: F,
    again: fn(&serenity::Error) -> bool,
) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, serenity::Error>>,
{
    let mut attempt = 1;
    loop {
        match call().await {
            Ok(v) => return Ok(v),
            Err(e) if attempt < ATTEMPTS && again(&e) => {
                warn!(what, attempt, error = %e, "Discord failed; trying again");
                tokio::time::sleep(Duration::from_millis(400 * u64::from(attempt))).await;
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Does one step of a plan.
pub(super) async fn step(bot: &Bot, outcome: &Outcome, step: Step) {
    let Some(http) = bot.http().cloned() else {
        return;
    };
    match step {
        Step::CloseInvitation(inv, how) => edit_invitation(bot, &http, &inv, Some(how)).await,
        Step::RedrawInvitation(inv) => edit_invitation(bot, &http, &inv, None).await,
        Step::StartGame(id) => start_game(bot, &http, id).await,
        Step::Redraw(id) => redraw(bot, &http, id).await,
        Step::RedrawTeamBoard(id, color) => {
            if let Some(m) = current(bot, id).await {
                super::team_steps::show(bot, &http, &m, color).await;
            }
        }
        Step::NotifyTeam(id) => super::team_steps::notify_team(bot, &http, id).await,
        Step::NotifyTurn(id, user) => {
            // Only while it is still their turn: a deadline or a move shown late must not
            // ping (and replace the ping of) the player who is not to move any more.
            if let Some(m) = current(bot, id).await
                && m.awaited() == Some(user)
            {
                notify_turn(bot, &http, &m, user).await;
            }
        }
        Step::NotifyAgreement(id) => {
            if let Some(m) = current(bot, id).await {
                let lang = bot.guild_lang(m.guild).await;
                let text = tr!(
                    lang,
                    "notice-agreement",
                    black = side_name(&m, Color::Black, lang),
                    white = side_name(&m, Color::White, lang)
                );
                notify(bot, &http, &m, &m.people(), text).await;
            }
        }
        Step::Remind(id, user, deadline) => remind(bot, &http, id, user, deadline).await,
        Step::Announce(id, ending, players, rewards) => {
            announce(bot, &http, outcome, id, (ending, players), &rewards).await;
        }
        Step::GrantTitle(guild, user) => {
            grant_title(bot, &http, guild, user, outcome.channel).await
        }
        Step::Close(id) => close_game(bot, &http, id).await,
        Step::PostEvent(t) | Step::RedrawEvent(t) => {
            super::event_steps::show_announcement(bot, &http, &t).await;
        }
        Step::AnnounceRound(t, round) => {
            super::event_steps::announce_round(bot, &http, &t, round).await;
        }
        Step::AnnounceEventEnd(t) => super::event_steps::announce_end(bot, &http, &t).await,
        Step::AnnounceOverdue(t, round, games) => {
            super::event_steps::announce_overdue(bot, &http, &t, round, &games).await;
        }
        Step::AnnounceRuling {
            event,
            match_id,
            referee,
            ruling,
            replay,
        } => {
            super::event_steps::announce_ruling(
                bot,
                &http,
                (event, outcome.guild),
                match_id,
                referee,
                ruling,
                replay,
            )
            .await;
        }
    }
}

/// A correspondence game's reminder by DM, only while it is still their turn on that clock.
async fn remind(bot: &Bot, http: &Http, id: MatchId, user: UserId, deadline: Timestamp) {
    let Some(m) = current(bot, id).await else {
        return;
    };
    if m.awaited() != Some(user) || m.turn_deadline != deadline {
        return;
    }
    let lang = bot.guild_lang(m.guild).await;
    let text = tr!(
        lang,
        "notice-clock-reminder",
        player = mention(user),
        game = m.id.get(),
        deadline = ui::relative_time(deadline)
    );
    let link = board_link(bot, &m).await;
    dm(http, user, format!("{text}{link}")).await;
}

/// Posts `msg` in `channel`.
pub(super) async fn send(
    http: &Http,
    channel: ChannelId,
    msg: CreateMessage,
) -> serenity::Result<Message> {
    snowflake::channel(channel)?.send_message(http, msg).await
}

/// Edits message `message` of `channel`.
pub(super) async fn edit(
    http: &Http,
    channel: ChannelId,
    message: u64,
    edit: EditMessage,
) -> serenity::Result<Message> {
    snowflake::channel(channel)?
        .edit_message(http, snowflake::message(message)?, edit)
        .await
}

/// Deletes message `message` of `channel`; a failure (already gone) is of no consequence.
async fn delete(http: &Http, channel: ChannelId, message: u64) {
    if let (Ok(c), Ok(m)) = (snowflake::channel(channel), snowflake::message(message)) {
        let _ = c.delete_message(http, m).await;
    }
}

/// The board record of a game; `None` (logged) when there is none or it cannot be read: what
/// needs it then does without (reconcile tries again later).
async fn board_record(bot: &Bot, id: MatchId) -> Option<BoardRecord> {
    match bot.repo(move |r| r.board(id)).await {
        Ok(record) => record,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot read where the board is");
            None
        }
    }
}

/// Edits the invitation message: closed (`how` it closed, its buttons disabled), or redrawn
/// as the invitation stands now (a nigiri's hand opened, the winner to choose). An edit pings
/// no one.
async fn edit_invitation(
    bot: &Bot,
    http: &Http,
    inv: &crate::game::Invitation,
    how: Option<Closed>,
) {
    let id = inv.id;
    let message = match bot.repo(move |r| r.invitation_message(id)).await {
        Ok(Some(m)) => m,
        Ok(None) => return,
        Err(e) => {
            warn!(invitation = id.get(), error = %e, "cannot read the invitation message");
            return;
        }
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

/// The invitation says the game is on, the thread opens, the board is posted.
async fn start_game(bot: &Bot, http: &Http, id: MatchId) {
    let Some(m) = current(bot, id).await else {
        return;
    };
    let lang = bot.guild_lang(m.guild).await;
    let inv = crate::game::InvitationId(id.get());
    let invitation = match bot.repo(move |r| r.invitation_message(inv)).await {
        Ok(found) => found,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot read the invitation message");
            None
        }
    };
    let (mut channel, mut thread) = (m.channel, None);
    if let Some((c, message)) = invitation {
        let text = tr!(
            lang,
            "invitation-game-on",
            black = side_name(&m, Color::Black, lang),
            white = side_name(&m, Color::White, lang)
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
            warn!(match_id = id.get(), error = %e, "could not update the invitation message");
        }
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
    let opened = async {
        let channel = snowflake::channel(channel)?;
        match message {
            Some(message) => {
                channel
                    .create_thread_from_message(
                        http,
                        snowflake::message(message)?,
                        CreateThread::new(name),
                    )
                    .await
            }
            None => {
                channel
                    .create_thread(
                        http,
                        CreateThread::new(name).kind(serenity::all::ChannelType::PublicThread),
                    )
                    .await
            }
        }
    };
    match opened.await {
        Ok(t) => Some(ChannelId(t.id.get())),
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
    if let Err(e) = bot.repo(move |r| r.plan_board(id, channel, thread)).await {
        warn!(match_id = id.get(), error = %e, "could not record where the board goes");
    }
    let lang = bot.guild_lang(m.guild).await;
    let board = match draw(m.clone(), lang).await {
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
            if let Err(e) = bot.repo(move |r| r.set_board(id, channel, mid, &key)).await {
                warn!(match_id = id.get(), error = %e, "could not remember the board message");
            }
            super::relay_steps::mirror(bot, http, Relayed::of(m), &board).await;
            super::team_steps::show_all(bot, http, m).await;
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
    let _ = bot.repo(move |r| r.set_shown(id, POST_FAILED)).await;
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
        dm(http, user, text).await;
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
async fn redraw(bot: &Bot, http: &Http, id: MatchId) {
    let Some(m) = current(bot, id).await else {
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
    let board = match draw(m, lang).await {
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
            let key = board.key.clone();
            if let Err(e) = bot.repo(move |r| r.set_shown(id, &key)).await {
                warn!(match_id = id.get(), error = %e, "could not record the redrawn board");
            }
            super::relay_steps::mirror(bot, http, relayed, &board).await;
            if let Some(m) = teams {
                super::team_steps::show_all(bot, http, &m).await;
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
        let Some(m) = current(bot, id).await else {
            continue;
        };
        let record = match bot.repo(move |r| r.board(id)).await {
            Ok(r) => r,
            Err(e) => {
                warn!(match_id = id.get(), error = %e, "cannot read where the board is");
                continue;
            }
        };
        let lang = bot.guild_lang(m.guild).await;
        if m.is_consultation() && record.as_ref().is_some_and(|r| r.message.is_some()) {
            super::team_steps::reconcile(bot, &http, &m).await;
        }
        match record {
            Some(r) if r.message.is_some() => {
                if r.shown.as_deref() != Some(ui::board_message::view_key(&m, lang).as_str()) {
                    info!(match_id = id.get(), "redrawing a board that fell behind");
                    redraw(bot, &http, id).await;
                }
            }
            Some(r) => {
                info!(match_id = id.get(), "posting a board that was never posted");
                post_board(bot, &http, &m, r.channel, r.thread).await;
            }
            // A game this process started has its board posted by its own start: at start-up
            // (its start may be under way as the first reconcile runs), and later while fresh.
            None if m.started_at >= bot.started_at
                && (at_start || m.started_at.until(bot.runtime.now()) < FRESH_GAME) => {}
            None => {
                info!(match_id = id.get(), "posting a board that was never posted");
                post_board(bot, &http, &m, m.channel, None).await;
            }
        }
    }
}

async fn notify_turn(bot: &Bot, http: &Http, m: &Match, user: UserId) {
    let lang = bot.guild_lang(m.guild).await;
    if let Some(stage) = m.nigiri() {
        // The colours first: the guess, or the winner's choice.
        let text = match stage {
            NigiriStage::Guess => tr!(lang, "notice-nigiri-guess", player = mention(user)),
            NigiriStage::Choose { .. } => {
                tr!(lang, "notice-nigiri-choose", player = mention(user))
            }
        };
        notify(bot, http, m, &[user], text).await;
        return;
    }
    let last = match m.game.last_move() {
        Some((c, crate::go::Move::Play(p))) => tr!(
            lang,
            "notice-after-move",
            stone = ui::stone(c),
            point = p.to_string()
        ),
        Some((_, crate::go::Move::Pass)) => tr!(lang, "notice-after-pass"),
        None => String::new(),
    };
    let text = tr!(
        lang,
        "notice-your-move",
        player = mention(user),
        number = m.move_count() + 1,
        last = last
    );
    notify(bot, http, m, &[user], text).await;
}

/// Sends `text` to `users` as the server's `move-notify` says: one mention in the game's
/// channel (replacing the game's previous one), a DM each with a link to the board, or nothing.
/// A setting that cannot be read notifies by mention, the default.
async fn notify(bot: &Bot, http: &Http, m: &Match, users: &[UserId], text: String) {
    let id = m.id;
    let how = match bot.discord_settings(m.guild).await {
        Ok(s) => s.move_notify,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot read move-notify; mentioning");
            MoveNotify::Mention
        }
    };
    let record = board_record(bot, id).await;
    match how {
        MoveNotify::None => {}
        MoveNotify::Mention => {
            let channel = record.map_or(m.channel, |r| r.channel);
            let msg = CreateMessage::new()
                .content(text)
                .allowed_mentions(snowflake::notify(users.iter().copied()));
            match send(http, channel, msg).await {
                Ok(posted) => {
                    let old = bot
                        .publisher
                        .pings
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(id, (channel, posted.id.get()));
                    if let Some((c, mid)) = old {
                        delete(http, c, mid).await;
                    }
                }
                Err(e) => warn!(match_id = id.get(), error = %e, "could not mention the players"),
            }
        }
        MoveNotify::Dm => {
            let link = link_of(m, record);
            for &user in users {
                dm(http, user, format!("{text}{link}")).await;
            }
        }
    }
}

/// A line with the link to the board message of `m` (empty when it was never posted, or
/// cannot be read).
pub async fn board_link(bot: &Bot, m: &Match) -> String {
    link_of(m, board_record(bot, m.id).await)
}

fn link_of(m: &Match, record: Option<BoardRecord>) -> String {
    record
        .and_then(|r| Some((r.channel, r.message?)))
        .map(|(c, mid)| {
            format!(
                "\nhttps://discord.com/channels/{}/{}/{mid}",
                m.guild.get(),
                c.get()
            )
        })
        .unwrap_or_default()
}

/// A direct message; a failure (DMs closed) is logged.
async fn dm(http: &Http, user: UserId, text: String) {
    let sent = async {
        snowflake::user(user)?
            .create_dm_channel(http)
            .await?
            .send_message(http, CreateMessage::new().content(text))
            .await
    };
    if let Err(e) = sent.await {
        warn!(user = user.get(), error = %e, "could not send a direct message");
    }
}

/// Posts the result where the game is played, with merit and titles; an annulment pings both
/// players (they did not end it).
async fn announce(
    bot: &Bot,
    http: &Http,
    outcome: &Outcome,
    id: MatchId,
    (ending, players): (Ending, Option<[UserId; 2]>),
    rewards: &[Reward],
) {
    let record = board_record(bot, id).await;
    let Some(m) = current(bot, id).await else {
        if matches!(ending, Ending::Annulled) {
            // A game that cannot be read back, annulled by a moderator: its board loses its
            // buttons and both players are told.
            return annulled_unreadable(bot, http, outcome, id, players, record).await;
        }
        // Over, but not readable this moment: the result is said as the ending gives it.
        return short_result(bot, http, outcome, id, (ending, players), record).await;
    };
    let lang = bot.guild_lang(m.guild).await;
    let channel = record.map_or(m.channel, |r| r.channel);
    let embed = CreateEmbed::new()
        .title(tr!(lang, "result-heading", game = id.get()))
        .description(result_text(&m, ending, rewards, lang));
    let mut msg = CreateMessage::new()
        .embed(embed)
        .allowed_mentions(CreateAllowedMentions::new());
    if matches!(ending, Ending::Annulled) {
        // A mention inside an embed notifies no one: the notice is the message's content.
        let notice = tr!(
            lang,
            "annulled-notice",
            game = id.get(),
            black = side_name(&m, Color::Black, lang),
            white = side_name(&m, Color::White, lang)
        );
        msg = msg
            .content(notice)
            .allowed_mentions(snowflake::notify(m.people()));
    }
    if m.offers_rematch() {
        // Its two players may ask for another game on the same terms.
        msg = msg.components(ui::board_message::rematch_row(id, lang));
    }
    if let Err(e) =
        post_with_retry("announce the result", || send(http, channel, msg.clone())).await
    {
        warn!(match_id = id.get(), error = %e, "could not announce the result");
    }
    info!(match_id = id.get(), ?ending, "game over");
}

/// The result in words, with the rewards it brought and how to get the record.
fn result_text(m: &Match, ending: Ending, rewards: &[Reward], lang: Lang) -> String {
    let mut text = ui::board_message::ending_text(m, ending, lang);
    if !rewards.is_empty() {
        text.push_str("\n\n");
        let lines: Vec<String> = rewards
            .iter()
            .map(|r| match *r {
                Reward::Merit { user, amount } => {
                    tr!(
                        lang,
                        "reward-merit",
                        player = mention(user),
                        amount = amount
                    )
                }
                Reward::Title { user } => tr!(lang, "reward-title", player = mention(user)),
            })
            .collect();
        text.push_str(&lines.join("\n"));
    }
    text.push_str("\n\n");
    text.push_str(&tr!(lang, "result-record", game = m.id.get()));
    text
}

/// The result of a game that ended but cannot be read back this moment: its number, its
/// players and the result as the ending gives it (no board, no count).
async fn short_result(
    bot: &Bot,
    http: &Http,
    outcome: &Outcome,
    id: MatchId,
    (ending, players): (Ending, Option<[UserId; 2]>),
    record: Option<BoardRecord>,
) {
    warn!(
        match_id = id.get(),
        "cannot read the ended game back; its result is said short"
    );
    let Some(channel) = record.as_ref().map(|r| r.channel).or(outcome.channel) else {
        return;
    };
    let lang = bot.guild_lang(outcome.guild).await;
    let result = match ending {
        Ending::Finished { result, .. } => result.to_string(),
        _ => crate::go::GameResult::Void.to_string(),
    };
    let unknown = || tr!(lang, "player-unknown");
    let text = tr!(
        lang,
        "result-short",
        game = id.get(),
        black = players.map_or_else(unknown, |p| ui::seat_name(p[0], lang)),
        white = players.map_or_else(unknown, |p| ui::seat_name(p[1], lang)),
        result = result
    );
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new());
    if let Err(e) = send(http, channel, msg).await {
        warn!(match_id = id.get(), error = %e, "could not announce the result");
    }
}

/// The annulment of a game that cannot be read back: its board message (if any) says so and
/// loses its buttons, and both players (when the row says who they are) are pinged where it
/// was played.
async fn annulled_unreadable(
    bot: &Bot,
    http: &Http,
    outcome: &Outcome,
    id: MatchId,
    players: Option<[UserId; 2]>,
    record: Option<BoardRecord>,
) {
    let lang = bot.guild_lang(outcome.guild).await;
    let unknown = || tr!(lang, "player-unknown");
    let text = tr!(
        lang,
        "annulled-unreadable",
        game = id.get(),
        black = players.map_or_else(unknown, |p| ui::seat_name(p[0], lang)),
        white = players.map_or_else(unknown, |p| ui::seat_name(p[1], lang))
    );
    let channel = record.as_ref().map(|r| r.channel).or(outcome.channel);
    if let (Some(channel), Some(message)) = (channel, record.and_then(|r| r.message)) {
        let closed = EditMessage::new()
            .content(text.clone())
            .components(Vec::new());
        if let Err(e) = edit(http, channel, message, closed).await {
            warn!(match_id = id.get(), error = %e, "could not close the board message");
        }
    }
    let Some(channel) = channel else {
        warn!(
            match_id = id.get(),
            "an annulled game's channel is not known: no notice"
        );
        return;
    };
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(snowflake::notify(players.into_iter().flatten()));
    if let Err(e) = send(http, channel, msg).await {
        warn!(match_id = id.get(), error = %e, "could not announce the annulment");
    }
}

/// Grants the title role; a failure is told to the moderators where the game was played.
async fn grant_title(
    bot: &Bot,
    http: &Http,
    guild: GuildId,
    user: UserId,
    channel: Option<ChannelId>,
) {
    let role = match bot.discord_settings(guild).await {
        Ok(s) => s.title_role,
        Err(e) => {
            warn!(guild = guild.get(), error = %e, "cannot read the title role; not granted now");
            return;
        }
    };
    let Some(role) = role else {
        return;
    };
    let Err(e) = give_role(http, guild, user, role).await else {
        return;
    };
    warn!(guild = guild.get(), user = user.get(), role, error = %e, "could not grant the title role");
    let Some(channel) = channel else {
        return;
    };
    let lang = bot.guild_lang(guild).await;
    let text = tr!(
        lang,
        "notice-role-failed",
        player = mention(user),
        role = format!("<@&{role}>")
    );
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new());
    let _ = send(http, channel, msg).await;
}

/// Gives `user` the role `role`.
///
/// # Errors
/// Discord refused (the role is above the bot's, or the bot may not manage roles).
pub async fn give_role(
    http: &Http,
    guild: GuildId,
    user: UserId,
    role: u64,
) -> Result<(), serenity::Error> {
    let (g, u, r) = (
        snowflake::guild(guild)?,
        snowflake::user(user)?,
        snowflake::role(role)?,
    );
    with_retry("grant the title role", || {
        http.add_member_role(g, u, r, Some("Go title 黑白手"))
    })
    .await
}

/// The game is over: its last ping goes, its thread is archived.
async fn close_game(bot: &Bot, http: &Http, id: MatchId) {
    let old = bot
        .publisher
        .pings
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&id);
    if let Some((c, mid)) = old {
        delete(http, c, mid).await;
    }
    super::team_steps::archive(bot, http, id).await;
    let Some(thread) = board_record(bot, id).await.and_then(|r| r.thread) else {
        return;
    };
    let archived = with_retry("archive the thread", || async {
        snowflake::channel(thread)?
            .edit_thread(http, EditThread::new().archived(true))
            .await
    })
    .await;
    if let Err(e) = archived {
        warn!(match_id = id.get(), error = %e, "could not archive the game's thread");
    }
}
