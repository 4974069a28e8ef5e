//! Team games on Discord through the real binary and the fake (SPEC §11, 赛式): a pair Go game
//! of four to its result, each player pinged in turn and a partner's click out of turn
//! refused; a consultation of two teams of three, each voting in its own private thread, one
//! vote closed by a majority and one by its window; and the whole server against the computer,
//! voting in a public thread, for a few moves.

use crate::e2e_support;
use crate::support;

use std::time::Duration;

use e2e_support::*;
use support::*;

/// `user` presses the button labelled `label` of `message`; the interaction's id.
fn press_label(fake: &FakeDiscord, user: &TestUser, message: u64, label: &str) -> u64 {
    let msg = fake.message(message).unwrap();
    let b = msg
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some(label))
        .unwrap_or_else(|| panic!("no {label} on {:?}", msg.buttons()));
    fake.press_button(user, message, &b.custom_id)
}

/// The private answer to `user` pressing `label` on `message`.
async fn refused(fake: &FakeDiscord, user: &TestUser, message: u64, label: &str) -> String {
    let id = press_label(fake, user, message, label);
    all_text(&private_answer(fake, id).await.json)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pair_go_game_of_four_is_played_in_turn_to_its_result() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (ann, ben, cat, dan) = (
        fake.user("ann"),
        fake.user("ben"),
        fake.user("cat"),
        fake.user("dan"),
    );
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    // Ann and Cat invite Ben and Dan.
    let id = fake.send_slash_command(
        &ann,
        "weiqi-team",
        "pair",
        vec![
            Opt::user("partner", &cat),
            Opt::user("opponent", &ben),
            Opt::user("opponent_partner", &dan),
            Opt::int("size", 9),
        ],
    );
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, false), "{}", cb.data);
    let invitation = fake.message(cb.message_id.unwrap()).unwrap();
    let text = invitation.content().to_owned();
    assert!(text.contains("pair Go"), "{text}");
    // Black 1 Ben, White 1 Ann, Black 2 Dan, White 2 Cat.
    let order = format!(
        "⚫ {} · ⚪ {} · ⚫ {} · ⚪ {}",
        ben.mention(),
        ann.mention(),
        dan.mention(),
        cat.mention()
    );
    assert!(text.contains(&order), "{text}");
    // The inviter cannot accept; each of the three does, and the third starts the game.
    let not_yours = refused(&fake, &ann, invitation.id, "Accept").await;
    assert!(not_yours.contains("not for you"), "{not_yours}");
    for (k, p) in [&ben, &dan].into_iter().enumerate() {
        let id = press_label(&fake, p, invitation.id, "Accept");
        assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
        let shown = fake
            .wait_for_message("the acceptance shown", STEP, |m| {
                m.id == invitation.id && m.edits > k as u32
            })
            .await;
        assert!(
            shown.content().contains(&p.mention()),
            "{}",
            shown.content()
        );
    }
    let again = refused(&fake, &ben, invitation.id, "Accept").await;
    assert!(again.contains("already accepted"), "{again}");
    let board = accept_as(&fake, &cat, invitation.id).await;
    let table = Table { fake: &fake, board };
    let desc = table.board().embeds()[0]["description"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        desc.contains(&format!("{} & {}", ben.mention(), dan.mention())),
        "{desc}"
    );
    assert!(desc.contains("Pair Go"), "{desc}");
    // Dan is Black 2: his click on Black 1's turn is refused, privately.
    let id = fake.press_button(&dan, board, &region_button(&table.board(), "E5"));
    let text = all_text(&private_answer(&fake, id).await.json);
    assert!(text.contains("partner's move"), "{text}");
    // Each is pinged in turn, and plays.
    for (who, point) in [(&ben, "E5"), (&ann, "C3"), (&dan, "G7"), (&cat, "C7")] {
        fake.wait_for_message("the ping", STEP, |m| {
            m.content().contains(&who.mention()) && m.content().contains("your move")
        })
        .await;
        assert!(
            field(&table.board(), "Turn").contains(&who.mention()),
            "{}",
            field(&table.board(), "Turn")
        );
        table.play(who, point).await;
    }
    // Ben's partner resigns for the side: two presses by Dan.
    table.press(&dan, "Resign").await;
    table.press(&dan, "Resign").await;
    let text = result_text(&fake, Duration::ZERO, "Game over").await;
    assert!(text.contains("resign"), "{text}");
    // The record names both of each side.
    let id = fake.send_slash_command(&ann, "weiqi", "sgf", vec![]);
    let answer = private_answer(&fake, id).await;
    let sgf = String::from_utf8(answer.attachments[0].bytes.clone()).unwrap();
    assert!(sgf.contains("PB[ben & dan]"), "{sgf}");
    assert!(sgf.contains("PW[ann & cat]"), "{sgf}");
    fake.assert_no_violations();
}

/// `user` presses the invitation's Accept, which starts the game; the new board's id.
async fn accept_as(fake: &FakeDiscord, user: &TestUser, invitation: u64) -> u64 {
    let known: Vec<u64> = fake
        .all_messages()
        .iter()
        .filter(|m| m.attachment("board.png").is_some())
        .map(|m| m.id)
        .collect();
    let id = press_label(fake, user, invitation, "Accept");
    assert_eq!(fake.wait_for_callback(id, STEP).await.kind, 6);
    fake.wait_for_message("the board message", STEP, |m| {
        m.attachment("board.png").is_some() && m.interaction_id.is_none() && !known.contains(&m.id)
    })
    .await
    .id
}

/// Waits until `count` threads are open; all of them, oldest first.
async fn threads_opened(fake: &FakeDiscord, count: usize) -> Vec<u64> {
    let deadline = tokio::time::Instant::now() + STEP;
    loop {
        let threads: Vec<u64> = fake.thread_infos().iter().map(|t| t.id).collect();
        if threads.len() >= count {
            return threads;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{} threads open, {count} awaited",
            threads.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The team board posted in `thread`.
async fn team_board(fake: &FakeDiscord, thread: u64) -> StoredMessage {
    fake.wait_for_message("the team's board", STEP, |m| {
        m.channel_id == thread && m.attachment("board.png").is_some()
    })
    .await
}

/// `user` votes for `point` on the team board: the region, then the point.
async fn vote(fake: &FakeDiscord, user: &TestUser, board: u64, point: &str) -> String {
    let msg = fake.message(board).unwrap();
    let id = fake.press_button(user, board, &region_button(&msg, point));
    let cb = fake.wait_for_callback(id, STEP).await;
    if cb.kind != 4 || !cb.ephemeral {
        return all_text(&cb.data);
    }
    let picker = fake.message(cb.message_id.unwrap()).unwrap();
    if picker.buttons().is_empty() {
        return picker.content().to_owned();
    }
    let b = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some(point))
        .unwrap();
    let id = fake.press_button(user, picker.id, &b.custom_id);
    let cb = fake.wait_for_callback(id, STEP).await;
    all_text(&cb.data)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_teams_of_three_vote_in_their_own_threads() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let black: Vec<TestUser> = ["ann", "ben", "cat"].iter().map(|n| fake.user(n)).collect();
    let white: Vec<TestUser> = ["dan", "eve", "fay"].iter().map(|n| fake.user(n)).collect();
    let stranger = fake.user("gus");
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);
    let mentions = |team: &[TestUser]| {
        team.iter()
            .map(TestUser::mention)
            .collect::<Vec<_>>()
            .join(" ")
    };
    // A member who is no moderator is refused.
    let id = fake.send_slash_command(
        &black[0],
        "weiqi-team",
        "consult",
        vec![
            Opt::str("black_members", &mentions(&black)),
            Opt::str("white_members", &mentions(&white)),
        ],
    );
    let text = all_text(&private_answer(&fake, id).await.json);
    assert!(text.contains("moderators"), "{text}");
    let id = fake.send_slash_command(
        &moderator,
        "weiqi-team",
        "consult",
        vec![
            Opt::str("black_members", &mentions(&black)),
            Opt::str("white_members", &mentions(&white)),
            Opt::str("move_time", "10s"),
            Opt::int("size", 9),
        ],
    );
    let text = all_text(&private_answer(&fake, id).await.json);
    assert!(text.contains("team game is on"), "{text}");
    // The public board has no buttons; each team has a private thread with its members.
    let public = fake
        .wait_for_message("the public board", STEP, |m| {
            m.attachment("board.png").is_some()
                && m.interaction_id.is_none()
                && m.channel_id == fake.channel_id()
        })
        .await;
    assert!(public.buttons().is_empty(), "{:?}", public.buttons());
    let threads = threads_opened(&fake, 2).await;
    let (bt, wt) = (threads[0], threads[1]);
    for (t, team) in [(bt, &black), (wt, &white)] {
        let members = fake.thread_members(t);
        for p in team.iter() {
            assert!(members.contains(&p.id), "{} in {members:?}", p.name);
        }
        assert!(!members.contains(&stranger.id));
        assert_eq!(
            fake.channel_json(t).unwrap()["type"],
            12,
            "a team's thread is private"
        );
    }
    let bboard = team_board(&fake, bt).await;
    let wboard = team_board(&fake, wt).await;
    assert!(wboard.buttons().is_empty(), "White waits: no buttons");
    // A stranger and the other team are refused.
    let text = vote(&fake, &stranger, bboard.id, "E5").await;
    assert!(text.contains("not on the team"), "{text}");
    let text = vote(&fake, &white[0], bboard.id, "E5").await;
    assert!(text.contains("other team"), "{text}");
    // One vote: the team's board shows it; a second for the same point is a majority.
    let text = vote(&fake, &black[0], bboard.id, "E5").await;
    assert!(text.contains("You voted **E5**"), "{text}");
    let shown = fake
        .wait_for_message("the vote shown", STEP, |m| {
            m.id == bboard.id && field(m, "Votes").contains("E5 **1**")
        })
        .await;
    assert_png_board(&shown);
    // The public board shows no votes.
    assert!(
        all_text(&fake.message(public.id).unwrap().json)
            .find("E5 **1**")
            .is_none()
    );
    vote(&fake, &black[1], bboard.id, "E5").await;
    fake.wait_for_message("the move on the public board", STEP, |m| {
        m.id == public.id && field(m, "Move") == "1"
    })
    .await;
    // White's turn: its team is told in its thread; one vote, and the window decides.
    fake.wait_for_message("White's team told", STEP, |m| {
        m.channel_id == wt && m.content().contains("your team's move 2")
    })
    .await;
    let wboard = fake
        .wait_for_message("White's board open", STEP, |m| {
            m.id == wboard.id && !m.buttons().is_empty()
        })
        .await;
    vote(&fake, &white[2], wboard.id, "C3").await;
    fake.wait_for_message("the window closed", Duration::from_secs(20), |m| {
        m.id == public.id && field(m, "Move") == "2"
    })
    .await;
    // The record carries the votes.
    let id = fake.send_slash_command(&moderator, "weiqi", "sgf", vec![]);
    let _ = private_answer(&fake, id).await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_votes_against_the_computer_in_a_public_thread() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (ann, ben) = (fake.user("ann"), fake.user("ben"));
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let moderator = moderator(&fake);
    let beginner = choice(&commands, "weiqi-team", "consult", "computer", "beginner");
    let id = fake.send_slash_command(
        &moderator,
        "weiqi-team",
        "consult",
        vec![
            Opt::int("computer", beginner),
            Opt::str("move_time", "10s"),
            Opt::int("size", 9),
        ],
    );
    let text = all_text(&private_answer(&fake, id).await.json);
    assert!(text.contains("team game is on"), "{text}");
    let public = fake
        .wait_for_message("the public board", STEP, |m| {
            m.attachment("board.png").is_some() && m.channel_id == fake.channel_id()
        })
        .await;
    let thread = threads_opened(&fake, 1).await[0];
    assert_eq!(
        fake.channel_json(thread).unwrap()["type"],
        11,
        "anyone may join the vote"
    );
    let board = team_board(&fake, thread).await;
    // Two members vote, the window closes on Ann's point (first to one vote); the computer
    // answers; again.
    for (n, point) in [(1, "E5"), (3, "C3")] {
        let board_now = fake
            .wait_for_message("the team's turn", Duration::from_secs(20), |m| {
                m.id == board.id && !m.buttons().is_empty()
            })
            .await;
        vote(&fake, &ann, board_now.id, point).await;
        vote(&fake, &ben, board_now.id, if n == 1 { "G7" } else { "G3" }).await;
        fake.wait_for_message(
            "the team's move, then the computer's",
            Duration::from_secs(30),
            |m| m.id == public.id && field(m, "Move").parse::<u32>().unwrap_or(0) > n,
        )
        .await;
    }
    let team = fake.message(board.id).unwrap();
    assert_png_board(&team);
    // The moderators' list names the team and the computer, never the team's seat (a number
    // above 2⁶³ no member has), and the public board and the status do too.
    let id = fake.send_slash_command(&moderator, "weiqi-config", "games", vec![]);
    let listed = all_text(&private_answer(&fake, id).await.json);
    assert!(listed.contains("everyone here"), "{listed}");
    assert!(listed.contains("beginner"), "{listed}");
    let public_text = all_text(&fake.message(public.id).unwrap().json);
    let id = fake.send_slash_command_in(thread, &ann, "weiqi", "status", vec![]);
    let status = all_text(&private_answer(&fake, id).await.json);
    for text in [&listed, &public_text, &status] {
        assert!(!names_a_team_seat(text), "{text}");
    }
    fake.assert_no_violations();
}

/// Whether a text mentions a user id above 2⁶³ (a team's seat, which is no one's).
fn names_a_team_seat(text: &str) -> bool {
    text.split("<@").skip(1).any(|rest| {
        rest.split('>')
            .next()
            .and_then(|id| id.trim_start_matches('!').parse::<u64>().ok())
            .is_some_and(|id| id >= 1 << 63)
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pair_naming_one_player_twice_is_refused_privately_and_posts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (ann, ben, cat) = (fake.user("ann"), fake.user("ben"), fake.user("cat"));
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let public = || {
        fake.messages_in(fake.channel_id())
            .into_iter()
            .filter(|m| !m.ephemeral)
            .collect::<Vec<_>>()
    };
    let before = public().len();
    // Ben on both sides (Ann's partner and an opponent, or both opponents), Ann her own
    // partner or opponent.
    let cases = [
        [&ben, &ben, &cat],
        [&ben, &cat, &ben],
        [&ann, &ben, &cat],
        [&ben, &ann, &cat],
        [&ben, &cat, &cat],
    ];
    for [partner, opponent, opponent_partner] in cases {
        let id = fake.send_slash_command(
            &ann,
            "weiqi-team",
            "pair",
            vec![
                Opt::user("partner", partner),
                Opt::user("opponent", opponent),
                Opt::user("opponent_partner", opponent_partner),
            ],
        );
        let cb = fake.wait_for_callback(id, STEP).await;
        assert!(cb.ephemeral, "a refusal is private: {}", cb.data);
    }
    // Whatever follows (a follow-up, a notice), nothing public appears in the channel.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let after = public();
    assert_eq!(
        after.len(),
        before,
        "public messages after a refusal: {:?}",
        after
            .iter()
            .map(|m| m.content().to_owned())
            .collect::<Vec<_>>()
    );
    fake.assert_no_violations();
}
