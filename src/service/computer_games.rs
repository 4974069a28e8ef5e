//! Games against the computer through the service: started at once (no invitation), and what
//! the computer has to do next, for the runtime's search.

use std::sync::atomic::Ordering;

use crate::go::{ByColor, Color};

use super::Failure;
use super::match_rows::match_row;
use super::{Applied, Service, lock};
use crate::game::Refusal;
use crate::game::Timestamp;
use crate::game::computer::{Computer, ComputerTask, Task};
use crate::game::invitation::{InviteOptions, match_config, resolve_terms};
use crate::game::matches::{Action, Match, Phase};
use crate::game::{BoardRef, ChannelId, GuildId, MatchId, Outcome, UserId};
use crate::go::Level;

/// Who asks for a game against the computer, and where.
pub(super) struct ComputerRequest {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub user: UserId,
    pub computer: UserId,
}

impl Service {
    /// Sets how many games against the computer may run at once (the host's `AI_MAX_GAMES`).
    pub fn set_computer_limit(&self, max: usize) {
        self.computer_limit.store(max, Ordering::SeqCst);
    }

    /// Notes that Tengen's advanced level played move `number` of game `id` for the host's
    /// engine, which gave none, so that the board says so (see [`crate::game::Command::StandIn`]): the
    /// outcome (an [`crate::game::Event::EngineFellBack`]) redraws it, without telling the player again that
    /// it is their turn (the move's own outcome did).
    pub(super) fn stand_in(&self, id: MatchId, number: u32, now: Timestamp) -> Applied {
        let mut applied = self.on_match(id, None, Action::StandIn(number), None, now);
        if let Ok(outcome) = &mut applied.result {
            outcome.to_move = None;
        }
        applied
    }

    /// A game against the computer, started at once.
    pub(super) fn play_computer(
        &self,
        who: ComputerRequest,
        level: Option<Level>,
        options: &InviteOptions,
        color: Option<Color>,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let settings = self.settings(who.guild)?;
        let level = settings.computer_level(level)?;
        // Ranked or not like an invitation (the option, else `ranked-default`): a ranked game
        // moves the human's rating against the level's fixed one.
        let terms = resolve_terms(options, &settings)?;
        let mut lobby = lock(&self.lobby);
        lobby.check_free(
            who.user,
            who.computer,
            terms.time.is_correspondence(),
            &settings,
        )?;
        let max = self.computer_limit.load(Ordering::SeqCst);
        if lobby.computers.len() >= max {
            return Err(Refusal::ComputerBusy { max }.into());
        }
        let human = color.unwrap_or(Color::Black);
        let players = ByColor::new_with(|c| if c == human { who.user } else { who.computer });
        let mut m = Match::new(
            MatchId(self.take_id()?),
            who.guild,
            who.channel,
            players,
            match_config(&terms, &settings),
            now,
        );
        m.computer = Some(Computer {
            user: who.computer,
            color: !human,
            level,
            may_resign: settings.ai_resigns,
        });
        self.insert_computer_match(&m, max)?;
        Ok(self.seat_new_match(&mut lobby, m, Vec::new()))
    }

    /// Stores a new game against the computer if the cap leaves room for it in the whole
    /// database (other processes' games count too; this process's own were counted above).
    pub(super) fn insert_computer_match(&self, m: &Match, max: usize) -> Result<(), Failure> {
        let row = match_row(m);
        self.store.write(|tx| {
            let running = tx.running_computer_games()?;
            if usize::try_from(running).unwrap_or(usize::MAX) >= max {
                return Err(Failure::from(Refusal::ComputerBusy { max }));
            }
            tx.insert_match(&row)?;
            Ok(())
        })
    }

    /// What the computer has to do now in match `id`, if anything: its move on its turn, its
    /// judgement of the marking while it has not accepted it.
    pub fn computer_task(&self, id: MatchId) -> Option<ComputerTask> {
        let cell = self.cell(id)?;
        let m = lock(&cell);
        let computer = m.computer?;
        let task = match &m.phase {
            Phase::Play if m.game.to_move() == computer.color => Task::Move,
            Phase::Agreement(a) if !a.accepted[computer.color] => Task::Judge {
                marking: a.dead.clone(),
                version: a.version,
            },
            _ => return None,
        };
        Some(ComputerTask {
            computer,
            board: BoardRef {
                match_id: id,
                move_number: m.move_count(),
            },
            game: m.game.clone(),
            task,
        })
    }

    /// Every task the computer has now (after a restart, its turns are thought afresh).
    pub fn computer_tasks(&self) -> Vec<ComputerTask> {
        let ids: Vec<MatchId> = lock(&self.lobby).computers.iter().copied().collect();
        ids.into_iter()
            .filter_map(|id| self.computer_task(id))
            .collect()
    }
}
