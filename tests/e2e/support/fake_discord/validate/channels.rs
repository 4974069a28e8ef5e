//! Threads and channels: Start Thread params and Modify Channel params (discord-api-docs
//! `resources/channel.mdx`).

use serde_json::Value;

use super::Check;
use super::Refusal;

/// Auto-archive durations a thread may have, in minutes.
pub const AUTO_ARCHIVE_DURATIONS: [u64; 4] = [60, 1440, 4320, 10080];

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
