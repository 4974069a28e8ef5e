//! The fake gateway: plain `ws://`, JSON text frames, no compression.
//!
//! Handshake: on connect the fake sends HELLO (op 10, `heartbeat_interval` 41250 ms); on
//! IDENTIFY (op 2) it sends READY (op 0, seq 1) then GUILD_CREATE (seq 2); every heartbeat
//! (op 1) is answered with HEARTBEAT_ACK (op 11); a RESUME (op 6) gets RESUMED. Dispatches the
//! test sends later carry increasing sequence numbers.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};

use super::{Inner, State, payloads};

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

/// Sends a dispatch (op 0) on the current connection with the next sequence number. `None` when
/// no bot is connected.
pub fn dispatch_locked(inner: &Inner, st: &mut State, event: &str, data: Value) -> Option<u64> {
    let tx = st.gateway.tx.clone()?;
    st.gateway.seq += 1;
    let seq = st.gateway.seq;
    let frame = json!({"op": 0, "s": seq, "t": event, "d": data}).to_string();
    inner.log(format!("gateway → {event} s={seq} ({} bytes)", frame.len()));
    tx.send(frame).ok()?;
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
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let conn_id = {
        let mut st = inner.lock();
        st.gateway.connections += 1;
        st.gateway.conn_id = u64::from(st.gateway.connections);
        st.gateway.tx = Some(tx.clone());
        st.gateway.query = query;
        st.gateway.conn_id
    };
    inner.bump();
    let writer = tokio::spawn(async move {
        while let Some(text) = rx.recv().await {
            if sink.send(Message::Text(text)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let _ = tx.send(json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": inner.heartbeat_interval_ms.load(std::sync::atomic::Ordering::Relaxed)}}).to_string());

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
        let Ok(frame) = serde_json::from_str::<Value>(&text) else {
            eprintln!("[fake-discord] gateway: frame that is not JSON: {text}");
            continue;
        };
        handle_frame(&inner, &tx, frame);
    }

    {
        let mut st = inner.lock();
        if st.gateway.conn_id == conn_id {
            st.gateway.tx = None;
        }
    }
    inner.bump();
    writer.abort();
}

fn handle_frame(inner: &Inner, tx: &mpsc::UnboundedSender<String>, frame: Value) {
    let op = frame["op"].as_u64().unwrap_or(u64::MAX);
    let mut st = inner.lock();
    st.gateway.received.push(frame.clone());
    match op {
        1 => {
            st.gateway.heartbeats += 1;
            let _ = tx.send(json!({"op": 11, "s": null, "t": null, "d": null}).to_string());
        }
        2 => {
            inner.log(format!(
                "gateway ← IDENTIFY intents={} compress={}",
                frame["d"]["intents"], frame["d"]["compress"]
            ));
            let shard = match &frame["d"]["shard"] {
                Value::Array(a) if a.len() == 2 => Value::Array(a.clone()),
                _ => json!([0, 1]),
            };
            st.gateway.identify = Some(frame["d"].clone());
            // A new session numbers its dispatches from 1, as Discord's does.
            st.gateway.seq = 0;
            let ready = payloads::ready(&inner.gateway_url, shard);
            st.gateway.ready_sent = dispatch_locked(inner, &mut st, "READY", ready).is_some();
            let guild = payloads::guild_create(&st);
            st.gateway.guild_create_sent =
                dispatch_locked(inner, &mut st, "GUILD_CREATE", guild).is_some();
        }
        6 => {
            st.gateway.resumes += 1;
            eprintln!("[fake-discord] gateway: the bot RESUMEd its session; answering RESUMED");
            dispatch_locked(inner, &mut st, "RESUMED", json!({}));
        }
        other => inner.log(format!("gateway ← op {other} (ignored)")),
    }
    drop(st);
    inner.bump();
}
