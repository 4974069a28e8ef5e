//! Who analyses the positions: Tengen's own engine, or a host's engine through the runtime.

use crate::ai::{Analysis, Engine, Limits, Options, Stop};
use crate::go::{BoardSize, Game, Level};

/// An engine that analyses one position at a time.
pub trait Analyst: Send {
    /// Analyses the position of `game` for its side to move; `stop` cuts it short (the
    /// answer is then what was found so far).
    ///
    /// # Errors
    /// The engine failed: it died, said nothing in time, or said something unreadable.
    fn analyze(&mut self, game: &Game, stop: &dyn Stop) -> Result<Analysis, AnalystError>;
}

/// Why an engine gave no analysis.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalystError {
    #[error("the engine failed: {0}")]
    Failed(String),
}

/// The playouts Tengen's own engine spends on one position of a review on a board of `size`:
/// chosen so a whole review fits its budget on one core (about 30 s for a 9×9 game, about 3
/// minutes for a 19×19 one; measured by `cargo bench --bench review`, `docs/REVIEW.md`).
pub fn playouts_for(size: BoardSize) -> u64 {
    match size.get() {
        0..=9 => 8_000,
        10..=13 => 6_000,
        _ => 4_000,
    }
}

/// Tengen's own engine at the advanced level, a fixed number of playouts a position.
pub struct OwnAnalyst {
    engine: Engine,
    limits: Limits,
}

impl OwnAnalyst {
    /// The analyst of a review on a board of `size`, its playouts seeded by `seed`.
    pub fn new(size: BoardSize, seed: u64) -> OwnAnalyst {
        OwnAnalyst::with_playouts(playouts_for(size), seed)
    }

    /// The analyst with `playouts` a position.
    pub fn with_playouts(playouts: u64, seed: u64) -> OwnAnalyst {
        let options = Options {
            seed,
            resign: false,
            ..Options::default()
        };
        OwnAnalyst {
            engine: Engine::new(Level::Advanced, options),
            limits: Limits {
                playouts,
                time: None,
                ..Limits::default()
            },
        }
    }
}

impl Analyst for OwnAnalyst {
    fn analyze(&mut self, game: &Game, stop: &dyn Stop) -> Result<Analysis, AnalystError> {
        Ok(self.engine.analyze(game, &self.limits, stop))
    }
}
