//! `ludomat computox verify` as a library run (`circuit::verify`): progress position by
//! position toward the 690 the behavioural model faces, the partial result, cancelling.

use std::time::Duration;

use ludomat_computox::circuit::{
    expected_positions, verify, Mode, Netlist, Timing, VerifyProgress, COMPUTOX_NET,
};
use ludomat_computox::ContactPlan;
use ludomat_game::run::{Cancel, Ended, Progress, RunContext};

#[test]
fn the_model_faces_690_positions() {
    let per_mode = Mode::ALL.map(|m| expected_positions(&ContactPlan::COMPUTOX, m));
    assert_eq!(per_mode, [277, 70, 273, 70]);
}

#[test]
fn progress_goes_position_by_position_to_690() {
    let netlist = Netlist::parse(COMPUTOX_NET).unwrap();
    let mut seen: Vec<(u64, Option<u64>, bool, VerifyProgress)> = Vec::new();
    let mut watch = |p: &Progress<VerifyProgress>| {
        seen.push((p.done, p.total, p.last, p.partial.clone()));
    };
    let mut ctx = RunContext::new("positions", None)
        .every(Duration::ZERO)
        .watch(&mut watch);
    let (a, ended) = verify(&netlist, Timing::IDEAL, &mut ctx).unwrap();
    drop(ctx);
    assert_eq!(ended, Ended::Finished);
    assert!(a.clean());
    assert!(seen.len() > 10, "{} reports", seen.len());
    assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0));
    assert!(seen.iter().all(|s| s.1 == Some(690)));
    let last = seen.last().unwrap();
    assert!(last.2, "the last report says so");
    assert_eq!(last.0, 690);
    assert_eq!(last.3.checked, [277, 70, 273, 70]);
    assert_eq!(last.3.expected, [277, 70, 273, 70]);
    assert_eq!(last.3.modes[1], "machine first, unbeatable");
    assert_eq!(last.3.events, a.events);
    // Every report's count is its per-mode sum.
    assert!(seen.iter().all(|s| s.0 == s.3.done() as u64));
    // The partial result is what a museum page draws: it serialises.
    let json = serde_json::to_value(&last.3).unwrap();
    assert_eq!(json["checked"][0], 277);
    assert_eq!(json["hazards"].as_array().map(Vec::len), Some(0));
}

#[test]
fn cancel_returns_the_positions_checked_so_far() {
    let netlist = Netlist::parse(COMPUTOX_NET).unwrap();
    let cancel = Cancel::new();
    let stop = cancel.clone();
    let mut last = None;
    let mut watch = |p: &Progress<VerifyProgress>| {
        if p.done >= 100 {
            stop.cancel();
        }
        last = Some((p.done, p.last, p.partial.clone()));
    };
    let mut ctx = RunContext::new("positions", None)
        .every(Duration::ZERO)
        .with_cancel(cancel)
        .watch(&mut watch);
    let (a, ended) = verify(&netlist, Timing::IDEAL, &mut ctx).unwrap();
    drop(ctx);
    assert_eq!(ended, Ended::Cancelled);
    assert!((100..690).contains(&a.positions), "{}", a.positions);
    let (done, is_last, partial) = last.unwrap();
    assert!(is_last);
    assert_eq!(done, a.positions as u64);
    assert_eq!(partial.checked, a.per_mode);
    assert!(a.disagreements.is_empty() && a.hazards.is_empty());
}

#[test]
fn an_edited_wire_shows_in_the_partial_result() {
    // The wire from U1-N18 (tactic 4's first square, E) moved to D's claim lead.
    let line = COMPUTOX_NET
        .lines()
        .find(|l| l.starts_with("break") && l.contains("U1-N18") && l.ends_with("E.claim"))
        .unwrap();
    let edited = COMPUTOX_NET.replace(line, &line.replace("E.claim", "D.claim"));
    let netlist = Netlist::parse(&edited).unwrap();
    let mut last = None;
    let mut watch = |p: &Progress<VerifyProgress>| last = Some(p.partial.clone());
    let mut ctx = RunContext::new("positions", None).watch(&mut watch);
    let (a, ended) = verify(&netlist, Timing::IDEAL, &mut ctx).unwrap();
    drop(ctx);
    assert_eq!(ended, Ended::Finished);
    let partial = last.unwrap();
    assert_eq!(partial.disagreements.len(), a.disagreements.len());
    assert!(!partial.disagreements.is_empty());
    assert_eq!(partial.disagreements[0], a.disagreements[0].to_string());
    assert!(partial.disagreements[0].contains("the model plays E, the circuit operated DOA"));
    // The walk stops at a disagreement, so it checks fewer positions than the model has.
    assert!(partial.done() < 690);
    assert_eq!(partial.expected, [277, 70, 273, 70]);
}
