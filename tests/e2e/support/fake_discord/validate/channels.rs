//! Threads and channels: Start Thread params and Modify Channel params (discord-api-docs
//! `resources/channel.mdx`); roles: Create Guild Role params (`resources/guild.mdx`,
//! `topics/permissions.mdx` Role Colors Object, `reference.mdx` Snowflakes).

use serde_json::Value;

use super::Check;
use super::Refusal;

/// Auto-archive durations a thread may have, in minutes.
pub const AUTO_ARCHIVE_DURATIONS: [u64; 4] = [60, 1440, 4320, 10080];

/// Start Thread (with or without a message): name 1–100, auto_archive_duration, type,
/// rate_limit_per_user; `invitable` only when creating a private thread (without a message,
/// `type` 12 or absent, Discord's default).
pub fn thread_create(body: &Value, from_message: bool) -> Result<(), Refusal> {
    let mut c = Check::default();
    if !body.is_object() {
        c.push(
            "",
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return c.into_result();
    }
    c.opt_bool("invitable", body.get("invitable"));
    let private = !from_message
        && body
            .get("type")
            .is_none_or(|t| t.is_null() || t.as_u64() == Some(12));
    if body.get("invitable").is_some_and(|v| !v.is_null()) && !private {
        c.forbidden(
            "invitable",
            "invitable is only available when creating a private thread (type 12)",
        );
    }
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
/// `rate_limit_per_user`, `invitable` (private threads only), `flags` and `applied_tags` (only
/// threads of forum and media channels, which the fake has none of); for a guild channel the
/// usual fields. `private`: the thread is a private one (type 12).
pub fn channel_patch(body: &Value, thread: bool, private: bool) -> Result<(), Refusal> {
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
        if body.get("invitable").is_some_and(|v| !v.is_null()) && !private {
            c.forbidden(
                "invitable",
                "invitable is only available on private threads",
            );
        }
        if let Some(f) = body.get("flags").filter(|v| !v.is_null()) {
            match f.as_u64() {
                Some(0) => {}
                Some(_) => c.forbidden(
                    "flags",
                    "A thread's flags (PINNED) can only be set for threads in forum and media channels",
                ),
                None => c.push("flags", "NUMBER_TYPE_COERCE", "Value is not int."),
            }
        }
        if body["applied_tags"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
        {
            c.forbidden(
                "applied_tags",
                "Tags apply only to threads in forum and media channels",
            );
        }
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

/// Most roles a guild may have (`topics/opcodes-and-status-codes.mdx`, 30005), `@everyone`
/// included.
pub const MAX_ROLES: usize = 250;

/// Create Guild Role: name ≤ 100, permissions a bit set (as a decimal string; serenity sends
/// an integer, which Discord takes), color and each of colors ≤ 0xFFFFFF, hoist and
/// mentionable booleans.
pub fn role_create(body: &Value) -> Result<(), Refusal> {
    let mut c = Check::default();
    if !body.is_object() {
        c.push(
            "",
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return c.into_result();
    }
    c.opt_str("name", body.get("name"), 100);
    match body.get("permissions") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) if !s.is_empty() && s.parse::<u64>().is_ok() => {}
        Some(Value::Number(n)) if n.is_u64() => {}
        Some(_) => c.push(
            "permissions",
            "NUMBER_TYPE_COERCE",
            "A permission bit set is a non-negative integer (written as a string).",
        ),
    }
    c.opt_int("color", body.get("color"), 0, 0xFF_FFFF);
    if let Some(colors) = body.get("colors").filter(|v| !v.is_null()) {
        for key in ["primary_color", "secondary_color", "tertiary_color"] {
            c.opt_int(&super::at("colors", key), colors.get(key), 0, 0xFF_FFFF);
        }
    }
    c.opt_bool("hoist", body.get("hoist"));
    c.opt_bool("mentionable", body.get("mentionable"));
    c.into_result()
}
