//! The training ground's commands and named reads, each off the async threads: a player's
//! request or click through [`Handle::train`], the attempt and profile reads, and the Discord
//! adapter's record of where each daily post is.

use crate::game::training::{Day, Streak};
use crate::game::{GuildId, UserId};
use crate::problems::Problem;
use crate::service::{Failure, TrainingAnswer, TrainingCommand, TrainingProfile};

use super::Handle;

impl Handle {
    /// Serves `set` from now on instead of the shipped problems.
    pub async fn set_problem_set(&self, set: crate::problems::ProblemSet) {
        let set = std::sync::Arc::new(set);
        let _ = self
            .query(move |s| {
                s.set_problem_set(set);
                Ok(())
            })
            .await;
    }

    /// Applies a training command at the clock's time: one transaction, then the answer.
    ///
    /// # Errors
    /// A refusal (show it privately), or the database failed.
    pub async fn train(&self, command: TrainingCommand) -> Result<TrainingAnswer, Failure> {
        let now = self.now();
        self.write(move |s| s.train(command, now)).await
    }

    /// An attempt as it stands and its problem.
    ///
    /// # Errors
    /// No such attempt or problem, or the database failed.
    pub async fn attempt(
        &self,
        id: i64,
    ) -> Result<(crate::game::training::Attempt, Problem), Failure> {
        self.query(move |s| s.attempt(id)).await
    }

    /// A problem of the set the training ground serves.
    ///
    /// # Errors
    /// The task failed.
    pub async fn problem(&self, id: u64) -> Result<Option<Problem>, Failure> {
        self.query(move |s| Ok(s.problem_set().get(id).cloned()))
            .await
    }

    /// A player's training rating, their streak on `guild`, and its length today.
    ///
    /// # Errors
    /// The database failed.
    pub async fn training_profile(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<TrainingProfile, Failure> {
        let now = self.now();
        self.query(move |s| s.training_profile(guild, user, now))
            .await
    }

    /// A server's solvers of daily problems, most solved first.
    ///
    /// # Errors
    /// The database failed.
    pub async fn solvers_leaderboard(
        &self,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<(UserId, Streak)>, Failure> {
        self.query(move |s| s.solvers_leaderboard(guild, limit))
            .await
    }

    /// The latest daily post of every server served (see
    /// [`crate::service::Service::latest_daily_posts`]).
    ///
    /// # Errors
    /// The database failed.
    pub async fn latest_daily_posts(
        &self,
    ) -> Result<Vec<(GuildId, crate::game::training::DailyPost)>, Failure> {
        self.query(|s| s.latest_daily_posts()).await
    }

    /// Where the Discord adapter posted a daily problem and its solution.
    ///
    /// # Errors
    /// The database failed.
    pub async fn daily_messages(
        &self,
        guild: GuildId,
        day: Day,
    ) -> Result<(Option<u64>, Option<u64>), Failure> {
        self.query(move |s| {
            s.store()
                .discord_tables()
                .daily_messages(guild, day.0)
                .map_err(Failure::Internal)
        })
        .await
    }

    /// Remembers the message of a daily post (`solution` false) or of its solution.
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_daily_message(
        &self,
        guild: GuildId,
        day: Day,
        solution: bool,
        message: u64,
    ) -> Result<(), Failure> {
        self.write(move |s| {
            s.store()
                .discord_tables()
                .set_daily_message(guild, day.0, solution, message)
                .map_err(Failure::Internal)
        })
        .await
    }
}
