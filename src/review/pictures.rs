//! A review's pictures: the chart of the win rate, and a mistake's board.

use crate::go::{Game, Move};
use crate::render::{Caption, RenderError, RenderOptions, render_png, review_chart};

use super::summary::{Mistake, Summary};

/// The chart of Black's win rate and lead over the moves, the largest swings marked.
///
/// # Errors
/// The image cannot be made.
pub fn chart_png(summary: &Summary) -> Result<Vec<u8>, RenderError> {
    review_chart::win_rate_chart(
        &summary.black_win_rates,
        &summary.black_leads,
        &summary.swings,
    )
}

/// The board of a mistake: the position before it, the engine's line played on it with its
/// stones numbered from 1 (the better move), and a triangle where the player played instead.
///
/// # Errors
/// The image cannot be made.
pub fn mistake_png(game: &Game, mistake: &Mistake) -> Result<Vec<u8>, RenderError> {
    let mut position = Game::from_setup(
        game.initial_board().clone(),
        game.initial_to_move(),
        *game.rules(),
    );
    for &(color, mv) in game.moves().iter().take(mistake.number.saturating_sub(1)) {
        if position.is_over() {
            position.resume();
        }
        // The record replayed once already; a move that fails here leaves the board as it is.
        let _ = position.play_as(color, mv);
    }
    let mut options = RenderOptions::for_game(&position);
    options.last_move = None;
    options.ko = None;
    options.caption = Caption {
        captures: Some(position.captures()),
        move_number: Some(mistake.number),
        to_move: Some(mistake.color),
        score: None,
    };
    if let Move::Play(p) = mistake.played {
        options.marked.push(p);
    }
    let mut line = position.clone();
    let mut color = mistake.color;
    for (k, point) in mistake.better.line.iter().enumerate() {
        let mv = point.map_or(Move::Pass, Move::Play);
        if line.is_over() || line.play_as(color, mv).is_err() {
            break;
        }
        if let Some(p) = point {
            options.numbers.retain(|&(q, _)| q != *p);
            options.numbers.push((*p, k as u32 + 1));
        }
        color = color.opponent();
    }
    render_png(line.board(), &options)
}
