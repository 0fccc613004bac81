//! Tic-tac-toe's levels as players: random, the rules, perfect, and perfect with blunders, each
//! drawing among the squares its rule allows. Their chances are known, so a tournament of them
//! is worked out exactly.

use super::super::bot::{Bot, MoveChances};
use super::super::level::rules_choice;
use super::super::play::{Choice, Fault, Turn};
use super::super::{Level, Reason, solved};
use super::asking::square_chances;
use crate::rules::{Board, Square, SquareError, SquareSet, TicTacToe};

/// One of tic-tac-toe's levels, drawing with its own random numbers.
pub(super) struct Levelled {
    pub(super) level: Level,
    pub(super) rng: fastrand::Rng,
}

impl Levelled {
    /// Its square on `board`, a game in play, and why.
    #[inline(always)]
    pub(super) fn choose(&mut self, board: Board) -> Result<Choice, Fault> {
        let random = &mut self.rng;
        let choice = match self.level {
            Level::Perfect => best(board, random),
            Level::Random => pick(board.legal_moves(), Reason::Random, random),
            Level::Rules => {
                rules_choice(board).and_then(|(squares, reason)| pick(squares, reason, random))
            }
            Level::Blunders(percent) => {
                if random.u8(0..100) < percent.min(100) {
                    pick(board.legal_moves(), Reason::Blunder, random)
                } else {
                    best(board, random)
                }
            }
        };
        // A game in play always has a free square, so the crate's levels always choose.
        choice.ok_or(Fault::NoSquare(SquareError::Nothing))
    }
}

impl Bot<TicTacToe> for Levelled {
    fn name(&self) -> &str {
        "a level"
    }

    fn turn(&mut self, _: &TicTacToe, &board: &Board) -> Option<Turn> {
        if board.is_over() {
            return None;
        }
        Some(Turn::from(self.choose(board)))
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        self.rng = fastrand::Rng::with_seed(seeds.u64(..));
    }

    fn chances(&mut self, _: &TicTacToe, &board: &Board) -> Option<MoveChances<Square>> {
        (!board.is_over()).then(|| Ok(square_chances(self.level.move_chances(board))))
    }
}

/// One of `squares`, each as likely as the others, without walking the set.
#[inline]
fn pick(squares: SquareSet, reason: Reason, random: &mut fastrand::Rng) -> Option<Choice> {
    if squares.is_empty() {
        return None;
    }
    let square = squares.nth(random.usize(..squares.len()))?;
    Some(Choice { square, reason })
}

#[inline]
fn best(board: Board, random: &mut fastrand::Rng) -> Option<Choice> {
    // A finished game has no best moves, so this needs no separate test for the end.
    let (value, best) = solved::entry(board);
    pick(best, Reason::Best(value), random)
}
