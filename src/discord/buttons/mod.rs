//! Button presses: the custom id decoded into a [`ButtonId`], then one handler per family —
//! [`invitation_buttons`] (Accept, Decline, Cancel), [`board_buttons`] (regions, points, marks, Pass, Accept,
//! Resume, Resign), [`page_buttons`] (the primer, the leaderboard). An id this bot did not write is
//! refused politely.

mod board_buttons;
mod invitation_buttons;
mod page_buttons;

use std::sync::Arc;

use serenity::all::{
    ComponentInteraction, Context, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage,
};
use tracing::{Instrument, Span, info_span, warn};

use crate::game::{Applied, Command, GuildId, UserId};

use super::bot::{Bot, InFlight};
use super::commands::log_failure;
use super::custom_id::ButtonId;
use super::i18n::{Lang, tr};
use super::publish::publish;
use super::ui::words;

/// One press being served.
pub struct Press<'a> {
    pub ctx: &'a Context,
    pub press: &'a ComponentInteraction,
    pub bot: &'a Arc<Bot>,
    pub lang: Lang,
    pub guild: GuildId,
    pub user: UserId,
    pub span: Span,
    _flight: InFlight,
}

impl Press<'_> {
    /// Answers with any response.
    pub async fn respond(&self, response: CreateInteractionResponse) {
        if let Err(e) = self
            .press
            .create_response(&self.ctx.http, response)
            .instrument(self.span.clone())
            .await
        {
            warn!(parent: &self.span, error = %e, "could not answer the button");
        }
    }

    /// Answers privately.
    pub async fn private(&self, text: String) {
        self.respond(CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .content(text)
                .ephemeral(true),
        ))
        .await;
    }

    /// Acknowledges silently: what the press did shows on the message itself.
    pub async fn acknowledge(&self) {
        self.respond(CreateInteractionResponse::Acknowledge).await;
    }

    /// A private follow-up after the answer.
    pub async fn follow_up(&self, text: String) {
        let msg = CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(true);
        if let Err(e) = self.press.create_followup(&self.ctx.http, msg).await {
            warn!(parent: &self.span, error = %e, "could not send a follow-up");
        }
    }

    /// Applies a command through the runtime.
    pub async fn apply(&self, command: Command) -> Applied {
        self.bot
            .runtime
            .apply(command)
            .instrument(self.span.clone())
            .await
    }

    /// Shows what a command changed, fired deadlines first.
    pub async fn publish(&self, applied: &Applied) {
        for outcome in applied.outcomes() {
            if let crate::game::Subject::Match(m) = outcome.subject {
                self.span.record("match_id", m.get());
            }
            publish(self.bot, outcome)
                .instrument(self.span.clone())
                .await;
        }
    }

    /// The refusal of a failed command, privately, in the user's language.
    pub fn failure_text(&self, applied: &Applied) -> Option<String> {
        applied.result.as_ref().err().map(|f| {
            log_failure(f);
            words::failure(self.lang, f)
        })
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
    let Some(flight) = bot.enter() else {
        return simple(ctx, press, tr!(lang, "bot-restarting")).await;
    };
    let Some(guild) = press.guild_id.map(|g| GuildId(g.get())) else {
        return simple(ctx, press, tr!(lang, "use-in-a-server")).await;
    };
    if let Some(locale) = &press.guild_locale {
        bot.saw_guild_locale(guild, locale).await;
    }
    let id = match ButtonId::decode(&press.data.custom_id) {
        Ok(id) => id,
        Err(e) => {
            warn!(parent: &span, error = %e, "unknown button");
            return simple(ctx, press, tr!(lang, "button-unknown")).await;
        }
    };
    let p = Press {
        ctx,
        press,
        bot,
        lang,
        guild,
        user: UserId(press.user.id.get()),
        span,
        _flight: flight,
    };
    match id {
        ButtonId::Accept { .. } | ButtonId::Decline { .. } | ButtonId::Cancel { .. } => {
            invitation_buttons::press(&p, id).await;
        }
        ButtonId::Learn { page } => page_buttons::learn(&p, page).await,
        ButtonId::Leaderboard { page, by } => page_buttons::leaderboard(&p, by, page).await,
        _ => board_buttons::press(&p, id).await,
    }
}

/// A private answer outside a served press.
async fn simple(ctx: &Context, press: &ComponentInteraction, text: String) {
    let msg = CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true);
    if let Err(e) = press
        .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
        .await
    {
        warn!(error = %e, "could not answer the button");
    }
}
