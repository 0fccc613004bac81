//! A learner's own player: a function from a position to a move, or a type of their own that
//! answers the [`Bot`] trait. A move that is not one of the game's moves there, or a panic,
//! forfeits the game.

use std::rc::Rc;

use super::super::bot::Bot;
use super::super::play::{Choice, Fault, Turn};
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

/// A learner's own [`Bot`], copied (`Clone`) to play against itself.
pub(super) trait OwnBot<G: TwoPlayerGame>: Bot<G> {
    fn copy(&self) -> Box<dyn OwnBot<G>>;
}

impl<G: TwoPlayerGame, B: Bot<G> + Clone + 'static> OwnBot<G> for B {
    /// A copy; one whose `clone` panicked forfeits every game, saying so.
    fn copy(&self) -> Box<dyn OwnBot<G>> {
        match learner::run(|| self.clone()) {
            Ok(copy) => Box::new(copy),
            Err(message) => Box::new(Broken(message)),
        }
    }
}

/// A learner's bot whose own code (its `clone`, its `new_game`) panicked outside a turn: it
/// forfeits every turn with that panic's message.
#[derive(Clone)]
pub(super) struct Broken(pub(super) String);

impl<G: TwoPlayerGame> Bot<G> for Broken {
    fn name(&self) -> &str {
        "your bot"
    }

    fn checks_itself(&self) -> bool {
        true
    }

    fn turn(&mut self, _: &G, _: &G::Position) -> Option<Turn<G::Move>> {
        Some(Turn::Forfeits(Fault::Panicked(self.0.clone())))
    }
}
