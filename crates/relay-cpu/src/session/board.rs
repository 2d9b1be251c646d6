//! The noughts-and-crosses board as a person at the teletype reads it off the paper.
//!
//! The machine keeps no board: the tic-tac-toe ROM (seed 003) remembers only the last
//! moves in its registers. What a player sees is the paper: the machine's move, the echo of
//! each key, the machine's answer, and `9 9` after its winning move (the corrected ROM
//! also prints a single `9` for a tie). This module decodes that stream, cells numbered
//! clockwise round the edge, centre 8:
//!
//! ```text
//! 0 1 2
//! 7 8 3
//! 6 5 4
//! ```

use serde::{Deserialize, Serialize};

/// A ring cell's position in reading order (row by row).
pub const READING_OF_RING: [usize; 9] = [0, 1, 2, 5, 8, 7, 6, 3, 4];

/// The eight lines of three, in ring numbers.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [7, 8, 3],
    [6, 5, 4],
    [0, 7, 6],
    [1, 8, 5],
    [2, 3, 4],
    [0, 8, 4],
    [2, 8, 6],
];

/// A mark on the board: the machine is X (it moves first), the person O.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    /// The machine.
    X,
    /// The person at the teletype.
    O,
}

impl std::fmt::Display for Mark {
    /// `X` or `O`, as the board shows it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Mark::X => "X",
            Mark::O => "O",
        })
    }
}

/// How the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Not over yet.
    Playing,
    /// The machine printed its winning move and then `9 9`.
    MachineWins,
    /// A tie: the corrected ROM prints `9`; the ROM as numbered halts silently
    /// (`printed_nine` false).
    Tie {
        /// Whether the machine printed the tie's `9`.
        printed_nine: bool,
    },
    /// O has three in a row: only possible when unchecked keys (occupied cells) were
    /// typed into the faithful machine.
    PersonWins,
}

impl Outcome {
    /// Whether the game is over.
    #[must_use]
    pub fn is_over(self) -> bool {
        self != Outcome::Playing
    }
}

/// The board decoded from the paper: marks by ring number 0–8, and the outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Marks by ring number.
    pub cells: [Option<Mark>; 9],
    /// How the game stands.
    pub outcome: Outcome,
}

impl Board {
    /// Decode the codes printed since reset, given how many times the CPU has read the key
    /// latch since then (each read is echoed; Start at a key's `HALT` makes a read too, of
    /// whatever the latch holds) and whether the machine has stopped for good (halted,
    /// not waiting for a key).
    ///
    /// The paper alternates: the machine's move, the echo of a key, the machine's move …
    /// A `9` where the machine's move belongs ends the game; a move followed by `9 9`
    /// before any further read is the machine's win. A code in the echo's place with no
    /// read for it is not the game's (another program): decoding stops there.
    #[must_use]
    pub fn decode(codes: &[u8], keys: usize, finished: bool) -> Board {
        let mut cells = [None; 9];
        let mut outcome = Outcome::Playing;
        let mut echoes = 0;
        let mut machine_to_print = true;
        let mut i = 0;
        while i < codes.len() {
            let c = codes[i];
            if machine_to_print {
                if c == 9 {
                    outcome = Outcome::Tie { printed_nine: true };
                    break;
                }
                if let Some(cell) = cells.get_mut(c as usize) {
                    cell.get_or_insert(Mark::X);
                }
                i += 1;
                if echoes == keys && codes[i..].starts_with(&[9, 9]) {
                    outcome = Outcome::MachineWins;
                    break;
                }
            } else {
                if echoes >= keys {
                    break;
                }
                echoes += 1;
                if let Some(cell) = cells.get_mut(c as usize) {
                    cell.get_or_insert(Mark::O);
                }
                i += 1;
            }
            machine_to_print = !machine_to_print;
        }
        let has_line = |m: Mark| LINES.iter().any(|l| l.iter().all(|&c| cells[c] == Some(m)));
        if outcome == Outcome::Playing && has_line(Mark::O) {
            outcome = Outcome::PersonWins;
        } else if outcome == Outcome::Playing && finished {
            outcome = Outcome::Tie {
                printed_nine: false,
            };
        }
        Board { cells, outcome }
    }

    /// The mark on ring cell `ring`.
    #[must_use]
    pub fn mark(&self, ring: usize) -> Option<Mark> {
        self.cells.get(ring).copied().flatten()
    }

    /// Why a key would be an illegal move here (what a guarded front end refuses), or
    /// `None` for a legal move.
    #[must_use]
    pub fn illegal(&self, digit: u8) -> Option<String> {
        match (digit, self.mark(digit as usize)) {
            (9, _) => Some("9 is not a cell".to_string()),
            (8, _) => Some("8 is the centre, the machine's own square".to_string()),
            (d, Some(m)) => Some(format!("cell {d} is taken by {m}")),
            _ => None,
        }
    }

    /// The board in reading order, three rows of three: each cell's ring number and mark.
    #[must_use]
    pub fn rows(&self) -> Vec<Vec<(u8, Option<Mark>)>> {
        let mut reading = [(0u8, None); 9];
        for ring in 0..9 {
            reading[READING_OF_RING[ring]] = (ring as u8, self.cells[ring]);
        }
        reading.chunks(3).map(<[_]>::to_vec).collect()
    }

    /// The board as text: marks, or the ring numbers of empty cells.
    #[must_use]
    pub fn render(&self) -> String {
        let rows: Vec<String> = self
            .rows()
            .iter()
            .map(|row| {
                let cells: Vec<String> = row
                    .iter()
                    .map(|(ring, m)| m.map_or(ring.to_string(), |m| m.to_string()))
                    .collect();
                format!(" {}\n", cells.join(" | "))
            })
            .collect();
        rows.join("---+---+---\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_the_spec_transcripts() {
        let b = Board::decode(&[8, 0, 7, 1, 3, 9, 9], 2, false);
        assert_eq!(b.outcome, Outcome::MachineWins);
        assert_eq!(b.mark(3), Some(Mark::X));
        assert_eq!(b.mark(1), Some(Mark::O));
        // Halfway through printing 9 9 the game is not yet decided.
        assert_eq!(
            Board::decode(&[8, 0, 7, 1, 3, 9], 2, false).outcome,
            Outcome::Playing
        );
        let tie = [8, 0, 7, 3, 2, 6, 5, 1];
        assert_eq!(Board::decode(&tie, 4, false).outcome, Outcome::Playing);
        assert_eq!(
            Board::decode(&tie, 4, true).outcome,
            Outcome::Tie {
                printed_nine: false
            }
        );
        let mut corrected = tie.to_vec();
        corrected.push(9);
        assert_eq!(
            Board::decode(&corrected, 4, true).outcome,
            Outcome::Tie { printed_nine: true }
        );
        // A typed 9 is an echo, not the win's 9 9.
        let b = Board::decode(&[8, 8, 7, 9, 3, 9, 9], 2, false);
        assert_eq!(b.outcome, Outcome::MachineWins);
        assert_eq!(b.mark(8), Some(Mark::X), "the centre stays the machine's");
        assert_eq!(b.illegal(0), None);
        assert_eq!(b.illegal(7).as_deref(), Some("cell 7 is taken by X"));
    }

    #[test]
    fn renders_in_reading_order() {
        let b = Board::decode(&[8, 3], 1, false);
        assert_eq!(
            b.render(),
            " 0 | 1 | 2\n---+---+---\n 7 | X | O\n---+---+---\n 6 | 5 | 4\n"
        );
    }
}
