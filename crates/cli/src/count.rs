//! One convention for every count on the command line (games, threads, rounds, steps,
//! vectors …): the same parser everywhere, so an out-of-range or malformed value gets the
//! same message and clap's usage-error status (2), with the limits named. Each count's
//! `--help` states the same limits ("1 to 1,000,000"); `tests::every_count_states_its_limits`
//! walks the command tree and fails for a count that does not.

pub use ludomat_game::count::{count, thousands, MAX_THREADS};

#[cfg(test)]
mod tests {
    use clap::error::ErrorKind;
    use clap::CommandFactory;

    use super::*;
    use crate::Cli;

    #[test]
    fn counts_read_and_refuse_alike() {
        let c = count::<u16>(1, 256);
        assert_eq!(c.read("1e2"), Ok(100));
        assert_eq!(c.read("256"), Ok(256));
        for bad in ["0", "257", "18446744073709551615", "1e30", "-1", "x", "1.5"] {
            let e = c.read(bad).unwrap_err();
            assert_eq!(e, format!("'{bad}' is not a whole number from 1 to 256"));
        }
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    /// Options that count something: every one of them, in every subcommand, must use the
    /// count parser (so the same message and status) and state its limits in `--help`.
    const COUNT_NAMES: &[&str] = &[
        "games",
        "threads",
        "rounds",
        "window",
        "save-every",
        "max-steps",
        "vectors",
        "random",
        "limit",
        "max-nodes",
    ];

    /// Also every option whose parser gives a whole number (`found` names them with a
    /// `#`): `1e2` is read or refused with its limits, never "invalid digit", and a value
    /// far too large names the limits.
    fn walk(cmd: &clap::Command, path: &mut Vec<String>, found: &mut Vec<String>) {
        use std::any::TypeId as Id;
        let ints = [
            Id::of::<u8>(),
            Id::of::<u16>(),
            Id::of::<u32>(),
            Id::of::<u64>(),
        ];
        let ints = [
            &ints[..],
            &[Id::of::<usize>(), Id::of::<i32>(), Id::of::<i64>()],
        ];
        for arg in cmd.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if !arg.get_action().takes_values() {
                continue;
            }
            // `--games -1`: the option's own refusal with its range, not an unknown flag
            let line = ["ludomat".into()].into_iter().chain(path.iter().cloned());
            let e = ludomat_game::count::parse_from::<Cli, _, String>(
                line.chain([format!("--{long}"), "-1".into()]),
            );
            let e = e.err().map(|e| e.to_string()).unwrap_or_default();
            assert!(!e.contains("unexpected argument"), "{path:?} --{long}: {e}");
            if ints
                .concat()
                .iter()
                .any(|t| arg.get_value_parser().type_id() == *t)
            {
                let n = arg.get_num_args().map_or(1, |r| r.min_values().max(1));
                let said = |v: &str| {
                    let line = ["ludomat".to_string()]
                        .into_iter()
                        .chain(path.iter().cloned());
                    let line = line
                        .chain([format!("--{long}")])
                        .chain(vec![v.to_string(); n]);
                    let e = Cli::command().try_get_matches_from(line).err();
                    e.map(|e| e.to_string()).unwrap_or_default()
                };
                let name = format!("{} --{long}", path.join(" "));
                assert!(!said("1e2").contains("invalid digit"), "{name} 1e2");
                let far = said("99999999999999999999999");
                assert!(far.contains("is not a whole number from"), "{name}: {far}");
                found.push(format!("# {name}"));
            }
            let mut line: Vec<String> = path.clone();
            line.push(format!("--{long}"));
            line.push("18446744073709551615".into());
            let error = Cli::command()
                .try_get_matches_from(std::iter::once("ludomat".to_string()).chain(line.clone()))
                .err();
            let message = error.as_ref().map(ToString::to_string).unwrap_or_default();
            let is_count = message.contains("is not a whole number from");
            if COUNT_NAMES.contains(&long) && !is_count {
                // some options named like counts take other things (a file, a list)
                let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                assert!(
                    !help.to_lowercase().contains("number of")
                        && !help.contains("games")
                        && !help.contains("threads"),
                    "{}: a count not read by count::Count: {message}",
                    line.join(" ")
                );
                continue;
            }
            if !is_count {
                continue;
            }
            let error = error.expect("an error");
            assert_eq!(
                error.kind(),
                ErrorKind::ValueValidation,
                "{}",
                line.join(" ")
            );
            assert_eq!(error.exit_code(), 2);
            let limits = message
                .split("whole number from ")
                .nth(1)
                .and_then(|s| s.lines().next())
                .unwrap_or_default()
                .trim()
                .to_string();
            let help = arg
                .get_long_help()
                .or(arg.get_help())
                .map(ToString::to_string)
                .unwrap_or_default()
                .replace('\n', " ");
            assert!(
                help.contains(&limits),
                "{}: --help must state the limits \"{limits}\": {help}",
                path.join(" ") + " --" + long
            );
            found.push(format!("{} --{long}", path.join(" ")));
        }
        for sub in cmd.get_subcommands() {
            path.push(sub.get_name().to_string());
            walk(sub, path, found);
            path.pop();
        }
    }

    #[test]
    fn every_count_states_its_limits_and_is_refused_alike() {
        let mut found = Vec::new();
        walk(&Cli::command(), &mut Vec::new(), &mut found);
        for must in [
            "tournament tictactoe --games",
            "tournament tictactoe --threads",
            "tournament qubic --games",
            "tournament qubic --threads",
            "her train --games",
            "menace train --games",
            "menace train --window",
            "threes auto --games",
            "threes auto --threads",
            "# threes auto --nodes-per-move",
            "# threes auto --seed",
            "# menace --loss",
            "# serve --port",
        ] {
            assert!(
                found.iter().any(|f| f == must),
                "{must} missing from {found:?}"
            );
        }
    }
}
