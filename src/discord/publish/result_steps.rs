//! A game's end: its result announced where it was played (with merit and titles, and the
//! rematch button), the title role granted, its last ping deleted and its threads archived.

use serenity::all::{CreateAllowedMentions, CreateEmbed, CreateMessage, EditMessage, Http};
use tracing::{info, warn};

use crate::game::{ChannelId, Ending, GuildId, MatchId, Outcome, UserId};
use crate::go::Color;
use crate::runtime::queries::BoardRecord;

use super::records::board_record;
use super::rest::{self, edit, post_with_retry, send};
use super::team_steps;
use crate::discord::bot::Bot;
use crate::discord::i18n::tr;
use crate::discord::snowflake;
use crate::discord::ui::result_text::{self, Reward};
use crate::discord::ui::{self, mention, team_board::side_name};

/// Posts the result where the game is played, with merit and titles; an annulment pings both
/// players (they did not end it).
pub async fn announce(
    bot: &Bot,
    http: &Http,
    outcome: &Outcome,
    id: MatchId,
    (ending, players): (Ending, Option<[UserId; 2]>),
    rewards: &[Reward],
) {
    let record = board_record(bot, id).await;
    let Some(m) = bot.current(id).await else {
        if matches!(ending, Ending::Annulled) {
            // A game that cannot be read back, annulled by a moderator: its board loses its
            // buttons and both players are told.
            return annulled_unreadable(bot, http, outcome, id, players, record).await;
        }
        // Over, but not readable this moment: the result is said as the ending gives it.
        return short_result(bot, http, outcome, id, (ending, players), record).await;
    };
    let lang = bot.guild_lang(m.guild).await;
    let channel = record.map_or(m.channel, |r| r.channel);
    let embed = CreateEmbed::new()
        .title(tr!(lang, "result-heading", game = id.get()))
        .description(result_text::result_text(&m, ending, rewards, lang));
    let mut msg = CreateMessage::new()
        .embed(embed)
        .allowed_mentions(CreateAllowedMentions::new());
    if matches!(ending, Ending::Annulled) {
        // A mention inside an embed notifies no one: the notice is the message's content.
        let notice = tr!(
            lang,
            "annulled-notice",
            game = id.get(),
            black = side_name(&m, Color::Black, lang),
            white = side_name(&m, Color::White, lang)
        );
        msg = msg
            .content(notice)
            .allowed_mentions(snowflake::notify(m.people()));
    }
    let mut rows = Vec::new();
    if m.offers_rematch() {
        // Its two players may ask for another game on the same terms.
        rows = ui::board_message::rematch_row(id, lang);
    }
    let web = bot
        .web_link(m.guild, crate::runtime::web::Page::Game(id))
        .await;
    let rows = crate::discord::web_links::with_link_row(rows, web.as_deref(), lang);
    if !rows.is_empty() {
        msg = msg.components(rows);
    }
    if let Err(e) =
        post_with_retry("announce the result", || send(http, channel, msg.clone())).await
    {
        warn!(match_id = id.get(), error = %e, "could not announce the result");
    }
    info!(match_id = id.get(), ?ending, "game over");
}

/// The result of a game that ended but cannot be read back this moment: its number, its
/// players and the result as the ending gives it (no board, no count).
async fn short_result(
    bot: &Bot,
    http: &Http,
    outcome: &Outcome,
    id: MatchId,
    (ending, players): (Ending, Option<[UserId; 2]>),
    record: Option<BoardRecord>,
) {
    warn!(
        match_id = id.get(),
        "cannot read the ended game back; its result is said short"
    );
    let Some(channel) = record.as_ref().map(|r| r.channel).or(outcome.channel) else {
        return;
    };
    let lang = bot.guild_lang(outcome.guild).await;
    let text = result_text::short_result_text(id, ending, players, lang);
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new());
    if let Err(e) = send(http, channel, msg).await {
        warn!(match_id = id.get(), error = %e, "could not announce the result");
    }
}

/// The annulment of a game that cannot be read back: its board message (if any) says so and
/// loses its buttons, and both players (when the row says who they are) are pinged where it
/// was played.
async fn annulled_unreadable(
    bot: &Bot,
    http: &Http,
    outcome: &Outcome,
    id: MatchId,
    players: Option<[UserId; 2]>,
    record: Option<BoardRecord>,
) {
    let lang = bot.guild_lang(outcome.guild).await;
    let text = result_text::annulled_unreadable_text(id, players, lang);
    let channel = record.as_ref().map(|r| r.channel).or(outcome.channel);
    if let (Some(channel), Some(message)) = (channel, record.and_then(|r| r.message)) {
        let closed = EditMessage::new()
            .content(text.clone())
            .components(Vec::new());
        if let Err(e) = edit(http, channel, message, closed).await {
            warn!(match_id = id.get(), error = %e, "could not close the board message");
        }
    }
    let Some(channel) = channel else {
        warn!(
            match_id = id.get(),
            "an annulled game's channel is not known: no notice"
        );
        return;
    };
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(snowflake::notify(players.into_iter().flatten()));
    if let Err(e) = send(http, channel, msg).await {
        warn!(match_id = id.get(), error = %e, "could not announce the annulment");
    }
}

/// Grants the title role; a failure is told to the moderators where the game was played.
pub async fn grant_title(
    bot: &Bot,
    http: &Http,
    guild: GuildId,
    user: UserId,
    channel: Option<ChannelId>,
) {
    let role = match bot.discord_settings(guild).await {
        Ok(s) => s.title_role,
        Err(e) => {
            warn!(guild = guild.get(), error = %e, "cannot read the title role; not granted now");
            return;
        }
    };
    let Some(role) = role else {
        return;
    };
    let Err(e) = rest::give_role(http, guild, user, role).await else {
        return;
    };
    warn!(guild = guild.get(), user = user.get(), role, error = %e, "could not grant the title role");
    let Some(channel) = channel else {
        return;
    };
    let lang = bot.guild_lang(guild).await;
    let text = tr!(
        lang,
        "notice-role-failed",
        player = mention(user),
        role = format!("<@&{role}>")
    );
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new());
    let _ = send(http, channel, msg).await;
}

/// The game is over: its last ping goes, its threads are archived.
pub async fn close_game(bot: &Bot, http: &Http, id: MatchId) {
    if let Some((c, mid)) = bot.publisher.take_ping(id) {
        rest::delete(http, c, mid).await;
    }
    team_steps::archive(bot, http, id).await;
    let Some(thread) = board_record(bot, id).await.and_then(|r| r.thread) else {
        return;
    };
    if let Err(e) = rest::archive_thread(http, "archive the thread", thread).await {
        warn!(match_id = id.get(), error = %e, "could not archive the game's thread");
    }
}
