//! The words of a [`QubicSession`](crate::QubicSession) game as the terminal prints them
//! (`ludomat play qubic`): the introduction, each action's happenings with the board after
//! it (and a chosen plane of the cube), the 1620's tables after a machine move.

use std::fmt::Write as _;

use crate::session::{QubicHappening, QubicResult, QubicView, Strategy, Tables, Who};
use crate::{render_with, Level, Plane};

/// How the game is shown: a plane of the cube drawn after the board, the machine's
/// tables after each OTHER-1 move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shown {
    /// A plane drawn after each board (4×4×4 only).
    pub slice: Option<Plane>,
    /// OTHER-1's tables after each of its moves.
    pub explain: bool,
}

/// The moves' notation: `xyz`, or `wxyz` on the 4D board.
#[must_use]
pub fn digits(v: &QubicView) -> &'static str {
    if v.dims == 4 {
        "wxyz"
    } else {
        "xyz"
    }
}

/// What the game is and how moves are typed, said first.
#[must_use]
pub fn intro(v: &QubicView) -> String {
    match v.strategy {
        // One paragraph each, with no line break of its own: the terminal's writer wraps
        // it at its width once (a break written here for a wider line made ragged lines).
        Strategy::Forced if v.dims == 3 => format!(
            "4×4×4 tic-tac-toe: the machine (M) moves first and plays {} — a proof that \
             the first player wins, re-checked against every defence; try to stop it. Type moves \
             as xyz (tier, row, column), each 1–4 (q quits).\n\n",
            v.certificate.as_deref().unwrap_or("a certificate")
        ),
        Strategy::Forced => "4×4×4×4 tic-tac-toe: the machine (M) moves first and plays the \
                             stored forced win; try to stop it. Type moves as wxyz (block, \
                             tier, row, column), each 1–4 (q quits).\n\n"
            .to_string(),
        Strategy::Louden1962 => format!(
            "3D TIC-TAC-TOE, as Bob Louden's IBM 1620 deck of February 1962 plays it (seed \
             {}). Moves are three digits: level (tier), row, column, each 1–4. You are P, the \
             1620 is M (q quits).\n\n",
            v.seed
        ),
        Strategy::Other1 => format!(
            "{} tic-tac-toe against the IBM 1620 strategy (OTHER-1 levels; seed {}). You are \
             P, the machine is M. Type moves as {}: {}, each 1–4 (q quits).\n\n",
            if v.dims == 4 { "4×4×4×4" } else { "4×4×4" },
            v.seed,
            digits(v),
            if v.dims == 4 {
                "block (first digit), tier, row, column"
            } else {
                "tier, row, column"
            }
        ),
    }
}

/// The board of the view (and the chosen plane of the cube).
#[must_use]
pub fn board(v: &QubicView, slice: Option<Plane>) -> String {
    let mark = |i: usize| match v.cells.get(i) {
        Some(Some(Who::Human)) => Some('P'),
        Some(Some(Who::Machine)) => Some('M'),
        _ => None,
    };
    let mut out = if v.dims == 4 {
        render_with::<4>(mark)
    } else {
        render_with::<3>(mark)
    };
    out.push('\n');
    if let (Some(p), 3) = (slice, v.dims) {
        out += &p.render(mark);
        out.push('\n');
    }
    out
}

/// The happenings of one action and the board after it, for the view after it; the
/// deck's last typed line, if it ends the action with the person to move, is returned
/// apart, to be asked with (as the 1620 typed it before the operator's move). `typed` is
/// the person's own move, which the terminal has echoed already.
#[must_use]
pub fn tell(
    v: &QubicView,
    happenings: &[QubicHappening],
    typed: Option<&str>,
    shown: Shown,
) -> (String, Option<String>) {
    let mut out = String::new();
    let mut prompt = None;
    let mut drew = false;
    let louden = v.strategy == Strategy::Louden1962;
    // the view is the board after the whole action: drawn once, after its last move
    let last_placed = happenings
        .iter()
        .rposition(|h| matches!(h, QubicHappening::Placed { .. }));
    for (i, h) in happenings.iter().enumerate() {
        let last = i + 1 == happenings.len();
        match h {
            // the operator's own typed move is echoed by the terminal already
            QubicHappening::Typed { line } if i == 0 && typed == Some(line.as_str()) => {}
            QubicHappening::Typed { line } if last && v.human_to_move && v.result.is_none() => {
                prompt = Some(line.clone());
            }
            QubicHappening::Typed { line } => out += &format!("{line}\n"),
            QubicHappening::Note { text } => out += &format!("({text})\n"),
            QubicHappening::NewGame { game } => out += &format!("Game {game}.\n"),
            QubicHappening::Placed { by, cell, why, .. } => {
                placed(&mut out, v, *by, cell, why, shown.explain);
                if !louden && last_placed == Some(i) {
                    out += &board(v, shown.slice);
                    drew = true;
                }
            }
            QubicHappening::GameOver { result, line } => {
                if louden && !drew {
                    out += &board(v, shown.slice);
                    drew = true;
                }
                out += &game_over(v, *result);
                if let (Some(l), false) = (line, louden) {
                    out += &format!("Winning row: {}\n", l.join(" "));
                }
            }
        }
    }
    if louden && !drew && v.human_to_move {
        out += &board(v, shown.slice);
    }
    (out, prompt)
}

/// A move, as each strategy tells it.
fn placed(out: &mut String, v: &QubicView, by: Who, cell: &str, why: &str, explain: bool) {
    match (by, v.strategy) {
        (Who::Human, Strategy::Louden1962) => {}
        (Who::Human, _) => *out += &format!("P plays {cell}\n"),
        (Who::Machine, Strategy::Forced) if v.dims == 3 => {
            *out += &format!("M plays {cell}   ({why})\n");
        }
        (Who::Machine, Strategy::Forced) => {
            let n = why
                .strip_prefix("move ")
                .and_then(|r| r.split(' ').next())
                .unwrap_or("?");
            *out += &format!("M plays {cell}   (move {n} of the forced win)\n");
        }
        (Who::Machine, Strategy::Louden1962) => *out += &format!("   ({why})\n"),
        (Who::Machine, Strategy::Other1) => {
            *out += &format!("M plays {cell}   ({why})\n");
            if let (true, Some(t)) = (explain, &v.tables) {
                *out += &tables(t);
            }
        }
    }
}

/// The end of a game in words (the deck has typed its own verdict).
fn game_over(v: &QubicView, result: QubicResult) -> String {
    let forced = v.cells.iter().filter(|c| **c == Some(Who::Machine)).count();
    let text = match (result, v.strategy) {
        (QubicResult::HumanWins, Strategy::Forced) => "You win: the strategy is wrong!".into(),
        (QubicResult::MachineWins, Strategy::Forced) => format!("I win, with my move {forced}."),
        (QubicResult::HumanWins, Strategy::Other1) => "You win. I lose.".into(),
        (QubicResult::MachineWins, Strategy::Other1) => "I win.".into(),
        (QubicResult::Tie, _) => "The board is full: a draw.".into(),
        (QubicResult::Stopped, _) => "The program stopped.".into(),
        _ => return String::new(),
    };
    text + "\n"
}

/// The 1620's tables after a machine move, under headings, in words where a table is empty.
#[must_use]
pub fn tables(t: &Tables) -> String {
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    let live: Vec<String> = t
        .rows
        .iter()
        .filter(|r| r.sum < 5 || r.sum % 5 == 0)
        .map(|r| format!("{}:{:02}", r.cells.join("-"), r.sum))
        .collect();
    let mut out = String::from(
        "  The machine's workings for this move:\n  levels tried, in order (the first that \
         finds a move plays):\n",
    );
    for &l in &t.levels_run {
        if let Some(level) = Level::new(l) {
            let _ = writeln!(out, "    {l:>2}  {}", level.meaning());
        }
    }
    let _ = write!(
        out,
        "  rows held by one side only (row:sum; you count 1 a mark, the machine 5):\n    {}\n  \
         intersection table, cells marked by the last pass:\n    {}\n  6MOV table (level 6 \
         candidates; the last is kept): {}\n  9MOV table (level 9 candidates; the last is \
         kept): {}\n  level 10 cell held: {}\n",
        list(&live),
        list(&t.marks),
        list(&t.mov6),
        list(&t.mov9),
        t.held.as_deref().unwrap_or("none")
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{QubicAction, QubicConfig, QubicSession};
    use ludomat_game::Session;

    /// Each opening is one paragraph, wrapped once by the terminal's writer: a line break
    /// of its own (written for a wider line) made ragged lines at 80 columns.
    #[test]
    fn every_opening_is_one_paragraph() {
        let s = QubicSession::new(QubicConfig::default()).unwrap();
        for (strategy, dims) in [
            (Strategy::Other1, 3),
            (Strategy::Other1, 4),
            (Strategy::Louden1962, 3),
            (Strategy::Forced, 3),
            (Strategy::Forced, 4),
        ] {
            let mut v = s.view();
            v.strategy = strategy;
            v.dims = dims;
            let text = intro(&v);
            assert!(text.ends_with(".\n\n"), "{text}");
            assert!(
                !text.trim_end().contains('\n'),
                "{strategy:?} {dims}: {text}"
            );
        }
    }

    #[test]
    fn a_move_is_told_with_the_board_after_it() {
        let mut s = QubicSession::new(QubicConfig::default()).unwrap();
        assert!(intro(&s.view()).contains("Type moves as xyz: tier, row, column"));
        let action = s.parse_action("111").unwrap();
        let h = s.apply(action).unwrap();
        let shown = Shown {
            slice: Some("t1".parse().unwrap()),
            explain: true,
        };
        let (text, prompt) = tell(&s.view(), &h, Some("111"), shown);
        assert!(text.starts_with("P plays 111\nM plays "), "{text}");
        assert!(
            text.contains("The machine's workings for this move:"),
            "{text}"
        );
        assert!(text.contains("plane t1"), "{text}");
        assert_eq!(prompt, None);
        let h = s.apply(QubicAction::NewGame).unwrap();
        assert!(tell(&s.view(), &h, None, Shown::default())
            .0
            .contains("Game 2."));
    }
}
