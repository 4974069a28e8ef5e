//! `/weiqi-config show | set | reset | games | annul`: a server's settings and its running
//! games, for moderators (Manage Server). The game's settings are the game's (changed by a
//! command, like every change); the adapter's own (notices, threads, the title role, the
//! language) sit beside them. `games` and `annul` are in `weiqi_config_games.rs`.

use serenity::all::{AutocompleteChoice, CreateAutocompleteResponse};

use crate::game::{Command, Event, SettingChange, SettingKey, Settings};

use super::Call;
use super::weiqi_config_games::{annul, games};
use crate::discord::bot::{Ctx, Error};
use crate::discord::discord_settings::{DiscordKey, DiscordSettings};
use crate::discord::i18n::{Lang, tr};
use crate::discord::publish::rest::give_role;
use crate::discord::reply::Reply;
use crate::discord::snowflake;
use crate::discord::ui::fit::fit_lines_within;
use crate::discord::ui::words;

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

/// Answers a moderator with the settings after a change (`game`: the game's as the change
/// left them), or as they are. A read that fails is said, never shown as the defaults.
async fn answer_with_settings(call: &Call<'_>, head: String, game: Option<Settings>) {
    let game = match game {
        Some(g) => g,
        None => match call.bot.runtime.settings(call.guild).await {
            Ok(g) => g,
            Err(f) => return call.failure(&f).await,
        },
    };
    let discord = match call.bot.discord_settings(call.guild).await {
        Ok(d) => d,
        Err(f) => return call.failure(&f).await,
    };
    let embed = serenity::all::CreateEmbed::new()
        .title(tr!(call.lang, "config-heading"))
        .description(listing(&game, &discord, call.lang));
    call.reply(Reply::private(head).embed(embed)).await;
}

/// Show this server's settings.
#[poise::command(slash_command, guild_only)]
pub async fn show(ctx: Ctx<'_>) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if call.moderator_or_refuse().await {
        answer_with_settings(&call, String::new(), None).await;
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
    if !call.moderator_or_refuse().await {
        return Ok(());
    }
    // A title role is checked with Discord and granted to every titled player: more than a
    // moment. The answer comes as an edit.
    call.defer(true).await;
    match owner(&key) {
        None => unknown_key(&call, &key).await,
        Some(Owner::Game(k)) => {
            let change = SettingChange::Set {
                key: k.name().to_owned(),
                value,
            };
            configure(&call, k, change).await;
        }
        Some(Owner::Discord(k)) => set_discord(&call, k, &value).await,
    }
    Ok(())
}

/// A key that is no setting's, refused privately.
async fn unknown_key(call: &Call<'_>, key: &str) {
    let unknown = crate::game::SettingError::UnknownKey(key.trim().to_owned());
    call.private(words::setting_error(call.lang, &unknown))
        .await;
}

/// Changes one of the game's settings by its command; the settings after it, headed by what
/// was done.
async fn configure(call: &Call<'_>, key: SettingKey, change: SettingChange) {
    let reset = matches!(change, SettingChange::Reset { .. });
    let command = Command::Configure {
        guild: call.guild,
        moderator: call.moderator(),
        change,
    };
    let applied = call.apply(command).await;
    match applied.result {
        Ok(outcome) => {
            let after = outcome.events.into_iter().find_map(|e| match e {
                Event::SettingsChanged(s) => Some(*s),
                _ => None,
            });
            let head = if reset {
                tr!(call.lang, "config-reset", key = key.name())
            } else {
                tr!(call.lang, "config-saved", key = key.name())
            };
            answer_with_settings(call, format!("{head}\n"), after).await;
        }
        Err(f) => call.failure(&f).await,
    }
}

/// Sets one of the adapter's settings; a title role is checked first, then granted to the
/// players who earned the title before it was set.
async fn set_discord(call: &Call<'_>, key: DiscordKey, value: &str) {
    let guild = call.guild;
    let mut s = match call.bot.discord_settings(guild).await {
        Ok(s) => s,
        Err(f) => return call.failure(&f).await,
    };
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
    if let Err(f) = call.bot.save_discord_settings(guild, &s).await {
        return call.failure(&f).await;
    }
    call.bot.forget_lang(guild);
    let mut head = tr!(call.lang, "config-saved", key = key.name());
    if key == DiscordKey::TitleRole
        && let Some(role) = s.title_role
    {
        match grant_to_titled(call, role).await {
            Ok((granted, failed)) => {
                head.push('\n');
                head.push_str(&tr!(
                    call.lang,
                    "config-title-granted",
                    granted = granted,
                    failed = failed
                ));
            }
            Err(f) => return call.failure(&f).await,
        }
    }
    answer_with_settings(call, format!("{head}\n"), None).await;
}

/// Checks that a role exists and that the bot can grant it: it has Manage Roles and a role
/// above the title's.
async fn check_role(call: &Call<'_>, role: u64) -> Result<(), String> {
    let http = call.ctx.http();
    let lang = call.lang;
    let guild = snowflake::guild(call.guild).map_err(|_| tr!(lang, "config-role-unreadable"))?;
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
///
/// # Errors
/// The titled players cannot be read.
async fn grant_to_titled(
    call: &Call<'_>,
    role: u64,
) -> Result<(u32, u32), crate::service::Failure> {
    let players = call.bot.runtime.titled_players(call.guild).await?;
    let (mut granted, mut failed) = (0, 0);
    for p in players {
        match give_role(call.ctx.http(), call.guild, p, role).await {
            Ok(()) => granted += 1,
            Err(e) => {
                tracing::warn!(user = p.get(), error = %e, "could not grant the title role");
                failed += 1;
            }
        }
    }
    Ok((granted, failed))
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
    if !call.moderator_or_refuse().await {
        return Ok(());
    }
    match owner(&key) {
        None => unknown_key(&call, &key).await,
        Some(Owner::Game(k)) => {
            let change = SettingChange::Reset {
                key: k.name().to_owned(),
            };
            configure(&call, k, change).await;
        }
        Some(Owner::Discord(k)) => reset_discord(&call, k).await,
    }
    Ok(())
}

/// Resets one of the adapter's settings.
async fn reset_discord(call: &Call<'_>, key: DiscordKey) {
    let guild = call.guild;
    let mut s = match call.bot.discord_settings(guild).await {
        Ok(s) => s,
        Err(f) => return call.failure(&f).await,
    };
    // The default always reads back.
    let _ = s.set(key, &DiscordSettings::default().get(key));
    if let Err(f) = call.bot.save_discord_settings(guild, &s).await {
        return call.failure(&f).await;
    }
    call.bot.forget_lang(guild);
    let head = tr!(call.lang, "config-reset", key = key.name());
    answer_with_settings(call, format!("{head}\n"), None).await;
}

#[cfg(test)]
mod tests {
    use super::*;

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
