//! Round robin (循环制): everyone plays everyone once, in the order of FIDE's Berger tables
//! (FIDE Handbook C.05, Annex 1, "Berger Tables for Round-Robin Tournaments"), so that an
//! event's rounds are the ones arbiters and players already know, and can be checked against
//! the printed tables.
//!
//! The tables are built, not copied: for an even number `n` of players, round 1 pairs
//! 1–n, 2–(n−1), …; each later round adds n/2 to every number but n (counting 1 to n−1
//! round and round), and the board of player n turns its colours over. This reproduces FIDE's
//! tables exactly (the tests hold the printed ones for 4, 6 and 8 players).

use super::{Board, Pairing, Seat};

/// The most players a round robin is drawn for: beyond it [`rounds`] draws none (a round
/// robin of a thousand players would take a thousand rounds, and its table would fill
/// memory long before `usize` runs out). The service refuses such an entry list.
pub const MAX_PLAYERS: usize = 1024;

/// Every round of a round robin of `players` (seats `0..players`), each round's boards in
/// the order of FIDE's Berger table for that number of players (its board 1 first).
///
/// With an odd number of players a dummy player is added as the last seat, as FIDE does;
/// whoever meets the dummy has a [`Board::Bye`] that round (each player once at most).
/// Fewer than two players (or more than [`MAX_PLAYERS`]): no rounds.
///
/// Colours: in FIDE's table the first-named player of a pair has White, the side that moves
/// first in chess. Here the first-named player plays **Black**, the side that moves first in
/// Go, so that the table's balance of moving first is kept: every player's Black and White
/// games differ by at most one.
pub fn rounds(players: usize) -> Vec<Vec<Board>> {
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Vec::new();
    }
    let n = players + players % 2;
    let mut table = first_round(n);
    let mut out = Vec::with_capacity(n - 1);
    for _ in 1..n {
        out.push(table.iter().map(|&(a, b)| board(a, b, players)).collect());
        table = next_round(&table, n);
    }
    out
}

/// Round 1 of the Berger table of `n` (even) players, 0-based: 1–n, 2–(n−1), … in FIDE's
/// numbering, the first-named first.
fn first_round(n: usize) -> Vec<(Seat, Seat)> {
    (0..n / 2).map(|i| (i, n - 1 - i)).collect()
}

/// The round after `table` in the Berger table of `n` (even) players: every player but the
/// last moves on by n/2 places (modulo n−1), and the last player's board (always board 1)
/// swaps its colours, so that the last player alternates them.
fn next_round(table: &[(Seat, Seat)], n: usize) -> Vec<(Seat, Seat)> {
    let fixed = n - 1;
    let step = |seat: Seat| {
        if seat == fixed {
            seat
        } else {
            (seat + n / 2) % fixed
        }
    };
    table
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| {
            if i == 0 {
                (step(b), step(a))
            } else {
                (step(a), step(b))
            }
        })
        .collect()
}

/// The board of the pair (`first`, `second`) of the table: a bye if either is the dummy
/// (a seat of `players` or beyond), else a game in which `first` plays Black.
fn board(first: Seat, second: Seat, players: usize) -> Board {
    if second >= players {
        Board::Bye(first)
    } else if first >= players {
        Board::Bye(second)
    } else {
        Board::Game(Pairing {
            black: first,
            white: second,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// A round robin's rounds as FIDE prints them: 1-based pairs, the first-named first.
    fn printed(players: usize) -> Vec<Vec<(usize, usize)>> {
        rounds(players)
            .into_iter()
            .map(|round| {
                round
                    .into_iter()
                    .map(|board| match board {
                        Board::Game(p) => (p.black + 1, p.white + 1),
                        Board::Bye(seat) => panic!("no byes with an even number: {seat}"),
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn four_players_follow_fides_berger_table() {
        let fide = vec![
            vec![(1, 4), (2, 3)],
            vec![(4, 3), (1, 2)],
            vec![(2, 4), (3, 1)],
        ];
        assert_eq!(printed(4), fide);
    }

    #[test]
    fn six_players_follow_fides_berger_table() {
        let fide = vec![
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ];
        assert_eq!(printed(6), fide);
    }

    #[test]
    fn eight_players_follow_fides_berger_table() {
        let fide = vec![
            vec![(1, 8), (2, 7), (3, 6), (4, 5)],
            vec![(8, 5), (6, 4), (7, 3), (1, 2)],
            vec![(2, 8), (3, 1), (4, 7), (5, 6)],
            vec![(8, 6), (7, 5), (1, 4), (2, 3)],
            vec![(3, 8), (4, 2), (5, 1), (6, 7)],
            vec![(8, 7), (1, 6), (2, 5), (3, 4)],
            vec![(4, 8), (5, 3), (6, 2), (7, 1)],
        ];
        assert_eq!(printed(8), fide);
    }

    #[test]
    fn the_first_named_player_of_the_table_plays_black() {
        assert_eq!(rounds(4)[0][0], Board::Game(Pairing { black: 0, white: 3 }));
    }

    #[test]
    fn an_odd_number_plays_the_table_of_one_more_with_byes_for_the_dummy() {
        // 3 players: FIDE's table of 4, player 4 the dummy.
        let expected = vec![
            vec![Board::Bye(0), Board::Game(Pairing { black: 1, white: 2 })],
            vec![Board::Bye(2), Board::Game(Pairing { black: 0, white: 1 })],
            vec![Board::Bye(1), Board::Game(Pairing { black: 2, white: 0 })],
        ];
        assert_eq!(rounds(3), expected);
    }

    #[test]
    fn every_pair_meets_exactly_once_and_each_player_once_a_round() {
        for players in 2..=16 {
            let table = rounds(players);
            let n = players + players % 2;
            assert_eq!(table.len(), n - 1, "{players} players");
            let mut met = HashSet::new();
            for round in &table {
                let mut seen = HashSet::new();
                for board in round {
                    let seats = match *board {
                        Board::Game(p) => vec![p.black, p.white],
                        Board::Bye(seat) => vec![seat],
                    };
                    for seat in &seats {
                        assert!(*seat < players, "{players} players: {board:?}");
                        assert!(seen.insert(*seat), "{players} players: twice a round");
                    }
                    if let Board::Game(p) = *board {
                        let pair = (p.black.min(p.white), p.black.max(p.white));
                        assert!(met.insert(pair), "{players} players: {pair:?} twice");
                    }
                }
                assert_eq!(seen.len(), players, "{players} players: someone left out");
            }
            assert_eq!(met.len(), players * (players - 1) / 2, "{players} players");
        }
    }

    #[test]
    fn each_player_has_a_bye_at_most_once_and_only_with_an_odd_number() {
        for players in 2..=16 {
            let mut byes = vec![0; players];
            for board in rounds(players).iter().flatten() {
                if let Board::Bye(seat) = *board {
                    byes[seat] += 1;
                }
            }
            let expected = if players % 2 == 1 { 1 } else { 0 };
            assert!(byes.iter().all(|&b| b == expected), "{players}: {byes:?}");
        }
    }

    #[test]
    fn each_players_black_and_white_games_differ_by_at_most_one() {
        for players in 2..=16 {
            let mut black = vec![0_i32; players];
            let mut white = vec![0_i32; players];
            for board in rounds(players).iter().flatten() {
                if let Board::Game(p) = *board {
                    black[p.black] += 1;
                    white[p.white] += 1;
                }
            }
            for seat in 0..players {
                let difference = (black[seat] - white[seat]).abs();
                assert!(
                    difference <= 1,
                    "{players} players, seat {seat}: {difference}"
                );
            }
        }
    }

    #[test]
    fn fewer_than_two_or_too_many_players_have_no_rounds() {
        assert!(rounds(0).is_empty());
        assert!(rounds(1).is_empty());
        assert!(rounds(MAX_PLAYERS + 1).is_empty());
        assert!(rounds(usize::MAX).is_empty());
        assert_eq!(
            rounds(2),
            vec![vec![Board::Game(Pairing { black: 0, white: 1 })]]
        );
    }
}
