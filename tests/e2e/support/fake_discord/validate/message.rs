//! Message payloads: content, flags, nonce, embeds (Embed Limits), files and attachments
//! (Uploading Files, per-attachment limits), allowed mentions (discord-api-docs
//! `resources/message.mdx` Create Message and Edit Message params, `resources/webhook.mdx`
//! Execute Webhook and Edit Webhook Message params, `interactions/receiving-and-responding.mdx`
//! Interaction Callback Data, `reference.mdx` Uploading Files and Snowflakes, `change-log.mdx`
//! 2025-04-03).

use serde_json::Value;

use super::super::{StoredAttachment, UploadedFile};
use super::components::message_components;
use super::{Check, Refusal, at, chars, present};

/// Most files one message may carry.
pub const MAX_FILES: usize = 10;
/// Largest request body Discord takes for a message (25 MiB).
pub const MAX_REQUEST_BYTES: usize = 25 * 1024 * 1024;
const FLAG_IS_COMPONENTS_V2: u64 = 1 << 15;
const FLAG_SUPPRESS_EMBEDS: u64 = 1 << 2;
const FLAG_EPHEMERAL: u64 = 1 << 6;
const FLAG_SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;
const FLAG_IS_VOICE_MESSAGE: u64 = 1 << 13;

/// The request that carries a message: each may set its own message flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carrier {
    /// `POST /channels/{c}/messages`: SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS,
    /// IS_VOICE_MESSAGE, IS_COMPONENTS_V2.
    Channel,
    /// Callback data of type 4: those and EPHEMERAL.
    Response,
    /// A follow-up (`POST /webhooks/{app}/{token}`): SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS,
    /// IS_COMPONENTS_V2 and EPHEMERAL.
    FollowUp,
    /// An edit (`PATCH` of a channel message or a webhook message, callback type 7): Discord
    /// ignores the flags it does not change, and IS_COMPONENTS_V2 stays once set.
    Edit,
}

impl Carrier {
    /// The flags a message sent this way may set.
    fn allowed_flags(self) -> Option<u64> {
        let base = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2;
        match self {
            Carrier::Channel => Some(base | FLAG_IS_VOICE_MESSAGE),
            Carrier::Response => Some(base | FLAG_IS_VOICE_MESSAGE | FLAG_EPHEMERAL),
            Carrier::FollowUp => Some(base | FLAG_EPHEMERAL),
            Carrier::Edit => None,
        }
    }
}

/// What a message payload is checked against besides itself.
pub struct MessageCtx<'a> {
    /// Files uploaded with the request (`files[n]`).
    pub files: &'a [UploadedFile],
    /// For an edit: the attachments the message has now.
    pub existing: Option<&'a [StoredAttachment]>,
    /// The per-file size limit (`attachment_size_limit` of interactions).
    pub size_limit: u64,
    /// Where the message fields sit in the body: `""`, or `"data"` for a callback.
    pub prefix: &'a str,
    /// The request that carries the message.
    pub carrier: Carrier,
    /// For an edit: the flags the message has now.
    pub existing_flags: u64,
}

/// The file names a message will have after this request: new files (under the name their
/// `attachments` entry gives, else their part's filename) and kept attachments.
fn file_names(body: &Value, ctx: &MessageCtx) -> Vec<String> {
    let listed = body.get("attachments").and_then(Value::as_array);
    let mut names = Vec::new();
    for f in ctx.files {
        let n = f
            .field
            .strip_prefix("files[")
            .and_then(|s| s.strip_suffix(']'))
            .and_then(|s| s.parse::<u64>().ok());
        let renamed = listed.and_then(|l| {
            l.iter()
                .find(|a| id_of(&a["id"]).is_some_and(|id| Some(id) == n))
                .and_then(|a| a["filename"].as_str())
        });
        names.push(renamed.unwrap_or(&f.filename).to_string());
    }
    if let Some(existing) = ctx.existing {
        for a in existing {
            let kept = match listed {
                Some(l) => l.iter().any(|x| id_of(&x["id"]) == Some(a.id)),
                None => true,
            };
            if kept {
                names.push(a.filename.clone());
            }
        }
    }
    names
}

fn id_of(v: &Value) -> Option<u64> {
    v.as_u64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

/// Files: size per file, request size, count. Checked before the form, as Discord's upload
/// layer does.
pub fn files(ctx: &MessageCtx) -> Result<(), Refusal> {
    let total: usize = ctx.files.iter().map(|f| f.bytes.len()).sum();
    if total > MAX_REQUEST_BYTES {
        return Err(Refusal::too_large(format!(
            "the request carries {total} bytes of files; Discord takes at most {MAX_REQUEST_BYTES}"
        )));
    }
    for f in ctx.files {
        if f.bytes.len() as u64 > ctx.size_limit {
            return Err(Refusal::too_large(format!(
                "{} has {} bytes; the attachment size limit is {}",
                f.filename,
                f.bytes.len(),
                ctx.size_limit
            )));
        }
    }
    Ok(())
}

/// The message flags: an integer, with only the bits the carrier may set (an edit's other
/// bits are ignored, as Discord does). Returns the flags.
fn message_flags(c: &mut Check, path: &str, v: Option<&Value>, carrier: Carrier) -> u64 {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return 0;
    };
    let Some(flags) = v.as_u64() else {
        c.push(path, "NUMBER_TYPE_COERCE", "Value is not int.");
        return 0;
    };
    if let Some(allowed) = carrier.allowed_flags()
        && flags & !allowed != 0
    {
        c.push(
            path,
            "MESSAGE_FLAGS_INVALID",
            format!(
                "Flags {:#x} may not be set here (only {allowed:#x}: see the route's flags param)",
                flags & !allowed
            ),
        );
    }
    flags
}

/// `nonce`: an integer, or a string of up to 25 characters.
fn nonce(c: &mut Check, path: &str, v: Option<&Value>) {
    match v {
        None | Some(Value::Null) => {}
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => {}
        Some(Value::String(s)) => {
            if chars(s) > 25 {
                c.push(
                    path,
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 25 or fewer in length.",
                );
            }
        }
        Some(_) => c.push(
            path,
            "BASE_TYPE_INVALID",
            "A nonce is an integer or a string",
        ),
    }
}

/// A create or edit message payload (channel message, callback data of types 4 and 7,
/// follow-up, webhook edit).
pub fn message(body: &Value, ctx: &MessageCtx) -> Result<(), Refusal> {
    files(ctx)?;
    let mut c = Check::default();
    let p = ctx.prefix;
    if !body.is_object() && !body.is_null() {
        c.push(
            p,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return c.into_result();
    }
    let flags = message_flags(&mut c, &at(p, "flags"), body.get("flags"), ctx.carrier);
    let v2 = (flags | ctx.existing_flags) & FLAG_IS_COMPONENTS_V2 != 0;
    c.opt_str(&at(p, "content"), body.get("content"), 2000);
    if ctx.carrier == Carrier::Channel {
        nonce(&mut c, &at(p, "nonce"), body.get("nonce"));
        c.opt_bool(&at(p, "enforce_nonce"), body.get("enforce_nonce"));
    }
    c.opt_bool(&at(p, "tts"), body.get("tts"));
    if v2 {
        for key in ["content", "embeds", "poll", "sticker_ids"] {
            let set = match body.get(key) {
                None | Some(Value::Null) => false,
                Some(Value::String(s)) => !s.is_empty(),
                Some(Value::Array(a)) => !a.is_empty(),
                Some(_) => true,
            };
            if set {
                c.forbidden(
                    &at(p, key),
                    "A message with the IS_COMPONENTS_V2 flag can only contain components",
                );
            }
        }
    }
    let embeds = c.opt_array(&at(p, "embeds"), body.get("embeds"), 10);
    let names = file_names(body, ctx);
    let mut total = 0;
    for (i, e) in embeds.iter().enumerate() {
        total += embed(&mut c, &at(&at(p, "embeds"), i), e, &names);
    }
    if total > 6000 {
        c.push(
            at(p, "embeds"),
            "MAX_EMBED_SIZE_EXCEEDED",
            format!("Embed size exceeds maximum size of 6000 (all embeds have {total} characters)"),
        );
    }
    message_components(&mut c, &at(p, "components"), body.get("components"), v2);
    attachments(&mut c, &at(p, "attachments"), body, ctx);
    allowed_mentions(
        &mut c,
        &at(p, "allowed_mentions"),
        body.get("allowed_mentions"),
    );
    c.opt_array(&at(p, "sticker_ids"), body.get("sticker_ids"), 3);
    c.into_result()
}

/// Whether a new message would be empty (no content, embeds, components, files, stickers or
/// poll), which Discord refuses with 50006.
pub fn is_empty_create(body: &Value, files: &[UploadedFile]) -> bool {
    let nonempty = |k: &str| match body.get(k) {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.trim().is_empty(),
        Some(Value::Array(a)) => !a.is_empty(),
        Some(_) => true,
    };
    files.is_empty()
        && !["content", "embeds", "components", "sticker_ids", "poll"]
            .iter()
            .any(|k| nonempty(k))
}

/// Whether a stored message (after an edit) is empty.
pub fn is_empty_stored(json: &Value) -> bool {
    json["content"].as_str().is_none_or(|s| s.trim().is_empty())
        && ["embeds", "components", "attachments", "sticker_items"]
            .iter()
            .all(|k| json[k].as_array().is_none_or(|a| a.is_empty()))
        && json.get("poll").is_none_or(Value::is_null)
}

fn attachments(c: &mut Check, path: &str, body: &Value, ctx: &MessageCtx) {
    let listed = c.opt_array(path, body.get("attachments"), MAX_FILES);
    for (i, a) in listed.iter().enumerate() {
        let here = at(path, i);
        let Some(id) = id_of(&a["id"]) else {
            c.required(&at(&here, "id"));
            continue;
        };
        let is_file = ctx.files.iter().any(|f| f.field == format!("files[{id}]"));
        let is_kept = ctx.existing.is_some_and(|e| e.iter().any(|x| x.id == id));
        if !is_file && !is_kept {
            c.push(
                at(&here, "id"),
                "ATTACHMENT_NOT_FOUND",
                format!("Unknown attachment {id}: no files[{id}] part and no attachment of the message with that id"),
            );
        }
        if let Some(name) = a.get("filename") {
            c.req_str(&at(&here, "filename"), Some(name), 1, 1024);
        }
        c.opt_str(&at(&here, "description"), a.get("description"), 1024);
    }
    let count = file_names(body, ctx).len();
    if count > MAX_FILES {
        c.push(
            path,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {MAX_FILES} or fewer in length (the message would have {count} attachments)."),
        );
    }
    let mut parts = std::collections::HashSet::new();
    for (i, f) in ctx.files.iter().enumerate() {
        let indexed = f
            .field
            .strip_prefix("files[")
            .and_then(|s| s.strip_suffix(']'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if !indexed {
            c.push(
                at("files", i),
                "BASE_TYPE_INVALID",
                format!("A file part is named files[n] (this one is {:?})", f.field),
            );
        } else if !parts.insert(f.field.as_str()) {
            c.push(
                at("files", i),
                "BASE_TYPE_INVALID",
                format!(
                    "Each file part has its own name ({} is used twice)",
                    f.field
                ),
            );
        }
        if f.filename.trim().is_empty() {
            c.push(
                at("files", i),
                "BASE_TYPE_REQUIRED",
                "Each file needs a filename",
            );
        }
    }
}

fn allowed_mentions(c: &mut Check, path: &str, v: Option<&Value>) {
    let Some(am) = v.filter(|v| v.is_object()) else {
        return;
    };
    let parse = c.opt_array(&at(path, "parse"), am.get("parse"), 3);
    for (i, t) in parse.iter().enumerate() {
        if !matches!(t.as_str(), Some("users" | "roles" | "everyone")) {
            c.push(
                at(&at(path, "parse"), i),
                "BASE_TYPE_CHOICES",
                "Value must be one of ('roles', 'users', 'everyone').",
            );
        }
    }
    c.opt_bool(&at(path, "replied_user"), am.get("replied_user"));
    for key in ["users", "roles"] {
        let ids = c.opt_array(&at(path, key), am.get(key), 100);
        for (i, id) in ids.iter().enumerate() {
            super::snowflake(c, &at(&at(path, key), i), id);
        }
        if !ids.is_empty() && parse.iter().any(|t| t.as_str() == Some(key)) {
            c.push(
                at(path, "parse"),
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                format!("parse:[\"{key}\"] and {key}: [ids] are mutually exclusive."),
            );
        }
    }
}

/// One embed; returns its characters counted towards the 6000 of all embeds.
fn embed(c: &mut Check, path: &str, e: &Value, files: &[String]) -> usize {
    if !e.is_object() {
        c.push(
            path,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return 0;
    }
    let mut total = 0;
    let mut text = |c: &mut Check, key: &str, v: Option<&Value>, max: usize| {
        if let Some(Value::String(s)) = v {
            let n = chars(s.trim());
            if n > max {
                c.push(
                    key,
                    "BASE_TYPE_MAX_LENGTH",
                    format!("Must be {max} or fewer in length."),
                );
            }
            total += n;
        } else if present(v) {
            c.push(
                key,
                "STRING_TYPE_CONVERT",
                "Could not interpret value as string.",
            );
        }
    };
    text(c, &at(path, "title"), e.get("title"), 256);
    text(c, &at(path, "description"), e.get("description"), 4096);
    if let Some(color) = e.get("color").filter(|v| !v.is_null())
        && color.as_u64().is_none_or(|n| n > 0xFF_FFFF)
    {
        c.push(
            at(path, "color"),
            "NUMBER_TYPE_MAX",
            "int value should be less than or equal to 16777215.",
        );
    }
    if let Some(ts) = e.get("timestamp").filter(|v| !v.is_null())
        && !ts.as_str().is_some_and(iso8601)
    {
        c.push(
            at(path, "timestamp"),
            "DATE_TIME_TYPE_PARSE",
            "Could not parse the value as an ISO8601 timestamp.",
        );
    }
    let fields = c.opt_array(&at(path, "fields"), e.get("fields"), 25);
    for (i, f) in fields.iter().enumerate() {
        let here = at(&at(path, "fields"), i);
        c.opt_bool(&at(&here, "inline"), f.get("inline"));
        for (key, max) in [("name", 256), ("value", 1024)] {
            let v = &f[key];
            if v.as_str().is_none_or(|s| s.trim().is_empty()) {
                c.required(&at(&here, key));
            } else {
                text(c, &at(&here, key), Some(v), max);
            }
        }
    }
    if let Some(footer) = e.get("footer").filter(|v| !v.is_null()) {
        if footer["text"].as_str().is_none_or(|s| s.trim().is_empty()) {
            c.required(&at(&at(path, "footer"), "text"));
        }
        text(
            c,
            &at(&at(path, "footer"), "text"),
            footer.get("text"),
            2048,
        );
        url(
            c,
            &at(&at(path, "footer"), "icon_url"),
            footer.get("icon_url"),
            true,
            files,
        );
    }
    if let Some(author) = e.get("author").filter(|v| !v.is_null()) {
        if author["name"].as_str().is_none_or(|s| s.trim().is_empty()) {
            c.required(&at(&at(path, "author"), "name"));
        }
        text(c, &at(&at(path, "author"), "name"), author.get("name"), 256);
        url(
            c,
            &at(&at(path, "author"), "url"),
            author.get("url"),
            false,
            files,
        );
        url(
            c,
            &at(&at(path, "author"), "icon_url"),
            author.get("icon_url"),
            true,
            files,
        );
    }
    url(c, &at(path, "url"), e.get("url"), false, files);
    for key in ["image", "thumbnail"] {
        if let Some(img) = e.get(key).filter(|v| !v.is_null()) {
            let here = at(&at(path, key), "url");
            if !present(img.get("url")) {
                c.required(&here);
            }
            url(c, &here, img.get("url"), true, files);
        }
    }
    total
}

/// An embed URL: `http(s)://`, or for media `attachment://name` of a file of the message.
fn url(c: &mut Check, path: &str, v: Option<&Value>, media: bool, files: &[String]) {
    let Some(s) = v.and_then(Value::as_str) else {
        return;
    };
    if chars(s) > 2048 {
        c.push(
            path,
            "BASE_TYPE_MAX_LENGTH",
            "Must be 2048 or fewer in length.",
        );
    }
    if let Some(name) = s.strip_prefix("attachment://") {
        if !media {
            c.push(
                path,
                "URL_TYPE_INVALID_SCHEME",
                "Scheme \"attachment\" is not supported. Scheme must be one of ('http', 'https').",
            );
        } else if !files.iter().any(|f| f == name) {
            c.push(
                path,
                "ATTACHMENT_NOT_FOUND",
                format!("{s} names no file of this message (it has {:?})", files),
            );
        }
    } else if !(s.starts_with("https://") || s.starts_with("http://")) {
        c.push(
            path,
            "URL_TYPE_INVALID_SCHEME",
            "Scheme must be one of ('http', 'https') (or 'attachment' for media).",
        );
    }
}

/// An ISO8601 date and time as Discord reads it: `YYYY-MM-DDTHH:MM:SS`, then optional
/// fractional seconds and an optional offset (`Z` or `±HH:MM`).
fn iso8601(s: &str) -> bool {
    let b = s.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    if !(digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10)
        && matches!(b.get(10), Some(b'T' | b't' | b' '))
        && digits(11..13)
        && b.get(13) == Some(&b':')
        && digits(14..16)
        && b.get(16) == Some(&b':')
        && digits(17..19))
    {
        return false;
    }
    let mut rest = &s[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    match rest.as_bytes() {
        [] | [b'Z' | b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => [h1, h2, m1, m2].iter().all(|d| d.is_ascii_digit()),
        _ => false,
    }
}
