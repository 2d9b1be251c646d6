//! `ludomat play computox` — placeholder until the Computox crate lands (issue 3).

use anyhow::{bail, Result};
use clap::Args;
use ludomat_game::Agent;
use ludomat_tictactoe::Board;

/// `ludomat play computox`
#[derive(Debug, Args)]
pub struct PlayArgs {}

pub fn play(_: PlayArgs) -> Result<()> {
    bail!("the Computox is not built yet")
}

pub fn tictactoe_agent(_beatable: bool, _seed: u64) -> Result<Box<dyn Agent<Board>>> {
    bail!("the Computox is not built yet")
}
