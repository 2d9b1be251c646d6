//! `ludomat regex solve | check`, `ludomat play regex` — regex crosswords, rectangular
//! and hexagonal (the 2013 MIT Mystery Hunt's "A Regular Crossword" among the shipped
//! puzzles). The solver and the game flow live in `ludomat-regex-crossword`.

use std::io::Write;
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_game::console::converse;
use ludomat_game::LineInput;
use ludomat_regex_crossword::text::{self, RegexConsole};
use ludomat_regex_crossword::{shipped, Puzzle, RegexConfig, SolveOptions, Solver};

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
    #[command(flatten)]
    options: SolveOptions,
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

/// The text of a puzzle file, or of the shipped puzzle of that name.
fn puzzle_text(file: &str) -> Result<String> {
    let path = Path::new(file);
    // a name that is there (a loop of links, a dangling link too) is read, and refused so
    if path.symlink_metadata().is_ok() {
        return crate::files::read_string(path, crate::files::TEXT_CAP);
    }
    let names = text::shipped_names();
    (shipped(file).map(str::to_string)).ok_or_else(|| {
        let file = ludomat_io::text::quoted(file, 60);
        anyhow!("{file}: no such file, nor a shipped puzzle ({names})")
    })
}

fn load(file: &str) -> Result<Puzzle> {
    let text = puzzle_text(file)?;
    Puzzle::parse(&text).with_context(|| file.to_string())
}

/// Run `ludomat regex …`.
pub fn run(cmd: RegexCmd) -> Result<()> {
    let mut out = crate::out::stdout().lock();
    match cmd.command {
        RegexSub::Solve(a) => solve(&a, &mut out),
        RegexSub::Check(a) => check(&a, &mut out),
        RegexSub::List => Ok(write!(out, "{}", text::list())?),
    }
}

/// Where a deduction's continuation lines start: under its clue's name.
const DEDUCTION_INDENT: usize = 6;

fn solve(a: &SolveArgs, out: &mut dyn Write) -> Result<()> {
    let p = load(&a.file)?;
    // the deductions run to hundreds of lines: paged on a terminal
    let _page = a.options.explain.then(crate::page::Pager::start);
    let solver = Solver::new(&p);
    let o = text::solve_until_ctrl_c(&solver, &p, a.options)??;
    // One deduction a line, at most 80 columns: "  12. R3 /clue/ rules out AB at row 3
    // cell 4: left C"; what does not fit goes on under its clue's name, broken between
    // its parts (a part wider than a line is cut into pieces).
    let room = crate::help::width().saturating_sub(DEDUCTION_INDENT);
    let lines: Vec<String> = (o.explanation.iter().enumerate())
        .map(|(i, d)| {
            let parts = text::deduction_parts(&p, d, room);
            crate::help::pack(&format!("{:>4}. ", i + 1), &parts, DEDUCTION_INDENT, " ")
        })
        .collect();
    let deductions = a.options.explain.then_some(lines.as_slice());
    text::write_solved(out, &p, &o, a.options.limit, deductions)??;
    out.flush()?;
    Ok(())
}

fn check(a: &CheckArgs, out: &mut dyn Write) -> Result<()> {
    let p = load(&a.file)?;
    let answer = match a.answer.strip_prefix('@') {
        Some(path) => crate::files::read_string(Path::new(path), crate::files::TEXT_CAP)?,
        None => a.answer.clone(),
    };
    let letters = p.parse_answer(&answer).map_err(anyhow::Error::msg)?;
    let bad = Solver::new(&p).failing_clues(&letters)?;
    write!(out, "{}", text::checked(&p, &letters, &bad))?;
    if !bad.is_empty() {
        bail!(
            "{} of {} {}",
            bad.len(),
            ludomat_io::text::count(p.clues.len() as u64, "clue", "clues"),
            ludomat_io::text::plural(bad.len() as u64, "fails", "fail")
        )
    }
    Ok(())
}

/// `ludomat play regex`
pub fn play(args: PlayArgs) -> Result<()> {
    let mut out = crate::help::Wrapped::new(crate::out::stdout());
    let mut console = if Path::new(&args.file).exists() {
        // a file's errors name the file, never quote its text
        let text = crate::files::read_string(Path::new(&args.file), crate::files::TEXT_CAP)?;
        RegexConsole::from_file(&args.file, text)?
    } else {
        RegexConsole::new(RegexConfig {
            puzzle: puzzle_text(&args.file)?,
        })?
    };
    Ok(converse(&mut console, &mut LineInput::Stdin, &mut out)?)
}
