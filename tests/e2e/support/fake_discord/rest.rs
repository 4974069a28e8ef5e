//! The fake REST API (v10). Every request is recorded; an unknown route gets a 404 JSON error
//! (printed to stderr) so the bot never hangs on it. What the bot sends is checked as Discord
//! checks it (`validate.rs`); refusals for what the bot sent are kept as violations.
//!
//! Routes live by subject: `rest/messages.rs` (messages, interaction callbacks, webhooks),
//! `rest/channels.rs` (channels and threads), `rest/guild.rs` (commands, roles, members).

mod channels;
mod guild;
mod messages;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State as AxState};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::net::TcpListener;

use super::validate::Refusal;
use super::{
    APPLICATION_ID, ChannelRecord, Inner, RecordedRequest, State, UploadedFile, Violation, faults,
    payloads,
};

pub async fn serve(inner: Arc<Inner>, listener: TcpListener) {
    // Bodies up to 64 MiB reach the routes, so that a too large upload gets Discord's JSON 413
    // rather than the framework's own.
    let app = Router::new()
        .fallback(handle)
        .layer(DefaultBodyLimit::max(64 * 1024 * 1024))
        .with_state(inner);
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

/// `403 50013 Missing Permissions` (printed, naming the permission).
fn missing(what: &str, channel: u64) -> Reply {
    eprintln!("[fake-discord] refused: the bot lacks {what} in {channel} → 403 50013");
    err(StatusCode::FORBIDDEN, 50013, "Missing Permissions")
}

/// One request as the routes see it.
struct Req<'a> {
    method: &'a str,
    path: &'a str,
    body: Option<&'a Value>,
    files: &'a [UploadedFile],
    multipart: bool,
    at: Duration,
}

impl Req<'_> {
    fn body(&self) -> &Value {
        static NULL: Value = Value::Null;
        self.body.unwrap_or(&NULL)
    }
}

/// Refuses a request for what the bot sent: recorded as a violation, answered as Discord does.
fn refuse(st: &mut State, req: &Req, r: Refusal, interaction_id: Option<u64>) -> Reply {
    violation(st, req, r.reason(), r.status, r.code, interaction_id);
    Reply::Json(
        StatusCode::from_u16(r.status).unwrap_or(StatusCode::BAD_REQUEST),
        r.body(),
    )
}

fn violation(
    st: &mut State,
    req: &Req,
    reason: String,
    status: u16,
    code: u64,
    interaction_id: Option<u64>,
) {
    st.violation(Violation {
        route: format!("{} {}", req.method, req.path),
        reason,
        status,
        code,
        interaction_id,
        at: req.at,
    });
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
    let slow = inner.lock().take_slow(method.as_str(), &path);
    if let Some(delay) = slow {
        eprintln!("[fake-discord] {method} {path}: slow route, answered in {delay:?}");
        tokio::time::sleep(delay).await;
    }
    let at = inner.started.elapsed();
    let reply = {
        let mut st = inner.lock();
        if let Some(status) = st.take_fault(method.as_str(), &path) {
            eprintln!("[fake-discord] {method} {path}: injected fault → {status}");
            Reply::Json(
                StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
                faults::body(status),
            )
        } else {
            let multipart = content_type
                .as_deref()
                .is_some_and(|c| c.starts_with("multipart/"));
            let req = Req {
                method: method.as_str(),
                path: &path,
                body: json.as_ref(),
                files: &files,
                multipart,
                at,
            };
            let authorization = header_str(header::AUTHORIZATION);
            let reason = headers
                .get("x-audit-log-reason")
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
            if let Some(e) = parse_error {
                let r = Refusal {
                    status: 400,
                    code: 50109,
                    message: "The request body contains invalid JSON.".into(),
                    errors: Vec::new(),
                };
                violation(
                    &mut st,
                    &req,
                    format!("{} ({e})", r.reason()),
                    400,
                    50109,
                    None,
                );
                Reply::Json(StatusCode::BAD_REQUEST, r.body())
            } else if needs_token(req.method, req.path)
                && authorization
                    .as_deref()
                    .and_then(|a| a.strip_prefix("Bot "))
                    .is_none_or(|t| t.trim().is_empty())
            {
                violation(
                    &mut st,
                    &req,
                    format!(
                        "no bot token: the Authorization header is {authorization:?}, Discord wants \"Bot <token>\" (reference.mdx, Authentication)"
                    ),
                    401,
                    0,
                    None,
                );
                err(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized")
            } else if let Some(Err(r)) = reason.as_deref().map(audit_log_reason) {
                refuse(&mut st, &req, r, None)
            } else {
                route(&inner, &mut st, &req)
            }
        }
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
        Reply::Json(s, v) => {
            let mut resp = (
                s,
                [(header::CONTENT_TYPE, "application/json")],
                v.to_string(),
            )
                .into_response();
            if s == StatusCode::TOO_MANY_REQUESTS {
                resp.headers_mut()
                    .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
            }
            resp
        }
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

/// Whether a route needs the bot's token (`reference.mdx`, Authentication): every one but
/// `GET /gateway`, interaction callbacks and the interaction webhooks (their token is in the
/// path), and the attachments' CDN.
fn needs_token(method: &str, path: &str) -> bool {
    let Some(api) = path.strip_prefix("/api/v10/") else {
        return false;
    };
    !((method == "GET" && api == "gateway")
        || api.starts_with("interactions/")
        || api.starts_with("webhooks/"))
}

/// The `X-Audit-Log-Reason` header: 1 to 512 URL-encoded UTF-8 characters
/// (`resources/audit-log.mdx`, Audit Log Entry Object).
fn audit_log_reason(raw: &str) -> Result<(), Refusal> {
    let mut bytes = Vec::new();
    let mut it = raw.bytes();
    while let Some(b) = it.next() {
        if b == b'%' {
            let hex: Vec<u8> = it.by_ref().take(2).collect();
            match std::str::from_utf8(&hex)
                .ok()
                .filter(|h| h.len() == 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                Some(v) => bytes.push(v),
                None => bytes.extend([b'%'].iter().chain(&hex)),
            }
        } else {
            bytes.push(b);
        }
    }
    let n = String::from_utf8(bytes).map(|s| s.chars().count());
    match n {
        Ok(1..=512) => Ok(()),
        _ => Err(Refusal::form(vec![super::validate::FormError {
            path: "X-Audit-Log-Reason".into(),
            code: "BASE_TYPE_BAD_LENGTH",
            message: format!(
                "The reason is 1 to 512 URL-encoded UTF-8 characters (got {n:?} from {raw:?})"
            ),
        }])),
    }
}

fn id_of(s: &str) -> Option<u64> {
    s.parse().ok()
}

fn route(inner: &Inner, st: &mut State, req: &Req) -> Reply {
    let path = req.path;
    if let Some(rest) = path.strip_prefix("/cdn/ephemeral-attachments/") {
        // A member's upload with a slash command, as Discord's CDN serves it (no token).
        let seg: Vec<&str> = rest.split('/').collect();
        if let [_, att, _] = seg.as_slice()
            && let Some(a) = st.uploads.get(&id_of(att).unwrap_or(0))
        {
            let ct = a
                .content_type
                .clone()
                .unwrap_or_else(|| "application/octet-stream".into());
            return Reply::Bytes(ct, a.bytes.clone());
        }
        return err(
            StatusCode::NOT_FOUND,
            0,
            "404: Not Found (fake Discord: no such upload)",
        );
    }
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
    let m = req.method;
    match (m, seg.as_slice()) {
        ("GET", ["gateway"]) => {
            st.gateway.gateway_url_requests += 1;
            Reply::Json(StatusCode::OK, json!({"url": inner.gateway_url}))
        }
        ("GET", ["gateway", "bot"]) => {
            st.gateway.gateway_url_requests += 1;
            Reply::Json(
                StatusCode::OK,
                json!({"url": inner.gateway_url, "shards": st.gateway.shards.max(1),
                    "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                    "max_concurrency": st.gateway.max_concurrency.max(1)}}),
            )
        }
        ("GET", ["users", "@me"]) => Reply::Json(StatusCode::OK, super::bot_user()),
        // Get User (`resources/user.mdx`): a member the fake knows.
        ("GET", ["users", u]) => match id_of(u).and_then(|id| st.users.get(&id)) {
            Some(user) => Reply::Json(StatusCode::OK, payloads::user(user)),
            None => err(StatusCode::NOT_FOUND, 10013, "Unknown User"),
        },
        ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
            Reply::Json(StatusCode::OK, payloads::application_info())
        }

        (_, ["applications", _, "commands", ..])
        | (_, ["applications", _, "guilds", _, "commands", ..]) => {
            guild::commands(inner, st, req, &seg)
        }

        // interactions
        ("POST", ["interactions", iid, token, "callback"]) => {
            messages::callback(inner, st, req, id_of(iid).unwrap_or(0), token)
        }
        (_, ["webhooks", app, token, rest @ ..]) => {
            if id_of(app) != Some(APPLICATION_ID) {
                return err(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
            }
            messages::webhook(inner, st, req, token, rest)
        }

        // channels and messages
        ("GET", ["channels", c]) => match st.channels.get(&id_of(c).unwrap_or(0)) {
            Some(ch) => Reply::Json(StatusCode::OK, payloads::channel(ch)),
            None => err(StatusCode::NOT_FOUND, 10003, "Unknown Channel"),
        },
        ("PATCH", ["channels", c]) => channels::patch(st, req, id_of(c).unwrap_or(0)),
        ("POST", ["channels", c, "messages"]) => {
            messages::channel_post(inner, st, req, id_of(c).unwrap_or(0))
        }
        (_, ["channels", c, "messages", mid]) => {
            let (c, mid) = (id_of(c).unwrap_or(0), id_of(mid).unwrap_or(0));
            match st.messages.get(&mid) {
                Some(msg) if msg.channel_id == c && !msg.deleted && !msg.ephemeral => {}
                _ => return err(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
            }
            messages::channel_message_op(inner, st, req, c, mid)
        }
        ("PUT", ["channels", c, "thread-members", u]) => {
            channels::add_member(st, id_of(c).unwrap_or(0), id_of(u).unwrap_or(0))
        }
        ("POST", ["channels", c, "threads"]) => {
            channels::create_thread(inner, st, req, id_of(c).unwrap_or(0), None)
        }
        ("POST", ["channels", c, "messages", mid, "threads"]) => channels::create_thread(
            inner,
            st,
            req,
            id_of(c).unwrap_or(0),
            Some(id_of(mid).unwrap_or(0)),
        ),
        ("POST", ["users", "@me", "channels"]) => {
            let body = req.body();
            let mut c = super::validate::Check::default();
            let uid = match body.get("recipient_id").filter(|v| !v.is_null()) {
                Some(v) => super::validate::snowflake(&mut c, "recipient_id", v),
                None => {
                    c.required("recipient_id");
                    None
                }
            };
            let Some(uid) = uid else {
                return refuse(st, req, Refusal::form(c.errors), None);
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
                    recipient: Some(uid),
                    ..Default::default()
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

        (_, ["guilds", ..]) => guild::guilds(inner, st, req, &seg),
        _ => not_found(m, path),
    }
}

fn not_found(m: &str, path: &str) -> Reply {
    err(
        StatusCode::NOT_FOUND,
        0,
        &format!("404: Not Found (fake Discord has no route for {m} {path})"),
    )
}
