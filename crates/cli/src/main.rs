//! `ludomat` — play, verify and pit against each other the historic game-playing machines.
//!
//! This binary only parses arguments and prints; every machine lives in its own library
//! crate (see ARCHITECTURE.md). With no arguments it opens the menu of machines.

use anyhow::Result;
use clap::{Parser, Subcommand};

#[macro_use]
mod out;
#[macro_use]
mod usage;
use ludomat_io::{interrupt, page};
mod caption;
use ludomat_io::colour;
mod computox;
mod computox_circuit;
mod count;
mod files;
mod help;
mod hexapawn;
mod kit;
mod logic;
mod menace;
mod menu;
#[allow(dead_code)] // used by each long run as it moves into its library
use ludomat_game::progress;
mod qubic;
mod regex;
mod relay;
mod saved;
mod serve;
mod stop;
mod threes;
mod tictactoe;
mod voice;

/// Rebuilt historic game-playing machines: relay noughts-and-crosses machines, MENACE,
/// the IBM 1620's 3D tic-tac-toe, a relay computer with a teletype, a Threes! AI.
///
/// Run without a subcommand for the interactive menu.
#[derive(Debug, Parser)]
#[command(name = "ludomat", version, about, long_about = None)]
pub struct Cli {
    /// Print diagnostics (repeat for more): -v info, -vv debug, -vvv trace; -v alone: the version.
    // Global, so every subcommand lists it: after the subcommand's own options (which
    // clap lists in the order they are declared), just before -h. Without an order of its
    // own it would share the first option's place and be sorted among them by letter.
    #[arg(short, long, action = clap::ArgAction::Count, global = true, display_order = 998)]
    verbose: u8,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a machine at the terminal.
    Play {
        #[command(subcommand)]
        game: PlayGame,
    },
    /// Many seeded games between two agents, in parallel; prints the result table.
    Tournament {
        #[command(subcommand)]
        game: TournamentGame,
    },
    /// Noughts and crosses facts.
    Tictactoe(tictactoe::TictactoeCmd),
    /// The Computox relay by relay: its netlist, and the check that the circuit agrees
    /// with the behavioural model (with the relay hazard report).
    Computox(computox_circuit::ComputoxCmd),
    /// MENACE, Donald Michie's matchbox learner.
    Menace(menace::MenaceCmd),
    /// The ternary logic-graph simulator (gates, relays, ISCAS benchmarks).
    Logic(logic::LogicCmd),
    /// The relay computer: assembler, disassembler, emulator with teletype.
    Relay(relay::RelayCmd),
    /// Threes!: AI runs and replays.
    Threes(threes::ThreesCmd),
    /// 3D/4D tic-tac-toe proofs: the 4×4×4 first-player win (certificates, Patashnik's
    /// dictionary, our search) and the 4×4×4×4 forced win.
    Qubic(qubic::QubicCmd),
    /// The web museum on 127.0.0.1: play the machines in a browser and watch their insides.
    Serve(serve::ServeArgs),
    /// Regex crosswords (rectangles and hexagons): solve, check an answer.
    Regex(regex::RegexCmd),
    /// HER, Gardner's hexapawn matchbox learner: train it, show its boxes.
    Her(hexapawn::HerCmd),
    /// The interactive menu of machines (the default).
    Menu,
    /// Print the version, as --version does (a newcomer's guess).
    #[command(hide = true)]
    Version,
}

#[derive(Debug, Subcommand)]
enum PlayGame {
    /// Noughts and crosses between any two agents.
    Tictactoe(tictactoe::PlayArgs),
    /// The Computox / AUTOX relay noughts-and-crosses machines.
    Computox(computox::PlayArgs),
    /// The relay computer running the 46-word tic-tac-toe ROM.
    RelayTictactoe(relay::PlayArgs),
    /// 3D (4×4×4) or 4D tic-tac-toe against the IBM 1620 strategies.
    Qubic(qubic::PlayArgs),
    /// Threes!, with an optional AI assistant.
    Threes(threes::PlayArgs),
    /// MENACE's matchbox challenge (the same as `ludomat menace play`).
    Menace(menace::PlayMenaceArgs),
    /// A regex crossword: fill the grid, clue status shown as you type.
    Regex(regex::PlayArgs),
    /// Hexapawn against HER, Gardner's matchbox learner (1962).
    Hexapawn(hexapawn::PlayArgs),
}

#[derive(Debug, Subcommand)]
enum TournamentGame {
    /// Noughts and crosses.
    Tictactoe(tictactoe::TournamentArgs),
    /// 3D or 4D tic-tac-toe between two strategies (OTHER-1, the 1962 deck, random,
    /// threats).
    Qubic(qubic::TournamentArgs),
}

fn init_tracing(verbose: u8) {
    let level = match verbose {
        0 => "warn",
        1 => "info",
        2 => "debug",
        _ => "trace",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(level));
    // Colour codes only on a terminal: a log sent to a file or a journal stays plain.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ludomat_io::out::stderr_is_terminal())
        .with_writer(ludomat_io::out::stderr)
        .try_init();
}

/// Run one parsed command line.
fn dispatch(command: Command) -> Result<()> {
    match command {
        Command::Play { game } => {
            // Ctrl-C at a prompt ends the game as end of input does, with the score so far.
            let _ctrl_c = interrupt::end_input_on_ctrl_c();
            match game {
                PlayGame::Tictactoe(a) => tictactoe::play(a),
                PlayGame::Computox(a) => computox::play(a),
                PlayGame::RelayTictactoe(a) => relay::play(a),
                PlayGame::Qubic(a) => qubic::play(a),
                PlayGame::Threes(a) => threes::play(a),
                PlayGame::Menace(a) => menace::play_menace(a),
                PlayGame::Regex(a) => regex::play(a),
                PlayGame::Hexapawn(a) => hexapawn::play(a),
            }
        }
        Command::Tournament { game } => match game {
            TournamentGame::Tictactoe(a) => tictactoe::tournament(a),
            TournamentGame::Qubic(a) => qubic::tournament(a),
        },
        Command::Tictactoe(c) => tictactoe::run(c),
        Command::Computox(c) => computox_circuit::run(c),
        Command::Menace(c) => menace::run(c),
        Command::Logic(c) => logic::run(c),
        Command::Relay(c) => relay::run(c),
        Command::Threes(c) => threes::run(c),
        Command::Qubic(c) => qubic::run(c),
        Command::Serve(a) => serve::run(a),
        Command::Regex(c) => regex::run(c),
        Command::Her(c) => hexapawn::run(c),
        Command::Menu => menu::run(),
        Command::Version => {
            out!(
                "{}",
                <Cli as clap::CommandFactory>::command().render_version()
            );
            Ok(())
        }
    }
}

fn main() -> std::process::ExitCode {
    // Ctrl-C held for the first run (interrupt.rs); SIGPIPE, SIGXFSZ ignored: said in words
    ludomat_io::interrupt::catch_early();
    ludomat_io::write::file_size_limit_as_an_error();
    if std::env::var_os(out::COMMAND_TREE_VAR).is_some() {
        // For the sweep test (tests/sweep.rs): every subcommand, walked from clap's tree.
        out::print_command_tree(&<Cli as clap::CommandFactory>::command());
        return out::finish().map_or(
            std::process::ExitCode::SUCCESS,
            std::process::ExitCode::from,
        );
    }
    let args = ludomat_io::out::version_guess(std::env::args_os());
    ludomat_io::read::guard_stderr(&args); // `2>> s.json`: not even a usage error into it
    let cli = match ludomat_game::count::parse_from::<Cli, _, _>(args) {
        Ok(cli) => cli,
        // help and version wrapped to 80 columns (help.rs); usage errors as clap words them
        Err(e) => return out::clap_exit(&ludomat_game::count::escaped(e)),
    };
    if cli.command.is_none() && cli.verbose > 0 {
        // `-vv` or `--verbose` alone opened the menu, and `-v` alone is the version
        let args: Vec<String> = std::env::args().collect();
        let words = ludomat_io::out::verbose_alone(&args);
        return out::clap_exit(&usage::clap_error(&words, &args));
    }
    init_tracing(cli.verbose);
    let result = dispatch(cli.command.unwrap_or(Command::Menu));
    // a pager Ctrl-C left ends the command as Ctrl-C ends any run
    let result = result.and_then(|()| Ok(page::not_stopped()?));
    let failed_write = out::finish();
    ludomat_io::interrupt::settle_early();
    match result {
        // stopped by Ctrl-C after printing what it had: the one line, the shell's status
        Err(e) if e.downcast_ref::<interrupt::Stopped>().is_some() => {
            let stopped = e.downcast_ref::<interrupt::Stopped>();
            let line = stopped.map(|s| s.line());
            let line = help::wrap(line.unwrap_or_default());
            errln!("{}{}", interrupt::after_echo(), line.trim_end());
            std::process::ExitCode::from(stopped.map_or(130, interrupt::Stopped::status))
        }
        Err(e) if usage::find(&e).is_some() => {
            // a usage error found after parsing: as clap says its own, status 2
            let message = usage::find(&e).unwrap_or_default();
            let args: Vec<String> = std::env::args().collect();
            out::clap_exit(&usage::clap_error(&message, &args))
        }
        Err(e) if !out::is_output_failure(&e) => {
            // wrapped at words to 80 columns, on a line of its own (never after a prompt)
            ludomat_io::out::end_line();
            let line = ludomat_io::text::ticks_as_quotes(&format!("ludomat: {}", out::causes(&e)));
            errln!("{}", help::wrap(&line).trim_end());
            std::process::ExitCode::FAILURE
        }
        _ => failed_write.map_or(
            std::process::ExitCode::SUCCESS,
            std::process::ExitCode::from,
        ),
    }
}
