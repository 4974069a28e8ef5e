//! Channels and threads: the bot's permissions to post (discord-api-docs
//! `resources/message.mdx` Create Message limitations, `topics/threads.mdx` Permissions),
//! thread creation, `PATCH /channels/{id}` (`resources/channel.mdx` Modify Channel, guild
//! channel and thread params), and what archived and locked threads allow
//! (`topics/threads.mdx`: a message unarchives an archived thread unless it is locked;
//! a locked thread takes messages only from MANAGE_THREADS).

use axum::http::StatusCode;
use serde_json::Value;

use super::super::validate;
use super::super::{APPLICATION_ID, ChannelRecord, Inner, State, UploadedFile, payloads, perms};
use super::{Reply, Req, err, missing, refuse};

fn has(p: u64, bit: u64) -> bool {
    p & bit == bit
}

/// Whether the bot may create this message in `ch`; an archived, unlocked thread is
/// unarchived by it (the caller does that once the message is accepted).
pub(super) fn may_post(
    st: &State,
    ch: &ChannelRecord,
    body: &Value,
    files: &[UploadedFile],
) -> Result<(), Reply> {
    if ch.kind == 1 {
        return Ok(());
    }
    let p = st.bot_permissions_in(ch.id);
    if !has(p, perms::VIEW_CHANNEL) {
        eprintln!(
            "[fake-discord] refused: the bot lacks VIEW_CHANNEL in {} → 403 50001",
            ch.id
        );
        return Err(err(StatusCode::FORBIDDEN, 50001, "Missing Access"));
    }
    let (send, send_name) = if ch.is_thread() {
        (perms::SEND_MESSAGES_IN_THREADS, "SEND_MESSAGES_IN_THREADS")
    } else {
        (perms::SEND_MESSAGES, "SEND_MESSAGES")
    };
    if !has(p, send) {
        return Err(missing(send_name, ch.id));
    }
    if body["embeds"].as_array().is_some_and(|e| !e.is_empty()) && !has(p, perms::EMBED_LINKS) {
        return Err(missing("EMBED_LINKS (the message has embeds)", ch.id));
    }
    if body["tts"].as_bool() == Some(true) && !has(p, perms::SEND_TTS_MESSAGES) {
        return Err(missing(
            "SEND_TTS_MESSAGES (the message is text-to-speech)",
            ch.id,
        ));
    }
    if !files.is_empty() && !has(p, perms::ATTACH_FILES) {
        return Err(missing("ATTACH_FILES (the message has files)", ch.id));
    }
    if body.get("message_reference").is_some_and(|r| !r.is_null())
        && !has(p, perms::READ_MESSAGE_HISTORY)
    {
        return Err(missing(
            "READ_MESSAGE_HISTORY (the message is a reply)",
            ch.id,
        ));
    }
    thread_open(ch, p, true)
}

/// Whether a message in `channel` may be edited (an archived thread takes no edits).
pub(super) fn may_edit(st: &State, channel: u64) -> Result<(), Reply> {
    let Some(ch) = st.channels.get(&channel) else {
        return Ok(());
    };
    if ch.kind == 1 {
        return Ok(());
    }
    let p = st.bot_permissions_in(channel);
    if !has(p, perms::VIEW_CHANNEL) {
        return Err(err(StatusCode::FORBIDDEN, 50001, "Missing Access"));
    }
    thread_open(ch, p, false)
}

fn thread_open(ch: &ChannelRecord, p: u64, posting: bool) -> Result<(), Reply> {
    if !ch.is_thread() {
        return Ok(());
    }
    if ch.locked && !has(p, perms::MANAGE_THREADS) {
        eprintln!(
            "[fake-discord] refused: thread {} is locked → 403 160005",
            ch.id
        );
        return Err(err(StatusCode::FORBIDDEN, 160005, "Thread is locked"));
    }
    if ch.archived && (ch.locked || !posting) {
        eprintln!(
            "[fake-discord] refused: thread {} is archived → 400 50083",
            ch.id
        );
        return Err(err(StatusCode::BAD_REQUEST, 50083, "Thread is archived"));
    }
    Ok(())
}

/// A message was posted in `channel`: an archived (unlocked) thread becomes active again.
pub(super) fn posted_in(st: &mut State, channel: u64) {
    if let Some(ch) = st.channels.get_mut(&channel)
        && ch.is_thread()
        && ch.archived
        && !ch.locked
    {
        ch.archived = false;
    }
}

/// A message in a private thread that mentions a role (and lets the mention through) brings
/// the role's members into the thread (`topics/threads.mdx`).
pub(super) fn mentioned_in(st: &mut State, channel: u64, body: &Value) {
    let Some(ch) = st.channels.get(&channel).filter(|c| c.kind == 12) else {
        return;
    };
    let content = body["content"].as_str().unwrap_or_default();
    let allowed: Vec<u64> = body["allowed_mentions"]["roles"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|r| r.as_str().and_then(|s| s.parse().ok()).or(r.as_u64()))
                .collect()
        })
        .unwrap_or_default();
    let parse_roles = body["allowed_mentions"]["parse"]
        .as_array()
        .is_some_and(|p| p.iter().any(|x| x == "roles"));
    let roles: Vec<u64> = content
        .split("<@&")
        .skip(1)
        .filter_map(|s| s.split('>').next()?.parse().ok())
        .filter(|r| parse_roles || allowed.contains(r))
        .collect();
    if roles.is_empty() {
        return;
    }
    let _ = ch;
    let joining: Vec<u64> = st
        .users
        .values()
        .filter(|u| st.roles_of(u).iter().any(|r| roles.contains(r)))
        .map(|u| u.id)
        .collect();
    if let Some(ch) = st.channels.get_mut(&channel) {
        for u in joining {
            if !ch.members.contains(&u) {
                ch.members.push(u);
            }
        }
    }
}

/// `PUT /channels/{thread}/thread-members/{user}`: adds a member to a thread. The bot must be
/// able to send messages in it, and it must not be archived (`resources/channel.mdx`, Add
/// Thread Member).
pub(super) fn add_member(st: &mut State, thread: u64, user: u64) -> Reply {
    let Some(ch) = st.channels.get(&thread).cloned() else {
        return err(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if !ch.is_thread() {
        return err(
            StatusCode::BAD_REQUEST,
            50024,
            "Cannot execute action on this channel type",
        );
    }
    if ch.archived {
        return err(StatusCode::BAD_REQUEST, 50083, "Thread is archived");
    }
    let p = st.bot_permissions_in(thread);
    if !has(p, perms::SEND_MESSAGES_IN_THREADS) {
        return missing("SEND_MESSAGES_IN_THREADS", thread);
    }
    if !st.users.contains_key(&user) {
        return err(StatusCode::NOT_FOUND, 10013, "Unknown User");
    }
    if let Some(ch) = st.channels.get_mut(&thread)
        && !ch.members.contains(&user)
    {
        ch.members.push(user);
    }
    Reply::Empty
}

/// `POST /channels/{c}/threads` and `POST /channels/{c}/messages/{mid}/threads`.
pub(super) fn create_thread(
    inner: &Inner,
    st: &mut State,
    req: &Req,
    c: u64,
    from_message: Option<u64>,
) -> Reply {
    let body = req.body();
    let Some(parent) = st.channels.get(&c).cloned() else {
        return err(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if let Some(mid) = from_message
        && st
            .messages
            .get(&mid)
            .is_none_or(|m| m.channel_id != c || m.deleted)
    {
        return err(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    }
    if let Err(r) = validate::thread_create(body, from_message.is_some()) {
        return refuse(st, req, r, None);
    }
    if !matches!(parent.kind, 0 | 5) {
        return err(
            StatusCode::BAD_REQUEST,
            50024,
            "Cannot execute action on this channel type",
        );
    }
    let kind = match from_message {
        Some(_) if parent.kind == 5 => 10,
        Some(_) => 11,
        // Discord's default for a thread without a message is a private thread.
        None => body["type"].as_u64().unwrap_or(12),
    };
    let p = st.bot_permissions_in(c);
    if !has(p, perms::VIEW_CHANNEL) {
        return err(StatusCode::FORBIDDEN, 50001, "Missing Access");
    }
    let (need, name) = if kind == 12 {
        (perms::CREATE_PRIVATE_THREADS, "CREATE_PRIVATE_THREADS")
    } else {
        (perms::CREATE_PUBLIC_THREADS, "CREATE_PUBLIC_THREADS")
    };
    if !has(p, need) {
        return missing(name, c);
    }
    let id = match from_message {
        Some(mid) => {
            if st.channels.contains_key(&mid) {
                eprintln!(
                    "[fake-discord] refused: message {mid} has a thread already → 400 160004"
                );
                return err(
                    StatusCode::BAD_REQUEST,
                    160004,
                    "A thread has already been created for this message",
                );
            }
            mid
        }
        None => inner.new_id(),
    };
    let ch = ChannelRecord {
        id,
        kind,
        name: body["name"].as_str().unwrap_or("thread").to_string(),
        parent_id: Some(c),
        rate_limit_per_user: body["rate_limit_per_user"].as_u64().unwrap_or(0),
        auto_archive_duration: body["auto_archive_duration"].as_u64().unwrap_or(1440),
        invitable: body["invitable"].as_bool().unwrap_or(true),
        owner_id: Some(APPLICATION_ID),
        members: vec![APPLICATION_ID],
        ..Default::default()
    };
    st.channels.insert(id, ch.clone());
    Reply::Json(StatusCode::CREATED, payloads::channel(&ch))
}

/// `PATCH /channels/{id}`: a thread's `name`, `archived`, `locked`, `auto_archive_duration`,
/// `rate_limit_per_user`, `invitable`; a guild channel's `name`, `topic`, `nsfw`,
/// `rate_limit_per_user`.
pub(super) fn patch(st: &mut State, req: &Req, id: u64) -> Reply {
    let body = req.body();
    let Some(ch) = st.channels.get(&id).cloned() else {
        return err(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if ch.kind == 1 {
        return err(
            StatusCode::BAD_REQUEST,
            50024,
            "Cannot execute action on this channel type",
        );
    }
    let thread = ch.is_thread();
    if let Err(r) = validate::channel_patch(body, thread, ch.kind == 12) {
        return refuse(st, req, r, None);
    }
    let p = st.bot_permissions_in(id);
    if !has(p, perms::VIEW_CHANNEL) {
        return err(StatusCode::FORBIDDEN, 50001, "Missing Access");
    }
    let mut new = ch.clone();
    if thread {
        let set = |k: &str| body.get(k).is_some_and(|v| !v.is_null());
        let archived = body["archived"].as_bool();
        if ch.archived && archived != Some(false) {
            eprintln!(
                "[fake-discord] refused: thread {id} is archived and the edit does not unarchive it → 400 50083"
            );
            return err(StatusCode::BAD_REQUEST, 50083, "Thread is archived");
        }
        let manage = has(p, perms::MANAGE_THREADS);
        let owner = ch.owner_id == Some(APPLICATION_ID);
        if (set("locked") || set("rate_limit_per_user")) && !manage {
            return missing(
                "MANAGE_THREADS (to change locked or rate_limit_per_user)",
                id,
            );
        }
        if (set("name") || set("auto_archive_duration") || archived == Some(true))
            && !manage
            && !owner
        {
            return missing("MANAGE_THREADS (or to be the thread's creator)", id);
        }
        let locked_after = body["locked"].as_bool().unwrap_or(ch.locked);
        if ch.archived && archived == Some(false) && locked_after && !manage && !owner {
            return missing("MANAGE_THREADS (to unarchive a locked thread)", id);
        }
        if let Some(n) = body["name"].as_str() {
            new.name = n.to_string();
        }
        if let Some(a) = archived {
            new.archived = a;
        }
        if let Some(l) = body["locked"].as_bool() {
            new.locked = l;
        }
        if let Some(d) = body["auto_archive_duration"].as_u64() {
            new.auto_archive_duration = d;
        }
        if let Some(r) = body["rate_limit_per_user"].as_u64() {
            new.rate_limit_per_user = r;
        }
        if let Some(i) = body["invitable"].as_bool() {
            new.invitable = i;
        }
    } else {
        if !has(p, perms::MANAGE_CHANNELS) {
            return missing("MANAGE_CHANNELS", id);
        }
        if let Some(n) = body["name"].as_str() {
            new.name = n.to_string();
        }
        if body.get("topic").is_some() {
            new.topic = body["topic"].as_str().map(str::to_string);
        }
        if let Some(n) = body["nsfw"].as_bool() {
            new.nsfw = n;
        }
        if let Some(r) = body["rate_limit_per_user"].as_u64() {
            new.rate_limit_per_user = r;
        }
    }
    st.channels.insert(id, new.clone());
    Reply::Json(StatusCode::OK, payloads::channel(&new))
}
