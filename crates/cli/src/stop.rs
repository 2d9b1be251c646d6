//! Work with no safe point of its own to stop at (a proof check, a benchmark that reports
//! no steps), under the one rule of a long run stopped by Ctrl-C
//! (`ludomat_io::interrupt::Stopped::end_process`): the line, last, on standard error (on
//! a line of its own after the echoed `^C`), and status 130 — never dying of the signal
//! with no word.

use ludomat_io::interrupt::Stopped;

/// Run `work` on a thread of its own with the next Ctrl-C caught. If it comes before the
/// work ends, what the work was doing is lost: `stopped` says so (its line printed as
/// `main` prints every [`Stopped`]) and the process ends at once with its status (130, or 143 after SIGTERM).
pub fn or_ctrl_c<T: Send>(stopped: impl FnOnce() -> Stopped, work: impl FnOnce() -> T + Send) -> T {
    or_ctrl_c_ticking(stopped, |_| {}, work)
}

/// [`or_ctrl_c`], with `tick` told the time since the start a few times a second while
/// the work runs (a spinner's clock).
pub fn or_ctrl_c_ticking<T: Send>(
    stopped: impl FnOnce() -> Stopped,
    mut tick: impl FnMut(std::time::Duration),
    work: impl FnOnce() -> T + Send,
) -> T {
    let started = std::time::Instant::now();
    let _scope = ludomat_io::interrupt::catch();
    let caught = || ludomat_io::interrupt::requested().load(std::sync::atomic::Ordering::SeqCst);
    std::thread::scope(|s| {
        let running = s.spawn(work);
        while !running.is_finished() {
            if caught() {
                stopped().end_process();
            }
            tick(started.elapsed());
            std::thread::sleep(std::time::Duration::from_millis(40));
        }
        running
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}
