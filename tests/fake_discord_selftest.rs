//! Proves the fake Discord of `tests/support` against the real serenity 0.12.5 client: a tiny
//! event handler (test code only, not the product) registers a command, posts a message,
//! answers a slash command with an ephemeral message and a button, and answers the button with
//! an UPDATE_MESSAGE carrying a PNG.

mod support;

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

const TOKEN: &str = FAKE_TOKEN;

/// A 1×1 PNG (green pixel).
const PNG: &[u8] = &[
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
    assert!(
        matches!(next_seen(&mut rx, "ready").await, Seen::Ready { application_id } if application_id == APPLICATION_ID)
    );
    match next_seen(&mut rx, "guild_create").await {
        Seen::Guild {
            id,
            channels,
            members,
            roles,
        } => {
            assert_eq!((id, channels, members, roles), (GUILD_ID, 1, 3, 1));
        }
        other => panic!("expected the guild, got {other:?}"),
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
    let plain = fake.send_slash_command(&alice, "ping", "", vec![]);
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

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next_frame(ws: &mut Ws, what: &str) -> serde_json::Value {
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

fn proxied_http(fake: &FakeDiscord) -> serenity::http::Http {
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
    let alice = fake.user("alice");
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
    let alice = fake.user("alice");
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}?v=10", fake.gateway_url()))
        .await
        .expect("connect to the fake gateway");
    next_frame(&mut ws, "HELLO").await;
    let identify = serde_json::json!({"op": 2, "d": {"token": "Bot x", "intents": 1}});
    ws.send(Message::Text(identify.to_string()))
        .await
        .expect("send IDENTIFY");
    fake.wait_connected(STEP).await;
    let id = fake.send_slash_command(&alice, "weiqi", "status", vec![]);
    // Nobody answers it.
    fake.wait_for_callback(id, Duration::from_millis(200)).await;
}
