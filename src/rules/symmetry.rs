//! The eight symmetries of the square: four rotations and four reflections.

use std::fmt;

use super::{Board, Player, Square, SquareSet};

/// A way to turn or flip the board that leaves it a tic-tac-toe board. Positions that are
/// turns or flips of one another play the same.
///
/// ```
/// use magic_tictactoe::{Board, Square, Symmetry};
///
/// assert_eq!(Symmetry::Rotate90.apply(Square::TopLeft), Square::TopRight);
/// let corner: Board = "X../.../...".parse()?;
/// let other: Board = "..X/.../...".parse()?;
/// assert_eq!(corner.canonical(), other.canonical());
/// # Ok::<(), magic_tictactoe::ParseBoardError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leave the board as it is.
    Identity,
    /// Turn a quarter clockwise.
    Rotate90,
    /// Turn half way round.
    Rotate180,
    /// Turn three quarters clockwise (a quarter anticlockwise).
    Rotate270,
    /// Swap left and right.
    MirrorLeftRight,
    /// Swap top and bottom.
    MirrorTopBottom,
    /// Flip over the diagonal from top left to bottom right.
    MirrorMainDiagonal,
    /// Flip over the diagonal from top right to bottom left.
    MirrorAntiDiagonal,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::MirrorMainDiagonal,
        Symmetry::MirrorAntiDiagonal,
    ];

    /// Where `square` goes.
    pub const fn apply(self, square: Square) -> Square {
        let (r, c) = (square.row(), square.column());
        let (row, column) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, 2 - r),
            Symmetry::Rotate180 => (2 - r, 2 - c),
            Symmetry::Rotate270 => (2 - c, r),
            Symmetry::MirrorLeftRight => (r, 2 - c),
            Symmetry::MirrorTopBottom => (2 - r, c),
            Symmetry::MirrorMainDiagonal => (c, r),
            Symmetry::MirrorAntiDiagonal => (2 - c, 2 - r),
        };
        Square::ALL[row * 3 + column]
    }

    /// Where every square of `set` goes.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn apply_to_set(self, set: SquareSet) -> SquareSet {
        set.iter().map(|square| self.apply(square)).collect()
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// A plain-words name: `"turn a quarter clockwise"` ...
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "leave as it is",
            Symmetry::Rotate90 => "turn a quarter clockwise",
            Symmetry::Rotate180 => "turn half way round",
            Symmetry::Rotate270 => "turn a quarter anticlockwise",
            Symmetry::MirrorLeftRight => "swap left and right",
            Symmetry::MirrorTopBottom => "swap top and bottom",
            Symmetry::MirrorMainDiagonal => "flip over the 1-5-9 diagonal",
            Symmetry::MirrorAntiDiagonal => "flip over the 3-5-7 diagonal",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Board {
    /// The board turned or flipped by `symmetry`. It is as legal as this one.
    pub fn transformed(self, symmetry: Symmetry) -> Board {
        // A symmetry moves lines onto lines and keeps the counts, so the rules still hold.
        Board::from_squares_unchecked(
            symmetry.apply_to_set(self.squares(Player::X)),
            symmetry.apply_to_set(self.squares(Player::O)),
        )
    }

    /// The representative of this board's family of turns and flips: the one of the eight
    /// with the smallest [code](Board::code). Two boards play the same exactly when their
    /// canonical forms are equal.
    pub fn canonical(self) -> Board {
        self.canonical_with_symmetry().0
    }

    /// The canonical form (see [`Board::canonical`]) and the symmetry that turns this board
    /// into it. Apply the symmetry's [inverse](Symmetry::inverse) to a square of the canonical
    /// board to find the same square on this one.
    ///
    /// ```
    /// use magic_tictactoe::{Board, Square};
    ///
    /// let board: Board = "..X/.../...".parse()?;
    /// let (canonical, symmetry) = board.canonical_with_symmetry();
    /// assert_eq!(canonical.transformed(symmetry.inverse()), board);
    /// assert_eq!(symmetry.apply(Square::TopRight), canonical.squares(magic_tictactoe::Player::X).first().unwrap());
    /// # Ok::<(), magic_tictactoe::ParseBoardError>(())
    /// ```
    pub fn canonical_with_symmetry(self) -> (Board, Symmetry) {
        let mut best = (self, Symmetry::Identity);
        for symmetry in Symmetry::ALL {
            let image = self.transformed(symmetry);
            if image.code() < best.0.code() {
                best = (image, symmetry);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_symmetry_is_a_permutation_that_keeps_lines() {
        for symmetry in Symmetry::ALL {
            let image: SquareSet = Square::ALL.into_iter().map(|s| symmetry.apply(s)).collect();
            assert_eq!(image, SquareSet::from_bits(0x1ff), "{symmetry:?}");
            for square in Square::ALL {
                assert_eq!(symmetry.inverse().apply(symmetry.apply(square)), square);
            }
            for line in super::super::magic::lines() {
                let moved = line.squares().map(|s| symmetry.apply(s));
                assert!(
                    super::super::Line::from_squares(moved).is_some(),
                    "{symmetry:?} {line}"
                );
            }
        }
    }

    #[test]
    fn the_eight_are_different() {
        let images: std::collections::HashSet<[Square; 9]> = Symmetry::ALL
            .into_iter()
            .map(|symmetry| Square::ALL.map(|s| symmetry.apply(s)))
            .collect();
        assert_eq!(images.len(), 8);
    }
}
