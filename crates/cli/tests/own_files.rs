//! A command's own files by other names: a state with two names (a hard link), split by a
//! save without a word; a state a read-only command reads while its standard output is
//! appended to it (`menace stats >> s.json`), damaged with status 0.
#![cfg(unix)]

mod common;

/// `sh -c SCRIPT` in `dir`, `$L` the binary: the status code and stderr (words joined).
fn through_a_shell(dir: &std::path::Path, script: &str) -> (Option<i32>, String) {
    let out = common::through_a_shell(dir, script);
    let err = common::text(&out.stderr);
    (
        out.status.code(),
        err.split_whitespace().collect::<Vec<_>>().join(" "),
    )
}

fn read(path: &std::path::Path) -> String {
    ludomat_io::read::to_string(path).expect("read")
}

#[test]
fn a_read_only_command_printing_into_the_state_it_reads_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let made = [
        "\"$L\" menace --state s.json train --against random --games 10 --quiet",
        "\"$L\" her train --state h.json --games 5",
    ];
    for script in made {
        let (code, err) = through_a_shell(dir.path(), &format!("{script} > /dev/null"));
        assert_eq!(code, Some(0), "{script}: {err}");
    }
    let (s, h) = (
        read(&dir.path().join("s.json")),
        read(&dir.path().join("h.json")),
    );
    for (script, file, before) in [
        ("\"$L\" menace --state s.json stats >> s.json", "s.json", &s),
        ("\"$L\" menace --state s.json boxes >> s.json", "s.json", &s),
        ("\"$L\" her boxes --state h.json >> h.json", "h.json", &h),
        ("\"$L\" her boxes --state h.json 2>> h.json", "h.json", &h),
        (
            "\"$L\" menace --state s.json stats 2>> s.json >/dev/null",
            "s.json",
            &s,
        ),
    ] {
        let (code, err) = through_a_shell(dir.path(), script);
        let now = read(&dir.path().join(file));
        if script.contains("2>>") {
            // not even the refusal goes into the file (it goes to a terminal if any)
            assert_eq!(&now, before, "{script}: the state changed");
            assert_eq!(code, Some(2), "{script}: {now}");
            continue;
        }
        assert_eq!(code, Some(2), "{script}: {err}");
        assert_eq!(&now, before, "{script}: the state changed");
        let said = format!(
            "error: {file} is read by this command and is also where its standard output goes"
        );
        assert!(err.starts_with(&said), "{script}: {err}");
    }
    // `> s.json`: the shell emptied the state before the command started, and the
    // refusal says so
    let (code, err) = through_a_shell(
        dir.path(),
        "cp s.json e.json && \"$L\" menace --state e.json stats > e.json",
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("the shell emptied it before the command started"),
        "{err}"
    );
    // a run that saves its state with standard error into it: refused, and the state
    // still reads
    let script = "\"$L\" menace --state s.json train --games 5 --quiet 2>> s.json";
    let (code, _) = through_a_shell(dir.path(), script);
    assert_eq!(code, Some(2), "{script}");
    let (code, err) = through_a_shell(dir.path(), "\"$L\" menace --state s.json stats");
    assert_eq!(code, Some(0), "the state after {script}: {err}");
}

#[test]
#[allow(clippy::disallowed_methods)] // the test makes a hard link with std
fn a_state_with_two_names_is_refused_before_the_work() {
    let dir = tempfile::tempdir().expect("temp dir");
    let train = "\"$L\" menace --state s.json train --against random --games 10 --quiet";
    let (code, err) = through_a_shell(dir.path(), &format!("{train} > /dev/null"));
    assert_eq!(code, Some(0), "{err}");
    std::fs::hard_link(dir.path().join("s.json"), dir.path().join("other.json")).expect("link");
    let before = read(&dir.path().join("s.json"));
    let (code, err) = through_a_shell(dir.path(), &format!("{train} > /dev/null"));
    // a file named on the command line refused before the work: a usage error (it was 1)
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("s.json has 2 names (hard links to one file)"),
        "{err}"
    );
    assert!(
        err.contains("'cp s.json s.json.new && mv s.json.new s.json'"),
        "{err}"
    );
    // nothing was played or saved: both names keep the one file
    assert_eq!(read(&dir.path().join("s.json")), before);
    assert_eq!(read(&dir.path().join("other.json")), before);
    assert!(!dir.path().join("s.json.lock").exists());
}

/// `threes learn --resume … >> DIR/network.ntuple` trained, printed into the network
/// (damaged), then refused; `>> DIR/curve.svg` was refused only after the run. Every file
/// of the run's folder is refused as a stream before any work: status 2, nothing changed.
#[test]
fn a_learn_printing_into_a_file_of_its_folder_is_refused_before_the_work() {
    let dir = tempfile::tempdir().expect("temp dir");
    let learn = "\"$L\" threes learn --dir d --tuples 4x5 --eval-every 4 --eval-games 1 --quiet";
    let (code, err) = through_a_shell(dir.path(), &format!("{learn} --games 4 > /dev/null"));
    assert_eq!(code, Some(0), "{err}");
    let files = [
        "checkpoint.ntuple",
        "network.ntuple",
        "curve.csv",
        "curve.svg",
    ];
    let bytes = |f: &str| ludomat_io::read::to_bytes(dir.path().join("d").join(f)).expect("read");
    let before: Vec<Vec<u8>> = files.iter().map(|f| bytes(f)).collect();
    for file in ["network.ntuple", "curve.svg"] {
        for redirect in [">>", "2>>"] {
            let script = format!("{learn} --games 8 --resume {redirect} d/{file}");
            let (code, err) = through_a_shell(dir.path(), &script);
            assert_eq!(code, Some(2), "{script}: {err}");
            let now: Vec<Vec<u8>> = files.iter().map(|f| bytes(f)).collect();
            assert!(now == before, "{script}: the folder changed");
            if redirect == ">>" {
                let said =
                    format!("error: d/{file} is also where this command's standard output goes");
                assert!(err.starts_with(&said), "{script}: {err}");
                assert_eq!(err.matches(file).count(), 1, "{script}: {err}");
            }
        }
    }
}

/// `menace train > s.json` (and `her train`): the shell emptied the state before the
/// command started, and the refusal says so, as `menace stats > s.json` does.
#[test]
fn a_training_run_printing_into_its_state_says_the_shell_emptied_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    for script in [
        "\"$L\" menace --state s.json train --against random --games 5 --quiet > /dev/null",
        "\"$L\" her train --state h.json --games 5 > /dev/null",
        "cp s.json e.json && \"$L\" menace --state e.json train --against random --games 5 > e.json",
        "cp h.json f.json && \"$L\" her train --state f.json --games 5 > f.json",
    ] {
        let (code, err) = through_a_shell(dir.path(), script);
        if script.ends_with("/dev/null") {
            assert_eq!(code, Some(0), "{script}: {err}");
            continue;
        }
        assert_eq!(code, Some(2), "{script}: {err}");
        assert!(
            err.contains("the shell emptied it before the command started"),
            "{script}: {err}"
        );
    }
}
