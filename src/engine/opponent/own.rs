//! A learner's own player: a function from a position to a move, or a type of their own that
//! answers the [`Bot`] trait. A move that is not one of the game's moves there, or a panic,
//! forfeits the game.

use std::hash::Hash;
use std::rc::Rc;

use super::super::bot::{Bot, MoveChances, checked_chances, checked_turn};
use super::super::memo::Memo;
use super::super::play::{Choice, Fault, Turn};
use super::super::{Reason, learner};
use super::asking::{AskedTwice, asked_twice, computers_turn};
use crate::rules::TwoPlayerGame;

/// A learner's function: the position in, the move it chose (or why it chose none) out.
pub(super) type ChooseFn<P, M> = Rc<dyn Fn(&P) -> Result<M, Fault<M>>>;

/// A learner's own function as a player.
pub(super) struct Own<G: TwoPlayerGame> {
    pub(super) choose: ChooseFn<G::Position, G::Move>,
    pub(super) asked: AskedTwice<G>,
}

impl<G> Bot<G> for Own<G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    fn name(&self) -> &str {
        "your player"
    }

    /// Its move at `position`, or why it forfeits: a panic, or a move that is not one of the
    /// game's moves there.
    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        computers_turn(game, position, || {
            let chosen = learner::run(|| (self.choose)(position)).map_err(Fault::Panicked)??;
            if game.moves(position).contains(&chosen) {
                Ok(Choice {
                    square: chosen,
                    reason: Reason::OwnPlayer,
                })
            } else {
                Err(Fault::NotAMove { chosen })
            }
        })
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        let _ = seeds.u64(..);
    }

    /// All on its move, when it plays the same one twice.
    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        let mut asked = std::mem::replace(&mut self.asked, Memo::new());
        let found = asked_twice(&mut asked, position, || self.turn(game, position));
        self.asked = asked;
        found
    }
}

/// A learner's own [`Bot`], checked as a match checks it, so that it can be an
/// [`Opponent`](crate::Opponent) too: a move that is not one of the game's moves there, or a
/// panic in its code, forfeits. A bot whose code panicked outside a turn (its `clone`, its
/// `new_game`) forfeits every turn after, with that panic's message.
pub(super) struct Yours<G: TwoPlayerGame>(pub(super) Result<Box<dyn Bot<G>>, String>);

impl<G: TwoPlayerGame> Bot<G> for Yours<G> {
    fn name(&self) -> &str {
        "your bot"
    }

    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        if game.ending(position).is_some() {
            return None;
        }
        match &mut self.0 {
            Ok(bot) => checked_turn(&mut **bot, game, position),
            Err(message) => Some(Turn::Forfeits(Fault::Panicked(message.clone()))),
        }
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        if let Ok(bot) = &mut self.0
            && let Err(message) = learner::run(|| bot.new_game(seeds))
        {
            self.0 = Err(message);
        }
    }

    fn work(&self) -> u64 {
        match &self.0 {
            Ok(bot) => learner::run(|| bot.work()).unwrap_or(0),
            Err(_) => 0,
        }
    }

    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        if game.ending(position).is_some() {
            return None;
        }
        match &mut self.0 {
            Ok(bot) => checked_chances(&mut **bot, game, position),
            Err(message) => Some(Err(Fault::Panicked(message.clone()))),
        }
    }
}
