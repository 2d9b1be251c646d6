//! Agents for noughts and crosses: random, perfect, and a human at a terminal.

use std::io::Write;

use ludomat_game::terminal::with_quit_key;
use ludomat_game::{seed, Agent, AgentError, Ending, LineInput};
use rand::seq::SliceRandom;

use crate::notation::Notation;
use crate::solver::{solution, Solution};
use crate::{Board, Cell};

/// Plays a move that keeps the game value, chosen uniformly at random (seeded) among all
/// such moves; with `hurry`, only among those that win soonest or lose latest.
pub struct PerfectAgent {
    rng: seed::Rng,
    hurry: bool,
    solution: &'static Solution,
}

impl PerfectAgent {
    /// A perfect player with its own seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        PerfectAgent {
            rng: seed::rng(seed),
            hurry: false,
            solution: solution(),
        }
    }

    /// Prefer the quickest win and the slowest loss.
    #[must_use]
    pub fn hurrying(mut self, hurry: bool) -> Self {
        self.hurry = hurry;
        self
    }
}

impl Agent<Board> for PerfectAgent {
    fn name(&self) -> String {
        if self.hurry {
            "perfect-hurry"
        } else {
            "perfect"
        }
        .into()
    }

    fn choose(&mut self, b: &Board) -> Result<Cell, AgentError> {
        let moves = self.solution.optimal_moves(*b, self.hurry);
        moves
            .choose(&mut self.rng)
            .copied()
            .ok_or_else(|| AgentError::Failed("no legal move".into()))
    }
}

/// A person at a terminal: prompts, reads a square in the chosen notation, explains and
/// re-prompts on anything it cannot play, and gives up cleanly when input ends.
pub struct HumanAgent {
    input: LineInput,
    output: Box<dyn Write + Send>,
    notation: Notation,
}

impl HumanAgent {
    /// A human reading from `input`, prompting on `output`, naming squares in `notation`.
    #[must_use]
    pub fn new(input: LineInput, output: Box<dyn Write + Send>, notation: Notation) -> Self {
        HumanAgent {
            input,
            output,
            notation,
        }
    }

    /// A human at this process's terminal.
    #[must_use]
    pub fn stdio(notation: Notation) -> Self {
        Self::new(
            LineInput::Stdin,
            Box::new(ludomat_io::out::stdout()),
            notation,
        )
    }

    /// Read one line; `None` at end of input.
    fn read_line(&mut self) -> Result<Option<String>, AgentError> {
        self.input
            .next_line()
            .map_err(|e| AgentError::Failed(e.to_string()))
    }

    fn say(&mut self, text: &str) -> Result<(), AgentError> {
        // a long explanation of bad input breaks at words, never at the terminal's edge
        let text = ludomat_io::layout::wrap_hanging(text, ludomat_io::text::DEFAULT_WIDTH);
        write!(self.output, "{text}")
            .and_then(|()| self.output.flush())
            .map_err(|e| AgentError::Failed(format!("cannot write to terminal: {e}")))
    }

    /// Ask until a legal square is typed. `quit` or end of input ends the game.
    ///
    /// # Errors
    /// [`AgentError::EndOfInput`] at end of input, [`AgentError::Stopped`] for `quit` or
    /// Ctrl-C.
    pub fn ask(&mut self, b: &Board) -> Result<Cell, AgentError> {
        loop {
            self.say(&format!(
                "Your move ({}), {}: ",
                b.to_move(),
                self.notation.hint()
            ))?;
            let Some(line) = self.read_line()? else {
                self.say("\n")?;
                return Err(match Ending::after_no_line() {
                    Ending::InputEnded => AgentError::EndOfInput,
                    ending => AgentError::Stopped(ending),
                });
            };
            let text = line.trim();
            if text.eq_ignore_ascii_case("quit") || text.eq_ignore_ascii_case("q") {
                return Err(AgentError::Stopped(Ending::Quit));
            }
            match self.notation.parse(text) {
                Ok(cell) => match b.try_play(cell) {
                    Ok(_) => return Ok(cell),
                    Err(e) => {
                        let msg = e
                            .to_string()
                            .replace(&cell.to_string(), &self.notation.name(cell));
                        self.say(&format!(
                            "  {}\n",
                            with_quit_key(&format!("{msg}; choose an empty square."))
                        ))?;
                    }
                },
                Err(e) => self.say(&format!("  {}\n", with_quit_key(&e.to_string())))?,
            }
        }
    }
}

impl Agent<Board> for HumanAgent {
    fn name(&self) -> String {
        "human".into()
    }

    fn choose(&mut self, b: &Board) -> Result<Cell, AgentError> {
        self.ask(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn human(script: &str) -> HumanAgent {
        HumanAgent::new(
            LineInput::script(script),
            Box::new(std::io::sink()),
            Notation::Computox,
        )
    }

    #[test]
    fn human_reprompts_until_a_legal_square() {
        let b: Board = "X........".parse().unwrap();
        // I does not exist, A is taken, empty line, then B.
        let mut h = human("I\nA\n\nb\n");
        assert_eq!(h.choose(&b), Ok(Cell::ALL[1]));
        assert_eq!(h.choose(&b), Err(AgentError::EndOfInput));
        // quit is the person's own end, not the end of input
        assert_eq!(
            human("quit\n").choose(&b),
            Err(AgentError::Stopped(Ending::Quit))
        );
    }

    #[test]
    fn perfect_player_never_loses_to_random() {
        use ludomat_game::{play_match, Outcome, Player};
        for s in 0..300 {
            let mut p = PerfectAgent::new(s);
            let mut r = crate::RandomAgent::new(s + 1000);
            let (first, second): (&mut dyn Agent<Board>, &mut dyn Agent<Board>) = if s % 2 == 0 {
                (&mut p, &mut r)
            } else {
                (&mut r, &mut p)
            };
            let rec = play_match(Board::EMPTY, first, second, &mut |_, _, _| {}).unwrap();
            let perfect_side = if s % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            assert_ne!(
                rec.outcome,
                Outcome::Win(perfect_side.opponent()),
                "seed {s}"
            );
        }
    }
}
