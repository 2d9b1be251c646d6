//! The terminal's face of a library long run (`ludomat_game::run`): an indicatif bar on
//! stderr fed by the run's progress reports, and Ctrl-C turned into the run's
//! cancellation flag for as long as the run lasts.

use std::time::Duration;

use crate::run::{Cancel, Progress, RunContext};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use ludomat_io::interrupt::Scope;

/// A progress bar for a run of `total` units (spinner when the total is unknown); hidden
/// when `quiet` or when stderr is not a terminal.
pub struct Bar {
    bar: ProgressBar,
    unit: String,
    /// The total when known (a run may learn it after it starts).
    total: std::cell::Cell<Option<u64>>,
    /// Units done before this run started (a resumed run): not counted in the rate.
    base: std::cell::Cell<u64>,
    /// The columns the line may take (the terminal's width, at most 200).
    width: usize,
    /// The columns the bar is drawn in now (its style is set again when this changes).
    bar_width: std::cell::Cell<usize>,
    /// Drawn as a stage ([`Bar::stage`]): no unit, no rate, no time left.
    staged: std::cell::Cell<bool>,
    /// The count when it last moved, and the run's time then: a time left already
    /// overrun while the count stands still (one long unit at the end) is no estimate.
    moved: std::cell::Cell<(u64, Duration)>,
    /// Whether a time left is said: not for units whose costs differ by orders of
    /// magnitude ([`Bar::without_eta`]).
    eta: bool,
}

/// The fewest columns the bar itself is drawn in; the counts and the message take the
/// rest, and a message too long for what is left is shortened (its note first).
const MIN_BAR: usize = 10;

impl Bar {
    /// A bar for `unit`s, `total` when known.
    pub fn new(unit: &str, total: Option<u64>, quiet: bool) -> Self {
        Self::on(unit, total, draw_target(quiet))
    }

    /// A bar for `unit`s, `total` when known, drawn on `target`.
    fn on(unit: &str, total: Option<u64>, target: ProgressDrawTarget) -> Self {
        let bar = ProgressBar::with_draw_target(total, target);
        bar.set_style(style(unit, total.map(|_| MIN_BAR), total));
        bar.enable_steady_tick(Duration::from_millis(250));
        Bar {
            bar,
            unit: unit.to_string(),
            total: std::cell::Cell::new(total),
            base: std::cell::Cell::new(0),
            // short of the width by room for the terminal's '^C' (see progress_width)
            width: ludomat_io::text::progress_width(),
            bar_width: std::cell::Cell::new(MIN_BAR),
            staged: std::cell::Cell::new(false),
            moved: std::cell::Cell::new((0, Duration::ZERO)),
            eta: true,
        }
    }

    /// The same bar without a time left: for runs whose units cost orders of magnitude
    /// apart (the 3D proof's positions, the hardest last; the logic bench's circuits), where
    /// the rate so far says nothing of the time left — it said `eta 3 s` with two minutes
    /// to go.
    #[must_use]
    pub fn without_eta(mut self) -> Self {
        self.eta = false;
        self
    }

    /// The run resumes with `done` units already done before it: the bar starts there,
    /// and the rate and the time left count only the units done in this run.
    pub fn resumed_at(&self, done: u64) {
        self.base.set(done);
        self.bar.set_position(done);
    }

    /// Take one progress report: position, total and a rate in whole units per second,
    /// plus `extra` (a short line of the partial result) when given.
    pub fn update<P>(&self, p: &Progress<P>, extra: Option<String>) {
        self.total_from(p);
        self.count(p.done, p.elapsed, extra);
    }

    /// A stage of the run outside its counted work (following a dictionary before the
    /// positions are counted, writing a certificate once every one is proved): the counts
    /// stay, and `text` — the stage and its clocks — takes the place of the rate and the
    /// time left, which would say nothing true there.
    pub fn stage<P>(&self, p: &Progress<P>, text: &str) {
        self.total_from(p);
        self.bar.set_position(p.done);
        // the bar is full or empty in a stage and the unit goes: its words get the room
        self.show(p.done, p.elapsed, 3, "", &|room| {
            let part = ludomat_io::text::fit_parts(text, room);
            if part.is_empty() {
                ludomat_io::text::fit(text, room)
            } else {
                part
            }
        });
    }

    /// The total a report gives, shown from the report that first gives it.
    fn total_from<P>(&self, p: &Progress<P>) {
        if let Some(t) = p.total {
            self.bar.set_length(t);
            if self.total.replace(Some(t)).is_none() {
                // the run has counted its work (e.g. the search's jobs): show the total
                self.bar
                    .set_style(style(&self.unit, Some(self.bar_width.get()), Some(t)));
            }
        }
    }

    /// Show `done` units after `elapsed` of this run, with the rate and, when the total is
    /// known, the time left at that rate (none until a unit of this run is done, never
    /// indicatif's guess from nothing); `extra` is a short line of the partial result. For
    /// runs that count on their own rather than report through a `RunContext`.
    pub fn count(&self, done: u64, elapsed: Duration, extra: Option<String>) {
        self.bar.set_position(done);
        let fresh = done.saturating_sub(self.base.get());
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 { fresh as f64 / secs } else { 0.0 };
        if done != self.moved.get().0 {
            self.moved.set((done, elapsed));
        }
        let still = elapsed.saturating_sub(self.moved.get().1);
        let eta = match self.total.get() {
            None => String::new(),
            Some(_) if !self.eta => String::new(),
            Some(t) if fresh > 0 && rate > 0.0 => {
                let left = Duration::from_secs_f64(t.saturating_sub(done) as f64 / rate);
                if still > left + Duration::from_secs(1) {
                    // overrun: the units left take longer than the ones done
                    "  eta —".to_string()
                } else {
                    format!("  eta {}", format_duration(left))
                }
            }
            Some(_) => "  eta —".to_string(),
        };
        // nothing done yet in this run: no rate measured (`docs/VOICE.md`), not `0/s`
        let rate = if fresh == 0 {
            "—/s".to_string()
        } else {
            format!("{}/s", format_rate(rate))
        };
        self.show(done, elapsed, MIN_BAR, &self.unit, &|room| {
            ludomat_io::text::fit_note(&rate, extra.as_deref(), &eta, room)
        });
    }

    /// Draw `done` units after `elapsed` with the message `message` makes for the columns
    /// the counts (with `unit`, or none) and a bar of `min_bar` columns leave.
    fn show(
        &self,
        done: u64,
        elapsed: Duration,
        min_bar: usize,
        unit: &str,
        message: &dyn Fn(usize) -> String,
    ) {
        let staged = unit.is_empty();
        if staged != self.staged.replace(staged) {
            // a stage's style, or back to the counted work's
            self.bar_width.set(0);
            if self.total.get().is_none() {
                self.bar.set_style(style(unit, None, None));
            }
        }
        // the columns the counts take beside the message: ` done/total unit  ` after the
        // bar, or `⠁ done unit  elapsed  ` for a spinner
        let counts = match self.total.get() {
            // the count is padded to the total's width (style): the bar keeps its cells
            // as the count grows
            Some(t) => ludomat_io::text::width(&format!(
                " {}/{} {unit}  ",
                ludomat_io::text::thousands(t.max(done)),
                ludomat_io::text::thousands(t),
            )),
            None if staged => 2,
            None => ludomat_io::text::width(&format!(
                "⠁ {} {unit}  {}  ",
                ludomat_io::text::thousands(done),
                format_duration(elapsed)
            )),
        };
        let bar = if self.total.get().is_some() {
            min_bar
        } else {
            0
        };
        let room = self.width.saturating_sub(counts + bar);
        let message = message(room);
        if self.total.get().is_some() {
            // the bar takes what the counts and the message leave
            let fits = self
                .width
                .saturating_sub(counts + ludomat_io::text::width(&message))
                .max(min_bar);
            // the bar shrinks when the message needs it — by two columns more, kept for
            // the next digits — and grows back only by five columns or more: a rate's or a
            // clock's digits (`37/s`, `36.8/s`; `3.5 s`, `3.53 s`) do not make it jiggle
            let now = self.bar_width.get();
            let bar = if fits < now {
                fits.saturating_sub(2).max(min_bar)
            } else if fits < now + 5 {
                now
            } else {
                fits
            };
            if bar != self.bar_width.replace(bar) {
                self.bar.set_style(style(unit, Some(bar), self.total.get()));
            }
        } else {
            // the spinner's clock, in the words of every other time
            self.bar.set_prefix(format_duration(elapsed));
        }
        self.bar.set_message(message);
    }

    /// Print something above the bar (hidden while `f` runs).
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Remove the bar from the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Where every progress bar and spinner is drawn: standard error, as a terminal
/// [`PROGRESS_MARGIN`](ludomat_io::text::PROGRESS_MARGIN) columns narrower than it is
/// (indicatif pads every line to its target's width, so a target of the full width would
/// fill the last column and the terminal's `^C` would wrap); hidden when `quiet` or when
/// standard error is not a terminal.
#[must_use]
pub fn draw_target(quiet: bool) -> ProgressDrawTarget {
    let term = console::Term::buffered_stderr();
    if quiet || !term.is_term() {
        return ProgressDrawTarget::hidden();
    }
    ProgressDrawTarget::term_like_with_hz(
        Box::new(Narrowed(
            term,
            Default::default(),
            ludomat_io::interrupt::mark(),
        )),
        20,
    )
}

/// A spinner drawn on [`draw_target`] (hidden when standard error is not a terminal).
#[must_use]
pub fn spinner() -> ProgressBar {
    ProgressBar::with_draw_target(None, draw_target(false))
}

/// A terminal that says it is [`ludomat_io::text::PROGRESS_MARGIN`] columns narrower than
/// it is (and never wider than [`ludomat_io::text::terminal_width`]). Once a Ctrl-C or
/// SIGTERM is caught, its first draw clears the bar's line (and the echoed `^C` on it)
/// once, and nothing is drawn after: the bar never comes back over or after the lines
/// a stopped run prints.
#[derive(Debug)]
struct Narrowed<T>(T, std::sync::atomic::AtomicBool, u64);

impl<T: TermLike> Narrowed<T> {
    /// Whether to draw: no once a signal was caught; the first time, the line is cleared.
    fn drawing(&self) -> std::io::Result<bool> {
        if !ludomat_io::interrupt::signalled_since(self.2) {
            return Ok(true);
        }
        if !self.1.swap(true, std::sync::atomic::Ordering::SeqCst) {
            self.0.clear_line()?;
            self.0.flush()?;
            ludomat_io::interrupt::bar_cleared();
        }
        Ok(false)
    }
}

impl<T: TermLike> TermLike for Narrowed<T> {
    fn width(&self) -> u16 {
        let full = usize::from(self.0.width()).min(ludomat_io::text::terminal_width());
        u16::try_from(
            full.saturating_sub(ludomat_io::text::PROGRESS_MARGIN)
                .max(1),
        )
        .unwrap_or(1)
    }
    fn height(&self) -> u16 {
        self.0.height()
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        if !self.drawing()? {
            return Ok(());
        }
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        if !self.drawing()? {
            return Ok(());
        }
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        if !self.drawing()? {
            return Ok(());
        }
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        if !self.drawing()? {
            return Ok(());
        }
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        if !self.drawing()? {
            return Ok(());
        }
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        if !self.drawing()? {
            return Ok(());
        }
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        if !self.drawing()? {
            return Ok(());
        }
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        if !self.drawing()? {
            return Ok(());
        }
        self.0.flush()
    }
}

/// The bar's look: with a total (`bar` the bar's columns), a bar and "done/total";
/// without, a spinner, a count and the time so far.
fn style(unit: &str, bar: Option<usize>, total: Option<u64>) -> ProgressStyle {
    // The estimate of the time left is ours (in the message): none until a unit is done,
    // never indicatif's guess from nothing. The message is fitted to what the counts and
    // the shortest bar leave of the width (`ludomat_io::text::fit_note`), and the bar takes the rest, so the
    // line fits and nothing in it is cut by the terminal.
    // the count padded to the total's width, so it never takes the bar's cells
    let pos = total.map_or(0, |t| ludomat_io::text::thousands(t).len());
    let template = match (bar, unit) {
        // a stage (`Bar::stage`): the counts without a unit, or a spinner and its words
        (Some(columns), "") => {
            format!("{{bar:{columns}}} {{human_pos:>{pos}}}/{{human_len}}  {{msg}}")
        }
        (None, "") => "{spinner} {msg}".to_string(),
        (Some(columns), _) => {
            format!("{{bar:{columns}}} {{human_pos:>{pos}}}/{{human_len}} {unit}  {{msg}}")
        }
        (None, _) => format!("{{spinner}} {{human_pos}} {unit}  {{prefix}}  {{msg}}"),
    };
    ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// A rate in the one voice of `ludomat_io::text::number`: 949,423 (no decimals from 100
/// on), 3.25 (three significant digits below), — when there is none.
pub fn format_rate(rate: f64) -> String {
    if rate < 0.0 {
        return ludomat_io::text::number(f64::NAN);
    }
    ludomat_io::text::number(rate)
}

/// A time left in whole seconds, in the one voice of `ludomat_io::text::duration`:
/// 45 s, 3 min 05 s, 2 h 10 min.
pub fn format_duration(d: Duration) -> String {
    ludomat_io::text::duration(Duration::from_secs(d.as_secs()))
}

/// A context for a run of `total` units, cancelled by Ctrl-C (the first press; a second
/// kills as usual) for as long as the scope returned beside it lives, reporting to
/// `watch`.
pub fn context<'a, P>(
    unit: &'static str,
    total: Option<u64>,
    watch: &'a mut crate::run::Watcher<'a, P>,
) -> (RunContext<'a, P>, Scope) {
    let (cancel, scope) = ctrl_c_cancel();
    (
        RunContext::new(unit, total)
            .with_cancel(cancel)
            .watch(watch),
        scope,
    )
}

/// Run `run` with the next Ctrl-C caught: the `stop` it is given says yes from then on, so
/// a run that asks it stops early with what it has (the second Ctrl-C kills as usual).
pub fn until_ctrl_c<T>(run: impl FnOnce(&(dyn Fn() -> bool + Sync)) -> T) -> T {
    let _scope = ludomat_io::interrupt::catch();
    run(&|| ludomat_io::interrupt::requested().load(std::sync::atomic::Ordering::Relaxed))
}

/// A cancellation flag raised by the next Ctrl-C while the scope returned beside it lives.
pub fn ctrl_c_cancel() -> (Cancel, Scope) {
    let scope = ludomat_io::interrupt::catch();
    (
        Cancel::new().also_on(ludomat_io::interrupt::requested()),
        scope,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_short() {
        assert_eq!(format_rate(949_422.754_4), "949,423");
        assert_eq!(format_rate(3.25), "3.25");
        assert_eq!(format_rate(1234.0), "1,234");
        assert_eq!(format_rate(f64::NAN), "—");
        assert_eq!(format_rate(-1.0), "—");
        assert_eq!(format_duration(Duration::from_millis(45_700)), "45 s");
        assert_eq!(format_duration(Duration::from_secs(185)), "3 min 05 s");
        assert_eq!(format_duration(Duration::from_secs(7800)), "2 h 10 min");
    }

    #[test]
    fn a_stage_shows_its_words_instead_of_a_rate_and_a_time_left() {
        let bar = Bar::new("positions proved", None, true);
        let mut p = Progress {
            done: 682,
            total: Some(682),
            unit: "positions",
            elapsed: Duration::from_secs(9),
            last: false,
            partial: (),
        };
        bar.stage(&p, "writing the certificate: 9 s wall, 3.1 s CPU");
        assert_eq!(
            bar.bar.message(),
            "writing the certificate: 9 s wall, 3.1 s CPU"
        );
        assert_eq!(
            bar.bar.length(),
            Some(682),
            "the total a stage reports is shown"
        );
        // back in the counted work: the rate and the time left again
        p.done = 341;
        p.total = Some(1_000);
        bar.update(&p, None);
        assert!(
            bar.bar.message().contains("/s  eta "),
            "{}",
            bar.bar.message()
        );
    }

    #[test]
    fn the_time_left_counts_only_this_runs_work() {
        let bar = Bar::new("games", Some(10), true);
        bar.count(0, Duration::from_secs(30), None);
        assert_eq!(bar.bar.message(), "—/s  eta —");
        // resumed at 5 of 10: one game in 2 s leaves 4 games, 8 s
        bar.resumed_at(5);
        bar.count(6, Duration::from_secs(2), Some("last: 1".into()));
        assert_eq!(bar.bar.message(), "0.5/s  last: 1  eta 8 s");
        // no total: a rate, no time left
        let spinner = Bar::new("files", None, true);
        spinner.count(4, Duration::from_secs(2), None);
        assert_eq!(spinner.bar.message(), "2/s");
    }

    /// One long unit at the end (the 3D proof's hardest position alone): the count stands
    /// still past the time left its rate gave, and the bar says it has no estimate rather
    /// than `eta 0 s` for a minute.
    #[test]
    fn a_time_left_overrun_is_no_estimate() {
        let bar = Bar::new("positions proved", Some(100), true);
        bar.count(99, Duration::from_secs(10), None);
        assert!(
            bar.bar.message().ends_with("eta 0 s"),
            "{}",
            bar.bar.message()
        );
        bar.count(99, Duration::from_secs(11), None);
        assert!(
            bar.bar.message().ends_with("eta 0 s"),
            "{}",
            bar.bar.message()
        );
        bar.count(99, Duration::from_secs(40), None);
        assert!(
            bar.bar.message().ends_with("eta —"),
            "{}",
            bar.bar.message()
        );
        // the count moves again: an estimate again
        bar.count(100, Duration::from_secs(41), None);
        assert!(
            bar.bar.message().ends_with("eta 0 s"),
            "{}",
            bar.bar.message()
        );
    }

    /// A run of 10^12 instructions (`relay bench --max-steps 1e12`): its counts take most
    /// of the line, and the time left stays while the bar is far from its end.
    #[test]
    fn a_huge_total_keeps_its_time_left() {
        let bar = Bar::new("instructions", Some(1_000_000_000_000), true);
        bar.count(123_456_789, Duration::from_secs(3), None);
        assert!(bar.bar.message().contains("eta"), "{}", bar.bar.message());
    }

    #[test]
    fn the_whole_line_fits_the_width() {
        let bar = Bar::new("positions", Some(1_000_000), true);
        let note = "x".repeat(200);
        bar.count(999_999, Duration::from_secs(3), Some(note));
        // the count padded to the total's width
        let counts = "   999,999/1,000,000 positions  ".chars().count();
        let line = bar.bar_width.get() + counts + bar.bar.message().chars().count();
        assert_eq!(line, bar.width, "{}", bar.bar.message());
        assert!(bar.bar.message().contains("eta"), "{}", bar.bar.message());
        // the terminal's '^C' echo (two columns) and the cursor fit after the line, so
        // the clear at the end of a stopped run clears the bar (it was width - 1)
        let terminal = ludomat_io::text::terminal_width();
        assert!(line + 3 <= terminal, "{line} of {terminal} columns");
    }

    /// A terminal of 80 columns that keeps what is written to it.
    #[derive(Debug, Clone, Default)]
    struct Fake(std::sync::Arc<std::sync::Mutex<String>>);

    impl TermLike for Fake {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.write_str(&format!("{s}\n"))
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            if let Ok(mut w) = self.0.lock() {
                w.push_str(s);
            }
            Ok(())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            self.write_str("\r")
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// A rate whose digits change (`37/s`, `36.8/s`) does not move the bar's end.
    #[test]
    fn the_bar_does_not_jiggle_with_the_rate_s_digits() {
        let bar = Bar::new("positions proved", Some(1_172), true);
        bar.count(
            1_084,
            Duration::from_millis(29_297),
            Some("18.7 s CPU".into()),
        );
        let first = bar.bar_width.get();
        bar.count(
            1_084,
            Duration::from_millis(29_460),
            Some("18.8 s CPU".into()),
        );
        assert!(
            bar.bar.message().starts_with("36.8/s"),
            "{}",
            bar.bar.message()
        );
        let second = bar.bar_width.get();
        bar.count(
            1_085,
            Duration::from_millis(29_324),
            Some("18.9 s CPU".into()),
        );
        assert!(
            bar.bar.message().starts_with("37/s"),
            "{}",
            bar.bar.message()
        );
        assert_eq!(bar.bar_width.get(), second, "{first} {second}");
    }

    /// A clock gaining digits beside a rate (`3.5 s` → `3.53 s`, `102/s` → `97.2/s`: the
    /// newcomer's three frames drew 18, 17 and 16 cells) moves the bar's end once at most.
    #[test]
    fn the_bar_does_not_shrink_a_cell_a_frame() {
        let bar = Bar::new("positions proved", Some(1_483), true);
        let frames = [
            (547, 5_363, "3.5 s CPU"),
            (550, 5_446, "3.53 s CPU"),
            (552, 5_679, "3.59 s CPU"),
            (553, 5_689, "3.6 s CPU"),
            (556, 5_742, "3.61 s CPU"),
        ];
        let mut widths = Vec::new();
        for (done, ms, cpu) in frames {
            bar.count(done, Duration::from_millis(ms), Some(cpu.into()));
            widths.push(bar.bar_width.get());
        }
        widths.dedup();
        assert!(widths.len() <= 2, "{widths:?}");
    }

    /// The count is padded to the total's width, so the bar keeps its cells as the count
    /// widens (16/23 showed 15 of 22 cells, 17/23 14 of 20: the fill went backwards).
    #[test]
    fn the_count_keeps_the_total_s_width() {
        let fake = Fake::default();
        let target = || {
            ProgressDrawTarget::term_like(Box::new(Narrowed(fake.clone(), Default::default(), 0)))
        };
        let bar = Bar::on("candidates", Some(23), target());
        bar.count(9, Duration::from_secs(1), None);
        let at_9 = bar.bar_width.get();
        bar.bar.tick();
        // a rate and a time left of the same width (9/s, eta 1 s; 5/s, eta 2 s)
        bar.count(10, Duration::from_secs(2), None);
        bar.bar.tick();
        assert_eq!(bar.bar_width.get(), at_9);
        bar.finish();
        let written = fake.0.lock().map(|w| w.clone()).unwrap_or_default();
        assert!(written.contains("  9/23 candidates"), "{written:?}");
    }

    #[test]
    fn no_drawn_line_fills_the_terminal() {
        let fake = Fake::default();
        let target = || {
            ProgressDrawTarget::term_like(Box::new(Narrowed(fake.clone(), Default::default(), 0)))
        };
        // a bar with a long note, a spinner, and a wide bar of indicatif's own
        let bar = Bar::on("games", Some(1_000), target());
        bar.count(500, Duration::from_secs(2), Some("x ".repeat(100)));
        bar.bar.tick();
        bar.finish();
        let spinner = Bar::on("files", None, target());
        spinner.count(4, Duration::from_secs(2), None);
        spinner.bar.tick();
        spinner.finish();
        let wide = ProgressBar::with_draw_target(Some(10), target());
        wide.set_style(ProgressStyle::with_template("{wide_bar} {pos}  {wide_msg}").unwrap());
        wide.set_message("a note");
        wide.tick();
        let written = fake.0.lock().map(|w| w.clone()).unwrap_or_default();
        assert!(written.contains("500/1,000 games"), "{written:?}");
        assert!(written.contains("4 files"), "{written:?}");
        for line in written.split(['\n', '\r']) {
            let columns = ludomat_io::text::width(line);
            assert!(columns <= 77, "{columns} columns: {line:?}");
        }
        assert!(
            written
                .split(['\n', '\r'])
                .any(|l| ludomat_io::text::width(l) == 77),
            "indicatif pads to the narrowed width: {written:?}"
        );
    }
}
