//! Child processes, one way.
//!
//! * [`Group`]: a child that runs beside this process for a while — a Threes! engine — in
//!   its own process group (`process_group(0)`). Ending it ends the whole group: an engine
//!   started through `sh -c` or a launcher script does not survive its wrapper. And a
//!   terminal's Ctrl-C, which the terminal sends to its foreground process group, reaches
//!   only this process, which decides (stop the run, print what it has) and ends its
//!   engines itself: an engine never sees the keypress and never dies of it mid-game.
//! * [`output`], [`status`] and [`spawn`]: a tool or a test run to its end (a pager, a
//!   simulator, the binary under test).
//! * [`output_unless`]: a tool inside a long run that Ctrl-C may stop (a simulator's build
//!   and run in `logic bench`): in its own process group, so the terminal's Ctrl-C reaches
//!   only this process, which ends the tool's whole group as soon as the run is stopped.

use std::io;
use std::process::{Child, Command, ExitStatus, Output};
use std::time::Duration;

/// Run `command` to its end and collect its output (a tool, a test's run of the binary).
///
/// # Errors
/// When it cannot be started or waited for.
#[allow(clippy::disallowed_methods)] // the one place a command is run to its end
pub fn output(command: &mut Command) -> io::Result<Output> {
    command.output()
}

/// Run `command` to its end, its standard streams this process's, and give its status.
///
/// # Errors
/// When it cannot be started or waited for.
#[allow(clippy::disallowed_methods)] // the one place a command is run to its end
pub fn status(command: &mut Command) -> io::Result<ExitStatus> {
    command.status()
}

/// The most bytes of a tool's standard output or error that [`output_unless`] keeps.
pub const OUTPUT_CAP: u64 = 64 << 20;

/// Run `command` to its end, like [`output`], unless `stop` says yes first (asked every
/// 10 ms): then its whole process group is ended and the answer is `None`. The tool runs
/// in a process group of its own ([`Group`]): the terminal's Ctrl-C does not reach it.
/// Its standard output and error are kept up to [`OUTPUT_CAP`] each.
///
/// # Errors
/// When it cannot be started or waited for (in words: [`crate::error`]).
pub fn output_unless(command: &mut Command, stop: &dyn Fn() -> bool) -> io::Result<Option<Output>> {
    use std::process::Stdio;
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut group = Group::spawn(command).map_err(crate::error::in_words)?;
    let keep = |pipe: Option<Box<dyn io::Read + Send>>| {
        std::thread::spawn(move || match pipe {
            Some(p) => crate::read::at_most(p, OUTPUT_CAP),
            None => Ok(Vec::new()),
        })
    };
    let out = keep(group.child().stdout.take().map(|p| Box::new(p) as _));
    let err = keep(group.child().stderr.take().map(|p| Box::new(p) as _));
    let status = loop {
        if let Some(status) = group.try_wait().map_err(crate::error::in_words)? {
            break status;
        }
        if stop() {
            group.kill();
            let _ = (out.join(), err.join());
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let joined = |h: std::thread::JoinHandle<io::Result<Vec<u8>>>| {
        h.join()
            .unwrap_or_else(|_| Err(io::Error::other("the reader of a pipe failed")))
    };
    Ok(Some(Output {
        status,
        stdout: joined(out)?,
        stderr: joined(err)?,
    }))
}

/// Start `command` in this process's group, for a caller that waits for it (a test that
/// drives the binary, a pager). Long-lived helpers that may have to be ended are
/// [`Group`]s.
///
/// # Errors
/// When it cannot be started.
#[allow(clippy::disallowed_methods)] // the one place a plain child is started
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    command.spawn()
}

/// The one way to run a [`Command`], as methods: `use ludomat_io::child::Run as _;` then
/// `cmd.run_output()`, `cmd.run_status()`, `cmd.start()` (see [`output`], [`status`],
/// [`spawn`]) or `cmd.start_group()` ([`Group::spawn`]).
pub trait Run {
    /// [`output`].
    ///
    /// # Errors
    /// When it cannot be started or waited for.
    fn run_output(&mut self) -> io::Result<Output>;
    /// [`status`].
    ///
    /// # Errors
    /// When it cannot be started or waited for.
    fn run_status(&mut self) -> io::Result<ExitStatus>;
    /// [`spawn`].
    ///
    /// # Errors
    /// When it cannot be started.
    fn start(&mut self) -> io::Result<Child>;
    /// [`Group::spawn`].
    ///
    /// # Errors
    /// When it cannot be started.
    fn start_group(&mut self) -> io::Result<Group>;
}

impl Run for Command {
    fn run_output(&mut self) -> io::Result<Output> {
        output(self)
    }

    fn run_status(&mut self) -> io::Result<ExitStatus> {
        status(self)
    }

    fn start(&mut self) -> io::Result<Child> {
        spawn(self)
    }

    fn start_group(&mut self) -> io::Result<Group> {
        Group::spawn(self)
    }
}

/// A child in a process group of its own, the group ended (SIGKILL) when the value is
/// dropped or [`Group::kill`] is called.
#[derive(Debug)]
pub struct Group {
    child: Child,
}

impl Group {
    /// Start `command` as the leader of a new process group.
    ///
    /// # Errors
    /// When it cannot be started.
    #[allow(clippy::disallowed_methods)] // the one place a group is started
    pub fn spawn(command: &mut Command) -> io::Result<Group> {
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        Ok(Group {
            child: command.spawn()?,
        })
    }

    /// The leader's process id (the group's id too).
    #[must_use]
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The child (its pipes are taken from here).
    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// The leader's status, if it has ended.
    ///
    /// # Errors
    /// When it cannot be asked.
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        self.child.try_wait()
    }

    /// Wait up to `limit` for the leader to end by itself; whether it did.
    pub fn wait_for(&mut self, limit: Duration) -> bool {
        let start = std::time::Instant::now();
        loop {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            if start.elapsed() >= limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// End the whole group at once (SIGKILL to every process in it, the leader's
    /// children too), and reap the leader.
    pub fn kill(&mut self) {
        #[cfg(unix)]
        if let Ok(pgid) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill with a negative pid signals that process group; no memory effects.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        // The group goes even when the leader already ended: a wrapper's children may
        // still be running in it.
        self.kill();
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn alive(pid: i32) -> bool {
        // SAFETY: signal 0 only checks that the process exists.
        unsafe { libc::kill(pid, 0) == 0 }
    }

    #[test]
    fn ending_a_group_ends_what_its_wrapper_started() {
        // A wrapper shell that starts a long sleep and says its process id.
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "sleep 30 & echo $!; wait"])
            .stdout(std::process::Stdio::piped());
        let mut g = Group::spawn(&mut cmd).unwrap();
        let mut out = g.child().stdout.take().unwrap();
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        while io::Read::read(&mut out, &mut byte).unwrap() == 1 && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        let sleeper: i32 = String::from_utf8(line).unwrap().trim().parse().unwrap();
        assert!(alive(sleeper));
        drop(g);
        // the sleep was in the group: gone (reaped by init, give it a moment)
        let gone = (0..200).any(|_| {
            std::thread::sleep(Duration::from_millis(10));
            !alive(sleeper) || zombie(sleeper)
        });
        assert!(gone, "the wrapper's child survived");
    }

    #[test]
    fn a_tool_is_run_to_its_end_or_ended_as_a_group_when_the_run_stops() {
        let mut echo = Command::new("sh");
        echo.args(["-c", "echo out; echo err >&2"]);
        let done = output_unless(&mut echo, &|| false).unwrap().unwrap();
        assert!(done.status.success());
        assert_eq!(done.stdout, b"out\n");
        assert_eq!(done.stderr, b"err\n");
        // a tool that would run for a minute, stopped after 0.2 s
        let started = std::time::Instant::now();
        let mut long = Command::new("sh");
        long.args(["-c", "sleep 60 & wait"]);
        let stop = || started.elapsed() > Duration::from_millis(200);
        assert!(output_unless(&mut long, &stop).unwrap().is_none());
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
    }

    fn zombie(pid: i32) -> bool {
        crate::read::text(std::path::Path::new(&format!("/proc/{pid}/stat")), 4096)
            .map(|s| {
                s.rsplit(')')
                    .next()
                    .unwrap_or("")
                    .trim_start()
                    .starts_with('Z')
            })
            .unwrap_or(true)
    }
}
