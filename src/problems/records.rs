//! Local fights found in real games: in a position of a record, every small group shut in at
//! the edge (a life-and-death question) and every small chain of two liberties near the edge
//! (a capturing question), with every other stone of the game left where it stands.

use crate::go::{Board, BoardSize, Color, Move, Point, sgf::Record};

use super::generate::{Candidate, area_of};
use super::model::{Kind, Rect};

/// The moves of a record at which its position is read for fights.
const READ_AT: [usize; 13] = [40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 240, 260, 280];

/// The positions of a 19 × 19 record worth reading: its main line replayed to each of
/// [`READ_AT`] and to its end (an illegal move ends the replay there).
pub fn positions(record: &Record) -> Vec<Board> {
    if record.size != BoardSize::NINETEEN {
        return Vec::new();
    }
    let mut board = Board::new(record.size);
    board.set_stones(record.setup.iter().copied());
    let mut out = Vec::new();
    for (i, m) in record.moves.iter().enumerate() {
        if READ_AT.contains(&i) {
            out.push(board.clone());
        }
        match m.mv {
            Move::Play(p) => {
                if board.play(m.color, p).is_err() {
                    return out;
                }
            }
            Move::Pass => board.clear_ko(),
        }
    }
    out.push(board);
    out
}

/// The fights of one position.
pub fn candidates(board: &Board) -> Vec<Candidate> {
    let size = board.size();
    let mut seen: Vec<Point> = Vec::new();
    let mut out = Vec::new();
    for p in size.all_points() {
        let Some(color) = board.get(p) else {
            continue;
        };
        let Some(head) = board.chain_id(p) else {
            continue;
        };
        if seen.contains(&head) {
            continue;
        }
        seen.push(head);
        let chain = board.chain(p);
        if chain.len() > 14 {
            continue;
        }
        let libs = board.liberties(p);
        let edge = |r: &Rect| r.col_lo == 0 || r.row_lo == 0 || r.col_hi == 18 || r.row_hi == 18;
        if chain.len() >= 3
            && let Some(area) = area_of(board, p)
            && edge(&area)
        {
            out.push(Candidate {
                board: board.clone(),
                defender: color,
                target: p,
                area,
                kind: Kind::LifeAndDeath,
            });
        } else if libs.len() == 2 && chain.len() <= 5 {
            let mut near = chain.clone();
            near.extend(libs.iter().copied());
            let Some(r) = Rect::around(near) else {
                continue;
            };
            let area = Rect {
                col_lo: r.col_lo.saturating_sub(1),
                col_hi: (r.col_hi + 1).min(18),
                row_lo: r.row_lo.saturating_sub(1),
                row_hi: (r.row_hi + 1).min(18),
            };
            if area.width() <= 5 && area.height() <= 5 && edge(&area) {
                out.push(Candidate {
                    board: board.clone(),
                    defender: color,
                    target: p,
                    area,
                    kind: Kind::Capture,
                });
            }
        }
    }
    for c in &mut out {
        c.board = local(&c.board, &c.area);
    }
    out.retain(|c| c.board.dead_setup_chain().is_none());
    out
}

/// The stones of the fight: every chain with a stone within four lines of the area (the view
/// and a margin), the rest of the game taken off. Taking stones off never takes a liberty, so
/// the fight's chains stand as they did; the same fight met in two positions of a game is then
/// one problem.
fn local(board: &Board, area: &Rect) -> Board {
    let near = |p: Point| {
        let d = |x: u8, lo: u8, hi: u8| {
            if x < lo { lo - x } else { x.saturating_sub(hi) }
        };
        d(p.col(), area.col_lo, area.col_hi) <= 4 && d(p.row(), area.row_lo, area.row_hi) <= 4
    };
    let size = board.size();
    let mut keep: Vec<(Point, Option<Color>)> = Vec::new();
    let mut heads: Vec<Point> = Vec::new();
    for p in size.all_points() {
        if board.get(p).is_some()
            && near(p)
            && let Some(h) = board.chain_id(p)
            && !heads.contains(&h)
        {
            heads.push(h);
            let color = board.get(p);
            keep.extend(board.chain(p).into_iter().map(|s| (s, color)));
        }
    }
    let mut out = Board::new(size);
    out.set_stones(keep);
    out
}
