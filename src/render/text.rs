//! Text on the board: coordinates, region labels, the caption.
//!
//! One bundled font (DejaVu Sans, licence in `assets/`), parsed once. Glyphs are rasterised by
//! ab_glyph and blended straight into the pixmap: tiny-skia draws no text of its own.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use tiny_skia::{Pixmap, PremultipliedColorU8};

/// The bundled font file; its licence is `assets/DejaVuSans.LICENSE`.
static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// The font, parsed on first use and kept for the life of the process.
pub(crate) static FONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    // The file is compiled in and tested (`the_bundled_font_parses`): it cannot fail at run time.
    FontRef::try_from_slice(FONT_BYTES).expect("the bundled DejaVu Sans parses")
});

/// Where a piece of text sits relative to the given x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
    Right,
}

/// The advance width of `text` at `px` pixels, kerning included.
pub(crate) fn width(text: &str, px: f32) -> f32 {
    let font = FONT.as_scaled(PxScale::from(px));
    let mut w = 0.0;
    let mut prev = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(p) = prev {
            w += font.kern(p, id);
        }
        w += font.h_advance(id);
        prev = Some(id);
    }
    w
}

/// Draws `text` so that the middle of its capitals sits on `cy`, aligned on `x`.
pub(crate) fn draw(
    pixmap: &mut Pixmap,
    text: &str,
    px: f32,
    x: f32,
    cy: f32,
    align: Align,
    rgba: [u8; 4],
) {
    let scale = PxScale::from(px);
    let font = FONT.as_scaled(scale);
    let w = width(text, px);
    let mut pen = match align {
        Align::Left => x,
        Align::Center => x - w / 2.0,
        Align::Right => x - w,
    };
    // DejaVu's capitals and digits are 0.729 em tall: centring them centres the label.
    let baseline = (cy + 0.729 * px / 2.0).round() as i32;
    let (pw, ph) = (pixmap.width() as i32, pixmap.height() as i32);
    let pixels = pixmap.pixels_mut();
    let mut prev = None;
    let mut cache = GLYPHS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(p) = prev {
            pen += font.kern(p, id);
        }
        let origin = pen.round() as i32;
        pen += font.h_advance(id);
        prev = Some(id);
        let glyph = cache
            .entry((c, px.to_bits()))
            .or_insert_with(|| Bitmap::rasterise(id, scale));
        for gy in 0..glyph.h {
            for gx in 0..glyph.w {
                let coverage = glyph.coverage[(gy * glyph.w + gx) as usize];
                if coverage == 0 {
                    continue;
                }
                let (x, y) = (origin + glyph.left + gx, baseline + glyph.top + gy);
                if x < 0 || y < 0 || x >= pw || y >= ph {
                    continue;
                }
                let i = (y * pw + x) as usize;
                let a = f32::from(coverage) / 255.0 * f32::from(rgba[3]) / 255.0;
                pixels[i] = blend(pixels[i], rgba, a);
            }
        }
    }
}

/// A glyph rasterised once at one size: coverage bytes, placed relative to the pen on the
/// baseline. Positions are rounded to whole pixels, which labels this small do not show.
struct Bitmap {
    left: i32,
    top: i32,
    w: i32,
    h: i32,
    coverage: Vec<u8>,
}

impl Bitmap {
    fn rasterise(id: ab_glyph::GlyphId, scale: PxScale) -> Bitmap {
        let glyph = id.with_scale_and_position(scale, point(0.0, 0.0));
        let Some(outline) = FONT.outline_glyph(glyph) else {
            return Bitmap {
                left: 0,
                top: 0,
                w: 0,
                h: 0,
                coverage: Vec::new(),
            };
        };
        let b = outline.px_bounds();
        let (w, h) = (b.width() as i32, b.height() as i32);
        let mut coverage = vec![0u8; (w.max(0) * h.max(0)) as usize];
        outline.draw(|x, y, c| {
            let i = (y as i32 * w + x as i32) as usize;
            if let Some(slot) = coverage.get_mut(i) {
                *slot = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
            }
        });
        Bitmap {
            left: b.min.x as i32,
            top: b.min.y as i32,
            w,
            h,
            coverage,
        }
    }
}

/// Glyphs already rasterised, by character and size: the caption's text is drawn for every
/// image, and rasterising it anew each time cost a quarter of a millisecond.
static GLYPHS: LazyLock<Mutex<HashMap<(char, u32), Bitmap>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// Source-over of a straight colour with opacity `a` onto a premultiplied pixel.
fn blend(dst: PremultipliedColorU8, rgba: [u8; 4], a: f32) -> PremultipliedColorU8 {
    let mix = |s: u8, d: u8| (f32::from(s) * a + f32::from(d) * (1.0 - a)).round() as u8;
    let out_a = (255.0 * a + f32::from(dst.alpha()) * (1.0 - a)).round() as u8;
    let (r, g, b) = (
        mix(rgba[0], dst.red()),
        mix(rgba[1], dst.green()),
        mix(rgba[2], dst.blue()),
    );
    // Premultiplied channels never exceed alpha; rounding could break that by one.
    PremultipliedColorU8::from_rgba(r.min(out_a), g.min(out_a), b.min(out_a), out_a).unwrap_or(dst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_parses_and_has_the_board_letters() {
        for c in "ABCDEFGHJKLMNOPQRST0123456789–+·#●○▶.".chars() {
            assert_ne!(FONT.glyph_id(c).0, 0, "no glyph for {c}");
        }
        assert!(width("A19", 20.0) > 20.0);
    }
}
