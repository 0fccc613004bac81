//! A player that searches a few moves ahead and judges the positions where it stops with a
//! learner's evaluation ([`search_ahead`](crate::engine::solve::search_ahead)'s search).

use std::rc::Rc;

use super::super::ahead;
use super::super::play::{Choice, Fault};
use super::super::{Reason, SearchError, learner};
use crate::rules::{Player, TwoPlayerGame};

/// A learner's evaluation: how good the position is for the player, higher better.
pub(super) type EvaluateFn<P> = Rc<dyn Fn(&P, Player) -> i32>;

/// A move found and the positions visited to find it, or why none was.
type FoundMove<M> = Result<(Choice<M>, u64), Fault<M>>;

/// A search `depth` moves ahead with a learner's evaluation.
#[derive(Clone)]
pub(super) struct Searching<P> {
    pub(super) depth: u32,
    pub(super) evaluation: EvaluateFn<P>,
}

impl<P> Searching<P> {
    /// Its move at `position` of `game`, a game in play, and the positions its search
    /// visited; or why it forfeits (its evaluation panicked, or the search went past a limit).
    pub(super) fn choose<G>(&self, game: &G, position: &P) -> FoundMove<G::Move>
    where
        G: TwoPlayerGame<Position = P>,
    {
        let judge = |position: &P, player: Player| (self.evaluation)(position, player);
        let found = learner::run(|| ahead::best_move(game, position, self.depth, &judge))
            .map_err(Fault::Panicked)?;
        match found {
            Ok(Some((chosen, score, positions))) => Ok((
                Choice {
                    square: chosen,
                    reason: Reason::Searched {
                        depth: self.depth,
                        score,
                    },
                },
                positions,
            )),
            Ok(None) => Err(Fault::NoMove),
            Err(SearchError::Limit(refusal)) => Err(Fault::Refused(refusal)),
            Err(panicked) => Err(Fault::Panicked(panicked.to_string())),
        }
    }
}
