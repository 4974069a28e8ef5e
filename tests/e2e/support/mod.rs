//! # Test support: a fake Discord (REST + gateway) on 127.0.0.1
//!
//! Discord is unreachable from the machines this project is built on, so the Discord adapter is
//! proven against [`FakeDiscord`]: a REST server and a gateway written here, speaking the wire
//! format of API v10 as serenity 0.12.5 uses it. The end-to-end tests (one binary,
//! `tests/e2e/main.rs`, declares `mod support;`) use it with `use crate::support::*;`.
//!
//! ## Usage
//!
//! ```ignore
//! use crate::support::*;
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
//!   [`TestUser::with_permissions`] (e.g. [`perms::MANAGE_GUILD`]; with [`perms::ADMINISTRATOR`]
//!   interactions say [`perms::ALL`], as Discord does) and [`TestUser::with_locale`] (one of
//!   [`LOCALES`], e.g. `zh-CN`, or it panics) then [`FakeDiscord::update_user`]; an interaction
//!   carries the permissions and locale of the `TestUser` value passed to it. Users, channels
//!   ([`FakeDiscord::add_text_channel`]), threads ([`FakeDiscord::add_thread`]) and roles
//!   added before the bot connects are in GUILD_CREATE. Ids: [`APPLICATION_ID`] (also the bot
//!   user), [`GUILD_ID`], [`CHANNEL_ID`] (where slash commands are typed unless
//!   `send_slash_command_in` says), [`BOT_ROLE_ID`] (the bot's managed role).
//! - Guild: [`FakeDiscord::set_guild_locale`] (before or after the bot connects: interactions'
//!   `guild_locale`, GUILD_CREATE's `preferred_locale`, a GUILD_UPDATE when connected),
//!   [`FakeDiscord::set_attachment_size_limit`] (10 MiB by default; advertised in interactions,
//!   enforced per file).
//! - Roles and the bot's permissions: roles have positions ([`FakeDiscord::create_role`] at a
//!   position, [`FakeDiscord::set_role_position`], [`FakeDiscord::set_role_permissions`],
//!   [`FakeDiscord::role`]); the bot has its managed role ([`perms::BOT`] at position 1;
//!   [`FakeDiscord::set_bot_role_permissions`], [`FakeDiscord::give_bot_role`],
//!   [`FakeDiscord::take_bot_role`], [`FakeDiscord::bot_roles`]); its guild permissions are
//!   `@everyone`'s and its roles'. [`FakeDiscord::set_bot_permissions`] gives it its own set in
//!   a channel (a thread has its parent's unless it has one;
//!   [`FakeDiscord::reset_bot_permissions`], [`FakeDiscord::bot_permissions`]); interactions
//!   there carry it as `app_permissions`.
//! - Gateway: [`FakeDiscord::wait_connected`], [`FakeDiscord::identify`],
//!   [`FakeDiscord::dispatch`] for any other event, [`FakeDiscord::set_privileged_intents`]
//!   (which privileged intents the application has enabled; all by default).
//! - Interactions: [`FakeDiscord::send_slash_command`] (`subcommand` is `""`, `"board"` or a
//!   group and subcommand `"config set"`; options [`Opt::user`], [`Opt::int`], [`Opt::num`],
//!   [`Opt::str`], [`Opt::bool`]; user options come with `resolved.users`/`members`; only a
//!   registered command, subcommand and options of their registered types, as a member's
//!   Discord offers them — it panics naming what is not registered; a test without a bot
//!   registers with [`FakeDiscord::register_commands`]), [`FakeDiscord::send_stale_slash_command`]
//!   (a client still showing the commands of before the last registration),
//!   [`FakeDiscord::send_autocomplete`] (type 4: the user typing option `focused`, its value
//!   sent as a string with `"focused": true`; the bot's type 8 callback comes back from
//!   `wait_for_callback` with `data.choices`), [`FakeDiscord::press_button`] (on a message the
//!   bot created or edited; the interaction carries the message's current full JSON; panics if
//!   no enabled component has that custom id; [`FakeDiscord::try_press_button`] returns the
//!   reason instead), [`FakeDiscord::press_button_unchecked`] (stale or forged ids),
//!   [`FakeDiscord::choose`] (select menus), [`FakeDiscord::submit_modal`] (type 5: the
//!   modal the bot opened with a type 9 callback, filled in by text input custom id). Each
//!   returns the interaction id.
//!   [`FakeDiscord::age_interaction`] and [`FakeDiscord::expire_interaction`] make one older
//!   instead of sleeping (past [`CALLBACK_WINDOW`] its callback is refused, past
//!   [`TOKEN_WINDOW`] its token).
//! - Answers: [`FakeDiscord::wait_for_callback`] → [`Callback`] (`kind`, `data`, `files` with
//!   name and bytes, `ephemeral` = `data.flags & 64`, `message_id`, `latency`; fails at once if
//!   Discord refused the callback as too late); [`FakeDiscord::wait_for_request`] (any REST
//!   request by predicate, see [`RecordedRequest::is`]; take [`FakeDiscord::now`] first to match
//!   only later requests); [`FakeDiscord::wait_for_message`]; [`FakeDiscord::wait_for_commands`];
//!   [`FakeDiscord::requests`].
//! - Discord's rules ([`LIMITS.md`](LIMITS.md)): [`FakeDiscord::violations`] lists every
//!   request (or gateway frame) Discord would have refused for what the bot sent (route, reason
//!   with the field paths, status, code), each also printed to stderr; [`FakeDiscord::assert_no_violations`] panics listing them. An
//!   end-to-end test ends with it to prove the bot never sent a bad payload.
//! - Faults: [`FakeDiscord::fail_next`]`(method, path_pattern, status, n)` answers the next n
//!   matching requests with that status (500, 502, 503, 429 …) and Discord's JSON body, without
//!   acting on them; [`FakeDiscord::slow_next`]`(method, path_pattern, delay, n)` answers (and
//!   acts on) them only after `delay`, as Discord's slow routes.
//! - Discord's memory: [`FakeDiscord::message`], [`FakeDiscord::messages_in`] (channel or
//!   thread), [`FakeDiscord::original_response`], [`FakeDiscord::dms_to`],
//!   [`FakeDiscord::threads`] and [`FakeDiscord::thread_infos`] / [`FakeDiscord::thread`]
//!   (`archived`, `locked`, `auto_archive_duration`, message count;
//!   [`FakeDiscord::set_thread_state`] archives or locks one as a moderator would),
//!   [`FakeDiscord::channel_json`], [`FakeDiscord::registered_commands`],
//!   [`FakeDiscord::registered_guild_commands`], [`FakeDiscord::roles_of`],
//!   [`FakeDiscord::roles`]. Stored messages keep content, embeds (`attachment://x.png`
//!   resolved to the attachment's URL, as Discord does), components and attachments with their
//!   bytes (also served at their `url`).
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
//! ## Wire facts (checked in serenity 0.12.5's source and by `tests/e2e/fake_discord_selftest.rs`)
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
//!   /channels/{id}/messages/{mid}/threads` → a thread channel (from a message type 11 and the
//!   thread id is the message id; without one `type`, 12 by default); `PATCH /channels/{id}` →
//!   the channel (threads: `name`, `archived`, `locked`, `auto_archive_duration`,
//!   `rate_limit_per_user`, `invitable`; text channels: `name`, `topic`, `nsfw`,
//!   `rate_limit_per_user`); `PUT|DELETE /guilds/{g}/members/{u}/roles/{r}` → 204; `GET|POST
//!   /guilds/{g}/roles` (by position; a new role at position 1); `GET /guilds/{g}/members/{u}`
//!   (the bot's own too, with its roles); `GET /channels/{id}`; `POST
//!   /applications/{app}/commands`.
//! - **Discord's rules the fake enforces** are listed route by route, each with its limit, the
//!   answer (status and JSON code, or the gateway's close code) and its source in
//!   discord-api-docs, in [`LIMITS.md`](LIMITS.md) (`tests/e2e/support/LIMITS.md`); the checks
//!   are in `fake_discord/validate.rs` and `validate/*.rs` (`message`, `components`,
//!   `commands`, `channels`, `gateway`), the tests at and past each limit in
//!   `tests/e2e/fake_discord_selftest.rs` and `tests/e2e/fake_discord_limits.rs`. In short:
//!   messages (content, flags per route, embeds, components, allowed mentions, replies,
//!   attachments and file sizes), interaction callbacks (3 s, once, types per interaction,
//!   autocomplete choices of the focused option's type, modals), follow-ups and `@original`
//!   edits (after the callback, 15 min), commands (names, sizes, options, choices, counts),
//!   threads and channels, roles, direct messages, the bot token and audit log reasons, and
//!   the gateway (decode, opcodes, IDENTIFY, intents, shards, presence, 120 events a minute,
//!   each refused by closing the connection with Discord's code). Refusals for what the bot
//!   sent are violations; the others (missing permissions, unknown or archived resources, the
//!   application's settings) are the environment's answers.

// Each test crate uses part of the fake: the rest of its API is unused there.
#![allow(dead_code, unused_imports)]

pub mod fake_discord;

pub use fake_discord::*;
