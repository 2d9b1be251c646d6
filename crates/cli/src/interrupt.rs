//! Ctrl-C during a long run: the first press asks the run to stop at the next safe
//! point (after the game in progress), so it can save and print what it has; a second
//! press ends the process as usual.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn on_sigint(_: libc::c_int) {
    // Only an atomic store: async-signal-safe.
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Catch the next Ctrl-C (SIGINT) instead of dying of it; the one after kills as usual.
/// Call once before a long loop that polls [`requested`].
pub fn catch() {
    REQUESTED.store(false, Ordering::SeqCst);
    #[cfg(unix)]
    // SAFETY: `on_sigint` only stores to an atomic, which is async-signal-safe; the
    // sigaction structure is zeroed and then filled with valid values. SA_RESETHAND puts
    // the default disposition back after the first signal, so a second Ctrl-C kills.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t;
        action.sa_flags = libc::SA_RESETHAND | libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
    }
}

/// Catch the next Ctrl-C as [`catch`] does, and make it raise `cancel` (a library run's
/// cancellation flag) as well.
#[allow(dead_code)] // used by progress::ctrl_c_cancel
pub fn catch_into(cancel: ludomat_game::run::Cancel) -> ludomat_game::run::Cancel {
    catch();
    cancel.also_on(&REQUESTED)
}

#[cfg(unix)]
extern "C" fn on_sigint_at_prompt(_: libc::c_int) {
    ludomat_game::terminal::interrupt_input();
}

/// In an interactive game: Ctrl-C at a prompt ends the input, so the game stops as it does
/// at end of input, with its score so far; a second Ctrl-C kills as usual.
pub fn end_input_on_ctrl_c() {
    #[cfg(unix)]
    // SAFETY: the handler only stores to an atomic (async-signal-safe); the structure is
    // zeroed, then filled with valid values. No SA_RESTART: a read blocked at the prompt
    // returns EINTR, and the line reader then reports end of input.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction =
            on_sigint_at_prompt as extern "C" fn(libc::c_int) as libc::sighandler_t;
        action.sa_flags = libc::SA_RESETHAND;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
    }
}
