//! A set of squares, stored as nine bits.

use std::fmt;

use super::Square;

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
    #[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
    pub const FULL: SquareSet = SquareSet(0x1ff);

    /// The set whose bit `i` (0 to 8) stands for `Square::ALL[i]`; bits above 8 are ignored.
    #[inline]
    pub const fn from_bits(bits: u16) -> SquareSet {
        SquareSet(bits & 0x1ff)
    }

    /// The nine bits, bit `i` for `Square::ALL[i]`.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `square`.
    #[inline]
    pub const fn from_square(square: Square) -> SquareSet {
        SquareSet(1 << square.index())
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// The set with `square` added.
    #[must_use]
    #[inline]
    pub const fn with(self, square: Square) -> SquareSet {
        SquareSet(self.0 | (1 << square.index()))
    }

    /// The set with `square` removed.
    #[must_use]
    #[inline]
    pub const fn without(self, square: Square) -> SquareSet {
        SquareSet(self.0 & !(1 << square.index()))
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        *self = self.with(square);
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        *self = self.without(square);
    }

    /// How many squares are in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no squares.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in both sets.
    #[must_use]
    #[inline]
    pub const fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// The squares in either set.
    #[must_use]
    #[inline]
    pub const fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    /// The squares not in this set.
    #[must_use]
    #[inline]
    pub const fn complement(self) -> SquareSet {
        SquareSet(!self.0 & 0x1ff)
    }

    /// The first square in keypad order, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        self.nth(0)
    }

    /// The square at place `n` (counted from 0) in keypad order, if the set has that many.
    ///
    /// It clears the lowest `n` squares' bits rather than walking an iterator, so that a
    /// player choosing among its best moves at random pays only a few bit operations.
    ///
    /// ```
    /// use magic_tictactoe::{Square, SquareSet};
    ///
    /// let corners: SquareSet = Square::CORNERS.into_iter().collect();
    /// assert_eq!(corners.nth(2), Some(Square::BottomLeft));
    /// assert_eq!(corners.nth(4), None);
    /// ```
    #[inline]
    pub const fn nth(self, n: usize) -> Option<Square> {
        let mut bits = self.0;
        let mut skipped = 0;
        while skipped < n && bits != 0 {
            bits &= bits - 1;
            skipped += 1;
        }
        if bits == 0 {
            None
        } else {
            Square::from_index(bits.trailing_zeros() as usize)
        }
    }

    /// The squares in keypad order.
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

/// The squares of a [`SquareSet`], in keypad order.
#[derive(Debug, Clone)]
pub struct SquareSetIter(u16);

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Square::from_index(index)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    #[inline]
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
