//! The engine's side of the protocol: our AI answering a harness (`ludomat threes engine`).

use std::io::{BufRead, Write};

use ludomat_io::read::{LineError, Lines};

use super::protocol::{parse_to_engine, FromEngine, Info, ToEngine};
use crate::Player;

/// Why serving ended badly.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Reading or writing the pipes failed.
    #[error("engine input/output: {0}")]
    Io(#[from] std::io::Error),
    /// The harness sent a line longer than [`MAX_INPUT_LINE`]: no harness of the protocol
    /// does, so the engine answers `error …` and ends rather than read on (`cat /dev/zero`
    /// would never end the line).
    #[error("engine input: {0}")]
    TooLong(LineError),
}

/// The longest line the engine reads (a turn line is under 100 bytes): the workspace's
/// one line cap.
pub const MAX_INPUT_LINE: usize = ludomat_io::read::LINE_CAP;

/// Answer the harness on `input`/`output` with `player` until `quit` or the end of the
/// input. A line the engine cannot take is answered `error …` and otherwise ignored (as
/// UCI engines ignore unknown commands) — but a line longer than [`MAX_INPUT_LINE`] is
/// answered `error …` and ends the engine with [`ServeError::TooLong`], its memory never
/// above the cap; a turn is answered with one `info` line and the
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
    let mut lines = Lines::with_cap(input, MAX_INPUT_LINE);
    loop {
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => return Ok(()),
            Err(LineError::Io(e)) => return Err(e.into()),
            Err(long @ LineError::TooLong { .. }) => {
                writeln!(output, "error {long}")?;
                output.flush()?;
                return Err(ServeError::TooLong(long));
            }
        };
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Once: past its 4,096-byte line the engine skipped the rest of the line with an
    /// unbounded read, so `cat /dev/zero | ludomat threes engine` grew until killed.
    #[test]
    fn an_endless_line_ends_the_engine_with_an_error() {
        let rule = crate::DepthRule::Fixed(1);
        let (searcher, _) = crate::auto::our_ai(rule, crate::Weights::default(), 4.0, None, 1, 1);
        let mut player = Player::new(searcher);
        let mut input = std::io::BufReader::new(std::io::repeat(0));
        let mut output = Vec::new();
        let e = serve(&mut input, &mut output, &mut player, "t").unwrap_err();
        assert!(matches!(e, ServeError::TooLong(_)), "{e}");
        assert_eq!(
            String::from_utf8_lossy(&output),
            "error a line longer than 4,096 bytes at line 1\n"
        );
    }
}
