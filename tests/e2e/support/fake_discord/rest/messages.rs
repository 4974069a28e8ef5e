//! Messages the bot creates and edits: channel messages, interaction callbacks, follow-ups and
//! webhook edits. Each payload is checked as Discord checks it (`validate.rs`) before it is
//! kept; callbacks and webhooks obey the interaction's windows (3 s for the callback, 15 min for
//! the token, discord-api-docs `interactions/receiving-and-responding.mdx`).

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::super::interactions::{CALLBACK_WINDOW, TOKEN_WINDOW};
use super::super::validate::{self, Carrier, MessageCtx, Refusal};
use super::super::{
    Callback, ChannelRecord, Inner, State, StoredAttachment, StoredMessage, UploadedFile, payloads,
};
use super::{Reply, Req, channels, err, id_of, refuse, violation};

/// Checks a message payload sent by `carrier`: a new message, or (with `edited`) an edit of
/// that stored message; `prefix` is where its fields are (`data` in a callback).
fn check(
    st: &State,
    req: &Req,
    body: &Value,
    prefix: &str,
    carrier: Carrier,
    edited: Option<u64>,
) -> Result<(), Refusal> {
    let stored = edited.and_then(|m| st.messages.get(&m));
    let existing = edited.map(|_| stored.map(|m| m.attachments.as_slice()).unwrap_or_default());
    let ctx = MessageCtx {
        files: req.files,
        existing,
        size_limit: st.attachment_size_limit,
        prefix,
        carrier,
        existing_flags: stored.map_or(0, |m| m.json["flags"].as_u64().unwrap_or(0)),
    };
    validate::message(body, &ctx)?;
    if edited.is_none() && !is_forward(body) && validate::is_empty_create(body, req.files) {
        return Err(Refusal::empty());
    }
    Ok(())
}

/// Whether a new channel message forwards another (`message_reference.type` 1), which needs
/// nothing else.
fn is_forward(body: &Value) -> bool {
    body["message_reference"]["type"].as_u64() == Some(1)
}

/// A channel message's `message_reference` (`resources/message.mdx`, Message Reference
/// Structure and Types): a reply (type 0, the default) names a message of the same channel,
/// a forward (type 1) also its channel; the message must exist unless `fail_if_not_exists` is
/// false. The answer: whether the message is a reply or a forward after all.
fn message_reference(st: &State, channel: u64, body: &Value) -> Result<bool, Refusal> {
    let Some(r) = body.get("message_reference").filter(|v| !v.is_null()) else {
        return Ok(false);
    };
    let mut c = validate::Check::default();
    let path = "message_reference";
    if !r.is_object() {
        c.push(
            path,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return c.into_result().map(|()| false);
    }
    let kind = c
        .opt_int(&validate::at(path, "type"), r.get("type"), 0, 1)
        .unwrap_or(0);
    c.opt_bool(
        &validate::at(path, "fail_if_not_exists"),
        r.get("fail_if_not_exists"),
    );
    let mut ids = Vec::new();
    for key in ["message_id", "channel_id", "guild_id"] {
        ids.push(match r.get(key).filter(|v| !v.is_null()) {
            Some(v) => validate::snowflake(&mut c, &validate::at(path, key), v),
            None => None,
        });
    }
    let (message_id, channel_id) = (ids[0], ids[1]);
    if message_id.is_none() && !present(r, "message_id") {
        c.required(&validate::at(path, "message_id"));
    }
    if kind == 1 && !present(r, "channel_id") {
        c.required(&validate::at(path, "channel_id"));
    }
    if !c.ok() {
        return c.into_result().map(|()| false);
    }
    let from = if kind == 1 {
        channel_id.unwrap_or(channel)
    } else {
        channel
    };
    if kind == 0 && channel_id.is_some_and(|ch| ch != channel) {
        c.push(
            validate::at(path, "channel_id"),
            "REPLIES_CANNOT_REFERENCE_OTHER_CHANNEL",
            "A reply names a message of the channel it is posted in",
        );
        return c.into_result().map(|()| false);
    }
    let found = message_id
        .and_then(|m| st.messages.get(&m))
        .is_some_and(|m| m.channel_id == from && !m.deleted && !m.ephemeral);
    if !found {
        if r["fail_if_not_exists"].as_bool() == Some(false) && kind == 0 {
            return Ok(false);
        }
        c.push(
            validate::at(path, "message_id"),
            "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
            "Unknown message",
        );
        return c.into_result().map(|()| false);
    }
    Ok(true)
}

fn present(v: &Value, key: &str) -> bool {
    v.get(key).is_some_and(|v| !v.is_null())
}

/// `POST /channels/{c}/messages`.
pub(super) fn channel_post(inner: &Inner, st: &mut State, req: &Req, c: u64) -> Reply {
    let Some(ch) = st.channels.get(&c).cloned() else {
        return err(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    // A user who refuses direct messages: Discord's 50007.
    if ch.kind == 1
        && ch
            .recipient
            .and_then(|u| st.users.get(&u))
            .is_some_and(|u| u.dms_closed)
    {
        return err(
            StatusCode::FORBIDDEN,
            50007,
            "Cannot send messages to this user",
        );
    }
    let body = req.body();
    if let Err(r) = check(st, req, body, "", Carrier::Channel, None) {
        return refuse(st, req, r, None);
    }
    let referenced = match message_reference(st, c, body) {
        Ok(r) => r,
        Err(r) => return refuse(st, req, r, None),
    };
    if let Err(reply) = channels::may_post(st, &ch, body, req.files) {
        return reply;
    }
    let kind = if referenced && !is_forward(body) {
        19
    } else {
        0
    };
    let id = create_message(inner, st, &ch, body, req.files, kind, false, None, false);
    channels::posted_in(st, c);
    channels::mentioned_in(st, c, body);
    Reply::Json(StatusCode::OK, st.messages[&id].json.clone())
}

/// `GET|PATCH|DELETE /channels/{c}/messages/{mid}` of a stored message.
pub(super) fn channel_message_op(
    inner: &Inner,
    st: &mut State,
    req: &Req,
    c: u64,
    mid: u64,
) -> Reply {
    if req.method == "PATCH"
        && let Err(reply) = channels::may_edit(st, c)
    {
        return reply;
    }
    message_op(inner, st, req, mid, None)
}

/// GET / PATCH / DELETE of a stored message.
fn message_op(
    inner: &Inner,
    st: &mut State,
    req: &Req,
    mid: u64,
    interaction: Option<u64>,
) -> Reply {
    match req.method {
        "GET" => Reply::Json(StatusCode::OK, st.messages[&mid].json.clone()),
        "PATCH" => {
            if let Err(r) = check(st, req, req.body(), "", Carrier::Edit, Some(mid)) {
                return refuse(st, req, r, interaction);
            }
            if let Err(r) = edit_message(inner, st, mid, req.body(), req.files) {
                return refuse(st, req, r, interaction);
            }
            Reply::Json(StatusCode::OK, st.messages[&mid].json.clone())
        }
        "DELETE" => {
            if let Some(msg) = st.messages.get_mut(&mid) {
                msg.deleted = true;
            }
            Reply::Empty
        }
        _ => err(StatusCode::METHOD_NOT_ALLOWED, 0, "405: Method Not Allowed"),
    }
}

/// `POST /interactions/{id}/{token}/callback`.
pub(super) fn callback(inner: &Inner, st: &mut State, req: &Req, iid: u64, token: &str) -> Reply {
    let Some(rec) = st.interactions.get(&iid).cloned() else {
        return err(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    if rec.token != token {
        return err(StatusCode::UNAUTHORIZED, 50027, "Invalid Webhook Token");
    }
    let age = rec.age();
    if age > CALLBACK_WINDOW {
        violation(
            st,
            req,
            format!(
                "callback to interaction {iid} ({}) {:.3} s after its dispatch; Discord takes it within {} s",
                rec.label,
                age.as_secs_f64(),
                CALLBACK_WINDOW.as_secs()
            ),
            404,
            10062,
            Some(iid),
        );
        return err(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    if rec.acknowledged {
        violation(
            st,
            req,
            format!("interaction {iid} ({}) answered twice", rec.label),
            400,
            40060,
            Some(iid),
        );
        return err(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        );
    }
    let Some(body) = req.body else {
        violation(
            st,
            req,
            "callback without a JSON body".into(),
            400,
            50109,
            Some(iid),
        );
        return err(
            StatusCode::BAD_REQUEST,
            50109,
            "The request body contains invalid JSON.",
        );
    };
    let kind = body["type"].as_u64().unwrap_or(0);
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    if !validate::callback_allowed(rec.kind, kind, rec.message_id.is_some()) {
        let r = Refusal::form(vec![validate::FormError {
            path: "type".into(),
            code: "INTERACTION_RESPONSE_TYPE_INVALID",
            message: format!(
                "Interaction response type {kind} is invalid for interaction type {} ({})",
                rec.kind, rec.label
            ),
        }]);
        return refuse(st, req, r, Some(iid));
    }
    let checked = match kind {
        4 => check(st, req, &data, "data", Carrier::Response, None),
        5 => validate::deferred(&data),
        7 => check(
            st,
            req,
            &data,
            "data",
            Carrier::Edit,
            Some(rec.message_id.unwrap_or(0)),
        ),
        8 => validate::autocomplete(&data, rec.focused_kind),
        9 => validate::modal(&data),
        _ => Ok(()),
    };
    if let Err(r) = checked {
        return refuse(st, req, r, Some(iid));
    }
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
    let is_component = rec.kind == 3 || rec.message_id.is_some();
    let channel = st
        .channels
        .get(&rec.channel_id)
        .cloned()
        .unwrap_or_else(|| ChannelRecord::text(rec.channel_id, "unknown"));
    let mkind = if is_component { 0 } else { 20 };
    let message_id = match kind {
        4 | 5 => Some(create_message(
            inner,
            st,
            &channel,
            &data,
            req.files,
            mkind,
            true,
            Some(iid),
            kind == 5,
        )),
        6 => rec.message_id,
        7 => {
            let mid = rec.message_id.unwrap_or(0);
            if st.messages.contains_key(&mid)
                && let Err(r) = edit_message(inner, st, mid, &data, req.files)
            {
                return refuse(st, req, r, Some(iid));
            }
            Some(mid)
        }
        _ => None,
    };
    let latency = rec.dispatched_at.elapsed();
    if let Some(r) = st.interactions.get_mut(&iid) {
        r.acknowledged = true;
        r.original_message_id = message_id;
    }
    st.callbacks.push(Callback {
        interaction_id: iid,
        kind,
        data,
        files: req.files.to_vec(),
        multipart: req.multipart,
        ephemeral,
        message_id,
        latency,
    });
    Reply::Empty
}

/// `/webhooks/{app}/{token}` (follow-ups) and `/webhooks/{app}/{token}/messages/{id|@original}`.
pub(super) fn webhook(
    inner: &Inner,
    st: &mut State,
    req: &Req,
    token: &str,
    rest: &[&str],
) -> Reply {
    let Some(rec) = st.interactions.values().find(|i| i.token == token).cloned() else {
        return err(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    let age = rec.age();
    if age > TOKEN_WINDOW {
        violation(
            st,
            req,
            format!(
                "the token of interaction {} ({}) was used {:.0} s after its dispatch; it works for {} s",
                rec.id,
                rec.label,
                age.as_secs_f64(),
                TOKEN_WINDOW.as_secs()
            ),
            401,
            50027,
            Some(rec.id),
        );
        return err(StatusCode::UNAUTHORIZED, 50027, "Invalid Webhook Token");
    }
    if !rec.acknowledged {
        violation(
            st,
            req,
            format!(
                "webhook of interaction {} ({}) used before the interaction was acknowledged",
                rec.id, rec.label
            ),
            404,
            10015,
            Some(rec.id),
        );
        return err(
            StatusCode::NOT_FOUND,
            10015,
            "Unknown Webhook (the interaction was not acknowledged yet)",
        );
    }
    match (req.method, rest) {
        ("POST", []) => {
            let body = req.body();
            if let Err(r) = check(st, req, body, "", Carrier::FollowUp, None) {
                return refuse(st, req, r, Some(rec.id));
            }
            // Discord: the first follow-up to a deferred response still "thinking" replaces
            // it, keeping the deferral's visibility (its own ephemeral flag is ignored).
            if let Some(original) = rec.original_message_id.filter(|mid| {
                st.messages
                    .get(mid)
                    .is_some_and(|m| !m.deleted && m.json["flags"].as_u64().unwrap_or(0) & 128 != 0)
            }) {
                let mut data = body.clone();
                if let Some(o) = data.as_object_mut() {
                    o.remove("flags");
                }
                if let Err(r) = edit_message(inner, st, original, &data, req.files) {
                    return refuse(st, req, r, Some(rec.id));
                }
                return Reply::Json(StatusCode::OK, st.messages[&original].json.clone());
            }
            let channel = st
                .channels
                .get(&rec.channel_id)
                .cloned()
                .unwrap_or_else(|| ChannelRecord::text(rec.channel_id, "unknown"));
            let id = create_message(
                inner,
                st,
                &channel,
                body,
                req.files,
                0,
                true,
                Some(rec.id),
                false,
            );
            Reply::Json(StatusCode::OK, st.messages[&id].json.clone())
        }
        (_, ["messages", which]) => {
            let mid = if *which == "@original" {
                rec.original_message_id
            } else {
                id_of(which)
            };
            let ok = mid.and_then(|mid| st.messages.get(&mid)).is_some_and(|m| {
                !m.deleted
                    && (m.interaction_id == Some(rec.id) || Some(m.id) == rec.original_message_id)
            });
            match mid {
                Some(mid) if ok => message_op(inner, st, req, mid, Some(rec.id)),
                _ => err(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
            }
        }
        _ => err(
            StatusCode::NOT_FOUND,
            0,
            "404: Not Found (fake Discord: webhook route)",
        ),
    }
}

#[allow(clippy::too_many_arguments)]
fn create_message(
    inner: &Inner,
    st: &mut State,
    channel: &ChannelRecord,
    data: &Value,
    files: &[UploadedFile],
    kind: u64,
    from_interaction: bool,
    interaction_id: Option<u64>,
    deferred: bool,
) -> u64 {
    let id = inner.new_id();
    let flags = data["flags"].as_u64().unwrap_or(0);
    let ephemeral = from_interaction && flags & 64 != 0;
    let mut json = payloads::message(
        id,
        channel.id,
        (channel.kind != 1).then(|| channel.guild_id.unwrap_or(super::super::GUILD_ID)),
        kind,
        from_interaction,
    );
    json["flags"] = json!((flags & (64 | 4 | 4096 | 32768)) | if deferred { 128 } else { 0 });
    let mut msg = StoredMessage {
        id,
        channel_id: channel.id,
        json,
        attachments: Vec::new(),
        interaction_id,
        ephemeral,
        deleted: false,
        edits: 0,
        pinged: Vec::new(),
    };
    apply(inner, st, &mut msg, data, files, false);
    if !ephemeral {
        msg.pinged = pinged(data);
    }
    st.messages.insert(id, msg);
    id
}

/// Whom a new message notifies, as Discord decides: every user mentioned in its content
/// (`<@id>` or `<@!id>`; embeds never notify), unless `allowed_mentions` is given, which then
/// lets through all users (`parse` holds `users`) or only those it lists (`users`).
fn pinged(data: &Value) -> Vec<u64> {
    let content = data["content"].as_str().unwrap_or("");
    let mentioned = content.split("<@").skip(1).filter_map(|part| {
        let inside = &part[..part.find('>')?];
        inside.trim_start_matches('!').parse::<u64>().ok()
    });
    let allowed = &data["allowed_mentions"];
    let all_users = !allowed.is_object()
        || allowed["parse"]
            .as_array()
            .is_some_and(|p| p.iter().any(|t| t == "users"));
    let listed: Vec<u64> = allowed["users"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|u| u.as_str().and_then(|s| s.parse().ok()).or(u.as_u64()))
                .collect()
        })
        .unwrap_or_default();
    let mut out: Vec<u64> = mentioned
        .filter(|u| all_users || listed.contains(u))
        .collect();
    out.dedup();
    out
}

/// Edits a stored message as Discord does, refusing an edit that would leave it empty.
fn edit_message(
    inner: &Inner,
    st: &mut State,
    mid: u64,
    data: &Value,
    files: &[UploadedFile],
) -> Result<(), Refusal> {
    let Some(mut msg) = st.messages.get(&mid).cloned() else {
        return Ok(());
    };
    apply(inner, st, &mut msg, data, files, true);
    if validate::is_empty_stored(&msg.json) {
        return Err(Refusal::empty());
    }
    msg.edits += 1;
    msg.json["edited_timestamp"] = json!(payloads::now_timestamp());
    // A deferred response stops "thinking" once edited.
    let flags = msg.json["flags"].as_u64().unwrap_or(0) & !128;
    msg.json["flags"] = json!(flags);
    st.messages.insert(mid, msg);
    Ok(())
}

/// Applies what the bot sent (create or edit) to a message, as Discord does: fields present are
/// replaced, `attachments` (when present) lists the existing attachments to keep and the new
/// files (`{"id": n}` for `files[n]`); uploaded files not listed are added too.
fn apply(
    inner: &Inner,
    st: &State,
    msg: &mut StoredMessage,
    data: &Value,
    files: &[UploadedFile],
    edit: bool,
) {
    if let Some(c) = data.get("content") {
        let content = c.as_str().unwrap_or("").to_string();
        let mut mentions = Vec::new();
        let mut mention_roles = Vec::new();
        for part in content.split("<@").skip(1) {
            let Some(end) = part.find('>') else { continue };
            let inside = &part[..end];
            if let Some(r) = inside.strip_prefix('&') {
                mention_roles.push(json!(r));
            } else if let Some(u) =
                id_of(inside.trim_start_matches('!')).and_then(|u| st.users.get(&u))
            {
                mentions.push(payloads::user(u));
            }
        }
        msg.json["content"] = json!(content);
        msg.json["mentions"] = json!(mentions);
        msg.json["mention_roles"] = json!(mention_roles);
    }
    if let Some(c) = data.get("components") {
        msg.json["components"] = if c.is_null() { json!([]) } else { c.clone() };
    }
    if edit && let Some(f) = data["flags"].as_u64() {
        let old = msg.json["flags"].as_u64().unwrap_or(0);
        // SUPPRESS_EMBEDS can be set and unset, IS_COMPONENTS_V2 only set.
        msg.json["flags"] = json!((old & !4) | (f & (4 | 32768)));
    }

    // attachments
    let mut used = vec![false; files.len()];
    let file_index = |n: u64| files.iter().position(|f| f.field == format!("files[{n}]"));
    let mut new_list: Vec<StoredAttachment> = Vec::new();
    let add_new = |f: &UploadedFile, name: Option<&str>, list: &mut Vec<StoredAttachment>| {
        let id = inner.new_id();
        let filename = name.unwrap_or(&f.filename).to_string();
        list.push(StoredAttachment {
            id,
            url: format!(
                "{}/cdn/attachments/{}/{id}/{filename}",
                inner.rest_base, msg.channel_id
            ),
            filename,
            content_type: f.content_type.clone(),
            bytes: f.bytes.clone(),
        });
    };
    match data.get("attachments").and_then(Value::as_array) {
        Some(listed) => {
            for a in listed {
                let aid = a["id"]
                    .as_u64()
                    .or_else(|| a["id"].as_str().and_then(id_of));
                let Some(aid) = aid else { continue };
                if let Some(existing) = msg.attachments.iter().find(|x| x.id == aid) {
                    new_list.push(existing.clone());
                } else if let Some(i) = file_index(aid)
                    && !used[i]
                {
                    used[i] = true;
                    add_new(&files[i], a["filename"].as_str(), &mut new_list);
                }
            }
        }
        None if edit => new_list = msg.attachments.clone(),
        None => {}
    }
    for (i, f) in files.iter().enumerate() {
        if !used[i] {
            add_new(f, None, &mut new_list);
        }
    }
    if data.get("attachments").is_some() || !files.is_empty() || !edit {
        msg.attachments = new_list;
    }
    msg.json["attachments"] = Value::Array(
        msg.attachments
            .iter()
            .map(|a| {
                json!({
                    "id": a.id.to_string(),
                    "filename": a.filename,
                    "size": a.bytes.len(),
                    "url": a.url,
                    "proxy_url": a.url,
                    "content_type": a.content_type,
                })
            })
            .collect(),
    );

    if let Some(e) = data.get("embeds") {
        let mut embeds = e.as_array().cloned().unwrap_or_default();
        for embed in &mut embeds {
            if embed.get("type").is_none() {
                embed["type"] = json!("rich");
            }
            for key in ["image", "thumbnail"] {
                let Some(url) = embed[key]["url"].as_str() else {
                    continue;
                };
                if let Some(name) = url.strip_prefix("attachment://") {
                    match msg.attachments.iter().find(|a| a.filename == name) {
                        Some(a) => {
                            embed[key]["url"] = json!(a.url);
                            embed[key]["proxy_url"] = json!(a.url);
                        }
                        None => eprintln!(
                            "[fake-discord] message {}: embed {key} refers to {url} but the message has no such attachment",
                            msg.id
                        ),
                    }
                }
            }
        }
        msg.json["embeds"] = Value::Array(embeds);
    }
}
