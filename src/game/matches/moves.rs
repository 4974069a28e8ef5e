//! Moves, passes, resigning and presence.

use crate::go::{Color, GameResult, Move, Point};

use super::{EndReason, Ending, Match};
use crate::game::Event;
use crate::game::refusal::Refusal;
use crate::game::time::Timestamp;

impl Match {
    /// A move (`Some(point)`) or a pass (`None`) by `color`, from a board drawn at `seen`.
    pub(super) fn play_move(
        &mut self,
        color: Color,
        point: Option<Point>,
        seen: Option<u32>,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        // A button of an older board says so first: that is why it is not this player's turn
        // any more (or why the game is settling its dead stones), if it is not.
        self.check_fresh(seen)?;
        if self.in_nigiri() {
            return Err(Refusal::NigiriFirst);
        }
        if self.in_agreement() {
            return Err(Refusal::InAgreement);
        }
        if color != self.game.to_move() {
            return Err(Refusal::NotYourTurn);
        }
        if self.placing() {
            let Some(p) = point else {
                let left = u8::try_from(self.stones_left_to_place()).unwrap_or(u8::MAX);
                return Err(Refusal::PlaceHandicapFirst { left });
            };
            self.game
                .board()
                .check(color, p)
                .map_err(|e| Refusal::Illegal(e.into()))?;
            self.disarm(color, events);
            self.place_handicap_stone(p, false, now, events);
            return Ok(());
        }
        let mv = point.map_or(Move::Pass, Move::Play);
        self.game.check(color, mv).map_err(Refusal::Illegal)?;
        self.disarm(color, events);
        self.play(color, mv, false, now, events);
        Ok(())
    }

    /// The first press arms, a second within the window resigns (SPEC §3); the computer's
    /// first press resigns.
    pub(super) fn resign(&mut self, color: Color, now: Timestamp, events: &mut Vec<Event>) {
        if self.resign_confirmed(color, now) {
            self.resign_armed[color] = None;
            self.end(
                Ending::Finished {
                    result: GameResult::Resignation { winner: !color },
                    reason: EndReason::Resignation,
                },
                now,
                events,
            );
        } else {
            let until = now + self.config.resign_window;
            self.resign_armed[color] = Some(until);
            events.push(Event::ResignArmed {
                match_id: self.id,
                player: self.players[color],
                until,
            });
        }
    }

    /// The player's presence went offline: their game is kept for the grace.
    pub(super) fn went_offline(
        &mut self,
        color: Color,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        if self.offline_until[color].is_some() {
            return Err(Refusal::NothingToDo);
        }
        self.disarm(color, events);
        let until = now + self.config.grace;
        self.offline_until[color] = Some(until);
        events.push(Event::PlayerOffline {
            match_id: self.id,
            player: self.players[color],
            until,
        });
        Ok(())
    }

    /// The player is back online.
    pub(super) fn came_back(
        &mut self,
        color: Color,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        if self.offline_until[color].take().is_none() {
            return Err(Refusal::NothingToDo);
        }
        events.push(Event::PlayerBack {
            match_id: self.id,
            player: self.players[color],
        });
        Ok(())
    }

    /// Puts a stone of a free handicap, already checked free, and starts the next turn: Black's
    /// next stone, or White's first move.
    pub(super) fn place_handicap_stone(
        &mut self,
        p: Point,
        automatic: bool,
        turn_starts: Timestamp,
        events: &mut Vec<Event>,
    ) {
        self.charge(Color::Black, turn_starts);
        if self.put_handicap_stone(p).is_err() {
            // Checked just before: leave the match as it is rather than panic.
            return;
        }
        self.automatic.push(automatic);
        events.push(Event::HandicapStonePlaced {
            match_id: self.id,
            number: self.move_count(),
            point: p,
            automatic,
            left: u8::try_from(self.stones_left_to_place()).unwrap_or(u8::MAX),
        });
        self.start_turn(turn_starts);
    }

    /// Plays a move already checked legal; on the passes that end the game, opens the
    /// agreement phase or counts. The next turn starts at `turn_starts`.
    pub(super) fn play(
        &mut self,
        color: Color,
        mv: Move,
        automatic: bool,
        turn_starts: Timestamp,
        events: &mut Vec<Event>,
    ) {
        let clock = self.clocks[color];
        self.charge(color, turn_starts);
        // A takeback not answered before the next move lapses.
        self.undo_request = None;
        let Ok(played) = self.game.play_as(color, mv) else {
            // Checked just before; an engine refusal here would be a bug. Leave the match
            // as it is rather than panic.
            self.clocks[color] = clock;
            return;
        };
        self.automatic.push(automatic);
        self.played_by.push(None);
        events.push(Event::Moved {
            match_id: self.id,
            number: self.move_count(),
            color,
            mv,
            automatic,
            captured: played.captured,
        });
        self.start_turn(turn_starts);
        if played.ended {
            if self.has_agreement() && self.is_consultation() {
                // A team cannot settle the dead stones by vote: the engine's proposal is
                // taken as agreed, and the board counted.
                self.start_agreement(events);
                self.accept_for_all(events);
                self.score(turn_starts, events);
            } else if self.has_agreement() {
                self.start_agreement(events);
                self.turn_deadline = turn_starts + self.agreement_window();
            } else {
                self.score(turn_starts, events);
            }
        }
    }
}
