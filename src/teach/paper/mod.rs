//! Minimax and alpha-beta on paper: abstract game trees with numbers on the leaves, as in a
//! textbook, searched step by step.
//!
//! Max moves at the root, min at the next level, and so on; a leaf's number is how good that
//! end is for max. A tree is typed as nested lists (`[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`),
//! made from a flat list of leaves and a branching factor, or drawn at random from a seed.
//! Inner nodes are named `A`, `B`, `C` ... row by row, and the moves from a node are named
//! after it: `a1`, `a2` ... from `A`.
//!
//! ```
//! use magic_tictactoe::paper::PaperTree;
//!
//! let tree = PaperTree::textbook();
//! assert_eq!(tree.to_string(), "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
//! assert_eq!(tree.minimax_value(), 3);
//!
//! let mut search = tree.alpha_beta_steps();
//! search.finish();
//! assert_eq!(search.skipped_leaves(), 2); // after the 2 under C, C's 4 and 6 cannot matter
//! search.back();
//! assert!(!search.is_finished());
//!
//! let typed: PaperTree = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]".parse()?;
//! assert_eq!(typed, tree);
//! # Ok::<(), magic_tictactoe::paper::PaperTreeError>(())
//! ```

mod drawing;
mod error;
mod model;
mod reader;
mod stepper;

pub use super::steps::{Bound, Finding, Stepper};
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub use error::{MAX_BRANCHING, MAX_LEAF_VALUE, MAX_TREE_DEPTH};
pub use error::{MAX_LEAVES, PaperTreeError};
pub use model::PaperTree;
pub use stepper::{OrderComparison, PaperSearch};
