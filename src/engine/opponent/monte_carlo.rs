//! A player that plays the move a Monte Carlo tree search tries most: searched from a seed made
//! of the player's and the position's, so that it always plays the same move in the same
//! position, and works each position out once.

use std::hash::Hash;

use super::super::bot::{Bot, MoveChances};
use super::super::memo::Memo;
use super::super::play::{Choice, Fault, Turn};
use super::super::seed::mix;
use super::super::{Reason, mcts};
use super::asking::computers_turn;
use crate::rules::TwoPlayerGame;

/// Monte Carlo tree search of `playouts` playouts a move, with exploration constant
/// `exploration`.
pub(super) struct MonteCarlo<G: TwoPlayerGame> {
    pub(super) playouts: u32,
    pub(super) exploration: f64,
    pub(super) seed: u64,
    /// Draws a move where a search could not begin.
    pub(super) rng: fastrand::Rng,
    /// Its move at each position it has searched.
    pub(super) known: Memo<G, Choice<G::Move>>,
    /// The moves its searches looked at and played out, over all its moves.
    pub(super) work: u64,
}

impl<G> MonteCarlo<G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    /// Its move at `position` of `game`, a game in play, searched from its seed and the
    /// position; a search that could not begin plays a move drawn at random, and says so.
    fn choose(
        &mut self,
        game: &G,
        position: &G::Position,
    ) -> Result<Choice<G::Move>, Fault<G::Move>> {
        if let Some(known) = self.known.get(position) {
            return Ok(*known);
        }
        let seed = mix(self.seed ^ position_seed(game, position));
        let tree = mcts::search(
            game,
            position,
            self.playouts,
            self.exploration,
            &mut fastrand::Rng::with_seed(seed),
            &mut (),
        );
        self.work = self.work.saturating_add(tree.work());
        let node = tree.best_child().and_then(|id| tree.node(id));
        let choice = match node.and_then(|node| Some((node, node.chosen?))) {
            Some((node, chosen)) => Choice {
                square: chosen,
                reason: Reason::Playouts {
                    playouts: tree.playouts(),
                    visits: node.visits,
                    half_points: node.half_points,
                },
            },
            // A search that could not begin (a position with more moves than its tree holds)
            // plays a random move, and says so; a game in play that lists no move leaves the
            // player to move none.
            None => match (tree.stopped_by(), game.random_move(position, &mut self.rng)) {
                (Some(_), Some(chosen)) => Choice {
                    square: chosen,
                    reason: Reason::Random,
                },
                (Some(refusal), None) => return Err(Fault::Refused(refusal)),
                (None, _) => return Err(Fault::NoMove),
            },
        };
        self.known.insert(position.clone(), choice);
        Ok(choice)
    }
}

impl<G> Bot<G> for MonteCarlo<G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    fn name(&self) -> &str {
        "MCTS"
    }

    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        computers_turn(game, position, || self.choose(game, position))
    }

    /// It keeps the move it worked out at each position (it always plays the same there), so
    /// that a sample of a thousand games searches each position once.
    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        let _ = seeds.u64(..);
    }

    fn work(&self) -> u64 {
        self.work
    }

    /// All on its move: the same move at the same position, always.
    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        Some(match self.turn(game, position)? {
            Turn::Plays(choice) => Ok(vec![(choice.square, 1.0)]),
            Turn::Forfeits(fault) => Err(fault),
        })
    }
}

/// A number for `position` that seeds a Monte Carlo player's search of it: tic-tac-toe's board
/// code (turned, as before), or the position's hash for any other game.
fn position_seed<G: TwoPlayerGame>(game: &G, position: &G::Position) -> u64
where
    G::Position: Hash,
{
    let _ = game;
    match G::index(position) {
        Some(index) => (index as u64).rotate_left(32),
        None => {
            use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
            BuildHasherDefault::<DefaultHasher>::default().hash_one(position)
        }
    }
}
