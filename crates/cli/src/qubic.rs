//! `ludomat play qubic`, `ludomat tournament qubic`, `ludomat qubic proof` — 3D (and 4D)
//! tic-tac-toe against the IBM 1620 strategies: OTHER-1 (the machine-code rewrite, levels
//! 1–12) and Louden's 1962 FORTRAN deck; and the stored 4D forced win. The game flow is
//! `ludomat_qubic::QubicSession`'s, its words `ludomat_qubic::text`'s; the proofs are
//! `ludomat_qubic::proofs`'s, the tournament `ludomat_arena::tournaments`'s.

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use ludomat_game::LineInput;
use ludomat_io::text::Shown as _;
use ludomat_qubic::proofs::{ProofReport, ProofTask};

use crate::help::wrap;

/// `ludomat play qubic`
pub type PlayArgs = ludomat_qubic::options::PlayOptions;
/// `ludomat tournament qubic`
pub type TournamentArgs = ludomat_arena::tournaments::QubicTournament;

pub fn play(args: PlayArgs) -> Result<()> {
    let mut out = crate::help::Wrapped::new(crate::out::stdout());
    // a line from a pipe is shown after its prompt, as a terminal shows what is typed
    let echo = !ludomat_io::out::stdin_is_terminal();
    Ok(ludomat_qubic::play::play(
        &args,
        &mut LineInput::Stdin,
        &mut out,
        echo,
    )?)
}

/// `ludomat qubic …`
#[derive(Debug, Args)]
pub struct QubicCmd {
    #[command(subcommand)]
    command: QubicSub,
}

#[derive(Debug, Subcommand)]
enum QubicSub {
    /// Check the stored 4×4×4×4 forced win against the rules: every reply of the second
    /// player answered, every line ending in the first player's four (--dims 3: 4×4×4 —
    /// a certificate re-checked, Patashnik's dictionary checked exhaustively, or the win
    /// found from scratch by our search).
    Proof(ludomat_qubic::proofs::ProofOptions),
}

/// `ludomat qubic proof`: the check the options choose, run by `ludomat_qubic::proofs`
/// (the 4D tree with a spinner, the search with a progress bar and Ctrl-C).
pub fn run(cmd: QubicCmd) -> Result<()> {
    let QubicSub::Proof(options) = cmd.command;
    // the result on standard output; how long it took on standard error
    let print = |r: ProofReport| {
        out!("{}", wrap(&format!("{}{}{}", r.head, r.checker, r.tail)));
        if !r.timing.is_empty() {
            errln!("{}", r.timing);
        }
    };
    // flags that do not go together are a usage error
    let task = options
        .task()
        .map_err(|e| crate::usage::usage(e.to_string()))?;
    match task {
        ProofTask::Search(task) => {
            use ludomat_qubic::proof3d::distributed::{place, Place};
            // Every rank checks the settings the same way (and fails alike) before MPI
            // starts; then every rank but 0 serves the master and prints nothing.
            let distributed = task.distributed;
            let search = task.prepare()?;
            let site = match distributed.then(place).transpose()? {
                Some(Place::Served) => return Ok(()),
                Some(Place::Alone(why)) => {
                    out!("{}", wrap(&format!("{why}\n")));
                    None
                }
                Some(Place::Master(site)) => Some(site),
                None => None,
            };
            out!("{}", wrap(&search.header()));
            if let Some(site) = &site {
                out!("{}", wrap(&site.header()));
            }
            let bar = crate::progress::Bar::new("positions proved", None, false).without_eta();
            let mut watch =
                |p: &ludomat_game::run::Progress<_>| match ludomat_qubic::proofs::search_stage(p) {
                    Some(stage) => bar.stage(p, &stage),
                    None => bar.update(p, Some(ludomat_qubic::proofs::search_note(p))),
                };
            let (mut ctx, _ctrl_c) = crate::progress::context("positions proved", None, &mut watch);
            let run = match &site {
                Some(site) => search.run_on(site, &mut ctx)?,
                None => search.run(&mut ctx)?,
            };
            drop(ctx);
            bar.finish();
            let stopped = search.stopped(&run);
            if stopped.is_none() || !run.jobs.is_empty() {
                out!("{}", search.summary(&run, crate::help::width())?);
            }
            if let Some(stopped) = stopped {
                return Err(stopped.into());
            }
            print(search.report(&run)?);
        }
        task => {
            // A spinner on stderr with the count and its clock: reading and checking take
            // seconds and have no safe point to stop at: Ctrl-C caught throughout.
            let seen = task.progress().context("a counted check")?;
            let style = format!("{{spinner}} {}  {{msg}}", seen.label());
            let spinner = ludomat_game::progress::spinner().with_style(
                indicatif::ProgressStyle::with_template(&style)
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            spinner.enable_steady_tick(std::time::Duration::from_millis(120));
            let started = std::time::Instant::now();
            let stopped = || {
                spinner.finish_and_clear();
                seen.stopped(started.elapsed())
            };
            let tick = |t| spinner.set_message(seen.note(t));
            let checked = crate::stop::or_ctrl_c_ticking(stopped, tick, || {
                task.run_counted(&seen, |opening| {
                    spinner.suspend(|| out!("{}", wrap(&opening)));
                })
            });
            spinner.finish_and_clear();
            print(checked?);
        }
    }
    Ok(())
}

pub fn tournament(args: TournamentArgs) -> Result<()> {
    if let Some(path) = &args.chart {
        crate::threes::check_output(path, "--chart", ludomat_io::output::CHART)?;
    }
    // timed over the games, the span of the bar's rate (not the agents' making)
    let r = crate::progress::until_ctrl_c(|stop| args.run_until(stop));
    let r = r.map_err(crate::usage::of_tournament)?;
    out!(
        "{}",
        ludomat_arena::table::qubic(&r, args.dims, args.seed, args.fixed())
    );
    // Timing to stderr: the table on stdout is the same for the same command.
    errln!(
        "{}",
        crate::voice::timing(r.a.games(), "game", "games", r.elapsed, r.cpu)
    );
    if let Some(path) = &args.chart {
        let chart = ludomat_chart::BarChart {
            title: format!(
                "{} games, {} vs {}, seed {}",
                r.a.games(),
                r.a_name,
                r.b_name,
                args.seed
            ),
            x_label: "result".into(),
            y_label: "games".into(),
            bars: vec![
                ("first mover wins".into(), r.by_seat.wins),
                ("second mover wins".into(), r.by_seat.losses),
                ("draws (board full)".into(), r.by_seat.draws),
            ],
            caption: crate::caption::made_by(),
        };
        ludomat_chart::bar_chart(&chart, path)
            .with_context(|| format!("writing {}", path.shown()))?;
        outln!("chart written to {}", path.shown());
    }
    if let Some(f) = &r.first_failure {
        outln!(
            "{} could not be finished; first: {f}",
            ludomat_io::text::count(r.failed, "game", "games")
        );
    }
    if r.stopped {
        return Err(crate::voice::stopped_tournament(r.played(), args.games).into());
    }
    Ok(())
}
