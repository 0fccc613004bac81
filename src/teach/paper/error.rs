//! What a paper tree may hold, and why text or numbers do not make one.

use std::fmt;

use crate::rules::text::debug_as_sentence;

/// The most leaves a paper tree may have: 64 leaves already make a picture wider than a screen.
pub const MAX_LEAVES: usize = 64;
/// The most moves from the root to a leaf.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_TREE_DEPTH: usize = 6;
/// The most moves from one node.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_BRANCHING: usize = 8;
/// Leaf values are kept between -999 and 999, to fit in a node's box.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_LEAF_VALUE: i32 = 999;

/// Why text or numbers do not make a paper tree.
#[derive(Clone, PartialEq, Eq)]
pub enum PaperTreeError {
    /// The text is not nested lists of whole numbers; what was found, and where.
    Unreadable(String),
    /// The root is a single number: there is no move to search.
    NoMoves,
    /// A list with nothing in it: every node needs a move or a number.
    EmptyList,
    /// A leaf value outside -999 to 999.
    ValueTooBig(i64),
    /// More leaves than [`MAX_LEAVES`].
    TooManyLeaves(usize),
    /// Deeper than 6.
    TooDeep(usize),
    /// More moves from one node than 8, or fewer than 2 for a made-up tree.
    Branching(usize),
    /// A game's tree from the position asked for is too big to draw: more than
    /// [`MAX_LEAVES`] ends, or more than 6 moves deep.
    GameTooBig,
    /// A game where a player moves twice in a row: on paper the players take turns.
    TurnsDoNotAlternate,
    /// A game's position where no move is left to draw: the game is over there, or the player
    /// to move has no move.
    GameOver,
    /// The number of leaves is not a power of the branching factor.
    NotUniform {
        /// Leaves given.
        leaves: usize,
        /// Moves from each node.
        branching: usize,
    },
}

impl fmt::Display for PaperTreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PaperTreeError::Unreadable(what) => write!(
                f,
                "that is not a tree: {what}. Write lists of numbers in square brackets, such as [[3, 12, 8], [2, 4, 6]]"
            ),
            PaperTreeError::NoMoves => write!(
                f,
                "a single number is a leaf, not a tree: put the moves in square brackets, such as [3, 5]"
            ),
            PaperTreeError::EmptyList => {
                write!(
                    f,
                    "a list is empty: every move must lead to a number or a list"
                )
            }
            PaperTreeError::ValueTooBig(value) => write!(
                f,
                "the leaf {value} is too big: use numbers from -{MAX_LEAF_VALUE} to {MAX_LEAF_VALUE}"
            ),
            PaperTreeError::TooManyLeaves(leaves) => write!(
                f,
                "the tree has {leaves} leaves, more than the {MAX_LEAVES} a picture can show"
            ),
            PaperTreeError::TooDeep(depth) => write!(
                f,
                "the tree is {depth} moves deep, more than the {MAX_TREE_DEPTH} a picture can show"
            ),
            PaperTreeError::Branching(branching) => write!(
                f,
                "{branching} moves from a node: a picture shows 2 to {MAX_BRANCHING} moves from each"
            ),
            PaperTreeError::GameTooBig => write!(
                f,
                "the game's tree from this position is too big to draw: a picture shows up to {MAX_LEAVES} ends and {MAX_TREE_DEPTH} moves; start from a position nearer the end"
            ),
            PaperTreeError::TurnsDoNotAlternate => write!(
                f,
                "in this game a player moves twice in a row, and on paper the players take turns"
            ),
            PaperTreeError::GameOver => write!(
                f,
                "the game has no move left at this position, so there is no tree to draw: start from a position before the end"
            ),
            PaperTreeError::NotUniform { leaves, branching } => write!(
                f,
                "{leaves} leaves cannot fill a tree with {branching} moves from every node: give {branching}, {}, {} ... leaves",
                branching * branching,
                branching * branching * branching
            ),
        }
    }
}

impl std::error::Error for PaperTreeError {}

debug_as_sentence!(PaperTreeError);
