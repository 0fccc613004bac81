//! The two players, X and O.

use super::text::debug_as_sentence;
use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// One of the two players. X always makes the first move.
///
/// `!player` is the other side:
///
/// ```
/// use magic_tictactoe::Player;
///
/// assert_eq!(!Player::X, Player::O);
/// assert_eq!("o".parse(), Ok(Player::O));
/// assert_eq!(Player::X.to_string(), "X");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    /// The player who moves first.
    X,
    /// The player who moves second.
    O,
}

impl Player {
    /// Both players, X first.
    pub const ALL: [Player; 2] = [Player::X, Player::O];

    /// The player's mark as a character: `'X'` or `'O'`.
    pub const fn mark(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }

    /// The player whose mark is `c` (`X`, `x`, `O` or `o`), if any.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub const fn from_mark(c: char) -> Option<Player> {
        match c {
            'X' | 'x' => Some(Player::X),
            'O' | 'o' => Some(Player::O),
            _ => None,
        }
    }
}

impl Not for Player {
    type Output = Player;

    #[inline]
    fn not(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mark())
    }
}

/// The error returned when text does not name a player.
#[derive(Clone, PartialEq, Eq)]
pub struct ParsePlayerError {
    text: String,
}

impl fmt::Display for ParsePlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a player: use X or O", self.text)
    }
}

impl std::error::Error for ParsePlayerError {}

impl FromStr for Player {
    type Err = ParsePlayerError;

    /// Reads `X` or `O`, in either case, with space around it allowed.
    ///
    /// # Errors
    ///
    /// [`ParsePlayerError`] when the text is anything else.
    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        let mut chars = s.trim().chars();
        match (chars.next().and_then(Player::from_mark), chars.next()) {
            (Some(player), None) => Ok(player),
            _ => Err(ParsePlayerError {
                text: super::text::quoted(s),
            }),
        }
    }
}

debug_as_sentence!(ParsePlayerError);
