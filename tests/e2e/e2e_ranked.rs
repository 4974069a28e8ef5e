//! A ranked handicap game on Discord through the real binary and the fake: the invitation
//! says the stones and that it is ranked, the board starts with Black's stones and White to
//! move, White resigns, and `/weiqi rank` shows both players' new ranks with their chart.

use crate::e2e_support;
use crate::support;

use e2e_support::*;
use support::*;

/// `/weiqi rank` of `whose` (the caller's own when `None`): the answer once edited in.
async fn rank_of(fake: &FakeDiscord, caller: &TestUser, whose: Option<&TestUser>) -> StoredMessage {
    let options = whose
        .map(|u| vec![Opt::user("user", u)])
        .unwrap_or_default();
    let id = fake.send_slash_command(caller, "weiqi", "rank", options);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!(
        (cb.kind, cb.ephemeral),
        (5, false),
        "a public deferred answer"
    );
    let original = cb.message_id.unwrap();
    fake.wait_for_message("the rank", STEP, |m| {
        m.id == original && !m.embeds().is_empty()
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ranked_handicap_game_moves_both_ranks() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;

    // Before any ranked game.
    let none = rank_of(&fake, &bob, None).await;
    assert!(
        all_text(&none.json).contains("No ranked games yet"),
        "{}",
        none.json
    );

    let invitation = invite(
        &fake,
        &alice,
        &bob,
        vec![
            Opt::int("size", 9),
            Opt::int("handicap", 2),
            Opt::bool("ranked", true),
        ],
    )
    .await;
    let text = invitation.content();
    assert!(
        text.contains("komi 0.5 · 2 handicap stones · ranked"),
        "{text}"
    );
    assert!(text.contains("White moves first"), "{text}");
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    let b = table.board();
    assert_eq!(field(&b, "Handicap"), "2 handicap stones");
    assert!(
        field(&b, "Turn").contains(&alice.mention()),
        "White to move"
    );

    table.play(&alice, "E5").await;
    table.play(&bob, "D5").await;
    table.press(&alice, "Resign").await;
    table.press(&alice, "Resign").await;
    result_text(&fake, std::time::Duration::ZERO, "Game over").await;

    let bob_rank = rank_of(&fake, &bob, None).await;
    let alice_rank = rank_of(&fake, &bob, Some(&alice)).await;
    for (m, who) in [(&bob_rank, &bob), (&alice_rank, &alice)] {
        let text = all_text(&m.json);
        assert!(text.contains(&who.mention()), "{text}");
        assert!(text.contains("Ranked: **"), "{text}");
        assert!(text.contains("1 games"), "{text}");
        let chart = m.attachment("rating.png").expect("the chart is attached");
        assert_eq!(&chart.bytes[1..4], b"PNG");
    }
    let rating = |m: &StoredMessage| -> f64 {
        let text = all_text(&m.json);
        let after = text.split("rating ").nth(1).unwrap_or_default();
        after.split(' ').next().unwrap_or_default().parse().unwrap()
    };
    assert!(rating(&bob_rank) > 1500.0, "{}", bob_rank.json);
    assert!(rating(&alice_rank) < 1500.0, "{}", alice_rank.json);
    assert!(all_text(&bob_rank.json).contains("streak +1"));
    assert!(all_text(&alice_rank.json).contains("streak -1"));

    // The leaderboard ranks by rating: Bob, who won, above Alice, with their ranks; its
    // button turns it to merit in place.
    let id = fake.send_slash_command(&alice, "weiqi", "leaderboard", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, false), "a public answer");
    let text = all_text(&cb.data);
    assert!(text.contains("Leaderboard by rating (page 1)"), "{text}");
    let (first, second) = (
        text.find(&format!("1. {}", bob.mention())),
        text.find(&format!("2. {}", alice.mention())),
    );
    assert!(first.is_some() && second.is_some(), "{text}");
    assert!(
        text.contains(&format!("{:.0} ±", rating(&bob_rank))),
        "{text}"
    );
    let buttons: Vec<(String, String)> = cb.data["components"][0]["components"]
        .as_array()
        .expect("the page buttons")
        .iter()
        .map(|b| {
            (
                b["label"].as_str().unwrap_or_default().to_owned(),
                b["custom_id"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let by_merit = buttons
        .iter()
        .find(|(label, _)| label == "By merit")
        .unwrap_or_else(|| panic!("{buttons:?}"));
    let message = cb.message_id.expect("the leaderboard's message");
    let id = fake.press_button(&alice, message, &by_merit.1);
    let turned = fake.wait_for_callback(id, STEP).await;
    assert_eq!(turned.kind, 7, "the page is turned in place");
    let text = all_text(&turned.data);
    assert!(text.contains("Leaderboard (page 1)"), "{text}");
    assert!(text.contains("merit"), "{text}");
    fake.assert_no_violations();
}

/// Opens `point`'s picker on `table` as `user`, presses the point, and waits for the board to
/// be redrawn (a placed handicap stone leaves the move number as it is).
async fn place(fake: &FakeDiscord, table: &Table<'_>, user: &TestUser, point: &str) {
    let before = table.board().edits;
    let picker = table.picker(user, point).await;
    let button = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some(point))
        .unwrap_or_else(|| panic!("{point} in the picker"));
    assert!(!button.disabled, "{point} is free");
    let id = fake.press_button(user, picker.id, &button.custom_id);
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 7);
    fake.wait_for_message(&format!("the board after {point}"), STEP, |m| {
        m.id == table.board && m.edits > before
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_13x13_chinese_handicap_game_black_places_the_stones_by_clicking() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    config_set(&fake, &moderator(&fake), "allowed-sizes", "9,13,19").await;

    let chinese = choice(&commands, "weiqi", "invite", "rules", "chinese");
    let invitation = invite(
        &fake,
        &alice,
        &bob,
        vec![
            Opt::int("size", 13),
            Opt::int("rules", chinese),
            Opt::int("handicap", 3),
        ],
    )
    .await;
    let text = invitation.content();
    assert!(
        text.contains("komi 3.5 · 3 handicap stones, placed by Black"),
        "{text}"
    );
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    let b = table.board();
    assert!(field(&b, "Turn").contains(&bob.mention()), "Black places");
    assert!(
        field(&b, "Turn").contains("Placing the handicap stones: 0 of 3"),
        "{}",
        field(&b, "Turn")
    );
    let pass = b
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("Pass"))
        .expect("a Pass button");
    assert!(pass.disabled, "no pass while placing");

    // White cannot move yet: a private refusal, and the board stays as it was.
    let picker = table.picker(&alice, "G7").await;
    assert!(
        picker.buttons().iter().all(|b| b.disabled),
        "not White's turn: {:?}",
        picker.buttons()
    );

    for point in ["D4", "K10", "G7"] {
        place(&fake, &table, &bob, point).await;
    }
    let b = table.board();
    assert!(
        field(&b, "Turn").contains(&alice.mention()),
        "White to move"
    );
    assert!(!field(&b, "Turn").contains("Placing"));
    assert_eq!(field(&b, "Move"), "0", "the stones are a setup, not moves");
    assert_png_board(&b);
    table.play(&alice, "K4").await;
    table.play(&bob, "D10").await;
    assert_eq!(field(&table.board(), "Move"), "2");
    table.press(&alice, "Resign").await;
    table.press(&alice, "Resign").await;
    let result = result_text(&fake, std::time::Duration::ZERO, "Game over").await;
    assert!(result.contains("B+R"), "{result}");

    // The record has the stones where Black put them, White first.
    let sgf = record_of(&fake, &bob).await;
    for prop in [
        "SZ[13]",
        "HA[3]",
        "KM[3.5]",
        "RU[Chinese]",
        "AB[jd][gg][dj]",
        "PL[W]",
    ] {
        assert!(sgf.contains(prop), "{prop} in {sgf}");
    }
    fake.assert_no_violations();
}
