//! The players that draw their moves by chances they can state: tic-tac-toe's levels, a
//! player from known chances (MENACE), random and perfect play on any game. Because their
//! chances are known, a tournament of them can be worked out exactly.

use std::hash::Hash;
use std::rc::Rc;

use super::super::level::rules_choice;
use super::super::play::{Choice, Fault};
use super::super::{Level, Reason, SolvedGame, solved};
use crate::rules::{Board, Square, SquareError, SquareSet, TicTacToe, TwoPlayerGame};

pub(crate) use super::super::bot::MoveChances;

/// A player that draws its moves at random by a rule it can state: each move's chance at a
/// position, or why it cannot move. Tic-tac-toe's levels and MENACE are such players, and so
/// are random and perfect play on any game: because their chances are known, a tournament of
/// them can be worked out exactly.
pub(crate) trait Draws<G: TwoPlayerGame> {
    /// The level, for one of tic-tac-toe's.
    fn level(&self) -> Option<Level> {
        None
    }

    /// Its move at `position`, a game in play, drawn with `random`, and why.
    fn choose(
        &self,
        game: &G,
        position: &G::Position,
        random: &mut fastrand::Rng,
    ) -> Result<Choice<G::Move>, Fault<G::Move>>;

    /// The chance of each of its moves at `position`, a game in play (moves with no chance may
    /// be left out), or why it cannot move.
    fn chances(&self, game: &G, position: &G::Position) -> MoveChances<G::Move>;
}

/// The chances of tic-tac-toe's squares, in keypad order, as a list of moves.
fn square_chances(chances: [f64; 9]) -> Vec<(Square, f64)> {
    Square::ALL
        .into_iter()
        .map(|square| (square, chances[square.index()]))
        .filter(|&(_, chance)| chance > 0.0)
        .collect()
}

impl Draws<TicTacToe> for Level {
    fn level(&self) -> Option<Level> {
        Some(*self)
    }

    #[inline(always)]
    fn choose(
        &self,
        _: &TicTacToe,
        &board: &Board,
        random: &mut fastrand::Rng,
    ) -> Result<Choice, Fault> {
        let choice = match *self {
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

    fn chances(&self, _: &TicTacToe, &board: &Board) -> MoveChances<Square> {
        Ok(square_chances(self.move_chances(board)))
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

/// A tic-tac-toe player that knows its chance of playing each square, and plays by drawing from
/// them: MENACE is one, its chances the share of each colour of bead in a box.
pub(crate) trait Chances {
    /// The chance of each square on `board` in keypad order, or why it cannot move.
    fn chances(&self, board: Board) -> Result<[f64; 9], Fault>;
}

/// A tic-tac-toe player drawing from its [`Chances`], with the reason its draws give.
pub(super) struct FromChances(pub(super) Rc<dyn Chances>);

impl Draws<TicTacToe> for FromChances {
    fn choose(
        &self,
        _: &TicTacToe,
        &board: &Board,
        random: &mut fastrand::Rng,
    ) -> Result<Choice, Fault> {
        let chances = self.0.chances(board)?;
        let square = draw(board, &chances, random).ok_or(Fault::NoSquare(SquareError::Nothing))?;
        Ok(Choice {
            square,
            reason: Reason::Bead,
        })
    }

    fn chances(&self, _: &TicTacToe, &board: &Board) -> MoveChances<Square> {
        self.0.chances(board).map(square_chances)
    }
}

/// Any of the moves, each as likely as the others: random play on any game.
pub(super) struct Uniform;

impl<G: TwoPlayerGame> Draws<G> for Uniform {
    fn choose(
        &self,
        game: &G,
        position: &G::Position,
        random: &mut fastrand::Rng,
    ) -> Result<Choice<G::Move>, Fault<G::Move>> {
        let chosen = game.random_move(position, random).ok_or(Fault::NoMove)?;
        Ok(Choice {
            square: chosen,
            reason: Reason::Random,
        })
    }

    fn chances(&self, game: &G, position: &G::Position) -> MoveChances<G::Move> {
        let moves = game.moves(position);
        let share = 1.0 / moves.len().max(1) as f64;
        Ok(moves.into_iter().map(|chosen| (chosen, share)).collect())
    }
}

/// Perfect play on any game small enough to solve: one of the best moves, each as likely as the
/// others.
pub(super) struct PerfectPlay<G: TwoPlayerGame>(pub(super) SolvedGame<G>);

impl<G> Draws<G> for PerfectPlay<G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    fn choose(
        &self,
        game: &G,
        position: &G::Position,
        random: &mut fastrand::Rng,
    ) -> Result<Choice<G::Move>, Fault<G::Move>> {
        let best = self.0.best_moves(game, position);
        let value = self.0.value(position).ok_or(Fault::NoMove)?;
        let chosen = *best
            .get(random.usize(..best.len().max(1)))
            .ok_or(Fault::NoMove)?;
        Ok(Choice {
            square: chosen,
            reason: Reason::Best(value),
        })
    }

    fn chances(&self, game: &G, position: &G::Position) -> MoveChances<G::Move> {
        let best = self.0.best_moves(game, position);
        if best.is_empty() {
            return Err(Fault::NoMove);
        }
        let share = 1.0 / best.len() as f64;
        Ok(best.into_iter().map(|chosen| (chosen, share)).collect())
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
