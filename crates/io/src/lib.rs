//! The foundation every ludomat crate stands on: the one way to read, write, print and run
//! a child process. The workspace's `clippy.toml` makes the raw `std` ways a lint error
//! everywhere else, each with the function here to use instead.
//!
//! * [`text`] — how numbers, counts, times and columns are written for people: padding
//!   that cannot panic whatever the width, plurals, thousands separators, wall and CPU
//!   times, wrapping to a width.
//! * [`read`] — every file, line, standard-input message and protocol line read capped;
//!   folders, FIFOs, devices and sockets refused before they are opened, in folder scans
//!   too; a line reader that never holds more than its cap.
//! * [`write`] — whole files replaced atomically, regular files only, new files with the
//!   usual permissions.
//! * [`log`] — append-only logs (CSV, JSON lines) that are never emptied, repair or
//!   refuse a torn last line, and carry the settings that define them.
//! * [`lock`] — state files locked while a process uses them.
//! * [`output`] — outputs checked before the work.
//! * [`child`] — child processes: engines in their own process group, ended as a group.
//! * [`out`] — the one path of standard output and standard error (`outln!`, `errln!`),
//!   which never panics on a full device or a closed pipe.
//! * [`interrupt`] — Ctrl-C scoped to what runs.
//! * [`page`] — long outputs shown with a pager.
//! * [`layout`] — help pages and packed lists laid out in a width.
//! * [`colour`] — colour on a terminal only, never with `NO_COLOR` or `TERM=dumb`.

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod child;
pub mod colour;
pub mod error;
mod held;
pub mod interrupt;
pub mod layout;
pub mod lock;
pub mod log;
pub mod out;
pub mod output;
pub mod page;
pub mod read;
pub mod text;
pub mod write;
