//! `ludomat relay …`, `ludomat play relay-tictactoe` — placeholder until the relay-cpu
//! crate lands (issue 6).

use anyhow::{bail, Result};
use clap::Args;
use ludomat_game::Agent;
use ludomat_tictactoe::Board;

/// `ludomat relay …`
#[derive(Debug, Args)]
pub struct RelayCmd {}

/// `ludomat play relay-tictactoe`
#[derive(Debug, Args)]
pub struct PlayArgs {}

pub fn run(_: RelayCmd) -> Result<()> {
    bail!("the relay computer is not built yet")
}

pub fn play(_: PlayArgs) -> Result<()> {
    bail!("the relay computer is not built yet")
}

pub fn tictactoe_agent(_seed: u64) -> Result<Box<dyn Agent<Board>>> {
    bail!("the relay computer is not built yet")
}
