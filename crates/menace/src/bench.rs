//! [`bench`]: how fast MENACE trains — fresh MENACEs under the rules given playing X
//! against a built-in [`Opponent`] on the flat tables ([`Menace::train_games`]), first on
//! one thread, then as independent runs on several threads at once; wall-clock and CPU
//! time for each. `ludomat menace bench` renders it.
//!
//! Seeds: the one-thread run is run 0 of the master seed, the parallel runs are runs
//! 1, 2, …; run `r` fills its MENACE from `derive(r, 0)` and seeds its opponent with
//! `derive(r, 1)` (`ludomat_game::seed::derive`), so the counts depend on the seed and
//! the rules only.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use ludomat_game::run::{cpu, Ended, RunContext};
use ludomat_game::{seed, Outcome, Player};
use serde::Serialize;

use crate::training::TICK_GAMES;
use crate::{Menace, Opponent, Rules};

/// The most games one benchmark run plays.
pub const MAX_BENCH_GAMES: u64 = 1_000_000_000;
/// The most parallel runs.
pub const MAX_BENCH_THREADS: usize = 256;

/// Who the benchmark's MENACE plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BenchOpponent {
    /// [`Opponent::Random`].
    Random,
    /// [`Opponent::Perfect`].
    Perfect,
    /// [`Opponent::Menace`] under the same rules.
    Menace,
}

impl BenchOpponent {
    /// Its name (`random`, `perfect`, `menace`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BenchOpponent::Random => "random",
            BenchOpponent::Perfect => "perfect",
            BenchOpponent::Menace => "menace",
        }
    }

    fn build(self, rules: Rules, seed: u64) -> Opponent {
        match self {
            BenchOpponent::Random => Opponent::random(seed),
            BenchOpponent::Perfect => Opponent::perfect(seed),
            BenchOpponent::Menace => Opponent::menace(rules, seed),
        }
    }
}

/// What to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BenchConfig {
    /// The rules of every MENACE (and of a MENACE opponent).
    pub rules: Rules,
    /// The opponent.
    pub against: BenchOpponent,
    /// Games per run, 1 ..= [`MAX_BENCH_GAMES`].
    pub games: u64,
    /// Parallel runs in the second measurement, 1 ..= [`MAX_BENCH_THREADS`].
    pub threads: usize,
    /// The master seed.
    pub seed: u64,
}

impl BenchConfig {
    /// Every game the benchmark plays: one run alone, then `threads` runs at once.
    #[must_use]
    pub fn total_games(&self) -> u64 {
        self.games
            .saturating_mul(1 + u64::try_from(self.threads).unwrap_or(u64::MAX - 1))
    }
}

/// One run's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RunResult {
    /// Games played.
    pub games: u64,
    /// MENACE's wins, draws, losses.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// CPU time of the thread that played them.
    pub cpu: Duration,
    /// Wall-clock time they took.
    pub wall: Duration,
}

/// A measurement: wall-clock time and the runs in it (for one run, the time of its
/// games; for runs at once, from the first thread's start to the last one's end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Measurement {
    /// The runs, one per thread.
    pub runs: Vec<RunResult>,
    /// Wall-clock time of the whole measurement.
    pub wall: Duration,
}

impl Measurement {
    /// Games in all runs.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.runs.iter().map(|r| r.games).sum()
    }

    /// CPU time of all runs. One run is one thread, timed on that thread over the span
    /// of its wall-clock time: its CPU time is clamped to the wall-clock time (one thread
    /// cannot use more CPU than time passed; the clocks' granularity can make a tiny run
    /// look so — `1 game in 33 µs wall, 692 µs CPU`).
    #[must_use]
    pub fn cpu(&self) -> Duration {
        let cpu: Duration = self.runs.iter().map(|r| r.cpu).sum();
        if self.runs.len() == 1 {
            cpu.min(self.wall)
        } else {
            cpu
        }
    }

    /// Games per second of wall-clock time.
    #[must_use]
    pub fn per_second(&self) -> f64 {
        self.games() as f64 / self.wall.as_secs_f64().max(1e-9)
    }

    /// Games per CPU-second.
    #[must_use]
    pub fn per_cpu_second(&self) -> f64 {
        self.games() as f64 / self.cpu().as_secs_f64().max(1e-9)
    }
}

/// The benchmark's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BenchReport {
    /// What was measured.
    pub config: BenchConfig,
    /// One run on the calling thread.
    pub single: Measurement,
    /// `threads` runs at once; `None` when cancelled before.
    pub parallel: Option<Measurement>,
}

/// Why the benchmark did not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BenchError(pub String);

/// The games of run `run`: a fresh MENACE against a fresh opponent, stopping early when
/// `stop` says so after a game.
fn bench_run(config: &BenchConfig, run: u64, mut stop: impl FnMut(u64) -> bool) -> RunResult {
    let mut m = Menace::new(config.rules, seed::derive(run, 0));
    let mut o = config.against.build(config.rules, seed::derive(run, 1));
    let mut wdl = [0u64; 3];
    let (t0, w0) = (cpu::thread(), Instant::now());
    let games = m.train_games(
        &mut o,
        config.games,
        |_| Player::First,
        |outcome, _| {
            let k = match outcome {
                Outcome::Win(Player::First) => 0,
                Outcome::Draw => 1,
                Outcome::Win(Player::Second) => 2,
            };
            wdl[k] += 1;
            let done = wdl[0] + wdl[1] + wdl[2];
            // Look at the context every TICK_GAMES games (a look costs a tenth of a game).
            if done.is_multiple_of(TICK_GAMES) && stop(done) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    RunResult {
        games,
        wins: wdl[0],
        draws: wdl[1],
        losses: wdl[2],
        cpu: cpu::thread().saturating_sub(t0),
        wall: w0.elapsed(),
    }
}

/// Measure: one run on this thread (progress reported to `ctx` game by game), then
/// `threads` runs at once (progress reported when they are done). Cancelling `ctx` stops
/// at the next game; what was measured so far is returned with [`Ended::Cancelled`].
///
/// # Errors
/// [`BenchError`] naming a setting out of range.
pub fn bench(
    config: BenchConfig,
    ctx: &mut RunContext<'_, ()>,
) -> Result<(BenchReport, Ended), BenchError> {
    if config.games == 0 || config.games > MAX_BENCH_GAMES {
        return Err(BenchError(format!(
            "games: {} is not between 1 and {MAX_BENCH_GAMES}",
            config.games
        )));
    }
    if config.threads == 0 || config.threads > MAX_BENCH_THREADS {
        return Err(BenchError(format!(
            "threads: {} is not between 1 and {MAX_BENCH_THREADS}",
            config.threads
        )));
    }
    config
        .rules
        .validate()
        .map_err(|e| BenchError(format!("rules: {e}")))?;
    let total = config.total_games();
    ctx.set_total(Some(total));
    let single = bench_run(&config, seed::derive(config.seed, 0), |done| {
        ctx.tick(done, || ()).is_break()
    });
    let single = Measurement {
        wall: single.wall,
        runs: vec![single],
    };
    if single.games() < config.games || ctx.cancelled() {
        ctx.finish(single.games(), ());
        let report = BenchReport {
            config,
            single,
            parallel: None,
        };
        return Ok((report, Ended::Cancelled));
    }
    ctx.report(config.games, ());
    let cancel = ctx.cancel().clone();
    let started = Instant::now();
    let runs: Vec<RunResult> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..config.threads)
            .map(|i| {
                let cancel = cancel.clone();
                let config = &config;
                s.spawn(move || {
                    bench_run(config, seed::derive(config.seed, 1 + i as u64), |_| {
                        cancel.is_cancelled()
                    })
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let parallel = Measurement {
        runs,
        wall: started.elapsed(),
    };
    let done = config.games + parallel.games();
    ctx.finish(done, ());
    let ended = if done < total {
        Ended::Cancelled
    } else {
        Ended::Finished
    };
    Ok((
        BenchReport {
            config,
            single,
            parallel: Some(parallel),
        },
        ended,
    ))
}

/// `ludomat menace bench`'s own options (the rules and the seed are the MENACE state
/// options'): with the cargo feature `clap`, the binary's flags.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct BenchOptions {
    /// (Ignored: the benchmark always trains fresh MENACEs and saves nothing.)
    #[cfg_attr(feature = "clap", arg(long, hide = true))]
    pub fresh: bool,
    /// Training games per run (1 to 1,000,000,000).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1_000_000, value_name = "N", value_parser = ludomat_game::count::count::<u64>(1, 1_000_000_000)))]
    pub games: u64,
    /// The opponent: random, perfect or menace (built-in fast players).
    #[cfg_attr(feature = "clap", arg(long, default_value = "random", value_parser = ["random", "perfect", "menace"]))]
    pub against: String,
    /// Parallel runs for the all-cores measurement (1 to 256; default: number of cores).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = ludomat_game::count::count::<u16>(1, ludomat_game::count::MAX_THREADS)))]
    pub threads: Option<u16>,
    /// No progress bar.
    #[cfg_attr(feature = "clap", arg(long))]
    pub quiet: bool,
}

impl BenchOptions {
    /// The benchmark these options ask for, under `rules` and `seed`: `threads` parallel
    /// runs, by default one per core.
    #[must_use]
    pub fn config(&self, rules: Rules, seed: u64) -> BenchConfig {
        BenchConfig {
            rules,
            against: match self.against.as_str() {
                "perfect" => BenchOpponent::Perfect,
                "menace" => BenchOpponent::Menace,
                _ => BenchOpponent::Random,
            },
            games: self.games,
            threads: self
                .threads
                .map(usize::from)
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                .max(1),
            seed,
        }
    }
}

impl BenchConfig {
    /// What is measured, said first.
    #[must_use]
    pub fn header(&self) -> String {
        let rules_name = match self.rules.preset() {
            Some(p) => format!("{p} rules"),
            None => format!(
                "{})",
                self.rules
                    .to_string()
                    .replacen("custom: ", "custom rules (", 1)
            ),
        };
        // every run is said: a stopped run's "of 3,000,000,000 games" counts them all
        let runs = 1 + self.threads as u64;
        let then = match self.threads {
            1 => "one again".to_string(),
            n => format!("{n} at once"),
        };
        format!(
            "MENACE training benchmark: {rules_name}, MENACE (X) against {}, {} per run, \
             one run alone, then {then} ({} in all), seed {} (fresh MENACE each run, \
             nothing saved)\n",
            self.against.name(),
            ludomat_io::text::count(self.games, "game", "games"),
            ludomat_io::text::count(runs.saturating_mul(self.games), "game", "games"),
            self.seed
        )
    }
}

impl BenchReport {
    /// The measurements, one a line: games per second and per CPU-second, runs, results
    /// (of the games played, when the run was stopped: the caller says so).
    #[must_use]
    pub fn text(&self) -> String {
        let line = |label: String, m: &Measurement| {
            let [w, d, l] = m.runs.iter().fold([0; 3], |t, r| {
                [t[0] + r.wins, t[1] + r.draws, t[2] + r.losses]
            });
            format!(
                "{label:<16}{:>11} games/s, {:>11} games per CPU-second\n{:16}{}, {}: {}\n\
                 {:16}{}\n",
                ludomat_io::text::number(m.per_second()),
                ludomat_io::text::number(m.per_cpu_second()),
                "",
                ludomat_io::text::count(m.runs.len() as u64, "run", "runs"),
                ludomat_io::text::count(m.games(), "game", "games"),
                ludomat_io::text::wall_and_cpu(m.wall, m.cpu()),
                "",
                ludomat_io::text::results(w, d, l)
            )
        };
        let mut out = line("1 thread:".into(), &self.single);
        if let Some(p) = &self.parallel {
            let label = match self.config.threads {
                1 => "1 thread, again:".to_string(),
                n => format!("{} threads:", ludomat_io::text::thousands(n as u64)),
            };
            out += &line(label, p);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Preset;

    fn config(rules: Rules, threads: usize) -> BenchConfig {
        BenchConfig {
            rules,
            against: BenchOpponent::Perfect,
            games: 2_000,
            threads,
            seed: 3,
        }
    }

    /// One thread's CPU time is never said above its wall-clock time.
    #[test]
    fn one_threads_cpu_is_never_above_its_wall_time() {
        let run = |cpu_us: u64, wall_us: u64| RunResult {
            games: 1,
            wins: 1,
            draws: 0,
            losses: 0,
            cpu: Duration::from_micros(cpu_us),
            wall: Duration::from_micros(wall_us),
        };
        let one = Measurement {
            runs: vec![run(692, 33)],
            wall: Duration::from_micros(33),
        };
        assert_eq!(one.cpu(), Duration::from_micros(33));
        // several threads may use more CPU than wall-clock time
        let two = Measurement {
            runs: vec![run(692, 33), run(10, 33)],
            wall: Duration::from_micros(33),
        };
        assert_eq!(two.cpu(), Duration::from_micros(702));
    }

    #[test]
    fn the_rules_given_are_the_rules_run() {
        let mut ctx = RunContext::new("games", None);
        let (seed, _) = bench(config(Rules::source(), 1), &mut ctx).unwrap();
        let (michie, _) = bench(config(Preset::Michie.rules(), 1), &mut ctx).unwrap();
        assert_eq!(michie.config.rules, Preset::Michie.rules());
        assert_ne!(
            seed.single.runs, michie.single.runs,
            "michie's counts differ"
        );
        // The same run trained by hand under Michie's rules gives the same counts.
        let mut m = Menace::new(Preset::Michie.rules(), seed::derive(seed::derive(3, 0), 0));
        let mut o = Opponent::perfect(seed::derive(seed::derive(3, 0), 1));
        let mut losses = 0;
        for _ in 0..2_000 {
            if m.train_game(&mut o, Player::First) == Outcome::Win(Player::Second) {
                losses += 1;
            }
        }
        assert_eq!(michie.single.runs[0].losses, losses);
        assert_eq!(michie.parallel.map(|p| p.games()), Some(2_000));
    }

    #[test]
    fn bad_settings_are_refused_and_cancel_stops() {
        let mut ctx = RunContext::new("games", None);
        let mut c = config(Rules::source(), 0);
        assert!(bench(c, &mut ctx).unwrap_err().0.contains("threads: 0"));
        c.threads = 1;
        c.games = 0;
        assert!(bench(c, &mut ctx).unwrap_err().0.contains("games: 0"));
        let cancel = ludomat_game::run::Cancel::new();
        cancel.cancel();
        let mut ctx = RunContext::new("games", None).with_cancel(cancel);
        let (r, ended) = bench(config(Rules::source(), 2), &mut ctx).unwrap();
        assert_eq!(ended, Ended::Cancelled);
        assert_eq!(
            r.single.games(),
            TICK_GAMES,
            "stops within the games between two looks at the context"
        );
        assert!(r.parallel.is_none());
    }
}
