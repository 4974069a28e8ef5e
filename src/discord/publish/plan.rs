//! What to show of an outcome, decided before anything is sent: pure, and tested on its own.

use crate::game::events::Tournament;
use crate::game::{
    Ending, Event, EventId, GuildId, Invitation, MatchId, Outcome, Ruling, Subject, Timestamp,
    UserId,
};

use crate::discord::ui::invitation_message::Closed;
pub use crate::discord::ui::result_text::Reward;

/// One thing to show on Discord.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// The invitation message says how it closed and loses its buttons.
    CloseInvitation(Invitation, Closed),
    /// The invitation message is redrawn as it stands (a nigiri's hand opened).
    RedrawInvitation(Invitation),
    /// The seek paired two players: both are pinged where their game starts, and the message
    /// stands as the game's invitation (its thread opens on it).
    AnnouncePairing(MatchId, [UserId; 2], crate::game::seek::SeekTerms),
    /// A game started: its invitation says so, its thread opens (with `match-threads`), its
    /// board message is posted.
    StartGame(MatchId),
    /// The board message is redrawn with the game as it stands.
    Redraw(MatchId),
    /// A consultation team's board, in its thread, is redrawn with its votes.
    RedrawTeamBoard(MatchId, crate::go::Color),
    /// The consultation team to move is told in its thread.
    NotifyTeam(MatchId),
    /// The player to move is told it is their turn (as `move-notify` says).
    NotifyTurn(MatchId, UserId),
    /// Both players are told the dead stones wait for them.
    NotifyAgreement(MatchId),
    /// A correspondence game's player to move is reminded by DM that their time runs out at
    /// the deadline.
    Remind(MatchId, UserId, Timestamp),
    /// The result is posted, with the rewards it brought (Black and White given, to tell them
    /// even when the match cannot be read back).
    Announce(MatchId, Ending, Option<[UserId; 2]>, Vec<Reward>),
    /// The title's role is granted (if the server set one).
    GrantTitle(GuildId, UserId),
    /// The game is over: its last "your move" ping goes, its thread is archived.
    Close(MatchId),
    /// An event opened: its announcement is posted, with its Join and Leave buttons.
    PostEvent(Box<Tournament>),
    /// An event's announcement is redrawn as it stands (its players, its round, its end).
    RedrawEvent(Box<Tournament>),
    /// A round started: its pairings are posted where the event is announced.
    AnnounceRound(Box<Tournament>, u32),
    /// An event ended (or was called off): its final standings are posted.
    AnnounceEventEnd(Box<Tournament>),
    /// A timed round's time came with games unfinished: a referee is called where the event is
    /// announced.
    AnnounceOverdue(Box<Tournament>, u32, Vec<MatchId>),
    /// A server's daily problem is posted in its channel, after the solution of the day
    /// before.
    PostDaily(Box<crate::game::training::DailyPost>),
    /// A referee ruled on an event's game: the ruling is posted where the event is announced.
    AnnounceRuling {
        event: EventId,
        match_id: MatchId,
        referee: UserId,
        ruling: Ruling,
        replay: Option<MatchId>,
    },
}

/// What an outcome's events add up to, before the steps are ordered.
#[derive(Default)]
struct Seen {
    /// Steps that come first, as the events come (invitations closed, a game started, a
    /// reminder).
    steps: Vec<Step>,
    started: bool,
    /// The board shows something new.
    changed: bool,
    /// The player to move is someone new (or the same again, after a takeback).
    turn: bool,
    agreement: bool,
    ended: Option<(Ending, Option<[UserId; 2]>)>,
    rewards: Vec<Reward>,
    titles: Vec<Step>,
}

impl Seen {
    /// What one event adds to the plan. One arm for each kind of event, every kind named (the
    /// compiler says when a new one is not planned); an event's news is planned by
    /// [`Seen::tournament`].
    fn event(&mut self, event: &Event) {
        match event {
            // Answered by their commands; nothing on the board changes.
            Event::Invited(_)
            | Event::ResignArmed { .. }
            | Event::ResignDisarmed { .. }
            | Event::SettingsChanged(_)
            | Event::RankStated(_)
            | Event::Sought { .. }
            | Event::SeekLeft { .. }
            | Event::Withdrew { .. }
            | Event::BarredFromEvents { .. } => {}
            Event::DailyPosted(post) => self.steps.push(Step::PostDaily(post.clone())),
            // Before the game's start, which finds its message as an invitation's.
            Event::SeekPaired {
                match_id,
                players,
                terms,
            } => {
                let at = self
                    .steps
                    .iter()
                    .position(|s| *s == Step::StartGame(*match_id))
                    .unwrap_or(self.steps.len());
                let step = Step::AnnouncePairing(*match_id, *players, *terms);
                self.steps.insert(at, step);
            }
            // An event's news: its announcement, its rounds, its end, a referee called or ruling.
            Event::EventOpened(_)
            | Event::EventChanged(_)
            | Event::RoundStarted { .. }
            | Event::EventFinished(_)
            | Event::EventCancelled(_)
            | Event::RoundOverdue { .. }
            | Event::Ruled { .. } => self.tournament(event),
            Event::NigiriGuessed(i) | Event::PairAccepted(i) => {
                self.steps.push(Step::RedrawInvitation(i.clone()));
            }
            // A team's board in its thread shows the votes so far.
            Event::VoteCast {
                match_id, color, ..
            } => self.steps.push(Step::RedrawTeamBoard(*match_id, *color)),
            // The move it decided shows as a move.
            Event::VoteClosed { .. } => {}
            Event::InvitationDeclined(i) => self.close(i, Closed::Declined),
            Event::InvitationExpired(i) => self.close(i, Closed::Expired),
            Event::InvitationCancelled(i) => self.close(i, Closed::Cancelled),
            Event::InvitationSuperseded(i) => self.close(i, Closed::Superseded),
            Event::MatchStarted { match_id, .. } => {
                self.steps.push(Step::StartGame(*match_id));
                self.started = true;
            }
            // A move, play resumed, a turn renewed, or a move taken back (its maker is to move
            // again): the board and the player to move.
            Event::Moved { .. }
            | Event::PlayResumed { .. }
            | Event::TurnRenewed { .. }
            | Event::MoveUndone { .. } => {
                self.changed = true;
                self.turn = true;
            }
            Event::ClockReminder {
                match_id,
                player,
                deadline,
                ..
            } => self.steps.push(Step::Remind(*match_id, *player, *deadline)),
            // The board says who played the move.
            Event::EngineFellBack { .. } => self.changed = true,
            // An estimate is its player's alone: nothing public changes.
            Event::EstimateGiven { .. } => {}
            // Black places the next stone, or White's first move comes.
            // An event game's nigiri: the hand opened (its winner to choose), or the colours
            // chosen (Black to move).
            Event::GameNigiriOpened { .. } | Event::ColoursChosen { .. } => {
                self.changed = true;
                self.turn = true;
            }
            Event::HandicapStonePlaced { left, .. } => {
                self.changed = true;
                self.turn |= *left == 0;
            }
            // The board shows the clock with the time given back, asks the opponent for a
            // takeback then shows the answer, and shows who is away and the marking.
            Event::TimeGivenBack { .. }
            | Event::UndoRequested { .. }
            | Event::UndoDeclined { .. }
            | Event::PlayerOffline { .. }
            | Event::PlayerBack { .. }
            | Event::MarkingChanged { .. }
            | Event::MarkingAccepted { .. } => self.changed = true,
            Event::AgreementStarted { .. } => {
                self.changed = true;
                self.agreement = true;
            }
            Event::Ended {
                ending, players, ..
            } => self.ended = Some((*ending, *players)),
            Event::MeritAwarded { user, amount, .. } => self.rewards.push(Reward::Merit {
                user: *user,
                amount: *amount,
            }),
            Event::TitleEarned { guild, user } => {
                self.rewards.push(Reward::Title { user: *user });
                self.titles.push(Step::GrantTitle(*guild, *user));
            }
        }
    }

    /// The steps of an event's news (the events [`Seen::event`] hands here; any other is
    /// nothing of an event's).
    fn tournament(&mut self, event: &Event) {
        match event {
            Event::EventOpened(t) => self.steps.push(Step::PostEvent(t.clone())),
            Event::EventChanged(t) => self.steps.push(Step::RedrawEvent(t.clone())),
            Event::RoundStarted { event, round } => {
                self.steps.push(Step::RedrawEvent(event.clone()));
                self.steps.push(Step::AnnounceRound(event.clone(), *round));
            }
            Event::EventFinished(t) | Event::EventCancelled(t) => {
                self.steps.push(Step::RedrawEvent(t.clone()));
                self.steps.push(Step::AnnounceEventEnd(t.clone()));
            }
            Event::RoundOverdue {
                event,
                round,
                games,
            } => self
                .steps
                .push(Step::AnnounceOverdue(event.clone(), *round, games.clone())),
            Event::Ruled {
                event,
                match_id,
                referee,
                ruling,
                replay,
            } => self.steps.push(Step::AnnounceRuling {
                event: *event,
                match_id: *match_id,
                referee: *referee,
                ruling: *ruling,
                replay: *replay,
            }),
            _ => {}
        }
    }

    fn close(&mut self, inv: &Invitation, how: Closed) {
        self.steps.push(Step::CloseInvitation(inv.clone(), how));
    }
}

/// Plans what an outcome changes on Discord, in the order to do it: what the events ask for
/// first, then the board, then the result (with its rewards and titles) or whom to tell.
pub fn plan(outcome: &Outcome) -> Vec<Step> {
    let mut seen = Seen::default();
    for event in &outcome.events {
        seen.event(event);
    }
    let mut steps = std::mem::take(&mut seen.steps);
    let Subject::Match(id) = outcome.subject else {
        return steps;
    };
    if (seen.changed && !seen.started) || seen.ended.is_some() {
        steps.push(Step::Redraw(id));
    }
    if let Some((ending, players)) = seen.ended {
        steps.push(Step::Announce(id, ending, players, seen.rewards));
        steps.extend(seen.titles);
        steps.push(Step::Close(id));
    } else if seen.agreement {
        steps.push(Step::NotifyAgreement(id));
    } else if (seen.turn || seen.started)
        && let Some(user) = outcome.to_move
    {
        steps.push(Step::NotifyTurn(id, user));
    } else if seen.turn || seen.started {
        // No one player to ping: a consultation team is told in its thread (if it is one).
        steps.push(Step::NotifyTeam(id));
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ChannelId, EndReason, InvitationId, Timestamp};
    use crate::go::{Color, GameResult, Move};

    fn outcome(subject: Subject, events: Vec<Event>, to_move: Option<UserId>) -> Outcome {
        Outcome {
            subject,
            guild: GuildId(1),
            channel: Some(ChannelId(2)),
            events,
            to_move,
            deadline: None,
        }
    }

    const M: MatchId = MatchId(7);
    const ALICE: UserId = UserId(10);
    const BOB: UserId = UserId(20);

    fn moved() -> Event {
        Event::Moved {
            match_id: M,
            number: 1,
            color: Color::Black,
            mv: Move::Pass,
            automatic: false,
            captured: 0,
        }
    }

    #[test]
    fn a_move_redraws_the_board_and_tells_the_next_player() {
        let o = outcome(Subject::Match(M), vec![moved()], Some(ALICE));
        assert_eq!(plan(&o), vec![Step::Redraw(M), Step::NotifyTurn(M, ALICE)]);
    }

    #[test]
    fn a_start_posts_the_board_and_tells_the_first_player_without_a_redraw() {
        let o = outcome(
            Subject::Match(M),
            vec![Event::MatchStarted {
                match_id: M,
                black: BOB,
                white: ALICE,
            }],
            Some(BOB),
        );
        assert_eq!(plan(&o), vec![Step::StartGame(M), Step::NotifyTurn(M, BOB)]);
    }

    #[test]
    fn a_turn_renewed_after_a_restart_is_shown_and_pinged() {
        let o = outcome(
            Subject::Match(M),
            vec![Event::TurnRenewed {
                match_id: M,
                deadline: Timestamp::from_millis(5),
            }],
            Some(ALICE),
        );
        assert_eq!(plan(&o), vec![Step::Redraw(M), Step::NotifyTurn(M, ALICE)]);
    }

    #[test]
    fn an_end_redraws_announces_with_rewards_grants_the_title_and_closes() {
        let ending = Ending::Finished {
            result: GameResult::Resignation {
                winner: Color::White,
            },
            reason: EndReason::Resignation,
        };
        let o = outcome(
            Subject::Match(M),
            vec![
                Event::Ended {
                    match_id: M,
                    ending,
                    players: Some([BOB, ALICE]),
                },
                Event::MeritAwarded {
                    guild: GuildId(1),
                    user: ALICE,
                    amount: 8,
                },
                Event::TitleEarned {
                    guild: GuildId(1),
                    user: ALICE,
                },
            ],
            None,
        );
        assert_eq!(
            plan(&o),
            vec![
                Step::Redraw(M),
                Step::Announce(
                    M,
                    ending,
                    Some([BOB, ALICE]),
                    vec![
                        Reward::Merit {
                            user: ALICE,
                            amount: 8
                        },
                        Reward::Title { user: ALICE }
                    ]
                ),
                Step::GrantTitle(GuildId(1), ALICE),
                Step::Close(M),
            ]
        );
    }

    #[test]
    fn the_agreement_notifies_both_and_an_armed_resign_shows_nothing() {
        let o = outcome(
            Subject::Match(M),
            vec![
                moved(),
                Event::AgreementStarted {
                    match_id: M,
                    proposal: Vec::new(),
                },
            ],
            None,
        );
        assert_eq!(plan(&o), vec![Step::Redraw(M), Step::NotifyAgreement(M)]);
        let armed = outcome(
            Subject::Match(M),
            vec![Event::ResignArmed {
                match_id: M,
                player: ALICE,
                until: Timestamp::from_millis(1),
            }],
            Some(ALICE),
        );
        assert!(plan(&armed).is_empty());
    }

    #[test]
    fn an_invitation_that_closes_is_edited() {
        let inv = Invitation {
            id: InvitationId(3),
            guild: GuildId(1),
            channel: ChannelId(2),
            inviter: ALICE,
            invitee: BOB,
            terms: crate::game::Terms {
                size: crate::go::BoardSize::NINE,
                rules: crate::go::RuleSet::Classic,
                komi: crate::go::Komi::from_half_points(11),
                handicap: 0,
                ranked: false,
                colours: crate::game::Colours::ACCEPTOR_BLACK,
                time: crate::game::time_control::TimeControl::Turn,
            },
            created_at: Timestamp::from_millis(0),
            expires_at: Timestamp::from_millis(60_000),
            nigiri: None,
            pair: None,
            open: None,
        };
        let o = outcome(
            Subject::Invitation(InvitationId(3)),
            vec![Event::InvitationExpired(inv.clone())],
            None,
        );
        assert_eq!(plan(&o), vec![Step::CloseInvitation(inv, Closed::Expired)]);
    }
}
