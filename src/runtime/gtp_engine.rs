//! An external Go engine (KataGo, GNU Go, any program that speaks GTP 2) asked for a move:
//! the game is set up afresh for each move (`boardsize`, `clear_board`, `komi`, the set-up
//! stones and the moves replayed with `play`), then `genmove` within a time limit. An engine
//! that cannot start, ends, stays silent past its time or answers something that is not a
//! legal move under Tengen's own rules is an [`EngineError`], never a move: the caller decides
//! what plays instead. One engine process serves one search at a time; it may serve many
//! games one after another.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::ai::Decision;
use crate::go::{Color, Game};

/// How long a setup command (`boardsize`, `play`, …) may take.
pub(crate) const SETUP_WAIT: Duration = Duration::from_secs(5);
/// What `genmove` may take beyond the time the engine is given (starting, the machine's load).
const GENMOVE_GRACE: Duration = Duration::from_secs(3);

/// Why the engine gave no move.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("AI_ENGINE_COMMAND is empty")]
    NoCommand,
    #[error("cannot start the engine: {0}")]
    Start(std::io::Error),
    #[error("the engine ended")]
    Ended,
    #[error("the engine did not answer {command:?} within {within:?}")]
    Silent { command: String, within: Duration },
    #[error("the engine refused {command:?}: {answer}")]
    Refused { command: String, answer: String },
    #[error("the engine answered {answer:?}, which is not a legal move here")]
    Illegal { answer: String },
}

/// A running engine process and the answers its reader thread collects.
pub struct GtpEngine {
    child: Child,
    stdin: ChildStdin,
    answers: mpsc::Receiver<String>,
}

impl GtpEngine {
    /// Starts `command` (the program, then its arguments).
    ///
    /// # Errors
    /// The command is empty or cannot be started.
    pub fn start(command: &[String]) -> Result<GtpEngine, EngineError> {
        let (program, args) = command.split_first().ok_or(EngineError::NoCommand)?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(EngineError::Start)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Ended);
        };
        let (tx, answers) = mpsc::channel();
        let reader = std::thread::Builder::new()
            .name("tengen-gtp-read".into())
            .spawn(move || read_answers(BufReader::new(stdout), &tx));
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Start(e));
        }
        Ok(GtpEngine {
            child,
            stdin,
            answers,
        })
    }

    /// Starts `command` and asks it `protocol_version`, as the bot does once at start: the
    /// engine's answer (`2` for GTP 2). The process ends with the check.
    ///
    /// # Errors
    /// The program cannot be started, ends, refuses the command, or is silent for `within`.
    pub fn check(command: &[String], within: Duration) -> Result<String, EngineError> {
        GtpEngine::start(command)?.ask("protocol_version", within)
    }

    /// Sends one command and waits up to `within` for its answer: the text after `=`. Other
    /// programs ask their own questions this way (GNU Go's reading of a problem, in `cli`).
    ///
    /// # Errors
    /// The engine ended, refused the command (`?`, with its message), or was silent.
    pub fn ask(&mut self, command: &str, within: Duration) -> Result<String, EngineError> {
        self.send(command)?;
        self.receive(command, within)
    }

    /// Sends one command without waiting for its answer: an analysis streams until the next
    /// command, whose answer follows the analysis's.
    ///
    /// # Errors
    /// The engine ended.
    pub fn send(&mut self, command: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| EngineError::Ended)
    }

    /// Waits up to `within` for the answer to `command`, sent before: the text after `=`.
    ///
    /// # Errors
    /// The engine ended, refused the command, or was silent.
    pub fn receive(&mut self, command: &str, within: Duration) -> Result<String, EngineError> {
        match self.answers.recv_timeout(within) {
            Ok(a) => match a.strip_prefix('=') {
                Some(text) => Ok(text.trim().to_owned()),
                None => Err(EngineError::Refused {
                    command: command.to_owned(),
                    answer: a.trim_start_matches('?').trim().to_owned(),
                }),
            },
            Err(mpsc::RecvTimeoutError::Timeout) => Err(EngineError::Silent {
                command: command.to_owned(),
                within,
            }),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(EngineError::Ended),
        }
    }

    /// The engine's move in `game` for the player to move, thinking about `think`.
    ///
    /// # Errors
    /// The engine ended, stayed silent, refused the game, or answered a move that is not
    /// legal in `game` (checked by Tengen's own rules, which the engine may not share).
    pub fn genmove(&mut self, game: &Game, think: Duration) -> Result<Decision, EngineError> {
        self.set_up(game)?;
        // Byo-yomi of one stone in `think` seconds; an engine without time control refuses it
        // and plays at its own pace, still bounded by the wait below.
        let seconds = think.as_secs().max(1);
        let _ = self.ask(&format!("time_settings 0 {seconds} 1"), SETUP_WAIT);
        let answer = self.ask(
            &format!("genmove {}", colour(game.to_move())),
            think + GENMOVE_GRACE,
        )?;
        decision(game, &answer).ok_or(EngineError::Illegal { answer })
    }

    /// Sets the position of `game` up afresh: the board, komi, the set-up stones, the moves.
    ///
    /// # Errors
    /// The engine ended, stayed silent or refused one of them.
    pub fn set_up(&mut self, game: &Game) -> Result<(), EngineError> {
        let size = game.size();
        self.ask(&format!("boardsize {}", size.get()), SETUP_WAIT)?;
        self.ask("clear_board", SETUP_WAIT)?;
        self.ask(&format!("komi {}", game.rules().komi), SETUP_WAIT)?;
        let setup = game.initial_board();
        for p in size.all_points() {
            if let Some(c) = setup.get(p) {
                self.ask(&format!("play {} {p}", colour(c)), SETUP_WAIT)?;
            }
        }
        for (c, mv) in game.moves() {
            self.ask(&format!("play {} {mv}", colour(*c)), SETUP_WAIT)?;
        }
        Ok(())
    }
}

impl Drop for GtpEngine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn colour(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// A `genmove` answer as a decision, if it is one that is legal in `game`.
fn decision(game: &Game, answer: &str) -> Option<Decision> {
    let d = Decision::parse_on(answer, game.size())?;
    d.to_move().is_none_or(|m| game.is_legal(m)).then_some(d)
}

/// Collects the engine's answers: each begins with `=` or `?` and ends at an empty line.
fn read_answers(out: impl BufRead, tx: &mpsc::Sender<String>) {
    let mut answer: Option<String> = None;
    for line in out.lines() {
        let Ok(line) = line else {
            return;
        };
        let line = line.trim_end_matches('\r');
        match answer.as_mut() {
            None if line.starts_with('=') || line.starts_with('?') => {
                answer = Some(line.to_owned());
            }
            None => {}
            Some(_) if line.trim().is_empty() => {
                if let Some(a) = answer.take()
                    && tx.send(a).is_err()
                {
                    return;
                }
            }
            Some(a) => {
                a.push('\n');
                a.push_str(line);
            }
        }
    }
}
