//! The host's settings, each defined once here as an environment variable (read from `.env`
//! too) that may also be given as a flag of the same name (`AI_THREADS=2` or
//! `--ai-threads 2`), by clap's `env`: the bot (`tengen run`), the computer's worker
//! (`tengen worker`), `tengen health` and `tengen migrate-db` take the groups they need. A
//! variable set but blank counts as unset, as a host who leaves `DEV_GUILD_ID=` in `.env`
//! means. What clap cannot check alone (the token's shape, a shard range within the shards,
//! the workers on PostgreSQL) is [`HostConfig::from_args`]'s.

use std::fmt;
use std::num::NonZeroU64;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::runtime::ComputerConfig;
use crate::store::{Durability, Location};

/// The default database file, relative to the working directory.
pub const DEFAULT_DATABASE_PATH: &str = "./data/tengen.db";

/// The connections a PostgreSQL pool opens when `DATABASE_CONNECTIONS` does not say.
pub const DEFAULT_DATABASE_CONNECTIONS: u32 = 8;

/// The bot's token. Its `Debug` and `Display` never show it, so it cannot reach a log line.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The secret itself, for the one place that hands it to Discord's client.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// What the host configures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostConfig {
    pub token: Token,
    /// The SQLite file (`DATABASE_PATH`).
    pub database_path: PathBuf,
    /// The file the running bot beats in and `tengen health` reads (`HEARTBEAT_PATH`, else
    /// beside the database: see [`heartbeat_path`]).
    pub heartbeat_path: PathBuf,
    /// The database the bot serves: `DATABASE_URL` (PostgreSQL) if set, else the SQLite file.
    pub database: Location,
    /// Register commands to this guild only (instant), for development.
    pub dev_guild_id: Option<std::num::NonZeroU64>,
    /// Base URL of a REST proxy for Discord's API; serenity's own rate limiter is then off.
    pub api_base: Option<String>,
    /// Ask Discord for members' presence (a privileged intent), which reconnect grace needs.
    pub presence: bool,
    /// How hard each commit is pushed to the disk (`DATABASE_SYNC`: `full`, the default, or
    /// `normal`).
    pub durability: Durability,
    /// The computer's threads, games at once and playout cap (`AI_THREADS`, `AI_MAX_GAMES`,
    /// `AI_MAX_PLAYOUTS`).
    pub computer: ComputerConfig,
    /// The host's own GTP engine, offered as the level `engine` (`AI_ENGINE_COMMAND`,
    /// `AI_ENGINE_NAME`, `AI_ENGINE_RANK`).
    pub engine: Option<crate::game::computer::HostEngine>,
    /// How many of Discord's shards the bot runs with (`SHARDS`: `auto`, the default, for
    /// Discord's recommendation, or a number).
    pub shards: Shards,
    /// The shards this process serves, first and last (`SHARD_RANGE`, e.g. `0-7`); every
    /// shard when unset.
    pub shard_range: Option<(u32, u32)>,
    /// A problem set served instead of the shipped one (`PROBLEM_SET`: a file `tengen
    /// problems generate` wrote, gzipped JSON).
    pub problem_set: Option<PathBuf>,
    /// For tests of days passing: a file holding milliseconds added to the system's time
    /// (`TEST_CLOCK_OFFSET_FILE`), read at every look at the clock.
    pub clock_offset_file: Option<PathBuf>,
    /// The web pages: where they listen (`WEB_ADDRESS`, `WEB_BEHIND_PROXY`); none when unset.
    pub web: Option<crate::web::WebConfig>,
    /// Where people open them (`WEB_PUBLIC_URL`, without a trailing slash): the messages'
    /// links; none when unset.
    pub web_public_url: Option<String>,
}

/// The number of Discord's shards, as the host set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shards {
    /// Discord's recommendation (`GET /gateway/bot`), or the number the processes already
    /// serving the database run with.
    Auto,
    Count(u32),
}

/// The most shards a host may ask for (Discord's own limit is far beyond any one bot here).
pub const MAX_SHARDS: u32 = 4096;

/// Why the host configuration is unusable; each message says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token in it")]
    MissingToken,
    #[error(
        "DISCORD_TOKEN looks wrong (it has spaces or is too short): paste the token from the developer portal's Bot page"
    )]
    MalformedToken,
    #[error("DISCORD_API_BASE must be an http:// or https:// URL, not {0:?}")]
    ApiBase(String),
    #[error(
        "AI_WORKERS=external needs PostgreSQL (DATABASE_URL): the workers take their searches from its database"
    )]
    WorkersNeedPostgres,
    #[error("SHARDS must be auto or a whole number from 1 to {MAX_SHARDS}, not {0:?}")]
    Shards(String),
    #[error(
        "SHARD_RANGE must be the first and last shard this process serves, like 0-7 (or one shard, like 3), within SHARDS; not {0:?}"
    )]
    ShardRange(String),
    #[error(
        "AI_ENGINE_COMMAND must be the engine's program and its arguments, like katago gtp -model m.bin.gz -config gtp.cfg (quotes around a path with spaces), not {0:?}"
    )]
    EngineCommand(String),
    #[error("AI_ENGINE_RANK must be a rank like 5k or 3d, not {0:?}")]
    EngineRank(String),
    #[error("WEB_ADDRESS must be an address and port to listen on, like 127.0.0.1:8080, not {0:?}")]
    WebAddress(String),
    #[error(
        "WEB_PUBLIC_URL must be an http:// or https:// URL people open, like https://go.example.org, not {0:?}"
    )]
    WebPublicUrl(String),
    #[error(
        "DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database); leave it out to use the SQLite file of DATABASE_PATH"
    )]
    DatabaseUrl,
}

/// Where the database is: PostgreSQL for several processes, else a SQLite file.
#[derive(Debug, Clone, Args)]
pub struct DatabaseArgs {
    /// A PostgreSQL database shared by several bot processes and workers
    /// (postgres://user:password@host:5432/database); without it, the SQLite file.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    #[command(flatten)]
    pub file: SqliteFileArgs,
    /// The most connections a PostgreSQL pool opens.
    #[arg(long, env = "DATABASE_CONNECTIONS", default_value_t = DEFAULT_DATABASE_CONNECTIONS,
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub database_connections: u32,
    /// How hard a SQLite commit is pushed to the disk: full (every commit survives a power
    /// loss) or normal (faster; the last commits may not).
    #[arg(long, env = "DATABASE_SYNC", value_enum, ignore_case = true, default_value_t = Sync::Full)]
    pub database_sync: Sync,
}

/// The SQLite file.
#[derive(Debug, Clone, Args)]
pub struct SqliteFileArgs {
    /// The SQLite database file (created with its folder).
    #[arg(long, alias = "from", env = "DATABASE_PATH", default_value = DEFAULT_DATABASE_PATH)]
    pub database_path: PathBuf,
}

/// `DATABASE_SYNC`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Sync {
    Full,
    Normal,
}

/// The heartbeat file `tengen run` writes and `tengen health` reads.
#[derive(Debug, Clone, Args)]
pub struct HeartbeatArgs {
    /// The heartbeat file (default: the database file's name with `.heartbeat` added); two
    /// processes on one machine need one each.
    #[arg(long, env = "HEARTBEAT_PATH")]
    pub heartbeat_path: Option<PathBuf>,
}

impl HeartbeatArgs {
    /// The heartbeat file of the process serving `file`.
    pub fn path(&self, file: &SqliteFileArgs) -> PathBuf {
        self.heartbeat_path.clone().unwrap_or_else(|| {
            let mut name = file.database_path.clone().into_os_string();
            name.push(".heartbeat");
            PathBuf::from(name)
        })
    }
}

/// How the computer thinks, in the bot or in a worker.
#[derive(Debug, Clone, Args)]
pub struct ThinkingArgs {
    /// Threads that search at once.
    #[arg(long, env = "AI_THREADS", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub ai_threads: u64,
    /// A cap on the playouts of any search (a slow machine, a test).
    #[arg(long, env = "AI_MAX_PLAYOUTS", value_parser = clap::value_parser!(u64).range(1..=u64::from(u32::MAX)))]
    pub ai_max_playouts: Option<u64>,
    /// Tests only: the playouts a position of a review gets, so a review takes a second.
    #[arg(long, env = "REVIEW_PLAYOUTS", hide = true, value_parser = clap::value_parser!(u64).range(1..=u64::from(u32::MAX)))]
    pub review_playouts: Option<u64>,
}

/// `AI_WORKERS`: where the computer thinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Workers {
    /// In this process.
    Local,
    /// In `tengen worker` processes, through the PostgreSQL database.
    External,
}

/// The bot's settings (`tengen run`).
#[derive(Debug, Clone, Args)]
pub struct BotArgs {
    /// The bot's token, from the developer portal's Bot page.
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true)]
    pub discord_token: Option<String>,
    #[command(flatten)]
    pub database: DatabaseArgs,
    #[command(flatten)]
    pub heartbeat: HeartbeatArgs,
    #[command(flatten)]
    pub thinking: ThinkingArgs,
    /// Games against the computer at once.
    #[arg(long, env = "AI_MAX_GAMES", default_value_t = crate::service::DEFAULT_COMPUTER_GAMES as u64,
          value_parser = clap::value_parser!(u64).range(0..=10_000))]
    pub ai_max_games: u64,
    /// Where the computer thinks: local, or external (`tengen worker` on PostgreSQL).
    #[arg(long, env = "AI_WORKERS", value_enum, ignore_case = true, default_value_t = Workers::Local)]
    pub ai_workers: Workers,
    /// The host's own GTP engine, offered as the level `engine`: its program and arguments,
    /// split as a shell would.
    #[arg(long, env = "AI_ENGINE_COMMAND")]
    pub ai_engine_command: Option<String>,
    /// The engine's name as players see it (default: its program's).
    #[arg(long, env = "AI_ENGINE_NAME")]
    pub ai_engine_name: Option<String>,
    /// The engine's rank as players see it (default: the advanced level's).
    #[arg(long, env = "AI_ENGINE_RANK")]
    pub ai_engine_rank: Option<String>,
    /// Register the commands to this server only (at once), for development.
    #[arg(long, env = "DEV_GUILD_ID")]
    pub dev_guild_id: Option<NonZeroU64>,
    /// A REST proxy for Discord's API (serenity's own rate limiter is then off).
    #[arg(long, env = "DISCORD_API_BASE")]
    pub discord_api_base: Option<String>,
    /// Ask Discord for members' presence (a privileged intent), which reconnect grace needs.
    #[arg(long, env = "PRESENCE_INTENT", default_value = "false", value_parser = clap::builder::BoolishValueParser::new())]
    pub presence_intent: bool,
    /// Discord's shards the bot runs with: auto, or a number.
    #[arg(long, env = "SHARDS", default_value = "auto")]
    pub shards: String,
    /// The shards this process serves, first and last (`0-7`, or one, `3`).
    #[arg(long, env = "SHARD_RANGE")]
    pub shard_range: Option<String>,
    /// A problem set to serve instead of the shipped one (gzipped JSON).
    #[arg(long, env = "PROBLEM_SET")]
    pub problem_set: Option<PathBuf>,
    /// Tests only: a file of milliseconds added to the system's time.
    #[arg(long, env = "TEST_CLOCK_OFFSET_FILE", hide = true)]
    pub test_clock_offset_file: Option<PathBuf>,
    /// Where the web pages listen (`127.0.0.1:8080`); nothing listens when unset.
    #[arg(long, env = "WEB_ADDRESS")]
    pub web_address: Option<String>,
    /// The address people open the pages at (`https://go.example.org`): the bot's messages
    /// then carry a link to them.
    #[arg(long, env = "WEB_PUBLIC_URL")]
    pub web_public_url: Option<String>,
    /// A reverse proxy forwards every request to the pages: a client's address is the last of
    /// `X-Forwarded-For`.
    #[arg(long, env = "WEB_BEHIND_PROXY", default_value = "false", value_parser = clap::builder::BoolishValueParser::new())]
    pub web_behind_proxy: bool,
}

/// Reads `.env` (without overriding the environment) and drops from `command` every
/// environment value that is set but blank, so that it counts as unset: `DEV_GUILD_ID=` left
/// in `.env` is no guild.
pub fn with_environment(command: clap::Command) -> clap::Command {
    let _ = dotenvy::dotenv();
    fn walk(command: clap::Command) -> clap::Command {
        command
            .mut_args(|a| blank_env_unset(a, |name| std::env::var_os(name)))
            .mut_subcommands(walk)
    }
    walk(command)
}

/// `arg` without its environment variable when `lookup` finds it set but blank.
fn blank_env_unset(
    arg: clap::Arg,
    lookup: impl Fn(&std::ffi::OsStr) -> Option<std::ffi::OsString>,
) -> clap::Arg {
    let blank = arg
        .get_env()
        .and_then(lookup)
        .is_some_and(|v| v.to_string_lossy().trim().is_empty());
    if blank { arg.env(None) } else { arg }
}

impl HostConfig {
    /// The bot's configuration from its settings: what clap checked, and what only they
    /// together say.
    ///
    /// # Errors
    /// A missing or malformed token, a proxy that is not a URL, shards or a range that do not
    /// fit, an engine command that does not split, a rank that is none, a database URL that is
    /// not PostgreSQL's, external workers without PostgreSQL.
    pub fn from_args(args: BotArgs) -> Result<HostConfig, ConfigError> {
        let blank = |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let token = blank(args.discord_token).ok_or(ConfigError::MissingToken)?;
        let token = token.strip_prefix("Bot ").unwrap_or(&token).to_owned();
        if token.len() < 20 || token.chars().any(char::is_whitespace) {
            return Err(ConfigError::MalformedToken);
        }
        let api_base = match blank(args.discord_api_base) {
            None => None,
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => {
                Some(v.trim_end_matches('/').to_owned())
            }
            Some(v) => return Err(ConfigError::ApiBase(v)),
        };
        let durability = match args.database.database_sync {
            Sync::Full => Durability::Power,
            Sync::Normal => Durability::Process,
        };
        let computer = ComputerConfig {
            threads: usize::try_from(args.thinking.ai_threads).unwrap_or(1),
            max_games: usize::try_from(args.ai_max_games).unwrap_or(0),
            max_playouts: args.thinking.ai_max_playouts,
            external: args.ai_workers == Workers::External,
            review_playouts: args.thinking.review_playouts,
        };
        let engine = match blank(args.ai_engine_command) {
            None => None,
            Some(text) => Some(host_engine(
                &text,
                blank(args.ai_engine_name),
                blank(args.ai_engine_rank),
            )?),
        };
        let database_path = args.database.file.database_path.clone();
        let database = match blank(args.database.database_url) {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Location::Postgres {
                    url,
                    connections: args.database.database_connections,
                }
            }
            Some(_) => return Err(ConfigError::DatabaseUrl),
            None => Location::Sqlite {
                path: database_path.clone(),
                durability,
            },
        };
        let shards = shards(&args.shards)?;
        let shard_range = blank(args.shard_range)
            .map(|v| shard_range(&v, shards))
            .transpose()?;
        if computer.external && !matches!(database, Location::Postgres { .. }) {
            return Err(ConfigError::WorkersNeedPostgres);
        }
        let web = match blank(args.web_address) {
            None => None,
            Some(v) => Some(crate::web::WebConfig {
                address: v.parse().map_err(|_| ConfigError::WebAddress(v.clone()))?,
                behind_proxy: args.web_behind_proxy,
            }),
        };
        let web_public_url = match blank(args.web_public_url) {
            None => None,
            Some(v) if (v.starts_with("http://") || v.starts_with("https://")) && v.len() > 8 => {
                Some(v.trim_end_matches('/').to_owned())
            }
            Some(v) => return Err(ConfigError::WebPublicUrl(v)),
        };
        Ok(HostConfig {
            heartbeat_path: args.heartbeat.path(&args.database.file),
            engine,
            shards,
            shard_range,
            presence: args.presence_intent,
            durability,
            computer,
            token: Token(token),
            database_path,
            database,
            dev_guild_id: args.dev_guild_id,
            api_base,
            problem_set: args.problem_set,
            clock_offset_file: args.test_clock_offset_file,
            web,
            web_public_url,
        })
    }
}

/// The host's engine: its command split as a shell would (quotes, escapes, without running a
/// shell), its name (its program's unless given) and its rank (the advanced level's unless
/// given).
fn host_engine(
    text: &str,
    name: Option<String>,
    rank: Option<String>,
) -> Result<crate::game::computer::HostEngine, ConfigError> {
    let command = shlex::split(text)
        .filter(|c| !c.is_empty())
        .ok_or_else(|| ConfigError::EngineCommand(text.to_owned()))?;
    let rank = match rank {
        None => crate::go::Level::Advanced.estimated_rank(),
        Some(r) => r.parse().map_err(|()| ConfigError::EngineRank(r.clone()))?,
    };
    let program = std::path::Path::new(&command[0])
        .file_name()
        .map_or_else(|| command[0].clone(), |f| f.to_string_lossy().into_owned());
    let name = name
        .map(|n| n.chars().take(40).collect::<String>())
        .unwrap_or(program);
    Ok(crate::game::computer::HostEngine {
        command,
        name,
        rank,
    })
}

/// `SHARDS`: `auto`, or a number from 1 to [`MAX_SHARDS`].
fn shards(text: &str) -> Result<Shards, ConfigError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "" | "auto" => Ok(Shards::Auto),
        v => match v.parse::<u32>() {
            Ok(n) if (1..=MAX_SHARDS).contains(&n) => Ok(Shards::Count(n)),
            _ => Err(ConfigError::Shards(v.to_owned())),
        },
    }
}

/// `SHARD_RANGE`: `first-last` (or one shard), within the shards.
fn shard_range(text: &str, shards: Shards) -> Result<(u32, u32), ConfigError> {
    let bad = || ConfigError::ShardRange(text.to_owned());
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    let within = match shards {
        Shards::Count(n) => b < n,
        Shards::Auto => b < MAX_SHARDS,
    };
    if a > b || !within {
        return Err(bad());
    }
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.Gabcde.secretsecretsecretsecret";

    #[derive(Debug, clap::Parser)]
    struct Bot {
        #[command(flatten)]
        args: BotArgs,
    }

    /// The bot's settings given as `(VARIABLE, value)`, as flags of the same names (the
    /// process's own environment left out); `Err(None)` when clap refuses them.
    fn parse(pairs: &[(&str, &str)]) -> Result<BotArgs, clap::Error> {
        use clap::{CommandFactory, FromArgMatches};
        let mut argv = vec!["tengen".to_owned()];
        for (k, v) in pairs {
            argv.push(format!("--{}", k.to_ascii_lowercase().replace('_', "-")));
            argv.push((*v).to_owned());
        }
        let matches = Bot::command()
            .mut_args(|a| a.env(None))
            .try_get_matches_from(argv)?;
        Bot::from_arg_matches(&matches).map(|b| b.args)
    }

    fn config(pairs: &[(&str, &str)]) -> Result<HostConfig, ConfigError> {
        HostConfig::from_args(parse(pairs).expect("settings clap takes"))
    }

    #[test]
    fn only_the_token_is_required() {
        let c = config(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
        assert_eq!(c.token.expose(), TOKEN);
        assert_eq!(c.database_path, PathBuf::from("./data/tengen.db"));
        assert_eq!(
            c.heartbeat_path,
            PathBuf::from("./data/tengen.db.heartbeat")
        );
        assert_eq!((c.dev_guild_id, c.api_base), (None, None));
        assert_eq!(
            c.durability,
            Durability::Power,
            "every commit fsynced by default"
        );
    }

    #[test]
    fn the_hosts_engine_is_a_command_split_as_a_shell_would_with_a_name_and_rank() {
        assert_eq!(config(&[("DISCORD_TOKEN", TOKEN)]).unwrap().engine, None);
        let c = config(&[
            ("DISCORD_TOKEN", TOKEN),
            (
                "AI_ENGINE_COMMAND",
                "\"/opt/my engines/katago\" gtp -model m.bin.gz",
            ),
            ("AI_ENGINE_RANK", "3d"),
        ])
        .unwrap();
        let e = c.engine.unwrap();
        assert_eq!(
            e.command,
            ["/opt/my engines/katago", "gtp", "-model", "m.bin.gz"]
        );
        assert_eq!(e.name, "katago", "named after its program by default");
        assert_eq!(e.rank.to_string(), "3 dan");
        let named = config(&[
            ("DISCORD_TOKEN", TOKEN),
            ("AI_ENGINE_COMMAND", "gnugo --mode gtp"),
            ("AI_ENGINE_NAME", "GNU Go"),
        ])
        .unwrap()
        .engine
        .unwrap();
        assert_eq!(
            (named.name.as_str(), named.rank),
            ("GNU Go", crate::go::Level::Advanced.estimated_rank()),
            "shown at the advanced level's rank without AI_ENGINE_RANK"
        );
        for (key, value) in [
            ("AI_ENGINE_COMMAND", "katago \"unclosed"),
            ("AI_ENGINE_RANK", "strong"),
        ] {
            let mut pairs = vec![("DISCORD_TOKEN", TOKEN), ("AI_ENGINE_COMMAND", "gnugo")];
            pairs.retain(|(k, _)| *k != key);
            pairs.push((key, value));
            let e = config(&pairs).unwrap_err().to_string();
            assert!(e.contains(key), "{e}");
        }
    }

    #[test]
    fn the_computers_threads_and_games_are_the_hosts_to_set() {
        let c = config(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
        assert_eq!(c.computer, ComputerConfig::default());
        assert_eq!(c.computer.threads, 1);
        let c = config(&[
            ("DISCORD_TOKEN", TOKEN),
            ("AI_THREADS", "2"),
            ("AI_MAX_GAMES", "0"),
            ("AI_MAX_PLAYOUTS", "500"),
        ])
        .unwrap();
        assert_eq!(
            (
                c.computer.threads,
                c.computer.max_games,
                c.computer.max_playouts
            ),
            (2, 0, Some(500))
        );
        let refused = parse(&[("DISCORD_TOKEN", TOKEN), ("AI_THREADS", "0")]).unwrap_err();
        assert!(refused.to_string().contains("AI_THREADS"), "{refused}");
    }

    #[test]
    fn shards_are_auto_or_a_number_and_the_range_within_them() {
        let c = config(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
        assert_eq!((c.shards, c.shard_range), (Shards::Auto, None));
        let c = config(&[
            ("DISCORD_TOKEN", TOKEN),
            ("SHARDS", "16"),
            ("SHARD_RANGE", "6-11"),
        ])
        .unwrap();
        assert_eq!(
            (c.shards, c.shard_range),
            (Shards::Count(16), Some((6, 11)))
        );
        let c = config(&[("DISCORD_TOKEN", TOKEN), ("SHARD_RANGE", "3")]).unwrap();
        assert_eq!(c.shard_range, Some((3, 3)));
        for (shards, range) in [
            ("0", ""),
            ("lots", ""),
            ("8", "6-9"),
            ("8", "5-2"),
            ("8", "a-b"),
        ] {
            let e = config(&[
                ("DISCORD_TOKEN", TOKEN),
                ("SHARDS", shards),
                ("SHARD_RANGE", if range.is_empty() { "0" } else { range }),
            ])
            .unwrap_err();
            assert!(
                matches!(e, ConfigError::Shards(_) | ConfigError::ShardRange(_)),
                "{shards} {range}: {e}"
            );
        }
    }

    #[test]
    fn the_heartbeat_is_beside_the_database_unless_the_host_names_it() {
        let c = config(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_PATH", "/data/t.db")]).unwrap();
        assert_eq!(c.heartbeat_path, PathBuf::from("/data/t.db.heartbeat"));
        let c = config(&[
            ("DISCORD_TOKEN", TOKEN),
            ("DATABASE_PATH", "/data/t.db"),
            ("HEARTBEAT_PATH", "/run/bot-b.heartbeat"),
        ])
        .unwrap();
        assert_eq!(c.heartbeat_path, PathBuf::from("/run/bot-b.heartbeat"));
    }

    #[test]
    fn a_variable_set_but_blank_counts_as_unset() {
        let arg = || clap::Arg::new("dev").env("DEV_GUILD_ID");
        let blank = blank_env_unset(arg(), |_| Some(" ".into()));
        assert_eq!(blank.get_env(), None);
        let set = blank_env_unset(arg(), |_| Some("12".into()));
        assert_eq!(set.get_env(), Some(std::ffi::OsStr::new("DEV_GUILD_ID")));
        let unset = blank_env_unset(arg(), |_| None);
        assert_eq!(unset.get_env(), Some(std::ffi::OsStr::new("DEV_GUILD_ID")));
    }

    #[test]
    fn a_host_may_choose_normal_sync() {
        let c = config(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_SYNC", "NORMAL")]).unwrap();
        assert_eq!(c.durability, Durability::Process);
        assert!(parse(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_SYNC", "off")]).is_err());
    }

    #[test]
    fn a_missing_token_says_what_to_do() {
        let e = config(&[]).unwrap_err();
        assert_eq!(e, ConfigError::MissingToken);
        assert!(e.to_string().contains(".env.example"));
        assert_eq!(
            config(&[("DISCORD_TOKEN", "  ")]).unwrap_err(),
            ConfigError::MissingToken
        );
        assert_eq!(
            config(&[("DISCORD_TOKEN", "short")]).unwrap_err(),
            ConfigError::MalformedToken
        );
    }

    #[test]
    fn the_token_never_shows_in_debug_or_display() {
        let c = config(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
        assert!(!format!("{c:?}").contains("secret"));
        assert!(!format!("{}", c.token).contains("secret"));
    }

    #[test]
    fn optional_settings_are_validated() {
        let c = config(&[
            ("DISCORD_TOKEN", TOKEN),
            ("DEV_GUILD_ID", "1200000000000000001"),
            ("DISCORD_API_BASE", "http://127.0.0.1:3000/"),
            ("DATABASE_PATH", "/data/tengen.db"),
        ])
        .unwrap();
        assert_eq!(
            c.dev_guild_id,
            std::num::NonZeroU64::new(1_200_000_000_000_000_001)
        );
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:3000"));
        assert_eq!(c.database_path, PathBuf::from("/data/tengen.db"));
        assert!(parse(&[("DISCORD_TOKEN", TOKEN), ("DEV_GUILD_ID", "abc")]).is_err());
        assert!(matches!(
            config(&[
                ("DISCORD_TOKEN", TOKEN),
                ("DISCORD_API_BASE", "localhost:3000")
            ]),
            Err(ConfigError::ApiBase(_))
        ));
    }
}
