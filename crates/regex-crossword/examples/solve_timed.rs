//! Solves a puzzle file with a time bound and prints the search nodes and the time: the
//! measurement behind FUZZING.md's cost per search node (run it under `/usr/bin/time` for
//! the CPU time).
//!
//! `cargo run --release -p ludomat-regex-crossword --example solve_timed -- FILE [SECONDS]`

use std::time::{Duration, Instant};

use ludomat_regex_crossword::solver::SolveOptions;
use ludomat_regex_crossword::{Puzzle, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let file = args.next().ok_or("usage: solve_timed FILE [SECONDS]")?;
    let seconds: f64 = args.next().map_or(Ok(10.0), |s| s.parse())?;
    let text = ludomat_io::read::to_string(&file)?;
    let puzzle = Puzzle::parse(&text)?;
    let solver = Solver::new(&puzzle);
    let started = Instant::now();
    let result = solver.solve(SolveOptions {
        max_time: Some(Duration::try_from_secs_f64(seconds)?),
        ..SolveOptions::default()
    });
    let took = started.elapsed();
    match result {
        Ok(o) => ludomat_io::outln!(
            "{file}: {} solutions (complete: {}), {} search nodes, {took:.3?}",
            o.solutions.len(),
            o.complete,
            o.nodes
        ),
        Err(e) => ludomat_io::outln!("{file}: {e}, {took:.3?}"),
    }
    Ok(())
}
