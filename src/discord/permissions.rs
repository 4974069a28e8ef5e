//! What the bot needs to be allowed in a channel to run a game there, checked from the
//! permissions Discord sends with every interaction (`app_permissions`), so that an invitation
//! is refused up front rather than leaving players with "game on" and no board.

use serenity::all::Permissions;

/// A permission a game needs, as a closed set: each has its name in every language
/// ([`super::ui::words::permission`]), so none is ever shown in Discord's internal spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needed {
    ViewChannel,
    SendMessages,
    SendMessagesInThreads,
    EmbedLinks,
    AttachFiles,
    ReadMessageHistory,
    CreatePublicThreads,
    CreatePrivateThreads,
}

impl Needed {
    /// Discord's bit of it.
    pub fn bits(self) -> Permissions {
        match self {
            Needed::ViewChannel => Permissions::VIEW_CHANNEL,
            Needed::SendMessages => Permissions::SEND_MESSAGES,
            Needed::SendMessagesInThreads => Permissions::SEND_MESSAGES_IN_THREADS,
            Needed::EmbedLinks => Permissions::EMBED_LINKS,
            Needed::AttachFiles => Permissions::ATTACH_FILES,
            Needed::ReadMessageHistory => Permissions::READ_MESSAGE_HISTORY,
            Needed::CreatePublicThreads => Permissions::CREATE_PUBLIC_THREADS,
            Needed::CreatePrivateThreads => Permissions::CREATE_PRIVATE_THREADS,
        }
    }
}

/// The permissions a board needs in a channel; with a thread per game, those a thread needs
/// too.
pub fn needed(in_thread: bool, threads: bool) -> Vec<Needed> {
    let mut v = vec![
        Needed::ViewChannel,
        if in_thread {
            Needed::SendMessagesInThreads
        } else {
            Needed::SendMessages
        },
        Needed::EmbedLinks,
        Needed::AttachFiles,
        Needed::ReadMessageHistory,
    ];
    if threads && !in_thread {
        v.push(Needed::CreatePublicThreads);
        v.push(Needed::SendMessagesInThreads);
    }
    v
}

/// The permissions the bot lacks to run a game in this channel; empty when it has them all,
/// or when Discord did not say (then the post itself tells).
pub fn missing(app: Option<Permissions>, in_thread: bool, threads: bool) -> Vec<Needed> {
    lacking(app, needed(in_thread, threads))
}

/// The permissions the bot lacks to run a consultation game in this channel: a board, and a
/// thread a team (private ones for teams that vote in secret).
pub fn missing_for_teams(app: Option<Permissions>, private: bool) -> Vec<Needed> {
    let mut want = needed(false, true);
    if private {
        want.push(Needed::CreatePrivateThreads);
    }
    lacking(app, want)
}

fn lacking(app: Option<Permissions>, want: Vec<Needed>) -> Vec<Needed> {
    let Some(have) = app else {
        return Vec::new();
    };
    if have.administrator() {
        return Vec::new();
    }
    want.into_iter()
        .filter(|p| !have.contains(p.bits()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_links_permissions_are_every_one_the_bot_checks_and_manage_roles() {
        // docs/HOSTING.md's invite link and its table of bits.
        const INVITE: u64 = 378_225_675_264;
        let mut all = Permissions::MANAGE_ROLES;
        for (in_thread, threads) in [(false, false), (false, true), (true, false), (true, true)] {
            for p in needed(in_thread, threads) {
                all |= p.bits();
            }
        }
        all |= Needed::CreatePrivateThreads.bits();
        assert_eq!(all.bits(), INVITE);
        assert!(missing_for_teams(Some(Permissions::from_bits_truncate(INVITE)), true).is_empty());
    }

    #[test]
    fn a_channel_without_attach_files_is_named_as_missing() {
        let have = Permissions::VIEW_CHANNEL
            | Permissions::SEND_MESSAGES
            | Permissions::EMBED_LINKS
            | Permissions::READ_MESSAGE_HISTORY;
        assert_eq!(missing(Some(have), false, false), vec![Needed::AttachFiles]);
        assert_eq!(
            missing(Some(have | Permissions::ATTACH_FILES), false, true),
            vec![Needed::CreatePublicThreads, Needed::SendMessagesInThreads]
        );
        assert!(missing(Some(Permissions::ADMINISTRATOR), false, true).is_empty());
        assert!(missing(None, false, false).is_empty());
        let in_thread = have | Permissions::ATTACH_FILES | Permissions::SEND_MESSAGES_IN_THREADS;
        assert!(missing(Some(in_thread - Permissions::SEND_MESSAGES), true, false).is_empty());
    }
}
