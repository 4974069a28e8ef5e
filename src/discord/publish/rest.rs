//! Discord's REST calls the publisher makes, and its retry policy: posting, editing and
//! deleting messages, opening and archiving threads, bringing members into a thread, direct
//! messages and roles. A leaf: it knows the ids and Discord, nothing of games or of the bot.

use std::time::Duration;

use serenity::all::{CreateMessage, CreateThread, EditMessage, EditThread, Http, Message};
use tracing::warn;

use crate::game::{ChannelId, GuildId, UserId};

use crate::discord::snowflake;

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
pub async fn with_retry<T, F, Fut>(what: &str, call: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, serenity::Error>>,
{
    retry_while(what, call, retryable).await
}

/// Posts a new message, again only while it surely was not posted.
pub async fn post_with_retry<F, Fut>(what: &str, call: F) -> Result<Message, serenity::Error>
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

/// Posts `msg` in `channel`.
///
/// # Errors
/// Discord refused, or the id is not one Discord can take.
pub async fn send(
    http: &Http,
    channel: ChannelId,
    msg: CreateMessage,
) -> serenity::Result<Message> {
    snowflake::channel(channel)?.send_message(http, msg).await
}

/// Edits message `message` of `channel`.
///
/// # Errors
/// Discord refused, or an id is not one Discord can take.
pub async fn edit(
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
pub async fn delete(http: &Http, channel: ChannelId, message: u64) {
    if let (Ok(c), Ok(m)) = (snowflake::channel(channel), snowflake::message(message)) {
        let _ = c.delete_message(http, m).await;
    }
}

/// A direct message; a failure (DMs closed) is logged.
pub async fn dm(http: &Http, user: UserId, text: String) -> Delivery {
    let sent = async {
        snowflake::user(user)?
            .create_dm_channel(http)
            .await?
            .send_message(http, CreateMessage::new().content(text))
            .await
    };
    match sent.await {
        Ok(_) => Delivery::Sent,
        Err(serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)))
            if r.error.code == DMS_CLOSED =>
        {
            Delivery::Refused
        }
        Err(e) => {
            warn!(user = user.get(), error = %e, "could not send a direct message");
            Delivery::Failed
        }
    }
}

/// Discord's code for a user who does not take direct messages from the bot.
const DMS_CLOSED: isize = 50007;

/// What became of a direct message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    Sent,
    /// The user does not take direct messages from the bot (Discord's 50007).
    Refused,
    /// Discord failed otherwise (logged).
    Failed,
}

/// Opens a thread in `channel`: on message `message` if given, else on its own (`thread`
/// says its kind).
///
/// # Errors
/// Discord refused, or an id is not one Discord can take.
pub async fn open_thread(
    http: &Http,
    channel: ChannelId,
    message: Option<u64>,
    thread: CreateThread<'_>,
) -> serenity::Result<ChannelId> {
    let channel = snowflake::channel(channel)?;
    let opened = match message {
        Some(message) => {
            channel
                .create_thread_from_message(http, snowflake::message(message)?, thread)
                .await?
        }
        None => channel.create_thread(http, thread).await?,
    };
    Ok(ChannelId(opened.id.get()))
}

/// Brings `user` into the private thread `thread`.
///
/// # Errors
/// Discord refused, or an id is not one Discord can take.
pub async fn add_to_thread(http: &Http, thread: ChannelId, user: UserId) -> serenity::Result<()> {
    snowflake::channel(thread)?
        .add_thread_member(http, snowflake::user(user)?)
        .await
}

/// Archives a thread (tried again while Discord fails).
///
/// # Errors
/// Discord refused, or the id is not one Discord can take.
pub async fn archive_thread(http: &Http, what: &str, thread: ChannelId) -> serenity::Result<()> {
    with_retry(what, || async {
        snowflake::channel(thread)?
            .edit_thread(http, EditThread::new().archived(true))
            .await
    })
    .await
    .map(|_| ())
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
