//! Events through the service: created, joined and left, started, round after round paired
//! and played, withdrawn from, finished — each command one transaction, the event read from
//! the store (the truth) under the events' lock, decided in `game::events`, written back.
//!
//! A round starts in one transaction: its boards, the matches of its games, the event's round;
//! a crash before the commit leaves the round unstarted, after it, started once. A game that
//! ends records its result in its own commit and asks the event to look again (its deadline,
//! now), so that the next round is paired by a command of its own.

use crate::go::ByColor;
use crate::store::{RulingRow, StoreError, Tx};

use super::Failure;
use super::event_rows::{entry_rows, event_row, game_row, tournament_of};
use super::match_rows::match_row;
use super::{Applied, Service, lock};
use crate::game::EventRequest;
use crate::game::Refusal;
use crate::game::Timestamp;
use crate::game::events::{
    Advance, Asker, Candidate, EventGameTerms, Next, Outcome as EventOutcome, Pairing, Planned,
    RegistrationLook, Stage, Tournament,
};
use crate::game::invitation::match_config;
use crate::game::matches::{Action, EventLink, Match, MatchConfig, Ruling};
use crate::game::rating::{Rank, START};
use crate::game::settings::Settings;
use crate::game::{Event, EventId, GuildId, MatchId, Outcome, Subject, UserId};
use crate::game::{may_organise, may_referee};

/// What a command on an event changed: the event's own outcome, and those of the games a
/// round started.
pub(super) struct EventApplied {
    pub event: Outcome,
    pub games: Vec<Outcome>,
}

impl Service {
    /// An event's outcome: `events` about it, shown where it is announced.
    fn event_outcome(t: &Tournament, events: Vec<Event>) -> Outcome {
        Outcome {
            subject: Subject::Event(t.id),
            guild: t.guild,
            channel: Some(t.channel),
            events,
            to_move: None,
            deadline: None,
        }
    }

    /// Saves an event's changed list of players: the announcement shows it again.
    fn entries_changed(&self, t: &Tournament) -> Result<Outcome, Failure> {
        self.save_entries(t)?;
        Ok(Self::event_outcome(
            t,
            vec![Event::EventChanged(Box::new(t.clone()))],
        ))
    }

    /// An event command that changed nothing to show (it only set the event's next look).
    fn quiet(t: &Tournament) -> EventApplied {
        EventApplied {
            event: Self::event_outcome(t, Vec::new()),
            games: Vec::new(),
        }
    }

    /// An event of `guild`, read from the store.
    fn load_event(&self, guild: GuildId, id: EventId) -> Result<Tournament, Failure> {
        let stored = self
            .store
            .read(|tx| tx.event(id.get()))?
            .ok_or(Refusal::NoSuchEvent)?;
        let t = tournament_of(stored)?;
        if t.guild == guild {
            Ok(t)
        } else {
            Err(Refusal::NoSuchEvent.into())
        }
    }

    /// A moderator creates an event: registration opens.
    pub(super) fn create_event(
        &self,
        req: EventRequest,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        may_organise(req.moderator)?;
        let settings = self.settings(req.guild)?;
        let terms = req.options.resolve(&settings)?;
        let name: String = req.name.trim().chars().take(100).collect();
        if name.is_empty() {
            return Err(Refusal::EventTermsNotAllowed.into());
        }
        let t = Tournament {
            id: EventId(self.take_id()?),
            guild: req.guild,
            channel: req.channel,
            name,
            created_by: req.by,
            created_at: now,
            terms,
            stage: Stage::Registration,
            round: 0,
            round_started_at: None,
            entries: Vec::new(),
            games: Vec::new(),
        };
        let row = event_row(&t);
        self.store.write(|tx| tx.insert_event(&row))?;
        // At its registration deadline the event looks again: its announcement says it closed.
        if let Some(closes) = t.registration_closes_at() {
            self.arm(Subject::Event(t.id), Some(closes));
        }
        Ok(Self::event_outcome(
            &t,
            vec![Event::EventOpened(Box::new(t.clone()))],
        ))
    }

    /// A player joins an event in registration (`has_role`: whether they hold the event's
    /// role, as the front end knows).
    pub(super) fn join_event(
        &self,
        guild: GuildId,
        id: EventId,
        user: UserId,
        has_role: bool,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let _events = lock(&self.events);
        let mut t = self.load_event(guild, id)?;
        let (g, u) = (guild.get(), user.get());
        let (rating, games, bar) = self.store.read(|tx| {
            Ok::<_, StoreError>((
                tx.rating(g, u)?,
                tx.ranked_games(g, u)?,
                tx.event_bar(g, u)?,
            ))
        })?;
        let (rank, rating) = match rating {
            Some(r) => (super::reads::held_rank(&r)?, r.rating),
            None => (Rank::of(START.rank_value()), START.rating),
        };
        let who = Candidate {
            user,
            has_role,
            ranked_games: games,
            barred_until: bar.map(Timestamp::from_millis),
            rank,
            rating,
        };
        t.may_join(&who, now)?;
        t.join(&who);
        self.entries_changed(&t)
    }

    /// A player leaves an event before it starts.
    pub(super) fn leave_event(
        &self,
        guild: GuildId,
        id: EventId,
        user: UserId,
    ) -> Result<Outcome, Failure> {
        let _events = lock(&self.events);
        let mut t = self.load_event(guild, id)?;
        t.leave(user)?;
        self.entries_changed(&t)
    }

    /// A moderator sets an arena's team, in its captain's order: every player in it joins (or
    /// moves to) that team.
    pub(super) fn set_team(
        &self,
        guild: GuildId,
        id: EventId,
        moderator: bool,
        team: u8,
        players: &[UserId],
    ) -> Result<Outcome, Failure> {
        may_organise(moderator)?;
        let _events = lock(&self.events);
        let mut t = self.load_event(guild, id)?;
        t.set_team(team, players)?;
        self.entries_changed(&t)
    }

    /// Writes an event's players: the whole list in registration, only who is still in it once
    /// it runs (see [`write_entries`]).
    fn save_entries(&self, t: &Tournament) -> Result<(), Failure> {
        let rows = entry_rows(t);
        let seating = t.stage == Stage::Registration;
        self.store
            .write(|tx| write_entries(tx, t.id.get(), &rows, seating))?;
        Ok(())
    }

    /// A moderator starts an event (its first round), or, under a manual schedule, its next
    /// round.
    pub(super) fn start_event(
        &self,
        guild: GuildId,
        id: EventId,
        moderator: bool,
        now: Timestamp,
    ) -> Result<EventApplied, Failure> {
        may_organise(moderator)?;
        let _events = lock(&self.events);
        let mut t = self.load_event(guild, id)?;
        t.moderator_start()?;
        self.advance(t, now, Asker::Moderator)
    }

    /// A player withdraws (弃权): their games still being played are theirs lost by forfeit,
    /// and so is every game of theirs to come.
    pub(super) fn withdraw(
        &self,
        guild: GuildId,
        id: EventId,
        user: UserId,
        now: Timestamp,
    ) -> Result<EventApplied, Failure> {
        let _events = lock(&self.events);
        let mut t = self.load_event(guild, id)?;
        let seat = t.seat_of(user);
        t.withdraw(user)?;
        let running = seat.map(|s| t.running_games_of(s)).unwrap_or_default();
        self.save_entries(&t)?;
        let mut games = Vec::new();
        for m in running {
            if let Ok(o) = self.forfeit_game(m, user, now) {
                games.push(o);
            }
        }
        let event = Self::event_outcome(
            &t,
            vec![
                Event::Withdrew { event: id, user },
                Event::EventChanged(Box::new(t.clone())),
            ],
        );
        self.arm(Subject::Event(id), Some(now));
        Ok(EventApplied { event, games })
    }

    /// Ends a running event game as lost by `loser` without play (a withdrawal).
    fn forfeit_game(&self, id: MatchId, loser: UserId, now: Timestamp) -> Result<Outcome, Failure> {
        let applied = self.on_match(id, Some(loser), crate::game::Action::Forfeit, None, now);
        applied.result
    }

    /// The event's deadline: a game ended, a registration deadline, or a restart. Players
    /// absent too often are removed; under a continuous schedule the next round starts once
    /// this one is over, or the event finishes.
    pub(super) fn event_tick(&self, id: EventId, now: Timestamp) -> Result<EventApplied, Failure> {
        let _events = lock(&self.events);
        let stored = self
            .store
            .read(|tx| tx.event(id.get()))?
            .ok_or(Refusal::NothingToDo)?;
        let t = tournament_of(stored)?;
        match t.stage {
            Stage::Running => self.advance(t, now, Asker::Schedule),
            Stage::Registration => Ok(self.registration_tick(&t, now)),
            Stage::Finished | Stage::Cancelled => Err(Refusal::NothingToDo.into()),
        }
    }

    /// An event in registration at its deadline (or at a restart): once the deadline has
    /// passed its announcement is shown again, closed to new players (showing it twice, after
    /// a restart, changes nothing); before it, it looks again then.
    fn registration_tick(&self, t: &Tournament, now: Timestamp) -> EventApplied {
        match t.registration_look(now) {
            RegistrationLook::WaitUntil(closes) => {
                self.arm(Subject::Event(t.id), Some(closes));
                Self::quiet(t)
            }
            RegistrationLook::Closed => EventApplied {
                event: Self::event_outcome(t, vec![Event::EventChanged(Box::new(t.clone()))]),
                games: Vec::new(),
            },
            RegistrationLook::Open => Self::quiet(t),
        }
    }

    /// Moves a running event on as [`Tournament::advance`] decides: the removals it made are
    /// stored, then the next round started, the referee called, the event finished, or its
    /// next look armed.
    fn advance(
        &self,
        mut t: Tournament,
        now: Timestamp,
        by: Asker,
    ) -> Result<EventApplied, Failure> {
        let Advance { removed, next } = t.advance(now, by);
        let save_removals = |t: &Tournament| {
            if removed {
                self.save_entries(t)
            } else {
                Ok(())
            }
        };
        match next {
            Next::RoundNotOver => Err(Refusal::NoRoundToStart.into()),
            Next::WaitUntil(due) => {
                save_removals(&t)?;
                self.arm(Subject::Event(t.id), Some(due));
                Ok(Self::quiet(&t))
            }
            Next::Idle => {
                save_removals(&t)?;
                Err(Refusal::NothingToDo.into())
            }
            Next::Overdue { round, games } => {
                save_removals(&t)?;
                let event = Self::event_outcome(
                    &t,
                    vec![Event::RoundOverdue {
                        event: Box::new(t.clone()),
                        round,
                        games,
                    }],
                );
                Ok(EventApplied {
                    event,
                    games: Vec::new(),
                })
            }
            // Starting a round or finishing writes the players' statuses too.
            Next::Pair { round, boards } => self.start_round(t, round, &boards, now),
            Next::Finish => self.finish_event(t),
        }
    }

    /// Records the end of an event whose format has no round left.
    fn finish_event(&self, mut t: Tournament) -> Result<EventApplied, Failure> {
        t.finish();
        let (row, entries) = (event_row(&t), entry_rows(&t));
        self.store.write(|tx| {
            write_entries(tx, t.id.get(), &entries, false)?;
            tx.update_event(&row)
        })?;
        self.arm(Subject::Event(t.id), None);
        let event = Self::event_outcome(&t, vec![Event::EventFinished(Box::new(t.clone()))]);
        Ok(EventApplied {
            event,
            games: Vec::new(),
        })
    }

    /// Starts the next round: every board stored, every game's match made and seated, in one
    /// transaction; the event's outcome and one per game started.
    fn start_round(
        &self,
        mut t: Tournament,
        round: u32,
        boards: &[crate::game::events::Board],
        now: Timestamp,
    ) -> Result<EventApplied, Failure> {
        let settings = self.settings(t.guild)?;
        let planned = t.plan(boards);
        let mut lobby = lock(&self.lobby);
        let mut made: Vec<(Planned, Option<MatchId>)> = Vec::with_capacity(planned.len());
        let mut matches = Vec::new();
        for p in &planned {
            let id = match p {
                Planned::Play(pairing) => {
                    let m = self.event_match(&t, *pairing, &settings, now)?;
                    let id = m.id;
                    matches.push(m);
                    Some(id)
                }
                Planned::Bye(_) | Planned::Forfeit(..) => None,
            };
            made.push((*p, id));
        }
        // The players are seated (their list written whole) only as round 1 first starts.
        let seating = t.round == 0;
        t.begin_round(round, &made, now);
        let (row, entries) = (event_row(&t), entry_rows(&t));
        let game_rows: Vec<_> = t.games[t.games.len() - made.len()..]
            .iter()
            .map(|g| game_row(&t, g))
            .collect();
        let match_rows: Vec<_> = matches.iter().map(match_row).collect();
        self.store.write(|tx| {
            write_round(tx, &match_rows, &game_rows, (t.id.get(), &entries), seating)?;
            tx.update_event(&row)
        })?;
        let games = matches
            .into_iter()
            .map(|m| self.seat_new_match(&mut lobby, m, Vec::new()))
            .collect();
        drop(lobby);
        // A round whose boards are all decided already (byes, forfeits) moves on at once; a
        // timed one looks again at its set time.
        self.arm(Subject::Event(t.id), t.look_after_start(now));
        let round = t.round;
        let event = Self::event_outcome(
            &t,
            vec![Event::RoundStarted {
                event: Box::new(t.clone()),
                round,
            }],
        );
        Ok(EventApplied { event, games })
    }

    /// The match of an event's game: the event's terms, the handicap its policy gives the two
    /// players (the weaker then Black), the start window; an even game of an event whose
    /// colours go by nigiri opens with it.
    fn event_match(
        &self,
        t: &Tournament,
        pairing: Pairing,
        settings: &Settings,
        now: Timestamp,
    ) -> Result<Match, Failure> {
        let EventGameTerms {
            black,
            white,
            handicap,
            komi,
            nigiri,
        } = t.game_terms(pairing);
        let mut config: MatchConfig = match_config(
            &crate::game::invitation::Terms {
                size: t.terms.size,
                rules: t.terms.rules,
                komi,
                handicap,
                ranked: t.terms.ranked,
                colours: crate::game::invitation::Colours::ACCEPTOR_BLACK,
                time: t.terms.time,
            },
            settings,
        );
        config.event = Some(EventLink {
            event: t.id,
            start_window: t.terms.start_window,
        });
        let players = ByColor {
            black: t.entries[black].user,
            white: t.entries[white].user,
        };
        let mut m = Match::new(
            MatchId(self.take_id()?),
            t.guild,
            t.channel,
            players,
            config,
            now,
        );
        if nigiri {
            m.begin_nigiri();
        }
        Ok(m)
    }

    /// Records, in a match's commit, the end of an event's game: its board's result, and an
    /// absence against a player who did not turn up. The event to look again, if any.
    pub(super) fn record_event_game(
        tx: &Tx<'_>,
        m: &Match,
        outcome: EventOutcome,
        forfeit: bool,
        absent: &[UserId],
    ) -> Result<Option<EventId>, StoreError> {
        let Some(event) = tx.set_event_game_result(m.id.get(), outcome, forfeit)? else {
            return Ok(None);
        };
        for user in absent {
            tx.add_absence(event, user.get())?;
        }
        Ok(Some(EventId(event)))
    }

    /// A referee rules on an event's game still being played: awarded, its count settled,
    /// or annulled and replayed (a new game between the same players, with the same colours
    /// and terms, started at once). The ruling is recorded with the event, in the game's own
    /// commit (and so is the new game's match and board).
    pub(super) fn rule(
        &self,
        guild: GuildId,
        by: UserId,
        referee: bool,
        id: MatchId,
        ruling: Ruling,
        now: Timestamp,
    ) -> Applied {
        let ruled = (|| {
            may_referee(referee)?;
            let _events = lock(&self.events);
            let cell = self.cell(id).ok_or(Refusal::NoSuchGame)?;
            let mut m = lock(&cell);
            if m.guild != guild {
                return Err(Refusal::NoSuchGame.into());
            }
            let link = m.config.event.ok_or(Refusal::NotAnEventGame)?;
            let t = self.load_event(guild, link.event)?;
            let game = t
                .games
                .iter()
                .find(|g| g.match_id == Some(id) && g.result.is_none())
                .ok_or(Refusal::NotAnEventGame)?;
            let replacement = match ruling {
                Ruling::Replay => Some(Match::new(
                    MatchId(self.take_id()?),
                    m.guild,
                    m.channel,
                    m.players,
                    m.config,
                    now,
                )),
                _ => None,
            };
            let row = RulingRow {
                event_id: link.event.get(),
                round: game.round,
                board: game.board,
                match_id: id.get(),
                referee: by.get(),
                ruling,
                replay_id: replacement.as_ref().map(|r| r.id.get()),
                at: now.millis(),
            };
            let new_row = replacement.as_ref().map(match_row);
            let mut outcome =
                self.commit_with(&mut m, None, Action::Ruled(ruling), None, now, |tx| {
                    if let Some(new) = &new_row {
                        tx.insert_match(new)?;
                        tx.replace_event_game_match(id.get(), new.id)?;
                    }
                    tx.insert_ruling(&row)
                })?;
            drop(m);
            outcome.events.push(Event::Ruled {
                event: link.event,
                match_id: id,
                referee: by,
                ruling,
                replay: replacement.as_ref().map(|r| r.id),
            });
            let after = replacement
                .map(|r| {
                    let mut lobby = lock(&self.lobby);
                    self.seat_new_match(&mut lobby, r, Vec::new())
                })
                .into_iter()
                .collect::<Vec<_>>();
            Ok::<_, Failure>((outcome, after))
        })();
        match ruled {
            Ok((outcome, after)) => Applied {
                fired: Vec::new(),
                result: Ok(outcome),
                after,
            },
            Err(f) => Applied::only(Err(f)),
        }
    }

    /// A moderator bars a player from the server's events until `until` (失格).
    pub(super) fn bar_from_events(
        &self,
        guild: GuildId,
        moderator: bool,
        user: UserId,
        until: Timestamp,
    ) -> Result<Outcome, Failure> {
        may_organise(moderator)?;
        self.store
            .write(|tx| tx.set_event_bar(guild.get(), user.get(), until.millis()))?;
        Ok(Outcome {
            subject: Subject::Player(guild, user),
            guild,
            channel: None,
            events: vec![Event::BarredFromEvents { guild, user, until }],
            to_move: None,
            deadline: None,
        })
    }

    /// A moderator calls an event off: its games still being played are annulled.
    pub(super) fn cancel_event(
        &self,
        guild: GuildId,
        id: EventId,
        moderator: bool,
        now: Timestamp,
    ) -> Result<EventApplied, Failure> {
        may_organise(moderator)?;
        let _events = lock(&self.events);
        let mut t = self.load_event(guild, id)?;
        let running = t.cancel()?;
        let row = event_row(&t);
        self.store.write(|tx| tx.update_event(&row))?;
        let games = running
            .into_iter()
            .filter_map(|m| self.annul(guild, true, m, now).result.ok())
            .collect();
        self.arm(Subject::Event(id), None);
        let event = Self::event_outcome(&t, vec![Event::EventCancelled(Box::new(t.clone()))]);
        Ok(EventApplied { event, games })
    }

    /// An event of `guild` as it stands.
    ///
    /// # Errors
    /// No such event there, or the database failed.
    pub fn event(&self, guild: GuildId, id: EventId) -> Result<Tournament, Failure> {
        self.load_event(guild, id)
    }

    /// The events of a server, newest first (with `open_only`, those not over).
    ///
    /// # Errors
    /// The database failed, or a stored event does not read.
    pub fn events_of(&self, guild: GuildId, open_only: bool) -> Result<Vec<Tournament>, Failure> {
        let ids = self.store.read(|tx| tx.events_of(guild.get(), open_only))?;
        ids.into_iter()
            .map(|id| self.load_event(guild, EventId(id)))
            .collect()
    }
}

/// Writes a round as it starts: its games' matches, its boards, its players (the first round
/// seats them).
fn write_round(
    tx: &Tx<'_>,
    matches: &[crate::store::MatchRow],
    boards: &[crate::store::EventGameRow],
    (event, entries): (i64, &[crate::store::EntryRow]),
    first: bool,
) -> Result<(), StoreError> {
    for m in matches {
        tx.insert_match(m)?;
    }
    tx.insert_event_games(boards)?;
    write_entries(tx, event, entries, first)
}

/// Writes an event's players: with `seating` (registration, and the start that seats them) the
/// whole list; else only whether each is still in it, since their absences are counted in
/// their games' own commits, which an event's command does not wait for.
fn write_entries(
    tx: &Tx<'_>,
    event: i64,
    entries: &[crate::store::EntryRow],
    seating: bool,
) -> Result<(), StoreError> {
    if seating {
        tx.replace_entries(event, entries)
    } else {
        tx.set_entry_statuses(event, entries)
    }
}

impl From<Result<EventApplied, Failure>> for Applied {
    fn from(r: Result<EventApplied, Failure>) -> Self {
        match r {
            Ok(a) => Applied {
                fired: Vec::new(),
                result: Ok(a.event),
                after: a.games,
            },
            Err(e) => Applied::only(Err(e)),
        }
    }
}
