//! Pick 15 (Number Scrabble): tic-tac-toe in disguise.
//!
//! Two players take turns choosing numbers from 1 to 9; a number can be taken once. Whoever
//! first holds three numbers that add up to 15 wins. Put each number on its square of the Lo
//! Shu magic square and every move is a tic-tac-toe move: the computer plays Pick 15 perfectly
//! by solving the board.
//!
//! ```
//! use magic_tictactoe::{pick15::Pick15, Level};
//!
//! let mut game = Pick15::against(Level::Perfect);
//! let reply = game.try_take(5)?;          // you take 5; the computer answers
//! assert!(reply.is_some());
//! assert_eq!(game.numbers_of_you(), vec![5]);
//! assert!(game.try_take(5).is_err());   // taken
//! assert!(game.try_take(12).is_err());  // not 1 to 9
//! # Ok::<(), magic_tictactoe::pick15::Pick15Error>(())
//! ```

use std::fmt;

use crate::engine::{Game, Level, Opponent};
use crate::render::clickable::{ClickableGame, Face};
use crate::render::palette::{self, CELL, MUTED, PAPER, QUIET_INK};
use crate::render::parts::{caption, card, cell, note, plain_table, refusal, side_by_side, title};
use crate::render::{Border, Html, Picture, Scale, notebook_pictures, span, tr};
use crate::rules::text::capitalised;
use crate::rules::text::debug_as_sentence;
use crate::rules::{MoveError, Player, Square};

/// Why a number cannot be taken.
#[derive(Clone, PartialEq, Eq)]
pub enum Pick15Error {
    /// Not a number from 1 to 9.
    NotANumber(i64),
    /// A number far too big to be one of 1 to 9: more than an `i64` holds.
    TooBig,
    /// Someone already holds it.
    Taken {
        /// The number.
        number: u8,
        /// Who holds it: you (`true`) or the computer.
        by_you: bool,
    },
    /// The game has ended.
    GameOver,
}

impl fmt::Display for Pick15Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pick15Error::TooBig => {
                write!(f, "that number is too big: take a number from 1 to 9")
            }
            Pick15Error::NotANumber(n) => write!(f, "{n} is not a number from 1 to 9"),
            Pick15Error::Taken {
                number,
                by_you: true,
            } => write!(f, "you already hold {number}"),
            Pick15Error::Taken {
                number,
                by_you: false,
            } => write!(f, "the computer already holds {number}"),
            Pick15Error::GameOver => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for Pick15Error {}

/// A game of Pick 15 against the computer, played on the magic square underneath.
#[derive(Debug, Clone)]
pub struct Pick15 {
    game: Game,
    you: Player,
    message: Option<String>,
    refused: bool,
}

impl Pick15 {
    /// Pick 15 to play by clicking, against `opponent` (a level, or a player of your own):
    /// the nine numbers as cards, with no board in sight, as the game is played at a table.
    /// `.face(Face::MagicSquare)` plays the same game with the numbers on the magic square.
    ///
    /// ```
    /// use magic_tictactoe::pick15::Pick15;
    /// use magic_tictactoe::clickable::Face;
    /// use magic_tictactoe::Level;
    ///
    /// let blind = Pick15::clickable(Level::Perfect);
    /// let revealed = Pick15::clickable(Level::Perfect).face(Face::MagicSquare);
    /// assert_ne!(blind.to_html(), revealed.to_html());
    /// ```
    pub fn clickable(opponent: impl Into<Opponent>) -> ClickableGame {
        ClickableGame::new(opponent).face(Face::NumberCards)
    }

    /// A game against the computer at `level`; you choose first.
    pub fn against(level: Level) -> Pick15 {
        Pick15 {
            game: Game::against(level).playing_as(Player::X),
            you: Player::X,
            message: None,
            refused: false,
        }
    }

    /// The same game restarted with the computer choosing first.
    #[must_use]
    pub fn computer_first(mut self) -> Pick15 {
        self.game = self.game.playing_as(Player::O);
        self.you = Player::O;
        self.message = self.reply_sentence();
        self.refused = false;
        self
    }

    /// The same game restarted with the computer's random choices drawn from `seed`.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Pick15 {
        self.game = self.game.with_seed(seed);
        self.message = self.reply_sentence();
        self.refused = false;
        self
    }

    /// Takes `number` for you and lets the computer answer. Returns the computer's number.
    ///
    /// # Errors
    ///
    /// A [`Pick15Error`] when the number is not 1 to 9, is already taken, or the game is over;
    /// the game is then unchanged.
    pub fn try_take<N: TryInto<i64>>(&mut self, number: N) -> Result<Option<u8>, Pick15Error> {
        let number = number.try_into().map_err(|_| Pick15Error::TooBig)?;
        let square = u8::try_from(number)
            .ok()
            .and_then(Square::from_magic_number)
            .ok_or(Pick15Error::NotANumber(number))?;
        match self.game.try_play(square) {
            Ok(reply) => Ok(reply.map(|choice| choice.square.magic_number())),
            Err(MoveError::SquareTaken { by, .. }) => Err(Pick15Error::Taken {
                number: square.magic_number(),
                by_you: by == self.you,
            }),
            Err(_) => Err(Pick15Error::GameOver),
        }
    }

    /// Like [`Pick15::try_take`], for a notebook cell: never panics, keeps what happened as a
    /// message, and returns the game, so that takes chain and the cell shows the game.
    pub fn take<N: TryInto<i64>>(&mut self, number: N) -> &mut Pick15 {
        let taken = self.try_take(number);
        self.refused = taken.is_err();
        self.message = match taken {
            Ok(_) => self.reply_sentence(),
            Err(error) => Some(format!(
                "{}. Nothing was taken.",
                capitalised(&error.to_string())
            )),
        };
        self
    }

    fn reply_sentence(&self) -> Option<String> {
        self.game
            .last_reply()
            .map(|choice| format!("The computer took {}.", choice.square.magic_number()))
    }

    /// Your numbers, smallest first.
    pub fn numbers_of_you(&self) -> Vec<u8> {
        self.numbers_of(self.you)
    }

    /// The computer's numbers, smallest first.
    pub fn numbers_of_computer(&self) -> Vec<u8> {
        self.numbers_of(!self.you)
    }

    fn numbers_of(&self, player: Player) -> Vec<u8> {
        let mut numbers: Vec<u8> = self
            .game
            .board()
            .squares(player)
            .iter()
            .map(Square::magic_number)
            .collect();
        numbers.sort_unstable();
        numbers
    }

    /// The numbers nobody holds yet.
    pub fn numbers_left(&self) -> Vec<u8> {
        let mut numbers: Vec<u8> = self
            .game
            .board()
            .empty_squares()
            .iter()
            .map(Square::magic_number)
            .collect();
        numbers.sort_unstable();
        numbers
    }

    /// The tic-tac-toe game underneath.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether you won (`Some(true)`), the computer won (`Some(false)`), or nobody yet.
    pub fn you_won(&self) -> Option<bool> {
        self.game.winner().map(|winner| winner == self.you)
    }

    /// How the game stands, in a sentence.
    pub fn result_sentence(&self) -> String {
        let outcome = self.game.outcome();
        match (self.game.winner(), self.game.board().winning_line()) {
            (Some(winner), Some(line)) => {
                let [a, b, c] = sorted(line.magic_numbers());
                let who = if winner == self.you {
                    "You hold"
                } else {
                    "The computer holds"
                };
                let end = if winner == self.you {
                    "You win!"
                } else {
                    "The computer wins."
                };
                format!("{who} {a}, {b} and {c}: {a} + {b} + {c} = 15. {end}")
            }
            _ if outcome.is_some() => {
                "All nine numbers are gone and nobody has 15: a draw.".to_owned()
            }
            _ => "Your turn: take a number that is left.".to_owned(),
        }
    }
}

impl Picture for Pick15 {
    /// The numbers each side holds and, beside them, the same game on the magic square.
    fn draw(&self, scale: Scale) -> Html {
        let chips = |numbers: &[u8], colour| -> Html {
            if numbers.is_empty() {
                return span()
                    .css("color", MUTED)
                    .css("background", PAPER)
                    .text("none yet")
                    .into();
            }
            numbers
                .iter()
                .map(|n| {
                    span()
                        .css("display", "inline-block")
                        .css("min-width", scale.px(22))
                        .css("text-align", "center")
                        .css("padding", (scale.px(2), scale.px(4)))
                        .css("margin", (scale.px(1), scale.px(1)))
                        .css("border-radius", scale.px(4))
                        .css("background", CELL)
                        .css("color", colour)
                        .css("border", Border(scale.px(2), "solid", colour))
                        .css("font-weight", "800")
                        .css("font-size", scale.px(16))
                        .text(&n.to_string())
                        .into()
                })
                .collect()
        };
        let row = |label: &str, content: Html| {
            tr().child(cell(scale).css("white-space", "nowrap").text(label))
                .child(cell(scale).child(content))
        };
        let numbers = plain_table()
            .child(row(
                &format!("You ({})", self.you),
                chips(&self.numbers_of_you(), palette::mark(self.you)),
            ))
            .child(row(
                &format!("Computer ({})", !self.you),
                chips(&self.numbers_of_computer(), palette::mark(!self.you)),
            ))
            .child(row("Left", chips(&self.numbers_left(), QUIET_INK)));
        let mut left = title(scale, "Pick 15");
        left.push(numbers);
        let mut right = title(scale, "The same game on the magic square");
        right.push(
            self.game
                .board()
                .view()
                .magic_numbers()
                .digits(false)
                .size(44)
                .table_html(scale),
        );
        let mut inner = side_by_side(scale, [left, right]);
        inner.push(caption(scale, &self.result_sentence()));
        if let Some(message) = &self.message {
            inner.push(if self.refused {
                refusal(scale, message)
            } else {
                note(scale, message)
            });
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

notebook_pictures!(Pick15);

impl fmt::Display for Pick15 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |numbers: Vec<u8>| {
            numbers
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        writeln!(f, "you: {}", list(self.numbers_of_you()))?;
        writeln!(f, "computer: {}", list(self.numbers_of_computer()))?;
        writeln!(f, "left: {}", list(self.numbers_left()))?;
        write!(f, "{}", self.result_sentence())?;
        if let Some(message) = &self.message {
            write!(f, "\n{message}")?;
        }
        Ok(())
    }
}

fn sorted(mut numbers: [u8; 3]) -> [u8; 3] {
    numbers.sort_unstable();
    numbers
}

debug_as_sentence!(Pick15Error);
