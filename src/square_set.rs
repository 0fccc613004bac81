//! A set of squares, stored as nine bits.

use std::fmt;

use crate::Square;

/// A set of squares: the squares one player holds, the free squares, the best moves.
///
/// ```
/// use magic_tictactoe::{Square, SquareSet};
///
/// let set: SquareSet = [Square::TopLeft, Square::Centre].into_iter().collect();
/// assert!(set.contains(Square::Centre));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "{1, 5}");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SquareSet(u16);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All nine squares.
    pub const FULL: SquareSet = SquareSet(0x1ff);

    /// The set whose bit `i` (0 to 8) stands for `Square::ALL[i]`; bits above 8 are ignored.
    pub const fn from_bits(bits: u16) -> SquareSet {
        SquareSet(bits & 0x1ff)
    }

    /// The nine bits, bit `i` for `Square::ALL[i]`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `square`.
    pub const fn from_square(square: Square) -> SquareSet {
        SquareSet(1 << square.index())
    }

    /// Whether `square` is in the set.
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// The set with `square` added.
    #[must_use]
    pub const fn with(self, square: Square) -> SquareSet {
        SquareSet(self.0 | (1 << square.index()))
    }

    /// The set with `square` removed.
    #[must_use]
    pub const fn without(self, square: Square) -> SquareSet {
        SquareSet(self.0 & !(1 << square.index()))
    }

    /// Adds `square`.
    pub fn insert(&mut self, square: Square) {
        *self = self.with(square);
    }

    /// Removes `square`.
    pub fn remove(&mut self, square: Square) {
        *self = self.without(square);
    }

    /// How many squares are in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no squares.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in both sets.
    #[must_use]
    pub const fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// The squares in either set.
    #[must_use]
    pub const fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    /// The squares not in this set.
    #[must_use]
    pub const fn complement(self) -> SquareSet {
        SquareSet(!self.0 & 0x1ff)
    }

    /// The first square in keypad order, if any.
    pub fn first(self) -> Option<Square> {
        self.iter().next()
    }

    /// The squares in keypad order.
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

/// The squares of a [`SquareSet`], in keypad order.
#[derive(Debug, Clone)]
pub struct SquareSetIter(u16);

impl Iterator for SquareSetIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Square::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

impl From<Square> for SquareSet {
    fn from(square: Square) -> SquareSet {
        SquareSet::from_square(square)
    }
}

impl fmt::Display for SquareSet {
    /// The keypad digits in braces: `{1, 5, 9}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, square) in self.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{square}")?;
        }
        write!(f, "}}")
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SquareSet{self}")
    }
}
