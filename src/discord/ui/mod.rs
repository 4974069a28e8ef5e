//! What players see, as Discord message parts: the board message ([`board_message`]), the private
//! pickers ([`picker`]), invitations, status, profiles, and the words for every game thing
//! ([`words`]). Pure builders: they read what `game` decided and draw it; they decide no rule.

pub mod board_message;
pub mod estimate_board;
pub mod event_message;
pub mod event_pictures;
pub mod fit;
pub mod games_list;
pub mod invitation_message;
pub mod nigiri_buttons;
pub mod notices;
pub mod picker;
pub mod problem_board;
pub mod profile_embeds;
pub mod result_text;
pub mod review_message;
pub mod status_text;
pub mod team_board;
pub mod words;

use crate::game::{Timestamp, UserId};
use crate::go::Color;

use super::i18n::{self, Lang};

/// The file name the board image is attached under (`attachment://board.png`).
pub const BOARD_FILE: &str = "board.png";

/// A member's mention.
pub fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// A seat of a match read back without its match (a row): the player's mention, or "a team"
/// for a consultation team's seat, which is no one's.
pub fn seat_name(user: UserId, lang: Lang) -> String {
    if crate::game::teams::is_team_seat(user) {
        i18n::tr!(lang, "team-seat")
    } else {
        mention(user)
    }
}

/// A Discord timestamp the client shows relative to now ("in 2 minutes") and keeps current.
pub fn relative_time(at: Timestamp) -> String {
    format!("<t:{}:R>", at.seconds())
}

/// The stone of a colour, as the text shows it.
pub fn stone(color: Color) -> &'static str {
    match color {
        Color::Black => "⚫",
        Color::White => "⚪",
    }
}

#[cfg(test)]
mod tests {
    use super::super::custom_id::ButtonId;
    use super::super::i18n::Lang;
    use super::*;
    use crate::game::{AbandonCause, Ending, Match};
    use crate::game::{
        ChannelId, Duration, GuildId, MatchConfig, MatchId, MeritRules, Timestamp, UserId,
        matches::Action,
    };
    use crate::go::ByColor;
    use crate::go::{BoardSize, Color, Komi, MAX_SIZE, MIN_SIZE, Move, RuleSet};
    use serde_json::Value;
    use serenity::all::CreateActionRow;
    use std::collections::HashSet;

    fn a_match(n: u8) -> Match {
        let config = MatchConfig {
            size: BoardSize::new(n).unwrap(),
            rules: RuleSet::Classic,
            komi: Komi::from_half_points(11),
            handicap: 0,
            free_handicap: false,
            ranked: false,
            time: crate::game::time_control::TimeControl::Turn,
            takebacks: true,
            turn_timeout: Duration::from_secs(180),
            grace: Duration::from_secs(120),
            max_length: Duration::from_secs(3600),
            resign_window: Duration::from_secs(10),
            merit: MeritRules {
                min_moves: 20,
                amount: 5,
                winner_bonus: 3,
                lifetime_cap: 25,
            },
            event: None,
        };
        Match::new(
            MatchId(i64::MAX),
            GuildId(1),
            ChannelId(2),
            ByColor {
                black: UserId(1_400_000_000_000_000_001),
                white: UserId(1_400_000_000_000_000_002),
            },
            config,
            Timestamp::from_millis(1_800_000_000_000),
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
            let rows = board_message::components(&m, Lang::En, None);
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
                        let r = picker::region(&m, index).unwrap();
                        let picker = picker::points(&m, &r);
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
        let r = crate::render::regions::regions(m.game.size())[0];
        let picker = json(&picker::points(&m, &r));
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
        let now = Timestamp::from_millis(1_800_000_000_000);
        for p in moves {
            let by = m.player_to_move();
            m.apply(Some(by), Action::Play(p.parse().unwrap()), None, now)
                .unwrap();
        }
        for _ in 0..2 {
            let by = m.player_to_move();
            m.apply(Some(by), Action::Pass, None, now).unwrap();
        }
        assert!(m.in_agreement(), "two passes open the agreement phase");
        m.phase =
            crate::game::Phase::Agreement(crate::game::Agreement::new(vec!["A3".parse().unwrap()]));
        m
    }

    #[test]
    fn the_agreement_phase_offers_accept_resume_and_resign_instead_of_pass() {
        let m = in_agreement();
        let rows = board_message::components(&m, Lang::En, None);
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
        let r = crate::render::regions::regions(m.game.size())[0];
        let picker = assert_within_limits(&picker::marks(&m, &r));
        assert!(
            picker
                .iter()
                .all(|id| matches!(ButtonId::decode(id), Ok(ButtonId::Mark { .. })))
        );
        let json = json(&picker::marks(&m, &r));
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
        for lang in [Lang::En, Lang::ZhCn, Lang::ZhTw, Lang::Ja, Lang::Ko] {
            let e = json(&board_message::embed(&m, lang));
            let fields = e["fields"].as_array().unwrap();
            let text = serde_json::to_string(fields).unwrap();
            assert!(text.contains("W+0.5"), "{text}");
            assert!(fields.len() <= 25);
            for f in fields {
                assert!(f["value"].as_str().unwrap().len() <= 1024);
            }
        }
        let e = json(&board_message::embed(&m, Lang::En));
        let text = serde_json::to_string(&e).unwrap();
        assert!(text.contains("Counted by area (AGA rules)"), "{text}");
        // Black passed first, White last: each received one stone for the other's pass.
        assert!(
            text.contains(r#""name":"Pass stones","value":"⚫ 1 · ⚪ 1""#),
            "{text}"
        );
        assert!(text.contains("Marked dead: 1 chain (1 stone)"), "{text}");
    }

    #[test]
    fn the_embed_stays_within_discords_limits() {
        for n in [5, 9, 19] {
            for lang in [Lang::En, Lang::ZhCn, Lang::ZhTw, Lang::Ja, Lang::Ko] {
                let m = a_match(n);
                let e = json(&board_message::embed(&m, lang));
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

    /// An invitation on 9×9 Chinese with `handicap` (ranked when there is one).
    fn invitation(handicap: u8) -> crate::game::Invitation {
        use crate::game::{Invitation, InvitationId, Terms};
        Invitation {
            id: InvitationId(1),
            guild: GuildId(1),
            channel: ChannelId(2),
            inviter: UserId(3),
            invitee: UserId(4),
            terms: Terms {
                size: BoardSize::NINE,
                rules: RuleSet::Chinese,
                komi: Komi::from_half_points(9),
                handicap,
                ranked: handicap > 0,
                colours: crate::game::Colours::ACCEPTOR_BLACK,
                time: crate::game::time_control::TimeControl::Turn,
            },
            created_at: Timestamp::from_millis(0),
            expires_at: Timestamp::from_millis(60_000),
            nigiri: None,
            pair: None,
            open: None,
        }
    }

    #[test]
    fn an_invitation_says_why_its_inviter_or_invitee_plays_black() {
        let inv = invitation;
        // As the terms say, and nothing else: a rank only decides a ranked game's colours.
        use crate::game::{Colours, ColoursWhy};
        let with = |handicap, inviter, why| {
            let mut i = inv(handicap);
            i.terms.colours = Colours { inviter, why };
            invitation_message::text(&i, Lang::En)
        };
        let swapped = with(0, Color::Black, ColoursWhy::RematchSwapped);
        assert!(
            swapped.contains("The colours swap for a rematch: <@3> plays Black.")
                && !swapped.contains("lower rank"),
            "{swapped}"
        );
        let swapped = with(0, Color::White, ColoursWhy::RematchSwapped);
        assert!(swapped.contains("<@4> plays Black"), "{swapped}");
        let kept = with(4, Color::Black, ColoursWhy::RematchHandicap);
        assert!(kept.contains("keeps the handicap: <@3>"), "{kept}");
        let ranked = with(4, Color::Black, ColoursWhy::LowerRank);
        assert!(ranked.contains("<@3> holds the lower rank"), "{ranked}");
        let chosen = with(0, Color::White, ColoursWhy::Chosen);
        assert!(chosen.contains("<@3> chose White."), "{chosen}");
        for lang in Lang::ALL {
            let mut texts: Vec<String> = [
                (Color::White, ColoursWhy::Acceptor),
                (Color::Black, ColoursWhy::RematchSwapped),
                (Color::Black, ColoursWhy::RematchHandicap),
                (Color::Black, ColoursWhy::LowerRank),
                (Color::White, ColoursWhy::Chosen),
            ]
            .into_iter()
            .map(|(inviter, why)| {
                let mut i = inv(4);
                i.terms.colours = Colours { inviter, why };
                invitation_message::text(&i, lang)
            })
            .collect();
            texts.sort();
            texts.dedup();
            assert_eq!(texts.len(), 5, "{lang:?}: each reason in its own words");
        }
    }

    #[test]
    fn a_handicap_game_says_so_on_the_invitation_and_the_board() {
        let inv = invitation;
        let text = invitation_message::text(&inv(4), Lang::En);
        assert!(
            text.contains("komi 4.5 · 4 handicap stones, placed by Black · ranked."),
            "{text}"
        );
        assert!(text.contains("White moves first"), "{text}");
        let even = invitation_message::text(&inv(0), Lang::En);
        assert!(
            !even.contains("handicap") && !even.contains("ranked"),
            "{even}"
        );
        assert!(
            even.contains("Whoever accepts plays Black. Black moves first."),
            "{even}"
        );
        for lang in [Lang::ZhCn, Lang::ZhTw, Lang::Ja, Lang::Ko] {
            assert_ne!(
                invitation_message::text(&inv(4), lang),
                invitation_message::text(&inv(0), lang)
            );
        }
        let mut m = a_match(9);
        m.config.handicap = 4;
        let e = json(&board_message::embed(&m, Lang::ZhCn)).to_string();
        assert!(e.contains(r#""name":"让子","value":"让 4 子""#), "{e}");
        // Black placing the stones of a free handicap: the turn says how far, and no Pass.
        m.config.free_handicap = true;
        m.put_handicap_stone("E5".parse().unwrap()).unwrap();
        let e = json(&board_message::embed(&m, Lang::En)).to_string();
        assert!(e.contains("4 handicap stones, placed by Black"), "{e}");
        assert!(e.contains("Placing the handicap stones: 1 of 4"), "{e}");
        let rows = json(&board_message::components(&m, Lang::En, None));
        let pass = rows
            .as_array()
            .and_then(|r| r.last())
            .and_then(|r| r["components"].as_array())
            .and_then(|b| b.iter().find(|b| b["label"] == "Pass"))
            .cloned()
            .unwrap_or_default();
        assert_eq!(pass["disabled"], true, "{rows}");
        m.config.handicap = 0;
        m.config.free_handicap = false;
        let e = json(&board_message::embed(&m, Lang::En)).to_string();
        assert!(!e.contains("Handicap"), "{e}");
    }

    #[test]
    fn a_tie_under_the_ing_rules_says_black_wins_it() {
        use crate::game::{EndReason, Ending};
        use crate::go::GameResult;
        let mut m = a_match(9);
        m.config.rules = RuleSet::Ing;
        m.game = crate::go::Game::new(m.config.size, RuleSet::Ing.rules());
        let tie = Ending::Finished {
            result: GameResult::Points {
                winner: crate::go::Color::Black,
                half_points: 0,
            },
            reason: EndReason::TwoPasses,
        };
        let text = board_message::ending_text(&m, tie, Lang::En);
        assert!(
            text.contains(
                "the scores are equal, and under the Ing rules a tie goes to Black (B+0)"
            ),
            "{text}"
        );
        for lang in [Lang::ZhCn, Lang::ZhTw, Lang::Ja, Lang::Ko] {
            assert!(board_message::ending_text(&m, tie, lang).contains("B+0"));
        }
    }

    #[test]
    fn the_computer_is_busy_or_switched_off_by_the_host() {
        use crate::game::Refusal;
        for lang in [Lang::En, Lang::ZhCn, Lang::ZhTw, Lang::Ja, Lang::Ko] {
            let busy = words::refusal(lang, &Refusal::ComputerBusy { max: 4 });
            let off = words::refusal(lang, &Refusal::ComputerBusy { max: 0 });
            assert!(busy.contains('4'), "{busy}");
            assert!(!off.contains('0'), "{off}");
            assert_ne!(busy, off);
        }
        assert_eq!(
            words::refusal(Lang::En, &Refusal::ComputerBusy { max: 0 }),
            "This bot's host has switched games against the computer off."
        );
    }

    #[test]
    fn an_ended_game_has_no_buttons() {
        let mut m = a_match(9);
        m.phase = crate::game::Phase::Ended(crate::game::Ended {
            ending: Ending::Abandoned(AbandonCause::TimeCap),
            at: Timestamp::from_millis(0),
            marking: None,
        });
        assert!(board_message::components(&m, Lang::En, None).is_empty());
        let e = json(&board_message::embed(&m, Lang::En));
        assert!(
            e["fields"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f["value"].as_str().unwrap().contains("Abandoned"))
        );
    }

    /// A channel's team (anyone) against the computer, as `/weiqi-team consult computer:…`
    /// makes it: Black's seat is the team's, no one's.
    fn team_against_the_computer() -> Match {
        use crate::game::teams::{Side, TeamForm, Teams, team_seat};
        let mut m = a_match(9);
        let bot = UserId(1_100_000_000_000_000_001);
        m.players = ByColor {
            black: team_seat(m.id, Color::Black),
            white: bot,
        };
        m.teams = Some(Teams {
            form: TeamForm::Consultation,
            sides: ByColor {
                black: Side::anyone(),
                white: Side::members(vec![bot]),
            },
        });
        m.computer = Some(crate::game::Computer {
            user: bot,
            color: Color::White,
            level: crate::go::Level::Beginner,
            may_resign: false,
        });
        m
    }

    /// Whether a text mentions a user id no one holds (a team's seat, above 2⁶³).
    fn names_a_seat(text: &str) -> bool {
        text.split("<@").skip(1).any(|rest| {
            rest.split('>')
                .next()
                .and_then(|id| id.trim_start_matches('!').parse::<u64>().ok())
                .is_some_and(|id| id >= 1 << 63)
        })
    }

    #[test]
    fn a_team_is_named_by_who_plays_for_it_never_by_its_seat() {
        let m = team_against_the_computer();
        let now = Timestamp::from_millis(1_800_000_000_000);
        let board = json(&board_message::embed(&m, Lang::En)).to_string();
        let status = status_text::text(&m, now, Lang::En);
        let ended = board_message::ending_text(&m, Ending::Annulled, Lang::En);
        let black = team_board::side_name(&m, Color::Black, Lang::En);
        let white = team_board::side_name(&m, Color::White, Lang::En);
        for text in [&board, &status, &ended, &black, &white] {
            assert!(!names_a_seat(text), "a seat named in: {text}");
        }
        assert_eq!(black, "everyone here");
        assert!(white.contains("beginner"), "{white}");
        assert!(status.contains("everyone here"), "{status}");
    }
}
