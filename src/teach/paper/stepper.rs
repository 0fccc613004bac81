//! Minimax and alpha-beta stepping through a paper tree, one node at a time, forward and back:
//! the crate's one search walks the tree, and the steps it took are replayed.

use super::model::PaperTree;
use crate::engine::search::GameTree;
use crate::engine::search::Pruning;
use crate::teach::steps::{self, Finding, Shape, Stepper};

/// A search's infinity: beyond every leaf value.
const INFINITY: i32 = 1_000_000;

/// The tree as the engine's search walks it: node numbers, scores seen by the player to move.
struct Walk<'a>(&'a PaperTree);

impl GameTree for Walk<'_> {
    type Position = usize;
    type Move = usize;
    type Score = i32;

    const LOWEST: i32 = -INFINITY;
    const HIGHEST: i32 = INFINITY;

    fn score_if_over(&self, index: usize) -> Option<i32> {
        let node = &self.0.nodes[index];
        let value = node.leaf?;
        Some(if node.depth.is_multiple_of(2) {
            value
        } else {
            -value
        })
    }

    fn moves(&self, index: usize) -> impl Iterator<Item = (usize, usize)> {
        self.0.nodes[index].children.iter().map(|&c| (c, c))
    }

    fn of_move_into(next: i32) -> i32 {
        -next
    }

    fn before_move(bound: i32) -> i32 {
        -bound
    }
}

impl PaperTree {
    /// Plain minimax over the tree, not started yet.
    pub fn minimax_steps(&self) -> PaperSearch {
        PaperSearch::of_tree(self.clone(), Pruning::None)
    }

    /// Alpha-beta over the tree, not started yet.
    pub fn alpha_beta_steps(&self) -> PaperSearch {
        PaperSearch::of_tree(self.clone(), Pruning::AlphaBeta)
    }
}

/// Minimax or alpha-beta over a paper tree, one node at a time, forward and back: the
/// [`Stepper`] over a [`PaperTree`], whose values are numbers.
///
/// It walks with [`Stepper`]'s calls, as a [`SearchTree`](crate::tree::SearchTree) does:
/// [`step`](Stepper::step), [`steps(n)`](Stepper::steps), [`back`](Stepper::back),
/// [`finish`](Stepper::finish), [`restart`](Stepper::restart); and says what it knows with
/// [`findings`](Stepper::findings), [`window(i)`](Stepper::window),
/// [`evaluated`](Stepper::evaluated) and [`skipped_leaves`](Stepper::skipped_leaves).
pub type PaperSearch = Stepper<PaperTree, i32>;

impl PaperSearch {
    fn of_tree(tree: PaperTree, algorithm: Pruning) -> PaperSearch {
        let shape = tree
            .nodes
            .iter()
            .map(|node| Shape {
                parent: node.parent,
                children: node.children.clone(),
                max: node.depth.is_multiple_of(2),
            })
            .collect();
        let recorded = steps::record(&Walk(&tree), algorithm);
        Stepper::replaying(tree, shape, algorithm, recorded)
    }

    /// The tree searched.
    pub fn tree(&self) -> &PaperTree {
        &self.tree
    }

    /// The root's value, once the search has found it.
    pub fn value(&self) -> Option<i32> {
        match self.finding(0) {
            Finding::Exact(value) => Some(value),
            _ => None,
        }
    }

    /// Leaves whose value the search has looked at so far.
    pub fn leaves_looked_at(&self) -> usize {
        self.tree
            .nodes
            .iter()
            .zip(self.findings())
            .filter(|(node, finding)| node.leaf.is_some() && finding.is_evaluated())
            .count()
    }

    /// The move max picks at the root, once the root has its value: its name, such as `a1`.
    pub fn chosen_move(&self) -> Option<String> {
        let child = self.chosen_child(|child, root| child == root)?;
        Some(self.tree.move_name(child))
    }
}

/// The same tree searched by alpha-beta in two move orders, side by side, to see why the
/// order matters.
///
/// ```
/// use magic_tictactoe::paper::{OrderComparison, PaperTree};
///
/// let tree = PaperTree::textbook();
/// let comparison = OrderComparison::best_first(&tree);
/// assert_eq!(comparison.skipped_leaves(), (2, 4));
/// ```
#[derive(Debug, Clone)]
pub struct OrderComparison {
    pub(super) searches: [(String, PaperSearch); 2],
}

impl OrderComparison {
    /// Alpha-beta over `first` and over `second`, each to the end.
    pub fn new(first: &PaperTree, second: &PaperTree) -> OrderComparison {
        OrderComparison::labelled([("The first tree", first), ("The second tree", second)])
    }

    fn labelled(trees: [(&str, &PaperTree); 2]) -> OrderComparison {
        OrderComparison {
            searches: trees.map(|(label, tree)| {
                let mut search = tree.alpha_beta_steps();
                search.finish();
                (label.to_owned(), search)
            }),
        }
    }

    /// The tree as given against the same tree with the best move first everywhere.
    pub fn best_first(tree: &PaperTree) -> OrderComparison {
        OrderComparison::labelled([("As given", tree), ("Best move first", &tree.best_first())])
    }

    /// The tree with the worst move first everywhere against the best move first.
    pub fn worst_and_best(tree: &PaperTree) -> OrderComparison {
        OrderComparison::labelled([
            ("Worst move first", &tree.worst_first()),
            ("Best move first", &tree.best_first()),
        ])
    }

    /// Leaves skipped in the first order and in the second.
    pub fn skipped_leaves(&self) -> (usize, usize) {
        let [(_, first), (_, second)] = &self.searches;
        (first.skipped_leaves(), second.skipped_leaves())
    }
}
