//! Real clocks on Discord through the real binary and the fake: a byo-yomi game with one short
//! period lost on time, simple time lost on time (in Japanese) and Canadian byo-yomi in words,
//! and a correspondence game across a crash, whose player to move gets the time back and is
//! told so.

use crate::e2e_support;
use crate::support;

use e2e_support::*;
use support::*;

/// The Unix seconds of the first Discord timestamp (`<t:…:R>`) in `text`.
fn timestamp_in(text: &str) -> i64 {
    text.split("<t:")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no timestamp in {text:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_byo_yomi_game_is_lost_on_time_when_the_period_runs_out() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let answer = config_set(&fake, &moderator(&fake), "time-live", "byo-yomi 0s 1x5s").await;
    assert!(
        all_text(&answer.json).contains("`time-live` = byo-yomi 0s 1x5s"),
        "{}",
        answer.json
    );

    let live = choice(&commands, "weiqi", "invite", "time", "live");
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("time", live)]).await;
    assert!(
        invitation.content().contains("0s + 1×5s byo-yomi"),
        "{}",
        invitation.content()
    );
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    let b = table.board();
    assert_eq!(field(&b, "Time"), "0s + 1×5s byo-yomi");
    assert!(
        field(&b, "Clocks").contains("0s · 1×5s"),
        "{}",
        field(&b, "Clocks")
    );
    table.play(&bob, "E5").await;
    // Alice lets her one period run out: Black wins on time.
    let result = result_text(&fake, std::time::Duration::ZERO, "Game over").await;
    assert!(result.contains("wins on time (B+T)"), "{result}");
    assert!(result.contains(&bob.mention()), "{result}");
    fake.assert_no_violations();
}

/// Simple time (the same for every move), set as the server's `live` clock, in Japanese: the
/// invitation and the board say it, and a move not made within it loses the game. Canadian
/// byo-yomi as the `blitz` clock, in English: the invitation says its stones and period.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simple_time_runs_out_and_canadian_byo_yomi_is_said_in_two_languages() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let (carol, dave) = (fake.user("carol"), fake.user("dave"));
    let moderator = moderator(&fake);
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    for (key, value) in [
        ("time-live", "simple 5s"),
        ("time-blitz", "canadian 0s 2/30s"),
    ] {
        let answer = config_set(&fake, &moderator, key, value).await;
        assert!(
            all_text(&answer.json).contains(&format!("`{key}` = {value}")),
            "{}",
            answer.json
        );
    }
    // A clock out of range is refused, and says what a clock looks like.
    let refused = config_set(&fake, &moderator, "time-blitz", "canadian 0s 2/5s").await;
    assert!(
        all_text(&refused.json).contains("canadian 10m 25/5m"),
        "{}",
        refused.json
    );

    config_set(&fake, &moderator, "language", "ja").await;
    let live = choice(&commands, "weiqi", "invite", "time", "live");
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("time", live)]).await;
    assert!(
        invitation.content().contains("一手 5s"),
        "{}",
        invitation.content()
    );
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    assert!(all_text(&table.board().json).contains("一手 5s"));
    table.play(&bob, "E5").await;
    // Alice lets her five seconds pass: Black wins on time.
    let result = result_text(&fake, std::time::Duration::ZERO, "対局終了").await;
    assert!(result.contains("B+T"), "{result}");

    config_set(&fake, &moderator, "language", "en").await;
    let blitz = choice(&commands, "weiqi", "invite", "time", "blitz");
    let invitation = invite(&fake, &carol, &dave, vec![Opt::int("time", blitz)]).await;
    assert!(
        invitation
            .content()
            .contains("0s + Canadian byo-yomi, 2 moves in 30s"),
        "{}",
        invitation.content()
    );
    let cancel = invitation.buttons()[2].custom_id.clone();
    let i = fake.press_button(&carol, invitation.id, &cancel);
    fake.wait_for_callback(i, STEP).await;

    // An inviter's own clock: refused while the server does not allow it, unreadable, or
    // longer than its maximum; taken once allowed.
    let own = |text: &str| {
        fake.send_slash_command(
            &carol,
            "weiqi",
            "invite",
            vec![Opt::user("user", &dave), Opt::str("clock", text)],
        )
    };
    let refused = private_answer(&fake, own("canadian 5m 10/1m")).await;
    assert!(
        refused
            .content()
            .contains("does not allow clocks of your own"),
        "{}",
        refused.json
    );
    config_set(&fake, &moderator, "custom-clocks", "true").await;
    config_set(&fake, &moderator, "custom-clock-max", "3").await;
    let refused = private_answer(&fake, own("five minutes")).await;
    assert!(
        refused.content().contains("not a clock I can read"),
        "{}",
        refused.json
    );
    let refused = private_answer(&fake, own("canadian 5m 10/1m")).await;
    assert!(
        refused.content().contains("at most 3 minutes of main time"),
        "{}",
        refused.json
    );
    let invitation = invite(
        &fake,
        &carol,
        &dave,
        vec![Opt::str("clock", "canadian 2m 10/1m")],
    )
    .await;
    assert!(
        invitation
            .content()
            .contains("2m + Canadian byo-yomi, 10 moves in 1m"),
        "{}",
        invitation.content()
    );
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_survives_a_crash_and_the_time_is_given_back() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let mut bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let correspondence = choice(&commands, "weiqi", "invite", "time", "correspondence");
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("time", correspondence)]).await;
    assert!(
        invitation
            .content()
            .contains("correspondence 3d +1d a move (at most 7d)"),
        "{}",
        invitation.content()
    );
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    let b = table.board();
    assert!(
        !all_text(&b.json).contains("Game ends"),
        "no real-time cap: {}",
        b.json
    );
    table.play(&bob, "E5").await;
    let before = timestamp_in(&field(&table.board(), "Time runs out"));

    // A crash, two seconds down.
    let mut bot2 = crash_and_restart(&mut bot, &fake, dir.path(), || {
        std::thread::sleep(std::time::Duration::from_secs(2));
    })
    .await;
    fake.wait_connected(STEP).await;
    let board = fake
        .wait_for_message("the board with the time given back", STEP, |m| {
            m.id == table.board
                && m.embeds().first().is_some_and(|e| {
                    e["fields"].as_array().into_iter().flatten().any(|f| {
                        f["name"] == "Time runs out"
                            && f["value"]
                                .as_str()
                                .is_some_and(|v| timestamp_in(v) >= before + 2)
                    })
                })
        })
        .await;
    assert!(field(&board, "Turn").contains(&alice.mention()));
    let id = fake.send_slash_command(&alice, "weiqi", "status", vec![]);
    let status = private_answer(&fake, id).await;
    let text = status.content();
    assert!(text.contains("The bot was down"), "{text}");
    assert!(text.contains("given back to the player to move"), "{text}");
    // Play goes on after the restart.
    table.play(&alice, "C3").await;
    let _ = bot2.kill().await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_and_a_rematch_by_their_buttons() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 7)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    table.play(&bob, "D4").await;
    let b = table.press_and_wait(&bob, "Take back").await;
    assert!(
        field(&b, "Turn").contains("asks to take back their last move"),
        "{}",
        field(&b, "Turn")
    );
    let b = table.press_and_wait(&alice, "Accept takeback").await;
    assert_eq!(field(&b, "Move"), "0", "the move is gone");
    assert!(
        field(&b, "Turn").contains(&bob.mention()),
        "Bob to move again"
    );
    table.play(&bob, "C3").await;
    table.press(&alice, "Resign").await;
    table.press(&alice, "Resign").await;
    result_text(&fake, std::time::Duration::ZERO, "Game over").await;

    // The result carries Rematch; Alice's press posts the new invitation, Alice now Black.
    let result = fake
        .wait_for_message("the result with its Rematch", STEP, |m| {
            m.buttons()
                .iter()
                .any(|b| b.label.as_deref() == Some("Rematch"))
        })
        .await;
    let rematch = result
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("Rematch"))
        .unwrap();
    let id = fake.press_button(&alice, result.id, &rematch.custom_id);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, false), "{}", cb.data);
    let text = cb.data["content"].as_str().unwrap_or_default();
    assert!(
        text.contains(&bob.mention()) && text.contains("7×7"),
        "{text}"
    );
    // Why Alice plays Black: the colours swap for a rematch (an unranked, even game: no rank
    // decides it).
    assert!(!text.contains("lower rank"), "{text}");
    assert!(text.contains("colours swap"), "{text}");
    let invitation = fake.message(cb.message_id.unwrap()).unwrap();
    let board = accept(&fake, &bob, &invitation).await;
    let b = Table { fake: &fake, board }.board();
    assert!(
        field(&b, "Turn").contains(&alice.mention()),
        "colours swapped: Alice plays Black"
    );
    fake.assert_no_violations();
}
