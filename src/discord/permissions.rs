//! What the bot needs to be allowed in a channel to run a game there, checked from the
//! permissions Discord sends with every interaction (`app_permissions`), so that an invitation
//! is refused up front rather than leaving players with "game on" and no board.

use serenity::all::Permissions;

/// The permissions a board needs in a channel; with a thread per game, those a thread needs
/// too. The front end names them in the user's language ([`super::ui::words::permission`]).
pub fn needed(in_thread: bool, threads: bool) -> Vec<Permissions> {
    let mut v = vec![
        Permissions::VIEW_CHANNEL,
        if in_thread {
            Permissions::SEND_MESSAGES_IN_THREADS
        } else {
            Permissions::SEND_MESSAGES
        },
        Permissions::EMBED_LINKS,
        Permissions::ATTACH_FILES,
        Permissions::READ_MESSAGE_HISTORY,
    ];
    if threads && !in_thread {
        v.push(Permissions::CREATE_PUBLIC_THREADS);
        v.push(Permissions::SEND_MESSAGES_IN_THREADS);
    }
    v
}

/// The permissions the bot lacks to run a game in this channel; empty when it has them all,
/// or when Discord did not say (then the post itself tells).
pub fn missing(app: Option<Permissions>, in_thread: bool, threads: bool) -> Vec<Permissions> {
    let Some(have) = app else {
        return Vec::new();
    };
    if have.administrator() {
        return Vec::new();
    }
    needed(in_thread, threads)
        .into_iter()
        .filter(|p| !have.contains(*p))
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
        assert_eq!(
            missing(Some(have), false, false),
            vec![Permissions::ATTACH_FILES]
        );
        assert_eq!(
            missing(Some(have | Permissions::ATTACH_FILES), false, true),
            vec![
                Permissions::CREATE_PUBLIC_THREADS,
                Permissions::SEND_MESSAGES_IN_THREADS
            ]
        );
        assert!(missing(Some(Permissions::ADMINISTRATOR), false, true).is_empty());
        assert!(missing(None, false, false).is_empty());
        let in_thread = have | Permissions::ATTACH_FILES | Permissions::SEND_MESSAGES_IN_THREADS;
        assert!(missing(Some(in_thread - Permissions::SEND_MESSAGES), true, false).is_empty());
    }
}
