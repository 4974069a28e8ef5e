//! A tournament as pictures, in no language like the board and the rating chart: the
//! crosstable of a round robin or Swiss event, and the bracket of a knockout. The words (the
//! event's name, what the tiebreaks mean) are in the message around the image.
//!
//! The input is plain data that the event code fills: these pictures know nothing of how the
//! games were paired or scored, only what to write where.

use tiny_skia::{Color, FillRule, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::RenderError;
use super::assets::{paint, rounded_rect};
use super::chart::encode_rgba;
use super::text::{self, Align};

/// The crosstable of a round robin or Swiss event, one row a player in the order drawn.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CrossTable {
    /// The tiebreak columns' names: short Latin codes such as `SOS` or `A1`, not words.
    pub headers: Vec<String>,
    /// The players, best first.
    pub rows: Vec<CrossRow>,
}

/// One player's line of the crosstable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrossRow {
    /// The player's place in the standings.
    pub place: usize,
    /// The 1-based number the other rows call the player by.
    pub seat: usize,
    /// The player's game of each round, round 1 first.
    pub games: Vec<CrossCell>,
    /// Main points, in halves: 5 is written `2½`.
    pub points_half: u32,
    /// The tiebreaks in the order of [`CrossTable::headers`], in halves too.
    pub tiebreaks: Vec<u32>,
    /// Withdrawn or removed: the row is drawn greyed.
    pub out: bool,
}

/// What a player did in one round. `black` is the colour the player had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrossCell {
    Won {
        opponent: usize,
        black: bool,
        forfeit: bool,
    },
    Lost {
        opponent: usize,
        black: bool,
        forfeit: bool,
    },
    Drawn {
        opponent: usize,
        black: bool,
    },
    /// Both players were given a loss (a double forfeit, a game both abandoned).
    BothLost {
        opponent: usize,
        black: bool,
    },
    Bye,
    /// Paired and not finished yet.
    Playing {
        opponent: usize,
        black: bool,
    },
    /// Not paired in that round (joined late, or withdrawn).
    None,
}

/// A knockout bracket: the winners' rounds, and for double elimination the losers' rounds and
/// the grand final.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BracketPicture {
    /// Round 1 first; each round's games in bracket order, game `i` feeding game `i / 2` of
    /// the next round.
    pub rounds: Vec<Vec<BracketCell>>,
    /// The losers' bracket of double elimination, round 1 first; empty for single elimination.
    pub losers: Vec<Vec<BracketCell>>,
    /// The game between the winners' and the losers' champions.
    pub grand_final: Option<BracketCell>,
}

/// One game of the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BracketCell {
    pub top: Slot,
    pub bottom: Slot,
    /// `Some(true)`: the top player won; `None`: not decided yet.
    pub winner: Option<bool>,
}

/// Who sits on one line of a bracket game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The 1-based seat of the player.
    Player(usize),
    /// No one: the other player goes through.
    Bye,
    /// The winner (or loser) of a game not played yet.
    Undecided,
}

/// The crosstable shows at most this many rows; below them a row of `⋮` says more were left
/// out (the standings message lists them all).
pub const MAX_ROWS: usize = 64;
/// The crosstable shows at most this many rounds: the latest ones, headed by their real
/// numbers, so that a long round robin shows where it stands now. Points count every round.
pub const MAX_ROUNDS: usize = 16;
/// The crosstable shows at most this many tiebreak columns, the first ones.
pub const MAX_TIEBREAKS: usize = 8;
/// A tiebreak's name is cut to this many characters (the codes are three to five).
pub const MAX_CODE: usize = 6;
/// A bracket column shows at most this many games (a round of 64 players); a bracket at most
/// this many columns on each side. What goes beyond is left out.
pub const MAX_GAMES: usize = 32;
pub const MAX_COLUMNS: usize = 12;

/// The paper and ink of the rating chart, so that the bot's images look like one family.
const PAPER: [u8; 3] = [250, 247, 240];
const INK: [u8; 4] = [60, 50, 40, 255];
/// A withdrawn player's row, a lost bracket line, a bye.
const FAINT: [u8; 4] = [170, 160, 148, 255];
/// The chart's rank lines: rules of the table, box edges, connectors still open.
const RULE: [u8; 4] = [200, 190, 175, 255];
const HEADER: [u8; 3] = [230, 221, 204];
const STRIPE: [u8; 3] = [240, 234, 223];
/// Wins in the chart's rating blue, losses in a muted red: the eye finds a score at a glance.
const WIN: [u8; 4] = [40, 80, 150, 255];
const LOSS: [u8; 4] = [170, 60, 45, 255];
/// The box of a bracket game, and the tint behind its winner.
const BOX: [u8; 3] = [255, 255, 253];
const WINNER: [u8; 3] = [222, 231, 244];

/// Text size of both pictures, the chart's.
const PX: f32 = 13.0;
const MARGIN: f32 = 10.0;

/// The crosstable: place, seat (`#`), one column a round, points (`Σ`) and the tiebreaks.
///
/// A round's cell is the opponent's seat and the result, as EGF and OpenGotha tables write
/// it: `3+` a win against seat 3, `5−` a loss, `2=` a draw, `4−` a loss both players were
/// given, `3+!` and `3−!` a game won or lost by forfeit, `—+` a bye, `3…` a game still being
/// played; a small disc beside it is the colour the player had. Rows are shaded every other
/// one; withdrawn players are greyed. Beyond [`MAX_ROWS`], [`MAX_ROUNDS`] and
/// [`MAX_TIEBREAKS`] the table is cut as those say (and a tiebreak's name beyond [`MAX_CODE`]
/// characters); an empty table is its header alone.
///
/// # Errors
/// The image cannot be made or encoded.
pub fn crosstable(table: &CrossTable) -> Result<Vec<u8>, RenderError> {
    let grid = Grid::new(table);
    let mut pm = Pixmap::new(grid.width, grid.height).ok_or(RenderError::Size)?;
    let [r, g, b] = PAPER;
    pm.fill(Color::from_rgba8(r, g, b, 255));
    grid.shading(&mut pm);
    grid.header(&mut pm, table);
    for (i, row) in table.rows.iter().take(grid.rows).enumerate() {
        grid.row(&mut pm, i, row);
    }
    if table.rows.len() > grid.rows {
        let y = grid.row_mid(grid.rows);
        text::draw(&mut pm, "⋮", PX, grid.mid(0), y, Align::Center, INK);
    }
    grid.rules(&mut pm);
    encode_rgba(&pm)
}

/// Where the crosstable's columns and rows go.
struct Grid {
    /// The left edge of each column and, last, the right edge of the table.
    edges: Vec<f32>,
    /// The index of the first round shown (the latest [`MAX_ROUNDS`] are).
    first_round: usize,
    /// Rounds, tiebreaks and rows shown.
    rounds: usize,
    tiebreaks: usize,
    rows: usize,
    /// Rows drawn under the header: the players and, when some were left out, the `⋮` row.
    lines: usize,
    /// In a round's cell, where the opponent's number ends and the result begins.
    sign_at: f32,
    width: u32,
    height: u32,
}

const ROW_H: f32 = 22.0;
/// Room on each side of a column's text.
const PAD: f32 = 8.0;
/// The colour disc of a round's cell.
const DISC_R: f32 = 3.5;

impl Grid {
    fn new(table: &CrossTable) -> Grid {
        let rows = table.rows.len().min(MAX_ROWS);
        let shown = &table.rows[..rows];
        let all_rounds = shown.iter().map(|r| r.games.len()).max().unwrap_or(0);
        let rounds = all_rounds.min(MAX_ROUNDS);
        let first_round = all_rounds - rounds;
        let tiebreaks = table.headers.len().min(MAX_TIEBREAKS);
        let widest = |header: &str, values: &mut dyn Iterator<Item = String>| {
            values
                .map(|v| text::width(&v, PX))
                .fold(text::width(header, PX), f32::max)
                + 2.0 * PAD
        };
        let mut widths = vec![
            widest("", &mut shown.iter().map(|r| r.place.to_string())).max(30.0),
            widest("#", &mut shown.iter().map(|r| r.seat.to_string())).max(30.0),
        ];
        let numbers = shown
            .iter()
            .flat_map(|r| r.games.iter().skip(first_round))
            .filter_map(|c| cell(c, false))
            .map(|c| text::width(&c.number, PX))
            .fold(text::width("00", PX), f32::max);
        let marks = ["+!", "−!", "=", "…"]
            .iter()
            .map(|m| text::width(m, PX))
            .fold(0.0, f32::max);
        let round_w = PAD + numbers + marks + 7.0 + 2.0 * DISC_R + PAD;
        widths.extend(std::iter::repeat_n(round_w, rounds));
        widths.push(widest("Σ", &mut shown.iter().map(|r| halves(r.points_half))).max(36.0));
        for (t, header) in table.headers.iter().take(tiebreaks).enumerate() {
            let header = &code(header);
            let mut values = shown
                .iter()
                .filter_map(|r| r.tiebreaks.get(t).map(|&v| halves(v)));
            widths.push(widest(header, &mut values).max(36.0));
        }
        let mut right = MARGIN;
        let mut edges = vec![right];
        for w in widths {
            right = (right + w).round();
            edges.push(right);
        }
        let lines = rows + usize::from(table.rows.len() > rows);
        Grid {
            edges,
            first_round,
            rounds,
            tiebreaks,
            rows,
            lines,
            sign_at: PAD + numbers,
            width: (right + MARGIN) as u32,
            height: (2.0 * MARGIN + ROW_H * (lines + 1) as f32) as u32,
        }
    }

    /// The column of round `k` of those shown, of the points, of tiebreak `t`.
    fn round_col(&self, k: usize) -> usize {
        2 + k
    }

    fn points_col(&self) -> usize {
        2 + self.rounds
    }

    fn tiebreak_col(&self, t: usize) -> usize {
        3 + self.rounds + t
    }

    /// The right edge of the last column.
    fn table_right(&self) -> f32 {
        self.edges.last().copied().unwrap_or(MARGIN)
    }

    fn left(&self, col: usize) -> f32 {
        self.edges[col]
    }

    fn right(&self, col: usize) -> f32 {
        self.edges[col + 1]
    }

    fn mid(&self, col: usize) -> f32 {
        (self.left(col) + self.right(col)) / 2.0
    }

    /// The top of line `i` under the header, and its middle.
    fn row_top(&self, i: usize) -> f32 {
        MARGIN + ROW_H * (i + 1) as f32
    }

    fn row_mid(&self, i: usize) -> f32 {
        self.row_top(i) + ROW_H / 2.0
    }

    /// The header's band and every other row's, across the whole table.
    fn shading(&self, pm: &mut Pixmap) {
        let (l, r) = (MARGIN, self.table_right());
        fill(pm, Rect::from_ltrb(l, MARGIN, r, MARGIN + ROW_H), HEADER);
        for i in (1..self.lines).step_by(2) {
            let top = self.row_top(i);
            fill(pm, Rect::from_ltrb(l, top, r, top + ROW_H), STRIPE);
        }
    }

    /// The header: `#` over the seats, the round numbers, `Σ` and the tiebreaks' codes.
    fn header(&self, pm: &mut Pixmap, table: &CrossTable) {
        let y = MARGIN + ROW_H / 2.0;
        text::draw(pm, "#", PX, self.right(1) - PAD, y, Align::Right, INK);
        for k in 0..self.rounds {
            let n = (self.first_round + k + 1).to_string();
            text::draw(
                pm,
                &n,
                PX,
                self.mid(self.round_col(k)),
                y,
                Align::Center,
                INK,
            );
        }
        let x = self.right(self.points_col()) - PAD;
        text::draw(pm, "Σ", PX, x, y, Align::Right, INK);
        for (t, h) in table.headers.iter().take(self.tiebreaks).enumerate() {
            let x = self.right(self.tiebreak_col(t)) - PAD;
            text::draw(pm, &code(h), PX, x, y, Align::Right, INK);
        }
    }

    /// One player's row; numbers right-aligned, as columns of figures are.
    fn row(&self, pm: &mut Pixmap, i: usize, row: &CrossRow) {
        let y = self.row_mid(i);
        let ink = if row.out { FAINT } else { INK };
        let place = row.place.to_string();
        text::draw(pm, &place, PX, self.right(0) - PAD, y, Align::Right, ink);
        let seat = row.seat.to_string();
        text::draw(pm, &seat, PX, self.right(1) - PAD, y, Align::Right, ink);
        for k in 0..self.rounds {
            if let Some(c) = row.games.get(self.first_round + k) {
                self.round_cell(pm, self.round_col(k), y, c, row.out);
            }
        }
        let points = halves(row.points_half);
        let x = self.right(self.points_col()) - PAD;
        text::draw(pm, &points, PX, x, y, Align::Right, ink);
        for (t, &v) in row.tiebreaks.iter().take(self.tiebreaks).enumerate() {
            let x = self.right(self.tiebreak_col(t)) - PAD;
            text::draw(pm, &halves(v), PX, x, y, Align::Right, ink);
        }
    }

    /// A round's cell in column `col`: the opponent's number ending at [`Grid::sign_at`], the
    /// result after it, the colour disc at the right.
    fn round_cell(&self, pm: &mut Pixmap, col: usize, y: f32, c: &CrossCell, out: bool) {
        let Some(c) = cell(c, out) else {
            return;
        };
        let ink = if out { FAINT } else { INK };
        let at = self.left(col) + self.sign_at;
        text::draw(pm, &c.number, PX, at, y, Align::Right, ink);
        text::draw(pm, c.mark, PX, at + 1.0, y, Align::Left, c.tone);
        if let Some(black) = c.black {
            disc(pm, self.right(col) - PAD - DISC_R, y, black, out);
        }
    }

    /// A rule under the header, around the rounds and at the foot.
    fn rules(&self, pm: &mut Pixmap) {
        let (l, r) = (MARGIN, self.table_right());
        let (top, foot) = (MARGIN + ROW_H, self.row_top(self.lines));
        polyline(pm, &[(l, top), (r, top)], INK, 1.5);
        polyline(pm, &[(l, foot), (r, foot)], RULE, 1.0);
        for col in [2, self.points_col()] {
            let x = self.left(col) + 0.5;
            polyline(pm, &[(x, MARGIN), (x, foot)], RULE, 1.0);
        }
    }
}

/// What a round's cell shows: the opponent (`—` for a bye), the result mark in its colour,
/// and the player's colour when there was a game.
struct Cell {
    number: String,
    mark: &'static str,
    tone: [u8; 4],
    black: Option<bool>,
}

/// The cell of `c`; `None` for a round the player was not paired in. A withdrawn player's
/// results are greyed like the rest of the row.
fn cell(c: &CrossCell, out: bool) -> Option<Cell> {
    let game = |opponent: usize, mark, tone, black| Cell {
        number: opponent.to_string(),
        mark,
        tone: if out { FAINT } else { tone },
        black: Some(black),
    };
    Some(match *c {
        CrossCell::Won {
            opponent,
            black,
            forfeit,
        } => game(opponent, if forfeit { "+!" } else { "+" }, WIN, black),
        CrossCell::Lost {
            opponent,
            black,
            forfeit,
        } => game(opponent, if forfeit { "−!" } else { "−" }, LOSS, black),
        CrossCell::Drawn { opponent, black } => game(opponent, "=", INK, black),
        CrossCell::BothLost { opponent, black } => game(opponent, "−", LOSS, black),
        CrossCell::Playing { opponent, black } => game(opponent, "…", FAINT, black),
        CrossCell::Bye => Cell {
            number: "—".into(),
            mark: "+",
            tone: if out { FAINT } else { WIN },
            black: None,
        },
        CrossCell::None => return None,
    })
}

/// A tiebreak's name as its column heads it: a code, cut at [`MAX_CODE`] characters so that a
/// long one cannot widen the table without bound.
fn code(header: &str) -> String {
    header.chars().take(MAX_CODE).collect()
}

/// Points in halves as players write them: `3`, `2½`, `½`.
fn halves(h: u32) -> String {
    match (h / 2, h % 2 == 1) {
        (0, true) => "½".into(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// The small disc of the colour a player had: black, or white with an edge. A withdrawn
/// player's is faded with the rest of the row.
fn disc(pm: &mut Pixmap, x: f32, y: f32, black: bool, out: bool) {
    let Some(path) = PathBuilder::from_circle(x, y, DISC_R) else {
        return;
    };
    let alpha = if out { 90 } else { 255 };
    let face = if black { [20, 20, 20] } else { [252, 252, 250] };
    let t = Transform::identity();
    pm.fill_path(&path, &paint(face, alpha), FillRule::Winding, t, None);
    // Only the white disc needs an edge; a black one's would darken its rim twice.
    if !black {
        let stroke = Stroke {
            width: 1.0,
            ..Stroke::default()
        };
        pm.stroke_path(&path, &paint([60, 50, 40], alpha), &stroke, t, None);
    }
}

/// The knockout bracket: a column a round, each game a box of two lines (the seats; a bye as
/// `—`; a line still undecided empty), lines from each game to the one its winner goes to,
/// the winner's line tinted and in heavier ink, the loser's greyed. The losers' bracket of
/// double elimination is drawn under the winners', the grand final to the right of both.
/// Round numbers head the columns.
///
/// Columns are laid out one by one with their games evenly spaced, so a round of half as many
/// games sits between the games that feed it: game `i` is joined to game `i / 2` of the next
/// column when that column has half as many games, straight across to game `i` when it has as
/// many (the losers' bracket alternates the two), and to nothing otherwise. Beyond
/// [`MAX_GAMES`] a column and [`MAX_COLUMNS`] a side the bracket is cut; an empty one is a
/// blank picture.
///
/// # Errors
/// The image cannot be made or encoded.
pub fn bracket(b: &BracketPicture) -> Result<Vec<u8>, RenderError> {
    let plan = Plan::new(b);
    let mut pm = Pixmap::new(plan.width, plan.height).ok_or(RenderError::Size)?;
    let [r, g, bl] = PAPER;
    pm.fill(Color::from_rgba8(r, g, bl, 255));
    plan.winners.headings(&mut pm);
    plan.losers.headings(&mut pm);
    if !plan.losers.columns.is_empty() {
        let y = plan.losers.top - SIDE_GAP / 2.0;
        polyline(&mut pm, &[(MARGIN, y), (plan.sides_right, y)], RULE, 1.0);
    }
    // Open connectors first: where two meet, the one carrying a winner stays on top.
    let mut links = plan.links();
    links.sort_by_key(|l| l.decided);
    for l in &links {
        elbow(&mut pm, l.from, l.to, l.decided);
    }
    for side in [&plan.winners, &plan.losers] {
        for col in &side.columns {
            for (game, &y) in col.games.iter().zip(&col.ys) {
                game_box(&mut pm, col.x, y, game);
            }
        }
    }
    if let Some((game, (x, y))) = plan.grand_final {
        game_box(&mut pm, x, y, &game);
    }
    encode_rgba(&pm)
}

const BOX_W: f32 = 50.0;
const LINE_H: f32 = 17.0;
/// A game's box is two lines; a column of round 1 allots it this much height.
const UNIT: f32 = 2.0 * LINE_H + 10.0;
/// Between columns, where the connectors run.
const GAP_X: f32 = 30.0;
/// The round numbers above a side's columns, and the room between the two sides.
const HEADING: f32 = 22.0;
const SIDE_GAP: f32 = 16.0;

/// Where every box of the bracket goes.
struct Plan {
    winners: Side,
    losers: Side,
    /// The grand final and the centre of the left edge of its box.
    grand_final: Option<(BracketCell, (f32, f32))>,
    /// The right edge of the two sides' last column (the grand final is beyond).
    sides_right: f32,
    width: u32,
    height: u32,
}

/// One side of the bracket (the winners' or the losers'), its columns left to right.
struct Side {
    columns: Vec<Column>,
    /// The top of the side's round numbers.
    top: f32,
}

/// One round: the left edge of its boxes and the games with the middle of each.
struct Column {
    x: f32,
    games: Vec<BracketCell>,
    ys: Vec<f32>,
}

impl Plan {
    fn new(b: &BracketPicture) -> Plan {
        let winners = Side::new(&b.rounds, MARGIN);
        let below = winners.bottom() + SIDE_GAP;
        let losers = Side::new(&b.losers, below);
        let sides = winners.columns.len().max(losers.columns.len());
        let grand_final = b.grand_final.map(|g| {
            let ends: Vec<f32> = [&winners, &losers]
                .iter()
                .filter_map(|s| s.champion())
                .collect();
            let y = if ends.is_empty() {
                MARGIN + HEADING + UNIT / 2.0
            } else {
                ends.iter().sum::<f32>() / ends.len() as f32
            };
            (g, (column_x(sides), y))
        });
        let columns = sides + usize::from(grand_final.is_some());
        let right = column_x(columns.max(1)) - GAP_X + MARGIN;
        let bottom = if losers.columns.is_empty() {
            winners.bottom()
        } else {
            losers.bottom()
        };
        Plan {
            winners,
            losers,
            grand_final,
            sides_right: column_x(sides) - GAP_X,
            width: right.max(120.0) as u32,
            height: (bottom + MARGIN).max(60.0) as u32,
        }
    }

    /// Every connector: within each side, and from the final of each side to the grand final.
    fn links(&self) -> Vec<Link> {
        let mut links = self.winners.links();
        links.extend(self.losers.links());
        if let Some((_, to)) = self.grand_final {
            for side in [&self.winners, &self.losers] {
                if let (Some(col), Some(y)) = (side.columns.last(), side.champion()) {
                    let decided = col.games.first().is_some_and(|g| g.winner.is_some());
                    links.push(Link {
                        from: (col.x + BOX_W, y),
                        to,
                        decided,
                    });
                }
            }
        }
        links
    }
}

/// The left edge of column `i`.
fn column_x(i: usize) -> f32 {
    MARGIN + i as f32 * (BOX_W + GAP_X)
}

impl Side {
    /// The columns of `rounds`, their round numbers at `top`, each column's games evenly
    /// spread over the height of the longest column.
    fn new(rounds: &[Vec<BracketCell>], top: f32) -> Side {
        let rounds = &rounds[..rounds.len().min(MAX_COLUMNS)];
        let longest = rounds
            .iter()
            .map(|r| r.len().min(MAX_GAMES))
            .max()
            .unwrap_or(0);
        let band = longest as f32 * UNIT;
        let columns = rounds
            .iter()
            .enumerate()
            .map(|(i, games)| {
                let games = games[..games.len().min(MAX_GAMES)].to_vec();
                let step = band / games.len().max(1) as f32;
                let ys = (0..games.len())
                    .map(|g| (top + HEADING + step * (g as f32 + 0.5)).round())
                    .collect();
                Column {
                    x: column_x(i),
                    games,
                    ys,
                }
            })
            .collect();
        Side { columns, top }
    }

    /// The bottom of the side's lowest box's allotment.
    fn bottom(&self) -> f32 {
        let longest = self.columns.iter().map(|c| c.games.len()).max();
        match longest {
            Some(n) => self.top + HEADING + n as f32 * UNIT,
            None => self.top,
        }
    }

    /// The middle of the side's final, when its last column is a single game.
    fn champion(&self) -> Option<f32> {
        match self.columns.last() {
            Some(c) if c.games.len() == 1 => c.ys.first().copied(),
            _ => None,
        }
    }

    /// The round numbers over the columns.
    fn headings(&self, pm: &mut Pixmap) {
        for (i, col) in self.columns.iter().enumerate() {
            let (x, y) = (col.x + BOX_W / 2.0, self.top + HEADING / 2.0);
            text::draw(pm, &(i + 1).to_string(), PX, x, y, Align::Center, INK);
        }
    }

    /// From each game to the one of the next column it feeds, when the columns say which.
    fn links(&self) -> Vec<Link> {
        let mut links = Vec::new();
        for pair in self.columns.windows(2) {
            let (from, to) = (&pair[0], &pair[1]);
            let (n, m) = (from.games.len(), to.games.len());
            let target = |i: usize| {
                if n > 1 && m == n.div_ceil(2) {
                    Some(i / 2)
                } else if m == n {
                    Some(i)
                } else {
                    None
                }
            };
            for (i, (game, &y)) in from.games.iter().zip(&from.ys).enumerate() {
                if let Some(&ty) = target(i).and_then(|j| to.ys.get(j)) {
                    links.push(Link {
                        from: (from.x + BOX_W, y),
                        to: (to.x, ty),
                        decided: game.winner.is_some(),
                    });
                }
            }
        }
        links
    }
}

/// A connector from a game's box (the middle of its right edge) to the box of the game it
/// feeds (the middle of its left edge); `decided` when it carries a winner.
struct Link {
    from: (f32, f32),
    to: (f32, f32),
    decided: bool,
}

/// A connector from `a` (a box's right edge) to `b` (a box's left edge): across, down or up
/// in the middle of the gap before `b`, across again. A decided game's carries its winner and
/// is drawn in ink, an open one's faintly.
fn elbow(pm: &mut Pixmap, a: (f32, f32), b: (f32, f32), decided: bool) {
    let mx = (b.0 - GAP_X / 2.0).round() + 0.5;
    let (rgba, width) = if decided { (INK, 1.5) } else { (RULE, 1.0) };
    let (ay, by) = (a.1 + 0.5, b.1 + 0.5);
    polyline(pm, &[(a.0, ay), (mx, ay), (mx, by), (b.0, by)], rgba, width);
}

/// One game's box with its left edge at `x` and its middle at `y`.
fn game_box(pm: &mut Pixmap, x: f32, y: f32, game: &BracketCell) {
    let top = y - LINE_H;
    let t = Transform::identity();
    let Some(outline) = rounded_rect(x + 0.5, top + 0.5, BOX_W, 2.0 * LINE_H, 3.0) else {
        return;
    };
    pm.fill_path(&outline, &paint(BOX, 255), FillRule::Winding, t, None);
    for (line, slot) in [game.top, game.bottom].into_iter().enumerate() {
        let won = game.winner.map(|top_won| top_won == (line == 0));
        let line_top = top + line as f32 * LINE_H;
        if won == Some(true) {
            let tint = Rect::from_ltrb(x + 2.0, line_top + 2.0, x + BOX_W - 1.0, line_top + LINE_H);
            fill(pm, tint, WINNER);
        }
        slot_text(pm, x + 7.0, line_top + LINE_H / 2.0 + 0.5, slot, won);
    }
    polyline(pm, &[(x + 1.0, y + 0.5), (x + BOX_W, y + 0.5)], RULE, 1.0);
    let stroke = Stroke {
        width: 1.0,
        ..Stroke::default()
    };
    pm.stroke_path(&outline, &paint([150, 140, 128], 255), &stroke, t, None);
}

/// A line of a game: the seat, in heavier ink for the winner (drawn twice a pixel apart: the
/// one bundled font has no bold) and greyed for the loser; a bye's dash greyed; nothing for a
/// player not known yet.
fn slot_text(pm: &mut Pixmap, x: f32, y: f32, slot: Slot, won: Option<bool>) {
    let label = match slot {
        Slot::Player(seat) => seat.to_string(),
        Slot::Bye => "—".into(),
        Slot::Undecided => return,
    };
    let ink = match (slot, won) {
        (Slot::Bye, _) | (_, Some(false)) => FAINT,
        _ => INK,
    };
    text::draw(pm, &label, PX, x, y, Align::Left, ink);
    if won == Some(true) {
        text::draw(pm, &label, PX, x + 1.0, y, Align::Left, ink);
    }
}

/// Fills `rect` (when it is one) with `rgb`.
fn fill(pm: &mut Pixmap, rect: Option<Rect>, rgb: [u8; 3]) {
    if let Some(rect) = rect {
        pm.fill_rect(rect, &paint(rgb, 255), Transform::identity(), None);
    }
}

/// A line through `points`, square-ended, in `rgba`.
fn polyline(pm: &mut Pixmap, points: &[(f32, f32)], rgba: [u8; 4], width: f32) {
    let mut pb = PathBuilder::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    let Some(path) = pb.finish() else {
        return;
    };
    let [r, g, b, a] = rgba;
    let stroke = Stroke {
        width,
        ..Stroke::default()
    };
    let t = Transform::identity();
    pm.stroke_path(&path, &paint([r, g, b], a), &stroke, t, None);
}

#[cfg(test)]
mod tests {
    use ab_glyph::Font;
    use image::RgbImage;

    use super::*;

    fn decode(png: &[u8]) -> RgbImage {
        image::load_from_memory(png)
            .expect("our PNG decodes")
            .to_rgb8()
    }

    fn at(img: &RgbImage, x: f32, y: f32) -> [u8; 3] {
        img.get_pixel(x.floor() as u32, y.floor() as u32).0
    }

    fn close(a: [u8; 3], b: [u8; 3], tol: u8) -> bool {
        a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= tol)
    }

    fn rgb(c: [u8; 4]) -> [u8; 3] {
        [c[0], c[1], c[2]]
    }

    /// How many pixels of the box from (l, t) to (r, b) are within a few levels of `colour`.
    fn count_near(img: &RgbImage, (l, t, r, b): (f32, f32, f32, f32), colour: [u8; 3]) -> usize {
        let mut n = 0;
        for y in t as u32..b as u32 {
            for x in l as u32..r as u32 {
                if close(img.get_pixel(x, y).0, colour, 30) {
                    n += 1;
                }
            }
        }
        n
    }

    /// The darkest channel in the box: ink is below 80, the faint grey above 140.
    fn darkest(img: &RgbImage, (l, t, r, b): (f32, f32, f32, f32)) -> u8 {
        let mut d = 255;
        for y in t as u32..b as u32 {
            for x in l as u32..r as u32 {
                d = d.min(*img.get_pixel(x, y).0.iter().min().unwrap_or(&255));
            }
        }
        d
    }

    fn row(place: usize, seat: usize, games: Vec<CrossCell>, points_half: u32) -> CrossRow {
        CrossRow {
            place,
            seat,
            games,
            points_half,
            tiebreaks: vec![points_half * 3, points_half + 1],
            out: false,
        }
    }

    fn won(opponent: usize, black: bool) -> CrossCell {
        CrossCell::Won {
            opponent,
            black,
            forfeit: false,
        }
    }

    fn lost(opponent: usize, black: bool) -> CrossCell {
        CrossCell::Lost {
            opponent,
            black,
            forfeit: false,
        }
    }

    /// A round robin of four: 1 beat everyone, 2 and 3 drew, 4 lost by forfeit once.
    fn round_robin() -> CrossTable {
        use CrossCell::*;
        CrossTable {
            headers: vec!["SOS".into(), "SODOS".into()],
            rows: vec![
                row(1, 1, vec![won(4, true), won(3, false), won(2, true)], 6),
                row(
                    2,
                    2,
                    vec![
                        Drawn {
                            opponent: 3,
                            black: false,
                        },
                        won(4, true),
                        lost(1, false),
                    ],
                    3,
                ),
                row(
                    3,
                    3,
                    vec![
                        Drawn {
                            opponent: 2,
                            black: true,
                        },
                        lost(1, true),
                        Won {
                            opponent: 4,
                            black: false,
                            forfeit: true,
                        },
                    ],
                    3,
                ),
                CrossRow {
                    out: true,
                    ..row(
                        4,
                        4,
                        vec![
                            lost(1, false),
                            lost(2, false),
                            Lost {
                                opponent: 3,
                                black: true,
                                forfeit: true,
                            },
                        ],
                        0,
                    )
                },
            ],
        }
    }

    /// A Swiss of `players` and `rounds`, the last round still being played, with a bye and
    /// a double loss on the way.
    fn swiss(players: usize, rounds: usize) -> CrossTable {
        let rows = (1..=players)
            .map(|seat| {
                let games = (0..rounds)
                    .map(|r| {
                        let opponent = (seat + r * 3) % players + 1;
                        let black = (seat + r).is_multiple_of(2);
                        match (seat + r) % 7 {
                            _ if r + 1 == rounds => CrossCell::Playing { opponent, black },
                            _ if seat == players && r == 0 => CrossCell::Bye,
                            0 => CrossCell::BothLost { opponent, black },
                            1 => CrossCell::Drawn { opponent, black },
                            2..=4 => won(opponent, black),
                            _ => lost(opponent, black),
                        }
                    })
                    .collect();
                let points = (2 * rounds - seat % 7) as u32;
                CrossRow {
                    tiebreaks: vec![points + 8, 3 * points, 9 * points + 1],
                    ..row(seat, seat, games, points)
                }
            })
            .collect();
        CrossTable {
            headers: vec!["MMS".into(), "SOS".into(), "SOSOS".into()],
            rows,
        }
    }

    #[test]
    fn the_bundled_font_has_every_mark_the_pictures_use() {
        for c in "0123456789#Σ½+−=…—!⋮".chars() {
            assert_ne!(super::text::FONT.glyph_id(c).0, 0, "no glyph for {c}");
        }
    }

    #[test]
    fn points_are_written_in_halves() {
        assert_eq!(halves(0), "0");
        assert_eq!(halves(1), "½");
        assert_eq!(halves(6), "3");
        assert_eq!(halves(5), "2½");
    }

    #[test]
    fn a_round_robin_of_four_has_its_header_stripes_discs_and_greyed_withdrawal() {
        let t = round_robin();
        let grid = Grid::new(&t);
        let img = decode(&crosstable(&t).expect("draws"));
        assert_eq!(img.dimensions(), (grid.width, grid.height));
        assert_eq!((grid.rounds, grid.tiebreaks, grid.lines), (3, 2, 4));
        // The header band and every other row's shading, in the place column's left margin.
        let x = grid.left(0) + 2.0;
        assert!(close(at(&img, x, MARGIN + 3.0), HEADER, 2), "header band");
        assert!(close(at(&img, x, grid.row_top(0) + 3.0), PAPER, 2), "row 1");
        assert!(
            close(at(&img, x, grid.row_top(1) + 3.0), STRIPE, 2),
            "row 2"
        );
        // Seat 1 had black in round 1 and white in round 2: a black disc, then a white one.
        let disc_x = |k: usize| grid.right(grid.round_col(k)) - PAD - DISC_R;
        let y = grid.row_mid(0);
        assert!(at(&img, disc_x(0), y).iter().all(|&c| c < 60), "black disc");
        assert!(
            at(&img, disc_x(1), y).iter().all(|&c| c > 240),
            "white disc"
        );
        // Its wins are marked in blue, seat 2's loss in the last round in red.
        let cell = |k: usize, i: usize| {
            let col = grid.round_col(k);
            let top = grid.row_top(i);
            (grid.left(col), top, grid.right(col), top + ROW_H)
        };
        assert!(count_near(&img, cell(0, 0), rgb(WIN)) > 5, "a win's mark");
        assert!(count_near(&img, cell(2, 1), rgb(LOSS)) > 5, "a loss's mark");
        assert_eq!(count_near(&img, cell(2, 1), rgb(WIN)), 0, "no win there");
        // The withdrawn player's row holds no ink darker than the faint grey.
        let (l, r) = (grid.edges[0], grid.edges[grid.edges.len() - 1]);
        let top = grid.row_top(3);
        let out = darkest(&img, (l + 2.0, top + 2.0, r - 2.0, top + ROW_H - 2.0));
        assert!(out > 120, "greyed row, darkest {out}");
        let top = grid.row_top(2);
        let live = darkest(&img, (l + 2.0, top + 2.0, r - 2.0, top + ROW_H - 2.0));
        assert!(live < 80, "a live row is in ink, darkest {live}");
    }

    #[test]
    fn a_swiss_of_twenty_in_five_rounds_is_wider_and_taller_with_every_row() {
        let t = swiss(20, 5);
        let grid = Grid::new(&t);
        let img = decode(&crosstable(&t).expect("draws"));
        assert_eq!(img.dimensions(), (grid.width, grid.height));
        assert_eq!((grid.rounds, grid.tiebreaks, grid.lines), (5, 3, 20));
        let small = Grid::new(&round_robin());
        assert!(grid.width > small.width && grid.height > small.height);
        // The last row is drawn (its seat in ink), inside the image.
        let top = grid.row_top(19);
        let seat = (grid.left(1), top, grid.right(1), top + ROW_H);
        assert!(darkest(&img, seat) < 80, "the twentieth row's seat");
        // The bye of round 1 has no colour disc; a game being played has one.
        let disc = |k: usize, i: usize| {
            let x = grid.right(grid.round_col(k)) - PAD - DISC_R;
            at(&img, x, grid.row_mid(i))
        };
        assert!(!disc(0, 19).iter().all(|&c| c < 60), "a bye has no disc");
        let playing = disc(4, 0);
        assert!(
            playing.iter().all(|&c| c < 60) || playing.iter().all(|&c| c > 240),
            "a game being played shows its colour: {playing:?}"
        );
    }

    #[test]
    fn a_table_of_sixty_four_rows_stays_within_bounds_and_a_larger_one_is_cut() {
        let full = swiss(64, 16);
        let grid = Grid::new(&full);
        let img = decode(&crosstable(&full).expect("draws"));
        assert_eq!(img.dimensions(), (grid.width, grid.height));
        assert_eq!((grid.rows, grid.lines, grid.rounds), (64, 64, 16));
        assert!(
            grid.width <= 1600 && grid.height <= 1600,
            "{grid:?}",
            grid = (grid.width, grid.height)
        );
        let huge = swiss(100, 30);
        let cut = Grid::new(&huge);
        let img = decode(&crosstable(&huge).expect("draws"));
        assert_eq!(img.dimensions(), (cut.width, cut.height));
        assert_eq!(
            (cut.rows, cut.lines, cut.rounds, cut.first_round),
            (64, 65, 16, 14)
        );
        assert_eq!(cut.height, grid.height + ROW_H as u32, "one row for the ⋮");
    }

    #[test]
    fn an_empty_table_is_its_header() {
        for t in [
            CrossTable::default(),
            CrossTable {
                headers: vec!["SOS".into()],
                rows: vec![row(1, 1, Vec::new(), 0)],
            },
        ] {
            let grid = Grid::new(&t);
            let img = decode(&crosstable(&t).expect("draws"));
            assert_eq!(img.dimensions(), (grid.width, grid.height));
        }
    }

    fn game(top: Slot, bottom: Slot, winner: Option<bool>) -> BracketCell {
        BracketCell {
            top,
            bottom,
            winner,
        }
    }

    fn p(seat: usize) -> Slot {
        Slot::Player(seat)
    }

    /// Six players seeded in a bracket of eight: seeds 1 and 2 have byes in round 1.
    fn six_players() -> BracketPicture {
        BracketPicture {
            rounds: vec![
                vec![
                    game(p(1), Slot::Bye, Some(true)),
                    game(p(4), p(5), Some(false)),
                    game(p(3), p(6), Some(true)),
                    game(Slot::Bye, p(2), Some(false)),
                ],
                vec![game(p(1), p(5), Some(true)), game(p(3), p(2), None)],
                vec![game(p(1), Slot::Undecided, None)],
            ],
            losers: Vec::new(),
            grand_final: None,
        }
    }

    /// Double elimination of eight, the winners' side finished, the losers' in its final.
    fn double_eight() -> BracketPicture {
        BracketPicture {
            rounds: vec![
                vec![
                    game(p(1), p(8), Some(true)),
                    game(p(4), p(5), Some(true)),
                    game(p(3), p(6), Some(false)),
                    game(p(2), p(7), Some(true)),
                ],
                vec![game(p(1), p(4), Some(true)), game(p(6), p(2), Some(false))],
                vec![game(p(1), p(2), Some(true))],
            ],
            losers: vec![
                vec![game(p(8), p(5), Some(false)), game(p(3), p(7), Some(true))],
                vec![game(p(6), p(5), Some(true)), game(p(4), p(3), Some(false))],
                vec![game(p(6), p(3), Some(false))],
                vec![game(p(2), p(3), None)],
            ],
            grand_final: Some(game(p(1), Slot::Undecided, None)),
        }
    }

    #[test]
    fn six_players_in_a_bracket_of_eight_show_byes_winners_and_connectors() {
        let b = six_players();
        let plan = Plan::new(&b);
        let img = decode(&bracket(&b).expect("draws"));
        assert_eq!(img.dimensions(), (plan.width, plan.height));
        let cols = &plan.winners.columns;
        assert_eq!(
            cols.iter().map(|c| c.games.len()).collect::<Vec<_>>(),
            [4, 2, 1]
        );
        // Round 2's games sit between the two that feed them, the final between those.
        assert_eq!(
            cols[1].ys[0],
            ((cols[0].ys[0] + cols[0].ys[1]) / 2.0).round()
        );
        assert_eq!(
            cols[2].ys[0],
            ((cols[1].ys[0] + cols[1].ys[1]) / 2.0).round()
        );
        // Seat 1 beat the bye: its line tinted, the bye's not.
        let (x, y) = (cols[0].x, cols[0].ys[0]);
        assert!(
            close(at(&img, x + BOX_W - 4.0, y - 4.0), WINNER, 3),
            "winner's line"
        );
        assert!(
            close(at(&img, x + BOX_W - 4.0, y + 6.0), BOX, 3),
            "bye's line"
        );
        // Seat 2, the bottom of game 4, beat its bye.
        let y = cols[0].ys[3];
        assert!(
            close(at(&img, x + BOX_W - 4.0, y + 6.0), WINNER, 3),
            "bottom won"
        );
        // Decided games are joined in ink to the game they feed; the open one faintly.
        let mid = cols[1].x - GAP_X / 2.0;
        let down = (cols[0].ys[0] + cols[1].ys[0]) / 2.0;
        assert!(
            darkest(&img, (mid - 1.0, down, mid + 2.0, down + 1.0)) < 100,
            "joined in ink"
        );
        let open_mid = cols[2].x - GAP_X / 2.0;
        let up = (cols[1].ys[1] + cols[2].ys[0]) / 2.0;
        let open = darkest(&img, (open_mid - 1.0, up, open_mid + 2.0, up + 1.0));
        assert!(
            (150..230).contains(&open),
            "an open game's connector is faint: {open}"
        );
        // Where the open one meets the decided one, the decided one's ink stays on top.
        let (fx, fy) = (cols[2].x - 4.0, cols[2].ys[0]);
        let entry = darkest(&img, (fx, fy - 1.0, fx + 2.0, fy + 2.0));
        assert!(
            entry < 100,
            "the line into the final carries seat 1: {entry}"
        );
    }

    #[test]
    fn a_double_elimination_of_eight_has_both_sides_and_the_grand_final_at_the_right() {
        let b = double_eight();
        let plan = Plan::new(&b);
        let img = decode(&bracket(&b).expect("draws"));
        assert_eq!(img.dimensions(), (plan.width, plan.height));
        let losers = &plan.losers.columns;
        assert_eq!(
            losers.iter().map(|c| c.games.len()).collect::<Vec<_>>(),
            [2, 2, 1, 1]
        );
        assert!(
            plan.losers.top >= plan.winners.bottom(),
            "the losers' side is below"
        );
        // Equal columns run straight across; halving ones meet in the middle.
        assert_eq!(losers[0].ys, losers[1].ys);
        assert_eq!(
            losers[2].ys[0],
            ((losers[1].ys[0] + losers[1].ys[1]) / 2.0).round()
        );
        let (_, (gx, gy)) = plan.grand_final.expect("a grand final");
        assert!(gx > losers[3].x, "the grand final is right of every column");
        let winners_final = plan.winners.columns[2].ys[0];
        assert!(
            winners_final < gy && gy < losers[3].ys[0],
            "between the two finals"
        );
        assert!(
            close(at(&img, gx + BOX_W - 4.0, gy - 6.0), BOX, 3),
            "its box"
        );
        // Both finals are joined to it: the winners' in ink (decided), the losers' faintly.
        let mid = gx - GAP_X / 2.0;
        let above = (winners_final + gy) / 2.0;
        assert!(darkest(&img, (mid - 1.0, above, mid + 2.0, above + 1.0)) < 100);
        let below = (losers[3].ys[0] + gy) / 2.0;
        let faint = darkest(&img, (mid - 1.0, below, mid + 2.0, below + 1.0));
        assert!(
            (150..230).contains(&faint),
            "the open losers' final: {faint}"
        );
    }

    #[test]
    fn an_empty_bracket_and_a_huge_one_do_not_panic() {
        let empty = BracketPicture::default();
        let img = decode(&bracket(&empty).expect("draws"));
        assert_eq!(img.dimensions(), (120, 60));
        let only_final = BracketPicture {
            grand_final: Some(game(p(1), p(2), None)),
            ..BracketPicture::default()
        };
        decode(&bracket(&only_final).expect("draws"));
        let round = |n: usize| vec![game(p(1), Slot::Undecided, None); n];
        let huge = BracketPicture {
            rounds: (0..8).map(|r| round(64 >> r.min(6))).collect(),
            losers: (0..14).map(|r| round(16 >> (r / 2).min(4))).collect(),
            grand_final: Some(game(Slot::Undecided, Slot::Undecided, None)),
        };
        let plan = Plan::new(&huge);
        let img = decode(&bracket(&huge).expect("draws"));
        assert_eq!(img.dimensions(), (plan.width, plan.height));
        assert!(
            plan.winners
                .columns
                .iter()
                .all(|c| c.games.len() <= MAX_GAMES)
        );
        assert_eq!(plan.losers.columns.len(), MAX_COLUMNS);
        assert!(
            plan.width <= 1200 && plan.height <= 2600,
            "{}×{}",
            plan.width,
            plan.height
        );
    }

    /// Writes the pictures to `/tmp/event_charts` to look at:
    /// `cargo test --lib render::event_charts -- --ignored`.
    #[test]
    #[ignore = "writes files to look at"]
    fn write_the_pictures() {
        let dir = std::path::Path::new("/tmp/event_charts");
        std::fs::create_dir_all(dir).expect("a directory");
        let files = [
            ("crosstable_4.png", crosstable(&round_robin())),
            ("crosstable_20.png", crosstable(&swiss(20, 5))),
            ("bracket_6.png", bracket(&six_players())),
            ("double_8.png", bracket(&double_eight())),
            ("crosstable_64.png", crosstable(&swiss(70, 16))),
        ];
        for (name, png) in files {
            let png = png.expect("draws");
            std::fs::write(dir.join(name), &png).expect("written");
            // A copy three times the size, to see single pixels.
            let img = decode(&png);
            let (w, h) = img.dimensions();
            let big = image::imageops::resize(&img, w * 3, h * 3, image::imageops::Nearest);
            big.save(dir.join(format!("zoom_{name}"))).expect("written");
        }
    }
}
