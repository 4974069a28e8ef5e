//! Team games through the service (SPEC §11, 赛式): a pair Go invitation that the three others
//! accept, a consultation game started by a moderator (or anyone, where the server lets them),
//! and a consultation member's vote — each one transaction, like every other command.

use crate::go::{ByColor, Color};

use super::Failure;
use super::match_rows::{invitation_row, match_row, vote_row};
use super::{Applied, Service, lock};
use crate::game::Refusal;
use crate::game::invitation::{
    ColourAsked, Colours, Invitation, InviteOptions, Lobby, PairInvite, match_config, resolve_terms,
};
use crate::game::matches::{Action, Match, MatchConfig};
use crate::game::settings::Settings;
use crate::game::teams::votes::Choice;
use crate::game::teams::{Side, TeamForm, Teams, team_seat};
use crate::game::{Computer, Event, InvitationId, MatchId, Outcome, UserId};
use crate::game::{Duration, Timestamp};
use crate::game::{MAX_WINDOW, MIN_WINDOW, PairRequest, TeamGameRequest};
use crate::go::Level;

/// How long a consultation game may last: long enough for its windows, never for ever.
const TEAM_GAME_CAP: Duration = Duration::from_secs(30 * 24 * 3600);

impl Service {
    /// A pair Go invitation: all four free, no bots, none twice; an even, unranked game.
    pub(super) fn invite_pair(
        &self,
        req: PairRequest,
        options: &InviteOptions,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let who = req.who;
        let four = [who.inviter, req.partner, who.invitee, req.opponent_partner];
        if req.partners_are_bots || who.invitee_is_bot {
            return Err(Refusal::InviteBot.into());
        }
        if four.iter().enumerate().any(|(i, a)| four[..i].contains(a)) {
            return Err(Refusal::BadTeams.into());
        }
        if options.handicap.unwrap_or(0) > 0
            || options.ranked == Some(true)
            || options.color == Some(ColourAsked::Nigiri)
        {
            return Err(Refusal::NotForTeamGames.into());
        }
        let settings = self.settings(who.guild)?;
        let lobby = lock(&self.lobby);
        let mut inv = lobby.decide_invite(
            InvitationId(self.take_id()?),
            who,
            &InviteOptions {
                ranked: Some(false),
                ..*options
            },
            &settings,
            now,
        )?;
        check_pair_free(&lobby, &inv, &settings, req.partner, req.opponent_partner)?;
        inv.pair = Some(PairInvite {
            inviter_partner: req.partner,
            invitee_partner: req.opponent_partner,
            accepted: [false; 3],
        });
        let row = invitation_row(&inv);
        self.store.write(|tx| tx.insert_invitation(&row))?;
        Ok(self.keep_pending(lobby, inv, Event::Invited))
    }

    /// One of the three invited to pair Go accepts: the game starts with the last acceptance.
    pub(super) fn accept_pair(
        &self,
        lobby: std::sync::MutexGuard<'_, Lobby>,
        mut inv: Invitation,
        by: UserId,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let Some(mut pair) = inv.pair else {
            return Err(Refusal::NothingToDo.into());
        };
        let Some(i) = pair.invited(inv.invitee).iter().position(|&u| u == by) else {
            return Err(Refusal::NotForYou.into());
        };
        if pair.accepted[i] {
            return Err(Refusal::InvitationAlreadyAccepted.into());
        }
        let settings = self.may_start(&lobby, &inv)?;
        check_pair_free(
            &lobby,
            &inv,
            &settings,
            pair.inviter_partner,
            pair.invitee_partner,
        )?;
        pair.accepted[i] = true;
        inv.pair = Some(pair);
        if pair.accepted.iter().all(|&a| a) {
            return self.start_invited(lobby, inv, &settings, now);
        }
        self.store
            .write(|tx| tx.update_invitation_acceptances(inv.id.get(), pair.accepted))?;
        Ok(self.keep_pending(lobby, inv, Event::PairAccepted))
    }

    /// A consultation game (商谈联棋), started at once: two teams, or a team against the
    /// computer.
    pub(super) fn create_team_game(
        &self,
        req: TeamGameRequest,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let settings = self.settings(req.guild)?;
        let level = team_game_level(&req, &settings)?;
        let config = team_game_config(&req, &settings)?;
        let mut lobby = lock(&self.lobby);
        let max = self
            .computer_limit
            .load(std::sync::atomic::Ordering::SeqCst);
        if level.is_some() && lobby.computers.len() >= max {
            return Err(Refusal::ComputerBusy { max }.into());
        }
        let id = MatchId(self.take_id()?);
        let m = team_game_match(&req, id, config, level, &settings, now);
        if m.computer.is_some() {
            self.insert_computer_match(&m, max)?;
        } else {
            let row = match_row(&m);
            self.store.write(|tx| tx.insert_match(&row))?;
        }
        Ok(self.seat_new_match(&mut lobby, m, Vec::new()))
    }

    /// A consultation member's vote (`roles`: the ones the voter holds, for a role's team),
    /// kept in the vote's own commit; the move it decides, if it does, in the same one.
    pub(super) fn vote(
        &self,
        by: UserId,
        roles: &[u64],
        game: MatchId,
        seen: Option<u32>,
        choice: Choice,
        now: Timestamp,
    ) -> Applied {
        let Some(cell) = self.cell(game) else {
            return Applied::only(Err(Refusal::GameOver.into()));
        };
        let mut m = lock(&cell);
        let Some(teams) = m.teams.as_ref().filter(|_| m.is_consultation()) else {
            return Applied::only(Err(Refusal::NotATeamGame.into()));
        };
        let member_of = ByColor::new_with(|c| teams.sides[c].admits(by, roles));
        let color = m.game.to_move();
        let number = m.move_count() + 1;
        let row = vote_row(
            &m,
            number,
            color,
            &crate::game::teams::votes::Vote {
                user: by,
                choice,
                at: now,
            },
        );
        let mut fired = Vec::new();
        if m.next_deadline().is_some_and(|d| d <= now) {
            // The window closed a moment ago: it closes first, and the vote is for a move
            // already played.
            if let Ok(o) = self.commit_with(&mut m, None, Action::Tick, None, now, |_| Ok(())) {
                fired.push(o);
            }
        }
        let action = Action::Vote { choice, member_of };
        let result = self.commit_with(&mut m, Some(by), action, seen, now, |tx| tx.put_vote(&row));
        Applied {
            fired,
            result,
            after: Vec::new(),
        }
    }
}

/// The other two of a pair Go invitation are free as well (the inviter and the one invited are
/// checked like any invitation's).
fn check_pair_free(
    lobby: &Lobby,
    inv: &Invitation,
    settings: &Settings,
    partner: UserId,
    opponent_partner: UserId,
) -> Result<(), Refusal> {
    let correspondence = inv.terms.time.is_correspondence();
    // Seen from whoever asks, the partners are "they".
    lobby
        .check_free(partner, opponent_partner, correspondence, settings)
        .map_err(|r| match r {
            Refusal::YouAreBusy => Refusal::TheyAreBusy,
            Refusal::TooManyCorrespondence { max, .. } => {
                Refusal::TooManyCorrespondence { max, yours: false }
            }
            other => other,
        })
}

/// Whether a consultation game may start as asked: the server enabled, the caller allowed,
/// even and unranked, a voting window within bounds, its sides sound (see [`check_sides`]); the
/// computer's level when it plays a side.
fn team_game_level(req: &TeamGameRequest, settings: &Settings) -> Result<Option<Level>, Refusal> {
    if !settings.enabled {
        return Err(Refusal::ServerDisabled);
    }
    if !req.moderator && !settings.team_games_for_everyone {
        return Err(Refusal::TeamGamesByModerators);
    }
    if req.options.handicap.unwrap_or(0) > 0
        || req.options.ranked == Some(true)
        || req.options.color.is_some()
    {
        return Err(Refusal::NotForTeamGames);
    }
    if !(MIN_WINDOW..=MAX_WINDOW).contains(&req.window) {
        return Err(Refusal::BadTeams);
    }
    check_sides(&req.sides)?;
    match (req.computer, &req.sides.black, &req.sides.white) {
        (Some((_, level)), None, Some(_)) | (Some((_, level)), Some(_), None) => {
            settings.computer_level(level).map(Some)
        }
        (None, Some(_), Some(_)) => Ok(None),
        _ => Err(Refusal::BadTeams),
    }
}

/// A consultation game's settings: the options' board and rules, unranked, no takebacks, each
/// move in the voting window, never longer than [`TEAM_GAME_CAP`].
fn team_game_config(req: &TeamGameRequest, settings: &Settings) -> Result<MatchConfig, Refusal> {
    let terms = resolve_terms(
        &InviteOptions {
            ranked: Some(false),
            time: None,
            ..req.options
        },
        settings,
    )?;
    let mut config = match_config(&terms, settings);
    config.ranked = false;
    config.takebacks = false;
    config.time = crate::game::time_control::TimeControl::Turn;
    config.turn_timeout = req.window;
    config.max_length = TEAM_GAME_CAP;
    Ok(config)
}

/// A consultation game's match: each side's team seat (the computer's account for its side),
/// the sides as asked (the computer's as its one member), the computer at `level`.
fn team_game_match(
    req: &TeamGameRequest,
    id: MatchId,
    config: MatchConfig,
    level: Option<Level>,
    settings: &Settings,
    now: Timestamp,
) -> Match {
    let computer_user = req.computer.map(|(u, _)| u);
    let players = ByColor::new_with(|c| match (&req.sides[c], computer_user) {
        (None, Some(bot)) => bot,
        _ => team_seat(id, c),
    });
    let sides = ByColor::new_with(|c| {
        req.sides[c]
            .clone()
            .unwrap_or_else(|| Side::members(vec![players[c]]))
    });
    let mut m = Match::new(id, req.guild, req.channel, players, config, now);
    m.teams = Some(Teams {
        form: TeamForm::Consultation,
        sides,
    });
    if let (Some(level), Some(user)) = (level, computer_user) {
        let color = if req.sides.black.is_none() {
            Color::Black
        } else {
            Color::White
        };
        m.computer = Some(Computer {
            user,
            color,
            level,
            may_resign: settings.ai_resigns,
        });
    }
    m
}

/// A consultation's sides: at most one the computer's, a listed side not empty, no one listed
/// on both, not the same role twice.
fn check_sides(sides: &ByColor<Option<Side>>) -> Result<(), Refusal> {
    use crate::game::teams::Membership;
    let bad = Err(Refusal::BadTeams);
    match (&sides.black, &sides.white) {
        (None, None) => bad,
        (Some(b), Some(w)) => {
            if matches!(&b.membership, Membership::Members(l) if l.is_empty())
                || matches!(&w.membership, Membership::Members(l) if l.is_empty())
                || b.listed().iter().any(|u| w.listed().contains(u))
                || (b.membership == w.membership)
                || b.membership == Membership::Anyone
                || w.membership == Membership::Anyone
            {
                bad
            } else {
                Ok(())
            }
        }
        (Some(s), None) | (None, Some(s)) => {
            if matches!(&s.membership, Membership::Members(l) if l.is_empty()) {
                bad
            } else {
                Ok(())
            }
        }
    }
}

/// The colours of a pair Go game: the inviter's side takes the colour the invitation gives
/// the inviter; each side's first player is its Black 1 or White 1.
pub(super) fn pair_players(inv: &Invitation, pair: PairInvite) -> (ByColor<UserId>, Teams) {
    let Colours { inviter, .. } = inv.terms.colours;
    let inviters = [inv.inviter, pair.inviter_partner];
    let invitees = [inv.invitee, pair.invitee_partner];
    let (black, white) = if inviter == Color::Black {
        (inviters, invitees)
    } else {
        (invitees, inviters)
    };
    (
        ByColor {
            black: black[0],
            white: white[0],
        },
        Teams::pair(black, white),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ChannelId, GuildId};

    /// Users 1 and 2 against 3, asked by a moderator; `computer`: the computer (user 99) takes
    /// White instead.
    fn request(computer: bool) -> TeamGameRequest {
        let white = (!computer).then(|| Side::members(vec![UserId(3)]));
        TeamGameRequest {
            guild: GuildId(1),
            channel: ChannelId(2),
            by: UserId(1),
            moderator: true,
            sides: ByColor {
                black: Some(Side::members(vec![UserId(1), UserId(2)])),
                white,
            },
            computer: computer.then_some((UserId(99), None)),
            options: InviteOptions::default(),
            window: Duration::from_secs(60),
        }
    }

    #[test]
    fn a_consultation_game_is_refused_what_it_cannot_be() {
        let settings = Settings::default();
        assert_eq!(team_game_level(&request(false), &settings), Ok(None));
        let mut r = request(false);
        r.moderator = false;
        assert_eq!(
            team_game_level(&r, &settings),
            Err(Refusal::TeamGamesByModerators)
        );
        let mut r = request(false);
        r.options.ranked = Some(true);
        assert_eq!(
            team_game_level(&r, &settings),
            Err(Refusal::NotForTeamGames)
        );
        let mut r = request(false);
        r.window = Duration::from_secs(1);
        assert_eq!(team_game_level(&r, &settings), Err(Refusal::BadTeams));
        // Someone on both sides; a side with no one; two computers' sides.
        let mut r = request(false);
        r.sides.white = Some(Side::members(vec![UserId(2)]));
        assert_eq!(team_game_level(&r, &settings), Err(Refusal::BadTeams));
        let mut r = request(false);
        r.sides.white = Some(Side::members(Vec::new()));
        assert_eq!(team_game_level(&r, &settings), Err(Refusal::BadTeams));
        let mut r = request(true);
        r.sides.black = None;
        assert_eq!(team_game_level(&r, &settings), Err(Refusal::BadTeams));
        // A side left to no one without the computer.
        let mut r = request(true);
        r.computer = None;
        assert_eq!(team_game_level(&r, &settings), Err(Refusal::BadTeams));
        let disabled = Settings {
            enabled: false,
            ..Settings::default()
        };
        assert_eq!(
            team_game_level(&request(false), &disabled),
            Err(Refusal::ServerDisabled)
        );
    }

    #[test]
    fn a_team_against_the_computer_seats_it_on_the_side_left_open() {
        let settings = Settings::default();
        let req = request(true);
        let level = team_game_level(&req, &settings).unwrap();
        assert!(level.is_some());
        let config = team_game_config(&req, &settings).unwrap();
        assert_eq!(config.turn_timeout, req.window);
        assert!(!config.ranked && !config.takebacks);
        let id = MatchId(7);
        let m = team_game_match(
            &req,
            id,
            config,
            level,
            &settings,
            Timestamp::from_millis(0),
        );
        assert_eq!(m.players.black, team_seat(id, Color::Black));
        assert_eq!(m.players.white, UserId(99));
        let computer = m.computer.unwrap();
        assert_eq!((computer.user, computer.color), (UserId(99), Color::White));
        let teams = m.teams.unwrap();
        assert_eq!(teams.form, TeamForm::Consultation);
        assert_eq!(teams.sides.white, Side::members(vec![UserId(99)]));
    }
}
