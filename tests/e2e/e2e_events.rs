//! Events on Discord through the real binary and the fake: a moderator opens a round robin of
//! four, the players join by button, the bot pairs and starts every round itself; one player
//! never moves and loses by absence (and, with no absence allowed, is removed), the bot
//! crashes and comes back mid-round, another player withdraws, and the event ends with its
//! standings, picture and records. Then a two-against-two arena, and a ten-game match whose
//! handicap steps after a four-game lead; and a nigiri invitation, guessed and chosen by button.

use crate::e2e_support;
use crate::support;

use std::time::Duration;

use serde_json::Value;

use e2e_support::*;
use support::*;

/// The value Discord sends for a choice of an option of `/weiqi-organise create`.
fn create_choice(commands: &[Value], option: &str, label: &str) -> i64 {
    choice(commands, "weiqi-organise", "create", option, label)
}

/// The moderator creates an event here; returns its announcement.
async fn create(fake: &FakeDiscord, moderator: &TestUser, options: Vec<Opt>) -> StoredMessage {
    let name = options
        .iter()
        .find(|o| o.name == "name")
        .and_then(|o| match &o.value {
            OptValue::Str(s) => Some(s.clone()),
            _ => None,
        })
        .unwrap_or_default();
    let id = fake.send_slash_command(moderator, "weiqi-organise", "create", options);
    let answer = private_answer(fake, id).await;
    assert!(
        all_text(&answer.json).contains("The event is open"),
        "{}",
        answer.json
    );
    fake.wait_for_message("the announcement", STEP, |m| {
        m.embeds()
            .first()
            .is_some_and(|e| e["title"].as_str().is_some_and(|t| t.contains(&name)))
    })
    .await
}

/// `user` presses the announcement's button `label`; the private answer.
async fn press(fake: &FakeDiscord, user: &TestUser, announcement: u64, label: &str) -> String {
    let msg = fake.message(announcement).unwrap();
    let button = msg
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some(label))
        .unwrap_or_else(|| panic!("no {label} on {:?}", msg.buttons()));
    let id = fake.press_button(user, announcement, &button.custom_id);
    all_text(&private_answer(fake, id).await.json)
}

/// A moderator's `/weiqi-organise <sub>` (the newest event); the private answer.
async fn config_event(
    fake: &FakeDiscord,
    moderator: &TestUser,
    sub: &str,
    options: Vec<Opt>,
) -> String {
    let id = fake.send_slash_command(moderator, "weiqi-organise", sub, options);
    all_text(&private_answer(fake, id).await.json)
}

/// The round announcement of round `round`, once posted.
async fn round_posted(fake: &FakeDiscord, round: u32) -> StoredMessage {
    let head = format!(": round {round}**");
    fake.wait_for_message("a round's pairings", STEP * 2, |m| {
        m.content().contains(&head)
    })
    .await
}

/// The board messages of event games posted so far, a game each (in the order the games
/// started), with their Black and White. A board posted just before a crash, and not yet
/// remembered, is posted again after it: the newer message stands for the game. Mirrors in a
/// relay channel are not the game's board.
fn event_boards(fake: &FakeDiscord) -> Vec<(StoredMessage, u64, u64)> {
    let mut boards: Vec<(StoredMessage, u64, u64)> = Vec::new();
    for m in fake
        .all_messages()
        .into_iter()
        .filter(|m| m.attachment("board.png").is_some() && m.interaction_id.is_none())
        .filter(|m| all_text(&m.json).contains("a game of event #"))
    {
        let desc = m.embeds()[0]["description"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let ids: Vec<u64> = desc
            .split("<@")
            .skip(1)
            .filter_map(|s| s.split('>').next()?.parse().ok())
            .collect();
        let game = game_number(&m);
        match boards.iter_mut().find(|(b, _, _)| game_number(b) == game) {
            // The same game's board again in its channel (a relay's mirror is elsewhere).
            Some(known) if known.0.id < m.id && known.0.channel_id == m.channel_id => {
                *known = (m, ids[0], ids[1]);
            }
            Some(_) => {}
            None => boards.push((m, ids[0], ids[1])),
        }
    }
    boards
}

/// Waits until at least `count` event boards are posted; all of them, oldest first.
async fn boards_posted(fake: &FakeDiscord, count: usize) -> Vec<(StoredMessage, u64, u64)> {
    let deadline = tokio::time::Instant::now() + STEP * 2;
    loop {
        let boards = event_boards(fake);
        if boards.len() >= count {
            return boards;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{} event boards posted, {count} awaited",
            boards.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn by_id(users: &[TestUser], id: u64) -> &TestUser {
    users.iter().find(|u| u.id == id).unwrap()
}

/// Black moves, White moves, then `loser` resigns (two presses).
async fn play_out(
    fake: &FakeDiscord,
    board: u64,
    black: &TestUser,
    white: &TestUser,
    loser: &TestUser,
) {
    let table = Table { fake, board };
    table.play(black, "E5").await;
    table.play(white, "C3").await;
    table.press(loser, "Resign").await;
    table.press(loser, "Resign").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_events_purpose_is_shown_and_its_registration_closes_at_its_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (ann, ben) = (fake.user("ann"), fake.user("ben"));
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);
    let round_robin = create_choice(&commands, "format", "round-robin");
    // A registration period that does not read is refused privately; nothing is announced.
    let id = fake.send_slash_command(
        &moderator,
        "weiqi-organise",
        "create",
        vec![
            Opt::str("name", "Never"),
            Opt::int("format", round_robin),
            Opt::str("registration", "soon"),
        ],
    );
    let refused = all_text(&private_answer(&fake, id).await.json);
    assert!(refused.contains("cannot have these terms"), "{refused}");
    let announcement = create(
        &fake,
        &moderator,
        vec![
            Opt::str("name", "Evening cup"),
            Opt::int("format", round_robin),
            Opt::str("purpose", "A first event for the club's new players"),
            Opt::str("registration", "8s"),
        ],
    )
    .await;
    let text = all_text(&announcement.json);
    assert!(
        text.contains("A first event for the club's new players"),
        "{text}"
    );
    assert!(text.contains("Registration closes <t:"), "{text}");
    let join_id = announcement
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("Join"))
        .expect("Join")
        .custom_id;
    let answer = press(&fake, &ann, announcement.id, "Join").await;
    assert!(answer.contains("You are in Evening cup"), "{answer}");
    // At the deadline the announcement is redrawn closed, without Join.
    let closed = fake
        .wait_for_message("registration closed", STEP * 2, |m| {
            m.id == announcement.id && all_text(&m.json).contains("Registration is closed")
        })
        .await;
    assert!(
        closed
            .buttons()
            .iter()
            .all(|b| b.label.as_deref() != Some("Join")),
        "{:?}",
        closed.buttons()
    );
    // A Join pressed on a board drawn before (a client not yet refreshed) is refused.
    let late = fake.press_button_unchecked(&ben, announcement.id, &join_id);
    let text = all_text(&private_answer(&fake, late).await.json);
    assert!(text.contains("registration closed"), "{text}");
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_with_an_absence_a_crash_and_a_withdrawal() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let players: Vec<TestUser> = ["ann", "ben", "cat", "dan"]
        .iter()
        .map(|n| fake.user(n))
        .collect();
    let mut bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);

    // A player may not create one.
    let id = fake.send_slash_command(
        &players[0],
        "weiqi-organise",
        "create",
        vec![Opt::str("name", "Mine"), Opt::int("format", 0)],
    );
    let refused = all_text(&private_answer(&fake, id).await.json);
    assert!(refused.contains("moderator"), "{refused}");

    let round_robin = create_choice(&commands, "format", "round-robin");
    let announcement = create(
        &fake,
        &moderator,
        vec![
            Opt::str("name", "Club cup"),
            Opt::int("format", round_robin),
            Opt::int("size", 9),
            Opt::str("start_window", "6s"),
            Opt::int("absences", 0),
        ],
    )
    .await;
    let text = all_text(&announcement.json);
    assert!(text.contains("Round robin"), "{text}");
    assert!(text.contains("Registration is open"), "{text}");
    for p in &players {
        let answer = press(&fake, p, announcement.id, "Join").await;
        assert!(answer.contains("You are in Club cup"), "{answer}");
    }
    let twice = press(&fake, &players[0], announcement.id, "Join").await;
    assert!(twice.contains("already in this event"), "{twice}");
    let listed = fake
        .wait_for_message("the list of four", STEP, |m| {
            m.id == announcement.id && all_text(&m.json).contains(&players[3].mention())
        })
        .await;
    assert!(
        all_text(&listed.json).contains("4 of at most"),
        "{}",
        listed.json
    );

    // Round 1: two games, posted and pinged.
    let started = config_event(&fake, &moderator, "start", vec![]).await;
    assert!(started.contains("The round is on"), "{started}");
    let round1 = round_posted(&fake, 1).await;
    assert_eq!(
        round1.pinged.len(),
        4,
        "every player of the round is pinged"
    );
    let boards = boards_posted(&fake, 2).await;
    assert_eq!(boards.len(), 2);
    // The announcement lost its buttons: the list is fixed.
    let fixed = fake.message(announcement.id).unwrap();
    assert!(fixed.buttons().is_empty(), "{:?}", fixed.buttons());

    // Board 1 is played out (White resigns); on board 2 Black never moves: after the
    // six-second window, White wins by forfeit and Black, allowed no absence, is removed.
    let (b1, b1_black, b1_white) = (&boards[0].0, boards[0].1, boards[0].2);
    let (b1_black, b1_white) = (by_id(&players, b1_black), by_id(&players, b1_white));
    play_out(&fake, b1.id, b1_black, b1_white, b1_white).await;
    let absent = by_id(&players, boards[1].1).clone();
    let present = by_id(&players, boards[1].2).clone();
    let forfeit_msg = fake
        .wait_for_message("the forfeit", STEP, |m| {
            all_text(&m.json).contains("wins by forfeit (W+F)")
        })
        .await;
    assert!(
        all_text(&forfeit_msg.json).contains(&present.mention()),
        "{}",
        forfeit_msg.json
    );

    // Round 2 starts by itself: the removed player's game is lost without play.
    let round2 = round_posted(&fake, 2).await;
    assert!(
        round2.content().contains("without play"),
        "{}",
        round2.content()
    );
    let boards = boards_posted(&fake, 3).await;
    let (b2_black, b2_white) = (boards[2].1, boards[2].2);
    assert!(absent.id != b2_black && absent.id != b2_white);

    // The bot crashes mid-round and comes back: nothing is paired again, the game goes on.
    bot = crash_and_restart(&mut bot, &fake, dir.path(), || {}).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(event_boards(&fake).len(), 3, "no game started twice");

    // White of that game withdraws: the game is Black's by forfeit, and so is every game of
    // theirs to come.
    let quitter = by_id(&players, b2_white).clone();
    let id = fake.send_slash_command(&quitter, "weiqi-event", "withdraw", vec![]);
    let answer = all_text(&private_answer(&fake, id).await.json);
    assert!(answer.contains("You withdrew"), "{answer}");
    fake.wait_for_message("the withdrawal's forfeit", STEP, |m| {
        all_text(&m.json).contains("wins by forfeit (B+F)")
    })
    .await;

    // Round 3: the two still in it (if the table pairs them) play; the rest is forfeits. The
    // event then ends with its winner and the crosstable.
    let round3 = round_posted(&fake, 3).await;
    let boards = event_boards(&fake);
    if boards.len() == 4 {
        let (m, b, w) = (
            &boards[3].0,
            by_id(&players, boards[3].1),
            by_id(&players, boards[3].2),
        );
        play_out(&fake, m.id, b, w, w).await;
    } else {
        assert!(
            round3.content().contains("without play"),
            "{}",
            round3.content()
        );
    }
    // The first place may be shared (two players left, each with their forfeit wins): the
    // event then ends level, its standings said either way.
    let end = fake
        .wait_for_message("the end", STEP * 2, |m| {
            m.content().contains("wins Club cup") || m.content().contains("Club cup ends level")
        })
        .await;
    let picture = end.attachment("event.png").expect("the crosstable");
    let img = image::load_from_memory(&picture.bytes).expect("a PNG");
    assert!(img.width() > 200 && img.height() > 100);
    assert!(end.content().contains("A1"), "{}", end.content());

    // Standings and records on request.
    let id = fake.send_slash_command(&players[0], "weiqi-event", "standings", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(cb.ephemeral);
    let standings = fake
        .wait_for_message("the standings", STEP, |m| {
            m.interaction_id == Some(id) && m.attachment("event.png").is_some()
        })
        .await;
    assert!(all_text(&standings.json).contains("Club cup: standings"));
    let id = fake.send_slash_command(&players[0], "weiqi-event", "records", vec![]);
    fake.wait_for_callback(id, STEP).await;
    let records = fake
        .wait_for_message("the records", STEP, |m| {
            m.interaction_id == Some(id) && !m.attachments.is_empty()
        })
        .await;
    let sgf = String::from_utf8_lossy(&records.attachments[0].bytes).into_owned();
    assert!(sgf.matches("(;").count() >= 3, "{sgf}");
    assert!(
        sgf.contains("EV[Club cup]") && sgf.contains("RO[1]"),
        "{sgf}"
    );
    fake.assert_no_violations();
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_against_two_arena_keeps_its_winner_on() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let players: Vec<TestUser> = ["ann", "ben", "cat", "dan"]
        .iter()
        .map(|n| fake.user(n))
        .collect();
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);
    let arena = create_choice(&commands, "format", "arena");
    let announcement = create(
        &fake,
        &moderator,
        vec![
            Opt::str("name", "Club match"),
            Opt::int("format", arena),
            Opt::int("size", 9),
        ],
    )
    .await;
    for p in &players {
        press(&fake, p, announcement.id, "Join").await;
    }
    // Starting before the teams are set is refused.
    let early = config_event(&fake, &moderator, "start", vec![]).await;
    assert!(early.contains("Both teams"), "{early}");
    let event = announcement.embeds()[0]["title"]
        .as_str()
        .unwrap()
        .split("event #")
        .nth(1)
        .and_then(|s| s.trim_end_matches(')').parse::<i64>().ok())
        .unwrap();
    // A team naming someone not in the event is refused.
    let stranger = fake.user("eve");
    let bad = config_event(
        &fake,
        &moderator,
        "team",
        vec![
            Opt::int("event", event),
            Opt::int("team", 1),
            Opt::str(
                "players",
                &format!("{} {}", players[0].mention(), stranger.mention()),
            ),
        ],
    )
    .await;
    assert!(bad.contains("not (or no longer) in this event"), "{bad}");
    for (team, pair) in [
        (1, [&players[0], &players[1]]),
        (2, [&players[2], &players[3]]),
    ] {
        let set = config_event(
            &fake,
            &moderator,
            "team",
            vec![
                Opt::int("event", event),
                Opt::int("team", team),
                Opt::str(
                    "players",
                    &format!("{} {}", pair[0].mention(), pair[1].mention()),
                ),
            ],
        )
        .await;
        assert!(set.contains(&format!("Team {team} is set")), "{set}");
    }
    config_event(&fake, &moderator, "start", vec![]).await;
    // Ann (team 1's first) beats Cat, then Dan: team 1 wins, Ann staying on.
    for n in 1..=2 {
        round_posted(&fake, n).await;
        let boards = boards_posted(&fake, n as usize).await;
        let (m, b, w) = (
            &boards[n as usize - 1].0,
            boards[n as usize - 1].1,
            boards[n as usize - 1].2,
        );
        let (b, w) = (by_id(&players, b), by_id(&players, w));
        let loser = if b.id == players[0].id { w } else { b };
        assert!(
            b.id == players[0].id || w.id == players[0].id,
            "Ann stays on"
        );
        play_out(&fake, m.id, b, w, loser).await;
    }
    let end = fake
        .wait_for_message("the end", STEP * 2, |m| {
            m.content().contains("wins Club match")
        })
        .await;
    assert!(end.content().contains("Team 1 wins"), "{}", end.content());
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ten_game_match_steps_the_handicap_after_a_four_game_lead() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let players: Vec<TestUser> = ["ann", "ben"].iter().map(|n| fake.user(n)).collect();
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);
    let ten = create_choice(&commands, "format", "ten-game");
    let ing = create_choice(&commands, "rules", "ing");
    let announcement = create(
        &fake,
        &moderator,
        vec![
            Opt::str("name", "Grudge match"),
            Opt::int("format", ten),
            Opt::int("rules", ing),
            Opt::int("size", 9),
        ],
    )
    .await;
    for p in &players {
        press(&fake, p, announcement.id, "Join").await;
    }
    config_event(&fake, &moderator, "start", vec![]).await;
    // Ann wins four in a row (Ben resigns each): the fifth game gives Ben half a 先, Black
    // with 4 points of komi instead of 8.
    for n in 1..=5u32 {
        round_posted(&fake, n).await;
        let boards = boards_posted(&fake, n as usize).await;
        let (m, b, w) = &boards[n as usize - 1];
        let komi = field(m, "Komi");
        if n < 5 {
            assert_eq!(komi, "8", "game {n} is even");
            let (b, w) = (by_id(&players, *b), by_id(&players, *w));
            play_out(&fake, m.id, b, w, &players[1]).await;
        } else {
            assert_eq!(komi, "4", "game 5: half a 先 to Ben");
            assert_eq!(*b, players[1].id, "Ben, who receives, takes Black");
        }
    }
    fake.assert_no_violations();
}

/// A nigiri invitation (猜先), on the real binary: the one invited guesses by button, the
/// hand is opened on the invitation, and the winner's colour starts the game. Every wrong
/// press is refused privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nigiri_invitation_is_guessed_then_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (ann, ben) = (fake.user("ann"), fake.user("ben"));
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let nigiri = choice(&commands, "weiqi", "invite", "color", "nigiri");

    // With a handicap, nigiri is refused.
    let id = fake.send_slash_command(
        &ann,
        "weiqi",
        "invite",
        vec![
            Opt::user("user", &ben),
            Opt::int("color", nigiri),
            Opt::int("handicap", 2),
        ],
    );
    let refused = fake.wait_for_callback(id, STEP).await;
    assert!(refused.ephemeral);
    assert!(
        all_text(&refused.data).contains("Nigiri is for even games"),
        "{}",
        refused.data
    );

    let invitation = invite(&fake, &ann, &ben, vec![Opt::int("color", nigiri)]).await;
    let text = invitation.content().to_owned();
    assert!(text.contains("guess odd or even"), "{text}");
    let labels: Vec<String> = invitation
        .buttons()
        .iter()
        .filter_map(|b| b.label.clone())
        .collect();
    assert_eq!(labels, ["Odd", "Even", "Decline", "Cancel"]);
    // Only Ben guesses.
    let not_yours = press(&fake, &ann, invitation.id, "Odd").await;
    assert!(not_yours.contains("not for you"), "{not_yours}");
    let id = fake.press_button(&ben, invitation.id, &invitation.buttons()[1].custom_id);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
    let opened = fake
        .wait_for_message("the hand opened", STEP, |m| {
            m.id == invitation.id && m.content().contains("choose your colour")
        })
        .await;
    let text = opened.content().to_owned();
    let stones: u32 = text
        .split("held ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!((1..=20).contains(&stones), "{text}");
    assert!(text.contains("guessed even"), "{text}");
    // Ben guessed even: right on an even hand, and then he chooses; else Ann does.
    let (chooser, other) = if stones.is_multiple_of(2) {
        (&ben, &ann)
    } else {
        (&ann, &ben)
    };
    assert!(
        text.contains(&format!("{}, choose your colour", chooser.mention())),
        "{text}"
    );
    let labels: Vec<String> = opened
        .buttons()
        .iter()
        .filter_map(|b| b.label.clone())
        .collect();
    assert_eq!(labels, ["Take Black", "Take White", "Decline", "Cancel"]);
    let not_theirs = press(&fake, other, invitation.id, "Take Black").await;
    assert!(not_theirs.contains("winner of the nigiri"), "{not_theirs}");
    let id = fake.press_button(chooser, invitation.id, &opened.buttons()[1].custom_id);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
    let board = fake
        .wait_for_message("the board", STEP, |m| {
            m.attachment("board.png").is_some() && m.interaction_id.is_none()
        })
        .await;
    let desc = all_text(&board.json);
    // The chooser took White: the other is Black, to move first.
    let on = fake
        .wait_for_message("the invitation's game on", STEP, |m| {
            m.id == invitation.id && m.content().starts_with("Game on")
        })
        .await;
    assert!(
        on.content().contains(&format!(
            "⚫ {} vs ⚪ {}",
            other.mention(),
            chooser.mention()
        )),
        "{}",
        on.content()
    );
    assert!(desc.contains(&other.mention()), "{desc}");
    fake.assert_no_violations();
}

/// The number a board gives its game ("Game #N, a game of event #E").
fn game_number(board: &StoredMessage) -> i64 {
    let text = all_text(&board.json);
    text.split("Game #")
        .nth(1)
        .and_then(|s| s.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no game number in {text}"))
}

/// The referee (裁判) on the real binary: a member of the server's `event-referee-role` has a
/// game replayed and the replay awarded; a member without the role is refused; the rulings
/// are posted and listed with the standings.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_referee_replays_a_game_then_awards_it() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let players: Vec<TestUser> = ["ann", "ben"].iter().map(|n| fake.user(n)).collect();
    let mut rita = fake.user("rita");
    rita.roles = vec![4242];
    fake.update_user(rita.clone());
    let eve = fake.user("eve");
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);
    let set = config_set(&fake, &moderator, "event-referee-role", "<@&4242>").await;
    assert!(
        all_text(&set.json).contains("event-referee-role"),
        "{}",
        set.json
    );
    let ten = create_choice(&commands, "format", "ten-game");
    let announcement = create(
        &fake,
        &moderator,
        vec![
            Opt::str("name", "Derby"),
            Opt::int("format", ten),
            Opt::int("size", 9),
        ],
    )
    .await;
    for p in &players {
        press(&fake, p, announcement.id, "Join").await;
    }
    config_event(&fake, &moderator, "start", vec![]).await;
    round_posted(&fake, 1).await;
    let first = boards_posted(&fake, 1).await[0].0.clone();
    let game = game_number(&first);
    let rule = |who: &TestUser, game: i64, ruling: &str| {
        fake.send_slash_command(
            who,
            "weiqi-organise",
            "rule",
            vec![
                Opt::int("game", game),
                Opt::int("ruling", ruling_value(&commands, ruling)),
            ],
        )
    };

    // Without the role: refused, nothing changed.
    let refused = all_text(&private_answer(&fake, rule(&eve, game, "annul")).await.json);
    assert!(
        refused.contains("Rulings are for the moderators"),
        "{refused}"
    );
    // The referee has the game replayed: a new board, the old one annulled.
    let answer = all_text(&private_answer(&fake, rule(&rita, game, "annul")).await.json);
    assert!(
        answer.contains(&format!("ruling on game #{game}")),
        "{answer}"
    );
    let posted = fake
        .wait_for_message("the replay's ruling", STEP, |m| {
            m.content().contains("annulled the game of")
        })
        .await;
    assert!(
        posted.content().contains(&rita.mention()),
        "{}",
        posted.content()
    );
    let boards = boards_posted(&fake, 2).await;
    let replay = boards[1].0.clone();
    let replay_game = game_number(&replay);
    assert_ne!(replay_game, game);
    assert!(
        posted.content().contains(&format!("game #{replay_game}")),
        "{}",
        posted.content()
    );
    // Settling a count is for a game in its dead-stone agreement.
    let early = all_text(
        &private_answer(&fake, rule(&rita, replay_game, "settle"))
            .await
            .json,
    );
    assert!(early.contains("Dead stones are marked only"), "{early}");
    // The replay is awarded to White: round 2 starts by itself.
    let (black, white) = (boards[1].1, boards[1].2);
    rule(&rita, replay_game, "award to White");
    let award = fake
        .wait_for_message("the award", STEP, |m| {
            m.content()
                .contains(&format!("awarded the game to <@{white}>"))
        })
        .await;
    // Both players are named in the content, so Discord notifies both (a mention only in
    // allowed_mentions notifies no one).
    assert!(
        award
            .content()
            .contains(&format!("<@{white}> against <@{black}>")),
        "{}",
        award.content()
    );
    round_posted(&fake, 2).await;
    // The old game is no longer one to rule on.
    let stale = all_text(
        &private_answer(&fake, rule(&rita, game, "award to Black"))
            .await
            .json,
    );
    assert!(!stale.contains("recorded"), "{stale}");

    let id = fake.send_slash_command(&players[0], "weiqi-event", "standings", vec![]);
    fake.wait_for_callback(id, STEP).await;
    let standings = fake
        .wait_for_message("the standings", STEP, |m| {
            m.interaction_id == Some(id) && m.content().contains("Derby: standings")
        })
        .await;
    let text = standings.content().to_owned();
    assert!(text.contains("Rulings"), "{text}");
    assert!(text.contains("Round 1, board 1"), "{text}");
    assert!(
        text.contains("annulled the game") && text.contains("awarded the game"),
        "{text}"
    );
    fake.assert_no_violations();
}

/// The value Discord sends for the ruling whose English label starts with `name`.
fn ruling_value(commands: &[Value], name: &str) -> i64 {
    choice(commands, "weiqi-organise", "rule", "ruling", name)
}

/// The relay (传谱) on the real binary: an event names a relay channel, and spectators there
/// see each round's pairings, every game's board without buttons, edited at each move, and
/// the standings after a round — no one pinged. With `match-threads`, each game is played in
/// a thread of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_s_games_and_standings_are_relayed_for_spectators() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let players: Vec<TestUser> = ["ann", "ben"].iter().map(|n| fake.user(n)).collect();
    let relay = fake.add_text_channel("go-relay");
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);
    // With match-threads, each game of the event gets a thread of its own.
    config_set(&fake, &moderator, "match-threads", "true").await;
    let ten = create_choice(&commands, "format", "ten-game");
    let announcement = create(
        &fake,
        &moderator,
        vec![
            Opt::str("name", "Derby"),
            Opt::int("format", ten),
            Opt::int("size", 9),
            Opt::channel("relay", relay),
        ],
    )
    .await;
    assert!(
        all_text(&announcement.json).contains(&format!("<#{relay}>")),
        "{}",
        announcement.json
    );
    for p in &players {
        press(&fake, p, announcement.id, "Join").await;
    }
    config_event(&fake, &moderator, "start", vec![]).await;
    let relayed = |what: &'static str, f: fn(&StoredMessage) -> bool| {
        fake.wait_for_message(what, STEP, move |m| m.channel_id == relay && f(m))
    };
    let pairings = relayed("the pairings relayed", |m| {
        m.content().contains("Derby: round 1")
    })
    .await;
    assert!(pairings.pinged.is_empty(), "spectators are not pinged");
    let mirror = relayed("the board relayed", |m| m.attachment("board.png").is_some()).await;
    assert!(mirror.buttons().is_empty(), "{:?}", mirror.buttons());
    let boards = boards_posted(&fake, 1).await;
    let (board, b, w) = (&boards[0].0, boards[0].1, boards[0].2);
    let threads = fake.threads();
    assert_eq!(threads.len(), 1, "one thread for the game");
    assert_eq!(board.channel_id, threads[0].0, "the board is in its thread");
    let (b, w) = (by_id(&players, b), by_id(&players, w));
    let table = Table {
        fake: &fake,
        board: board.id,
    };
    table.play(b, "E5").await;
    fake.wait_for_message("the mirror edited", STEP, |m| {
        m.id == mirror.id && m.edits > 0
    })
    .await;
    table.press(w, "Resign").await;
    table.press(w, "Resign").await;
    let standings = relayed("the standings relayed", |m| {
        m.content().contains("Derby: standings")
    })
    .await;
    assert!(standings.attachment("event.png").is_some());
    assert!(standings.pinged.is_empty());
    relayed("round 2 relayed", |m| {
        m.content().contains("Derby: round 2")
    })
    .await;
    let first_mirror = mirror.id;
    fake.wait_for_message("game 2's mirror", STEP, move |m| {
        m.channel_id == relay && m.attachment("board.png").is_some() && m.id != first_mirror
    })
    .await;
    fake.assert_no_violations();
}

/// A timed schedule on the real binary: when a round's time comes with a game still played,
/// the server's referee role is pinged; the referee's award starts the next round at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_round_calls_the_referee_when_its_time_is_up() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let players: Vec<TestUser> = ["ann", "ben"].iter().map(|n| fake.user(n)).collect();
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);
    config_set(&fake, &moderator, "event-referee-role", "<@&4242>").await;
    let ten = create_choice(&commands, "format", "ten-game");
    let timed = create_choice(&commands, "schedule", "timed");
    // A timed schedule without its interval is refused.
    let id = fake.send_slash_command(
        &moderator,
        "weiqi-organise",
        "create",
        vec![
            Opt::str("name", "Clock"),
            Opt::int("format", ten),
            Opt::int("schedule", timed),
        ],
    );
    let refused = all_text(&private_answer(&fake, id).await.json);
    assert!(refused.contains("cannot have these terms"), "{refused}");
    let announcement = create(
        &fake,
        &moderator,
        vec![
            Opt::str("name", "Clock"),
            Opt::int("format", ten),
            Opt::int("size", 9),
            Opt::int("schedule", timed),
            Opt::str("round_interval", "5s"),
        ],
    )
    .await;
    let text = all_text(&announcement.json);
    assert!(text.contains("Each round starts 5s after"), "{text}");
    for p in &players {
        press(&fake, p, announcement.id, "Join").await;
    }
    config_event(&fake, &moderator, "start", vec![]).await;
    round_posted(&fake, 1).await;
    let game = game_number(&boards_posted(&fake, 1).await[0].0);
    let called = fake
        .wait_for_message("the referee called", STEP, |m| {
            m.content().contains("round 1's time is up")
        })
        .await;
    assert!(
        called.content().contains(&format!("#{game}")),
        "{}",
        called.content()
    );
    assert!(
        called.content().starts_with("<@&4242>"),
        "{}",
        called.content()
    );
    let id = fake.send_slash_command(
        &moderator,
        "weiqi-organise",
        "rule",
        vec![
            Opt::int("game", game),
            Opt::int("ruling", ruling_value(&commands, "award to Black")),
        ],
    );
    private_answer(&fake, id).await;
    round_posted(&fake, 2).await;
    fake.assert_no_violations();
}

/// An event whose colours go by nigiri (猜先), on the real binary: the game's board opens with
/// Odd and Even for the pairing's first player, the hand is opened on the board, the winner's
/// Take Black or Take White starts play with those colours, and the game counts for the event
/// as played. Every wrong press is refused privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_game_s_colours_are_decided_by_nigiri_on_its_board() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let players: Vec<TestUser> = ["ann", "ben"].iter().map(|n| fake.user(n)).collect();
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);
    let nigiri = create_choice(&commands, "colours", "nigiri");
    let round_robin = create_choice(&commands, "format", "round-robin");
    let announcement = create(
        &fake,
        &moderator,
        vec![
            Opt::str("name", "Nigiri cup"),
            Opt::int("format", round_robin),
            Opt::int("colours", nigiri),
            Opt::int("size", 9),
        ],
    )
    .await;
    assert!(
        all_text(&fake.message(announcement.id).unwrap().json).contains("Colours by nigiri"),
        "the terms say so"
    );
    for p in &players {
        press(&fake, p, announcement.id, "Join").await;
    }
    config_event(&fake, &moderator, "start", vec![]).await;
    let round = round_posted(&fake, 1).await;
    assert!(
        round.content().contains("the player named first guesses"),
        "{}",
        round.content()
    );
    let boards = boards_posted(&fake, 1).await;
    let (board, guesser, grabber) = &boards[0];
    let (guesser, grabber) = (by_id(&players, *guesser), by_id(&players, *grabber));
    let labels = |m: &StoredMessage| -> Vec<String> {
        m.buttons().iter().filter_map(|b| b.label.clone()).collect()
    };
    assert_eq!(labels(board), ["Odd", "Even", "Resign"]);
    let text = all_text(&board.json);
    assert!(text.contains("guess odd or even"), "{text}");
    // The guesser is pinged to guess, not to move.
    fake.wait_for_message("the guesser's ping", STEP, |m| {
        m.content().contains(&guesser.mention()) && m.content().contains("guess odd or even")
    })
    .await;
    // Only the guesser guesses.
    let not_yours = press(&fake, grabber, board.id, "Odd").await;
    assert!(not_yours.contains("your opponent guesses"), "{not_yours}");
    let even = board
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("Even"))
        .unwrap();
    let id = fake.press_button(guesser, board.id, &even.custom_id);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
    let opened = fake
        .wait_for_message("the hand opened", STEP, |m| {
            m.id == board.id && all_text(&m.json).contains("choose your colour")
        })
        .await;
    let text = all_text(&opened.json);
    let stones: u32 = text
        .split("held ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    let (chooser, other) = if stones.is_multiple_of(2) {
        (guesser, grabber)
    } else {
        (grabber, guesser)
    };
    assert_eq!(labels(&opened), ["Take Black", "Take White", "Resign"]);
    let not_theirs = press(&fake, other, board.id, "Take Black").await;
    assert!(not_theirs.contains("winner of the nigiri"), "{not_theirs}");
    let take_white = opened
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("Take White"))
        .unwrap();
    let id = fake.press_button(chooser, board.id, &take_white.custom_id);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
    // Play starts: the other player is Black, the board has its region picker and Pass.
    let on = fake
        .wait_for_message("play on", STEP, |m| {
            m.id == board.id
                && m.buttons()
                    .iter()
                    .any(|b| b.label.as_deref() == Some("Pass"))
        })
        .await;
    let desc = on.embeds()[0]["description"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        desc.contains(&format!("⚫ {} (Black)", other.mention())),
        "{desc}"
    );
    // Black plays, White plays, Black resigns: White (the chooser) wins the event.
    play_out(&fake, board.id, other, chooser, other).await;
    fake.wait_for_message("the end", STEP * 2, |m| {
        m.content()
            .contains(&format!("{} wins Nigiri cup", chooser.mention()))
    })
    .await;
    fake.assert_no_violations();
}
