//! HER's training run as a long run: progress monotone with a last report, cancel keeps
//! what was played, checkpoint + resume (through the state file) equals one run.

use std::path::Path;
use std::time::Duration;

use ludomat_game::run::{Cancel, Checkpoint, Ended, Progress, RunContext};
use ludomat_hexapawn::{Her, HerPartial, HerTraining, WhiteKind, WhitePlayer};

fn white() -> WhitePlayer {
    WhitePlayer::new(WhiteKind::Random, 101)
}

#[test]
fn progress_is_monotone_and_ends_with_the_whole_curve() {
    let mut seen: Vec<(u64, bool, usize)> = Vec::new();
    let mut json = serde_json::Value::Null;
    let mut watch = |p: &Progress<HerPartial>| {
        seen.push((p.done, p.last, p.partial.curve.len()));
        json = serde_json::to_value(p).unwrap();
    };
    let mut run = HerTraining::new(Her::new(1), white(), 2_000);
    let mut ctx = RunContext::new("games", None)
        .every(Duration::ZERO)
        .watch(&mut watch);
    assert_eq!(
        run.run(&mut ctx, &mut Checkpoint::none()).unwrap(),
        Ended::Finished
    );
    drop(ctx);
    assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0));
    assert_eq!(seen.last().map(|s| (s.0, s.1)), Some((2_000, true)));
    assert!(seen.iter().all(|s| s.2 <= 500));
    assert_eq!(json["partial"]["losses"], 12);
    assert_eq!(json["partial"]["first_box"].as_array().unwrap().len(), 3);
    // The same as the plain training call.
    let mut her = Her::new(1);
    assert_eq!(her.train(&white(), 2_000), run.report);
    assert_eq!(run.report.last_loss, 316);
}

#[test]
fn cancel_keeps_the_games_played() {
    let cancel = Cancel::new();
    let handle = cancel.clone();
    let mut watch = |p: &Progress<HerPartial>| {
        if p.done >= 100 {
            handle.cancel();
        }
    };
    let mut run = HerTraining::new(Her::new(1), white(), 1_000_000);
    let mut ctx = RunContext::new("games", None)
        .every(Duration::ZERO)
        .with_cancel(cancel)
        .watch(&mut watch);
    assert_eq!(
        run.run(&mut ctx, &mut Checkpoint::none()).unwrap(),
        Ended::Cancelled
    );
    drop(ctx);
    assert!((100..1_000_000).contains(&run.played()), "{}", run.played());
    assert_eq!(run.her.record().games, run.played());
}

#[test]
fn checkpoint_and_resume_through_the_state_file_equal_one_run() {
    let mut whole = HerTraining::new(Her::new(7), white(), 900);
    whole
        .run(&mut RunContext::new("games", None), &mut Checkpoint::none())
        .unwrap();

    let mut saved = Vec::new();
    let mut save = |t: &HerTraining| {
        saved.push((t.her.to_json(), t.report.clone()));
        Ok(())
    };
    let mut first = HerTraining::new(Her::new(7), white(), 900);
    first
        .run(
            &mut RunContext::new("games", None),
            &mut Checkpoint::every(250, &mut save),
        )
        .unwrap();
    assert_eq!(
        saved.iter().map(|s| s.1.curve.len()).collect::<Vec<_>>(),
        [250, 500, 750]
    );
    let (json, report) = saved.swap_remove(0);
    let her = Her::from_json(&json, Path::new("checkpoint")).unwrap();
    let mut resumed = HerTraining {
        her,
        white: white(),
        games: 900,
        report,
    };
    resumed
        .run(&mut RunContext::new("games", None), &mut Checkpoint::none())
        .unwrap();
    assert_eq!(resumed.report, whole.report);
    assert_eq!(resumed.her.to_json(), whole.her.to_json());
}
