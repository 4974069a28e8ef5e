//! The training ground's problems (训练场, SPEC §13): capturing, life and death and tesuji,
//! each proved by Tengen's own solver, with the answer tree the proof gives.
//!
//! Pure like `go`, on which alone it stands: no players, no ratings of people, no I/O but the
//! command line's reading and writing of sets (in `cli`).

mod export;
pub mod generate;
mod model;
#[cfg(test)]
mod naive;
pub mod prove;
pub mod records;
mod set;
pub mod solver;
#[cfg(test)]
pub(crate) mod testing;

pub use export::{goal_text, to_sgf};
pub use model::{Answer, Goal, Kind, Node, Objective, Problem, Rect, Reply, Step, Theme, Tree};
pub use set::{ProblemSet, SET_FORM_VERSION, SetError};

#[cfg(test)]
mod tests;
