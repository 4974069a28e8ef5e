//! The Discord adapter: decodes interactions into game commands and replies. It decides no
//! rule: every action goes through [`crate::game::Service::apply`], the one path.

pub mod commands;
pub mod custom_id;
pub mod handler;
pub mod i18n;
pub mod learn;
pub mod publish;
pub mod ui;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serenity::all::{ClientBuilder, GatewayIntents, HttpBuilder};
use tokio::sync::{mpsc, watch};
use tracing::{error, info, warn};

use crate::config::HostConfig;
use crate::game::{Clock, Service, SystemClock, run_scheduler};
use crate::store::{Durability, Store};

use handler::{Bot, Handler, publish_fired};
use publish::Publisher;

/// Why the bot could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("cannot create the database folder {0}: {1}")]
    Folder(PathBuf, std::io::Error),
    #[error("cannot open the database {0}: {1}")]
    Database(PathBuf, String),
    #[error("cannot start the Discord client: {0}")]
    Client(String),
}

/// The file the running bot touches every few seconds while connected; `tengen health` reads it.
pub fn heartbeat_path(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".heartbeat");
    PathBuf::from(name)
}

/// How old the heartbeat may be for the bot to count as healthy.
pub const HEALTHY_WITHIN: Duration = Duration::from_secs(90);

/// Whether the bot serving `database` has written its heartbeat recently.
pub fn is_healthy(database: &Path) -> bool {
    std::fs::metadata(heartbeat_path(database))
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age <= HEALTHY_WITHIN)
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Runs the bot until SIGINT or SIGTERM: opens the database (recovering every running game),
/// connects to Discord, serves interactions and fires deadlines; on a signal it stops taking
/// commands, finishes those in flight and closes the database.
///
/// # Errors
/// The database cannot be opened, or the Discord client cannot start.
pub async fn run(config: HostConfig) -> Result<(), RunError> {
    let path = config.database_path.clone();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| RunError::Folder(dir.to_owned(), e))?;
    }
    let opened = {
        let db = path.clone();
        tokio::task::spawn_blocking(move || {
            let store = Store::open(&db, Durability::default()).map_err(|e| e.to_string())?;
            let service = Service::open(store, now_ms()).map_err(|e| e.to_string())?;
            for size in 5..=19 {
                if let Some(s) = crate::go::BoardSize::new(size) {
                    crate::render::prepare(s);
                }
            }
            Ok::<Service, String>(service)
        })
        .await
        .map_err(|e| RunError::Database(path.clone(), e.to_string()))?
        .map_err(|e| RunError::Database(path.clone(), e))?
    };
    let service = Arc::new(opened);
    for (id, problem) in service.load_problems() {
        warn!(match_id = id, problem = %problem, "a stored game could not be loaded");
    }
    info!(running = service.running().len(), database = %path.display(), "games loaded");

    let mut http = HttpBuilder::new(config.token.expose());
    if let Some(base) = &config.api_base {
        // A REST proxy does the rate limiting; serenity sends to it only with its own off.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let bot = Arc::new(Bot {
        service: Arc::clone(&service),
        publisher: std::sync::OnceLock::new(),
        clock: Arc::clone(&clock),
        dev_guild: config.dev_guild_id,
        stopping: AtomicBool::new(false),
        in_flight: AtomicUsize::new(0),
        connected: AtomicBool::new(false),
    });
    let mut intents = GatewayIntents::GUILDS;
    if config.presence {
        intents |= GatewayIntents::GUILD_PRESENCES;
    }
    let mut client = ClientBuilder::new_with_http(http.build(), intents)
        .event_handler(Handler(Arc::clone(&bot)))
        .await
        .map_err(|e| RunError::Client(e.to_string()))?;
    let _ = bot.publisher.set(Arc::new(Publisher::new(
        Arc::clone(&service),
        Arc::clone(&client.http),
    )));

    let (outcomes_tx, outcomes_rx) = mpsc::unbounded_channel();
    service.set_side_channel(outcomes_tx.clone());
    let (stop_tx, stop_rx) = watch::channel(false);
    let scheduler = tokio::spawn(run_scheduler(
        Arc::clone(&service),
        clock,
        outcomes_tx,
        stop_rx.clone(),
    ));
    let publisher = tokio::spawn(publish_fired(Arc::clone(&bot), outcomes_rx));
    let heartbeat = tokio::spawn(beat(Arc::clone(&bot), heartbeat_path(&path), stop_rx));

    let shards = client.shard_manager.clone();
    let signals = tokio::spawn(async move {
        wait_for_signal().await;
        info!("shutting down: no new commands");
        shards.shutdown_all().await;
    });
    let result = client.start().await;
    bot.stopping.store(true, Ordering::SeqCst);
    signals.abort();
    let _ = stop_tx.send(true);
    for _ in 0..100 {
        if bot.in_flight.load(Ordering::SeqCst) == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = scheduler.await;
    publisher.abort();
    let _ = heartbeat.await;
    let _ = std::fs::remove_file(heartbeat_path(&path));
    drop(client);
    drop(bot);
    info!("database closed; goodbye");
    result.map_err(|e| RunError::Client(e.to_string()))
}

async fn beat(bot: Arc<Bot>, file: PathBuf, mut stop: watch::Receiver<bool>) {
    loop {
        if bot.connected.load(Ordering::SeqCst)
            && let Err(e) = std::fs::write(&file, now_ms().to_string())
        {
            error!(error = %e, file = %file.display(), "cannot write the heartbeat");
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(15)) => {}
            _ = stop.changed() => return,
        }
    }
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
