//! The training ground through the service: a problem served, answered click by click,
//! rated; the daily problem posted once a day across restarts, its solvers and streaks.

use std::sync::Arc;

use rstest::rstest;

use tengen::game::training::fixtures::{p, spread_set};
use tengen::game::training::{AttemptState, Day};
use tengen::game::{Duration, Event, Refusal, Subject};
use tengen::problems::Step;
use tengen::service::{Failure, TrainingAnswer, TrainingCommand};

use super::common::*;

fn refusal<T: std::fmt::Debug>(r: Result<T, Failure>) -> Refusal {
    match r {
        Err(Failure::Refused(r)) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn world(backend: Backend) -> Option<World> {
    let w = World::on(backend)?;
    w.svc.set_problem_set(Arc::new(spread_set(60)));
    Some(w)
}

fn serve(w: &World, user: tengen::game::UserId) -> Result<TrainingAnswer, Failure> {
    w.svc.train(
        TrainingCommand::Serve {
            guild: GUILD,
            user,
            kind: None,
        },
        w.now(),
    )
}

fn click(w: &World, a: &TrainingAnswer, at: &str) -> Result<TrainingAnswer, Failure> {
    w.svc.train(
        TrainingCommand::Click {
            user: a.attempt.user,
            attempt: a.attempt.id,
            drawn_at: a.attempt.move_count(),
            point: p(at),
        },
        w.now(),
    )
}

#[rstest]
fn a_problem_is_solved_click_by_click_and_both_ratings_move(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = world(backend) else {
        return;
    };
    let a = serve(&w, ALICE).unwrap();
    assert_eq!(a.attempt.state, AttemptState::Open);
    assert!(a.attempt.rated);
    let a = click(&w, &a, "B1").unwrap();
    assert!(matches!(
        a.click.as_ref().unwrap().step,
        Step::Continue { .. }
    ));
    // Someone else's click, and a click on the older board, are refused.
    let stale = TrainingCommand::Click {
        user: ALICE,
        attempt: a.attempt.id,
        drawn_at: 0,
        point: p("A3"),
    };
    assert_eq!(refusal(w.svc.train(stale, w.now())), Refusal::StaleProblem);
    let bobs = TrainingCommand::Click {
        user: BOB,
        attempt: a.attempt.id,
        drawn_at: 2,
        point: p("A3"),
    };
    assert_eq!(refusal(w.svc.train(bobs, w.now())), Refusal::NotYourProblem);
    // A restart in the middle: the attempt goes on from the stored moves.
    w.restart();
    w.svc.set_problem_set(Arc::new(spread_set(60)));
    let (again, _) = w.svc.attempt(a.attempt.id).unwrap();
    assert_eq!(again, a.attempt);
    let a = click(&w, &a, "A3").unwrap();
    let a = click(&w, &a, "A1").unwrap();
    assert_eq!(a.click.as_ref().unwrap().step, Step::Solved);
    let change = a.rating.unwrap();
    assert!(change.after.rating > change.before.rating);
    assert_eq!(refusal(click(&w, &a, "C3")), Refusal::ProblemOver);
    let t = w.svc.training_profile(GUILD, ALICE, w.now()).unwrap();
    assert_eq!((t.attempts, t.solved), (1, 1));
}

#[rstest]
fn a_wrong_move_fails_and_a_problem_is_not_served_twice_soon(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = world(backend) else {
        return;
    };
    let first = serve(&w, BOB).unwrap();
    let failed = click(&w, &first, "C3").unwrap();
    let c = failed.click.unwrap();
    assert!(matches!(c.step, Step::Failed { .. }));
    assert_eq!(failed.attempt.state, AttemptState::Failed);
    assert!(c.solution.is_some());
    assert!(failed.rating.unwrap().after.rating < failed.rating.unwrap().before.rating);
    let mut served = vec![first.attempt.problem];
    for _ in 0..8 {
        let a = serve(&w, BOB).unwrap();
        assert!(!served.contains(&a.attempt.problem), "served twice");
        served.push(a.attempt.problem);
    }
    // Asking for another leaves the open one, unrated.
    let open = serve(&w, BOB).unwrap();
    serve(&w, BOB).unwrap();
    let (left, _) = w.svc.attempt(open.attempt.id).unwrap();
    assert_eq!(left.state, AttemptState::Abandoned);
}

#[rstest]
fn the_daily_problem_is_posted_once_a_day_across_restarts_with_its_solvers(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = world(backend) else {
        return;
    };
    // T0 is 2027-01-15 08:00 UTC; the server is at UTC+8 (16:00) and posts at 17:00.
    w.set_setting(GUILD, true, "timezone", "UTC+8").unwrap();
    w.set_setting(GUILD, true, "daily-hour", "17").unwrap();
    w.set_setting(GUILD, true, "daily-channel", "<#555>")
        .unwrap();
    assert!(w.svc.tick(w.now()).is_empty(), "not yet the hour");
    let hour = Duration::from_secs(3600);
    w.clock.advance(hour);
    let posted = w.svc.tick(w.now());
    assert_eq!(posted.len(), 1);
    let o = posted[0].as_ref().unwrap();
    assert_eq!(o.subject, Subject::Daily(GUILD));
    let Event::DailyPosted(post) = &o.events[0] else {
        panic!("{o:?}")
    };
    assert_eq!(post.channel.0, 555);
    assert!(post.previous.is_none());
    let day = post.day;
    // A restart the same day posts nothing more.
    w.restart();
    w.svc.set_problem_set(Arc::new(spread_set(60)));
    assert!(w.svc.tick(w.now()).is_empty());
    // Alice solves it, Bob fails it.
    let try_it = |w: &World, user| {
        w.svc.train(
            TrainingCommand::TryDaily {
                guild: GUILD,
                user,
                day,
            },
            w.now(),
        )
    };
    let a = try_it(&w, ALICE).unwrap();
    assert_eq!(a.attempt.daily, Some(day));
    let a = click(&w, &a, "B1").unwrap();
    // "Try it" again mid-way goes on with the same attempt.
    let resumed = try_it(&w, ALICE).unwrap();
    assert_eq!(resumed.attempt.id, a.attempt.id);
    let a = click(&w, &a, "A3").unwrap();
    let a = click(&w, &a, "A1").unwrap();
    assert_eq!(a.streak.unwrap().current, 1);
    let b = try_it(&w, BOB).unwrap();
    click(&w, &b, "C3").unwrap();
    // The next day at the hour (the bot down meanwhile): the new problem, and the solution
    // of the day before with its one solver.
    w.clock.advance(Duration::from_secs(24 * 3600));
    w.restart();
    w.svc.set_problem_set(Arc::new(spread_set(60)));
    let posted = w.svc.tick(w.now());
    assert_eq!(posted.len(), 1);
    let Event::DailyPosted(next) = &posted[0].as_ref().unwrap().events[0] else {
        panic!()
    };
    assert_eq!(next.day, Day(day.0 + 1));
    assert_ne!(next.problem, post.problem, "a problem not posted before");
    let previous = next.previous.as_ref().unwrap();
    assert_eq!((previous.day, previous.solvers.clone()), (day, vec![ALICE]));
    // What the front end checks was shown after a crash: the latest post, with the solution
    // it closed.
    let latest = w.svc.latest_daily_posts().unwrap();
    assert_eq!(latest.len(), 1);
    assert_eq!(latest[0].1, **next);
    // The day before's problem is over for "Try it".
    assert_eq!(refusal(try_it(&w, BOB)), Refusal::NoDailyProblem);
    let board = w.svc.solvers_leaderboard(GUILD, 10).unwrap();
    assert_eq!(board.len(), 1);
    assert_eq!(board[0].0, ALICE);
    let t = w.svc.training_profile(GUILD, ALICE, w.now()).unwrap();
    assert_eq!(
        t.streak_today, 1,
        "yesterday's solve keeps the streak today"
    );
}

#[rstest]
fn a_daily_channel_without_problems_waits_for_nothing(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.svc
        .set_problem_set(Arc::new(tengen::problems::ProblemSet::default()));
    w.set_setting(GUILD, true, "daily-hour", "0").unwrap();
    w.set_setting(GUILD, true, "daily-channel", "555").unwrap();
    assert!(w.svc.tick(w.now()).is_empty());
    assert_eq!(
        w.svc.next_deadline(),
        None,
        "no deadline firing again and again"
    );
    assert_eq!(
        refusal(serve(&w, ALICE)),
        Refusal::NoProblems,
        "an empty set is said, privately"
    );
}
