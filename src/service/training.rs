//! The training ground on the one path: a player's request for a problem, a click on its
//! board, the daily problem's "Try it", and the daily post's deadline — each decided by
//! `game::training`, written in one transaction, then answered.
//!
//! Nothing is searched: a click is the answer tree's step ([`crate::problems::Tree::step`]),
//! and a problem is chosen from the set in memory and the player's rows. Training commands
//! are applied one at a time in a process (they are short: a few reads and writes of one
//! player's rows), so that two clicks of one player never both read the same attempt.

use std::collections::HashMap;
use std::sync::Arc;

use crate::game::rating::Rating;
use crate::game::training::{
    Attempt, AttemptState, Click, DailyPost, Day, PastDaily, Streak, TRAINING_START,
    choose_problem, problem_start, rate_attempt,
};
use crate::game::{Event, GuildId, Outcome, Refusal, Subject, Timestamp, UserId};
use crate::go::Point;
use crate::problems::{Kind, Problem, ProblemSet};
use crate::store::{DailyRow, StoreError, TrainingRatingRow, Tx};

use super::{Failure, Service, lock};

/// What a player asks of the training ground.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrainingCommand {
    /// A problem at their rating (of `kind` if given); an open one is left.
    Serve {
        guild: GuildId,
        user: UserId,
        kind: Option<Kind>,
    },
    /// The server's daily problem of `day` (its post's "Try it"); an open attempt at it goes
    /// on, another is left.
    TryDaily {
        guild: GuildId,
        user: UserId,
        day: Day,
    },
    /// A click on the board of attempt `attempt`, drawn after `drawn_at` moves.
    Click {
        user: UserId,
        attempt: i64,
        drawn_at: u32,
        point: Point,
    },
}

/// A player's standing in the training ground, for their profile.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrainingProfile {
    /// Their training rating (the start before their first rated attempt).
    pub rating: Rating,
    /// Rated attempts, and how many were solved.
    pub attempts: u32,
    pub solved: u32,
    /// Their streak of daily problems on the server.
    pub streak: Streak,
    /// Its length as it stands today (0 once a day was missed).
    pub streak_today: u32,
}

/// How a rating moved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    pub before: Rating,
    pub after: Rating,
}

/// The answer to a training command: the attempt as it now stands and its problem.
#[derive(Debug, Clone)]
pub struct TrainingAnswer {
    pub attempt: Attempt,
    pub problem: Problem,
    /// The click's answer (for a click).
    pub click: Option<Click>,
    /// The player's training rating after the attempt ended (for a rated one).
    pub rating: Option<RatingChange>,
    /// The player's streak, when this attempt solved the day's daily problem.
    pub streak: Option<Streak>,
}

/// Randomness for the pick among the nearest problems: the attempt's id and the moment,
/// mixed (splitmix64), so a test that fixes both fixes the pick.
fn mix(id: i64, now: Timestamp) -> u64 {
    let mut z = (id as u64) ^ (now.millis() as u64).rotate_left(32);
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Service {
    /// The problems the training ground serves.
    pub fn problem_set(&self) -> Arc<ProblemSet> {
        Arc::clone(&self.problem_set.read().unwrap_or_else(|e| e.into_inner()))
    }

    /// Serves `set` from now on (tests and tools; the bot serves the shipped set).
    pub fn set_problem_set(&self, set: Arc<ProblemSet>) {
        *self.problem_set.write().unwrap_or_else(|e| e.into_inner()) = set;
    }

    /// Applies a training command at `now`.
    ///
    /// # Errors
    /// A [`Refusal`] (nothing changed: show it privately), or the database failed.
    pub fn train(
        &self,
        command: TrainingCommand,
        now: Timestamp,
    ) -> Result<TrainingAnswer, Failure> {
        let set = self.problem_set();
        match command {
            TrainingCommand::Serve { guild, user, kind } => {
                let id = self.take_id()?;
                let _one = lock(&self.training);
                self.store
                    .write(|tx| serve(tx, &set, guild, user, kind, id, now))
            }
            TrainingCommand::TryDaily { guild, user, day } => {
                let id = self.take_id()?;
                let _one = lock(&self.training);
                self.store
                    .write(|tx| try_daily(tx, &set, guild, user, day, id, now))
            }
            TrainingCommand::Click {
                user,
                attempt,
                drawn_at,
                point,
            } => {
                let _one = lock(&self.training);
                self.store
                    .write(|tx| click(tx, &set, user, attempt, drawn_at, point, now))
            }
        }
    }

    /// An attempt as it stands, with its problem (to draw it again after a restart).
    ///
    /// # Errors
    /// No such attempt or problem, or the database failed.
    pub fn attempt(&self, id: i64) -> Result<(Attempt, Problem), Failure> {
        let set = self.problem_set();
        let a = self
            .store
            .read(|tx| tx.attempt(id))?
            .ok_or(Refusal::UnknownProblem)?;
        let p = set.get(a.problem).cloned().ok_or(Refusal::UnknownProblem)?;
        Ok((a, p))
    }

    /// A player's training rating (the start before any rated attempt) and their streak on
    /// `guild` as it stands today in the server's zone.
    ///
    /// # Errors
    /// The database failed.
    pub fn training_profile(
        &self,
        guild: GuildId,
        user: UserId,
        now: Timestamp,
    ) -> Result<TrainingProfile, Failure> {
        let offset = self.settings(guild)?.timezone;
        let (rating, streak) = self
            .store
            .read(|tx| Ok::<_, StoreError>((player_rating(tx, user)?, tx.streak(guild, user)?)))?;
        let today = Day::of(now, offset);
        Ok(TrainingProfile {
            rating: rating.rating,
            attempts: rating.attempts,
            solved: rating.solved,
            streak,
            streak_today: streak.as_of(today),
        })
    }

    /// A server's solvers of daily problems, most solved first.
    ///
    /// # Errors
    /// The database failed.
    pub fn solvers_leaderboard(
        &self,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<(UserId, Streak)>, Failure> {
        Ok(self.store.read(|tx| tx.solvers_leaderboard(guild, limit))?)
    }

    /// The latest daily post of every server served, as its deadline made it (with the day
    /// before's solution and solvers when that closed it): what the front end checks was
    /// shown, after a crash between a post's commit and its message.
    ///
    /// # Errors
    /// The database failed.
    pub fn latest_daily_posts(&self) -> Result<Vec<(GuildId, DailyPost)>, Failure> {
        let scope = self.scope();
        Ok(self.store.read(|tx| {
            let mut out = Vec::new();
            for row in tx.latest_dailies(&scope)? {
                let before = tx
                    .daily(row.guild, row.day.previous())?
                    .filter(|b| b.solution_at == Some(row.posted_at));
                let previous = match before {
                    Some(b) => Some(PastDaily {
                        day: b.day,
                        problem: b.problem,
                        channel: b.channel,
                        solvers: tx.daily_solvers(b.guild, b.day)?,
                    }),
                    None => None,
                };
                out.push((
                    row.guild,
                    DailyPost {
                        day: row.day,
                        problem: row.problem,
                        channel: row.channel,
                        previous,
                    },
                ));
            }
            Ok::<_, StoreError>(out)
        })?)
    }

    /// The deadline of a server's daily problem at `now`: its next post, if it has one (at
    /// or before `now` when today's is due and not posted, as after a restart).
    ///
    /// # Errors
    /// The database failed.
    pub(super) fn daily_deadline(
        &self,
        guild: GuildId,
        now: Timestamp,
    ) -> Result<Option<Timestamp>, Failure> {
        let Some((_, time)) = self.settings(guild)?.daily() else {
            return Ok(None);
        };
        // No problem to post: nothing to wait for (a deadline due at once would fire again
        // and again).
        if self.problem_set().is_empty() {
            return Ok(None);
        }
        let last = self.store.read(|tx| tx.last_daily(guild))?;
        Ok(Some(time.next_post(now, last.map(|d| d.day))))
    }

    /// The daily post's deadline: today's problem chosen and kept (once a day, whatever
    /// restarts), the day before's closed with its solvers; the outcome tells the front end
    /// to post both.
    ///
    /// # Errors
    /// [`Refusal::NothingToDo`] when no post is due (or none is configured); the database.
    pub(super) fn daily_tick(&self, guild: GuildId, now: Timestamp) -> Result<Outcome, Failure> {
        let Some((channel, time)) = self.settings(guild)?.daily() else {
            return Err(Refusal::NothingToDo.into());
        };
        let set = self.problem_set();
        tracing::debug!(
            guild = guild.0,
            problems = set.len(),
            "the daily problem's deadline"
        );
        let _one = lock(&self.training);
        let post = self.store.write(|tx| {
            let last = tx.last_daily(guild)?;
            let Some(day) = time.due(now, last.map(|d| d.day)) else {
                return Ok(None);
            };
            let used = tx.daily_problems(guild)?;
            let Some(problem) = daily_choice(&set, guild, day, &used) else {
                return Ok(None);
            };
            let row = DailyRow {
                guild,
                day,
                problem,
                channel,
                posted_at: now,
                solution_at: None,
            };
            if !tx.insert_daily(&row)? {
                return Ok(None);
            }
            let previous = match last {
                Some(l) if tx.set_daily_solution_shown(guild, l.day, now)? => Some(PastDaily {
                    day: l.day,
                    problem: l.problem,
                    channel: l.channel,
                    solvers: tx.daily_solvers(guild, l.day)?,
                }),
                _ => None,
            };
            Ok::<_, StoreError>(Some(DailyPost {
                day,
                problem,
                channel,
                previous,
            }))
        })?;
        let Some(post) = post else {
            return Err(Refusal::NothingToDo.into());
        };
        let next = time.next_post(now, Some(post.day));
        self.arm(Subject::Daily(guild), Some(next));
        Ok(Outcome {
            subject: Subject::Daily(guild),
            guild,
            channel: Some(post.channel),
            events: vec![Event::DailyPosted(Box::new(post))],
            to_move: None,
            deadline: Some(next),
        })
    }
}

/// The day's problem of a server: one never posted there before if any is left, picked by
/// the day and the server, leaning to the middle levels (15 kyu to 1 dan by the proof's
/// estimate) where most of a server's members are.
fn daily_choice(set: &ProblemSet, guild: GuildId, day: Day, used: &[u64]) -> Option<u64> {
    let fresh = |p: &&Problem| !used.contains(&p.id);
    let middle = |p: &&Problem| (15.0..31.0).contains(&p.rank);
    let pick = |list: Vec<&Problem>| -> Option<u64> {
        let n = list.len() as u64;
        (n > 0).then(|| list[(mix(guild.0 as i64, Timestamp::from_millis(day.0)) % n) as usize].id)
    };
    let all = set.all();
    pick(all.iter().filter(fresh).filter(middle).collect())
        .or_else(|| pick(all.iter().filter(fresh).collect()))
        .or_else(|| pick(all.iter().collect()))
}

/// A player's training rating, or the start.
fn player_rating(tx: &Tx<'_>, user: UserId) -> Result<TrainingRatingRow, StoreError> {
    Ok(tx.training_rating(user)?.unwrap_or(TrainingRatingRow {
        rating: TRAINING_START,
        attempts: 0,
        solved: 0,
    }))
}

/// Leaves the player's open attempt, if any (not rated).
fn leave_open(tx: &Tx<'_>, user: UserId, now: Timestamp) -> Result<Option<Attempt>, StoreError> {
    let open = tx.open_attempt(user)?;
    if let Some(mut a) = open.clone() {
        a.abandon(now);
        tx.save_attempt(&a)?;
    }
    Ok(open)
}

fn answer(attempt: Attempt, problem: &Problem) -> TrainingAnswer {
    TrainingAnswer {
        attempt,
        problem: problem.clone(),
        click: None,
        rating: None,
        streak: None,
    }
}

fn serve(
    tx: &Tx<'_>,
    set: &ProblemSet,
    guild: GuildId,
    user: UserId,
    kind: Option<Kind>,
    id: i64,
    now: Timestamp,
) -> Result<TrainingAnswer, Failure> {
    let me = player_rating(tx, user)?;
    let ratings: HashMap<u64, Rating> = tx.problem_ratings()?;
    let seen = tx.seen_problems(user)?;
    let choice = choose_problem(set, kind, me.rating, &ratings, &seen, mix(id, now))
        .ok_or(Refusal::NoProblems)?;
    let problem = set.get(choice.problem).ok_or(Refusal::NoProblems)?;
    leave_open(tx, user, now)?;
    let attempt = Attempt::start(id, user, guild, problem.id, None, now, !choice.seen_before);
    tx.save_attempt(&attempt)?;
    tx.mark_seen(user, problem.id, now)?;
    Ok(answer(attempt, problem))
}

fn try_daily(
    tx: &Tx<'_>,
    set: &ProblemSet,
    guild: GuildId,
    user: UserId,
    day: Day,
    id: i64,
    now: Timestamp,
) -> Result<TrainingAnswer, Failure> {
    let daily = tx
        .daily(guild, day)?
        .filter(|d| d.solution_at.is_none())
        .ok_or(Refusal::NoDailyProblem)?;
    let problem = set.get(daily.problem).ok_or(Refusal::UnknownProblem)?;
    if let Some(open) = tx.open_attempt(user)?
        && open.daily == Some(day)
        && open.guild == guild
    {
        return Ok(answer(open, problem));
    }
    leave_open(tx, user, now)?;
    let seen = tx.seen_problems(user)?.contains_key(&problem.id);
    let attempt = Attempt::start(id, user, guild, problem.id, Some(day), now, !seen);
    tx.save_attempt(&attempt)?;
    tx.mark_seen(user, problem.id, now)?;
    Ok(answer(attempt, problem))
}

fn click(
    tx: &Tx<'_>,
    set: &ProblemSet,
    user: UserId,
    id: i64,
    drawn_at: u32,
    point: Point,
    now: Timestamp,
) -> Result<TrainingAnswer, Failure> {
    let mut attempt = tx.attempt(id)?.ok_or(Refusal::UnknownProblem)?;
    let problem = set.get(attempt.problem).ok_or(Refusal::UnknownProblem)?;
    let click = attempt.click(user, problem, drawn_at, point, now)?;
    tx.save_attempt(&attempt)?;
    let solved = attempt.state == AttemptState::Solved;
    let over = attempt.state != AttemptState::Open;
    let mut rating = None;
    if over && attempt.rated {
        let me = player_rating(tx, user)?;
        let it = tx.problem_rating(problem.id)?.unwrap_or(TrainingRatingRow {
            rating: problem_start(problem),
            attempts: 0,
            solved: 0,
        });
        let (mine, its) = rate_attempt(me.rating, it.rating, solved);
        let won = u32::from(solved);
        tx.save_training_rating(
            user,
            &TrainingRatingRow {
                rating: mine,
                attempts: me.attempts + 1,
                solved: me.solved + won,
            },
        )?;
        tx.save_problem_rating(
            problem.id,
            &TrainingRatingRow {
                rating: its,
                attempts: it.attempts + 1,
                solved: it.solved + won,
            },
        )?;
        rating = Some(RatingChange {
            before: me.rating,
            after: mine,
        });
    }
    let mut streak = None;
    if solved
        && attempt.rated
        && let Some(day) = attempt.daily
        && tx
            .daily(attempt.guild, day)?
            .is_some_and(|d| d.solution_at.is_none())
        && tx.add_daily_solver(attempt.guild, day, user, now)?
    {
        let s = tx.streak(attempt.guild, user)?.solved(day);
        tx.save_streak(attempt.guild, user, &s)?;
        streak = Some(s);
    }
    Ok(TrainingAnswer {
        attempt,
        problem: problem.clone(),
        click: Some(click),
        rating,
        streak,
    })
}
