//! The review record: the game as it was played, each move's node with the evaluation after
//! it (a comment, and Black's win rate in `SBKV` as Sabaki stores it for its graph), and each
//! mistake's better line as a variation beside the move played, as review files of KaTrain
//! and Sabaki are read.

use crate::ai::Analysis;
use crate::go::sgf::{self, RecordInfo, Variation};
use crate::go::{Color, Game, Move};

use super::summary::Summary;

/// The words a review record's comments need, in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewWords {
    /// Who analysed the game, for the root comment ("Tengen · advanced, about 5 kyu").
    pub engine: String,
    /// The label of a mistake's comment ("Mistake").
    pub mistake: String,
    /// The label of the engine's line ("Better").
    pub better: String,
}

/// An evaluation as a comment's line: Black's win rate, and the lead where known
/// (`B 54.3% · B+2.5`).
fn evaluation(a: &Analysis) -> String {
    let rate = format!("B {:.1}%", a.black_win_rate * 100.0);
    match a.black_lead {
        Some(lead) if lead >= 0.0 => format!("{rate} · B+{lead:.1}"),
        Some(lead) => format!("{rate} · W+{:.1}", -lead),
        None => rate,
    }
}

/// The review record of `game` (whose record said `info`), from the analyses of its positions
/// and their summary.
pub fn review_sgf(
    game: &Game,
    info: &RecordInfo,
    analyses: &[Analysis],
    summary: &Summary,
    words: &ReviewWords,
) -> String {
    let mut info = info.clone();
    info.comment = Some(match info.comment.take() {
        Some(c) if !c.is_empty() => format!("{}\n\n{c}", words.engine),
        _ => words.engine.clone(),
    });
    info.move_comments.clear();
    info.move_properties.clear();
    info.variations.clear();
    for (k, _) in game.moves().iter().enumerate() {
        let Some(after) = analyses.get(k + 1) else {
            break;
        };
        info.move_properties.push((
            k,
            "SBKV".to_owned(),
            format!("{:.2}", after.black_win_rate * 100.0),
        ));
        info.move_comments.push((k, evaluation(after)));
    }
    for color in [Color::Black, Color::White] {
        for m in &summary.mistakes[color] {
            let k = m.number - 1;
            let note = format!(
                "{}: {:.0}% → {:.0}%",
                words.mistake,
                m.before * 100.0,
                m.after * 100.0
            );
            match info.move_comments.iter_mut().find(|(j, _)| *j == k) {
                Some((_, c)) => {
                    c.push('\n');
                    c.push_str(&note);
                }
                None => info.move_comments.push((k, note)),
            }
            let mut to_play = color;
            let moves = m
                .better
                .line
                .iter()
                .map(|p| {
                    let mv = (to_play, p.map_or(Move::Pass, Move::Play));
                    to_play = to_play.opponent();
                    mv
                })
                .collect();
            info.variations.push(Variation {
                at: k,
                moves,
                comment: Some(format!(
                    "{}: B {:.1}%",
                    words.better,
                    m.better.black_win_rate * 100.0
                )),
            });
        }
    }
    sgf::write(game, &info)
}
