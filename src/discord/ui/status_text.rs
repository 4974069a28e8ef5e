//! `/weiqi status`: the exact figures of a game, privately.

use crate::game::{Duration, Match, Timestamp};

use super::team_board::{mover_name, side_name};
use super::words::{color_name, rules_name};
use crate::discord::i18n::{Lang, tr};

/// `m:ss` (or `h:mm:ss`).
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The status of a game at `now`.
pub fn text(m: &Match, now: Timestamp, lang: Lang) -> String {
    let size = u32::from(m.game.size().get());
    let (turn_left, game_left) = m.time_left(now);
    let head = tr!(
        lang,
        "status-head",
        size = size,
        rules = rules_name(lang, m.config.rules),
        game = m.id.get()
    );
    if m.in_agreement() {
        return tr!(
            lang,
            "status-agreement",
            head = head,
            result = m.count().result().to_string(),
            left = clock(turn_left),
            game_left = clock(game_left)
        );
    }
    let caps = m.game.captures();
    let to_move = m.game.to_move();
    let timing = if m.config.time.is_real_clock() {
        clock_lines(m, now, turn_left, lang)
    } else {
        tr!(
            lang,
            "status-turn-timing",
            left = clock(turn_left),
            game_left = clock(game_left)
        )
    };
    tr!(
        lang,
        "status-play",
        head = head,
        player = mover_name(m, lang),
        color = color_name(lang, to_move),
        number = m.move_count(),
        black_captures = caps.black,
        white_captures = caps.white,
        komi = m.config.komi.to_string(),
        timing = timing
    )
}

/// A real clock's lines: the control, each player's clock now, when the player to move runs
/// out, the time given back at a restart, and penalty points.
fn clock_lines(m: &Match, now: Timestamp, turn_left: Duration, lang: Lang) -> String {
    let tc = m.config.time;
    let mut lines = vec![tr!(
        lang,
        "status-time",
        time = super::words::time_control_text(lang, tc, m.config.turn_timeout)
    )];
    for c in [crate::go::Color::Black, crate::go::Color::White] {
        let now_clock = m.clock_now(c, now);
        lines.push(tr!(
            lang,
            "status-clock",
            player = side_name(m, c, lang),
            clock = super::words::clock_text(lang, tc, now_clock),
            exact = clock(now_clock.main)
        ));
    }
    lines.push(tr!(lang, "status-runs-out", left = clock(turn_left)));
    if !m.given_back.is_zero() {
        lines.push(tr!(lang, "status-given-back", given = clock(m.given_back)));
    }
    let p = m.penalty_points();
    if p.black + p.white > 0 {
        lines.push(tr!(
            lang,
            "status-penalties",
            black = p.black,
            white = p.white
        ));
    }
    lines.join("\n")
}
