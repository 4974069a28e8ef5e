//! What is drawn once per board size and then reused for every image: the stone sprites, the
//! empty board (wood, lines, star points, coordinates, region lines) and the region labels.
//!
//! A new image is then a copy of the empty board, a blit per stone and a few marks, which is
//! what keeps a render within a few milliseconds.

use std::sync::OnceLock;

use tiny_skia::{
    Color as SkColor, FillRule, GradientStop, LineCap, Paint, PathBuilder, Pixmap,
    Point as SkPoint, RadialGradient, Rect, Shader, SpreadMode, Stroke, StrokeDash, Transform,
};

use super::layout::{BOARD_PX, CAPTION_PX, Layout};
use super::palette::Palette;
use super::regions::{bands, regions};
use super::text::{self, Align};
use crate::go::{BoardSize, ByColor, Color, MAX_SIZE, MIN_SIZE, column_letter};

/// `x / 255` rounded, for `x` up to 255 × 255, without a division.
#[inline]
fn div255(x: u32) -> u32 {
    let x = x + 128;
    (x + (x >> 8)) >> 8
}

/// Kaya wood, the colour of OGS's and Sabaki's plain boards.
pub(crate) const WOOD: [u8; 3] = [220, 179, 92];
/// Grid lines and star points: a very dark brown, softer than pure black on the wood.
pub(crate) const INK: [u8; 3] = [38, 27, 14];
/// The caption strip: a darker cut of the same wood.
pub(crate) const CAPTION_BG: [u8; 3] = [196, 152, 70];
/// Region lines and labels: a muted red, apart from the ink of the grid.
pub(crate) const REGION: [u8; 3] = [168, 36, 24];

/// A stone drawn once: the pixmap, and where its centre lies inside it.
pub(crate) struct Sprite {
    pub pixmap: Pixmap,
    /// Offset from the sprite's top-left corner to the stone's centre, in whole pixels:
    /// the centre's fractional part equals the layout's, so blits need no resampling.
    pub offset: f32,
    /// Per row, the runs of pixels that are not transparent: `(start, end, opaque)`. An
    /// opaque run is copied whole, a translucent one blended, the rest skipped.
    pub spans: Vec<Vec<(usize, usize, bool)>>,
}

impl Sprite {
    fn new(pixmap: Pixmap, offset: f32) -> Sprite {
        let w = pixmap.width() as usize;
        let spans = pixmap
            .data()
            .chunks_exact(w * 4)
            .map(|row| {
                let mut runs: Vec<(usize, usize, bool)> = Vec::new();
                for (i, px) in row.chunks_exact(4).enumerate() {
                    if px[3] == 0 {
                        continue;
                    }
                    let opaque = px[3] == 255;
                    match runs.last_mut() {
                        Some(r) if r.1 == i && r.2 == opaque => r.1 = i + 1,
                        _ => runs.push((i, i + 1, opaque)),
                    }
                }
                runs
            })
            .collect();
        Sprite {
            pixmap,
            offset,
            spans,
        }
    }

    /// Draws the sprite fully opaque with its top-left corner at (`x`, `y`).
    pub fn draw(&self, dst: &mut Pixmap, x: i32, y: i32) {
        let (dw, dh) = (dst.width() as i32, dst.height() as i32);
        let (sw, sh) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        if x < 0 || y < 0 || x + sw > dw || y + sh > dh {
            // Partly outside the canvas: the general path clips.
            return blit(dst, &self.pixmap, x, y, 1.0);
        }
        let (sw, dw) = (sw as usize, dw as usize);
        let src = self.pixmap.data();
        let ddata = dst.data_mut();
        for (sy, runs) in self.spans.iter().enumerate() {
            let s_base = sy * sw * 4;
            let d_base = ((y as usize + sy) * dw + x as usize) * 4;
            for &(a, b, opaque) in runs {
                let s_run = &src[s_base + a * 4..s_base + b * 4];
                let d_run = &mut ddata[d_base + a * 4..d_base + b * 4];
                if opaque {
                    d_run.copy_from_slice(s_run);
                } else {
                    for (sp, dp) in s_run.chunks_exact(4).zip(d_run.chunks_exact_mut(4)) {
                        blend_px(sp, dp, 256);
                    }
                }
            }
        }
    }
}

/// A region label drawn once, and where its top-left corner goes.
pub(crate) struct Label {
    /// The text on the tag; tests check it against [`regions`].
    #[cfg_attr(not(test), allow(dead_code))]
    pub text: String,
    pub pixmap: Pixmap,
    pub x: i32,
    pub y: i32,
}

/// Everything prepared for one board size.
pub(crate) struct SizeAssets {
    pub layout: Layout,
    pub stones: ByColor<Sprite>,
    /// The empty board without and with the region grid.
    pub empty: [Pixmap; 2],
    pub labels: Vec<Label>,
}

/// Stones for the caption, the same at every size.
pub(crate) struct CaptionAssets {
    pub stones: ByColor<Sprite>,
}

const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;

static BY_SIZE: [OnceLock<SizeAssets>; SIZES] = [const { OnceLock::new() }; SIZES];
static CAPTION: OnceLock<CaptionAssets> = OnceLock::new();
static PALETTES: [OnceLock<Indexed>; SIZES] = [const { OnceLock::new() }; SIZES];

/// The palette of a size, and its empty boards already mapped to it.
pub(crate) struct Indexed {
    pub palette: Palette,
    /// Palette indices of `SizeAssets::empty`: a pixel still equal to the empty board's
    /// takes its index from here instead of the lookup.
    pub empty: [Vec<u8>; 2],
}

/// The palette of `size`, chosen on first use from sample images of that size.
pub(crate) fn palette(size: BoardSize) -> &'static Indexed {
    let i = usize::from(size.get().saturating_sub(MIN_SIZE)).min(SIZES - 1);
    PALETTES[i].get_or_init(|| {
        let samples = super::sample_images(size);
        let palette = Palette::from_samples(&samples.iter().collect::<Vec<_>>());
        let empty = for_size(size).empty.each_ref().map(|pm| {
            pm.data()
                .chunks_exact(4)
                .map(|px| palette.index(px[0], px[1], px[2]))
                .collect()
        });
        Indexed { palette, empty }
    })
}

/// Draws `src` (premultiplied) over `dst` with its top-left corner at (`x`, `y`), scaled by
/// `opacity`. A plain source-over loop: for small sprites it is several times quicker than
/// tiny-skia's general pipeline, and the sprites are already placed on whole pixels.
pub(crate) fn blit(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32, opacity: f32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let op = (opacity.clamp(0.0, 1.0) * 256.0) as u32;
    let sdata = src.data();
    let ddata = dst.data_mut();
    for sy in 0.max(-y)..sh.min(dh - y) {
        let dy = y + sy;
        let x0 = 0.max(-x);
        let x1 = sw.min(dw - x);
        if x0 >= x1 {
            continue;
        }
        let s_row = &sdata[((sy * sw + x0) * 4) as usize..((sy * sw + x1) * 4) as usize];
        let d_row =
            &mut ddata[((dy * dw + x + x0) * 4) as usize..((dy * dw + x + x1) * 4) as usize];
        if op == 256 {
            // Copy runs of opaque pixels (the stone's inside) in one go, blend the rest.
            let mut i = 0;
            let n = s_row.len() / 4;
            while i < n {
                let mut j = i;
                while j < n && s_row[j * 4 + 3] == 255 {
                    j += 1;
                }
                if j > i {
                    d_row[i * 4..j * 4].copy_from_slice(&s_row[i * 4..j * 4]);
                    i = j;
                    continue;
                }
                blend_px(&s_row[i * 4..i * 4 + 4], &mut d_row[i * 4..i * 4 + 4], 256);
                i += 1;
            }
        } else {
            for (s, d) in s_row.chunks_exact(4).zip(d_row.chunks_exact_mut(4)) {
                blend_px(s, d, op);
            }
        }
    }
}

/// Source-over of one premultiplied pixel scaled by `op` (256 = fully).
#[inline]
fn blend_px(s: &[u8], d: &mut [u8], op: u32) {
    let sa = (u32::from(s[3]) * op) >> 8;
    if sa == 0 {
        return;
    }
    let inv = 255 - sa;
    for k in 0..4 {
        let sc = (u32::from(s[k]) * op) >> 8;
        d[k] = (sc + div255(u32::from(d[k]) * inv)).min(255) as u8;
    }
}

/// The prepared assets of `size`, drawn on first use.
pub(crate) fn for_size(size: BoardSize) -> &'static SizeAssets {
    let i = usize::from(size.get().saturating_sub(MIN_SIZE)).min(SIZES - 1);
    BY_SIZE[i].get_or_init(|| SizeAssets::new(size))
}

/// The caption's stone icons, drawn on first use.
pub(crate) fn caption() -> &'static CaptionAssets {
    CAPTION.get_or_init(|| CaptionAssets {
        stones: ByColor::new_with(|c| stone_sprite(c, 11.0, 0.5)),
    })
}

/// A new transparent canvas. Every caller passes a size between 1 and a few thousand pixels,
/// which tiny-skia always accepts, so there is no error to hand back.
pub(crate) fn canvas(w: u32, h: u32) -> Pixmap {
    Pixmap::new(w.max(1), h.max(1)).expect("canvas sizes are small and non-zero")
}

pub(crate) fn paint(rgb: [u8; 3], alpha: u8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(rgb[0], rgb[1], rgb[2], alpha);
    p.anti_alias = true;
    p
}

impl SizeAssets {
    fn new(size: BoardSize) -> SizeAssets {
        let layout = Layout::of(size);
        let frac = layout.origin.fract();
        let stones = ByColor::new_with(|c| stone_sprite(c, layout.stone, frac));
        let plain = empty_board(size, &layout, false);
        let gridded = empty_board(size, &layout, true);
        SizeAssets {
            layout,
            stones,
            empty: [plain, gridded],
            labels: region_labels(size, &layout),
        }
    }
}

/// Draws one stone with its shading and a soft shadow, centred at a point whose fractional
/// part is `frac` (0.5 when the grid lines are 1 px, 0 when they are 2 px).
pub(crate) fn stone_sprite(color: Color, r: f32, frac: f32) -> Sprite {
    let offset = (r * 1.2).ceil() + 2.0;
    let side = (2.0 * offset + 2.0) as u32;
    let mut pm = canvas(side, side);
    let c = offset + frac;
    // The shadow: a little down and to the right, fading out.
    let (sx, sy) = (c + r * 0.06, c + r * 0.1);
    if let (Some(shadow), Some(disc)) = (
        RadialGradient::new(
            SkPoint::from_xy(sx, sy),
            0.0,
            SkPoint::from_xy(sx, sy),
            r * 1.08,
            vec![
                GradientStop::new(0.8, SkColor::from_rgba8(0, 0, 0, 90)),
                GradientStop::new(1.0, SkColor::from_rgba8(0, 0, 0, 0)),
            ],
            SpreadMode::Pad,
            Transform::identity(),
        ),
        PathBuilder::from_circle(sx, sy, r * 1.08),
    ) {
        let p = Paint {
            shader: shadow,
            anti_alias: true,
            ..Paint::default()
        };
        pm.fill_path(&disc, &p, FillRule::Winding, Transform::identity(), None);
    }
    // The stone: lit from the upper left, like a real slate or shell stone under a lamp.
    let stops = match color {
        Color::Black => vec![
            GradientStop::new(0.0, SkColor::from_rgba8(98, 98, 98, 255)),
            GradientStop::new(0.35, SkColor::from_rgba8(40, 40, 40, 255)),
            GradientStop::new(1.0, SkColor::from_rgba8(10, 10, 10, 255)),
        ],
        Color::White => vec![
            GradientStop::new(0.0, SkColor::from_rgba8(255, 255, 255, 255)),
            GradientStop::new(0.55, SkColor::from_rgba8(240, 240, 240, 255)),
            GradientStop::new(1.0, SkColor::from_rgba8(176, 176, 176, 255)),
        ],
    };
    let light = SkPoint::from_xy(c - r * 0.35, c - r * 0.4);
    let shader = RadialGradient::new(
        light,
        0.0,
        SkPoint::from_xy(c, c),
        r,
        stops,
        SpreadMode::Pad,
        Transform::identity(),
    )
    .unwrap_or(Shader::SolidColor(match color {
        Color::Black => SkColor::from_rgba8(20, 20, 20, 255),
        Color::White => SkColor::from_rgba8(240, 240, 240, 255),
    }));
    if let Some(disc) = PathBuilder::from_circle(c, c, r) {
        let p = Paint {
            shader,
            anti_alias: true,
            ..Paint::default()
        };
        pm.fill_path(&disc, &p, FillRule::Winding, Transform::identity(), None);
        if color == Color::White {
            // A hairline rim keeps a white stone apart from the light wood on a phone.
            let rim = Stroke {
                width: (r / 20.0).clamp(0.8, 1.5),
                ..Stroke::default()
            };
            pm.stroke_path(
                &disc,
                &paint([90, 85, 75], 110),
                &rim,
                Transform::identity(),
                None,
            );
        }
    }
    Sprite::new(pm, offset)
}

/// The empty board of `size`: wood, lines, star points, coordinates on all four sides, the
/// caption strip, and (when `gridded`) the faint lines between the picker's regions.
fn empty_board(size: BoardSize, l: &Layout, gridded: bool) -> Pixmap {
    let (w, h) = l.image_size();
    let mut pm = canvas(w, h);
    pm.fill(SkColor::from_rgba8(WOOD[0], WOOD[1], WOOD[2], 255));
    if let Some(strip) = Rect::from_xywh(0.0, BOARD_PX as f32, w as f32, CAPTION_PX as f32) {
        pm.fill_rect(strip, &paint(CAPTION_BG, 255), Transform::identity(), None);
    }
    if let Some(edge) = Rect::from_xywh(0.0, BOARD_PX as f32, w as f32, 2.0) {
        pm.fill_rect(
            edge,
            &paint([150, 110, 45], 255),
            Transform::identity(),
            None,
        );
    }
    let n = l.n;
    let (lo, hi) = (l.x(0), l.x(n - 1));
    // Grid lines: crisp, so drawn without anti-aliasing on pixel-aligned positions.
    let mut ink = paint(INK, 255);
    ink.anti_alias = false;
    for i in 0..n {
        let t = l.x(i);
        let edge = i == 0 || i == n - 1;
        let lw = if edge { l.line + 1.0 } else { l.line };
        let half = lw / 2.0;
        let (a, b) = (lo - (l.line + 1.0) / 2.0, hi + (l.line + 1.0) / 2.0);
        let start = (t - half).round();
        for r in [
            Rect::from_ltrb(start, a, start + lw, b),
            Rect::from_ltrb(a, start, b, start + lw),
        ]
        .into_iter()
        .flatten()
        {
            pm.fill_rect(r, &ink, Transform::identity(), None);
        }
    }
    let star_r = (l.cell * 0.085).max(2.5);
    for p in size.star_points() {
        let (x, y) = l.center(p);
        if let Some(dot) = PathBuilder::from_circle(x, y, star_r) {
            pm.fill_path(
                &dot,
                &paint(INK, 255),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }
    if gridded {
        region_lines(&mut pm, l);
    }
    coordinates(&mut pm, l);
    pm
}

/// Coordinates on all four sides: columns A–T without I, rows 1–N from the bottom.
fn coordinates(pm: &mut Pixmap, l: &Layout) {
    let px = if l.n > 15 { 17.0 } else { 19.0 };
    let inset = l.coord_inset();
    let far = BOARD_PX as f32 - inset;
    let color = [70, 48, 20, 255];
    for i in 0..l.n {
        let letter = column_letter(i).to_string();
        let x = l.x(i);
        text::draw(pm, &letter, px, x, inset, Align::Center, color);
        text::draw(pm, &letter, px, x, far, Align::Center, color);
        let number = (u32::from(i) + 1).to_string();
        let y = l.y(i);
        text::draw(pm, &number, px, inset, y, Align::Center, color);
        text::draw(pm, &number, px, far, y, Align::Center, color);
    }
}

/// Dashed lines halfway between the last line of one region and the first of the next,
/// running across the board and into the coordinate margins so the coordinates of each
/// block read off at a glance.
fn region_lines(pm: &mut Pixmap, l: &Layout) {
    let b = bands(l.n);
    let width = if l.cell >= 60.0 { 3.0 } else { 2.0 };
    let stroke = Stroke {
        width,
        line_cap: LineCap::Butt,
        dash: StrokeDash::new(vec![l.cell * 0.3, l.cell * 0.2], 0.0),
        ..Stroke::default()
    };
    let ext_lo = l.x(0) - l.cell * 0.5 - 10.0;
    let ext_hi = l.x(l.n - 1) + l.cell * 0.5 + 10.0;
    let color = paint(REGION, 150);
    for w in b.windows(2) {
        let cut = w[0].1;
        let x = l.x(cut) + l.cell / 2.0;
        // Rows count from the bottom, so the boundary above row `cut` is half a cell up.
        let y = l.y(cut) - l.cell / 2.0;
        let mut pb = PathBuilder::new();
        pb.move_to(x, ext_lo);
        pb.line_to(x, ext_hi);
        pb.move_to(ext_lo, y);
        pb.line_to(ext_hi, y);
        if let Some(path) = pb.finish() {
            pm.stroke_path(&path, &color, &stroke, Transform::identity(), None);
        }
    }
}

/// Each region's label on a light tag at the left end of its top boundary, drawn once per
/// size. The tags go over the stones (a label under a stone could not be read) but are small,
/// translucent and placed between rows of points, so no stone is hidden.
fn region_labels(size: BoardSize, l: &Layout) -> Vec<Label> {
    let regs = regions(size);
    if regs.len() < 2 {
        // A single block needs no map: the whole board is the one region button.
        return Vec::new();
    }
    let px = (l.cell * 0.37).clamp(12.0, 16.0);
    regs.iter()
        .map(|r| {
            let label = r.label();
            let tw = text::width(&label, px).ceil();
            let (w, h) = (tw + px * 0.7, (px * 1.35).round());
            let mut pm = canvas(w as u32, h as u32);
            if let Some(tag) = rounded_rect(0.0, 0.0, w, h, h * 0.3) {
                pm.fill_path(
                    &tag,
                    &paint([255, 246, 225], 165),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
            text::draw(
                &mut pm,
                &label,
                px,
                w / 2.0,
                h / 2.0,
                Align::Center,
                [REGION[0], REGION[1], REGION[2], 255],
            );
            // On the block's top boundary, from its left boundary: the tag then covers only
            // the rims of the stones above and below that line, never a stone's middle.
            let x = l.x(r.col_lo) - l.cell / 2.0 + 3.0;
            let y = l.y(r.row_hi) - l.cell / 2.0 - h / 2.0;
            Label {
                text: label,
                pixmap: pm,
                x: x.round() as i32,
                y: y.round() as i32,
            }
        })
        .collect()
}

/// A rectangle with rounded corners of radius `r`.
pub(crate) fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<tiny_skia::Path> {
    let r = r.min(w / 2.0).min(h / 2.0);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.quad_to(x + w, y, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.quad_to(x + w, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.quad_to(x, y + h, x, y + h - r);
    pb.line_to(x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
    pb.finish()
}
