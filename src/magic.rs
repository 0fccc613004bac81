//! The magic square: the crate's central idea.
//!
//! Number the squares with the Lo Shu magic square,
//!
//! ```text
//! 8 3 4
//! 1 5 9
//! 6 7 2
//! ```
//!
//! and every row, column and diagonal adds up to 15. Better still, the eight lines are the
//! *only* ways to pick three different numbers from 1 to 9 that add up to 15. So "a player has
//! three in a row" is the same as "a player holds three squares whose numbers sum to 15", and
//! the crate needs no table of lines: it finds wins by adding numbers.
//!
//! ```
//! use magic_tictactoe::{magic, Square, SquareSet};
//!
//! // 84 ways to choose three numbers from 1 to 9; 8 of them sum to 15.
//! assert_eq!(magic::triples().count(), 84);
//! assert_eq!(magic::magic_triples().len(), 8);
//!
//! // X holds the top-left corner (8), the centre (5) and the bottom-right corner (2).
//! let x: SquareSet = [Square::TopLeft, Square::Centre, Square::BottomRight].into_iter().collect();
//! assert!(magic::has_won(x));
//!
//! // Holding 8 and 5, the winning square is the one numbered 15 - (8 + 5) = 2.
//! let pair: SquareSet = [Square::TopLeft, Square::Centre].into_iter().collect();
//! let winning = magic::winning_squares(pair, SquareSet::FULL.intersection(pair.complement()));
//! assert_eq!(winning.first(), Some(Square::BottomRight));
//! ```

use std::sync::OnceLock;

use itertools::Itertools;

pub use crate::pictures::Triples;
use crate::{Line, Square, SquareSet};

/// The Lo Shu magic square, row by row: the magic number of each square in keypad order.
pub const LO_SHU: [u8; 9] = [8, 3, 4, 1, 5, 9, 6, 7, 2];

/// What every row, column and diagonal of the magic square adds up to.
pub const MAGIC_SUM: u8 = 15;

/// Every way to choose three different numbers from 1 to 9, smallest first: 84 triples.
pub fn triples() -> impl Iterator<Item = [u8; 3]> {
    (1..=9u8).array_combinations::<3>()
}

/// The triples of numbers 1 to 9 that sum to 15. There are exactly eight, one for each line.
pub fn magic_triples() -> Vec<[u8; 3]> {
    triples()
        .filter(|triple| triple.iter().sum::<u8>() == MAGIC_SUM)
        .collect()
}

/// The eight lines of the board, found from the magic triples.
pub fn lines() -> Vec<Line> {
    magic_triples()
        .into_iter()
        .filter_map(Line::from_magic_numbers)
        .collect()
}

/// The first three of `squares` whose magic numbers sum to 15, if there are three such.
///
/// This is the win test: a player has won when it finds a line among their squares.
pub fn winning_line(squares: SquareSet) -> Option<Line> {
    if squares.len() < 3 {
        return None;
    }
    squares
        .iter()
        .array_combinations::<3>()
        .find(sums_to_15)
        .map(Line::new_unchecked)
}

/// Whether three of `squares` have magic numbers that sum to 15: a line of three.
///
/// A player holds one of only 512 possible sets of squares, so the answer for each set is
/// worked out once, with [`winning_line`], the first time any win test runs, and kept in a
/// 64-byte bitmap. After that a win test is one load, which is what lets the plain minimax
/// search visit its 549,946 positions in a few milliseconds.
pub fn has_won(squares: SquareSet) -> bool {
    let bits = usize::from(squares.bits());
    winning_sets()[bits / 64] & (1 << (bits % 64)) != 0
}

/// Bit `s` is set when the set of squares with bits `s` holds a line, by the magic-sum test.
fn winning_sets() -> &'static [u64; 8] {
    static WINNING: OnceLock<[u64; 8]> = OnceLock::new();
    WINNING.get_or_init(|| {
        let mut sets = [0u64; 8];
        for bits in 0..512u16 {
            if winning_line(SquareSet::from_bits(bits)).is_some() {
                sets[usize::from(bits) / 64] |= 1 << (bits % 64);
            }
        }
        sets
    })
}

/// The "pairs" test for a winning move: for every two squares `a` and `b` the player holds,
/// the free square whose magic number is `15 - (a + b)`, if that square exists and is free.
///
/// The result is every square where the player would complete a line. Used for the other
/// player's squares, it is every square that must be blocked.
pub fn winning_squares(held: SquareSet, free: SquareSet) -> SquareSet {
    if held.len() < 2 {
        return SquareSet::EMPTY;
    }
    held.iter()
        .array_combinations::<2>()
        .filter_map(|[a, b]| {
            let wanted = MAGIC_SUM.checked_sub(a.magic_number() + b.magic_number())?;
            Square::from_magic_number(wanted)
        })
        .filter(|&square| free.contains(square))
        .collect()
}

fn sums_to_15(squares: &[Square; 3]) -> bool {
    squares
        .iter()
        .map(|square| square.magic_number())
        .sum::<u8>()
        == MAGIC_SUM
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lo_shu_is_a_permutation_of_one_to_nine() {
        let mut sorted = LO_SHU;
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn the_centre_holds_five() {
        assert_eq!(Square::Centre.magic_number(), 5);
    }

    #[test]
    fn pairs_test_never_offers_a_held_or_taken_square() {
        let held: SquareSet = [Square::TopLeft, Square::Top].into_iter().collect();
        // 8 + 3 = 11, so the winning number is 4: the top-right corner.
        assert_eq!(
            winning_squares(held, held.complement()),
            SquareSet::from_square(Square::TopRight)
        );
        assert_eq!(winning_squares(held, SquareSet::EMPTY), SquareSet::EMPTY);
        // 8 + 9 = 17: no number completes the pair.
        let far: SquareSet = [Square::TopLeft, Square::Right].into_iter().collect();
        assert_eq!(winning_squares(far, far.complement()), SquareSet::EMPTY);
    }
}

/// One pair of squares a player holds, and what the "15 - (a + b)" test says about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pair {
    /// Whose squares.
    pub player: crate::Player,
    /// The two squares, in keypad order.
    pub squares: [Square; 2],
    /// The number that would complete a line: `15 - (a + b)`, if it is from 1 to 9 and
    /// different from both.
    pub needed: Option<u8>,
    /// The square that carries `needed`, and whether it is free (a win there, or a block).
    pub completes_at: Option<(Square, bool)>,
}

/// The sums that matter on a board: every pair each player holds, with the number that would
/// complete it. A pair whose number is on a free square is a threat.
///
/// ```
/// use magic_tictactoe::{magic::Sums, Board, Square};
///
/// let board: Board = "XX./O../...".parse()?;
/// let sums = Sums::new(board);
/// assert_eq!(sums.threats(magic_tictactoe::Player::X), vec![Square::TopRight]);
/// # Ok::<(), magic_tictactoe::BoardError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sums {
    board: crate::Board,
    pairs: Vec<Pair>,
}

impl Sums {
    /// Works out every pair on `board`.
    pub fn new(board: crate::Board) -> Sums {
        let free = board.empty_squares();
        let mut pairs = Vec::new();
        for player in crate::Player::ALL {
            for [a, b] in board.squares(player).iter().array_combinations::<2>() {
                let needed = MAGIC_SUM
                    .checked_sub(a.magic_number() + b.magic_number())
                    .filter(|n| {
                        (1..=9).contains(n) && *n != a.magic_number() && *n != b.magic_number()
                    });
                let completes_at = needed
                    .and_then(Square::from_magic_number)
                    .map(|square| (square, free.contains(square)));
                pairs.push(Pair {
                    player,
                    squares: [a, b],
                    needed,
                    completes_at,
                });
            }
        }
        Sums { board, pairs }
    }

    /// The board.
    pub fn board(&self) -> crate::Board {
        self.board
    }

    /// Every pair of both players, X's first.
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    /// The free squares where `player` would complete a line.
    pub fn threats(&self, player: crate::Player) -> Vec<Square> {
        let mut squares: Vec<Square> = self
            .pairs
            .iter()
            .filter(|pair| pair.player == player)
            .filter_map(|pair| pair.completes_at)
            .filter(|&(_, free)| free)
            .map(|(square, _)| square)
            .collect();
        squares.sort_unstable();
        squares.dedup();
        squares
    }
}

impl std::fmt::Display for Sums {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#}", self.board)?;
        for pair in &self.pairs {
            write!(f, "\n{}", pair_sentence(pair, self.board))?;
        }
        Ok(())
    }
}

/// `X holds 8 and 3: 8 + 3 = 11, needs 4: square 3 is free, a line is one move away`.
pub(crate) fn pair_sentence(pair: &Pair, board: crate::Board) -> String {
    let [a, b] = pair.squares.map(Square::magic_number);
    let start = format!("{} holds {a} and {b}: {a} + {b} = {}", pair.player, a + b);
    match (pair.needed, pair.completes_at) {
        (Some(n), Some((square, true))) if board.is_over() => {
            format!("{start}, needs {n}: square {square} is free, but the game is over")
        }
        (Some(n), Some((square, true))) => {
            format!("{start}, needs {n}: square {square} is free, a line is one move away")
        }
        (Some(n), Some((square, false))) if board.get(square) == Some(pair.player) => {
            format!(
                "{start}, needs {n}: square {square} is {}'s too, three in a line",
                pair.player
            )
        }
        (Some(n), Some((square, false))) => {
            format!(
                "{start}, needs {n}: square {square} is taken by {}",
                !pair.player
            )
        }
        _ => format!("{start}, so no number from 1 to 9 completes it"),
    }
}
