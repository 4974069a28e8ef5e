//! A conservative estimate of the dead chains of a finished position, proposed to the players
//! when the agreement phase starts (they may correct it, so it must above all not be wrong in
//! the costly direction: a living chain proposed dead).
//!
//! Method: many playouts from the position with a small tactical policy (module `tactical`:
//! captures and rescues in answer to the last move, local replies, no own eye filled, no own
//! chain of two stones or more put in atari), on a board of the estimate's own that counts
//! exact liberties cheaply. For each stone the playouts give the share of them at whose end its
//! point belongs to the opponent; for each empty point, who owns it at the end; and for each
//! chain, how often it ends living by a liberty shared with the opponent (a seki). A chain is
//! then proposed dead only when
//! - it is not unconditionally alive (Benson), not in seki as `count_territory` sees one on
//!   the board without the chains the playouts nearly always take, and touches no enemy chain
//!   in seki, by that test or by the playouts' (a seki stays alive and its eyes stay neutral,
//!   stones in them included);
//! - its stones end up the opponent's in at least [`DEAD_SHARE`] of the playouts;
//! - if it is in atari: it does not share its one liberty with an enemy chain in atari (whoever
//!   plays there first captures: nothing is settled) unless its capture there is a snapback and
//!   the enemy chain is never in danger in the playouts, and the playouts take it in at least
//!   [`ATARI_SHARE`] of them or its captors are never in danger ([`ATARI_FIGHT_SHARE`]);
//! - every chain of its colour that it reaches through empty points the playouts give to the
//!   opponent is proposed dead too, those the playouts nearly always keep aside (a group lives
//!   or dies as one; a split verdict is not strong evidence and nothing is proposed).
//!
//! Measured on the 31 autoscore positions of OGS's goban (`tests/engine/estimate.rs`): exactly right
//! on 29 (28 or 29 with other seeds, never a living chain proposed dead). Missed: dead chains
//! whose captors' own group dies in many playouts (its eye space undefended by the light
//! policy); one lone stone in atari that a seki fixture labels neutral (game_seki_64848549, A8)
//! is proposed dead: the same shape is labelled dead in two other fixtures. About 40–90 ms on
//! 19×19 in release.

use super::benson::unconditionally_alive;
use super::board::Board;
use super::color::{ByColor, Color};
use super::light_playout::Rng;
use super::point::{CELLS, Point};
use super::rules::Komi;
use super::score::{neighbours_on, seki_chains};
use tactical::PlayBoard;

mod tactical;

/// How sure the playouts must be before a chain is proposed dead.
pub const DEAD_SHARE: f64 = 0.6;

/// How sure the playouts must be of a chain in atari whose captors are in danger: a chain left
/// in atari by players who passed, that a playout does not nearly always capture, may be part
/// of a capturing race or a seki.
pub const ATARI_SHARE: f64 = 0.8;

/// A chain in atari that the playouts do not capture almost always is still proposed dead when
/// its captors are never in danger: they lose their points in at most this share of playouts.
pub const ATARI_FIGHT_SHARE: f64 = 0.04;

/// Tunables of the estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EstimateOptions {
    /// Playouts run from the position (half with each colour first).
    pub playouts: usize,
    /// Seed of the playouts: the same position and seed give the same proposal.
    pub seed: u64,
    /// How sure the playouts must be before a chain is proposed dead ([`DEAD_SHARE`]).
    pub dead_share: f64,
    /// How sure the playouts must be of a chain in atari ([`ATARI_SHARE`]).
    pub atari_share: f64,
    /// For a chain in atari below `atari_share`: the largest share of playouts a neighbouring
    /// enemy chain may lose ([`ATARI_FIGHT_SHARE`]).
    pub atari_fight_share: f64,
}

impl Default for EstimateOptions {
    fn default() -> Self {
        EstimateOptions {
            playouts: 400,
            seed: 0x5EED,
            dead_share: DEAD_SHARE,
            atari_share: ATARI_SHARE,
            atari_fight_share: ATARI_FIGHT_SHARE,
        }
    }
}

/// One chain of the position with what the estimate knows of it.
struct Chain {
    color: Color,
    stones: Vec<Point>,
    liberties: Vec<Point>,
    /// Mean share of playouts at whose end its points are the opponent's.
    share: f64,
}

/// One stone (the lowest point) of each chain proposed dead, sorted: ready for
/// [`crate::go::count_area`] and [`crate::go::count_territory`]. The guards a chain must pass
/// before it is proposed dead (safety, seki, mutual atari, its group) are read in order in
/// [`is_candidate`]; a group dies whole or not at all ([`dead_groups`]).
pub fn estimate_dead(board: &Board, options: EstimateOptions) -> Vec<Point> {
    dead_from_shares(board, options, &playout_shares(board, options, false))
}

/// [`estimate_dead`] on the shares of one run of playouts (the position estimate runs them
/// once for both).
fn dead_from_shares(board: &Board, options: EstimateOptions, shares: &Shares) -> Vec<Point> {
    let safe = ByColor::new_with(|c| unconditionally_alive(board, c));
    let (lost, black_owned, seki_end) = (&shares.lost, &shares.black_owned, &shares.seki_end);
    let seki = seki_chains(board, &taken_in_playouts(board, lost));
    let (chains, chain_of) = chains_with_shares(board, lost);
    let candidate: Vec<bool> = chains
        .iter()
        .map(|chain| {
            let p = chain.stones[0];
            !safe[chain.color][p.index()]
                && !seki[p.index()]
                && is_candidate(board, chain, &seki, seki_end, lost, options)
        })
        .collect();
    let mut dead = dead_groups(board, &chains, &chain_of, &candidate, black_owned);
    dead.sort();
    dead
}

/// The stones the playouts take in nearly all of them: the static seki test looks at the
/// board without them, since a point no one can fill next to a chain that is captured anyway
/// makes no seki.
fn taken_in_playouts(board: &Board, lost: &[f64]) -> [bool; CELLS] {
    let mut taken = [false; CELLS];
    for p in board.size().all_points() {
        if board.get(p).is_some() && !taken[p.index()] {
            let stones = board.chain(p);
            let share = stones.iter().map(|s| lost[s.index()]).sum::<f64>() / stones.len() as f64;
            if share >= TAKEN_SHARE {
                for s in stones {
                    taken[s.index()] = true;
                }
            }
        }
    }
    taken
}

/// Every chain with the share of playouts that lose it, and which chain each point is in.
fn chains_with_shares(board: &Board, lost: &[f64]) -> (Vec<Chain>, [usize; CELLS]) {
    let mut chain_of = [usize::MAX; CELLS];
    let mut chains: Vec<Chain> = Vec::new();
    for p in board.size().all_points() {
        let Some(color) = board.get(p) else { continue };
        if chain_of[p.index()] != usize::MAX {
            continue;
        }
        let stones = board.chain(p);
        for s in &stones {
            chain_of[s.index()] = chains.len();
        }
        let share = stones.iter().map(|s| lost[s.index()]).sum::<f64>() / stones.len() as f64;
        chains.push(Chain {
            color,
            liberties: board.liberties(p),
            stones,
            share,
        });
    }
    (chains, chain_of)
}

/// Whether a chain that is neither unconditionally alive nor in seki may be proposed dead:
/// lost in enough playouts, not in a seki's eye, and — in atari — neither in a mutual atari
/// nor in a fight the playouts do not settle.
fn is_candidate(
    board: &Board,
    chain: &Chain,
    seki: &[bool; CELLS],
    seki_end: &[f64],
    lost: &[f64],
    options: EstimateOptions,
) -> bool {
    chain.share >= options.dead_share
        && !touches_seki(board, chain, seki, seki_end)
        && (chain.liberties.len() != 1
            || (!mutual_atari(board, chain, lost, options.atari_fight_share)
                && (chain.share >= options.atari_share
                    || !in_a_fight(board, chain, lost, options.atari_fight_share))))
}

/// A chain dies with every chain of its colour it reaches through empty points that the
/// playouts give to the opponent: all must be candidates, or none is proposed. One stone of
/// each chain proposed.
fn dead_groups(
    board: &Board,
    chains: &[Chain],
    chain_of: &[usize; CELLS],
    candidate: &[bool],
    black_owned: &[f64],
) -> Vec<Point> {
    let size = board.size();
    let mut dead = Vec::new();
    for color in [Color::Black, Color::White] {
        let mut seen = [false; CELLS];
        for start in size.all_points() {
            if board.get(start) != Some(color) || seen[start.index()] {
                continue;
            }
            let mut members: Vec<usize> = Vec::new();
            let mut stack = vec![start];
            seen[start.index()] = true;
            while let Some(q) = stack.pop() {
                if board.get(q) == Some(color) {
                    let k = chain_of[q.index()];
                    if !members.contains(&k) {
                        members.push(k);
                    }
                }
                for n in neighbours_on(size, q) {
                    let theirs = match color {
                        Color::Black => 1.0 - black_owned[n.index()],
                        Color::White => black_owned[n.index()],
                    };
                    let open = match board.get(n) {
                        Some(c) => c == color,
                        None => theirs >= 0.5,
                    };
                    if !seen[n.index()] && open {
                        seen[n.index()] = true;
                        stack.push(n);
                    }
                }
            }
            // Chains the playouts nearly always keep are alive on their own: what the group
            // reaches of them through the opponent's area does not share their fate.
            members.retain(|&k| chains[k].share > ALIVE_SHARE);
            if !members.is_empty() && members.iter().all(|&k| candidate[k]) {
                dead.extend(
                    members
                        .iter()
                        .filter_map(|&k| chains[k].stones.iter().min().copied()),
                );
            }
        }
    }
    dead
}

/// Whether `chain` touches an enemy chain in seki: it stands in a seki's eye, which stays
/// neutral.
fn touches_seki(board: &Board, chain: &Chain, seki: &[bool; CELLS], seki_end: &[f64]) -> bool {
    chain.stones.iter().any(|&s| {
        neighbours_on(board.size(), s).any(|n| {
            board.get(n) == Some(chain.color.opponent())
                && (seki[n.index()] || seki_end[n.index()] >= SEKI_SHARE)
        })
    })
}

/// A chain that ends the playouts living by a liberty shared with the opponent in at least
/// this share of them is taken to be in seki.
const SEKI_SHARE: f64 = 0.15;

/// A chain the playouts take in at least this share of them is left out of the static seki
/// test.
const TAKEN_SHARE: f64 = 0.95;

/// A chain the playouts take in at most this share of them lives on its own.
const ALIVE_SHARE: f64 = 0.1;

/// Whether `chain`, in atari, shares its one liberty with an enemy chain in atari: whoever
/// plays there first captures, nothing is settled. Not so when `chain` capturing there is
/// left in atari again (a snapback) while the enemy chains in atari are never in danger in the
/// playouts (they lose their points in at most `fight_share` of them).
fn mutual_atari(board: &Board, chain: &Chain, lost: &[f64], fight_share: f64) -> bool {
    let Some(&lib) = chain.liberties.first() else {
        return false;
    };
    let enemy = Some(chain.color.opponent());
    let in_atari: Vec<Point> = neighbours_on(board.size(), lib)
        .filter(|&n| board.get(n) == enemy && board.liberties(n).len() == 1)
        .collect();
    if in_atari.is_empty() {
        return false;
    }
    let safe = in_atari.iter().all(|&n| {
        let stones = board.chain(n);
        stones.iter().map(|s| lost[s.index()]).sum::<f64>() / stones.len() as f64 <= fight_share
    });
    let mut after = board.clone();
    after.clear_ko();
    let snapback = match after.play(chain.color, lib) {
        Ok(_) => after.liberties(lib).len() <= 1,
        Err(_) => true,
    };
    !(safe && snapback)
}

/// Whether `chain` touches, directly or through one of its liberties, an enemy chain that the
/// playouts do not find safe either (it loses its points in more than `fight_share` of them):
/// the two are short of liberties together, which is never strong evidence that `chain` is
/// dead. A dead chain's captors keep their points in nearly every playout.
fn in_a_fight(board: &Board, chain: &Chain, lost: &[f64], fight_share: f64) -> bool {
    let size = board.size();
    let enemy = Some(chain.color.opponent());
    let mut near: Vec<Point> = Vec::new();
    for &s in chain.stones.iter().chain(&chain.liberties) {
        near.extend(neighbours_on(size, s).filter(|&n| board.get(n) == enemy));
    }
    let mut checked: Vec<Point> = Vec::new();
    for q in near {
        let Some(id) = board.chain_id(q) else {
            continue;
        };
        if checked.contains(&id) {
            continue;
        }
        checked.push(id);
        let stones = board.chain(q);
        let share = stones.iter().map(|s| lost[s.index()]).sum::<f64>() / stones.len() as f64;
        if share > fight_share {
            return true;
        }
    }
    false
}

/// Each stone with the share of playouts at whose end its point is the opponent's: what the
/// estimate weighs, for tools and tuning.
pub fn loss_shares(board: &Board, options: EstimateOptions) -> Vec<(Point, f64)> {
    let lost = opponent_ownership(board, options);
    board
        .size()
        .all_points()
        .filter(|p| board.get(*p).is_some())
        .map(|p| (p, lost[p.index()]))
        .collect()
}

/// For each point, the share of playouts at whose end the stone now on it (if any) has lost its
/// point to the other colour.
fn opponent_ownership(board: &Board, options: EstimateOptions) -> Vec<f64> {
    playout_shares(board, options, false).lost
}

/// Shares of the playouts, per point (indexed by [`Point::index`]).
struct Shares {
    /// Those at whose end the stone now on it (if any) has lost its point to the other colour.
    lost: Vec<f64>,
    /// Those at whose end the point (if now empty) is Black's.
    black_owned: Vec<f64>,
    /// Those at whose end the stone now on it is still there, in a chain living by a liberty
    /// shared with the opponent (a seki).
    seki_end: Vec<f64>,
    /// Those at whose end the point, stone or empty, is Black's less those at whose end it is
    /// White's: from −1 (White's in every one) to 1 (Black's in every one). Counted only when
    /// asked for (all zero otherwise): the dead-stone proposal does not need it.
    owner: Vec<f64>,
}

/// One run of playouts from the position and what their ends share ([`Shares`]), each
/// point's owner included when `with_owner`. The playouts are the same either way.
fn playout_shares(board: &Board, options: EstimateOptions, with_owner: bool) -> Shares {
    let size = board.size();
    let mut lost = vec![0u32; CELLS];
    let mut black = vec![0u32; CELLS];
    let mut seki_end = vec![0u32; CELLS];
    let mut owner = vec![0i32; CELLS];
    let empties: Vec<Point> = size
        .all_points()
        .filter(|&p| board.get(p).is_none())
        .collect();
    let mut rng = Rng::new(options.seed ^ board.hash());
    let runs = options.playouts.max(2);
    let start = PlayBoard::from_board(board);
    let stones: Vec<(Point, Color)> = size
        .all_points()
        .filter_map(|p| board.get(p).map(|c| (p, c)))
        .collect();
    let mut b = start.clone();
    for k in 0..runs {
        b.clone_from(&start);
        let first = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        b.playout(first, &mut rng, 3 * size.points());
        for &(p, original) in &stones {
            let owner = b.owner(p);
            if owner == Some(original.opponent()) {
                lost[p.index()] += 1;
            } else if b.color_at(p.index()) == Some(original) && b.lives_in_seki(p) {
                seki_end[p.index()] += 1;
            }
        }
        for &p in &empties {
            if b.owner(p) == Some(Color::Black) {
                black[p.index()] += 1;
            }
        }
        if with_owner {
            for p in size.all_points() {
                match b.owner(p) {
                    Some(Color::Black) => owner[p.index()] += 1,
                    Some(Color::White) => owner[p.index()] -= 1,
                    None => {}
                }
            }
        }
    }
    let share = |v: Vec<u32>| v.into_iter().map(|n| f64::from(n) / runs as f64).collect();
    Shares {
        lost: share(lost),
        black_owned: share(black),
        seki_end: share(seki_end),
        owner: owner
            .into_iter()
            .map(|n| f64::from(n) / runs as f64)
            .collect(),
    }
}

/// Who owns what in a position being played (形势判断): the judgement of [`estimate_dead`]
/// (one run of its playouts gives both), and the count it leads to.
#[derive(Debug, Clone, PartialEq)]
pub struct PositionEstimate {
    /// One stone (the lowest point) of each chain judged dead, sorted: [`estimate_dead`]'s.
    pub dead: Vec<Point>,
    /// Each point of the board, in the order of `BoardSize::all_points`, with the share of
    /// playouts that end with it Black's less the share that end with it White's: from −1
    /// (White's in every one) to 1 (Black's in every one).
    pub owner: Vec<(Point, f64)>,
    /// Each side's area: its living stones, the points of the opponent's dead chains, and the
    /// empty points the playouts give it more often than the other side.
    pub area: ByColor<u32>,
    /// The komi the lead includes.
    pub komi: Komi,
}

impl PositionEstimate {
    /// Black's lead in half points, komi included (negative: White leads), by area.
    pub fn black_lead_half_points(&self) -> i64 {
        2 * (i64::from(self.area.black) - i64::from(self.area.white))
            - i64::from(self.komi.half_points())
    }

    /// Who leads, and by how many half points (`None`: even).
    pub fn leader(&self) -> Option<(Color, u64)> {
        let lead = self.black_lead_half_points();
        match lead.cmp(&0) {
            std::cmp::Ordering::Greater => Some((Color::Black, lead.unsigned_abs())),
            std::cmp::Ordering::Less => Some((Color::White, lead.unsigned_abs())),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Every stone of the chains judged dead.
    pub fn dead_points(&self, board: &Board) -> Vec<Point> {
        self.dead.iter().flat_map(|&p| board.chain(p)).collect()
    }
}

/// Estimates a position being played: the dead chains as the dead-stone proposal judges them
/// ([`estimate_dead`], byte for byte: the same playouts under the same options), who owns each
/// point, and the area count that follows with `komi`. One run of playouts.
pub fn position_estimate(board: &Board, komi: Komi, options: EstimateOptions) -> PositionEstimate {
    let shares = playout_shares(board, options, true);
    let dead = dead_from_shares(board, options, &shares);
    let mut is_dead = [false; CELLS];
    for &head in &dead {
        for s in board.chain(head) {
            is_dead[s.index()] = true;
        }
    }
    let mut area = ByColor::new_with(|_| 0u32);
    let mut owner = Vec::with_capacity(board.size().points());
    for p in board.size().all_points() {
        let share = shares.owner[p.index()];
        owner.push((p, share));
        let counts_for = match board.get(p) {
            Some(c) if !is_dead[p.index()] => Some(c),
            Some(c) => Some(c.opponent()),
            None if share > 0.0 => Some(Color::Black),
            None if share < 0.0 => Some(Color::White),
            None => None,
        };
        if let Some(c) = counts_for {
            area[c] += 1;
        }
    }
    PositionEstimate {
        dead,
        owner,
        area,
        komi,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dead_of(diagram: &str) -> Vec<String> {
        let b = Board::from_diagram(diagram).unwrap();
        estimate_dead(&b, EstimateOptions::default())
            .iter()
            .map(|p| p.to_string())
            .collect()
    }

    /// H4 sits in White's three columns and C7 in Black's four.
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

    /// Both lone stones are proposed dead, and the walls (each with its territory for eyes)
    /// are not.
    #[test]
    fn a_lone_stone_in_a_small_territory_is_dead_and_the_walls_are_not() {
        assert_eq!(dead_of(LONE_STONES), ["H4", "C7"]);
    }

    #[test]
    fn walls_with_two_eyes_stay_alive() {
        let d = "
            . . X O . . . . .
            X X X O . . . . .
            . X O O . . . . .
            X X O . . . . . .
            . X O . . . . . .
            X X O . . . . . .
            . X O . . . . . .
            X X O . . . . . .
            . X O . . . . . .";
        assert!(dead_of(d).is_empty(), "{:?}", dead_of(d));
    }

    #[test]
    fn a_seki_is_never_proposed_dead() {
        let d = crate::go::tests::SEKI;
        assert!(dead_of(d).is_empty(), "{:?}", dead_of(d));
        // F7 alone in Black's area is dead; the seki's chains are left alive.
        let with_dead = "
            X X X . . O .
            O O X . . . .
            . O X . . . .
            O O X . . . .
            . O X X X X X
            X X O O O O O
            . X O . . . .";
        assert_eq!(dead_of(with_dead), ["F7"]);
    }

    #[test]
    fn a_stone_whose_fate_hangs_on_who_moves_first_is_left_to_the_players() {
        // White's six stones at the bottom have three liberties around the black F1; Black at
        // E1 makes a seki (D1 and G1 would then be self-atari for either side), while White at
        // E1 takes F1.
        let d = "
            X X X . . O .
            O O X . . . .
            . O X . . . .
            O O X . . . .
            . O X X X X X
            X X O O O O O
            . X O . . X .";
        assert_eq!(dead_of(d), ["F7"]);
    }

    fn estimate_of(diagram: &str, komi: &str) -> (Board, PositionEstimate) {
        let b = Board::from_diagram(diagram).unwrap();
        let e = position_estimate(&b, komi.parse().unwrap(), EstimateOptions::default());
        (b, e)
    }

    /// The dead stones of the estimate are the proposal's, and a dead stone's point counts for
    /// the side around it: Black's five columns (C7 dead inside) and White's four (H4 dead
    /// inside), 45 to 36, less 5.5 of komi.
    #[test]
    fn dead_stones_count_for_the_opponent_and_the_lead_includes_komi() {
        let (b, e) = estimate_of(LONE_STONES, "5.5");
        let dead: Vec<String> = e.dead.iter().map(|p| p.to_string()).collect();
        assert_eq!(dead, ["H4", "C7"]);
        assert_eq!(e.dead, estimate_dead(&b, EstimateOptions::default()));
        assert_eq!((e.area.black, e.area.white), (45, 36));
        assert_eq!(e.black_lead_half_points(), 7);
        assert_eq!(e.leader(), Some((Color::Black, 7)));
        let share = |name: &str| {
            let p: Point = name.parse().unwrap();
            e.owner
                .iter()
                .find(|(q, _)| *q == p)
                .map(|(_, s)| *s)
                .unwrap()
        };
        assert!(
            share("C7") > 0.0,
            "the dead white stone's point is likely Black's"
        );
        assert!(
            share("H4") < 0.0,
            "the dead black stone's point is likely White's"
        );
        assert!(
            share("A1") > 0.5 && share("J9") < -0.5,
            "{} {}",
            share("A1"),
            share("J9")
        );
        assert_eq!(e.owner.len(), 81);
        assert_eq!(e.dead_points(&b).len(), 2);
    }

    /// White's wall on the third line from the right leaves Black most of the board: Black
    /// leads by far whatever the komi, and with the colours swapped White does.
    #[test]
    fn a_clearly_won_position_has_the_right_sign() {
        let black_wins = "
            . . . . . X O . .
            . . . . . X O . .
            . . . . . X O . .
            . . . . . X O . .
            . . . . . X O . .
            . . . . . X O . .
            . . . . . X O . .
            . . . . . X O . .
            . . . . . X O . .";
        let (_, e) = estimate_of(black_wins, "7.5");
        assert_eq!((e.area.black, e.area.white), (54, 27));
        assert_eq!(e.leader(), Some((Color::Black, 39)));
        let white_wins = black_wins
            .replace('X', "x")
            .replace('O', "X")
            .replace('x', "O");
        let (_, e) = estimate_of(&white_wins, "7.5");
        assert_eq!(e.black_lead_half_points(), -69);
        assert_eq!(e.leader(), Some((Color::White, 69)));
    }

    #[test]
    fn the_estimate_of_an_empty_board_is_komi() {
        let b = Board::new(crate::go::BoardSize::NINE);
        let e = position_estimate(&b, "6.5".parse().unwrap(), EstimateOptions::default());
        assert!(e.dead.is_empty());
        assert_eq!(e.owner.len(), 81);
        assert!(e.owner.iter().all(|(_, s)| (-1.0..=1.0).contains(s)));
    }

    #[test]
    fn the_same_position_gets_the_same_proposal() {
        assert_eq!(dead_of(LONE_STONES), dead_of(LONE_STONES));
    }
}
