//! Usage errors found after clap has parsed the line (options that do not go together, an
//! option one needs, a value out of its kind): said as clap says its own, with the
//! command's usage line, and with clap's status, 2 — never as a run's failure (1).

use clap::CommandFactory;

/// A usage error: the message (what was wrong and what to do).
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A usage error as an `anyhow` error (`return Err(usage(…))`).
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    Usage(message.into()).into()
}

/// A tournament's error: options that make no tournament (a human seat, a deck on the
/// wrong board) are usage errors; the rest are a run's failure.
pub fn of_tournament(e: ludomat_arena::tournaments::TournamentError) -> anyhow::Error {
    match e {
        ludomat_arena::tournaments::TournamentError::Options(m) => usage(m),
        e => e.into(),
    }
}

/// `bail!` for a usage error.
macro_rules! usage {
    ($($arg:tt)*) => {
        return Err($crate::usage::usage(format!($($arg)*)))
    };
}

/// The usage error in `e`: an input refused as the stream it prints into (whatever the
/// chain kept: `read::refused_own_stream`); else, anywhere in its chain, a [`Usage`], a
/// setting out of its range, a bad `--ai`, an output refused before the work
/// (`ludomat_io::output::Refused`), a stream.
pub fn find(e: &anyhow::Error) -> Option<String> {
    use ludomat_threes::ntuple::file::NetworkFileError::NotLearned;
    use ludomat_threes::{learn::LearnError::OutOfRange, versus::VersusError::Config as Ai};
    ludomat_io::read::refused_own_stream().or_else(|| {
        e.chain().find_map(
            |c| match (c.downcast_ref(), c.downcast_ref(), c.downcast_ref()) {
                (Some(Usage(m)), _, _) | (_, _, Some(OutOfRange(m))) => Some(m.clone()),
                (_, Some(r), _) => ludomat_io::output::Refused::usage_words(r),
                _ if matches!(c.downcast_ref(), Some(Ai(_)))
                    || matches!(c.downcast_ref(), Some(NotLearned(_))) =>
                {
                    Some(c.to_string())
                }
                _ if c.is::<ludomat_qubic::proofs::ProofError>() => match c.downcast_ref() {
                    Some(ludomat_qubic::proofs::ProofError::Output(r)) => r.usage_words(),
                    _ => None,
                },
                _ if c.is::<ludomat_kit::output::DestinationError>() => c
                    .downcast_ref::<ludomat_kit::output::DestinationError>()
                    .and_then(ludomat_kit::output::DestinationError::usage_words),
                _ => ludomat_io::output::is_usage(c).then(|| crate::out::causes(e)),
            },
        )
    })
}

/// `message` as clap's error of the subcommand named on the command line `args` (the
/// program name first): `error: …`, the subcommand's usage, `For more information, try
/// '--help'.`, exit status 2.
pub fn clap_error(message: &str, args: &[String]) -> clap::Error {
    let mut cmd = crate::Cli::command();
    // built, so that each subcommand knows its whole name (`ludomat threes versus`)
    cmd.build();
    // follow the words that name subcommands (values of options are skipped: they name
    // none, or at worst a subcommand that was also given)
    for word in args.iter().skip(1).filter(|a| !a.starts_with('-')) {
        if let Some(sub) = cmd.find_subcommand(word).cloned() {
            cmd = sub;
        }
    }
    cmd.error(clap::error::ErrorKind::ArgumentConflict, message)
}
