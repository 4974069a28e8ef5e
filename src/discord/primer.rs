//! `/weiqi learn`: a short primer of the rules from zero, page by page, each page with a board
//! drawn by the renderer (the seed's in-game codex entry). The words are in the Fluent files
//! (`learn-N-title`, `learn-N-text`); the boards are here.

use super::i18n::{Lang, text};

/// One page of the primer.
#[derive(Debug, Clone, Copy)]
pub struct Page {
    /// The board that illustrates the page, top row first (`X` black, `O` white, `.` empty).
    pub diagram: &'static str,
    /// Points to mark on the board (a move being shown), as players write them.
    pub marks: &'static [&'static str],
    /// Stones whose chains are shown dead (crossed, with the count), as players write them.
    pub dead: &'static [&'static str],
}

/// The title of page `index` (0-based).
pub fn title(index: usize, lang: Lang) -> String {
    text(lang, &format!("learn-{}-title", index + 1), None)
}

/// The text of page `index` (0-based).
pub fn body(index: usize, lang: Lang) -> String {
    text(lang, &format!("learn-{}-text", index + 1), None)
}

/// The pages, in reading order.
pub const PAGES: &[Page] = &[
    Page {
        diagram: ".......\n.......\n..X....\n...O...\n....X..\n.......\n.......",
        marks: &["E3"],
        dead: &[],
    },
    Page {
        diagram: ".......\n.......\n.......\n..XX...\n.......\n.......\n.......",
        marks: &[],
        dead: &[],
    },
    Page {
        diagram: ".......\n.......\n...X...\n..XO...\n...X...\n.......\n.......",
        marks: &["E4"],
        dead: &[],
    },
    Page {
        diagram: ".......\n.......\n...O...\n..O.O..\n...O...\n.......\n.......",
        marks: &["D4"],
        dead: &[],
    },
    Page {
        diagram: ".......\n.......\n..XO...\n.X.XO..\n..XO...\n.......\n.......",
        marks: &["C4"],
        dead: &[],
    },
    Page {
        diagram: "..XO...\n..XO...\n.XXO...\n.XOO...\n.XO....\nXXO....\n.XO....",
        marks: &[],
        dead: &[],
    },
    Page {
        diagram: "..XO...\n..XO...\n.XXO...\n.XOO...\n.XO....\nXXO....\n.XO....",
        marks: &[],
        dead: &[],
    },
    Page {
        diagram: "...XO..\n.O.XO..\n...XO..\n...XO..\n...XO..\n...XOX.\n...XO..",
        marks: &[],
        dead: &["B6", "F2"],
    },
    Page {
        diagram: ".......\n.......\n.......\n...X...\n.......\n.......\n.......",
        marks: &["D4"],
        dead: &[],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Board, Point};

    #[test]
    fn every_page_has_every_language_a_legal_board_and_marks_on_it() {
        for (i, page) in PAGES.iter().enumerate() {
            for lang in Lang::ALL {
                let (t, b) = (title(i, lang), body(i, lang));
                assert!(
                    !t.starts_with("learn-") && !b.starts_with("learn-"),
                    "page {i}"
                );
                assert!(b.chars().count() < 1000, "an embed description stays short");
            }
            let board = Board::from_diagram(page.diagram).unwrap();
            for m in page.marks.iter().chain(page.dead) {
                let p: Point = m.parse().unwrap();
                assert!(board.size().contains(p), "{m}");
            }
        }
    }

    #[test]
    fn the_pictures_show_what_the_text_says() {
        let board = |i: usize| Board::from_diagram(PAGES[i].diagram).unwrap();
        let at = |s: &str| s.parse::<Point>().unwrap();
        assert_eq!(
            board(1).liberties(at("C4")).len(),
            6,
            "page 2: six liberties"
        );
        assert_eq!(
            board(2).liberties(at("D4")),
            vec![at("E4")],
            "page 3: one liberty left"
        );
        let mut b = board(2);
        assert_eq!(
            b.play(crate::go::Color::Black, at("E4"))
                .map(|p| p.captured),
            Ok(1)
        );
        assert_eq!(
            board(3).check(crate::go::Color::Black, at("D4")),
            Err(crate::go::BoardError::Suicide),
            "page 4"
        );
        let mut ko = board(4);
        assert_eq!(
            ko.play(crate::go::Color::White, at("C4"))
                .map(|p| p.captured),
            Ok(1),
            "page 5: White takes"
        );
        assert_eq!(
            ko.check(crate::go::Color::Black, at("D4")),
            Err(crate::go::BoardError::Ko),
            "page 5: no retake"
        );
        let dead = [at("B6"), at("F2")];
        let count =
            crate::go::count_area(&board(7), &dead, crate::go::RuleSet::Chinese.rules().komi);
        assert_eq!(
            count.result().to_string(),
            "W+0.5",
            "page 8, as drawn: Black 7 + 21, White 7 + 14 + 7.5"
        );
    }
}
