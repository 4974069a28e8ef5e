//! The host's own GTP engine as the level `engine` (`AI_ENGINE_COMMAND`), on Discord: offered
//! only once a moderator adds it to `ai-levels`; GNU Go plays the computer's moves (skipped,
//! saying so, where GNU Go is not installed); an engine that dies gives way to Tengen's
//! advanced level, and the board says so.

use crate::e2e_support;
use crate::support;

use std::path::PathBuf;

use e2e_support::*;
use support::*;

fn gnugo() -> Option<PathBuf> {
    let found = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.is_file());
    if found.is_none() {
        eprintln!("gnugo is not installed: the GNU Go engine case is skipped");
    }
    found
}

/// Starts a game against the engine for `alice` (after offering the level) and returns its
/// board message once the game is on.
async fn game_against_the_engine(fake: &FakeDiscord, alice: &TestUser) -> u64 {
    let commands = fake.wait_for_commands(STEP).await;
    let engine = choice(&commands, "weiqi", "ai", "level", "external engine");
    // Not offered until a moderator adds it: a private refusal, nothing started.
    let id = fake.send_slash_command(
        alice,
        "weiqi",
        "ai",
        vec![Opt::int("size", 9), Opt::int("level", engine)],
    );
    let refusal = private_answer(fake, id).await;
    assert!(refusal.ephemeral, "{}", refusal.json);
    assert!(
        fake.all_messages()
            .iter()
            .all(|m| m.attachment("board.png").is_none()),
        "no game started"
    );
    let moderator = moderator(fake);
    config_set(
        fake,
        &moderator,
        "ai-levels",
        "beginner, intermediate, advanced, engine",
    )
    .await;
    let known: Vec<u64> = fake.all_messages().iter().map(|m| m.id).collect();
    let id = fake.send_slash_command(
        alice,
        "weiqi",
        "ai",
        vec![Opt::int("size", 9), Opt::int("level", engine)],
    );
    private_answer(fake, id).await;
    fake.wait_for_message("the board message", STEP, |m| {
        m.attachment("board.png").is_some() && m.interaction_id.is_none() && !known.contains(&m.id)
    })
    .await
    .id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gnu_go_as_the_hosts_engine_answers_the_moves() {
    let Some(gnugo) = gnugo() else {
        return;
    };
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _log = LogOnPanic(dir.path().join("bot.log"));
    let command = format!("{} --mode gtp --level 1", gnugo.display());
    let _bot = start_bot_with(
        &fake,
        dir.path(),
        &[
            ("AI_ENGINE_COMMAND", &command),
            ("AI_ENGINE_NAME", "GNU Go"),
            ("AI_ENGINE_RANK", "8k"),
        ],
    );
    fake.wait_connected(STEP).await;
    let alice = fake.user("alice");
    let board = game_against_the_engine(&fake, &alice).await;
    let table = Table { fake: &fake, board };
    // The board names the engine as the host named it, at the host's rank.
    let shown = all_text(&table.board().json);
    assert!(shown.contains("🤖 GNU Go (about 8 kyu)"), "{shown}");
    table.play(&alice, "E5").await;
    fake.wait_for_message("the engine's answer", STEP, |m| {
        m.id == board && field(m, "Move").parse::<u32>().unwrap_or(0) >= 2
    })
    .await;
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(!log.contains("gave no move"), "GNU Go answered itself");
    assert!(
        !all_text(&table.board().json).contains("⚠️"),
        "no fallback notice on the board"
    );
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_dies_gives_way_to_the_advanced_level_and_the_board_says_so() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _log = LogOnPanic(dir.path().join("bot.log"));
    // Answers two commands, then dies: in the middle of setting up the game.
    let dies = "sh -c 'n=0; while read c; do n=$((n+1)); [ $n -gt 2 ] && exit 1; printf \"=\\n\\n\"; done'";
    let _bot = start_bot_with(
        &fake,
        dir.path(),
        &[
            ("AI_ENGINE_COMMAND", dies),
            ("AI_ENGINE_NAME", "Deep Thought"),
            ("AI_MAX_PLAYOUTS", "300"),
        ],
    );
    fake.wait_connected(STEP).await;
    let alice = fake.user("alice");
    let board = game_against_the_engine(&fake, &alice).await;
    let table = Table { fake: &fake, board };
    table.play(&alice, "E5").await;
    // The board of the advanced level's move says who played it.
    let said = fake
        .wait_for_message("the board saying the advanced level played", STEP, |m| {
            m.id == board
                && field(m, "Move").parse::<u32>().unwrap_or(0) >= 2
                && field(m, "Turn").contains("⚠️")
        })
        .await;
    let turn = field(&said, "Turn");
    assert!(turn.contains("Deep Thought"), "{turn}");
    assert!(turn.contains("advanced level played move 2"), "{turn}");
    assert!(
        fake.all_messages()
            .iter()
            .all(|m| m.id == board || !m.content().contains("⚠️")),
        "said on the board, not beside it"
    );
    // The next move is asked of the engine again, and again played by the advanced level.
    let mut next = None;
    for p in ["C3", "G3", "C7", "G7"] {
        let picker = table.picker(&alice, p).await;
        if picker
            .buttons()
            .iter()
            .any(|b| b.label.as_deref() == Some(p) && !b.disabled)
        {
            next = Some(p);
            break;
        }
    }
    table.play(&alice, next.unwrap()).await;
    let said = fake
        .wait_for_message("the board of the second move", STEP, |m| {
            m.id == board
                && field(m, "Move").parse::<u32>().unwrap_or(0) >= 4
                && field(m, "Turn").contains("move 4")
        })
        .await;
    assert!(
        !field(&said, "Turn").contains("move 2"),
        "the last stand-in only"
    );
    fake.assert_no_violations();
}
