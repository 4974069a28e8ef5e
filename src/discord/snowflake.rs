//! The game's ids as Discord's. Every id the game holds came from Discord (a snowflake, never
//! 0), but a number read back from the database is only a number: a 0 is refused here as an
//! error of the call that needed it — never turned into another id, never a panic (serenity's
//! ids panic on 0).

use std::num::NonZeroU64;

use serenity::all::{
    ChannelId as DChannel, CreateAllowedMentions, GuildId as DGuild, MessageId, RoleId,
    UserId as DUser,
};

use crate::game::{ChannelId, GuildId, UserId};

/// A 0 where Discord's id was expected; `?` turns it into serenity's error where a Discord call
/// needed the id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoId;

impl From<NoId> for serenity::Error {
    fn from(_: NoId) -> serenity::Error {
        serenity::Error::Other("0 is no Discord id")
    }
}

fn id(n: u64) -> Result<NonZeroU64, NoId> {
    NonZeroU64::new(n).ok_or(NoId)
}

/// A channel (or thread).
///
/// # Errors
/// The id is 0.
pub fn channel(c: ChannelId) -> Result<DChannel, NoId> {
    id(c.get()).map(DChannel::from)
}

/// A user.
///
/// # Errors
/// The id is 0.
pub fn user(u: UserId) -> Result<DUser, NoId> {
    id(u.get()).map(DUser::from)
}

/// A guild.
///
/// # Errors
/// The id is 0.
pub fn guild(g: GuildId) -> Result<DGuild, NoId> {
    id(g.get()).map(DGuild::from)
}

/// A message.
///
/// # Errors
/// The id is 0.
pub fn message(m: u64) -> Result<MessageId, NoId> {
    id(m).map(MessageId::from)
}

/// A role.
///
/// # Errors
/// The id is 0.
pub fn role(r: u64) -> Result<RoleId, NoId> {
    id(r).map(RoleId::from)
}

/// Mentions that notify exactly `users` (an id of 0 notifies no one).
pub fn notify(users: impl IntoIterator<Item = UserId>) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(users.into_iter().filter_map(|u| user(u).ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_is_an_error_and_every_other_id_is_itself() {
        assert!(channel(ChannelId(0)).is_err());
        assert!(user(UserId(0)).is_err());
        assert!(message(0).is_err());
        assert_eq!(channel(ChannelId(7)).unwrap().get(), 7);
        assert_eq!(user(UserId(u64::MAX)).unwrap().get(), u64::MAX);
        assert_eq!(role(3).unwrap().get(), 3);
        assert_eq!(guild(GuildId(9)).unwrap().get(), 9);
    }
}
