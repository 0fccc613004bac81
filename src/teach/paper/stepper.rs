//! Minimax and alpha-beta stepping through a paper tree, one node at a time, forward and back:
//! the crate's one search walks the tree, and the steps it took are replayed.

use super::model::PaperTree;
use crate::engine::search::GameTree;
use crate::teach::steps::{Algorithm, Bound, Finding, Shape, Steps};

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
        PaperSearch::new(self.clone(), Algorithm::Minimax)
    }

    /// Alpha-beta over the tree, not started yet.
    pub fn alpha_beta_steps(&self) -> PaperSearch {
        PaperSearch::new(self.clone(), Algorithm::AlphaBeta)
    }
}

/// Minimax or alpha-beta over a paper tree, one node at a time, forward and back.
#[derive(Debug, Clone)]
pub struct PaperSearch {
    pub(super) tree: PaperTree,
    pub(super) steps: Steps<i32>,
}

impl PaperSearch {
    fn new(tree: PaperTree, algorithm: Algorithm) -> PaperSearch {
        let shape = tree
            .nodes
            .iter()
            .map(|node| Shape {
                parent: node.parent,
                children: node.children.clone(),
                max: node.depth.is_multiple_of(2),
            })
            .collect();
        let steps = Steps::record(&Walk(&tree), shape, algorithm);
        PaperSearch { tree, steps }
    }

    /// Walks on until one more node has its value; returns the search to show.
    pub fn step(&mut self) -> &PaperSearch {
        self.steps.step();
        self
    }

    /// Takes `n` steps, or as many as are left.
    pub fn steps(&mut self, n: usize) -> &PaperSearch {
        self.steps.steps(n);
        self
    }

    /// Goes back one step.
    pub fn back(&mut self) -> &PaperSearch {
        self.steps.back();
        self
    }

    /// Walks to the end.
    pub fn finish(&mut self) -> &PaperSearch {
        self.steps.finish();
        self
    }

    /// Starts again from nothing.
    pub fn restart(&mut self) -> &PaperSearch {
        self.steps.restart();
        self
    }

    /// Whether the search has ended.
    pub fn is_finished(&self) -> bool {
        self.steps.is_finished()
    }

    /// The tree searched.
    pub fn tree(&self) -> &PaperTree {
        &self.tree
    }

    /// The search walking the tree.
    pub fn algorithm(&self) -> Algorithm {
        self.steps.algorithm
    }

    /// What the search knows of each node so far, seen by max, in the tree's order (breadth
    /// first).
    pub fn findings(&self) -> &[Finding<i32>] {
        self.steps.findings()
    }

    /// The root's value, once the search has found it.
    pub fn value(&self) -> Option<i32> {
        match self.steps.finding(0) {
            Finding::Exact(value) => Some(value),
            _ => None,
        }
    }

    /// Alpha and beta at node `index`, seen by max, once the search has reached it.
    pub fn window(&self, index: usize) -> Option<(Bound<i32>, Bound<i32>)> {
        self.steps.window(index)
    }

    /// Nodes with a value so far, exact or a bound.
    pub fn evaluated(&self) -> usize {
        self.steps.evaluated()
    }

    /// Leaves alpha-beta has skipped so far.
    pub fn skipped_leaves(&self) -> usize {
        self.steps.skipped_leaves()
    }

    /// Leaves whose value the search has looked at so far.
    pub fn leaves_looked_at(&self) -> usize {
        self.tree
            .nodes
            .iter()
            .zip(self.steps.findings())
            .filter(|(node, finding)| node.leaf.is_some() && finding.is_evaluated())
            .count()
    }

    /// The move max picks at the root, once the root has its value: its name, such as `a1`.
    pub fn chosen_move(&self) -> Option<String> {
        let child = self.steps.chosen_child(|child, root| child == root)?;
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
