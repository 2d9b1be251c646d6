//! An adapter that lets nneonneo's Threes! AI (github.com/nneonneo/threes-ai, C++ core)
//! speak ludomat's engine protocol (`crates/threes/ENGINE.md`), for measuring only.
//!
//! It contains none of the peer's code: it loads the peer's own shared library
//! (`bin/threes.so`, built by the peer's `./configure && make` in a checkout of yours) at
//! the path given by `--lib`, and calls the functions that library exports:
//! `init_tables`, `set_heurweights` and `score_toplevel_move(board, deck, tileset, move)`,
//! choosing the swipe with the highest score as the peer's own `find_best_move` does
//! (without its printing).
//!
//! How our state is presented (see ENGINE.md, "The nneonneo adapter"):
//! * the board: the same nibble layout (cell (r, c) in bits 4(4r + c); codes 1, 2, 3, 6 → 4 …);
//! * the hint: our set of possible values is the peer's `tileset` bit for bit (bit c: code c);
//! * the deck: the peer wants the deck *before* the hinted card was drawn; ours is after
//!   it, so a hinted 1, 2 or 3 is put back (a deck that was just refilled stood at that one
//!   card); a bonus card leaves the deck as it is;
//! * the moves: the peer's 0 up, 1 down, 2 left, 3 right are our order.
//!
//! The peer's thinking time is its depth rule (max(3, distinct cards ≥ 3 − 2), +2 late).
//! `--depth-offset K` shifts it by K (at least 1) through an `int depth_offset` the library
//! must then export — the stock library has none, and the adapter refuses K ≠ 0 with it.
//!
//! ```text
//! cargo run --release -p ludomat-threes --example nneonneo_engine -- --lib PATH/bin/threes.so \
//!     [--depth-offset K] [--weights W1,…,W7]
//! ```

use std::io::Write;
use std::process::ExitCode;

use ludomat_threes::engine::protocol::{parse_to_engine, ToEngine};
use ludomat_threes::{Deck, Direction, Position};

type ScoreFn = unsafe extern "C" fn(u64, u32, u16, i32) -> f32;
type InitFn = unsafe extern "C" fn();
type WeightsFn = unsafe extern "C" fn(*mut f32, i32);

struct Args {
    lib: String,
    depth_offset: i32,
    weights: Option<Vec<f32>>,
}

fn args() -> Result<Args, String> {
    let mut lib = None;
    let mut depth_offset = 0;
    let mut weights = None;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--lib" => lib = Some(value("--lib")?),
            "--depth-offset" => {
                let v = value("--depth-offset")?;
                depth_offset = v
                    .parse()
                    .ok()
                    .filter(|k: &i32| (-10..=10).contains(k))
                    .ok_or(format!("--depth-offset {v}: a whole number from -10 to 10"))?;
            }
            "--weights" => {
                let v = value("--weights")?;
                let w: Vec<f32> = v
                    .split(',')
                    .map(|x| x.trim().parse::<f32>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("--weights {v}: seven numbers separated by commas"))?;
                if w.len() != 7 || w.iter().any(|x| !x.is_finite()) {
                    return Err(format!("--weights {v}: seven finite numbers"));
                }
                weights = Some(w);
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(Args {
        lib: lib.ok_or("--lib PATH (the peer's bin/threes.so) is required")?,
        depth_offset,
        weights,
    })
}

/// The peer's deck word: the 1s, 2s and 3s before the hinted card was drawn.
fn peer_deck(pos: &Position) -> u32 {
    let mut counts = pos.deck.counts;
    if pos.hint.len() == 1 {
        let code = pos.hint.codes.trailing_zeros() as usize;
        if (1..=3).contains(&code) {
            if pos.deck == Deck::FRESH {
                // the hinted card was the last of its deck
                counts = [0, 0, 0];
            }
            counts[code - 1] += 1;
        }
    }
    u32::from(counts[0]) | (u32::from(counts[1]) << 8) | (u32::from(counts[2]) << 16)
}

fn run() -> Result<(), String> {
    let a = args()?;
    // SAFETY: loading the library runs its initialisers; the peer's has none beyond static
    // tables. The symbols are used with the signatures of the peer's `threes.h`.
    let lib = unsafe { libloading::Library::new(&a.lib) }
        .map_err(|e| format!("cannot load {}: {e}", a.lib))?;
    // SAFETY: the signatures are those declared in the peer's threes.h.
    let (score, init, set_weights) = unsafe {
        (
            lib.get::<ScoreFn>(b"score_toplevel_move")
                .map_err(|e| format!("{}: no score_toplevel_move: {e}", a.lib))?,
            lib.get::<InitFn>(b"init_tables")
                .map_err(|e| format!("{}: no init_tables: {e}", a.lib))?,
            lib.get::<WeightsFn>(b"set_heurweights")
                .map_err(|e| format!("{}: no set_heurweights: {e}", a.lib))?,
        )
    };
    if a.depth_offset != 0 {
        // SAFETY: `depth_offset` is an `int` the library exports (see the module docs).
        let p = unsafe { lib.get::<*mut i32>(b"depth_offset") }.map_err(|_| {
            format!(
                "{} exports no `depth_offset`, so --depth-offset {} cannot be applied (see ENGINE.md)",
                a.lib, a.depth_offset
            )
        })?;
        // SAFETY: the symbol is the address of the library's `int depth_offset`; this
        // program is single-threaded.
        unsafe { **p = a.depth_offset };
    }
    // SAFETY: plain C calls with valid arguments (a pointer to 7 floats and its length).
    unsafe {
        if let Some(mut w) = a.weights.clone() {
            set_weights(w.as_mut_ptr(), 7);
        }
        init();
    }
    let mut out = ludomat_io::out::stdout().lock();
    let mut input = ludomat_io::read::Lines::new(ludomat_io::read::stdin());
    loop {
        let Some(line) = input.next_line().map_err(|e| e.to_string())? else {
            return Ok(());
        };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match parse_to_engine(line.trim()) {
            Ok(ToEngine::Hello) => format!(
                "id name nneonneo/threes-ai (depth offset {})\nid author Robert Xiao (adapter: ludomat)\nthreesok",
                a.depth_offset
            ),
            Ok(ToEngine::IsReady) => "readyok".into(),
            Ok(ToEngine::NewGame | ToEngine::GameOver { .. }) => continue,
            Ok(ToEngine::Quit) => return Ok(()),
            Ok(ToEngine::Turn { position, .. }) => {
                let deck = peer_deck(&position);
                let mut best: Option<(Direction, f32)> = None;
                for d in Direction::ALL {
                    // SAFETY: a plain C call on values.
                    let v = unsafe {
                        score(position.board.0, deck, position.hint.codes, d.index() as i32)
                    };
                    if v > 0.0 && best.is_none_or(|(_, b)| v > b) {
                        best = Some((d, v));
                    }
                }
                match best {
                    Some((d, v)) => format!("info value {v:.1}\nswipe {}", d.name()),
                    None => "error no swipe moves anything on this board".into(),
                }
            }
            Err(e) => format!("error {e}"),
        };
        writeln!(out, "{reply}")
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())?;
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            ludomat_io::errln!("nneonneo_engine: {e}");
            ExitCode::FAILURE
        }
    }
}
