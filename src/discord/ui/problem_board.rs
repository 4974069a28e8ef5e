//! A training problem as the bot shows it: the private board of an attempt (the goal in
//! words, the picture, the point picker over the problem's area, then solved or failed with
//! the rating's move and the next problem), and the daily problem's public post and solution.

use serenity::all::{
    ButtonStyle, CreateActionRow, CreateAttachment, CreateButton, CreateEmbed, CreateEmbedFooter,
    ReactionType,
};

use crate::game::rating::Rank;
use crate::game::training::{Attempt, AttemptState, Day, PastDaily, Streak};
use crate::go::{Color, Point};
use crate::problems::{Kind, Objective, Problem, Step};
use crate::render::{RenderOptions, View, render_png};
use crate::service::{RatingChange, TrainingAnswer};

use super::{BOARD_FILE, stone, words};
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::{Lang, tr};
use crate::discord::reply::Reply;

/// What to show of an attempt.
#[derive(Debug, Clone)]
pub struct ProblemView {
    pub attempt: Attempt,
    pub problem: Problem,
    /// What the last click did (none: the board as it stands).
    pub step: Option<Step>,
    pub rating: Option<RatingChange>,
    pub streak: Option<Streak>,
    /// Show the solution (after a failure).
    pub solution: bool,
}

impl From<TrainingAnswer> for ProblemView {
    fn from(a: TrainingAnswer) -> ProblemView {
        ProblemView {
            attempt: a.attempt,
            problem: a.problem,
            step: a.click.map(|c| c.step),
            rating: a.rating,
            streak: a.streak,
            solution: false,
        }
    }
}

/// The code a "Next problem" button carries for a kind (0: any).
pub fn kind_code(kind: Option<Kind>) -> u8 {
    match kind {
        None => 0,
        Some(Kind::Capture) => 1,
        Some(Kind::LifeAndDeath) => 2,
        Some(Kind::Tesuji) => 3,
    }
}

/// The kind a code stands for (an unknown code: any).
pub fn kind_of_code(code: u8) -> Option<Kind> {
    match code {
        1 => Some(Kind::Capture),
        2 => Some(Kind::LifeAndDeath),
        3 => Some(Kind::Tesuji),
        _ => None,
    }
}

/// A kind in words.
pub fn kind_name(lang: Lang, kind: Kind) -> String {
    match kind {
        Kind::Capture => tr!(lang, "problem-kind-capture"),
        Kind::LifeAndDeath => tr!(lang, "problem-kind-life-and-death"),
        Kind::Tesuji => tr!(lang, "problem-kind-tesuji"),
    }
}

/// The goal in words: "Black to kill", "White to live", "Black to capture the marked stones".
pub fn goal_text(lang: Lang, p: &Problem) -> String {
    let color = words::color_name(lang, p.to_play);
    let goal = match p.goal.objective {
        Objective::Capture => tr!(lang, "problem-goal-capture", color = color),
        Objective::Kill => tr!(lang, "problem-goal-kill", color = color),
        Objective::Live => tr!(lang, "problem-goal-live", color = color),
    };
    if p.goal.ko {
        format!("{goal} {}", tr!(lang, "problem-goal-ko"))
    } else {
        goal
    }
}

/// A problem's title: its kind and its level.
fn title(lang: Lang, p: &Problem) -> String {
    format!(
        "{} · {}",
        kind_name(lang, p.kind),
        words::rank(lang, Rank::of(p.rank))
    )
}

/// Moves in words from `first` to play, alternately: `1 Black B1, 2 White A2, 3 Black pass`.
fn line_text(lang: Lang, first: Color, moves: &[Option<Point>], numbered: bool) -> String {
    let mut color = first;
    let mut parts = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let at = m.map_or_else(|| tr!(lang, "problem-pass"), |p| p.to_string());
        let who = words::color_name(lang, color);
        parts.push(if numbered {
            format!("{} {who} {at}", i + 1)
        } else {
            format!("{who} {at}")
        });
        color = color.opponent();
    }
    parts.join(", ")
}

/// The position after `moves` drawn as the problem's view of the board: the last move
/// ringed, the target stones still on the board marked; the stones of `numbered` points
/// carry their numbers (a solution's moves, played on the board).
pub fn draw(
    p: &Problem,
    moves: &[Option<Point>],
    numbered: &[(Point, u32)],
) -> Result<Vec<u8>, String> {
    let board = p.board_after(moves).unwrap_or_else(|| p.board());
    let marked: Vec<Point> = p
        .target_stones()
        .into_iter()
        .filter(|&t| board.get(t).is_some())
        .collect();
    let v = p.view;
    let opts = RenderOptions {
        ownership: Vec::new(),
        last_move: if numbered.is_empty() {
            moves.iter().rev().flatten().next().copied()
        } else {
            None
        },
        marked,
        numbers: numbered.to_vec(),
        view: Some(View {
            col_lo: v.col_lo,
            col_hi: v.col_hi,
            row_lo: v.row_lo,
            row_hi: v.row_hi,
        }),
        ..RenderOptions::default()
    };
    render_png(&board, &opts).map_err(|e| e.to_string())
}

/// A line drawn on the board: played after `before`, each of its stones numbered (a stone
/// captured later in the line shows no number; the words list every move).
fn draw_line(
    p: &Problem,
    before: &[Option<Point>],
    line: &[Option<Point>],
) -> Result<Vec<u8>, String> {
    let all: Vec<Option<Point>> = before.iter().chain(line).copied().collect();
    if p.board_after(&all).is_none() {
        return draw(p, before, &[]);
    }
    draw(p, &all, &numbers(line))
}

/// The moves before the wrong one and the solution's line from there, for a failed attempt.
pub fn solution_of(a: &Attempt, p: &Problem) -> (Vec<Option<Point>>, Vec<Option<Point>>) {
    // A failure stores the wrong move and the refutation last.
    let before = a.moves.0[..a.moves.0.len().saturating_sub(2)].to_vec();
    (before, p.tree.main_line(a.node))
}

/// The solution's points numbered in the order played (passes counted, not drawn).
fn numbers(line: &[Option<Point>]) -> Vec<(Point, u32)> {
    line.iter()
        .enumerate()
        .filter_map(|(i, m)| m.map(|p| (p, u32::try_from(i + 1).unwrap_or(u32::MAX))))
        .collect()
}

/// The picture of a view: the solution numbered, or the position as it stands.
pub fn picture(v: &ProblemView) -> Result<Vec<u8>, String> {
    if v.solution {
        let (before, line) = solution_of(&v.attempt, &v.problem);
        draw_line(&v.problem, &before, &line)
    } else {
        draw(&v.problem, &v.attempt.moves.0, &[])
    }
}

/// The words of a view.
fn description(v: &ProblemView, lang: Lang) -> String {
    let p = &v.problem;
    let mut lines = vec![format!("**{}**", goal_text(lang, p))];
    let moves = &v.attempt.moves.0;
    match (v.attempt.state, v.step) {
        (AttemptState::Open, _) => {
            if !moves.is_empty() {
                lines.push(line_text(lang, p.to_play, moves, true));
            }
            lines.push(tr!(lang, "problem-your-move"));
        }
        (AttemptState::Solved, _) => {
            lines.push(line_text(lang, p.to_play, moves, true));
            lines.push(tr!(lang, "problem-solved"));
        }
        (AttemptState::Failed, _) if v.solution => {
            let (_, line) = solution_of(&v.attempt, p);
            let first = if moves.len().saturating_sub(2).is_multiple_of(2) {
                p.to_play
            } else {
                p.to_play.opponent()
            };
            lines.push(tr!(
                lang,
                "problem-solution",
                line = line_text(lang, first, &line, true)
            ));
        }
        (AttemptState::Failed, _) => {
            let n = moves.len();
            let wrong = moves.get(n.saturating_sub(2)).copied().flatten();
            let reply = moves.last().copied().flatten();
            lines.push(tr!(
                lang,
                "problem-failed",
                played = wrong.map_or_else(String::new, |w| w.to_string()),
                color = words::color_name(lang, p.to_play.opponent()),
                reply = reply.map_or_else(|| tr!(lang, "problem-pass"), |r| r.to_string())
            ));
        }
        (AttemptState::Abandoned, _) => lines.push(tr!(lang, "refusal-problem-over")),
    }
    if let Some(r) = v.rating {
        let (before, after) = (r.before.rating.round(), r.after.rating.round());
        lines.push(tr!(
            lang,
            "problem-rating",
            before = before,
            after = after,
            delta = format!("{:+}", after - before)
        ));
    } else if v.attempt.state != AttemptState::Open && !v.attempt.rated && !v.solution {
        lines.push(tr!(lang, "problem-unrated"));
    }
    if let Some(s) = v.streak {
        lines.push(tr!(lang, "problem-streak", days = s.current));
    }
    lines.join("\n")
}

/// The point picker over the problem's area: a button per point, top row first as drawn;
/// stones shown, occupied and unplayable points disabled.
fn picker(v: &ProblemView) -> Vec<CreateActionRow> {
    let p = &v.problem;
    let board = p
        .board_after(&v.attempt.moves.0)
        .unwrap_or_else(|| p.board());
    let playable = v.attempt.playable(p);
    let width = usize::from(p.area.width()).max(1);
    let points: Vec<Point> = p.area.points().collect();
    points
        .chunks(width)
        .take(5)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .take(5)
                    .map(|&pt| {
                        let ok = playable.contains(&pt);
                        let id = ButtonId::ProblemPoint {
                            attempt: v.attempt.id,
                            drawn_at: v.attempt.move_count(),
                            point: pt,
                        };
                        let b = CreateButton::new(id.to_string())
                            .label(pt.to_string())
                            .style(if ok {
                                ButtonStyle::Success
                            } else {
                                ButtonStyle::Secondary
                            })
                            .disabled(!ok);
                        match board.get(pt) {
                            Some(c) => b.emoji(ReactionType::Unicode(stone(c).to_owned())),
                            None => b,
                        }
                    })
                    .collect(),
            )
        })
        .collect()
}

/// The buttons of a view: the picker while open; then the solution (after a failure) and
/// the next problem.
fn buttons(v: &ProblemView, lang: Lang) -> Vec<CreateActionRow> {
    if v.attempt.state == AttemptState::Open {
        return picker(v);
    }
    let mut row = Vec::new();
    if v.attempt.state == AttemptState::Failed && !v.solution {
        row.push(
            CreateButton::new(
                ButtonId::ProblemSolution {
                    attempt: v.attempt.id,
                }
                .to_string(),
            )
            .label(tr!(lang, "button-solution"))
            .style(ButtonStyle::Secondary),
        );
    }
    row.push(
        CreateButton::new(
            ButtonId::NextProblem {
                kind: kind_code(None),
            }
            .to_string(),
        )
        .label(tr!(lang, "button-next-problem"))
        .style(ButtonStyle::Primary),
    );
    vec![CreateActionRow::Buttons(row)]
}

/// The private message of an attempt; `png` its picture (`None`: words only).
pub fn reply(v: &ProblemView, lang: Lang, png: Option<Vec<u8>>) -> Reply {
    let mut embed = CreateEmbed::new()
        .title(title(lang, &v.problem))
        .description(description(v, lang))
        .footer(CreateEmbedFooter::new(footer(&v.problem)));
    if png.is_some() {
        embed = embed.image(format!("attachment://{BOARD_FILE}"));
    }
    let reply = Reply::public()
        .embed(embed)
        .components(buttons(v, lang))
        .privately();
    match png {
        Some(png) => reply.file(CreateAttachment::bytes(png, BOARD_FILE)),
        None => reply,
    }
}

/// The footer of a problem: its number, by which a player can name it.
fn footer(p: &Problem) -> String {
    format!("#{}", p.id)
}

/// The daily post's embed: the day, the goal, how to answer.
pub fn daily_embed(lang: Lang, day: Day, p: &Problem) -> CreateEmbed {
    CreateEmbed::new()
        .title(tr!(lang, "daily-title", date = day.to_string()))
        .description(format!(
            "**{}**\n{}",
            goal_text(lang, p),
            tr!(lang, "daily-body", level = title(lang, p))
        ))
        .footer(CreateEmbedFooter::new(footer(p)))
        .image(format!("attachment://{BOARD_FILE}"))
}

/// The daily post's "Try it" button.
pub fn daily_buttons(lang: Lang, day: Day) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(ButtonId::TryDaily { day: day.0 }.to_string())
            .label(tr!(lang, "button-try-it"))
            .style(ButtonStyle::Primary),
    ])]
}

/// The solution of a past daily problem: its line in words and who solved it.
pub fn daily_solution_embed(lang: Lang, past: &PastDaily, p: &Problem) -> CreateEmbed {
    let line = p.tree.main_line(0);
    let solvers = if past.solvers.is_empty() {
        tr!(lang, "daily-no-solvers")
    } else {
        let names: Vec<String> = past.solvers.iter().map(|u| format!("<@{}>", u.0)).collect();
        tr!(
            lang,
            "daily-solvers",
            count = past.solvers.len(),
            names = names.join(" ")
        )
    };
    CreateEmbed::new()
        .title(tr!(
            lang,
            "daily-solution-title",
            date = past.day.to_string()
        ))
        .description(format!(
            "**{}**\n{}\n{}",
            goal_text(lang, p),
            tr!(
                lang,
                "problem-solution",
                line = line_text(lang, p.to_play, &line, true)
            ),
            solvers
        ))
        .image(format!("attachment://{BOARD_FILE}"))
}

/// The picture of a past daily problem's solution: its start, the line numbered.
pub fn daily_solution_picture(p: &Problem) -> Result<Vec<u8>, String> {
    draw_line(p, &[], &p.tree.main_line(0))
}

/// A server's solvers of daily problems, most solved first.
pub fn solvers_embed(
    lang: Lang,
    rows: &[(crate::game::UserId, Streak)],
    today: Day,
) -> CreateEmbed {
    let body = if rows.is_empty() {
        tr!(lang, "solvers-empty")
    } else {
        rows.iter()
            .enumerate()
            .map(|(i, (u, s))| {
                tr!(
                    lang,
                    "solvers-line",
                    place = i + 1,
                    user = format!("<@{}>", u.0),
                    total = s.total,
                    streak = s.as_of(today),
                    best = s.best
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    CreateEmbed::new()
        .title(tr!(lang, "solvers-title"))
        .description(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::training::fixtures::{capture_problem, p};
    use crate::game::{GuildId, Timestamp, UserId};

    fn view() -> ProblemView {
        let problem = capture_problem();
        ProblemView {
            attempt: Attempt::start(
                9,
                UserId(1),
                GuildId(1),
                problem.id,
                None,
                Timestamp::from_millis(0),
                true,
            ),
            problem,
            step: None,
            rating: None,
            streak: None,
            solution: false,
        }
    }

    #[test]
    fn the_goal_reads_in_every_language() {
        let problem = capture_problem();
        assert_eq!(
            goal_text(Lang::En, &problem),
            "Black to capture the marked stones"
        );
        for lang in Lang::ALL {
            assert!(!goal_text(lang, &problem).contains("problem-goal"));
        }
    }

    #[test]
    fn the_picker_covers_the_area_with_only_playable_points_enabled() {
        let v = view();
        let rows = picker(&v);
        assert_eq!(rows.len(), 3, "a 3 x 3 area");
        let json = serde_json::to_string(&rows).unwrap();
        assert!(json.contains("go1:tp:9:0:B1"));
        // B2 (White), B3 and C2 (Black) are stones: three of the nine disabled.
        assert_eq!(json.matches("\"disabled\":true").count(), 3, "{json}");
    }

    #[test]
    fn every_view_draws_and_fits_discords_limits() {
        let mut v = view();
        let problem = v.problem.clone();
        assert!(picture(&v).is_ok());
        v.attempt
            .click(UserId(1), &problem, 0, p("C3"), Timestamp::from_millis(1))
            .unwrap();
        v.solution = true;
        let png = picture(&v).unwrap();
        assert!(png.len() < 80_000);
        for lang in Lang::ALL {
            let text = description(&v, lang);
            assert!(text.len() < 4000 && !text.contains("problem-"), "{text}");
        }
    }
}
