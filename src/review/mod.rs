//! A game gone through again with an engine (复盘): every position analysed in order, then
//! what a player wants from it — Black's win rate over the moves, the largest swings, each
//! player's three biggest mistakes with the engine's better line, and a review record (SGF)
//! with those lines as variations and the evaluations in comments.
//!
//! The engine is an [`Analyst`]: Tengen's own search ([`OwnAnalyst`], at a fixed effort a
//! position chosen so a review fits its budget, `docs/REVIEW.md`) or an engine of the host's
//! speaking an analysis extension of GTP (`kata-analyze`, `lz-analyze`: read by
//! [`gtp_analysis`], driven by the runtime). A review is resumable: its analyses are kept one
//! by one by whoever runs it, and [`analyse`] continues after the last one kept.
//!
//! Uses `go` (the record), `ai` (the engine and its [`Analysis`]) and `render` (the chart and
//! the boards); knows no player, server or Discord.

mod analyst;
pub mod gtp_analysis;
mod pictures;
mod review_sgf;
mod run;
mod source;
mod summary;

#[cfg(test)]
mod tests;

pub use crate::ai::{Analysis, Candidate};
pub use analyst::{Analyst, AnalystError, OwnAnalyst, playouts_for};
pub use pictures::{chart_png, mistake_png};
pub use review_sgf::{ReviewWords, review_sgf};
pub use run::{analyse, positions};
pub use source::{MAX_MOVES, MAX_SGF_BYTES, Source, SourceError};
pub use summary::{Mistake, Summary, summarize};
