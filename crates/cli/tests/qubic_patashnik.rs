//! `ludomat qubic proof --dims 3` and `ludomat play qubic --strategy forced` (4×4×4,
//! Patashnik's dictionary), end to end. The whole check is a benchmark (BENCHMARKS.md);
//! here a damaged dictionary is refused with the position it cannot answer.

mod common;

fn run(args: &[&str], input: &str) -> (String, String, bool) {
    let (ok, out, err) = common::run(args, input);
    (out, err, ok)
}

#[test]
fn a_damaged_dictionary_is_refused_with_its_position() {
    let bundled = include_str!("../../qubic/data/patashnik/qubic.dictionary.txt");
    // Without line 53 (`x14o 12`) the reply 144 to the opening 111 has no answer.
    let damaged: String = bundled
        .lines()
        .enumerate()
        .filter(|&(i, _)| i + 1 != 53)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    let dir = std::env::temp_dir().join(format!("ludomat-patashnik-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("damaged.txt");
    ludomat_io::write::atomically(&file, damaged).unwrap();
    let f = file.to_str().unwrap();
    let (out, err, ok) = run(&["qubic", "proof", "--dims", "3", "--dictionary", f], "");
    assert!(!ok);
    assert!(out.contains("2,928 entries"), "{out}");
    // output is wrapped at 80 columns: read it as one line
    let err = err.replace('\n', " ");
    assert!(err.contains("after 111 144 (x14o)"), "{err}");
    ludomat_io::write::atomically(&file, "no header\n 0\n").unwrap();
    let (_, err, ok) = run(&["qubic", "proof", "--dims", "3", "--dictionary", f], "");
    assert!(!ok);
    assert!(err.contains("no line of dashes"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
    let (_, err, ok) = run(
        &["qubic", "proof", "--dims", "3", "--dictionary", "/no/such"],
        "",
    );
    assert!(!ok);
    assert!(err.contains("/no/such"), "{err}");
}

#[test]
fn defending_against_patashnik_loses() {
    // Every cell in turn: taken ones are refused and the next line is read.
    let mut script = String::new();
    for x in 1..=4 {
        for y in 1..=4 {
            for z in 1..=4 {
                script.push_str(&format!("{x}{y}{z}\n"));
            }
        }
    }
    let (out, err, ok) = run(
        &["play", "qubic", "--dims", "3", "--strategy", "forced"],
        &script,
    );
    assert!(ok, "{err}");
    assert!(out.contains("M plays 111   (dictionary line 52)"), "{out}");
    assert!(out.contains("is already taken"), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("I win, with my move")),
        "{out}"
    );
}

#[test]
fn the_searched_proofs_end_in_a_checked_certificate_or_say_why_not() {
    // The hybrid from the first player's tenth stone: Patashnik's dictionary before, our
    // df-pn search after, the whole certificate re-checked by the independent checker.
    let dir = std::env::temp_dir().join(format!("ludomat-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cert = dir.join("hybrid.cert.gz");
    let c = cert.to_str().unwrap();
    let (out, err, ok) = run(
        &[
            "qubic",
            "proof",
            "--dims",
            "3",
            "--search-after",
            "10",
            "--write-certificate",
            c,
        ],
        "",
    );
    assert!(ok, "{err}");
    let out = out.replace('\n', " ");
    assert!(out.contains("Proved 457 of 457 positions"), "{out}");
    // the default scheme: the walkers, one searcher per core, no job report
    assert!(!out.contains("Where the time went"), "{out}");
    assert!(
        out.contains("re-checked by the independent checker"),
        "{out}"
    );
    // The file written is a certificate the checker accepts on its own.
    let (out, err, ok) = run(&["qubic", "proof", "--dims", "3", "--certificate", c], "");
    assert!(ok, "{err}");
    assert!(
        out.contains("the first player wins against every defence"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // From scratch with too small a work bound: not proved, and said so, nothing written.
    let (out, err, ok) = run(
        &[
            "qubic",
            "proof",
            "--dims",
            "3",
            "--search",
            "--max-expansions",
            "100",
        ],
        "",
    );
    assert!(!ok);
    assert!(out.contains("from scratch"), "{out}");
    assert!(
        err.contains("not proved") && err.contains("--max-expansions"),
        "{err}"
    );
    // An output folder that does not exist is refused before any search.
    let (_, err, ok) = run(
        &[
            "qubic",
            "proof",
            "--dims",
            "3",
            "--search",
            "--write-certificate",
            "/no/such/c.gz",
        ],
        "",
    );
    assert!(!ok);
    assert!(err.contains("/no/such"), "{err}");
}

#[test]
fn the_job_level_search_says_where_the_time_went_and_runs_alone_without_mpirun() {
    // `--distributed` runs the job-level search (outside mpirun it says so and runs on
    // this process): it proves the hybrid from the tenth stone as the walkers do, and
    // says where the time went.
    let (out, err, ok) = run(
        &[
            "qubic",
            "proof",
            "--dims",
            "3",
            "--search-after",
            "10",
            "--threads",
            "2",
            "--distributed",
        ],
        "",
    );
    assert!(ok, "{err}");
    // wrapped lines read as one, their indentation too
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("searching on this process alone"), "{out}");
    assert!(flat.contains("Proved 457 of 457 positions"), "{out}");
    for words in [
        "Where the time went: 2 workers on threads sharing one table",
        "critical path",
        "Repeated:",
        "Projected",
        "64 cores",
    ] {
        assert!(flat.contains(words), "{words}: {out}");
    }
    for line in out.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    // The walkers are still there to compare with, but not on MPI.
    let (out, err, ok) = run(
        &[
            "qubic",
            "proof",
            "--dims",
            "3",
            "--search-after",
            "10",
            "--scheme",
            "shared",
            "--distributed",
        ],
        "",
    );
    assert!(!ok, "{out}");
    assert!(
        err.contains("--distributed") && err.contains("--scheme"),
        "{err}"
    );
}
