//! JSON objects in the shapes Discord sends and serenity 0.12.5 deserializes.
//!
//! Required fields found in serenity 0.12.5's model (a missing one makes serenity drop the whole
//! event, logged at debug level only):
//! - User: `id`, `username`, `discriminator` (`"0"` for new-style names), `avatar`, `bot`.
//! - Member: `user`, `roles`, `deaf`, `mute`, `flags` (`joined_at` optional); in interactions
//!   also `permissions` (a decimal string).
//! - Role: `id`, `name`, `color`, `colors{primary_color}`, `hoist`, `managed`, `permissions`,
//!   `position`.
//! - Guild channel: `id`, `type`, `name`.
//! - Guild (GUILD_CREATE): `id`, `name`, `owner_id`, `verification_level`,
//!   `default_message_notifications`, `explicit_content_filter`, `roles`, `emojis`, `features`,
//!   `mfa_level`, `system_channel_flags`, `premium_tier`, `preferred_locale`, `nsfw_level`,
//!   `stickers`, `premium_progress_bar_enabled`, `joined_at`, `large`, `member_count`,
//!   `voice_states`, `members`, `channels`, `threads`, `presences`, `stage_instances`,
//!   `guild_scheduled_events`.
//! - Message: `id`, `channel_id`, `author`, `content`, `timestamp`, `edited_timestamp`, `tts`,
//!   `mention_everyone`, `mentions`, `mention_roles`, `attachments`, `embeds`, `pinned`, `type`.
//! - Attachment: `id`, `filename`, `size`, `url`, `proxy_url`.
//! - Interaction: `id`, `application_id`, `type`, `token`, `version`, `channel_id`, `locale`,
//!   `entitlements`, `attachment_size_limit`; components also `data.custom_id`,
//!   `data.component_type` and a full `message`.
//! - Command (REST answer): `id`, `application_id`, `version`, `type`, `name`, `description`.
//! - Private channel: `id`, `type` (1), `recipients` (one user).

use serde_json::{Map, Value, json};

use super::{
    APPLICATION_ID, ChannelRecord, GUILD_ID, OWNER_ID, Opt, OptValue, State, StoredAttachment,
    TestUser, bot_user, perms,
};

/// What an interaction carries from the guild and channel it is in.
#[derive(Clone, Debug)]
pub struct InteractionEnv {
    /// The bot's permissions in the channel (`app_permissions`).
    pub app_permissions: u64,
    /// The guild's preferred locale (`guild_locale`).
    pub guild_locale: String,
    /// The per-file upload limit (`attachment_size_limit`).
    pub attachment_size_limit: u64,
}

/// The timestamp the fake gives every member's `joined_at`.
pub const JOINED_AT: &str = "2024-01-01T00:00:00.000000+00:00";

/// Now, as Discord writes timestamps.
pub fn now_timestamp() -> String {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // civil-from-days (Howard Hinnant)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_micros()
    )
}

pub fn user(u: &TestUser) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.name,
        "avatar": null,
        "bot": false,
        "public_flags": 0,
    })
}

/// A guild member; `with_permissions` adds `permissions` as in interactions.
pub fn member(u: &TestUser, roles: &[u64], with_permissions: bool) -> Value {
    let mut m = json!({
        "user": user(u),
        "nick": null,
        "avatar": null,
        "roles": roles.iter().map(u64::to_string).collect::<Vec<_>>(),
        "joined_at": JOINED_AT,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
    });
    if with_permissions {
        m["permissions"] = json!(member_permissions(u).to_string());
    }
    m
}

/// A member's permissions as interactions carry them: all of them with Administrator.
pub fn member_permissions(u: &TestUser) -> u64 {
    if u.permissions & perms::ADMINISTRATOR != 0 {
        perms::ALL
    } else {
        u.permissions
    }
}

pub fn role(id: u64, name: &str, permissions: u64, position: u64) -> Value {
    json!({
        "id": id.to_string(),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": position,
        "permissions": permissions.to_string(),
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}

pub fn channel(c: &ChannelRecord) -> Value {
    if c.kind == 1 {
        return json!({
            "id": c.id.to_string(),
            "type": 1,
            "last_message_id": null,
            "recipients": [json!({"id": c.recipient.unwrap_or(0).to_string(), "username": c.name, "discriminator": "0", "global_name": null, "avatar": null, "bot": false})],
            "flags": 0,
        });
    }
    let mut v = json!({
        "id": c.id.to_string(),
        "type": c.kind,
        "guild_id": c.guild_id.unwrap_or(GUILD_ID).to_string(),
        "name": c.name,
        "position": 0,
        "permission_overwrites": [],
        "topic": c.topic,
        "nsfw": c.nsfw,
        "last_message_id": null,
        "parent_id": c.parent_id.map(|p| p.to_string()),
        "rate_limit_per_user": c.rate_limit_per_user,
        "flags": 0,
    });
    if c.is_thread() {
        v["owner_id"] = json!(c.owner_id.unwrap_or(APPLICATION_ID).to_string());
        v["message_count"] = json!(0);
        v["member_count"] = json!(1);
        v["thread_metadata"] = json!({
            "archived": c.archived,
            "auto_archive_duration": if c.auto_archive_duration == 0 { 1440 } else { c.auto_archive_duration },
            "archive_timestamp": now_timestamp(),
            "locked": c.locked,
        });
        if c.kind == 12 {
            v["thread_metadata"]["invitable"] = json!(c.invitable);
        }
    }
    v
}

/// The `d` of READY.
pub fn ready(gateway_url: &str, shard: Value, guilds: &[u64]) -> Value {
    let session = format!("fake-session-{}", shard[0].as_u64().unwrap_or(0));
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": guilds.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect::<Vec<_>>(),
        "session_id": session,
        "resume_gateway_url": gateway_url,
        "shard": shard,
        "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
    })
}

/// The `d` of GUILD_CREATE for one of the fake's guilds, with its channels, roles and members.
pub fn guild_create(st: &State, guild: u64) -> Value {
    let name = st
        .more_guilds
        .get(&guild)
        .cloned()
        .unwrap_or_else(|| "Tengen test server".to_owned());
    let here = |c: &&ChannelRecord| c.guild_id.unwrap_or(GUILD_ID) == guild;
    // The fake's users are members of its main guild; a guild added for shards sends the bot
    // alone, as Discord sends a large guild without its offline members (every user in every
    // guild would make a load test's ten thousand guilds a hundred million members).
    let mut members = vec![bot_member(st)];
    if guild == GUILD_ID {
        for u in st.users.values() {
            members.push(member(u, &st.roles_of(u), false));
        }
    }
    json!({
        "id": guild.to_string(),
        "name": name,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": OWNER_ID.to_string(),
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": st.roles.values().cloned().collect::<Vec<_>>(),
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": st.locale_of(guild),
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "joined_at": JOINED_AT,
        "large": false,
        "unavailable": false,
        "member_count": members.len(),
        "voice_states": [],
        "members": members,
        "channels": st.channels.values().filter(here).filter(|c| c.kind == 0).map(channel).collect::<Vec<_>>(),
        "threads": st.channels.values().filter(here).filter(|c| c.is_thread() && !c.archived).map(channel).collect::<Vec<_>>(),
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    })
}

/// The bot's guild member, with its roles.
pub fn bot_member(st: &State) -> Value {
    json!({
        "user": bot_user(), "nick": null, "avatar": null,
        "roles": st.bot_roles().iter().map(u64::to_string).collect::<Vec<_>>(),
        "joined_at": JOINED_AT, "premium_since": null, "deaf": false, "mute": false, "flags": 0,
        "pending": false,
    })
}

fn partial_channel(c: &ChannelRecord) -> Value {
    let mut v = json!({"id": c.id.to_string(), "type": c.kind, "name": c.name});
    if let Some(p) = c.parent_id {
        v["parent_id"] = json!(p.to_string());
    }
    v
}

/// The fields every guild interaction has.
fn interaction_base(
    env: &InteractionEnv,
    id: u64,
    token: &str,
    kind: u64,
    channel: &ChannelRecord,
    u: &TestUser,
    roles: &[u64],
) -> Map<String, Value> {
    let v = json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "token": token,
        "version": 1,
        "guild_id": channel.guild_id.unwrap_or(GUILD_ID).to_string(),
        "channel_id": channel.id.to_string(),
        "channel": partial_channel(channel),
        "member": member(u, roles, true),
        "app_permissions": env.app_permissions.to_string(),
        "locale": u.locale,
        "guild_locale": env.guild_locale,
        "entitlements": [],
        "authorizing_integration_owners": {"0": channel.guild_id.unwrap_or(GUILD_ID).to_string()},
        "context": 0,
        "attachment_size_limit": env.attachment_size_limit,
    });
    match v {
        Value::Object(m) => m,
        _ => unreachable!(),
    }
}

fn option_json(
    o: &Opt,
    resolved: &mut Map<String, Value>,
    channels: &[ChannelRecord],
    uploads: &mut dyn Iterator<Item = &StoredAttachment>,
    u: &TestUser,
    focused: bool,
) -> Value {
    let (kind, value) = match &o.value {
        OptValue::Attachment(_) => {
            // Discord resolves an attachment option to the attachment object
            // (`resources/message.mdx` Attachment Object).
            let Some(a) = uploads.next() else {
                panic!("fake Discord: an attachment option without its stored upload")
            };
            let entry = resolved.entry("attachments").or_insert_with(|| json!({}));
            let mut obj = json!({
                "id": a.id.to_string(),
                "filename": a.filename,
                "size": a.bytes.len(),
                "url": a.url,
                "proxy_url": a.url,
                "ephemeral": true,
            });
            if let Some(ct) = &a.content_type {
                obj["content_type"] = json!(ct);
            }
            entry[a.id.to_string()] = obj;
            (11, json!(a.id.to_string()))
        }
        OptValue::Str(s) => (3, json!(s)),
        OptValue::Int(i) => (4, json!(i)),
        OptValue::Bool(b) => (5, json!(b)),
        OptValue::User(u) => {
            let users = resolved.entry("users").or_insert_with(|| json!({}));
            users[u.id.to_string()] = user(u);
            let members = resolved.entry("members").or_insert_with(|| json!({}));
            let mut m = member(u, &u.roles, true);
            if let Some(obj) = m.as_object_mut() {
                obj.remove("user");
            }
            members[u.id.to_string()] = m;
            (6, json!(u.id.to_string()))
        }
        OptValue::Channel(c) => {
            // Discord resolves a channel option to a partial channel with the member's
            // permissions in it.
            if let Some(record) = channels.iter().find(|r| r.id == *c) {
                let entry = resolved.entry("channels").or_insert_with(|| json!({}));
                let mut partial = partial_channel(record);
                partial["permissions"] = json!(u.permissions.to_string());
                entry[c.to_string()] = partial;
            }
            (7, json!(c.to_string()))
        }
        OptValue::Role(r) => (8, json!(r.to_string())),
        OptValue::Num(n) => (10, json!(n)),
    };
    if focused {
        // What the user is typing arrives as the string typed, whatever the option's type.
        let typed = match value {
            Value::String(s) => s,
            other => other.to_string(),
        };
        return json!({"name": o.name, "type": kind, "value": typed, "focused": true});
    }
    json!({"name": o.name, "type": kind, "value": value})
}

/// An APPLICATION_COMMAND (`kind` 2) or APPLICATION_COMMAND_AUTOCOMPLETE (`kind` 4, with
/// the option `focused` marked) interaction.
#[allow(clippy::too_many_arguments)]
pub fn slash_interaction(
    env: &InteractionEnv,
    id: u64,
    token: &str,
    kind: u64,
    channel: &ChannelRecord,
    u: &TestUser,
    roles: &[u64],
    command_id: u64,
    name: &str,
    subcommand: &str,
    options: &[Opt],
    channels: &[ChannelRecord],
    uploads: &[StoredAttachment],
    focused: Option<&str>,
) -> Value {
    let mut m = interaction_base(env, id, token, kind, channel, u, roles);
    let mut resolved = Map::new();
    let mut uploads = uploads.iter();
    let mut opts: Vec<Value> = options
        .iter()
        .map(|o| {
            option_json(
                o,
                &mut resolved,
                channels,
                &mut uploads,
                u,
                focused == Some(o.name.as_str()),
            )
        })
        .collect();
    let path: Vec<&str> = subcommand.split_whitespace().collect();
    match path.as_slice() {
        [] => {}
        [sub] => opts = vec![json!({"name": sub, "type": 1, "options": opts})],
        [group, sub] => {
            opts = vec![json!({"name": group, "type": 2, "options": [
                {"name": sub, "type": 1, "options": opts}
            ]})]
        }
        _ => panic!("fake Discord: subcommand path {subcommand:?} has more than two parts"),
    }
    let mut data = json!({
        "id": command_id.to_string(),
        "name": name,
        "type": 1,
        "options": opts,
    });
    if !resolved.is_empty() {
        data["resolved"] = Value::Object(resolved);
    }
    m.insert("data".into(), data);
    Value::Object(m)
}

#[allow(clippy::too_many_arguments)]
pub fn component_interaction(
    env: &InteractionEnv,
    id: u64,
    token: &str,
    channel: &ChannelRecord,
    u: &TestUser,
    roles: &[u64],
    message: &Value,
    custom_id: &str,
    component_type: u64,
    values: Option<&[String]>,
) -> Value {
    let mut m = interaction_base(env, id, token, 3, channel, u, roles);
    let mut data = json!({"custom_id": custom_id, "component_type": component_type});
    if let Some(values) = values {
        data["values"] = json!(values);
    }
    m.insert("data".into(), data);
    m.insert("message".into(), message.clone());
    Value::Object(m)
}

/// A MODAL_SUBMIT interaction (type 5): `data.custom_id` of the modal and one action row per
/// text input with its `value`; `message` when the modal was opened from a component.
#[allow(clippy::too_many_arguments)]
pub fn modal_submit_interaction(
    env: &InteractionEnv,
    id: u64,
    token: &str,
    channel: &ChannelRecord,
    u: &TestUser,
    roles: &[u64],
    custom_id: &str,
    values: &[(String, String)],
    message: Option<&Value>,
) -> Value {
    let mut m = interaction_base(env, id, token, 5, channel, u, roles);
    let rows: Vec<Value> = values
        .iter()
        .map(|(cid, v)| json!({"type": 1, "components": [{"type": 4, "custom_id": cid, "value": v}]}))
        .collect();
    m.insert(
        "data".into(),
        json!({"custom_id": custom_id, "components": rows}),
    );
    if let Some(msg) = message {
        m.insert("message".into(), msg.clone());
    }
    Value::Object(m)
}

/// A new message object from what the bot sent (`content`, `embeds`, `components`, `flags`).
pub fn message(
    id: u64,
    channel_id: u64,
    guild: Option<u64>,
    kind: u64,
    interaction_webhook: bool,
) -> Value {
    let mut v = json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": bot_user(),
        "content": "",
        "timestamp": now_timestamp(),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": false,
        "type": kind,
        "flags": 0,
        "application_id": APPLICATION_ID.to_string(),
    });
    if let Some(guild) = guild {
        v["guild_id"] = json!(guild.to_string());
    }
    if interaction_webhook {
        v["webhook_id"] = json!(APPLICATION_ID.to_string());
    }
    v
}

/// A registered command as Discord answers it: what was sent, plus `id`, `application_id`,
/// `version`, `type`, and `guild_id` for guild commands.
pub fn command(sent: &Value, id: u64, guild_id: Option<u64>) -> Value {
    let mut c = match sent {
        Value::Object(m) => m.clone(),
        _ => Map::new(),
    };
    c.insert("id".into(), json!(id.to_string()));
    c.insert("application_id".into(), json!(APPLICATION_ID.to_string()));
    c.insert("version".into(), json!(id.to_string()));
    c.entry("type").or_insert(json!(1));
    c.entry("description").or_insert(json!(""));
    c.entry("default_member_permissions").or_insert(Value::Null);
    c.entry("nsfw").or_insert(json!(false));
    if let Some(g) = guild_id {
        c.insert("guild_id".into(), json!(g.to_string()));
    }
    Value::Object(c)
}

/// `GET /oauth2/applications/@me`.
pub fn application_info() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": "tengen-fake",
        "icon": null,
        "description": "",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "owner": {"id": OWNER_ID.to_string(), "username": "owner", "discriminator": "0", "global_name": null, "avatar": null, "bot": false},
        "team": null,
        "flags": 0,
        "integration_types_config": {},
        "bot": bot_user(),
    })
}
