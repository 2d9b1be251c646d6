//! The dependency picture is a tower (issue 26): a machine crate depends only on the
//! shared layers — `ludomat-io` (the foundation), `ludomat-game`, `ludomat-tictactoe`, `ludomat-logic`, `ludomat-chart`,
//! `ludomat-qubic-verify`, `ludomat-cluster` (the master/worker layer) — never sideways on another machine. Opponents from other
//! machines are handed in by whoever builds a session (this crate's factories). Only the
//! crates that put machines together — the binary, the museum, the arena, the fuzzing
//! harness, the matchbox kit — may depend on machines. Read from `cargo metadata`, every kind of
//! dependency (normal, build, dev) counted.

use ludomat_io::child::Run as _;
use std::collections::BTreeSet;
use std::process::Command;

/// The shared layers every crate may use.
const SHARED: [&str; 7] = [
    "ludomat-io",
    "ludomat-game",
    "ludomat-tictactoe",
    "ludomat-logic",
    "ludomat-chart",
    "ludomat-qubic-verify",
    "ludomat-cluster",
];

/// The crates that put machines together.
const ASSEMBLERS: [&str; 5] = [
    "ludomat",
    "ludomat-museum",
    "ludomat-arena",
    "ludomat-fuzzing",
    // prints the matchboxes of MENACE and HER: it draws machines, it is none itself
    "ludomat-kit",
];

#[test]
fn no_machine_crate_depends_on_another_machine() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml");
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
            "--manifest-path",
            manifest,
        ])
        .run_output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let names = workspace(&meta);
    for needed in SHARED
        .iter()
        .chain(["ludomat-menace", "ludomat-arena"].iter())
    {
        assert!(names.contains(*needed), "{needed} is not in the workspace");
    }
    let sideways = sideways(&meta);
    assert!(
        sideways.is_empty(),
        "sideways edges between machine crates (hand the other machine in from \
         ludomat-arena instead): {sideways:?}"
    );
}

/// The workspace's package names.
fn workspace(meta: &serde_json::Value) -> BTreeSet<String> {
    meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["name"].as_str().map(String::from))
        .collect()
}

/// Every edge from a crate that is not an assembler to a workspace crate that is not a
/// shared layer, as `from -> to (kind)`.
fn sideways(meta: &serde_json::Value) -> Vec<String> {
    let names = workspace(meta);
    let mut found = Vec::new();
    for p in meta["packages"].as_array().into_iter().flatten() {
        let name = p["name"].as_str().unwrap_or_default();
        if ASSEMBLERS.contains(&name) {
            continue;
        }
        for d in p["dependencies"].as_array().into_iter().flatten() {
            let dep = d["name"].as_str().unwrap_or_default();
            if names.contains(dep) && !SHARED.contains(&dep) {
                let kind = d["kind"].as_str().unwrap_or("normal");
                found.push(format!("{name} -> {dep} ({kind})"));
            }
        }
    }
    found
}

/// The check can fail: the edges `ludomat-menace` had before the tower was cleaned up
/// (to the Computox and the relay computer, for its opponents) are caught; the arena's
/// own edges are not.
#[test]
fn the_old_edges_would_be_caught() {
    let meta = serde_json::json!({"packages": [
        {"name": "ludomat-game", "dependencies": []},
        {"name": "ludomat-tictactoe", "dependencies": [{"name": "ludomat-game", "kind": null}]},
        {"name": "ludomat-computox", "dependencies": [{"name": "ludomat-tictactoe", "kind": null}]},
        {"name": "ludomat-relay-cpu", "dependencies": []},
        {"name": "ludomat-menace", "dependencies": [
            {"name": "ludomat-computox", "kind": null},
            {"name": "ludomat-relay-cpu", "kind": "dev"},
            {"name": "serde", "kind": null}
        ]},
        {"name": "ludomat-arena", "dependencies": [{"name": "ludomat-menace", "kind": null}]}
    ]});
    assert_eq!(
        sideways(&meta),
        [
            "ludomat-menace -> ludomat-computox (normal)",
            "ludomat-menace -> ludomat-relay-cpu (dev)"
        ]
    );
}
