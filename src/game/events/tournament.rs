//! An event as the service keeps it: its terms, its players (seats), every board of every round
//! so far, and the decisions that move it on — who may join, when it may start, what the next
//! round is (by its format), what a withdrawal or an absence does, the standings. Pure: the
//! service loads it from the store, decides here, and writes what changed in one transaction.

use super::arena::Arena;
use super::knockout::{DoubleElimination, SingleElimination};
use super::standings::{Standing, standings};
use super::swiss::{SwissPlayer, mcmahon_start_half};
use super::ten_game::TenGame;
use super::terms::{EventTerms, Format, Schedule};
use super::{Board, Outcome, Pairing, Played, Seat, round_robin, swiss};
use crate::game::ids::{ChannelId, EventId, GuildId, MatchId, UserId};
use crate::game::rating::Rank;
use crate::game::refusal::Refusal;
use crate::game::time::Timestamp;

/// Where an event is in its life (stored by the names strum derives: `registration`, …).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Stage {
    /// Players join and leave; the terms may still be read, not changed.
    Registration,
    /// Rounds are being played.
    Running,
    /// Over: the standings are final.
    Finished,
    /// Called off by a moderator before its end.
    Cancelled,
}

/// Whether a player is still in an event (stored by its name: `active`, `withdrawn`,
/// `removed`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[strum(serialize_all = "kebab-case")]
pub enum EntryStatus {
    Active,
    /// Withdrew (弃权): their remaining games are lost.
    Withdrawn,
    /// Absent more often than the terms allow (罚停): their remaining games are lost.
    Removed,
}

/// Who won an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    Player(Seat),
    /// An arena's team (0 or 1).
    Team(u8),
    /// A ten-game match that ended level.
    Level,
}

/// One player of an event. Their seat is their place in the event's list.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub user: UserId,
    pub status: EntryStatus,
    /// Rounds they did not turn up for (缺席).
    pub absences: u32,
    /// Their team in an arena (0 or 1), in their captain's order by seat.
    pub team: Option<u8>,
    /// The rank they held when they joined (for seeding, a McMahon start, a handicap).
    pub rank: Rank,
    /// Their rating when they joined (seeding by rating).
    pub rating: f64,
}

/// One board of one round: a game (with the match that plays it, once started), or a bye;
/// its result once known.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EventGame {
    pub round: u32,
    pub board: u32,
    pub place: Board,
    pub match_id: Option<MatchId>,
    /// How it ended (`forfeit` when by absence, withdrawal or removal); `None` while played.
    pub result: Option<(Outcome, bool)>,
}

/// What a round is, board by board, before it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Planned {
    /// A game to play.
    Play(Pairing),
    /// A bye (a win for its player).
    Bye(Seat),
    /// A game one of whose players is out (withdrawn, removed): lost by them without play.
    Forfeit(Pairing, Outcome),
}

/// What a player or the service knows of someone who asks to join.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    pub user: UserId,
    /// Whether they hold the terms' role (when it sets one).
    pub has_role: bool,
    /// Their finished ranked games on the server.
    pub ranked_games: u32,
    /// Until when a moderator barred them from the server's events (失格), if they did.
    pub barred_until: Option<Timestamp>,
    pub rank: Rank,
    pub rating: f64,
}

/// An event.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    pub id: EventId,
    pub guild: GuildId,
    /// Where it is announced and its games are played.
    pub channel: ChannelId,
    pub name: String,
    pub created_by: UserId,
    pub created_at: Timestamp,
    pub terms: EventTerms,
    pub stage: Stage,
    /// The round being played; 0 before the first.
    pub round: u32,
    /// When that round started; `None` before the first.
    pub round_started_at: Option<Timestamp>,
    pub entries: Vec<Entry>,
    pub games: Vec<EventGame>,
}

impl Tournament {
    /// The seat of `user`, if they entered.
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.entries.iter().position(|e| e.user == user)
    }

    /// Whether `seat` still plays.
    pub fn is_active(&self, seat: Seat) -> bool {
        self.entries
            .get(seat)
            .is_some_and(|e| e.status == EntryStatus::Active)
    }

    /// Whether `who` may join now.
    ///
    /// # Errors
    /// Registration is closed, the event is full, they already joined, lack the role or the
    /// ranked games, or are barred.
    pub fn may_join(&self, who: &Candidate, now: Timestamp) -> Result<(), Refusal> {
        if self.stage != Stage::Registration {
            return Err(Refusal::EventClosed);
        }
        if let Some(closed_at) = self.registration_closes_at().filter(|&c| now >= c) {
            return Err(Refusal::RegistrationOver { closed_at });
        }
        if self.seat_of(who.user).is_some() {
            return Err(Refusal::AlreadyEntered);
        }
        if self.entries.len() >= self.terms.capacity() {
            return Err(Refusal::EventFull {
                max: u32::try_from(self.terms.capacity()).unwrap_or(u32::MAX),
            });
        }
        if self.terms.role.is_some() && !who.has_role {
            return Err(Refusal::EventRoleNeeded);
        }
        if who.ranked_games < self.terms.min_ranked_games {
            return Err(Refusal::EventGamesNeeded {
                needed: self.terms.min_ranked_games,
            });
        }
        if let Some(until) = who.barred_until.filter(|&u| u > now) {
            return Err(Refusal::BarredFromEvents { until });
        }
        Ok(())
    }

    /// When registration closes by the terms' deadline (an organiser may start the event before
    /// it, or after); `None` when the terms set none.
    pub fn registration_closes_at(&self) -> Option<Timestamp> {
        self.terms.registration.map(|r| self.created_at + r)
    }

    /// Whether players may still join at `now`: in registration, before any deadline.
    pub fn registration_open(&self, now: Timestamp) -> bool {
        self.stage == Stage::Registration && self.registration_closes_at().is_none_or(|c| now < c)
    }

    /// Adds a player who may join (see [`Tournament::may_join`]) at the next seat.
    pub fn join(&mut self, who: &Candidate) {
        self.entries.push(Entry {
            user: who.user,
            status: EntryStatus::Active,
            absences: 0,
            team: None,
            rank: who.rank,
            rating: who.rating,
        });
    }

    /// Takes a player off the list before the event starts.
    ///
    /// # Errors
    /// The event started, or they are not on it.
    pub fn leave(&mut self, user: UserId) -> Result<(), Refusal> {
        if self.stage != Stage::Registration {
            return Err(Refusal::EventStarted);
        }
        let seat = self.seat_of(user).ok_or(Refusal::NotEntered)?;
        self.entries.remove(seat);
        Ok(())
    }

    /// Closes registration and seats the players for their format: by rating, strongest first,
    /// where the format seeds (an arena keeps its captains' orders, a ten-game match its two
    /// players as they came).
    ///
    /// # Errors
    /// Not in registration, too few players, or an arena whose teams are not both set.
    pub fn start(&mut self) -> Result<(), Refusal> {
        if self.stage != Stage::Registration {
            return Err(Refusal::EventStarted);
        }
        let (fewest, _) = self.terms.format.players();
        if self.entries.len() < fewest {
            return Err(Refusal::EventTooFewPlayers {
                needed: u32::try_from(fewest).unwrap_or(u32::MAX),
            });
        }
        match self.terms.format {
            Format::Arena => {
                let team = |t| self.entries.iter().filter(|e| e.team == Some(t)).count();
                if team(0) == 0 || team(1) == 0 || team(0) + team(1) != self.entries.len() {
                    return Err(Refusal::EventTeamsNotSet);
                }
            }
            Format::TenGame => {}
            _ => self.entries.sort_by(|a, b| b.rating.total_cmp(&a.rating)),
        }
        self.stage = Stage::Running;
        Ok(())
    }

    /// The games played so far, as the formats read them.
    pub fn played(&self) -> Vec<Played> {
        self.games
            .iter()
            .filter_map(|g| match (g.place, g.result) {
                (Board::Game(pairing), Some((outcome, forfeit))) => Some(Played {
                    round: g.round,
                    pairing,
                    outcome,
                    forfeit,
                }),
                _ => None,
            })
            .collect()
    }

    /// The byes given so far: (round, seat).
    pub fn byes(&self) -> Vec<(u32, Seat)> {
        self.games
            .iter()
            .filter_map(|g| match g.place {
                Board::Bye(seat) => Some((g.round, seat)),
                Board::Game(_) => None,
            })
            .collect()
    }

    /// The number players read for the board `g`: its place, from 1, among the games of its
    /// round in the order of their boards (a knockout's replayed game after the round's
    /// others). A bye is no board: `None`, as for a game not of this event.
    pub fn board_number(&self, g: &EventGame) -> Option<u32> {
        if matches!(g.place, Board::Bye(_)) {
            return None;
        }
        let mut games = self
            .games
            .iter()
            .filter(|o| o.round == g.round && matches!(o.place, Board::Game(_)));
        let before = games.clone().filter(|o| o.board < g.board).count();
        games
            .any(|o| o.board == g.board)
            .then(|| u32::try_from(before + 1).unwrap_or(u32::MAX))
    }

    /// Whether every board of the current round has a result.
    pub fn round_complete(&self) -> bool {
        self.games
            .iter()
            .filter(|g| g.round == self.round)
            .all(|g| g.result.is_some() || matches!(g.place, Board::Bye(_)))
    }

    /// The next round's number and boards, if one is due: the event runs, the current round
    /// is over, and the format has another. A knockout's game that decided nothing (a draw,
    /// both lost) is played again in the same round: its number is then the current one.
    /// `None` also once the event is decided.
    pub fn next_boards(&self) -> Option<(u32, Vec<Board>)> {
        if self.stage != Stage::Running || !self.round_complete() {
            return None;
        }
        let (n, played, byes) = (self.entries.len(), self.played(), self.byes());
        let next = self.round + 1;
        let knockout = |(round, boards): (u32, Vec<Board>)| {
            (round == next || (round == self.round && round > 0)).then_some((round, boards))
        };
        let (round, boards) = match self.terms.format {
            Format::RoundRobin => (
                next,
                round_robin::rounds(n).get(next as usize - 1).cloned()?,
            ),
            Format::Knockout => knockout(SingleElimination::replay(n, &played).next_round()?)?,
            Format::DoubleKnockout => {
                knockout(DoubleElimination::replay(n, &played).next_round()?)?
            }
            Format::Swiss { rounds } | Format::McMahon { rounds, .. } => {
                if next > rounds {
                    return None;
                }
                (
                    next,
                    swiss::pair(&self.swiss_players(), &played, &byes, next),
                )
            }
            Format::Arena => (next, vec![Board::Game(self.arena().next_game()?)]),
            Format::TenGame => (
                next,
                vec![Board::Game(TenGame::replay(&played).next_game()?.0)],
            ),
        };
        (!boards.is_empty()).then_some((round, boards))
    }

    /// The matches of the current round's games still being played.
    pub fn running_games(&self) -> Vec<MatchId> {
        self.games
            .iter()
            .filter(|g| g.round == self.round && g.result.is_none())
            .filter_map(|g| g.match_id)
            .collect()
    }

    /// When the next round is due under a timed schedule: the set time after the current
    /// round's start. `None` under another schedule, or before round 1.
    pub fn next_round_at(&self) -> Option<Timestamp> {
        match self.terms.schedule {
            Schedule::Timed => Some(self.round_started_at? + self.terms.round_interval?),
            Schedule::Continuous | Schedule::Manual => None,
        }
    }

    /// A player's start score in half points: McMahon's from their rank, else none.
    fn start_half(&self, e: &Entry) -> u32 {
        match self.terms.format {
            Format::McMahon { bar, floor, .. } => {
                mcmahon_start_half(i32::from(e.rank.0), i32::from(bar.0), i32::from(floor.0))
            }
            _ => 0,
        }
    }

    /// The players of a Swiss or McMahon event still in it, with their start scores.
    fn swiss_players(&self) -> Vec<SwissPlayer> {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.status == EntryStatus::Active)
            .map(|(seat, e)| SwissPlayer {
                seat,
                start_half: self.start_half(e),
            })
            .collect()
    }

    /// The arena as its games so far leave it.
    fn arena(&self) -> Arena {
        let team = |t: u8| {
            (0..self.entries.len())
                .filter(|&s| self.entries[s].team == Some(t))
                .collect()
        };
        Arena::replay([team(0), team(1)], &self.played())
    }

    /// What each board of `boards` is: a game, a bye, or a game lost without play by a
    /// player who is out. A player who is out has no bye: it is left out of the round (no
    /// point, no mention).
    pub fn plan(&self, boards: &[Board]) -> Vec<Planned> {
        boards
            .iter()
            .filter_map(|&b| match b {
                Board::Bye(seat) => self.is_active(seat).then_some(Planned::Bye(seat)),
                Board::Game(p) => Some(match (self.is_active(p.black), self.is_active(p.white)) {
                    (true, true) => Planned::Play(p),
                    (true, false) => Planned::Forfeit(p, Outcome::BlackWon),
                    (false, true) => Planned::Forfeit(p, Outcome::WhiteWon),
                    (false, false) => Planned::Forfeit(p, Outcome::BothLost),
                }),
            })
            .collect()
    }

    /// Starts round `round` (the next, or the current one again for a knockout's replayed
    /// games) with `planned`, its games' matches given as they were made; a round's boards are
    /// numbered on from those it already has.
    pub fn begin_round(
        &mut self,
        round: u32,
        planned: &[(Planned, Option<MatchId>)],
        now: Timestamp,
    ) {
        if round != self.round {
            self.round_started_at = Some(now);
        }
        self.round = round;
        let first = self.games.iter().filter(|g| g.round == round).count();
        for (i, (p, match_id)) in planned.iter().enumerate() {
            let (place, result) = match *p {
                Planned::Play(pairing) => (Board::Game(pairing), None),
                Planned::Bye(seat) => (Board::Bye(seat), None),
                Planned::Forfeit(pairing, outcome) => (Board::Game(pairing), Some((outcome, true))),
            };
            self.games.push(EventGame {
                round,
                board: u32::try_from(first + i).unwrap_or(u32::MAX),
                place,
                match_id: *match_id,
                result,
            });
        }
    }

    /// Records how the game played by `match_id` ended; `false` if it is none of this event's
    /// games still being played.
    pub fn record(&mut self, match_id: MatchId, outcome: Outcome, forfeit: bool) -> bool {
        match self
            .games
            .iter_mut()
            .find(|g| g.match_id == Some(match_id) && g.result.is_none())
        {
            Some(g) => {
                g.result = Some((outcome, forfeit));
                true
            }
            None => false,
        }
    }

    /// Takes off the event every player absent more often than the terms allow (罚停); whether
    /// anyone was. Their remaining games are lost (see [`Tournament::plan`]).
    pub fn apply_removals(&mut self) -> bool {
        let allowed = self.terms.absences_allowed;
        let mut any = false;
        for e in &mut self.entries {
            if e.status == EntryStatus::Active && e.absences > allowed {
                e.status = EntryStatus::Removed;
                any = true;
            }
        }
        any
    }

    /// A player withdraws (弃权): their remaining games are lost; the game they are playing
    /// is theirs to resign (the caller ends it as a forfeit).
    ///
    /// # Errors
    /// They are not in it, or no longer in it, or the event is over.
    pub fn withdraw(&mut self, user: UserId) -> Result<(), Refusal> {
        if matches!(self.stage, Stage::Finished | Stage::Cancelled) {
            return Err(Refusal::EventOver);
        }
        let seat = self.seat_of(user).ok_or(Refusal::NotEntered)?;
        if self.stage == Stage::Registration {
            self.entries.remove(seat);
            return Ok(());
        }
        let e = &mut self.entries[seat];
        if e.status != EntryStatus::Active {
            return Err(Refusal::NotEntered);
        }
        e.status = EntryStatus::Withdrawn;
        Ok(())
    }

    /// The games of the current round still being played by `seat`.
    pub fn running_games_of(&self, seat: Seat) -> Vec<MatchId> {
        self.games
            .iter()
            .filter(|g| g.result.is_none())
            .filter(|g| matches!(g.place, Board::Game(p) if p.involves(seat)))
            .filter_map(|g| g.match_id)
            .collect()
    }

    /// Who won, once the format decides it: a knockout's champion, a ten-game match's winner
    /// (`Winner::Level` when it ended level), an arena's team, else the first of the standings
    /// (`None` while the first place is shared).
    pub fn winner(&self) -> Option<Winner> {
        let n = self.entries.len();
        let played = self.played();
        match self.terms.format {
            Format::Knockout => SingleElimination::replay(n, &played)
                .champion()
                .map(Winner::Player),
            Format::DoubleKnockout => DoubleElimination::replay(n, &played)
                .champion()
                .map(Winner::Player),
            Format::TenGame => TenGame::replay(&played)
                .finished()
                .map(|r| r.winner.map_or(Winner::Level, Winner::Player)),
            Format::Arena => self
                .arena()
                .winner()
                .and_then(|t| u8::try_from(t).ok())
                .map(Winner::Team),
            _ => {
                let table = self.standings();
                let first = table.first()?;
                let shared = table.get(1).is_some_and(|s| s.place == first.place);
                (!shared).then_some(Winner::Player(first.seat))
            }
        }
    }

    /// The standings as the games played so far give them (ties by the format's rule).
    pub fn standings(&self) -> Vec<Standing> {
        let tiebreak = self.terms.format.tiebreak();
        let start: Vec<u32> = self.entries.iter().map(|e| self.start_half(e)).collect();
        standings(
            self.entries.len(),
            &start,
            &self.played(),
            &self.byes(),
            tiebreak,
        )
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::game::events::terms::{ColourRule, HandicapPolicy};
    use crate::game::time_control::TimeControl;
    use crate::go::{BoardSize, RuleSet};

    pub(in crate::game::events) fn event(format: Format) -> Tournament {
        Tournament {
            id: EventId(1),
            guild: GuildId(1),
            channel: ChannelId(2),
            name: "cup".into(),
            created_by: UserId(9),
            created_at: Timestamp::from_millis(0),
            terms: EventTerms {
                purpose: None,
                registration: None,
                format,
                size: BoardSize::new(9).unwrap(),
                rules: RuleSet::Chinese,
                komi: None,
                handicap: HandicapPolicy::Even,
                time: TimeControl::Turn,
                ranked: false,
                role: None,
                relay: None,
                min_ranked_games: 0,
                max_players: 4,
                schedule: Schedule::Continuous,
                round_interval: None,
                start_window: crate::game::Duration::from_secs(60),
                absences_allowed: 1,
                colours: ColourRule::ByPairing,
            },
            stage: Stage::Registration,
            round: 0,
            round_started_at: None,
            entries: Vec::new(),
            games: Vec::new(),
        }
    }

    pub(in crate::game::events) fn candidate(user: u64, rating: f64) -> Candidate {
        Candidate {
            user: UserId(user),
            has_role: false,
            ranked_games: 0,
            barred_until: None,
            rank: Rank(20),
            rating,
        }
    }

    #[test]
    fn start_seats_the_players_strongest_first() {
        let mut t = event(Format::RoundRobin);
        for (u, r) in [(1, 1400.0), (2, 1900.0), (3, 1500.0)] {
            t.join(&candidate(u, r));
        }
        t.start().unwrap();
        let order: Vec<u64> = t.entries.iter().map(|e| e.user.get()).collect();
        assert_eq!(order, vec![2, 3, 1]);
        assert_eq!(t.start(), Err(Refusal::EventStarted));
    }

    #[test]
    fn registration_closes_at_the_terms_deadline_and_not_before() {
        let mut t = event(Format::RoundRobin);
        let open =
            |t: &Tournament, at: i64| t.may_join(&candidate(5, 1500.0), Timestamp::from_millis(at));
        // No deadline: open until an organiser starts it.
        assert!(open(&t, i64::MAX / 2).is_ok());
        assert_eq!(t.registration_closes_at(), None);
        // Two hours from its creation (at 0).
        t.terms.registration = Some(crate::game::Duration::from_secs(2 * 3600));
        let closes = Timestamp::from_millis(2 * 3600 * 1000);
        assert_eq!(t.registration_closes_at(), Some(closes));
        assert!(open(&t, 2 * 3600 * 1000 - 1).is_ok());
        assert!(t.registration_open(Timestamp::from_millis(2 * 3600 * 1000 - 1)));
        assert_eq!(
            open(&t, 2 * 3600 * 1000),
            Err(Refusal::RegistrationOver { closed_at: closes })
        );
        assert!(!t.registration_open(closes));
        // Started: closed whatever the deadline.
        t.stage = Stage::Running;
        assert!(!t.registration_open(Timestamp::from_millis(0)));
        assert_eq!(open(&t, 0), Err(Refusal::EventClosed));
    }

    #[test]
    fn the_list_is_full_at_the_event_s_own_limit() {
        let mut t = event(Format::Swiss { rounds: 3 });
        let now = Timestamp::from_millis(0);
        for u in 1..=4 {
            t.may_join(&candidate(u, 1500.0), now).unwrap();
            t.join(&candidate(u, 1500.0));
        }
        assert_eq!(
            t.may_join(&candidate(5, 1500.0), now),
            Err(Refusal::EventFull { max: 4 })
        );
    }

    #[test]
    fn a_player_out_of_the_event_loses_their_games_without_play() {
        let mut t = event(Format::RoundRobin);
        for u in 1..=4 {
            t.join(&candidate(u, 1500.0));
        }
        t.start().unwrap();
        // One absence is allowed: the second removes.
        t.entries[3].absences = 1;
        assert!(!t.apply_removals());
        t.entries[3].absences = 2;
        assert!(t.apply_removals());
        assert_eq!(t.entries[3].status, EntryStatus::Removed);
        t.withdraw(UserId(t.entries[2].user.get())).unwrap();
        let boards = [
            Board::Game(Pairing { black: 0, white: 3 }),
            Board::Game(Pairing { black: 2, white: 1 }),
            Board::Game(Pairing { black: 2, white: 3 }),
            Board::Bye(1),
        ];
        assert_eq!(
            t.plan(&boards),
            vec![
                Planned::Forfeit(Pairing { black: 0, white: 3 }, Outcome::BlackWon),
                Planned::Forfeit(Pairing { black: 2, white: 1 }, Outcome::WhiteWon),
                Planned::Forfeit(Pairing { black: 2, white: 3 }, Outcome::BothLost),
                Planned::Bye(1),
            ]
        );
    }

    /// Plays the next round: every board as `plan` makes it, each game's match numbered from
    /// `first_id`, and every game played won by the player with the lower seat.
    pub(in crate::game::events) fn play_next_round(t: &mut Tournament, first_id: i64) -> u32 {
        let (round, boards) = t.next_boards().unwrap();
        let planned: Vec<_> = t
            .plan(&boards)
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                let id = matches!(p, Planned::Play(_)).then_some(MatchId(first_id + i as i64));
                (p, id)
            })
            .collect();
        t.begin_round(round, &planned, Timestamp::from_millis(0));
        for (p, id) in planned {
            if let (Planned::Play(pairing), Some(id)) = (p, id) {
                let outcome = if pairing.black < pairing.white {
                    Outcome::BlackWon
                } else {
                    Outcome::WhiteWon
                };
                t.record(id, outcome, false);
            }
        }
        round
    }

    /// A round as players read it: its boards by number, then its byes (seats 1-based).
    fn round_lines(t: &Tournament, round: u32) -> String {
        t.games
            .iter()
            .filter(|g| g.round == round)
            .map(|g| match (g.place, t.board_number(g)) {
                (Board::Game(p), Some(n)) => format!("Board {n}: {}–{}", p.black + 1, p.white + 1),
                (Board::Bye(s), None) => format!("bye {}", s + 1),
                (place, n) => format!("{place:?} numbered {n:?}"),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The standings as text: place, seat (1-based), points.
    fn table(t: &Tournament) -> String {
        t.standings()
            .iter()
            .map(|s| {
                format!(
                    "{}. {}: {}",
                    s.place,
                    s.seat + 1,
                    f64::from(s.main_half) / 2.0
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn three_players_running() -> Tournament {
        let mut t = event(Format::RoundRobin);
        for (u, r) in [(1, 1900.0), (2, 1800.0), (3, 1700.0)] {
            t.join(&candidate(u, r));
        }
        t.start().unwrap();
        t
    }

    #[test]
    fn a_player_out_of_the_event_is_given_no_bye() {
        // Three players: FIDE's table of four, the dummy's partner sitting out each round.
        let mut t = three_players_running();
        assert_eq!(play_next_round(&mut t, 10), 1);
        // Seat 3 withdraws before the round of their bye; seat 2 is removed before theirs.
        t.withdraw(UserId(3)).unwrap();
        assert_eq!(
            t.plan(&[Board::Bye(2), Board::Game(Pairing { black: 0, white: 1 })]),
            vec![Planned::Play(Pairing { black: 0, white: 1 })],
            "no bye for a player who withdrew"
        );
        assert_eq!(play_next_round(&mut t, 20), 2);
        assert_eq!(round_lines(&t, 2), "Board 1: 1–2");
        t.entries[1].absences = 2;
        assert!(t.apply_removals());
        assert_eq!(
            t.plan(&[Board::Bye(1), Board::Game(Pairing { black: 2, white: 0 })]),
            vec![Planned::Forfeit(
                Pairing { black: 2, white: 0 },
                Outcome::WhiteWon
            )],
            "no bye for a player who was removed"
        );
        assert_eq!(play_next_round(&mut t, 30), 3);
        assert_eq!(round_lines(&t, 3), "Board 1: 3–1");
        assert_eq!(t.byes(), vec![(1, 0)], "only the bye of round 1");
        assert_eq!(t.next_boards(), None);
        // Seat 1: a bye, a win and a game won without play; seat 2 beat seat 3 only.
        assert_eq!(table(&t), "1. 1: 3\n2. 2: 1\n3. 3: 0");
        assert_eq!(t.winner(), Some(Winner::Player(0)));
    }

    #[test]
    fn a_round_numbers_its_games_from_one_and_a_bye_takes_no_board() {
        let mut t = three_players_running();
        for (round, first_id) in [(1, 10), (2, 20), (3, 30)] {
            assert_eq!(play_next_round(&mut t, first_id), round);
        }
        assert_eq!(round_lines(&t, 1), "bye 1\nBoard 1: 2–3");
        assert_eq!(round_lines(&t, 2), "bye 3\nBoard 1: 1–2");
        assert_eq!(round_lines(&t, 3), "bye 2\nBoard 1: 3–1");
        // Five players: two boards a round, numbered 1 and 2 whichever the bye.
        let mut t = event(Format::RoundRobin);
        t.terms.max_players = 5;
        for u in 1..=5 {
            t.join(&candidate(u, 2000.0 - u as f64));
        }
        t.start().unwrap();
        for round in 1..=5 {
            assert_eq!(play_next_round(&mut t, i64::from(round) * 10), round);
            let numbers: Vec<Option<u32>> = t
                .games
                .iter()
                .filter(|g| g.round == round)
                .map(|g| t.board_number(g))
                .collect();
            let mut games: Vec<u32> = numbers.iter().flatten().copied().collect();
            games.sort_unstable();
            assert_eq!(games, [1, 2], "round {round}: {}", round_lines(&t, round));
            assert_eq!(numbers.iter().filter(|n| n.is_none()).count(), 1, "one bye");
        }
    }

    #[test]
    fn a_round_is_over_when_every_game_has_its_result() {
        let mut t = event(Format::RoundRobin);
        for u in 1..=4 {
            t.join(&candidate(u, 1500.0));
        }
        t.start().unwrap();
        let (round, boards) = t.next_boards().unwrap();
        assert_eq!((round, boards.len()), (1, 2));
        let planned: Vec<_> = t
            .plan(&boards)
            .into_iter()
            .enumerate()
            .map(|(i, p)| (p, Some(MatchId(10 + i as i64))))
            .collect();
        t.begin_round(round, &planned, Timestamp::from_millis(0));
        assert!(!t.round_complete());
        assert_eq!(t.next_boards(), None, "not while the round is played");
        assert!(t.record(MatchId(10), Outcome::BlackWon, false));
        assert!(
            !t.record(MatchId(10), Outcome::WhiteWon, false),
            "recorded once"
        );
        assert!(!t.round_complete());
        assert!(t.record(MatchId(11), Outcome::Draw, false));
        assert!(t.round_complete());
        assert_eq!(t.next_boards().map(|(r, b)| (r, b.len())), Some((2, 2)));
    }

    #[test]
    fn a_knockout_game_drawn_is_played_again_in_its_round_on_a_board_of_its_own() {
        let mut t = event(Format::Knockout);
        for u in 1..=4 {
            t.join(&candidate(u, 1500.0 + u as f64));
        }
        t.start().unwrap();
        let play = |t: &mut Tournament, first_id: i64| {
            let (round, boards) = t.next_boards().unwrap();
            let planned: Vec<_> = t
                .plan(&boards)
                .into_iter()
                .enumerate()
                .map(|(i, p)| (p, Some(MatchId(first_id + i as i64))))
                .collect();
            t.begin_round(round, &planned, Timestamp::from_millis(0));
            (round, boards)
        };
        let (round, boards) = play(&mut t, 10);
        assert_eq!((round, boards.len()), (1, 2));
        // Board 1 is won, board 2 drawn: only board 2's pair plays again, still round 1.
        t.record(MatchId(10), Outcome::BlackWon, false);
        t.record(MatchId(11), Outcome::Draw, false);
        let (round, again) = play(&mut t, 20);
        assert_eq!((round, again.as_slice()), (1, &boards[1..]));
        let replayed = t.games.last().unwrap();
        assert_eq!(
            (replayed.round, replayed.board),
            (1, 2),
            "a board of its own"
        );
        t.record(MatchId(20), Outcome::WhiteWon, false);
        // Then the final.
        let (round, last) = play(&mut t, 30);
        assert_eq!((round, last.len()), (2, 1));
        t.record(MatchId(30), Outcome::BlackWon, false);
        assert_eq!(t.next_boards(), None);
        assert!(matches!(t.winner(), Some(Winner::Player(_))));
    }
}
