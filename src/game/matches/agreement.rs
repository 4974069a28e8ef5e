//! The dead-stone agreement phase (SPEC §4): after two passes under a rule set with
//! [`DeadStones::Agreement`](crate::go::DeadStones), the players settle which chains are dead
//! before the count.

use crate::go::{ByColor, Color, EstimateOptions, Point, estimate_dead};

use super::{Match, Phase};
use crate::game::Event;
use crate::game::refusal::Refusal;
use crate::game::time::Timestamp;

/// The marking under discussion.
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
            accepted: ByColor::default(),
            version: 0,
        }
    }

    fn check_version(&self, version: Option<u32>) -> Result<(), Refusal> {
        if version.is_some_and(|v| v != self.version) {
            Err(Refusal::StaleBoard)
        } else {
            Ok(())
        }
    }
}

impl Match {
    fn agreement_mut(&mut self) -> Result<&mut Agreement, Refusal> {
        match &mut self.phase {
            Phase::Agreement(a) => Ok(a),
            _ => Err(Refusal::NotInAgreement),
        }
    }

    /// Marks the chain through `p` dead, or alive again; withdraws both acceptances.
    pub(super) fn toggle_dead(
        &mut self,
        color: Color,
        p: crate::go::Point,
        seen: Option<u32>,
        version: Option<u32>,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        self.agreement()
            .ok_or(Refusal::NotInAgreement)?
            .check_version(version)?;
        self.check_fresh(seen)?;
        let chain = if self.game.size().contains(p) {
            self.game.board().chain(p)
        } else {
            Vec::new()
        };
        let head = *chain.iter().min().ok_or(Refusal::NoStoneThere)?;
        let agreement = self.agreement_mut()?;
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
        agreement.accepted = ByColor::default();
        agreement.version = agreement.version.saturating_add(1);
        let marking = agreement.dead.clone();
        // A changed marking deserves a fresh look: the timeout starts again.
        self.turn_deadline = now + self.agreement_window();
        self.disarm(color, events);
        events.push(Event::MarkingChanged {
            match_id: self.id,
            by: self.players[color],
            chain,
            dead: now_dead,
            marking,
        });
        Ok(())
    }

    /// Accepts the marking as it stands; counts the game once both have.
    pub(super) fn accept_marking(
        &mut self,
        color: Color,
        seen: Option<u32>,
        version: Option<u32>,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let agreement = self.agreement().ok_or(Refusal::NotInAgreement)?;
        agreement.check_version(version)?;
        self.check_fresh(seen)?;
        if agreement.accepted[color] {
            return Err(Refusal::AlreadyAccepted);
        }
        self.agreement_mut()?.accepted[color] = true;
        self.disarm(color, events);
        events.push(Event::MarkingAccepted {
            match_id: self.id,
            player: self.players[color],
            automatic: false,
        });
        if self
            .agreement()
            .is_some_and(|a| a.accepted.black && a.accepted.white)
        {
            self.score(now, events);
        }
        Ok(())
    }

    /// A dispute: play goes on, the opponent of the last to pass to move. Under AGA a second
    /// dispute instead counts every stone left on the board alive.
    pub(super) fn resume_play_by(
        &mut self,
        color: Color,
        seen: Option<u32>,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let version = self.agreement().ok_or(Refusal::NotInAgreement)?.version;
        self.check_fresh(seen)?;
        self.disarm(color, events);
        if self.game.rules().white_passes_last && self.resumed > 0 {
            self.phase = Phase::Agreement(Agreement {
                dead: Vec::new(),
                accepted: ByColor {
                    black: true,
                    white: true,
                },
                version,
            });
            self.score(now, events);
        } else {
            self.resume_play();
            self.start_turn(now);
            events.push(Event::PlayResumed {
                match_id: self.id,
                by: self.players[color],
                to_move: self.player_to_move(),
            });
        }
        Ok(())
    }

    /// Lets a game that ended by passes go on after a dispute.
    pub fn resume_play(&mut self) {
        self.game.resume();
        self.phase = Phase::Play;
        self.resumed += 1;
        self.resumed_at = Some(self.move_count());
    }

    /// Opens the agreement phase with the engine's estimate as the proposal. The estimate is
    /// seeded by the match and its move count, so the same game always gets the same proposal.
    pub(super) fn start_agreement(&mut self, events: &mut Vec<Event>) {
        let options = EstimateOptions {
            seed: (self.id.get() as u64) ^ (u64::from(self.move_count()) << 32),
            ..EstimateOptions::default()
        };
        let proposal = estimate_dead(self.game.board(), options);
        self.phase = Phase::Agreement(Agreement::new(proposal.clone()));
        events.push(Event::AgreementStarted {
            match_id: self.id,
            proposal,
        });
    }

    /// Accepts the marking for every player who has not (their time ran out).
    pub(super) fn accept_for_all(&mut self, events: &mut Vec<Event>) {
        let (id, players) = (self.id, self.players);
        let Phase::Agreement(agreement) = &mut self.phase else {
            return;
        };
        for c in Color::ALL {
            if !agreement.accepted[c] {
                agreement.accepted[c] = true;
                events.push(Event::MarkingAccepted {
                    match_id: id,
                    player: players[c],
                    automatic: true,
                });
            }
        }
    }
}
