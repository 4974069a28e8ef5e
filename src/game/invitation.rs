//! Invitations (SPEC §2): who may invite whom, with which options, until when.
//!
//! Pure: the [`Lobby`] is the set of pending invitations and of players in a game; the
//! `decide_*` functions look at it and say what should happen, without changing it. The
//! service changes it only after the decision has been committed to the database.

use std::collections::{BTreeSet, HashMap};

use crate::go::{
    BoardSize, ByColor, Color, Komi, Level, MIN_HANDICAP, RuleSet, fixed_points, handicap_komi,
    max_fixed,
};

use super::matches::{Match, MatchConfig, MeritRules};
use super::nigiri::Chooser;
pub use super::nigiri::NigiriStage;
use super::rating::RankRange;
use super::refusal::Refusal;
use super::settings::{Settings, in_limits};
use super::teams::Side;
use super::time::{Duration, Timestamp};
use super::time_control::{TimeControl, TimePreset};
use super::{ChannelId, GuildId, InvitationId, InvitationRef, MatchId, UserId};

/// The options an invitation may ask for, as typed; `None` takes the server's setting.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct InviteOptions {
    /// Board edge as typed; checked against `allowed-sizes`.
    pub size: Option<u8>,
    /// Komi in points as typed (a number): it must be a whole or half number.
    pub komi: Option<f64>,
    pub rules: Option<RuleSet>,
    /// Handicap stones as typed: 0 none, 1 no komi (让先), 2–9 stones in fixed placement.
    pub handicap: Option<u8>,
    /// Whether the game is ranked; `None` takes the server's `ranked-default`.
    pub ranked: Option<bool>,
    /// The time control's preset; `None` takes the server's `time-default`.
    pub time: Option<TimePreset>,
    /// A live clock of the inviter's own numbers (`canadian 10m 25/5m`), where the server's
    /// `custom-clocks` allows it; it stands in for the preset.
    pub clock: Option<TimeControl>,
    /// The inviter's colour, or nigiri; `None`: whoever accepts plays Black (or, in a ranked
    /// game, the lower rank does).
    pub color: Option<ColourAsked>,
}

/// The colours an invitation asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourAsked {
    /// The inviter plays this colour.
    Play(Color),
    /// Nigiri (猜先): the one invited guesses odd or even, the winner chooses. Even games only.
    Nigiri,
}

/// What an invitation offers: resolved from its options and the server's settings when it is
/// made, shown on it, and played if it is accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    pub size: BoardSize,
    pub rules: RuleSet,
    pub komi: Komi,
    /// Black's handicap: 0 none, 1 no komi and Black first, 2–9 stones, White first.
    pub handicap: u8,
    /// Whether the result moves both players' ratings.
    pub ranked: bool,
    /// Who plays Black, and why (the invitation says it).
    pub colours: Colours,
    /// How the game's time is kept (a preset's numbers as the server set them when invited).
    pub time: TimeControl,
}

impl Terms {
    /// Whether Black places the handicap stones anywhere (the rule set's free placement)
    /// instead of on the fixed points.
    pub fn free_handicap(&self) -> bool {
        self.handicap >= MIN_HANDICAP && self.rules.free_handicap()
    }

    /// Who makes the first move of the game: White after handicap stones (Black's free stones
    /// come first, as a setup), else Black.
    pub fn first_to_move(&self) -> Color {
        if self.handicap >= MIN_HANDICAP {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// Who plays Black in an invitation's game, and why: the invitation says both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colours {
    /// The inviter's colour; the one who accepts takes the other.
    pub inviter: Color,
    pub why: ColoursWhy,
}

/// Why the colours are what they are (stored by its name: `acceptor`, `rematch-swapped`, …).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::EnumIter,
)]
#[strum(serialize_all = "kebab-case")]
pub enum ColoursWhy {
    /// The seed's rule: whoever accepts plays Black.
    Acceptor,
    /// A rematch of an even game: the last game's colours swapped.
    RematchSwapped,
    /// A rematch of a handicap game: the handicap stays with whoever received it.
    RematchHandicap,
    /// A ranked game's handicap goes to the player of the lower rank, who plays Black.
    LowerRank,
    /// The inviter chose their colour (`color` of `/weiqi invite`).
    Chosen,
    /// Nigiri (猜先): the winner of the guess chose (until then, the colours are open).
    Nigiri,
}

impl Colours {
    /// Whoever accepts plays Black.
    pub const ACCEPTOR_BLACK: Colours = Colours {
        inviter: Color::White,
        why: ColoursWhy::Acceptor,
    };

    /// The colour the one who accepts plays.
    pub fn invitee(self) -> Color {
        !self.inviter
    }
}

/// A pending invitation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub id: InvitationId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub inviter: UserId,
    pub invitee: UserId,
    pub terms: Terms,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
    /// Where its nigiri stands, if nigiri decides its colours.
    pub nigiri: Option<NigiriStage>,
    /// A pair Go invitation (联棋): the partners, and who of the three invited accepted.
    pub pair: Option<PairInvite>,
    /// An open challenge (SPEC §13): anyone in the server may take it (within its ranks). It
    /// names no one until taken: until then `invitee` is the poster, and [`Invitation::invited`]
    /// is empty.
    pub open: Option<OpenTo>,
}

/// Who may take an open challenge, and how its handicap is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenTo {
    /// The ranks it admits (the taker's held rank, a newcomer's the start's); `None`: anyone.
    pub ranks: Option<RankRange>,
    /// A ranked challenge that asked for no handicap, komi or colour: the handicap of the two
    /// ranks is given when it is taken, as a ranked invitation's is when made.
    pub by_rank: bool,
}

/// The partners of a pair Go invitation: the inviter plays with `inviter_partner`, the one
/// invited with `invitee_partner`; all three invited must accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairInvite {
    pub inviter_partner: UserId,
    pub invitee_partner: UserId,
    /// Whether the one invited, the inviter's partner and the one invited's partner accepted.
    pub accepted: [bool; 3],
}

impl PairInvite {
    /// The three invited, in the order of [`PairInvite::accepted`].
    pub fn invited(&self, invitee: UserId) -> [UserId; 3] {
        [invitee, self.inviter_partner, self.invitee_partner]
    }
}

impl Invitation {
    /// The people it asks to accept: the one invited, and under pair Go both partners too.
    pub fn invited(&self) -> Vec<UserId> {
        // An open challenge names no one until taken (its taker is then the one invited).
        if self.open.is_some() && self.invitee == self.inviter {
            return Vec::new();
        }
        match &self.pair {
            Some(p) => p.invited(self.invitee).to_vec(),
            None => vec![self.invitee],
        }
    }

    /// Everyone it would seat: the inviter and the invited.
    pub fn people(&self) -> Vec<UserId> {
        let mut all = vec![self.inviter];
        all.extend(self.invited());
        all
    }

    /// Who chooses the colour once the hand is open: the one invited if they guessed right,
    /// else the inviter. `None` before the guess, or without nigiri.
    pub fn nigiri_chooser(&self) -> Option<UserId> {
        Some(match self.nigiri?.chooser()? {
            Chooser::Guesser => self.invitee,
            Chooser::Grabber => self.inviter,
        })
    }

    /// Whether `user` is one of its players (the four of a pair Go invitation).
    pub fn involves(&self, user: UserId) -> bool {
        self.inviter == user || self.invited().contains(&user)
    }

    /// Whether it has expired at `now` (an invitation lives `offer-expiry-seconds`, the last
    /// millisecond excluded).
    pub fn expired_at(&self, now: Timestamp) -> bool {
        now >= self.expires_at
    }
}

/// Pending invitations and players in a game: what invitations are judged against, and the
/// indexes that answer "which game is this?" without scanning every game.
#[derive(Debug, Clone, Default)]
pub struct Lobby {
    pub invitations: HashMap<InvitationId, Invitation>,
    /// Every player in a running real-time match, and the match (at most one each).
    pub busy: HashMap<UserId, MatchId>,
    /// Every player's running correspondence matches (up to `max-correspondence-games`).
    pub correspondence: HashMap<UserId, BTreeSet<MatchId>>,
    /// The running matches of each channel.
    pub by_channel: HashMap<ChannelId, BTreeSet<MatchId>>,
    /// The running matches of each server.
    pub by_guild: HashMap<GuildId, BTreeSet<MatchId>>,
    /// The running matches against the computer.
    pub computers: BTreeSet<MatchId>,
}

/// A clock of the inviter's own numbers, if the server allows it: a live clock (not `turn`,
/// not correspondence) of at most `custom-clock-max` minutes of main time.
///
/// # Errors
/// The server does not allow one, it is not live, or its main time is too long.
fn custom_clock(clock: TimeControl, settings: &Settings) -> Result<TimeControl, Refusal> {
    if !settings.custom_clocks {
        return Err(Refusal::CustomClocksOff);
    }
    if !clock.is_real_clock() || clock.is_correspondence() {
        return Err(Refusal::CustomClockNotLive);
    }
    let max = Duration::from_secs(u64::from(settings.custom_clock_max) * 60);
    if clock.main_time() > max {
        return Err(Refusal::CustomClockTooLong {
            max_minutes: settings.custom_clock_max,
        });
    }
    Ok(clock)
}

/// The board size asked for (an edge as typed), else the server's; checked against
/// `allowed-sizes`.
///
/// # Errors
/// A size the server does not allow.
pub fn resolve_size(asked: Option<u8>, settings: &Settings) -> Result<BoardSize, Refusal> {
    match asked {
        None => Ok(settings.board_size),
        Some(edge) => BoardSize::new(edge)
            .filter(|s| settings.allowed_sizes.contains(s))
            .ok_or_else(|| Refusal::SizeNotAllowed {
                size: edge,
                allowed: settings.allowed_sizes.clone(),
            }),
    }
}

/// The terms of an invitation: its options, else the server's settings; each checked against
/// what the server allows.
///
/// # Errors
/// A size outside `allowed-sizes`, rules outside `allowed-rules`, a komi that is not a whole or
/// half number, or outside `allowed-komi` (also the rule set's own komi when none was asked).
pub fn resolve_terms(options: &InviteOptions, settings: &Settings) -> Result<Terms, Refusal> {
    let size = resolve_size(options.size, settings)?;
    let rules = options.rules.unwrap_or(settings.rules);
    let handicap = options.handicap.unwrap_or(0);
    let komi = match (options.komi, handicap) {
        (Some(points), _) => Komi::from_points(points).ok_or(Refusal::KomiNotHalfPoints)?,
        (None, 0) => settings.komi_for(rules),
        (None, stones) => handicap_komi(rules, stones),
    };
    let terms = Terms {
        size,
        rules,
        komi,
        handicap,
        ranked: options.ranked.unwrap_or(settings.ranked_default),
        colours: match options.color {
            // The colours are open until the nigiri's winner chooses; White stands in.
            Some(ColourAsked::Nigiri) => Colours {
                inviter: Color::White,
                why: ColoursWhy::Nigiri,
            },
            Some(ColourAsked::Play(inviter)) => Colours {
                inviter,
                why: ColoursWhy::Chosen,
            },
            None => Colours::ACCEPTOR_BLACK,
        },
        time: settings.time_control(options.time.unwrap_or(settings.time_default)),
    };
    let terms = match options.clock {
        None => terms,
        Some(clock) => Terms {
            time: custom_clock(clock, settings)?,
            ..terms
        },
    };
    if let Some(preset) = options.time.filter(|_| options.clock.is_none()) {
        check_time_allowed(preset, settings)?;
    }
    if options.color == Some(ColourAsked::Nigiri) && handicap > 0 {
        return Err(Refusal::NigiriEvenOnly);
    }
    check_terms(&terms, settings)?;
    Ok(terms)
}

/// Checks a time preset against the server's `allowed-times`.
///
/// # Errors
/// A preset the server does not offer.
pub fn check_time_allowed(preset: TimePreset, settings: &Settings) -> Result<(), Refusal> {
    if settings.allowed_times.contains(&preset) {
        Ok(())
    } else {
        Err(Refusal::TimeNotAllowed {
            preset,
            allowed: settings.allowed_times.clone(),
        })
    }
}

/// Checks terms against what the server allows now (again at acceptance: a moderator may have
/// narrowed the settings since the invitation was made).
///
/// # Errors
/// As [`resolve_terms`].
pub fn check_terms(terms: &Terms, settings: &Settings) -> Result<(), Refusal> {
    if terms.handicap >= MIN_HANDICAP && fixed_points(terms.size, terms.handicap).is_err() {
        return Err(Refusal::HandicapNotPossible {
            stones: terms.handicap,
            size: terms.size,
            max: max_fixed(terms.size),
        });
    }
    if !settings.allowed_sizes.contains(&terms.size) {
        return Err(Refusal::SizeNotAllowed {
            size: terms.size.get(),
            allowed: settings.allowed_sizes.clone(),
        });
    }
    if !settings.allowed_rules.contains(&terms.rules) {
        return Err(Refusal::RulesNotAllowed {
            rules: terms.rules,
            allowed: settings.allowed_rules.clone(),
        });
    }
    if !in_limits(terms.komi) || !settings.allowed_komi.contains(terms.komi) {
        return Err(Refusal::KomiNotAllowed {
            komi: terms.komi,
            allowed: settings.allowed_komi,
        });
    }
    Ok(())
}

/// The settings snapshot a match takes when its invitation is accepted (SPEC §2: later changes
/// of the server's settings never change a running game).
pub fn match_config(terms: &Terms, settings: &Settings) -> MatchConfig {
    let secs = |s: u32| Duration::from_secs(u64::from(s));
    MatchConfig {
        size: terms.size,
        rules: terms.rules,
        komi: terms.komi,
        handicap: terms.handicap,
        free_handicap: terms.free_handicap(),
        ranked: terms.ranked,
        time: terms.time,
        takebacks: settings.takebacks,
        turn_timeout: secs(settings.turn_timeout_seconds),
        grace: secs(settings.reconnect_grace_seconds),
        max_length: secs(settings.match_max_minutes.saturating_mul(60)),
        resign_window: secs(settings.resign_confirm_window_seconds),
        merit: MeritRules {
            min_moves: settings.merit_min_moves,
            amount: settings.merit_amount,
            winner_bonus: settings.merit_winner_bonus,
            lifetime_cap: settings.merit_lifetime_cap,
        },
        event: None,
    }
}

/// Who invites whom, where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InviteRequest {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub inviter: UserId,
    pub invitee: UserId,
    /// Whether the invitee is a bot account (the front end knows; bots cannot play).
    pub invitee_is_bot: bool,
}

impl Lobby {
    /// Decides an invitation. Refusals in the order a player would want to hear them.
    ///
    /// # Errors
    /// See SPEC §2: self, a bot, a disabled server, a busy player, a second pending
    /// invitation between the same two people, an option the server does not allow.
    pub fn decide_invite(
        &self,
        id: InvitationId,
        who: InviteRequest,
        options: &InviteOptions,
        settings: &Settings,
        now: Timestamp,
    ) -> Result<Invitation, Refusal> {
        let preset = options.time.unwrap_or(settings.time_default);
        let correspondence = settings.time_control(preset).is_correspondence();
        self.check_invite(&who, correspondence, settings, now)?;
        let terms = resolve_terms(options, settings)?;
        let mut inv = invitation(id, who, terms, settings, now);
        inv.nigiri = (options.color == Some(ColourAsked::Nigiri)).then_some(NigiriStage::Guess);
        Ok(inv)
    }

    /// Decides a rematch: an invitation with `terms` (a finished game's), checked like any
    /// invitation and against what the server allows now.
    ///
    /// # Errors
    /// As [`Lobby::decide_invite`].
    pub fn decide_rematch(
        &self,
        id: InvitationId,
        who: InviteRequest,
        terms: Terms,
        settings: &Settings,
        now: Timestamp,
    ) -> Result<Invitation, Refusal> {
        self.check_invite(&who, terms.time.is_correspondence(), settings, now)?;
        check_terms(&terms, settings)?;
        Ok(invitation(id, who, terms, settings, now))
    }

    /// Decides an open challenge: an invitation to anyone in the server, within `ranks`.
    ///
    /// # Errors
    /// A disabled server, a busy poster, a challenge of theirs already open here, nigiri (it
    /// needs someone named to guess), an option the server does not allow.
    pub fn decide_challenge(
        &self,
        id: InvitationId,
        req: ChallengeRequest,
        options: &InviteOptions,
        settings: &Settings,
        now: Timestamp,
    ) -> Result<Invitation, Refusal> {
        let ChallengeRequest {
            guild,
            channel,
            poster,
            ranks,
        } = req;
        if !settings.enabled {
            return Err(Refusal::ServerDisabled);
        }
        let preset = options.time.unwrap_or(settings.time_default);
        let correspondence = settings.time_control(preset).is_correspondence();
        self.check_free(poster, poster, correspondence, settings)?;
        if self.invitations.values().any(|i| {
            i.open.is_some() && i.inviter == poster && i.guild == guild && !i.expired_at(now)
        }) {
            return Err(Refusal::ChallengeAlreadyOpen);
        }
        if options.color == Some(ColourAsked::Nigiri) {
            return Err(Refusal::NigiriNamedOnly);
        }
        let terms = resolve_terms(options, settings)?;
        let who = InviteRequest {
            guild,
            channel,
            inviter: poster,
            invitee: poster,
            invitee_is_bot: false,
        };
        let mut inv = invitation(id, who, terms, settings, now);
        inv.open = Some(OpenTo {
            ranks,
            by_rank: terms.ranked
                && options.handicap.is_none()
                && options.komi.is_none()
                && options.color.is_none(),
        });
        Ok(inv)
    }

    /// The checks every invitation passes before its terms: the server on, not oneself, not
    /// a bot, both players free, no invitation already pending between them.
    fn check_invite(
        &self,
        who: &InviteRequest,
        correspondence: bool,
        settings: &Settings,
        now: Timestamp,
    ) -> Result<(), Refusal> {
        if !settings.enabled {
            return Err(Refusal::ServerDisabled);
        }
        if who.inviter == who.invitee {
            return Err(Refusal::InviteSelf);
        }
        if who.invitee_is_bot {
            return Err(Refusal::InviteBot);
        }
        self.check_free(who.inviter, who.invitee, correspondence, settings)?;
        if self
            .invitations
            .values()
            .any(|i| i.involves(who.inviter) && i.involves(who.invitee) && !i.expired_at(now))
        {
            return Err(Refusal::DuplicateInvitation);
        }
        Ok(())
    }
}

/// A new invitation on `terms`, expiring after the server's `offer-expiry-seconds`.
fn invitation(
    id: InvitationId,
    who: InviteRequest,
    terms: Terms,
    settings: &Settings,
    now: Timestamp,
) -> Invitation {
    Invitation {
        id,
        guild: who.guild,
        channel: who.channel,
        inviter: who.inviter,
        invitee: who.invitee,
        terms,
        created_at: now,
        expires_at: now + Duration::from_secs(u64::from(settings.offer_expiry_seconds)),
        nigiri: None,
        pair: None,
        open: None,
    }
}

impl Lobby {
    /// Finds the invitation `by` answers, checking it is theirs to answer and still open.
    ///
    /// # Errors
    /// No such pending invitation, not the invitee's, or expired.
    pub fn find_for_answer(
        &self,
        by: UserId,
        which: InvitationRef,
        now: Timestamp,
    ) -> Result<&Invitation, Refusal> {
        let inv = match which {
            InvitationRef::Id(id) => {
                let inv = self.invitations.get(&id).ok_or(Refusal::NoSuchInvitation)?;
                if inv.open.is_none() && !inv.invited().contains(&by) {
                    return Err(Refusal::NotForYou);
                }
                inv
            }
            InvitationRef::From { guild, inviter } => self
                .invitations
                .values()
                .filter(|i| {
                    i.guild == guild
                        && i.inviter == inviter
                        && (i.open.is_some() || i.invited().contains(&by))
                })
                .max_by_key(|i| i.id)
                .ok_or(Refusal::NoSuchInvitation)?,
            InvitationRef::To { .. } => return Err(Refusal::NoSuchInvitation),
        };
        if inv.open.is_some() && inv.inviter == by {
            return Err(Refusal::OwnChallenge);
        }
        if inv.expired_at(now) {
            return Err(Refusal::InvitationExpired);
        }
        Ok(inv)
    }

    /// Finds the invitation `by` withdraws: their own, still pending.
    ///
    /// # Errors
    /// No such invitation, or someone else's.
    pub fn find_for_cancel(
        &self,
        by: UserId,
        which: InvitationRef,
    ) -> Result<&Invitation, Refusal> {
        match which {
            InvitationRef::Id(id) => {
                let inv = self.invitations.get(&id).ok_or(Refusal::NoSuchInvitation)?;
                if inv.inviter == by {
                    Ok(inv)
                } else {
                    Err(Refusal::NotYourInvitation)
                }
            }
            InvitationRef::To { guild, invitee } => self
                .invitations
                .values()
                .filter(|i| {
                    i.guild == guild && i.inviter == by && invitee.is_none_or(|u| i.invitee == u)
                })
                .max_by_key(|i| i.id)
                .ok_or(Refusal::NoSuchInvitation),
            InvitationRef::From { .. } => Err(Refusal::NoSuchInvitation),
        }
    }

    /// The other pending invitations of these two players: withdrawn when they start a game.
    pub fn others_of(&self, accepted: InvitationId, a: UserId, b: UserId) -> Vec<Invitation> {
        self.others_of_all(accepted, &[a, b])
    }

    /// The other pending invitations of any of `players`: withdrawn when they start a game.
    pub fn others_of_all(&self, accepted: InvitationId, players: &[UserId]) -> Vec<Invitation> {
        let mut v: Vec<Invitation> = self
            .invitations
            .values()
            .filter(|i| i.id != accepted && players.iter().any(|&p| i.involves(p)))
            .cloned()
            .collect();
        v.sort_by_key(|i| i.id);
        v
    }

    /// Whether a new game between `inviter` and `invitee` may start: at most one real-time
    /// game each, and at most `max-correspondence-games` correspondence games each.
    ///
    /// # Errors
    /// Who is busy, inviter first.
    pub fn check_free(
        &self,
        inviter: UserId,
        invitee: UserId,
        correspondence: bool,
        settings: &Settings,
    ) -> Result<(), Refusal> {
        let max = settings.max_correspondence_games;
        let full = |u: UserId| {
            if correspondence {
                self.correspondence.get(&u).map_or(0, BTreeSet::len) >= max as usize
            } else {
                self.busy.contains_key(&u)
            }
        };
        match (full(inviter), full(invitee), correspondence) {
            (true, _, false) => Err(Refusal::YouAreBusy),
            (_, true, false) => Err(Refusal::TheyAreBusy),
            (true, _, true) => Err(Refusal::TooManyCorrespondence { max, yours: true }),
            (_, true, true) => Err(Refusal::TooManyCorrespondence { max, yours: false }),
            _ => Ok(()),
        }
    }

    /// Every running match of `user`: the real-time one first, then the correspondence ones.
    pub fn games_of(&self, user: UserId) -> Vec<MatchId> {
        self.busy
            .get(&user)
            .copied()
            .into_iter()
            .chain(
                self.correspondence
                    .get(&user)
                    .into_iter()
                    .flatten()
                    .copied(),
            )
            .collect()
    }

    /// Records a running match in the indexes, with the people who play it (the computer
    /// plays any number of games at once and is never busy). A correspondence game does not
    /// make its players busy: they keep their one real-time game. Nor does a real-time game of
    /// a player busy already (an event's round starting while they play another game): it is
    /// listed with their other games, and the one they were playing stays the one "your game"
    /// means.
    pub fn seat(
        &mut self,
        id: MatchId,
        place: (GuildId, ChannelId),
        players: &[UserId],
        correspondence: bool,
    ) {
        for &p in players {
            if correspondence || self.busy.get(&p).is_some_and(|&other| other != id) {
                self.correspondence.entry(p).or_default().insert(id);
            } else {
                self.busy.insert(p, id);
            }
        }
        self.by_channel.entry(place.1).or_default().insert(id);
        self.by_guild.entry(place.0).or_default().insert(id);
    }

    /// Records a running match in the indexes: its people (see [`Lobby::seat`]), and whether
    /// it is a game against the computer.
    pub fn seat_match(&mut self, m: &Match) {
        // A consultation's members vote on their team's board: it keeps no one busy.
        let people = if m.is_consultation() {
            Vec::new()
        } else {
            m.people()
        };
        self.seat(
            m.id,
            (m.guild, m.channel),
            &people,
            m.config.time.is_correspondence(),
        );
        if m.computer.is_some() {
            self.computers.insert(m.id);
        }
    }

    /// Removes a match that ended from the indexes.
    pub fn unseat(&mut self, id: MatchId, place: (GuildId, ChannelId), players: &[UserId]) {
        for &p in players {
            if self.busy.get(&p) == Some(&id) {
                self.busy.remove(&p);
            }
            if let Some(set) = self.correspondence.get_mut(&p) {
                set.remove(&id);
                if set.is_empty() {
                    self.correspondence.remove(&p);
                }
            }
        }
        self.computers.remove(&id);
        remove_from(&mut self.by_channel, place.1, id);
        remove_from(&mut self.by_guild, place.0, id);
    }

    /// The running matches of a server, oldest first.
    pub fn in_guild(&self, guild: GuildId) -> Vec<MatchId> {
        self.by_guild
            .get(&guild)
            .map(|s| s.iter().copied().collect())
            .unwrap_or_default()
    }
}

/// Removes `id` from the set of `key`, and the set once empty.
fn remove_from<K: std::hash::Hash + Eq>(
    index: &mut HashMap<K, BTreeSet<MatchId>>,
    key: K,
    id: MatchId,
) {
    if let Some(set) = index.get_mut(&key) {
        set.remove(&id);
        if set.is_empty() {
            index.remove(&key);
        }
    }
}

/// Who posts an open challenge, where, to which ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChallengeRequest {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub poster: UserId,
    /// The ranks that may take it; `None`: anyone.
    pub ranks: Option<RankRange>,
}

/// A pair Go invitation: the inviter and their partner against the one invited and theirs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairRequest {
    pub who: InviteRequest,
    pub partner: UserId,
    pub opponent_partner: UserId,
    /// Whether either partner is a bot account (the front end knows).
    pub partners_are_bots: bool,
}

/// What a consultation game's creator asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamGameRequest {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub by: UserId,
    /// Whether the caller moderates the server.
    pub moderator: bool,
    /// Black's and White's teams; a side `None` is the computer's.
    pub sides: ByColor<Option<Side>>,
    /// The computer's account and level, when it plays a side.
    pub computer: Option<(UserId, Option<Level>)>,
    pub options: InviteOptions,
    /// The time a team has for each move (its voting window).
    pub window: Duration,
}

#[cfg(test)]
mod clock_tests {
    use super::*;

    fn with_clock(text: &str) -> InviteOptions {
        InviteOptions {
            clock: Some(text.parse().expect("a clock")),
            ..InviteOptions::default()
        }
    }

    #[test]
    fn an_inviter_s_own_clock_is_taken_where_the_server_allows_it_within_its_maximum() {
        let mut settings = Settings::default();
        let canadian = with_clock("canadian 10m 25/5m");
        assert_eq!(
            resolve_terms(&canadian, &settings),
            Err(Refusal::CustomClocksOff),
            "off by default"
        );
        settings.custom_clocks = true;
        let terms = resolve_terms(&canadian, &settings).expect("allowed");
        assert_eq!(terms.time.to_string(), "canadian 10m 25/5m");
        // It stands in for the preset, even one the server does not offer.
        settings.allowed_times = vec![TimePreset::Turn];
        let both = InviteOptions {
            time: Some(TimePreset::Live),
            ..canadian
        };
        assert!(resolve_terms(&both, &settings).is_ok());
        settings.custom_clock_max = 5;
        assert_eq!(
            resolve_terms(&canadian, &settings),
            Err(Refusal::CustomClockTooLong { max_minutes: 5 })
        );
        assert!(resolve_terms(&with_clock("simple 30s"), &settings).is_ok());
        assert_eq!(
            resolve_terms(&with_clock("correspondence 3d +1d max 7d"), &settings),
            Err(Refusal::CustomClockNotLive)
        );
        assert_eq!(
            resolve_terms(&with_clock("turn"), &settings),
            Err(Refusal::CustomClockNotLive)
        );
    }
}
