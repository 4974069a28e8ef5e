//! The fake gateway: plain `ws://`, JSON text frames, no compression.
//!
//! Handshake: on connect the fake sends HELLO (op 10, `heartbeat_interval` 41250 ms); on
//! IDENTIFY (op 2) it sends READY (op 0, seq 1) then a GUILD_CREATE for each guild of the
//! identified shard; every heartbeat (op 1) is answered with HEARTBEAT_ACK (op 11); a RESUME
//! (op 6) gets RESUMED. Dispatches the test sends later carry increasing sequence numbers.
//!
//! What the client sends is checked as Discord checks it (`validate/gateway.rs`): a frame that
//! is not a JSON object with an integer op closes the connection with 4002 (decode error), an
//! opcode a client does not send with 4001, anything but a heartbeat or an identify before
//! identifying with 4003, a second identify with 4005, a bad IDENTIFY with 4002, 4010 (invalid
//! shard), 4013 (invalid intents) or 4014 (privileged intents not enabled), more than 120
//! events in 60 s with 4008. Each is a violation (4014 excepted: the application's settings
//! are the environment's) and the connection is closed with that code, as Discord closes it.
//!
//! Shards as Discord runs them: the bot identifies each connection as `[shard, total]`, the
//! total being the one `GET /gateway/bot` gave; a guild's events go to shard
//! `(guild_id >> 22) % total`. An identify with the wrong total, a second connection for a
//! shard whose first is open, and two identifies of one bucket (`shard % max_concurrency`)
//! within five seconds are violations (Discord closes with 4010 or 4009).

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};

use super::validate::gateway::{self as check, Close};
use super::{Inner, State, payloads};

/// What the fake sends on a connection: a text frame, or the close frame that ends it.
#[derive(Debug)]
pub enum Out {
    Text(String),
    Close(u16, String),
}

pub const HEARTBEAT_INTERVAL_MS: u64 = 41_250;

pub async fn serve(inner: Arc<Inner>, listener: TcpListener) {
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                // Small frames go out at once (no Nagle delay waiting for the bot's ACK), as
                // Discord's gateway does; otherwise the fake's own writes add ~40 ms.
                let _ = stream.set_nodelay(true);
                tokio::spawn(connection(inner.clone(), stream));
            }
            Err(e) => {
                eprintln!("[fake-discord] gateway accept failed: {e}");
                return;
            }
        }
    }
}

/// The shard a guild's events go to (Discord's formula).
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

/// Sends a dispatch (op 0) on the session of the main guild's shard with its next sequence
/// number. `None` when that shard is not connected.
pub fn dispatch_locked(inner: &Inner, st: &mut State, event: &str, data: Value) -> Option<u64> {
    dispatch_to_guild(inner, st, super::GUILD_ID, event, data)
}

/// Sends a dispatch on the session of the shard that carries `guild`'s events.
pub fn dispatch_to_guild(
    inner: &Inner,
    st: &mut State,
    guild: u64,
    event: &str,
    data: Value,
) -> Option<u64> {
    let shard = shard_of(guild, st.gateway.shards);
    dispatch_to_shard(inner, st, shard, event, data)
}

/// Sends a dispatch on `shard`'s session.
pub fn dispatch_to_shard(
    inner: &Inner,
    st: &mut State,
    shard: u32,
    event: &str,
    data: Value,
) -> Option<u64> {
    let session = st.gateway.sessions.get_mut(&shard)?;
    session.seq += 1;
    let seq = session.seq;
    let frame = json!({"op": 0, "s": seq, "t": event, "d": data}).to_string();
    inner.log(format!(
        "gateway[{shard}] → {event} s={seq} ({} bytes)",
        frame.len()
    ));
    session.tx.send(Out::Text(frame)).ok()?;
    Some(seq)
}

// tungstenite's handshake callback returns its (large) error response type by value.
#[allow(clippy::result_large_err)]
async fn connection(inner: Arc<Inner>, stream: TcpStream) {
    let mut query: Option<String> = None;
    let ws = tokio_tungstenite::accept_hdr_async(stream, |req: &Request, resp: Response| {
        query = req.uri().query().map(str::to_string);
        Ok(resp)
    })
    .await;
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => {
            eprintln!("[fake-discord] gateway handshake failed: {e}");
            return;
        }
    };
    inner.log(format!("gateway: bot connected with query {query:?}"));
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let conn_id = {
        let mut st = inner.lock();
        st.gateway.connections += 1;
        st.gateway.query = query;
        u64::from(st.gateway.connections)
    };
    inner.bump();
    let writer = tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            match out {
                Out::Text(text) => {
                    if sink.send(Message::Text(text)).await.is_err() {
                        break;
                    }
                }
                Out::Close(code, reason) => {
                    use tokio_tungstenite::tungstenite::protocol::CloseFrame;
                    let frame = CloseFrame {
                        code: code.into(),
                        // A close frame's reason holds at most 123 bytes.
                        reason: reason
                            .char_indices()
                            .take_while(|(i, c)| i + c.len_utf8() <= 123)
                            .map(|(_, c)| c)
                            .collect::<String>()
                            .into(),
                    };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    break;
                }
            }
        }
        let _ = sink.close().await;
    });
    let _ = tx.send(Out::Text(json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": inner.heartbeat_interval_ms.load(std::sync::atomic::Ordering::Relaxed)}}).to_string()));

    let mut conn = Connection::default();
    let mut closed = false;
    while let Some(msg) = source.next().await {
        let text = match msg {
            Ok(Message::Text(t)) => t,
            Ok(Message::Binary(b)) => String::from_utf8_lossy(&b).into_owned(),
            Ok(Message::Close(frame)) => {
                inner.log(format!("gateway: bot closed the connection: {frame:?}"));
                break;
            }
            Ok(_) => continue,
            Err(e) => {
                inner.log(format!("gateway: read error {e}"));
                break;
            }
        };
        if let Err(close) = handle_text(&inner, conn_id, &tx, &mut conn, &text) {
            eprintln!(
                "[fake-discord] gateway: closing the connection with {}: {}",
                close.code, close.reason
            );
            let _ = tx.send(Out::Close(close.code, close.reason));
            closed = true;
            break;
        }
    }

    {
        let mut st = inner.lock();
        st.gateway.sessions.retain(|_, s| s.conn_id != conn_id);
    }
    inner.bump();
    if closed {
        drop(tx);
        let _ = tokio::time::timeout(std::time::Duration::from_secs(2), writer).await;
    } else {
        writer.abort();
    }
}

/// What the fake remembers of one connection.
#[derive(Default)]
struct Connection {
    /// When each counted event arrived, within the last [`check::RATE_WINDOW`].
    sent: std::collections::VecDeque<std::time::Instant>,
    identified: bool,
}

/// One text frame from the client: checked as Discord checks it, then acted on. An error
/// closes the connection with that code; it is recorded as a violation unless it is about
/// the application's settings (4014).
fn handle_text(
    inner: &Inner,
    conn_id: u64,
    tx: &mpsc::UnboundedSender<Out>,
    conn: &mut Connection,
    text: &str,
) -> Result<(), Close> {
    let frame = serde_json::from_str::<Value>(text).unwrap_or(Value::Null);
    let checked = check_frame(inner, conn, &frame, text);
    if let Err(close) = &checked {
        let mut st = inner.lock();
        st.gateway.received.push(frame);
        if close.code != 4014 {
            let route = match close.code {
                4010 | 4013 => "GATEWAY IDENTIFY",
                _ => "GATEWAY",
            };
            st.violation(super::Violation {
                route: route.into(),
                reason: close.reason.clone(),
                status: 0,
                code: u64::from(close.code),
                interaction_id: None,
                at: inner.started.elapsed(),
            });
        }
        drop(st);
        inner.bump();
        return checked;
    }
    handle_frame(inner, conn_id, tx, frame);
    Ok(())
}

/// The checks of one frame that Discord answers by closing the connection.
fn check_frame(
    inner: &Inner,
    conn: &mut Connection,
    frame: &Value,
    text: &str,
) -> Result<(), Close> {
    let op = check::opcode(frame).map_err(|mut c| {
        if frame.is_null() {
            c.reason = format!(
                "a frame that is not JSON (decode error): {}",
                text.chars().take(80).collect::<String>()
            );
        }
        c
    });
    // Heartbeats sent at an interval shorter than Discord's (one a test asked for) are not
    // counted: the fake asked for them.
    let asked_fast = inner
        .heartbeat_interval_ms
        .load(std::sync::atomic::Ordering::Relaxed)
        < HEARTBEAT_INTERVAL_MS;
    if !(asked_fast && op.as_ref().is_ok_and(|op| *op == 1)) {
        let now = std::time::Instant::now();
        while conn
            .sent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= check::RATE_WINDOW)
        {
            conn.sent.pop_front();
        }
        conn.sent.push_back(now);
        if conn.sent.len() > check::RATE_LIMIT {
            return Err(Close {
                code: 4008,
                reason: format!(
                    "more than {} events in {} s on one connection (rate limited)",
                    check::RATE_LIMIT,
                    check::RATE_WINDOW.as_secs()
                ),
            });
        }
    }
    let op = op?;
    let d = frame.get("d");
    match op {
        1 => check::heartbeat(d),
        2 => {
            if conn.identified {
                return Err(Close {
                    code: 4005,
                    reason: "a second IDENTIFY on one connection (already authenticated)".into(),
                });
            }
            let privileged = inner.lock().gateway.privileged_intents;
            check::identify(d.unwrap_or(&Value::Null), privileged)?;
            conn.identified = true;
            Ok(())
        }
        6 => {
            if conn.identified {
                return Err(Close {
                    code: 4005,
                    reason: "a RESUME after IDENTIFY on one connection (already authenticated)"
                        .into(),
                });
            }
            check::resume(d.unwrap_or(&Value::Null))?;
            conn.identified = true;
            Ok(())
        }
        _ if !conn.identified => Err(Close {
            code: 4003,
            reason: format!("op {op} before IDENTIFY (not authenticated)"),
        }),
        3 => check::presence(d.unwrap_or(&Value::Null)).map_err(|why| Close {
            code: 4002,
            reason: format!("PRESENCE UPDATE: {why} (decode error)"),
        }),
        _ => Ok(()),
    }
}

/// Discord's session start limit: identifies of one bucket at least this far apart.
pub const IDENTIFY_EVERY: std::time::Duration = std::time::Duration::from_secs(5);
/// What the fake forgives of the five seconds: the two ends' clocks and the network between
/// them (serenity spaces a client's own re-identifies by five seconds on its side).
pub const IDENTIFY_JITTER: std::time::Duration = std::time::Duration::from_millis(50);

fn handle_frame(inner: &Inner, conn_id: u64, tx: &mpsc::UnboundedSender<Out>, frame: Value) {
    let op = frame["op"].as_u64().unwrap_or(u64::MAX);
    let mut st = inner.lock();
    st.gateway.received.push(frame.clone());
    match op {
        1 => {
            st.gateway.heartbeats += 1;
            let _ = tx.send(Out::Text(
                json!({"op": 11, "s": null, "t": null, "d": null}).to_string(),
            ));
        }
        2 => {
            inner.log(format!(
                "gateway ← IDENTIFY intents={} compress={} shard={}",
                frame["d"]["intents"], frame["d"]["compress"], frame["d"]["shard"]
            ));
            let total = st.gateway.shards;
            let (id, their_total) = match &frame["d"]["shard"] {
                Value::Array(a) if a.len() == 2 => (
                    a[0].as_u64().unwrap_or(u64::MAX),
                    a[1].as_u64().unwrap_or(u64::MAX),
                ),
                _ => (0, 1),
            };
            let shard = u32::try_from(id).unwrap_or(u32::MAX);
            let refuse_with = |st: &mut State, code: u64, reason: String| {
                st.violation(super::Violation {
                    route: "GATEWAY IDENTIFY".into(),
                    reason,
                    status: 0,
                    code,
                    interaction_id: None,
                    at: inner.started.elapsed(),
                });
            };
            let refuse = |st: &mut State, reason: String| refuse_with(st, 4010, reason);
            if their_total != u64::from(total) || id >= their_total {
                refuse(
                    &mut st,
                    format!(
                        "shard {:?} does not fit the {total} shards Discord runs this bot with (close 4010, invalid shard)",
                        frame["d"]["shard"]
                    ),
                );
            }
            if let Some(other) = st.gateway.sessions.get(&shard)
                && other.conn_id != conn_id
            {
                refuse(
                    &mut st,
                    format!(
                        "shard {shard} identified on a second connection while its first is open"
                    ),
                );
            }
            let bucket = shard % st.gateway.max_concurrency.max(1);
            let now = std::time::Instant::now();
            if let Some(last) = st.gateway.last_identify.get(&bucket)
                && now.duration_since(*last) + IDENTIFY_JITTER < IDENTIFY_EVERY
            {
                let gap = now.duration_since(*last);
                refuse(
                    &mut st,
                    format!(
                        "identify of bucket {bucket} {gap:?} after the last (session start limit: one per 5 s; close 4009)"
                    ),
                );
            }
            st.gateway.last_identify.insert(bucket, now);
            let at = inner.started.elapsed();
            st.gateway.identifies.push((shard, at));
            let day = std::time::Duration::from_secs(24 * 3600);
            let today = st
                .gateway
                .identifies
                .iter()
                .filter(|(_, t)| at.saturating_sub(*t) < day)
                .count();
            if today > check::MAX_IDENTIFIES_PER_DAY {
                refuse_with(
                    &mut st,
                    4004,
                    format!(
                        "identify number {today} within 24 h; Discord takes {} a day, then resets the token",
                        check::MAX_IDENTIFIES_PER_DAY
                    ),
                );
            }
            st.gateway.identify = Some(frame["d"].clone());
            // A new session numbers its dispatches from 1, as Discord's does.
            st.gateway.sessions.insert(
                shard,
                super::Session {
                    conn_id,
                    tx: tx.clone(),
                    seq: 0,
                    ready: false,
                },
            );
            let guilds: Vec<u64> = st
                .guild_ids()
                .into_iter()
                .filter(|g| shard_of(*g, total) == shard)
                .collect();
            let ready = payloads::ready(&inner.gateway_url, json!([id, their_total]), &guilds);
            let mut sent = dispatch_to_shard(inner, &mut st, shard, "READY", ready).is_some();
            for g in guilds {
                let guild = payloads::guild_create(&st, g);
                sent &= dispatch_to_shard(inner, &mut st, shard, "GUILD_CREATE", guild).is_some();
            }
            if let Some(s) = st.gateway.sessions.get_mut(&shard) {
                s.ready = sent;
            }
        }
        6 => {
            st.gateway.resumes += 1;
            let shard = frame["d"]["session_id"]
                .as_str()
                .and_then(|s| s.strip_prefix("fake-session-"))
                .and_then(|s| s.parse::<u32>().ok())
                .unwrap_or(0);
            eprintln!(
                "[fake-discord] gateway: the bot RESUMEd shard {shard}'s session; answering RESUMED"
            );
            let seq = st.gateway.sessions.get(&shard).map_or(0, |s| s.seq);
            st.gateway.sessions.insert(
                shard,
                super::Session {
                    conn_id,
                    tx: tx.clone(),
                    seq,
                    ready: true,
                },
            );
            dispatch_to_shard(inner, &mut st, shard, "RESUMED", json!({}));
        }
        other => inner.log(format!("gateway ← op {other} (ignored)")),
    }
    drop(st);
    inner.bump();
}
