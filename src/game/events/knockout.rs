//! Knockout events (淘汰制): single elimination (单式淘汰) and double elimination (复式淘汰),
//! seeded so that the strongest meet last, rebuilt from the entry list and the games played
//! so far, so that the service only stores games and never a bracket.
//!
//! Both formats are one machinery: a bracket is a list of games, each slot of which is fed
//! by a seat, by nobody (a bye), or by the winner or the loser of an earlier game; replaying
//! the played games through it in order settles every game that can be settled.
//!
//! What the service must know:
//! - **Colours**: in every game the lower seed (the larger seat number) plays Black, as the
//!   weaker player takes Black in an even game.
//! - **Draws are replayed**: a game that ended in a [`Outcome::Draw`] or [`Outcome::BothLost`]
//!   decides nothing; it is to be played again in the same round (same round number), as
//!   often as it takes. The first game of a pair with a winner settles it; any game of that
//!   pair and round stored after it is ignored.
//! - **Which games count**: a played game belongs to the bracket game of its round whose two
//!   seats it names (in either colour); any other (a wrong round, a pair that does not meet
//!   there) is ignored.
//! - **Rounds** are numbered from 1 in the order they are played; [`SingleElimination`] and
//!   [`DoubleElimination`] say which games each holds.
//!
//! [`Outcome::Draw`]: super::Outcome::Draw
//! [`Outcome::BothLost`]: super::Outcome::BothLost

use std::collections::HashMap;

use super::{Board, Pairing, Played, Seat};

/// The most players a knockout is drawn for: beyond it there is no bracket (no rounds, no
/// champion), as its table would fill memory long before `usize` runs out. The service
/// refuses such an entry list.
pub const MAX_PLAYERS: usize = 4096;

/// The seat at each first-round position of a bracket of `size` (a power of two), so that
/// the top seeds meet last: the first position pairs with the second, the third with the
/// fourth, and so on; seeds 1 and 2 can only meet in the final, 1–4 only in the semi-finals.
/// For 8: seats 0, 7, 3, 4, 1, 6, 2, 5 (1 v 8, 4 v 5, 2 v 7, 3 v 6 in 1-based seeds).
///
/// Built by doubling: each seat `s` of the bracket of half the size becomes the pair
/// `s`, `size − 1 − s`. A size that is not a power of two, or above [`MAX_PLAYERS`]: empty.
pub fn seed_positions(size: usize) -> Vec<Seat> {
    if !size.is_power_of_two() || size > MAX_PLAYERS {
        return Vec::new();
    }
    let mut order = vec![0];
    while order.len() < size {
        let doubled = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, doubled - 1 - s]).collect();
    }
    order
}

/// Who stands in one slot of a bracket game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A known player.
    Player(Seat),
    /// Nobody comes here (an empty first-round position, or the loser of a bye): whoever
    /// stands in the other slot goes through without playing.
    Bye,
    /// Whoever wins (or loses) a game not yet decided.
    Undecided,
}

/// One game of a bracket, as the bracket is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BracketGame {
    /// The numbered round (from 1, in the order of play) it is played in.
    pub round: u32,
    /// The upper slot of the drawing.
    pub top: Slot,
    /// The lower slot of the drawing.
    pub bottom: Slot,
    /// Who went through: the winner of the game, or the player of a bye; `None` while
    /// undecided (a drawn game is undecided until it is won), or if both slots are byes.
    pub winner: Option<Seat>,
}

impl BracketGame {
    /// The game's colours once both players are known: the lower seed (the larger seat
    /// number) plays Black.
    pub fn pairing(&self) -> Option<Pairing> {
        match (self.top, self.bottom) {
            (Slot::Player(a), Slot::Player(b)) => Some(colours(a, b)),
            _ => None,
        }
    }
}

/// The colours of a game between `a` and `b`: the lower seed (larger seat) plays Black.
fn colours(a: Seat, b: Seat) -> Pairing {
    Pairing {
        black: a.max(b),
        white: a.min(b),
    }
}

/// A single-elimination knockout, rebuilt from the number of players and the games played:
/// the loser of every game is out, the winner of the final is the champion.
///
/// The bracket has the smallest power-of-two size that holds every player
/// ([`seed_positions`]); the positions it has no player for are byes, and they fall to the
/// top seeds (with 6 players in a bracket of 8, seeds 1 and 2 go through the first round).
/// Round `r` is the bracket's `r`-th round (1 the first, the last the final). One player is
/// the champion without playing; none, or more than [`MAX_PLAYERS`], have no bracket.
#[derive(Debug, Clone)]
pub struct SingleElimination {
    bracket: Replayed,
    rounds: Vec<Vec<usize>>,
}

impl SingleElimination {
    /// The bracket of `players` (seats `0..players`, in seeding order) after `played`, the
    /// event's games in the order they were stored. Games that do not belong are ignored.
    pub fn replay(players: usize, played: &[Played]) -> SingleElimination {
        let mut games = Vec::new();
        let rounds = winners_bracket(players, &mut games);
        let champion = match rounds.last().and_then(|last| last.first()) {
            Some(&last) => Source::Winner(last),
            None if players == 1 => Source::Seat(0),
            None => Source::Nobody,
        };
        SingleElimination {
            bracket: Replayed::new(games, champion, played),
            rounds,
        }
    }

    /// The round to play now and its boards (byes included): the games of the first round
    /// not yet decided. While some game of that round has not ended yet: `None`. A round
    /// whose games ended but some in a draw (or both lost) comes back with those games only,
    /// the same round number, to be played again. Once the champion is known: `None`.
    ///
    /// Nothing here knows which games are under way: a round none of whose games has ended
    /// yet is returned whole, and the service starts only the boards not already started.
    pub fn next_round(&self) -> Option<(u32, Vec<Board>)> {
        self.bracket.next_round()
    }

    /// The winner of the final, once it is decided.
    pub fn champion(&self) -> Option<Seat> {
        self.bracket.champion()
    }

    /// Whether `seat` has lost a game (and is out).
    pub fn is_out(&self, seat: Seat) -> bool {
        self.bracket.is_out(seat)
    }

    /// The bracket for drawing: its rounds in order, each round's games from top to bottom
    /// (the first round in the order of [`seed_positions`]).
    pub fn rounds(&self) -> Vec<Vec<BracketGame>> {
        self.bracket.drawn(&self.rounds)
    }
}

/// A double-elimination knockout, rebuilt from the number of players and the games played:
/// a player is out after two losses, except that the grand final is one game.
///
/// The winners' bracket is the [`SingleElimination`] bracket (same seeding, same byes to the
/// top seeds), except that its losers drop into the losers' bracket instead of going out. The
/// routing, for a bracket of `2^k` positions (W*j* the winners' rounds, L*i* the losers'):
/// - L1 pairs off the losers of W1 in bracket order: the losers of W1's games 1 and 2, of
///   games 3 and 4, and so on (a bye of W1 has no loser, so its partner goes through).
/// - For each later winners' round W*j*, L(2*j*−2) brings its losers in **reversed order**
///   against the survivors of the losers' bracket: the loser of W*j*'s last game meets the
///   winner of the first game of L(2*j*−3), and so on; then (until the last) L(2*j*−1) pairs
///   off the survivors. Crossing the drop-ins keeps early rematches away: in a bracket of 8
///   or more, a loser of W2 first meets someone from the other part of the bracket, never
///   the player they beat in W1. For 8 this is the usual chart (brackets-manager's default,
///   after the "superior double elimination losers bracket seeding" of Team Liquid's forum);
///   for larger brackets that library shuffles some drop-in rounds differently, and here
///   every drop-in is simply reversed. Later rematches remain possible, as in any chart.
/// - The winner of L(2*k*−2), the last losers' round (against the loser of the winners'
///   final), meets the winner of the winners' bracket in the **grand final**: one game, no
///   reset. Its winner is the champion, even the winners' bracket's winner, who then loses
///   once only. With 2 players there is no losers' bracket: the loser of W1 goes straight
///   to the grand final, a second game between the two.
///
/// Rounds are numbered in the order they are played, each game as early as its players are
/// known: W*j* is round *j*; L(2*i*−1) is round 2*i* and L(2*i*) round 2*i*+1; the grand final
/// is round 2*k* (for 8 players: 1 W1; 2 W2, L1; 3 W3, L2; 4 L3; 5 L4; 6 the grand final). A
/// round may hold games of both brackets.
#[derive(Debug, Clone)]
pub struct DoubleElimination {
    bracket: Replayed,
    winners: Vec<Vec<usize>>,
    losers: Vec<Vec<usize>>,
    grand_final: Option<usize>,
}

/// A double-elimination bracket for drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoubleBracket {
    /// The winners' bracket, round by round (W1 first), each from top to bottom.
    pub winners: Vec<Vec<BracketGame>>,
    /// The losers' bracket, round by round (L1 first), each from top to bottom; in the rounds
    /// where players drop in, the top slot is the losers' bracket survivor and the bottom the
    /// player dropping from the winners' bracket.
    pub losers: Vec<Vec<BracketGame>>,
    /// The grand final: the winners' bracket's winner on top, the losers' below.
    pub grand_final: Option<BracketGame>,
}

impl DoubleElimination {
    /// The bracket of `players` (seats `0..players`, in seeding order) after `played`, the
    /// event's games in the order they were stored. Games that do not belong are ignored.
    pub fn replay(players: usize, played: &[Played]) -> DoubleElimination {
        let mut games = Vec::new();
        let winners = winners_bracket(players, &mut games);
        let (losers, losers_winner) = losers_bracket(&winners, &mut games);
        let top = winners.last().and_then(|last| last.first()).copied();
        let grand_final = top.map(|top| {
            let round = games.iter().map(|g| g.round).max().unwrap_or(0);
            push(
                &mut games,
                round.saturating_add(1),
                Source::Winner(top),
                losers_winner,
            )
        });
        let champion = match grand_final {
            Some(game) => Source::Winner(game),
            None if players == 1 => Source::Seat(0),
            None => Source::Nobody,
        };
        DoubleElimination {
            bracket: Replayed::new(games, champion, played),
            winners,
            losers,
            grand_final,
        }
    }

    /// The round to play now and its boards (byes included), both brackets' games together;
    /// as [`SingleElimination::next_round`]: `None` while a game of the round has not ended
    /// yet, drawn games again with the same round number, `None` once there is a champion.
    pub fn next_round(&self) -> Option<(u32, Vec<Board>)> {
        self.bracket.next_round()
    }

    /// The winner of the grand final, once it is decided.
    pub fn champion(&self) -> Option<Seat> {
        self.bracket.champion()
    }

    /// Whether `seat` is out: lost a game of the losers' bracket (their second loss), or the
    /// grand final.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.bracket.is_out(seat)
    }

    /// The bracket for drawing: the winners' bracket, the losers' and the grand final.
    pub fn bracket(&self) -> DoubleBracket {
        DoubleBracket {
            winners: self.bracket.drawn(&self.winners),
            losers: self.bracket.drawn(&self.losers),
            grand_final: self.grand_final.and_then(|g| self.bracket.game(g)),
        }
    }
}

/// Where a slot's player comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Seat(Seat),
    Nobody,
    /// The winner of the game at this index of the bracket's list.
    Winner(usize),
    /// The loser of the game at this index.
    Loser(usize),
}

/// A game of a bracket as drawn before any is played: its round and its two slots' sources,
/// which only name games earlier in the list (and in earlier rounds).
#[derive(Debug, Clone, Copy)]
struct Fixture {
    round: u32,
    top: Source,
    bottom: Source,
}

/// Adds a game to `games` and gives its index.
fn push(games: &mut Vec<Fixture>, round: u32, top: Source, bottom: Source) -> usize {
    games.push(Fixture { round, top, bottom });
    games.len() - 1
}

/// The size of the bracket for `players`: the smallest power of two that holds them; none for
/// fewer than two or more than [`MAX_PLAYERS`].
fn bracket_size(players: usize) -> Option<usize> {
    if (2..=MAX_PLAYERS).contains(&players) {
        players.checked_next_power_of_two()
    } else {
        None
    }
}

/// Adds the games of a seeded single-elimination bracket of `players` to `games`: round `r`
/// is numbered `r`. Gives each round's games' indices, the first round first.
fn winners_bracket(players: usize, games: &mut Vec<Fixture>) -> Vec<Vec<usize>> {
    let Some(size) = bracket_size(players) else {
        return Vec::new();
    };
    let seat = |s: Seat| {
        if s < players {
            Source::Seat(s)
        } else {
            Source::Nobody
        }
    };
    let first: Vec<usize> = seed_positions(size)
        .chunks_exact(2)
        .filter_map(|pair| match *pair {
            [a, b] => Some(push(games, 1, seat(a), seat(b))),
            _ => None,
        })
        .collect();
    let mut rounds = vec![first];
    let mut round = 1_u32;
    while let Some(last) = rounds.last().filter(|r| r.len() > 1) {
        round = round.saturating_add(1);
        let next = pair_off(last, round, games);
        rounds.push(next);
    }
    rounds
}

/// Adds a round (numbered `round`) in which the winners of `previous`'s games meet two by
/// two, the first two, the next two, and so on. Gives its games' indices.
fn pair_off(previous: &[usize], round: u32, games: &mut Vec<Fixture>) -> Vec<usize> {
    previous
        .chunks_exact(2)
        .filter_map(|pair| match *pair {
            [a, b] => Some(push(games, round, Source::Winner(a), Source::Winner(b))),
            _ => None,
        })
        .collect()
}

/// Adds the losers' bracket fed by `winners` (its rounds' games' indices) to `games`, routed
/// and numbered as [`DoubleElimination`] says. Gives its rounds' games' indices and where
/// its winner comes from (the loser of the winners' final when there is no losers' bracket).
fn losers_bracket(winners: &[Vec<usize>], games: &mut Vec<Fixture>) -> (Vec<Vec<usize>>, Source) {
    let (Some(first), Some(last)) = (winners.first(), winners.last()) else {
        return (Vec::new(), Source::Nobody);
    };
    if winners.len() < 2 {
        let winners_final = last.first().map_or(Source::Nobody, |&g| Source::Loser(g));
        return (Vec::new(), winners_final);
    }
    let first_losers: Vec<usize> = first
        .chunks_exact(2)
        .filter_map(|pair| match *pair {
            [a, b] => Some(push(games, 2, Source::Loser(a), Source::Loser(b))),
            _ => None,
        })
        .collect();
    let mut rounds = vec![first_losers];
    for (j, dropping) in (2_u32..).zip(winners.iter().skip(1)) {
        let survivors = rounds.last().cloned().unwrap_or_default();
        let round = j.saturating_mul(2).saturating_sub(1);
        let drop_in: Vec<usize> = survivors
            .iter()
            .zip(dropping.iter().rev())
            .map(|(&s, &d)| push(games, round, Source::Winner(s), Source::Loser(d)))
            .collect();
        let more = drop_in.len() > 1;
        rounds.push(drop_in);
        if more {
            let survivors = rounds.last().cloned().unwrap_or_default();
            rounds.push(pair_off(&survivors, round.saturating_add(1), games));
        }
    }
    let winner = rounds
        .last()
        .and_then(|r| r.first())
        .map_or(Source::Nobody, |&g| Source::Winner(g));
    (rounds, winner)
}

/// A game of a bracket after the replay: who stands in its slots and how it went.
#[derive(Debug, Clone, Copy)]
struct Settled {
    round: u32,
    top: Slot,
    bottom: Slot,
    /// The winner of a decided game, or the player of a bye.
    winner: Option<Seat>,
    /// The loser of a decided game.
    loser: Option<Seat>,
    /// How many times the game has been played: every drawn game and the won one.
    sittings: u32,
}

impl Settled {
    /// Whether both players are known: a game to play (or played).
    fn is_game(&self) -> bool {
        matches!((self.top, self.bottom), (Slot::Player(_), Slot::Player(_)))
    }

    /// Who goes on from it as winner.
    fn winner_slot(&self) -> Slot {
        match (self.winner, self.top, self.bottom) {
            (Some(w), _, _) => Slot::Player(w),
            (None, Slot::Bye, Slot::Bye) => Slot::Bye,
            _ => Slot::Undecided,
        }
    }

    /// Who goes on from it as loser: nobody from a bye.
    fn loser_slot(&self) -> Slot {
        match (self.loser, self.top, self.bottom) {
            (_, Slot::Bye, _) | (_, _, Slot::Bye) => Slot::Bye,
            (Some(l), _, _) => Slot::Player(l),
            _ => Slot::Undecided,
        }
    }
}

/// The played games of an event by round and pair (the lower seat first), in stored order.
type Records<'a> = HashMap<(u32, Seat, Seat), Vec<&'a Played>>;

fn records(played: &[Played]) -> Records<'_> {
    let mut by_game: Records<'_> = HashMap::new();
    for game in played.iter().filter(|g| g.pairing.black != g.pairing.white) {
        let (a, b) = (game.pairing.black, game.pairing.white);
        by_game
            .entry((game.round, a.min(b), a.max(b)))
            .or_default()
            .push(game);
    }
    by_game
}

/// A bracket with the played games replayed through it.
#[derive(Debug, Clone)]
struct Replayed {
    games: Vec<Settled>,
    /// Whether the loser of each game plays on (drops into the losers' bracket).
    plays_on: Vec<bool>,
    champion: Source,
}

impl Replayed {
    /// Settles `fixtures` in order with `played`.
    fn new(fixtures: Vec<Fixture>, champion: Source, played: &[Played]) -> Replayed {
        let records = records(played);
        let mut games: Vec<Settled> = Vec::with_capacity(fixtures.len());
        for fixture in &fixtures {
            let top = slot(fixture.top, &games);
            let bottom = slot(fixture.bottom, &games);
            games.push(settle(fixture.round, top, bottom, &records));
        }
        let mut plays_on = vec![false; fixtures.len()];
        for fixture in &fixtures {
            for source in [fixture.top, fixture.bottom] {
                if let Source::Loser(g) = source
                    && let Some(flag) = plays_on.get_mut(g)
                {
                    *flag = true;
                }
            }
        }
        Replayed {
            games,
            plays_on,
            champion,
        }
    }

    fn champion(&self) -> Option<Seat> {
        match slot(self.champion, &self.games) {
            Slot::Player(seat) => Some(seat),
            Slot::Bye | Slot::Undecided => None,
        }
    }

    fn is_out(&self, seat: Seat) -> bool {
        self.games
            .iter()
            .zip(&self.plays_on)
            .any(|(g, &on)| !on && g.loser == Some(seat))
    }

    /// The first round with a game not decided, and its games.
    fn current_round(&self) -> Option<(u32, Vec<&Settled>)> {
        let round = self
            .games
            .iter()
            .filter(|g| g.is_game() && g.winner.is_none())
            .map(|g| g.round)
            .min()?;
        Some((
            round,
            self.games.iter().filter(|g| g.round == round).collect(),
        ))
    }

    fn next_round(&self) -> Option<(u32, Vec<Board>)> {
        let (round, games) = self.current_round()?;
        let sittings = games.iter().map(|g| g.sittings).max().unwrap_or(0);
        let open = |g: &&&Settled| g.is_game() && g.winner.is_none();
        if games.iter().filter(open).any(|g| g.sittings < sittings) {
            return None;
        }
        let boards = games
            .iter()
            .filter_map(|g| match (g.top, g.bottom, g.winner) {
                (Slot::Player(a), Slot::Player(b), None) => Some(Board::Game(colours(a, b))),
                (Slot::Player(p), Slot::Bye, _) | (Slot::Bye, Slot::Player(p), _)
                    if sittings == 0 =>
                {
                    Some(Board::Bye(p))
                }
                _ => None,
            })
            .collect();
        Some((round, boards))
    }

    fn game(&self, index: usize) -> Option<BracketGame> {
        self.games.get(index).map(|g| BracketGame {
            round: g.round,
            top: g.top,
            bottom: g.bottom,
            winner: g.winner,
        })
    }

    fn drawn(&self, rounds: &[Vec<usize>]) -> Vec<Vec<BracketGame>> {
        rounds
            .iter()
            .map(|r| r.iter().filter_map(|&g| self.game(g)).collect())
            .collect()
    }
}

/// Who stands in a slot fed by `source`, the games before it settled.
fn slot(source: Source, settled: &[Settled]) -> Slot {
    match source {
        Source::Seat(seat) => Slot::Player(seat),
        Source::Nobody => Slot::Bye,
        Source::Winner(g) => settled.get(g).map_or(Slot::Undecided, Settled::winner_slot),
        Source::Loser(g) => settled.get(g).map_or(Slot::Undecided, Settled::loser_slot),
    }
}

/// A game of `round` between `top` and `bottom` after the played games: a bye goes to the
/// one player; between two players, the first stored game of the pair in that round with a
/// winner decides it, the drawn ones before it counted as sittings.
fn settle(round: u32, top: Slot, bottom: Slot, records: &Records<'_>) -> Settled {
    let mut game = Settled {
        round,
        top,
        bottom,
        winner: None,
        loser: None,
        sittings: 0,
    };
    match (top, bottom) {
        (Slot::Player(p), Slot::Bye) | (Slot::Bye, Slot::Player(p)) => game.winner = Some(p),
        (Slot::Player(a), Slot::Player(b)) => {
            let key = (round, a.min(b), a.max(b));
            for record in records.get(&key).into_iter().flatten() {
                game.sittings = game.sittings.saturating_add(1);
                if let Some(w) = record.outcome.winner(record.pairing) {
                    game.winner = Some(w);
                    game.loser = Some(if w == a { b } else { a });
                    break;
                }
            }
        }
        _ => {}
    }
    game
}

#[cfg(test)]
mod tests {
    use super::super::Outcome;
    use super::*;

    /// A game of `round` that `winner` won against `loser`, with the bracket's colours.
    fn won(round: u32, winner: Seat, loser: Seat) -> Played {
        let pairing = colours(winner, loser);
        let outcome = if pairing.black == winner {
            Outcome::BlackWon
        } else {
            Outcome::WhiteWon
        };
        Played {
            round,
            pairing,
            outcome,
            forfeit: false,
        }
    }

    /// A drawn game of `round` between `a` and `b`.
    fn drawn(round: u32, a: Seat, b: Seat) -> Played {
        Played {
            round,
            pairing: colours(a, b),
            outcome: Outcome::Draw,
            forfeit: false,
        }
    }

    fn game(black: Seat, white: Seat) -> Board {
        Board::Game(Pairing { black, white })
    }

    #[test]
    fn seed_positions_keep_the_top_seeds_apart_until_the_end() {
        assert_eq!(seed_positions(1), vec![0]);
        assert_eq!(seed_positions(2), vec![0, 1]);
        assert_eq!(seed_positions(4), vec![0, 3, 1, 2]);
        assert_eq!(seed_positions(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
        assert_eq!(
            seed_positions(16),
            vec![0, 15, 7, 8, 3, 12, 4, 11, 1, 14, 6, 9, 2, 13, 5, 10]
        );
    }

    #[test]
    fn seed_positions_of_a_size_that_is_not_a_power_of_two_are_empty() {
        for size in [0, 3, 6, 12, MAX_PLAYERS * 2, usize::MAX] {
            assert!(seed_positions(size).is_empty(), "{size}");
        }
    }

    #[test]
    fn the_byes_go_to_the_top_seeds() {
        for players in 2..=40 {
            let Some((1, boards)) = SingleElimination::replay(players, &[]).next_round() else {
                panic!("{players}: no first round");
            };
            let mut byes: Vec<Seat> = boards
                .iter()
                .filter_map(|b| match *b {
                    Board::Bye(s) => Some(s),
                    Board::Game(_) => None,
                })
                .collect();
            byes.sort_unstable();
            let size = players.next_power_of_two();
            assert_eq!(byes, (0..size - players).collect::<Vec<_>>(), "{players}");
        }
    }

    #[test]
    fn six_players_in_a_bracket_of_eight_give_seeds_one_and_two_byes_and_play_to_a_champion() {
        let mut played = Vec::new();
        let bracket = SingleElimination::replay(6, &played);
        let round_1 = vec![Board::Bye(0), game(4, 3), Board::Bye(1), game(5, 2)];
        assert_eq!(bracket.next_round(), Some((1, round_1)));
        // Seed 4 wins; the round is not over until the other game ends.
        played.push(won(1, 3, 4));
        assert_eq!(SingleElimination::replay(6, &played).next_round(), None);
        played.push(won(1, 5, 2));
        let bracket = SingleElimination::replay(6, &played);
        assert_eq!(
            bracket.next_round(),
            Some((2, vec![game(3, 0), game(5, 1)]))
        );
        assert!(bracket.is_out(2) && bracket.is_out(4) && !bracket.is_out(5));
        // A draw decides nothing: once the round's other game has ended, it is played again.
        played.push(drawn(2, 0, 3));
        assert_eq!(SingleElimination::replay(6, &played).next_round(), None);
        played.push(won(2, 1, 5));
        let bracket = SingleElimination::replay(6, &played);
        assert_eq!(bracket.next_round(), Some((2, vec![game(3, 0)])));
        played.push(won(2, 0, 3));
        let bracket = SingleElimination::replay(6, &played);
        assert_eq!(bracket.next_round(), Some((3, vec![game(1, 0)])));
        assert_eq!(bracket.champion(), None);
        played.push(won(3, 1, 0));
        let bracket = SingleElimination::replay(6, &played);
        assert_eq!(bracket.next_round(), None);
        assert_eq!(bracket.champion(), Some(1));
    }

    #[test]
    fn the_drawn_bracket_shows_byes_players_and_winners() {
        let played = [won(1, 3, 4), won(1, 5, 2)];
        let rounds = SingleElimination::replay(6, &played).rounds();
        assert_eq!(rounds.len(), 3);
        let first = &rounds[0];
        assert_eq!(first[0].top, Slot::Player(0));
        assert_eq!(first[0].bottom, Slot::Bye);
        assert_eq!(first[0].winner, Some(0));
        assert_eq!(first[1].winner, Some(3));
        assert_eq!(first[3].winner, Some(5));
        assert_eq!(first[1].pairing(), Some(Pairing { black: 4, white: 3 }));
        let second = &rounds[1];
        assert_eq!(
            (second[1].top, second[1].bottom),
            (Slot::Player(1), Slot::Player(5))
        );
        assert_eq!(second[1].round, 2);
        assert_eq!(second[1].winner, None);
        assert_eq!(
            (rounds[2][0].top, rounds[2][0].bottom),
            (Slot::Undecided, Slot::Undecided)
        );
        assert_eq!(rounds[2][0].pairing(), None);
    }

    /// Plays a bracket to its end, the top seed (smaller seat) winning every game.
    fn favourites_win(players: usize, double: bool) -> (Vec<Played>, Vec<(u32, Vec<Board>)>) {
        let mut played = Vec::new();
        let mut rounds = Vec::new();
        loop {
            let next = if double {
                DoubleElimination::replay(players, &played).next_round()
            } else {
                SingleElimination::replay(players, &played).next_round()
            };
            let Some((round, boards)) = next else {
                return (played, rounds);
            };
            for board in &boards {
                if let Board::Game(p) = *board {
                    played.push(won(round, p.white, p.black));
                }
            }
            rounds.push((round, boards));
            assert!(rounds.len() < 64, "never ends");
        }
    }

    #[test]
    fn sixteen_players_meet_by_seed_and_the_top_seed_wins() {
        let (played, rounds) = favourites_win(16, false);
        assert_eq!(played.len(), 15);
        let numbers: Vec<u32> = rounds.iter().map(|(r, _)| *r).collect();
        assert_eq!(numbers, vec![1, 2, 3, 4]);
        let round_1 = &rounds[0].1;
        assert_eq!(round_1.len(), 8);
        assert!(
            round_1
                .iter()
                .all(|b| matches!(b, Board::Game(p) if p.black + p.white == 15))
        );
        assert_eq!(round_1[0], game(15, 0));
        assert_eq!(
            rounds[1].1,
            vec![game(7, 0), game(4, 3), game(6, 1), game(5, 2)]
        );
        assert_eq!(rounds[2].1, vec![game(3, 0), game(2, 1)]);
        assert_eq!(rounds[3].1, vec![game(1, 0)]);
        let bracket = SingleElimination::replay(16, &played);
        assert_eq!(bracket.champion(), Some(0));
        assert!((1..16).all(|s| bracket.is_out(s)) && !bracket.is_out(0));
    }

    #[test]
    fn games_that_do_not_belong_to_the_bracket_are_ignored() {
        let stray = [
            won(2, 0, 7),  // the right pair in the wrong round
            won(1, 0, 3),  // a pair that does not meet in round 1
            won(1, 0, 99), // a seat that is not in the event
            Played {
                round: 1,
                pairing: Pairing { black: 4, white: 4 },
                outcome: Outcome::BlackWon,
                forfeit: false,
            },
            won(u32::MAX, 1, 6),
            won(3, 0, 1), // a final whose players are not known yet
        ];
        let fresh = SingleElimination::replay(8, &[]);
        let ignored = SingleElimination::replay(8, &stray);
        assert_eq!(ignored.next_round(), fresh.next_round());
        assert_eq!(ignored.rounds(), fresh.rounds());
        assert_eq!(ignored.champion(), None);
        let double = DoubleElimination::replay(8, &stray);
        assert_eq!(
            double.bracket(),
            DoubleElimination::replay(8, &[]).bracket()
        );
        // Once W1 is played, a stray W1 game stored later changes nothing either.
        let mut played: Vec<Played> = [(0, 7), (3, 4), (1, 6), (2, 5)]
            .iter()
            .map(|&(w, l)| won(1, w, l))
            .collect();
        let before = DoubleElimination::replay(8, &played).bracket();
        played.push(won(1, 7, 0));
        played.extend(stray);
        assert_eq!(DoubleElimination::replay(8, &played).bracket(), before);
    }

    #[test]
    fn no_players_or_too_many_have_no_bracket_and_one_player_is_the_champion() {
        for players in [0, MAX_PLAYERS + 1, usize::MAX] {
            let single = SingleElimination::replay(players, &[]);
            assert_eq!((single.next_round(), single.champion()), (None, None));
            assert!(single.rounds().is_empty());
            let double = DoubleElimination::replay(players, &[]);
            assert_eq!((double.next_round(), double.champion()), (None, None));
        }
        assert_eq!(SingleElimination::replay(1, &[]).champion(), Some(0));
        assert_eq!(DoubleElimination::replay(1, &[]).champion(), Some(0));
        assert_eq!(SingleElimination::replay(1, &[]).next_round(), None);
    }

    /// Plays one numbered round of a double elimination: checks that it offers `expected`
    /// and stores each game as won by the first seat of its pair.
    fn play(played: &mut Vec<Played>, round: u32, expected: &[(Seat, Seat)]) {
        let boards: Vec<Board> = expected
            .iter()
            .map(|&(w, l)| Board::Game(colours(w, l)))
            .collect();
        let next = DoubleElimination::replay(8, played).next_round();
        assert_eq!(next, Some((round, boards)), "round {round}");
        played.extend(expected.iter().map(|&(w, l)| won(round, w, l)));
    }

    #[test]
    fn double_elimination_of_eight_routes_the_losers_and_a_losers_bracket_player_can_win() {
        let mut played = Vec::new();
        // W1 in seeding order: seed 5 (seat 4) beats seed 4.
        play(&mut played, 1, &[(0, 7), (4, 3), (1, 6), (2, 5)]);
        // W2, then L1: the losers of W1's games 1 and 2 (7, 3), of 3 and 4 (6, 5).
        play(&mut played, 2, &[(0, 4), (2, 1), (3, 7), (5, 6)]);
        let after_two = DoubleElimination::replay(8, &played);
        assert!(after_two.is_out(7) && after_two.is_out(6), "two losses");
        assert!(!after_two.is_out(4) && !after_two.is_out(1), "one loss");
        // W3; L2 crosses: L1's first winner (3) meets the loser of W2's second game (1).
        play(&mut played, 3, &[(2, 0), (3, 1), (4, 5)]);
        // L3 pairs L2's winners; L4 brings the loser of the winners' final (0).
        play(&mut played, 4, &[(4, 3)]);
        play(&mut played, 5, &[(0, 4)]);
        // The grand final: one game, and the losers' bracket's winner takes it.
        play(&mut played, 6, &[(0, 2)]);
        let done = DoubleElimination::replay(8, &played);
        assert_eq!(done.next_round(), None);
        assert_eq!(done.champion(), Some(0));
        assert!((1..8).all(|s| done.is_out(s)) && !done.is_out(0));
        let bracket = done.bracket();
        let sizes: Vec<usize> = bracket.losers.iter().map(Vec::len).collect();
        assert_eq!(sizes, vec![2, 2, 1, 1]);
        let l2 = &bracket.losers[1];
        assert_eq!(
            (l2[0].top, l2[0].bottom),
            (Slot::Player(3), Slot::Player(1))
        );
        assert_eq!(
            (l2[1].top, l2[1].bottom),
            (Slot::Player(5), Slot::Player(4))
        );
        let last = bracket
            .grand_final
            .map(|g| (g.round, g.top, g.bottom, g.winner));
        assert_eq!(last, Some((6, Slot::Player(2), Slot::Player(0), Some(0))));
    }

    #[test]
    fn double_elimination_rounds_are_numbered_in_the_order_of_play() {
        let (played, rounds) = favourites_win(8, true);
        let sizes: Vec<(u32, usize)> = rounds.iter().map(|(r, b)| (*r, b.len())).collect();
        // 1 W1; 2 W2 + L1; 3 W3 + L2; 4 L3; 5 L4; 6 the grand final.
        assert_eq!(sizes, vec![(1, 4), (2, 4), (3, 3), (4, 1), (5, 1), (6, 1)]);
        assert_eq!(played.len(), 14);
        let done = DoubleElimination::replay(8, &played);
        assert_eq!(done.champion(), Some(0));
        let rounds: Vec<Vec<u32>> = done
            .bracket()
            .losers
            .iter()
            .map(|r| r.iter().map(|g| g.round).collect())
            .collect();
        assert_eq!(rounds, vec![vec![2, 2], vec![3, 3], vec![4], vec![5]]);
    }

    #[test]
    fn double_elimination_with_byes_ends_with_everyone_but_the_champion_out_after_two_losses() {
        for players in 2..=17 {
            let (played, _) = favourites_win(players, true);
            let done = DoubleElimination::replay(players, &played);
            assert_eq!(done.champion(), Some(0), "{players}");
            // The winners' bracket's winner took the grand final: every other player lost
            // twice (the losers' bracket's winner the second time in the grand final).
            let mut losses = vec![0; players];
            for game in &played {
                if let Some(w) = game.outcome.winner(game.pairing) {
                    losses[game.pairing.opponent_of(w).unwrap_or(w)] += 1;
                }
            }
            assert_eq!(losses[0], 0, "{players}");
            assert!(losses[1..].iter().all(|&l| l == 2), "{players}: {losses:?}");
            assert!((1..players).all(|s| done.is_out(s)), "{players}");
        }
        // Two players meet twice: W1, then the grand final.
        let played = [drawn(1, 0, 1), won(1, 1, 0)];
        let two = DoubleElimination::replay(2, &played);
        assert_eq!(two.next_round(), Some((2, vec![game(1, 0)])));
        // 6 players: L1 is byes only (no loser comes from W1's byes), offered with W2.
        let first = [won(1, 3, 4), won(1, 2, 5)];
        let six = DoubleElimination::replay(6, &first);
        let round_2 = vec![game(3, 0), game(2, 1), Board::Bye(4), Board::Bye(5)];
        assert_eq!(six.next_round(), Some((2, round_2)));
    }
}
