//! Swiss and McMahon pairing (SPEC §11), as EGF and AGA tournaments pair them: every round
//! players of equal score meet, no two players meet twice, no one sits out twice, and colours
//! stay balanced. McMahon is Swiss with a start score from the rank ([`mcmahon_start_half`]),
//! so that a strong player starts where the weak ones would have to win their way to.
//!
//! A round is one maximum weight matching (the blossom algorithm of `integer-blossom`) over
//! every pair of players still to pair, each pair weighted by what pairing it costs: a repeat
//! above all, then a colour limit broken, then the score difference, then the colours it
//! leaves, then how far it is from the top half of a score group meeting its bottom half.
//! Weighing every pair at once finds the best round where pairing down the standings greedily
//! can paint itself into a corner.

use std::cmp::Reverse;
use std::collections::{BTreeSet, HashMap};

use integer_blossom::max_weight_matching;

use crate::go::Color;

use super::{Board, Pairing, Played, Seat};

/// A player of a Swiss or McMahon event as pairing sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SwissPlayer {
    pub seat: Seat,
    /// The score they start from, in half points: 0 in Swiss, the McMahon score of their rank
    /// ([`mcmahon_start_half`]) in McMahon.
    pub start_half: u32,
}

/// The McMahon start score of a player of `rank`, in half points (a point a rank, so twice the
/// ranks): ranks as numbers where larger is stronger (`Rank.0`: 0 = 30 kyu, 30 = 1 dan,
/// 38 = 9 dan). A player at or below the `floor` starts at 0, one at or above the `bar` at the
/// bar's score (`bar - floor` points), one in between a point for each rank above the floor:
/// the bar keeps the strongest group from running away with the event, the floor keeps the
/// weakest from being out of it before it starts. A bar below the floor starts everyone at 0.
pub fn mcmahon_start_half(rank: i32, bar: i32, floor: i32) -> u32 {
    let top = i64::from(bar.max(floor));
    let points = i64::from(rank).clamp(i64::from(floor), top) - i64::from(floor);
    u32::try_from(points * 2).unwrap_or(u32::MAX)
}

/// The boards of `round` (1-based): its games, top board (highest score) first, then the bye
/// if there is one.
///
/// A player's score is their `start_half` plus the main points of their games (a win 2 half
/// points, a draw 1, see [`super::Outcome::half_points`]) plus 2 for every bye: a bye scores a
/// win. Only games and byes of rounds before `round` count, so a round can be paired again
/// after some of its games were recorded. A player listed in `players` but absent from
/// `played` simply has no games yet; a game against a seat not in `players` (a player who
/// withdrew) still counts for the one listed, and a seat listed twice counts once, as first
/// listed.
///
/// With an odd number of players the bye goes first to the lowest-scored player who has not
/// had one (ties to the larger seat, the weaker seed). The others are then paired, in order of
/// importance:
/// 1. no two players meet twice. Where that cannot be (a tiny field late in an event), the
///    round is paired as well as possible with the fewest repeats, each earlier meeting of a
///    pair counting once; likewise a bye goes to someone who already had one only when
///    everyone has (the fewest byes first);
/// 2. no one's White − Black difference goes past 2 and no one plays the same colour three
///    times in a row, unless every pairing without more repeats breaks one (then as few
///    break as can be). Above score groups, as FIDE's Swiss rules put them: in simulated
///    5-round events of 10 to 64 players it broke no limit where weighing the limits below
///    score broke one in one event of 15 to 30, for one more game out of its score group
///    every 10 to 20 events;
/// 3. players of equal score meet: the smaller the difference the better, squared, so that
///    two players a point out of their group beat one two points out;
/// 4. colours stay balanced: it costs a pairing to give a player the colour they have had
///    more of, or the colour of their last game;
/// 5. within a score group the top half meets the bottom half in seeding order (EGF's split
///    and slide); a player who must leave their group is the lowest of a higher group or the
///    highest of a lower one.
///
/// Each criterion counts only among pairings equal in the ones before it. In each game whoever
/// has had more White games than Black (the larger White − Black) plays Black; at equal
/// differences, one whose last two games had one colour takes the other; then the higher
/// score plays White, else the smaller seat (the stronger seed) does. Never panics; the
/// matching takes time cubic and memory square in the number of players (64 pair in about
/// 10 ms in a debug build).
pub fn pair(
    players: &[SwissPlayer],
    played: &[Played],
    byes: &[(u32, Seat)],
    round: u32,
) -> Vec<Board> {
    let records = records(players, played, byes, round);
    let met = meetings(played, round);
    let bye = bye_of(&records);
    let active = ranked(&records, bye);
    let costs = cost_matrix(&records, &active, &met);
    let couples = best_matching(&costs, active.len());
    boards(&records, &active, &couples, bye)
}

/// What pairing knows of a player before a round.
#[derive(Debug, Clone)]
struct Record {
    seat: Seat,
    /// Start, games and byes, in half points.
    score: u64,
    /// White games less Black games.
    balance: i64,
    /// The colours of their last two games, the latest last.
    last: [Option<Color>; 2],
    /// The rounds they sat out.
    byes: u32,
}

impl Record {
    /// The colour that keeps them from playing the same colour three times in a row, if their
    /// last two games had one colour.
    fn due(&self) -> Option<Color> {
        match self.last {
            [Some(a), Some(b)] if a == b => Some(!a),
            _ => None,
        }
    }

    /// Records a game played with `colour`.
    fn played(&mut self, colour: Color) {
        self.balance += step(colour);
        self.last = [self.last[1], Some(colour)];
    }
}

/// Every listed player's record before `round`, in the order of `players` (a seat listed
/// again is left out).
fn records(
    players: &[SwissPlayer],
    played: &[Played],
    byes: &[(u32, Seat)],
    round: u32,
) -> Vec<Record> {
    let mut index: HashMap<Seat, usize> = HashMap::new();
    let mut out: Vec<Record> = Vec::new();
    for p in players {
        index.entry(p.seat).or_insert_with(|| {
            out.push(Record {
                seat: p.seat,
                score: u64::from(p.start_half),
                balance: 0,
                last: [None, None],
                byes: 0,
            });
            out.len() - 1
        });
    }
    let mut games: Vec<&Played> = played
        .iter()
        .filter(|g| g.round < round && g.pairing.black != g.pairing.white)
        .collect();
    games.sort_by_key(|g| g.round);
    for g in games {
        for (seat, colour) in [
            (g.pairing.black, Color::Black),
            (g.pairing.white, Color::White),
        ] {
            if let Some(r) = index.get(&seat).and_then(|&i| out.get_mut(i)) {
                let points = g.outcome.half_points(g.pairing, seat);
                r.score = r.score.saturating_add(u64::from(points));
                r.played(colour);
            }
        }
    }
    let sat_out: BTreeSet<(u32, Seat)> = byes.iter().filter(|b| b.0 < round).copied().collect();
    for (_, seat) in sat_out {
        if let Some(r) = index.get(&seat).and_then(|&i| out.get_mut(i)) {
            r.score = r.score.saturating_add(2);
            r.byes = r.byes.saturating_add(1);
        }
    }
    out
}

/// A pair of seats in a fixed order, to count their meetings by.
fn pair_key(a: Seat, b: Seat) -> (Seat, Seat) {
    (a.min(b), a.max(b))
}

/// How many times each pair has met before `round`.
fn meetings(played: &[Played], round: u32) -> HashMap<(Seat, Seat), u32> {
    let mut met = HashMap::new();
    for g in played.iter().filter(|g| g.round < round) {
        if g.pairing.black != g.pairing.white {
            let n = met
                .entry(pair_key(g.pairing.black, g.pairing.white))
                .or_insert(0u32);
            *n = n.saturating_add(1);
        }
    }
    met
}

/// Who sits out with an odd number of players: the fewest byes (none, unless everyone has had
/// one), then the lowest score, then the larger seat.
fn bye_of(records: &[Record]) -> Option<usize> {
    if records.len().is_multiple_of(2) {
        return None;
    }
    records
        .iter()
        .enumerate()
        .min_by_key(|(_, r)| (r.byes, r.score, Reverse(r.seat)))
        .map(|(i, _)| i)
}

/// The players to pair (indexes into the records, the bye left out), best score first, then
/// in seeding order: the standings that score groups are read from.
fn ranked(records: &[Record], bye: Option<usize>) -> Vec<usize> {
    let mut active: Vec<usize> = (0..records.len()).filter(|&i| Some(i) != bye).collect();
    active.sort_by_key(|&i| (Reverse(records[i].score), records[i].seat));
    active
}

/// Who plays Black when `a` meets `b`: whoever has had more White games than Black (the larger
/// White − Black) plays Black; at equal differences, a player whose last two games had one
/// colour gets the other; then the higher score plays White, else the smaller seat does (the
/// stronger seed, as White is the stronger player's colour in Go).
fn colours(a: &Record, b: &Record) -> Pairing {
    let a_black = if a.balance != b.balance {
        a.balance > b.balance
    } else {
        match (a.due(), b.due()) {
            (Some(x), Some(y)) if x != y => x == Color::Black,
            (Some(x), None) => x == Color::Black,
            (None, Some(y)) => y == Color::White,
            _ if a.score != b.score => a.score < b.score,
            _ => a.seat > b.seat,
        }
    };
    if a_black {
        Pairing {
            black: a.seat,
            white: b.seat,
        }
    } else {
        Pairing {
            black: b.seat,
            white: a.seat,
        }
    }
}

/// The largest [`limit_cost`] of one player.
const LIMIT_COST_MAX: u32 = 2;

/// What playing `colour` costs a player against the colour limits, which no pairing breaks
/// where another keeps them (as FIDE's absolute colour criteria): 1 for taking their
/// White − Black difference past 2, 1 for the same colour a third time in a row.
fn limit_cost(r: &Record, colour: Color) -> u32 {
    let past_two = (r.balance + step(colour)).abs() > 2;
    let third = r.due() == Some(!colour);
    u32::from(past_two) + u32::from(third)
}

/// The largest [`colour_cost`] of one player.
const COLOUR_COST_MAX: u32 = 2;

/// What playing `colour` costs a player's colour balance within the limits: 1 for the colour
/// they have had more of, 1 for the colour of their last game (alternating keeps the limits
/// within reach in the rounds to come).
fn colour_cost(r: &Record, colour: Color) -> u32 {
    let more_of = r.balance != 0 && (r.balance + step(colour)).abs() > r.balance.abs();
    let again = r.last[1] == Some(colour);
    u32::from(more_of) + u32::from(again)
}

/// What a game of `colour` adds to White − Black.
fn step(colour: Color) -> i64 {
    match colour {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Score differences beyond this many half points all count as this far apart (which keeps
/// the weights in range whatever the start scores).
const SCORE_GAP_CAP: u64 = 1024;

/// Repeats of one pair beyond this many count as this many.
const REPEAT_CAP: u32 = 255;

/// What pairing two players costs, criterion by criterion, the most important first (compared
/// in that order, as the derived `Ord` does).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Cost {
    /// Earlier meetings of the pair.
    repeats: u32,
    /// Both players' [`limit_cost`].
    limits: u32,
    /// The squared score difference in half points.
    score: u64,
    /// Both players' [`colour_cost`].
    colour: u32,
    /// The distance from the split-and-slide pairing of the standings.
    slide: u32,
}

/// Where a player stands among those to pair: their score group (0 the highest), their place
/// in it and its size.
#[derive(Debug, Clone, Copy)]
struct Place {
    group: usize,
    pos: usize,
    size: usize,
}

/// The [`Place`] of each player of `active` (in its order, which is the standings').
fn places(records: &[Record], active: &[usize]) -> Vec<Place> {
    let mut out: Vec<Place> = Vec::with_capacity(active.len());
    let mut start = 0;
    let mut group = 0;
    while start < active.len() {
        let score = records[active[start]].score;
        let size = active[start..]
            .iter()
            .take_while(|&&i| records[i].score == score)
            .count();
        out.extend((0..size).map(|pos| Place { group, pos, size }));
        start += size;
        group += 1;
    }
    out
}

/// How far a pair is from split and slide: within a group, players half the group apart
/// meet; across groups, the lowest of the higher group meets the highest of the lower one.
fn slide_cost(a: Place, b: Place) -> u32 {
    let cost = if a.group == b.group {
        a.pos.abs_diff(b.pos).abs_diff(a.size / 2)
    } else {
        let (high, low) = if a.group < b.group { (a, b) } else { (b, a) };
        (high.size - 1 - high.pos) + low.pos
    };
    u32::try_from(cost).unwrap_or(u32::MAX)
}

/// The cost of every pair of `active`, row-major (`i * n + j`), the diagonal left at zero.
fn cost_matrix(
    records: &[Record],
    active: &[usize],
    met: &HashMap<(Seat, Seat), u32>,
) -> Vec<Cost> {
    let n = active.len();
    let places = places(records, active);
    let mut costs = vec![Cost::default(); n * n];
    for i in 0..n {
        for j in (i + 1)..n {
            let (a, b) = (&records[active[i]], &records[active[j]]);
            let p = colours(a, b);
            let (a_colour, b_colour) = if p.black == a.seat {
                (Color::Black, Color::White)
            } else {
                (Color::White, Color::Black)
            };
            let gap = a.score.abs_diff(b.score).min(SCORE_GAP_CAP);
            let cost = Cost {
                repeats: met
                    .get(&pair_key(a.seat, b.seat))
                    .copied()
                    .unwrap_or(0)
                    .min(REPEAT_CAP),
                limits: limit_cost(a, a_colour) + limit_cost(b, b_colour),
                score: gap * gap,
                colour: colour_cost(a, a_colour) + colour_cost(b, b_colour),
                slide: slide_cost(places[i], places[j]),
            };
            costs[i * n + j] = cost;
            costs[j * n + i] = cost;
        }
    }
    costs
}

/// Folds a [`Cost`] into one number so that a matching of the least total number is the
/// least total [`Cost`] in its order: each criterion is scaled past the largest total that
/// every criterion after it can reach over the `n / 2` boards of `n` players.
fn weigh(cost: Cost, n: usize) -> i128 {
    let boards = i128::try_from(n / 2).unwrap_or(i128::MAX);
    // The least important first, each with the most that one board can cost in it.
    let criteria = [
        (u64::from(cost.slide), u64::try_from(n).unwrap_or(u64::MAX)),
        (u64::from(cost.colour), u64::from(2 * COLOUR_COST_MAX)),
        (cost.score, SCORE_GAP_CAP * SCORE_GAP_CAP),
        (u64::from(cost.limits), u64::from(2 * LIMIT_COST_MAX)),
        (u64::from(cost.repeats), u64::from(REPEAT_CAP)),
    ];
    let mut scale: i128 = 1;
    let mut total: i128 = 0;
    for (value, most) in criteria {
        total = total.saturating_add(i128::from(value).saturating_mul(scale));
        let reach = boards.saturating_mul(i128::from(most));
        scale = scale.saturating_mul(reach.saturating_add(1));
    }
    total
}

/// The least-cost pairing of `n` players (an even number), as pairs of indexes into
/// `costs`'s rows, each pair in increasing order.
fn best_matching(costs: &[Cost], n: usize) -> Vec<(usize, usize)> {
    let weighed: Vec<i128> = costs.iter().map(|&c| weigh(c, n)).collect();
    let top = weighed.iter().copied().max().unwrap_or(0).saturating_add(1);
    // Every pair is an edge of positive weight, so the heaviest matching pairs everyone.
    let weights: Vec<i128> = weighed.iter().map(|&w| top - w).collect();
    let mates = max_weight_matching(&weights, n);
    let mut couples: Vec<(usize, usize)> = Vec::with_capacity(n / 2);
    let mut alone: Vec<usize> = Vec::new();
    for (i, mate) in mates.iter().enumerate() {
        match *mate {
            Some(j) if j < n && mates.get(j).copied().flatten() == Some(i) => {
                if i < j {
                    couples.push((i, j));
                }
            }
            _ => alone.push(i),
        }
    }
    // Unreachable with a complete graph; kept so that no answer can lose a player.
    couples.extend(alone.chunks_exact(2).map(|c| (c[0], c[1])));
    couples
}

/// The round's boards: the games with their colours, top board (highest score, then smaller
/// seat) first, then the bye.
fn boards(
    records: &[Record],
    active: &[usize],
    couples: &[(usize, usize)],
    bye: Option<usize>,
) -> Vec<Board> {
    let mut games: Vec<(Reverse<u64>, Seat, Pairing)> = couples
        .iter()
        .map(|&(i, j)| {
            let (a, b) = (&records[active[i]], &records[active[j]]);
            (
                Reverse(a.score.max(b.score)),
                a.seat.min(b.seat),
                colours(a, b),
            )
        })
        .collect();
    games.sort();
    let mut out: Vec<Board> = games.into_iter().map(|g| Board::Game(g.2)).collect();
    // No one left out of the matching (which cannot happen) is ever dropped: they sit out.
    let paired: BTreeSet<usize> = couples.iter().flat_map(|&(i, j)| [i, j]).collect();
    let unpaired = (0..active.len()).filter(|k| !paired.contains(k));
    out.extend(unpaired.map(|k| Board::Bye(records[active[k]].seat)));
    out.extend(bye.map(|i| Board::Bye(records[i].seat)));
    out
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::time::Instant;

    use super::super::Outcome;
    use super::*;

    /// A tiny xorshift64 generator: reproducible results with no dependency.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }

        /// A game's result: mostly wins, one in 32 a draw (when `draws`).
        fn outcome(&mut self, draws: bool) -> Outcome {
            match self.below(32) {
                0 if draws => Outcome::Draw,
                x if x % 2 == 1 => Outcome::BlackWon,
                _ => Outcome::WhiteWon,
            }
        }
    }

    fn swiss_field(n: usize) -> Vec<SwissPlayer> {
        (0..n)
            .map(|seat| SwissPlayer {
                seat,
                start_half: 0,
            })
            .collect()
    }

    /// An event so far: its games and byes.
    #[derive(Default)]
    struct Event {
        played: Vec<Played>,
        byes: Vec<(u32, Seat)>,
    }

    impl Event {
        /// Pairs `round`, checks that everyone is on exactly one board, and plays it.
        fn play_round(
            &mut self,
            players: &[SwissPlayer],
            round: u32,
            rng: &mut XorShift,
            draws: bool,
        ) -> Vec<Board> {
            let boards = pair(players, &self.played, &self.byes, round);
            assert_everyone_once(players, &boards);
            for board in &boards {
                match *board {
                    Board::Game(pairing) => self.played.push(Played {
                        round,
                        pairing,
                        outcome: rng.outcome(draws),
                        forfeit: false,
                    }),
                    Board::Bye(seat) => self.byes.push((round, seat)),
                }
            }
            boards
        }

        /// A player's score in half points, start included.
        fn score(&self, player: SwissPlayer) -> u32 {
            let games: u32 = self
                .played
                .iter()
                .map(|g| g.outcome.half_points(g.pairing, player.seat))
                .sum();
            let byes = self.byes.iter().filter(|b| b.1 == player.seat).count() as u32;
            player.start_half + games + 2 * byes
        }

        /// A player's colours, round by round.
        fn colours_of(&self, seat: Seat) -> Vec<Color> {
            self.played
                .iter()
                .filter_map(|g| match g.pairing {
                    p if p.black == seat => Some(Color::Black),
                    p if p.white == seat => Some(Color::White),
                    _ => None,
                })
                .collect()
        }

        /// Every pair that met more than once.
        fn repeats(&self) -> Vec<(Seat, Seat)> {
            let mut seen = HashSet::new();
            self.played
                .iter()
                .map(|g| pair_key(g.pairing.black, g.pairing.white))
                .filter(|&k| !seen.insert(k))
                .collect()
        }
    }

    fn assert_everyone_once(players: &[SwissPlayer], boards: &[Board]) {
        let mut seats: Vec<Seat> = boards
            .iter()
            .flat_map(|b| match *b {
                Board::Game(p) => vec![p.black, p.white],
                Board::Bye(s) => vec![s],
            })
            .collect();
        seats.sort_unstable();
        let mut want: Vec<Seat> = players.iter().map(|p| p.seat).collect();
        want.sort_unstable();
        assert_eq!(seats, want, "{boards:?}");
    }

    fn white_minus_black(colours: &[Color]) -> i64 {
        colours
            .iter()
            .map(|&c| if c == Color::White { 1 } else { -1 })
            .sum()
    }

    fn three_in_a_row(colours: &[Color]) -> bool {
        colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2])
    }

    #[test]
    fn five_swiss_rounds_of_twenty_repeat_no_pair_and_give_no_bye() {
        let players = swiss_field(20);
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let mut event = Event::default();
        for round in 1..=5 {
            let boards = event.play_round(&players, round, &mut rng, true);
            assert_eq!(boards.len(), 10);
        }
        assert_eq!(event.repeats(), vec![]);
        assert!(event.byes.is_empty());
        assert_eq!(event.played.len(), 50);
    }

    #[test]
    fn with_twenty_one_players_each_round_gives_the_lowest_scored_a_bye_never_twice() {
        let players = swiss_field(21);
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        let mut event = Event::default();
        for round in 1..=7 {
            let had: HashSet<Seat> = event.byes.iter().map(|b| b.1).collect();
            let lowest = players
                .iter()
                .filter(|p| !had.contains(&p.seat))
                .map(|&p| (event.score(p), Reverse(p.seat)))
                .min();
            let boards = event.play_round(&players, round, &mut rng, true);
            let byes: Vec<Seat> = boards
                .iter()
                .filter_map(|b| match *b {
                    Board::Bye(s) => Some(s),
                    Board::Game(_) => None,
                })
                .collect();
            assert_eq!(byes.len(), 1, "round {round}: {boards:?}");
            let seat = byes[0];
            assert!(!had.contains(&seat), "round {round}: a second bye");
            assert_eq!(
                Some((event.score(players[seat]) - 2, Reverse(seat))),
                lowest,
                "round {round}: the bye goes to the lowest score, the larger seat"
            );
        }
        assert_eq!(event.byes.len(), 7);
        assert_eq!(event.repeats(), vec![]);
        // Round 1: everyone at 0, the bye goes to the last seat.
        assert_eq!(event.byes[0], (1, 20));
    }

    #[test]
    fn a_bye_scores_a_win() {
        let players = swiss_field(3);
        let boards = pair(&players, &[], &[], 1);
        assert_eq!(
            boards,
            vec![Board::Game(Pairing { black: 1, white: 0 }), Board::Bye(2)]
        );
        let played = [Played {
            round: 1,
            pairing: Pairing { black: 1, white: 0 },
            outcome: Outcome::WhiteWon,
            forfeit: false,
        }];
        // Round 2: seats 0 and 2 have a win each; 1 (no bye yet, lowest) sits out.
        let boards = pair(&players, &played, &[(1, 2)], 2);
        assert_eq!(boards[1], Board::Bye(1));
        let Board::Game(game) = boards[0] else {
            panic!("{boards:?}")
        };
        assert!(game.involves(0) && game.involves(2));
    }

    #[test]
    fn round_one_splits_the_field_and_slides_the_top_half_against_the_bottom() {
        let boards = pair(&swiss_field(8), &[], &[], 1);
        let want: Vec<Board> = (0..4)
            .map(|s| {
                Board::Game(Pairing {
                    black: s + 4,
                    white: s,
                })
            })
            .collect();
        assert_eq!(boards, want);
    }

    #[test]
    fn after_round_one_winners_meet_winners() {
        let players = swiss_field(20);
        let mut rng = XorShift(12_345);
        let mut event = Event::default();
        event.play_round(&players, 1, &mut rng, false);
        let after_one: Vec<u32> = players.iter().map(|&p| event.score(p)).collect();
        assert_eq!(after_one.iter().filter(|&&s| s == 2).count(), 10);
        let boards = pair(&players, &event.played, &event.byes, 2);
        assert_eq!(boards.len(), 10);
        for (k, board) in boards.iter().enumerate() {
            let Board::Game(p) = *board else {
                panic!("{boards:?}")
            };
            assert_eq!(after_one[p.black], after_one[p.white], "{boards:?}");
            // The winners' games on the top boards.
            assert_eq!(after_one[p.black] == 2, k < 5, "{boards:?}");
        }
    }

    #[test]
    fn colours_stay_within_two_and_never_three_in_a_row_over_five_rounds() {
        // Over fields like these every round has a pairing that keeps both limits (the
        // matching breaks one only when none does), so none is broken.
        for (n, seed) in [
            (20, 7),
            (20, 1_000_003),
            (21, 99),
            (21, 424_242),
            (10, 5),
            (33, 77),
        ] {
            let players = swiss_field(n);
            let mut rng = XorShift(seed);
            let mut event = Event::default();
            for round in 1..=5 {
                event.play_round(&players, round, &mut rng, true);
            }
            assert_eq!(event.repeats(), vec![], "n={n} seed={seed}");
            for p in &players {
                let colours = event.colours_of(p.seat);
                let games = colours.len() as i64;
                let diff = white_minus_black(&colours);
                assert!(diff.abs() <= 2, "n={n} seed={seed} {p:?}: {colours:?}");
                // In an even field everyone plays every round.
                let sat_out = event.byes.iter().any(|b| b.1 == p.seat);
                assert_eq!(games, if sat_out { 4 } else { 5 }, "n={n} seed={seed}");
                assert!(!three_in_a_row(&colours), "n={n} seed={seed}: {colours:?}");
            }
        }
    }

    fn record(seat: Seat, score: u64, colours: &[Color]) -> Record {
        let mut r = Record {
            seat,
            score,
            balance: 0,
            last: [None, None],
            byes: 0,
        };
        for &c in colours {
            r.played(c);
        }
        r
    }

    #[test]
    fn more_white_games_play_black_then_no_third_in_a_row_then_the_higher_score_white() {
        use Color::{Black as B, White as W};
        let game = |black, white| Pairing { black, white };
        // More White games than Black: Black, whoever has the better score or seat.
        let a = record(0, 10, &[W, B, W]);
        let b = record(1, 0, &[B, W, B]);
        assert_eq!(colours(&a, &b), game(0, 1));
        assert_eq!(colours(&b, &a), game(0, 1));
        // Equal differences: the last two games' colour is not played a third time.
        let a = record(0, 10, &[B, W, W]);
        let b = record(1, 0, &[W, B, B]);
        assert_eq!(colours(&a, &b), game(0, 1));
        let c = record(2, 0, &[W, B]);
        assert_eq!(colours(&c, &a), game(0, 2), "only 0 is due a colour");
        assert_eq!(colours(&b, &c), game(2, 1), "only 1 is due a colour");
        // Both due the same colour: the higher score plays White.
        let d = record(3, 12, &[B, W, W]);
        assert_eq!(colours(&a, &d), game(0, 3));
        // Equal in everything: the smaller seat plays White.
        let e = record(4, 12, &[B, W, W]);
        assert_eq!(colours(&e, &d), game(4, 3));
        assert_eq!(colours(&record(5, 0, &[]), &record(6, 0, &[])), game(6, 5));
    }

    #[test]
    fn the_colour_limits_and_preferences_cost_what_they_say() {
        use Color::{Black as B, White as W};
        let r = record(0, 0, &[W, B, W, W]);
        assert_eq!(r.balance, 2);
        assert_eq!(limit_cost(&r, W), 2, "past 2 and a third White in a row");
        assert_eq!(colour_cost(&r, W), 2, "the colour had more of, and again");
        assert_eq!((limit_cost(&r, B), colour_cost(&r, B)), (0, 0));
        let fresh = record(1, 0, &[]);
        assert_eq!((limit_cost(&fresh, W), colour_cost(&fresh, W)), (0, 0));
    }

    #[test]
    fn mcmahon_start_scores_run_from_the_floor_to_the_bar() {
        // Bar 1 dan (30), floor 20 kyu (10).
        let start = |rank| mcmahon_start_half(rank, 30, 10);
        assert_eq!(start(32), 40, "3 dan: at the bar's 20 points");
        assert_eq!(start(30), 40, "1 dan: the bar");
        assert_eq!(start(29), 38, "1 kyu");
        assert_eq!(start(15), 10, "15 kyu: 5 points");
        assert_eq!(start(10), 0, "20 kyu: the floor");
        assert_eq!(start(5), 0, "25 kyu: below the floor");
        assert_eq!(start(38), 40, "9 dan");
        // Odd settings neither panic nor go negative.
        assert_eq!(mcmahon_start_half(20, 5, 15), 0, "a bar below the floor");
        assert_eq!(mcmahon_start_half(i32::MAX, i32::MAX, i32::MIN), u32::MAX);
        assert_eq!(mcmahon_start_half(i32::MIN, i32::MAX, i32::MIN), 0);
    }

    #[test]
    fn mcmahon_round_one_pairs_players_of_equal_start_score() {
        // 3 dan, 2 dan, 1 dan, 1 dan at the bar; two 5 kyu; two 15 kyu; 25 and 27 kyu at 0.
        let ranks = [32, 31, 30, 30, 25, 25, 15, 15, 5, 3];
        let players: Vec<SwissPlayer> = ranks
            .iter()
            .enumerate()
            .map(|(seat, &rank)| SwissPlayer {
                seat,
                start_half: mcmahon_start_half(rank, 30, 10),
            })
            .collect();
        let boards = pair(&players, &[], &[], 1);
        assert_eq!(boards.len(), 5);
        for board in &boards {
            let Board::Game(p) = *board else {
                panic!("{boards:?}")
            };
            assert_eq!(
                players[p.black].start_half, players[p.white].start_half,
                "{boards:?}"
            );
        }
        assert_eq!(boards[0], Board::Game(Pairing { black: 2, white: 0 }));
        assert_eq!(boards[1], Board::Game(Pairing { black: 3, white: 1 }));
        // Later rounds go on from the start scores.
        let mut rng = XorShift(31);
        let mut event = Event::default();
        for round in 1..=4 {
            event.play_round(&players, round, &mut rng, true);
        }
        assert_eq!(event.repeats(), vec![]);
    }

    #[test]
    fn a_sixty_four_player_round_pairs() {
        let players = swiss_field(64);
        let mut rng = XorShift(0xDEAD_BEEF);
        let mut event = Event::default();
        for round in 1..=5 {
            let started = Instant::now();
            let boards = event.play_round(&players, round, &mut rng, true);
            println!(
                "64 players, round {round}: paired in {:?}",
                started.elapsed()
            );
            assert_eq!(boards.len(), 32);
        }
        assert_eq!(event.repeats(), vec![]);
    }

    #[test]
    fn a_tiny_field_late_in_an_event_repeats_as_few_games_as_it_can() {
        // Four players after a full round robin: round 4 cannot avoid two repeats.
        let players = swiss_field(4);
        let mut rng = XorShift(3);
        let mut event = Event::default();
        for round in 1..=3 {
            event.play_round(&players, round, &mut rng, false);
        }
        assert_eq!(event.repeats(), vec![], "a round robin first");
        let boards = event.play_round(&players, 4, &mut rng, false);
        assert_eq!(boards.len(), 2);
        assert_eq!(event.repeats().len(), 2);
        // Five players, round 3 after two rounds: the pairing without a repeat is found.
        let players = swiss_field(5);
        let mut event = Event::default();
        for round in 1..=5 {
            event.play_round(&players, round, &mut rng, false);
        }
        assert_eq!(
            event.repeats(),
            vec![],
            "these five rounds make a round robin"
        );
        let mut had: Vec<Seat> = event.byes.iter().map(|b| b.1).collect();
        had.sort_unstable();
        assert_eq!(had, vec![0, 1, 2, 3, 4], "one bye each");
        // A sixth round: a second bye and a repeat cannot be helped, and neither panics.
        let boards = event.play_round(&players, 6, &mut rng, false);
        assert_eq!(boards.len(), 3);
        assert_eq!(event.byes.len(), 6);
        assert_eq!(event.repeats().len(), 2);
    }

    /// The costs of two boards together.
    fn plus(a: Cost, b: Cost) -> Cost {
        Cost {
            repeats: a.repeats + b.repeats,
            limits: a.limits + b.limits,
            score: a.score + b.score,
            colour: a.colour + b.colour,
            slide: a.slide + b.slide,
        }
    }

    /// Every way to pair `items` (an even number of them).
    fn all_pairings(items: &[usize]) -> Vec<Vec<(usize, usize)>> {
        let Some((&first, rest)) = items.split_first() else {
            return vec![vec![]];
        };
        let mut out = Vec::new();
        for (k, &other) in rest.iter().enumerate() {
            let mut left = rest.to_vec();
            left.remove(k);
            for mut tail in all_pairings(&left) {
                tail.push((first, other));
                out.push(tail);
            }
        }
        out
    }

    /// A random history of `rounds` rounds over `n` players (random pairings, results and
    /// byes, a player now and then missing a round), and random start scores.
    fn random_history(n: usize, rounds: u32, rng: &mut XorShift) -> (Vec<SwissPlayer>, Event) {
        let players: Vec<SwissPlayer> = (0..n)
            .map(|seat| SwissPlayer {
                seat,
                start_half: 2 * rng.below(3) as u32,
            })
            .collect();
        let mut event = Event::default();
        for round in 1..=rounds {
            let mut seats: Vec<Seat> = (0..n).filter(|_| rng.below(8) != 0).collect();
            for k in (1..seats.len()).rev() {
                seats.swap(k, rng.below(k as u64 + 1) as usize);
            }
            if seats.len() % 2 == 1 {
                event.byes.extend(seats.pop().map(|s| (round, s)));
            }
            for two in seats.chunks_exact(2) {
                event.played.push(Played {
                    round,
                    pairing: Pairing {
                        black: two[0],
                        white: two[1],
                    },
                    outcome: rng.outcome(true),
                    forfeit: false,
                });
            }
        }
        (players, event)
    }

    #[test]
    fn the_pairing_is_the_least_cost_of_every_possible_pairing_on_small_fields() {
        let mut rng = XorShift(0x1234_5678);
        for case in 0..400 {
            let n = 1 + (case % 10) as usize;
            let rounds = rng.below(6) as u32;
            let (players, event) = random_history(n, rounds, &mut rng);
            let round = rounds + 1;
            let boards = pair(&players, &event.played, &event.byes, round);
            assert_everyone_once(&players, &boards);
            let records = records(&players, &event.played, &event.byes, round);
            let met = meetings(&event.played, round);
            let active = ranked(&records, bye_of(&records));
            let costs = cost_matrix(&records, &active, &met);
            let m = active.len();
            let at = |seat: Seat| active.iter().position(|&i| records[i].seat == seat);
            let mut got = Cost::default();
            for board in &boards {
                if let Board::Game(p) = *board {
                    let (Some(i), Some(j)) = (at(p.black), at(p.white)) else {
                        panic!("{boards:?}")
                    };
                    got = plus(got, costs[i * m + j]);
                    assert_eq!(p, colours(&records[active[i]], &records[active[j]]));
                }
            }
            let indexes: Vec<usize> = (0..m).collect();
            let best = all_pairings(&indexes)
                .iter()
                .map(|pairs| {
                    pairs
                        .iter()
                        .fold(Cost::default(), |c, &(i, j)| plus(c, costs[i * m + j]))
                })
                .min();
            assert_eq!(Some(got), best, "case {case}: {boards:?}");
        }
    }

    #[test]
    fn odd_inputs_pair_without_panicking() {
        assert_eq!(pair(&[], &[], &[], 1), vec![]);
        let one = [SwissPlayer {
            seat: 7,
            start_half: u32::MAX,
        }];
        assert_eq!(pair(&one, &[], &[], 0), vec![Board::Bye(7)]);
        // A seat listed twice, games with seats not listed or against themselves, byes of
        // strangers, rounds from the future, enormous start scores.
        let players = [
            SwissPlayer {
                seat: 0,
                start_half: u32::MAX,
            },
            SwissPlayer {
                seat: 1,
                start_half: 0,
            },
            SwissPlayer {
                seat: 0,
                start_half: 4,
            },
            SwissPlayer {
                seat: 9,
                start_half: 3,
            },
        ];
        let game = |round, black, white| Played {
            round,
            pairing: Pairing { black, white },
            outcome: Outcome::BothLost,
            forfeit: true,
        };
        let played = [
            game(1, 0, 42),
            game(1, 1, 1),
            game(2, 9, 1),
            game(2, 9, 1),
            game(9, 0, 1),
        ];
        let byes = [(1, 100), (1, 9), (1, 9), (50, 1)];
        let boards = pair(&players, &played, &byes, 3);
        assert_everyone_once(&[players[0], players[1], players[3]], &boards);
        assert_eq!(boards.len(), 2);
        assert!(matches!(boards[0], Board::Game(p) if p.involves(0) && p.involves(9)));
        assert_eq!(
            boards[1],
            Board::Bye(1),
            "the lowest score without a bye (9 had one)"
        );
        // Later rounds, and round numbers at the ends of their range.
        for round in [4, u32::MAX] {
            assert_eq!(pair(&players, &played, &byes, round).len(), 2);
        }
    }
}
