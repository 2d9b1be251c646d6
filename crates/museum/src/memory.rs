//! Giving memory back after visits end.
//!
//! A visit's memory is freed when it is let go, but glibc's allocator keeps freed memory
//! instead of returning it to the system, so the resident size stays near its peak:
//! measured before this module, 1,000 MENACE visits took the server from 74 to 930 MB
//! and deleting them all left 914 MB. Three settings make it come back (measured in
//! `tests/memory.rs`, figures in BENCHMARKS.md):
//!
//! * after a sweep that let visits go, `malloc_trim(0)` ([`give_back`]), which returns
//!   every free page of every arena (not only the top of the heap) to the system — and
//!   once more when the blocking threads of the burst have ended;
//! * no per-thread cache of freed blocks ([`TUNABLES`]): each thread's cache keeps up to
//!   seven freed blocks of each of 64 sizes out of the arenas, and after a crowd those
//!   blocks lie scattered over the heap, each holding a whole page in memory (3.4 MiB
//!   over a starting level of 8 MiB in the test). glibc reads this setting only at
//!   start, so `ludomat serve` restarts itself with it ([`exec_tuned`]);
//! * at most two arenas ([`configure`], `M_ARENA_MAX`): the request threads and the
//!   blocking pool share them, so freed memory is not scattered over a dozen arenas.
//!
//! Other platforms and allocators: all are no-ops.

use std::ffi::OsString;

/// The glibc tunables the museum runs with (`GLIBC_TUNABLES`): no thread cache.
pub const TUNABLES: &str = "glibc.malloc.tcache_count=0";

/// Whether this process runs with [`TUNABLES`] (or the user set the thread cache
/// otherwise); always true where the allocator is not glibc's.
#[must_use]
pub fn tuned() -> bool {
    if !cfg!(all(target_os = "linux", target_env = "gnu")) {
        return true;
    }
    std::env::var("GLIBC_TUNABLES").is_ok_and(|t| t.contains("glibc.malloc.tcache_count"))
}

/// `GLIBC_TUNABLES` with [`TUNABLES`] added to what is set.
#[must_use]
pub fn tunables_env() -> OsString {
    match std::env::var_os("GLIBC_TUNABLES") {
        Some(t) if !t.is_empty() => {
            let mut t = t;
            t.push(":");
            t.push(TUNABLES);
            t
        }
        _ => TUNABLES.into(),
    }
}

/// Restarts this program (same executable, same arguments, same process id) with
/// [`TUNABLES`] in its environment. Returns only when that is not needed (already
/// tuned, not glibc) — `Ok` — or not possible — the error.
///
/// # Errors
/// When the executable cannot be found or run again (then carry on untuned).
pub fn exec_tuned() -> std::io::Result<()> {
    if tuned() {
        return Ok(());
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let exe = std::env::current_exe()?;
        let mut args = std::env::args_os();
        let arg0 = args.next().unwrap_or_else(|| exe.clone().into_os_string());
        let e = std::process::Command::new(&exe)
            .arg0(arg0)
            .args(args)
            .env("GLIBC_TUNABLES", tunables_env())
            .exec();
        Err(e)
    }
    #[cfg(not(unix))]
    {
        Ok(())
    }
}

/// Sets the allocator up for a long-running server. Call once, early, before threads
/// allocate (the museum's `serve` does).
pub fn configure() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator parameters; M_ARENA_MAX with a positive
    // value is valid at any time.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

/// Returns free memory to the system. Takes a few milliseconds with many free pages; the
/// museum calls it at most once a second, after visits were let go.
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim is thread-safe and only releases free memory.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The process's resident set size in bytes, where `/proc` tells it.
#[must_use]
pub fn resident_bytes() -> Option<u64> {
    let statm = ludomat_io::read::to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    #[cfg(unix)]
    let page = u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
    #[cfg(not(unix))]
    let page = 4096;
    Some(pages * page)
}
