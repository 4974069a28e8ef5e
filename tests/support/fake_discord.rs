//! The fake Discord itself: its public API ([`FakeDiscord`]) and the state it keeps.
//!
//! The REST side lives in `fake_discord/rest.rs`, the gateway in `fake_discord/gateway.rs`, the
//! JSON shapes in `fake_discord/payloads.rs`. See `tests/support/mod.rs` for how to use it.

mod gateway;
pub mod payloads;
mod rest;

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

/// A token for the bot under test (any string works; the fake records it, checks nothing).
pub const FAKE_TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.fake.tengen-test-token";

/// Permission bits (Discord's numbering) a test may give a member.
pub mod perms {
    /// Manage Server (what `/weiqi config` needs).
    pub const MANAGE_GUILD: u64 = 1 << 5;
    /// Administrator (implies everything).
    pub const ADMINISTRATOR: u64 = 1 << 3;
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

/// A member of the fake guild on whose behalf the test clicks and types.
#[derive(Clone, Debug)]
pub struct TestUser {
    pub id: u64,
    pub name: String,
    /// The member's computed permissions in the channel (`member.permissions` of interactions).
    pub permissions: u64,
    /// The user's Discord client language (`locale` of interactions), e.g. `en-US`, `zh-CN`.
    pub locale: String,
    /// Role ids the member has (`member.roles`).
    pub roles: Vec<u64>,
}

impl TestUser {
    pub fn with_permissions(mut self, permissions: u64) -> Self {
        self.permissions = permissions;
        self
    }
    pub fn with_locale(mut self, locale: &str) -> Self {
        self.locale = locale.to_string();
        self
    }
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

/// A value of a slash command option, as a test writes it.
#[derive(Clone, Debug)]
pub enum OptValue {
    Str(String),
    Int(i64),
    Num(f64),
    Bool(bool),
    User(TestUser),
    Channel(u64),
    Role(u64),
}

/// One option of a slash command (`name` = `value`).
#[derive(Clone, Debug)]
pub struct Opt {
    pub name: String,
    pub value: OptValue,
}

impl Opt {
    pub fn str(name: &str, v: &str) -> Self {
        Self {
            name: name.into(),
            value: OptValue::Str(v.into()),
        }
    }
    pub fn int(name: &str, v: i64) -> Self {
        Self {
            name: name.into(),
            value: OptValue::Int(v),
        }
    }
    pub fn num(name: &str, v: f64) -> Self {
        Self {
            name: name.into(),
            value: OptValue::Num(v),
        }
    }
    pub fn bool(name: &str, v: bool) -> Self {
        Self {
            name: name.into(),
            value: OptValue::Bool(v),
        }
    }
    pub fn user(name: &str, v: &TestUser) -> Self {
        Self {
            name: name.into(),
            value: OptValue::User(v.clone()),
        }
    }
    pub fn channel(name: &str, id: u64) -> Self {
        Self {
            name: name.into(),
            value: OptValue::Channel(id),
        }
    }
    pub fn role(name: &str, id: u64) -> Self {
        Self {
            name: name.into(),
            value: OptValue::Role(id),
        }
    }
}

/// A file the bot uploaded (a multipart `files[n]` part).
#[derive(Clone, Debug, PartialEq)]
pub struct UploadedFile {
    /// The multipart field name, e.g. `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// An attachment of a stored message: what Discord would serve at its `url`.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredAttachment {
    pub id: u64,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
    /// Where the fake serves the bytes (`GET`), also the attachment's `url` in the message JSON.
    pub url: String,
}

/// A message as Discord keeps it: created or edited by the bot (channel message, interaction
/// response, follow-up).
#[derive(Clone, Debug)]
pub struct StoredMessage {
    pub id: u64,
    pub channel_id: u64,
    /// The full Discord message object, exactly as the fake returns it over REST and puts it in
    /// the `message` of a component interaction.
    pub json: Value,
    pub attachments: Vec<StoredAttachment>,
    /// The interaction whose response or follow-up this message is, if any.
    pub interaction_id: Option<u64>,
    pub ephemeral: bool,
    pub deleted: bool,
    /// How many times the message was edited (PATCH or an UPDATE_MESSAGE callback).
    pub edits: u32,
}

/// A button (or other component with a custom id) found on a message.
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    pub custom_id: String,
    pub label: Option<String>,
    pub style: Option<u64>,
    pub disabled: bool,
    /// Discord's component type: 2 button, 3 string select, …
    pub component_type: u64,
}

impl StoredMessage {
    pub fn content(&self) -> &str {
        self.json["content"].as_str().unwrap_or("")
    }
    pub fn embeds(&self) -> Vec<Value> {
        self.json["embeds"].as_array().cloned().unwrap_or_default()
    }
    pub fn components(&self) -> Vec<Value> {
        self.json["components"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }
    /// Every component with a `custom_id`, row by row.
    pub fn buttons(&self) -> Vec<Button> {
        let mut out = Vec::new();
        for row in self.components() {
            for c in row["components"].as_array().cloned().unwrap_or_default() {
                if let Some(id) = c["custom_id"].as_str() {
                    out.push(Button {
                        custom_id: id.to_string(),
                        label: c["label"].as_str().map(str::to_string),
                        style: c["style"].as_u64(),
                        disabled: c["disabled"].as_bool().unwrap_or(false),
                        component_type: c["type"].as_u64().unwrap_or(2),
                    });
                }
            }
        }
        out
    }
    pub fn button(&self, custom_id: &str) -> Option<Button> {
        self.buttons()
            .into_iter()
            .find(|b| b.custom_id == custom_id)
    }
    pub fn attachment(&self, filename: &str) -> Option<&StoredAttachment> {
        self.attachments.iter().find(|a| a.filename == filename)
    }
    /// The attachment an embed's image points to (`embeds[i].image.url`), if it is one of ours.
    pub fn embed_image(&self, embed: usize) -> Option<&StoredAttachment> {
        let url = self.json["embeds"][embed]["image"]["url"].as_str()?;
        self.attachments.iter().find(|a| a.url == url)
    }
}

/// The bot's answer to one interaction (`POST /interactions/{id}/{token}/callback`).
#[derive(Clone, Debug)]
pub struct Callback {
    pub interaction_id: u64,
    /// 4 message, 5 deferred message, 6 deferred update, 7 update message, 8 autocomplete,
    /// 9 modal.
    pub kind: u64,
    /// The callback's `data` (`Value::Null` when absent).
    pub data: Value,
    /// Files attached in the multipart body, with their bytes as sent.
    pub files: Vec<UploadedFile>,
    /// Whether the body was multipart.
    pub multipart: bool,
    /// `data.flags & 64`.
    pub ephemeral: bool,
    /// The message this callback created (4, 5) or updated (6, 7).
    pub message_id: Option<u64>,
    /// From the interaction's dispatch on the gateway to this callback's arrival.
    pub latency: Duration,
}

/// One HTTP request the bot made, as the fake saw it.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    pub method: String,
    /// The path as requested, e.g. `/api/v10/channels/1300000000000000001/messages`.
    pub path: String,
    pub query: Option<String>,
    pub authorization: Option<String>,
    pub content_type: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    pub files: Vec<UploadedFile>,
    /// The status the fake answered with.
    pub status: u16,
    /// When it arrived, from the fake's start.
    pub at: Duration,
}

impl RecordedRequest {
    /// True when the method matches and the path, after `/api/v10`, equals `path`, where a `*`
    /// segment matches any one segment: `req.is("POST", "/channels/*/messages")`.
    pub fn is(&self, method: &str, path: &str) -> bool {
        if !self.method.eq_ignore_ascii_case(method) {
            return false;
        }
        let got: Vec<&str> = self
            .path
            .strip_prefix("/api/v10")
            .unwrap_or(&self.path)
            .split('/')
            .collect();
        let want: Vec<&str> = path.split('/').collect();
        got.len() == want.len() && got.iter().zip(&want).all(|(g, w)| *w == "*" || g == w)
    }
}

/// p50 / p99 / max of interaction → callback latencies.
#[derive(Clone, Debug)]
pub struct LatencySummary {
    pub count: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
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
    pub acknowledged: bool,
    pub original_message_id: Option<u64>,
}

#[derive(Clone, Debug)]
pub(crate) struct ChannelRecord {
    pub id: u64,
    pub kind: u64,
    pub name: String,
    pub parent_id: Option<u64>,
    /// For DM channels: the other user.
    pub recipient: Option<u64>,
}

#[derive(Default)]
pub(crate) struct GatewayState {
    pub gateway_url_requests: u32,
    pub connections: u32,
    pub query: Option<String>,
    pub identify: Option<Value>,
    pub ready_sent: bool,
    pub guild_create_sent: bool,
    pub heartbeats: u32,
    pub resumes: u32,
    pub seq: u64,
    pub conn_id: u64,
    pub tx: Option<mpsc::UnboundedSender<String>>,
    pub received: Vec<Value>,
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
            st.channels.insert(
                CHANNEL_ID,
                ChannelRecord {
                    id: CHANNEL_ID,
                    kind: 0,
                    name: "go".into(),
                    parent_id: None,
                    recipient: None,
                },
            );
            st.roles.insert(
                GUILD_ID,
                payloads::role(GUILD_ID, "@everyone", perms::MEMBER, 0),
            );
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
        self.inner.lock().channels.insert(
            id,
            ChannelRecord {
                id,
                kind: 0,
                name: name.into(),
                parent_id: None,
                recipient: None,
            },
        );
        id
    }

    // ----------------------------------------------------------------------------------------
    // gateway

    /// Waits until the bot has identified and the fake has sent READY and GUILD_CREATE.
    pub async fn wait_connected(&self, timeout: Duration) {
        self.wait_for(
            "the bot to connect to the gateway (IDENTIFY → READY)",
            timeout,
            |st| {
                (st.gateway.ready_sent && st.gateway.guild_create_sent && st.gateway.tx.is_some())
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

    // ----------------------------------------------------------------------------------------
    // interactions

    /// Dispatches an INTERACTION_CREATE for `/name [subcommand] options…` typed by `user` in the
    /// main channel. `subcommand` is `""` for none, `"board"` for a subcommand, `"config set"`
    /// for a subcommand group and its subcommand. Returns the interaction id.
    pub fn send_slash_command(
        &self,
        user: &TestUser,
        name: &str,
        subcommand: &str,
        options: Vec<Opt>,
    ) -> u64 {
        self.send_slash_command_in(CHANNEL_ID, user, name, subcommand, options)
    }

    /// [`FakeDiscord::send_slash_command`] in a given channel (or thread).
    pub fn send_slash_command_in(
        &self,
        channel_id: u64,
        user: &TestUser,
        name: &str,
        subcommand: &str,
        options: Vec<Opt>,
    ) -> u64 {
        let id = self.inner.new_id();
        let token = format!("fake-itoken-{id}");
        let mut st = self.inner.lock();
        let command_id = st
            .global_commands
            .iter()
            .chain(st.guild_commands.values().flatten())
            .find(|c| c["name"] == name)
            .and_then(|c| c["id"].as_str().and_then(|s| s.parse().ok()))
            .unwrap_or(1_600_000_000_000_000_001u64);
        let channel = st.channels.get(&channel_id).cloned().unwrap_or_else(|| {
            panic!("fake Discord: send_slash_command in unknown channel {channel_id}")
        });
        let roles = st.roles_of(user);
        let payload = payloads::slash_interaction(
            id, &token, &channel, user, &roles, command_id, name, subcommand, &options,
        );
        let label = format!(
            "/{name}{}{subcommand} by {}",
            if subcommand.is_empty() { "" } else { " " },
            user.name
        );
        self.dispatch_interaction(&mut st, id, token, 2, channel_id, None, label, payload)
    }

    /// Dispatches a button press by `user` on the stored message `message_id` (one the bot
    /// created or edited). Panics, naming what is there, if the message has no enabled
    /// component with that custom id (Discord would not let anyone press it).
    pub fn press_button(&self, user: &TestUser, message_id: u64, custom_id: &str) -> u64 {
        self.press_component(user, message_id, custom_id, None)
    }

    /// Chooses `values` in a select menu of a stored message.
    pub fn choose(
        &self,
        user: &TestUser,
        message_id: u64,
        custom_id: &str,
        values: &[&str],
    ) -> u64 {
        self.press_component(
            user,
            message_id,
            custom_id,
            Some(values.iter().map(|s| s.to_string()).collect()),
        )
    }

    fn press_component(
        &self,
        user: &TestUser,
        message_id: u64,
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> u64 {
        self.try_press_component(user, message_id, custom_id, values)
            .unwrap_or_else(|e| panic!("fake Discord: {e}"))
    }

    /// Like [`FakeDiscord::press_button`], but says why a press is impossible instead of
    /// panicking (no such message, deleted, no such component, disabled).
    pub fn try_press_button(
        &self,
        user: &TestUser,
        message_id: u64,
        custom_id: &str,
    ) -> Result<u64, String> {
        self.try_press_component(user, message_id, custom_id, None)
    }

    fn try_press_component(
        &self,
        user: &TestUser,
        message_id: u64,
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> Result<u64, String> {
        let mut st = self.inner.lock();
        let Some(msg) = st.messages.get(&message_id).cloned() else {
            return Err(format!(
                "press {custom_id:?}: no message {message_id} was created by the bot"
            ));
        };
        if msg.deleted {
            return Err(format!(
                "press {custom_id:?}: message {message_id} was deleted"
            ));
        }
        let Some(button) = msg.button(custom_id) else {
            return Err(format!(
                "press {custom_id:?}: message {message_id} has no such component; it has {:?}",
                msg.buttons()
                    .iter()
                    .map(|b| b.custom_id.as_str())
                    .collect::<Vec<_>>()
            ));
        };
        if button.disabled {
            return Err(format!(
                "press {custom_id:?}: that component of message {message_id} is disabled"
            ));
        }
        Ok(self.press_component_unchecked_locked(
            &mut st,
            user,
            &msg,
            custom_id,
            button.component_type,
            values,
        ))
    }

    /// Dispatches a component interaction without checking that the message carries the
    /// component (to test how the bot treats stale or forged custom ids).
    pub fn press_button_unchecked(&self, user: &TestUser, message_id: u64, custom_id: &str) -> u64 {
        let mut st = self.inner.lock();
        let msg = st.messages.get(&message_id).cloned().unwrap_or_else(|| {
            panic!(
                "fake Discord: press {custom_id:?}: no message {message_id} was created by the bot"
            )
        });
        self.press_component_unchecked_locked(&mut st, user, &msg, custom_id, 2, None)
    }

    fn press_component_unchecked_locked(
        &self,
        st: &mut State,
        user: &TestUser,
        msg: &StoredMessage,
        custom_id: &str,
        component_type: u64,
        values: Option<Vec<String>>,
    ) -> u64 {
        let id = self.inner.new_id();
        let token = format!("fake-itoken-{id}");
        let channel = st
            .channels
            .get(&msg.channel_id)
            .cloned()
            .unwrap_or(ChannelRecord {
                id: msg.channel_id,
                kind: 0,
                name: "unknown".into(),
                parent_id: None,
                recipient: None,
            });
        let roles = st.roles_of(user);
        let payload = payloads::component_interaction(
            id,
            &token,
            &channel,
            user,
            &roles,
            &msg.json,
            custom_id,
            component_type,
            values.as_deref(),
        );
        let label = format!("press {custom_id:?} on message {} by {}", msg.id, user.name);
        self.dispatch_interaction(
            st,
            id,
            token,
            3,
            msg.channel_id,
            Some(msg.id),
            label,
            payload,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn dispatch_interaction(
        &self,
        st: &mut State,
        id: u64,
        token: String,
        kind: u64,
        channel_id: u64,
        message_id: Option<u64>,
        label: String,
        payload: Value,
    ) -> u64 {
        st.interactions.insert(
            id,
            InteractionRecord {
                id,
                token,
                kind,
                channel_id,
                label: label.clone(),
                message_id,
                dispatched_at: Instant::now(),
                acknowledged: false,
                original_message_id: None,
            },
        );
        if gateway::dispatch_locked(&self.inner, st, "INTERACTION_CREATE", payload).is_none() {
            panic!(
                "fake Discord: cannot send {label}: the bot is not connected to the gateway (call wait_connected first)"
            );
        }
        id
    }

    /// Waits for the bot's callback to an interaction. The panic message names the interaction,
    /// says whether the bot is still connected and lists its last requests.
    pub async fn wait_for_callback(&self, interaction_id: u64, timeout: Duration) -> Callback {
        let label = self
            .inner
            .lock()
            .interactions
            .get(&interaction_id)
            .map(|i| i.label.clone())
            .unwrap_or_else(|| format!("interaction {interaction_id}"));
        self.wait_for(
            &format!(
                "the bot's callback to interaction {interaction_id} ({label}); if it never came, \
                 serenity may have dropped the INTERACTION_CREATE as undeserializable (logged at \
                 debug level only), or the bot's handler failed"
            ),
            timeout,
            |st| {
                st.callbacks
                    .iter()
                    .find(|c| c.interaction_id == interaction_id)
                    .cloned()
            },
        )
        .await
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
            "  gateway: GET /gateway asked {} time(s), {} websocket connection(s), IDENTIFY {}, READY {}, connected now {}, last seq {}, heartbeats {}\n",
            g.gateway_url_requests,
            g.connections,
            if g.identify.is_some() {
                "received"
            } else {
                "NOT received"
            },
            if g.ready_sent { "sent" } else { "not sent" },
            g.tx.is_some(),
            g.seq,
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
        out
    }

    // ----------------------------------------------------------------------------------------
    // what the bot did

    /// Every REST request so far, in order of arrival.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.inner.lock().requests.clone()
    }
    /// The current state of a stored message.
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
    /// Threads the bot created: (thread id, name, parent channel id).
    pub fn threads(&self) -> Vec<(u64, String, u64)> {
        self.inner
            .lock()
            .channels
            .values()
            .filter(|c| matches!(c.kind, 10..=12))
            .map(|c| (c.id, c.name.clone(), c.parent_id.unwrap_or(0)))
            .collect()
    }
    /// Global commands as last registered (each with the `id`, `application_id`, `version`,
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
    /// Role ids the bot gave a member (via `PUT /guilds/{g}/members/{u}/roles/{r}`).
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
