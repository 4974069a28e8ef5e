//! Refusals: why a command changed nothing, in words a player understands.
//!
//! A [`Refusal`] is the user's fault or the game's rule and has an English message (the
//! Discord adapter localises it). A [`Failure`] adds internal causes (the database) whose
//! text is never shown: the user only reads "try again".

use crate::go::{BoardSize, IllegalMove, RuleSet};

use super::settings::SettingError;

/// Why a command was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("you cannot invite yourself")]
    InviteSelf,
    #[error("bots cannot play")]
    InviteBot,
    #[error("you are already in a game")]
    YouAreBusy,
    #[error("that player is already in a game")]
    TheyAreBusy,
    #[error("there is already a pending invitation between you two")]
    DuplicateInvitation,
    #[error("the game is switched off on this server")]
    ServerDisabled,
    #[error("size not allowed")]
    SizeNotAllowed { size: u8, allowed: Vec<BoardSize> },
    #[error("rules {rules} not allowed")]
    RulesNotAllowed {
        rules: RuleSet,
        allowed: Vec<RuleSet>,
    },
    #[error("komi out of range")]
    KomiOutOfRange,
    #[error("no such invitation")]
    NoSuchInvitation,
    #[error("invitation not for you")]
    NotForYou,
    #[error("invitation expired")]
    InvitationExpired,
    #[error("not in a game")]
    NotInGame,
    #[error("not your game")]
    NotYourGame,
    #[error("not your turn")]
    NotYourTurn,
    #[error("stale board")]
    StaleBoard,
    #[error("illegal move: {0}")]
    Illegal(IllegalMove),
    #[error("game over")]
    GameOver,
    #[error("setting: {0}")]
    Setting(SettingError),
    #[error("the game is in the dead-stone agreement")]
    InAgreement,
    #[error("not in the dead-stone agreement")]
    NotInAgreement,
    #[error("no stone there")]
    NoStoneThere,
    #[error("already accepted")]
    AlreadyAccepted,
    /// A deadline that is no longer due, a "came back" of someone never away: ignore silently.
    #[error("nothing to do")]
    NothingToDo,
}

impl Refusal {
    /// The private message for the user who caused it (English).
    pub fn message(&self) -> String {
        match self {
            Refusal::InviteSelf => "You cannot invite yourself. Invite another member.".into(),
            Refusal::InviteBot => "Bots cannot play Go here. Invite a person.".into(),
            Refusal::YouAreBusy => {
                "You are already in a game. Finish it (or resign) before starting another.".into()
            }
            Refusal::TheyAreBusy => "That player is already in a game. Try again later.".into(),
            Refusal::DuplicateInvitation => {
                "There is already a pending invitation between you two. Wait for an answer.".into()
            }
            Refusal::ServerDisabled => {
                "Go is switched off on this server. A moderator can switch it on.".into()
            }
            Refusal::SizeNotAllowed { size, allowed } => {
                let list: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
                format!(
                    "This server does not allow {size}×{size} boards. Allowed: {}.",
                    list.join(", ")
                )
            }
            Refusal::RulesNotAllowed { rules, allowed } => {
                let list: Vec<&str> = allowed.iter().map(|r| r.name()).collect();
                format!(
                    "This server does not allow {rules} rules. Allowed: {}.",
                    list.join(", ")
                )
            }
            Refusal::KomiOutOfRange => "Komi must lie between -50 and 50 points.".into(),
            Refusal::NoSuchInvitation => "There is no pending invitation to answer.".into(),
            Refusal::NotForYou => "This invitation is not for you.".into(),
            Refusal::InvitationExpired => "This invitation has expired.".into(),
            Refusal::NotInGame => "You are not in a game. Start one with /weiqi invite.".into(),
            Refusal::NotYourGame => "This is not your game; you can watch it.".into(),
            Refusal::NotYourTurn => "It is not your turn.".into(),
            Refusal::StaleBoard => {
                "The board has changed since this one was drawn. Use the latest board.".into()
            }
            Refusal::Illegal(e) => format!("That move is not allowed: {e}."),
            Refusal::GameOver => "This game is over.".into(),
            Refusal::Setting(e) => e.to_string(),
            Refusal::InAgreement => "The game is settling its dead stones: accept the marking, \
                 toggle a chain, or resume play."
                .into(),
            Refusal::NotInAgreement => {
                "Dead stones are marked only after both players pass (and not in classic rules)."
                    .into()
            }
            Refusal::NoStoneThere => "There is no stone there to mark.".into(),
            Refusal::AlreadyAccepted => {
                "You have already accepted this marking; waiting for your opponent.".into()
            }
            Refusal::NothingToDo => "Nothing changed.".into(),
        }
    }

    /// Whether no one should be told (a timer that is no longer due).
    pub fn is_silent(&self) -> bool {
        matches!(self, Refusal::NothingToDo)
    }
}

/// A command that did not go through: refused by the rules, or failed inside.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error("refused: {0}")]
    Refused(#[from] Refusal),
    /// The database (or another internal part) failed. Nothing changed; log the cause.
    #[error("internal: {0}")]
    Internal(#[from] crate::store::StoreError),
}

impl Failure {
    /// The private message for the user: the refusal's, or a plain "try again" that never
    /// shows the internal cause.
    pub fn user_message(&self) -> String {
        match self {
            Failure::Refused(r) => r.message(),
            Failure::Internal(_) => {
                "Something went wrong on our side and nothing was changed. Please try again.".into()
            }
        }
    }

    /// The refusal, if it was one.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Failure::Refused(r) => Some(r),
            Failure::Internal(_) => None,
        }
    }
}
