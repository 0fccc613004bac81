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

use std::fmt;
use std::str::FromStr;

use super::steps::{Algorithm, Badge, Shape, Steps, TreeArt, node_look};
pub use super::steps::{Bound, Finding};
use crate::engine::search::GameTree;
use crate::render::parts::{caption, card, side_by_side_or_below, title};
use crate::render::{Html, Picture, Scale, div, notebook_pictures};
use crate::rules::Player;
use crate::rules::text::{debug_as_sentence, quoted};
use crate::rules::{Ending, TwoPlayerGame};

/// The most leaves a paper tree may have: 64 leaves already make a picture wider than a screen.
pub const MAX_LEAVES: usize = 64;
/// The most moves from the root to a leaf.
pub const MAX_TREE_DEPTH: usize = 6;
/// The most moves from one node.
pub const MAX_BRANCHING: usize = 8;
/// Leaf values are kept between -999 and 999, to fit in a node's box.
pub const MAX_LEAF_VALUE: i32 = 999;

/// A search's infinity: beyond every leaf value.
const INFINITY: i32 = 1_000_000;

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
    /// Deeper than [`MAX_TREE_DEPTH`].
    TooDeep(usize),
    /// More moves from one node than [`MAX_BRANCHING`], or fewer than 2 for a made-up tree.
    Branching(usize),
    /// A game's tree from the position asked for is too big to draw: more than
    /// [`MAX_LEAVES`] ends, or more than [`MAX_TREE_DEPTH`] moves deep.
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

/// One node of a paper tree.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PaperNode {
    parent: Option<usize>,
    children: Vec<usize>,
    /// A leaf's value for max; `None` for an inner node.
    leaf: Option<i32>,
    depth: usize,
}

/// A game tree on paper: max moves first, the players take turns, and each leaf's number is
/// how good that end is for max.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaperTree {
    /// Breadth first: the root, then its children, then theirs.
    nodes: Vec<PaperNode>,
}

/// A tree as nested lists, the form a teacher types.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Nested {
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
    /// use magic_tictactoe::{Ending, TwoPlayerGame};
    /// use magic_tictactoe::paper::PaperTree;
    /// use magic_tictactoe::Player;
    ///
    /// /// Take 1 or 2 sticks; whoever takes the last one wins.
    /// struct TakeAway;
    /// impl TwoPlayerGame for TakeAway {
    ///     type Position = (u32, Player);
    ///     type Move = u32;
    ///     fn start(&self) -> (u32, Player) { (4, Player::X) }
    ///     fn to_move(&self, p: &(u32, Player)) -> Player { p.1 }
    ///     fn moves(&self, p: &(u32, Player)) -> Vec<u32> { (1..=2).filter(|&t| t <= p.0).collect() }
    ///     fn play(&self, p: &(u32, Player), take: u32) -> (u32, Player) { (p.0 - take, !p.1) }
    ///     fn ending(&self, p: &(u32, Player)) -> Option<Ending> { (p.0 == 0).then_some(Ending::Won(!p.1)) }
    /// }
    ///
    /// let tree = PaperTree::from_game(&TakeAway, &TakeAway.start())?;
    /// // Four sticks: X takes 1 and leaves O three, a multiple of 3, and wins.
    /// assert_eq!(tree.minimax_value(), 1);
    /// // Three sticks: whatever X takes, O takes the rest.
    /// assert_eq!(PaperTree::from_game(&TakeAway, &(3, Player::X))?.minimax_value(), -1);
    /// # Ok::<(), magic_tictactoe::paper::PaperTreeError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PaperTreeError::GameTooBig`] when the tree has more than [`MAX_LEAVES`] ends or is
    /// deeper than [`MAX_TREE_DEPTH`], [`PaperTreeError::TurnsDoNotAlternate`] when a player
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
    fn checked(nested: &Nested) -> Result<PaperTree, PaperTreeError> {
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
    fn build(nested: &Nested) -> PaperTree {
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
    fn nested(&self, index: usize) -> Nested {
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

    /// The minimax value of node `index`, seen by max.
    fn value_of(&self, index: usize) -> i32 {
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
    fn reordered(
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

    /// Plain minimax over the tree, not started yet.
    pub fn minimax_steps(&self) -> PaperSearch {
        PaperSearch::new(self.clone(), Algorithm::Minimax)
    }

    /// Alpha-beta over the tree, not started yet.
    pub fn alpha_beta_steps(&self) -> PaperSearch {
        PaperSearch::new(self.clone(), Algorithm::AlphaBeta)
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
    fn name(&self, index: usize) -> String {
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
    fn move_name(&self, index: usize) -> String {
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

/// Reads nested lists, one character at a time.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    depth: usize,
    /// Leaves read so far; past [`MAX_LEAVES`] they are counted, not kept.
    leaves: usize,
}

impl Reader<'_> {
    fn skip_space(&mut self) {
        while self.text[self.at..].starts_with(|c: char| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn problem(&self, what: &str) -> PaperTreeError {
        let rest: String = self.text[self.at..].chars().take(12).collect();
        PaperTreeError::Unreadable(if rest.is_empty() {
            format!("{what} at the end")
        } else {
            format!("{what} at {}", quoted(&rest))
        })
    }

    fn item(&mut self) -> Result<Nested, PaperTreeError> {
        self.skip_space();
        if self.text[self.at..].starts_with('[') {
            self.at += 1;
            self.depth += 1;
            if self.depth > MAX_TREE_DEPTH + 1 {
                return Err(PaperTreeError::TooDeep(self.depth - 1));
            }
            let mut moves = Vec::new();
            let mut read = 0;
            loop {
                self.skip_space();
                if self.text[self.at..].starts_with(']') {
                    self.at += 1;
                    break;
                }
                if read > 0 {
                    if !self.text[self.at..].starts_with(',') {
                        return Err(self.problem("a comma or ] was expected"));
                    }
                    self.at += 1;
                }
                // Too many moves or leaves is told after the whole tree is read, so that the
                // refusal names the limit the tree really breaks; a tree past the leaf limit
                // is only counted, so a huge text costs no more than reading it.
                let item = self.item()?;
                read += 1;
                if self.leaves <= MAX_LEAVES {
                    moves.push(item);
                }
            }
            self.depth -= 1;
            if read == 0 {
                return Err(PaperTreeError::EmptyList);
            }
            Ok(Nested::Moves(moves))
        } else {
            let rest = &self.text[self.at..];
            let length = rest
                .char_indices()
                .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+'))))
                .map_or(rest.len(), |(i, _)| i);
            let number = &rest[..length];
            if number.is_empty() || number == "-" || number == "+" {
                return Err(self.problem("a number or [ was expected"));
            }
            self.at += length;
            let value: i64 = number
                .parse()
                .map_err(|_| PaperTreeError::ValueTooBig(i64::MAX))?;
            if !(-i64::from(MAX_LEAF_VALUE)..=i64::from(MAX_LEAF_VALUE)).contains(&value) {
                return Err(PaperTreeError::ValueTooBig(value));
            }
            self.leaves += 1;
            Ok(Nested::Leaf(value as i32))
        }
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

impl FromStr for PaperTree {
    type Err = PaperTreeError;

    /// Reads nested lists of whole numbers: `[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`.
    ///
    /// # Errors
    ///
    /// [`PaperTreeError`] for text that is not such lists, or a tree too big to draw.
    fn from_str(s: &str) -> Result<PaperTree, PaperTreeError> {
        let mut reader = Reader {
            text: s,
            at: 0,
            depth: 0,
            leaves: 0,
        };
        let nested = reader.item()?;
        reader.skip_space();
        if reader.at < s.len() {
            return Err(reader.problem("more text after the tree"));
        }
        if reader.leaves > MAX_LEAVES {
            return Err(PaperTreeError::TooManyLeaves(reader.leaves));
        }
        PaperTree::checked(&nested)
    }
}

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

/// Minimax or alpha-beta over a paper tree, one node at a time, forward and back.
#[derive(Debug, Clone)]
pub struct PaperSearch {
    tree: PaperTree,
    steps: Steps<i32>,
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

    fn node_html(&self, index: usize, scale: Scale) -> Html {
        let node = &self.tree.nodes[index];
        let finding = self.steps.finding(index);
        let chosen = self.is_finished()
            && node.depth == 1
            && self
                .steps
                .chosen_child(|child, root| child == root)
                .is_some_and(|chosen| chosen == index);
        let just_done = self.steps.last_evaluated() == Some(index) && !self.is_finished();
        let role = match node.leaf {
            Some(_) => "leaf".to_owned(),
            None if node.depth.is_multiple_of(2) => format!("{} MAX", self.tree.name(index)),
            None => format!("{} MIN", self.tree.name(index)),
        };
        let value = match (node.leaf, finding) {
            (Some(value), Finding::Unvisited | Finding::Skipped) => value.to_string(),
            (_, finding) => label(finding),
        };
        Badge {
            role: &role,
            body: None,
            value: &value,
            window: self.steps.window_text(index, &|v: i32| v.to_string()),
            look: node_look(scale, finding, chosen, just_done),
            min_width: if node.leaf.is_some() { 40 } else { 96 },
        }
        .draw(scale)
    }

    fn summary(&self) -> String {
        let leaves = self.tree.nodes.iter().filter(|n| n.leaf.is_some()).count();
        let mut summary = format!(
            "{}: {} of {} leaves looked at",
            self.algorithm().name(),
            self.leaves_looked_at(),
            leaves
        );
        if self.algorithm() == Algorithm::AlphaBeta {
            summary.push_str(&format!(", {} skipped", self.skipped_leaves()));
        }
        summary
    }

    fn note(&self) -> String {
        if self.is_finished() {
            match (self.value(), self.chosen_move()) {
                (Some(value), Some(name)) => {
                    format!("Done. The root's value is {value}: max plays {name} (green).")
                }
                _ => "Done.".to_owned(),
            }
        } else if let Some(index) = self.steps.last_evaluated() {
            let name = match self.tree.nodes[index].leaf {
                Some(_) => format!("the leaf under {}", self.tree.move_name(index)),
                None => self.tree.name(index),
            };
            format!(
                "Just evaluated (yellow): {name}, {}. Run the cell again for the next step.",
                label(self.steps.finding(index))
            )
        } else {
            "Nothing evaluated yet: call step() to start.".to_owned()
        }
    }
}

/// What the search knows of a node, in a few words.
fn label(finding: Finding<i32>) -> String {
    match finding {
        Finding::Unvisited => "?".to_owned(),
        Finding::Searching { .. } => "searching".to_owned(),
        Finding::Exact(value) => value.to_string(),
        Finding::AtLeast(value) => format!("\u{2265} {value}"),
        Finding::AtMost(value) => format!("\u{2264} {value}"),
        Finding::Skipped => "skipped".to_owned(),
    }
}

impl PaperSearch {
    fn tree_html(&self, scale: Scale) -> Html {
        let art = TreeArt {
            shape: &self.steps.shape,
            node: &|index| self.node_html(index, scale),
            edge_label: &|index| self.tree.move_name(index),
            skipped: &|index| self.steps.finding(index) == Finding::Skipped,
            node_width: &|index| match self.tree.nodes[index].leaf {
                Some(_) => 52,
                None => 112,
            },
        };
        div()
            .css("overflow-x", "auto")
            .child(art.draw(scale, 0))
            .into()
    }
}

impl Picture for PaperSearch {
    /// The tree with a line from each node to each move, the move's name on the line; in each
    /// node who moves there, what the search knows of its value, and alpha and beta (or the
    /// best so far, for minimax); the node just evaluated in yellow, skipped branches dashed
    /// and grey, and at the end max's move in green.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = title(scale, &self.summary());
        inner.push(self.tree_html(scale));
        inner.push(caption(scale, &self.note()));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for PaperSearch {
    /// One line per node, indented by depth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn walk(s: &PaperSearch, index: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let node = &s.tree.nodes[index];
            let name = match node.leaf {
                Some(value) => format!("{}: leaf {value}", s.tree.move_name(index)),
                None if index == 0 => s.tree.name(index),
                None => format!("{}: {}", s.tree.move_name(index), s.tree.name(index)),
            };
            let window = s
                .steps
                .window_text(index, &|v: i32| v.to_string())
                .map(|w| format!(" ({w})"))
                .unwrap_or_default();
            writeln!(
                f,
                "{}{name} -> {}{window}",
                "  ".repeat(node.depth),
                label(s.steps.finding(index))
            )?;
            node.children.iter().try_for_each(|&c| walk(s, c, f))
        }
        walk(self, 0, f)?;
        write!(f, "{}", self.summary())
    }
}

impl Picture for PaperTree {
    /// The tree before any search: the leaves' numbers and the moves' names.
    fn draw(&self, scale: Scale) -> Html {
        let search = self.minimax_steps();
        let mut inner = title(scale, &format!("A game tree: {self}"));
        inner.push(search.tree_html(scale));
        inner.push(caption(
            scale,
            "Max moves at the root, min at the next row, and so on. Each leaf is how good that end is for max.",
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
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
    searches: [(String, PaperSearch); 2],
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

impl Picture for OrderComparison {
    /// The two searches side by side (one below the other when the page is too narrow), each
    /// with its count of skipped leaves.
    fn draw(&self, scale: Scale) -> Html {
        let column = |(label, search): &(String, PaperSearch)| -> Html {
            let mut inner = title(
                scale,
                &format!("{label}: {} leaves skipped", search.skipped_leaves()),
            );
            inner.push(search.tree_html(scale));
            inner.push(caption(
                scale,
                &format!(
                    "{}: {} leaves looked at; the root's value {}.",
                    search.tree,
                    search.leaves_looked_at(),
                    search.value().map_or("?".to_owned(), |v| v.to_string())
                ),
            ));
            inner
        };
        let mut inner = title(
            scale,
            "The same game in two move orders: alpha-beta skips more when good moves come first",
        );
        inner.push(side_by_side_or_below(
            scale,
            self.searches.iter().map(column),
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.searches
            .iter()
            .map(|(label, search)| {
                format!(
                    "{label}, {}: {} leaves skipped",
                    search.tree,
                    search.skipped_leaves()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

notebook_pictures!(PaperTree, PaperSearch, OrderComparison);

debug_as_sentence!(PaperTreeError);
