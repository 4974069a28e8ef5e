//! A command's answer: what it is about, what happened, who is awaited and when the subject's
//! next deadline falls.

use super::{ChannelId, Event, EventId, GuildId, InvitationId, Match, MatchId, Timestamp, UserId};

/// What a command or a deadline is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Subject {
    Invitation(InvitationId),
    Match(MatchId),
    /// A server's settings (a moderator's change). Never has a deadline.
    Server(GuildId),
    /// A player's standing on a server (a rank stated). Never has a deadline.
    Player(GuildId, UserId),
    /// An event (its deadline: look again, a game of it ended or the bot restarted).
    Event(EventId),
    /// A server's daily problem (its deadline: the next post).
    Daily(GuildId),
    /// A server's seek queue (its deadline: the next time a waiting entry's window widens).
    Seek(GuildId),
}

impl Subject {
    /// The number a game's invitation and its match share (a match keeps its invitation's id),
    /// or an event's (taken from the same sequence): one ordering key for everything shown of
    /// one game or one event (a server's daily post has one too). `None` for what is shown by
    /// its command alone.
    pub fn game_key(self) -> Option<i64> {
        match self {
            Subject::Invitation(i) => Some(i.get()),
            Subject::Match(m) => Some(m.get()),
            Subject::Event(e) => Some(e.get()),
            // A server's daily post is shown in a lane of its own: a negative key, which no
            // game or event has.
            Subject::Daily(guild) => Some(-1 - (guild.0 & (i64::MAX as u64)) as i64),
            Subject::Server(_) | Subject::Player(..) | Subject::Seek(_) => None,
        }
    }
}

/// What a command changed, who to tell, and the next deadline.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The invitation or match the command was about.
    pub subject: Subject,
    pub guild: GuildId,
    /// Where the game is played (`None` for what is not a game, and for a stored game whose
    /// row does not say).
    pub channel: Option<ChannelId>,
    pub events: Vec<Event>,
    /// The player to notify that it is their turn, if the game goes on in play.
    pub to_move: Option<UserId>,
    /// The subject's next deadline; `None` once it is over.
    pub deadline: Option<Timestamp>,
}

impl Outcome {
    /// What `events` changed of match `m`, as it now stands: whom it awaits, its next
    /// deadline.
    pub fn of_match(m: &Match, events: Vec<Event>) -> Outcome {
        Outcome {
            subject: Subject::Match(m.id),
            guild: m.guild,
            channel: Some(m.channel),
            to_move: m.awaited(),
            deadline: m.next_deadline(),
            events,
        }
    }

    /// Whether the subject ended (a match over, an invitation closed).
    pub fn is_final(&self) -> bool {
        self.deadline.is_none()
    }
}
