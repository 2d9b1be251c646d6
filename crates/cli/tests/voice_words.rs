//! The second re-trial's wording, kept found: two outputs named alike are said as two
//! outputs, one folder not made yet is said one way, one time is written one way, JSON
//! damaged is said in one wording, and no message breaks its own lines.
#![cfg(unix)]

mod common;

use common::run as ludomat;

/// stderr is wrapped at 80 columns: compare words.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn two_outputs_in_one_file_are_said_as_two_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let x = dir.path().join("x.json");
    let x = x.to_str().unwrap();
    let (ok, _, err) = ludomat(&["threes", "tune", "-o", x, "--checkpoint", x], "");
    assert!(!ok);
    let err = words(&err);
    assert!(
        err.contains("--out") && err.contains("--checkpoint") && err.contains("also writes"),
        "{err}"
    );
    assert!(!err.contains("which this command reads"), "{err}");
}

#[test]
fn relay_asm_says_an_output_folder_as_threes_auto_does_and_one_error_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("p.asm");
    ludomat_io::write::atomically(&source, "HLT\n").unwrap();
    let source = source.to_str().unwrap();
    let newd = dir.path().join("newd");
    let (folder, file) = (
        format!("{}/", newd.display()),
        newd.join("x.bin").display().to_string(),
    );
    for (path, said) in [
        (&folder, "ends in '/', so it names a folder, not a file"),
        (&file, "does not exist"),
    ] {
        let (ok, _, err) = ludomat(&["relay", "asm", source, "-o", path], "");
        assert!(!ok);
        assert!(words(&err).contains(&format!("-o {path}: ")), "{err}");
        assert!(words(&err).contains(said), "{err}");
        // threes auto says the same of the same name
        let (ok, _, auto) = ludomat(&["threes", "auto", "--games", "1", "--csv", path], "");
        assert!(!ok);
        assert!(words(&auto).contains(said), "{auto}");
    }
    assert!(!newd.exists());
    // one error: on the file name's line, not broken after it
    let bad = dir.path().join("bad.asm");
    ludomat_io::write::atomically(&bad, "FOO 3\n").unwrap();
    let (ok, _, err) = ludomat(&["relay", "asm", bad.to_str().unwrap()], "");
    assert!(!ok);
    assert!(
        err.lines()
            .next()
            .unwrap()
            .contains("bad.asm: line 1, column 1"),
        "{err}"
    );
}

/// A file cut short is said in one wording, whichever command reads it.
#[test]
fn damaged_json_is_said_one_way_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.json");
    ludomat_io::write::atomically(
        &cut,
        "{\n  \"format\": \"ludomat-threes-record/1\",\n  \"seed\": [1,",
    )
    .unwrap();
    let quote = dir.path().join("quote.json");
    ludomat_io::write::atomically(&quote, "{\"format\": \"ludomat-menace\", \"versi").unwrap();
    let (cut, quote) = (cut.to_str().unwrap(), quote.to_str().unwrap());
    for args in [
        vec!["threes", "replay", cut],
        vec!["threes", "tune", "--from", cut, "--games", "1"],
        vec!["menace", "--state", cut, "stats"],
        vec!["her", "boxes", "--state", cut],
    ] {
        let (ok, _, err) = ludomat(&args, "");
        assert!(!ok, "{args:?}");
        assert!(
            words(&err).contains(&format!(
                "{cut} is damaged: not valid JSON: line 3, column 13: the text ends in the \
                 middle of a value"
            )),
            "{args:?}: {err}"
        );
    }
    let (ok, _, err) = ludomat(&["menace", "--state", quote, "stats"], "");
    assert!(!ok);
    assert!(words(&err).contains("the text ends inside quotes"), "{err}");
    assert!(!err.contains("middle of a text"), "{err}");
}

/// Every help page quotes in single quotes, never nested (`'--ai 'a:1=b''`), and every
/// option's value is refused in the project's words.
#[test]
fn no_help_page_nests_quotes_and_every_value_is_refused_in_our_words() {
    let (ok, tree, err) = {
        use ludomat_io::child::Run as _;
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
            .env("LUDOMAT_COMMAND_TREE", "1")
            .run_output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert!(ok, "{err}");
    let (mut pages, mut decimals_seen) = (0, 0);
    for path in tree.lines().filter(|l| !l.is_empty()) {
        // a group is marked '+' (it has subcommands)
        let path = path.trim_start_matches('+');
        let mut args: Vec<&str> = path.split_whitespace().collect();
        args.push("--help");
        let (ok, help, err) = ludomat(&args, "");
        assert!(ok, "{path}: {err}");
        let flat = words(&help);
        assert!(!flat.contains("''"), "{path}: nested quotes: {help}");
        assert!(!flat.contains('`'), "{path}: a backtick: {help}");
        pages += 1;
        // every option that takes a value refuses 'abc' in the project's words: a decimal
        // by count::Decimal ('abc' is not a number from 0 to 1), never the parser's
        for option in help.split_whitespace().filter(|w| w.starts_with("--")) {
            let option = option.trim_end_matches([',', '.', ')', ';', ':']);
            if !help.contains(&format!("{option} <")) || option == "--help" {
                continue;
            }
            let mut line = args[..args.len() - 1].to_vec();
            // '--help' after it: a value taken prints help, never starts a run
            line.extend([option, "abc", "--help"]);
            let (_, _, err) = ludomat(&line, "");
            for theirs in ["invalid float literal", "invalid digit"] {
                assert!(!err.contains(theirs), "{line:?}: {err}");
            }
            if option == "--lambda" {
                assert!(
                    err.contains("--lambda 'abc' is not a number from 0 to 1"),
                    "{err}"
                );
            }
            decimals_seen += usize::from(err.contains("'abc' is not a number from"));
        }
    }
    assert!(pages > 30, "{pages} help pages");
    // --lambda, --alpha, --sigma, --spread, --cpu-per-move, --engine-timeout (×2),
    // --seconds, --tab (×2), --max-seconds: at least these
    assert!(decimals_seen >= 10, "{decimals_seen} decimal options");
}

/// The menu echoes an unknown entry escaped, cut between characters (an escape is one)
/// with '…', never in the middle of an escape.
#[test]
fn the_menu_echoes_an_unknown_entry_escaped_and_cut_between_characters() {
    let (_, out, _) = ludomat(&[], "\u{1b}[2J\u{1b}[Habcdefghij\n99\n1.77\nq\n");
    assert!(
        out.contains("'\\u{1b}[2J\\u{1b}[Habcde…' is not on the menu"),
        "{out}"
    );
    assert!(!out.contains('\u{1b}'), "{out}");
    assert!(out.contains("'99' is not on the menu"), "{out}");
    assert!(out.contains("'1.77': machine 1 has entries"), "{out}");
}
