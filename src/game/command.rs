//! Everything a player, a moderator or the clock can do to a game: the one input of the
//! rules, whichever front end or deadline sends it.

use crate::go::{Color, Point};

use super::{
    BoardRef, ChannelId, EventId, EventRequest, GuildId, InvitationRef, InviteOptions, MatchId,
    NigiriOf, PairRequest, Ruling, Subject, TeamGameRequest, Timestamp, UserId, invitation, nigiri,
    teams,
};

/// A moderator's change of a server's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingChange {
    /// `config set KEY VALUE`.
    Set { key: String, value: String },
    /// `config reset KEY`: back to the default.
    Reset { key: String },
}

/// Everything a player, a moderator or the clock can do to a game.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `/weiqi invite user [size] [komi] [rules]`.
    Invite {
        who: invitation::InviteRequest,
        options: InviteOptions,
    },
    /// The Accept button or `/weiqi accept`.
    /// An open challenge (SPEC §13): an invitation anyone in the server may take, within
    /// `ranks` if given.
    Challenge {
        guild: GuildId,
        channel: ChannelId,
        poster: UserId,
        options: InviteOptions,
        ranks: Option<super::rating::RankRange>,
    },
    Accept {
        by: UserId,
        invitation: InvitationRef,
    },
    /// A player enters their server's seek queue, or changes what they wait for.
    Seek {
        guild: GuildId,
        channel: ChannelId,
        user: UserId,
        options: super::seek::SeekOptions,
    },
    /// A player leaves their server's seek queue.
    LeaveSeek { guild: GuildId, user: UserId },
    /// The Decline button or `/weiqi decline`.
    Decline {
        by: UserId,
        invitation: InvitationRef,
    },
    /// The guess of a nigiri (its Odd or Even button): an invitation's, which accepts it, or
    /// an event game's. `random`: a uniformly drawn number, from which the bot's handful is
    /// taken.
    Guess {
        by: UserId,
        of: NigiriOf,
        guess: nigiri::Parity,
        random: u64,
    },
    /// The nigiri's winner chooses their colour (its Black or White button): the game starts.
    ChooseColour {
        by: UserId,
        of: NigiriOf,
        colour: Color,
    },
    /// `/weiqi ai [level] [size] [rules] [color]`: a game against the computer, at once.
    PlayComputer {
        guild: GuildId,
        channel: ChannelId,
        user: UserId,
        /// The account the computer plays under (the bot's own).
        computer: UserId,
        /// `None`: the strongest level the server offers.
        level: Option<crate::go::Level>,
        options: InviteOptions,
        /// The player's colour; `None`: Black.
        color: Option<Color>,
    },
    /// `/weiqi pair`: a pair Go invitation to three others.
    InvitePair {
        request: Box<PairRequest>,
        options: InviteOptions,
    },
    /// `/weiqi team-game`: a consultation game, started at once.
    TeamGame(Box<TeamGameRequest>),
    /// A consultation member's vote on their team's board (`roles`: those they hold, for a
    /// role's team; `board`: the move number the board was drawn at).
    Vote {
        by: UserId,
        roles: Vec<u64>,
        game: MatchId,
        board: Option<u32>,
        choice: teams::votes::Choice,
    },
    /// The inviter's Cancel button or `/weiqi cancel`.
    Cancel {
        by: UserId,
        invitation: InvitationRef,
    },
    /// A click on a point of the point picker. `board`: `None` for a command without a board.
    Play {
        by: UserId,
        point: Point,
        board: Option<BoardRef>,
    },
    /// The Pass button or `/weiqi pass` (`game`: the one the command named or meant).
    Pass {
        by: UserId,
        board: Option<BoardRef>,
        game: Option<MatchId>,
    },
    /// The Resign button or `/weiqi resign`: the first press arms, the second confirms.
    Resign {
        by: UserId,
        match_id: Option<MatchId>,
    },
    /// Agreement phase: a click on a stone toggles its whole chain between dead and alive.
    /// `marking`: the [`Agreement::version`] the picker was drawn for (`None` without a
    /// picker); a marking changed since is refused as a stale board, so that a click never
    /// undoes a change its player has not seen.
    ToggleDead {
        by: UserId,
        point: Point,
        board: Option<BoardRef>,
        marking: Option<u32>,
    },
    /// Agreement phase: the Accept button. `marking`: the [`Agreement::version`] the button
    /// was drawn for (`None` for a command without a board): a marking changed since is refused
    /// as a stale board, so no one accepts a marking they have not seen.
    AcceptMarking {
        by: UserId,
        board: Option<BoardRef>,
        marking: Option<u32>,
    },
    /// Agreement phase: the Resume play button (a dispute).
    ResumePlay { by: UserId, board: Option<BoardRef> },
    /// `/weiqi estimate [game]`: a player asks privately who owns what in their running game
    /// (形势判断), on `guild`, from `channel` (`game`: the one the command named).
    Estimate {
        guild: GuildId,
        channel: ChannelId,
        by: UserId,
        game: Option<MatchId>,
    },
    /// The Take back button: ask to take back one's last move.
    RequestUndo { by: UserId, board: Option<BoardRef> },
    /// The opponent's Accept or Decline of a takeback.
    AnswerUndo {
        by: UserId,
        board: Option<BoardRef>,
        accept: bool,
    },
    /// The Rematch button of a finished game: an invitation to the other player with the same
    /// settings and the colours swapped (in an even game).
    Rematch { by: UserId, match_id: MatchId },
    /// The player's presence went offline (only with the presence intent).
    WentOffline { user: UserId },
    /// The player is back online.
    CameBack { user: UserId },
    /// A moderator changes one of the server's settings (running games keep their snapshot).
    Configure {
        guild: GuildId,
        /// Whether the caller moderates the server (the front end knows its permissions).
        moderator: bool,
        change: SettingChange,
    },
    /// A player states the rank they start ranked play from, once, before their first ranked
    /// game on the server.
    StateRank {
        guild: GuildId,
        user: UserId,
        /// As typed: `5k`, `2 dan`, `12 kyu`.
        rank: String,
    },
    /// A moderator ends a running game of their server with no result.
    Annul {
        guild: GuildId,
        by: UserId,
        /// Whether `by` moderates the server (the front end knows its permissions).
        moderator: bool,
        match_id: MatchId,
    },
    /// A moderator opens an event for registration (`/weiqi-config event create`).
    CreateEvent(Box<EventRequest>),
    /// A player asks to join an event in registration (its Join button).
    JoinEvent {
        guild: GuildId,
        event: EventId,
        user: UserId,
        /// Whether they hold the event's role, if it names one (the front end knows).
        has_role: bool,
    },
    /// A player leaves an event before it starts (its Leave button).
    LeaveEvent {
        guild: GuildId,
        event: EventId,
        user: UserId,
    },
    /// A moderator sets an arena's team, in its captain's order.
    SetTeam {
        guild: GuildId,
        event: EventId,
        moderator: bool,
        team: u8,
        players: Vec<UserId>,
    },
    /// A moderator starts an event, or its next round under a manual schedule.
    StartEvent {
        guild: GuildId,
        event: EventId,
        moderator: bool,
    },
    /// A player withdraws from an event (弃权): their games still to play are lost.
    Withdraw {
        guild: GuildId,
        event: EventId,
        user: UserId,
    },
    /// A moderator bars a player from the server's events until a time (失格).
    BarFromEvents {
        guild: GuildId,
        moderator: bool,
        user: UserId,
        until: Timestamp,
    },
    /// A moderator calls an event off; its running games are annulled.
    CancelEvent {
        guild: GuildId,
        event: EventId,
        moderator: bool,
    },
    /// An event's referee (a moderator, or the server's referee role) rules on one of its
    /// games still being played.
    Rule {
        guild: GuildId,
        by: UserId,
        referee: bool,
        game: MatchId,
        ruling: Ruling,
    },
    /// Tengen's advanced level played move `number` (1-based) of a game against the computer
    /// for the host's engine, which gave none: the board says so (sent by the runtime, never
    /// by a user).
    StandIn { match_id: MatchId, number: u32 },
    /// A deadline fell due (sent by the scheduler, never by a user).
    Timeout(Subject),
}

impl Command {
    /// An invitation with the server's defaults, between two people.
    pub fn invite(guild: GuildId, channel: ChannelId, inviter: UserId, invitee: UserId) -> Command {
        Command::Invite {
            who: invitation::InviteRequest {
                guild,
                channel,
                inviter,
                invitee,
                invitee_is_bot: false,
            },
            options: InviteOptions::default(),
        }
    }
}
