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
//! let winning = magic::winning_squares(pair, pair.complement());
//! assert_eq!(winning.first(), Some(Square::BottomRight));
//! ```

use itertools::Itertools;

pub use super::square::{LO_SHU, MAGIC_SUM};
use super::{Line, Square, SquareSet};

/// The test at the heart of the crate: whether three magic numbers add up to 15.
///
/// ```
/// use magic_tictactoe::magic::sums_to_15;
///
/// assert!(sums_to_15([8, 3, 4]));
/// assert!(!sums_to_15([1, 2, 3]));
/// ```
#[inline]
pub const fn sums_to_15(numbers: [u8; 3]) -> bool {
    // Widened so that no three bytes can overflow, whatever a learner passes.
    numbers[0] as u16 + numbers[1] as u16 + numbers[2] as u16 == MAGIC_SUM as u16
}

/// Every way to choose three different numbers from 1 to 9, smallest first: 84 triples.
pub fn triples() -> impl Iterator<Item = [u8; 3]> {
    (1..=9u8).array_combinations::<3>()
}

/// The triples of numbers 1 to 9 that sum to 15. There are exactly eight, one for each line.
pub fn magic_triples() -> Vec<[u8; 3]> {
    triples().filter(|&triple| sums_to_15(triple)).collect()
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
/// This is the win test as a learner would write it: try every three of a player's squares
/// (with `itertools`) and add up their numbers.
pub fn winning_line(squares: SquareSet) -> Option<Line> {
    squares
        .iter()
        .array_combinations::<3>()
        .find(|three| sums_to_15(three.map(Square::magic_number)))
        .map(Line::new_unchecked)
}

/// Whether three of `squares` have magic numbers that sum to 15: a line of three.
///
/// A player holds one of only 512 sets of squares, so the answer for every set is worked out
/// once, while the crate compiles, with the same [`sums_to_15`] test, and kept in a table of
/// 512 answers. A win test is then one load, which is what lets plain minimax visit its
/// 549,946 positions in a few milliseconds.
#[inline]
pub const fn has_won(squares: SquareSet) -> bool {
    WINNING_SETS[squares.bits() as usize]
}

/// The eight lines as bit masks (bit `i` for `Square::ALL[i]`), found by trying all 84 triples of
/// squares with [`sums_to_15`], while the crate compiles.
const LINE_MASKS: [u16; 8] = {
    let mut masks = [0u16; 8];
    let mut found = 0;
    let mut a = 0;
    while a < 9 {
        let mut b = a + 1;
        while b < 9 {
            let mut c = b + 1;
            while c < 9 {
                if sums_to_15([LO_SHU[a], LO_SHU[b], LO_SHU[c]]) {
                    masks[found] = 1 << a | 1 << b | 1 << c;
                    found += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    // The Lo Shu square has exactly eight lines; anything else is a typo in LO_SHU.
    assert!(found == 8);
    masks
};

/// Entry `s` is true when the set of squares with bits `s` holds one of the lines.
static WINNING_SETS: [bool; 512] = {
    let mut sets = [false; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut line = 0;
        while line < 8 {
            if bits as u16 & LINE_MASKS[line] == LINE_MASKS[line] {
                sets[bits] = true;
            }
            line += 1;
        }
        bits += 1;
    }
    sets
};

/// The number that completes a pair: `15 - (a + b)`, when that is a magic number (1 to 9)
/// different from both `a` and `b`.
///
/// ```
/// use magic_tictactoe::magic::completing_number;
///
/// assert_eq!(completing_number(8, 3), Some(4));
/// assert_eq!(completing_number(8, 9), None); // 8 + 9 is already more than 15
/// assert_eq!(completing_number(4, 7), None); // 15 - 11 = 4, but 4 is taken by the pair
/// ```
pub const fn completing_number(a: u8, b: u8) -> Option<u8> {
    let sum = a as u16 + b as u16;
    if sum >= MAGIC_SUM as u16 {
        return None;
    }
    let wanted = (MAGIC_SUM as u16 - sum) as u8;
    if wanted >= 1 && wanted <= 9 && wanted != a && wanted != b {
        Some(wanted)
    } else {
        None
    }
}

/// The "pairs" test for a winning move: for every two squares `a` and `b` the player holds,
/// the free square whose magic number is `15 - (a + b)`, if that square exists and is free.
///
/// The result is every square where the player would complete a line. Used for the other
/// player's squares, it is every square that must be blocked.
pub fn winning_squares(held: SquareSet, free: SquareSet) -> SquareSet {
    held.iter()
        .array_combinations::<2>()
        .filter_map(|[a, b]| completing_number(a.magic_number(), b.magic_number()))
        .filter_map(Square::from_magic_number)
        .filter(|&square| free.contains(square))
        .collect()
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
    fn the_compile_time_bitmap_agrees_with_itertools_on_all_512_sets() {
        for bits in 0..512u16 {
            let set = SquareSet::from_bits(bits);
            assert_eq!(has_won(set), winning_line(set).is_some(), "{set}");
        }
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

    #[test]
    fn completing_numbers_never_overflow() {
        for a in 0..=u8::MAX {
            for b in 0..=u8::MAX {
                if let Some(c) = completing_number(a, b) {
                    assert!((1..=9).contains(&c) && c != a && c != b);
                    assert_eq!(u16::from(a) + u16::from(b) + u16::from(c), 15);
                }
            }
        }
    }
}
