//! A running match (SPEC §3, §5): turns, passes, the two-press resign, automatic passes,
//! abandonment, the real-time cap, and the end.
//!
//! [`Match::apply`] is pure: it reads no clock (time is `now`), never panics on input, and on
//! a refusal leaves the match exactly as it was (every check comes before the first change).

use crate::go::{
    BoardSize, ByColor, Color, Count, DeadStones, EstimateOptions, Game, GameResult, Komi, Move,
    Point, RuleSet, estimate_dead,
};

use super::refusal::Refusal;
use super::{ChannelId, Ending, Event, GuildId, MatchId, Millis, UserId};

/// The merit numbers of SPEC §6, as copied into a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeritRules {
    pub min_moves: u32,
    pub amount: u32,
    pub winner_bonus: u32,
    pub lifetime_cap: u32,
}

/// The settings snapshot a match keeps from its acceptance to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchConfig {
    pub size: BoardSize,
    pub rules: RuleSet,
    pub komi: Komi,
    pub turn_timeout_ms: Millis,
    pub grace_ms: Millis,
    pub max_ms: Millis,
    pub resign_window_ms: Millis,
    pub merit: MeritRules,
}

/// Why a finished game finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// Two passes in a row (a real pass then an automatic one counts too): counted.
    TwoPasses,
    Resignation,
}

impl EndReason {
    /// As stored.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::TwoPasses => "two-passes",
            EndReason::Resignation => "resignation",
        }
    }
}

/// Why a game was abandoned (not counted, nothing recorded, no rewards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbandonCause {
    /// Both players away: two automatic passes in a row.
    TwoAutomaticPasses,
    /// This player went offline and was not back within the grace.
    Offline(Color),
    /// The game ran longer than `match-max-minutes` of real time.
    TimeCap,
}

impl AbandonCause {
    /// As stored.
    pub fn name(self) -> String {
        match self {
            AbandonCause::TwoAutomaticPasses => "two-automatic-passes".into(),
            AbandonCause::Offline(c) => format!("offline-{}", c.sgf_letter()),
            AbandonCause::TimeCap => "time-cap".into(),
        }
    }

    /// Reads the stored name back.
    pub fn from_name(s: &str) -> Option<AbandonCause> {
        match s {
            "two-automatic-passes" => Some(AbandonCause::TwoAutomaticPasses),
            "offline-B" => Some(AbandonCause::Offline(Color::Black)),
            "offline-W" => Some(AbandonCause::Offline(Color::White)),
            "time-cap" => Some(AbandonCause::TimeCap),
            _ => None,
        }
    }
}

/// Whether the match goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Running,
    Ended { ending: Ending, at: Millis },
}

/// The dead-stone agreement phase (SPEC §4): after two passes under a rule set with
/// [`DeadStones::Agreement`], the players settle which chains are dead before the count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreement {
    /// One stone (the lowest point) of each chain marked dead, sorted. It starts as the
    /// engine's estimate ([`estimate_dead`]).
    pub dead: Vec<Point>,
    /// Who has accepted the marking as it stands; any toggle withdraws both.
    pub accepted: ByColor<bool>,
    /// How many toggles the marking has had: an Accept button carries the version it was
    /// drawn for, so that no one accepts a marking they have not seen.
    pub version: u32,
}

impl Agreement {
    /// A fresh phase with `proposal` as the marking, accepted by no one.
    pub fn new(proposal: Vec<Point>) -> Agreement {
        Agreement {
            dead: proposal,
            accepted: ByColor {
                black: false,
                white: false,
            },
            version: 0,
        }
    }
}

/// What a player (or the clock) does to a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Play(Point),
    Pass,
    Resign,
    WentOffline,
    CameBack,
    /// Agreement phase: mark the chain through this point dead, or alive again; with the
    /// marking version the picker was drawn for, if any (a stale one is refused).
    ToggleDead(Point, Option<u32>),
    /// Agreement phase: accept the marking as it stands; with the marking version the button
    /// was drawn for, if any (a stale one is refused).
    AcceptMarking(Option<u32>),
    /// Agreement phase: dispute the marking and play on.
    ResumePlay,
    /// Whatever deadlines are due at `now` fire.
    Tick,
}

/// A match between two players.
#[derive(Debug, Clone)]
pub struct Match {
    pub id: MatchId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub players: ByColor<UserId>,
    pub config: MatchConfig,
    pub game: Game,
    /// Whether each move of `game.moves()` was an automatic pass.
    pub automatic: Vec<bool>,
    pub started_at: Millis,
    /// The real-time cap: abandoned at this time.
    pub ends_at: Millis,
    /// The player to move is passed automatically at this time.
    pub turn_deadline: Millis,
    /// Armed resignations: the second press counts until then.
    pub resign_armed: ByColor<Option<Millis>>,
    /// Offline players: abandoned at this time unless back.
    pub offline_until: ByColor<Option<Millis>>,
    pub status: Status,
    /// The agreement phase while it lasts (the match is still [`Status::Running`]); kept after
    /// the count, both accepted, as the marking the game was scored with.
    pub agreement: Option<Agreement>,
    /// How many times play was resumed after a dispute (AGA: the second dispute counts every
    /// stone left alive).
    pub resumed: u32,
    /// The move count when play was last resumed: an automatic pass before a resumption and
    /// one after it are not "two automatic passes in a row" (someone pressed Resume between).
    pub resumed_at: Option<u32>,
}

impl Match {
    /// A match that starts at `now`: the acceptor plays Black and moves first, the inviter
    /// plays White (SPEC §2).
    pub fn new(
        id: MatchId,
        guild: GuildId,
        channel: ChannelId,
        acceptor: UserId,
        inviter: UserId,
        config: MatchConfig,
        now: Millis,
    ) -> Match {
        Match {
            id,
            guild,
            channel,
            players: ByColor {
                black: acceptor,
                white: inviter,
            },
            game: Game::new(config.size, config.rules.with_komi(config.komi)),
            config,
            automatic: Vec::new(),
            started_at: now,
            ends_at: now.saturating_add(config.max_ms),
            turn_deadline: now.saturating_add(config.turn_timeout_ms),
            resign_armed: ByColor {
                black: None,
                white: None,
            },
            offline_until: ByColor {
                black: None,
                white: None,
            },
            status: Status::Running,
            agreement: None,
            resumed: 0,
            resumed_at: None,
        }
    }

    /// Whether the players are settling the dead stones (no moves until play resumes).
    pub fn in_agreement(&self) -> bool {
        self.is_running() && self.agreement.is_some()
    }

    /// The chains marked dead (one stone each): the marking under discussion during the
    /// agreement phase, the agreed one after the count, none otherwise.
    pub fn dead_stones(&self) -> &[Point] {
        self.agreement.as_ref().map_or(&[], |a| a.dead.as_slice())
    }

    /// Every stone of the chains marked dead (the marking holds one stone per chain): what the
    /// image crosses out.
    pub fn dead_points(&self) -> Vec<Point> {
        let board = self.game.board();
        self.dead_stones()
            .iter()
            .flat_map(|&p| board.chain(p))
            .collect()
    }

    /// The count of the board with the current marking, under the match's rules.
    pub fn count(&self) -> Count {
        self.game.count(self.dead_stones())
    }

    /// The colour `user` plays here, if they play.
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        if self.players.black == user {
            Some(Color::Black)
        } else if self.players.white == user {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The player whose turn it is.
    pub fn player_to_move(&self) -> UserId {
        self.players[self.game.to_move()]
    }

    /// Whether the match goes on.
    pub fn is_running(&self) -> bool {
        self.status == Status::Running
    }

    /// The number of moves played (passes included).
    pub fn move_count(&self) -> u32 {
        u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX)
    }

    /// How it ended, if it did.
    pub fn ending(&self) -> Option<Ending> {
        match self.status {
            Status::Running => None,
            Status::Ended { ending, .. } => Some(ending),
        }
    }

    /// The earliest deadline of a running match: the turn, an offline player, the cap.
    pub fn next_deadline(&self) -> Option<Millis> {
        if !self.is_running() {
            return None;
        }
        let mut d = self.turn_deadline.min(self.ends_at);
        for c in [Color::Black, Color::White] {
            if let Some(u) = self.offline_until[c] {
                d = d.min(u);
            }
        }
        Some(d)
    }

    /// Milliseconds left on the turn and in the game, for `/weiqi status`.
    pub fn time_left(&self, now: Millis) -> (Millis, Millis) {
        (
            (self.turn_deadline - now).max(0),
            (self.ends_at - now).max(0),
        )
    }

    /// The winner who earns merit, if the game really finished (SPEC §6): two passes with a
    /// winner, or a resignation after at least `merit-min-moves` moves (passes included).
    pub fn merit_winner(&self) -> Option<Color> {
        match self.ending()? {
            Ending::Finished { result, reason } => {
                let winner = result.winner()?;
                let long_enough = match reason {
                    EndReason::TwoPasses => true,
                    EndReason::Resignation => self.move_count() >= self.config.merit.min_moves,
                };
                long_enough.then_some(winner)
            }
            Ending::Abandoned(_) => None,
        }
    }

    /// Applies `action` by `by` (`None` for the clock) at `now`.
    ///
    /// `seen` is the move number of the board the button was drawn for, if any: a board that
    /// is no longer current is refused.
    ///
    /// # Errors
    /// A [`Refusal`]; the match is unchanged.
    pub fn apply(
        &mut self,
        by: Option<UserId>,
        action: Action,
        seen: Option<u32>,
        now: Millis,
    ) -> Result<Vec<Event>, Refusal> {
        if action == Action::Tick {
            return self.tick(now);
        }
        if !self.is_running() {
            return Err(Refusal::GameOver);
        }
        let color = by
            .and_then(|u| self.color_of(u))
            .ok_or(Refusal::NotYourGame)?;
        let mut events = Vec::new();
        match action {
            Action::Play(_) | Action::Pass => {
                if self.agreement.is_some() {
                    return Err(Refusal::InAgreement);
                }
                if color != self.game.to_move() {
                    return Err(Refusal::NotYourTurn);
                }
                if seen.is_some_and(|n| n != self.move_count()) {
                    return Err(Refusal::StaleBoard);
                }
                let mv = match action {
                    Action::Play(p) => Move::Play(p),
                    _ => Move::Pass,
                };
                self.game.check(color, mv).map_err(Refusal::Illegal)?;
                self.disarm(color, &mut events);
                self.play(color, mv, false, now, now, &mut events);
            }
            Action::Resign => match self.resign_armed[color] {
                Some(until) if now <= until => {
                    self.resign_armed[color] = None;
                    self.end(
                        Ending::Finished {
                            result: GameResult::Resignation { winner: !color },
                            reason: EndReason::Resignation,
                        },
                        now,
                        &mut events,
                    );
                }
                _ => {
                    let until = now.saturating_add(self.config.resign_window_ms);
                    self.resign_armed[color] = Some(until);
                    events.push(Event::ResignArmed {
                        match_id: self.id,
                        player: self.players[color],
                        until,
                    });
                }
            },
            Action::WentOffline => {
                if self.offline_until[color].is_some() {
                    return Err(Refusal::NothingToDo);
                }
                self.disarm(color, &mut events);
                let until = now.saturating_add(self.config.grace_ms);
                self.offline_until[color] = Some(until);
                events.push(Event::PlayerOffline {
                    match_id: self.id,
                    player: self.players[color],
                    until,
                });
            }
            Action::CameBack => {
                if self.offline_until[color].take().is_none() {
                    return Err(Refusal::NothingToDo);
                }
                events.push(Event::PlayerBack {
                    match_id: self.id,
                    player: self.players[color],
                });
            }
            Action::ToggleDead(p, version) => {
                let Some(current) = self.agreement.as_ref().map(|a| a.version) else {
                    return Err(Refusal::NotInAgreement);
                };
                if seen.is_some_and(|n| n != self.move_count())
                    || version.is_some_and(|v| v != current)
                {
                    return Err(Refusal::StaleBoard);
                }
                let chain = if self.game.size().contains(p) {
                    self.game.board().chain(p)
                } else {
                    Vec::new()
                };
                let Some(&head) = chain.iter().min() else {
                    return Err(Refusal::NoStoneThere);
                };
                let Some(agreement) = self.agreement.as_mut() else {
                    return Err(Refusal::NotInAgreement);
                };
                let now_dead = match agreement.dead.binary_search(&head) {
                    Ok(i) => {
                        agreement.dead.remove(i);
                        false
                    }
                    Err(i) => {
                        agreement.dead.insert(i, head);
                        true
                    }
                };
                agreement.accepted = ByColor {
                    black: false,
                    white: false,
                };
                agreement.version = agreement.version.saturating_add(1);
                let dead = agreement.dead.clone();
                // A changed marking deserves a fresh look: the timeout starts again.
                self.turn_deadline = now.saturating_add(self.config.turn_timeout_ms);
                self.disarm(color, &mut events);
                events.push(Event::MarkingChanged {
                    match_id: self.id,
                    by: self.players[color],
                    chain,
                    dead: now_dead,
                    marking: dead,
                });
            }
            Action::AcceptMarking(version) => {
                let moves = self.move_count();
                let Some(agreement) = self.agreement.as_mut() else {
                    return Err(Refusal::NotInAgreement);
                };
                if version.is_some_and(|v| v != agreement.version)
                    || seen.is_some_and(|n| n != moves)
                {
                    return Err(Refusal::StaleBoard);
                }
                if agreement.accepted[color] {
                    return Err(Refusal::AlreadyAccepted);
                }
                agreement.accepted[color] = true;
                self.disarm(color, &mut events);
                events.push(Event::MarkingAccepted {
                    match_id: self.id,
                    player: self.players[color],
                    automatic: false,
                });
                self.score_if_agreed(now, &mut events);
            }
            Action::ResumePlay => {
                if self.agreement.is_none() {
                    return Err(Refusal::NotInAgreement);
                }
                if seen.is_some_and(|n| n != self.move_count()) {
                    return Err(Refusal::StaleBoard);
                }
                self.disarm(color, &mut events);
                if self.game.rules().white_passes_last && self.resumed > 0 {
                    // AGA: play was resumed once and the game ended again without agreement:
                    // every stone left on the board is alive.
                    let version = self.agreement.as_ref().map_or(0, |a| a.version);
                    self.agreement = Some(Agreement {
                        dead: Vec::new(),
                        accepted: ByColor {
                            black: true,
                            white: true,
                        },
                        version,
                    });
                    self.score(now, &mut events);
                } else {
                    self.agreement = None;
                    self.resume_play();
                    self.turn_deadline = now.saturating_add(self.config.turn_timeout_ms);
                    events.push(Event::PlayResumed {
                        match_id: self.id,
                        by: self.players[color],
                        to_move: self.player_to_move(),
                    });
                }
            }
            Action::Tick => {}
        }
        Ok(events)
    }

    /// Lets a game that ended by passes go on after a dispute (the agreement already closed).
    pub fn resume_play(&mut self) {
        self.game.resume();
        self.resumed += 1;
        self.resumed_at = Some(self.move_count());
    }

    /// Scores the game once both players have accepted the same marking.
    fn score_if_agreed(&mut self, at: Millis, events: &mut Vec<Event>) {
        if self
            .agreement
            .as_ref()
            .is_some_and(|a| a.accepted.black && a.accepted.white)
        {
            self.score(at, events);
        }
    }

    /// Counts the board with the marking (none outside the agreement phase) and ends the game.
    fn score(&mut self, at: Millis, events: &mut Vec<Event>) {
        let result = self.count().result();
        self.end(
            Ending::Finished {
                result,
                reason: EndReason::TwoPasses,
            },
            at,
            events,
        );
    }

    /// Opens the agreement phase with the engine's estimate as the proposal. The estimate is
    /// seeded by the match and its move count, so the same game always gets the same proposal.
    fn start_agreement(&mut self, events: &mut Vec<Event>) {
        let options = EstimateOptions {
            seed: (self.id as u64) ^ (u64::from(self.move_count()) << 32),
            ..EstimateOptions::default()
        };
        let proposal = estimate_dead(self.game.board(), options);
        self.agreement = Some(Agreement::new(proposal.clone()));
        events.push(Event::AgreementStarted {
            match_id: self.id,
            proposal,
        });
    }

    /// Accepts the marking for every player who has not (their time ran out).
    fn accept_for_all(&mut self, events: &mut Vec<Event>) {
        let Some(agreement) = self.agreement.as_mut() else {
            return;
        };
        for c in [Color::Black, Color::White] {
            if !agreement.accepted[c] {
                agreement.accepted[c] = true;
                events.push(Event::MarkingAccepted {
                    match_id: self.id,
                    player: self.players[c],
                    automatic: true,
                });
            }
        }
    }

    /// Any other action of a player disarms their resignation (SPEC §3).
    fn disarm(&mut self, color: Color, events: &mut Vec<Event>) {
        if self.resign_armed[color].take().is_some() {
            events.push(Event::ResignDisarmed {
                match_id: self.id,
                player: self.players[color],
            });
        }
    }

    /// Plays a move already checked legal; ends the game on two passes.
    fn play(
        &mut self,
        color: Color,
        mv: Move,
        automatic: bool,
        at: Millis,
        turn_starts: Millis,
        events: &mut Vec<Event>,
    ) {
        let Ok(played) = self.game.play_as(color, mv) else {
            // Checked just before; an engine refusal here would be a bug. Leave the match
            // as it is rather than panic.
            return;
        };
        self.automatic.push(automatic);
        events.push(Event::Moved {
            match_id: self.id,
            number: self.move_count(),
            color,
            mv,
            automatic,
            captured: played.captured,
        });
        self.turn_deadline = turn_starts.saturating_add(self.config.turn_timeout_ms);
        if played.ended {
            if self.game.rules().dead_stones == DeadStones::Agreement {
                self.start_agreement(events);
            } else {
                self.score(at, events);
            }
        }
    }

    fn end(&mut self, ending: Ending, at: Millis, events: &mut Vec<Event>) {
        self.status = Status::Ended { ending, at };
        // Only a count keeps its marking; a resignation or an abandonment has none.
        if !matches!(
            ending,
            Ending::Finished {
                reason: EndReason::TwoPasses,
                ..
            }
        ) {
            self.agreement = None;
        }
        self.resign_armed = ByColor {
            black: None,
            white: None,
        };
        events.push(Event::Ended {
            match_id: self.id,
            ending,
        });
    }

    /// Fires every deadline due at `now`, in time order: automatic passes, abandonment.
    fn tick(&mut self, now: Millis) -> Result<Vec<Event>, Refusal> {
        let mut events = Vec::new();
        while self.is_running() {
            let Some(due) = self.next_deadline().filter(|&d| d <= now) else {
                break;
            };
            if self.ends_at <= due && self.agreement.is_some() {
                // Both passed before the cap: the game is counted, not abandoned, with the
                // marking as it stands (as when the turn runs out during the agreement).
                self.accept_for_all(&mut events);
                self.score(self.ends_at, &mut events);
            } else if self.ends_at <= due {
                self.end(
                    Ending::Abandoned(AbandonCause::TimeCap),
                    self.ends_at,
                    &mut events,
                );
            } else if let Some(c) = [Color::Black, Color::White]
                .into_iter()
                .find(|&c| self.offline_until[c].is_some_and(|u| u <= due))
            {
                self.end(
                    Ending::Abandoned(AbandonCause::Offline(c)),
                    due,
                    &mut events,
                );
            } else if self.agreement.is_some() {
                // Away for the turn timeout during agreement: accepts the marking as it stands.
                self.accept_for_all(&mut events);
                self.score(due, &mut events);
            } else {
                // The turn ran out: an automatic pass, dated at the deadline, and the next
                // turn counts from then (so a catch-up never gives extra time).
                let color = self.game.to_move();
                let second_auto = self.automatic.last() == Some(&true)
                    && self.resumed_at != Some(self.move_count());
                let before = self.move_count();
                self.play(color, Move::Pass, true, due, due, &mut events);
                if self.move_count() == before {
                    // The engine refused the pass (a game it holds over): never spin on a
                    // deadline that stays due; the next turn starts from this one.
                    self.turn_deadline = due.saturating_add(self.config.turn_timeout_ms.max(1));
                    break;
                }
                if second_auto && self.is_running() {
                    self.end(
                        Ending::Abandoned(AbandonCause::TwoAutomaticPasses),
                        due,
                        &mut events,
                    );
                } else if second_auto {
                    // Two automatic passes ended the game in the engine too: still abandoned.
                    if let Some(Event::Ended { ending, .. }) = events.last_mut() {
                        *ending = Ending::Abandoned(AbandonCause::TwoAutomaticPasses);
                    }
                    self.status = Status::Ended {
                        ending: Ending::Abandoned(AbandonCause::TwoAutomaticPasses),
                        at: due,
                    };
                    self.agreement = None;
                }
            }
        }
        if events.is_empty() {
            Err(Refusal::NothingToDo)
        } else {
            Ok(events)
        }
    }

    /// After a restart (SPEC §5): a turn whose deadline fell while the bot was down gets a
    /// fresh turn; an offline player's grace starts again (their presence is unknown until the
    /// gateway says); armed resignations are dropped. The real-time cap keeps counting.
    pub fn resume(&mut self, now: Millis) -> Vec<Event> {
        let mut events = Vec::new();
        if !self.is_running() {
            return events;
        }
        if self.turn_deadline <= now {
            self.turn_deadline = now.saturating_add(self.config.turn_timeout_ms);
            events.push(Event::TurnRenewed {
                match_id: self.id,
                deadline: self.turn_deadline,
            });
        }
        for c in [Color::Black, Color::White] {
            if self.offline_until[c].is_some_and(|u| u <= now) {
                self.offline_until[c] = Some(now.saturating_add(self.config.grace_ms));
            }
            self.resign_armed[c] = None;
        }
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn config(rules: RuleSet) -> MatchConfig {
        MatchConfig {
            size: BoardSize::new(7).expect("7 is a size"),
            rules,
            komi: rules.rules().komi,
            turn_timeout_ms: 180_000,
            grace_ms: 120_000,
            max_ms: 3_600_000,
            resign_window_ms: 10_000,
            merit: MeritRules {
                min_moves: 20,
                amount: 5,
                winner_bonus: 3,
                lifetime_cap: 25,
            },
        }
    }

    fn action() -> impl Strategy<Value = (u8, Action, Option<u32>, i64)> {
        let act = prop_oneof![
            (0u8..19, 0u8..19).prop_map(|(c, r)| Action::Play(Point::new(c, r).expect("< 19"))),
            Just(Action::Pass),
            Just(Action::Resign),
            Just(Action::WentOffline),
            Just(Action::CameBack),
            Just(Action::Tick),
            (0u8..19, 0u8..19)
                .prop_map(|(c, r)| Action::ToggleDead(Point::new(c, r).expect("< 19"), None)),
            proptest::option::of(0u32..3).prop_map(Action::AcceptMarking),
            Just(Action::ResumePlay),
        ];
        (0u8..3, act, proptest::option::of(0u32..40), 0i64..200_000)
    }

    proptest! {
        /// Any sequence of any actions by players, spectators and the clock: no panic, and a
        /// refusal leaves the match exactly as it was.
        #[test]
        fn apply_never_panics_and_a_refusal_changes_nothing(
            rules in proptest::sample::select(RuleSet::ALL.to_vec()),
            steps in proptest::collection::vec(action(), 1..120)
        ) {
            let mut m = Match::new(1, 1, 1, 20, 10, config(rules), 0);
            let mut now = 0;
            for (who, act, seen, dt) in steps {
                now += dt;
                let by = [20u64, 10, 99][who as usize];
                let before = format!("{m:?}");
                match m.apply(Some(by), act, seen, now) {
                    Ok(events) => prop_assert!(!events.is_empty()),
                    Err(_) => prop_assert_eq!(before, format!("{m:?}")),
                }
                prop_assert_eq!(m.automatic.len(), m.game.moves().len());
                if !m.is_running() {
                    prop_assert!(m.next_deadline().is_none());
                }
                // Moves are refused while the dead stones are settled.
                if m.in_agreement() {
                    prop_assert!(m.game.is_over());
                }
            }
        }
    }
}
