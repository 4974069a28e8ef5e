//! The real `tengen` binary against a fake Discord (REST + gateway) on 127.0.0.1: commands
//! registered; an invitation; a stranger pressing Accept (refused); the invitee accepting; a
//! short game played entirely by clicks (region, then point) with a capture and a ko refusal;
//! a stale button; a resign armed then cancelled by a move; two passes and the score shown;
//! then a second game in which the bot is killed mid-game, restarted, and the game goes on from
//! the same position. Asserts on what the bot sent: callback types, ephemeral flags, embeds,
//! the PNG attached, the components. Prints the interaction → reply latencies.

mod support;

use std::path::Path;
use std::process::Stdio;

use support::*;
use tokio::process::{Child, Command};

fn start_bot(fake: &FakeDiscord, dir: &Path) -> Child {
    let log = std::fs::File::create(dir.join("bot.log")).unwrap();
    Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("run")
        .current_dir(dir)
        .envs(fake.bot_env())
        .env("DATABASE_PATH", dir.join("tengen.db"))
        .env("RUST_LOG", "info,tengen=debug")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .kill_on_drop(true)
        .spawn()
        .unwrap()
}

/// Prints the bot's log when a test fails, so a failure says what the bot saw.
struct LogOnPanic(std::path::PathBuf);

impl Drop for LogOnPanic {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let log = std::fs::read_to_string(&self.0).unwrap_or_default();
            let tail: Vec<String> = log.lines().map(|l| l.chars().take(400).collect()).collect();
            eprintln!(
                "--- bot log (lines cut at 400 characters) ---\n{}",
                tail[tail.len().saturating_sub(40)..].join("\n")
            );
        }
    }
}

fn field(msg: &StoredMessage, name: &str) -> String {
    msg.embeds()[0]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .map(|f| f["value"].as_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// The region button whose block holds `point` (labels read like `A1–E5`).
fn region_button(msg: &StoredMessage, point: &str) -> String {
    let p: tengen::go::Point = point.parse().unwrap();
    for b in msg.buttons() {
        let label = b.label.clone().unwrap_or_default();
        if let Some((lo, hi)) = label.split_once('–') {
            let (lo, hi): (tengen::go::Point, tengen::go::Point) =
                (lo.parse().unwrap(), hi.parse().unwrap());
            if (lo.col()..=hi.col()).contains(&p.col()) && (lo.row()..=hi.row()).contains(&p.row())
            {
                return b.custom_id;
            }
        }
    }
    panic!("no region button for {point} on {:?}", msg.buttons());
}

/// The text of the "Game over" announcement posted after `t`.
async fn game_over_text(fake: &FakeDiscord, t: std::time::Duration) -> String {
    let end = fake
        .wait_for_request("the result", STEP, |r| {
            r.at >= t
                && r.is("POST", "/channels/*/messages")
                && r.json.as_ref().is_some_and(|j| {
                    j["embeds"][0]["title"]
                        .as_str()
                        .is_some_and(|s| s.starts_with("Game over"))
                })
        })
        .await;
    end.json.unwrap()["embeds"][0]["description"]
        .as_str()
        .unwrap()
        .to_owned()
}

struct Table<'a> {
    fake: &'a FakeDiscord,
    board: u64,
}

impl Table<'_> {
    fn board(&self) -> StoredMessage {
        self.fake.message(self.board).unwrap()
    }

    /// Opens the point picker of `point`'s region: the ephemeral message.
    async fn picker(&self, user: &TestUser, point: &str) -> StoredMessage {
        let id = self
            .fake
            .press_button(user, self.board, &region_button(&self.board(), point));
        let cb = self.fake.wait_for_callback(id, STEP).await;
        assert_eq!(cb.kind, 4, "the picker is a new message");
        assert!(cb.ephemeral, "the picker is private");
        self.fake.message(cb.message_id.unwrap()).unwrap()
    }

    /// Plays `point` by two clicks and waits for the board message to show the move.
    async fn play(&self, user: &TestUser, point: &str) {
        let before = self.board().edits;
        let picker = self.picker(user, point).await;
        let button = picker
            .buttons()
            .into_iter()
            .find(|b| b.label.as_deref() == Some(point))
            .unwrap();
        assert!(!button.disabled, "{point} is playable");
        let id = self.fake.press_button(user, picker.id, &button.custom_id);
        let cb = self.fake.wait_for_callback(id, STEP).await;
        assert_eq!(cb.kind, 7, "the picker is replaced by a confirmation");
        assert!(cb.data["content"].as_str().unwrap().contains(point));
        self.fake
            .wait_for_message(&format!("the board after {point}"), STEP, |m| {
                m.id == self.board && m.edits > before
            })
            .await;
    }

    async fn press(&self, user: &TestUser, label: &str) -> Callback {
        let board = self.board();
        let b = board
            .buttons()
            .into_iter()
            .find(|b| b.label.as_deref() == Some(label))
            .unwrap();
        let id = self.fake.press_button(user, self.board, &b.custom_id);
        self.fake.wait_for_callback(id, STEP).await
    }
}

fn assert_png_board(msg: &StoredMessage) {
    let png = msg
        .embed_image(0)
        .expect("the embed shows the attached board");
    // TENGEN_E2E_DUMP=folder keeps the images the bot sent, to look at them.
    if let Ok(dir) = std::env::var("TENGEN_E2E_DUMP") {
        let _ = std::fs::write(
            Path::new(&dir).join(format!("board-{}-{}.png", msg.id, msg.edits)),
            &png.bytes,
        );
        let _ = std::fs::write(
            Path::new(&dir).join(format!("board-{}-{}.json", msg.id, msg.edits)),
            msg.json.to_string(),
        );
    }
    assert_eq!(png.filename, "board.png");
    let img = image::load_from_memory(&png.bytes).expect("a PNG");
    assert_eq!(img.width(), 720);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_by_clicks_then_a_restart_mid_game() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob");
    let carol = fake.user("carol");
    let mut bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;

    // Commands registered, with Chinese names and the settings for Manage Server only.
    let commands = fake.wait_for_commands(STEP).await;
    let names: Vec<&str> = commands
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["weiqi", "weiqi-config"]);
    assert_eq!(commands[0]["name_localizations"]["zh-CN"], "围棋");
    assert_eq!(commands[1]["default_member_permissions"], "32");

    // Alice invites Bob: a public message mentioning him, with Accept and Decline.
    let id = fake.send_slash_command(
        &alice,
        "weiqi",
        "invite",
        vec![Opt::user("user", &bob), Opt::int("size", 9)],
    );
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, false));
    let invitation = fake.message(cb.message_id.unwrap()).unwrap();
    assert!(invitation.content().contains(&bob.mention()));
    let accept = invitation.buttons()[0].custom_id.clone();
    assert_eq!(invitation.buttons()[0].label.as_deref(), Some("Accept"));

    // A stranger's Accept is refused privately; nothing changes.
    let id = fake.press_button(&carol, invitation.id, &accept);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, true));
    assert!(cb.data["content"].as_str().unwrap().contains("not for you"));

    // Bob accepts: he plays Black. The board message appears with the region picker.
    let t = fake.now();
    let id = fake.press_button(&bob, invitation.id, &accept);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
    let posted = fake
        .wait_for_request("the board message", STEP, |r| {
            r.at >= t && r.is("POST", "/channels/*/messages") && !r.files.is_empty()
        })
        .await;
    let board_id = fake
        .wait_for_message("the board message", STEP, |m| {
            m.attachment("board.png").is_some() && m.interaction_id.is_none()
        })
        .await
        .id;
    assert_eq!(posted.files[0].filename, "board.png");
    let table = Table {
        fake: &fake,
        board: board_id,
    };
    let board = table.board();
    assert_png_board(&board);
    assert!(
        field(&board, "Turn").contains(&bob.mention()),
        "the acceptor moves first"
    );
    let labels: Vec<String> = board
        .buttons()
        .iter()
        .filter_map(|b| b.label.clone())
        .collect();
    assert_eq!(
        labels,
        ["A6–E9", "F6–J9", "A1–E5", "F1–J5", "Pass", "Resign"]
    );
    assert!(
        fake.message(invitation.id).unwrap().buttons().is_empty(),
        "the invitation closes"
    );

    // A ko in the lower left: Black B3, A2, C2, B1; White C3, D2, C1; White B2 captures C2.
    for (who, p) in [
        (&bob, "B3"),
        (&alice, "C3"),
        (&bob, "A2"),
        (&alice, "D2"),
        (&bob, "C2"),
        (&alice, "C1"),
        (&bob, "B1"),
    ] {
        table.play(who, p).await;
    }
    let stale_region = region_button(&table.board(), "B2");
    table.play(&alice, "B2").await;
    let board = table.board();
    assert_eq!(field(&board, "Captures"), "⚫ 0 · ⚪ 1", "White took C2");
    assert_eq!(field(&board, "Move"), "8");

    // Black may not retake at once: the picker shows C2 disabled, and a forged click is refused.
    let picker = table.picker(&bob, "C2").await;
    let c2 = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("C2"))
        .unwrap();
    assert!(c2.disabled, "the ko point is disabled");
    let b2 = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("B2"))
        .unwrap();
    assert!(b2.disabled, "an occupied point is disabled");
    let id = fake.press_button_unchecked(&bob, picker.id, &c2.custom_id);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, true));
    assert!(
        cb.data["content"].as_str().unwrap().contains("ko"),
        "{}",
        cb.data
    );

    // A stale button (the board as it was before White's B2) is refused politely.
    let id = fake.press_button_unchecked(&bob, board_id, &stale_region);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, true));
    assert!(
        cb.data["content"].as_str().unwrap().contains("changed"),
        "{}",
        cb.data
    );

    // Someone not playing who presses Pass is told so privately.
    let cb = table.press(&carol, "Pass").await;
    assert_eq!((cb.kind, cb.ephemeral), (4, true));

    // A ko threat elsewhere; White arms Resign, then answers with a move: that disarms it.
    table.play(&bob, "G7").await;
    let cb = table.press(&alice, "Resign").await;
    assert_eq!((cb.kind, cb.ephemeral), (4, true));
    assert!(cb.data["content"].as_str().unwrap().contains("again"));
    table.play(&alice, "G6").await;
    let cb = table.press(&alice, "Resign").await;
    assert!(
        cb.data["content"].as_str().unwrap().contains("again"),
        "armed anew, not resigned: the move disarmed it"
    );
    // Now Black retakes the ko: legal after the exchange.
    table.play(&bob, "C2").await;
    assert_eq!(field(&table.board(), "Captures"), "⚫ 1 · ⚪ 1");

    // Two passes end the game; the board loses its buttons and the score is announced.
    let t = fake.now();
    assert_eq!(table.press(&alice, "Pass").await.kind, 6);
    fake.wait_for_message("the board after White passes", STEP, |m| {
        m.id == board_id && field(m, "Move") == "12"
    })
    .await;
    assert_eq!(table.press(&bob, "Pass").await.kind, 6);
    let result = game_over_text(&fake, t).await;
    assert!(
        result.contains("wins by") && result.contains("Counted by area"),
        "{result}"
    );
    let board = fake
        .wait_for_message("the final board", STEP, |m| {
            m.id == board_id && m.buttons().is_empty()
        })
        .await;
    assert!(field(&board, "Result").contains("wins by"));
    assert_png_board(&board);

    let mut slow = fake.callbacks();
    slow.sort_by_key(|c| std::cmp::Reverse(c.latency));
    for c in slow.iter().take(5) {
        eprintln!(
            "slow: {:?} kind {} {}",
            c.latency,
            c.kind,
            c.data["content"].as_str().unwrap_or("")
        );
    }
    if let Some(l) = fake.latency_summary() {
        eprintln!(
            "first game: {} interactions, reply p50 {:?}, p99 {:?}, max {:?}",
            l.count, l.p50, l.p99, l.max
        );
    }

    // A second game; the bot is killed mid-game and restarted on the same database.
    let id = fake.send_slash_command(&bob, "weiqi", "invite", vec![Opt::user("user", &alice)]);
    let invitation = fake
        .message(fake.wait_for_callback(id, STEP).await.message_id.unwrap())
        .unwrap();
    let id = fake.press_button(&alice, invitation.id, &invitation.buttons()[0].custom_id);
    fake.wait_for_callback(id, STEP).await;
    let second = fake
        .wait_for_message("the second board", STEP, |m| {
            m.id != board_id && m.attachment("board.png").is_some() && !m.buttons().is_empty()
        })
        .await;
    let table = Table {
        fake: &fake,
        board: second.id,
    };
    table.play(&alice, "E5").await; // Alice accepted: she is Black now
    table.play(&bob, "C3").await;
    table.play(&alice, "G7").await;
    bot.kill().await.unwrap();
    let mut bot = start_bot(&fake, dir.path());
    fake.wait_for_request("reconnection", STEP, |r| {
        r.is("GET", "/gateway") && r.at > fake.now().saturating_sub(STEP)
    })
    .await;
    fake.wait_connected(STEP).await;
    // The same board message still works: White plays on from the same position.
    table.play(&bob, "D4").await;
    let board = table.board();
    assert_eq!(field(&board, "Move"), "4");
    assert!(field(&board, "Turn").contains(&alice.mention()));
    let id = fake.send_slash_command(&alice, "weiqi", "status", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(cb.ephemeral);
    assert!(cb.data["content"].as_str().unwrap().contains("9×9"));

    // A graceful stop on SIGTERM.
    let pid = bot.id().unwrap();
    let _ = std::process::Command::new("kill")
        .arg("-TERM")
        .arg(pid.to_string())
        .status();
    let status = tokio::time::timeout(STEP, bot.wait())
        .await
        .expect("stops within 10 s")
        .unwrap();
    assert!(status.success(), "exit status {status:?}");
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(!log.contains(FAKE_TOKEN), "the token never reaches the log");
    assert!(log.contains("database closed"), "{log}");
    if let Some(l) = fake.latency_summary() {
        eprintln!(
            "all: {} interactions, reply p50 {:?}, p99 {:?}, max {:?}",
            l.count, l.p50, l.p99, l.max
        );
    }
    if let Ok(d) = std::env::var("TENGEN_E2E_DUMP") {
        let _ = std::fs::copy(dir.path().join("bot.log"), Path::new(&d).join("bot.log"));
    }
}

/// Interaction in → reply out over a few hundred clicks: two players fill a 9×9 board with
/// random legal moves, each by region then point. Prints p50 and p99 (the first, cold
/// interaction left out); the budget (p99 ≤ 25 ms) is read from this figure, not asserted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reply_latency_over_a_few_hundred_clicks() {
    let dir = tempfile::Builder::new()
        .disable_cleanup(std::env::var("TENGEN_E2E_DUMP").is_ok())
        .tempdir()
        .unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let _bot = start_bot(&fake, dir.path());
    if let Ok(d) = std::env::var("TENGEN_E2E_DUMP") {
        let _ = std::fs::write(
            Path::new(&d).join("latency-dir"),
            dir.path().display().to_string(),
        );
    }
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let id = fake.send_slash_command(&alice, "weiqi", "invite", vec![Opt::user("user", &bob)]);
    let invitation = fake
        .message(fake.wait_for_callback(id, STEP).await.message_id.unwrap())
        .unwrap();
    let id = fake.press_button(&bob, invitation.id, &invitation.buttons()[0].custom_id);
    fake.wait_for_callback(id, STEP).await;
    let board = fake
        .wait_for_message("the board", STEP, |m| {
            m.attachment("board.png").is_some() && !m.buttons().is_empty()
        })
        .await;
    let table = Table {
        fake: &fake,
        board: board.id,
    };
    let mut rng = tengen::go::playout::Rng::new(11);
    let mut players = [&bob, &alice];
    let mut clicks = 0;
    while clicks < 300 {
        let current = table.board();
        if current.buttons().is_empty() {
            break;
        }
        let regions: Vec<_> = current
            .buttons()
            .into_iter()
            .filter(|b| b.label.as_deref().is_some_and(|l| l.contains('–')))
            .collect();
        let region = &regions[rng.below(regions.len())];
        let id = fake.press_button(players[0], board.id, &region.custom_id);
        let cb = fake.wait_for_callback(id, STEP).await;
        clicks += 1;
        let picker = fake.message(cb.message_id.unwrap()).unwrap();
        let open: Vec<_> = picker
            .buttons()
            .into_iter()
            .filter(|b| !b.disabled)
            .collect();
        if open.is_empty() {
            continue;
        }
        let before = table.board().edits;
        let id = fake.press_button(
            players[0],
            picker.id,
            &open[rng.below(open.len())].custom_id,
        );
        assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 7);
        clicks += 1;
        fake.wait_for_message("the board after a move", STEP, |m| {
            m.id == board.id && m.edits > before
        })
        .await;
        players.swap(0, 1);
    }
    let mut latencies: Vec<_> = fake.callbacks().iter().skip(2).map(|c| c.latency).collect();
    latencies.sort();
    let at = |q: f64| {
        latencies[((q * latencies.len() as f64).ceil() as usize).clamp(1, latencies.len()) - 1]
    };
    eprintln!(
        "reply latency over {} interactions: p50 {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        at(0.5),
        at(0.99),
        latencies[latencies.len() - 1]
    );
    assert!(latencies.len() >= 200, "a few hundred clicks were answered");
}

/// Moderators only: `/weiqi-config` is refused to a member without Manage Server and a bad
/// value is refused with its range; with `match-threads` on, a game gets a thread of its own;
/// `move-notify dm` tells the player to move by direct message; a Chinese client is answered
/// in Chinese.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderators_settings_threads_and_notices() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob").with_locale("zh-CN");
    fake.update_user(bob.clone());
    let moderator = fake.user("mod").with_permissions(perms::MANAGE_GUILD);
    fake.update_user(moderator.clone());
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;

    let set = |who: &TestUser, key: &str, value: &str| {
        fake.send_slash_command(
            who,
            "weiqi-config",
            "set",
            vec![Opt::str("key", key), Opt::str("value", value)],
        )
    };
    let cb = fake
        .wait_for_callback(set(&alice, "match-threads", "true"), STEP)
        .await;
    assert!(cb.ephemeral);
    assert!(
        cb.data["content"]
            .as_str()
            .unwrap()
            .contains("Manage Server"),
        "{}",
        cb.data
    );
    let cb = fake
        .wait_for_callback(set(&moderator, "turn-timeout-seconds", "5"), STEP)
        .await;
    assert!(cb.ephemeral);
    assert!(
        cb.data["content"].as_str().unwrap().contains("30"),
        "the valid range is given: {}",
        cb.data
    );
    for (k, v) in [("match-threads", "true"), ("move-notify", "dm")] {
        let cb = fake.wait_for_callback(set(&moderator, k, v), STEP).await;
        assert!(
            cb.data["content"]
                .as_str()
                .unwrap()
                .contains(&format!("`{k}` = {v}")),
            "{}",
            cb.data
        );
    }

    // Bob's client is Chinese: his refusal is in Chinese.
    let id = fake.send_slash_command(&bob, "weiqi", "invite", vec![Opt::user("user", &bob)]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(
        cb.data["content"]
            .as_str()
            .unwrap()
            .contains("不能邀请自己"),
        "{}",
        cb.data
    );

    let id = fake.send_slash_command(&alice, "weiqi", "invite", vec![Opt::user("user", &bob)]);
    let invitation = fake
        .message(fake.wait_for_callback(id, STEP).await.message_id.unwrap())
        .unwrap();
    let id = fake.press_button(&bob, invitation.id, &invitation.buttons()[0].custom_id);
    fake.wait_for_callback(id, STEP).await;
    let board = fake
        .wait_for_message("the board in a thread", STEP, |m| {
            m.attachment("board.png").is_some()
        })
        .await;
    let threads = fake.threads();
    assert_eq!(threads.len(), 1, "one thread for the game");
    assert_eq!(
        board.channel_id, threads[0].0,
        "the board is in the game's thread"
    );
    // Bob (Black) is told by DM that it is his move.
    fake.wait_for_request("a DM to Bob", STEP, |r| r.is("POST", "/users/@me/channels"))
        .await;
    let table = Table {
        fake: &fake,
        board: board.id,
    };
    table.play(&bob, "E5").await;
    fake.wait_for_request("a DM to Alice", STEP, |r| {
        r.is("POST", "/channels/*/messages")
            && r.json.as_ref().is_some_and(|j| {
                j["content"]
                    .as_str()
                    .is_some_and(|c| c.contains(&alice.mention()) && c.contains("your move"))
            })
    })
    .await;
}

/// Whether the mark picker `message` shows `point` crossed (its chain marked dead).
fn crossed(message: &serde_json::Value, point: &str) -> bool {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .any(|b| b["label"] == point && b["emoji"]["name"] == "❌")
}

/// The agreement phase as players live it, under `aga` on 7×7: Black walls off columns A–C,
/// White E–G, and White drops a lone stone at B3.
///
/// ```text
///   7 . . . X O . .
///   6 . . . X O . .
///   5 . . . X O . .
///   4 . . . X O . .
///   3 . O . X O . .
///   2 . . . X O . .
///   1 . . . X O . .
///     A B C D E F G
/// ```
///
/// Two passes open the agreement; White disputes, play resumes with Black (the opponent of
/// the last to pass), Black plays C3, and the passes come again (White passing last). Then a
/// chain is toggled, an acceptance is withdrawn by a toggle, a stale Accept is refused, both
/// accept, and the game is counted with B3 dead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_aga_game_through_a_dispute_and_an_agreement() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob");
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;

    let id = fake.send_slash_command(
        &alice,
        "weiqi",
        "invite",
        vec![
            Opt::user("user", &bob),
            Opt::int("size", 7),
            Opt::str("rules", "aga"),
        ],
    );
    let invitation = fake
        .message(fake.wait_for_callback(id, STEP).await.message_id.unwrap())
        .unwrap();
    assert!(
        invitation.content().contains("aga"),
        "{}",
        invitation.content()
    );
    let id = fake.press_button(&bob, invitation.id, &invitation.buttons()[0].custom_id);
    fake.wait_for_callback(id, STEP).await;
    let board_id = fake
        .wait_for_message("the board message", STEP, |m| {
            m.attachment("board.png").is_some() && m.interaction_id.is_none()
        })
        .await
        .id;
    let table = Table {
        fake: &fake,
        board: board_id,
    };
    for row in 1..=7 {
        table.play(&bob, &format!("D{row}")).await;
        table.play(&alice, &format!("E{row}")).await;
    }
    table.play(&bob, "C6").await;
    table.play(&alice, "B3").await;

    // Two passes: the agreement phase, with Accept and Resume play instead of Pass.
    let pass_and_wait = |who: &'static str| {
        let table = &table;
        let user = if who == "bob" { &bob } else { &alice };
        async move {
            let before = table.board().edits;
            assert_eq!(table.press(user, "Pass").await.kind, 6);
            table
                .fake
                .wait_for_message(&format!("the board after {who} passes"), STEP, |m| {
                    m.id == table.board && m.edits > before
                })
                .await
        }
    };
    pass_and_wait("bob").await;
    let t = fake.now();
    let board = pass_and_wait("alice").await;
    let board = if field(&board, "If accepted").is_empty() {
        fake.wait_for_message("the agreement board", STEP, |m| {
            m.id == board_id && !field(m, "If accepted").is_empty()
        })
        .await
    } else {
        board
    };
    let labels: Vec<String> = board
        .buttons()
        .iter()
        .filter_map(|b| b.label.clone())
        .collect();
    assert!(
        labels.ends_with(&["Accept".into(), "Resume play".into(), "Resign".into()]),
        "{labels:?}"
    );
    assert!(field(&board, "If accepted").contains("Counted by area (AGA rules)"));
    assert_png_board(&board);
    // Both players are told the dead stones wait for them.
    fake.wait_for_request("the agreement notice", STEP, |r| {
        r.at >= t
            && r.is("POST", "/channels/*/messages")
            && r.json.as_ref().is_some_and(|j| {
                j["content"].as_str().is_some_and(|c| {
                    c.contains(&alice.mention())
                        && c.contains(&bob.mention())
                        && c.contains("dead stones")
                })
            })
    })
    .await;
    // A move is refused while the dead stones are being settled (the slash command path).
    let id = fake.send_slash_command(&bob, "weiqi", "pass", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(cb.ephemeral);
    assert!(
        cb.data["content"].as_str().unwrap().contains("dead stones"),
        "{}",
        cb.data
    );

    // White disputes: play resumes, Black to move (White passed last).
    let before = table.board().edits;
    assert_eq!(table.press(&alice, "Resume play").await.kind, 6);
    let board = fake
        .wait_for_message("the board after the dispute", STEP, |m| {
            m.id == board_id && m.edits > before && !field(m, "Turn").is_empty()
        })
        .await;
    assert!(
        field(&board, "Turn").contains(&bob.mention()),
        "{}",
        field(&board, "Turn")
    );
    table.play(&bob, "C3").await;
    pass_and_wait("alice").await;
    pass_and_wait("bob").await;
    let board = pass_and_wait("alice").await;
    let board = if field(&board, "If accepted").is_empty() {
        fake.wait_for_message("the agreement board again", STEP, |m| {
            m.id == board_id && !field(m, "If accepted").is_empty()
        })
        .await
    } else {
        board
    };
    assert!(
        field(&board, "Turn").is_empty(),
        "no one is to move while the dead stones are settled"
    );

    // Make sure B3 is marked dead, whatever the estimate proposed: Black opens the region
    // of B3 and clicks it if it is not crossed yet. The picker stays open, redrawn.
    let picker = table.picker(&bob, "B3").await;
    assert!(
        picker.content().contains("Dead stones"),
        "{}",
        picker.content()
    );
    let b3 = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("B3"))
        .unwrap();
    let a1 = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("A1"))
        .unwrap();
    assert!(a1.disabled, "an empty point marks nothing");
    if !crossed(&picker.json, "B3") {
        let before = table.board().edits;
        let id = fake.press_button(&bob, picker.id, &b3.custom_id);
        let cb = fake.wait_for_callback(id, STEP).await;
        assert_eq!(cb.kind, 7, "the picker is redrawn in place");
        assert!(crossed(&cb.data, "B3"), "{}", cb.data);
        fake.wait_for_message("the board after marking B3", STEP, |m| {
            m.id == board_id && m.edits > before
        })
        .await;
    }
    let board = table.board();
    assert!(
        field(&board, "Both passed: the dead stones")
            .contains("Marked dead: 1 chain(s) (1 stone(s))"),
        "{}",
        field(&board, "Both passed: the dead stones")
    );
    // Black: 9 stones and 19 points of A–C (B3's included) = 28; White: 7 + 14 + 7.5 = 28.5.
    assert!(
        field(&board, "If accepted").contains("W+0.5"),
        "{}",
        field(&board, "If accepted")
    );

    // Black accepts; White toggles B3 alive, which withdraws Black's acceptance, then dead
    // again. Black's old Accept button (an earlier marking) is refused.
    let before = table.board().edits;
    let old_accept = board
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("Accept"))
        .unwrap()
        .custom_id;
    assert_eq!(table.press(&bob, "Accept").await.kind, 6);
    let board = fake
        .wait_for_message("the board after Black accepts", STEP, |m| {
            m.id == board_id && m.edits > before
        })
        .await;
    assert!(
        field(&board, "Accepted").contains("⚫ ✅ accepted"),
        "{}",
        field(&board, "Accepted")
    );
    for expect_dead in [false, true] {
        let picker = table.picker(&alice, "B3").await;
        let b3 = picker
            .buttons()
            .into_iter()
            .find(|b| b.label.as_deref() == Some("B3"))
            .unwrap();
        let before = table.board().edits;
        let id = fake.press_button(&alice, picker.id, &b3.custom_id);
        let cb = fake.wait_for_callback(id, STEP).await;
        assert_eq!(cb.kind, 7);
        assert_eq!(crossed(&cb.data, "B3"), expect_dead, "{}", cb.data);
        fake.wait_for_message("the board after a toggle", STEP, |m| {
            m.id == board_id && m.edits > before
        })
        .await;
    }
    let board = table.board();
    assert!(
        field(&board, "Accepted").contains("⚫ ⏳ not yet"),
        "a toggle withdraws acceptances: {}",
        field(&board, "Accepted")
    );
    let id = fake.press_button_unchecked(&bob, board_id, &old_accept);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(cb.ephemeral);
    assert!(
        cb.data["content"].as_str().unwrap().contains("has changed"),
        "{}",
        cb.data
    );

    // Both accept the marking as it stands: the game is counted with B3 dead.
    let t = fake.now();
    assert_eq!(table.press(&bob, "Accept").await.kind, 6);
    fake.wait_for_message("Black's acceptance shown", STEP, |m| {
        m.id == board_id && field(m, "Accepted").contains("⚫ ✅")
    })
    .await;
    assert_eq!(table.press(&alice, "Accept").await.kind, 6);
    let result = game_over_text(&fake, t).await;
    assert!(result.contains("W+0.5"), "{result}");
    assert!(result.contains("Counted by area (AGA rules)"), "{result}");
    assert!(
        result.contains("Agreed dead: 1 chain(s) (1 stone(s))"),
        "{result}"
    );
    let board = fake
        .wait_for_message("the final board", STEP, |m| {
            m.id == board_id && m.buttons().is_empty()
        })
        .await;
    assert_png_board(&board);

    // The record says the rules, the result, and the territory with the dead stone in it.
    let id = fake.send_slash_command(&bob, "weiqi", "sgf", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    let msg = fake.message(cb.message_id.unwrap()).unwrap();
    let sgf = msg
        .attachments
        .iter()
        .find(|a| a.filename.ends_with(".sgf"))
        .expect("the record is attached");
    let text = String::from_utf8_lossy(&sgf.bytes).into_owned();
    assert!(
        text.contains("RU[aga]") && text.contains("RE[W+0.5]"),
        "{text}"
    );
    let tb = text.split("TB").nth(1).unwrap_or_default();
    assert!(
        tb.contains("[be]"),
        "B3 (SGF be on 7×7) is Black's territory: {text}"
    );
}
