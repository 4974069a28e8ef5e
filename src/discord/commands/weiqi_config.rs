//! `/weiqi-config show | set | reset | games | annul`: a server's settings and its running
//! games, for moderators (Manage Server). The game's settings are the game's; the adapter's own
//! (notices, threads, the title role, the language) sit beside them.

use serenity::all::{AutocompleteChoice, CreateAutocompleteResponse, GuildId as DGuild};

use crate::game::{Command, MatchId, SettingKey, Settings, may_moderate};

use super::super::bot::{Ctx, Error};
use super::super::discord_settings::{DiscordKey, DiscordSettings};
use super::super::i18n::{Lang, tr};
use super::super::publish::give_role;
use super::super::ui::{mention, relative_time, words};
use super::Call;

/// Whose a key is.
enum Owner {
    Game(SettingKey),
    Discord(DiscordKey),
}

/// The setting a typed key names: the game's keys, then the adapter's.
fn owner(name: &str) -> Option<Owner> {
    let name = name.trim().to_ascii_lowercase();
    name.parse::<SettingKey>()
        .ok()
        .map(Owner::Game)
        .or_else(|| DiscordKey::from_name(&name).map(Owner::Discord))
}

/// Every key's name: the game's, then the adapter's.
fn key_names() -> impl Iterator<Item = &'static str> {
    SettingKey::ALL
        .iter()
        .map(|k| k.name())
        .chain(DiscordKey::ALL.iter().map(|k| k.name()))
}

/// The keys, offered as the `key` option is typed (more than Discord's 25 choices): those whose
/// name holds what was typed, labelled in the moderator's language.
async fn setting_keys(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let lang = Lang::from_locale(&ctx.interaction.locale);
    let typed = partial.trim().to_ascii_lowercase();
    let choices = key_names()
        .filter(|name| typed.is_empty() || name.contains(&typed))
        .take(25)
        .map(|name| {
            let label = crate::discord::i18n::text(lang, &format!("choice-key-{name}"), None);
            AutocompleteChoice::new(label, name)
        })
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Go settings of this server (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    rename = "weiqi-config",
    default_member_permissions = "MANAGE_GUILD",
    subcommand_required,
    subcommands("show", "set", "reset", "games", "annul")
)]
pub async fn weiqi_config(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Every setting with its value.
fn listing(game: &Settings, discord: &DiscordSettings, lang: Lang) -> String {
    let mut rows: Vec<String> = game
        .show()
        .into_iter()
        .map(|(k, v)| format!("`{}` = {v} — {}", k.name(), words::setting_label(lang, k)))
        .collect();
    rows.extend(DiscordKey::ALL.iter().map(|&k| {
        format!(
            "`{}` = {} — {}",
            k.name(),
            discord.get(k),
            words::discord_setting_label(lang, k)
        )
    }));
    // An embed's description holds 4,096 characters.
    fit_lines_within(&rows, 4000, |_| "…".to_owned())
}

/// Answers a moderator with the settings after a change (or as they are).
async fn answer_with_settings(call: &Call<'_>, head: String) {
    let guild = call.guild;
    let game = call
        .bot
        .runtime
        .read(move |s| s.settings(guild))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    let discord = call.bot.discord_settings(guild).await;
    let embed = serenity::all::CreateEmbed::new()
        .title(tr!(call.lang, "config-heading"))
        .description(listing(&game, &discord, call.lang));
    call.private_embed(head, embed).await;
}

/// Refuses a member who is not a moderator; `true` if they are one.
async fn moderator_or_refuse(call: &Call<'_>) -> bool {
    match may_moderate(call.moderator()) {
        Ok(()) => true,
        Err(r) => {
            call.private(words::refusal(call.lang, &r)).await;
            false
        }
    }
}

/// Show this server's settings.
#[poise::command(slash_command, guild_only)]
pub async fn show(ctx: Ctx<'_>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if moderator_or_refuse(&call).await {
        answer_with_settings(&call, String::new()).await;
    }
    Ok(())
}

/// Change a setting.
#[poise::command(slash_command, guild_only)]
pub async fn set(
    ctx: Ctx<'_>,
    #[autocomplete = "setting_keys"]
    #[max_length = 100]
    key: String,
    #[max_length = 200] value: String,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if !moderator_or_refuse(&call).await {
        return Ok(());
    }
    // A title role is checked with Discord and granted to every titled player: more than a
    // moment. The answer comes as an edit.
    call.defer(true).await;
    let Some(owner) = owner(&key) else {
        let unknown = crate::game::SettingError::UnknownKey(key.trim().to_owned());
        call.private(words::setting_error(call.lang, &unknown))
            .await;
        return Ok(());
    };
    match owner {
        Owner::Game(k) => {
            let (guild, moderator, v) = (call.guild, call.moderator(), value.clone());
            let r = call
                .bot
                .runtime
                .read(move |s| s.set_setting(guild, moderator, k.name(), &v))
                .await;
            match r {
                Ok(Ok(_)) => {
                    let head = tr!(call.lang, "config-saved", key = k.name());
                    answer_with_settings(&call, format!("{head}\n")).await;
                }
                Ok(Err(f)) => call.private(words::failure(call.lang, &f)).await,
                Err(_) => call.private(tr!(call.lang, "failure-internal")).await,
            }
        }
        Owner::Discord(k) => set_discord(&call, k, &value).await,
    }
    Ok(())
}

/// Sets one of the adapter's settings; a title role is checked first, then granted to the
/// players who earned the title before it was set.
async fn set_discord(call: &Call<'_>, key: DiscordKey, value: &str) {
    let guild = call.guild;
    let mut s = call.bot.discord_settings(guild).await;
    if s.set(key, value).is_err() {
        call.private(words::discord_setting_error(call.lang, key, value))
            .await;
        return;
    }
    if key == DiscordKey::TitleRole
        && let Some(role) = s.title_role
        && let Err(why) = check_role(call, role).await
    {
        call.private(why).await;
        return;
    }
    let saved = s.clone();
    if let Err(f) = call.bot.repo(move |r| r.save_settings(guild, &saved)).await {
        call.private(words::failure(call.lang, &f)).await;
        return;
    }
    call.bot.forget_lang(guild);
    let mut head = tr!(call.lang, "config-saved", key = key.name());
    if key == DiscordKey::TitleRole
        && let Some(role) = s.title_role
    {
        let (granted, failed) = grant_to_titled(call, role).await;
        head.push('\n');
        head.push_str(&tr!(
            call.lang,
            "config-title-granted",
            granted = granted,
            failed = failed
        ));
    }
    answer_with_settings(call, format!("{head}\n")).await;
}

/// Checks that a role exists and that the bot can grant it: it has Manage Roles and a role
/// above the title's.
async fn check_role(call: &Call<'_>, role: u64) -> Result<(), String> {
    let http = call.ctx.http();
    let guild = DGuild::new(call.guild.get().max(1));
    let lang = call.lang;
    let roles = http
        .get_guild_roles(guild)
        .await
        .map_err(|_| tr!(lang, "config-role-unreadable"))?;
    let Some(target) = roles.iter().find(|r| r.id.get() == role) else {
        return Err(tr!(
            lang,
            "config-role-missing",
            role = format!("<@&{role}>")
        ));
    };
    let me = http
        .get_current_user()
        .await
        .map_err(|_| tr!(lang, "config-role-unreadable"))?;
    let member = http
        .get_member(guild, me.id)
        .await
        .map_err(|_| tr!(lang, "config-role-unreadable"))?;
    // The bot's permissions on the server (its roles and @everyone, whose id is the
    // server's), not in this channel, where an overwrite's Manage Roles bit means something else.
    let everyone = guild.get();
    let mine: Vec<_> = roles
        .iter()
        .filter(|r| member.roles.contains(&r.id) || r.id.get() == everyone)
        .collect();
    let perms = mine
        .iter()
        .fold(serenity::all::Permissions::empty(), |p, r| {
            p | r.permissions
        });
    let top = mine.iter().map(|r| r.position).max().unwrap_or(0);
    if !(perms.manage_roles() || perms.administrator()) {
        return Err(tr!(lang, "config-role-no-permission"));
    }
    if target.managed {
        return Err(tr!(
            lang,
            "config-role-managed",
            role = format!("<@&{role}>")
        ));
    }
    if target.position >= top {
        return Err(tr!(
            lang,
            "config-role-too-high",
            role = format!("<@&{role}>")
        ));
    }
    Ok(())
}

/// Grants a newly set title role to everyone who already holds the title: (granted, failed).
async fn grant_to_titled(call: &Call<'_>, role: u64) -> (u32, u32) {
    let guild = call.guild;
    let players = call
        .bot
        .runtime
        .read(move |s| s.titled_players(guild))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    let (mut granted, mut failed) = (0, 0);
    for p in players {
        match give_role(call.ctx.http(), guild, p, role).await {
            Ok(()) => granted += 1,
            Err(e) => {
                tracing::warn!(user = p.get(), error = %e, "could not grant the title role");
                failed += 1;
            }
        }
    }
    (granted, failed)
}

/// Reset a setting to its default.
#[poise::command(slash_command, guild_only)]
pub async fn reset(
    ctx: Ctx<'_>,
    #[autocomplete = "setting_keys"]
    #[max_length = 100]
    key: String,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if !moderator_or_refuse(&call).await {
        return Ok(());
    }
    match reset_key(&call, &key).await {
        Ok(head) => answer_with_settings(&call, format!("{head}\n")).await,
        Err(refusal) => call.private(refusal).await,
    }
    Ok(())
}

/// Resets one key; the words saying so, or those of the refusal.
async fn reset_key(call: &Call<'_>, key: &str) -> Result<String, String> {
    let lang = call.lang;
    match owner(key) {
        Some(Owner::Game(k)) => {
            let (guild, moderator) = (call.guild, call.moderator());
            match call
                .bot
                .runtime
                .read(move |s| s.reset_setting(guild, moderator, k.name()))
                .await
            {
                Ok(Ok(_)) => Ok(tr!(lang, "config-reset", key = k.name())),
                Ok(Err(f)) => Err(words::failure(lang, &f)),
                Err(_) => Err(tr!(lang, "failure-internal")),
            }
        }
        Some(Owner::Discord(k)) => {
            let guild = call.guild;
            let mut s = call.bot.discord_settings(guild).await;
            let _ = s.set(k, &DiscordSettings::default().get(k));
            call.bot
                .repo(move |r| r.save_settings(guild, &s))
                .await
                .map_err(|f| words::failure(lang, &f))?;
            call.bot.forget_lang(guild);
            Ok(tr!(lang, "config-reset", key = k.name()))
        }
        None => Err(words::setting_error(
            lang,
            &crate::game::SettingError::UnknownKey(key.trim().to_owned()),
        )),
    }
}

/// The running games of this server.
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Ctx<'_>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if !moderator_or_refuse(&call).await {
        return Ok(());
    }
    let guild = call.guild;
    let list = call
        .bot
        .runtime
        .read(move |s| s.running_in(guild))
        .await
        .unwrap_or_default();
    let lang = call.lang;
    let text = if list.is_empty() {
        tr!(lang, "config-no-games")
    } else {
        let lines: Vec<String> = list
            .iter()
            .map(|g| match &g.problem {
                None => tr!(
                    lang,
                    "config-game-line",
                    game = g.id.get(),
                    summary = summary(g, lang),
                    black = mention(g.players[0]),
                    white = mention(g.players[1]),
                    moves = g.move_count,
                    started = relative_time(g.started_at),
                    channel = format!("<#{}>", g.channel.get())
                ),
                Some(why) => tr!(
                    lang,
                    "config-game-broken",
                    game = g.id.get(),
                    why = why.clone()
                ),
            })
            .collect();
        fit_lines(&lines, |n| tr!(lang, "config-more-games", count = n))
    };
    call.private(text).await;
    Ok(())
}

/// `9×9 Chinese`.
fn summary(g: &crate::game::RunningGame, lang: Lang) -> String {
    g.terms.map_or_else(String::new, |(size, rules)| {
        format!("{0}×{0} {1}", size.get(), words::rules_name(lang, rules))
    })
}

/// Joins `lines` within Discord's 2,000 characters of content, ending with `more(n)` for the
/// `n` lines that did not fit.
fn fit_lines(lines: &[String], more: impl Fn(usize) -> String) -> String {
    fit_lines_within(lines, 2000, more)
}

/// [`fit_lines`] within `limit` characters (room left for a heading).
fn fit_lines_within(lines: &[String], limit: usize, more: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let tail = more(lines.len() - i);
        if out.chars().count() + line.chars().count() + tail.chars().count() + 2 > limit {
            out.push_str(&tail);
            return out;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The running games, offered as `annul`'s option is typed.
async fn running(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let Some(guild) = ctx
        .interaction
        .guild_id
        .map(|g| crate::game::GuildId(g.get()))
    else {
        return CreateAutocompleteResponse::new();
    };
    let list = ctx
        .data()
        .runtime
        .read(move |s| s.running_in(guild))
        .await
        .unwrap_or_default();
    let typed = partial.trim();
    let lang = Lang::from_locale(&ctx.interaction.locale);
    let choices = list
        .into_iter()
        .filter(|g| typed.is_empty() || g.id.to_string().starts_with(typed))
        .take(25)
        .map(|g| {
            let label = format!("#{} {} · {}", g.id, summary(&g, lang), g.move_count);
            AutocompleteChoice::new(label, g.id.get())
        })
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// End a running game with no result.
#[poise::command(slash_command, guild_only)]
pub async fn annul(
    ctx: Ctx<'_>,
    #[min = 1]
    #[autocomplete = "running"]
    game: i64,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let lang = call.lang;
    call.apply_and_answer(
        Command::Annul {
            guild: call.guild,
            by: call.user,
            moderator: call.moderator(),
            match_id: MatchId(game),
        },
        |_| tr!(lang, "config-annulled", game = game),
    )
    .await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_stays_within_discords_limit_and_says_how_many_are_left() {
        let lines: Vec<String> = (0..40)
            .map(|i| format!("{i:03} {}", "x".repeat(90)))
            .collect();
        let text = fit_lines(&lines, |n| format!("…and {n} more"));
        assert!(text.chars().count() <= 2000, "{}", text.chars().count());
        let shown = text.lines().filter(|l| !l.starts_with('…')).count();
        assert!(
            text.ends_with(&format!("…and {} more", 40 - shown)),
            "{text}"
        );
        let short = fit_lines(&lines[..3], |n| format!("…and {n} more"));
        assert_eq!(short.lines().count(), 3);
    }

    #[test]
    fn every_setting_is_listed_within_the_limit_in_every_language() {
        for lang in Lang::ALL {
            let text = listing(&Settings::default(), &DiscordSettings::default(), lang);
            assert!(
                text.chars().count() <= 4000,
                "{lang:?}: {}",
                text.chars().count()
            );
            assert!(!text.ends_with('…'), "{lang:?}: every key fits: {text}");
        }
    }
}
