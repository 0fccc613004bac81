//! Beyond 3x3: why the magic-square trick works only for tic-tac-toe's board.
//!
//! On an n x n magic square every row, column and diagonal sums to the magic constant
//! n(n^2 + 1)/2. On 3x3 the converse holds too: the only triples that sum to 15 are the lines.
//! On 4x4 and 5x5 far more sets of n numbers reach the constant than there are lines.
//!
//! ```
//! use magic_tictactoe::beyond::MagicGrid;
//!
//! let durer = MagicGrid::durer();
//! assert!(durer.is_magic());
//! assert_eq!(durer.magic_constant(), 34);
//! assert_eq!(durer.lines().len(), 10);
//! assert!(durer.sets_reaching_the_constant() > durer.lines().len());
//! ```

use std::fmt;

use itertools::Itertools;

use crate::render::palette::{CELL, DARK_INK, GRID, MARKED};
use crate::render::parts::{caption, card, title};
use crate::render::{Border, Html, Picture, Px, Scale, notebook_pictures, table, td, tr};
use crate::rules::{Counted, LimitError};

/// An n x n grid holding the numbers 1 to n^2 once each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MagicGrid {
    size: usize,
    numbers: Vec<u32>,
    highlight: Vec<usize>,
    title: String,
}

impl MagicGrid {
    /// The Lo Shu square of tic-tac-toe, 3x3.
    pub fn lo_shu() -> MagicGrid {
        MagicGrid::from_rows(
            3,
            crate::rules::magic::LO_SHU
                .iter()
                .map(|&n| u32::from(n))
                .collect(),
            "the Lo Shu square, 3x3",
        )
    }

    /// Albrecht Dürer's 4x4 square from his engraving *Melencolia I* (1514).
    pub fn durer() -> MagicGrid {
        MagicGrid::from_rows(
            4,
            vec![16, 3, 2, 13, 5, 10, 11, 8, 9, 6, 7, 12, 4, 15, 14, 1],
            "Dürer's square, 4x4",
        )
    }

    /// The magic square of odd size `size` (3 to 9) made by the Siamese method: start in the
    /// middle of the top row, go up and right, and step down when the square is taken.
    pub fn siamese(size: usize) -> Option<MagicGrid> {
        if size.is_multiple_of(2) || !(3..=9).contains(&size) {
            return None;
        }
        let mut numbers = vec![0; size * size];
        let (mut row, mut column) = (0, size / 2);
        for n in 1..=(size * size) as u32 {
            numbers[row * size + column] = n;
            let (up, right) = ((row + size - 1) % size, (column + 1) % size);
            if numbers[up * size + right] == 0 {
                (row, column) = (up, right);
            } else {
                row = (row + 1) % size;
            }
        }
        Some(MagicGrid::from_rows(
            size,
            numbers,
            &format!("the Siamese square, {size}x{size}"),
        ))
    }

    fn from_rows(size: usize, numbers: Vec<u32>, title: &str) -> MagicGrid {
        MagicGrid {
            size,
            numbers,
            highlight: Vec::new(),
            title: title.to_owned(),
        }
    }

    /// Rows and columns.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The numbers row by row.
    pub fn numbers(&self) -> &[u32] {
        &self.numbers
    }

    /// What every line should add up to: n(n^2 + 1)/2.
    pub fn magic_constant(&self) -> u32 {
        let n = self.size as u32;
        n * (n * n + 1) / 2
    }

    /// The rows, columns and two diagonals, as lists of cell indices (row by row from 0).
    pub fn lines(&self) -> Vec<Vec<usize>> {
        // Every grid the crate makes is between 3x3 and 9x9, well inside lines_of's limit.
        let lines = lines_of(self.size);
        debug_assert!(lines.is_ok());
        lines.unwrap_or_default()
    }

    /// Whether every line adds up to the magic constant.
    pub fn is_magic(&self) -> bool {
        self.lines()
            .iter()
            .all(|line| line.iter().map(|&i| self.numbers[i]).sum::<u32>() == self.magic_constant())
    }

    /// How many sets of n different numbers from 1 to n^2 add up to the magic constant. For 3x3
    /// it is 8, the number of lines.
    ///
    /// Up to 5x5 the sets are listed one by one with itertools combinations (53,130 of them
    /// for 5x5). From 7x7 there are far too many to list (C(49, 7) is about 86 million,
    /// C(81, 9) about 260 billion, and stopping a cell loses the notebook's variables), so they
    /// are counted without listing them: `count_sets_with_sum`.
    pub fn sets_reaching_the_constant(&self) -> usize {
        let target = self.magic_constant();
        let largest = (self.size * self.size) as u32;
        if self.size <= 5 {
            (1..=largest)
                .combinations(self.size)
                .filter(|set| set.iter().sum::<u32>() == target)
                .count()
        } else {
            let count = count_sets_with_sum(largest, self.size, target);
            usize::try_from(count).unwrap_or(usize::MAX)
        }
    }

    /// The first set of n cells (in the order itertools lists them) whose numbers add up to the
    /// magic constant but which is not a line, if there is one.
    pub fn constant_sum_that_is_no_line(&self) -> Option<Vec<usize>> {
        let lines = self.lines();
        (0..self.numbers.len())
            .combinations(self.size)
            .find(|cells| {
                cells.iter().map(|&i| self.numbers[i]).sum::<u32>() == self.magic_constant()
                    && !lines.iter().any(|line| {
                        let mut line = line.clone();
                        line.sort_unstable();
                        &line == cells
                    })
            })
    }

    /// The grid with these cells marked.
    #[must_use]
    pub fn highlight(mut self, cells: &[usize]) -> MagicGrid {
        self.highlight = cells
            .iter()
            .copied()
            .filter(|&i| i < self.numbers.len())
            .collect();
        self
    }

    /// Whether the marked cells are exactly one of the lines.
    fn highlight_is_a_line(&self) -> bool {
        let mut marked = self.highlight.clone();
        marked.sort_unstable();
        self.lines().into_iter().any(|mut line| {
            line.sort_unstable();
            line == marked
        })
    }
}

impl Picture for MagicGrid {
    /// The grid, marked cells in yellow, with the sum of the marked numbers.
    fn draw(&self, scale: Scale) -> Html {
        let rows = self
            .numbers
            .chunks(self.size)
            .enumerate()
            .map(|(row, numbers)| {
                tr().children(numbers.iter().enumerate().map(|(column, number)| {
                    let i = row * self.size + column;
                    td().css("width", scale.px(40))
                        .css("height", scale.px(40))
                        .css("border", Border(Px(2), "solid", GRID))
                        .css("text-align", "center")
                        .css("vertical-align", "middle")
                        .css(
                            "background",
                            if self.highlight.contains(&i) {
                                MARKED
                            } else {
                                CELL
                            },
                        )
                        .css("color", DARK_INK)
                        .css("font-size", scale.px(17))
                        .css("font-weight", "700")
                        .css("padding", "0")
                        .text(&number.to_string())
                }))
            });
        let mut inner = title(scale, &self.title);
        inner.push(
            table()
                .css("border-collapse", "collapse")
                .css("margin", "0")
                .children(rows),
        );
        let note = if self.highlight.is_empty() {
            format!("Magic constant {}", self.magic_constant())
        } else {
            let numbers: Vec<String> = self
                .highlight
                .iter()
                .map(|&i| self.numbers[i].to_string())
                .collect();
            let sum: u32 = self.highlight.iter().map(|&i| self.numbers[i]).sum();
            format!(
                "{} = {sum}: {}",
                numbers.join(" + "),
                if self.highlight_is_a_line() {
                    "a line"
                } else {
                    "not a line"
                }
            )
        };
        inner.push(caption(scale, &note));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

notebook_pictures!(MagicGrid);

impl fmt::Display for MagicGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.numbers.chunks(self.size) {
            let cells: Vec<String> = row.iter().map(|n| format!("{n:>3}")).collect();
            writeln!(f, "{}", cells.join(""))?;
        }
        write!(f, "magic constant {}", self.magic_constant())
    }
}

/// How many sets of `size` different numbers from 1 to `largest` add up to `sum`, counted
/// without listing them: taking the numbers one at a time, keep how many ways there are to
/// pick k of the numbers seen so far with each total.
///
/// Its table has `(size + 1) * (sum + 1)` entries, so it is kept inside the crate, where it is
/// only asked about the magic squares [`MagicGrid::siamese`] makes (at most 9x9, sum 369).
fn count_sets_with_sum(largest: u32, size: usize, sum: u32) -> u128 {
    let sum = sum as usize;
    // ways[k][s]: sets of k numbers, from those seen so far, with total s.
    let mut ways = vec![vec![0u128; sum + 1]; size + 1];
    ways[0][0] = 1;
    for number in 1..=largest as usize {
        for k in (1..=size).rev() {
            for s in (number..=sum).rev() {
                ways[k][s] = ways[k][s].saturating_add(ways[k - 1][s - number]);
            }
        }
    }
    ways[size][sum]
}

/// The largest board [`lines_of`] draws lines on: 100 rows and columns (202 lines of 100 cells).
pub const MAX_GRID_SIZE: usize = 100;

/// The rows, columns and two diagonals of an n x n board, as lists of cell indices (row by row
/// from 0), for a size from 1 to [`MAX_GRID_SIZE`].
///
/// ```
/// use magic_tictactoe::beyond::lines_of;
///
/// assert_eq!(lines_of(3)?.len(), 8);
/// assert_eq!(lines_of(4)?[9], vec![3, 6, 9, 12]); // the second diagonal
/// assert!(lines_of(1_000_000).is_err());
/// # Ok::<(), magic_tictactoe::LimitError>(())
/// ```
///
/// # Errors
///
/// [`LimitError`] for a size of 0 or above [`MAX_GRID_SIZE`].
pub fn lines_of(n: usize) -> Result<Vec<Vec<usize>>, LimitError> {
    LimitError::check(Counted::GridSize, n, MAX_GRID_SIZE as u64)?;
    if n == 0 {
        return Err(LimitError {
            counted: Counted::GridSize,
            asked: 0,
            limit: MAX_GRID_SIZE as u64,
        });
    }
    let mut lines: Vec<Vec<usize>> = (0..n)
        .map(|r| (0..n).map(|c| r * n + c).collect())
        .collect();
    lines.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    lines.push((0..n).map(|i| i * n + i).collect());
    lines.push((0..n).map(|i| i * n + n - 1 - i).collect());
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_sets_by_their_sums_agrees_with_listing_them() {
        assert_eq!(count_sets_with_sum(9, 3, 15), 8); // the eight lines of the Lo Shu square
        assert_eq!(count_sets_with_sum(16, 4, 34), 86);
        for largest in 1..=12u32 {
            for size in 0..=4usize {
                let mut listed = std::collections::HashMap::new();
                for set in (1..=largest).combinations(size) {
                    *listed.entry(set.iter().sum::<u32>()).or_insert(0u128) += 1;
                }
                for sum in 0..=60 {
                    assert_eq!(
                        count_sets_with_sum(largest, size, sum),
                        listed.get(&sum).copied().unwrap_or(0),
                        "{size} numbers from 1 to {largest} summing to {sum}"
                    );
                }
            }
        }
    }
}
