//! An event as the store's typed rows, and back: its terms in their stored form, its players
//! by seat, its boards by round. A row that does not hold together is an error for the event,
//! never a default.

use crate::go::{BoardSize, Komi};
use crate::store::{EntryRow, EventGameRow, EventRow, EventTermsSpec, StoreError, StoredEvent};

use crate::game::events::terms::FormatKind;
use crate::game::events::{Board, Entry, EventGame, EventTerms, Format, Pairing, Tournament};
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
        format: FormatKind::from(t.format),
        rounds,
        bar,
        floor,
        size: t.size.get(),
        rules: t.rules,
        komi_half: t.komi.map(Komi::half_points),
        handicap: t.handicap,
        time: t.time,
        ranked: t.ranked,
        role: t.role,
        relay: t.relay,
        min_ranked_games: t.min_ranked_games,
        max_players: t.max_players,
        schedule: t.schedule,
        start_window_ms: u64::try_from(millis_of(t.start_window)).unwrap_or(0),
        round_interval_ms: t
            .round_interval
            .map(|d| u64::try_from(millis_of(d)).unwrap_or(0)),
        absences_allowed: t.absences_allowed,
        colours: t.colours,
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
    let format = match s.format {
        FormatKind::RoundRobin => Format::RoundRobin,
        FormatKind::Knockout => Format::Knockout,
        FormatKind::DoubleKnockout => Format::DoubleKnockout,
        FormatKind::Swiss => Format::Swiss { rounds: rounds()? },
        FormatKind::McMahon => Format::McMahon {
            rounds: rounds()?,
            bar: rank(s.bar)?,
            floor: rank(s.floor)?,
        },
        FormatKind::Arena => Format::Arena,
        FormatKind::TenGame => Format::TenGame,
    };
    Ok(EventTerms {
        purpose: s.purpose.clone(),
        registration: s.registration_ms.map(Duration::from_millis),
        format,
        size: BoardSize::new(s.size).ok_or_else(|| bad(id, "a board size out of range"))?,
        rules: s.rules,
        komi: s.komi_half.map(Komi::from_half_points),
        handicap: s.handicap,
        time: s.time,
        ranked: s.ranked,
        role: s.role,
        relay: s.relay,
        min_ranked_games: s.min_ranked_games,
        max_players: s.max_players,
        schedule: s.schedule,
        start_window: Duration::from_millis(s.start_window_ms),
        round_interval: s.round_interval_ms.map(Duration::from_millis),
        absences_allowed: s.absences_allowed,
        colours: s.colours,
    })
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
        stage: t.stage,
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
            status: e.status,
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
        outcome: g.result.map(|(o, _)| o),
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
            status: e.status,
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
            result: g.outcome.map(|o| (o, g.forfeit)),
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
        stage: row.stage,
        round: row.round,
        round_started_at: row.round_started_at.map(Timestamp::from_millis),
        entries: list,
        games: boards,
    })
}
