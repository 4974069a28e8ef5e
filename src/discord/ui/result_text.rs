//! The words of a game's result as it is announced: the ending, the rewards it brought and how
//! to get the record; and, for a game that cannot be read back, its result said short or its
//! annulment.

use crate::game::{Ending, Match, MatchId, UserId};
use crate::go::GameResult;

use super::{board_message, mention, seat_name};
use crate::discord::i18n::{Lang, tr};

/// A reward to announce with a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reward {
    Merit { user: UserId, amount: u32 },
    Title { user: UserId },
}

/// The result in words, with the rewards it brought and how to get the record.
pub fn result_text(m: &Match, ending: Ending, rewards: &[Reward], lang: Lang) -> String {
    let mut text = board_message::ending_text(m, ending, lang);
    if !rewards.is_empty() {
        text.push_str("\n\n");
        let lines: Vec<String> = rewards
            .iter()
            .map(|r| match *r {
                Reward::Merit { user, amount } => {
                    tr!(
                        lang,
                        "reward-merit",
                        player = mention(user),
                        amount = amount
                    )
                }
                Reward::Title { user } => tr!(lang, "reward-title", player = mention(user)),
            })
            .collect();
        text.push_str(&lines.join("\n"));
    }
    text.push_str("\n\n");
    text.push_str(&tr!(lang, "result-record", game = m.id.get()));
    text
}

/// The result of game `id` that ended but cannot be read back this moment: its number, its
/// players (when the row says who they are) and the result as the ending gives it.
pub fn short_result_text(
    id: MatchId,
    ending: Ending,
    players: Option<[UserId; 2]>,
    lang: Lang,
) -> String {
    let result = match ending {
        Ending::Finished { result, .. } => result.to_string(),
        _ => GameResult::Void.to_string(),
    };
    let unknown = || tr!(lang, "player-unknown");
    tr!(
        lang,
        "result-short",
        game = id.get(),
        black = players.map_or_else(unknown, |p| seat_name(p[0], lang)),
        white = players.map_or_else(unknown, |p| seat_name(p[1], lang)),
        result = result
    )
}

/// The annulment of game `id`, which cannot be read back: its number and its players (when
/// the row says who they are).
pub fn annulled_unreadable_text(id: MatchId, players: Option<[UserId; 2]>, lang: Lang) -> String {
    let unknown = || tr!(lang, "player-unknown");
    tr!(
        lang,
        "annulled-unreadable",
        game = id.get(),
        black = players.map_or_else(unknown, |p| seat_name(p[0], lang)),
        white = players.map_or_else(unknown, |p| seat_name(p[1], lang))
    )
}
