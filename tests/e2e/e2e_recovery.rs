//! The real binary against the fake Discord when things go wrong: a channel where the bot may
//! not post, Discord's 5xx on an edit, a board that fell behind, a crash between a commit and
//! what Discord shows (simulated by editing the database while the bot is down), a lost
//! message id; and the moderators' tools: withdrawing an invitation, the list of running games,
//! annulling one, the title role, the language setting.

use crate::e2e_support;
use crate::support;

use std::path::Path;

use e2e_support::*;
use support::*;

/// Runs SQL on the bot's database (the bot is stopped).
fn sql(dir: &Path, statement: &str) {
    let conn = rusqlite::Connection::open(dir.join("tengen.db")).unwrap();
    conn.execute_batch(statement).unwrap();
}

/// Stops the bot, runs `statement` on its database, starts it again; returns once connected.
async fn restart_with(
    bot: &mut tokio::process::Child,
    fake: &FakeDiscord,
    dir: &Path,
    statement: &str,
) -> tokio::process::Child {
    crash_and_restart(bot, fake, dir, || {
        if !statement.is_empty() {
            sql(dir, statement);
        }
    })
    .await
}

/// The first direct message to `who` that contains `text`, waited for.
async fn dm_containing(fake: &FakeDiscord, who: &TestUser, text: &str) -> String {
    let end = std::time::Instant::now() + STEP;
    loop {
        if let Some(m) = fake.dms_to(who).iter().find(|m| m.content().contains(text)) {
            return m.content().to_owned();
        }
        assert!(
            std::time::Instant::now() < end,
            "no DM to {} containing {text:?}: {:?}",
            who.name,
            fake.dms_to(who)
                .iter()
                .map(|m| m.content())
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_that_cannot_be_posted_or_edited_is_said_retried_and_healed() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let mut bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;

    // A channel where the bot may not attach files: the invitation is refused up front, saying
    // what is missing.
    fake.set_bot_permissions(fake.channel_id(), perms::BOT & !perms::ATTACH_FILES);
    let id = fake.send_slash_command(&alice, "weiqi", "invite", vec![Opt::user("user", &bob)]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(cb.ephemeral);
    assert!(
        cb.data["content"]
            .as_str()
            .unwrap()
            .contains("Attach Files"),
        "{}",
        cb.data
    );
    fake.reset_bot_permissions(fake.channel_id());

    // The board's post fails (Discord refuses it): both players are told privately, and the
    // board is posted once the bot restarts.
    let invitation = invite(&fake, &alice, &bob, vec![]).await;
    fake.fail_next("POST", "/channels/*/messages", 403, 1);
    let press = fake.press_button(&bob, invitation.id, &invitation.buttons()[0].custom_id);
    assert_eq!(fake.wait_for_callback(press, STEP).await.kind, 6);
    for who in [&alice, &bob] {
        let dm = dm_containing(&fake, who, "could not post").await;
        assert!(dm.contains("#1"), "{dm}");
    }
    let mut bot = restart_with(&mut bot, &fake, dir.path(), "").await;
    let board = fake
        .wait_for_message("the board posted after the restart", STEP, |m| {
            m.attachment("board.png").is_some() && !m.buttons().is_empty()
        })
        .await;
    let table = Table {
        fake: &fake,
        board: board.id,
    };

    // One 5xx on the edit: retried, the board shows the move.
    fake.fail_next("PATCH", "/channels/*/messages/*", 500, 1);
    table.play(&bob, "E5").await;
    assert_eq!(field(&table.board(), "Move"), "1");

    // Every try fails: the board falls behind. A press on it (drawn at move 1) heals it in
    // place instead of being refused as stale, and says so.
    let before = table.board();
    fake.fail_next("PATCH", "/channels/*/messages/*", 500, 3);
    let picker = table.picker(&alice, "C3").await;
    let c3 = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("C3"))
        .unwrap();
    let id = fake.press_button(&alice, picker.id, &c3.custom_id);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 7);
    fake.wait_for_request("three failed edits", STEP, |r| {
        r.is("PATCH", "/channels/*/messages/*") && r.status == 500
    })
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(field(&table.board(), "Move"), "1", "the board fell behind");
    let region = region_button(&before, "G7");
    let id = fake.press_button(&bob, board.id, &region);
    let answer = private_answer(&fake, id).await;
    assert!(
        answer.content().contains("fallen behind"),
        "{}",
        answer.content()
    );
    let healed = fake
        .wait_for_message("the healed board", STEP, |m| {
            m.id == board.id && field(m, "Move") == "2"
        })
        .await;
    assert!(field(&healed, "Turn").contains(&bob.mention()));

    // A crash between the commit and the edit (the board's record says it shows an older
    // position) is caught up at start-up, with no click.
    table.play(&bob, "G7").await;
    // Counted before the restart: the redraw may come before the restart is seen to end.
    let edits = table.board().edits;
    let mut bot = restart_with(
        &mut bot,
        &fake,
        dir.path(),
        "UPDATE discord_boards SET shown = 'old'",
    )
    .await;
    fake.wait_for_message("the board redrawn at start-up", STEP, |m| {
        m.id == board.id && m.edits > edits
    })
    .await;

    // A turn whose deadline fell while the bot was down gets a fresh turn, shown and pinged.
    let t = fake.now();
    let _bot = restart_with(
        &mut bot,
        &fake,
        dir.path(),
        "UPDATE matches SET turn_deadline = 0 WHERE phase = 'play'",
    )
    .await;
    fake.wait_for_request("the player to move pinged after the restart", STEP, |r| {
        r.at > t
            && r.is("POST", "/channels/*/messages")
            && r.json.as_ref().is_some_and(|j| {
                j["content"]
                    .as_str()
                    .is_some_and(|c| c.contains(&alice.mention()) && c.contains("your move"))
            })
    })
    .await;
    let board = fake
        .wait_for_message("the board with the fresh turn", STEP, |m| {
            m.id == board.id && field(m, "Turn ends").contains("<t:")
        })
        .await;
    let ends: i64 = field(&board, "Turn ends")
        .trim_start_matches("<t:")
        .trim_end_matches(":R>")
        .parse()
        .unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    assert!(ends > now, "the turn ends in the future: {ends} vs {now}");
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lost_message_ids_are_recovered_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));
    let mut bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let invitation = invite(&fake, &alice, &bob, vec![]).await;
    let board = accept(&fake, &bob, &invitation).await;
    // Carol invites Alice's... no: Carol invites Bob's friend; an invitation pending at the
    // crash whose message id was never saved.
    let dave = fake.user("dave");
    let pending = invite(&fake, &carol, &dave, vec![]).await;
    let _bot = restart_with(
        &mut bot,
        &fake,
        dir.path(),
        "DELETE FROM discord_boards; DELETE FROM discord_invitations;",
    )
    .await;
    // The game gets its board posted again, the invitation its message.
    let reposted = fake
        .wait_for_message("the board posted again", STEP, |m| {
            m.id != board && m.attachment("board.png").is_some() && !m.buttons().is_empty()
        })
        .await;
    assert!(field(&reposted, "Turn").contains(&bob.mention()));
    let again = fake
        .wait_for_message("the invitation posted again", STEP, |m| {
            m.id != pending.id && m.content().contains(&dave.mention()) && !m.buttons().is_empty()
        })
        .await;
    // Its buttons work.
    let id = fake.press_button(&dave, again.id, &again.buttons()[1].custom_id);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
    fake.wait_for_message("the invitation declined", STEP, |m| {
        m.id == again.id && m.content().contains("Declined")
    })
    .await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderators_withdraw_list_annul_grant_the_title_and_choose_the_language() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));
    let moderator = fake.user("mod").with_permissions(perms::MANAGE_GUILD);
    fake.update_user(moderator.clone());
    let mut bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let key = |name: &str| name.to_owned();

    // The inviter withdraws an invitation by its Cancel button; no one else can.
    let invitation = invite(&fake, &alice, &bob, vec![]).await;
    let cancel = invitation.buttons()[2].custom_id.clone();
    let id = fake.press_button(&bob, invitation.id, &cancel);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(cb.ephemeral);
    assert!(
        cb.data["content"]
            .as_str()
            .unwrap()
            .contains("Only the member who sent")
    );
    let id = fake.press_button(&alice, invitation.id, &cancel);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
    fake.wait_for_message("the invitation withdrawn", STEP, |m| {
        m.id == invitation.id
            && m.content().contains("Withdrawn by its sender")
            && m.buttons().iter().all(|b| b.disabled)
    })
    .await;
    // …and by `/weiqi cancel`.
    invite(&fake, &alice, &carol, vec![]).await;
    let id = fake.send_slash_command(&alice, "weiqi", "cancel", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(
        cb.data["content"].as_str().unwrap().contains("withdrawn"),
        "{}",
        cb.data
    );

    // A game; the moderators see it, and annul it: no result, both players told.
    let invitation = invite(&fake, &alice, &bob, vec![]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let id = fake.send_slash_command(&alice, "weiqi-config", "games", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(
        cb.data["content"]
            .as_str()
            .unwrap()
            .contains("Manage Server")
    );
    let id = fake.send_slash_command(&moderator, "weiqi-config", "games", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    let list = cb.data["content"].as_str().unwrap();
    assert!(
        list.contains("#3") && list.contains(&bob.mention()),
        "{list}"
    );
    let id = fake.send_autocomplete(
        &moderator,
        "weiqi-config",
        "annul",
        vec![Opt::str("game", "")],
        "game",
    );
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!(cb.data["choices"][0]["value"], 3);
    let t = fake.now();
    let id = fake.send_slash_command(
        &moderator,
        "weiqi-config",
        "annul",
        vec![Opt::int("game", 3)],
    );
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(
        cb.data["content"].as_str().unwrap().contains("annulled"),
        "{}",
        cb.data
    );
    let result = result_text(&fake, t, "Game over").await;
    assert!(result.contains("Annulled"), "{result}");
    // Both players are told: a notice that pings them (a mention in the content, allowed),
    // in the server's language.
    let notice = fake
        .wait_for_message("the annulment's notice to both players", STEP, |m| {
            m.pinged.contains(&alice.id) && m.pinged.contains(&bob.id)
        })
        .await;
    assert!(
        notice.content().contains("annulled"),
        "{}",
        notice.content()
    );
    fake.wait_for_message("the board closed", STEP, |m| {
        m.id == board && m.buttons().is_empty()
    })
    .await;
    let id = fake.send_slash_command(&bob, "weiqi", "profile", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(
        cb.data["embeds"][0]["description"]
            .as_str()
            .unwrap()
            .contains("Wins: **0** · Losses: **0**")
    );

    // The title role: one above the bot's own is refused with what to do; one below is
    // accepted and granted to a player who earned the title before it was set.
    let high = fake.create_role("champions", 0, 5);
    let low = fake.create_role("黑白手", 0, 1);
    fake.set_role_position(support::BOT_ROLE_ID, 3);
    let set = |value: String| {
        fake.send_slash_command(
            &moderator,
            "weiqi-config",
            "set",
            vec![
                Opt::str("key", &key("title-role")),
                Opt::str("value", &value),
            ],
        )
    };
    let answer = private_answer(&fake, set(high.to_string())).await;
    assert!(
        answer.content().contains("above it"),
        "{}",
        answer.content()
    );
    let mut bot2 = restart_with(
        &mut bot,
        &fake,
        dir.path(),
        &format!(
            "INSERT INTO profiles (guild_id, user_id, wins, titled_at) VALUES ({}, {}, 10, 1)",
            fake.guild_id() as i64,
            carol.id as i64
        ),
    )
    .await;
    let answer = private_answer(&fake, set(low.to_string())).await;
    assert!(
        answer.content().contains("one player"),
        "{}",
        answer.content()
    );
    assert!(fake.roles_of(&carol).contains(&low));

    // The language of public messages: Japanese, whatever the guild's locale.
    let id = fake.send_slash_command(
        &moderator,
        "weiqi-config",
        "set",
        vec![Opt::str("key", &key("language")), Opt::str("value", "ja")],
    );
    private_answer(&fake, id).await;
    let invitation = invite(&fake, &alice, &bob, vec![]).await;
    assert!(
        invitation.content().contains("対局"),
        "{}",
        invitation.content()
    );
    let board = fake
        .message(accept(&fake, &bob, &invitation).await)
        .unwrap();
    assert!(
        field(&board, "手番").contains(&bob.mention()),
        "{}",
        board.json
    );
    let _ = bot2.kill().await;
    fake.assert_no_violations();
}
