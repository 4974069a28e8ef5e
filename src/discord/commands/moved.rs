//! Command names of an earlier version and where they went. `/weiqi` grew past Discord's
//! 4,000 characters and was split by what a member is doing; a member whose Discord still
//! offers an old name (its command list refreshes a while after the bot registers), or who
//! learned one, gets a private answer naming the new command instead of "This interaction
//! failed". PLAYING.md and MODERATING.md list the same moves.

use serenity::all::{CommandDataOption, CommandDataOptionValue, CommandInteraction};

/// An earlier command path (command, then group or subcommand) and its new place. A longer
/// path keeps its tail: `weiqi event standings` is `weiqi-event standings`.
const MOVED: &[(&str, &str)] = &[
    ("weiqi pair", "weiqi-team pair"),
    ("weiqi team-game", "weiqi-team consult"),
    ("weiqi event", "weiqi-event"),
    ("weiqi-config event", "weiqi-organise"),
];

/// Where a command path of an earlier version is now, if it moved.
pub fn moved_to(path: &str) -> Option<String> {
    MOVED.iter().find_map(|(old, new)| {
        let rest = path.strip_prefix(old)?;
        (rest.is_empty() || rest.starts_with(' ')).then(|| format!("{new}{rest}"))
    })
}

/// A command interaction's path as typed: `weiqi-config event create`.
pub fn path_of(interaction: &CommandInteraction) -> String {
    fn walk(options: &[CommandDataOption], path: &mut String) {
        for o in options {
            if let CommandDataOptionValue::SubCommand(inner)
            | CommandDataOptionValue::SubCommandGroup(inner) = &o.value
            {
                path.push(' ');
                path.push_str(&o.name);
                walk(inner, path);
            }
        }
    }
    let mut path = interaction.data.name.clone();
    walk(&interaction.data.options, &mut path);
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_moved_name_says_where_it_went() {
        assert_eq!(moved_to("weiqi pair").as_deref(), Some("weiqi-team pair"));
        assert_eq!(
            moved_to("weiqi team-game").as_deref(),
            Some("weiqi-team consult")
        );
        assert_eq!(
            moved_to("weiqi event standings").as_deref(),
            Some("weiqi-event standings")
        );
        assert_eq!(
            moved_to("weiqi-config event rule").as_deref(),
            Some("weiqi-organise rule")
        );
    }

    #[test]
    fn names_that_stayed_or_only_share_a_prefix_did_not_move() {
        assert_eq!(moved_to("weiqi invite"), None);
        assert_eq!(moved_to("weiqi-config set"), None);
        assert_eq!(moved_to("weiqi events"), None);
        assert_eq!(moved_to("weiqi pairs"), None);
    }

    #[test]
    fn every_new_place_is_a_registered_command() {
        let registered = crate::discord::registered_commands();
        for (_, new) in MOVED {
            let mut parts = new.split(' ');
            let top = parts.next().unwrap_or_default();
            let cmd = registered
                .iter()
                .find(|c| c["name"] == top)
                .unwrap_or_else(|| panic!("/{top} is not registered"));
            if let Some(sub) = parts.next() {
                let found = cmd["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|o| o["name"] == sub);
                assert!(found, "/{new} is not registered");
            }
        }
    }
}
