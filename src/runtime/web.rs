//! What a front end on the web asks of the runtime, beside the named queries every front end
//! shares: the links to its pages (a token signed with the host's key, so a page cannot be
//! found from a game's number), what the database changed (to bring a page up to date live,
//! from any process of a cluster), the names members are shown by, and a server's games.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use hmac::{KeyInit, Mac};
use tokio::sync::broadcast;

use crate::game::read_models::GameSummary;
use crate::game::{EventId, GuildId, MatchId, UserId};
use crate::service::Failure;
use crate::store::{CHANGES_CHANNEL, PgListener, StoreError};

pub use crate::store::Change;

use super::{Handle, Inner};

/// A page of the web front end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Page {
    Game(MatchId),
    Event(EventId),
    Server(GuildId),
}

impl Page {
    fn kind(self) -> u8 {
        match self {
            Page::Game(_) => b'g',
            Page::Event(_) => b'e',
            Page::Server(_) => b's',
        }
    }

    fn number(self) -> u64 {
        match self {
            Page::Game(id) => id.get() as u64,
            Page::Event(id) => id.get() as u64,
            Page::Server(id) => id.get(),
        }
    }
}

/// Bytes of the signature a token carries (96 bits: no one guesses it).
const SIGNATURE: usize = 12;

/// The host's key, and the tokens it signs.
pub struct Links {
    key: Vec<u8>,
}

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

impl Links {
    fn mac(&self, kind: u8, number: u64) -> HmacSha256 {
        // A key of any length is a valid HMAC key: `new_from_slice` cannot fail here.
        let mut mac = HmacSha256::new_from_slice(&self.key)
            .unwrap_or_else(|_| HmacSha256::new_from_slice(&[0]).expect("one byte is a key"));
        mac.update(&[kind]);
        mac.update(&number.to_be_bytes());
        mac
    }

    /// The token of a page: its kind, its number and the signature, in hexadecimal.
    pub fn token(&self, page: Page) -> String {
        let tag = self.mac(page.kind(), page.number()).finalize().into_bytes();
        let mut bytes = Vec::with_capacity(1 + 8 + SIGNATURE);
        bytes.push(page.kind());
        bytes.extend_from_slice(&page.number().to_be_bytes());
        bytes.extend_from_slice(&tag[..SIGNATURE]);
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The path of a page's address: `/game/<token>`, `/event/<token>`, `/server/<token>`.
    pub fn path(&self, page: Page) -> String {
        let kind = match page {
            Page::Game(_) => "game",
            Page::Event(_) => "event",
            Page::Server(_) => "server",
        };
        format!("/{kind}/{}", self.token(page))
    }

    /// The page a token names, if this host signed it (compared in constant time).
    pub fn page(&self, token: &str) -> Option<Page> {
        if token.len() != 2 * (1 + 8 + SIGNATURE) || !token.is_ascii() {
            return None;
        }
        let bytes: Vec<u8> = (0..token.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&token[i..i + 2], 16).ok())
            .collect::<Option<_>>()?;
        let kind = bytes[0];
        let number = u64::from_be_bytes(bytes[1..9].try_into().ok()?);
        self.mac(kind, number)
            .verify_truncated_left(&bytes[9..])
            .ok()?;
        let signed = i64::try_from(number).ok();
        match kind {
            b'g' => Some(Page::Game(MatchId(signed?))),
            b'e' => Some(Page::Event(EventId(signed?))),
            b's' => Some(Page::Server(GuildId(number))),
            _ => None,
        }
    }
}

/// The web's state in the runtime: the key once read, the feed of changes once started, and
/// the database's address for the feed's listener (PostgreSQL).
#[derive(Default)]
pub(super) struct WebState {
    links: OnceLock<Arc<Links>>,
    changes: OnceLock<broadcast::Sender<Change>>,
    pub(super) database_url: OnceLock<String>,
}

/// Changes a slow page may fall behind by before it hears that it missed some (and reloads).
const FEED_ROOM: usize = 1024;

impl Handle {
    /// The links to pages, with the host's key (made and stored at the first call ever).
    ///
    /// # Errors
    /// The database failed.
    pub async fn links(&self) -> Result<Arc<Links>, Failure> {
        if let Some(links) = self.inner.web.links.get() {
            return Ok(Arc::clone(links));
        }
        let mut fresh = [0u8; 32];
        getrandom::fill(&mut fresh)
            .map_err(|e| Failure::Internal(StoreError::Task(format!("no randomness: {e}"))))?;
        let fresh: String = fresh.iter().map(|b| format!("{b:02x}")).collect();
        let secret = self
            .tables(move |store| store.write(|tx| tx.web_secret(&fresh)))
            .await?;
        let links = Arc::new(Links {
            key: secret.into_bytes(),
        });
        Ok(Arc::clone(self.inner.web.links.get_or_init(|| links)))
    }

    /// What the database changes from now on, from any process (see [`Change`]). A receiver
    /// that falls behind by more than [`FEED_ROOM`] is told it lagged.
    pub fn changes(&self) -> broadcast::Receiver<Change> {
        let sender = self.inner.web.changes.get_or_init(|| {
            let (tx, _) = broadcast::channel(FEED_ROOM);
            match self.inner.web.database_url.get() {
                Some(url) => listen_for_changes(&self.inner, url.clone(), tx.clone()),
                None => {
                    let feed = tx.clone();
                    self.inner.service.store().on_changes(move |changes| {
                        for &c in changes {
                            let _ = feed.send(c);
                        }
                    });
                }
            }
            tx
        });
        sender.subscribe()
    }

    /// Notes the names members of `guild` are shown by, as the chat front end saw them.
    ///
    /// # Errors
    /// The database failed.
    pub async fn note_names(
        &self,
        guild: GuildId,
        names: Vec<(UserId, String)>,
    ) -> Result<(), Failure> {
        let now = self.now().millis();
        let rows: Vec<(u64, String)> = names.into_iter().map(|(u, n)| (u.get(), n)).collect();
        self.tables(move |store| store.write(|tx| tx.set_display_names(guild.get(), &rows, now)))
            .await
    }

    /// The names of `users` on `guild`, for those who have one.
    ///
    /// # Errors
    /// The database failed.
    pub async fn display_names(
        &self,
        guild: GuildId,
        users: Vec<UserId>,
    ) -> Result<Vec<(UserId, String)>, Failure> {
        let ids: Vec<u64> = users.iter().map(|u| u.get()).collect();
        let rows = self
            .query(move |s| Ok(s.store().read(|tx| tx.display_names(guild.get(), &ids))?))
            .await?;
        Ok(rows.into_iter().map(|(u, n)| (UserId(u), n)).collect())
    }

    /// A server's games, newest first: those in play (from the database, whichever process
    /// holds them), or those over.
    ///
    /// # Errors
    /// The database failed.
    pub async fn server_games(
        &self,
        guild: GuildId,
        running: bool,
        limit: u32,
    ) -> Result<Vec<GameSummary>, Failure> {
        self.query(move |s| s.server_games(guild, running, limit))
            .await
    }

    /// What a server's pages speak: its `language` setting (a code), and the locale Discord
    /// last gave for it.
    ///
    /// # Errors
    /// The database failed.
    pub async fn server_language(
        &self,
        guild: GuildId,
    ) -> Result<(Option<String>, Option<String>), Failure> {
        self.discord(move |d| {
            let setting = d
                .settings(guild)?
                .into_iter()
                .find(|(k, _)| k == "language")
                .map(|(_, v)| v);
            Ok((setting, d.guild_locale(guild)?))
        })
        .await
    }

    /// The server a page belongs to (a game's, an event's, or the server itself), if the
    /// game or event exists.
    ///
    /// # Errors
    /// The database failed.
    pub async fn server_of(&self, page: Page) -> Result<Option<GuildId>, Failure> {
        match page {
            Page::Server(guild) => Ok(Some(guild)),
            Page::Game(id) => {
                let guild = self
                    .query(move |s| Ok(s.store().read(|tx| tx.guild_of_match(id.get()))?))
                    .await?;
                Ok(guild.map(GuildId))
            }
            Page::Event(id) => {
                let guild = self
                    .query(move |s| Ok(s.store().read(|tx| tx.guild_of_event(id.get()))?))
                    .await?;
                Ok(guild.map(GuildId))
            }
        }
    }
}

/// How long the listener waits before it connects again after a failure.
const LISTEN_AGAIN: Duration = Duration::from_secs(2);

/// Listens on a thread of its own for PostgreSQL's notifications of changes, from every
/// process, and hands them to the feed; reconnects after a failure (a page that missed a
/// change meanwhile catches up at the next one, or when it reconnects).
fn listen_for_changes(inner: &Arc<Inner>, url: String, feed: broadcast::Sender<Change>) {
    let inner = Arc::clone(inner);
    let spawned = std::thread::Builder::new()
        .name("tengen-web-changes".into())
        .spawn(move || {
            while !inner.pool.is_stopping() {
                match PgListener::listen(&url, CHANGES_CHANNEL) {
                    Ok(mut listener) => loop {
                        if inner.pool.is_stopping() {
                            return;
                        }
                        match listener.payloads(Duration::from_secs(1)) {
                            Ok(payloads) => {
                                for c in payloads.iter().filter_map(|p| Change::parse(p)) {
                                    let _ = feed.send(c);
                                }
                            }
                            Err(e) => {
                                tracing::warn!(error = %e, "the connection listening for changes failed; listening again");
                                break;
                            }
                        }
                    },
                    Err(e) => tracing::warn!(error = %e, "cannot listen for changes yet"),
                }
                std::thread::sleep(LISTEN_AGAIN);
            }
        });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "could not start the listener of changes");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_page_and_nothing_else_passes() {
        let links = Links {
            key: b"host key".to_vec(),
        };
        let pages = [
            Page::Game(MatchId(42)),
            Page::Event(EventId(7)),
            Page::Server(GuildId(1_234_567_890_123)),
        ];
        for page in pages {
            let token = links.token(page);
            assert_eq!(token.len(), 42, "{token}");
            assert_eq!(links.page(&token), Some(page));
            // Another host's key, a changed digit, a cut token: no page.
            let other = Links {
                key: b"another key".to_vec(),
            };
            assert_eq!(other.page(&token), None);
            let mut bent = token.clone().into_bytes();
            let last = bent.len() - 1;
            bent[last] = if bent[last] == b'0' { b'1' } else { b'0' };
            assert_eq!(links.page(&String::from_utf8(bent).unwrap()), None);
            assert_eq!(links.page(&token[..40]), None);
        }
        // The game's number alone, or garbage, is no token.
        for bad in ["42", "", "zz", &"0".repeat(42), "é".repeat(21).as_str()] {
            assert_eq!(links.page(bad), None, "{bad:?}");
        }
        // Another game's token differs: one cannot be turned into the other.
        assert_ne!(
            links.token(Page::Game(MatchId(42)))[18..],
            links.token(Page::Game(MatchId(43)))[18..]
        );
    }
}
