//! Replays every fuzz corpus file and every crasher kept under `fuzz/` through its
//! harness, so a plain `cargo test` on stable re-checks what the fuzzers found.

use std::path::{Path, PathBuf};

fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = ludomat_io::read::entries(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries.into_iter().filter(|p| p.is_file()).collect();
    out.sort();
    out
}

#[test]
fn every_corpus_file_and_crasher_replays_cleanly() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut total = 0;
    for (name, harness) in ludomat_fuzzing::TARGETS {
        let corpus = files(&fuzz.join("corpus").join(name));
        assert!(!corpus.is_empty(), "fuzz/corpus/{name} has no seed files");
        let crashers = files(&fuzz.join("artifacts").join(name));
        for path in corpus.iter().chain(&crashers) {
            let data = ludomat_io::read::to_bytes(path).unwrap();
            harness(&data);
            total += 1;
        }
    }
    assert!(total >= ludomat_fuzzing::TARGETS.len());
}
