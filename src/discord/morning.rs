//! Players' mornings: the notices of correspondence moves held through their quiet hours, and
//! the daily digest of the correspondence games where it is their move. A task looks every
//! little while at the players of the servers this process holds; each morning is taken in the
//! database before it is sent, so two looks (or two processes) send it once.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::Http;
use tokio::sync::watch;
use tracing::warn;

use crate::game::quiet::{NoticeTimes, QuietHours};
use crate::game::training::{Day, UtcOffset};
use crate::game::{GuildId, Match, UserId};
use crate::store::discord_quiet::QuietRow;

use super::bot::Bot;
use super::i18n::tr;
use super::publish::{notice_steps, rest};
use super::ui;

/// How often the mornings are looked at.
const LOOK_EVERY: Duration = Duration::from_secs(10);

/// A player's times from their row (a value the schema should have kept out reads as none).
pub fn times_of(row: &QuietRow) -> NoticeTimes {
    let minute = |m: i64| u16::try_from(m).ok().filter(|&m| m < 24 * 60);
    NoticeTimes {
        offset: i32::try_from(row.utc_offset)
            .ok()
            .and_then(UtcOffset::from_minutes)
            .unwrap_or(UtcOffset::UTC),
        quiet: row.quiet.and_then(|(a, b)| {
            Some(QuietHours {
                from: minute(a)?,
                to: minute(b)?,
            })
        }),
        digest: row.digest,
    }
}

/// A player's row for `times` (the morning's state is the table's own).
pub fn row_of(guild: GuildId, user: UserId, times: NoticeTimes) -> QuietRow {
    QuietRow {
        guild: guild.get(),
        user: user.get(),
        utc_offset: i64::from(times.offset.minutes()),
        quiet: times.quiet.map(|q| (i64::from(q.from), i64::from(q.to))),
        digest: times.digest,
        digest_day: None,
        morning_due: false,
    }
}

/// Looks at the mornings until `stop` turns.
pub async fn follow_mornings(bot: Arc<Bot>, mut stop: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            () = tokio::time::sleep(LOOK_EVERY) => {}
            _ = stop.changed() => return,
        }
        if let Some(http) = bot.http().cloned() {
            look(&bot, &http).await;
        }
    }
}

/// One look: each player whose morning is due gets it.
async fn look(bot: &Bot, http: &Http) {
    let rows = match bot.runtime.mornings().await {
        Ok(rows) => rows,
        Err(e) => {
            warn!(error = %e, "cannot read the players' mornings");
            return;
        }
    };
    let now = bot.runtime.now();
    for row in rows {
        let times = times_of(&row);
        let last = row
            .digest_day
            .as_deref()
            .and_then(|d| d.parse::<Day>().ok());
        let due = times.morning(now, row.morning_due, last);
        if !due.any() {
            continue;
        }
        let day = due.digest.then(|| times.day(now).to_string());
        match bot.runtime.take_morning(row.clone(), day).await {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                warn!(user = row.user, error = %e, "cannot take a player's morning");
                continue;
            }
        }
        let (guild, user) = (GuildId(row.guild), UserId(row.user));
        let games = awaiting(bot, guild, user).await;
        if due.held {
            for m in &games {
                notice_steps::notify_turn(bot, http, m.id, user).await;
            }
        }
        if due.digest && !games.is_empty() {
            send_digest(bot, http, guild, user, &games).await;
        }
    }
}

/// The correspondence games of `guild` where it is `user`'s move.
async fn awaiting(bot: &Bot, guild: GuildId, user: UserId) -> Vec<Match> {
    match bot.runtime.games_of(user).await {
        Ok(games) => games
            .into_iter()
            .filter(|m| {
                m.guild == guild && m.config.time.is_correspondence() && m.awaited() == Some(user)
            })
            .collect(),
        Err(e) => {
            warn!(user = user.get(), error = %e, "cannot read a player's games");
            Vec::new()
        }
    }
}

/// The digest, by direct message: each game where it is their move, its opponent, when its
/// time runs out, a link to its board.
async fn send_digest(bot: &Bot, http: &Http, guild: GuildId, user: UserId, games: &[Match]) {
    let lang = bot.guild_lang(guild).await;
    let mut lines = Vec::with_capacity(games.len());
    for m in games {
        let opponent = m
            .color_of(user)
            .map(|c| ui::mention(m.players[!c]))
            .unwrap_or_default();
        let link = notice_steps::board_link(bot, m).await;
        lines.push(
            tr!(
                lang,
                "digest-line",
                game = m.id.get(),
                opponent = opponent,
                deadline = ui::relative_time(m.turn_deadline)
            ) + &link,
        );
    }
    let text = tr!(
        lang,
        "digest",
        count = games.len(),
        games = lines.join("\n")
    );
    if rest::dm(http, user, text).await != rest::Delivery::Sent {
        warn!(user = user.get(), "the digest was not delivered");
    }
}
