//! Rule cases with known verdicts, written as text diagrams and move sequences.
//!
//! Where they come from:
//! - The ko cases of KataGo's rules test suite (`cpp/tests/testrules.cpp` in
//!   lightvector/KataGo): the "regular ko and a sending two returning one" position under simple,
//!   positional and situational ko, the triple ko under simple ko and positional superko, and the
//!   "eternal life" cycle. KataGo's boards there are rectangles (6×5, 7×6, 8×5); ours are
//!   square, so each is padded with empty rows on a side where no chain in play touches them
//!   (checked case by case in the comments). The verdicts are KataGo's: the points it lists as
//!   illegal for reasons other than suicide are exactly the points our engine refuses as `Ko`
//!   or `Superko`. Where KataGo states no superko verdict (eternal life), the verdict is derived
//!   in the comment.
//! - Textbook situations of the rules of Go: a simple ko refused at once and legal after a ko
//!   threat exchange, snapback, capture of several chains at once, a capture that saves a move
//!   from being suicide, single-stone and group suicide, edges and corners, and the AGA pass
//!   rules (pass stones, "White passes last").
//!
//! Every assertion is on a verdict or a position that a broken engine would get wrong.

use tengen::go::{Board, BoardSize, Color, Game, IllegalMove, KoRule, Move, Point, RuleSet, Rules};

use IllegalMove::{Ko, Occupied, OffBoard, Suicide, Superko};

fn pt(s: &str) -> Point {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn mv(s: &str) -> Move {
    if s.eq_ignore_ascii_case("pass") {
        Move::Pass
    } else {
        Move::Play(pt(s))
    }
}

fn setup(diagram: &str, to_move: Color, rules: Rules) -> Game {
    let board = Board::from_diagram(diagram).unwrap_or_else(|e| panic!("diagram: {e}"));
    Game::from_setup(board, to_move, rules)
}

/// Plays space-separated moves, each by the side to move; every one must be legal.
fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let color = game.to_move();
        if let Err(e) = game.play(mv(m)) {
            panic!("{color} {m} refused ({e:?}) in\n{game:?}");
        }
    }
}

/// The points the side to move may not play because of ko or superko, with the reason —
/// KataGo's "Illegal:" list (every illegal empty point that is not a suicide).
fn ko_bans(game: &Game) -> Vec<(String, IllegalMove)> {
    let color = game.to_move();
    let mut bans: Vec<(String, IllegalMove)> = game
        .size()
        .all_points()
        .filter_map(|p| match game.check(color, Move::Play(p)) {
            Err(e @ (Ko | Superko)) => Some((p.to_string(), e)),
            _ => None,
        })
        .collect();
    bans.sort_by(|a, b| a.0.cmp(&b.0));
    bans
}

fn expect_bans(game: &Game, expected: &[(&str, IllegalMove)], when: &str) {
    let mut want: Vec<(String, IllegalMove)> =
        expected.iter().map(|&(p, e)| (p.to_owned(), e)).collect();
    want.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(ko_bans(game), want, "{when}\n{game:?}");
}

fn rows(diagram: &str) -> Vec<String> {
    diagram
        .lines()
        .map(|l| l.split_whitespace().collect::<String>())
        .filter(|l| !l.is_empty())
        .collect()
}

fn rules_with(preset: RuleSet, ko: KoRule) -> Rules {
    let mut rules = preset.rules();
    rules.ko = ko;
    rules
}

// ---------------------------------------------------------------------------------------------
// KataGo testrules.cpp: "Ko rule testing with a regular ko and a sending two returning 1".
//
// KataGo's 6×5 board plus an empty sixth row at the bottom (row 1). Only White's big, safe
// chain along the old bottom edge touches the new row; no move of the case is near it.
// KataGo (x, y) with y from the top maps to column A+x, row 6−y: (5,1) = F5, (5,0) = F6,
// (3,2) = D4, (2,0) = C6, (0,0) = A6, (1,0) = B6.
//
// The ko is F5/F6. The "sending two returning one" is at A6–C6: White throws in at C6 (two
// white stones in atari), Black captures both with A6, White recaptures the single stone with B6,
// which restores the position before the throw-in with the other player to move.

const SEND_TWO: &str = "
    . O . X X O
    O X X X O .
    O . X . O O
    X X X O O .
    O O O O . O
    . . . . . .
";

#[test]
fn katago_send_two_return_one_positional() {
    let mut g = setup(SEND_TWO, Color::Black, RuleSet::Chinese.rules());
    play(&mut g, "F5");
    expect_bans(&g, &[("F6", Ko)], "after Black's ko capture");
    play(&mut g, "pass");
    expect_bans(&g, &[], "after the ko capture and White's pass");
    play(&mut g, "D4 C6");
    expect_bans(&g, &[], "after White sends two");
    play(&mut g, "A6");
    expect_bans(&g, &[("B6", Superko)], "can White return one at once?");
    play(&mut g, "F6");
    expect_bans(
        &g,
        &[("F5", Ko)],
        "after White retakes the other ko instead",
    );
    play(&mut g, "pass");
    expect_bans(&g, &[], "... and Black passes");
    play(&mut g, "B6");
    expect_bans(&g, &[("F5", Superko)], "after White now returns one");
    play(&mut g, "pass");
    expect_bans(&g, &[], "... and Black passes");
    play(&mut g, "C6");
    expect_bans(
        &g,
        &[("A6", Superko), ("F5", Superko)],
        "after White sends two again",
    );
    assert!(!g.is_over());
}

#[test]
fn katago_send_two_return_one_situational() {
    let mut g = setup(SEND_TWO, Color::Black, RuleSet::Aga.rules());
    play(&mut g, "F5");
    expect_bans(&g, &[("F6", Ko)], "after Black's ko capture");
    play(&mut g, "pass");
    expect_bans(&g, &[], "after the ko capture and White's pass");
    play(&mut g, "D4 C6");
    expect_bans(&g, &[], "after White sends two");
    play(&mut g, "A6");
    // Returning one recreates the position after D4 — but with Black to move, not White.
    expect_bans(
        &g,
        &[],
        "can White return one at once? (yes, situationally)",
    );
    play(&mut g, "F6");
    expect_bans(
        &g,
        &[("F5", Ko)],
        "after White retakes the other ko instead",
    );
    play(&mut g, "pass");
    expect_bans(&g, &[], "... and Black passes");
    play(&mut g, "B6");
    expect_bans(&g, &[("F5", Superko)], "after White now returns one");
    play(&mut g, "pass");
    expect_bans(&g, &[], "... and Black passes");
    play(&mut g, "C6");
    // A6 would recreate the stones after White's F6 with White to move: that situation exists
    // only thanks to Black's pass after F6 — a cycle through a pass. F5 would recreate the
    // position after White's first C6, where Black was to move: legal situationally, though
    // positional superko refuses it (above).
    expect_bans(&g, &[("A6", Superko)], "after White sends two again");
    assert!(!g.is_over());
}

#[test]
fn katago_send_two_return_one_simple_ko() {
    // Simple ko with White passing last, so that White's pass and Black's pass do not end it.
    let mut g = setup(
        SEND_TWO,
        Color::Black,
        rules_with(RuleSet::Aga, KoRule::Simple),
    );
    play(&mut g, "F5");
    expect_bans(&g, &[("F6", Ko)], "after Black's ko capture");
    play(&mut g, "pass");
    expect_bans(&g, &[], "after the ko capture and one pass");
    play(&mut g, "pass");
    assert!(
        !g.is_over(),
        "Black's pass after White's must not end the game"
    );
    expect_bans(&g, &[], "after the ko capture and two passes");
    play(&mut g, "F6");
    expect_bans(&g, &[("F5", Ko)], "after White's recapture");
    play(&mut g, "D4");
    let before_cycle = g.board().rows();
    // Sending two, returning one, twice over: nothing is ever banned under simple ko.
    for _ in 0..2 {
        play(&mut g, "C6");
        expect_bans(&g, &[], "after White sends two");
        play(&mut g, "A6");
        expect_bans(&g, &[], "after Black captures two");
        play(&mut g, "B6");
        expect_bans(&g, &[], "after White returns one");
        assert_eq!(
            g.board().rows(),
            before_cycle,
            "the cycle restores the stones"
        );
        play(&mut g, "pass");
        expect_bans(&g, &[], "after Black passes");
    }
}

// ---------------------------------------------------------------------------------------------
// KataGo testrules.cpp: "Triple ko simple" and "Triple ko superko".
//
// KataGo's 7×6 board plus an empty seventh row at the bottom; only White's safe bottom wall
// touches it. (3,1) = D6, (1,2) = B5, (5,1) = F6, (3,2) = D5, (1,1) = B6, (5,2) = F5.
// Three kos (B5/B6, D5/D6, F5/F6) hold Black's big chain and White's top chain; each side
// keeps retaking, and every six moves the whole board repeats.

const TRIPLE_KO: &str = "
    O O O O O O O
    O X O . O . O
    X . X O X O X
    X X X X X X X
    O O O O O O O
    . . . . . . .
    . . . . . . .
";

const TRIPLE_KO_CYCLE: &str = "D6 B5 F6 D5 B6 F5";

#[test]
fn katago_triple_ko_simple_ko_cycles_forever() {
    let mut g = setup(TRIPLE_KO, Color::Black, RuleSet::Classic.rules());
    let start = g.board().rows();
    assert_eq!(start, rows(TRIPLE_KO));
    for round in 0..3 {
        play(&mut g, TRIPLE_KO_CYCLE);
        assert_eq!(g.board().rows(), start, "round {round} repeats the start");
    }
    assert_eq!(g.captures()[Color::Black], 9);
    assert_eq!(g.captures()[Color::White], 9);
}

#[test]
fn katago_triple_ko_superko() {
    for (preset, name) in [
        (RuleSet::Chinese, "positional"),
        (RuleSet::Aga, "situational"),
    ] {
        let mut g = setup(TRIPLE_KO, Color::Black, preset.rules());
        play(&mut g, "D6 B5 F6 D5 B6");
        // B5 retakes the ko just taken; F5 would bring back the starting position (Black to
        // move in both, so situational superko refuses it too).
        expect_bans(&g, &[("B5", Ko), ("F5", Superko)], name);
        assert_eq!(g.check(Color::White, mv("F5")), Err(Superko), "{name}");
        assert!(!g.is_legal(mv("F5")), "{name}");
        assert_eq!(g.clone().play(mv("F5")), Err(Superko), "{name}");
        // The game is unchanged by the refused move.
        assert_eq!(g.moves().len(), 5, "{name}");
    }
}

// ---------------------------------------------------------------------------------------------
// KataGo testrules.cpp: "Eternal life" (simple ko; KataGo ends it as a no-result cycle).
//
// KataGo's 8×5 board sits at the bottom of an 8×8 board; the three rows added on top are above
// KataGo's own empty top row, so no chain touches them. Row 1 is KataGo's y = 4.
// Black C1 (atari on both), White E1 captures two, Black D1 captures two, White F1 — and the
// board is back where it started, with no ko anywhere (every capture takes two stones). Simple
// ko allows the cycle; both superko rules refuse White's F1, which recreates the starting
// position with Black to move.

const ETERNAL_LIFE: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    O O O O O O . .
    X X X X X O . .
    X O O O X X O O
    . O . X . O X .
";

#[test]
fn katago_eternal_life_simple_ko_cycles() {
    let mut g = setup(ETERNAL_LIFE, Color::Black, RuleSet::Classic.rules());
    for _ in 0..2 {
        play(&mut g, "C1 E1 D1 F1");
        assert_eq!(g.board().rows(), rows(ETERNAL_LIFE));
    }
    assert_eq!(g.captures()[Color::Black], 4);
    assert_eq!(g.captures()[Color::White], 4);
}

#[test]
fn katago_eternal_life_superko() {
    for preset in [RuleSet::Chinese, RuleSet::Aga] {
        let mut g = setup(ETERNAL_LIFE, Color::Black, preset.rules());
        play(&mut g, "C1 E1 D1");
        assert_eq!(g.check(Color::White, mv("F1")), Err(Superko), "{preset}");
        expect_bans(&g, &[("F1", Superko)], preset.name());
    }
}

// ---------------------------------------------------------------------------------------------
// Ko: refused at once, legal after a ko threat exchange; passes and superko.

const KO: &str = "
    . . . . . . .
    . . . . . . .
    . . X O . . .
    . X O . O . .
    . . X O . . .
    . . . . . . .
    . . . . . . .
";

#[test]
fn simple_ko_refused_then_legal_after_threat_exchange() {
    for preset in RuleSet::ALL {
        let mut g = setup(KO, Color::Black, preset.rules());
        let played = g.play(mv("D4")).expect("Black takes the ko");
        assert_eq!(played.captured, 1, "{preset}");
        assert_eq!(g.check(Color::White, mv("C4")), Err(Ko), "{preset}");
        assert_eq!(g.board().ko(), Some((pt("C4"), Color::White)), "{preset}");
        // White's threat, Black's answer: now White may retake.
        play(&mut g, "G7 A1");
        assert_eq!(g.check(Color::White, mv("C4")), Ok(()), "{preset}");
        let played = g.play(mv("C4")).expect("retake after the exchange");
        assert_eq!(played.captured, 1);
        // And now Black may not retake at once.
        assert_eq!(g.check(Color::Black, mv("D4")), Err(Ko), "{preset}");
    }
}

#[test]
fn passes_lift_the_simple_ko_ban_but_not_superko() {
    // White passes last under these rules, so White's pass then Black's pass do not end the game.
    for (ko, want) in [
        (KoRule::Simple, Ok(())),
        (KoRule::PositionalSuperko, Err(Superko)),
        (KoRule::SituationalSuperko, Err(Superko)),
    ] {
        let mut g = setup(KO, Color::Black, rules_with(RuleSet::Aga, ko));
        play(&mut g, "D4 pass pass");
        assert!(!g.is_over());
        // Retaking now restores the starting position, again with Black to move.
        assert_eq!(g.check(Color::White, mv("C4")), want, "{ko:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Captures.

#[test]
fn snapback() {
    let mut g = setup(
        "
        . . . . .
        . . . . .
        X X X X .
        O O O X .
        O . . X .
        ",
        Color::Black,
        RuleSet::Classic.rules(),
    );
    // Black throws in at B1; White captures it with C1 and is left with one liberty, B1.
    assert_eq!(g.play(mv("B1")).expect("throw-in").captured, 0);
    assert_eq!(g.play(mv("C1")).expect("White takes").captured, 1);
    // Taking back at B1 is no ko: it captures five stones.
    assert_eq!(g.board().ko(), None);
    assert_eq!(g.play(mv("B1")).expect("snapback").captured, 5);
    assert_eq!(
        g.board().rows(),
        rows(
            "
            . . . . .
            . . . . .
            X X X X .
            . . . X .
            . X . X .
        "
        )
    );
    assert_eq!(g.captures()[Color::Black], 5);
    assert_eq!(g.captures()[Color::White], 1);
}

#[test]
fn capture_of_several_chains_at_once() {
    let mut g = setup(
        "
        . X . . .
        X O X . .
        X O X . .
        O . O X .
        X . X . .
        ",
        Color::Black,
        RuleSet::Chinese.rules(),
    );
    let played = g.play(mv("B2")).expect("B2 captures");
    assert_eq!(played.captured, 4, "B4+B3, A2 and C2");
    assert_eq!(
        g.board().rows(),
        rows(
            "
            . X . . .
            X . X . .
            X . X . .
            . X . X .
            X . X . .
        "
        )
    );
    // A capture of several stones is no ko: nothing is banned.
    assert_eq!(g.board().ko(), None);
    assert_eq!(ko_bans(&g), vec![]);
}

#[test]
fn capture_saves_a_move_from_suicide_and_group_suicide() {
    let g = setup(
        "
        . . . . .
        . . . . .
        X . . . .
        O X . . .
        . O X . .
        ",
        Color::Black,
        RuleSet::Classic.rules(),
    );
    // A1 has no liberty of its own, but it takes A2 and B1, whose last liberty it is.
    assert_eq!(g.check(Color::Black, mv("A1")), Ok(()));
    // For White, A1 joins A2 and B1 into a chain with no liberty: group suicide.
    assert_eq!(g.check(Color::White, mv("A1")), Err(Suicide));
    let mut g2 = g.clone();
    assert_eq!(g2.play(mv("A1")).expect("legal").captured, 2);
    assert_eq!(g2.board().get(pt("A2")), None);
    assert_eq!(g2.board().get(pt("B1")), None);
}

#[test]
fn suicide_single_stone_and_group() {
    let g = setup(
        "
        . . . . .
        . . . . .
        O O . . .
        X X O . .
        . X O O .
        ",
        Color::Black,
        RuleSet::Chinese.rules(),
    );
    // Black A1 fills the last liberty of Black's own chain and captures nothing.
    assert_eq!(g.check(Color::Black, mv("A1")), Err(Suicide));
    // White A1 captures that chain instead.
    let mut w = g.clone();
    assert_eq!(
        w.play_as(Color::White, mv("A1")).expect("capture").captured,
        3
    );

    let lone = setup(
        "
        . . . . .
        . . . . .
        . . . . .
        O . . . .
        . O . . .
        ",
        Color::Black,
        RuleSet::Classic.rules(),
    );
    assert_eq!(lone.check(Color::Black, mv("A1")), Err(Suicide));
    assert_eq!(lone.check(Color::White, mv("A1")), Ok(()));
    // A refused move changes nothing.
    let mut same = lone.clone();
    assert_eq!(same.play(mv("A1")), Err(Suicide));
    assert_eq!(same.board().rows(), lone.board().rows());
    assert_eq!(same.to_move(), Color::Black);
}

#[test]
fn edges_and_corners() {
    let mut g = setup(
        "
        O X . . .
        . . . . .
        . . . . .
        . . . . .
        . . X O X
        ",
        Color::Black,
        RuleSet::Classic.rules(),
    );
    // A corner point has two neighbours, an edge point three: White A5 is down to A4, Black B5
    // to C5 and B4, White D1 to D2.
    assert_eq!(g.board().liberties(pt("B5")).len(), 2);
    assert_eq!(g.board().liberties(pt("A5")), vec![pt("A4")]);
    assert_eq!(g.board().liberties(pt("D1")), vec![pt("D2")]);
    // Two stones capture in the corner...
    assert_eq!(g.play(mv("A4")).expect("corner capture").captured, 1);
    assert_eq!(g.board().get(pt("A5")), None);
    // ... three on the edge.
    play(&mut g, "C3");
    assert_eq!(g.play(mv("D2")).expect("edge capture").captured, 1);
    assert_eq!(g.board().get(pt("D1")), None);
    assert_eq!(g.captures()[Color::Black], 2);
    // The corner point just emptied: a White stone there would have no liberty.
    assert_eq!(g.check(Color::White, mv("A5")), Err(Suicide));
    // Occupied and off-board points.
    assert_eq!(g.check(Color::White, mv("C1")), Err(Occupied));
    assert_eq!(g.check(Color::White, mv("F1")), Err(OffBoard));
    assert_eq!(g.check(Color::White, mv("A6")), Err(OffBoard));
    // A 19×19 corner is a corner too.
    let mut big = Game::new(BoardSize::new(19).expect("19"), RuleSet::Classic.rules());
    play(&mut big, "T18 T19 S19");
    assert_eq!(big.board().get(pt("T19")), None);
    assert_eq!(big.captures()[Color::Black], 1);
}

// ---------------------------------------------------------------------------------------------
// AGA: pass stones and White passes last.

#[test]
fn aga_black_pass_then_white_pass_ends() {
    let mut g = Game::new(BoardSize::new(9).expect("9"), RuleSet::Aga.rules());
    assert!(!g.play(Move::Pass).expect("B pass").ended);
    let played = g.play(Move::Pass).expect("W pass");
    assert!(played.ended);
    assert!(g.is_over());
    assert_eq!(
        g.pass_stones()[Color::White],
        1,
        "Black's pass hands White a stone"
    );
    assert_eq!(
        g.pass_stones()[Color::Black],
        1,
        "White's pass hands Black a stone"
    );
    assert_eq!(g.prisoners()[Color::Black], 1);
    assert_eq!(g.check(Color::Black, mv("E5")), Err(IllegalMove::GameOver));
    assert_eq!(g.play(Move::Pass), Err(IllegalMove::GameOver));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn aga_white_pass_then_black_pass_does_not_end() {
    let mut g = Game::new(BoardSize::new(9).expect("9"), RuleSet::Aga.rules());
    play(&mut g, "E5");
    assert!(!g.play(Move::Pass).expect("W pass").ended);
    let played = g.play(Move::Pass).expect("B pass");
    assert!(!played.ended, "the last pass must be White's");
    assert!(!g.is_over());
    assert_eq!(g.consecutive_passes(), 2);
    assert_eq!(g.to_move(), Color::White);
    assert!(g.is_legal(mv("C3")), "White may still play");
    // White must pass again to end it.
    assert!(g.play(Move::Pass).expect("W pass again").ended);
    assert!(g.is_over());
    assert_eq!(g.pass_stones()[Color::Black], 2);
    assert_eq!(g.pass_stones()[Color::White], 1);
}

#[test]
fn aga_play_after_two_passes_resumes() {
    let mut g = Game::new(BoardSize::new(9).expect("9"), RuleSet::Aga.rules());
    play(&mut g, "E5 pass pass C3");
    assert!(!g.is_over());
    assert_eq!(g.consecutive_passes(), 0);
    play(&mut g, "pass");
    assert!(g.play(Move::Pass).expect("W pass").ended);
    // Four passes in all, two by each side.
    assert_eq!(g.pass_stones()[Color::Black], 2);
    assert_eq!(g.pass_stones()[Color::White], 2);
}

#[test]
fn other_rule_sets_end_on_any_two_passes_without_pass_stones() {
    for preset in [RuleSet::Classic, RuleSet::Chinese, RuleSet::Japanese] {
        let mut g = Game::new(BoardSize::new(9).expect("9"), preset.rules());
        play(&mut g, "E5 pass");
        assert!(g.play(Move::Pass).expect("B pass").ended, "{preset}");
        assert!(g.is_over());
        assert_eq!(g.pass_stones()[Color::Black], 0, "{preset}");
        assert_eq!(g.pass_stones()[Color::White], 0, "{preset}");
    }
}

/// Black's four stones, whose last liberty is A1: suicide under every rule set but Ing.
const FOUR_IN_THE_CORNER: &str = "
    . . . . .
    . . . . .
    O O . . .
    X X O . .
    . X O O .
";

/// The Ing rules (seed 002, on moves): 颗子自尽 — a lone stone's suicide — is forbidden;
/// 块子自尽 — the suicide of several stones — is allowed and takes them off the board.
#[test]
fn ing_allows_the_suicide_of_several_stones_only() {
    for other in RuleSet::ALL.into_iter().filter(|&r| r != RuleSet::Ing) {
        let g = setup(FOUR_IN_THE_CORNER, Color::Black, other.rules());
        assert_eq!(g.check(Color::Black, mv("A1")), Err(Suicide), "{other}");
    }
    let mut g = setup(FOUR_IN_THE_CORNER, Color::Black, RuleSet::Ing.rules());
    let played = g.play(mv("A1")).expect("a suicide of several stones");
    assert_eq!((played.captured, played.lost), (0, 4));
    assert_eq!(
        g.board().rows(),
        rows(
            "
            . . . . .
            . . . . .
            O O . . .
            . . O . .
            . . O O .
            "
        )
    );
    assert_eq!(
        g.captures()[Color::White],
        4,
        "White keeps them as prisoners"
    );
    assert_eq!(g.captures()[Color::Black], 0);
    assert_eq!(g.to_move(), Color::White);

    let lone = setup(
        "
        . . . . .
        . . . . .
        . . . . .
        O . . . .
        . O . . .
        ",
        Color::Black,
        RuleSet::Ing.rules(),
    );
    let mut same = lone.clone();
    assert_eq!(same.play(mv("A1")), Err(Suicide), "a lone stone's suicide");
    assert_eq!(same.board().rows(), lone.board().rows());
    // A move that captures is no suicide at all, under Ing as everywhere.
    assert_eq!(lone.check(Color::White, mv("A1")), Ok(()));
}

/// Superko applies to a suicide of several stones like to any move: one that brings back
/// an earlier position is refused.
#[test]
fn ing_suicide_that_repeats_a_position_is_superko() {
    let mut g = setup(
        "
        . . . . .
        . . . . .
        O O O . .
        O . O . .
        . . O . .
        ",
        Color::Black,
        RuleSet::Ing.rules(),
    );
    // Black builds B2–B1, whose one liberty is A1; filling it would take the three stones off
    // and leave the board as it started.
    play(&mut g, "B2 pass B1 pass");
    assert!(g.board().is_group_suicide(Color::Black, pt("A1")));
    assert_eq!(g.check(Color::Black, mv("A1")), Err(Superko), "{g:?}");
    // Without the repetition (a White stone elsewhere since), the same suicide is legal.
    let mut h = setup(
        "
        . . . . .
        . . . . .
        O O O . .
        O . O . .
        . . O . .
        ",
        Color::Black,
        RuleSet::Ing.rules(),
    );
    play(&mut h, "B2 E5 B1 pass A1");
    assert_eq!(h.board().stone_counts()[Color::Black], 0);
}

/// Black 16 (stones and A–B territory) against White 8 and komi 8, D2 neutral: equal scores.
const EQUAL_UNDER_KOMI_8: &str = "
    . . X O .
    . . X O .
    . . X O .
    . . X . O
    . . X X O
";

/// Komi 8 points under the Ing rules, and equal scores are Black's win (和棋黑胜).
#[test]
fn ing_tie_goes_to_black() {
    let mut g = setup(EQUAL_UNDER_KOMI_8, Color::Black, RuleSet::Ing.rules());
    assert_eq!(g.rules().komi.to_string(), "8");
    play(&mut g, "pass pass");
    assert!(g.is_over());
    let count = g.count(&[]);
    let s = count.half_points();
    assert_eq!((s.black, s.white), (32, 32), "{count:?}");
    assert_eq!(
        count.result(),
        tengen::go::GameResult::Points {
            winner: Color::Black,
            half_points: 0
        }
    );
    assert_eq!(count.result().to_string(), "B+0");
    // The same position under Chinese counting with an 8-point komi is a draw.
    let komi = "8".parse().expect("komi");
    let mut chinese = setup(
        EQUAL_UNDER_KOMI_8,
        Color::Black,
        RuleSet::Chinese.with_komi(komi),
    );
    play(&mut chinese, "pass pass");
    assert_eq!(chinese.count(&[]).result(), tengen::go::GameResult::Draw);
}
