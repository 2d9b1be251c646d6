//! MENACE in words, as the terminal prints it: the seed challenge's board after every
//! move with the box and bead behind MENACE's move ([`tell`]), the listing of every box
//! the challenge asks for after each game ([`listing`]), one position's box with its
//! beads carried back onto the board ([`explain`]) and the statistics ([`stats`]).
//! Plain text from the library's state, so every renderer says the same.

use std::fmt::Write as _;

use ludomat_game::Player;
use ludomat_tictactoe::{Board, Cell, Mark, Notation, Symmetry};

use crate::{EmptyBox, Matchboxes, Menace, MenaceHappening};

/// 1st, 2nd, 3rd, 4th …
#[must_use]
pub fn ordinal(n: u32) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

/// The board as a grid, empty squares showing their names in lower case (`lm`).
#[must_use]
pub fn grid(board: Board) -> String {
    let mut s = String::new();
    for row in 0..3 {
        let cells: Vec<String> = (0..3)
            .filter_map(|col| Cell::from_coords(row, col))
            .map(|c| {
                let t = match board.get(c) {
                    Some(m) => m.to_string(),
                    None => Notation::Menace.name(c).to_lowercase(),
                };
                format!("{t:^4}")
            })
            .collect();
        s.push_str(&cells.join("|"));
        s.push('\n');
        if row < 2 {
            s.push_str("----+----+----\n");
        }
    }
    s
}

/// What happened, in the challenge's words: MENACE's move with its box and bead, the
/// board after every move, a resignation, the result. `board` follows the moves.
#[must_use]
pub fn tell(board: &mut Board, happenings: &[MenaceHappening]) -> String {
    let mut out = String::new();
    let mut why = String::new();
    for h in happenings {
        match h {
            MenaceHappening::BoxOpened {
                box_id,
                menace_move,
                symmetry,
                ..
            } => {
                why = format!("box #{box_id} ({} move)", ordinal(*menace_move));
                if symmetry != "identity" {
                    why = format!("{why}|, picture = board under {symmetry}");
                }
            }
            MenaceHappening::BeadDrawn { bead, colour, .. } => {
                let (head, tail) = why.split_once('|').unwrap_or((&why, ""));
                why = format!("{head}, {colour} bead {bead}{tail}");
            }
            MenaceHappening::MovePlayed {
                mark,
                square,
                name,
                forced,
            } => {
                if *forced {
                    why = "forced: the last square".into();
                }
                if let Some(c) = Cell::from_index(usize::from(*square)) {
                    *board = board.with(c, *mark);
                }
                let _ = writeln!(out, "MENACE plays {name} ({why})");
                out.push_str(&grid(*board));
                out.push('\n');
                why.clear();
            }
            MenaceHappening::OpponentMove { mark, square, .. } => {
                if let Some(c) = Cell::from_index(usize::from(*square)) {
                    *board = board.with(c, *mark);
                }
                out.push_str(&grid(*board));
                out.push('\n');
            }
            MenaceHappening::Resigned { box_id, .. } => {
                let _ = writeln!(out, "MENACE's matchbox #{box_id} is empty: it resigns.");
            }
            MenaceHappening::GameOver { result, .. } => {
                out.push_str(result_words(result));
                out.push('\n');
            }
            _ => {}
        }
    }
    out
}

/// A game's result as [`tell`] says it: `MENACE wins.`, `You win.`, `Draw.`
#[must_use]
pub fn result_words(result: &str) -> &'static str {
    match result {
        "win" => "MENACE wins.",
        "loss" => "You win.",
        _ => "Draw.",
    }
}

/// The result of the game that `happenings` end, if they end one.
#[must_use]
pub fn game_result(happenings: &[MenaceHappening]) -> Option<&'static str> {
    happenings.iter().find_map(|h| match h {
        MenaceHappening::GameOver { result, .. } => Some(result_words(result)),
        _ => None,
    })
}

/// Every box of a set, one line each: number, MENACE's move, picture, beads (what the
/// challenge prints after each game).
#[must_use]
pub fn listing(set: &Matchboxes) -> String {
    let mut s = format!(
        "The {} matchboxes (MENACE playing {}), picture rows top to bottom, beads by square of the picture:\n",
        set.len(),
        Mark::of(set.side())
    );
    for (id, b) in set.iter() {
        let _ = writeln!(
            s,
            "box {:>4}  move {}  {}  {}",
            id.to_string(),
            b.menace_move(),
            b.picture_line(),
            b.bead_list()
        );
    }
    s
}

/// The box for `board` of MENACE playing `side`: the position, the box's picture with
/// its beads, the symmetry, and every bead carried back onto the real board.
///
/// # Errors
/// Why MENACE has no box for the position, in words.
pub fn explain(menace: &Menace, side: Player, board: Board) -> Result<String, String> {
    let set = menace.boxes(side);
    let mark = Mark::of(side);
    let Some((id, symmetry, b)) = set.find(board) else {
        let why = if !board.is_reachable() {
            "it cannot arise in play".to_string()
        } else if board.is_over() {
            "the game is over".to_string()
        } else if board.to_move() != mark {
            format!(
                "it is {}'s turn, not {mark}'s (use --side {})",
                board.to_move(),
                board.to_move().to_string().to_lowercase()
            )
        } else {
            "only one square is empty: the move is forced, so Michie made no box for it".into()
        };
        return Err(format!(
            "MENACE playing {mark} has no box for\n{board}\nbecause {why}"
        ));
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Position (MENACE playing {mark} to move):\n{}",
        grid(board)
    );
    let _ = writeln!(
        s,
        "Box {id}, for MENACE's {} move of the game. Its picture, each empty square with its beads:\n{}",
        ordinal(b.menace_move()),
        b.drawing()
    );
    if symmetry == Symmetry::IDENTITY {
        s.push_str("The position is the picture itself.\n");
    } else {
        let _ = writeln!(
            s,
            "The position becomes the picture under: {symmetry}; a bead is carried back by the inverse ({}).",
            symmetry.inverse()
        );
    }
    s.push_str("Beads in play on the real board:\n");
    let counts = |bead| ludomat_io::text::thousands(u64::from(b.beads(bead)));
    let room = b
        .legal_beads()
        .map(|bead| counts(bead).len())
        .max()
        .unwrap_or(0)
        .max(4);
    for bead in b.legal_beads() {
        let square = set.index().square_for(bead, symmetry);
        let _ = writeln!(
            s,
            "  {:>6} bead {} ×{:<room$} → plays {}",
            bead.colour(),
            bead,
            counts(bead),
            Notation::Menace.name(square)
        );
    }
    if b.total() == 0 {
        let _ = writeln!(
            s,
            "The box is empty: under these rules MENACE would {}.",
            match menace.rules().empty_box {
                EmptyBox::Refill(n) => format!("refill it with {n} random legal beads"),
                EmptyBox::Resign => "resign".into(),
            }
        );
    }
    Ok(s)
}

/// Where a MENACE's state lives, as [`stats`] heads it: `state file m.json`, or for a
/// MENACE not saved yet `fresh: nothing is saved yet in m.json` (never a file that is
/// not there named as if it held the MENACE shown).
#[must_use]
pub fn state_source(path: &str, saved: bool) -> String {
    if saved {
        format!("state file {path}")
    } else {
        format!("fresh: nothing is saved yet in {path}")
    }
}

/// Box counts by MENACE's move, bead totals, empty boxes and the record, for both sides;
/// `source` says where the state lives ([`state_source`]).
#[must_use]
pub fn stats(menace: &Menace, source: &str) -> String {
    let t = ludomat_io::text::thousands;
    let mut s = format!("MENACE, {} rules; {source}\n", menace.rules());
    for side in [Player::First, Player::Second] {
        let set = menace.boxes(side);
        let c = set.index().counts_by_move();
        let beads = set.beads_by_move();
        let moves = match side {
            Player::First => "1st/3rd/5th/7th",
            Player::Second => "2nd/4th/6th/8th",
        };
        let r = menace.record(side);
        let _ = writeln!(s, "playing {} ({})", Mark::of(side), side);
        let _ = writeln!(
            s,
            "  boxes by MENACE's move ({moves}): {} / {} / {} / {} = {}",
            t(c[0] as u64),
            t(c[1] as u64),
            t(c[2] as u64),
            t(c[3] as u64),
            t(set.len() as u64)
        );
        // the empty boxes on a line of their own: a trained MENACE's bead counts fill
        // the line (80 columns)
        let _ = writeln!(
            s,
            "  beads by MENACE's move:            {} / {} / {} / {} = {}\n  {}",
            t(beads[0]),
            t(beads[1]),
            t(beads[2]),
            t(beads[3]),
            t(beads.iter().sum::<u64>()),
            ludomat_io::text::count(set.empty_boxes() as u64, "empty box", "empty boxes")
        );
        let _ = writeln!(
            s,
            "  {}: {}",
            ludomat_io::text::count(r.games(), "game", "games"),
            ludomat_io::text::results(r.wins, r.draws, r.losses)
        );
    }
    let _ = writeln!(s, "games played in all: {}", t(menace.games()));
    s
}

/// The progress bar's note during training: MENACE's results so far, in per cent, in
/// the words of every result (`89 % wins, 9 % draws, 2 % losses`).
#[must_use]
pub fn window_rates(p: &crate::TrainPartial) -> String {
    let [w, d, l] = p.totals;
    let n = (w + d + l).max(1) as f64;
    format!(
        "{:.0} % wins, {:.0} % draws, {:.0} % losses",
        100.0 * w as f64 / n,
        100.0 * d as f64 / n,
        100.0 * l as f64 / n
    )
}

/// After training: the games MENACE has played and where it is saved, and, when a fresh
/// MENACE replaced a saved one, its games and where it is kept.
#[must_use]
pub fn trained(
    games: u64,
    path: &std::path::Path,
    replaced: Option<(u64, &std::path::Path)>,
) -> String {
    let replacing = match replaced {
        // one paragraph, no line break of its own: the wrapper breaks it at the width
        Some((n, b)) => format!(
            "\n(it replaced a MENACE of {}, kept as {}; without --fresh training continues \
             the saved MENACE)",
            ludomat_io::text::count(n, "game", "games"),
            ludomat_io::text::path(b)
        ),
        None => String::new(),
    };
    format!(
        "MENACE has now played {}; saved to {}{replacing}\n",
        ludomat_io::text::count(games, "game", "games"),
        ludomat_io::text::path(path)
    )
}

/// The one line of a run whose learning curve was thinned to fit its bound
/// ([`crate::training::MAX_CURVE_POINTS`] points): the window the curve has, and the one
/// `--window` asked for when it was given (`asked`, else
/// [`crate::training::DEFAULT_WINDOW`]). `None` when the curve kept that window
/// (`per_point` 0 is the window asked for).
#[must_use]
pub fn widened_window(asked: Option<u64>, per_point: u64) -> Option<String> {
    let default = crate::training::DEFAULT_WINDOW;
    let t = ludomat_io::text::thousands;
    let most = t(crate::training::MAX_CURVE_POINTS as u64);
    (per_point > asked.unwrap_or(default)).then(|| match asked {
        Some(asked) => format!(
            "The curve has a point every {} games, not every {} as --window asked: it keeps at \
             most {most} points.\n",
            t(per_point),
            t(asked),
        ),
        None => format!(
            "The curve has a point every {} games (at most {most} points).\n",
            t(per_point)
        ),
    })
}

/// What a training run loses when its last save fails ([`ludomat_io::text::not_saved`]),
/// and what the state file (`path`) still holds when the run saved nothing on the way:
/// the save is atomic, so a file there is the MENACE of before this run — `the 3,000
/// games trained in this run are not saved; m.json is unchanged: it holds MENACE as it
/// was before this run`.
#[must_use]
pub fn not_saved(unsaved: u64, saved_on_the_way: bool, path: &std::path::Path) -> String {
    let lost = ludomat_io::text::not_saved(unsaved, saved_on_the_way, "MENACE");
    if saved_on_the_way || std::fs::symlink_metadata(path).is_err() {
        return lost;
    }
    format!(
        "{lost}; {} is unchanged: it holds MENACE as it was before this run",
        ludomat_io::text::path(path)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line after a --fresh run over a saved MENACE: one paragraph (the wrapper breaks
    /// it at the width, never a break of its own), its count with thousands.
    #[test]
    fn a_replaced_menace_is_one_paragraph_with_its_games_in_thousands() {
        let said = trained(
            10,
            std::path::Path::new("link.json"),
            Some((3000, std::path::Path::new("m.json.bak-1"))),
        );
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(lines.len(), 2, "{said}");
        assert!(lines[1].contains("a MENACE of 3,000 games"), "{said}");
        assert!(
            lines[1].ends_with("training continues the saved MENACE)"),
            "{said}"
        );
    }
    use crate::Rules;

    /// Hostile re-trial item 8: a window widened to fit the curve's bound is said.
    #[test]
    fn a_widened_window_is_said() {
        assert_eq!(widened_window(Some(100), 0), None);
        assert_eq!(widened_window(Some(100), 100), None);
        assert_eq!(widened_window(None, 100), None);
        // no --window given: no "as --window asked"
        assert_eq!(
            widened_window(None, 800).as_deref(),
            Some("The curve has a point every 800 games (at most 10,000 points).\n")
        );
        assert_eq!(
            widened_window(Some(1), 4096).as_deref(),
            Some(
                "The curve has a point every 4,096 games, not every 1 as --window asked: it \
                 keeps at most 10,000 points.\n"
            )
        );
    }

    #[test]
    fn a_failed_save_says_what_is_lost() {
        let none = std::path::Path::new("/nonexistent/m.json");
        assert_eq!(
            not_saved(3000, false, none),
            "the 3,000 games trained in this run are not saved"
        );
        assert!(not_saved(1, true, none)
            .starts_with("the 1 game trained since this run's last save is not"));
        // a state saved before the run is there still (the save is atomic)
        let dir = tempfile::tempdir().expect("scratch");
        let m = dir.path().join("m.json");
        ludomat_io::write::atomically(&m, "{}").expect("a state");
        let kept = format!(
            "are not saved; {} is unchanged: it holds MENACE as it was before this run",
            ludomat_io::text::path(&m)
        );
        assert!(not_saved(3000, false, &m).ends_with(&kept));
    }

    /// The training bar's note in the words of every result, never `W/D/L`.
    #[test]
    fn the_training_note_says_wins_draws_losses() {
        let p = crate::TrainPartial {
            played: 100,
            totals: [89, 9, 2],
            curve: Vec::new(),
            first_box: [0; 9],
        };
        assert_eq!(window_rates(&p), "89 % wins, 9 % draws, 2 % losses");
    }

    #[test]
    fn a_fresh_menace_in_words() {
        let m = Menace::new(Rules::source(), 1);
        let l = listing(m.boxes(Player::First));
        assert_eq!(l.lines().count(), 305);
        assert!(l.contains("box #303  move 7"), "{l}");
        let s = stats(&m, &state_source("nowhere.json", false));
        assert!(
            s.starts_with("MENACE, source rules; fresh: nothing is saved yet in nowhere.json\n"),
            "{s}"
        );
        assert!(s.contains("1 / 12 / 108 / 183 = 304"), "{s}");
        assert!(s.contains("3 / 38 / 153 / 95 = 289"), "{s}");
        // within 80 columns, a trained MENACE's bead counts too (one more digit each)
        for line in s.lines().filter(|l| !l.starts_with("MENACE,")) {
            let wider = line.replace(" / ", "0 / ").replace(" = ", "0 = ");
            assert!(wider.chars().count() <= 80, "{wider}");
        }
        let b: Board = "X../.O./...".parse().unwrap();
        let e = explain(&m, Player::First, b).unwrap();
        assert!(e.contains("for MENACE's 3rd move"), "{e}");
        let e = explain(&m, Player::Second, b).unwrap_err();
        assert!(e.contains("it is X's turn, not O's (use --side x)"), "{e}");
        assert_eq!(grid(Board::EMPTY).lines().next(), Some(" ll | lm | lr "));
    }
}
