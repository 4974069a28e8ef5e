//! Answering an interaction within Discord's window, whatever the database does.
//!
//! Discord drops an interaction that is not answered within 3 seconds ("This interaction
//! failed"). Every command and button is served through an [`Answer`]: a watchdog defers it
//! after [`DEFER_AFTER`] if nothing was sent by then (a command privately, with Discord's
//! "thinking"; a button silently), and every later answer takes the form Discord expects
//! after that — an edit of the deferred message, or a follow-up. A click while another
//! program holds the database's write lock is so answered in time, and its "nothing was
//! changed, try again" follows privately.
//!
//! What to send is a [`Reply`], built before it is known which of Discord's calls carries it.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    CommandInteraction, ComponentInteraction, CreateActionRow, CreateAllowedMentions,
    CreateAttachment, CreateEmbed, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse, Http, Message,
};
use tokio::sync::Mutex;
use tokio::task::JoinHandle;
use tracing::{Instrument, Span, warn};

use super::i18n::{Lang, tr};

/// How long an interaction may go unanswered before the watchdog defers it: well inside
/// Discord's 3 seconds, well above what serving one takes when all is well.
pub const DEFER_AFTER: Duration = Duration::from_secs(2);

/// A message an interaction answers with.
#[derive(Clone, Default)]
pub struct Reply {
    content: Option<String>,
    embeds: Vec<CreateEmbed>,
    /// `None` leaves a message's buttons as they are; `Some(empty)` removes them.
    components: Option<Vec<CreateActionRow>>,
    files: Vec<CreateAttachment>,
    mentions: Option<CreateAllowedMentions>,
    private: bool,
}

impl Reply {
    /// A message only the user sees.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            content: Some(text.into()),
            private: true,
            ..Reply::default()
        }
    }

    /// A message the channel sees (it notifies no one unless [`Reply::mentions`] says so).
    pub fn public() -> Reply {
        Reply::default()
    }

    /// The same message, seen by the user only.
    pub fn privately(mut self) -> Reply {
        self.private = true;
        self
    }

    /// Whether only the user sees it.
    pub fn is_private(&self) -> bool {
        self.private
    }

    pub fn text(mut self, text: impl Into<String>) -> Reply {
        self.content = Some(text.into());
        self
    }

    pub fn embed(mut self, embed: CreateEmbed) -> Reply {
        self.embeds.push(embed);
        self
    }

    pub fn components(mut self, rows: Vec<CreateActionRow>) -> Reply {
        self.components = Some(rows);
        self
    }

    pub fn file(mut self, file: CreateAttachment) -> Reply {
        self.files.push(file);
        self
    }

    /// Whom the message may notify.
    pub fn mentions(mut self, mentions: CreateAllowedMentions) -> Reply {
        self.mentions = Some(mentions);
        self
    }

    fn allowed(&self) -> CreateAllowedMentions {
        self.mentions.clone().unwrap_or_default()
    }

    /// As the interaction's first answer: a new message.
    fn message(&self) -> CreateInteractionResponseMessage {
        self.update_message().ephemeral(self.private)
    }

    /// As the update of the component's message (whose visibility an update cannot change:
    /// no flags).
    fn update_message(&self) -> CreateInteractionResponseMessage {
        let mut m = CreateInteractionResponseMessage::new()
            .allowed_mentions(self.allowed())
            .files(self.files.clone());
        if let Some(text) = &self.content {
            m = m.content(text.clone());
        }
        if !self.embeds.is_empty() {
            m = m.embeds(self.embeds.clone());
        }
        if let Some(rows) = &self.components {
            m = m.components(rows.clone());
        }
        m
    }

    /// As an edit of the deferred or first answer.
    fn edit(&self) -> EditInteractionResponse {
        let mut e = EditInteractionResponse::new().allowed_mentions(self.allowed());
        if let Some(text) = &self.content {
            e = e.content(text.clone());
        }
        if !self.embeds.is_empty() {
            e = e.embeds(self.embeds.clone());
        }
        if let Some(rows) = &self.components {
            e = e.components(rows.clone());
        }
        for f in &self.files {
            e = e.new_attachment(f.clone());
        }
        e
    }

    /// As a follow-up message.
    fn followup(&self) -> CreateInteractionResponseFollowup {
        let mut f = CreateInteractionResponseFollowup::new()
            .ephemeral(self.private)
            .allowed_mentions(self.allowed())
            .files(self.files.clone());
        if let Some(text) = &self.content {
            f = f.content(text.clone());
        }
        if !self.embeds.is_empty() {
            f = f.embeds(self.embeds.clone());
        }
        if let Some(rows) = &self.components {
            f = f.components(rows.clone());
        }
        f
    }
}

/// The interaction being answered.
#[derive(Clone)]
pub enum Target {
    Command(Box<CommandInteraction>),
    Component(Box<ComponentInteraction>),
}

impl Target {
    async fn respond(&self, http: &Http, r: CreateInteractionResponse) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.create_response(http, r).await,
            Target::Component(i) => i.create_response(http, r).await,
        }
    }

    async fn edit(&self, http: &Http, e: EditInteractionResponse) -> serenity::Result<Message> {
        match self {
            Target::Command(i) => i.edit_response(http, e).await,
            Target::Component(i) => i.edit_response(http, e).await,
        }
    }

    async fn delete(&self, http: &Http) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.delete_response(http).await,
            Target::Component(i) => i.delete_response(http).await,
        }
    }

    async fn followup(
        &self,
        http: &Http,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        match self {
            Target::Command(i) => i.create_followup(http, f).await,
            Target::Component(i) => i.create_followup(http, f).await,
        }
    }

    async fn response(&self, http: &Http) -> serenity::Result<Message> {
        match self {
            Target::Command(i) => i.get_response(http).await,
            Target::Component(i) => i.get_response(http).await,
        }
    }

    fn is_component(&self) -> bool {
        matches!(self, Target::Component(_))
    }
}

/// Where an interaction's answer stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing sent yet.
    Open,
    /// A command deferred ("thinking"), privately or not: its answer edits that message.
    Deferred { private: bool },
    /// A button acknowledged (silently, or by its watchdog): the component's message is the
    /// one to edit; anything new is a follow-up.
    Acknowledged,
    /// The first answer was a new message (type 4): anything more is a follow-up; the
    /// component's message, if any, is not ours to edit through the interaction any more.
    Replied,
    /// The first answer updated the component's message (type 7): it may be edited again.
    Updated,
    /// The first answer failed, and so did the one that says so: nothing more can be sent
    /// (Discord shows "This interaction failed"); the watchdog must not leave a "thinking".
    Failed,
}

struct Shared {
    target: Target,
    http: Arc<Http>,
    state: Mutex<State>,
    span: Span,
    lang: Lang,
}

/// One interaction's answer, with its watchdog.
pub struct Answer {
    shared: Arc<Shared>,
    watchdog: JoinHandle<()>,
}

impl Drop for Answer {
    /// An interaction its handler left unanswered (a path that forgot to) is told, privately,
    /// that something went wrong, rather than left to fail.
    fn drop(&mut self) {
        self.watchdog.abort();
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let shared = Arc::clone(&self.shared);
        runtime.spawn(async move {
            let mut state = shared.state.lock().await;
            if *state == State::Open {
                warn!(parent: &shared.span, "left unanswered; saying something went wrong");
                let text = Reply::private(tr!(shared.lang, "failure-internal"));
                let response = CreateInteractionResponse::Message(text.message());
                if shared.target.respond(&shared.http, response).await.is_ok() {
                    *state = State::Replied;
                }
            }
        });
    }
}

/// How long Discord has been waiting for this interaction: from the moment encoded in its id
/// (a snowflake), so that a slow gateway or a busy event loop is counted too. An id from the
/// future (a clock apart) counts as just arrived.
fn waited(target: &Target) -> Duration {
    let created = match target {
        Target::Command(i) => i.id.created_at(),
        Target::Component(i) => i.id.created_at(),
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let at = u128::try_from(created.unix_timestamp_nanos() / 1_000_000).unwrap_or(u128::MAX);
    Duration::from_millis(u64::try_from(now.saturating_sub(at)).unwrap_or(u64::MAX))
}

impl Answer {
    /// Starts answering `target`: from now on, within [`DEFER_AFTER`] of Discord's sending it,
    /// something is sent.
    pub fn start(target: Target, http: Arc<Http>, lang: Lang, span: Span) -> Answer {
        let wait = DEFER_AFTER.saturating_sub(waited(&target));
        let shared = Arc::new(Shared {
            target,
            http,
            state: Mutex::new(State::Open),
            span,
            lang,
        });
        let watched = Arc::clone(&shared);
        let watchdog = tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let mut state = watched.state.lock().await;
            if *state != State::Open {
                return;
            }
            tracing::info!(parent: &watched.span, "not answered in time: deferred");
            let (response, next) = if watched.target.is_component() {
                (CreateInteractionResponse::Acknowledge, State::Acknowledged)
            } else {
                let thinking = CreateInteractionResponseMessage::new().ephemeral(true);
                (
                    CreateInteractionResponse::Defer(thinking),
                    State::Deferred { private: true },
                )
            };
            match watched.target.respond(&watched.http, response).await {
                Ok(()) => *state = next,
                Err(e) => warn!(parent: &watched.span, error = %e, "could not defer"),
            }
        });
        Answer { shared, watchdog }
    }

    fn failed(&self, what: &str, e: &serenity::Error) {
        warn!(parent: &self.shared.span, error = %e, "could not {what}");
    }

    /// Sends a response as the first answer, when nothing was sent yet. If Discord refuses it,
    /// the user is told privately that something went wrong (as the first answer still); if
    /// that fails too, nothing more is tried.
    async fn first(&self, state: &mut State, response: CreateInteractionResponse, next: State) {
        let s = &self.shared;
        let sent = s
            .target
            .respond(&s.http, response)
            .instrument(s.span.clone())
            .await;
        let Err(e) = sent else {
            *state = next;
            return;
        };
        self.failed("answer", &e);
        let text = Reply::private(tr!(s.lang, "failure-internal"));
        *state = match s
            .target
            .respond(&s.http, CreateInteractionResponse::Message(text.message()))
            .await
        {
            Ok(()) => State::Replied,
            Err(_) => State::Failed,
        };
    }

    /// Answers with `reply`: the first answer, the deferred one's edit, or a follow-up —
    /// whatever Discord expects now.
    pub async fn reply(&self, reply: Reply) {
        self.send(reply, false).await;
    }

    /// [`Answer::reply`], and the message it became (read back from Discord when the answer
    /// itself does not say), for a caller that remembers where it is.
    pub async fn reply_and_read(&self, reply: Reply) -> Option<Message> {
        self.send(reply, true).await
    }

    async fn send(&self, reply: Reply, read_back: bool) -> Option<Message> {
        let s = &self.shared;
        let mut state = s.state.lock().await;
        match *state {
            State::Open => {
                let response = CreateInteractionResponse::Message(reply.message());
                self.first(&mut state, response, State::Replied).await;
                if *state != State::Replied || !read_back {
                    return None;
                }
                s.target
                    .response(&s.http)
                    .await
                    .map_err(|e| self.failed("read back the answer", &e))
                    .ok()
            }
            State::Deferred { private } if private == reply.private => {
                let edited = s.target.edit(&s.http, reply.edit()).await;
                *state = State::Replied;
                edited
                    .map_err(|e| self.failed("edit the deferred answer", &e))
                    .ok()
            }
            State::Deferred { private: false } => {
                // A private answer after a public "thinking": the channel must not see it.
                // Withdrawn, or (failing that) replaced by a line that says nothing; only then
                // is a follow-up its own message, private.
                if let Err(e) = s.target.delete(&s.http).await {
                    self.failed("withdraw the deferred answer", &e);
                    let neutral = Reply::public().text(tr!(s.lang, "answer-told-privately"));
                    if let Err(e) = s.target.edit(&s.http, neutral.edit()).await {
                        self.failed("close the deferred answer", &e);
                        *state = State::Failed;
                        return None;
                    }
                }
                *state = State::Replied;
                self.follow_up(&reply).await
            }
            State::Deferred { private: true } => {
                // A public answer after a private "thinking": the private message says where
                // it went (an edit, so that the follow-up is its own message, for everyone).
                let note = Reply::private(tr!(s.lang, "answer-posted-below"));
                let mut noted = s.target.edit(&s.http, note.edit()).await;
                if noted.is_err() {
                    noted = s.target.edit(&s.http, note.edit()).await;
                }
                if let Err(e) = noted {
                    // The follow-up would replace the "thinking" and stay private: say so
                    // rather than post it where no one else sees it.
                    self.failed("note the answer below", &e);
                    *state = State::Failed;
                    return None;
                }
                *state = State::Replied;
                self.follow_up(&reply).await
            }
            State::Acknowledged | State::Replied | State::Updated => self.follow_up(&reply).await,
            State::Failed => None,
        }
    }

    async fn follow_up(&self, reply: &Reply) -> Option<Message> {
        let s = &self.shared;
        s.target
            .followup(&s.http, reply.followup())
            .instrument(s.span.clone())
            .await
            .map_err(|e| self.failed("send a follow-up", &e))
            .ok()
    }

    /// A button's answer that changes the message the button is on.
    pub async fn update(&self, reply: Reply) {
        let s = &self.shared;
        let mut state = s.state.lock().await;
        match *state {
            State::Open => {
                let response = CreateInteractionResponse::UpdateMessage(reply.update_message());
                self.first(&mut state, response, State::Updated).await;
            }
            State::Acknowledged | State::Updated => {
                if let Err(e) = s.target.edit(&s.http, reply.edit()).await {
                    self.failed("update the message", &e);
                }
            }
            // The first answer was a message of its own (or a command's): the component's
            // message is out of reach; the update goes as a private follow-up instead.
            State::Replied | State::Deferred { .. } => {
                drop(state);
                self.send(reply.privately(), false).await;
            }
            State::Failed => {}
        }
    }

    /// A button's silent answer: what it did shows on the message itself.
    pub async fn acknowledge(&self) {
        let mut state = self.shared.state.lock().await;
        if *state == State::Open {
            let response = CreateInteractionResponse::Acknowledge;
            self.first(&mut state, response, State::Acknowledged).await;
        }
    }

    /// A command's "thinking", for work that may take more than a moment; its answer then
    /// edits it.
    pub async fn defer(&self, private: bool) {
        let mut state = self.shared.state.lock().await;
        if *state == State::Open {
            let thinking = CreateInteractionResponseMessage::new().ephemeral(private);
            let response = CreateInteractionResponse::Defer(thinking);
            self.first(&mut state, response, State::Deferred { private })
                .await;
        }
    }
}
