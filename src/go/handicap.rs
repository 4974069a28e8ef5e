//! Handicap: the conventional points of fixed placement (GTP's `fixed_handicap`, SGF `HA` and
//! `AB`), the game that starts from them with White to move, and the komi each rule set gives
//! White in a handicap game.

use super::{Board, BoardSize, Color, Game, Komi, Point, RuleSet, Rules};

/// The fewest handicap stones: one stone is no handicap (it is an even game without komi).
pub const MIN_HANDICAP: u8 = 2;

/// Why a number of stones cannot be placed on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    /// Fixed placement needs a board of 7×7 or more.
    #[error("a {0} board has no handicap points (7×7 and larger have)")]
    BoardTooSmall(BoardSize),
    /// Between 2 and [`max_fixed`] stones.
    #[error("{stones} handicap stones do not fit a {size} board (2 to {max})")]
    Count {
        stones: u8,
        size: BoardSize,
        max: u8,
    },
}

/// The most stones fixed placement puts on a board: 9 on odd sizes from 9×9, 4 on 7×7 and on
/// even sizes (which have no centre line), none below 7×7.
pub const fn max_fixed(size: BoardSize) -> u8 {
    let n = size.get();
    if n < 7 {
        0
    } else if n % 2 == 1 && n >= 9 {
        9
    } else {
        4
    }
}

/// The points of `stones` handicap stones in fixed placement, as GNU Go and the GTP
/// specification place them: the star points on the fourth line from 12×12 and on the third
/// below; two stones in opposite corners, three and four in the corners, five with the centre,
/// six and seven with the middles of the left and right sides (and the centre for seven), eight
/// and nine with all four side middles (and the centre for nine).
pub fn fixed_points(size: BoardSize, stones: u8) -> Result<Vec<Point>, HandicapError> {
    let max = max_fixed(size);
    if max == 0 {
        return Err(HandicapError::BoardTooSmall(size));
    }
    if !(MIN_HANDICAP..=max).contains(&stones) {
        return Err(HandicapError::Count { stones, size, max });
    }
    let n = size.get();
    let edge = if n >= 12 { 3 } else { 2 };
    let (lo, mid, hi) = (edge, n / 2, n - 1 - edge);
    // The corners in the order of the GTP specification's list: lower left, upper right, upper
    // left, lower right.
    let corners = [(lo, lo), (hi, hi), (lo, hi), (hi, lo)];
    let mut at = corners[..usize::from(stones.min(4))].to_vec();
    if stones >= 6 {
        at.extend([(lo, mid), (hi, mid)]);
    }
    if stones >= 8 {
        at.extend([(mid, lo), (mid, hi)]);
    }
    if stones % 2 == 1 && stones >= 5 {
        at.push((mid, mid));
    }
    Ok(at
        .into_iter()
        .filter_map(|(col, row)| Point::new(col, row))
        .collect())
}

/// A game that starts from `points` as Black's handicap stones, White to move.
pub fn handicap_game(size: BoardSize, points: &[Point], rules: Rules) -> Game {
    let mut board = Board::new(size);
    board.set_stones(points.iter().map(|&p| (p, Some(Color::Black))));
    Game::from_setup(board, Color::White, rules)
}

/// White's komi in a game of `stones` handicap stones under `rules`: ½ point (no tie), plus
/// the compensation the rule set gives for stones counted on the board — under Chinese
/// counting White gets back half the stones in *zi*, a point a stone; under the AGA's, a point
/// a stone after the first. Territory counting (Japanese, Korean), the Ing rules (whose
/// handicap is moves given, 让手) and the seed's classic rules give none. One stone is 让先 (no komi, Black first, no stone placed): ½ point; none is the
/// rule set's own komi.
pub fn handicap_komi(rules: RuleSet, stones: u8) -> Komi {
    match stones {
        0 => return rules.rules().komi,
        1 => return Komi::from_half_points(1),
        _ => {}
    }
    let per_stone = i32::from(stones);
    let compensation = match rules {
        RuleSet::Chinese => per_stone,
        RuleSet::Aga => per_stone - 1,
        // Ing's handicap is 让手, moves given rather than points: no compensation.
        RuleSet::Classic | RuleSet::Japanese | RuleSet::Korean | RuleSet::Ing => 0,
    };
    Komi::from_half_points(1 + 2 * compensation)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: u8, stones: u8) -> Vec<String> {
        let size = BoardSize::new(size).unwrap();
        let mut v: Vec<String> = fixed_points(size, stones)
            .unwrap()
            .into_iter()
            .map(|p| p.to_string())
            .collect();
        v.sort();
        v
    }

    fn sorted(s: &str) -> Vec<String> {
        let mut v: Vec<String> = s.split_whitespace().map(str::to_owned).collect();
        v.sort();
        v
    }

    /// GNU Go 3.8's answers to `fixed_handicap` (tests/engine/gnugo_differential.rs asks it again
    /// when it is installed).
    #[test]
    fn the_points_are_gnu_gos() {
        let table = [
            (7, 2, "E5 C3"),
            (7, 4, "C5 E5 C3 E3"),
            (8, 3, "C6 F6 C3"),
            (9, 2, "G7 C3"),
            (9, 5, "C7 G7 E5 C3 G3"),
            (9, 6, "C7 G7 C5 G5 C3 G3"),
            (9, 7, "C7 G7 C5 E5 G5 C3 G3"),
            (9, 8, "C7 E7 G7 C5 G5 C3 E3 G3"),
            (9, 9, "C7 E7 G7 C5 E5 G5 C3 E3 G3"),
            (13, 3, "D10 K10 D4"),
            (13, 9, "D10 G10 K10 D7 G7 K7 D4 G4 K4"),
            (19, 2, "Q16 D4"),
            (19, 3, "D16 Q16 D4"),
            (19, 4, "D16 Q16 D4 Q4"),
            (19, 5, "D16 Q16 K10 D4 Q4"),
            (19, 6, "D16 Q16 D10 Q10 D4 Q4"),
            (19, 7, "D16 Q16 D10 K10 Q10 D4 Q4"),
            (19, 8, "D16 K16 Q16 D10 Q10 D4 K4 Q4"),
            (19, 9, "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"),
        ];
        for (size, stones, gnugo) in table {
            assert_eq!(
                names(size, stones),
                sorted(gnugo),
                "{size}×{size}, {stones}"
            );
        }
    }

    #[test]
    fn counts_beyond_the_board_are_refused() {
        let size = |n| BoardSize::new(n).unwrap();
        assert_eq!(
            fixed_points(size(5), 2),
            Err(HandicapError::BoardTooSmall(size(5)))
        );
        assert_eq!(
            fixed_points(size(10), 5),
            Err(HandicapError::Count {
                stones: 5,
                size: size(10),
                max: 4
            })
        );
        assert!(fixed_points(size(19), 1).is_err());
        assert!(fixed_points(size(19), 10).is_err());
    }

    #[test]
    fn white_moves_first_after_the_stones() {
        let size = BoardSize::NINE;
        let points = fixed_points(size, 3).unwrap();
        let game = handicap_game(size, &points, RuleSet::Chinese.rules());
        assert_eq!(game.to_move(), Color::White);
        let expected = "\
            . . . . . . . . .
            . . . . . . . . .
            . . X . . . X . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . X . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        assert_eq!(game.board(), &Board::from_diagram(expected).unwrap());
    }

    #[test]
    fn komi_follows_the_rule_set() {
        let k = |r, n| handicap_komi(r, n).to_string();
        assert_eq!(k(RuleSet::Chinese, 4), "4.5", "a point a stone, half a zi");
        assert_eq!(k(RuleSet::Aga, 4), "3.5", "a point a stone after the first");
        assert_eq!(k(RuleSet::Japanese, 4), "0.5");
        assert_eq!(k(RuleSet::Korean, 9), "0.5");
        assert_eq!(k(RuleSet::Classic, 2), "0.5");
        assert_eq!(k(RuleSet::Chinese, 0), "7.5", "no handicap, the usual komi");
        assert_eq!(k(RuleSet::Chinese, 1), "0.5", "让先: no komi, Black first");
    }
}
