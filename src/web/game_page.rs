//! A game's page: the data `board.js` draws and steps through (every move with the stones it
//! took, so the browser knows no rule), the same data as each live update, and the page
//! around it.

use serde::Serialize;

use crate::game::time_control::TimeControl;
use crate::game::{Match, Timestamp};
use crate::go::Owner;
use crate::go::{Color, Game, Move, Point};

use super::view::{self, Names, xy};
use super::words::Words;

/// One move as the browser plays it: who, where (`None`: a pass), and the stones it took.
#[derive(Debug, Serialize, PartialEq)]
pub struct MoveData {
    pub c: &'static str,
    pub p: Option<[u8; 2]>,
    pub cap: Vec<[u8; 2]>,
}

/// What the count shows on the last position: the dead stones and each side's points.
#[derive(Debug, Serialize)]
pub struct FinalData {
    pub dead: Vec<[u8; 2]>,
    pub black: Vec<[u8; 2]>,
    pub white: Vec<[u8; 2]>,
}

/// Each side's clock, in words.
#[derive(Debug, Serialize)]
pub struct ClockData {
    #[serde(rename = "B")]
    pub black: String,
    #[serde(rename = "W")]
    pub white: String,
}

/// The words the script needs, with `{n}`-style places it fills itself.
#[derive(Debug, Serialize)]
pub struct ScriptWords {
    #[serde(rename = "move")]
    pub move_of: String,
    pub start: String,
    pub pass: String,
    pub black: String,
    pub white: String,
    pub captures: String,
    pub board: String,
    pub new_move: String,
}

/// A game as its page and its live updates carry it.
#[derive(Debug, Serialize)]
pub struct GameData {
    pub size: u8,
    pub setup: Vec<[u8; 2]>,
    pub moves: Vec<MoveData>,
    pub status: String,
    pub result: Option<String>,
    #[serde(rename = "final")]
    pub counted: Option<FinalData>,
    pub clock: Option<ClockData>,
    pub captures_black: u32,
    pub captures_white: u32,
    pub words: ScriptWords,
}

impl GameData {
    /// The data of `m` as it stands at `now`, in the page's words.
    pub fn of(m: &Match, now: Timestamp, w: Words) -> GameData {
        let game = &m.game;
        let setup = game
            .size()
            .all_points()
            .filter(|&p| game.initial_board().get(p) == Some(Color::Black))
            .map(xy)
            .collect();
        let counted = (m.was_counted() || m.in_agreement()).then(|| {
            let count = m.count();
            let owned = |c: Color| {
                count
                    .owners
                    .iter()
                    .filter(|&&(_, o)| o == Owner::Territory(c))
                    .map(|&(p, _)| xy(p))
                    .collect()
            };
            FinalData {
                dead: m.dead_points().into_iter().map(xy).collect(),
                black: owned(Color::Black),
                white: owned(Color::White),
            }
        });
        let captures = game.captures();
        GameData {
            size: game.size().get(),
            setup,
            moves: replay(game),
            status: view::status(m, w),
            result: m.ended().map(|_| view::ending_words(m.ending(), w)),
            counted,
            clock: clocks(m, now, w),
            captures_black: captures[Color::Black],
            captures_white: captures[Color::White],
            words: script_words(w),
        }
    }

    /// As JSON safe inside a `<script type="application/json">` element: no `<`, `>` or `&`
    /// a name could use to end the element early.
    pub fn embedded(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|_| "{}".to_owned())
            .replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026")
    }
}

/// The moves of `game` from its setup, each with the stones it removed (found by playing
/// them again; a move the rules refuse ends the list, which cannot happen to a game that
/// was played).
pub fn replay(game: &Game) -> Vec<MoveData> {
    let mut again = Game::from_setup(
        game.initial_board().clone(),
        game.initial_to_move(),
        *game.rules(),
    );
    let size = game.size();
    let mut out = Vec::with_capacity(game.moves().len());
    for &(color, mv) in game.moves() {
        let before: Vec<(Point, Option<Color>)> = size
            .all_points()
            .map(|p| (p, again.board().get(p)))
            .collect();
        if again.play_as(color, mv).is_err() {
            tracing::warn!("a stored game does not replay; its page stops at the move before");
            break;
        }
        let cap = before
            .into_iter()
            .filter(|&(p, was)| was.is_some() && again.board().get(p).is_none())
            .map(|(p, _)| xy(p))
            .collect();
        out.push(MoveData {
            c: match color {
                Color::Black => "B",
                Color::White => "W",
            },
            p: match mv {
                Move::Play(p) => Some(xy(p)),
                _ => None,
            },
            cap,
        });
    }
    out
}

/// Each side's time left while the game is played with a clock (not a fixed time a turn).
fn clocks(m: &Match, now: Timestamp, w: Words) -> Option<ClockData> {
    if !m.is_running() || matches!(m.config.time, TimeControl::Turn) {
        return None;
    }
    let side = |c: Color| {
        let clock = m.clock_now(c, now);
        let color = view::color_word(w, c);
        let time = minutes_seconds(crate::game::millis_of(clock.main));
        match m.config.time {
            TimeControl::ByoYomi { period, .. } if clock.periods > 0 => w.with(
                "clock-periods",
                &[
                    ("color", color.into()),
                    ("time", time.into()),
                    ("periods", clock.periods.into()),
                    ("period", format!("{}s", period.as_secs()).into()),
                ],
            ),
            TimeControl::Canadian { period, .. } if clock.main.is_zero() => {
                let left = period.saturating_sub(clock.overtime);
                w.with(
                    "clock-stones",
                    &[
                        ("color", color.into()),
                        ("time", minutes_seconds(crate::game::millis_of(left)).into()),
                        ("stones", clock.periods.into()),
                    ],
                )
            }
            _ => w.with(
                "clock-left",
                &[("color", color.into()), ("time", time.into())],
            ),
        }
    };
    Some(ClockData {
        black: side(Color::Black),
        white: side(Color::White),
    })
}

/// `m:ss`, or `h:mm:ss` from an hour, or days and hours for a correspondence clock.
fn minutes_seconds(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    let (d, h, m, s) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if d > 0 {
        format!("{d}d {h}h")
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The script's words, with the places it fills.
fn script_words(w: Words) -> ScriptWords {
    ScriptWords {
        move_of: w.with(
            "move-of",
            &[("n", "{n}".into()), ("total", "{total}".into())],
        ),
        start: w.get("start"),
        pass: w.get("pass"),
        black: w.get("black"),
        white: w.get("white"),
        captures: w.with("captures", &[("b", "{b}".into()), ("w", "{w}".into())]),
        board: w.with(
            "board-label",
            &[
                ("n", "{n}".into()),
                ("move", "{move}".into()),
                ("black", "{black}".into()),
                ("white", "{white}".into()),
            ],
        ),
        new_move: w.with("new-move", &[("move", "{move}".into())]),
    }
}

/// The page's own lines: the players, the terms, the move count.
pub struct GameHead {
    pub title: String,
    pub terms: String,
    pub moves: usize,
}

impl GameHead {
    pub fn of(m: &Match, names: &Names, w: Words) -> GameHead {
        let black = view::side(m, Color::Black, names, w);
        let white = view::side(m, Color::White, names, w);
        GameHead {
            title: view::versus(w, black, white),
            terms: view::terms(m, w),
            moves: m.game.moves().len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{BoardSize, RuleSet};

    /// A capture in the corner: the move that takes records the stone it took.
    ///
    /// ```text
    ///    A B
    ///  2 . .      Black A2, White A1, Black B1 takes A1.
    ///  1 . .
    /// ```
    #[test]
    fn a_capture_is_listed_with_the_move_that_made_it_and_a_pass_has_no_point() {
        let size = BoardSize::new(9).unwrap();
        let mut game = Game::new(size, RuleSet::Chinese.rules());
        let at = |s: &str| Move::parse_on(s, size).unwrap();
        for mv in ["A2", "A1", "B1", "pass"] {
            game.play(at(mv)).unwrap();
        }
        let moves = replay(&game);
        assert_eq!(moves.len(), 4);
        assert_eq!(
            moves[0],
            MoveData {
                c: "B",
                p: Some([0, 1]),
                cap: vec![]
            }
        );
        assert_eq!(moves[1].c, "W");
        assert_eq!(moves[2].cap, vec![[0, 0]]);
        assert_eq!(
            moves[3],
            MoveData {
                c: "W",
                p: None,
                cap: vec![]
            }
        );
    }

    #[test]
    fn the_embedded_json_cannot_end_its_script_element() {
        let size = BoardSize::new(9).unwrap();
        let game = Game::new(size, RuleSet::Chinese.rules());
        let mut data = GameData {
            size: 9,
            setup: vec![],
            moves: replay(&game),
            status: "</script><script>alert(1)</script>".into(),
            result: None,
            counted: None,
            clock: None,
            captures_black: 0,
            captures_white: 0,
            words: script_words(Words {
                lang: crate::i18n::Lang::En,
            }),
        };
        let text = data.embedded();
        assert!(!text.contains('<') && !text.contains('>'), "{text}");
        data.status = "a & b".into();
        let back: serde_json::Value = serde_json::from_str(&data.embedded()).unwrap();
        assert_eq!(back["status"], "a & b");
        assert_eq!(back["words"]["move"], "Move {n} of {total}");
    }

    #[test]
    fn clocks_read_as_players_write_them() {
        assert_eq!(minutes_seconds(61_000), "1:01");
        assert_eq!(minutes_seconds(3_723_000), "1:02:03");
        assert_eq!(minutes_seconds(2 * 86_400_000 + 3_600_000), "2d 1h");
        assert_eq!(minutes_seconds(-5), "0:00");
    }
}
