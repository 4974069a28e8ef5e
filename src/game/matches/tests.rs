use proptest::prelude::*;

use super::*;
use crate::game::nigiri::Parity;
use crate::go::{BoardSize, ByColor, RuleSet};

pub(super) fn config(rules: RuleSet) -> MatchConfig {
    MatchConfig {
        size: BoardSize::new(7).expect("7 is a size"),
        rules,
        komi: rules.rules().komi,
        handicap: 0,
        free_handicap: false,
        ranked: false,
        time: crate::game::time_control::TimeControl::Turn,
        takebacks: true,
        turn_timeout: Duration::from_secs(180),
        grace: Duration::from_secs(120),
        max_length: Duration::from_secs(3600),
        resign_window: Duration::from_secs(10),
        merit: MeritRules {
            min_moves: 20,
            amount: 5,
            winner_bonus: 3,
            lifetime_cap: 25,
        },
        event: None,
    }
}

/// The time `secs` seconds after the epoch.
pub(super) fn t(secs: u64) -> Timestamp {
    Timestamp::from_millis(i64::try_from(secs * 1000).unwrap_or(i64::MAX))
}

/// An event's game of 7×7 between users 20 (Black) and 10 (White), started at 0, with a start
/// window of ten minutes.
pub(super) fn event_match() -> Match {
    let mut c = config(RuleSet::Chinese);
    c.event = Some(EventLink {
        event: crate::game::EventId(7),
        start_window: Duration::from_secs(600),
    });
    let players = ByColor {
        black: UserId(20),
        white: UserId(10),
    };
    Match::new(MatchId(1), GuildId(1), ChannelId(1), players, c, t(0))
}

fn action() -> impl Strategy<Value = (u8, Action, Option<u32>, u64)> {
    let act = prop_oneof![
        (0u8..19, 0u8..19).prop_map(|(c, r)| Action::Play(Point::new(c, r).expect("< 19"))),
        Just(Action::Pass),
        Just(Action::Resign),
        Just(Action::WentOffline),
        Just(Action::CameBack),
        Just(Action::Tick),
        (0u8..19, 0u8..19)
            .prop_map(|(c, r)| Action::ToggleDead(Point::new(c, r).expect("< 19"), None)),
        proptest::option::of(0u32..3).prop_map(Action::AcceptMarking),
        Just(Action::ResumePlay),
        Just(Action::Annul),
        (any::<bool>(), any::<u64>())
            .prop_map(|(odd, r)| Action::Guess(if odd { Parity::Odd } else { Parity::Even }, r)),
        any::<bool>().prop_map(|b| Action::ChooseColour(if b {
            Color::Black
        } else {
            Color::White
        })),
    ];
    (0u8..3, act, proptest::option::of(0u32..40), 0u64..200_000)
}

proptest! {
    /// Any sequence of any actions by players, spectators and the clock: no panic, and a
    /// refusal leaves the match exactly as it was (compared by value, every field).
    #[test]
    fn apply_never_panics_and_a_refusal_changes_nothing(
        rules in proptest::sample::select(RuleSet::ALL.to_vec()),
        nigiri in any::<bool>(),
        steps in proptest::collection::vec(action(), 1..120)
    ) {
        let players = ByColor { black: UserId(20), white: UserId(10) };
        let mut m = Match::new(MatchId(1), GuildId(1), ChannelId(1), players, config(rules),
            Timestamp::from_millis(0));
        if nigiri {
            // An event's game whose colours nigiri decides first.
            m = event_match();
            m.begin_nigiri();
        }
        let mut now = Timestamp::from_millis(0);
        for (who, act, seen, dt) in steps {
            now = now + Duration::from_millis(dt);
            let by = [UserId(20), UserId(10), UserId(99)][who as usize];
            let before = m.clone();
            match m.apply(Some(by), act, seen, now) {
                Ok(events) => prop_assert!(!events.is_empty()),
                Err(_) => prop_assert_eq!(&before, &m),
            }
            prop_assert_eq!(m.automatic.len(), m.game.moves().len());
            if !m.is_running() {
                prop_assert!(m.next_deadline().is_none());
            }
            // Moves are refused while the dead stones are settled.
            if m.in_agreement() {
                prop_assert!(m.game.is_over());
            }
            // No move is played before nigiri has decided the colours.
            if m.in_nigiri() {
                prop_assert_eq!(m.move_count(), 0);
            }
        }
    }
}

#[test]
fn matches_compare_by_value_where_the_board_alone_would_miss_a_difference() {
    // Black C3, White D4, Black passes — against Black passes, White D4, Black C3: the same
    // stones, move count and player to move; but the moves and the run of passes differ, and
    // the values say so (what the property test above relies on when it checks that a refused
    // action left the match as it was).
    let game = |moves: &[Option<&str>]| {
        let mut m = Match::new(
            MatchId(1),
            GuildId(1),
            ChannelId(1),
            ByColor {
                black: UserId(1),
                white: UserId(2),
            },
            config(RuleSet::Aga),
            Timestamp::from_millis(0),
        );
        for mv in moves {
            let by = m.player_to_move();
            let action = mv.map_or(Action::Pass, |p| Action::Play(p.parse().unwrap()));
            m.apply(Some(by), action, None, Timestamp::from_millis(0))
                .unwrap();
        }
        m
    };
    let a = game(&[Some("C3"), Some("D4"), None]);
    let b = game(&[None, Some("D4"), Some("C3")]);
    assert!(
        a.game.board().same_stones(b.game.board()),
        "the same stones"
    );
    assert_eq!(
        (a.move_count(), a.player_to_move()),
        (b.move_count(), b.player_to_move())
    );
    assert_ne!(a.game.moves(), b.game.moves());
    assert_ne!(a.game.last_move(), b.game.last_move(), "one ends on a pass");
    assert_ne!(a, b);
}

/// The board says that Tengen's advanced level played a move for the host's engine from that
/// move until the computer's next one (there are no takebacks against the computer).
#[test]
fn a_stand_in_is_shown_until_the_computers_next_move() {
    let mut m = Match::new(
        MatchId(1),
        GuildId(1),
        ChannelId(1),
        ByColor {
            black: UserId(20),
            white: UserId(10),
        },
        config(RuleSet::Chinese),
        t(0),
    );
    m.computer = Some(Computer {
        user: UserId(10),
        color: Color::White,
        level: crate::go::Level::Engine,
        may_resign: false,
    });
    let play = |m: &mut Match, by: u64, c: u8, r: u8| {
        let p = Point::new(c, r).expect("on the board");
        m.apply(Some(UserId(by)), Action::Play(p), None, t(1))
            .expect("a legal move");
    };
    play(&mut m, 20, 3, 3);
    play(&mut m, 10, 2, 2);
    m.stand_in = Some(2);
    assert_eq!(m.shown_stand_in(), Some(2), "the move just played");
    play(&mut m, 20, 4, 4);
    assert_eq!(m.shown_stand_in(), Some(2), "while the player answers it");
    play(&mut m, 10, 4, 2);
    assert_eq!(m.shown_stand_in(), None, "the computer moved again");
}
