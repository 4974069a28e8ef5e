//! The slash commands, one small module per command family, on poise: `/weiqi …` for everyone
//! and `/weiqi-config …` for moderators. Each command decodes its typed options, asks `game`
//! (through the runtime), answers, then publishes what changed. Names, descriptions, options and
//! choices are localised from the Fluent files ([`localise`]).

mod weiqi_accept;
mod weiqi_ai;
mod weiqi_board;
mod weiqi_cancel;
mod weiqi_config;
mod weiqi_decline;
mod weiqi_games;
mod weiqi_invite;
mod weiqi_leaderboard;
mod weiqi_learn;
pub mod weiqi_pass;
mod weiqi_profile;
mod weiqi_rank;
mod weiqi_resign;
mod weiqi_sgf;
mod weiqi_status;

use std::sync::Arc;

use serenity::all::{
    CreateInteractionResponse, CreateInteractionResponseMessage, EditInteractionResponse,
    Permissions,
};
use tracing::{Instrument, Span, info_span, warn};

use crate::game::{Applied, ChannelId, Command, Failure, GuildId, MatchId, Outcome, UserId};

use super::bot::{Bot, Ctx, Error, InFlight};
use super::i18n::{self, Lang, tr};
use super::publish::publish;
use super::ui::{self, words};

pub use weiqi_invite::remember_invitation;
pub use weiqi_leaderboard::page as leaderboard_page;
pub use weiqi_learn::page as learn_page;
pub use weiqi_resign::resign_text;

/// The command a member needs Manage Server for (Discord hides a command by permission only as
/// a whole, so the settings live in a command of their own).
pub const CONFIG_PERMISSION: Permissions = Permissions::MANAGE_GUILD;

/// Every command, localised.
pub fn all() -> Vec<poise::Command<Arc<Bot>, Error>> {
    let mut commands = vec![weiqi(), weiqi_config::weiqi_config()];
    for c in &mut commands {
        localise(c, "cmd");
    }
    commands
}

/// `/weiqi`: play Go.
#[poise::command(
    slash_command,
    guild_only,
    subcommand_required,
    subcommands(
        "weiqi_invite::invite",
        "weiqi_ai::ai",
        "weiqi_accept::accept",
        "weiqi_decline::decline",
        "weiqi_cancel::cancel",
        "weiqi_board::board",
        "weiqi_pass::pass",
        "weiqi_resign::resign",
        "weiqi_status::status",
        "weiqi_games::games",
        "weiqi_profile::profile",
        "weiqi_leaderboard::leaderboard",
        "weiqi_rank::rank",
        "weiqi_sgf::sgf",
        "weiqi_learn::learn"
    )
)]
pub async fn weiqi(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Fills a command's English description and every language's name and description from the
/// Fluent files: the command `weiqi invite` is `cmd-weiqi-invite` (its name the value, its
/// description the `.description` attribute), its option `user` is `cmd-weiqi-invite-user`, a
/// choice `classic` of an option of kind `rules` is `choice-rules-classic`.
pub fn localise(command: &mut poise::Command<Arc<Bot>, Error>, prefix: &str) {
    let key = format!("{prefix}-{}", command.name);
    if let Some(d) = i18n::attribute(Lang::En, &key, "description") {
        command.description = Some(d.into());
    }
    for lang in &Lang::ALL[1..] {
        let locale = lang.discord_locale();
        let name = i18n::text(*lang, &key, None);
        if name != key {
            command
                .name_localizations
                .to_mut()
                .push((locale.into(), name.into()));
        }
        if let Some(d) = i18n::attribute(*lang, &key, "description") {
            command
                .description_localizations
                .to_mut()
                .push((locale.into(), d.into()));
        }
    }
    for p in &mut command.parameters {
        let pkey = format!("{key}-{}", p.name);
        if let Some(d) = i18n::attribute(Lang::En, &pkey, "description") {
            p.description = Some(d.into());
        }
        let choice_keys: Vec<String> = p
            .choices
            .iter()
            .map(|c| format!("choice-{}-{}", p.name, c.name))
            .collect();
        for lang in &Lang::ALL[1..] {
            let locale = lang.discord_locale();
            let name = i18n::text(*lang, &pkey, None);
            if name != pkey {
                p.name_localizations
                    .to_mut()
                    .push((locale.into(), name.into()));
            }
            if let Some(d) = i18n::attribute(*lang, &pkey, "description") {
                p.description_localizations
                    .to_mut()
                    .push((locale.into(), d.into()));
            }
            for (c, ckey) in p.choices.to_mut().iter_mut().zip(&choice_keys) {
                let label = i18n::text(*lang, ckey, None);
                if &label != ckey {
                    c.localizations.to_mut().push((locale.into(), label.into()));
                }
            }
        }
        // The English label of a choice may say more than its name (`classic (the board as
        // it stands)`); the value Discord sends is the choice's index either way.
        for (c, ckey) in p.choices.to_mut().iter_mut().zip(&choice_keys) {
            let label = i18n::text(Lang::En, ckey, None);
            if &label != ckey {
                c.name = label.into();
            }
        }
    }
    for sub in &mut command.subcommands {
        localise(sub, &key);
    }
}

/// One interaction being served: who, where, in which language, and its span.
pub struct Call<'a> {
    pub ctx: Ctx<'a>,
    pub bot: &'a Arc<Bot>,
    /// The user's own language: private replies speak it.
    pub lang: Lang,
    pub guild: GuildId,
    pub user: UserId,
    pub channel: ChannelId,
    pub span: Span,
    /// Whether the answer was deferred: a private answer then edits it.
    deferred: std::sync::atomic::AtomicBool,
    _flight: InFlight,
}

impl<'a> Call<'a> {
    /// Starts serving a command: refused politely while the bot stops or outside a server.
    pub async fn begin(ctx: Ctx<'a>) -> Option<Call<'a>> {
        let bot = ctx.data();
        let lang = Lang::from_locale(&ctx.interaction.locale);
        let name = ctx.interaction.data.name.clone();
        let Some(flight) = bot.enter() else {
            reply_private(ctx, tr!(lang, "bot-restarting")).await;
            return None;
        };
        let Some(guild) = ctx.interaction.guild_id.map(|g| GuildId(g.get())) else {
            reply_private(ctx, tr!(lang, "use-in-a-server")).await;
            return None;
        };
        if let Some(locale) = &ctx.interaction.guild_locale {
            bot.saw_guild_locale(guild, locale).await;
        }
        let user = UserId(ctx.interaction.user.id.get());
        let span = info_span!(
            "command",
            name = %name,
            sub = %ctx.command().name,
            user = user.get(),
            guild = guild.get(),
            match_id = tracing::field::Empty
        );
        Some(Call {
            ctx,
            bot,
            lang,
            guild,
            user,
            channel: ChannelId(ctx.interaction.channel_id.get()),
            span,
            deferred: std::sync::atomic::AtomicBool::new(false),
            _flight: flight,
        })
    }

    /// Whether the caller may moderate the server (Manage Server, or Administrator).
    pub fn moderator(&self) -> bool {
        self.ctx
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.contains(CONFIG_PERMISSION) || p.administrator())
    }

    /// Whether the command was sent in a thread.
    pub fn in_thread(&self) -> bool {
        self.ctx.interaction.channel.as_ref().is_some_and(|c| {
            matches!(
                c.kind,
                serenity::all::ChannelType::PublicThread
                    | serenity::all::ChannelType::PrivateThread
                    | serenity::all::ChannelType::NewsThread
            )
        })
    }

    /// Whether the bot has what it needs to post a game here (and, with `threads`, to open the
    /// game's thread); if not, the caller is told privately which permissions are missing.
    pub async fn may_post_here(&self, threads: bool) -> bool {
        let missing = super::permissions::missing(
            self.ctx.interaction.app_permissions,
            self.in_thread(),
            threads,
        );
        if missing.is_empty() {
            return true;
        }
        let list = words::list(
            self.lang,
            missing.iter().map(|&p| words::permission(self.lang, p)),
        );
        self.private(tr!(self.lang, "refusal-bot-permissions", missing = list))
            .await;
        false
    }

    /// The language of the server's public messages.
    pub async fn public_lang(&self) -> Lang {
        self.bot.guild_lang(self.guild).await
    }

    /// Answers with a private message (editing the answer if it was deferred).
    pub async fn private(&self, text: String) {
        if self.deferred.load(std::sync::atomic::Ordering::SeqCst) {
            self.edit(EditInteractionResponse::new().content(text))
                .await;
        } else {
            reply_private(self.ctx, text).await;
        }
    }

    /// Answers privately with a text and an embed (or edits the deferred answer).
    pub async fn private_embed(&self, text: String, embed: serenity::all::CreateEmbed) {
        if self.deferred.load(std::sync::atomic::Ordering::SeqCst) {
            self.edit(EditInteractionResponse::new().content(text).embed(embed))
                .await;
        } else {
            let msg = CreateInteractionResponseMessage::new()
                .content(text)
                .embed(embed)
                .ephemeral(true);
            self.respond(msg).await;
        }
    }

    /// Answers with any message.
    pub async fn respond(&self, msg: CreateInteractionResponseMessage) {
        let r = self
            .ctx
            .interaction
            .create_response(self.ctx.http(), CreateInteractionResponse::Message(msg))
            .instrument(self.span.clone())
            .await;
        if let Err(e) = r {
            warn!(parent: &self.span, error = %e, "could not answer the command");
        }
    }

    /// Defers the answer (Discord shows "thinking"), for work that may take more than a moment.
    pub async fn defer(&self, private: bool) {
        let msg = CreateInteractionResponseMessage::new().ephemeral(private);
        let r = self
            .ctx
            .interaction
            .create_response(self.ctx.http(), CreateInteractionResponse::Defer(msg))
            .await;
        match r {
            Ok(()) => self
                .deferred
                .store(true, std::sync::atomic::Ordering::SeqCst),
            Err(e) => warn!(parent: &self.span, error = %e, "could not defer the answer"),
        }
    }

    /// Replaces a deferred answer.
    pub async fn edit(&self, edit: EditInteractionResponse) -> Option<serenity::all::Message> {
        match self
            .ctx
            .interaction
            .edit_response(self.ctx.http(), edit)
            .await
        {
            Ok(m) => Some(m),
            Err(e) => {
                warn!(parent: &self.span, error = %e, "could not edit the deferred answer");
                None
            }
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

    /// Applies a command, answers privately with `ok` of its outcome (or the refusal), then
    /// publishes everything it caused.
    pub async fn apply_and_answer(&self, command: Command, ok: impl FnOnce(&Outcome) -> String) {
        let applied = self.apply(command).await;
        let text = match &applied.result {
            Ok(outcome) => ok(outcome),
            Err(f) => {
                log_failure(f);
                words::failure(self.lang, f)
            }
        };
        self.private(text).await;
        self.publish(&applied).await;
    }
}

/// The game a command about "the game" means: the one named by `game`, else the caller's own
/// (here first, see `Service::players_game`), else the one whose board is in this channel or
/// thread, else one being played in this channel. Index lookups only.
pub async fn find_game(call: &Call<'_>, game: Option<i64>) -> Option<crate::game::Match> {
    let (user, channel) = (call.user, call.channel);
    let named = game.map(crate::game::MatchId);
    let boards_here = call
        .bot
        .repo(move |r| r.boards_in(channel))
        .await
        .unwrap_or_default();
    call.bot
        .runtime
        .read(move |s| {
            if let Some(id) = named {
                return s.snapshot(id);
            }
            let id = s
                .players_game(user, channel, None)
                .ok()
                .or_else(|| {
                    boards_here
                        .iter()
                        .copied()
                        .find(|&id| s.snapshot(id).is_some())
                })
                .or_else(|| s.game_for(user, channel, None))?;
            s.snapshot(id)
        })
        .await
        .ok()
        .flatten()
}

/// The caller's game a command acts on (`game` if named): see `Service::players_game`.
///
/// # Errors
/// The words of the refusal: not theirs, none, or several and none named.
pub async fn players_game(call: &Call<'_>, game: Option<i64>) -> Result<MatchId, String> {
    let (user, channel) = (call.user, call.channel);
    let named = game.map(MatchId);
    match call
        .bot
        .runtime
        .read(move |s| s.players_game(user, channel, named))
        .await
    {
        Ok(Ok(id)) => Ok(id),
        Ok(Err(r)) => Err(words::refusal(call.lang, &r)),
        Err(_) => Err(tr!(call.lang, "failure-internal")),
    }
}

/// The caller's running games, offered as a `game` option is typed: `#12 · 19×19 ·
/// correspondence · your move`.
pub async fn my_games(ctx: Ctx<'_>, partial: &str) -> serenity::all::CreateAutocompleteResponse {
    let user = crate::game::UserId(ctx.interaction.user.id.get());
    let lang = Lang::from_locale(&ctx.interaction.locale);
    let games = ctx
        .data()
        .runtime
        .read(move |s| s.running_games_of(user))
        .await
        .unwrap_or_default();
    let typed = partial.trim().trim_start_matches('#');
    let choices = games
        .iter()
        .filter(|m| typed.is_empty() || m.id.get().to_string().starts_with(typed))
        .take(25)
        .map(|m| {
            serenity::all::AutocompleteChoice::new(ui::games_list::label(m, user, lang), m.id.get())
        })
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn reply_private(ctx: Ctx<'_>, text: String) {
    let msg = CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true);
    if let Err(e) = ctx
        .interaction
        .create_response(ctx.http(), CreateInteractionResponse::Message(msg))
        .await
    {
        warn!(error = %e, "could not answer the command");
    }
}

/// Logs a failure at the level it deserves.
pub fn log_failure(f: &Failure) {
    match f {
        Failure::Refused(crate::game::Refusal::StaleBoard) => {
            warn!("button of a stale board refused")
        }
        Failure::Refused(r) => tracing::debug!(refusal = %r, "refused"),
        other => tracing::error!(error = %other, "internal failure; nothing changed"),
    }
}

/// poise's errors: an option that did not decode, a command Discord knows and we do not. The
/// user is told in their language; nothing changed.
pub async fn on_error(error: poise::FrameworkError<'_, Arc<Bot>, Error>) {
    let (ctx, text) = match &error {
        poise::FrameworkError::ArgumentParse { ctx, input, .. } => {
            let lang = Lang::from_locale(ctx.locale().unwrap_or_default());
            warn!(input = ?input, "an option did not decode");
            (*ctx, tr!(lang, "option-not-understood"))
        }
        poise::FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            let lang = Lang::from_locale(&ctx.interaction.locale);
            warn!(description, "a command of another version");
            (
                poise::Context::Application(*ctx),
                tr!(lang, "command-not-understood"),
            )
        }
        poise::FrameworkError::Command { ctx, error, .. } => {
            let lang = Lang::from_locale(ctx.locale().unwrap_or_default());
            tracing::error!(%error, "a command failed");
            (*ctx, tr!(lang, "failure-internal"))
        }
        other => {
            warn!(error = %other, "framework error");
            return;
        }
    };
    if let poise::Context::Application(app) = ctx {
        reply_private(app, text).await;
    }
}
