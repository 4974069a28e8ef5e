//! Analysing a game's positions in order, resumable after any of them.

use crate::ai::{Analysis, Stop};
use crate::go::Game;

use super::analyst::{Analyst, AnalystError};

/// The positions a review of `game` analyses: the start and the position after each move.
pub fn positions(game: &Game) -> usize {
    game.moves().len() + 1
}

/// Analyses the positions of `game` from `done.len()` on (those before are kept from an
/// earlier run), pushing each analysis to `done` and then calling `each` with all of them, so
/// the caller may keep it and show the progress. A position after the game's two passes is
/// the one before it, unchanged: it is not searched again. Stops early when `stop` says so.
///
/// # Errors
/// The analyst failed; `done` keeps what was analysed before.
pub fn analyse(
    game: &Game,
    analyst: &mut dyn Analyst,
    done: &mut Vec<Analysis>,
    stop: &dyn Stop,
    each: &mut dyn FnMut(&[Analysis]),
) -> Result<(), AnalystError> {
    let total = positions(game);
    let mut position = Game::from_setup(
        game.initial_board().clone(),
        game.initial_to_move(),
        *game.rules(),
    );
    for (k, &(color, mv)) in game.moves().iter().enumerate() {
        if k >= done.len() {
            break;
        }
        if position.is_over() {
            position.resume();
        }
        if position.play_as(color, mv).is_err() {
            return Err(AnalystError::Failed(format!("move {} does not replay", k + 1)));
        }
    }
    while done.len() < total {
        if stop.stop() {
            return Ok(());
        }
        let k = done.len();
        let analysis = match done.last() {
            Some(previous) if position.is_over() => previous.clone(),
            _ => {
                let analysis = analyst.analyze(&position, stop)?;
                // An analysis cut short is not kept: the position is searched again.
                if stop.stop() {
                    return Ok(());
                }
                analysis
            }
        };
        done.push(analysis);
        each(done);
        if let Some(&(color, mv)) = game.moves().get(k) {
            if position.is_over() {
                position.resume();
            }
            if position.play_as(color, mv).is_err() {
                return Err(AnalystError::Failed(format!("move {} does not replay", k + 1)));
            }
        }
    }
    Ok(())
}
