//! A Ctrl-C or SIGTERM that comes before any scope (while a command starts) is held from
//! the start of `main` and given to the first scope, as if it came then; one no scope takes
//! ends the process as it would have. In a process of its own: it installs handlers.
#![cfg(unix)]

use std::sync::atomic::Ordering;

use ludomat_io::interrupt;

#[test]
fn a_signal_before_the_run_s_scope_reaches_the_run() {
    interrupt::catch_early();
    // SAFETY: raising a signal on this thread; the early handler only stores an atomic.
    unsafe {
        libc::raise(libc::SIGTERM);
    }
    // still alive, and nothing asked of a run yet
    assert!(!interrupt::requested().load(Ordering::SeqCst));
    {
        let _run = interrupt::catch();
        assert!(interrupt::requested().load(Ordering::SeqCst));
        assert_eq!(interrupt::stopping(), Some("SIGTERM"));
    }
    // held once: the next scope starts afresh, and nothing is left for the end of main
    let _next = interrupt::catch();
    assert!(!interrupt::requested().load(Ordering::SeqCst));
    interrupt::settle_early();
}
