//! # Test support: a fake Discord (REST + gateway) on 127.0.0.1
//!
//! Discord is unreachable from the machines this project is built on, so the Discord adapter is
//! proven against [`FakeDiscord`]: a REST server and a gateway written here, speaking the wire
//! format of API v10 as serenity 0.12.5 uses it. An integration test uses it with
//! `mod support;` and `use support::*;`.
//!
//! ## Usage
//!
//! ```ignore
//! mod support;
//! use support::*;
//!
//! #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
//! async fn invite_and_accept() {
//!     let fake = FakeDiscord::start().await;
//!     let alice = fake.user("alice");                       // a guild member, en-US
//!     let admin = fake.user("carol").with_permissions(perms::MEMBER | perms::MANAGE_GUILD);
//!     fake.update_user(admin.clone());                       // so REST lookups agree
//!     // Start the bot: a child process with .envs(fake.bot_env()) (DISCORD_TOKEN and
//!     // DISCORD_API_BASE = fake.base_url()), or in-process serenity with
//!     // HttpBuilder::new(FAKE_TOKEN).proxy(fake.base_url()).ratelimiter_disabled(true).
//!     fake.wait_connected(STEP).await;                        // IDENTIFY seen, READY sent
//!     let commands = fake.wait_for_commands(STEP).await;      // what the bot registered
//!
//!     let id = fake.send_slash_command(&alice, "weiqi", "invite", vec![Opt::user("user", &admin), Opt::int("size", 9)]);
//!     let cb = fake.wait_for_callback(id, STEP).await;        // type, data, files, ephemeral
//!     assert_eq!(cb.kind, 4);
//!     let msg = fake.message(cb.message_id.unwrap()).unwrap(); // as Discord keeps it
//!     let press = fake.press_button(&admin, msg.id, &msg.buttons()[0].custom_id);
//!     let cb = fake.wait_for_callback(press, STEP).await;
//!     assert_eq!(cb.kind, 7);                                 // UPDATE_MESSAGE
//!     let png = &cb.files[0].bytes;                           // the attached image, as sent
//!     println!("{:?}", fake.latency_summary());               // p50 / p99 dispatch → callback
//! }
//! ```
//!
//! What the fake offers:
//! - Members: [`FakeDiscord::user`] (ordinary permissions, locale `en-US`), with
//!   [`TestUser::with_permissions`] (e.g. [`perms::MANAGE_GUILD`]) and
//!   [`TestUser::with_locale`] (e.g. `zh-CN`) then [`FakeDiscord::update_user`]; an
//!   interaction carries the permissions and locale of the `TestUser` value passed to it.
//!   Users and channels ([`FakeDiscord::add_text_channel`]) added before the bot connects are
//!   in GUILD_CREATE. Ids: [`APPLICATION_ID`] (also the bot user), [`GUILD_ID`],
//!   [`CHANNEL_ID`] (where slash commands are typed unless `send_slash_command_in` says).
//! - Gateway: [`FakeDiscord::wait_connected`], [`FakeDiscord::identify`],
//!   [`FakeDiscord::dispatch`] for any other event.
//! - Interactions: [`FakeDiscord::send_slash_command`] (`subcommand` is `""`, `"board"` or a
//!   group and subcommand `"config set"`; options [`Opt::user`], [`Opt::int`], [`Opt::num`],
//!   [`Opt::str`], [`Opt::bool`]; user options come with `resolved.users`/`members`),
//!   [`FakeDiscord::press_button`] (on a message the bot created or edited; the interaction
//!   carries the message's current full JSON; panics if no enabled component has that custom
//!   id; [`FakeDiscord::try_press_button`] returns the reason instead),
//!   [`FakeDiscord::press_button_unchecked`] (stale or forged ids), [`FakeDiscord::choose`]
//!   (select menus). Each returns the interaction id.
//! - Answers: [`FakeDiscord::wait_for_callback`] → [`Callback`] (`kind`, `data`, `files` with
//!   name and bytes, `ephemeral` = `data.flags & 64`, `message_id`, `latency`);
//!   [`FakeDiscord::wait_for_request`] (any REST request by predicate, see
//!   [`RecordedRequest::is`]; take [`FakeDiscord::now`] first to match only later requests);
//!   [`FakeDiscord::wait_for_message`]; [`FakeDiscord::wait_for_commands`];
//!   [`FakeDiscord::requests`].
//! - Discord's memory: [`FakeDiscord::message`], [`FakeDiscord::messages_in`] (channel or
//!   thread), [`FakeDiscord::original_response`], [`FakeDiscord::dms_to`],
//!   [`FakeDiscord::threads`], [`FakeDiscord::registered_commands`],
//!   [`FakeDiscord::registered_guild_commands`], [`FakeDiscord::roles_of`]. Stored messages keep
//!   content, embeds (`attachment://x.png` resolved to the attachment's URL, as Discord does),
//!   components and attachments with their bytes (also served at their `url`).
//! - Latency: [`FakeDiscord::latency_summary`] (p50, p99, max of dispatch → callback).
//!
//! The fake's servers run as tasks on the test's tokio runtime: use a multi-thread runtime
//! (as above) and never block it (run a bot binary with `tokio::process`, not
//! `std::process::Command::output`). Dropping the [`FakeDiscord`] stops its servers.
//!
//! Every wait takes a timeout ([`STEP`] = 10 s is a sensible one) and panics naming the step
//! that got no answer, with the gateway's stage and the last REST requests
//! ([`FakeDiscord::diagnostics`]). Unknown routes are answered `404` with a JSON error
//! (`{"message", "code"}`) and printed to stderr, so a bot never hangs on one. Set
//! `FAKE_DISCORD_LOG=1` to print every request and gateway frame.
//!
//! ## Wire facts (checked in serenity 0.12.5's source and by `tests/fake_discord_selftest.rs`)
//!
//! - **Proxy URL form.** `HttpBuilder::proxy(base)` makes serenity replace the literal
//!   `https://discord.com` in each route (`https://discord.com/api/v10/...`) with
//!   `base.trim_end_matches('/')` (`src/http/request.rs`, `Request::build`). So the base is
//!   scheme + host + port only: `http://127.0.0.1:PORT`, **without** `/api/v10` (with it, paths
//!   become `/api/v10/api/v10/...`, which the fake answers 404 saying so). The proxy is used only
//!   when the rate limiter is off: `HttpBuilder::new(token).proxy(base)
//!   .ratelimiter_disabled(true)`; with the rate limiter on, requests go to discord.com.
//!   Query parameters are appended as `?&name=value`.
//! - **Gateway URL.** `Client` start asks `GET /api/v10/gateway` (through the proxy) and
//!   connects to `{url}?v=10` (`src/gateway/shard.rs`), so `url` must carry no query; if the
//!   request fails serenity falls back to `wss://gateway.discord.gg`. `GET
//!   /api/v10/gateway/bot` is asked only by `start_autosharded`; the fake answers both.
//! - **Gateway handshake.** Plain `ws://` works; frames are JSON text. The fake sends HELLO
//!   `{"op":10,"d":{"heartbeat_interval":41250}}`; serenity sends IDENTIFY (op 2) with
//!   `token`, `intents`, `shard` `[0,1]`, `properties{os,browser:"serenity",device:"serenity"}`,
//!   `presence`, `large_threshold` 250 and `compress: true` — the latter only says that
//!   serenity can inflate zlib binary frames; text frames are read as they are, and it appends
//!   no `encoding`/`compress` query. The fake answers READY (op 0, s 1) and GUILD_CREATE (s 2),
//!   and HEARTBEAT_ACK (op 11) to each heartbeat (op 1; serenity sends its first one interval
//!   after IDENTIFY, and reconnects if one is not acknowledged before the next is due; see
//!   [`FakeDiscord::set_heartbeat_interval`]). A dispatch needs `s`.
//! - **READY** needs `v`, `user{id,username,discriminator,avatar,bot}`, `guilds`,
//!   `session_id`, `resume_gateway_url`, `application{id,flags}`; serenity takes its
//!   application id from it (so `Command::set_global_commands` works in `ready`).
//! - **GUILD_CREATE** needs the Guild fields listed in `fake_discord/payloads.rs`; notably every
//!   role needs `colors{primary_color}` besides `color`, `hoist`, `managed`, `permissions`,
//!   `position`.
//! - **INTERACTION_CREATE** that serenity cannot deserialize is dropped with a debug log only.
//!   It needs `id`, `application_id`, `type`, `token`, `version`, `channel_id`, `locale`,
//!   `entitlements`, `attachment_size_limit`; a component also `data.custom_id`,
//!   `data.component_type` and a full `message`; `member` needs `user`, `roles`, `deaf`, `mute`,
//!   `flags` (and carries `permissions`, a decimal string, which `member.permissions` exposes).
//! - **REST paths** (all under `/api/v10`): callbacks `POST /interactions/{id}/{token}/callback`
//!   → 204 (JSON, or multipart `files[n]` + `payload_json` when files are attached; serenity
//!   lists new files in `payload_json.attachments` as `{"id": n, "filename"}`);
//!   `GET|PATCH|DELETE /webhooks/{app}/{token}/messages/@original` (and `/{message_id}`);
//!   follow-ups `POST /webhooks/{app}/{token}`; `POST /channels/{id}/messages`,
//!   `GET|PATCH|DELETE /channels/{id}/messages/{mid}` → the message object; `POST
//!   /users/@me/channels` → a DM channel (`type` 1, `recipients`); `PUT
//!   /applications/{app}/commands` and `/applications/{app}/guilds/{g}/commands` → the commands
//!   with `id`, `application_id`, `version`, `type`; `GET /users/@me`; `GET
//!   /oauth2/applications/@me`; `POST /channels/{id}/threads`, `POST
//!   /channels/{id}/messages/{mid}/threads` → a thread channel (type 11; from a message, the
//!   thread id is the message id); `PUT|DELETE /guilds/{g}/members/{u}/roles/{r}` → 204; `GET|POST
//!   /guilds/{g}/roles`; `GET /guilds/{g}/members/{u}`; `GET /channels/{id}`.
//! - **Discord's rules the fake enforces**: a second callback to one interaction gets 400 (code
//!   40060); callback types 6 and 7 only for component interactions; follow-ups and
//!   `@original` edits only after the callback; messages in unknown channels get 404 (10003).

#![allow(dead_code)]

pub mod fake_discord;

pub use fake_discord::*;
