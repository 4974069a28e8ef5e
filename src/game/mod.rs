//! The match service: invitations, turns, passes, resigning, timeouts, abandonment, rewards
//! and titles, per-server settings — SPEC §2 to §7.
//!
//! The rules are pure ([`Match::apply`], [`invitation`]) and take the time as an argument, so
//! that every deadline is testable in microseconds. [`Service`] is the one path every action
//! takes: a slash command, a button and a fired deadline all become a [`Command`], applied
//! under the match's lock, persisted in one SQLite transaction, and only then answered.
//! Nothing here knows Discord: ids are plain numbers.
//!
//! ```
//! use tengen::game::{Command, InvitationRef, InviteOptions, Service, TimerId};
//! use tengen::store::Store;
//!
//! let now = 1_800_000_000_000; // UTC milliseconds, always passed in
//! let svc = Service::open(Store::open_in_memory()?, now)?;
//! let invited = svc.apply(
//!     Command::Invite { guild: 1, channel: 2, inviter: 10, invitee: 20,
//!                       invitee_is_bot: false, options: InviteOptions::default() },
//!     now,
//! )?;
//! let TimerId::Invitation(id) = invited.subject else { unreachable!() };
//! // The one who accepts plays Black and moves first.
//! let started = svc.apply(Command::Accept { by: 20, invitation: InvitationRef::Id(id) }, now + 5_000)?;
//! assert_eq!(started.to_move, Some(20));
//! svc.apply(Command::Play { by: 20, point: "E5".parse()?, board: None }, now + 9_000)?;
//! // Someone else's click is refused with a message for them alone; nothing changed.
//! let refused = svc.apply(Command::Pass { by: 30, board: None }, now + 9_500).unwrap_err();
//! assert_eq!(refused.user_message(), "You are not in a game. Start one with /weiqi invite.");
//! // Deadlines fire through the same path: White's turn times out after 180 s.
//! let fired = svc.tick(now + 9_000 + 180_000);
//! assert_eq!(fired.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod invitation;
pub mod matches;
pub mod refusal;
pub mod rewards;
pub mod scheduler;
pub mod service;
pub mod settings;

pub use invitation::{Invitation, InviteOptions};
pub use matches::{AbandonCause, Agreement, EndReason, Match, MatchConfig, MeritRules, Status};
pub use refusal::{Failure, Refusal};
pub use rewards::{MeritAward, TITLE, TITLE_WINS};
pub use scheduler::{Clock, ManualClock, SystemClock, Timers, run_scheduler};
pub use service::{Profile, Service, ServiceError};
pub use settings::{MoveNotify, SettingError, SettingKey, Settings};

use crate::go::{Color, GameResult, Move, Point};

/// A server (Discord guild) id.
pub type GuildId = u64;
/// A user id.
pub type UserId = u64;
/// A channel id.
pub type ChannelId = u64;
/// A match id. A match keeps the id of the invitation it was accepted from.
pub type MatchId = i64;
/// An invitation id.
pub type InvitationId = i64;
/// UTC milliseconds since the Unix epoch.
pub type Millis = i64;

/// Which invitation an answer is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitationRef {
    /// The Accept/Decline buttons carry the invitation's id.
    Id(InvitationId),
    /// `/weiqi accept user:<inviter>` names the inviter.
    From { guild: GuildId, inviter: UserId },
}

/// The board a button was drawn for: a stale board (an older move) is refused politely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardRef {
    pub match_id: MatchId,
    /// Number of moves played when the board was drawn.
    pub move_number: u32,
}

/// What a deadline is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TimerId {
    Invitation(InvitationId),
    Match(MatchId),
}

/// Everything a player, a moderator's server or the clock can do to a game.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `/weiqi invite user [size] [komi] [rules]`.
    Invite {
        guild: GuildId,
        channel: ChannelId,
        inviter: UserId,
        invitee: UserId,
        /// Whether the invitee is a bot account (the adapter knows; bots cannot play).
        invitee_is_bot: bool,
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
    /// A click on a point of the point picker. `board`: `None` for a command without a board.
    Play {
        by: UserId,
        point: Point,
        board: Option<BoardRef>,
    },
    /// The Pass button or `/weiqi pass`.
    Pass { by: UserId, board: Option<BoardRef> },
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
    /// The player's presence went offline (only with the presence intent).
    WentOffline { user: UserId },
    /// The player is back online.
    CameBack { user: UserId },
    /// A deadline fell due (sent by the scheduler, never by a user).
    Timeout(TimerId),
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Counted (two passes) or resigned: it counts on profiles.
    Finished {
        result: GameResult,
        reason: EndReason,
    },
    /// Not counted, nothing recorded, no rewards.
    Abandoned(AbandonCause),
}

/// Something that happened, for the adapter to show.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Invited(Invitation),
    InvitationDeclined(Invitation),
    InvitationExpired(Invitation),
    /// Withdrawn because one of its players started another game.
    InvitationCancelled(Invitation),
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
        until: Millis,
    },
    ResignDisarmed {
        match_id: MatchId,
        player: UserId,
    },
    PlayerOffline {
        match_id: MatchId,
        player: UserId,
        until: Millis,
    },
    PlayerBack {
        match_id: MatchId,
        player: UserId,
    },
    /// A turn that fell due while the bot was down was given afresh (SPEC §5).
    TurnRenewed {
        match_id: MatchId,
        deadline: Millis,
    },
    Ended {
        match_id: MatchId,
        ending: Ending,
    },
    MeritAwarded {
        guild: GuildId,
        user: UserId,
        amount: u32,
    },
    /// The title 黑白手 was earned (grant `title-role` if set).
    TitleEarned {
        guild: GuildId,
        user: UserId,
    },
}

/// What a command changed, who to tell, and the next deadline.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The invitation or match the command was about.
    pub subject: TimerId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub events: Vec<Event>,
    /// The player to notify that it is their turn (`move-notify`), if the game goes on.
    pub to_move: Option<UserId>,
    /// The subject's next deadline; `None` once it is over.
    pub deadline: Option<Millis>,
}

impl Outcome {
    /// Whether the subject ended (a match over, an invitation closed).
    pub fn is_final(&self) -> bool {
        self.deadline.is_none()
    }
}
