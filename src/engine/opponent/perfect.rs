//! Perfect play on any game small enough to solve: one of the best moves, each as likely as the
//! others.

use std::hash::Hash;
use std::rc::Rc;

use super::super::bot::{Bot, MoveChances};
use super::super::play::{Choice, Fault, Turn};
use super::super::{Reason, SolvedGame};
use super::asking::{computers_chances, computers_turn};
use crate::rules::TwoPlayerGame;

/// One of the best moves of a solved game, drawn with its own random numbers.
pub(super) struct Perfect<G: TwoPlayerGame> {
    pub(super) solved: Rc<SolvedGame<G>>,
    pub(super) rng: fastrand::Rng,
}

impl<G> Bot<G> for Perfect<G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    fn name(&self) -> &str {
        "perfect"
    }

    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        computers_turn(game, position, || {
            let best = self.solved.best_moves(game, position);
            let value = self.solved.value(position).ok_or(Fault::NoMove)?;
            let chosen = *best
                .get(self.rng.usize(..best.len().max(1)))
                .ok_or(Fault::NoMove)?;
            Ok(Choice {
                square: chosen,
                reason: Reason::Best(value),
            })
        })
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        self.rng = fastrand::Rng::with_seed(seeds.u64(..));
    }

    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        computers_chances(game, position, || {
            let best = self.solved.best_moves(game, position);
            if best.is_empty() {
                return Err(Fault::NoMove);
            }
            let share = 1.0 / best.len() as f64;
            Ok(best.into_iter().map(|chosen| (chosen, share)).collect())
        })
    }
}
