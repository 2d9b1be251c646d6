//! `ludomat logic …` — placeholder until the logic crate lands (issue 4).

use anyhow::{bail, Result};
use clap::Args;

/// `ludomat logic …`
#[derive(Debug, Args)]
pub struct LogicCmd {}

pub fn run(_: LogicCmd) -> Result<()> {
    bail!("the logic simulator is not built yet")
}
