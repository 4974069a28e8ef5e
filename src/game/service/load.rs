//! Start-up: every running match and pending invitation loaded back from the database, each
//! on its own, so that one row that does not decode is reported and kept out of play while
//! every other game starts.

use std::collections::HashMap;
use std::sync::atomic::AtomicI64;
use std::sync::{Arc, Mutex, RwLock};

use crate::go::IllegalMove;
use crate::store::{MatchRow, RowError, Store};

use super::super::invitation::Lobby;
use super::super::matches::{Ending, Match};
use super::super::refusal::{Failure, Refusal};
use super::super::settings::Settings;
use super::super::time::{Duration, Timestamp};
use super::super::timers::Timers;
use super::super::{ChannelId, Event, GuildId, MatchId, Outcome, Subject, UserId};
use super::match_rows::{finish_phase, invitation_from_row, match_skeleton, replay_move};
use super::{Service, ServiceError, lock};

/// Games against the computer at once, unless the host says otherwise.
pub const DEFAULT_COMPUTER_GAMES: usize = 4;

/// Why a stored match could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Row(#[from] RowError),
    #[error("move {0} is missing")]
    MissingMove(u32),
    #[error("move {number} is illegal: {cause}")]
    Illegal { number: u32, cause: IllegalMove },
    #[error("{stored} moves stored, {expected} expected")]
    MoveCount { stored: usize, expected: u32 },
    #[error("the row does not hold together: {0}")]
    Inconsistent(Inconsistency),
}

/// How a stored match's row contradicts itself (or its moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Inconsistency {
    #[error("a finished game without a result")]
    FinishedWithoutResult,
    #[error("a negative duration in the settings snapshot")]
    NegativeDuration,
    #[error("a game over by passes still in play")]
    OverStillInPlay,
    #[error("an agreement before two passes")]
    EarlyAgreement,
    #[error("an ended game without an ending")]
    EndedWithoutEnding,
    #[error("the resumptions stored are not the moves'")]
    Resumptions,
    #[error("moves before the nigiri decided the colours")]
    MovesBeforeNigiri,
    #[error("a team game's sides do not hold together")]
    Teams,
}

/// A stored game or invitation that could not be loaded, with where it was and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadProblem {
    pub subject: Subject,
    /// Where it was played (plain numbers, readable even when the rest of the row is not).
    pub guild: Option<GuildId>,
    pub channel: Option<ChannelId>,
    pub players: Option<[UserId; 2]>,
    pub error: LoadError,
}

/// The running matches as loaded, and the problems of those that were not.
struct Loaded {
    max_id: i64,
    matches: Vec<Match>,
    invitations: Vec<super::super::Invitation>,
    problems: Vec<LoadProblem>,
    /// When the bot last said it was alive.
    alive_at: Option<i64>,
    /// The events not over.
    events: Vec<i64>,
}

impl Service {
    /// Notes that the bot is alive at `now`: after a restart, the time since the last note is
    /// what players on real clocks get back. The runtime notes it every few seconds and when it
    /// stops.
    ///
    /// # Errors
    /// The database failed.
    pub fn mark_alive(&self, now: Timestamp) -> Result<(), Failure> {
        self.store.write(|tx| tx.set_alive_at(now.millis()))?;
        Ok(())
    }

    /// Opens the service on `store` at `now`: every running match and pending invitation is
    /// loaded back and its deadlines re-armed; a turn whose deadline fell while the bot was down
    /// gets a fresh turn (SPEC §5), kept in memory until the match's next commit and reported
    /// by [`Service::take_recovered`].
    ///
    /// A stored match that cannot be loaded is left out (see [`Service::load_problems`]) rather
    /// than keeping every other game from starting.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn open(store: Arc<Store>, now: Timestamp) -> Result<Service, ServiceError> {
        let loaded = store.read(load_all)?;
        let mut lobby = Lobby::default();
        let mut timers = Timers::default();
        for inv in loaded.invitations {
            timers.set(Subject::Invitation(inv.id), Some(inv.expires_at));
            lobby.invitations.insert(inv.id, inv);
        }
        let mut matches = HashMap::with_capacity(loaded.matches.len());
        let mut recovered = Vec::new();
        // Renewed deadlines are not written back: the stored ones stay in the past, so a second
        // restart renews them again (what SPEC §5 asks), and the match's next commit writes its
        // whole live row anyway. Start-up stays a pure read.
        // The time the bot was down, given back to players on real clocks: from the last
        // moment it said it was alive (see [`Service::mark_alive`]).
        let downtime = loaded
            .alive_at
            .map_or(Duration::ZERO, |at| Timestamp::from_millis(at).until(now));
        // Every running event looks again at once: a round may have ended while the bot was
        // down, or a crash may have come between a game's end and the next round.
        for &id in &loaded.events {
            timers.set(Subject::Event(super::super::EventId(id)), Some(now));
        }
        for mut m in loaded.matches {
            let events = m.resume(now, downtime);
            lobby.seat_match(&m);
            timers.set(Subject::Match(m.id), m.next_deadline());
            if !events.is_empty() {
                recovered.push(Outcome::of_match(&m, events));
            }
            matches.insert(m.id, Arc::new(Mutex::new(m)));
        }
        recovered.sort_by_key(|o| o.subject);
        // Time given back on a real clock is written at once: unlike a renewed turn, it must
        // not be given again (or lost) at a second restart before the game's next move.
        let given: Vec<crate::store::MatchLive> = matches
            .values()
            .map(|cell| lock(cell))
            .filter(|m| !m.given_back.is_zero())
            .map(|m| super::match_rows::live_of(&m))
            .collect();
        let ids: Vec<i64> = matches
            .values()
            .map(|cell| lock(cell))
            .filter(|m| !m.given_back.is_zero())
            .map(|m| m.id.get())
            .collect();
        if !given.is_empty() {
            store.write(|tx| {
                for (id, live) in ids.iter().zip(&given) {
                    tx.update_match(*id, live)?;
                }
                tx.set_alive_at(now.millis())
            })?;
        }
        Ok(Service {
            store,
            lobby: Mutex::new(lobby),
            matches: RwLock::new(matches),
            settings: RwLock::new(HashMap::new()),
            settings_edit: Mutex::new(()),
            events: Mutex::new(()),
            timers: Mutex::new(timers),
            next_id: AtomicI64::new(loaded.max_id + 1),
            problems: Mutex::new(loaded.problems),
            recovered: Mutex::new(recovered),
            computer_limit: std::sync::atomic::AtomicUsize::new(DEFAULT_COMPUTER_GAMES),
        })
    }

    /// A match from memory if running, else from the database (any phase).
    ///
    /// # Errors
    /// The database failed, or the stored match cannot be replayed.
    pub fn load_match(&self, id: MatchId) -> Result<Option<Match>, Failure> {
        if let Some(m) = self.snapshot(id) {
            return Ok(Some(m));
        }
        let found = self.store.read(|tx| {
            let Some(row) = tx.match_row(id.get())? else {
                return Ok::<_, crate::store::StoreError>(None);
            };
            Ok(Some((row, tx.moves(id.get())?)))
        })?;
        let Some((row, moves)) = found else {
            return Ok(None);
        };
        let mut m = match_skeleton(&row).map_err(|e| load_failure(id, e))?;
        for mv in &moves {
            replay_move(&mut m, mv).map_err(|e| load_failure(id, e))?;
        }
        finish_phase(&mut m, &row).map_err(|e| load_failure(id, e))?;
        self.store.read(|tx| open_ballot(tx, &mut m))?;
        Ok(Some(m))
    }

    /// A moderator annuls a game that could not be loaded: it ends with no result, as stored.
    pub(super) fn annul_unloadable(
        &self,
        guild: GuildId,
        id: MatchId,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let mut problems = lock(&self.problems);
        let Some(i) = problems
            .iter()
            .position(|p| p.subject == Subject::Match(id) && p.guild == Some(guild))
        else {
            return Err(Refusal::NoSuchGame.into());
        };
        self.store
            .write(|tx| tx.annul_unloadable(id.get(), now.millis()))?;
        let problem = problems.remove(i);
        Ok(Outcome {
            subject: Subject::Match(id),
            guild,
            channel: problem.channel,
            events: vec![Event::Ended {
                match_id: id,
                ending: Ending::Annulled,
                players: problem.players,
            }],
            to_move: None,
            deadline: None,
        })
    }
}

fn load_failure(id: MatchId, error: LoadError) -> Failure {
    Failure::Unloadable {
        match_id: id,
        error,
    }
}

/// Reads and replays everything running, in one read transaction.
fn load_all(tx: &crate::store::Tx<'_>) -> Result<Loaded, crate::store::StoreError> {
    let max_id = tx.max_id()?;
    let (matches, broken) = load_matches(tx)?;
    let mut problems: Vec<LoadProblem> = broken
        .into_iter()
        .map(|(id, error)| {
            let basics = tx.match_basics(id).ok().flatten();
            LoadProblem {
                subject: Subject::Match(MatchId(id)),
                guild: basics.map(|b| GuildId(b.0)),
                channel: basics.map(|b| ChannelId(b.1)),
                players: basics.map(|b| [UserId(b.2), UserId(b.3)]),
                error,
            }
        })
        .collect();
    let invitations = load_invitations(tx, &mut problems)?;
    problems.sort_by_key(|p| p.subject);
    Ok(Loaded {
        max_id,
        matches,
        invitations,
        problems,
        alive_at: tx.alive_at()?,
        events: tx.open_events()?,
    })
}

/// The matches that could not be loaded, by id, with why.
type Broken = Vec<(i64, LoadError)>;

/// The running matches, replayed; and those that could not be, with why.
fn load_matches(
    tx: &crate::store::Tx<'_>,
) -> Result<(Vec<Match>, Broken), crate::store::StoreError> {
    let mut problems = Vec::new();
    let mut loading: HashMap<i64, (Match, MatchRow)> = HashMap::new();
    for row in tx.running_matches()? {
        match row {
            Ok(r) => match match_skeleton(&r) {
                Ok(m) => {
                    loading.insert(r.id, (m, r));
                }
                Err(e) => problems.push((r.id, e)),
            },
            Err(e) => problems.push((e.id, LoadError::Row(e))),
        }
    }
    // Replay as the rows stream by: no copy of 600,000 rows in between.
    let mut broken: HashMap<i64, LoadError> = HashMap::new();
    tx.moves_of_running(|mv| {
        let (id, result) = match mv {
            Ok(mv) => (
                mv.match_id,
                loading
                    .get_mut(&mv.match_id)
                    .filter(|_| !broken.contains_key(&mv.match_id))
                    .map_or(Ok(()), |(m, _)| replay_move(m, &mv)),
            ),
            Err(e) => (e.id, Err(LoadError::Row(e))),
        };
        if let Err(e) = result {
            broken.entry(id).or_insert(e);
        }
        Ok(())
    })?;
    let mut matches = Vec::with_capacity(loading.len());
    for (id, (mut m, row)) in loading {
        match broken.remove(&id) {
            Some(e) => problems.push((id, e)),
            None => match finish_phase(&mut m, &row) {
                Ok(()) => {
                    open_ballot(tx, &mut m)?;
                    matches.push(m);
                }
                Err(e) => problems.push((id, e)),
            },
        }
    }
    // No sort: a match is large (two boards), and they go into a map by id anyway.
    Ok((matches, problems))
}

/// A running consultation's votes on the move it is to make: kept across a restart.
fn open_ballot(tx: &crate::store::Tx<'_>, m: &mut Match) -> Result<(), crate::store::StoreError> {
    if !m.is_consultation() || !m.is_running() {
        return Ok(());
    }
    let number = m.move_count() + 1;
    m.ballot = tx
        .votes(m.id.get())?
        .iter()
        .filter(|v| v.number == number)
        .filter_map(super::match_rows::vote_of)
        .collect();
    m.ballot.sort_by_key(|v| v.at);
    Ok(())
}

/// The pending invitations; a row that does not decode goes to `problems`.
fn load_invitations(
    tx: &crate::store::Tx<'_>,
    problems: &mut Vec<LoadProblem>,
) -> Result<Vec<super::super::Invitation>, crate::store::StoreError> {
    let mut invitations = Vec::new();
    let mut settings: HashMap<u64, Settings> = HashMap::new();
    for row in tx.pending_invitations()? {
        match row {
            Ok(r) => {
                let s = match settings.entry(r.guild) {
                    std::collections::hash_map::Entry::Occupied(e) => e.get().clone(),
                    std::collections::hash_map::Entry::Vacant(e) => {
                        let pairs = tx.settings(r.guild)?;
                        e.insert(Settings::from_pairs(&pairs).0).clone()
                    }
                };
                invitations.push(invitation_from_row(&r, &s));
            }
            Err(e) => problems.push(LoadProblem {
                subject: Subject::Invitation(super::super::InvitationId(e.id)),
                guild: None,
                channel: None,
                players: None,
                error: LoadError::Row(e),
            }),
        }
    }
    Ok(invitations)
}
