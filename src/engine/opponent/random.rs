//! Random play on any game: any of the moves, each as likely as the others.

use super::super::Reason;
use super::super::bot::{Bot, MoveChances};
use super::super::play::{Choice, Fault, Turn};
use super::asking::{computers_chances, computers_turn};
use crate::rules::TwoPlayerGame;

/// Any of the moves, each as likely as the others, drawn with its own random numbers.
pub(super) struct Random {
    pub(super) rng: fastrand::Rng,
}

impl<G: TwoPlayerGame> Bot<G> for Random {
    fn name(&self) -> &str {
        "random"
    }

    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        computers_turn(game, position, || {
            let chosen = game
                .random_move(position, &mut self.rng)
                .ok_or(Fault::NoMove)?;
            Ok(Choice {
                square: chosen,
                reason: Reason::Random,
            })
        })
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        self.rng = fastrand::Rng::with_seed(seeds.u64(..));
    }

    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        computers_chances(game, position, || {
            let moves = game.moves(position);
            let share = 1.0 / moves.len().max(1) as f64;
            Ok(moves.into_iter().map(|chosen| (chosen, share)).collect())
        })
    }
}
