//! Standings and the crosstable (SPEC §11, 计分): who is ahead, by main points and then by
//! the auxiliary points that split them, computed from the games played and the byes given.
//!
//! Every figure is kept in halves (a win is 2, a draw 1), so that a draw, a McMahon start of
//! half a point, or a bye never needs a fraction, and equal players compare equal exactly.
//!
//! What counts, for both kinds of tiebreak:
//! - a win is one main point, a draw half, a bye a win (but a bye has no opponent, so it adds
//!   nothing to anyone's auxiliary points);
//! - a forfeit is already a win for the one present in its [`Outcome`], and counts as such
//!   here, the absent opponent included in the tiebreaks like any other;
//! - "both lost" (both absent) gives no point to either; it still counts as a meeting for the
//!   sums over *all* opponents (SOS, SOSOS), and for none of the sums over opponents beaten
//!   or lost to;
//! - a game naming a seat outside the entry list, or the same seat on both sides, is
//!   ignored: it cannot be anyone's.

use super::{Outcome, Pairing, Played, Seat};

/// Which auxiliary points break ties of main points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// The Ing rules' 辅分, in the seed's order: A1, A2, B1, B2 (for round robins and
    /// knockouts run under the seed's rules).
    Ing,
    /// The EGF's order for Swiss and McMahon events: SOS, SODOS, SOSOS.
    Egf,
}

/// One auxiliary figure of the standings (a [`Standing`]'s field of the same name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Aux {
    A1,
    A2,
    B1,
    B2,
    Sos,
    Sodos,
    Sosos,
}

impl Tiebreak {
    /// The auxiliary figures this tiebreak compares after main points, in its order: the one
    /// place the order is written (the table is sorted by it, and shown in it).
    pub const fn order(self) -> &'static [Aux] {
        match self {
            Tiebreak::Ing => &[Aux::A1, Aux::A2, Aux::B1, Aux::B2],
            Tiebreak::Egf => &[Aux::Sos, Aux::Sodos, Aux::Sosos],
        }
    }
}

/// One player's line of the standings. All points are in halves (×2); every auxiliary figure
/// is filled whichever [`Tiebreak`] ordered the table, so a renderer can show either.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub seat: Seat,
    /// Main points (主分) ×2: wins, draws and byes, plus the McMahon start given.
    pub main_half: u32,
    /// Ing A1: the sum of the main points of the opponents this player beat.
    pub a1: u32,
    /// Ing A2: the sum of the main points of the opponents who beat this player.
    pub a2: u32,
    /// Ing B1: the sum of the A1 of the opponents this player beat. The seed says "the sum of
    /// their 辅分" without saying which; SPEC §11 reads it as their A1, and so does this.
    pub b1: u32,
    /// Ing B2: the sum of the A1 of the opponents who beat this player (the same reading).
    pub b2: u32,
    /// EGF SOS: the sum of the main points (start included) of every opponent met.
    pub sos: u32,
    /// EGF SODOS: the sum of the main points of the opponents beaten, plus half those of the
    /// opponents drawn with. Half of an opponent's score that itself ends in a half point
    /// would be a quarter: it is rounded down to the half point below (draws are rare: the
    /// Ing rules give a tie to Black).
    pub sodos: u32,
    /// EGF SOSOS: the sum of the SOS of every opponent met.
    pub sosos: u32,
    /// The place, 1-based; players equal on every figure the tiebreak compares share it, and
    /// the next place skips as many (1, 2, 2, 4).
    pub place: usize,
}

impl Standing {
    /// The value of one auxiliary figure.
    pub const fn aux(&self, aux: Aux) -> u32 {
        match aux {
            Aux::A1 => self.a1,
            Aux::A2 => self.a2,
            Aux::B1 => self.b1,
            Aux::B2 => self.b2,
            Aux::Sos => self.sos,
            Aux::Sodos => self.sodos,
            Aux::Sosos => self.sosos,
        }
    }

    /// The figures `tiebreak` compares after main points, in its order, with their values.
    pub fn tiebreaks(&self, tiebreak: Tiebreak) -> Vec<(Aux, u32)> {
        tiebreak
            .order()
            .iter()
            .map(|&aux| (aux, self.aux(aux)))
            .collect()
    }
}

/// How a player's game went against the opponent, as the tiebreaks read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Relation {
    Beat,
    LostTo,
    Drew,
    BothLost,
}

fn relation(outcome: Outcome, pairing: Pairing, seat: Seat) -> Relation {
    match (outcome, outcome.winner(pairing)) {
        (Outcome::Draw, _) => Relation::Drew,
        (_, Some(w)) if w == seat => Relation::Beat,
        (_, Some(_)) => Relation::LostTo,
        (_, None) => Relation::BothLost,
    }
}

/// The games that can be someone's: both seats on the list, and two different players.
fn valid_games(players: usize, played: &[Played]) -> Vec<Played> {
    played
        .iter()
        .filter(|g| {
            let p = g.pairing;
            p.black < players && p.white < players && p.black != p.white
        })
        .copied()
        .collect()
}

/// Each player's main points ×2: the start, the games, and one win for each bye (a bye
/// listed twice for the same round counts once).
fn main_points(
    players: usize,
    start_half: &[u32],
    games: &[Played],
    byes: &[(u32, Seat)],
) -> Vec<u32> {
    let mut main: Vec<u32> = (0..players)
        .map(|s| start_half.get(s).copied().unwrap_or(0))
        .collect();
    for g in games {
        for seat in [g.pairing.black, g.pairing.white] {
            if let Some(m) = main.get_mut(seat) {
                *m = m.saturating_add(g.outcome.half_points(g.pairing, seat));
            }
        }
    }
    let mut byes: Vec<(u32, Seat)> = byes.to_vec();
    byes.sort_unstable();
    byes.dedup();
    for (_, seat) in byes {
        if let Some(m) = main.get_mut(seat) {
            *m = m.saturating_add(2);
        }
    }
    main
}

/// For every player, the sum over their games of `weigh(how the game went, the opponent's
/// figure in `values`)`.
fn opponents_sum(
    players: usize,
    games: &[Played],
    values: &[u32],
    weigh: impl Fn(Relation, u32) -> u32,
) -> Vec<u32> {
    let mut sums = vec![0u32; players];
    for g in games {
        let p = g.pairing;
        for (seat, opponent) in [(p.black, p.white), (p.white, p.black)] {
            let value = values.get(opponent).copied().unwrap_or(0);
            if let Some(sum) = sums.get_mut(seat) {
                *sum = sum.saturating_add(weigh(relation(g.outcome, p, seat), value));
            }
        }
    }
    sums
}

fn if_beat(r: Relation, v: u32) -> u32 {
    if r == Relation::Beat { v } else { 0 }
}

fn if_lost_to(r: Relation, v: u32) -> u32 {
    if r == Relation::LostTo { v } else { 0 }
}

fn any_meeting(_: Relation, v: u32) -> u32 {
    v
}

fn beaten_or_half_drawn(r: Relation, v: u32) -> u32 {
    match r {
        Relation::Beat => v,
        Relation::Drew => v / 2,
        Relation::LostTo | Relation::BothLost => 0,
    }
}

/// The figures `tiebreak` compares, in its order, best first when larger.
fn sort_key(s: &Standing, tiebreak: Tiebreak) -> [u32; 5] {
    let mut key = [s.main_half, 0, 0, 0, 0];
    for (slot, &aux) in key[1..].iter_mut().zip(tiebreak.order()) {
        *slot = s.aux(aux);
    }
    key
}

/// The standings of an event of `players` seats, best first: main points, then the
/// auxiliary points of `tiebreak`. `start_half` gives each seat's McMahon start ×2 (empty, or
/// too short: 0 for the seats it leaves out); `byes` the rounds each seat sat out, each worth
/// a win. Players equal on everything share a place and are listed in seat (seeding) order.
pub fn standings(
    players: usize,
    start_half: &[u32],
    played: &[Played],
    byes: &[(u32, Seat)],
    tiebreak: Tiebreak,
) -> Vec<Standing> {
    let games = valid_games(players, played);
    let main = main_points(players, start_half, &games, byes);
    let a1 = opponents_sum(players, &games, &main, if_beat);
    let a2 = opponents_sum(players, &games, &main, if_lost_to);
    let b1 = opponents_sum(players, &games, &a1, if_beat);
    let b2 = opponents_sum(players, &games, &a1, if_lost_to);
    let sos = opponents_sum(players, &games, &main, any_meeting);
    let sodos = opponents_sum(players, &games, &main, beaten_or_half_drawn);
    let sosos = opponents_sum(players, &games, &sos, any_meeting);
    let mut table: Vec<Standing> = (0..players)
        .map(|seat| Standing {
            seat,
            main_half: main[seat],
            a1: a1[seat],
            a2: a2[seat],
            b1: b1[seat],
            b2: b2[seat],
            sos: sos[seat],
            sodos: sodos[seat],
            sosos: sosos[seat],
            place: 0,
        })
        .collect();
    table.sort_by(|x, y| {
        sort_key(y, tiebreak)
            .cmp(&sort_key(x, tiebreak))
            .then(x.seat.cmp(&y.seat))
    });
    assign_places(&mut table, tiebreak);
    table
}

/// Places in a sorted table: a player equal to the one above shares their place.
fn assign_places(table: &mut [Standing], tiebreak: Tiebreak) {
    let mut previous: Option<([u32; 5], usize)> = None;
    for (i, s) in table.iter_mut().enumerate() {
        let key = sort_key(s, tiebreak);
        s.place = match previous {
            Some((k, place)) if k == key => place,
            _ => i + 1,
        };
        previous = Some((key, s.place));
    }
}

/// How one game went for the player of a crosstable's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    Won,
    Lost,
    Drawn,
    /// Both absent: neither scored.
    BothLost,
}

/// One game of a crosstable cell, from the row player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meeting {
    pub round: u32,
    pub mark: Mark,
    /// Whether the row player had Black.
    pub black: bool,
    /// Decided by a forfeit, not on the board (a renderer may mark it).
    pub forfeit: bool,
}

/// The games between a crosstable's row player and a column player, in round order: none
/// when they have not played (always so on the diagonal); more than one in a double round
/// robin or when a pair met again.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cell {
    pub meetings: Vec<Meeting>,
}

impl Cell {
    /// Whether the two have played at all (an empty cell is drawn as "not played").
    pub fn played(&self) -> bool {
        !self.meetings.is_empty()
    }
}

fn mark(relation: Relation) -> Mark {
    match relation {
        Relation::Beat => Mark::Won,
        Relation::LostTo => Mark::Lost,
        Relation::Drew => Mark::Drawn,
        Relation::BothLost => Mark::BothLost,
    }
}

/// The crosstable of an event for a renderer: `table[row][column]` is how the games between
/// seat `row` and seat `column` went for `row`. Games naming seats outside the list, or one
/// seat twice, are left out, as in [`standings`].
pub fn crosstable(players: usize, played: &[Played]) -> Vec<Vec<Cell>> {
    let mut games = valid_games(players, played);
    games.sort_by_key(|g| g.round);
    let mut table = vec![vec![Cell::default(); players]; players];
    for g in &games {
        let p = g.pairing;
        for (seat, opponent) in [(p.black, p.white), (p.white, p.black)] {
            let meeting = Meeting {
                round: g.round,
                mark: mark(relation(g.outcome, p, seat)),
                black: seat == p.black,
                forfeit: g.forfeit,
            };
            if let Some(cell) = table.get_mut(seat).and_then(|row| row.get_mut(opponent)) {
                cell.meetings.push(meeting);
            }
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(round: u32, black: Seat, white: Seat, outcome: Outcome) -> Played {
        Played {
            round,
            pairing: Pairing { black, white },
            outcome,
            forfeit: false,
        }
    }

    /// A five-player round robin, ten games, one a draw and one a forfeit:
    ///
    /// ```text
    ///        0    1    2    3    4   | main (×2)
    ///   0    -    W    W    L    W   | 3    (6)
    ///   1    L    -    W    W    L   | 2    (4)
    ///   2    L    L    -    W    D   | 1½   (3)
    ///   3    W    L    L    -    W   | 2    (4)
    ///   4    L    W    D    L    -   | 1½   (3)
    /// ```
    fn five_player_round_robin() -> Vec<Played> {
        use Outcome::*;
        let mut forfeit = game(4, 4, 1, BlackWon);
        forfeit.forfeit = true;
        vec![
            game(1, 0, 1, BlackWon),
            game(1, 2, 3, BlackWon),
            game(2, 2, 0, WhiteWon),
            game(2, 3, 4, BlackWon),
            game(3, 0, 3, WhiteWon),
            game(3, 1, 2, BlackWon),
            forfeit,
            game(4, 1, 3, BlackWon),
            game(5, 4, 0, WhiteWon),
            game(5, 2, 4, Draw),
        ]
    }

    fn line(table: &[Standing], seat: Seat) -> &Standing {
        table.iter().find(|s| s.seat == seat).unwrap()
    }

    /// By hand, all ×2, mains M = [6, 4, 3, 4, 3]:
    /// - A1 (mains of those beaten): 0 beat 1,2,4: 4+3+3 = 10; 1 beat 2,3: 3+4 = 7; 2 beat 3:
    ///   4; 3 beat 0,4: 6+3 = 9; 4 beat 1: 4. A1 = [10, 7, 4, 9, 4].
    /// - A2 (mains of those lost to): 0 lost to 3: 4; 1 to 0,4: 6+3 = 9; 2 to 0,1: 6+4 = 10;
    ///   3 to 1,2: 4+3 = 7; 4 to 0,3: 6+4 = 10. A2 = [4, 9, 10, 7, 10].
    /// - B1 (A1 of those beaten): 0: 7+4+4 = 15; 1: 4+9 = 13; 2: 9; 3: 10+4 = 14; 4: 7.
    /// - B2 (A1 of those lost to): 0: 9; 1: 10+4 = 14; 2: 10+7 = 17; 3: 7+4 = 11; 4: 10+9 = 19.
    ///
    /// Order: 0 (6); 3 before 1 on A1 (9 > 7); 2 and 4 equal on A1 (4) and A2 (10), 2 before
    /// 4 on B1 (9 > 7). The draw counts in neither A1 nor A2.
    #[test]
    fn ing_auxiliary_points_of_a_hand_worked_round_robin() {
        let table = standings(5, &[], &five_player_round_robin(), &[], Tiebreak::Ing);
        let order: Vec<Seat> = table.iter().map(|s| s.seat).collect();
        assert_eq!(order, vec![0, 3, 1, 2, 4]);
        let places: Vec<usize> = table.iter().map(|s| s.place).collect();
        assert_eq!(places, vec![1, 2, 3, 4, 5]);
        let expected = [
            (0, 6, 10, 4, 15, 9),
            (1, 4, 7, 9, 13, 14),
            (2, 3, 4, 10, 9, 17),
            (3, 4, 9, 7, 14, 11),
            (4, 3, 4, 10, 7, 19),
        ];
        for (seat, main, a1, a2, b1, b2) in expected {
            let s = line(&table, seat);
            assert_eq!(
                (s.main_half, s.a1, s.a2, s.b1, s.b2),
                (main, a1, a2, b1, b2),
                "seat {seat}"
            );
        }
    }

    /// By hand, all ×2, mains M = [6, 4, 3, 4, 3], everyone met everyone:
    /// - SOS = 20 − own main: [14, 16, 17, 16, 17].
    /// - SODOS: 0: 4+3+3 = 10; 1: 3+4 = 7; 2: 4 (beat 3) + 3/2 → 1 (drew 4) = 5; 3: 6+3 = 9;
    ///   4: 4 (beat 1) + 1 (drew 2) = 5.
    /// - SOSOS = 80 − own SOS: [66, 64, 63, 64, 63].
    ///
    /// Order: 0; 1 and 3 equal on SOS, 3 first on SODOS; 2 and 4 equal on everything: they
    /// share fourth place.
    #[test]
    fn egf_tiebreaks_of_the_same_round_robin_and_a_shared_place() {
        let table = standings(5, &[], &five_player_round_robin(), &[], Tiebreak::Egf);
        let order: Vec<(Seat, usize)> = table.iter().map(|s| (s.seat, s.place)).collect();
        assert_eq!(order, vec![(0, 1), (3, 2), (1, 3), (2, 4), (4, 4)]);
        let expected = [
            (0, 14, 10, 66),
            (1, 16, 7, 64),
            (2, 17, 5, 63),
            (3, 16, 9, 64),
            (4, 17, 5, 63),
        ];
        for (seat, sos, sodos, sosos) in expected {
            let s = line(&table, seat);
            assert_eq!(
                (s.sos, s.sodos, s.sosos),
                (sos, sodos, sosos),
                "seat {seat}"
            );
        }
    }

    #[test]
    fn players_without_games_all_share_the_first_place() {
        let table = standings(3, &[], &[], &[], Tiebreak::Ing);
        assert!(table.iter().all(|s| s.place == 1 && s.main_half == 0));
        let seats: Vec<Seat> = table.iter().map(|s| s.seat).collect();
        assert_eq!(seats, vec![0, 1, 2], "equal players in seeding order");
    }

    #[test]
    fn places_skip_after_a_shared_place() {
        // 0 beats 2; 1 beats 3; 0 and 1 are equal (main 2, A1 0, A2 0, B1 0, B2 0): both
        // first; 2 and 3 lost to a player on 2: both third.
        let played = [
            game(1, 0, 2, Outcome::BlackWon),
            game(1, 1, 3, Outcome::BlackWon),
        ];
        let table = standings(4, &[], &played, &[], Tiebreak::Ing);
        let places: Vec<(Seat, usize)> = table.iter().map(|s| (s.seat, s.place)).collect();
        assert_eq!(places, vec![(0, 1), (1, 1), (2, 3), (3, 3)]);
        assert_eq!(line(&table, 2).a2, 2);
    }

    #[test]
    fn a_bye_is_a_win_against_no_one() {
        let played = [game(1, 0, 1, Outcome::BlackWon)];
        let byes = [(1, 2), (1, 2), (2, 9)];
        let table = standings(3, &[], &played, &byes, Tiebreak::Egf);
        let two = line(&table, 2);
        assert_eq!(two.main_half, 2, "one bye, listed twice, counted once");
        assert_eq!((two.sos, two.sodos, two.sosos), (0, 0, 0));
        assert_eq!(line(&table, 1).sos, 2, "seat 1 met seat 0 (one win)");
    }

    #[test]
    fn a_mcmahon_start_counts_in_main_points_and_in_the_opponents_sums() {
        let played = [game(1, 0, 1, Outcome::WhiteWon)];
        let table = standings(2, &[6, 2], &played, &[], Tiebreak::Egf);
        assert_eq!(
            table[0].seat, 0,
            "a start of 3 beats a start of 1 and a win"
        );
        assert_eq!(line(&table, 0).main_half, 6);
        assert_eq!(line(&table, 1).main_half, 4);
        assert_eq!(line(&table, 0).sos, 4);
        assert_eq!(line(&table, 1).sos, 6);
        assert_eq!(line(&table, 1).sodos, 6);
        let short = standings(3, &[4], &[], &[], Tiebreak::Egf);
        assert_eq!(line(&short, 2).main_half, 0, "a missing start is 0");
    }

    #[test]
    fn both_lost_scores_nothing_but_is_a_meeting() {
        let played = [
            game(1, 0, 1, Outcome::BothLost),
            game(2, 2, 1, Outcome::WhiteWon),
        ];
        let table = standings(3, &[], &played, &[], Tiebreak::Ing);
        let zero = line(&table, 0);
        assert_eq!((zero.main_half, zero.a1, zero.a2, zero.sos), (0, 0, 0, 2));
    }

    #[test]
    fn games_outside_the_list_are_ignored_without_panicking() {
        let played = [
            game(1, 0, 7, Outcome::BlackWon),
            game(1, 1, 1, Outcome::BlackWon),
        ];
        let table = standings(2, &[u32::MAX], &played, &[], Tiebreak::Ing);
        assert_eq!(line(&table, 0).main_half, u32::MAX);
        assert_eq!(line(&table, 1).main_half, 0);
        assert!(standings(0, &[], &played, &[], Tiebreak::Egf).is_empty());
        assert_eq!(crosstable(2, &played), vec![vec![Cell::default(); 2]; 2]);
    }

    #[test]
    fn the_crosstable_shows_each_game_from_both_sides() {
        let table = crosstable(5, &five_player_round_robin());
        assert_eq!(table.len(), 5);
        assert!((0..5).all(|s| !table[s][s].played()));
        assert!(table.iter().flatten().filter(|c| c.played()).count() == 20);
        assert_eq!(
            table[4][1].meetings,
            vec![Meeting {
                round: 4,
                mark: Mark::Won,
                black: true,
                forfeit: true
            }]
        );
        assert_eq!(table[1][4].meetings[0].mark, Mark::Lost);
        assert!(!table[1][4].meetings[0].black);
        assert_eq!(table[2][4].meetings[0].mark, Mark::Drawn);
        assert_eq!(table[4][2].meetings[0].mark, Mark::Drawn);
    }

    #[test]
    fn a_pair_that_meets_twice_has_both_games_in_round_order() {
        let played = [
            game(3, 1, 0, Outcome::BlackWon),
            game(1, 0, 1, Outcome::BlackWon),
        ];
        let table = crosstable(2, &played);
        let marks: Vec<(u32, Mark)> = table[0][1]
            .meetings
            .iter()
            .map(|m| (m.round, m.mark))
            .collect();
        assert_eq!(marks, vec![(1, Mark::Won), (3, Mark::Lost)]);
    }
}
