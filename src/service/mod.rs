//! The match service: the one path every action takes (DESIGN.md, "One path for every action").
//! It keeps the game's state in the store: `game` decides, pure and with the time passed in;
//! the service loads, asks, stores, and hands back what changed.
//!
//! A command is applied under its match's lock to a clone of the match; the changes are written
//! in one SQLite transaction; only after the commit does the clone replace the match in memory
//! and the outcome go back to the caller. If the commit fails, nothing in memory changed.
//! Commands for one match are applied one at a time; different matches run in parallel (they
//! meet only at the database connection, for the length of one commit).
//!
//! The service is synchronous and reads no clock: the runtime calls it off the async threads
//! with the time. Locks are taken in one order: a match, then the lobby, then the map of matches
//! or the store (each held only for a statement or a transaction); none is ever waited for while
//! holding one that comes after it.
//!
//! ```
//! use std::sync::Arc;
//! use tengen::game::{
//!     ChannelId, Command, GuildId, InvitationRef, Refusal, Subject, Timestamp, UserId,
//! };
//! use tengen::service::Service;
//! use tengen::store::Store;
//!
//! let now = Timestamp::from_millis(1_800_000_000_000); // always passed in
//! let svc = Service::open(Arc::new(Store::open_in_memory()?), now)?;
//! let (alice, bob, carol) = (UserId(10), UserId(20), UserId(30));
//! let invited = svc
//!     .apply(Command::invite(GuildId(1), ChannelId(2), alice, bob), now)
//!     .result?;
//! let Subject::Invitation(id) = invited.subject else { unreachable!() };
//! // The one who accepts plays Black and moves first.
//! let started = svc
//!     .apply(Command::Accept { by: bob, invitation: InvitationRef::Id(id) }, now)
//!     .result?;
//! assert_eq!(started.to_move, Some(bob));
//! svc.apply(Command::Play { by: bob, point: "E5".parse()?, board: None }, now).result?;
//! // Someone else's click is refused; nothing changed.
//! let pass = Command::Pass { by: carol, board: None, game: None };
//! let refused = svc.apply(pass, now).result;
//! assert_eq!(refused.unwrap_err().refusal(), Some(&Refusal::NotInGame));
//! // Deadlines fire through the same path: White's turn times out after 180 s.
//! let fired = svc.tick(Timestamp::from_millis(1_800_000_180_000));
//! assert_eq!(fired.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod applied;
mod commit;
mod computer_games;
mod event_commands;
mod event_rows;
mod failure;
mod invitation_commands;
mod load;
mod match_rows;
mod reads;
mod seek_commands;
mod team_commands;
mod training;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

use crate::store::{Store, StoreError};

use crate::game::Refusal;
use crate::game::Timers;
use crate::game::Timestamp;
use crate::game::invitation::Lobby;
use crate::game::matches::{Action, Match};
use crate::game::settings::Settings;
use crate::game::{
    BoardRef, ChannelId, Command, GuildId, InvitationId, MatchId, NigiriOf, Outcome, Subject,
    UserId,
};

pub use applied::Applied;
pub use failure::Failure;

pub use load::{DEFAULT_COMPUTER_GAMES, Inconsistency, LoadError, LoadProblem};
pub use reads::{Leaderboard, Profile, Ranking, RecordWords, RunningGame};
pub use training::{RatingChange, TrainingAnswer, TrainingCommand, TrainingProfile};

/// A failure to start the service.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
}

type MatchCell = Arc<Mutex<Match>>;

/// The match service. Share it in an `Arc`.
pub struct Service {
    store: Arc<Store>,
    /// The guilds it serves (all, or those on the shards its process holds).
    scope: Mutex<crate::store::Scope>,
    /// The rest of its block of ids.
    ids: Mutex<load::IdBlock>,
    lobby: Mutex<Lobby>,
    matches: RwLock<HashMap<MatchId, MatchCell>>,
    settings: RwLock<HashMap<GuildId, Settings>>,
    /// Held while a moderator's change of settings is read, decided and written, so that two
    /// changes at once do not lose one another (the cache itself is locked only to swap in).
    settings_edit: Mutex<()>,
    /// Held while a command on an event reads it, decides and writes it back: events are
    /// rare and their commands short, so one lock serves them all (taken before a match's or
    /// the lobby's, never while holding either).
    events: Mutex<()>,
    timers: Mutex<Timers>,
    problems: Mutex<Vec<LoadProblem>>,
    /// What start-up changed (turns renewed), for the front end to show once.
    recovered: Mutex<Vec<Outcome>>,
    /// How many games against the computer may run at once.
    computer_limit: std::sync::atomic::AtomicUsize,
    /// The training ground's problems.
    problem_set: RwLock<Arc<crate::problems::ProblemSet>>,
    /// Held by each training command: one at a time in a process (see [`training`]).
    training: Mutex<()>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Service {
    /// The store (for tools and tests).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Stored games and invitations that could not be loaded at start-up, with the reason.
    /// They are kept out of play; a moderator can annul such a game.
    pub fn load_problems(&self) -> Vec<LoadProblem> {
        lock(&self.problems).clone()
    }

    /// What start-up changed — a turn that fell due while the bot was down given afresh — for
    /// the front end to show (a redrawn board, a notice to the player to move). Taken once.
    pub fn take_recovered(&self) -> Vec<Outcome> {
        std::mem::take(&mut lock(&self.recovered))
    }

    /// The earliest armed deadline.
    pub fn next_deadline(&self) -> Option<Timestamp> {
        lock(&self.timers).next()
    }

    fn arm(&self, id: Subject, at: Option<Timestamp>) {
        lock(&self.timers).set(id, at);
    }

    /// Fires every deadline due at `now` through [`Service::apply`], like clicks. Returns the
    /// outcomes worth showing (silent refusals — a deadline no longer due — are left out).
    pub fn tick(&self, now: Timestamp) -> Vec<Result<Outcome, Failure>> {
        let due = lock(&self.timers).take_due(now);
        let mut out = Vec::new();
        for id in due {
            let applied = self.apply(Command::Timeout(id), now);
            out.extend(applied.fired.into_iter().map(Ok));
            let r = applied.result;
            let after = applied.after;
            match &r {
                Ok(_) => {}
                Err(Failure::Refused(refusal)) => {
                    self.rearm_from_state(id, now);
                    if refusal.is_silent() {
                        continue;
                    }
                }
                Err(_) => {
                    // The database failed: try again in a second.
                    self.arm(id, Some(now + crate::game::Duration::from_secs(1)));
                }
            }
            out.push(r);
            out.extend(after.into_iter().map(Ok));
        }
        out
    }

    fn rearm_from_state(&self, id: Subject, now: Timestamp) {
        let at = match id {
            Subject::Daily(guild) => self.daily_deadline(guild, now).ok().flatten(),
            Subject::Invitation(i) => lock(&self.lobby).invitations.get(&i).map(|x| x.expires_at),
            Subject::Match(m) => self.cell(m).and_then(|c| lock(&c).next_deadline()),
            // An event looks again when a game of it ends; nothing to wait for meanwhile.
            Subject::Seek(guild) => self.seek_deadline(guild, now).ok().flatten(),
            Subject::Server(_) | Subject::Player(..) | Subject::Event(_) => None,
        };
        self.arm(id, at);
    }

    fn cell(&self, id: MatchId) -> Option<MatchCell> {
        self.matches
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .cloned()
    }

    /// Applies one command at `now`: the one path for clicks, slash commands and deadlines.
    ///
    /// The result holds every outcome the command caused: first any deadline of its match
    /// that had fallen due and fired before it (committed whatever became of the command),
    /// then its own — a [`Refusal`] (nothing changed; show it privately) or an internal
    /// failure (nothing changed; log it, tell the user to try again).
    pub fn apply(&self, command: Command, now: Timestamp) -> Applied {
        match command {
            Command::Invite { who, options } => Applied::only(self.invite(who, &options, now)),
            Command::Challenge {
                guild,
                channel,
                poster,
                options,
                ranks,
            } => Applied::only(self.challenge((guild, channel), poster, &options, ranks, now)),
            Command::Accept { by, invitation } => Applied::only(self.accept(by, invitation, now)),
            Command::Decline { by, invitation } => Applied::only(self.decline(by, invitation, now)),
            Command::Guess {
                by,
                of: NigiriOf::Invitation(invitation),
                guess,
                random,
            } => Applied::only(self.guess(by, invitation, guess, random, now)),
            Command::ChooseColour {
                by,
                of: NigiriOf::Invitation(invitation),
                colour,
            } => Applied::only(self.choose_colour(by, invitation, colour, now)),
            Command::Cancel { by, invitation } => Applied::only(self.cancel(by, invitation, now)),
            Command::InvitePair { request, options } => {
                Applied::only(self.invite_pair(*request, &options, now))
            }
            Command::TeamGame(req) => Applied::only(self.create_team_game(*req, now)),
            Command::PlayComputer {
                guild,
                channel,
                user,
                computer,
                level,
                options,
                color,
            } => {
                let who = computer_games::ComputerRequest {
                    guild,
                    channel,
                    user,
                    computer,
                };
                Applied::only(self.play_computer(who, level, &options, color, now))
            }
            Command::Rematch { by, match_id } => Applied::only(self.rematch(by, match_id, now)),
            Command::Configure {
                guild,
                moderator,
                change,
            } => Applied::only(self.configure(guild, moderator, &change)),
            Command::StateRank { guild, user, rank } => {
                Applied::only(self.state_rank(guild, user, &rank))
            }
            Command::Timeout(Subject::Invitation(id)) => Applied::only(self.expire(id, now)),
            Command::Timeout(Subject::Server(_) | Subject::Player(..)) => {
                Applied::only(Err(Refusal::NothingToDo.into()))
            }
            Command::Timeout(Subject::Event(id)) => self.event_tick(id, now).into(),
            Command::Timeout(Subject::Daily(guild)) => Applied::only(self.daily_tick(guild, now)),
            Command::Seek {
                guild,
                channel,
                user,
                options,
            } => self.seek(guild, channel, user, options, now),
            Command::LeaveSeek { guild, user } => Applied::only(self.leave_seek(guild, user)),
            Command::Timeout(Subject::Seek(guild)) => self.seek_tick(guild, now),
            command => self.apply_to_game(command, now),
        }
    }

    /// A command about a running game: a player's action, the clock's, the runtime's, a
    /// moderator's annulment.
    fn apply_to_game(&self, command: Command, now: Timestamp) -> Applied {
        match command {
            Command::Guess {
                by,
                of: NigiriOf::Game(id),
                guess,
                random,
            } => self.on_match(id, Some(by), Action::Guess(guess, random), None, now),
            Command::ChooseColour {
                by,
                of: NigiriOf::Game(id),
                colour,
            } => self.on_match(id, Some(by), Action::ChooseColour(colour), None, now),
            Command::Vote {
                by,
                roles,
                game,
                board,
                choice,
            } => self.vote(by, &roles, game, board, choice, now),
            Command::StandIn { match_id, number } => self.stand_in(match_id, number, now),
            Command::Timeout(Subject::Match(id)) => {
                self.on_match(id, None, Action::Tick, None, now)
            }
            Command::Play { by, point, board } => {
                self.on_target(by, board, Action::Play(point), now)
            }
            Command::Pass { by, board, game } => match (board, game) {
                (None, Some(id)) => self.on_match(id, Some(by), Action::Pass, None, now),
                _ => self.on_target(by, board, Action::Pass, now),
            },
            Command::Resign { by, match_id } => match match_id.or_else(|| self.match_of(by)) {
                Some(id) => self.on_match(id, Some(by), Action::Resign, None, now),
                None => Applied::only(Err(Refusal::NotInGame.into())),
            },
            Command::ToggleDead {
                by,
                point,
                board,
                marking,
            } => self.on_target(by, board, Action::ToggleDead(point, marking), now),
            Command::AcceptMarking { by, board, marking } => {
                self.on_target(by, board, Action::AcceptMarking(marking), now)
            }
            Command::ResumePlay { by, board } => self.on_target(by, board, Action::ResumePlay, now),
            Command::Estimate {
                guild,
                channel,
                by,
                game,
            } => self.estimate(guild, channel, by, game, now),
            Command::RequestUndo { by, board } => {
                self.on_target(by, board, Action::RequestUndo, now)
            }
            Command::AnswerUndo { by, board, accept } => {
                self.on_target(by, board, Action::AnswerUndo(accept), now)
            }
            Command::WentOffline { user } => self.on_presence(user, Action::WentOffline, now),
            Command::CameBack { user } => self.on_presence(user, Action::CameBack, now),
            Command::Annul {
                guild,
                by: _,
                moderator,
                match_id,
            } => self.annul(guild, moderator, match_id, now),
            command => self.apply_to_event(command, now),
        }
    }

    /// A command about an event (see [`event_commands`]).
    fn apply_to_event(&self, command: Command, now: Timestamp) -> Applied {
        match command {
            Command::CreateEvent(req) => Applied::only(self.create_event(*req, now)),
            Command::JoinEvent {
                guild,
                event,
                user,
                has_role,
            } => Applied::only(self.join_event(guild, event, user, has_role, now)),
            Command::LeaveEvent { guild, event, user } => {
                Applied::only(self.leave_event(guild, event, user))
            }
            Command::SetTeam {
                guild,
                event,
                moderator,
                team,
                players,
            } => Applied::only(self.set_team(guild, event, moderator, team, &players)),
            Command::StartEvent {
                guild,
                event,
                moderator,
            } => self.start_event(guild, event, moderator, now).into(),
            Command::Withdraw { guild, event, user } => {
                self.withdraw(guild, event, user, now).into()
            }
            Command::BarFromEvents {
                guild,
                moderator,
                user,
                until,
            } => Applied::only(self.bar_from_events(guild, moderator, user, until)),
            Command::CancelEvent {
                guild,
                event,
                moderator,
            } => self.cancel_event(guild, event, moderator, now).into(),
            Command::Rule {
                guild,
                by,
                referee,
                game,
                ruling,
            } => self.rule(guild, by, referee, game, ruling, now),
            _ => Applied::only(Err(Refusal::NothingToDo.into())),
        }
    }

    /// A player's action on the match a board button is about (or the player's running match).
    fn on_target(
        &self,
        by: UserId,
        board: Option<BoardRef>,
        action: Action,
        now: Timestamp,
    ) -> Applied {
        match board {
            Some(b) => self.on_match(b.match_id, Some(by), action, Some(b.move_number), now),
            None => match self.match_of(by) {
                Some(id) => self.on_match(id, Some(by), action, None, now),
                None => Applied::only(Err(Refusal::NotInGame.into())),
            },
        }
    }

    /// A player asks for an estimate of their game on `guild` (the one named, else theirs as
    /// [`Service::players_game`] means it): counted under the server's rule as it stands now,
    /// in the match's own commit. The estimate itself is worked out by the caller from the
    /// match as committed ([`Service::estimate_of`]), outside its lock.
    fn estimate(
        &self,
        guild: GuildId,
        channel: ChannelId,
        by: UserId,
        game: Option<MatchId>,
        now: Timestamp,
    ) -> Applied {
        let id = match self.players_game(guild, by, channel, game) {
            Ok(id) => id,
            Err(r) => return Applied::only(Err(r.into())),
        };
        let rule = match self.settings(guild) {
            Ok(s) => s.estimate_rule(),
            Err(f) => return Applied::only(Err(f)),
        };
        self.on_match(id, Some(by), Action::Estimate(rule), None, now)
    }

    /// The estimate an [`Event::EstimateGiven`](crate::game::Event::EstimateGiven) granted: the
    /// match as it stands (the position after the move the event names, unless a move came in
    /// between) and the engine's estimate of it. The playouts run here, on the caller's thread
    /// and outside the match's lock: call it off the async threads. `None` once the match is
    /// no longer running.
    pub fn estimate_of(&self, id: MatchId) -> Option<(Match, crate::go::PositionEstimate)> {
        let m = self.snapshot(id)?;
        let estimate = m.position_estimate();
        Some((m, estimate))
    }

    /// Presence counts in a real-time game only: a correspondence game waits days anyway.
    fn on_presence(&self, user: UserId, action: Action, now: Timestamp) -> Applied {
        let real_time = lock(&self.lobby).busy.get(&user).copied();
        match real_time {
            Some(id) => self.on_match(id, Some(user), action, None, now),
            None => Applied::only(Err(Refusal::NothingToDo.into())),
        }
    }

    /// The running match of `user` that "your game" means without more: their real-time
    /// game, else their only correspondence game.
    pub fn match_of(&self, user: UserId) -> Option<MatchId> {
        let lobby = lock(&self.lobby);
        lobby.busy.get(&user).copied().or_else(|| {
            let games = lobby.correspondence.get(&user)?;
            (games.len() == 1)
                .then(|| games.iter().next().copied())
                .flatten()
        })
    }

    /// Every running match of `user`: the real-time one first, then the correspondence ones.
    pub fn games_of(&self, user: UserId) -> Vec<MatchId> {
        lock(&self.lobby).games_of(user)
    }

    /// Copies of every running match of `user`, in the order of [`Service::games_of`].
    pub fn running_games_of(&self, user: UserId) -> Vec<Match> {
        self.games_of(user)
            .into_iter()
            .filter_map(|id| self.snapshot(id))
            .collect()
    }

    /// The game of `user` on `guild` a command means: `game` if named (it must be theirs,
    /// there), else theirs in this channel or thread, else their real-time game, else their
    /// only one. Another server's games are never meant.
    ///
    /// # Errors
    /// Not theirs or not running; no game; or several, none of them here (name one).
    pub fn players_game(
        &self,
        guild: GuildId,
        user: UserId,
        channel: ChannelId,
        game: Option<MatchId>,
    ) -> Result<MatchId, Refusal> {
        let lobby = lock(&self.lobby);
        let on_server = |id: &MatchId| lobby.by_guild.get(&guild).is_some_and(|s| s.contains(id));
        let mine: Vec<MatchId> = lobby.games_of(user).into_iter().filter(on_server).collect();
        if let Some(id) = game {
            return if mine.contains(&id) {
                Ok(id)
            } else if on_server(&id) {
                Err(Refusal::NotYourGame)
            } else {
                Err(Refusal::NoSuchGame)
            };
        }
        let here = lobby.by_channel.get(&channel);
        if let Some(&id) = mine.iter().find(|id| here.is_some_and(|s| s.contains(id))) {
            return Ok(id);
        }
        if let Some(&id) = lobby.busy.get(&user).filter(|id| on_server(id)) {
            return Ok(id);
        }
        match mine.as_slice() {
            [] => Err(Refusal::NotInGame),
            [only] => Ok(*only),
            several => Err(Refusal::WhichGame {
                count: several.len(),
            }),
        }
    }

    /// The running game on `guild` a command about "the game" (`/weiqi status`, `/weiqi
    /// board`) means, as it stands: `named` if it names one of the server's, else the caller's own (here first, as
    /// [`Service::players_game`]), else the latest whose board is here (`boards_here`, the
    /// front end's record of where boards are, newest first), else the oldest played in this
    /// channel. Index lookups, never a scan of every game.
    pub fn game_meant(
        &self,
        guild: GuildId,
        user: UserId,
        channel: ChannelId,
        named: Option<MatchId>,
        boards_here: &[MatchId],
    ) -> Option<Match> {
        if let Some(id) = named {
            return self.snapshot(id).filter(|m| m.guild == guild);
        }
        let id = self
            .players_game(guild, user, channel, None)
            .ok()
            .or_else(|| {
                boards_here
                    .iter()
                    .copied()
                    .find(|&id| self.cell(id).is_some())
            })
            .or_else(|| {
                lock(&self.lobby)
                    .by_channel
                    .get(&channel)
                    .and_then(|s| s.iter().next().copied())
            })?;
        self.snapshot(id)
    }

    /// A copy of a running match (for drawing the board, `/weiqi status`).
    pub fn snapshot(&self, id: MatchId) -> Option<Match> {
        self.cell(id).map(|c| lock(&c).clone())
    }

    /// Whether `user` may open a picker on the board drawn at `board`, and the match as it is
    /// if so: the point picker on their turn, the mark picker during the agreement.
    ///
    /// # Errors
    /// The game is over, not theirs, the board is stale, or it is not their turn.
    pub fn picker(&self, user: UserId, roles: &[u64], board: BoardRef) -> Result<Match, Refusal> {
        let m = self.snapshot(board.match_id).ok_or(Refusal::GameOver)?;
        if let Some(teams) = m.teams.as_ref().filter(|_| m.is_consultation()) {
            // A team's member opens it to vote, on their team's turn.
            let c = m.game.to_move();
            if !teams.sides[c].admits(user, roles) || m.is_computer(m.players[c]) {
                return Err(if teams.sides[!c].admits(user, roles) {
                    Refusal::NotYourTeamsTurn
                } else {
                    Refusal::NotOnTeam
                });
            }
            if m.move_count() != board.move_number {
                return Err(Refusal::VoteClosed);
            }
            return Ok(m);
        }
        let Some(color) = m.color_of(user) else {
            return Err(Refusal::NotYourGame);
        };
        if m.move_count() != board.move_number {
            return Err(Refusal::StaleBoard);
        }
        if !m.in_agreement() && m.player_to_move() != user {
            // In pair Go, the side's other player is to move.
            return Err(if color == m.game.to_move() {
                Refusal::PartnersMove
            } else {
                Refusal::NotYourTurn
            });
        }
        Ok(m)
    }

    /// Every running match id.
    pub fn running(&self) -> Vec<MatchId> {
        let mut v: Vec<MatchId> = self
            .matches
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .keys()
            .copied()
            .collect();
        v.sort_unstable();
        v
    }

    /// Every pending invitation.
    pub fn pending_invitations(&self) -> Vec<crate::game::Invitation> {
        let mut v: Vec<_> = lock(&self.lobby).invitations.values().cloned().collect();
        v.sort_by_key(|i| i.id);
        v
    }

    /// A pending invitation.
    pub fn invitation(&self, id: InvitationId) -> Option<crate::game::Invitation> {
        lock(&self.lobby).invitations.get(&id).cloned()
    }

    /// Puts a match just stored into play: in the lobby's indexes, in memory, its deadline
    /// armed. The outcome says it started, then `events` (invitations it superseded).
    fn seat_new_match(
        &self,
        lobby: &mut Lobby,
        m: Match,
        events: Vec<crate::game::Event>,
    ) -> Outcome {
        lobby.seat_match(&m);
        let mut all = vec![crate::game::Event::MatchStarted {
            match_id: m.id,
            black: m.players.black,
            white: m.players.white,
        }];
        all.extend(events);
        let outcome = Outcome::of_match(&m, all);
        let (id, deadline) = (m.id, m.next_deadline());
        self.matches
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, Arc::new(Mutex::new(m)));
        self.arm(Subject::Match(id), deadline);
        outcome
    }
}
