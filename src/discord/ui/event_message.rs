//! An event as players see it: its announcement (the terms, the players, where it stands, Join
//! and Leave while registration is open), a round's pairings, the standings. Pure builders of
//! what `game::events` decided.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton, CreateEmbed};

use crate::game::events::standings::{Aux, Standing};
use crate::game::events::{
    Board, ColourRule, EntryStatus, EventTerms, Format, HandicapPolicy, Outcome, Schedule, Stage,
    Tournament, Winner,
};
use crate::game::time_control::format_duration;
use crate::game::{Duration, Timestamp};

use super::mention;
use super::words::{rank, rules_name, time_control_text};
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::{Lang, tr};

/// An embed's description holds 4,096 characters; a field's value 1,024.
/// A message's content holds 2,000 characters (Discord); a round's pairings take it all.
const CONTENT_MAX: usize = 2000;
/// The standings, within a message that also holds a heading and the rulings.
const STANDINGS_MAX: usize = 1400;
/// The rulings, beside the standings.
const RULINGS_MAX: usize = 500;
const FIELD_MAX: usize = 1000;

/// A number of half points as players write it: `3`, `2½`.
pub fn half_points(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_owned(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// The format's name.
pub fn format_name(lang: Lang, f: Format) -> String {
    match f {
        Format::RoundRobin => tr!(lang, "format-round-robin"),
        Format::Knockout => tr!(lang, "format-knockout"),
        Format::DoubleKnockout => tr!(lang, "format-double-knockout"),
        Format::Swiss { .. } => tr!(lang, "format-swiss"),
        Format::McMahon { .. } => tr!(lang, "format-mcmahon"),
        Format::Arena => tr!(lang, "format-arena"),
        Format::TenGame => tr!(lang, "format-ten-game"),
    }
}

/// The format with its numbers: `Swiss, 5 rounds`, `McMahon, 5 rounds, bar 1 dan, floor 20
/// kyu`.
fn format_text(lang: Lang, f: Format) -> String {
    match f {
        Format::Swiss { rounds } => tr!(
            lang,
            "event-format-rounds",
            format = format_name(lang, f),
            rounds = rounds
        ),
        Format::McMahon { rounds, bar, floor } => tr!(
            lang,
            "event-format-mcmahon",
            format = format_name(lang, f),
            rounds = rounds,
            bar = rank(lang, bar),
            floor = rank(lang, floor)
        ),
        _ => format_name(lang, f),
    }
}

/// The terms as one paragraph.
pub fn terms_text(lang: Lang, t: &EventTerms) -> String {
    let size = u32::from(t.size.get());
    let komi = t.komi.unwrap_or_else(|| t.rules.rules().komi).to_string();
    let balance = match t.handicap {
        HandicapPolicy::Even => tr!(lang, "event-even", komi = komi),
        HandicapPolicy::ByRank => tr!(lang, "event-by-rank"),
    };
    let schedule = match t.schedule {
        Schedule::Continuous => tr!(lang, "event-schedule-continuous"),
        Schedule::Manual => tr!(lang, "event-schedule-manual"),
        Schedule::Timed => tr!(
            lang,
            "event-schedule-timed",
            every = t.round_interval.map(format_duration).unwrap_or_default()
        ),
    };
    let mut lines = vec![
        format_text(lang, t.format),
        tr!(
            lang,
            "event-board",
            size = size,
            rules = rules_name(lang, t.rules),
            balance = balance
        ),
        time_control_text(lang, t.time, Duration::ZERO),
        schedule,
        tr!(
            lang,
            "event-penalties",
            window = format_duration(t.start_window),
            absences = t.absences_allowed
        ),
    ];
    if t.colours == ColourRule::Nigiri {
        lines.push(tr!(lang, "event-colours-nigiri"));
    }
    if t.ranked {
        lines.push(tr!(lang, "terms-ranked"));
    }
    if let Some(role) = t.role {
        lines.push(tr!(lang, "event-entry-role", role = format!("<@&{role}>")));
    }
    if let Some(channel) = t.relay {
        lines.push(tr!(lang, "event-relay", channel = format!("<#{channel}>")));
    }
    if t.min_ranked_games > 0 {
        lines.push(tr!(lang, "event-entry-games", games = t.min_ranked_games));
    }
    lines.join("\n")
}

/// Where the event stands, in a line: in registration, until when and whether still open.
fn stage_text(lang: Lang, t: &Tournament, now: Timestamp) -> String {
    let count = u32::try_from(t.entries.len()).unwrap_or(u32::MAX);
    let max = u32::try_from(t.terms.capacity()).unwrap_or(u32::MAX);
    match t.stage {
        Stage::Registration if !t.registration_open(now) => {
            tr!(lang, "event-stage-registration-closed", count = count)
        }
        Stage::Registration => {
            let open = tr!(lang, "event-stage-registration", count = count, max = max);
            match t.registration_closes_at() {
                Some(closes) => format!(
                    "{open} {}",
                    tr!(lang, "event-registration-until", closes = deadline(closes))
                ),
                None => open,
            }
        }
        Stage::Running => tr!(lang, "event-stage-running", round = t.round),
        Stage::Finished => tr!(lang, "event-stage-finished"),
        Stage::Cancelled => tr!(lang, "event-stage-cancelled"),
    }
}

/// A moment as Discord shows it to each reader, in their own time zone and language: the date
/// and time, and how far off it is (`<t:…:f>`, `<t:…:R>`).
fn deadline(at: Timestamp) -> String {
    format!("<t:{0}:f> ({1})", at.seconds(), super::relative_time(at))
}

/// One player of the list: `3. @name`, with a team in an arena, and why they are out.
fn entry_line(lang: Lang, t: &Tournament, seat: usize) -> String {
    let Some(e) = t.entries.get(seat) else {
        return String::new();
    };
    let mut line = format!("{}. {}", seat + 1, mention(e.user));
    if let Some(team) = e.team {
        line.push_str(&format!(
            " · {}",
            tr!(lang, "event-team", team = u32::from(team) + 1)
        ));
    }
    match e.status {
        EntryStatus::Active => {}
        EntryStatus::Withdrawn => line.push_str(&format!(" · {}", tr!(lang, "event-withdrawn"))),
        EntryStatus::Removed => line.push_str(&format!(" · {}", tr!(lang, "event-removed"))),
    }
    line
}

/// Lines joined by newlines, cut to fit `max` characters (the rest counted in a last line).
fn fit(lang: Lang, lines: &[String], max: usize) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if out.len() + line.len() + 1 > max.saturating_sub(40) {
            let more = u32::try_from(lines.len() - i).unwrap_or(u32::MAX);
            out.push_str(&tr!(lang, "event-and-more", count = more));
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The announcement's embed at `now`: the name, its purpose, the terms, where it stands (with
/// its registration deadline), the players.
pub fn announcement(t: &Tournament, now: Timestamp, lang: Lang) -> CreateEmbed {
    let players: Vec<String> = (0..t.entries.len())
        .map(|seat| entry_line(lang, t, seat))
        .collect();
    let list = if players.is_empty() {
        tr!(lang, "event-no-players")
    } else {
        fit(lang, &players, FIELD_MAX)
    };
    let purpose = t
        .terms
        .purpose
        .as_ref()
        .map(|p| format!("{}\n\n", tr!(lang, "event-purpose", purpose = p.clone())))
        .unwrap_or_default();
    let description = format!(
        "{purpose}{}\n\n**{}**",
        terms_text(lang, &t.terms),
        stage_text(lang, t, now)
    );
    CreateEmbed::new()
        .title(tr!(
            lang,
            "event-heading",
            name = t.name.clone(),
            id = t.id.get()
        ))
        .description(description)
        .field(tr!(lang, "event-players"), list, false)
}

/// The announcement's buttons at `now`: Join while registration is open, Leave until the
/// event starts; none after.
pub fn components(t: &Tournament, now: Timestamp, lang: Lang) -> Vec<CreateActionRow> {
    if t.stage != Stage::Registration {
        return Vec::new();
    }
    let mut buttons = Vec::new();
    if t.registration_open(now) {
        buttons.push(
            CreateButton::new(ButtonId::JoinEvent { event: t.id }.to_string())
                .label(tr!(lang, "button-join"))
                .style(ButtonStyle::Success),
        );
    }
    buttons.push(
        CreateButton::new(ButtonId::LeaveEvent { event: t.id }.to_string())
            .label(tr!(lang, "button-leave"))
            .style(ButtonStyle::Secondary),
    );
    vec![CreateActionRow::Buttons(buttons)]
}

/// A round's pairings: one line a board, Black first; byes and games lost without play.
pub fn round_text(t: &Tournament, round: u32, lang: Lang) -> String {
    let user = |seat: usize| {
        t.entries
            .get(seat)
            .map(|e| mention(e.user))
            .unwrap_or_default()
    };
    let number = |g: &crate::game::events::EventGame| t.board_number(g).unwrap_or(g.board + 1);
    let lines: Vec<String> = t
        .games
        .iter()
        .filter(|g| g.round == round)
        .map(|g| match (g.place, g.result) {
            (Board::Bye(seat), _) => tr!(lang, "event-bye-line", player = user(seat)),
            (Board::Game(p), Some((outcome, true))) if g.match_id.is_none() => tr!(
                lang,
                "event-forfeit-line",
                board = number(g),
                black = user(p.black),
                white = user(p.white),
                result = outcome_text(lang, outcome)
            ),
            (Board::Game(p), _) => tr!(
                lang,
                "event-board-line",
                board = number(g),
                black = user(p.black),
                white = user(p.white)
            ),
        })
        .collect();
    // Under nigiri, a line before the boards says who guesses (it is never cut off).
    let note = if t.terms.colours == ColourRule::Nigiri {
        format!("{}\n", tr!(lang, "event-round-nigiri"))
    } else {
        String::new()
    };
    let head = tr!(
        lang,
        "event-round-heading",
        name = t.name.clone(),
        round = round
    );
    format!(
        "**{head}**\n{note}{}",
        fit(lang, &lines, CONTENT_MAX - head.len() - note.len() - 8)
    )
}

/// A game's result as the event reads it.
fn outcome_text(lang: Lang, o: Outcome) -> String {
    match o {
        Outcome::BlackWon => tr!(lang, "event-black-won"),
        Outcome::WhiteWon => tr!(lang, "event-white-won"),
        Outcome::Draw => tr!(lang, "event-draw"),
        Outcome::BothLost => tr!(lang, "event-both-lost"),
    }
}

/// The tiebreaks the event's format splits ties by, in the game's order, with their short
/// names.
pub fn tiebreaks(t: &Tournament, s: &Standing) -> Vec<(&'static str, u32)> {
    s.tiebreaks(t.terms.format.tiebreak())
        .into_iter()
        .map(|(aux, v)| (aux_name(aux), v))
        .collect()
}

/// The short name of an auxiliary figure, as go players write it.
fn aux_name(aux: Aux) -> &'static str {
    match aux {
        Aux::A1 => "A1",
        Aux::A2 => "A2",
        Aux::B1 => "B1",
        Aux::B2 => "B2",
        Aux::Sos => "SOS",
        Aux::Sodos => "SODOS",
        Aux::Sosos => "SOSOS",
    }
}

/// The standings as text: `1. @name — 3 (A1 4 · A2 0 · …)`.
pub fn standings_text(t: &Tournament, lang: Lang) -> String {
    let lines: Vec<String> = t
        .standings()
        .iter()
        .map(|s| {
            let who = t
                .entries
                .get(s.seat)
                .map(|e| mention(e.user))
                .unwrap_or_default();
            let ties: Vec<String> = tiebreaks(t, s)
                .into_iter()
                .map(|(name, v)| format!("{name} {}", half_points(v)))
                .collect();
            tr!(
                lang,
                "event-standings-line",
                place = u32::try_from(s.place).unwrap_or(u32::MAX),
                seat = u32::try_from(s.seat + 1).unwrap_or(u32::MAX),
                player = who,
                points = half_points(s.main_half),
                tiebreaks = ties.join(" · ")
            )
        })
        .collect();
    if lines.is_empty() {
        return tr!(lang, "event-no-players");
    }
    fit(lang, &lines, STANDINGS_MAX)
}

/// A timed round's time came with games still played: they wait for a referee.
pub fn overdue_text(
    t: &Tournament,
    round: u32,
    games: &[crate::game::MatchId],
    lang: Lang,
) -> String {
    let list: Vec<String> = games.iter().map(|g| format!("#{}", g.get())).collect();
    tr!(
        lang,
        "event-round-overdue",
        name = t.name.clone(),
        round = round,
        games = list.join(", ")
    )
}

/// A referee's ruling on a game, as posted where the event is announced.
pub fn ruling_text(
    t: &Tournament,
    m: &crate::game::Match,
    referee: crate::game::UserId,
    ruling: crate::game::Ruling,
    replay: Option<crate::game::MatchId>,
    lang: Lang,
) -> String {
    let now_played_by = replay.unwrap_or(m.id);
    let (round, board) = t
        .games
        .iter()
        .find(|g| g.match_id == Some(now_played_by))
        .map_or((t.round, 1), |g| {
            (g.round, t.board_number(g).unwrap_or(g.board + 1))
        });
    let what = ruling_words(ruling, m.players, replay, lang);
    tr!(
        lang,
        "ruling-line",
        name = t.name.clone(),
        round = round,
        board = board,
        referee = mention(referee),
        what = what
    )
}

/// What a ruling did, in words.
fn ruling_words(
    ruling: crate::game::Ruling,
    players: crate::go::ByColor<crate::game::UserId>,
    replay: Option<crate::game::MatchId>,
    lang: Lang,
) -> String {
    use crate::game::Ruling;
    match ruling {
        // Both players are named: the content's mentions are whom Discord notifies.
        Ruling::Award(c) => tr!(
            lang,
            "ruling-award",
            winner = mention(players[c]),
            loser = mention(players[!c])
        ),
        Ruling::Settle => tr!(
            lang,
            "ruling-settle",
            black = mention(players.black),
            white = mention(players.white)
        ),
        Ruling::Replay => tr!(
            lang,
            "ruling-replay",
            black = mention(players.black),
            white = mention(players.white),
            game = replay.map_or(0, |r| r.get())
        ),
    }
}

/// An event's rulings, one line each (its history), for its standings.
pub fn rulings_text(
    t: &Tournament,
    rulings: &[crate::game::read_models::RulingRecord],
    lang: Lang,
) -> String {
    let lines: Vec<String> = rulings
        .iter()
        .map(|r| {
            // The board's players (a replayed game keeps them); unknown, the referee stands in.
            let board = t
                .games
                .iter()
                .find(|g| g.round == r.round && g.board == r.board);
            let number = board.and_then(|g| t.board_number(g)).unwrap_or(r.board + 1);
            let players = board
                .and_then(|g| match g.place {
                    Board::Game(p) => Some((t.entries.get(p.black)?, t.entries.get(p.white)?)),
                    Board::Bye(_) => None,
                })
                .map_or(
                    crate::go::ByColor {
                        black: r.referee,
                        white: r.referee,
                    },
                    |(b, w)| crate::go::ByColor {
                        black: b.user,
                        white: w.user,
                    },
                );
            tr!(
                lang,
                "ruling-history-line",
                round = r.round,
                board = number,
                referee = mention(r.referee),
                what = ruling_words(r.ruling, players, r.replay, lang)
            )
        })
        .collect();
    if lines.is_empty() {
        String::new()
    } else {
        format!(
            "**{}**\n{}",
            tr!(lang, "ruling-history"),
            fit(lang, &lines, RULINGS_MAX)
        )
    }
}

/// The end of an event: its winner (the first of the standings) and the standings, or the
/// notice that it was called off.
pub fn end_text(t: &Tournament, lang: Lang) -> String {
    if t.stage == Stage::Cancelled {
        return tr!(lang, "event-cancelled", name = t.name.clone());
    }
    let name = t.name.clone();
    let head = match t.winner() {
        Some(Winner::Player(seat)) => {
            let player = t
                .entries
                .get(seat)
                .map(|e| mention(e.user))
                .unwrap_or_default();
            tr!(lang, "event-won", name = name, player = player)
        }
        Some(Winner::Team(team)) => {
            tr!(
                lang,
                "event-team-won",
                name = name,
                team = u32::from(team) + 1
            )
        }
        Some(Winner::Level) | None => tr!(lang, "event-drawn", name = name),
    };
    format!("{head}\n{}", standings_text(t, lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_read_as_players_write_them() {
        assert_eq!(half_points(0), "0");
        assert_eq!(half_points(1), "½");
        assert_eq!(half_points(6), "3");
        assert_eq!(half_points(5), "2½");
    }
}
