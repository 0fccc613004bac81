//! k in a row on an m-by-n board: tic-tac-toe is 3 in a row on 3 by 3, 4x4 tic-tac-toe 4 in a
//! row on 4 by 4. A worked example of a game on the [`TwoPlayerGame`] trait.

use std::fmt;
use std::ops::ControlFlow;

use super::grid::{Grid, GridGame, Layout};
use super::{Ending, LimitError, Player, TwoPlayerGame};

/// k in a row on a board `columns` wide and `rows` high: players take turns marking any free
/// square, and the first with k of their marks in a row, a column or a diagonal wins. A move is
/// a square's number, row by row from 0 at the top left.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KInARow(Layout);

impl KInARow {
    /// The game on a board `columns` by `rows` (1 to 8 each), won by `k` in a row
    /// (k above the longer side is taken as that, 0 as 1).
    ///
    /// # Errors
    ///
    /// A [`LimitError`] for a side of 0 or above 8.
    pub fn new(columns: usize, rows: usize, k: usize) -> Result<KInARow, LimitError> {
        Layout::new(columns, rows, k).map(KInARow)
    }

    /// How many in a row win.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn k(&self) -> usize {
        self.0.k
    }

    /// The position in rows of `X`, `O` and `.`, top row first, separated by `/`.
    pub fn text(&self, grid: &Grid) -> String {
        self.0.draw(grid)
    }
}

impl TwoPlayerGame for KInARow {
    type Position = Grid;
    type Move = usize;

    fn start(&self) -> Grid {
        Grid::default()
    }

    fn to_move(&self, grid: &Grid) -> Player {
        grid.turn()
    }

    fn moves(&self, grid: &Grid) -> Vec<usize> {
        self.0.listed(grid, self.0.free(grid))
    }

    /// The grid after the move; a square that is taken or off the board leaves it as it was.
    /// (On a finished game [`TwoPlayerGame::moves`] lists no move; `play` does not look again.)
    fn play(&self, grid: &Grid, square: usize) -> Grid {
        if square < self.0.cells() && grid.get(square).is_none() {
            grid.with(square)
        } else {
            *grid
        }
    }

    fn ending(&self, grid: &Grid) -> Option<Ending> {
        self.0.ending(grid)
    }

    fn random_move(&self, grid: &Grid, random: &mut fastrand::Rng) -> Option<usize> {
        self.0.drawn(grid, self.0.free(grid), random)
    }

    /// The same moves as the trait's playout, drawn from the free squares' bits, and only the
    /// lines through each new mark looked at.
    fn play_out<F: FnMut(usize) -> ControlFlow<()>>(
        &self,
        grid: Grid,
        random: &mut fastrand::Rng,
        each: F,
    ) -> Option<Ending> {
        self.0
            .play_out(grid, random, |free| free, |_, square| Some(square), each)
    }
}

impl GridGame for KInARow {
    fn size(&self) -> (usize, usize) {
        (self.0.columns, self.0.rows)
    }
    fn lines(&self) -> &[u64] {
        &self.0.lines
    }
    fn moves_name_columns(&self) -> bool {
        false
    }
}

impl fmt::Display for KInARow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in a row on {} by {}",
            self.0.k, self.0.columns, self.0.rows
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Table;
    use crate::engine::solve::solve;
    use crate::rules::{Counted, Square};

    /// The games' trees counted move by move (the engine's perft).
    fn perft<G: TwoPlayerGame>(game: &G, position: &G::Position, depth: u32) -> u64 {
        crate::engine::perft::perft_for(game, position, depth).expect("a count within the limits")
    }

    #[test]
    fn three_in_a_row_on_three_by_three_is_tic_tac_toe_everywhere() {
        let game = KInARow::new(3, 3, 3).unwrap();
        assert_eq!(game.lines().len(), 8);
        let table = Table::build();
        for board in crate::engine::stats::reachable_positions() {
            let mut grid = Grid::default();
            for square in Square::ALL {
                let bit = 1u64 << square.index();
                match board.get(square) {
                    Some(Player::X) => grid.x |= bit,
                    Some(Player::O) => grid.o |= bit,
                    None => {}
                }
            }
            assert_eq!(
                solve(&game, &grid).unwrap().value,
                table.value(board),
                "at {board}"
            );
        }
        // The whole game, counted: 549,945 moves below the empty board (minimax's 549,946
        // positions less the root).
        let total: u64 = (1..=9).map(|d| perft(&game, &game.start(), d)).sum();
        assert_eq!(total, 549_945);
    }

    #[test]
    fn four_by_four_tic_tac_toe_is_too_big_to_solve_in_a_cell() {
        let game = KInARow::new(4, 4, 4).unwrap();
        let refusal = solve(&game, &game.start()).unwrap_err().limit().unwrap();
        assert_eq!(refusal.counted, Counted::MovesSearched);
    }
}
