//! `ludomat play hexapawn` and `ludomat her …`: Gardner's hexapawn and HER, the matchbox
//! learner, at the terminal. Renders `ludomat_hexapawn::HexapawnSession` (play) and the
//! library's training runs (train); no game flow lives here.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use ludomat_chart::{line_chart, LineChart, Series};
use ludomat_game::terminal::LineInput;
use ludomat_game::Session;
use ludomat_hexapawn::{
    Board, Her, HexapawnAction, HexapawnConfig, HexapawnHappening, HexapawnSession, HexapawnView,
    WhiteKind, WhitePlayer, MAX_TRAIN_GAMES,
};

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
    /// Seed for HER's draws and the machine White (default: a random one, printed).
    #[arg(long)]
    seed: Option<u64>,
}

/// `ludomat her …`: HER, Gardner's Hexapawn Educable Robot.
#[derive(Debug, Args)]
pub struct HerCmd {
    #[command(subcommand)]
    sub: HerSub,
}

#[derive(Debug, Subcommand)]
enum HerSub {
    /// Train HER against a machine White and print the learning curve and when HER
    /// stopped losing.
    Train(TrainArgs),
    /// Print HER's matchboxes and their beads (fresh, or from a state file). Read-only.
    Boxes {
        /// A state file written by `her train --state`.
        #[arg(long)]
        state: Option<PathBuf>,
    },
    /// Print a matchbox kit (PDF, SVG) of the boxes, sized for real matchbox fronts.
    Kit(crate::kit::HerKitArgs),
}

#[derive(Debug, Args)]
struct TrainArgs {
    /// Games to play (1 to 1000000).
    #[arg(long, default_value_t = 50)]
    games: u64,
    /// Seed for HER's draws (White's seed is derived from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = AgainstArg::Random)]
    against: AgainstArg,
    /// Also draw the learning curve to this file (.png or .svg).
    #[arg(long)]
    chart: Option<PathBuf>,
    /// Continue from this state file (if it exists) and save HER there afterwards.
    #[arg(long)]
    state: Option<PathBuf>,
}

/// Run `ludomat her …`.
pub fn run(cmd: HerCmd) -> Result<()> {
    match cmd.sub {
        HerSub::Train(a) => train(a),
        HerSub::Kit(a) => crate::kit::her(a),
        HerSub::Boxes { state } => {
            let her = match state {
                Some(p) => Her::load(&p)?,
                None => Her::new(0),
            };
            print_boxes(&her);
            Ok(())
        }
    }
}

fn print_boxes(her: &Her) {
    println!(
        "HER's {} matchboxes, generated from every game (a position and its mirror image share \
         a box). Gardner's figure shows 24 (2 / 11 / 11).",
        her.boxes().len()
    );
    for n in [2, 4, 6] {
        let boxes: Vec<_> = her.boxes().iter().filter(|b| b.her_move == n).collect();
        println!("HER's move {n}: {} boxes", boxes.len());
        for b in boxes {
            println!("  #{:<2} {}  {}", b.id, b.picture.line(), b.bead_list());
        }
    }
}

fn train(a: TrainArgs) -> Result<()> {
    if a.games == 0 || a.games > MAX_TRAIN_GAMES {
        bail!("--games {}: between 1 and {MAX_TRAIN_GAMES}", a.games);
    }
    let mut her = match &a.state {
        Some(p) if p.exists() => Her::load(p)?,
        _ => Her::new(a.seed),
    };
    let kind = match a.against {
        AgainstArg::Random => WhiteKind::Random,
        AgainstArg::Perfect => WhiteKind::Perfect,
    };
    let white = WhitePlayer::new(kind, ludomat_hexapawn::white_seed(a.seed));
    let start = her.record();
    let report = her.train(&white, a.games);
    println!(
        "HER (seed {}) against the {} White, games {}–{}",
        a.seed,
        match kind {
            WhiteKind::Perfect => "perfect",
            _ => "random",
        },
        start.games + 1,
        her.record().games
    );
    println!("learning curve (W = HER won, L = HER lost; score = wins − losses):");
    for chunk in report.curve.chunks(50).take(20) {
        let marks: String = chunk
            .iter()
            .map(|p| if p.won { 'W' } else { 'L' })
            .collect();
        let last = chunk.last().map_or(0, |p| p.score);
        println!(
            "  {:>6}  {marks:<50}  {last:>+5}",
            chunk.first().map_or(0, |p| p.game)
        );
    }
    if report.curve.len() > 1000 {
        println!("  … ({} more games)", report.curve.len() - 1000);
    }
    let r = her.record();
    println!(
        "HER lost {} of these {} games; in all {} of {}.",
        report.losses, a.games, r.losses, r.games
    );
    if r.last_loss == 0 {
        println!("HER has never lost.");
    } else {
        println!(
            "Its last loss was game {}; it has won every game since.",
            r.last_loss
        );
    }
    if report.unbeatable {
        println!("HER now cannot lose: every bead left wins against every White move.");
    } else {
        println!(
            "HER can still be beaten: some bead left loses against a White line it has not met."
        );
    }
    println!(
        "Gardner (Scientific American, March 1962) shows a 50-game run against a person; it is \
         commonly retold as 11 losses, perfect from game 36 (not checked against the printed \
         column)."
    );
    if let Some(path) = &a.chart {
        let chart = LineChart {
            title: "HER's learning curve (wins minus losses)".into(),
            x_label: "games played".into(),
            y_label: "wins − losses".into(),
            series: vec![Series {
                name: "HER".into(),
                points: report
                    .curve
                    .iter()
                    .map(|p| (p.game as f64, p.score as f64))
                    .collect(),
            }],
            y_range: None,
            caption: crate::caption::made_by(),
        };
        line_chart(&chart, path)?;
        println!("chart: {}", path.display());
    }
    if let Some(p) = &a.state {
        her.save(p)?;
        println!("state: {}", p.display());
    }
    Ok(())
}

fn print_board(board: &str) {
    let b: Board = board.parse().unwrap_or(Board::START);
    println!();
    for (i, row) in b.to_string().lines().enumerate() {
        let cells: Vec<String> = row.chars().map(|c| c.to_string()).collect();
        println!("  {} | {} |", 3 - i, cells.join(" "));
    }
    println!("      a b c");
}

fn describe(h: &HexapawnHappening, view: &HexapawnView) -> String {
    match h {
        HexapawnHappening::GameStarted { game } => format!("— game {game} —"),
        HexapawnHappening::WhiteMoved { by, name, .. } => match by {
            WhiteKind::Human => format!("You (White) play {name}."),
            WhiteKind::Random => format!("The random White plays {name}."),
            WhiteKind::Perfect => format!("The perfect White plays {name}."),
        },
        HexapawnHappening::BoxOpened {
            box_id,
            her_move,
            mirrored,
            beads,
        } => format!(
            "HER opens box #{box_id} (move {her_move}{}): {beads} bead{}.",
            if *mirrored {
                ", the board seen in a mirror"
            } else {
                ""
            },
            if *beads == 1 { "" } else { "s" }
        ),
        HexapawnHappening::BeadDrawn { bead, name, .. } => {
            format!("HER draws the {bead} bead and plays {name}.")
        }
        HexapawnHappening::Resigned { box_id } => {
            format!("Box #{box_id} is empty: HER resigns.")
        }
        HexapawnHappening::GameOver {
            winner, her_won, ..
        } => {
            if *her_won {
                format!("{winner} wins: HER wins.")
            } else {
                format!("{winner} wins: HER loses.")
            }
        }
        HexapawnHappening::Punished { box_id, bead, left } => {
            format!("Punished: the {bead} bead is taken from box #{box_id} ({left} left).")
        }
        HexapawnHappening::GamesPlayed {
            games,
            wins,
            losses,
        } => format!("{games} games: HER won {wins}, lost {losses}."),
        HexapawnHappening::WhiteChanged { .. } | HexapawnHappening::Reset { .. } => {
            format!("seed {}", view.seed)
        }
    }
}

/// Run `ludomat play hexapawn`.
pub fn play(args: PlayArgs) -> Result<()> {
    let mut session = HexapawnSession::new(HexapawnConfig {
        seed: args.seed,
        white: args.white.into(),
    })
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut input = LineInput::Stdin;
    let v = session.view();
    println!(
        "Hexapawn against HER (seed {}). You move a White pawn as b1-b2 (step) or b1xa2 \
         (take); 'new' starts over, 'q' quits.",
        v.seed
    );
    print_board(&v.board);
    loop {
        let v = session.view();
        let action = match v.next {
            "human" => {
                let legal: Vec<&str> = v.legal.iter().map(|m| m.name.as_str()).collect();
                println!("Your move ({}):", legal.join(" "));
                let Some(line) = input.next_line().context("reading your move")? else {
                    return Ok(());
                };
                if matches!(line.trim(), "q" | "quit") {
                    return Ok(());
                }
                match session.parse_action(&line) {
                    Ok(a) => a,
                    Err(e) => {
                        println!("{e}");
                        continue;
                    }
                }
            }
            "over" => {
                let c = v.counters;
                println!(
                    "HER: {} won, {} lost in {} games. Another game? [Y/n]",
                    c.wins, c.losses, c.games
                );
                let Some(line) = input.next_line().context("reading your answer")? else {
                    return Ok(());
                };
                if matches!(line.trim(), "n" | "no" | "q" | "quit") {
                    return Ok(());
                }
                HexapawnAction::NewGame
            }
            _ => HexapawnAction::Step,
        };
        match session.apply(action) {
            Ok(hs) => {
                let v = session.view();
                for h in &hs {
                    println!("{}", describe(h, &v));
                }
                print_board(&v.board);
            }
            Err(e) => println!("{e}"),
        }
    }
}
