//! Time controls through the match service on a fake clock: byo-yomi periods used up and kept,
//! a loss on time that counts like any finished game, Fischer's increment and its maximum,
//! correspondence reminders and its missing real-time cap, the Ing rules' penalty overtime in
//! the count, a restart that gives the player to move back the time the bot was down, and the
//! server's presets.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::time_control::{DAY, HOUR, TimeControl, TimePreset};
use tengen::game::{Duration, EndReason, Ending, Event, InviteOptions, MatchId, Refusal, Subject};
use tengen::go::{Color, GameResult};
use tengen::service::Failure;

fn timed(preset: TimePreset) -> InviteOptions {
    InviteOptions {
        time: Some(preset),
        ..InviteOptions::default()
    }
}

/// Alice invites Bob on `preset`; Bob accepts and plays Black.
fn start(w: &World, preset: TimePreset) -> MatchId {
    w.invite_with(ALICE, BOB, timed(preset)).unwrap();
    match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    }
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// Moves the clock on by `d` without firing anything.
fn wait(w: &World, d: Duration) {
    w.clock.advance(d);
}

#[rstest]
fn byo_yomi_uses_main_time_then_periods_and_loses_on_the_last(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, TimePreset::Live);
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.config.time, TimePreset::Live.default_control());
    assert_eq!(m.clocks[Color::Black].main, secs(600));
    assert_eq!(m.turn_deadline, w.now() + secs(600 + 5 * 30));
    assert!(m.ends_at > w.now() + secs(3600), "no 60-minute cap");

    // Black thinks 9 minutes 50 seconds, White 5 seconds.
    wait(&w, secs(590));
    w.play(BOB, "E5").unwrap();
    wait(&w, secs(5));
    w.play(ALICE, "C3").unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.clocks[Color::Black].main, secs(10));
    assert_eq!(m.clocks[Color::White].main, secs(595));
    // Black: 10 s of main time and 25 s into the first period: the period is kept.
    wait(&w, secs(35));
    w.play(BOB, "G5").unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(
        (m.clocks[Color::Black].main, m.clocks[Color::Black].periods),
        (Duration::ZERO, 5)
    );
    w.play(ALICE, "C7").unwrap();
    // 70 s: two periods gone.
    wait(&w, secs(70));
    w.play(BOB, "G3").unwrap();
    assert_eq!(w.svc.snapshot(id).unwrap().clocks[Color::Black].periods, 3);
    w.play(ALICE, "D4").unwrap();

    // Black lets the three periods left run out: White wins on time.
    let outcomes = w.advance(3 * 30 * SEC - 1);
    assert!(outcomes.is_empty(), "not yet");
    let outcomes = w.advance(1);
    let ended = outcomes
        .iter()
        .flat_map(|o| &o.events)
        .find_map(|e| match e {
            Event::Ended { ending, .. } => Some(*ending),
            _ => None,
        });
    assert_eq!(
        ended,
        Some(Ending::Finished {
            result: GameResult::Time {
                winner: Color::White
            },
            reason: EndReason::Time,
        })
    );
    assert!(w.svc.match_of(BOB).is_none());
    // A loss on time is a finished game: on the profiles.
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().wins, 1);
    assert_eq!(w.svc.profile(GUILD, BOB).unwrap().losses, 1);
    let sgf = record(&w.svc, GUILD, id, ["Bob", "Alice"], "auto").unwrap();
    assert!(sgf.contains("RE[W+T]"), "{sgf}");
}

#[rstest]
fn fischer_adds_the_increment_up_to_its_maximum_and_never_passes_for_you(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, TimePreset::Blitz);
    wait(&w, secs(20));
    w.play(BOB, "E5").unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.clocks[Color::Black].main, secs(130), "120 − 20 + 30");
    // Six more moves each, Black a second a move: +29 s a move, up to the maximum.
    for (white, black) in [
        ("C3", "G7"),
        ("C7", "G3"),
        ("D4", "F6"),
        ("D6", "F4"),
        ("B2", "H8"),
        ("B8", "H2"),
    ] {
        w.play(ALICE, white).unwrap();
        wait(&w, secs(1));
        w.play(BOB, black).unwrap();
    }
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(
        m.clocks[Color::Black].main,
        secs(300),
        "never above 5 minutes"
    );
    // White, moving at once, at 120 s + 6 increments, capped too; then runs out: Black wins
    // on time, with no automatic pass on a real clock.
    let white = m.clocks[Color::White].main;
    assert_eq!(white, secs(300));
    let outcomes = w.advance(300 * SEC);
    let events: Vec<&Event> = outcomes.iter().flat_map(|o| &o.events).collect();
    assert!(
        !events.iter().any(|e| matches!(
            e,
            Event::Moved {
                automatic: true,
                ..
            }
        )),
        "{events:?}"
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Ended {
            ending: Ending::Finished {
                result: GameResult::Time {
                    winner: Color::Black
                },
                ..
            },
            ..
        }
    )));
}

#[rstest]
fn a_correspondence_game_reminds_a_day_and_an_hour_before_and_has_no_cap(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, TimePreset::Correspondence);
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.turn_deadline, w.now() + 3 * DAY);
    assert!(m.ends_at > w.now() + 365 * DAY, "no real-time cap");
    // Two days in: a day left, Bob is reminded.
    let outcomes = w.advance(2 * 86_400 * SEC);
    let reminders: Vec<_> = outcomes
        .iter()
        .flat_map(|o| &o.events)
        .filter_map(|e| match e {
            Event::ClockReminder {
                player, deadline, ..
            } => Some((*player, *deadline)),
            _ => None,
        })
        .collect();
    assert_eq!(reminders, [(BOB, m.turn_deadline)]);
    assert!(w.advance(SEC).is_empty(), "once");
    // An hour left: the second reminder.
    let outcomes = w.advance(23 * 3600 * SEC - SEC);
    assert!(
        outcomes
            .iter()
            .flat_map(|o| &o.events)
            .any(|e| matches!(e, Event::ClockReminder { player, .. } if *player == BOB))
    );
    // Bob moves with the hour left: 1 hour + 1 day, and White's turn starts with 3 days.
    w.play(BOB, "E5").unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.clocks[Color::Black].main, HOUR + DAY);
    assert_eq!(m.turn_deadline, w.now() + 3 * DAY);
    assert_eq!(m.reminded, 0, "the reminders start again for White");
}

#[rstest]
fn a_restart_gives_the_player_to_move_back_the_time_the_bot_was_down(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = start(&w, TimePreset::Live);
    wait(&w, secs(100));
    w.play(BOB, "E5").unwrap();
    wait(&w, secs(40));
    // The bot was last alive 40 s into White's turn, then down for 10 minutes.
    w.svc.mark_alive(w.now()).unwrap();
    let before = w.svc.snapshot(id).unwrap();
    wait(&w, secs(600));
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.given_back, secs(600));
    assert_eq!(m.turn_deadline, before.turn_deadline + secs(600));
    let recovered = w.svc.take_recovered();
    assert!(
        recovered
            .iter()
            .flat_map(|o| &o.events)
            .any(|e| matches!(e, Event::TimeGivenBack { player, given, .. } if *player == ALICE && *given == secs(600))),
        "{recovered:?}"
    );
    // White moves 5 s after the restart: charged 45 s in all, not 645.
    wait(&w, secs(5));
    w.play(ALICE, "C3").unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.clocks[Color::White].main, secs(600 - 45));
    assert_eq!(m.clocks[Color::Black].main, secs(500));

    // The time given back is stored at once: a second restart before the next move neither
    // gives it again nor takes it away.
    wait(&w, secs(10));
    w.svc.mark_alive(w.now()).unwrap();
    let before = w.svc.snapshot(id).unwrap();
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.turn_deadline, before.turn_deadline);
    assert_eq!(m.clocks, before.clocks);
}

#[rstest]
fn penalty_overtime_takes_points_off_and_both_sides_offset(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "time-live", "penalty 1m")
        .unwrap();
    w.set_setting(GUILD, true, "allowed-sizes", "7,9").unwrap();
    let id = start(&w, TimePreset::Live);
    assert_eq!(
        w.svc.snapshot(id).unwrap().config.time,
        TimeControl::Penalty { main: secs(60) }
    );
    // Black spends the minute and 15 s of overtime: 2 points, then 2 more after a sixth.
    wait(&w, secs(75));
    w.play(BOB, "E5").unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.penalty_points()[Color::Black], 4);
    assert_eq!(m.penalty_points()[Color::White], 0);
    // White spends 61 s: 2 points.
    wait(&w, secs(61));
    w.play(ALICE, "C3").unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.penalty_points()[Color::White], 2);
    // The count is the board's less the penalties.
    let count = m.count();
    let plain = m.game.count(&[]);
    assert_eq!(
        count.half_points().black,
        plain.half_points().black - 8,
        "4 points in half points"
    );
    assert_eq!(count.half_points().white, plain.half_points().white - 4);
    // Black's overtime runs out at half the main time (30 s): 15 s more.
    let outcomes = w.advance(15 * SEC);
    assert!(outcomes.iter().flat_map(|o| &o.events).any(|e| matches!(
        e,
        Event::Ended {
            ending: Ending::Finished {
                reason: EndReason::Time,
                ..
            },
            ..
        }
    )));
}

#[rstest]
fn presets_are_the_servers_and_a_refused_one_changes_nothing(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    // The seed's clock stays the default.
    let id = w.start(ALICE, BOB);
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.config.time, TimeControl::Turn);
    assert_eq!(m.turn_deadline, w.now() + secs(180));
    w.resign(BOB).unwrap();
    w.resign(BOB).unwrap();

    w.set_setting(GUILD, true, "time-live", "byo-yomi 5m 3x20s")
        .unwrap();
    assert!(
        w.set_setting(GUILD, true, "time-live", "correspondence 3d +1d max 7d")
            .is_err(),
        "a live preset is a live clock"
    );
    assert!(
        w.set_setting(GUILD, true, "time-blitz", "byo-yomi 5h 3x20s")
            .is_err(),
        "at most three hours"
    );
    w.set_setting(GUILD, true, "allowed-times", "turn,live")
        .unwrap();
    let r = w.invite_with(CAROL, BOB, timed(TimePreset::Correspondence));
    assert!(matches!(
        r,
        Err(Failure::Refused(Refusal::TimeNotAllowed {
            preset: TimePreset::Correspondence,
            ..
        }))
    ));
    assert!(w.svc.pending_invitations().is_empty());
    w.set_setting(GUILD, true, "time-default", "live").unwrap();
    let o = w.invite(CAROL, BOB).unwrap();
    let terms = o
        .events
        .iter()
        .find_map(|e| match e {
            Event::Invited(inv) => Some(inv.terms),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        terms.time,
        TimeControl::ByoYomi {
            main: secs(300),
            periods: 3,
            period: secs(20)
        }
    );
    // The numbers are copied into the invitation: a later change leaves it as shown.
    w.set_setting(GUILD, true, "time-live", "byo-yomi 10m 5x30s")
        .unwrap();
    match w.accept(BOB, CAROL).unwrap().subject {
        Subject::Match(id) => {
            assert_eq!(w.svc.snapshot(id).unwrap().config.time, terms.time);
        }
        s => panic!("{s:?}"),
    }
}

/// `inviter` invites `invitee` in `channel` on `preset`; the invitee accepts (Black).
fn start_in(
    w: &World,
    channel: tengen::game::ChannelId,
    inviter: tengen::game::UserId,
    invitee: tengen::game::UserId,
    preset: TimePreset,
) -> Result<MatchId, Refusal> {
    let o = w.apply(tengen::game::Command::Invite {
        who: tengen::game::invitation::InviteRequest {
            guild: GUILD,
            channel,
            inviter,
            invitee,
            invitee_is_bot: false,
        },
        options: timed(preset),
    });
    match o {
        Err(Failure::Refused(r)) => return Err(r),
        Err(f) => panic!("{f:?}"),
        Ok(_) => {}
    }
    match w.accept(invitee, inviter).map(|o| o.subject) {
        Ok(Subject::Match(id)) => Ok(id),
        Err(Failure::Refused(r)) => Err(r),
        other => panic!("{other:?}"),
    }
}

#[rstest]
fn a_player_has_correspondence_games_up_to_the_limit_beside_one_real_time_game(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    use tengen::game::{ChannelId, UserId};
    const DAVE: UserId = UserId(400);
    let Some(w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "max-correspondence-games", "2")
        .unwrap();
    let (c1, c2, c3) = (ChannelId(11), ChannelId(12), ChannelId(13));
    let first = start_in(&w, c1, ALICE, BOB, TimePreset::Correspondence).unwrap();
    let second = start_in(&w, c2, CAROL, BOB, TimePreset::Correspondence).unwrap();
    assert_eq!(
        start_in(&w, c3, DAVE, BOB, TimePreset::Correspondence),
        Err(Refusal::TooManyCorrespondence {
            max: 2,
            yours: false
        }),
        "Bob has the most the server allows"
    );
    // Beside them, one real-time game.
    let live = start_in(&w, c3, DAVE, BOB, TimePreset::Turn).unwrap();
    assert_eq!(
        start_in(&w, c3, CAROL, BOB, TimePreset::Turn),
        Err(Refusal::TheyAreBusy)
    );
    assert_eq!(w.svc.games_of(BOB), [live, first, second]);

    // "Your game": the one here, else the real-time one, else the only one, else say which.
    assert_eq!(w.svc.players_game(GUILD, BOB, c2, None), Ok(second));
    assert_eq!(w.svc.players_game(GUILD, BOB, CHANNEL, None), Ok(live));
    assert_eq!(w.svc.players_game(GUILD, ALICE, CHANNEL, None), Ok(first));
    assert_eq!(
        w.svc.players_game(GUILD, BOB, CHANNEL, Some(first)),
        Ok(first)
    );
    assert_eq!(
        w.svc.players_game(GUILD, ALICE, CHANNEL, Some(second)),
        Err(Refusal::NotYourGame)
    );
    // Another server never means these games: not by name, not as "your game".
    let elsewhere = tengen::game::GuildId(GUILD.get() + 1);
    assert_eq!(
        w.svc.players_game(elsewhere, BOB, c2, Some(second)),
        Err(Refusal::NoSuchGame)
    );
    assert_eq!(
        w.svc.players_game(elsewhere, ALICE, CHANNEL, None),
        Err(Refusal::NotInGame)
    );
    assert!(
        w.svc
            .game_meant(elsewhere, CAROL, c2, Some(second), &[])
            .is_none()
    );
    assert_eq!(
        w.svc
            .game_meant(GUILD, CAROL, c2, Some(second), &[])
            .map(|m| m.id),
        Some(second)
    );
    w.resign(BOB).unwrap();
    w.resign(BOB).unwrap();
    assert_eq!(w.svc.games_of(BOB), [first, second]);
    assert_eq!(
        w.svc.players_game(GUILD, BOB, CHANNEL, None),
        Err(Refusal::WhichGame { count: 2 })
    );
    // A move in a named game, by command, goes to that game only.
    w.apply(tengen::game::Command::Pass {
        by: BOB,
        board: None,
        game: Some(second),
    })
    .unwrap();
    assert_eq!(w.svc.snapshot(second).unwrap().move_count(), 1);
    assert_eq!(w.svc.snapshot(first).unwrap().move_count(), 0);

    // After a restart the games are seated the same way.
    let mut w = w;
    w.restart();
    assert_eq!(w.svc.games_of(BOB), [first, second]);
    assert_eq!(w.svc.match_of(ALICE), Some(first));
}
