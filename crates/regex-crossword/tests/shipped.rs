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

#[test]
fn counting_stops_at_the_limit_and_bounds_the_search() {
    // a 2×2 of A/B with rows unequal and columns unequal: exactly two Latin squares
    let p = Puzzle::parse(
        "shape: rectangle 2x2\nalphabet: AB\nacross 1: AB|BA\nacross 2: AB|BA\ndown 1: AB|BA\ndown 2: AB|BA\n",
    )
    .unwrap();
    let s = Solver::new(&p);
    let all = s
        .solve(SolveOptions {
            limit: 10,
            ..SolveOptions::default()
        })
        .unwrap();
    assert!(all.complete);
    assert_eq!(all.solutions, vec![b"ABBA".to_vec(), b"BAAB".to_vec()]);
    assert!(all.nodes > 1, "propagation alone cannot choose");
    let one = s
        .solve(SolveOptions {
            limit: 1,
            ..SolveOptions::default()
        })
        .unwrap();
    assert!(!one.complete && one.solutions.len() == 1);
    let bounded = s.solve(SolveOptions {
        limit: 10,
        max_nodes: 1,
        max_time: None,
        explain: false,
    });
    assert!(bounded.is_err());
    // no solution at all
    let none = Puzzle::parse("shape: rectangle 1x2\nacross 1: A+\ndown 2: B\n").unwrap();
    let out = Solver::new(&none).solve(SolveOptions::default()).unwrap();
    assert!(out.complete && out.solutions.is_empty());
}
