//! Giving memory back after visits end.
//!
//! A visit's memory is freed when it is let go, but glibc's allocator keeps freed pages
//! in its arenas (one per thread that allocated, up to eight per core) instead of
//! returning them to the system, so the resident size stays near its peak: measured
//! before this module, 1,000 MENACE visits took the server from 74 to 930 MB and deleting
//! them all left 914 MB. Two settings make it come back (measured in
//! `tests/memory.rs`, figures in BENCHMARKS.md):
//!
//! * at most two arenas ([`configure`], `M_ARENA_MAX`): the request threads and the
//!   blocking pool share them, so freed memory is not scattered over a dozen arenas;
//! * after a sweep that let visits go, `malloc_trim(0)` ([`give_back`]), which returns
//!   every free page of every arena (not only the top of the heap) to the system.
//!
//! Other platforms and allocators: both are no-ops.

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
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    #[cfg(unix)]
    let page = u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
    #[cfg(not(unix))]
    let page = 4096;
    Some(pages * page)
}
