//! The Discord adapter: decodes interactions into game commands, asks `game` (through the
//! runtime), and draws what it says. It decides no rule. Its own things — message ids, threads,
//! the title role, how players are notified, the language — live in its own tables
//! ([`repo`]) and settings ([`discord_settings`]).

mod bot;
mod buttons;
mod choices;
mod commands;
pub mod custom_id;
pub mod discord_settings;
mod gateway;
pub mod i18n;
mod morning;
mod permissions;
mod primer;
pub mod publish;
mod reply;
mod snowflake;
pub mod ui;
mod web_links;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{FullEvent, OnlineStatus};
use tokio::sync::{mpsc, watch};
use tracing::{Instrument, error, info, info_span, warn};

use crate::config::HostConfig;
use crate::game::{Command, GuildId, Outcome, UserId};
use crate::runtime::{self, Clock, SystemClock};

pub use bot::Bot;
use bot::Error;

/// The slash commands as the bot registers them: the JSON body of its bulk overwrite, every
/// language's names and descriptions in it. Tests hold it against Discord's limits.
pub fn registered_commands() -> Vec<serde_json::Value> {
    poise::builtins::create_application_commands(&commands::all())
        .into_iter()
        .filter_map(|c| serde_json::to_value(c).ok())
        .collect()
}

/// Why the bot could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("cannot create the database folder {0}: {1}")]
    Folder(PathBuf, std::io::Error),
    #[error(transparent)]
    Start(#[from] runtime::StartError),
    #[error("cannot start the Discord client: {0}")]
    Client(String),
    #[error("cannot listen for SIGTERM and SIGINT: {0}")]
    Signals(std::io::Error),
    /// The host's engine (`AI_ENGINE_COMMAND`) does not work: it cannot start, ends, or
    /// refuses GTP's first command.
    #[error(
        "AI_ENGINE_COMMAND {program:?} does not work as a GTP engine ({cause}): check the program \
         and its arguments, or leave AI_ENGINE_COMMAND out"
    )]
    Engine {
        program: String,
        cause: runtime::gtp_engine::EngineError,
    },
    /// The connection holding this process's shards failed: another process may serve them
    /// now. The process stops (its supervisor starts it again, as a standby).
    #[error("the shards of this process were lost with their database connection")]
    ShardsLost,
    /// The web pages could not start (their address is taken, say).
    #[error("{0}")]
    Beside(String),
}

/// How old the heartbeat may be for the bot to count as healthy.
pub const HEALTHY_WITHIN: Duration = Duration::from_secs(90);

/// How long the host's engine is given to answer `protocol_version` at start (a large network
/// may take a while to load).
const ENGINE_CHECK_WAIT: Duration = Duration::from_secs(30);

/// How long a stop waits for the gateway to close.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(10);

/// How often boards that fell behind are looked for.
const RECONCILE_EVERY: Duration = Duration::from_secs(60);

/// Whether the bot has written its `heartbeat` file recently.
pub fn is_healthy(heartbeat: &Path) -> bool {
    std::fs::metadata(heartbeat)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age <= HEALTHY_WITHIN)
}

/// Runs the bot until SIGINT or SIGTERM: opens the database (its serving lock first), checks
/// the host's engine, then asks Discord how to shard, loads every running game, connects to
/// Discord, serves interactions and fires deadlines; on a signal it stops taking commands,
/// finishes those in flight and closes the database.
///
/// # Errors
/// The database cannot be opened, the host's engine does not work, or the Discord client
/// cannot start.
pub async fn run(config: HostConfig, beside: Option<runtime::Companion>) -> Result<(), RunError> {
    make_folders(&config)?;
    let heartbeat_file = config.heartbeat_path.clone();
    let mut signals = runtime::StopSignals::listen().map_err(RunError::Signals)?;
    // The database before Discord: a second process on the same file stops here, at once.
    let opened = runtime::open(&config.database).await?;
    // The engine's check and Discord's answer may take a while: a signal meanwhile stops the
    // bot at once, before it serves anything.
    if let Some(engine) = config.engine.clone() {
        tokio::select! {
            checked = check_engine(&engine) => checked?,
            () = signals.recv() => {
                stopped_before_serving();
                return Ok(());
            }
        }
        crate::game::computer::set_host_engine(engine);
    }
    let clock: Arc<dyn Clock> = match &config.clock_offset_file {
        Some(file) => Arc::new(runtime::OffsetClock { file: file.clone() }),
        None => Arc::new(SystemClock),
    };
    let plan = tokio::select! {
        plan = gateway::plan(&config) => plan,
        () = signals.recv() => {
            stopped_before_serving();
            return Ok(());
        }
    };
    let loading = std::time::Instant::now();
    let runtime::Started {
        handle,
        scheduler,
        fired,
        shards: shard_news,
        held,
    } = runtime::start(opened, clock, config.computer, plan.shards.clone()).await?;
    if let Some(path) = &config.problem_set {
        match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| crate::problems::ProblemSet::from_gzip(&b).map_err(|e| e.to_string()))
        {
            Ok(set) => {
                tracing::info!(problems = set.len(), path = %path.display(), "the problem set");
                handle.set_problem_set(set).await;
            }
            Err(e) => {
                tracing::error!(path = %path.display(), error = %e, "cannot read the problem set; serving the shipped one")
            }
        }
    }
    // Every size's drawing prepared now, so that no first board waits on it.
    let _ = runtime::blocking(crate::render::prepare_all).await;
    report_loaded(&handle, loading, &config).await;
    let (stop_tx, stop_rx) = watch::channel(false);
    // The front end beside Discord's (the web pages) serves from the same runtime.
    let beside = match beside {
        Some(start) => Some(
            start(handle.clone(), stop_rx.clone())
                .await
                .map_err(RunError::Beside)?,
        ),
        None => None,
    };
    let mut bot = Bot::new(handle, config.dev_guild_id);
    bot.web_url.clone_from(&config.web_public_url);
    let bot = Arc::new(bot);
    let connections = Arc::new(gateway::Connections::new(&held));
    let heartbeat = tokio::spawn(beat(
        Arc::clone(&bot),
        Arc::clone(&connections),
        heartbeat_file.clone(),
        stop_rx.clone(),
    ));
    let startup = Arc::new(gateway::Startup::new(fired, stop_rx.clone()));
    let mut gateway = gateway::Gateway::new(
        Arc::clone(&bot),
        &config,
        plan.max_concurrency,
        startup,
        shard_news,
        connections,
    );
    let result = tokio::select! {
        r = gateway.run() => r,
        () = signals.recv() => {
            info!("shutting down: no new commands");
            Ok(())
        }
    };
    bot.stopping.store(true, Ordering::SeqCst);
    // The gateway may be down (Discord unreachable): never wait on it for ever.
    if tokio::time::timeout(SHUTDOWN_WAIT, gateway.shutdown())
        .await
        .is_err()
    {
        warn!("the gateway did not close in time; stopping anyway");
    }
    let _ = stop_tx.send(true);
    if let Some(pages) = beside
        && tokio::time::timeout(SHUTDOWN_WAIT, pages).await.is_err()
    {
        warn!("the web pages did not stop in time; stopping anyway");
    }
    wait_for_flights(&bot).await;
    scheduler.stop().await;
    let _ = heartbeat.await;
    let _ = std::fs::remove_file(&heartbeat_file);
    drop(gateway);
    drop(bot);
    info!("database closed; goodbye");
    result
}

/// The folders of the database and heartbeat files, made if missing.
fn make_folders(config: &HostConfig) -> Result<(), RunError> {
    for file in [&config.database_path, &config.heartbeat_path] {
        if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| RunError::Folder(dir.to_owned(), e))?;
        }
    }
    Ok(())
}

/// Logs what start-up loaded: the stored games kept out of play, and how many run.
async fn report_loaded(handle: &runtime::Handle, loading: std::time::Instant, config: &HostConfig) {
    match handle.load_problems().await {
        Ok(problems) => {
            for p in problems {
                warn!(subject = ?p.subject, problem = %p.error, "a stored game could not be loaded; it is kept out of play");
            }
        }
        Err(e) => warn!(error = %e, "cannot list the games that could not be loaded"),
    }
    match handle.running().await {
        Ok(running) => info!(
            running = running.len(),
            ms = loading.elapsed().as_millis() as u64,
            database = %config.database,
            "games loaded"
        ),
        Err(e) => warn!(error = %e, "cannot count the running games"),
    }
}

/// Waits (five seconds at most) for the interactions in flight to be answered.
async fn wait_for_flights(bot: &Bot) {
    for _ in 0..100 {
        if bot.in_flight.load(Ordering::SeqCst) == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The poise framework of one shard's client: the commands, the events the commands do not
/// cover, and what happens once the first shard is connected (commands registered, what
/// start-up recovered shown, boards reconciled), each a task of its own: a shard's events
/// wait for its setup to end.
fn framework(bot: Arc<Bot>, startup: Arc<gateway::Startup>) -> poise::Framework<Arc<Bot>, Error> {
    let options = poise::FrameworkOptions {
        commands: commands::all(),
        on_error: |e| Box::pin(commands::on_error(e)),
        event_handler: |ctx, event| Box::pin(on_event(ctx, event)),
        initialize_owners: false,
        ..Default::default()
    };
    poise::Framework::builder()
        .options(options)
        .setup(move |ctx, ready, framework| {
            let bot = Arc::clone(&bot);
            Box::pin(async move {
                info!(user = %ready.user.name, guilds = ready.guilds.len(), shard = ?ready.shard, "connected to Discord");
                let _ = bot.http.set(Arc::clone(&ctx.http));
                if let Some(fired) = startup.first_ready() {
                    // Beside this shard's events, not before them: they wait for this setup to
                    // end, and Discord may take seconds over a bulk overwrite of the commands.
                    let commands =
                        poise::builtins::create_application_commands(&framework.options().commands);
                    tokio::spawn(register(Arc::clone(&bot), Arc::clone(&ctx.http), commands));
                    tokio::spawn(publish_fired(Arc::clone(&bot), fired));
                    tokio::spawn(recover(Arc::clone(&bot), startup.stop()));
                    tokio::spawn(publish::review_steps::follow_reviews(
                        Arc::clone(&bot),
                        startup.stop(),
                    ));
                    tokio::spawn(morning::follow_mornings(Arc::clone(&bot), startup.stop()));
                }
                Ok(bot)
            })
        })
        .build()
}

/// Registers the commands, globally or to the development server.
async fn register(
    bot: Arc<Bot>,
    http: Arc<serenity::all::Http>,
    commands: Vec<serenity::all::CreateCommand>,
) {
    let count = commands.len();
    let result = match bot.dev_guild {
        Some(g) => serenity::all::GuildId::from(g)
            .set_commands(&http, commands)
            .await
            .map(drop),
        None => serenity::all::Command::set_global_commands(&http, commands)
            .await
            .map(drop),
    };
    match result {
        Ok(()) => {
            info!(commands = count, guild = ?bot.dev_guild, "slash commands registered")
        }
        Err(e) => error!(error = %e, "could not register the slash commands"),
    }
}

/// Everything but the commands: presses, presence, guilds' locales, the connection.
async fn on_event(
    ctx: poise::FrameworkContext<'_, Arc<Bot>, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let bot = ctx.user_data;
    match event {
        FullEvent::InteractionCreate {
            interaction: serenity::all::Interaction::Component(press),
        } => buttons::on_press(ctx.serenity_context, bot, press).await,
        FullEvent::GuildCreate { guild, .. } => {
            bot.saw_guild_locale(GuildId(guild.id.get()), &guild.preferred_locale);
        }
        FullEvent::PresenceUpdate { new_data } => {
            let user = UserId(new_data.user.id.get());
            let command = match new_data.status {
                OnlineStatus::Offline | OnlineStatus::Invisible => Command::WentOffline { user },
                _ => Command::CameBack { user },
            };
            let applied = bot.runtime.apply(command).await;
            for o in applied.outcomes() {
                publish::publish(bot, o).await;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Shows outcomes no interaction caused: fired deadlines. Each game has a lane of its own, so
/// that one game's outcomes are shown in order while the games do not wait on each other
/// (after a restart, every renewed turn falls due at once).
async fn publish_fired(bot: Arc<Bot>, mut rx: mpsc::UnboundedReceiver<Outcome>) {
    let lanes: Arc<Mutex<HashMap<i64, mpsc::UnboundedSender<Outcome>>>> = Arc::default();
    while let Some(outcome) = rx.recv().await {
        // Only games and events have deadlines; anything else has no lane to keep in order.
        let Some(key) = outcome.subject.game_key() else {
            continue;
        };
        let mut map = lanes.lock().unwrap_or_else(|e| e.into_inner());
        let outcome = match map.get(&key) {
            Some(lane) => match lane.send(outcome) {
                Ok(()) => continue,
                Err(mpsc::error::SendError(o)) => o,
            },
            None => outcome,
        };
        let (tx, lane) = mpsc::unbounded_channel();
        let _ = tx.send(outcome);
        map.insert(key, tx);
        tokio::spawn(drain_lane(Arc::clone(&bot), key, lane, Arc::clone(&lanes)));
    }
}

/// Publishes one game's fired outcomes in order; the lane closes once empty.
async fn drain_lane(
    bot: Arc<Bot>,
    key: i64,
    mut lane: mpsc::UnboundedReceiver<Outcome>,
    lanes: Arc<Mutex<HashMap<i64, mpsc::UnboundedSender<Outcome>>>>,
) {
    loop {
        let next = match lane.try_recv() {
            Ok(o) => Some(o),
            Err(_) => {
                // Closing under the map's lock: nothing can be sent to this lane meanwhile.
                let mut map = lanes.lock().unwrap_or_else(|e| e.into_inner());
                match lane.try_recv() {
                    Ok(o) => Some(o),
                    Err(_) => {
                        map.remove(&key);
                        None
                    }
                }
            }
        };
        let Some(outcome) = next else {
            return;
        };
        let span = info_span!("deadline", subject = ?outcome.subject);
        publish::publish(&bot, &outcome).instrument(span).await;
    }
}

/// Catches what players see up with what was committed: the turns start-up renewed, the
/// invitations whose message was never saved, the boards that fell behind or were never
/// posted, the daily problem whose post or solution is missing — at once, then from time to
/// time.
async fn recover(bot: Arc<Bot>, mut stop: watch::Receiver<bool>) {
    let recovered = match bot.runtime.take_recovered().await {
        Ok(r) => r,
        Err(e) => {
            // Nothing is lost: the boards are reconciled below all the same.
            warn!(error = %e, "cannot read what start-up recovered");
            Vec::new()
        }
    };
    for outcome in &recovered {
        publish::publish(&bot, outcome).await;
    }
    repost_invitations(&bot).await;
    let mut at_start = true;
    loop {
        publish::reconcile(&bot, at_start).await;
        if let Some(http) = bot.http().cloned() {
            publish::training_steps::reconcile_daily(&bot, &http).await;
        }
        at_start = false;
        tokio::select! {
            () = tokio::time::sleep(RECONCILE_EVERY) => {}
            _ = stop.changed() => return,
        }
    }
}

/// Posts the invitations whose message was never saved (a crash between the commit and the
/// save), so that they show their buttons and their expiry.
async fn repost_invitations(bot: &Bot) {
    let Some(http) = bot.http().cloned() else {
        return;
    };
    let pending = match bot.runtime.pending_invitations().await {
        Ok(p) => p,
        Err(e) => {
            warn!(error = %e, "cannot read the pending invitations; their messages wait");
            return;
        }
    };
    for inv in pending {
        let id = inv.id;
        let posted = || async move { bot.runtime.invitation_message(id).await };
        if !matches!(posted().await, Ok(None)) {
            continue;
        }
        let _turn = bot.publisher.turn(id.get()).await;
        // Looked at again in the invitation's turn: its own command may have just posted it.
        if !matches!(posted().await, Ok(None))
            || !matches!(bot.runtime.invitation(id).await, Ok(Some(_)))
        {
            continue;
        }
        let lang = bot.guild_lang(inv.guild).await;
        let msg = ui::invitation_message::channel_message(&inv, lang);
        let sent = async {
            snowflake::channel(inv.channel)?
                .send_message(&http, msg)
                .await
        };
        match sent.await {
            Ok(m) => {
                let (channel, mid) = (inv.channel, m.id.get());
                let _ = bot.runtime.set_invitation_message(id, channel, mid).await;
                info!(
                    invitation = id.get(),
                    "posted an invitation whose message was lost"
                );
            }
            Err(e) => warn!(invitation = id.get(), error = %e, "could not post the invitation"),
        }
    }
}

/// How often the heartbeat file is written while the process does its job.
const BEAT_EVERY: Duration = Duration::from_secs(15);

/// Writes the heartbeat file while the process does its job (`tengen health` reads it): every
/// shard it serves connected to Discord, or none to serve (a standby). Looked at every second,
/// so that the file is written as soon as the job starts again; written every
/// [`BEAT_EVERY`] while it goes on. The runtime notes liveness in the database on its own.
async fn beat(
    bot: Arc<Bot>,
    connections: Arc<gateway::Connections>,
    file: PathBuf,
    mut stop: watch::Receiver<bool>,
) {
    let mut last: Option<std::time::Instant> = None;
    loop {
        if !connections.serving().await {
            last = None;
        } else if last.is_none_or(|t| t.elapsed() >= BEAT_EVERY) {
            let (now, f) = (bot.runtime.now().millis().to_string(), file.clone());
            match runtime::blocking(move || std::fs::write(f, now)).await {
                Ok(Ok(())) => last = Some(std::time::Instant::now()),
                Ok(Err(e)) => {
                    error!(error = %e, file = %file.display(), "cannot write the heartbeat")
                }
                Err(e) => error!(error = %e, "cannot write the heartbeat"),
            }
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(1)) => {}
            _ = stop.changed() => return,
        }
    }
}

/// Says that a signal stopped the bot while it started, before it served anything.
fn stopped_before_serving() {
    info!("stopped before serving anything; database closed");
}

/// Starts the host's engine once and asks it `protocol_version`, saying so in the log. An
/// engine that cannot start, ends or refuses is an error: the host named a program that does
/// not work, and finds out now rather than at a player's first game. One still silent after
/// [`ENGINE_CHECK_WAIT`] may be loading a large network: it is kept, with a warning (a move it
/// does not give in time is the advanced level's).
///
/// # Errors
/// [`RunError::Engine`].
async fn check_engine(engine: &crate::game::computer::HostEngine) -> Result<(), RunError> {
    use runtime::gtp_engine::{EngineError, GtpEngine};
    let command = engine.command.clone();
    let program = command.first().cloned().unwrap_or_default();
    let checked = runtime::blocking(move || GtpEngine::check(&command, ENGINE_CHECK_WAIT))
        .await
        .unwrap_or(Err(EngineError::Ended));
    match checked {
        Ok(version) => {
            info!(engine = %engine.name, program = %program, rank = %engine.rank, protocol = %version, "the host's engine started and answered protocol_version; it is the level engine");
            Ok(())
        }
        Err(e @ EngineError::Silent { .. }) => {
            warn!(engine = %engine.name, program = %program, error = %e, "the host's engine started but did not answer protocol_version yet; it stays the level engine, and a move it does not give in time is the advanced level's");
            Ok(())
        }
        Err(cause) => Err(RunError::Engine { program, cause }),
    }
}
