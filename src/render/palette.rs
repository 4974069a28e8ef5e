//! A 256-colour palette per board size, so the PNG is indexed: one byte a pixel instead of
//! three.
//!
//! Why: an RGB board of 19×19 with shaded stones is over 300 KB with fast deflate and still
//! over 100 KB with slow deflate; indexed, rows are a third as long, deflate's 32 KB window
//! then reaches the stones of the line above (identical sprites match as long runs), and the
//! image fits the 80 KB budget with the fastest settings.
//!
//! The palette is chosen once per size by median cut over a sample image that holds every
//! kind of pixel a board can show (wood, lines, both stones with their shading and shadows,
//! every marker, the labels, the caption). Pixels map to it through a lookup table on 6 bits
//! per channel, filled lazily: the first image pays for its few thousand distinct colours,
//! later ones only read the table.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, Ordering};

use tiny_skia::Pixmap;

/// Entries of a PNG palette.
const ENTRIES: usize = 256;
/// Marks a table slot not looked up yet.
const UNSET: u16 = u16::MAX;

/// A palette and its colour-to-index table.
pub(crate) struct Palette {
    /// RGB triples, at most 256.
    pub colors: Vec<[u8; 3]>,
    table: Vec<AtomicU16>,
}

impl Palette {
    /// Chooses up to 256 colours that represent the sample images' pixels.
    pub fn from_samples(samples: &[&Pixmap]) -> Palette {
        let mut hist: HashMap<[u8; 3], u32> = HashMap::new();
        for pm in samples {
            for px in pm.data().chunks_exact(4) {
                *hist.entry([px[0], px[1], px[2]]).or_insert(0) += 1;
            }
        }
        // Stones are grey: a fixed ramp of greys five levels apart keeps their shading smooth
        // even on the big stones of small boards, where median cut alone left visible rings.
        let greys: Vec<[u8; 3]> = (0..=255u8).step_by(5).map(|g| [g, g, g]).collect();
        let mut colors = median_cut(hist.into_iter().collect(), ENTRIES - greys.len());
        for g in greys {
            if !colors.contains(&g) {
                colors.push(g);
            }
        }
        Palette {
            colors,
            table: (0..1 << 18).map(|_| AtomicU16::new(UNSET)).collect(),
        }
    }

    /// The palette index closest to an opaque pixel.
    #[inline]
    pub fn index(&self, r: u8, g: u8, b: u8) -> u8 {
        let key = (usize::from(r >> 2) << 12) | (usize::from(g >> 2) << 6) | usize::from(b >> 2);
        let slot = &self.table[key];
        let v = slot.load(Ordering::Relaxed);
        if v != UNSET {
            return v as u8;
        }
        // The slot stands for a 4×4×4 block of colours: match its centre.
        let c = [(r & !3) | 2, (g & !3) | 2, (b & !3) | 2];
        let i = self.nearest(c);
        slot.store(u16::from(i), Ordering::Relaxed);
        i
    }

    /// Index of the palette colour nearest to `c`, by weighted squared distance (green
    /// counts most, as the eye sees it).
    fn nearest(&self, c: [u8; 3]) -> u8 {
        let mut best = (u32::MAX, 0u8);
        for (i, p) in self.colors.iter().enumerate() {
            let d = |a: u8, b: u8| {
                let x = i32::from(a) - i32::from(b);
                (x * x) as u32
            };
            let dist = 3 * d(c[0], p[0]) + 4 * d(c[1], p[1]) + 2 * d(c[2], p[2]);
            if dist < best.0 {
                best = (dist, i as u8);
            }
        }
        best.1
    }

    /// The palette as PNG's PLTE wants it.
    pub fn plte(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }
}

/// A box of colours with their pixel counts.
struct ColorBox {
    colors: Vec<([u8; 3], u32)>,
}

impl ColorBox {
    /// The widest channel and its extent.
    fn widest(&self) -> (usize, u8) {
        let mut best = (0, 0);
        for ch in 0..3 {
            let lo = self.colors.iter().map(|c| c.0[ch]).min().unwrap_or(0);
            let hi = self.colors.iter().map(|c| c.0[ch]).max().unwrap_or(0);
            if hi - lo > best.1 {
                best = (ch, hi - lo);
            }
        }
        best
    }

    /// The pixel-weighted mean colour.
    fn mean(&self) -> [u8; 3] {
        let total: u64 = self
            .colors
            .iter()
            .map(|c| u64::from(c.1))
            .sum::<u64>()
            .max(1);
        let mut out = [0u8; 3];
        for (ch, o) in out.iter_mut().enumerate() {
            let sum: u64 = self
                .colors
                .iter()
                .map(|c| u64::from(c.0[ch]) * u64::from(c.1))
                .sum();
            *o = ((sum + total / 2) / total) as u8;
        }
        out
    }
}

/// Median cut: split the box with the widest spread of colours (weighted a little by how
/// many pixels it holds) at its pixel median, until there are `entries` boxes.
fn median_cut(colors: Vec<([u8; 3], u32)>, entries: usize) -> Vec<[u8; 3]> {
    if colors.len() <= entries {
        return colors.into_iter().map(|c| c.0).collect();
    }
    let mut boxes = vec![ColorBox { colors }];
    while boxes.len() < entries {
        let pick = boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.colors.len() > 1)
            .max_by_key(|(_, b)| {
                let pixels: u64 = b.colors.iter().map(|c| u64::from(c.1)).sum();
                u64::from(b.widest().1) * u64::from(b.widest().1) * (pixels as f64).sqrt() as u64
            })
            .map(|(i, _)| i);
        let Some(i) = pick else {
            break;
        };
        let mut b = boxes.swap_remove(i);
        let (ch, _) = b.widest();
        b.colors.sort_unstable_by_key(|c| c.0[ch]);
        let total: u64 = b.colors.iter().map(|c| u64::from(c.1)).sum();
        let mut acc = 0u64;
        let mut cut = 1;
        for (j, c) in b.colors.iter().enumerate() {
            acc += u64::from(c.1);
            if acc * 2 >= total {
                cut = j.clamp(1, b.colors.len() - 1);
                // Keep colours of equal value on one side of the cut.
                break;
            }
        }
        let upper = b.colors.split_off(cut);
        boxes.push(b);
        boxes.push(ColorBox { colors: upper });
    }
    boxes.iter().map(ColorBox::mean).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_colours_are_kept_exactly() {
        let mut pm = super::super::assets::canvas(4, 4);
        pm.fill(tiny_skia::Color::from_rgba8(220, 179, 92, 255));
        let p = Palette::from_samples(&[&pm]);
        assert_eq!(p.colors[0], [220, 179, 92]);
        assert!(p.colors.len() <= ENTRIES);
        assert_eq!(p.index(220, 179, 92), 0);
    }
}
