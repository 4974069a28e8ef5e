//! Host settings, from the environment and `.env`: the token, the database path, the log
//! filter, a development guild and an optional REST proxy for Discord's API.

use std::fmt;
use std::path::PathBuf;

use crate::runtime::ComputerConfig;
use crate::store::{Durability, Location};

/// The default database file, relative to the working directory.
pub const DEFAULT_DATABASE_PATH: &str = "./data/tengen.db";

/// The connections a PostgreSQL pool opens when `DATABASE_CONNECTIONS` does not say.
pub const DEFAULT_DATABASE_CONNECTIONS: u32 = 8;

/// The heartbeat file, as `tengen run` and `tengen health` both find it: `HEARTBEAT_PATH`, else
/// the database file's name with `.heartbeat` added (`DATABASE_PATH`, else the default). Two
/// processes on one machine (on one PostgreSQL database) need one each: the host sets it.
pub fn heartbeat_path(var: impl Fn(&str) -> Option<String>) -> PathBuf {
    let get = |k: &str| {
        var(k)
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    if let Some(path) = get("HEARTBEAT_PATH") {
        return PathBuf::from(path);
    }
    let mut name = std::ffi::OsString::from(
        get("DATABASE_PATH").unwrap_or_else(|| DEFAULT_DATABASE_PATH.to_owned()),
    );
    name.push(".heartbeat");
    PathBuf::from(name)
}

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
    #[error("DEV_GUILD_ID must be a server id (a number), not {0:?}")]
    GuildId(String),
    #[error("DISCORD_API_BASE must be an http:// or https:// URL, not {0:?}")]
    ApiBase(String),
    #[error("PRESENCE_INTENT must be true or false")]
    Presence,
    #[error("{0} must be a whole number from {1} to {2}")]
    Number(&'static str, u64, u64),
    #[error(
        "DATABASE_SYNC must be full (every commit survives a power loss) or normal (faster; the last commits may not), not {0:?}"
    )]
    Sync(String),
    #[error(
        "AI_WORKERS must be local (the computer thinks in this process) or external (tengen worker processes on PostgreSQL think), not {0:?}"
    )]
    Workers(String),
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
    #[error(
        "DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database); leave it out to use the SQLite file of DATABASE_PATH"
    )]
    DatabaseUrl,
}

impl HostConfig {
    /// Reads the settings through `var` (the process environment in production, a map in tests).
    ///
    /// # Errors
    /// A missing or malformed token, a guild id that is not a number, a proxy that is not a URL.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<HostConfig, ConfigError> {
        let get = |k: &str| {
            var(k)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let token = get("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        let token = token.strip_prefix("Bot ").unwrap_or(&token).to_owned();
        if token.len() < 20 || token.chars().any(char::is_whitespace) {
            return Err(ConfigError::MalformedToken);
        }
        let dev_guild_id = match get("DEV_GUILD_ID") {
            None => None,
            Some(v) => Some(
                v.parse::<std::num::NonZeroU64>()
                    .map_err(|_| ConfigError::GuildId(v))?,
            ),
        };
        let api_base = match get("DISCORD_API_BASE") {
            None => None,
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => {
                Some(v.trim_end_matches('/').to_owned())
            }
            Some(v) => return Err(ConfigError::ApiBase(v)),
        };
        let presence = match get("PRESENCE_INTENT")
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None | Some("0" | "false" | "no" | "off") => false,
            Some("1" | "true" | "yes" | "on") => true,
            Some(_) => return Err(ConfigError::Presence),
        };
        let durability = match get("DATABASE_SYNC")
            .map(|v| v.to_ascii_lowercase())
            .as_deref()
        {
            None | Some("full") => Durability::Power,
            Some("normal") => Durability::Process,
            Some(other) => return Err(ConfigError::Sync(other.to_owned())),
        };
        let number = |name: &'static str, lo: u64, hi: u64| -> Result<Option<u64>, ConfigError> {
            get(name)
                .map(|v| {
                    v.parse::<u64>()
                        .ok()
                        .filter(|n| (lo..=hi).contains(n))
                        .ok_or(ConfigError::Number(name, lo, hi))
                })
                .transpose()
        };
        let mut computer = ComputerConfig::default();
        if let Some(n) = number("AI_THREADS", 1, 64)? {
            computer.threads = n as usize;
        }
        if let Some(n) = number("AI_MAX_GAMES", 0, 10_000)? {
            computer.max_games = n as usize;
        }
        computer.max_playouts = number("AI_MAX_PLAYOUTS", 1, u64::from(u32::MAX))?;
        computer.external = match get("AI_WORKERS").map(|v| v.to_ascii_lowercase()).as_deref() {
            None | Some("local") => false,
            Some("external") => true,
            Some(other) => return Err(ConfigError::Workers(other.to_owned())),
        };
        let engine = match get("AI_ENGINE_COMMAND").filter(|c| !c.trim().is_empty()) {
            None => None,
            Some(text) => {
                // Split as a shell would (quotes, escapes), without running a shell.
                let command = shlex::split(&text)
                    .filter(|c| !c.is_empty())
                    .ok_or_else(|| ConfigError::EngineCommand(text.clone()))?;
                let rank = match get("AI_ENGINE_RANK") {
                    None => crate::go::Level::Advanced.estimated_rank(),
                    Some(r) => r.parse().map_err(|()| ConfigError::EngineRank(r.clone()))?,
                };
                let program = std::path::Path::new(&command[0])
                    .file_name()
                    .map_or_else(|| command[0].clone(), |f| f.to_string_lossy().into_owned());
                let name = get("AI_ENGINE_NAME")
                    .map(|n| n.trim().chars().take(40).collect::<String>())
                    .filter(|n| !n.is_empty())
                    .unwrap_or(program);
                Some(crate::game::computer::HostEngine {
                    command,
                    name,
                    rank,
                })
            }
        };
        let database_path = get("DATABASE_PATH")
            .map_or_else(|| PathBuf::from(DEFAULT_DATABASE_PATH), PathBuf::from);
        let connections = number("DATABASE_CONNECTIONS", 1, 100)?
            .map_or(DEFAULT_DATABASE_CONNECTIONS, |n| n as u32);
        let database = match get("DATABASE_URL") {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Location::Postgres { url, connections }
            }
            Some(_) => return Err(ConfigError::DatabaseUrl),
            None => Location::Sqlite {
                path: database_path.clone(),
                durability,
            },
        };
        let shards = match get("SHARDS").map(|v| v.to_ascii_lowercase()).as_deref() {
            None | Some("auto") => Shards::Auto,
            Some(v) => match v.parse::<u32>() {
                Ok(n) if (1..=MAX_SHARDS).contains(&n) => Shards::Count(n),
                _ => return Err(ConfigError::Shards(v.to_owned())),
            },
        };
        let shard_range = match get("SHARD_RANGE") {
            None => None,
            Some(v) => {
                let bad = || ConfigError::ShardRange(v.clone());
                let (a, b) = v.split_once('-').unwrap_or((&v, &v));
                let a: u32 = a.trim().parse().map_err(|_| bad())?;
                let b: u32 = b.trim().parse().map_err(|_| bad())?;
                let within = match shards {
                    Shards::Count(n) => b < n,
                    Shards::Auto => b < MAX_SHARDS,
                };
                if a > b || !within {
                    return Err(bad());
                }
                Some((a, b))
            }
        };
        if computer.external && !matches!(database, Location::Postgres { .. }) {
            return Err(ConfigError::WorkersNeedPostgres);
        }
        Ok(HostConfig {
            heartbeat_path: heartbeat_path(&var),
            engine,
            shards,
            shard_range,
            presence,
            durability,
            computer,
            token: Token(token),
            database_path,
            database,
            dev_guild_id,
            api_base,
        })
    }

    /// Reads `.env` (if present, without overriding the environment), then the environment.
    ///
    /// # Errors
    /// As [`HostConfig::from_vars`].
    pub fn from_env() -> Result<HostConfig, ConfigError> {
        let _ = dotenvy::dotenv();
        HostConfig::from_vars(|k| std::env::var(k).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.Gabcde.secretsecretsecretsecret";

    fn config(pairs: &[(&str, &str)]) -> Result<HostConfig, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        HostConfig::from_vars(|k| map.get(k).cloned())
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
        assert!(matches!(
            config(&[("DISCORD_TOKEN", TOKEN), ("AI_THREADS", "0")]),
            Err(ConfigError::Number("AI_THREADS", 1, 64))
        ));
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
                ("SHARD_RANGE", range),
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
    fn a_host_may_choose_normal_sync() {
        let c = config(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_SYNC", "NORMAL")]).unwrap();
        assert_eq!(c.durability, Durability::Process);
        assert!(matches!(
            config(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_SYNC", "off")]),
            Err(ConfigError::Sync(_))
        ));
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
        assert!(matches!(
            config(&[("DISCORD_TOKEN", TOKEN), ("DEV_GUILD_ID", "abc")]),
            Err(ConfigError::GuildId(_))
        ));
        assert!(matches!(
            config(&[
                ("DISCORD_TOKEN", TOKEN),
                ("DISCORD_API_BASE", "localhost:3000")
            ]),
            Err(ConfigError::ApiBase(_))
        ));
    }
}
