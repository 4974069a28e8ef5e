//! Discord's limits on what a bot sends, checked the way Discord checks them: a payload over a
//! limit is refused with `400 {"code": 50035, "message": "Invalid Form Body", "errors": {...}}`
//! (the errors nested by the path of the offending field, as serenity's
//! `DiscordJsonError::errors` reads them back), an empty message with `400 50006`, a file over
//! the attachment size limit with `413 40005`.
//!
//! Sources (discord-api-docs): `resources/message.mdx` (Create Message params, Embed Limits,
//! allowed mentions), `components/reference.mdx` (Action Row, Button, String Select, select
//! menus, Text Input, Label, legacy behaviour), `interactions/receiving-and-responding.mdx`
//! (callback data, Autocomplete, Modal), `reference.mdx` (Uploading Files, error format),
//! `change-log.mdx` (per-attachment size limits, 2025-04-03), `resources/channel.mdx` (thread
//! and channel params). By subject: `validate/message.rs` (content, embeds, files, mentions),
//! `validate/components.rs` (action rows, buttons, selects, modals), `validate/commands.rs`
//! (commands), `validate/channels.rs` (threads, channels, roles), `validate/gateway.rs` (what a
//! client sends on the gateway; refused with a close code rather than an HTTP answer).
//!
//! Lengths are counted in Unicode scalar values; embed texts are trimmed first, as Discord does.

mod channels;
mod commands;
mod components;
pub mod gateway;
mod message;

use serde_json::{Map, Value, json};

pub use channels::{AUTO_ARCHIVE_DURATIONS, MAX_ROLES, channel_patch, role_create, thread_create};
pub use commands::{LOCALES, MAX_COMMAND_SIZE, command, command_list, command_size, is_locale};
pub use components::modal;
pub use message::{
    Carrier, MAX_FILES, MAX_REQUEST_BYTES, MessageCtx, files, is_empty_create, is_empty_stored,
    message,
};

const FLAG_EPHEMERAL: u64 = 1 << 6;

/// One failed check: the dotted path of the field (`data.embeds.0.title`), Discord's error
/// code for it and a message.
#[derive(Clone, Debug, PartialEq)]
pub struct FormError {
    pub path: String,
    pub code: &'static str,
    pub message: String,
}

/// Why the fake refuses a request, in Discord's terms.
#[derive(Clone, Debug)]
pub struct Refusal {
    pub status: u16,
    pub code: u64,
    pub message: String,
    pub errors: Vec<FormError>,
}

impl Refusal {
    /// `400 50035 Invalid Form Body` with these errors.
    pub fn form(errors: Vec<FormError>) -> Refusal {
        Refusal {
            status: 400,
            code: 50035,
            message: "Invalid Form Body".into(),
            errors,
        }
    }
    /// `400 50006 Cannot send an empty message`.
    pub fn empty() -> Refusal {
        Refusal {
            status: 400,
            code: 50006,
            message: "Cannot send an empty message".into(),
            errors: Vec::new(),
        }
    }
    /// `413 40005 Request entity too large`.
    pub fn too_large(detail: String) -> Refusal {
        Refusal {
            status: 413,
            code: 40005,
            message: "Request entity too large".into(),
            errors: vec![FormError {
                path: "files".into(),
                code: "FILE_TOO_LARGE",
                message: detail,
            }],
        }
    }
    /// The JSON body Discord answers with.
    pub fn body(&self) -> Value {
        let mut v = json!({"code": self.code, "message": self.message});
        if self.code == 50035 {
            v["errors"] = nest(&self.errors);
        }
        v
    }
    /// One line for logs and violations: `data.embeds.0.title: Must be 256 or fewer in length.`
    pub fn reason(&self) -> String {
        if self.errors.is_empty() {
            return format!("{} ({})", self.message, self.code);
        }
        let parts: Vec<String> = self
            .errors
            .iter()
            .map(|e| {
                let at = if e.path.is_empty() { "(body)" } else { &e.path };
                format!("{at}: {} [{}]", e.message, e.code)
            })
            .collect();
        format!("{} ({}): {}", self.message, self.code, parts.join("; "))
    }
}

/// Discord's nested error object: `{"data": {"embeds": {"0": {"title": {"_errors": [...]}}}}}`.
fn nest(errors: &[FormError]) -> Value {
    let mut root = Map::new();
    for e in errors {
        let mut node = &mut root;
        for seg in e.path.split('.').filter(|s| !s.is_empty()) {
            let next = node
                .entry(seg.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
            if !next.is_object() {
                *next = Value::Object(Map::new());
            }
            node = next.as_object_mut().expect("object");
        }
        let list = node
            .entry("_errors".to_string())
            .or_insert_with(|| json!([]));
        if let Some(a) = list.as_array_mut() {
            a.push(json!({"code": e.code, "message": e.message}));
        }
    }
    Value::Object(root)
}

/// Collects errors while walking a payload.
#[derive(Default)]
pub struct Check {
    pub errors: Vec<FormError>,
}

pub fn at(prefix: &str, key: impl std::fmt::Display) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

pub fn chars(s: &str) -> usize {
    s.chars().count()
}

impl Check {
    pub fn push(
        &mut self,
        path: impl Into<String>,
        code: &'static str,
        message: impl Into<String>,
    ) {
        self.errors.push(FormError {
            path: path.into(),
            code,
            message: message.into(),
        });
    }
    pub fn ok(&self) -> bool {
        self.errors.is_empty()
    }
    pub fn into_result(self) -> Result<(), Refusal> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(Refusal::form(self.errors))
        }
    }
    pub fn required(&mut self, path: &str) {
        self.push(path, "BASE_TYPE_REQUIRED", "This field is required");
    }
    /// A string field that may be absent or null; when present at most `max` characters.
    pub fn opt_str(&mut self, path: &str, v: Option<&Value>, max: usize) -> Option<usize> {
        match v {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => {
                let n = chars(s);
                if n > max {
                    self.push(
                        path,
                        "BASE_TYPE_MAX_LENGTH",
                        format!("Must be {max} or fewer in length."),
                    );
                }
                Some(n)
            }
            Some(_) => {
                self.push(
                    path,
                    "STRING_TYPE_CONVERT",
                    "Could not interpret value as string.",
                );
                None
            }
        }
    }
    /// A required string field of `min..=max` characters.
    pub fn req_str(&mut self, path: &str, v: Option<&Value>, min: usize, max: usize) -> usize {
        match v {
            Some(Value::String(s)) => {
                let n = chars(s);
                if n < min || n > max {
                    self.push(
                        path,
                        "BASE_TYPE_BAD_LENGTH",
                        format!("Must be between {min} and {max} in length."),
                    );
                }
                n
            }
            None | Some(Value::Null) => {
                self.required(path);
                0
            }
            Some(_) => {
                self.push(
                    path,
                    "STRING_TYPE_CONVERT",
                    "Could not interpret value as string.",
                );
                0
            }
        }
    }
    /// An optional array of at most `max` items; returns its items (empty when absent).
    pub fn opt_array<'v>(&mut self, path: &str, v: Option<&'v Value>, max: usize) -> &'v [Value] {
        match v {
            None | Some(Value::Null) => &[],
            Some(Value::Array(a)) => {
                if a.len() > max {
                    self.push(
                        path,
                        "BASE_TYPE_MAX_LENGTH",
                        format!("Must be {max} or fewer in length."),
                    );
                }
                a
            }
            Some(_) => {
                self.push(path, "LIST_TYPE_CONVERT", "Must be an array.");
                &[]
            }
        }
    }
    /// An optional integer in `min..=max`.
    pub fn opt_int(&mut self, path: &str, v: Option<&Value>, min: i64, max: i64) -> Option<i64> {
        match v {
            None | Some(Value::Null) => None,
            Some(x) => match x.as_i64() {
                Some(n) if (min..=max).contains(&n) => Some(n),
                Some(n) => {
                    let msg = if n < min {
                        format!("int value should be greater than or equal to {min}.")
                    } else {
                        format!("int value should be less than or equal to {max}.")
                    };
                    self.push(path, "NUMBER_TYPE_MAX", msg);
                    Some(n)
                }
                None => {
                    self.push(path, "NUMBER_TYPE_COERCE", "Value is not int.");
                    None
                }
            },
        }
    }
    /// An optional boolean (null taken as absent).
    pub fn opt_bool(&mut self, path: &str, v: Option<&Value>) {
        if let Some(v) = v.filter(|v| !v.is_null())
            && !v.is_boolean()
        {
            self.push(path, "BASE_TYPE_BOOLEAN", "Must be either true or false.");
        }
    }
    pub fn forbidden(&mut self, path: &str, why: &str) {
        self.push(path, "BASE_TYPE_INVALID", why);
    }
}

/// A snowflake: a decimal string or an integer below 2^64 (`reference.mdx`, Snowflakes and ID
/// Serialization). Anything else is refused as Discord refuses it (`Value "x" is not
/// snowflake.`).
pub fn snowflake(c: &mut Check, path: &str, v: &Value) -> Option<u64> {
    let id = match v {
        Value::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.parse().ok()
        }
        Value::Number(n) => n.as_u64(),
        _ => None,
    };
    if id.is_none() {
        c.push(
            path,
            "NUMBER_TYPE_COERCE",
            format!("Value {v} is not snowflake."),
        );
    }
    id
}

pub fn present(v: Option<&Value>) -> bool {
    !matches!(v, None | Some(Value::Null))
}

// ---------------------------------------------------------------------------------------------
// interaction callbacks

/// The callback types valid for an interaction type (2 command, 3 component, 4 autocomplete,
/// 5 modal submit).
/// `on_message`: the interaction has a message to update (a component, or a modal opened from
/// one).
pub fn callback_allowed(interaction_kind: u64, callback_kind: u64, on_message: bool) -> bool {
    match callback_kind {
        4 | 5 => matches!(interaction_kind, 2 | 3 | 5),
        6 | 7 => matches!(interaction_kind, 3 | 5) && on_message,
        8 => interaction_kind == 4,
        9 => matches!(interaction_kind, 2 | 3),
        _ => false,
    }
}

/// A DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE's data: only the EPHEMERAL flag.
pub fn deferred(data: &Value) -> Result<(), Refusal> {
    let mut c = Check::default();
    let flags = data["flags"].as_u64().unwrap_or(0);
    if flags & !FLAG_EPHEMERAL != 0 {
        c.push(
            "data.flags",
            "INTERACTION_RESPONSE_FLAGS_INVALID",
            "A deferred response may only set the EPHEMERAL flag (64)",
        );
    }
    c.into_result()
}

/// APPLICATION_COMMAND_AUTOCOMPLETE_RESULT data: up to 25 choices, each valued as the focused
/// option's type (`option_type`, when known: a string for STRING, an integer for INTEGER, a
/// number for NUMBER).
pub fn autocomplete(data: &Value, option_type: Option<u64>) -> Result<(), Refusal> {
    let mut c = Check::default();
    let Some(choices) = data.get("choices") else {
        c.required("data.choices");
        return c.into_result();
    };
    let list = c.opt_array("data.choices", Some(choices), 25);
    for (i, ch) in list.iter().enumerate() {
        commands::choice(&mut c, &at("data.choices", i), ch, option_type);
    }
    c.into_result()
}
