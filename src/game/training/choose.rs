//! Which problem a player is given: one near their training rating (or of the kind they ask
//! for), not one they have seen, until they have seen most of their level.
//!
//! A player's *level* is the problems whose rating is within [`LEVEL_RANKS`] ranks of the
//! player's (widened to the nearest [`LEVEL_MIN`] problems when the band holds fewer, so a
//! player far from every problem still has a level). *Most* of it is [`MOST_OF_LEVEL`]: until
//! the player has seen that share of their level, only problems they have not seen are given;
//! after, the half of their seen problems they saw longest ago come back too. Among those
//! allowed, one of the [`PICK_AMONG`] nearest to the player's rating is picked with the
//! randomness passed in, so two players of one rating do not all get the same problem.

use std::collections::HashMap;

use crate::problems::{Kind, Problem, ProblemSet};

use super::super::rating::{Rating, rank_value};

/// How far from the player's rank, in ranks, a problem is of their level.
pub const LEVEL_RANKS: f64 = 3.0;

/// The fewest problems a level holds.
pub const LEVEL_MIN: usize = 20;

/// The share of their level a player sees before a problem is given a second time.
pub const MOST_OF_LEVEL: f64 = 0.8;

/// How many of the nearest allowed problems the pick is made among.
pub const PICK_AMONG: usize = 5;

/// The problem chosen, and whether the player had seen it before (a second attempt is not
/// rated).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub problem: u64,
    pub seen_before: bool,
}

/// A problem for a player rated `player`, of `kind` if given, from `set`; `ratings` holds the
/// problems rated so far (the others are at their starting rating), `seen` when the player
/// saw each problem (UTC ms); `random` picks among the nearest. `None` when the set holds no
/// problem of the kind.
pub fn choose_problem(
    set: &ProblemSet,
    kind: Option<Kind>,
    player: Rating,
    ratings: &HashMap<u64, Rating>,
    seen: &HashMap<u64, i64>,
    random: u64,
) -> Option<Choice> {
    let me = player.rank_value();
    let rank_of = |p: &Problem| ratings.get(&p.id).map_or(p.rank, |r| rank_value(r.rating));
    let mut near: Vec<(f64, &Problem)> = set
        .all()
        .iter()
        .filter(|p| kind.is_none_or(|k| p.kind == k))
        .map(|p| ((rank_of(p) - me).abs(), p))
        .collect();
    if near.is_empty() {
        return None;
    }
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
    let in_band = near.iter().filter(|(d, _)| *d <= LEVEL_RANKS).count();
    let level = &near[..in_band.max(LEVEL_MIN).min(near.len())];
    let seen_in_level: Vec<(i64, u64)> = level
        .iter()
        .filter_map(|(_, p)| seen.get(&p.id).map(|&at| (at, p.id)))
        .collect();
    let share = seen_in_level.len() as f64 / level.len() as f64;
    let mut back: Vec<(i64, u64)> = Vec::new();
    if share >= MOST_OF_LEVEL {
        back = seen_in_level;
        back.sort_unstable();
        back.truncate(back.len().div_ceil(2));
    }
    let allowed: Vec<&Problem> = level
        .iter()
        .map(|(_, p)| *p)
        .filter(|p| !seen.contains_key(&p.id) || back.iter().any(|&(_, id)| id == p.id))
        .take(PICK_AMONG)
        .collect();
    // Every problem of the level seen and none old enough (a level of one): the nearest.
    let pick = if allowed.is_empty() {
        level.first().map(|(_, p)| *p)?
    } else {
        allowed[(random % allowed.len() as u64) as usize]
    };
    Some(Choice {
        problem: pick.id,
        seen_before: seen.contains_key(&pick.id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rating::rating_of;
    use crate::game::training::fixtures::spread_set;

    fn at_rank(rank: f64) -> Rating {
        Rating {
            rating: rating_of(rank),
            deviation: 100.0,
            volatility: 0.06,
        }
    }

    #[test]
    fn a_problem_near_the_players_rating_and_of_the_kind_asked() {
        let set = spread_set(300);
        let (none, unseen) = (HashMap::new(), HashMap::new());
        for rank in [6.0, 15.0, 29.0] {
            for random in 0..10 {
                let c = choose_problem(&set, None, at_rank(rank), &none, &unseen, random).unwrap();
                let p = set.get(c.problem).unwrap();
                assert!((p.rank - rank).abs() < 1.0, "{} for {rank}", p.rank);
                assert!(!c.seen_before);
            }
        }
        let c = choose_problem(&set, Some(Kind::Tesuji), at_rank(20.0), &none, &unseen, 3).unwrap();
        assert_eq!(set.get(c.problem).unwrap().kind, Kind::Tesuji);
        // A problem's own rating, once it has one, places it.
        let first = set.all()[0].id;
        let ratings = HashMap::from([(first, at_rank(29.0))]);
        let picks: Vec<u64> = (0..50)
            .filter_map(|r| choose_problem(&set, None, at_rank(29.0), &ratings, &unseen, r))
            .map(|c| c.problem)
            .collect();
        assert!(picks.contains(&first));
        assert!(
            choose_problem(
                &ProblemSet::default(),
                None,
                at_rank(5.0),
                &none,
                &unseen,
                0
            )
            .is_none()
        );
    }

    #[test]
    fn nothing_is_served_twice_until_most_of_the_level_is_seen() {
        let set = spread_set(300);
        let none = HashMap::new();
        let me = at_rank(18.0);
        let mut seen: HashMap<u64, i64> = HashMap::new();
        let mut served = Vec::new();
        for turn in 0..60i64 {
            let c = choose_problem(&set, None, me, &none, &seen, turn as u64 * 7919).unwrap();
            served.push((c, seen.get(&c.problem).copied()));
            seen.insert(c.problem, turn);
        }
        // The level: within three ranks of 18, in a set of one problem a twelfth of a rank
        // apart, about seventy problems; four in five of them are seen before any comes back.
        let level = set
            .all()
            .iter()
            .filter(|p| (p.rank - 18.0).abs() <= LEVEL_RANKS)
            .count();
        let first_again = served.iter().position(|(c, _)| c.seen_before);
        let fresh = first_again.unwrap_or(served.len());
        assert!(
            fresh as f64 >= MOST_OF_LEVEL * level as f64 - 1.0,
            "{fresh} new problems of a level of {level}"
        );
        if let Some(i) = first_again {
            // What comes back is among the half seen longest ago.
            let (again, when) = served[i];
            let when = when.unwrap_or(i64::MAX);
            assert!(
                when < i as i64 / 2 + 1,
                "{} seen at {when}, served again at {i}",
                again.problem
            );
        }
    }

    #[test]
    fn a_player_far_from_every_problem_still_has_a_level() {
        let set = spread_set(40);
        let (none, unseen) = (HashMap::new(), HashMap::new());
        let c = choose_problem(&set, None, at_rank(38.0), &none, &unseen, 0).unwrap();
        assert!(set.get(c.problem).unwrap().rank > 25.0);
    }
}
