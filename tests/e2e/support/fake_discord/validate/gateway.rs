//! What a client sends on the gateway, checked as Discord checks it: a payload Discord cannot
//! take closes the connection with a close code (discord-api-docs `events/gateway-events.mdx`
//! Identify, Resume, Heartbeat and Update Presence structures; `events/gateway.mdx`
//! Identifying, Gateway Intents, Privileged Intents, Rate Limiting, Sharding;
//! `topics/opcodes-and-status-codes.mdx` Gateway Opcodes and Gateway Close Event Codes).

use serde_json::Value;

/// Why the gateway closes a connection: Discord's close code and what was wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Close {
    pub code: u16,
    pub reason: String,
}

impl Close {
    fn new(code: u16, reason: impl Into<String>) -> Close {
        Close {
            code,
            reason: reason.into(),
        }
    }
}

/// The opcodes a client may send: heartbeat, identify, presence update, voice state update,
/// resume, request guild members, request soundboard sounds, request channel info.
pub const CLIENT_OPCODES: [u64; 8] = [1, 2, 3, 4, 6, 8, 31, 43];

/// Events a connection may send per [`RATE_WINDOW`].
pub const RATE_LIMIT: usize = 120;
/// The window of [`RATE_LIMIT`].
pub const RATE_WINDOW: std::time::Duration = std::time::Duration::from_secs(60);
/// Identifies Discord takes from one bot in 24 hours (past them it resets the token).
pub const MAX_IDENTIFIES_PER_DAY: usize = 1000;

/// Every intent Discord defines (`events/gateway.mdx`, List of Intents): bits 0–16, 20, 21,
/// 24 and 25.
pub const INTENTS: u64 = ((1 << 17) - 1) | (1 << 20) | (1 << 21) | (1 << 24) | (1 << 25);
/// The privileged intents: GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT.
pub const PRIVILEGED_INTENTS: u64 = (1 << 1) | (1 << 8) | (1 << 15);

/// A frame's opcode: the frame must be a JSON object with an integer `op` (else 4002, decode
/// error), one a client sends (else 4001, unknown opcode).
pub fn opcode(frame: &Value) -> Result<u64, Close> {
    let Some(op) = frame.as_object().and_then(|o| o.get("op")) else {
        return Err(Close::new(
            4002,
            "a payload is a JSON object with an op (decode error)",
        ));
    };
    let Some(op) = op.as_u64() else {
        return Err(Close::new(4002, format!("op {op} is not an integer")));
    };
    if !CLIENT_OPCODES.contains(&op) {
        return Err(Close::new(
            4001,
            format!("op {op} is not one a client sends (one of {CLIENT_OPCODES:?})"),
        ));
    }
    Ok(op)
}

/// HEARTBEAT's `d`: the last sequence number received, or null.
pub fn heartbeat(d: Option<&Value>) -> Result<(), Close> {
    match d {
        None | Some(Value::Null) => Ok(()),
        Some(v) if v.as_u64().is_some() => Ok(()),
        Some(v) => Err(Close::new(
            4002,
            format!("a heartbeat's d is the last sequence number or null, not {v}"),
        )),
    }
}

/// IDENTIFY's `d`. `privileged`: the privileged intents the application may use (enabled in
/// its settings). Returns the shard `[id, total]` asked for (`[0, 1]` without `shard`).
pub fn identify(d: &Value, privileged: u64) -> Result<(u64, u64), Close> {
    let decode = |why: String| Close::new(4002, format!("IDENTIFY: {why} (decode error)"));
    if !d.is_object() {
        return Err(decode(format!("d is an object, not {d}")));
    }
    if d["token"].as_str().is_none_or(str::is_empty) {
        return Err(decode("token is a non-empty string".into()));
    }
    let props = &d["properties"];
    if !props.is_object() {
        return Err(decode(
            "properties {os, browser, device} is required".into(),
        ));
    }
    for key in ["os", "browser", "device"] {
        if !props[key].is_string() {
            return Err(decode(format!("properties.{key} is a string")));
        }
    }
    if let Some(c) = d.get("compress").filter(|v| !v.is_null())
        && !c.is_boolean()
    {
        return Err(decode(format!("compress is a boolean, not {c}")));
    }
    if let Some(t) = d.get("large_threshold").filter(|v| !v.is_null())
        && !t.as_u64().is_some_and(|t| (50..=250).contains(&t))
    {
        return Err(decode(format!(
            "large_threshold is an integer from 50 to 250, not {t}"
        )));
    }
    let intents = match d.get("intents") {
        Some(v) => v.as_u64().ok_or_else(|| {
            Close::new(
                4013,
                format!("IDENTIFY: intents is an integer bit set, not {v} (invalid intents)"),
            )
        })?,
        None => return Err(decode("intents is required".into())),
    };
    if intents & !INTENTS != 0 {
        return Err(Close::new(
            4013,
            format!(
                "IDENTIFY: intents {intents:#x} set bits Discord does not define ({:#x}) (invalid intents)",
                intents & !INTENTS
            ),
        ));
    }
    if intents & PRIVILEGED_INTENTS & !privileged != 0 {
        return Err(Close::new(
            4014,
            format!(
                "IDENTIFY: privileged intents {:#x} are not enabled for the application (disallowed intents)",
                intents & PRIVILEGED_INTENTS & !privileged
            ),
        ));
    }
    let shard = match d.get("shard").filter(|v| !v.is_null()) {
        None => (0, 1),
        Some(v) => match v.as_array().map(Vec::as_slice) {
            Some([id, total]) => match (id.as_u64(), total.as_u64()) {
                (Some(id), Some(total)) if total >= 1 && id < total => (id, total),
                _ => {
                    return Err(Close::new(
                        4010,
                        format!(
                            "IDENTIFY: shard {v} is not [shard_id, num_shards] with shard_id < num_shards (invalid shard)"
                        ),
                    ));
                }
            },
            _ => {
                return Err(Close::new(
                    4010,
                    format!("IDENTIFY: shard is an array of two integers, not {v} (invalid shard)"),
                ));
            }
        },
    };
    if let Some(p) = d.get("presence").filter(|v| !v.is_null()) {
        presence(p).map_err(|why| decode(format!("presence: {why}")))?;
    }
    Ok(shard)
}

/// RESUME's `d`: token, session_id, seq.
pub fn resume(d: &Value) -> Result<(), Close> {
    let ok = d["token"].as_str().is_some_and(|t| !t.is_empty())
        && d["session_id"].is_string()
        && d["seq"].as_u64().is_some();
    if ok {
        Ok(())
    } else {
        Err(Close::new(
            4002,
            format!("RESUME: d is {{token, session_id, seq}}, not {d} (decode error)"),
        ))
    }
}

/// PRESENCE UPDATE's `d` (also IDENTIFY's `presence`): `since`, `activities`, `status`,
/// `afk`. `since` is Unix milliseconds or null; the object serenity 0.12.5 sends there
/// (`{"secs_since_epoch", "nanos_since_epoch"}`, serde's form of a `SystemTime`) is taken too,
/// as Discord takes it from every serenity bot.
pub fn presence(p: &Value) -> Result<(), String> {
    if !p.is_object() {
        return Err(format!("an object, not {p}"));
    }
    match p.get("since") {
        Some(Value::Null) => {}
        Some(v) if v.as_u64().is_some() => {}
        Some(Value::Object(o)) if o.contains_key("secs_since_epoch") => {}
        Some(v) => return Err(format!("since is Unix milliseconds or null, not {v}")),
        None => return Err("since is required (null when not idle)".into()),
    }
    const STATUSES: [&str; 5] = ["online", "dnd", "idle", "invisible", "offline"];
    if !p["status"].as_str().is_some_and(|s| STATUSES.contains(&s)) {
        return Err(format!(
            "status is one of {STATUSES:?}, not {}",
            p["status"]
        ));
    }
    if !p["afk"].is_boolean() {
        return Err(format!("afk is a boolean, not {}", p["afk"]));
    }
    let Some(activities) = p["activities"].as_array() else {
        return Err(format!("activities is an array, not {}", p["activities"]));
    };
    for (i, a) in activities.iter().enumerate() {
        if !a["name"].is_string() {
            return Err(format!("activities.{i}.name is a string"));
        }
        if a["type"].as_u64().is_none_or(|t| t > 5) {
            return Err(format!(
                "activities.{i}.type is one of 0–5, not {}",
                a["type"]
            ));
        }
        if let Some(url) = a.get("url").filter(|v| !v.is_null())
            && a["type"].as_u64() != Some(1)
        {
            return Err(format!(
                "activities.{i}.url is for streaming (type 1) only, not {url}"
            ));
        }
    }
    Ok(())
}
