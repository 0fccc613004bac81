//! What the grid games share ([`KInARow`](super::KInARow) and
//! [`ConnectFour`](super::ConnectFour)): a position kept as two sets of squares, one bit a
//! square ([`Grid`]); the lines of k squares worked out when the game is made; and the
//! [`GridGame`] trait that pictures and clicks use to know a grid game's shape.
//!
//! ```
//! use magic_tictactoe::games::{ConnectFour, KInARow};
//! use magic_tictactoe::engine::solve::solve;
//! use magic_tictactoe::TwoPlayerGame;
//!
//! // 3 in a row on 3 by 3 is tic-tac-toe: a draw.
//! let noughts = KInARow::new(3, 3, 3)?;
//! assert!(solve(&noughts, &noughts.start())?.value.is_draw());
//!
//! let connect = ConnectFour::new(4, 4)?;
//! assert_eq!(connect.moves(&connect.start()), vec![0, 1, 2, 3]);
//! # Ok::<(), magic_tictactoe::SearchError>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use super::{Counted, Ending, LimitError, Player, TwoPlayerGame};

/// The most rows, and the most columns, a grid game may have (a position is 64 bits a player).
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_SIDE: usize = 8;

/// A position of a grid game: the squares each player holds, one bit a square, row by row
/// from the top left. Printed with `{:?}` it lists them: `Grid { x: [0, 5], o: [1] }`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Grid {
    pub(super) x: u64,
    pub(super) o: u64,
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let squares = |bits: u64| -> Vec<u32> { (0..64).filter(|i| bits >> i & 1 == 1).collect() };
        f.debug_struct("Grid")
            .field("x", &squares(self.x))
            .field("o", &squares(self.o))
            .finish()
    }
}

impl Grid {
    /// The squares `player` holds, one bit a square.
    pub fn squares(&self, player: Player) -> u64 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// The squares `player` holds, by their numbers (row by row from the top left, the top left
    /// square 0), in order: what an evaluation counts.
    ///
    /// ```
    /// use magic_tictactoe::games::ConnectFour;
    /// use magic_tictactoe::{Player, TwoPlayerGame};
    ///
    /// let connect = ConnectFour::new(4, 4)?;
    /// let grid = connect.play(&connect.start(), 2);
    /// assert_eq!(grid.marks_of(Player::X).collect::<Vec<_>>(), vec![14]);
    /// # Ok::<(), magic_tictactoe::LimitError>(())
    /// ```
    pub fn marks_of(&self, player: Player) -> impl Iterator<Item = usize> {
        let bits = self.squares(player);
        (0..64).filter(move |&index| bits >> index & 1 == 1)
    }

    /// Who holds square `index` (row by row from the top left), if anyone.
    pub fn get(&self, index: usize) -> Option<Player> {
        let bit = 1u64.checked_shl(u32::try_from(index).ok()?)?;
        if self.x & bit != 0 {
            Some(Player::X)
        } else if self.o & bit != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    pub(super) fn marks(self) -> u32 {
        (self.x | self.o).count_ones()
    }

    pub(super) fn turn(self) -> Player {
        if self.x.count_ones() > self.o.count_ones() {
            Player::O
        } else {
            Player::X
        }
    }

    pub(super) fn with(self, index: usize) -> Grid {
        let bit = 1u64 << index;
        match self.turn() {
            Player::X => Grid {
                x: self.x | bit,
                o: self.o,
            },
            Player::O => Grid {
                x: self.x,
                o: self.o | bit,
            },
        }
    }
}

/// The positions of the bits set in `bits`, lowest first.
pub(super) fn bits(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let lowest = bits.trailing_zeros();
        bits &= bits.wrapping_sub(1);
        (lowest < 64).then_some(lowest as usize)
    })
}

/// The position of the `n`th bit set in `bits` (counting from 0, lowest first).
pub(super) fn nth_bit(mut bits: u64, n: usize) -> usize {
    for _ in 0..n {
        bits &= bits.wrapping_sub(1);
    }
    bits.trailing_zeros() as usize
}

/// What the two games share: the grid's size, its lines, and the rules of a line. (Not the
/// crate's tic-tac-toe [`Board`](super::Board): a grid game's position is a [`Grid`].)
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Layout {
    pub(super) columns: usize,
    pub(super) rows: usize,
    pub(super) k: usize,
    pub(super) lines: Vec<u64>,
    /// For each square, the lines through it: after a move only these can have been made.
    through: Vec<Vec<u64>>,
}

impl Layout {
    pub(super) fn new(columns: usize, rows: usize, k: usize) -> Result<Layout, LimitError> {
        for side in [columns, rows] {
            if side == 0 {
                return Err(LimitError {
                    counted: Counted::GridSize,
                    asked: 0,
                    limit: 1,
                });
            }
            LimitError::check(Counted::GridSize, side, MAX_SIDE as u64)?;
        }
        let k = k.clamp(1, columns.max(rows));
        let mut lines = Vec::new();
        for row in 0..rows {
            for column in 0..columns {
                for (dr, dc) in [(0i64, 1i64), (1, 0), (1, 1), (1, -1)] {
                    let squares: Option<Vec<usize>> = (0..k as i64)
                        .map(|step| {
                            let r = row as i64 + dr * step;
                            let c = column as i64 + dc * step;
                            ((0..rows as i64).contains(&r) && (0..columns as i64).contains(&c))
                                .then(|| r as usize * columns + c as usize)
                        })
                        .collect();
                    if let Some(squares) = squares {
                        let line = squares.iter().fold(0u64, |bits, &i| bits | 1 << i);
                        if !lines.contains(&line) {
                            lines.push(line);
                        }
                    }
                }
            }
        }
        let through = (0..columns * rows)
            .map(|square| {
                let bit = 1u64 << square;
                lines
                    .iter()
                    .copied()
                    .filter(|line| line & bit != 0)
                    .collect()
            })
            .collect();
        Ok(Layout {
            columns,
            rows,
            k,
            lines,
            through,
        })
    }

    /// Every square of the board, one bit each.
    pub(super) fn all_squares(&self) -> u64 {
        u64::MAX >> (64 - self.cells())
    }

    /// The squares no one holds, one bit each.
    pub(super) fn free(&self, grid: &Grid) -> u64 {
        self.all_squares() & !(grid.x | grid.o)
    }

    /// The top row's squares, one bit each: bit n is column n's top square.
    pub(super) fn top_row(&self) -> u64 {
        self.all_squares() >> (self.cells() - self.columns)
    }

    /// The moves given as bits (bit n for move n), in increasing order; none once the game is
    /// over.
    pub(super) fn listed(&self, grid: &Grid, choices: u64) -> Vec<usize> {
        if self.ending(grid).is_some() {
            return Vec::new();
        }
        bits(choices).collect()
    }

    /// One of the moves given as bits, as the trait's playout draws it from the listed moves;
    /// none once the game is over.
    pub(super) fn drawn(
        &self,
        grid: &Grid,
        choices: u64,
        random: &mut fastrand::Rng,
    ) -> Option<usize> {
        if choices == 0 || self.ending(grid).is_some() {
            return None;
        }
        Some(nth_bit(
            choices,
            random.usize(..choices.count_ones() as usize),
        ))
    }

    /// Whether `squares` hold a line through `square`.
    pub(super) fn line_through(&self, squares: u64, square: usize) -> bool {
        self.through
            .get(square)
            .is_some_and(|lines| lines.iter().any(|line| line & !squares == 0))
    }

    /// A random playout from `grid`: each move drawn as the trait's playout draws it (a random
    /// number below the count of moves, the moves in increasing order), from `choices`, the
    /// moves as bits (bit n for move n) given the free squares; `land` says which square a move
    /// marks. Only the lines through each new mark are looked at.
    pub(super) fn play_out(
        &self,
        grid: Grid,
        random: &mut fastrand::Rng,
        choices: impl Fn(u64) -> u64,
        land: impl Fn(Grid, usize) -> Option<usize>,
        mut each: impl FnMut(usize) -> ControlFlow<()>,
    ) -> Option<Ending> {
        if let Some(ending) = self.ending(&grid) {
            return Some(ending);
        }
        let mut grid = grid;
        loop {
            let moves = choices(self.free(&grid));
            if moves == 0 {
                return Some(Ending::Drawn);
            }
            let chosen = nth_bit(moves, random.usize(..moves.count_ones() as usize));
            let Some(square) = land(grid, chosen) else {
                return Some(Ending::Drawn);
            };
            if each(chosen).is_break() {
                return None;
            }
            let mover = grid.turn();
            grid = grid.with(square);
            if self.line_through(grid.squares(mover), square) {
                return Some(Ending::Won(mover));
            }
        }
    }

    pub(super) fn cells(&self) -> usize {
        self.columns * self.rows
    }

    pub(super) fn has_line(&self, squares: u64) -> bool {
        // A line is made when none of its squares is missing; fewer than k marks make none.
        squares.count_ones() as usize >= self.k
            && self.lines.iter().any(|line| line & !squares == 0)
    }

    pub(super) fn ending(&self, grid: &Grid) -> Option<Ending> {
        // Only the player who moved last can have made a line.
        let last = !grid.turn();
        if self.has_line(grid.squares(last)) {
            Some(Ending::Won(last))
        } else if grid.marks() as usize == self.cells() {
            Some(Ending::Drawn)
        } else {
            None
        }
    }

    /// The grid in rows of `X`, `O` and `.`, top row first.
    pub(super) fn draw(&self, grid: &Grid) -> String {
        (0..self.rows)
            .map(|row| {
                (0..self.columns)
                    .map(|column| match grid.get(row * self.columns + column) {
                        Some(player) => player.mark(),
                        None => '.',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// What the two grid games have in common, for whoever draws or studies their positions: the
/// grid's size, the lines that win, and whether a move names a column or a square.
pub trait GridGame: TwoPlayerGame<Position = Grid, Move = usize> {
    /// The board's columns and rows.
    fn size(&self) -> (usize, usize);
    /// The lines that win, one bit a square.
    fn lines(&self) -> &[u64];
    /// Whether a move names a column (Connect Four), rather than a square numbered row by row
    /// from 0 at the top left (k in a row).
    fn moves_name_columns(&self) -> bool;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ConnectFour, KInARow};

    /// The trait's own playout, move by move through the five questions.
    fn plain_play_out<G: TwoPlayerGame>(
        game: &G,
        mut position: G::Position,
        random: &mut fastrand::Rng,
    ) -> (Vec<G::Move>, Ending) {
        let mut moves = Vec::new();
        loop {
            if let Some(ending) = game.ending(&position) {
                return (moves, ending);
            }
            let listed = game.moves(&position);
            if listed.is_empty() {
                return (moves, Ending::Drawn);
            }
            let chosen = listed[random.usize(..listed.len())];
            moves.push(chosen);
            position = game.play(&position, chosen);
        }
    }

    /// The grid games' fast playouts and random moves play exactly the moves the five questions
    /// would, with the same random draws, from positions all through the game.
    #[test]
    fn fast_playouts_play_the_same_moves_as_the_five_questions() {
        fn compare<G: TwoPlayerGame<Position = Grid, Move = usize>>(game: &G) {
            let mut openings = fastrand::Rng::with_seed(7);
            for seed in 0..300 {
                let mut grid = game.start();
                for _ in 0..openings.usize(..12) {
                    let moves = game.moves(&grid);
                    if moves.is_empty() {
                        break;
                    }
                    grid = game.play(&grid, moves[openings.usize(..moves.len())]);
                }
                let mut fast_moves = Vec::new();
                let fast = game.play_out(grid, &mut fastrand::Rng::with_seed(seed), |m| {
                    fast_moves.push(m);
                    ControlFlow::Continue(())
                });
                let plain = plain_play_out(game, grid, &mut fastrand::Rng::with_seed(seed));
                assert_eq!(
                    (fast_moves, fast),
                    (plain.0, Some(plain.1)),
                    "from {grid:?}"
                );
                let listed = game.moves(&grid);
                let drawn = game.random_move(&grid, &mut fastrand::Rng::with_seed(seed));
                let expected = (!listed.is_empty())
                    .then(|| listed[fastrand::Rng::with_seed(seed).usize(..listed.len())]);
                assert_eq!(drawn, expected, "from {grid:?}");
            }
        }
        for (columns, rows, k) in [(3, 3, 3), (4, 4, 4), (5, 3, 3), (8, 8, 5), (1, 1, 1)] {
            compare(&KInARow::new(columns, rows, k).unwrap());
        }
        for (columns, rows) in [(4, 4), (7, 6), (8, 8), (1, 8), (5, 2)] {
            compare(&ConnectFour::new(columns, rows).unwrap());
        }
    }

    #[test]
    fn sizes_out_of_range_are_refused_in_a_sentence() {
        assert_eq!(
            KInARow::new(9, 3, 3).unwrap_err().to_string(),
            "9 rows and columns is more than the 8 this allows"
        );
        assert!(ConnectFour::new(0, 4).is_err());
        assert_eq!(KInARow::new(3, 3, 0).unwrap().k(), 1);
        assert_eq!(KInARow::new(3, 3, 100).unwrap().k(), 3);
    }
}
