//! The engine of a review: Tengen's own search, or the host's engine when it speaks an analysis
//! extension of GTP (`kata-analyze`, `lz-analyze`), falling back to Tengen's own when it cannot
//! start, does not speak one, dies, falls silent or writes something unreadable — and saying so.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::ai::Stop;
use crate::go::{BoardSize, Game};
use crate::review::gtp_analysis::{self, Dialect};
use crate::review::{Analysis, Analyst, AnalystError, OwnAnalyst};

use super::gtp_engine::{EngineError, GtpEngine, SETUP_WAIT};

/// Which engine analyses a review, as the players are told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineUsed {
    /// Tengen's own search at the advanced level.
    Tengen,
    /// The host's engine, by the name players see (`AI_ENGINE_NAME`).
    Host(String),
}

/// The analyst of a review and who it is.
pub struct ReviewEngine {
    pub analyst: Box<dyn Analyst>,
    pub engine: EngineUsed,
    fell_back: Arc<AtomicBool>,
}

impl ReviewEngine {
    /// Whether the host's engine failed and Tengen's own took over (from then on).
    pub fn fell_back(&self) -> bool {
        self.fell_back.load(Ordering::Relaxed)
    }
}

/// How long the host's engine thinks about one position of a review on a board of `size`:
/// a 19×19 game of 250 moves in about two and a half minutes.
pub fn host_think(size: BoardSize) -> Duration {
    Duration::from_millis(match size.get() {
        0..=9 => 300,
        10..=13 => 400,
        _ => 600,
    })
}

/// The analyst for a review on a board of `size`, its playouts seeded by `seed`: the host's
/// engine (`AI_ENGINE_COMMAND`) when one is set, with Tengen's own behind it.
pub fn analyst_for(size: BoardSize, seed: u64) -> ReviewEngine {
    match crate::game::computer::host_engine() {
        Some(host) => with_host(&host.command, &host.name, size, seed),
        None => ReviewEngine {
            analyst: Box::new(OwnAnalyst::new(size, seed)),
            engine: EngineUsed::Tengen,
            fell_back: Arc::new(AtomicBool::new(false)),
        },
    }
}

/// The analyst of the engine started by `command`, named `name`, with Tengen's own behind it.
/// An engine that cannot start or speaks no analysis command falls back at once.
pub fn with_host(command: &[String], name: &str, size: BoardSize, seed: u64) -> ReviewEngine {
    let fell_back = Arc::new(AtomicBool::new(false));
    let host = match GtpAnalyst::start(command, host_think(size)) {
        Ok(a) => Some(a),
        Err(e) => {
            tracing::warn!(error = %e, "the host's engine cannot analyse: Tengen's own reviews");
            fell_back.store(true, Ordering::Relaxed);
            None
        }
    };
    ReviewEngine {
        analyst: Box::new(Fallback {
            host,
            own: OwnAnalyst::new(size, seed),
            fell_back: Arc::clone(&fell_back),
        }),
        engine: EngineUsed::Host(name.to_owned()),
        fell_back,
    }
}

/// The host's analyst while it works, then Tengen's own.
struct Fallback {
    host: Option<GtpAnalyst>,
    own: OwnAnalyst,
    fell_back: Arc<AtomicBool>,
}

impl Analyst for Fallback {
    fn analyze(&mut self, game: &Game, stop: &dyn Stop) -> Result<Analysis, AnalystError> {
        if let Some(host) = self.host.as_mut() {
            match host.analyze(game, stop) {
                Ok(a) => return Ok(a),
                Err(e) => {
                    tracing::warn!(error = %e, moves = game.moves().len(),
                        "the host's engine failed in a review: Tengen's own goes on");
                    self.host = None;
                    self.fell_back.store(true, Ordering::Relaxed);
                }
            }
        }
        self.own.analyze(game, stop)
    }
}

/// An engine speaking `kata-analyze` or `lz-analyze`, thinking a fixed time a position.
pub struct GtpAnalyst {
    engine: GtpEngine,
    dialect: Dialect,
    think: Duration,
}

/// What the analysis's answer may take beyond the thinking time.
const ANALYSIS_GRACE: Duration = Duration::from_secs(3);

impl GtpAnalyst {
    /// Starts `command` and learns which analysis command it speaks.
    ///
    /// # Errors
    /// It cannot start, is silent, or speaks neither command.
    pub fn start(command: &[String], think: Duration) -> Result<GtpAnalyst, EngineError> {
        let mut engine = GtpEngine::start(command)?;
        let list = engine.ask("list_commands", SETUP_WAIT)?;
        let dialect = Dialect::from_commands(&list).ok_or_else(|| EngineError::Refused {
            command: "list_commands".to_owned(),
            answer: "neither kata-analyze nor lz-analyze".to_owned(),
        })?;
        Ok(GtpAnalyst {
            engine,
            dialect,
            think,
        })
    }
}

impl Analyst for GtpAnalyst {
    fn analyze(&mut self, game: &Game, stop: &dyn Stop) -> Result<Analysis, AnalystError> {
        let failed = |e: EngineError| AnalystError::Failed(e.to_string());
        self.engine.set_up(game).map_err(failed)?;
        let command = self.dialect.command(game.to_move(), 25);
        self.engine.send(&command).map_err(failed)?;
        let started = Instant::now();
        while started.elapsed() < self.think && !stop.stop() {
            std::thread::sleep(Duration::from_millis(20));
        }
        // Any command ends the analysis; its answer comes after the analysis's.
        self.engine.send("protocol_version").map_err(failed)?;
        let text = self
            .engine
            .receive(&command, ANALYSIS_GRACE)
            .map_err(failed)?;
        self.engine
            .receive("protocol_version", ANALYSIS_GRACE)
            .map_err(failed)?;
        gtp_analysis::read(self.dialect, &text, game.size(), game.to_move())
            .map_err(|e| AnalystError::Failed(e.to_string()))
    }
}
