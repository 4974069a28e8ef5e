//! Invitations through the service: made, accepted, declined, withdrawn, expired.

use crate::go::{ByColor, Color, handicap_komi, max_fixed};
use crate::store::InvitationState;

use super::Failure;
use super::match_rows::{invitation_row, match_row};
use super::{Service, lock};
use crate::game::Refusal;
use crate::game::Timestamp;
use crate::game::invitation::{ChallengeRequest, OpenTo};
use crate::game::invitation::{
    Colours, ColoursWhy, Invitation, InviteOptions, InviteRequest, Lobby, NigiriStage, check_terms,
    match_config,
};
use crate::game::matches::Match;
use crate::game::nigiri::{self, Parity};
use crate::game::rating::RankRange;
use crate::game::rating::{Rank, START, ranked_handicap};
use crate::game::{
    ChannelId, Event, GuildId, InvitationId, InvitationRef, MatchId, Outcome, Subject, UserId,
};

/// Where a game being started came from: an invitation (closed by its start; an open
/// challenge's taker named), or two entries of the seek queue (taken out as they were read).
pub(super) enum Source<'a> {
    Invitation,
    Seek([&'a crate::store::SeekRow; 2]),
}

/// How an invitation closed, as stored and as shown.
#[derive(Clone, Copy)]
enum Closed {
    Declined,
    Expired,
    Cancelled,
}

impl Service {
    pub(super) fn invite(
        &self,
        who: InviteRequest,
        options: &InviteOptions,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let settings = self.settings(who.guild)?;
        let lobby = lock(&self.lobby);
        let id = InvitationId(self.take_id()?);
        let mut inv = lobby.decide_invite(id, who, options, &settings, now)?;
        if inv.terms.ranked
            && options.handicap.is_none()
            && options.komi.is_none()
            && options.color.is_none()
        {
            self.handicap_by_rank(&mut inv)?;
            check_terms(&inv.terms, &settings)?;
        }
        self.open_invitation(lobby, inv)
    }

    /// An open challenge: stored and shown as an invitation that names no one.
    pub(super) fn challenge(
        &self,
        place: (GuildId, ChannelId),
        poster: UserId,
        options: &InviteOptions,
        ranks: Option<RankRange>,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let settings = self.settings(place.0)?;
        let lobby = lock(&self.lobby);
        let id = InvitationId(self.take_id()?);
        let req = ChallengeRequest {
            guild: place.0,
            channel: place.1,
            poster,
            ranks,
        };
        let inv = lobby.decide_challenge(id, req, options, &settings, now)?;
        self.open_invitation(lobby, inv)
    }

    /// Someone takes an open challenge: within its ranks, they are the one invited, the handicap
    /// of the two ranks is given where the challenge asked for it, and the game starts.
    fn take_challenge(
        &self,
        lobby: std::sync::MutexGuard<'_, Lobby>,
        mut inv: Invitation,
        open: OpenTo,
        by: UserId,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        if let Some(ranks) = open.ranks {
            let yours = Rank::of(self.held_rank(inv.guild, by)?);
            if !ranks.contains(yours) {
                return Err(Refusal::OutsideRankRange { ranks, yours }.into());
            }
        }
        inv.invitee = by;
        let settings = self.may_start(&lobby, &inv)?;
        if open.by_rank {
            self.handicap_by_rank(&mut inv)?;
            check_terms(&inv.terms, &settings)?;
        }
        self.start_invited(lobby, inv, &settings, now)
    }

    /// Stores a decided invitation, puts it in the lobby and arms its expiry.
    fn open_invitation(
        &self,
        lobby: std::sync::MutexGuard<'_, Lobby>,
        inv: Invitation,
    ) -> Result<Outcome, Failure> {
        let row = invitation_row(&inv);
        self.store.write(|tx| tx.insert_invitation(&row))?;
        Ok(self.keep_pending(lobby, inv, Event::Invited))
    }

    /// A player of a finished game invites the other to a rematch: the same terms (size,
    /// rules, komi, handicap, ranked, clock), in the same channel, with the colours swapped in
    /// an even game (a handicap stays with whoever received it).
    pub(super) fn rematch(
        &self,
        by: UserId,
        id: MatchId,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let m = self.load_match(id)?.ok_or(Refusal::NoSuchGame)?;
        let color = m.may_rematch(by)?;
        let other = m.players[!color];
        // A handicap stays with whoever received it; an even game swaps the colours.
        let colours = if m.config.handicap > 0 {
            Colours {
                inviter: color,
                why: ColoursWhy::RematchHandicap,
            }
        } else {
            Colours {
                inviter: !color,
                why: ColoursWhy::RematchSwapped,
            }
        };
        let terms = crate::game::invitation::Terms {
            size: m.config.size,
            rules: m.config.rules,
            komi: m.config.komi,
            handicap: m.config.handicap,
            ranked: m.config.ranked,
            colours,
            time: m.config.time,
        };
        let who = InviteRequest {
            guild: m.guild,
            channel: m.channel,
            inviter: by,
            invitee: other,
            invitee_is_bot: false,
        };
        let settings = self.settings(m.guild)?;
        let lobby = lock(&self.lobby);
        let inv =
            lobby.decide_rematch(InvitationId(self.take_id()?), who, terms, &settings, now)?;
        self.open_invitation(lobby, inv)
    }

    pub(super) fn accept(
        &self,
        by: UserId,
        which: InvitationRef,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let lobby = lock(&self.lobby);
        let inv = match lobby.find_for_answer(by, which, now) {
            Ok(inv) => inv.clone(),
            Err(Refusal::NoSuchInvitation) => return Err(self.why_not_pending(which).into()),
            Err(r) => return Err(r.into()),
        };
        if let Some(open) = inv.open {
            return self.take_challenge(lobby, inv, open, by, now);
        }
        if inv.nigiri.is_some() {
            return Err(Refusal::NigiriGuessFirst.into());
        }
        if inv.pair.is_some() {
            return self.accept_pair(lobby, inv, by, now);
        }
        let settings = self.may_start(&lobby, &inv)?;
        self.start_invited(lobby, inv, &settings, now)
    }

    /// The one invited guesses a nigiri invitation's hand, which accepts it: the bot's
    /// handful is taken from `random`, the hand opened, and the winner is to choose.
    pub(super) fn guess(
        &self,
        by: UserId,
        id: InvitationId,
        guess: Parity,
        random: u64,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let lobby = lock(&self.lobby);
        let mut inv = lobby
            .find_for_answer(by, InvitationRef::Id(id), now)?
            .clone();
        if inv.nigiri != Some(NigiriStage::Guess) {
            return Err(Refusal::NotNigiriStep.into());
        }
        let settings = self.may_start(&lobby, &inv)?;
        inv.nigiri = Some(NigiriStage::Choose {
            stones: nigiri::grab(random),
            guess,
        });
        // The winner gets the whole offer time again to choose.
        let offer = crate::game::Duration::from_secs(u64::from(settings.offer_expiry_seconds));
        inv.expires_at = inv.expires_at.max(now + offer);
        let row = invitation_row(&inv);
        self.store.write(|tx| tx.update_invitation_nigiri(&row))?;
        Ok(self.keep_pending(lobby, inv, Event::NigiriGuessed))
    }

    /// Puts a pending invitation just stored in the lobby (new, or changed) and arms its
    /// expiry; its outcome, with `event`.
    pub(super) fn keep_pending(
        &self,
        mut lobby: std::sync::MutexGuard<'_, Lobby>,
        inv: Invitation,
        event: fn(Invitation) -> Event,
    ) -> Outcome {
        let id = inv.id;
        lobby.invitations.insert(id, inv.clone());
        drop(lobby);
        self.arm(Subject::Invitation(id), Some(inv.expires_at));
        Outcome {
            subject: Subject::Invitation(id),
            guild: inv.guild,
            channel: Some(inv.channel),
            to_move: None,
            deadline: Some(inv.expires_at),
            events: vec![event(inv)],
        }
    }

    /// The nigiri's winner chooses their colour: the game starts.
    pub(super) fn choose_colour(
        &self,
        by: UserId,
        id: InvitationId,
        colour: Color,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let lobby = lock(&self.lobby);
        let mut inv = lobby
            .invitations
            .get(&id)
            .ok_or(Refusal::NoSuchInvitation)?
            .clone();
        if !inv.involves(by) {
            return Err(Refusal::NotForYou.into());
        }
        if inv.expired_at(now) {
            return Err(Refusal::InvitationExpired.into());
        }
        let chooser = inv.nigiri_chooser().ok_or(Refusal::NotNigiriStep)?;
        if chooser != by {
            return Err(Refusal::NotYourChoice.into());
        }
        inv.terms.colours = Colours {
            inviter: if by == inv.inviter { colour } else { !colour },
            why: ColoursWhy::Nigiri,
        };
        let settings = self.may_start(&lobby, &inv)?;
        self.start_invited(lobby, inv, &settings, now)
    }

    /// Whether an invitation's game may start now: both players free, the server on, its
    /// terms still allowed. The settings the game takes (copied at acceptance, SPEC §2).
    pub(super) fn may_start(
        &self,
        lobby: &Lobby,
        inv: &Invitation,
    ) -> Result<crate::game::Settings, Failure> {
        let settings = self.settings(inv.guild)?;
        // Seen from the one who accepts: they are "you".
        let correspondence = inv.terms.time.is_correspondence();
        lobby.check_free(inv.invitee, inv.inviter, correspondence, &settings)?;
        if !settings.enabled {
            return Err(Refusal::ServerDisabled.into());
        }
        check_terms(&inv.terms, &settings)?;
        Ok(settings)
    }

    /// Starts the game of an accepted invitation.
    pub(super) fn start_invited(
        &self,
        lobby: std::sync::MutexGuard<'_, Lobby>,
        inv: Invitation,
        settings: &crate::game::Settings,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        self.start_game(lobby, inv, settings, now, Source::Invitation, Vec::new())
    }

    /// Starts the game of `inv` (an accepted invitation, or the terms of a seek's pair): its
    /// source closed, the players' other invitations withdrawn and their seeks ended, the match
    /// stored and seated, in one transaction. `events` follow the start.
    pub(super) fn start_game(
        &self,
        mut lobby: std::sync::MutexGuard<'_, Lobby>,
        inv: Invitation,
        settings: &crate::game::Settings,
        now: Timestamp,
        source: Source<'_>,
        events: Vec<Event>,
    ) -> Result<Outcome, Failure> {
        let (players, teams) = match inv.pair {
            Some(pair) => {
                let (players, teams) = super::team_commands::pair_players(&inv, pair);
                (players, Some(teams))
            }
            None if inv.terms.colours.inviter == Color::Black => (
                ByColor {
                    black: inv.inviter,
                    white: inv.invitee,
                },
                None,
            ),
            None => (
                ByColor {
                    black: inv.invitee,
                    white: inv.inviter,
                },
                None,
            ),
        };
        let mut m = Match::new(
            MatchId::from(inv.id),
            inv.guild,
            inv.channel,
            players,
            match_config(&inv.terms, settings),
            now,
        );
        m.teams = teams;
        let others = lobby.others_of_all(inv.id, &inv.people());
        let row = match_row(&m);
        let people: Vec<u64> = inv.people().iter().map(|u| u.get()).collect();
        self.store.write(|tx| {
            match source {
                Source::Invitation => {
                    if inv.open.is_some() {
                        tx.set_invitation_taker(inv.id.get(), inv.invitee.get())?;
                    }
                    tx.close_invitation(inv.id.get(), InvitationState::Accepted, now.millis())?;
                }
                // The pair's game keeps its terms and players as an invitation accepted at
                // once, as every game of two does.
                Source::Seek(rows) => {
                    tx.take_seek_pair(rows)?;
                    tx.insert_invitation(&invitation_row(&inv))?;
                    tx.close_invitation(inv.id.get(), InvitationState::Accepted, now.millis())?;
                }
            }
            tx.delete_seeks(inv.guild.get(), &people)?;
            for o in &others {
                tx.close_invitation(o.id.get(), InvitationState::Cancelled, now.millis())?;
            }
            tx.insert_match(&row)
        })?;
        lobby.invitations.remove(&inv.id);
        for o in &others {
            lobby.invitations.remove(&o.id);
        }
        let superseded = others.iter().cloned().map(Event::InvitationSuperseded);
        let events = events.into_iter().chain(superseded).collect();
        let outcome = self.seat_new_match(&mut lobby, m, events);
        drop(lobby);
        self.arm(Subject::Invitation(inv.id), None);
        for o in &others {
            self.arm(Subject::Invitation(o.id), None);
        }
        Ok(outcome)
    }

    pub(super) fn decline(
        &self,
        by: UserId,
        which: InvitationRef,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let mut lobby = lock(&self.lobby);
        let inv = lobby.find_for_answer(by, which, now)?.clone();
        if inv.open.is_some() {
            return Err(Refusal::OpenNotDeclined.into());
        }
        self.close_invitation(&mut lobby, inv, Closed::Declined, now)
    }

    pub(super) fn cancel(
        &self,
        by: UserId,
        which: InvitationRef,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let mut lobby = lock(&self.lobby);
        let inv = lobby.find_for_cancel(by, which)?.clone();
        self.close_invitation(&mut lobby, inv, Closed::Cancelled, now)
    }

    pub(super) fn expire(&self, id: InvitationId, now: Timestamp) -> Result<Outcome, Failure> {
        let mut lobby = lock(&self.lobby);
        let inv = lobby
            .invitations
            .get(&id)
            .filter(|i| i.expired_at(now))
            .cloned()
            .ok_or(Refusal::NothingToDo)?;
        self.close_invitation(&mut lobby, inv, Closed::Expired, now)
    }

    fn close_invitation(
        &self,
        lobby: &mut Lobby,
        inv: Invitation,
        how: Closed,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let (state, event): (InvitationState, fn(Invitation) -> Event) = match how {
            Closed::Declined => (InvitationState::Declined, Event::InvitationDeclined),
            Closed::Expired => (InvitationState::Expired, Event::InvitationExpired),
            Closed::Cancelled => (InvitationState::Cancelled, Event::InvitationCancelled),
        };
        self.store
            .write(|tx| tx.close_invitation(inv.id.get(), state, now.millis()))?;
        lobby.invitations.remove(&inv.id);
        self.arm(Subject::Invitation(inv.id), None);
        Ok(Outcome {
            subject: Subject::Invitation(inv.id),
            guild: inv.guild,
            channel: Some(inv.channel),
            events: vec![event(inv)],
            to_move: None,
            deadline: None,
        })
    }

    /// A ranked invitation that asked for no handicap, no komi and no colour gets the handicap of the
    /// players' rank difference (the ranks they hold; a new player's is the start's), the
    /// weaker taking Black and the stones.
    pub(super) fn handicap_by_rank(&self, inv: &mut Invitation) -> Result<(), Failure> {
        let guild = inv.guild;
        let (inviter, invitee) = (
            self.held_rank(guild, inv.inviter)?,
            self.held_rank(guild, inv.invitee)?,
        );
        let size = inv.terms.size;
        let stones = ranked_handicap(size.get(), (inviter - invitee).abs(), max_fixed(size));
        if stones > 0 {
            inv.terms.handicap = stones;
            inv.terms.komi = handicap_komi(inv.terms.rules, stones);
            if inviter < invitee {
                inv.terms.colours = Colours {
                    inviter: Color::Black,
                    why: ColoursWhy::LowerRank,
                };
            }
        }
        Ok(())
    }

    /// The rank `user` holds on a server, as its number (a newcomer's is the start's).
    pub(super) fn held_rank(&self, guild: GuildId, user: UserId) -> Result<f64, Failure> {
        let row = self.store.read(|tx| tx.rating(guild.get(), user.get()))?;
        Ok(row.map_or_else(
            || f64::from(Rank::of(START.rank_value()).0),
            |r| r.held_rank as f64,
        ))
    }

    /// Why an invitation named by its id is not pending: an open challenge someone took,
    /// else no such invitation.
    fn why_not_pending(&self, which: InvitationRef) -> Refusal {
        let InvitationRef::Id(id) = which else {
            return Refusal::NoSuchInvitation;
        };
        match self.store.read(|tx| tx.open_challenge_taken(id.get())) {
            Ok(true) => Refusal::ChallengeTaken,
            _ => Refusal::NoSuchInvitation,
        }
    }
}
