//! The training ground on the fake Discord through the real binary: a problem solved and one
//! failed, in two languages, answered click by click on a private board that survives a
//! restart; the daily problem over two days of a test clock, posted once a day across
//! restarts, "Try it" opening a private board, the solution posted the next day with who
//! solved it; the profile's streak and the solvers' board.
//!
//! Problems are taken from the shipped set and chosen by their properties (the tree answers
//! where a correct or a wrong move is), never by a fixed id; while the shipped set is empty
//! the bot is given copies of the test fixture through `PROBLEM_SET`.

use std::path::Path;

use serde_json::Value;
use tengen::game::training::fixtures::spread_set;
use tengen::problems::{Problem, ProblemSet, Step};
use tengen::store::testing::TestSchema;

use crate::e2e_support;
use crate::support;

use e2e_support::*;
use support::*;

/// The set the bot serves, and the environment that makes it serve it.
fn problems(dir: &Path) -> (ProblemSet, Vec<(String, String)>) {
    if let Ok(set) = ProblemSet::shipped()
        && !set.is_empty()
    {
        return (set.clone(), Vec::new());
    }
    let set = spread_set(60);
    let path = dir.join("problems.json.gz");
    std::fs::write(&path, set.to_gzip().unwrap()).unwrap();
    let env = vec![("PROBLEM_SET".to_owned(), path.display().to_string())];
    (set, env)
}

fn start(fake: &FakeDiscord, dir: &Path, env: &[(String, String)]) -> tokio::process::Child {
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    start_bot_with(fake, dir, &env)
}

/// Kills the bot (a crash), runs `between`, starts it again with `env` on the same database;
/// returns once it has registered its commands again.
async fn crash_and_restart_with(
    bot: &mut tokio::process::Child,
    fake: &FakeDiscord,
    dir: &Path,
    env: &[(String, String)],
    between: impl FnOnce(),
) -> tokio::process::Child {
    bot.kill().await.unwrap();
    let _ = bot.wait().await;
    between();
    let killed = fake.now();
    let child = start(fake, dir, env);
    fake.wait_for_request("the commands registered again", STEP, |r| {
        r.is("PUT", "/applications/*/commands") && r.at > killed
    })
    .await;
    child
}

/// The problem a message shows, by the number in its footer.
fn problem_of<'a>(set: &'a ProblemSet, msg: &Value) -> &'a Problem {
    let footer = msg["embeds"][0]["footer"]["text"]
        .as_str()
        .unwrap_or_default();
    let id: u64 = footer
        .trim_start_matches('#')
        .parse()
        .unwrap_or_else(|_| panic!("{msg}"));
    set.get(id)
        .unwrap_or_else(|| panic!("problem {id} is not in the set"))
}

/// The enabled button labelled `label` of a message's JSON.
fn button(msg: &Value, label: &str) -> Option<String> {
    msg["components"].as_array()?.iter().find_map(|row| {
        row["components"].as_array()?.iter().find_map(|b| {
            (b["label"].as_str() == Some(label) && !b["disabled"].as_bool().unwrap_or(false))
                .then(|| b["custom_id"].as_str().unwrap_or_default().to_owned())
        })
    })
}

/// Presses `label` on message `id` (whose JSON is `msg`) and returns the updated message.
async fn press(fake: &FakeDiscord, user: &TestUser, id: u64, msg: &Value, label: &str) -> Value {
    let custom = button(msg, label).unwrap_or_else(|| panic!("no button {label} on {msg}"));
    let i = fake.press_button(user, id, &custom);
    let cb = fake.wait_for_callback(i, STEP).await;
    assert_eq!(
        cb.kind, 7,
        "the private board is edited in place: {}",
        cb.data
    );
    fake.message(id).unwrap().json
}

/// Plays the tree's correct line from `node` on the private board `id` to the end; the
/// board after it.
async fn solve(
    fake: &FakeDiscord,
    user: &TestUser,
    id: u64,
    problem: &Problem,
    mut msg: Value,
    mut node: u32,
) -> Value {
    for _ in 0..40 {
        let at = problem.tree.correct_moves(node)[0];
        msg = press(fake, user, id, &msg, &at.to_string()).await;
        match problem.tree.step(node, Some(at)) {
            Step::Continue { next, .. } => node = next,
            _ => return msg,
        }
    }
    panic!("the line does not end")
}

/// A playable point of the picker that is not a correct move at the first turn.
fn wrong_point(problem: &Problem, msg: &Value) -> String {
    let correct = problem.tree.correct_moves(0);
    problem
        .area
        .points()
        .filter(|p| !correct.contains(p))
        .map(|p| p.to_string())
        .find(|label| button(msg, label).is_some())
        .expect("a wrong point to play")
}

/// `/weiqi problem` by `user`: the private board's message id and JSON.
async fn ask(fake: &FakeDiscord, user: &TestUser) -> (u64, Value) {
    let i = fake.send_slash_command(user, "weiqi", "problem", vec![]);
    let cb = fake.wait_for_callback(i, STEP).await;
    assert_eq!(
        (cb.kind, cb.ephemeral),
        (4, true),
        "a private board: {}",
        cb.data
    );
    let id = cb.message_id.unwrap();
    (id, fake.message(id).unwrap().json)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_problem_solved_and_one_failed_in_two_languages_across_a_restart() {
    solved_and_failed(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_problem_solved_and_one_failed_on_postgres() {
    let Some(schema) = TestSchema::new("e2e training") else {
        return;
    };
    solved_and_failed(Some(&schema.url)).await;
}

/// The environment of a bot on PostgreSQL at `url` (none: SQLite).
fn database(url: Option<&str>) -> Vec<(String, String)> {
    url.map(|u| {
        vec![
            ("DATABASE_URL".to_owned(), u.to_owned()),
            ("DATABASE_CONNECTIONS".to_owned(), "4".to_owned()),
        ]
    })
    .unwrap_or_default()
}

async fn solved_and_failed(url: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let (set, mut env) = problems(dir.path());
    env.extend(database(url));
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob").with_locale("zh-CN");
    fake.update_user(bob.clone());
    let mut bot = start(&fake, dir.path(), &env);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;

    // Alice, in English: the goal in words, the picture, the picker; solved click by click.
    let (id, msg) = ask(&fake, &alice).await;
    let text = all_text(&msg);
    assert!(text.contains(" to "), "the goal in words: {text}");
    assert!(fake.message(id).unwrap().attachment("board.png").is_some());
    let problem = problem_of(&set, &msg);
    let solved = solve(&fake, &alice, id, problem, msg, 0).await;
    let text = all_text(&solved);
    assert!(text.contains("Solved!"), "{text}");
    assert!(text.contains("Training rating: 1500 →"), "{text}");
    assert!(button(&solved, "Next problem").is_some(), "{text}");

    // Bob, in Chinese: a wrong move is refuted, then the solution is shown.
    let (id, msg) = ask(&fake, &bob).await;
    let problem = problem_of(&set, &msg);
    let wrong = wrong_point(problem, &msg);
    let failed = press(&fake, &bob, id, &msg, &wrong).await;
    let text = all_text(&failed);
    assert!(text.contains("不对"), "{text}");
    assert!(text.contains("训练等级分：1500 →"), "{text}");
    let shown = press(&fake, &bob, id, &failed, "正解").await;
    let text = all_text(&shown);
    assert!(text.contains("正解："), "{text}");
    assert!(button(&shown, "下一题").is_some(), "{text}");

    // A problem started, one move in, then the bot crashes: the attempt goes on from the
    // stored moves, on the same private board. (Problems solved in one move are skipped.)
    let (mut id, mut msg) = ask(&fake, &alice).await;
    let mut played = None;
    for _ in 0..20 {
        let problem = problem_of(&set, &msg);
        let at = problem.tree.correct_moves(0)[0];
        if let Step::Continue { next, .. } = problem.tree.step(0, Some(at)) {
            msg = press(&fake, &alice, id, &msg, &at.to_string()).await;
            played = Some((problem, next));
            break;
        }
        msg = solve(&fake, &alice, id, problem, msg, 0).await;
        (id, msg) = press_next(&fake, &alice, id, &msg).await;
    }
    let (problem, node) = played.expect("a problem of more than one move");
    bot = crash_and_restart_with(&mut bot, &fake, dir.path(), &env, || {}).await;
    let done = solve(&fake, &alice, id, problem, msg.clone(), node).await;
    assert!(all_text(&done).contains("Solved!"), "{done}");
    // A click on that board once it is over is refused privately.
    let stale = button(&msg, &problem.tree.correct_moves(node)[0].to_string()).unwrap();
    let i = fake.press_button_unchecked(&alice, id, &stale);
    let refusal = private_answer(&fake, i).await;
    assert!(refusal.ephemeral);
    assert!(
        refusal.content().contains("finished") || refusal.content().contains("out of date"),
        "{}",
        refusal.json
    );
    drop(bot);
    fake.assert_no_violations();
}

/// Presses "Next problem" on the private board `id`: the board now shows a new problem.
async fn press_next(fake: &FakeDiscord, user: &TestUser, id: u64, msg: &Value) -> (u64, Value) {
    let next = press(fake, user, id, msg, "Next problem").await;
    (id, next)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_problem_over_two_days_of_a_test_clock() {
    daily_over_two_days(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_problem_over_two_days_on_postgres() {
    let Some(schema) = TestSchema::new("e2e daily") else {
        return;
    };
    daily_over_two_days(Some(&schema.url)).await;
}

async fn daily_over_two_days(url: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let (set, mut env) = problems(dir.path());
    env.extend(database(url));
    // The bot's clock: a few seconds before 09:00 UTC of the next day, then a day later.
    let clock = dir.path().join("clock-offset");
    let system = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    const DAY: i64 = 86_400_000;
    let target = (system.div_euclid(DAY) + 1) * DAY + 9 * 3_600_000 - 4_000;
    std::fs::write(&clock, (target - system).to_string()).unwrap();
    env.push((
        "TEST_CLOCK_OFFSET_FILE".to_owned(),
        clock.display().to_string(),
    ));
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob").with_locale("ja");
    fake.update_user(bob.clone());
    let mut bot = start(&fake, dir.path(), &env);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;

    // Before it is configured.
    let mod_ = moderator(&fake);
    let channel = fake.channel_id();
    for (key, value) in [
        ("timezone", "UTC".to_owned()),
        ("daily-hour", "9".to_owned()),
        ("daily-channel", format!("<#{channel}>")),
    ] {
        let answer = config_set(&fake, &mod_, key, &value).await;
        let text = all_text(&answer.json);
        assert!(text.contains(key), "{text}");
    }

    // Day one at 09:00: the post, public, with its picture and "Try it".
    let daily = |title: &'static str| {
        move |m: &StoredMessage| {
            m.channel_id == channel
                && m.embeds()
                    .first()
                    .and_then(|e| e["title"].as_str().map(|t| t.starts_with(title)))
                    .unwrap_or(false)
        }
    };
    let first = fake
        .wait_for_message("day one's problem", STEP, daily("Daily problem"))
        .await;
    assert!(!first.ephemeral);
    assert!(first.attachment("board.png").is_some());
    let problem = problem_of(&set, &first.json);
    // Alice tries it privately and solves it; Bob (in Japanese) fails it.
    let try_it = |user: &TestUser| {
        fake.press_button(user, first.id, &button(&first.json, "Try it").unwrap())
    };
    let i = try_it(&alice);
    let board = private_answer(&fake, i).await;
    assert!(board.ephemeral, "no spoilers: the board is private");
    let done = solve(&fake, &alice, board.id, problem, board.json.clone(), 0).await;
    let text = all_text(&done);
    assert!(
        text.contains("Solved!") && text.contains("Daily streak: 1 day"),
        "{text}"
    );
    let i = try_it(&bob);
    let board = private_answer(&fake, i).await;
    let wrong = wrong_point(problem, &board.json);
    let failed = press(&fake, &bob, board.id, &board.json, &wrong).await;
    assert!(all_text(&failed).contains("不正解"), "{failed}");

    // A restart the same day posts nothing more. (Each start waits out Discord's five seconds
    // between identifies, which the bot's turns count on its own clock: a test clock moved by
    // a day must not make them look long past.)
    tokio::time::sleep(std::time::Duration::from_millis(5_500)).await;
    bot = crash_and_restart_with(&mut bot, &fake, dir.path(), &env, || {}).await;
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let posts = |title: &'static str| {
        fake.messages_in(channel)
            .iter()
            .filter(|m| daily(title)(m))
            .count()
    };
    assert_eq!(posts("Daily problem"), 1);

    // The next day, the bot down over the hour: at its start the day's deadline fires and
    // is committed, but Discord refuses the first messages (as a crash between the commit and
    // the post would leave them); the bot's catching up posts what is missing: the solution
    // with Alice as the one solver, then day two's problem; once each.
    tokio::time::sleep(std::time::Duration::from_millis(5_500)).await;
    let path = format!("/channels/{channel}/messages");
    fake.fail_next("POST", &path, 500, 2);
    let down = fake.now();
    bot = crash_and_restart_with(&mut bot, &fake, dir.path(), &env, || {
        std::fs::write(&clock, (target - system + DAY).to_string()).unwrap();
    })
    .await;
    fake.wait_for_request("a refused daily post", STEP, |r| {
        r.at > down && r.is("POST", &path) && r.status == 500
    })
    .await;
    let solution = fake
        .wait_for_message("day one's solution", STEP, daily("Solution of"))
        .await;
    let text = all_text(&solution.json);
    assert!(
        text.contains(&alice.mention()) && !text.contains(&bob.mention()),
        "{text}"
    );
    assert!(solution.attachment("board.png").is_some());
    fake.wait_for_message("day two's problem", STEP, |m| {
        daily("Daily problem")(m) && m.id != first.id
    })
    .await;
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    assert_eq!((posts("Daily problem"), posts("Solution of")), (2, 1));
    let refused = fake
        .requests()
        .iter()
        .filter(|r| r.at > down && r.is("POST", &path) && r.status == 500)
        .count();
    assert_eq!(refused, 2, "both faults were met");

    // Day one's "Try it" is over now, said privately in Bob's language.
    let i = try_it(&bob);
    let refusal = private_answer(&fake, i).await;
    assert!(
        refusal.ephemeral && refusal.content().contains("正解"),
        "{}",
        refusal.json
    );

    // Alice's profile shows her training rating and streak; the solvers' board has her.
    let i = fake.send_slash_command(&alice, "weiqi", "profile", vec![]);
    let cb = fake.wait_for_callback(i, STEP).await;
    let text = all_text(&cb.data);
    assert!(
        text.contains("Training: rating") && text.contains("daily streak 1"),
        "{text}"
    );
    let commands = fake.registered_commands();
    let solvers = choice(&commands, "weiqi", "problem", "kind", "daily solvers");
    let i = fake.send_slash_command(&alice, "weiqi", "problem", vec![Opt::int("kind", solvers)]);
    let cb = fake.wait_for_callback(i, STEP).await;
    let text = all_text(&cb.data);
    assert!(
        text.contains(&format!("1. {}: 1 solved", alice.mention())),
        "{text}"
    );
    drop(bot);
    fake.assert_no_violations();
}
