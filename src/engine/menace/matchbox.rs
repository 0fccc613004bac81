//! MENACE's matchboxes: the beads a box starts with and how a game changes them, one box of a
//! position and its beads, and a bead drawn from a box.

use std::fmt;

use crate::rules::{Board, IntoSquare, Square, SquareSet, Symmetry};

/// The numbers of the matchboxes: the beads a new box starts with, and how many beads a win, a
/// draw and a loss add or take away. Michie's are the [default](Settings::MICHIE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Settings {
    /// Beads of each colour in a new box, for MENACE's first, second, third and fourth move
    /// (plies 0, 2, 4 and 6). Its fifth move has one free square and needs no box.
    pub beads: [u32; 4],
    /// Beads of the drawn colour added to each box used, after a win.
    pub win: u32,
    /// Beads added after a draw.
    pub draw: u32,
    /// Beads of the drawn colour taken away after a loss.
    pub loss: u32,
}

impl Settings {
    /// Michie's numbers: 4, 3, 2 and 1 beads of each colour; +3 for a win, +1 for a draw, the
    /// drawn bead taken away for a loss.
    pub const MICHIE: Settings = Settings {
        beads: [4, 3, 2, 1],
        win: 3,
        draw: 1,
        loss: 1,
    };

    /// Beads of each colour in a new box for a position after `moves_made` moves.
    pub(crate) fn starting_beads(self, moves_made: usize) -> u32 {
        self.beads[(moves_made / 2).min(3)]
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::MICHIE
    }
}

/// One matchbox: a position (the representative of its turns and flips) and the beads for each
/// move from it.
///
/// ```
/// use magic_tictactoe::engine::menace::{MatchBox, Settings};
/// use magic_tictactoe::{Board, Square};
///
/// let first = MatchBox::new(Board::new(), Settings::MICHIE);
/// // A corner, an edge and the centre: every other square is a turn or flip of one of them.
/// assert_eq!(first.squares().len(), 3);
/// assert_eq!(first.beads(Square::Centre), 4);
/// assert_eq!(first.total(), 12);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MatchBox {
    pub(super) board: Board,
    pub(super) colours: SquareSet,
    pub(super) beads: [u32; 9],
}

impl MatchBox {
    /// A new box for `board` (turned to its [canonical](Board::canonical) form) with the
    /// starting beads `settings` give for its move number.
    pub fn new(board: Board, settings: Settings) -> MatchBox {
        let board = board.canonical();
        let colours = distinct_moves(board);
        let mut beads = [0; 9];
        for square in colours {
            beads[square.index()] = settings.starting_beads(board.moves_made());
        }
        MatchBox {
            board,
            colours,
            beads,
        }
    }

    /// The position on the box's lid, in its canonical form.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The squares that have a colour of bead: one of each set of moves that are turns or flips
    /// of one another.
    pub fn squares(&self) -> SquareSet {
        self.colours
    }

    /// Beads for `square` (a [`Square`] or keypad digit): 0 for a square with no colour.
    pub fn beads(&self, square: impl IntoSquare) -> u32 {
        square
            .into_square()
            .map_or(0, |square| self.beads[square.index()])
    }

    /// Beads in the box.
    pub fn total(&self) -> u64 {
        self.beads.iter().map(|&n| u64::from(n)).sum()
    }

    /// Whether the box has no beads left, so that MENACE resigns here.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// The share of the beads that are `square`'s colour, from 0 to 1 (0 for an empty box).
    pub fn share(&self, square: impl IntoSquare) -> f64 {
        let total = self.total();
        if total == 0 {
            return 0.0;
        }
        self.beads(square) as f64 / total as f64
    }

    /// The colour with the most beads (the first in keypad order on a tie), or `None` when the
    /// box is empty.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn favourite(&self) -> Option<Square> {
        let most = self.colours.iter().map(|s| self.beads[s.index()]).max()?;
        (most > 0)
            .then(|| self.colours.iter().find(|s| self.beads[s.index()] == most))
            .flatten()
    }

    /// A bead drawn at random, each bead as likely as any other; `None` when the box is empty.
    pub(super) fn draw(&self, rng: &mut fastrand::Rng) -> Option<Square> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let mut bead = rng.u64(..total);
        for square in self.colours {
            let here = u64::from(self.beads[square.index()]);
            if bead < here {
                return Some(square);
            }
            bead -= here;
        }
        debug_assert!(false, "a bead below the total lies in some colour");
        None
    }

    pub(super) fn add(&mut self, square: Square, beads: u32) {
        let count = &mut self.beads[square.index()];
        *count = count.saturating_add(beads);
    }

    pub(super) fn take(&mut self, square: Square, beads: u32) {
        let count = &mut self.beads[square.index()];
        *count = count.saturating_sub(beads);
    }
}

impl fmt::Display for MatchBox {
    /// The position and the beads of each colour: `.../.../... : 1 has 4, 2 has 4, 5 has 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} :", self.board)?;
        for (i, square) in self.colours.iter().enumerate() {
            let comma = if i == 0 { "" } else { "," };
            write!(f, "{comma} {square} has {}", self.beads[square.index()])?;
        }
        Ok(())
    }
}

/// The free squares of `board` that differ up to the symmetries that leave it as it is: of each
/// set of squares the position's own turns and flips swap, the first in keypad order.
fn distinct_moves(board: Board) -> SquareSet {
    let keeps: Vec<Symmetry> = Symmetry::ALL
        .into_iter()
        .filter(|&symmetry| board.transformed(symmetry) == board)
        .collect();
    board
        .legal_moves()
        .iter()
        .filter(|&square| {
            keeps
                .iter()
                .all(|symmetry| symmetry.apply(square).index() >= square.index())
        })
        .collect()
}

/// One of MENACE's moves in a game: the box it drew from and the bead.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DrawnBead {
    /// The position as it stood on the board.
    pub board: Board,
    /// The box, as it was before the game changed it. Its position is `board` turned by
    /// `symmetry`.
    pub matchbox: MatchBox,
    /// The turn or flip that takes `board` to the box's position.
    pub symmetry: Symmetry,
    /// The colour of the bead drawn: a square of the box's position.
    pub bead: Square,
    /// The square played on the board: the bead's square turned back.
    pub square: Square,
    /// Beads of that colour after the game.
    pub beads_after: u32,
}
