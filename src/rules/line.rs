//! A line of three squares.

use std::fmt;

use super::square::MAGIC_SUM;
use super::{Square, SquareSet};

/// Three squares in a row, column or diagonal: three squares whose magic numbers sum to 15.
///
/// ```
/// use magic_tictactoe::{Line, LineKind, Square};
///
/// let diagonal = Line::from_magic_numbers([8, 5, 2]).unwrap();
/// assert_eq!(diagonal.squares(), [Square::TopLeft, Square::Centre, Square::BottomRight]);
/// assert_eq!(diagonal.kind(), LineKind::Diagonal);
/// assert_eq!(diagonal.to_string(), "1-5-9");
/// assert!(Line::from_magic_numbers([1, 2, 3]).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Line([Square; 3]);

/// Which way a line runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LineKind {
    /// Across: three squares in one row.
    Row,
    /// Down: three squares in one column.
    Column,
    /// Corner to corner through the centre.
    Diagonal,
}

impl fmt::Display for LineKind {
    /// `row`, `column` or `diagonal`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LineKind::Row => "row",
            LineKind::Column => "column",
            LineKind::Diagonal => "diagonal",
        })
    }
}

impl Line {
    /// The line through three distinct squares whose magic numbers the caller has checked sum
    /// to 15; they are sorted here.
    pub(crate) fn new_unchecked(mut squares: [Square; 3]) -> Line {
        squares.sort_unstable();
        debug_assert!(
            Line::from_squares(squares).is_some(),
            "{squares:?} is no line"
        );
        Line(squares)
    }

    /// The line through the squares with these three magic numbers, if they sum to 15.
    pub fn from_magic_numbers(numbers: [u8; 3]) -> Option<Line> {
        let squares = [
            Square::from_magic_number(numbers[0])?,
            Square::from_magic_number(numbers[1])?,
            Square::from_magic_number(numbers[2])?,
        ];
        Line::from_squares(squares)
    }

    /// The line through these three squares, if they are a line (their magic numbers sum to 15).
    pub fn from_squares(squares: [Square; 3]) -> Option<Line> {
        let [a, b, c] = squares;
        let distinct = a != b && b != c && a != c;
        let sum: u8 = squares.iter().map(|square| square.magic_number()).sum();
        (distinct && sum == MAGIC_SUM).then(|| {
            let mut sorted = squares;
            sorted.sort_unstable();
            Line(sorted)
        })
    }

    /// The three squares in keypad order.
    pub const fn squares(self) -> [Square; 3] {
        self.0
    }

    /// The three squares as a set.
    pub fn square_set(self) -> SquareSet {
        self.0.into_iter().collect()
    }

    /// The squares' magic numbers, in keypad order of the squares.
    pub fn magic_numbers(self) -> [u8; 3] {
        self.0.map(Square::magic_number)
    }

    /// Whether the line passes through `square`.
    pub fn contains(self, square: Square) -> bool {
        self.0.contains(&square)
    }

    /// Which way the line runs: a row, a column or a diagonal.
    pub fn kind(self) -> LineKind {
        let [a, b, _] = self.0;
        if a.row() == b.row() {
            LineKind::Row
        } else if a.column() == b.column() {
            LineKind::Column
        } else {
            LineKind::Diagonal
        }
    }
}

impl fmt::Display for Line {
    /// The keypad digits joined by dashes: `1-5-9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.0;
        write!(f, "{a}-{b}-{c}")
    }
}
