//! Hostile puzzles (issue 31): the solver's node budget is also a time budget.

use std::time::{Duration, Instant};

use ludomat_regex_crossword::solver::{SolveError, SolveOptions};
use ludomat_regex_crossword::{Puzzle, Solver};

/// An unsatisfiable 1×40 line read by four `(.*)` groups and their backreferences, with
/// a second clue that no mirror image can meet: every search node is dear.
fn backreference_heavy() -> Puzzle {
    let text = "shape: rectangle 1x40\n\
                alphabet: AB\n\
                across 1: (.*)(.*)(.*)(.*)\\4\\3\\2\\1\n\
                across 1: A[AB]*B\n";
    Puzzle::parse(text).unwrap()
}

#[test]
fn a_solve_stops_at_its_time_bound_and_reports_progress() {
    let p = backreference_heavy();
    let s = Solver::new(&p);
    let started = Instant::now();
    let mut reports = 0;
    let out = s.solve_with(
        SolveOptions {
            max_time: Some(Duration::from_millis(1500)),
            ..SolveOptions::default()
        },
        &mut |_| reports += 1,
    );
    let took = started.elapsed();
    match out {
        Err(SolveError::OutOfTime(t, _)) => assert!(t >= Duration::from_millis(1500)),
        // A solver fast enough to finish is fine too: then it found no solution.
        Ok(o) => assert!(o.solutions.is_empty() && o.complete, "{:?}", o.solutions),
        Err(e) => panic!("{e}"),
    }
    assert!(took < Duration::from_secs(5), "took {took:?}");
    if took > Duration::from_millis(1100) {
        assert!(reports >= 1, "no progress report in {took:?}");
    }
}

#[test]
fn nested_unbounded_repeats_stop_at_the_time_bound() {
    // Issue 31: 64×64 with every clue `((.*){64}){64}` was still solving after 60 s. A
    // smaller grid of the same clues, with a short bound.
    let mut text = String::from("shape: rectangle 24x24\n");
    for i in 1..=24 {
        text.push_str(&format!(
            "across {i}: ((.*){{64}}){{64}}\ndown {i}: ((.*){{64}}){{64}}\n"
        ));
    }
    let Ok(p) = Puzzle::parse(&text) else {
        return; // refused outright (too many positions): bounded as well
    };
    let compiling = Instant::now();
    let solver = Solver::new(&p);
    // One distinct clue, compiled once.
    assert!(
        compiling.elapsed() < Duration::from_secs(3),
        "{:?}",
        compiling.elapsed()
    );
    let started = Instant::now();
    let out = solver.solve(SolveOptions {
        max_time: Some(Duration::from_millis(1000)),
        limit: 2,
        ..SolveOptions::default()
    });
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "{:?}",
        started.elapsed()
    );
    if let Err(e) = out {
        assert!(
            matches!(e, SolveError::OutOfTime(..) | SolveError::TooManyNodes(_)),
            "{e}"
        );
    }
}
