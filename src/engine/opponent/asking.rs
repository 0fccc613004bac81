//! How the computer's players are asked: a turn or chances of one of the crate's own players,
//! in which a panic of the game's own code is the game's; a learner's code asked twice for its
//! chances; tic-tac-toe's chances as a list of moves.

use std::hash::Hash;

use super::super::bot::MoveChances;
use super::super::learner;
use super::super::memo::Memo;
use super::super::play::{Choice, Fault, Turn};
use crate::rules::{Square, TwoPlayerGame};

/// A turn of one of the crate's players at `position` of `game`: `None` once the game is over,
/// else the move `choose` makes, or why it has none. The game's own code runs in it, so that a
/// panic there ends the game as the game's ([`Fault::GamePanicked`]), not the player's.
pub(super) fn computers_turn<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    choose: impl FnOnce() -> Result<Choice<G::Move>, Fault<G::Move>>,
) -> Option<Turn<G::Move>> {
    match learner::run(|| game.ending(position).is_none().then(choose)) {
        Ok(chosen) => chosen.map(Turn::from),
        Err(message) => Some(Turn::Forfeits(Fault::GamePanicked(message))),
    }
}

/// The chances of one of the crate's players at `position`, `chances` worked out as
/// [`computers_turn`] works out a move.
pub(super) fn computers_chances<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    chances: impl FnOnce() -> MoveChances<G::Move>,
) -> Option<MoveChances<G::Move>> {
    match learner::run(|| game.ending(position).is_none().then(chances)) {
        Ok(chances) => chances,
        Err(message) => Some(Err(Fault::GamePanicked(message))),
    }
}

/// The chances of tic-tac-toe's squares, in keypad order, as a list of moves.
pub(super) fn square_chances(chances: [f64; 9]) -> Vec<(Square, f64)> {
    Square::ALL
        .into_iter()
        .map(|square| (square, chances[square.index()]))
        .filter(|&(_, chance)| chance > 0.0)
        .collect()
}

/// What a player running a learner's code answered when asked twice at each position.
pub(super) type AskedTwice<G> = Memo<G, Option<MoveChances<<G as TwoPlayerGame>::Move>>>;

/// A player's chances at `position` of a game in play, when it runs a learner's code: all on
/// its move when `turn` plays the same one twice, `None` when the two differ, its fault when it
/// forfeits both times. The code is asked about each position the first time only.
pub(super) fn asked_twice<G>(
    asked: &mut AskedTwice<G>,
    position: &G::Position,
    mut turn: impl FnMut() -> Option<Turn<G::Move>>,
) -> Option<MoveChances<G::Move>>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    if let Some(known) = asked.get(position) {
        return known.clone();
    }
    let found = match (turn()?, turn()?) {
        (Turn::Forfeits(fault), Turn::Forfeits(_)) => Some(Err(fault)),
        (Turn::Plays(a), Turn::Plays(b)) if a.square == b.square => Some(Ok(vec![(a.square, 1.0)])),
        _ => None,
    };
    asked.insert(position.clone(), found.clone());
    found
}
