//! The 2013 MIT Mystery Hunt's hexagonal "A Regular Crossword" (Coin Heist round,
//! <http://web.mit.edu/puzzle/www/2013/coinheist.com/rubik/a_regular_crossword/>):
//! 127 cells, 39 clues, four with backreferences; solved, and its solution unique.

use ludomat_regex_crossword::{Puzzle, SolveOptions, Solver, PUZZLES};

fn mit() -> Puzzle {
    let text = PUZZLES
        .iter()
        .find(|(n, _)| *n == "mit-2013-hexagon.txt")
        .map(|(_, t)| *t)
        .unwrap();
    Puzzle::parse(text).unwrap()
}

/// The solution, row by row from the top.
const SOLUTION: [&str; 13] = [
    "NHPEHAS",
    "DIOMOMTH",
    "FOXNXAXPH",
    "MMOMMMMRHH",
    "MCXNMMCRXEM",
    "CMCCCCMMMMMM",
    "HRXRCMIIIHXLS",
    "OREOREOREORE",
    "VCXCCHHMXCC",
    "RRRRHHHRRU",
    "NCXDXEXLE",
    "RRDDMMMM",
    "GCCHHCC",
];

#[test]
fn mit_hexagon_has_a_unique_solution() {
    let p = mit();
    assert_eq!(p.grid.cells(), 127);
    assert_eq!(p.clues.len(), 39);
    assert_eq!(p.clues.iter().filter(|c| c.clue.has_backrefs).count(), 4);
    let s = Solver::new(&p);
    let out = s.solve(SolveOptions::default()).unwrap();
    assert!(
        out.is_unique(),
        "{} solutions, complete {}",
        out.solutions.len(),
        out.complete
    );
    assert_eq!(out.solutions[0], SOLUTION.concat().into_bytes());
    // propagation alone fills the grid: no guess is needed
    assert_eq!(out.nodes, 1);
    assert!(out.after_propagation.iter().all(|d| d.len() == 1));
}

#[test]
fn every_line_of_the_solution_matches_its_clue_in_fancy_regex() {
    let p = mit();
    let letters = SOLUTION.concat().into_bytes();
    for (k, c) in p.clues.iter().enumerate() {
        let line = String::from_utf8(p.line_text(k, &letters)).unwrap();
        let re = fancy_regex::Regex::new(&format!("^(?:{})$", c.clue.source)).unwrap();
        assert!(
            re.is_match(&line).unwrap(),
            "{} /{}/ vs {line}",
            c.name,
            c.clue.source
        );
    }
    // one wrong letter in the top corner: `across 1 /.*H.*H.*/` still holds (AHPEHAS),
    // the other two clues through the cell fail, and `check` names exactly those
    let mut wrong = letters.clone();
    wrong[0] = b'A';
    let bad = Solver::new(&p).failing_clues(&wrong).unwrap();
    let names: Vec<&str> = bad.iter().map(|&k| p.clues[k].name.as_str()).collect();
    assert_eq!(names, vec!["nw 7", "sw 13"], "{names:?}");
}
