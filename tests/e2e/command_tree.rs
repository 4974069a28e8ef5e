//! The real command tree, built from the code with every language's names and descriptions, as
//! Discord checks it on registration: each command within the combined size (names,
//! descriptions, choice names and values, each field at its longest text among its
//! localizations), ≤ 25 options or subcommands, names 1–32 lowercase in every locale,
//! descriptions 1–100, ≤ 25 choices with names 1–100. The checks are the fake Discord's
//! (`support/fake_discord/validate/commands.rs`), so what this test passes is what the fake
//! registers, and what the fake refuses fails here first, naming the field.
//!
//! Run with `--nocapture` to see each command's size and its share per subcommand.

use serde_json::Value;

use crate::support::validate::{MAX_COMMAND_SIZE, command_list, command_size};

/// Each command's budget: Discord's limit less room for what comes next. A command past it is
/// split before it grows into Discord's refusal.
const BUDGET: usize = 3_400;

/// The commands as the bot registers them (the JSON of a bulk overwrite).
fn registered() -> Vec<Value> {
    tengen::discord::registered_commands()
}

/// The sizes, per command and per subcommand (and group), as lines to print.
fn size_table(list: &[Value]) -> String {
    let mut out = String::new();
    for cmd in list {
        let name = cmd["name"].as_str().unwrap_or("?");
        let size = command_size(cmd);
        out.push_str(&format!(
            "/{name}: {size} of {MAX_COMMAND_SIZE} ({} left)\n",
            MAX_COMMAND_SIZE.saturating_sub(size)
        ));
        for sub in cmd["options"].as_array().into_iter().flatten() {
            if matches!(sub["type"].as_u64(), Some(1 | 2)) {
                let sname = sub["name"].as_str().unwrap_or("?");
                out.push_str(&format!("    {sname}: {}\n", command_size(sub)));
            }
        }
    }
    out
}

#[test]
fn every_command_is_within_discords_limits_in_every_locale() {
    let list = registered();
    let table = size_table(&list);
    println!("{table}");
    if let Err(refusal) = command_list(&Value::Array(list.clone())) {
        panic!(
            "Discord would refuse the commands: {}\n{table}",
            refusal.reason()
        );
    }
    for cmd in &list {
        let size = command_size(cmd);
        assert!(
            size <= BUDGET,
            "/{} is {size} characters, over the budget of {BUDGET} (Discord refuses {MAX_COMMAND_SIZE}): split it\n{table}",
            cmd["name"].as_str().unwrap_or("?")
        );
    }
}

/// A command of exactly `size` characters as Discord counts them: `/t` (`d`), a subcommand `a`
/// (`d`) with a string option `o` (`d`) whose choices carry the rest, 200 characters each
/// (name and value of 100) and the last one shorter.
fn command_of_size(size: usize) -> Value {
    let mut rest = size - 6;
    let mut choices = Vec::new();
    while rest > 0 {
        let value = rest.min(200) - rest.min(200) / 2;
        let name = rest.min(200) - value;
        choices.push(serde_json::json!({
            "name": format!("{:0>width$}", choices.len(), width = name.max(1)),
            "value": format!("{:x>width$}", choices.len(), width = value.max(1)),
        }));
        rest -= rest.min(200);
    }
    serde_json::json!({
        "type": 1, "name": "t", "description": "d",
        "options": [{"type": 1, "name": "a", "description": "d", "options": [
            {"type": 3, "name": "o", "description": "d", "choices": choices}
        ]}]
    })
}

#[test]
fn the_limit_is_counted_as_discord_counts_it() {
    let at = command_of_size(MAX_COMMAND_SIZE);
    assert_eq!(command_size(&at), MAX_COMMAND_SIZE);
    assert!(command_list(&Value::Array(vec![at.clone()])).is_ok());

    let over = command_of_size(MAX_COMMAND_SIZE + 1);
    assert_eq!(command_size(&over), MAX_COMMAND_SIZE + 1);
    let refusal = command_list(&Value::Array(vec![over])).expect_err("one character over");
    assert!(
        refusal.reason().contains("APPLICATION_COMMAND_TOO_LARGE"),
        "{}",
        refusal.reason()
    );

    // A localized field counts at its longest text, the default included: a name of 1
    // with a Korean name of 3 counts 3.
    let mut localized = at.clone();
    localized["options"][0]["name_localizations"] = serde_json::json!({"ko": "가나다"});
    assert_eq!(command_size(&localized), MAX_COMMAND_SIZE + 2);
    assert!(command_list(&Value::Array(vec![localized])).is_err());
    // A shorter localization counts nothing more.
    let mut shorter = at;
    shorter["options"][0]["description_localizations"] = serde_json::json!({"ja": "短"});
    assert_eq!(command_size(&shorter), MAX_COMMAND_SIZE);
    // An integer value counts as written: poise's choices are their indexes.
    let mut numeric = shorter;
    numeric["options"][0]["options"][0]["choices"][0]["value"] = Value::from(12);
    let first =
        command_of_size(MAX_COMMAND_SIZE)["options"][0]["options"][0]["choices"][0]["value"]
            .as_str()
            .map_or(0, |s| s.chars().count());
    assert_eq!(command_size(&numeric), MAX_COMMAND_SIZE - first + 2);
}
