//! Connect Four on a board of any size up to 8 by 8 (the game sold in shops is 7 by 6): a mark
//! drops to the lowest free square of its column. A worked example of a game on the
//! [`TwoPlayerGame`] trait.

use std::fmt;
use std::ops::ControlFlow;

use super::grid::{Grid, GridGame, Layout};
use super::{Ending, LimitError, Player, TwoPlayerGame};

/// Connect Four on a board `columns` wide and `rows` high (the game sold in shops is 7 by 6):
/// a move names a column, numbered from 0 at the left, and the mark drops to the lowest free
/// square there; four in a row, a column or a diagonal win.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConnectFour(Layout);

impl ConnectFour {
    /// The game on a board `columns` by `rows` (1 to 8 each).
    ///
    /// # Errors
    ///
    /// A [`LimitError`] for a side of 0 or above 8.
    pub fn new(columns: usize, rows: usize) -> Result<ConnectFour, LimitError> {
        Layout::new(columns, rows, 4).map(ConnectFour)
    }

    /// The position in rows of `X`, `O` and `.`, top row first, separated by `/`.
    pub fn text(&self, grid: &Grid) -> String {
        self.0.draw(grid)
    }

    /// The columns with room, one bit each (bit n for column n).
    fn open_columns(&self, grid: &Grid) -> u64 {
        // A column is open while its top square is free.
        self.0.top_row() & self.0.free(grid)
    }

    /// The square a mark dropped in `column` lands on, if the column has room.
    fn landing(&self, grid: &Grid, column: usize) -> Option<usize> {
        if column >= self.0.columns {
            return None;
        }
        let taken = grid.x | grid.o;
        (0..self.0.rows)
            .rev()
            .map(|row| row * self.0.columns + column)
            .find(|&square| taken & (1 << square) == 0)
    }
}

impl TwoPlayerGame for ConnectFour {
    type Position = Grid;
    type Move = usize;

    fn start(&self) -> Grid {
        Grid::default()
    }

    fn to_move(&self, grid: &Grid) -> Player {
        grid.turn()
    }

    fn moves(&self, grid: &Grid) -> Vec<usize> {
        self.0.listed(grid, self.open_columns(grid))
    }

    /// The grid after a mark drops in `column`; a full column, or one off the board, leaves it
    /// as it was. (On a finished game [`TwoPlayerGame::moves`] lists no move; `play` does not
    /// look again.)
    fn play(&self, grid: &Grid, column: usize) -> Grid {
        match self.landing(grid, column) {
            Some(square) => grid.with(square),
            None => *grid,
        }
    }

    fn ending(&self, grid: &Grid) -> Option<Ending> {
        self.0.ending(grid)
    }

    fn random_move(&self, grid: &Grid, random: &mut fastrand::Rng) -> Option<usize> {
        self.0.drawn(grid, self.open_columns(grid), random)
    }

    /// The same moves as the trait's playout, drawn from the open columns' bits, and only the
    /// lines through each new mark looked at.
    fn play_out<F: FnMut(usize) -> ControlFlow<()>>(
        &self,
        grid: Grid,
        random: &mut fastrand::Rng,
        each: F,
    ) -> Option<Ending> {
        let top_row = self.0.top_row();
        self.0.play_out(
            grid,
            random,
            // A column is open while its top square is free.
            |free| free & top_row,
            |grid, column| self.landing(&grid, column),
            each,
        )
    }
}

impl GridGame for ConnectFour {
    fn size(&self) -> (usize, usize) {
        (self.0.columns, self.0.rows)
    }
    fn lines(&self) -> &[u64] {
        &self.0.lines
    }
    fn moves_name_columns(&self) -> bool {
        true
    }
}

impl fmt::Display for ConnectFour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Connect Four on {} by {}", self.0.columns, self.0.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games' trees counted move by move (the engine's perft).
    fn perft<G: TwoPlayerGame>(game: &G, position: &G::Position, depth: u32) -> u64 {
        crate::engine::perft::perft_for(game, position, depth).expect("a count within the limits")
    }

    #[test]
    fn connect_four_drops_to_the_bottom_and_counts_as_the_shop_game() {
        let game = ConnectFour::new(7, 6).unwrap();
        let grid = game.play(&game.play(&game.start(), 3), 3);
        assert_eq!(game.text(&grid).rsplit('/').next(), Some("...X..."));
        assert_eq!(game.text(&grid).split('/').nth(4), Some("...O..."));
        // No game can end before the 7th move, and a column holds 6: 7^n ways to play n moves
        // up to 6, and 7^7 less the 7 ways that put 7 marks in one column.
        for depth in 1..=6 {
            assert_eq!(perft(&game, &game.start(), depth), 7u64.pow(depth));
        }
        assert_eq!(perft(&game, &game.start(), 7), 7u64.pow(7) - 7);
        // Four in a column wins.
        let mut grid = game.start();
        for column in [0, 1, 0, 1, 0, 1, 0] {
            grid = game.play(&grid, column);
        }
        assert_eq!(game.ending(&grid), Some(Ending::Won(Player::X)));
        assert!(game.moves(&grid).is_empty());
    }
}
