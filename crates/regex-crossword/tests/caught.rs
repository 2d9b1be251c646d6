//! A Ctrl-C just after a search ended, while its report is printed, does not kill the
//! process: the handling stays caught for as long as the outcome lives.
#![cfg(unix)]

use ludomat_regex_crossword::solver::{SolveOptions, Solver};
use ludomat_regex_crossword::Puzzle;

#[test]
fn a_ctrl_c_after_the_search_does_not_kill() {
    let p = Puzzle::parse("shape: rectangle 1x2\nalphabet: AB\nacross 1: AB\n").unwrap();
    let solver = Solver::new(&p);
    let o = ludomat_regex_crossword::text::solve_until_ctrl_c(&solver, &p, SolveOptions::default())
        .unwrap()
        .unwrap();
    // SAFETY: raising a signal this process catches while `o` lives.
    unsafe {
        libc::raise(libc::SIGINT);
    }
    // still here, the report whole
    assert_eq!(o.solutions.len(), 1);
    assert!(ludomat_io::interrupt::requested().load(std::sync::atomic::Ordering::SeqCst));
}
