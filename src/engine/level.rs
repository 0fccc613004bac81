//! The computer's levels, from random to perfect, and the rules player's checklist.

use std::fmt;
use std::str::FromStr;

use super::Value;
use crate::rules::text::debug_as_sentence;
use crate::rules::text::{quoted, thousands};
use crate::rules::{Board, Square, SquareSet, magic};

/// How a computer opponent chooses its moves.
///
/// ```
/// use magic_tictactoe::Level;
///
/// assert_eq!("perfect".parse(), Ok(Level::Perfect));
/// assert_eq!("easy".parse(), Ok(Level::EASY));
/// assert_eq!("blunders 30".parse(), Ok(Level::Blunders(30)));
/// assert!("impossible".parse::<Level>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any free square, each as likely as the others.
    Random,
    /// The priority list tutorials teach: win if you can, else block, else take the centre,
    /// else a corner, else an edge. A fork beats it.
    Rules,
    /// Always one of the best moves, chosen at random among equals. It never loses.
    Perfect,
    /// Perfect, except that on each move, with this chance in percent (0 to 100; more counts
    /// as 100), it plays a random free square instead.
    Blunders(u8),
}

impl Level {
    /// A difficulty level: perfect play with a 40 % chance of a random move.
    pub const EASY: Level = Level::Blunders(40);
    /// A difficulty level: perfect play with a 20 % chance of a random move.
    pub const MEDIUM: Level = Level::Blunders(20);
    /// A difficulty level: perfect play with a 5 % chance of a random move.
    pub const HARD: Level = Level::Blunders(5);

    /// The levels a learner picks from, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Rules,
        Level::EASY,
        Level::MEDIUM,
        Level::HARD,
        Level::Perfect,
    ];

    /// The level's name: `random`, `rules`, `easy`, `medium`, `hard`, `perfect`, or
    /// `blunders N` for another chance of blundering.
    pub fn name(self) -> String {
        match self {
            Level::Random => "random".to_owned(),
            Level::Rules => "rules".to_owned(),
            Level::Perfect => "perfect".to_owned(),
            Level::EASY => "easy".to_owned(),
            Level::MEDIUM => "medium".to_owned(),
            Level::HARD => "hard".to_owned(),
            Level::Blunders(percent) => format!("blunders {}", percent.min(100)),
        }
    }

    /// The chance, 0 to 1, that the level plays a random square instead of a best one.
    fn blunder_chance(self) -> f64 {
        match self {
            Level::Random => 1.0,
            Level::Blunders(percent) => f64::from(percent.min(100)) / 100.0,
            Level::Rules | Level::Perfect => 0.0,
        }
    }

    /// The chance that this level plays each square on `board`, in keypad order; all zero once
    /// the game is over. [`Opponent`](crate::Opponent) draws its moves from exactly these.
    pub fn move_chances(self, board: Board) -> [f64; 9] {
        let mut chances = [0.0; 9];
        let mut spread = |squares: SquareSet, weight: f64| {
            for square in squares {
                chances[square.index()] += weight / squares.len() as f64;
            }
        };
        match self {
            Level::Rules => {
                if let Some((squares, _)) = rules_choice(board) {
                    spread(squares, 1.0);
                }
            }
            level => {
                let blunder = level.blunder_chance();
                spread(board.legal_moves(), blunder);
                spread(board.best_moves(), 1.0 - blunder);
            }
        }
        chances
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The error returned when text does not name a level.
#[derive(Clone, PartialEq, Eq)]
pub struct ParseLevelError {
    text: String,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a level: use random, rules, easy, medium, hard, perfect, or \"blunders N\" with N from 0 to 100",
            self.text
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// Reads a level's name in any case, or `blunders N` (also `blunders N%`).
    ///
    /// # Errors
    ///
    /// [`ParseLevelError`] for any other text, or a blunder chance above 100.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let text = s.trim().to_lowercase();
        if let Some(level) = Level::ALL.into_iter().find(|level| level.name() == text) {
            return Ok(level);
        }
        let percent = text
            .strip_prefix("blunders")
            .map(|rest| {
                rest.trim()
                    .trim_end_matches('%')
                    .trim_start_matches([':', '='])
                    .trim()
            })
            .and_then(|number| number.parse::<u8>().ok())
            .filter(|&percent| percent <= 100);
        percent
            .map(Level::Blunders)
            .ok_or_else(|| ParseLevelError { text: quoted(s) })
    }
}

/// Why the computer chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Picked at random.
    Random,
    /// Completes a line: the rules player's first rule.
    Win,
    /// Stops the other side completing a line: the second rule.
    Block,
    /// The centre: the third rule.
    Centre,
    /// A corner: the fourth rule.
    Corner,
    /// An edge: the last rule.
    Edge,
    /// One of the best moves under perfect play, with its value.
    Best(Value),
    /// A deliberate mistake by a player that blunders: a random square instead of a best one.
    Blunder,
    /// Chosen by a learner's own player.
    OwnPlayer,
    /// The best move a search found looking `depth` moves ahead, with its score (a win scores
    /// 1,000 less the moves it takes; anything else is the evaluation's judgement).
    Searched {
        /// How many moves ahead the search looked.
        depth: u32,
        /// The score of the move for the player making it.
        score: i32,
    },
    /// Drawn as a bead from a MENACE matchbox.
    Bead,
    /// The move a Monte Carlo tree search tried most often.
    Playouts {
        /// The playouts of the search.
        playouts: u32,
        /// How many of them began with this move.
        visits: u32,
        /// What they scored for the mover, in half points (2 a win, 1 a draw).
        half_points: u32,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Random => write!(f, "picked at random"),
            Reason::Win => write!(f, "it completes a line"),
            Reason::Block => write!(f, "it blocks a line"),
            Reason::Centre => write!(f, "no win or block, so the centre"),
            Reason::Corner => write!(f, "no win or block and the centre is taken, so a corner"),
            Reason::Edge => write!(f, "nothing better, so an edge"),
            Reason::Best(value) => write!(f, "a best move: {value}"),
            Reason::Blunder => write!(f, "a deliberate mistake: a random square"),
            Reason::OwnPlayer => write!(f, "its own code chose it"),
            Reason::Searched { depth, score } => {
                write!(f, "the best score, {score}, looking {depth} moves ahead")
            }
            Reason::Bead => write!(f, "a bead drawn from its matchbox"),
            Reason::Playouts {
                playouts,
                visits,
                half_points,
            } => {
                let percent = (u64::from(*half_points) * 50)
                    .checked_div(u64::from(*visits))
                    .unwrap_or(0);
                write!(
                    f,
                    "tried most: in {} of {} playouts, scoring {percent}%",
                    thousands(u64::from(*visits)),
                    thousands(u64::from(*playouts))
                )
            }
        }
    }
}

/// The rules player's checklist on `board`: the squares the first rule that applies allows,
/// and that rule; `None` once the game is over.
///
/// ```
/// use magic_tictactoe::{rules_choice, Board, Reason, Square, SquareSet};
///
/// // O to move: X threatens 1-2-3, so the second rule, block, applies.
/// let board: Board = "XX./.O./...".parse()?;
/// assert_eq!(rules_choice(board), Some((SquareSet::from_square(Square::TopRight), Reason::Block)));
/// # Ok::<(), magic_tictactoe::ParseBoardError>(())
/// ```
pub fn rules_choice(board: Board) -> Option<(SquareSet, Reason)> {
    let me = board.to_move()?;
    let free = board.empty_squares();
    let corners: SquareSet = Square::CORNERS.into_iter().collect();
    [
        (magic::winning_squares(board.squares(me), free), Reason::Win),
        (
            magic::winning_squares(board.squares(!me), free),
            Reason::Block,
        ),
        (SquareSet::from_square(Square::Centre), Reason::Centre),
        (corners, Reason::Corner),
        (free, Reason::Edge),
    ]
    .into_iter()
    .map(|(squares, reason)| (squares.intersection(free), reason))
    .find(|(squares, _)| !squares.is_empty())
}

debug_as_sentence!(ParseLevelError);
