//! An event as the store's typed rows, and back: its terms in their stored form, its players
//! by seat, its boards by round. A row that does not hold together is an error for the event,
//! never a default.

use crate::go::{BoardSize, Komi};
use crate::store::{
    EntryRow, EntryStatusCode, EventGameRow, EventRow, EventStageCode, EventTermsSpec, OutcomeCode,
    StoreError, StoredEvent,
};

use super::match_rows::{time_control, time_spec};
use crate::game::events::{
    Board, ColourRule, Entry, EntryStatus, EventGame, EventTerms, Format, HandicapPolicy, Outcome,
    Pairing, Schedule, Stage, Tournament,
};
use crate::game::rating::Rank;
use crate::game::{ChannelId, EventId, GuildId, MatchId, UserId};
use crate::game::{Duration, Timestamp, millis_of};

/// A stored event that does not hold together.
fn bad(id: i64, cause: impl Into<String>) -> StoreError {
    StoreError::Row(crate::store::RowError {
        table: "events",
        id,
        cause: cause.into(),
    })
}

/// The stored form of an event's terms.
pub(super) fn terms_spec(t: &EventTerms) -> EventTermsSpec {
    let (rounds, bar, floor) = match t.format {
        Format::Swiss { rounds } => (Some(rounds), None, None),
        Format::McMahon { rounds, bar, floor } => (Some(rounds), Some(bar.0), Some(floor.0)),
        _ => (None, None, None),
    };
    EventTermsSpec {
        purpose: t.purpose.clone(),
        registration_ms: t
            .registration
            .map(|d| u64::try_from(millis_of(d)).unwrap_or(0)),
        format: t.format.name().to_owned(),
        rounds,
        bar,
        floor,
        size: t.size.get(),
        rules: t.rules.name().to_owned(),
        komi_half: t.komi.map(Komi::half_points),
        handicap: t.handicap.name().to_owned(),
        time: time_spec(t.time),
        ranked: t.ranked,
        role: t.role,
        relay: t.relay,
        min_ranked_games: t.min_ranked_games,
        max_players: t.max_players,
        schedule: t.schedule.name().to_owned(),
        start_window_ms: u64::try_from(millis_of(t.start_window)).unwrap_or(0),
        round_interval_ms: t
            .round_interval
            .map(|d| u64::try_from(millis_of(d)).unwrap_or(0)),
        absences_allowed: t.absences_allowed,
        colours: t.colours.name().to_owned(),
    }
}

/// An event's terms from their stored form.
fn terms_of(id: i64, s: &EventTermsSpec) -> Result<EventTerms, StoreError> {
    let rank = |n: Option<i8>| {
        n.map(Rank)
            .filter(|r| (Rank::WEAKEST..=Rank::STRONGEST).contains(r))
            .ok_or_else(|| bad(id, "a McMahon bar or floor that is no rank"))
    };
    let rounds = || {
        s.rounds
            .ok_or_else(|| bad(id, "a Swiss event without its rounds"))
    };
    let format = match Format::ALL.into_iter().find(|f| f.name() == s.format) {
        Some(Format::Swiss { .. }) => Format::Swiss { rounds: rounds()? },
        Some(Format::McMahon { .. }) => Format::McMahon {
            rounds: rounds()?,
            bar: rank(s.bar)?,
            floor: rank(s.floor)?,
        },
        Some(f) => f,
        None => return Err(bad(id, format!("no format {:?}", s.format))),
    };
    Ok(EventTerms {
        purpose: s.purpose.clone(),
        registration: s.registration_ms.map(Duration::from_millis),
        format,
        size: BoardSize::new(s.size).ok_or_else(|| bad(id, "a board size out of range"))?,
        rules: s
            .rules
            .parse()
            .map_err(|_| bad(id, format!("no rule set {:?}", s.rules)))?,
        komi: s.komi_half.map(Komi::from_half_points),
        handicap: HandicapPolicy::ALL
            .into_iter()
            .find(|h| h.name() == s.handicap)
            .ok_or_else(|| bad(id, format!("no handicap policy {:?}", s.handicap)))?,
        time: time_control(s.time),
        ranked: s.ranked,
        role: s.role,
        relay: s.relay,
        min_ranked_games: s.min_ranked_games,
        max_players: s.max_players,
        schedule: Schedule::ALL
            .into_iter()
            .find(|h| h.name() == s.schedule)
            .ok_or_else(|| bad(id, format!("no schedule {:?}", s.schedule)))?,
        start_window: Duration::from_millis(s.start_window_ms),
        round_interval: s.round_interval_ms.map(Duration::from_millis),
        absences_allowed: s.absences_allowed,
        colours: [ColourRule::ByPairing, ColourRule::Nigiri]
            .into_iter()
            .find(|c| c.name() == s.colours)
            .ok_or_else(|| bad(id, format!("no colour rule {:?}", s.colours)))?,
    })
}

fn stage_code(s: Stage) -> EventStageCode {
    match s {
        Stage::Registration => EventStageCode::Registration,
        Stage::Running => EventStageCode::Running,
        Stage::Finished => EventStageCode::Finished,
        Stage::Cancelled => EventStageCode::Cancelled,
    }
}

/// The stored code of how an event's game ended, and back.
pub(super) fn outcome_code(o: Outcome) -> OutcomeCode {
    match o {
        Outcome::BlackWon => OutcomeCode::Black,
        Outcome::WhiteWon => OutcomeCode::White,
        Outcome::Draw => OutcomeCode::Draw,
        Outcome::BothLost => OutcomeCode::BothLost,
    }
}

fn outcome_of(c: OutcomeCode) -> Outcome {
    match c {
        OutcomeCode::Black => Outcome::BlackWon,
        OutcomeCode::White => Outcome::WhiteWon,
        OutcomeCode::Draw => Outcome::Draw,
        OutcomeCode::BothLost => Outcome::BothLost,
    }
}

/// The row of an event, its stage and round as they are now.
pub(super) fn event_row(t: &Tournament) -> EventRow {
    EventRow {
        id: t.id.get(),
        guild: t.guild.get(),
        channel: t.channel.get(),
        name: t.name.clone(),
        created_by: t.created_by.get(),
        created_at: t.created_at.millis(),
        terms: terms_spec(&t.terms),
        stage: stage_code(t.stage),
        round: t.round,
        round_started_at: t.round_started_at.map(Timestamp::millis),
    }
}

/// The rows of an event's players, by seat.
pub(super) fn entry_rows(t: &Tournament) -> Vec<EntryRow> {
    t.entries
        .iter()
        .enumerate()
        .map(|(seat, e)| EntryRow {
            event_id: t.id.get(),
            seat: u32::try_from(seat).unwrap_or(u32::MAX),
            user: e.user.get(),
            status: match e.status {
                EntryStatus::Active => EntryStatusCode::Active,
                EntryStatus::Withdrawn => EntryStatusCode::Withdrawn,
                EntryStatus::Removed => EntryStatusCode::Removed,
            },
            absences: e.absences,
            team: e.team,
            rank: i64::from(e.rank.0),
            rating: e.rating,
        })
        .collect()
}

/// The row of one board of an event.
pub(super) fn game_row(t: &Tournament, g: &EventGame) -> EventGameRow {
    let seat = |s: usize| u32::try_from(s).unwrap_or(u32::MAX);
    let (black, white) = match g.place {
        Board::Game(p) => (seat(p.black), Some(seat(p.white))),
        Board::Bye(s) => (seat(s), None),
    };
    EventGameRow {
        event_id: t.id.get(),
        round: g.round,
        board: g.board,
        black,
        white,
        match_id: g.match_id.map(MatchId::get),
        outcome: g.result.map(|(o, _)| outcome_code(o)),
        forfeit: g.result.is_some_and(|(_, f)| f),
    }
}

/// An event from its rows.
///
/// # Errors
/// Terms that do not read, a seat out of place, a rank out of range, a board naming a seat
/// the event does not have.
pub(super) fn tournament_of(stored: StoredEvent) -> Result<Tournament, StoreError> {
    let (row, entries, games) = stored;
    let id = row.id;
    let terms = terms_of(id, &row.terms)?;
    let mut list = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        if usize::try_from(e.seat).ok() != Some(i) {
            return Err(bad(id, format!("seat {} out of place", e.seat)));
        }
        let rank = i8::try_from(e.rank)
            .ok()
            .map(Rank)
            .filter(|r| (Rank::WEAKEST..=Rank::STRONGEST).contains(r))
            .ok_or_else(|| bad(id, format!("a rank of {} is no rank", e.rank)))?;
        list.push(Entry {
            user: UserId(e.user),
            status: match e.status {
                EntryStatusCode::Active => EntryStatus::Active,
                EntryStatusCode::Withdrawn => EntryStatus::Withdrawn,
                EntryStatusCode::Removed => EntryStatus::Removed,
            },
            absences: e.absences,
            team: e.team,
            rank,
            rating: e.rating,
        });
    }
    let seats = list.len();
    let seat = |s: u32| {
        usize::try_from(s)
            .ok()
            .filter(|&s| s < seats)
            .ok_or_else(|| bad(id, format!("a board names seat {s}, not in the event")))
    };
    let mut boards = Vec::with_capacity(games.len());
    for g in &games {
        let place = match g.white {
            Some(w) => Board::Game(Pairing {
                black: seat(g.black)?,
                white: seat(w)?,
            }),
            None => Board::Bye(seat(g.black)?),
        };
        boards.push(EventGame {
            round: g.round,
            board: g.board,
            place,
            match_id: g.match_id.map(MatchId),
            result: g.outcome.map(|o| (outcome_of(o), g.forfeit)),
        });
    }
    Ok(Tournament {
        id: EventId(id),
        guild: GuildId(row.guild),
        channel: ChannelId(row.channel),
        name: row.name,
        created_by: UserId(row.created_by),
        created_at: Timestamp::from_millis(row.created_at),
        terms,
        stage: match row.stage {
            EventStageCode::Registration => Stage::Registration,
            EventStageCode::Running => Stage::Running,
            EventStageCode::Finished => Stage::Finished,
            EventStageCode::Cancelled => Stage::Cancelled,
        },
        round: row.round,
        round_started_at: row.round_started_at.map(Timestamp::from_millis),
        entries: list,
        games: boards,
    })
}
