//! `ludomat menace kit` and `ludomat her kit`: print-ready matchbox kits (PDF, and SVG with
//! `--svg`) of the fresh machine or a trained state, made by `ludomat_kit`. Every file is
//! made in memory first; a bad size or a bad state file writes nothing, and each file is
//! written atomically.

use ludomat_io::text::Shown as _;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, ValueEnum};
use ludomat_game::Player;
use ludomat_hexapawn::Her;
use ludomat_kit::{output, FrontSize, Kit, Options, Paper};
use ludomat_menace::store::StateOptions;
use ludomat_menace::Menace;

/// What every kit command takes.
#[derive(Debug, Args)]
pub struct KitArgs {
    /// The matchbox front each picture is cut to, WIDTHxHEIGHT in mm (or cm, in):
    /// Scroggs' MENACE boxes are 15x35mm.
    #[arg(long = "box", value_name = "WxH", default_value = "15x35mm")]
    #[arg(allow_hyphen_values = true)] // `--box -15x35mm`: refused in words, not clap's
    front: FrontSize,
    /// The paper: a4 or letter.
    #[arg(long, value_name = "PAPER", default_value = "a4")]
    paper: Paper,
    /// Depth of the glue tab above each front, mm (0: no tabs).
    #[arg(long, value_name = "MM", default_value_t = ludomat_kit::layout::DEFAULT_TAB, value_parser = ludomat_game::count::decimal(0.0, f64::from(ludomat_kit::layout::MAX_TAB)).f32())]
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
    /// Where the kit goes: a file (`kit.pdf`), or a folder when the value is an existing
    /// folder or ends in `/` (created if missing; files of the same name are replaced). A
    /// kit of several files (--per-move, --svg) always goes into a folder. Default: the
    /// folder out/menace-kit/ or out/her-kit/.
    #[arg(short, long, value_name = "PATH")]
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

/// `ludomat menace kit`: the saved MENACE (`--state`, or the default state file; read
/// only), or a fresh one when none is saved or rule flags describe a fresh one.
pub fn menace(args: MenaceKitArgs, state: &StateOptions) -> Result<()> {
    let side = match args.side {
        KitSide::X => Player::First,
        KitSide::O => Player::Second,
    };
    let (rules, rules_given) = state.rules()?;
    let path = state.path()?;
    // rule flags without --state ask for a fresh MENACE of those rules
    let saved = state.state.is_some() || (path.exists() && !rules_given);
    if saved && !path.try_exists().unwrap_or(true) {
        bail!(
            "--state {}: no such file. A state file is made by 'ludomat menace --state {0} \
             train' (or 'menace play'); without --state the kit is of the saved MENACE, or \
             of a fresh one when none is saved. No kit was written.",
            path.shown()
        );
    }
    let kit = if saved {
        let m = Menace::load(&path).map_err(|e| anyhow!("{e}\nNo kit was written."))?;
        if rules_given && *m.rules() != rules {
            bail!(
                "{} holds a MENACE playing by {} rules; rule flags only describe a fresh MENACE (leave out --state for one)",
                path.shown(),
                m.rules()
            );
        }
        let r = m.record(side);
        let origin = format!(
            "the saved MENACE of {}, {} ({} as {})",
            path.shown(),
            ludomat_io::text::count(m.games(), "game played", "games played"),
            ludomat_io::text::results(r.wins, r.draws, r.losses),
            ludomat_tictactoe::Mark::of(side)
        );
        Kit::menace(m.boxes(side), m.rules(), origin)
    } else {
        let seed = state.seed.unwrap_or(1);
        let m = Menace::new(rules, seed);
        let origin = format!(
            "a fresh MENACE's starting beads ({rules} rules, starting beads {}, seed {seed})",
            rules.starting_beads
        );
        Kit::menace(m.boxes(side), &rules, origin)
    };
    let input = saved.then_some(path.as_path());
    write(&kit, args.kit, "out/menace-kit/", input)
}

/// `ludomat her kit`
pub fn her(args: HerKitArgs, state: Option<PathBuf>) -> Result<()> {
    let kit = match &state {
        Some(path) if !path.try_exists().unwrap_or(true) => bail!(
            "--state {}: no such file. A state file is made by 'ludomat her train --state \
             {0}'; without --state the kit is of a fresh HER. No kit was written.",
            path.shown()
        ),
        Some(path) => {
            let her = Her::load(path).map_err(|e| anyhow!("{e}\nNo kit was written."))?;
            let r = her.record();
            let origin = format!(
                "the trained HER of {}, {} ({}, {})",
                path.shown(),
                ludomat_io::text::count(r.games, "game played", "games played"),
                ludomat_io::text::count(r.wins, "win", "wins"),
                ludomat_io::text::count(r.losses, "loss", "losses")
            );
            Kit::her(her.boxes(), origin)
        }
        None => Kit::her(Her::new(0).boxes(), "a fresh HER: one bead for every move"),
    };
    write(&kit, args.kit, "out/her-kit/", state.as_deref())
}

/// Check the layout and `--out` first (`ludomat_kit::output`), then make every file,
/// then write them all (atomically each).
fn write(kit: &Kit, a: KitArgs, default_out: &str, input: Option<&Path>) -> Result<()> {
    let opts = Options {
        front: a.front,
        paper: a.paper,
        tab: a.tab,
        tint: a.tint,
        command: command_line(),
    };
    let no_kit = |e: &dyn std::fmt::Display| anyhow!("{e}\nNo kit was written.");
    // --box and --tab values that make no kit: usage errors, as clap's own
    let kit_error = |e: ludomat_kit::KitError| match e {
        ludomat_kit::KitError::TooSmall { .. }
        | ludomat_kit::KitError::TooLarge { .. }
        | ludomat_kit::KitError::Tab { .. } => {
            crate::usage::usage(format!("{e}. No kit was written."))
        }
        e => no_kit(&e),
    };
    ludomat_kit::layout::Geometry::new(&opts).map_err(kit_error)?;
    let out = a.out.unwrap_or_else(|| PathBuf::from(default_out));
    // the kit never replaces the state it is made from; every refusal of --out before
    // anything is written is a usage error (usage::find)
    let not_input =
        |path: &Path| ludomat_io::output::outputs_not_inputs(&[("--out", Some(path))], &[input]);
    not_input(&out)?;
    let to = output::destination(&out, a.per_move || a.svg)?;
    let files = ludomat_kit::files(kit, &opts, a.per_move, a.svg).map_err(kit_error)?;
    if let output::Destination::Folder(dir) = &to {
        ludomat_io::write::folders(dir)
            .with_context(|| format!("--out {}: cannot make the folder", dir.shown()))?;
    }
    for f in &files {
        let path = to.path_of(&f.name);
        not_input(&path)?;
        ludomat_io::output::check_flag("--out", &path, ludomat_io::output::ANY)?;
    }
    // the heading once every file is checked: never above a refusal
    outln!(
        "{}",
        crate::help::wrap(&format!("The kit of {}.", kit.origin))
    );
    outln!(
        "{}: {}, {}; fronts {} × {} mm on {} paper",
        kit.machine.title(),
        ludomat_io::text::count(kit.boxes.len() as u64, "box", "boxes"),
        ludomat_io::text::count(kit.bead_total(), "bead", "beads"),
        a.front.width,
        a.front.height,
        a.paper
    );
    for f in &files {
        let path = to.path_of(&f.name);
        ludomat_io::write::write_atomically(&path, &f.bytes, ".kit-")
            .with_context(|| format!("cannot write {}", path.shown()))?;
        outln!(
            "  {} ({}, {}, {} KiB)",
            path.shown(),
            ludomat_io::text::count(f.pages as u64, "page", "pages"),
            ludomat_io::text::count(f.fronts as u64, "front", "fronts"),
            f.bytes.len().div_ceil(1024)
        );
    }
    Ok(())
}
