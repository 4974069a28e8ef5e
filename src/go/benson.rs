//! Benson's algorithm: the chains that are alive whatever the opponent does, even if their
//! owner passes every move (unconditionally alive, "pass-alive").
//!
//! Regions enclosed by a colour are the maximal connected sets of points not of that colour.
//! A region is *vital* to a chain when every empty point of it is a liberty of the chain. Chains
//! with fewer than two vital healthy regions are dropped, then regions bordered by a dropped
//! chain stop being healthy, until nothing changes; what is left is unconditionally alive.

use super::board::Board;
use super::color::Color;
use super::point::{CELLS, Point};
use super::score::neighbours_on;

/// Marks every stone of `color` that is unconditionally alive.
/// One function, long: Benson's algorithm is one fixed point over chains and regions, and reads
/// best in one place, step by step as the module comment gives it.
pub fn unconditionally_alive(board: &Board, color: Color) -> [bool; CELLS] {
    let size = board.size();
    // Chains of `color`, by head.
    let mut chains: Vec<Point> = Vec::new();
    let mut chain_of = [usize::MAX; CELLS];
    for p in size.all_points() {
        if board.get(p) == Some(color) && chain_of[p.index()] == usize::MAX {
            let k = chains.len();
            chains.push(p);
            for s in board.chain(p) {
                chain_of[s.index()] = k;
            }
        }
    }
    // Regions enclosed by `color`: points not of `color`, connected.
    let mut region_of = [usize::MAX; CELLS];
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for start in size.all_points() {
        if board.get(start) == Some(color) || region_of[start.index()] != usize::MAX {
            continue;
        }
        let k = regions.len();
        let mut pts = vec![start];
        region_of[start.index()] = k;
        let mut i = 0;
        while i < pts.len() {
            let p = pts[i];
            i += 1;
            for n in neighbours_on(size, p) {
                if board.get(n) != Some(color) && region_of[n.index()] == usize::MAX {
                    region_of[n.index()] = k;
                    pts.push(n);
                }
            }
        }
        regions.push(pts);
    }
    // For each region: the chains bordering it, and the chains it is vital to.
    let mut borders: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    let mut vital_to: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (r, pts) in regions.iter().enumerate() {
        let mut b: Vec<usize> = pts
            .iter()
            .flat_map(|&p| neighbours_on(size, p))
            .map(|n| chain_of[n.index()])
            .filter(|&c| c != usize::MAX)
            .collect();
        b.sort_unstable();
        b.dedup();
        for &c in &b {
            let vital = pts
                .iter()
                .filter(|&&p| board.get(p).is_none())
                .all(|&p| neighbours_on(size, p).any(|n| chain_of[n.index()] == c));
            if vital {
                vital_to[r].push(c);
            }
        }
        borders[r] = b;
    }
    let mut alive = vec![true; chains.len()];
    let mut healthy = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (c, a) in alive.iter_mut().enumerate() {
            if !*a {
                continue;
            }
            let vitals = (0..regions.len())
                .filter(|&r| healthy[r] && vital_to[r].contains(&c))
                .count();
            if vitals < 2 {
                *a = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if healthy[r] && borders[r].iter().any(|&c| !alive[c]) {
                healthy[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = [false; CELLS];
    for p in size.all_points() {
        let c = chain_of[p.index()];
        if c != usize::MAX && alive[c] {
            out[p.index()] = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alive_points(diagram: &str, color: Color) -> Vec<String> {
        let b = Board::from_diagram(diagram).unwrap();
        let marks = unconditionally_alive(&b, color);
        let mut v: Vec<String> = b
            .size()
            .all_points()
            .filter(|p| marks[p.index()])
            .map(|p| p.to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn two_real_eyes_are_unconditionally_alive() {
        let d = "
            . X . X O
            X X X X O
            O O O O O
            . . . . .
            . . . . .";
        assert_eq!(alive_points(d, Color::Black).len(), 6);
    }

    #[test]
    fn one_eye_is_not_enough() {
        let d = "
            . X X X O
            X X X X O
            O O O O O
            . . . . .
            . . . . .";
        assert!(alive_points(d, Color::Black).is_empty());
    }

    #[test]
    fn a_seki_is_not_unconditionally_alive() {
        let d = crate::go::tests::SEKI;
        // Neither inner chain of the seki has two vital regions.
        let white = alive_points(d, Color::White);
        assert!(!white.contains(&"A4".to_string()));
        let black = alive_points(d, Color::Black);
        assert!(!black.contains(&"A2".to_string()));
    }

    #[test]
    fn an_empty_board_has_nothing_alive() {
        let d = ".....\n.....\n.....\n.....\n.....";
        assert!(alive_points(d, Color::Black).is_empty());
    }
}
