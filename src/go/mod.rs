//! The rules of Go: board, chains, captures, ko and superko, passes, counting, SGF.
//!
//! Pure: no I/O, no players, no time. Every other module stands on this one.

mod benson;
mod board;
mod color;
mod estimate;
mod game;
mod handicap;
mod level;
pub mod light_playout;
mod point;
mod rules;
mod score;
pub mod sgf;
mod zobrist;

pub use benson::unconditionally_alive;
pub use board::{Board, BoardError, DiagramError, Placed};
pub use color::{ByColor, Color};
pub use estimate::{
    ATARI_FIGHT_SHARE, ATARI_SHARE, DEAD_SHARE, EstimateOptions, PositionEstimate, estimate_dead,
    loss_shares, position_estimate,
};
pub use game::{Game, IllegalMove, Move, Played};
pub use handicap::{
    HandicapError, MIN_HANDICAP, fixed_points, handicap_game, handicap_komi, max_fixed,
};
pub use level::{Level, ParseLevelError};
pub use point::{BoardSize, MAX_SIZE, MIN_SIZE, ParsePointError, Point, column_letter};
pub use rules::{
    DeadStones, KoRule, Komi, ParseKomiError, ParseRuleSetError, RuleSet, Rules, Scoring,
    format_half_points,
};
pub use score::{Count, GameResult, Owner, count_area, count_territory, neighbours_on};

#[cfg(test)]
mod tests;
