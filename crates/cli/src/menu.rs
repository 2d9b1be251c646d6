//! The interactive menu shown by a bare `ludomat` (`cargo run --release`): a numbered list
//! of the machines; each entry is an ordinary command line, dispatched like any other.

use std::io::Write;

use anyhow::Result;
use clap::Parser;

use crate::{dispatch, Cli};

/// One menu line: the machine it belongs to, what it is, and the command line it runs.
struct Entry {
    machine: &'static str,
    label: &'static str,
    args: &'static [&'static str],
}

const fn entry(machine: &'static str, label: &'static str, args: &'static [&'static str]) -> Entry {
    Entry {
        machine,
        label,
        args,
    }
}

const TTT: &str = "Noughts and crosses";
const MENACE: &str = "MENACE (Michie's matchbox learner, 1961)";
const RELAY: &str = "The relay computer and its teletype";
const LOGIC: &str = "Ternary logic graphs and relays";
const QUBIC: &str = "3D and 4D tic-tac-toe (the IBM 1620 programs)";
const THREES: &str = "Threes! and its expectimax AI";
const COMPUTOX: &str = "Computox and AUTOX (relay noughts and crosses, 1956)";
const MUSEUM: &str = "The web museum (in your browser)";
const REGEX: &str = "Regex crosswords (the 2013 MIT Mystery Hunt hexagon)";

const ENTRIES: &[Entry] = &[
    entry(
        TTT,
        "you (X) against the perfect player",
        &["play", "tictactoe", "--x", "human", "--o", "perfect"],
    ),
    entry(
        TTT,
        "you (X) against a random player",
        &["play", "tictactoe", "--x", "human", "--o", "random"],
    ),
    entry(
        TTT,
        "the perfect player (X) against you",
        &["play", "tictactoe", "--x", "perfect", "--o", "human"],
    ),
    entry(COMPUTOX, "Computox, you start", &["play", "computox"]),
    entry(
        COMPUTOX,
        "Computox, the machine starts (OS relay)",
        &["play", "computox", "--machine-first"],
    ),
    entry(
        COMPUTOX,
        "Computox, beatable (X relay)",
        &["play", "computox", "--beatable"],
    ),
    entry(
        COMPUTOX,
        "Computox with the hidden MODE switches, explained",
        &["play", "computox", "--mode-switches", "--explain"],
    ),
    entry(
        COMPUTOX,
        "Computox as referee for two players",
        &["play", "computox", "--two-player"],
    ),
    entry(
        COMPUTOX,
        "AUTOX (1956): shutters and START",
        &["play", "computox", "--autox"],
    ),
    entry(
        COMPUTOX,
        "the contact plan, the hazard proof and the exact counts",
        &["play", "computox", "--plan"],
    ),
    entry(
        MENACE,
        "play the matchbox machine (it remembers between sessions)",
        &["menace", "play", "--quiet-boxes"],
    ),
    entry(
        MENACE,
        "play, showing all 304 matchboxes after each game",
        &["menace", "play"],
    ),
    entry(
        MENACE,
        "train it against the perfect player (2,000 games, with a chart)",
        &["menace", "train", "--against", "perfect", "--games", "2000"],
    ),
    entry(MENACE, "its matchboxes and record", &["menace", "stats"]),
    entry(
        "HER (Gardner's hexapawn matchbox learner, 1962)",
        "hexapawn against HER",
        &["play", "hexapawn"],
    ),
    entry(
        RELAY,
        "noughts and crosses on the article's 46-word ROM (you are O)",
        &["play", "relay-tictactoe"],
    ),
    entry(
        RELAY,
        "the same with guarded keys and the corrected ROM",
        &["play", "relay-tictactoe", "--guarded", "--rom", "corrected"],
    ),
    entry(
        RELAY,
        "the ROM's listing, as the article prints it",
        &[
            "relay",
            "asm",
            "programs/relay/tictactoe.asm",
            "--format",
            "listing",
        ],
    ),
    entry(
        RELAY,
        "emulator speed (a billion instructions)",
        &["relay", "bench", "--max-steps", "1e9"],
    ),
    entry(
        LOGIC,
        "the seed's RS NOR latch, event by event",
        &["logic", "latch", "--trace"],
    ),
    entry(
        LOGIC,
        "two squares of a relay noughts-and-crosses input latch",
        &["logic", "squares"],
    ),
    entry(
        QUBIC,
        "4×4×4 against OTHER-1, levels shown",
        &["play", "qubic"],
    ),
    entry(
        QUBIC,
        "4×4×4 against the 1962 deck, which moves first",
        &[
            "play",
            "qubic",
            "--strategy",
            "louden1962",
            "--machine-first",
        ],
    ),
    entry(
        QUBIC,
        "4×4×4×4 against OTHER-1",
        &["play", "qubic", "--dims", "4"],
    ),
    entry(
        QUBIC,
        "4×4×4×4: defend against the stored forced win",
        &["play", "qubic", "--dims", "4", "--strategy", "forced"],
    ),
    entry(
        QUBIC,
        "4×4×4×4: check the forced win against the rules",
        &["qubic", "proof"],
    ),
    entry(
        QUBIC,
        "OTHER-1 self-play, 10,000 games",
        &["tournament", "qubic", "--games", "10000", "--seed", "1962"],
    ),
    entry(THREES, "play (arrow keys or w a s d)", &["play", "threes"]),
    entry(
        THREES,
        "play with the AI assistant",
        &["play", "threes", "--assist"],
    ),
    entry(
        THREES,
        "watch the AI play 10 games",
        &["threes", "auto", "--games", "10", "--depth", "3"],
    ),
    entry(
        MUSEUM,
        "open the museum: every machine in the browser, insides shown",
        &["serve", "--open"],
    ),
    entry(
        REGEX,
        "solve the MIT hexagon, deductions shown",
        &["regex", "solve", "mit-2013-hexagon", "--explain"],
    ),
    entry(
        REGEX,
        "fill in a small hexagon yourself",
        &["play", "regex", "small-hexagon"],
    ),
];

/// Show the menu until the user quits or input ends.
pub fn run() -> Result<()> {
    let mut input = ludomat_game::LineInput::Stdin;
    loop {
        println!("\nludomat — historic game-playing machines\n");
        let mut machine = "";
        for (i, e) in ENTRIES.iter().enumerate() {
            if e.machine != machine {
                machine = e.machine;
                println!("  {machine}");
            }
            println!("    {:>2}. {}", i + 1, e.label);
        }
        println!("     q. quit");
        println!("\n(each entry is a command line: `ludomat --help` lists them all)");
        print!("Choose: ");
        std::io::stdout().flush()?;
        let Some(line) = input.next_line()? else {
            println!();
            return Ok(());
        };
        let choice = line.trim();
        if choice.eq_ignore_ascii_case("q") || choice.eq_ignore_ascii_case("quit") {
            return Ok(());
        }
        let Some(entry) = choice
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| ENTRIES.get(i))
        else {
            println!(
                "'{choice}' is not on the menu: type a number from 1 to {}, or q.",
                ENTRIES.len()
            );
            continue;
        };
        println!("\n$ ludomat {}\n", entry.args.join(" "));
        let cli =
            Cli::try_parse_from(std::iter::once("ludomat").chain(entry.args.iter().copied()))?;
        if let Some(command) = cli.command {
            if let Err(e) = dispatch(command) {
                println!("ludomat: {e:#}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_menu_entry_is_a_valid_command_line() {
        for e in ENTRIES {
            let parsed =
                Cli::try_parse_from(std::iter::once("ludomat").chain(e.args.iter().copied()));
            assert!(parsed.is_ok(), "{}: {:?}", e.label, parsed.err());
        }
    }
}
