//! Doing what [`super::plan`] decided: Discord's REST calls, with retries for its occasional
//! 5xx, and the records of what each message shows.

use std::time::Duration;

use serenity::all::{
    ChannelId as DChannel, CreateAllowedMentions, CreateEmbed, CreateMessage, CreateThread,
    EditAttachments, EditMessage, EditThread, GuildId as DGuild, Http, MessageId, RoleId,
    UserId as DUser,
};
use tracing::{info, warn};

use crate::game::{ChannelId, Ending, GuildId, Match, MatchId, Outcome, UserId};

use super::super::bot::Bot;
use super::super::discord_settings::MoveNotify;
use super::super::i18n::{Lang, tr};
use super::super::ui::{self, invitation_message::Closed, mention};
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

/// Runs a Discord call, again after a pause while it fails with a retryable error.
async fn with_retry<T, F, Fut>(what: &str, mut call: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, serenity::Error>>,
{
    let mut attempt = 1;
    loop {
        match call().await {
            Ok(v) => return Ok(v),
            Err(e) if attempt < ATTEMPTS && retryable(&e) => {
                warn!(what, attempt, error = %e, "Discord failed; trying again");
                tokio::time::sleep(Duration::from_millis(400 * u64::from(attempt))).await;
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

fn dchannel(c: ChannelId) -> DChannel {
    DChannel::new(c.get().max(1))
}

/// Does one step of a plan.
pub(super) async fn step(bot: &Bot, outcome: &Outcome, step: Step) {
    let Some(http) = bot.http().cloned() else {
        return;
    };
    match step {
        Step::CloseInvitation(inv, how) => close_invitation(bot, &http, &inv, how).await,
        Step::StartGame(id) => start_game(bot, &http, id).await,
        Step::Redraw(id) => redraw(bot, &http, id).await,
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
                    black = mention(m.players.black),
                    white = mention(m.players.white)
                );
                notify(bot, &http, &m, &m.people(), text).await;
            }
        }
        Step::Remind(id, user, deadline) => {
            // Only while it is still their turn on that clock.
            if let Some(m) = current(bot, id).await
                && m.awaited() == Some(user)
                && m.turn_deadline == deadline
            {
                let lang = bot.guild_lang(m.guild).await;
                let text = tr!(
                    lang,
                    "notice-clock-reminder",
                    player = mention(user),
                    game = m.id.get(),
                    deadline = ui::relative_time(deadline)
                );
                let link = board_link(bot, &m).await;
                dm(&http, user, format!("{text}{link}")).await;
            }
        }
        Step::Announce(id, ending, players, rewards) => {
            announce(bot, &http, outcome, id, (ending, players), &rewards).await;
        }
        Step::GrantTitle(guild, user) => {
            grant_title(bot, &http, guild, user, outcome.channel).await
        }
        Step::Close(id) => close_game(bot, &http, id).await,
    }
}

async fn close_invitation(bot: &Bot, http: &Http, inv: &crate::game::Invitation, how: Closed) {
    let id = inv.id;
    let Ok(Some((channel, message))) = bot.repo(move |r| r.invitation_message(id)).await else {
        return;
    };
    let lang = bot.guild_lang(inv.guild).await;
    let text = ui::invitation_message::closed_text(inv, how, lang);
    let result = with_retry("close the invitation", || {
        dchannel(channel).edit_message(
            http,
            MessageId::new(message.max(1)),
            EditMessage::new()
                .content(text.clone())
                .allowed_mentions(CreateAllowedMentions::new())
                .components(ui::invitation_message::components(id, lang, false)),
        )
    })
    .await;
    if let Err(e) = result {
        warn!(invitation = id.get(), error = %e, "could not close the invitation message");
    }
}

/// The invitation says the game is on, the thread opens, the board is posted.
async fn start_game(bot: &Bot, http: &Http, id: MatchId) {
    let Some(m) = current(bot, id).await else {
        return;
    };
    let lang = bot.guild_lang(m.guild).await;
    let settings = bot.discord_settings(m.guild).await;
    let inv = crate::game::InvitationId(id.get());
    let invitation = bot
        .repo(move |r| r.invitation_message(inv))
        .await
        .ok()
        .flatten();
    let mut channel = m.channel;
    let mut thread = None;
    if let Some((c, message)) = invitation {
        let text = tr!(
            lang,
            "invitation-game-on",
            black = mention(m.players.black),
            white = mention(m.players.white)
        );
        let edited = with_retry("mark the invitation accepted", || {
            dchannel(c).edit_message(
                http,
                MessageId::new(message.max(1)),
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
        if settings.match_threads {
            let name = tr!(lang, "thread-name", game = id.get());
            match dchannel(c)
                .create_thread_from_message(
                    http,
                    MessageId::new(message.max(1)),
                    CreateThread::new(name),
                )
                .await
            {
                Ok(t) => {
                    channel = ChannelId(t.id.get());
                    thread = Some(channel);
                }
                Err(e) => {
                    warn!(match_id = id.get(), error = %e, "could not open a thread; the board goes in the channel");
                }
            }
        }
    }
    post_board(bot, http, &m, channel, thread).await;
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
    let told = bot
        .repo(move |r| r.board(id))
        .await
        .ok()
        .flatten()
        .is_some_and(|r| r.message.is_none() && r.shown.as_deref() == Some(POST_FAILED));
    if let Err(e) = bot.repo(move |r| r.plan_board(id, channel, thread)).await {
        warn!(match_id = id.get(), error = %e, "could not record where the board goes");
    }
    let lang = bot.guild_lang(m.guild).await;
    let board = draw(m.clone(), lang).await;
    let posted = with_retry("post the board", || {
        dchannel(channel).send_message(
            http,
            CreateMessage::new()
                .embed(board.embed.clone())
                .components(board.components.clone())
                .add_file(board.png.clone())
                .allowed_mentions(CreateAllowedMentions::new()),
        )
    })
    .await;
    match posted {
        Ok(message) => {
            let (mid, key) = (message.id.get(), board.key.clone());
            if let Err(e) = bot.repo(move |r| r.set_board(id, channel, mid, &key)).await {
                warn!(match_id = id.get(), error = %e, "could not remember the board message");
            }
        }
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "could not post the board message");
            if told {
                // The players know; the post is tried again at the next move and reconcile.
                return;
            }
            let _ = bot.repo(move |r| r.set_shown(id, POST_FAILED)).await;
            for user in m.people() {
                let lang = user_lang_guess(bot, m.guild).await;
                let text = tr!(
                    lang,
                    "notice-board-not-posted",
                    channel = format!("<#{}>", channel.get()),
                    game = id.get()
                );
                dm(http, user, text).await;
            }
        }
    }
}

/// A private notice goes in the server's language: a user's own locale is known only while
/// they interact.
async fn user_lang_guess(bot: &Bot, guild: GuildId) -> Lang {
    bot.guild_lang(guild).await
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
    let record = bot.repo(move |r| r.board(id)).await.ok().flatten();
    let Some((channel, message)) = record.as_ref().and_then(|r| Some((r.channel, r.message?)))
    else {
        let (channel, thread) = record.map_or((m.channel, None), |r| (r.channel, r.thread));
        post_board(bot, http, &m, channel, thread).await;
        return;
    };
    let lang = bot.guild_lang(m.guild).await;
    let board = draw(m, lang).await;
    let edited = with_retry("edit the board", || {
        dchannel(channel).edit_message(
            http,
            MessageId::new(message.max(1)),
            EditMessage::new()
                .embed(board.embed.clone())
                .components(board.components.clone())
                .attachments(EditAttachments::new().add(board.png.clone())),
        )
    })
    .await;
    match edited {
        Ok(_) => {
            let key = board.key.clone();
            if let Err(e) = bot.repo(move |r| r.set_shown(id, &key)).await {
                warn!(match_id = id.get(), error = %e, "could not record the redrawn board");
            }
        }
        // The stored key stays old: the next reconcile redraws it.
        Err(e) => warn!(match_id = id.get(), error = %e, "could not edit the board message"),
    }
}

/// Redraws every running board that is not what its game is, and posts those never posted:
/// at start-up (after a crash between a commit and an edit) and from time to time. Only at
/// start-up does a game accepted moments ago count as never posted: later, its own start may
/// still be posting it.
pub async fn reconcile(bot: &Bot, at_start: bool) {
    let Some(http) = bot.http().cloned() else {
        return;
    };
    let running = bot.runtime.read(|s| s.running()).await.unwrap_or_default();
    for id in running {
        let _turn = bot.publisher.turn(id.get()).await;
        let Some(m) = current(bot, id).await else {
            continue;
        };
        let record = bot.repo(move |r| r.board(id)).await.ok().flatten();
        let lang = bot.guild_lang(m.guild).await;
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
            // A game accepted a moment ago has its board posted by its own start.
            None if !at_start && m.started_at.until(bot.runtime.now()) < FRESH_GAME => {}
            None => {
                info!(match_id = id.get(), "posting a board that was never posted");
                post_board(bot, &http, &m, m.channel, None).await;
            }
        }
    }
}

async fn notify_turn(bot: &Bot, http: &Http, m: &Match, user: UserId) {
    let lang = bot.guild_lang(m.guild).await;
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
async fn notify(bot: &Bot, http: &Http, m: &Match, users: &[UserId], text: String) {
    let id = m.id;
    let settings = bot.discord_settings(m.guild).await;
    let record = bot.repo(move |r| r.board(id)).await.ok().flatten();
    match settings.move_notify {
        MoveNotify::None => {}
        MoveNotify::Mention => {
            let channel = record.map_or(m.channel, |r| r.channel);
            let mentions = CreateAllowedMentions::new()
                .users(users.iter().map(|u| DUser::new(u.get().max(1))));
            let msg = CreateMessage::new()
                .content(text)
                .allowed_mentions(mentions);
            match dchannel(channel).send_message(http, msg).await {
                Ok(posted) => {
                    let old = bot
                        .publisher
                        .pings
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(id, (channel.get(), posted.id.get()));
                    if let Some((c, mid)) = old {
                        let _ = DChannel::new(c.max(1))
                            .delete_message(http, MessageId::new(mid.max(1)))
                            .await;
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

/// A line with the link to the board message of `m` (empty when it was never posted).
pub async fn board_link(bot: &Bot, m: &Match) -> String {
    let id = m.id;
    let record = bot.repo(move |r| r.board(id)).await.ok().flatten();
    link_of(m, record)
}

fn link_of(m: &Match, record: Option<crate::discord::repo::BoardRecord>) -> String {
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
    match DUser::new(user.get().max(1)).create_dm_channel(http).await {
        Ok(channel) => {
            if let Err(e) = channel
                .send_message(http, CreateMessage::new().content(text))
                .await
            {
                warn!(user = user.get(), error = %e, "could not send a direct message");
            }
        }
        Err(e) => warn!(user = user.get(), error = %e, "could not open a direct message"),
    }
}

/// Posts the result where the game is played, with merit and titles.
async fn announce(
    bot: &Bot,
    http: &Http,
    outcome: &Outcome,
    id: MatchId,
    (ending, players): (Ending, [UserId; 2]),
    rewards: &[Reward],
) {
    let record = bot.repo(move |r| r.board(id)).await.ok().flatten();
    let Some(m) = current(bot, id).await else {
        // A game that cannot be read back (annulled by a moderator): its board loses its
        // buttons and both players are told.
        return annulled_unreadable(bot, http, outcome, id, players, record).await;
    };
    let lang = bot.guild_lang(m.guild).await;
    let channel = record.map_or(m.channel, |r| r.channel);
    let mut text = ui::board_message::ending_text(&m, ending, lang);
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
    text.push_str(&tr!(lang, "result-record", game = id.get()));
    let embed = CreateEmbed::new()
        .title(tr!(lang, "result-heading", game = id.get()))
        .description(text);
    // An annulment pings both players (they did not end it); a result does not.
    let mentions = match ending {
        Ending::Annulled => {
            CreateAllowedMentions::new().users(players.iter().map(|u| DUser::new(u.get().max(1))))
        }
        _ => CreateAllowedMentions::new(),
    };
    let mut msg = CreateMessage::new().embed(embed).allowed_mentions(mentions);
    if m.computer.is_none() && !matches!(ending, Ending::Annulled) {
        // Its two players may ask for another game on the same terms.
        msg = msg.components(ui::board_message::rematch_row(id, lang));
    }
    if let Err(e) = with_retry("announce the result", || {
        dchannel(channel).send_message(http, msg.clone())
    })
    .await
    {
        warn!(match_id = id.get(), error = %e, "could not announce the result");
    }
    info!(match_id = id.get(), ?ending, "game over");
}

/// The annulment of a game that cannot be read back: its board message (if any) says so and
/// loses its buttons, and both players are pinged where it was played.
async fn annulled_unreadable(
    bot: &Bot,
    http: &Http,
    outcome: &Outcome,
    id: MatchId,
    players: [UserId; 2],
    record: Option<super::super::repo::BoardRecord>,
) {
    let lang = bot.guild_lang(outcome.guild).await;
    let text = tr!(
        lang,
        "annulled-unreadable",
        game = id.get(),
        black = mention(players[0]),
        white = mention(players[1])
    );
    let channel = record.as_ref().map_or(outcome.channel, |r| r.channel);
    if let Some(message) = record.and_then(|r| r.message) {
        let edit = EditMessage::new()
            .content(text.clone())
            .components(Vec::new());
        if let Err(e) = dchannel(channel)
            .edit_message(http, MessageId::new(message.max(1)), edit)
            .await
        {
            warn!(match_id = id.get(), error = %e, "could not close the board message");
        }
    }
    if channel.get() == 0 {
        return;
    }
    let mentions =
        CreateAllowedMentions::new().users(players.iter().map(|u| DUser::new(u.get().max(1))));
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(mentions);
    if let Err(e) = dchannel(channel).send_message(http, msg).await {
        warn!(match_id = id.get(), error = %e, "could not announce the annulment");
    }
}

/// Grants the title role; a failure is told to the moderators where the game was played.
async fn grant_title(bot: &Bot, http: &Http, guild: GuildId, user: UserId, channel: ChannelId) {
    let Some(role) = bot.discord_settings(guild).await.title_role else {
        return;
    };
    if let Err(e) = give_role(http, guild, user, role).await {
        warn!(guild = guild.get(), user = user.get(), role, error = %e, "could not grant the title role");
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
        let _ = dchannel(channel).send_message(http, msg).await;
    }
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
    with_retry("grant the title role", || {
        http.add_member_role(
            DGuild::new(guild.get().max(1)),
            DUser::new(user.get().max(1)),
            RoleId::new(role.max(1)),
            Some("Go title 黑白手"),
        )
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
        let _ = DChannel::new(c.max(1))
            .delete_message(http, MessageId::new(mid.max(1)))
            .await;
    }
    let thread = bot
        .repo(move |r| r.board(id))
        .await
        .ok()
        .flatten()
        .and_then(|r| r.thread);
    if let Some(t) = thread {
        let archived = with_retry("archive the thread", || {
            dchannel(t).edit_thread(http, EditThread::new().archived(true))
        })
        .await;
        if let Err(e) = archived {
            warn!(match_id = id.get(), error = %e, "could not archive the game's thread");
        }
    }
}
