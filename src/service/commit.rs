//! Decide on a clone, commit, then swap: the heart of "never lose a move".

use std::sync::MutexGuard;

use crate::go::{ByColor, Color, GameResult, Level};
use crate::store::{ProfileRow, RatingRow, StoreError, Tx};

use super::Failure;
use super::match_rows::{live_of, move_row};
use super::{Applied, Service, lock};
use crate::game::Refusal;
use crate::game::Timestamp;
use crate::game::events::event_result;
use crate::game::matches::{Action, EndReason, Ending, Match, Ruling};
use crate::game::may_moderate;
use crate::game::rating::{Rank, Rating, START, Score, handicap_ranks, rate_game, rate_period};
use crate::game::rewards::{earns_title, merit_award};
use crate::game::{Event, EventId, GuildId, MatchId, Outcome, Subject, UserId};

impl Service {
    /// Applies `action` to match `id`. A deadline of the match that fell due a moment ago and
    /// has not fired yet fires first, so that a click never beats the clock it lost to; its
    /// outcome comes back with the command's.
    pub(super) fn on_match(
        &self,
        id: MatchId,
        by: Option<UserId>,
        action: Action,
        seen: Option<u32>,
        now: Timestamp,
    ) -> Applied {
        let Some(cell) = self.cell(id) else {
            let refusal = if action == Action::Tick {
                Refusal::NothingToDo
            } else if seen.is_some() || action == Action::Resign {
                Refusal::GameOver
            } else {
                Refusal::NotInGame
            };
            return Applied::only(Err(refusal.into()));
        };
        let mut m = lock(&cell);
        let mut fired = Vec::new();
        if action != Action::Tick && m.next_deadline().is_some_and(|d| d <= now) {
            match self.commit(&mut m, None, Action::Tick, None, now) {
                Ok(outcome) => fired.push(outcome),
                Err(Failure::Refused(_)) => {}
                Err(failure) => {
                    return Applied {
                        fired,
                        result: Err(failure),
                        after: Vec::new(),
                    };
                }
            }
        }
        let result = self.commit(&mut m, by, action, seen, now);
        Applied {
            fired,
            result,
            after: Vec::new(),
        }
    }

    /// A moderator ends a running game of their server with no result.
    pub(super) fn annul(
        &self,
        guild: GuildId,
        moderator: bool,
        id: MatchId,
        now: Timestamp,
    ) -> Applied {
        if let Err(r) = may_moderate(moderator) {
            return Applied::only(Err(r.into()));
        }
        match self.cell(id) {
            Some(cell) if lock(&cell).guild == guild => {
                self.on_match(id, None, Action::Annul, None, now)
            }
            Some(_) => Applied::only(Err(Refusal::NoSuchGame.into())),
            None => Applied::only(self.annul_unloadable(guild, id, now)),
        }
    }

    /// Commits the outcome of `action` on a clone, then swaps it in.
    fn commit(
        &self,
        m: &mut MutexGuard<'_, Match>,
        by: Option<UserId>,
        action: Action,
        seen: Option<u32>,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        self.commit_with(m, by, action, seen, now, |_| Ok(()))
    }

    /// [`Service::commit`], with `also` written in the same transaction (a referee's ruling,
    /// a replayed game's new match).
    pub(super) fn commit_with(
        &self,
        m: &mut MutexGuard<'_, Match>,
        by: Option<UserId>,
        action: Action,
        seen: Option<u32>,
        now: Timestamp,
        also: impl FnOnce(&Tx<'_>) -> Result<(), StoreError>,
    ) -> Result<Outcome, Failure> {
        let mut next: Match = (**m).clone();
        let mut events = next.apply(by, action, seen, now)?;
        let first_new = m.move_count() as usize;
        let event = self.store.write(|tx| {
            // A move taken back leaves the store too: the record is the game as played on.
            if next.move_count() < m.move_count() {
                tx.delete_moves_from(next.id.get(), next.move_count() + 1)?;
            }
            for i in first_new..next.move_count() as usize {
                if let Some(row) = move_row(&next, i, now) {
                    tx.insert_move(&row)?;
                }
            }
            tx.update_match(next.id.get(), &live_of(&next))?;
            for &(user, used) in &next.estimates {
                if m.estimates_used(user) != used {
                    tx.set_estimates_used(next.id.get(), user.get(), used)?;
                }
            }
            if next.players != m.players {
                // A nigiri gave the players the other colours: the game and its event's
                // board say so.
                tx.swap_match_colours(next.id.get())?;
            }
            let mut event = None;
            if let Some(ending) = next.ending() {
                record_result(tx, &next, ending, now, &mut events)?;
                // A game to be replayed has no result: the event's board waits for the new one.
                if action != Action::Ruled(Ruling::Replay) {
                    event = record_event_result(tx, &next, ending)?;
                }
            }
            also(tx)?;
            Ok::<_, StoreError>(event)
        })?;
        **m = next;
        if !m.is_running() {
            self.matches
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&m.id);
            lock(&self.lobby).unseat(m.id, (m.guild, m.channel), &m.people());
        }
        self.arm(Subject::Match(m.id), m.next_deadline());
        if let Some(event) = event {
            // The event looks again by a command of its own: the next round, or its end.
            self.arm(Subject::Event(event), Some(now));
        }
        Ok(Outcome::of_match(m, events))
    }
}

/// The result of an event's game on its board, in the game's own commit (see
/// [`event_result`]); the event, to look again.
fn record_event_result(
    tx: &Tx<'_>,
    m: &Match,
    ending: Ending,
) -> Result<Option<EventId>, StoreError> {
    if m.config.event.is_none() {
        return Ok(None);
    }
    let (outcome, forfeit, absent) = event_result(ending);
    let absent: Vec<UserId> = absent.into_iter().map(|c| m.players[c]).collect();
    Service::record_event_game(tx, m, outcome, forfeit, &absent)
}

/// Wins, losses, draws, merit and the title of a game that ended, in the command's transaction.
fn record_result(
    tx: &Tx<'_>,
    m: &Match,
    ending: Ending,
    now: Timestamp,
    events: &mut Vec<Event>,
) -> Result<(), StoreError> {
    let Ending::Finished { result, reason } = ending else {
        // Abandoned or annulled: nothing on anyone's profile, no rewards (SPEC §5).
        return Ok(());
    };
    if matches!(reason, EndReason::Forfeit | EndReason::Absence) {
        // A game not played: the event counts it, no profile, rating or reward does.
        return Ok(());
    }
    if m.teams.is_some() {
        // A team game is never ranked and gives no merit, title or record on a profile.
        return Ok(());
    }
    let guild = m.guild.get();
    if let Some(c) = m.computer {
        // Against the computer: the player's record against that level, nothing else (no
        // merit, no title, not in their wins and losses against people).
        let human = !c.color;
        let won = result.winner().map(|w| w == human);
        if m.config.ranked {
            rate_against_computer(tx, m, human, c.level, result, now)?;
        }
        return tx.add_computer_game(guild, m.players[human].get(), c.level, won);
    }
    if m.config.ranked {
        rate_ranked_game(tx, m, result, now)?;
    }
    let mut p = ByColor {
        black: tx.profile(guild, m.players.black.get())?,
        white: tx.profile(guild, m.players.white.get())?,
    };
    count_result(m, result, now, &mut p, events);
    if let Some(w) = m.merit_winner() {
        award_merit(tx, m, w, now, &mut p, events)?;
    }
    tx.save_profile(&p.black)?;
    tx.save_profile(&p.white)?;
    Ok(())
}

/// A game between people on both players' profiles: a win and a loss (the title, when the win
/// earns it), or a draw each.
fn count_result(
    m: &Match,
    result: GameResult,
    now: Timestamp,
    p: &mut ByColor<ProfileRow>,
    events: &mut Vec<Event>,
) {
    match result.winner() {
        Some(w) => {
            p[w].wins += 1;
            p[!w].losses += 1;
            if earns_title(p[w].wins, p[w].titled_at.is_some()) {
                p[w].titled_at = Some(now.millis());
                events.push(Event::TitleEarned {
                    guild: m.guild,
                    user: m.players[w],
                });
            }
        }
        None => {
            p.black.draws += 1;
            p.white.draws += 1;
        }
    }
}

/// The merit a game gives its players (`w`: the one the rules call its winner), once per pair
/// of players: recorded with the pair, added to their profiles.
fn award_merit(
    tx: &Tx<'_>,
    m: &Match,
    w: Color,
    now: Timestamp,
    p: &mut ByColor<ProfileRow>,
    events: &mut Vec<Event>,
) -> Result<(), StoreError> {
    let guild = m.guild.get();
    let (b, wh) = (m.players.black.get(), m.players.white.get());
    let pair = tx.merit_pair_awarded(guild, b, wh)?;
    let so_far = ByColor {
        black: p.black.awards,
        white: p.white.awards,
    };
    // An award that pays no one (both at the cap, a cap of 0) leaves the pair unused, so
    // that a cap raised later still pays them.
    let Some(award) = merit_award(&m.config.merit, w, pair, so_far).filter(|a| a.pays()) else {
        return Ok(());
    };
    tx.insert_merit_pair(guild, b, wh, m.id.get(), now.millis())?;
    for c in Color::ALL {
        if let Some(amount) = award.merit[c] {
            p[c].merit += i64::from(amount);
            p[c].awards += 1;
            events.push(Event::MeritAwarded {
                guild: m.guild,
                user: m.players[c],
                amount,
            });
        }
    }
    Ok(())
}

/// Both players' ratings after a ranked game that finished, in the command's transaction: the
/// Glicko-2 update across the game's handicap, the rank each holds, games, streak, history.
fn rate_ranked_game(
    tx: &Tx<'_>,
    m: &Match,
    result: GameResult,
    now: Timestamp,
) -> Result<(), StoreError> {
    let guild = m.guild.get();
    let rows = ByColor::new_with(|c| {
        let user = m.players[c].get();
        tx.rating(guild, user)
            .map(|r| r.unwrap_or_else(|| new_rating(guild, user)))
    });
    let rows = ByColor {
        black: rows.black?,
        white: rows.white?,
    };
    let score = match result.winner() {
        Some(Color::Black) => Score::Win,
        Some(Color::White) => Score::Loss,
        None => Score::Draw,
    };
    let before = ByColor::new_with(|c| Rating {
        rating: rows[c].rating,
        deviation: rows[c].deviation,
        volatility: rows[c].volatility,
    });
    let ranks = handicap_ranks(m.config.size.get(), m.config.handicap);
    let (black, white) = rate_game(before.black, before.white, score, ranks);
    let after = ByColor { black, white };
    for c in Color::ALL {
        let mine = if c == Color::Black {
            score
        } else {
            score.flipped()
        };
        save_rated(tx, rows[c], after[c], mine, m, now)?;
    }
    Ok(())
}

/// Stores a player's rating after a ranked game: the new rating, the rank held, games, the
/// streak, and a line of history.
fn save_rated(
    tx: &Tx<'_>,
    mut row: RatingRow,
    after: Rating,
    score: Score,
    m: &Match,
    now: Timestamp,
) -> Result<(), StoreError> {
    row.rating = after.rating;
    row.deviation = after.deviation;
    row.volatility = after.volatility;
    let held = super::reads::held_rank(&row)?;
    row.held_rank = i64::from(
        held.held_after(after.rank_value(), after.is_provisional())
            .0,
    );
    row.games += 1;
    match score {
        Score::Win => {
            row.wins += 1;
            row.streak = row.streak.max(0) + 1;
        }
        Score::Loss => {
            row.losses += 1;
            row.streak = row.streak.min(0) - 1;
        }
        Score::Draw => {
            row.draws += 1;
            row.streak = 0;
        }
    }
    tx.save_rating(&row)?;
    tx.insert_rating_history(&row, m.id.get(), now.millis())
}

/// The human's rating after a ranked game against the computer, whose level has a fixed
/// rating (`Level::rating`): only the human's moves.
fn rate_against_computer(
    tx: &Tx<'_>,
    m: &Match,
    human: Color,
    level: Level,
    result: GameResult,
    now: Timestamp,
) -> Result<(), StoreError> {
    let guild = m.guild.get();
    let user = m.players[human].get();
    let row = tx
        .rating(guild, user)?
        .unwrap_or_else(|| new_rating(guild, user));
    let score = match result.winner() {
        Some(w) if w == human => Score::Win,
        Some(_) => Score::Loss,
        None => Score::Draw,
    };
    // Black received the handicap: seen from the human, the computer plays weaker by it when
    // the human holds the stones, stronger when the human gave them.
    let ranks = handicap_ranks(m.config.size.get(), m.config.handicap);
    let offset = if human == Color::Black { -ranks } else { ranks };
    let opponent = level.rating().with_handicap(offset);
    let before = Rating {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    };
    let after = rate_period(before, &[(opponent, score)]);
    save_rated(tx, row, after, score, m, now)
}

/// The rating of a player before their first ranked game on a server.
fn new_rating(guild: u64, user: u64) -> RatingRow {
    RatingRow {
        guild,
        user,
        rating: START.rating,
        deviation: START.deviation,
        volatility: START.volatility,
        held_rank: i64::from(Rank::of(START.rank_value()).0),
        games: 0,
        wins: 0,
        losses: 0,
        draws: 0,
        streak: 0,
    }
}
