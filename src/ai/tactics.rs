//! Small readings the priors lean on: whether a chain in atari can be caught in a ladder.
//!
//! A ladder is read the simple way: the defender, to move, either captures an attacking chain
//! in atari next to it (counted as an escape: the reading stops there) or extends at its
//! liberty; three liberties or more is an escape, one is a capture; with two the attacker
//! tries an atari on each, and the reading goes on. A budget of positions bounds it; a
//! reading that runs out of budget counts as an escape, so the priors never trust a ladder
//! they have not seen to the end.

use super::playout_board::{Pos, neighbours, other};

/// Positions a ladder reading may visit.
pub(crate) const LADDER_BUDGET: u32 = 120;

/// Whether the chain on `target`, in atari with its owner to move, is captured in a ladder by
/// `attacker` (the other colour). `budget` counts down the positions read.
pub(crate) fn ladder_captures(pos: &Pos, target: usize, budget: &mut u32) -> bool {
    let defender = pos.to_move();
    let attacker = other(defender);
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let Some(lib) = pos.atari_liberty(target) else {
        return false;
    };
    // A capture next to the chain is an escape, as far as this reading goes.
    let mut s = target;
    loop {
        for n in neighbours(s) {
            if pos.at(n) == attacker && pos.in_atari(n) {
                return false;
            }
        }
        s = pos.next_in_chain(s);
        if s == target {
            break;
        }
    }
    if !pos.is_legal(defender, lib) {
        return true;
    }
    let mut after = pos.clone();
    after.play(lib);
    let mut libs = [0usize; 3];
    let n = after.liberties(target, 3, &mut libs);
    match n {
        0 | 1 => true,
        2 => libs[..2].iter().any(|&a| {
            if !after.is_legal(attacker, a) {
                return false;
            }
            let mut next = after.clone();
            next.play(a);
            // An atari whose stone can be taken at once is no ladder.
            next.at(target) == defender
                && !next.in_atari(a)
                && next.in_atari(target)
                && ladder_captures(&next, target, budget)
        }),
        _ => false,
    }
}

/// Whether `c` playing on the empty cell `e` puts an enemy chain in atari that then cannot
/// escape by ladder. Reads at most a few chains.
pub(crate) fn atari_catches(pos: &mut Pos, c: u8, e: usize) -> bool {
    atari_catches_within(pos, c, e, LADDER_BUDGET)
}

/// [`atari_catches`] reading at most `budget` positions.
fn atari_catches_within(pos: &mut Pos, c: u8, e: usize, budget: u32) -> bool {
    let enemy = other(c);
    let mut targets = [usize::MAX; 4];
    let mut k = 0;
    for n in neighbours(e) {
        if pos.at(n) == enemy && !pos.in_atari(n) {
            let h = pos.head(n);
            if !targets[..k].contains(&h) && pos.liberties(n, 3, &mut []) == 2 {
                targets[k] = h;
                k += 1;
            }
        }
    }
    if k == 0 || !pos.is_legal(c, e) {
        return false;
    }
    let mut after = pos.clone();
    if after.to_move() != c {
        after.set_to_move(c);
    }
    after.play(e);
    // The atari stone itself must not be capturable at once.
    if after.in_atari(e) {
        return false;
    }
    targets[..k].iter().any(|&t| {
        after.at(t) == enemy && after.in_atari(t) && {
            let mut budget = budget;
            ladder_captures(&after, t, &mut budget)
        }
    })
}

/// Whether `c` extending on `e` leaves its chain with two liberties and the opponent an atari
/// that catches it in a ladder.
pub(crate) fn runs_into_ladder(pos: &mut Pos, c: u8, e: usize, budget: u32) -> bool {
    if pos.liberties_after(c, e, 3).0 != 2 {
        return false;
    }
    let mut after = pos.clone();
    after.set_to_move(c);
    after.play(e);
    let mut libs = [0usize; 2];
    after.liberties(e, 2, &mut libs);
    let enemy = other(c);
    libs.iter()
        .any(|&a| atari_catches_within(&mut after, enemy, a, budget))
}

/// Whether `c` extending on `e` runs into a ladder, read the quick way for playouts: one copy
/// of the board, and at each step the attacker takes the atari that leaves the defender's
/// escape point fewer empty neighbours (where a real ladder runs), the other only if that
/// one fails at once. Never claims a capture it has not played out.
pub(crate) fn runs_into_ladder_quick(pos: &mut Pos, c: u8, e: usize, steps: u32) -> bool {
    if pos.liberties_after(c, e, 3).0 != 2 {
        return false;
    }
    let mut b = pos.clone();
    b.set_to_move(c);
    b.play(e);
    let attacker = other(c);
    for _ in 0..steps {
        // The defender (`c`) has two liberties; the attacker (to move) ataris.
        let mut libs = [0usize; 2];
        if b.liberties(e, 2, &mut libs) != 2 {
            return false;
        }
        let score = |b: &Pos, a: usize, run: usize| {
            u32::from(b.is_legal(attacker, a)) * 10 + (4 - b.empty_neighbours(run).min(4))
        };
        let (a, run) = if score(&b, libs[0], libs[1]) >= score(&b, libs[1], libs[0]) {
            (libs[0], libs[1])
        } else {
            (libs[1], libs[0])
        };
        if !b.is_legal(attacker, a) {
            return false;
        }
        b.play(a);
        if b.in_atari(a) || !b.in_atari(e) {
            return false;
        }
        // The defender escapes by capturing a neighbour in atari: no ladder then.
        let mut s = e;
        loop {
            for n in neighbours(s) {
                if b.at(n) == attacker && b.in_atari(n) {
                    return false;
                }
            }
            s = b.next_in_chain(s);
            if s == e {
                break;
            }
        }
        if !b.is_legal(c, run) {
            return true;
        }
        b.play(run);
        let mut three = [0usize; 3];
        match b.liberties(e, 3, &mut three) {
            0 | 1 => return true,
            2 => {}
            _ => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::playout_board::{BLACK, WHITE, cell};
    use crate::go::{Board, Color, Point};

    fn at(s: &str) -> usize {
        cell(s.parse::<Point>().unwrap())
    }

    const LADDER: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . X O . . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn a_ladder_on_an_empty_board_works_and_a_breaker_stops_it() {
        let b = Board::from_diagram(LADDER).unwrap();
        let mut pos = Pos::from_board(&b, Color::Black);
        // Black E4 puts D4 in atari; it runs to D3, then the ladder goes down-left... the
        // reading settles it either way; D3 starts the ladder toward the upper right.
        assert!(atari_catches(&mut pos, BLACK, at("D3")));
        // A white stone on the ladder's path (G7) breaks it.
        let mut broken = b.clone();
        broken.set_stones([("G6".parse::<Point>().unwrap(), Some(Color::White))]);
        let mut pos = Pos::from_board(&broken, Color::Black);
        assert!(!atari_catches(&mut pos, BLACK, at("D3")));
    }

    #[test]
    fn the_quick_reading_agrees_on_a_plain_ladder() {
        // White's D4 extending to E4 after Black's D3: two liberties, and the ladder works.
        let mut b = Board::from_diagram(LADDER).unwrap();
        b.set_stones([("D3".parse::<Point>().unwrap(), Some(Color::Black))]);
        let mut pos = Pos::from_board(&b, Color::White);
        assert!(runs_into_ladder_quick(&mut pos, WHITE, at("E4"), 40));
        let mut budget = LADDER_BUDGET;
        let _ = &mut budget;
        assert!(runs_into_ladder(&mut pos, WHITE, at("E4"), LADDER_BUDGET));
        b.set_stones([("G6".parse::<Point>().unwrap(), Some(Color::White))]);
        let mut pos = Pos::from_board(&b, Color::White);
        assert!(!runs_into_ladder_quick(&mut pos, WHITE, at("E4"), 40));
        assert!(!runs_into_ladder(&mut pos, WHITE, at("E4"), LADDER_BUDGET));
    }
}
