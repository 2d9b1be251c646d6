//! Every shipped puzzle reads, and has exactly one solution.

use ludomat_regex_crossword::{Puzzle, SolveOptions, Solver, PUZZLES};

#[test]
fn shipped_puzzles_have_unique_solutions() {
    for (name, text) in PUZZLES {
        let p = Puzzle::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(p.title.is_some() && p.source.is_some(), "{name}");
        let s = Solver::new(&p);
        let out = s.solve(SolveOptions::default()).unwrap();
        let shown: Vec<String> = out
            .solutions
            .iter()
            .map(|sol| p.grid.draw(|c| (sol[c] as char).to_string()))
            .collect();
        assert!(
            out.is_unique(),
            "{name}: {} solutions\n{}",
            out.solutions.len(),
            shown.join("\n")
        );
        assert!(s.failing_clues(&out.solutions[0]).unwrap().is_empty());
    }
}

#[test]
fn worked_example_of_the_readme() {
    let p = Puzzle::parse(
        "shape: rectangle 2x2\nacross 1: [AB]C\nacross 2: X[YZ]\ndown 1: A.\ndown 2: CY|DZ\n",
    )
    .unwrap();
    let out = Solver::new(&p)
        .solve(SolveOptions {
            explain: true,
            ..SolveOptions::default()
        })
        .unwrap();
    assert!(out.is_unique());
    assert_eq!(out.solutions[0], b"ACXY");
    assert_eq!(out.nodes, 1);
    assert!(!out.explanation.is_empty());
}
