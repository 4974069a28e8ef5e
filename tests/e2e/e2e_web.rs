//! The web pages (SPEC §13) served by the real binary beside the bot, on the fake Discord, on
//! SQLite and PostgreSQL: nothing is shown until a moderator allows it; then the board, the
//! result, the event's announcement, its relay and the leaderboard carry a "View on the web"
//! link; the game's page holds every move with its captures and the players' display names
//! (never an id), its record downloads, and a move played on Discord reaches an open page by
//! server-sent events; the event's and server's pages list what they should; unknown tokens,
//! a game's bare number and a server that shows nothing are a friendly 404; the security
//! headers are on every answer; an address that asks too fast is told to slow down. On
//! PostgreSQL a second process that holds no shard serves the same pages, live through the
//! database's notifications. On SQLite a real browser (Debian's chromium, driven by
//! `tests/browser/check_pages.mjs`) steps through the game with the keys and sees a move
//! arrive.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;
use tengen::store::testing::TestSchema;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use crate::e2e_support;
use crate::support;

use e2e_support::*;
use support::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_of_a_game_an_event_and_a_server_on_sqlite_with_a_browser() {
    pages(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_on_postgres_served_live_by_a_process_holding_no_shard() {
    let Some(schema) = TestSchema::new("e2e web") else {
        return;
    };
    pages(Some(&schema.url)).await;
}

/// A port free on loopback now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The environment of a bot serving the pages on `port`, on PostgreSQL at `url` (none:
/// SQLite), as one of one shard.
fn environment(port: u16, url: Option<&str>) -> Vec<(String, String)> {
    let mut env = vec![
        ("WEB_ADDRESS".to_owned(), format!("127.0.0.1:{port}")),
        (
            "WEB_PUBLIC_URL".to_owned(),
            format!("http://127.0.0.1:{port}/"),
        ),
    ];
    if let Some(u) = url {
        env.push(("DATABASE_URL".to_owned(), u.to_owned()));
        env.push(("DATABASE_CONNECTIONS".to_owned(), "4".to_owned()));
        env.push(("SHARDS".to_owned(), "1".to_owned()));
    }
    env
}

fn start(fake: &FakeDiscord, dir: &Path, env: &[(String, String)]) -> tokio::process::Child {
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    start_bot_with(fake, dir, &env)
}

/// The "View on the web" link of a message, if it has one.
fn web_link(msg: &StoredMessage) -> Option<String> {
    msg.components().iter().find_map(|row| {
        row["components"].as_array()?.iter().find_map(|c| {
            (c["style"].as_u64() == Some(5))
                .then(|| c["url"].as_str().map(str::to_owned))
                .flatten()
        })
    })
}

/// An answer of the pages: status, headers, body.
struct Got {
    status: u16,
    headers: reqwest::header::HeaderMap,
    body: String,
}

async fn get(client: &reqwest::Client, url: &str) -> Got {
    let r = client
        .get(url)
        .send()
        .await
        .unwrap_or_else(|e| panic!("GET {url}: {e}"));
    Got {
        status: r.status().as_u16(),
        headers: r.headers().clone(),
        body: r.text().await.unwrap_or_default(),
    }
}

/// Waits for the pages to answer on `base`.
async fn wait_serving(client: &reqwest::Client, base: &str) {
    let deadline = Instant::now() + STEP;
    while client.get(format!("{base}/")).send().await.is_err() {
        assert!(
            Instant::now() < deadline,
            "the pages never answered at {base}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The security headers every answer carries.
fn assert_secure(got: &Got, what: &str) {
    let h = |name: &str| {
        got.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(h("content-security-policy"), tengen::web::CSP, "{what}");
    assert_eq!(h("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(h("referrer-policy"), "no-referrer", "{what}");
    assert_eq!(h("x-frame-options"), "DENY", "{what}");
}

/// The game's data embedded in its page.
fn game_data(page: &str) -> Value {
    let start = page
        .find(r#"<script type="application/json" id="game-data">"#)
        .expect("the game's data");
    let rest = &page[start..];
    let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

/// A page of the server's own ("Nothing here").
fn assert_nothing_here(got: &Got, what: &str) {
    assert_eq!(got.status, 404, "{what}: {}", got.body);
    assert!(got.body.contains("Nothing here"), "{what}: {}", got.body);
}

/// A live stream of a game's states.
struct Live {
    response: reqwest::Response,
    buffer: String,
}

impl Live {
    async fn open(client: &reqwest::Client, page: &str) -> Live {
        let response = client.get(format!("{page}/live")).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 200);
        let kind = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        assert!(kind.starts_with("text/event-stream"), "{kind}");
        Live {
            response,
            buffer: String::new(),
        }
    }

    /// The first `state` whose game has `moves` moves (earlier states are skipped: another
    /// change of the game may come between two moves).
    async fn state_with(&mut self, moves: usize) -> Value {
        loop {
            let state = self.next_state().await;
            let n = state["moves"].as_array().map_or(0, Vec::len);
            assert!(n <= moves, "{n} moves where {moves} were awaited: {state}");
            if n == moves {
                return state;
            }
        }
    }

    /// The next `state` event's data.
    async fn next_state(&mut self) -> Value {
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                if event.lines().any(|l| l == "event: state") {
                    let data: String = event
                        .lines()
                        .filter_map(|l| l.strip_prefix("data: "))
                        .collect();
                    return serde_json::from_str(&data).unwrap();
                }
                continue;
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .expect("a state within the step")
                .unwrap()
                .expect("the stream goes on");
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

async fn pages(url: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let env = environment(port, url);
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let (ann, ben) = (fake.user("ann"), fake.user("ben"));
    let relay = fake.add_text_channel("go-relay");
    let moderator = moderator(&fake);
    let _bot = start(&fake, dir.path(), &env);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let client = reqwest::Client::new();
    wait_serving(&client, &base).await;

    // Off by default: the board carries no link.
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    assert_eq!(
        web_link(&table.board()),
        None,
        "no link while the server shows nothing"
    );

    // The moderator shows games: the next board carries the link. Bob (Black) takes a stone.
    config_set(&fake, &moderator, "web", "games").await;
    for (who, at) in [(&bob, "A2"), (&alice, "A1"), (&bob, "B1")] {
        table.play(who, at).await;
    }
    let link = web_link(&table.board()).expect("the board's link once games are shown");
    assert!(link.starts_with(&format!("{base}/game/")), "{link}");
    assert!(
        !link.contains(&format!("/{board}")),
        "the token is not the message's number"
    );

    // The page: names, every move with the capture, the headers; no Discord id anywhere.
    let page = get(&client, &link).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert_secure(&page, "the game's page");
    assert!(page.body.contains("bob vs alice"), "{}", page.body);
    for id in [alice.id, bob.id, fake.guild_id(), fake.channel_id()] {
        assert!(
            !page.body.contains(&id.to_string()),
            "an id on the page: {id}"
        );
    }
    let data = game_data(&page.body);
    assert_eq!(data["size"], 9);
    assert_eq!(data["moves"].as_array().unwrap().len(), 3);
    assert_eq!(data["moves"][2]["cap"], serde_json::json!([[0, 0]]));
    assert_eq!(data["captures_black"], 1);
    assert_eq!(data["status"], "White to move");
    // The record, named by display names.
    let sgf = get(&client, &format!("{link}/sgf")).await;
    assert_eq!(sgf.status, 200);
    assert!(
        sgf.body.contains("PB[bob]") && sgf.body.contains("PW[alice]"),
        "{}",
        sgf.body
    );
    assert!(sgf.body.contains(";B[ah]"), "{}", sgf.body);
    // The picture for browsers without script.
    let png = client
        .get(format!("{link}/board.png"))
        .send()
        .await
        .unwrap();
    assert_eq!(png.status().as_u16(), 200);
    assert!(png.bytes().await.unwrap().starts_with(b"\x89PNG"));

    // Refusals: a token not signed here, the game's bare number, a path of nothing.
    let forged = format!("{base}/game/{}", "67".to_owned() + &"0".repeat(40));
    assert_nothing_here(&get(&client, &forged).await, "a forged token");
    assert_nothing_here(
        &get(&client, &format!("{base}/game/1")).await,
        "a bare number",
    );
    assert_nothing_here(
        &get(&client, &format!("{base}/wp-admin")).await,
        "no such path",
    );
    let long = format!("{base}/game/{}", "a".repeat(600));
    assert_nothing_here(&get(&client, &long).await, "a target too long");
    let post = client.post(&link).body("x").send().await.unwrap();
    assert_ne!(
        post.status().as_u16(),
        200,
        "nothing is changed by a request"
    );

    // Live: a move played on Discord reaches the open stream.
    let mut live = Live::open(&client, &link).await;
    assert_eq!(
        live.next_state().await["moves"].as_array().unwrap().len(),
        3
    );
    let played = Instant::now();
    table.play(&alice, "E5").await;
    let state = live.state_with(4).await;
    let took = played.elapsed();
    assert_eq!(state["moves"].as_array().unwrap().len(), 4, "{state}");
    assert_eq!(state["moves"][3]["p"], serde_json::json!([4, 4]));
    eprintln!(
        "a move reached the page's stream {} ms after the click",
        took.as_millis()
    );

    // On PostgreSQL a second process, holding no shard, serves the same pages live.
    let second = if let Some(url) = url {
        let dir2 = tempfile::tempdir().unwrap();
        let port2 = free_port();
        let base2 = format!("http://127.0.0.1:{port2}");
        let child = start(&fake, dir2.path(), &environment(port2, Some(url)));
        wait_serving(&client, &base2).await;
        let link2 = link.replace(&base, &base2);
        let page2 = get(&client, &link2).await;
        assert_eq!(page2.status, 200, "{}", page2.body);
        assert_eq!(game_data(&page2.body)["moves"].as_array().unwrap().len(), 4);
        let mut live2 = Live::open(&client, &link2).await;
        live2.next_state().await;
        table.play(&bob, "D4").await;
        let state = live2.state_with(5).await;
        assert_eq!(state["moves"][4]["p"], serde_json::json!([3, 3]), "{state}");
        // The first process's stream has it too.
        live.state_with(5).await;
        Some((child, dir2))
    } else {
        None
    };

    // Games, events and the server's page: an event with a relay.
    config_set(&fake, &moderator, "web", "all").await;
    let ten = choice(&commands, "weiqi-organise", "create", "format", "ten-game");
    let id = fake.send_slash_command(
        &moderator,
        "weiqi-organise",
        "create",
        vec![
            Opt::str("name", "Derby"),
            Opt::int("format", ten),
            Opt::int("size", 9),
            Opt::channel("relay", relay),
        ],
    );
    private_answer(&fake, id).await;
    let announcement = fake
        .wait_for_message("the announcement", STEP, |m| {
            m.embeds()
                .first()
                .is_some_and(|e| e["title"].as_str().is_some_and(|t| t.contains("Derby")))
        })
        .await;
    for p in [&ann, &ben] {
        let msg = fake.message(announcement.id).unwrap();
        let join = msg
            .buttons()
            .into_iter()
            .find(|b| b.label.as_deref() == Some("Join"))
            .unwrap();
        let i = fake.press_button(p, announcement.id, &join.custom_id);
        private_answer(&fake, i).await;
    }
    let i = fake.send_slash_command(&moderator, "weiqi-organise", "start", vec![]);
    private_answer(&fake, i).await;
    let mirror = fake
        .wait_for_message("the board relayed", STEP, |m| {
            m.channel_id == relay && m.attachment("board.png").is_some()
        })
        .await;
    let relayed = web_link(&mirror).expect("the relayed board's link");
    assert!(relayed.starts_with(&format!("{base}/game/")), "{relayed}");
    let announced = fake
        .wait_for_message("the announcement with its link", STEP, |m| {
            m.id == announcement.id && web_link(m).is_some()
        })
        .await;
    let event_link = web_link(&announced).unwrap();
    assert!(
        event_link.starts_with(&format!("{base}/event/")),
        "{event_link}"
    );
    let event = get(&client, &event_link).await;
    assert_eq!(event.status, 200, "{}", event.body);
    assert_secure(&event, "the event's page");
    for words in [
        "Derby",
        "Ten-game match",
        "Standings",
        "ann",
        "ben",
        "Round 1",
        "mini-board",
    ] {
        assert!(event.body.contains(words), "{words}: {}", event.body);
    }
    assert!(
        event.body.contains(&relayed.replace(&base, "")),
        "the round's game is linked: {}",
        event.body
    );
    // The server's page, from the leaderboard's link.
    let i = fake.send_slash_command(&alice, "weiqi", "leaderboard", vec![]);
    let leaderboard = fake
        .wait_for_message("the leaderboard", STEP, |m| m.interaction_id == Some(i))
        .await;
    let server_link = web_link(&leaderboard).expect("the leaderboard's link");
    let server = get(&client, &server_link).await;
    assert_eq!(server.status, 200, "{}", server.body);
    for words in [
        "Live games",
        "bob vs alice",
        "Finished games",
        "Leaderboard",
    ] {
        assert!(server.body.contains(words), "{words}: {}", server.body);
    }

    // A real browser steps through the game and sees a move arrive (SQLite's run).
    if url.is_none() {
        browse(&link, &event_link, &server_link, &table, &alice, &bob).await;
    }

    // The game ends: the result carries the link; the page stays, its stream says no more.
    table.press(&alice, "Resign").await;
    table.press(&alice, "Resign").await;
    let result = fake
        .wait_for_message("the result", STEP, |m| {
            all_text(&m.json).contains("Game over") && web_link(m).is_some()
        })
        .await;
    assert_eq!(web_link(&result).as_deref(), Some(link.as_str()));
    let over = get(&client, &link).await;
    assert_eq!(over.status, 200);
    assert!(game_data(&over.body)["result"].is_string(), "{}", over.body);
    assert!(
        !over.body.contains("data-live"),
        "a finished game is not live"
    );
    let ended = client.get(format!("{link}/live")).send().await.unwrap();
    assert_eq!(
        ended.status().as_u16(),
        204,
        "a finished game's stream ends"
    );

    // The pages speak the server's language.
    config_set(&fake, &moderator, "language", "zh-CN").await;
    let chinese = get(&client, &link).await;
    assert!(
        chinese.body.contains(r#"<html lang="zh-CN">"#),
        "{}",
        chinese.body
    );
    assert!(chinese.body.contains("下载棋谱"), "{}", chinese.body);
    config_set(&fake, &moderator, "language", "en").await;
    // The record carries no comment (a consultation's votes stay with its team).
    assert!(!sgf.body.contains("C["), "{}", sgf.body);

    // Too fast from one address: told to slow down, with when to come back.
    let mut turned = None;
    for _ in 0..(tengen::web::BURST as usize + 20) {
        let r = client
            .get(format!("{base}/assets/style.css"))
            .send()
            .await
            .unwrap();
        if r.status().as_u16() == 429 {
            turned = Some(r);
            break;
        }
    }
    let turned = turned.expect("a burst past the limit is turned away");
    assert_eq!(turned.headers()["retry-after"], "1");
    tokio::time::sleep(Duration::from_secs(2)).await;

    // The server shows nothing again: every page is "Nothing here".
    config_set(&fake, &moderator, "web", "off").await;
    for (what, url) in [
        ("the game", &link),
        ("the event", &event_link),
        ("the server", &server_link),
    ] {
        assert_nothing_here(&get(&client, url).await, what);
    }
    drop(second);
    fake.assert_no_violations();
}

/// Where the browser's screenshots are kept, to be looked at.
fn shots_dir() -> PathBuf {
    std::env::temp_dir().join("tengen-web-shots")
}

/// Drives Debian's chromium over the pages with `tests/browser/check_pages.mjs`; on `READY`
/// plays a move (Bob's, Black's turn) and answers `PLAYED`. Without chromium or the driver's
/// package it says so and returns, except under CI, where they must be there.
async fn browse(
    game: &str,
    event: &str,
    server: &str,
    table: &Table<'_>,
    _alice: &TestUser,
    bob: &TestUser,
) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| Path::new(p).exists());
    let driver = root.join("tests/browser/node_modules/playwright-core");
    let (Some(chromium), true) = (chromium, driver.exists()) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "the browser test needs chromium and tests/browser's package (.ci/run installs them)"
        );
        eprintln!("skipping the browser: no chromium or no tests/browser/node_modules");
        return;
    };
    let shots = shots_dir();
    let mut child = tokio::process::Command::new("node")
        .arg(root.join("tests/browser/check_pages.mjs"))
        .args(["--chromium", chromium, "--game", game, "--event", event])
        .args(["--server", server])
        .arg("--shots")
        .arg(&shots)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("node runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
    while let Some(line) = tokio::time::timeout_at(deadline, lines.next_line())
        .await
        .expect("the browser finishes within 90 s")
        .unwrap()
    {
        eprintln!("browser: {line}");
        if line.starts_with("READY") {
            table.play(bob, "G7").await;
            stdin.write_all(b"PLAYED\n").await.unwrap();
            stdin.flush().await.unwrap();
        }
        seen.push(line);
    }
    let status = child.wait().await.unwrap();
    assert!(status.success(), "the browser's check failed: {seen:?}");
    let expect = [
        "GAME ",
        "HOME n=0",
        "RIGHT n=3",
        "LEFT n=2",
        "END ",
        "LIVE ",
        "EVENT ",
        "SERVER ",
        "DONE",
    ];
    for head in expect {
        assert!(seen.iter().any(|l| l.starts_with(head)), "{head}: {seen:?}");
    }
    eprintln!("the browser's screenshots: {}", shots.display());
}

/// A viewer of a game's stream: sends the number of moves of each state it receives, with
/// when it received it.
async fn viewer(
    client: reqwest::Client,
    url: String,
    seen: tokio::sync::mpsc::UnboundedSender<(usize, Instant)>,
) {
    let Ok(mut response) = client.get(url).send().await else {
        return;
    };
    assert_eq!(response.status().as_u16(), 200, "a viewer refused");
    let mut buffer = String::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ")) {
                // Each move is one `"c":` in the data.
                if seen
                    .send((data.matches("\"c\":").count(), Instant::now()))
                    .is_err()
                {
                    return;
                }
            }
        }
    }
}

fn quantiles(mut v: Vec<Duration>) -> String {
    v.sort();
    let at = |q: f64| v[((q * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
    format!(
        "n={} p50={:.1} ms p99={:.1} ms max={:.1} ms",
        v.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        v[v.len() - 1].as_secs_f64() * 1e3
    )
}

/// A measurement, run by name: 1,000 viewers (50 loopback addresses, 20 streams each) on a
/// game's page while its players click 200 times through the fake Discord: the interactions'
/// reply latency and each move's time to every viewer.
/// `cargo test --release --test e2e -- --ignored --nocapture e2e_web::interactions_with_a_thousand_viewers`
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run it by name"]
async fn interactions_with_a_thousand_viewers() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let env = environment(port, None);
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let moderator = moderator(&fake);
    let _bot = start(&fake, dir.path(), &env);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    config_set(&fake, &moderator, "web", "games").await;
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    table.play(&bob, "E5").await;
    let link = web_link(&table.board()).expect("the board's link");
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    for a in 0..50u8 {
        let client = reqwest::Client::builder()
            .local_address(std::net::IpAddr::V4(std::net::Ipv4Addr::new(
                127,
                0,
                4,
                a + 1,
            )))
            .build()
            .unwrap();
        for _ in 0..20 {
            tokio::spawn(viewer(client.clone(), format!("{link}/live"), tx.clone()));
        }
    }
    drop(tx);
    let mut watching = 0;
    while watching < 1000 {
        let (moves, _) = tokio::time::timeout(Duration::from_secs(30), rx.recv())
            .await
            .expect("every viewer's first state")
            .unwrap();
        assert_eq!(moves, 1);
        watching += 1;
    }
    let start = fake.callbacks().len();
    let mut rng = tengen::go::light_playout::Rng::new(7);
    let mut players = [&alice, &bob];
    let mut pressed: Vec<Option<Instant>> = vec![None, None];
    let mut clicks = 0;
    while clicks < 200 {
        let Some(step) = table.random_move(players[0], &mut rng).await else {
            break;
        };
        clicks += step.clicks;
        if let Some(at) = step.pressed {
            pressed.push(Some(at));
            players.swap(0, 1);
        }
    }
    let moves = pressed.len() - 1;
    // Every viewer's every move.
    // Every state each viewer received (a viewer slower than two moves gets the later one
    // only: the page shows the game as it is), until the streams are quiet.
    let mut reached = Vec::new();
    while let Ok(Some((n, when))) = tokio::time::timeout(Duration::from_secs(3), rx.recv()).await {
        if let Some(Some(at)) = pressed.get(n) {
            reached.push(when.duration_since(*at));
        }
    }
    let skipped = 1000 * (moves - 1) - reached.len().min(1000 * (moves - 1));
    let replies: Vec<Duration> = fake
        .callbacks()
        .into_iter()
        .skip(start)
        .map(|c| c.latency)
        .collect();
    eprintln!(
        "{clicks} clicks, {} moves, 1,000 viewers; states skipped by a slow viewer: {skipped}",
        moves - 1
    );
    eprintln!("interaction replies: {}", quantiles(replies));
    eprintln!("a move on every viewer's stream: {}", quantiles(reached));
    fake.assert_no_violations();
}
