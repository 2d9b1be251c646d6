//! `ludomat play qubic` at a line terminal: the game flow over [`QubicSession`] — the
//! person's moves read line by line, the machine's told in [`crate::text`]'s words, the
//! 1962 deck's "another game?" — written to any output, so the binary only hands it
//! standard input and output (and a test a script).

use std::io::{self, Write};

use ludomat_game::terminal::with_quit_key;
use ludomat_game::{LineInput, Session, SessionError};

use crate::options::{OptionsError, PlayOptions};
use crate::{text, QubicAction, QubicHappening, QubicSession, Strategy};

/// Why a game could not be played on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// The options make no game.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// Reading a line or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The session failed.
    #[error(transparent)]
    Session(#[from] SessionError),
}

/// Play with any input and output: reads lines, hands them to [`QubicSession`] and writes
/// what it tells. `echo`: write each line read from standard input after its prompt (a
/// pipe's lines are not shown by a terminal); a script's lines are always written.
///
/// # Errors
/// Options that make no game, reading or writing failing, the session failing.
pub fn play(
    args: &PlayOptions,
    input: &mut LineInput,
    out: &mut dyn Write,
    echo: bool,
) -> Result<(), PlayError> {
    let mut s = QubicSession::new(args.config()?)?;
    let view = s.view();
    let louden = view.strategy == Strategy::Louden1962;
    let digits = text::digits(&view);
    write!(out, "{}", text::intro(&view))?;
    let mut prompt = tell(&s, s.opening(), None, args, out)?;
    if !louden && s.opening().is_empty() {
        write!(out, "{}", text::board(&view, args.slice))?;
    }
    loop {
        if s.view().result.is_some() {
            if !louden {
                return Ok(());
            }
            write!(out, "\nAnother game? (y/n) ")?;
            out.flush()?;
            let again = input.next_line()?;
            writeln!(out)?;
            if !again.is_some_and(|l| l.trim().eq_ignore_ascii_case("y")) {
                return Ok(());
            }
            let h = s.apply(QubicAction::NewGame)?;
            prompt = tell(&s, &h, None, args, out)?;
            if s.view().deck_finished {
                return Ok(());
            }
            continue;
        }
        let ask = prompt
            .take()
            .unwrap_or_else(|| format!("Your move ({digits})?"));
        write!(out, "{ask} ")?;
        out.flush()?;
        let Some(line) = input.next_line()? else {
            let ending = ludomat_game::Ending::after_no_line();
            writeln!(out, "\n{}", ending.sentence(true))?;
            return Ok(());
        };
        let line = line.trim().to_string();
        if echo || !matches!(input, LineInput::Stdin) {
            writeln!(out, "{line}")?;
        }
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            writeln!(out, "{}", ludomat_game::Ending::Quit.sentence(true))?;
            return Ok(());
        }
        let action = match s.parse_action(&line) {
            Ok(a @ QubicAction::Play { .. }) => a,
            Ok(_) => {
                writeln!(out, "{}", with_quit_key(&format!("type a move ({digits})")))?;
                prompt = Some(ask);
                continue;
            }
            Err(e) => {
                writeln!(out, "{}", with_quit_key(&e.to_string()))?;
                prompt = Some(ask);
                continue;
            }
        };
        match s.apply(action) {
            Ok(h) => prompt = tell(&s, &h, Some(&line), args, out)?,
            Err(SessionError::Refused(m)) => {
                writeln!(out, "{}", with_quit_key(&m))?;
                prompt = Some(ask);
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// Prints what the session tells of an action; returns the deck's prompt, if any.
fn tell(
    s: &QubicSession,
    h: &[QubicHappening],
    typed: Option<&str>,
    args: &PlayOptions,
    out: &mut dyn Write,
) -> io::Result<Option<String>> {
    let (told, prompt) = text::tell(&s.view(), h, typed, args.shown());
    write!(out, "{told}")?;
    Ok(prompt)
}
