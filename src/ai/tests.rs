//! Tests of the search on positions drawn as diagrams, of its determinism and of its rules:
//! legality in random games of every rule set, passing, resigning, the tree kept between
//! moves, the marking judgement.

use crate::go::light_playout::Rng;
use proptest::prelude::*;

use super::engine::*;
use super::*;
use crate::go::{Board, Color, DeadStones, Game, Komi, Move, RuleSet, Rules};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn game(diagram: &str, to_move: Color, rules: Rules) -> Game {
    Game::from_setup(Board::from_diagram(diagram).unwrap(), to_move, rules)
}

fn limits(playouts: u64) -> Limits {
    Limits {
        playouts,
        ..Limits::default()
    }
}

fn think(level: Level, game: &Game, playouts: u64, seed: u64) -> Decision {
    let mut e = Engine::new(
        level,
        Options {
            seed,
            resign: false,
            ..Options::default()
        },
    );
    e.genmove(game, &limits(playouts), &NoStop)
}

/// White's D4 is caught in a ladder by an atari from below (D3): it runs up and to the right
/// across an empty board into the edge.
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

/// White's E5 in Black's area has two liberties: E4 connects it home through the gap in
/// Black's wall, F5 leads into Black's area. Black must block at E4 (an atari), and White's
/// run to F5 is then caught in a ladder along the wall. With komi 24½ the game hangs on it.
const LADDER_STAKES: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . X . . . .
    . . . X O . . . .
    X X X X . X X X X
    O O O O O O O O O
    . . . . . . . . .
    . . . . . . . . .";

/// The engine blocks at E4, the atari that starts the ladder (F5 would let White connect
/// home). White then runs at each move, extending to the liberty that gives it the most; the
/// chain must end captured, and the reading must see the ladder that catches it.
#[test]
fn it_captures_in_a_ladder() {
    let rules = RuleSet::Chinese.with_komi(Komi::from_half_points(49));
    let mut g = game(LADDER_STAKES, Color::Black, rules);
    let mut engine = Engine::new(Level::Advanced, Options::default());
    for k in 0..20 {
        let d = engine.genmove(&g, &limits(4000), &NoStop);
        if k == 0 {
            assert_eq!(d, Decision::Play(pt("E4")));
        }
        let Some(mv) = d.to_move() else {
            panic!("the engine resigned\n{:?}", g.board())
        };
        g.play(mv).unwrap();
        if g.board().get(pt("E5")) != Some(Color::White) {
            return;
        }
        // A White pass (no run left) may end the game: the chain is then dead in atari.
        if g.is_over() {
            assert_eq!(g.board().liberties(pt("E5")).len(), 1, "{:?}", g.board());
            return;
        }
        if k == 0 {
            // White runs to F5: two liberties, and an atari on either side catches it.
            let mut pos = playout_board::Pos::from_board(g.board(), Color::White);
            assert!(tactics::runs_into_ladder(
                &mut pos,
                playout_board::WHITE,
                playout_board::cell(pt("F5")),
                120
            ));
        }
        // White runs to the liberty that gives it the most, or passes when it cannot run.
        let run = g
            .board()
            .liberties(pt("E5"))
            .into_iter()
            .filter_map(|l| {
                let mut b = g.board().clone();
                b.play(Color::White, l)
                    .ok()
                    .map(|_| (b.liberties(l).len(), l))
            })
            .max()
            .map_or(Move::Pass, |(_, l)| Move::Play(l));
        g.play(run).unwrap();
    }
    panic!("the chain was not captured\n{:?}", g.board());
}

/// Black's C2–D2 is in atari (White has just played D1); E2 gives it three liberties. A komi
/// of −4½ makes up for White's extra stones, so the chain is worth saving.
const IN_ATARI: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . O O . . . . .
    . O X X . . . . .
    . . O . . . . . .";

fn in_atari_rules() -> Rules {
    RuleSet::Chinese.with_komi(Komi::from_half_points(-9))
}

#[test]
fn it_saves_a_chain_in_atari_when_it_can() {
    let mut g = game(IN_ATARI, Color::White, in_atari_rules());
    g.play(Move::Play(pt("D1"))).unwrap();
    for level in Level::OWN {
        for seed in 1..4 {
            assert_eq!(
                think(level, &g, 1500, seed),
                Decision::Play(pt("E2")),
                "{level} seed {seed}"
            );
        }
    }
}

/// A seki on the left (A3 is the shared liberty: whoever plays it is captured), the rest
/// settled; each side has only its own area left to fill.
const SEKI: &str = "
    X X X . . . .
    O O X . . . .
    . O X . . . .
    O O X . . . .
    . O X X X X X
    X X O O O O O
    . X O . . . .";

#[test]
fn it_refuses_a_self_atari() {
    for (color, rules) in [
        (Color::Black, RuleSet::Chinese),
        (Color::White, RuleSet::Chinese),
        (Color::Black, RuleSet::Classic),
    ] {
        let g = game(SEKI, color, rules.rules());
        for seed in 1..4 {
            let d = think(Level::Advanced, &g, 2000, seed);
            assert_ne!(d, Decision::Play(pt("A3")), "{color} {rules} seed {seed}");
            if let Decision::Play(p) = d {
                let mut b = g.board().clone();
                b.play(color, p).unwrap();
                assert!(b.liberties(p).len() >= 2, "{color} {p} is a self-atari");
            }
        }
    }
}

/// Walls: Black holds columns A–E up to row 8 (44 points), White F–J (36); E9 is the last
/// neutral point. With komi 8½, Black wins by filling it and loses by passing.
const DAME: &str = "
    . . . X . O . . .
    . . . X X O . . .
    . . . X X O . . .
    . . . X X O . . .
    . . . X X O . . .
    . . . X X O . . .
    . . . X X O . . .
    . . . X X O . . .
    . . . X X O . . .";

#[test]
fn it_takes_the_last_neutral_point_where_area_counting_rewards_it() {
    for rules in [RuleSet::Classic, RuleSet::Chinese] {
        let rules = rules.with_komi(Komi::from_half_points(17));
        let mut g = game(DAME, Color::White, rules);
        // After White's pass, a pass by Black would end the game lost.
        g.play(Move::Pass).unwrap();
        for seed in 1..4 {
            assert_eq!(
                think(Level::Advanced, &g, 2000, seed),
                Decision::Play(pt("E9")),
                "{rules:?} seed {seed}"
            );
        }
    }
}

/// White's B5 is dead in Black's area; counted as it stands, it spoils that whole area.
/// White's own area is all stones and one-point eyes: nothing there for Black to take.
const DEAD_STONE: &str = "
    . . . X X O O . O
    . . . X X O . O O
    . . . X X O O O .
    . . . X X O . O O
    . O . X X O O O .
    . . . X X O . O O
    . . . X X O O O .
    . . . X X O . O O
    . . . X X O O O .";

#[test]
fn it_removes_a_dead_chain_before_passing_under_classic() {
    let rules = RuleSet::Classic.rules();
    let mut g = game(DEAD_STONE, Color::White, rules);
    g.play(Move::Pass).unwrap();
    let mut engine = Engine::new(
        Level::Advanced,
        Options {
            resign: false,
            ..Options::default()
        },
    );
    for _ in 0..30 {
        let d = engine.genmove(&g, &limits(2000), &NoStop);
        if d == Decision::Pass {
            assert!(
                g.board().get(pt("B5")).is_none(),
                "passed before capturing\n{:?}",
                g.board()
            );
            g.play(Move::Pass).unwrap();
            assert!(g.is_over());
            let result = g.count(&[]).result();
            assert_eq!(result.winner(), Some(Color::Black), "{result}");
            return;
        }
        g.play(d.to_move().unwrap()).unwrap();
        // White keeps passing.
        g.play(Move::Pass).unwrap();
    }
    panic!("never passed\n{:?}", g.board());
}

/// Black's wall on E and White's on F split the board, every point settled: Black's 45
/// points to White's 36 and komi 7½, Black by 1½.
const SPLIT: &str = "
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .";

#[test]
fn under_an_agreement_it_ends_a_won_game_on_the_opponents_pass() {
    let rules = RuleSet::Chinese.rules();
    assert_eq!(rules.dead_stones, DeadStones::Agreement);
    for seed in 1..=3 {
        let mut g = game(SPLIT, Color::White, rules);
        g.play(Move::Pass).unwrap();
        assert_eq!(think(Level::Advanced, &g, 2000, seed), Decision::Pass);
        // White, behind, does not pass after Black's pass.
        let mut g = game(SPLIT, Color::Black, rules);
        g.play(Move::Pass).unwrap();
        assert_ne!(think(Level::Advanced, &g, 2000, seed), Decision::Pass);
    }
}

#[test]
fn a_playout_bounded_search_is_deterministic_under_a_seed() {
    let g = game(LADDER, Color::Black, RuleSet::Chinese.rules());
    let run = || {
        let mut e = Engine::new(Level::Advanced, Options::default());
        let d = e.genmove(&g, &limits(3000), &NoStop);
        (d, e.last_search().best.clone())
    };
    assert_eq!(run(), run());
    // The weaker levels draw their choice from the same seeded generator.
    let weak = || think(Level::Beginner, &g, 300, 9);
    assert_eq!(weak(), weak());
}

#[test]
fn the_tree_is_kept_when_the_game_follows_it() {
    let mut g = Game::new(BoardSize::NINE, RuleSet::Chinese.rules());
    let mut e = Engine::new(Level::Advanced, Options::default());
    let d = e.genmove(&g, &limits(3000), &NoStop);
    g.play(d.to_move().unwrap()).unwrap();
    // The opponent answers with the reply the engine expected most.
    let node = e.tree.child(0, from_move(d.to_move().unwrap())).unwrap();
    let reply = e
        .tree
        .children(node)
        .max_by_key(|&c| e.tree.nodes[c].visits)
        .unwrap();
    g.play(to_move(e.tree.nodes[reply].mv as usize)).unwrap();
    e.genmove(&g, &limits(1000), &NoStop);
    assert!(e.last_search().reused > 0, "{:?}", e.last_search());
    // A game that does not follow it (an undo) starts afresh.
    let fresh = Game::new(BoardSize::NINE, RuleSet::Chinese.rules());
    e.genmove(&fresh, &limits(100), &NoStop);
    assert_eq!(e.last_search().reused, 0);
}

#[test]
fn a_cancelled_search_still_answers_a_legal_move() {
    let g = Game::new(BoardSize::NINETEEN, RuleSet::Aga.rules());
    // Without the opening book, which answers an empty board without a search.
    let options = Options {
        tuning: super::Tuning {
            book: Some(false),
            ..super::Tuning::default()
        },
        ..Options::default()
    };
    let mut e = Engine::new(Level::Advanced, options);
    let d = e.genmove(&g, &limits(1_000_000), &|| true);
    assert!(matches!(d, Decision::Play(_)), "{d:?}");
    assert!(g.is_legal(d.to_move().unwrap()));
    assert_eq!(e.last_search().playouts, 0);
}

/// Black has only a corner left and White the rest of the board: hopeless for Black.
const HOPELESS: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . O O O
    . . . . . . O X X
    . . . . . . O X .
    . . . . . . O X X
    . . . . . . O X .";

#[test]
fn it_resigns_a_hopeless_game_unless_told_not_to() {
    let mut hopeless = Board::from_diagram(HOPELESS).unwrap();
    // White everywhere on the left half, in living shape.
    let mut stones = Vec::new();
    for row in 0..9u8 {
        for col in 0..6u8 {
            if (col + row) % 3 != 1 {
                stones.push((Point::new(col, row).unwrap(), Some(Color::White)));
            }
        }
    }
    hopeless.set_stones(stones);
    let g = Game::from_setup(hopeless, Color::Black, RuleSet::Chinese.rules());
    let mut e = Engine::new(Level::Advanced, Options::default());
    let mut decisions = Vec::new();
    for _ in 0..3 {
        decisions.push(e.genmove(&g, &limits(1000), &NoStop));
    }
    assert_eq!(decisions.last(), Some(&Decision::Resign), "{decisions:?}");
    let mut stubborn = Engine::new(
        Level::Advanced,
        Options {
            resign: false,
            ..Options::default()
        },
    );
    for _ in 0..4 {
        assert_ne!(
            stubborn.genmove(&g, &limits(1000), &NoStop),
            Decision::Resign
        );
    }
}

/// A beginner answers an atari and never fills its own eye, at any seed.
#[test]
fn the_beginner_answers_ataris_and_keeps_its_eyes() {
    let mut g = game(IN_ATARI, Color::White, in_atari_rules());
    g.play(Move::Play(pt("D1"))).unwrap();
    let budget = Level::Beginner.default_limits(BoardSize::NINE).playouts;
    for seed in 1..12 {
        assert_eq!(
            think(Level::Beginner, &g, budget, seed),
            Decision::Play(pt("E2"))
        );
    }
    // Black's one-point eyes (A9, A7 …) are never filled, whatever else it plays.
    let eyes = "
        . X O . . . . . .
        X X O . . . . . .
        . X O . . . . . .
        X X O . . . . . .
        . X O . . . . . .
        X X O . . . . . .
        . X O . . . . . .
        X X O . . . . . .
        . X O . . . . . .";
    let g = game(eyes, Color::Black, RuleSet::Chinese.rules());
    for seed in 1..12 {
        let d = think(Level::Beginner, &g, budget, seed);
        for eye in ["A9", "A7", "A5", "A3", "A1"] {
            assert_ne!(d, Decision::Play(pt(eye)));
        }
    }
}

#[test]
fn under_aga_it_hands_over_pass_stones_and_white_passes_last() {
    // Two beginners play a small game to its end under AGA: the game enforces the rules and
    // the engines must cope (a Black pass after White's does not end it).
    let mut g = Game::new(BoardSize::new(7).unwrap(), RuleSet::Aga.rules());
    let mut black = Engine::new(
        Level::Beginner,
        Options {
            seed: 3,
            resign: false,
            ..Options::default()
        },
    );
    let mut white = Engine::new(
        Level::Beginner,
        Options {
            seed: 4,
            resign: false,
            ..Options::default()
        },
    );
    for _ in 0..300 {
        let e = if g.to_move() == Color::Black {
            &mut black
        } else {
            &mut white
        };
        let d = e.genmove(&g, &limits(200), &NoStop);
        let mv = d.to_move().unwrap();
        assert!(g.is_legal(mv), "{mv}\n{:?}", g.board());
        let played = g.play(mv).unwrap();
        if played.ended {
            assert_eq!(played.color, Color::White, "White passes last");
            return;
        }
    }
    panic!("the game did not end\n{:?}", g.board());
}

fn judge_board(diagram: &str, marking: &[&str]) -> MarkingVerdict {
    let mut g = game(diagram, Color::Black, RuleSet::Chinese.rules());
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    let marking: Vec<Point> = marking.iter().map(|s| pt(s)).collect();
    judge_marking(&g, Color::Black, &marking, 7)
}

/// H4 sits alone in White's area and C7 in Black's: both dead.
const LONE_STONES: &str = "
    . . . . X O . . .
    . . . . X O . . .
    . . O . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . X .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .";

#[test]
fn a_marking_it_agrees_with_is_accepted_and_one_it_does_not_disputed() {
    assert_eq!(
        judge_board(LONE_STONES, &["H4", "C7"]),
        MarkingVerdict::Accept
    );
    // Its own wall proposed dead: that chain is toggled back.
    assert_eq!(
        judge_board(LONE_STONES, &["H4", "C7", "E5"]),
        MarkingVerdict::Toggle(pt("E1"))
    );
    // The dead White stone in its area left alive: disputed too.
    assert_eq!(
        judge_board(LONE_STONES, &["H4"]),
        MarkingVerdict::Toggle(pt("C7"))
    );
}

/// A random legal game of `moves` moves under `rules` on a board of `size`, from `seed`.
fn random_game(size: u8, rules: RuleSet, moves: usize, seed: u64) -> Game {
    let mut g = Game::new(BoardSize::new(size).unwrap(), rules.rules());
    let mut rng = Rng::new(seed);
    for _ in 0..moves {
        if g.is_over() {
            break;
        }
        let legal = g.legal_moves();
        // Passes are rare but happen (they test the end of the game and pass stones).
        let mv = if rng.below(30) == 0 {
            Move::Pass
        } else {
            legal[rng.below(legal.len())]
        };
        g.play(mv).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Whatever the position, rule set and level, the move is legal in the game.
    #[test]
    fn the_engine_never_plays_an_illegal_move(
        size in prop::sample::select(vec![5u8, 7, 9, 13]),
        rules in prop::sample::select(RuleSet::ALL.to_vec()),
        level in prop::sample::select(Level::OWN.to_vec()),
        moves in 0usize..200,
        seed in any::<u64>(),
    ) {
        let g = random_game(size, rules, moves, seed);
        let mut e = Engine::new(level, Options { seed, ..Options::default() });
        let d = e.genmove(&g, &limits(60), &NoStop);
        if g.is_over() {
            prop_assert_eq!(d, Decision::Pass);
        } else if let Some(mv) = d.to_move() {
            prop_assert!(g.is_legal(mv), "{} illegal in\n{:?}", mv, g);
        }
    }
}

/// The engine moves to worker threads: everything in it is `Send`.
#[test]
fn the_engine_is_send() {
    fn send<T: Send>() {}
    send::<Engine>();
    send::<Limits>();
    send::<Decision>();
    send::<MarkingVerdict>();
}

/// F1's fate hangs on who moves first: Black at E1 makes a seki, White at E1 takes it (the
/// estimate's own fixture). With the komi between the two counts, it decides the game.
const WHO_MOVES_FIRST: &str = "
    X X X . . O .
    O O X . . . .
    . O X . . . .
    O O X . . . .
    . O X X X X X
    X X O O O O O
    . X O . . X .";

#[test]
fn an_unsettled_chain_that_decides_the_game_resumes_play() {
    let board = Board::from_diagram(WHO_MOVES_FIRST).unwrap();
    let base = Game::from_setup(board.clone(), Color::Black, RuleSet::Chinese.rules());
    let half = |dead: &[Point]| {
        let s = base.count(dead).half_points();
        s.black - (s.white - i64::from(base.rules().komi.half_points()))
    };
    let (alive, dead) = (half(&[pt("F7")]), half(&[pt("F7"), pt("F1")]));
    let komi = Komi::from_half_points(((alive + dead) / 2) as i32 | 1);
    let mut g = Game::from_setup(board, Color::Black, RuleSet::Chinese.with_komi(komi));
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    let verdicts: Vec<MarkingVerdict> = [&[pt("F7")][..], &[pt("F7"), pt("F1")][..]]
        .iter()
        .map(|m| judge_marking(&g, Color::Black, m, 3))
        .collect();
    assert_eq!(verdicts, [MarkingVerdict::Resume; 2]);
}

#[test]
fn the_advanced_level_opens_19x19_from_the_book_and_the_lower_levels_do_not() {
    let g = Game::new(BoardSize::NINETEEN, RuleSet::Chinese.rules());
    let mut e = Engine::new(Level::Advanced, Options::default());
    let d = e.genmove(&g, &limits(1_000_000), &NoStop);
    // No search: the book's move, on the third or fourth line of a corner.
    assert!(e.last_search().book);
    assert_eq!(e.last_search().playouts, 0);
    let Decision::Play(p) = d else {
        panic!("{d:?}")
    };
    let line = |x: u8| x.min(18 - x) + 1;
    assert!(
        (3..=4).contains(&line(p.col())) && (3..=4).contains(&line(p.row())),
        "{p}"
    );
    let mut weak = Engine::new(Level::Beginner, Options::default());
    weak.genmove(&g, &limits(100), &NoStop);
    assert!(weak.last_search().playouts > 0);
}
