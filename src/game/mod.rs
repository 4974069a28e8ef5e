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
mod command;
pub mod computer;
mod event;
pub mod events;
mod ids;
pub mod invitation;
pub mod matches;
pub mod nigiri;
mod outcome;
pub mod quiet;
pub mod rating;
pub mod read_models;
pub mod refusal;
pub mod rewards;
pub mod seek;
pub mod settings;
pub mod teams;
mod time;
pub mod time_control;
mod timers;
pub mod training;

pub use authority::{may_moderate, may_organise, may_referee};
pub use command::{Command, SettingChange};
pub use computer::{Computer, ComputerTask, Task};
pub use event::Event;
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
pub use outcome::{Outcome, Subject};
pub use rating::Standing;
pub use refusal::Refusal;
pub use rewards::{MeritAward, TITLE, TITLE_WINS};
pub use settings::{
    EstimatePolicy, EstimateRule, KomiRange, SettingError, SettingKey, Settings, Shape, Unit,
    WebPolicy,
};
pub use teams::{MAX_WINDOW, MIN_WINDOW};
pub use time::{Duration, Timestamp, millis_of};
pub use timers::Timers;

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
