//! The words of the notices a game sends its players: whose move it is (after which move), and
//! the link to a board message.

use crate::game::{ChannelId, GuildId, Match, NigiriStage, UserId};
use crate::go::Move;

use super::{mention, stone};
use crate::discord::i18n::{Lang, tr};

/// The notice that it is `user`'s move in `m`: during a nigiri, to guess or to choose the
/// colours; else the move to play, after the last one.
pub fn turn_notice(m: &Match, user: UserId, lang: Lang) -> String {
    if let Some(stage) = m.nigiri() {
        // The colours first: the guess, or the winner's choice.
        return match stage {
            NigiriStage::Guess => tr!(lang, "notice-nigiri-guess", player = mention(user)),
            NigiriStage::Choose { .. } => {
                tr!(lang, "notice-nigiri-choose", player = mention(user))
            }
        };
    }
    let last = match m.game.last_move() {
        Some((c, Move::Play(p))) => tr!(
            lang,
            "notice-after-move",
            stone = stone(c),
            point = p.to_string()
        ),
        Some((_, Move::Pass)) => tr!(lang, "notice-after-pass"),
        None => String::new(),
    };
    tr!(
        lang,
        "notice-your-move",
        player = mention(user),
        number = m.move_count() + 1,
        last = last
    )
}

/// A line with the link to message `message` of `channel` in `guild`.
pub fn message_link(guild: GuildId, channel: ChannelId, message: u64) -> String {
    format!(
        "\nhttps://discord.com/channels/{}/{}/{message}",
        guild.get(),
        channel.get()
    )
}
