//! `/weiqi learn`: a short primer of the rules from zero, page by page, each page with a board
//! drawn by the renderer (the seed's in-game codex entry), in English and Chinese.

use super::i18n::Lang;

/// One page of the primer.
#[derive(Debug, Clone, Copy)]
pub struct Page {
    pub title_en: &'static str,
    pub title_zh: &'static str,
    pub text_en: &'static str,
    pub text_zh: &'static str,
    /// The board that illustrates the page, top row first (`X` black, `O` white, `.` empty).
    pub diagram: &'static str,
    /// Points to mark on the board (a move being shown), as players write them.
    pub marks: &'static [&'static str],
    /// Stones whose chains are shown dead (crossed, with the count), as players write them.
    pub dead: &'static [&'static str],
}

impl Page {
    pub fn title(&self, lang: Lang) -> &'static str {
        lang.pick(self.title_en, self.title_zh)
    }

    pub fn text(&self, lang: Lang) -> &'static str {
        lang.pick(self.text_en, self.text_zh)
    }
}

/// The pages, in reading order.
pub const PAGES: &[Page] = &[
    Page {
        title_en: "1 · The board and the stones",
        title_zh: "1 · 棋盘与棋子",
        text_en: "Two players, Black and White, take turns putting one stone on an empty \
                  intersection of the lines. Black moves first. Stones never move once played; \
                  the aim is to surround more of the board than your opponent.",
        text_zh: "黑白双方轮流在棋盘的空交叉点上放一枚棋子，黑先行。棋子落下后不再移动；\
                  目标是比对手围住更多的地盘。",
        diagram: ".......\n.......\n..X....\n...O...\n....X..\n.......\n.......",
        marks: &["E3"],
        dead: &[],
    },
    Page {
        title_en: "2 · Liberties and chains",
        title_zh: "2 · 气与棋串",
        text_en: "The empty points right next to a stone (up, down, left, right — not diagonal) \
                  are its liberties. Stones of one colour that touch form a chain and share \
                  their liberties: the black chain here has 6.",
        text_zh: "紧挨着棋子的空点（上下左右，不算斜线）叫作它的“气”。相连的同色棋子组成一串，\
                  共享所有的气：图中的黑串有 6 口气。",
        diagram: ".......\n.......\n.......\n..XX...\n.......\n.......\n.......",
        marks: &[],
        dead: &[],
    },
    Page {
        title_en: "3 · Capture",
        title_zh: "3 · 提子",
        text_en: "A move that fills the last liberty of enemy chains removes them from the \
                  board: they are captured. Here White has one liberty left; Black plays the \
                  marked point and takes the stone.",
        text_zh: "如果一手棋填掉了对方棋串的最后一口气，这些棋子就被提走。图中白子只剩一口气，\
                  黑下在标记处即可提掉它。",
        diagram: ".......\n.......\n...X...\n..XO...\n...X...\n.......\n.......",
        marks: &["E4"],
        dead: &[],
    },
    Page {
        title_en: "4 · No suicide",
        title_zh: "4 · 禁止自杀",
        text_en: "You may not play a stone that would have no liberty — unless the move \
                  captures, because captures are taken off first. Black may not play the marked \
                  point: it is surrounded by White and captures nothing.",
        text_zh: "不能下在没有气的地方——除非这一手能提掉对方的子，因为先提子再判断气。\
                  黑不能下在标记处：那里被白包围，又提不到子。",
        diagram: ".......\n.......\n...O...\n..O.O..\n...O...\n.......\n.......",
        marks: &["D4"],
        dead: &[],
    },
    Page {
        title_en: "5 · Ko",
        title_zh: "5 · 打劫",
        text_en: "When one stone is captured and the capturer could be taken back at once, the \
                  position would repeat forever. So the immediate retake is forbidden: play \
                  somewhere else first (a ko threat), then you may retake. The bot marks the \
                  forbidden point on the board.",
        text_zh: "提掉一子后，如果对方马上又能提回，局面就会无限循环。所以不能立刻提回：\
                  要先在别处下一手（找劫材），下一回合才可以提。机器人会在图上标出禁着点。",
        diagram: ".......\n.......\n..XO...\n.X.XO..\n..XO...\n.......\n.......",
        marks: &["C4"],
        dead: &[],
    },
    Page {
        title_en: "6 · Passing and the end",
        title_zh: "6 · 停一手与终局",
        text_en: "Passing is always allowed. Two passes in a row end the game. Here a player \
                  who does not move within the turn time is passed automatically; two automatic \
                  passes in a row abandon the game, which then counts for no one.",
        text_zh: "任何时候都可以停一手（虚手）。双方连续停一手，对局结束。\
                  在这里，超过回合时限未落子会被自动停一手；连续两次自动停一手，对局作废，不计胜负。",
        diagram: "..XO...\n..XO...\n.XXO...\n.XOO...\n.XO....\nXXO....\n.XO....",
        marks: &[],
        dead: &[],
    },
    Page {
        title_en: "7 · Counting",
        title_zh: "7 · 数子",
        text_en: "Each side scores its stones on the board plus the empty points surrounded only \
                  by its own stones. White adds komi (5.5 points by default) for moving second, \
                  so there is no draw. Under the classic rules the board is counted exactly as \
                  it stands: capture dead stones before you pass.",
        text_zh: "各方的得分是盘上己方棋子数加上只被己方棋子围住的空点数。白方因后行另加贴目\
                  （默认 5.5 目），所以没有和棋。经典规则按盘面原样计算：终局前请把死子提干净。",
        diagram: "..XO...\n..XO...\n.XXO...\n.XOO...\n.XO....\nXXO....\n.XO....",
        marks: &[],
        dead: &[],
    },
    Page {
        title_en: "8 · Dead stones (chinese, aga and japanese rules)",
        title_zh: "8 · 死子（中国、AGA、日本规则）",
        text_en: "Under these rules you need not capture every dead stone: after two passes the \
                  bot crosses out the chains it thinks are dead (here the white stone in \
                  Black's area and the black one in White's) and shows the score. Click a \
                  region, then a stone, to mark its chain dead or alive; press Accept when the \
                  marking is right. If you disagree, press Resume play and settle it on the \
                  board. Under the classic rules, capture dead stones before you pass.",
        text_zh: "在这些规则下不必把死子全部提掉：双方停一手后，机器人会用叉号标出它判断的死子\
                  （图中黑地里的白子和白地里的黑子），并显示比分。先点击区域，再点击棋子，\
                  即可把整块棋标为死子或活棋；标记无误就点“接受”。有争议就点“继续对局”，\
                  在棋盘上解决。经典规则下请在停一手之前提掉死子。",
        diagram: "...XO..\n.O.XO..\n...XO..\n...XO..\n...XO..\n...XOX.\n...XO..",
        marks: &[],
        dead: &["B6", "F2"],
    },
    Page {
        title_en: "9 · Playing here",
        title_zh: "9 · 在这里下棋",
        text_en: "Start with `/weiqi invite` and a member; whoever accepts plays Black. On the \
                  board message, click the region that holds your point, then the point itself. \
                  Pass is a button; Resign must be pressed twice within 10 seconds. \
                  `/weiqi status` shows the time left.",
        text_zh: "用 `/weiqi invite` 邀请一位成员；接受邀请的一方执黑。在棋盘消息上先点击包含目标点的区域，\
                  再点击那个点即可落子。“停一手”是一个按钮；认输需在 10 秒内连按两次。\
                  `/weiqi status` 可查看剩余时间。",
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
    fn every_page_has_both_languages_a_legal_board_and_marks_on_it() {
        for page in PAGES {
            for lang in [Lang::En, Lang::Zh] {
                assert!(!page.title(lang).is_empty() && !page.text(lang).is_empty());
                assert!(
                    page.text(lang).len() < 1000,
                    "an embed description stays short"
                );
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
