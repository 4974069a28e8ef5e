//! Games against the computer through the real binary and the fake Discord: `/weiqi ai`
//! starts a game at once on a board message; the computer answers every move on it; the host's
//! limit of games refuses the next player politely; the game ends and the profile shows the
//! record against the level. Then the reply latency of a human game while games against the
//! computer think on their worker thread.

use crate::e2e_support;
use crate::support;

use e2e_support::*;
use support::*;

use tengen::go::light_playout::Rng;

/// The board message posted after `known` boards, not an interaction's answer.
async fn new_board(fake: &FakeDiscord, known: &[u64]) -> u64 {
    fake.wait_for_message("the board message", STEP, |m| {
        m.attachment("board.png").is_some() && m.interaction_id.is_none() && !known.contains(&m.id)
    })
    .await
    .id
}

fn boards(fake: &FakeDiscord) -> Vec<u64> {
    fake.all_messages()
        .iter()
        .filter(|m| m.attachment("board.png").is_some())
        .map(|m| m.id)
        .collect()
}

fn move_number(m: &StoredMessage) -> u32 {
    field(m, "Move").parse().unwrap_or(0)
}

/// `user` plays a random open point by region then point; `false` if the region chosen had
/// none (the caller tries again).
async fn play_somewhere(table: &Table<'_>, user: &TestUser, rng: &mut Rng) -> bool {
    let fake = table.fake;
    let current = table.board();
    let regions: Vec<_> = current
        .buttons()
        .into_iter()
        .filter(|b| b.label.as_deref().is_some_and(|l| l.contains('–')))
        .collect();
    if regions.is_empty() {
        return false;
    }
    let region = &regions[rng.below(regions.len())];
    let id = fake.press_button(user, table.board, &region.custom_id);
    let cb = fake.wait_for_callback(id, STEP).await;
    let Some(picker) = cb.message_id.and_then(|m| fake.message(m)) else {
        return false;
    };
    let open: Vec<_> = picker
        .buttons()
        .into_iter()
        .filter(|b| !b.disabled)
        .collect();
    if open.is_empty() {
        return false;
    }
    let id = fake.press_button(user, picker.id, &open[rng.below(open.len())].custom_id);
    fake.wait_for_callback(id, STEP).await.kind == 7
}

/// Waits until the computer has answered: the board shows more than `moves` moves and the
/// human's turn, or the game is over.
async fn computer_answers(table: &Table<'_>, human: &TestUser, moves: u32) -> StoredMessage {
    table
        .fake
        .wait_for_message("the computer's answer", STEP, |m| {
            m.id == table.board
                && (m.buttons().is_empty()
                    || (move_number(m) > moves && field(m, "Turn").contains(&human.mention())))
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_computer_on_discord() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let _bot = start_bot_with(
        &fake,
        dir.path(),
        &[("AI_MAX_PLAYOUTS", "400"), ("AI_MAX_GAMES", "1")],
    );
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let beginner = choice(&commands, "weiqi", "ai", "level", "beginner");

    // Alice asks for a 9×9 game against the beginner: no invitation, the board at once.
    let known = boards(&fake);
    let id = fake.send_slash_command(
        &alice,
        "weiqi",
        "ai",
        vec![Opt::int("size", 9), Opt::int("level", beginner)],
    );
    let answer = private_answer(&fake, id).await;
    assert!(
        answer.content().contains("against the computer"),
        "{}",
        answer.content()
    );
    let table = Table {
        fake: &fake,
        board: new_board(&fake, &known).await,
    };
    let board = table.board();
    assert_png_board(&board);
    let players = board.embeds()[0]["description"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        players.contains(&alice.mention()) && players.contains("Tengen · beginner (about"),
        "{players}"
    );
    assert!(field(&board, "Turn").contains(&alice.mention()));

    // The host allows one game against the computer at once: Bob is told why he must wait.
    let id = fake.send_slash_command(&bob, "weiqi", "ai", vec![]);
    let refusal = private_answer(&fake, id).await;
    assert!(
        refusal.content().contains("already playing 1 game"),
        "{}",
        refusal.content()
    );
    // Alice plays a few moves; the computer answers each on the same board.
    let mut rng = Rng::new(5);
    let mut played = 0;
    while played < 6 {
        let before = move_number(&table.board());
        if !play_somewhere(&table, &alice, &mut rng).await {
            continue;
        }
        played += 1;
        let after = computer_answers(&table, &alice, before + 1).await;
        assert!(!after.buttons().is_empty(), "the game goes on");
        assert_eq!(move_number(&after), before + 2);
    }
    // Then she passes until the computer has settled the board and passed too.
    let t = fake.now();
    for _ in 0..150 {
        let board = table.board();
        if board.buttons().is_empty() {
            break;
        }
        let before = move_number(&board);
        let (_, cb) = table.press(&alice, "Pass").await;
        assert_eq!(cb.kind, 6, "{}", cb.data);
        computer_answers(&table, &alice, before + 1).await;
    }
    let result = result_text(&fake, t, "Game over").await;
    assert!(result.contains("wins by"), "{result}");
    let board = table.board();
    assert!(board.buttons().is_empty());
    assert_png_board(&board);

    // The profile keeps the game against the computer apart: no merit, a record per level.
    let id = fake.send_slash_command(&alice, "weiqi", "profile", vec![]);
    let profile = private_answer(&fake, id).await;
    let text = all_text(&profile.json);
    assert!(text.contains("Against 🤖 Tengen · beginner"), "{text}");
    assert!(
        text.contains("Merit: **0**") && text.contains(": 0–1"),
        "{text}"
    );
    // The one game over, Bob's turn comes.
    let known = boards(&fake);
    let id = fake.send_slash_command(&bob, "weiqi", "ai", vec![Opt::int("size", 9)]);
    assert!(
        private_answer(&fake, id)
            .await
            .content()
            .contains("against the computer")
    );
    new_board(&fake, &known).await;
    fake.assert_no_violations();
}

/// The reply latency of a human game's clicks while two games against the computer (19×19,
/// the advanced level, uncapped) keep the worker thread thinking: printed, not asserted (the
/// budget is read from the figure, as for the latency test without them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reply_latency_while_the_computer_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let (carol, dave) = (fake.user("carol"), fake.user("dave"));
    let _bot = start_bot_with(&fake, dir.path(), &[("AI_THREADS", "1")]);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    config_set(&fake, &moderator(&fake), "allowed-sizes", "9,19").await;
    let white = choice(&commands, "weiqi", "ai", "color", "white");
    let mut computer_boards = Vec::new();
    for user in [&carol, &dave] {
        let known = boards(&fake);
        let id = fake.send_slash_command(
            user,
            "weiqi",
            "ai",
            vec![Opt::int("size", 19), Opt::int("color", white)],
        );
        let answer = private_answer(&fake, id).await;
        assert!(
            answer.content().contains("against the computer"),
            "{}",
            answer.content()
        );
        computer_boards.push(new_board(&fake, &known).await);
    }
    // The computer's first moves, answered: from here on it thinks (a 19×19 advanced move
    // takes its whole 2 s), and Carol and Dave answer it between the human game's moves.
    for (user, b) in [(&carol, computer_boards[0]), (&dave, computer_boards[1])] {
        fake.wait_for_message(
            "the computer's first move",
            std::time::Duration::from_secs(60),
            |m| m.id == b && field(m, "Turn").contains(&user.mention()),
        )
        .await;
        let t = Table {
            fake: &fake,
            board: b,
        };
        while !play_somewhere(&t, user, &mut Rng::new(5)).await {}
    }
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    let mut rng = Rng::new(11);
    let mut players = [&bob, &alice];
    let start = fake.callbacks().len();
    let mut moves = 0;
    let mut answered = 0;
    while moves < 120 {
        for (user, b) in [(&carol, computer_boards[0]), (&dave, computer_boards[1])] {
            let t = Table {
                fake: &fake,
                board: b,
            };
            let current = t.board();
            if !current.buttons().is_empty()
                && field(&current, "Turn").contains(&user.mention())
                && play_somewhere(&t, user, &mut rng).await
            {
                answered += 1;
            }
        }
        let current = table.board();
        if current.buttons().is_empty() {
            break;
        }
        let before = current.edits;
        if play_somewhere(&table, players[0], &mut rng).await {
            moves += 1;
            fake.wait_for_message("the board after a move", STEP, |m| {
                m.id == board && m.edits > before
            })
            .await;
            players.swap(0, 1);
        }
    }
    let mut latencies: Vec<_> = fake
        .callbacks()
        .into_iter()
        .skip(start)
        .map(|c| c.latency)
        .collect();
    latencies.sort();
    let at = |q: f64| {
        latencies[((q * latencies.len() as f64).ceil() as usize).clamp(1, latencies.len()) - 1]
    };
    eprintln!(
        "reply latency over {} interactions with games against the computer thinking \
         ({answered} of the computer's moves answered): p50 {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        at(0.5),
        at(0.99),
        latencies[latencies.len() - 1]
    );
    assert!(latencies.len() >= 200, "a few hundred clicks were answered");
    fake.assert_no_violations();
}
