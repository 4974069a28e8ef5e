//! Interactions the test sends on behalf of members (slash commands, autocomplete, button
//! presses, select menus), their clocks (Discord's 3-second and 15-minute windows), and waiting
//! for the bot's callbacks.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::payloads::{self, InteractionEnv};
use super::{
    CHANNEL_ID, Callback, ChannelRecord, FakeDiscord, InteractionRecord, Opt, OptValue, State,
    StoredAttachment, StoredMessage, TestUser, gateway,
};

/// How long after its dispatch an interaction may be answered (the callback).
pub const CALLBACK_WINDOW: Duration = Duration::from_secs(3);
/// How long after its dispatch an interaction's token works for follow-ups and `@original`.
pub const TOKEN_WINDOW: Duration = Duration::from_secs(15 * 60);

impl InteractionRecord {
    /// Time since dispatch, plus what the test aged it by.
    pub fn age(&self) -> Duration {
        self.dispatched_at.elapsed() + self.aged
    }
}

impl State {
    /// What an interaction in `channel` carries besides its own data: the bot's permissions
    /// there, the guild's locale, the attachment size limit.
    pub fn interaction_env(&self, channel: u64) -> InteractionEnv {
        InteractionEnv {
            app_permissions: self.bot_permissions_in(channel),
            guild_locale: self.locale_of(self.guild_of_channel(channel)),
            attachment_size_limit: self.attachment_size_limit,
        }
    }

    fn channel_or_unknown(&self, id: u64) -> ChannelRecord {
        self.channels
            .get(&id)
            .cloned()
            .unwrap_or_else(|| ChannelRecord::text(id, "unknown"))
    }
}

/// The registered option types of `options` under the subcommand path of a registered command,
/// as Discord sends them; an error when a member could not have typed this: no such
/// subcommand, an option the command does not declare, a value of another type, a value not
/// among the option's choices, or a required option left out.
fn declared_kinds(
    cmd: &Value,
    subcommand: &str,
    options: &[Opt],
    focused: Option<&str>,
) -> Result<Vec<u64>, String> {
    let mut level = cmd;
    for part in subcommand.split_whitespace() {
        level = level["options"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|o| o["name"] == part && matches!(o["type"].as_u64(), Some(1 | 2)))
            .ok_or_else(|| format!("no subcommand or group {part:?} is registered"))?;
    }
    let declared: Vec<&Value> = level["options"].as_array().into_iter().flatten().collect();
    if declared
        .iter()
        .any(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
    {
        return Err("a command with subcommands is invoked through one of them".into());
    }
    for d in &declared {
        if d["required"].as_bool() == Some(true)
            && !options.iter().any(|o| d["name"] == o.name.as_str())
        {
            return Err(format!("the required option {} is missing", d["name"]));
        }
    }
    options
        .iter()
        .map(|o| {
            let d = declared
                .iter()
                .find(|d| d["name"] == o.name.as_str())
                .ok_or_else(|| format!("no option {:?} is registered", o.name))?;
            let kind = d["type"].as_u64().unwrap_or(0);
            if focused == Some(o.name.as_str()) {
                return Ok(kind);
            }
            let fits = matches!(
                (&o.value, kind),
                (OptValue::Str(_), 3)
                    | (OptValue::Int(_), 4 | 10)
                    | (OptValue::Num(_), 10)
                    | (OptValue::Bool(_), 5)
                    | (OptValue::User(_), 6 | 9)
                    | (OptValue::Channel(_), 7)
                    | (OptValue::Role(_), 8 | 9)
                    | (OptValue::Attachment(_), 11)
            );
            if !fits {
                return Err(format!(
                    "option {:?} is of type {kind}, not {:?}",
                    o.name, o.value
                ));
            }
            if let Some(choices) = d["choices"].as_array().filter(|c| !c.is_empty()) {
                let value = match &o.value {
                    OptValue::Str(s) => Value::from(s.as_str()),
                    OptValue::Int(i) => Value::from(*i),
                    OptValue::Num(n) => Value::from(*n),
                    _ => Value::Null,
                };
                let same = |c: &Value| match (c, &value) {
                    (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
                    (a, b) => a == b,
                };
                if !choices.iter().any(|c| same(&c["value"])) {
                    return Err(format!("{value} is not among the choices of {:?}", o.name));
                }
            }
            Ok(kind)
        })
        .collect()
}

/// Gives the typed options of a command interaction's data the types the command declared
/// (an integer typed into a NUMBER option arrives as type 10).
fn set_option_kinds(data: &mut Value, kinds: &[u64]) {
    let nested = data["options"][0]["type"]
        .as_u64()
        .is_some_and(|t| matches!(t, 1 | 2));
    if nested {
        return set_option_kinds(&mut data["options"][0], kinds);
    }
    if let Some(list) = data["options"].as_array_mut() {
        for (o, k) in list.iter_mut().zip(kinds) {
            o["type"] = Value::from(*k);
        }
    }
}

impl FakeDiscord {
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
        self.command_interaction(channel_id, user, name, subcommand, &options, None, true)
    }

    /// Dispatches `/name subcommand` as a member's Discord does while it still shows the
    /// command list of before the bot's last registration (it refreshes a while later): the
    /// command need not be registered any more. For a bot's answer to a name it no longer has.
    pub fn send_stale_slash_command(
        &self,
        user: &TestUser,
        name: &str,
        subcommand: &str,
        options: Vec<Opt>,
    ) -> u64 {
        self.command_interaction(CHANNEL_ID, user, name, subcommand, &options, None, false)
    }

    /// Dispatches an APPLICATION_COMMAND_AUTOCOMPLETE interaction (type 4) in the main
    /// channel: `user` is typing option `focused` of `/name subcommand`; `options` are what is
    /// filled in so far (the focused one among them, its value sent as the string typed, with
    /// `"focused": true`). The bot answers with a callback of type 8 whose `data.choices`
    /// [`FakeDiscord::wait_for_callback`] returns.
    pub fn send_autocomplete(
        &self,
        user: &TestUser,
        name: &str,
        subcommand: &str,
        options: Vec<Opt>,
        focused: &str,
    ) -> u64 {
        self.send_autocomplete_in(CHANNEL_ID, user, name, subcommand, options, focused)
    }

    /// [`FakeDiscord::send_autocomplete`] in a given channel (or thread).
    pub fn send_autocomplete_in(
        &self,
        channel_id: u64,
        user: &TestUser,
        name: &str,
        subcommand: &str,
        options: Vec<Opt>,
        focused: &str,
    ) -> u64 {
        assert!(
            options.iter().any(|o| o.name == focused),
            "fake Discord: send_autocomplete: the focused option {focused:?} is not among the options {:?}",
            options.iter().map(|o| o.name.as_str()).collect::<Vec<_>>()
        );
        self.command_interaction(
            channel_id,
            user,
            name,
            subcommand,
            &options,
            Some(focused),
            true,
        )
    }

    /// `registered`: the command must be one the bot registered (a stale client's need not).
    #[allow(clippy::too_many_arguments)]
    fn command_interaction(
        &self,
        channel_id: u64,
        user: &TestUser,
        name: &str,
        subcommand: &str,
        options: &[Opt],
        focused: Option<&str>,
        registered: bool,
    ) -> u64 {
        let id = self.inner.new_id();
        let token = format!("fake-itoken-{id}");
        let mut st = self.inner.lock();
        let registered_commands: Vec<Value> = st
            .global_commands
            .iter()
            .chain(st.guild_commands.values().flatten())
            .cloned()
            .collect();
        let declared = registered_commands.iter().find(|c| c["name"] == name);
        let command_id = declared
            .and_then(|c| c["id"].as_str().and_then(|s| s.parse().ok()))
            .unwrap_or(1_600_000_000_000_000_001u64);
        let channel = st.channels.get(&channel_id).cloned().unwrap_or_else(|| {
            panic!("fake Discord: send_slash_command in unknown channel {channel_id}")
        });
        let roles = st.roles_of(user);
        let env = st.interaction_env(channel_id);
        let kind = if focused.is_some() { 4 } else { 2 };
        // The channels the options name, as Discord resolves them.
        let named: Vec<_> = options
            .iter()
            .filter_map(|o| match o.value {
                OptValue::Channel(c) => st.channels.get(&c).cloned(),
                _ => None,
            })
            .collect();
        // The files attached, stored on the fake's CDN as Discord stores a member's upload
        // (`cdn/ephemeral-attachments/...`), within the upload size limit a member has.
        let mut uploads = Vec::new();
        for o in options {
            if let OptValue::Attachment(u) = &o.value {
                assert!(
                    u.bytes.len() as u64 <= st.attachment_size_limit,
                    "fake Discord: a member cannot upload {} bytes (the limit is {})",
                    u.bytes.len(),
                    st.attachment_size_limit
                );
                let aid = self.inner.new_id();
                let stored = StoredAttachment {
                    id: aid,
                    url: format!(
                        "{}/cdn/ephemeral-attachments/{channel_id}/{aid}/{}",
                        self.inner.rest_base, u.filename
                    ),
                    filename: u.filename.clone(),
                    content_type: u.content_type.clone(),
                    bytes: u.bytes.clone(),
                };
                st.uploads.insert(aid, stored.clone());
                uploads.push(stored);
            }
        }
        let kinds = match declared {
            _ if !registered => Vec::new(),
            Some(cmd) => declared_kinds(cmd, subcommand, options, focused)
                .unwrap_or_else(|e| panic!("fake Discord: /{name} {subcommand}: {e}")),
            None => panic!(
                "fake Discord: no command /{name} is registered (registered: {:?}); Discord \
                 shows a member only the commands the bot registered",
                registered_commands
                    .iter()
                    .map(|c| c["name"].to_string())
                    .collect::<Vec<_>>()
            ),
        };
        let mut payload = payloads::slash_interaction(
            &env, id, &token, kind, &channel, user, &roles, command_id, name, subcommand, options,
            &named, &uploads, focused,
        );
        set_option_kinds(&mut payload["data"], &kinds);
        let label = format!(
            "{}/{name}{}{subcommand} by {}",
            if focused.is_some() {
                "autocomplete of "
            } else {
                ""
            },
            if subcommand.is_empty() { "" } else { " " },
            user.name
        );
        let focused_kind = focused.and_then(|f| {
            options
                .iter()
                .zip(&kinds)
                .find(|(o, _)| o.name == f)
                .map(|(_, k)| *k)
        });
        let id =
            self.dispatch_interaction(&mut st, id, token, kind, channel_id, None, label, payload);
        if let Some(r) = st.interactions.get_mut(&id) {
            r.focused_kind = focused_kind;
        }
        id
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
        self.press_component_unchecked_locked(
            &mut st,
            user,
            &msg,
            custom_id,
            button.component_type,
            values,
        )
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
            .unwrap_or_else(|e| panic!("fake Discord: {e}"))
    }

    fn press_component_unchecked_locked(
        &self,
        st: &mut State,
        user: &TestUser,
        msg: &StoredMessage,
        custom_id: &str,
        component_type: u64,
        values: Option<Vec<String>>,
    ) -> Result<u64, String> {
        let id = self.inner.new_id();
        let token = format!("fake-itoken-{id}");
        let channel = st.channel_or_unknown(msg.channel_id);
        let roles = st.roles_of(user);
        let env = st.interaction_env(msg.channel_id);
        let payload = payloads::component_interaction(
            &env,
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
        self.try_dispatch_interaction(
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

    /// Dispatches an interaction; panics when its guild's shard has no session.
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
        self.try_dispatch_interaction(st, id, token, kind, channel_id, message_id, label, payload)
            .unwrap_or_else(|e| panic!("fake Discord: {e}"))
    }

    /// Records and dispatches an interaction; an error when its guild's shard has no session.
    #[allow(clippy::too_many_arguments)]
    fn try_dispatch_interaction(
        &self,
        st: &mut State,
        id: u64,
        token: String,
        kind: u64,
        channel_id: u64,
        message_id: Option<u64>,
        label: String,
        payload: Value,
    ) -> Result<u64, String> {
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
                aged: Duration::ZERO,
                acknowledged: false,
                original_message_id: None,
                focused_kind: None,
            },
        );
        let guild = st.guild_of_channel(channel_id);
        if gateway::dispatch_to_guild(&self.inner, st, guild, "INTERACTION_CREATE", payload)
            .is_none()
        {
            // Discord's client shows "This interaction failed"; nothing reached the bot.
            st.interactions.remove(&id);
            return Err(format!(
                "cannot send {label}: the bot is not connected to the gateway of that guild's shard (call wait_connected first)"
            ));
        }
        Ok(id)
    }

    /// Dispatches a MODAL_SUBMIT (type 5): `user` submits the modal the bot opened in its type 9
    /// callback to interaction `opened_by`, with `values` for its text inputs (by custom id;
    /// inputs not given are sent empty). Panics if that interaction was not answered with a
    /// modal, or if a custom id is not one of the modal's text inputs (Discord's client would
    /// not send it). The bot may answer with 4 or 5, and with 6 or 7 when the modal was opened
    /// from a component (the interaction then carries that message).
    pub fn submit_modal(&self, user: &TestUser, opened_by: u64, values: &[(&str, &str)]) -> u64 {
        let id = self.inner.new_id();
        let token = format!("fake-itoken-{id}");
        let mut st = self.inner.lock();
        let Some(modal) = st
            .callbacks
            .iter()
            .find(|c| c.interaction_id == opened_by && c.kind == 9)
            .map(|c| c.data.clone())
        else {
            panic!(
                "fake Discord: submit_modal: interaction {opened_by} was not answered with a modal (callback type 9)"
            );
        };
        let inputs: Vec<String> = modal["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| {
                let mut v: Vec<Value> = row["components"].as_array().cloned().unwrap_or_default();
                v.extend(row.get("component").cloned());
                v
            })
            .filter(|c| c["type"] == 4)
            .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
            .collect();
        for (cid, _) in values {
            assert!(
                inputs.iter().any(|i| i == cid),
                "fake Discord: submit_modal: the modal has no text input {cid:?}; it has {inputs:?}"
            );
        }
        let filled: Vec<(String, String)> = inputs
            .iter()
            .map(|i| {
                let v = values.iter().find(|(c, _)| c == i).map_or("", |(_, v)| *v);
                (i.clone(), v.to_string())
            })
            .collect();
        let opener = st.interactions.get(&opened_by).cloned();
        let channel_id = opener.as_ref().map_or(CHANNEL_ID, |o| o.channel_id);
        let from_message = opener
            .as_ref()
            .filter(|o| o.kind == 3)
            .and_then(|o| o.message_id);
        let message = from_message
            .and_then(|m| st.messages.get(&m))
            .map(|m| m.json.clone());
        let channel = st.channel_or_unknown(channel_id);
        let roles = st.roles_of(user);
        let env = st.interaction_env(channel_id);
        let custom_id = modal["custom_id"].as_str().unwrap_or("");
        let payload = payloads::modal_submit_interaction(
            &env,
            id,
            &token,
            &channel,
            user,
            &roles,
            custom_id,
            &filled,
            message.as_ref(),
        );
        let label = format!("submit of modal {custom_id:?} by {}", user.name);
        self.dispatch_interaction(
            &mut st,
            id,
            token,
            5,
            channel_id,
            from_message,
            label,
            payload,
        )
    }

    /// Makes an interaction `by` older than it is, as if that much time had passed since its
    /// dispatch: past 3 s its callback is refused (`404 10062 Unknown interaction`), past
    /// 15 min its token no longer works (`401 50027 Invalid Webhook Token`).
    pub fn age_interaction(&self, interaction_id: u64, by: Duration) {
        let mut st = self.inner.lock();
        let rec = st
            .interactions
            .get_mut(&interaction_id)
            .unwrap_or_else(|| panic!("fake Discord: no interaction {interaction_id}"));
        rec.aged += by;
        drop(st);
        self.inner.bump();
    }

    /// Ages an interaction past its token's 15 minutes: follow-ups and `@original` edits
    /// are refused from now on, as is a late callback.
    pub fn expire_interaction(&self, interaction_id: u64) {
        self.age_interaction(interaction_id, TOKEN_WINDOW + Duration::from_secs(1));
    }

    /// Waits for the bot's callback to an interaction. The panic message names the interaction,
    /// says whether the bot is still connected and lists its last requests; it comes at once
    /// if Discord refused the callback as too late (more than 3 s after dispatch).
    pub async fn wait_for_callback(&self, interaction_id: u64, timeout: Duration) -> Callback {
        let label = self
            .inner
            .lock()
            .interactions
            .get(&interaction_id)
            .map(|i| i.label.clone())
            .unwrap_or_else(|| format!("interaction {interaction_id}"));
        let got = self
            .wait_for(
                &format!(
                    "the bot's callback to interaction {interaction_id} ({label}); if it never came, \
                     serenity may have dropped the INTERACTION_CREATE as undeserializable (logged at \
                     debug level only), or the bot's handler failed"
                ),
                timeout,
                |st| {
                    // Only an acknowledged interaction has a callback: the search (from the
                    // newest) is skipped while it is waited for, which keeps a load test's many
                    // waiters cheap.
                    let answered = st
                        .interactions
                        .get(&interaction_id)
                        .is_some_and(|r| r.acknowledged);
                    if answered
                        && let Some(c) = st
                            .callbacks
                            .iter()
                            .rev()
                            .find(|c| c.interaction_id == interaction_id)
                    {
                        return Some(Ok(c.clone()));
                    }
                    st.violations
                        .iter()
                        .find(|v| v.interaction_id == Some(interaction_id) && v.code == 10062)
                        .map(|v| Err(v.clone()))
                },
            )
            .await;
        got.unwrap_or_else(|v| {
            panic!(
                "fake Discord: the bot's callback to interaction {interaction_id} ({label}) was refused: {}\n{}",
                v.reason,
                self.diagnostics()
            )
        })
    }
}
