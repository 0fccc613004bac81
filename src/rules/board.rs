//! The board: always a position of a real game, with the errors that say why text or a grid
//! is not one.

use std::cell::Cell;
use std::fmt;
use std::str::FromStr;

use super::square::{IntoSquare, SquareError};
use super::text::debug_as_sentence;
use super::{Ending, Line, Player, Square, SquareSet, magic};

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
    /// The empty board, X to move (`Board::new()` says it).
    #[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
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
    /// ```
    /// use magic_tictactoe::{Board, BoardError, Square, SquareSet};
    ///
    /// let o = SquareSet::from_square(Square::Centre);
    /// assert_eq!(Board::from_squares(SquareSet::EMPTY, o), Err(BoardError::OHasMoreMarks));
    /// ```
    ///
    /// # Errors
    ///
    /// A [`BoardError`] that names the rule of the game the grid breaks.
    pub const fn from_squares(x: SquareSet, o: SquareSet) -> Result<Board, BoardError> {
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

    /// The board whose squares the caller knows to be a legal position (a turn or flip of
    /// one, say): checked only in debug builds.
    pub(crate) fn from_squares_unchecked(x: SquareSet, o: SquareSet) -> Board {
        debug_assert!(Board::from_squares(x, o).is_ok(), "{x} / {o} is not legal");
        Board { x, o }
    }

    /// The board with base-3 code `code` (see [`Board::code`]).
    ///
    /// # Errors
    ///
    /// [`BoardError::NoSuchCode`] above 19,682, the largest code of nine squares, and the rule
    /// a grid breaks when its code is not a position of a real game.
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
            return Err(BoardError::NoSuchCode(code));
        }
        Board::from_squares(x, o)
    }

    /// A number from 0 to 19,682 that identifies the board: square `i` (0 to 8 in keypad
    /// order) counts `3^i` times 0 when empty, 1 for X, 2 for O.
    #[inline]
    pub const fn code(self) -> u16 {
        TERNARY[self.x.bits() as usize] + 2 * TERNARY[self.o.bits() as usize]
    }

    /// The squares `player` holds.
    #[inline]
    pub const fn squares(self, player: Player) -> SquareSet {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// The mark on `square`, if any.
    #[inline]
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
    #[inline]
    pub const fn empty_squares(self) -> SquareSet {
        self.x.union(self.o).complement()
    }

    /// How many moves have been made: the number of marks on the board.
    #[inline]
    pub const fn moves_made(self) -> usize {
        self.x.len() + self.o.len()
    }

    /// Whose turn it would be by counting marks (X when the counts are level), whether or not
    /// the game is over.
    #[inline]
    pub const fn turn(self) -> Player {
        // Players alternate, so X moves when the number of marks is even.
        if self.x.union(self.o).len().is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        }
    }

    /// The side to move, or `None` when the game is over.
    #[inline]
    pub const fn to_move(self) -> Option<Player> {
        if self.is_over() {
            None
        } else {
            Some(self.turn())
        }
    }

    /// How the game ended (won, or drawn), or `None` while it is in play; the line a win was
    /// made along is [`Board::winning_line`].
    ///
    /// ```
    /// use magic_tictactoe::{Board, Ending, Player};
    ///
    /// let board: Board = "XXX/OO./...".parse()?;
    /// assert_eq!(board.outcome(), Some(Ending::Won(Player::X)));
    /// assert_eq!(board.winning_line().map(|line| line.to_string()), Some("1-2-3".to_owned()));
    /// assert_eq!(Board::new().outcome(), None);
    /// # Ok::<(), magic_tictactoe::ParseBoardError>(())
    /// ```
    pub const fn outcome(self) -> Option<Ending> {
        match self.winner() {
            Some(winner) => Some(Ending::Won(winner)),
            None if self.x.union(self.o).bits() == 0x1ff => Some(Ending::Drawn),
            None => None,
        }
    }

    /// Whether the game has ended, by a win or a draw.
    #[inline]
    pub const fn is_over(self) -> bool {
        // On a legal board only the player who moved last can have a line, so there is no
        // need to work out whose turn it is.
        magic::has_won(self.x) || magic::has_won(self.o) || self.x.union(self.o).bits() == 0x1ff
    }

    /// The winner, if the game has been won: two loads, without working out the line.
    #[inline]
    pub const fn winner(self) -> Option<Player> {
        // On a legal board at most one player has a line.
        if magic::has_won(self.x) {
            Some(Player::X)
        } else if magic::has_won(self.o) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// How the game ended in words, the line of a win named: `X won with the row 1-2-3`, `a
    /// draw`; `None` while it is in play.
    pub(crate) fn ending_words(self) -> Option<String> {
        match (self.outcome()?, self.winning_line()) {
            (Ending::Won(winner), Some(line)) => {
                Some(format!("{winner} won with the {} {line}", line.kind()))
            }
            (ending, _) => Some(ending.to_string()),
        }
    }

    /// The winning line, if the game has been won.
    pub fn winning_line(self) -> Option<Line> {
        magic::winning_line(self.squares(self.winner()?))
    }

    /// The squares the side to move may play: the free squares, or none once the game is over.
    #[inline]
    pub const fn legal_moves(self) -> SquareSet {
        if self.is_over() {
            SquareSet::EMPTY
        } else {
            self.empty_squares()
        }
    }

    /// The board after the side to move puts a mark on `square`. This board is not changed:
    /// boards are values, like numbers.
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
    ///
    /// # Errors
    ///
    /// [`MoveError::GameOver`] once the game has ended, [`MoveError::SquareTaken`] for a square
    /// with a mark on it, and [`MoveError::NoSuchSquare`] for a number or text that names no
    /// square.
    pub fn try_play(self, square: impl IntoSquare) -> Result<Board, MoveError> {
        let square = square.into_square()?;
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::GameOver(outcome));
        }
        if let Some(by) = self.get(square) {
            return Err(MoveError::SquareTaken { square, by });
        }
        count_boards_made(1);
        Ok(self.play_unchecked(square))
    }

    /// The old name of [`Board::try_play`], kept for one release so that lessons written for it
    /// still run. It returns the board after the move; a square that is taken or names no
    /// square, or a game that is over, leaves the board as it was, without a word (the old call
    /// stopped the program instead). Use [`Board::try_play`], which says why a move is refused.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use magic_tictactoe::{Board, Square};
    ///
    /// let board = Board::new().play(Square::Centre).play(1);
    /// assert_eq!(board, Board::new().try_play(5)?.try_play(1)?);
    /// assert_eq!(board.play(5), board, "a taken square changes nothing");
    /// # Ok::<(), magic_tictactoe::MoveError>(())
    /// ```
    #[deprecated(
        since = "0.1.0",
        note = "use `try_play`: it returns the board after the move, or why the move is refused"
    )]
    pub fn play(self, square: impl IntoSquare) -> Board {
        self.try_play(square).unwrap_or(self)
    }

    /// Whether `square` is free. A number or text that names no square is not free.
    ///
    /// ```
    /// use magic_tictactoe::{Board, Square};
    ///
    /// let board = Board::new().try_play(5)?;
    /// assert!(!board.is_free(Square::Centre));
    /// assert!(board.is_free(1));
    /// assert!(!board.is_free(10));
    /// # Ok::<(), magic_tictactoe::MoveError>(())
    /// ```
    pub fn is_free(self, square: impl IntoSquare) -> bool {
        square
            .into_square()
            .is_ok_and(|square| self.empty_squares().contains(square))
    }

    /// The free squares that would complete a line for `player`: where `player` wins at once
    /// if it is `player`'s move, and where the other side must block if not.
    ///
    /// ```
    /// use magic_tictactoe::{Board, Player, Square, SquareSet};
    ///
    /// let board: Board = "XX./.O./...".parse()?;
    /// assert_eq!(board.winning_moves(Player::X), SquareSet::from_square(Square::TopRight));
    /// assert!(board.winning_moves(Player::O).is_empty());
    /// # Ok::<(), magic_tictactoe::ParseBoardError>(())
    /// ```
    pub fn winning_moves(self, player: Player) -> SquareSet {
        if self.is_over() {
            return SquareSet::EMPTY;
        }
        magic::winning_squares(self.squares(player), self.empty_squares())
    }

    /// The board after the side to move marks `square`, which the caller knows to be free in
    /// a game still in play (that the square is free is checked in debug builds).
    #[inline]
    pub(crate) const fn play_unchecked(self, square: Square) -> Board {
        debug_assert!(!self.x.union(self.o).contains(square));
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

    /// The boards one move from this one, with the move that leads to each, in keypad order.
    #[inline]
    pub fn children(self) -> impl Iterator<Item = (Square, Board)> {
        self.legal_moves().into_iter().map(move |square| {
            count_boards_made(1);
            (square, self.play_unchecked(square))
        })
    }
}

thread_local! {
    /// Boards made on this thread by [`Board::children`] and [`Board::try_play`]: how a
    /// learner's own search is seen to visit positions.
    static BOARDS_MADE: Cell<u64> = const { Cell::new(0) };
}

fn count_boards_made(n: u64) {
    BOARDS_MADE.with(|made| made.set(made.get().wrapping_add(n)));
}

/// How many boards [`Board::children`] and [`Board::try_play`] have made on this thread so far.
/// The difference between two readings counts the positions a search made between them.
pub(crate) fn boards_made() -> u64 {
    BOARDS_MADE.with(Cell::get)
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
    type Err = ParseBoardError;

    /// Reads `X.O/.X./..O`, or the nine squares without slashes; `x` and `o` may be lowercase
    /// and `-` or `_` may stand for an empty square. Space around the text is ignored.
    ///
    /// # Errors
    ///
    /// A [`ParseBoardError`]: what is wrong with the text, or, for a well-written grid that no
    /// game reaches, the rule it breaks ([`ParseBoardError::Illegal`]).
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let text = s.trim();
        if let Some(c) = text
            .chars()
            .find(|&c| !matches!(c, 'X' | 'x' | 'O' | 'o' | '.' | '-' | '_' | '/'))
        {
            return Err(ParseBoardError::UnknownCharacter(c));
        }
        let rows: Vec<&str> = if text.contains('/') {
            text.split('/').collect()
        } else {
            vec![text]
        };
        if rows.len() > 1 {
            if rows.len() != 3 {
                return Err(ParseBoardError::WrongRowCount { found: rows.len() });
            }
            for (i, row) in rows.iter().enumerate() {
                let found = row.chars().count();
                if found != 3 {
                    return Err(ParseBoardError::WrongRowLength { row: i + 1, found });
                }
            }
        }
        let cells: Vec<char> = rows.concat().chars().collect();
        if cells.len() != 9 {
            return Err(ParseBoardError::WrongLength { found: cells.len() });
        }
        let (mut x, mut o) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for (square, c) in Square::ALL.into_iter().zip(cells) {
            match Player::from_mark(c) {
                Some(Player::X) => x.insert(square),
                Some(Player::O) => o.insert(square),
                None => {}
            }
        }
        Board::from_squares(x, o).map_err(ParseBoardError::Illegal)
    }
}

/// Why a grid of marks is not a position of a real game: the rule of tic-tac-toe it breaks.
#[derive(Clone, PartialEq, Eq)]
pub enum BoardError {
    /// The same square was given to both players.
    SquareHasBothMarks(Square),
    /// O has more marks than X, but X moves first.
    OHasMoreMarks,
    /// X has two or more marks more than O.
    XTooFarAhead,
    /// Both players have a line of three.
    BothHaveLines,
    /// A player kept playing after the other had won.
    MoveAfterWin {
        /// The player who had already won.
        winner: Player,
    },
    /// A number above 19,682, the largest base-3 code of nine squares.
    NoSuchCode(u16),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::SquareHasBothMarks(square) => {
                write!(f, "square {square} cannot hold both X and O")
            }
            BoardError::OHasMoreMarks => {
                write!(f, "O has more marks than X, but X moves first")
            }
            BoardError::XTooFarAhead => {
                write!(f, "X is more than one mark ahead of O: players take turns")
            }
            BoardError::BothHaveLines => write!(f, "both players have a line of three"),
            BoardError::MoveAfterWin { winner } => write!(
                f,
                "a move was made after the game was won: {winner} already had a line of three"
            ),
            BoardError::NoSuchCode(code) => write!(
                f,
                "there is no board with code {code}: codes run from 0 to 19682"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why text could not be read as a board: it is not written like one, or it is a grid that no
/// game reaches.
#[derive(Clone, PartialEq, Eq)]
pub enum ParseBoardError {
    /// The text has the wrong number of squares.
    WrongLength {
        /// How many squares were found.
        found: usize,
    },
    /// A row written between slashes does not have three squares.
    WrongRowLength {
        /// The row, counted from 1 at the top.
        row: usize,
        /// How many squares it has.
        found: usize,
    },
    /// Text with more or fewer than three rows between slashes.
    WrongRowCount {
        /// How many rows were found.
        found: usize,
    },
    /// A character that is not `X`, `O`, `.`, `-`, `_` or `/`.
    UnknownCharacter(char),
    /// Well written, but no game reaches it: the rule it breaks.
    Illegal(BoardError),
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::WrongLength { found } => {
                write!(f, "a board has 9 squares, not {found}")
            }
            ParseBoardError::WrongRowLength { row, found } => {
                write!(f, "row {row} has {found} squares, not 3")
            }
            ParseBoardError::WrongRowCount { found } => {
                write!(f, "a board has 3 rows separated by '/', not {found}")
            }
            ParseBoardError::UnknownCharacter(c) => write!(
                f,
                "unknown character {c:?}: use X, O and . (or - or _) for an empty square"
            ),
            ParseBoardError::Illegal(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ParseBoardError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseBoardError::Illegal(error) => Some(error),
            _ => None,
        }
    }
}

impl From<BoardError> for ParseBoardError {
    fn from(error: BoardError) -> ParseBoardError {
        ParseBoardError::Illegal(error)
    }
}

/// Why a move cannot be played.
#[derive(Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The game has ended: nobody may move.
    GameOver(Ending),
    /// The square already has a mark.
    SquareTaken {
        /// The square asked for.
        square: Square,
        /// Whose mark is on it.
        by: Player,
    },
    /// The square asked for does not exist.
    NoSuchSquare(SquareError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver(outcome) => write!(f, "the game is already over: {outcome}"),
            MoveError::SquareTaken { square, by } => {
                write!(f, "square {square} is taken: {by} is already there")
            }
            MoveError::NoSuchSquare(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MoveError::NoSuchSquare(error) => Some(error),
            _ => None,
        }
    }
}

impl From<SquareError> for MoveError {
    fn from(error: SquareError) -> MoveError {
        MoveError::NoSuchSquare(error)
    }
}

debug_as_sentence!(BoardError, ParseBoardError, MoveError);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_and_rule_errors_are_told_apart() {
        let cases = [
            ("XX", ParseBoardError::WrongLength { found: 2 }),
            ("XXXXXXXXXX", ParseBoardError::WrongLength { found: 10 }),
            (
                "XO/.../...",
                ParseBoardError::WrongRowLength { row: 1, found: 2 },
            ),
            ("X../...", ParseBoardError::WrongRowCount { found: 2 }),
            ("X.Z/.../...", ParseBoardError::UnknownCharacter('Z')),
            ("O........", BoardError::OHasMoreMarks.into()),
            ("XX.......", BoardError::XTooFarAhead.into()),
            ("XXX/OOO/...", BoardError::BothHaveLines.into()),
            (
                "XXX/OO./..O",
                BoardError::MoveAfterWin { winner: Player::X }.into(),
            ),
            (
                "OOO/XX./X.X",
                BoardError::MoveAfterWin { winner: Player::O }.into(),
            ),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<Board>(), Err(error), "{text}");
        }
        assert_eq!(
            "O........".parse::<Board>().unwrap_err().to_string(),
            "O has more marks than X, but X moves first"
        );
        // What a notebook cell shows for `"X0./.../...".parse::<Board>()` reads as the sentence.
        assert_eq!(
            format!("{:?}", "X0./.../...".parse::<Board>()),
            "Err(unknown character '0': use X, O and . (or - or _) for an empty square)"
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
    fn playing_on_a_finished_game_is_refused_before_looking_at_the_square() {
        let won: Board = "XXX/OO./...".parse().unwrap();
        let outcome = won.outcome().unwrap();
        assert_eq!(won.try_play(9), Err(MoveError::GameOver(outcome)));
        assert_eq!(won.try_play(1), Err(MoveError::GameOver(outcome)));
        assert_eq!(won.legal_moves(), SquareSet::EMPTY);
        assert_eq!(won.to_move(), None);
        let drawn: Board = "XOX/XOO/OXX".parse().unwrap();
        assert_eq!(
            drawn.try_play(4).unwrap_err().to_string(),
            "the game is already over: a draw"
        );
    }

    #[test]
    fn codes_round_trip() {
        let board: Board = "X.O/.X./..O".parse().unwrap();
        assert_eq!(Board::from_code(board.code()), Ok(board));
        assert_eq!(Board::EMPTY.code(), 0);
        assert_eq!(
            Board::from_code(19_683),
            Err(BoardError::NoSuchCode(19_683))
        );
        assert_eq!(
            Board::from_code(u16::MAX).unwrap_err().to_string(),
            "there is no board with code 65535: codes run from 0 to 19682"
        );
        // 19,682 is nine O's: a code of nine squares, but no game reaches it.
        assert_eq!(Board::from_code(19_682), Err(BoardError::OHasMoreMarks));
    }
}
