//! The one codec for button custom ids: versioned, at most 100 characters, carrying the match
//! and the move number the button was drawn for, so that a button of an older board is
//! recognised as stale instead of playing on a board the player did not see.
//!
//! Form: `go1:<action>:<fields…>`, e.g. `go1:pt:42:17:D4` (play D4 in match 42, drawn at move 17).

use std::fmt;

use crate::game::{EventId, InvitationId, MatchId, NigiriOf};
use crate::go::Point;
use crate::service::Ranking;

/// The prefix and version of every id this bot writes.
const PREFIX: &str = "go1";

/// Discord's limit on a custom id.
pub const MAX_LEN: usize = 100;

/// What a button does, decoded from its custom id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ButtonId {
    /// Accept an invitation.
    Accept { invitation: InvitationId },
    /// Decline an invitation.
    Decline { invitation: InvitationId },
    /// The inviter withdraws an invitation.
    Cancel { invitation: InvitationId },
    /// Turn to a page of the leaderboard ranked by `by`.
    Leaderboard { page: u16, by: Ranking },
    /// Open the point picker of one region of the board.
    Region {
        game: MatchId,
        move_number: u32,
        region: u8,
    },
    /// Play a point.
    Play {
        game: MatchId,
        move_number: u32,
        point: Point,
    },
    /// Pass.
    Pass { game: MatchId, move_number: u32 },
    /// Arm, then confirm, resigning.
    Resign { game: MatchId, move_number: u32 },
    /// Agreement phase: mark the chain through a point dead, or alive again, on the marking
    /// of version `marking` (the one the picker shows).
    Mark {
        game: MatchId,
        move_number: u32,
        marking: u32,
        point: Point,
    },
    /// Agreement phase: accept the marking of version `marking` (the one the button shows).
    AcceptMarking {
        game: MatchId,
        move_number: u32,
        marking: u32,
    },
    /// Agreement phase: dispute the marking and play on.
    Resume { game: MatchId, move_number: u32 },
    /// Turn to a page of the rules primer.
    Learn { page: u8 },
    /// Ask to take back one's last move.
    TakeBack { game: MatchId, move_number: u32 },
    /// The opponent accepts (or declines) the takeback.
    AnswerTakeBack {
        game: MatchId,
        move_number: u32,
        accept: bool,
    },
    /// A finished game's Rematch.
    Rematch { game: MatchId },
    /// Join an event in registration (its announcement's button).
    JoinEvent { event: EventId },
    /// Leave an event before it starts.
    LeaveEvent { event: EventId },
    /// A nigiri's guess (an invitation's, or an event game's): odd (or even).
    Guess { of: NigiriOf, odd: bool },
    /// The nigiri's winner takes Black (or White).
    ChooseColour { of: NigiriOf, black: bool },
    /// A consultation member's vote for a point (from the point picker of the team's board).
    VotePoint {
        game: MatchId,
        move_number: u32,
        point: Point,
    },
    /// A consultation member's vote to pass (or to resign).
    VotePass {
        game: MatchId,
        move_number: u32,
        resign: bool,
    },
    /// A click on a training problem's board: attempt `attempt`, drawn after `drawn_at` moves.
    ProblemPoint {
        attempt: i64,
        drawn_at: u32,
        point: Point,
    },
    /// Another problem (of the kind `kind` codes: 0 any, 1 capture, 2 life and death, 3
    /// tesuji).
    NextProblem { kind: u8 },
    /// The daily problem's "Try it", for the server's day `day`.
    TryDaily { day: i64 },
    /// Show the solution of a failed attempt.
    ProblemSolution { attempt: i64 },
}

/// Why a custom id was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CustomIdError {
    #[error("custom id longer than {MAX_LEN} characters")]
    TooLong,
    #[error("custom id of another version or another bot: {0:?}")]
    UnknownPrefix(String),
    #[error("unknown action {0:?}")]
    UnknownAction(String),
    #[error("wrong number of fields for action {0:?}")]
    Fields(String),
    #[error("bad number {0:?}")]
    Number(String),
    #[error("bad point {0:?}")]
    Point(String),
}

impl ButtonId {
    /// The match this button acts on, if any.
    pub fn game(self) -> Option<MatchId> {
        match self {
            ButtonId::Region { game, .. }
            | ButtonId::Play { game, .. }
            | ButtonId::Pass { game, .. }
            | ButtonId::Resign { game, .. }
            | ButtonId::Mark { game, .. }
            | ButtonId::AcceptMarking { game, .. }
            | ButtonId::Resume { game, .. }
            | ButtonId::TakeBack { game, .. }
            | ButtonId::AnswerTakeBack { game, .. }
            | ButtonId::Rematch { game }
            | ButtonId::VotePoint { game, .. }
            | ButtonId::VotePass { game, .. }
            | ButtonId::Guess {
                of: NigiriOf::Game(game),
                ..
            }
            | ButtonId::ChooseColour {
                of: NigiriOf::Game(game),
                ..
            } => Some(game),
            _ => None,
        }
    }

    /// The move number the button was drawn for, if it belongs to a board.
    pub fn move_number(self) -> Option<u32> {
        match self {
            ButtonId::Region { move_number, .. }
            | ButtonId::Play { move_number, .. }
            | ButtonId::Pass { move_number, .. }
            | ButtonId::Resign { move_number, .. }
            | ButtonId::Mark { move_number, .. }
            | ButtonId::AcceptMarking { move_number, .. }
            | ButtonId::Resume { move_number, .. }
            | ButtonId::TakeBack { move_number, .. }
            | ButtonId::AnswerTakeBack { move_number, .. }
            | ButtonId::VotePoint { move_number, .. }
            | ButtonId::VotePass { move_number, .. } => Some(move_number),
            _ => None,
        }
    }

    /// Reads a custom id: its prefix and action, then the fields of that action, read by the
    /// family it belongs to ([`Fields::lobby`], [`Fields::board`], [`Fields::page`]), each
    /// beside its writer below.
    ///
    /// # Errors
    /// Anything this codec did not write: another prefix or version, an unknown action, a
    /// missing or extra field, a number or point that does not parse.
    pub fn decode(id: &str) -> Result<ButtonId, CustomIdError> {
        let f = Fields::read(id)?;
        if let Some(b) = f.lobby()? {
            return Ok(b);
        }
        if let Some(b) = f.board()? {
            return Ok(b);
        }
        if let Some(b) = f.page()? {
            return Ok(b);
        }
        match f.training()? {
            Some(b) => Ok(b),
            None => Err(CustomIdError::UnknownAction(f.action.to_owned())),
        }
    }
}

/// A custom id's action and its fields, read by position.
struct Fields<'a> {
    action: &'a str,
    fields: Vec<&'a str>,
}

impl<'a> Fields<'a> {
    /// Splits a custom id of this codec into its action and fields.
    fn read(id: &'a str) -> Result<Fields<'a>, CustomIdError> {
        if id.len() > MAX_LEN {
            return Err(CustomIdError::TooLong);
        }
        let mut parts = id.split(':');
        let prefix = parts.next().unwrap_or_default();
        if prefix != PREFIX {
            return Err(CustomIdError::UnknownPrefix(prefix.to_owned()));
        }
        let action = parts
            .next()
            .ok_or_else(|| CustomIdError::Fields(String::new()))?;
        Ok(Fields {
            action,
            fields: parts.collect(),
        })
    }

    /// Exactly `n` fields, or the action's error.
    fn want(&self, n: usize) -> Result<(), CustomIdError> {
        if self.fields.len() == n {
            Ok(())
        } else {
            Err(CustomIdError::Fields(self.action.to_owned()))
        }
    }

    fn field(&self, i: usize) -> Result<&'a str, CustomIdError> {
        self.fields
            .get(i)
            .copied()
            .ok_or_else(|| CustomIdError::Fields(self.action.to_owned()))
    }

    fn number<T: std::str::FromStr>(&self, i: usize) -> Result<T, CustomIdError> {
        number(self.field(i)?)
    }

    fn game(&self, i: usize) -> Result<MatchId, CustomIdError> {
        self.number::<i64>(i).map(MatchId)
    }

    fn invitation(&self, i: usize) -> Result<InvitationId, CustomIdError> {
        self.number::<i64>(i).map(InvitationId)
    }

    fn point(&self, i: usize) -> Result<Point, CustomIdError> {
        point(self.field(i)?)
    }

    /// The `game:move_number` every board button starts with, after `want(n)`.
    fn game_move(&self, n: usize) -> Result<(MatchId, u32), CustomIdError> {
        self.want(n)?;
        Ok((self.game(0)?, self.number(1)?))
    }

    /// An invitation's, an event's or a nigiri's button; `None`: not one of them.
    fn lobby(&self) -> Result<Option<ButtonId>, CustomIdError> {
        let action = self.action;
        Ok(Some(match action {
            "acc" | "dec" | "cnl" => {
                self.want(1)?;
                let invitation = self.invitation(0)?;
                match action {
                    "acc" => ButtonId::Accept { invitation },
                    "dec" => ButtonId::Decline { invitation },
                    _ => ButtonId::Cancel { invitation },
                }
            }
            "rm" => {
                self.want(1)?;
                ButtonId::Rematch {
                    game: self.game(0)?,
                }
            }
            "ej" | "el" => {
                self.want(1)?;
                let event = EventId(self.number::<i64>(0)?);
                if action == "ej" {
                    ButtonId::JoinEvent { event }
                } else {
                    ButtonId::LeaveEvent { event }
                }
            }
            // `n…`: an invitation's nigiri; `m…`: an event game's.
            "ngo" | "nge" | "mgo" | "mge" => {
                self.want(1)?;
                ButtonId::Guess {
                    of: nigiri_of(action, self.field(0)?)?,
                    odd: action.ends_with("go"),
                }
            }
            "ncb" | "ncw" | "mcb" | "mcw" => {
                self.want(1)?;
                ButtonId::ChooseColour {
                    of: nigiri_of(action, self.field(0)?)?,
                    black: action.ends_with("cb"),
                }
            }
            _ => return Ok(None),
        }))
    }

    /// A board's button (a region, a point, a mark, Pass, Resign, a takeback, a vote); `None`:
    /// not one of them.
    fn board(&self) -> Result<Option<ButtonId>, CustomIdError> {
        let action = self.action;
        Ok(Some(match action {
            "rg" => {
                let (game, move_number) = self.game_move(3)?;
                let region = self.number(2)?;
                ButtonId::Region {
                    game,
                    move_number,
                    region,
                }
            }
            "pt" | "vp" => {
                let (game, move_number) = self.game_move(3)?;
                let point = self.point(2)?;
                if action == "pt" {
                    ButtonId::Play {
                        game,
                        move_number,
                        point,
                    }
                } else {
                    ButtonId::VotePoint {
                        game,
                        move_number,
                        point,
                    }
                }
            }
            "mk" => {
                let (game, move_number) = self.game_move(4)?;
                ButtonId::Mark {
                    game,
                    move_number,
                    marking: self.number(2)?,
                    point: self.point(3)?,
                }
            }
            "ok" => {
                let (game, move_number) = self.game_move(3)?;
                ButtonId::AcceptMarking {
                    game,
                    move_number,
                    marking: self.number(2)?,
                }
            }
            "rp" | "ps" | "rs" | "tb" | "tby" | "tbn" | "vs" | "vr" => {
                let (game, move_number) = self.game_move(2)?;
                at_move(action, game, move_number)
            }
            _ => return Ok(None),
        }))
    }

    /// A training problem's button (a point, the next problem, the daily's "Try it");
    /// `None`: not one of them.
    fn training(&self) -> Result<Option<ButtonId>, CustomIdError> {
        Ok(Some(match self.action {
            "tp" => {
                self.want(3)?;
                ButtonId::ProblemPoint {
                    attempt: self.number(0)?,
                    drawn_at: self.number(1)?,
                    point: self.point(2)?,
                }
            }
            "tn" => {
                self.want(1)?;
                ButtonId::NextProblem {
                    kind: self.number(0)?,
                }
            }
            "td" => {
                self.want(1)?;
                ButtonId::TryDaily {
                    day: self.number(0)?,
                }
            }
            "ts" => {
                self.want(1)?;
                ButtonId::ProblemSolution {
                    attempt: self.number(0)?,
                }
            }
            _ => return Ok(None),
        }))
    }

    /// A page's button (the leaderboard's, the primer's); `None`: not one of them.
    fn page(&self) -> Result<Option<ButtonId>, CustomIdError> {
        // `lb` is the merit board (the only one before ratings), `lbr` the rating board.
        let by = match self.action {
            "lb" => Ranking::Merit,
            "lbr" => Ranking::Rating,
            "learn" => {
                self.want(1)?;
                return Ok(Some(ButtonId::Learn {
                    page: self.number(0)?,
                }));
            }
            _ => return Ok(None),
        };
        self.want(1)?;
        Ok(Some(ButtonId::Leaderboard {
            page: self.number(0)?,
            by,
        }))
    }
}

/// A board's button that carries only its game and move number, by its action.
fn at_move(action: &str, game: MatchId, move_number: u32) -> ButtonId {
    match action {
        "rp" => ButtonId::Resume { game, move_number },
        "ps" => ButtonId::Pass { game, move_number },
        "rs" => ButtonId::Resign { game, move_number },
        "tb" => ButtonId::TakeBack { game, move_number },
        "tby" | "tbn" => ButtonId::AnswerTakeBack {
            game,
            move_number,
            accept: action == "tby",
        },
        _ => ButtonId::VotePass {
            game,
            move_number,
            resign: action == "vr",
        },
    }
}

/// A point as written on the board's edges (`D4`), in its one spelling.
fn point(s: &str) -> Result<Point, CustomIdError> {
    match s.parse::<Point>() {
        Ok(p) if p.to_string() == s => Ok(p),
        _ => Err(CustomIdError::Point(s.to_owned())),
    }
}

/// A plain decimal number, no sign, no leading zeros (so each id has one spelling).
fn number<T: std::str::FromStr>(s: &str) -> Result<T, CustomIdError> {
    let canonical =
        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'));
    if !canonical {
        return Err(CustomIdError::Number(s.to_owned()));
    }
    s.parse().map_err(|_| CustomIdError::Number(s.to_owned()))
}

impl fmt::Display for ButtonId {
    /// The custom id: what [`ButtonId::decode`] reads back.
    ///
    /// One flat table, an arm for each kind of button: split, the writer would no longer read
    /// as the one list of every id's spelling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ButtonId::Accept { invitation } => write!(f, "{PREFIX}:acc:{invitation}"),
            ButtonId::Decline { invitation } => write!(f, "{PREFIX}:dec:{invitation}"),
            ButtonId::Cancel { invitation } => write!(f, "{PREFIX}:cnl:{invitation}"),
            ButtonId::Leaderboard {
                page,
                by: Ranking::Merit,
            } => write!(f, "{PREFIX}:lb:{page}"),
            ButtonId::Leaderboard {
                page,
                by: Ranking::Rating,
            } => write!(f, "{PREFIX}:lbr:{page}"),
            ButtonId::Region {
                game,
                move_number,
                region,
            } => write!(f, "{PREFIX}:rg:{game}:{move_number}:{region}"),
            ButtonId::Play {
                game,
                move_number,
                point,
            } => write!(f, "{PREFIX}:pt:{game}:{move_number}:{point}"),
            ButtonId::Pass { game, move_number } => write!(f, "{PREFIX}:ps:{game}:{move_number}"),
            ButtonId::Resign { game, move_number } => write!(f, "{PREFIX}:rs:{game}:{move_number}"),
            ButtonId::Mark {
                game,
                move_number,
                marking,
                point,
            } => write!(f, "{PREFIX}:mk:{game}:{move_number}:{marking}:{point}"),
            ButtonId::AcceptMarking {
                game,
                move_number,
                marking,
            } => write!(f, "{PREFIX}:ok:{game}:{move_number}:{marking}"),
            ButtonId::Resume { game, move_number } => write!(f, "{PREFIX}:rp:{game}:{move_number}"),
            ButtonId::TakeBack { game, move_number } => {
                write!(f, "{PREFIX}:tb:{game}:{move_number}")
            }
            ButtonId::AnswerTakeBack {
                game,
                move_number,
                accept,
            } => {
                let action = if accept { "tby" } else { "tbn" };
                write!(f, "{PREFIX}:{action}:{game}:{move_number}")
            }
            ButtonId::Rematch { game } => write!(f, "{PREFIX}:rm:{game}"),
            ButtonId::Learn { page } => write!(f, "{PREFIX}:learn:{page}"),
            ButtonId::ProblemPoint {
                attempt,
                drawn_at,
                point,
            } => write!(f, "{PREFIX}:tp:{attempt}:{drawn_at}:{point}"),
            ButtonId::NextProblem { kind } => write!(f, "{PREFIX}:tn:{kind}"),
            ButtonId::TryDaily { day } => write!(f, "{PREFIX}:td:{day}"),
            ButtonId::ProblemSolution { attempt } => write!(f, "{PREFIX}:ts:{attempt}"),
            ButtonId::JoinEvent { event } => write!(f, "{PREFIX}:ej:{event}"),
            ButtonId::Guess { of, odd } => {
                let action = if odd { "go" } else { "ge" };
                write!(
                    f,
                    "{PREFIX}:{}{action}:{}",
                    nigiri_prefix(of),
                    nigiri_id(of)
                )
            }
            ButtonId::ChooseColour { of, black } => {
                let action = if black { "cb" } else { "cw" };
                write!(
                    f,
                    "{PREFIX}:{}{action}:{}",
                    nigiri_prefix(of),
                    nigiri_id(of)
                )
            }
            ButtonId::LeaveEvent { event } => write!(f, "{PREFIX}:el:{event}"),
            ButtonId::VotePoint {
                game,
                move_number,
                point,
            } => write!(f, "{PREFIX}:vp:{game}:{move_number}:{point}"),
            ButtonId::VotePass {
                game,
                move_number,
                resign,
            } => {
                let action = if resign { "vr" } else { "vs" };
                write!(f, "{PREFIX}:{action}:{game}:{move_number}")
            }
        }
    }
}

/// What a nigiri button is about, from its action's first letter and its number.
fn nigiri_of(action: &str, field: &str) -> Result<NigiriOf, CustomIdError> {
    let n = number::<i64>(field)?;
    Ok(if action.starts_with('m') {
        NigiriOf::Game(MatchId(n))
    } else {
        NigiriOf::Invitation(InvitationId(n))
    })
}

/// The first letter of a nigiri button's action: `n` an invitation's, `m` an event game's.
fn nigiri_prefix(of: NigiriOf) -> &'static str {
    match of {
        NigiriOf::Invitation(_) => "n",
        NigiriOf::Game(_) => "m",
    }
}

/// The number a nigiri button carries.
fn nigiri_id(of: NigiriOf) -> i64 {
    match of {
        NigiriOf::Invitation(i) => i.get(),
        NigiriOf::Game(m) => m.get(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::BoardSize;

    fn every_button() -> Vec<ButtonId> {
        let big = MatchId(i64::MAX);
        let mut all = vec![
            ButtonId::Accept {
                invitation: InvitationId(1),
            },
            ButtonId::Decline {
                invitation: InvitationId(i64::MAX),
            },
            ButtonId::Cancel {
                invitation: InvitationId(7),
            },
            ButtonId::Leaderboard {
                page: u16::MAX,
                by: Ranking::Merit,
            },
            ButtonId::Leaderboard {
                page: 0,
                by: Ranking::Rating,
            },
            ButtonId::Pass {
                game: big,
                move_number: u32::MAX,
            },
            ButtonId::Resign {
                game: MatchId(0),
                move_number: 0,
            },
            ButtonId::Learn { page: 0 },
            ButtonId::Learn { page: u8::MAX },
            ButtonId::AcceptMarking {
                game: big,
                move_number: u32::MAX,
                marking: u32::MAX,
            },
            ButtonId::Resume {
                game: big,
                move_number: 0,
            },
            ButtonId::TakeBack {
                game: big,
                move_number: u32::MAX,
            },
            ButtonId::AnswerTakeBack {
                game: big,
                move_number: 7,
                accept: true,
            },
            ButtonId::AnswerTakeBack {
                game: MatchId(3),
                move_number: 0,
                accept: false,
            },
            ButtonId::Rematch { game: big },
            ButtonId::JoinEvent {
                event: EventId(i64::MAX),
            },
            ButtonId::LeaveEvent { event: EventId(0) },
            ButtonId::Guess {
                of: NigiriOf::Invitation(InvitationId(i64::MAX)),
                odd: true,
            },
            ButtonId::Guess {
                of: NigiriOf::Invitation(InvitationId(2)),
                odd: false,
            },
            ButtonId::ChooseColour {
                of: NigiriOf::Invitation(InvitationId(3)),
                black: true,
            },
            ButtonId::ChooseColour {
                of: NigiriOf::Invitation(InvitationId(i64::MAX)),
                black: false,
            },
            ButtonId::Guess {
                of: NigiriOf::Game(big),
                odd: true,
            },
            ButtonId::Guess {
                of: NigiriOf::Game(MatchId(5)),
                odd: false,
            },
            ButtonId::ChooseColour {
                of: NigiriOf::Game(MatchId(6)),
                black: true,
            },
            ButtonId::ChooseColour {
                of: NigiriOf::Game(big),
                black: false,
            },
            ButtonId::VotePoint {
                game: big,
                move_number: u32::MAX,
                point: "T19".parse().unwrap(),
            },
            ButtonId::VotePass {
                game: MatchId(3),
                move_number: 4,
                resign: false,
            },
            ButtonId::VotePass {
                game: big,
                move_number: 0,
                resign: true,
            },
            ButtonId::ProblemPoint {
                attempt: i64::MAX,
                drawn_at: u32::MAX,
                point: "T19".parse().unwrap(),
            },
            ButtonId::ProblemPoint {
                attempt: 0,
                drawn_at: 0,
                point: "A1".parse().unwrap(),
            },
            ButtonId::NextProblem { kind: 0 },
            ButtonId::NextProblem { kind: u8::MAX },
            ButtonId::TryDaily { day: 0 },
            ButtonId::TryDaily { day: 20_429 },
            ButtonId::ProblemSolution { attempt: 77 },
        ];
        for region in 0..=u8::MAX {
            all.push(ButtonId::Region {
                game: big,
                move_number: u32::MAX,
                region,
            });
        }
        for p in BoardSize::NINETEEN.all_points() {
            all.push(ButtonId::Play {
                game: big,
                move_number: u32::MAX,
                point: p,
            });
            all.push(ButtonId::Mark {
                game: big,
                move_number: u32::MAX,
                marking: u32::MAX,
                point: p,
            });
        }
        all
    }

    #[test]
    fn every_button_round_trips_within_discords_limit() {
        for b in every_button() {
            let id = b.to_string();
            assert!(id.len() <= MAX_LEN, "{id}");
            assert_eq!(ButtonId::decode(&id), Ok(b), "{id}");
        }
    }

    #[test]
    fn garbage_is_refused_not_panicked_on() {
        let long = "x".repeat(101);
        for bad in [
            "",
            ":",
            "go1",
            "go1:",
            "go2:ps:1:1",
            "go1:ps:1",
            "go1:ps:1:1:1",
            "go1:pt:1:1:I5",
            "go1:pt:1:1:Z9",
            "go1:pt:1:1:d4",
            "go1:pt:1:1:D04",
            "go1:rg:1:1:256",
            "go1:rg:-1:1:0",
            "go1:ps:01:1",
            "go1:ps:1:+1",
            "go1:ps:99999999999999999999:1",
            "go1:ps:1:4294967296",
            "go1:xx:1",
            "go1:acc:",
            "go1:acc:1:2",
            "go1:cnl:",
            "go1:lb:65536",
            "go1:lb:-1",
            "btn_yes",
            "go1:learn:1000",
            "go1:mk:1:1",
            "go1:mk:1:1:D4",
            "go1:mk:1:1:0:T20",
            "go1:mk:1:1:00:D4",
            "go1:ok:1:1",
            "go1:ok:1:1:-1",
            "go1:rp:1",
            "go1:rp:1:1:1",
            "go1:ps:1:1\n",
            "go1:ps: 1:1",
            long.as_str(),
        ] {
            assert!(ButtonId::decode(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn random_ids_never_panic() {
        let mut rng = crate::go::light_playout::Rng::new(3);
        let alphabet = b"go1:acdeklmnoprstg0123456789-DJT";
        for _ in 0..50_000 {
            let len = rng.below(30);
            let s: String = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())] as char)
                .collect();
            if let Ok(b) = ButtonId::decode(&s) {
                assert_eq!(b.to_string(), s, "one spelling per id");
            }
        }
    }
}
