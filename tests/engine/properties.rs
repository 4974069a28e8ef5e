//! Property tests over random games on every size, against a naive reference implementation of
//! the rules written here from SPEC §4 (flood fills on a grid and a list of whole boards).
//!
//! Invariants checked after every move: no chain without liberties, incremental hash equals the
//! recomputed one, black area + white area + neutral = points, `legal_moves()` holds a move
//! exactly when `is_legal` says so and exactly when playing it succeeds, a refused move leaves
//! the game unchanged, and the engine's verdicts and boards equal the reference's under simple
//! ko, positional superko and situational superko, and with the Ing rules' suicide of several
//! stones. SGF written then read is the same game.

use proptest::prelude::*;
use tengen::go::light_playout::Rng;
use tengen::go::sgf::{Record, RecordInfo, write};
use tengen::go::{
    BoardSize, Color, Game, IllegalMove, KoRule, Komi, Move, Point, RuleSet, count_area,
};

/// The rules done the slow, obvious way.
#[derive(Clone)]
struct Reference {
    n: usize,
    grid: Vec<Option<Color>>,
    /// Every position so far with the player to move in it.
    history: Vec<(Vec<Option<Color>>, Color)>,
    to_move: Color,
    ko: KoRule,
    /// A suicide of several stones is a legal move that removes them (Ing).
    multi_stone_suicide: bool,
    /// The board before the last move, for simple ko: a move may not recreate it at once if
    /// the last move captured exactly one stone and so would this one.
    previous: Option<Vec<Option<Color>>>,
}

impl Reference {
    fn new(n: usize, rules: tengen::go::Rules) -> Reference {
        let grid = vec![None; n * n];
        Reference {
            n,
            history: vec![(grid.clone(), Color::Black)],
            grid,
            to_move: Color::Black,
            ko: rules.ko,
            multi_stone_suicide: rules.multi_stone_suicide,
            previous: None,
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (c, r) = (i % self.n, i / self.n);
        let mut v = Vec::new();
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < self.n {
            v.push(i + 1);
        }
        if r > 0 {
            v.push(i - self.n);
        }
        if r + 1 < self.n {
            v.push(i + self.n);
        }
        v
    }

    /// The chain through `i` and whether it has a liberty.
    fn chain(grid: &[Option<Color>], r: &Reference, i: usize) -> (Vec<usize>, bool) {
        let color = grid[i];
        let mut seen = vec![false; grid.len()];
        let mut stack = vec![i];
        let mut chain = Vec::new();
        let mut liberty = false;
        seen[i] = true;
        while let Some(s) = stack.pop() {
            chain.push(s);
            for nb in r.neighbours(s) {
                if grid[nb].is_none() {
                    liberty = true;
                } else if grid[nb] == color && !seen[nb] {
                    seen[nb] = true;
                    stack.push(nb);
                }
            }
        }
        (chain, liberty)
    }

    /// The board after `color` plays `i`, with the number captured, or why not.
    fn after(&self, color: Color, i: usize) -> Result<(Vec<Option<Color>>, usize), IllegalMove> {
        if self.grid[i].is_some() {
            return Err(IllegalMove::Occupied);
        }
        let mut g = self.grid.clone();
        g[i] = Some(color);
        let mut captured = 0;
        for nb in self.neighbours(i) {
            if g[nb] == Some(color.opponent()) {
                let (chain, liberty) = Reference::chain(&g, self, nb);
                if !liberty {
                    captured += chain.len();
                    for s in chain {
                        g[s] = None;
                    }
                }
            }
        }
        let (own, liberty) = Reference::chain(&g, self, i);
        if !liberty {
            if !self.multi_stone_suicide || own.len() == 1 {
                return Err(IllegalMove::Suicide);
            }
            for s in own {
                g[s] = None;
            }
        }
        Ok((g, captured))
    }

    fn check(&self, color: Color, i: usize) -> Result<(Vec<Option<Color>>, usize), IllegalMove> {
        let (g, captured) = self.after(color, i)?;
        // Simple ko, under every rule set: retaking one stone at once to recreate the board
        // before the last move.
        if captured == 1 && self.previous.as_ref() == Some(&g) {
            return Err(IllegalMove::Ko);
        }
        let repeats = match self.ko {
            KoRule::Simple => false,
            KoRule::PositionalSuperko => self.history.iter().any(|(b, _)| *b == g),
            KoRule::SituationalSuperko => self
                .history
                .iter()
                .any(|(b, c)| *b == g && *c == color.opponent()),
        };
        if repeats {
            return Err(IllegalMove::Superko);
        }
        Ok((g, captured))
    }

    fn play(&mut self, color: Color, mv: Move, size: BoardSize) {
        match mv {
            Move::Pass => self.previous = None,
            Move::Play(p) => {
                let i = index(p, size);
                let (g, captured) = self.check(color, i).expect("reference agrees it is legal");
                // Only a single-stone capture can start a ko.
                self.previous = (captured == 1).then(|| self.grid.clone());
                self.grid = g;
            }
        }
        self.to_move = color.opponent();
        self.history.push((self.grid.clone(), self.to_move));
    }
}

fn index(p: Point, size: BoardSize) -> usize {
    let _ = size;
    p.row() as usize * size.get() as usize + p.col() as usize
}

fn rows_of(r: &Reference) -> Vec<String> {
    (0..r.n)
        .rev()
        .map(|row| {
            (0..r.n)
                .map(|col| match r.grid[row * r.n + col] {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect()
}

fn rule_set(k: u8) -> RuleSet {
    [
        RuleSet::Classic,
        RuleSet::Chinese,
        RuleSet::Aga,
        RuleSet::Japanese,
        RuleSet::Ing,
    ][k as usize % 5]
}

/// Picks a move, favouring points next to stones so that captures and kos come often.
fn pick(game: &Game, rng: &mut Rng) -> Move {
    let legal = game.legal_moves();
    if rng.below(40) == 0 {
        return Move::Pass;
    }
    let near: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| match m {
            Move::Play(p) => {
                tengen::go::neighbours_on(game.size(), *p).any(|n| game.board().get(n).is_some())
            }
            Move::Pass => false,
        })
        .collect();
    let from = if !near.is_empty() && rng.below(3) > 0 {
        &near
    } else {
        &legal
    };
    from[rng.below(from.len())]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant_and_agree_with_the_reference(
        edge in 5u8..=19, seed in any::<u64>(), rules in 0u8..5, length in 10usize..220,
    ) {
        let size = BoardSize::new(edge).unwrap();
        let rules = rule_set(rules);
        let mut game = Game::new(size, rules.rules());
        let mut reference = Reference::new(edge as usize, rules.rules());
        let mut rng = Rng::new(seed);
        for _ in 0..length {
            if game.is_over() {
                break;
            }
            let color = game.to_move();
            // Every point: the engine's verdict is the reference's, and legal_moves agrees.
            let legal = game.legal_moves();
            for p in size.all_points() {
                let mine = game.check(color, Move::Play(p));
                let theirs = reference.check(color, index(p, size)).map(|_| ());
                prop_assert_eq!(mine, theirs, "{} at {} under {}\n{:?}", color, p, rules, game.board());
                prop_assert_eq!(legal.contains(&Move::Play(p)), mine.is_ok());
            }
            let mv = pick(&game, &mut rng);
            // A refused move leaves everything as it was.
            if let Some(bad) = size.all_points().find(|&p| !game.is_legal(Move::Play(p))) {
                let before = game.clone();
                prop_assert!(game.play(Move::Play(bad)).is_err());
                prop_assert_eq!(game.board(), before.board());
                prop_assert_eq!(game.moves(), before.moves());
                prop_assert_eq!(game.to_move(), before.to_move());
            }
            game.play(mv).unwrap();
            reference.play(color, mv, size);
            game.board().assert_consistent();
            prop_assert_eq!(game.board().hash(), game.board().recompute_hash());
            prop_assert_eq!(game.board().rows(), rows_of(&reference));
            let count = count_area(game.board(), &[], Komi::from_half_points(11));
            let total = count.stones.black + count.territory.black + count.stones.white + count.territory.white + count.neutral;
            prop_assert_eq!(total as usize, size.points());
        }
    }

    #[test]
    fn sgf_written_then_read_is_the_same_game(edge in 5u8..=19, seed in any::<u64>(), length in 0usize..150, rules in 0u8..5) {
        let size = BoardSize::new(edge).unwrap();
        let rules = rule_set(rules);
        let mut game = Game::new(size, rules.rules());
        let mut rng = Rng::new(seed);
        for _ in 0..length {
            if game.is_over() {
                break;
            }
            let mv = pick(&game, &mut rng);
            game.play(mv).unwrap();
        }
        let info = RecordInfo {
            black: Some("黒 \\ [Black]".into()),
            white: Some("White: ]".into()),
            rules: Some(rules.name().into()),
            comment: Some("a comment\nwith ] and \\ in it".into()),
            move_comments: vec![(0, "first move".into())],
            ..RecordInfo::default()
        };
        let text = write(&game, &info);
        let record = Record::parse(&text).unwrap();
        prop_assert_eq!(record.size, size);
        prop_assert_eq!(record.komi, Some(rules.rules().komi));
        prop_assert_eq!(record.black.as_deref(), info.black.as_deref());
        prop_assert_eq!(record.white.as_deref(), info.white.as_deref());
        prop_assert_eq!(record.root_comment.as_deref(), info.comment.as_deref());
        if !game.moves().is_empty() {
            prop_assert_eq!(record.moves[0].comment.as_deref(), Some("first move"));
        }
        let replay = record.replay(rules.rules()).unwrap();
        prop_assert!(replay.illegal.is_none());
        prop_assert_eq!(replay.game.moves(), game.moves());
        prop_assert_eq!(replay.game.board(), game.board());
    }
}

#[test]
fn a_handicap_game_written_then_read_keeps_its_stones_and_white_first() {
    let size = BoardSize::NINE;
    let mut board = tengen::go::Board::new(size);
    board.set_stones(["C3", "G7"].map(|s| (s.parse().unwrap(), Some(Color::Black))));
    let mut game = Game::from_setup(
        board,
        Color::White,
        RuleSet::Classic.with_komi(Komi::from_half_points(1)),
    );
    game.play(Move::Play("E5".parse().unwrap())).unwrap();
    let text = write(&game, &RecordInfo::default());
    let record = Record::parse(&text).unwrap();
    let replay = record.replay(RuleSet::Classic.rules()).unwrap();
    assert_eq!(replay.game.initial_to_move(), Color::White);
    assert_eq!(replay.game.board(), game.board());
    assert_eq!(record.komi, Some(Komi::from_half_points(1)));
}
