//! `ludomat play hexapawn` at a line terminal: the game flow over [`HexapawnSession`] —
//! the person's moves read line by line, HER's moves stepped, "Another game?" asked until
//! it is answered — written in [`crate::text`]'s words to any output, so the binary only
//! hands it standard input and output (and a test a script).

use std::io::{self, Write};

use ludomat_game::terminal::{with_quit_key, QUIT_KEY};
use ludomat_game::{Ending, LineInput, Session};

use crate::{text, HexapawnAction, HexapawnSession};

/// Play until the person quits (`q`, `n` at "Another game?") or input ends. `echo`: write
/// each line read after its prompt (input from a pipe is not echoed by a terminal).
///
/// # Errors
/// When reading or writing fails.
pub fn play(
    session: &mut HexapawnSession,
    input: &mut LineInput,
    out: &mut dyn Write,
    echo: bool,
) -> io::Result<()> {
    let v = session.view();
    writeln!(
        out,
        "Hexapawn against HER (seed {}). You move a White pawn as b1-b2 (step) or\n\
         b1xa2 (take); 'new' starts over {QUIT_KEY}.",
        v.seed
    )?;
    write!(out, "{}", text::diagram(&v.board))?;
    loop {
        let v = session.view();
        let action = match v.next {
            "human" => {
                let legal: Vec<&str> = v.legal.iter().map(|m| m.name.as_str()).collect();
                // the answer on the prompt's line, as every game asks
                let Some(line) = ask(
                    input,
                    out,
                    &format!("Your move ({}): ", legal.join(" ")),
                    echo,
                )?
                else {
                    writeln!(out, "\n{}", Ending::after_no_line().sentence(true))?;
                    return Ok(());
                };
                if matches!(line.trim(), "q" | "quit") {
                    writeln!(out, "{}", Ending::Quit.sentence(true))?;
                    return Ok(());
                }
                match session.parse_action(&line) {
                    Ok(a) => a,
                    Err(e) => {
                        refuse(out, &e.to_string())?;
                        continue;
                    }
                }
            }
            "over" => {
                let c = v.counters;
                write!(
                    out,
                    "HER: {}, {} in {}. ",
                    ludomat_io::text::count(c.wins, "win", "wins"),
                    ludomat_io::text::count(c.losses, "loss", "losses"),
                    ludomat_io::text::count(c.games, "game", "games")
                )?;
                if !another_game(input, out, echo)? {
                    return Ok(());
                }
                HexapawnAction::NewGame
            }
            _ => HexapawnAction::Step,
        };
        match session.apply(action) {
            Ok(hs) => {
                let v = session.view();
                for h in &hs {
                    writeln!(out, "{}", text::describe(h, v.seed))?;
                }
                write!(out, "{}", text::diagram(&v.board))?;
            }
            // a move the rules refuse: said as a refusal of what was typed
            Err(e) => refuse(out, &e.to_string())?,
        }
    }
}

/// A refusal of what was typed: a sentence with the quit key, broken at words within 80
/// columns, as every game's.
fn refuse(out: &mut dyn Write, why: &str) -> io::Result<()> {
    let said = ludomat_io::layout::wrap_hanging(
        &format!("{}\n", with_quit_key(why)),
        ludomat_io::text::DEFAULT_WIDTH,
    );
    write!(out, "{said}")
}

/// `prompt`, then a line (`None` at the end of input), echoed when `echo`.
fn ask(
    input: &mut LineInput,
    out: &mut dyn Write,
    prompt: &str,
    echo: bool,
) -> io::Result<Option<String>> {
    write!(out, "{prompt}")?;
    out.flush()?;
    let line = input.next_line()?;
    if let (true, Some(l)) = (echo, &line) {
        writeln!(out, "{}", l.trim())?;
    }
    Ok(line)
}

/// Ask "Another game? [Y/n]" until the answer is one: y, yes or Enter plays again; n,
/// no, q, quit or the end of input stop. Anything else is asked again, saying what it
/// takes.
fn another_game(input: &mut LineInput, out: &mut dyn Write, echo: bool) -> io::Result<bool> {
    loop {
        let Some(line) = ask(input, out, "Another game? [Y/n] ", echo)? else {
            writeln!(out, "\n{}", Ending::after_no_line().sentence(false))?;
            return Ok(false);
        };
        match line.trim().to_ascii_lowercase().as_str() {
            "" | "y" | "yes" => return Ok(true),
            "n" | "no" => return Ok(false),
            // q leaves as Ctrl-C and Ctrl-D do: with the line that says so
            "q" | "quit" => {
                writeln!(out, "{}", Ending::Quit.sentence(false))?;
                return Ok(false);
            }
            _ => {
                let shown = ludomat_io::text::quoted(line.trim(), 20);
                writeln!(
                    out,
                    "{shown} is not an answer: y (or Enter) plays again, n stops {QUIT_KEY}."
                )?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HexapawnConfig, WhiteKind};

    /// q, the end of input in a game and between games: the one wording.
    #[test]
    fn quit_and_input_ended_are_said() {
        let config = || HexapawnConfig {
            seed: Some(1),
            white: WhiteKind::Human,
        };
        let said = |script: &str| {
            let mut s = HexapawnSession::new(config()).unwrap();
            let mut out = Vec::new();
            play(&mut s, &mut LineInput::script(script), &mut out, false).unwrap();
            String::from_utf8(out).unwrap()
        };
        let out = said("q\n");
        assert!(out.ends_with("): You quit; game abandoned.\n"), "{out}");
        let out = said("b1-b2\n");
        assert!(
            out.ends_with("): \nInput ended; game abandoned.\n"),
            "{out}"
        );
        let out = said("b1-b2\na1-a2\n");
        assert!(
            out.ends_with("Another game? [Y/n] \nInput ended.\n"),
            "{out}"
        );
        // q at "Another game?" says so, as the end of input does
        let out = said("b1-b2\na1-a2\nq\n");
        assert!(out.ends_with("Another game? [Y/n] You quit.\n"), "{out}");
        // a move that is not one names the quit key
        let out = said("zz\nq\n");
        assert!(out.contains("(q quits).\n"), "{out}");
        // every refusal a sentence within 80 columns, the illegal move's too (the
        // transcript does not echo: each refusal follows its prompt on the prompt's line)
        let out = said("b1-b2 extra\na1-a3\nq\n");
        let refusals = out.replace("Your move (a1-a2 b1-b2 c1-c2): ", "\n");
        assert!(refusals.lines().all(|l| l.chars().count() <= 80), "{out}");
        assert!(out.contains("legal: a1-a2 b1-b2 c1-c2 (q quits)."), "{out}");
    }

    /// "Another game?" takes y, n or Enter only: anything else is asked again (it used to
    /// start a new game).
    #[test]
    fn another_game_is_asked_until_it_is_answered() {
        let mut s = HexapawnSession::new(HexapawnConfig {
            seed: Some(1),
            white: WhiteKind::Human,
        })
        .unwrap();
        let mut out = Vec::new();
        let script = "b1-b2\na1-a2\nmaybe\nn\n";
        play(&mut s, &mut LineInput::script(script), &mut out, true).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.contains(
                "Another game? [Y/n] maybe\n'maybe' is not an answer: y (or Enter) plays again, \
                 n stops (q quits)."
            ),
            "{out}"
        );
        assert_eq!(out.matches("Another game? [Y/n] ").count(), 2, "{out}");
        assert!(!out.contains("game 2"), "{out}");
    }
}
