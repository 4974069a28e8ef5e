//! A team game's match (SPEC §11, 赛式): pair Go's order within a side, and a consultation
//! team's votes — each vote checked and kept, the team's move played when the votes decide it
//! or the window closes. The rules of the move itself are the match's own.

use crate::go::{ByColor, Color, GameResult, Move};

use super::{EndReason, Ending, Match, Phase};
use crate::game::Event;
use crate::game::UserId;
use crate::game::refusal::Refusal;
use crate::game::teams::votes::{self, Choice, Vote};
use crate::game::teams::{TeamForm, Teams};
use crate::game::time::Timestamp;

impl Match {
    /// The sides of a pair Go game.
    pub fn pair_teams(&self) -> Option<&Teams> {
        self.teams.as_ref().filter(|t| t.form == TeamForm::Pair)
    }

    /// Whether the sides are consultation teams, which vote on their moves.
    pub fn is_consultation(&self) -> bool {
        self.teams
            .as_ref()
            .is_some_and(|t| t.form == TeamForm::Consultation)
    }

    /// In pair Go, the player of `color` whose turn it is by the order (Black 1, White 1,
    /// Black 2, White 2, …): every move of the colour, a pass for the side among them, moves
    /// the order on.
    pub fn pair_player(&self, color: Color) -> Option<UserId> {
        let teams = self.pair_teams()?;
        let made = self
            .game
            .moves()
            .iter()
            .filter(|&&(c, _)| c == color)
            .count();
        teams.pair_player(color, made)
    }

    /// A pair Go player may place a stone only in their turn of the order; either player of a
    /// side passes or resigns for it, and answers for it in the agreement.
    pub(super) fn check_pair_turn(&self, by: UserId, action: super::Action) -> Result<(), Refusal> {
        if !matches!(action, super::Action::Play(_)) {
            return Ok(());
        }
        let color = self.game.to_move();
        match self.pair_player(color) {
            Some(p) if p != by && self.color_of(by) == Some(color) => Err(Refusal::PartnersMove),
            _ => Ok(()),
        }
    }

    /// Records who made the last move of a pair Go game.
    pub(super) fn note_mover(&mut self, by: UserId) {
        if self.pair_teams().is_some()
            && let Some(last) = self.played_by.last_mut()
        {
            *last = Some(by);
        }
    }

    /// A consultation member's vote for their team's move, from a board drawn at move `seen`.
    /// The move is played at once when every member has voted or one choice has a majority.
    pub(super) fn vote(
        &mut self,
        by: UserId,
        choice: Choice,
        member_of: ByColor<bool>,
        seen: Option<u32>,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        if !self.is_consultation() {
            return Err(Refusal::NotATeamGame);
        }
        if !self.is_running() {
            return Err(Refusal::GameOver);
        }
        let color = self.game.to_move();
        let on_turn = member_of[color] && !self.is_computer(self.players[color]);
        if !on_turn {
            return Err(if member_of[!color] {
                Refusal::NotYourTeamsTurn
            } else {
                Refusal::NotOnTeam
            });
        }
        if seen.is_some_and(|n| n != self.move_count()) || !matches!(self.phase, Phase::Play) {
            return Err(Refusal::VoteClosed);
        }
        if let Choice::Play(p) = choice {
            self.game
                .check(color, Move::Play(p))
                .map_err(Refusal::Illegal)?;
        }
        votes::cast(
            &mut self.ballot,
            Vote {
                user: by,
                choice,
                at: now,
            },
        );
        events.push(Event::VoteCast {
            match_id: self.id,
            color,
            by,
            choice,
        });
        if let Some(roster) = self.roster(color)
            && let Some(decided) = votes::decided_early(&self.ballot, &roster)
        {
            self.play_team_choice(color, decided, now, events);
        }
        Ok(())
    }

    /// The members of `color`'s team whose votes the thresholds count: a listed team's list;
    /// a role's or anyone's team, those who voted before this turn and those voting now.
    /// `None` while such a team has shown no member before this turn: only the window then
    /// closes its vote (its first voter is not the whole team).
    fn roster(&self, color: Color) -> Option<Vec<UserId>> {
        let side = &self.teams.as_ref()?.sides[color];
        if !side.listed().is_empty() {
            return Some(side.listed().to_vec());
        }
        if side.seen.is_empty() {
            return None;
        }
        let mut roster = side.seen.clone();
        for v in &self.ballot {
            if !roster.contains(&v.user) {
                roster.push(v.user);
            }
        }
        Some(roster)
    }

    /// The team's window closed: its votes decide (no vote: an automatic pass, as for a
    /// player away). `false` when no vote was cast, for the caller's automatic pass.
    pub(super) fn close_vote(&mut self, due: Timestamp, events: &mut Vec<Event>) -> bool {
        if self.ballot.is_empty() {
            return false;
        }
        let color = self.game.to_move();
        let roster = self.roster(color).unwrap_or_default();
        let choice = votes::decided_at_close(&self.ballot, &roster);
        self.play_team_choice(color, choice, due, events);
        true
    }

    /// Plays what `color`'s team decided, and opens the next turn's vote: the voters join the
    /// roster of a role's or anyone's team.
    fn play_team_choice(
        &mut self,
        color: Color,
        choice: Choice,
        at: Timestamp,
        events: &mut Vec<Event>,
    ) {
        events.push(Event::VoteClosed {
            match_id: self.id,
            color,
            tally: votes::tally(&self.ballot),
            choice,
        });
        let voters: Vec<UserId> = self.ballot.iter().map(|v| v.user).collect();
        self.ballot.clear();
        if let Some(side) = self.teams.as_mut().map(|t| &mut t.sides[color])
            && side.listed().is_empty()
        {
            for v in voters {
                if !side.seen.contains(&v) {
                    side.seen.push(v);
                }
            }
        }
        match choice {
            Choice::Play(p) => self.play(color, Move::Play(p), false, at, events),
            Choice::Pass => self.play(color, Move::Pass, false, at, events),
            Choice::Resign => self.end(
                Ending::Finished {
                    result: GameResult::Resignation { winner: !color },
                    reason: EndReason::Resignation,
                },
                at,
                events,
            ),
        }
    }
}
