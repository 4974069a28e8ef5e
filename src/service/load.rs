//! Start-up: every running match and pending invitation loaded back from the database, each
//! on its own, so that one row that does not decode is reported and kept out of play while
//! every other game starts.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use crate::go::IllegalMove;
use crate::store::{MatchRow, RowError, Scope, Store};

use super::Failure;
use super::match_rows::{finish_phase, invitation_from_row, match_skeleton, replay_move};
use super::{Service, ServiceError, lock};
use crate::game::Refusal;
use crate::game::Timers;
use crate::game::invitation::Lobby;
use crate::game::matches::{Ending, Match};
use crate::game::settings::Settings;
use crate::game::{ChannelId, Event, GuildId, MatchId, Outcome, Subject, UserId};
use crate::game::{Duration, Timestamp};

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
    invitations: Vec<crate::game::Invitation>,
    problems: Vec<LoadProblem>,
    /// When the games' servers last said they were alive.
    alive: AliveNotes,
    /// The events not over.
    events: Vec<i64>,
    /// The servers with a daily problem channel.
    dailies: Vec<u64>,
    /// The servers with someone waiting in their seek queue.
    seeks: Vec<u64>,
}

impl Service {
    /// Notes that the bot is alive at `now`: after a restart, the time since the last note is
    /// what players on real clocks get back. The runtime notes it every few seconds and when it
    /// stops; a process serving some of Discord's shards notes it for each of them, for the
    /// process that may take them over.
    ///
    /// # Errors
    /// The database failed.
    pub fn mark_alive(&self, now: Timestamp) -> Result<(), Failure> {
        let scope = self.scope();
        self.store.write(|tx| {
            tx.set_alive_at(now.millis())?;
            if let Scope::Shards { total, held } = &scope {
                tx.set_shards_alive_at(*total, held, now.millis())?;
            }
            Ok::<_, crate::store::StoreError>(())
        })?;
        Ok(())
    }

    /// The guilds this service serves.
    pub fn scope(&self) -> Scope {
        lock(&self.scope).clone()
    }

    /// Opens the service on `store` at `now`, serving every guild (see [`Service::open_scoped`]).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn open(store: Arc<Store>, now: Timestamp) -> Result<Service, ServiceError> {
        Service::open_scoped(store, now, Scope::All)
    }

    /// Opens the service on `store` at `now` for the guilds of `scope`: every running match
    /// and pending invitation of theirs is loaded back and its deadlines re-armed; a turn whose
    /// deadline fell while no process served it gets a fresh turn (SPEC §5), kept in memory
    /// until the match's next commit and reported by [`Service::take_recovered`].
    ///
    /// A stored match that cannot be loaded is left out (see [`Service::load_problems`]) rather
    /// than keeping every other game from starting.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn open_scoped(
        store: Arc<Store>,
        now: Timestamp,
        scope: Scope,
    ) -> Result<Service, ServiceError> {
        let empty = match &scope {
            Scope::All => Scope::All,
            Scope::Shards { total, .. } => Scope::Shards {
                total: *total,
                held: Vec::new(),
            },
        };
        let service = Service {
            store,
            scope: Mutex::new(empty),
            ids: Mutex::new(IdBlock::default()),
            lobby: Mutex::new(Lobby::default()),
            matches: RwLock::new(HashMap::new()),
            settings: RwLock::new(HashMap::new()),
            settings_edit: Mutex::new(()),
            events: Mutex::new(()),
            timers: Mutex::new(Timers::default()),
            problems: Mutex::new(Vec::new()),
            recovered: Mutex::new(Vec::new()),
            computer_limit: std::sync::atomic::AtomicUsize::new(DEFAULT_COMPUTER_GAMES),
            problem_set: std::sync::RwLock::new(Arc::new(
                crate::problems::ProblemSet::shipped()
                    .cloned()
                    .unwrap_or_default(),
            )),
            training: Mutex::new(()),
        };
        let recovered = service.adopt(scope, now)?;
        *lock(&service.recovered) = recovered;
        Ok(service)
    }

    /// Takes on the guilds of `more` (shards another process served until it died, or this
    /// service's first ones): their running matches and pending invitations loaded and armed
    /// as at start-up, the time since their last server's last sign of life given back.
    /// Returns what that changed (turns renewed, time given back) for the front end to show.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn adopt(&self, more: Scope, now: Timestamp) -> Result<Vec<Outcome>, ServiceError> {
        let loaded = self.store.read(|tx| load_all(tx, &more))?;
        {
            let mut ids = lock(&self.ids);
            ids.floor = ids.floor.max(loaded.max_id + 1);
        }
        let mut recovered = Vec::new();
        let mut given: Vec<(i64, crate::store::MatchLive)> = Vec::new();
        {
            let mut lobby = lock(&self.lobby);
            let mut timers = lock(&self.timers);
            for inv in loaded.invitations {
                timers.set(Subject::Invitation(inv.id), Some(inv.expires_at));
                lobby.invitations.insert(inv.id, inv);
            }
            // Every running event looks again at once: a round may have ended while no one
            // served it, or a crash may have come between a game's end and the next round.
            for &id in &loaded.events {
                timers.set(Subject::Event(crate::game::EventId(id)), Some(now));
            }
            // Every daily problem looks at once: a post that fell due while no one served
            // the server is made now (once: its day's row keeps it from a second).
            for &guild in &loaded.dailies {
                timers.set(Subject::Daily(crate::game::GuildId(guild)), Some(now));
            }
            // Every seek queue is paired again at once: windows widened while no one served it.
            for &guild in &loaded.seeks {
                timers.set(Subject::Seek(crate::game::GuildId(guild)), Some(now));
            }
            let mut matches = self.matches.write().unwrap_or_else(|e| e.into_inner());
            // Renewed deadlines are not written back: the stored ones stay in the past, so a
            // second restart renews them again (what SPEC §5 asks), and the match's next commit
            // writes its whole live row anyway.
            for mut m in loaded.matches {
                // The time the game was not served, given back to players on real clocks:
                // from the last moment its server said it was alive.
                let downtime = loaded
                    .alive
                    .of(&more, m.guild.0)
                    .map_or(Duration::ZERO, |at| Timestamp::from_millis(at).until(now));
                let events = m.resume(now, downtime);
                lobby.seat_match(&m);
                timers.set(Subject::Match(m.id), m.next_deadline());
                if !events.is_empty() {
                    recovered.push(Outcome::of_match(&m, events));
                }
                // Time given back on a real clock is written at once: unlike a renewed turn,
                // it must not be given again (or lost) at a second restart before the next move.
                if !m.given_back.is_zero() {
                    given.push((m.id.get(), super::match_rows::live_of(&m)));
                }
                matches.insert(m.id, Arc::new(Mutex::new(m)));
            }
        }
        recovered.sort_by_key(|o| o.subject);
        lock(&self.problems).extend(loaded.problems);
        let scope = {
            let mut scope = lock(&self.scope);
            if let (
                Scope::Shards { held, .. },
                Scope::Shards {
                    held: newly_held, ..
                },
            ) = (&mut *scope, &more)
            {
                for s in newly_held {
                    if !held.contains(s) {
                        held.push(*s);
                    }
                }
                held.sort_unstable();
            }
            scope.clone()
        };
        if !given.is_empty() {
            self.store.write(|tx| {
                for (id, live) in &given {
                    tx.update_match(*id, live)?;
                }
                tx.set_alive_at(now.millis())?;
                if let Scope::Shards { total, held } = &scope {
                    tx.set_shards_alive_at(*total, held, now.millis())?;
                }
                Ok::<_, crate::store::StoreError>(())
            })?;
        }
        Ok(recovered)
    }

    /// A new id for a match, an invitation or an event: from this process's block, a new
    /// block taken from the database when it runs out (processes on one database never give
    /// the same id).
    pub(super) fn take_id(&self) -> Result<i64, Failure> {
        let mut ids = lock(&self.ids);
        if ids.next >= ids.end {
            let floor = ids.floor;
            let start = self.store.write(|tx| tx.reserve_ids(floor))?;
            ids.next = start;
            ids.end = start + crate::store::ID_BLOCK;
            ids.floor = ids.end;
        }
        let id = ids.next;
        ids.next += 1;
        Ok(id)
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
        m.estimates = self
            .store
            .read(|tx| tx.estimates_used(id.get()))?
            .into_iter()
            .map(|(user, used)| (UserId(user), used))
            .collect();
        m.estimates.sort_unstable_by_key(|&(user, _)| user);
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

/// When the servers of the games last said they were alive: the whole database's note, and
/// each shard's.
struct AliveNotes {
    all: Option<i64>,
    shards: HashMap<u32, i64>,
}

impl AliveNotes {
    /// The last sign of life of the server of `guild`'s games: its shard's note, else the
    /// database's (a database served by one process before).
    fn of(&self, scope: &Scope, guild: u64) -> Option<i64> {
        scope
            .shard(guild)
            .and_then(|s| self.shards.get(&s).copied())
            .or(self.all)
    }
}

/// The ids a service hands out: the rest of its block, and the least the next block may start
/// from (above every id stored when it loaded).
#[derive(Default)]
pub(super) struct IdBlock {
    next: i64,
    end: i64,
    floor: i64,
}

/// Reads and replays everything running in `scope`, in one read transaction.
fn load_all(tx: &crate::store::Tx<'_>, scope: &Scope) -> Result<Loaded, crate::store::StoreError> {
    let max_id = tx.max_id()?;
    let (matches, broken) = load_matches(tx, scope)?;
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
    let invitations = load_invitations(tx, scope, &mut problems)?;
    problems.sort_by_key(|p| p.subject);
    Ok(Loaded {
        max_id,
        matches,
        invitations,
        problems,
        alive: AliveNotes {
            all: tx.alive_at()?,
            shards: match scope {
                Scope::All => HashMap::new(),
                Scope::Shards { total, .. } => tx.shard_alive_at(*total)?.into_iter().collect(),
            },
        },
        events: tx.open_events(scope)?,
        dailies: tx.daily_guilds(scope)?,
        seeks: tx.seeking_guilds(scope)?,
    })
}

/// The matches that could not be loaded, by id, with why.
type Broken = Vec<(i64, LoadError)>;

/// The running matches, replayed; and those that could not be, with why.
fn load_matches(
    tx: &crate::store::Tx<'_>,
    scope: &Scope,
) -> Result<(Vec<Match>, Broken), crate::store::StoreError> {
    let mut problems = Vec::new();
    let mut loading: HashMap<i64, (Match, MatchRow)> = HashMap::new();
    for row in tx.running_matches(scope)? {
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
    tx.moves_of_running(scope, |mv| {
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
    for (id, user, used) in tx.estimates_of_running(scope)? {
        if let Some((m, _)) = loading.get_mut(&id) {
            m.estimates.push((UserId(user), used));
        }
    }
    for (m, _) in loading.values_mut() {
        m.estimates.sort_unstable_by_key(|&(user, _)| user);
    }
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
    scope: &Scope,
    problems: &mut Vec<LoadProblem>,
) -> Result<Vec<crate::game::Invitation>, crate::store::StoreError> {
    let mut invitations = Vec::new();
    let mut settings: HashMap<u64, Settings> = HashMap::new();
    for row in tx.pending_invitations(scope)? {
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
                subject: Subject::Invitation(crate::game::InvitationId(e.id)),
                guild: None,
                channel: None,
                players: None,
                error: LoadError::Row(e),
            }),
        }
    }
    Ok(invitations)
}
