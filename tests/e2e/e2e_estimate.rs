//! The estimate during play (形势判断) on the fake Discord through the real binary, on SQLite
//! and PostgreSQL: a player of a game a few moves in asks and gets, privately, the board shaded
//! by owner with the estimated score and the uses left; a spectator is refused; past the
//! server's limit the player is refused, and still after a crash and restart (the count is
//! stored); `estimate=off` refuses; a ranked game under the default `unranked` refuses. Each
//! refusal is private, and nothing shows on the public board.

use std::path::Path;

use tengen::store::testing::TestSchema;

use crate::e2e_support;
use crate::support;

use e2e_support::*;
use support::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_asks_for_estimates_until_the_limit_across_a_restart() {
    estimates(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn estimates_on_postgres() {
    let Some(schema) = TestSchema::new("e2e estimate") else {
        return;
    };
    estimates(Some(&schema.url)).await;
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

fn start(fake: &FakeDiscord, dir: &Path, env: &[(String, String)]) -> tokio::process::Child {
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    start_bot_with(fake, dir, &env)
}

/// `/weiqi estimate` by `user`: the private answer (deferred, then edited).
async fn ask(fake: &FakeDiscord, user: &TestUser) -> StoredMessage {
    let i = fake.send_slash_command(user, "weiqi", "estimate", vec![]);
    let cb = fake.wait_for_callback(i, STEP).await;
    assert!(cb.ephemeral, "the answer is private: {}", cb.data);
    let answer = private_answer(fake, i).await;
    assert!(answer.ephemeral, "{}", answer.json);
    answer
}

/// The estimate's picture of an answer, checked to be a PNG of the board's width.
fn picture(answer: &StoredMessage) -> Vec<u8> {
    let png = answer
        .embed_image(0)
        .unwrap_or_else(|| panic!("the estimate's picture: {}", answer.json));
    assert_eq!(png.filename, "estimate.png");
    let img = image::load_from_memory(&png.bytes).expect("a PNG");
    assert_eq!(img.width(), 720);
    png.bytes.clone()
}

async fn estimates(url: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let env = database(url);
    let fake = FakeDiscord::start().await;
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));
    let (dave, erin) = (fake.user("dave"), fake.user("erin"));
    let moderator = moderator(&fake);
    let mut bot = start(&fake, dir.path(), &env);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;

    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    for (who, at) in [
        (&bob, "C3"),
        (&alice, "G7"),
        (&bob, "C7"),
        (&alice, "G3"),
        (&bob, "E5"),
    ] {
        table.play(who, at).await;
    }
    let public_before = table.board().edits;

    // Bob (Black) asks: the picture, the score in words, two of three left.
    let answer = ask(&fake, &bob).await;
    let text = all_text(&answer.json);
    assert!(text.contains("Estimate after move 5"), "{text}");
    assert!(
        text.contains("leads by about") || text.contains("about even"),
        "{text}"
    );
    assert!(text.contains("with komi (5.5)"), "{text}");
    assert!(text.contains("2 of 3 left in this game."), "{text}");
    let png = picture(&answer);
    if url.is_none() {
        // Kept to be looked at.
        let _ = std::fs::write(std::env::temp_dir().join("estimate.png"), &png);
    }

    // A spectator is refused, privately.
    let refusal = ask(&fake, &carol).await;
    assert!(refusal.attachments.is_empty());
    assert!(
        refusal.content().contains("not in a game"),
        "{}",
        refusal.json
    );

    // The moderator lowers the limit to 2: one more, then refused.
    config_set(&fake, &moderator, "estimate-limit", "2").await;
    let answer = ask(&fake, &bob).await;
    assert!(
        all_text(&answer.json).contains("0 of 2 left"),
        "{}",
        answer.json
    );
    let refusal = ask(&fake, &bob).await;
    assert!(
        refusal.content().contains("used all 2 estimates"),
        "{}",
        refusal.json
    );

    // A crash and a restart: the uses were stored.
    bot.kill().await.unwrap();
    let _ = bot.wait().await;
    let killed = fake.now();
    bot = start(&fake, dir.path(), &env);
    fake.wait_for_request("the commands registered again", STEP, |r| {
        r.is("PUT", "/applications/*/commands") && r.at > killed
    })
    .await;
    let refusal = ask(&fake, &bob).await;
    assert!(
        refusal.content().contains("used all 2 estimates"),
        "{}",
        refusal.json
    );
    // Alice still has hers; then the server turns estimates off.
    let answer = ask(&fake, &alice).await;
    assert!(
        all_text(&answer.json).contains("1 of 2 left"),
        "{}",
        answer.json
    );
    config_set(&fake, &moderator, "estimate", "off").await;
    let refusal = ask(&fake, &alice).await;
    assert!(
        refusal.content().contains("does not allow estimates"),
        "{}",
        refusal.json
    );
    assert_eq!(
        table.board().edits,
        public_before,
        "nothing of the estimates shows on the public board"
    );

    // A ranked game under the default `unranked`: refused.
    config_set(&fake, &moderator, "estimate", "unranked").await;
    let invitation = invite(
        &fake,
        &dave,
        &erin,
        vec![Opt::int("size", 9), Opt::bool("ranked", true)],
    )
    .await;
    let board = accept(&fake, &erin, &invitation).await;
    Table { fake: &fake, board }.play(&erin, "E5").await;
    let refusal = ask(&fake, &erin).await;
    assert!(
        refusal.content().contains("for unranked games"),
        "{}",
        refusal.json
    );
    drop(bot);
    fake.assert_no_violations();
}
