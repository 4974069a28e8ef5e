//! The slash commands, one small module per command, on poise, grouped by what a member is
//! doing: `/weiqi …` playing a game, `/weiqi-team …` playing in pairs or teams, `/weiqi-event …`
//! taking part in the server's events, `/weiqi-organise …` running them (organisers and
//! referees), `/weiqi-config …` the server's settings (moderators). Discord refuses a command
//! over 4,000 characters (every language's longest text counted), so each family is a command
//! of its own with room to grow (`tests/e2e/command_tree.rs` prints the sizes). Each command
//! decodes its typed options, asks `game` (through the runtime), answers, then publishes what
//! changed. Names, descriptions, options and choices are localised from the Fluent files
//! ([`localise`]); a name of an earlier version is answered with where it went ([`moved`]).

mod moved;
mod weiqi_accept;
mod weiqi_ai;
mod weiqi_board;
mod weiqi_cancel;
mod weiqi_config;
mod weiqi_config_games;
mod weiqi_decline;
mod weiqi_estimate;
mod weiqi_event;
mod weiqi_games;
mod weiqi_invite;
mod weiqi_leaderboard;
mod weiqi_learn;
mod weiqi_notify;
mod weiqi_organise;
mod weiqi_organise_rule;
pub mod weiqi_pass;
mod weiqi_problem;
mod weiqi_profile;
mod weiqi_rank;
mod weiqi_resign;
mod weiqi_review;
mod weiqi_seek;
mod weiqi_sgf;
mod weiqi_status;
mod weiqi_team_consult;
mod weiqi_team_pair;

use std::sync::Arc;

use serenity::all::{CreateInteractionResponse, CreateInteractionResponseMessage, Permissions};
use tracing::{Span, info_span, warn};

use crate::game::{ChannelId, Command, GuildId, MatchId, Outcome, UserId};
use crate::service::{Applied, Failure};

use super::bot::{Bot, Ctx, Error, InFlight};
use super::discord_settings::DiscordSettings;
use super::i18n::{self, Lang, tr};
use super::publish;
use super::reply::{Answer, Reply, Target};
use super::ui::{self, words};

pub use weiqi_invite::remember_invitation;
pub use weiqi_leaderboard::page as leaderboard_page;
pub use weiqi_learn::page as learn_page;
pub use weiqi_problem::shown as problem_shown;
pub use weiqi_resign::resign_text;

/// The command a member needs Manage Server for (Discord hides a command by permission only as
/// a whole, so the settings live in a command of their own).
pub const CONFIG_PERMISSION: Permissions = Permissions::MANAGE_GUILD;

/// Every command, localised.
pub fn all() -> Vec<poise::Command<Arc<Bot>, Error>> {
    let mut commands = vec![
        weiqi(),
        weiqi_team(),
        weiqi_event::weiqi_event(),
        weiqi_organise::weiqi_organise(),
        weiqi_config::weiqi_config(),
    ];
    for c in &mut commands {
        localise(c, "cmd");
    }
    commands
}

/// `/weiqi`: play Go — start a game, play it, look back on it.
#[poise::command(
    slash_command,
    guild_only,
    subcommand_required,
    subcommands(
        "weiqi_invite::invite",
        "weiqi_ai::ai",
        "weiqi_seek::seek",
        "weiqi_accept::accept",
        "weiqi_decline::decline",
        "weiqi_cancel::cancel",
        "weiqi_board::board",
        "weiqi_pass::pass",
        "weiqi_resign::resign",
        "weiqi_estimate::estimate",
        "weiqi_notify::notify",
        "weiqi_status::status",
        "weiqi_games::games",
        "weiqi_profile::profile",
        "weiqi_leaderboard::leaderboard",
        "weiqi_rank::rank",
        "weiqi_sgf::sgf",
        "weiqi_review::review",
        "weiqi_learn::learn",
        "weiqi_problem::problem"
    )
)]
pub async fn weiqi(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// `/weiqi-team`: pair Go and consultation games.
#[poise::command(
    slash_command,
    guild_only,
    rename = "weiqi-team",
    subcommand_required,
    subcommands("weiqi_team_pair::pair", "weiqi_team_consult::consult")
)]
pub async fn weiqi_team(_ctx: Ctx<'_>) -> Result<(), Error> {
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

/// One interaction being served: who, where, in which language, its span, and its answer
/// (answered or deferred within Discord's window whatever happens, see [`Answer`]).
pub struct Call<'a> {
    pub ctx: Ctx<'a>,
    pub bot: &'a Arc<Bot>,
    /// The user's own language: private replies speak it.
    pub lang: Lang,
    pub guild: GuildId,
    pub user: UserId,
    pub channel: ChannelId,
    pub span: Span,
    answer: Answer,
    _flight: InFlight,
}

impl<'a> Call<'a> {
    /// Starts serving a command: refused politely while the bot stops or outside a server.
    pub async fn begin(ctx: Ctx<'a>) -> Option<Call<'a>> {
        let bot = ctx.data();
        let lang = Lang::from_locale(&ctx.interaction.locale);
        let user = UserId(ctx.interaction.user.id.get());
        let span = info_span!(
            "command",
            name = %ctx.interaction.data.name,
            sub = %ctx.command().name,
            user = user.get(),
            guild = ?ctx.interaction.guild_id.map(|g| g.get()),
            match_id = tracing::field::Empty
        );
        let answer = Answer::start(
            Target::Command(Box::new(ctx.interaction.clone())),
            Arc::clone(&ctx.serenity_context().http),
            lang,
            span.clone(),
        );
        let Some(flight) = bot.enter() else {
            answer
                .reply(Reply::private(tr!(lang, "bot-restarting")))
                .await;
            return None;
        };
        let Some(guild) = ctx.interaction.guild_id.map(|g| GuildId(g.get())) else {
            answer
                .reply(Reply::private(tr!(lang, "use-in-a-server")))
                .await;
            return None;
        };
        if let Some(locale) = &ctx.interaction.guild_locale {
            bot.saw_guild_locale(guild, locale);
        }
        let shown = match &ctx.interaction.member {
            Some(m) => m.display_name(),
            None => ctx.interaction.user.display_name(),
        };
        bot.saw_name(guild, user, shown);
        Some(Call {
            ctx,
            bot,
            lang,
            guild,
            user,
            channel: ChannelId(ctx.interaction.channel_id.get()),
            span,
            answer,
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

    /// Refuses a caller who is not a moderator (privately, in their language); `true` if they
    /// are one. The game says who may moderate.
    pub async fn moderator_or_refuse(&self) -> bool {
        match crate::game::may_moderate(self.moderator()) {
            Ok(()) => true,
            Err(r) => {
                self.private(words::refusal(self.lang, &r)).await;
                false
            }
        }
    }

    /// Whether the caller may run the server's events: a moderator, or a member of the
    /// server's `event-organiser-role`. `None` when the server's roles could not be read: the
    /// caller has been told so privately, and the command goes no further.
    pub async fn organiser(&self) -> Option<bool> {
        if self.moderator() {
            return Some(true);
        }
        self.holds(|s| s.event_organiser_role).await
    }

    /// Whether the caller may rule on the server's events' games: a moderator, or a member of
    /// the server's `event-referee-role`. `None` as for [`Call::organiser`].
    pub async fn referee(&self) -> Option<bool> {
        if self.moderator() {
            return Some(true);
        }
        self.holds(|s| s.event_referee_role).await
    }

    /// Whether the caller holds the role a setting names (none set: no one does); a read error
    /// is answered privately with its words and gives `None`, never a silent "no".
    async fn holds(&self, role: impl Fn(&DiscordSettings) -> Option<u64>) -> Option<bool> {
        let role = match self.bot.discord_settings(self.guild).await {
            Ok(s) => role(&s),
            Err(f) => {
                self.failure(&f).await;
                return None;
            }
        };
        let roles = self.ctx.interaction.member.as_ref().map(|m| &m.roles);
        Some(
            role.zip(roles)
                .is_some_and(|(role, roles)| roles.iter().any(|r| r.get() == role)),
        )
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
        self.tell_missing(missing).await
    }

    /// Whether the bot may run a consultation here: the board, and a thread for each team
    /// (private ones with `private`); if not, the caller is told what is missing.
    pub async fn may_run_teams_here(&self, private: bool) -> bool {
        if self.in_thread() {
            self.private(tr!(self.lang, "refusal-team-game-in-thread"))
                .await;
            return false;
        }
        let missing =
            super::permissions::missing_for_teams(self.ctx.interaction.app_permissions, private);
        self.tell_missing(missing).await
    }

    /// `true` when nothing is missing; else the caller is told which permissions are.
    async fn tell_missing(&self, missing: Vec<super::permissions::Needed>) -> bool {
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

    /// Answers privately.
    pub async fn private(&self, text: String) {
        self.answer.reply(Reply::private(text)).await;
    }

    /// Answers privately with the words of a failure (logged at the level it deserves).
    pub async fn failure(&self, f: &Failure) {
        log_failure(f);
        self.private(words::failure(self.lang, f)).await;
    }

    /// Answers with `reply` (as the first answer, the deferred one's edit, or a follow-up).
    pub async fn reply(&self, reply: Reply) {
        self.answer.reply(reply).await;
    }

    /// [`Call::reply`], and the message it became, for a caller that remembers where it is.
    pub async fn reply_and_read(&self, reply: Reply) -> Option<serenity::all::Message> {
        self.answer.reply_and_read(reply).await
    }

    /// Defers the answer (Discord shows "thinking"), for work that may take more than a moment.
    pub async fn defer(&self, private: bool) {
        self.answer.defer(private).await;
    }

    /// Applies a command through the runtime.
    pub async fn apply(&self, command: Command) -> Applied {
        publish::apply(self.bot, command, &self.span).await
    }

    /// Shows what a command changed, fired deadlines first.
    pub async fn publish(&self, applied: &Applied) {
        publish::publish_applied(self.bot, applied, &self.span).await;
    }

    /// Applies a command, answers privately with `ok` of its outcome (or the refusal), then
    /// publishes everything it caused.
    pub async fn apply_and_answer(&self, command: Command, ok: impl FnOnce(&Outcome) -> String) {
        let applied = self.apply(command).await;
        match &applied.result {
            Ok(outcome) => self.private(ok(outcome)).await,
            Err(f) => self.failure(f).await,
        }
        self.publish(&applied).await;
    }
}

/// The running game a command about "the game" means: the one named by `game`, else the
/// caller's own (here first), else the one whose board is in this channel or thread, else one
/// being played in this channel (see `Service::game_meant`). `Ok(None)`: none.
///
/// # Errors
/// The database failed.
pub async fn find_game(
    call: &Call<'_>,
    game: Option<i64>,
) -> Result<Option<crate::game::Match>, Failure> {
    let (user, channel) = (call.user, call.channel);
    let boards_here = call.bot.runtime.boards_in(channel).await?;
    call.bot
        .runtime
        .game_meant(call.guild, user, channel, game.map(MatchId), boards_here)
        .await
}

/// The caller's game a command acts on (`game` if named): see `Service::players_game`.
///
/// # Errors
/// The words of the refusal: not theirs, none, or several and none named.
pub async fn players_game(call: &Call<'_>, game: Option<i64>) -> Result<MatchId, String> {
    call.bot
        .runtime
        .players_game(call.guild, call.user, call.channel, game.map(MatchId))
        .await
        .map_err(|f| {
            log_failure(&f);
            words::failure(call.lang, &f)
        })
}

/// The server an autocomplete (or any interaction) came from, as the game knows it.
pub fn guild_of(ctx: Ctx<'_>) -> Option<GuildId> {
    ctx.interaction.guild_id.map(|g| GuildId(g.get()))
}

/// How long an autocomplete may look for its choices: it cannot be deferred, and Discord
/// waits 3 seconds. Past it, no choices (the command itself still works).
const AUTOCOMPLETE_WITHIN: std::time::Duration = std::time::Duration::from_millis(2000);

/// The choices of an autocomplete, from a read bounded by [`AUTOCOMPLETE_WITHIN`]; none if the
/// read fails or takes longer.
pub async fn choices<T>(
    read: impl std::future::Future<Output = Result<T, Failure>>,
    choose: impl FnOnce(T) -> Vec<serenity::all::AutocompleteChoice>,
) -> serenity::all::CreateAutocompleteResponse {
    let choices = match tokio::time::timeout(AUTOCOMPLETE_WITHIN, read).await {
        Ok(Ok(v)) => choose(v),
        Ok(Err(f)) => {
            log_failure(&f);
            Vec::new()
        }
        Err(_) => {
            warn!("an autocomplete's choices took too long");
            Vec::new()
        }
    };
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The caller's running games, offered as a `game` option is typed: `#12 · 19×19 ·
/// correspondence · your move`.
pub async fn my_games(ctx: Ctx<'_>, partial: &str) -> serenity::all::CreateAutocompleteResponse {
    let user = crate::game::UserId(ctx.interaction.user.id.get());
    let lang = Lang::from_locale(&ctx.interaction.locale);
    let typed = partial.trim().trim_start_matches('#').to_owned();
    choices(ctx.data().runtime.games_of(user), |games| {
        games
            .iter()
            .filter(|m| typed.is_empty() || m.id.get().to_string().starts_with(&typed))
            .take(25)
            .map(|m| {
                serenity::all::AutocompleteChoice::new(
                    ui::games_list::label(m, user, lang),
                    m.id.get(),
                )
            })
            .collect()
    })
    .await
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

/// Answers a command this version does not have: where it went if it moved
/// ([`moved::moved_to`]), else that it was not understood — privately, never left unanswered.
async fn answer_unknown(
    ctx: &serenity::all::Context,
    interaction: &serenity::all::CommandInteraction,
) {
    let lang = Lang::from_locale(&interaction.locale);
    let path = moved::path_of(interaction);
    let span = info_span!("command", name = %path, user = interaction.user.id.get());
    let text = match moved::moved_to(&path) {
        Some(new) => tr!(lang, "command-moved", old = path.clone(), new = new),
        None => tr!(lang, "command-not-understood"),
    };
    warn!(parent: &span, "a command of another version");
    let msg = CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true);
    if let Err(e) = interaction
        .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
        .await
    {
        warn!(parent: &span, error = %e, "could not answer the command");
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
        poise::FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            return answer_unknown(framework.serenity_context, interaction).await;
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

/// The members a text names by mention (`<@123> <@!456>`), in its order; `None` if anything
/// else is in it.
pub(super) fn mentioned(text: &str) -> Option<Vec<UserId>> {
    let mut users = Vec::new();
    for word in text.split_whitespace() {
        let id = word
            .strip_prefix("<@")?
            .strip_suffix('>')?
            .trim_start_matches('!')
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)?;
        if !users.contains(&UserId(id)) {
            users.push(UserId(id));
        }
    }
    (!users.is_empty()).then_some(users)
}

#[cfg(test)]
mod mention_tests {
    use super::*;

    #[test]
    fn a_team_is_read_from_its_mentions_in_order() {
        assert_eq!(
            mentioned("<@3> <@!1>  <@2>"),
            Some(vec![UserId(3), UserId(1), UserId(2)])
        );
        assert_eq!(mentioned("<@3> <@3>"), Some(vec![UserId(3)]));
        assert_eq!(mentioned("<@3> bob"), None);
        assert_eq!(mentioned(""), None);
        assert_eq!(mentioned("<@0>"), None);
    }
}

#[cfg(test)]
mod localisation_tests {
    use super::*;

    /// Every choice of every command and subcommand has its label in each of the five
    /// languages (a missing one would show Discord the bare value, in English).
    #[test]
    fn every_choice_is_named_in_every_language() {
        fn walk(c: &poise::Command<Arc<Bot>, Error>, missing: &mut Vec<String>) {
            for p in &c.parameters {
                for choice in p.choices.iter() {
                    let n = choice.localizations.len();
                    if n != Lang::ALL.len() - 1 {
                        missing.push(format!(
                            "/{} {}: {} has {n} translations",
                            c.qualified_name, p.name, choice.name
                        ));
                    }
                }
            }
            for sub in &c.subcommands {
                walk(sub, missing);
            }
        }
        let mut missing = Vec::new();
        for c in all() {
            walk(&c, &mut missing);
        }
        assert!(missing.is_empty(), "{missing:#?}");
    }
}
