//! The match service: the one path every action takes (DESIGN.md, "One path for every action").
//!
//! A command is applied under its match's lock to a clone of the match; the changes are written
//! in one SQLite transaction; only after the commit does the clone replace the match in memory
//! and the outcome go back to the caller. If the commit fails, nothing in memory changed.
//! Commands for one match are applied one at a time; different matches run in parallel (they
//! meet only at the database connection, for the length of one commit).
//!
//! The service is synchronous: async callers run it in `spawn_blocking`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

use tokio::sync::{Notify, mpsc};

use crate::go::{
    BoardSize, ByColor, Color, Game, GameResult, Komi, Move, Owner, Point, RuleSet, sgf,
};
use crate::store::{
    InvitationRow, MatchLive, MatchRow, MoveRow, ProfileRow, Store, StoreError, Tx,
};

use super::invitation::{Invitation, InviteOptions, Lobby, check_options, match_config};
use super::matches::{
    AbandonCause, Action, Agreement, EndReason, Match, MatchConfig, MeritRules, Status,
};
use super::refusal::{Failure, Refusal};
use super::rewards::{TITLE, TITLE_WINS, merit_award};
use super::scheduler::Timers;
use super::settings::Settings;
use super::{
    BoardRef, Command, Ending, Event, GuildId, InvitationId, MatchId, Millis, Outcome, TimerId,
    UserId,
};

/// A failure to start the service.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A player's record on one server, for `/weiqi profile` and the leaderboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub guild: GuildId,
    pub user: UserId,
    pub merit: i64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Merit awards taken part in (at most `merit-lifetime-cap`).
    pub awards: u32,
    /// [`TITLE`] once earned.
    pub title: Option<&'static str>,
}

impl From<ProfileRow> for Profile {
    fn from(p: ProfileRow) -> Profile {
        Profile {
            guild: p.guild,
            user: p.user,
            merit: p.merit,
            wins: p.wins,
            losses: p.losses,
            draws: p.draws,
            awards: p.awards,
            title: p.titled_at.map(|_| TITLE),
        }
    }
}

type MatchCell = Arc<Mutex<Match>>;

/// The match service. Share it in an `Arc`.
pub struct Service {
    store: Store,
    lobby: Mutex<Lobby>,
    matches: RwLock<HashMap<MatchId, MatchCell>>,
    settings: RwLock<HashMap<GuildId, Settings>>,
    timers: Mutex<Timers>,
    next_id: AtomicI64,
    wake: Notify,
    side: Mutex<Option<mpsc::UnboundedSender<Result<Outcome, Failure>>>>,
    problems: Vec<(MatchId, String)>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Service {
    /// Opens the service on `store` at `now`: every running match and pending invitation is
    /// loaded back and its deadlines re-armed; a turn whose deadline fell while the bot was down
    /// gets a fresh turn (SPEC §5), kept in memory until the match's next commit.
    ///
    /// A stored match that cannot be replayed is left out (see [`Service::load_problems`])
    /// rather than keeping every other game from starting.
    ///
    /// # Errors
    /// The database cannot be read or written.
    pub fn open(store: Store, now: Millis) -> Result<Service, ServiceError> {
        let mut problems: Vec<(MatchId, String)> = Vec::new();
        let (max_id, invitations, loaded) = store.read(|tx| {
            let max_id = tx.max_id()?;
            let invitations = tx.pending_invitations()?;
            let rows = tx.running_matches()?;
            let mut loading: HashMap<MatchId, (Match, MatchRow)> =
                HashMap::with_capacity(rows.len());
            for row in rows {
                match match_skeleton(&row) {
                    Ok(m) => {
                        loading.insert(row.id, (m, row));
                    }
                    Err(e) => problems.push((row.id, e.to_string())),
                }
            }
            // Replay as the rows stream by: no copy of 600,000 rows in between.
            let mut broken: HashMap<MatchId, String> = HashMap::new();
            tx.moves_of_running(|mv| {
                if let Some((m, _)) = loading.get_mut(&mv.match_id)
                    && !broken.contains_key(&mv.match_id)
                    && let Err(e) = replay_move(m, mv.number, mv.color, mv.point, mv.automatic)
                {
                    broken.insert(mv.match_id, e.to_string());
                }
                Ok(())
            })?;
            let mut loaded = Vec::with_capacity(loading.len());
            for (id, (mut m, row)) in loading {
                if let Some(e) = broken.remove(&id) {
                    problems.push((id, e));
                } else if let Err(e) = finish_replay(&mut m, &row) {
                    problems.push((id, e.to_string()));
                } else {
                    loaded.push(m);
                }
            }
            Ok((max_id, invitations, loaded))
        })?;
        problems.sort();
        let mut lobby = Lobby::default();
        let mut timers = Timers::default();
        for row in invitations {
            let inv = invitation_from_row(&row);
            timers.set(TimerId::Invitation(inv.id), Some(inv.expires_at));
            lobby.invitations.insert(inv.id, inv);
        }
        let mut matches = HashMap::with_capacity(loaded.len());
        // Renewed deadlines are not written back: the stored ones stay in the past, so a second
        // restart renews them again (what SPEC §5 asks), and the match's next commit writes its
        // whole live row anyway. Start-up stays a pure read.
        for mut m in loaded {
            m.resume(now);
            lobby.busy.insert(m.players.black, m.id);
            lobby.busy.insert(m.players.white, m.id);
            timers.set(TimerId::Match(m.id), m.next_deadline());
            matches.insert(m.id, Arc::new(Mutex::new(m)));
        }
        Ok(Service {
            store,
            lobby: Mutex::new(lobby),
            matches: RwLock::new(matches),
            settings: RwLock::new(HashMap::new()),
            timers: Mutex::new(timers),
            next_id: AtomicI64::new(max_id + 1),
            wake: Notify::new(),
            side: Mutex::new(None),
            problems,
        })
    }

    /// Stored matches that could not be loaded at start-up, with the reason.
    pub fn load_problems(&self) -> &[(MatchId, String)] {
        &self.problems
    }

    /// The store (for tools and tests).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Where outcomes that no caller asked for go: deadlines that fell due just before a click
    /// (the click first fires them, then is applied).
    pub fn set_side_channel(&self, tx: mpsc::UnboundedSender<Result<Outcome, Failure>>) {
        *lock(&self.side) = Some(tx);
    }

    /// Resolves when a deadline was armed or moved (the scheduler then looks again).
    pub async fn timers_changed(&self) {
        self.wake.notified().await;
    }

    /// Makes the scheduler look at the timers again now (tests moving a manual clock).
    pub fn wake_scheduler(&self) {
        self.wake.notify_one();
    }

    /// The earliest armed deadline.
    pub fn next_deadline(&self) -> Option<Millis> {
        lock(&self.timers).next()
    }

    /// Arms a timer; wakes the scheduler only if the earliest deadline moved earlier (a later
    /// one is found when it wakes anyway), so that moves do not wake it thousands of times.
    fn arm(&self, id: TimerId, at: Option<Millis>) {
        let mut timers = lock(&self.timers);
        let before = timers.next();
        timers.set(id, at);
        let after = timers.next();
        drop(timers);
        if after.is_some() && (before.is_none() || after < before) {
            self.wake.notify_one();
        }
    }

    /// Fires every deadline due at `now` through [`Service::apply`], like clicks. Returns the
    /// outcomes worth showing (silent refusals — a deadline no longer due — are left out).
    pub fn tick(&self, now: Millis) -> Vec<Result<Outcome, Failure>> {
        let due = lock(&self.timers).take_due(now);
        let mut out = Vec::new();
        for id in due {
            let r = self.apply(Command::Timeout(id), now);
            match &r {
                Ok(_) => {}
                Err(Failure::Refused(refusal)) => {
                    self.rearm_from_state(id);
                    if refusal.is_silent() {
                        continue;
                    }
                }
                Err(Failure::Internal(_)) => {
                    // The database failed: try again in a second.
                    self.arm(id, Some(now + 1000));
                }
            }
            out.push(r);
        }
        out
    }

    fn rearm_from_state(&self, id: TimerId) {
        let at = match id {
            TimerId::Invitation(i) => lock(&self.lobby).invitations.get(&i).map(|x| x.expires_at),
            TimerId::Match(m) => self.cell(m).and_then(|c| lock(&c).next_deadline()),
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
    /// # Errors
    /// A [`Refusal`] (nothing changed; show its message privately), or an internal failure
    /// (nothing changed; log it, tell the user to try again).
    pub fn apply(&self, command: Command, now: Millis) -> Result<Outcome, Failure> {
        match command {
            Command::Invite {
                guild,
                channel,
                inviter,
                invitee,
                invitee_is_bot,
                options,
            } => self.invite(
                guild,
                channel,
                inviter,
                invitee,
                invitee_is_bot,
                options,
                now,
            ),
            Command::Accept { by, invitation } => {
                let mut lobby = lock(&self.lobby);
                let inv = lobby.find_for_answer(by, invitation, now)?.clone();
                self.accept(&mut lobby, inv, now)
            }
            Command::Decline { by, invitation } => {
                let mut lobby = lock(&self.lobby);
                let inv = lobby.find_for_answer(by, invitation, now)?.clone();
                self.close_invitation(&mut lobby, inv, "declined", now)
            }
            Command::Timeout(TimerId::Invitation(id)) => {
                let mut lobby = lock(&self.lobby);
                let inv = lobby
                    .invitations
                    .get(&id)
                    .filter(|i| i.expired_at(now))
                    .cloned()
                    .ok_or(Refusal::NothingToDo)?;
                self.close_invitation(&mut lobby, inv, "expired", now)
            }
            Command::Timeout(TimerId::Match(id)) => {
                self.on_match(id, None, Action::Tick, None, now)
            }
            Command::Play { by, point, board } => {
                let (id, seen) = match board {
                    Some(b) => (b.match_id, Some(b.move_number)),
                    None => (self.match_of(by).ok_or(Refusal::NotInGame)?, None),
                };
                self.on_match(id, Some(by), Action::Play(point), seen, now)
            }
            Command::Pass { by, board } => {
                let (id, seen) = match board {
                    Some(b) => (b.match_id, Some(b.move_number)),
                    None => (self.match_of(by).ok_or(Refusal::NotInGame)?, None),
                };
                self.on_match(id, Some(by), Action::Pass, seen, now)
            }
            Command::Resign { by, match_id } => {
                let id = match match_id {
                    Some(id) => id,
                    None => self.match_of(by).ok_or(Refusal::NotInGame)?,
                };
                self.on_match(id, Some(by), Action::Resign, None, now)
            }
            Command::ToggleDead {
                by,
                point,
                board,
                marking,
            } => {
                let (id, seen) = self.target(by, board)?;
                self.on_match(id, Some(by), Action::ToggleDead(point, marking), seen, now)
            }
            Command::AcceptMarking { by, board, marking } => {
                let (id, seen) = self.target(by, board)?;
                self.on_match(id, Some(by), Action::AcceptMarking(marking), seen, now)
            }
            Command::ResumePlay { by, board } => {
                let (id, seen) = self.target(by, board)?;
                self.on_match(id, Some(by), Action::ResumePlay, seen, now)
            }
            Command::WentOffline { user } => {
                let id = self.match_of(user).ok_or(Refusal::NothingToDo)?;
                self.on_match(id, Some(user), Action::WentOffline, None, now)
            }
            Command::CameBack { user } => {
                let id = self.match_of(user).ok_or(Refusal::NothingToDo)?;
                self.on_match(id, Some(user), Action::CameBack, None, now)
            }
        }
    }

    /// The match a board button is about (or the player's running match) and the move number
    /// the board was drawn for.
    fn target(
        &self,
        by: UserId,
        board: Option<BoardRef>,
    ) -> Result<(MatchId, Option<u32>), Refusal> {
        match board {
            Some(b) => Ok((b.match_id, Some(b.move_number))),
            None => Ok((self.match_of(by).ok_or(Refusal::NotInGame)?, None)),
        }
    }

    /// The running match of `user`, if any (a player is in at most one).
    pub fn match_of(&self, user: UserId) -> Option<MatchId> {
        lock(&self.lobby).busy.get(&user).copied()
    }

    #[allow(clippy::too_many_arguments)]
    fn invite(
        &self,
        guild: GuildId,
        channel: u64,
        inviter: UserId,
        invitee: UserId,
        invitee_is_bot: bool,
        options: InviteOptions,
        now: Millis,
    ) -> Result<Outcome, Failure> {
        let settings = self.settings(guild)?;
        let mut lobby = lock(&self.lobby);
        let id = self.next_id.load(Ordering::SeqCst);
        let inv = lobby.decide_invite(
            id,
            guild,
            channel,
            inviter,
            invitee,
            invitee_is_bot,
            options,
            &settings,
            now,
        )?;
        let row = invitation_row(&inv);
        self.store.write(|tx| tx.insert_invitation(&row))?;
        self.next_id.fetch_add(1, Ordering::SeqCst);
        lobby.invitations.insert(id, inv.clone());
        drop(lobby);
        self.arm(TimerId::Invitation(id), Some(inv.expires_at));
        Ok(Outcome {
            subject: TimerId::Invitation(id),
            guild,
            channel,
            to_move: None,
            deadline: Some(inv.expires_at),
            events: vec![Event::Invited(inv)],
        })
    }

    fn accept(&self, lobby: &mut Lobby, inv: Invitation, now: Millis) -> Result<Outcome, Failure> {
        if lobby.busy.contains_key(&inv.invitee) {
            return Err(Refusal::YouAreBusy.into());
        }
        if lobby.busy.contains_key(&inv.inviter) {
            return Err(Refusal::TheyAreBusy.into());
        }
        // Settings are copied into the game now, at acceptance (SPEC §2).
        let settings = self.settings(inv.guild)?;
        if !settings.enabled {
            return Err(Refusal::ServerDisabled.into());
        }
        check_options(&inv.options, &settings)?;
        let config = match_config(&inv.options, &settings);
        let m = Match::new(
            inv.id,
            inv.guild,
            inv.channel,
            inv.invitee,
            inv.inviter,
            config,
            now,
        );
        let others = lobby.others_of(inv.id, inv.inviter, inv.invitee);
        let row = match_row(&m);
        self.store.write(|tx| {
            tx.close_invitation(inv.id, "accepted", now)?;
            for o in &others {
                tx.close_invitation(o.id, "cancelled", now)?;
            }
            tx.insert_match(&row)
        })?;
        lobby.invitations.remove(&inv.id);
        for o in &others {
            lobby.invitations.remove(&o.id);
        }
        lobby.busy.insert(m.players.black, m.id);
        lobby.busy.insert(m.players.white, m.id);
        let mut events = vec![Event::MatchStarted {
            match_id: m.id,
            black: m.players.black,
            white: m.players.white,
        }];
        events.extend(others.iter().cloned().map(Event::InvitationCancelled));
        let deadline = m.next_deadline();
        let outcome = Outcome {
            subject: TimerId::Match(m.id),
            guild: m.guild,
            channel: m.channel,
            to_move: Some(m.player_to_move()),
            deadline,
            events,
        };
        self.matches
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(m.id, Arc::new(Mutex::new(m)));
        self.arm(TimerId::Invitation(inv.id), None);
        for o in &others {
            self.arm(TimerId::Invitation(o.id), None);
        }
        self.arm(TimerId::Match(inv.id), deadline);
        Ok(outcome)
    }

    fn close_invitation(
        &self,
        lobby: &mut Lobby,
        inv: Invitation,
        status: &str,
        now: Millis,
    ) -> Result<Outcome, Failure> {
        self.store
            .write(|tx| tx.close_invitation(inv.id, status, now))?;
        lobby.invitations.remove(&inv.id);
        self.arm(TimerId::Invitation(inv.id), None);
        let (guild, channel) = (inv.guild, inv.channel);
        let event = if status == "expired" {
            Event::InvitationExpired(inv.clone())
        } else {
            Event::InvitationDeclined(inv.clone())
        };
        Ok(Outcome {
            subject: TimerId::Invitation(inv.id),
            guild,
            channel,
            events: vec![event],
            to_move: None,
            deadline: None,
        })
    }

    fn on_match(
        &self,
        id: MatchId,
        by: Option<UserId>,
        action: Action,
        seen: Option<u32>,
        now: Millis,
    ) -> Result<Outcome, Failure> {
        let Some(cell) = self.cell(id) else {
            return Err(if action == Action::Tick {
                Refusal::NothingToDo
            } else if seen.is_some() || action == Action::Resign {
                Refusal::GameOver
            } else {
                Refusal::NotInGame
            }
            .into());
        };
        let mut m = lock(&cell);
        // A deadline that fell due a moment ago and has not fired yet fires first, so that a
        // click never beats the clock it lost to.
        if action != Action::Tick && m.next_deadline().is_some_and(|d| d <= now) {
            match self.commit(&mut m, None, Action::Tick, None, now) {
                Err(Failure::Internal(e)) => return Err(Failure::Internal(e)),
                fired => {
                    if let Some(tx) = lock(&self.side).as_ref() {
                        let _ = tx.send(fired);
                    }
                }
            }
        }
        self.commit(&mut m, by, action, seen, now)
    }

    /// Decides on a clone, commits, then swaps: the heart of "never lose a move".
    fn commit(
        &self,
        m: &mut MutexGuard<'_, Match>,
        by: Option<UserId>,
        action: Action,
        seen: Option<u32>,
        now: Millis,
    ) -> Result<Outcome, Failure> {
        let mut next: Match = (**m).clone();
        let mut events = next.apply(by, action, seen, now)?;
        let first_new = m.move_count() as usize;
        let store_result = self.store.write(|tx| {
            for i in first_new..next.game.moves().len() {
                tx.insert_move(&move_row(&next, i, now))?;
            }
            tx.update_match(next.id, &live_of(&next))?;
            if let Some(ending) = next.ending() {
                record_result(tx, &next, ending, now, &mut events)?;
            }
            Ok::<(), StoreError>(())
        });
        store_result?;
        **m = next;
        let over = !m.is_running();
        if over {
            self.matches
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&m.id);
            let mut lobby = lock(&self.lobby);
            for p in [m.players.black, m.players.white] {
                if lobby.busy.get(&p) == Some(&m.id) {
                    lobby.busy.remove(&p);
                }
            }
        }
        let deadline = m.next_deadline();
        self.arm(TimerId::Match(m.id), deadline);
        Ok(Outcome {
            subject: TimerId::Match(m.id),
            guild: m.guild,
            channel: m.channel,
            // No one's turn while the dead stones are settled.
            to_move: (!over && !m.in_agreement()).then(|| m.player_to_move()),
            deadline,
            events,
        })
    }

    /// A copy of a running match (for drawing the board, `/weiqi status`).
    pub fn snapshot(&self, id: MatchId) -> Option<Match> {
        self.cell(id).map(|c| lock(&c).clone())
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
    pub fn pending_invitations(&self) -> Vec<Invitation> {
        let mut v: Vec<Invitation> = lock(&self.lobby).invitations.values().cloned().collect();
        v.sort_by_key(|i| i.id);
        v
    }

    /// A match from memory if running, else from the database (any status).
    ///
    /// # Errors
    /// The database failed, or the stored match cannot be replayed.
    pub fn load_match(&self, id: MatchId) -> Result<Option<Match>, Failure> {
        if let Some(m) = self.snapshot(id) {
            return Ok(Some(m));
        }
        let found = self.store.read(|tx| {
            let Some(row) = tx.match_row(id)? else {
                return Ok(None);
            };
            let moves = tx.moves(id)?;
            Ok(Some((row, moves)))
        })?;
        match found {
            None => Ok(None),
            Some((row, moves)) => Ok(Some(match_from_rows(&row, &moves)?)),
        }
    }

    /// The latest match (running or over) of `user` on `guild`.
    ///
    /// # Errors
    /// The database failed.
    pub fn latest_match_of(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<MatchId>, Failure> {
        Ok(self.store.read(|tx| tx.latest_match_of(guild, user))?)
    }

    /// The record of a match as SGF, with the players' display names.
    ///
    /// # Errors
    /// The database failed.
    pub fn sgf(
        &self,
        id: MatchId,
        black_name: &str,
        white_name: &str,
    ) -> Result<Option<String>, Failure> {
        let Some(m) = self.load_match(id)? else {
            return Ok(None);
        };
        let result = match m.ending() {
            Some(Ending::Finished { result, .. }) => Some(result.to_string()),
            Some(Ending::Abandoned(_)) => Some("Void".to_owned()),
            None => None,
        };
        let move_comments = m
            .automatic
            .iter()
            .enumerate()
            .filter(|(_, a)| **a)
            .map(|(i, _)| (i, "automatic pass (turn timed out)".to_owned()))
            .collect();
        // A game scored after the agreement phase records its territory, dead stones included
        // (TB/TW), as counted with the agreed marking.
        let (mut territory_black, mut territory_white) = (Vec::new(), Vec::new());
        if m.agreement.is_some()
            && matches!(
                m.ending(),
                Some(Ending::Finished {
                    reason: EndReason::TwoPasses,
                    ..
                })
            )
        {
            for (p, owner) in m.count().owners {
                match owner {
                    Owner::Territory(Color::Black) => territory_black.push(p),
                    Owner::Territory(Color::White) => territory_white.push(p),
                    _ => {}
                }
            }
        }
        let info = sgf::RecordInfo {
            black: Some(black_name.to_owned()),
            white: Some(white_name.to_owned()),
            result,
            rules: Some(m.config.rules.name().to_owned()),
            move_comments,
            territory_black,
            territory_white,
            ..sgf::RecordInfo::default()
        };
        Ok(Some(sgf::write(&m.game, &info)))
    }

    /// Remembers the board message of a match (the adapter's, so that it can edit the board
    /// after a restart). Not a game change: no lock, no outcome.
    ///
    /// # Errors
    /// The database failed.
    pub fn set_board_message(
        &self,
        id: MatchId,
        channel: u64,
        message: u64,
    ) -> Result<(), Failure> {
        Ok(self
            .store
            .write(|tx| tx.set_board_message(id, channel, message))?)
    }

    /// Where the board message of a match is.
    ///
    /// # Errors
    /// The database failed.
    pub fn board_message(&self, id: MatchId) -> Result<Option<(u64, u64)>, Failure> {
        Ok(self.store.read(|tx| tx.board_message(id))?)
    }

    /// Remembers the public message of an invitation.
    ///
    /// # Errors
    /// The database failed.
    pub fn set_invitation_message(&self, id: InvitationId, message: u64) -> Result<(), Failure> {
        Ok(self
            .store
            .write(|tx| tx.set_invitation_message(id, message))?)
    }

    /// The public message of an invitation.
    ///
    /// # Errors
    /// The database failed.
    pub fn invitation_message(&self, id: InvitationId) -> Result<Option<u64>, Failure> {
        Ok(self.store.read(|tx| tx.invitation_message(id))?)
    }

    /// A server's settings.
    ///
    /// # Errors
    /// The database failed.
    pub fn settings(&self, guild: GuildId) -> Result<Settings, Failure> {
        if let Some(s) = self
            .settings
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&guild)
        {
            return Ok(s.clone());
        }
        let pairs = self.store.read(|tx| tx.settings(guild))?;
        let s = Settings::from_pairs(&pairs);
        self.settings
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(guild, s.clone());
        Ok(s)
    }

    fn edit_settings(
        &self,
        guild: GuildId,
        f: impl FnOnce(&mut Settings) -> Result<(), Refusal>,
    ) -> Result<Settings, Failure> {
        let mut current = self.settings(guild)?;
        let mut cache = self.settings.write().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = cache.get(&guild) {
            current = s.clone();
        }
        f(&mut current)?;
        let pairs = current.to_pairs();
        self.store.write(|tx| tx.replace_settings(guild, &pairs))?;
        cache.insert(guild, current.clone());
        Ok(current)
    }

    /// `/weiqi config set KEY VALUE`. Running games keep their snapshot.
    ///
    /// # Errors
    /// A bad key or value ([`Refusal::Setting`], with the range), or the database failed.
    pub fn set_setting(&self, guild: GuildId, key: &str, value: &str) -> Result<Settings, Failure> {
        self.edit_settings(guild, |s| {
            s.set(key, value).map(|_| ()).map_err(Refusal::Setting)
        })
    }

    /// `/weiqi config reset KEY`.
    ///
    /// # Errors
    /// A bad key, or the database failed.
    pub fn reset_setting(&self, guild: GuildId, key: &str) -> Result<Settings, Failure> {
        self.edit_settings(guild, |s| {
            s.reset(key).map(|_| ()).map_err(Refusal::Setting)
        })
    }

    /// A player's profile on a server.
    ///
    /// # Errors
    /// The database failed.
    pub fn profile(&self, guild: GuildId, user: UserId) -> Result<Profile, Failure> {
        Ok(self.store.read(|tx| tx.profile(guild, user))?.into())
    }

    /// The server's leaderboard, best first.
    ///
    /// # Errors
    /// The database failed.
    pub fn leaderboard(&self, guild: GuildId, limit: u32) -> Result<Vec<Profile>, Failure> {
        Ok(self
            .store
            .read(|tx| tx.leaderboard(guild, limit))?
            .into_iter()
            .map(Profile::from)
            .collect())
    }
}

/// Wins, losses, draws, merit and the title of a game that ended, in the command's transaction.
fn record_result(
    tx: &Tx<'_>,
    m: &Match,
    ending: Ending,
    now: Millis,
    events: &mut Vec<Event>,
) -> Result<(), StoreError> {
    let Ending::Finished { result, .. } = ending else {
        // Abandoned: nothing on anyone's profile, no rewards (SPEC §5).
        return Ok(());
    };
    let mut p = ByColor {
        black: tx.profile(m.guild, m.players.black)?,
        white: tx.profile(m.guild, m.players.white)?,
    };
    match result.winner() {
        Some(w) => {
            p[w].wins += 1;
            p[!w].losses += 1;
            if p[w].titled_at.is_none() && p[w].wins >= TITLE_WINS {
                p[w].titled_at = Some(now);
                events.push(Event::TitleEarned {
                    guild: m.guild,
                    user: m.players[w],
                });
            }
        }
        None => {
            p.black.draws += 1;
            p.white.draws += 1;
        }
    }
    if let Some(w) = m.merit_winner() {
        let pair = tx.merit_pair_awarded(m.guild, m.players.black, m.players.white)?;
        let so_far = ByColor {
            black: p.black.awards,
            white: p.white.awards,
        };
        if let Some(award) = merit_award(&m.config.merit, w, pair, so_far) {
            tx.insert_merit_pair(m.guild, m.players.black, m.players.white, m.id, now)?;
            for c in [Color::Black, Color::White] {
                if let Some(amount) = award.merit[c] {
                    p[c].merit += i64::from(amount);
                    p[c].awards += 1;
                    events.push(Event::MeritAwarded {
                        guild: m.guild,
                        user: m.players[c],
                        amount,
                    });
                }
            }
        }
    }
    tx.save_profile(&p.black)?;
    tx.save_profile(&p.white)?;
    Ok(())
}

fn invitation_row(i: &Invitation) -> InvitationRow {
    InvitationRow {
        id: i.id,
        guild: i.guild,
        channel: i.channel,
        inviter: i.inviter,
        invitee: i.invitee,
        size: i.options.size,
        komi_half: i.options.komi.map(Komi::half_points),
        rules: i.options.rules.map(|r| r.name().to_owned()),
        created_at: i.created_at,
        expires_at: i.expires_at,
    }
}

fn invitation_from_row(r: &InvitationRow) -> Invitation {
    Invitation {
        id: r.id,
        guild: r.guild,
        channel: r.channel,
        inviter: r.inviter,
        invitee: r.invitee,
        options: InviteOptions {
            size: r.size,
            komi: r.komi_half.map(Komi::from_half_points),
            rules: r.rules.as_deref().and_then(|s| s.parse().ok()),
        },
        created_at: r.created_at,
        expires_at: r.expires_at,
    }
}

fn match_row(m: &Match) -> MatchRow {
    let c = &m.config;
    MatchRow {
        id: m.id,
        guild: m.guild,
        channel: m.channel,
        black: m.players.black,
        white: m.players.white,
        size: c.size.get(),
        rules: c.rules.name().to_owned(),
        komi_half: c.komi.half_points(),
        turn_timeout_ms: c.turn_timeout_ms,
        grace_ms: c.grace_ms,
        max_ms: c.max_ms,
        resign_window_ms: c.resign_window_ms,
        merit_min_moves: c.merit.min_moves,
        merit_amount: c.merit.amount,
        merit_bonus: c.merit.winner_bonus,
        merit_cap: c.merit.lifetime_cap,
        started_at: m.started_at,
        ends_at: m.ends_at,
        live: live_of(m),
    }
}

fn live_of(m: &Match) -> MatchLive {
    let (status, result, reason, ended_at) = match m.status {
        Status::Running => ("running", None, None, None),
        Status::Ended { ending, at } => match ending {
            Ending::Finished { result, reason } => (
                "finished",
                Some(result.to_string()),
                Some(reason.name().to_owned()),
                Some(at),
            ),
            Ending::Abandoned(cause) => (
                "abandoned",
                Some("Void".to_owned()),
                Some(cause.name()),
                Some(at),
            ),
        },
    };
    MatchLive {
        turn_deadline: m.turn_deadline,
        move_count: m.move_count(),
        resign: [m.resign_armed.black, m.resign_armed.white],
        offline: [m.offline_until.black, m.offline_until.white],
        status: status.to_owned(),
        result,
        end_reason: reason,
        ended_at,
        phase: if m.in_agreement() {
            "agreement"
        } else {
            "play"
        }
        .to_owned(),
        dead_stones: m.agreement.as_ref().map(|a| {
            a.dead
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        }),
        accepted: m
            .agreement
            .as_ref()
            .map_or([false, false], |a| [a.accepted.black, a.accepted.white]),
        marking_version: m.agreement.as_ref().map_or(0, |a| a.version),
    }
}

fn move_row(m: &Match, index: usize, now: Millis) -> MoveRow {
    let (color, mv) = m.game.moves()[index];
    MoveRow {
        match_id: m.id,
        number: u32::try_from(index + 1).unwrap_or(u32::MAX),
        color: match color {
            Color::Black => 0,
            Color::White => 1,
        },
        point: match mv {
            Move::Play(p) => Some(p.to_string()),
            Move::Pass => None,
        },
        automatic: m.automatic.get(index).copied().unwrap_or(false),
        played_at: now,
    }
}

fn corrupt(id: MatchId, what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("match {id}: {what}"))
}

/// Rebuilds a match from its row and its moves, replaying every move through the engine.
fn match_from_rows(r: &MatchRow, moves: &[MoveRow]) -> Result<Match, StoreError> {
    let mut m = match_skeleton(r)?;
    for mv in moves {
        replay_move(
            &mut m,
            mv.number,
            mv.color,
            mv.point.as_deref(),
            mv.automatic,
        )?;
    }
    finish_replay(&mut m, r)?;
    Ok(m)
}

/// Replays the next stored move through the engine (which checks it is legal).
fn replay_move(
    m: &mut Match,
    number: u32,
    color: u8,
    point: Option<&str>,
    automatic: bool,
) -> Result<(), StoreError> {
    if number as usize != m.automatic.len() + 1 {
        return Err(corrupt(
            m.id,
            format!("move {} missing", m.automatic.len() + 1),
        ));
    }
    let color = if color == 0 {
        Color::Black
    } else {
        Color::White
    };
    let mv = match point {
        None => Move::Pass,
        Some(p) => Move::Play(p.parse::<Point>().map_err(|e| corrupt(m.id, e))?),
    };
    // A move stored after the game had ended by passes means play was resumed after a dispute
    // in the agreement phase (only a resumption lets play go on).
    if m.game.is_over() && m.game.rules().dead_stones == crate::go::DeadStones::Agreement {
        m.resume_play();
    }
    m.game
        .play_as(color, mv)
        .map_err(|e| corrupt(m.id, format!("move {number}: {e}")))?;
    m.automatic.push(automatic);
    Ok(())
}

/// Ends the replay of a match: every move the row counts was found; and a game over by
/// passes, still running with no agreement, had play resumed after a dispute with no move
/// made since.
fn finish_replay(m: &mut Match, r: &MatchRow) -> Result<(), StoreError> {
    if m.automatic.len() == r.live.move_count as usize {
        if m.is_running()
            && m.game.is_over()
            && m.agreement.is_none()
            && m.game.rules().dead_stones == crate::go::DeadStones::Agreement
        {
            m.resume_play();
        }
        Ok(())
    } else {
        Err(corrupt(
            r.id,
            format!(
                "{} moves stored, {} expected",
                m.automatic.len(),
                r.live.move_count
            ),
        ))
    }
}

/// A match from its row, before its moves are replayed.
fn match_skeleton(r: &MatchRow) -> Result<Match, StoreError> {
    let size = BoardSize::new(r.size).ok_or_else(|| corrupt(r.id, "bad size"))?;
    let rules: RuleSet = r.rules.parse().map_err(|e| corrupt(r.id, e))?;
    let config = MatchConfig {
        size,
        rules,
        komi: Komi::from_half_points(r.komi_half),
        turn_timeout_ms: r.turn_timeout_ms,
        grace_ms: r.grace_ms,
        max_ms: r.max_ms,
        resign_window_ms: r.resign_window_ms,
        merit: MeritRules {
            min_moves: r.merit_min_moves,
            amount: r.merit_amount,
            winner_bonus: r.merit_bonus,
            lifetime_cap: r.merit_cap,
        },
    };
    let game = Game::new(size, rules.with_komi(config.komi));
    let automatic = Vec::with_capacity(r.live.move_count as usize);
    let status = match r.live.status.as_str() {
        "running" => Status::Running,
        "finished" => {
            let result = r
                .live
                .result
                .as_deref()
                .and_then(GameResult::from_sgf)
                .ok_or_else(|| corrupt(r.id, "bad result"))?;
            let reason = match r.live.end_reason.as_deref() {
                Some("resignation") => EndReason::Resignation,
                _ => EndReason::TwoPasses,
            };
            Status::Ended {
                ending: Ending::Finished { result, reason },
                at: r.live.ended_at.unwrap_or(r.ends_at),
            }
        }
        _ => Status::Ended {
            ending: Ending::Abandoned(
                r.live
                    .end_reason
                    .as_deref()
                    .and_then(AbandonCause::from_name)
                    .unwrap_or(AbandonCause::TimeCap),
            ),
            at: r.live.ended_at.unwrap_or(r.ends_at),
        },
    };
    Ok(Match {
        id: r.id,
        guild: r.guild,
        channel: r.channel,
        players: ByColor {
            black: r.black,
            white: r.white,
        },
        config,
        game,
        automatic,
        started_at: r.started_at,
        ends_at: r.ends_at,
        turn_deadline: r.live.turn_deadline,
        resign_armed: ByColor {
            black: r.live.resign[0],
            white: r.live.resign[1],
        },
        offline_until: ByColor {
            black: r.live.offline[0],
            white: r.live.offline[1],
        },
        status,
        agreement: agreement_from_row(r)?,
        resumed: 0,
        resumed_at: None,
    })
}

/// The marking stored with a match: during the agreement phase, or the one a finished game was
/// scored with.
fn agreement_from_row(r: &MatchRow) -> Result<Option<Agreement>, StoreError> {
    let Some(text) = r.live.dead_stones.as_deref() else {
        return Ok(None);
    };
    let mut dead = Vec::new();
    for word in text.split_whitespace() {
        dead.push(word.parse::<Point>().map_err(|e| corrupt(r.id, e))?);
    }
    dead.sort();
    dead.dedup();
    Ok(Some(Agreement {
        dead,
        accepted: ByColor {
            black: r.live.accepted[0],
            white: r.live.accepted[1],
        },
        version: r.live.marking_version,
    }))
}
