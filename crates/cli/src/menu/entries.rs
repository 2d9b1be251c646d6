//! What the menu offers: the machines in order, and under each the command lines it runs.
//!
//! Adding an entry is one line in its machine's list: `("what the user sees", "the
//! command line without ludomat")`. Labels stay under 70 characters so a sub-menu reads
//! at 80 columns; a machine keeps at most 12 entries so its sub-menu fits 24 lines
//! (`menu::tests` checks both). Command lines are split at spaces, so an entry's
//! arguments never contain one. A new machine is a new `Machine` block; the top level
//! has room for 15 in 24 rows. `crates/cli/tests/menu.rs` drives every entry by its
//! numbers: add the new entry's drive there (its prompts, answers and result text).

/// A machine of the top-level menu and its sub-menu of entries.
pub struct Machine {
    /// Its name on the top level and as the sub-menu's title.
    pub title: &'static str,
    /// `(label, command line)` pairs, in the order shown.
    pub entries: &'static [(&'static str, &'static str)],
}

/// Every machine of the menu, in the order shown.
#[rustfmt::skip]
pub const MACHINES: &[Machine] = &[
    Machine {
        title: "Noughts and crosses: any player against any",
        entries: &[
            ("you (X) against the perfect player", "play tictactoe --x human --o perfect"),
            ("you (X) against a random player", "play tictactoe --x human --o random"),
            ("the perfect player (X) against you", "play tictactoe --x perfect --o human"),
            ("perfect against random, 100,000 games", "tournament tictactoe --x perfect --o random --games 100000 --seed 1"),
            ("the exact counts: positions, games, wins", "tictactoe facts"),
        ],
    },
    Machine {
        title: "Computox and AUTOX: relay noughts and crosses (1956)",
        entries: &[
            ("Computox, you start", "play computox"),
            ("Computox, the machine starts (OS relay)", "play computox --machine-first"),
            ("Computox, beatable (X relay)", "play computox --beatable"),
            ("Computox with the hidden MODE switches, explained", "play computox --mode-switches --explain"),
            ("Computox as referee for two players", "play computox --two-player"),
            ("the simulated circuit plays: U1 steps and relays in order", "play computox --relays"),
            ("AUTOX (1956): shutters and START", "play computox --autox"),
            ("the contact plan, the hazard proof and the exact counts", "play computox --plan"),
        ],
    },
    Machine {
        title: "MENACE: Donald Michie's matchbox learner (1961)",
        entries: &[
            ("play the matchbox machine (it remembers between sessions)", "menace play --quiet-boxes"),
            ("play, showing all 304 matchboxes after each game", "menace play"),
            ("train it against the perfect player (2,000 games, a chart)", "menace train --against perfect --games 2000 --seed 1"),
            ("count its matchboxes and beads, and show its record", "menace stats"),
            ("print a matchbox kit of the saved MENACE (PDF, 10 A4 pages)", "menace kit"),
        ],
    },
    Machine {
        title: "The relay computer and its teletype",
        entries: &[
            ("noughts and crosses on the article's 46-word ROM (you are O)", "play relay-tictactoe"),
            ("the same with guarded keys and the corrected ROM", "play relay-tictactoe --guarded --rom corrected"),
            ("the ROM's listing, as the article prints it", "relay asm programs/relay/tictactoe.asm --format listing"),
            ("emulator speed (100 million instructions)", "relay bench --max-steps 1e8"),
        ],
    },
    Machine {
        title: "Ternary logic graphs and relays",
        entries: &[
            ("the source article's RS NOR latch, event by event", "logic latch --trace"),
            ("two squares of a relay noughts-and-crosses input latch", "logic squares"),
        ],
    },
    Machine {
        title: "3D and 4D tic-tac-toe: the IBM 1620 programs",
        entries: &[
            ("4×4×4 against OTHER-1, levels shown", "play qubic"),
            ("4×4×4 against the 1962 deck, which moves first", "play qubic --strategy louden1962 --machine-first"),
            ("4×4×4×4 against OTHER-1", "play qubic --dims 4"),
            ("4×4×4×4: defend against the stored forced win", "play qubic --dims 4 --strategy forced"),
            ("4×4×4: re-check the certificate of the first player's win", "qubic proof --dims 3"),
            ("4×4×4×4: check the stored forced win against the rules", "qubic proof"),
            ("OTHER-1 against OTHER-1, 1,000 games", "tournament qubic --games 1000 --seed 1962"),
        ],
    },
    Machine {
        title: "Threes! and its expectimax AI",
        entries: &[
            ("play (arrow keys or w a s d)", "play threes"),
            ("play with the AI assistant", "play threes --assist"),
            ("watch the AI play 3 games: each final board, then the scores", "threes auto --games 3 --depth 2 --seed 1 --show"),
        ],
    },
    Machine {
        title: "Regex crosswords: the 2013 MIT Mystery Hunt hexagon",
        entries: &[
            ("solve the MIT hexagon, deductions shown", "regex solve mit-2013-hexagon --explain"),
            ("fill in a small hexagon yourself", "play regex small-hexagon"),
            ("the same in the web museum, deductions step by step (Ctrl-C stops)", "serve --open --exhibit regex"),
        ],
    },
    Machine {
        title: "HER: Gardner's hexapawn matchbox learner (1962)",
        entries: &[
            ("hexapawn against HER (you are White)", "play hexapawn"),
            ("train HER against a random White, 200 games", "her train --games 200 --seed 1"),
            ("HER's 19 matchboxes and their beads", "her boxes"),
            ("print a matchbox kit of HER (PDF, 5 A4 pages)", "her kit"),
        ],
    },
    Machine {
        title: "The web museum: every machine in your browser",
        entries: &[
            ("open the museum, insides shown (Ctrl-C stops the server)", "serve --open"),
        ],
    },
];
