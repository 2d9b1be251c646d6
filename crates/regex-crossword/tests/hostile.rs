//! Hostile puzzles (issue 31): the solver's node budget is also a time budget.

use std::time::{Duration, Instant};

use ludomat_regex_crossword::solver::{SolveError, SolveOptions};
use ludomat_regex_crossword::{Puzzle, Solver};

/// A 1×40 line read by four `(.*)` groups and their backreferences (the line is some
/// `abcddcba` of strings), beginning with A and ending with B: satisfiable
/// (`A…AB A…AB`), but only by lines the automaton cannot tell from the rest.
fn backreference_heavy() -> Puzzle {
    let text = "shape: rectangle 1x40\n\
                alphabet: AB\n\
                across 1: (.*)(.*)(.*)(.*)\\4\\3\\2\\1\n\
                across 1: A[AB]*B\n";
    Puzzle::parse(text).unwrap()
}

/// The same four groups with exactly one C: unsatisfiable (a line `abcddcba` holds every
/// letter an even number of times), and no clue alone shows it.
fn backreference_heavy_unsatisfiable() -> Puzzle {
    let text = "shape: rectangle 1x40\n\
                alphabet: ABC\n\
                across 1: (.*)(.*)(.*)(.*)\\4\\3\\2\\1\n\
                across 1: [AB]*C[AB]*\n";
    Puzzle::parse(text).unwrap()
}

#[test]
fn a_backreference_heavy_line_is_solved_in_few_nodes() {
    // Before the matcher bounded lengths, a node of this line cost ~2 ms and the search
    // found no solution in 10 s (2,643 nodes); now propagation is exact enough to find
    // both asked-for solutions in a few dozen nodes.
    let p = backreference_heavy();
    let started = Instant::now();
    let out = Solver::new(&p)
        .solve(SolveOptions {
            max_time: Some(Duration::from_secs(20)),
            ..SolveOptions::default()
        })
        .unwrap();
    assert_eq!(out.solutions.len(), 2);
    assert!(out.nodes < 200, "{} nodes", out.nodes);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_solve_stops_at_its_time_bound_and_reports_progress() {
    let p = backreference_heavy_unsatisfiable();
    let s = Solver::new(&p);
    let started = Instant::now();
    let mut reports = 0;
    let bound = Duration::from_millis(1500);
    let out = s.solve_with(
        SolveOptions {
            max_time: Some(bound),
            ..SolveOptions::default()
        },
        &mut |_| reports += 1,
    );
    let took = started.elapsed();
    match out {
        Err(SolveError::OutOfTime(t, _)) => assert!(t >= bound),
        // A solver fast enough to finish is fine too: then it found no solution.
        Ok(o) => assert!(o.solutions.is_empty() && o.complete, "{:?}", o.solutions),
        Err(e) => panic!("{e}"),
    }
    // The clock is read inside the matcher's runs too, not only between them.
    assert!(took < bound + Duration::from_secs(1), "took {took:?}");
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

/// Sixteen different clues of 4,033 positions each (the most a puzzle may hold
/// together), every one compiled to an automaton whose states all follow each other.
fn sixteen_heavy_clues() -> Puzzle {
    let mut text = String::from("shape: rectangle 16x16\n");
    for (i, last) in ('A'..='P').enumerate() {
        text.push_str(&format!("across {}: ((.*){{64}}){{63}}{last}\n", i + 1));
    }
    Puzzle::parse(&text).unwrap()
}

#[test]
fn compiling_the_clues_is_inside_the_time_bound() {
    // Issue 39: `Solver::new` compiled every clue before the solve's clock started, so the
    // time bound covered none of it.
    let p = sixteen_heavy_clues();
    // one clue compiled, for scale (a loaded machine compiles slower, in both runs): the
    // fastest of three
    let first = Puzzle::parse(&format!(
        "shape: rectangle 16x16\nacross 1: {}\n",
        p.clues[0].clue.source
    ))
    .unwrap();
    let letters = vec![b'A'; 256];
    let one = (0..3)
        .map(|_| {
            let started = Instant::now();
            assert!(Solver::new(&first).clue_matches(0, &letters).unwrap());
            started.elapsed()
        })
        .min()
        .unwrap();
    let bound = Duration::from_millis(200);
    let started = Instant::now();
    let out = Solver::new(&p).solve(SolveOptions {
        max_time: Some(bound),
        ..SolveOptions::default()
    });
    let took = started.elapsed();
    if let Err(e) = &out {
        assert!(matches!(e, SolveError::OutOfTime(..)), "{e}");
    }
    // compiling all sixteen before the clock took about 16 × `one` more than the bound;
    // now the clock stops the compiling too (after the clue in hand)
    assert!(
        took < bound + one * 3,
        "took {took:?} with a bound of {bound:?}; one clue compiles in {one:?}"
    );
}

/// A solve whose stop flag is raised (Ctrl-C) ends at its next check with the nodes
/// searched and the solutions found by then, not at its time bound.
#[test]
fn a_raised_stop_flag_ends_the_solve_with_what_it_found() {
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let p = backreference_heavy_unsatisfiable();
    let s = Solver::new(&p);
    let started = Instant::now();
    let raiser = std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(300));
        STOP.store(true, std::sync::atomic::Ordering::SeqCst);
    });
    let out = s.solve_until(
        SolveOptions {
            max_time: Some(Duration::from_secs(60)),
            ..SolveOptions::default()
        },
        &mut |_| {},
        &STOP,
    );
    raiser.join().unwrap();
    match out {
        Err(SolveError::Stopped { solutions, .. }) => assert!(solutions.is_empty()),
        other => panic!("{other:?}"),
    }
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

/// What a stopped solve prints: nothing when nothing was found, else each grid.
#[test]
fn found_so_far_draws_each_grid() {
    let p = Puzzle::parse("shape: rectangle 1x2\nalphabet: AB\nacross 1: ..\n").unwrap();
    assert_eq!(ludomat_regex_crossword::text::found_so_far(&p, &[]), "");
    let two = ludomat_regex_crossword::text::found_so_far(&p, &[b"AB".to_vec(), b"BA".to_vec()]);
    assert!(
        two.contains("Solution 1:") && two.contains("Solution 2:"),
        "{two}"
    );
    // thousands found: the first few drawn, the stop line says how many are not
    let many: Vec<Vec<u8>> = (0..5895).map(|_| b"AB".to_vec()).collect();
    let drawn = ludomat_regex_crossword::text::found_so_far(&p, &many);
    assert!(drawn.contains("Solution 3:"), "{drawn}");
    assert!(!drawn.contains("Solution 4:"), "{drawn}");
    assert_eq!(
        ludomat_regex_crossword::text::stopped_kept(5895),
        "5,895 solutions were found by then; the first 3 are above, the other 5,892 not shown"
    );
    assert_eq!(
        ludomat_regex_crossword::text::stopped_kept(2),
        "the 2 grids above are the solutions found by then"
    );
}

/// Numbers in a puzzle's refusals with thousands, as every count is written.
#[test]
fn refusals_write_numbers_with_thousands() {
    let e = Puzzle::parse("shape: rectangle 1000000x1000000\nalphabet: AB\nacross 1: A*\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("not 1,000,000 × 1,000,000"), "{e}");
    let e = Puzzle::parse("shape: hexagon 12345\nalphabet: AB\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("not 12,345"), "{e}");
    let p = Puzzle::parse("shape: rectangle 1x2\nalphabet: AB\nacross 1: ..\n").unwrap();
    let e = p.parse_answer(&"A".repeat(1234)).unwrap_err();
    assert!(e.contains("has 1,234 letters"), "{e}");
    assert_eq!(
        SolveError::TooManyNodes(1_000_000).to_string(),
        "gave up after 1,000,000 search nodes (raise --max-nodes)"
    );
}
