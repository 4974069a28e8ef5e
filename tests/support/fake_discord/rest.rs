//! The fake REST API (v10). Every request is recorded; an unknown route gets a 404 JSON error
//! (printed to stderr) so the bot never hangs on it.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State as AxState;
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::net::TcpListener;

use super::{
    APPLICATION_ID, Callback, ChannelRecord, GUILD_ID, Inner, RecordedRequest, State,
    StoredAttachment, StoredMessage, UploadedFile, payloads,
};

pub async fn serve(inner: Arc<Inner>, listener: TcpListener) {
    let app = Router::new().fallback(handle).with_state(inner);
    // No Nagle delay on the fake's answers: they are the fake's time, not the bot's.
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    if let Err(e) = axum::serve(listener, app).await {
        eprintln!("[fake-discord] REST server stopped: {e}");
    }
}

/// What a route answers: a status and a JSON body (none for 204), or raw bytes.
enum Reply {
    Json(StatusCode, Value),
    Empty,
    Bytes(String, Vec<u8>),
}

fn err(status: StatusCode, code: u64, message: &str) -> Reply {
    Reply::Json(status, json!({"message": message, "code": code}))
}

async fn handle(
    AxState(inner): AxState<Arc<Inner>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let header_str = |h: header::HeaderName| {
        headers
            .get(h)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let content_type = header_str(header::CONTENT_TYPE);
    let (json, files, parse_error) = parse_body(content_type.as_deref(), body).await;
    let path = uri.path().to_string();
    let reply = if let Some(e) = parse_error {
        eprintln!("[fake-discord] {method} {path}: unreadable body: {e}");
        err(
            StatusCode::BAD_REQUEST,
            50109,
            &format!("unreadable body (fake Discord): {e}"),
        )
    } else {
        let multipart = content_type
            .as_deref()
            .is_some_and(|c| c.starts_with("multipart/"));
        let mut st = inner.lock();
        route(
            &inner,
            &mut st,
            &method,
            &path,
            json.as_ref(),
            &files,
            multipart,
        )
    };
    let status = match &reply {
        Reply::Json(s, _) => *s,
        Reply::Empty => StatusCode::NO_CONTENT,
        Reply::Bytes(..) => StatusCode::OK,
    };
    if status == StatusCode::NOT_FOUND || status.is_server_error() {
        let body = match &reply {
            Reply::Json(_, v) => v.to_string(),
            _ => String::new(),
        };
        eprintln!(
            "[fake-discord] {method} {path} → {} {body}",
            status.as_u16()
        );
    } else {
        inner.log(format!("{method} {path} → {}", status.as_u16()));
    }
    {
        let mut st = inner.lock();
        let at = inner.started.elapsed();
        st.requests.push(RecordedRequest {
            method: method.to_string(),
            path,
            query: uri.query().map(str::to_string),
            authorization: header_str(header::AUTHORIZATION),
            content_type,
            json,
            files,
            status: status.as_u16(),
            at,
        });
    }
    inner.bump();
    match reply {
        Reply::Json(s, v) => (
            s,
            [(header::CONTENT_TYPE, "application/json")],
            v.to_string(),
        )
            .into_response(),
        Reply::Empty => StatusCode::NO_CONTENT.into_response(),
        Reply::Bytes(ct, b) => (StatusCode::OK, [(header::CONTENT_TYPE, ct)], b).into_response(),
    }
}

/// JSON body, or multipart `payload_json` + `files[n]` parts.
async fn parse_body(
    content_type: Option<&str>,
    body: Bytes,
) -> (Option<Value>, Vec<UploadedFile>, Option<String>) {
    let Some(ct) = content_type else {
        return (None, Vec::new(), None);
    };
    if ct.starts_with("multipart/form-data") {
        let boundary = match multer::parse_boundary(ct) {
            Ok(b) => b,
            Err(e) => return (None, Vec::new(), Some(format!("multipart boundary: {e}"))),
        };
        let stream = futures_util::stream::once(async move { Ok::<Bytes, std::io::Error>(body) });
        let mut mp = multer::Multipart::new(stream, boundary);
        let mut json = None;
        let mut files = Vec::new();
        loop {
            let field = match mp.next_field().await {
                Ok(Some(f)) => f,
                Ok(None) => break,
                Err(e) => return (json, files, Some(format!("multipart: {e}"))),
            };
            let name = field.name().unwrap_or("").to_string();
            let filename = field.file_name().map(str::to_string);
            let ctype = field.content_type().map(|m| m.to_string());
            let bytes = match field.bytes().await {
                Ok(b) => b,
                Err(e) => return (json, files, Some(format!("multipart field {name}: {e}"))),
            };
            if name == "payload_json" {
                match serde_json::from_slice(&bytes) {
                    Ok(v) => json = Some(v),
                    Err(e) => return (json, files, Some(format!("payload_json: {e}"))),
                }
            } else {
                files.push(UploadedFile {
                    field: name.clone(),
                    filename: filename.unwrap_or(name),
                    content_type: ctype,
                    bytes: bytes.to_vec(),
                });
            }
        }
        (json, files, None)
    } else if ct.starts_with("application/json") {
        if body.is_empty() {
            return (None, Vec::new(), None);
        }
        match serde_json::from_slice(&body) {
            Ok(v) => (Some(v), Vec::new(), None),
            Err(e) => (None, Vec::new(), Some(format!("json: {e}"))),
        }
    } else {
        (None, Vec::new(), None)
    }
}

fn id_of(s: &str) -> Option<u64> {
    s.parse().ok()
}

fn route(
    inner: &Inner,
    st: &mut State,
    method: &Method,
    path: &str,
    body: Option<&Value>,
    files: &[UploadedFile],
    multipart: bool,
) -> Reply {
    let empty = json!({});
    let body_or_empty = body.unwrap_or(&empty);
    if let Some(rest) = path.strip_prefix("/cdn/attachments/") {
        let seg: Vec<&str> = rest.split('/').collect();
        if let [_, att, _] = seg.as_slice() {
            let att = id_of(att).unwrap_or(0);
            for m in st.messages.values() {
                if let Some(a) = m.attachments.iter().find(|a| a.id == att) {
                    let ct = a
                        .content_type
                        .clone()
                        .unwrap_or_else(|| "application/octet-stream".into());
                    return Reply::Bytes(ct, a.bytes.clone());
                }
            }
        }
        return err(
            StatusCode::NOT_FOUND,
            0,
            "404: Not Found (fake Discord: no such attachment)",
        );
    }
    let Some(api) = path.strip_prefix("/api/v10/") else {
        return err(
            StatusCode::NOT_FOUND,
            0,
            &format!(
                "404: Not Found (fake Discord serves /api/v10/...; got {path}: is the proxy base given with a path? It must be http://127.0.0.1:PORT only)"
            ),
        );
    };
    let seg: Vec<&str> = api.split('/').collect();
    let m = method.as_str();
    match (m, seg.as_slice()) {
        ("GET", ["gateway"]) => {
            st.gateway.gateway_url_requests += 1;
            Reply::Json(StatusCode::OK, json!({"url": inner.gateway_url}))
        }
        ("GET", ["gateway", "bot"]) => {
            st.gateway.gateway_url_requests += 1;
            Reply::Json(
                StatusCode::OK,
                json!({"url": inner.gateway_url, "shards": 1, "session_start_limit": {
                    "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}),
            )
        }
        ("GET", ["users", "@me"]) => Reply::Json(StatusCode::OK, super::bot_user()),
        ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
            Reply::Json(StatusCode::OK, payloads::application_info())
        }

        // commands
        ("PUT", ["applications", _, "commands"]) => {
            let cmds = register(inner, body_or_empty, None);
            st.global_commands = cmds.clone();
            Reply::Json(StatusCode::OK, Value::Array(cmds))
        }
        ("PUT", ["applications", _, "guilds", g, "commands"]) => {
            let g = id_of(g).unwrap_or(0);
            let cmds = register(inner, body_or_empty, Some(g));
            st.guild_commands.insert(g, cmds.clone());
            Reply::Json(StatusCode::OK, Value::Array(cmds))
        }
        ("GET", ["applications", _, "commands"]) => {
            Reply::Json(StatusCode::OK, Value::Array(st.global_commands.clone()))
        }
        ("GET", ["applications", _, "guilds", g, "commands"]) => Reply::Json(
            StatusCode::OK,
            Value::Array(
                st.guild_commands
                    .get(&id_of(g).unwrap_or(0))
                    .cloned()
                    .unwrap_or_default(),
            ),
        ),
        ("POST", ["applications", _, "commands"]) => {
            let c = payloads::command(body_or_empty, inner.new_id(), None);
            st.global_commands.retain(|x| x["name"] != c["name"]);
            st.global_commands.push(c.clone());
            Reply::Json(StatusCode::CREATED, c)
        }
        ("POST", ["applications", _, "guilds", g, "commands"]) => {
            let g = id_of(g).unwrap_or(0);
            let c = payloads::command(body_or_empty, inner.new_id(), Some(g));
            let list = st.guild_commands.entry(g).or_default();
            list.retain(|x| x["name"] != c["name"]);
            list.push(c.clone());
            Reply::Json(StatusCode::CREATED, c)
        }
        ("DELETE", ["applications", _, "commands", cid]) => {
            st.global_commands.retain(|x| x["id"] != *cid);
            Reply::Empty
        }

        // interactions
        ("POST", ["interactions", iid, token, "callback"]) => callback(
            inner,
            st,
            id_of(iid).unwrap_or(0),
            token,
            body,
            files,
            multipart,
        ),
        (_, ["webhooks", app, token, rest @ ..]) => {
            if id_of(app) != Some(APPLICATION_ID) {
                return err(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
            }
            webhook(inner, st, m, token, rest, body_or_empty, files)
        }

        // channels and messages
        ("GET", ["channels", c]) => match st.channels.get(&id_of(c).unwrap_or(0)) {
            Some(ch) => Reply::Json(StatusCode::OK, payloads::channel(ch)),
            None => err(StatusCode::NOT_FOUND, 10003, "Unknown Channel"),
        },
        ("POST", ["channels", c, "messages"]) => {
            let c = id_of(c).unwrap_or(0);
            let Some(ch) = st.channels.get(&c).cloned() else {
                return err(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            let kind = if body_or_empty.get("message_reference").is_some() {
                19
            } else {
                0
            };
            let id = create_message(
                inner,
                st,
                &ch,
                body_or_empty,
                files,
                kind,
                false,
                None,
                false,
            );
            Reply::Json(StatusCode::OK, st.messages[&id].json.clone())
        }
        (_, ["channels", c, "messages", mid]) => {
            let (c, mid) = (id_of(c).unwrap_or(0), id_of(mid).unwrap_or(0));
            match st.messages.get(&mid) {
                Some(msg) if msg.channel_id == c && !msg.deleted && !msg.ephemeral => {}
                _ => return err(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
            }
            message_op(inner, st, m, mid, body_or_empty, files)
        }
        ("POST", ["channels", c, "threads"]) => {
            let c = id_of(c).unwrap_or(0);
            if !st.channels.contains_key(&c) {
                return err(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            }
            let id = inner.new_id();
            let kind = body_or_empty["type"].as_u64().unwrap_or(11);
            Reply::Json(
                StatusCode::CREATED,
                new_thread(st, id, kind, c, body_or_empty),
            )
        }
        ("POST", ["channels", c, "messages", mid, "threads"]) => {
            let (c, mid) = (id_of(c).unwrap_or(0), id_of(mid).unwrap_or(0));
            if st.messages.get(&mid).is_none_or(|m| m.channel_id != c) {
                return err(StatusCode::NOT_FOUND, 10008, "Unknown Message");
            }
            Reply::Json(
                StatusCode::CREATED,
                new_thread(st, mid, 11, c, body_or_empty),
            )
        }
        ("POST", ["users", "@me", "channels"]) => {
            let Some(uid) = body_or_empty["recipient_id"]
                .as_str()
                .and_then(id_of)
                .or_else(|| body_or_empty["recipient_id"].as_u64())
            else {
                return err(
                    StatusCode::BAD_REQUEST,
                    50035,
                    "Invalid Form Body: recipient_id",
                );
            };
            let existing = st
                .channels
                .values()
                .find(|c| c.recipient == Some(uid))
                .cloned();
            let ch = existing.unwrap_or_else(|| {
                let name = st
                    .users
                    .get(&uid)
                    .map(|u| u.name.clone())
                    .unwrap_or_else(|| "user".into());
                let ch = ChannelRecord {
                    id: inner.new_id(),
                    kind: 1,
                    name,
                    parent_id: None,
                    recipient: Some(uid),
                };
                st.channels.insert(ch.id, ch.clone());
                ch
            });
            let mut v = payloads::channel(&ch);
            if let Some(u) = st.users.get(&uid) {
                v["recipients"] = json!([payloads::user(u)]);
            }
            Reply::Json(StatusCode::OK, v)
        }

        // guild
        ("GET", ["guilds", g, "channels"]) if id_of(g) == Some(GUILD_ID) => Reply::Json(
            StatusCode::OK,
            Value::Array(
                st.channels
                    .values()
                    .filter(|c| c.kind == 0)
                    .map(payloads::channel)
                    .collect(),
            ),
        ),
        ("GET", ["guilds", g, "members", u]) if id_of(g) == Some(GUILD_ID) => {
            match st.users.get(&id_of(u).unwrap_or(0)) {
                Some(user) => Reply::Json(
                    StatusCode::OK,
                    payloads::member(user, &st.roles_of(user), false),
                ),
                None => err(StatusCode::NOT_FOUND, 10007, "Unknown Member"),
            }
        }
        ("PUT" | "DELETE", ["guilds", g, "members", u, "roles", r])
            if id_of(g) == Some(GUILD_ID) =>
        {
            let (u, r) = (id_of(u).unwrap_or(0), id_of(r).unwrap_or(0));
            if !st.roles.contains_key(&r) {
                return err(StatusCode::NOT_FOUND, 10011, "Unknown Role");
            }
            if !st.users.contains_key(&u) {
                return err(StatusCode::NOT_FOUND, 10007, "Unknown Member");
            }
            let set = st.member_roles.entry(u).or_default();
            if m == "PUT" {
                set.insert(r);
            } else {
                set.remove(&r);
            }
            Reply::Empty
        }
        ("GET", ["guilds", g, "roles"]) if id_of(g) == Some(GUILD_ID) => Reply::Json(
            StatusCode::OK,
            Value::Array(st.roles.values().cloned().collect()),
        ),
        ("POST", ["guilds", g, "roles"]) if id_of(g) == Some(GUILD_ID) => {
            let id = inner.new_id();
            let perms = body_or_empty["permissions"]
                .as_str()
                .and_then(id_of)
                .or_else(|| body_or_empty["permissions"].as_u64())
                .unwrap_or(0);
            let mut role = payloads::role(
                id,
                body_or_empty["name"].as_str().unwrap_or("new role"),
                perms,
                st.roles.len() as u64,
            );
            for k in ["color", "hoist", "mentionable", "unicode_emoji"] {
                if let Some(v) = body_or_empty.get(k) {
                    role[k] = v.clone();
                }
            }
            role["colors"]["primary_color"] = role["color"].clone();
            st.roles.insert(id, role.clone());
            Reply::Json(StatusCode::OK, role)
        }
        _ => err(
            StatusCode::NOT_FOUND,
            0,
            &format!("404: Not Found (fake Discord has no route for {m} {path})"),
        ),
    }
}

fn register(inner: &Inner, body: &Value, guild: Option<u64>) -> Vec<Value> {
    body.as_array()
        .map(|cmds| {
            cmds.iter()
                .map(|c| payloads::command(c, inner.new_id(), guild))
                .collect()
        })
        .unwrap_or_default()
}

fn new_thread(st: &mut State, id: u64, kind: u64, parent: u64, body: &Value) -> Value {
    let ch = ChannelRecord {
        id,
        kind,
        name: body["name"].as_str().unwrap_or("thread").to_string(),
        parent_id: Some(parent),
        recipient: None,
    };
    st.channels.insert(id, ch.clone());
    payloads::channel(&ch)
}

/// GET / PATCH / DELETE of a stored message.
fn message_op(
    inner: &Inner,
    st: &mut State,
    method: &str,
    mid: u64,
    body: &Value,
    files: &[UploadedFile],
) -> Reply {
    match method {
        "GET" => Reply::Json(StatusCode::OK, st.messages[&mid].json.clone()),
        "PATCH" => {
            edit_message(inner, st, mid, body, files);
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

fn callback(
    inner: &Inner,
    st: &mut State,
    iid: u64,
    token: &str,
    body: Option<&Value>,
    files: &[UploadedFile],
    multipart: bool,
) -> Reply {
    let Some(rec) = st.interactions.get(&iid).cloned() else {
        return err(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    if rec.token != token {
        return err(StatusCode::UNAUTHORIZED, 50027, "Invalid Webhook Token");
    }
    if rec.acknowledged {
        eprintln!(
            "[fake-discord] interaction {iid} ({}) answered twice",
            rec.label
        );
        return err(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        );
    }
    let Some(body) = body else {
        return err(
            StatusCode::BAD_REQUEST,
            50109,
            "The request body contains invalid JSON.",
        );
    };
    let kind = body["type"].as_u64().unwrap_or(0);
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
    let is_component = rec.kind == 3;
    let channel = st
        .channels
        .get(&rec.channel_id)
        .cloned()
        .unwrap_or(ChannelRecord {
            id: rec.channel_id,
            kind: 0,
            name: "unknown".into(),
            parent_id: None,
            recipient: None,
        });
    let message_id = match kind {
        4 => {
            let mkind = if is_component { 0 } else { 20 };
            Some(create_message(
                inner,
                st,
                &channel,
                &data,
                files,
                mkind,
                true,
                Some(iid),
                false,
            ))
        }
        5 => {
            let mkind = if is_component { 0 } else { 20 };
            Some(create_message(
                inner,
                st,
                &channel,
                &data,
                files,
                mkind,
                true,
                Some(iid),
                true,
            ))
        }
        6 | 7 if !is_component => {
            eprintln!(
                "[fake-discord] interaction {iid} ({}): callback type {kind} is only for components",
                rec.label
            );
            return err(
                StatusCode::BAD_REQUEST,
                50035,
                "Invalid Form Body: interaction response type is invalid for this interaction",
            );
        }
        6 => rec.message_id,
        7 => {
            let mid = rec.message_id.unwrap_or(0);
            if st.messages.contains_key(&mid) {
                edit_message(inner, st, mid, &data, files);
            }
            Some(mid)
        }
        1 | 8 | 9 => None,
        other => {
            eprintln!("[fake-discord] interaction {iid}: unknown callback type {other}");
            return err(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body: type");
        }
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
        files: files.to_vec(),
        multipart,
        ephemeral,
        message_id,
        latency,
    });
    Reply::Empty
}

/// `/webhooks/{app}/{token}` (follow-ups) and `/webhooks/{app}/{token}/messages/{id|@original}`.
fn webhook(
    inner: &Inner,
    st: &mut State,
    method: &str,
    token: &str,
    rest: &[&str],
    body: &Value,
    files: &[UploadedFile],
) -> Reply {
    let Some(rec) = st.interactions.values().find(|i| i.token == token).cloned() else {
        return err(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    if !rec.acknowledged {
        eprintln!(
            "[fake-discord] {method} webhook of interaction {} ({}) before it was acknowledged",
            rec.id, rec.label
        );
        return err(
            StatusCode::NOT_FOUND,
            10015,
            "Unknown Webhook (the interaction was not acknowledged yet)",
        );
    }
    match (method, rest) {
        ("POST", []) => {
            let channel = st
                .channels
                .get(&rec.channel_id)
                .cloned()
                .unwrap_or(ChannelRecord {
                    id: rec.channel_id,
                    kind: 0,
                    name: "unknown".into(),
                    parent_id: None,
                    recipient: None,
                });
            let id = create_message(
                inner,
                st,
                &channel,
                body,
                files,
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
                Some(mid) if ok => message_op(inner, st, method, mid, body, files),
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
    let mut json = payloads::message(id, channel.id, channel.kind != 1, kind, from_interaction);
    json["flags"] = json!((flags & (64 | 4 | 4096)) | if deferred { 128 } else { 0 });
    let mut msg = StoredMessage {
        id,
        channel_id: channel.id,
        json,
        attachments: Vec::new(),
        interaction_id,
        ephemeral,
        deleted: false,
        edits: 0,
    };
    apply(inner, st, &mut msg, data, files, false);
    st.messages.insert(id, msg);
    id
}

fn edit_message(inner: &Inner, st: &mut State, mid: u64, data: &Value, files: &[UploadedFile]) {
    let Some(mut msg) = st.messages.remove(&mid) else {
        return;
    };
    apply(inner, st, &mut msg, data, files, true);
    msg.edits += 1;
    msg.json["edited_timestamp"] = json!(payloads::now_timestamp());
    // A deferred response stops "thinking" once edited.
    let flags = msg.json["flags"].as_u64().unwrap_or(0) & !128;
    msg.json["flags"] = json!(flags);
    st.messages.insert(mid, msg);
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
        msg.json["flags"] = json!((old & !4) | (f & 4));
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

impl State {
    /// A member's roles: those the test gave plus those the bot added.
    pub fn roles_of(&self, u: &super::TestUser) -> Vec<u64> {
        let mut roles = u.roles.clone();
        if let Some(set) = self.member_roles.get(&u.id) {
            for r in set {
                if !roles.contains(r) {
                    roles.push(*r);
                }
            }
        }
        roles
    }
}
