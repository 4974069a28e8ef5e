//! The board message: its embed (players, move, captures, komi, whose turn and until when; the
//! marking and the score if accepted during the agreement; the result at the end) and its
//! buttons (the region picker, then Pass or Accept/Resume, and Resign).

use crate::discord::web_links::{link_button, with_link_row};
use serenity::all::{ButtonStyle, CreateActionRow, CreateButton, CreateEmbed, CreateEmbedFooter};

use crate::game::nigiri::NigiriStage;
use crate::game::{EndReason, Ending, Match, NIGIRI_GUESSER, NigiriOf};
use crate::go::{Color, GameResult, format_half_points};
use crate::render::regions::{grid_shape, regions};

use super::team_board::side_name;
use super::words::{self, color_name, counting_method, not_counted, rules_name};
use super::{BOARD_FILE, mention, nigiri_buttons, relative_time, stone};
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::{Lang, tr};

/// Embed colours: the board's wood, and muted grey once a game is over.
const WOOD: u32 = 0xD8A95B;
const OVER: u32 = 0x7A7A7A;

/// The title of a game: `Go · 9×9 · Chinese`.
pub fn title(m: &Match, lang: Lang) -> String {
    let size = m.game.size().get();
    tr!(
        lang,
        "board-title",
        size = u32::from(size),
        rules = rules_name(lang, m.config.rules)
    )
}

/// Black and White; during a nigiri, the two players, their colours to be decided.
pub fn players_line(m: &Match, lang: Lang) -> String {
    if m.teams.is_some() {
        return super::team_board::players_line(m, lang);
    }
    if m.in_nigiri() {
        return tr!(
            lang,
            "board-players-nigiri",
            guesser = mention(m.players[NIGIRI_GUESSER]),
            grabber = mention(m.players[!NIGIRI_GUESSER])
        );
    }
    tr!(
        lang,
        "board-players",
        black = side_name(m, Color::Black, lang),
        white = side_name(m, Color::White, lang)
    )
}

/// The embed of the board message.
pub fn embed(m: &Match, lang: Lang) -> CreateEmbed {
    let game = &m.game;
    let caps = game.captures();
    let mut description = players_line(m, lang);
    if let Some(link) = m.config.event {
        // An event's game says so: its players may be in another game at the same time.
        description.push('\n');
        description.push_str(&tr!(
            lang,
            "event-game",
            game = m.id.get(),
            event = link.event.get()
        ));
    }
    let mut e = CreateEmbed::new()
        .title(title(m, lang))
        .description(description)
        .image(format!("attachment://{BOARD_FILE}"))
        .field(
            tr!(lang, "field-move"),
            game.moves().len().to_string(),
            true,
        )
        .field(
            tr!(lang, "field-captures"),
            format!("⚫ {} · ⚪ {}", caps.black, caps.white),
            true,
        )
        .field(tr!(lang, "field-komi"), m.config.komi.to_string(), true);
    if m.config.time.is_real_clock() {
        e = e.field(
            tr!(lang, "field-time"),
            words::time_control_text(lang, m.config.time, m.config.turn_timeout),
            true,
        );
    }
    let free = m.config.free_handicap;
    if let Some(handicap) = words::handicap_terms(lang, m.config.handicap, free) {
        e = e.field(tr!(lang, "field-handicap"), handicap, true);
    }
    if game.rules().pass_stones {
        // AGA: each pass handed the opponent a stone, counted with the prisoners.
        let given = game.pass_stones();
        e = e.field(
            tr!(lang, "field-pass-stones"),
            format!("⚫ {} · ⚪ {}", given.black, given.white),
            true,
        );
    }
    match m.ending() {
        None if m.in_nigiri() => nigiri_fields(m, e, lang).colour(WOOD),
        None if m.in_agreement() => agreement_fields(m, e, lang).colour(WOOD),
        None => turn_fields(m, e.colour(WOOD), lang),
        Some(ending) => e.colour(OVER).field(
            tr!(lang, "field-result"),
            ending_text(m, ending, lang),
            false,
        ),
    }
}

/// The fields of a game in play: whose turn (a takeback asked, handicap stones being placed)
/// and the clocks, or the turn's and the game's deadlines.
fn turn_fields(m: &Match, e: CreateEmbed, lang: Lang) -> CreateEmbed {
    let to_move = m.game.to_move();
    let mut turn = if m.teams.is_some() {
        super::team_board::turn_text(m, lang)
    } else if m.is_computer(m.players[to_move]) {
        format!("{} {}", stone(to_move), tr!(lang, "computer-thinking"))
    } else {
        format!(
            "{} {} ({})",
            stone(to_move),
            mention(m.players[to_move]),
            color_name(lang, to_move)
        )
    };
    if let Some(asker) = m.undo_request {
        turn.push('\n');
        turn.push_str(&tr!(
            lang,
            "board-takeback-asked",
            player = mention(m.players[asker]),
            opponent = mention(m.players[!asker])
        ));
    }
    if let Some(number) = m.shown_stand_in() {
        turn.push('\n');
        turn.push_str(&tr!(
            lang,
            "board-stand-in",
            engine = words::level_name(lang, crate::go::Level::Engine),
            number = number
        ));
    }
    if m.placing() {
        turn.push('\n');
        turn.push_str(&tr!(
            lang,
            "board-placing-handicap",
            placed = m.placed.len() as u32,
            stones = u32::from(m.config.handicap)
        ));
    }
    let e = e.field(tr!(lang, "field-turn"), turn, true);
    let e = if m.config.time.is_real_clock() {
        // Both clocks as they stood at the start of the turn, and when the player to move
        // runs out (Discord counts it down without edits).
        let tc = m.config.time;
        let line = |c: Color| format!("{} {}", stone(c), words::clock_text(lang, tc, m.clocks[c]));
        e.field(
            tr!(lang, "field-clocks"),
            format!("{}\n{}", line(Color::Black), line(Color::White)),
            true,
        )
        .field(
            tr!(lang, "field-time-runs-out"),
            relative_time(m.turn_deadline),
            true,
        )
    } else {
        e.field(
            tr!(lang, "field-turn-ends"),
            relative_time(m.turn_deadline),
            true,
        )
        .field(tr!(lang, "field-game-ends"), relative_time(m.ends_at), true)
    };
    e.footer(CreateEmbedFooter::new(tr!(lang, "board-footer")))
}

/// The fields of an event game's nigiri: where it stands, and when the start window closes
/// on whoever has not done their part.
fn nigiri_fields(m: &Match, e: CreateEmbed, lang: Lang) -> CreateEmbed {
    let (guesser, grabber) = (m.players[NIGIRI_GUESSER], m.players[!NIGIRI_GUESSER]);
    let text = match (m.nigiri(), m.awaited()) {
        (Some(NigiriStage::Choose { stones, guess }), Some(chooser)) => {
            nigiri_buttons::opened_text(lang, stones, guess, guesser, chooser)
        }
        _ => tr!(
            lang,
            "board-nigiri-guess",
            guesser = mention(guesser),
            grabber = mention(grabber)
        ),
    };
    let e = e.field(tr!(lang, "field-nigiri"), text, false);
    match m.absence_deadline() {
        Some(at) => e.field(tr!(lang, "field-start-window"), relative_time(at), true),
        None => e,
    }
}

/// The fields of the dead-stone agreement phase: what is marked, the score if accepted, who
/// has accepted, and when the marking is accepted for whoever stays silent.
fn agreement_fields(m: &Match, e: CreateEmbed, lang: Lang) -> CreateEmbed {
    let Some(agreement) = m.agreement() else {
        return e;
    };
    let chains = agreement.dead.len();
    let marked = if chains == 0 {
        tr!(lang, "agreement-none-marked")
    } else {
        tr!(
            lang,
            "agreement-marked",
            chains = chains,
            stones = m.dead_points().len()
        )
    };
    let accepted = |c: Color| {
        let state = if agreement.accepted[c] {
            tr!(lang, "agreement-accepted-yes")
        } else {
            tr!(lang, "agreement-accepted-not-yet")
        };
        format!("{} {state}", stone(c))
    };
    e.field(
        tr!(lang, "field-agreement"),
        format!("{marked}\n{}", tr!(lang, "agreement-how")),
        false,
    )
    .field(tr!(lang, "field-if-accepted"), score_line(m, lang), false)
    .field(
        tr!(lang, "field-accepted"),
        format!("{} · {}", accepted(Color::Black), accepted(Color::White)),
        true,
    )
    .field(
        tr!(lang, "field-accepted-for-both"),
        relative_time(m.turn_deadline.min(m.ends_at)),
        true,
    )
    .footer(CreateEmbedFooter::new(tr!(lang, "agreement-footer")))
}

/// Both scores and the result of the count with the current marking, and how it is counted.
fn score_line(m: &Match, lang: Lang) -> String {
    let count = m.count();
    let s = count.half_points();
    tr!(
        lang,
        "score-line",
        black = format_half_points(s.black),
        white = format_half_points(s.white),
        result = count.result().to_string(),
        method = counting_method(lang, m.config.rules)
    )
}

/// The result of an ended game in words.
pub fn ending_text(m: &Match, ending: Ending, lang: Lang) -> String {
    if let Some(text) = not_counted(lang, ending) {
        return text;
    }
    let Ending::Finished { result, reason } = ending else {
        return String::new();
    };
    let head = result_head(m, result, lang);
    if !matches!(reason, EndReason::TwoPasses) {
        return head;
    }
    format!("{head}\n{}", count_lines(m, lang))
}

/// The first line of a finished game's result: who won and how, with its SGF form.
fn result_head(m: &Match, result: GameResult, lang: Lang) -> String {
    let who = |c: Color| format!("{} {}", stone(c), side_name(m, c, lang));
    match result {
        // Equal scores under rules where the tie goes to Black (Ing).
        GameResult::Points {
            winner,
            half_points: 0,
        } => tr!(
            lang,
            "result-tie-to-black",
            winner = who(winner),
            sgf = result.to_string()
        ),
        GameResult::Points {
            winner,
            half_points,
        } => tr!(
            lang,
            "result-points",
            winner = who(winner),
            margin = format_half_points(i64::from(half_points)),
            sgf = result.to_string()
        ),
        GameResult::Resignation { winner } => tr!(
            lang,
            "result-resignation",
            winner = who(winner),
            sgf = result.to_string()
        ),
        GameResult::Time { winner } => tr!(
            lang,
            "result-time",
            winner = who(winner),
            sgf = result.to_string()
        ),
        GameResult::Forfeit { winner } => tr!(
            lang,
            "result-forfeit",
            winner = who(winner),
            sgf = result.to_string()
        ),
        GameResult::Draw => tr!(lang, "result-draw"),
        GameResult::Void => tr!(lang, "result-void"),
    }
}

/// How a counted game was counted: the scores with komi, the penalties if any, the method
/// and the dead stones agreed.
fn count_lines(m: &Match, lang: Lang) -> String {
    let count = m.count();
    let s = count.half_points();
    let mut how = counting_method(lang, m.config.rules);
    if m.has_agreement() {
        let chains = m.dead_stones().len();
        how.push(' ');
        how.push_str(&if chains == 0 {
            tr!(lang, "result-no-dead")
        } else {
            tr!(
                lang,
                "result-agreed-dead",
                chains = chains,
                stones = m.dead_points().len()
            )
        });
    }
    let scores = tr!(
        lang,
        "result-scores",
        black = format_half_points(s.black),
        white = format_half_points(s.white),
        komi = m.config.komi.to_string()
    );
    let p = count.penalties;
    if p.black + p.white > 0 {
        // The Ing rules' penalty overtime: the scores above are already less these points.
        let penalties = tr!(lang, "result-penalties", black = p.black, white = p.white);
        return format!("{scores}\n{penalties}\n{how}");
    }
    format!("{scores}\n{how}")
}

/// The buttons of the board message: one per region, then Pass (or Accept and Resume play
/// during the agreement) and Resign; during a nigiri, its step's buttons and Resign. None once
/// over.
pub fn components(m: &Match, lang: Lang, web: Option<&str>) -> Vec<CreateActionRow> {
    if !m.is_running() || m.is_consultation() {
        // A consultation's teams vote on their own boards: the public one has no buttons
        // but the page's link.
        return with_link_row(Vec::new(), web, lang);
    }
    // The last row has room for the page's link (at most four buttons of its own).
    let with_link = |mut row: Vec<CreateButton>| {
        if let Some(url) = web
            && row.len() < 5
        {
            row.push(link_button(url, lang));
        }
        row
    };
    if let Some(stage) = m.nigiri() {
        let mut row = nigiri_buttons::buttons(NigiriOf::Game(m.id), stage, lang, true);
        row.push(button(
            ButtonId::Resign {
                game: m.id,
                move_number: m.move_count(),
            },
            tr!(lang, "button-resign"),
            ButtonStyle::Danger,
        ));
        return vec![CreateActionRow::Buttons(with_link(row))];
    }
    let mut rows = region_rows(m);
    rows.push(CreateActionRow::Buttons(with_link(action_buttons(m, lang))));
    rows
}

/// The region picker: a button per region, in the rows of the board's grid.
pub fn region_rows(m: &Match) -> Vec<CreateActionRow> {
    let size = m.game.size();
    let move_number = m.move_count();
    let per_row = grid_shape(size).1.max(1);
    regions(size)
        .chunks(per_row)
        .enumerate()
        .map(|(r, chunk)| {
            CreateActionRow::Buttons(
                chunk
                    .iter()
                    .enumerate()
                    .map(|(i, region)| {
                        let index = u8::try_from(r * per_row + i).unwrap_or(u8::MAX);
                        let id = ButtonId::Region {
                            game: m.id,
                            move_number,
                            region: index,
                        };
                        CreateButton::new(id.to_string())
                            .label(region.label())
                            .style(ButtonStyle::Secondary)
                    })
                    .collect(),
            )
        })
        .collect()
}

fn button(id: ButtonId, label: String, style: ButtonStyle) -> CreateButton {
    CreateButton::new(id.to_string()).label(label).style(style)
}

/// The last row: Accept and Resume play during the agreement, else Pass and the takeback's
/// buttons; then Resign.
fn action_buttons(m: &Match, lang: Lang) -> Vec<CreateButton> {
    let (game, move_number) = (m.id, m.move_count());
    let mut actions = match m.agreement() {
        Some(agreement) => vec![
            button(
                ButtonId::AcceptMarking {
                    game,
                    move_number,
                    marking: agreement.version,
                },
                tr!(lang, "button-accept-marking"),
                ButtonStyle::Success,
            ),
            button(
                ButtonId::Resume { game, move_number },
                tr!(lang, "button-resume"),
                ButtonStyle::Primary,
            ),
        ],
        None => play_buttons(m, lang),
    };
    actions.push(button(
        ButtonId::Resign { game, move_number },
        tr!(lang, "button-resign"),
        ButtonStyle::Danger,
    ));
    actions
}

/// Pass (not while Black places the stones of a free handicap), and Take back — or, once
/// asked, the opponent's Accept and Decline.
fn play_buttons(m: &Match, lang: Lang) -> Vec<CreateButton> {
    let (game, move_number) = (m.id, m.move_count());
    let mut row = vec![
        button(
            ButtonId::Pass { game, move_number },
            tr!(lang, "button-pass"),
            ButtonStyle::Primary,
        )
        .disabled(m.placing()),
    ];
    if m.undo_request.is_some() {
        for (accept, label, style) in [
            (
                true,
                tr!(lang, "button-takeback-accept"),
                ButtonStyle::Success,
            ),
            (
                false,
                tr!(lang, "button-takeback-decline"),
                ButtonStyle::Secondary,
            ),
        ] {
            let id = ButtonId::AnswerTakeBack {
                game,
                move_number,
                accept,
            };
            row.push(button(id, label, style));
        }
    } else if m
        .game
        .last_move()
        .is_some_and(|(c, _)| m.may_request_undo(c))
    {
        row.push(button(
            ButtonId::TakeBack { game, move_number },
            tr!(lang, "button-takeback"),
            ButtonStyle::Secondary,
        ));
    }
    row
}

/// The Rematch button under a finished game's result.
pub fn rematch_row(game: crate::game::MatchId, lang: Lang) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(ButtonId::Rematch { game }.to_string())
            .label(tr!(lang, "button-rematch"))
            .style(ButtonStyle::Primary),
    ])]
}

/// What a board message shows, as one short text: a message whose stored key differs from the
/// match's is out of date and is redrawn (after a failed edit, or a crash before one).
pub fn view_key(m: &Match, lang: Lang) -> String {
    let phase = match (m.agreement(), m.ending()) {
        (None, None) if m.in_nigiri() => {
            format!("n{}", u8::from(m.nigiri() != Some(NigiriStage::Guess)))
        }
        (Some(a), _) => format!(
            "a{}{}{}",
            a.version,
            u8::from(a.accepted.black),
            u8::from(a.accepted.white)
        ),
        (None, Some(_)) => format!("e{}", u8::from(m.was_counted())),
        (None, None) => "p".to_owned(),
    };
    format!(
        "{}:{}:{}:{}:{}",
        m.move_count(),
        phase,
        m.turn_deadline.millis(),
        m.offline_until.black.is_some() as u8 + 2 * m.offline_until.white.is_some() as u8,
        lang.code()
    )
}
