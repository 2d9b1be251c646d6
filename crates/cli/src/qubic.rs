//! `ludomat play qubic`, `ludomat tournament qubic` — placeholder until the qubic crate
//! lands (issue 7).

use anyhow::{bail, Result};
use clap::Args;

/// `ludomat play qubic`
#[derive(Debug, Args)]
pub struct PlayArgs {}

/// `ludomat tournament qubic`
#[derive(Debug, Args)]
pub struct TournamentArgs {}

pub fn play(_: PlayArgs) -> Result<()> {
    bail!("3D tic-tac-toe is not built yet")
}

pub fn tournament(_: TournamentArgs) -> Result<()> {
    bail!("3D tic-tac-toe is not built yet")
}
