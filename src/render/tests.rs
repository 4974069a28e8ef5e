//! Images decoded and probed at known pixels (DESIGN.md, Testing).

use image::RgbImage;

use super::*;
use crate::go::{Game, RuleSet};

fn size(n: u8) -> BoardSize {
    BoardSize::new(n).expect("a supported size")
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory(png)
        .expect("our PNG decodes")
        .to_rgb8()
}

fn at(img: &RgbImage, (x, y): (f32, f32)) -> [u8; 3] {
    img.get_pixel(x.floor() as u32, y.floor() as u32).0
}

fn close(a: [u8; 3], b: [u8; 3], tol: i32) -> bool {
    a.iter()
        .zip(b)
        .all(|(&x, y)| (i32::from(x) - i32::from(y)).abs() <= tol)
}

fn pt(s: BoardSize, text: &str) -> Point {
    s.parse_point(text).expect("a point of the board")
}

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("a valid diagram")
}

const NINE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . O . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . X . . . X . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn stones_lines_and_wood_where_the_position_has_them() {
    let b = board(NINE);
    let s = b.size();
    let img = decode(&render_png(&b, &RenderOptions::default()).expect("renders"));
    let l = layout::Layout::of(s);
    let black = at(&img, point_center(s, pt(s, "C3")));
    assert!(
        black.iter().all(|&c| c < 80),
        "black stone at C3: {black:?}"
    );
    let (x, y) = point_center(s, pt(s, "C7"));
    let white = at(&img, (x + l.stone * 0.2, y + l.stone * 0.2));
    assert!(
        white.iter().all(|&c| c > 200),
        "white stone at C7: {white:?}"
    );
    // An empty intersection shows the line colour; the middle of a square shows the wood.
    let line = at(&img, point_center(s, pt(s, "E5")));
    assert!(close(line, assets::INK, 12), "line at E5: {line:?}");
    let (x, y) = point_center(s, pt(s, "E5"));
    let wood = at(&img, (x + l.cell / 2.0, y + l.cell / 2.0));
    assert!(
        close(wood, assets::WOOD, 6),
        "wood between E5 and F4: {wood:?}"
    );
    // Star points are drawn at their places: a dot fills more than the line width.
    let (x, y) = point_center(s, pt(s, "E5"));
    let dot = at(&img, (x + l.cell * 0.04, y + l.cell * 0.04));
    assert!(close(dot, assets::INK, 20), "star point at tengen: {dot:?}");
    let (x, y) = point_center(s, pt(s, "D5"));
    let no_dot = at(&img, (x + l.cell * 0.06, y + l.cell * 0.06));
    assert!(
        close(no_dot, assets::WOOD, 10),
        "no star point at D5: {no_dot:?}"
    );
}

#[test]
fn the_last_move_ring_contrasts_with_its_stone() {
    let b = board(NINE);
    let s = b.size();
    let l = layout::Layout::of(s);
    for (p, bright) in [("G3", true), ("C7", false)] {
        let opts = RenderOptions {
            ownership: Vec::new(),
            last_move: Some(pt(s, p)),
            ..RenderOptions::default()
        };
        let img = decode(&render_png(&b, &opts).expect("renders"));
        let (x, y) = point_center(s, pt(s, p));
        let ring = at(&img, (x + l.stone * 0.5, y));
        if bright {
            assert!(ring.iter().all(|&c| c > 200), "ring on black {p}: {ring:?}");
        } else {
            assert!(ring.iter().all(|&c| c < 60), "ring on white {p}: {ring:?}");
        }
        let plain = decode(&render_png(&b, &RenderOptions::default()).expect("renders"));
        assert_ne!(
            at(&plain, (x + l.stone * 0.5, y)),
            ring,
            "{p} without a marker"
        );
    }
}

#[test]
fn a_ko_point_is_marked_with_a_square() {
    // Black takes at C3; White may not retake at B3 at once.
    let setup = board(
        "
        . . . . .
        . X O . .
        X O . O .
        . X O . .
        . . . . .",
    );
    let mut game = Game::from_setup(setup, Color::Black, RuleSet::Classic.rules());
    let s = game.size();
    game.play(Move::Play(pt(s, "C3"))).expect("legal capture");
    let opts = RenderOptions::for_game(&game);
    assert_eq!(opts.ko, Some(pt(s, "B3")));
    assert_eq!(opts.last_move, Some(pt(s, "C3")));
    assert_eq!(opts.caption.captures.map(|c| c.black), Some(1));
    let img = decode(&render_game(&game, false).expect("renders"));
    let l = layout::Layout::of(s);
    let (x, y) = point_center(s, pt(s, "B3"));
    let edge = at(&img, (x + l.cell * 0.24, y + l.cell * 0.1));
    assert!(close(edge, assets::INK, 40), "ko square edge: {edge:?}");
    let inside = at(&img, (x + l.cell * 0.1, y + l.cell * 0.1));
    assert!(
        close(inside, assets::WOOD, 10),
        "inside the ko square: {inside:?}"
    );
}

#[test]
fn dead_stones_and_territory_are_marked() {
    let b = board(
        "
        . X O . .
        . X O . X
        X X O . .
        . X O O O
        . X O . .",
    );
    let s = b.size();
    let game = Game::from_setup(b.clone(), Color::Black, RuleSet::Classic.rules());
    let dead = vec![pt(s, "E4")];
    let count = game.count(&dead);
    let opts = RenderOptions::default().with_count(&count, &dead);
    assert!(opts.territory.contains(&(pt(s, "A1"), Color::Black)));
    assert!(opts.territory.contains(&(pt(s, "E5"), Color::White)));
    assert!(
        opts.caption
            .score
            .as_deref()
            .is_some_and(|t| t.contains("W+"))
    );
    let img = decode(&render_png(&b, &opts).expect("renders"));
    let l = layout::Layout::of(s);
    let black_t = at(&img, point_center(s, pt(s, "A1")));
    assert!(
        black_t.iter().all(|&c| c < 40),
        "black territory at A1: {black_t:?}"
    );
    let white_t = at(&img, point_center(s, pt(s, "E5")));
    assert!(
        white_t.iter().all(|&c| c > 230),
        "white territory at E5: {white_t:?}"
    );
    let (x, y) = point_center(s, pt(s, "E4"));
    let cross = at(&img, (x + l.cell * 0.17, y + l.cell * 0.17));
    assert!(
        cross[0] > 150 && cross[1] < 90,
        "red cross on the dead stone: {cross:?}"
    );
}

#[test]
fn every_size_is_the_same_canvas_and_small() {
    for n in 5..=19 {
        let s = size(n);
        // A busy board: stones on four points of five, both colours, the board message's
        // overlays.
        let mut b = Board::new(s);
        b.set_stones(s.all_points().map(|p| {
            let v = (u32::from(p.col()) * 7 + u32::from(p.row()) * 3) % 5;
            (
                p,
                [
                    Some(Color::Black),
                    Some(Color::White),
                    Some(Color::Black),
                    Some(Color::White),
                    None,
                ][v as usize],
            )
        }));
        let opts = RenderOptions {
            ownership: Vec::new(),
            last_move: s.all_points().find(|&p| b.get(p).is_some()),
            show_regions: true,
            caption: Caption {
                captures: Some(ByColor {
                    black: 12,
                    white: 30,
                }),
                move_number: Some(200),
                to_move: Some(Color::Black),
                score: None,
            },
            ..RenderOptions::default()
        };
        let png = render_png(&b, &opts).expect("renders");
        assert!(png.len() <= 80 * 1024, "{s}: {} bytes", png.len());
        let img = decode(&png);
        assert_eq!((img.width(), img.height()), image_size(s), "{s}");
        assert_eq!(image_size(s), (720, 776));
    }
}

#[test]
fn region_labels_and_lines_follow_the_region_function() {
    for n in [5, 9, 13, 19] {
        let s = size(n);
        let regs = regions(s);
        let a = assets::for_size(s);
        let l = &a.layout;
        if regs.len() == 1 {
            assert!(a.labels.is_empty(), "one region needs no label");
            continue;
        }
        assert_eq!(a.labels.len(), regs.len());
        let empty = Board::new(s);
        let with = decode(
            &render_png(
                &empty,
                &RenderOptions {
                    ownership: Vec::new(),
                    show_regions: true,
                    ..RenderOptions::default()
                },
            )
            .expect("renders"),
        );
        let without = decode(&render_png(&empty, &RenderOptions::default()).expect("renders"));
        for (r, label) in regs.iter().zip(&a.labels) {
            assert_eq!(label.text, r.label());
            // The tag sits on its region's top boundary, at the block's left end.
            let left = l.x(r.col_lo) - l.cell / 2.0;
            let top = l.y(r.row_hi) - l.cell / 2.0;
            let mid = label.y as f32 + label.pixmap.height() as f32 / 2.0;
            assert!((label.x as f32) >= left && (label.x as f32) < left + l.cell / 2.0);
            assert!(
                (mid - top).abs() <= 1.0,
                "{s} {}: tag at {mid}, line at {top}",
                r.label()
            );
            let probe = (
                (label.x + 2) as f32,
                (label.y as f32) + label.pixmap.height() as f32 / 2.0,
            );
            assert_ne!(
                at(&with, probe),
                at(&without, probe),
                "{s} {}: no tag",
                r.label()
            );
        }
        // A region line crosses the board halfway between two bands of columns.
        let cut = regions::bands(n)[0].1;
        let x = l.x(cut) + l.cell / 2.0;
        let reddish = (0..l.cell as u32)
            .map(|dy| at(&with, (x, l.y(n / 2) + dy as f32)))
            .any(|p| p[0] > p[1] + 60);
        assert!(
            reddish,
            "{s}: no region line between columns {} and {}",
            cut + 1,
            cut + 2
        );
    }
}

#[test]
fn the_caption_reads_captures_and_turn() {
    let s = size(9);
    let opts = RenderOptions {
        ownership: Vec::new(),
        caption: Caption {
            captures: Some(ByColor { black: 3, white: 5 }),
            move_number: Some(42),
            to_move: Some(Color::White),
            score: None,
        },
        ..RenderOptions::default()
    };
    let img = decode(&render_png(&Board::new(s), &opts).expect("renders"));
    // The black icon of the captures sits at the left of the strip.
    let icon = at(&img, (33.0, layout::caption_mid()));
    assert!(
        icon.iter().all(|&c| c < 90),
        "black caption stone: {icon:?}"
    );
    // Text is drawn on the right.
    let right_text = (600..700).any(|x| {
        at(&img, (x as f32, layout::caption_mid()))
            .iter()
            .all(|&c| c < 100)
    });
    assert!(right_text, "move and turn at the right of the caption");
}

#[test]
fn prepared_sizes_render_the_same_image() {
    let s = size(7);
    prepare(s);
    let b = Board::new(s);
    let one = render_png(&b, &RenderOptions::default()).expect("renders");
    let two = render_png(&b, &RenderOptions::default()).expect("renders");
    assert_eq!(one, two, "images are deterministic");
}

#[test]
fn the_palette_keeps_the_main_colours_exact() {
    let p = &assets::palette(size(19)).palette;
    for c in [assets::WOOD, assets::INK] {
        let i = p.index(c[0], c[1], c[2]);
        assert!(
            close(p.colors[usize::from(i)], c, 3),
            "{c:?} became {:?}",
            p.colors[usize::from(i)]
        );
    }
}

/// Long: a by-hand tuning aid that times each stage of a render in turn and prints the table;
/// it asserts nothing, and splitting it would only scatter the stages it compares.
#[test]
#[ignore = "timing breakdown for tuning; run by hand"]
fn timing_breakdown() {
    use std::time::Instant;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/go-records/9x9_pro/Cho_Hunhyun_011223.sgf"
    );
    for file in [
        path.to_string(),
        path.replace(
            "9x9_pro/Cho_Hunhyun_011223",
            "alphago/01-2016.12.29-Magist-Pan_Tingyu",
        ),
    ] {
        let rec = crate::go::sgf::Record::from_bytes(&std::fs::read(&file).expect("record"))
            .expect("parses");
        let g = rec.replay(RuleSet::Classic.rules()).expect("replays").game;
        let mut opts = RenderOptions::for_game(&g);
        opts.show_regions = true;
        let s = g.size();
        let a = assets::for_size(s);
        let pal = assets::palette(s);
        let e = &a.empty[1];
        let n = 50;
        let t = Instant::now();
        for _ in 0..n {
            std::hint::black_box(a.empty[1].clone());
        }
        let clone = t.elapsed() / n;
        let t = Instant::now();
        for _ in 0..n {
            std::hint::black_box(render_pixmap(g.board(), &opts));
        }
        let draw = t.elapsed() / n;
        let mut pm = a.empty[1].clone();
        let t = Instant::now();
        for _ in 0..n {
            caption(&mut pm, &opts.caption);
        }
        let cap = t.elapsed() / n;
        let pm = render_pixmap(g.board(), &opts);
        let t = Instant::now();
        for _ in 0..n {
            std::hint::black_box(encode(&pm, &pal.palette, e, &pal.empty[1]).expect("encodes"));
        }
        let enc = t.elapsed() / n;
        let t = Instant::now();
        for _ in 0..n {
            let v: Vec<u8> = pm
                .data()
                .chunks_exact(4)
                .map(|px| pal.palette.index(px[0], px[1], px[2]))
                .collect();
            std::hint::black_box(v);
        }
        let map = t.elapsed() / n;
        eprintln!(
            "{s}: clone {clone:?} draw {draw:?} (caption {cap:?}) encode {enc:?} (map {map:?})"
        );
        // CPU time of this thread, which other processes' load does not inflate.
        let cpu = || -> u64 {
            std::fs::read_to_string("/proc/thread-self/schedstat")
                .ok()
                .and_then(|t| t.split_whitespace().next()?.parse().ok())
                .unwrap_or(0)
        };
        let c0 = cpu();
        for _ in 0..n {
            std::hint::black_box(render_pixmap(g.board(), &opts));
        }
        let c1 = cpu();
        for _ in 0..n {
            std::hint::black_box(render_png(g.board(), &opts).expect("renders"));
        }
        let c2 = cpu();
        let indices: Vec<u8> = pm
            .pixels()
            .iter()
            .map(|p| pal.palette.index(p.red(), p.green(), p.blue()))
            .collect();
        let c3 = cpu();
        for _ in 0..n {
            std::hint::black_box(encode(&pm, &pal.palette, e, &pal.empty[1]).expect("encodes"));
        }
        eprintln!(
            "{s}: encode alone: {:.2} ms CPU",
            (cpu() - c3) as f64 / f64::from(n) / 1e6
        );
        for lvl in [1u8, 2] {
            let c = cpu();
            let mut size = 0;
            for _ in 0..n {
                let mut out = Vec::new();
                let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
                enc.set_color(png::ColorType::Indexed);
                enc.set_palette(pal.palette.plte());
                enc.set_deflate_compression(png::DeflateCompression::Level(lvl));
                enc.set_filter(png::Filter::NoFilter);
                let mut w = enc.write_header().expect("header");
                w.write_image_data(&indices).expect("data");
                w.finish().expect("finish");
                size = out.len();
            }
            eprintln!(
                "{s}: deflate level {lvl} alone: {:.2} ms CPU, {size} bytes",
                (cpu() - c) as f64 / f64::from(n) / 1e6
            );
        }
        let _ = c3;
        let ms = |d: u64| d as f64 / f64::from(n) / 1e6;
        eprintln!(
            "{s}: CPU time: draw {:.2} ms, draw + encode {:.2} ms",
            ms(c1 - c0),
            ms(c2 - c1)
        );
    }
}

#[test]
fn a_team_s_votes_are_blue_discs_with_white_counts_on_empty_points_only() {
    let b = board(NINE);
    let s = b.size();
    let l = layout::Layout::of(s);
    let opts = RenderOptions {
        ownership: Vec::new(),
        // E5 has three votes; C3 holds a stone, so a vote there (impossible) is not drawn.
        votes: vec![(pt(s, "E5"), 3), (pt(s, "C3"), 1)],
        ..RenderOptions::default()
    };
    let img = decode(&render_png(&b, &opts).expect("renders"));
    let (x, y) = point_center(s, pt(s, "E5"));
    // The disc's rim is blue; somewhere on the digit the pixels are white.
    let rim = at(&img, (x + l.cell * 0.3, y));
    assert!(close(rim, [32, 96, 200], 24), "blue rim at E5: {rim:?}");
    let white = (-8..=8)
        .flat_map(|dx| (-8..=8).map(move |dy| (dx, dy)))
        .map(|(dx, dy)| at(&img, (x + dx as f32, y + dy as f32)))
        .filter(|p| p.iter().all(|&c| c > 220))
        .count();
    assert!(white > 5, "the count is drawn in white: {white} pixels");
    let stone = at(&img, point_center(s, pt(s, "C3")));
    assert!(
        stone.iter().all(|&c| c < 80),
        "the stone, unmarked: {stone:?}"
    );
}

/// The bent three of the problems' tests: White's corner group, Black to kill at A1.
fn corner_problem() -> Board {
    let s = size(19);
    let mut b = Board::new(s);
    let black = ["A4", "B4", "C4", "C3", "D3", "D2", "D1"];
    let white = ["A3", "B3", "B2", "C2", "C1"];
    b.set_stones(
        black
            .iter()
            .map(|t| (pt(s, t), Some(Color::Black)))
            .chain(white.iter().map(|t| (pt(s, t), Some(Color::White)))),
    );
    b
}

/// The 7×7 lower-left corner.
const CORNER: View = View {
    col_lo: 0,
    col_hi: 6,
    row_lo: 0,
    row_hi: 6,
};

fn viewed(opts: RenderOptions) -> RenderOptions {
    RenderOptions {
        ownership: Vec::new(),
        view: Some(CORNER),
        ..opts
    }
}

fn crop_center(s: BoardSize, text: &str) -> (f32, f32) {
    crop_point_center(s, CORNER, pt(s, text)).expect("the corner shows the point")
}

#[test]
fn a_corner_view_fills_the_picture_with_larger_points() {
    let b = corner_problem();
    let s = b.size();
    let png = render_png(&b, &viewed(RenderOptions::default())).expect("renders");
    assert!(png.len() <= 80 * 1024, "{} bytes", png.len());
    let img = decode(&png);
    assert_eq!((img.width(), img.height()), crop_image_size(s, CORNER));
    assert_eq!(img.width(), 720);
    assert!((700..=776).contains(&img.height()), "{}", img.height());
    let (x0, y0) = crop_center(s, "A1");
    let (x1, y1) = crop_center(s, "B2");
    let cell = x1 - x0;
    assert_eq!(y0 - y1, cell, "square cells, row 1 lowest");
    let whole = layout::Layout::of(s).cell;
    assert!(cell > 2.5 * whole, "cells of {cell} px against {whole}");
    assert!(crop_point_center(s, CORNER, pt(s, "H8")).is_none());
    // Stones fill their larger points.
    let (x, y) = crop_center(s, "D1");
    let black = at(&img, (x + cell * 0.3, y));
    assert!(black.iter().all(|&c| c < 90), "black at D1: {black:?}");
    let (x, y) = crop_center(s, "A3");
    let white = at(&img, (x + cell * 0.2, y + cell * 0.2));
    assert!(white.iter().all(|&c| c > 180), "white at A3: {white:?}");
    // The board's edges end at their line; the cut sides' lines run out past the last point.
    let (x, y) = crop_center(s, "A6");
    let outside = at(&img, (x - cell * 0.3, y));
    assert!(close(outside, assets::WOOD, 8), "left of A6: {outside:?}");
    let (x, y) = crop_center(s, "G6");
    let run_out = at(&img, (x + cell * 0.3, y));
    assert!(close(run_out, assets::INK, 12), "right of G6: {run_out:?}");
    let (x, y) = crop_center(s, "E7");
    let run_out = at(&img, (x, y - cell * 0.3));
    assert!(close(run_out, assets::INK, 12), "above E7: {run_out:?}");
    let (x, y) = crop_center(s, "F1");
    let below = at(&img, (x, y + cell * 0.3));
    assert!(close(below, assets::WOOD, 8), "below F1: {below:?}");
    // The corner's star point, D4, is a dot; E5 is a plain crossing.
    let (x, y) = crop_center(s, "D4");
    let dot = at(&img, (x + cell * 0.04, y + cell * 0.04));
    assert!(close(dot, assets::INK, 20), "star point at D4: {dot:?}");
    let (x, y) = crop_center(s, "E5");
    let plain = at(&img, (x + cell * 0.05, y + cell * 0.05));
    assert!(close(plain, assets::WOOD, 10), "no dot at E5: {plain:?}");
    // The coordinates of the columns shown are written above the grid: dark pixels around
    // the letter's place, wood elsewhere in that band.
    let (x, y) = crop_center(s, "C7");
    let band = y - cell * 0.6 - 19.0;
    let ink = (-8..=8)
        .flat_map(|dx| (-8..=8).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| {
            let p = at(&img, (x + dx as f32, band + dy as f32));
            p.iter().all(|&c| c < 150)
        })
        .count();
    assert!(ink > 5, "letter C above the grid: {ink} dark pixels");
}

#[test]
fn a_view_out_of_order_or_off_the_board_is_cut_to_the_board() {
    let b = board(NINE);
    let s = b.size();
    let odd = View {
        col_lo: 30,
        col_hi: 2,
        row_lo: 4,
        row_hi: 4,
    };
    let opts = RenderOptions {
        ownership: Vec::new(),
        view: Some(odd),
        last_move: Some(pt(s, "C3")),
        ..RenderOptions::default()
    };
    let img = decode(&render_png(&b, &opts).expect("renders"));
    assert_eq!((img.width(), img.height()), crop_image_size(s, odd));
    // Columns C to J of row 5.
    assert!(crop_point_center(s, odd, pt(s, "C5")).is_some());
    assert!(crop_point_center(s, odd, pt(s, "J5")).is_some());
    assert!(crop_point_center(s, odd, pt(s, "B5")).is_none());
    assert!(crop_point_center(s, odd, pt(s, "C4")).is_none());
}

/// The pixels where two images differ.
fn differences(a: &RgbImage, b: &RgbImage) -> Vec<(u32, u32)> {
    a.enumerate_pixels()
        .filter(|&(x, y, p)| b.get_pixel(x, y) != p)
        .map(|(x, y, _)| (x, y))
        .collect()
}

/// Whether every pixel of `diff` lies within `r` of one of `centres`, and some do.
fn only_near(diff: &[(u32, u32)], centres: &[(f32, f32)], r: f32) -> bool {
    !diff.is_empty()
        && diff.iter().all(|&(x, y)| {
            centres
                .iter()
                .any(|&(cx, cy)| (x as f32 - cx).abs() <= r && (y as f32 - cy).abs() <= r)
        })
}

#[test]
fn marks_go_on_the_marked_stones_in_the_contrasting_colour() {
    let b = corner_problem();
    let s = b.size();
    let target = ["A3", "B3", "B2", "C2", "C1"].map(|t| pt(s, t));
    let plain = decode(&render_png(&b, &viewed(RenderOptions::default())).expect("renders"));
    let marked = decode(
        &render_png(
            &b,
            &viewed(RenderOptions {
                ownership: Vec::new(),
                marked: target.to_vec(),
                ..RenderOptions::default()
            }),
        )
        .expect("renders"),
    );
    let (x0, _) = crop_center(s, "A1");
    let (x1, _) = crop_center(s, "B1");
    let cell = x1 - x0;
    let centres: Vec<(f32, f32)> = target
        .iter()
        .map(|t| crop_center(s, &t.to_string()))
        .collect();
    let diff = differences(&plain, &marked);
    assert!(
        only_near(&diff, &centres, cell * 0.35),
        "{} pixels changed, some away from the target",
        diff.len()
    );
    // On the white stones the triangle is dark: its top corner, a quarter cell up.
    let (x, y) = crop_center(s, "B2");
    let top = (-3..=3)
        .map(|dy| at(&marked, (x, y - cell * 0.24 + dy as f32)))
        .filter(|p| p.iter().all(|&c| c < 90))
        .count();
    assert!(top > 0, "no dark corner of the triangle on B2");
    // The whole board takes marks too, on the same points only.
    let full_plain = decode(&render_png(&b, &RenderOptions::default()).expect("renders"));
    let full = decode(
        &render_png(
            &b,
            &RenderOptions {
                ownership: Vec::new(),
                marked: target.to_vec(),
                ..RenderOptions::default()
            },
        )
        .expect("renders"),
    );
    let whole: Vec<(f32, f32)> = target.iter().map(|&t| point_center(s, t)).collect();
    let l = layout::Layout::of(s);
    assert!(only_near(
        &differences(&full_plain, &full),
        &whole,
        l.cell * 0.4
    ));
}

#[test]
fn numbers_are_written_on_the_stones_in_the_contrasting_colour() {
    let mut b = corner_problem();
    let s = b.size();
    // The solution's first two moves: Black A1, White B1.
    b.set_stones([
        (pt(s, "A1"), Some(Color::Black)),
        (pt(s, "B1"), Some(Color::White)),
    ]);
    let numbers = vec![(pt(s, "A1"), 1), (pt(s, "B1"), 2), (pt(s, "A2"), 3)];
    let plain = decode(&render_png(&b, &viewed(RenderOptions::default())).expect("renders"));
    let numbered = decode(
        &render_png(
            &b,
            &viewed(RenderOptions {
                ownership: Vec::new(),
                numbers: numbers.clone(),
                ..RenderOptions::default()
            }),
        )
        .expect("renders"),
    );
    let (x0, _) = crop_center(s, "A1");
    let (x1, _) = crop_center(s, "B1");
    let cell = x1 - x0;
    let centres: Vec<(f32, f32)> = numbers
        .iter()
        .map(|(p, _)| crop_center(s, &p.to_string()))
        .collect();
    let diff = differences(&plain, &numbered);
    assert!(only_near(&diff, &centres, cell * 0.4), "{}", diff.len());
    let count = |img: &RgbImage, at_: &str, bright: bool| {
        let (x, y) = crop_center(s, at_);
        let r = (cell * 0.2) as i32;
        (-r..=r)
            .flat_map(|dx| (-r..=r).map(move |dy| (dx, dy)))
            .map(|(dx, dy)| at(img, (x + dx as f32, y + dy as f32)))
            .filter(|p| {
                if bright {
                    p.iter().all(|&c| c > 200)
                } else {
                    p.iter().all(|&c| c < 60)
                }
            })
            .count()
    };
    // White figures on the black stone, black figures on the white one, ink on the empty A2.
    assert_eq!(count(&plain, "A1", true), 0);
    assert!(count(&numbered, "A1", true) > 20, "the 1 on A1");
    assert_eq!(count(&plain, "B1", false), 0);
    assert!(count(&numbered, "B1", false) > 20, "the 2 on B1");
    assert!(count(&numbered, "A2", false) > 20, "the 3 on A2");
}

/// Writes the corner problem's pictures (the bare view, the marked target, the numbered
/// solution, and a side view of a 9×9) into `TENGEN_LOOK_DIR` or the temporary directory, to
/// be opened and looked at.
#[test]
#[ignore = "writes pictures to look at; run by hand"]
fn crop_pictures_for_a_look() {
    let dir = std::env::var_os("TENGEN_LOOK_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    let b = corner_problem();
    let s = b.size();
    let target: Vec<Point> = ["A3", "B3", "B2", "C2", "C1"]
        .iter()
        .map(|t| pt(s, t))
        .collect();
    let mut solved = b.clone();
    solved.set_stones([
        (pt(s, "A1"), Some(Color::Black)),
        (pt(s, "B1"), Some(Color::White)),
    ]);
    let pictures = [
        ("crop-bare", b.clone(), viewed(RenderOptions::default())),
        (
            "crop-problem",
            b.clone(),
            viewed(RenderOptions {
                ownership: Vec::new(),
                marked: target.clone(),
                caption: Caption {
                    to_move: Some(Color::Black),
                    ..Caption::default()
                },
                ..RenderOptions::default()
            }),
        ),
        (
            "crop-solution",
            solved,
            viewed(RenderOptions {
                ownership: Vec::new(),
                marked: target,
                numbers: vec![(pt(s, "A1"), 1), (pt(s, "B1"), 2), (pt(s, "A2"), 3)],
                ..RenderOptions::default()
            }),
        ),
        (
            "crop-side",
            board(NINE),
            RenderOptions {
                ownership: Vec::new(),
                view: Some(View {
                    col_lo: 1,
                    col_hi: 7,
                    row_lo: 0,
                    row_hi: 3,
                }),
                last_move: Some(pt(size(9), "G3")),
                ..RenderOptions::default()
            },
        ),
    ];
    for (name, b, opts) in pictures {
        let png = render_png(&b, &opts).expect("renders");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png).expect("writes the picture");
        eprintln!("{} ({} bytes)", path.display(), png.len());
    }
}
