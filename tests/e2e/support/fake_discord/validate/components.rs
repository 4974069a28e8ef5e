//! Components of messages and modals (discord-api-docs `components/reference.mdx`: Action
//! Row, Button, String Select and the other selects, Text Input, Label, legacy behaviour; the
//! Modal of `interactions/receiving-and-responding.mdx`).

use std::collections::HashSet;

use serde_json::Value;

use super::{Check, Refusal, at, present, snowflake};

pub(super) fn message_components(c: &mut Check, path: &str, v: Option<&Value>, v2: bool) {
    let rows = c.opt_array(path, v, if v2 { 40 } else { 5 });
    let mut numbers = HashSet::new();
    for (i, comp) in rows.iter().enumerate() {
        component_ids(c, &at(path, i), comp, &mut numbers);
    }
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

/// The optional numeric `id` of a component and of those inside it (`components`, a label's
/// `component`, a section's `accessory`): a 32-bit integer, unique within the message or
/// modal; 0 stands for none (Discord numbers it).
fn component_ids(c: &mut Check, path: &str, comp: &Value, seen: &mut HashSet<i64>) {
    if let Some(id) = comp.get("id").filter(|v| !v.is_null()) {
        match id.as_i64() {
            Some(n) if (0..=i64::from(i32::MAX)).contains(&n) => {
                if n != 0 && !seen.insert(n) {
                    c.push(
                        at(path, "id"),
                        "COMPONENT_ID_DUPLICATED",
                        format!("Component id {n} is used twice; ids are unique within a message or modal"),
                    );
                }
            }
            _ => c.push(
                at(path, "id"),
                "NUMBER_TYPE_MAX",
                "A component id is a 32-bit integer (0 to 2147483647).",
            ),
        }
    }
    if let Some(kids) = comp.get("components").and_then(Value::as_array) {
        for (i, k) in kids.iter().enumerate() {
            component_ids(c, &at(&at(path, "components"), i), k, seen);
        }
    }
    for key in ["component", "accessory"] {
        if let Some(k) = comp.get(key).filter(|v| v.is_object()) {
            component_ids(c, &at(path, key), k, seen);
        }
    }
}

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
    let kind = s["type"].as_u64().unwrap_or(0);
    default_values(c, path, s, kind, min, max);
    if kind == 8 {
        for (i, t) in c
            .opt_array(&at(path, "channel_types"), s.get("channel_types"), 25)
            .iter()
            .enumerate()
        {
            if !t.as_u64().is_some_and(|t| CHANNEL_TYPES.contains(&t)) {
                c.push(
                    at(&at(path, "channel_types"), i),
                    "BASE_TYPE_CHOICES",
                    format!("Value must be one of {CHANNEL_TYPES:?}."),
                );
            }
        }
    } else if present(s.get("channel_types")) {
        c.forbidden(
            &at(path, "channel_types"),
            "Only channel selects (type 8) have channel_types",
        );
    }
    if kind == 3 {
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

/// Discord's channel types (`resources/channel.mdx`, Channel Types).
const CHANNEL_TYPES: [u64; 13] = [0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16];

/// An auto-populated select's `default_values`: each `{id, type}` of a kind the select offers,
/// as many as `min_values..=max_values`. A string select marks its defaults on its options.
fn default_values(c: &mut Check, path: &str, s: &Value, kind: u64, min: i64, max: i64) {
    let here = at(path, "default_values");
    if kind == 3 {
        if present(s.get("default_values")) {
            c.forbidden(
                &here,
                "A string select marks its defaults with options[].default",
            );
        }
        return;
    }
    if s.get("default_values")
        .is_none_or(|v| v.is_null() || v.as_array().is_some_and(Vec::is_empty))
    {
        return;
    }
    let list = c.opt_array(&here, s.get("default_values"), 25);
    let kinds: &[&str] = match kind {
        5 => &["user"],
        6 => &["role"],
        7 => &["user", "role"],
        _ => &["channel"],
    };
    for (i, d) in list.iter().enumerate() {
        let one = at(&here, i);
        match d.get("id") {
            Some(id) if !id.is_null() => {
                snowflake(c, &at(&one, "id"), id);
            }
            _ => c.required(&at(&one, "id")),
        }
        if !d["type"].as_str().is_some_and(|t| kinds.contains(&t)) {
            c.push(
                at(&one, "type"),
                "BASE_TYPE_CHOICES",
                format!("Value must be one of {kinds:?}."),
            );
        }
    }
    let n = list.len() as i64;
    if n < min || n > max {
        c.push(
            here,
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between {min} and {max} in length (min_values and max_values)."),
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
    let mut numbers = HashSet::new();
    for (i, comp) in comps.iter().enumerate() {
        component_ids(&mut c, &at(path, i), comp, &mut numbers);
    }
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
                        select(&mut c, &kp, k, &mut ids);
                        modal_select(&mut c, &kp, k);
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

/// What a select may not do in a modal: be disabled, or let `min_values` be 0 while required
/// (`required` defaults to true).
fn modal_select(c: &mut Check, path: &str, s: &Value) {
    if s["disabled"].as_bool() == Some(true) {
        c.forbidden(
            &at(path, "disabled"),
            "Modals cannot have disabled components",
        );
    }
    if s["required"].as_bool() != Some(false) && s["min_values"].as_i64() == Some(0) {
        c.push(
            at(path, "min_values"),
            "BASE_TYPE_INVALID",
            "min_values must be at least 1 when the select is required",
        );
    }
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
