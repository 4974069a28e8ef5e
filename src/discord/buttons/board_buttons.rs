//! The board's buttons and the private pickers they open.
//!
//! A press on the game's *current* board message that carries an older move number (the
//! message fell behind: a failed edit, a crash between a commit and the edit) heals the message
//! — it is redrawn as the game stands — instead of being refused as stale.

use crate::game::teams::votes::Choice;
use crate::game::{BoardRef, Command, MatchId, Refusal, UserId};
use crate::render::regions::region_of;
use crate::service::Failure;

use super::Press;
use crate::discord::commands::{remember_invitation, resign_text};
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::tr;
use crate::discord::publish::redraw_now;
use crate::discord::reply::Reply;
use crate::discord::ui::{self, picker};

pub async fn press(p: &Press<'_>, id: ButtonId) {
    if let Some(command) = board_command(p.user, id) {
        return on_board(p, command).await;
    }
    match id {
        ButtonId::Region {
            game,
            move_number,
            region,
        } => open_picker(p, game, move_number, region).await,
        ButtonId::Play {
            game,
            move_number,
            point,
        } => play(p, board_ref(game, move_number), point).await,
        ButtonId::Mark {
            game,
            move_number,
            marking,
            point,
        } => mark(p, board_ref(game, move_number), marking, point).await,
        ButtonId::Resign { game, .. } => resign(p, game).await,
        ButtonId::Rematch { game } => rematch(p, game).await,
        ButtonId::VotePoint {
            game,
            move_number,
            point,
        } => vote(p, game, move_number, Choice::Play(point)).await,
        ButtonId::VotePass {
            game,
            move_number,
            resign,
        } => {
            let choice = if resign { Choice::Resign } else { Choice::Pass };
            vote(p, game, move_number, choice).await;
        }
        _ => {}
    }
}

/// The command of a board button that is only its command, by `by` on the board it was
/// drawn for (Pass, accepting the marking, resuming play, asking for a takeback and answering
/// one); `None` for the others.
fn board_command(by: UserId, id: ButtonId) -> Option<Command> {
    Some(match id {
        ButtonId::Pass { game, move_number } => Command::Pass {
            by,
            board: board_ref(game, move_number),
            game: None,
        },
        ButtonId::AcceptMarking {
            game,
            move_number,
            marking,
        } => Command::AcceptMarking {
            by,
            board: board_ref(game, move_number),
            marking: Some(marking),
        },
        ButtonId::Resume { game, move_number } => Command::ResumePlay {
            by,
            board: board_ref(game, move_number),
        },
        ButtonId::TakeBack { game, move_number } => Command::RequestUndo {
            by,
            board: board_ref(game, move_number),
        },
        ButtonId::AnswerTakeBack {
            game,
            move_number,
            accept,
        } => Command::AnswerUndo {
            by,
            board: board_ref(game, move_number),
            accept,
        },
        _ => return None,
    })
}

/// A consultation member's vote: from the point picker it replaces the picker with what was
/// voted; from the team's board it is told privately. The team's board shows the count.
async fn vote(p: &Press<'_>, game: MatchId, move_number: u32, choice: Choice) {
    let applied = p
        .apply(Command::Vote {
            by: p.user,
            roles: p.roles(),
            game,
            board: Some(move_number),
            choice,
        })
        .await;
    let from_picker = matches!(choice, Choice::Play(_));
    match p.failure_text(&applied) {
        None => {
            let what = match choice {
                Choice::Play(point) => point.to_string(),
                Choice::Pass => tr!(p.lang, "team-vote-pass"),
                Choice::Resign => tr!(p.lang, "team-vote-resign"),
            };
            let text = tr!(p.lang, "picker-voted", choice = what);
            if from_picker {
                p.update(Reply::private(text).components(Vec::new())).await;
            } else {
                p.private(text).await;
            }
        }
        Some(text) => p.private(text).await,
    }
    p.publish(&applied).await;
}

fn board_ref(game: MatchId, move_number: u32) -> Option<BoardRef> {
    Some(BoardRef {
        match_id: game,
        move_number,
    })
}

/// A point of the point picker: the picker says what was played.
async fn play(p: &Press<'_>, board: Option<BoardRef>, point: crate::go::Point) {
    let applied = p
        .apply(Command::Play {
            by: p.user,
            point,
            board,
        })
        .await;
    match p.failure_text(&applied) {
        None => {
            let played = tr!(p.lang, "picker-played", point = point.to_string());
            p.update(Reply::private(played).components(Vec::new()))
                .await;
        }
        Some(text) => p.private(text).await,
    }
    p.publish(&applied).await;
}

/// A stone of the mark picker: its chain toggles, and the picker stays open, redrawn with the
/// new marking, so that several chains of one region can be marked in a row.
async fn mark(p: &Press<'_>, board: Option<BoardRef>, marking: u32, point: crate::go::Point) {
    let command = Command::ToggleDead {
        by: p.user,
        point,
        board,
        marking: Some(marking),
    };
    let applied = p.apply(command).await;
    match (p.failure_text(&applied), board) {
        (None, Some(b)) => redraw_mark_picker(p, b.match_id, point).await,
        (None, None) => p.acknowledge().await,
        (Some(text), _) => p.private(text).await,
    }
    p.publish(&applied).await;
}

/// Pass, Accept and Resume play: what they do shows on the board itself. A second pass may run
/// the dead-stone estimate first, so the press is acknowledged before the command is applied;
/// a refusal follows privately, and a press on a board that fell behind heals it.
async fn on_board(p: &Press<'_>, command: Command) {
    let game = match &command {
        Command::Pass { board, .. }
        | Command::AcceptMarking { board, .. }
        | Command::ResumePlay { board, .. }
        | Command::RequestUndo { board, .. }
        | Command::AnswerUndo { board, .. } => board.map(|b| b.match_id),
        _ => None,
    };
    p.acknowledge().await;
    let applied = p.apply(command).await;
    if let Some(text) = p.failure_text(&applied) {
        match game {
            Some(g) if stale(&applied) && on_current_board(p, g).await => {
                redraw_now(p.bot, g).await;
                p.private(tr!(p.lang, "board-healed")).await;
            }
            _ => p.private(text).await,
        }
    }
    p.publish(&applied).await;
}

/// Resign: the first press arms it, the second resigns; either way the player is told.
async fn resign(p: &Press<'_>, game: MatchId) {
    let applied = p
        .apply(Command::Resign {
            by: p.user,
            match_id: Some(game),
        })
        .await;
    let text = match (&applied.result, p.failure_text(&applied)) {
        (Ok(o), _) => resign_text(o, p.lang),
        (Err(_), Some(text)) => text,
        (Err(_), None) => String::new(),
    };
    p.private(text).await;
    p.publish(&applied).await;
}

/// A finished game's Rematch: the invitation is posted where the button was pressed.
async fn rematch(p: &Press<'_>, game: MatchId) {
    let applied = p
        .apply(Command::Rematch {
            by: p.user,
            match_id: game,
        })
        .await;
    let invitation = applied.result.as_ref().ok().and_then(|o| {
        o.events.iter().find_map(|e| match e {
            crate::game::Event::Invited(inv) => Some(inv.clone()),
            _ => None,
        })
    });
    let Some(inv) = invitation else {
        if let Some(text) = p.failure_text(&applied) {
            p.private(text).await;
        }
        return;
    };
    let turn = p.bot.publisher.turn(inv.id.get()).await;
    let lang = p.bot.guild_lang(inv.guild).await;
    let posted = p
        .reply_and_read(ui::invitation_message::reply(&inv, lang))
        .await;
    remember_invitation(p.bot, inv.id, posted).await;
    // The invitation's turn ends before its outcome is published (which takes it again).
    drop(turn);
    p.publish(&applied).await;
}

/// Whether a command was refused as drawn for an older board.
fn stale(applied: &crate::service::Applied) -> bool {
    matches!(
        applied.result,
        Err(crate::service::Failure::Refused(Refusal::StaleBoard))
    )
}

/// Whether the press came from the game's current board message (not an old one, nor a
/// picker). A record that cannot be read says no: the press is then refused as stale.
async fn on_current_board(p: &Press<'_>, game: MatchId) -> bool {
    let message = p.press.message.id.get();
    p.bot
        .runtime
        .board_record(game)
        .await
        .ok()
        .flatten()
        .is_some_and(|r| r.message == Some(message))
}

/// A region of the board: the point picker on the player's turn, the mark picker during the
/// agreement.
async fn open_picker(p: &Press<'_>, game: MatchId, move_number: u32, region: u8) {
    let board = BoardRef {
        match_id: game,
        move_number,
    };
    let m = match p.bot.runtime.picker(p.user, p.roles(), board).await {
        Ok(m) => m,
        Err(Failure::Refused(Refusal::StaleBoard)) if on_current_board(p, game).await => {
            p.acknowledge().await;
            redraw_now(p.bot, game).await;
            p.private(tr!(p.lang, "board-healed")).await;
            return;
        }
        Err(f) => {
            if f.refusal() == Some(&Refusal::StaleBoard) {
                tracing::warn!(parent: &p.span, game = game.get(), move_number, "stale board button");
            }
            return p.private(p.words_of(&f)).await;
        }
    };
    let Some(r) = picker::region(&m, region) else {
        return p.private(tr!(p.lang, "button-unknown")).await;
    };
    let (text, rows) = if m.in_agreement() {
        (picker::marks_text(&m, &r, p.lang), picker::marks(&m, &r))
    } else {
        (picker::points_text(&m, &r, p.lang), picker::points(&m, &r))
    };
    p.reply(Reply::private(text).components(rows)).await;
}

/// Redraws the mark picker in place after a toggle.
async fn redraw_mark_picker(p: &Press<'_>, game: MatchId, point: crate::go::Point) {
    let redrawn = p.bot.current(game).await.and_then(|m| {
        let index = u8::try_from(region_of(m.game.size(), point)).ok()?;
        let r = picker::region(&m, index)?;
        Some(Reply::private(picker::marks_text(&m, &r, p.lang)).components(picker::marks(&m, &r)))
    });
    match redrawn {
        Some(reply) => p.update(reply).await,
        None => p.acknowledge().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_button_that_is_only_its_command_reads_as_that_command_on_its_board() {
        let (by, game) = (UserId(7), MatchId(3));
        let board = board_ref(game, 12);
        assert_eq!(
            board_command(
                by,
                ButtonId::Pass {
                    game,
                    move_number: 12
                }
            ),
            Some(Command::Pass {
                by,
                board,
                game: None
            })
        );
        assert_eq!(
            board_command(
                by,
                ButtonId::AnswerTakeBack {
                    game,
                    move_number: 12,
                    accept: false
                }
            ),
            Some(Command::AnswerUndo {
                by,
                board,
                accept: false
            })
        );
        // A region opens a picker and a vote is counted: not a command of their own.
        let region = ButtonId::Region {
            game,
            move_number: 12,
            region: 0,
        };
        assert_eq!(board_command(by, region), None);
        assert_eq!(board_command(by, ButtonId::Rematch { game }), None);
    }
}
