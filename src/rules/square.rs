//! The nine squares of the board, numbered like a phone keypad.

use std::fmt;
use std::str::FromStr;

use super::text::debug_as_sentence;
use super::text::quoted;

/// The Lo Shu magic square, row by row: the magic number of each square in keypad order.
///
/// ```text
/// 8 3 4
/// 1 5 9
/// 6 7 2
/// ```
pub const LO_SHU: [u8; 9] = [8, 3, 4, 1, 5, 9, 6, 7, 2];

/// What every row, column and diagonal of the magic square adds up to.
pub const MAGIC_SUM: u8 = 15;

/// One of the nine squares, numbered 1 to 9 like a phone keypad:
///
/// ```text
/// 1 2 3
/// 4 5 6
/// 7 8 9
/// ```
///
/// Rows and columns count from 0 at the top left. Every square carries its number in the
/// Lo Shu magic square, which is what the crate's win test adds up.
///
/// ```
/// use magic_tictactoe::Square;
///
/// let centre = Square::from_digit(5)?;
/// assert_eq!(centre, Square::Centre);
/// assert_eq!(centre.magic_number(), 5);
/// assert_eq!(Square::from_row_column(0, 2)?, Square::TopRight);
/// assert_eq!(Square::TopLeft.magic_number(), 8);
/// assert!(Square::from_digit(10).is_err());
/// # Ok::<(), magic_tictactoe::SquareError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Square {
    /// Keypad 1, row 0, column 0.
    TopLeft,
    /// Keypad 2, row 0, column 1.
    Top,
    /// Keypad 3, row 0, column 2.
    TopRight,
    /// Keypad 4, row 1, column 0.
    Left,
    /// Keypad 5, row 1, column 1.
    Centre,
    /// Keypad 6, row 1, column 2.
    Right,
    /// Keypad 7, row 2, column 0.
    BottomLeft,
    /// Keypad 8, row 2, column 1.
    Bottom,
    /// Keypad 9, row 2, column 2.
    BottomRight,
}

impl Square {
    /// All nine squares in keypad order, 1 to 9.
    pub const ALL: [Square; 9] = [
        Square::TopLeft,
        Square::Top,
        Square::TopRight,
        Square::Left,
        Square::Centre,
        Square::Right,
        Square::BottomLeft,
        Square::Bottom,
        Square::BottomRight,
    ];

    /// The four corners.
    pub const CORNERS: [Square; 4] = [
        Square::TopLeft,
        Square::TopRight,
        Square::BottomLeft,
        Square::BottomRight,
    ];

    /// The four edges: the squares between two corners.
    pub const EDGES: [Square; 4] = [Square::Top, Square::Left, Square::Right, Square::Bottom];

    /// The square with keypad digit `digit` (1 to 9).
    ///
    /// Takes any integer type, so a learner can write `Square::from_digit(5)`.
    ///
    /// # Errors
    ///
    /// [`SquareError::OutOfRange`] for a number other than 1 to 9, and
    /// [`SquareError::TooBig`] for one too big to write as an `i64`.
    pub fn from_digit<N: TryInto<i64>>(digit: N) -> Result<Square, SquareError> {
        let digit = digit.try_into().map_err(|_| SquareError::TooBig)?;
        match digit {
            1..=9 => Ok(Square::ALL[(digit - 1) as usize]),
            _ => Err(SquareError::OutOfRange(digit)),
        }
    }

    /// The square at `row` and `column`, both counted 0, 1, 2 from the top left.
    ///
    /// # Errors
    ///
    /// [`SquareError::NotOnBoard`] when the row or the column is not 0, 1 or 2, and
    /// [`SquareError::TooBig`] for a number too big to write as an `i64`.
    pub fn from_row_column<N: TryInto<i64>>(row: N, column: N) -> Result<Square, SquareError> {
        let row = row.try_into().map_err(|_| SquareError::TooBig)?;
        let column = column.try_into().map_err(|_| SquareError::TooBig)?;
        if (0..3).contains(&row) && (0..3).contains(&column) {
            Ok(Square::ALL[(row * 3 + column) as usize])
        } else {
            Err(SquareError::NotOnBoard { row, column })
        }
    }

    /// The square at position `index` in [`Square::ALL`] (0 to 8), if there is one.
    #[inline]
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 9 {
            Some(Square::ALL[index])
        } else {
            None
        }
    }

    /// Position in [`Square::ALL`], 0 to 8: the keypad digit minus one.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The keypad digit, 1 to 9.
    #[inline]
    pub const fn digit(self) -> u8 {
        self as u8 + 1
    }

    /// The row, 0 (top) to 2 (bottom).
    #[inline]
    pub const fn row(self) -> usize {
        self.index() / 3
    }

    /// The column, 0 (left) to 2 (right).
    #[inline]
    pub const fn column(self) -> usize {
        self.index() % 3
    }

    /// The square's number in the Lo Shu magic square, 1 to 9.
    ///
    /// Three squares form a line exactly when their magic numbers add up to 15.
    #[inline]
    pub const fn magic_number(self) -> u8 {
        LO_SHU[self.index()]
    }

    /// The square that carries `number` in the magic square (1 to 9), if any.
    pub const fn from_magic_number(number: u8) -> Option<Square> {
        let mut index = 0;
        while index < 9 {
            if LO_SHU[index] == number {
                return Some(Square::ALL[index]);
            }
            index += 1;
        }
        None
    }

    /// Whether this is one of the four corners.
    pub const fn is_corner(self) -> bool {
        self.row() != 1 && self.column() != 1
    }

    /// Whether this is one of the four edges.
    pub const fn is_edge(self) -> bool {
        (self.row() == 1) != (self.column() == 1)
    }

    /// A plain-words name: `"top left"`, `"centre"`, `"bottom"` ...
    pub const fn name(self) -> &'static str {
        match self {
            Square::TopLeft => "top left",
            Square::Top => "top",
            Square::TopRight => "top right",
            Square::Left => "left",
            Square::Centre => "centre",
            Square::Right => "right",
            Square::BottomLeft => "bottom left",
            Square::Bottom => "bottom",
            Square::BottomRight => "bottom right",
        }
    }
}

impl fmt::Display for Square {
    /// The keypad digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.digit())
    }
}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads a keypad digit (`"5"`), a row and column counted from 1 (`"2 3"` or `"2,3"`),
    /// or a row letter and column digit (`"b3"`: rows a to c from the top, columns 1 to 3).
    ///
    /// ```
    /// use magic_tictactoe::Square;
    ///
    /// assert_eq!("5".parse(), Ok(Square::Centre));
    /// assert_eq!("2 3".parse(), Ok(Square::Right));
    /// assert_eq!("b3".parse(), Ok(Square::Right));
    /// assert!("0".parse::<Square>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let text = s.trim();
        let unreadable = || SquareError::Unreadable(quoted(s));
        let parts: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|part| !part.is_empty())
            .collect();
        match parts.as_slice() {
            [one] => {
                let mut chars = one.chars();
                match (chars.next(), chars.next(), chars.next()) {
                    (Some(letter @ ('a'..='c' | 'A'..='C')), Some(digit @ '1'..='3'), None) => {
                        let row = letter.to_ascii_lowercase() as i64 - 'a' as i64;
                        Square::from_row_column(row, digit as i64 - '1' as i64)
                    }
                    _ => match one.parse::<i64>() {
                        Ok(digit) => Square::from_digit(digit),
                        Err(_) if one.chars().all(|c| c.is_ascii_digit()) => {
                            Err(SquareError::TooBig)
                        }
                        Err(_) => Err(unreadable()),
                    },
                }
            }
            [row, column] => match (row.parse::<i64>(), column.parse::<i64>()) {
                (Ok(row), Ok(column)) => {
                    if (1..=3).contains(&row) && (1..=3).contains(&column) {
                        Square::from_row_column(row - 1, column - 1)
                    } else {
                        Err(SquareError::RowColumnOutOfRange { row, column })
                    }
                }
                _ => Err(unreadable()),
            },
            _ => Err(unreadable()),
        }
    }
}

/// Why a number or text does not name a square.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum SquareError {
    /// A keypad digit outside 1 to 9.
    OutOfRange(i64),
    /// A number far too big to be a square's: more than an `i64` holds.
    TooBig,
    /// A row or column outside 0 to 2.
    NotOnBoard {
        /// The row asked for.
        row: i64,
        /// The column asked for.
        column: i64,
    },
    /// A row or column outside 1 to 3, in text such as `"2 4"`.
    RowColumnOutOfRange {
        /// The row typed.
        row: i64,
        /// The column typed.
        column: i64,
    },
    /// Text that is not a square in any of the accepted forms; the text is quoted, shortened.
    Unreadable(String),
    /// No square at all: `None` where a square was wanted.
    Nothing,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Nothing => write!(f, "no square was given (None)"),
            SquareError::TooBig => {
                write!(f, "that number is too big: squares are numbered 1 to 9")
            }
            SquareError::OutOfRange(digit) => {
                write!(f, "there is no square {digit}: squares are numbered 1 to 9")
            }
            SquareError::NotOnBoard { row, column } => write!(
                f,
                "there is no square at row {row}, column {column}: rows and columns are 0, 1 or 2"
            ),
            SquareError::RowColumnOutOfRange { row, column } => write!(
                f,
                "there is no square at row {row}, column {column}: rows and columns are 1, 2 or 3"
            ),
            SquareError::Unreadable(text) => write!(
                f,
                "{text} is not a square: type a digit from 1 to 9, a row and column such as \"2 3\", or \"b3\""
            ),
        }
    }
}

impl std::error::Error for SquareError {}

/// Something a learner may type to name a square: a [`Square`], a keypad digit such as `5`, or
/// text such as `"5"`, `"2 3"` or `"b3"`.
///
/// This lets `game.play(5)` and `game.play(Square::Centre)` both work. Converting never
/// panics: a number that is not 1 to 9 becomes a [`SquareError`].
pub trait IntoSquare {
    /// The square named, or why there is none.
    fn into_square(self) -> Result<Square, SquareError>;
}

impl IntoSquare for Square {
    fn into_square(self) -> Result<Square, SquareError> {
        Ok(self)
    }
}

impl IntoSquare for &Square {
    fn into_square(self) -> Result<Square, SquareError> {
        Ok(*self)
    }
}

impl IntoSquare for &str {
    fn into_square(self) -> Result<Square, SquareError> {
        self.parse()
    }
}

impl IntoSquare for &String {
    fn into_square(self) -> Result<Square, SquareError> {
        self.parse()
    }
}

impl IntoSquare for String {
    fn into_square(self) -> Result<Square, SquareError> {
        self.parse()
    }
}

/// `Some(square)` names the square; `None` is [`SquareError::Nothing`]. So a player may answer
/// with `board.empty_squares().first()`.
impl<T: IntoSquare> IntoSquare for Option<T> {
    fn into_square(self) -> Result<Square, SquareError> {
        self.map_or(Err(SquareError::Nothing), IntoSquare::into_square)
    }
}

impl IntoSquare for char {
    fn into_square(self) -> Result<Square, SquareError> {
        self.to_string().parse()
    }
}

macro_rules! into_square_from_integer {
    ($($t:ty),*) => {$(
        impl IntoSquare for $t {
            fn into_square(self) -> Result<Square, SquareError> {
                Square::from_digit(self)
            }
        }
    )*};
}

into_square_from_integer!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

impl TryFrom<u8> for Square {
    type Error = SquareError;

    /// The square with this keypad digit.
    ///
    /// # Errors
    ///
    /// [`SquareError::OutOfRange`] for a number other than 1 to 9.
    fn try_from(digit: u8) -> Result<Square, SquareError> {
        Square::from_digit(digit)
    }
}

debug_as_sentence!(SquareError);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keypad_digits_rows_and_columns_agree() {
        for (i, square) in Square::ALL.into_iter().enumerate() {
            assert_eq!(square.index(), i);
            assert_eq!(Square::from_digit(square.digit()), Ok(square));
            assert_eq!(
                Square::from_row_column(square.row(), square.column()),
                Ok(square)
            );
            assert_eq!(square.to_string().parse(), Ok(square));
            assert_eq!(
                Square::from_magic_number(square.magic_number()),
                Some(square)
            );
            assert!(
                square.is_corner() as u8
                    + square.is_edge() as u8
                    + (square == Square::Centre) as u8
                    == 1
            );
        }
    }

    #[test]
    fn out_of_range_numbers_are_errors() {
        for digit in [-1_i64, 0, 10, i64::MIN, i64::MAX] {
            assert_eq!(
                Square::from_digit(digit),
                Err(SquareError::OutOfRange(digit))
            );
        }
        assert_eq!(Square::from_digit(u128::MAX), Err(SquareError::TooBig));
        assert!(Square::from_row_column(3, 0).is_err());
        assert!(Square::from_row_column(-1, 0).is_err());
        assert_eq!(
            Square::from_row_column(usize::MAX, 0),
            Err(SquareError::TooBig)
        );
        assert_eq!(
            Square::from_digit(0).unwrap_err().to_string(),
            "there is no square 0: squares are numbered 1 to 9"
        );
    }

    #[test]
    fn text_forms() {
        assert_eq!("b3".parse(), Ok(Square::Right));
        assert_eq!("C1".parse(), Ok(Square::BottomLeft));
        assert_eq!(" 3 , 3 ".parse(), Ok(Square::BottomRight));
        for bad in [
            "",
            "x",
            "0",
            "10",
            "4 4",
            "d1",
            "1 2 3",
            "99999999999999999999999",
            "é",
        ] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?}");
        }
    }
}
