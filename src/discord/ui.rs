//! What players see: the board message (embed, image, region picker, Pass and Resign), the
//! private point picker, invitations, results. Pure builders: they read a match and return
//! Discord message parts; they decide no rule (legality comes from the engine).

use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateEmbed, CreateEmbedFooter, ReactionType,
};

use super::custom_id::ButtonId;
use super::i18n::Lang;
use crate::game::{AbandonCause, EndReason, Ending, Invitation, Match, Millis, UserId};
use crate::go::{Color, GameResult, Move, Point, Scoring, format_half_points};
use crate::render::regions::{Region, regions};

/// The file name the board image is attached under (`attachment://board.png`).
pub const BOARD_FILE: &str = "board.png";

/// Embed colours: the board's wood, and muted grey once a game is over.
const WOOD: u32 = 0xD8A95B;
const OVER: u32 = 0x7A7A7A;

/// A player's mention.
pub fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// A Discord timestamp the client shows relative to now ("in 2 minutes") and keeps current.
pub fn relative_time(at: Millis) -> String {
    format!("<t:{}:R>", at.div_euclid(1000))
}

fn stone(color: Color) -> &'static str {
    match color {
        Color::Black => "⚫",
        Color::White => "⚪",
    }
}

fn color_name(lang: Lang, color: Color) -> &'static str {
    match color {
        Color::Black => lang.pick("Black", "黑"),
        Color::White => lang.pick("White", "白"),
    }
}

/// The embed of the board message.
pub fn board_embed(m: &Match, lang: Lang) -> CreateEmbed {
    let game = &m.game;
    let size = game.size().get();
    let title = format!(
        "{} · {size}×{size} · {}",
        lang.pick("Go", "围棋"),
        m.config.rules
    );
    let players = format!(
        "{} {} ({})  vs  {} {} ({})",
        stone(Color::Black),
        mention(m.players.black),
        color_name(lang, Color::Black),
        stone(Color::White),
        mention(m.players.white),
        color_name(lang, Color::White),
    );
    let caps = game.captures();
    let mut embed = CreateEmbed::new()
        .title(title)
        .description(players)
        .image(format!("attachment://{BOARD_FILE}"))
        .field(
            lang.pick("Move", "手数"),
            game.moves().len().to_string(),
            true,
        )
        .field(
            lang.pick("Captures", "提子"),
            format!("⚫ {} · ⚪ {}", caps.black, caps.white),
            true,
        )
        .field(lang.pick("Komi", "贴目"), m.config.komi.to_string(), true);
    if game.rules().pass_stones {
        // AGA: each pass handed the opponent a stone, counted with the prisoners.
        let given = game.pass_stones();
        embed = embed.field(
            lang.pick("Pass stones", "停着交子"),
            format!("⚫ {} · ⚪ {}", given.black, given.white),
            true,
        );
    }
    match m.ending() {
        None if m.in_agreement() => {
            embed = agreement_fields(m, embed, lang).colour(WOOD);
        }
        None => {
            let to_move = game.to_move();
            embed = embed
                .colour(WOOD)
                .field(
                    lang.pick("Turn", "轮到"),
                    format!(
                        "{} {} ({})",
                        stone(to_move),
                        mention(m.players[to_move]),
                        color_name(lang, to_move)
                    ),
                    true,
                )
                .field(
                    lang.pick("Turn ends", "本手截止"),
                    relative_time(m.turn_deadline),
                    true,
                )
                .field(
                    lang.pick("Game ends", "对局截止"),
                    relative_time(m.ends_at),
                    true,
                )
                .footer(CreateEmbedFooter::new(lang.pick(
                    "Click the region of your point, then the point. Resign: press twice.",
                    "先点击目标点所在的区域，再点击该点落子。认输需连按两次。",
                )));
        }
        Some(ending) => {
            embed = embed.colour(OVER).field(
                lang.pick("Result", "结果"),
                ending_text(m, ending, lang),
                false,
            );
        }
    }
    embed
}

/// The fields of the dead-stone agreement phase: what is marked, the score if accepted, who
/// has accepted, and when the marking is accepted for whoever stays silent.
fn agreement_fields(m: &Match, embed: CreateEmbed, lang: Lang) -> CreateEmbed {
    let Some(agreement) = m.agreement.as_ref() else {
        return embed;
    };
    let chains = agreement.dead.len();
    let stones = m.dead_points().len();
    let marked = if chains == 0 {
        lang.pick("No stones are marked dead.", "没有标记死子。")
            .to_owned()
    } else {
        format!(
            "{} {chains} {} ({stones} {}), {}",
            lang.pick("Marked dead:", "标记为死子："),
            lang.pick("chain(s)", "块"),
            lang.pick("stone(s)", "子"),
            lang.pick("crossed on the board.", "棋盘上以叉号标出。"),
        )
    };
    let count = m.count();
    let s = count.half_points();
    let accepted = |c: Color| {
        format!(
            "{} {}",
            stone(c),
            if agreement.accepted[c] {
                lang.pick("✅ accepted", "✅ 已接受")
            } else {
                lang.pick("⏳ not yet", "⏳ 未接受")
            }
        )
    };
    embed
        .field(
            lang.pick("Both passed: the dead stones", "双方停一手：确认死子"),
            format!(
                "{marked}\n{}",
                lang.pick(
                    "Click a region, then a stone, to mark its chain dead or alive again. **Accept** when the marking is right; **Resume play** to settle it over the board.",
                    "先点击区域，再点击棋子，即可把整块棋标为死子或改回活棋。标记无误请点 **接受**；有争议请点 **继续对局**，在棋盘上解决。",
                )
            ),
            false,
        )
        .field(
            lang.pick("If accepted", "若接受"),
            format!(
                "{} {} · {} {} → **{}**\n{}",
                color_name(lang, Color::Black),
                format_half_points(s.black),
                color_name(lang, Color::White),
                format_half_points(s.white),
                count.result(),
                counting_method(m, lang),
            ),
            false,
        )
        .field(
            lang.pick("Accepted", "已接受"),
            format!("{} · {}", accepted(Color::Black), accepted(Color::White)),
            true,
        )
        .field(
            lang.pick("Accepted for both", "自动接受"),
            relative_time(m.turn_deadline.min(m.ends_at)),
            true,
        )
        .footer(CreateEmbedFooter::new(lang.pick(
            "A player who does nothing accepts the marking when the time runs out.",
            "超时未操作视为接受当前标记。",
        )))
}

/// How a count under the match's rules is made, in one sentence.
fn counting_method(m: &Match, lang: Lang) -> &'static str {
    let rules = m.config.rules.rules();
    match (rules.dead_stones, rules.scoring, rules.pass_stones) {
        (crate::go::DeadStones::PlayOut, _, _) => lang.pick(
            "Counted by area exactly as the board stands (classic rules: no dead stones are removed).",
            "按盘面原样数子（经典规则：不提死子）。",
        ),
        (_, Scoring::Territory, _) => lang.pick(
            "Counted by territory plus prisoners (Japanese rules): dead stones become prisoners; no points in seki.",
            "按数目计算（日本规则）：地加提子，死子算作提子，双活无目。",
        ),
        (_, Scoring::Area, true) => lang.pick(
            "Counted by area (AGA rules): stones plus territory, dead stones removed; each pass handed the opponent a stone.",
            "按数子计算（AGA 规则）：活子加地，提去死子；每次停一手交给对方一枚子。",
        ),
        (_, Scoring::Area, false) => lang.pick(
            "Counted by area (Chinese rules): stones plus territory, dead stones removed.",
            "按数子计算（中国规则）：活子加地，提去死子。",
        ),
    }
}

/// The result of an ended game in words.
pub fn ending_text(m: &Match, ending: Ending, lang: Lang) -> String {
    match ending {
        Ending::Finished { result, reason } => {
            let who = |c: Color| format!("{} {}", stone(c), mention(m.players[c]));
            let head = match result {
                GameResult::Points {
                    winner,
                    half_points,
                } => format!(
                    "{} {} {} ({result})",
                    who(winner),
                    lang.pick("wins by", "胜"),
                    format_half_points(i64::from(half_points)),
                ),
                GameResult::Resignation { winner } => {
                    format!(
                        "{} {} ({result})",
                        who(winner),
                        lang.pick("wins by resignation", "中盘胜")
                    )
                }
                GameResult::Time { winner } => format!(
                    "{} {} ({result})",
                    who(winner),
                    lang.pick("wins on time", "超时胜")
                ),
                GameResult::Draw => lang.pick("A draw (jigo).", "和棋。").to_owned(),
                GameResult::Void => lang.pick("Not counted.", "不计胜负。").to_owned(),
            };
            match reason {
                EndReason::TwoPasses => {
                    let count = m.count();
                    let s = count.half_points();
                    let mut how = counting_method(m, lang).to_owned();
                    if m.config.rules.rules().dead_stones == crate::go::DeadStones::Agreement {
                        let chains = m.dead_stones().len();
                        how.push(' ');
                        how.push_str(&if chains == 0 {
                            lang.pick("No stones were dead.", "没有死子。").to_owned()
                        } else {
                            format!(
                                "{} {chains} {} ({} {}).",
                                lang.pick("Agreed dead:", "双方确认的死子："),
                                lang.pick("chain(s)", "块"),
                                m.dead_points().len(),
                                lang.pick("stone(s)", "子"),
                            )
                        });
                    }
                    format!(
                        "{head}\n{} {} · {} {} ({} {})\n{how}",
                        color_name(lang, Color::Black),
                        format_half_points(s.black),
                        color_name(lang, Color::White),
                        format_half_points(s.white),
                        lang.pick("komi", "贴目"),
                        m.config.komi,
                    )
                }
                EndReason::Resignation => head,
            }
        }
        Ending::Abandoned(cause) => {
            let why = match cause {
                AbandonCause::TwoAutomaticPasses => {
                    lang.pick("both players were away", "双方均未落子")
                }
                AbandonCause::Offline(_) => lang.pick(
                    "a player went offline and did not come back",
                    "一方离线未归",
                ),
                AbandonCause::TimeCap => {
                    lang.pick("the game ran past its time limit", "对局超过时限")
                }
            };
            format!(
                "{} ({why}). {}",
                lang.pick("Abandoned", "对局作废"),
                lang.pick("It counts for no one.", "不计胜负，不给奖励。")
            )
        }
    }
}

/// The buttons of the board message: one per region, then Pass and Resign. None once over.
pub fn board_components(m: &Match, lang: Lang) -> Vec<CreateActionRow> {
    if !m.is_running() {
        return Vec::new();
    }
    let size = m.game.size();
    let move_number = m.move_count();
    let all = regions(size);
    let per_row = crate::render::regions::grid_shape(size).1.max(1);
    let mut rows: Vec<CreateActionRow> = all
        .chunks(per_row)
        .enumerate()
        .map(|(r, chunk)| {
            CreateActionRow::Buttons(
                chunk
                    .iter()
                    .enumerate()
                    .map(|(i, region)| {
                        let index = u8::try_from(r * per_row + i).unwrap_or(u8::MAX);
                        CreateButton::new(
                            ButtonId::Region {
                                game: m.id,
                                move_number,
                                region: index,
                            }
                            .to_string(),
                        )
                        .label(region.label())
                        .style(ButtonStyle::Secondary)
                    })
                    .collect(),
            )
        })
        .collect();
    let button = |id: ButtonId, en: &str, zh: &str, style: ButtonStyle| {
        CreateButton::new(id.to_string())
            .label(lang.pick(en, zh))
            .style(style)
    };
    let game = m.id;
    let mut actions = match m.agreement.as_ref() {
        Some(agreement) => vec![
            button(
                ButtonId::AcceptMarking {
                    game,
                    move_number,
                    marking: agreement.version,
                },
                "Accept",
                "接受",
                ButtonStyle::Success,
            ),
            button(
                ButtonId::Resume { game, move_number },
                "Resume play",
                "继续对局",
                ButtonStyle::Primary,
            ),
        ],
        None => vec![button(
            ButtonId::Pass { game, move_number },
            "Pass",
            "停一手",
            ButtonStyle::Primary,
        )],
    };
    actions.push(button(
        ButtonId::Resign { game, move_number },
        "Resign",
        "认输",
        ButtonStyle::Danger,
    ));
    rows.push(CreateActionRow::Buttons(actions));
    rows
}

/// The region of a board by its index, if there is one.
pub fn region(m: &Match, index: u8) -> Option<Region> {
    regions(m.game.size()).get(usize::from(index)).copied()
}

/// The private point picker of one region: a button per point, top row first like the image;
/// stones shown, occupied and illegal points disabled.
pub fn point_picker(m: &Match, region: &Region) -> Vec<CreateActionRow> {
    let game = &m.game;
    let move_number = m.move_count();
    let to_move = game.to_move();
    let width = usize::from(region.width()).max(1);
    let points: Vec<Point> = region.points().collect();
    points
        .chunks(width)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|&p| {
                        let occupant = game.board().get(p);
                        let legal = occupant.is_none() && game.is_legal_for(to_move, Move::Play(p));
                        let mut b = CreateButton::new(
                            ButtonId::Play {
                                game: m.id,
                                move_number,
                                point: p,
                            }
                            .to_string(),
                        )
                        .label(p.to_string())
                        .style(if legal {
                            ButtonStyle::Success
                        } else {
                            ButtonStyle::Secondary
                        })
                        .disabled(!legal);
                        if let Some(c) = occupant {
                            b = b.emoji(ReactionType::Unicode(stone(c).to_owned()));
                        }
                        b
                    })
                    .collect(),
            )
        })
        .collect()
}

/// The private picker of one region during the dead-stone agreement: a button per point, top
/// row first like the image; each stone toggles its chain (a dead one shown with a cross),
/// empty points are disabled.
pub fn mark_picker(m: &Match, region: &Region) -> Vec<CreateActionRow> {
    let board = m.game.board();
    let move_number = m.move_count();
    let marking = m.agreement.as_ref().map_or(0, |a| a.version);
    let dead = m.dead_points();
    let width = usize::from(region.width()).max(1);
    let points: Vec<Point> = region.points().collect();
    points
        .chunks(width)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|&p| {
                        let occupant = board.get(p);
                        let is_dead = dead.contains(&p);
                        let mut b = CreateButton::new(
                            ButtonId::Mark {
                                game: m.id,
                                move_number,
                                marking,
                                point: p,
                            }
                            .to_string(),
                        )
                        .label(p.to_string())
                        .style(if is_dead {
                            ButtonStyle::Danger
                        } else if occupant.is_some() {
                            ButtonStyle::Success
                        } else {
                            ButtonStyle::Secondary
                        })
                        .disabled(occupant.is_none());
                        if let Some(c) = occupant {
                            let emoji = if is_dead { "❌" } else { stone(c) };
                            b = b.emoji(ReactionType::Unicode(emoji.to_owned()));
                        }
                        b
                    })
                    .collect(),
            )
        })
        .collect()
}

/// The words above the mark picker: the region, and what a click does.
pub fn mark_picker_text(m: &Match, region: &Region, lang: Lang) -> String {
    let chains = m.dead_stones().len();
    format!(
        "{} **{}**: {} ({} {chains}).",
        lang.pick("Dead stones in", "死子标记，区域"),
        region.label(),
        lang.pick(
            "click a stone to mark its whole chain dead (❌) or alive again",
            "点击棋子即可把整块棋标为死子（❌）或改回活棋",
        ),
        lang.pick("chains marked dead now:", "当前死子块数："),
    )
}

/// The invitation message's text.
pub fn invitation_text(inv: &Invitation, size: u8, rules: &str, komi: &str, lang: Lang) -> String {
    format!(
        "{} {} {} {}×{} · {rules} · {} {komi}.\n{}",
        mention(inv.invitee),
        mention(inv.inviter),
        lang.pick("invites you to a game of Go:", "邀请你下一盘围棋："),
        size,
        size,
        lang.pick("komi", "贴目"),
        lang.pick(
            &format!(
                "Whoever accepts plays Black and moves first. Expires {}.",
                relative_time(inv.expires_at)
            ),
            &format!(
                "接受的一方执黑先行。{} 过期。",
                relative_time(inv.expires_at)
            ),
        ),
    )
}

/// The Accept and Decline buttons of an invitation (disabled once it is answered or expired).
pub fn invitation_components(inv_id: i64, lang: Lang, enabled: bool) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(ButtonId::Accept { invitation: inv_id }.to_string())
            .label(lang.pick("Accept", "接受"))
            .style(ButtonStyle::Success)
            .disabled(!enabled),
        CreateButton::new(ButtonId::Decline { invitation: inv_id }.to_string())
            .label(lang.pick("Decline", "拒绝"))
            .style(ButtonStyle::Danger)
            .disabled(!enabled),
    ])]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{MatchConfig, MeritRules, matches::Action};
    use crate::go::{BoardSize, Komi, MAX_SIZE, MIN_SIZE, RuleSet};
    use serde_json::Value;
    use std::collections::HashSet;

    fn a_match(n: u8) -> Match {
        let config = MatchConfig {
            size: BoardSize::new(n).unwrap(),
            rules: RuleSet::Classic,
            komi: Komi::from_half_points(11),
            turn_timeout_ms: 180_000,
            grace_ms: 120_000,
            max_ms: 3_600_000,
            resign_window_ms: 10_000,
            merit: MeritRules {
                min_moves: 20,
                amount: 5,
                winner_bonus: 3,
                lifetime_cap: 25,
            },
        };
        Match::new(
            i64::MAX,
            1,
            2,
            1_400_000_000_000_000_001,
            1_400_000_000_000_000_002,
            config,
            1_800_000_000_000,
        )
    }

    fn json<T: serde::Serialize>(v: &T) -> Value {
        serde_json::to_value(v).unwrap()
    }

    /// Every custom id, button count and row count within Discord's limits.
    fn assert_within_limits(rows: &[CreateActionRow]) -> Vec<String> {
        assert!(rows.len() <= 5, "at most 5 rows");
        let mut ids = Vec::new();
        for row in rows {
            let row = json(row);
            let buttons = row["components"].as_array().unwrap();
            assert!(
                !buttons.is_empty() && buttons.len() <= 5,
                "1 to 5 buttons a row"
            );
            for b in buttons {
                let id = b["custom_id"].as_str().unwrap().to_owned();
                assert!(id.len() <= 100);
                assert!(b["label"].as_str().unwrap().chars().count() <= 80);
                ids.push(id);
            }
        }
        let unique: HashSet<&String> = ids.iter().collect();
        assert_eq!(
            unique.len(),
            ids.len(),
            "custom ids are unique in a message"
        );
        ids
    }

    #[test]
    fn every_size_is_playable_in_two_clicks_within_five_rows_of_five() {
        for n in MIN_SIZE..=MAX_SIZE {
            let m = a_match(n);
            let rows = board_components(&m, Lang::En);
            let ids = assert_within_limits(&rows);
            let mut reached = HashSet::new();
            for id in ids {
                match ButtonId::decode(&id).unwrap() {
                    ButtonId::Region {
                        region: index,
                        move_number,
                        ..
                    } => {
                        assert_eq!(move_number, 0);
                        let r = region(&m, index).unwrap();
                        let picker = point_picker(&m, &r);
                        for pid in assert_within_limits(&picker) {
                            let ButtonId::Play { point, .. } = ButtonId::decode(&pid).unwrap()
                            else {
                                panic!("{pid}")
                            };
                            assert!(r.contains(point));
                            assert!(reached.insert(point), "{point} in two regions");
                        }
                    }
                    ButtonId::Pass { .. } | ButtonId::Resign { .. } => {}
                    other => panic!("unexpected {other:?}"),
                }
            }
            assert_eq!(
                reached.len(),
                m.game.size().points(),
                "{n}×{n}: every point in two clicks"
            );
        }
    }

    #[test]
    fn occupied_and_illegal_points_are_disabled_and_stones_shown() {
        let mut m = a_match(5);
        // Black C3, White B3 D3 C4 C2? Build a suicide point for Black at A1: White A2, B1.
        for (c, p) in [
            (Color::Black, "E5"),
            (Color::White, "A2"),
            (Color::Black, "E4"),
            (Color::White, "B1"),
        ] {
            m.game.play_as(c, Move::Play(p.parse().unwrap())).unwrap();
        }
        assert_eq!(m.game.to_move(), Color::Black);
        let r = regions(m.game.size())[0];
        let picker = json(&point_picker(&m, &r));
        let button = |name: &str| -> Value {
            picker
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|row| row["components"].as_array().unwrap().clone())
                .find(|b| b["label"] == name)
                .unwrap()
        };
        assert_eq!(button("A1")["disabled"], true, "suicide for Black");
        assert_eq!(button("A2")["disabled"], true, "occupied");
        assert_eq!(button("A2")["emoji"]["name"], "⚪");
        assert_eq!(button("C3")["disabled"], false);
    }

    /// A 5×5 AGA game in the agreement phase: Black holds columns A–C, White D–E, and a White
    /// stone at A3 is marked dead.
    ///
    /// ```text
    ///   5 . . X O .
    ///   4 . X X O .
    ///   3 O . X O .
    ///   2 . . X O .
    ///   1 . . X O .
    ///     A B C D E
    /// ```
    fn in_agreement() -> Match {
        let mut m = a_match(5);
        m.config.rules = RuleSet::Aga;
        m.game = crate::go::Game::new(m.config.size, RuleSet::Aga.with_komi(m.config.komi));
        let moves = [
            "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "B4", "A3",
        ];
        let mut now = 1_800_000_000_000;
        for p in moves {
            let by = m.player_to_move();
            m.apply(Some(by), Action::Play(p.parse().unwrap()), None, now)
                .unwrap();
            now += 1000;
        }
        for _ in 0..2 {
            let by = m.player_to_move();
            m.apply(Some(by), Action::Pass, None, now).unwrap();
        }
        assert!(m.in_agreement(), "two passes open the agreement phase");
        m.agreement = Some(crate::game::Agreement::new(vec!["A3".parse().unwrap()]));
        m
    }

    #[test]
    fn the_agreement_phase_offers_accept_resume_and_resign_instead_of_pass() {
        let m = in_agreement();
        let rows = board_components(&m, Lang::En);
        let ids = assert_within_limits(&rows);
        let actions: Vec<ButtonId> = ids
            .iter()
            .map(|id| ButtonId::decode(id).unwrap())
            .filter(|b| !matches!(b, ButtonId::Region { .. }))
            .collect();
        assert_eq!(
            actions,
            vec![
                ButtonId::AcceptMarking {
                    game: m.id,
                    move_number: 14,
                    marking: 0
                },
                ButtonId::Resume {
                    game: m.id,
                    move_number: 14
                },
                ButtonId::Resign {
                    game: m.id,
                    move_number: 14
                },
            ]
        );
    }

    #[test]
    fn the_mark_picker_toggles_stones_and_shows_the_dead_crossed() {
        let m = in_agreement();
        let r = regions(m.game.size())[0];
        let picker = assert_within_limits(&mark_picker(&m, &r));
        assert!(
            picker
                .iter()
                .all(|id| matches!(ButtonId::decode(id), Ok(ButtonId::Mark { .. })))
        );
        let json = json(&mark_picker(&m, &r));
        let button = |name: &str| -> Value {
            json.as_array()
                .unwrap()
                .iter()
                .flat_map(|row| row["components"].as_array().unwrap().clone())
                .find(|b| b["label"] == name)
                .unwrap()
        };
        assert_eq!(button("A3")["emoji"]["name"], "❌", "marked dead");
        assert_eq!(button("A3")["disabled"], false);
        assert_eq!(button("C3")["emoji"]["name"], "⚫");
        assert_eq!(
            button("C3")["disabled"],
            false,
            "a living stone can be marked"
        );
        assert_eq!(
            button("B3")["disabled"],
            true,
            "an empty point marks nothing"
        );
    }

    #[test]
    fn the_agreement_embed_states_the_score_if_accepted_and_how_it_is_counted() {
        let m = in_agreement();
        // Black: 6 stones and the 9 other points of columns A–B, the dead stone's included:
        // 15. White: 5 stones, 5 points of column E and 5.5 komi: 15.5.
        let count = m.count();
        assert_eq!(count.result().to_string(), "W+0.5");
        for lang in [Lang::En, Lang::Zh] {
            let e = json(&board_embed(&m, lang));
            let fields = e["fields"].as_array().unwrap();
            let text = serde_json::to_string(fields).unwrap();
            assert!(text.contains("W+0.5"), "{text}");
            assert!(fields.len() <= 25);
            for f in fields {
                assert!(f["value"].as_str().unwrap().len() <= 1024);
            }
        }
        let e = json(&board_embed(&m, Lang::En));
        let text = serde_json::to_string(&e).unwrap();
        assert!(text.contains("Counted by area (AGA rules)"), "{text}");
        // Black passed first, White last: each received one stone for the other's pass.
        assert!(
            text.contains(r#""name":"Pass stones","value":"⚫ 1 · ⚪ 1""#),
            "{text}"
        );
        assert!(
            text.contains("Marked dead: 1 chain(s) (1 stone(s))"),
            "{text}"
        );
    }

    #[test]
    fn the_embed_stays_within_discords_limits() {
        for n in [5, 9, 19] {
            for lang in [Lang::En, Lang::Zh] {
                let m = a_match(n);
                let e = json(&board_embed(&m, lang));
                assert!(e["title"].as_str().unwrap().len() <= 256);
                assert!(e["description"].as_str().unwrap().len() <= 4096);
                let fields = e["fields"].as_array().unwrap();
                assert!(fields.len() <= 25);
                for f in fields {
                    assert!(f["name"].as_str().unwrap().len() <= 256);
                    assert!(f["value"].as_str().unwrap().len() <= 1024);
                }
                assert_eq!(e["image"]["url"], "attachment://board.png");
                let total: usize = serde_json::to_string(&e).unwrap().len();
                assert!(total < 6000);
            }
        }
    }

    #[test]
    fn an_ended_game_has_no_buttons() {
        let mut m = a_match(9);
        m.status = crate::game::Status::Ended {
            ending: Ending::Abandoned(AbandonCause::TimeCap),
            at: 0,
        };
        assert!(board_components(&m, Lang::En).is_empty());
        let e = json(&board_embed(&m, Lang::En));
        assert!(
            e["fields"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f["value"].as_str().unwrap().contains("Abandoned"))
        );
    }
}
