//! `ludomat menace …` — placeholder until the MENACE crate lands (issue 5).

use anyhow::{bail, Result};
use clap::Args;
use ludomat_game::Agent;
use ludomat_tictactoe::Board;

/// `ludomat menace …`
#[derive(Debug, Args)]
pub struct MenaceCmd {}

pub fn run(_: MenaceCmd) -> Result<()> {
    bail!("MENACE is not built yet")
}

pub fn tictactoe_agent(_seed: u64) -> Result<Box<dyn Agent<Board>>> {
    bail!("MENACE is not built yet")
}
