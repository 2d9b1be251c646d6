//! `ludomat tournament …` and the museum's arena print the same table for the same
//! settings: the arena plays the tournament in batches, the CLI in parallel chunks.

use ludomat_io::child::Run as _;
use std::process::Command;

use ludomat_arena::{ArenaAction, ArenaConfig, ArenaSession, GameKind, Sides};
use ludomat_game::Session;

fn cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .run_output()
        .expect("run ludomat");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn arena(config: ArenaConfig) -> String {
    let mut s = ArenaSession::new(config).expect("settings");
    s.apply(ArenaAction::Run).expect("run");
    while s.view().busy {
        s.apply(ArenaAction::Step).expect("step");
    }
    s.view().tables[0].text.clone()
}

#[test]
fn the_arena_table_is_the_cli_table() {
    let cases: [(&[&str], ArenaConfig); 3] = [
        (
            &[
                "tournament",
                "tictactoe",
                "--x",
                "menace-trained",
                "--o",
                "computox-beatable",
                "--games",
                "500",
                "--seed",
                "7",
                "--quiet",
            ],
            ArenaConfig {
                a: "menace-trained".into(),
                b: "computox-beatable".into(),
                games: 500,
                seed: 7,
                ..ArenaConfig::default()
            },
        ),
        (
            &[
                "tournament",
                "tictactoe",
                "--x",
                "autox",
                "--o",
                "menace",
                "--games",
                "300",
                "--seed",
                "2",
                "--sides",
                "alternate",
                "--quiet",
            ],
            ArenaConfig {
                a: "autox".into(),
                b: "menace".into(),
                games: 300,
                seed: 2,
                sides: Sides::Alternate,
                ..ArenaConfig::default()
            },
        ),
        (
            &[
                "tournament",
                "qubic",
                "--x",
                "other1",
                "--o",
                "threats",
                "--games",
                "12",
                "--seed",
                "5",
                "--x-disable",
                "6,9",
                "--quiet",
            ],
            ArenaConfig {
                game: GameKind::Qubic,
                a: "other1".into(),
                b: "threats".into(),
                games: 12,
                seed: 5,
                sides: Sides::Alternate,
                a_disable: "6,9".into(),
                ..ArenaConfig::default()
            },
        ),
    ];
    for (args, config) in cases {
        assert_eq!(arena(config), cli(args), "{args:?}");
    }
}
