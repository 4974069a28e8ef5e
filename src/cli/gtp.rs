//! `tengen gtp [--level L] [--rules R]`: the engine over the Go Text Protocol, version 2, on
//! standard input and output, for Go tools, servers and match referees.
//!
//! One command a line; an optional numeric id comes back in the answer (`=id …` or `?id …`,
//! then an empty line). Nothing a controller sends can end the program but `quit` or the end
//! of the input: a malformed or illegal command gets GTP's `? …` answer. The session keeps
//! the game (with its history, so superko and `undo` work) and the engine (with its tree).
//!
//! Time: the engine reads no clock, so the session does: each `genmove` gets a deadline from
//! the level's time a move, `--max-time`, and what `time_settings`/`time_left` say is left
//! (a share of the main time, or of a byo-yomi period, with a margin), and a [`Stop`] that
//! compares the clock with it.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use crate::ai::{Decision, Engine, Options, Stop};
use crate::go::Level;
use crate::go::{
    Board, BoardSize, Color, DeadStones, EstimateOptions, Game, Komi, Move, Point, RuleSet, Rules,
    estimate_dead, fixed_points,
};

#[derive(Debug, Clone, Args)]
pub struct GtpArgs {
    /// Strength: beginner, intermediate or advanced.
    #[arg(long, default_value = "advanced")]
    pub level: Level,
    /// Rule set: classic, chinese, aga, japanese or korean (the komi is the controller's `komi`).
    #[arg(long, default_value = "chinese")]
    pub rules: RuleSet,
    /// Playouts a move, instead of the level's (1 or more).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub playouts: Option<u64>,
    /// Seed of the engine (the same seed and playouts give the same games).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The most seconds a move may take, instead of the level's.
    #[arg(long = "max-time")]
    pub max_time: Option<f64>,
    /// Never resign.
    #[arg(long = "no-resign")]
    pub no_resign: bool,
    /// Print a line about each search on standard error.
    #[arg(long)]
    pub verbose: bool,
    /// Override a tunable of the search, `name=value` (repeatable; for experiments): equiv,
    /// explore, expand_at, even, learned, pattern, near, line, score, fill_board,
    /// mutual_atari (0 or 1), settle (0: no early stop), prob, prob_near, two_libs (percent),
    /// replies (0 or 1), rave_distance, nakade (percent), shapes (0 to 3), sacrifice (0 or 1),
    /// ko (percent), cousin (0 or 1), pattern_weights (0 or 1), rave_prior (0 or 1), mm (0 or
    /// 1: `prob` shares by the fitted move model), book (0 or 1: the 19×19 opening book).
    #[arg(long = "tune", value_name = "NAME=VALUE")]
    pub tune: Vec<String>,
}

/// Runs the protocol on standard input and output until `quit` or the end of the input.
///
/// Lines are read as bytes: one that is not UTF-8 is read with the bad bytes replaced (and is
/// answered like any other), so a controller's stray byte never ends the session.
pub fn run(args: &GtpArgs) -> ExitCode {
    let mut session = Session::new(args.clone());
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&bytes);
        let Some(reply) = session.handle(&line) else {
            continue;
        };
        if out
            .write_all(reply.text.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
        if reply.quit {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// The answer to one command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The full answer, `=` or `?`, the id, the text and the closing empty line.
    pub text: String,
    /// Whether the command was `quit`.
    pub quit: bool,
}

/// Every command this session knows, as `list_commands` gives them.
const COMMANDS: &[&str] = &[
    "boardsize",
    "clear_board",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "genmove",
    "kgs-genmove_cleanup",
    "known_command",
    "komi",
    "list_commands",
    "name",
    "place_free_handicap",
    "play",
    "protocol_version",
    "quit",
    "set_free_handicap",
    "showboard",
    "time_left",
    "time_settings",
    "undo",
    "version",
];

/// What `time_settings` and `time_left` said.
#[derive(Debug, Clone, Copy, Default)]
struct Clock {
    /// Main time, byo-yomi time and stones of the settings (seconds); `None`: no limit.
    settings: Option<(f64, f64, u32)>,
    /// Per colour: seconds left and stones left in the period (0: main time).
    left: [Option<(f64, u32)>; 2],
}

/// A GTP session: the game, the engine and the clock settings.
pub struct Session {
    args: GtpArgs,
    engine: Engine,
    game: Game,
    size: BoardSize,
    komi: Komi,
    clock: Clock,
}

type Answer = Result<String, String>;

impl Session {
    /// A session on an empty 19×19 board (GTP's default until `boardsize`).
    pub fn new(args: GtpArgs) -> Session {
        let mut options = Options::default();
        if let Some(seed) = args.seed {
            options.seed = seed;
        }
        options.resign = !args.no_resign;
        for t in &args.tune {
            if let Err(e) = options.tuning.set(t) {
                eprintln!("tengen: --tune {t}: {e} (ignored)");
            }
        }
        let engine = Engine::new(args.level, options);
        let komi = args.rules.rules().komi;
        let size = BoardSize::NINETEEN;
        Session {
            game: Game::new(size, args.rules.with_komi(komi)),
            args,
            engine,
            size,
            komi,
            clock: Clock::default(),
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Answers one line of input; `None` for a line with no command (empty or a comment).
    pub fn handle(&mut self, line: &str) -> Option<Reply> {
        let cleaned: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
        let mut words = cleaned.split_whitespace().peekable();
        let first = words.peek()?;
        let id = if first.chars().all(|c| c.is_ascii_digit()) {
            let id = first.to_string();
            words.next();
            Some(id)
        } else {
            None
        };
        let id = id.unwrap_or_default();
        let Some(command) = words.next() else {
            return Some(Reply {
                text: format!("?{id} no command\n\n"),
                quit: false,
            });
        };
        let rest: Vec<&str> = words.collect();
        let quit = command == "quit";
        let answer = self.dispatch(command, &rest);
        let text = match answer {
            Ok(s) if s.is_empty() => format!("={id}\n\n"),
            Ok(s) => format!("={id} {s}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        };
        Some(Reply { text, quit })
    }

    fn dispatch(&mut self, command: &str, args: &[&str]) -> Answer {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("Tengen".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(args
                .first()
                .is_some_and(|c| COMMANDS.contains(c))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.new_game(Board::new(self.size), Color::Black);
                Ok(String::new())
            }
            "komi" => self.set_komi(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args, false),
            "kgs-genmove_cleanup" => self.genmove(args, true),
            "undo" => self.undo(),
            "showboard" => Ok(format!("\n{}", self.game.board())),
            "final_score" => Ok(self.final_score()),
            "final_status_list" => self.final_status_list(args),
            "time_settings" => self.time_settings(args),
            "time_left" => self.time_left(args),
            "fixed_handicap" | "place_free_handicap" => self.fixed_handicap(args),
            "set_free_handicap" => self.set_free_handicap(args),
            _ => Err("unknown command".into()),
        }
    }

    /// The rules of the session's rule set with the controller's komi.
    fn rules(&self) -> Rules {
        self.args.rules.with_komi(self.komi)
    }

    fn new_game(&mut self, board: Board, to_move: Color) {
        self.game = Game::from_setup(board, to_move, self.rules());
        self.engine.clear();
    }

    fn boardsize(&mut self, args: &[&str]) -> Answer {
        let size = args
            .first()
            .and_then(|s| s.parse::<u8>().ok())
            .and_then(BoardSize::new)
            .ok_or("unacceptable size")?;
        self.size = size;
        self.new_game(Board::new(size), Color::Black);
        Ok(String::new())
    }

    /// GTP's komi is a float; the game counts in half points: a whole or half number is taken,
    /// any other (7.25) refused with the reason, the komi unchanged.
    fn set_komi(&mut self, args: &[&str]) -> Answer {
        let text = args.first().ok_or("syntax error")?;
        let points = text
            .parse::<f64>()
            .ok()
            .filter(|p| p.is_finite())
            .ok_or("syntax error")?;
        let komi = Komi::from_points(points).ok_or_else(|| {
            if points.abs() > 1000.0 {
                format!("komi {text} is out of range: Tengen takes -1000 to 1000")
            } else {
                format!(
                    "komi {text} cannot be counted: Tengen counts komi in whole and half points"
                )
            }
        })?;
        self.komi = komi;
        self.game.set_komi(komi);
        Ok(String::new())
    }

    fn play(&mut self, args: &[&str]) -> Answer {
        let [c, v] = args else {
            return Err("syntax error".into());
        };
        let color = parse_color(c).ok_or("syntax error")?;
        let mv = Move::parse_on(v, self.size).ok_or("syntax error")?;
        if self.game.is_over() {
            self.game.resume();
        }
        self.game
            .play_as(color, mv)
            .map(|_| String::new())
            .map_err(|e| format!("illegal move ({})", e.reason()))
    }

    fn genmove(&mut self, args: &[&str], cleanup: bool) -> Answer {
        let [c] = args else {
            return Err("syntax error".into());
        };
        let color = parse_color(c).ok_or("syntax error")?;
        if self.game.is_over() {
            self.game.resume();
        }
        let mut rules = self.rules();
        if cleanup {
            rules.dead_stones = DeadStones::PlayOut;
        }
        // The engine moves for the side to move of the game it is given: a game with the
        // same history, its rules, and `color` to move.
        let view = if color == self.game.to_move() && !cleanup {
            None
        } else {
            Some(replayed(&self.game, rules, color))
        };
        let game = view.as_ref().unwrap_or(&self.game);
        let mut limits = self.args.level.default_limits(self.size);
        if let Some(n) = self.args.playouts {
            limits.playouts = n;
            if self.args.max_time.is_none() {
                limits.time = None;
            }
        }
        let budget = self.time_budget(color, limits.time);
        let stop = Deadline::new(budget);
        let decision = self.engine.genmove(game, &limits, &stop);
        if self.args.verbose && self.engine.last_search().book {
            eprintln!("tengen: {color} {decision} from the opening book");
        } else if self.args.verbose {
            let info = self.engine.last_search();
            let best: Vec<String> = info
                .best
                .iter()
                .map(|(m, n, w)| format!("{m}:{n}:{w:.2}"))
                .collect();
            eprintln!(
                "tengen: {} {decision} win {:.3} playouts {} reused {} nodes {} in {:.2}s [{}]",
                color,
                info.win_rate.unwrap_or(0.5),
                info.playouts,
                info.reused,
                info.nodes,
                stop.start.elapsed().as_secs_f64(),
                best.join(" ")
            );
        }
        let mv = match decision {
            // Cleanup only settles the count of a game both sides passed: no resigning
            // then, the search's best move instead.
            Decision::Resign if cleanup => self
                .engine
                .last_search()
                .best
                .first()
                .map_or(Move::Pass, |b| b.0),
            Decision::Resign => return Ok(Decision::Resign.to_string()),
            Decision::Pass => Move::Pass,
            Decision::Play(p) => Move::Play(p),
        };
        // The engine only plays legal moves; the game is the judge all the same.
        let mv = if self.game.check(color, mv).is_ok() {
            mv
        } else {
            Move::Pass
        };
        self.game
            .play_as(color, mv)
            .map_err(|e| format!("cannot play ({})", e.reason()))?;
        Ok(mv.to_string())
    }

    /// The time the next move of `color` may take: the level's (or `--max-time`), within what
    /// the clock leaves.
    fn time_budget(&self, color: Color, level: Option<Duration>) -> Option<Duration> {
        let mut budget = self
            .args
            .max_time
            .filter(|t| t.is_finite() && *t > 0.0)
            .map(Duration::from_secs_f64)
            .or(level);
        if let Some((main, byo, stones)) = self.clock.settings {
            let left = self.clock.left[usize::from(color == Color::White)];
            let (time_left, stones_left) = left.unwrap_or((main, 0));
            let by_clock = if stones_left > 0 {
                // In byo-yomi: an even share of the period, with a margin for the wire.
                time_left / f64::from(stones_left) * 0.85 - 0.1
            } else {
                let moves = (self.game.board().size().points() as f64 / 3.0).max(20.0);
                let share = time_left / moves;
                let period = if stones > 0 {
                    byo / f64::from(stones) * 0.85 - 0.1
                } else {
                    0.0
                };
                share.max(period).min(time_left * 0.5)
            };
            let by_clock = Duration::from_secs_f64(by_clock.max(0.05));
            budget = Some(budget.map_or(by_clock, |b| b.min(by_clock)));
        }
        budget
    }

    fn undo(&mut self) -> Answer {
        let moves = self.game.moves();
        if moves.is_empty() {
            return Err("cannot undo".into());
        }
        let keep = &moves[..moves.len() - 1];
        let mut game = Game::from_setup(
            self.game.initial_board().clone(),
            self.game.initial_to_move(),
            *self.game.rules(),
        );
        for &(c, m) in keep {
            if game.is_over() {
                game.resume();
            }
            game.play_as(c, m).map_err(|_| "cannot undo".to_string())?;
        }
        self.game = game;
        Ok(String::new())
    }

    /// The dead stones as this session's rules settle them: none when the board is counted as
    /// it stands, else the estimate's.
    fn dead(&self) -> Vec<Point> {
        match self.game.rules().dead_stones {
            DeadStones::PlayOut => Vec::new(),
            DeadStones::Agreement => estimate_dead(
                self.game.board(),
                EstimateOptions {
                    seed: self.engine.options().seed,
                    ..EstimateOptions::default()
                },
            ),
        }
    }

    fn final_score(&self) -> String {
        self.game.count(&self.dead()).result().to_string()
    }

    fn final_status_list(&self, args: &[&str]) -> Answer {
        let which = args.first().ok_or("syntax error")?;
        let board = self.game.board();
        let mut dead: Vec<Point> = self.dead().iter().flat_map(|&p| board.chain(p)).collect();
        dead.sort();
        let stones: Vec<Point> = match *which {
            "dead" => dead,
            "alive" => self
                .size
                .all_points()
                .filter(|p| board.get(*p).is_some() && dead.binary_search(p).is_err())
                .collect(),
            "seki" => Vec::new(),
            _ => return Err("syntax error".into()),
        };
        Ok(stones
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn time_settings(&mut self, args: &[&str]) -> Answer {
        let [main, byo, stones] = args else {
            return Err("syntax error".into());
        };
        let main: f64 = main.parse().map_err(|_| "syntax error")?;
        let byo: f64 = byo.parse().map_err(|_| "syntax error")?;
        let stones: u32 = stones.parse().map_err(|_| "syntax error")?;
        if !(main.is_finite() && byo.is_finite()) || main < 0.0 || byo < 0.0 {
            return Err("syntax error".into());
        }
        // GTP: a byo-yomi time without stones means no limit at all.
        self.clock = Clock {
            settings: (!(byo > 0.0 && stones == 0)).then_some((main, byo, stones)),
            left: [None; 2],
        };
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[&str]) -> Answer {
        let [c, t, s] = args else {
            return Err("syntax error".into());
        };
        let color = parse_color(c).ok_or("syntax error")?;
        let t: f64 = t.parse().map_err(|_| "syntax error")?;
        let s: u32 = s.parse().map_err(|_| "syntax error")?;
        if !t.is_finite() || t < 0.0 {
            return Err("syntax error".into());
        }
        if self.clock.settings.is_none() {
            self.clock.settings = Some((t, 0.0, 0));
        }
        self.clock.left[usize::from(color == Color::White)] = Some((t, s));
        Ok(String::new())
    }

    fn fixed_handicap(&mut self, args: &[&str]) -> Answer {
        let n: usize = args
            .first()
            .and_then(|s| s.parse().ok())
            .ok_or("syntax error")?;
        if !self.game.moves().is_empty() || self.game.board().stone_counts().black > 0 {
            return Err("board not empty".into());
        }
        let stones = u8::try_from(n)
            .ok()
            .and_then(|n| fixed_points(self.size, n).ok())
            .ok_or("invalid number of stones")?;
        let mut board = Board::new(self.size);
        board.set_stones(stones.iter().map(|&p| (p, Some(Color::Black))));
        self.new_game(board, Color::White);
        Ok(stones
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn set_free_handicap(&mut self, args: &[&str]) -> Answer {
        if !self.game.moves().is_empty() || self.game.board().stone_counts().black > 0 {
            return Err("board not empty".into());
        }
        let mut stones: Vec<Point> = Vec::new();
        for v in args {
            let p = self.size.parse_point(v).ok_or("syntax error")?;
            if stones.contains(&p) {
                return Err("repeated vertex".into());
            }
            stones.push(p);
        }
        if stones.len() < 2 || stones.len() >= self.size.points() {
            return Err("invalid number of stones".into());
        }
        let mut board = Board::new(self.size);
        board.set_stones(stones.iter().map(|&p| (p, Some(Color::Black))));
        self.new_game(board, Color::White);
        Ok(String::new())
    }
}

/// The game replayed from its start under `rules`, with `color` to move (GTP lets a
/// controller ask either colour for a move). The moves are all legal in the original game;
/// one the new rules refuse ends the replay there.
fn replayed(game: &Game, rules: Rules, color: Color) -> Game {
    let mut g = Game::from_setup(game.initial_board().clone(), game.initial_to_move(), rules);
    for &(c, m) in game.moves() {
        // A game the controller went on with after its end (a cleanup) goes on here too.
        if g.is_over() {
            g.resume();
        }
        if g.play_as(c, m).is_err() {
            break;
        }
    }
    if g.is_over() {
        g.resume();
    }
    if g.to_move() != color {
        // A setup from the position, `color` to move: the history's superko is lost, which
        // the caller's final check against the real game makes up for.
        g = Game::from_setup(game.board().clone(), color, rules);
    }
    g
}

/// The deadline of one search, as a [`Stop`].
struct Deadline {
    start: Instant,
    budget: Option<Duration>,
}

impl Deadline {
    fn new(budget: Option<Duration>) -> Deadline {
        Deadline {
            start: Instant::now(),
            budget,
        }
    }
}

impl Stop for Deadline {
    fn stop(&self) -> bool {
        self.budget.is_some_and(|b| self.start.elapsed() >= b)
    }

    fn progress(&self) -> Option<f64> {
        let b = self.budget?.as_secs_f64();
        (b > 0.0).then(|| (self.start.elapsed().as_secs_f64() / b).min(1.0))
    }
}

fn parse_color(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(GtpArgs {
            level: Level::Beginner,
            rules: RuleSet::Chinese,
            playouts: Some(50),
            seed: Some(1),
            max_time: None,
            no_resign: true,
            verbose: false,
            tune: Vec::new(),
        })
    }

    fn ask(s: &mut Session, line: &str) -> String {
        s.handle(line).map(|r| r.text).unwrap_or_default()
    }

    #[test]
    fn answers_carry_the_id_and_end_with_an_empty_line() {
        let mut s = session();
        assert_eq!(ask(&mut s, "1 protocol_version"), "=1 2\n\n");
        assert_eq!(ask(&mut s, "name"), "= Tengen\n\n");
        assert_eq!(ask(&mut s, "7 frobnicate"), "?7 unknown command\n\n");
        assert_eq!(ask(&mut s, "known_command genmove"), "= true\n\n");
        assert_eq!(ask(&mut s, "known_command frobnicate"), "= false\n\n");
        assert!(s.handle("   # only a comment").is_none());
        assert!(s.handle("").is_none());
    }

    #[test]
    fn garbage_gets_an_error_and_never_a_panic() {
        let mut s = session();
        for line in [
            "boardsize",
            "boardsize 99",
            "boardsize x",
            "komi",
            "komi abc",
            "play",
            "play black",
            "play purple D4",
            "play b Z99",
            "play b D4 extra",
            "genmove",
            "genmove green",
            "time_settings 1 2",
            "time_settings -1 0 0",
            "time_left b NaN 0",
            "final_status_list",
            "final_status_list zombie",
            "fixed_handicap 1",
            "fixed_handicap 99",
            "set_free_handicap Z1",
            "undo",
            "12345678901234567890123 name",
            "\u{1} \u{7f} play \t b \t D4",
        ] {
            let answer = ask(&mut s, line);
            assert!(
                answer.starts_with('?') || answer.starts_with('='),
                "{line}: {answer}"
            );
            assert!(answer.ends_with("\n\n"), "{line}: {answer:?}");
        }
        assert!(ask(&mut s, "boardsize 99").starts_with('?'));
        assert!(ask(&mut s, "play purple D4").starts_with('?'));
    }

    #[test]
    fn an_illegal_move_is_refused_and_the_game_unchanged() {
        let mut s = session();
        ask(&mut s, "boardsize 9");
        assert_eq!(ask(&mut s, "play b E5"), "=\n\n");
        assert!(ask(&mut s, "play w E5").starts_with("? illegal move"));
        assert_eq!(s.game().moves().len(), 1);
        assert_eq!(ask(&mut s, "undo"), "=\n\n");
        assert!(s.game().moves().is_empty());
    }

    #[test]
    fn genmove_plays_a_legal_move_for_either_colour() {
        let mut s = session();
        ask(&mut s, "boardsize 9");
        ask(&mut s, "komi 7");
        let a = ask(&mut s, "genmove b");
        assert!(a.starts_with("= "), "{a}");
        // White asked twice in a row is served as well.
        let b = ask(&mut s, "genmove w");
        let c = ask(&mut s, "genmove w");
        assert!(b.starts_with("= ") && c.starts_with("= "), "{b} {c}");
        assert_eq!(s.game().moves().len(), 3);
    }

    #[test]
    fn a_game_played_on_after_its_end_is_seen_whole() {
        let mut s = session();
        ask(&mut s, "boardsize 9");
        for line in [
            "play b E5",
            "play w pass",
            "play b pass",
            "play w D4",
            "play b C4",
        ] {
            assert_eq!(ask(&mut s, line), "=\n\n", "{line}");
        }
        // The cleanup search sees the moves after the end: its view has five moves.
        let view = replayed(s.game(), s.rules(), Color::White);
        assert_eq!(view.moves().len(), 5);
        assert_eq!(view.board().get("C4".parse().unwrap()), Some(Color::Black));
        assert!(ask(&mut s, "kgs-genmove_cleanup w").starts_with("= "));
        assert_eq!(ask(&mut s, "undo"), "=\n\n");
        assert_eq!(s.game().moves().len(), 5);
    }

    #[test]
    fn fixed_handicap_follows_the_protocol() {
        let names = |n, k| -> Vec<String> {
            fixed_points(BoardSize::new(n).unwrap(), k)
                .unwrap()
                .iter()
                .map(|p| p.to_string())
                .collect()
        };
        assert_eq!(names(19, 2), ["D4", "Q16"]);
        assert_eq!(names(19, 4), ["D4", "Q16", "D16", "Q4"]);
        assert_eq!(names(19, 5), ["D4", "Q16", "D16", "Q4", "K10"]);
        assert_eq!(names(9, 3), ["C3", "G7", "C7"]);
        assert!(fixed_points(BoardSize::new(7).unwrap(), 5).is_err());
        let mut s = session();
        ask(&mut s, "boardsize 9");
        assert_eq!(ask(&mut s, "fixed_handicap 2"), "= C3 G7\n\n");
        assert_eq!(s.game().to_move(), Color::White);
    }

    #[test]
    fn the_time_budget_shares_what_the_clock_leaves() {
        let mut s = session();
        ask(&mut s, "boardsize 9");
        let level = Some(Duration::from_secs(1));
        assert_eq!(s.time_budget(Color::Black, level), level);
        ask(&mut s, "time_settings 0 10 5");
        ask(&mut s, "time_left b 10 5");
        let b = s.time_budget(Color::Black, level).unwrap();
        assert!(b <= Duration::from_millis(1000) && b >= Duration::from_millis(1500 / 2));
        ask(&mut s, "time_left b 1 1");
        let b = s.time_budget(Color::Black, level).unwrap();
        assert!(b < Duration::from_millis(900), "{b:?}");
    }
}
