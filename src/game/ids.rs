//! Ids as types of their own, so that a user id is never passed where a channel id is meant.
//! The numbers are the front end's (Discord's snowflakes); the game only compares them.

use std::fmt;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub $inner);

        impl $name {
            /// The number itself.
            pub const fn get(self) -> $inner {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", stringify!($name), self.0)
            }
        }

        impl From<$inner> for $name {
            fn from(n: $inner) -> $name {
                $name(n)
            }
        }
    };
}

id! {
    /// A server (a Discord guild).
    GuildId(u64)
}
id! {
    /// A person.
    UserId(u64)
}
id! {
    /// A channel a game is played in.
    ChannelId(u64)
}
id! {
    /// A match. A match keeps the id of the invitation it was accepted from.
    MatchId(i64)
}
id! {
    /// An invitation.
    InvitationId(i64)
}
id! {
    /// An event (a tournament, an arena, a ten-game match).
    EventId(i64)
}

impl From<InvitationId> for MatchId {
    /// The match accepted from an invitation keeps its id.
    fn from(i: InvitationId) -> MatchId {
        MatchId(i.0)
    }
}
