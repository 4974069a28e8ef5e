//! SGF game records: read (through the `sgf-parse` crate) into an unvalidated [`Record`],
//! replayed into a [`Game`] under a rule set; and written back from a game.
//!
//! Real records are not always UTF-8: Chinese servers write GBK with `CA[gb2312]`. [`decode`]
//! turns the bytes into text by the record's own CA; without one, by SGF's default ISO-8859-1,
//! unless the bytes read as UTF-8, which is what servers that omit CA write today.

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{SgfNode, SimpleText, Text};

use super::board::Board;
use super::color::Color;
use super::game::{Game, IllegalMove, Move};
use super::point::{BoardSize, Point};
use super::rules::{Komi, Rules};

/// Why a record cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    #[error("not an SGF record: {0}")]
    Parse(String),
    #[error("the file holds no game of Go (GM[1])")]
    NotGo,
    #[error("unsupported board size {0:?} (5 to 19, square)")]
    Size(String),
    #[error("unreadable komi {0:?}")]
    Komi(String),
    #[error("node {node}: {coord:?} is not a point of a {size} board")]
    Coordinate {
        node: usize,
        coord: String,
        size: BoardSize,
    },
    #[error("node {node}: invalid value in {prop}")]
    InvalidProperty { node: usize, prop: String },
    #[error("node {node}: setup stones after the first move are not supported")]
    LateSetup { node: usize },
    #[error("node {node}: both B and W in one node")]
    TwoMoves { node: usize },
    #[error("the setup leaves the chain at {0} without liberties")]
    DeadSetup(Point),
    #[error(
        "a line of the record has {nodes} nodes; Tengen reads records of at most {limit} nodes a line"
    )]
    TooLong { nodes: usize, limit: usize },
}

/// The most nodes one line of a record may have, from the root to its last node.
///
/// The game tree is a node per move, each holding its children: the reader builds it without
/// recursion, but dropping it recurses once a node (60 to 100 bytes of stack each in a release
/// build), so a line of 150,000 nodes overflows the main thread's 8 MiB. Lines are counted
/// before the tree is built, and refused past this: the longest games ever played have about
/// 600 moves, and 5,000 levels take about half a MiB, well within the smallest stack that reads
/// a record (a thread's 2 MiB).
pub const MAX_LINE_NODES: usize = 5_000;

/// The number of nodes on the longest line of an SGF text (root to leaf, over every game tree),
/// counted as the reader will see them: `;` outside property values, variations between `(`
/// and `)`, `\` escaping the next character of a value.
fn longest_line(text: &str) -> usize {
    let mut starts: Vec<usize> = Vec::new();
    let (mut depth, mut longest) = (0usize, 0usize);
    let (mut in_value, mut escaped) = (false, false);
    for c in text.chars() {
        if in_value {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                ']' => in_value = false,
                _ => {}
            }
            continue;
        }
        match c {
            '[' => in_value = true,
            '(' => starts.push(depth),
            ')' => depth = starts.pop().unwrap_or(0),
            ';' => {
                depth += 1;
                longest = longest.max(depth);
            }
            _ => {}
        }
    }
    longest
}

/// A move of a record with the comment of its node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    pub color: Color,
    pub mv: Move,
    pub comment: Option<String>,
}

/// A game record as read, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub size: BoardSize,
    /// KM as written, if present.
    pub komi: Option<Komi>,
    /// RU as written.
    pub rules: Option<String>,
    pub black: Option<String>,
    pub white: Option<String>,
    pub date: Option<String>,
    /// RE as written.
    pub result: Option<String>,
    /// Stones placed (or cleared) before the first move: AB, AW, AE of the root and of any
    /// node before the first move.
    pub setup: Vec<(Point, Option<Color>)>,
    /// PL of the root: who moves first after the setup, if said.
    pub first_player: Option<Color>,
    pub root_comment: Option<String>,
    /// The main line's moves, in order.
    pub moves: Vec<RecordMove>,
    /// Dead stones or territory marked at the end (TB/TW), if any.
    pub territory_black: Vec<Point>,
    pub territory_white: Vec<Point>,
}

/// Turns a record's bytes into text.
///
/// By the record's CA when it names an encoding (GB2312 and GBK as GB18030, their superset);
/// without one, by SGF's default (FF[4]: ISO-8859-1, read as windows-1252, which is the same
/// for every printable character and is what programs that write "Latin-1" mean) — unless the
/// bytes read as UTF-8: most of today's records without CA are UTF-8 (every record of the Fox
/// server in `tests/data`), and Latin-1 text is almost never valid UTF-8 (a letter like `é` is
/// one byte there, a broken sequence here). The odd broken byte is allowed when most of the
/// non-ASCII bytes are valid UTF-8 (servers that truncate names write such files). A decoding
/// that would swallow an SGF bracket is never chosen, so a broken name cannot eat the
/// properties that follow it.
pub fn decode(bytes: &[u8]) -> String {
    let brackets = bytes.iter().filter(|&&b| b == b']').count();
    let keeps_brackets = |text: &str| text.chars().filter(|&c| c == ']').count() == brackets;
    let utf8 = || {
        String::from_utf8_lossy(bytes)
            .trim_start_matches('\u{feff}')
            .to_owned()
    };
    let declared = charset_label(bytes)
        .as_deref()
        .and_then(|l| encoding_rs::Encoding::for_label(l.as_bytes()));
    match declared {
        Some(enc) if enc == encoding_rs::UTF_8 => return utf8(),
        Some(enc) => {
            let (text, _, _) = enc.decode(bytes);
            if keeps_brackets(&text) {
                return text.into_owned();
            }
        }
        None => {}
    }
    let (mut valid_non_ascii, mut invalid) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        valid_non_ascii += chunk.valid().bytes().filter(|b| !b.is_ascii()).count();
        invalid += chunk.invalid().len();
    }
    if invalid == 0 || valid_non_ascii >= 4 * invalid {
        return utf8();
    }
    // Every byte is one character in windows-1252, `]` among them: no bracket is lost.
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
    text.into_owned()
}

/// The value of the first `CA[...]` in the bytes, if any (read before decoding).
fn charset_label(bytes: &[u8]) -> Option<String> {
    let pos = bytes.windows(3).position(|w| w == b"CA[")?;
    let rest = &bytes[pos + 3..];
    let end = rest.iter().position(|&b| b == b']')?;
    std::str::from_utf8(&rest[..end])
        .ok()
        .map(|s| s.trim().to_owned())
}

impl Record {
    /// Reads the first game of an SGF text.
    ///
    /// # Errors
    /// Text that is not SGF, a game other than Go, a size outside 5–19, an unreadable komi or
    /// coordinate, a line longer than [`MAX_LINE_NODES`]; never a panic.
    pub fn parse(text: &str) -> Result<Record, SgfError> {
        let nodes = longest_line(text);
        if nodes > MAX_LINE_NODES {
            return Err(SgfError::TooLong {
                nodes,
                limit: MAX_LINE_NODES,
            });
        }
        let trees = sgf_parse::parse(text).map_err(|e| SgfError::Parse(e.to_string()))?;
        let tree = trees
            .into_iter()
            .next()
            .ok_or_else(|| SgfError::Parse("no game tree".into()))?;
        let root = tree.into_go_node().map_err(|_| SgfError::NotGo)?;
        Record::from_root(&root)
    }

    /// Reads a record from the bytes of a file, whatever its encoding.
    ///
    /// # Errors
    /// As [`Record::parse`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Record, SgfError> {
        Record::parse(&decode(bytes))
    }

    /// Reads a record: the root's properties, then every node of the main line.
    fn from_root(root: &SgfNode<Prop>) -> Result<Record, SgfError> {
        let mut record = Record::root_properties(root)?;
        for (n, node) in root.main_variation().enumerate() {
            record.read_node(n, node)?;
        }
        Ok(record)
    }

    /// The record's frame from the root node: size, komi, rules, players, date, result.
    fn root_properties(root: &SgfNode<Prop>) -> Result<Record, SgfError> {
        let size = match root.get_property("SZ") {
            None => BoardSize::NINETEEN,
            Some(Prop::SZ((w, h))) if w == h => {
                BoardSize::new(*w).ok_or_else(|| SgfError::Size(format!("{w}")))?
            }
            Some(Prop::SZ((w, h))) => return Err(SgfError::Size(format!("{w}:{h}"))),
            Some(other) => return Err(SgfError::Size(other.to_string())),
        };
        let text = |id: &str| -> Option<String> {
            match root.get_property(id) {
                Some(Prop::PB(t) | Prop::PW(t) | Prop::DT(t) | Prop::RE(t) | Prop::RU(t)) => {
                    Some(t.text.clone())
                }
                _ => None,
            }
        };
        let komi = match root.get_property("KM") {
            None => None,
            Some(Prop::KM(k)) => {
                Some(komi_from_f64(*k).ok_or_else(|| SgfError::Komi(k.to_string()))?)
            }
            Some(other) => return Err(SgfError::Komi(other.to_string())),
        };
        Ok(Record {
            size,
            komi,
            rules: text("RU"),
            black: text("PB"),
            white: text("PW"),
            date: text("DT"),
            result: text("RE"),
            setup: Vec::new(),
            first_player: None,
            root_comment: None,
            moves: Vec::new(),
            territory_black: Vec::new(),
            territory_white: Vec::new(),
        })
    }

    /// Reads node `n` of the main line: its move (one at most) and comment, its setup stones
    /// (only before the first move), the first player, the territory marks.
    fn read_node(&mut self, n: usize, node: &SgfNode<Prop>) -> Result<(), SgfError> {
        let mut mv: Option<(Color, Move)> = None;
        let mut comment = None;
        let mut setup = Vec::new();
        for prop in node.properties() {
            match prop {
                Prop::B(m) | Prop::W(m) => {
                    if mv.is_some() {
                        return Err(SgfError::TwoMoves { node: n });
                    }
                    let color = if matches!(prop, Prop::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    mv = Some((color, self.convert_move(n, m)?));
                }
                Prop::AB(ps) | Prop::AW(ps) | Prop::AE(ps) => {
                    let stone = match prop {
                        Prop::AB(_) => Some(Color::Black),
                        Prop::AW(_) => Some(Color::White),
                        _ => None,
                    };
                    setup.extend(self.sorted_points(n, ps)?.into_iter().map(|p| (p, stone)));
                }
                Prop::PL(c) if n == 0 => {
                    self.first_player = Some(match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    });
                }
                Prop::C(t) => comment = Some(t.text.clone()),
                Prop::TB(ps) => self.territory_black = self.sorted_points(n, ps)?,
                Prop::TW(ps) => self.territory_white = self.sorted_points(n, ps)?,
                Prop::Invalid(id, _) if matches!(id.as_str(), "B" | "W" | "AB" | "AW" | "AE") => {
                    return Err(SgfError::InvalidProperty {
                        node: n,
                        prop: id.clone(),
                    });
                }
                _ => {}
            }
        }
        if !setup.is_empty() {
            if !self.moves.is_empty() {
                return Err(SgfError::LateSetup { node: n });
            }
            self.setup.extend(setup);
        }
        match mv {
            Some((color, mv)) => self.moves.push(RecordMove { color, mv, comment }),
            None if n == 0 => self.root_comment = comment,
            None => {}
        }
        Ok(())
    }

    /// A property's points on this board, in board order.
    fn sorted_points<'a>(
        &self,
        n: usize,
        ps: impl IntoIterator<Item = &'a SgfPoint>,
    ) -> Result<Vec<Point>, SgfError> {
        let mut pts: Vec<Point> = ps
            .into_iter()
            .map(|p| self.convert_point(n, p))
            .collect::<Result<_, _>>()?;
        pts.sort();
        Ok(pts)
    }

    fn convert_point(&self, node: usize, p: &SgfPoint) -> Result<Point, SgfError> {
        let n = self.size.get();
        if p.x < n
            && p.y < n
            && let Some(pt) = self.size.point(p.x, n - 1 - p.y)
        {
            return Ok(pt);
        }
        Err(SgfError::Coordinate {
            node,
            coord: sgf_coord(p),
            size: self.size,
        })
    }

    fn convert_move(&self, node: usize, m: &SgfMove) -> Result<Move, SgfError> {
        match m {
            SgfMove::Pass => Ok(Move::Pass),
            // `tt` is the old way of writing a pass, on boards up to 19×19.
            SgfMove::Move(SgfPoint { x: 19, y: 19 }) => Ok(Move::Pass),
            SgfMove::Move(p) => self.convert_point(node, p).map(Move::Play),
        }
    }

    /// The rule set and komi a record is replayed under: those given, else the record's RU
    /// and KM, else classic rules and their own komi.
    pub fn rule_set_and_komi(
        &self,
        rules: Option<super::RuleSet>,
        komi: Option<Komi>,
    ) -> (super::RuleSet, Komi) {
        let rules = rules
            .or_else(|| self.rules.as_deref().and_then(super::RuleSet::from_sgf))
            .unwrap_or(super::RuleSet::Classic);
        let komi = komi.or(self.komi).unwrap_or(rules.rules().komi);
        (rules, komi)
    }

    /// The position before the first move, and who moves first: the PL of the record, else the
    /// colour of the first move, else Black.
    ///
    /// # Errors
    /// A setup that leaves a chain without liberties.
    pub fn initial(&self) -> Result<(Board, Color), SgfError> {
        let mut board = Board::new(self.size);
        board.set_stones(self.setup.iter().copied());
        if let Some(p) = board.dead_setup_chain() {
            return Err(SgfError::DeadSetup(p));
        }
        let first = self
            .first_player
            .or_else(|| self.moves.first().map(|m| m.color))
            .unwrap_or(Color::Black);
        Ok((board, first))
    }

    /// Replays the main line under `rules`, stopping at the first illegal move. A move after
    /// the game ended on two passes resumes it (a dispute settled by play, which every SGF
    /// reader accepts); the moves at which play resumed are in [`Replay::resumed_at`].
    ///
    /// # Errors
    /// A setup that leaves a chain without liberties. An illegal move is not an error of the
    /// record but a finding: it is in [`Replay::illegal`].
    pub fn replay(&self, rules: Rules) -> Result<Replay, SgfError> {
        let (board, first) = self.initial()?;
        let mut game = Game::from_setup(board, first, rules);
        let mut resumed_at = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            if game.is_over() && game.resume() {
                resumed_at.push(i + 1);
            }
            if let Err(cause) = game.play_as(m.color, m.mv) {
                return Ok(Replay {
                    game,
                    illegal: Some(IllegalAt {
                        move_number: i + 1,
                        color: m.color,
                        mv: m.mv,
                        cause,
                    }),
                    resumed_at,
                });
            }
        }
        Ok(Replay {
            game,
            illegal: None,
            resumed_at,
        })
    }
}

/// Writes the SGF coordinate of sgf-parse's point for an error message.
fn sgf_coord(p: &SgfPoint) -> String {
    let ch = |v: u8| {
        if v < 26 {
            (b'a' + v) as char
        } else {
            (b'A' + v - 26) as char
        }
    };
    format!("{}{}", ch(p.x), ch(p.y))
}

/// A komi written as a decimal number, when it is a whole or half number of points.
fn komi_from_f64(k: f64) -> Option<Komi> {
    let half = k * 2.0;
    (half.is_finite() && half.fract() == 0.0 && half.abs() <= 4000.0)
        .then(|| Komi::from_half_points(half as i32))
}

/// The first illegal move of a replayed record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalAt {
    /// 1-based number of the move among the record's moves (passes count).
    pub move_number: usize,
    pub color: Color,
    pub mv: Move,
    pub cause: IllegalMove,
}

/// A replayed record: the game as far as it was legal, and the first illegal move if any.
#[derive(Debug, Clone)]
pub struct Replay {
    pub game: Game,
    pub illegal: Option<IllegalAt>,
    /// 1-based numbers of the moves that came after two passes and resumed the game.
    pub resumed_at: Vec<usize>,
}

/// What a written record says beside the moves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordInfo {
    pub black: Option<String>,
    pub white: Option<String>,
    pub date: Option<String>,
    pub result: Option<String>,
    /// RU: the rule set's name.
    pub rules: Option<String>,
    /// HA: the handicap (stones, or 1 for a game without komi).
    pub handicap: Option<u8>,
    /// BR and WR: the players' ranks (`5k`, `1d`).
    pub black_rank: Option<String>,
    pub white_rank: Option<String>,
    pub comment: Option<String>,
    /// EV and RO: the event the game was played in, and its round.
    pub event: Option<String>,
    pub round: Option<String>,
    /// Comments of moves, by 0-based move index.
    pub move_comments: Vec<(usize, String)>,
    /// TB/TW marks on the last node (territory and dead stones at the end).
    pub territory_black: Vec<Point>,
    pub territory_white: Vec<Point>,
    /// More properties of moves, by 0-based move index: an identifier and its value, written
    /// as they are (a review's `SBKV` win rate, say); the value is escaped.
    pub move_properties: Vec<(usize, String, String)>,
    /// Other lines than the game's, each a variation beside the move it replaces.
    pub variations: Vec<Variation>,
}

/// A line of moves written as a variation: in place of the game's move `at` (0-based), with
/// a comment on its first node.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Variation {
    pub at: usize,
    pub moves: Vec<(Color, Move)>,
    pub comment: Option<String>,
}

fn sgf_point(p: Point, size: BoardSize) -> SgfPoint {
    SgfPoint {
        x: p.col(),
        y: size.get() - 1 - p.row(),
    }
}

/// A list of points (`AB`, `AW`, `TB`, `TW`) in board order, so that the same game is always
/// written the same way (the library's own point lists are sets in no fixed order).
fn point_list(id: &str, points: impl IntoIterator<Item = Point>, size: BoardSize) -> Prop {
    let mut points: Vec<Point> = points.into_iter().collect();
    points.sort_by_key(|&p| {
        let q = sgf_point(p, size);
        (q.y, q.x)
    });
    points.dedup();
    let letter = |n: u8| char::from(b'a' + n);
    Prop::Unknown(
        id.to_owned(),
        points
            .into_iter()
            .map(|p| {
                let q = sgf_point(p, size);
                format!("{}{}", letter(q.x), letter(q.y))
            })
            .collect(),
    )
}

/// Writes `game` as an SGF record (FF[4], UTF-8), passes as `B[]`/`W[]`.
///
/// Long as the list of properties it writes is: one section per property, in the order SGF
/// readers expect.
pub fn write(game: &Game, info: &RecordInfo) -> String {
    let size = game.size();
    let mut root_props = root_properties(game, info);
    let mut nodes = move_nodes(game, info);
    // The territory marks of a counted game go on its last node.
    let marks = |id: &str, pts: &[Point]| point_list(id, pts.iter().copied(), size);
    let last = match nodes.last_mut() {
        Some(node) => node,
        None => &mut root_props,
    };
    if !info.territory_black.is_empty() {
        last.push(marks("TB", &info.territory_black));
    }
    if !info.territory_white.is_empty() {
        last.push(marks("TW", &info.territory_white));
    }
    // Build the main line from the last node up, each node with the game's next move first and
    // then the variations that replace that move.
    let mut children: Vec<SgfNode<Prop>> = Vec::new();
    for (i, props) in nodes.into_iter().enumerate().rev() {
        children.extend(variation_nodes(info, i + 1, size));
        children = vec![SgfNode::new(props, children, false)];
    }
    children.extend(variation_nodes(info, 0, size));
    let root = SgfNode::new(root_props, children, true);
    root.serialize() + "\n"
}

/// A move as its node's property.
fn move_prop(color: Color, mv: Move, size: BoardSize) -> Prop {
    let m = match mv {
        Move::Play(p) => SgfMove::Move(sgf_point(p, size)),
        Move::Pass => SgfMove::Pass,
    };
    if color == Color::Black {
        Prop::B(m)
    } else {
        Prop::W(m)
    }
}

/// The variations that replace the game's move `at`, each a chain of nodes.
fn variation_nodes(info: &RecordInfo, at: usize, size: BoardSize) -> Vec<SgfNode<Prop>> {
    info.variations
        .iter()
        .filter(|v| v.at == at && !v.moves.is_empty())
        .flat_map(|v| {
            let mut chain: Vec<SgfNode<Prop>> = Vec::new();
            for (k, &(color, mv)) in v.moves.iter().enumerate().rev() {
                let mut props = vec![move_prop(color, mv, size)];
                if k == 0
                    && let Some(c) = &v.comment
                {
                    props.push(Prop::C(Text { text: c.clone() }));
                }
                chain = vec![SgfNode::new(props, chain, false)];
            }
            chain
        })
        .collect()
}

/// A property of one text, by its constructor.
type TextProp = fn(SimpleText) -> Prop;

/// The root node: the format, the board and komi, the handicap, the game's information, the
/// setup stones (a free handicap's), who moves first when it is White, the comment.
fn root_properties(game: &Game, info: &RecordInfo) -> Vec<Prop> {
    let size = game.size();
    let simple = |s: &str| SimpleText { text: s.to_owned() };
    let mut root_props = vec![
        Prop::FF(4),
        Prop::GM(1),
        Prop::CA(simple("UTF-8")),
        Prop::AP((simple("tengen"), simple(env!("CARGO_PKG_VERSION")))),
        // The standard writes a square board's size as one number (`SZ[9]`, never `SZ[9:9]`,
        // which is what sgf-parse writes for its pair).
        Prop::Unknown("SZ".to_owned(), vec![size.get().to_string()]),
        Prop::KM(game.rules().komi.as_f64()),
    ];
    if let Some(h) = info.handicap {
        root_props.push(Prop::Unknown("HA".to_owned(), vec![h.to_string()]));
    }
    let texts: [(TextProp, &Option<String>); 9] = [
        (Prop::RU, &info.rules),
        (Prop::PB, &info.black),
        (Prop::PW, &info.white),
        (Prop::DT, &info.date),
        (Prop::RE, &info.result),
        (Prop::BR, &info.black_rank),
        (Prop::WR, &info.white_rank),
        (Prop::EV, &info.event),
        (Prop::RO, &info.round),
    ];
    for (prop, value) in texts {
        if let Some(v) = value {
            root_props.push(prop(simple(v)));
        }
    }
    let initial = game.initial_board();
    for (color, id) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let mut pts = size
            .all_points()
            .filter(|&p| initial.get(p) == Some(color))
            .peekable();
        if pts.peek().is_some() {
            root_props.push(point_list(id, pts, size));
        }
    }
    if game.initial_to_move() == Color::White {
        root_props.push(Prop::PL(sgf_parse::Color::White));
    }
    if let Some(c) = &info.comment {
        root_props.push(Prop::C(Text { text: c.clone() }));
    }
    root_props
}

/// A node a move, with the comment the move carries.
fn move_nodes(game: &Game, info: &RecordInfo) -> Vec<Vec<Prop>> {
    let size = game.size();
    game.moves()
        .iter()
        .enumerate()
        .map(|(i, &(color, mv))| {
            let mut props = vec![move_prop(color, mv, size)];
            if let Some((_, c)) = info.move_comments.iter().find(|(j, _)| *j == i) {
                props.push(Prop::C(Text { text: c.clone() }));
            }
            for (_, id, value) in info.move_properties.iter().filter(|(j, ..)| *j == i) {
                props.push(Prop::Unknown(id.clone(), vec![escape(value)]));
            }
            props
        })
        .collect()
}

/// Runs Python's sgfmill (PyPI; `.ci/run` installs it) with `script` on `record` given on
/// standard input, for tests that want a second reader: its standard output, after checking it
/// ended well; `None` where python3 with sgfmill is missing — said on standard error, and a
/// failure under CI, which must have it.
#[cfg(test)]
pub(crate) fn run_sgfmill(script: &str, record: &str) -> Option<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let probe = Command::new("python3")
        .args(["-c", "import sgfmill"])
        .stderr(Stdio::null())
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        assert!(
            std::env::var_os("CI").is_none(),
            "under CI, python3 with sgfmill is required"
        );
        eprintln!("SKIPPED: python3 with sgfmill not installed");
        return None;
    }
    let mut child = Command::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 starts");
    child
        .stdin
        .take()
        .expect("a pipe to python3")
        .write_all(record.as_bytes())
        .expect("python3 reads the record");
    let out = child.wait_with_output().expect("python3 ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A property value with SGF's escapes (`]` and `\\`), for properties sgf-parse writes as
/// they are given.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_square_boards_size_is_written_as_one_number() {
        for n in [5, 9, 19] {
            let g = Game::new(
                crate::go::BoardSize::new(n).unwrap(),
                crate::go::RuleSet::Classic.rules(),
            );
            let text = write(&g, &RecordInfo::default());
            assert!(text.contains(&format!("SZ[{n}]")), "{text}");
            assert!(!text.contains(&format!("SZ[{n}:")), "{text}");
            assert_eq!(Record::parse(&text).unwrap().size.get(), n);
        }
    }

    use super::*;
    use crate::go::RuleSet;

    #[test]
    fn reads_the_usual_properties_and_passes() {
        let r = Record::parse(
            "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]PB[Kuro]PW[Shiro]DT[2024-01-01]RE[W+2.5]C[root]\
             ;B[ee]C[first];W[];B[tt];W[cc])",
        )
        .unwrap();
        assert_eq!(r.size, BoardSize::NINE);
        assert_eq!(r.komi, Some(Komi::from_half_points(13)));
        assert_eq!(r.rules.as_deref(), Some("Japanese"));
        assert_eq!(
            (r.black.as_deref(), r.white.as_deref()),
            (Some("Kuro"), Some("Shiro"))
        );
        assert_eq!(r.result.as_deref(), Some("W+2.5"));
        assert_eq!(r.root_comment.as_deref(), Some("root"));
        let moves: Vec<String> = r
            .moves
            .iter()
            .map(|m| format!("{} {}", m.color, m.mv))
            .collect();
        assert_eq!(moves, ["black E5", "white pass", "black pass", "white C7"]);
        assert_eq!(r.moves[0].comment.as_deref(), Some("first"));
    }

    #[test]
    fn handicap_stones_and_white_first() {
        let r = Record::parse("(;SZ[19]HA[2]AB[pd][dp];W[dd];B[pp])").unwrap();
        let (board, first) = r.initial().unwrap();
        assert_eq!(first, Color::White);
        assert_eq!(board.get("Q16".parse().unwrap()), Some(Color::Black));
        assert_eq!(board.get("D4".parse().unwrap()), Some(Color::Black));
        let replay = r.replay(RuleSet::Classic.rules()).unwrap();
        assert!(replay.illegal.is_none());
        assert_eq!(replay.game.to_move(), Color::White);
    }

    #[test]
    fn a_handicap_game_is_written_with_ha_ab_and_white_to_play() {
        let size = BoardSize::NINETEEN;
        let stones = crate::go::fixed_points(size, 4).unwrap();
        let mut game = crate::go::handicap_game(
            size,
            &stones,
            RuleSet::Chinese.with_komi(crate::go::handicap_komi(RuleSet::Chinese, 4)),
        );
        game.play(Move::Play("R14".parse().unwrap())).unwrap();
        let info = RecordInfo {
            handicap: Some(4),
            rules: Some(RuleSet::Chinese.sgf_name().to_owned()),
            ..RecordInfo::default()
        };
        let text = write(&game, &info);
        for prop in ["HA[4]", "KM[4.5]", "RU[Chinese]", "PL[W]", ";W[qf]"] {
            assert!(text.contains(prop), "{prop} in {text}");
        }
        let r = Record::parse(&text).unwrap();
        let (board, first) = r.initial().unwrap();
        assert_eq!(first, Color::White);
        for p in &stones {
            assert_eq!(board.get(*p), Some(Color::Black), "{p}");
        }
        assert_eq!(board.stone_counts().black, 4);
    }

    #[test]
    fn variations_follow_the_main_line() {
        let r = Record::parse("(;SZ[9];B[ee](;W[cc];B[gg])(;W[gc]))").unwrap();
        assert_eq!(r.moves.len(), 3);
        assert_eq!(r.moves[1].mv, Move::Play("C7".parse().unwrap()));
    }

    #[test]
    fn gbk_names_are_decoded_by_their_ca() {
        let mut bytes = b"(;CA[gb2312]SZ[9]PB[".to_vec();
        bytes.extend_from_slice(&[0xBA, 0xDA]); // 黑 in GBK
        bytes.extend_from_slice(b"]PW[W];B[ee])");
        let r = Record::from_bytes(&bytes).unwrap();
        assert_eq!(r.black.as_deref(), Some("黑"));
    }

    #[test]
    fn without_ca_a_record_is_iso_8859_1_unless_it_reads_as_utf8() {
        let name = |bytes: &[u8]| {
            let mut sgf = b"(;SZ[9]PB[".to_vec();
            sgf.extend_from_slice(bytes);
            sgf.extend_from_slice(b"];B[ee])");
            Record::from_bytes(&sgf).unwrap().black.unwrap()
        };
        assert_eq!(name(b"M\xfcller"), "Müller", "SGF's default, ISO-8859-1");
        assert_eq!(
            name("黑白".as_bytes()),
            "黑白",
            "UTF-8, as servers write today"
        );
        // GBK without CA is not what it says: read as the standard says, byte by byte, and the
        // record (its moves, its other properties) is read all the same.
        assert_eq!(name(&[0xBA, 0xDA, 0xB0, 0xD7]), "ºÚ°×");
    }

    #[test]
    fn a_line_past_the_limit_is_refused_before_the_tree_is_built() {
        let line = |nodes: usize| {
            let mut sgf = String::from("(;SZ[9]");
            for n in 1..nodes {
                sgf.push_str(if n % 2 == 1 { ";B[]" } else { ";W[]" });
            }
            sgf.push(')');
            sgf
        };
        assert_eq!(
            Record::parse(&line(150_000)),
            Err(SgfError::TooLong {
                nodes: 150_000,
                limit: MAX_LINE_NODES
            })
        );
        // A record at the limit is read, and dropped, on the smallest stack that reads records
        // (a thread's 2 MiB).
        let at_limit = line(MAX_LINE_NODES);
        let read = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || Record::parse(&at_limit).map(|r| r.moves.len()))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(read, Ok(MAX_LINE_NODES - 1));
        // Variations count as lines of their own; a `;` in a value is no node.
        assert_eq!(longest_line("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))"), 4);
        assert_eq!(longest_line("(;C[a;b\\];c;d];B[aa])(;SZ[9])"), 2);
    }

    #[test]
    fn a_broken_byte_in_a_name_does_not_eat_the_next_property() {
        let mut bytes = b"(;SZ[19]PW[".to_vec();
        bytes.extend_from_slice("艺".as_bytes());
        bytes.extend_from_slice(&[0xE7, 0xBB]); // a truncated UTF-8 character
        bytes.extend_from_slice("指导".as_bytes());
        bytes.extend_from_slice(b"]KM[0];B[pd])");
        let r = Record::from_bytes(&bytes).unwrap();
        assert_eq!(r.komi, Some(Komi::from_half_points(0)));
        assert_eq!(r.moves.len(), 1);
    }

    #[test]
    fn corrupt_records_are_typed_errors_never_panics() {
        type Expect = fn(&SgfError) -> bool;
        let cases: &[(&str, Expect)] = &[
            ("", |e| matches!(e, SgfError::Parse(_))),
            ("not sgf at all", |e| matches!(e, SgfError::Parse(_))),
            ("(;SZ[9];B[ee]", |e| matches!(e, SgfError::Parse(_))),
            ("(;GM[2]SZ[9])", |e| matches!(e, SgfError::NotGo)),
            ("(;SZ[25];B[aa])", |e| matches!(e, SgfError::Size(_))),
            ("(;SZ[4])", |e| matches!(e, SgfError::Size(_))),
            ("(;SZ[9:13])", |e| matches!(e, SgfError::Size(_))),
            ("(;SZ[9]KM[5.25])", |e| matches!(e, SgfError::Komi(_))),
            ("(;SZ[9];B[zz])", |e| {
                matches!(e, SgfError::Coordinate { .. })
            }),
            ("(;SZ[9];B[jj])", |e| {
                matches!(e, SgfError::Coordinate { .. })
            }),
            ("(;SZ[9];B[e])", |e| {
                matches!(e, SgfError::InvalidProperty { .. })
            }),
            ("(;SZ[9];B[ee]W[cc])", |e| {
                matches!(e, SgfError::TwoMoves { .. })
            }),
            ("(;SZ[9];B[ee];AB[cc])", |e| {
                matches!(e, SgfError::LateSetup { .. })
            }),
        ];
        for (text, ok) in cases {
            match Record::parse(text) {
                Err(e) => assert!(ok(&e), "{text:?} gave {e}"),
                Ok(r) => panic!("{text:?} was read: {r:?}"),
            }
        }
        // A setup that leaves a chain without liberties is refused at replay.
        let r = Record::parse("(;SZ[5]AB[aa]AW[ab][ba])").unwrap();
        assert!(matches!(
            r.replay(RuleSet::Classic.rules()),
            Err(SgfError::DeadSetup(_))
        ));
    }

    #[test]
    fn an_illegal_move_stops_the_replay_with_its_number() {
        let r = Record::parse("(;SZ[9];B[ee];W[ee];B[cc])").unwrap();
        let replay = r.replay(RuleSet::Classic.rules()).unwrap();
        let illegal = replay.illegal.unwrap();
        assert_eq!(
            (illegal.move_number, illegal.color, illegal.cause),
            (2, Color::White, IllegalMove::Occupied)
        );
        assert_eq!(replay.game.moves().len(), 1);
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut rng = crate::go::light_playout::Rng::new(5);
        let alphabet = b"();[]\\ABWEKMSZaeistx019:\n ";
        for _ in 0..20_000 {
            let len = rng.below(40);
            let text: String = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())] as char)
                .collect();
            if let Ok(r) = Record::parse(&text) {
                let _ = r.replay(RuleSet::Aga.rules());
            }
        }
    }
}
