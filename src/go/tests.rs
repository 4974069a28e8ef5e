//! Scenario tests of the engine, positions drawn as text diagrams (top row first, `X` black,
//! `O` white, `.` empty). Each test is named after the rule it shows.

use super::*;

/// Inner black (B1, A2, B2; eye A1) and inner white (A4–B6; eye A5) share A3: whoever fills
/// it puts their own chain in atari. A seki, each inner chain with one eye. Shared by the
/// counting, Benson and estimate tests.
pub(crate) const SEKI: &str = "
    X X X . . . .
    O O X . . . .
    . O X . . . .
    O O X . . . .
    . O X X X X X
    X X O O O O O
    . X O . . . .";

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap()
}

fn rows(diagram: &str) -> Vec<String> {
    diagram
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .filter(|l| !l.is_empty())
        .collect()
}

fn game(diagram: &str, to_move: Color, rules: RuleSet) -> Game {
    Game::from_setup(board(diagram), to_move, rules.rules())
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = if m == "pass" {
            Move::Pass
        } else {
            Move::Play(pt(m))
        };
        if let Err(e) = g.play(mv) {
            panic!("{m} refused: {e}\n{:?}", g.board());
        }
        g.board().assert_consistent();
    }
}

#[test]
fn a_move_captures_several_chains_at_once() {
    let mut g = game(
        "
        . . . . .
        . . . . .
        O O O O .
        O X X O .
        X . X O .",
        Color::White,
        RuleSet::Classic,
    );
    // Nothing is captured yet; also the position the other way round:
    let mut g2 = game(
        "
        . . . . .
        . . . . .
        X X . . .
        O O X . .
        X . O X .",
        Color::Black,
        RuleSet::Classic,
    );
    let played = g2.play(Move::Play(pt("B1"))).unwrap();
    assert_eq!(
        played.captured, 3,
        "A2–B2 and C1 both had B1 as their last liberty"
    );
    assert_eq!(
        g2.board().rows(),
        rows(
            "
            . . . . .
            . . . . .
            X X . . .
            . . X . .
            X X . X ."
        )
    );
    assert_eq!(g2.captures(), ByColor { black: 3, white: 0 });
    // White fills B2? No: B2 is a black stone; the two black chains B3/C3/C2 and A1 share B1.
    let played = g.play(Move::Play(pt("B1"))).unwrap();
    assert_eq!(played.captured, 4);
    assert_eq!(g.board().get(pt("A1")), None);
    assert_eq!(g.board().get(pt("C2")), None);
}

#[test]
fn snapback_retakes_at_once_because_it_captures_more_than_one_stone() {
    let mut g = game(
        "
        . . . . .
        . . . . .
        O O . . .
        X X O . .
        . . O . .",
        Color::White,
        RuleSet::Classic,
    );
    play(&mut g, "A1"); // the throw-in
    let p = g.play(Move::Play(pt("B1"))).unwrap();
    assert_eq!(p.captured, 1);
    assert_eq!(
        g.board().ko_point(Color::White),
        None,
        "not a ko: black's chain has three stones"
    );
    let p = g.play(Move::Play(pt("A1"))).unwrap();
    assert_eq!(p.captured, 3);
    assert_eq!(g.captures(), ByColor { black: 1, white: 3 });
}

#[test]
fn capture_is_judged_before_suicide() {
    let mut g = game(
        "
        . . . . .
        . . . . .
        . . . . .
        O X . . .
        . O X . .",
        Color::Black,
        RuleSet::Classic,
    );
    // A1 has no empty neighbour, but it takes B1's last liberty.
    let p = g.play(Move::Play(pt("A1"))).unwrap();
    assert_eq!(p.captured, 1);
    assert_eq!(g.board().liberties(pt("A1")), vec![pt("B1")]);
}

#[test]
fn single_stone_suicide_is_refused_and_changes_nothing() {
    let g0 = game(
        "
        . . . . .
        . . . . .
        . . . . .
        O . . . .
        . O . . .",
        Color::Black,
        RuleSet::Classic,
    );
    let mut g = g0.clone();
    assert_eq!(g.play(Move::Play(pt("A1"))), Err(IllegalMove::Suicide));
    assert_eq!(g.board(), g0.board());
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.moves().len(), 0);
    // White may play there: it is its own eye-like point with liberties through the chain? No —
    // a white stone on A1 joins A2 and B1 and keeps their liberties.
    assert!(g.is_legal_for(Color::White, Move::Play(pt("A1"))));
}

#[test]
fn group_suicide_is_refused() {
    let mut g = game(
        "
        . . . . .
        . . . . .
        O . . . .
        X O . . .
        . O . . .",
        Color::Black,
        RuleSet::Chinese,
    );
    assert_eq!(g.play(Move::Play(pt("A1"))), Err(IllegalMove::Suicide));
    assert_eq!(g.board().get(pt("A2")), Some(Color::Black));
}

#[test]
fn occupied_and_off_board_points_are_refused() {
    let mut g = Game::new(BoardSize::new(7).unwrap(), RuleSet::Classic.rules());
    play(&mut g, "D4");
    assert_eq!(g.play(Move::Play(pt("D4"))), Err(IllegalMove::Occupied));
    assert_eq!(g.play(Move::Play(pt("H8"))), Err(IllegalMove::OffBoard));
    assert_eq!(g.play(Move::Play(pt("T19"))), Err(IllegalMove::OffBoard));
    assert_eq!(g.to_move(), Color::White);
}

const KO: &str = "
    . . . . .
    . . . . .
    . X O . .
    X . X O .
    . X O . .";

#[test]
fn simple_ko_is_refused_then_legal_after_a_ko_threat() {
    for rules in RuleSet::ALL {
        let mut g = game(KO, Color::White, rules);
        let p = g.play(Move::Play(pt("B2"))).unwrap();
        assert_eq!(p.captured, 1);
        assert_eq!(g.board().ko_point(Color::Black), Some(pt("C2")));
        assert_eq!(
            g.play(Move::Play(pt("C2"))),
            Err(IllegalMove::Ko),
            "{rules}: the immediate retake"
        );
        play(&mut g, "E5 E4"); // a threat and its answer
        let p = g.play(Move::Play(pt("C2"))).unwrap();
        assert_eq!(p.captured, 1, "{rules}: the retake after the exchange");
    }
}

#[test]
fn the_ko_ban_lasts_one_move_and_a_pass_lifts_it() {
    let mut g = game(KO, Color::White, RuleSet::Classic);
    play(&mut g, "B2 pass pass");
    // The game ended on two passes; a fresh game from the same ko shows the pass lifting the ban.
    assert!(g.is_over());
    let mut g = game(KO, Color::White, RuleSet::Classic);
    play(&mut g, "B2 pass");
    // Black passed instead of retaking, White played nothing: Black may now retake? No, it is
    // White's turn after Black's pass; White fills the ko elsewhere.
    assert_eq!(g.to_move(), Color::White);
    play(&mut g, "E5");
    assert!(g.is_legal(Move::Play(pt("C2"))));
}

#[test]
fn two_passes_in_a_row_end_the_game() {
    let mut g = Game::new(BoardSize::NINE, RuleSet::Classic.rules());
    play(&mut g, "E5 pass D4 pass");
    assert!(!g.is_over(), "passes not in a row");
    play(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!(g.play(Move::Pass), Err(IllegalMove::GameOver));
    assert!(g.legal_moves().is_empty());
}

/// A dispute in the agreement phase resumes a game over by passes: the opponent of the last
/// passer moves, the pass streak starts again, and AGA pass stones already given are kept.
#[test]
fn a_game_over_by_passes_resumes_and_keeps_its_pass_stones() {
    let mut g = Game::new(BoardSize::NINE, RuleSet::Aga.rules());
    assert!(!g.resume(), "a game in progress has nothing to resume");
    play(&mut g, "E5 pass pass pass");
    assert!(g.is_over());
    assert!(g.resume());
    assert!(!g.is_over());
    assert_eq!(g.consecutive_passes(), 0);
    assert_eq!(g.to_move(), Color::Black, "White passed last");
    assert_eq!(g.pass_stones(), ByColor { black: 2, white: 1 });
    play(&mut g, "D4 pass pass");
    assert!(!g.is_over(), "White must still pass last");
    play(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!(g.pass_stones(), ByColor { black: 4, white: 2 });
}

#[test]
fn aga_white_passes_last_and_each_pass_hands_over_a_stone() {
    let mut g = Game::new(BoardSize::NINE, RuleSet::Aga.rules());
    play(&mut g, "E5 pass pass");
    assert!(
        !g.is_over(),
        "White passed, then Black: White must pass last"
    );
    assert_eq!(g.to_move(), Color::White);
    play(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!(g.pass_stones(), ByColor { black: 2, white: 1 });
    assert_eq!(g.prisoners(), ByColor { black: 2, white: 1 });
    let mut g = Game::new(BoardSize::NINE, RuleSet::Aga.rules());
    play(&mut g, "pass pass");
    assert!(g.is_over(), "Black then White passing ends at once");
    let mut g = Game::new(BoardSize::NINE, RuleSet::Chinese.rules());
    play(&mut g, "E5 pass pass");
    assert!(g.is_over(), "other rule sets end on any two passes");
    assert_eq!(g.pass_stones(), ByColor::default());
}

#[test]
fn corners_and_edges_capture_on_every_size() {
    for n in MIN_SIZE..=MAX_SIZE {
        let size = BoardSize::new(n).unwrap();
        let last = n - 1;
        let at = |c: u8, r: u8| Move::Play(size.point(c, r).unwrap());
        // White in the top-right corner, taken by two black stones.
        let mut g = Game::new(size, RuleSet::Classic.rules());
        for (c, m) in [
            (Color::Black, at(last - 1, last)),
            (Color::White, at(last, last)),
            (Color::Black, at(last, last - 1)),
        ] {
            g.play_as(c, m).unwrap();
        }
        assert_eq!(g.captures().black, 1, "{size}");
        assert!(g.board().get(size.point(last, last).unwrap()).is_none());
        // A white stone on the bottom edge, taken by three.
        let mut g = Game::new(size, RuleSet::Classic.rules());
        let mid = n / 2;
        g.play_as(Color::White, at(mid, 0)).unwrap();
        for m in [at(mid - 1, 0), at(mid + 1, 0), at(mid, 1)] {
            g.play_as(Color::Black, m).unwrap();
        }
        assert_eq!(g.captures().black, 1, "{size}");
        g.board().assert_consistent();
        // Off the board for this size, on the board for the next.
        if n < MAX_SIZE {
            let beyond = Point::new(n, 0).unwrap();
            assert_eq!(
                g.check(Color::White, Move::Play(beyond)),
                Err(IllegalMove::OffBoard)
            );
        }
    }
}
