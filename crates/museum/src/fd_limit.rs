//! The file-descriptor limit: every connection takes one. A server started under the
//! common soft limit of 1,024 runs out with a thousand idle connections, so at start the
//! soft limit is raised to the hard one (which an unprivileged process may do), and the
//! museum caps its connections below it ([`connection_cap`]).

/// Raises the soft limit on open files to the hard limit; returns the limit in force
/// afterwards (`None` where it cannot be read).
pub fn raise() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes into the struct we pass.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
            return None;
        }
        if lim.rlim_cur < lim.rlim_max {
            let want = libc::rlimit {
                rlim_cur: lim.rlim_max,
                rlim_max: lim.rlim_max,
            };
            // SAFETY: setrlimit reads the struct; raising the soft limit up to the hard
            // one is always permitted (macOS may refuse above OPEN_MAX: then the old
            // limit stays).
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &want) } == 0 {
                lim = want;
            }
        }
        // `rlim_t` is u64 on Linux and macOS, but not on every Unix.
        #[allow(clippy::useless_conversion)]
        Some(u64::try_from(lim.rlim_cur).unwrap_or(u64::MAX))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Connections the museum keeps open at most under a file limit of `limit`: a reserve of
/// an eighth (at least 64) is kept for everything else (the listener, files read, the
/// blocking pool), and no more than 16,384 (each connection costs memory too).
#[must_use]
pub fn connection_cap(limit: Option<u64>) -> usize {
    let Some(limit) = limit else {
        return 1_000;
    };
    let reserve = (limit / 8).max(64);
    let cap = limit.saturating_sub(reserve).clamp(16, 16_384);
    usize::try_from(cap).unwrap_or(16_384)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps() {
        assert_eq!(connection_cap(Some(1024)), 896);
        assert_eq!(connection_cap(Some(256)), 192);
        assert_eq!(connection_cap(Some(20_000)), 16_384);
        assert_eq!(connection_cap(Some(1 << 20)), 16_384);
        assert_eq!(connection_cap(Some(10)), 16);
        assert_eq!(connection_cap(None), 1_000);
        let raised = raise().unwrap();
        assert!(raised >= 64);
    }
}
