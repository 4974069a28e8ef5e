//! The second front end (SPEC §13): read-only pages of games, events and servers on the web,
//! live while they are played. It asks the runtime's named queries as the Discord adapter
//! does, decides no rule and writes nothing; a page is found only by the signed token of its
//! link, and only when its server shows it (the `web` setting).
//!
//! Arrows: `runtime` (its handle: queries, links, the feed of changes), `game` and `go` (to
//! read a match), `render` (the board as a picture for browsers without script), `i18n`.

mod event_page;
mod game_page;
mod guard;
mod live;
mod server_page;
mod view;
mod words;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use askama::Template;
use axum::Router;
use axum::extract::{Extension, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::game::{EventId, GuildId, Match, MatchId};
use crate::go::Color;
use crate::i18n::Lang;
use crate::runtime::Handle;
use crate::runtime::web::{Links, Page};
use crate::service::{Failure, Ranking};

pub use game_page::GameData;
pub use guard::{BURST, CSP, RATE_PER_SECOND, STREAMS_IN_ALL, STREAMS_PER_ADDRESS};

use guard::{ClientIp, Guard};
use live::{Hub, Topic};
use words::Words;

/// Where the pages listen and how they read a client's address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebConfig {
    pub address: SocketAddr,
    /// A reverse proxy forwards every request: the client is `X-Forwarded-For`'s last address.
    pub behind_proxy: bool,
}

/// Why the pages could not start.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("cannot listen on {0} for the web pages: {1}")]
    Listen(SocketAddr, std::io::Error),
    #[error("cannot read the key of the web's links: {0}")]
    Links(Failure),
}

/// What every handler shares.
#[derive(Clone)]
pub struct Web {
    handle: Handle,
    links: Arc<Links>,
    hub: Arc<Hub>,
    guard: Arc<Guard>,
}

impl Web {
    /// The pages' state on the runtime's handle (the key of the links read, made the first
    /// time).
    ///
    /// # Errors
    /// The database failed.
    pub async fn new(handle: Handle, behind_proxy: bool) -> Result<Web, WebError> {
        let links = handle.links().await.map_err(WebError::Links)?;
        Ok(Web {
            handle,
            links,
            hub: Arc::new(Hub::default()),
            guard: Arc::new(Guard::new(behind_proxy)),
        })
    }

    /// Streams open now (games and pages).
    pub fn watchers(&self) -> usize {
        self.hub.watchers()
    }
}

/// Starts serving the pages on `config.address` until `stop` turns true.
///
/// # Errors
/// The address cannot be listened on, or the links' key cannot be read.
pub async fn serve(
    handle: Handle,
    config: &WebConfig,
    stop: watch::Receiver<bool>,
) -> Result<JoinHandle<()>, WebError> {
    let web = Web::new(handle, config.behind_proxy).await?;
    let listener = TcpListener::bind(config.address)
        .await
        .map_err(|e| WebError::Listen(config.address, e))?;
    let address = listener.local_addr().unwrap_or(config.address);
    tracing::info!(%address, "serving the web pages");
    Ok(serve_on(web, listener, stop))
}

/// Serves the pages of `web` on `listener`, live, until `stop` turns true.
pub fn serve_on(
    web: Web,
    listener: TcpListener,
    mut stop: watch::Receiver<bool>,
) -> JoinHandle<()> {
    let feed = tokio::spawn(live::run(web.clone()));
    let app = router(web);
    tokio::spawn(async move {
        let served = axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            let _ = stop.wait_for(|s| *s).await;
        })
        .await;
        if let Err(e) = served {
            tracing::error!(error = %e, "the web pages stopped");
        }
        feed.abort();
    })
}

/// Every page and asset; anything else is a friendly 404.
pub fn router(web: Web) -> Router {
    Router::new()
        .route("/", get(home))
        .route("/assets/board.js", get(script))
        .route("/assets/style.css", get(style))
        .route("/game/{token}", get(game))
        .route("/game/{token}/live", get(game_live))
        .route("/game/{token}/sgf", get(game_sgf))
        .route("/game/{token}/board.png", get(game_png))
        .route("/event/{token}", get(event))
        .route("/event/{token}/live", get(event_live))
        .route("/server/{token}", get(server))
        .route("/server/{token}/live", get(server_live))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            web.clone(),
            guard::limits,
        ))
        .layer(axum::middleware::from_fn(guard::headers))
        .layer(axum::extract::DefaultBodyLimit::max(1024))
        .with_state(web)
}

/// A page that is a message: nothing here, too many requests, an error, the home page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Message {
    Home,
    NotFound,
    TooMany,
    Error,
}

#[derive(Template)]
#[template(path = "message.html")]
struct MessagePage {
    lang: &'static str,
    site: String,
    title: String,
    body: String,
}

impl Web {
    /// A message page in `words` (English when the page's server is not known).
    async fn message(&self, words: Option<Words>, message: Message) -> Response {
        let w = words.unwrap_or(Words { lang: Lang::En });
        let (status, title, body) = match message {
            Message::Home => (StatusCode::OK, "home-title", "home-body"),
            Message::NotFound => (StatusCode::NOT_FOUND, "not-found-title", "not-found-body"),
            Message::TooMany => (
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-title",
                "too-many-body",
            ),
            Message::Error => (StatusCode::SERVICE_UNAVAILABLE, "error-title", "error-body"),
        };
        let page = MessagePage {
            lang: w.tag(),
            site: w.get("site-name"),
            title: w.get(title),
            body: w.get(body),
        };
        let mut response = html(status, page.render());
        if message == Message::TooMany {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
        }
        response
    }

    /// The page a token names, if it is of the kind asked for, exists, and its server shows
    /// it; with its server, settings and words.
    async fn open(&self, token: &str, kind: Kind) -> Result<Opened, Response> {
        let page = match self.links.page(token) {
            Some(p) if kind.of(p) => p,
            _ => return Err(self.message(None, Message::NotFound).await),
        };
        let guild = match self.handle.server_of(page).await {
            Ok(Some(g)) => g,
            Ok(None) => return Err(self.message(None, Message::NotFound).await),
            Err(e) => return Err(self.failed(&e).await),
        };
        let settings = match self.handle.settings(guild).await {
            Ok(s) => s,
            Err(e) => return Err(self.failed(&e).await),
        };
        let shown = match kind {
            Kind::Game => settings.web.shows_games(),
            Kind::Event | Kind::Server => settings.web.shows_events(),
        };
        if !shown {
            return Err(self.message(None, Message::NotFound).await);
        }
        let words = match self.handle.server_language(guild).await {
            Ok((setting, locale)) => Words {
                lang: words::lang_of(setting.as_deref(), locale.as_deref()),
            },
            Err(e) => return Err(self.failed(&e).await),
        };
        Ok(Opened { page, guild, words })
    }

    async fn failed(&self, e: &Failure) -> Response {
        tracing::warn!(error = %e, "a web page could not be read");
        self.message(None, Message::Error).await
    }

    /// The names of `users` on `guild` (none when they cannot be read: the page still shows).
    async fn names(&self, guild: GuildId, users: Vec<crate::game::UserId>) -> view::Names {
        match self.handle.display_names(guild, users).await {
            Ok(list) => list.into_iter().collect(),
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the players' names");
                HashMap::new()
            }
        }
    }

    /// The path of a game's page.
    pub fn game_link(&self, id: MatchId) -> String {
        self.links.path(Page::Game(id))
    }

    /// Opens a live stream for the client, or turns it away.
    async fn ticket(&self, ip: ClientIp) -> Result<guard::StreamTicket, Response> {
        match self.guard.open_stream(ip.0) {
            Ok(t) => Ok(t),
            Err(_) => Err(self.message(None, Message::TooMany).await),
        }
    }
}

/// What a token must name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Game,
    Event,
    Server,
}

impl Kind {
    fn of(self, page: Page) -> bool {
        matches!(
            (self, page),
            (Kind::Game, Page::Game(_))
                | (Kind::Event, Page::Event(_))
                | (Kind::Server, Page::Server(_))
        )
    }
}

/// A page found and allowed.
struct Opened {
    page: Page,
    guild: GuildId,
    words: Words,
}

fn html(status: StatusCode, rendered: askama::Result<String>) -> Response {
    match rendered {
        Ok(body) => (
            status,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        Err(e) => {
            tracing::error!(error = %e, "a page's template failed");
            (StatusCode::INTERNAL_SERVER_ERROR, "").into_response()
        }
    }
}

async fn home(State(web): State<Web>) -> Response {
    web.message(None, Message::Home).await
}

async fn not_found(State(web): State<Web>) -> Response {
    web.message(None, Message::NotFound).await
}

async fn script() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("assets/board.js"),
    )
}

async fn style() -> Response {
    asset("text/css; charset=utf-8", include_str!("assets/style.css"))
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

/// The game page a token names, opened, and its game as it stands; or the answer when there
/// is none to show.
async fn open_game(web: &Web, token: &str) -> Result<(Opened, Match), Response> {
    let opened = web.open(token, Kind::Game).await?;
    let Page::Game(id) = opened.page else {
        return Err(web.message(None, Message::NotFound).await);
    };
    match web.handle.game(id).await {
        Ok(Some(m)) if m.guild == opened.guild => Ok((opened, m)),
        Ok(_) => Err(web.message(None, Message::NotFound).await),
        Err(e) => Err(web.failed(&e).await),
    }
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    lang: &'static str,
    site: String,
    title: String,
    head: game_page::GameHead,
    live: Option<String>,
    status: String,
    board_alt: String,
    move_of: String,
    captures: String,
    clock: Option<String>,
    sgf: String,
    png: String,
    data: String,
    w_controls: String,
    w_first: String,
    w_prev: String,
    w_next: String,
    w_last: String,
    w_moves: String,
    w_sgf: String,
}

async fn game(State(web): State<Web>, Path(token): Path<String>) -> Response {
    let (opened, m) = match open_game(&web, &token).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    let w = opened.words;
    let names = web.names(opened.guild, view::people_of(&m)).await;
    let data = GameData::of(&m, web.handle.now(), w);
    let head = game_page::GameHead::of(&m, &names, w);
    let page = GamePage {
        lang: w.tag(),
        site: w.get("site-name"),
        title: head.title.clone(),
        live: m.is_running().then(|| format!("/game/{token}/live")),
        status: data.status.clone(),
        board_alt: w.get("board-alt"),
        move_of: w.with(
            "move-of",
            &[("n", head.moves.into()), ("total", head.moves.into())],
        ),
        captures: w.with(
            "captures",
            &[
                ("b", data.captures_black.into()),
                ("w", data.captures_white.into()),
            ],
        ),
        clock: data
            .clock
            .as_ref()
            .map(|c| format!("{} · {}", c.black, c.white)),
        sgf: format!("/game/{token}/sgf"),
        png: format!("/game/{token}/board.png"),
        data: data.embedded(),
        head,
        w_controls: w.get("controls"),
        w_first: w.get("first"),
        w_prev: w.get("prev"),
        w_next: w.get("next"),
        w_last: w.get("last"),
        w_moves: w.get("moves"),
        w_sgf: w.get("download-sgf"),
    };
    html(StatusCode::OK, page.render())
}

async fn game_live(
    State(web): State<Web>,
    Path(token): Path<String>,
    Extension(ip): Extension<ClientIp>,
) -> Response {
    let (opened, m) = match open_game(&web, &token).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    if !m.is_running() {
        // Over: nothing more will come (204 tells the browser not to reconnect).
        return StatusCode::NO_CONTENT.into_response();
    }
    let ticket = match web.ticket(ip).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    live::game_stream(&web, m.id, opened.words, ticket)
        .await
        .into_response()
}

async fn game_sgf(State(web): State<Web>, Path(token): Path<String>) -> Response {
    let (opened, m) = match open_game(&web, &token).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    let names = web.names(opened.guild, view::people_of(&m)).await;
    let w = opened.words;
    let text = record(&m, &names, w);
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-go-sgf; charset=utf-8".to_owned(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"tengen-{}.sgf\"", m.id.get()),
            ),
        ],
        text,
    )
        .into_response()
}

/// The game's record for the web: the moves, the players' names, the terms and the result;
/// no comments (a consultation's votes stay with its team).
fn record(m: &Match, names: &view::Names, w: Words) -> String {
    let counted = m.was_counted().then(|| m.count());
    let territory = |c: Color| {
        counted
            .as_ref()
            .map(|count| {
                count
                    .owners
                    .iter()
                    .filter(|&&(_, o)| o == crate::go::Owner::Territory(c))
                    .map(|&(p, _)| p)
                    .collect()
            })
            .unwrap_or_default()
    };
    let info = crate::go::sgf::RecordInfo {
        black: Some(view::side(m, Color::Black, names, w)),
        white: Some(view::side(m, Color::White, names, w)),
        date: m.started_at.utc_date(),
        result: match m.ending() {
            Some(crate::game::Ending::Finished { result, .. }) => Some(result.to_string()),
            _ => None,
        },
        rules: Some(m.config.rules.sgf_name().to_owned()),
        handicap: (m.config.handicap > 1).then_some(m.config.handicap),
        territory_black: territory(Color::Black),
        territory_white: territory(Color::White),
        ..Default::default()
    };
    crate::go::sgf::write(&m.game, &info)
}

async fn game_png(State(web): State<Web>, Path(token): Path<String>) -> Response {
    let (_, m) = match open_game(&web, &token).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    let drawn = crate::runtime::blocking(move || {
        let mut opts = crate::render::RenderOptions::for_game(&m.game);
        if m.was_counted() || m.in_agreement() {
            opts = opts.with_count(&m.count(), &m.dead_points());
        }
        crate::render::render_png(m.game.board(), &opts)
    })
    .await;
    match drawn {
        Ok(Ok(png)) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            png,
        )
            .into_response(),
        _ => web.message(None, Message::Error).await,
    }
}

#[derive(Template)]
#[template(path = "event.html")]
struct EventPage {
    lang: &'static str,
    site: String,
    title: String,
    live: Option<String>,
    v: event_page::EventView,
    w_standings: String,
    w_no_players: String,
    w_place: String,
    w_player: String,
    w_points: String,
    w_sos: String,
    w_games: String,
    w_rulings: String,
}

async fn event(State(web): State<Web>, Path(token): Path<String>) -> Response {
    let opened = match web.open(&token, Kind::Event).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let Page::Event(id) = opened.page else {
        return web.message(None, Message::NotFound).await;
    };
    let (t, rulings) = match tokio::try_join!(
        web.handle.event(opened.guild, id),
        web.handle.event_rulings(opened.guild, id)
    ) {
        Ok(both) => both,
        Err(e) => return web.failed(&e).await,
    };
    let mut running = HashMap::new();
    for mid in t
        .running_games()
        .into_iter()
        .take(server_page::LIVE_SHOWN as usize * 4)
    {
        if let Ok(Some(m)) = web.handle.game(mid).await {
            running.insert(mid, m);
        }
    }
    let users = t.entries.iter().map(|e| e.user).collect();
    let names = web.names(opened.guild, users).await;
    let w = opened.words;
    let link = |mid: MatchId| web.game_link(mid);
    let v = event_page::EventView::of(
        &t,
        &event_page::EventContext {
            names: &names,
            link: &link,
            running: &running,
            rulings: &rulings,
        },
        w,
    );
    let live = matches!(
        t.stage,
        crate::game::events::Stage::Registration | crate::game::events::Stage::Running
    )
    .then(|| format!("/event/{token}/live"));
    let page = EventPage {
        lang: w.tag(),
        site: w.get("site-name"),
        title: v.title.clone(),
        live,
        v,
        w_standings: w.get("standings"),
        w_no_players: w.get("no-players"),
        w_place: w.get("place"),
        w_player: w.get("player"),
        w_points: w.get("points"),
        w_sos: w.get("sos"),
        w_games: w.get("games-played"),
        w_rulings: w.get("rulings"),
    };
    html(StatusCode::OK, page.render())
}

async fn event_live(
    State(web): State<Web>,
    Path(token): Path<String>,
    Extension(ip): Extension<ClientIp>,
) -> Response {
    let opened = match web.open(&token, Kind::Event).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let Page::Event(id) = opened.page else {
        return web.message(None, Message::NotFound).await;
    };
    let ticket = match web.ticket(ip).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    live::page_stream(&web, Topic::Event(EventId(id.get())), ticket).into_response()
}

#[derive(Template)]
#[template(path = "server.html")]
struct ServerPage {
    lang: &'static str,
    site: String,
    title: String,
    live: Option<String>,
    v: server_page::ServerView,
    w_live: String,
    w_finished: String,
    w_leaderboard: String,
    w_none: String,
    w_place: String,
    w_player: String,
    w_rank: String,
    w_rating: String,
    w_record: String,
}

async fn server(State(web): State<Web>, Path(token): Path<String>) -> Response {
    let opened = match web.open(&token, Kind::Server).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let guild = opened.guild;
    let lists = tokio::try_join!(
        web.handle
            .server_games(guild, true, server_page::LIVE_SHOWN),
        web.handle
            .server_games(guild, false, server_page::FINISHED_SHOWN),
        web.handle
            .leaderboard(guild, Ranking::Rating, server_page::LEADERS_SHOWN, 0)
    );
    let (running, finished, leaders) = match lists {
        Ok(l) => l,
        Err(e) => return web.failed(&e).await,
    };
    let mut live_games = Vec::new();
    for g in &running {
        if let Ok(Some(m)) = web.handle.game(g.id).await
            && m.is_running()
        {
            live_games.push(m);
        }
    }
    let leaders = match leaders {
        crate::service::Leaderboard::Rating(list) => list,
        crate::service::Leaderboard::Merit(_) => Vec::new(),
    };
    let mut users: Vec<crate::game::UserId> = live_games.iter().flat_map(view::people_of).collect();
    users.extend(
        finished
            .iter()
            .flat_map(|g| [g.players.black, g.players.white]),
    );
    users.extend(leaders.iter().map(|(u, _)| *u));
    users.sort();
    users.dedup();
    let names = web.names(guild, users).await;
    let w = opened.words;
    let link = |mid: MatchId| web.game_link(mid);
    let v = server_page::ServerView::of(&live_games, &finished, &leaders, &names, &link, w);
    let page = ServerPage {
        lang: w.tag(),
        site: w.get("site-name"),
        title: w.get("server-title"),
        live: Some(format!("/server/{token}/live")),
        v,
        w_live: w.get("live-games"),
        w_finished: w.get("finished-games"),
        w_leaderboard: w.get("leaderboard"),
        w_none: w.get("none-yet"),
        w_place: w.get("place"),
        w_player: w.get("player"),
        w_rank: w.get("rank"),
        w_rating: w.get("rating"),
        w_record: w.get("record"),
    };
    html(StatusCode::OK, page.render())
}

async fn server_live(
    State(web): State<Web>,
    Path(token): Path<String>,
    Extension(ip): Extension<ClientIp>,
) -> Response {
    let opened = match web.open(&token, Kind::Server).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let ticket = match web.ticket(ip).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    live::page_stream(&web, Topic::Server(opened.guild), ticket).into_response()
}
