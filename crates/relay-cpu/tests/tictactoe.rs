//! The tic-tac-toe ROM against its sources: the article's machine code bit for bit, the
//! spec's transcripts, and every line of play.

use std::path::Path;

use ludomat_game::{explore_with, Outcome, Player};
use ludomat_relay_cpu::{assemble, BookAgent, Key, Machine, RelayAgent, Stop, TicTacToeRom};
use ludomat_tictactoe::{Board, Cell};

fn seed_text() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/seeds/003_601e6172e4bb6f40.txt");
    ludomat_io::read::to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The article's listing lines `text addr: bbbbbbbb bbbbbbbb`, as (text, addr, word).
fn article_listing() -> Vec<(String, usize, u16)> {
    seed_text()
        .lines()
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let n = words.len();
            if n < 4 {
                return None;
            }
            let addr = words[n - 3].strip_suffix(':')?;
            let (hi, lo) = (words[n - 2], words[n - 1]);
            if addr.len() != 2 || hi.len() != 8 || lo.len() != 8 {
                return None;
            }
            let addr = usize::from_str_radix(addr, 16).ok()?;
            let word = u16::from_str_radix(&format!("{hi}{lo}"), 2).ok()?;
            Some((words[..n - 3].join(" "), addr, word))
        })
        .collect()
}

#[test]
fn assembles_to_the_articles_46_words_bit_for_bit() {
    let article = article_listing();
    assert_eq!(article.len(), 46);
    for (i, (_, addr, _)) in article.iter().enumerate() {
        assert_eq!(*addr, i, "the article numbers its words 00-2d in order");
    }
    let program = assemble(TicTacToeRom::AsNumbered.source()).unwrap();
    let expected: Vec<u16> = article.iter().map(|a| a.2).collect();
    assert_eq!(program.words, expected);
    // The listing prints the same text, address and bits on every word line.
    let ours: Vec<String> = program
        .listing_text()
        .lines()
        .filter(|l| l.contains(": "))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let theirs: Vec<String> = article
        .iter()
        .map(|(t, a, w)| format!("{t} {a:02x}: {:08b} {:08b}", w >> 8, w & 0xff))
        .collect();
    assert_eq!(ours, theirs);
}

/// Type `keys` into a fresh machine running `rom`; return everything printed and whether
/// the machine stopped waiting for more keys.
fn transcript(rom: TicTacToeRom, keys: &[u8]) -> (Vec<u8>, bool) {
    let mut m = Machine::new(rom.rom());
    assert_eq!(m.run(1_000), Stop::Halted);
    for &k in keys {
        assert!(m.waiting_for_key(), "{rom}: not waiting before key {k}");
        m.press_key(Key::new(k).unwrap());
        assert_eq!(m.run(1_000), Stop::Halted);
    }
    (m.teletype().printed().to_vec(), m.waiting_for_key())
}

#[test]
fn the_spec_transcripts_for_both_roms() {
    for rom in TicTacToeRom::ALL {
        assert_eq!(transcript(rom, &[0, 1]), (vec![8, 0, 7, 1, 3, 9, 9], false));
        assert_eq!(
            transcript(rom, &[1, 4, 3]),
            (vec![8, 1, 0, 4, 7, 3, 6, 9, 9], false)
        );
        assert_eq!(
            transcript(rom, &[0, 3, 5]),
            (vec![8, 0, 7, 3, 2, 5, 6, 9, 9], false)
        );
    }
    let tie = [8, 0, 7, 3, 2, 6, 5, 1];
    assert_eq!(
        transcript(TicTacToeRom::AsNumbered, &[0, 3, 6, 1]),
        (tie.to_vec(), false)
    );
    let mut with_nine = tie.to_vec();
    with_nine.push(9);
    assert_eq!(
        transcript(TicTacToeRom::Corrected, &[0, 3, 6, 1]),
        (with_nine, false)
    );
}

#[test]
fn the_faithful_rom_accepts_anything() {
    // Key 8 (the centre, the machine's own square) and 9 are taken as moves: the ROM
    // checks nothing. 8 → it plays left of 8 = 7, and wins opposite 7 when not blocked.
    let (printed, _) = transcript(TicTacToeRom::AsNumbered, &[8, 9]);
    assert_eq!(printed, [8, 8, 7, 9, 3, 9, 9]);
}

type Lines = Vec<(Vec<Cell>, Outcome)>;

fn all_lines(agent: &mut dyn ludomat_game::Agent<Board>) -> (ludomat_game::ExploreCounts, Lines) {
    let mut lines = Vec::new();
    let counts = explore_with(&Board::EMPTY, agent, Player::First, &mut |m, o| {
        lines.push((m.to_vec(), o));
    })
    .unwrap();
    (counts, lines)
}

#[test]
fn never_loses_against_every_line_and_agrees_with_the_book() {
    let mut book = BookAgent::new();
    let (book_counts, book_lines) = all_lines(&mut book);
    for rom in TicTacToeRom::ALL {
        let mut relay = RelayAgent::new(rom);
        let (counts, lines) = all_lines(&mut relay);
        assert_eq!(counts.losses, 0, "{rom}");
        assert_eq!(
            (counts.wins, counts.draws, counts.games()),
            (
                EXPECTED_WINS,
                EXPECTED_DRAWS,
                EXPECTED_WINS + EXPECTED_DRAWS
            ),
            "{rom}"
        );
        assert_eq!(relay.forced_final_moves(), EXPECTED_FORCED, "{rom}");
        // It knows when it has won: "9 9" exactly on the games the board says it won.
        assert_eq!(relay.declared_wins(), counts.wins, "{rom}");
        assert_eq!(lines, book_lines, "{rom}: the ROM and the book disagree");
    }
    assert_eq!(book_counts.losses, 0);
    assert_eq!(book.forced_final_moves(), EXPECTED_FORCED);
}

/// Every sequence of legal human moves: 76 distinct games, 72 won by the machine, 4 drawn.
const EXPECTED_WINS: u64 = 72;
const EXPECTED_DRAWS: u64 = 4;
/// In the 4 drawn games the ROM declares the tie with one square left.
const EXPECTED_FORCED: u64 = 4;
