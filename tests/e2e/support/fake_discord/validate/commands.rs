//! Application commands as Discord checks them on registration (`PUT`/`POST
//! /applications/{app}[/guilds/{g}]/commands`).
//!
//! Source: discord-api-docs `interactions/application-commands.mdx` (Application Command
//! Naming, Application Command Structure, Option Structure, Option Choice Structure, the
//! combined-size limit of a slash command, Subcommands and Subcommand Groups, Localization) and
//! `reference.mdx` (Locales).

use std::collections::{BTreeMap, HashSet};

use serde_json::Value;

use super::{Check, Refusal, at, chars};

/// Discord's locales (`reference.mdx`, Locales): the only keys a localization dictionary
/// may have.
pub const LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

pub fn is_locale(s: &str) -> bool {
    LOCALES.contains(&s)
}

/// A CHAT_INPUT command or option name: `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, in
/// lowercase where a letter has a lowercase form.
pub fn chat_input_name_ok(name: &str) -> bool {
    let n = chars(name);
    (1..=32).contains(&n)
        && name.chars().all(|ch| {
            let allowed = matches!(ch, '-' | '_' | '\'')
                || ch.is_alphabetic()
                || ch.is_numeric()
                || ('\u{0900}'..='\u{097F}').contains(&ch)
                || ('\u{A8E0}'..='\u{A8FF}').contains(&ch)
                || ('\u{0E00}'..='\u{0E7F}').contains(&ch);
            allowed && ch.to_lowercase().eq(std::iter::once(ch))
        })
}

fn name(c: &mut Check, path: &str, v: Option<&Value>, chat_input: bool) {
    match v.and_then(Value::as_str) {
        None => c.required(path),
        Some(s) if chat_input && !chat_input_name_ok(s) => c.push(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            format!(
                "Command name is invalid: {s:?} (1-32 characters of lowercase letters, digits, - _ ')"
            ),
        ),
        Some(s) if !(1..=32).contains(&chars(s)) => c.push(
            path,
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 32 in length.",
        ),
        Some(_) => {}
    }
}

/// A localization dictionary: keys are Discord locales, values pass `value`.
fn localizations(
    c: &mut Check,
    path: &str,
    v: Option<&Value>,
    mut value: impl FnMut(&mut Check, &str, &Value),
) {
    match v {
        None | Some(Value::Null) => {}
        Some(Value::Object(m)) => {
            for (k, val) in m {
                let here = at(path, k);
                if !is_locale(k) {
                    c.push(
                        here.clone(),
                        "LOCALE_INVALID",
                        format!("{k:?} is not a Discord locale (one of {LOCALES:?})"),
                    );
                }
                value(c, &here, val);
            }
        }
        Some(_) => c.push(
            path,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        ),
    }
}

/// The most characters a slash command may hold in all: the names, descriptions and choice
/// names and values of the command, its groups, subcommands and options, each field counted
/// at its longest text among its default and its localizations. Over it, Discord refuses the
/// command (and a bulk overwrite registers nothing).
pub const MAX_COMMAND_SIZE: usize = 4000;

/// The longest of a field and its localizations, as [`MAX_COMMAND_SIZE`] counts it.
fn longest(v: &Value, key: &str) -> usize {
    let own = v[key].as_str().map_or(0, chars);
    let loc = v[format!("{key}_localizations")]
        .as_object()
        .map(|m| {
            m.values()
                .filter_map(Value::as_str)
                .map(chars)
                .max()
                .unwrap_or(0)
        })
        .unwrap_or(0);
    own.max(loc)
}

/// One command.
pub fn command(body: &Value) -> Result<(), Refusal> {
    let mut c = Check::default();
    one(&mut c, "", body);
    c.into_result()
}

/// The list of a bulk overwrite: each command valid, names unique per type, at most 100
/// slash commands, 15 each of user and message commands and one entry point command.
pub fn command_list(body: &Value) -> Result<(), Refusal> {
    let mut c = Check::default();
    let Some(list) = body.as_array() else {
        c.push("", "LIST_TYPE_CONVERT", "Must be an array.");
        return c.into_result();
    };
    let mut seen: BTreeMap<(u64, String), usize> = BTreeMap::new();
    let mut per_type: BTreeMap<u64, usize> = BTreeMap::new();
    for (i, cmd) in list.iter().enumerate() {
        let here = i.to_string();
        one(&mut c, &here, cmd);
        let kind = cmd["type"].as_u64().unwrap_or(1);
        *per_type.entry(kind).or_default() += 1;
        if let Some(n) = cmd["name"].as_str()
            && let Some(first) = seen.insert((kind, n.to_string()), i)
        {
            c.push(
                at(&here, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                format!("Application command names must be unique ({n:?} is also command {first})"),
            );
        }
    }
    for (kind, max) in [(1, 100), (2, 15), (3, 15), (4, 1)] {
        if per_type.get(&kind).copied().unwrap_or(0) > max {
            c.push(
                "",
                "APPLICATION_COMMANDS_TOO_MANY",
                format!("At most {max} commands of type {kind}"),
            );
        }
    }
    c.into_result()
}

fn one(c: &mut Check, path: &str, cmd: &Value) {
    if !cmd.is_object() {
        c.push(
            path,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return;
    }
    let kind = cmd["type"].as_u64().unwrap_or(1);
    if !(1..=4).contains(&kind) {
        c.push(
            at(path, "type"),
            "BASE_TYPE_CHOICES",
            "Value must be one of (1, 2, 3, 4).",
        );
    }
    let chat = kind == 1;
    name(c, &at(path, "name"), cmd.get("name"), chat);
    localizations(
        c,
        &at(path, "name_localizations"),
        cmd.get("name_localizations"),
        |c, p, v| name(c, p, Some(v), chat),
    );
    if chat {
        c.req_str(&at(path, "description"), cmd.get("description"), 1, 100);
    } else if cmd["description"].as_str().is_some_and(|s| !s.is_empty()) {
        c.push(
            at(path, "description"),
            "BASE_TYPE_INVALID",
            "User and message commands have an empty description",
        );
    }
    localizations(
        c,
        &at(path, "description_localizations"),
        cmd.get("description_localizations"),
        |c, p, v| {
            c.req_str(p, Some(v), 1, 100);
        },
    );
    if let Some(p) = cmd
        .get("default_member_permissions")
        .filter(|v| !v.is_null())
        && !p
            .as_str()
            .is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
    {
        c.push(
            at(path, "default_member_permissions"),
            "BASE_TYPE_INVALID",
            "A permission bit set as a decimal string",
        );
    }
    let opts = cmd.get("options").filter(|v| !v.is_null());
    if !chat && opts.is_some_and(|o| o.as_array().is_some_and(|a| !a.is_empty())) {
        c.push(
            at(path, "options"),
            "BASE_TYPE_INVALID",
            "Only slash commands have options",
        );
        return;
    }
    options(c, &at(path, "options"), opts, 0);
    if chat {
        let size = command_size(cmd);
        if size > MAX_COMMAND_SIZE {
            c.push(
                path,
                "APPLICATION_COMMAND_TOO_LARGE",
                format!("Command exceeds maximum size ({MAX_COMMAND_SIZE}): {size}"),
            );
        }
    }
}

/// Characters counted towards [`MAX_COMMAND_SIZE`] of a slash command (or of one of its
/// groups or subcommands, for the share it takes).
pub fn command_size(cmd: &Value) -> usize {
    fn opts(v: &Value) -> usize {
        v["options"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|o| {
                        let choices: usize = o["choices"]
                            .as_array()
                            .map(|cs| {
                                cs.iter()
                                    .map(|ch| longest(ch, "name") + value_chars(&ch["value"]))
                                    .sum()
                            })
                            .unwrap_or(0);
                        longest(o, "name") + longest(o, "description") + choices + opts(o)
                    })
                    .sum()
            })
            .unwrap_or(0)
    }
    longest(cmd, "name") + longest(cmd, "description") + opts(cmd)
}

/// A choice's value as counted: a string's characters, a number's as written (`12`, `7.5`).
fn value_chars(v: &Value) -> usize {
    match v {
        Value::String(s) => chars(s),
        Value::Number(n) => n.to_string().len(),
        _ => 0,
    }
}

/// Options at a nesting level: 0 the command's own, 1 inside a subcommand group, 2 inside a
/// subcommand.
fn options(c: &mut Check, path: &str, v: Option<&Value>, level: u8) {
    let list = c.opt_array(path, v, 25);
    let is_sub = |o: &Value| matches!(o["type"].as_u64(), Some(1 | 2));
    let subs = list.iter().filter(|o| is_sub(o)).count();
    if level == 0 && subs > 0 && subs < list.len() {
        c.push(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and groups cannot be mixed with other options",
        );
    }
    let mut names: HashSet<&str> = HashSet::new();
    let mut per_locale: BTreeMap<String, HashSet<String>> = BTreeMap::new();
    let mut optional_seen = false;
    for (i, o) in list.iter().enumerate() {
        let here = at(path, i);
        let kind = o["type"].as_u64().unwrap_or(0);
        match (level, kind) {
            (_, 0) | (_, 12..) => {
                c.push(
                    at(&here, "type"),
                    "BASE_TYPE_CHOICES",
                    "Value must be one of (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11).",
                );
            }
            (1, k) if k != 1 => c.push(
                at(&here, "type"),
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "A subcommand group holds subcommands only",
            ),
            (2, 1 | 2) => c.push(
                at(&here, "type"),
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Subcommands nest one level deep only: a subcommand cannot hold subcommands or groups",
            ),
            _ => {}
        }
        name(c, &at(&here, "name"), o.get("name"), true);
        if let Some(n) = o["name"].as_str()
            && !names.insert(n)
        {
            c.push(
                at(&here, "name"),
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                format!("Option names must be unique ({n:?} is used twice)"),
            );
        }
        localizations(
            c,
            &at(&here, "name_localizations"),
            o.get("name_localizations"),
            |c, p, v| name(c, p, Some(v), true),
        );
        for locale in LOCALES {
            let shown = o["name_localizations"][locale]
                .as_str()
                .or(o["name"].as_str())
                .unwrap_or("")
                .to_string();
            if !per_locale
                .entry(locale.to_string())
                .or_default()
                .insert(shown.clone())
                && o["name_localizations"][locale].is_string()
            {
                c.push(
                    at(&at(&here, "name_localizations"), locale),
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    format!("Localized option names must be distinct within {locale} ({shown:?})"),
                );
            }
        }
        c.req_str(&at(&here, "description"), o.get("description"), 1, 100);
        localizations(
            c,
            &at(&here, "description_localizations"),
            o.get("description_localizations"),
            |c, p, v| {
                c.req_str(p, Some(v), 1, 100);
            },
        );
        if matches!(kind, 1 | 2) {
            options(
                c,
                &at(&here, "options"),
                o.get("options"),
                if kind == 2 { 1 } else { 2 },
            );
            continue;
        }
        // serenity sends `"options": []` and `"choices": []` for every option.
        if nonempty(o.get("options")) {
            c.push(
                at(&here, "options"),
                "BASE_TYPE_INVALID",
                "Only subcommands and groups have options",
            );
        }
        let required = o["required"].as_bool().unwrap_or(false);
        if required && optional_seen {
            c.push(
                at(&here, "required"),
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options",
            );
        }
        optional_seen |= !required;
        let choices = o.get("choices").filter(|v| nonempty(Some(v)));
        if let Some(cs) = choices {
            if !matches!(kind, 3 | 4 | 10) {
                c.push(
                    at(&here, "choices"),
                    "BASE_TYPE_INVALID",
                    "Only string, integer and number options have choices",
                );
            }
            if o["autocomplete"].as_bool() == Some(true)
                && cs.as_array().is_some_and(|a| !a.is_empty())
            {
                c.push(
                    at(&here, "autocomplete"),
                    "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
                    "autocomplete may not be set to true if choices are present",
                );
            }
            let list = c.opt_array(&at(&here, "choices"), Some(cs), 25);
            for (j, ch) in list.iter().enumerate() {
                choice(c, &at(&at(&here, "choices"), j), ch, Some(kind));
            }
        }
        if o["autocomplete"].as_bool() == Some(true) && !matches!(kind, 3 | 4 | 10) {
            c.push(
                at(&here, "autocomplete"),
                "BASE_TYPE_INVALID",
                "Only string, integer and number options autocomplete",
            );
        }
        for (key, kinds, what) in [
            ("min_value", &[4u64, 10][..], "integer and number options"),
            ("max_value", &[4, 10], "integer and number options"),
            ("min_length", &[3], "string options"),
            ("max_length", &[3], "string options"),
            ("channel_types", &[7], "channel options"),
            ("file_types", &[11], "attachment options"),
        ] {
            if nonempty(o.get(key)) && !kinds.contains(&kind) {
                c.push(
                    at(&here, key),
                    "BASE_TYPE_INVALID",
                    format!("Only {what} have {key}"),
                );
            }
        }
        for key in ["min_value", "max_value"] {
            match o.get(key) {
                None | Some(Value::Null) => {}
                Some(Value::Number(n)) if kind == 10 => number_in_range(
                    c,
                    &at(&here, key),
                    n.as_f64().unwrap_or(f64::INFINITY),
                    NUMBER_RANGE,
                ),
                Some(Value::Number(n)) if integral(n) => number_in_range(
                    c,
                    &at(&here, key),
                    n.as_f64().unwrap_or(f64::INFINITY),
                    INTEGER_RANGE,
                ),
                Some(_) => c.push(
                    at(&here, key),
                    "NUMBER_TYPE_COERCE",
                    "The value is not of the option's type.",
                ),
            }
        }
        for (j, t) in c
            .opt_array(&at(&here, "file_types"), o.get("file_types"), 10)
            .iter()
            .enumerate()
        {
            if !t.is_string() {
                c.push(
                    at(&at(&here, "file_types"), j),
                    "STRING_TYPE_CONVERT",
                    "Could not interpret value as string.",
                );
            }
        }
        let min = c.opt_int(&at(&here, "min_length"), o.get("min_length"), 0, 6000);
        let max = c.opt_int(&at(&here, "max_length"), o.get("max_length"), 1, 6000);
        if let (Some(a), Some(b)) = (min, max)
            && a > b
        {
            c.push(
                at(&here, "min_length"),
                "BASE_TYPE_INVALID",
                "min_length may not exceed max_length",
            );
        }
        if let (Some(a), Some(b)) = (o["min_value"].as_f64(), o["max_value"].as_f64())
            && a > b
        {
            c.push(
                at(&here, "min_value"),
                "BASE_TYPE_INVALID",
                "min_value may not exceed max_value",
            );
        }
    }
}

/// Present and not null, nor an empty array.
fn nonempty(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => false,
        Some(Value::Array(a)) => !a.is_empty(),
        Some(_) => true,
    }
}

/// A choice (of an option, or of an autocomplete result): name 1–100, value up to 100
/// characters if a string, of the option's type when known.
pub fn choice(c: &mut Check, path: &str, ch: &Value, option_type: Option<u64>) {
    c.req_str(&at(path, "name"), ch.get("name"), 1, 100);
    localizations(
        c,
        &at(path, "name_localizations"),
        ch.get("name_localizations"),
        |c, p, v| {
            c.req_str(p, Some(v), 1, 100);
        },
    );
    let vp = at(path, "value");
    match (ch.get("value"), option_type) {
        (None | Some(Value::Null), _) => c.required(&vp),
        (Some(Value::String(_)), None | Some(3)) => {
            c.req_str(&vp, ch.get("value"), 1, 100);
        }
        (Some(Value::Number(n)), None | Some(10)) => {
            number_in_range(c, &vp, n.as_f64().unwrap_or(f64::INFINITY), NUMBER_RANGE)
        }
        (Some(Value::Number(n)), Some(4)) if integral(n) => {
            number_in_range(c, &vp, n.as_f64().unwrap_or(f64::INFINITY), INTEGER_RANGE)
        }
        (Some(_), Some(t)) => c.push(
            vp,
            "BASE_TYPE_INVALID",
            format!("A choice's value must be of its option's type ({t})"),
        ),
        (Some(_), None) => c.push(
            vp,
            "BASE_TYPE_INVALID",
            "A choice's value is a string or a number",
        ),
    }
}

/// The values an INTEGER option takes: -(2^53 - 1) to 2^53 - 1 (Application Command Option
/// Type).
const INTEGER_RANGE: f64 = 9_007_199_254_740_991.0;
/// The values a NUMBER option takes: -2^53 to 2^53.
const NUMBER_RANGE: f64 = 9_007_199_254_740_992.0;

/// Whether a JSON number is an integer, written as one (`5`) or with a zero fraction (`5.0`,
/// as poise writes an INTEGER option's bounds; Discord takes both).
fn integral(n: &serde_json::Number) -> bool {
    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
}

fn number_in_range(c: &mut Check, path: &str, n: f64, bound: f64) {
    if !(-bound..=bound).contains(&n) {
        c.push(
            path,
            "NUMBER_TYPE_MAX",
            format!("The value must be between -{bound} and {bound}."),
        );
    }
}
