//! The engine's side of the protocol: our AI answering a harness (`ludomat threes engine`).

use std::io::{BufRead, Read, Write};

use super::protocol::{parse_to_engine, FromEngine, Info, ToEngine};
use crate::Player;

/// Why serving ended badly.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Reading or writing the pipes failed.
    #[error("engine input/output: {0}")]
    Io(#[from] std::io::Error),
}

/// The longest line the engine reads (a turn line is under 100 bytes).
pub const MAX_INPUT_LINE: usize = 4096;

/// Answer the harness on `input`/`output` with `player` until `quit` or the end of the
/// input. A line the engine cannot take is answered `error …` and otherwise ignored (as
/// UCI engines ignore unknown commands); a turn is answered with one `info` line and the
/// swipe (`swipe up` on a board where nothing moves, which the harness refuses, cannot
/// happen: the harness asks only while a swipe is legal).
///
/// # Errors
/// When the pipes fail.
pub fn serve(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    player: &mut Player,
    name: &str,
) -> Result<(), ServeError> {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = Read::take(&mut *input, MAX_INPUT_LINE as u64 + 1).read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(());
        }
        if buf.len() > MAX_INPUT_LINE && !buf.ends_with(b"\n") {
            writeln!(output, "error a line longer than {MAX_INPUT_LINE} bytes")?;
            output.flush()?;
            // skip the rest of it
            let mut rest = Vec::new();
            input.read_until(b'\n', &mut rest)?;
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match parse_to_engine(line) {
            Ok(ToEngine::Hello) => {
                writeln!(output, "id name {name}")?;
                writeln!(output, "id author ludomat")?;
                writeln!(output, "{}", FromEngine::ThreesOk)?;
            }
            Ok(ToEngine::IsReady) => writeln!(output, "{}", FromEngine::ReadyOk)?,
            Ok(ToEngine::NewGame) => player.new_game(),
            Ok(ToEngine::Turn { position, .. }) => {
                let r = player.choose(&position);
                match r.best {
                    Some(d) => {
                        let info =
                            Info::new(u32::from(r.depth), r.nodes, r.best_value().unwrap_or(0.0));
                        writeln!(output, "{}", FromEngine::Info(info))?;
                        writeln!(output, "{}", FromEngine::Swipe(d))?;
                    }
                    None => writeln!(output, "error no swipe moves anything on this board")?,
                }
            }
            Ok(ToEngine::GameOver { .. }) => {}
            Ok(ToEngine::Quit) => {
                output.flush()?;
                return Ok(());
            }
            Err(e) => writeln!(output, "error {}", e.to_string().replace('\n', " "))?,
        }
        output.flush()?;
    }
}
