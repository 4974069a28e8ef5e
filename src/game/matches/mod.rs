//! A running match (SPEC §3–§5): turns, passes, the two-press resign, automatic passes,
//! abandonment, the real-time cap, the dead-stone agreement, and the end.
//!
//! [`Match::apply`] is pure: it reads no clock (time is `now`), never panics on input, and on
//! a refusal leaves the match exactly as it was (every check comes before the first change).
//! Each action has a method of its own: [`moves`] (play, pass, resign, presence),
//! [`agreement`] (toggle, accept, resume), [`deadlines`] (deadlines, restarts).

mod action;
mod agreement;
mod computer_play;
mod config;
mod estimate;

pub use computer_play::MAX_COMPUTER_TOGGLES;
mod deadlines;
mod ending;
mod moves;
mod nigiri_step;
mod team_play;
#[cfg(test)]
mod tests;
mod undo;

use crate::go::{
    Board, ByColor, Color, Count, DeadStones, Game, GameResult, IllegalMove, Move, Point,
};

use super::computer::Computer;
use super::nigiri::NigiriStage;
use super::refusal::Refusal;
use super::teams::votes::Vote;
use super::teams::{SeatHolder, TeamForm, Teams};
use super::time::{Duration, Timestamp};
use super::time_control::{DAY, PlayerClock, TimeControl};
use super::{ChannelId, Event, GuildId, MatchId, UserId};

pub use action::{Action, Ruling};
pub use agreement::Agreement;
pub use config::{EventLink, MatchConfig, MeritRules};
pub use ending::{AbandonCause, EndReason, Ended, Ending};
pub use nigiri_step::GUESSER as NIGIRI_GUESSER;

/// Where a match is in its life: the one phase, in memory as in the table (its [`PhaseKind`]
/// stored by name: `nigiri`, `play`, `agreement`, `ended`).
#[derive(Debug, Clone, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(PhaseKind),
    derive(strum::IntoStaticStr, strum::EnumString, strum::EnumIter),
    strum(serialize_all = "kebab-case")
)]
pub enum Phase {
    /// An event's even game whose terms say nigiri (猜先): the colours are being decided;
    /// no move yet, no clock running.
    Nigiri(NigiriStage),
    /// Moves are being played.
    Play,
    /// Both passed under a rule set with an agreement: the players settle the dead stones.
    Agreement(Agreement),
    /// Over.
    Ended(Ended),
}

/// A match between two players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    pub id: MatchId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub players: ByColor<UserId>,
    pub config: MatchConfig,
    pub game: Game,
    /// Whether each move of `game.moves()` was an automatic pass.
    pub automatic: Vec<bool>,
    pub started_at: Timestamp,
    /// The real-time cap: abandoned at this time.
    pub ends_at: Timestamp,
    /// The player to move is passed automatically at this time (during the agreement: the
    /// marking is accepted for whoever has not).
    pub turn_deadline: Timestamp,
    /// Armed resignations: the second press counts until then.
    pub resign_armed: ByColor<Option<Timestamp>>,
    /// Offline players: abandoned at this time unless back.
    pub offline_until: ByColor<Option<Timestamp>>,
    pub phase: Phase,
    /// How many times play was resumed after a dispute (AGA: the second dispute counts every
    /// stone left alive).
    pub resumed: u32,
    /// The move count when play was last resumed: an automatic pass before a resumption and
    /// one after it are not "two automatic passes in a row" (someone pressed Resume between).
    pub resumed_at: Option<u32>,
    /// The computer's side, in a game against it.
    pub computer: Option<Computer>,
    /// Black's handicap stones placed so far, in order, in a game of free placement; they are
    /// stored as Black's first moves.
    pub placed: Vec<Point>,
    /// What each player has left on a real clock (charged when they move).
    pub clocks: ByColor<PlayerClock>,
    /// When the current turn started (what the mover's clock is charged from).
    pub turn_started: Timestamp,
    /// Reminders already sent this turn in a correspondence game (a day left, an hour left).
    pub reminded: u8,
    /// Time given back to the player to move at the last restart (the bot was down), shown by
    /// `/weiqi status`.
    pub given_back: Duration,
    /// A pending request to take back the last move, by this colour (who made it). It lapses
    /// at the next move, and is not kept across a restart.
    pub undo_request: Option<Color>,
    /// A team game's sides (pair Go, consultation); `None` for one player a side.
    pub teams: Option<Teams>,
    /// Who made each move of `game.moves()` in a pair Go game (a partner may pass for the
    /// side); `None` for the clock's, a team's vote, or a game of one player a side.
    pub played_by: Vec<Option<UserId>>,
    /// A consultation team's votes on the move it is to make, in the order cast.
    pub ballot: Vec<Vote>,
    /// The move (1-based) Tengen's advanced level last played for the host's engine, which
    /// gave none: the board says so until the computer moves again. Not kept across a restart
    /// (the move itself is).
    pub stand_in: Option<u32>,
    /// Chains the computer has toggled in this game's agreements (see
    /// [`MAX_COMPUTER_TOGGLES`]), stored with the match so that a restart counts on.
    pub computer_toggles: u32,
    /// Estimates each player asked for in this game (形势判断), those who asked only, sorted by
    /// player: stored with the match (`match_estimates`) so that a restart counts on.
    pub estimates: Vec<(UserId, u32)>,
}

/// A real-time game on a real clock cannot run longer than this (a correspondence game has no
/// cap; the seed's `turn` games keep the server's `match-max-minutes`).
const REAL_CLOCK_CAP: Duration = Duration::from_secs(24 * 3600);
/// Far enough to be never: a correspondence game's "cap".
const NO_CAP: Duration = Duration::from_secs(10 * 365 * 24 * 3600);

impl Match {
    /// A match that starts at `now`: the acceptor plays Black and moves first, the inviter
    /// plays White (SPEC §2).
    pub fn new(
        id: MatchId,
        guild: GuildId,
        channel: ChannelId,
        players: ByColor<UserId>,
        config: MatchConfig,
        now: Timestamp,
    ) -> Match {
        let cap = match config.time {
            TimeControl::Turn => config.max_length,
            TimeControl::Correspondence { .. } => NO_CAP,
            _ => REAL_CLOCK_CAP,
        };
        let mut m = Match {
            id,
            guild,
            channel,
            players,
            game: config.new_game(),
            config,
            automatic: Vec::new(),
            started_at: now,
            ends_at: now + cap,
            turn_deadline: now + config.turn_timeout,
            resign_armed: ByColor::default(),
            offline_until: ByColor::default(),
            phase: Phase::Play,
            resumed: 0,
            resumed_at: None,
            computer: None,
            placed: Vec::new(),
            clocks: ByColor {
                black: config.time.start(),
                white: config.time.start(),
            },
            turn_started: now,
            reminded: 0,
            given_back: Duration::ZERO,
            undo_request: None,
            teams: None,
            played_by: Vec::new(),
            ballot: Vec::new(),
            stand_in: None,
            computer_toggles: 0,
            estimates: Vec::new(),
        };
        m.start_turn(now);
        m
    }

    /// Starts the turn of the player to move at `at`: its deadline is an automatic pass under
    /// `turn`, the loss of the game on a real clock.
    pub(super) fn start_turn(&mut self, at: Timestamp) {
        self.turn_started = at;
        self.reminded = 0;
        let clock = self.clocks[self.game.to_move()];
        self.turn_deadline = match self.config.time.time_to_lose(clock) {
            Some(left) => at + left,
            None => at + self.config.turn_timeout,
        };
    }

    /// Charges `color`'s clock for the turn that started at [`Match::turn_started`] and ends
    /// at `at` (their move).
    pub(super) fn charge(&mut self, color: Color, at: Timestamp) {
        let mut elapsed = self.turn_started.until(at);
        if self.config.event.is_some() && self.config.time.is_real_clock() && !self.has_moved(color)
        {
            // An event's late first move is taken twice from the main time (扣时).
            elapsed = elapsed.saturating_mul(2);
        }
        self.clocks[color] = self.config.time.after_move(self.clocks[color], elapsed);
    }

    /// Whether `color` has made a move of their own (or placed a handicap stone) in this game:
    /// an automatic pass is the clock's, not theirs.
    pub fn has_moved(&self, color: Color) -> bool {
        (color == Color::Black && !self.placed.is_empty())
            || self
                .game
                .moves()
                .iter()
                .zip(&self.automatic)
                .any(|(&(c, _), &auto)| c == color && !auto)
    }

    /// The players of an event's game absent when its start window closes (缺席): whose turn
    /// came (Black's at once, White's after Black's first move or pass) and who has made no
    /// move of their own; during a nigiri, the one who was to guess or to choose.
    pub fn absentees(&self) -> Vec<Color> {
        if let Some(actor) = self.nigiri_actor() {
            return vec![actor];
        }
        let white_called =
            !self.placed.is_empty() || self.game.moves().iter().any(|&(c, _)| c == Color::Black);
        Color::ALL
            .into_iter()
            .filter(|&c| c == Color::Black || white_called)
            .filter(|&c| !self.has_moved(c))
            .collect()
    }

    /// When an event's game loses its absent players by forfeit: the close of its start window,
    /// while someone whose turn came has not moved.
    pub fn absence_deadline(&self) -> Option<Timestamp> {
        let link = self.config.event?;
        if !matches!(self.phase, Phase::Play | Phase::Nigiri(_)) || self.absentees().is_empty() {
            return None;
        }
        Some(self.started_at + link.start_window)
    }

    /// How long the agreement phase waits for a silent player: the turn timeout, or a day in
    /// a correspondence game.
    pub(super) fn agreement_window(&self) -> Duration {
        if self.config.time.is_correspondence() {
            DAY
        } else {
            self.config.turn_timeout
        }
    }

    /// The next reminder due in a correspondence game (a day, then an hour, before the player
    /// to move runs out), if one is still to come this turn.
    pub fn next_reminder(&self) -> Option<Timestamp> {
        if !self.config.time.is_correspondence() || !matches!(self.phase, Phase::Play) {
            return None;
        }
        let before = match self.reminded {
            0 => DAY,
            1 => super::time_control::HOUR,
            _ => return None,
        };
        let at = Timestamp::from_millis(
            self.turn_deadline
                .millis()
                .saturating_sub(super::time::millis_of(before)),
        );
        Some(at.max(self.turn_started))
    }

    /// What `color` has left now: their clock, less the current turn's time if it is theirs.
    pub fn clock_now(&self, color: Color, now: Timestamp) -> PlayerClock {
        let clock = self.clocks[color];
        if color != self.game.to_move() || !matches!(self.phase, Phase::Play) {
            return clock;
        }
        self.config.time.spent(clock, self.turn_started.until(now))
    }

    /// Whether the match goes on (in play or in the agreement phase).
    pub fn is_running(&self) -> bool {
        !matches!(self.phase, Phase::Ended(_))
    }

    /// Whether the players are settling the dead stones (no moves until play resumes).
    pub fn in_agreement(&self) -> bool {
        matches!(self.phase, Phase::Agreement(_))
    }

    /// The agreement phase, while it lasts.
    pub fn agreement(&self) -> Option<&Agreement> {
        match &self.phase {
            Phase::Agreement(a) => Some(a),
            _ => None,
        }
    }

    /// How it ended, if it did.
    pub fn ended(&self) -> Option<&Ended> {
        match &self.phase {
            Phase::Ended(e) => Some(e),
            _ => None,
        }
    }

    /// How it ended, if it did.
    pub fn ending(&self) -> Option<Ending> {
        self.ended().map(|e| e.ending)
    }

    /// Whether it ended by a count of the board (two passes), the picture then shows the count.
    pub fn was_counted(&self) -> bool {
        matches!(
            self.ending(),
            Some(Ending::Finished {
                reason: EndReason::TwoPasses,
                ..
            })
        )
    }

    /// The chains marked dead (one stone each): the marking under discussion during the
    /// agreement phase, the agreed one after the count, none otherwise.
    pub fn dead_stones(&self) -> &[Point] {
        match &self.phase {
            Phase::Agreement(a) => &a.dead,
            Phase::Ended(Ended {
                marking: Some(m), ..
            }) => m,
            _ => &[],
        }
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

    /// The count of the board with the current marking, under the match's rules, less the
    /// points of the penalty overtime (Ing).
    pub fn count(&self) -> Count {
        let mut count = self.game.count(self.dead_stones());
        count.penalties = self.penalty_points();
        count
    }

    /// Points each side lost to penalty overtime.
    pub fn penalty_points(&self) -> ByColor<u32> {
        ByColor::new_with(|c| {
            self.config.time.penalties(self.clocks[c]) * super::time_control::PENALTY_POINTS
        })
    }

    /// The colour `user` plays here, if they play (a pair Go player their side's).
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        if let Some(teams) = self.pair_teams() {
            return teams.side_of(user);
        }
        if self.players.black == user {
            Some(Color::Black)
        } else if self.players.white == user {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The player whose turn it is (in pair Go, the side's player in the order; in a
    /// consultation, the team's seat).
    pub fn player_to_move(&self) -> UserId {
        let color = self.game.to_move();
        self.pair_player(color).unwrap_or(self.players[color])
    }

    /// The player to notify that it is their turn: no one while the dead stones are settled
    /// or once it is over, nor the computer; during a nigiri, the one to guess or to choose.
    pub fn awaited(&self) -> Option<UserId> {
        if let Some(actor) = self.nigiri_actor() {
            return Some(self.players[actor]);
        }
        let user = self.player_to_move();
        (matches!(self.phase, Phase::Play)
            && self.computer.is_none_or(|c| c.user != user)
            && !super::teams::is_team_seat(user))
        .then_some(user)
    }

    /// Who holds the seat of `color`: the computer, a pair, a consultation team, or a person.
    pub fn holder(&self, color: Color) -> SeatHolder {
        if let Some(c) = self.computer.filter(|c| c.color == color) {
            return SeatHolder::Computer(c.level);
        }
        match &self.teams {
            Some(t) if t.form == TeamForm::Pair => {
                SeatHolder::Pair(t.sides[color].listed().to_vec())
            }
            Some(t) => SeatHolder::Team(t.sides[color].membership.clone()),
            None => SeatHolder::Person(self.players[color]),
        }
    }

    /// The people who play (both players, but the computer; every named player of a team
    /// game).
    pub fn people(&self) -> Vec<UserId> {
        if let Some(teams) = &self.teams {
            return teams.people();
        }
        self.both()
            .into_iter()
            .filter(|&u| !self.is_computer(u))
            .collect()
    }

    /// Whether `user` is the computer of this match.
    pub fn is_computer(&self, user: UserId) -> bool {
        self.computer.is_some_and(|c| c.user == user)
    }

    /// The move Tengen's advanced level played for the host's engine, while the board says so:
    /// from that move until the computer's next one.
    pub fn shown_stand_in(&self) -> Option<u32> {
        let count = self.move_count();
        self.stand_in.filter(|&n| n <= count && n + 1 >= count)
    }

    /// The number of moves stored: the stones of a free handicap placed so far, then the moves
    /// played (passes included). Boards and their buttons are numbered by it.
    pub fn move_count(&self) -> u32 {
        u32::try_from(self.placed.len() + self.game.moves().len()).unwrap_or(u32::MAX)
    }

    /// The moves played on the board (passes included), free handicap stones not counted.
    pub fn moves_played(&self) -> u32 {
        u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX)
    }

    /// The stored move of number `index + 1`: a free handicap stone, or a move of the game.
    pub fn stored_move(&self, index: usize) -> Option<(Color, Move)> {
        match self.placed.get(index) {
            Some(&p) => Some((Color::Black, Move::Play(p))),
            None => self.game.moves().get(index - self.placed.len()).copied(),
        }
    }

    /// Handicap stones Black has still to place before White's first move (0 once they stand,
    /// and in every game without free placement).
    pub fn stones_left_to_place(&self) -> usize {
        self.config
            .stones_to_place()
            .saturating_sub(self.placed.len())
    }

    /// Whether the player to move may put a stone on `p` now: while Black places a free
    /// handicap, any empty point; in play, a move the rules allow (ko and superko included);
    /// during the agreement or once over, none. What the point picker offers.
    pub fn may_play(&self, p: Point) -> bool {
        if self.placing() {
            return self.game.board().check(Color::Black, p).is_ok();
        }
        matches!(self.phase, Phase::Play)
            && self.game.board().get(p).is_none()
            && self.game.is_legal_for(self.game.to_move(), Move::Play(p))
    }

    /// Whether `user` may invite the other player to a rematch: they played this game, it is
    /// over, it was not against the computer, and no moderator annulled it (an annulment is
    /// the server's word that the game should not have been; its terms are not offered again).
    ///
    /// # Errors
    /// [`Refusal::NoRematch`] otherwise.
    pub fn may_rematch(&self, user: UserId) -> Result<Color, Refusal> {
        let color = self.color_of(user).ok_or(Refusal::NoRematch)?;
        if self.offers_rematch() {
            Ok(color)
        } else {
            Err(Refusal::NoRematch)
        }
    }

    /// Whether the game, over, offers its players a rematch (see [`Match::may_rematch`]): what
    /// its result shows a Rematch button for.
    pub fn offers_rematch(&self) -> bool {
        self.computer.is_none()
            && self
                .ending()
                .is_some_and(|e| !matches!(e, Ending::Annulled))
    }

    /// Whether Black is still placing the stones of a free handicap.
    pub fn placing(&self) -> bool {
        self.stones_left_to_place() > 0 && matches!(self.phase, Phase::Play)
    }

    /// Puts a stone of a free handicap on `p`: the game starts again from Black's stones so
    /// far, Black to place the next or White to move after the last (a setup, as SGF's `AB`,
    /// not moves). The replay of a stored game uses it too; it raises no event.
    ///
    /// # Errors
    /// The point is off the board or taken; the match is unchanged.
    pub fn put_handicap_stone(&mut self, p: Point) -> Result<(), IllegalMove> {
        if !self.placing() {
            return Err(IllegalMove::GameOver);
        }
        self.game.board().check(Color::Black, p)?;
        self.placed.push(p);
        let mut board = Board::new(self.config.size);
        board.set_stones(self.placed.iter().map(|&s| (s, Some(Color::Black))));
        let next = if self.placing() {
            Color::Black
        } else {
            Color::White
        };
        self.game = Game::from_setup(board, next, self.config.rules.with_komi(self.config.komi));
        Ok(())
    }

    /// Both players.
    pub fn both(&self) -> [UserId; 2] {
        [self.players.black, self.players.white]
    }

    /// The earliest deadline of a running match: the turn, an offline player, the cap.
    pub fn next_deadline(&self) -> Option<Timestamp> {
        if !self.is_running() {
            return None;
        }
        if self.in_nigiri() {
            // No turn runs before the colours are decided: the start window (an event's game),
            // an offline player, the cap.
            let mut d = self.ends_at;
            for at in self
                .absence_deadline()
                .into_iter()
                .chain(self.offline_until.black)
                .chain(self.offline_until.white)
            {
                d = d.min(at);
            }
            return Some(d);
        }
        let mut d = self.turn_deadline.min(self.ends_at);
        if let Some(r) = self.next_reminder() {
            d = d.min(r);
        }
        if let Some(at) = self.absence_deadline() {
            d = d.min(at);
        }
        for c in Color::ALL {
            if let Some(u) = self.offline_until[c] {
                d = d.min(u);
            }
        }
        Some(d)
    }

    /// Time left on the turn and in the game, for `/weiqi status`.
    pub fn time_left(&self, now: Timestamp) -> (Duration, Duration) {
        (now.until(self.turn_deadline), now.until(self.ends_at))
    }

    /// The winner who earns merit, if the game really finished (SPEC §6): two passes with a
    /// winner, or a resignation after at least `merit-min-moves` moves (passes included).
    pub fn merit_winner(&self) -> Option<Color> {
        if self.computer.is_some() || self.teams.is_some() {
            // A game against the computer, or a team game, gives no merit.
            return None;
        }
        match self.ending()? {
            Ending::Finished { result, reason } => {
                let winner = result.winner()?;
                let long_enough = match reason {
                    EndReason::TwoPasses => true,
                    EndReason::Resignation | EndReason::Time => {
                        self.moves_played() >= self.config.merit.min_moves
                    }
                    // A game not played earns nothing.
                    EndReason::Forfeit | EndReason::Absence => false,
                };
                long_enough.then_some(winner)
            }
            Ending::Abandoned(_) | Ending::Annulled => None,
        }
    }

    /// Checks that a board drawn at move `seen` is the one on the table.
    fn check_fresh(&self, seen: Option<u32>) -> Result<(), Refusal> {
        if seen.is_some_and(|n| n != self.move_count()) {
            Err(Refusal::StaleBoard)
        } else {
            Ok(())
        }
    }

    /// Applies `action` by `by` (`None` for the clock or a moderator) at `now`.
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
        now: Timestamp,
    ) -> Result<Vec<Event>, Refusal> {
        match action {
            Action::Tick => return self.tick(now),
            Action::Annul => return self.annul(now),
            Action::Ruled(ruling) => return self.rule(ruling, now),
            Action::StandIn(number) => {
                let mut events = Vec::new();
                self.note_stand_in(number, &mut events)?;
                return Ok(events);
            }
            _ => {}
        }
        if !self.is_running() {
            return Err(Refusal::GameOver);
        }
        if let (Action::Vote { choice, member_of }, Some(user)) = (action, by) {
            let mut events = Vec::new();
            self.vote(user, choice, member_of, seen, now, &mut events)?;
            return Ok(events);
        }
        let color = by
            .and_then(|u| self.color_of(u))
            .ok_or(if self.is_consultation() {
                Refusal::VoteOnTeamBoard
            } else {
                Refusal::NotYourGame
            })?;
        if let Some(user) = by {
            self.check_pair_turn(user, action)?;
        }
        let mut events = Vec::new();
        match action {
            Action::Play(p) => {
                self.play_move(color, Some(p), seen, now, &mut events)?;
                self.note_mover(by.unwrap_or(self.players[color]));
            }
            Action::Pass => {
                self.play_move(color, None, seen, now, &mut events)?;
                self.note_mover(by.unwrap_or(self.players[color]));
            }
            Action::Resign => self.resign(color, now, &mut events),
            Action::Forfeit => self.forfeit(color, now, &mut events)?,
            Action::WentOffline => self.went_offline(color, now, &mut events)?,
            Action::CameBack => self.came_back(color, &mut events)?,
            Action::ToggleDead(p, version) if self.computer_plays(color) => {
                self.computer_toggle(color, p, seen, version, now, &mut events)?;
            }
            Action::ToggleDead(p, version) => {
                self.toggle_dead(color, p, seen, version, now, &mut events)?;
            }
            Action::AcceptMarking(version) => {
                self.accept_marking(color, seen, version, now, &mut events)?;
            }
            Action::ResumePlay => self.resume_play_by(color, seen, now, &mut events)?,
            Action::Estimate(rule) => {
                self.give_estimate(by.unwrap_or(self.players[color]), rule, &mut events)?;
            }
            Action::RequestUndo => self.request_undo(color, seen, &mut events)?,
            Action::AnswerUndo(accept) => {
                self.answer_undo(color, accept, seen, now, &mut events)?
            }
            Action::Guess(parity, random) => self.guess(color, parity, random, &mut events)?,
            Action::ChooseColour(colour) => {
                self.choose_colour(color, colour, now, &mut events)?;
            }
            Action::Vote { .. } => return Err(Refusal::NotYourGame),
            Action::Tick | Action::Annul | Action::Ruled(_) | Action::StandIn(_) => {}
        }
        Ok(events)
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

    /// Ends the game: only a count keeps its marking; a resignation or an abandonment has none.
    fn end(&mut self, ending: Ending, at: Timestamp, events: &mut Vec<Event>) {
        let marking = match (&self.phase, ending) {
            (
                Phase::Agreement(a),
                Ending::Finished {
                    reason: EndReason::TwoPasses,
                    ..
                },
            ) => Some(a.dead.clone()),
            _ => None,
        };
        self.phase = Phase::Ended(Ended {
            ending,
            at,
            marking,
        });
        self.resign_armed = ByColor::default();
        events.push(Event::Ended {
            match_id: self.id,
            ending,
            players: Some(self.both()),
        });
    }

    /// Counts the board with the marking (none outside the agreement phase) and ends the game.
    fn score(&mut self, at: Timestamp, events: &mut Vec<Event>) {
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

    /// A moderator's annulment: the game ends with no result.
    /// `color` withdrew from the game's event: the game is lost by forfeit. Only an event's
    /// game can be forfeited so.
    fn forfeit(
        &mut self,
        color: Color,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        if self.config.event.is_none() {
            return Err(Refusal::NotEntered);
        }
        let ending = Ending::Finished {
            result: GameResult::Forfeit { winner: !color },
            reason: EndReason::Forfeit,
        };
        self.end(ending, now, events);
        Ok(())
    }

    /// A referee's ruling on an event's game still being played.
    fn rule(&mut self, ruling: Ruling, now: Timestamp) -> Result<Vec<Event>, Refusal> {
        if self.config.event.is_none() {
            return Err(Refusal::NotAnEventGame);
        }
        if !self.is_running() {
            return Err(Refusal::GameOver);
        }
        let mut events = Vec::new();
        match ruling {
            Ruling::Award(winner) => {
                let ending = Ending::Finished {
                    result: GameResult::Forfeit { winner },
                    reason: EndReason::Forfeit,
                };
                self.end(ending, now, &mut events);
            }
            Ruling::Settle => {
                if !self.in_agreement() {
                    return Err(Refusal::NotInAgreement);
                }
                self.accept_for_all(&mut events);
                self.score(now, &mut events);
            }
            Ruling::Replay => self.end(Ending::Annulled, now, &mut events),
        }
        Ok(events)
    }

    fn annul(&mut self, now: Timestamp) -> Result<Vec<Event>, Refusal> {
        if !self.is_running() {
            return Err(Refusal::GameOver);
        }
        let mut events = Vec::new();
        self.end(Ending::Annulled, now, &mut events);
        Ok(events)
    }

    /// Whether the rules settle dead stones by agreement after two passes (where play may
    /// resume after a dispute).
    pub fn has_agreement(&self) -> bool {
        self.game.rules().dead_stones == DeadStones::Agreement
    }
}
