//! Refusals: why a command changed nothing.
//!
//! A [`Refusal`] is the user's doing or the game's rule; the front end words it in the user's
//! language (its `Display` is for logs only). A [`Failure`] adds internal causes (the database)
//! whose text is never shown: the user only reads "try again".

use crate::go::{BoardSize, IllegalMove, Komi, RuleSet};

use super::settings::{KomiRange, SettingError};

/// Why a command was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("you cannot invite yourself")]
    InviteSelf,
    #[error("bots cannot play")]
    InviteBot,
    #[error("you are already in a game")]
    YouAreBusy,
    #[error("that player is already in a game")]
    TheyAreBusy,
    /// Already `max` correspondence games (the caller's own when `yours`).
    #[error("too many correspondence games (at most {max})")]
    TooManyCorrespondence { max: u32, yours: bool },
    /// The server allows no estimate of a game during play (`estimate` is `off`).
    #[error("the estimate is off on this server")]
    EstimateOff,
    /// The server allows the estimate in unranked games only, and this one is ranked.
    #[error("no estimate in ranked games here")]
    EstimateUnrankedOnly,
    /// The player has used every estimate this game allows (`estimate-limit`).
    #[error("no estimate left in this game (at most {limit})")]
    EstimatesUsedUp { limit: u32 },
    /// The server turned takebacks off (or the game is against the computer).
    #[error("takebacks are off")]
    TakebacksOff,
    /// The last move is not the caller's own (or was an automatic pass).
    #[error("nothing to take back")]
    NothingToUndo,
    /// A takeback is already asked for.
    #[error("a takeback is already asked for")]
    UndoPending,
    /// No takeback asked for by the opponent.
    #[error("no takeback to answer")]
    NoUndoRequest,
    /// Only the two players of a finished game may ask for a rematch, once it is over.
    #[error("no rematch for you here")]
    NoRematch,
    /// Several games could be meant: the command needs its `game` option.
    #[error("which game? {count} are running")]
    WhichGame { count: usize },
    #[error("there is already a pending invitation between you two")]
    DuplicateInvitation,
    #[error("the game is switched off on this server")]
    ServerDisabled,
    #[error("size {size} not allowed")]
    SizeNotAllowed { size: u8, allowed: Vec<BoardSize> },
    #[error("rules {rules} not allowed")]
    RulesNotAllowed {
        rules: RuleSet,
        allowed: Vec<RuleSet>,
    },
    /// A komi typed with more than a half point (6.25).
    #[error("a komi is a whole or half number")]
    KomiNotHalfPoints,
    /// The komi asked for (or the rule set's own, when none was asked) is outside the
    /// server's `allowed-komi`.
    #[error("komi {komi} not in {allowed}")]
    KomiNotAllowed { komi: Komi, allowed: KomiRange },
    /// More handicap stones than the board has points for (or a board too small for any).
    #[error("{stones} handicap stones do not fit a {size} board (at most {max})")]
    HandicapNotPossible {
        stones: u8,
        size: BoardSize,
        max: u8,
    },
    /// A time control the server does not offer.
    #[error("time {preset} not allowed")]
    TimeNotAllowed {
        preset: super::time_control::TimePreset,
        allowed: Vec<super::time_control::TimePreset>,
    },
    /// A clock of the inviter's own numbers, on a server that does not allow one.
    #[error("own clocks not allowed")]
    CustomClocksOff,
    /// A clock of the inviter's own numbers with a longer main time than the server allows.
    #[error("clock's main time over {max_minutes} minutes")]
    CustomClockTooLong { max_minutes: u32 },
    /// A clock of the inviter's own numbers that is not a live one (turn, correspondence).
    #[error("own clocks are live clocks")]
    CustomClockNotLive,
    /// Black is still placing the stones of a free handicap: no pass, and White waits.
    #[error("{left} handicap stones still to place")]
    PlaceHandicapFirst { left: u8 },
    #[error("no such invitation")]
    NoSuchInvitation,
    /// An open challenge someone else took first.
    #[error("challenge taken")]
    ChallengeTaken,
    /// The poster of an open challenge pressed its Accept.
    #[error("your own challenge")]
    OwnChallenge,
    /// One open challenge per player and server at a time.
    #[error("a challenge of yours is open")]
    ChallengeAlreadyOpen,
    /// A taker whose rank is outside the challenge's range.
    #[error("rank outside {ranks}")]
    OutsideRankRange {
        ranks: super::rating::RankRange,
        yours: super::rating::Rank,
    },
    /// Nigiri needs someone named to guess: not for an open challenge or a seek.
    #[error("nigiri needs an opponent named")]
    NigiriNamedOnly,
    /// Leaving a seek queue one is not in.
    #[error("not in the seek queue")]
    NotSeeking,
    /// An open challenge is taken or left, never declined.
    #[error("an open challenge is not declined")]
    OpenNotDeclined,
    #[error("invitation not for you")]
    NotForYou,
    /// Only the inviter withdraws an invitation.
    #[error("not your invitation")]
    NotYourInvitation,
    #[error("invitation expired")]
    InvitationExpired,
    /// Nigiri decides the colours of an even game only.
    #[error("nigiri with a handicap")]
    NigiriEvenOnly,
    /// A nigiri invitation is accepted by guessing odd or even, not by Accept.
    #[error("guess first")]
    NigiriGuessFirst,
    /// A guess or a colour chosen out of its turn: not a nigiri invitation, guessed already,
    /// or not guessed yet.
    #[error("not the nigiri's step")]
    NotNigiriStep,
    /// The colour is chosen by the nigiri's winner.
    #[error("not your choice")]
    NotYourChoice,
    /// An event game's nigiri is guessed by the other player.
    #[error("not your guess")]
    NotYourGuess,
    /// No move before nigiri has decided the colours.
    #[error("colours not decided yet")]
    NigiriFirst,
    /// Pair Go: one of the three invited pressed Accept again.
    #[error("invitation already accepted")]
    InvitationAlreadyAccepted,
    /// Pair Go: a stone out of the side's order.
    #[error("the partner's move")]
    PartnersMove,
    /// A vote in a game whose sides do not vote.
    #[error("not a team game")]
    NotATeamGame,
    /// A consultation member voting while the other team is to move.
    #[error("not your team's turn")]
    NotYourTeamsTurn,
    /// A vote by someone on neither team (or no longer in the team's role).
    #[error("not on the team")]
    NotOnTeam,
    /// A vote on a turn already played (the window closed).
    #[error("vote closed")]
    VoteClosed,
    /// A consultation game's moves are voted on the team's board, not played.
    #[error("vote on the team's board")]
    VoteOnTeamBoard,
    /// Team games are started by moderators, unless the server lets everyone.
    #[error("team games by moderators")]
    TeamGamesByModerators,
    /// A team game's sides: a listed side empty, a person on both, or the same role twice.
    #[error("bad teams")]
    BadTeams,
    /// Nigiri, a handicap and ranking are for games of one player a side.
    #[error("not for team games")]
    NotForTeamGames,
    #[error("not in a game")]
    NotInGame,
    #[error("no such game")]
    NoSuchGame,
    #[error("not your game")]
    NotYourGame,
    #[error("not your turn")]
    NotYourTurn,
    #[error("stale board")]
    StaleBoard,
    #[error("illegal move: {0}")]
    Illegal(IllegalMove),
    #[error("game over")]
    GameOver,
    /// Server settings and annulments are for moderators.
    #[error("moderators only")]
    NotModerator,
    /// Events are run by moderators or the members of the server's organiser role.
    #[error("event organisers only")]
    NotOrganiser,
    #[error("setting: {0}")]
    Setting(SettingError),
    #[error("the game is in the dead-stone agreement")]
    InAgreement,
    #[error("not in the dead-stone agreement")]
    NotInAgreement,
    #[error("no stone there")]
    NoStoneThere,
    #[error("already accepted")]
    AlreadyAccepted,
    /// The server switched the computer off (`ai-enabled`).
    #[error("the computer is switched off")]
    ComputerDisabled,
    /// A level the server does not offer (`ai-levels`).
    #[error("level {level} not allowed")]
    LevelNotAllowed {
        level: crate::go::Level,
        allowed: Vec<crate::go::Level>,
    },
    /// As many games against the computer run as the host allows at once.
    #[error("the computer plays {max} games already")]
    ComputerBusy { max: usize },
    /// A starting rank stated after the first ranked game (it can be stated once, before).
    #[error("already rated")]
    AlreadyRated,
    /// A starting rank that is not one (`5k`, `1d`) or is stronger than may be stated.
    #[error("not a rank one may start from")]
    RankNotAllowed,
    /// No such event on this server.
    #[error("no such event")]
    NoSuchEvent,
    /// Joining an event whose registration is closed.
    #[error("the event's registration is closed")]
    EventClosed,
    /// Joining an event after the registration deadline its terms set.
    #[error("the event's registration closed")]
    RegistrationOver { closed_at: super::time::Timestamp },
    /// Joining an event twice.
    #[error("already entered")]
    AlreadyEntered,
    /// Joining an event that has as many players as it takes.
    #[error("the event is full ({max} players)")]
    EventFull { max: u32 },
    /// The event takes members of a role the caller does not hold.
    #[error("the event is for members of its role")]
    EventRoleNeeded,
    /// The event takes players with this many finished ranked games.
    #[error("the event needs {needed} finished ranked games")]
    EventGamesNeeded { needed: u32 },
    /// A moderator barred the player from the server's events (失格) until then.
    #[error("barred from events")]
    BarredFromEvents { until: super::time::Timestamp },
    /// Leaving, or changing the terms of, an event that started.
    #[error("the event has started")]
    EventStarted,
    /// The player is not (or no longer) in the event.
    #[error("not in the event")]
    NotEntered,
    /// A referee rules on an event's games only.
    #[error("not an event's game")]
    NotAnEventGame,
    /// Rulings are for moderators and the members of the server's referee role.
    #[error("referees only")]
    NotReferee,
    /// Starting an event with fewer players than its format needs.
    #[error("the event needs {needed} players")]
    EventTooFewPlayers { needed: u32 },
    /// Starting an arena whose two teams are not both set.
    #[error("the arena's teams are not set")]
    EventTeamsNotSet,
    /// Acting on an event that is over.
    #[error("the event is over")]
    EventOver,
    /// Starting a round while the current one is still being played, or none is left.
    #[error("no round to start")]
    NoRoundToStart,
    /// A term out of range (a size, a number of rounds or players).
    #[error("a term the event cannot have")]
    EventTermsNotAllowed,
    /// The training ground has no problem to give (none of the kind asked for).
    #[error("no problem to give")]
    NoProblems,
    /// A problem the set does not hold (a button of a set since changed).
    #[error("no such problem")]
    UnknownProblem,
    /// A click on another player's problem board.
    #[error("someone else's problem")]
    NotYourProblem,
    /// A click on a problem already solved, failed or left.
    #[error("the problem is over")]
    ProblemOver,
    /// A click on an older drawing of the problem's board.
    #[error("the problem's board has moved on")]
    StaleProblem,
    /// A point outside the problem's area, taken, or not playable.
    #[error("not a point of the problem")]
    NotAProblemPoint,
    /// The server has no daily problem channel set.
    #[error("no daily problem here")]
    DailyNotConfigured,
    /// The daily problem of this post is no longer the day's (or none is posted yet).
    #[error("no daily problem to try")]
    NoDailyProblem,
    /// A deadline that is no longer due, a "came back" of someone never away: ignore silently.
    #[error("nothing to do")]
    NothingToDo,
}

impl Refusal {
    /// Whether no one should be told (a timer that is no longer due).
    pub fn is_silent(&self) -> bool {
        matches!(self, Refusal::NothingToDo)
    }
}
