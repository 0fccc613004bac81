//! Computer opponents, from random to perfect, each reproducible from a seed.

use super::level::rules_choice;
use super::{Level, Reason, solved};
use crate::rules::{Board, Square, SquareSet};

/// A move chosen by an [`Opponent`], with the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The square chosen.
    pub square: Square,
    /// Why.
    pub reason: Reason,
}

/// A computer player. The same level and seed always choose the same moves.
///
/// ```
/// use magic_tictactoe::{Board, Level, Opponent, Square};
///
/// // X holds 1 and 2: the rules player, as O, blocks on 3.
/// let board: Board = "XX./.O./...".parse()?;
/// let mut rules = Opponent::new(Level::Rules, 7);
/// assert_eq!(rules.choose_move(board), Some(Square::TopRight));
///
/// let mut a = Opponent::new(Level::Random, 42);
/// let mut b = Opponent::new(Level::Random, 42);
/// assert_eq!(a.choose_move(Board::new()), b.choose_move(Board::new()));
/// # Ok::<(), magic_tictactoe::ParseBoardError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Opponent {
    level: Level,
    seed: u64,
    rng: fastrand::Rng,
}

impl Opponent {
    /// An opponent of `level` whose random choices follow from `seed`.
    pub fn new(level: Level, seed: u64) -> Opponent {
        Opponent {
            level,
            seed,
            rng: fastrand::Rng::with_seed(seed),
        }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The seed it was made with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Starts its random choices again from the seed.
    pub fn reset(&mut self) {
        self.rng = fastrand::Rng::with_seed(self.seed);
    }

    /// The square it plays on `board`, or `None` if the game is over.
    pub fn choose_move(&mut self, board: Board) -> Option<Square> {
        self.choose(board).map(|choice| choice.square)
    }

    /// The square it plays on `board` and why, or `None` if the game is over.
    pub fn choose(&mut self, board: Board) -> Option<Choice> {
        match self.level {
            Level::Perfect => self.best(board),
            Level::Random => self.pick(board.legal_moves(), Reason::Random),
            Level::Rules => {
                let (squares, reason) = rules_choice(board)?;
                self.pick(squares, reason)
            }
            Level::Blunders(percent) => {
                if self.rng.u8(0..100) < percent.min(100) {
                    self.pick(board.legal_moves(), Reason::Blunder)
                } else {
                    self.best(board)
                }
            }
        }
    }

    /// One of `squares`, each as likely as the others, without walking the set.
    fn pick(&mut self, squares: SquareSet, reason: Reason) -> Option<Choice> {
        if squares.is_empty() {
            return None;
        }
        let square = squares.nth(self.rng.usize(..squares.len()))?;
        Some(Choice { square, reason })
    }

    fn best(&mut self, board: Board) -> Option<Choice> {
        // A finished game has no best moves, so this needs no separate test for the end.
        let (value, best) = solved::entry(board);
        self.pick(best, Reason::Best(value))
    }
}
