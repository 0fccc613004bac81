//! Tic-tac-toe's rules as a [`TwoPlayerGame`]: positions are [`Board`]s, moves are
//! [`Square`]s, listed in a [`MoveOrder`]. The game every tool works on unless told otherwise.

use std::ops::ControlFlow;

use super::{Board, Ending, Player, Square, SquareSet, TwoPlayerGame, magic};

/// The order in which the search tries the moves of a tic-tac-toe position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MoveOrder {
    /// Keypad order, 1 to 9.
    #[default]
    Keypad,
    /// The centre, then the corners, then the edges: the strongest squares first, which lets
    /// alpha-beta skip more.
    CentreCornersEdges,
}

impl MoveOrder {
    /// The nine squares in this order.
    pub const fn squares(self) -> [Square; 9] {
        match self {
            MoveOrder::Keypad => Square::ALL,
            MoveOrder::CentreCornersEdges => [
                Square::Centre,
                Square::TopLeft,
                Square::TopRight,
                Square::BottomLeft,
                Square::BottomRight,
                Square::Top,
                Square::Left,
                Square::Right,
                Square::Bottom,
            ],
        }
    }

    /// The squares of `set` in this order. The set is first renumbered by place in the order
    /// (one load from a table made at compile time), so that walking it is walking bits.
    #[inline]
    pub(crate) fn walk(self, set: SquareSet) -> impl Iterator<Item = Square> {
        let order = self as usize;
        SquareSet::from_bits(PLACES[order][set.bits() as usize])
            .iter()
            .map(move |place| ORDERS[order][place.index()])
    }
}

/// The squares of each order, by place.
static ORDERS: [[Square; 9]; 2] = [
    MoveOrder::Keypad.squares(),
    MoveOrder::CentreCornersEdges.squares(),
];

/// For each order and every set of squares (by its bits), the same set renumbered by each
/// square's place in the order.
static PLACES: [[u16; 512]; 2] = [
    places(MoveOrder::Keypad),
    places(MoveOrder::CentreCornersEdges),
];

const fn places(order: MoveOrder) -> [u16; 512] {
    let squares = order.squares();
    let mut table = [0u16; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut place = 0;
        while place < 9 {
            if bits & (1 << squares[place].index()) != 0 {
                table[bits] |= 1 << place;
            }
            place += 1;
        }
        bits += 1;
    }
    table
}

/// Tic-tac-toe, the game every tool works on unless given another: positions are [`Board`]s
/// and moves are [`Square`]s, listed in `order`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TicTacToe {
    /// The order in which moves are listed, and so tried by a search.
    pub order: MoveOrder,
}

/// Tic-tac-toe's rules as a [`TwoPlayerGame`]: positions are [`Board`]s and moves are
/// [`Square`]s, listed in its [`MoveOrder`] (keypad order unless told otherwise).
///
/// ```
/// use magic_tictactoe::{Ending, TicTacToe, TwoPlayerGame};
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
        board.outcome()
    }

    /// Every board has a base-3 code below 3^9.
    const INDEXED_POSITIONS: usize = 19_683;

    #[inline]
    fn index(board: &Board) -> Option<usize> {
        Some(usize::from(board.code()))
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
    fn play_out<F: FnMut(Square) -> ControlFlow<()>>(
        &self,
        board: Board,
        random: &mut fastrand::Rng,
        mut each: F,
    ) -> Option<Ending> {
        let mut to_move = board.turn();
        let (mut moving, mut waiting) = (board.squares(to_move), board.squares(!to_move));
        loop {
            // Only the player who moved last can have a line.
            if magic::has_won(waiting) {
                return Some(Ending::Won(!to_move));
            }
            let free = moving.union(waiting).complement();
            if free.is_empty() {
                return Some(Ending::Drawn);
            }
            let square = free.nth(random.usize(..free.len()))?;
            if each(square).is_break() {
                return None;
            }
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
    fn the_trait_reaches_every_position_and_ends_where_no_move_is_left() {
        let mut seen = std::collections::HashSet::new();
        let game = TicTacToe::default();
        let mut stack = vec![game.start()];
        while let Some(board) = stack.pop() {
            if !seen.insert(board) {
                continue;
            }
            let ending = game.ending(&board);
            // Who won is read square by square against the hand-written lines in
            // tests/boards.rs; here the trait must end exactly where the board has no move.
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
            let fast = game.play_out(board, &mut a, |square| {
                fast_moves.push(square);
                ControlFlow::Continue(())
            });
            let plain = slow.play_out(board, &mut b, |square| {
                slow_moves.push(square);
                ControlFlow::Continue(())
            });
            assert_eq!((fast, &fast_moves), (plain, &slow_moves), "from {board}");
            assert_eq!(a.u64(..), b.u64(..), "the same draws from {board}");
            let end = fast_moves
                .iter()
                .fold(board, |board, &square| board.try_play(square).unwrap());
            assert_eq!(game.ending(&end), fast);
        }
    }

    #[test]
    fn a_taken_square_leaves_the_board_as_it_was() {
        let game = TicTacToe::default();
        let board = Board::new().try_play(5).unwrap();
        assert_eq!(game.play(&board, Square::Centre), board);
    }
}
