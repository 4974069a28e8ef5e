//! The fake Discord itself: its public API ([`FakeDiscord`]) and the state it keeps.
//!
//! The REST side lives in `fake_discord/rest.rs`, the gateway in `fake_discord/gateway.rs`, the
//! JSON shapes in `fake_discord/payloads.rs`. See `tests/e2e/support/mod.rs` for how to use it.

mod faults;
mod gateway;
mod guild;
mod interactions;
pub mod payloads;
mod records;
mod rest;
pub mod validate;
mod violations;

pub use faults::path_matches;
pub use guild::{BOT_ROLE_ID, RoleInfo};
pub use interactions::{CALLBACK_WINDOW, TOKEN_WINDOW};
pub use records::*;
pub use validate::{LOCALES, is_locale};
pub use violations::Violation;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

/// The application (and bot user) id the fake hands out in READY.
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;
/// The one guild of the fake.
pub const GUILD_ID: u64 = 1_200_000_000_000_000_001;
/// The guild's main text channel (where slash commands are used unless a test says otherwise).
pub const CHANNEL_ID: u64 = 1_300_000_000_000_000_001;
/// The guild's owner (a user the fake makes up; not one of the test users).
pub const OWNER_ID: u64 = 1_400_000_000_000_000_000;

/// A token for the bot under test (any non-empty string works: REST requests must carry it as
/// `Authorization: Bot <token>`, as serenity sends it; the fake checks nothing more).
pub const FAKE_TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.fake.tengen-test-token";

/// Permission bits (Discord's numbering, `topics/permissions.mdx`) a test may give a member
/// or the bot.
pub mod perms {
    /// Manage Server (what `/weiqi config` needs).
    pub const MANAGE_GUILD: u64 = 1 << 5;
    /// Administrator (implies everything).
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const MANAGE_CHANNELS: u64 = 1 << 4;
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const SEND_TTS_MESSAGES: u64 = 1 << 12;
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    pub const MANAGE_ROLES: u64 = 1 << 28;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    /// Every permission Discord documents (bits 0–46 and 48–52): what a member with
    /// Administrator has, and what `member.permissions` of its interactions says.
    pub const ALL: u64 = ((1u64 << 53) - 1) & !(1u64 << 47);
    /// What an ordinary member of the fake guild has: view channel, send messages, embed links,
    /// attach files, read history, add reactions, use application commands, create public
    /// threads, send messages in threads.
    pub const MEMBER: u64 = (1 << 10)
        | (1 << 11)
        | (1 << 14)
        | (1 << 15)
        | (1 << 16)
        | (1 << 6)
        | (1 << 31)
        | (1 << 35)
        | (1 << 38);
    /// What the bot is given in `app_permissions` (everything but Administrator).
    pub const BOT: u64 = ((1u64 << 46) - 1) & !ADMINISTRATOR;
}

#[derive(Clone, Debug)]
pub(crate) struct InteractionRecord {
    pub id: u64,
    pub token: String,
    pub kind: u64,
    pub channel_id: u64,
    /// What a panic message calls it, e.g. `/weiqi invite by alice`.
    pub label: String,
    pub message_id: Option<u64>,
    pub dispatched_at: Instant,
    /// How much older than its dispatch a test made it ([`FakeDiscord::age_interaction`]).
    pub aged: Duration,
    pub acknowledged: bool,
    pub original_message_id: Option<u64>,
    /// For autocomplete: the registered type of the option being typed (its choices must be
    /// of that type).
    pub focused_kind: Option<u64>,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct ChannelRecord {
    pub id: u64,
    pub kind: u64,
    pub name: String,
    pub parent_id: Option<u64>,
    /// For DM channels: the other user.
    pub recipient: Option<u64>,
    pub topic: Option<String>,
    pub nsfw: bool,
    pub rate_limit_per_user: u64,
    /// Threads: `thread_metadata`.
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_duration: u64,
    pub invitable: bool,
    /// Threads: who created it (the bot for threads it made).
    pub owner_id: Option<u64>,
    /// Threads: their members (the bot, for threads it made; those it added; a private
    /// thread's, those a role mention brought in).
    pub members: Vec<u64>,
    /// The guild it is in, when not the main one.
    pub guild_id: Option<u64>,
}

impl ChannelRecord {
    pub fn text(id: u64, name: &str) -> ChannelRecord {
        ChannelRecord {
            id,
            kind: 0,
            name: name.into(),
            ..Default::default()
        }
    }
    pub fn is_thread(&self) -> bool {
        matches!(self.kind, 10..=12)
    }
}

/// A thread as Discord keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadInfo {
    pub id: u64,
    pub name: String,
    pub parent_id: u64,
    /// 10 announcement, 11 public, 12 private.
    pub kind: u64,
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_duration: u64,
    /// Messages posted in it (not deleted).
    pub message_count: usize,
}

#[derive(Default)]
pub(crate) struct GatewayState {
    pub gateway_url_requests: u32,
    pub connections: u32,
    pub query: Option<String>,
    /// The last IDENTIFY's `d`.
    pub identify: Option<Value>,
    pub heartbeats: u32,
    pub resumes: u32,
    /// The open sessions, by shard.
    pub sessions: BTreeMap<u32, Session>,
    /// The number of shards `GET /gateway/bot` recommends, and the one identifies must use.
    pub shards: u32,
    /// Discord's `max_concurrency`: identify buckets.
    pub max_concurrency: u32,
    /// When each bucket last identified.
    pub last_identify: HashMap<u32, Instant>,
    /// Every identify: its shard, and when on the fake's clock.
    pub identifies: Vec<(u32, Duration)>,
    /// The privileged intents the application may use (its settings in the Developer Portal).
    pub privileged_intents: u64,
    pub received: Vec<Value>,
}

/// A shard's gateway session: the connection it is on and its sequence.
pub(crate) struct Session {
    pub conn_id: u64,
    pub tx: mpsc::UnboundedSender<gateway::Out>,
    pub seq: u64,
    /// READY and the GUILD_CREATEs sent.
    pub ready: bool,
}

#[derive(Default)]
pub(crate) struct State {
    pub requests: Vec<RecordedRequest>,
    pub messages: BTreeMap<u64, StoredMessage>,
    pub channels: BTreeMap<u64, ChannelRecord>,
    pub users: BTreeMap<u64, TestUser>,
    pub interactions: HashMap<u64, InteractionRecord>,
    pub callbacks: Vec<Callback>,
    pub global_commands: Vec<Value>,
    pub guild_commands: BTreeMap<u64, Vec<Value>>,
    pub roles: BTreeMap<u64, Value>,
    pub member_roles: BTreeMap<u64, BTreeSet<u64>>,
    pub gateway: GatewayState,
    pub violations: Vec<Violation>,
    pub faults: Vec<faults::Fault>,
    pub slow: Vec<faults::Slow>,
    /// Channels where a test gave the bot its own permissions.
    pub bot_channel_permissions: BTreeMap<u64, u64>,
    pub guild_locale: String,
    pub attachment_size_limit: u64,
    /// Guilds besides the main one ([`GUILD_ID`]), by id: their names.
    pub more_guilds: BTreeMap<u64, String>,
    /// The preferred locale of a guild besides the main one, where a test set one (else the
    /// main guild's, [`State::guild_locale`]).
    pub more_guild_locales: BTreeMap<u64, String>,
    /// Files members attached to slash commands, by attachment id: served at their `url`
    /// like the attachments of messages.
    pub uploads: BTreeMap<u64, StoredAttachment>,
}

impl State {
    /// Every guild the bot is in: the main one first.
    pub fn guild_ids(&self) -> Vec<u64> {
        let mut ids = vec![GUILD_ID];
        ids.extend(self.more_guilds.keys().copied());
        ids
    }

    /// A guild's preferred locale: GUILD_CREATE's `preferred_locale` and its interactions'
    /// `guild_locale`.
    pub fn locale_of(&self, guild: u64) -> String {
        self.more_guild_locales
            .get(&guild)
            .cloned()
            .unwrap_or_else(|| self.guild_locale.clone())
    }

    /// The guild a channel is in (the main one for channels the test did not place).
    pub fn guild_of_channel(&self, channel: u64) -> u64 {
        self.channels
            .get(&channel)
            .and_then(|c| c.guild_id)
            .unwrap_or(GUILD_ID)
    }
}

pub(crate) struct Inner {
    pub state: Mutex<State>,
    pub changed: watch::Sender<u64>,
    pub next_id: AtomicU64,
    pub started: Instant,
    pub rest_base: String,
    pub gateway_url: String,
    pub verbose: bool,
    /// The `heartbeat_interval` HELLO announces, in milliseconds.
    pub heartbeat_interval_ms: AtomicU64,
}

impl Inner {
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
    /// Wakes every waiter; call after any change of state.
    pub fn bump(&self) {
        self.changed.send_modify(|v| *v += 1);
    }
    pub fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }
    pub fn log(&self, msg: impl AsRef<str>) {
        if self.verbose {
            eprintln!(
                "[fake-discord {:>8.3}s] {}",
                self.started.elapsed().as_secs_f64(),
                msg.as_ref()
            );
        }
    }
}

/// A fake Discord (REST + gateway) on 127.0.0.1. Dropping it stops its servers.
pub struct FakeDiscord {
    inner: Arc<Inner>,
    rest_addr: SocketAddr,
    gateway_addr: SocketAddr,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

/// Default time a test should give one step (generous: CI machines have 2 cores).
pub const STEP: Duration = Duration::from_secs(10);

impl FakeDiscord {
    /// Starts the REST server and the gateway on ephemeral ports of 127.0.0.1. Set
    /// `FAKE_DISCORD_LOG=1` to have every request and gateway frame printed to stderr.
    pub async fn start() -> FakeDiscord {
        let rest = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind REST port");
        let gw = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway port");
        let rest_addr = rest.local_addr().expect("REST addr");
        let gateway_addr = gw.local_addr().expect("gateway addr");
        let (changed, _) = watch::channel(0u64);
        let verbose = std::env::var("FAKE_DISCORD_LOG").is_ok_and(|v| !v.is_empty() && v != "0");
        let inner = Arc::new(Inner {
            state: Mutex::new(State::default()),
            changed,
            next_id: AtomicU64::new(1_900_000_000_000_000_001),
            started: Instant::now(),
            rest_base: format!("http://{rest_addr}"),
            gateway_url: format!("ws://{gateway_addr}/gw"),
            verbose,
            heartbeat_interval_ms: AtomicU64::new(gateway::HEARTBEAT_INTERVAL_MS),
        });
        {
            let mut st = inner.lock();
            st.channels
                .insert(CHANNEL_ID, ChannelRecord::text(CHANNEL_ID, "go"));
            st.roles.insert(
                GUILD_ID,
                payloads::role(GUILD_ID, "@everyone", perms::MEMBER, 0),
            );
            let mut bot_role = payloads::role(BOT_ROLE_ID, "tengen-fake", perms::BOT, 1);
            bot_role["managed"] = json!(true);
            bot_role["tags"] = json!({"bot_id": APPLICATION_ID.to_string()});
            st.roles.insert(BOT_ROLE_ID, bot_role);
            st.member_roles
                .entry(APPLICATION_ID)
                .or_default()
                .insert(BOT_ROLE_ID);
            st.guild_locale = "en-US".into();
            st.attachment_size_limit = 10 * 1024 * 1024;
            st.gateway.shards = 1;
            st.gateway.max_concurrency = 1;
            st.gateway.privileged_intents = validate::gateway::PRIVILEGED_INTENTS;
        }
        let tasks = vec![
            tokio::spawn(rest::serve(inner.clone(), rest)),
            tokio::spawn(gateway::serve(inner.clone(), gw)),
        ];
        FakeDiscord {
            inner,
            rest_addr,
            gateway_addr,
            tasks,
        }
    }

    /// What the bot must put in `DISCORD_API_BASE`, i.e. pass to serenity's
    /// `HttpBuilder::proxy`: `http://127.0.0.1:PORT`, scheme and host only, no `/api/v10`
    /// (serenity replaces `https://discord.com` in `https://discord.com/api/v10/...`).
    pub fn base_url(&self) -> String {
        self.inner.rest_base.clone()
    }
    /// The gateway URL that `GET /api/v10/gateway` answers (`ws://127.0.0.1:PORT/gw`).
    pub fn gateway_url(&self) -> String {
        self.inner.gateway_url.clone()
    }
    /// The environment for a bot process under test: `DISCORD_TOKEN` ([`FAKE_TOKEN`]) and
    /// `DISCORD_API_BASE` ([`FakeDiscord::base_url`]). Pass to `Command::envs`.
    pub fn bot_env(&self) -> Vec<(String, String)> {
        vec![
            ("DISCORD_TOKEN".into(), FAKE_TOKEN.into()),
            ("DISCORD_API_BASE".into(), self.base_url()),
        ]
    }
    /// Time since the fake started, on the clock of [`RecordedRequest::at`]: take it before a
    /// step to wait only for requests made after it (`|r| r.at >= t && r.is(...)`).
    pub fn now(&self) -> Duration {
        self.inner.started.elapsed()
    }
    /// The privileged intents the application has enabled (all three by default:
    /// GUILD_MEMBERS `1 << 1`, GUILD_PRESENCES `1 << 8`, MESSAGE_CONTENT `1 << 15`). An
    /// IDENTIFY asking for another is closed with 4014 (disallowed intents).
    pub fn set_privileged_intents(&self, bits: u64) {
        self.inner.lock().gateway.privileged_intents = bits;
    }
    /// Makes Discord recommend `total` shards (`GET /gateway/bot`) and expect them at identify.
    pub fn set_shards(&self, total: u32) {
        self.inner.lock().gateway.shards = total.max(1);
    }

    /// Adds a guild whose events come on `shard`, with a text channel: the guild's id and the
    /// channel's. Its roles and members are the main guild's.
    pub fn add_guild_on_shard(&self, shard: u32, name: &str) -> (u64, u64) {
        let mut st = self.inner.lock();
        let total = st.gateway.shards.max(1);
        let mut guild = GUILD_ID + (1 << 22) * (1 + st.more_guilds.len() as u64);
        while gateway::shard_of(guild, total) != shard
            || guild == GUILD_ID
            || st.more_guilds.contains_key(&guild)
        {
            guild += 1 << 22;
        }
        st.more_guilds.insert(guild, name.to_owned());
        let channel = self.inner.new_id();
        let mut record = ChannelRecord::text(channel, "go");
        record.guild_id = Some(guild);
        st.channels.insert(channel, record);
        (guild, channel)
    }

    /// Whether `shard` has an open session with READY sent.
    pub fn shard_connected(&self, shard: u32) -> bool {
        self.inner
            .lock()
            .gateway
            .sessions
            .get(&shard)
            .is_some_and(|s| s.ready)
    }

    /// Waits until every shard of `shards` has an open session.
    pub async fn wait_shards_connected(&self, shards: &[u32], timeout: Duration) {
        let what = format!("shards {shards:?} connected");
        self.wait_for(&what, timeout, |st| {
            shards
                .iter()
                .all(|s| st.gateway.sessions.get(s).is_some_and(|x| x.ready))
                .then_some(())
        })
        .await
    }

    /// Every identify so far: the shard and when, on the clock of [`FakeDiscord::now`].
    pub fn identifies(&self) -> Vec<(u32, Duration)> {
        self.inner.lock().gateway.identifies.clone()
    }

    pub fn rest_addr(&self) -> SocketAddr {
        self.rest_addr
    }
    pub fn gateway_addr(&self) -> SocketAddr {
        self.gateway_addr
    }
    pub fn guild_id(&self) -> u64 {
        GUILD_ID
    }
    pub fn channel_id(&self) -> u64 {
        CHANNEL_ID
    }
    pub fn application_id(&self) -> u64 {
        APPLICATION_ID
    }

    /// Adds a member to the guild (in GUILD_CREATE if added before the bot connects) with
    /// ordinary permissions and locale `en-US`. Change them with [`FakeDiscord::update_user`]
    /// or build with [`TestUser::with_permissions`] / [`TestUser::with_locale`] and
    /// [`FakeDiscord::add_user`].
    pub fn user(&self, name: &str) -> TestUser {
        let user = TestUser {
            id: self.inner.new_id(),
            name: name.to_string(),
            permissions: perms::MEMBER,
            locale: "en-US".into(),
            roles: Vec::new(),
            dms_closed: false,
        };
        self.add_user(user.clone());
        user
    }
    /// Adds or replaces a member.
    pub fn add_user(&self, user: TestUser) {
        self.inner.lock().users.insert(user.id, user);
        self.inner.bump();
    }
    /// Same as [`FakeDiscord::add_user`]; reads better when changing one.
    pub fn update_user(&self, user: TestUser) {
        self.add_user(user);
    }

    /// Adds a text channel to the guild (include it in GUILD_CREATE by adding it before the bot
    /// connects). Returns its id.
    pub fn add_text_channel(&self, name: &str) -> u64 {
        let id = self.inner.new_id();
        self.inner
            .lock()
            .channels
            .insert(id, ChannelRecord::text(id, name));
        id
    }

    /// Adds a public thread (type 11) in `parent` as a member would have made it (not the
    /// bot's). Returns its id.
    pub fn add_thread(&self, parent: u64, name: &str) -> u64 {
        let id = self.inner.new_id();
        let mut st = self.inner.lock();
        assert!(
            st.channels.contains_key(&parent),
            "fake Discord: add_thread in unknown channel {parent}"
        );
        st.channels.insert(
            id,
            ChannelRecord {
                id,
                kind: 11,
                name: name.into(),
                parent_id: Some(parent),
                auto_archive_duration: 1440,
                owner_id: Some(OWNER_ID),
                ..Default::default()
            },
        );
        drop(st);
        self.inner.bump();
        id
    }

    /// Archives or unarchives, locks or unlocks a thread, as a moderator (or Discord's
    /// inactivity timer) would.
    pub fn set_thread_state(&self, thread_id: u64, archived: bool, locked: bool) {
        let mut st = self.inner.lock();
        let t = st
            .channels
            .get_mut(&thread_id)
            .filter(|c| c.is_thread())
            .unwrap_or_else(|| panic!("fake Discord: no thread {thread_id}"));
        t.archived = archived;
        t.locked = locked;
        drop(st);
        self.inner.bump();
    }

    // ----------------------------------------------------------------------------------------
    // gateway

    /// Waits until the bot has identified and the fake has sent READY and GUILD_CREATE.
    pub async fn wait_connected(&self, timeout: Duration) {
        self.wait_for(
            "the bot to connect to the gateway (IDENTIFY → READY)",
            timeout,
            |st| {
                st.gateway
                    .sessions
                    .get(&gateway::shard_of(GUILD_ID, st.gateway.shards))
                    .is_some_and(|s| s.ready)
                    .then_some(())
            },
        )
        .await
    }

    /// Sets the `heartbeat_interval` that HELLO announces on the next connection (default
    /// 41 250 ms, as Discord). Serenity sends its first heartbeat one interval after IDENTIFY,
    /// so a short one lets a test see heartbeats being acknowledged.
    pub fn set_heartbeat_interval(&self, interval: Duration) {
        self.inner
            .heartbeat_interval_ms
            .store(interval.as_millis().max(1) as u64, Ordering::Relaxed);
    }

    /// Waits until the fake has acknowledged `n` heartbeats in all.
    pub async fn wait_for_heartbeats(&self, n: u32, timeout: Duration) {
        self.wait_for(&format!("{n} heartbeat(s) from the bot"), timeout, |st| {
            (st.gateway.heartbeats >= n).then_some(())
        })
        .await
    }

    /// The IDENTIFY payload's `d` the bot sent (token, intents, properties, compress, …).
    pub fn identify(&self) -> Option<Value> {
        self.inner.lock().gateway.identify.clone()
    }
    /// The query string the bot connected to the gateway with (serenity: `v=10`).
    pub fn gateway_query(&self) -> Option<String> {
        self.inner.lock().gateway.query.clone()
    }
    /// How many heartbeats (op 1) the fake has acknowledged.
    pub fn heartbeats(&self) -> u32 {
        self.inner.lock().gateway.heartbeats
    }
    /// How many websocket connections the bot opened (1 unless it reconnected).
    pub fn gateway_connections(&self) -> u32 {
        self.inner.lock().gateway.connections
    }
    /// Every frame the bot sent on the gateway, parsed.
    pub fn gateway_frames(&self) -> Vec<Value> {
        self.inner.lock().gateway.received.clone()
    }

    /// Sends a dispatch (op 0) with the next sequence number. Panics if the bot is not connected.
    pub fn dispatch(&self, event: &str, data: Value) -> u64 {
        let mut st = self.inner.lock();
        gateway::dispatch_locked(&self.inner, &mut st, event, data)
            .unwrap_or_else(|| panic!("fake Discord: cannot dispatch {event}: the bot is not connected to the gateway (call wait_connected first)"))
    }

    /// Waits until the bot has registered commands (globally or for a guild) and returns them.
    pub async fn wait_for_commands(&self, timeout: Duration) -> Vec<Value> {
        self.wait_for("the bot to register its commands (PUT /applications/{app}/commands or /guilds/{g}/commands)", timeout, |st| {
            if !st.global_commands.is_empty() {
                return Some(st.global_commands.clone());
            }
            st.guild_commands.values().find(|c| !c.is_empty()).cloned()
        })
        .await
    }

    /// Every callback received so far, in order of arrival.
    pub fn callbacks(&self) -> Vec<Callback> {
        self.inner.lock().callbacks.clone()
    }

    /// Waits for a request matching `predicate`; `what` names the step for the panic message.
    pub async fn wait_for_request(
        &self,
        what: &str,
        timeout: Duration,
        predicate: impl Fn(&RecordedRequest) -> bool,
    ) -> RecordedRequest {
        self.wait_for(&format!("request: {what}"), timeout, |st| {
            st.requests.iter().find(|r| predicate(r)).cloned()
        })
        .await
    }

    /// Waits for a stored message (created or edited) matching `predicate`.
    pub async fn wait_for_message(
        &self,
        what: &str,
        timeout: Duration,
        predicate: impl Fn(&StoredMessage) -> bool,
    ) -> StoredMessage {
        self.wait_for(&format!("message: {what}"), timeout, |st| {
            st.messages
                .values()
                .find(|m| !m.deleted && predicate(m))
                .cloned()
        })
        .await
    }

    /// Waits until `check` on the fake's state gives `Some`. `what` names the step.
    pub(crate) async fn wait_for<T>(
        &self,
        what: &str,
        timeout: Duration,
        check: impl Fn(&State) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.inner.changed.subscribe();
        loop {
            rx.borrow_and_update();
            if let Some(v) = check(&self.inner.lock()) {
                return v;
            }
            match tokio::time::timeout_at(deadline, rx.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => {
                    if let Some(v) = check(&self.inner.lock()) {
                        return v;
                    }
                    panic!(
                        "fake Discord: no answer within {timeout:?} waiting for {what}\n{}",
                        self.diagnostics()
                    );
                }
            }
        }
    }

    /// A summary of the fake's state for failure messages: gateway stage, last requests.
    pub fn diagnostics(&self) -> String {
        let st = self.inner.lock();
        let g = &st.gateway;
        let mut out = format!(
            "  gateway: GET /gateway asked {} time(s), {} websocket connection(s), IDENTIFY {}, sessions now (shard: ready, seq) {:?}, heartbeats {}\n",
            g.gateway_url_requests,
            g.connections,
            if g.identify.is_some() {
                "received"
            } else {
                "NOT received"
            },
            g.sessions
                .iter()
                .map(|(k, s)| (*k, s.ready, s.seq))
                .collect::<Vec<_>>(),
            g.heartbeats
        );
        let ops: Vec<String> = g.received.iter().map(|f| f["op"].to_string()).collect();
        let _ = writeln!(out, "  frames from the bot, by op: {}", ops.join(" "));
        let n = st.requests.len();
        let _ = writeln!(out, "  {n} REST request(s); the last ones:");
        for r in st.requests.iter().skip(n.saturating_sub(12)) {
            let _ = writeln!(
                out,
                "    {:>8.3}s {} {}{} → {}",
                r.at.as_secs_f64(),
                r.method,
                r.path,
                r.query
                    .as_deref()
                    .map(|q| format!("?{q}"))
                    .unwrap_or_default(),
                r.status
            );
        }
        let _ = writeln!(
            out,
            "  {} callback(s), {} message(s) stored",
            st.callbacks.len(),
            st.messages.len()
        );
        let nv = st.violations.len();
        if nv > 0 {
            let _ = writeln!(
                out,
                "  {nv} violation(s) of Discord's rules; the last ones:"
            );
            for v in st.violations.iter().skip(nv.saturating_sub(5)) {
                let _ = writeln!(out, "    {v}");
            }
        }
        out
    }

    // ----------------------------------------------------------------------------------------
    // what the bot did

    /// Every REST request so far, in order of arrival.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.inner.lock().requests.clone()
    }
    /// The current state of a stored message.
    /// Reads a stored message in place (no copy of its attachments): `f`'s answer.
    pub fn inspect_message<T>(&self, id: u64, f: impl FnOnce(&StoredMessage) -> T) -> Option<T> {
        self.inner.lock().messages.get(&id).map(f)
    }

    /// The bot's callback to an interaction if it came, without waiting (a load test polls).
    pub fn callback_to(&self, interaction_id: u64) -> Option<Callback> {
        let st = self.inner.lock();
        st.interactions
            .get(&interaction_id)
            .filter(|r| r.acknowledged)?;
        st.callbacks
            .iter()
            .rev()
            .find(|c| c.interaction_id == interaction_id)
            .cloned()
    }

    pub fn message(&self, id: u64) -> Option<StoredMessage> {
        self.inner.lock().messages.get(&id).cloned()
    }
    /// The messages (not deleted) in a channel or thread, oldest first.
    pub fn messages_in(&self, channel_id: u64) -> Vec<StoredMessage> {
        self.inner
            .lock()
            .messages
            .values()
            .filter(|m| m.channel_id == channel_id && !m.deleted)
            .cloned()
            .collect()
    }
    /// All stored messages, deleted ones included, oldest first.
    pub fn all_messages(&self) -> Vec<StoredMessage> {
        self.inner.lock().messages.values().cloned().collect()
    }
    /// The original response message of an interaction (created by a type 4 or 5 callback, or
    /// the message a component was on for 6 and 7).
    pub fn original_response(&self, interaction_id: u64) -> Option<StoredMessage> {
        let st = self.inner.lock();
        let mid = st.interactions.get(&interaction_id)?.original_message_id?;
        st.messages.get(&mid).cloned()
    }
    /// The DM channel the bot opened with a user, if any.
    pub fn dm_channel(&self, user: &TestUser) -> Option<u64> {
        self.inner
            .lock()
            .channels
            .values()
            .find(|c| c.recipient == Some(user.id))
            .map(|c| c.id)
    }
    /// Messages the bot sent to a user in DMs.
    pub fn dms_to(&self, user: &TestUser) -> Vec<StoredMessage> {
        self.dm_channel(user)
            .map(|c| self.messages_in(c))
            .unwrap_or_default()
    }
    /// Threads of the guild (those the bot created, and [`FakeDiscord::add_thread`]'s):
    /// (thread id, name, parent channel id). [`FakeDiscord::thread_infos`] says more.
    pub fn threads(&self) -> Vec<(u64, String, u64)> {
        self.thread_infos()
            .into_iter()
            .map(|t| (t.id, t.name, t.parent_id))
            .collect()
    }
    /// Threads with their state (`archived`, `locked`, `auto_archive_duration`, …).
    pub fn thread_infos(&self) -> Vec<ThreadInfo> {
        let st = self.inner.lock();
        st.channels
            .values()
            .filter(|c| c.is_thread())
            .map(|c| ThreadInfo {
                id: c.id,
                name: c.name.clone(),
                parent_id: c.parent_id.unwrap_or(0),
                kind: c.kind,
                archived: c.archived,
                locked: c.locked,
                auto_archive_duration: c.auto_archive_duration,
                message_count: st
                    .messages
                    .values()
                    .filter(|m| m.channel_id == c.id && !m.deleted)
                    .count(),
            })
            .collect()
    }
    /// The members of a thread (the bot among them for threads it made).
    pub fn thread_members(&self, thread_id: u64) -> Vec<u64> {
        self.inner
            .lock()
            .channels
            .get(&thread_id)
            .map(|c| c.members.clone())
            .unwrap_or_default()
    }

    /// One thread's state.
    pub fn thread(&self, thread_id: u64) -> Option<ThreadInfo> {
        self.thread_infos().into_iter().find(|t| t.id == thread_id)
    }
    /// A guild channel's current JSON, as `GET /channels/{id}` answers.
    pub fn channel_json(&self, channel_id: u64) -> Option<Value> {
        let st = self.inner.lock();
        st.channels.get(&channel_id).map(payloads::channel)
    }
    /// Global commands as last registered (each with the `id`, `application_id`, `version`,
    /// Registers `commands` (a bulk overwrite's JSON) as the application's global commands,
    /// checked as Discord checks them, for a test that drives the fake without a bot (a bot
    /// registers its own through `PUT /applications/{app}/commands`). Panics on a command
    /// Discord would refuse.
    pub fn register_commands(&self, commands: Value) {
        if let Err(r) = validate::command_list(&commands) {
            panic!("fake Discord: register_commands: {}", r.reason());
        }
        let list: Vec<Value> = commands
            .as_array()
            .map(|cmds| {
                cmds.iter()
                    .map(|c| payloads::command(c, self.inner.new_id(), None))
                    .collect()
            })
            .unwrap_or_default();
        self.inner.lock().global_commands = list;
        self.inner.bump();
    }
    /// `type` the fake added).
    pub fn registered_commands(&self) -> Vec<Value> {
        self.inner.lock().global_commands.clone()
    }
    /// Guild commands as last registered for a guild.
    pub fn registered_guild_commands(&self, guild_id: u64) -> Vec<Value> {
        self.inner
            .lock()
            .guild_commands
            .get(&guild_id)
            .cloned()
            .unwrap_or_default()
    }
    /// Role ids the bot gave a member (via `PUT /guilds/{g}/members/{u}/roles/{r}`; for the
    /// bot itself, see [`FakeDiscord::bot_roles`]).
    pub fn roles_of(&self, user: &TestUser) -> Vec<u64> {
        self.inner
            .lock()
            .member_roles
            .get(&user.id)
            .map(|s| s.iter().copied().collect())
            .unwrap_or_default()
    }
    /// Roles of the guild (`@everyone` and any the bot created), as JSON.
    pub fn roles(&self) -> Vec<Value> {
        self.inner.lock().roles.values().cloned().collect()
    }

    /// Interaction → callback latencies so far.
    pub fn callback_latencies(&self) -> Vec<Duration> {
        self.inner
            .lock()
            .callbacks
            .iter()
            .map(|c| c.latency)
            .collect()
    }
    /// p50 / p99 / max of the callback latencies (nearest-rank); `None` without callbacks.
    pub fn latency_summary(&self) -> Option<LatencySummary> {
        let mut v = self.callback_latencies();
        if v.is_empty() {
            return None;
        }
        v.sort();
        let rank = |p: f64| v[((p * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
        Some(LatencySummary {
            count: v.len(),
            p50: rank(0.50),
            p99: rank(0.99),
            max: v[v.len() - 1],
        })
    }
}

/// A user JSON object for the bot itself.
pub(crate) fn bot_user() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "username": "tengen-fake",
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "public_flags": 0,
    })
}
