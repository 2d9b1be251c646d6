//! Swipes for an instruction count (`valgrind --tool=callgrind`): every board of
//! `ludomat_threes::bench::boards()` swiped in all four directions, `R` times (first
//! argument). Run with R = 0 and R = 10 and divide the difference by 4 × boards × 10: the
//! instructions per swipe. `--dump FILE` writes the boards (one hex `u64` a line) for a
//! peer's driver to swipe the same boards.

use ludomat_threes::{bench, Direction};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards = bench::boards();
    if args.first().map(String::as_str) == Some("--dump") {
        let text: String = boards.iter().map(|b| format!("{:016x}\n", b.0)).collect();
        if let Some(path) = args.get(1) {
            if let Err(e) = ludomat_io::write::atomically(path, text) {
                ludomat_io::errln!("cannot write {path}: {e}");
                std::process::exit(1);
            }
        }
        return;
    }
    let rounds: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(10);
    // build the tables outside the counted rounds
    let mut sink = boards[0].swipe(Direction::Up).map_or(0, |s| s.board.0);
    for _ in 0..rounds {
        for &b in &boards {
            for d in Direction::ALL {
                if let Some(s) = std::hint::black_box(b).swipe(d) {
                    sink = sink.wrapping_add(s.board.0 ^ u64::from(s.moved));
                }
            }
        }
    }
    ludomat_io::outln!("{} boards, {rounds} rounds, sink {sink:x}", boards.len());
}
