//! Button presses: the custom id decoded into a [`ButtonId`], then one handler per family —
//! [`invitation_buttons`] (Accept, Decline, Cancel), [`board_buttons`] (regions, points, marks, Pass, Accept,
//! Resume, Resign), [`page_buttons`] (the primer, the leaderboard). An id this bot did not write is
//! refused politely.

mod board_buttons;
mod event_buttons;
mod invitation_buttons;
mod page_buttons;
mod training_buttons;

use std::sync::Arc;

use serenity::all::{ComponentInteraction, Context};
use tracing::{Span, info_span, warn};

use crate::game::{Command, EventId, GuildId, UserId};
use crate::service::{Applied, Failure};

use super::bot::{Bot, InFlight};
use super::commands::log_failure;
use super::custom_id::ButtonId;
use super::i18n::{Lang, tr};
use super::publish;
use super::reply::{Answer, Reply, Target};
use super::ui::words;

/// One press being served, and its answer (answered or acknowledged within Discord's window
/// whatever happens, see [`Answer`]).
pub struct Press<'a> {
    pub press: &'a ComponentInteraction,
    pub bot: &'a Arc<Bot>,
    pub lang: Lang,
    pub guild: GuildId,
    pub user: UserId,
    pub span: Span,
    answer: Answer,
    _flight: InFlight,
}

impl Press<'_> {
    /// Answers privately (a new message, or a follow-up once answered).
    pub async fn private(&self, text: String) {
        self.answer.reply(Reply::private(text)).await;
    }

    /// Answers with `reply` as a new message.
    pub async fn reply(&self, reply: Reply) {
        self.answer.reply(reply).await;
    }

    /// [`Press::reply`], and the message it became, for a caller that remembers where it is.
    pub async fn reply_and_read(&self, reply: Reply) -> Option<serenity::all::Message> {
        self.answer.reply_and_read(reply).await
    }

    /// Changes the message the button is on.
    pub async fn update(&self, reply: Reply) {
        self.answer.update(reply).await;
    }

    /// Acknowledges silently: what the press did shows on the message itself.
    pub async fn acknowledge(&self) {
        self.answer.acknowledge().await;
    }

    /// Applies a command through the runtime.
    pub async fn apply(&self, command: Command) -> Applied {
        publish::apply(self.bot, command, &self.span).await
    }

    /// Shows what a command changed, fired deadlines first.
    pub async fn publish(&self, applied: &Applied) {
        publish::publish_applied(self.bot, applied, &self.span).await;
    }

    /// The roles the one who pressed holds (what a role's team is judged by).
    pub fn roles(&self) -> Vec<u64> {
        self.press
            .member
            .as_ref()
            .map(|m| m.roles.iter().map(|r| r.get()).collect())
            .unwrap_or_default()
    }

    /// Whether the one who pressed holds the role event `event` is open to (`false` when it
    /// names none), as the game's terms decide.
    ///
    /// # Errors
    /// No such event, or it cannot be read: the press is answered with that failure.
    pub async fn holds_event_role(&self, event: EventId) -> Result<bool, Failure> {
        self.bot
            .runtime
            .holds_event_role(self.guild, event, self.roles())
            .await
    }

    /// The refusal of a failed command, privately, in the user's language.
    pub fn failure_text(&self, applied: &Applied) -> Option<String> {
        applied.result.as_ref().err().map(|f| self.words_of(f))
    }

    /// The words of a failure (logged at the level it deserves).
    pub fn words_of(&self, f: &Failure) -> String {
        log_failure(f);
        words::failure(self.lang, f)
    }
}

/// Serves a button press.
pub async fn on_press(ctx: &Context, bot: &Arc<Bot>, press: &ComponentInteraction) {
    let lang = Lang::from_locale(&press.locale);
    let span = info_span!(
        "button",
        custom_id = %press.data.custom_id,
        user = press.user.id.get(),
        guild = ?press.guild_id.map(|g| g.get()),
        match_id = tracing::field::Empty
    );
    let answer = Answer::start(
        Target::Component(Box::new(press.clone())),
        Arc::clone(&ctx.http),
        lang,
        span.clone(),
    );
    let Some(flight) = bot.enter() else {
        answer
            .reply(Reply::private(tr!(lang, "bot-restarting")))
            .await;
        return;
    };
    let Some(guild) = press.guild_id.map(|g| GuildId(g.get())) else {
        answer
            .reply(Reply::private(tr!(lang, "use-in-a-server")))
            .await;
        return;
    };
    if let Some(locale) = &press.guild_locale {
        bot.saw_guild_locale(guild, locale);
    }
    let shown = match &press.member {
        Some(m) => m.display_name(),
        None => press.user.display_name(),
    };
    bot.saw_name(guild, UserId(press.user.id.get()), shown);
    let id = match ButtonId::decode(&press.data.custom_id) {
        Ok(id) => id,
        Err(e) => {
            warn!(parent: &span, error = %e, "unknown button");
            answer
                .reply(Reply::private(tr!(lang, "button-unknown")))
                .await;
            return;
        }
    };
    let p = Press {
        press,
        bot,
        lang,
        guild,
        user: UserId(press.user.id.get()),
        span,
        answer,
        _flight: flight,
    };
    match id {
        ButtonId::Accept { .. }
        | ButtonId::Decline { .. }
        | ButtonId::Cancel { .. }
        | ButtonId::Guess { .. }
        | ButtonId::ChooseColour { .. } => {
            invitation_buttons::press(&p, id).await;
        }
        ButtonId::JoinEvent { .. } | ButtonId::LeaveEvent { .. } => {
            event_buttons::press(&p, id).await;
        }
        ButtonId::Learn { page } => page_buttons::learn(&p, page).await,
        ButtonId::Leaderboard { page, by } => page_buttons::leaderboard(&p, by, page).await,
        ButtonId::ProblemPoint { .. }
        | ButtonId::NextProblem { .. }
        | ButtonId::TryDaily { .. }
        | ButtonId::ProblemSolution { .. } => training_buttons::press(&p, id).await,
        _ => board_buttons::press(&p, id).await,
    }
}
