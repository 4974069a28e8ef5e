//! `/weiqi seek [size] [time] [ranked] [leave]`: wait in the server's queue for a game of
//! these terms (快速匹配), or leave it. The answer is private and shows who waits, at which
//! terms; a pairing pings both where their game starts.

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::{Lang, tr};
use crate::discord::ui::words;
use crate::game::seek::{SeekOptions, SeekTerms};
use crate::game::time_control::TimePreset;
use crate::game::{Command, Event};

/// Find an opponent of your rank
#[poise::command(slash_command, guild_only)]
pub async fn seek(
    ctx: Ctx<'_>,
    #[min = 5]
    #[max = 19]
    #[autocomplete = "super::weiqi_invite::allowed_sizes"]
    size: Option<u8>,
    time: Option<TimePreset>,
    ranked: Option<bool>,
    leave: Option<bool>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let (guild, user) = (call.guild, call.user);
    if leave == Some(true) {
        let command = Command::LeaveSeek { guild, user };
        call.apply_and_answer(command, |_| tr!(call.lang, "seek-left"))
            .await;
        return Ok(());
    }
    let command = Command::Seek {
        guild,
        channel: call.channel,
        user,
        options: SeekOptions { size, time, ranked },
    };
    let applied = call.apply(command).await;
    match &applied.result {
        Ok(outcome) => {
            // Paired at once only if one of the games the seek started is the caller's (a
            // seek may also pair others whose windows have widened).
            let paired =
                applied.after.iter().flat_map(|o| &o.events).any(
                    |e| matches!(e, Event::SeekPaired { players, .. } if players.contains(&user)),
                );
            for event in &outcome.events {
                if let Event::Sought { terms, waiting, .. } = event {
                    call.private(sought_text(call.lang, *terms, waiting, paired))
                        .await;
                }
            }
        }
        Err(f) => call.failure(f).await,
    }
    call.publish(&applied).await;
    Ok(())
}

/// The answer to a seek: what the caller waits for, who waits at which terms, how the window
/// widens — or that they were paired at once.
fn sought_text(
    lang: Lang,
    terms: SeekTerms,
    waiting: &[(SeekTerms, usize)],
    paired: bool,
) -> String {
    if paired {
        return tr!(
            lang,
            "seek-paired-at-once",
            terms = words::seek_terms(lang, terms)
        );
    }
    tr!(
        lang,
        "seek-waiting",
        terms = words::seek_terms(lang, terms),
        queue = queue_lines(lang, waiting),
        minutes = crate::game::seek::ANY_RANK_AFTER.as_secs() / 60
    )
}

/// Who waits in the seek queue, at which terms, a line each.
fn queue_lines(lang: Lang, waiting: &[(SeekTerms, usize)]) -> String {
    let lines: Vec<String> = waiting
        .iter()
        .map(|(t, n)| {
            let terms = words::seek_terms(lang, *t);
            tr!(lang, "seek-queue-line", terms = terms, count = *n)
        })
        .collect();
    lines.join("\n")
}

/// The seek queue as `/weiqi status` shows it to a player with no game.
pub(super) fn queue_text(lang: Lang, waiting: &[(SeekTerms, usize)]) -> String {
    tr!(lang, "seek-queue-now", queue = queue_lines(lang, waiting))
}
