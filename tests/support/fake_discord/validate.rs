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
//! and channel params). Commands are checked in `validate/commands.rs`.
//!
//! Lengths are counted in Unicode scalar values; embed texts are trimmed first, as Discord does.

mod commands;

use std::collections::HashSet;

use serde_json::{Map, Value, json};

use super::{StoredAttachment, UploadedFile};

pub use commands::{LOCALES, command, command_list, is_locale};

/// Most files one message may carry.
pub const MAX_FILES: usize = 10;
/// Largest request body Discord takes for a message (25 MiB).
pub const MAX_REQUEST_BYTES: usize = 25 * 1024 * 1024;
/// Auto-archive durations a thread may have, in minutes.
pub const AUTO_ARCHIVE_DURATIONS: [u64; 4] = [60, 1440, 4320, 10080];

const FLAG_EPHEMERAL: u64 = 1 << 6;
const FLAG_IS_COMPONENTS_V2: u64 = 1 << 15;

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
    fn forbidden(&mut self, path: &str, why: &str) {
        self.push(path, "BASE_TYPE_INVALID", why);
    }
}

fn present(v: Option<&Value>) -> bool {
    !matches!(v, None | Some(Value::Null))
}

// ---------------------------------------------------------------------------------------------
// messages

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
    let flags = body["flags"].as_u64().unwrap_or(0);
    let v2 = flags & FLAG_IS_COMPONENTS_V2 != 0;
    c.opt_str(&at(p, "content"), body.get("content"), 2000);
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
    for (i, f) in ctx.files.iter().enumerate() {
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
    for key in ["users", "roles"] {
        let ids = c.opt_array(&at(path, key), am.get(key), 100);
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
    let fields = c.opt_array(&at(path, "fields"), e.get("fields"), 25);
    for (i, f) in fields.iter().enumerate() {
        let here = at(&at(path, "fields"), i);
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

// ---------------------------------------------------------------------------------------------
// components

fn message_components(c: &mut Check, path: &str, v: Option<&Value>, v2: bool) {
    let rows = c.opt_array(path, v, if v2 { 40 } else { 5 });
    let mut ids = HashSet::new();
    if v2 {
        let mut count = 0;
        for (i, comp) in rows.iter().enumerate() {
            v2_component(c, &at(path, i), comp, &mut ids, &mut count, true);
        }
        if count > 40 {
            c.push(
                path,
                "BASE_TYPE_MAX_LENGTH",
                format!("A message may have at most 40 components in all (this one has {count})."),
            );
        }
        return;
    }
    for (i, row) in rows.iter().enumerate() {
        let here = at(path, i);
        if row["type"].as_u64() != Some(1) {
            c.push(
                at(&here, "type"),
                "UNION_TYPE_CHOICES",
                "Top-level components of a message without IS_COMPONENTS_V2 must be action rows (type 1).",
            );
            continue;
        }
        action_row(c, &here, row, &mut ids);
    }
}

const SELECTS: [u64; 5] = [3, 5, 6, 7, 8];

fn action_row(c: &mut Check, path: &str, row: &Value, ids: &mut HashSet<String>) {
    let kids_path = at(path, "components");
    let Some(kids) = row["components"].as_array() else {
        c.required(&kids_path);
        return;
    };
    if kids.is_empty() || kids.len() > 5 {
        c.push(
            &kids_path,
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 5 in length.",
        );
    }
    let selects = kids
        .iter()
        .filter(|k| k["type"].as_u64().is_some_and(|t| SELECTS.contains(&t)))
        .count();
    if selects > 0 && kids.len() > 1 {
        c.push(
            &kids_path,
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "An action row holds up to 5 buttons or exactly one select menu.",
        );
    }
    for (i, k) in kids.iter().enumerate() {
        let here = at(&kids_path, i);
        match k["type"].as_u64() {
            Some(2) => button(c, &here, k, ids),
            Some(t) if SELECTS.contains(&t) => select(c, &here, k, ids),
            _ => c.push(
                at(&here, "type"),
                "UNION_TYPE_CHOICES",
                "An action row of a message holds buttons (2) or one select menu (3, 5, 6, 7, 8).",
            ),
        }
    }
}

fn custom_id(c: &mut Check, path: &str, v: &Value, ids: &mut HashSet<String>) {
    let here = at(path, "custom_id");
    c.req_str(&here, v.get("custom_id"), 1, 100);
    if let Some(id) = v["custom_id"].as_str()
        && !ids.insert(id.to_string())
    {
        c.push(
            here,
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            format!("Component custom id cannot be duplicated ({id:?} is used twice)"),
        );
    }
}

fn button(c: &mut Check, path: &str, b: &Value, ids: &mut HashSet<String>) {
    let style = b["style"].as_u64();
    if !style.is_some_and(|s| (1..=6).contains(&s)) {
        c.push(
            at(path, "style"),
            "BASE_TYPE_CHOICES",
            "Value must be one of (1, 2, 3, 4, 5, 6).",
        );
    }
    c.opt_str(&at(path, "label"), b.get("label"), 80);
    match style {
        Some(5) => {
            if present(b.get("custom_id")) {
                c.forbidden(
                    &at(path, "custom_id"),
                    "A link button cannot have a custom_id",
                );
            }
            if !present(b.get("url")) {
                c.required(&at(path, "url"));
            }
            c.opt_str(&at(path, "url"), b.get("url"), 512);
        }
        Some(6) => {
            if !present(b.get("sku_id")) {
                c.required(&at(path, "sku_id"));
            }
            for key in ["custom_id", "label", "url", "emoji"] {
                if present(b.get(key)) {
                    c.forbidden(&at(path, key), "A premium button cannot have this field");
                }
            }
        }
        _ => {
            custom_id(c, path, b, ids);
            for key in ["url", "sku_id"] {
                if present(b.get(key)) {
                    c.forbidden(
                        &at(path, key),
                        "Only link buttons have a url and only premium buttons a sku_id",
                    );
                }
            }
        }
    }
}

fn select(c: &mut Check, path: &str, s: &Value, ids: &mut HashSet<String>) {
    custom_id(c, path, s, ids);
    c.opt_str(&at(path, "placeholder"), s.get("placeholder"), 150);
    let min = c
        .opt_int(&at(path, "min_values"), s.get("min_values"), 0, 25)
        .unwrap_or(1);
    let max = c
        .opt_int(&at(path, "max_values"), s.get("max_values"), 1, 25)
        .unwrap_or(1);
    if min > max {
        c.push(
            at(path, "min_values"),
            "SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX",
            "min_values may not be greater than max_values",
        );
    }
    if s["type"].as_u64() == Some(3) {
        let opts_path = at(path, "options");
        let Some(opts) = s["options"].as_array() else {
            c.required(&opts_path);
            return;
        };
        if opts.is_empty() || opts.len() > 25 {
            c.push(
                &opts_path,
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 25 in length.",
            );
        }
        if max as usize > opts.len() {
            c.push(
                at(path, "max_values"),
                "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS",
                format!(
                    "max_values ({max}) may not exceed the number of options ({})",
                    opts.len()
                ),
            );
        }
        let mut values = HashSet::new();
        for (i, o) in opts.iter().enumerate() {
            let here = at(&opts_path, i);
            c.req_str(&at(&here, "label"), o.get("label"), 1, 100);
            c.req_str(&at(&here, "value"), o.get("value"), 1, 100);
            c.opt_str(&at(&here, "description"), o.get("description"), 100);
            if let Some(v) = o["value"].as_str()
                && !values.insert(v)
            {
                c.push(
                    at(&here, "value"),
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    format!("Select menu option values must be unique ({v:?} is used twice)"),
                );
            }
        }
    } else if present(s.get("options")) {
        c.forbidden(
            &at(path, "options"),
            "Only string selects (type 3) have options",
        );
    }
}

/// Components of an IS_COMPONENTS_V2 message: layout components with buttons and selects
/// checked as in action rows.
fn v2_component(
    c: &mut Check,
    path: &str,
    comp: &Value,
    ids: &mut HashSet<String>,
    count: &mut usize,
    top: bool,
) {
    *count += 1;
    let kind = comp["type"].as_u64().unwrap_or(0);
    if top && ![1, 9, 10, 12, 13, 14, 17].contains(&kind) {
        c.push(
            at(path, "type"),
            "UNION_TYPE_CHOICES",
            "Not a top-level message component (1, 9, 10, 12, 13, 14, 17).",
        );
        return;
    }
    match kind {
        1 => {
            *count += comp["components"].as_array().map_or(0, Vec::len);
            action_row(c, path, comp, ids)
        }
        2 => button(c, path, comp, ids),
        9 => {
            let kids = c.opt_array(&at(path, "components"), comp.get("components"), 3);
            for (i, k) in kids.iter().enumerate() {
                v2_component(c, &at(&at(path, "components"), i), k, ids, count, false);
            }
            if let Some(acc) = comp.get("accessory") {
                v2_component(c, &at(path, "accessory"), acc, ids, count, false);
            } else {
                c.required(&at(path, "accessory"));
            }
        }
        10 => {
            c.req_str(&at(path, "content"), comp.get("content"), 1, 4000);
        }
        17 => {
            let kids = c.opt_array(&at(path, "components"), comp.get("components"), 40);
            for (i, k) in kids.iter().enumerate() {
                v2_component(c, &at(&at(path, "components"), i), k, ids, count, false);
            }
        }
        11..=14 => {}
        _ => c.push(
            at(path, "type"),
            "UNION_TYPE_CHOICES",
            "Not a message component.",
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// interaction callbacks

/// The callback types valid for an interaction type (2 command, 3 component, 4 autocomplete,
/// 5 modal submit).
pub fn callback_allowed(interaction_kind: u64, callback_kind: u64) -> bool {
    match callback_kind {
        4 | 5 => matches!(interaction_kind, 2 | 3 | 5),
        6 | 7 => matches!(interaction_kind, 3 | 5),
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

/// APPLICATION_COMMAND_AUTOCOMPLETE_RESULT data: up to 25 choices.
pub fn autocomplete(data: &Value) -> Result<(), Refusal> {
    let mut c = Check::default();
    let Some(choices) = data.get("choices") else {
        c.required("data.choices");
        return c.into_result();
    };
    let list = c.opt_array("data.choices", Some(choices), 25);
    for (i, ch) in list.iter().enumerate() {
        commands::choice(&mut c, &at("data.choices", i), ch, None);
    }
    c.into_result()
}

/// MODAL data: custom_id 1–100, title 1–45, 1 to 5 components (action rows with one text
/// input, labels, text displays).
pub fn modal(data: &Value) -> Result<(), Refusal> {
    let mut c = Check::default();
    let mut ids = HashSet::new();
    custom_id(&mut c, "data", data, &mut ids);
    ids.clear();
    c.req_str("data.title", data.get("title"), 1, 45);
    let path = "data.components";
    let Some(comps) = data["components"].as_array() else {
        c.required(path);
        return c.into_result();
    };
    if comps.is_empty() || comps.len() > 5 {
        c.push(
            path,
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 5 in length.",
        );
    }
    for (i, comp) in comps.iter().enumerate() {
        let here = at(path, i);
        match comp["type"].as_u64() {
            Some(1) => {
                let kids = comp["components"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or(&[]);
                if kids.len() != 1 {
                    c.push(
                        at(&here, "components"),
                        "BASE_TYPE_BAD_LENGTH",
                        "An action row of a modal holds exactly one text input.",
                    );
                }
                for (j, k) in kids.iter().enumerate() {
                    let kp = at(&at(&here, "components"), j);
                    if k["type"].as_u64() == Some(4) {
                        text_input(&mut c, &kp, k, &mut ids, true);
                    } else {
                        c.push(
                            at(&kp, "type"),
                            "UNION_TYPE_CHOICES",
                            "An action row of a modal holds a text input (4).",
                        );
                    }
                }
            }
            Some(18) => {
                c.req_str(&at(&here, "label"), comp.get("label"), 1, 45);
                c.opt_str(&at(&here, "description"), comp.get("description"), 100);
                let kp = at(&here, "component");
                match comp.get("component") {
                    Some(k) if k["type"].as_u64() == Some(4) => {
                        text_input(&mut c, &kp, k, &mut ids, false)
                    }
                    Some(k) if k["type"].as_u64().is_some_and(|t| SELECTS.contains(&t)) => {
                        select(&mut c, &kp, k, &mut ids)
                    }
                    Some(k) if matches!(k["type"].as_u64(), Some(19 | 21 | 22 | 23)) => {
                        custom_id(&mut c, &kp, k, &mut ids)
                    }
                    Some(_) => c.push(
                        at(&kp, "type"),
                        "UNION_TYPE_CHOICES",
                        "A label holds a text input, a select, a file upload or a checkbox/radio group.",
                    ),
                    None => c.required(&kp),
                }
            }
            Some(10) => {
                c.req_str(&at(&here, "content"), comp.get("content"), 1, 4000);
            }
            _ => c.push(
                at(&here, "type"),
                "UNION_TYPE_CHOICES",
                "Not a modal component (1, 10, 18).",
            ),
        }
    }
    c.into_result()
}

fn text_input(c: &mut Check, path: &str, t: &Value, ids: &mut HashSet<String>, in_row: bool) {
    custom_id(c, path, t, ids);
    if !matches!(t["style"].as_u64(), Some(1 | 2)) {
        c.push(
            at(path, "style"),
            "BASE_TYPE_CHOICES",
            "Value must be one of (1, 2).",
        );
    }
    if in_row {
        c.req_str(&at(path, "label"), t.get("label"), 1, 45);
    } else if present(t.get("label")) {
        c.forbidden(
            &at(path, "label"),
            "A text input inside a label component takes its label from the label",
        );
    }
    let min = c.opt_int(&at(path, "min_length"), t.get("min_length"), 0, 4000);
    let max = c.opt_int(&at(path, "max_length"), t.get("max_length"), 1, 4000);
    if let (Some(a), Some(b)) = (min, max)
        && a > b
    {
        c.push(
            at(path, "min_length"),
            "BASE_TYPE_INVALID",
            "min_length may not be greater than max_length",
        );
    }
    c.opt_str(&at(path, "value"), t.get("value"), 4000);
    c.opt_str(&at(path, "placeholder"), t.get("placeholder"), 100);
}

// ---------------------------------------------------------------------------------------------
// channels and threads

/// Start Thread (with or without a message): name 1–100, auto_archive_duration, type,
/// rate_limit_per_user.
pub fn thread_create(body: &Value, from_message: bool) -> Result<(), Refusal> {
    let mut c = Check::default();
    c.req_str("name", body.get("name"), 1, 100);
    auto_archive(&mut c, body.get("auto_archive_duration"));
    c.opt_int(
        "rate_limit_per_user",
        body.get("rate_limit_per_user"),
        0,
        21600,
    );
    if !from_message
        && let Some(t) = body.get("type").filter(|v| !v.is_null())
        && !matches!(t.as_u64(), Some(10..=12))
    {
        c.push(
            "type",
            "BASE_TYPE_CHOICES",
            "Value must be one of (10, 11, 12).",
        );
    }
    c.into_result()
}

fn auto_archive(c: &mut Check, v: Option<&Value>) {
    if let Some(d) = v.filter(|v| !v.is_null())
        && !d
            .as_u64()
            .is_some_and(|d| AUTO_ARCHIVE_DURATIONS.contains(&d))
    {
        c.push(
            "auto_archive_duration",
            "BASE_TYPE_CHOICES",
            "Value must be one of (60, 1440, 4320, 10080).",
        );
    }
}

/// Modify Channel: for a thread `name`, `archived`, `locked`, `auto_archive_duration`,
/// `rate_limit_per_user`, `invitable`, `flags`; for a guild channel the usual fields.
pub fn channel_patch(body: &Value, thread: bool) -> Result<(), Refusal> {
    let mut c = Check::default();
    if !body.is_object() {
        c.push(
            "",
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return c.into_result();
    }
    if body.get("name").is_some() {
        c.req_str("name", body.get("name"), 1, 100);
    }
    c.opt_int(
        "rate_limit_per_user",
        body.get("rate_limit_per_user"),
        0,
        21600,
    );
    let bools: &[&str] = if thread {
        &["archived", "locked", "invitable"]
    } else {
        &["nsfw"]
    };
    for key in bools {
        if let Some(v) = body.get(*key).filter(|v| !v.is_null())
            && !v.is_boolean()
        {
            c.push(*key, "BASE_TYPE_BOOLEAN", "Must be either true or false.");
        }
    }
    if thread {
        auto_archive(&mut c, body.get("auto_archive_duration"));
    } else {
        c.opt_str("topic", body.get("topic"), 1024);
        if let Some(d) = body
            .get("default_auto_archive_duration")
            .filter(|v| !v.is_null())
            && !d
                .as_u64()
                .is_some_and(|d| AUTO_ARCHIVE_DURATIONS.contains(&d))
        {
            c.push(
                "default_auto_archive_duration",
                "BASE_TYPE_CHOICES",
                "Value must be one of (60, 1440, 4320, 10080).",
            );
        }
    }
    c.into_result()
}
