//! The web pages' speed, in process: a game's page served, and one live game watched by
//! 1,000 viewers. A plain bench binary (`harness = false`): `cargo bench --bench web`.
//!
//! - **A page**: the page of a 19×19 game of 200 moves (its data holds every move with the
//!   stones it took), asked for 2,000 times in a row over one keep-alive connection; p50, p99
//!   and max. Budget: p99 ≤ 20 ms.
//! - **1,000 viewers** on loopback (50 addresses, 20 streams each: the limits per address hold)
//!   of the same game, while 40 more moves are played through the runtime's handle, the path
//!   of a click: each move's time to be applied (p50, p99, max; the same 40 before anyone
//!   watched, for comparison) and the time from the move to each viewer's stream receiving it.
//!   Budgets: the move's p99 ≤ 25 ms, every viewer within 1 s. Server and viewers share the
//!   same two threads here: a harsher test than a real host, whose viewers are elsewhere.

#[path = "common/games.rs"]
mod games;

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tengen::game::{Command, MatchId, SettingChange, Timestamp, UserId};
use tengen::runtime::{Clock, ComputerConfig, Handle, SystemClock};
use tengen::service::Service;
use tengen::store::{Durability, Store};
use tokio::sync::mpsc;

use games::{GUILD, quiet, start};

const VIEWERS_PER_ADDRESS: usize = 20;
const ADDRESSES: usize = 50;
const PAGE_REQUESTS: usize = 2_000;
const LIVE_MOVES: usize = 40;

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn report(what: &str, mut v: Vec<Duration>) {
    v.sort();
    println!(
        "{what}: n={} p50={:.2} ms p99={:.2} ms max={:.2} ms",
        v.len(),
        percentile(&v, 0.50).as_secs_f64() * 1e3,
        percentile(&v, 0.99).as_secs_f64() * 1e3,
        v[v.len() - 1].as_secs_f64() * 1e3
    );
}

/// A service with one 19×19 game of `moves` moves on a server that shows its games.
fn service(dir: &tempfile::TempDir, moves: usize) -> (Service, MatchId, [UserId; 2]) {
    let now: Timestamp = SystemClock.now();
    let store = Store::open(&dir.path().join("web.db"), Durability::Power).expect("open");
    let svc = Service::open(Arc::new(store), now).expect("service");
    for (key, value) in [
        ("allowed-sizes", "9,19"),
        ("board-size", "19"),
        ("time-default", "correspondence"),
        ("web", "games"),
    ] {
        let change = SettingChange::Set {
            key: key.to_owned(),
            value: value.to_owned(),
        };
        svc.apply(
            Command::Configure {
                guild: GUILD,
                moderator: true,
                change,
            },
            now,
        )
        .result
        .expect("setting");
    }
    let game = start(&svc, UserId(10), UserId(11), now);
    let m = svc.load_match(game).expect("read").expect("the game");
    let black = m.players[tengen::go::Color::Black];
    let white = m.players[tengen::go::Color::White];
    for k in 0..moves {
        let by = if k % 2 == 0 { black } else { white };
        svc.apply(
            Command::Play {
                by,
                point: quiet(k),
                board: None,
            },
            now,
        )
        .result
        .expect("a move");
    }
    (svc, game, [black, white])
}

/// Plays the game's move `k` through the handle: how long it took.
async fn play(handle: &Handle, players: [UserId; 2], k: usize) -> Duration {
    let started = Instant::now();
    let applied = handle
        .apply(Command::Play {
            by: players[k % 2],
            point: quiet(k),
            board: None,
        })
        .await;
    applied.result.expect("a move");
    started.elapsed()
}

/// A viewer: reads the game's stream and reports the number of moves of each state.
async fn viewer(client: reqwest::Client, url: String, seen: mpsc::UnboundedSender<usize>) {
    let mut response = client.get(url).send().await.expect("the stream");
    assert_eq!(response.status().as_u16(), 200, "a stream refused");
    let mut buffer = String::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ")) {
                // The number of moves: each move is one `"c":` in the data.
                let moves = data.matches("\"c\":").count();
                if seen.send(moves).is_err() {
                    return;
                }
            }
        }
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = tempfile::tempdir().expect("a folder");
    let (svc, game, players) = service(&dir, 200);
    let computer = ComputerConfig {
        threads: 1,
        max_games: 0,
        max_playouts: None,
        external: false,
        review_playouts: None,
    };
    let (handle, _scheduler, _outcomes) = Handle::start(svc, Arc::new(SystemClock), computer);
    let web = tengen::web::Web::new(handle.clone(), false)
        .await
        .expect("the pages");
    let path = web.game_link(game);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let address = listener.local_addr().expect("its address");
    let (_stop, stop) = tokio::sync::watch::channel(false);
    let _server = tengen::web::serve_on(web, listener, stop);
    let page = format!("http://{address}{path}");

    // A page, 2,000 times (after 200 to warm up), one address at a rate below its limit.
    let client = reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 2, 1)))
        .build()
        .expect("a client");
    let mut times = Vec::with_capacity(PAGE_REQUESTS);
    let mut bytes = 0;
    for i in 0..PAGE_REQUESTS + 200 {
        let started = Instant::now();
        let r = client.get(&page).send().await.expect("the page");
        assert_eq!(r.status().as_u16(), 200);
        bytes = r.bytes().await.expect("its body").len();
        if i >= 200 {
            times.push(started.elapsed());
        }
        // 20 a second is an address's rate: pace to stay under it.
        tokio::time::sleep(Duration::from_millis(51).saturating_sub(started.elapsed())).await;
    }
    println!("the page of a 19×19 game of 200 moves: {bytes} bytes");
    report("page served", times);

    // The moves' time before anyone watches.
    let mut k = 200;
    let mut before = Vec::new();
    for _ in 0..LIVE_MOVES {
        before.push(play(&handle, players, k).await);
        k += 1;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    report("a move applied, no viewer", before);

    // 1,000 viewers from 50 loopback addresses.
    let (tx, mut rx) = mpsc::unbounded_channel();
    let stream = format!("{page}/live");
    for a in 0..ADDRESSES {
        let ip = IpAddr::V4(Ipv4Addr::new(127, 0, 3, (a + 1) as u8));
        let client = reqwest::Client::builder()
            .local_address(ip)
            .pool_max_idle_per_host(0)
            .build()
            .expect("a client");
        for _ in 0..VIEWERS_PER_ADDRESS {
            tokio::spawn(viewer(client.clone(), stream.clone(), tx.clone()));
        }
    }
    drop(tx);
    let viewers = ADDRESSES * VIEWERS_PER_ADDRESS;
    // Each viewer's first state: the game as it stands.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut first = 0;
    while first < viewers {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, rx.recv()).await {
            Ok(Some(n)) if n == k => first += 1,
            Ok(Some(_)) => {}
            _ => panic!("{first} of {viewers} viewers had the game within 30 s"),
        }
    }
    println!("{viewers} viewers watching");
    let mut applied = Vec::new();
    let mut reached = Vec::new();
    for _ in 0..LIVE_MOVES {
        let started = Instant::now();
        applied.push(play(&handle, players, k).await);
        k += 1;
        let mut got = 0;
        while got < viewers {
            match tokio::time::timeout(Duration::from_secs(10), rx.recv()).await {
                Ok(Some(n)) if n == k => {
                    got += 1;
                    reached.push(started.elapsed());
                }
                Ok(Some(_)) => {}
                _ => panic!("move {k} reached {got} of {viewers} viewers within 10 s"),
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    report("a move applied, 1,000 viewers", applied);
    report("a move on every viewer's stream", reached);
}
