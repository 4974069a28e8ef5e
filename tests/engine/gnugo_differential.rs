//! Differential test of the rules engine against GNU Go 3.8, spoken to over GTP.
//!
//! What it proves: on random games of sizes 5×5 to 19×19, under simple ko, positional superko
//! and situational superko (suicide forbidden in both programs), our [`Game::check`] agrees with
//! GNU Go's `is_legal` on every candidate point looked at, and after every move the stones on the
//! board and the capture counts of both colours are the same in both programs.
//!
//! The games are played by a seeded xorshift generator written here, so a failure is
//! reproducible; it is printed as the GTP commands that lead to it. Move choice is biased toward
//! captures, toward points just emptied by a capture (retakes) and toward the liberties of
//! short-of-liberty chains, so that small boards see many ko fights and repeated whole-board
//! positions — uniform random play almost never reaches a superko verdict. Our side plays with
//! "White passes last", so that White's pass followed by Black's does not end the game; a side
//! barred from a ko often passes and the other side often passes back, after which the retake
//! repeats the whole board (legal under simple ko, superko otherwise). Passes also change who is
//! to move without changing the stones, which is where positional and situational superko part.
//! A pass that would end our game is never played; a side with nothing else to play ends the
//! game, and a new one begins.
//!
//! GNU Go keeps at most 500 moves of history (it folds older moves into its initial position and
//! forgets them), so no game here is longer than 400 moves.
//!
//! When `gnugo` is not installed (neither on `PATH` nor in `/usr/games`) the test prints
//! `SKIPPED: gnugo not installed` and passes — except under CI (the `CI` variable set), where a
//! missing `gnugo` fails the run, so that the second opinion is never silently lost. `.ci/run`
//! installs it. Set `GNUGO` to use another
//! binary (a `GNUGO` naming no file counts as not installed) and `TENGEN_DIFF_SCALE` (a whole
//! number, default 1) to compare proportionally more positions.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use tengen::go::{BoardSize, Color, Game, IllegalMove, KoRule, Move, Point, RuleSet, Rules};

/// A deterministic xorshift64* generator: no dependency, same games on every machine.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Where GNU Go is, if it is installed.
fn find_gnugo() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("GNUGO").map(PathBuf::from) {
        return p.is_file().then_some(p);
    }
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    // Debian installs games in /usr/games, which root's PATH often lacks.
    dirs.push(PathBuf::from("/usr/games"));
    dirs.into_iter()
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file())
}

/// A GNU Go process in GTP mode.
struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// Every state-changing command sent since the last `clear_board`, for reproductions.
    transcript: Vec<String>,
}

impl Gtp {
    fn start(path: &PathBuf, ko_flag: &str) -> Gtp {
        let mut child = Command::new(path)
            .args([
                "--mode",
                "gtp",
                "--chinese-rules",
                "--forbid-suicide",
                ko_flag,
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start gnugo");
        let stdin = child.stdin.take().expect("gnugo stdin");
        let stdout = BufReader::new(child.stdout.take().expect("gnugo stdout"));
        Gtp {
            child,
            stdin,
            stdout,
            transcript: Vec::new(),
        }
    }

    /// Sends one command; `Ok(answer)` for `= answer`, `Err(message)` for `? message`.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.stdin, "{command}").expect("write to gnugo");
        self.stdin.flush().expect("flush gnugo");
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read from gnugo");
            assert!(n > 0, "gnugo closed its output after {command:?}");
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if answer.is_empty() {
                    continue; // blank lines before an answer
                }
                break;
            }
            if !answer.is_empty() {
                answer.push('\n');
            }
            answer.push_str(line);
        }
        let (status, rest) = answer.split_at(1);
        let rest = rest.trim().to_owned();
        match status {
            "=" => Ok(rest),
            "?" => Err(rest),
            _ => panic!("unexpected GTP answer to {command:?}: {answer:?}"),
        }
    }

    /// Sends a command that must succeed.
    fn ok(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| panic!("gnugo refused {command:?}: {e}"))
    }

    fn new_game(&mut self, size: u8) {
        self.ok(&format!("boardsize {size}"));
        self.ok("clear_board");
        self.ok("komi 0");
        self.transcript = vec![format!("boardsize {size}"), "clear_board".to_owned()];
    }

    fn is_legal(&mut self, color: Color, p: Point) -> bool {
        match self.ok(&format!("is_legal {} {p}", color.name())).as_str() {
            "1" => true,
            "0" => false,
            other => panic!("is_legal answered {other:?}"),
        }
    }

    fn play(&mut self, color: Color, mv: Move) {
        let command = format!("play {} {mv}", color.name());
        self.ok(&command);
        self.transcript.push(command);
    }

    fn stones(&mut self, color: Color) -> BTreeSet<Point> {
        self.ok(&format!("list_stones {}", color.name()))
            .split_whitespace()
            .map(|v| {
                v.parse()
                    .unwrap_or_else(|e| panic!("gnugo vertex {v:?}: {e}"))
            })
            .collect()
    }

    fn captures(&mut self, color: Color) -> u32 {
        let a = self.ok(&format!("captures {}", color.name()));
        a.parse()
            .unwrap_or_else(|e| panic!("captures answer {a:?}: {e}"))
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// What was compared under one ko rule.
#[derive(Default, Debug)]
struct Stats {
    games: u32,
    /// Stones played (in both programs).
    stone_moves: u32,
    passes: u32,
    /// Moves that captured at least one stone.
    capturing_moves: u32,
    /// Positions whose stones and capture counts were compared after a move.
    positions: u32,
    /// Legality verdicts compared, and how our engine classified them.
    checks: u32,
    legal: u32,
    occupied: u32,
    suicide: u32,
    ko: u32,
    superko: u32,
    mismatches: Vec<String>,
}

/// The stones of `color` on our board.
fn our_stones(game: &Game, color: Color) -> BTreeSet<Point> {
    game.size()
        .all_points()
        .filter(|&p| game.board().get(p) == Some(color))
        .collect()
}

/// For the side to move: points that capture (an enemy chain's last liberty) and "hot" points
/// (liberties of any chain with at most two liberties).
fn tactical_points(game: &Game, color: Color) -> (Vec<Point>, Vec<Point>) {
    let board = game.board();
    let mut seen = BTreeSet::new();
    let mut captures = BTreeSet::new();
    let mut hot = BTreeSet::new();
    for p in game.size().all_points() {
        let Some(owner) = board.get(p) else { continue };
        let id = board.chain_id(p).expect("stone has a chain");
        if !seen.insert(id) {
            continue;
        }
        let libs = board.liberties(p);
        if libs.len() <= 2 {
            hot.extend(libs.iter().copied());
        }
        if libs.len() == 1 && owner != color {
            captures.insert(libs[0]);
        }
    }
    (captures.into_iter().collect(), hot.into_iter().collect())
}

fn reproduction(gtp: &Gtp, rule: KoRule, extra: &str) -> String {
    let mut s = format!("ko rule {rule:?}; GTP commands from a fresh gnugo:\n");
    for c in &gtp.transcript {
        let _ = writeln!(s, "  {c}");
    }
    s.push_str(extra);
    s
}

/// Plays one game of at most `max_moves` moves in both programs, comparing as it goes.
fn play_game(
    gtp: &mut Gtp,
    rng: &mut Rng,
    size: u8,
    max_moves: usize,
    rule: KoRule,
    stats: &mut Stats,
) {
    // White passes last, so that White's pass and Black's pass do not end the game: after a ko
    // capture, "W pass, B pass" lets White retake — legal under simple ko, superko otherwise.
    let mut rules: Rules = RuleSet::Classic.rules();
    rules.ko = rule;
    rules.white_passes_last = true;
    let board_size = BoardSize::new(size).expect("size");
    let mut game = Game::new(board_size, rules);
    gtp.new_game(size);
    stats.games += 1;
    let all: Vec<Point> = board_size.all_points().collect();
    let small = size <= 7;
    // Points emptied by the latest captures, oldest first.
    let mut emptied: Vec<Point> = Vec::new();

    for _ in 0..max_moves {
        let color = game.to_move();
        let (captures, hot) = tactical_points(&game, color);

        // The points whose legality both programs are asked about.
        let mut candidates: BTreeSet<Point> = BTreeSet::new();
        if small {
            // Every empty point, and a few occupied ones.
            candidates.extend(all.iter().copied().filter(|&p| game.board().is_empty_at(p)));
            for _ in 0..3 {
                candidates.insert(rng.pick(&all));
            }
        } else {
            candidates.extend(captures.iter().copied());
            candidates.extend(hot.iter().copied());
            for _ in 0..12 {
                candidates.insert(rng.pick(&all));
            }
        }

        let mut legal = Vec::new();
        for &p in &candidates {
            let ours = game.check(color, Move::Play(p));
            let theirs = gtp.is_legal(color, p);
            stats.checks += 1;
            match ours {
                Ok(()) => stats.legal += 1,
                Err(IllegalMove::Occupied) => stats.occupied += 1,
                Err(IllegalMove::Suicide) => stats.suicide += 1,
                Err(IllegalMove::Ko) => stats.ko += 1,
                Err(IllegalMove::Superko) => stats.superko += 1,
                Err(e) => panic!("unexpected verdict {e:?} for {color} {p}"),
            }
            if ours.is_ok() != theirs {
                let extra = format!(
                    "  is_legal {} {p}\nours: {ours:?}, gnugo: {}\nboard:\n{}\n",
                    color.name(),
                    if theirs { "legal" } else { "illegal" },
                    game.board().rows().join("\n"),
                );
                stats.mismatches.push(reproduction(gtp, rule, &extra));
            } else if ours.is_ok() {
                legal.push(p);
            }
        }

        // Choose the move. A pass that would end our game is never chosen. A side that may not
        // retake a ko often passes, and after a pass the other side often passes too, so that
        // the retake comes back with the whole-board position repeated. Otherwise: captures
        // first, then points just emptied (retakes), then hot points, then anything.
        let can_pass = !game.clone().play(Move::Pass).expect("pass").ended;
        let last_was_pass = matches!(game.last_move(), Some((_, Move::Pass)));
        let ko_banned = game.board().ko_point(color).is_some();
        let in_list = |list: &[Point]| -> Vec<Point> {
            list.iter().copied().filter(|p| legal.contains(p)).collect()
        };
        let legal_captures = in_list(&captures);
        let legal_hot = in_list(&hot);
        let legal_emptied = in_list(&emptied);
        let mv = if can_pass
            && (rng.chance(3) || (ko_banned && rng.chance(50)) || (last_was_pass && rng.chance(60)))
        {
            Move::Pass
        } else if !legal_captures.is_empty() && rng.chance(if small { 85 } else { 60 }) {
            Move::Play(rng.pick(&legal_captures))
        } else if !legal_emptied.is_empty() && rng.chance(40) {
            Move::Play(rng.pick(&legal_emptied))
        } else if !legal_hot.is_empty() && rng.chance(50) {
            Move::Play(rng.pick(&legal_hot))
        } else if !legal.is_empty() {
            Move::Play(rng.pick(&legal))
        } else if can_pass {
            Move::Pass
        } else {
            break; // nothing to play but a pass that would end our game: a new game begins
        };
        let before = game.board().clone();

        let played = game
            .play(mv)
            .unwrap_or_else(|e| panic!("our engine refused {color} {mv} it called legal: {e}"));
        gtp.play(color, mv);
        match mv {
            Move::Pass => stats.passes += 1,
            Move::Play(_) => stats.stone_moves += 1,
        }
        if played.captured > 0 {
            stats.capturing_moves += 1;
            let now_empty: Vec<Point> = all
                .iter()
                .copied()
                .filter(|&p| before.get(p).is_some() && game.board().is_empty_at(p))
                .collect();
            emptied.extend(now_empty);
            let excess = emptied.len().saturating_sub(8);
            emptied.drain(..excess);
        }

        stats.positions += 1;
        let mut differs = String::new();
        for c in Color::ALL {
            let ours = our_stones(&game, c);
            let theirs = gtp.stones(c);
            if ours != theirs {
                let _ = writeln!(
                    differs,
                    "{c} stones differ: only ours {:?}, only gnugo {:?}",
                    ours.difference(&theirs).collect::<Vec<_>>(),
                    theirs.difference(&ours).collect::<Vec<_>>()
                );
            }
            let (ours, theirs) = (game.captures()[c], gtp.captures(c));
            if ours != theirs {
                let _ = writeln!(differs, "{c} captures differ: ours {ours}, gnugo {theirs}");
            }
        }
        if !differs.is_empty() {
            let extra = format!("{differs}our board:\n{}\n", game.board().rows().join("\n"));
            stats.mismatches.push(reproduction(gtp, rule, &extra));
            return; // the two games are out of step; start another
        }
    }
}

fn run(rule: KoRule, ko_flag: &str, seed: u64) {
    let Some(path) = find_gnugo() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "gnugo is not installed, and under CI the differential test must run: install it \
             (apt-get install gnugo) or set GNUGO"
        );
        println!("SKIPPED: gnugo not installed (differential test under {rule:?})");
        return;
    };
    let scale: usize = std::env::var("TENGEN_DIFF_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    let mut gtp = Gtp::start(&path, ko_flag);
    let version = gtp.ok("version");
    let mut rng = Rng::new(seed);
    let mut stats = Stats::default();

    // (size, positions to compare, longest game): small boards get most, for their ko fights.
    // Games end early when the side to move has nothing to play but a game-ending pass.
    let plan: [(u8, u32, usize); 8] = [
        (5, 9000, 300),
        (6, 3000, 300),
        (7, 3000, 350),
        (8, 1200, 300),
        (9, 1600, 400),
        (11, 800, 300),
        (13, 800, 300),
        (19, 800, 400),
    ];
    for (size, positions, longest) in plan {
        let target = stats.positions + positions * scale as u32;
        while stats.positions < target {
            play_game(&mut gtp, &mut rng, size, longest, rule, &mut stats);
        }
    }

    println!(
        "gnugo {version} {ko_flag}: {} games, {} positions compared, {} stone moves \
         ({} capturing), {} passes, {} legality checks (ours: {} legal, {} occupied, \
         {} suicide, {} ko, {} superko), {} mismatches",
        stats.games,
        stats.positions,
        stats.stone_moves,
        stats.capturing_moves,
        stats.passes,
        stats.checks,
        stats.legal,
        stats.occupied,
        stats.suicide,
        stats.ko,
        stats.superko,
        stats.mismatches.len()
    );
    for m in stats.mismatches.iter().take(3) {
        println!("--- mismatch ---\n{m}");
    }
    assert!(
        stats.mismatches.is_empty(),
        "{} disagreements with GNU Go under {rule:?}; the first:\n{}",
        stats.mismatches.len(),
        stats.mismatches[0]
    );
    // The games must really have exercised the rules that this rule set is about.
    assert!(stats.capturing_moves > 500, "too few captures: {stats:?}");
    assert!(stats.ko > 50, "too few ko verdicts: {stats:?}");
    assert!(stats.suicide > 50, "too few suicide verdicts: {stats:?}");
    if rule != KoRule::Simple {
        assert!(stats.superko > 10, "too few superko verdicts: {stats:?}");
    }
}

#[test]
fn agrees_with_gnugo_under_simple_ko() {
    run(KoRule::Simple, "--simple-ko", 0x5EED_0001);
}

#[test]
fn agrees_with_gnugo_under_positional_superko() {
    run(
        KoRule::PositionalSuperko,
        "--positional-superko",
        0x5EED_0002,
    );
}

#[test]
fn agrees_with_gnugo_under_situational_superko() {
    run(
        KoRule::SituationalSuperko,
        "--situational-superko",
        0x5EED_0003,
    );
}

#[test]
fn fixed_handicap_points_are_gnugos() {
    let Some(path) = find_gnugo() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "gnugo is not installed, and under CI the differential test must run"
        );
        println!("SKIPPED: gnugo not installed (fixed handicap)");
        return;
    };
    let mut gtp = Gtp::start(&path, "--simple-ko");
    for size in 5..=19u8 {
        let board = BoardSize::new(size).unwrap();
        for stones in 0..=10u8 {
            gtp.new_game(size);
            let theirs = gtp.send(&format!("fixed_handicap {stones}"));
            let ours = tengen::go::fixed_points(board, stones);
            match (theirs, ours) {
                (Ok(text), Ok(points)) => {
                    let mut theirs: Vec<String> =
                        text.split_whitespace().map(str::to_owned).collect();
                    let mut ours: Vec<String> = points.iter().map(|p| p.to_string()).collect();
                    theirs.sort();
                    ours.sort();
                    assert_eq!(ours, theirs, "{size}×{size}, {stones} stones");
                }
                (Err(_), Err(_)) => {}
                (theirs, ours) => {
                    panic!("{size}×{size}, {stones}: GNU Go {theirs:?}, ours {ours:?}")
                }
            }
        }
    }
}
