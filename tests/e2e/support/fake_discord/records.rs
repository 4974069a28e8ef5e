//! What tests hold and read: members ([`TestUser`]), slash command options ([`Opt`]), files
//! and messages as Discord keeps them, the bot's callbacks and requests.

use std::time::Duration;

use serde_json::Value;

use super::{LOCALES, is_locale};

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
    /// The user refuses direct messages from the bot (a message to their DM channel is
    /// `403 50007`).
    pub dms_closed: bool,
}

impl TestUser {
    /// The same user, refusing direct messages.
    pub fn with_dms_closed(mut self) -> Self {
        self.dms_closed = true;
        self
    }

    pub fn with_permissions(mut self, permissions: u64) -> Self {
        self.permissions = permissions;
        self
    }
    /// The user's client language: one of Discord's locales ([`LOCALES`]), or this panics.
    pub fn with_locale(mut self, locale: &str) -> Self {
        assert!(
            is_locale(locale),
            "fake Discord: {locale:?} is not one of Discord's locales ({LOCALES:?})"
        );
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
    /// A file the member attaches to an ATTACHMENT option (type 11).
    Attachment(Upload),
}

/// A file a member uploads with a slash command: Discord stores it on its CDN and sends the
/// bot its id, name, size, URL and content type in `resolved.attachments`.
#[derive(Clone, Debug)]
pub struct Upload {
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
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
    /// A file attached to an ATTACHMENT option.
    pub fn file(name: &str, filename: &str, content_type: Option<&str>, bytes: &[u8]) -> Self {
        Self {
            name: name.into(),
            value: OptValue::Attachment(Upload {
                filename: filename.into(),
                content_type: content_type.map(str::to_owned),
                bytes: bytes.to_vec(),
            }),
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
    /// The users Discord notified when the message was created: mentioned in its content (a
    /// mention inside an embed notifies no one) and allowed by its `allowed_mentions`. An edit
    /// notifies no one, nor does an ephemeral message.
    pub pinged: Vec<u64>,
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
