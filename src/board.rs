//! The board: always a position of a real game.

use std::fmt;
use std::str::FromStr;

use crate::error::{BoardError, MoveError};
use crate::square::IntoSquare;
use crate::{Analysis, Outcome, Player, Square, SquareSet, Value, magic, solver};

/// A position reachable from the empty board by legal play, X moving first.
///
/// Every `Board` value is legal: boards are made by playing moves from [`Board::new`], by
/// parsing text, or through [`Board::from_squares`], and the last two check the rules.
///
/// The text form has the rows from top to bottom separated by `/`, with `X`, `O` or `.` in
/// each square. `{}` prints it and `parse` reads it back; `{:#}` draws three lines.
///
/// ```
/// use magic_tictactoe::{Board, Player, Square};
///
/// let board = Board::new().try_play(Square::Centre)?.try_play(1)?;
/// assert_eq!(board.to_string(), "O../.X./...");
/// assert_eq!(board.to_move(), Some(Player::X));
/// assert_eq!(format!("{board:#}"), "O . .\n. X .\n. . .");
///
/// assert_eq!("O../.X./...".parse::<Board>()?, board);
/// assert_eq!("o---x----".parse::<Board>()?, board);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    x: SquareSet,
    o: SquareSet,
}

impl Board {
    /// The empty board, X to move.
    pub const EMPTY: Board = Board {
        x: SquareSet::EMPTY,
        o: SquareSet::EMPTY,
    };

    /// The empty board, X to move.
    pub const fn new() -> Board {
        Board::EMPTY
    }

    /// The board where X holds `x` and O holds `o`, if that is a position of a real game.
    ///
    /// The error names the rule that is broken.
    ///
    /// ```
    /// use magic_tictactoe::{Board, BoardError, Square, SquareSet};
    ///
    /// let o = SquareSet::from_square(Square::Centre);
    /// assert_eq!(Board::from_squares(SquareSet::EMPTY, o), Err(BoardError::OHasMoreMarks));
    /// ```
    pub fn from_squares(x: SquareSet, o: SquareSet) -> Result<Board, BoardError> {
        if let Some(square) = x.intersection(o).first() {
            return Err(BoardError::SquareHasBothMarks(square));
        }
        let (xs, os) = (x.len(), o.len());
        if os > xs {
            return Err(BoardError::OHasMoreMarks);
        }
        if xs > os + 1 {
            return Err(BoardError::XTooFarAhead);
        }
        match (magic::has_won(x), magic::has_won(o)) {
            (true, true) => Err(BoardError::BothHaveLines),
            // X's line must have come with X's last move, so X is one mark ahead.
            (true, false) if xs == os => Err(BoardError::MoveAfterWin { winner: Player::X }),
            // O's line must have come with O's last move, so the counts are level.
            (false, true) if xs > os => Err(BoardError::MoveAfterWin { winner: Player::O }),
            _ => Ok(Board { x, o }),
        }
    }

    /// The board with base-3 code `code` (see [`Board::code`]), if that is a legal position.
    pub fn from_code(code: u16) -> Result<Board, BoardError> {
        let (mut x, mut o, mut rest) = (SquareSet::EMPTY, SquareSet::EMPTY, code);
        for square in Square::ALL {
            match rest % 3 {
                1 => x.insert(square),
                2 => o.insert(square),
                _ => {}
            }
            rest /= 3;
        }
        if rest != 0 {
            return Err(BoardError::CodeOutOfRange(code));
        }
        Board::from_squares(x, o)
    }

    /// A number from 0 to 19,682 that identifies the board: square `i` (0 to 8 in keypad
    /// order) counts `3^i` times 0 when empty, 1 for X, 2 for O.
    pub fn code(self) -> u16 {
        TERNARY[self.x.bits() as usize] + 2 * TERNARY[self.o.bits() as usize]
    }

    /// The squares `player` holds.
    pub const fn squares(self, player: Player) -> SquareSet {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// The mark on `square`, if any.
    pub const fn get(self, square: Square) -> Option<Player> {
        if self.x.contains(square) {
            Some(Player::X)
        } else if self.o.contains(square) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The squares with no mark.
    pub const fn empty_squares(self) -> SquareSet {
        self.x.union(self.o).complement()
    }

    /// How many moves have been made: the number of marks on the board.
    pub const fn moves_made(self) -> usize {
        self.x.len() + self.o.len()
    }

    /// Whose turn it would be by counting marks (X when the counts are level), whether or not
    /// the game is over.
    pub const fn turn(self) -> Player {
        if self.x.len() == self.o.len() {
            Player::X
        } else {
            Player::O
        }
    }

    /// The side to move, or `None` when the game is over.
    pub fn to_move(self) -> Option<Player> {
        (!self.is_over()).then(|| self.turn())
    }

    /// How the game stands: won (and along which line), drawn, or in play.
    pub fn outcome(self) -> Outcome {
        // Only the player who moved last can have a line.
        let last = !self.turn();
        let held = self.squares(last);
        if let Some(line) = magic::has_won(held)
            .then(|| magic::winning_line(held))
            .flatten()
        {
            Outcome::Won { winner: last, line }
        } else if self.empty_squares().is_empty() {
            Outcome::Draw
        } else {
            Outcome::InPlay
        }
    }

    /// Whether the game has ended, by a win or a draw.
    pub fn is_over(self) -> bool {
        magic::has_won(self.squares(!self.turn())) || self.empty_squares().is_empty()
    }

    /// The winner, if the game has been won.
    pub fn winner(self) -> Option<Player> {
        self.outcome().winner()
    }

    /// The squares the side to move may play: the free squares, or none once the game is over.
    pub fn legal_moves(self) -> SquareSet {
        if self.is_over() {
            SquareSet::EMPTY
        } else {
            self.empty_squares()
        }
    }

    /// The board after the side to move puts a mark on `square`.
    ///
    /// `square` may be a [`Square`], a keypad digit such as `5`, or text such as `"b3"`.
    ///
    /// ```
    /// use magic_tictactoe::{Board, MoveError};
    ///
    /// let board = Board::new().try_play(5)?;
    /// let error = board.try_play(5).unwrap_err();
    /// assert_eq!(error.to_string(), "square 5 is taken: X is already there");
    /// assert!(board.try_play(0).is_err());
    /// # Ok::<(), MoveError>(())
    /// ```
    pub fn try_play(self, square: impl IntoSquare) -> Result<Board, MoveError> {
        let square = square.into_square()?;
        if let Some(by) = self.get(square) {
            return Err(MoveError::SquareTaken { square, by });
        }
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        Ok(self.play_unchecked(square))
    }

    /// The board after the side to move puts a mark on `square`.
    ///
    /// # Panics
    ///
    /// Panics if `square` is taken or the game is over. Use [`Board::try_play`] on anything a
    /// person typed; notebooks and the terminal game never call this.
    pub fn play(self, square: Square) -> Board {
        match self.try_play(square) {
            Ok(board) => board,
            Err(error) => panic!("cannot play square {square} on {self}: {error}"),
        }
    }

    /// Caller guarantees that `square` is free and the game is in play.
    pub(crate) fn play_unchecked(self, square: Square) -> Board {
        match self.turn() {
            Player::X => Board {
                x: self.x.with(square),
                o: self.o,
            },
            Player::O => Board {
                x: self.x,
                o: self.o.with(square),
            },
        }
    }

    /// The boards one move from this one, with the move that leads to each.
    pub fn children(self) -> impl Iterator<Item = (Square, Board)> {
        self.legal_moves()
            .into_iter()
            .map(move |square| (square, self.play_unchecked(square)))
    }

    /// The value of the position for the side to move under perfect play, read from the
    /// solved table (built on first use, in well under a millisecond).
    pub fn value(self) -> Value {
        solver::Table::shared().value(self)
    }

    /// The moves that keep the best value for the side to move; empty once the game is over.
    pub fn best_moves(self) -> SquareSet {
        solver::Table::shared().best_moves(self)
    }

    /// Every legal move with its value for the side to move.
    pub fn analysis(self) -> Analysis {
        Analysis::new(self)
    }
}

/// `TERNARY[bits]` is the sum of `3^i` over the set bits `i` of `bits`.
const TERNARY: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut bits = 0;
    while bits < 512 {
        let (mut i, mut power, mut sum) = (0, 1u16, 0u16);
        while i < 9 {
            if bits & (1 << i) != 0 {
                sum += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = sum;
        bits += 1;
    }
    table
};

fn cell_char(board: Board, square: Square) -> char {
    board.get(square).map_or('.', Player::mark)
}

impl fmt::Display for Board {
    /// `X.O/.X./..O`; with `{:#}`, three lines of marks separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for square in Square::ALL {
            if square.column() == 0 && square.row() > 0 {
                f.write_str(if f.alternate() { "\n" } else { "/" })?;
            } else if square.column() > 0 && f.alternate() {
                f.write_str(" ")?;
            }
            write!(f, "{}", cell_char(*self, square))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\"{self}\")")
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Reads `X.O/.X./..O`, or the nine squares without slashes; `x` and `o` may be lowercase
    /// and `-` or `_` may stand for an empty square. Space around the text is ignored.
    fn from_str(s: &str) -> Result<Board, BoardError> {
        let text = s.trim();
        let cells: Vec<char> = if text.contains('/') {
            let rows: Vec<&str> = text.split('/').collect();
            if rows.len() != 3 {
                return Err(BoardError::WrongRowCount { found: rows.len() });
            }
            for (i, row) in rows.iter().enumerate() {
                let found = row.chars().count();
                if found != 3 {
                    return Err(BoardError::WrongRowLength { row: i + 1, found });
                }
            }
            rows.concat().chars().collect()
        } else {
            text.chars().collect()
        };
        if let Some(&c) = cells
            .iter()
            .find(|&&c| !matches!(c, 'X' | 'x' | 'O' | 'o' | '.' | '-' | '_'))
        {
            return Err(BoardError::UnknownCharacter(c));
        }
        if cells.len() != 9 {
            return Err(BoardError::WrongLength { found: cells.len() });
        }
        let (mut x, mut o) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for (square, c) in Square::ALL.into_iter().zip(cells) {
            match Player::from_mark(c) {
                Some(Player::X) => x.insert(square),
                Some(Player::O) => o.insert(square),
                None => {}
            }
        }
        Board::from_squares(x, o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_broken_rule() {
        let cases = [
            ("XX", BoardError::WrongLength { found: 2 }),
            ("XXXXXXXXXX", BoardError::WrongLength { found: 10 }),
            (
                "XO/.../...",
                BoardError::WrongRowLength { row: 1, found: 2 },
            ),
            ("X../...", BoardError::WrongRowCount { found: 2 }),
            ("X.Z/.../...", BoardError::UnknownCharacter('Z')),
            ("O........", BoardError::OHasMoreMarks),
            ("XX.......", BoardError::XTooFarAhead),
            ("XXX/OOO/...", BoardError::BothHaveLines),
            (
                "XXX/OO./..O",
                BoardError::MoveAfterWin { winner: Player::X },
            ),
            (
                "OOO/XX./X.X",
                BoardError::MoveAfterWin { winner: Player::O },
            ),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<Board>(), Err(error), "{text}");
        }
        assert_eq!(
            "O........".parse::<Board>().unwrap_err().to_string(),
            "O has more marks than X, but X moves first"
        );
    }

    #[test]
    fn accepted_spellings() {
        let board: Board = "X.O/.X./..O".parse().unwrap();
        for text in ["x.o.x...o", "X-O-X---O", "X_O/_X_/__O", "  X.O/.X./..O\n"] {
            assert_eq!(text.parse::<Board>(), Ok(board), "{text}");
        }
    }

    #[test]
    fn playing_on_a_finished_game_is_refused() {
        let won: Board = "XXX/OO./...".parse().unwrap();
        assert_eq!(won.try_play(9), Err(MoveError::GameOver));
        assert_eq!(won.legal_moves(), SquareSet::EMPTY);
        assert_eq!(won.to_move(), None);
    }

    #[test]
    fn codes_round_trip() {
        let board: Board = "X.O/.X./..O".parse().unwrap();
        assert_eq!(Board::from_code(board.code()), Ok(board));
        assert_eq!(Board::EMPTY.code(), 0);
        assert_eq!(
            Board::from_code(19_683),
            Err(BoardError::CodeOutOfRange(19_683))
        );
        assert_eq!(
            Board::from_code(u16::MAX).unwrap_err().to_string(),
            "there is no board with code 65535: codes run from 0 to 19682"
        );
        // 19,682 is nine O's: a code of nine squares, but no game reaches it.
        assert_eq!(Board::from_code(19_682), Err(BoardError::OHasMoreMarks));
    }
}
