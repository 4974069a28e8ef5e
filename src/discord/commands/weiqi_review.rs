//! `/weiqi review [game] [file]`: the engine's review of a finished game of the server (any
//! one: a spectator may ask too), or of an SGF record the caller uploads; without either, the
//! caller's latest finished game. The caller is told privately where the review is in line;
//! a public message in the channel shows its progress and, at its end, the review itself
//! (`publish::review_steps`).

use std::time::Duration;

use serenity::all::{Attachment, CreateAllowedMentions, CreateAutocompleteResponse, CreateMessage};

use crate::game::MatchId;
use crate::review::{MAX_SGF_BYTES, Source, SourceError, positions};
use crate::runtime;
use crate::runtime::reviews::{NewReview, Queued, REVIEWS_PER_SERVER};

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::{Lang, tr};
use crate::discord::publish::rest::{post_with_retry, send};
use crate::discord::ui::{review_message, words};

/// How long the download of an uploaded record may take.
const DOWNLOAD_WITHIN: Duration = Duration::from_secs(10);

/// The caller's finished games on this server, newest first.
async fn finished(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    super::weiqi_sgf::game_choices(ctx, partial, true).await
}

/// The engine's review of a game, or of an SGF file
#[poise::command(slash_command, guild_only)]
pub async fn review(
    ctx: Ctx<'_>,
    #[min = 1]
    #[autocomplete = "finished"]
    game: Option<i64>,
    file: Option<Attachment>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    // Reading a record (and downloading one) takes a moment; refusals stay private.
    call.defer(true).await;
    if !call.may_post_here(false).await {
        return Ok(());
    }
    let asked = match (file, game) {
        (Some(_), Some(_)) => Err(tr!(call.lang, "review-both")),
        (Some(file), None) => from_file(&call, &file).await,
        (None, Some(n)) => {
            call.span.record("match_id", n);
            from_game(&call, MatchId(n)).await
        }
        (None, None) => latest(&call).await,
    };
    match asked {
        Ok(asked) => queue(&call, asked).await,
        Err(text) => call.private(text).await,
    }
    Ok(())
}

/// A record to review: what it is (`#12` or a file's name), its text, and the game in it.
struct Asked {
    what: String,
    sgf: String,
    source: Source,
}

/// Why a record cannot be reviewed, in the caller's words.
fn source_refusal(lang: Lang, e: &SourceError) -> String {
    use crate::go::sgf::SgfError;
    match e {
        SourceError::TooLarge { bytes, max } => {
            tr!(lang, "review-file-too-large", size = *bytes, max = *max)
        }
        SourceError::Sgf(SgfError::Size(size)) => {
            tr!(lang, "review-file-board", size = size.clone())
        }
        SourceError::Sgf(SgfError::Parse(_) | SgfError::NotGo) => tr!(lang, "review-file-not-sgf"),
        SourceError::Sgf(other) => tr!(lang, "review-file-bad", reason = other.to_string()),
        SourceError::Illegal { move_number } => {
            tr!(lang, "review-file-illegal", move = *move_number)
        }
        SourceError::NoMoves => tr!(lang, "review-file-no-moves"),
        SourceError::TooLong { moves, max } => {
            tr!(lang, "review-file-too-long", moves = *moves, max = *max)
        }
    }
}

/// Reads `bytes` as a record off the async threads.
async fn read(lang: Lang, what: String, bytes: Vec<u8>) -> Result<Asked, String> {
    let read = runtime::blocking(move || {
        let source = Source::from_sgf(&bytes)?;
        let sgf = String::from_utf8_lossy(&bytes).into_owned();
        Ok::<_, SourceError>((sgf, source))
    })
    .await;
    match read {
        Ok(Ok((sgf, source))) => Ok(Asked { what, sgf, source }),
        Ok(Err(e)) => Err(source_refusal(lang, &e)),
        Err(e) => {
            tracing::warn!(error = %e, "cannot read a record");
            Err(tr!(lang, "review-file-unreadable"))
        }
    }
}

/// Whether the bot fetches uploads from `url`: Discord's CDN, or the REST proxy the host set
/// (`DISCORD_API_BASE`), which serves uploads in its place.
fn fetchable(url: &str) -> bool {
    const DISCORD: [&str; 2] = [
        "https://cdn.discordapp.com/",
        "https://media.discordapp.net/",
    ];
    DISCORD.iter().any(|d| url.starts_with(d))
        || crate::discord::gateway::UPLOADS_BASE
            .get()
            .is_some_and(|base| url.starts_with(&format!("{}/", base.trim_end_matches('/'))))
}

/// Downloads an upload, at most [`MAX_SGF_BYTES`] of it.
async fn download(url: &str) -> Result<Result<Vec<u8>, usize>, reqwest::Error> {
    let client = reqwest::Client::builder()
        .timeout(DOWNLOAD_WITHIN)
        .build()?;
    let mut response = client.get(url).send().await?.error_for_status()?;
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > MAX_SGF_BYTES {
            return Ok(Err(bytes.len()));
        }
    }
    Ok(Ok(bytes))
}

/// The record the caller uploaded, checked before and after its download.
async fn from_file(call: &Call<'_>, file: &Attachment) -> Result<Asked, String> {
    let lang = call.lang;
    let size = usize::try_from(file.size).unwrap_or(usize::MAX);
    if size > MAX_SGF_BYTES {
        return Err(tr!(
            lang,
            "review-file-too-large",
            size = size,
            max = MAX_SGF_BYTES
        ));
    }
    if !fetchable(&file.url) {
        tracing::warn!(url = %file.url, "an upload from elsewhere than Discord's CDN");
        return Err(tr!(lang, "review-file-unreadable"));
    }
    let bytes = match download(&file.url).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(size)) => {
            return Err(tr!(
                lang,
                "review-file-too-large",
                size = size,
                max = MAX_SGF_BYTES
            ));
        }
        Err(e) => {
            tracing::warn!(error = %e, "cannot download an upload");
            return Err(tr!(lang, "review-file-unreadable"));
        }
    };
    let name: String = file
        .filename
        .chars()
        .filter(|c| !c.is_control() && *c != '`')
        .take(100)
        .collect();
    read(lang, name, bytes).await
}

/// The record of finished game `id` of this server.
async fn from_game(call: &Call<'_>, id: MatchId) -> Result<Asked, String> {
    let lang = call.lang;
    let m = match call.bot.runtime.game(id).await {
        Ok(Some(m)) if m.guild == call.guild => m,
        Ok(_) => return Err(tr!(lang, "review-game-unknown", game = id.get())),
        Err(f) => {
            super::log_failure(&f);
            return Err(words::failure(lang, &f));
        }
    };
    if m.ended().is_none() {
        return Err(tr!(lang, "review-game-running", game = id.get()));
    }
    let names = super::weiqi_sgf::record_names(call, &m).await;
    let record = super::weiqi_sgf::record_words(lang);
    match call.bot.runtime.sgf(call.guild, id, names, record).await {
        Ok(text) => read(lang, format!("#{}", id.get()), text.into_bytes()).await,
        Err(f) => {
            super::log_failure(&f);
            Err(words::failure(lang, &f))
        }
    }
}

/// The caller's latest finished game here.
async fn latest(call: &Call<'_>) -> Result<Asked, String> {
    match call
        .bot
        .runtime
        .recent_games(call.guild, call.user, 25)
        .await
    {
        Ok(list) => match list.into_iter().find(|g| g.result.is_some()) {
            Some(g) => from_game(call, g.id).await,
            None => Err(tr!(call.lang, "review-no-game")),
        },
        Err(f) => {
            super::log_failure(&f);
            Err(words::failure(call.lang, &f))
        }
    }
}

/// Queues the review, posts its public message, and tells the caller where it is in line.
async fn queue(call: &Call<'_>, asked: Asked) {
    let Asked { what, sgf, source } = asked;
    let new = NewReview {
        guild: call.guild,
        channel: call.channel,
        requester: call.user,
        what: what.clone(),
        sgf,
        size: source.game.size().get(),
        total: u32::try_from(positions(&source.game)).unwrap_or(u32::MAX),
    };
    let (id, place) = match call.bot.runtime.queue_review(new).await {
        Ok(Queued::Queued { id, place }) => (id, place),
        Ok(Queued::AlreadyOne) => return call.private(tr!(call.lang, "review-already-one")).await,
        Ok(Queued::ServerFull) => {
            return call
                .private(tr!(
                    call.lang,
                    "review-server-full",
                    max = REVIEWS_PER_SERVER
                ))
                .await;
        }
        Err(f) => return call.failure(&f).await,
    };
    tracing::info!(review = id, place, what = %what, "review queued");
    let public = call.public_lang().await;
    let text = review_message::waiting_text(public, &what);
    let http = call.ctx.http();
    let posted = post_with_retry("post a review's message", || {
        send(
            http,
            call.channel,
            CreateMessage::new()
                .content(text.clone())
                .allowed_mentions(CreateAllowedMentions::new()),
        )
    })
    .await;
    match posted {
        Ok(msg) => {
            if let Err(f) = call.bot.runtime.set_review_message(id, msg.id.get()).await {
                super::log_failure(&f);
            }
        }
        Err(e) => tracing::warn!(review = id, error = %e, "cannot post a review's message"),
    }
    call.private(tr!(call.lang, "review-queued", review = id, place = place))
        .await;
}
