//! `/weiqi-organise create | start | cancel | team | bar`: running a server's events, for its
//! moderators and the members of its `event-organiser-role` (`rule`, the referee's, is in
//! `weiqi_organise_rule.rs`). A command of its own, shown by default to Manage Server, so that a
//! server can let its organisers and referees see it (Server Settings → Integrations) without
//! showing them `/weiqi-config`. Each decodes its options and sends one command; the game
//! decides, the announcement and the rounds are published.

use serenity::all::{AutocompleteChoice, CreateAutocompleteResponse, Role, User};

use crate::game::events::{
    ColourRule, EventOptions, Format, HandicapPolicy, Schedule, Stage, Tournament,
};
use crate::game::time_control::{TimePreset, parse_duration};
use crate::game::{Command, Duration, EventId, EventRequest, UserId};
use crate::go::RuleSet;

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::{Lang, tr};
use crate::discord::ui::words;

/// The server's events not over, offered as an `event` option is typed: `#12 · Winter cup ·
/// registration`.
pub(super) async fn open_events(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let lang = Lang::from_locale(&ctx.interaction.locale);
    let Some(guild) = super::guild_of(ctx) else {
        return CreateAutocompleteResponse::new();
    };
    let typed = partial.trim().trim_start_matches('#').to_lowercase();
    super::choices(ctx.data().runtime.events_of(guild, false), |events| {
        events
            .iter()
            .filter(|t| {
                typed.is_empty()
                    || t.id.get().to_string().starts_with(&typed)
                    || t.name.to_lowercase().contains(&typed)
            })
            .take(25)
            .map(|t| AutocompleteChoice::new(event_label(t, lang), t.id.get()))
            .collect()
    })
    .await
}

/// An event as a choice: `#12 · Winter cup · round 2`.
pub(super) fn event_label(t: &Tournament, lang: Lang) -> String {
    let stage = match t.stage {
        Stage::Registration => tr!(lang, "event-choice-registration"),
        Stage::Running => tr!(lang, "event-choice-round", round = t.round),
        Stage::Finished => tr!(lang, "event-choice-finished"),
        Stage::Cancelled => tr!(lang, "event-choice-cancelled"),
    };
    let label = format!("#{} · {} · {stage}", t.id.get(), t.name);
    label.chars().take(100).collect()
}

/// The event a command means: the one named, else the server's newest — not over, where
/// `open` (to withdraw from, to start), or any (standings and records are read after the end
/// too). `None` (the caller told) when there is none.
pub(super) async fn event_meant(
    call: &Call<'_>,
    named: Option<i64>,
    open: bool,
) -> Option<EventId> {
    if let Some(n) = named {
        return Some(EventId(n));
    }
    match call.bot.runtime.events_of(call.guild, open).await {
        Ok(list) => match list.first() {
            Some(t) => Some(t.id),
            None if open => {
                call.private(tr!(call.lang, "event-none-open")).await;
                None
            }
            None => {
                call.private(tr!(call.lang, "event-none")).await;
                None
            }
        },
        Err(f) => {
            call.failure(&f).await;
            None
        }
    }
}

/// `/weiqi-organise`: run the server's events (organisers and referees).
#[poise::command(
    slash_command,
    guild_only,
    rename = "weiqi-organise",
    default_member_permissions = "MANAGE_GUILD",
    subcommand_required,
    subcommands(
        "event_create",
        "event_start",
        "event_cancel",
        "event_team",
        "event_bar",
        "super::weiqi_organise_rule::event_rule"
    )
)]
pub async fn weiqi_organise(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open an event for registration: its announcement, with Join and Leave, is posted here.
#[poise::command(slash_command, guild_only, rename = "create")]
// One argument per option of the slash command, as poise takes them.
#[allow(clippy::too_many_arguments)]
pub async fn event_create(
    ctx: Ctx<'_>,
    #[max_length = 100] name: String,
    format: Format,
    #[max_length = 300] purpose: Option<String>,
    #[max_length = 20] registration: Option<String>,
    #[min = 5]
    #[max = 19]
    #[autocomplete = "super::weiqi_invite::allowed_sizes"]
    size: Option<u8>,
    rules: Option<RuleSet>,
    #[min = -50]
    #[max = 50]
    komi: Option<f64>,
    handicap: Option<HandicapPolicy>,
    time: Option<TimePreset>,
    ranked: Option<bool>,
    #[min = 1]
    #[max = 12]
    rounds: Option<u32>,
    #[min = 2]
    #[max = 64]
    max_players: Option<u32>,
    role: Option<Role>,
    #[min = 0]
    #[max = 1000]
    min_games: Option<u32>,
    schedule: Option<Schedule>,
    #[max_length = 20] start_window: Option<String>,
    #[min = 0]
    #[max = 10]
    absences: Option<u32>,
    #[max_length = 10] bar: Option<String>,
    #[max_length = 10] floor: Option<String>,
    #[channel_types("Text")] relay: Option<serenity::all::ChannelId>,
    #[max_length = 20] round_interval: Option<String>,
    colours: Option<ColourRule>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if !call.may_post_here(false).await {
        return Ok(());
    }
    // A duration as typed (`10m`, `2d`); one that does not read is refused, nothing created.
    let mut unreadable = false;
    let mut duration = |typed: Option<String>| {
        let parsed = typed.as_deref().map(parse_duration);
        unreadable |= matches!(parsed, Some(None));
        parsed.flatten()
    };
    let (start_window, round_interval, registration) = (
        duration(start_window),
        duration(round_interval),
        duration(registration),
    );
    if unreadable {
        let why = words::refusal(call.lang, &crate::game::Refusal::EventTermsNotAllowed);
        call.private(why).await;
        return Ok(());
    }
    let options = EventOptions {
        purpose,
        registration,
        format: Some(format),
        size,
        rules,
        komi,
        handicap,
        time,
        ranked,
        role: role.map(|r| r.id.get()),
        relay: relay.map(|c| c.get()),
        min_ranked_games: min_games,
        max_players,
        schedule,
        round_interval,
        start_window,
        absences_allowed: absences,
        rounds,
        bar,
        floor,
        colours,
    };
    let Some(organiser) = call.organiser().await else {
        return Ok(());
    };
    let command = Command::CreateEvent(Box::new(EventRequest {
        guild: call.guild,
        channel: call.channel,
        by: call.user,
        moderator: organiser,
        name,
        options,
    }));
    let lang = call.lang;
    call.apply_and_answer(command, |_| tr!(lang, "answer-event-created"))
        .await;
    Ok(())
}

/// Start an event (its first round), or its next round under a manual schedule.
#[poise::command(slash_command, guild_only, rename = "start")]
pub async fn event_start(
    ctx: Ctx<'_>,
    #[autocomplete = "open_events"] event: Option<i64>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let Some(event) = event_meant(&call, event, true).await else {
        return Ok(());
    };
    let Some(organiser) = call.organiser().await else {
        return Ok(());
    };
    let command = Command::StartEvent {
        guild: call.guild,
        event,
        moderator: organiser,
    };
    let lang = call.lang;
    call.apply_and_answer(command, |_| tr!(lang, "answer-round-started"))
        .await;
    Ok(())
}

/// Call an event off: its games still being played are annulled.
#[poise::command(slash_command, guild_only, rename = "cancel")]
pub async fn event_cancel(
    ctx: Ctx<'_>,
    #[autocomplete = "open_events"] event: i64,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let Some(organiser) = call.organiser().await else {
        return Ok(());
    };
    let command = Command::CancelEvent {
        guild: call.guild,
        event: EventId(event),
        moderator: organiser,
    };
    let lang = call.lang;
    call.apply_and_answer(command, |_| tr!(lang, "answer-event-cancelled"))
        .await;
    Ok(())
}

/// Set an arena's team, in its captain's order (mention the players, first to play first).
#[poise::command(slash_command, guild_only, rename = "team")]
pub async fn event_team(
    ctx: Ctx<'_>,
    #[autocomplete = "open_events"] event: i64,
    #[min = 1]
    #[max = 2]
    team: u8,
    #[max_length = 1000] players: String,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let Some(players) = super::mentioned(&players) else {
        call.private(tr!(call.lang, "refusal-team-mentions")).await;
        return Ok(());
    };
    let Some(organiser) = call.organiser().await else {
        return Ok(());
    };
    let command = Command::SetTeam {
        guild: call.guild,
        event: EventId(event),
        moderator: organiser,
        team: team.saturating_sub(1),
        players,
    };
    let lang = call.lang;
    call.apply_and_answer(command, |_| {
        tr!(lang, "answer-team-set", team = u32::from(team))
    })
    .await;
    Ok(())
}

/// Bar a member from this server's events for a number of days (0 lifts the bar).
#[poise::command(slash_command, guild_only, rename = "bar")]
pub async fn event_bar(
    ctx: Ctx<'_>,
    user: User,
    #[min = 0]
    #[max = 3650]
    days: u32,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let until = call.bot.runtime.now() + Duration::from_secs(u64::from(days) * 24 * 3600);
    let Some(organiser) = call.organiser().await else {
        return Ok(());
    };
    let command = Command::BarFromEvents {
        guild: call.guild,
        moderator: organiser,
        user: UserId(user.id.get()),
        until,
    };
    let lang = call.lang;
    call.apply_and_answer(command, |_| {
        tr!(
            lang,
            "answer-barred",
            user = crate::discord::ui::mention(UserId(user.id.get())),
            days = days
        )
    })
    .await;
    Ok(())
}
