//! The training ground's tables: players' and problems' training ratings, attempts, the
//! problems each player has seen, each server's daily problems and their solvers, streaks.

use std::collections::HashMap;

use rusqlite::params;

use crate::game::rating::Rating;
use crate::game::training::{Attempt, AttemptState, Day, MoveList, Streak};
use crate::game::{ChannelId, GuildId, Timestamp, UserId};

use super::{Row, StoreError, Tx, from_sql_id, to_sql_id};

/// A training rating (a player's or a problem's) and its counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrainingRatingRow {
    pub rating: Rating,
    pub attempts: u32,
    pub solved: u32,
}

/// A server's daily problem of one day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailyRow {
    pub guild: GuildId,
    pub day: Day,
    pub problem: u64,
    pub channel: ChannelId,
    pub posted_at: Timestamp,
    /// When its solution was shown (with the next day's post).
    pub solution_at: Option<Timestamp>,
}

fn rating_row(r: &Row<'_>) -> rusqlite::Result<TrainingRatingRow> {
    Ok(TrainingRatingRow {
        rating: Rating {
            rating: r.get(0)?,
            deviation: r.get(1)?,
            volatility: r.get(2)?,
        },
        attempts: r.get(3)?,
        solved: r.get(4)?,
    })
}

fn bad(what: &'static str, text: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        0,
        rusqlite::types::Type::Text,
        format!("not {what}: {text:?}").into(),
    )
}

const ATTEMPT_COLUMNS: &str = "id, user_id, guild_id, problem_id, daily_day, started_at, moves, \
    node, state, finished_at, rated";

fn attempt_row(r: &Row<'_>) -> rusqlite::Result<Attempt> {
    let moves: String = r.get(6)?;
    let state: String = r.get(8)?;
    Ok(Attempt {
        id: r.get(0)?,
        user: UserId(from_sql_id(r.get(1)?)),
        guild: GuildId(from_sql_id(r.get(2)?)),
        problem: from_sql_id(r.get(3)?),
        daily: r.get::<Option<i64>>(4)?.map(Day),
        started_at: Timestamp::from_millis(r.get(5)?),
        moves: moves
            .parse::<MoveList>()
            .map_err(|_| bad("a list of moves", &moves))?,
        node: r.get(7)?,
        state: state
            .parse::<AttemptState>()
            .map_err(|_| bad("an attempt's state", &state))?,
        finished_at: r.get::<Option<i64>>(9)?.map(Timestamp::from_millis),
        rated: r.get::<i64>(10)? != 0,
    })
}

fn daily_row(r: &Row<'_>) -> rusqlite::Result<DailyRow> {
    Ok(DailyRow {
        guild: GuildId(from_sql_id(r.get(0)?)),
        day: Day(r.get(1)?),
        problem: from_sql_id(r.get(2)?),
        channel: ChannelId(from_sql_id(r.get(3)?)),
        posted_at: Timestamp::from_millis(r.get(4)?),
        solution_at: r.get::<Option<i64>>(5)?.map(Timestamp::from_millis),
    })
}

const DAILY_COLUMNS: &str = "guild_id, day, problem_id, channel_id, posted_at, solution_at";

fn state_name(s: AttemptState) -> &'static str {
    s.into()
}

impl Tx<'_> {
    /// A player's training rating; `None` before their first rated attempt.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn training_rating(&self, user: UserId) -> Result<Option<TrainingRatingRow>, StoreError> {
        self.query_opt(
            "SELECT rating, deviation, volatility, attempts, solved FROM training_ratings \
             WHERE user_id = ?1",
            params![to_sql_id(user.0)],
            rating_row,
        )
    }

    /// Saves a player's training rating.
    ///
    /// # Errors
    /// A database error.
    pub fn save_training_rating(
        &self,
        user: UserId,
        row: &TrainingRatingRow,
    ) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO training_ratings (user_id, rating, deviation, volatility, attempts, \
             solved) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (user_id) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, attempts = excluded.attempts, \
             solved = excluded.solved",
            params![
                to_sql_id(user.0),
                row.rating.rating,
                row.rating.deviation,
                row.rating.volatility,
                row.attempts,
                row.solved
            ],
        )?;
        Ok(())
    }

    /// A problem's training rating; `None` before anyone's rated attempt.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn problem_rating(&self, problem: u64) -> Result<Option<TrainingRatingRow>, StoreError> {
        self.query_opt(
            "SELECT rating, deviation, volatility, attempts, solved \
             FROM training_problem_ratings WHERE problem_id = ?1",
            params![to_sql_id(problem)],
            rating_row,
        )
    }

    /// Every problem's rating that attempts have moved, by problem.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn problem_ratings(&self) -> Result<HashMap<u64, Rating>, StoreError> {
        let rows = self.query_all(
            "SELECT problem_id, rating, deviation, volatility FROM training_problem_ratings",
            &[],
            |r| {
                Ok((
                    from_sql_id(r.get(0)?),
                    Rating {
                        rating: r.get(1)?,
                        deviation: r.get(2)?,
                        volatility: r.get(3)?,
                    },
                ))
            },
        )?;
        Ok(rows.into_iter().collect())
    }

    /// Saves a problem's training rating.
    ///
    /// # Errors
    /// A database error.
    pub fn save_problem_rating(
        &self,
        problem: u64,
        row: &TrainingRatingRow,
    ) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO training_problem_ratings (problem_id, rating, deviation, volatility, \
             attempts, solved) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (problem_id) DO \
             UPDATE SET rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, attempts = excluded.attempts, \
             solved = excluded.solved",
            params![
                to_sql_id(problem),
                row.rating.rating,
                row.rating.deviation,
                row.rating.volatility,
                row.attempts,
                row.solved
            ],
        )?;
        Ok(())
    }

    /// An attempt by its id.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn attempt(&self, id: i64) -> Result<Option<Attempt>, StoreError> {
        let sql = format!("SELECT {ATTEMPT_COLUMNS} FROM training_attempts WHERE id = ?1");
        self.query_opt(&sql, params![id], attempt_row)
    }

    /// A player's open attempt, if they have one.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn open_attempt(&self, user: UserId) -> Result<Option<Attempt>, StoreError> {
        let sql = format!(
            "SELECT {ATTEMPT_COLUMNS} FROM training_attempts \
             WHERE user_id = ?1 AND state = 'open'"
        );
        self.query_opt(&sql, params![to_sql_id(user.0)], attempt_row)
    }

    /// Saves an attempt, new or changed.
    ///
    /// # Errors
    /// A database error (a second open attempt of one player among them).
    pub fn save_attempt(&self, a: &Attempt) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO training_attempts (id, user_id, guild_id, problem_id, daily_day, \
             started_at, moves, node, state, finished_at, rated) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (id) DO UPDATE \
             SET moves = excluded.moves, node = excluded.node, state = excluded.state, \
             finished_at = excluded.finished_at",
            params![
                a.id,
                to_sql_id(a.user.0),
                to_sql_id(a.guild.0),
                to_sql_id(a.problem),
                a.daily.map(|d| d.0),
                a.started_at.millis(),
                a.moves.to_string(),
                a.node,
                state_name(a.state),
                a.finished_at.map(Timestamp::millis),
                i64::from(a.rated)
            ],
        )?;
        Ok(())
    }

    /// When the player was last given each problem they have seen.
    ///
    /// # Errors
    /// A database error.
    pub fn seen_problems(&self, user: UserId) -> Result<HashMap<u64, i64>, StoreError> {
        let rows = self.query_all(
            "SELECT problem_id, seen_at FROM training_seen WHERE user_id = ?1",
            params![to_sql_id(user.0)],
            |r| Ok((from_sql_id(r.get(0)?), r.get::<i64>(1)?)),
        )?;
        Ok(rows.into_iter().collect())
    }

    /// Notes that the player was given a problem at `at`.
    ///
    /// # Errors
    /// A database error.
    pub fn mark_seen(&self, user: UserId, problem: u64, at: Timestamp) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO training_seen (user_id, problem_id, seen_at) VALUES (?1, ?2, ?3) \
             ON CONFLICT (user_id, problem_id) DO UPDATE SET seen_at = excluded.seen_at",
            params![to_sql_id(user.0), to_sql_id(problem), at.millis()],
        )?;
        Ok(())
    }

    /// The servers of `scope` that set a daily problem channel.
    ///
    /// # Errors
    /// A database error.
    pub fn daily_guilds(&self, scope: &super::Scope) -> Result<Vec<u64>, StoreError> {
        self.query_all(
            &format!(
                "SELECT guild_id FROM settings WHERE key = 'daily-channel' AND value <> 'off' \
                 AND {} ORDER BY guild_id",
                scope.condition("guild_id")
            ),
            &[],
            |r| Ok(from_sql_id(r.get(0)?)),
        )
    }

    /// Each server's latest daily problem, for the servers of `scope`.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn latest_dailies(&self, scope: &super::Scope) -> Result<Vec<DailyRow>, StoreError> {
        let sql = format!(
            "SELECT {DAILY_COLUMNS} FROM training_daily AS d WHERE day = \
             (SELECT MAX(day) FROM training_daily AS l WHERE l.guild_id = d.guild_id) AND {} \
             ORDER BY guild_id",
            scope.condition("d.guild_id")
        );
        self.query_all(&sql, &[], daily_row)
    }

    /// The problems a server's daily posts have used.
    ///
    /// # Errors
    /// A database error.
    pub fn daily_problems(&self, guild: GuildId) -> Result<Vec<u64>, StoreError> {
        self.query_all(
            "SELECT problem_id FROM training_daily WHERE guild_id = ?1",
            params![to_sql_id(guild.0)],
            |r| Ok(from_sql_id(r.get(0)?)),
        )
    }

    /// A server's daily problem of `day`.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn daily(&self, guild: GuildId, day: Day) -> Result<Option<DailyRow>, StoreError> {
        let sql =
            format!("SELECT {DAILY_COLUMNS} FROM training_daily WHERE guild_id = ?1 AND day = ?2");
        self.query_opt(&sql, params![to_sql_id(guild.0), day.0], daily_row)
    }

    /// A server's latest daily problem.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn last_daily(&self, guild: GuildId) -> Result<Option<DailyRow>, StoreError> {
        let sql = format!(
            "SELECT {DAILY_COLUMNS} FROM training_daily WHERE guild_id = ?1 \
             ORDER BY day DESC LIMIT 1"
        );
        self.query_opt(&sql, params![to_sql_id(guild.0)], daily_row)
    }

    /// Keeps a daily problem; `false` (nothing written) if the day has one already.
    ///
    /// # Errors
    /// A database error.
    pub fn insert_daily(&self, d: &DailyRow) -> Result<bool, StoreError> {
        let n = self.execute(
            "INSERT INTO training_daily (guild_id, day, problem_id, channel_id, posted_at, \
             solution_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (guild_id, day) DO NOTHING",
            params![
                to_sql_id(d.guild.0),
                d.day.0,
                to_sql_id(d.problem),
                to_sql_id(d.channel.0),
                d.posted_at.millis(),
                d.solution_at.map(Timestamp::millis)
            ],
        )?;
        Ok(n == 1)
    }

    /// Notes that the solution of a daily problem was shown at `at`; `false` if it was
    /// already (or the day has no problem).
    ///
    /// # Errors
    /// A database error.
    pub fn set_daily_solution_shown(
        &self,
        guild: GuildId,
        day: Day,
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        let n = self.execute(
            "UPDATE training_daily SET solution_at = ?3 \
             WHERE guild_id = ?1 AND day = ?2 AND solution_at IS NULL",
            params![to_sql_id(guild.0), day.0, at.millis()],
        )?;
        Ok(n == 1)
    }

    /// Notes that a player solved the daily problem of `day`; `false` if noted already.
    ///
    /// # Errors
    /// A database error.
    pub fn add_daily_solver(
        &self,
        guild: GuildId,
        day: Day,
        user: UserId,
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        let n = self.execute(
            "INSERT INTO training_daily_solvers (guild_id, day, user_id, solved_at) \
             VALUES (?1, ?2, ?3, ?4) ON CONFLICT (guild_id, day, user_id) DO NOTHING",
            params![to_sql_id(guild.0), day.0, to_sql_id(user.0), at.millis()],
        )?;
        Ok(n == 1)
    }

    /// Who solved the daily problem of `day`, first solver first.
    ///
    /// # Errors
    /// A database error.
    pub fn daily_solvers(&self, guild: GuildId, day: Day) -> Result<Vec<UserId>, StoreError> {
        self.query_all(
            "SELECT user_id FROM training_daily_solvers WHERE guild_id = ?1 AND day = ?2 \
             ORDER BY solved_at, user_id",
            params![to_sql_id(guild.0), day.0],
            |r| Ok(UserId(from_sql_id(r.get(0)?))),
        )
    }

    /// A player's streak on a server (none yet: the empty streak).
    ///
    /// # Errors
    /// A database error.
    pub fn streak(&self, guild: GuildId, user: UserId) -> Result<Streak, StoreError> {
        Ok(self
            .query_opt(
                "SELECT current, best, last_day, total FROM training_streaks \
                 WHERE guild_id = ?1 AND user_id = ?2",
                params![to_sql_id(guild.0), to_sql_id(user.0)],
                streak_row,
            )?
            .unwrap_or_default())
    }

    /// Saves a player's streak on a server.
    ///
    /// # Errors
    /// A database error.
    pub fn save_streak(&self, guild: GuildId, user: UserId, s: &Streak) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO training_streaks (guild_id, user_id, current, best, last_day, total) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (guild_id, user_id) DO UPDATE SET \
             current = excluded.current, best = excluded.best, last_day = excluded.last_day, \
             total = excluded.total",
            params![
                to_sql_id(guild.0),
                to_sql_id(user.0),
                s.current,
                s.best,
                s.last.map(|d| d.0),
                s.total
            ],
        )?;
        Ok(())
    }

    /// A server's solvers of daily problems, most solved first (then the longest streak).
    ///
    /// # Errors
    /// A database error.
    pub fn solvers_leaderboard(
        &self,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<(UserId, Streak)>, StoreError> {
        self.query_all(
            "SELECT current, best, last_day, total, user_id FROM training_streaks \
             WHERE guild_id = ?1 AND total > 0 ORDER BY total DESC, best DESC, user_id LIMIT ?2",
            params![to_sql_id(guild.0), limit],
            |r| Ok((UserId(from_sql_id(r.get(4)?)), streak_row(r)?)),
        )
    }
}

fn streak_row(r: &Row<'_>) -> rusqlite::Result<Streak> {
    Ok(Streak {
        current: r.get(0)?,
        best: r.get(1)?,
        last: r.get::<Option<i64>>(2)?.map(Day),
        total: r.get(3)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use crate::store::testing::TestSchema;

    /// The same scenario on SQLite and, with `TEST_DATABASE_URL`, on PostgreSQL.
    fn on_both(label: &str, scenario: impl Fn(&Store)) {
        scenario(&Store::open_in_memory().unwrap());
        if let Some(schema) = TestSchema::new(label) {
            scenario(&Store::open_postgres(&schema.url, 2).unwrap());
        }
    }

    fn w<T>(store: &Store, f: impl FnOnce(&Tx<'_>) -> Result<T, StoreError>) -> T {
        store.write(f).unwrap()
    }

    #[test]
    fn ratings_of_players_and_problems_round_trip() {
        on_both("training ratings", |store| {
            let user = UserId(u64::MAX - 3);
            assert_eq!(w(store, |tx| tx.training_rating(user)), None);
            let row = TrainingRatingRow {
                rating: Rating {
                    rating: 1612.5,
                    deviation: 180.25,
                    volatility: 0.0599,
                },
                attempts: 3,
                solved: 2,
            };
            w(store, |tx| tx.save_training_rating(user, &row));
            assert_eq!(w(store, |tx| tx.training_rating(user)), Some(row));
            let moved = TrainingRatingRow { attempts: 4, ..row };
            w(store, |tx| tx.save_training_rating(user, &moved));
            assert_eq!(w(store, |tx| tx.training_rating(user)), Some(moved));
            let problem = (i64::MAX as u64) - 9;
            w(store, |tx| tx.save_problem_rating(problem, &row));
            assert_eq!(w(store, |tx| tx.problem_rating(problem)), Some(row));
            let all = w(store, |tx| tx.problem_ratings());
            assert_eq!(all.get(&problem), Some(&row.rating));
        });
    }

    #[test]
    fn an_attempt_round_trips_and_a_player_has_one_open_at_most() {
        on_both("training attempts", |store| {
            let user = UserId(42);
            let mut a = Attempt::start(
                7,
                user,
                GuildId(1),
                99,
                Some(Day(20_000)),
                Timestamp::from_millis(1_000),
                true,
            );
            w(store, |tx| tx.save_attempt(&a));
            assert_eq!(w(store, |tx| tx.open_attempt(user)), Some(a.clone()));
            a.moves = "B1 A2 - A3".parse().unwrap();
            a.node = 2;
            w(store, |tx| tx.save_attempt(&a));
            assert_eq!(w(store, |tx| tx.attempt(7)), Some(a.clone()));
            // A second open attempt of the same player is refused by the schema.
            let second = Attempt::start(8, user, GuildId(1), 100, None, a.started_at, false);
            assert!(store.write(|tx| tx.save_attempt(&second)).is_err());
            a.state = AttemptState::Solved;
            a.finished_at = Some(Timestamp::from_millis(2_000));
            w(store, |tx| tx.save_attempt(&a));
            assert_eq!(w(store, |tx| tx.open_attempt(user)), None);
            w(store, |tx| tx.save_attempt(&second));
            assert_eq!(w(store, |tx| tx.open_attempt(user)), Some(second.clone()));
            assert_eq!(w(store, |tx| tx.attempt(7)), Some(a.clone()));
        });
    }

    #[test]
    fn seen_problems_daily_posts_solvers_and_streaks() {
        on_both("training daily", |store| {
            let (guild, ann, bob) = (GuildId(5), UserId(1), UserId(2));
            w(store, |tx| tx.mark_seen(ann, 10, Timestamp::from_millis(5)));
            w(store, |tx| tx.mark_seen(ann, 11, Timestamp::from_millis(6)));
            w(store, |tx| tx.mark_seen(ann, 10, Timestamp::from_millis(9)));
            let seen = w(store, |tx| tx.seen_problems(ann));
            assert_eq!(seen, HashMap::from([(10, 9), (11, 6)]));
            assert!(w(store, |tx| tx.seen_problems(bob)).is_empty());

            let day = Day(20_429);
            let row = DailyRow {
                guild,
                day,
                problem: 10,
                channel: ChannelId(77),
                posted_at: Timestamp::from_millis(100),
                solution_at: None,
            };
            assert!(w(store, |tx| tx.insert_daily(&row)));
            assert!(!w(store, |tx| tx
                .insert_daily(&DailyRow { problem: 11, ..row })));
            assert_eq!(w(store, |tx| tx.daily(guild, day)), Some(row));
            let next = DailyRow {
                day: day.next(),
                ..row
            };
            assert!(w(store, |tx| tx.insert_daily(&next)));
            assert_eq!(w(store, |tx| tx.last_daily(guild)), Some(next));
            let at = Timestamp::from_millis(500);
            assert!(w(store, |tx| tx.set_daily_solution_shown(guild, day, at)));
            assert!(!w(store, |tx| tx.set_daily_solution_shown(guild, day, at)));
            assert_eq!(
                w(store, |tx| tx.daily(guild, day)).unwrap().solution_at,
                Some(at)
            );

            assert!(w(store, |tx| tx.add_daily_solver(guild, day, bob, at)));
            assert!(w(store, |tx| tx.add_daily_solver(
                guild,
                day,
                ann,
                at + crate::game::Duration::from_secs(1)
            )));
            assert!(!w(store, |tx| tx.add_daily_solver(guild, day, bob, at)));
            assert_eq!(w(store, |tx| tx.daily_solvers(guild, day)), vec![bob, ann]);

            assert_eq!(w(store, |tx| tx.streak(guild, ann)), Streak::default());
            let s = Streak::default().solved(day).solved(day.next());
            w(store, |tx| tx.save_streak(guild, ann, &s));
            w(store, |tx| {
                tx.save_streak(guild, bob, &Streak::default().solved(day))
            });
            assert_eq!(w(store, |tx| tx.streak(guild, ann)), s);
            let board = w(store, |tx| tx.solvers_leaderboard(guild, 10));
            assert_eq!(
                board.iter().map(|(u, _)| *u).collect::<Vec<_>>(),
                vec![ann, bob]
            );
        });
    }
}
