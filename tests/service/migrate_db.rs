//! `tengen migrate-db` (the real binary): a server's SQLite file of 1,000 games — with events,
//! team games and their votes, ranked games and their ratings' history, games against the
//! computer, merit, settings and the Discord adapter's tables — copied into an empty
//! PostgreSQL database (a schema of its own on the server of `TEST_DATABASE_URL`), then every
//! table compared row by row; a second copy into the now full target is refused.

use crate::common;

use std::process::Command as Process;

use common::*;
use tengen::game::events::{EventOptions, Format};
use tengen::game::teams::Side;
use tengen::game::teams::votes::Choice;
use tengen::game::{
    ChannelId, Command, EventRequest, InviteOptions, Subject, TeamGameRequest, UserId,
};
use tengen::go::{ByColor, RuleSet};
use tengen::store::copy::{TABLES, columns_of, rows_of};
use tengen::store::testing::TestSchema;
use tengen::store::{Durability, Store};

const GAMES: u64 = 1000;

/// A server's worth of games and everything around them, through the service.
fn fill(w: &World) {
    w.set_setting(GUILD, true, "takebacks", "false").unwrap();
    w.set_setting(GUILD, true, "ranked-default", "true")
        .unwrap();
    // Ordinary games, each played a little and resigned: merit, profiles, ratings.
    for i in 0..GAMES {
        let (a, b) = (UserId(10_000 + 2 * i), UserId(10_001 + 2 * i));
        let id = w.start(a, b);
        w.quiet_moves(id, 20);
        let m = w.svc.snapshot(id).unwrap();
        if i == 0 {
            // An estimate asked for during play (`match_estimates`).
            w.set_setting(GUILD, true, "estimate", "all").unwrap();
            w.apply(Command::Estimate {
                guild: GUILD,
                channel: CHANNEL,
                by: m.players.black,
                game: Some(id),
            })
            .unwrap();
        }
        w.apply(Command::Resign {
            by: m.players.white,
            match_id: Some(id),
        })
        .unwrap();
        w.apply(Command::Resign {
            by: m.players.white,
            match_id: Some(id),
        })
        .unwrap();
    }
    // An invitation still pending, one declined.
    w.invite(ALICE, BOB).unwrap();
    w.invite(CAROL, UserId(7)).unwrap();
    w.apply(Command::Decline {
        by: UserId(7),
        invitation: tengen::game::InvitationRef::From {
            guild: GUILD,
            inviter: CAROL,
        },
    })
    .unwrap();
    // A game against the computer, resigned.
    w.apply(Command::PlayComputer {
        guild: GUILD,
        channel: CHANNEL,
        user: UserId(8),
        computer: UserId(999),
        level: None,
        options: InviteOptions::default(),
        color: None,
    })
    .unwrap();
    for _ in 0..2 {
        w.apply(Command::Resign {
            by: UserId(8),
            match_id: None,
        })
        .unwrap();
    }
    // An event of four, started (its boards, entries, games).
    let o = w
        .apply(Command::CreateEvent(Box::new(EventRequest {
            guild: GUILD,
            channel: CHANNEL,
            by: UserId(900),
            moderator: true,
            name: "Winter cup".into(),
            options: EventOptions {
                format: Some(Format::RoundRobin),
                size: Some(9),
                ..EventOptions::default()
            },
        })))
        .unwrap();
    let Subject::Event(event) = o.subject else {
        panic!()
    };
    for u in [20u64, 21, 22, 23] {
        w.apply(Command::JoinEvent {
            guild: GUILD,
            event,
            user: UserId(u),
            has_role: false,
        })
        .unwrap();
    }
    w.apply(Command::StartEvent {
        guild: GUILD,
        event,
        moderator: true,
    })
    .unwrap();
    // A consultation with a vote cast.
    let o = w
        .apply(Command::TeamGame(Box::new(TeamGameRequest {
            guild: GUILD,
            channel: CHANNEL,
            by: UserId(900),
            moderator: true,
            sides: ByColor {
                black: Some(Side::members(vec![UserId(30), UserId(31), UserId(32)])),
                white: Some(Side::role(77)),
            },
            computer: None,
            options: InviteOptions {
                rules: Some(RuleSet::Chinese),
                ..InviteOptions::default()
            },
            window: ms(60 * SEC),
        })))
        .unwrap();
    let Subject::Match(team) = o.subject else {
        panic!()
    };
    w.apply(Command::Vote {
        by: UserId(30),
        roles: vec![],
        game: team,
        board: Some(0),
        choice: Choice::Play("E5".parse().unwrap()),
    })
    .unwrap();
    // The Discord adapter's tables.
    let store = w.open_store();
    let repo = store.discord_tables();
    repo.set_board(team, ChannelId(5), 6, "shown").unwrap();
    repo.set_guild_locale(GUILD, "ja").unwrap();
    repo.set_team_thread(team, tengen::go::Color::Black, ChannelId(8))
        .unwrap();
    w.svc.mark_alive(w.now()).unwrap();
}

/// Runs `tengen migrate-db --from path --to url`: its status and what it printed.
fn migrate(path: &std::path::Path, url: &str) -> (Option<i32>, String) {
    let out = Process::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("migrate-db")
        .arg("--from")
        .arg(path)
        .arg("--to")
        .arg(url)
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

#[test]
fn a_server_of_a_thousand_games_moves_to_postgres_and_every_table_is_the_same() {
    let Some(schema) = TestSchema::new("migrate-db") else {
        return;
    };
    let w = World::new();
    fill(&w);
    let path = w.path();
    let started = std::time::Instant::now();
    let (status, text) = migrate(&path, &schema.url);
    assert_eq!(status, Some(0), "{text}");
    eprintln!(
        "migrate-db of {GAMES} games: {:?}\n{text}",
        started.elapsed()
    );
    assert!(text.contains("every table's count is the same"), "{text}");
    let sqlite = Store::open(&path, Durability::Process).unwrap();
    let pg = Store::open_postgres(&schema.url, 1).unwrap();
    let mut compared = 0;
    for table in TABLES {
        let columns = sqlite.read(|tx| columns_of(tx, table)).unwrap();
        let pg_columns = pg.read(|tx| columns_of(tx, table)).unwrap();
        assert_eq!(columns, pg_columns, "{table}'s columns");
        let a = sqlite.read(|tx| rows_of(tx, table, &columns)).unwrap();
        let b = pg.read(|tx| rows_of(tx, table, &columns)).unwrap();
        assert_eq!(a.len(), b.len(), "{table}");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x, y, "a row of {table}");
        }
        compared += a.len();
    }
    assert!(compared > GAMES as usize * 20, "{compared} rows compared");
    // The target is not empty now: a second copy is refused, and nothing changes.
    let (status, text) = migrate(&path, &schema.url);
    assert_eq!(status, Some(2), "{text}");
    assert!(text.contains("not empty"), "{text}");
    // The games play on from PostgreSQL.
    let svc = tengen::service::Service::open(std::sync::Arc::new(pg), w.now()).unwrap();
    assert_eq!(
        svc.running().len(),
        3,
        "the event's two games and the team game"
    );
    assert_eq!(
        svc.snapshot(svc.running()[2]).unwrap().ballot.len(),
        1,
        "its vote"
    );
}
