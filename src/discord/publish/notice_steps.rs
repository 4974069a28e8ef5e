//! Telling players: whose turn it is, that the dead stones wait for them, that a
//! correspondence clock runs out — as the server's `move-notify` says (a mention in the game's
//! channel replacing the game's previous one, a DM with a link to the board, or nothing).

use serenity::all::{CreateMessage, Http};
use tracing::warn;

use crate::game::{Match, MatchId, Timestamp, UserId};
use crate::go::Color;
use crate::runtime::queries::BoardRecord;

use super::records::board_record;
use super::rest::{self, Delivery, send};
use crate::discord::bot::Bot;
use crate::discord::discord_settings::MoveNotify;
use crate::discord::i18n::tr;
use crate::discord::snowflake;
use crate::discord::ui::{self, team_board::side_name};

/// Tells `user` it is their move, only while it still is: a deadline or a move shown late must
/// not ping (and replace the ping of) the player who is not to move any more.
pub async fn notify_turn(bot: &Bot, http: &Http, id: MatchId, user: UserId) {
    let Some(m) = bot.current(id).await else {
        return;
    };
    if m.awaited() != Some(user) {
        return;
    }
    if m.config.time.is_correspondence() && held_for_morning(bot, &m, user).await {
        return;
    }
    let lang = bot.guild_lang(m.guild).await;
    let text = ui::notices::turn_notice(&m, user, lang);
    notify(bot, http, &m, &[user], text).await;
}

/// Whether `user` is in their quiet hours: then the notice of their correspondence move waits
/// for their morning (noted, so that a restart still sends it). A row that cannot be read
/// holds nothing back.
async fn held_for_morning(bot: &Bot, m: &Match, user: UserId) -> bool {
    let row = match bot.runtime.quiet(m.guild, user).await {
        Ok(Some(row)) => row,
        Ok(None) => return false,
        Err(e) => {
            warn!(match_id = m.id.get(), error = %e, "cannot read quiet hours; telling now");
            return false;
        }
    };
    if !crate::discord::morning::times_of(&row).is_quiet(bot.runtime.now()) {
        return false;
    }
    match bot.runtime.hold_for_morning(m.guild, user).await {
        Ok(()) => true,
        Err(e) => {
            warn!(match_id = m.id.get(), error = %e, "cannot hold a notice; telling now");
            false
        }
    }
}

/// Tells both players the dead stones wait for them.
pub async fn notify_agreement(bot: &Bot, http: &Http, id: MatchId) {
    let Some(m) = bot.current(id).await else {
        return;
    };
    let lang = bot.guild_lang(m.guild).await;
    let text = tr!(
        lang,
        "notice-agreement",
        black = side_name(&m, Color::Black, lang),
        white = side_name(&m, Color::White, lang)
    );
    notify(bot, http, &m, &m.people(), text).await;
}

/// A correspondence game's reminder by DM, only while it is still their turn on that clock.
pub async fn remind(bot: &Bot, http: &Http, id: MatchId, user: UserId, deadline: Timestamp) {
    let Some(m) = bot.current(id).await else {
        return;
    };
    if m.awaited() != Some(user) || m.turn_deadline != deadline {
        return;
    }
    let lang = bot.guild_lang(m.guild).await;
    let text = tr!(
        lang,
        "notice-clock-reminder",
        player = ui::mention(user),
        game = m.id.get(),
        deadline = ui::relative_time(deadline)
    );
    let link = board_link(bot, &m).await;
    rest::dm(http, user, format!("{text}{link}")).await;
}

/// Sends `text` to `users`, each as they chose with `/weiqi notify`, else as the server's
/// `move-notify` says: a mention in the game's channel (one message, replacing the game's
/// previous one), a DM with a link to the board, or nothing. A DM Discord refuses (the user
/// takes none from the bot) becomes a mention, with a note saying why. A setting that cannot be
/// read notifies by mention, the default.
async fn notify(bot: &Bot, http: &Http, m: &Match, users: &[UserId], text: String) {
    let id = m.id;
    let server = match bot.discord_settings(m.guild).await {
        Ok(s) => s.move_notify,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot read move-notify; mentioning");
            MoveNotify::Mention
        }
    };
    let record = board_record(bot, id).await;
    let (mut mention, mut closed) = (Vec::new(), Vec::new());
    for &user in users {
        let how = match bot.runtime.notice(m.guild, user).await {
            Ok(Some(chosen)) => MoveNotify::from_name(&chosen).unwrap_or(server),
            Ok(None) => server,
            Err(e) => {
                warn!(match_id = id.get(), error = %e, "cannot read a player's notices; the server's");
                server
            }
        };
        match how {
            MoveNotify::None => {}
            MoveNotify::Mention => mention.push(user),
            MoveNotify::Dm => {
                let link = link_of(m, record.clone());
                if rest::dm(http, user, format!("{text}{link}")).await == Delivery::Refused {
                    closed.push(user);
                }
            }
        }
    }
    if mention.is_empty() && closed.is_empty() {
        return;
    }
    let mut content = text;
    if !closed.is_empty() {
        let lang = bot.guild_lang(m.guild).await;
        let who: Vec<String> = closed.iter().map(|&u| ui::mention(u)).collect();
        content.push('\n');
        content.push_str(&tr!(lang, "notice-dms-closed", players = who.join(" ")));
    }
    let channel = record.map_or(m.channel, |r| r.channel);
    mention.extend(closed);
    let msg = CreateMessage::new()
        .content(content)
        .allowed_mentions(snowflake::notify(mention.iter().copied()));
    match send(http, channel, msg).await {
        Ok(posted) => {
            let old = bot.publisher.replace_ping(id, (channel, posted.id.get()));
            if let Some((c, mid)) = old {
                rest::delete(http, c, mid).await;
            }
        }
        Err(e) => warn!(match_id = id.get(), error = %e, "could not mention the players"),
    }
}

/// A line with the link to the board message of `m` (empty when it was never posted, or
/// cannot be read).
pub async fn board_link(bot: &Bot, m: &Match) -> String {
    link_of(m, board_record(bot, m.id).await)
}

fn link_of(m: &Match, record: Option<BoardRecord>) -> String {
    record
        .and_then(|r| Some((r.channel, r.message?)))
        .map(|(c, mid)| ui::notices::message_link(m.guild, c, mid))
        .unwrap_or_default()
}
