//! `tictactoe play`: the game at a prompt.

use std::io::{self, BufRead, Write};

use magic_tictactoe::{Board, DEFAULT_SEED, Game, Level, Opponent, Player, Square};

use crate::input::{Line, read_line};
use crate::style::Style;

/// The choices made with flags; whatever is `None` is asked at the prompt.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Flags {
    against_computer: Option<bool>,
    level: Option<Level>,
    mark: Option<Player>,
    seed: u64,
}

impl Flags {
    /// Checks that the flags agree. X always moves first, so `--first` decides the mark too.
    pub(crate) fn checked(
        against_computer: Option<bool>,
        level: Option<Level>,
        mark: Option<Player>,
        i_move_first: Option<bool>,
        seed: Option<u64>,
    ) -> Result<Flags, String> {
        let first_mark = i_move_first.map(|me| if me { Player::X } else { Player::O });
        let mark = match (mark, first_mark) {
            (Some(mark), Some(first)) if mark != first => {
                return Err(format!(
                    "X always moves first, so playing {mark} means {} moves first: use --mark or --first, or both to agree",
                    if mark == Player::X {
                        "you"
                    } else {
                        "the computer"
                    }
                ));
            }
            (mark, first) => mark.or(first),
        };
        let computer_flags = level.is_some() || mark.is_some() || seed.is_some();
        if against_computer == Some(false) && computer_flags {
            return Err("--level, --mark, --first and --seed are for a game against the computer, not --mode two".into());
        }
        Ok(Flags {
            against_computer: against_computer.or(computer_flags.then_some(true)),
            level,
            mark,
            seed: seed.unwrap_or(DEFAULT_SEED),
        })
    }
}

const HELP: &str = "\
Type a square to put your mark there:
  a keypad digit 1-9      1 2 3
                          4 5 6
                          7 8 9
  a row and a column, each 1-3 from the top left: \"2 3\" is square 6
  a row letter a-c (from the top) and a column 1-3: \"b3\" is square 6
Commands:
  u  undo your last move (and the computer's reply)
  h  hint: the best moves and the value of every move
  r  restart
  q  quit (Ctrl-D works too)
  ?  this help";

struct Session<'a, R, W> {
    input: &'a mut R,
    out: &'a mut W,
    style: Style,
}

/// The answer to a question at the prompt, or the end of input.
enum Answer<T> {
    Chosen(T),
    End,
}

impl<R: BufRead, W: Write> Session<'_, R, W> {
    /// The choice made by a flag, or else the answer to `question`.
    fn choose<T>(
        &mut self,
        chosen: Option<T>,
        question: &str,
        default: T,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> io::Result<Answer<T>> {
        match chosen {
            Some(choice) => Ok(Answer::Chosen(choice)),
            None => self.ask(question, default, parse),
        }
    }

    /// Asks until the answer parses; an empty line takes the default.
    fn ask<T>(
        &mut self,
        question: &str,
        default: T,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> io::Result<Answer<T>> {
        loop {
            write!(self.out, "{question} ")?;
            self.out.flush()?;
            match read_line(self.input)? {
                Line::End => return Ok(Answer::End),
                Line::TooLong => writeln!(self.out, "That line is too long.")?,
                Line::NotText => writeln!(self.out, "That line is not readable text.")?,
                Line::Text(text) if text.trim().is_empty() => return Ok(Answer::Chosen(default)),
                Line::Text(text) if is_quit(&text) => return Ok(Answer::End),
                Line::Text(text) => match parse(text.trim()) {
                    Ok(value) => return Ok(Answer::Chosen(value)),
                    Err(message) => writeln!(self.out, "{message}")?,
                },
            }
        }
    }

    fn draw(&mut self, board: Board) -> io::Result<()> {
        let line = board
            .winning_line()
            .map(|line| line.square_set())
            .unwrap_or_default();
        writeln!(self.out)?;
        for row in 0..3 {
            let cells: Vec<String> = (0..3)
                .map(|column| {
                    let square = Square::ALL[row * 3 + column];
                    match board.get(square) {
                        Some(player) if line.contains(square) => {
                            format!("[{}]", self.style.mark(player))
                        }
                        Some(player) => format!(" {} ", self.style.mark(player)),
                        None => format!(" {} ", self.style.dim(&square.to_string())),
                    }
                })
                .collect();
            writeln!(self.out, "  {}", cells.join("|").trim_end())?;
            if row < 2 {
                writeln!(self.out, "  ---+---+---")?;
            }
        }
        writeln!(self.out)
    }

    /// Says the computer's opening move, when it moves first.
    fn opening_reply(&mut self, game: &Game) -> io::Result<()> {
        match game.last_reply() {
            Some(choice) => self.computer_took(Player::X, choice.square),
            None => Ok(()),
        }
    }

    fn computer_took(&mut self, computer: Player, square: Square) -> io::Result<()> {
        let mark = self.style.mark(computer);
        writeln!(self.out, "The computer ({mark}) takes square {square}.")
    }

    fn hint(&mut self, game: &Game) -> io::Result<()> {
        let analysis = game.hint();
        let Some(player) = analysis.board().to_move() else {
            return writeln!(self.out, "The game is over: nothing to hint.");
        };
        let best: Vec<String> = analysis.best().iter().map(|s| s.to_string()).collect();
        let value = analysis.value().map(|v| v.to_string()).unwrap_or_default();
        writeln!(
            self.out,
            "Hint for {player}: play {} ({value}).",
            best.join(" or ")
        )?;
        let all: Vec<String> = analysis
            .iter()
            .map(|(square, value)| format!("{square}: {value}"))
            .collect();
        writeln!(self.out, "Every move: {}", all.join(", "))
    }
}

/// Plays games until the person quits or the input ends.
pub(crate) fn run(
    flags: Flags,
    style: Style,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut session = Session { input, out, style };
    writeln!(
        session.out,
        "{}",
        style.bold("Tic-tac-toe. Type ? at any time for help.")
    )?;
    let Answer::Chosen(against_computer) = session.choose(
        flags.against_computer,
        "Play against the computer (c) or a friend at this keyboard (f)? [c]",
        true,
        |text| match text.to_lowercase().as_str() {
            "c" | "computer" => Ok(true),
            "f" | "friend" | "two" | "2" => Ok(false),
            _ => Err("Please type c for the computer or f for a friend.".into()),
        },
    )?
    else {
        return goodbye(&mut session);
    };
    let mut game = if against_computer {
        let Answer::Chosen(level) = session.choose(
            flags.level,
            "Level: random, rules, easy, medium, hard or perfect? [perfect]",
            Level::Perfect,
            parse_text::<Level>,
        )?
        else {
            return goodbye(&mut session);
        };
        let Answer::Chosen(mark) = session.choose(
            flags.mark,
            "Play X (you move first) or O (the computer moves first)? [X]",
            Player::X,
            parse_text::<Player>,
        )?
        else {
            return goodbye(&mut session);
        };
        writeln!(
            session.out,
            "You play {} against the {level} computer.",
            style.mark(mark)
        )?;
        Game::against_opponent(Opponent::new(level, flags.seed), !mark)
    } else {
        writeln!(session.out, "Two players: X moves first.")?;
        Game::new()
    };
    session.opening_reply(&game)?;
    let mut moves_shown = None;
    loop {
        // Draw the board whenever it changed since it was last drawn.
        if moves_shown != Some(game.moves().to_vec()) {
            session.draw(game.board())?;
            moves_shown = Some(game.moves().to_vec());
            if game.is_over() {
                writeln!(session.out, "{}", style.bold(&game.result_sentence()))?;
            }
        }
        let prompt = match game.to_move() {
            None => "Game over: r to play again, u to undo, q to quit:".to_owned(),
            Some(player) if game.computer_plays().is_some() => {
                format!("Your move ({}), 1-9 or ? for help:", style.mark(player))
            }
            Some(player) => format!("{} to move, 1-9 or ? for help:", style.mark(player)),
        };
        write!(session.out, "{prompt} ")?;
        session.out.flush()?;
        let text = match read_line(session.input)? {
            Line::End => return goodbye(&mut session),
            Line::Text(text) => text,
            unread @ (Line::TooLong | Line::NotText) => {
                let what = if unread == Line::TooLong {
                    "too long"
                } else {
                    "not readable text"
                };
                writeln!(
                    session.out,
                    "That line is {what}: type a square from 1 to 9, or ? for help."
                )?;
                continue;
            }
        };
        match text.trim().to_lowercase().as_str() {
            "" => writeln!(
                session.out,
                "Nothing was typed: type a square from 1 to 9, or ? for help."
            )?,
            quit if is_quit(quit) => return goodbye(&mut session),
            "?" | "help" => writeln!(session.out, "{HELP}")?,
            "h" | "hint" => session.hint(&game)?,
            "r" | "restart" | "new" => {
                game.restart();
                moves_shown = None;
                writeln!(session.out, "New game.")?;
                session.opening_reply(&game)?;
            }
            "u" | "undo" => {
                if game.can_undo() {
                    game.undo();
                    writeln!(session.out, "Move taken back.")?;
                } else {
                    writeln!(session.out, "There is no move of yours to take back.")?;
                }
            }
            typed => match game.try_play(typed) {
                Ok(Some(choice)) => {
                    let computer = game.computer_plays().unwrap_or(Player::O);
                    session.computer_took(computer, choice.square)?;
                }
                Ok(None) => {}
                Err(error) => writeln!(session.out, "{}.", capitalise(&error.to_string()))?,
            },
        }
    }
}

/// Whether a person typed a way to leave: `q`, `quit` or `exit`.
fn is_quit(text: &str) -> bool {
    matches!(text.trim().to_lowercase().as_str(), "q" | "quit" | "exit")
}

fn parse_text<T: std::str::FromStr>(text: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    text.parse::<T>().map_err(|error| error.to_string())
}

fn goodbye<R, W: Write>(session: &mut Session<'_, R, W>) -> io::Result<()> {
    writeln!(session.out, "\nGoodbye.")
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
