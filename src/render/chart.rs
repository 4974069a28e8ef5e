//! A player's rating over their ranked games, as a PNG: the rating after each game with its
//! ± deviation as a band, and the ranks it crossed as labelled lines (`5k`, `1d`), in no
//! language, like the board.

use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::RenderError;
use super::text::{self, Align};

/// The image's size in pixels.
pub const CHART_WIDTH: u32 = 640;
pub const CHART_HEIGHT: u32 = 320;

const LEFT: f32 = 52.0;
const RIGHT: f32 = 16.0;
const TOP: f32 = 16.0;
const BOTTOM: f32 = 28.0;

/// The chart of `points` (the rating and its deviation after each game, oldest first), with
/// the rank lines of `rank_of` (a rating to its rank value, 0 = 30 kyu, 30 = 1 dan) and
/// `rating_of` (the inverse). The latest rating is written beside its point; a single game is
/// a marked point with its band in the middle of the chart; no game, the empty frame.
///
/// # Errors
/// The image cannot be made or encoded.
pub fn rating_chart(
    points: &[(f64, f64)],
    rank_of: impl Fn(f64) -> f64,
    rating_of: impl Fn(f64) -> f64,
) -> Result<Vec<u8>, RenderError> {
    let mut pm = Pixmap::new(CHART_WIDTH, CHART_HEIGHT).ok_or(RenderError::Size)?;
    pm.fill(Color::from_rgba8(250, 247, 240, 255));
    let frame = Frame::new(points, &rank_of, &rating_of);
    frame.rank_lines(&mut pm, &rank_of, &rating_of);
    if !points.is_empty() {
        frame.band(&mut pm, points);
        frame.rating(&mut pm, points);
    }
    encode_rgba(&pm)
}

/// Where things go on the chart: the plotting area and the span of ratings it shows.
struct Frame {
    x0: f32,
    x1: f32,
    y0: f32,
    y1: f32,
    lo: f64,
    hi: f64,
    /// The number of points drawn.
    n: usize,
}

/// The ink of the axes and labels, and of the rating.
const INK: [u8; 4] = [60, 50, 40, 255];
const RATING: [u8; 4] = [40, 80, 150, 255];

impl Frame {
    /// The frame of `points`: every band shown, at least two ranks wide.
    fn new(
        points: &[(f64, f64)],
        rank_of: impl Fn(f64) -> f64,
        rating_of: impl Fn(f64) -> f64,
    ) -> Frame {
        let (w, h) = (CHART_WIDTH as f32, CHART_HEIGHT as f32);
        let mut lo = f64::INFINITY;
        let mut hi = f64::NEG_INFINITY;
        for &(r, d) in points {
            lo = lo.min(r - d);
            hi = hi.max(r + d);
        }
        if !lo.is_finite() {
            (lo, hi) = (1300.0, 1700.0);
        }
        let mid = (lo + hi) / 2.0;
        let min_span = rating_of(rank_of(mid) + 1.0) - rating_of(rank_of(mid) - 1.0);
        if hi - lo < min_span {
            (lo, hi) = (mid - min_span / 2.0, mid + min_span / 2.0);
        }
        Frame {
            x0: LEFT,
            x1: w - RIGHT,
            y0: TOP,
            y1: h - BOTTOM,
            lo,
            hi,
            n: points.len(),
        }
    }

    fn y_of(&self, r: f64) -> f32 {
        self.y1 - ((r - self.lo) / (self.hi - self.lo)) as f32 * (self.y1 - self.y0)
    }

    /// The x of game `i`: spread across the width, a single one in the middle.
    fn x_of(&self, i: usize) -> f32 {
        if self.n <= 1 {
            return (self.x0 + self.x1) / 2.0;
        }
        self.x0 + (i as f32 / (self.n - 1) as f32) * (self.x1 - self.x0)
    }

    /// Rank lines (every rank when few are shown, every fifth otherwise) and the axes.
    fn rank_lines(
        &self,
        pm: &mut Pixmap,
        rank_of: impl Fn(f64) -> f64,
        rating_of: impl Fn(f64) -> f64,
    ) {
        let (first, last) = (
            rank_of(self.lo).ceil() as i32,
            rank_of(self.hi).floor() as i32,
        );
        let step = if last - first > 8 { 5 } else { 1 };
        for rank in first..=last {
            if rank.rem_euclid(step) != 0 {
                continue;
            }
            let y = self.y_of(rating_of(f64::from(rank)));
            line(pm, (self.x0, y), (self.x1, y), [200, 190, 175, 255], 1.0);
            let label = if rank < 30 {
                format!("{}k", 30 - rank)
            } else {
                format!("{}d", rank - 29)
            };
            text::draw(pm, &label, 13.0, self.x0 - 6.0, y, Align::Right, INK);
        }
        line(pm, (self.x0, self.y1), (self.x1, self.y1), INK, 1.5);
        line(pm, (self.x0, self.y0), (self.x0, self.y1), INK, 1.5);
    }

    /// The band of ± deviation: a shape through every game, or a bar around a single one
    /// (a shape of no width fills nothing).
    fn band(&self, pm: &mut Pixmap, points: &[(f64, f64)]) {
        let mut band = PathBuilder::new();
        if let [(r, d)] = points {
            let x = self.x_of(0);
            let bar =
                tiny_skia::Rect::from_ltrb(x - 14.0, self.y_of(r + d), x + 14.0, self.y_of(r - d));
            // No bar for a deviation of nothing: there is no band to show.
            if let Some(bar) = bar {
                band.push_rect(bar);
            }
        } else {
            for (i, &(r, d)) in points.iter().enumerate() {
                let (x, y) = (self.x_of(i), self.y_of(r + d));
                if i == 0 {
                    band.move_to(x, y);
                } else {
                    band.line_to(x, y);
                }
            }
            for (i, &(r, d)) in points.iter().enumerate().rev() {
                band.line_to(self.x_of(i), self.y_of(r - d));
            }
            band.close();
        }
        if let Some(path) = band.finish() {
            let mut paint = Paint {
                anti_alias: true,
                ..Paint::default()
            };
            paint.set_color_rgba8(120, 150, 200, 70);
            pm.fill_path(
                &path,
                &paint,
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }

    /// The rating itself: a line through the games, a dot a game, the games counted under
    /// the axis and the latest rating written beside its dot.
    fn rating(&self, pm: &mut Pixmap, points: &[(f64, f64)]) {
        for i in 1..points.len() {
            let a = (self.x_of(i - 1), self.y_of(points[i - 1].0));
            let b = (self.x_of(i), self.y_of(points[i].0));
            line(pm, a, b, RATING, 2.5);
        }
        let mut paint = Paint {
            anti_alias: true,
            ..Paint::default()
        };
        let [r, g, b, a] = RATING;
        paint.set_color_rgba8(r, g, b, a);
        for (i, &(r, _)) in points.iter().enumerate() {
            if let Some(dot) = PathBuilder::from_circle(self.x_of(i), self.y_of(r), 4.0) {
                pm.fill_path(&dot, &paint, FillRule::Winding, Transform::identity(), None);
            }
        }
        let h = CHART_HEIGHT as f32;
        text::draw(pm, "1", 13.0, self.x_of(0), h - 12.0, Align::Center, INK);
        let last = points.len() - 1;
        if last > 0 {
            let games = points.len().to_string();
            text::draw(pm, &games, 13.0, self.x1, h - 12.0, Align::Center, INK);
        }
        let (x, y) = (self.x_of(last), self.y_of(points[last].0));
        let value = format!("{:.0}", points[last].0);
        if last == 0 {
            text::draw(pm, &value, 14.0, x + 20.0, y, Align::Left, RATING);
        } else {
            text::draw(pm, &value, 14.0, x - 8.0, y - 14.0, Align::Right, RATING);
        }
    }
}

fn line(pm: &mut Pixmap, a: (f32, f32), b: (f32, f32), rgba: [u8; 4], width: f32) {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    let Some(path) = pb.finish() else {
        return;
    };
    let mut paint = Paint {
        anti_alias: true,
        ..Paint::default()
    };
    paint.set_color_rgba8(rgba[0], rgba[1], rgba[2], rgba[3]);
    let stroke = Stroke {
        width,
        ..Stroke::default()
    };
    pm.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
}

/// A pixmap as an RGB PNG (the chart is opaque).
pub(super) fn encode_rgba(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let rgb: Vec<u8> = pm
        .data()
        .chunks_exact(4)
        .flat_map(|px| [px[0], px[1], px[2]])
        .collect();
    let mut out = Vec::with_capacity(32 * 1024);
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rank_of(r: f64) -> f64 {
        (r.max(1.0) / 525.0).ln() * 23.15
    }

    fn rating_of(v: f64) -> f64 {
        525.0 * (v / 23.15).exp()
    }

    fn decode(png_bytes: &[u8]) -> (u32, u32) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        (info.width, info.height)
    }

    /// The chart's pixels, RGB.
    fn pixels(png_bytes: &[u8]) -> Vec<[u8; 3]> {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        buf[..frame.buffer_size()]
            .chunks_exact(3)
            .map(|p| [p[0], p[1], p[2]])
            .collect()
    }

    /// How many pixels are within a few levels of `rgb`.
    fn count_near(pixels: &[[u8; 3]], rgb: [u8; 3]) -> usize {
        pixels
            .iter()
            .filter(|p| p.iter().zip(rgb).all(|(a, b)| a.abs_diff(b) <= 6))
            .count()
    }

    /// The band's colour over the background, and the rating's own.
    const BAND: [u8; 3] = [214, 220, 229];
    const DOT: [u8; 3] = [40, 80, 150];

    #[test]
    fn a_single_game_draws_its_band_and_its_marked_point() {
        let png = rating_chart(&[(1620.0, 240.0)], rank_of, rating_of).unwrap();
        let px = pixels(&png);
        assert!(
            count_near(&px, BAND) > 500,
            "the ± deviation shows as a band: {} pixels",
            count_near(&px, BAND)
        );
        assert!(count_near(&px, DOT) > 20, "the rating shows as a point");
    }

    #[test]
    fn a_history_draws_as_a_png_of_the_charts_size() {
        let history: Vec<(f64, f64)> = (0..30)
            .map(|i| (1500.0 + 8.0 * f64::from(i), 350.0 - 9.0 * f64::from(i)))
            .collect();
        let png = rating_chart(&history, rank_of, rating_of).unwrap();
        assert_eq!(decode(&png), (CHART_WIDTH, CHART_HEIGHT));
        for few in [&history[..1], &[][..]] {
            let png = rating_chart(few, rank_of, rating_of).unwrap();
            assert_eq!(decode(&png), (CHART_WIDTH, CHART_HEIGHT));
        }
    }
}
