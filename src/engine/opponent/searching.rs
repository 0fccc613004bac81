//! A player that searches a few moves ahead and judges the positions where it stops with a
//! learner's evaluation ([`search_ahead`](crate::engine::solve::search_ahead)'s search).

use std::hash::Hash;
use std::rc::Rc;

use super::super::ahead;
use super::super::bot::{Bot, MoveChances};
use super::super::memo::Memo;
use super::super::play::{Choice, Fault, Turn};
use super::super::{Reason, SearchError, learner};
use super::asking::{AskedTwice, asked_twice, computers_turn};
use crate::rules::{Player, TwoPlayerGame};

/// A learner's evaluation: how good the position is for the player, higher better.
pub(super) type EvaluateFn<P> = Rc<dyn Fn(&P, Player) -> i32>;

/// A search `depth` moves ahead with a learner's evaluation.
pub(super) struct Searching<G: TwoPlayerGame> {
    pub(super) depth: u32,
    pub(super) evaluation: EvaluateFn<G::Position>,
    /// The positions its searches have visited, over all its moves.
    pub(super) positions: u64,
    pub(super) asked: AskedTwice<G>,
}

impl<G> Bot<G> for Searching<G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    fn name(&self) -> &str {
        "depth search"
    }

    /// Its move at `position`: a panic in the learner's evaluation, or a search past a limit,
    /// forfeits.
    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        computers_turn(game, position, || {
            let judge =
                |position: &G::Position, player: Player| (self.evaluation)(position, player);
            let found = learner::run(|| ahead::best_move(game, position, self.depth, &judge))
                .map_err(Fault::Panicked)?;
            match found {
                Ok(Some((chosen, score, positions))) => {
                    self.positions += positions;
                    Ok(Choice {
                        square: chosen,
                        reason: Reason::Searched {
                            depth: self.depth,
                            score,
                        },
                    })
                }
                Ok(None) => Err(Fault::NoMove),
                Err(SearchError::Limit(refusal)) => Err(Fault::Refused(refusal)),
                Err(panicked) => Err(Fault::Panicked(panicked.to_string())),
            }
        })
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        let _ = seeds.u64(..);
    }

    /// The positions its searches have visited.
    fn work(&self) -> u64 {
        self.positions
    }

    /// All on its move, when it plays the same one twice (its evaluation is a learner's code).
    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        let mut asked = std::mem::replace(&mut self.asked, Memo::new());
        let found = asked_twice(&mut asked, position, || self.turn(game, position));
        self.asked = asked;
        found
    }
}
