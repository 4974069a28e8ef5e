//! `/weiqi notify [how] [quiet] [digest]`: how the caller is told it is their move on this
//! server — as the server says (`move-notify`), a mention in the game's channel, a direct
//! message (a mention with a note when Discord refuses it), or nothing; their quiet hours for
//! correspondence games (`22-7 UTC+9`: the notice waits until they end); the morning digest of
//! their correspondence moves. Kept in the adapter's own tables. With nothing given, the
//! answer says how they stand.

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::choices::NoticeChoice;
use crate::discord::i18n::{Lang, tr};
use crate::discord::morning::{row_of, times_of};
use crate::game::quiet::{NoticeTimes, QuietHours};
use crate::game::training::UtcOffset;

/// How you are told it is your move
#[poise::command(slash_command, guild_only)]
pub async fn notify(
    ctx: Ctx<'_>,
    how: Option<NoticeChoice>,
    #[max_length = 30] quiet: Option<String>,
    digest: Option<bool>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let mut said = Vec::new();
    if let Some(how) = how {
        if let Err(f) = call
            .bot
            .runtime
            .set_notice(call.guild, call.user, how.stored())
            .await
        {
            call.failure(&f).await;
            return Ok(());
        }
        said.push(match how {
            NoticeChoice::Server => tr!(call.lang, "notify-set-server"),
            NoticeChoice::Mention => tr!(call.lang, "notify-set-mention"),
            NoticeChoice::Dm => tr!(call.lang, "notify-set-dm"),
            NoticeChoice::None => tr!(call.lang, "notify-set-none"),
        });
    }
    let times = match set_times(&call, quiet.as_deref(), digest).await {
        Ok(times) => times,
        Err(text) => {
            call.private(text).await;
            return Ok(());
        }
    };
    said.push(times_text(call.lang, times));
    call.private(said.join("\n")).await;
    Ok(())
}

/// The caller's times after `quiet` and `digest` (each kept as it was when not given); the
/// words of a refusal when `quiet` does not read or the database fails.
async fn set_times(
    call: &Call<'_>,
    quiet: Option<&str>,
    digest: Option<bool>,
) -> Result<NoticeTimes, String> {
    let stored = call.bot.runtime.quiet(call.guild, call.user).await;
    let before = match stored {
        Ok(Some(row)) => times_of(&row),
        Ok(None) => NoticeTimes {
            // A first zone: the server's.
            offset: call
                .bot
                .runtime
                .settings(call.guild)
                .await
                .map_or(UtcOffset::UTC, |s| s.timezone),
            quiet: None,
            digest: false,
        },
        Err(f) => return Err(crate::discord::ui::words::failure(call.lang, &f)),
    };
    if quiet.is_none() && digest.is_none() {
        return Ok(before);
    }
    let mut times = before;
    if let Some(text) = quiet {
        let (quiet, offset) =
            read_quiet(text).ok_or_else(|| tr!(call.lang, "refusal-quiet-unreadable"))?;
        times.quiet = quiet;
        times.offset = offset.unwrap_or(times.offset);
    }
    times.digest = digest.unwrap_or(times.digest);
    let row = row_of(call.guild, call.user, times);
    match call.bot.runtime.set_quiet(row).await {
        Ok(()) => Ok(times),
        Err(f) => Err(crate::discord::ui::words::failure(call.lang, &f)),
    }
}

/// `off`, `22-7`, `22-7 UTC+9`, `23:30-6:30 +05:30`: the quiet hours (`None` for off) and the
/// zone if given; `None` when it does not read.
fn read_quiet(text: &str) -> Option<(Option<QuietHours>, Option<UtcOffset>)> {
    let mut words = text.split_whitespace();
    let hours = words.next()?;
    let zone: Vec<&str> = words.collect();
    let zone = if zone.is_empty() {
        None
    } else {
        Some(zone.join("").parse::<UtcOffset>().ok()?)
    };
    if hours.eq_ignore_ascii_case("off") {
        return Some((None, zone));
    }
    Some((Some(hours.parse().ok()?), zone))
}

/// How the caller's quiet hours and digest stand.
fn times_text(lang: Lang, t: NoticeTimes) -> String {
    let zone = t.offset.to_string();
    let quiet = match t.quiet {
        Some(q) => tr!(
            lang,
            "notify-quiet",
            hours = q.to_string(),
            zone = zone.clone()
        ),
        None => tr!(lang, "notify-quiet-off"),
    };
    let m = t.morning_minute();
    let digest = if t.digest {
        let time = format!("{:02}:{:02}", m / 60, m % 60);
        tr!(lang, "notify-digest", time = time, zone = zone)
    } else {
        tr!(lang, "notify-digest-off")
    };
    format!("{quiet}\n{digest}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_read_with_or_without_a_zone_and_off() {
        let (q, z) = read_quiet("22-7 UTC+9").expect("reads");
        assert_eq!(q.map(|q| q.to_string()).as_deref(), Some("22:00–07:00"));
        assert_eq!(z.map(|z| z.to_string()).as_deref(), Some("UTC+9"));
        assert_eq!(read_quiet("off"), Some((None, None)));
        assert!(read_quiet("23:30-6:30").is_some_and(|(q, z)| q.is_some() && z.is_none()));
        assert_eq!(read_quiet("late"), None);
        assert_eq!(read_quiet("22-7 Mars"), None);
    }
}
