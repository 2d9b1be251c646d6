//! Ctrl-C, scoped to what runs. A game, a long run and the server each install their own
//! handling and get a [`Scope`] back; when the scope ends (however the game or run ends:
//! its own `q`, the end of input, an error, Ctrl-C) the handling that was there before
//! comes back and a press not yet seen is forgotten. So the menu, which runs entry after
//! entry in one process, never inherits a handler from an entry that has ended.
//!
//! - In a game, Ctrl-C at a prompt ends the input: the game stops as at end of input,
//!   with its score so far ([`end_input_on_ctrl_c`]).
//! - In a long run, the first press asks the run to stop at the next safe point (after
//!   the game in progress), so it can save and print what it has ([`catch_into`]).
//! - The server stops on Ctrl-C or SIGTERM ([`stop_on_ctrl_c_or_term`]).
//!
//! In each, the second press ends the process as usual (the handlers are one-shot).
//!
//! Before any of them, from the first line of `main` ([`catch_early`]), a Ctrl-C or
//! SIGTERM in the command's first seconds is held for the first scope: a run stopped while
//! it starts says its stop line as it does later, and a signal no scope takes ends the
//! process as it would have.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);
static LAST_SIGNAL: AtomicI32 = AtomicI32::new(0);
/// The line break after the echoed `^C` of [`LAST_SIGNAL`] was given ([`after_echo`]).
static ECHO_BROKEN: AtomicBool = AtomicBool::new(false);
/// When the last signal was caught, on the monotonic clock in nanoseconds (0: none).
static SIGNAL_AT: AtomicU64 = AtomicU64::new(0);

/// The monotonic clock, nanoseconds (what `Instant` reads on Linux); async-signal-safe.
#[cfg(unix)]
fn monotonic_ns() -> u64 {
    // SAFETY: clock_gettime writes one timespec it is given; async-signal-safe (POSIX).
    let ts = unsafe {
        let mut ts: libc::timespec = std::mem::zeroed();
        libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts);
        ts
    };
    (ts.tv_sec as u64)
        .saturating_mul(1_000_000_000)
        .saturating_add(ts.tv_nsec as u64)
}

/// The time since the last Ctrl-C or SIGTERM was caught, from the moment it arrived (not
/// when a loop noticed it: a busy server notices late), if one was.
#[must_use]
pub fn since_signal() -> Option<std::time::Duration> {
    #[cfg(unix)]
    {
        let at = SIGNAL_AT.load(Ordering::SeqCst);
        (at > 0).then(|| std::time::Duration::from_nanos(monotonic_ns().saturating_sub(at)))
    }
    #[cfg(not(unix))]
    None
}
/// Standard input was interrupted (Ctrl-C at a prompt): see [`interrupt_input`].
static INPUT_INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// The last end of input a read reported was Ctrl-C's: see [`input_ended_by_ctrl_c`].
static ENDED_BY_CTRL_C: AtomicBool = AtomicBool::new(false);
/// The signal caught by [`catch_early`]'s handler before any scope began (0: none).
static EARLY: AtomicI32 = AtomicI32::new(0);
/// [`catch_early`]'s handler is in place.
static EARLY_ON: AtomicBool = AtomicBool::new(false);
/// When [`catch_early`] began, in nanoseconds of the monotonic clock.
static EARLY_SINCE: AtomicU64 = AtomicU64::new(0);
/// How long a signal is held for a scope to come: a command's start. Later, a command
/// that has no scope (a protocol loop on standard input) ends of the signal as it would.
const HOLD_NS: u64 = 2_000_000_000;

/// The signals a long run catches to stop at its next safe point, save and say its stop
/// line: Ctrl-C (SIGINT), SIGTERM, SIGHUP (the terminal was closed: what was done is
/// saved though nobody may read the line) and Ctrl-\\ (SIGQUIT: a stop, not a core dump
/// that would lose the work). Each ends the process with 128 + its number, as a shell
/// reports a process the signal ended.
#[cfg(unix)]
const STOPPING: [libc::c_int; 4] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT];

/// Whether `signal` is ignored and must stay so: SIGHUP under `nohup` (the run must outlive
/// its terminal) and SIGQUIT when the parent ignores it. (SIGINT and SIGTERM are caught
/// as before.)
#[cfg(unix)]
fn left_ignored(signal: libc::c_int) -> bool {
    if signal != libc::SIGHUP && signal != libc::SIGQUIT {
        return false;
    }
    // SAFETY: reading the current disposition into a zeroed structure.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

#[cfg(unix)]
extern "C" fn on_early_signal(signal: libc::c_int) {
    // Only atomics, the clock and raise: async-signal-safe.
    if monotonic_ns().saturating_sub(EARLY_SINCE.load(Ordering::SeqCst)) > HOLD_NS {
        // past the start: the default handling (SA_RESETHAND put it back) ends the process
        // once this handler returns
        // SAFETY: raise is async-signal-safe.
        unsafe {
            libc::raise(signal);
        }
        return;
    }
    if let Some(late) = hold(&EARLY, &EARLY_ON, signal) {
        // the hold ended while this handler ran on another thread, after the scope had
        // looked for a held signal: given again, to the handling there now (the scope's,
        // or the default, which ends the process), once this handler returns
        // SAFETY: raise is async-signal-safe.
        unsafe {
            libc::raise(late);
        }
    }
}

/// Hold `signal` in `early` for the first scope; the signal back when the hold has ended
/// meanwhile (`on` false) and no scope took it from `early`: the scope's look
/// ([`end_early`]: `on` cleared, then `early` taken) and this hand-over take it exactly
/// once between them, whichever thread runs which first (a signal caught on another
/// thread just as the first scope begins was lost so, and its run went on).
#[cfg(unix)]
fn hold(early: &AtomicI32, on: &AtomicBool, signal: i32) -> Option<i32> {
    early.store(signal, Ordering::SeqCst);
    if on.load(Ordering::SeqCst) {
        return None;
    }
    match early.swap(0, Ordering::SeqCst) {
        0 => None,
        late => Some(late),
    }
}

/// Hold the next Ctrl-C or SIGTERM until the command's first [`Scope`] begins (at the
/// start of `main`, before any command work): the scope gets it as if it came then (a
/// run stops at once with its stop line), or, when it does not take that signal, the
/// process ends of it as it would have. Without a scope, [`settle_early`] at the end of
/// `main` ends it so.
pub fn catch_early() {
    #[cfg(unix)]
    EARLY_SINCE.store(monotonic_ns(), Ordering::SeqCst);
    #[cfg(unix)]
    for signal in STOPPING.into_iter().filter(|&s| !left_ignored(s)) {
        // SAFETY: the handler only stores to an atomic; the structure is zeroed and filled.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_early_signal as *const () as libc::sighandler_t;
            action.sa_flags = libc::SA_RESETHAND | libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
    EARLY_ON.store(true, Ordering::SeqCst);
}

/// End [`catch_early`]'s holding: the default handling is back, and the signal held, if
/// one was, is returned.
fn end_early() -> Option<i32> {
    #[cfg(unix)]
    if EARLY_ON.swap(false, Ordering::SeqCst) {
        for signal in STOPPING.into_iter().filter(|&s| !left_ignored(s)) {
            // SAFETY: setting the default disposition.
            unsafe {
                libc::signal(signal, libc::SIG_DFL);
            }
        }
    }
    match EARLY.swap(0, Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// Deliver again a signal [`catch_early`] held, now that it can be handled (or, with the
/// default handling, ends the process as the signal does).
fn deliver(signal: Option<i32>) {
    #[cfg(unix)]
    if let Some(signal) = signal {
        // SAFETY: raising a signal on this thread; its handler (or the default) runs.
        unsafe {
            libc::raise(signal);
        }
    }
    #[cfg(not(unix))]
    let _ = signal;
}

/// At the end of `main`: a signal [`catch_early`] held that no scope took ends the process
/// as it would have; none held, nothing happens.
pub fn settle_early() {
    deliver(end_early());
}

/// Mark standard input as interrupted (Ctrl-C): a read of standard input
/// ([`crate::read::stdin_line`]) that the signal interrupts, or the next one, returns end
/// of input, so every game ends the way it does at end of input — with its score so far.
/// Only an atomic store: safe to call from a signal handler (installed without
/// `SA_RESTART`, so the blocked read returns).
pub fn interrupt_input() {
    INPUT_INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Forget an interruption of standard input not yet seen by a read: the game that was
/// interrupted has ended, and what reads standard input next (the menu's prompt) must wait
/// for a line. Returns whether there was one.
pub fn clear_interrupt() -> bool {
    ENDED_BY_CTRL_C.store(false, Ordering::SeqCst);
    INPUT_INTERRUPTED.swap(false, Ordering::SeqCst)
}

/// Whether standard input was interrupted since the last look (and forget it): what the
/// line reader of standard input asks between reads. A yes is remembered for
/// [`input_ended_by_ctrl_c`].
pub fn take_input_interrupt() -> bool {
    let interrupted = INPUT_INTERRUPTED.swap(false, Ordering::SeqCst);
    if interrupted {
        ENDED_BY_CTRL_C.store(true, Ordering::SeqCst);
    }
    interrupted
}

/// Whether the end of input a read just reported was Ctrl-C at the prompt rather than
/// the real end of input (and forget it): a game says "stopped by Ctrl-C", not "input
/// ended".
pub fn input_ended_by_ctrl_c() -> bool {
    ENDED_BY_CTRL_C.swap(false, Ordering::SeqCst)
}

static STOPPED_AT_A_PROMPT: AtomicBool = AtomicBool::new(false);

/// Note that a game was left by Ctrl-C at its prompt (after saying so in its own line,
/// `Stopped by Ctrl-C; game abandoned.`): the process then ends with status 130, as every
/// Ctrl-C does ([`crate::out::finish`]), so a script tells it from a game played to its end.
pub fn note_stopped_at_a_prompt() {
    STOPPED_AT_A_PROMPT.store(true, Ordering::SeqCst);
}

/// Whether a game of this process was left by Ctrl-C at its prompt
/// ([`note_stopped_at_a_prompt`]).
#[must_use]
pub fn stopped_at_a_prompt() -> bool {
    STOPPED_AT_A_PROMPT.load(Ordering::SeqCst)
}

/// A long run stopped by Ctrl-C that has printed (and saved) what it had: `main` prints
/// its one line last, on standard error, and ends with status 130 (128 + SIGINT, what a
/// shell reports for a process that Ctrl-C ended). Every long run says it in these words:
/// `Stopped by Ctrl-C after 2,128,192 of 1,000,000,000 games; MENACE is saved with them.`
///
/// A run stopped by SIGTERM (which a long run catches the same way, so that it saves,
/// prints what it has and ends the engines it started) says `Stopped by SIGTERM …` and
/// ends with status 143 (128 + SIGTERM).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Stopped(String, u8);

/// The words of the signal that stopped the run (`Ctrl-C`, `SIGTERM`), and the status the
/// process ends with.
fn stopped_by() -> (&'static str, u8) {
    #[cfg(unix)]
    return said_as(LAST_SIGNAL.load(Ordering::SeqCst));
    #[cfg(not(unix))]
    ("Ctrl-C", 130)
}

/// A stopping signal's words and the status it ends the process with (128 + its number).
#[cfg(unix)]
fn said_as(signal: libc::c_int) -> (&'static str, u8) {
    match signal {
        libc::SIGTERM => ("SIGTERM", 143),
        libc::SIGHUP => ("SIGHUP", 129),
        libc::SIGQUIT => ("Ctrl-\\", 131),
        _ => ("Ctrl-C", 130),
    }
}

impl Stopped {
    /// Stopped after `done` of `total` units (`unit`: the noun for one and for many),
    /// then what was kept: `Stopped by Ctrl-C after 2,128,192 of 1,000,000,000 games;
    /// the table above is theirs.` Without a total: `after 1,234 games; …`.
    #[must_use]
    pub fn after(done: u64, total: Option<u64>, unit: (&str, &str), kept: &str) -> Self {
        let counted = match total {
            Some(total) => format!(
                "{} of {}",
                crate::text::thousands(done),
                crate::text::count(total, unit.0, unit.1)
            ),
            None => crate::text::count(done, unit.0, unit.1),
        };
        let (by, status) = stopped_by();
        Stopped(format!("Stopped by {by} after {counted}; {kept}."), status)
    }

    /// Stopped where nothing is counted: `Stopped by Ctrl-C; {kept}.`
    #[must_use]
    pub fn with(kept: &str) -> Self {
        let (by, status) = stopped_by();
        Stopped(format!("Stopped by {by}; {kept}."), status)
    }

    /// Stopped while doing something that counts nothing (a wait): `Stopped by Ctrl-C
    /// while {doing}; {kept}.`
    #[must_use]
    pub fn during(doing: &str, kept: &str) -> Self {
        let (by, status) = stopped_by();
        Stopped(format!("Stopped by {by} while {doing}; {kept}."), status)
    }

    /// The line as it is said on standard error: on a line of its own after the
    /// terminal's echoed `^C` ([`after_echo`]), wrapped at its words to the terminal's
    /// width. Every stop line is said so (`main`'s, and [`Stopped::end_process`]'s).
    #[must_use]
    pub fn said(&self) -> String {
        let wrapped = crate::layout::wrap_hanging(&self.0, crate::text::terminal_width());
        format!("{}{}", after_echo(), wrapped.trim_end())
    }

    /// What a stopped measurement keeps: `kept` (`the figures above are theirs`) once
    /// `done` is more than 0; none done, that none had finished (there are no figures
    /// above to point at).
    #[must_use]
    pub fn figures(done: u64, kept: &str) -> &str {
        if done == 0 {
            "none had finished, so there are no figures"
        } else {
            kept
        }
    }

    /// [`Stopped::figures`] of a measurement whose figures are printed above the line.
    #[must_use]
    pub fn theirs(done: u64) -> &'static str {
        Self::figures(done, "the figures above are theirs")
    }

    /// [`Stopped::theirs`] of a measurement whose chart was not drawn (`undrawn`: no run
    /// had finished that it would show), which says so too.
    #[must_use]
    pub fn theirs_undrawn(done: u64, undrawn: bool) -> &'static str {
        match (done, undrawn) {
            (_, false) => Self::theirs(done),
            (0, true) => "none had finished, so there are no figures and no chart",
            (_, true) => {
                "the figures above are theirs; none had finished that a chart shows, \
                          so there is no chart"
            }
        }
    }

    /// The line, as `main` prints it.
    #[must_use]
    pub fn line(&self) -> &str {
        &self.0
    }

    /// The status the process ends with: 130 after Ctrl-C, 143 after SIGTERM.
    #[must_use]
    pub fn status(&self) -> u8 {
        self.1
    }
}

/// The flag the first Ctrl-C of a [`catch`] scope raises: a run's cancellation reads it
/// (`ludomat_game::run::Cancel::also_on`).
#[must_use]
pub fn requested() -> &'static AtomicBool {
    &REQUESTED
}

/// Handling of Ctrl-C (and, for the server, SIGTERM) installed for as long as this value
/// lives; dropping it puts back what was there before and forgets a press not yet seen.
#[must_use = "the handling ends when the scope is dropped"]
pub struct Scope {
    #[cfg(unix)]
    previous: Vec<(libc::c_int, libc::sigaction)>,
}

impl std::fmt::Debug for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupt::Scope")
    }
}

impl Scope {
    /// Keep the current handling of Ctrl-C and SIGTERM, to put it back at the end of the
    /// scope whatever the code inside installs (the menu wraps each entry in one).
    pub fn keep() -> Self {
        deliver(end_early());
        #[cfg(unix)]
        {
            let mut previous = Vec::new();
            for signal in STOPPING {
                // SAFETY: reading the current disposition into a zeroed structure.
                unsafe {
                    let mut old: libc::sigaction = std::mem::zeroed();
                    if libc::sigaction(signal, std::ptr::null(), &mut old) == 0 {
                        previous.push((signal, old));
                    }
                }
            }
            Scope { previous }
        }
        #[cfg(not(unix))]
        Scope {}
    }

    /// Install `handler` for each of `signals`, one-shot (`SA_RESETHAND`: the next press
    /// kills as usual); `restart` restarts a read the signal interrupts.
    #[cfg(unix)]
    fn install(
        signals: &[libc::c_int],
        handler: extern "C" fn(libc::c_int),
        restart: bool,
    ) -> Self {
        let early = end_early();
        REQUESTED.store(false, Ordering::SeqCst);
        LAST_SIGNAL.store(0, Ordering::SeqCst);
        ECHO_BROKEN.store(false, Ordering::SeqCst);
        SIGNAL_AT.store(0, Ordering::SeqCst);
        let mut previous = Vec::new();
        for &signal in signals.iter().filter(|&&s| !left_ignored(s)) {
            // SAFETY: the handlers only store to atomics, which is async-signal-safe; the
            // structures are zeroed and then filled with valid values.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler as libc::sighandler_t;
                action.sa_flags = libc::SA_RESETHAND | if restart { libc::SA_RESTART } else { 0 };
                libc::sigemptyset(&mut action.sa_mask);
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, &action, &mut old) == 0 {
                    previous.push((signal, old));
                }
            }
        }
        // a signal held since the start comes now, to this scope's handler (or ends the
        // process when this scope does not take it)
        deliver(early);
        Scope { previous }
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        #[cfg(unix)]
        for (signal, old) in self.previous.iter().rev() {
            // SAFETY: `old` is the disposition the kernel gave back when the scope began.
            unsafe {
                libc::sigaction(*signal, old, std::ptr::null_mut());
            }
        }
        // LAST_SIGNAL is kept: a run builds its `Stopped` after its scope ended, and must
        // still say which signal stopped it (the next scope forgets it).
        REQUESTED.store(false, Ordering::SeqCst);
        clear_interrupt();
    }
}

#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    // Only atomic stores and the clock: async-signal-safe.
    SIGNAL_AT.store(monotonic_ns().max(1), Ordering::SeqCst);
    LAST_SIGNAL.store(signal, Ordering::SeqCst);
    ECHO_BROKEN.store(false, Ordering::SeqCst);
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Catch the next Ctrl-C (SIGINT) or SIGTERM instead of dying of it, for as long as the
/// scope lives; the one after kills as usual. For a long loop that polls a flag: a
/// SIGTERM stops it as Ctrl-C does, so what it saves is saved and the engines it started
/// are ended, never left behind.
pub fn catch() -> Scope {
    #[cfg(unix)]
    return Scope::install(&STOPPING, on_signal, true);
    #[cfg(not(unix))]
    Scope::keep()
}

/// For the server: the next Ctrl-C or SIGTERM is caught (see [`stopping`]); the one after
/// kills as usual.
pub fn stop_on_ctrl_c_or_term() -> Scope {
    #[cfg(unix)]
    return Scope::install(&[libc::SIGINT, libc::SIGTERM], on_signal, true);
    #[cfg(not(unix))]
    Scope::keep()
}

/// What goes before the first line said because of a signal (the stop line, the lines a
/// stopped run prints before it, the server's "stopping"): a line break when standard
/// error is a terminal and the signal was a Ctrl-C, whose `^C` the terminal has echoed
/// where the cursor was (the line ran on from it: `^CStopped by Ctrl-C …`); nothing
/// otherwise. Given once a signal: the lines after the first are on fresh lines already,
/// so whichever line comes first — a run's last lines, or the stop line itself — takes it,
/// and the stop line after them has no empty line before it.
#[must_use]
pub fn after_echo() -> &'static str {
    #[cfg(unix)]
    return echo_once(libc::STDERR_FILENO);
    #[cfg(not(unix))]
    ""
}

/// [`after_echo`] for a line on standard output (a stopped run's header or last lines):
/// the break is given only when standard output is the terminal (a file or a pipe has no
/// `^C` in it).
#[must_use]
pub fn after_echo_out() -> &'static str {
    #[cfg(unix)]
    return echo_once(libc::STDOUT_FILENO);
    #[cfg(not(unix))]
    ""
}

#[cfg(unix)]
fn echo_once(fd: libc::c_int) -> &'static str {
    // Two atomic loads when there is no echo to break (what every line of output asks,
    // `crate::out`): the terminal is asked only after a Ctrl-C not yet broken after.
    let signal = LAST_SIGNAL.load(Ordering::SeqCst);
    if (signal != libc::SIGINT && signal != libc::SIGQUIT) || ECHO_BROKEN.load(Ordering::SeqCst) {
        return "";
    }
    // (not through `out`, which reads standard input through `read`, which reads this)
    // SAFETY: isatty only asks about a descriptor.
    let terminal = unsafe { libc::isatty(fd) } == 1;
    let wanted = echo_break(terminal, signal);
    if wanted.is_empty() || ECHO_BROKEN.swap(true, Ordering::SeqCst) {
        return "";
    }
    wanted
}

/// A moment to ask [`signalled_since`] about (the monotonic clock; 0 where there is none).
#[must_use]
pub fn mark() -> u64 {
    #[cfg(unix)]
    return monotonic_ns();
    #[cfg(not(unix))]
    0
}

/// Whether a Ctrl-C or SIGTERM was caught since `mark` ([`mark`]): what a progress bar
/// made at `mark` asks before it draws, so that once the signal is seen the bar is cleared
/// once and never drawn again ([`bar_cleared`]) — and a signal that stopped an earlier run
/// of the same process (the menu's) never hides a later run's bar.
#[must_use]
pub fn signalled_since(mark: u64) -> bool {
    let at = SIGNAL_AT.load(Ordering::SeqCst);
    at > 0 && at >= mark
}

/// The line the echoed `^C` was on has been cleared (a progress bar cleared after the
/// signal, `\r` and the line erased): the cursor is at the start of an empty line, so the
/// next line needs no break before it ([`after_echo`] gives none).
pub fn bar_cleared() {
    ECHO_BROKEN.store(true, Ordering::SeqCst);
}

#[cfg(unix)]
fn echo_break(terminal: bool, signal: i32) -> &'static str {
    // the terminal echoes `^C` for Ctrl-C and `^\` for Ctrl-\
    if terminal && (signal == libc::SIGINT || signal == libc::SIGQUIT) {
        "\n"
    } else {
        ""
    }
}

/// The name of the signal caught since the scope began, if one was.
pub fn stopping() -> Option<&'static str> {
    if !REQUESTED.load(Ordering::SeqCst) {
        return None;
    }
    #[cfg(unix)]
    match LAST_SIGNAL.load(Ordering::SeqCst) {
        libc::SIGTERM => return Some("SIGTERM"),
        libc::SIGHUP => return Some("SIGHUP"),
        libc::SIGQUIT => return Some("Ctrl-\\ (SIGQUIT)"),
        _ => {}
    }
    Some("Ctrl-C (SIGINT)")
}

#[cfg(unix)]
extern "C" fn on_sigint_at_prompt(_: libc::c_int) {
    interrupt_input();
}

/// In an interactive game: Ctrl-C at a prompt ends the input, so the game stops as it does
/// at end of input, with its score so far; a second Ctrl-C kills as usual. No
/// `SA_RESTART`: a read blocked at the prompt returns EINTR, and the line reader then
/// reports end of input.
pub fn end_input_on_ctrl_c() -> Scope {
    #[cfg(unix)]
    return Scope::install(&[libc::SIGINT], on_sigint_at_prompt, false);
    #[cfg(not(unix))]
    Scope::keep()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A signal caught on another thread while the first scope takes the held one: held
    /// before the look, the look has it; after it, the handler gives it again. Once only.
    #[cfg(unix)]
    #[test]
    fn a_signal_held_as_the_hold_ends_is_taken_once() {
        let (early, on) = (AtomicI32::new(0), AtomicBool::new(true));
        // held while the hold lasts: the scope's look takes it
        assert_eq!(hold(&early, &on, 2), None);
        on.store(false, Ordering::SeqCst);
        assert_eq!(early.swap(0, Ordering::SeqCst), 2);
        // caught after the look: given back to be raised again, nothing left held
        assert_eq!(hold(&early, &on, 15), Some(15));
        assert_eq!(early.load(Ordering::SeqCst), 0);
    }

    /// A stop before anything was measured points at no figures that are not there.
    #[test]
    fn a_stop_with_nothing_measured_says_so() {
        let kept = "the figures above are theirs";
        assert_eq!(Stopped::figures(3, kept), kept);
        let none = Stopped::after(0, Some(10), ("run", "runs"), Stopped::figures(0, kept));
        assert!(none
            .line()
            .ends_with("none had finished, so there are no figures."));
    }

    /// A measurement whose chart was not drawn says so too, with figures or without.
    #[test]
    fn a_stop_before_a_chart_says_there_is_none() {
        assert_eq!(Stopped::theirs_undrawn(2, false), Stopped::theirs(2));
        assert!(Stopped::theirs_undrawn(0, true).ends_with("no figures and no chart"));
        assert!(Stopped::theirs_undrawn(2, true).ends_with("there is no chart"));
    }

    /// The echoed `^C` is not run into: a Ctrl-C's line starts on a new line at a
    /// terminal; SIGTERM (no echo) and a file get none.
    #[test]
    fn a_ctrl_c_line_starts_after_the_echo_at_a_terminal_only() {
        assert_eq!(echo_break(true, libc::SIGINT), "\n");
        assert_eq!(echo_break(false, libc::SIGINT), "");
        assert_eq!(echo_break(true, libc::SIGTERM), "");
        assert_eq!(echo_break(true, 0), "");
    }

    fn current(signal: libc::c_int) -> libc::sighandler_t {
        // SAFETY: reading the disposition into a zeroed structure.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(signal, std::ptr::null(), &mut old);
            old.sa_sigaction
        }
    }

    #[test]
    fn the_time_since_a_signal_runs_from_its_arrival() {
        let _server = stop_on_ctrl_c_or_term();
        assert_eq!(since_signal(), None);
        // The handler as the kernel calls it (not a real signal: tests share a process).
        on_signal(libc::SIGTERM);
        std::thread::sleep(std::time::Duration::from_millis(30));
        assert_eq!(stopping(), Some("SIGTERM"));
        let since = since_signal().expect("caught");
        assert!(since >= std::time::Duration::from_millis(30), "{since:?}");
    }

    #[test]
    fn each_scope_puts_back_what_was_there() {
        let before = current(libc::SIGINT);
        {
            let _game = end_input_on_ctrl_c();
            assert_eq!(
                current(libc::SIGINT),
                on_sigint_at_prompt as *const () as libc::sighandler_t
            );
            {
                let _run = catch();
                assert_eq!(
                    current(libc::SIGINT),
                    on_signal as *const () as libc::sighandler_t
                );
            }
            assert_eq!(
                current(libc::SIGINT),
                on_sigint_at_prompt as *const () as libc::sighandler_t
            );
        }
        assert_eq!(current(libc::SIGINT), before);
        let before_term = current(libc::SIGTERM);
        {
            let _server = stop_on_ctrl_c_or_term();
            assert_eq!(
                current(libc::SIGTERM),
                on_signal as *const () as libc::sighandler_t
            );
        }
        assert_eq!(current(libc::SIGTERM), before_term);
    }

    /// SIGHUP (the terminal closed) and Ctrl-\\ stop a run as Ctrl-C does, each said by
    /// its name with 128 + its number.
    #[test]
    fn hangup_and_quit_stop_a_run_with_their_own_words_and_status() {
        assert_eq!(said_as(libc::SIGHUP), ("SIGHUP", 129));
        assert_eq!(said_as(libc::SIGQUIT), ("Ctrl-\\", 131));
        assert_eq!(said_as(libc::SIGTERM), ("SIGTERM", 143));
        assert_eq!(said_as(libc::SIGINT), ("Ctrl-C", 130));
        let before = current(libc::SIGHUP);
        {
            let _run = catch();
            for signal in [libc::SIGHUP, libc::SIGQUIT] {
                assert_eq!(
                    current(signal),
                    on_signal as *const () as libc::sighandler_t
                );
            }
        }
        assert_eq!(current(libc::SIGHUP), before);
    }

    #[test]
    fn a_stopped_run_says_it_in_one_wording() {
        let s = Stopped::after(
            2_128_192,
            Some(1_000_000_000),
            ("game", "games"),
            "MENACE is saved with them",
        );
        assert_eq!(
            s.line(),
            "Stopped by Ctrl-C after 2,128,192 of 1,000,000,000 games; MENACE is saved with them."
        );
        let s = Stopped::after(1, None, ("file", "files"), "the lines above are theirs");
        assert_eq!(
            s.line(),
            "Stopped by Ctrl-C after 1 file; the lines above are theirs."
        );
        assert_eq!(
            Stopped::with("nothing is kept").to_string(),
            "Stopped by Ctrl-C; nothing is kept."
        );
    }
}
