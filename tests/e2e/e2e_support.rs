//! What the end-to-end tests share: the real binary started against the fake Discord, its log
//! shown when a test fails, and the ways a player reaches the board.
#![allow(dead_code)]

use std::path::Path;
use std::process::Stdio;

use serde_json::Value;
use tokio::process::{Child, Command};

use crate::support::*;

/// Starts the real `tengen` binary on the database in `dir`, against `fake`.
pub fn start_bot(fake: &FakeDiscord, dir: &Path) -> Child {
    start_bot_with(fake, dir, &[])
}

/// Starts the bot with extra environment.
pub fn start_bot_with(fake: &FakeDiscord, dir: &Path, env: &[(&str, &str)]) -> Child {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("bot.log"))
        .unwrap();
    Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("run")
        .current_dir(dir)
        .envs(fake.bot_env())
        .env("DATABASE_PATH", dir.join("tengen.db"))
        .env("RUST_LOG", "info,tengen=debug")
        .envs(env.iter().map(|(k, v)| (k.to_string(), v.to_string())))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .kill_on_drop(true)
        .spawn()
        .unwrap()
}

/// Starts `tengen worker` on the PostgreSQL database at `url` (one search at a time, a lease
/// of `lease_seconds`), its log in `dir/<name>.log`; `niced`: under `nice -n 10`, as a worker
/// sharing the bots' cores in a load test.
pub fn start_worker(dir: &Path, url: &str, name: &str, lease_seconds: u32, niced: bool) -> Child {
    let log = std::fs::File::create(dir.join(format!("{name}.log"))).unwrap();
    let bin = env!("CARGO_BIN_EXE_tengen");
    let mut command = if niced {
        let mut c = Command::new("nice");
        c.args(["-n", "10", bin]);
        c
    } else {
        Command::new(bin)
    };
    command
        .arg("worker")
        .current_dir(dir)
        .env("DATABASE_URL", url)
        .env("AI_THREADS", "1")
        .env("AI_JOB_LEASE_SECONDS", lease_seconds.to_string())
        .env("RUST_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .kill_on_drop(true)
        .spawn()
        .unwrap()
}

/// A member with Manage Server, known to the fake.
pub fn moderator(fake: &FakeDiscord) -> TestUser {
    let moderator = fake.user("mod").with_permissions(perms::MANAGE_GUILD);
    fake.update_user(moderator.clone());
    moderator
}

/// `/weiqi-config set key value` by `moderator`; the private answer.
pub async fn config_set(
    fake: &FakeDiscord,
    moderator: &TestUser,
    key: &str,
    value: &str,
) -> StoredMessage {
    let id = fake.send_slash_command(
        moderator,
        "weiqi-config",
        "set",
        vec![Opt::str("key", key), Opt::str("value", value)],
    );
    private_answer(fake, id).await
}

/// The SGF record `/weiqi sgf` gives `user` (their latest game), as text.
pub async fn record_of(fake: &FakeDiscord, user: &TestUser) -> String {
    let id = fake.send_slash_command(user, "weiqi", "sgf", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    let original = cb.message_id.unwrap();
    let msg = fake
        .wait_for_message("the record", STEP, |m| {
            m.id == original && !m.attachments.is_empty()
        })
        .await;
    let sgf = msg
        .attachments
        .iter()
        .find(|a| a.filename.ends_with(".sgf"))
        .expect("the record is attached");
    String::from_utf8_lossy(&sgf.bytes).into_owned()
}

/// Kills the bot (no clean stop: a crash), runs `between` while it is down, and starts it
/// again on the same database; returns once it has registered its commands again.
pub async fn crash_and_restart(
    bot: &mut Child,
    fake: &FakeDiscord,
    dir: &Path,
    between: impl FnOnce(),
) -> Child {
    bot.kill().await.unwrap();
    let _ = bot.wait().await;
    between();
    let killed = fake.now();
    let child = start_bot(fake, dir);
    fake.wait_for_request("the commands registered again", STEP, |r| {
        r.is("PUT", "/applications/*/commands") && r.at > killed
    })
    .await;
    child
}

/// Prints the bot's log when a test fails, so a failure says what the bot saw.
pub struct LogOnPanic(pub std::path::PathBuf);

impl Drop for LogOnPanic {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let log = std::fs::read_to_string(&self.0).unwrap_or_default();
            if let Ok(keep) = std::env::var("TENGEN_E2E_LOG") {
                let _ = std::fs::write(keep, &log);
            }
            let tail: Vec<String> = log
                .lines()
                .map(|l| l.chars().take(4000).collect())
                .collect();
            eprintln!(
                "--- bot log (lines cut at 400 characters) ---\n{}",
                tail[tail.len().saturating_sub(120)..].join("\n")
            );
        }
    }
}

/// The value of the embed field `name` of a message.
pub fn field(msg: &StoredMessage, name: &str) -> String {
    msg.embeds()
        .first()
        .and_then(|e| e["fields"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .find(|f| f["name"] == name)
        .map(|f| f["value"].as_str().unwrap_or_default().to_owned())
        .unwrap_or_default()
}

/// Every text of a message: content, and each embed's title, description, fields and footer.
pub fn all_text(msg: &Value) -> String {
    let mut parts = vec![msg["content"].as_str().unwrap_or_default().to_owned()];
    for e in msg["embeds"].as_array().cloned().unwrap_or_default() {
        for k in ["title", "description"] {
            parts.push(e[k].as_str().unwrap_or_default().to_owned());
        }
        for f in e["fields"].as_array().cloned().unwrap_or_default() {
            parts.push(f["name"].as_str().unwrap_or_default().to_owned());
            parts.push(f["value"].as_str().unwrap_or_default().to_owned());
        }
        parts.push(e["footer"]["text"].as_str().unwrap_or_default().to_owned());
    }
    for row in msg["components"].as_array().cloned().unwrap_or_default() {
        for c in row["components"].as_array().cloned().unwrap_or_default() {
            parts.push(c["label"].as_str().unwrap_or_default().to_owned());
        }
    }
    parts.join("\n")
}

/// The value Discord sends for the choice of `option` (of `/<command> <sub>`) whose label
/// starts with `label`: poise numbers its choices.
pub fn choice(commands: &[Value], command: &str, sub: &str, option: &str, label: &str) -> i64 {
    let cmd = commands
        .iter()
        .find(|c| c["name"] == command)
        .unwrap_or_else(|| panic!("no command {command}"));
    let sub = cmd["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == sub)
        .unwrap_or_else(|| panic!("no subcommand {sub}"));
    let opt = sub["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == option)
        .unwrap_or_else(|| panic!("no option {option}"));
    opt["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"].as_str().is_some_and(|n| n.starts_with(label)))
        .unwrap_or_else(|| panic!("no choice {label} in {opt}"))["value"]
        .as_i64()
        .unwrap()
}

/// The region button whose block holds `point` (labels read like `A1–E5`).
pub fn region_button(msg: &StoredMessage, point: &str) -> String {
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

/// The private message an interaction's answer left: the callback's own message (type 4), the
/// deferred one once edited (type 5), or the first follow-up (after types 5, 6).
pub async fn private_answer(fake: &FakeDiscord, interaction: u64) -> StoredMessage {
    let cb = fake.wait_for_callback(interaction, STEP).await;
    match cb.kind {
        4 => fake.message(cb.message_id.unwrap()).unwrap(),
        5 => {
            let id = cb.message_id.unwrap();
            fake.wait_for_message("the deferred answer", STEP, |m| m.id == id && m.edits > 0)
                .await
        }
        _ => {
            fake.wait_for_message("a follow-up", STEP, |m| {
                m.interaction_id == Some(interaction) && m.ephemeral
            })
            .await
        }
    }
}

/// The text of the "Game over" announcement (title starting `title`) posted after `t`.
pub async fn result_text(fake: &FakeDiscord, t: std::time::Duration, title: &str) -> String {
    let end = fake
        .wait_for_request("the result", STEP, |r| {
            r.at >= t
                && r.is("POST", "/channels/*/messages")
                && r.json.as_ref().is_some_and(|j| {
                    j["embeds"][0]["title"]
                        .as_str()
                        .is_some_and(|s| s.starts_with(title))
                })
        })
        .await;
    end.json.unwrap()["embeds"][0]["description"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// A board message and the players' way to it.
pub struct Table<'a> {
    pub fake: &'a FakeDiscord,
    pub board: u64,
}

/// What one random move through the picker took: the clicks answered, and when the point was
/// pressed (`None`: the region had no open point, one click and no move).
pub struct RandomMove {
    pub clicks: u32,
    pub pressed: Option<std::time::Instant>,
}

impl Table<'_> {
    /// `None` once the board has no buttons (the game is over); else `user` presses a random
    /// region, then a random open point of its picker, and the board is edited.
    pub async fn random_move(
        &self,
        user: &TestUser,
        rng: &mut tengen::go::light_playout::Rng,
    ) -> Option<RandomMove> {
        let current = self.board();
        if current.buttons().is_empty() {
            return None;
        }
        let regions: Vec<_> = current
            .buttons()
            .into_iter()
            .filter(|b| b.label.as_deref().is_some_and(|l| l.contains('–')))
            .collect();
        let region = &regions[rng.below(regions.len())];
        let id = self.fake.press_button(user, self.board, &region.custom_id);
        let cb = self.fake.wait_for_callback(id, STEP).await;
        let picker = self.fake.message(cb.message_id.unwrap()).unwrap();
        let open: Vec<_> = picker
            .buttons()
            .into_iter()
            .filter(|b| !b.disabled)
            .collect();
        if open.is_empty() {
            return Some(RandomMove {
                clicks: 1,
                pressed: None,
            });
        }
        let before = current.edits.max(self.board().edits);
        let pressed = std::time::Instant::now();
        let id = self
            .fake
            .press_button(user, picker.id, &open[rng.below(open.len())].custom_id);
        assert_eq!(self.fake.wait_for_callback(id, STEP).await.kind, 7);
        let board = self.board;
        self.fake
            .wait_for_message("the board after a move", STEP, |m| {
                m.id == board && m.edits > before
            })
            .await;
        Some(RandomMove {
            clicks: 2,
            pressed: Some(pressed),
        })
    }

    pub fn board(&self) -> StoredMessage {
        self.fake.message(self.board).unwrap()
    }

    /// Opens the point picker of `point`'s region: the ephemeral message.
    pub async fn picker(&self, user: &TestUser, point: &str) -> StoredMessage {
        let id = self
            .fake
            .press_button(user, self.board, &region_button(&self.board(), point));
        let cb = self.fake.wait_for_callback(id, STEP).await;
        assert_eq!(cb.kind, 4, "the picker is a new message: {}", cb.data);
        assert!(cb.ephemeral, "the picker is private");
        self.fake.message(cb.message_id.unwrap()).unwrap()
    }

    /// Plays `point` by two clicks and waits for the board message to show the move.
    pub async fn play(&self, user: &TestUser, point: &str) {
        // The move shown (in any language: the first field is the move number), read before
        // the click: read after it, it may already show the new move.
        let first = |m: &StoredMessage| {
            m.embeds()
                .first()
                .and_then(|e| e["fields"][0]["value"].as_str().map(str::to_owned))
                .and_then(|v| v.parse::<u32>().ok())
        };
        let before = first(&self.board());
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
        // A later move shown, or the game over; a redraw of the same position does not count.
        self.fake
            .wait_for_message(&format!("the board after {point}"), STEP, |m| {
                m.id == self.board && (first(m) > before || m.buttons().is_empty())
            })
            .await;
    }

    /// Presses the board's button labelled `label`.
    pub async fn press(&self, user: &TestUser, label: &str) -> (u64, Callback) {
        let board = self.board();
        let b = board
            .buttons()
            .into_iter()
            .find(|b| b.label.as_deref() == Some(label))
            .unwrap_or_else(|| panic!("no button {label} on {:?}", board.buttons()));
        let id = self.fake.press_button(user, self.board, &b.custom_id);
        (id, self.fake.wait_for_callback(id, STEP).await)
    }

    /// Presses `label` and waits for the board to change.
    pub async fn press_and_wait(&self, user: &TestUser, label: &str) -> StoredMessage {
        let before = self.board().edits;
        let (_, cb) = self.press(user, label).await;
        assert_eq!(cb.kind, 6, "{label} is acknowledged silently");
        self.fake
            .wait_for_message(&format!("the board after {label}"), STEP, |m| {
                m.id == self.board && m.edits > before
            })
            .await
    }
}

/// Checks the board image attached to a message.
pub fn assert_png_board(msg: &StoredMessage) {
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

/// Invites `invitee` as `inviter` with `options` and returns the invitation message.
pub async fn invite(
    fake: &FakeDiscord,
    inviter: &TestUser,
    invitee: &TestUser,
    options: Vec<Opt>,
) -> StoredMessage {
    let mut opts = vec![Opt::user("user", invitee)];
    opts.extend(options);
    let id = fake.send_slash_command(inviter, "weiqi", "invite", opts);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, false), "{}", cb.data);
    fake.message(cb.message_id.unwrap()).unwrap()
}

/// `invitee` accepts `invitation`; returns the new board message's id.
pub async fn accept(fake: &FakeDiscord, invitee: &TestUser, invitation: &StoredMessage) -> u64 {
    let known: Vec<u64> = fake
        .all_messages()
        .iter()
        .filter(|m| m.attachment("board.png").is_some())
        .map(|m| m.id)
        .collect();
    let id = fake.press_button(invitee, invitation.id, &invitation.buttons()[0].custom_id);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
    fake.wait_for_message("the board message", STEP, |m| {
        m.attachment("board.png").is_some() && m.interaction_id.is_none() && !known.contains(&m.id)
    })
    .await
    .id
}

/// The points played in the PostgreSQL database at `url`: (match id, point), by match then
/// move number (passes left out).
pub fn moves_stored(url: &str) -> Vec<(i64, String)> {
    tengen::store::testing::off_runtime(|| {
        let store = tengen::store::Store::open_postgres(url, 1).unwrap();
        store
            .read(|tx| {
                tx.query_all(
                    "SELECT match_id, point FROM moves WHERE point IS NOT NULL \
                     ORDER BY match_id, number",
                    &[],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
            })
            .unwrap()
    })
}

/// Three servers in three languages (zh-CN, ko, ja), the bot freshly started on `env` (a
/// database): the first invitation of each, typed at once by members whose own Discord is in
/// English, is posted in its server's language.
pub async fn first_invitations_speak_their_servers_language(env: &[(&str, &str)]) {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale("zh-CN");
    let (ko, ko_channel) = fake.add_guild_on_shard(0, "바둑 서버");
    fake.set_locale_of_guild(ko, "ko");
    let (ja, ja_channel) = fake.add_guild_on_shard(0, "囲碁サーバー");
    fake.set_locale_of_guild(ja, "ja");
    let names = ["ann", "ben", "cat", "dan", "eve", "fay"];
    let users: Vec<TestUser> = names.iter().map(|n| fake.user(n)).collect();
    let _bot = start_bot_with(&fake, dir.path(), env);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let servers = [
        (fake.channel_id(), "邀请你下一盘围棋"),
        (ko_channel, "바둑 대국에 초대했습니다"),
        (ja_channel, "囲碁の対局の招待です"),
    ];
    let ids: Vec<u64> = servers
        .iter()
        .zip(users.chunks(2))
        .map(|((channel, _), pair)| {
            fake.send_slash_command_in(
                *channel,
                &pair[0],
                "weiqi",
                "invite",
                vec![Opt::user("user", &pair[1])],
            )
        })
        .collect();
    for (id, (_, words)) in ids.into_iter().zip(servers) {
        let cb = fake.wait_for_callback(id, STEP).await;
        let text = all_text(&cb.data);
        assert!(!cb.ephemeral, "{text}");
        assert!(text.contains(words), "expected {words:?} in {text}");
    }
    fake.assert_no_violations();
}
