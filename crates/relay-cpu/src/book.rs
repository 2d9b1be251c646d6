//! The calculator-book algorithm as plain Rust, for comparison with the ROM.
//!
//! Seed 003: the builder took a noughts-and-crosses program from a programmable-calculator
//! book ("Микрокалькулятор, ваш ход", MK-52/MK-61 era), disassembled the corrected dump
//! printed on its endpaper and rewrote it as a short C program. This is that program's
//! control flow, step for step, in the book's own numbering: the edge cells 1–8
//! clockwise, the centre 9. It prints 9 (its first move, the centre), each of its moves,
//! `x` then 77 when it wins on `x`, and 0 for a tie. Like the original it checks nothing:
//! any number typed is used in the arithmetic.
//!
//! The relay ROM numbers the ring 0–7 so that "left of" is `(n − 1) & 7`; a book cell
//! `n` (1–8) is relay cell `n − 1`, the centre 9 is relay 8 ([`to_ring`]).

/// What the book program prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BookOutput {
    /// A move (9 = centre; 1–8 round the edge), or any number the arithmetic gives for
    /// unchecked input.
    Move(i64),
    /// 77: "I have won" (printed after the winning move).
    Won,
    /// 0: a tie.
    Tie,
}

/// How far the program got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookRun {
    /// Everything printed, in order.
    pub printed: Vec<BookOutput>,
    /// `true` when the program ended (won or tie); `false` when it is waiting for input.
    pub finished: bool,
}

/// Why the program stopped early: it exited or it needs more input.
enum Exit {
    Won,
    NeedInput,
}

struct Book<'a> {
    player_move: i64,
    mv: i64,
    input: std::slice::Iter<'a, i64>,
    printed: Vec<BookOutput>,
}

impl Book<'_> {
    fn print(&mut self, x: i64) {
        self.printed.push(BookOutput::Move(x));
    }

    fn input(&mut self) -> Result<i64, Exit> {
        self.input.next().copied().ok_or(Exit::NeedInput)
    }

    fn win(&mut self, x: i64) -> Result<(), Exit> {
        self.print(x);
        self.printed.push(BookOutput::Won);
        Err(Exit::Won)
    }

    /// The cell opposite our move; win there unless the player's last cell is it.
    fn check_win(&mut self, mv: i64) -> Result<(), Exit> {
        let mut x = mv - 4;
        if x <= 0 {
            x += 8;
        }
        if x != self.player_move {
            return self.win(x);
        }
        Ok(())
    }

    /// Play left of `pos` (one step anticlockwise), read the reply, check for a win.
    fn move_left(&mut self, pos: i64) -> Result<(), Exit> {
        self.mv = pos - 1;
        if self.mv == 0 {
            self.mv = 8;
        }
        self.print(self.mv);
        self.player_move = self.input()?;
        self.check_win(self.mv)
    }

    fn main(&mut self) -> Result<(), Exit> {
        self.print(9);
        let first = self.input()?;
        self.move_left(first)?;
        // Our second move went into a corner (odd in this numbering): a fork wins.
        if self.mv % 2 != 0 {
            self.move_left(self.mv)?;
            return self.win(self.mv - 1);
        }
        self.move_left(self.player_move)?;
        self.move_left(self.player_move)?;
        self.printed.push(BookOutput::Tie);
        Ok(())
    }
}

/// Run the book program with the player's numbers `keys` (book numbering) until it ends
/// or wants more input.
#[must_use]
pub fn run(keys: &[i64]) -> BookRun {
    let mut book = Book {
        player_move: 0,
        mv: 0,
        input: keys.iter(),
        printed: Vec::new(),
    };
    let finished = match book.main() {
        Ok(()) | Err(Exit::Won) => true,
        Err(Exit::NeedInput) => false,
    };
    BookRun {
        printed: book.printed,
        finished,
    }
}

/// A book cell (1–8 edge, 9 centre) as a relay ring cell (0–7 edge, 8 centre).
#[must_use]
pub const fn to_ring(book_cell: i64) -> Option<u8> {
    match book_cell {
        1..=8 => Some((book_cell - 1) as u8),
        9 => Some(8),
        _ => None,
    }
}

/// A relay ring cell as a book cell.
#[must_use]
pub const fn from_ring(ring_cell: u8) -> i64 {
    if ring_cell >= 8 {
        9
    } else {
        ring_cell as i64 + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BookOutput::{Move, Tie, Won};

    #[test]
    fn the_spec_games_in_book_numbering() {
        // Relay keys 0, 1 → book 1, 2: relay prints 8 0 7 1 3 9 9.
        let r = run(&[1, 2]);
        assert!(r.finished);
        assert_eq!(r.printed, [Move(9), Move(8), Move(4), Won]);
        // Relay keys 0, 3, 6, 1 → a tie.
        let r = run(&[1, 4, 7, 2]);
        assert_eq!(r.printed, [Move(9), Move(8), Move(3), Move(6), Tie]);
        let r = run(&[1]);
        assert!(!r.finished);
        assert_eq!(r.printed, [Move(9), Move(8)]);
        assert_eq!(to_ring(from_ring(5)), Some(5));
        assert_eq!(to_ring(9), Some(8));
        assert_eq!(to_ring(0), None);
    }
}
