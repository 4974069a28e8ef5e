//! Games the store's and the web's benchmarks play: a capture-free 19×19 sequence of moves,
//! and a game started between two players the usual way.

use tengen::game::{
    ChannelId, Command, GuildId, InvitationRef, MatchId, Subject, Timestamp, UserId,
};
use tengen::go::Point;
use tengen::service::Service;

/// The server the benchmarks' games are played on.
pub const GUILD: GuildId = GuildId(1);

/// The k-th move of a capture-free 19×19 sequence: Black fills rows from the bottom, White
/// from the top (171 moves before they meet).
pub fn quiet(k: usize) -> Point {
    let (col, row) = ((k / 2) % 19, (k / 2) / 19);
    let row = if k.is_multiple_of(2) { row } else { 18 - row };
    Point::new(col as u8, row as u8).expect("on the board")
}

/// `a` invites `b` on [`GUILD`], `b` accepts: the game.
pub fn start(svc: &Service, a: UserId, b: UserId, now: Timestamp) -> MatchId {
    let inv = svc
        .apply(Command::invite(GUILD, ChannelId(1), a, b), now)
        .result
        .expect("invite");
    let Subject::Invitation(id) = inv.subject else {
        panic!("not an invitation")
    };
    svc.apply(
        Command::Accept {
            by: b,
            invitation: InvitationRef::Id(id),
        },
        now,
    )
    .result
    .expect("accept");
    MatchId::from(id)
}
