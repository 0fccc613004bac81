//! Take-away (the simplest Nim): players take turns taking 1, 2 or 3 sticks from one heap, and
//! whoever takes the last stick wins. The whole game is five short answers to the five
//! questions of [`TwoPlayerGame`], which is why the crate's examples use it: a learner writes
//! the same game in a notebook cell, and notebook 12 does.
//!
//! ```
//! use magic_tictactoe::engine::solve::move_values;
//! use magic_tictactoe::games::TakeAway;
//! use magic_tictactoe::{Player, TwoPlayerGame};
//!
//! let game = TakeAway::new(7);
//! assert_eq!(game.start(), (7, Player::X));
//! assert_eq!(game.moves(&game.start()), vec![1, 2, 3]);
//! // From 7 sticks, taking 3 leaves a multiple of 4: the only winning move.
//! let values = move_values(&game, &game.start())?;
//! let winning: Vec<u32> = values.iter().filter(|(_, v)| v.is_win()).map(|&(take, _)| take).collect();
//! assert_eq!(winning, vec![3]);
//! # Ok::<(), magic_tictactoe::SearchError>(())
//! ```

use std::fmt;

use super::{Ending, Player, TwoPlayerGame};

/// The most sticks a game of take-away lets a player take in one turn: each is a move to list.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_TAKE: u32 = 100;

/// Take-away from a heap of `sticks`: each turn a player takes 1 to `most` sticks (3 unless
/// told), and whoever takes the last stick wins. A position is the sticks left and whose turn
/// it is; a move is how many sticks to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TakeAway {
    /// The sticks in the heap at the start.
    pub sticks: u32,
    /// The most sticks a player may take in one turn (1 to 100; a larger number is
    /// taken as that).
    pub most: u32,
}

impl TakeAway {
    /// A heap of `sticks`, taking 1, 2 or 3 at a time.
    pub const fn new(sticks: u32) -> TakeAway {
        TakeAway { sticks, most: 3 }
    }

    /// The same game, taking 1 to `most` sticks at a time (0 counts as 1, and more than
    /// 100 as that).
    #[must_use]
    pub const fn taking_at_most(mut self, most: u32) -> TakeAway {
        self.most = if most == 0 {
            1
        } else if most > MAX_TAKE {
            MAX_TAKE
        } else {
            most
        };
        self
    }
}

impl Default for TakeAway {
    /// Ten sticks, taking 1, 2 or 3 at a time.
    fn default() -> TakeAway {
        TakeAway::new(10)
    }
}

impl TwoPlayerGame for TakeAway {
    type Position = (u32, Player); // sticks left, and whose turn it is
    type Move = u32; // how many sticks to take

    fn start(&self) -> (u32, Player) {
        (self.sticks, Player::X)
    }

    fn to_move(&self, &(_, turn): &(u32, Player)) -> Player {
        turn
    }

    fn moves(&self, &(sticks, _): &(u32, Player)) -> Vec<u32> {
        (1..=self.most.max(1))
            .filter(|&take| take <= sticks)
            .collect()
    }

    /// The heap after taking `take` sticks; taking more than are left takes them all.
    fn play(&self, &(sticks, turn): &(u32, Player), take: u32) -> (u32, Player) {
        (sticks.saturating_sub(take), !turn)
    }

    fn ending(&self, &(sticks, turn): &(u32, Player)) -> Option<Ending> {
        // No sticks left: the player who took the last one, the one not to move, has won.
        (sticks == 0).then_some(Ending::Won(!turn))
    }
}

impl fmt::Display for TakeAway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "take-away from {} sticks, 1 to {} a turn",
            self.sticks, self.most
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every heap of 1 to 40 is won by the first player exactly when it is not a multiple of
    /// `most + 1`: the rule the game is taught with, worked out move by move.
    #[test]
    fn the_first_player_wins_unless_the_heap_is_a_multiple_of_most_plus_one() {
        fn wins(game: &TakeAway, position: (u32, Player)) -> bool {
            game.ending(&position).is_none()
                && game
                    .moves(&position)
                    .into_iter()
                    .any(|take| !wins(game, game.play(&position, take)))
        }
        for most in 1..=4 {
            for sticks in 1..=20 {
                let game = TakeAway::new(sticks).taking_at_most(most);
                assert_eq!(
                    wins(&game, game.start()),
                    sticks % (most + 1) != 0,
                    "{game}"
                );
            }
        }
        assert_eq!(TakeAway::new(3).taking_at_most(0).most, 1);
        // A heap and a take as big as they come list no more than MAX_TAKE moves.
        let huge = TakeAway::new(u32::MAX).taking_at_most(u32::MAX);
        assert_eq!(huge.moves(&huge.start()).len(), MAX_TAKE as usize);
        let set_by_hand = TakeAway {
            sticks: 5,
            most: u32::MAX,
        };
        assert_eq!(set_by_hand.moves(&set_by_hand.start()), vec![1, 2, 3, 4, 5]);
    }
}
