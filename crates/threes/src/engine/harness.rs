//! The harness's side of the protocol: an engine as a child process, dealt our games.
//!
//! The harness keeps the game — our rules, our seeds — and each turn tells the engine
//! what a card-counting player knows; the engine answers with a swipe. Every way an engine
//! can fail ends that game with an [`EngineError`] naming the engine, the game, the turn
//! and what it sent: it exits ([`EngineError::Exited`]), answers too late
//! ([`EngineError::Timeout`]), answers a swipe that moves nothing
//! ([`EngineError::Illegal`]), answers something that is no swipe
//! ([`EngineError::Garbage`]), refuses ([`EngineError::Refused`]), or floods its output
//! ([`EngineError::Flood`]). The engine's CPU time is read from its process's CPU clock
//! (all its threads), the same way for every engine.
//!
//! An engine runs in a process group of its own (`ludomat_io::child::Group`): ending it
//! ends everything it started (an engine behind `sh -c` or a launcher script does not
//! survive a timeout), and a terminal's Ctrl-C reaches only the harness, which stops the
//! run and ends its engines itself — an engine never dies of the keypress mid-game.

use std::fmt;
use std::io::{BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ludomat_game::run::Cancel;
use ludomat_io::child::Group;
use ludomat_io::read::{LineError, Lines};

use super::protocol::{parse_from_engine, FromEngine, ToEngine};
use crate::autoplay::GameSummary;
use crate::record::GameRecord;
use crate::{HintModel, Threes};

/// An engine to start: its name (for messages and tables) and its command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineCommand {
    /// The name that messages and results use.
    pub name: String,
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
}

/// A command line that cannot be split into words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("engine command {}: {problem}", ludomat_io::text::quoted(command, 80))]
pub struct CommandError {
    /// The command as given.
    pub command: String,
    /// What is wrong.
    pub problem: String,
}

impl EngineCommand {
    /// Split `command` into words as a shell would for plain words: spaces separate,
    /// '…' and "…" quote, a backslash escapes the next character. No variables, globs or
    /// pipes: the program is started directly.
    ///
    /// # Errors
    /// An empty command or an unclosed quote.
    pub fn parse(name: &str, command: &str) -> Result<EngineCommand, CommandError> {
        let err = |problem: &str| CommandError {
            command: command.to_string(),
            problem: problem.to_string(),
        };
        let mut words = Vec::new();
        let mut word = String::new();
        let mut in_word = false;
        let mut chars = command.chars();
        while let Some(c) = chars.next() {
            match c {
                '\'' | '"' => {
                    in_word = true;
                    loop {
                        match chars.next() {
                            Some(q) if q == c => break,
                            Some('\\') if c == '"' => match chars.next() {
                                Some(e) => word.push(e),
                                None => return Err(err("a backslash at the end")),
                            },
                            Some(x) => word.push(x),
                            None => return Err(err("a quote that is never closed")),
                        }
                    }
                }
                '\\' => {
                    in_word = true;
                    match chars.next() {
                        Some(e) => word.push(e),
                        None => return Err(err("a backslash at the end")),
                    }
                }
                c if c.is_whitespace() => {
                    if in_word {
                        words.push(std::mem::take(&mut word));
                        in_word = false;
                    }
                }
                c => {
                    in_word = true;
                    word.push(c);
                }
            }
        }
        if in_word {
            words.push(word);
        }
        let mut it = words.into_iter();
        let program = it.next().ok_or_else(|| err("no program"))?;
        Ok(EngineCommand {
            name: name.to_string(),
            program: PathBuf::from(program),
            args: it.collect(),
        })
    }
}

/// How long and how much an engine may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for the greeting and `isready`.
    pub handshake: Duration,
    /// Wall-clock time for one turn's answer.
    pub turn: Duration,
    /// Lines an engine may send in one turn before its swipe (info lines).
    pub lines_per_turn: usize,
    /// The longest line, in bytes.
    pub line_bytes: usize,
}

impl Default for Limits {
    /// 30 s to start, 60 s a turn, 1,000 lines a turn, 4,096 bytes a line.
    fn default() -> Limits {
        Limits {
            handshake: Duration::from_secs(30),
            turn: Duration::from_secs(60),
            lines_per_turn: 1000,
            line_bytes: 4096,
        }
    }
}

impl Limits {
    /// The limits with a turn timeout of `seconds` (0.01 to 86,400), the greeting's the
    /// same: `--engine-timeout` bounds every wait for an engine.
    ///
    /// # Errors
    /// A timeout outside its range (the message names `--engine-timeout`).
    pub fn with_turn(seconds: f64) -> Result<Limits, String> {
        if !(seconds.is_finite() && (0.01..=86_400.0).contains(&seconds)) {
            return Err(format!(
                "--engine-timeout '{}' is not a number from 0.01 to 86,400 (seconds)",
                ludomat_io::text::short(seconds)
            ));
        }
        Ok(Limits {
            turn: Duration::from_secs_f64(seconds),
            handshake: Duration::from_secs_f64(seconds),
            ..Limits::default()
        })
    }
}

/// Where in the run something happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// While greeting the engine.
    Greeting,
    /// Game `game` (the run's game number), swipe `turn` (from 1; 0: before the first).
    Turn {
        /// The run's game number.
        game: u64,
        /// The swipe's number.
        turn: u32,
    },
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Greeting => f.write_str("the greeting"),
            At::Turn { game, turn: 0 } => write!(f, "the start of game {game}"),
            At::Turn { game, turn } => write!(f, "game {game}, turn {turn}"),
        }
    }
}

/// How an engine failed. Each names the engine and where it happened.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start the engine '{engine}' ({program}): {source}")]
    Spawn {
        /// The engine's name.
        engine: String,
        /// Its program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// It exited (or closed its output) before answering.
    #[error("the engine '{engine}' ended at {at} before answering ({status})")]
    Exited {
        /// The engine's name.
        engine: String,
        /// Where.
        at: At,
        /// Its exit status, as far as known.
        status: String,
    },
    /// No answer within the limit.
    #[error("engine '{engine}' sent no {wanted} within {} s at {at} (too slow or hung)", limit.as_secs_f64())]
    Timeout {
        /// The engine's name.
        engine: String,
        /// Where.
        at: At,
        /// What was awaited.
        wanted: &'static str,
        /// The limit.
        limit: Duration,
    },
    /// A swipe that moves nothing.
    #[error("engine '{engine}' answered 'swipe {swipe}' at {at}, which moves nothing on the board {board}")]
    Illegal {
        /// The engine's name.
        engine: String,
        /// Where.
        at: At,
        /// The swipe.
        swipe: String,
        /// The board, in reading order.
        board: String,
    },
    /// A line that is not the protocol's.
    #[error(
        "engine '{engine}' sent {} at {at}: {problem}",
        ludomat_io::text::quoted(line, 80)
    )]
    Garbage {
        /// The engine's name.
        engine: String,
        /// Where.
        at: At,
        /// The line.
        line: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The engine said `error …`.
    #[error("engine '{engine}' refused at {at}: {message}")]
    Refused {
        /// The engine's name.
        engine: String,
        /// Where.
        at: At,
        /// What it said.
        message: String,
    },
    /// Too much output: a line too long, or too many lines before a swipe.
    #[error("engine '{engine}' flooded its output at {at}: {what}")]
    Flood {
        /// The engine's name.
        engine: String,
        /// Where.
        at: At,
        /// What it sent.
        what: String,
    },
    /// The run was stopped (cancelled) during the game; the engine was ended.
    #[error("engine '{engine}' stopped at {at} on request")]
    Stopped {
        /// The engine's name.
        engine: String,
        /// Where.
        at: At,
    },
    /// Writing to it failed (it is gone).
    #[error("engine '{engine}': cannot write to it at {at}: {source}")]
    Write {
        /// The engine's name.
        engine: String,
        /// Where.
        at: At,
        /// Why.
        source: std::io::Error,
    },
}

/// What the reader thread saw on the engine's output.
enum Event {
    Line(String),
    TooLong,
    Closed,
}

/// A finished game with an engine.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineGame {
    /// The game (nodes: the sum of the engine's `info nodes`; elapsed: wall-clock time).
    pub summary: GameSummary,
    /// The engine process's CPU time for the game (every thread, from the first turn
    /// sent to the last swipe read).
    pub cpu: Duration,
}

/// A running engine.
pub struct EngineProcess {
    name: String,
    child: Group,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    limits: Limits,
    id_name: Option<String>,
    cancel: Option<Cancel>,
    halt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl fmt::Debug for EngineProcess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EngineProcess({}, pid {})", self.name, self.child.id())
    }
}

/// Read the engine's output line by line into a channel, refusing a line longer than
/// `max` bytes.
fn read_lines(out: impl Read, max: usize, tx: std::sync::mpsc::SyncSender<Event>) {
    let mut lines = Lines::with_cap(BufReader::new(out), max);
    loop {
        match lines.next_bytes() {
            Ok(None) | Err(LineError::Io(_)) => {
                let _ = tx.send(Event::Closed);
                return;
            }
            Err(LineError::TooLong { .. }) => {
                let _ = tx.send(Event::TooLong);
                return;
            }
            Ok(Some(bytes)) => {
                let line = String::from_utf8_lossy(bytes).trim_end().to_string();
                if tx.send(Event::Line(line)).is_err() {
                    return;
                }
            }
        }
    }
}

/// The CPU time of process `pid` so far (every thread), from its CPU clock.
#[cfg(unix)]
fn process_cpu(pid: u32) -> Option<Duration> {
    let pid = libc::pid_t::try_from(pid).ok()?;
    let mut clock: libc::clockid_t = 0;
    // SAFETY: `clock` is a valid place for the clock id; the call only writes it.
    if unsafe { libc::clock_getcpuclockid(pid, &mut clock) } != 0 {
        return None;
    }
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    if unsafe { libc::clock_gettime(clock, &mut ts) } != 0 {
        return None;
    }
    Some(Duration::new(
        u64::try_from(ts.tv_sec).ok()?,
        u32::try_from(ts.tv_nsec).ok()?,
    ))
}

#[cfg(not(unix))]
fn process_cpu(_pid: u32) -> Option<Duration> {
    None
}

impl EngineProcess {
    /// Start `command` and greet it (`threes 1` … `threesok`, `isready` … `readyok`).
    ///
    /// # Errors
    /// The program cannot be started, or fails the greeting.
    pub fn start(command: &EngineCommand, limits: Limits) -> Result<EngineProcess, EngineError> {
        EngineProcess::start_stoppable(command, limits, None, None)
    }

    /// [`EngineProcess::start`] for a run that may be stopped: once `cancel` (Ctrl-C,
    /// SIGTERM) or `halt` (another engine's failure) is raised, the wait for the greeting
    /// — and, later, for any answer — ends at once with [`EngineError::Stopped`], and the
    /// engine is ended with it (its whole group, reaped, when the value is dropped).
    ///
    /// # Errors
    /// The program cannot be started, fails the greeting, or the run was stopped.
    pub fn start_stoppable(
        command: &EngineCommand,
        limits: Limits,
        cancel: Option<Cancel>,
        halt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    ) -> Result<EngineProcess, EngineError> {
        let mut child = Group::spawn(
            Command::new(&command.program)
                .args(&command.args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit()),
        )
        .map_err(|source| EngineError::Spawn {
            engine: command.name.clone(),
            program: ludomat_io::text::path(&command.program).to_string(),
            source: ludomat_io::error::in_words(source),
        })?;
        let stdin = child.child().stdin.take();
        let stdout = child.child().stdout.take();
        let (tx, rx) = sync_channel(64);
        if let Some(out) = stdout {
            let max = limits.line_bytes;
            std::thread::spawn(move || read_lines(out, max, tx));
        }
        let mut e = EngineProcess {
            name: command.name.clone(),
            child,
            stdin,
            lines: rx,
            limits,
            id_name: None,
            cancel,
            halt,
        };
        e.greet()?;
        Ok(e)
    }

    /// Stop a game between turns (with [`EngineError::Stopped`]) once `cancel` is raised.
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.cancel = cancel;
    }

    /// Stop a game between turns (with [`EngineError::Stopped`]) once `halt` is set too (a
    /// run that stops its games in flight when one engine fails).
    pub fn set_halt(&mut self, halt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.halt = halt;
    }

    /// The engine's name (as given to the harness).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name the engine gave itself (`id name …`), if any.
    #[must_use]
    pub fn id_name(&self) -> Option<&str> {
        self.id_name.as_deref()
    }

    /// The engine process's CPU time so far (zero where it cannot be read).
    #[must_use]
    pub fn cpu(&self) -> Duration {
        process_cpu(self.child.id()).unwrap_or_default()
    }

    fn send(&mut self, line: &ToEngine, at: At) -> Result<(), EngineError> {
        let engine = self.name.clone();
        let stdin = self.stdin.as_mut().ok_or_else(|| EngineError::Write {
            engine: engine.clone(),
            at,
            source: std::io::Error::from(std::io::ErrorKind::BrokenPipe),
        })?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|source| {
                if source.kind() == std::io::ErrorKind::BrokenPipe {
                    self.exited(at)
                } else {
                    EngineError::Write { engine, at, source }
                }
            })
    }

    fn exited(&mut self, at: At) -> EngineError {
        // give it a moment to be reaped, so the status can be told
        let mut status = "still running, its output closed".to_string();
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = status_words(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        EngineError::Exited {
            engine: self.name.clone(),
            at,
            status,
        }
    }

    /// Whether the run asked its games to stop (Ctrl-C, SIGTERM, another's failure).
    fn stop_asked(&self) -> bool {
        self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
            || self
                .halt
                .as_ref()
                .is_some_and(|h| h.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// The next line, waiting until `deadline`, or until the run is stopped (asked every
    /// 50 ms: a stop never waits for a hung engine's timeout).
    fn line(
        &mut self,
        at: At,
        deadline: Instant,
        limit: Duration,
        wanted: &'static str,
    ) -> Result<String, EngineError> {
        let got = loop {
            if self.stop_asked() {
                return Err(EngineError::Stopped {
                    engine: self.name.clone(),
                    at,
                });
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait.min(STOP_POLL)) {
                Err(RecvTimeoutError::Timeout) if wait > STOP_POLL => {}
                got => break got,
            }
        };
        match got {
            Ok(Event::Line(l)) => Ok(l),
            Ok(Event::TooLong) => Err(EngineError::Flood {
                engine: self.name.clone(),
                at,
                what: format!("a line longer than {} bytes", self.limits.line_bytes),
            }),
            Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => Err(self.exited(at)),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout {
                engine: self.name.clone(),
                at,
                wanted,
                limit,
            }),
        }
    }

    /// Lines until one `want` accepts; `info` and `id` lines are taken on the way (at most
    /// `lines_per_turn`).
    fn until<T>(
        &mut self,
        at: At,
        limit: Duration,
        wanted: &'static str,
        mut want: impl FnMut(&FromEngine) -> Option<T>,
        mut info: impl FnMut(&super::protocol::Info),
    ) -> Result<T, EngineError> {
        let deadline = Instant::now() + limit;
        let mut lines = 0usize;
        loop {
            let line = self.line(at, deadline, limit, wanted)?;
            lines += 1;
            if lines > self.limits.lines_per_turn {
                return Err(EngineError::Flood {
                    engine: self.name.clone(),
                    at,
                    what: format!(
                        "more than {} lines without a {wanted} (the last: {})",
                        self.limits.lines_per_turn,
                        ludomat_io::text::quoted(&short(&line), 80)
                    ),
                });
            }
            if line.trim().is_empty() {
                continue;
            }
            let parsed = parse_from_engine(&line).map_err(|e| EngineError::Garbage {
                engine: self.name.clone(),
                at,
                line: short(&line),
                problem: e.problem,
            })?;
            if let Some(t) = want(&parsed) {
                return Ok(t);
            }
            match parsed {
                FromEngine::Info(i) => info(&i),
                FromEngine::Id { key, value } => {
                    if key == "name" {
                        self.id_name = Some(value);
                    }
                }
                FromEngine::Error(message) => {
                    return Err(EngineError::Refused {
                        engine: self.name.clone(),
                        at,
                        message: short(&message),
                    })
                }
                other => {
                    return Err(EngineError::Garbage {
                        engine: self.name.clone(),
                        at,
                        line: short(&line),
                        problem: format!("'{other}' where a {wanted} was due"),
                    })
                }
            }
        }
    }

    fn greet(&mut self) -> Result<(), EngineError> {
        let at = At::Greeting;
        let limit = self.limits.handshake;
        self.send(&ToEngine::Hello, at)?;
        self.until(
            at,
            limit,
            "threesok",
            |l| matches!(l, FromEngine::ThreesOk).then_some(()),
            |_| {},
        )?;
        self.send(&ToEngine::IsReady, at)?;
        self.until(
            at,
            limit,
            "readyok",
            |l| matches!(l, FromEngine::ReadyOk).then_some(()),
            |_| {},
        )
    }

    /// Play game number `game` (for messages) from `seed`: our deal, the engine's swipes,
    /// until no swipe is left; recorded into `record` if given.
    ///
    /// # Errors
    /// How the engine failed; the engine should then be dropped (it is killed).
    pub fn play(
        &mut self,
        game: u64,
        seed: u64,
        model: HintModel,
        mut record: Option<&mut GameRecord>,
    ) -> Result<EngineGame, EngineError> {
        let mut g = Threes::new(seed, model);
        if let Some(r) = record.as_deref_mut() {
            *r = GameRecord::start(&g);
        }
        self.send(&ToEngine::NewGame, At::Turn { game, turn: 0 })?;
        let wall = Instant::now();
        let cpu0 = self.cpu();
        let mut nodes = 0u64;
        while !g.is_over() {
            let number = g.moves() + 1;
            let at = At::Turn { game, turn: number };
            if self.stop_asked() {
                return Err(EngineError::Stopped {
                    engine: self.name.clone(),
                    at,
                });
            }
            self.send(
                &ToEngine::Turn {
                    number,
                    position: g.position(),
                },
                at,
            )?;
            let mut turn_nodes = None;
            let d = self.until(
                at,
                self.limits.turn,
                "swipe",
                |l| match l {
                    FromEngine::Swipe(d) => Some(*d),
                    _ => None,
                },
                |i| turn_nodes = i.nodes.or(turn_nodes),
            )?;
            nodes = nodes.saturating_add(turn_nodes.unwrap_or(0));
            let board = g.board();
            let turn = g.swipe(d).map_err(|_| EngineError::Illegal {
                engine: self.name.clone(),
                at,
                swipe: d.name().to_string(),
                board: board
                    .values()
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            })?;
            if let Some(r) = record.as_deref_mut() {
                r.push(&turn, &g);
            }
        }
        let cpu = self.cpu().saturating_sub(cpu0);
        let elapsed = wall.elapsed();
        self.send(
            &ToEngine::GameOver {
                score: g.score(),
                moves: g.moves(),
            },
            At::Turn {
                game,
                turn: g.moves(),
            },
        )?;
        Ok(EngineGame {
            summary: GameSummary {
                seed,
                score: g.score(),
                max_tile: g.board().max_tile().value(),
                moves: g.moves(),
                nodes,
                elapsed,
            },
            cpu,
        })
    }

    /// Say `quit` and wait (up to a second) for the engine to end; then its whole process
    /// group is ended (whatever a wrapper left running).
    pub fn quit(mut self) {
        let _ = self.send(&ToEngine::Quit, At::Greeting);
        self.stdin = None;
        self.child.wait_for(Duration::from_secs(1));
    }
}

// Dropping an `EngineProcess` drops its `Group`: the engine's whole process group is
// killed (SIGKILL) and the engine reaped — after a timeout, a failure, a cancelled game.

/// How often a wait for an engine asks whether the run was stopped.
const STOP_POLL: Duration = Duration::from_millis(50);

/// An engine's exit status in words: `status 0`, `status 4`, `killed by signal 9`.
fn status_words(s: std::process::ExitStatus) -> String {
    if let Some(code) = s.code() {
        return format!("status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = s.signal() {
            return format!("killed by signal {signal}");
        }
    }
    s.to_string()
}

/// A line cut to 200 characters for a message.
fn short(line: &str) -> String {
    if line.chars().count() > 200 {
        let mut s: String = line.chars().take(200).collect();
        s.push('…');
        s
    } else {
        line.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        let c = EngineCommand::parse("x", r#"prog --lib "/a b/c.so" 'x y' z\ w"#).unwrap();
        assert_eq!(c.program, PathBuf::from("prog"));
        assert_eq!(c.args, vec!["--lib", "/a b/c.so", "x y", "z w"]);
        assert!(EngineCommand::parse("x", "  ").is_err());
        assert!(EngineCommand::parse("x", "a 'b").is_err());
    }
}
