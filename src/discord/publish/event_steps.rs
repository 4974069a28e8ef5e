//! What Discord shows of an event: its announcement (posted once, then edited as it changes),
//! each round's pairings, its end with the final standings, and its picture (a crosstable, or
//! a knockout's bracket). Each step reads the event as it stands now rather than the copy its
//! outcome carried, so that an older list of players never overwrites a newer one.

use serenity::all::{CreateAllowedMentions, CreateMessage, EditMessage, Http};
use tracing::warn;

use crate::game::events::{Board, Stage, Tournament};
use crate::game::{EventId, GuildId, MatchId, Ruling, UserId};

use super::drawing::event_picture;
use super::relay_steps::relay_text;
use super::rest::{edit, post_with_retry, send, with_retry};
use crate::discord::bot::Bot;
use crate::discord::i18n::tr;
use crate::discord::snowflake;
use crate::discord::ui::event_message;

/// The event as it stands, else the copy the outcome carried.
async fn latest(bot: &Bot, t: &Tournament) -> Tournament {
    match bot.runtime.event(t.guild, t.id).await {
        Ok(now) => now,
        Err(e) => {
            warn!(event = t.id.get(), error = %e, "cannot read the event; showing it as it was");
            t.clone()
        }
    }
}

/// Posts the announcement of an event (or, if it was posted already, redraws it).
pub async fn show_announcement(bot: &Bot, http: &Http, t: &Tournament) {
    let t = latest(bot, t).await;
    let id = t.id;
    let lang = bot.guild_lang(t.guild).await;
    let now = bot.runtime.now();
    let embed = event_message::announcement(&t, now, lang);
    let web = bot
        .web_link(t.guild, crate::runtime::web::Page::Event(id))
        .await;
    let components = crate::discord::web_links::with_link_row(
        event_message::components(&t, now, lang),
        web.as_deref(),
        lang,
    );
    let recorded = match bot.runtime.event_message(id).await {
        Ok(found) => found,
        Err(e) => {
            warn!(event = id.get(), error = %e, "cannot read where the announcement is");
            return;
        }
    };
    if let Some((channel, message)) = recorded {
        let edited = with_retry("redraw the event", || {
            edit(
                http,
                channel,
                message,
                EditMessage::new()
                    .embed(embed.clone())
                    .components(components.clone()),
            )
        })
        .await;
        if let Err(e) = edited {
            warn!(event = id.get(), error = %e, "could not redraw the announcement");
        }
        return;
    }
    let posted = post_with_retry("announce the event", || {
        send(
            http,
            t.channel,
            CreateMessage::new()
                .embed(embed.clone())
                .components(components.clone())
                .allowed_mentions(CreateAllowedMentions::new()),
        )
    })
    .await;
    match posted {
        Ok(msg) => {
            let (channel, message) = (t.channel, msg.id.get());
            if let Err(e) = bot.runtime.set_event_message(id, channel, message).await {
                warn!(event = id.get(), error = %e, "could not remember the announcement");
            }
        }
        Err(e) => warn!(event = id.get(), error = %e, "could not post the announcement"),
    }
}

/// Posts a round's pairings where the event is announced, its players still in it pinged,
/// with the event's picture.
pub async fn announce_round(bot: &Bot, http: &Http, t: &Tournament, round: u32) {
    let lang = bot.guild_lang(t.guild).await;
    let text = event_message::round_text(t, round, lang);
    let players = t
        .games
        .iter()
        .filter(|g| g.round == round)
        .flat_map(|g| match g.place {
            Board::Game(p) => vec![p.black, p.white],
            Board::Bye(s) => vec![s],
        })
        // A player who is out is named on their games lost without play, not pinged.
        .filter(|&seat| t.is_active(seat))
        .filter_map(|seat| t.entries.get(seat).map(|e| e.user));
    let mut msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(snowflake::notify(players));
    if let Some(file) = event_picture(t).await {
        msg = msg.add_file(file);
    }
    let posted = post_with_retry("post a round", || send(http, t.channel, msg.clone())).await;
    if let Err(e) = posted {
        warn!(event = t.id.get(), round, error = %e, "could not post the round");
    }
    // Spectators get, from round 2, the standings the last round left (with the picture),
    // then the pairings: two messages, each within Discord's 2,000 characters.
    if round > 1 {
        let standings = format!(
            "**{}**\n{}",
            tr!(lang, "event-standings-heading", name = t.name.clone()),
            event_message::standings_text(t, lang)
        );
        relay_text(http, t, standings, true).await;
    }
    let pairings = event_message::round_text(t, round, lang);
    relay_text(http, t, pairings, round == 1).await;
}

/// Calls a referee where the event is announced: a timed round's time came with these games
/// still played (the server's referee role pinged, if it has one).
pub async fn announce_overdue(
    bot: &Bot,
    http: &Http,
    t: &Tournament,
    round: u32,
    games: &[MatchId],
) {
    let lang = bot.guild_lang(t.guild).await;
    let mut text = event_message::overdue_text(t, round, games, lang);
    let referees = match bot.discord_settings(t.guild).await {
        Ok(s) => s.event_referee_role,
        Err(e) => {
            warn!(event = t.id.get(), error = %e, "cannot read the referee role");
            None
        }
    };
    let mut mentions = CreateAllowedMentions::new();
    // A role id of 0 is no role: stored so, it is logged and no one is called by it.
    match referees.map(|role| (role, snowflake::role(role))) {
        Some((role, Ok(id))) => {
            text = format!("<@&{role}> {text}");
            mentions = mentions.roles([id]);
        }
        Some((_, Err(_))) => {
            warn!(
                event = t.id.get(),
                "the referee role is stored as 0; no one is called"
            );
        }
        None => {}
    }
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(mentions);
    let posted = post_with_retry("call the referee", || send(http, t.channel, msg.clone())).await;
    if let Err(e) = posted {
        warn!(event = t.id.get(), error = %e, "could not call the referee");
    }
}

/// Posts a referee's ruling where the event is announced, both players pinged.
pub async fn announce_ruling(
    bot: &Bot,
    http: &Http,
    (event, guild): (EventId, GuildId),
    match_id: MatchId,
    referee: UserId,
    ruling: Ruling,
    replay: Option<MatchId>,
) {
    let t = match bot.runtime.event(guild, event).await {
        Ok(t) => t,
        Err(e) => {
            warn!(event = event.get(), error = %e, "cannot read the event to post a ruling");
            return;
        }
    };
    let Some(m) = bot.current(match_id).await else {
        return;
    };
    let lang = bot.guild_lang(guild).await;
    let text = event_message::ruling_text(&t, &m, referee, ruling, replay, lang);
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(snowflake::notify([m.players.black, m.players.white]));
    let posted = post_with_retry("post a ruling", || send(http, t.channel, msg.clone())).await;
    if let Err(e) = posted {
        warn!(event = event.get(), error = %e, "could not post the ruling");
    }
}

/// Posts the end of an event: its winner and final standings (or that it was called off).
pub async fn announce_end(bot: &Bot, http: &Http, t: &Tournament) {
    let lang = bot.guild_lang(t.guild).await;
    let mut msg = CreateMessage::new()
        .content(event_message::end_text(t, lang))
        .allowed_mentions(CreateAllowedMentions::new());
    if t.stage == Stage::Finished
        && let Some(file) = event_picture(t).await
    {
        msg = msg.add_file(file);
    }
    let posted = post_with_retry("post the event's end", || {
        send(http, t.channel, msg.clone())
    })
    .await;
    if let Err(e) = posted {
        warn!(event = t.id.get(), error = %e, "could not post the event's end");
    }
    let end = event_message::end_text(t, lang);
    relay_text(http, t, end, t.stage == Stage::Finished).await;
}
