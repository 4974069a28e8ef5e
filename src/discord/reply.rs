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
    /// The first answer was sent: anything new is a follow-up (or an edit of it).
    Answered,
}

struct Shared {
    target: Target,
    http: Arc<Http>,
    state: Mutex<State>,
    span: Span,
}

/// One interaction's answer, with its watchdog.
pub struct Answer {
    shared: Arc<Shared>,
    watchdog: JoinHandle<()>,
    /// The user's language, for the one line the answer may have to add.
    lang: Lang,
}

impl Drop for Answer {
    fn drop(&mut self) {
        self.watchdog.abort();
    }
}

impl Answer {
    /// Starts answering `target`: from now on, within [`DEFER_AFTER`] something is sent.
    pub fn start(target: Target, http: Arc<Http>, lang: Lang, span: Span) -> Answer {
        let shared = Arc::new(Shared {
            target,
            http,
            state: Mutex::new(State::Open),
            span,
        });
        let watched = Arc::clone(&shared);
        let watchdog = tokio::spawn(async move {
            tokio::time::sleep(DEFER_AFTER).await;
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
        Answer {
            shared,
            watchdog,
            lang,
        }
    }

    fn failed(&self, what: &str, e: &serenity::Error) {
        warn!(parent: &self.shared.span, error = %e, "could not {what}");
    }

    /// Sends a response as the first answer, when nothing was sent yet.
    async fn first(&self, state: &mut State, response: CreateInteractionResponse, next: State) {
        let s = &self.shared;
        match s
            .target
            .respond(&s.http, response)
            .instrument(s.span.clone())
            .await
        {
            Ok(()) => *state = next,
            Err(e) => self.failed("answer", &e),
        }
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
                self.first(&mut state, response, State::Answered).await;
                if *state != State::Answered || !read_back {
                    return None;
                }
                s.target
                    .response(&s.http)
                    .await
                    .map_err(|e| self.failed("read back the answer", &e))
                    .ok()
            }
            State::Deferred { private } if private == reply.private => {
                *state = State::Answered;
                s.target
                    .edit(&s.http, reply.edit())
                    .await
                    .map_err(|e| self.failed("edit the deferred answer", &e))
                    .ok()
            }
            State::Deferred { private: false } => {
                // A private answer after a public "thinking": the channel must not see it.
                *state = State::Answered;
                if let Err(e) = s.target.delete(&s.http).await {
                    self.failed("withdraw the deferred answer", &e);
                }
                self.follow_up(&reply).await
            }
            State::Deferred { private: true } => {
                // A public answer after a private "thinking": the private message says where
                // it went, and the answer follows for everyone.
                *state = State::Answered;
                let note = Reply::private(tr!(self.lang, "answer-posted-below"));
                if let Err(e) = s.target.edit(&s.http, note.edit()).await {
                    self.failed("edit the deferred answer", &e);
                }
                self.follow_up(&reply).await
            }
            State::Acknowledged | State::Answered => self.follow_up(&reply).await,
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
                self.first(&mut state, response, State::Answered).await;
            }
            _ => {
                if let Err(e) = s.target.edit(&s.http, reply.edit()).await {
                    self.failed("update the message", &e);
                }
            }
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
