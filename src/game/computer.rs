//! Games against the computer (Fox Go's three levels, 初级 中级 高级): who the computer is in a
//! match, which level, and what it has to do next. The search itself is the engine's
//! (`crate::ai`, run by the runtime); the game only says when the computer must act and
//! applies what it plays like anyone's command.

use crate::go::{Color, Game, Level, Point};

use super::rating::{Rank, Rating, START, rating_of};
use super::refusal::Refusal;
use super::settings::Settings;
use super::{BoardRef, UserId};

/// What a level means to the game: the rank it is shown at and the fixed rating a ranked
/// game against it is rated against. (The levels are named in [`crate::go::Level`].)
impl Level {
    /// The rank the level plays at, drawn from the measured win rates of `docs/STRENGTH.md`:
    /// the handicap at which it scores even against GNU Go 3.8 at level 10 on 9×9 (beginner
    /// about 2.4 stones, intermediate about 0.6), at six ranks a 9×9 stone, and the advanced
    /// level's even games on 19×19 (37 of 40: at the lower end of their Wilson interval,
    /// 80 %, three to four ranks above GNU Go on the rating scale, taken at three) — with
    /// GNU Go taken as 8 kyu.
    /// The host's engine is shown at the rank the host gives it (`AI_ENGINE_RANK`), else at
    /// the advanced level's.
    pub fn estimated_rank(self) -> Rank {
        match self {
            Level::Beginner => Rank(8),      // 22 kyu
            Level::Intermediate => Rank(18), // 12 kyu
            Level::Advanced => Rank(25),     // 5 kyu
            Level::Engine => host_engine().map_or(Level::Advanced.estimated_rank(), |e| e.rank),
        }
    }

    /// The fixed rating a ranked game against the level is rated against: the middle of its
    /// estimated rank, with the deviation of a well-measured player (its strength does not
    /// move; the human's rating does).
    pub fn rating(self) -> Rating {
        Rating {
            rating: rating_of(f64::from(self.estimated_rank().0) + 0.5),
            deviation: COMPUTER_DEVIATION,
            volatility: START.volatility,
        }
    }
}

/// The GTP engine a host plugs in as the fourth level (`AI_ENGINE_COMMAND`, `AI_ENGINE_NAME`,
/// `AI_ENGINE_RANK`): set once at start-up from the host's settings, read wherever the level
/// is run or shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostEngine {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// How players see it named.
    pub name: String,
    /// The rank it is shown at and rated against.
    pub rank: Rank,
}

static HOST_ENGINE: std::sync::OnceLock<HostEngine> = std::sync::OnceLock::new();

/// Sets the host's engine; `false` if it was set already (the first one stays).
pub fn set_host_engine(engine: HostEngine) -> bool {
    HOST_ENGINE.set(engine).is_ok()
}

/// The host's engine, if the host named one.
pub fn host_engine() -> Option<&'static HostEngine> {
    HOST_ENGINE.get()
}

/// The deviation of the computer's fixed ratings: about what twenty games against GNU Go
/// measure, no surer.
pub const COMPUTER_DEVIATION: f64 = 80.0;

/// The computer's side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Computer {
    /// The account it plays under (the bot's own): its moves are commands by this user.
    pub user: UserId,
    pub color: Color,
    pub level: Level,
    /// Whether it may resign a hopeless game (the server's `ai-resigns` at the start).
    pub may_resign: bool,
}

/// What the computer has to do now in a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Task {
    /// Choose a move (or pass, or resign) in `game`.
    Move,
    /// Say what it thinks of the marking: accept it, toggle a chain, or resume play.
    Judge {
        /// One stone per chain marked dead.
        marking: Vec<Point>,
        /// The marking's version (an Accept or a toggle carries it).
        version: u32,
    },
}

/// A task for the computer, with everything the search needs: taken from the match under its
/// lock, so the search runs on a copy while the game may go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerTask {
    pub computer: Computer,
    /// The board the answer is for: an answer to an older one is refused as stale.
    pub board: BoardRef,
    pub game: Game,
    pub task: Task,
}

/// What a server's settings allow of the computer: the rule lives with the computer, so that
/// the settings (which a refusal names) need not know the refusals.
impl Settings {
    /// The level a game against the computer is played at: the one asked, else the strongest
    /// the server offers.
    ///
    /// # Errors
    /// The server is off, offers no computer, or not the level asked.
    pub fn computer_level(&self, asked: Option<Level>) -> Result<Level, Refusal> {
        if !self.enabled {
            return Err(Refusal::ServerDisabled);
        }
        if !self.ai_enabled {
            return Err(Refusal::ComputerDisabled);
        }
        let strongest = self.ai_levels.last().copied().unwrap_or(Level::Advanced);
        let level = asked.unwrap_or(strongest);
        if self.ai_levels.contains(&level) {
            Ok(level)
        } else {
            Err(Refusal::LevelNotAllowed {
                level,
                allowed: self.ai_levels.clone(),
            })
        }
    }
}
