//! A learner's own player: a function from a position to a move. A move that is not one of the
//! game's moves there, or a panic, forfeits the game.

use std::rc::Rc;

use super::super::play::{Choice, Fault};
use super::super::{Reason, learner};
use crate::rules::TwoPlayerGame;

/// A learner's function: the position in, the move it chose (or why it chose none) out.
type ChooseFn<P, M> = Rc<dyn Fn(&P) -> Result<M, Fault<M>>>;

/// A learner's own player.
#[derive(Clone)]
pub(super) struct Own<P, M>(pub(super) ChooseFn<P, M>);

impl<P, M: PartialEq> Own<P, M> {
    /// Its move at `position` of `game`, a game in play, or why it forfeits.
    pub(super) fn choose<G>(&self, game: &G, position: &P) -> Result<Choice<M>, Fault<M>>
    where
        G: TwoPlayerGame<Position = P, Move = M>,
    {
        let chosen = learner::run(|| (self.0)(position)).map_err(Fault::Panicked)??;
        if game.moves(position).contains(&chosen) {
            Ok(Choice {
                square: chosen,
                reason: Reason::OwnPlayer,
            })
        } else {
            Err(Fault::NotAMove { chosen })
        }
    }
}
