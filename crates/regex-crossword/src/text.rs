//! Regex crosswords in words, as the terminal prints them: the shipped puzzles
//! ([`list`]), a solve's report ([`solved`], the deductions' parts by
//! [`deduction_parts`]), a checked answer ([`checked`]) and [`RegexConsole`], a
//! [`RegexSession`] at a line terminal (`ludomat play regex`).

use std::fmt::Write as _;

use ludomat_game::console::{Console, Reply};
use ludomat_game::terminal::{with_quit_key, QUIT_KEY};
use ludomat_game::{Session, SessionError};

use ludomat_io::interrupt::{self, Stopped};

use crate::solver::{SolveError, SolveOptions, SolveProgress, Solver};
use crate::PUZZLES;
use crate::{ClueStatus, Deduction, Outcome, Puzzle, RegexConfig, RegexHappening, RegexSession};

/// The shipped puzzles' names, comma separated.
#[must_use]
pub fn shipped_names() -> String {
    PUZZLES
        .iter()
        .map(|(n, _)| n.trim_end_matches(".txt"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every shipped puzzle, a line each: its name and title.
#[must_use]
pub fn list() -> String {
    let mut s = String::new();
    for (name, text) in PUZZLES {
        let title = Puzzle::parse(text)
            .ok()
            .and_then(|p| p.title)
            .unwrap_or_default();
        let _ = writeln!(s, "{:<28} {title}", name.trim_end_matches(".txt"));
    }
    s
}

/// A long solve's progress report: nodes, solutions, seconds.
#[must_use]
pub fn progress(p: &SolveProgress) -> String {
    format!(
        "regex solve: {}, {} so far, {}",
        ludomat_io::text::count(p.nodes, "search node", "search nodes"),
        ludomat_io::text::count(p.solutions as u64, "solution", "solutions"),
        ludomat_io::text::duration(p.elapsed)
    )
}

/// A grid drawn with these letters in its cells.
#[must_use]
pub fn draw(p: &Puzzle, letters: &[u8]) -> String {
    p.grid.draw(|c| (letters[c] as char).to_string())
}

/// One deduction in parts, "R3", "/clue/", "rules out AB", "at row 3 cell 4:", "left
/// C", each cut into pieces of at most `room` characters, for a renderer to pack into
/// its lines.
#[must_use]
pub fn deduction_parts(p: &Puzzle, d: &Deduction, room: usize) -> Vec<String> {
    let clue = p
        .clues
        .iter()
        .find(|c| c.name == d.clue)
        .map_or("", |c| c.clue.source.as_str());
    [
        d.clue.to_string(),
        format!("/{clue}/"),
        format!("rules out {}", d.removed),
        format!("at row {} cell {}:", d.row, d.col),
        format!("left {}", d.left),
    ]
    .into_iter()
    .flat_map(|part| {
        let chars: Vec<char> = part.chars().collect();
        chars
            .chunks(room.max(1))
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
    })
    .collect()
}

/// A solve's report: the title, the deductions (already laid out, one string each, when
/// asked for) and where propagation stopped, every solution found and the verdict.
#[must_use]
pub fn solved(p: &Puzzle, o: &Outcome, limit: usize, deductions: Option<&[String]>) -> String {
    let mut s = String::new();
    solved_parts(p, o, limit, deductions, &mut |part| {
        s.push_str(part);
        true
    });
    s
}

/// [`solved`], a part at a time (the heading, each solution, the verdict) handed to
/// `each` until it says no: then the solutions given before, else `None`.
fn solved_parts(
    p: &Puzzle,
    o: &Outcome,
    limit: usize,
    deductions: Option<&[String]>,
    each: &mut dyn FnMut(&str) -> bool,
) -> Option<usize> {
    let mut s = String::new();
    if let Some(t) = &p.title {
        let _ = writeln!(s, "{t}\n");
    }
    if let Some(lines) = deductions {
        s.push_str("Deductions, in order:\n");
        for line in lines {
            let _ = writeln!(s, "{line}");
        }
        let open = o.after_propagation.iter().filter(|d| d.len() > 1).count();
        if open == 0 {
            s.push_str("Propagation alone fills every cell.\n\n");
        } else {
            let _ = writeln!(
                s,
                "Propagation stalls with {open} open cells; the search guesses from there.\n"
            );
        }
    }
    if !each(&s) {
        return Some(0);
    }
    for (i, sol) in o.solutions.iter().enumerate() {
        let mut s = String::new();
        if o.solutions.len() > 1 {
            let _ = writeln!(s, "Solution {}:", i + 1);
        }
        let _ = writeln!(s, "{}", draw(p, sol));
        if !each(&s) {
            return Some(i);
        }
    }
    let verdict = match (o.solutions.len(), o.complete) {
        (0, _) => "no solution".to_string(),
        (1, true) => "the solution is unique".to_string(),
        (n, true) => format!("exactly {}", solutions(n)),
        (n, false) => format!("at least {} (stopped at --limit {limit})", solutions(n)),
    };
    let s = format!(
        "{verdict} ({})\n",
        ludomat_io::text::count(o.nodes, "search node", "search nodes")
    );
    (!each(&s)).then_some(o.solutions.len())
}

/// `1 solution`, `10,000 solutions`.
fn solutions(n: usize) -> String {
    ludomat_io::text::count(n as u64, "solution", "solutions")
}

/// [`solved`] written to `out` a part at a time, while the search's Ctrl-C is still caught
/// ([`Caught`]): a Ctrl-C (or SIGTERM) while thousands of grids are printed stops the
/// listing, and the stop line is given back (the search had ended; the rest is not shown).
///
/// # Errors
/// The outer error: writing failed; the inner: the listing was stopped.
pub fn write_solved(
    out: &mut dyn std::io::Write,
    p: &Puzzle,
    o: &Caught,
    limit: usize,
    deductions: Option<&[String]>,
) -> std::io::Result<Result<(), Stopped>> {
    write_solved_until(out, p, o, limit, deductions, interrupt::requested())
}

fn write_solved_until(
    out: &mut dyn std::io::Write,
    p: &Puzzle,
    o: &Outcome,
    limit: usize,
    deductions: Option<&[String]>,
    stop: &std::sync::atomic::AtomicBool,
) -> std::io::Result<Result<(), Stopped>> {
    let mut failed = None;
    let given = solved_parts(p, o, limit, deductions, &mut |part| {
        if stop.load(std::sync::atomic::Ordering::SeqCst) {
            return false;
        }
        let wrote = out.write_all(part.as_bytes()).and_then(|()| out.flush());
        wrote.map_err(|e| failed = Some(e)).is_ok()
    });
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(match given {
        None => Ok(()),
        Some(n) => Err(Stopped::after(
            n as u64,
            Some(o.solutions.len() as u64),
            ("solution printed", "solutions printed"),
            "the search had ended; the other solutions are not shown",
        )),
    })
}

/// How many grids a stopped search draws at most: thousands of large grids would flood
/// the terminal for minutes after the Ctrl-C; the stop line says how many were found.
pub const SHOWN_AFTER_A_STOP: usize = 3;

/// A search's outcome, with the Ctrl-C handling still caught for as long as it lives: a
/// Ctrl-C while the report is printed (just after the search ended) is not the end of
/// the process — the report is printed whole and the run ends as it would have.
#[derive(Debug)]
pub struct Caught {
    outcome: Outcome,
    _scope: interrupt::Scope,
}

impl std::ops::Deref for Caught {
    type Target = Outcome;
    fn deref(&self) -> &Outcome {
        &self.outcome
    }
}

/// `regex solve`'s search, its [`progress`] on standard error every second, with Ctrl-C
/// (or SIGTERM) caught: a long search stops at its next check of the clock, prints on
/// standard output what it found by then (the puzzle's title and the first
/// [`SHOWN_AFTER_A_STOP`] grids found) and gives back the stop line, which `main` says
/// last: `Stopped by Ctrl-C after 1,234 search nodes; no solution was found by then.` A
/// search that ended keeps the signal caught while its report is printed ([`Caught`]).
///
/// # Errors
/// The outer error: the run was stopped ([`Stopped`]); the inner: as
/// [`Solver::solve_with`].
pub fn solve_until_ctrl_c(
    solver: &Solver<'_>,
    p: &Puzzle,
    options: SolveOptions,
) -> Result<Result<Caught, SolveError>, Stopped> {
    let scope = interrupt::catch();
    let mut said = |e: &SolveProgress| ludomat_io::out::eprint(format_args!("{}\n", progress(e)));
    let solved = solver.solve_until(options, &mut said, interrupt::requested());
    let Err(SolveError::Stopped { nodes, solutions }) = solved else {
        return Ok(solved.map(|outcome| Caught {
            outcome,
            _scope: scope,
        }));
    };
    ludomat_io::out::print(format_args!("{}", found_so_far(p, &solutions)));
    let kept = stopped_kept(solutions.len());
    drop(scope);
    Err(Stopped::after(
        nodes,
        None,
        ("search node", "search nodes"),
        &kept,
    ))
}

/// What a stopped search kept, for its stop line: `the 2 grids above are the solutions
/// found by then`; past [`SHOWN_AFTER_A_STOP`], `5,895 solutions were found by then; the
/// first 3 are above, the other 5,892 not shown`.
#[must_use]
pub fn stopped_kept(found: usize) -> String {
    match found {
        0 => "no solution was found by then".to_string(),
        1 => "the grid above is the one solution found by then (unique or not was not \
              settled)"
            .to_string(),
        n if n <= SHOWN_AFTER_A_STOP => {
            format!("the {n} grids above are the solutions found by then")
        }
        n => format!(
            "{} were found by then; the first {SHOWN_AFTER_A_STOP} are above, the other {} \
             not shown",
            ludomat_io::text::count(n as u64, "solution", "solutions"),
            ludomat_io::text::thousands((n - SHOWN_AFTER_A_STOP) as u64)
        ),
    }
}

/// What a stopped search prints: the title, then each solution found, the first
/// [`SHOWN_AFTER_A_STOP`] of them (none: nothing).
#[must_use]
pub fn found_so_far(p: &Puzzle, solutions: &[Vec<u8>]) -> String {
    let mut s = String::new();
    if solutions.is_empty() {
        return s;
    }
    s.push_str(interrupt::after_echo_out());
    if let Some(t) = &p.title {
        let _ = writeln!(s, "{t}\n");
    }
    for (i, sol) in solutions.iter().take(SHOWN_AFTER_A_STOP).enumerate() {
        if solutions.len() > 1 {
            let _ = writeln!(s, "Solution {}:", i + 1);
        }
        let _ = writeln!(s, "{}", draw(p, sol));
    }
    s
}

/// A proposed answer drawn, every clue it breaks (`bad`, as [`crate::Solver::failing_clues`]
/// gives them) with the letters it reads, or that all match.
#[must_use]
pub fn checked(p: &Puzzle, letters: &[u8], bad: &[usize]) -> String {
    let mut s = format!("{}\n", draw(p, letters));
    for &k in bad {
        let c = &p.clues[k];
        let _ = writeln!(
            s,
            "{} /{}/ does not match {}",
            c.name,
            c.clue.source,
            String::from_utf8_lossy(&p.line_text(k, letters))
        );
    }
    if bad.is_empty() {
        let _ = writeln!(s, "all {} clues match", p.clues.len());
    }
    s
}

fn mark(s: ClueStatus) -> &'static str {
    match s {
        ClueStatus::Satisfied => "ok",
        ClueStatus::Broken => "BROKEN",
        ClueStatus::Open => "open",
    }
}

/// The grid as filled so far, the clues (all, or only the broken ones) and the counts.
#[must_use]
pub fn grid(session: &RegexSession, all_clues: bool) -> String {
    let v = session.view();
    let mut s = format!("\n{}\n", v.drawing);
    for c in &v.clues {
        if all_clues || c.status == ClueStatus::Broken {
            let _ = writeln!(
                s,
                "  {:<6} {:<14} /{}/  {}",
                mark(c.status),
                c.name,
                c.clue,
                c.line
            );
        }
    }
    let count = |st| v.clues.iter().filter(|c| c.status == st).count();
    let _ = writeln!(
        s,
        "{} of {} cells filled; clues: {} ok, {} open, {} broken",
        v.filled,
        v.cells.len(),
        count(ClueStatus::Satisfied),
        count(ClueStatus::Open),
        count(ClueStatus::Broken)
    );
    s
}

/// One happening in words (nothing for a filled cell or a load: the grid shows them).
#[must_use]
pub fn describe(h: &RegexHappening) -> String {
    match h {
        RegexHappening::Hint {
            row,
            col,
            letter,
            because,
        } => format!(
            "hint: row {row} cell {col} must be {letter} ({})\n",
            because.join(", ")
        ),
        RegexHappening::Clue { name, clue, status } => {
            format!("{name} /{clue}/ is now {}\n", mark(*status))
        }
        RegexHappening::Deduced(d) => {
            let cells: Vec<String> = d
                .cells
                .iter()
                .map(|c| format!("row {} cell {} left {}", c.row, c.col, c.left))
                .collect();
            format!(
                "step {} of {}: {} /{}/ — {}\n",
                d.step,
                d.of,
                d.clue,
                d.regex,
                cells.join(", ")
            )
        }
        RegexHappening::DeductionsDone { open_cells } => {
            format!(
                "the deduction log is at its end: {} open\n",
                ludomat_io::text::count(*open_cells as u64, "cell", "cells")
            )
        }
        RegexHappening::Solved | RegexHappening::Cell { .. } | RegexHappening::Loaded { .. } => {
            String::new()
        }
    }
}

/// A [`RegexSession`] at a line terminal: the typed lines are the session's actions
/// (`clues` lists every clue, `q` quits); each answer tells what happened and shows the
/// grid; the conversation ends when the grid is solved.
#[derive(Debug)]
pub struct RegexConsole {
    session: RegexSession,
}

impl RegexConsole {
    /// A session on this puzzle text.
    ///
    /// # Errors
    /// When the puzzle is refused.
    pub fn new(config: RegexConfig) -> Result<Self, SessionError> {
        Ok(RegexConsole {
            session: RegexSession::new(config)?,
        })
    }

    /// A session on the text of the puzzle file `name`, its errors naming the file.
    ///
    /// # Errors
    /// When the text is not a puzzle.
    pub fn from_file(name: &str, text: String) -> Result<Self, SessionError> {
        Ok(RegexConsole {
            session: RegexSession::from_file(name, text)?,
        })
    }
}

impl Console for RegexConsole {
    fn opening(&mut self) -> Result<String, SessionError> {
        let mut s = String::new();
        if let Some(t) = &self.session.puzzle().title {
            let _ = writeln!(s, "{t}");
        }
        s.push_str(
            "Type ROW CELL LETTER (2 3 A), ROW LETTERS (2 AXB, '.' leaves a cell), clear ROW \
             CELL, hint, reveal, reset; 'clues' lists every clue (q quits).\n",
        );
        s.push_str(&grid(&self.session, true));
        Ok(s)
    }

    fn prompt(&self) -> Option<String> {
        Some("> ".into())
    }

    fn answer(&mut self, line: &str) -> Result<Reply, SessionError> {
        let t = line.trim();
        match t.to_ascii_lowercase().as_str() {
            "" => return Ok(Reply::Go(String::new())),
            "q" | "quit" | "exit" => {
                return Ok(Reply::Stop(format!(
                    "{}\n",
                    ludomat_game::Ending::Quit.sentence(true)
                )))
            }
            "clues" => return Ok(Reply::Go(grid(&self.session, true))),
            _ => {}
        }
        let happenings = match self
            .session
            .parse_action(t)
            .and_then(|a| self.session.apply(a))
        {
            Ok(h) => h,
            // a line of no shape at all: what to type, in the words of the opening (the
            // session's own list names the museum's actions)
            Err(SessionError::Invalid(m)) if m.starts_with("cannot read ") => {
                return Ok(Reply::Go(format!(
                    "cannot read {}: type ROW CELL LETTER, ROW LETTERS, clear ROW CELL, hint, \
                     reveal, reset or clues {QUIT_KEY}.\n",
                    ludomat_io::text::quoted(t, 60)
                )))
            }
            Err(e) => return Ok(Reply::Go(format!("{}\n", with_quit_key(&e.to_string())))),
        };
        let mut s: String = happenings.iter().map(describe).collect();
        s.push_str(&grid(&self.session, false));
        if happenings.contains(&RegexHappening::Solved) {
            s.push_str("Solved: every clue matches.\n");
            return Ok(Reply::Stop(s));
        }
        Ok(Reply::Go(s))
    }

    fn input_ended(&mut self) -> String {
        format!(
            "\n{}\n",
            ludomat_game::Ending::after_no_line().sentence(true)
        )
    }

    fn farewell(&mut self) -> String {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use ludomat_game::console::transcript;

    const SMALL: &str =
        "shape: rectangle 2x2\nacross 1: [AB]C\nacross 2: X[YZ]\ndown 1: A.\ndown 2: CY|DZ\n";

    /// The verdict counts as every count does: `1 solution`, thousands separated (it
    /// said `at least 1 solutions`, `at least 10000 solutions`).
    #[test]
    fn the_verdict_counts_in_words() {
        let p = Puzzle::parse(
            "shape: rectangle 2x2\nacross 1: [AB]*\nacross 2: [AB]*\ndown 1: .*\ndown 2: .*\n",
        )
        .unwrap();
        for (limit, words) in [
            (1, "at least 1 solution (stopped at --limit 1)"),
            (2, "at least 2 solutions (stopped at --limit 2)"),
        ] {
            let options = SolveOptions {
                limit,
                ..SolveOptions::default()
            };
            let o = Solver::new(&p).solve(options).unwrap();
            let text = solved(&p, &o, limit, None);
            assert!(text.contains(words), "{text}");
        }
        assert_eq!(solutions(10_000), "10,000 solutions");
    }

    /// A Ctrl-C while thousands of solutions are printed stops the listing with its
    /// line (it was caught and the printing went on to the end).
    #[test]
    fn a_stop_while_the_solutions_are_printed_ends_the_listing() {
        let p = Puzzle::parse(
            "shape: rectangle 2x2\nacross 1: [AB]*\nacross 2: [AB]*\ndown 1: .*\ndown 2: .*\n",
        )
        .unwrap();
        let options = SolveOptions {
            limit: 16,
            ..SolveOptions::default()
        };
        let o = Solver::new(&p).solve(options).unwrap();
        assert_eq!(o.solutions.len(), 16);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut out = Vec::new();
        let all = write_solved_until(&mut out, &p, &o, 16, None, &stop).unwrap();
        assert!(all.is_ok());
        assert_eq!(String::from_utf8(out).unwrap(), solved(&p, &o, 16, None));
        // a writer asked to stop after its second grid (the heading here is empty)
        struct Stopping<'a>(&'a std::sync::atomic::AtomicBool, usize);
        impl std::io::Write for Stopping<'_> {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.1 += 1;
                if self.1 == 2 {
                    self.0.store(true, std::sync::atomic::Ordering::SeqCst);
                }
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut out = Stopping(&stop, 0);
        let stopped = write_solved_until(&mut out, &p, &o, 16, None, &stop).unwrap();
        let line = stopped.unwrap_err();
        assert!(
            line.line().contains("after 2 of 16 solutions printed; "),
            "{}",
            line.line()
        );
        assert_eq!(out.1, 2);
    }

    /// q and the end of input are said as every game says them (q printed nothing).
    #[test]
    fn quit_and_input_ended_are_said() {
        let config = || RegexConfig {
            puzzle: SMALL.into(),
        };
        let text = transcript(&mut RegexConsole::new(config()).unwrap(), "q\n").unwrap();
        assert!(text.ends_with("You quit; game abandoned.\n"), "{text}");
        let text = transcript(&mut RegexConsole::new(config()).unwrap(), "1 1 B\n").unwrap();
        assert!(text.ends_with("\nInput ended; game abandoned.\n"), "{text}");
        // a line of no shape: the commands of the opening, clues and q too, no others
        let text = transcript(&mut RegexConsole::new(config()).unwrap(), "a b c d\n").unwrap();
        assert!(
            text.contains("hint, reveal, reset or clues (q quits).\n") && !text.contains("deduce"),
            "{text}"
        );
    }

    #[test]
    fn scripted_play_solves_a_small_puzzle() {
        let mut c = RegexConsole::new(RegexConfig {
            puzzle: SMALL.into(),
        })
        .unwrap();
        let text = transcript(&mut c, "1 1 B\n1 1 A\n1 2 C\n2 XY\n").unwrap();
        assert!(text.contains("down 1 /A./ is now BROKEN"), "{text}");
        assert!(text.contains("Solved"), "{text}");
    }

    #[test]
    fn check_names_failing_clues() {
        let p = Puzzle::parse(SMALL).unwrap();
        let solver = Solver::new(&p);
        let letters = p.parse_answer("AC/XZ").unwrap();
        let bad = solver.failing_clues(&letters).unwrap();
        assert!(!bad.is_empty());
        let text = checked(&p, &letters, &bad);
        assert!(text.contains("down 2 /CY|DZ/ does not match CZ"), "{text}");
        let letters = p.parse_answer("ACXY").unwrap();
        assert!(solver.failing_clues(&letters).unwrap().is_empty());
    }
}
