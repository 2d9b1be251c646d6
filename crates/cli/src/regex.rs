//! `ludomat regex solve | check`, `ludomat play regex` — regex crosswords, rectangular
//! and hexagonal (the 2013 MIT Mystery Hunt's "A Regular Crossword" among the shipped
//! puzzles). The solver and the game flow live in `ludomat-regex-crossword`.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_game::{LineInput, Session};
use ludomat_regex_crossword::solver::{DEFAULT_MAX_NODES, DEFAULT_MAX_TIME, MAX_LIMIT};
use ludomat_regex_crossword::{
    ClueStatus, Deduction, Puzzle, RegexConfig, RegexHappening, RegexSession, SolveOptions, Solver,
    PUZZLES,
};

/// `ludomat regex …`
#[derive(Debug, Args)]
pub struct RegexCmd {
    #[command(subcommand)]
    command: RegexSub,
}

#[derive(Debug, Subcommand)]
enum RegexSub {
    /// Solve a puzzle: the grid, whether the solution is unique, optionally the deductions.
    Solve(SolveArgs),
    /// Check a proposed answer and name every clue it breaks.
    Check(CheckArgs),
    /// List the shipped puzzles.
    List,
}

/// `ludomat regex solve`
#[derive(Debug, Args)]
struct SolveArgs {
    /// The puzzle file (format: crates/regex-crossword/README.md; clues nest groups at
    /// most 100 deep, repeat at most 64 times, and expand to at most 4,096 positions), or
    /// the name of a shipped puzzle (`ludomat regex list`).
    file: String,
    /// Show the deductions of the first propagation, in order: which clue ruled out
    /// which letters in which cell.
    #[arg(long)]
    explain: bool,
    /// Count solutions up to this many (2 tells a unique solution from several; at most
    /// 10,000).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=MAX_LIMIT as u64))]
    limit: u64,
    /// Give up after this many search nodes.
    #[arg(long, default_value_t = DEFAULT_MAX_NODES)]
    max_nodes: u64,
    /// Give up after this many seconds (0.1 to 86,400; a node of a backreference-heavy
    /// clue can cost milliseconds). A solve longer than a second reports its progress on
    /// standard error.
    #[arg(long, default_value_t = DEFAULT_MAX_TIME.as_secs_f64(), value_parser = parse_seconds)]
    max_seconds: f64,
}

/// `ludomat regex check`
#[derive(Debug, Args)]
struct CheckArgs {
    /// The puzzle file, or the name of a shipped puzzle.
    file: String,
    /// The answer: the letters row by row, rows optionally separated by `/`
    /// (`AC/XY`); `@PATH` reads it from a file (one row per line).
    answer: String,
}

/// `ludomat play regex`
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The puzzle file, or the name of a shipped puzzle.
    file: String,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.1..=86_400.0).contains(&v) => Ok(v),
        Ok(_) => Err(format!("{s} s: from 0.1 to 86,400 seconds")),
        Err(_) => Err(format!("{s}: not a number of seconds")),
    }
}

/// The text of a puzzle file, or of the shipped puzzle of that name.
fn puzzle_text(file: &str) -> Result<String> {
    let path = Path::new(file);
    if path.exists() {
        return crate::files::read_string(path, crate::files::TEXT_CAP);
    }
    let shipped = PUZZLES
        .iter()
        .find(|(n, _)| *n == file || n.strip_suffix(".txt") == Some(file));
    match shipped {
        Some((_, t)) => Ok((*t).to_string()),
        None => bail!(
            "{file}: no such file, nor a shipped puzzle ({})",
            PUZZLES
                .iter()
                .map(|(n, _)| n.trim_end_matches(".txt"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn load(file: &str) -> Result<Puzzle> {
    let text = puzzle_text(file)?;
    Puzzle::parse(&text).with_context(|| file.to_string())
}

fn draw(p: &Puzzle, letters: &[u8]) -> String {
    p.grid.draw(|c| (letters[c] as char).to_string())
}

/// Run `ludomat regex …`.
pub fn run(cmd: RegexCmd) -> Result<()> {
    let mut out = crate::out::stdout().lock();
    match cmd.command {
        RegexSub::Solve(a) => solve(&a, &mut out),
        RegexSub::Check(a) => check(&a, &mut out),
        RegexSub::List => {
            for (name, text) in PUZZLES {
                let title = Puzzle::parse(text)
                    .ok()
                    .and_then(|p| p.title)
                    .unwrap_or_default();
                writeln!(out, "{:<28} {title}", name.trim_end_matches(".txt"))?;
            }
            Ok(())
        }
    }
}

/// Where a deduction's continuation lines start: under its clue's name.
const DEDUCTION_INDENT: usize = 6;

/// One deduction of `regex solve --explain`, at most 80 columns a line: "  12. R3 /clue/
/// rules out AB at row 3 cell 4: left C". When a long clue or letter set does not fit,
/// the deduction goes on under its clue's name, broken between its parts (a part wider
/// than a line is cut into pieces).
fn deduction_line(n: usize, d: &Deduction, clue: &str) -> String {
    let room = crate::help::WIDTH - DEDUCTION_INDENT;
    let parts: Vec<String> = [
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
            .chunks(room)
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
    })
    .collect();
    crate::help::pack(&format!("{n:>4}. "), &parts, DEDUCTION_INDENT, " ")
}

fn solve(a: &SolveArgs, out: &mut dyn Write) -> Result<()> {
    let p = load(&a.file)?;
    // the deductions run to hundreds of lines: paged on a terminal
    let _page = a.explain.then(crate::page::Pager::start);
    let solver = Solver::new(&p);
    let limit = usize::try_from(a.limit).unwrap_or(MAX_LIMIT);
    let options = SolveOptions {
        limit,
        max_nodes: a.max_nodes,
        max_time: Some(std::time::Duration::from_secs_f64(a.max_seconds)),
        explain: a.explain,
    };
    let o = solver.solve_with(options, &mut |p| {
        errln!(
            "regex solve: {} search nodes, {} solution{} so far, {:.0} s",
            p.nodes,
            p.solutions,
            if p.solutions == 1 { "" } else { "s" },
            p.elapsed.as_secs_f64()
        );
    })?;
    if let Some(t) = &p.title {
        writeln!(out, "{t}\n")?;
    }
    if a.explain {
        writeln!(out, "Deductions, in order:")?;
        for (i, d) in o.explanation.iter().enumerate() {
            let clue = p
                .clues
                .iter()
                .find(|c| c.name == d.clue)
                .map_or("", |c| c.clue.source.as_str());
            writeln!(out, "{}", deduction_line(i + 1, d, clue))?;
        }
        let open = o.after_propagation.iter().filter(|d| d.len() > 1).count();
        if open == 0 {
            writeln!(out, "Propagation alone fills every cell.\n")?;
        } else {
            writeln!(
                out,
                "Propagation stalls with {open} open cells; the search guesses from there.\n"
            )?;
        }
    }
    for (i, s) in o.solutions.iter().enumerate() {
        if o.solutions.len() > 1 {
            writeln!(out, "Solution {}:", i + 1)?;
        }
        writeln!(out, "{}", draw(&p, s))?;
    }
    let n = o.solutions.len();
    let verdict = match (n, o.complete) {
        (0, _) => "no solution".to_string(),
        (1, true) => "the solution is unique".to_string(),
        (n, true) => format!("exactly {n} solutions"),
        (n, false) => format!("at least {n} solutions (stopped at --limit {})", a.limit),
    };
    writeln!(out, "{verdict} ({} search nodes)", o.nodes)?;
    out.flush()?;
    Ok(())
}

fn check(a: &CheckArgs, out: &mut dyn Write) -> Result<()> {
    let p = load(&a.file)?;
    let text = match a.answer.strip_prefix('@') {
        Some(path) => crate::files::read_string(Path::new(path), crate::files::TEXT_CAP)?,
        None => a.answer.clone(),
    };
    let letters = p.parse_answer(&text).map_err(anyhow::Error::msg)?;
    let solver = Solver::new(&p);
    let bad = solver.failing_clues(&letters)?;
    writeln!(out, "{}", draw(&p, &letters))?;
    for &k in &bad {
        let c = &p.clues[k];
        writeln!(
            out,
            "{} /{}/ does not match {}",
            c.name,
            c.clue.source,
            String::from_utf8_lossy(&p.line_text(k, &letters))
        )?;
    }
    if bad.is_empty() {
        writeln!(out, "all {} clues match", p.clues.len())?;
        Ok(())
    } else {
        bail!("{} of {} clues fail", bad.len(), p.clues.len())
    }
}

/// `ludomat play regex`
pub fn play(args: PlayArgs) -> Result<()> {
    let mut input = LineInput::Stdin;
    let mut out = crate::help::Wrapped::new(crate::out::stdout());
    play_with(&args, &mut input, &mut out)
}

fn mark(s: ClueStatus) -> &'static str {
    match s {
        ClueStatus::Satisfied => "ok",
        ClueStatus::Broken => "BROKEN",
        ClueStatus::Open => "open",
    }
}

fn show(session: &RegexSession, out: &mut dyn Write, all_clues: bool) -> Result<()> {
    let v = session.view();
    writeln!(out, "\n{}", v.drawing)?;
    for c in &v.clues {
        if all_clues || c.status == ClueStatus::Broken {
            writeln!(
                out,
                "  {:<6} {:<14} /{}/  {}",
                mark(c.status),
                c.name,
                c.clue,
                c.line
            )?;
        }
    }
    let count = |s| v.clues.iter().filter(|c| c.status == s).count();
    writeln!(
        out,
        "{} of {} cells filled; clues: {} ok, {} open, {} broken",
        v.filled,
        v.cells.len(),
        count(ClueStatus::Satisfied),
        count(ClueStatus::Open),
        count(ClueStatus::Broken)
    )?;
    Ok(())
}

fn play_with(args: &PlayArgs, input: &mut LineInput, out: &mut dyn Write) -> Result<()> {
    let mut session = RegexSession::new(RegexConfig {
        puzzle: puzzle_text(&args.file)?,
    })?;
    if let Some(t) = &session.puzzle().title {
        writeln!(out, "{t}")?;
    }
    writeln!(
        out,
        "Type ROW CELL LETTER (2 3 A), ROW LETTERS (2 AXB, '.' leaves a cell), clear ROW CELL, \
         hint, reveal, reset; 'clues' lists every clue, q quits."
    )?;
    show(&session, out, true)?;
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = input.next_line()? else {
            writeln!(out)?;
            return Ok(());
        };
        let t = line.trim();
        match t.to_ascii_lowercase().as_str() {
            "" => continue,
            "q" | "quit" | "exit" => return Ok(()),
            "clues" => {
                show(&session, out, true)?;
                continue;
            }
            _ => {}
        }
        let result = session.parse_action(t).and_then(|a| session.apply(a));
        match result {
            Err(e) => writeln!(out, "{e}")?,
            Ok(happenings) => {
                let mut solved = false;
                for h in &happenings {
                    match h {
                        RegexHappening::Hint {
                            row,
                            col,
                            letter,
                            because,
                        } => writeln!(
                            out,
                            "hint: row {row} cell {col} must be {letter} ({})",
                            because.join(", ")
                        )?,
                        RegexHappening::Clue { name, clue, status } => {
                            writeln!(out, "{name} /{clue}/ is now {}", mark(*status))?;
                        }
                        RegexHappening::Deduced(d) => {
                            let cells: Vec<String> = d
                                .cells
                                .iter()
                                .map(|c| format!("row {} cell {} left {}", c.row, c.col, c.left))
                                .collect();
                            writeln!(
                                out,
                                "step {} of {}: {} /{}/ — {}",
                                d.step,
                                d.of,
                                d.clue,
                                d.regex,
                                cells.join(", ")
                            )?;
                        }
                        RegexHappening::DeductionsDone { open_cells } => {
                            writeln!(
                                out,
                                "the deduction log is at its end: {open_cells} cells open"
                            )?;
                        }
                        RegexHappening::Solved => solved = true,
                        RegexHappening::Cell { .. } | RegexHappening::Loaded { .. } => {}
                    }
                }
                show(&session, out, false)?;
                if solved {
                    writeln!(out, "Solved: every clue matches.")?;
                    return Ok(());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str =
        "shape: rectangle 2x2\nacross 1: [AB]C\nacross 2: X[YZ]\ndown 1: A.\ndown 2: CY|DZ\n";

    #[test]
    fn scripted_play_solves_a_small_puzzle() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("p.txt");
        std::fs::write(&f, SMALL).unwrap();
        let args = PlayArgs {
            file: f.display().to_string(),
        };
        let mut input = LineInput::script("1 1 B\n1 1 A\n1 2 C\n2 XY\n");
        let mut out = Vec::new();
        play_with(&args, &mut input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("down 1 /A./ is now BROKEN"), "{text}");
        assert!(text.contains("Solved"), "{text}");
    }

    #[test]
    fn check_names_failing_clues() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("p.txt");
        std::fs::write(&f, SMALL).unwrap();
        let mut out = Vec::new();
        let a = CheckArgs {
            file: f.display().to_string(),
            answer: "AC/XZ".into(),
        };
        assert!(check(&a, &mut out).is_err());
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("down 2 /CY|DZ/ does not match CZ"), "{text}");
        let mut out = Vec::new();
        let a = CheckArgs {
            file: f.display().to_string(),
            answer: "ACXY".into(),
        };
        check(&a, &mut out).unwrap();
    }
}
