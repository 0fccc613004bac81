//! Any game for two players who take turns and see the whole board: the five questions a
//! search asks of a game, as aima-python's games notebook asks them, and how a game ends.
//!
//! A learner's own game is a type that answers them. The smallest is take-away, which the crate
//! ships ([`TakeAway`](crate::games::TakeAway), its five answers in `src/rules/take_away.rs`)
//! and notebook 12 writes out in a cell:
//!
//! ```
//! use magic_tictactoe::games::TakeAway;
//! use magic_tictactoe::{Ending, Player, TwoPlayerGame};
//!
//! let game = TakeAway::new(10);
//! assert_eq!(game.moves(&game.start()), vec![1, 2, 3]);
//! // X takes the last stick: O is to move, and X has won.
//! assert_eq!(game.ending(&game.play(&(2, Player::X), 2)), Some(Ending::Won(Player::X)));
//! ```

use std::fmt;
use std::ops::ControlFlow;

use super::Player;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// This player won.
    Won(Player),
    /// Nobody won.
    Drawn,
}

/// The name tic-tac-toe's ending had before every game shared one: how a game ended is an
/// [`Ending`], and a board's winning line is [`Board::winning_line`](crate::Board::winning_line).
#[deprecated(
    note = "how a game ended is an `Ending` (`Ending::Won(player)`, `Ending::Drawn`); the line is `board.winning_line()`"
)]
pub type Outcome = Ending;

impl Ending {
    /// A draw, as tic-tac-toe's `Outcome::Draw` said it.
    #[doc(hidden)]
    #[allow(non_upper_case_globals)]
    #[deprecated(since = "0.2.0", note = "use Ending::Drawn")]
    pub const Draw: Ending = Ending::Drawn;

    /// The winner, if the game was not drawn.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Ending::Won(winner) => Some(winner),
            Ending::Drawn => None,
        }
    }

    /// What the ending is worth to `player`, in half points: 2 for a win, 1 for a draw, 0 for a
    /// loss. A draw is worth half a win (aima-python's Monte Carlo tree search counts it as a
    /// loss, which teaches a search to avoid the draw that perfect tic-tac-toe is).
    pub const fn half_points(self, player: Player) -> u32 {
        match self {
            Ending::Won(winner) if winner as u8 == player as u8 => 2,
            Ending::Won(_) => 0,
            Ending::Drawn => 1,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Won(player) => write!(f, "{player} wins"),
            Ending::Drawn => write!(f, "a draw"),
        }
    }
}

/// A game for two players, X moving first, who both see everything: the five questions the
/// crate's searches ask of a game. Positions are values: playing a move makes a new position
/// and leaves the old one as it was.
///
/// The players need not alternate: [`TwoPlayerGame::to_move`] says whose turn it is, and a
/// game may give the same player several moves in a row (Dots and Boxes: whoever closes a box
/// draws another line). Every search, solver, check and player takes the turn from the game:
/// a move's value flips only when the turn passes to the other player.
pub trait TwoPlayerGame {
    /// A position: everything the rules need to know to go on (whose turn it is among it).
    type Position: Clone;
    /// A move from one position to the next.
    type Move: Copy + PartialEq + fmt::Debug;

    /// The position the game starts from.
    fn start(&self) -> Self::Position;

    /// Whose turn it is at `position` (at a finished position, whose it would be).
    fn to_move(&self, position: &Self::Position) -> Player;

    /// The moves the player to move may make, in the order the searches try them; none once
    /// the game is over. (A position in play with no moves is lost for the player to move:
    /// every search, playout and game counts it so.)
    fn moves(&self, position: &Self::Position) -> Vec<Self::Move>;

    /// The position after the player to move makes `chosen`, one of [`TwoPlayerGame::moves`].
    fn play(&self, position: &Self::Position, chosen: Self::Move) -> Self::Position;

    /// How the game ended at `position`, or `None` while it is in play.
    fn ending(&self, position: &Self::Position) -> Option<Ending>;

    /// How many numbers [`TwoPlayerGame::index`] can give positions: when more than 0, a solved
    /// game keeps its values in a list by number instead of a hash map (tic-tac-toe numbers
    /// its boards by their base-3 code, 3^9 of them). None unless a game says.
    const INDEXED_POSITIONS: usize = 0;

    /// A number below [`TwoPlayerGame::INDEXED_POSITIONS`] for `position`, the same for equal
    /// positions and different for different ones, whatever the game's settings; `None` unless
    /// a game numbers its positions.
    fn index(position: &Self::Position) -> Option<usize> {
        let _ = position;
        None
    }

    /// One of the moves from `position`, a game in play, each as likely as the others: what a
    /// random playout plays. A game may answer faster than by listing its moves.
    fn random_move(
        &self,
        position: &Self::Position,
        random: &mut fastrand::Rng,
    ) -> Option<Self::Move> {
        let moves = self.moves(position);
        (!moves.is_empty()).then(|| moves[random.usize(..moves.len())])
    }

    /// Plays random moves ([`TwoPlayerGame::random_move`]) from `position` to the end of the
    /// game, telling `each` every move, and says how the game ended: a Monte Carlo tree
    /// search's playout. A position with no moves that the rules do not call ended is lost for
    /// the player who cannot move, as every search counts it; a game still going after
    /// 10,000 moves counts as a draw. `each` may stop the playout before its
    /// end (a search out of time does), and then there is no ending: `None`. A game may answer
    /// faster than through its other questions, with the same moves from the same generator.
    fn play_out<F: FnMut(Self::Move) -> ControlFlow<()>>(
        &self,
        position: Self::Position,
        random: &mut fastrand::Rng,
        mut each: F,
    ) -> Option<Ending> {
        let mut position = position;
        for _ in 0..MAX_PLAYOUT_MOVES {
            if let Some(ending) = self.ending(&position) {
                return Some(ending);
            }
            let Some(chosen) = self.random_move(&position, random) else {
                return Some(Ending::Won(!self.to_move(&position)));
            };
            if each(chosen).is_break() {
                return None;
            }
            position = self.play(&position, chosen);
        }
        Some(Ending::Drawn)
    }
}

/// The most moves a playout makes before it counts the game as a draw: a game whose rules never
/// end it still comes back.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_PLAYOUT_MOVES: u32 = 10_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_score_a_draw_as_half_a_win() {
        assert_eq!(Ending::Won(Player::X).half_points(Player::X), 2);
        assert_eq!(Ending::Won(Player::X).half_points(Player::O), 0);
        assert_eq!(Ending::Drawn.half_points(Player::O), 1);
    }
}
