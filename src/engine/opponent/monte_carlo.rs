//! A player that plays the move a Monte Carlo tree search tries most: searched from a seed made
//! of the player's and the position's, so that it always plays the same move in the same
//! position.

use std::hash::Hash;

use super::super::Reason;
use super::super::mcts;
use super::super::play::{Choice, Fault};
use super::super::seed::mix;
use crate::rules::TwoPlayerGame;

/// A move chosen, or why none was.
type Chosen<M> = Result<Choice<M>, Fault<M>>;

/// Monte Carlo tree search of `playouts` playouts a move, with exploration constant
/// `exploration`.
#[derive(Clone, Copy)]
pub(super) struct MonteCarlo {
    pub(super) playouts: u32,
    pub(super) exploration: f64,
}

impl MonteCarlo {
    /// Its move at `position` of `game`, a game in play, searched from `seed` and the position,
    /// and the moves the search looked at; a search that could not begin plays a move drawn
    /// with `random`, and says so.
    pub(super) fn choose<G>(
        self,
        game: &G,
        position: &G::Position,
        seed: u64,
        random: &mut fastrand::Rng,
    ) -> (Chosen<G::Move>, u64)
    where
        G: TwoPlayerGame,
        G::Position: Hash + Eq,
    {
        let seed = mix(seed ^ position_seed(game, position));
        let tree = mcts::search(
            game,
            position,
            self.playouts,
            self.exploration,
            &mut fastrand::Rng::with_seed(seed),
            &mut (),
        );
        let node = tree.best_child().and_then(|id| tree.node(id));
        let choice = match node.and_then(|node| Some((node, node.chosen?))) {
            Some((node, chosen)) => Ok(Choice {
                square: chosen,
                reason: Reason::Playouts {
                    playouts: tree.playouts(),
                    visits: node.visits,
                    half_points: node.half_points,
                },
            }),
            // A search that could not begin (a position with more moves than its tree holds)
            // plays a random move, and says so; a game in play that lists no move leaves the
            // player to move none.
            None => match (tree.stopped_by(), game.random_move(position, random)) {
                (Some(_), Some(chosen)) => Ok(Choice {
                    square: chosen,
                    reason: Reason::Random,
                }),
                (Some(refusal), None) => Err(Fault::Refused(refusal)),
                (None, _) => Err(Fault::NoMove),
            },
        };
        (choice, tree.work())
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
