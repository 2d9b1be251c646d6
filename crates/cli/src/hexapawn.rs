//! `ludomat play hexapawn` and `ludomat her …`: Gardner's hexapawn and HER, the matchbox
//! learner, at the terminal. Renders `ludomat_hexapawn::HexapawnSession` (play) and the
//! library's training run `HerTraining` (train) in `ludomat_hexapawn::text`'s words; no
//! game flow lives here.

use ludomat_io::text::Shown as _;
use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use ludomat_chart::line_chart;
use ludomat_game::run::{Checkpoint, CheckpointError, Ended, Progress};
use ludomat_game::terminal::LineInput;
use ludomat_game::Session;
use ludomat_hexapawn::{
    text, Her, HerPartial, HerTraining, HexapawnConfig, HexapawnSession, WhiteKind, WhitePlayer,
    MAX_TRAIN_GAMES,
};

use crate::progress::{self, Bar};

/// Who plays White.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum WhiteArg {
    /// You.
    Human,
    /// A random legal move each time.
    Random,
    /// The perfect player (loses anyway: hexapawn is won for Black).
    Perfect,
}

impl From<WhiteArg> for WhiteKind {
    fn from(w: WhiteArg) -> WhiteKind {
        match w {
            WhiteArg::Human => WhiteKind::Human,
            WhiteArg::Random => WhiteKind::Random,
            WhiteArg::Perfect => WhiteKind::Perfect,
        }
    }
}

/// A machine White for training.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum AgainstArg {
    /// A random legal move each time.
    Random,
    /// The perfect player.
    Perfect,
}

/// `ludomat play hexapawn`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Who plays White against HER (Black).
    #[arg(long, value_enum, default_value_t = WhiteArg::Human)]
    white: WhiteArg,
    /// Seed for HER's draws and the machine White (printed; as everywhere, the same seed
    /// replays the same game).
    #[arg(long, default_value_t = 1, value_parser = crate::count::count::<u64>(0, u64::MAX))]
    seed: u64,
}

/// `ludomat her …`: HER, Gardner's Hexapawn Educable Robot.
#[derive(Debug, Args)]
pub struct HerCmd {
    /// HER's state file: 'train' continues from it (if it exists) and saves HER there
    /// afterwards; 'boxes' and 'kit' read it (without it: a fresh HER).
    #[arg(long, global = true, value_name = "PATH", display_order = 900)]
    state: Option<PathBuf>,
    #[command(subcommand)]
    sub: HerSub,
}

#[derive(Debug, Subcommand)]
enum HerSub {
    /// Train HER against a machine White and print the learning curve and when HER
    /// stopped losing.
    Train(TrainArgs),
    /// Print HER's matchboxes and their beads (fresh, or from a state file). Read-only.
    Boxes,
    /// Print a matchbox kit (PDF, SVG) of the boxes, sized for real matchbox fronts.
    Kit(crate::kit::HerKitArgs),
}

#[derive(Debug, Args)]
struct TrainArgs {
    /// Games to play (1 to 1,000,000).
    #[arg(long, default_value_t = 50, value_name = "N", value_parser = crate::count::count::<u64>(1, MAX_TRAIN_GAMES))]
    games: u64,
    /// Seed for HER's draws (White's seed is derived from it).
    #[arg(long, default_value_t = 1, value_parser = crate::count::count::<u64>(0, u64::MAX))]
    seed: u64,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = AgainstArg::Random)]
    against: AgainstArg,
    /// Also draw the learning curve to this file (.png or .svg).
    #[arg(long)]
    chart: Option<PathBuf>,
    /// With --state: start over from fresh boxes; the saved HER is first kept beside it
    /// as PATH.bak-N.
    #[arg(long)]
    fresh: bool,
    /// With --state: also save every N games (1 to 1,000,000; a killed run loses at most
    /// the games since).
    #[arg(long, value_name = "N", value_parser = crate::count::count::<u64>(1, MAX_TRAIN_GAMES))]
    save_every: Option<u64>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// When another process is training into the same --state file, wait for it to end
    /// instead of refusing.
    #[arg(long)]
    wait_lock: bool,
    #[arg(skip)] // `ludomat her --state`, before or after `train`
    state: Option<PathBuf>,
}

/// Run `ludomat her …`.
pub fn run(cmd: HerCmd) -> Result<()> {
    let HerCmd { state, sub } = cmd;
    match sub {
        HerSub::Train(a) => train(TrainArgs { state, ..a }),
        HerSub::Kit(a) => crate::kit::her(a, state),
        HerSub::Boxes => {
            let her = match state {
                Some(p) => Her::load(&p)?,
                None => Her::new(0),
            };
            out!("{}", crate::help::wrap(&text::boxes(&her)));
            Ok(())
        }
    }
}

fn train(a: TrainArgs) -> Result<()> {
    let given = [a.save_every.is_some(), a.fresh, a.wait_lock];
    if let Some(words) = ludomat_hexapawn::state::needs_state(a.state.is_some(), given) {
        usage!("{words}");
    }
    if let Some(path) = &a.chart {
        crate::threes::check_output(path, "--chart", ludomat_io::output::CHART)?;
        ludomat_io::output::outputs_not_inputs(&[("--chart", Some(path))], &[a.state.as_deref()])?;
    }
    // The state file is held while this run may save into it: a second `her train` on it
    // is refused (or waits, with --wait-lock) before it loads the boxes.
    use {ludomat_io::lock::Wait, ludomat_menace::store::lock};
    let wait = if a.wait_lock { Wait::Yes } else { Wait::No };
    let _lock = Option::transpose(a.state.as_ref().map(|p| lock(p, wait)))?;
    let her = match &a.state {
        Some(p) if p.exists() => {
            // a file that is not a HER state is reported and never replaced
            let saved = Her::load(p)?;
            if a.fresh {
                if let Some(b) = crate::saved::keep_backup(p)? {
                    outln!(
                        "Starting over; the saved HER ({}) is kept as {}.",
                        ludomat_io::text::count(saved.record().games, "game", "games"),
                        b.shown()
                    );
                }
                Her::new(a.seed)
            } else {
                saved
            }
        }
        _ => Her::new(a.seed),
    };
    let kind = match a.against {
        AgainstArg::Random => WhiteKind::Random,
        AgainstArg::Perfect => WhiteKind::Perfect,
    };
    let white = WhitePlayer::new(kind, ludomat_hexapawn::white_seed(a.seed));
    let first = her.record().games.saturating_add(1);
    let mut run = HerTraining::new(her, white, a.games);
    let bar = Bar::new("games", Some(a.games), a.quiet);
    let mut watch = |p: &Progress<HerPartial>| {
        // HER's losses so far, in the words of every result
        let losses = ludomat_io::text::count(p.partial.losses, "loss", "losses");
        bar.update(p, Some(losses));
    };
    let (mut ctx, _ctrl_c) = progress::context("games", Some(a.games), &mut watch);
    // the games saved on the way: a failed last save says what it loses
    let saved_at = std::cell::Cell::new(None);
    let mut save = |t: &HerTraining| match &a.state {
        Some(p) => (t.her.save(p).map(|()| saved_at.set(Some(t.played()))))
            .map_err(|e| CheckpointError(Box::new(e))),
        None => Ok(()),
    };
    let mut checkpoint = match a.save_every {
        Some(n) => Checkpoint::every(n, &mut save),
        None => Checkpoint::none(),
    };
    let ended = run.run(&mut ctx, &mut checkpoint);
    drop(ctx);
    bar.finish();
    if let Some(p) = &a.state {
        let lost = || text::lost(run.played(), saved_at.get());
        (run.her.save(p)).map_err(|e| anyhow::anyhow!("cannot save HER: {e}; {}", lost()))?;
    }
    let ended = ended?;
    let played = run.played();
    out!(
        "{}",
        crate::help::wrap(&text::report(
            &run.her,
            a.seed,
            kind,
            first,
            played,
            &run.report
        ))
    );
    // the state is saved: said before the chart, which may fail (a full disk)
    if let Some(p) = &a.state {
        outln!("state: {}", p.shown());
    }
    if let Some(path) = &a.chart {
        let chart = text::curve_chart(&run.report, crate::caption::made_by());
        line_chart(&chart, path)?;
        outln!("chart: {}", path.shown());
    }
    if ended == Ended::Cancelled {
        let kept = if a.state.is_some() {
            "the report above covers them, and HER is saved with them"
        } else {
            "the report above covers them"
        };
        return Err(ludomat_io::interrupt::Stopped::after(
            played,
            Some(a.games),
            ("game", "games"),
            kept,
        )
        .into());
    }
    Ok(())
}

/// Run `ludomat play hexapawn`.
pub fn play(args: PlayArgs) -> Result<()> {
    let mut session = HexapawnSession::new(HexapawnConfig {
        seed: Some(args.seed),
        white: args.white.into(),
    })
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut out = crate::out::stdout();
    let echo = !ludomat_io::out::stdin_is_terminal(); // a script's lines, shown as typed
    ludomat_hexapawn::play::play(&mut session, &mut LineInput::Stdin, &mut out, echo)?;
    Ok(())
}
