//! A run holding its client's share, as the museum keeps it in its table of runs held
//! ([`crate::run`] adds and removes them; `Museum::stopped_runs_let_go` waits for them):
//! its own file, so the museum and the runs both use it and neither imports the other.

/// A run holding its client's share (and a slot or a place in the queue), as the museum
/// knows it: whose, whether it was stopped, and a channel that ends when it has let go.
pub(crate) struct HeldRun {
    pub(crate) client: std::net::IpAddr,
    pub(crate) cancel: ludomat_game::run::Cancel,
    pub(crate) ended: tokio::sync::watch::Receiver<()>,
}
