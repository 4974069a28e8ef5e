//! A database written at the schema before the refit (migrations 01 and 02) opens at the
//! latest one with nothing lost: the running games with their moves, position and phase, the
//! ended games with their endings, profiles, merit, the pending invitation, the settings, and
//! the Discord adapter's columns moved into its own tables. A database of schema 8 has its
//! time controls and clocks, stored as text, converted into their typed forms.

use crate::common;

use std::sync::Arc;

use common::{ALICE, BOB, CAROL, CHANNEL, GUILD, T0};
use rusqlite::{Connection, params};
use tengen::game::time_control::{PlayerClock, TimeControl};
use tengen::game::{
    AbandonCause, Agreement, Colours, ColoursWhy, Duration, EndReason, Ending, Event, Invitation,
    InvitationId, InvitationRef, MatchId, Phase, Terms, Timestamp, UserId,
};
use tengen::go::{BoardSize, ByColor, Color, Game, GameResult, Komi, Move, RuleSet};
use tengen::service::{Profile, Service};
use tengen::store::{Durability, Store, StoreError};

const DAVE: UserId = UserId(400);
/// A user id above `i64::MAX`, stored by bit pattern: it must come back as it was.
const ERIN: UserId = UserId(u64::MAX - 7);
const FRANK: UserId = UserId(600);
const GINA: UserId = UserId(700);
const HUGO: UserId = UserId(800);

/// UTC ms, `s` seconds after `T0`.
fn at(s: i64) -> i64 {
    T0.millis() + s * 1000
}

/// A match row at schema 2, with the settings snapshot of the defaults.
struct OldMatch {
    id: i64,
    black: UserId,
    white: UserId,
    size: u8,
    rules: &'static str,
    komi_half: i32,
    moves: &'static [&'static str],
    turn_deadline: i64,
    status: &'static str,
    result: Option<&'static str>,
    end_reason: Option<&'static str>,
    ended_at: Option<i64>,
    board: Option<(u64, u64)>,
    phase: &'static str,
    dead_stones: Option<&'static str>,
    accepted: [bool; 2],
    marking_version: u32,
}

impl OldMatch {
    fn insert(&self, c: &Connection) {
        c.execute(
            "INSERT INTO matches (id, guild_id, channel_id, black, white, size, rules, komi_half, \
             turn_timeout_ms, grace_ms, max_ms, resign_window_ms, merit_min_moves, \
             merit_amount, merit_bonus, merit_cap, started_at, ends_at, turn_deadline, \
             move_count, status, result, end_reason, ended_at, board_channel_id, \
             board_message_id, phase, dead_stones, accepted_black, accepted_white, \
             marking_version) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 180000, 120000, 3600000, 10000, 20, 5, 3, \
             25, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)",
            params![
                self.id,
                GUILD.get() as i64,
                CHANNEL.get() as i64,
                self.black.get() as i64,
                self.white.get() as i64,
                self.size,
                self.rules,
                self.komi_half,
                at(-600),
                at(-600) + 3_600_000,
                self.turn_deadline,
                self.moves.len() as u32,
                self.status,
                self.result,
                self.end_reason,
                self.ended_at,
                self.board.map(|b| b.0 as i64),
                self.board.map(|b| b.1 as i64),
                self.phase,
                self.dead_stones,
                self.accepted[0],
                self.accepted[1],
                self.marking_version,
            ],
        )
        .unwrap();
        for (i, mv) in self.moves.iter().enumerate() {
            c.execute(
                "INSERT INTO moves (match_id, number, color, point, automatic, played_at) \
                 VALUES (?1, ?2, ?3, ?4, 0, ?5)",
                params![
                    self.id,
                    i as u32 + 1,
                    (i % 2) as i64,
                    (*mv != "pass").then_some(*mv),
                    at(-600 + i as i64)
                ],
            )
            .unwrap();
        }
    }

    /// The moves as the engine holds them.
    fn expected_moves(&self) -> Vec<(Color, Move)> {
        self.moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let color = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let mv = if *mv == "pass" {
                    Move::Pass
                } else {
                    Move::Play(mv.parse().unwrap())
                };
                (color, mv)
            })
            .collect()
    }
}

const IN_PLAY: OldMatch = OldMatch {
    id: 1,
    black: BOB,
    white: ALICE,
    size: 9,
    rules: "classic",
    komi_half: 11,
    moves: &["E5", "D5", "C5"],
    turn_deadline: T0.millis() + 100_000,
    status: "running",
    result: None,
    end_reason: None,
    ended_at: None,
    board: Some((10, 777)),
    phase: "play",
    dead_stones: None,
    accepted: [false, false],
    marking_version: 0,
};

const IN_AGREEMENT: OldMatch = OldMatch {
    id: 2,
    black: DAVE,
    white: CAROL,
    size: 7,
    rules: "chinese",
    komi_half: 15,
    moves: &["D4", "pass", "pass"],
    turn_deadline: T0.millis() + 50_000,
    status: "running",
    result: None,
    end_reason: None,
    ended_at: None,
    board: Some((55, 778)),
    phase: "agreement",
    dead_stones: Some("D4"),
    accepted: [true, false],
    marking_version: 3,
};

/// Resumed after a dispute (Black passed last, so White moved): schema 2 stored no count of
/// resumptions, the moves show one.
const RESUMED: OldMatch = OldMatch {
    id: 3,
    black: ERIN,
    white: FRANK,
    size: 7,
    rules: "chinese",
    komi_half: 15,
    moves: &["D4", "pass", "pass", "E4"],
    turn_deadline: T0.millis() + 60_000,
    status: "running",
    result: None,
    end_reason: None,
    ended_at: None,
    board: None,
    phase: "play",
    dead_stones: None,
    accepted: [false, false],
    marking_version: 0,
};

const RESIGNED: OldMatch = OldMatch {
    id: 4,
    black: BOB,
    white: ALICE,
    size: 9,
    rules: "classic",
    komi_half: 11,
    moves: &["E5", "D5"],
    turn_deadline: T0.millis() - 500_000,
    status: "finished",
    result: Some("W+R"),
    end_reason: Some("resignation"),
    ended_at: Some(T0.millis() - 550_000),
    board: Some((10, 779)),
    phase: "play",
    dead_stones: None,
    accepted: [false, false],
    marking_version: 0,
};

const TIMED_OUT: OldMatch = OldMatch {
    id: 5,
    black: GINA,
    white: HUGO,
    size: 9,
    rules: "classic",
    komi_half: 11,
    moves: &["E5"],
    turn_deadline: T0.millis() - 400_000,
    status: "abandoned",
    result: Some("Void"),
    end_reason: Some("time-cap"),
    ended_at: Some(T0.millis() - 450_000),
    board: None,
    phase: "play",
    dead_stones: None,
    accepted: [false, false],
    marking_version: 0,
};

/// The pending invitation (between two players in no game).
const PENDING: i64 = 6;

/// Writes the database as the bot before the refit left it.
fn write_schema_2_database(path: &std::path::Path) {
    let mut c = Connection::open(path).unwrap();
    tengen::store::migrations()
        .unwrap()
        .to_version(&mut c, 2)
        .unwrap();
    let tables: i64 = c
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name LIKE 'discord_%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(tables, 0, "schema 2 has no adapter tables");
    for m in [&IN_PLAY, &IN_AGREEMENT, &RESUMED, &RESIGNED, &TIMED_OUT] {
        m.insert(&c);
    }
    let g = GUILD.get() as i64;
    // The invitation match 1 was accepted from, and a pending one; both with their messages.
    c.execute(
        "INSERT INTO invitations (id, guild_id, channel_id, inviter, invitee, size, komi_half, \
         rules, created_at, expires_at, status, closed_at, message_id) \
         VALUES (1, ?1, ?2, ?3, ?4, 9, 11, 'classic', ?5, ?6, 'accepted', ?5, 111)",
        params![
            g,
            CHANNEL.get() as i64,
            ALICE.get() as i64,
            BOB.get() as i64,
            at(-610),
            at(-550)
        ],
    )
    .unwrap();
    c.execute(
        "INSERT INTO invitations (id, guild_id, channel_id, inviter, invitee, size, komi_half, \
         rules, created_at, expires_at, status, message_id) \
         VALUES (?1, ?2, ?3, ?4, ?5, 9, 13, 'japanese', ?6, ?7, 'pending', 999)",
        params![
            PENDING,
            g,
            CHANNEL.get() as i64,
            GINA.get() as i64,
            HUGO.get() as i64,
            at(-10),
            at(50)
        ],
    )
    .unwrap();
    for (k, v) in [
        ("komi", "6.5"),
        ("board-size", "9"),
        ("move-notify", "dm"),
        ("match-threads", "true"),
        ("title-role", "424242"),
    ] {
        c.execute(
            "INSERT INTO settings (guild_id, key, value) VALUES (?1, ?2, ?3)",
            params![g, k, v],
        )
        .unwrap();
    }
    c.execute(
        "INSERT INTO profiles (guild_id, user_id, merit, wins, losses, draws, awards, \
         titled_at) VALUES (?1, ?2, 8, 11, 2, 1, 1, ?3), (?1, ?4, 5, 0, 3, 1, 1, NULL)",
        params![g, ALICE.get() as i64, at(-5000), BOB.get() as i64],
    )
    .unwrap();
    c.execute(
        "INSERT INTO merit_pairs (guild_id, player_low, player_high, match_id, awarded_at) \
         VALUES (?1, ?2, ?3, 4, ?4)",
        params![g, ALICE.get() as i64, BOB.get() as i64, at(-550)],
    )
    .unwrap();
    c.close().unwrap();
}

/// Rows of a query of the migrated file, each as a list of its columns as text.
fn rows(store: &Store, sql: &str) -> Vec<Vec<String>> {
    store
        .read(|tx| {
            tx.query_all(sql, &[], |r| {
                (0..r.column_count())
                    .map(|i| {
                        let v: rusqlite::types::Value = r.get(i)?;
                        Ok(match v {
                            rusqlite::types::Value::Null => "NULL".to_owned(),
                            rusqlite::types::Value::Integer(n) => n.to_string(),
                            rusqlite::types::Value::Text(t) => t,
                            other => format!("{other:?}"),
                        })
                    })
                    .collect::<rusqlite::Result<Vec<String>>>()
            })
        })
        .unwrap()
}

fn row(cols: &[&str]) -> Vec<String> {
    cols.iter().map(|&c| c.to_owned()).collect()
}

fn game_of(m: &OldMatch) -> Game {
    let rules: RuleSet = m.rules.parse().unwrap();
    let mut g = Game::new(
        BoardSize::new(m.size).unwrap(),
        rules.with_komi(Komi::from_half_points(m.komi_half)),
    );
    for (c, mv) in m.expected_moves() {
        if g.is_over() {
            g.resume();
        }
        g.play_as(c, mv).unwrap();
    }
    g
}

#[test]
fn a_database_at_the_previous_schema_opens_at_the_latest_with_nothing_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    write_schema_2_database(&path);

    let store = Arc::new(Store::open(&path, Durability::Process).unwrap());
    let svc = Service::open(Arc::clone(&store), T0).unwrap();
    assert_eq!(svc.load_problems(), vec![], "every row decodes");
    assert_eq!(svc.running(), vec![MatchId(1), MatchId(2), MatchId(3)]);
    assert!(svc.take_recovered().is_empty(), "every deadline was ahead");

    // The running game in play: its moves, position, player to move and deadline.
    let m = svc.snapshot(MatchId(1)).unwrap();
    assert_eq!(m.game, game_of(&IN_PLAY), "same moves, same position");
    assert_eq!(m.game.moves(), &IN_PLAY.expected_moves()[..]);
    assert_eq!(m.phase, Phase::Play);
    assert_eq!(
        m.players,
        ByColor {
            black: BOB,
            white: ALICE
        }
    );
    assert_eq!(m.player_to_move(), ALICE);
    assert_eq!(
        m.turn_deadline,
        Timestamp::from_millis(IN_PLAY.turn_deadline)
    );
    assert_eq!(m.config.turn_timeout, Duration::from_secs(180));
    assert_eq!(m.config.komi, Komi::from_half_points(11));
    assert_eq!(svc.match_of(ALICE), Some(MatchId(1)));

    // The game in the agreement phase: its marking, acceptances and version.
    let m = svc.snapshot(MatchId(2)).unwrap();
    assert_eq!(m.game, game_of(&IN_AGREEMENT));
    assert_eq!(
        m.phase,
        Phase::Agreement(Agreement {
            dead: vec!["D4".parse().unwrap()],
            accepted: ByColor {
                black: true,
                white: false
            },
            version: 3,
        })
    );
    assert_eq!(
        m.awaited(),
        None,
        "no one's turn while the dead stones are settled"
    );

    // The game resumed after a dispute: the resumption is read from its moves.
    let m = svc.snapshot(MatchId(3)).unwrap();
    assert_eq!(m.game, game_of(&RESUMED));
    assert_eq!(m.phase, Phase::Play);
    assert_eq!((m.resumed, m.resumed_at), (1, Some(3)));
    assert_eq!(m.player_to_move(), ERIN, "Black moves after White's move");
    assert_eq!(m.players.black, ERIN, "an id above i64::MAX survives");

    // The ended games, with the right endings.
    let m = svc.load_match(MatchId(4)).unwrap().unwrap();
    assert_eq!(
        m.ending(),
        Some(Ending::Finished {
            result: GameResult::Resignation {
                winner: Color::White
            },
            reason: EndReason::Resignation
        })
    );
    assert_eq!(m.game.moves(), &RESIGNED.expected_moves()[..]);
    assert_eq!(
        m.ended().unwrap().at,
        Timestamp::from_millis(RESIGNED.ended_at.unwrap())
    );
    let m = svc.load_match(MatchId(5)).unwrap().unwrap();
    assert_eq!(m.ending(), Some(Ending::Abandoned(AbandonCause::TimeCap)));
    assert!(!m.is_running());

    // Profiles and merit.
    assert_eq!(
        svc.profile(GUILD, ALICE).unwrap(),
        Profile {
            guild: GUILD,
            user: ALICE,
            merit: 8,
            wins: 11,
            losses: 2,
            draws: 1,
            awards: 1,
            title: Some(tengen::game::TITLE),
            against_computer: Vec::new(),
            standing: None,
        }
    );
    assert_eq!(
        svc.profile(GUILD, BOB).unwrap(),
        Profile {
            guild: GUILD,
            user: BOB,
            merit: 5,
            wins: 0,
            losses: 3,
            draws: 1,
            awards: 1,
            title: None,
            against_computer: Vec::new(),
            standing: None,
        }
    );
    assert_eq!(svc.titled_players(GUILD).unwrap(), vec![ALICE]);
    let pair = store
        .read(|tx| tx.merit_pair_awarded(GUILD.get(), BOB.get(), ALICE.get()))
        .unwrap();
    assert!(pair, "the pair's award is remembered");

    // The pending invitation, with its terms.
    assert_eq!(
        svc.pending_invitations(),
        vec![Invitation {
            id: InvitationId(PENDING),
            guild: GUILD,
            channel: CHANNEL,
            inviter: GINA,
            invitee: HUGO,
            terms: Terms {
                size: BoardSize::NINE,
                rules: RuleSet::Japanese,
                komi: Komi::from_half_points(13),
                handicap: 0,
                ranked: false,
                colours: tengen::game::Colours::ACCEPTOR_BLACK,
                time: tengen::game::time_control::TimeControl::Turn,
            },
            created_at: Timestamp::from_millis(at(-10)),
            expires_at: Timestamp::from_millis(at(50)),
            nigiri: None,
            pair: None,
            open: None,
        }]
    );

    // The game's settings keep their komi; the adapter's keys left the game's table.
    let s = svc.settings(GUILD).unwrap();
    assert_eq!(s.komi, Some("6.5".parse().unwrap()));
    assert_eq!(
        rows(&store, "SELECT key, value FROM settings ORDER BY key"),
        vec![row(&["board-size", "9"]), row(&["komi", "6.5"])]
    );

    // The Discord columns moved to the adapter's tables; a board away from its game's channel
    // was in the game's own thread.
    assert_eq!(
        rows(
            &store,
            "SELECT match_id, channel_id, message_id, thread_id FROM discord_boards \
             ORDER BY match_id"
        ),
        vec![
            row(&["1", "10", "777", "NULL"]),
            row(&["2", "55", "778", "55"]),
            row(&["4", "10", "779", "NULL"])
        ]
    );
    assert_eq!(
        rows(
            &store,
            "SELECT invitation_id, channel_id, message_id FROM discord_invitations \
             ORDER BY invitation_id"
        ),
        vec![row(&["1", "10", "111"]), row(&["6", "10", "999"])]
    );
    assert_eq!(
        rows(
            &store,
            "SELECT guild_id, key, value FROM discord_settings ORDER BY key"
        ),
        vec![
            row(&["1", "match-threads", "true"]),
            row(&["1", "move-notify", "dm"]),
            row(&["1", "title-role", "424242"])
        ]
    );
    // The old columns are gone; the phase and ending are typed.
    assert_eq!(
        rows(
            &store,
            "SELECT count(*) FROM pragma_table_info('matches') WHERE name IN \
             ('status', 'end_reason', 'board_channel_id', 'board_message_id')"
        ),
        vec![row(&["0"])]
    );
    assert_eq!(
        rows(
            &store,
            "SELECT count(*) FROM pragma_table_info('invitations') WHERE name = 'message_id'"
        ),
        vec![row(&["0"])]
    );
    assert_eq!(
        rows(
            &store,
            "SELECT id, phase, ending, result, resumed FROM matches ORDER BY id"
        ),
        vec![
            row(&["1", "play", "NULL", "NULL", "NULL"]),
            row(&["2", "agreement", "NULL", "NULL", "NULL"]),
            row(&["3", "play", "NULL", "NULL", "NULL"]),
            row(&["4", "ended", "resignation", "W+R", "NULL"]),
            row(&["5", "ended", "time-cap", "Void", "NULL"])
        ]
    );

    // And play goes on: a move in the first game, the marking accepted in the second, a new
    // invitation with an id after every old one.
    svc.apply(
        tengen::game::Command::Play {
            by: ALICE,
            point: "D6".parse().unwrap(),
            board: None,
        },
        T0,
    )
    .result
    .unwrap();
    let o = svc
        .apply(
            tengen::game::Command::AcceptMarking {
                by: CAROL,
                board: None,
                marking: Some(3),
            },
            T0,
        )
        .result
        .unwrap();
    assert!(
        o.events.iter().any(|e| matches!(
            e,
            Event::Ended {
                ending: Ending::Finished { .. },
                ..
            }
        )),
        "{o:?}"
    );
    assert_eq!(
        rows(
            &store,
            "SELECT id, phase, resumed FROM matches WHERE id IN (1, 2)"
        ),
        vec![row(&["1", "play", "0"]), row(&["2", "ended", "0"])],
        "the next commit stores the resumptions"
    );
    let o = svc
        .apply(
            tengen::game::Command::invite(GUILD, CHANNEL, CAROL, DAVE),
            T0,
        )
        .result
        .unwrap();
    assert_eq!(o.subject.game_key(), Some(PENDING + 1));
    svc.apply(
        tengen::game::Command::Accept {
            by: HUGO,
            invitation: InvitationRef::Id(InvitationId(PENDING)),
        },
        T0,
    )
    .result
    .unwrap();
    assert_eq!(
        svc.snapshot(MatchId(PENDING)).unwrap().config.rules,
        RuleSet::Japanese
    );
}

/// A match row at schema 8 (clocks as text): 9×9 Chinese, the defaults' snapshot, started at
/// `at(-600)`.
fn insert_schema_8_match(c: &Connection, id: i64, time: &str, clocks: [Option<&str>; 2]) {
    c.execute(
        "INSERT INTO matches (id, guild_id, channel_id, black, white, size, rules, komi_half, \
         turn_timeout_ms, grace_ms, max_ms, resign_window_ms, merit_min_moves, merit_amount, \
         merit_bonus, merit_cap, started_at, ends_at, turn_deadline, time_control, \
         clock_black, clock_white, turn_started) \
         VALUES (?1, ?2, ?3, ?4, ?5, 9, 'chinese', 15, 180000, 120000, 86400000, 10000, 20, \
         5, 3, 25, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            id,
            GUILD.get() as i64,
            CHANNEL.get() as i64,
            BOB.get() as i64,
            ALICE.get() as i64,
            at(-600),
            at(-600) + 86_400_000,
            at(600),
            time,
            clocks[0],
            clocks[1],
            at(-10),
        ],
    )
    .unwrap();
}

/// A pending invitation at schema 8.
fn insert_schema_8_invitation(c: &Connection, id: i64, time: &str, ranked: bool, handicap: u8) {
    c.execute(
        "INSERT INTO invitations (id, guild_id, channel_id, inviter, invitee, size, komi_half, \
         rules, created_at, expires_at, handicap, ranked, inviter_black, time_control) \
         VALUES (?1, ?2, ?3, ?4, ?5, 9, 15, 'chinese', ?6, ?7, ?8, ?9, 1, ?10)",
        params![
            id,
            GUILD.get() as i64,
            CHANNEL.get() as i64,
            CAROL.get() as i64,
            DAVE.get() as i64,
            at(-10),
            at(3600),
            handicap,
            ranked,
            time,
        ],
    )
    .unwrap();
}

#[test]
fn time_controls_and_clocks_stored_as_text_become_typed_forms_as_they_were_played() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    {
        let mut c = Connection::open(&path).unwrap();
        tengen::store::migrations()
            .unwrap()
            .to_version(&mut c, 8)
            .unwrap();
        insert_schema_8_match(&c, 1, "byo-yomi 10m 5x30s", [Some("590000 4 0"), None]);
        c.execute(
            "INSERT INTO moves (match_id, number, color, point, played_at) \
             VALUES (1, 1, 0, 'E5', ?1)",
            [at(-10)],
        )
        .unwrap();
        c.execute("UPDATE matches SET move_count = 1 WHERE id = 1", [])
            .unwrap();
        // Beyond anything a server may set today (at most 3 h): played as it was.
        insert_schema_8_match(&c, 2, "penalty 9h", [None, None]);
        insert_schema_8_invitation(&c, 3, "fischer 2m +30s max 5m", false, 0);
        insert_schema_8_invitation(&c, 4, "turn", true, 2);
    }
    let store = Store::open(&path, Durability::Process).unwrap();
    let svc = Service::open(Arc::new(store), Timestamp::from_millis(at(0))).unwrap();
    assert!(svc.load_problems().is_empty(), "{:?}", svc.load_problems());
    let m = svc.snapshot(MatchId(1)).unwrap();
    assert_eq!(
        m.config.time,
        TimeControl::ByoYomi {
            main: Duration::from_secs(600),
            periods: 5,
            period: Duration::from_secs(30),
        }
    );
    assert_eq!(
        m.clocks.black,
        PlayerClock {
            main: Duration::from_secs(590),
            periods: 4,
            overtime: Duration::ZERO,
        }
    );
    assert_eq!(
        m.clocks.white,
        m.config.time.start(),
        "no clock: the starting one"
    );
    let m = svc.snapshot(MatchId(2)).unwrap();
    assert_eq!(
        m.config.time,
        TimeControl::Penalty {
            main: Duration::from_secs(9 * 3600)
        }
    );
    let fischer = svc.invitation(InvitationId(3)).unwrap();
    assert_eq!(
        fischer.terms.time,
        TimeControl::Fischer {
            initial: Duration::from_secs(120),
            increment: Duration::from_secs(30),
            max: Duration::from_secs(300),
        }
    );
    let why = |id| svc.invitation(InvitationId(id)).unwrap().terms.colours;
    assert_eq!(
        why(3),
        Colours {
            inviter: Color::Black,
            why: ColoursWhy::RematchSwapped
        },
        "an unranked Black inviter came from a rematch"
    );
    assert_eq!(
        why(4),
        Colours {
            inviter: Color::Black,
            why: ColoursWhy::LowerRank
        }
    );
    // The text is gone: one stored form.
    let cols: i64 = svc
        .store()
        .read(|tx| {
            tx.query_i64(
                "SELECT count(*) FROM pragma_table_info('matches') \
                 WHERE name IN ('time_control', 'clock_black', 'clock_white')",
            )
        })
        .unwrap();
    assert_eq!(cols, 0);
}

#[test]
fn a_time_control_that_does_not_read_stops_the_migration_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    {
        let mut c = Connection::open(&path).unwrap();
        tengen::store::migrations()
            .unwrap()
            .to_version(&mut c, 8)
            .unwrap();
        insert_schema_8_match(&c, 1, "hourglass 3m", [None, None]);
    }
    let e = Store::open(&path, Durability::Process)
        .err()
        .expect("refused");
    assert!(
        matches!(e, StoreError::Migration(ref m) if m.contains("hourglass")),
        "{e}"
    );
    let c = Connection::open(&path).unwrap();
    let version: i64 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 8, "rolled back");
    let text: String = c
        .query_row("SELECT time_control FROM matches WHERE id = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(text, "hourglass 3m");
}
