//! `/weiqi games`: a player's running games, with whose turn it is and a link to each board.

use crate::game::{Match, UserId};

use super::words::time_preset_label;
use super::{mention, relative_time};
use crate::discord::i18n::{Lang, tr};

/// Whose move it is, seen from `user`.
fn turn(m: &Match, user: UserId, lang: Lang) -> String {
    if m.awaited() == Some(user) {
        tr!(lang, "games-your-move")
    } else {
        tr!(lang, "games-their-move")
    }
}

/// One game in a short line for the `game` option's choices (no mentions there): `#12 ·
/// 19×19 · correspondence · your move`.
pub fn label(m: &Match, user: UserId, lang: Lang) -> String {
    let size = m.game.size().get();
    format!(
        "#{} · {size}×{size} · {} · {}",
        m.id.get(),
        time_preset_label(lang, m.config.time),
        turn(m, user, lang)
    )
}

/// One game in the list: the label's facts, the opponent, when the turn ends, and the link to
/// its board (`None` if it was never posted).
pub fn line(m: &Match, user: UserId, link: Option<String>, lang: Lang) -> String {
    let opponent = m
        .both()
        .into_iter()
        .find(|&u| u != user)
        .map_or_else(String::new, mention);
    let size = m.game.size().get();
    tr!(
        lang,
        "games-line",
        game = m.id.get(),
        size = u32::from(size),
        time = time_preset_label(lang, m.config.time),
        opponent = opponent,
        turn = turn(m, user, lang),
        deadline = relative_time(m.turn_deadline),
        link = link.unwrap_or_default()
    )
}
