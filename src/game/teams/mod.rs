//! Team games (SPEC §11, 赛式): pair Go (联棋), two a side moving in turn, and consultation
//! (商谈联棋), a team a side that votes on each move — with a channel's team against the
//! computer as one kind of consultation. A team game is a match whose seats hold more than one
//! person: the rules of a move are the match's own; this folder says who may act for a side,
//! whose turn it is within a side, and what a team's votes decide. Pure, tested alone.
//!
//! A consultation side has no one person to name: its seat in the match is a *team seat*
//! ([`team_seat`]), a number no front end gives a person, so that nothing ever mistakes a team
//! for one of its members.

pub mod votes;

use crate::go::{ByColor, Color};

use super::time::Duration;
use super::{MatchId, UserId};

/// How a team game's sides play (stored as `pair` or `consultation`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum TeamForm {
    /// 联棋: two a side, moving in a fixed order (Black 1, White 1, Black 2, White 2, …).
    Pair,
    /// 商谈联棋: a team a side agrees on each move by vote within the turn's window.
    Consultation,
}

/// Who belongs to one side of a team game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Membership {
    /// These people, in order (pair Go: the side's first and second player; a consultation:
    /// its listed members, one alone allowed).
    Members(Vec<UserId>),
    /// Whoever holds this role of the front end when they vote.
    Role(u64),
    /// Anyone on the server: a channel's team against the computer.
    Anyone,
}

/// One side of a team game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Side {
    pub membership: Membership,
    /// The members a role's or anyone's side has shown by voting, in the order they first
    /// voted; one who no longer holds the role is dropped when they try to vote again. A
    /// listed side keeps it empty (its list is its roster).
    pub seen: Vec<UserId>,
}

impl Side {
    /// A side of these people.
    pub fn members(list: Vec<UserId>) -> Side {
        Side {
            membership: Membership::Members(list),
            seen: Vec::new(),
        }
    }

    /// A side of whoever holds `role`.
    pub fn role(role: u64) -> Side {
        Side {
            membership: Membership::Role(role),
            seen: Vec::new(),
        }
    }

    /// A side anyone on the server may vote for.
    pub fn anyone() -> Side {
        Side {
            membership: Membership::Anyone,
            seen: Vec::new(),
        }
    }

    /// Whether `user` (holding `roles`) belongs to the side now.
    pub fn admits(&self, user: UserId, roles: &[u64]) -> bool {
        match &self.membership {
            Membership::Members(list) => list.contains(&user),
            Membership::Role(role) => roles.contains(role),
            Membership::Anyone => true,
        }
    }

    /// The members whose votes the thresholds count (every member has voted; a majority): a
    /// listed side's list; a role's or anyone's side, those who have voted before.
    pub fn roster(&self) -> &[UserId] {
        match &self.membership {
            Membership::Members(list) => list,
            Membership::Role(_) | Membership::Anyone => &self.seen,
        }
    }

    /// The people the side names (a listed side's members; none for a role or anyone).
    pub fn listed(&self) -> &[UserId] {
        match &self.membership {
            Membership::Members(list) => list,
            Membership::Role(_) | Membership::Anyone => &[],
        }
    }
}

/// The sides of a team game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Teams {
    pub form: TeamForm,
    pub sides: ByColor<Side>,
}

impl Teams {
    /// Pair Go between two pairs, each in its order (first and second player).
    pub fn pair(black: [UserId; 2], white: [UserId; 2]) -> Teams {
        Teams {
            form: TeamForm::Pair,
            sides: ByColor {
                black: Side::members(black.to_vec()),
                white: Side::members(white.to_vec()),
            },
        }
    }

    /// The pair Go player of `color` whose turn it is when that colour has made `moves_made`
    /// moves (passes, a partner's pass for the side among them): the side's first and second
    /// player in turn.
    pub fn pair_player(&self, color: Color, moves_made: usize) -> Option<UserId> {
        let list = self.sides[color].listed();
        if list.is_empty() {
            return None;
        }
        list.get(moves_made % list.len()).copied()
    }

    /// The side a pair Go player (or a listed consultation member) plays for.
    pub fn side_of(&self, user: UserId) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.sides[c].listed().contains(&user))
    }

    /// Every person named by the sides.
    pub fn people(&self) -> Vec<UserId> {
        let mut all: Vec<UserId> = Color::ALL
            .into_iter()
            .flat_map(|c| self.sides[c].listed().iter().copied())
            .collect();
        all.sort();
        all.dedup();
        all
    }
}

/// The shortest and longest voting window of a consultation game.
pub const MIN_WINDOW: Duration = Duration::from_secs(10);
pub const MAX_WINDOW: Duration = Duration::from_secs(7 * 24 * 3600);

/// Who holds one colour's seat of a match, as a front end names them. A consultation side's
/// seat is a number no one holds ([`team_seat`]): a front end names the side by this instead,
/// never by its seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatHolder {
    /// One person.
    Person(UserId),
    /// Pair Go's two, in their order.
    Pair(Vec<UserId>),
    /// A consultation team: its listed members, a role's holders, or anyone on the server.
    Team(Membership),
    /// The computer, at its level.
    Computer(crate::go::Level),
}

/// The seat of a consultation side in its match: a number above any front end's id (Discord's
/// snowflakes stay below 2⁶³), made of the match's id and the colour, so that it is never a
/// person's and never another game's.
pub fn team_seat(game: MatchId, color: Color) -> UserId {
    let id = (game.get() as u64) & ((1 << 61) - 1);
    let c = match color {
        Color::Black => 0,
        Color::White => 1,
    };
    UserId((1 << 63) | (id << 1) | c)
}

/// Whether `user` is a team seat rather than a person.
pub fn is_team_seat(user: UserId) -> bool {
    user.get() >= 1 << 63
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: UserId = UserId(1);
    const B: UserId = UserId(2);
    const C: UserId = UserId(3);
    const D: UserId = UserId(4);

    #[test]
    fn pair_go_goes_black_1_white_1_black_2_white_2() {
        let t = Teams::pair([A, C], [B, D]);
        // Moves made by the colour: 0, 1, 2, 3 …
        let order: Vec<UserId> = (0..4)
            .flat_map(|n| {
                [
                    t.pair_player(Color::Black, n).unwrap(),
                    t.pair_player(Color::White, n).unwrap(),
                ]
            })
            .collect();
        assert_eq!(order, [A, B, C, D, A, B, C, D]);
        assert_eq!(t.side_of(C), Some(Color::Black));
        assert_eq!(t.side_of(D), Some(Color::White));
        assert_eq!(t.side_of(UserId(9)), None);
        assert_eq!(t.people(), [A, B, C, D]);
    }

    #[test]
    fn a_side_admits_its_list_its_role_or_anyone() {
        assert!(Side::members(vec![A]).admits(A, &[]));
        assert!(!Side::members(vec![A]).admits(B, &[7]));
        assert!(Side::role(7).admits(B, &[3, 7]));
        assert!(!Side::role(7).admits(B, &[3]));
        assert!(Side::anyone().admits(D, &[]));
        let mut role = Side::role(7);
        assert!(role.roster().is_empty(), "no one seen yet");
        role.seen.push(B);
        assert_eq!(role.roster(), [B]);
        assert!(role.listed().is_empty());
    }

    #[test]
    fn team_seats_are_no_one_s_and_differ_by_game_and_colour() {
        let a = team_seat(MatchId(42), Color::Black);
        let b = team_seat(MatchId(42), Color::White);
        let c = team_seat(MatchId(43), Color::Black);
        assert!(a != b && a != c && b != c);
        assert!(is_team_seat(a) && is_team_seat(b));
        // The largest snowflake is a person's.
        assert!(!is_team_seat(UserId(i64::MAX as u64)));
    }
}
