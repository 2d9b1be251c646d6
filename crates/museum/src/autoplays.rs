//! The count of autoplays going, by visit and by client, that the museum keeps so that
//! [`crate::autoplay`] can bound them (the museum's own state, apart from the jobs that
//! read it, so the museum and the autoplays each import one way).

use std::collections::HashMap;
use std::net::IpAddr;

/// The autoplays going, by visit id: their client and a token naming the autoplay
/// (a new one on the same visit replaces the entry).
#[derive(Default)]
pub(crate) struct Autoplays {
    pub(crate) by_visit: HashMap<String, (IpAddr, u64)>,
    pub(crate) per_client: HashMap<IpAddr, usize>,
    pub(crate) next: u64,
}

impl Autoplays {
    pub(crate) fn of_client(&self, client: IpAddr) -> usize {
        self.per_client.get(&client).copied().unwrap_or(0)
    }

    /// Autoplays going.
    pub(crate) fn len(&self) -> usize {
        self.by_visit.len()
    }
}
