//! Invitations (SPEC §2): who may invite whom, with which options, until when.
//!
//! Pure: the [`Lobby`] is the set of pending invitations and of players in a game; the
//! `decide_*` functions look at it and say what should happen, without changing it. The
//! service changes it only after the decision has been committed to the database.

use std::collections::HashMap;

use crate::go::{BoardSize, Komi, RuleSet};

use super::matches::{MatchConfig, MeritRules};
use super::refusal::Refusal;
use super::settings::{Settings, komi_in_range};
use super::{ChannelId, GuildId, InvitationId, InvitationRef, MatchId, Millis, UserId};

/// The options an invitation may ask for; `None` takes the server's setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct InviteOptions {
    /// Board edge as typed; checked against `allowed-sizes`.
    pub size: Option<u8>,
    pub komi: Option<Komi>,
    pub rules: Option<RuleSet>,
}

/// A pending invitation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub id: InvitationId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub inviter: UserId,
    pub invitee: UserId,
    pub options: InviteOptions,
    pub created_at: Millis,
    pub expires_at: Millis,
}

impl Invitation {
    /// Whether `user` is one of its two players.
    pub fn involves(&self, user: UserId) -> bool {
        self.inviter == user || self.invitee == user
    }

    /// Whether it has expired at `now` (an invitation lives `offer-expiry-seconds`, the last
    /// millisecond excluded).
    pub fn expired_at(&self, now: Millis) -> bool {
        now >= self.expires_at
    }
}

/// Pending invitations and players in a game: what invitations are judged against.
#[derive(Debug, Clone, Default)]
pub struct Lobby {
    pub invitations: HashMap<InvitationId, Invitation>,
    /// Every player in a running match, and the match.
    pub busy: HashMap<UserId, MatchId>,
}

/// Checks the options of an invitation against what the server allows.
///
/// # Errors
/// A size outside `allowed-sizes`, rules outside `allowed-rules`, a komi outside ±50.
pub fn check_options(options: &InviteOptions, settings: &Settings) -> Result<(), Refusal> {
    if let Some(edge) = options.size
        && !BoardSize::new(edge).is_some_and(|s| settings.allowed_sizes.contains(&s))
    {
        return Err(Refusal::SizeNotAllowed {
            size: edge,
            allowed: settings.allowed_sizes.clone(),
        });
    }
    if let Some(rules) = options.rules
        && !settings.allowed_rules.contains(&rules)
    {
        return Err(Refusal::RulesNotAllowed {
            rules,
            allowed: settings.allowed_rules.clone(),
        });
    }
    if let Some(k) = options.komi
        && !komi_in_range(k)
    {
        return Err(Refusal::KomiOutOfRange);
    }
    Ok(())
}

/// The settings snapshot a match takes when its invitation is accepted (SPEC §2: later changes
/// of the server's settings never change a running game).
pub fn match_config(options: &InviteOptions, settings: &Settings) -> MatchConfig {
    let size = options
        .size
        .and_then(BoardSize::new)
        .unwrap_or(settings.board_size);
    let rules = options.rules.unwrap_or(settings.rules);
    // The invitation's komi, else the server's komi if the rule set is the server's, else the
    // chosen rule set's own komi.
    let komi = options.komi.unwrap_or_else(|| {
        if options.rules.is_none_or(|r| r == settings.rules) {
            settings.effective_komi()
        } else {
            rules.rules().komi
        }
    });
    MatchConfig {
        size,
        rules,
        komi,
        turn_timeout_ms: i64::from(settings.turn_timeout_seconds) * 1000,
        grace_ms: i64::from(settings.reconnect_grace_seconds) * 1000,
        max_ms: i64::from(settings.match_max_minutes) * 60_000,
        resign_window_ms: i64::from(settings.resign_confirm_window_seconds) * 1000,
        merit: MeritRules {
            min_moves: settings.merit_min_moves,
            amount: settings.merit_amount,
            winner_bonus: settings.merit_winner_bonus,
            lifetime_cap: settings.merit_lifetime_cap,
        },
    }
}

impl Lobby {
    /// Decides an invitation. Refusals in the order a player would want to hear them.
    ///
    /// # Errors
    /// See SPEC §2: self, a bot, a disabled server, a busy player, a second pending
    /// invitation between the same two people, an option the server does not allow.
    #[allow(clippy::too_many_arguments)]
    pub fn decide_invite(
        &self,
        id: InvitationId,
        guild: GuildId,
        channel: ChannelId,
        inviter: UserId,
        invitee: UserId,
        invitee_is_bot: bool,
        options: InviteOptions,
        settings: &Settings,
        now: Millis,
    ) -> Result<Invitation, Refusal> {
        if !settings.enabled {
            return Err(Refusal::ServerDisabled);
        }
        if inviter == invitee {
            return Err(Refusal::InviteSelf);
        }
        if invitee_is_bot {
            return Err(Refusal::InviteBot);
        }
        if self.busy.contains_key(&inviter) {
            return Err(Refusal::YouAreBusy);
        }
        if self.busy.contains_key(&invitee) {
            return Err(Refusal::TheyAreBusy);
        }
        if self
            .invitations
            .values()
            .any(|i| i.involves(inviter) && i.involves(invitee) && !i.expired_at(now))
        {
            return Err(Refusal::DuplicateInvitation);
        }
        check_options(&options, settings)?;
        Ok(Invitation {
            id,
            guild,
            channel,
            inviter,
            invitee,
            options,
            created_at: now,
            expires_at: now + i64::from(settings.offer_expiry_seconds) * 1000,
        })
    }

    /// Finds the invitation `by` answers, checking it is theirs to answer and still open.
    ///
    /// # Errors
    /// No such pending invitation, not the invitee's, or expired.
    pub fn find_for_answer(
        &self,
        by: UserId,
        which: InvitationRef,
        now: Millis,
    ) -> Result<&Invitation, Refusal> {
        let inv = match which {
            InvitationRef::Id(id) => {
                let inv = self.invitations.get(&id).ok_or(Refusal::NoSuchInvitation)?;
                if inv.invitee != by {
                    return Err(Refusal::NotForYou);
                }
                inv
            }
            InvitationRef::From { guild, inviter } => self
                .invitations
                .values()
                .filter(|i| i.guild == guild && i.inviter == inviter && i.invitee == by)
                .max_by_key(|i| i.id)
                .ok_or(Refusal::NoSuchInvitation)?,
        };
        if inv.expired_at(now) {
            return Err(Refusal::InvitationExpired);
        }
        Ok(inv)
    }

    /// The other pending invitations of these two players: withdrawn when they start a game.
    pub fn others_of(&self, accepted: InvitationId, a: UserId, b: UserId) -> Vec<Invitation> {
        let mut v: Vec<Invitation> = self
            .invitations
            .values()
            .filter(|i| i.id != accepted && (i.involves(a) || i.involves(b)))
            .cloned()
            .collect();
        v.sort_by_key(|i| i.id);
        v
    }
}
