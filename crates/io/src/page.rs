//! Long outputs page: a quick command whose output is longer than a screen (the
//! latch trace, the Computox's contact plan, a solve's deductions) writes its standard
//! output to a scratch file while it runs, then shows the file with a pager — `$PAGER`,
//! or `less -FRXK`, which leaves at once when the text fits one screen, keeps the text
//! on screen after `q`, leaves on Ctrl-C too (as everything else does: the command ends
//! with its stop line and status 130, and the menu comes back), its prompt saying how to page and leave. A game's result is never
//! left inside the pager only: the commands print it again after the pager closes. Only when standard input and output are both a terminal; in a
//! pipe or a file nothing changes. `LUDOMAT_PAGER=0` (or an empty `PAGER`) turns it off,
//! and when no pager starts the text is printed as it is.
//!
//! Only for commands that ask nothing: their output is not seen until they end.

/// Set when a pager was left by Ctrl-C (see [`left_by_ctrl_c`]).
static LEFT_BY_CTRL_C: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a pager was left by Ctrl-C since the last look (and forget it). A command that
/// ends after its pager then ends as Ctrl-C ends any run: its stop line
/// ([`stopped_in_pager`]), status 130 (`main` asks); a game that pages between its
/// prompts (`menace play`'s boxes) asks and goes on.
pub fn left_by_ctrl_c() -> bool {
    LEFT_BY_CTRL_C.swap(false, std::sync::atomic::Ordering::SeqCst)
}

/// The stop line of a command whose pager Ctrl-C left: its work was done, its text shown
/// up to where the pager was left.
#[must_use]
pub fn stopped_in_pager() -> crate::interrupt::Stopped {
    crate::interrupt::Stopped::during(
        "paging its text",
        "the command had finished: run it again to read the rest",
    )
}

/// After a command's work: its stop line ([`stopped_in_pager`]) when a pager was left by
/// Ctrl-C ([`left_by_ctrl_c`]), for `main` to end with (status 130).
///
/// # Errors
/// That stop line.
pub fn not_stopped() -> Result<(), crate::interrupt::Stopped> {
    match left_by_ctrl_c() {
        true => Err(stopped_in_pager()),
        false => Ok(()),
    }
}

/// Standard output collected for the pager for as long as this lives.
pub struct Pager {
    #[cfg(unix)]
    inner: Option<(std::fs::File, libc::c_int)>,
}

impl Pager {
    /// Collect standard output for the pager, when it is a terminal.
    pub fn start() -> Pager {
        #[cfg(unix)]
        {
            Pager {
                inner: start_unix(),
            }
        }
        #[cfg(not(unix))]
        Pager {}
    }

    /// Whether standard output goes to the pager (else it goes where it went).
    #[must_use]
    pub fn active(&self) -> bool {
        #[cfg(unix)]
        return self.inner.is_some();
        #[cfg(not(unix))]
        false
    }
}

/// The prompt at the foot of each page of `less` (docs/VOICE.md's words).
#[cfg(unix)]
const LESS_PROMPT: &str = "Space: next page, b: back, q: quit";

#[cfg(unix)]
fn pager_command() -> Option<String> {
    if std::env::var_os("LUDOMAT_PAGER").is_some_and(|v| v == "0") {
        return None;
    }
    match std::env::var("PAGER") {
        Ok(p) if p.trim().is_empty() => None,
        Ok(p) => Some(p),
        // less's prompt says how to leave it (a bare ':' tells a newcomer nothing); -K:
        // Ctrl-C leaves it (plain less only stops a search on Ctrl-C and stays)
        // (a colon is special in less's prompts: said with a backslash)
        Err(_) => Some(format!(
            "less -FRXK '-Ps{}'",
            LESS_PROMPT.replace(':', "\\:")
        )),
    }
}

#[cfg(unix)]
fn start_unix() -> Option<(std::fs::File, libc::c_int)> {
    use std::io::Write;
    use std::os::fd::AsRawFd;
    // SAFETY: isatty only reads the descriptors' state.
    if unsafe { libc::isatty(0) != 1 || libc::isatty(1) != 1 } {
        return None;
    }
    pager_command()?;
    let file = tempfile::tempfile().ok()?;
    let _ = crate::out::stdout().flush();
    // SAFETY: dup and dup2 on descriptors this process holds; both checked.
    let saved = unsafe { libc::dup(1) };
    if saved < 0 {
        return None;
    }
    if unsafe { libc::dup2(file.as_raw_fd(), 1) } < 0 {
        unsafe { libc::close(saved) };
        return None;
    }
    Some((file, saved))
}

/// Whether the pager ran (and showed the text), by the shell's exit status: 126 and 127
/// are the shell's "cannot run" and "not found"; any other end — `q`, Ctrl-C (less -K
/// leaves with 2), a pager killed by the signal — has shown the text, which must not be
/// printed a second time.
#[cfg(unix)]
fn pager_ran(status: &std::process::ExitStatus) -> bool {
    !matches!(status.code(), Some(126 | 127))
}

impl Drop for Pager {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some((mut file, saved)) = self.inner.take() {
            use std::io::{Seek, Write};
            let _ = crate::out::stdout().flush();
            // SAFETY: `saved` is the terminal's descriptor kept by `start`.
            unsafe {
                libc::dup2(saved, 1);
                libc::close(saved);
            }
            if file.rewind().is_err() {
                return;
            }
            // Ctrl-C in the pager must not end this process (the menu goes on).
            let _ctrl_c = crate::interrupt::catch();
            let shown = pager_command().and_then(|command| {
                crate::child::status(
                    std::process::Command::new("sh")
                        .args(["-c", &command])
                        .stdin(file.try_clone().ok()?),
                )
                .ok()
                .filter(pager_ran)
            });
            // the terminal's Ctrl-C reaches this process too: caught, and remembered
            if crate::interrupt::requested().load(std::sync::atomic::Ordering::SeqCst) {
                LEFT_BY_CTRL_C.store(true, std::sync::atomic::Ordering::SeqCst);
            }
            if shown.is_none() {
                // no pager: the text as it is
                let _ = file.rewind();
                let _ = std::io::copy(&mut file, &mut crate::out::stdout());
                let _ = crate::out::stdout().flush();
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    #[test]
    fn a_pager_left_by_ctrl_c_has_shown_the_text_a_missing_one_has_not() {
        // exit codes are the high byte of a wait status
        let code = |c: i32| std::process::ExitStatus::from_raw(c << 8);
        assert!(pager_ran(&code(0)));
        // less -K leaves with 2 on Ctrl-C: the text was shown, not to be printed again
        assert!(pager_ran(&code(2)));
        assert!(pager_ran(&std::process::ExitStatus::from_raw(libc::SIGINT)));
        assert!(!pager_ran(&code(127)));
        assert!(!pager_ran(&code(126)));
    }
}
