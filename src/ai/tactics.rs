//! Small readings the priors lean on: whether a chain in atari can be caught in a ladder.
//!
//! A ladder is read the simple way: the defender, to move, either captures an attacking chain
//! in atari next to it (counted as an escape: the reading stops there) or extends at its
//! liberty; three liberties or more is an escape, one is a capture; with two the attacker
//! tries an atari on each, and the reading goes on. A budget of positions bounds it; a
//! reading that runs out of budget counts as an escape, so the priors never trust a ladder
//! they have not seen to the end.

use super::board::{Pos, neighbours, other};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::board::{BLACK, WHITE, cell};
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
        let _ = WHITE;
    }
}
