//! A position, with optional overlays, to PNG bytes.
//!
//! Knows the rules engine and nothing of Discord or the database: the bot, `tengen render`
//! and any other front end call [`render_png`] (or [`render_game`]) and get bytes back.
//! The font, the stone sprites and the empty board of each size are prepared once
//! (see `assets.rs`), so an image costs a copy, a blit per stone and the PNG encoding.

mod assets;
pub mod chart;
mod crop;
pub mod event_charts;
mod layout;
mod palette;
pub mod regions;
pub mod review_chart;
mod text;

use tiny_skia::{FillRule, LineCap, PathBuilder, Pixmap, Rect, Stroke, Transform};

use crate::go::{
    Board, BoardSize, ByColor, Color, Count, Game, Move, Owner, Point, PositionEstimate,
    format_half_points,
};

pub use crop::{View, crop_image_size, crop_point_center};
pub use layout::{BOARD_PX, CAPTION_PX, image_size, point_center};
pub use regions::{Region, region_of, regions};

use assets::{INK, paint};
use text::Align;

/// Why an image could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The PNG encoder refused the pixels (it does not with the buffers made here).
    #[error("cannot encode the board as PNG: {0}")]
    Encode(#[from] png::EncodingError),
    /// A pixmap of that size cannot be made (it can for the sizes drawn here).
    #[error("cannot make an image of that size")]
    Size,
}

/// What to draw over the stones. `Default` is the bare position.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RenderOptions {
    /// The last stone played: a ring on it.
    pub last_move: Option<Point>,
    /// A point the side to move may not play because of ko: an empty square on it.
    pub ko: Option<Point>,
    /// The click picker's blocks: faint lines between them and each block's label.
    pub show_regions: bool,
    /// Stones counted as dead at the end: drawn faded, with a cross.
    pub dead: Vec<Point>,
    /// Territory at the end: a small square of the owner's colour.
    pub territory: Vec<(Point, Color)>,
    /// An estimate's ownership during play: each point with its share from −1 (White's) to 1
    /// (Black's). A square of the likely owner's colour, the larger the surer; none where
    /// neither side is ahead by [`OWNERSHIP_SHOWN`] (it shows on a stone only where the stone
    /// is likely lost).
    pub ownership: Vec<(Point, f32)>,
    /// A consultation team's votes so far: a blue disc with the number of votes on each point
    /// voted for.
    pub votes: Vec<(Point, u32)>,
    /// Only this part of the board, larger, as a problem book prints a corner (see
    /// [`View`]); `None` draws the whole board. The picker's regions belong to the whole
    /// board: `show_regions` is not drawn in a view.
    pub view: Option<View>,
    /// Marked points (a problem's target stones): a small triangle, in the other stone's
    /// colour on a stone, in ink on an empty point.
    pub marked: Vec<Point>,
    /// Numbered points (a solution's moves in order): the number on the stone in the other
    /// stone's colour, or in ink on an empty point.
    pub numbers: Vec<(Point, u32)>,
    /// The strip under the board.
    pub caption: Caption,
}

/// The strip under the board. Empty fields are left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Caption {
    /// Stones each side has taken (`black` = white stones Black captured).
    pub captures: Option<ByColor<u32>>,
    /// Moves played so far (passes count).
    pub move_number: Option<usize>,
    /// Whose turn it is.
    pub to_move: Option<Color>,
    /// The score line at the end; it takes the place of the move and turn.
    pub score: Option<String>,
}

impl RenderOptions {
    /// The overlays a running game shows: last move, the ko point of the side to move,
    /// captures, move number and turn. Regions are off; turn them on for the board message.
    pub fn for_game(game: &Game) -> RenderOptions {
        let last_move = match game.last_move() {
            Some((_, Move::Play(p))) => Some(p),
            _ => None,
        };
        RenderOptions {
            ownership: Vec::new(),
            last_move,
            ko: game.board().ko_point(game.to_move()),
            show_regions: false,
            dead: Vec::new(),
            territory: Vec::new(),
            votes: Vec::new(),
            view: None,
            marked: Vec::new(),
            numbers: Vec::new(),
            caption: Caption {
                captures: Some(game.captures()),
                move_number: Some(game.moves().len()),
                to_move: (!game.is_over()).then(|| game.to_move()),
                score: None,
            },
        }
    }

    /// Adds the end-of-game overlays of a count: the dead stones given, each side's
    /// territory, and the score line (which replaces the turn).
    pub fn with_count(mut self, count: &Count, dead: &[Point]) -> RenderOptions {
        self.dead = dead.to_vec();
        self.territory = count
            .owners
            .iter()
            .filter_map(|&(p, o)| match o {
                Owner::Territory(c) => Some((p, c)),
                _ => None,
            })
            .collect();
        self.caption.score = Some(score_line(count));
        self.caption.to_move = None;
        self.ko = None;
        self
    }
}

impl RenderOptions {
    /// Adds an estimate's overlays during play: each point's likely owner, the stones judged
    /// dead (faded and crossed), and the estimated count as the caption's score line (which
    /// replaces the turn): `● 45 · ○ 41.5 · B+3.5`, White's komi included.
    pub fn with_estimate(mut self, board: &Board, estimate: &PositionEstimate) -> RenderOptions {
        self.ownership = estimate
            .owner
            .iter()
            .map(|&(p, share)| (p, share as f32))
            .collect();
        self.dead = estimate.dead_points(board);
        let white = 2 * i64::from(estimate.area.white) + i64::from(estimate.komi.half_points());
        let lead = match estimate.leader() {
            Some((Color::Black, half)) => format!("B+{}", format_half_points(half as i64)),
            Some((Color::White, half)) => format!("W+{}", format_half_points(half as i64)),
            None => "0".to_owned(),
        };
        self.caption.score = Some(format!(
            "● {} · ○ {} · {lead}",
            format_half_points(2 * i64::from(estimate.area.black)),
            format_half_points(white),
        ));
        self.caption.to_move = None;
        self.ko = None;
        self
    }
}

/// The score as the caption shows it, in no language (the image is the same for every server;
/// the words are in the message around it): `● 45 · ○ 41.5 · B+3.5`.
pub fn score_line(count: &Count) -> String {
    let s = count.half_points();
    format!(
        "● {} · ○ {} · {}",
        format_half_points(s.black),
        format_half_points(s.white),
        count.result()
    )
}

/// The image of a game as it stands, with the overlays of [`RenderOptions::for_game`] and,
/// when `show_regions`, the click picker's blocks.
///
/// # Errors
/// [`RenderError::Encode`] if PNG encoding fails.
pub fn render_game(game: &Game, show_regions: bool) -> Result<Vec<u8>, RenderError> {
    let mut opts = RenderOptions::for_game(game);
    opts.show_regions = show_regions;
    render_png(game.board(), &opts)
}

/// Prepares the font, sprites, empty boards and palette of `size` now rather than on its
/// first image (that one costs about a tenth of a second more): the bot can call it for
/// every size at startup, off the async threads.
pub fn prepare(size: BoardSize) {
    let _ = assets::palette(size);
}

/// Prepares the drawing of every size (5×5 to 19×19), so that no first game waits on it.
pub fn prepare_all() {
    for edge in crate::go::MIN_SIZE..=crate::go::MAX_SIZE {
        if let Some(size) = BoardSize::new(edge) {
            prepare(size);
        }
    }
}

/// Draws `board` with `opts` and encodes it as PNG.
///
/// # Errors
/// [`RenderError::Encode`] if PNG encoding fails.
pub fn render_png(board: &Board, opts: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let pm = render_pixmap(board, opts);
    let indexed = assets::palette(board.size());
    if opts.view.is_some() {
        // No pixel of a view is known from a cached empty board: a transparent stand-in
        // matches none of the opaque pixels, so each goes through the palette.
        let none = assets::canvas(pm.width(), pm.height());
        let zeros = vec![0u8; pm.data().len() / 4];
        return encode(&pm, &indexed.palette, &none, &zeros);
    }
    let empty = &assets::for_size(board.size()).empty[usize::from(opts.show_regions)];
    encode(
        &pm,
        &indexed.palette,
        empty,
        &indexed.empty[usize::from(opts.show_regions)],
    )
}

/// Draws `board` with `opts` into a pixmap (premultiplied RGBA, fully opaque).
pub(crate) fn render_pixmap(board: &Board, opts: &RenderOptions) -> Pixmap {
    if let Some(view) = opts.view {
        return crop::render_pixmap(board, opts, view);
    }
    let size = board.size();
    let a = assets::for_size(size);
    let l = &a.layout;
    let mut pm = a.empty[usize::from(opts.show_regions)].clone();
    for p in size.all_points() {
        let Some(color) = board.get(p) else {
            continue;
        };
        let sprite = &a.stones[color];
        let (x, y) = l.center(p);
        let (sx, sy) = (
            (x - sprite.offset).round() as i32,
            (y - sprite.offset).round() as i32,
        );
        if opts.dead.contains(&p) {
            // Dead stones are drawn faded, through the general blend.
            assets::blit(&mut pm, &sprite.pixmap, sx, sy, 0.45);
        } else {
            sprite.draw(&mut pm, sx, sy);
        }
    }
    overlays(&mut pm, board, opts, l.cell, l.stone, &|p| {
        size.contains(p).then(|| l.center(p))
    });
    if opts.show_regions {
        for label in &a.labels {
            assets::blit(&mut pm, &label.pixmap, label.x, label.y, 1.0);
        }
    }
    caption(&mut pm, &opts.caption);
    pm
}

/// The marks over the stones, for the whole board and a view alike: territory, dead stones'
/// crosses, the ko square, the last-move ring, votes, marked points and numbers. `at` gives a
/// point's pixel centre, or `None` when the picture does not show it.
fn overlays(
    pm: &mut Pixmap,
    board: &Board,
    opts: &RenderOptions,
    cell: f32,
    stone: f32,
    at: &dyn Fn(Point) -> Option<(f32, f32)>,
) {
    let mark = (cell * 0.07).max(2.0);
    for &(p, share) in &opts.ownership {
        if share.abs() >= OWNERSHIP_SHOWN
            && let Some(c) = at(p)
        {
            let owner = if share > 0.0 {
                Color::Black
            } else {
                Color::White
            };
            if board.get(p) == Some(owner) {
                // A stone likely kept says so itself.
                continue;
            }
            // From 0.2 of a cell across for a lean to 0.44 for a sure point.
            let h = cell * (0.1 + 0.12 * share.abs().min(1.0));
            owner_square(pm, c, h.max(2.0), owner);
        }
    }
    for &(p, owner) in &opts.territory {
        if let Some(c) = at(p) {
            territory_square(pm, c, cell, owner);
        }
    }
    for &p in &opts.dead {
        if let Some(c) = at(p)
            && board.get(p).is_some()
        {
            cross(pm, c, cell, mark);
        }
    }
    if let Some(p) = opts.ko
        && let Some(c) = at(p)
        && board.get(p).is_none()
    {
        ko_square(pm, c, cell, mark);
    }
    if let Some(p) = opts.last_move
        && let Some(c) = at(p)
        && let Some(color) = board.get(p)
    {
        last_move_ring(pm, c, stone, mark, color);
    }
    for &(p, n) in &opts.votes {
        if let Some(c) = at(p)
            && board.get(p).is_none()
            && n > 0
        {
            vote_mark(pm, c, cell, n);
        }
    }
    for &p in &opts.marked {
        if let Some(c) = at(p) {
            triangle(pm, c, cell, mark, board.get(p));
        }
    }
    for &(p, n) in &opts.numbers {
        if let Some(c) = at(p) {
            number(pm, c, cell, n, board.get(p));
        }
    }
}

/// A triangle centred on a marked point: in the other stone's colour on a stone, in ink on a
/// patch of wood on an empty point.
fn triangle(pm: &mut Pixmap, (x, y): (f32, f32), cell: f32, width: f32, on: Option<Color>) {
    let r = cell * 0.24;
    let mut pb = PathBuilder::new();
    pb.move_to(x, y - r);
    pb.line_to(x + r * 0.866, y + r * 0.5);
    pb.line_to(x - r * 0.866, y + r * 0.5);
    pb.close();
    let Some(path) = pb.finish() else {
        return;
    };
    if on.is_none()
        && let Some(patch) = PathBuilder::from_circle(x, y, cell * 0.3)
    {
        pm.fill_path(
            &patch,
            &paint(assets::WOOD, 255),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    let stroke = Stroke {
        width: width * 1.2,
        line_join: tiny_skia::LineJoin::Round,
        ..Stroke::default()
    };
    pm.stroke_path(
        &path,
        &paint(on.map_or(INK, contrast), 255),
        &stroke,
        Transform::identity(),
        None,
    );
}

/// A move's number on its point: in the other stone's colour on a stone, in ink on a patch of
/// wood on an empty point (a stone taken since, or a move not on the board drawn).
fn number(pm: &mut Pixmap, (x, y): (f32, f32), cell: f32, n: u32, on: Option<Color>) {
    let label = n.to_string();
    let share = match label.len() {
        1 => 0.52,
        2 => 0.44,
        _ => 0.32,
    };
    let px = (cell * share).clamp(9.0, 52.0);
    if on.is_none()
        && let Some(patch) = PathBuilder::from_circle(x, y, cell * 0.34)
    {
        pm.fill_path(
            &patch,
            &paint(assets::WOOD, 255),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    let [r, g, b] = on.map_or(INK, contrast);
    text::draw(pm, &label, px, x, y, Align::Center, [r, g, b, 255]);
}

/// The colour a marker takes on a stone of `color`: the other stone's colour.
fn contrast(color: Color) -> [u8; 3] {
    match color {
        Color::Black => [245, 245, 245],
        Color::White => [20, 20, 20],
    }
}

/// A ring inside the last stone played, as Sabaki and OGS mark it.
fn last_move_ring(pm: &mut Pixmap, (x, y): (f32, f32), stone: f32, width: f32, color: Color) {
    if let Some(ring) = PathBuilder::from_circle(x, y, stone * 0.5) {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        pm.stroke_path(
            &ring,
            &paint(contrast(color), 255),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

/// An empty square on the point the side to move may not take back because of ko.
fn ko_square(pm: &mut Pixmap, (x, y): (f32, f32), cell: f32, width: f32) {
    let h = cell * 0.24;
    if let Some(r) = Rect::from_ltrb(x - h, y - h, x + h, y + h) {
        let path = PathBuilder::from_rect(r);
        // Wood under the square first, so the mark is not crossed by the grid lines.
        pm.fill_path(
            &path,
            &paint(assets::WOOD, 255),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        pm.stroke_path(
            &path,
            &paint(INK, 255),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

/// A red cross on a dead stone: red reads on the faded black and white stones alike.
fn cross(pm: &mut Pixmap, (x, y): (f32, f32), cell: f32, width: f32) {
    let h = cell * 0.2;
    let mut pb = PathBuilder::new();
    pb.move_to(x - h, y - h);
    pb.line_to(x + h, y + h);
    pb.move_to(x + h, y - h);
    pb.line_to(x - h, y + h);
    if let Some(path) = pb.finish() {
        let stroke = Stroke {
            width: width * 1.2,
            line_cap: LineCap::Round,
            ..Stroke::default()
        };
        pm.stroke_path(
            &path,
            &paint([200, 30, 20], 255),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

/// The colour of a vote mark: a blue that reads on the wood and differs from every other mark.
const VOTE_BLUE: [u8; 3] = [32, 96, 200];

/// A blue disc with the number of votes for the point, white on it.
fn vote_mark(pm: &mut Pixmap, (x, y): (f32, f32), cell: f32, votes: u32) {
    let r = cell * 0.36;
    if let Some(disc) = PathBuilder::from_circle(x, y, r) {
        pm.fill_path(
            &disc,
            &paint(VOTE_BLUE, 255),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    let label = if votes > 99 {
        "99+".to_owned()
    } else {
        votes.to_string()
    };
    let px = (cell * if label.len() > 1 { 0.36 } else { 0.5 }).clamp(9.0, 34.0);
    text::draw(pm, &label, px, x, y, Align::Center, [255, 255, 255, 255]);
}

/// The least share of an estimate's ownership drawn: below it, neither side is ahead enough
/// to say.
pub const OWNERSHIP_SHOWN: f32 = 0.2;

/// A small square of the owner's colour on a point of territory.
fn territory_square(pm: &mut Pixmap, c: (f32, f32), cell: f32, owner: Color) {
    owner_square(pm, c, (cell * 0.15).max(3.0), owner);
}

/// A square of half-side `h` in the owner's colour, edged so that White's reads on the wood.
fn owner_square(pm: &mut Pixmap, (x, y): (f32, f32), h: f32, owner: Color) {
    if let Some(r) = Rect::from_ltrb(x - h, y - h, x + h, y + h) {
        let path = PathBuilder::from_rect(r);
        let (fill, edge) = match owner {
            Color::Black => ([16, 16, 16], [16, 16, 16]),
            Color::White => ([250, 250, 248], [60, 60, 60]),
        };
        pm.fill_path(
            &path,
            &paint(fill, 255),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        let stroke = Stroke {
            width: 1.0,
            ..Stroke::default()
        };
        pm.stroke_path(
            &path,
            &paint(edge, 255),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

/// The caption, in no language (the image is the same in every server; the words are in the
/// message around it): each side's stone and its prisoners (`+3`) on the left; the score, or
/// the move (`#12`) and an arrow to the stone of the side to play, on the right.
fn caption(pm: &mut Pixmap, c: &Caption) {
    caption_at(pm, c, layout::caption_mid());
}

/// The caption with its middle at `mid` (a view's strip lies higher or lower than the whole
/// board's).
fn caption_at(pm: &mut Pixmap, c: &Caption, mid: f32) {
    let cap = assets::caption();
    let px = 19.0;
    let ink = [40, 28, 12, 255];
    let mut x = 22.0;
    if let Some(caps) = c.captures {
        for color in Color::ALL {
            let s = &cap.stones[color];
            assets::blit(
                pm,
                &s.pixmap,
                (x - s.offset + 11.0).round() as i32,
                (mid - s.offset).round() as i32,
                1.0,
            );
            let label = format!("+{}", caps[color]);
            text::draw(pm, &label, px, x + 30.0, mid, Align::Left, ink);
            x += 30.0 + text::width(&label, px) + 26.0;
        }
    }
    let right = BOARD_PX as f32 - 22.0;
    if let Some(score) = &c.score {
        text::draw(pm, score, px, right, mid, Align::Right, ink);
    } else {
        let mut end = right;
        if let Some(t) = c.to_move {
            let s = &cap.stones[t];
            assets::blit(
                pm,
                &s.pixmap,
                (end - 11.0 - s.offset).round() as i32,
                (mid - s.offset).round() as i32,
                1.0,
            );
            end -= 30.0;
            text::draw(pm, "▶", px, end, mid, Align::Right, ink);
            end -= text::width("▶", px) + 14.0;
        }
        if let Some(n) = c.move_number {
            text::draw(pm, &format!("#{n}"), px, end, mid, Align::Right, ink);
        }
    }
}

/// Images of `size` that between them hold every kind of pixel a board can show: both
/// stones packed and scattered, faded dead stones with crosses, territory, the last-move
/// ring on each colour, a ko mark, the region grid and labels, and both captions. The
/// palette of the size is chosen from them.
fn sample_images(size: BoardSize) -> Vec<Pixmap> {
    let (board, stones, empty) = sample_board(size);
    let black = stones
        .iter()
        .copied()
        .find(|&p| board.get(p) == Some(Color::Black));
    let white = stones
        .iter()
        .copied()
        .find(|&p| board.get(p) == Some(Color::White));
    vec![
        render_pixmap(&board, &sample_playing(&empty, black)),
        render_pixmap(&board, &sample_playing(&empty, white)),
        render_pixmap(&board, &sample_ended(&stones, &empty, black)),
        render_pixmap(&Board::new(size), &RenderOptions::default()),
    ]
}

/// A board of `size` with both colours packed and scattered: the board, its stones and its
/// empty points.
fn sample_board(size: BoardSize) -> (Board, Vec<Point>, Vec<Point>) {
    let mut board = Board::new(size);
    let mut empty = Vec::new();
    board.set_stones(size.all_points().map(|p| {
        let stone = match (u32::from(p.col()) + 2 * u32::from(p.row())) % 5 {
            0 | 1 => Some(Color::Black),
            2 | 3 => Some(Color::White),
            _ => None,
        };
        if stone.is_none() {
            empty.push(p);
        }
        (p, stone)
    }));
    let stones: Vec<Point> = size
        .all_points()
        .filter(|&p| board.get(p).is_some())
        .collect();
    (board, stones, empty)
}

/// A game being played: the last move ringed, a ko mark, the regions, a team's votes with
/// every digit, and the playing caption.
fn sample_playing(empty: &[Point], last: Option<Point>) -> RenderOptions {
    RenderOptions {
        ownership: Vec::new(),
        last_move: last,
        ko: empty.first().copied(),
        show_regions: true,
        dead: Vec::new(),
        territory: Vec::new(),
        // A team's votes, with every digit.
        votes: empty
            .iter()
            .skip(1)
            .zip([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 37])
            .map(|(&p, n)| (p, n))
            .collect(),
        view: None,
        marked: Vec::new(),
        numbers: Vec::new(),
        caption: Caption {
            captures: Some(ByColor {
                black: 12,
                white: 3,
            }),
            move_number: Some(187),
            to_move: Some(Color::White),
            score: None,
        },
    }
}

/// A counted game: dead stones crossed, territory of both colours, and the score caption.
fn sample_ended(stones: &[Point], empty: &[Point], last: Option<Point>) -> RenderOptions {
    let dead: Vec<Point> = stones.iter().copied().step_by(3).collect();
    RenderOptions {
        ownership: Vec::new(),
        last_move: last,
        ko: None,
        show_regions: false,
        votes: Vec::new(),
        territory: empty
            .iter()
            .chain(&dead)
            .enumerate()
            .map(|(i, &p)| {
                (
                    p,
                    if i.is_multiple_of(2) {
                        Color::Black
                    } else {
                        Color::White
                    },
                )
            })
            .collect(),
        dead,
        view: None,
        marked: Vec::new(),
        numbers: Vec::new(),
        caption: Caption {
            captures: Some(ByColor {
                black: 7,
                white: 40,
            }),
            move_number: None,
            to_move: None,
            score: Some("● 180 · ○ 181.5 · W+1.5".into()),
        },
    }
}

/// Encodes the (opaque) pixmap as an indexed PNG with the palette of its size (see
/// `palette.rs` for why). Deflate level 2 with no filter: on palette indices the filters
/// only add noise, and level 2 is the knee of size against time (measured: level 1 is
/// 25% larger, level 3 twice as slow).
fn encode(
    pm: &Pixmap,
    palette: &palette::Palette,
    empty: &Pixmap,
    empty_indices: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let mut indices = vec![0u8; empty_indices.len()];
    // Most pixels are still those of the empty board, whose indices are known; most of the
    // others are stone pixels met again and again (every stone is the same sprite), which a
    // small cache that stays in L1 answers; only the rest go to the palette's big table.
    const SLOTS: usize = 4096;
    let mut keys = [0u32; SLOTS];
    let mut vals = [0u8; SLOTS];
    let word = |c: &[u8]| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]);
    let mut last = (0u32, 0u8);
    for (((px, was), &known), out) in pm
        .data()
        .chunks_exact(4)
        .zip(empty.data().chunks_exact(4))
        .zip(empty_indices)
        .zip(indices.iter_mut())
    {
        let v = word(px);
        if v == word(was) {
            *out = known;
            continue;
        }
        if v != last.0 {
            // Opaque pixels are never 0, so 0 marks an empty slot.
            let slot = (v.wrapping_mul(0x9E37_79B1) >> 20) as usize % SLOTS;
            if keys[slot] != v {
                keys[slot] = v;
                vals[slot] = palette.index(px[0], px[1], px[2]);
            }
            last = (v, vals[slot]);
        }
        *out = last.1;
    }
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette.plte());
    enc.set_deflate_compression(png::DeflateCompression::Level(1));
    enc.set_filter(png::Filter::NoFilter);
    let mut writer = enc.write_header()?;
    writer.write_image_data(&indices)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests;
