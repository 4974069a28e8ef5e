//! Proves the fake Discord of `tests/e2e/support` against the real serenity 0.12.5 client: a tiny
//! event handler (test code only, not the product) registers a command, posts a message,
//! answers a slash command with an ephemeral message and a button, and answers the button with
//! an UPDATE_MESSAGE carrying a PNG.

use crate::support;

use std::time::Duration;

use serenity::all::{
    ButtonStyle, ChannelId, ClientBuilder, Command, CommandDataOptionValue, CommandOptionType,
    ComponentInteraction, Context, CreateActionRow, CreateAttachment, CreateButton, CreateCommand,
    CreateCommandOption, CreateEmbed, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EventHandler, GatewayIntents, Guild,
    HttpBuilder, Interaction, Ready, WebhookId,
};
use serenity::async_trait;
use support::*;
use tokio::sync::mpsc;

pub(crate) const TOKEN: &str = FAKE_TOKEN;

/// A 1×1 PNG (green pixel).
pub(crate) const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xde, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00,
    0x00, 0x03, 0x01, 0x01, 0x00, 0xc9, 0xfe, 0x92, 0xef, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e,
    0x44, 0xae, 0x42, 0x60, 0x82,
];

/// What the handler saw, reported to the test.
#[derive(Debug)]
enum Seen {
    Ready {
        application_id: u64,
    },
    Guild {
        id: u64,
        channels: usize,
        members: usize,
        roles: usize,
    },
    Error(String),
}

struct Handler {
    tx: mpsc::UnboundedSender<Seen>,
}

impl Handler {
    fn report(&self, seen: Seen) {
        let _ = self.tx.send(seen);
    }
    fn check<T, E: std::fmt::Debug>(&self, step: &str, r: Result<T, E>) {
        if let Err(e) = r {
            self.report(Seen::Error(format!("{step}: {e:?}")));
        }
    }

    async fn on_component(&self, ctx: &Context, c: &ComponentInteraction) {
        let update = CreateInteractionResponseMessage::new()
            .content(format!(
                "pressed {} on {:?}",
                c.data.custom_id, c.message.content
            ))
            .add_file(CreateAttachment::bytes(PNG.to_vec(), "board.png"))
            .embed(
                CreateEmbed::new()
                    .title("Board")
                    .image("attachment://board.png"),
            )
            .components(vec![]);
        self.check(
            "button → UpdateMessage",
            c.create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                .await,
        );
        let followup = CreateInteractionResponseFollowup::new()
            .content("follow-up")
            .ephemeral(true);
        self.check("follow-up", c.create_followup(&ctx.http, followup).await);
    }
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        self.report(Seen::Ready {
            application_id: ready.application.id.get(),
        });
        let ping = CreateCommand::new("ping")
            .description("Ping the self-test")
            .add_option(
                CreateCommandOption::new(CommandOptionType::SubCommand, "deep", "With a user")
                    .add_sub_option(
                        CreateCommandOption::new(CommandOptionType::User, "user", "Someone")
                            .required(false),
                    ),
            );
        self.check(
            "set_global_commands",
            Command::set_global_commands(&ctx.http, vec![ping]).await,
        );
    }

    async fn guild_create(&self, ctx: Context, guild: Guild, _is_new: Option<bool>) {
        self.report(Seen::Guild {
            id: guild.id.get(),
            channels: guild.channels.len(),
            members: guild.members.len(),
            roles: guild.roles.len(),
        });
        let post = CreateMessage::new().content("hello from the self-test");
        self.check(
            "channel message",
            ChannelId::new(CHANNEL_ID)
                .send_message(&ctx.http, post)
                .await,
        );
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(cmd) => {
                let manage = cmd
                    .member
                    .as_ref()
                    .and_then(|m| m.permissions)
                    .is_some_and(|p| p.manage_guild());
                let (sub, user) = match cmd.data.options.first() {
                    Some(o) => match &o.value {
                        CommandDataOptionValue::SubCommand(opts) => (
                            o.name.clone(),
                            opts.iter()
                                .find_map(|o| o.value.as_user_id())
                                .map(|u| u.get().to_string())
                                .unwrap_or_default(),
                        ),
                        _ => (String::new(), String::new()),
                    },
                    None => (String::new(), String::new()),
                };
                let resolved_name = cmd
                    .data
                    .resolved
                    .users
                    .values()
                    .next()
                    .map(|u| u.name.clone())
                    .unwrap_or_default();
                let reply = CreateInteractionResponseMessage::new()
                    .content(format!(
                        "pong sub={sub} user={user} resolved={resolved_name} manage={manage} locale={}",
                        cmd.locale
                    ))
                    .ephemeral(true)
                    .components(vec![CreateActionRow::Buttons(vec![
                        CreateButton::new("st:yes").label("Yes").style(ButtonStyle::Success),
                    ])]);
                self.check(
                    "slash → Message",
                    cmd.create_response(&ctx.http, CreateInteractionResponse::Message(reply))
                        .await,
                );
            }
            Interaction::Component(c) => self.on_component(&ctx, &c).await,
            other => self.report(Seen::Error(format!(
                "unexpected interaction {:?}",
                other.kind()
            ))),
        }
    }
}

/// The commands the tests that play the bot themselves send: registered as a bot would, since
/// the fake delivers only commands, subcommands and options that were registered.
fn register_test_commands(fake: &FakeDiscord) {
    let opt = |kind: u64, name: &str| serde_json::json!({"type": kind, "name": name, "description": name});
    let sub = |name: &str, options: Vec<serde_json::Value>| serde_json::json!({"type": 1, "name": name, "description": name, "options": options});
    let mut game = opt(4, "game");
    game["autocomplete"] = true.into();
    fake.register_commands(serde_json::json!([
        {"type": 1, "name": "weiqi", "description": "Go", "options": [
            {"type": 2, "name": "config", "description": "settings", "options": [
                sub("set", vec![
                    opt(3, "key"), opt(4, "size"), opt(10, "komi"), opt(5, "flag"),
                    opt(6, "user"), opt(7, "channel"), opt(8, "role"),
                ]),
            ]},
            sub("status", vec![]),
            sub("play", vec![]),
            sub("sgf", vec![game, opt(3, "format")]),
        ]},
        {"type": 1, "name": "weiqi-config", "description": "settings",
         "default_member_permissions": "32", "options": [sub("show", vec![])]},
    ]));
}

async fn next_seen(rx: &mut mpsc::UnboundedReceiver<Seen>, what: &str) -> Seen {
    match tokio::time::timeout(STEP, rx.recv()).await {
        Ok(Some(Seen::Error(e))) => panic!("the self-test handler failed: {e}"),
        Ok(Some(seen)) => seen,
        _ => panic!(
            "the self-test handler reported nothing within {STEP:?} while waiting for {what}"
        ),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_plays_against_the_fake() {
    let fake = FakeDiscord::start().await;
    fake.set_heartbeat_interval(Duration::from_millis(300));
    let alice = fake.user("alice");
    let carol = fake
        .user("carol")
        .with_permissions(perms::MEMBER | perms::MANAGE_GUILD)
        .with_locale("zh-CN");
    fake.update_user(carol.clone());

    let (tx, mut rx) = mpsc::unbounded_channel();
    let http = HttpBuilder::new(TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    // As the bot will do when DISCORD_API_BASE is set.
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .event_handler(Handler { tx })
        .await
        .expect("build the serenity client");
    let shards = client.shard_manager.clone();
    let bot = tokio::spawn(async move { client.start().await });

    // Gateway handshake.
    fake.wait_connected(STEP).await;
    assert_eq!(fake.gateway_query().as_deref(), Some("v=10"));
    let identify = fake.identify().expect("IDENTIFY");
    assert!(
        identify["token"]
            .as_str()
            .is_some_and(|t| t.ends_with(TOKEN)),
        "{identify}"
    );
    assert_eq!(identify["properties"]["browser"], "serenity");
    // Serenity's IDENTIFY passes the gateway's checks; its presence's `since` is serde's form
    // of a SystemTime, which Discord takes.
    assert!(
        identify["presence"]["since"]
            .as_object()
            .is_some_and(|o| o.contains_key("secs_since_epoch")),
        "{identify}"
    );
    assert_eq!(
        (
            identify["large_threshold"].as_u64(),
            identify["compress"].as_bool()
        ),
        (Some(250), Some(true))
    );
    assert!(fake.violations().is_empty(), "{:#?}", fake.violations());
    // READY and GUILD_CREATE, whose handlers serenity runs as tasks of their own: in either
    // order.
    let (mut ready, mut guild) = (false, false);
    while !(ready && guild) {
        match next_seen(&mut rx, "ready and guild_create").await {
            Seen::Ready { application_id } => {
                assert_eq!(application_id, APPLICATION_ID);
                ready = true;
            }
            Seen::Guild {
                id,
                channels,
                members,
                roles,
            } => {
                assert_eq!((id, channels, members, roles), (GUILD_ID, 1, 3, 2));
                guild = true;
            }
            other => panic!("expected READY and the guild, got {other:?}"),
        }
    }

    // REST: command registration and a channel message.
    let put = fake
        .wait_for_request("PUT global commands", STEP, |r| {
            r.is("PUT", "/applications/*/commands")
        })
        .await;
    assert_eq!(
        put.path,
        format!("/api/v10/applications/{APPLICATION_ID}/commands")
    );
    assert!(
        put.authorization
            .as_deref()
            .is_some_and(|a| a == format!("Bot {TOKEN}")),
        "{put:?}"
    );
    let commands = fake.wait_for_commands(STEP).await;
    assert_eq!(commands, fake.registered_commands());
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0]["name"], "ping");
    for field in ["id", "application_id", "version", "type"] {
        assert!(!commands[0][field].is_null(), "command without {field}");
    }
    assert_eq!(commands[0]["options"][0]["name"], "deep");
    let hello = fake
        .wait_for_message("the channel post", STEP, |m| {
            m.content() == "hello from the self-test"
        })
        .await;
    assert_eq!(hello.channel_id, CHANNEL_ID);
    assert_eq!(fake.messages_in(CHANNEL_ID).len(), 1);

    // Slash command → ephemeral message with a button.
    let slash = fake.send_slash_command(&carol, "ping", "deep", vec![Opt::user("user", &alice)]);
    let cb = fake.wait_for_callback(slash, STEP).await;
    assert_eq!(cb.kind, 4);
    assert!(cb.ephemeral);
    assert!(!cb.multipart);
    assert_eq!(
        cb.data["content"],
        format!(
            "pong sub=deep user={} resolved=alice manage=true locale=zh-CN",
            alice.id
        )
    );
    let reply = fake
        .message(cb.message_id.expect("a message"))
        .expect("stored");
    assert!(reply.ephemeral);
    assert_eq!(
        reply.button("st:yes").and_then(|b| b.label),
        Some("Yes".to_string())
    );

    // Without Manage Server.
    let plain = fake.send_slash_command(&alice, "ping", "deep", vec![]);
    let cb_plain = fake.wait_for_callback(plain, STEP).await;
    assert!(
        cb_plain.data["content"]
            .as_str()
            .is_some_and(|c| c.ends_with("manage=false locale=en-US"))
    );

    // Button → UPDATE_MESSAGE with a PNG, then a follow-up.
    let before_press = fake.now();
    let press = fake.press_button(&alice, reply.id, "st:yes");
    let cb = fake.wait_for_callback(press, STEP).await;
    assert_eq!(cb.kind, 7);
    assert!(cb.multipart);
    assert_eq!(cb.files.len(), 1);
    assert_eq!(cb.files[0].field, "files[0]");
    assert_eq!(cb.files[0].filename, "board.png");
    assert_eq!(cb.files[0].content_type.as_deref(), Some("image/png"));
    assert_eq!(cb.files[0].bytes, PNG);
    assert_eq!(cb.message_id, Some(reply.id));
    let updated = fake.message(reply.id).expect("stored");
    assert_eq!(updated.edits, 1);
    assert!(
        updated
            .content()
            .starts_with("pressed st:yes on \"pong sub=deep")
    );
    assert!(updated.buttons().is_empty());
    assert_eq!(updated.attachments.len(), 1);
    assert_eq!(
        updated.embed_image(0).map(|a| a.bytes.as_slice()),
        Some(PNG)
    );
    let followup = fake
        .wait_for_request("the follow-up", STEP, |r| {
            r.at >= before_press && r.is("POST", "/webhooks/*/*")
        })
        .await;
    assert_eq!(followup.status, 200);

    // The attachment is served at its URL, like Discord's CDN.
    let url = &updated.attachments[0].url;
    assert!(url.starts_with(&fake.base_url()));

    // An unknown route is answered 404 at once, and recorded.
    let http = HttpBuilder::new(TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let unknown = tokio::time::timeout(STEP, http.get_webhook(WebhookId::new(5))).await;
    assert!(matches!(unknown, Ok(Err(_))), "{unknown:?}");
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.path == "/api/v10/webhooks/5" && r.status == 404)
    );

    assert_eq!(fake.callbacks().len(), 3);
    // Heartbeats are acknowledged: serenity keeps its one connection.
    fake.wait_for_heartbeats(2, STEP).await;
    assert_eq!(fake.gateway_connections(), 1);
    let lat = fake.latency_summary().expect("latencies");
    println!(
        "fake Discord self-test: {} callbacks, p50 {:?}, p99 {:?}, max {:?}, {} heartbeats",
        lat.count,
        lat.p50,
        lat.p99,
        lat.max,
        fake.heartbeats()
    );

    shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(5), bot).await;
}

pub(crate) type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub(crate) async fn next_frame(ws: &mut Ws, what: &str) -> serde_json::Value {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    for _ in 0..16 {
        match tokio::time::timeout(STEP, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).expect("JSON frame"),
            Ok(Some(Ok(_))) => continue,
            other => panic!("gateway: no frame while waiting for {what}: {other:?}"),
        }
    }
    panic!("gateway: only non-text frames while waiting for {what}")
}

pub(crate) fn proxied_http(fake: &FakeDiscord) -> serenity::http::Http {
    HttpBuilder::new(TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .application_id(serenity::all::ApplicationId::new(APPLICATION_ID))
        .build()
}

fn discord_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.error.code)
        }
        _ => None,
    }
}

/// The gateway protocol frame by frame, with a hand-driven client, and the fake's payloads
/// deserialized with serenity's own model types; Discord's interaction rules over REST.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gateway_protocol_and_interaction_rules() {
    use futures_util::SinkExt;
    use serde_json::json;
    use serenity::all::{CommandDataOptionValue as V, InteractionId, MessageFlags};
    use serenity::model::event::GuildCreateEvent;
    use tokio_tungstenite::tungstenite::Message;

    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let alice = fake.user("alice");
    let active = fake.add_thread(CHANNEL_ID, "old game");
    let archived = fake.add_thread(CHANNEL_ID, "older game");
    fake.set_thread_state(archived, true, false);
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}?v=10", fake.gateway_url()))
        .await
        .expect("connect to the fake gateway");

    let hello = next_frame(&mut ws, "HELLO").await;
    assert_eq!(hello["op"], 10);
    assert_eq!(hello["d"]["heartbeat_interval"], 41_250);
    let identify = json!({"op": 2, "d": {"token": "Bot x", "intents": 1, "shard": [0, 1],
        "properties": {"os": "linux", "browser": "test", "device": "test"}}});
    ws.send(Message::Text(identify.to_string()))
        .await
        .expect("send IDENTIFY");
    let ready = next_frame(&mut ws, "READY").await;
    assert_eq!(
        (
            ready["op"].as_u64(),
            ready["s"].as_u64(),
            ready["t"].as_str()
        ),
        (Some(0), Some(1), Some("READY"))
    );
    let ready: serenity::all::Ready =
        serde_json::from_value(ready["d"].clone()).expect("READY deserializes");
    assert_eq!(ready.application.id.get(), APPLICATION_ID);
    let guild = next_frame(&mut ws, "GUILD_CREATE").await;
    assert_eq!(
        (guild["s"].as_u64(), guild["t"].as_str()),
        (Some(2), Some("GUILD_CREATE"))
    );
    let guild: GuildCreateEvent =
        serde_json::from_value(guild["d"].clone()).expect("GUILD_CREATE deserializes");
    assert!(guild.guild.members.keys().any(|u| u.get() == alice.id));
    let threads: Vec<u64> = guild.guild.threads.iter().map(|t| t.id.get()).collect();
    assert_eq!(threads, [active], "GUILD_CREATE lists the active threads");
    let me = &guild.guild.members[&serenity::all::UserId::new(APPLICATION_ID)];
    assert_eq!(me.roles, [serenity::all::RoleId::new(BOT_ROLE_ID)]);
    assert_eq!(
        guild
            .guild
            .channels
            .values()
            .next()
            .map(|c| c.name.as_str()),
        Some("go")
    );
    fake.wait_connected(STEP).await;

    ws.send(Message::Text(json!({"op": 1, "d": 2}).to_string()))
        .await
        .expect("heartbeat");
    assert_eq!(next_frame(&mut ws, "HEARTBEAT_ACK").await["op"], 11);
    assert_eq!(fake.heartbeats(), 1);

    // A subcommand group with every kind of option.
    let id = fake.send_slash_command(
        &alice,
        "weiqi",
        "config set",
        vec![
            Opt::str("key", "komi"),
            Opt::int("size", 19),
            Opt::num("komi", 6.5),
            Opt::bool("flag", true),
            Opt::user("user", &alice),
            Opt::channel("channel", CHANNEL_ID),
            Opt::role("role", GUILD_ID),
        ],
    );
    let frame = next_frame(&mut ws, "INTERACTION_CREATE (slash)").await;
    assert_eq!(
        (frame["s"].as_u64(), frame["t"].as_str()),
        (Some(3), Some("INTERACTION_CREATE"))
    );
    let token = frame["d"]["token"].as_str().expect("token").to_string();
    let Interaction::Command(cmd) =
        serde_json::from_value(frame["d"].clone()).expect("slash interaction deserializes")
    else {
        panic!("not a command interaction")
    };
    assert_eq!(cmd.id.get(), id);
    assert_eq!(cmd.data.name, "weiqi");
    assert_eq!(
        cmd.member
            .as_ref()
            .and_then(|m| m.permissions)
            .map(|p| p.bits()),
        Some(perms::MEMBER)
    );
    let V::SubCommandGroup(group) = &cmd.data.options[0].value else {
        panic!("no group")
    };
    assert_eq!(
        (cmd.data.options[0].name.as_str(), group[0].name.as_str()),
        ("config", "set")
    );
    let V::SubCommand(opts) = &group[0].value else {
        panic!("no subcommand")
    };
    let values: Vec<&V> = opts.iter().map(|o| &o.value).collect();
    assert!(
        matches!(
            values.as_slice(),
            [V::String(k), V::Integer(19), V::Number(n), V::Boolean(true), V::User(u), V::Channel(_), V::Role(_)]
                if k == "komi" && *n == 6.5 && u.get() == alice.id
        ),
        "{values:?}"
    );

    let http = proxied_http(&fake);
    let iid = InteractionId::new(id);
    let update = json!({"type": 7, "data": {"content": "x"}});
    let e = http
        .create_interaction_response(iid, &token, &update, vec![])
        .await
        .expect_err("type 7 on a slash command");
    assert_eq!(discord_code(&e), Some(50035));
    let deferred = json!({"type": 5, "data": {"flags": 64}});
    http.create_interaction_response(iid, &token, &deferred, vec![])
        .await
        .expect("deferred reply");
    let again = json!({"type": 4, "data": {"content": "again"}});
    let e = http
        .create_interaction_response(iid, &token, &again, vec![])
        .await
        .expect_err("a second callback");
    assert_eq!(discord_code(&e), Some(40060));
    let edit = json!({"content": "done", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "A", "custom_id": "a"},
        {"type": 2, "style": 2, "label": "B", "custom_id": "b", "disabled": true}]}]});
    let edited = http
        .edit_original_interaction_response(&token, &edit, vec![])
        .await
        .expect("edit @original");
    assert_eq!(edited.content, "done");
    let original = fake.original_response(id).expect("original response");
    assert_eq!(original.json["flags"], 64);
    assert_eq!(original.buttons().len(), 2);

    let press = fake.press_button(&alice, original.id, "a");
    let frame = next_frame(&mut ws, "INTERACTION_CREATE (button)").await;
    assert_eq!(frame["s"], 4);
    let Interaction::Component(c) =
        serde_json::from_value(frame["d"].clone()).expect("component interaction deserializes")
    else {
        panic!("not a component interaction")
    };
    assert_eq!((c.id.get(), c.data.custom_id.as_str()), (press, "a"));
    assert_eq!(c.message.id.get(), original.id);
    assert_eq!(c.message.components[0].components.len(), 2);
    assert!(
        c.message
            .flags
            .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL))
    );

    // Discord would not let anyone press a disabled or missing button.
    let disabled = fake.try_press_button(&alice, original.id, "b");
    assert!(disabled.is_err_and(|e| e.contains("disabled")));
    let missing = fake.try_press_button(&alice, original.id, "zz");
    assert!(missing.is_err_and(|e| e.contains("no such component")));
    let _ = ws.close(None).await;
}

/// Every REST answer of the fake that the bot may need deserializes in serenity, and the fake
/// keeps what Discord keeps.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rest_answers_deserialize_in_serenity() {
    use serenity::all::{
        ChannelType, CreateThread, EditMessage, EditRole, GuildId, RoleId, UserId,
    };

    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let http = proxied_http(&fake);
    let channel = ChannelId::new(CHANNEL_ID);

    assert_eq!(
        http.get_gateway().await.expect("gateway").url,
        fake.gateway_url()
    );
    assert_eq!(http.get_bot_gateway().await.expect("gateway/bot").shards, 1);
    assert_eq!(
        http.get_current_user().await.expect("users/@me").id.get(),
        APPLICATION_ID
    );
    assert_eq!(
        http.get_current_application_info()
            .await
            .expect("application")
            .id
            .get(),
        APPLICATION_ID
    );

    let weiqi = CreateCommand::new("weiqi")
        .description("Go")
        .name_localized("zh-CN", "weiqi")
        .add_option(
            CreateCommandOption::new(CommandOptionType::SubCommandGroup, "config", "Settings")
                .add_sub_option(CreateCommandOption::new(
                    CommandOptionType::SubCommand,
                    "show",
                    "Show",
                )),
        );
    let cmds = GuildId::new(GUILD_ID)
        .set_commands(&http, vec![weiqi])
        .await
        .expect("guild commands");
    assert_eq!(cmds[0].guild_id.map(|g| g.get()), Some(GUILD_ID));
    assert_eq!(fake.registered_guild_commands(GUILD_ID)[0]["name"], "weiqi");

    // A message with an image, an embed showing it and a mention.
    let post = CreateMessage::new()
        .content(format!("{} to move", alice.mention()))
        .embed(
            CreateEmbed::new()
                .title("Board")
                .image("attachment://b.png"),
        )
        .add_file(CreateAttachment::bytes(PNG.to_vec(), "b.png"))
        .components(vec![CreateActionRow::Buttons(vec![
            CreateButton::new("pass").label("Pass"),
        ])]);
    let msg = channel
        .send_message(&http, post)
        .await
        .expect("channel message");
    assert_eq!(msg.attachments[0].filename, "b.png");
    assert_eq!(msg.mentions[0].id.get(), alice.id);
    let image_url = msg.embeds[0].image.as_ref().map(|i| i.url.clone());
    assert_eq!(image_url.as_deref(), Some(msg.attachments[0].url.as_str()));
    assert_eq!(
        msg.attachments[0].download().await.expect("CDN download"),
        PNG
    );
    assert_eq!(
        fake.message(msg.id.get())
            .and_then(|m| m.embed_image(0).map(|a| a.bytes.clone())),
        Some(PNG.to_vec())
    );

    // Edits: without attachments they stay; with a new file and keep, both are there.
    let edited = channel
        .edit_message(&http, msg.id, EditMessage::new().content("edited"))
        .await
        .expect("edit");
    assert_eq!(
        (edited.attachments.len(), edited.content.as_str()),
        (1, "edited")
    );
    assert!(edited.edited_timestamp.is_some());
    let keep = EditMessage::new()
        .keep_existing_attachment(msg.attachments[0].id)
        .new_attachment(CreateAttachment::bytes(b"second".to_vec(), "c.txt"));
    let edited = channel
        .edit_message(&http, msg.id, keep)
        .await
        .expect("edit with a file");
    let names: Vec<&str> = edited
        .attachments
        .iter()
        .map(|a| a.filename.as_str())
        .collect();
    assert_eq!(names, ["b.png", "c.txt"]);

    // Threads, DMs, roles.
    let thread = channel
        .create_thread_from_message(&http, msg.id, CreateThread::new("game 1"))
        .await
        .expect("thread from a message");
    assert_eq!(
        (thread.id.get(), thread.parent_id.map(|p| p.get())),
        (msg.id.get(), Some(CHANNEL_ID))
    );
    assert_eq!(thread.kind, ChannelType::PublicThread);
    thread
        .id
        .send_message(&http, CreateMessage::new().content("in thread"))
        .await
        .expect("thread message");
    assert_eq!(fake.messages_in(thread.id.get())[0].content(), "in thread");
    let thread2 = channel
        .create_thread(
            &http,
            CreateThread::new("game 2").kind(ChannelType::PublicThread),
        )
        .await
        .expect("thread");
    assert_eq!(fake.threads().len(), 2);
    assert_eq!(
        fake.threads()[1],
        (thread2.id.get(), "game 2".to_string(), CHANNEL_ID)
    );

    let dm = UserId::new(alice.id)
        .create_dm_channel(&http)
        .await
        .expect("DM channel");
    assert_eq!(dm.recipient.id.get(), alice.id);
    dm.id
        .send_message(&http, CreateMessage::new().content("your move"))
        .await
        .expect("DM");
    assert_eq!(fake.dms_to(&alice)[0].content(), "your move");

    let role = GuildId::new(GUILD_ID)
        .create_role(&http, EditRole::new().name("Tengen"))
        .await
        .expect("role");
    http.add_member_role(GuildId::new(GUILD_ID), UserId::new(alice.id), role.id, None)
        .await
        .expect("add role");
    assert_eq!(fake.roles_of(&alice), vec![role.id.get()]);
    let member = GuildId::new(GUILD_ID)
        .member(&http, UserId::new(alice.id))
        .await
        .expect("member");
    assert!(member.roles.contains(&role.id));
    let e = http
        .add_member_role(
            GuildId::new(GUILD_ID),
            UserId::new(alice.id),
            RoleId::new(5),
            None,
        )
        .await
        .expect_err("unknown role");
    assert_eq!(discord_code(&e), Some(10011));

    channel.delete_message(&http, msg.id).await.expect("delete");
    assert!(
        fake.messages_in(CHANNEL_ID)
            .iter()
            .all(|m| m.id != msg.id.get())
    );

    // A base that carries /api/v10 doubles the prefix; the fake says so with a 404.
    let wrong = HttpBuilder::new(TOKEN)
        .proxy(format!("{}/api/v10", fake.base_url()))
        .ratelimiter_disabled(true)
        .build();
    assert!(wrong.get_current_user().await.is_err());
    assert!(
        fake.requests()
            .last()
            .is_some_and(|r| r.path.starts_with("/api/v10/api/v10/") && r.status == 404)
    );
}

/// A step that gets no answer fails fast, naming the step.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "no answer within 200ms waiting for the bot's callback to interaction")]
async fn a_missing_answer_names_the_step() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;

    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let alice = fake.user("alice");
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}?v=10", fake.gateway_url()))
        .await
        .expect("connect to the fake gateway");
    next_frame(&mut ws, "HELLO").await;
    let identify = identify_payload();
    ws.send(Message::Text(identify.to_string()))
        .await
        .expect("send IDENTIFY");
    fake.wait_connected(STEP).await;
    let id = fake.send_slash_command(&alice, "weiqi", "status", vec![]);
    // Nobody answers it.
    fake.wait_for_callback(id, Duration::from_millis(200)).await;
}

// ---------------------------------------------------------------------------------------------
// Discord's rules: every limit refused with Discord's error and recorded as a violation, every
// payload at the limits accepted.

/// An IDENTIFY as Discord wants one: token, intents, properties.
pub(crate) fn identify_payload() -> serde_json::Value {
    serde_json::json!({"op": 2, "d": {"token": "Bot x", "intents": 1,
        "properties": {"os": "linux", "browser": "test", "device": "test"}}})
}

/// A hand-driven gateway client that has identified (so the fake can dispatch interactions).
pub(crate) async fn raw_bot(fake: &FakeDiscord) -> Ws {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}?v=10", fake.gateway_url()))
        .await
        .expect("connect to the fake gateway");
    next_frame(&mut ws, "HELLO").await;
    let identify = identify_payload();
    ws.send(Message::Text(identify.to_string()))
        .await
        .expect("send IDENTIFY");
    fake.wait_connected(STEP).await;
    ws
}

/// Reads gateway frames until the dispatch `event` whose `d.id` is `id` (any `d` when `id` is
/// `None`), and returns its `d`.
pub(crate) async fn dispatched(ws: &mut Ws, event: &str, id: Option<u64>) -> serde_json::Value {
    for _ in 0..64 {
        let f = next_frame(ws, event).await;
        if f["t"] == event
            && id.is_none_or(|id| f["d"]["id"].as_str().and_then(|s| s.parse().ok()) == Some(id))
        {
            return f["d"].clone();
        }
    }
    panic!("gateway: no {event} for {id:?}")
}

/// Discord's error of a failed serenity request: status, JSON code, first error path.
pub(crate) fn discord_error(e: &serenity::Error) -> (u16, isize, String) {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => (
            r.status_code.as_u16(),
            r.error.code,
            r.error
                .errors
                .first()
                .map(|e| e.path.clone())
                .unwrap_or_default(),
        ),
        other => panic!("not an HTTP error: {other:?}"),
    }
}

pub(crate) fn big(n: usize) -> String {
    "x".repeat(n)
}

fn buttons(row: usize, n: usize) -> serde_json::Value {
    let b: Vec<serde_json::Value> = (0..n)
        .map(|i| serde_json::json!({"type": 2, "style": 1, "label": "b", "custom_id": format!("r{row}b{i}")}))
        .collect();
    serde_json::json!({"type": 1, "components": b})
}

fn select(id: &str, options: usize) -> serde_json::Value {
    let o: Vec<serde_json::Value> = (0..options)
        .map(|i| serde_json::json!({"label": format!("option {i}"), "value": format!("v{i}")}))
        .collect();
    serde_json::json!({"type": 1, "components": [{"type": 3, "custom_id": id, "options": o}]})
}

/// Posts a message with files in `channel` as Discord wants them: parts `files[0]`,
/// `files[1]`, … (serenity's builders number them so; its raw `Http::send_message` names every
/// part after the attachment's placeholder id, 0 unless a builder set it), sent by hand over
/// HTTP/1.1. The status and the JSON answer.
pub(crate) async fn post_files(
    fake: &FakeDiscord,
    channel: u64,
    payload: &serde_json::Value,
    files: &[CreateAttachment],
) -> (u16, serde_json::Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let boundary = "fake-discord-selftest-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n{payload}\r\n"
    )
    .into_bytes();
    for (i, f) in files.iter().enumerate() {
        body.extend(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"files[{i}]\"; filename=\"{}\"\r\nContent-Type: application/octet-stream\r\n\r\n",
                f.filename
            )
            .as_bytes(),
        );
        body.extend(&f.data);
        body.extend(b"\r\n");
    }
    body.extend(format!("--{boundary}--\r\n").as_bytes());
    let addr = fake.base_url().trim_start_matches("http://").to_string();
    let head = format!(
        "POST /api/v10/channels/{channel}/messages HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bot {TOKEN}\r\nContent-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let mut tcp = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("connect to the fake's REST port");
    tcp.write_all(head.as_bytes()).await.expect("send");
    tcp.write_all(&body).await.expect("send");
    let mut answer = Vec::new();
    tokio::time::timeout(STEP, tcp.read_to_end(&mut answer))
        .await
        .expect("an answer in time")
        .expect("read the answer");
    let answer = String::from_utf8_lossy(&answer);
    let (head, json) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, serde_json::from_str(json).expect("a JSON answer"))
}

/// Everything at Discord's limits, which Discord takes.
fn message_at_the_limits() -> (serde_json::Value, Vec<CreateAttachment>) {
    use serde_json::json;
    let fields: Vec<serde_json::Value> = (0..25)
        .map(|i| json!({"name": format!("f{i:02}"), "value": big(20), "inline": true}))
        .collect();
    let mut rows: Vec<serde_json::Value> = (0..4).map(|r| buttons(r, 5)).collect();
    rows[0]["components"][0]["custom_id"] = json!(big(100));
    rows[0]["components"][1]["label"] = json!(big(80));
    rows[0]["components"][2] =
        json!({"type": 2, "style": 5, "label": "Rules", "url": "https://example.com/go"});
    rows.push(select("pick", 25));
    let files: Vec<CreateAttachment> = (0..10)
        .map(|i| CreateAttachment::bytes(PNG.to_vec(), format!("f{i}.png")))
        .collect();
    let payload = json!({
        "content": "é".repeat(2000),
        "embeds": [{
            "title": big(256),
            "description": big(4096),
            "fields": fields,
            "footer": {"text": big(100)},
            "author": {"name": big(256)},
            "color": 0xFF_FFFF,
            "image": {"url": "attachment://f3.png"},
        }],
        "components": rows,
    });
    (payload, files)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn message_payloads_are_checked_like_discord() {
    use serde_json::json;
    let fake = FakeDiscord::start().await;
    let http = proxied_http(&fake);
    let channel = ChannelId::new(CHANNEL_ID);

    let (good, files) = message_at_the_limits();
    let (status, msg) = post_files(&fake, CHANNEL_ID, &good, &files).await;
    assert_eq!(status, 200, "a message at every limit is taken: {msg}");
    assert_eq!(msg["attachments"].as_array().map(Vec::len), Some(10));
    assert_eq!(
        msg["embeds"][0]["image"]["url"],
        msg["attachments"][3]["url"]
    );
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());

    let field = |name: &str, value: &str| json!({"name": name, "value": value});
    let embed_total: Vec<serde_json::Value> =
        (0..2).map(|_| json!({"description": big(3001)})).collect();
    let row_mixed = json!({"type": 1, "components": [
        {"type": 2, "style": 1, "label": "a", "custom_id": "a"},
        {"type": 3, "custom_id": "s", "options": [{"label": "l", "value": "v"}]}]});
    let dup = json!({"type": 1, "components": [
        {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
        {"type": 2, "style": 2, "label": "b", "custom_id": "same"}]});
    let cases: Vec<(&str, serde_json::Value, &str)> = vec![
        (
            "content over 2000",
            json!({"content": big(2001)}),
            "content",
        ),
        (
            "11 embeds",
            json!({"embeds": vec![json!({"title": "t"}); 11]}),
            "embeds",
        ),
        (
            "title over 256",
            json!({"embeds": [{"title": big(257)}]}),
            "embeds.0.title",
        ),
        (
            "description over 4096",
            json!({"embeds": [{"description": big(4097)}]}),
            "embeds.0.description",
        ),
        (
            "26 fields",
            json!({"embeds": [{"fields": vec![field("n", "v"); 26]}]}),
            "embeds.0.fields",
        ),
        (
            "empty field name",
            json!({"embeds": [{"fields": [field(" ", "v")]}]}),
            "embeds.0.fields.0.name",
        ),
        (
            "empty field value",
            json!({"embeds": [{"fields": [field("n", "")]}]}),
            "embeds.0.fields.0.value",
        ),
        (
            "field name over 256",
            json!({"embeds": [{"fields": [field(&big(257), "v")]}]}),
            "embeds.0.fields.0.name",
        ),
        (
            "field value over 1024",
            json!({"embeds": [{"fields": [field("n", &big(1025))]}]}),
            "embeds.0.fields.0.value",
        ),
        (
            "footer over 2048",
            json!({"embeds": [{"footer": {"text": big(2049)}}]}),
            "embeds.0.footer.text",
        ),
        (
            "author name over 256",
            json!({"embeds": [{"author": {"name": big(257)}}]}),
            "embeds.0.author.name",
        ),
        (
            "embeds over 6000 together",
            json!({"embeds": embed_total}),
            "embeds",
        ),
        (
            "6 action rows",
            json!({"content": "c", "components": (0..6).map(|r| buttons(r, 1)).collect::<Vec<_>>()}),
            "components",
        ),
        (
            "6 buttons in a row",
            json!({"components": [buttons(0, 6)]}),
            "components.0.components",
        ),
        (
            "a select beside a button",
            json!({"components": [row_mixed]}),
            "components.0.components",
        ),
        (
            "an empty row",
            json!({"content": "c", "components": [{"type": 1, "components": []}]}),
            "components.0.components",
        ),
        (
            "a button outside a row",
            json!({"components": [{"type": 2, "style": 1, "label": "x", "custom_id": "x"}]}),
            "components.0.type",
        ),
        (
            "duplicate custom ids",
            json!({"components": [dup]}),
            "components.0.components.1.custom_id",
        ),
        (
            "custom id over 100",
            json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": big(101)}]}]}),
            "components.0.components.0.custom_id",
        ),
        (
            "empty custom id",
            json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": ""}]}]}),
            "components.0.components.0.custom_id",
        ),
        (
            "label over 80",
            json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": big(81), "custom_id": "x"}]}]}),
            "components.0.components.0.label",
        ),
        (
            "a link button with a custom id",
            json!({"components": [{"type": 1, "components": [{"type": 2, "style": 5, "label": "x", "url": "https://example.com", "custom_id": "x"}]}]}),
            "components.0.components.0.custom_id",
        ),
        (
            "a link button without a url",
            json!({"components": [{"type": 1, "components": [{"type": 2, "style": 5, "label": "x"}]}]}),
            "components.0.components.0.url",
        ),
        (
            "a button with a url",
            json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "x", "url": "https://example.com"}]}]}),
            "components.0.components.0.url",
        ),
        (
            "a button without a custom id",
            json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x"}]}]}),
            "components.0.components.0.custom_id",
        ),
        (
            "a select of 26 options",
            json!({"components": [select("s", 26)]}),
            "components.0.components.0.options",
        ),
        (
            "an option label over 100",
            json!({"components": [{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [{"label": big(101), "value": "v"}]}]}]}),
            "components.0.components.0.options.0.label",
        ),
        (
            "an embed image naming no file",
            json!({"embeds": [{"image": {"url": "attachment://board.png"}}]}),
            "embeds.0.image.url",
        ),
        (
            "an embed url that is not http",
            json!({"embeds": [{"title": "t", "url": "ftp://example.com"}]}),
            "embeds.0.url",
        ),
        (
            "a colour over 0xFFFFFF",
            json!({"embeds": [{"title": "t", "color": 0x100_0000}]}),
            "embeds.0.color",
        ),
    ];
    for (what, payload, path) in &cases {
        let e = http
            .send_message(channel, vec![], payload)
            .await
            .expect_err(what);
        assert_eq!(discord_error(&e), (400, 50035, path.to_string()), "{what}");
    }
    // Files: more than 10, over the attachment size limit; an empty message.
    let eleven: Vec<CreateAttachment> = (0..11)
        .map(|i| CreateAttachment::bytes(PNG.to_vec(), format!("f{i}.png")))
        .collect();
    let e = channel
        .send_message(&http, CreateMessage::new().files(eleven))
        .await
        .expect_err("11 files");
    assert_eq!(discord_error(&e), (400, 50035, "attachments".into()));
    fake.set_attachment_size_limit(64);
    let e = http
        .send_message(
            channel,
            vec![CreateAttachment::bytes(vec![0u8; 65], "big.bin")],
            &json!({}),
        )
        .await
        .expect_err("a file over the limit");
    assert_eq!(discord_error(&e).0, 413);
    assert_eq!(discord_error(&e).1, 40005);
    http.send_message(
        channel,
        vec![CreateAttachment::bytes(vec![0u8; 64], "ok.bin")],
        &json!({}),
    )
    .await
    .expect("a file at the limit");
    fake.set_attachment_size_limit(10 * 1024 * 1024);
    for empty in [
        json!({}),
        json!({"content": "  ", "embeds": [], "components": []}),
    ] {
        let e = http
            .send_message(channel, vec![], &empty)
            .await
            .expect_err("an empty message");
        assert_eq!(discord_error(&e), (400, 50006, String::new()));
    }

    // Edits: attachment:// may name a kept file; emptying a message is refused.
    let posted = http
        .send_message(
            channel,
            vec![CreateAttachment::bytes(PNG.to_vec(), "keep.png")],
            &json!({"content": "x"}),
        )
        .await
        .expect("post");
    let keep = posted.attachments[0].id.get().to_string();
    http.edit_message(
        channel,
        posted.id,
        &json!({"embeds": [{"image": {"url": "attachment://keep.png"}}], "attachments": [{"id": keep}]}),
        vec![],
    )
    .await
    .expect("an embed showing a kept file");
    let e = http
        .edit_message(
            channel,
            posted.id,
            &json!({"embeds": [{"image": {"url": "attachment://keep.png"}}], "attachments": []}),
            vec![],
        )
        .await
        .expect_err("an embed showing a file the edit removes");
    assert_eq!(discord_error(&e), (400, 50035, "embeds.0.image.url".into()));
    let e = http
        .edit_message(
            channel,
            posted.id,
            &json!({"content": "", "embeds": [], "attachments": []}),
            vec![],
        )
        .await
        .expect_err("an edit leaving nothing");
    assert_eq!(discord_error(&e), (400, 50006, String::new()));

    // Every refusal is a violation, printed and kept with its route and reason.
    let v = fake.violations();
    assert_eq!(v.len(), cases.len() + 2 + 2 + 2, "{v:#?}");
    assert!(
        v[0].route.starts_with("POST /api/v10/channels/"),
        "{:?}",
        v[0]
    );
    assert!(
        v[0].reason
            .contains("content: Must be 2000 or fewer in length."),
        "{}",
        v[0].reason
    );
    assert!(v.iter().any(|v| v.code == 40005 && v.status == 413));
    let caught =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| fake.assert_no_violations()));
    assert!(
        caught.is_err(),
        "assert_no_violations panics when there are some"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn callbacks_follow_ups_and_edits_are_checked_like_discord() {
    use serde_json::json;
    use serenity::all::InteractionId;
    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let alice = fake.user("alice");
    let mut ws = raw_bot(&fake).await;
    let http = proxied_http(&fake);

    // A slash command: a bad type 4 is refused (and does not count as the answer), a good one
    // is taken; a deferred reply may only be ephemeral.
    let id = fake.send_slash_command(&alice, "weiqi", "status", vec![]);
    let token = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    let iid = InteractionId::new(id);
    for (bad, path) in [
        (
            json!({"type": 4, "data": {"content": big(2001)}}),
            "data.content",
        ),
        (
            json!({"type": 4, "data": {"embeds": [{"title": big(257)}]}}),
            "data.embeds.0.title",
        ),
        (
            json!({"type": 4, "data": {"content": "x", "components": [buttons(0, 6)]}}),
            "data.components.0.components",
        ),
        (json!({"type": 5, "data": {"flags": 4}}), "data.flags"),
        (json!({"type": 8, "data": {"choices": []}}), "type"),
        (json!({"type": 6}), "type"),
    ] {
        let e = http
            .create_interaction_response(iid, &token, &bad, vec![])
            .await
            .expect_err(&bad.to_string());
        assert_eq!(discord_error(&e), (400, 50035, path.to_string()), "{bad}");
    }
    let e = http
        .create_interaction_response(
            iid,
            &token,
            &json!({"type": 4, "data": {"content": ""}}),
            vec![],
        )
        .await
        .expect_err("an empty reply");
    assert_eq!(discord_error(&e), (400, 50006, String::new()));
    http.create_interaction_response(
        iid,
        &token,
        &json!({"type": 4, "data": {"content": "ok", "flags": 64}}),
        vec![],
    )
    .await
    .expect("a good reply");
    assert_eq!(fake.wait_for_callback(id, STEP).await.data["content"], "ok");

    // Follow-ups and @original edits are checked the same way.
    let e = http
        .create_followup_message(&token, &json!({"content": big(2001)}), vec![])
        .await
        .expect_err("a long follow-up");
    assert_eq!(discord_error(&e), (400, 50035, "content".into()));
    http.create_followup_message(&token, &json!({"content": "more"}), vec![])
        .await
        .expect("a follow-up");
    let e = http
        .edit_original_interaction_response(
            &token,
            &json!({"embeds": [{"fields": [{"name": "", "value": "v"}]}]}),
            vec![],
        )
        .await
        .expect_err("an empty field name");
    assert_eq!(
        discord_error(&e),
        (400, 50035, "embeds.0.fields.0.name".into())
    );
    let e = http
        .edit_original_interaction_response(&token, &json!({"content": ""}), vec![])
        .await
        .expect_err("an edit that empties the reply");
    assert_eq!(discord_error(&e).1, 50006);
    http.edit_original_interaction_response(
        &token,
        &json!({"embeds": [{"title": "Board", "image": {"url": "attachment://b.png"}}]}),
        vec![CreateAttachment::bytes(PNG.to_vec(), "b.png")],
    )
    .await
    .expect("an edit with the file its embed shows");

    // A button press: UPDATE_MESSAGE is checked as an edit of the message pressed.
    let msg = fake.original_response(id).expect("the reply");
    http.edit_original_interaction_response(
        &token,
        &json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]}),
        vec![],
    )
    .await
    .expect("buttons");
    let press = fake.press_button(&alice, msg.id, "go");
    let ptoken = dispatched(&mut ws, "INTERACTION_CREATE", Some(press)).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    let e = http
        .create_interaction_response(
            InteractionId::new(press),
            &ptoken,
            &json!({"type": 7, "data": {"embeds": [{"image": {"url": "attachment://gone.png"}}]}}),
            vec![],
        )
        .await
        .expect_err("an update showing a file the message does not have");
    assert_eq!(
        discord_error(&e),
        (400, 50035, "data.embeds.0.image.url".into())
    );
    http.create_interaction_response(
        InteractionId::new(press),
        &ptoken,
        &json!({"type": 7, "data": {"embeds": [{"image": {"url": "attachment://b.png"}}]}}),
        vec![],
    )
    .await
    .expect("an update showing the file the message keeps");
    assert_eq!(fake.wait_for_callback(press, STEP).await.kind, 7);

    // A modal: custom_id 1-100, title up to 45, 1 to 5 rows of one text input.
    let press = fake.press_button(&alice, msg.id, "go");
    let ptoken = dispatched(&mut ws, "INTERACTION_CREATE", Some(press)).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    let input = |label: &str| json!({"type": 1, "components": [{"type": 4, "custom_id": "move", "style": 1, "label": label}]});
    for (bad, path) in [
        (
            json!({"type": 9, "data": {"custom_id": "m", "title": big(46), "components": [input("Move")]}}),
            "data.title",
        ),
        (
            json!({"type": 9, "data": {"custom_id": "m", "title": "Play", "components": []}}),
            "data.components",
        ),
        (
            json!({"type": 9, "data": {"custom_id": "m", "title": "Play", "components": [input(&big(46))]}}),
            "data.components.0.components.0.label",
        ),
        (
            json!({"type": 9, "data": {"custom_id": "", "title": "Play", "components": [input("Move")]}}),
            "data.custom_id",
        ),
    ] {
        let e = http
            .create_interaction_response(InteractionId::new(press), &ptoken, &bad, vec![])
            .await
            .expect_err(&bad.to_string());
        assert_eq!(discord_error(&e), (400, 50035, path.to_string()), "{bad}");
    }
    http.create_interaction_response(InteractionId::new(press), &ptoken, &json!({"type": 9, "data": {"custom_id": "m", "title": "Play a move", "components": [input("Move")]}}), vec![])
        .await
        .expect("a good modal");
    assert_eq!(fake.wait_for_callback(press, STEP).await.kind, 9);
    let v = fake.violations();
    assert_eq!(v.len(), 7 + 3 + 1 + 4, "{v:#?}");
    assert!(v.iter().all(|v| v.interaction_id.is_some()));
    let _ = ws.close(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_interactions_and_their_results() {
    use serde_json::json;
    use serenity::all::{CommandDataOptionValue as V, InteractionId};
    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let alice = fake.user("alice");
    let mut ws = raw_bot(&fake).await;
    let http = proxied_http(&fake);

    let id = fake.send_autocomplete(
        &alice,
        "weiqi",
        "sgf",
        vec![Opt::int("game", 12), Opt::str("format", "s")],
        "game",
    );
    let d = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await;
    assert_eq!(d["type"], 4);
    let focused = &d["data"]["options"][0]["options"][0];
    assert_eq!(
        (focused["focused"].as_bool(), focused["value"].as_str()),
        (Some(true), Some("12"))
    );
    assert!(
        d["data"]["options"][0]["options"][1]
            .get("focused")
            .is_none()
    );
    let Interaction::Autocomplete(ac) = serde_json::from_value(d.clone()).expect("deserializes")
    else {
        panic!("not an autocomplete interaction")
    };
    let V::SubCommand(opts) = &ac.data.options[0].value else {
        panic!("no subcommand")
    };
    assert!(matches!(&opts[0].value, V::Autocomplete { value, .. } if value == "12"));
    let token = d["token"].as_str().unwrap().to_string();
    let iid = InteractionId::new(id);

    let choice = |i: usize| json!({"name": format!("Game #{i}"), "value": i});
    let many: Vec<serde_json::Value> = (0..26).map(choice).collect();
    for (bad, path) in [
        (
            json!({"type": 8, "data": {"choices": many}}),
            "data.choices",
        ),
        (
            json!({"type": 8, "data": {"choices": [{"name": "", "value": 1}]}}),
            "data.choices.0.name",
        ),
        (
            json!({"type": 8, "data": {"choices": [{"name": big(101), "value": 1}]}}),
            "data.choices.0.name",
        ),
        (
            json!({"type": 8, "data": {"choices": [{"name": "n", "value": big(101)}]}}),
            "data.choices.0.value",
        ),
        (json!({"type": 8, "data": {}}), "data.choices"),
        (json!({"type": 4, "data": {"content": "x"}}), "type"),
    ] {
        let e = http
            .create_interaction_response(iid, &token, &bad, vec![])
            .await
            .expect_err(&bad.to_string());
        assert_eq!(discord_error(&e), (400, 50035, path.to_string()), "{bad}");
    }
    let good: Vec<serde_json::Value> = (0..25).map(choice).collect();
    http.create_interaction_response(
        iid,
        &token,
        &json!({"type": 8, "data": {"choices": good}}),
        vec![],
    )
    .await
    .expect("25 choices");
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!(cb.kind, 8);
    assert_eq!(cb.data["choices"].as_array().map(Vec::len), Some(25));
    assert_eq!(cb.message_id, None);
    assert_eq!(fake.violations().len(), 6);
    let _ = ws.close(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_registration_is_checked_like_discord() {
    use serde_json::json;
    let fake = FakeDiscord::start().await;
    let http = proxied_http(&fake);
    let cmd = |name: &str, desc: &str, options: serde_json::Value| json!({"name": name, "description": desc, "options": options});
    let opt = |name: &str, kind: u64, required: bool| json!({"name": name, "description": "d", "type": kind, "required": required});
    let sub = |name: &str, options: serde_json::Value| json!({"name": name, "description": "d", "type": 1, "options": options});
    let choices = |n: usize| -> serde_json::Value {
        (0..n)
            .map(|i| json!({"name": format!("c{i}"), "value": format!("v{i}")}))
            .collect()
    };

    // At the limits: Discord takes it.
    let mut weiqi = cmd(
        "weiqi",
        &big(100),
        json!([
            {"name": "config", "description": "Settings", "type": 2, "options": [
                sub("show", json!([])),
                sub("set", json!([opt("key", 3, true), opt("value", 3, false)])),
            ]},
            sub("invite", json!([
                opt("user", 6, true),
                {"name": "rules", "description": "d", "type": 3, "choices": choices(25)},
                {"name": "size", "description": "d", "type": 4, "min_value": 5, "max_value": 19},
                {"name": "game", "description": "d", "type": 4, "autocomplete": true},
            ])),
        ]),
    );
    weiqi["name_localizations"] = json!({"zh-CN": "围棋", "zh-TW": "圍棋", "ja": "囲碁", "ko": "바둑", "hi": "गो", "th": "โกะ"});
    weiqi["description_localizations"] = json!({"zh-CN": "下围棋"});
    weiqi["options"][1]["name_localizations"] = json!({"zh-CN": "邀请"});
    let user_cmd = json!({"name": "Invite to Go", "type": 2, "description": ""});
    let many: Vec<serde_json::Value> = (0..25).map(|i| opt(&format!("o{i}"), 3, false)).collect();
    let wide = cmd("wide", "d", json!(many));
    http.create_global_commands(&json!([weiqi, user_cmd, wide]))
        .await
        .expect("commands at the limits");
    assert_eq!(fake.registered_commands().len(), 3);

    let cases: Vec<(&str, serde_json::Value, &str)> = vec![
        ("an uppercase name", cmd("Weiqi", "d", json!([])), "0.name"),
        (
            "a name with a space",
            cmd("wei qi", "d", json!([])),
            "0.name",
        ),
        ("a name over 32", cmd(&big(33), "d", json!([])), "0.name"),
        (
            "an empty description",
            cmd("weiqi", "", json!([])),
            "0.description",
        ),
        (
            "a description over 100",
            cmd("weiqi", &big(101), json!([])),
            "0.description",
        ),
        (
            "26 options",
            cmd(
                "weiqi",
                "d",
                json!(
                    (0..26)
                        .map(|i| opt(&format!("o{i}"), 3, false))
                        .collect::<Vec<_>>()
                ),
            ),
            "0.options",
        ),
        (
            "required after optional",
            cmd("weiqi", "d", json!([opt("a", 3, false), opt("b", 3, true)])),
            "0.options.1.required",
        ),
        (
            "26 choices",
            cmd(
                "weiqi",
                "d",
                json!([{"name": "r", "description": "d", "type": 3, "choices": choices(26)}]),
            ),
            "0.options.0.choices",
        ),
        (
            "an empty choice name",
            cmd(
                "weiqi",
                "d",
                json!([{"name": "r", "description": "d", "type": 3, "choices": [{"name": "", "value": "v"}]}]),
            ),
            "0.options.0.choices.0.name",
        ),
        (
            "a choice name over 100",
            cmd(
                "weiqi",
                "d",
                json!([{"name": "r", "description": "d", "type": 3, "choices": [{"name": big(101), "value": "v"}]}]),
            ),
            "0.options.0.choices.0.name",
        ),
        (
            "a choice of the wrong type",
            cmd(
                "weiqi",
                "d",
                json!([{"name": "r", "description": "d", "type": 4, "choices": [{"name": "n", "value": "v"}]}]),
            ),
            "0.options.0.choices.0.value",
        ),
        (
            "autocomplete with choices",
            cmd(
                "weiqi",
                "d",
                json!([{"name": "r", "description": "d", "type": 3, "autocomplete": true, "choices": choices(2)}]),
            ),
            "0.options.0.autocomplete",
        ),
        (
            "duplicate option names",
            cmd(
                "weiqi",
                "d",
                json!([opt("a", 3, false), opt("a", 4, false)]),
            ),
            "0.options.1.name",
        ),
        (
            "an option name in uppercase",
            cmd("weiqi", "d", json!([opt("Size", 4, false)])),
            "0.options.0.name",
        ),
        (
            "subcommands mixed with options",
            cmd(
                "weiqi",
                "d",
                json!([sub("a", json!([])), opt("b", 3, false)]),
            ),
            "0.options",
        ),
        (
            "a group in a subcommand",
            cmd(
                "weiqi",
                "d",
                json!([sub(
                    "a",
                    json!([{"name": "g", "description": "d", "type": 2, "options": []}])
                )]),
            ),
            "0.options.0.options.0.type",
        ),
        (
            "an option in a group",
            cmd(
                "weiqi",
                "d",
                json!([{"name": "g", "description": "d", "type": 2, "options": [opt("x", 3, false)]}]),
            ),
            "0.options.0.options.0.type",
        ),
        (
            "a locale that is not Discord's",
            json!({"name": "weiqi", "description": "d", "name_localizations": {"zh": "围棋"}}),
            "0.name_localizations.zh",
        ),
        (
            "a localized name in uppercase",
            json!({"name": "weiqi", "description": "d", "name_localizations": {"en-GB": "Weiqi"}}),
            "0.name_localizations.en-GB",
        ),
        (
            "a localized description over 100",
            json!({"name": "weiqi", "description": "d", "description_localizations": {"ja": big(101)}}),
            "0.description_localizations.ja",
        ),
        (
            "a user command with a description",
            json!({"name": "Invite", "type": 2, "description": "d"}),
            "0.description",
        ),
        (
            "options on a user command",
            json!({"name": "Invite", "type": 2, "description": "", "options": [opt("a", 3, false)]}),
            "0.options",
        ),
    ];
    for (what, c, path) in &cases {
        let e = http
            .create_global_commands(&json!([c]))
            .await
            .expect_err(what);
        assert_eq!(discord_error(&e), (400, 50035, path.to_string()), "{what}");
    }
    let e = http
        .create_global_commands(&json!([cmd("a", "d", json!([])), cmd("a", "e", json!([]))]))
        .await
        .expect_err("two commands of one name");
    assert_eq!(discord_error(&e), (400, 50035, "1.name".into()));
    // Over 8000 characters in all (25 options of 25 choices of 100-character values).
    let heavy: Vec<serde_json::Value> = (0..25)
        .map(|i| {
            let cs: Vec<serde_json::Value> = (0..25)
                .map(|j| json!({"name": format!("c{j}"), "value": big(100)}))
                .collect();
            json!({"name": format!("o{i}"), "description": "d", "type": 3, "choices": cs})
        })
        .collect();
    let e = http
        .create_global_commands(&json!([cmd("heavy", "d", json!(heavy))]))
        .await
        .expect_err("a command over 8000 characters");
    assert_eq!(discord_error(&e), (400, 50035, "0".into()));
    // A single command (POST) and guild commands are checked alike.
    let e = http
        .create_global_command(&cmd("Bad", "d", json!([])))
        .await
        .expect_err("POST");
    assert_eq!(discord_error(&e), (400, 50035, "name".into()));
    let e = serenity::all::GuildId::new(GUILD_ID)
        .set_commands(&http, vec![CreateCommand::new("Bad").description("d")])
        .await
        .expect_err("guild PUT");
    assert_eq!(discord_error(&e), (400, 50035, "0.name".into()));
    assert_eq!(
        fake.registered_commands().len(),
        3,
        "refused lists change nothing"
    );
    assert_eq!(fake.violations().len(), cases.len() + 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interaction_windows_three_seconds_and_fifteen_minutes() {
    use serde_json::json;
    use serenity::all::InteractionId;
    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let alice = fake.user("alice");
    let mut ws = raw_bot(&fake).await;
    let http = proxied_http(&fake);
    let reply = json!({"type": 4, "data": {"content": "hi"}});

    // A callback 3 s after the dispatch: Unknown interaction, a violation; the token is dead.
    let late = fake.send_slash_command(&alice, "weiqi", "status", vec![]);
    let token = dispatched(&mut ws, "INTERACTION_CREATE", Some(late)).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    fake.age_interaction(late, CALLBACK_WINDOW + Duration::from_millis(1));
    let e = http
        .create_interaction_response(InteractionId::new(late), &token, &reply, vec![])
        .await
        .expect_err("a late callback");
    assert_eq!(discord_error(&e), (404, 10062, String::new()));
    let e = http
        .create_followup_message(&token, &json!({"content": "x"}), vec![])
        .await
        .expect_err("a follow-up of an unanswered interaction");
    assert_eq!(discord_error(&e).1, 10015);
    let v = fake.violations();
    assert_eq!(
        (v.len(), v[0].code, v[0].interaction_id),
        (2, 10062, Some(late))
    );
    assert!(
        v[0].reason.contains("after its dispatch"),
        "{}",
        v[0].reason
    );

    // In time: the follow-ups work until the token's 15 minutes are over.
    let ok = fake.send_slash_command(&alice, "weiqi", "status", vec![]);
    let token = dispatched(&mut ws, "INTERACTION_CREATE", Some(ok)).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    fake.age_interaction(ok, Duration::from_millis(2500));
    http.create_interaction_response(InteractionId::new(ok), &token, &reply, vec![])
        .await
        .expect("a callback within 3 s");
    fake.age_interaction(ok, Duration::from_secs(14 * 60));
    http.edit_original_interaction_response(&token, &json!({"content": "edited"}), vec![])
        .await
        .expect("an edit within 15 min");
    fake.expire_interaction(ok);
    let e = http
        .create_followup_message(&token, &json!({"content": "x"}), vec![])
        .await
        .expect_err("a follow-up after 15 min");
    assert_eq!(discord_error(&e), (401, 50027, String::new()));
    let e = http
        .edit_original_interaction_response(&token, &json!({"content": "x"}), vec![])
        .await
        .expect_err("an edit after 15 min");
    assert_eq!(discord_error(&e).1, 50027);
    assert_eq!(fake.violations().len(), 4);
    let _ = ws.close(None).await;
}

/// A callback Discord refused as too late fails the wait at once, saying so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "was refused")]
async fn a_late_callback_fails_the_wait_at_once() {
    use serenity::all::InteractionId;
    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let alice = fake.user("alice");
    let mut ws = raw_bot(&fake).await;
    let id = fake.send_slash_command(&alice, "weiqi", "status", vec![]);
    let token = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    fake.age_interaction(id, Duration::from_secs(5));
    let reply = serde_json::json!({"type": 4, "data": {"content": "hi"}});
    let _ = proxied_http(&fake)
        .create_interaction_response(InteractionId::new(id), &token, &reply, vec![])
        .await;
    fake.wait_for_callback(id, Duration::from_secs(60)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_permissions_per_channel() {
    use serde_json::json;
    use serenity::all::InteractionId;
    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let alice = fake.user("alice");
    let quiet = fake.add_text_channel("quiet");
    let mut ws = raw_bot(&fake).await;
    let http = proxied_http(&fake);
    let ch = ChannelId::new(quiet);
    let text = json!({"content": "hello"});
    let embed = json!({"embeds": [{"title": "Board"}]});
    let png = || vec![CreateAttachment::bytes(PNG.to_vec(), "b.png")];

    assert_eq!(
        fake.bot_permissions(quiet),
        perms::BOT,
        "the full set by default"
    );
    http.send_message(ch, png(), &embed)
        .await
        .expect("everything allowed");

    fake.set_bot_permissions(quiet, perms::VIEW_CHANNEL | perms::SEND_MESSAGES);
    http.send_message(ch, vec![], &text).await.expect("text");
    let e = http
        .send_message(ch, vec![], &embed)
        .await
        .expect_err("an embed without EMBED_LINKS");
    assert_eq!(discord_error(&e), (403, 50013, String::new()));
    let e = http
        .send_message(ch, png(), &text)
        .await
        .expect_err("a file without ATTACH_FILES");
    assert_eq!(discord_error(&e), (403, 50013, String::new()));
    fake.set_bot_permissions(quiet, perms::VIEW_CHANNEL | perms::EMBED_LINKS);
    let e = http
        .send_message(ch, vec![], &text)
        .await
        .expect_err("no SEND_MESSAGES");
    assert_eq!(discord_error(&e).1, 50013);
    fake.set_bot_permissions(quiet, perms::SEND_MESSAGES);
    let e = http
        .send_message(ch, vec![], &text)
        .await
        .expect_err("no VIEW_CHANNEL");
    assert_eq!(discord_error(&e), (403, 50001, String::new()));
    let e = http
        .create_thread(ch, &json!({"name": "game", "type": 11}), None)
        .await
        .expect_err("a thread without CREATE_PUBLIC_THREADS");
    assert_eq!(discord_error(&e).0, 403);

    // An interaction there carries the same set; its callback is not subject to it.
    let id = fake.send_slash_command_in(quiet, &alice, "weiqi", "status", vec![]);
    let d = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await;
    assert_eq!(d["app_permissions"], perms::SEND_MESSAGES.to_string());
    let Interaction::Command(cmd) = serde_json::from_value(d.clone()).expect("deserializes") else {
        panic!("not a command")
    };
    assert_eq!(
        cmd.app_permissions.map(|p| p.bits()),
        Some(perms::SEND_MESSAGES)
    );
    let reply = json!({"type": 4, "data": {"embeds": [{"title": "Board"}]}});
    http.create_interaction_response(
        InteractionId::new(id),
        d["token"].as_str().unwrap(),
        &reply,
        vec![],
    )
    .await
    .expect("a callback in a channel the bot cannot post to");

    // Threads: SEND_MESSAGES_IN_THREADS, not SEND_MESSAGES; a thread has its parent's set.
    fake.reset_bot_permissions(quiet);
    let thread = http
        .create_thread(ch, &json!({"name": "game", "type": 11}), None)
        .await
        .expect("a thread");
    fake.set_bot_permissions(quiet, perms::BOT & !perms::SEND_MESSAGES_IN_THREADS);
    assert_eq!(
        fake.bot_permissions(thread.id.get()),
        perms::BOT & !perms::SEND_MESSAGES_IN_THREADS
    );
    let e = http
        .send_message(thread.id, vec![], &text)
        .await
        .expect_err("no SEND_MESSAGES_IN_THREADS");
    assert_eq!(discord_error(&e).1, 50013);
    http.send_message(ch, vec![], &text)
        .await
        .expect("the channel itself is fine");
    fake.set_bot_permissions(quiet, perms::BOT & !perms::SEND_MESSAGES);
    http.send_message(thread.id, vec![], &text)
        .await
        .expect("a thread needs no SEND_MESSAGES");
    // The main channel is untouched; permission refusals are not violations.
    http.send_message(ChannelId::new(CHANNEL_ID), png(), &embed)
        .await
        .expect("main channel");
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let _ = ws.close(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn administrators_have_every_permission_in_interactions() {
    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let admin = fake.user("root").with_permissions(perms::ADMINISTRATOR);
    fake.update_user(admin.clone());
    let moderator = fake
        .user("mod")
        .with_permissions(perms::MEMBER | perms::MANAGE_GUILD);
    fake.update_user(moderator.clone());
    let mut ws = raw_bot(&fake).await;
    let id = fake.send_slash_command(&admin, "weiqi-config", "show", vec![]);
    let d = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await;
    assert_eq!(d["member"]["permissions"], perms::ALL.to_string());
    let Interaction::Command(cmd) = serde_json::from_value(d).expect("deserializes") else {
        panic!("not a command")
    };
    let p = cmd.member.and_then(|m| m.permissions).expect("permissions");
    assert!(p.administrator() && p.manage_guild() && p.manage_roles() && p.send_messages());
    let id = fake.send_slash_command(&moderator, "weiqi-config", "show", vec![]);
    let d = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await;
    assert_eq!(
        d["member"]["permissions"],
        (perms::MEMBER | perms::MANAGE_GUILD).to_string()
    );
    let _ = ws.close(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn injected_faults_surface_as_serenity_errors() {
    use serde_json::json;
    let fake = FakeDiscord::start().await;
    let http = proxied_http(&fake);
    let ch = ChannelId::new(CHANNEL_ID);
    fake.fail_next("POST", "/channels/*/messages", 503, 2);
    fake.fail_next("GET", "/users/@me", 500, 1);
    for _ in 0..2 {
        let e = http
            .send_message(ch, vec![], &json!({"content": "x"}))
            .await
            .expect_err("an injected 503");
        assert_eq!(discord_error(&e), (503, 0, String::new()));
    }
    http.send_message(ch, vec![], &json!({"content": "x"}))
        .await
        .expect("the third goes through");
    let e = http.get_current_user().await.expect_err("an injected 500");
    assert_eq!(discord_error(&e).0, 500);
    http.get_current_user().await.expect("then it works");
    fake.fail_next("POST", "/api/v10/channels/*/messages", 502, 1);
    let e = http
        .send_message(ch, vec![], &json!({"content": "x"}))
        .await
        .expect_err("an injected 502");
    assert_eq!(discord_error(&e).0, 502);
    let statuses: Vec<u16> = fake
        .requests()
        .iter()
        .filter(|r| r.is("POST", "/channels/*/messages"))
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses, [503, 503, 200, 502]);
    assert_eq!(
        fake.messages_in(CHANNEL_ID).len(),
        1,
        "a failed request changes nothing"
    );
    assert!(fake.violations().is_empty());
    // Unknown routes still answer 404 JSON at once.
    let e = http
        .get_webhook(WebhookId::new(7))
        .await
        .expect_err("unknown route");
    assert_eq!(discord_error(&e).0, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_archive_lock_and_edit_like_discord() {
    use serde_json::json;
    use serenity::all::{ChannelType, CreateThread, EditThread};
    let fake = FakeDiscord::start().await;
    let http = proxied_http(&fake);
    let ch = ChannelId::new(CHANNEL_ID);
    let text = json!({"content": "move"});
    let msg = http.send_message(ch, vec![], &text).await.expect("post");
    let thread = ch
        .create_thread_from_message(&http, msg.id, CreateThread::new("Go #1"))
        .await
        .expect("a thread");
    let t = thread.id;
    let e = ch
        .create_thread_from_message(&http, msg.id, CreateThread::new("again"))
        .await
        .expect_err("a second thread from one message");
    assert_eq!(discord_error(&e), (400, 160004, String::new()));
    let private = http
        .create_thread(ch, &json!({"name": "quiet"}), None)
        .await
        .expect("a thread without a type");
    assert_eq!(
        private.kind,
        ChannelType::PrivateThread,
        "Discord's default"
    );

    // Archive it: the fake keeps it; no edit in it, but a message unarchives it, as on Discord.
    let first = http
        .send_message(t, vec![], &text)
        .await
        .expect("post in the thread");
    let edited = t
        .edit_thread(
            &http,
            EditThread::new()
                .archived(true)
                .auto_archive_duration(serenity::all::AutoArchiveDuration::OneWeek),
        )
        .await
        .expect("archive");
    assert!(edited.thread_metadata.is_some_and(|m| m.archived));
    let info = fake.thread(t.get()).expect("the thread");
    assert!(info.archived && !info.locked);
    assert_eq!(info.auto_archive_duration, 10080);
    let e = http
        .edit_message(t, first.id, &json!({"content": "x"}), vec![])
        .await
        .expect_err("an edit in an archived thread");
    assert_eq!(discord_error(&e), (400, 50083, String::new()));
    let in_thread = http
        .send_message(t, vec![], &text)
        .await
        .expect("a message in an archived thread");
    assert!(
        !fake.thread(t.get()).unwrap().archived,
        "unarchived by the message"
    );
    assert_eq!(fake.thread(t.get()).unwrap().message_count, 2);

    // Archived and locked: no message, no edit, no rename until unarchived.
    t.edit_thread(&http, EditThread::new().archived(true).locked(true))
        .await
        .expect("archive and lock");
    let e = http
        .send_message(t, vec![], &text)
        .await
        .expect_err("a locked, archived thread");
    assert_eq!(discord_error(&e), (400, 50083, String::new()));
    let e = http
        .edit_message(t, in_thread.id, &json!({"content": "x"}), vec![])
        .await
        .expect_err("an edit in an archived thread");
    assert_eq!(discord_error(&e).1, 50083);
    let e = t
        .edit_thread(&http, EditThread::new().name("renamed"))
        .await
        .expect_err("a rename of an archived thread");
    assert_eq!(discord_error(&e).1, 50083);
    t.edit_thread(
        &http,
        EditThread::new().archived(false).name("Go #1 (over)"),
    )
    .await
    .expect("unarchive and rename");
    let info = fake.thread(t.get()).unwrap();
    assert_eq!(
        (info.name.as_str(), info.archived, info.locked),
        ("Go #1 (over)", false, true)
    );
    // Locked and active: only MANAGE_THREADS may post.
    http.send_message(t, vec![], &text)
        .await
        .expect("with MANAGE_THREADS");
    fake.set_bot_permissions(t.get(), perms::BOT & !perms::MANAGE_THREADS);
    let e = http
        .send_message(t, vec![], &text)
        .await
        .expect_err("a locked thread");
    assert_eq!(discord_error(&e), (403, 160005, String::new()));
    fake.reset_bot_permissions(t.get());

    // Bad values are Invalid Form Body.
    for (bad, path) in [
        (json!({"name": big(101)}), "name"),
        (json!({"name": ""}), "name"),
        (
            json!({"auto_archive_duration": 61}),
            "auto_archive_duration",
        ),
        (json!({"archived": "yes"}), "archived"),
    ] {
        let e = http
            .edit_thread(t, &bad, None)
            .await
            .expect_err(&bad.to_string());
        assert_eq!(discord_error(&e), (400, 50035, path.to_string()), "{bad}");
    }
    let e = http
        .create_thread(ch, &json!({"name": big(101), "type": 11}), None)
        .await
        .expect_err("a long thread name");
    assert_eq!(discord_error(&e), (400, 50035, "name".into()));
    // A text channel's own fields.
    let e = http
        .edit_channel(ch, &json!({"topic": big(1025)}), None)
        .await
        .expect_err("a long topic");
    assert_eq!(discord_error(&e), (400, 50035, "topic".into()));
    let edited = http
        .edit_channel(ch, &json!({"topic": "Go games", "name": "go-games"}), None)
        .await
        .expect("a topic");
    assert_eq!(
        (edited.topic.as_deref(), edited.name.as_str()),
        (Some("Go games"), "go-games")
    );
    // The thread list reports the state.
    let threads = fake.thread_infos();
    assert_eq!(threads.len(), 2);
    assert_eq!(
        fake.threads()[0],
        (t.get(), "Go #1 (over)".to_string(), CHANNEL_ID)
    );
    assert_eq!(fake.violations().len(), 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guild_locale_and_each_members_own() {
    use serenity::model::event::{GuildCreateEvent, GuildUpdateEvent};
    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    fake.set_guild_locale("zh-CN");
    let alice = fake.user("alice").with_locale("ja");
    fake.update_user(alice.clone());
    let bob = fake.user("bob");
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}?v=10", fake.gateway_url()))
        .await
        .expect("connect");
    {
        use futures_util::SinkExt;
        next_frame(&mut ws, "HELLO").await;
        let identify = identify_payload();
        ws.send(tokio_tungstenite::tungstenite::Message::Text(
            identify.to_string(),
        ))
        .await
        .expect("IDENTIFY");
    }
    let guild = dispatched(&mut ws, "GUILD_CREATE", None).await;
    let guild: GuildCreateEvent = serde_json::from_value(guild).expect("GUILD_CREATE");
    assert_eq!(guild.guild.preferred_locale, "zh-CN");
    fake.wait_connected(STEP).await;
    for (who, locale) in [(&alice, "ja"), (&bob, "en-US")] {
        let id = fake.send_slash_command(who, "weiqi", "status", vec![]);
        let d = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await;
        let Interaction::Command(cmd) = serde_json::from_value(d).expect("deserializes") else {
            panic!("not a command")
        };
        assert_eq!(
            (cmd.guild_locale.as_deref(), cmd.locale.as_str()),
            (Some("zh-CN"), locale)
        );
    }
    // Changed while connected: a GUILD_UPDATE says so, and interactions follow.
    fake.set_guild_locale("ko");
    let update = dispatched(&mut ws, "GUILD_UPDATE", None).await;
    let update: GuildUpdateEvent = serde_json::from_value(update).expect("GUILD_UPDATE");
    assert_eq!(update.guild.preferred_locale, "ko");
    let id = fake.send_autocomplete(&bob, "weiqi", "sgf", vec![Opt::str("game", "1")], "game");
    let d = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await;
    assert_eq!(d["guild_locale"], "ko");
    assert_eq!(fake.guild_locale(), "ko");
    assert!(
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| fake
            .user("x")
            .with_locale("zh")))
        .is_err(),
        "zh is not a Discord locale"
    );
    let _ = ws.close(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn roles_positions_and_the_bots_hierarchy() {
    use serenity::all::{EditRole, GuildId, RoleId, UserId};
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let above = fake.create_role("Moderators", perms::MANAGE_GUILD, 2);
    let http = proxied_http(&fake);
    let guild = GuildId::new(GUILD_ID);

    // The bot's member and its managed role; roles by position.
    let me = guild
        .member(&http, UserId::new(APPLICATION_ID))
        .await
        .expect("the bot's member");
    assert_eq!(me.roles, vec![RoleId::new(BOT_ROLE_ID)]);
    let roles = http.get_guild_roles(guild).await.expect("roles");
    let names: Vec<(String, u16)> = roles.iter().map(|r| (r.name.clone(), r.position)).collect();
    assert_eq!(
        names,
        [
            ("@everyone".to_string(), 0),
            ("tengen-fake".to_string(), 1),
            ("Moderators".to_string(), 2)
        ]
    );
    assert!(roles.iter().any(|r| r.id.get() == BOT_ROLE_ID && r.managed));

    // A role above the bot's highest cannot be granted; one it creates (at the bottom) can.
    let e = http
        .add_member_role(guild, UserId::new(alice.id), RoleId::new(above), None)
        .await
        .expect_err("a role above the bot");
    assert_eq!(discord_error(&e), (403, 50013, String::new()));
    let title = guild
        .create_role(&http, EditRole::new().name("Go title"))
        .await
        .expect("a role");
    assert_eq!(fake.role(title.id.get()).map(|r| r.position), Some(1));
    assert_eq!(
        fake.role(BOT_ROLE_ID).map(|r| r.position),
        Some(2),
        "moved up by one"
    );
    http.add_member_role(guild, UserId::new(alice.id), title.id, None)
        .await
        .expect("a role below the bot");
    assert_eq!(fake.roles_of(&alice), vec![title.id.get()]);

    // Without MANAGE_ROLES nothing is granted; a higher role of the bot's own lifts it.
    fake.set_bot_role_permissions(perms::BOT & !perms::MANAGE_ROLES);
    let e = http
        .add_member_role(guild, UserId::new(alice.id), title.id, None)
        .await
        .expect_err("no MANAGE_ROLES");
    assert_eq!(discord_error(&e).1, 50013);
    let e = guild
        .create_role(&http, EditRole::new().name("x"))
        .await
        .expect_err("creating a role needs MANAGE_ROLES");
    assert_eq!(discord_error(&e).1, 50013);
    let top = fake.create_role("Bots", perms::MANAGE_ROLES, 10);
    fake.give_bot_role(top);
    http.add_member_role(guild, UserId::new(alice.id), RoleId::new(above), None)
        .await
        .expect("now below the bot's highest role");
    assert_eq!(fake.bot_roles(), vec![BOT_ROLE_ID, top]);
    let me = guild
        .member(&http, UserId::new(APPLICATION_ID))
        .await
        .expect("member");
    assert_eq!(me.roles.len(), 2);
    // Administrator on a role: every permission everywhere.
    fake.set_role_permissions(top, perms::ADMINISTRATOR);
    assert_eq!(fake.bot_permissions(CHANNEL_ID), perms::ALL);
    fake.set_role_position(top, 1);
    assert_eq!(fake.role(top).map(|r| r.position), Some(1));
    assert!(fake.violations().is_empty());
}

/// The name rule `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lowercase where a letter has
/// a lowercase form, on names and on localized names.
#[test]
fn command_names_follow_discords_rule() {
    use serde_json::json;
    let ok =
        |name: &str| support::validate::command(&json!({"name": name, "description": "d"})).is_ok();
    for good in [
        "weiqi",
        "weiqi-config",
        "go_9x9",
        "don't",
        "围棋",
        "échecs",
        "шахматы",
        "गो",
        "โกะ",
        "٣",
        "x",
        &"a".repeat(32),
    ] {
        assert!(ok(good), "{good:?} is a valid name");
    }
    for bad in [
        "",
        "Weiqi",
        "ÉCHECS",
        "Шахматы",
        "wei qi",
        "go!",
        "go.game",
        &"a".repeat(33),
    ] {
        assert!(!ok(bad), "{bad:?} is not a valid name");
    }
    let localized = |locale: &str, name: &str| {
        support::validate::command(
            &json!({"name": "weiqi", "description": "d", "name_localizations": {locale: name}}),
        )
        .is_ok()
    };
    assert!(localized("zh-CN", "围棋") && localized("zh-TW", "圍棋") && localized("pt-BR", "go"));
    assert!(!localized("zh", "围棋") && !localized("en", "go") && !localized("ja", "Go"));
    assert_eq!(support::LOCALES.len(), 32);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn modals_open_and_are_submitted() {
    use serde_json::json;
    use serenity::all::{ActionRowComponent, InteractionId};
    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let alice = fake.user("alice");
    let mut ws = raw_bot(&fake).await;
    let http = proxied_http(&fake);
    let input = |id: &str| json!({"type": 1, "components": [{"type": 4, "custom_id": id, "style": 1, "label": "Point"}]});
    let modal = json!({"type": 9, "data": {"custom_id": "play", "title": "Play a move", "components": [input("point"), input("note")]}});

    // Opened from a slash command: submitted, answered with a message; no UPDATE_MESSAGE.
    let id = fake.send_slash_command(&alice, "weiqi", "play", vec![]);
    let token = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    http.create_interaction_response(InteractionId::new(id), &token, &modal, vec![])
        .await
        .expect("a modal");
    let submit = fake.submit_modal(&alice, id, &[("point", "D4")]);
    let d = dispatched(&mut ws, "INTERACTION_CREATE", Some(submit)).await;
    assert_eq!(d["type"], 5);
    let Interaction::Modal(m) = serde_json::from_value(d.clone()).expect("deserializes") else {
        panic!("not a modal submit")
    };
    assert_eq!(m.data.custom_id, "play");
    let values: Vec<Option<String>> = m
        .data
        .components
        .iter()
        .flat_map(|row| &row.components)
        .map(|c| match c {
            ActionRowComponent::InputText(t) => t.value.clone(),
            _ => None,
        })
        .collect();
    assert_eq!(values, [Some("D4".to_string()), Some(String::new())]);
    let stoken = d["token"].as_str().unwrap().to_string();
    let e = http
        .create_interaction_response(
            InteractionId::new(submit),
            &stoken,
            &json!({"type": 7, "data": {"content": "x"}}),
            vec![],
        )
        .await
        .expect_err("no message to update");
    assert_eq!(discord_error(&e), (400, 50035, "type".into()));
    let e = http
        .create_interaction_response(InteractionId::new(submit), &stoken, &modal, vec![])
        .await
        .expect_err("a modal answering a modal");
    assert_eq!(discord_error(&e), (400, 50035, "type".into()));
    http.create_interaction_response(
        InteractionId::new(submit),
        &stoken,
        &json!({"type": 4, "data": {"content": "D4 played"}}),
        vec![],
    )
    .await
    .expect("a message");
    assert_eq!(fake.wait_for_callback(submit, STEP).await.kind, 4);

    // Opened from a button: the submit carries the message, which UPDATE_MESSAGE edits.
    let board = fake.original_response(submit).expect("the reply");
    http.edit_original_interaction_response(&stoken, &json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Play", "custom_id": "p"}]}]}), vec![])
        .await
        .expect("a button");
    let press = fake.press_button(&alice, board.id, "p");
    let ptoken = dispatched(&mut ws, "INTERACTION_CREATE", Some(press)).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    http.create_interaction_response(InteractionId::new(press), &ptoken, &modal, vec![])
        .await
        .expect("a modal from a button");
    let submit = fake.submit_modal(&alice, press, &[("point", "E5"), ("note", "tesuji")]);
    let d = dispatched(&mut ws, "INTERACTION_CREATE", Some(submit)).await;
    assert_eq!(d["message"]["id"], board.id.to_string());
    http.create_interaction_response(
        InteractionId::new(submit),
        d["token"].as_str().unwrap(),
        &json!({"type": 7, "data": {"content": "E5 played"}}),
        vec![],
    )
    .await
    .expect("an update of the message");
    assert_eq!(fake.message(board.id).unwrap().content(), "E5 played");
    let unknown = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        fake.submit_modal(&alice, press, &[("colour", "black")])
    }));
    assert!(unknown.is_err(), "the modal has no such input");
    assert_eq!(fake.violations().len(), 2);
    let _ = ws.close(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_answers_first_follow_up_replaces_it_and_only_content_mentions_notify() {
    use serde_json::json;
    use serenity::all::{ChannelId, InteractionId};
    let fake = FakeDiscord::start().await;
    register_test_commands(&fake);
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let mut ws = raw_bot(&fake).await;
    let http = proxied_http(&fake);

    // Deferred privately, then a follow-up that asks to be public: Discord puts it in place of
    // the "thinking" message, private as the deferral was. The next follow-up is its own.
    let id = fake.send_slash_command(&alice, "weiqi", "status", vec![]);
    let token = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    http.create_interaction_response(
        InteractionId::new(id),
        &token,
        &json!({"type": 5, "data": {"flags": 64}}),
        vec![],
    )
    .await
    .unwrap();
    let original = fake.wait_for_callback(id, STEP).await.message_id.unwrap();
    let first = http
        .create_followup_message(&token, &json!({"content": "first"}), vec![])
        .await
        .unwrap();
    assert_eq!(
        first.id.get(),
        original,
        "the follow-up replaced the thinking"
    );
    let m = fake.message(original).unwrap();
    assert!(m.ephemeral && m.content() == "first" && m.edits == 1);
    let second = http
        .create_followup_message(&token, &json!({"content": "second"}), vec![])
        .await
        .unwrap();
    assert_ne!(second.id.get(), original);
    assert!(!fake.message(second.id.get()).unwrap().ephemeral);

    // Whom a channel message notifies: a content mention allowed, never an embed's.
    let channel = ChannelId::new(fake.channel_id());
    let post = |body: serde_json::Value| {
        let http = &http;
        async move { http.send_message(channel, vec![], &body).await.unwrap() }
    };
    let both = format!("{} {}", alice.mention(), bob.mention());
    let m =
        post(json!({"content": both, "allowed_mentions": {"users": [alice.id.to_string()]}})).await;
    assert_eq!(fake.message(m.id.get()).unwrap().pinged, vec![alice.id]);
    let m = post(json!({"content": both})).await;
    assert_eq!(
        fake.message(m.id.get()).unwrap().pinged,
        vec![alice.id, bob.id],
        "without allowed_mentions every mention notifies"
    );
    let m = post(json!({"content": both, "allowed_mentions": {"parse": []}})).await;
    assert!(fake.message(m.id.get()).unwrap().pinged.is_empty());
    let m = post(json!({
        "embeds": [{"description": both}],
        "allowed_mentions": {"users": [alice.id.to_string(), bob.id.to_string()]}
    }))
    .await;
    assert!(
        fake.message(m.id.get()).unwrap().pinged.is_empty(),
        "a mention inside an embed notifies no one"
    );
    fake.assert_no_violations();
}
