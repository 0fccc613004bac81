//! `tictactoe`: the terminal game, and a command line for analysis.

mod analyze;
mod input;
mod play;
mod style;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use magic_tictactoe::{Level, Player};

/// Tic-tac-toe in the terminal, with a computer that plays perfectly when asked to.
#[derive(Debug, Parser)]
#[command(name = "tictactoe", version, about, long_about = None, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// With no subcommand, these flags are `play`'s.
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game (the default). Any choice not given by a flag is asked for.
    Play(PlayArgs),
    /// Show the value of a position and of every legal move under perfect play.
    Analyze {
        /// The board, rows top to bottom separated by '/': X, O and '.' for empty, e.g. X.O/.X./..O
        board: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Count the game: move sequences per depth, complete games, positions, symmetry.
    Stats {
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Default, Clone, clap::Args)]
struct PlayArgs {
    /// Two people at one keyboard, or a person against the computer.
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// The computer's level: random, rules, easy, medium, hard, perfect, or "blunders N".
    #[arg(long, value_parser = parse_level)]
    level: Option<Level>,
    /// Your mark against the computer. X always moves first.
    #[arg(long, value_parser = parse_player)]
    mark: Option<Player>,
    /// Who moves first against the computer; the first mover plays X.
    #[arg(long, value_enum)]
    first: Option<First>,
    /// Seed for the computer's random choices (the same seed replays the same choices).
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// Two people take turns at one keyboard.
    Two,
    /// You play against the computer.
    Computer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum First {
    /// You move first (and play X).
    Me,
    /// The computer moves first (and plays X).
    Computer,
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
        .map_err(|error: magic_tictactoe::ParseLevelError| error.to_string())
}

fn parse_player(text: &str) -> Result<Player, String> {
    text.parse()
        .map_err(|error: magic_tictactoe::ParsePlayerError| error.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let style = style::Style::for_stdout();
    let mut out = io::stdout().lock();
    let result = match cli.command.unwrap_or(Command::Play(cli.play)) {
        Command::Play(args) => match play::Flags::checked(
            args.mode.map(|mode| mode == Mode::Computer),
            args.level,
            args.mark,
            args.first.map(|first| first == First::Me),
            args.seed,
        ) {
            Ok(flags) => play::run(flags, style, &mut io::stdin().lock(), &mut out),
            Err(message) => {
                complain(&message);
                return ExitCode::from(2);
            }
        },
        Command::Analyze { board, json } => match board.parse() {
            Ok(board) => analyze::position(board, json, &mut out),
            Err(error) => {
                complain(&format!("invalid board {board:?}: {error}"));
                return ExitCode::from(2);
            }
        },
        Command::Stats { json } => analyze::stats(json, &mut out),
    };
    match result.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`tictactoe stats | head -1`) is an ordinary way to stop reading.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            complain(&error.to_string());
            ExitCode::FAILURE
        }
    }
}

/// Says what went wrong on standard error. If even that cannot be written (it was closed, or
/// the disk is full), there is nobody to tell: the exit status still says it.
fn complain(message: &str) {
    let _ = writeln!(io::stderr(), "tictactoe: {message}");
}
