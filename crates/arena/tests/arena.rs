//! The arena's tournaments, played batch by batch, equal one `ludomat_game::tournament`
//! run with the same settings; watching, cancelling, round robins and bad settings.

use ludomat_arena::session::{ArenaHappening, Mode, MAX_GAMES};
use ludomat_arena::{
    ArenaAction, ArenaConfig, ArenaSession, GameKind, QubicContestant, QubicSpec, Sides,
    TictactoeContestant,
};
use ludomat_game::{tournament, Session, SessionError, TournamentConfig};

fn config(game: GameKind, a: &str, b: &str, games: u64, seed: u64, sides: Sides) -> ArenaConfig {
    ArenaConfig {
        game,
        a: a.into(),
        b: b.into(),
        games,
        seed,
        sides,
        ..ArenaConfig::default()
    }
}

fn run_to_end(s: &mut ArenaSession) -> usize {
    let mut steps = 0;
    while s.view().busy {
        s.apply(ArenaAction::Step).unwrap();
        steps += 1;
    }
    steps
}

#[test]
fn a_tournament_in_batches_equals_one_run() {
    let cases = [
        ("perfect", "menace", 400, 5, Sides::Fixed),
        ("computox-beatable", "random", 300, 2, Sides::Alternate),
        ("menace-trained", "autox", 200, 9, Sides::Alternate),
        ("relay", "perfect-hurry", 50, 1, Sides::Fixed),
    ];
    for (a, b, games, seed, sides) in cases {
        let mut s =
            ArenaSession::new(config(GameKind::Tictactoe, a, b, games, seed, sides)).unwrap();
        s.apply(ArenaAction::Run).unwrap();
        run_to_end(&mut s);
        let v = s.view();
        let t = &v.tables[0];
        let (ca, cb) = (
            TictactoeContestant::named(a).unwrap(),
            TictactoeContestant::named(b).unwrap(),
        );
        let whole = tournament(
            &move |x| ca.build_or_random(x),
            &move |x| cb.build_or_random(x),
            &TournamentConfig {
                games,
                seed,
                alternate: sides == Sides::Alternate,
                progress: false,
            },
        );
        assert_eq!(
            (t.a_wins, t.draws, t.b_wins, t.failed),
            (whole.a.wins, whole.a.draws, whole.a.losses, whole.failed),
            "{a} against {b}"
        );
        assert_eq!(t.played, games);
        assert_eq!(
            t.text,
            ludomat_arena::table::tictactoe(&whole, sides == Sides::Alternate, seed)
        );
        assert!(t.a_rate.low <= t.a_rate.rate + 1e-9 && t.a_rate.rate <= t.a_rate.high + 1e-9);
    }
}

#[test]
fn a_3d_tournament_in_batches_equals_one_run() {
    let mut s = ArenaSession::new(ArenaConfig {
        a_disable: "6,9".into(),
        ..config(
            GameKind::Qubic,
            "other1",
            "louden1962",
            24,
            3,
            Sides::Alternate,
        )
    })
    .unwrap();
    s.apply(ArenaAction::Run).unwrap();
    run_to_end(&mut s);
    let mut a = QubicSpec::new(QubicContestant::Other1);
    a.disable = "6,9".parse().unwrap();
    let b = QubicSpec::new(QubicContestant::Louden1962);
    let whole = tournament(
        &move |x| a.build::<3>(x),
        &move |x| b.build::<3>(x),
        &TournamentConfig {
            games: 24,
            seed: 3,
            alternate: true,
            progress: false,
        },
    );
    let t = &s.view().tables[0];
    assert_eq!(t.text, ludomat_arena::table::qubic(&whole, 3, 3, false));
    assert_eq!(t.a, "other1 -6,9");
    assert_eq!(t.played, 24);
}

#[test]
fn a_watched_game_is_the_tournaments_game() {
    // Game 1 with alternating sides: B moves first.
    let cfg = config(
        GameKind::Tictactoe,
        "random",
        "computox",
        10,
        4,
        Sides::Alternate,
    );
    let mut s = ArenaSession::new(cfg.clone()).unwrap();
    let h = s.apply(ArenaAction::Watch { game: 1 }).unwrap();
    assert_eq!(
        h,
        [ArenaHappening::Watching {
            game: 1,
            first: "computox".into(),
            second: "random".into()
        }]
    );
    assert_eq!(s.view().watch.unwrap().moves.len(), 0);
    let steps = run_to_end(&mut s);
    let w = s.view().watch.unwrap();
    assert_eq!(steps, w.length);
    assert_eq!(w.cells.iter().filter(|c| !c.is_empty()).count(), w.length);
    // The same game inside a 2-game tournament decides the second row.
    let mut t = ArenaSession::new(ArenaConfig { games: 2, ..cfg }).unwrap();
    t.apply(ArenaAction::Run).unwrap();
    run_to_end(&mut t);
    let b_first = t.view().tables[0].by_first[1];
    let result = w.result.unwrap();
    match b_first {
        [1, 0, 0] => assert!(result.starts_with("random"), "{result}"),
        [0, 1, 0] => assert_eq!(result, "a draw"),
        [0, 0, 1] => assert!(result.starts_with("computox"), "{result}"),
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(s.apply(ArenaAction::Step), Err(SessionError::Refused(m)) if m.contains("is over"))
    );
}

#[test]
fn cancel_keeps_the_games_played() {
    let mut s = ArenaSession::new(config(
        GameKind::Tictactoe,
        "perfect",
        "random",
        MAX_GAMES,
        1,
        Sides::Fixed,
    ))
    .unwrap();
    s.apply(ArenaAction::Run).unwrap();
    s.apply(ArenaAction::Step).unwrap();
    let played = s.view().played;
    assert!(played > 0 && played < MAX_GAMES);
    assert!(
        matches!(s.apply(ArenaAction::Cancel).unwrap()[0], ArenaHappening::Cancelled { games } if games == played)
    );
    let v = s.view();
    assert!(v.cancelled && !v.busy);
    assert_eq!(v.tables[0].played, played);
    assert!(s.apply(ArenaAction::Step).is_err());
    assert!(s.apply(ArenaAction::Cancel).is_err());
}

#[test]
fn round_robins_play_every_pair_that_can_meet() {
    let mut s = ArenaSession::new(config(
        GameKind::Qubic,
        "other1",
        "random",
        2,
        1,
        Sides::Alternate,
    ))
    .unwrap();
    s.apply(ArenaAction::RoundRobin).unwrap();
    run_to_end(&mut s);
    let v = s.view();
    assert_eq!(v.mode, Mode::RoundRobin);
    assert_eq!(v.tables.len(), 6);
    assert!(v.tables.iter().all(|t| t.played == 2));

    let mut s = ArenaSession::new(config(
        GameKind::Tictactoe,
        "perfect",
        "random",
        3,
        1,
        Sides::Fixed,
    ))
    .unwrap();
    s.apply(ArenaAction::RoundRobin).unwrap();
    run_to_end(&mut s);
    let v = s.view();
    assert_eq!(v.tables.len(), 66);
    assert!(v
        .tables
        .iter()
        .all(|t| t.played == 3 && t.skipped.is_none()));
    // The relay computer plays X only: with fixed sides it is A in each of its pairs.
    let relay = TictactoeContestant::Relay.build(0).unwrap().name();
    assert_eq!(v.tables.iter().filter(|t| t.a == relay).count(), 11);
    assert!(v.tables.iter().all(|t| t.b != relay));
    // With alternating sides its pairs cannot be played, and say why.
    let mut s = ArenaSession::new(config(
        GameKind::Tictactoe,
        "perfect",
        "random",
        1,
        1,
        Sides::Alternate,
    ))
    .unwrap();
    s.apply(ArenaAction::RoundRobin).unwrap();
    let skipped: Vec<_> = s
        .view()
        .tables
        .into_iter()
        .filter(|t| t.skipped.is_some())
        .collect();
    assert_eq!(skipped.len(), 11);
    assert!(skipped[0]
        .skipped
        .as_deref()
        .unwrap_or("")
        .contains("cannot play O"));
}

#[test]
fn bad_settings_are_named() {
    let bad = [
        (
            config(
                GameKind::Tictactoe,
                "deep-blue",
                "random",
                10,
                1,
                Sides::Fixed,
            ),
            "a: no contestant called 'deep-blue'",
        ),
        (
            config(GameKind::Tictactoe, "perfect", "relay", 10, 1, Sides::Fixed),
            "cannot play O",
        ),
        (
            config(
                GameKind::Tictactoe,
                "relay",
                "perfect",
                10,
                1,
                Sides::Alternate,
            ),
            "cannot play O",
        ),
        (
            config(GameKind::Tictactoe, "perfect", "random", 0, 1, Sides::Fixed),
            "games: 0 is out of range",
        ),
        (
            config(
                GameKind::Tictactoe,
                "perfect",
                "random",
                MAX_GAMES + 1,
                1,
                Sides::Fixed,
            ),
            "out of range",
        ),
        (
            config(GameKind::Qubic, "perfect", "random", 10, 1, Sides::Fixed),
            "3D tic-tac-toe contestants are other1",
        ),
        (
            ArenaConfig {
                a_disable: "6".into(),
                ..config(
                    GameKind::Tictactoe,
                    "perfect",
                    "random",
                    10,
                    1,
                    Sides::Fixed,
                )
            },
            "a_disable",
        ),
        (
            ArenaConfig {
                b_disable: "13".into(),
                ..config(GameKind::Qubic, "other1", "other1", 10, 1, Sides::Fixed)
            },
            "b_disable",
        ),
    ];
    for (cfg, says) in bad {
        let e = ArenaSession::new(cfg.clone())
            .err()
            .unwrap_or_else(|| panic!("{cfg:?} accepted"));
        assert!(matches!(e, SessionError::Invalid(_)), "{e:?}");
        assert!(e.to_string().contains(says), "{e} — wanted {says}");
    }
    let mut s = ArenaSession::new(ArenaConfig::default()).unwrap();
    assert!(s.apply(ArenaAction::Step).is_err());
    assert!(s.apply(ArenaAction::Watch { game: 1000 }).is_err());
    assert!(s
        .apply(ArenaAction::Reset {
            config: Some(config(GameKind::Tictactoe, "x", "y", 1, 1, Sides::Fixed))
        })
        .is_err());
    assert_eq!(s.config(), &ArenaConfig::default());
}
