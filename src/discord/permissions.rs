//! What the bot needs to be allowed in a channel to run a game there, checked from the
//! permissions Discord sends with every interaction (`app_permissions`), so that an invitation
//! is refused up front rather than leaving players with "game on" and no board.

use serenity::all::Permissions;

/// The permissions a board needs in a channel, with their names as Discord shows them; with a
/// thread per game, those a thread needs too.
pub fn needed(in_thread: bool, threads: bool) -> Vec<(Permissions, &'static str)> {
    let mut v = vec![
        (Permissions::VIEW_CHANNEL, "View Channel"),
        (
            if in_thread {
                Permissions::SEND_MESSAGES_IN_THREADS
            } else {
                Permissions::SEND_MESSAGES
            },
            if in_thread {
                "Send Messages in Threads"
            } else {
                "Send Messages"
            },
        ),
        (Permissions::EMBED_LINKS, "Embed Links"),
        (Permissions::ATTACH_FILES, "Attach Files"),
        (Permissions::READ_MESSAGE_HISTORY, "Read Message History"),
    ];
    if threads && !in_thread {
        v.push((Permissions::CREATE_PUBLIC_THREADS, "Create Public Threads"));
        v.push((Permissions::SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"));
    }
    v
}

/// The names of the permissions the bot lacks to run a game in this channel; empty when it has
/// them all, or when Discord did not say (then the post itself tells).
pub fn missing(app: Option<Permissions>, in_thread: bool, threads: bool) -> Vec<&'static str> {
    let Some(have) = app else {
        return Vec::new();
    };
    if have.administrator() {
        return Vec::new();
    }
    needed(in_thread, threads)
        .into_iter()
        .filter(|(p, _)| !have.contains(*p))
        .map(|(_, name)| name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_without_attach_files_is_named_as_missing() {
        let have = Permissions::VIEW_CHANNEL
            | Permissions::SEND_MESSAGES
            | Permissions::EMBED_LINKS
            | Permissions::READ_MESSAGE_HISTORY;
        assert_eq!(missing(Some(have), false, false), vec!["Attach Files"]);
        assert_eq!(
            missing(Some(have | Permissions::ATTACH_FILES), false, true),
            vec!["Create Public Threads", "Send Messages in Threads"]
        );
        assert!(missing(Some(Permissions::ADMINISTRATOR), false, true).is_empty());
        assert!(missing(None, false, false).is_empty());
        let in_thread = have | Permissions::ATTACH_FILES | Permissions::SEND_MESSAGES_IN_THREADS;
        assert!(missing(Some(in_thread - Permissions::SEND_MESSAGES), true, false).is_empty());
    }
}
