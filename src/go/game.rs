//! A game under a rule set: the board plus whose turn it is, the history that superko needs,
//! passes, pass stones and the end of the game.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Board, BoardError};
use super::color::{ByColor, Color};
use super::point::{BoardSize, Point};
use super::rules::{KoRule, Rules, Scoring};
use super::score::{Count, count_area, count_territory};
use super::zobrist;

/// A move on the board: a stone or a pass. Resigning is the match's business, not the board's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Move::Play(p) => write!(f, "{p}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl Move {
    /// A move as GTP and players write it, `pass` (any case) or a point like `D4` on a board of
    /// `size`; `None` when it is neither. [`Move`]'s `Display` writes the same form.
    pub fn parse_on(text: &str, size: BoardSize) -> Option<Move> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Some(Move::Pass);
        }
        size.parse_point(text).map(Move::Play)
    }
}

/// Why a move is refused. The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    #[error("that point is not on the board")]
    OffBoard,
    #[error("that point is occupied")]
    Occupied,
    #[error("that move would be suicide")]
    Suicide,
    #[error("that move retakes a ko at once; play elsewhere first")]
    Ko,
    #[error("that move would repeat an earlier position (superko)")]
    Superko,
    #[error("the game is over")]
    GameOver,
}

impl IllegalMove {
    /// The one-word reason used in JSON output: `occupied`, `suicide`, `ko`, `superko`, …
    pub const fn reason(self) -> &'static str {
        match self {
            IllegalMove::OffBoard => "off-board",
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
            IllegalMove::Superko => "superko",
            IllegalMove::GameOver => "game-over",
        }
    }
}

impl From<BoardError> for IllegalMove {
    fn from(e: BoardError) -> IllegalMove {
        match e {
            BoardError::OffBoard => IllegalMove::OffBoard,
            BoardError::Occupied => IllegalMove::Occupied,
            BoardError::Suicide => IllegalMove::Suicide,
            BoardError::Ko => IllegalMove::Ko,
        }
    }
}

/// A hasher for keys that are already Zobrist hashes.
#[derive(Default, Clone, Copy)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type ZobristMap<V> = HashMap<u64, V, BuildHasherDefault<ZobristHasher>>;

/// A position of the history: its board hash and who was to move in it.
#[derive(Debug, Clone, Copy)]
struct Seen {
    to_move: Color,
    /// The previous history entry with the same board hash, if any.
    prev_same: Option<u32>,
}

/// Positions a game keeps room for from the start (a long 19×19 game has ~300).
const HISTORY_CAPACITY: usize = 512;

/// What a legal move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    pub color: Color,
    pub mv: Move,
    /// Stones removed from the board by the move.
    pub captured: u32,
    /// The mover's own stones removed by a suicide of several stones (Ing); usually 0.
    pub lost: u32,
    /// Whether the move ended the game (the passes that close it).
    pub ended: bool,
}

/// A game from its setup to its end.
#[derive(Clone)]
pub struct Game {
    rules: Rules,
    initial: Board,
    initial_to_move: Color,
    board: Board,
    to_move: Color,
    moves: Vec<(Color, Move)>,
    history: Vec<Seen>,
    latest: ZobristMap<u32>,
    pass_stones: ByColor<u32>,
    consecutive_passes: u32,
    over: bool,
}

impl Game {
    /// A new game on an empty board, Black to move.
    pub fn new(size: BoardSize, rules: Rules) -> Game {
        Game::from_setup(Board::new(size), Color::Black, rules)
    }

    /// A game from a set-up position (handicap, SGF AB/AW) with `to_move` to play.
    pub fn from_setup(board: Board, to_move: Color, rules: Rules) -> Game {
        let mut g = Game {
            rules,
            initial: board.clone(),
            initial_to_move: to_move,
            board,
            to_move,
            moves: Vec::new(),
            // Room for a long game, so that a move never waits on the table growing.
            history: Vec::with_capacity(HISTORY_CAPACITY),
            latest: ZobristMap::with_capacity_and_hasher(HISTORY_CAPACITY, Default::default()),
            pass_stones: ByColor::default(),
            consecutive_passes: 0,
            over: false,
        };
        g.remember();
        g
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position the game started from.
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }

    /// Who played first.
    pub fn initial_to_move(&self) -> Color {
        self.initial_to_move
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.board.size()
    }

    /// Who moves next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Every move so far with its colour.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.moves.last().copied()
    }

    /// Whether the closing passes have been played.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Passes in a row at the end of the move list.
    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }

    /// Stones taken off the board by each colour.
    pub fn captures(&self) -> ByColor<u32> {
        self.board.captures()
    }

    /// Stones each colour received for the opponent's passes (AGA pass stones).
    pub fn pass_stones(&self) -> ByColor<u32> {
        self.pass_stones
    }

    /// Prisoners of each colour: captures plus pass stones.
    pub fn prisoners(&self) -> ByColor<u32> {
        let c = self.captures();
        ByColor::new_with(|col| c[col] + self.pass_stones[col])
    }

    /// Records the current position in the superko history.
    fn remember(&mut self) {
        let hash = self.board.hash();
        let idx = self.history.len() as u32;
        let prev_same = self.latest.insert(hash, idx);
        self.history.push(Seen {
            to_move: self.to_move,
            prev_same,
        });
    }

    /// The hash of a situation (position and side to move), for situational superko.
    pub fn situation_hash(&self) -> u64 {
        self.board.hash()
            ^ if self.to_move == Color::White {
                zobrist::WHITE_TO_MOVE
            } else {
                0
            }
    }

    /// Whether `color` may make `mv` now.
    pub fn is_legal_for(&self, color: Color, mv: Move) -> bool {
        self.check(color, mv).is_ok()
    }

    /// Whether the side to move may make `mv`.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_for(self.to_move, mv)
    }

    /// Why `color` may not make `mv` now, if it may not.
    ///
    /// # Errors
    /// The reason: off the board, occupied, suicide, ko (an immediate single-stone retake,
    /// under every rule set), superko (a longer repetition), or the game is over.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        let Move::Play(p) = mv else { return Ok(()) };
        match self.board.check(color, p) {
            Ok(()) => {}
            Err(BoardError::Suicide)
                if self.rules.multi_stone_suicide && self.board.is_group_suicide(color, p) => {}
            Err(e) => return Err(e.into()),
        }
        if self.rules.ko != KoRule::Simple && self.repeats(color, p) {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    /// Whether `color` playing on `p` recreates a position the superko rule forbids.
    fn repeats(&self, color: Color, p: Point) -> bool {
        let hash = if self.board.is_group_suicide(color, p) {
            self.board.hash_after_group_suicide(color, p)
        } else {
            self.board.hash_after(color, p)
        };
        let Some(&latest) = self.latest.get(&hash) else {
            return false;
        };
        let situational = self.rules.ko == KoRule::SituationalSuperko;
        let mut after: Option<Board> = None;
        let mut idx = Some(latest);
        while let Some(i) = idx {
            let seen = self.history[i as usize];
            idx = seen.prev_same;
            if situational && seen.to_move != color.opponent() {
                continue;
            }
            // A hash hit is only a candidate: compare the stones exactly.
            let next = after.get_or_insert_with(|| {
                let mut b = self.board.clone();
                b.place_legal(color, p);
                b
            });
            if self.board_at(i as usize).same_stones(next) {
                return true;
            }
        }
        false
    }

    /// The board after the first `n` history entries' moves (position number `n`).
    fn board_at(&self, n: usize) -> Board {
        let mut b = self.initial.clone();
        for &(c, m) in &self.moves[..n] {
            match m {
                Move::Play(p) => {
                    b.place_legal(c, p);
                }
                Move::Pass => b.clear_ko(),
            }
        }
        b
    }

    /// The side to move makes `mv`.
    ///
    /// # Errors
    /// See [`Game::check`]; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        self.play_as(self.to_move, mv)
    }

    /// `color` makes `mv`, whoever was to move (records sometimes have two moves of one colour,
    /// and handicap games start with White). Afterwards the opponent of `color` is to move.
    ///
    /// # Errors
    /// See [`Game::check`]; the game is unchanged.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        self.check(color, mv)?;
        let (mut captured, mut lost) = (0, 0);
        match mv {
            Move::Play(p) => {
                let placed = self.board.place_legal(color, p);
                (captured, lost) = (placed.captured, placed.lost);
                self.consecutive_passes = 0;
            }
            Move::Pass => {
                self.board.clear_ko();
                self.consecutive_passes += 1;
                if self.rules.pass_stones {
                    self.pass_stones[color.opponent()] += 1;
                }
            }
        }
        self.moves.push((color, mv));
        self.to_move = color.opponent();
        self.remember();
        let ended = mv == Move::Pass
            && self.consecutive_passes >= 2
            && (!self.rules.white_passes_last || color == Color::White);
        self.over = ended;
        Ok(Played {
            color,
            mv,
            captured,
            lost,
            ended,
        })
    }

    /// Lets a game that ended by passes go on, as after a dispute in the agreement phase: the
    /// pass streak starts again, and the opponent of the last player to pass moves next (they
    /// are already to move). Pass stones already handed over are kept: they were given for
    /// passes that really happened (AGA). Returns whether the game was over.
    pub fn resume(&mut self) -> bool {
        if !self.over {
            return false;
        }
        self.over = false;
        self.consecutive_passes = 0;
        true
    }

    /// Takes back the last move (a takeback both players agreed to): the game is as it was
    /// before it, history, passes and pass stones included. Returns the move taken back.
    pub fn undo(&mut self) -> Option<(Color, Move)> {
        let (&last, earlier) = self.moves.split_last()?;
        let mut g = Game::from_setup(self.initial.clone(), self.initial_to_move, self.rules);
        for &(c, m) in earlier {
            // A move after two passes is play resumed after a dispute.
            g.resume();
            g.play_as(c, m).ok()?;
        }
        *self = g;
        Some(last)
    }

    /// Every legal move of the side to move, passes included (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.over {
            return Vec::new();
        }
        let mut moves: Vec<Move> = self
            .size()
            .all_points()
            .map(Move::Play)
            .filter(|&m| self.is_legal(m))
            .collect();
        moves.push(Move::Pass);
        moves
    }

    /// Counts the position as the rules say, with `dead` naming a stone of each dead chain
    /// (`&[]` counts the board as it stands).
    pub fn count(&self, dead: &[Point]) -> Count {
        let mut count = match self.rules.scoring {
            Scoring::Area => count_area(&self.board, dead, self.rules.komi),
            Scoring::Territory => {
                count_territory(&self.board, dead, self.rules.komi, self.prisoners())
            }
        };
        count.black_wins_ties = self.rules.black_wins_ties;
        count
    }

    /// Changes the komi (a record's KM, or a command-line override).
    pub fn set_komi(&mut self, komi: super::rules::Komi) {
        self.rules.komi = komi;
    }
}

impl PartialEq for Game {
    /// The same game: rules, setup, moves, position and the state of the passes. The history
    /// tables follow from the moves, so they are not compared.
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.initial == other.initial
            && self.initial_to_move == other.initial_to_move
            && self.board == other.board
            && self.to_move == other.to_move
            && self.moves == other.moves
            && self.pass_stones == other.pass_stones
            && self.consecutive_passes == other.consecutive_passes
            && self.over == other.over
    }
}

impl Eq for Game {}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Game {{ to_move: {}, moves: {}, over: {} }}\n{:?}",
            self.to_move,
            self.moves.len(),
            self.over,
            self.board
        )
    }
}
