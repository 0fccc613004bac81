//! A tic-tac-toe player that draws each square with a chance it knows: MENACE as it stands,
//! drawing a bead from the matchbox of each board it meets, and no longer learning.

use std::rc::Rc;

use super::super::Reason;
use super::super::bot::{Bot, MoveChances};
use super::super::play::{Choice, Fault, Turn};
use super::asking::square_chances;
use crate::rules::{Board, Square, SquareError, TicTacToe};

/// The chance of each square on a board, in keypad order (the share of each colour of bead in
/// MENACE's box), or why it cannot move.
pub(crate) type ChancesFn = Rc<dyn Fn(Board) -> Result<[f64; 9], Fault>>;

/// A player drawing by its chances, with its own random numbers.
pub(super) struct Beads {
    pub(super) chances: ChancesFn,
    pub(super) rng: fastrand::Rng,
}

impl Bot<TicTacToe> for Beads {
    fn name(&self) -> &str {
        "beads"
    }

    fn turn(&mut self, _: &TicTacToe, &board: &Board) -> Option<Turn> {
        if board.is_over() {
            return None;
        }
        let chosen = (self.chances)(board).and_then(|chances| {
            let square = draw(board, &chances, &mut self.rng)
                .ok_or(Fault::NoSquare(SquareError::Nothing))?;
            Ok(Choice {
                square,
                reason: Reason::Bead,
            })
        });
        Some(Turn::from(chosen))
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        self.rng = fastrand::Rng::with_seed(seeds.u64(..));
    }

    fn chances(&mut self, _: &TicTacToe, &board: &Board) -> Option<MoveChances<Square>> {
        (!board.is_over()).then(|| (self.chances)(board).map(square_chances))
    }
}

/// A free square of `board` drawn at random with the `chances` given (keypad order).
fn draw(board: Board, chances: &[f64; 9], rng: &mut fastrand::Rng) -> Option<Square> {
    let mut left = rng.f64();
    let mut last = None;
    for square in board.legal_moves() {
        let chance = chances[square.index()];
        if chance > 0.0 {
            last = Some(square);
            if left < chance {
                return Some(square);
            }
            left -= chance;
        }
    }
    // Rounding can leave a sliver past the last share: it belongs to the last square.
    last
}
