//! A paper tree: its nodes, breadth first, the ways to make one (from nested lists, leaves and a
//! branching factor, a seed, or a game), its value, and its nodes' names.

use std::fmt;

use super::error::{MAX_BRANCHING, MAX_LEAF_VALUE, MAX_LEAVES, MAX_TREE_DEPTH, PaperTreeError};
use crate::rules::{Ending, Player, TwoPlayerGame};

/// One node of a paper tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PaperNode {
    pub(super) parent: Option<usize>,
    pub(super) children: Vec<usize>,
    /// A leaf's value for max; `None` for an inner node.
    pub(super) leaf: Option<i32>,
    pub(super) depth: usize,
}

/// A game tree on paper: max moves first, the players take turns, and each leaf's number is
/// how good that end is for max.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaperTree {
    /// Breadth first: the root, then its children, then theirs.
    pub(super) nodes: Vec<PaperNode>,
}

/// A tree as nested lists, the form a teacher types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Nested {
    Leaf(i32),
    Moves(Vec<Nested>),
}

impl PaperTree {
    /// The textbook's tree (Russell and Norvig, *Artificial Intelligence: A Modern Approach*,
    /// the two-ply game): three moves for max, then three for min,
    /// `[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`.
    pub fn textbook() -> PaperTree {
        let rows = [[3, 12, 8], [2, 4, 6], [14, 5, 2]];
        PaperTree::build(&Nested::Moves(
            rows.iter()
                .map(|row| Nested::Moves(row.iter().map(|&v| Nested::Leaf(v)).collect()))
                .collect(),
        ))
    }

    /// The whole game tree of `game` from `position`, on paper: the player to move there is
    /// max, and each end of the game is worth 1 if max won, -1 if min won, 0 for a draw. Any
    /// [`TwoPlayerGame`] works, a learner's own included, as long as the tree is small enough
    /// to draw and the players take turns; then every paper tool steps through it.
    ///
    /// ```
    /// use magic_tictactoe::games::TakeAway;
    /// use magic_tictactoe::paper::PaperTree;
    /// use magic_tictactoe::{Player, TwoPlayerGame};
    ///
    /// // Take 1 or 2 sticks; whoever takes the last one wins.
    /// let game = TakeAway::new(4).taking_at_most(2);
    /// let tree = PaperTree::from_game(&game, &game.start())?;
    /// // Four sticks: X takes 1 and leaves O three, a multiple of 3, and wins.
    /// assert_eq!(tree.minimax_value(), 1);
    /// // Three sticks: whatever X takes, O takes the rest.
    /// assert_eq!(PaperTree::from_game(&game, &(3, Player::X))?.minimax_value(), -1);
    /// # Ok::<(), magic_tictactoe::paper::PaperTreeError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PaperTreeError::GameTooBig`] when the tree has more than [`MAX_LEAVES`] ends or is
    /// deeper than 6, [`PaperTreeError::TurnsDoNotAlternate`] when a player
    /// moves twice in a row, and [`PaperTreeError::GameOver`] when the game has no move left
    /// there.
    pub fn from_game<G: TwoPlayerGame>(
        game: &G,
        position: &G::Position,
    ) -> Result<PaperTree, PaperTreeError> {
        let max = game.to_move(position);
        let mut leaves = 0;
        match game_nested(game, position, max, 0, &mut leaves)? {
            Nested::Leaf(_) => Err(PaperTreeError::GameOver),
            nested => PaperTree::checked(&nested),
        }
    }

    /// The tree with `branching` moves from every node and `leaves` at the bottom, left to
    /// right: 9 leaves with 3 moves make the textbook's two-ply tree.
    ///
    /// ```
    /// use magic_tictactoe::paper::PaperTree;
    ///
    /// let tree = PaperTree::from_leaves(3, &[3, 12, 8, 2, 4, 6, 14, 5, 2])?;
    /// assert_eq!(tree, PaperTree::textbook());
    /// assert!(PaperTree::from_leaves(3, &[1, 2, 3, 4]).is_err());
    /// # Ok::<(), magic_tictactoe::paper::PaperTreeError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PaperTreeError`] when the count of leaves is not a power (at least the first) of the
    /// branching, or the tree would be too big to draw, or a leaf is out of range.
    pub fn from_leaves(branching: usize, leaves: &[i32]) -> Result<PaperTree, PaperTreeError> {
        if !(2..=MAX_BRANCHING).contains(&branching) {
            return Err(PaperTreeError::Branching(branching));
        }
        if leaves.len() > MAX_LEAVES {
            return Err(PaperTreeError::TooManyLeaves(leaves.len()));
        }
        let mut level: Vec<Nested> = leaves.iter().map(|&v| Nested::Leaf(v)).collect();
        let not_uniform = PaperTreeError::NotUniform {
            leaves: leaves.len(),
            branching,
        };
        if level.len() < branching {
            return Err(not_uniform);
        }
        while level.len() > 1 {
            if !level.len().is_multiple_of(branching) {
                return Err(not_uniform);
            }
            let mut above = Vec::with_capacity(level.len() / branching);
            let mut rest = level.into_iter();
            loop {
                let group: Vec<Nested> = rest.by_ref().take(branching).collect();
                if group.is_empty() {
                    break;
                }
                above.push(Nested::Moves(group));
            }
            level = above;
        }
        let root = level.pop().ok_or(PaperTreeError::EmptyList)?;
        PaperTree::checked(&root)
    }

    /// A tree `depth` moves deep with `branching` moves from every node and leaves drawn at
    /// random from 0 to 20; the same seed always gives the same tree.
    ///
    /// # Errors
    ///
    /// [`PaperTreeError`] when the tree would be too big to draw.
    pub fn random(depth: usize, branching: usize, seed: u64) -> Result<PaperTree, PaperTreeError> {
        if depth == 0 {
            return Err(PaperTreeError::NoMoves);
        }
        if depth > MAX_TREE_DEPTH {
            return Err(PaperTreeError::TooDeep(depth));
        }
        if !(2..=MAX_BRANCHING).contains(&branching) {
            return Err(PaperTreeError::Branching(branching));
        }
        // Both are small here: the depth at most 6, the branching at most 8.
        let leaves = branching.saturating_pow(depth as u32);
        if leaves > MAX_LEAVES {
            return Err(PaperTreeError::TooManyLeaves(leaves));
        }
        let mut rng = fastrand::Rng::with_seed(seed);
        let values: Vec<i32> = (0..leaves).map(|_| rng.i32(0..=20)).collect();
        PaperTree::from_leaves(branching, &values)
    }

    /// The tree of `nested`, checked against the limits.
    pub(super) fn checked(nested: &Nested) -> Result<PaperTree, PaperTreeError> {
        if let Nested::Leaf(_) = nested {
            return Err(PaperTreeError::NoMoves);
        }
        let tree = PaperTree::build(nested);
        let leaves = tree.nodes.iter().filter(|node| node.leaf.is_some()).count();
        if leaves > MAX_LEAVES {
            return Err(PaperTreeError::TooManyLeaves(leaves));
        }
        let depth = tree.nodes.iter().map(|node| node.depth).max().unwrap_or(0);
        if depth > MAX_TREE_DEPTH {
            return Err(PaperTreeError::TooDeep(depth));
        }
        if let Some(branching) = tree
            .nodes
            .iter()
            .map(|node| node.children.len())
            .find(|&n| n > MAX_BRANCHING)
        {
            return Err(PaperTreeError::Branching(branching));
        }
        if let Some(value) = tree
            .nodes
            .iter()
            .filter_map(|node| node.leaf)
            .find(|value| !(-MAX_LEAF_VALUE..=MAX_LEAF_VALUE).contains(value))
        {
            return Err(PaperTreeError::ValueTooBig(i64::from(value)));
        }
        Ok(tree)
    }

    /// Lays `nested` out breadth first.
    pub(super) fn build(nested: &Nested) -> PaperTree {
        let mut nodes = Vec::new();
        let mut queue = std::collections::VecDeque::from([(nested, None, 0)]);
        while let Some((item, parent, depth)) = queue.pop_front() {
            let index = nodes.len();
            if let Some(parent) = parent {
                let parent: &mut PaperNode = &mut nodes[parent];
                parent.children.push(index);
            }
            let leaf = match item {
                Nested::Leaf(value) => Some(*value),
                Nested::Moves(moves) => {
                    for next in moves {
                        queue.push_back((next, Some(index), depth + 1));
                    }
                    None
                }
            };
            nodes.push(PaperNode {
                parent,
                children: Vec::new(),
                leaf,
                depth,
            });
        }
        PaperTree { nodes }
    }

    /// The tree as nested lists again.
    pub(super) fn nested(&self, index: usize) -> Nested {
        let node = &self.nodes[index];
        match node.leaf {
            Some(value) => Nested::Leaf(value),
            None => Nested::Moves(node.children.iter().map(|&c| self.nested(c)).collect()),
        }
    }

    /// The leaves' values, left to right.
    pub fn leaves(&self) -> Vec<i32> {
        fn walk(tree: &PaperTree, index: usize, out: &mut Vec<i32>) {
            let node = &tree.nodes[index];
            match node.leaf {
                Some(value) => out.push(value),
                None => node.children.iter().for_each(|&c| walk(tree, c, out)),
            }
        }
        let mut out = Vec::new();
        walk(self, 0, &mut out);
        out
    }

    /// The minimax value of the root: what max gets if both sides play their best.
    pub fn minimax_value(&self) -> i32 {
        self.value_of(0)
    }

    /// The minimax value of the root's first (leftmost) move, if it has one.
    pub(in crate::teach) fn first_move_value(&self) -> Option<i32> {
        let first = *self.nodes.first()?.children.first()?;
        Some(self.value_of(first))
    }

    /// The minimax value of node `index`, seen by max.
    pub(super) fn value_of(&self, index: usize) -> i32 {
        let node = &self.nodes[index];
        if let Some(value) = node.leaf {
            return value;
        }
        let values = node.children.iter().map(|&child| self.value_of(child));
        let best = if node.depth.is_multiple_of(2) {
            values.max()
        } else {
            values.min()
        };
        best.unwrap_or(0)
    }

    /// The same tree with every node's moves in the opposite order.
    #[must_use]
    pub fn reversed(&self) -> PaperTree {
        // Children are numbered left to right, so the higher number comes first.
        self.reordered(&|_, a, b| b.cmp(&a))
    }

    /// The same tree with each node's moves ordered best first for the player who moves there:
    /// the order that lets alpha-beta skip the most.
    #[must_use]
    pub fn best_first(&self) -> PaperTree {
        self.reordered(&|tree, a, b| {
            let (va, vb) = (tree.value_of(a), tree.value_of(b));
            if !tree.nodes[a].depth.is_multiple_of(2) {
                // A and B are max's moves: the higher first.
                vb.cmp(&va)
            } else {
                va.cmp(&vb)
            }
        })
    }

    /// The same tree with each node's moves ordered worst first: alpha-beta skips nothing.
    #[must_use]
    pub fn worst_first(&self) -> PaperTree {
        self.reordered(&|tree, a, b| {
            let (va, vb) = (tree.value_of(a), tree.value_of(b));
            if !tree.nodes[a].depth.is_multiple_of(2) {
                va.cmp(&vb)
            } else {
                vb.cmp(&va)
            }
        })
    }

    /// The tree with each node's children sorted by `order` (a stable sort).
    pub(super) fn reordered(
        &self,
        order: &dyn Fn(&PaperTree, usize, usize) -> std::cmp::Ordering,
    ) -> PaperTree {
        fn walk(
            tree: &PaperTree,
            index: usize,
            order: &dyn Fn(&PaperTree, usize, usize) -> std::cmp::Ordering,
        ) -> Nested {
            let node = &tree.nodes[index];
            match node.leaf {
                Some(value) => Nested::Leaf(value),
                None => {
                    let mut children = node.children.clone();
                    children.sort_by(|&a, &b| order(tree, a, b));
                    Nested::Moves(children.into_iter().map(|c| walk(tree, c, order)).collect())
                }
            }
        }
        PaperTree::build(&walk(self, 0, order))
    }

    /// Nodes in the tree, leaves included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has at least its root and a move.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The name of inner node `index`: `A` for the root, then `B`, `C` ... row by row, `AA`
    /// after `Z`.
    pub(super) fn name(&self, index: usize) -> String {
        let inner = self.nodes[..index]
            .iter()
            .filter(|node| node.leaf.is_none())
            .count();
        let mut n = inner;
        let mut name = Vec::new();
        loop {
            name.push(char::from(b'A' + (n % 26) as u8));
            if n < 26 {
                break;
            }
            n = n / 26 - 1;
        }
        name.into_iter().rev().collect()
    }

    /// The name of the move into node `index`: the parent's name in small letters and the
    /// move's number, `a1`.
    pub(super) fn move_name(&self, index: usize) -> String {
        let Some(parent) = self.nodes[index].parent else {
            return String::new();
        };
        let number = self.nodes[parent]
            .children
            .iter()
            .position(|&c| c == index)
            .map_or(0, |i| i + 1);
        format!("{}{number}", self.name(parent).to_lowercase())
    }
}

impl fmt::Display for PaperTree {
    /// The nested lists: `[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn write(f: &mut fmt::Formatter<'_>, nested: &Nested) -> fmt::Result {
            match nested {
                Nested::Leaf(value) => write!(f, "{value}"),
                Nested::Moves(moves) => {
                    f.write_str("[")?;
                    for (i, next) in moves.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write(f, next)?;
                    }
                    f.write_str("]")
                }
            }
        }
        write(f, &self.nested(0))
    }
}

/// A game's tree below `position` as nested lists, stopping as soon as it is too big to draw.
fn game_nested<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    max: Player,
    depth: usize,
    leaves: &mut usize,
) -> Result<Nested, PaperTreeError> {
    let worth = |ending| match ending {
        Ending::Won(winner) if winner == max => 1,
        Ending::Won(_) => -1,
        Ending::Drawn => 0,
    };
    let moves = match game.ending(position) {
        Some(ending) => return leaf(worth(ending), leaves),
        None => game.moves(position),
    };
    if moves.is_empty() {
        // In play, but no move: the player who cannot move has lost.
        let stuck = game.to_move(position);
        return leaf(if stuck == max { -1 } else { 1 }, leaves);
    }
    if depth >= MAX_TREE_DEPTH || moves.len() > MAX_BRANCHING {
        return Err(PaperTreeError::GameTooBig);
    }
    let mover = game.to_move(position);
    let mut children = Vec::with_capacity(moves.len());
    for chosen in moves {
        let next = game.play(position, chosen);
        if game.ending(&next).is_none() && game.to_move(&next) == mover {
            return Err(PaperTreeError::TurnsDoNotAlternate);
        }
        children.push(game_nested(game, &next, max, depth + 1, leaves)?);
    }
    Ok(Nested::Moves(children))
}

/// One more end of a game's tree, worth `value`, unless the tree already has all it may draw.
fn leaf(value: i32, leaves: &mut usize) -> Result<Nested, PaperTreeError> {
    *leaves += 1;
    if *leaves > MAX_LEAVES {
        Err(PaperTreeError::GameTooBig)
    } else {
        Ok(Nested::Leaf(value))
    }
}
