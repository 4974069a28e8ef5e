//! The fake Discord's limits of `support/LIMITS.md`, each at Discord's limit (taken) and just
//! past it (refused with Discord's status and code, and recorded as a violation): message
//! flags, nonce, tts, allowed mentions, embed timestamps, replies and forwards, file parts,
//! component ids and select defaults, callback and follow-up flags, autocomplete choices of the
//! focused option's type, threads' `invitable`, roles, direct messages, the bot token and the
//! audit log reason, bodies that are not JSON, commands, and the gateway's rules (decode,
//! opcodes, identify, intents, shards, presence, rate limit) with its close codes.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use serenity::all::{
    ChannelId, CreateThread, EditRole, EditThread, GuildId, HttpBuilder, InteractionId, RoleId,
    UserId,
};
use tokio_tungstenite::tungstenite::Message;

use crate::fake_discord_selftest::{
    PNG, Ws, big, discord_error, dispatched, identify_payload, next_frame, proxied_http, raw_bot,
};
use crate::support::validate::{self, Carrier, MessageCtx};
use crate::support::*;

/// Posts `payload` in the main channel and returns Discord's error as (status, code, first
/// error path), or `None` when it was taken.
async fn post(http: &serenity::http::Http, payload: &Value) -> Answer {
    http.send_message(ChannelId::new(CHANNEL_ID), vec![], payload)
        .await
        .err()
        .map(|e| discord_error(&e))
}

/// What Discord answers a request: `None` when it takes it, else the status, the JSON code and
/// the first error's path.
type Answer = Option<(u16, isize, String)>;

fn refused(path: &str) -> Answer {
    Some((400, 50035, path.to_string()))
}

/// Posts each case's payload, expecting its answer; each refusal is one violation recorded.
/// Returns the number of refusals.
async fn post_each(
    fake: &FakeDiscord,
    http: &serenity::http::Http,
    cases: &[(&str, Value, Answer)],
) -> usize {
    let mut refusals = 0;
    for (what, payload, want) in cases {
        assert_eq!(&post(http, payload).await, want, "{what}");
        refusals += usize::from(want.is_some());
    }
    assert_eq!(
        fake.violations().len(),
        refusals,
        "{:#?}",
        fake.violations()
    );
    refusals
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn message_flags_nonce_tts_mentions_and_timestamps() {
    let fake = FakeDiscord::start().await;
    let http = proxied_http(&fake);
    let ids = |n: usize| -> Vec<String> { (0..n).map(|i| (1000 + i).to_string()).collect() };
    let cases: Vec<(&str, Value, Answer)> = vec![
        (
            "SUPPRESS_EMBEDS and SUPPRESS_NOTIFICATIONS",
            json!({"content": "c", "flags": 4 | 4096}),
            None,
        ),
        (
            "EPHEMERAL on a channel message",
            json!({"content": "c", "flags": 64}),
            refused("flags"),
        ),
        (
            "LOADING on a channel message",
            json!({"content": "c", "flags": 128}),
            refused("flags"),
        ),
        (
            "flags not an integer",
            json!({"content": "c", "flags": "4"}),
            refused("flags"),
        ),
        (
            "a nonce of 25",
            json!({"content": "c", "nonce": big(25)}),
            None,
        ),
        (
            "a nonce of 26",
            json!({"content": "c", "nonce": big(26)}),
            refused("nonce"),
        ),
        (
            "an integer nonce",
            json!({"content": "c", "nonce": 7}),
            None,
        ),
        (
            "a nonce that is a list",
            json!({"content": "c", "nonce": [1]}),
            refused("nonce"),
        ),
        (
            "tts not a boolean",
            json!({"content": "c", "tts": "yes"}),
            refused("tts"),
        ),
        (
            "100 users",
            json!({"content": "c", "allowed_mentions": {"parse": [], "users": ids(100)}}),
            None,
        ),
        (
            "101 users",
            json!({"content": "c", "allowed_mentions": {"parse": [], "users": ids(101)}}),
            refused("allowed_mentions.users"),
        ),
        (
            "100 roles",
            json!({"content": "c", "allowed_mentions": {"roles": ids(100)}}),
            None,
        ),
        (
            "101 roles",
            json!({"content": "c", "allowed_mentions": {"roles": ids(101)}}),
            refused("allowed_mentions.roles"),
        ),
        (
            "a user id that is no snowflake",
            json!({"content": "c", "allowed_mentions": {"users": ["beans"]}}),
            refused("allowed_mentions.users.0"),
        ),
        (
            "parse users with a list of users",
            json!({"content": "c", "allowed_mentions": {"parse": ["users"], "users": ids(1)}}),
            refused("allowed_mentions.parse"),
        ),
        (
            "parse roles with a list of roles",
            json!({"content": "c", "allowed_mentions": {"parse": ["roles"], "roles": ids(1)}}),
            refused("allowed_mentions.parse"),
        ),
        (
            "parse of something else",
            json!({"content": "c", "allowed_mentions": {"parse": ["here"]}}),
            refused("allowed_mentions.parse.0"),
        ),
        (
            "replied_user not a boolean",
            json!({"content": "c", "allowed_mentions": {"replied_user": 1}}),
            refused("allowed_mentions.replied_user"),
        ),
        (
            "an ISO8601 timestamp",
            json!({"embeds": [{"title": "t", "timestamp": "2026-08-06T11:31:01.123+02:00"}]}),
            None,
        ),
        (
            "a timestamp that is not ISO8601",
            json!({"embeds": [{"title": "t", "timestamp": "yesterday"}]}),
            refused("embeds.0.timestamp"),
        ),
        (
            "an inline that is not a boolean",
            json!({"embeds": [{"fields": [{"name": "n", "value": "v", "inline": "yes"}]}]}),
            refused("embeds.0.fields.0.inline"),
        ),
    ];
    let refusals = post_each(&fake, &http, &cases).await;

    // Text-to-speech needs SEND_TTS_MESSAGES: without it, the environment's 403.
    assert_eq!(
        post(&http, &json!({"content": "c", "tts": true})).await,
        None
    );
    fake.set_bot_permissions(CHANNEL_ID, perms::BOT & !perms::SEND_TTS_MESSAGES);
    assert_eq!(
        post(&http, &json!({"content": "c", "tts": true})).await,
        Some((403, 50013, String::new()))
    );
    assert_eq!(
        fake.violations().len(),
        refusals,
        "a missing permission is no violation"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replies_and_forwards_name_a_message_that_exists() {
    let fake = FakeDiscord::start().await;
    let http = proxied_http(&fake);
    let other = fake.add_text_channel("other");
    let first = http
        .send_message(
            ChannelId::new(CHANNEL_ID),
            vec![],
            &json!({"content": "first"}),
        )
        .await
        .expect("post");
    let there = http
        .send_message(ChannelId::new(other), vec![], &json!({"content": "there"}))
        .await
        .expect("post");
    let (mid, tid) = (first.id.get().to_string(), there.id.get().to_string());

    let reply = http
        .send_message(
            ChannelId::new(CHANNEL_ID),
            vec![],
            &json!({"content": "re", "message_reference": {"message_id": mid}}),
        )
        .await
        .expect("a reply to a message of the channel");
    assert_eq!(fake.message(reply.id.get()).expect("kept").json["type"], 19);
    let forward = http
        .send_message(
            ChannelId::new(CHANNEL_ID),
            vec![],
            &json!({"message_reference": {"type": 1, "message_id": tid, "channel_id": other.to_string()}}),
        )
        .await
        .expect("a forward needs nothing else");
    assert_eq!(
        fake.message(forward.id.get()).expect("kept").json["type"],
        0
    );
    let lenient = http
        .send_message(
            ChannelId::new(CHANNEL_ID),
            vec![],
            &json!({"content": "x", "message_reference": {"message_id": "5", "fail_if_not_exists": false}}),
        )
        .await
        .expect("a reply to nothing, allowed to fail");
    assert_eq!(
        fake.message(lenient.id.get()).expect("kept").json["type"],
        0
    );
    assert!(fake.violations().is_empty(), "{:#?}", fake.violations());

    let cases = [
        (
            json!({"content": "x", "message_reference": {"message_id": "5"}}),
            "message_reference.message_id",
        ),
        (
            json!({"content": "x", "message_reference": {"message_id": tid}}),
            "message_reference.message_id",
        ),
        (
            json!({"content": "x", "message_reference": {"message_id": mid, "channel_id": other.to_string()}}),
            "message_reference.channel_id",
        ),
        (
            json!({"content": "x", "message_reference": {"message_id": "abc"}}),
            "message_reference.message_id",
        ),
        (
            json!({"content": "x", "message_reference": {"type": 2, "message_id": mid}}),
            "message_reference.type",
        ),
        (
            json!({"message_reference": {"type": 1, "message_id": tid}}),
            "message_reference.channel_id",
        ),
        (
            json!({"content": "x", "message_reference": {}}),
            "message_reference.message_id",
        ),
    ];
    for (payload, path) in &cases {
        assert_eq!(post(&http, payload).await, refused(path), "{payload}");
    }
    assert_eq!(fake.violations().len(), cases.len());
}

/// The validators of `support/fake_discord/validate` on payloads serenity cannot send: file
/// parts named other than `files[n]` or twice.
#[test]
fn file_parts_are_named_files_n_once_each() {
    let part = |field: &str| UploadedFile {
        field: field.into(),
        filename: "a.png".into(),
        content_type: Some("image/png".into()),
        bytes: PNG.to_vec(),
    };
    let check = |files: &[UploadedFile]| {
        let ctx = MessageCtx {
            files,
            existing: None,
            size_limit: 1 << 20,
            prefix: "",
            carrier: Carrier::Channel,
            existing_flags: 0,
        };
        validate::message(&json!({}), &ctx)
            .err()
            .map(|r| r.errors.iter().map(|e| e.path.clone()).collect::<Vec<_>>())
    };
    assert_eq!(check(&[part("files[0]"), part("files[42]")]), None);
    assert_eq!(
        check(&[part("files[0]"), part("files[0]")]),
        Some(vec!["files.1".to_string()])
    );
    assert_eq!(check(&[part("file")]), Some(vec!["files.0".to_string()]));
    assert_eq!(
        check(&[part("files[x]")]),
        Some(vec!["files.0".to_string()])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn component_ids_and_select_defaults() {
    let fake = FakeDiscord::start().await;
    let http = proxied_http(&fake);
    let row = |kids: Value| json!({"type": 1, "components": kids});
    let button = |id: i64, cid: &str| json!({"type": 2, "style": 1, "label": "b", "custom_id": cid, "id": id});
    let user_select = |defaults: Value, max: u64| {
        row(json!([{"type": 5, "custom_id": "u", "max_values": max, "default_values": defaults}]))
    };
    let cases: Vec<(&str, Value, Answer)> = vec![
        (
            "ids unique, the largest 32-bit one",
            json!({"components": [row(json!([button(1, "a"), button(i64::from(i32::MAX), "b")]))]}),
            None,
        ),
        (
            "an id used twice",
            json!({"components": [row(json!([button(7, "a"), button(7, "b")]))]}),
            refused("components.0.components.1.id"),
        ),
        (
            "a row and a button sharing an id",
            json!({"components": [{"type": 1, "id": 3, "components": [button(3, "a")]}]}),
            refused("components.0.components.0.id"),
        ),
        (
            "ids 0, which Discord fills in",
            json!({"components": [row(json!([button(0, "a"), button(0, "b")]))]}),
            None,
        ),
        (
            "an id past 32 bits",
            json!({"components": [row(json!([button(1 << 31, "a")]))]}),
            refused("components.0.components.0.id"),
        ),
        (
            "one default user of at most one",
            json!({"components": [user_select(json!([{"id": "1", "type": "user"}]), 1)]}),
            None,
        ),
        (
            "two default users of at most one",
            json!({"components": [user_select(json!([{"id": "1", "type": "user"}, {"id": "2", "type": "user"}]), 1)]}),
            refused("components.0.components.0.default_values"),
        ),
        (
            "a role among a user select's defaults",
            json!({"components": [user_select(json!([{"id": "1", "type": "role"}]), 1)]}),
            refused("components.0.components.0.default_values.0.type"),
        ),
        (
            "a default that is no snowflake",
            json!({"components": [user_select(json!([{"id": "me", "type": "user"}]), 1)]}),
            refused("components.0.components.0.default_values.0.id"),
        ),
        (
            "default_values on a string select",
            json!({"components": [row(json!([{"type": 3, "custom_id": "s", "options": [{"label": "l", "value": "v"}], "default_values": [{"id": "1", "type": "user"}]}]))]}),
            refused("components.0.components.0.default_values"),
        ),
        (
            "channel types of a channel select",
            json!({"components": [row(json!([{"type": 8, "custom_id": "c", "channel_types": [0, 11]}]))]}),
            None,
        ),
        (
            "a channel type Discord does not have",
            json!({"components": [row(json!([{"type": 8, "custom_id": "c", "channel_types": [9]}]))]}),
            refused("components.0.components.0.channel_types.0"),
        ),
        (
            "channel types on a user select",
            json!({"components": [row(json!([{"type": 5, "custom_id": "u", "channel_types": [0]}]))]}),
            refused("components.0.components.0.channel_types"),
        ),
    ];
    post_each(&fake, &http, &cases).await;

    // A modal: no disabled component, and a required select picks at least one.
    let label = |select: Value| json!({"type": 18, "label": "Pick", "component": select});
    let modal = |comps: Value| json!({"custom_id": "m", "title": "T", "components": comps});
    let select = json!({"type": 3, "custom_id": "s", "options": [{"label": "l", "value": "v"}]});
    let mut disabled = select.clone();
    disabled["disabled"] = json!(true);
    let mut none_required = select.clone();
    none_required["min_values"] = json!(0);
    let mut none_optional = none_required.clone();
    none_optional["required"] = json!(false);
    let path = |r: validate::Refusal| r.errors[0].path.clone();
    assert!(validate::modal(&modal(json!([label(select.clone())]))).is_ok());
    assert!(validate::modal(&modal(json!([label(none_optional)]))).is_ok());
    assert_eq!(
        validate::modal(&modal(json!([label(disabled)]))).map_err(path),
        Err("data.components.0.component.disabled".to_string())
    );
    assert_eq!(
        validate::modal(&modal(json!([label(none_required)]))).map_err(path),
        Err("data.components.0.component.min_values".to_string())
    );
    let mut twice = select;
    twice["id"] = json!(4);
    let mut label_4 = label(twice);
    label_4["id"] = json!(4);
    assert_eq!(
        validate::modal(&modal(json!([label_4]))).map_err(path),
        Err("data.components.0.component.id".to_string())
    );
}

/// A command with one option of each kind the autocomplete tests type into.
fn autocomplete_command() -> Value {
    json!({"name": "t", "description": "d", "options": [
        {"type": 4, "name": "n", "description": "d", "autocomplete": true},
        {"type": 3, "name": "s", "description": "d", "autocomplete": true},
        {"type": 10, "name": "x", "description": "d", "autocomplete": true}]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn callback_and_follow_up_flags_and_typed_choices() {
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let mut ws = raw_bot(&fake).await;
    let http = proxied_http(&fake);
    http.create_global_commands(&json!([autocomplete_command()]))
        .await
        .expect("register");

    // A type 4 takes EPHEMERAL and SUPPRESS_EMBEDS, not LOADING.
    let id = fake.send_slash_command(&alice, "t", "", vec![]);
    let token = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await["token"]
        .as_str()
        .expect("token")
        .to_string();
    let iid = InteractionId::new(id);
    let e = http
        .create_interaction_response(
            iid,
            &token,
            &json!({"type": 4, "data": {"content": "x", "flags": 128}}),
            vec![],
        )
        .await
        .expect_err("LOADING");
    assert_eq!(discord_error(&e), (400, 50035, "data.flags".into()));
    http.create_interaction_response(
        iid,
        &token,
        &json!({"type": 4, "data": {"content": "x", "flags": 64 | 4}}),
        vec![],
    )
    .await
    .expect("EPHEMERAL and SUPPRESS_EMBEDS");
    // A follow-up takes EPHEMERAL, not IS_VOICE_MESSAGE; an edit's other flags are ignored.
    http.create_followup_message(&token, &json!({"content": "y", "flags": 64}), vec![])
        .await
        .expect("an ephemeral follow-up");
    let e = http
        .create_followup_message(&token, &json!({"content": "y", "flags": 8192}), vec![])
        .await
        .expect_err("IS_VOICE_MESSAGE on a follow-up");
    assert_eq!(discord_error(&e), (400, 50035, "flags".into()));
    http.edit_original_interaction_response(&token, &json!({"content": "z", "flags": 128}), vec![])
        .await
        .expect("an edit's flags it cannot change are ignored");

    // An IS_COMPONENTS_V2 message stays one: an edit may not give it content.
    let v2 = http
        .send_message(
            ChannelId::new(CHANNEL_ID),
            vec![],
            &json!({"flags": 32768, "components": [{"type": 10, "content": "hi"}]}),
        )
        .await
        .expect("a components message");
    let e = http
        .edit_message(
            ChannelId::new(CHANNEL_ID),
            v2.id,
            &json!({"content": "text"}),
            vec![],
        )
        .await
        .expect_err("content on a components message");
    assert_eq!(discord_error(&e), (400, 50035, "content".into()));

    // Autocomplete choices are of the focused option's type.
    let limit = 9_007_199_254_740_991_i64;
    for (focused, good, bad) in [
        ("n", json!(limit), json!("12")),
        ("n", json!(-limit), json!(limit + 1)),
        ("n", json!(3), json!(2.5)),
        ("s", json!("12"), json!(12)),
        ("x", json!(2.5), json!("2.5")),
    ] {
        let opts = vec![Opt::str(focused, "1")];
        let id = fake.send_autocomplete(&alice, "t", "", opts.clone(), focused);
        let token = dispatched(&mut ws, "INTERACTION_CREATE", Some(id)).await["token"]
            .as_str()
            .expect("token")
            .to_string();
        let iid = InteractionId::new(id);
        let answer =
            |v: &Value| json!({"type": 8, "data": {"choices": [{"name": "c", "value": v}]}});
        let e = http
            .create_interaction_response(iid, &token, &answer(&bad), vec![])
            .await
            .expect_err(&format!("{bad} for option {focused}"));
        assert_eq!(
            discord_error(&e),
            (400, 50035, "data.choices.0.value".into()),
            "{bad} for option {focused}"
        );
        http.create_interaction_response(iid, &token, &answer(&good), vec![])
            .await
            .unwrap_or_else(|e| panic!("{good} for option {focused}: {e}"));
    }
    assert_eq!(fake.violations().len(), 3 + 5, "{:#?}", fake.violations());
    let _ = ws.close(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invitable_only_for_private_threads() {
    let fake = FakeDiscord::start().await;
    let http = proxied_http(&fake);
    let ch = ChannelId::new(CHANNEL_ID);
    let private = http
        .create_thread(
            ch,
            &json!({"name": "team", "type": 12, "invitable": false}),
            None,
        )
        .await
        .expect("a private thread, not invitable");
    let by_default = http
        .create_thread(ch, &json!({"name": "team", "invitable": false}), None)
        .await
        .expect("a thread without a type is private");
    let e = http
        .create_thread(
            ch,
            &json!({"name": "team", "type": 11, "invitable": false}),
            None,
        )
        .await
        .expect_err("invitable on a public thread");
    assert_eq!(discord_error(&e), (400, 50035, "invitable".into()));
    let msg = http
        .send_message(ch, vec![], &json!({"content": "game"}))
        .await
        .expect("post");
    let e = http
        .create_thread_from_message(
            ch,
            msg.id,
            &json!({"name": "game", "invitable": false}),
            None,
        )
        .await
        .expect_err("invitable on a thread from a message (public)");
    assert_eq!(discord_error(&e), (400, 50035, "invitable".into()));
    let public = ch
        .create_thread_from_message(&http, msg.id, CreateThread::new("game"))
        .await
        .expect("a public thread");

    private
        .id
        .edit_thread(&http, EditThread::new().invitable(true))
        .await
        .expect("invitable on a private thread");
    let _ = by_default;
    for (body, path) in [
        (json!({"invitable": true}), "invitable"),
        (json!({"flags": 2}), "flags"),
        (json!({"applied_tags": ["1"]}), "applied_tags"),
    ] {
        let e = http
            .edit_thread(public.id, &body, None)
            .await
            .expect_err(&body.to_string());
        assert_eq!(discord_error(&e), (400, 50035, path.into()), "{body}");
    }
    assert_eq!(fake.violations().len(), 2 + 3, "{:#?}", fake.violations());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn roles_direct_messages_tokens_and_audit_reasons() {
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let http = proxied_http(&fake);
    let guild = GuildId::new(GUILD_ID);

    // Create Guild Role.
    let role = guild
        .create_role(&http, EditRole::new().name(big(100)).colour(0xFF_FFFF))
        .await
        .expect("a role at the limits");
    for (body, want) in [
        (json!({"name": big(101)}), (400, 50035, "name")),
        (json!({"color": 0x100_0000}), (400, 50035, "color")),
        (
            json!({"colors": {"primary_color": -1}}),
            (400, 50035, "colors.primary_color"),
        ),
        (json!({"permissions": "all"}), (400, 50035, "permissions")),
        (json!({"hoist": "yes"}), (400, 50035, "hoist")),
        (json!({"unicode_emoji": "⚫"}), (400, 50101, "")),
    ] {
        let e = http
            .create_role(guild, &body, None)
            .await
            .expect_err(&body.to_string());
        let (s, c, p) = want;
        assert_eq!(discord_error(&e), (s, c, p.to_string()), "{body}");
    }
    // The audit log reason: 1 to 512 characters once decoded.
    let (g, u) = (guild, UserId::new(alice.id));
    let r = RoleId::new(role.id.get());
    http.add_member_role(g, u, r, Some(&"黑".repeat(512)))
        .await
        .expect("a reason of 512 characters");
    let e = http
        .add_member_role(g, u, r, Some(&"黑".repeat(513)))
        .await
        .expect_err("a reason of 513 characters");
    assert_eq!(discord_error(&e), (400, 50035, "X-Audit-Log-Reason".into()));

    // The guild holds 250 roles at most.
    while fake.roles().len() < 250 {
        fake.create_role("filler", 0, 1);
    }
    let e = guild
        .create_role(&http, EditRole::new().name("one more"))
        .await
        .expect_err("the 251st role");
    assert_eq!(discord_error(&e), (400, 30005, String::new()));

    // Create DM: recipient_id is a snowflake.
    let e = http
        .create_private_channel(&json!({"recipient_id": "alice"}))
        .await
        .expect_err("a recipient that is no snowflake");
    assert_eq!(discord_error(&e), (400, 50035, "recipient_id".into()));
    http.create_private_channel(&json!({"recipient_id": alice.id.to_string()}))
        .await
        .expect("a DM channel");

    // Every route but /gateway, callbacks and webhooks needs "Bot <token>".
    let anonymous = HttpBuilder::new("")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let e = anonymous.get_current_user().await.expect_err("no token");
    assert_eq!(discord_error(&e), (401, 0, String::new()));
    anonymous
        .get_gateway()
        .await
        .expect("GET /gateway needs no token");
    assert_eq!(
        fake.violations().len(),
        5 + 1 + 1 + 1,
        "{:#?}",
        fake.violations()
    );
}

/// A body that is not JSON gets `400 50109`, sent by hand (serenity sends only JSON).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_is_not_json_is_refused() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let fake = FakeDiscord::start().await;
    let addr = fake.base_url().trim_start_matches("http://").to_string();
    let body = "{\"content\": ";
    let request = format!(
        "POST /api/v10/channels/{CHANNEL_ID}/messages HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bot x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut tcp = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("connect");
    tcp.write_all(request.as_bytes()).await.expect("send");
    let mut answer = String::new();
    tokio::time::timeout(STEP, tcp.read_to_string(&mut answer))
        .await
        .expect("an answer")
        .expect("read");
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("50109"), "{answer}");
    let v = fake.violations();
    assert_eq!((v.len(), v[0].code), (1, 50109), "{v:#?}");
}

#[test]
fn command_limits_by_type_and_option_kind() {
    let user = |i: usize| json!({"type": 2, "name": format!("User {i}"), "description": ""});
    let fifteen: Vec<Value> = (0..15).map(user).collect();
    assert!(validate::command_list(&Value::Array(fifteen.clone())).is_ok());
    let mut sixteen = fifteen;
    sixteen.push(user(15));
    assert!(validate::command_list(&Value::Array(sixteen)).is_err());
    let entry = |name: &str| json!({"type": 4, "name": name, "description": ""});
    assert!(validate::command_list(&json!([entry("launch")])).is_ok());
    assert!(validate::command_list(&json!([entry("launch"), entry("play")])).is_err());

    let with = |option: Value| json!({"name": "t", "description": "d", "options": [option]});
    let path = |r: validate::Refusal| r.errors[0].path.clone();
    let max = 9_007_199_254_740_991_i64;
    for (option, want) in [
        (
            json!({"type": 4, "name": "n", "description": "d", "min_value": -max, "max_value": max}),
            None,
        ),
        (
            json!({"type": 4, "name": "n", "description": "d", "max_value": max + 1}),
            Some("options.0.max_value"),
        ),
        (
            json!({"type": 4, "name": "n", "description": "d", "min_value": 1.5}),
            Some("options.0.min_value"),
        ),
        (
            json!({"type": 10, "name": "n", "description": "d", "min_value": 1.5}),
            None,
        ),
        (
            json!({"type": 4, "name": "n", "description": "d", "min_value": 5.0, "max_value": 19.0}),
            None,
        ),
        (
            json!({"type": 3, "name": "n", "description": "d", "min_value": 1}),
            Some("options.0.min_value"),
        ),
        (
            json!({"type": 4, "name": "n", "description": "d", "max_length": 10}),
            Some("options.0.max_length"),
        ),
        (
            json!({"type": 3, "name": "n", "description": "d", "channel_types": [0]}),
            Some("options.0.channel_types"),
        ),
        (
            json!({"type": 7, "name": "n", "description": "d", "channel_types": [0]}),
            None,
        ),
        (
            json!({"type": 4, "name": "n", "description": "d", "choices": [{"name": "c", "value": max}]}),
            None,
        ),
        (
            json!({"type": 4, "name": "n", "description": "d", "choices": [{"name": "c", "value": max + 1}]}),
            Some("options.0.choices.0.value"),
        ),
        (
            json!({"type": 11, "name": "n", "description": "d", "file_types": vec![".png"; 10]}),
            None,
        ),
        (
            json!({"type": 11, "name": "n", "description": "d", "file_types": vec![".png"; 11]}),
            Some("options.0.file_types"),
        ),
        (
            json!({"type": 3, "name": "n", "description": "d", "file_types": [".png"]}),
            Some("options.0.file_types"),
        ),
    ] {
        assert_eq!(
            validate::command(&with(option.clone())).map_err(path),
            want.map_or(Ok(()), |p| Err(p.to_string())),
            "{option}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The gateway

/// A fresh connection, HELLO read.
async fn connect(fake: &FakeDiscord) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}?v=10", fake.gateway_url()))
        .await
        .expect("connect to the fake gateway");
    next_frame(&mut ws, "HELLO").await;
    ws
}

/// Sends `frames` (text as given) and returns the close code the fake ends the connection
/// with, `None` if it stays open (nothing for half a second after the last frame's answer).
async fn close_code(ws: &mut Ws, frames: &[String]) -> Option<u16> {
    for f in frames {
        if ws.send(Message::Text(f.clone())).await.is_err() {
            break;
        }
    }
    loop {
        match tokio::time::timeout(Duration::from_millis(500), ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| u16::from(f.code)),
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(e))) => panic!("gateway: {e}"),
            Ok(None) => panic!("gateway: closed without a close frame"),
            Err(_) => return None,
        }
    }
}

fn identify_with(change: impl FnOnce(&mut Value)) -> String {
    let mut f = identify_payload();
    change(&mut f["d"]);
    f.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_closes_on_what_discord_refuses() {
    let presence = json!({"since": null, "activities": [{"name": "Go", "type": 0, "url": null}],
        "status": "online", "afk": false});
    let cases: Vec<(&str, Vec<String>, Option<u16>)> = vec![
        ("not JSON", vec!["{op: 2".into()], Some(4002)),
        ("no op", vec![json!({"d": null}).to_string()], Some(4002)),
        (
            "an opcode a client does not send",
            vec![json!({"op": 5, "d": null}).to_string()],
            Some(4001),
        ),
        (
            "a presence update before identifying",
            vec![json!({"op": 3, "d": presence}).to_string()],
            Some(4003),
        ),
        (
            "a heartbeat before identifying",
            vec![json!({"op": 1, "d": null}).to_string()],
            None,
        ),
        (
            "a heartbeat of a string",
            vec![json!({"op": 1, "d": "7"}).to_string()],
            Some(4002),
        ),
        (
            "an identify without properties",
            vec![identify_with(|d| {
                d.as_object_mut().map(|o| o.remove("properties"));
            })],
            Some(4002),
        ),
        (
            "an identify without a token",
            vec![identify_with(|d| d["token"] = json!(""))],
            Some(4002),
        ),
        (
            "intents as a string",
            vec![identify_with(|d| d["intents"] = json!("513"))],
            Some(4013),
        ),
        (
            "an intent Discord does not define",
            vec![identify_with(|d| d["intents"] = json!(1 << 18))],
            Some(4013),
        ),
        (
            "shard 1 of 1",
            vec![identify_with(|d| d["shard"] = json!([1, 1]))],
            Some(4010),
        ),
        (
            "a shard of three numbers",
            vec![identify_with(|d| d["shard"] = json!([0, 1, 2]))],
            Some(4010),
        ),
        (
            "large_threshold 49",
            vec![identify_with(|d| d["large_threshold"] = json!(49))],
            Some(4002),
        ),
        (
            "large_threshold 251",
            vec![identify_with(|d| d["large_threshold"] = json!(251))],
            Some(4002),
        ),
        (
            "compress as a string",
            vec![identify_with(|d| d["compress"] = json!("yes"))],
            Some(4002),
        ),
        (
            "a status Discord does not have",
            vec![identify_with(|d| {
                d["presence"] =
                    json!({"since": null, "activities": [], "status": "busy", "afk": false});
            })],
            Some(4002),
        ),
        (
            "an activity type 6",
            vec![identify_with(|d| {
                d["presence"] = json!({"since": null, "activities": [{"name": "Go", "type": 6}], "status": "online", "afk": false});
            })],
            Some(4002),
        ),
        (
            "a second identify",
            vec![
                identify_payload().to_string(),
                identify_payload().to_string(),
            ],
            Some(4005),
        ),
        (
            "a presence update that is not one",
            vec![
                identify_payload().to_string(),
                json!({"op": 3, "d": {"status": "online"}}).to_string(),
            ],
            Some(4002),
        ),
    ];
    for (what, frames, want) in &cases {
        let fake = FakeDiscord::start().await;
        let mut ws = connect(&fake).await;
        assert_eq!(close_code(&mut ws, frames).await, *want, "{what}");
        let codes: Vec<u64> = fake.violations().iter().map(|v| v.code).collect();
        assert_eq!(
            codes,
            want.map(u64::from).into_iter().collect::<Vec<_>>(),
            "{what}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identify_at_the_limits_and_privileged_intents() {
    let fake = FakeDiscord::start().await;
    // Everything at Discord's limits: large_threshold 250, presence as serenity sends it (its
    // `since` is serde's form of a SystemTime), every intent Discord defines.
    let mut ws = connect(&fake).await;
    let good = identify_with(|d| {
        d["large_threshold"] = json!(250);
        d["compress"] = json!(true);
        d["shard"] = json!([0, 1]);
        d["intents"] = json!(((1u64 << 17) - 1) | (3 << 20) | (3 << 24));
        d["presence"] = json!({"since": {"secs_since_epoch": 1, "nanos_since_epoch": 0},
            "activities": [], "status": "online", "afk": false});
    });
    assert_eq!(close_code(&mut ws, &[good]).await, None);
    fake.wait_connected(STEP).await;
    let presence = json!({"op": 3, "d": {"since": 91_879_201, "activities": [{"name": "Go", "type": 0}],
        "status": "idle", "afk": true}});
    assert_eq!(close_code(&mut ws, &[presence.to_string()]).await, None);
    assert!(fake.violations().is_empty(), "{:#?}", fake.violations());
    let _ = ws.close(None).await;
    fake.wait_for("the session closed", STEP, |st| {
        st.gateway.sessions.is_empty().then_some(())
    })
    .await;

    // A privileged intent the application has not enabled: closed with 4014, no violation
    // (the application's settings are the environment's).
    fake.set_privileged_intents(0);
    let mut ws = connect(&fake).await;
    let presences = identify_with(|d| d["intents"] = json!(1 | (1 << 8)));
    assert_eq!(close_code(&mut ws, &[presences]).await, Some(4014));
    assert!(fake.violations().is_empty(), "{:#?}", fake.violations());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_takes_120_events_a_minute() {
    let fake = FakeDiscord::start().await;
    let mut ws = connect(&fake).await;
    let heartbeat = json!({"op": 1, "d": null}).to_string();
    let mut frames = vec![identify_payload().to_string()];
    frames.extend(std::iter::repeat_n(heartbeat.clone(), 119));
    assert_eq!(close_code(&mut ws, &frames).await, None, "120 events");
    assert!(fake.violations().is_empty(), "{:#?}", fake.violations());
    assert_eq!(
        close_code(&mut ws, &[heartbeat]).await,
        Some(4008),
        "the 121st"
    );
    assert_eq!(fake.violations()[0].code, 4008);
}
