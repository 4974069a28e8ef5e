//! Reads and settings: a server's settings, profiles and the leaderboard, a game's record as
//! SGF, the lists a player or a moderator asks for.

use crate::go::{ByColor, Color, Level, Owner, sgf};
use crate::store::{ProfileRow, RatingRow, RowError, StoreError};

use super::Failure;
use super::LoadProblem;
use super::{Service, lock};
use crate::game::Refusal;
use crate::game::matches::Ending;
use crate::game::may_moderate;
use crate::game::rating::{KyuDan, PROVISIONAL_ABOVE, Rank, Rating, STRONGEST_STATED};
use crate::game::read_models::{GameSummary, RulingRecord};
use crate::game::rewards::TITLE;
use crate::game::settings::Settings;
use crate::game::teams::SeatHolder;
use crate::game::{ChannelId, Event, GuildId, MatchId, Outcome, SettingChange, Subject, UserId};
use crate::game::{Standing, Timestamp};

/// A player's record on one server, for `/weiqi profile` and the leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub guild: GuildId,
    pub user: UserId,
    pub merit: i64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Merit awards taken part in (at most `merit-lifetime-cap`).
    pub awards: u32,
    /// [`TITLE`] once earned.
    pub title: Option<&'static str>,
    /// Wins, losses and draws against each level of the computer (games that count nowhere
    /// else).
    pub against_computer: Vec<(Level, u32, u32, u32)>,
    /// The player's standing in ranked play, once they played a ranked game.
    pub standing: Option<Standing>,
}

/// What a leaderboard ranks by: rating (ranked play) or merit (the seed's reward).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Ranking {
    #[default]
    Rating,
    Merit,
}

/// The rank a stored rating holds; one outside 30 kyu–9 dan is an error for the row.
pub(super) fn held_rank(r: &RatingRow) -> Result<Rank, StoreError> {
    Rank::from_stored(r.held_rank).ok_or_else(|| {
        StoreError::Row(RowError {
            table: "ratings",
            id: crate::store::to_sql_id(r.user),
            cause: format!("a held rank of {} is no rank", r.held_rank),
        })
    })
}

impl TryFrom<RatingRow> for Standing {
    type Error = StoreError;

    /// A stored rating as a standing; a held rank outside 30 kyu–9 dan is an error for the row.
    fn try_from(r: RatingRow) -> Result<Standing, StoreError> {
        Ok(Standing {
            rank: held_rank(&r)?,
            rating: r.rating,
            deviation: r.deviation,
            provisional: r.deviation > PROVISIONAL_ABOVE,
            games: r.games,
            wins: r.wins,
            losses: r.losses,
            draws: r.draws,
            streak: r.streak,
        })
    }
}

impl From<ProfileRow> for Profile {
    fn from(p: ProfileRow) -> Profile {
        Profile {
            guild: GuildId(p.guild),
            user: UserId(p.user),
            merit: p.merit,
            wins: p.wins,
            losses: p.losses,
            draws: p.draws,
            awards: p.awards,
            title: p.titled_at.map(|_| TITLE),
            against_computer: Vec::new(),
            standing: None,
        }
    }
}

/// A running game in a moderator's list: one being played, or one that could not be loaded
/// (kept out of play until a moderator annuls it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunningGame {
    Playing {
        id: MatchId,
        channel: ChannelId,
        /// Who plays Black and White (a team by its members or role, the computer by level).
        sides: ByColor<SeatHolder>,
        size: crate::go::BoardSize,
        rules: crate::go::RuleSet,
        move_count: u32,
        started_at: Timestamp,
    },
    Unloadable {
        id: MatchId,
        problem: LoadProblem,
    },
}

impl RunningGame {
    /// The game's id.
    pub fn id(&self) -> MatchId {
        match self {
            RunningGame::Playing { id, .. } | RunningGame::Unloadable { id, .. } => *id,
        }
    }
}

/// One page of a leaderboard, best first.
#[derive(Debug, Clone, PartialEq)]
pub enum Leaderboard {
    /// By rating: each player with their standing in ranked play.
    Rating(Vec<(UserId, Standing)>),
    /// By merit: each player's profile.
    Merit(Vec<Profile>),
}

impl Leaderboard {
    /// How many players the page holds.
    pub fn len(&self) -> usize {
        match self {
            Leaderboard::Rating(v) => v.len(),
            Leaderboard::Merit(v) => v.len(),
        }
    }

    /// Whether the page is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keeps the first `n` players.
    pub fn truncate(&mut self, n: usize) {
        match self {
            Leaderboard::Rating(v) => v.truncate(n),
            Leaderboard::Merit(v) => v.truncate(n),
        }
    }
}

impl Service {
    /// A server's settings.
    ///
    /// # Errors
    /// The database failed.
    pub fn settings(&self, guild: GuildId) -> Result<Settings, Failure> {
        if let Some(s) = self
            .settings
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&guild)
        {
            return Ok(s.clone());
        }
        let pairs = self.store.read(|tx| tx.settings(guild.get()))?;
        let (s, skipped) = Settings::from_pairs(&pairs);
        for (key, value) in skipped {
            tracing::warn!(
                guild = guild.get(),
                key,
                value,
                "a stored setting no longer applies"
            );
        }
        // A change committed meanwhile is already in the cache: keep it, not this older read.
        Ok(self
            .settings
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .entry(guild)
            .or_insert(s)
            .clone())
    }

    /// A moderator's change of a server's settings (`config set`, `config reset`): the
    /// settings after it, as an outcome. Running games keep their snapshot.
    ///
    /// # Errors
    /// Not a moderator, a bad key or value ([`Refusal::Setting`]), or the database failed.
    pub(super) fn configure(
        &self,
        guild: GuildId,
        moderator: bool,
        change: &SettingChange,
    ) -> Result<Outcome, Failure> {
        may_moderate(moderator)?;
        let _editing = lock(&self.settings_edit);
        let mut current = self.settings(guild)?;
        match change {
            SettingChange::Set { key, value } => current.set(key, value).map(|_| ()),
            SettingChange::Reset { key } => current.reset(key).map(|_| ()),
        }
        .map_err(Refusal::Setting)?;
        let pairs = current.to_pairs();
        self.store
            .write(|tx| tx.replace_settings(guild.get(), &pairs))?;
        self.settings
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(guild, current.clone());
        // The daily problem's channel, hour or zone changed: its next post is looked at
        // again at once (the deadline decides whether one is due).
        let daily_key = |k: &str| ["daily-channel", "daily-hour", "timezone"].contains(&k.trim());
        if let SettingChange::Set { key, .. } | SettingChange::Reset { key } = change
            && daily_key(key)
        {
            self.arm(Subject::Daily(guild), Some(Timestamp::from_millis(0)));
        }
        Ok(Outcome {
            subject: Subject::Server(guild),
            guild,
            channel: None,
            events: vec![Event::SettingsChanged(Box::new(current))],
            to_move: None,
            deadline: None,
        })
    }

    /// A player's profile on a server.
    ///
    /// # Errors
    /// The database failed.
    pub fn profile(&self, guild: GuildId, user: UserId) -> Result<Profile, Failure> {
        let (row, computer, rating) = self.store.read(|tx| {
            Ok::<_, crate::store::StoreError>((
                tx.profile(guild.get(), user.get())?,
                tx.computer_records(guild.get(), user.get())?,
                tx.rating(guild.get(), user.get())?,
            ))
        })?;
        let mut p = Profile::from(row);
        p.standing = rating.map(Standing::try_from).transpose()?;
        p.against_computer = computer
            .into_iter()
            .map(|r| (r.level, r.wins, r.losses, r.draws))
            .collect();
        p.against_computer.sort_by_key(|r| r.0);
        Ok(p)
    }

    /// States the rank a player starts ranked play from, once, before their first ranked game
    /// on the server (at most [`STRONGEST_STATED`], as Fox allows): the middle of that rank,
    /// with a wide deviation so the first games correct it.
    ///
    /// # Errors
    /// Already rated, a rank that is not one or too strong, or the database failed.
    pub(super) fn state_rank(
        &self,
        guild: GuildId,
        user: UserId,
        rank: &str,
    ) -> Result<Outcome, Failure> {
        let rank = rank
            .parse::<Rank>()
            .ok()
            .filter(|r| *r <= STRONGEST_STATED)
            .ok_or(Refusal::RankNotAllowed)?;
        let (g, u) = (guild.get(), user.get());
        let rating = Rating::stated(rank);
        let row = RatingRow {
            guild: g,
            user: u,
            rating: rating.rating,
            deviation: rating.deviation,
            volatility: rating.volatility,
            held_rank: i64::from(rank.0),
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            streak: 0,
        };
        self.store.write(|tx| {
            if tx.rating(g, u)?.is_some() {
                return Ok(Err(Refusal::AlreadyRated));
            }
            tx.save_rating(&row)?;
            Ok::<_, StoreError>(Ok(()))
        })??;
        Ok(Outcome {
            subject: Subject::Player(guild, user),
            guild,
            channel: None,
            events: vec![Event::RankStated(Standing::try_from(row)?)],
            to_move: None,
            deadline: None,
        })
    }

    /// A player's ratings after each of their ranked games on a server, oldest first: when,
    /// the rating, its deviation.
    ///
    /// # Errors
    /// The database failed.
    pub fn rating_history(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<(Timestamp, f64, f64)>, Failure> {
        Ok(self
            .store
            .read(|tx| tx.rating_history(guild.get(), user.get()))?
            .into_iter()
            .map(|(at, r, d)| (Timestamp::from_millis(at), r, d))
            .collect())
    }

    /// One page of the server's leaderboard, best first: `limit` players from `offset`.
    ///
    /// # Errors
    /// The database failed, or a stored rating does not decode.
    pub fn leaderboard(
        &self,
        guild: GuildId,
        by: Ranking,
        limit: u32,
        offset: u32,
    ) -> Result<Leaderboard, Failure> {
        let g = guild.get();
        Ok(match by {
            Ranking::Rating => Leaderboard::Rating(
                self.store
                    .read(|tx| tx.rating_leaderboard(g, limit, offset))?
                    .into_iter()
                    .map(|r| Ok((UserId(r.user), Standing::try_from(r)?)))
                    .collect::<Result<_, StoreError>>()?,
            ),
            Ranking::Merit => Leaderboard::Merit(
                self.store
                    .read(|tx| tx.leaderboard(g, limit, offset))?
                    .into_iter()
                    .map(Profile::from)
                    .collect(),
            ),
        })
    }

    /// The players of a server who hold the title (to grant a role set after they earned it).
    ///
    /// # Errors
    /// The database failed.
    pub fn titled_players(&self, guild: GuildId) -> Result<Vec<UserId>, Failure> {
        Ok(self
            .store
            .read(|tx| tx.titled_players(guild.get()))?
            .into_iter()
            .map(UserId)
            .collect())
    }

    /// The latest games of `user` on `guild`, newest first, for `/weiqi sgf`'s choices.
    ///
    /// # Errors
    /// The database failed.
    pub fn recent_games(
        &self,
        guild: GuildId,
        user: UserId,
        limit: u32,
    ) -> Result<Vec<GameSummary>, Failure> {
        let rows = self
            .store
            .read(|tx| tx.matches_of(guild.get(), user.get(), limit))?;
        Ok(rows.into_iter().map(summary).collect())
    }

    /// A server's games, newest first: those in play (from the database, whichever process
    /// holds them), or those over.
    ///
    /// # Errors
    /// The database failed.
    pub fn server_games(
        &self,
        guild: GuildId,
        running: bool,
        limit: u32,
    ) -> Result<Vec<GameSummary>, Failure> {
        let rows = self
            .store
            .read(|tx| tx.server_games(guild.get(), running, limit))?;
        Ok(rows.into_iter().map(summary).collect())
    }

    /// An event's rulings, oldest first: its referees' history.
    ///
    /// # Errors
    /// No such event on this server, or the database failed.
    pub fn event_rulings(
        &self,
        guild: GuildId,
        id: crate::game::EventId,
    ) -> Result<Vec<RulingRecord>, Failure> {
        self.event(guild, id)?;
        let rows = self.store.read(|tx| tx.event_rulings(id.get()))?;
        Ok(rows
            .into_iter()
            .map(|r| RulingRecord {
                round: r.round,
                board: r.board,
                game: MatchId(r.match_id),
                referee: UserId(r.referee),
                ruling: r.ruling,
                replay: r.replay_id.map(MatchId),
                at: Timestamp::from_millis(r.at),
            })
            .collect())
    }

    /// The running games of a server, for its moderators, with those that could not be
    /// loaded and why.
    pub fn running_in(&self, guild: GuildId) -> Vec<RunningGame> {
        // The server's own games only, by the index, each read under its lock (never cloned).
        let ids = lock(&self.lobby).in_guild(guild);
        let mut games: Vec<RunningGame> = ids
            .into_iter()
            .filter_map(|id| self.cell(id))
            .map(|cell| {
                let m = lock(&cell);
                RunningGame::Playing {
                    id: m.id,
                    channel: m.channel,
                    sides: ByColor {
                        black: m.holder(Color::Black),
                        white: m.holder(Color::White),
                    },
                    size: m.config.size,
                    rules: m.config.rules,
                    move_count: m.move_count(),
                    started_at: m.started_at,
                }
            })
            .collect();
        for p in lock(&self.problems).iter() {
            if let (Subject::Match(id), Some(g)) = (p.subject, p.guild)
                && g == guild
            {
                games.push(RunningGame::Unloadable {
                    id,
                    problem: p.clone(),
                });
            }
        }
        games.sort_by_key(RunningGame::id);
        games
    }

    /// The record of a match of `guild` as SGF, with the players' display names and the comment
    /// an automatic pass carries (in the front end's language).
    ///
    /// # Errors
    /// No such game on this server, the database failed, or the record cannot be replayed.
    pub fn sgf(
        &self,
        guild: GuildId,
        id: MatchId,
        names: &[(UserId, String)],
        words: &RecordWords,
    ) -> Result<String, Failure> {
        let m = self
            .load_match(id)?
            .filter(|m| m.guild == guild)
            .ok_or(Refusal::NoSuchGame)?;
        self.record_of(&m, names, words, None)
    }

    /// The games of an event of `guild` as one SGF collection (one game tree after another,
    /// each with the event's name and its round, `EV` and `RO`), in round and board order;
    /// `names`: the players' display names. Empty when no game of it has been played.
    ///
    /// # Errors
    /// No such event on this server, the database failed, or a record cannot be replayed.
    pub fn event_sgf(
        &self,
        guild: GuildId,
        id: crate::game::EventId,
        names: &[(UserId, String)],
        words: &RecordWords,
    ) -> Result<String, Failure> {
        let t = self.event(guild, id)?;
        let mut out = String::new();
        for g in &t.games {
            let Some(m) = g
                .match_id
                .map(|m| self.load_match(m))
                .transpose()?
                .flatten()
            else {
                continue;
            };
            let round = Some((t.name.clone(), g.round));
            out.push_str(&self.record_of(&m, names, words, round)?);
        }
        Ok(out)
    }

    /// The SGF record of match `m` (see [`Service::sgf`]), with its event and round if any.
    fn record_of(
        &self,
        m: &crate::game::Match,
        names: &[(UserId, String)],
        words: &RecordWords,
        event: Option<(String, u32)>,
    ) -> Result<String, Failure> {
        let guild = m.guild;
        let name_of = |u: UserId| {
            names
                .iter()
                .find(|(n, _)| *n == u)
                .map_or_else(|| u.to_string(), |(_, s)| s.clone())
        };
        // A side of several people is named by all of them (`PB[a & b]`).
        let side_name = |c: Color| match m.teams.as_ref().map(|t| t.sides[c].listed()) {
            Some(list) if !list.is_empty() && !m.is_computer(m.players[c]) => list
                .iter()
                .map(|&u| name_of(u))
                .collect::<Vec<_>>()
                .join(" & "),
            _ => name_of(m.players[c]),
        };
        let (black_name, white_name) = (side_name(Color::Black), side_name(Color::White));
        // A ranked game's record carries the ranks its players hold now (`5k`, `1d`).
        let mut ranks: ByColor<Option<String>> = ByColor::default();
        if m.config.ranked {
            for c in Color::ALL {
                let user = m.players[c].get();
                if let Some(r) = self.store.read(|tx| tx.rating(guild.get(), user))? {
                    let rank = Standing::try_from(r)?.rank;
                    ranks[c] = Some(match rank.kyu_dan() {
                        KyuDan::Kyu(n) => format!("{n}k"),
                        KyuDan::Dan(n) => format!("{n}d"),
                    });
                }
            }
        }
        let result = m.ending().map(|e| match e {
            Ending::Finished { result, .. } => result.to_string(),
            Ending::Abandoned(_) | Ending::Annulled => "Void".to_owned(),
        });
        let move_comments = self.move_comments(m, &name_of, words)?;
        // A game scored after the agreement phase records its territory, dead stones included
        // (TB/TW), as counted with the agreed marking.
        let (mut territory_black, mut territory_white) = (Vec::new(), Vec::new());
        if m.was_counted() && m.has_agreement() {
            for (p, owner) in m.count().owners {
                match owner {
                    Owner::Territory(Color::Black) => territory_black.push(p),
                    Owner::Territory(Color::White) => territory_white.push(p),
                    _ => {}
                }
            }
        }
        let info = sgf::RecordInfo {
            black: Some(black_name),
            white: Some(white_name),
            date: m.started_at.utc_date(),
            handicap: (m.config.handicap > 0).then_some(m.config.handicap),
            black_rank: ranks.black,
            white_rank: ranks.white,
            result,
            rules: Some(m.config.rules.sgf_name().to_owned()),
            move_comments,
            territory_black,
            territory_white,
            event: event.as_ref().map(|(name, _)| name.clone()),
            round: event.map(|(_, round)| round.to_string()),
            ..sgf::RecordInfo::default()
        };
        Ok(sgf::write(&m.game, &info))
    }
}

/// The words a record's comments need, in the front end's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordWords {
    /// The comment on an automatic pass.
    pub automatic_pass: String,
    /// A team's votes for a pass and for resigning.
    pub pass: String,
    pub resign: String,
}

impl Service {
    /// The comments on a record's moves (by index): an automatic pass says so; in pair Go each
    /// move names who played it; in a consultation, how the team voted (`D4 3 · E5 1`).
    fn move_comments(
        &self,
        m: &crate::game::Match,
        name_of: &dyn Fn(UserId) -> String,
        words: &RecordWords,
    ) -> Result<Vec<(usize, String)>, Failure> {
        use crate::game::teams::votes::{Choice, tally};
        let placed = m.placed.len();
        let mut comments: Vec<(usize, Vec<String>)> = Vec::new();
        let mut add = |i: usize, text: String| match comments.iter_mut().find(|(j, _)| *j == i) {
            Some((_, list)) => list.push(text),
            None => comments.push((i, vec![text])),
        };
        for (i, _) in m.automatic.iter().enumerate().filter(|(_, a)| **a) {
            add(i, words.automatic_pass.clone());
        }
        if m.pair_teams().is_some() {
            for (k, by) in m.played_by.iter().enumerate() {
                if let Some(u) = by {
                    add(placed + k, name_of(*u));
                }
            }
        }
        if m.is_consultation() {
            let rows = self.store.read(|tx| tx.votes(m.id.get()))?;
            let mut numbers: Vec<u32> = rows.iter().map(|r| r.number).collect();
            numbers.dedup();
            for n in numbers {
                let votes: Vec<_> = rows
                    .iter()
                    .filter(|r| r.number == n)
                    .filter_map(super::match_rows::vote_of)
                    .collect();
                let Some(i) = (n as usize)
                    .checked_sub(1)
                    .filter(|&i| i < m.automatic.len())
                else {
                    continue;
                };
                let line: Vec<String> = tally(&votes)
                    .into_iter()
                    .map(|(c, count)| {
                        let what = match c {
                            Choice::Play(p) => p.to_string(),
                            Choice::Pass => words.pass.clone(),
                            Choice::Resign => words.resign.clone(),
                        };
                        format!("{what} {count}")
                    })
                    .collect();
                add(i, line.join(" · "));
            }
        }
        comments.sort_by_key(|(i, _)| *i);
        Ok(comments
            .into_iter()
            .map(|(i, list)| (i, list.join("\n")))
            .collect())
    }
}

/// A stored game in a list, as the game's read model has it.
fn summary(r: crate::store::MatchSummary) -> GameSummary {
    GameSummary {
        id: MatchId(r.id),
        channel: ChannelId(r.channel),
        players: ByColor {
            black: UserId(r.black),
            white: UserId(r.white),
        },
        size: r.size,
        rules: r.rules,
        phase: r.phase,
        result: r.result,
        move_count: r.move_count,
        started_at: Timestamp::from_millis(r.started_at),
    }
}
