//! The guild as Discord keeps it around the bot: roles with positions, the bot's member and its
//! roles, its permissions (per guild and per channel), the guild's locale, the attachment size
//! limit.
//!
//! Permissions follow discord-api-docs `topics/permissions.mdx`: the bot's guild permissions are
//! `@everyone`'s and its roles' together, ADMINISTRATOR meaning all; a channel may have its own
//! set (what overwrites would compute), a thread that of its parent. A bot grants a role only
//! with MANAGE_ROLES and only below its highest role (Permission Hierarchy).

use serde_json::{Value, json};

use super::validate::is_locale;
use super::{APPLICATION_ID, FakeDiscord, GUILD_ID, State, gateway, payloads, perms};

/// The bot's own managed role (what Discord creates when a bot joins), at position 1 and with
/// [`perms::BOT`] unless a test changes it.
pub const BOT_ROLE_ID: u64 = 1_500_000_000_000_000_001;

/// What a test reads about a role.
#[derive(Clone, Debug, PartialEq)]
pub struct RoleInfo {
    pub id: u64,
    pub name: String,
    pub position: u64,
    pub permissions: u64,
    pub managed: bool,
}

impl State {
    /// A member's roles: those the test gave plus those the bot added.
    pub fn roles_of(&self, u: &super::TestUser) -> Vec<u64> {
        let mut roles = u.roles.clone();
        if let Some(set) = self.member_roles.get(&u.id) {
            for r in set {
                if !roles.contains(r) {
                    roles.push(*r);
                }
            }
        }
        roles
    }
    pub fn role_position(&self, id: u64) -> Option<u64> {
        self.roles.get(&id).and_then(|r| r["position"].as_u64())
    }
    pub fn role_permissions(&self, id: u64) -> u64 {
        self.roles
            .get(&id)
            .and_then(|r| r["permissions"].as_str())
            .and_then(|s| s.parse().ok())
            .unwrap_or(0)
    }
    /// The bot's roles (its managed role and any given to it).
    pub fn bot_roles(&self) -> Vec<u64> {
        self.member_roles
            .get(&APPLICATION_ID)
            .map(|s| s.iter().copied().collect())
            .unwrap_or_default()
    }
    /// The position of the bot's highest role (0, `@everyone`'s, without roles).
    pub fn bot_highest_position(&self) -> u64 {
        self.bot_roles()
            .iter()
            .filter_map(|r| self.role_position(*r))
            .max()
            .unwrap_or(0)
    }
    /// The bot's permissions in the guild: `@everyone`'s and its roles'; all with ADMINISTRATOR.
    pub fn bot_guild_permissions(&self) -> u64 {
        let mut p = self.role_permissions(GUILD_ID);
        for r in self.bot_roles() {
            p |= self.role_permissions(r);
        }
        if p & perms::ADMINISTRATOR != 0 {
            perms::ALL
        } else {
            p
        }
    }
    /// The bot's permissions in a channel: the set a test gave that channel, else its parent's
    /// for a thread, else the guild's. All with ADMINISTRATOR (which overwrites cannot take).
    pub fn bot_permissions_in(&self, channel: u64) -> u64 {
        let guild = self.bot_guild_permissions();
        if guild & perms::ADMINISTRATOR != 0 {
            return perms::ALL;
        }
        let mut id = channel;
        for _ in 0..4 {
            if let Some(p) = self.bot_channel_permissions.get(&id) {
                return if p & perms::ADMINISTRATOR != 0 {
                    perms::ALL
                } else {
                    *p
                };
            }
            match self.channels.get(&id).and_then(|c| c.parent_id) {
                Some(parent) => id = parent,
                None => break,
            }
        }
        guild
    }
    /// Inserts a role at `position`, moving the roles at or above it up by one (positions stay
    /// distinct, as Discord keeps them).
    pub fn insert_role(&mut self, mut role: Value, position: u64) {
        let position = position.max(1);
        for r in self.roles.values_mut() {
            let p = r["position"].as_u64().unwrap_or(0);
            if p >= position && p > 0 {
                r["position"] = json!(p + 1);
            }
        }
        role["position"] = json!(position);
        let id = role["id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        self.roles.insert(id, role);
    }
}

impl FakeDiscord {
    /// Gives the bot its own set of permissions in one channel (or thread; a thread without its
    /// own set has its parent's), as channel overwrites would. By default the bot has its guild
    /// permissions everywhere ([`perms::BOT`]). Messages in that channel need VIEW_CHANNEL and
    /// SEND_MESSAGES (SEND_MESSAGES_IN_THREADS in a thread), embeds EMBED_LINKS, files
    /// ATTACH_FILES, a thread CREATE_PUBLIC_THREADS; without them the fake answers
    /// `403 {"code": 50013, "message": "Missing Permissions"}`. Interactions dispatched there
    /// carry these permissions as `app_permissions`.
    pub fn set_bot_permissions(&self, channel_id: u64, bits: u64) {
        self.inner
            .lock()
            .bot_channel_permissions
            .insert(channel_id, bits);
        self.inner.bump();
    }
    /// Forgets the channel's own set: the bot has its guild (or parent) permissions there again.
    pub fn reset_bot_permissions(&self, channel_id: u64) {
        self.inner
            .lock()
            .bot_channel_permissions
            .remove(&channel_id);
        self.inner.bump();
    }
    /// The bot's permissions in a channel, as `app_permissions` of an interaction there carries.
    pub fn bot_permissions(&self, channel_id: u64) -> u64 {
        self.inner.lock().bot_permissions_in(channel_id)
    }
    /// The permissions of the bot's managed role ([`BOT_ROLE_ID`], [`perms::BOT`] at first):
    /// with `@everyone`'s, the bot's guild permissions unless it has other roles.
    pub fn set_bot_role_permissions(&self, bits: u64) {
        self.set_role_permissions(BOT_ROLE_ID, bits);
    }
    /// Changes a role's permissions.
    pub fn set_role_permissions(&self, role_id: u64, bits: u64) {
        let mut st = self.inner.lock();
        let role = st
            .roles
            .get_mut(&role_id)
            .unwrap_or_else(|| panic!("fake Discord: no role {role_id}"));
        role["permissions"] = json!(bits.to_string());
        drop(st);
        self.inner.bump();
    }
    /// Creates a role at `position` (1 is just above `@everyone`; roles at or above it move up
    /// one). Returns its id. In GUILD_CREATE if created before the bot connects.
    pub fn create_role(&self, name: &str, permissions: u64, position: u64) -> u64 {
        let id = self.inner.new_id();
        let mut st = self.inner.lock();
        st.insert_role(payloads::role(id, name, permissions, position), position);
        drop(st);
        self.inner.bump();
        id
    }
    /// Moves a role to `position`, the others making room as in [`FakeDiscord::create_role`].
    pub fn set_role_position(&self, role_id: u64, position: u64) {
        let mut st = self.inner.lock();
        let role = st
            .roles
            .remove(&role_id)
            .unwrap_or_else(|| panic!("fake Discord: no role {role_id}"));
        let old = role["position"].as_u64().unwrap_or(0);
        for r in st.roles.values_mut() {
            let p = r["position"].as_u64().unwrap_or(0);
            if p > old {
                r["position"] = json!(p - 1);
            }
        }
        st.insert_role(role, position);
        drop(st);
        self.inner.bump();
    }
    /// Gives the bot a role (its member's `roles`).
    pub fn give_bot_role(&self, role_id: u64) {
        let mut st = self.inner.lock();
        assert!(
            st.roles.contains_key(&role_id),
            "fake Discord: no role {role_id}"
        );
        st.member_roles
            .entry(APPLICATION_ID)
            .or_default()
            .insert(role_id);
        drop(st);
        self.inner.bump();
    }
    /// Takes a role from the bot (its managed role too, if asked).
    pub fn take_bot_role(&self, role_id: u64) {
        let mut st = self.inner.lock();
        if let Some(set) = st.member_roles.get_mut(&APPLICATION_ID) {
            set.remove(&role_id);
        }
        drop(st);
        self.inner.bump();
    }
    /// The bot's roles.
    pub fn bot_roles(&self) -> Vec<u64> {
        self.inner.lock().bot_roles()
    }
    /// A role as a test reads it.
    pub fn role(&self, role_id: u64) -> Option<RoleInfo> {
        let st = self.inner.lock();
        let r = st.roles.get(&role_id)?;
        Some(RoleInfo {
            id: role_id,
            name: r["name"].as_str().unwrap_or("").to_string(),
            position: r["position"].as_u64().unwrap_or(0),
            permissions: st.role_permissions(role_id),
            managed: r["managed"].as_bool().unwrap_or(false),
        })
    }

    /// Sets the guild's preferred locale (one of Discord's locales, e.g. `zh-CN`): interactions
    /// carry it as `guild_locale`, GUILD_CREATE as `preferred_locale`; set while the bot is
    /// connected, a GUILD_UPDATE tells it. Members keep their own `locale`.
    pub fn set_guild_locale(&self, locale: &str) {
        assert!(
            is_locale(locale),
            "fake Discord: {locale:?} is not one of Discord's locales ({:?})",
            super::validate::LOCALES
        );
        let mut st = self.inner.lock();
        st.guild_locale = locale.to_string();
        if st
            .gateway
            .sessions
            .contains_key(&gateway::shard_of(GUILD_ID, st.gateway.shards))
        {
            let mut guild = payloads::guild_create(&st, GUILD_ID);
            if let Some(m) = guild.as_object_mut() {
                for k in [
                    "joined_at",
                    "large",
                    "unavailable",
                    "member_count",
                    "voice_states",
                    "members",
                    "channels",
                    "threads",
                    "presences",
                    "stage_instances",
                    "guild_scheduled_events",
                ] {
                    m.remove(k);
                }
            }
            gateway::dispatch_locked(&self.inner, &mut st, "GUILD_UPDATE", guild);
        }
        drop(st);
        self.inner.bump();
    }
    /// Sets the preferred locale of a guild added with [`FakeDiscord::add_guild_on_shard`],
    /// before the bot connects (its GUILD_CREATE and its interactions carry it).
    pub fn set_locale_of_guild(&self, guild: u64, locale: &str) {
        assert!(
            is_locale(locale),
            "fake Discord: {locale:?} is not a Discord locale"
        );
        let mut st = self.inner.lock();
        assert!(
            st.more_guilds.contains_key(&guild),
            "fake Discord: set_locale_of_guild of a guild not added with add_guild_on_shard"
        );
        st.more_guild_locales.insert(guild, locale.to_owned());
    }

    /// The guild's preferred locale (`en-US` unless set).
    pub fn guild_locale(&self) -> String {
        self.inner.lock().guild_locale.clone()
    }

    /// The per-file size limit the fake advertises in interactions (`attachment_size_limit`,
    /// 10 MiB by default, Discord's default) and enforces on every upload: a bigger file gets
    /// `413 {"code": 40005}`.
    pub fn set_attachment_size_limit(&self, bytes: u64) {
        self.inner.lock().attachment_size_limit = bytes;
    }
    pub fn attachment_size_limit(&self) -> u64 {
        self.inner.lock().attachment_size_limit
    }
}
