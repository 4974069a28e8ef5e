//! Turn notices as each player chooses (`/weiqi notify`), on the fake Discord through the real
//! binary, in English and Japanese: a direct message for one player while the server mentions,
//! nothing for another, and a player whose direct messages are closed to the bot (Discord's
//! 50007) told in the game's channel instead, with a note saying why.

use std::time::Duration;

use crate::e2e_support;
use crate::support;

use e2e_support::*;
use support::*;

/// `/weiqi notify how:<choice>` by `user`: the private answer's text.
async fn choose(
    fake: &FakeDiscord,
    commands: &[serde_json::Value],
    user: &TestUser,
    how: &str,
) -> String {
    let value = choice(commands, "weiqi", "notify", "how", how);
    let id = fake.send_slash_command(user, "weiqi", "notify", vec![Opt::int("how", value)]);
    let answer = private_answer(fake, id).await;
    assert!(answer.ephemeral, "{}", answer.json);
    answer.content().to_owned()
}

/// The server's channel messages that mention `user`, oldest first.
fn pings_of(fake: &FakeDiscord, user: &TestUser) -> Vec<StoredMessage> {
    fake.all_messages()
        .into_iter()
        .filter(|m| m.pinged.contains(&user.id) && m.interaction_id.is_none())
        // A direct message mentions its reader too; only the channels' count here.
        .filter(|m| m.json["guild_id"].is_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_player_is_told_of_their_move_as_they_chose() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob").with_locale("ja");
    fake.update_user(bob.clone());
    let carol = fake.user("carol").with_dms_closed();
    fake.update_user(carol.clone());
    let dave = fake.user("dave");
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;

    // Alice: by direct message; Bob, in Japanese: nothing.
    let said = choose(&fake, &commands, &alice, "a direct message").await;
    assert!(said.contains("direct message"), "{said}");
    let said = choose(&fake, &commands, &bob, "nothing").await;
    assert!(said.contains("お知らせしません"), "{said}");

    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    let bob_pinged = pings_of(&fake, &bob).len();
    let alice_pinged = pings_of(&fake, &alice).len();
    table.play(&bob, "E5").await;
    // Alice's move: a direct message with the board's link, no mention in the channel.
    let deadline = tokio::time::Instant::now() + STEP;
    let dm = loop {
        if let Some(m) = fake
            .dms_to(&alice)
            .into_iter()
            .find(|m| m.content().contains("your move"))
        {
            break m;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no direct message to Alice"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(
        dm.content().contains("discord.com/channels/"),
        "{}",
        dm.content()
    );
    let pings: Vec<String> = pings_of(&fake, &alice)
        .iter()
        .skip(alice_pinged)
        .map(|m| m.json.to_string())
        .collect();
    assert!(pings.is_empty(), "no mention for Alice: {pings:?}");
    table.play(&alice, "C3").await;
    // Bob's move: he chose nothing; a moment for a notice that must not come.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(pings_of(&fake, &bob).len(), bob_pinged, "Bob is not told");
    assert!(fake.dms_to(&bob).is_empty(), "nor by direct message");

    // Carol chose direct messages but takes none from the bot: told in the channel, and why.
    choose(&fake, &commands, &carol, "a direct message").await;
    let invitation = invite(&fake, &carol, &dave, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &dave, &invitation).await;
    Table { fake: &fake, board }.play(&dave, "E5").await;
    let ping = fake
        .wait_for_message("Carol told in the channel", STEP, |m| {
            m.pinged.contains(&carol.id) && m.content().contains("direct messages are closed")
        })
        .await;
    assert!(
        ping.content().contains(&carol.mention()),
        "{}",
        ping.content()
    );

    // Back to the server's way: a mention.
    let said = choose(&fake, &commands, &carol, "as the server").await;
    assert!(said.contains("as this server says"), "{said}");
    fake.assert_no_violations();
}
