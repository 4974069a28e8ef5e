//! The command line: `tengen run` (the bot, the default), `tengen replay`, `tengen render`,
//! `tengen gtp`.

pub mod gtp;
mod migrate_db;
pub mod problems;
pub mod problems_export;
pub mod problems_gnugo;
mod render;
mod replay;
mod review;
mod worker;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::config::{BotArgs, HeartbeatArgs, HostConfig, SqliteFileArgs, with_environment};

pub use render::{Overlay, RenderArgs, RenderCliError, render_file};
pub use replay::{ReplayArgs, ReplayReport, replay_report};

/// Tengen: play Go on Discord, and the offline tools that go with it.
#[derive(Debug, Parser)]
#[command(name = "tengen", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the Discord bot (the default when no command is given).
    Run(Box<BotArgs>),
    /// Replay an SGF record under a rule set: first illegal move, final position, score.
    Replay(ReplayArgs),
    /// Draw an SGF record as a PNG board, at its end or at any move.
    Render(RenderArgs),
    /// Play Go over the Go Text Protocol (GTP 2) on standard input and output.
    Gtp(gtp::GtpArgs),
    /// Exit 0 if the running bot wrote its heartbeat in the last 90 s (for container health
    /// checks): `HEARTBEAT_PATH`, else the database file's name with `.heartbeat` added.
    Health(HealthArgs),
    /// Copy everything from the SQLite file into an empty PostgreSQL database (the bot stopped).
    MigrateDb(migrate_db::MigrateArgs),
    /// Think for the computer: take searches from the PostgreSQL database of `DATABASE_URL`
    /// (the bots run with `AI_WORKERS=external`), answer them, until SIGTERM or SIGINT.
    Worker(worker::WorkerArgs),
    /// The training ground's problems: generate the set, prove it again, write it as SGF.
    Problems(problems::ProblemsArgs),
    /// Review a game with the engine: the win rate chart, each player's biggest mistakes as
    /// boards, and a review record with the better lines as variations.
    Review(review::ReviewArgs),
}

/// Where `tengen health` looks.
#[derive(Debug, clap::Args)]
pub struct HealthArgs {
    #[command(flatten)]
    file: SqliteFileArgs,
    #[command(flatten)]
    heartbeat: HeartbeatArgs,
}

/// The bot's settings alone, for `tengen` without a command.
#[derive(Debug, Parser)]
#[command(name = "tengen")]
struct RunOnly {
    #[command(flatten)]
    bot: BotArgs,
}

/// Parses `T` from the arguments and the environment (`.env` read, blank values unset);
/// clap's own message and exit status 2 when they do not parse.
fn parse<T: CommandFactory + FromArgMatches>(args: Option<&[&str]>) -> T {
    let command = with_environment(T::command());
    let matches = match args {
        Some(a) => command.get_matches_from(a),
        None => command.get_matches(),
    };
    T::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// Parses the arguments and runs the chosen command.
pub fn main() -> ExitCode {
    let cli: Cli = parse(None);
    match cli.command {
        None => run_bot(parse::<RunOnly>(Some(&["tengen"])).bot),
        Some(Command::Run(args)) => run_bot(*args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Render(args)) => render::run(&args),
        Some(Command::Gtp(args)) => gtp::run(&args),
        Some(Command::Health(args)) => health(&args),
        Some(Command::MigrateDb(args)) => migrate_db::run(&args),
        Some(Command::Worker(args)) => worker::run(&args),
        Some(Command::Problems(args)) => problems::run(&args),
        Some(Command::Review(args)) => review::run(&args),
    }
}

/// The bot's log filter: `RUST_LOG`, else `info` with serenity's own logs at warnings. Whatever
/// the host writes, serenity's HTTP spans stay at warnings unless `RUST_LOG` names serenity: at
/// `info` they write every request into their fields, each byte of an uploaded board image
/// formatted one by one (a third of the bot's CPU under load).
fn log_filter(rust_log: Option<String>) -> tracing_subscriber::EnvFilter {
    const DEFAULT: &str = "info,serenity=warn,tracing::span=warn";
    let text = match rust_log.filter(|t| !t.trim().is_empty()) {
        Some(t) if t.contains("serenity") => t,
        Some(t) => format!("{t},serenity::http=warn"),
        None => DEFAULT.to_owned(),
    };
    tracing_subscriber::EnvFilter::try_new(text)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT))
}

/// Logs to stderr through `filter`, in colour only on a terminal (a file or Docker's log gets
/// plain text).
pub(crate) fn init_logs(filter: tracing_subscriber::EnvFilter) {
    use std::io::IsTerminal;
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
}

/// The first line of the bot's log: the version and the settings a host looks for when
/// something is wrong (never the token, never the database's password).
fn log_start(config: &HostConfig) {
    use crate::store::{Durability, Location};
    let (store, sync) = match &config.database {
        Location::Sqlite {
            durability: Durability::Power,
            ..
        } => ("sqlite", "full"),
        Location::Sqlite { .. } => ("sqlite", "normal"),
        Location::Postgres { .. } => ("postgres", "full"),
    };
    let shards = match config.shards {
        crate::config::Shards::Auto => "auto".to_owned(),
        crate::config::Shards::Count(n) => n.to_string(),
    };
    let range = config
        .shard_range
        .map_or_else(|| "all".to_owned(), |(a, b)| format!("{a}-{b}"));
    let engine = config.engine.as_ref().map_or("none", |e| e.name.as_str());
    tracing::info!(
        version = %env!("CARGO_PKG_VERSION"),
        store = %store,
        database = %config.database,
        sync = %sync,
        shards = %shards,
        shard_range = %range,
        workers = %if config.computer.external { "external" } else { "local" },
        ai_threads = config.computer.threads,
        ai_max_games = config.computer.max_games,
        engine = %engine,
        heartbeat = %config.heartbeat_path.display(),
        "tengen starting"
    );
}

/// Starts the bot: settings from `.env` and the environment, logs to stderr, then serve until
/// SIGINT/SIGTERM. A bad setting or an unusable database is one line and exit status 2.
fn run_bot(args: BotArgs) -> ExitCode {
    let config = match HostConfig::from_args(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tengen: {e}");
            return ExitCode::from(2);
        }
    };
    init_logs(log_filter(std::env::var("RUST_LOG").ok()));
    log_start(&config);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tengen: cannot start the async runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let pages = config.web.clone().map(|web| -> crate::runtime::Companion {
        Box::new(move |handle, stop| {
            Box::pin(async move {
                crate::web::serve(handle, &web, stop)
                    .await
                    .map_err(|e| e.to_string())
            })
        })
    });
    match runtime.block_on(crate::discord::run(config, pages)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen: {e}");
            ExitCode::from(2)
        }
    }
}

fn health(args: &HealthArgs) -> ExitCode {
    let path = args.heartbeat.path(&args.file);
    if crate::discord::is_healthy(&path) {
        ExitCode::SUCCESS
    } else {
        eprintln!("tengen: no recent heartbeat in {}", path.display());
        ExitCode::from(1)
    }
}

/// The rule set and komi a record is replayed and counted under, the same for `replay` and
/// `render`: `--rules`, else the record's RU when it names a rule set Tengen plays, else
/// classic; `--komi`, else the record's KM, else that rule set's own komi.
pub(crate) fn rules_and_komi(
    rules: Option<crate::go::RuleSet>,
    komi: Option<crate::go::Komi>,
    record: &crate::go::sgf::Record,
) -> (crate::go::RuleSet, crate::go::Komi) {
    record.rule_set_and_komi(rules, komi)
}

/// Writes to standard output, ignoring a closed pipe (`tengen replay … | head` must not panic).
pub(crate) fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

#[cfg(test)]
mod tests {
    use super::log_filter;

    #[test]
    fn serenity_http_spans_stay_quiet_unless_the_host_names_serenity() {
        let given = log_filter(Some("info,tengen=debug".into())).to_string();
        assert!(given.contains("serenity::http=warn"), "{given}");
        assert!(given.contains("tengen=debug"), "{given}");
        let named = log_filter(Some("info,serenity=debug".into())).to_string();
        assert!(!named.contains("serenity::http=warn"), "{named}");
        assert!(named.contains("serenity=debug"), "{named}");
        for unset in [None, Some(String::new()), Some("not[a filter".into())] {
            let default = log_filter(unset).to_string();
            assert!(default.contains("serenity=warn"), "{default}");
        }
    }
}
