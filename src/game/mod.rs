//! The game: invitations, turns, passes, resigning, timeouts, abandonment, rewards and titles,
//! ratings, per-server settings, events and team games — SPEC §2 to §7 and §11 — as pure
//! decisions.
//!
//! The rules are pure ([`Match::apply`], [`invitation`], [`events`]) and take the time as an
//! argument, so that every deadline is testable in microseconds: nothing here reads a clock,
//! knows an async runtime or touches the database. A slash command, a button and a fired
//! deadline all become a [`Command`]; the service (`crate::service`) applies it under the
//! match's lock, keeps the result in the store, and answers with every [`Outcome`] it caused.
//! Nothing here knows Discord: ids are plain numbers in types of their own.

pub mod authority;
pub mod computer;
pub mod events;
mod ids;
pub mod invitation;
pub mod matches;
pub mod nigiri;
pub mod rating;
pub mod read_models;
pub mod refusal;
pub mod rewards;
pub mod settings;
pub mod teams;
mod time;
pub mod time_control;
mod timers;

pub use authority::{may_moderate, may_organise, may_referee};
pub use computer::{Computer, ComputerTask, Task};
pub use events::EventRequest;
pub use ids::{ChannelId, EventId, GuildId, InvitationId, MatchId, UserId};
pub use invitation::{
    ColourAsked, Colours, ColoursWhy, Invitation, InviteOptions, NigiriStage, Terms,
};
pub use invitation::{PairRequest, TeamGameRequest};
pub use matches::{
    AbandonCause, Action, Agreement, EndReason, Ended, Ending, Match, MatchConfig, MeritRules,
    NIGIRI_GUESSER, Phase, Ruling,
};
pub use rating::Standing;
pub use refusal::Refusal;
pub use rewards::{MeritAward, TITLE, TITLE_WINS};
pub use settings::{KomiRange, SettingError, SettingKey, Settings, Shape, Unit};
pub use teams::{MAX_WINDOW, MIN_WINDOW};
pub use time::{Duration, Timestamp, millis_of};
pub use timers::Timers;

use crate::go::{Color, Move, Point};

use events::Tournament;

/// Which invitation an answer or a withdrawal is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitationRef {
    /// The buttons carry the invitation's id.
    Id(InvitationId),
    /// `/weiqi accept user:<inviter>` names the inviter.
    From { guild: GuildId, inviter: UserId },
    /// `/weiqi cancel [user]`: the caller's own invitation (to this invitee, if named).
    To {
        guild: GuildId,
        invitee: Option<UserId>,
    },
}

/// Whose colours a nigiri decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NigiriOf {
    /// An invitation of `color: nigiri`.
    Invitation(InvitationId),
    /// An event's game whose terms say nigiri.
    Game(MatchId),
}

/// The board a button was drawn for: a stale board (an older move) is refused politely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardRef {
    pub match_id: MatchId,
    /// Number of moves played when the board was drawn.
    pub move_number: u32,
}

/// What a command or a deadline is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Subject {
    Invitation(InvitationId),
    Match(MatchId),
    /// A server's settings (a moderator's change). Never has a deadline.
    Server(GuildId),
    /// A player's standing on a server (a rank stated). Never has a deadline.
    Player(GuildId, UserId),
    /// An event (its deadline: look again, a game of it ended or the bot restarted).
    Event(EventId),
}

impl Subject {
    /// The number a game's invitation and its match share (a match keeps its invitation's id),
    /// or an event's (taken from the same sequence): one ordering key for everything shown of
    /// one game or one event. `None` for what is shown by its command alone.
    pub fn game_key(self) -> Option<i64> {
        match self {
            Subject::Invitation(i) => Some(i.get()),
            Subject::Match(m) => Some(m.get()),
            Subject::Event(e) => Some(e.get()),
            Subject::Server(_) | Subject::Player(..) => None,
        }
    }
}

/// A moderator's change of a server's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingChange {
    /// `config set KEY VALUE`.
    Set { key: String, value: String },
    /// `config reset KEY`: back to the default.
    Reset { key: String },
}

/// Everything a player, a moderator or the clock can do to a game.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `/weiqi invite user [size] [komi] [rules]`.
    Invite {
        who: invitation::InviteRequest,
        options: InviteOptions,
    },
    /// The Accept button or `/weiqi accept`.
    Accept {
        by: UserId,
        invitation: InvitationRef,
    },
    /// The Decline button or `/weiqi decline`.
    Decline {
        by: UserId,
        invitation: InvitationRef,
    },
    /// The guess of a nigiri (its Odd or Even button): an invitation's, which accepts it, or
    /// an event game's. `random`: a uniformly drawn number, from which the bot's handful is
    /// taken.
    Guess {
        by: UserId,
        of: NigiriOf,
        guess: nigiri::Parity,
        random: u64,
    },
    /// The nigiri's winner chooses their colour (its Black or White button): the game starts.
    ChooseColour {
        by: UserId,
        of: NigiriOf,
        colour: Color,
    },
    /// `/weiqi ai [level] [size] [rules] [color]`: a game against the computer, at once.
    PlayComputer {
        guild: GuildId,
        channel: ChannelId,
        user: UserId,
        /// The account the computer plays under (the bot's own).
        computer: UserId,
        /// `None`: the strongest level the server offers.
        level: Option<crate::go::Level>,
        options: InviteOptions,
        /// The player's colour; `None`: Black.
        color: Option<Color>,
    },
    /// `/weiqi pair`: a pair Go invitation to three others.
    InvitePair {
        request: Box<PairRequest>,
        options: InviteOptions,
    },
    /// `/weiqi team-game`: a consultation game, started at once.
    TeamGame(Box<TeamGameRequest>),
    /// A consultation member's vote on their team's board (`roles`: those they hold, for a
    /// role's team; `board`: the move number the board was drawn at).
    Vote {
        by: UserId,
        roles: Vec<u64>,
        game: MatchId,
        board: Option<u32>,
        choice: teams::votes::Choice,
    },
    /// The inviter's Cancel button or `/weiqi cancel`.
    Cancel {
        by: UserId,
        invitation: InvitationRef,
    },
    /// A click on a point of the point picker. `board`: `None` for a command without a board.
    Play {
        by: UserId,
        point: Point,
        board: Option<BoardRef>,
    },
    /// The Pass button or `/weiqi pass` (`game`: the one the command named or meant).
    Pass {
        by: UserId,
        board: Option<BoardRef>,
        game: Option<MatchId>,
    },
    /// The Resign button or `/weiqi resign`: the first press arms, the second confirms.
    Resign {
        by: UserId,
        match_id: Option<MatchId>,
    },
    /// Agreement phase: a click on a stone toggles its whole chain between dead and alive.
    /// `marking`: the [`Agreement::version`] the picker was drawn for (`None` without a
    /// picker); a marking changed since is refused as a stale board, so that a click never
    /// undoes a change its player has not seen.
    ToggleDead {
        by: UserId,
        point: Point,
        board: Option<BoardRef>,
        marking: Option<u32>,
    },
    /// Agreement phase: the Accept button. `marking`: the [`Agreement::version`] the button
    /// was drawn for (`None` for a command without a board): a marking changed since is refused
    /// as a stale board, so no one accepts a marking they have not seen.
    AcceptMarking {
        by: UserId,
        board: Option<BoardRef>,
        marking: Option<u32>,
    },
    /// Agreement phase: the Resume play button (a dispute).
    ResumePlay { by: UserId, board: Option<BoardRef> },
    /// The Take back button: ask to take back one's last move.
    RequestUndo { by: UserId, board: Option<BoardRef> },
    /// The opponent's Accept or Decline of a takeback.
    AnswerUndo {
        by: UserId,
        board: Option<BoardRef>,
        accept: bool,
    },
    /// The Rematch button of a finished game: an invitation to the other player with the same
    /// settings and the colours swapped (in an even game).
    Rematch { by: UserId, match_id: MatchId },
    /// The player's presence went offline (only with the presence intent).
    WentOffline { user: UserId },
    /// The player is back online.
    CameBack { user: UserId },
    /// A moderator changes one of the server's settings (running games keep their snapshot).
    Configure {
        guild: GuildId,
        /// Whether the caller moderates the server (the front end knows its permissions).
        moderator: bool,
        change: SettingChange,
    },
    /// A player states the rank they start ranked play from, once, before their first ranked
    /// game on the server.
    StateRank {
        guild: GuildId,
        user: UserId,
        /// As typed: `5k`, `2 dan`, `12 kyu`.
        rank: String,
    },
    /// A moderator ends a running game of their server with no result.
    Annul {
        guild: GuildId,
        by: UserId,
        /// Whether `by` moderates the server (the front end knows its permissions).
        moderator: bool,
        match_id: MatchId,
    },
    /// A moderator opens an event for registration (`/weiqi-config event create`).
    CreateEvent(Box<EventRequest>),
    /// A player asks to join an event in registration (its Join button).
    JoinEvent {
        guild: GuildId,
        event: EventId,
        user: UserId,
        /// Whether they hold the event's role, if it names one (the front end knows).
        has_role: bool,
    },
    /// A player leaves an event before it starts (its Leave button).
    LeaveEvent {
        guild: GuildId,
        event: EventId,
        user: UserId,
    },
    /// A moderator sets an arena's team, in its captain's order.
    SetTeam {
        guild: GuildId,
        event: EventId,
        moderator: bool,
        team: u8,
        players: Vec<UserId>,
    },
    /// A moderator starts an event, or its next round under a manual schedule.
    StartEvent {
        guild: GuildId,
        event: EventId,
        moderator: bool,
    },
    /// A player withdraws from an event (弃权): their games still to play are lost.
    Withdraw {
        guild: GuildId,
        event: EventId,
        user: UserId,
    },
    /// A moderator bars a player from the server's events until a time (失格).
    BarFromEvents {
        guild: GuildId,
        moderator: bool,
        user: UserId,
        until: Timestamp,
    },
    /// A moderator calls an event off; its running games are annulled.
    CancelEvent {
        guild: GuildId,
        event: EventId,
        moderator: bool,
    },
    /// An event's referee (a moderator, or the server's referee role) rules on one of its
    /// games still being played.
    Rule {
        guild: GuildId,
        by: UserId,
        referee: bool,
        game: MatchId,
        ruling: Ruling,
    },
    /// Tengen's advanced level played move `number` (1-based) of a game against the computer
    /// for the host's engine, which gave none: the board says so (sent by the runtime, never
    /// by a user).
    StandIn { match_id: MatchId, number: u32 },
    /// A deadline fell due (sent by the scheduler, never by a user).
    Timeout(Subject),
}

impl Command {
    /// An invitation with the server's defaults, between two people.
    pub fn invite(guild: GuildId, channel: ChannelId, inviter: UserId, invitee: UserId) -> Command {
        Command::Invite {
            who: invitation::InviteRequest {
                guild,
                channel,
                inviter,
                invitee,
                invitee_is_bot: false,
            },
            options: InviteOptions::default(),
        }
    }
}

/// Something that happened, for the front end to show.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A new invitation, with the terms it offers (size, rules, komi as they will be played).
    Invited(Invitation),
    InvitationDeclined(Invitation),
    InvitationExpired(Invitation),
    /// Withdrawn by its inviter.
    InvitationCancelled(Invitation),
    /// Withdrawn because one of its players started another game.
    InvitationSuperseded(Invitation),
    /// A nigiri's hand was opened: the invitation waits for its winner's colour.
    NigiriGuessed(Invitation),
    /// One of the three invited to pair Go accepted; the others are still to.
    PairAccepted(Invitation),
    /// An event game's nigiri: the hand was opened (`stage`), its winner is to choose.
    GameNigiriOpened {
        match_id: MatchId,
        stage: NigiriStage,
    },
    /// A consultation member voted for their team's move.
    VoteCast {
        match_id: MatchId,
        color: Color,
        by: UserId,
        choice: teams::votes::Choice,
    },
    /// A consultation team's vote closed (every member voted, a majority, or the window):
    /// how it voted, and what it plays.
    VoteClosed {
        match_id: MatchId,
        color: Color,
        tally: Vec<(teams::votes::Choice, u32)>,
        choice: teams::votes::Choice,
    },
    /// An event game's nigiri decided the colours (`swapped`: against the pairing's); Black's
    /// first turn starts.
    ColoursChosen {
        match_id: MatchId,
        black: UserId,
        white: UserId,
        swapped: bool,
    },
    MatchStarted {
        match_id: MatchId,
        black: UserId,
        white: UserId,
    },
    Moved {
        match_id: MatchId,
        /// 1-based.
        number: u32,
        color: Color,
        mv: Move,
        automatic: bool,
        captured: u32,
    },
    /// `by` asks `to` to take back their last move.
    UndoRequested {
        match_id: MatchId,
        by: UserId,
        to: UserId,
    },
    /// The takeback was declined.
    UndoDeclined {
        match_id: MatchId,
        by: UserId,
    },
    /// Move `number` was taken back: `by` (who made it) is to move again.
    MoveUndone {
        match_id: MatchId,
        number: u32,
        by: UserId,
    },
    /// A correspondence game's reminder: `player`'s time runs out at `deadline`.
    ClockReminder {
        match_id: MatchId,
        player: UserId,
        at: Timestamp,
        deadline: Timestamp,
    },
    /// The host's engine gave no move (it failed, fell silent or answered an illegal move):
    /// Tengen's advanced level played move `number` in its stead.
    EngineFellBack {
        match_id: MatchId,
        number: u32,
    },
    /// After a restart, the player to move got back the time the bot was down.
    TimeGivenBack {
        match_id: MatchId,
        player: UserId,
        given: Duration,
        deadline: Timestamp,
    },
    /// Black put a stone of a free handicap (stored as move `number`); `left` more to place,
    /// White to move at 0.
    HandicapStonePlaced {
        match_id: MatchId,
        number: u32,
        point: Point,
        automatic: bool,
        left: u8,
    },
    /// Two passes under a rule set with an agreement phase: the engine's proposal of the dead
    /// chains (one stone each); the players now toggle, accept, or resume play.
    AgreementStarted {
        match_id: MatchId,
        proposal: Vec<Point>,
    },
    /// A player toggled `chain`: it is now `dead` (or alive again). Both acceptances are
    /// withdrawn; `marking` is the whole marking now (one stone per dead chain).
    MarkingChanged {
        match_id: MatchId,
        by: UserId,
        chain: Vec<Point>,
        dead: bool,
        marking: Vec<Point>,
    },
    /// A player accepted the marking (`automatic`: their time ran out, which accepts it).
    MarkingAccepted {
        match_id: MatchId,
        player: UserId,
        automatic: bool,
    },
    /// A dispute: play goes on, `to_move` (the opponent of the last to pass) moves next.
    PlayResumed {
        match_id: MatchId,
        by: UserId,
        to_move: UserId,
    },
    /// Private notice for `player`: press again before `until` to resign.
    ResignArmed {
        match_id: MatchId,
        player: UserId,
        until: Timestamp,
    },
    ResignDisarmed {
        match_id: MatchId,
        player: UserId,
    },
    PlayerOffline {
        match_id: MatchId,
        player: UserId,
        until: Timestamp,
    },
    PlayerBack {
        match_id: MatchId,
        player: UserId,
    },
    /// A turn that fell due while the bot was down was given afresh (SPEC §5).
    TurnRenewed {
        match_id: MatchId,
        deadline: Timestamp,
    },
    Ended {
        match_id: MatchId,
        ending: Ending,
        /// Black and White: whom to tell, even when the match itself cannot be read back
        /// (`None` only for a stored game whose row does not say who played it).
        players: Option<[UserId; 2]>,
    },
    MeritAwarded {
        guild: GuildId,
        user: UserId,
        amount: u32,
    },
    /// The title 黑白手 was earned.
    TitleEarned {
        guild: GuildId,
        user: UserId,
    },
    /// A server's settings after a moderator's change.
    SettingsChanged(Box<Settings>),
    /// A player stated the rank they start ranked play from.
    RankStated(Standing),
    /// An event opened for registration.
    EventOpened(Box<Tournament>),
    /// An event's list of players changed (a join, a leave, a team, a withdrawal, a removal).
    EventChanged(Box<Tournament>),
    /// A round of an event started (its games are in the command's `after`).
    RoundStarted {
        event: Box<Tournament>,
        round: u32,
    },
    /// An event ended: its standings are final.
    EventFinished(Box<Tournament>),
    /// A moderator called an event off.
    EventCancelled(Box<Tournament>),
    /// A timed round's time came with these games still played: they wait for a referee.
    RoundOverdue {
        event: Box<Tournament>,
        round: u32,
        games: Vec<MatchId>,
    },
    /// A referee ruled on an event's game; `replay`: the game that replaces it.
    Ruled {
        event: EventId,
        match_id: MatchId,
        referee: UserId,
        ruling: Ruling,
        replay: Option<MatchId>,
    },
    /// A player withdrew from an event.
    Withdrew {
        event: EventId,
        user: UserId,
    },
    /// A player was barred from a server's events until `until`.
    BarredFromEvents {
        guild: GuildId,
        user: UserId,
        until: Timestamp,
    },
}

/// What a command changed, who to tell, and the next deadline.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The invitation or match the command was about.
    pub subject: Subject,
    pub guild: GuildId,
    /// Where the game is played (`None` for what is not a game, and for a stored game whose
    /// row does not say).
    pub channel: Option<ChannelId>,
    pub events: Vec<Event>,
    /// The player to notify that it is their turn, if the game goes on in play.
    pub to_move: Option<UserId>,
    /// The subject's next deadline; `None` once it is over.
    pub deadline: Option<Timestamp>,
}

impl Outcome {
    /// What `events` changed of match `m`, as it now stands: whom it awaits, its next
    /// deadline.
    pub fn of_match(m: &Match, events: Vec<Event>) -> Outcome {
        Outcome {
            subject: Subject::Match(m.id),
            guild: m.guild,
            channel: Some(m.channel),
            to_move: m.awaited(),
            deadline: m.next_deadline(),
            events,
        }
    }

    /// Whether the subject ended (a match over, an invitation closed).
    pub fn is_final(&self) -> bool {
        self.deadline.is_none()
    }
}
