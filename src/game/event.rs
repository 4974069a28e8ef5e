//! What the rules say happened, for a front end to show.

use crate::go::{Color, Move, Point};

use super::events::Tournament;
use super::{
    Duration, Ending, EventId, GuildId, Invitation, MatchId, NigiriStage, Ruling, Settings,
    Standing, Timestamp, UserId, teams,
};

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
    /// A player was given an estimate of the position (形势判断), privately: their `used`-th
    /// of `limit` in this game, of the position after move `number`. Nothing public changes.
    EstimateGiven {
        match_id: MatchId,
        by: UserId,
        number: u32,
        used: u32,
        limit: u32,
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
    /// A player waits in the seek queue for `terms`; `waiting` is the queue as it stands, by
    /// terms (them included).
    Sought {
        user: UserId,
        terms: super::seek::SeekTerms,
        waiting: Vec<(super::seek::SeekTerms, usize)>,
    },
    /// A player left the seek queue.
    SeekLeft {
        user: UserId,
    },
    /// The seek paired two players: their game (its start follows as `MatchStarted`).
    SeekPaired {
        match_id: MatchId,
        players: [UserId; 2],
        terms: super::seek::SeekTerms,
    },
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
    /// A server's daily problem of a day was chosen, to be posted; the day before's is over,
    /// its solution and solvers to be shown.
    DailyPosted(Box<super::training::DailyPost>),
}
