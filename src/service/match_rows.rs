//! A match, its moves and an invitation as the store's typed rows, and back.

use crate::go::{ByColor, Color, GameResult, Move};
use crate::store::{
    ComputerRow, EndCode, InvitationRow, MatchEventRow, MatchLive, MatchRow, MoveRow, OpenRow,
    PairRow, PointList, SideSpec, TeamsSpec, VoteRow,
};

use super::load::{Inconsistency, LoadError};
use crate::game::computer::Computer;
use crate::game::invitation::{
    Colours, ColoursWhy, Invitation, NigiriStage, OpenTo, PairInvite, Terms,
};
use crate::game::matches::{
    AbandonCause, Agreement, EndReason, Ended, Ending, EventLink, Match, MatchConfig, MeritRules,
    Phase, PhaseKind,
};
use crate::game::nigiri::Parity;
use crate::game::rating::{Rank, RankRange};
use crate::game::settings::Settings;
use crate::game::teams::votes::{Choice, ChoiceKind, Vote};
use crate::game::teams::{Membership, Side, TeamForm, Teams};
use crate::game::time_control::{PlayerClock, TimeControl};
use crate::game::{ChannelId, EventId, GuildId, InvitationId, MatchId, UserId};
use crate::game::{Duration, Timestamp, millis_of};

pub(super) fn invitation_row(i: &Invitation) -> InvitationRow {
    InvitationRow {
        id: i.id.get(),
        guild: i.guild.get(),
        channel: i.channel.get(),
        inviter: i.inviter.get(),
        invitee: i.invitee.get(),
        size: Some(i.terms.size),
        komi: Some(i.terms.komi),
        rules: Some(i.terms.rules),
        handicap: i.terms.handicap,
        ranked: i.terms.ranked,
        inviter_black: i.terms.colours.inviter == Color::Black,
        colours: i.terms.colours.why,
        time: i.terms.time,
        created_at: i.created_at.millis(),
        expires_at: i.expires_at.millis(),
        nigiri: opened_hand(i.nigiri),
        pair: i.pair.map(|p| PairRow {
            inviter_partner: p.inviter_partner.get(),
            invitee_partner: p.invitee_partner.get(),
            accepted: p.accepted,
        }),
        open: i.open.map(|o| OpenRow {
            ranks: o.ranks.map(|r| (i64::from(r.lo.0), i64::from(r.hi.0))),
            by_rank: o.by_rank,
        }),
    }
}

/// An open challenge from its row (its ranks are checked by the schema: a pair that still is
/// not two ranks admits anyone).
fn open_from_row(o: OpenRow) -> OpenTo {
    let ranks = o.ranks.and_then(|(lo, hi)| {
        Some(RankRange {
            lo: Rank::from_stored(lo)?,
            hi: Rank::from_stored(hi)?,
        })
    });
    OpenTo {
        ranks,
        by_rank: o.by_rank,
    }
}

/// A nigiri's opened hand as stored: the stones and the guess, once guessed.
fn opened_hand(stage: Option<NigiriStage>) -> Option<(u8, Parity)> {
    match stage? {
        NigiriStage::Choose { stones, guess } => Some((stones, guess)),
        NigiriStage::Guess => None,
    }
}

/// A nigiri's stage from its stored hand: guessed once the hand is opened.
fn nigiri_stage(hand: Option<(u8, Parity)>) -> NigiriStage {
    match hand {
        Some((stones, guess)) => NigiriStage::Choose { stones, guess },
        None => NigiriStage::Guess,
    }
}

/// An invitation from its row; the terms of a row from before they were stored come from the
/// server's settings as they are now.
pub(super) fn invitation_from_row(r: &InvitationRow, settings: &Settings) -> Invitation {
    let rules = r.rules.unwrap_or(settings.rules);
    Invitation {
        id: InvitationId(r.id),
        guild: GuildId(r.guild),
        channel: ChannelId(r.channel),
        inviter: UserId(r.inviter),
        invitee: UserId(r.invitee),
        terms: Terms {
            size: r.size.unwrap_or(settings.board_size),
            rules,
            komi: r.komi.unwrap_or_else(|| settings.komi_for(rules)),
            handicap: r.handicap,
            ranked: r.ranked,
            colours: Colours {
                inviter: if r.inviter_black {
                    Color::Black
                } else {
                    Color::White
                },
                why: r.colours,
            },
            time: r.time,
        },
        created_at: Timestamp::from_millis(r.created_at),
        expires_at: Timestamp::from_millis(r.expires_at),
        nigiri: (r.colours == ColoursWhy::Nigiri).then(|| nigiri_stage(r.nigiri)),
        pair: r.pair.map(|p| PairInvite {
            inviter_partner: UserId(p.inviter_partner),
            invitee_partner: UserId(p.invitee_partner),
            accepted: p.accepted,
        }),
        open: r.open.map(open_from_row),
    }
}

pub(super) fn match_row(m: &Match) -> MatchRow {
    let c = &m.config;
    MatchRow {
        id: m.id.get(),
        guild: m.guild.get(),
        channel: m.channel.get(),
        black: m.players.black.get(),
        white: m.players.white.get(),
        size: c.size,
        rules: c.rules,
        komi: c.komi,
        handicap: c.handicap,
        ranked: c.ranked,
        free_handicap: c.free_handicap,
        time: c.time,
        takebacks: c.takebacks,
        turn_timeout_ms: millis_of(c.turn_timeout),
        grace_ms: millis_of(c.grace),
        max_ms: millis_of(c.max_length),
        resign_window_ms: millis_of(c.resign_window),
        merit_min_moves: c.merit.min_moves,
        merit_amount: c.merit.amount,
        merit_bonus: c.merit.winner_bonus,
        merit_cap: c.merit.lifetime_cap,
        started_at: m.started_at.millis(),
        ends_at: m.ends_at.millis(),
        event: c.event.map(|e| MatchEventRow {
            event_id: e.event.get(),
            start_window_ms: millis_of(e.start_window),
        }),
        computer: m.computer.map(|c| ComputerRow {
            level: c.level,
            color: c.color,
            resigns: c.may_resign,
        }),
        live: live_of(m),
    }
}

/// The store's code of an ending.
fn end_code(ending: Ending) -> EndCode {
    match ending {
        Ending::Finished { reason, .. } => match reason {
            EndReason::TwoPasses => EndCode::TwoPasses,
            EndReason::Resignation => EndCode::Resignation,
            EndReason::Time => EndCode::Time,
            EndReason::Forfeit => EndCode::Forfeit,
            EndReason::Absence => EndCode::Absence,
        },
        Ending::Abandoned(AbandonCause::TwoAutomaticPasses) => EndCode::TwoAutomaticPasses,
        Ending::Abandoned(AbandonCause::Offline(Color::Black)) => EndCode::OfflineBlack,
        Ending::Abandoned(AbandonCause::Offline(Color::White)) => EndCode::OfflineWhite,
        Ending::Abandoned(AbandonCause::TimeCap) => EndCode::TimeCap,
        Ending::Annulled => EndCode::Annulled,
    }
}

/// An ending from its stored code and result.
fn ending_of(code: EndCode, result: Option<GameResult>) -> Result<Ending, LoadError> {
    let finished = |reason| {
        result
            .filter(|r| *r != GameResult::Void)
            .map(|result| Ending::Finished { result, reason })
            .ok_or(LoadError::Inconsistent(
                Inconsistency::FinishedWithoutResult,
            ))
    };
    Ok(match code {
        EndCode::TwoPasses => finished(EndReason::TwoPasses)?,
        EndCode::Resignation => finished(EndReason::Resignation)?,
        EndCode::Time => finished(EndReason::Time)?,
        EndCode::Forfeit => finished(EndReason::Forfeit)?,
        EndCode::Absence => finished(EndReason::Absence)?,
        EndCode::TwoAutomaticPasses => Ending::Abandoned(AbandonCause::TwoAutomaticPasses),
        EndCode::OfflineBlack => Ending::Abandoned(AbandonCause::Offline(Color::Black)),
        EndCode::OfflineWhite => Ending::Abandoned(AbandonCause::Offline(Color::White)),
        EndCode::TimeCap => Ending::Abandoned(AbandonCause::TimeCap),
        EndCode::Annulled => Ending::Annulled,
    })
}

pub(super) fn live_of(m: &Match) -> MatchLive {
    let phase = PhaseKind::from(&m.phase);
    let (ending, result, ended_at, marking) = match &m.phase {
        Phase::Nigiri(_) | Phase::Play => (None, None, None, None),
        Phase::Agreement(a) => (None, None, None, Some(a)),
        Phase::Ended(e) => {
            let result = match e.ending {
                Ending::Finished { result, .. } => result,
                Ending::Abandoned(_) | Ending::Annulled => GameResult::Void,
            };
            (
                Some(end_code(e.ending)),
                Some(result),
                Some(e.at.millis()),
                None,
            )
        }
    };
    let dead_stones = match (&m.phase, marking) {
        (_, Some(a)) => Some(PointList(a.dead.clone())),
        (Phase::Ended(Ended { marking, .. }), None) => marking.clone().map(PointList),
        _ => None,
    };
    let accepted = marking.map_or(ByColor::default(), |a| a.accepted);
    MatchLive {
        turn_deadline: m.turn_deadline.millis(),
        move_count: m.move_count(),
        resign: [m.resign_armed.black, m.resign_armed.white].map(|t| t.map(Timestamp::millis)),
        offline: [m.offline_until.black, m.offline_until.white].map(|t| t.map(Timestamp::millis)),
        phase,
        ending,
        result,
        ended_at,
        dead_stones,
        accepted: [accepted.black, accepted.white],
        marking_version: marking.map_or(0, |a| a.version),
        resumed: Some(m.resumed),
        resumed_at: m.resumed_at,
        clocks: [Some(m.clocks.black), Some(m.clocks.white)],
        turn_started: Some(m.turn_started.millis()),
        reminded: m.reminded,
        computer_toggles: m.computer_toggles,
        nigiri: opened_hand(m.nigiri()),
        teams: m.teams.as_ref().map(teams_spec),
    }
}

/// A team game's sides in their stored form.
pub(super) fn teams_spec(t: &Teams) -> TeamsSpec {
    let side = |s: &Side| SideSpec {
        members: s.listed().iter().map(|u| u.get()).collect(),
        role: match s.membership {
            Membership::Role(r) => Some(r),
            _ => None,
        },
        anyone: s.membership == Membership::Anyone,
        seen: s.seen.iter().map(|u| u.get()).collect(),
    };
    TeamsSpec {
        form: t.form,
        black: side(&t.sides.black),
        white: side(&t.sides.white),
    }
}

/// A team game's sides from their stored form: a pair of two a side, or consultation sides of
/// a list, a role or anyone — one each.
pub(super) fn teams_of(spec: &TeamsSpec) -> Result<Teams, LoadError> {
    let bad = || LoadError::Inconsistent(Inconsistency::Teams);
    let form = spec.form;
    let side = |s: &SideSpec| -> Result<Side, LoadError> {
        let membership = match (s.members.is_empty(), s.role, s.anyone) {
            (false, None, false) => {
                Membership::Members(s.members.iter().map(|&u| UserId(u)).collect())
            }
            (true, Some(role), false) => Membership::Role(role),
            (true, None, true) => Membership::Anyone,
            _ => return Err(bad()),
        };
        if form == TeamForm::Pair && !matches!(&membership, Membership::Members(l) if l.len() == 2)
        {
            return Err(bad());
        }
        Ok(Side {
            membership,
            seen: s.seen.iter().map(|&u| UserId(u)).collect(),
        })
    };
    Ok(Teams {
        form,
        sides: ByColor {
            black: side(&spec.black)?,
            white: side(&spec.white)?,
        },
    })
}

/// A vote as stored, for move `number`.
pub(super) fn vote_row(m: &Match, number: u32, color: Color, v: &Vote) -> VoteRow {
    let point = match v.choice {
        Choice::Play(p) => Some(p),
        Choice::Pass | Choice::Resign => None,
    };
    VoteRow {
        match_id: m.id.get(),
        number,
        user: v.user.get(),
        color,
        choice: ChoiceKind::from(v.choice),
        point,
        voted_at: v.at.millis(),
    }
}

/// A stored vote; `None` for a vote to play with no point (the schema forbids it).
pub(super) fn vote_of(r: &VoteRow) -> Option<Vote> {
    let choice = match (r.choice, r.point) {
        (ChoiceKind::Play, Some(p)) => Choice::Play(p),
        (ChoiceKind::Pass, _) => Choice::Pass,
        (ChoiceKind::Resign, _) => Choice::Resign,
        (ChoiceKind::Play, None) => return None,
    };
    Some(Vote {
        user: UserId(r.user),
        choice,
        at: Timestamp::from_millis(r.voted_at),
    })
}

/// A player's clock as stored, or the control's starting clock for a row that has none.
fn clock_of(stored: Option<PlayerClock>, control: TimeControl) -> PlayerClock {
    stored.unwrap_or_else(|| control.start())
}

pub(super) fn move_row(m: &Match, index: usize, now: Timestamp) -> Option<MoveRow> {
    let (color, mv) = m.stored_move(index)?;
    Some(MoveRow {
        match_id: m.id.get(),
        number: u32::try_from(index + 1).unwrap_or(u32::MAX),
        color,
        point: match mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        },
        automatic: m.automatic.get(index).copied().unwrap_or(false),
        played_at: now.millis(),
        played_by: index
            .checked_sub(m.placed.len())
            .and_then(|i| m.played_by.get(i).copied().flatten())
            .map(UserId::get),
    })
}

fn duration_of(ms: i64) -> Result<Duration, LoadError> {
    u64::try_from(ms)
        .map(Duration::from_millis)
        .map_err(|_| LoadError::Inconsistent(Inconsistency::NegativeDuration))
}

/// What a match is played under, as its row keeps it.
///
/// # Errors
/// A negative duration.
fn config_of(r: &MatchRow) -> Result<MatchConfig, LoadError> {
    Ok(MatchConfig {
        size: r.size,
        rules: r.rules,
        komi: r.komi,
        handicap: r.handicap,
        free_handicap: r.free_handicap,
        ranked: r.ranked,
        time: r.time,
        takebacks: r.takebacks,
        turn_timeout: duration_of(r.turn_timeout_ms)?,
        grace: duration_of(r.grace_ms)?,
        max_length: duration_of(r.max_ms)?,
        resign_window: duration_of(r.resign_window_ms)?,
        merit: MeritRules {
            min_moves: r.merit_min_moves,
            amount: r.merit_amount,
            winner_bonus: r.merit_bonus,
            lifetime_cap: r.merit_cap,
        },
        event: match r.event {
            Some(e) => Some(EventLink {
                event: EventId(e.event_id),
                start_window: duration_of(e.start_window_ms)?,
            }),
            None => None,
        },
    })
}

/// A match from its row, before its moves are replayed: in play, whatever the row says (the
/// phase is restored by [`finish_phase`] once the moves are in).
///
/// # Errors
/// A settings snapshot that makes no sense (a negative duration).
pub(super) fn match_skeleton(r: &MatchRow) -> Result<Match, LoadError> {
    let config = config_of(r)?;
    let ts = Timestamp::from_millis;
    let opt = |t: Option<i64>| t.map(ts);
    Ok(Match {
        id: MatchId(r.id),
        guild: GuildId(r.guild),
        channel: ChannelId(r.channel),
        players: ByColor {
            black: UserId(r.black),
            white: UserId(r.white),
        },
        game: config.new_game(),
        config,
        automatic: Vec::with_capacity(r.live.move_count as usize),
        started_at: ts(r.started_at),
        ends_at: ts(r.ends_at),
        turn_deadline: ts(r.live.turn_deadline),
        resign_armed: ByColor {
            black: opt(r.live.resign[0]),
            white: opt(r.live.resign[1]),
        },
        offline_until: ByColor {
            black: opt(r.live.offline[0]),
            white: opt(r.live.offline[1]),
        },
        phase: Phase::Play,
        resumed: 0,
        resumed_at: None,
        computer: r.computer.map(|c| Computer {
            user: UserId(if c.color == Color::Black {
                r.black
            } else {
                r.white
            }),
            color: c.color,
            level: c.level,
            may_resign: c.resigns,
        }),
        placed: Vec::new(),
        clocks: ByColor {
            black: clock_of(r.live.clocks[0], config.time),
            white: clock_of(r.live.clocks[1], config.time),
        },
        turn_started: r.live.turn_started.map_or_else(
            // Rows from before clocks: the turn began a turn's length before its deadline.
            || {
                Timestamp::from_millis(
                    r.live
                        .turn_deadline
                        .saturating_sub(millis_of(config.turn_timeout)),
                )
            },
            ts,
        ),
        reminded: r.live.reminded.min(2),
        given_back: Duration::ZERO,
        undo_request: None,
        teams: r.live.teams.as_ref().map(teams_of).transpose()?,
        played_by: Vec::with_capacity(r.live.move_count as usize),
        ballot: Vec::new(),
        stand_in: None,
        computer_toggles: r.live.computer_toggles,
        // Read from `match_estimates` by the loader.
        estimates: Vec::new(),
    })
}

/// Replays the next stored move through the engine (which checks it is legal). A move after
/// the game ended by passes is a resumption after a dispute (only one lets play go on); they
/// are counted as they come and checked against the row in [`finish_phase`].
pub(super) fn replay_move(m: &mut Match, mv: &MoveRow) -> Result<(), LoadError> {
    let expected = u32::try_from(m.automatic.len() + 1).unwrap_or(u32::MAX);
    if mv.number != expected {
        return Err(LoadError::MissingMove(expected));
    }
    if m.placing() {
        // The first stored moves of a free handicap are Black's stones.
        let illegal = |cause| LoadError::Illegal {
            number: mv.number,
            cause,
        };
        if mv.color != Color::Black {
            return Err(illegal(crate::go::IllegalMove::Occupied));
        }
        let p = mv.point.ok_or(illegal(crate::go::IllegalMove::OffBoard))?;
        m.put_handicap_stone(p).map_err(illegal)?;
        m.automatic.push(mv.automatic);
        return Ok(());
    }
    if m.game.is_over() && m.has_agreement() {
        m.resume_play();
    }
    let played = mv.point.map_or(Move::Pass, Move::Play);
    m.game
        .play_as(mv.color, played)
        .map_err(|cause| LoadError::Illegal {
            number: mv.number,
            cause,
        })?;
    m.automatic.push(mv.automatic);
    m.played_by.push(mv.played_by.map(UserId));
    Ok(())
}

/// Ends the replay of a match: every move the row counts was found, the phase is the stored
/// one, and the resumptions the moves show are the stored ones (a row from before they were
/// stored takes what the moves show).
pub(super) fn finish_phase(m: &mut Match, r: &MatchRow) -> Result<(), LoadError> {
    if m.automatic.len() != r.live.move_count as usize {
        return Err(LoadError::MoveCount {
            stored: m.automatic.len(),
            expected: r.live.move_count,
        });
    }
    let l = &r.live;
    m.phase = match l.phase {
        PhaseKind::Nigiri => {
            if m.move_count() != 0 {
                return Err(LoadError::Inconsistent(Inconsistency::MovesBeforeNigiri));
            }
            Phase::Nigiri(nigiri_stage(l.nigiri))
        }
        PhaseKind::Play => {
            if m.game.is_over() && m.has_agreement() {
                // Play was resumed after a dispute, with no move since.
                m.resume_play();
            } else if m.game.is_over() {
                return Err(LoadError::Inconsistent(Inconsistency::OverStillInPlay));
            }
            Phase::Play
        }
        PhaseKind::Agreement => {
            if !m.game.is_over() {
                return Err(LoadError::Inconsistent(Inconsistency::EarlyAgreement));
            }
            let mut dead = l.dead_stones.clone().map(|p| p.0).unwrap_or_default();
            dead.sort();
            dead.dedup();
            Phase::Agreement(Agreement {
                dead,
                accepted: ByColor {
                    black: l.accepted[0],
                    white: l.accepted[1],
                },
                version: l.marking_version,
            })
        }
        PhaseKind::Ended => {
            let code = l
                .ending
                .ok_or(LoadError::Inconsistent(Inconsistency::EndedWithoutEnding))?;
            Phase::Ended(Ended {
                ending: ending_of(code, l.result)?,
                at: Timestamp::from_millis(l.ended_at.unwrap_or(r.ends_at)),
                marking: l.dead_stones.clone().map(|p| p.0),
            })
        }
    };
    match l.resumed {
        Some(n) if n != m.resumed || l.resumed_at != m.resumed_at => {
            Err(LoadError::Inconsistent(Inconsistency::Resumptions))
        }
        _ => Ok(()),
    }
}
