//! Making problems: positions built around the classic corner and side groups and local
//! capturing fights, each kept only if its proof makes it a problem worth asking.
//!
//! A kept position is *unsettled* (who plays first decides it: the question is real), has one
//! or two correct first moves, a correct line of at least three moves unless it is of the
//! easiest, an answer tree of bounded size, and no stone that stands apart from the fight
//! (every stone of the area touches the fight's stones or its points). Everything is drawn
//! from a seed, candidate by candidate, so a set is reproducible whatever the threads.

use crate::go::{Board, BoardSize, Color, Point};

use super::model::{Goal, Kind, Objective, Problem, Rect, Reply, Theme};
use super::prove::{NotProved, Proof, Prover, Question};
use super::solver::{Outcome, Setup, Solver};

/// SplitMix64: a small, well-mixed generator, one per candidate, seeded from the set's seed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` ≥ 1).
    pub fn below(&mut self, n: u32) -> u32 {
        (self.next_u64() % u64::from(n.max(1))) as u32
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }
}

/// A position to ask a question of, before its proof: the stones, the area and the target.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub board: Board,
    /// The side whose stones are the target.
    pub defender: Color,
    pub target: Point,
    pub area: Rect,
    pub kind: Kind,
}

/// The side of a local position in the bottom-left part of the board, before the symmetry.
const SIZE: BoardSize = BoardSize::NINETEEN;

fn pt(c: i32, r: i32) -> Option<Point> {
    if (0..19).contains(&c) && (0..19).contains(&r) {
        Point::new(c as u8, r as u8)
    } else {
        None
    }
}

fn nbrs(p: Point) -> impl Iterator<Item = Point> {
    crate::go::neighbours_on(SIZE, p)
}

/// A group in the corner or on the side around an eye space, with its attacker's wall, then
/// changed by one to three of the moves that make the classic problems (a stone of the
/// attacker inside, a hane that takes a point of the wall, a gap, a stone of the defender
/// inside).
pub fn eye_space_candidate(rng: &mut Rng) -> Option<Candidate> {
    let corner = rng.chance(2, 3);
    let x0: i32 = if corner { 0 } else { 5 + rng.below(5) as i32 };
    // The eye space: grown along the edge, one or two rows high.
    let want = 3 + rng.below(7) as usize;
    let max_row = if rng.chance(1, 3) { 2 } else { 1 };
    let max_width = if corner { 4 } else { 5 };
    let mut eye: Vec<Point> = vec![pt(x0, 0)?];
    for _ in 0..40 {
        if eye.len() >= want {
            break;
        }
        let from = eye[rng.below(eye.len() as u32) as usize];
        let options: Vec<Point> = nbrs(from)
            .filter(|q| {
                i32::from(q.row()) < max_row
                    && i32::from(q.col()) >= x0 - if corner { 0 } else { 1 }
                    && i32::from(q.col()) < x0 + max_width
                    && !eye.contains(q)
            })
            .collect();
        if options.is_empty() {
            continue;
        }
        eye.push(options[rng.below(options.len() as u32) as usize]);
    }
    let mut defender: Vec<Point> = Vec::new();
    for &e in &eye {
        for n in nbrs(e) {
            if !eye.contains(&n) && !defender.contains(&n) {
                defender.push(n);
            }
        }
    }
    solidify(&mut defender, &eye);
    let inner: Vec<Point> = eye.iter().chain(&defender).copied().collect();
    let mut attacker: Vec<Point> = Vec::new();
    for &d in &defender {
        for n in nbrs(d) {
            if !inner.contains(&n) && !attacker.contains(&n) {
                attacker.push(n);
            }
        }
    }
    solidify(&mut attacker, &inner);
    let d_color = if rng.chance(4, 5) {
        Color::White
    } else {
        Color::Black
    };
    let a_color = d_color.opponent();
    let mut stones: Vec<(Point, Color)> = defender
        .iter()
        .map(|&p| (p, d_color))
        .chain(attacker.iter().map(|&p| (p, a_color)))
        .collect();
    let changes = 1 + rng.below(4);
    for _ in 0..changes {
        match rng.below(5) {
            // A stone of the attacker inside the eye space.
            0 | 1 => {
                let p = eye[rng.below(eye.len() as u32) as usize];
                set(&mut stones, p, Some(a_color));
            }
            // A hane: the attacker takes a point of the defender's wall next to its own wall.
            2 => {
                let edge: Vec<Point> = defender
                    .iter()
                    .copied()
                    .filter(|&d| d.row() == 0 || d.col() == 0)
                    .collect();
                if let Some(&p) = edge.get(rng.below(edge.len().max(1) as u32) as usize) {
                    set(&mut stones, p, Some(a_color));
                }
            }
            // A gap in the defender's wall.
            3 => {
                let p = defender[rng.below(defender.len() as u32) as usize];
                set(&mut stones, p, None);
            }
            // A stone of the defender inside its eye space.
            _ => {
                let p = eye[rng.below(eye.len() as u32) as usize];
                set(&mut stones, p, Some(d_color));
            }
        }
    }
    let mut board = Board::new(SIZE);
    board.set_stones(stones.iter().map(|&(p, c)| (p, Some(c))));
    // A chain without liberties is no position.
    if board.dead_setup_chain().is_some() {
        return None;
    }
    // The target: the defender's largest chain.
    let target = largest_chain(&board, d_color)?;
    let area = area_of(&board, target)?;
    Some(Candidate {
        board,
        defender: d_color,
        target,
        area,
        kind: Kind::LifeAndDeath,
    })
}

/// A few stones of the defender chased near the edge: the attacker's stones around them, some
/// of the defender's nearby, the rest of the board open (a target that gets out of the area has
/// escaped).
pub fn capture_candidate(rng: &mut Rng) -> Option<Candidate> {
    let d_color = if rng.chance(4, 5) {
        Color::White
    } else {
        Color::Black
    };
    let a_color = d_color.opponent();
    let mut board = Board::new(SIZE);
    // The target: one to three stones in a line or bent, within the first four lines.
    let c0 = rng.below(4) as i32 + 1;
    let r0 = rng.below(3) as i32 + 1;
    let mut target = vec![pt(c0, r0)?];
    for _ in 0..rng.below(3) {
        let from = *target.last()?;
        let options: Vec<Point> = nbrs(from)
            .filter(|q| q.col() <= 4 && q.row() <= 3 && !target.contains(q))
            .collect();
        if options.is_empty() {
            break;
        }
        target.push(options[rng.below(options.len() as u32) as usize]);
    }
    for &t in &target {
        board.set_stones([(t, Some(d_color))]);
    }
    // The attacker's stones: on the target's liberties until two or three are left, and a
    // few loose ones around.
    let keep = 2 + u32::from(rng.chance(1, 4));
    for _ in 0..12 {
        let libs = board.liberties(target[0]);
        if libs.len() as u32 <= keep {
            break;
        }
        let p = libs[rng.below(libs.len() as u32) as usize];
        board.set_stones([(p, Some(a_color))]);
    }
    for _ in 0..rng.below(3) {
        let p = pt(rng.below(6) as i32, rng.below(5) as i32)?;
        if board.is_empty_at(p) && !board.liberties(target[0]).contains(&p) {
            board.set_stones([(p, Some(a_color))]);
        }
    }
    for _ in 0..rng.below(3) {
        let p = pt(rng.below(6) as i32, rng.below(5) as i32)?;
        if board.is_empty_at(p) {
            board.set_stones([(p, Some(d_color))]);
        }
    }
    // No chain without liberties, and the attacker's chains not in atari at the start.
    for p in SIZE.all_points() {
        if let Some(c) = board.get(p) {
            let libs = board.liberties(p).len();
            if libs == 0 || (c == a_color && libs == 1) {
                return None;
            }
        }
    }
    let target = target[0];
    if board.get(target) != Some(d_color) || board.liberties(target).len() < 2 {
        return None;
    }
    // The target, its liberties and one line more, within the corner's 5 × 5: beyond it the
    // board is open, and a target that reaches it has escaped.
    let mut near = board.chain(target);
    near.extend(board.liberties(target));
    let r = Rect::around(near)?;
    let area = Rect {
        col_lo: r.col_lo.saturating_sub(1),
        col_hi: (r.col_hi + 1).min(4),
        row_lo: r.row_lo.saturating_sub(1),
        row_hi: (r.row_hi + 1).min(4),
    };
    Some(Candidate {
        board,
        defender: d_color,
        target,
        area,
        kind: Kind::Capture,
    })
}

/// Fills the points between diagonal stones of `stones` (not in `keep_out`), so a wall is one
/// chain where it bends.
fn solidify(stones: &mut Vec<Point>, keep_out: &[Point]) {
    let mut added = true;
    while added {
        added = false;
        let snapshot = stones.clone();
        for &a in &snapshot {
            for &b in &snapshot {
                let dc = i32::from(b.col()) - i32::from(a.col());
                let dr = i32::from(b.row()) - i32::from(a.row());
                if dc.abs() != 1 || dr.abs() != 1 {
                    continue;
                }
                let x = pt(i32::from(a.col()) + dc, i32::from(a.row()));
                let y = pt(i32::from(a.col()), i32::from(a.row()) + dr);
                let connected = [x, y].iter().flatten().any(|q| stones.contains(q));
                if connected {
                    continue;
                }
                if let Some(q) = [x, y]
                    .into_iter()
                    .flatten()
                    .find(|q| !keep_out.contains(q) && !stones.contains(q))
                {
                    stones.push(q);
                    added = true;
                }
            }
        }
    }
}

fn set(stones: &mut Vec<(Point, Color)>, p: Point, c: Option<Color>) {
    stones.retain(|(q, _)| *q != p);
    if let Some(c) = c {
        stones.push((p, c));
    }
}

/// The defender's largest chain.
fn largest_chain(board: &Board, color: Color) -> Option<Point> {
    SIZE.all_points()
        .filter(|&p| board.get(p) == Some(color))
        .max_by_key(|&p| (board.chain(p).len(), std::cmp::Reverse(p.index())))
}

/// The area of a fight: the points the target's group reaches (through its own stones and
/// empty points), and the opponent's chains shut in there (their points empty when they are
/// taken), as a rectangle of at most 5 × 5.
pub(super) fn area_of(board: &Board, target: Point) -> Option<Rect> {
    let d = board.get(target)?;
    let mut group: Vec<Point> = board.chain(target);
    let mut i = 0;
    while i < group.len() {
        let p = group[i];
        i += 1;
        for n in nbrs(p) {
            if group.contains(&n) {
                continue;
            }
            match board.get(n) {
                None => group.push(n),
                Some(c) if c == d => group.push(n),
                _ => {}
            }
        }
        if group.len() > 40 {
            return None;
        }
    }
    // The group's points, its stones too: one taken leaves a point inside the fight.
    let mut points: Vec<Point> = group.clone();
    // The opponent's chains inside: every liberty of theirs within the group's reach.
    for &p in &group {
        for n in nbrs(p) {
            if board.get(n).is_some_and(|c| c != d)
                && !points.contains(&n)
                && board.liberties(n).iter().all(|l| group.contains(l))
            {
                points.extend(board.chain(n));
            }
        }
    }
    let r = Rect::around(points)?;
    (r.width() <= 5 && r.height() <= 5).then_some(r)
}

/// The problem a candidate makes with `player` to play, if its proof keeps it.
pub fn make(c: &Candidate, player: Color, budget: u64) -> Result<Problem, NotProved> {
    let objective = if player == c.defender {
        Objective::Live
    } else if c.kind == Kind::Capture {
        Objective::Capture
    } else {
        Objective::Kill
    };
    // Every point of the rectangle: a stone taken there leaves a point either side may play.
    let area: Vec<Point> = c.area.points().collect();
    let q = Question {
        board: c.board.clone(),
        player,
        objective,
        target: c.target,
        area: area.clone(),
        ko: false,
    };
    if !frame_settled(&c.board, &c.area) {
        return Err(NotProved::NoWin);
    }
    // Unsettled: the opponent playing first wins.
    let mut check = Prover::new(&q, budget);
    let mut passed = c.board.clone();
    passed.clear_ko();
    if check.player_wins(&passed, player.opponent(), &[])? {
        return Err(NotProved::NoWin);
    }
    let proof = Prover::new(&q, budget).prove(&c.board)?;
    let (kind, theme) = classify(c, &q, &proof);
    let black: Vec<Point> = SIZE
        .all_points()
        .filter(|&p| c.board.get(p) == Some(Color::Black))
        .collect();
    let white: Vec<Point> = SIZE
        .all_points()
        .filter(|&p| c.board.get(p) == Some(Color::White))
        .collect();
    let goal = Goal {
        objective,
        target: c.target,
        ko: false,
    };
    let view = view_of(&c.area);
    Ok(Problem {
        id: Problem::key(SIZE, player, &black, &white, &goal),
        kind,
        theme,
        goal,
        size: SIZE,
        to_play: player,
        black,
        white,
        area: c.area,
        view,
        rank: rank_estimate(&proof),
        proof_nodes: proof.nodes,
        tree: proof.tree,
    })
}

/// Whether the frame holds: every chain touching the area from outside has two liberties or
/// more outside it, so no move outside the area (where the proof does not look) threatens it.
fn frame_settled(board: &Board, area: &Rect) -> bool {
    let mut seen: Vec<Point> = Vec::new();
    for p in area.points() {
        for n in nbrs(p) {
            if area.contains(n) || board.get(n).is_none() {
                continue;
            }
            let Some(h) = board.chain_id(n) else {
                continue;
            };
            if seen.contains(&h) {
                continue;
            }
            seen.push(h);
            let outside = board
                .liberties(n)
                .iter()
                .filter(|l| !area.contains(**l))
                .count();
            if outside < 2 {
                return false;
            }
        }
    }
    true
}

/// The part of the board drawn: the area and two lines beyond it toward the open board, at
/// least 7 × 7, within the board.
fn view_of(area: &Rect) -> Rect {
    let span = |lo: u8, hi: u8| {
        let (mut lo, mut hi) = (lo.saturating_sub(2), (hi + 2).min(18));
        while hi - lo < 6 {
            lo = lo.saturating_sub(1);
            if hi - lo < 6 && hi < 18 {
                hi += 1;
            }
        }
        (lo, hi)
    };
    let (col_lo, col_hi) = span(area.col_lo, area.col_hi);
    let (row_lo, row_hi) = span(area.row_lo, area.row_hi);
    Rect {
        col_lo,
        col_hi,
        row_lo,
        row_hi,
    }
}

/// The kind and theme, read from the main line: a stone given up and the target then taken
/// with it is a tesuji (a snapback when the taker is taken back at once), a chase of ataris a
/// ladder, a first move that is not an atari a net.
fn classify(c: &Candidate, q: &Question, proof: &Proof) -> (Kind, Theme) {
    let line = proof.tree.main_line(0);
    let mut board = c.board.clone();
    let mut color = q.player;
    let mut sacrifice = false;
    let mut snapback = false;
    let mut ataris = 0;
    let mut first_is_atari = false;
    let mut last_lost = false;
    for (i, m) in line.iter().enumerate() {
        let Some(p) = m else {
            color = color.opponent();
            board.clear_ko();
            continue;
        };
        let before = board.stone_counts();
        if board.play(color, *p).is_err() {
            break;
        }
        let after = board.stone_counts();
        if color == q.player {
            // The player takes two or more right after losing a stone: a snapback.
            if last_lost && before[color.opponent()] >= after[color.opponent()] + 2 {
                snapback = true;
            }
            last_lost = false;
            if !board.is_empty_at(q.target) && board.get(q.target) == Some(c.defender) {
                let libs = board.liberties(q.target).len();
                if libs == 1 && q.objective.player_attacks() {
                    ataris += 1;
                    if i == 0 {
                        first_is_atari = true;
                    }
                }
            }
        } else if after[q.player] < before[q.player] {
            sacrifice = true;
            last_lost = true;
        }
        color = color.opponent();
    }
    match (c.kind, q.objective) {
        (_, Objective::Live) => (Kind::LifeAndDeath, Theme::Live),
        (Kind::LifeAndDeath, _) => (Kind::LifeAndDeath, Theme::Kill),
        _ if snapback => (Kind::Tesuji, Theme::Snapback),
        _ if sacrifice => (Kind::Tesuji, Theme::ThrowIn),
        _ if cuts_through(c, q) => (Kind::Tesuji, Theme::CaptureTheCuttingStones),
        _ if ataris >= 3 && first_is_atari => (Kind::Capture, Theme::Ladder),
        _ if !first_is_atari && line.len() >= 3 => (Kind::Capture, Theme::Net),
        _ if short_of_liberties(&proof.tree, c) => (Kind::Capture, Theme::ShortageOfLiberties),
        _ => (Kind::Capture, Theme::Capture),
    }
}

/// The target cuts off stones of the player that the opponent, moving first, would take:
/// taking the target saves them.
fn cuts_through(c: &Candidate, q: &Question) -> bool {
    let mut chains: Vec<Point> = Vec::new();
    for s in c.board.chain(q.target) {
        for n in nbrs(s) {
            if c.board.get(n) == Some(q.player)
                && let Some(h) = c.board.chain_id(n)
                && !chains.contains(&h)
            {
                chains.push(h);
            }
        }
    }
    if chains.len() < 2 {
        return false;
    }
    chains.iter().any(|&h| {
        let mut solver = Solver::new(Setup {
            attacker: q.player.opponent(),
            target: h,
            area: q.area.clone(),
            ko_loser: q.player.opponent(),
            budget: 20_000,
        });
        let mut board = c.board.clone();
        board.clear_ko();
        matches!(
            solver.solve(&board, q.player.opponent(), &[]),
            Outcome::Win(_)
        )
    })
}

/// The first correct move is not on a liberty of the target (an approach from outside).
fn short_of_liberties(tree: &super::model::Tree, c: &Candidate) -> bool {
    let libs = c.board.liberties(c.target);
    tree.correct_moves(0).iter().any(|p| !libs.contains(p))
        && tree.nodes.first().is_some_and(|n| {
            n.answers
                .iter()
                .any(|a| matches!(a.reply, Reply::Correct { .. }))
        })
}

/// One of the board's eight symmetries (`t` in 0..8) applied to a point of 19 × 19.
pub fn transform(p: Point, t: u8) -> Point {
    let (mut c, mut r) = (p.col(), p.row());
    if t & 1 != 0 {
        c = 18 - c;
    }
    if t & 2 != 0 {
        r = 18 - r;
    }
    if t & 4 != 0 {
        std::mem::swap(&mut c, &mut r);
    }
    Point::new(c, r).unwrap_or(p)
}

fn transform_rect(r: &Rect, t: u8) -> Rect {
    let (a, b) = (
        Point::new(r.col_lo, r.row_lo),
        Point::new(r.col_hi, r.row_hi),
    );
    match (a, b) {
        (Some(a), Some(b)) => Rect::around([transform(a, t), transform(b, t)]).unwrap_or(*r),
        _ => *r,
    }
}

/// The candidate seen in symmetry `t`.
pub fn transformed(c: &Candidate, t: u8) -> Candidate {
    let mut board = Board::new(SIZE);
    board.set_stones(
        SIZE.all_points()
            .filter_map(|p| c.board.get(p).map(|col| (transform(p, t), Some(col)))),
    );
    Candidate {
        board,
        defender: c.defender,
        target: transform(c.target, t),
        area: transform_rect(&c.area, t),
        kind: c.kind,
    }
}

/// The starting estimate of a problem's level from its proof, as a rank value (0 = 30 kyu,
/// 30 = 1 dan): a line of one move is about 28 kyu, of three about 19 kyu, of five about 10
/// kyu, of seven about 1 kyu; each wrong first move that only one reply refutes adds a rank
/// and a half (six at most), each doubling of the proof past 200 positions a rank, and a
/// second correct first move takes three off.
pub fn rank_estimate(proof: &Proof) -> f64 {
    let plies = proof.main_plies.max(1) as f64;
    let tempting = f64::from(proof.tempting.min(6));
    let size = ((proof.nodes.max(1) as f64) / 200.0).log2().max(0.0);
    let extra_correct = proof.first_correct.saturating_sub(1) as f64;
    let r = 2.0 + 4.5 * (plies - 1.0) + 1.5 * tempting + size - 3.0 * extra_correct;
    r.clamp(0.0, 38.0)
}

/// The fewest problems a set holds at 1 dan and above, and near 25 kyu (issue 40 asks 100).
pub const LEVEL_FLOOR: usize = 110;

/// The starting rank of 1 dan.
pub const DAN: f64 = 30.0;
/// Below this starting rank a problem is near 25 kyu (28 to 23 kyu).
pub const NEAR_25_KYU: f64 = 8.0;

/// Below this starting rank (about 24 kyu) a problem may be solved in fewer than three moves.
pub const EASIEST_BELOW: f64 = 6.0;

/// Why candidates were left out, counted.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    pub candidates: u64,
    pub unplaceable: u64,
    pub unknown: u64,
    pub settled: u64,
    pub too_big: u64,
    pub too_many_first_moves: u64,
    pub too_short: u64,
    pub duplicate: u64,
    pub kept: u64,
    /// Kept at 1 dan or above, and near 25 kyu.
    pub dan: u64,
    pub easiest: u64,
}

/// The outcome of one candidate.
pub(super) enum Made {
    Kept(Box<Problem>),
    Left(fn(&mut Tally)),
}

/// Candidate `index` of the set of `seed`: its own generator, its kind by turns: two of five a
/// fight of a real game while they last, two built around a group, one a capturing fight.
pub(super) fn candidate(seed: u64, index: u64, found: &[Candidate]) -> Made {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xa076_1d64_78bd_642f));
    let from_game = usize::try_from(index / 5 * 2 + index % 5)
        .ok()
        .filter(|_| index % 5 < 2)
        .and_then(|k| found.get(k));
    let c = match (from_game, index % 5) {
        (Some(c), _) => Some(c.clone()),
        (None, 0 | 2 | 3) => eye_space_candidate(&mut rng),
        (None, _) => capture_candidate(&mut rng),
    };
    let Some(c) = c else {
        return Made::Left(|t| t.unplaceable += 1);
    };
    // A real game's fight is kept as it stands; a built one is turned to any corner.
    let c = if from_game.is_some() {
        c
    } else {
        transformed(&c, rng.below(8) as u8)
    };
    // The player: the attacker of a capture; either side of a life-and-death group.
    let player = if c.kind == Kind::Capture || rng.chance(1, 2) {
        c.defender.opponent()
    } else {
        c.defender
    };
    let budget = super::prove::budget_for(c.kind);
    match make(&c, player, budget) {
        Ok(p) => {
            if let Err(why) = super::prove::reprove(&p, budget) {
                eprintln!("problem {} does not prove again: {why}", p.id);
                return Made::Left(|t| t.unknown += 1);
            }
            if p.tree.correct_moves(0).len() > 2 {
                return Made::Left(|t| t.too_many_first_moves += 1);
            }
            Made::Kept(Box::new(p))
        }
        Err(NotProved::Unknown) => Made::Left(|t| t.unknown += 1),
        Err(NotProved::NoWin) => Made::Left(|t| t.settled += 1),
        Err(NotProved::TooBig | NotProved::Outside) => Made::Left(|t| t.too_big += 1),
    }
}

/// Generates `want` problems from `seed` on `threads` threads, and past `want` more until
/// `floor` are at 1 dan or above and `floor` near 25 kyu; the same seed gives the same
/// set whatever the threads. `progress` hears the count kept after each batch.
pub fn generate(
    seed: u64,
    want: usize,
    threads: usize,
    found: &[Candidate],
    floor: usize,
    mut progress: impl FnMut(usize, &Tally),
) -> (Vec<Problem>, Tally) {
    const BATCH: u64 = 64;
    let threads = threads.max(1);
    let mut tally = Tally::default();
    let mut kept: Vec<Problem> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut next = 0u64;
    let done = |kept: &[Problem]| {
        let dan = kept.iter().filter(|p| p.rank >= DAN).count();
        let easiest = kept.iter().filter(|p| p.rank < NEAR_25_KYU).count();
        kept.len() >= want && dan >= floor && easiest >= floor
    };
    while !done(&kept) && next < 5_000_000 {
        let first = next;
        next += BATCH;
        let made: Vec<(u64, Made)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads as u64)
                .map(|k| {
                    s.spawn(move || {
                        (first..first + BATCH)
                            .filter(|i| i % threads as u64 == k)
                            .map(|i| (i, candidate(seed, i, found)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            let mut all: Vec<(u64, Made)> = handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect();
            all.sort_by_key(|(i, _)| *i);
            all
        });
        for (_, m) in made {
            tally.candidates += 1;
            match m {
                Made::Kept(p) => {
                    // Past the count, only the levels still short are taken.
                    if kept.len() >= want {
                        let dan = kept.iter().filter(|x| x.rank >= DAN).count();
                        let easiest = kept.iter().filter(|x| x.rank < NEAR_25_KYU).count();
                        let short = (p.rank >= DAN && dan < floor)
                            || (p.rank < NEAR_25_KYU && easiest < floor);
                        if !short {
                            continue;
                        }
                    }
                    if !seen.insert(p.id) {
                        tally.duplicate += 1;
                        continue;
                    }
                    // Shorter than three moves only for the easiest.
                    if p.tree.main_line(0).len() < 3 && p.rank >= EASIEST_BELOW {
                        tally.too_short += 1;
                        continue;
                    }
                    tally.kept += 1;
                    tally.dan += u64::from(p.rank >= DAN);
                    tally.easiest += u64::from(p.rank < NEAR_25_KYU);
                    kept.push(*p);
                }
                Made::Left(count) => count(&mut tally),
            }
        }
        progress(kept.len(), &tally);
    }
    (kept, tally)
}
