//! A part of the board drawn alone and larger, the way a problem book prints a corner: the
//! board's real edges drawn as edges, the cut sides open (their lines run out past the last
//! point shown), the coordinates of the points shown along the four sides.
//!
//! The image is as wide as a whole board's (720 px, so it keeps its place in an embed); its
//! height follows the rows shown. Stone sprites are kept per cell size, as the whole board's
//! are per board size; the rest is drawn for each image.

use std::sync::OnceLock;

use tiny_skia::{Color as SkColor, FillRule, PathBuilder, Pixmap, Rect, Transform};

use super::assets::{self, INK, Sprite, WOOD, paint};
use super::layout::{BOARD_PX, CAPTION_PX, COORD_BAND};
use super::text::{self, Align};
use crate::go::{Board, BoardSize, ByColor, MAX_SIZE, Point, column_letter};

/// How far, in cells, the lines of a cut side run out past the last point shown; the same
/// margin is kept on the sides that are the board's edges (for the stones of the first line).
const RUN_OUT: f32 = 0.6;
/// The largest cell: a view of a few points is not blown up past this.
const MAX_CELL: f32 = 110.0;

/// The part of the board a picture shows: inclusive 0-based columns and rows, row 0 at the
/// bottom (the columns and rows of [`Point::col`] and [`Point::row`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct View {
    pub col_lo: u8,
    pub col_hi: u8,
    pub row_lo: u8,
    pub row_hi: u8,
}

impl View {
    /// The view as it can be drawn on a board of `size`: each pair put in order and cut to the
    /// board, so any four numbers give at least one point.
    pub fn on(self, size: BoardSize) -> View {
        let last = size.get().saturating_sub(1);
        let order = |a: u8, b: u8| (a.min(b).min(last), a.max(b).min(last));
        let (col_lo, col_hi) = order(self.col_lo, self.col_hi);
        let (row_lo, row_hi) = order(self.row_lo, self.row_hi);
        View {
            col_lo,
            col_hi,
            row_lo,
            row_hi,
        }
    }

    /// Whether `p` is shown.
    pub fn contains(&self, p: Point) -> bool {
        (self.col_lo..=self.col_hi).contains(&p.col())
            && (self.row_lo..=self.row_hi).contains(&p.row())
    }

    fn width(&self) -> u8 {
        self.col_hi.saturating_sub(self.col_lo) + 1
    }

    fn height(&self) -> u8 {
        self.row_hi.saturating_sub(self.row_lo) + 1
    }
}

/// The geometry of a view's picture.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CropLayout {
    /// The view, already cut to the board.
    pub view: View,
    /// Points along a side of the whole board.
    pub n: u8,
    /// The longer side of the view, in points: the cell size depends on it alone.
    pub span: u8,
    pub cell: f32,
    /// Width of the grid lines (the board's edges one pixel heavier).
    pub line: f32,
    /// x of the view's first column, y of its top row.
    pub ox: f32,
    pub oy: f32,
    pub stone: f32,
    /// Height of the board part of the image; the caption strip is under it.
    pub board_h: u32,
}

impl CropLayout {
    /// The layout of `view` (cut to the board first) on a board of `size`.
    pub fn of(size: BoardSize, view: View) -> CropLayout {
        let view = view.on(size);
        let (w, h) = (view.width(), view.height());
        let span = w.max(h);
        let avail = BOARD_PX as f32 - 2.0 * COORD_BAND;
        let cell = (avail / (f32::from(span) - 1.0 + 2.0 * RUN_OUT))
            .floor()
            .min(MAX_CELL);
        let line = if cell >= 60.0 { 2.0 } else { 1.0 };
        let half = if line == 1.0 { 0.5 } else { 0.0 };
        let grid_w = cell * f32::from(w - 1);
        let grid_h = cell * f32::from(h - 1);
        let board_h = (2.0 * COORD_BAND + grid_h + 2.0 * RUN_OUT * cell)
            .ceil()
            .min(BOARD_PX as f32) as u32;
        CropLayout {
            view,
            n: size.get(),
            span,
            cell,
            line,
            ox: ((BOARD_PX as f32 - grid_w) / 2.0).floor() + half,
            oy: ((board_h as f32 - grid_h) / 2.0).floor() + half,
            stone: (cell * 0.48).max(2.0),
            board_h,
        }
    }

    /// x of a column of the view.
    pub fn x(&self, col: u8) -> f32 {
        self.ox + (f32::from(col) - f32::from(self.view.col_lo)) * self.cell
    }

    /// y of a row of the view (higher rows drawn higher).
    pub fn y(&self, row: u8) -> f32 {
        self.oy + (f32::from(self.view.row_hi) - f32::from(row)) * self.cell
    }

    /// The pixel centre of `p`, if the view shows it.
    pub fn center(&self, p: Point) -> Option<(f32, f32)> {
        (self.view.contains(p) && p.col() < self.n && p.row() < self.n)
            .then(|| (self.x(p.col()), self.y(p.row())))
    }

    /// Width and height of the whole image.
    pub fn image_size(&self) -> (u32, u32) {
        (BOARD_PX, self.board_h + CAPTION_PX)
    }
}

/// Width and height of the picture of `view` on a board of `size`.
pub fn crop_image_size(size: BoardSize, view: View) -> (u32, u32) {
    CropLayout::of(size, view).image_size()
}

/// The pixel centre of `p` in the picture of `view` on a board of `size`; `None` if the view
/// does not show it.
pub fn crop_point_center(size: BoardSize, view: View, p: Point) -> Option<(f32, f32)> {
    CropLayout::of(size, view).center(p)
}

/// Stone sprites per span of view (1 to 19 points), drawn on first use.
static SPRITES: [OnceLock<ByColor<Sprite>>; MAX_SIZE as usize] =
    [const { OnceLock::new() }; MAX_SIZE as usize];

fn sprites(l: &CropLayout) -> &'static ByColor<Sprite> {
    let i = usize::from(l.span.clamp(1, MAX_SIZE) - 1);
    SPRITES[i].get_or_init(|| ByColor::new_with(|c| assets::stone_sprite(c, l.stone, l.ox.fract())))
}

/// Draws the view of `board` with the stones and the overlays of `opts` (the picker's regions
/// belong to the whole board and are not drawn).
pub(crate) fn render_pixmap(board: &Board, opts: &super::RenderOptions, view: View) -> Pixmap {
    let size = board.size();
    let l = CropLayout::of(size, view);
    let mut pm = empty(&l, size);
    let sprites = sprites(&l);
    for p in size.all_points() {
        let (Some(color), Some((x, y))) = (board.get(p), l.center(p)) else {
            continue;
        };
        let sprite = &sprites[color];
        let (sx, sy) = (
            (x - sprite.offset).round() as i32,
            (y - sprite.offset).round() as i32,
        );
        if opts.dead.contains(&p) {
            assets::blit(&mut pm, &sprite.pixmap, sx, sy, 0.45);
        } else {
            sprite.draw(&mut pm, sx, sy);
        }
    }
    super::overlays(&mut pm, board, opts, l.cell, l.stone, &|p| l.center(p));
    super::caption_at(
        &mut pm,
        &opts.caption,
        l.board_h as f32 + CAPTION_PX as f32 / 2.0,
    );
    pm
}

/// The empty view: wood, the lines (edges heavier, cut sides running out), the star points,
/// the coordinates, the caption strip.
fn empty(l: &CropLayout, size: BoardSize) -> Pixmap {
    let (w, h) = l.image_size();
    let mut pm = assets::canvas(w, h);
    pm.fill(SkColor::from_rgba8(WOOD[0], WOOD[1], WOOD[2], 255));
    let strip_top = l.board_h as f32;
    if let Some(strip) = Rect::from_xywh(0.0, strip_top, w as f32, CAPTION_PX as f32) {
        pm.fill_rect(
            strip,
            &paint(assets::CAPTION_BG, 255),
            Transform::identity(),
            None,
        );
    }
    if let Some(edge) = Rect::from_xywh(0.0, strip_top, w as f32, 2.0) {
        pm.fill_rect(
            edge,
            &paint([150, 110, 45], 255),
            Transform::identity(),
            None,
        );
    }
    let v = l.view;
    let last = l.n - 1;
    let heavy = l.line + 1.0;
    let run = RUN_OUT * l.cell;
    // Where the lines end: on a real edge, at the outside of its heavy line; on a cut side,
    // past the last point shown.
    let top = if v.row_hi == last {
        l.y(v.row_hi) - heavy / 2.0
    } else {
        l.y(v.row_hi) - run
    };
    let bottom = if v.row_lo == 0 {
        l.y(0) + heavy / 2.0
    } else {
        l.y(v.row_lo) + run
    };
    let left = if v.col_lo == 0 {
        l.x(0) - heavy / 2.0
    } else {
        l.x(v.col_lo) - run
    };
    let right = if v.col_hi == last {
        l.x(last) + heavy / 2.0
    } else {
        l.x(v.col_hi) + run
    };
    let mut ink = paint(INK, 255);
    ink.anti_alias = false;
    let width = |i: u8| if i == 0 || i == last { heavy } else { l.line };
    for c in v.col_lo..=v.col_hi {
        let lw = width(c);
        let start = (l.x(c) - lw / 2.0).round();
        if let Some(r) = Rect::from_ltrb(start, top, start + lw, bottom) {
            pm.fill_rect(r, &ink, Transform::identity(), None);
        }
    }
    for r in v.row_lo..=v.row_hi {
        let lw = width(r);
        let start = (l.y(r) - lw / 2.0).round();
        if let Some(rect) = Rect::from_ltrb(left, start, right, start + lw) {
            pm.fill_rect(rect, &ink, Transform::identity(), None);
        }
    }
    let star_r = (l.cell * 0.085).max(2.5);
    for p in size.star_points() {
        if let Some((x, y)) = l.center(p)
            && let Some(dot) = PathBuilder::from_circle(x, y, star_r)
        {
            pm.fill_path(
                &dot,
                &paint(INK, 255),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }
    coordinates(&mut pm, l);
    pm
}

/// The letters of the columns shown above and below, the numbers of the rows shown left and
/// right, each in the band outside the lines' run-out.
fn coordinates(pm: &mut Pixmap, l: &CropLayout) {
    let px = 20.0;
    let color = [70, 48, 20, 255];
    let v = l.view;
    let out = RUN_OUT * l.cell + COORD_BAND / 2.0;
    let (above, below) = (l.y(v.row_hi) - out, l.y(v.row_lo) + out);
    let (left, right) = (l.x(v.col_lo) - out, l.x(v.col_hi) + out);
    for c in v.col_lo..=v.col_hi {
        let letter = column_letter(c).to_string();
        text::draw(pm, &letter, px, l.x(c), above, Align::Center, color);
        text::draw(pm, &letter, px, l.x(c), below, Align::Center, color);
    }
    for r in v.row_lo..=v.row_hi {
        let number = (u32::from(r) + 1).to_string();
        text::draw(pm, &number, px, left, l.y(r), Align::Center, color);
        text::draw(pm, &number, px, right, l.y(r), Align::Center, color);
    }
}
