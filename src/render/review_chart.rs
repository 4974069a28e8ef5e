//! A review's chart, as a PNG: Black's win rate after each move (filled dark where Black is
//! ahead, light where White is, as Go servers draw it), the score lead as a thin line on its own
//! scale where the engine gives one, and the largest swings marked with their move numbers. In
//! no language, like the board: only numbers and `%`.

use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::RenderError;
use super::chart::encode_rgba;
use super::text::{self, Align};

/// The image's size in pixels.
pub const REVIEW_CHART_WIDTH: u32 = 720;
pub const REVIEW_CHART_HEIGHT: u32 = 300;

const LEFT: f32 = 46.0;
const RIGHT: f32 = 46.0;
const TOP: f32 = 22.0;
const BOTTOM: f32 = 26.0;

const PAPER: [u8; 4] = [250, 247, 240, 255];
const INK: [u8; 4] = [60, 50, 40, 255];
const GRID: [u8; 4] = [215, 205, 190, 255];
const BLACK_FILL: [u8; 4] = [40, 40, 40, 150];
const WHITE_FILL: [u8; 4] = [255, 255, 255, 255];
const RATE: [u8; 4] = [30, 30, 30, 255];
const LEAD: [u8; 4] = [200, 90, 40, 255];
const MARK: [u8; 4] = [190, 40, 40, 255];

/// The chart of a reviewed game: `black_win_rates[k]` is Black's chance after `k` moves (0 to
/// 1, position 0 the start), `black_leads[k]` Black's lead in points if known, and `marks` the
/// move numbers to mark (the largest swings).
///
/// # Errors
/// The image cannot be made or encoded.
pub fn win_rate_chart(
    black_win_rates: &[f64],
    black_leads: &[Option<f64>],
    marks: &[usize],
) -> Result<Vec<u8>, RenderError> {
    let mut pm =
        Pixmap::new(REVIEW_CHART_WIDTH, REVIEW_CHART_HEIGHT).ok_or(RenderError::Size)?;
    let [r, g, b, a] = PAPER;
    pm.fill(Color::from_rgba8(r, g, b, a));
    let frame = Frame {
        x0: LEFT,
        x1: REVIEW_CHART_WIDTH as f32 - RIGHT,
        y0: TOP,
        y1: REVIEW_CHART_HEIGHT as f32 - BOTTOM,
        n: black_win_rates.len(),
    };
    frame.grid(&mut pm);
    frame.fill(&mut pm, black_win_rates);
    frame.rate_line(&mut pm, black_win_rates);
    frame.leads(&mut pm, black_leads);
    frame.marks(&mut pm, black_win_rates, marks);
    frame.axes(&mut pm);
    encode_rgba(&pm)
}

/// Where things go on the chart.
struct Frame {
    x0: f32,
    x1: f32,
    y0: f32,
    y1: f32,
    /// Positions drawn (moves + 1).
    n: usize,
}

impl Frame {
    /// The x of the position after `k` moves.
    fn x_of(&self, k: usize) -> f32 {
        if self.n <= 1 {
            return self.x0;
        }
        self.x0 + k as f32 / (self.n - 1) as f32 * (self.x1 - self.x0)
    }

    /// The y of a win rate (0 at the bottom, 1 at the top).
    fn y_of(&self, rate: f64) -> f32 {
        self.y1 - rate.clamp(0.0, 1.0) as f32 * (self.y1 - self.y0)
    }

    /// The 25, 50 and 75 % lines and their labels; the move numbers along the bottom.
    fn grid(&self, pm: &mut Pixmap) {
        for (rate, label) in [(0.0, "0%"), (0.25, "25%"), (0.5, "50%"), (0.75, "75%"), (1.0, "100%")]
        {
            let y = self.y_of(rate);
            let width = if rate == 0.5 { 1.5 } else { 1.0 };
            line(pm, (self.x0, y), (self.x1, y), GRID, width);
            text::draw(pm, label, 12.0, self.x0 - 6.0, y, Align::Right, INK);
        }
        let moves = self.n.saturating_sub(1);
        let step = match moves {
            0..=60 => 10,
            61..=150 => 25,
            _ => 50,
        };
        let mut k = 0;
        while k <= moves {
            let x = self.x_of(k);
            line(pm, (x, self.y1), (x, self.y1 + 4.0), INK, 1.0);
            let h = REVIEW_CHART_HEIGHT as f32;
            text::draw(pm, &k.to_string(), 12.0, x, h - 11.0, Align::Center, INK);
            k += step;
        }
    }

    /// Dark between the line and 50 % where Black is ahead, white where White is.
    fn fill(&self, pm: &mut Pixmap, rates: &[f64]) {
        if rates.len() < 2 {
            return;
        }
        let mid = self.y_of(0.5);
        for (colour, above) in [(BLACK_FILL, true), (WHITE_FILL, false)] {
            let mut pb = PathBuilder::new();
            pb.move_to(self.x_of(0), mid);
            for (k, &r) in rates.iter().enumerate() {
                let y = self.y_of(r);
                let y = if above { y.min(mid) } else { y.max(mid) };
                pb.line_to(self.x_of(k), y);
            }
            pb.line_to(self.x_of(rates.len() - 1), mid);
            pb.close();
            if let Some(path) = pb.finish() {
                pm.fill_path(
                    &path,
                    &paint(colour),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
        }
    }

    /// Black's win rate as a line.
    fn rate_line(&self, pm: &mut Pixmap, rates: &[f64]) {
        for k in 1..rates.len() {
            let a = (self.x_of(k - 1), self.y_of(rates[k - 1]));
            let b = (self.x_of(k), self.y_of(rates[k]));
            line(pm, a, b, RATE, 1.8);
        }
    }

    /// The lead on its own scale (± the largest lead, at least 10 points), labelled on the
    /// right; nothing when no position has one.
    fn leads(&self, pm: &mut Pixmap, leads: &[Option<f64>]) {
        let largest = leads
            .iter()
            .flatten()
            .fold(0.0f64, |m, &l| m.max(l.abs()))
            .max(10.0);
        if leads.iter().all(Option::is_none) {
            return;
        }
        let scale = (largest / 10.0).ceil() * 10.0;
        let y_of = |lead: f64| self.y_of(0.5 + lead / scale / 2.0);
        let mut previous: Option<(f32, f32)> = None;
        for (k, lead) in leads.iter().enumerate() {
            match lead {
                Some(l) => {
                    let here = (self.x_of(k), y_of(*l));
                    if let Some(p) = previous {
                        line(pm, p, here, LEAD, 1.2);
                    }
                    previous = Some(here);
                }
                None => previous = None,
            }
        }
        let x = self.x1 + 6.0;
        for (lead, label) in [
            (scale, format!("+{scale:.0}")),
            (0.0, "0".to_owned()),
            (-scale, format!("-{scale:.0}")),
        ] {
            text::draw(pm, &label, 12.0, x, y_of(lead), Align::Left, LEAD);
        }
    }

    /// A red tick and the move number at each marked move.
    fn marks(&self, pm: &mut Pixmap, rates: &[f64], marks: &[usize]) {
        for &k in marks {
            let Some(&rate) = rates.get(k) else {
                continue;
            };
            let (x, y) = (self.x_of(k), self.y_of(rate));
            line(pm, (x, self.y0), (x, self.y1), [190, 40, 40, 110], 1.0);
            if let Some(dot) = PathBuilder::from_circle(x, y, 3.5) {
                pm.fill_path(&dot, &paint(MARK), FillRule::Winding, Transform::identity(), None);
            }
            text::draw(pm, &k.to_string(), 12.0, x, self.y0 - 10.0, Align::Center, MARK);
        }
    }

    fn axes(&self, pm: &mut Pixmap) {
        line(pm, (self.x0, self.y1), (self.x1, self.y1), INK, 1.5);
        line(pm, (self.x0, self.y0), (self.x0, self.y1), INK, 1.5);
    }
}

fn paint(rgba: [u8; 4]) -> Paint<'static> {
    let mut paint = Paint {
        anti_alias: true,
        ..Paint::default()
    };
    paint.set_color_rgba8(rgba[0], rgba[1], rgba[2], rgba[3]);
    paint
}

fn line(pm: &mut Pixmap, a: (f32, f32), b: (f32, f32), rgba: [u8; 4], width: f32) {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    let Some(path) = pb.finish() else {
        return;
    };
    let stroke = Stroke {
        width,
        ..Stroke::default()
    };
    pm.stroke_path(&path, &paint(rgba), &stroke, Transform::identity(), None);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(png_bytes: &[u8], x: u32, y: u32) -> [u8; 3] {
        let img = image::load_from_memory(png_bytes).unwrap().to_rgb8();
        img.get_pixel(x, y).0
    }

    #[test]
    fn black_ahead_is_dark_and_white_ahead_is_light() {
        // Black leads for the first half, White for the second.
        let rates: Vec<f64> = (0..=100).map(|k| if k < 50 { 0.9 } else { 0.1 }).collect();
        let png = win_rate_chart(&rates, &[], &[50]).unwrap();
        let f = Frame {
            x0: LEFT,
            x1: REVIEW_CHART_WIDTH as f32 - RIGHT,
            y0: TOP,
            y1: REVIEW_CHART_HEIGHT as f32 - BOTTOM,
            n: rates.len(),
        };
        let early = f.x_of(20) as u32;
        let late = f.x_of(80) as u32;
        let above = f.y_of(0.7) as u32;
        let below = f.y_of(0.3) as u32;
        let dark = pixel(&png, early, above);
        assert!(dark[0] < 170, "Black's lead is shaded dark: {dark:?}");
        assert_eq!(pixel(&png, late, below), [255, 255, 255], "White's lead is white");
        assert_eq!(pixel(&png, early, below)[0], PAPER[0], "nothing below 50% while Black leads");
    }

    #[test]
    fn a_game_of_no_moves_draws_an_empty_frame() {
        let png = win_rate_chart(&[0.5], &[None], &[]).unwrap();
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!(
            (img.width(), img.height()),
            (REVIEW_CHART_WIDTH, REVIEW_CHART_HEIGHT)
        );
        assert!(win_rate_chart(&[], &[], &[3]).is_ok());
    }
}
