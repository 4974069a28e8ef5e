//! Takebacks: after their own move a player may ask to take it back; the opponent accepts or
//! declines; the request lapses at the next move. Accepted, the move is undone in the game and
//! in the store (its row is removed), so a replay and the record agree.

use crate::go::Color;

use super::{Match, Phase};
use crate::game::Event;
use crate::game::refusal::Refusal;
use crate::game::time::Timestamp;

impl Match {
    /// Whether `color` may ask now to take back their last move: in play, takebacks on, not
    /// against the computer, the last move theirs and not an automatic pass, no request
    /// pending.
    pub fn may_request_undo(&self, color: Color) -> bool {
        self.config.takebacks
            && self.computer.is_none()
            && matches!(self.phase, Phase::Play)
            && self.undo_request.is_none()
            && self.game.last_move().is_some_and(|(c, _)| c == color)
            && self.automatic.last() == Some(&false)
    }

    pub(super) fn request_undo(
        &mut self,
        color: Color,
        seen: Option<u32>,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        self.check_fresh(seen)?;
        if !self.config.takebacks || self.computer.is_some() {
            return Err(Refusal::TakebacksOff);
        }
        if self.undo_request.is_some() {
            return Err(Refusal::UndoPending);
        }
        if !self.may_request_undo(color) {
            return Err(Refusal::NothingToUndo);
        }
        self.disarm(color, events);
        self.undo_request = Some(color);
        events.push(Event::UndoRequested {
            match_id: self.id,
            by: self.players[color],
            to: self.players[!color],
        });
        Ok(())
    }

    pub(super) fn answer_undo(
        &mut self,
        color: Color,
        accept: bool,
        seen: Option<u32>,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        self.check_fresh(seen)?;
        let Some(asker) = self.undo_request.filter(|&c| c != color) else {
            return Err(Refusal::NoUndoRequest);
        };
        self.disarm(color, events);
        self.undo_request = None;
        if !accept {
            events.push(Event::UndoDeclined {
                match_id: self.id,
                by: self.players[color],
            });
            return Ok(());
        }
        let number = self.move_count();
        if self.game.undo().is_none() {
            return Err(Refusal::NothingToUndo);
        }
        self.automatic.pop();
        self.played_by.pop();
        if self.game.is_over() {
            // The move taken back was the first after a dispute: play had resumed.
            self.game.resume();
        }
        // The asker's turn again, from now; their clock stays as it was charged.
        self.start_turn(now);
        events.push(Event::MoveUndone {
            match_id: self.id,
            number,
            by: self.players[asker],
        });
        Ok(())
    }
}
