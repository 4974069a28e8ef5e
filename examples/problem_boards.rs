//! Draws a training problem as the bot shows it, at each stage, into a folder, to be looked
//! at: `cargo run --release --example problem_boards -- DIR` (ten problems of the shipped set,
//! of each kind at several levels, when it holds problems, else the test fixture).

use tengen::discord::ui::problem_board::{ProblemView, draw, picture};
use tengen::game::training::Attempt;
use tengen::game::training::fixtures::capture_problem;
use tengen::game::{GuildId, Timestamp, UserId};
use tengen::problems::{Kind, Problem, ProblemSet};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    std::fs::create_dir_all(&dir)?;
    let mut problems: Vec<Problem> = Vec::new();
    // Ten of the shipped set, of each kind at several levels (starting ranks below 8 = near
    // 25 kyu, 8–20, 20–30, 30 and above = dan).
    if let Ok(set) = ProblemSet::shipped() {
        let bands = [(0.0, 8.0), (8.0, 20.0), (20.0, 30.0), (30.0, 40.0)];
        for (lo, hi) in bands {
            for kind in [Kind::Capture, Kind::LifeAndDeath, Kind::Tesuji] {
                if problems.len() < 10 {
                    problems.extend(
                        set.of_kind(kind)
                            .find(|p| p.rank >= lo && p.rank < hi)
                            .cloned(),
                    );
                }
            }
        }
    }
    if problems.is_empty() {
        problems.push(capture_problem());
    }
    for p in &problems {
        let now = Timestamp::from_millis(0);
        let mut a = Attempt::start(1, UserId(1), GuildId(1), p.id, None, now, true);
        std::fs::write(dir.join(format!("{}-start.png", p.id)), draw(p, &[], &[])?)?;
        if let Some(&first) = p.tree.correct_moves(0).first() {
            let mut right = a.clone();
            right.click(UserId(1), p, 0, first, now)?;
            std::fs::write(
                dir.join(format!("{}-answered.png", p.id)),
                draw(p, &right.moves.0, &[])?,
            )?;
        }
        let correct = p.tree.correct_moves(0);
        if let Some(wrong) = a.playable(p).into_iter().find(|x| !correct.contains(x)) {
            a.click(UserId(1), p, 0, wrong, now)?;
            std::fs::write(
                dir.join(format!("{}-refuted.png", p.id)),
                draw(p, &a.moves.0, &[])?,
            )?;
            let view = ProblemView {
                attempt: a.clone(),
                problem: p.clone(),
                step: None,
                rating: None,
                streak: None,
                solution: true,
            };
            std::fs::write(dir.join(format!("{}-solution.png", p.id)), picture(&view)?)?;
        }
    }
    println!("drawn into {}", dir.display());
    Ok(())
}
