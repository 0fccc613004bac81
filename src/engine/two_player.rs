//! Any game for two players who take turns and see the whole board: the five questions a
//! search asks of a game, as aima-python's games notebook asks them, and tic-tac-toe's answers.
//!
//! A learner's own game is a type that answers them:
//!
//! ```
//! use magic_tictactoe::engine::{Ending, TwoPlayerGame};
//! use magic_tictactoe::Player;
//!
//! /// Take away 1, 2 or 3 sticks; whoever takes the last stick wins.
//! struct TakeAway;
//!
//! impl TwoPlayerGame for TakeAway {
//!     type Position = (u32, Player); // sticks left, and whose turn
//!     type Move = u32; // how many to take
//!
//!     fn start(&self) -> (u32, Player) {
//!         (10, Player::X)
//!     }
//!     fn to_move(&self, &(_, turn): &(u32, Player)) -> Player {
//!         turn
//!     }
//!     fn moves(&self, &(sticks, _): &(u32, Player)) -> Vec<u32> {
//!         (1..=3).filter(|&take| take <= sticks).collect()
//!     }
//!     fn play(&self, &(sticks, turn): &(u32, Player), take: u32) -> (u32, Player) {
//!         (sticks - take, !turn)
//!     }
//!     fn ending(&self, &(sticks, turn): &(u32, Player)) -> Option<Ending> {
//!         // No sticks left: the player who took the last one, the one not to move, has won.
//!         (sticks == 0).then_some(Ending::Won(!turn))
//!     }
//! }
//!
//! assert_eq!(TakeAway.moves(&TakeAway.start()), vec![1, 2, 3]);
//! ```

use std::fmt;

use super::search::TicTacToe;
use crate::rules::{Board, Player, Square, magic};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// This player won.
    Won(Player),
    /// Nobody won.
    Drawn,
}

impl Ending {
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

/// A game for two players, X moving first, who take turns and both see everything: the five
/// questions the crate's searches ask of a game. Positions are values: playing a move makes a
/// new position and leaves the old one as it was.
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
    /// the game is over.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Move>;

    /// The position after the player to move makes `chosen`, one of [`TwoPlayerGame::moves`].
    fn play(&self, position: &Self::Position, chosen: Self::Move) -> Self::Position;

    /// How the game ended at `position`, or `None` while it is in play.
    fn ending(&self, position: &Self::Position) -> Option<Ending>;

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
    /// search's playout. A position with no moves that the rules do not call ended, or a game
    /// still going after [`MAX_PLAYOUT_MOVES`] moves, counts as a draw. A game may answer
    /// faster than through its other questions, with the same moves from the same generator.
    fn play_out<F: FnMut(Self::Move)>(
        &self,
        position: Self::Position,
        random: &mut fastrand::Rng,
        mut each: F,
    ) -> Ending {
        let mut position = position;
        for _ in 0..MAX_PLAYOUT_MOVES {
            if let Some(ending) = self.ending(&position) {
                return ending;
            }
            let Some(chosen) = self.random_move(&position, random) else {
                return Ending::Drawn;
            };
            each(chosen);
            position = self.play(&position, chosen);
        }
        Ending::Drawn
    }
}

/// The most moves a playout makes before it counts the game as a draw: a game whose rules never
/// end it still comes back.
pub const MAX_PLAYOUT_MOVES: u32 = 10_000;

/// Tic-tac-toe's rules as a [`TwoPlayerGame`]: positions are [`Board`]s and moves are
/// [`Square`]s, listed in the tree's [`MoveOrder`](super::search::MoveOrder) (keypad order
/// unless told otherwise).
///
/// ```
/// use magic_tictactoe::engine::{Ending, TicTacToe, TwoPlayerGame};
/// use magic_tictactoe::{Board, Player, Square};
///
/// let game = TicTacToe::default();
/// let board = game.play(&game.start(), Square::Centre);
/// assert_eq!(board, Board::new().try_play(5)?);
/// assert_eq!(game.to_move(&board), Player::O);
/// let won: Board = "XXX/OO./...".parse()?;
/// assert_eq!(game.ending(&won), Some(Ending::Won(Player::X)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TwoPlayerGame for TicTacToe {
    type Position = Board;
    type Move = Square;

    fn start(&self) -> Board {
        Board::new()
    }

    #[inline]
    fn to_move(&self, board: &Board) -> Player {
        board.turn()
    }

    fn moves(&self, board: &Board) -> Vec<Square> {
        self.order.walk(board.legal_moves()).collect()
    }

    /// The board after the move; a square that is not free, or a game that is over, leaves the
    /// board as it is (a `Board` is always a position of a real game).
    #[inline]
    fn play(&self, board: &Board, square: Square) -> Board {
        if in_play(*board) && board.empty_squares().contains(square) {
            board.play_unchecked(square)
        } else {
            *board
        }
    }

    #[inline]
    fn ending(&self, board: &Board) -> Option<Ending> {
        match board.winner() {
            Some(winner) => Some(Ending::Won(winner)),
            None if board.empty_squares().is_empty() => Some(Ending::Drawn),
            None => None,
        }
    }

    #[inline]
    fn random_move(&self, board: &Board, random: &mut fastrand::Rng) -> Option<Square> {
        let free = board.empty_squares();
        if free.is_empty() || !in_play(*board) {
            return None;
        }
        free.nth(random.usize(..free.len()))
    }

    /// The same moves as the other questions would play, from the same generator, with the
    /// marks kept as two sets and the win test one look in the magic-sum table a move.
    #[inline]
    fn play_out<F: FnMut(Square)>(
        &self,
        board: Board,
        random: &mut fastrand::Rng,
        mut each: F,
    ) -> Ending {
        let mut to_move = board.turn();
        let (mut moving, mut waiting) = (board.squares(to_move), board.squares(!to_move));
        loop {
            // Only the player who moved last can have a line.
            if magic::has_won(waiting) {
                return Ending::Won(!to_move);
            }
            let free = moving.union(waiting).complement();
            if free.is_empty() {
                return Ending::Drawn;
            }
            let Some(square) = free.nth(random.usize(..free.len())) else {
                return Ending::Drawn;
            };
            each(square);
            (moving, waiting) = (waiting, moving.with(square));
            to_move = !to_move;
        }
    }
}

/// Whether the game on `board` is still in play, as far as lines go: on a legal board only
/// the player who moved last can have one, so one look at the table answers. (A full board is
/// for the caller to see: it has no free square.)
#[inline]
fn in_play(board: Board) -> bool {
    !magic::has_won(board.squares(!board.turn()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position reachable by the trait's moves, each once: tic-tac-toe's 5,478.
    #[test]
    fn the_trait_reaches_every_position_and_ends_as_the_board_does() {
        let mut seen = std::collections::HashSet::new();
        let game = TicTacToe::default();
        let mut stack = vec![game.start()];
        while let Some(board) = stack.pop() {
            if !seen.insert(board) {
                continue;
            }
            let ending = game.ending(&board);
            assert_eq!(
                ending,
                board.outcome().map(|outcome| match outcome.winner() {
                    Some(winner) => Ending::Won(winner),
                    None => Ending::Drawn,
                })
            );
            assert_eq!(game.moves(&board).is_empty(), ending.is_some());
            for square in game.moves(&board) {
                let next = game.play(&board, square);
                assert_eq!(Ok(next), board.try_play(square));
                assert_eq!(game.to_move(&next), !game.to_move(&board));
                stack.push(next);
            }
        }
        assert_eq!(seen.len(), 5_478);
    }

    /// Tic-tac-toe as a game that answers only the questions, so that its playouts take the
    /// trait's own way.
    struct MoveByMove(TicTacToe);

    impl TwoPlayerGame for MoveByMove {
        type Position = Board;
        type Move = Square;
        fn start(&self) -> Board {
            self.0.start()
        }
        fn to_move(&self, board: &Board) -> Player {
            self.0.to_move(board)
        }
        fn moves(&self, board: &Board) -> Vec<Square> {
            self.0.moves(board)
        }
        fn play(&self, board: &Board, square: Square) -> Board {
            self.0.play(board, square)
        }
        fn ending(&self, board: &Board) -> Option<Ending> {
            self.0.ending(board)
        }
        fn random_move(&self, board: &Board, random: &mut fastrand::Rng) -> Option<Square> {
            self.0.random_move(board, random)
        }
    }

    #[test]
    fn the_fast_playout_plays_what_the_questions_would() {
        let game = TicTacToe::default();
        let slow = MoveByMove(game);
        for (seed, board) in crate::engine::stats::reachable_positions()
            .into_iter()
            .enumerate()
        {
            let (mut fast_moves, mut slow_moves) = (vec![], vec![]);
            let mut a = fastrand::Rng::with_seed(seed as u64);
            let mut b = fastrand::Rng::with_seed(seed as u64);
            let fast = game.play_out(board, &mut a, |square| fast_moves.push(square));
            let plain = slow.play_out(board, &mut b, |square| slow_moves.push(square));
            assert_eq!((fast, &fast_moves), (plain, &slow_moves), "from {board}");
            assert_eq!(a.u64(..), b.u64(..), "the same draws from {board}");
            let end = fast_moves
                .iter()
                .fold(board, |board, &square| board.try_play(square).unwrap());
            assert_eq!(game.ending(&end), Some(fast));
        }
    }

    #[test]
    fn a_taken_square_leaves_the_board_as_it_was() {
        let game = TicTacToe::default();
        let board = Board::new().try_play(5).unwrap();
        assert_eq!(game.play(&board, Square::Centre), board);
    }

    #[test]
    fn half_points_score_a_draw_as_half_a_win() {
        assert_eq!(Ending::Won(Player::X).half_points(Player::X), 2);
        assert_eq!(Ending::Won(Player::X).half_points(Player::O), 0);
        assert_eq!(Ending::Drawn.half_points(Player::O), 1);
    }
}
