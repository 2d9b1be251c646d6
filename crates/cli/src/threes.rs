//! `ludomat play threes`, `ludomat threes …` — placeholder until the threes crate lands
//! (issue 8).

use anyhow::{bail, Result};
use clap::Args;

/// `ludomat play threes`
#[derive(Debug, Args)]
pub struct PlayArgs {}

/// `ludomat threes …`
#[derive(Debug, Args)]
pub struct ThreesCmd {}

pub fn play(_: PlayArgs) -> Result<()> {
    bail!("Threes! is not built yet")
}

pub fn run(_: ThreesCmd) -> Result<()> {
    bail!("Threes! is not built yet")
}
