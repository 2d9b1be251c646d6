//! The exhibit registry: every machine the museum can show, one entry each.
//!
//! Adding an exhibit is one entry in [`EXHIBITS`] (and, in the front end, a module
//! `web/src/exhibits/<kind>.ts`; see the crate README, "Adding an exhibit").

use ludomat_game::{new_dyn_session, DynSession, SessionError};
use serde::Serialize;

/// Starts a session from a JSON config (`null` for the machine's default).
pub type StartFn = fn(serde_json::Value) -> Result<Box<dyn DynSession>, SessionError>;

/// One exhibit: what the home page says about it and how to start a visit.
#[derive(Clone, Copy, Serialize)]
pub struct Exhibit {
    /// The session's [`ludomat_game::Session::KIND`]; also the URL (`/exhibits/<kind>`)
    /// and the front-end module's name (`web/src/exhibits/<kind>.ts`).
    pub kind: &'static str,
    /// The machine's name as the page heads it.
    pub title: &'static str,
    /// One line of history.
    pub history: &'static str,
    /// The source the exhibit follows.
    pub source: &'static str,
    /// Starts a session.
    #[serde(skip)]
    pub start: StartFn,
}

/// Every exhibit, in the order the home page shows them.
pub const EXHIBITS: &[Exhibit] = &[
    Exhibit {
        kind: "tictactoe",
        title: "Noughts and crosses",
        history: "The game every machine here plays: 255,168 games, 765 positions up to \
                  symmetry, a draw with best play.",
        source: "Counted and solved here by exhaustive search of every position \
                 (crates/tictactoe)",
        start: new_dyn_session::<ludomat_tictactoe::TictactoeSession>,
    },
    Exhibit {
        kind: "computox",
        title: "Computox / AUTOX",
        history: "Relay noughts and crosses: the 1956 AUTOX (Model Engineer) and the Computox \
              built on it choose each move by one sweep of a uniselector over 25 contacts.",
        source: "The Computox restoration blog, \"Computox / AUTOX Move Selection\"; the \
             contact plan reconstructed (crates/computox)",
        start: new_dyn_session::<ludomat_computox::ComputoxSession>,
    },
    Exhibit {
        kind: "relay",
        title: "The relay computer and its teletype",
        history: "A hobbyist's 8-bit relay computer (2023): 64 instruction words on DIP switches, \
                  a Consul teletype, and noughts and crosses in 46 words.",
        source: "The builder's article with its machine code and instruction set \
                 (crates/relay-cpu)",
        start: new_dyn_session::<ludomat_relay_cpu::RelaySession>,
    },
    Exhibit {
        kind: "menace",
        title: "MENACE",
        history: "Donald Michie's Machine Educable Noughts And Crosses Engine (1961): 304 \
                  matchboxes of coloured beads that learn to play by reward and punishment.",
        source: "The MENACE challenge and the published history of Michie's \
                 machine; the exhibit after Matthew Scroggs' online MENACE (crates/menace)",
        start: ludomat_arena::menace::start_session,
    },
    Exhibit {
        kind: "hexapawn",
        title: "HER, the hexapawn learner",
        history: "Martin Gardner's Hexapawn Educable Robot (Scientific American, March 1962): \
                  MENACE's matchboxes on a 3×3 board of pawns, learning by losing beads.",
        source: "Gardner's \"Mathematical Games\" column, March 1962; HER's boxes generated \
                 from the game tree (crates/hexapawn)",
        start: new_dyn_session::<ludomat_hexapawn::HexapawnSession>,
    },
    Exhibit {
        kind: "qubic",
        title: "3D tic-tac-toe on the IBM 1620",
        history: "Four in a row on a 4×4×4 cube against the IBM 1620: Bob Louden's FORTRAN deck \
                  of February 1962 with its typed remarks, the machine-code rewrite documented \
                  for OTHER-1, and on 4×4×4×4 the first player's proven forced win.",
        source: "Louden's 1962 deck and the OTHER-1 notes; the 4D strategy tree \
                 stored and verified here (crates/qubic)",
        start: new_dyn_session::<ludomat_qubic::QubicSession>,
    },
    Exhibit {
        kind: "threes",
        title: "Threes!",
        history: "Sirvo's sliding-card game (2014): 1s and 2s make 3, equal cards from 3 up \
                  double; the next card is hinted. An expectimax AI estimates every swipe.",
        source: "The articles \"Threes! AI — Game Representation\" and \"A Simple \
                 Distribution Method\", which give the rules and the card deck (crates/threes)",
        start: new_dyn_session::<ludomat_threes::ThreesSession>,
    },
    Exhibit {
        kind: "logic",
        title: "The logic bench",
        history: "Gates, relays and lamps on three values (1 true, 0 false, x unknown), \
                  propagated event by event: the source's RS NOR latch, the ISCAS-85 benchmark \
                  circuits, your own .bench file, and a relay noughts-and-crosses input latch.",
        source: "\"Evaluating Logic Circuits with Ternary Logic Graphs\"; ISCAS-85 \
                 (Brglez & Fujiwara, 1985) (crates/logic)",
        start: new_dyn_session::<ludomat_logic::LogicSession>,
    },
    Exhibit {
        kind: "regex",
        title: "Regex crosswords",
        history: "Grids whose every line must match the regular expression printed beside it: \
                  regexcrossword.com's rectangles and the 2013 MIT Mystery Hunt's hexagon, \
                  127 cells read in three directions, solved here clue by clue.",
        source: "\"A Regular Crossword\", 2013 MIT Mystery Hunt (Coin Heist round); the \
                 solver's propagation and search (crates/regex-crossword)",
        start: new_dyn_session::<ludomat_regex_crossword::RegexSession>,
    },
    Exhibit {
        kind: "arena",
        title: "The arena",
        history:
            "Where the machines meet: any two noughts-and-crosses machines — perfect, random, \
                  MENACE fresh or trained, the Computox in each mode and relay by relay, the relay \
                  computer's ROM, the AUTOX — or the IBM 1620's 3D programs, in seeded tournaments.",
        source: "Each machine's own crate; the tournament and its seeds as `ludomat tournament` \
                 plays them (crates/arena)",
        start: new_dyn_session::<ludomat_arena::ArenaSession>,
    },
];

/// Exhibits whose session draws a seed of its own when none is given (MENACE, HER): in
/// the museum their seed is 1 unless the visitor sets one, as every `--seed` defaults
/// to 1 — shown, settable, and kept in the share link.
const SEEDED_BY_DEFAULT: &[&str] = &["menace", "hexapawn"];

/// `config` for an exhibit of `kind`, with `"seed": 1` where its session would draw a
/// seed of its own (`config` `null` or an object without a seed).
#[must_use]
pub fn with_default_seed(kind: &str, config: serde_json::Value) -> serde_json::Value {
    if !SEEDED_BY_DEFAULT.contains(&kind) {
        return config;
    }
    match config {
        serde_json::Value::Null => serde_json::json!({ "seed": 1 }),
        serde_json::Value::Object(mut m) => {
            if m.get("seed").is_none_or(serde_json::Value::is_null) {
                m.insert("seed".into(), serde_json::json!(1));
            }
            serde_json::Value::Object(m)
        }
        other => other,
    }
}

/// The exhibit of `kind`.
#[must_use]
pub fn find(kind: &str) -> Option<&'static Exhibit> {
    EXHIBITS.iter().find(|e| e.kind == kind)
}

/// The kinds, comma-separated, for error messages.
#[must_use]
pub fn kinds() -> String {
    EXHIBITS
        .iter()
        .map(|e| e.kind)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_exhibit_starts_with_its_default_and_kinds_are_unique() {
        for (i, e) in EXHIBITS.iter().enumerate() {
            let s = (e.start)(serde_json::Value::Null).unwrap();
            assert_eq!(s.kind(), e.kind);
            assert!(EXHIBITS[..i].iter().all(|o| o.kind != e.kind), "{}", e.kind);
        }
        assert!(find("tictactoe").is_some());
        assert!(find("nope").is_none());
    }

    #[test]
    fn menace_and_her_start_with_seed_1_unless_given_one() {
        use serde_json::json;
        for kind in ["menace", "hexapawn"] {
            assert_eq!(with_default_seed(kind, json!(null)), json!({"seed": 1}));
            assert_eq!(
                with_default_seed(kind, json!({"opponent": "random"})),
                json!({"opponent": "random", "seed": 1})
            );
            assert_eq!(
                with_default_seed(kind, json!({"seed": 7})),
                json!({"seed": 7})
            );
            let e = find(kind).unwrap();
            let s = (e.start)(with_default_seed(kind, json!(null))).unwrap();
            assert_eq!(s.config_json()["seed"], 1, "{kind}");
        }
        assert_eq!(with_default_seed("tictactoe", json!(null)), json!(null));
    }
}
