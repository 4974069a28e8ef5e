//! Live pages: one task hears every change the database makes (from any process of a
//! cluster) and brings what is watched up to date. A game watched by a thousand people is read
//! and written as JSON once per change, then handed to each stream; an event's or server's
//! page is told that it changed, at most once a second, and fetches itself again.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use tokio::sync::{broadcast, watch};

use crate::game::{EventId, GuildId, MatchId};
use crate::runtime::web::Change;

use super::Web;
use super::game_page::GameData;
use super::guard::StreamTicket;
use super::words::Words;

/// A game's state as its streams send it.
#[derive(Debug)]
pub struct Frame {
    pub json: String,
    /// The game is over: the stream ends after this frame.
    pub over: bool,
}

/// The streams of one game: its latest frame (none until first read), in its server's words.
struct GameFeed {
    frames: watch::Sender<Option<Arc<Frame>>>,
    words: Words,
}

/// An event's or server's page, as its streams wait for it to change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    Event(EventId),
    Server(GuildId),
}

/// Who watches what.
#[derive(Default)]
pub struct Hub {
    games: Mutex<HashMap<MatchId, GameFeed>>,
    topics: Mutex<HashMap<Topic, watch::Sender<u64>>>,
    /// The server and event of each game a topic may care about.
    places: Mutex<HashMap<MatchId, (GuildId, Option<EventId>)>>,
}

/// How often a changed event's or server's page is told, at most.
const PAGE_EVERY: Duration = Duration::from_secs(1);
/// A comment sent on every stream this often, so that proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// Places remembered before the list is cleared (it fills again as needed).
const PLACES_KEPT: usize = 100_000;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Hub {
    /// A stream's view of game `id`'s frames, and whether the feed is new (the caller then
    /// offers the first frame).
    fn watch_game(&self, id: MatchId, words: Words) -> watch::Receiver<Option<Arc<Frame>>> {
        let mut games = lock(&self.games);
        games
            .entry(id)
            .or_insert_with(|| GameFeed {
                frames: watch::channel(None).0,
                words,
            })
            .frames
            .subscribe()
    }

    /// Sets a game's first frame, unless the hub has already read a newer one.
    fn offer(&self, id: MatchId, frame: Arc<Frame>) {
        if let Some(feed) = lock(&self.games).get(&id) {
            feed.frames.send_if_modified(|current| {
                if current.is_none() {
                    *current = Some(frame);
                    true
                } else {
                    false
                }
            });
        }
    }

    fn watch_topic(&self, topic: Topic) -> watch::Receiver<u64> {
        lock(&self.topics)
            .entry(topic)
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }

    fn bump(&self, topic: Topic) {
        if let Some(tx) = lock(&self.topics).get(&topic) {
            tx.send_modify(|n| *n += 1);
        }
    }

    /// Forgets what no one watches any more.
    fn sweep(&self) {
        lock(&self.games).retain(|_, f| f.frames.receiver_count() > 0);
        lock(&self.topics).retain(|_, t| t.receiver_count() > 0);
    }

    /// Games watched now, with their words.
    fn watched_games(&self) -> Vec<(MatchId, Words)> {
        lock(&self.games)
            .iter()
            .filter(|(_, f)| f.frames.receiver_count() > 0)
            .map(|(&id, f)| (id, f.words))
            .collect()
    }

    /// Streams waiting on games and pages now.
    pub fn watchers(&self) -> usize {
        let games: usize = lock(&self.games)
            .values()
            .map(|f| f.frames.receiver_count())
            .sum();
        let topics: usize = lock(&self.topics)
            .values()
            .map(|t| t.receiver_count())
            .sum();
        games + topics
    }
}

/// The frame of game `id` as it stands now; `None` if it cannot be read.
pub async fn frame(web: &Web, id: MatchId, words: Words) -> Option<Arc<Frame>> {
    match web.handle.game(id).await {
        Ok(Some(m)) => {
            let data = GameData::of(&m, web.handle.now(), words);
            Some(Arc::new(Frame {
                json: serde_json::to_string(&data).ok()?,
                over: !m.is_running(),
            }))
        }
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(match_id = id.get(), error = %e, "cannot read a watched game");
            None
        }
    }
}

/// Hears every change and brings the watched games and pages up to date, until the feed
/// closes.
pub async fn run(web: Web) {
    let mut changes = web.handle.changes();
    loop {
        match changes.recv().await {
            Ok(Change::Match(id)) => changed_game(&web, MatchId(id)).await,
            Ok(Change::Event(id)) => web.hub.bump(Topic::Event(EventId(id))),
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                tracing::warn!(
                    missed,
                    "the live pages fell behind the changes; reading every watched one again"
                );
                for (id, words) in web.hub.watched_games() {
                    refresh(&web, id, words).await;
                }
                let topics: Vec<Topic> = lock(&web.hub.topics).keys().copied().collect();
                for t in topics {
                    web.hub.bump(t);
                }
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
        web.hub.sweep();
    }
}

async fn changed_game(web: &Web, id: MatchId) {
    let watched = lock(&web.hub.games)
        .get(&id)
        .filter(|f| f.frames.receiver_count() > 0)
        .map(|f| f.words);
    if let Some(words) = watched {
        refresh(web, id, words).await;
    }
    if lock(&web.hub.topics).is_empty() {
        return;
    }
    if let Some((guild, event)) = place(web, id).await {
        web.hub.bump(Topic::Server(guild));
        if let Some(event) = event {
            web.hub.bump(Topic::Event(event));
        }
    }
}

async fn refresh(web: &Web, id: MatchId, words: Words) {
    if let Some(frame) = frame(web, id, words).await
        && let Some(feed) = lock(&web.hub.games).get(&id)
    {
        // A change that changed nothing the page shows is not sent again.
        feed.frames.send_if_modified(|current| {
            let same = current
                .as_ref()
                .is_some_and(|c| c.json == frame.json && c.over == frame.over);
            if !same {
                *current = Some(frame);
            }
            !same
        });
    }
}

/// The server and event of a game (remembered once read).
async fn place(web: &Web, id: MatchId) -> Option<(GuildId, Option<EventId>)> {
    if let Some(p) = lock(&web.hub.places).get(&id) {
        return Some(*p);
    }
    let m = web.handle.game(id).await.ok()??;
    let p = (m.guild, m.config.event.map(|e| e.event));
    let mut places = lock(&web.hub.places);
    if places.len() >= PLACES_KEPT {
        places.clear();
    }
    places.insert(id, p);
    Some(p)
}

/// The stream of a game's states: the latest at once, then each new one; it ends after the
/// frame of the game's end.
pub async fn game_stream(
    web: &Web,
    id: MatchId,
    words: Words,
    ticket: StreamTicket,
) -> Sse<impl Stream<Item = Result<Event, Infallible>> + use<>> {
    let rx = web.hub.watch_game(id, words);
    if rx.borrow().is_none()
        && let Some(f) = frame(web, id, words).await
    {
        web.hub.offer(id, f);
    }
    let stream = futures_util::stream::unfold(
        (rx, ticket, true, false),
        |(mut rx, ticket, first, done)| async move {
            if done {
                return None;
            }
            if !first && rx.changed().await.is_err() {
                return None;
            }
            let frame = rx.borrow_and_update().clone();
            let frame = match frame {
                Some(f) => f,
                None => {
                    // Not read yet: wait for the first frame.
                    rx.changed().await.ok()?;
                    rx.borrow_and_update().clone()?
                }
            };
            let event = Event::default().event("state").data(frame.json.as_str());
            Some((Ok(event), (rx, ticket, false, frame.over)))
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
}

/// The stream of a page's changes: `changed` once a second at most while it changes.
pub fn page_stream(
    web: &Web,
    topic: Topic,
    ticket: StreamTicket,
) -> Sse<impl Stream<Item = Result<Event, Infallible>> + use<>> {
    let rx = web.hub.watch_topic(topic);
    let stream = futures_util::stream::unfold((rx, ticket), |(mut rx, ticket)| async move {
        rx.changed().await.ok()?;
        // Changes that come together are told once.
        tokio::time::sleep(PAGE_EVERY).await;
        rx.borrow_and_update();
        Some((
            Ok(Event::default().event("changed").data("1")),
            (rx, ticket),
        ))
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
}
