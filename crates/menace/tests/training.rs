//! Training runs as long runs (`ludomat_game::run`): progress is monotone and ends with
//! one last report, cancelling returns what was done, a run resumed from a checkpoint
//! ends exactly as the uninterrupted run, and the fast and the agent paths agree on
//! their bookkeeping.

use std::time::Duration;

use ludomat_game::run::{Cancel, Checkpoint, Ended, Progress, RunContext};
use ludomat_game::Player;
use ludomat_menace::training::{TrainPartial, TrainProgress, CURVE_SHOWN};
use ludomat_menace::{Menace, Opponent, Preset, Rules, TrainConfig, TrainOpponent, Training};

fn config(games: u64, side: Player) -> TrainConfig {
    TrainConfig {
        games,
        side,
        window: 100,
    }
}

fn fast(rules: Rules, games: u64, side: Player) -> Training {
    Training::new(
        Menace::new(rules, 5),
        TrainOpponent::Fast(Opponent::perfect(6)),
        config(games, side),
    )
    .unwrap()
}

#[test]
fn progress_is_monotone_and_the_partial_result_serialises() {
    let mut t = fast(Rules::source(), 300_000, Player::First);
    let mut seen: Vec<(u64, bool, usize)> = Vec::new();
    let mut last_json = serde_json::Value::Null;
    let mut watch = |p: &Progress<TrainPartial>| {
        seen.push((p.done, p.last, p.partial.curve.len()));
        last_json = serde_json::to_value(p).unwrap();
    };
    let mut ctx = RunContext::new("games", None)
        .every(Duration::ZERO)
        .watch(&mut watch);
    let ended = t.run(&mut ctx, &mut Checkpoint::none()).unwrap();
    drop(ctx);
    assert_eq!(ended, Ended::Finished);
    assert!(seen.len() >= 2, "{}", seen.len());
    assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0));
    assert_eq!(seen.last().map(|s| (s.0, s.1)), Some((300_000, true)));
    assert!(seen.iter().all(|s| s.2 <= CURVE_SHOWN));
    assert_eq!(
        t.progress.curve.len(),
        3001,
        "a point at 0 and one per 100 games"
    );
    assert_eq!(last_json["total"], 300_000);
    assert_eq!(last_json["partial"]["played"], 300_000);
    assert_eq!(
        last_json["partial"]["first_box"].as_array().unwrap().len(),
        9
    );
    assert_eq!(t.progress.totals.iter().sum::<u64>(), 300_000);
    assert_eq!(t.menace.record(Player::First).games(), 300_000);
}

#[test]
fn cancelling_returns_what_was_done() {
    let cancel = Cancel::new();
    let handle = cancel.clone();
    let mut watch = |p: &Progress<TrainPartial>| {
        if p.done >= 1000 {
            handle.cancel();
        }
    };
    let mut t = fast(Rules::source(), 100_000_000, Player::First);
    let mut ctx = RunContext::new("games", None)
        .every(Duration::ZERO)
        .with_cancel(cancel)
        .watch(&mut watch);
    let ended = t.run(&mut ctx, &mut Checkpoint::none()).unwrap();
    drop(ctx);
    assert_eq!(ended, Ended::Cancelled);
    let played = t.progress.played;
    assert!((1000..100_000_000).contains(&played), "{played}");
    assert_eq!(t.menace.games(), played);
    let last = t.progress.curve.last().unwrap();
    assert_eq!(
        last.games, played,
        "the curve has a point where the run stopped"
    );
    assert!(t.menace.beads_in_play().is_empty());
}

/// Stop at the first checkpoint, resume from what it saved: the same MENACE, opponent
/// and curve as one uninterrupted run — for the fast path and the agent path.
#[test]
fn checkpoint_and_resume_equal_an_uninterrupted_run() {
    for (rules, side) in [
        (Rules::source(), Player::First),
        (Preset::Michie.rules(), Player::Second),
    ] {
        let mut whole = fast(rules, 5_000, side);
        whole
            .run(&mut RunContext::new("games", None), &mut Checkpoint::none())
            .unwrap();

        let mut saved: Vec<(Menace, Opponent, TrainProgress)> = Vec::new();
        let mut save = |t: &Training| {
            let TrainOpponent::Fast(o) = &t.opponent else {
                panic!("fast")
            };
            saved.push((t.menace.clone(), o.clone(), t.progress.clone()));
            Ok(())
        };
        let mut first = fast(rules, 5_000, side);
        first
            .run(
                &mut RunContext::new("games", None),
                &mut Checkpoint::every(1_500, &mut save),
            )
            .unwrap();
        assert_eq!(
            saved.iter().map(|s| s.2.played).collect::<Vec<_>>(),
            [1_500, 3_000, 4_500],
            "saved every 1,500 games, not after the last"
        );
        assert_eq!(first.menace, whole.menace);
        let (menace, opponent, progress) = saved.swap_remove(0);
        let mut resumed = Training::resume(
            menace,
            TrainOpponent::Fast(opponent),
            config(5_000, side),
            progress,
        );
        resumed
            .run(&mut RunContext::new("games", None), &mut Checkpoint::none())
            .unwrap();
        assert_eq!(resumed.menace, whole.menace, "{rules}");
        assert_eq!(resumed.progress, whole.progress, "{rules}");
        let (TrainOpponent::Fast(Opponent::Perfect(a)), TrainOpponent::Fast(Opponent::Perfect(b))) =
            (&resumed.opponent, &whole.opponent)
        else {
            panic!("a perfect opponent")
        };
        assert_eq!(a, b, "the opponent's generator stands where it would");
    }
}

/// The agent path (any `Agent`, through `play_match`) keeps the same books, and a
/// seeded agent run resumed at a checkpoint with the agent as it was ends the same.
#[test]
fn the_agent_path_counts_and_resumes_alike() {
    let agent = |seed| TrainOpponent::Agent(Box::new(ludomat_tictactoe::PerfectAgent::new(seed)));
    let mut whole = Training::new(
        Menace::new(Rules::source(), 9),
        agent(4),
        config(1_000, Player::First),
    )
    .unwrap();
    whole
        .run(&mut RunContext::new("games", None), &mut Checkpoint::none())
        .unwrap();
    assert_eq!(whole.progress.totals.iter().sum::<u64>(), 1_000);
    assert_eq!(
        whole.progress.totals[0], 0,
        "the perfect player is never beaten"
    );
    assert_eq!(whole.progress.curve.len(), 11);
    let csv = whole.curve_csv();
    assert_eq!(csv.lines().count(), 12);
    assert!(csv.starts_with(
        "games,wins,draws,losses,win_rate,draw_rate,loss_rate,first_box_beads\n0,0,0,0,"
    ));
    assert!(
        whole
            .summary()
            .starts_with("MENACE (X, source rules) against perfect: 1,000 games, 0 wins"),
        "{}",
        whole.summary()
    );

    let mut saved = None;
    let mut save = |t: &Training| {
        if saved.is_none() {
            saved = Some((t.menace.clone(), t.progress.clone()));
        }
        Ok(())
    };
    let mut first = Training::new(
        Menace::new(Rules::source(), 9),
        agent(4),
        config(1_000, Player::First),
    )
    .unwrap();
    first
        .run(
            &mut RunContext::new("games", None),
            &mut Checkpoint::every(400, &mut save),
        )
        .unwrap();
    let (menace, progress) = saved.unwrap();
    assert_eq!(progress.played, 400);
    // PerfectAgent draws from one generator across games: replay its first 400 games.
    let mut replay = Training::new(
        Menace::new(Rules::source(), 9),
        agent(4),
        config(400, Player::First),
    )
    .unwrap();
    replay
        .run(&mut RunContext::new("games", None), &mut Checkpoint::none())
        .unwrap();
    assert_eq!(replay.menace, menace);
    let mut resumed = Training::resume(
        menace,
        replay.opponent,
        config(1_000, Player::First),
        progress,
    );
    resumed
        .run(&mut RunContext::new("games", None), &mut Checkpoint::none())
        .unwrap();
    assert_eq!(resumed.menace, whole.menace);
    assert_eq!(resumed.progress, whole.progress);
}

#[test]
fn settings_out_of_range_are_refused() {
    let e = Training::new(
        Menace::new(Rules::source(), 1),
        TrainOpponent::Fast(Opponent::random(1)),
        config(0, Player::First),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("games: 0 is not between 1 and"),
        "{e}"
    );
    let mut c = config(10, Player::First);
    c.window = 0;
    let e = Training::new(
        Menace::new(Rules::source(), 1),
        TrainOpponent::Fast(Opponent::random(1)),
        c,
    )
    .unwrap_err();
    assert!(e.to_string().contains("window"), "{e}");
}

/// The hostile tester's run (issue 39): `--window 1` over millions of games grew the
/// curve without bound (3.7 GB, a 1 GB CSV). Windows are merged in pairs instead.
#[test]
fn the_learning_curve_stays_bounded_whatever_the_window() {
    use ludomat_menace::training::MAX_CURVE_POINTS;
    let games = 25_003;
    let mut t = Training::new(
        Menace::new(Rules::source(), 5),
        TrainOpponent::Fast(Opponent::perfect(6)),
        TrainConfig {
            games,
            side: Player::First,
            window: 1,
        },
    )
    .unwrap();
    let mut ctx = RunContext::new("games", None);
    let ended = t.run(&mut ctx, &mut Checkpoint::none()).unwrap();
    drop(ctx);
    assert_eq!(ended, Ended::Finished);
    let curve = &t.progress.curve;
    assert!(curve.len() <= MAX_CURVE_POINTS + 1, "{}", curve.len());
    assert!(curve.len() > MAX_CURVE_POINTS / 4, "{}", curve.len());
    // every game is still counted once, the points in order, the last at the end
    let counted: u64 = curve.iter().map(|p| p.window_games()).sum();
    assert_eq!(counted, games);
    assert!(curve.windows(2).all(|w| w[0].games < w[1].games));
    assert_eq!(curve.last().map(|p| p.games), Some(games));
    assert_eq!(t.curve_csv().lines().count(), curve.len() + 1);
    // the windows are even: 4 games each after two merges (the last one the rest)
    assert_eq!(t.progress.per_point, 4);
    assert!(curve[1..curve.len() - 1]
        .iter()
        .all(|p| p.window_games() == 4));
}

/// A run that ends mid-window (1,048 games in windows of 100) says the rates of its last
/// whole window, not of the 48 games after it.
#[test]
fn the_summary_speaks_of_the_last_whole_window() {
    let mut t = fast(Rules::source(), 1_048, Player::First);
    t.run(&mut RunContext::new("games", None), &mut Checkpoint::none())
        .unwrap();
    let summary = t.summary();
    assert!(summary.contains("last 100 games: "), "{summary}");
    assert!(!summary.contains("last 48 games"), "{summary}");
}
