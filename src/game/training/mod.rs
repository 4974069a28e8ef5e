//! The training ground (训练场, SPEC §13) as pure decisions: which problem a player is given
//! ([`choose`]), what a click on a problem does ([`attempt`]), how the player's and the
//! problem's ratings move after an attempt ([`ratings`]), when a server's daily problem is
//! posted and its solution shown ([`daily`]), and the streaks of days with a daily problem
//! solved ([`streak`]).
//!
//! The problems themselves, their positions and answer trees, are `crate::problems`: the
//! one folder besides `go` the game uses here (the arrow game → problems).

pub mod attempt;
pub mod choose;
pub mod daily;
pub mod ratings;
pub mod streak;

#[doc(hidden)]
pub mod fixtures;

pub use attempt::{Attempt, AttemptState, Click, MoveList};
pub use choose::{Choice, LEVEL_RANKS, MOST_OF_LEVEL, choose_problem};
pub use daily::{DailyPost, DailyTime, Day, PastDaily, UtcOffset};
pub use ratings::{TRAINING_START, problem_start, rate_attempt};
pub use streak::Streak;
