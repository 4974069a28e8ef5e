//! The solver and the answer tree on classic shapes, drawn as diagrams.

use crate::go::{Board, Color, Point};

use super::model::{Objective, Reply, Step};
use super::prove::{NotProved, Prover, Question};

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("a test diagram reads")
}

fn p(text: &str) -> Point {
    text.parse().expect("a test point reads")
}

fn question(
    b: &Board,
    player: Color,
    objective: Objective,
    target: &str,
    area: &[&str],
) -> Question {
    Question {
        board: b.clone(),
        player,
        objective,
        target: p(target),
        area: area.iter().map(|a| p(a)).collect(),
        ko: false,
    }
}

/// White's straight three in the corner: Black kills at the middle, White lives there.
const STRAIGHT_THREE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X . . . .
    O O O O X . . . .
    . . . O X . . . .
";

#[test]
fn straight_three_is_killed_at_its_middle() {
    let b = board(STRAIGHT_THREE);
    let q = question(&b, Color::Black, Objective::Kill, "A2", &["A1", "B1", "C1"]);
    let proof = Prover::new(&q, 100_000).prove(&b).expect("proved");
    assert_eq!(proof.tree.correct_moves(0), vec![p("B1")]);
    assert_eq!(proof.tree.step(0, Some(p("B1"))), Step::Solved);
    // Either other point is answered at the middle, and White lives.
    assert_eq!(
        proof.tree.step(0, Some(p("A1"))),
        Step::Failed {
            refutation: Some(p("B1"))
        }
    );
    assert_eq!(
        proof.tree.step(0, Some(p("C1"))),
        Step::Failed {
            refutation: Some(p("B1"))
        }
    );
}

#[test]
fn straight_three_lives_at_its_middle() {
    let b = board(STRAIGHT_THREE);
    let q = question(&b, Color::White, Objective::Live, "A2", &["A1", "B1", "C1"]);
    let proof = Prover::new(&q, 100_000).prove(&b).expect("proved");
    assert_eq!(proof.tree.correct_moves(0), vec![p("B1")]);
    assert_eq!(proof.tree.step(0, Some(p("B1"))), Step::Solved);
}

/// A straight four lives whatever Black does: there is no problem for Black to kill.
#[test]
fn straight_four_cannot_be_killed() {
    let b = board(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X . . .
        O O O O O X . . .
        . . . . O X . . .
    ",
    );
    let q = question(
        &b,
        Color::Black,
        Objective::Kill,
        "A2",
        &["A1", "B1", "C1", "D1"],
    );
    assert_eq!(
        Prover::new(&q, 200_000).prove(&b).err(),
        Some(NotProved::NoWin)
    );
}

/// Two White stones in atari: taking them solves at once; a move that lets them out fails.
#[test]
fn stones_in_atari_are_taken() {
    let b = board(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X . . . . . .
        X O O . . . . . .
        . X X . . . . . .
    ",
    );
    let area = ["A1", "D1", "D2", "D3", "E2", "E1", "E3", "A3", "D4", "E4"];
    let q = question(&b, Color::Black, Objective::Capture, "B2", &area);
    let proof = Prover::new(&q, 200_000).prove(&b).expect("proved");
    assert!(proof.tree.correct_moves(0).contains(&p("D2")));
    assert_eq!(proof.tree.step(0, Some(p("D2"))), Step::Solved);
    // A move far from them lets White extend to D2 with three liberties and out of the area.
    assert_eq!(
        proof.tree.step(0, Some(p("A1"))),
        Step::Failed {
            refutation: Some(p("D2"))
        }
    );
    // Every node's answers replay as legal moves.
    for node in &proof.tree.nodes {
        for a in &node.answers {
            if let Reply::Correct { reply: Some(r), .. } = a.reply {
                assert_ne!(r, a.at);
            }
        }
    }
}

mod shipped {
    //! The set the repository ships: its size and spread (issue 40's numbers), and every
    //! problem proved again to the same answers.

    use crate::go::{Color, Point};
    use crate::problems::generate::{DAN, NEAR_25_KYU};
    use crate::problems::prove::{budget_for, reprove};
    use crate::problems::{Kind, Problem, ProblemSet, Reply};

    fn set() -> &'static ProblemSet {
        ProblemSet::shipped().expect("the shipped set reads")
    }

    #[test]
    fn it_holds_a_thousand_problems_from_25_kyu_to_dan() {
        let s = set();
        assert!(s.len() >= 1000, "{} problems", s.len());
        let dan = s.all().iter().filter(|p| p.rank >= DAN).count();
        let easiest = s.all().iter().filter(|p| p.rank < NEAR_25_KYU).count();
        assert!(dan >= 100, "{dan} at 1 dan or above");
        assert!(easiest >= 100, "{easiest} near 25 kyu");
        for kind in [Kind::Capture, Kind::LifeAndDeath, Kind::Tesuji] {
            assert!(s.of_kind(kind).count() >= 100, "{kind:?}");
        }
    }

    /// What the bot relies on when it answers: the area fits the picker and lies in the view,
    /// the target is the opponent's (or, to live, the player's own), and every move of the tree
    /// replays as a legal move within the area.
    #[test]
    fn every_problem_is_well_formed() {
        for p in set().all() {
            assert!(p.area.width() <= 5 && p.area.height() <= 5, "{}", p.id);
            assert!(
                p.view
                    .contains(Point::new(p.area.col_lo, p.area.row_lo).expect("on the board"))
                    && p.view
                        .contains(Point::new(p.area.col_hi, p.area.row_hi).expect("on the board")),
                "{}",
                p.id
            );
            let board = p.board();
            assert!(board.dead_setup_chain().is_none(), "{}", p.id);
            let owner = if p.goal.objective.player_attacks() {
                p.to_play.opponent()
            } else {
                p.to_play
            };
            assert_eq!(board.get(p.goal.target), Some(owner), "{}", p.id);
            assert_eq!(
                p.id,
                Problem::key(p.size, p.to_play, &p.black, &p.white, &p.goal),
                "the id is the position's"
            );
            walk(p, 0, &mut Vec::new(), 0);
        }
    }

    /// Replays every line of the tree from `node`, the player's moves `moves` so far.
    fn walk(p: &Problem, node: u32, moves: &mut Vec<Option<Point>>, depth: usize) {
        assert!(depth < 40, "{}: a line too long or a loop", p.id);
        let n = &p.tree.nodes[node as usize];
        let board = p.board_after(moves).expect("the line replays");
        for a in &n.answers {
            assert!(p.area.contains(a.at), "{}: {} outside the area", p.id, a.at);
            let mut b = board.clone();
            b.play(p.to_play, a.at).expect("the player's move is legal");
            let opp: Color = p.to_play.opponent();
            match &a.reply {
                Reply::Correct { reply, next } => {
                    if let Some(r) = reply {
                        b.play(opp, *r).expect("the reply is legal");
                    }
                    if let Some(next) = next {
                        moves.push(Some(a.at));
                        moves.push(*reply);
                        walk(p, *next, moves, depth + 1);
                        moves.truncate(moves.len() - 2);
                    }
                }
                Reply::Wrong { refutation } => {
                    if let Some(r) = refutation {
                        b.play(opp, *r).expect("the refutation is legal");
                    }
                }
            }
        }
    }

    /// `tengen problems verify` in a test: each problem proved again from its position and
    /// goal gives the answers stored.
    #[test]
    fn every_problem_proves_again_to_its_stored_answers() {
        let mut failed = Vec::new();
        for p in set().all() {
            if let Err(why) = reprove(p, budget_for(p.kind)) {
                failed.push(format!("{}: {why}", p.id));
            }
        }
        assert!(failed.is_empty(), "{failed:#?}");
    }
}

/// The same seed gives the same problems, whatever the threads.
#[test]
fn a_seed_gives_the_same_set() {
    use super::generate::generate;
    let (one, _) = generate(11, 12, 1, &[], 0, |_, _| {});
    let (two, _) = generate(11, 12, 2, &[], 0, |_, _| {});
    let ids = |v: &[super::Problem]| v.iter().map(|p| p.id).collect::<Vec<_>>();
    assert_eq!(ids(&one), ids(&two));
    assert!(one.len() >= 12);
}

/// A real game's position gives local fights to ask about, its other stones taken off.
#[test]
fn a_game_record_gives_fights() {
    use crate::go::sgf::Record;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/go-records");
    // The 19 × 19 records (the 9 × 9 folder aside).
    let mut files = Vec::new();
    for sub in std::fs::read_dir(&dir)
        .expect("the records are in the repository")
        .flatten()
    {
        if sub.path().is_dir() && !sub.path().ends_with("9x9_pro") {
            files.extend(
                std::fs::read_dir(sub.path())
                    .expect("a folder")
                    .flatten()
                    .map(|e| e.path()),
            );
        }
    }
    files.sort();
    let mut fights = 0;
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|x| x == "sgf"))
        .take(5)
    {
        let record = Record::from_bytes(&std::fs::read(f).expect("reads")).expect("parses");
        for b in super::records::positions(&record) {
            for c in super::records::candidates(&b) {
                assert!(c.area.width() <= 5 && c.area.height() <= 5);
                assert!(c.board.dead_setup_chain().is_none());
                fights += 1;
            }
        }
    }
    assert!(fights > 0);
}

/// The solver's first answers read again by the plain reader (`naive.rs`: every line, no
/// table, no deepening): for every shipped problem it can read within its cap, each correct
/// first move wins and each wrong one loses, as the tree says.
#[test]
fn the_plain_reader_agrees_with_the_first_answers() {
    use super::naive::Naive;
    let set = super::ProblemSet::shipped().expect("the shipped set reads");
    let (mut read, mut long) = (0, 0);
    let mut differ = Vec::new();
    for p in set.all() {
        let mut naive = Naive::new(p, 300_000);
        let mut whole = true;
        for a in &p.tree.nodes[0].answers {
            let correct = matches!(a.reply, Reply::Correct { .. });
            match naive.player_wins_after(p, a.at) {
                Ok(Some(wins)) if wins != correct => differ.push(format!("{} {}", p.id, a.at)),
                Ok(_) => {}
                Err(_) => {
                    whole = false;
                    break;
                }
            }
        }
        if whole {
            read += 1;
        } else {
            long += 1;
        }
    }
    eprintln!("the plain reader read {read} problems whole, {long} past its cap");
    assert!(differ.is_empty(), "{differ:?}");
    assert!(read >= 500, "{read}");
}

/// The problems GNU Go's owl disagrees on, read again by the plain reader with a larger cap
/// (`cargo test --release --lib gnu_go_disagreements -- --ignored --nocapture`).
#[test]
#[ignore]
fn gnu_go_disagreements_read_plainly() {
    use super::naive::Naive;
    let set = super::ProblemSet::shipped().expect("the shipped set reads");
    for id in [
        8768527474405179373u64,
        5781441957732445662,
        5257032591568369612,
        1095289344801712898,
        3894058720032290436,
    ] {
        let Some(p) = set.get(id) else { continue };
        let mut naive = Naive::new(p, 50_000_000);
        let mut said = Vec::new();
        for a in &p.tree.nodes[0].answers {
            let correct = matches!(a.reply, Reply::Correct { .. });
            said.push(format!(
                "{} tree {} plain {:?}",
                a.at,
                correct,
                naive.player_wins_after(p, a.at)
            ));
        }
        println!("{id}: {}", said.join("; "));
    }
}
