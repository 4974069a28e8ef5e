//! Finding a game without naming someone, on the fake Discord through the real binary: an open
//! challenge taken by the first who fits (its refusals in English and Japanese), the seek queue
//! pairing two players and pinging both, and quiet hours holding a correspondence notice until
//! the player's morning on a test clock, with the morning digest.

use std::time::Duration;

use crate::e2e_support;
use crate::support;

use e2e_support::*;
use support::*;

/// `user` runs `/weiqi <sub>` with `options`: the private answer's text.
async fn private(fake: &FakeDiscord, user: &TestUser, sub: &str, options: Vec<Opt>) -> String {
    let id = fake.send_slash_command(user, "weiqi", sub, options);
    let answer = private_answer(fake, id).await;
    assert!(answer.ephemeral, "{}", answer.json);
    answer.content().to_owned()
}

/// `user` presses `custom_id` on `message` (a button that may be gone): the private refusal's
/// text.
async fn refused_press(
    fake: &FakeDiscord,
    user: &TestUser,
    message: u64,
    custom_id: &str,
) -> String {
    let id = fake.press_button_unchecked(user, message, custom_id);
    private_answer(fake, id).await.content().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_goes_to_the_first_who_fits() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob");
    let dan = fake.user("dan").with_locale("ja");
    fake.update_user(dan.clone());
    let carol = fake.user("carol");
    let erin = fake.user("erin");
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    private(&fake, &dan, "rank", vec![Opt::str("start", "3d")]).await;
    private(&fake, &bob, "rank", vec![Opt::str("start", "5k")]).await;

    // Unreadable ranks, and ranks with someone named, are refused before anything is posted.
    let said = private(&fake, &alice, "invite", vec![Opt::str("ranks", "strong")]).await;
    assert!(said.contains("not ranks I can read"), "{said}");
    let said = private(
        &fake,
        &alice,
        "invite",
        vec![Opt::user("user", &bob), Opt::str("ranks", "5k")],
    )
    .await;
    assert!(said.contains("Ranks are for an open challenge"), "{said}");

    // Alice posts an open challenge for 10 kyu to 1 kyu: public, pinging no one.
    let id = fake.send_slash_command(
        &alice,
        "weiqi",
        "invite",
        vec![Opt::int("size", 9), Opt::str("ranks", "10k-1k")],
    );
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, false), "{}", cb.data);
    let posted = fake.message(cb.message_id.unwrap()).unwrap();
    let text = posted.content().to_owned();
    assert!(text.contains("open challenge"), "{text}");
    assert!(text.contains("10 kyu to 1 kyu"), "{text}");
    assert!(
        posted.pinged.is_empty(),
        "an open challenge pings no one: {text}"
    );
    let labels: Vec<String> = posted
        .buttons()
        .iter()
        .filter_map(|b| b.label.clone())
        .collect();
    assert_eq!(
        labels,
        ["Accept", "Cancel"],
        "no Decline on an open challenge"
    );
    let accept_id = posted.buttons()[0].custom_id.clone();

    // The poster, Dan (3 dan, in Japanese), Carol at her game limit: refused privately.
    let said = refused_press(&fake, &alice, posted.id, &accept_id).await;
    assert!(said.contains("your own challenge"), "{said}");
    let said = refused_press(&fake, &dan, posted.id, &accept_id).await;
    assert!(said.contains("10 級") || said.contains("方向け"), "{said}");
    let invitation = invite(&fake, &erin, &carol, vec![Opt::int("size", 9)]).await;
    accept(&fake, &carol, &invitation).await;
    let said = refused_press(&fake, &carol, posted.id, &accept_id).await;
    assert!(said.contains("already in a game"), "{said}");

    // Bob takes it: the game starts; Erin, pressing after, is told it was taken.
    let board = accept(&fake, &bob, &posted).await;
    let board_msg = fake.message(board).unwrap();
    assert!(
        all_text(&board_msg.json).contains(&bob.mention()),
        "Bob plays: {}",
        board_msg.json
    );
    let said = refused_press(&fake, &erin, posted.id, &accept_id).await;
    assert!(said.contains("took this challenge first"), "{said}");
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seek_pairs_two_players_and_pings_both() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob").with_locale("ja");
    fake.update_user(bob.clone());
    let carol = fake.user("carol");
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;

    let said = private(&fake, &carol, "seek", vec![Opt::bool("leave", true)]).await;
    assert!(said.contains("not waiting"), "{said}");
    let said = private(&fake, &alice, "seek", vec![Opt::int("size", 11)]).await;
    assert!(
        said.contains("does not allow") || said.contains("11"),
        "{said}"
    );

    // Alice waits: she is told how the queue stands.
    let said = private(&fake, &alice, "seek", vec![Opt::int("size", 9)]).await;
    assert!(said.contains("You wait for 9×9"), "{said}");
    assert!(said.contains("9×9") && said.contains(": 1"), "{said}");
    // Carol, with no game, sees in /weiqi status who waits.
    let said = private(&fake, &carol, "status", vec![]).await;
    assert!(
        said.contains("seek queue") && said.contains("9×9"),
        "{said}"
    );
    // Bob, in Japanese, at the same terms and rank: paired at once, both pinged.
    let said = private(&fake, &bob, "seek", vec![Opt::int("size", 9)]).await;
    assert!(said.contains("すぐに相手が見つかりました"), "{said}");
    let ping = fake
        .wait_for_message("the pairing", STEP, |m| {
            m.pinged.contains(&alice.id) && m.pinged.contains(&bob.id)
        })
        .await;
    assert!(
        ping.content().contains(&alice.mention()),
        "{}",
        ping.content()
    );
    fake.wait_for_message("the board", STEP, |m| {
        m.attachment("board.png").is_some() && m.interaction_id.is_none()
    })
    .await;
    // Alice is in a game now: her seek again is refused.
    let said = private(&fake, &alice, "seek", vec![Opt::int("size", 9)]).await;
    assert!(said.contains("already in a game"), "{said}");
    fake.assert_no_violations();
}

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

/// Sets the bot's test clock to `target` (UTC milliseconds).
fn set_clock(file: &std::path::Path, target: i64) {
    let system = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    std::fs::write(file, (target - system).to_string()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quiet_hours_hold_a_correspondence_notice_until_the_morning_digest() {
    let dir = tempfile::tempdir().unwrap();
    let clock = dir.path().join("clock-offset");
    let system = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    // 23:00 UTC tonight: in Bob's quiet hours (22-7 UTC).
    let night = system.div_euclid(DAY) * DAY + 23 * HOUR;
    set_clock(&clock, night);
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob").with_locale("ja");
    fake.update_user(bob.clone());
    let path = clock.display().to_string();
    let _bot = start_bot_with(&fake, dir.path(), &[("TEST_CLOCK_OFFSET_FILE", &path)]);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;

    let said = private(&fake, &bob, "notify", vec![Opt::str("quiet", "late")]).await;
    assert!(said.contains("読めません"), "{said}");
    let said = private(
        &fake,
        &bob,
        "notify",
        vec![Opt::str("quiet", "22-7 UTC"), Opt::bool("digest", true)],
    )
    .await;
    assert!(said.contains("22:00–07:00"), "{said}");
    assert!(said.contains("07:00"), "{said}");

    // A correspondence game: Bob accepts and plays Black, first; at 23:00 his notice waits.
    let time = choice(&commands, "weiqi", "invite", "time", "correspondence");
    let invitation = invite(
        &fake,
        &alice,
        &bob,
        vec![Opt::int("size", 9), Opt::int("time", time)],
    )
    .await;
    let pinged_before = bob_pings(&fake, &bob);
    accept(&fake, &bob, &invitation).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        bob_pings(&fake, &bob),
        pinged_before,
        "no notice in the night"
    );

    // 07:01 the next morning: the held notice and the digest come.
    set_clock(&clock, night + 8 * HOUR + 60_000);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
    loop {
        let dm = fake
            .dms_to(&bob)
            .into_iter()
            .any(|m| m.content().contains("Good morning"));
        if dm && bob_pings(&fake, &bob) > pinged_before {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no morning for Bob: {:?}",
            fake.dms_to(&bob)
                .iter()
                .map(|m| m.content().to_owned())
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let digest = fake
        .dms_to(&bob)
        .into_iter()
        .find(|m| m.content().contains("Good morning"))
        .unwrap();
    assert!(
        digest.content().contains(&alice.mention()),
        "{}",
        digest.content()
    );
    // In the server's language, as every message of the bot's.
    assert!(
        digest
            .content()
            .contains("Your move in one correspondence game on"),
        "{}",
        digest.content()
    );
    fake.assert_no_violations();
}

/// How many channel messages mention `user` (direct messages left out).
fn bob_pings(fake: &FakeDiscord, user: &TestUser) -> usize {
    fake.all_messages()
        .into_iter()
        .filter(|m| m.pinged.contains(&user.id) && m.json["guild_id"].is_string())
        .count()
}
