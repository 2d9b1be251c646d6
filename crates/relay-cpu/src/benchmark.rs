//! Emulated instructions per second ([`bench`], `ludomat relay bench`): a program run for
//! a number of instructions on the fast loop, as a long run (`ludomat_game::run`) that
//! reports its progress, stops at a safe point when cancelled, and measures wall-clock
//! and CPU time.
//!
//! The program is usually `programs/relay/busy.asm`, which never stops; a program that
//! halts is started again with the panel's Start button, so the count always reaches the
//! budget unless the program runs into a reserved word.

use std::time::{Duration, Instant};

use ludomat_game::run::{cpu, Ended, RunContext};
use serde::Serialize;

use crate::machine::{Machine, Stop};
use crate::memory::Rom;

/// Instructions per call of the fast loop between progress reports (about 13 ms at
/// 1.3 G instructions per second).
pub const SLICE: u64 = 1 << 24;

/// What the run has done so far: the partial result a watcher is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BenchProgress {
    /// Instructions executed.
    pub instructions: u64,
    /// Clock ticks they take on the real machine.
    pub ticks: u64,
    /// Characters the teletype printed.
    pub printed: usize,
    /// Where the program is.
    pub pc: u8,
}

/// What a benchmark run did, and how long it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchReport {
    /// Why the last call of the loop returned: [`Stop::StepLimit`] when the budget was
    /// used up, [`Stop::Reserved`] when the program ran into a reserved word.
    pub stop: Stop,
    /// The machine's counters and teletype at the end.
    pub progress: BenchProgress,
    /// Wall-clock time of the run.
    pub wall: Duration,
    /// CPU time of the thread that ran it.
    pub cpu: Duration,
}

impl BenchReport {
    /// Instructions per second of wall-clock time.
    #[must_use]
    pub fn rate(&self) -> f64 {
        per_second(self.progress.instructions, self.wall)
    }

    /// Instructions per second of CPU time (`None` when the platform gave no CPU time).
    #[must_use]
    pub fn cpu_rate(&self) -> Option<f64> {
        (!self.cpu.is_zero()).then(|| per_second(self.progress.instructions, self.cpu))
    }
}

fn per_second(n: u64, t: Duration) -> f64 {
    n as f64 / t.as_secs_f64().max(1e-9)
}

fn progress(m: &Machine) -> BenchProgress {
    BenchProgress {
        instructions: m.steps(),
        ticks: m.ticks(),
        printed: m.teletype().printed().len(),
        pc: m.pc(),
    }
}

/// Run `rom` for `max_steps` instructions, in slices of [`SLICE`], reporting progress to
/// `ctx` after each (unit: instructions). A `HALT` is answered with Start. Cancelled, it
/// returns what it measured so far.
pub fn bench(
    rom: Rom,
    max_steps: u64,
    ctx: &mut RunContext<'_, BenchProgress>,
) -> (BenchReport, Ended) {
    let mut m = Machine::new(rom);
    let (start, cpu_start) = (Instant::now(), cpu::thread());
    let mut ended = Ended::Finished;
    let stop = loop {
        let stop = m.run((max_steps - m.steps()).min(SLICE));
        let more = m.steps() < max_steps;
        match stop {
            Stop::Halted if more => m.press_start(),
            Stop::StepLimit if more => {}
            _ => break stop,
        }
        if ctx.tick(m.steps(), || progress(&m)).is_break() {
            ended = Ended::Cancelled;
            break stop;
        }
    };
    let report = BenchReport {
        stop,
        progress: progress(&m),
        wall: start.elapsed(),
        cpu: cpu::thread().saturating_sub(cpu_start),
    };
    ctx.finish(m.steps(), report.progress);
    (report, ended)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roms;
    use ludomat_game::run::{Cancel, Progress};

    fn busy() -> Rom {
        Rom::standard(&roms::busy_words()).unwrap()
    }

    #[test]
    fn counts_exactly_and_reports_monotone_progress() {
        let mut seen = Vec::new();
        let mut watch = |p: &Progress<BenchProgress>| seen.push((p.done, p.last, p.partial));
        let mut ctx = RunContext::new("instructions", Some(3 * SLICE + 5))
            .every(Duration::ZERO)
            .watch(&mut watch);
        let (r, ended) = bench(busy(), 3 * SLICE + 5, &mut ctx);
        drop(ctx);
        assert_eq!(ended, Ended::Finished);
        assert_eq!(r.stop, Stop::StepLimit);
        assert_eq!(r.progress.instructions, 3 * SLICE + 5);
        assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0), "{seen:?}");
        assert_eq!(seen.last().map(|s| (s.0, s.1)), Some((3 * SLICE + 5, true)));
        assert_eq!(seen.last().map(|s| s.2), Some(r.progress));
        // The same machine run in one go.
        let mut m = Machine::new(busy());
        m.run(3 * SLICE + 5);
        assert_eq!((m.ticks(), m.pc()), (r.progress.ticks, r.progress.pc));
    }

    #[test]
    fn cancel_returns_what_was_done() {
        let cancel = Cancel::new();
        cancel.cancel();
        let mut ctx = RunContext::new("instructions", Some(1 << 40)).with_cancel(cancel);
        let (r, ended) = bench(busy(), 1 << 40, &mut ctx);
        assert_eq!(ended, Ended::Cancelled);
        assert_eq!(
            r.progress.instructions, SLICE,
            "one slice, then the safe point"
        );
    }

    #[test]
    fn a_halting_program_is_started_again() {
        let rom = Rom::standard(&crate::assemble("HALT\nJMP 0").unwrap().words).unwrap();
        let (r, _) = bench(rom, 1001, &mut RunContext::new("instructions", None));
        assert_eq!((r.stop, r.progress.instructions), (Stop::Halted, 1001));
        let rom = Rom::standard(&[0x0800]).unwrap();
        let (r, _) = bench(rom, 10, &mut RunContext::new("instructions", None));
        assert!(matches!(r.stop, Stop::Reserved { addr: 0, .. }), "{r:?}");
        assert_eq!(r.progress.instructions, 0);
    }
}
