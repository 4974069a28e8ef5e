//! Proves the fake Discord of `tests/support` against the real serenity 0.12.5 client: a tiny
//! event handler (test code only, not the product) registers a command, posts a message,
//! answers a slash command with an ephemeral message and a button, and answers the button with
//! an UPDATE_MESSAGE carrying a PNG.

mod support;

use std::time::Duration;

use serenity::all::{
    ButtonStyle, ChannelId, ClientBuilder, Command, CommandDataOptionValue, CommandOptionType,
    ComponentInteraction, Context, CreateActionRow, CreateAttachment, CreateButton,
    CreateCommand, CreateCommandOption, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EventHandler, GatewayIntents, Guild, HttpBuilder, Interaction, Ready, WebhookId,
};
use serenity::async_trait;
use support::*;
use tokio::sync::mpsc;

const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.fake.selftest-token";

/// A 1×1 PNG (green pixel).
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90,
    0x77, 0x53, 0xde, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8,
    0xcf, 0xc0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0xc9, 0xfe, 0x92, 0xef, 0x00, 0x00, 0x00,
    0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

/// What the handler saw, reported to the test.
#[derive(Debug)]
enum Seen {
    Ready { application_id: u64 },
    Guild { id: u64, channels: usize, members: usize, roles: usize },
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
            .content(format!("pressed {} on {:?}", c.data.custom_id, c.message.content))
            .add_file(CreateAttachment::bytes(PNG.to_vec(), "board.png"))
            .embed(CreateEmbed::new().title("Board").image("attachment://board.png"))
            .components(vec![]);
        self.check(
            "button → UpdateMessage",
            c.create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update)).await,
        );
        let followup = CreateInteractionResponseFollowup::new().content("follow-up").ephemeral(true);
        self.check("follow-up", c.create_followup(&ctx.http, followup).await);
    }
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        self.report(Seen::Ready { application_id: ready.application.id.get() });
        let ping = CreateCommand::new("ping").description("Ping the self-test").add_option(
            CreateCommandOption::new(CommandOptionType::SubCommand, "deep", "With a user").add_sub_option(
                CreateCommandOption::new(CommandOptionType::User, "user", "Someone").required(false),
            ),
        );
        self.check("set_global_commands", Command::set_global_commands(&ctx.http, vec![ping]).await);
    }

    async fn guild_create(&self, ctx: Context, guild: Guild, _is_new: Option<bool>) {
        self.report(Seen::Guild {
            id: guild.id.get(),
            channels: guild.channels.len(),
            members: guild.members.len(),
            roles: guild.roles.len(),
        });
        let post = CreateMessage::new().content("hello from the self-test");
        self.check("channel message", ChannelId::new(CHANNEL_ID).send_message(&ctx.http, post).await);
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
                let resolved_name = cmd.data.resolved.users.values().next().map(|u| u.name.clone()).unwrap_or_default();
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
                    cmd.create_response(&ctx.http, CreateInteractionResponse::Message(reply)).await,
                );
            }
            Interaction::Component(c) => self.on_component(&ctx, &c).await,
            other => self.report(Seen::Error(format!("unexpected interaction {:?}", other.kind()))),
        }
    }
}

async fn next_seen(rx: &mut mpsc::UnboundedReceiver<Seen>, what: &str) -> Seen {
    match tokio::time::timeout(STEP, rx.recv()).await {
        Ok(Some(Seen::Error(e))) => panic!("the self-test handler failed: {e}"),
        Ok(Some(seen)) => seen,
        _ => panic!("the self-test handler reported nothing within {STEP:?} while waiting for {what}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_plays_against_the_fake() {
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let carol = fake
        .user("carol")
        .with_permissions(perms::MEMBER | perms::MANAGE_GUILD)
        .with_locale("zh-CN");
    fake.update_user(carol.clone());

    let (tx, mut rx) = mpsc::unbounded_channel();
    let http = HttpBuilder::new(TOKEN).proxy(fake.base_url()).ratelimiter_disabled(true).build();
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
    assert!(identify["token"].as_str().is_some_and(|t| t.ends_with(TOKEN)), "{identify}");
    assert_eq!(identify["properties"]["browser"], "serenity");
    assert!(matches!(next_seen(&mut rx, "ready").await, Seen::Ready { application_id } if application_id == APPLICATION_ID));
    match next_seen(&mut rx, "guild_create").await {
        Seen::Guild { id, channels, members, roles } => {
            assert_eq!((id, channels, members, roles), (GUILD_ID, 1, 3, 1));
        }
        other => panic!("expected the guild, got {other:?}"),
    }

    // REST: command registration and a channel message.
    let put = fake
        .wait_for_request("PUT global commands", STEP, |r| r.is("PUT", "/applications/*/commands"))
        .await;
    assert_eq!(put.path, format!("/api/v10/applications/{APPLICATION_ID}/commands"));
    assert!(put.authorization.as_deref().is_some_and(|a| a == format!("Bot {TOKEN}")), "{put:?}");
    let commands = fake.registered_commands();
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0]["name"], "ping");
    assert_eq!(commands[0]["options"][0]["name"], "deep");
    let hello = fake
        .wait_for_message("the channel post", STEP, |m| m.content() == "hello from the self-test")
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
        format!("pong sub=deep user={} resolved=alice manage=true locale=zh-CN", alice.id)
    );
    let reply = fake.message(cb.message_id.expect("a message")).expect("stored");
    assert!(reply.ephemeral);
    assert_eq!(reply.button("st:yes").and_then(|b| b.label), Some("Yes".to_string()));

    // Without Manage Server.
    let plain = fake.send_slash_command(&alice, "ping", "", vec![]);
    let cb_plain = fake.wait_for_callback(plain, STEP).await;
    assert!(cb_plain.data["content"].as_str().is_some_and(|c| c.ends_with("manage=false locale=en-US")));

    // Button → UPDATE_MESSAGE with a PNG, then a follow-up.
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
    assert!(updated.content().starts_with("pressed st:yes on \"pong sub=deep"));
    assert!(updated.buttons().is_empty());
    assert_eq!(updated.attachments.len(), 1);
    assert_eq!(updated.embed_image(0).map(|a| a.bytes.as_slice()), Some(PNG));
    let followup = fake
        .wait_for_request("the follow-up", STEP, |r| r.is("POST", "/webhooks/*/*"))
        .await;
    assert_eq!(followup.status, 200);

    // The attachment is served at its URL, like Discord's CDN.
    let url = &updated.attachments[0].url;
    assert!(url.starts_with(&fake.base_url()));

    // An unknown route is answered 404 at once, and recorded.
    let http = HttpBuilder::new(TOKEN).proxy(fake.base_url()).ratelimiter_disabled(true).build();
    let unknown = tokio::time::timeout(STEP, http.get_webhook(WebhookId::new(5))).await;
    assert!(matches!(unknown, Ok(Err(_))), "{unknown:?}");
    assert!(fake.requests().iter().any(|r| r.path == "/api/v10/webhooks/5" && r.status == 404));

    assert_eq!(fake.callbacks().len(), 3);
    let lat = fake.latency_summary().expect("latencies");
    println!(
        "fake Discord self-test: {} callbacks, p50 {:?}, p99 {:?}, max {:?}, {} heartbeats",
        lat.count,
        lat.p50,
        lat.p99,
        lat.max,
        fake.heartbeats()
    );
    assert_eq!(fake.gateway_connections(), 1);

    shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(5), bot).await;
}
