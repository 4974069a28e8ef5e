//! Draws the estimate during play (形势判断) as `/weiqi estimate` shows it, to be looked at:
//! `cargo run --release --example estimate_picture -- FILE.png` (default
//! `/tmp/estimate-example.png`): a 9×9 game in its middle, with a white invader left inside
//! Black's area and a black stone inside White's.

use tengen::go::{Board, EstimateOptions, position_estimate};
use tengen::render::{RenderOptions, render_png};

const POSITION: &str = "
    . . . X O . . . .
    . . X . X O . . .
    . . X O X O . . .
    . X . . X O . X .
    . . X . X O O . .
    . . . X X O . . .
    . X . X O O . . .
    . . X O O . . O .
    . . . X O . . . .";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/estimate-example.png".into());
    let board = Board::from_diagram(POSITION)?;
    let estimate = position_estimate(&board, "6.5".parse()?, EstimateOptions::default());
    let dead: Vec<String> = estimate.dead.iter().map(|p| p.to_string()).collect();
    println!(
        "dead {dead:?}; area Black {} White {}; Black's lead {} half points",
        estimate.area.black,
        estimate.area.white,
        estimate.black_lead_half_points()
    );
    let opts = RenderOptions::default().with_estimate(&board, &estimate);
    std::fs::write(&out, render_png(&board, &opts)?)?;
    println!("{out}");
    Ok(())
}
