//! Noughts and crosses agents: [`RelayAgent`] runs the tic-tac-toe ROM on the emulated
//! machine; [`BookAgent`] runs the calculator-book algorithm in plain Rust.
//!
//! **Who moves first.** The ROM always moves first, into the centre; there is no way to
//! let the human start. In `ludomat_tictactoe::Board` X always moves first, so the machine
//! is **X** ([`Player::First`]) and the human is O. Asked to move for O, both agents fail
//! with a clear error.
//!
//! **Cells.** The machine's clockwise ring `0 1 2 / 7 8 3 / 6 5 4` (centre 8) is
//! [`Notation::Ring`]; the human's cell goes in as that digit key, the machine's printed
//! digit comes out as its move.
//!
//! **The ninth square.** In the tie line the machine makes four moves and the human four;
//! the ROM then declares the tie and halts. `Board` needs a ninth move from X to finish the
//! game, so the agent fills the one square left — a forced move the machine does not make.
//! [`RelayAgent::forced_final_moves`] counts them.
//!
//! Positions are looked up along the line of play (the agents keep the machine state after
//! each of their moves), so [`ludomat_game::explore`]'s depth-first walk and ordinary
//! games both work; a position not reached by the agent's own play is refused.

use ludomat_game::{Agent, AgentError, Player};
use ludomat_tictactoe::{Board, Cell, Mark, Notation};

use crate::book::{self, BookOutput};
use crate::machine::{Machine, Stop};
use crate::roms::TicTacToeRom;
use crate::teletype::Key;

/// The book program's outputs as people read them: `move 3, won`.
fn book_words(out: &[BookOutput]) -> String {
    if out.is_empty() {
        return "nothing".into();
    }
    out.iter()
        .map(|o| match o {
            BookOutput::Move(m) => format!("move {m}"),
            BookOutput::Won => "77 (won)".to_string(),
            BookOutput::Tie => "0 (a draw)".to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Teletype codes as people read them: `2 9 9`, or `nothing`.
fn digits(codes: &[u8]) -> String {
    if codes.is_empty() {
        return "nothing".into();
    }
    codes
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// More than enough steps for one move of the ROM (it needs about 20).
const STEPS_PER_MOVE: u64 = 10_000;

/// What the machine said about its last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// It moved and waits for the next key.
    Moved,
    /// It printed its move and then 9 9: it has won.
    Won,
    /// It declared a tie without moving (the agent filled the last square).
    Tie,
}

fn ring_cell(digit: u8) -> Option<Cell> {
    Notation::Ring.parse(&digit.to_string()).ok()
}

fn ring_digit(cell: Cell) -> u8 {
    Notation::Ring.name(cell).parse().unwrap_or(u8::MAX)
}

/// The states after each of the agent's own moves along the current line.
#[derive(Debug, Clone, Default)]
struct Line<S> {
    stack: Vec<(Board, S)>,
}

impl<S: Clone> Line<S> {
    /// `Ok(None)` for the empty board (a new game); otherwise the state after the agent's
    /// last move before `pos` and the cell the opponent then played.
    fn parent(&mut self, pos: &Board) -> Result<Option<(S, Cell)>, AgentError> {
        if pos.to_move() != Mark::X {
            return Err(AgentError::Failed(
                "the relay computer always moves first (X, into the centre); it cannot play O"
                    .into(),
            ));
        }
        if pos.count() == 0 {
            self.stack.clear();
            return Ok(None);
        }
        while let Some((b, s)) = self.stack.last() {
            let new_o = pos.o_mask() & !b.o_mask();
            if b.x_mask() == pos.x_mask()
                && pos.o_mask() & b.o_mask() == b.o_mask()
                && new_o.count_ones() == 1
            {
                let cell = Cell::ALL
                    .into_iter()
                    .find(|c| c.bit() == new_o)
                    .ok_or_else(|| AgentError::Failed("no new cell".into()))?;
                return Ok(Some((s.clone(), cell)));
            }
            self.stack.pop();
        }
        Err(AgentError::Failed(format!(
            "this position was not reached by the machine's own play:\n{pos}"
        )))
    }

    fn push(&mut self, board: Board, state: S) {
        self.stack.push((board, state));
    }
}

/// The last empty square, when exactly one is left.
fn last_square(pos: &Board) -> Option<Cell> {
    let empty = pos.empty_mask();
    (empty.count_ones() == 1)
        .then(|| Cell::ALL.into_iter().find(|c| c.bit() == empty))
        .flatten()
}

/// Plays noughts and crosses by running the tic-tac-toe ROM on the emulated relay
/// computer: each human move is typed as a ring-digit key, the machine's printed digit is
/// its move. Deterministic (there is nothing random in the machine).
#[derive(Debug, Clone)]
pub struct RelayAgent {
    rom: TicTacToeRom,
    power_on: Machine,
    line: Line<Machine>,
    last: Option<(Machine, Verdict)>,
    forced: u64,
    declared_wins: u64,
}

impl RelayAgent {
    /// An agent running `rom`.
    #[must_use]
    pub fn new(rom: TicTacToeRom) -> RelayAgent {
        RelayAgent {
            rom,
            power_on: Machine::new(rom.rom()),
            line: Line { stack: Vec::new() },
            last: None,
            forced: 0,
            declared_wins: 0,
        }
    }

    /// The ROM it runs.
    #[must_use]
    pub fn rom(&self) -> TicTacToeRom {
        self.rom
    }

    /// The machine as it stood after the last move (registers, flags, paper), and what it
    /// said about that move.
    #[must_use]
    pub fn last(&self) -> Option<(&Machine, Verdict)> {
        self.last.as_ref().map(|(m, v)| (m, *v))
    }

    /// How many times the ROM declared a tie with one square left, which the agent then
    /// filled for it.
    #[must_use]
    pub fn forced_final_moves(&self) -> u64 {
        self.forced
    }

    /// How many times the machine printed a move followed by 9 9 ("I have won").
    #[must_use]
    pub fn declared_wins(&self) -> u64 {
        self.declared_wins
    }
}

impl Agent<Board> for RelayAgent {
    fn name(&self) -> String {
        format!("relay-rom ({})", self.rom)
    }

    fn choose(&mut self, pos: &Board) -> Result<Cell, AgentError> {
        let (mut m, key) = match self.line.parent(pos)? {
            None => (self.power_on.clone(), None),
            Some((m, cell)) => {
                let key = Key::new(ring_digit(cell))
                    .ok_or_else(|| AgentError::Failed(format!("cell {cell} has no key")))?;
                (m, Some(key))
            }
        };
        m.clear_paper();
        if let Some(k) = key {
            m.press_key(k);
        }
        match m.run(STEPS_PER_MOVE) {
            Stop::Halted => {}
            other => {
                return Err(AgentError::Failed(format!(
                    "the machine did not halt for a key: it stopped {} at PC {:#04x}",
                    match other {
                        Stop::StepLimit => "at the step limit",
                        Stop::Reserved { .. } => "at a reserved word",
                        Stop::Halted => "at a HALT",
                    },
                    m.pc()
                )))
            }
        }
        let printed = m.teletype().printed().to_vec();
        tracing::debug!(?key, ?printed, pc = m.pc(), "relay ROM answered");
        let rest = match key {
            None => &printed[..],
            Some(k) => match printed.split_first() {
                Some((&echo, rest)) if echo == k.digit() => rest,
                _ => {
                    return Err(AgentError::Failed(format!(
                        "the machine did not echo key {k}: printed {}",
                        digits(&printed)
                    )))
                }
            },
        };
        let (cell, verdict) = match rest {
            [d] if *d <= 8 => (ring_cell(*d), Verdict::Moved),
            [d, 9, 9] if *d <= 8 => (ring_cell(*d), Verdict::Won),
            [] | [9] => {
                self.forced += 1;
                (last_square(pos), Verdict::Tie)
            }
            _ => (None, Verdict::Moved),
        };
        let cell = cell.ok_or_else(|| {
            AgentError::Failed(format!(
                "the machine printed {}, which is not a move, on\n{pos}",
                digits(&printed)
            ))
        })?;
        if verdict == Verdict::Won {
            self.declared_wins += 1;
        }
        self.line.push(pos.with(cell, Mark::X), m.clone());
        self.last = Some((m, verdict));
        Ok(cell)
    }

    fn new_game(&mut self, _me: Player) {
        self.line.stack.clear();
        self.last = None;
    }
}

/// Plays the calculator-book algorithm ([`crate::book`]) in plain Rust, replaying the
/// human's moves from the start of the game for each move. Same conventions as
/// [`RelayAgent`] (it is X; the forced ninth square).
#[derive(Debug, Clone, Default)]
pub struct BookAgent {
    line: Line<Vec<i64>>,
    last: Option<Verdict>,
    forced: u64,
}

impl BookAgent {
    /// A fresh agent.
    #[must_use]
    pub fn new() -> BookAgent {
        BookAgent::default()
    }

    /// What the program said about its last move.
    #[must_use]
    pub fn last_verdict(&self) -> Option<Verdict> {
        self.last
    }

    /// As [`RelayAgent::forced_final_moves`].
    #[must_use]
    pub fn forced_final_moves(&self) -> u64 {
        self.forced
    }
}

impl Agent<Board> for BookAgent {
    fn name(&self) -> String {
        "calculator-book".into()
    }

    fn choose(&mut self, pos: &Board) -> Result<Cell, AgentError> {
        let keys = match self.line.parent(pos)? {
            None => Vec::new(),
            Some((mut keys, cell)) => {
                keys.push(book::from_ring(ring_digit(cell)));
                keys
            }
        };
        let before = match keys.split_last() {
            None => 0,
            Some((_, earlier)) => book::run(earlier).printed.len(),
        };
        let run = book::run(&keys);
        let new = &run.printed[before..];
        let to_cell = |x: i64| book::to_ring(x).and_then(ring_cell);
        let (cell, verdict) = match new {
            [BookOutput::Move(x)] => (to_cell(*x), Verdict::Moved),
            [BookOutput::Move(x), BookOutput::Won] => (to_cell(*x), Verdict::Won),
            [BookOutput::Tie] => {
                self.forced += 1;
                (last_square(pos), Verdict::Tie)
            }
            _ => (None, Verdict::Moved),
        };
        let cell = cell.ok_or_else(|| {
            AgentError::Failed(format!(
                "the book program printed {} on\n{pos}",
                book_words(new)
            ))
        })?;
        self.line.push(pos.with(cell, Mark::X), keys);
        self.last = Some(verdict);
        Ok(cell)
    }

    fn new_game(&mut self, _me: Player) {
        self.line.stack.clear();
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludomat_game::play_match;
    use ludomat_tictactoe::PerfectAgent;

    #[test]
    fn plays_x_and_refuses_o() {
        let mut relay = RelayAgent::new(TicTacToeRom::AsNumbered);
        let mut perfect = PerfectAgent::new(3);
        let r = play_match(Board::EMPTY, &mut relay, &mut perfect, &mut |_, _, _| {}).unwrap();
        assert_eq!(r.moves[0], Cell::CENTRE);
        let mut relay = RelayAgent::new(TicTacToeRom::AsNumbered);
        let mut perfect = PerfectAgent::new(3);
        let e = play_match(Board::EMPTY, &mut perfect, &mut relay, &mut |_, _, _| {});
        assert!(format!("{e:?}").contains("cannot play O"), "{e:?}");
    }
}
