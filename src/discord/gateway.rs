//! The connections to Discord's gateway: one client per shard this process serves, started
//! as the runtime hands the shards over (at start-up, and when a standby process takes over a
//! dead one's), each identifying in its turn of Discord's session start limit, which every
//! process shares through the database.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serenity::all::{
    ClientBuilder, ConnectionStage, GatewayIntents, HttpBuilder, ShardId, ShardManager,
};
use tokio::sync::{mpsc, watch};
use tracing::{info, warn};

use crate::config::{HostConfig, Shards, Token};
use crate::game::Outcome;
use crate::runtime::{ShardNews, ShardPlan};

use super::{Bot, RunError};

/// The shards and Discord's session start limit, as worked out at start-up.
pub(super) struct Plan {
    pub shards: ShardPlan,
    /// How many shards may identify at once (Discord's `max_concurrency`).
    pub max_concurrency: u32,
}

/// Where the bot may fetch a member's upload besides Discord's CDN: the origin of the REST
/// proxy (`DISCORD_API_BASE`), which serves the uploads it hands out as Discord's CDN does.
pub(crate) static UPLOADS_BASE: std::sync::OnceLock<String> = std::sync::OnceLock::new();

fn http(token: &Token, api_base: Option<&String>) -> serenity::all::Http {
    let mut http = HttpBuilder::new(token.expose());
    if let Some(base) = api_base {
        let _ = UPLOADS_BASE.set(base.clone());
        // A REST proxy does the rate limiting; serenity sends to it only with its own off.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    http.build()
}

/// Works out the shards: `SHARDS` or Discord's recommendation (`GET /gateway/bot`), and
/// `SHARD_RANGE` or all of them. Discord unreachable: one shard for `auto` (or the number the
/// processes already serving the database run with), and one identify at a time.
pub(super) async fn plan(config: &HostConfig) -> Plan {
    let asked = http(&config.token, config.api_base.as_ref())
        .get_bot_gateway()
        .await;
    let (recommended, max_concurrency) = match asked {
        Ok(g) => (
            g.shards.max(1),
            u32::try_from(g.session_start_limit.max_concurrency)
                .unwrap_or(1)
                .max(1),
        ),
        Err(e) => {
            warn!(error = %e, "cannot ask Discord how to shard; one shard, one identify at a time");
            (1, 1)
        }
    };
    Plan {
        shards: shard_plan(config.shards, config.shard_range, recommended),
        max_concurrency,
    }
}

/// The shards as the host set them, Discord recommending `recommended`: with `auto`, that
/// number until the processes already serving the database say theirs (the runtime joins
/// them), and the range, as given or every shard, of whichever number it then is.
fn shard_plan(shards: Shards, range: Option<(u32, u32)>, recommended: u32) -> ShardPlan {
    let (total, follow) = match shards {
        Shards::Auto => (recommended, true),
        Shards::Count(n) => (n, false),
    };
    ShardPlan {
        total,
        shard_range: range,
        follow,
    }
}

/// What the first shard to connect does once for the whole process.
pub(super) struct Startup {
    fired: Mutex<Option<mpsc::UnboundedReceiver<Outcome>>>,
    stop: watch::Receiver<bool>,
}

impl Startup {
    pub(super) fn new(
        fired: mpsc::UnboundedReceiver<Outcome>,
        stop: watch::Receiver<bool>,
    ) -> Startup {
        Startup {
            fired: Mutex::new(Some(fired)),
            stop,
        }
    }

    /// The outcomes to show, for the first shard ready; `None` for the others.
    pub(super) fn first_ready(&self) -> Option<mpsc::UnboundedReceiver<Outcome>> {
        self.fired.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    pub(super) fn stop(&self) -> watch::Receiver<bool> {
        self.stop.clone()
    }
}

/// The shards this process serves and the client of each, as the heartbeat looks at them.
pub(super) struct Connections {
    /// Each shard handed to this process, with its client once started.
    shards: Mutex<BTreeMap<u32, Option<Arc<ShardManager>>>>,
}

impl Connections {
    /// The shards this process serves from the start (none: a standby).
    pub(super) fn new(held: &[u32]) -> Connections {
        Connections {
            shards: Mutex::new(held.iter().map(|&s| (s, None)).collect()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<u32, Option<Arc<ShardManager>>>> {
        self.shards.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Shards handed over (taken over from a dead process): served from now on.
    fn expect(&self, shards: &[u32]) {
        let mut map = self.lock();
        for &s in shards {
            map.entry(s).or_insert(None);
        }
    }

    fn attach(&self, shard: u32, manager: Arc<ShardManager>) {
        self.lock().insert(shard, Some(manager));
    }

    /// Whether the process is doing its job: every shard it serves has a session on Discord's
    /// gateway (serenity keeps a runner per connected shard, and drops it when the connection
    /// goes); a process that serves none is standing by, which is its job. A bot that lost
    /// Discord keeps trying to reconnect and is not healthy meanwhile.
    pub(super) async fn serving(&self) -> bool {
        let shards: Vec<(u32, Option<Arc<ShardManager>>)> =
            self.lock().iter().map(|(&s, m)| (s, m.clone())).collect();
        for (shard, manager) in shards {
            let Some(manager) = manager else {
                return false;
            };
            let runners = manager.runners.lock().await;
            let connected = runners
                .get(&ShardId(shard))
                .is_some_and(|r| r.stage == ConnectionStage::Connected);
            if !connected {
                return false;
            }
        }
        true
    }
}

/// This process's gateway clients.
pub(super) struct Gateway {
    bot: Arc<Bot>,
    token: Token,
    api_base: Option<String>,
    intents: GatewayIntents,
    max_concurrency: u32,
    startup: Arc<Startup>,
    news: mpsc::UnboundedReceiver<ShardNews>,
    managers: Vec<Arc<ShardManager>>,
    connections: Arc<Connections>,
    ended_tx: mpsc::UnboundedSender<(u32, Result<(), String>)>,
    ended: mpsc::UnboundedReceiver<(u32, Result<(), String>)>,
}

impl Gateway {
    pub(super) fn new(
        bot: Arc<Bot>,
        config: &HostConfig,
        max_concurrency: u32,
        startup: Arc<Startup>,
        news: mpsc::UnboundedReceiver<ShardNews>,
        connections: Arc<Connections>,
    ) -> Gateway {
        let mut intents = GatewayIntents::GUILDS;
        if config.presence {
            intents |= GatewayIntents::GUILD_PRESENCES;
        }
        let (ended_tx, ended) = mpsc::unbounded_channel();
        Gateway {
            bot,
            token: config.token.clone(),
            api_base: config.api_base.clone(),
            intents,
            max_concurrency,
            startup,
            news,
            managers: Vec::new(),
            connections,
            ended_tx,
            ended,
        }
    }

    /// Connects the shards as the runtime hands them over, until one fails for good or the
    /// shards are lost.
    ///
    /// # Errors
    /// A shard's client failed (a wrong token), or the shards were lost to another process.
    pub(super) async fn run(&mut self) -> Result<(), RunError> {
        let mut served_before = false;
        let mut news_open = true;
        loop {
            tokio::select! {
                news = self.news.recv(), if news_open => match news {
                    Some(ShardNews::Serve { total, shards }) => {
                        self.connections.expect(&shards);
                        for shard in shards {
                            self.connect(shard, total).await?;
                        }
                        if served_before {
                            // Boards of the games taken over may have fallen behind.
                            let bot = Arc::clone(&self.bot);
                            tokio::spawn(async move {
                                super::publish::reconcile(&bot, true).await;
                                super::repost_invitations(&bot).await;
                            });
                        }
                        served_before = true;
                    }
                    Some(ShardNews::Lost) => return Err(RunError::ShardsLost),
                    None => news_open = false,
                },
                Some((shard, ended)) = self.ended.recv() => {
                    if let Err(e) = ended {
                        return Err(RunError::Client(format!("shard {shard}: {e}")));
                    }
                }
            }
        }
    }

    /// Starts the client of one shard in its turn to identify.
    async fn connect(&mut self, shard: u32, total: u32) -> Result<(), RunError> {
        if let Err(e) = self
            .bot
            .runtime
            .identify_turn(shard, self.max_concurrency)
            .await
        {
            // Discord's own limit still holds the identify back; this only spaces them.
            warn!(error = %e, "cannot take a turn to identify; connecting now");
        }
        let framework = super::framework(Arc::clone(&self.bot), Arc::clone(&self.startup));
        let mut client =
            ClientBuilder::new_with_http(http(&self.token, self.api_base.as_ref()), self.intents)
                .framework(framework)
                .await
                .map_err(|e| RunError::Client(e.to_string()))?;
        self.managers.push(client.shard_manager.clone());
        self.connections
            .attach(shard, Arc::clone(&client.shard_manager));
        let ended = self.ended_tx.clone();
        info!(shard, total, "connecting a shard");
        tokio::spawn(async move {
            let r = client.start_shard(shard, total).await;
            let _ = ended.send((shard, r.map_err(|e| e.to_string())));
        });
        Ok(())
    }

    /// Closes every shard's connection.
    pub(super) async fn shutdown(&self) {
        for m in &self.managers {
            m.shutdown_all().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_is_kept_whole_until_the_number_of_shards_is_known() {
        // Discord recommends 2; the running processes may have 4.
        let auto = shard_plan(Shards::Auto, None, 2);
        assert_eq!(
            (auto.total, auto.follow, auto.range()),
            (2, true, vec![0, 1])
        );
        let four = ShardPlan { total: 4, ..auto };
        assert_eq!(
            four.range(),
            [0, 1, 2, 3],
            "every shard of the cluster's number"
        );
        let upper = shard_plan(Shards::Auto, Some((2, 3)), 2);
        assert!(upper.range().is_empty(), "none of two shards");
        assert_eq!(ShardPlan { total: 4, ..upper }.range(), [2, 3]);
        let set = shard_plan(Shards::Count(16), Some((6, 11)), 2);
        assert_eq!((set.total, set.follow), (16, false));
        assert_eq!(set.range(), (6..=11).collect::<Vec<_>>());
    }
}
