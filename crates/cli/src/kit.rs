//! `ludomat menace kit` and `ludomat her kit`: print-ready matchbox kits (PDF, and SVG with
//! `--svg`) of the fresh machine or a trained state, made by `ludomat_kit`. Every file is
//! made in memory first; a bad size or a bad state file writes nothing, and each file is
//! written atomically.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, ValueEnum};
use ludomat_game::Player;
use ludomat_hexapawn::Her;
use ludomat_kit::{FrontSize, Kit, Options, Paper};
use ludomat_menace::{Menace, Rules};

/// What every kit command takes.
#[derive(Debug, Args)]
pub struct KitArgs {
    /// The matchbox front each picture is cut to, WIDTHxHEIGHT in mm (or cm, in):
    /// Scroggs' MENACE boxes are 15x35mm.
    #[arg(long = "box", value_name = "WxH", default_value = "15x35mm")]
    front: FrontSize,
    /// The paper: a4 or letter.
    #[arg(long, value_name = "PAPER", default_value = "a4")]
    paper: Paper,
    /// Depth of the glue tab above each front, mm (0: no tabs).
    #[arg(long, value_name = "MM", default_value_t = ludomat_kit::layout::DEFAULT_TAB)]
    tab: f32,
    /// Tint each move's fronts a different light colour, to sort them after cutting.
    #[arg(long)]
    tint: bool,
    /// One PDF per move (and one for the assembly pages) instead of one PDF.
    #[arg(long)]
    per_move: bool,
    /// Also write every page as SVG.
    #[arg(long)]
    svg: bool,
    /// The folder for the files (created if missing; files of the same name are replaced).
    #[arg(short, long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// `ludomat menace kit`
#[derive(Debug, Args)]
pub struct MenaceKitArgs {
    #[command(flatten)]
    kit: KitArgs,
    /// Which set of boxes: MENACE playing X (304 boxes) or O (289).
    #[arg(long, value_enum, default_value_t = KitSide::X)]
    side: KitSide,
}

/// `ludomat her kit`
#[derive(Debug, Args)]
pub struct HerKitArgs {
    #[command(flatten)]
    kit: KitArgs,
    /// A state file written by `her train --state` (default: a fresh HER, one bead per
    /// move).
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
}

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum KitSide {
    /// Crosses, moving first.
    X,
    /// Noughts, moving second.
    O,
}

/// The command line as typed, for the foot of every page.
fn command_line() -> String {
    std::iter::once("ludomat".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `ludomat menace kit`: the state file (`--state`, read only) or a fresh MENACE under
/// the rule flags and `--seed`.
pub fn menace(
    args: MenaceKitArgs,
    state: Option<&Path>,
    (rules, rules_given): (Rules, bool),
    seed: Option<u64>,
) -> Result<()> {
    let side = match args.side {
        KitSide::X => Player::First,
        KitSide::O => Player::Second,
    };
    let kit = match state {
        Some(path) => {
            let m = Menace::load(path).map_err(|e| anyhow!("{e}\nNo kit was written."))?;
            if rules_given && *m.rules() != rules {
                bail!(
                    "{} holds a MENACE playing by {} rules; rule flags only describe a fresh MENACE (leave out --state for one)",
                    path.display(),
                    m.rules()
                );
            }
            let r = m.record(side);
            let origin = format!(
                "the trained MENACE of {}, {} games played ({} wins, {} draws, {} losses as {})",
                path.display(),
                m.games(),
                r.wins,
                r.draws,
                r.losses,
                ludomat_tictactoe::Mark::of(side)
            );
            Kit::menace(m.boxes(side), m.rules(), origin)
        }
        None => {
            let seed = seed.unwrap_or(1);
            let m = Menace::new(rules, seed);
            let origin = format!(
                "a fresh MENACE's starting beads ({rules} rules, starting beads {}, seed {seed})",
                rules.starting_beads
            );
            Kit::menace(m.boxes(side), &rules, origin)
        }
    };
    write(&kit, args.kit, "out/menace-kit")
}

/// `ludomat her kit`
pub fn her(args: HerKitArgs) -> Result<()> {
    let kit = match &args.state {
        Some(path) => {
            let her = Her::load(path).map_err(|e| anyhow!("{e}\nNo kit was written."))?;
            let r = her.record();
            let origin = format!(
                "the trained HER of {}, {} games played ({} wins, {} losses)",
                path.display(),
                r.games,
                r.wins,
                r.losses
            );
            Kit::her(her.boxes(), origin)
        }
        None => Kit::her(Her::new(0).boxes(), "a fresh HER: one bead for every move"),
    };
    write(&kit, args.kit, "out/her-kit")
}

/// Make every file, then write them all (atomically each).
fn write(kit: &Kit, a: KitArgs, default_out: &str) -> Result<()> {
    let opts = Options {
        front: a.front,
        paper: a.paper,
        tab: a.tab,
        tint: a.tint,
        command: command_line(),
    };
    let files = ludomat_kit::files(kit, &opts, a.per_move, a.svg)
        .map_err(|e| anyhow!("{e}\nNo kit was written."))?;
    let dir = a.out.unwrap_or_else(|| PathBuf::from(default_out));
    if dir.exists() && !dir.is_dir() {
        bail!("--out {}: not a folder. No kit was written.", dir.display());
    }
    outln!(
        "{}: {} boxes, {} beads; fronts {} on {} paper",
        kit.machine.title(),
        kit.boxes.len(),
        kit.bead_total(),
        a.front,
        a.paper
    );
    for f in &files {
        let path = dir.join(&f.name);
        ludomat_io::write::write_atomically(&path, &f.bytes, ".kit-")
            .with_context(|| format!("cannot write {}", path.display()))?;
        outln!(
            "  {} ({} page{}, {} fronts, {} KiB)",
            path.display(),
            f.pages,
            if f.pages == 1 { "" } else { "s" },
            f.fronts,
            f.bytes.len().div_ceil(1024)
        );
    }
    Ok(())
}
