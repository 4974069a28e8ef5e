//! A consultation team's votes on its move (商谈联棋): each member votes for a point, a pass
//! or resigning (and may change their vote); the move is played when the turn's window closes,
//! or at once when every member has voted or one choice has the votes of more than half the
//! team. The choice with the most votes wins; of equal counts, the one that reached that count
//! first; resigning only with a majority of the team; no vote, a pass. Pure.

use crate::go::Point;

use crate::game::UserId;
use crate::game::time::Timestamp;

/// What a member votes for (its [`ChoiceKind`] stored by name: `play`, `pass`, `resign`; the
/// point beside it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(ChoiceKind),
    derive(strum::IntoStaticStr, strum::EnumString, strum::EnumIter),
    strum(serialize_all = "kebab-case")
)]
pub enum Choice {
    Play(Point),
    Pass,
    Resign,
}

/// One member's vote, cast (or last changed) at `at`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Vote {
    pub user: UserId,
    pub choice: Choice,
    pub at: Timestamp,
}

/// Casts `vote`: it replaces the voter's earlier vote of the turn (and counts from its own
/// time). Votes stay in the order they were cast.
pub fn cast(votes: &mut Vec<Vote>, vote: Vote) {
    votes.retain(|v| v.user != vote.user);
    votes.push(vote);
}

/// Each choice with its votes, the most first; of equal counts, the one that reached its count
/// first (the time of its last vote counted in order) comes first.
pub fn tally(votes: &[Vote]) -> Vec<(Choice, u32)> {
    let mut sorted: Vec<&Vote> = votes.iter().collect();
    sorted.sort_by_key(|v| v.at);
    // (choice, count, when it reached its count)
    let mut counts: Vec<(Choice, u32, Timestamp)> = Vec::new();
    for v in sorted {
        match counts.iter_mut().find(|(c, ..)| *c == v.choice) {
            Some(entry) => {
                entry.1 += 1;
                entry.2 = v.at;
            }
            None => counts.push((v.choice, 1, v.at)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
    counts.into_iter().map(|(c, n, _)| (c, n)).collect()
}

/// Whether `count` votes are more than half of a roster of `roster` members.
fn majority(count: u32, roster: usize) -> bool {
    roster > 0 && 2 * count as usize > roster
}

/// What the votes decide before the window closes, if anything: a choice with a majority of
/// `roster`, or, once every member of it has voted, the choice the window's close would
/// take. `None`: the vote goes on.
pub fn decided_early(votes: &[Vote], roster: &[UserId]) -> Option<Choice> {
    let counts = tally(votes);
    if let Some(&(choice, n)) = counts.first()
        && majority(n, roster.len())
    {
        return Some(choice);
    }
    let all_voted = !roster.is_empty() && roster.iter().all(|m| votes.iter().any(|v| v.user == *m));
    all_voted.then(|| decided_at_close(votes, roster))
}

/// What the votes decide when the window closes: the choice with the most votes (of equal
/// counts, the first to reach it), resigning only with a majority of `roster` (else the next
/// choice), and a pass when nothing else was voted.
pub fn decided_at_close(votes: &[Vote], roster: &[UserId]) -> Choice {
    tally(votes)
        .into_iter()
        .find(|&(c, n)| c != Choice::Resign || majority(n, roster.len()))
        .map_or(Choice::Pass, |(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: UserId = UserId(1);
    const B: UserId = UserId(2);
    const C: UserId = UserId(3);

    fn p(s: &str) -> Choice {
        Choice::Play(s.parse().unwrap())
    }

    fn v(user: UserId, choice: Choice, secs: i64) -> Vote {
        Vote {
            user,
            choice,
            at: Timestamp::from_millis(secs * 1000),
        }
    }

    fn ballot(list: &[Vote]) -> Vec<Vote> {
        let mut votes = Vec::new();
        for &x in list {
            cast(&mut votes, x);
        }
        votes
    }

    #[test]
    fn a_majority_of_the_team_decides_at_once() {
        let team = [A, B, C];
        let votes = ballot(&[v(A, p("D4"), 1)]);
        assert_eq!(decided_early(&votes, &team), None, "one of three");
        let votes = ballot(&[v(A, p("D4"), 1), v(B, p("D4"), 2)]);
        assert_eq!(decided_early(&votes, &team), Some(p("D4")), "two of three");
    }

    #[test]
    fn when_everyone_has_voted_the_most_voted_wins_and_a_tie_goes_to_the_first_to_reach_it() {
        let team = [A, B, C, UserId(4)];
        // D4 reaches 2 at second 3, E5 reaches 2 at second 4: D4.
        let votes = ballot(&[
            v(A, p("E5"), 1),
            v(B, p("D4"), 2),
            v(C, p("D4"), 3),
            v(UserId(4), p("E5"), 4),
        ]);
        assert_eq!(decided_early(&votes, &team), Some(p("D4")));
        assert_eq!(tally(&votes), vec![(p("D4"), 2), (p("E5"), 2)]);
    }

    #[test]
    fn a_changed_vote_counts_from_its_new_time() {
        let team = [A, B, C, UserId(4)];
        let votes = ballot(&[
            v(A, p("E5"), 1),
            v(B, p("D4"), 2),
            v(C, p("D4"), 3),
            v(UserId(4), p("E5"), 4),
            // A changes to E5 again: E5 now reached 2 at second 5, after D4.
            v(A, p("E5"), 5),
        ]);
        assert_eq!(decided_at_close(&votes, &team), p("D4"));
        // B moves to E5: E5 has 3, a majority.
        let mut more = votes.clone();
        cast(&mut more, v(B, p("E5"), 6));
        assert_eq!(decided_early(&more, &team), Some(p("E5")));
    }

    #[test]
    fn no_vote_is_a_pass_and_resigning_needs_a_majority() {
        let team = [A, B, C];
        assert_eq!(decided_at_close(&[], &team), Choice::Pass);
        // One resign vote, the most voted but no majority: the next choice, or a pass.
        let votes = ballot(&[v(A, Choice::Resign, 1)]);
        assert_eq!(decided_at_close(&votes, &team), Choice::Pass);
        let votes = ballot(&[v(A, Choice::Resign, 1), v(B, p("C3"), 2)]);
        assert_eq!(decided_at_close(&votes, &team), p("C3"));
        let votes = ballot(&[v(A, Choice::Resign, 1), v(B, Choice::Resign, 2)]);
        assert_eq!(decided_early(&votes, &team), Some(Choice::Resign));
    }

    #[test]
    fn a_team_of_one_decides_with_its_one_vote_and_an_unknown_roster_waits_for_the_window() {
        assert_eq!(
            decided_early(&ballot(&[v(A, p("A1"), 1)]), &[A]),
            Some(p("A1"))
        );
        // A role's team before anyone has voted: nothing decides early.
        assert_eq!(decided_early(&ballot(&[v(A, p("A1"), 1)]), &[]), None);
        assert_eq!(decided_at_close(&ballot(&[v(A, p("A1"), 1)]), &[]), p("A1"));
    }
}
