//! The tree a search grows: its positions (nodes), their visits and scores, and what a
//! learner reads from it.

use std::fmt;

use crate::rules::{Ending, LimitError, Player, TwoPlayerGame};

/// The largest exploration constant a search takes; a larger one is taken as this.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_EXPLORATION: f64 = 100.0;

pub(super) fn clamp_exploration(c: f64) -> f64 {
    if c.is_nan() {
        0.0
    } else {
        c.clamp(0.0, MAX_EXPLORATION)
    }
}

/// The UCB1 value of a move that has been tried `visits` times and scored `half_points` (2 a
/// win, 1 a draw) for the player making it, from a position visited `parent_visits` times:
/// its average score plus `exploration` × √(ln `parent_visits` / `visits`). A move never tried
/// is worth more than any other (infinity).
///
/// ```
/// use magic_tictactoe::engine::mcts::ucb1;
///
/// // Won 3 of 4 tries, from a position visited 10 times, exploration 1.
/// let value = ucb1(6, 4, 10, 1.0);
/// assert!((value - (0.75 + (10f64.ln() / 4.0).sqrt())).abs() < 1e-12);
/// assert_eq!(ucb1(0, 0, 10, 1.0), f64::INFINITY);
/// ```
pub fn ucb1(half_points: u32, visits: u32, parent_visits: u32, exploration: f64) -> f64 {
    if visits == 0 {
        return f64::INFINITY;
    }
    let visits = f64::from(visits);
    let average = f64::from(half_points) / (2.0 * visits);
    average + exploration * (f64::from(parent_visits.max(1)).ln() / visits).sqrt()
}

/// Which position of a [`MctsTree`]: the root is the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub(super) u32);

impl NodeId {
    /// The position's place in the order the search added positions: 0 for the root.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The id of the position added `index`-th (0 for the root), whether or not a tree has it.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn from_index(index: usize) -> NodeId {
        NodeId(u32::try_from(index).unwrap_or(u32::MAX))
    }
}

/// One position of a search tree and what the playouts through it found.
#[derive(Debug, Clone, PartialEq)]
pub struct Node<G: TwoPlayerGame> {
    /// The position.
    pub position: G::Position,
    /// The move that led here from its parent; `None` at the root.
    pub chosen: Option<G::Move>,
    /// The player who made that move: the results here are counted for them.
    pub mover: Player,
    /// How the game ended here, if it did.
    pub ending: Option<Ending>,
    /// Playouts that went through this position.
    pub visits: u32,
    /// What they scored for the mover, in half points: 2 a win, 1 a draw, 0 a loss.
    pub half_points: u32,
    pub(super) parent: u32,
    pub(super) first_child: u32,
    pub(super) children: u32,
}

impl<G: TwoPlayerGame> Node<G> {
    /// The mover's average score here, from 0 (every playout lost) to 1 (every one won); 0
    /// before any playout.
    pub fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            f64::from(self.half_points) / (2.0 * f64::from(self.visits))
        }
    }
}

/// The tree a [`Mcts`](super::Mcts) search grew: its positions with their visits and scores.
#[derive(Clone)]
pub struct MctsTree<G: TwoPlayerGame> {
    pub(super) nodes: Vec<Node<G>>,
    pub(super) exploration: f64,
    pub(super) asked: u32,
    /// Why the search stopped before its playouts, if it did.
    pub(super) stopped: Option<LimitError>,
    /// Moves it looked at on its way down the tree and made in its playouts.
    pub(super) work: u64,
    /// What the game's own code said when it panicked, and in which playout, if it did.
    pub(super) panicked: Option<String>,
}

impl<G: TwoPlayerGame> fmt::Debug for MctsTree<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MctsTree")
            .field("positions", &self.nodes.len())
            .field("playouts", &self.playouts())
            .field("exploration", &self.exploration)
            .field("asked", &self.asked)
            .finish_non_exhaustive()
    }
}

impl<G: TwoPlayerGame> MctsTree<G> {
    /// The position searched.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// A position of the tree; `None` for an id this tree does not have (one from a bigger
    /// tree).
    pub fn node(&self, id: NodeId) -> Option<&Node<G>> {
        self.nodes.get(id.index())
    }

    /// The position searched, with its counts: every playout went through it.
    pub fn root_node(&self) -> &Node<G> {
        &self.nodes[0]
    }

    /// The positions one move from `id` that the tree holds, in the game's order of moves
    /// (none before the search first went on from there).
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let range = self.node(id).map_or(0..0, |node| {
            node.first_child..node.first_child + node.children
        });
        range.map(NodeId)
    }

    /// The position `id` was reached from; `None` for the root (and an id the tree does not
    /// have).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        let node = self.node(id)?;
        (id.0 != 0).then_some(NodeId(node.parent))
    }

    /// How many positions the tree holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds only its root (it always holds that).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// How many playouts grew it.
    pub fn playouts(&self) -> u32 {
        self.nodes[0].visits
    }

    /// The exploration constant it was grown with.
    pub fn exploration(&self) -> f64 {
        self.exploration
    }

    /// Where and how the game's own code panicked, if it did: the search stopped there, and
    /// the tree is the one grown by the playouts before.
    pub fn panicked(&self) -> Option<&str> {
        self.panicked.as_deref()
    }

    /// Why the search stopped before the playouts asked for, if it did: its playouts made
    /// [`MAX_SEARCH_MOVES`](super::MAX_SEARCH_MOVES) moves (a game whose playouts are very long,
    /// or never end), its way down the tree looked at
    /// [`MAX_SELECTION_MOVES`](super::MAX_SELECTION_MOVES) (a game with very many moves a
    /// position), the root has more moves than the tree holds
    /// (1,000,000), or it took
    /// [`MAX_SECONDS`](crate::engine::budget::MAX_SECONDS).
    pub fn stopped_by(&self) -> Option<LimitError> {
        self.stopped
    }

    /// Whether the search stopped before the playouts asked for: see [`MctsTree::stopped_by`]
    /// and [`MctsTree::panicked`].
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn stopped_early(&self) -> bool {
        self.stopped.is_some() || self.panicked.is_some()
    }

    /// How much the search did: the moves it looked at on its way down the tree (every move of
    /// each position it passed, and the moves of each position it added) and the moves its
    /// playouts made.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The [`ucb1`] value of the move into `id`, as its parent's selection saw it at the end of
    /// the search; `None` at the root.
    pub fn ucb1(&self, id: NodeId) -> Option<f64> {
        let node = self.node(id)?;
        let parent = self.node(self.parent(id)?)?;
        Some(ucb1(
            node.half_points,
            node.visits,
            parent.visits,
            self.exploration,
        ))
    }

    /// The root's move tried most often (the first in the game's order among equals): the move
    /// the search plays. `None` when the game is over at the root.
    pub fn best_move(&self) -> Option<G::Move> {
        self.best_child()
            .and_then(|id| self.nodes[id.index()].chosen)
    }

    /// The root's child tried most often (the first among equals).
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn best_child(&self) -> Option<NodeId> {
        let mut best: Option<NodeId> = None;
        for child in self.children(self.root()) {
            if best.is_none_or(|b| self.nodes[child.index()].visits > self.nodes[b.index()].visits)
            {
                best = Some(child);
            }
        }
        best
    }
}
