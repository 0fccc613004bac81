//! A game tree to draw, and a stepper that walks minimax or alpha-beta through it one node at a
//! time, forward and back, for a class to follow the recursion.
//!
//! The walking is the engine's own [`search`](crate::solver::search): the stepper records what
//! it sees, and each step replays one more of those events.
//!
//! ```
//! use magic_tictactoe::{tree::SearchTree, Board};
//!
//! let board: Board = "XO./.XO/X.O".parse()?;
//! let mut steps = SearchTree::minimax_steps(board)?;
//! assert_eq!(steps.evaluated(), 0);
//! steps.step();
//! assert_eq!(steps.evaluated(), 1);
//! steps.back();
//! assert_eq!(steps.evaluated(), 0);
//! steps.finish();
//! assert_eq!(steps.evaluated(), steps.len());
//!
//! let mut pruned = SearchTree::alpha_beta_steps(board)?;
//! pruned.finish();
//! assert_eq!(pruned.evaluated() + pruned.skipped(), pruned.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use super::steps::art::{Badge, TreeArt, node_look};
use super::steps::{self, Shape};
pub use super::steps::{Bound, Finding, Stepper};
/// The teaching trees' old name for [`Pruning`], whose `Algorithm::Minimax` is `Pruning::None`.
#[doc(hidden)]
#[deprecated(since = "0.2.0", note = "use Pruning")]
pub type Algorithm = Pruning;
use crate::engine::search::{self, GameTree, MoveOrder, Pruning, TicTacToe, value_if_over};
use crate::engine::{Value, stats};
use crate::render::parts::{
    caption, card, cell, heading_cell, plain_table, side_by_side_or_below, title,
};
use crate::render::{Html, Picture, Scale, div, notebook_pictures, tr};
use crate::rules::text::debug_as_sentence;
use crate::rules::text::thousands;
use crate::rules::{Board, Player, Square, SquareSet};

/// The most positions a tree may have to be drawn.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_TREE_POSITIONS: usize = 400;

/// Why a tree cannot be drawn.
#[derive(Clone, PartialEq, Eq)]
pub enum TreeError {
    /// The game is already over: there is nothing to search.
    GameOver,
    /// The tree is too big to draw.
    TooBig {
        /// Positions in the whole tree below the board, the board included.
        positions: u64,
    },
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::GameOver => {
                write!(f, "the game is already over, so there is no tree to search")
            }
            TreeError::TooBig { positions } => write!(
                f,
                "this tree has {} positions, more than the {MAX_TREE_POSITIONS} a picture can show: pick a position with at most 5 free squares",
                thousands(*positions)
            ),
        }
    }
}

impl std::error::Error for TreeError {}

/// One position in the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// The position.
    pub board: Board,
    /// The move that led here from the parent.
    pub last_move: Option<Square>,
    /// The parent's index.
    pub parent: Option<usize>,
    /// The children's indices, in the order their moves are tried (keypad order unless the
    /// tree was made with another).
    pub children: Vec<usize>,
    /// Moves from the root.
    pub depth: usize,
}

/// The nodes of the tree, as the engine's search walks them.
struct Nodes<'a>(&'a [TreeNode]);

impl GameTree for Nodes<'_> {
    type Position = usize;
    type Move = usize;
    type Score = Value;

    const LOWEST: Value = Value::LOWEST;
    const HIGHEST: Value = Value::HIGHEST;

    fn score_if_over(&self, node: usize) -> Option<Value> {
        value_if_over(self.0[node].board)
    }

    fn moves(&self, node: usize) -> impl Iterator<Item = (usize, usize)> {
        self.0[node].children.iter().map(|&child| (child, child))
    }

    fn of_move_into(next: Value) -> Value {
        Value::of_move_into(next)
    }

    fn before_move(bound: Value) -> Value {
        <search::TicTacToe as GameTree>::before_move(bound)
    }
}

/// A game tree being searched, one step at a time: the [`Stepper`] over the tree of
/// tic-tac-toe boards below a position (its nodes, index 0 the root).
///
/// Values are told from the point of view of the player to move at the root, who is "max"; the
/// other player is "min". A value such as "X wins in 2" counts moves from that node.
///
/// Every stepper walks with the same calls, on [`Stepper`]: [`step`](Stepper::step),
/// [`steps(n)`](Stepper::steps), [`back`](Stepper::back), [`finish`](Stepper::finish),
/// [`restart`](Stepper::restart); and says what it knows with
/// [`findings`](Stepper::findings), [`window(i)`](Stepper::window),
/// [`evaluated`](Stepper::evaluated) and [`skipped`](Stepper::skipped).
pub type SearchTree = Stepper<Vec<TreeNode>>;

impl SearchTree {
    /// Plain minimax over the tree below `board`, not started yet.
    ///
    /// # Errors
    ///
    /// [`TreeError::GameOver`] for a finished game, [`TreeError::TooBig`] when the tree has
    /// more than 400 positions.
    pub fn minimax_steps(board: Board) -> Result<SearchTree, TreeError> {
        SearchTree::new(board, Pruning::None)
    }

    /// Alpha-beta over the tree below `board`, not started yet.
    ///
    /// # Errors
    ///
    /// As [`SearchTree::minimax_steps`].
    pub fn alpha_beta_steps(board: Board) -> Result<SearchTree, TreeError> {
        SearchTree::new(board, Pruning::AlphaBeta)
    }

    /// The whole tree below `board`, every node evaluated by minimax.
    ///
    /// # Errors
    ///
    /// As [`SearchTree::minimax_steps`].
    pub fn minimax(board: Board) -> Result<SearchTree, TreeError> {
        let mut tree = SearchTree::minimax_steps(board)?;
        tree.finish();
        Ok(tree)
    }

    /// The tree below `board` searched to the end by `algorithm`, not started yet.
    ///
    /// # Errors
    ///
    /// As [`SearchTree::minimax_steps`].
    pub fn new(board: Board, algorithm: Pruning) -> Result<SearchTree, TreeError> {
        SearchTree::ordered(board, algorithm, MoveOrder::Keypad)
    }

    /// The tree below `board` with each position's moves tried in `order`, searched by
    /// `algorithm`, not started yet.
    ///
    /// # Errors
    ///
    /// As [`SearchTree::minimax_steps`].
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn ordered(
        board: Board,
        algorithm: Pruning,
        order: MoveOrder,
    ) -> Result<SearchTree, TreeError> {
        let Some(root_player) = board.to_move() else {
            return Err(TreeError::GameOver);
        };
        let mut nodes = vec![TreeNode {
            board,
            last_move: None,
            parent: None,
            children: Vec::new(),
            depth: 0,
        }];
        let mut next = 0;
        while let Some(node) = nodes.get(next) {
            let (parent_board, depth) = (node.board, node.depth);
            let free = parent_board.legal_moves();
            for square in order.squares().into_iter().filter(|&s| free.contains(s)) {
                let Ok(child) = parent_board.try_play(square) else {
                    continue;
                };
                if nodes.len() >= MAX_TREE_POSITIONS {
                    let positions = stats::perft_by_depth(board).iter().sum();
                    return Err(TreeError::TooBig { positions });
                }
                let index = nodes.len();
                nodes.push(TreeNode {
                    board: child,
                    last_move: Some(square),
                    parent: Some(next),
                    children: Vec::new(),
                    depth: depth + 1,
                });
                nodes[next].children.push(index);
            }
            next += 1;
        }
        let shape = nodes
            .iter()
            .map(|node| Shape {
                parent: node.parent,
                children: node.children.clone(),
                max: node.board.turn() == root_player,
            })
            .collect();
        let recorded = steps::record(&Nodes(&nodes), algorithm);
        Ok(Stepper::replaying(nodes, shape, algorithm, recorded))
    }

    /// Positions in the whole tree.
    pub fn len(&self) -> usize {
        self.tree.len()
    }

    /// Always false: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.tree.is_empty()
    }

    /// The nodes; index 0 is the root.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.tree
    }

    /// The player to move at the root: "max".
    pub fn root_player(&self) -> Player {
        self.tree[0].board.turn()
    }

    /// The move the root player picks, once the root has its value: the first child (in keypad
    /// order) whose exact value equals the root's.
    pub fn chosen_move(&self) -> Option<Square> {
        let child = self.chosen_child(|child, root| child.after_ply() == root)?;
        self.tree[child].last_move
    }

    /// Words for a value seen by max: `X wins in 2`, `draw`, `O has won`.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn describe(&self, value: Value) -> String {
        let (me, other) = (self.root_player(), !self.root_player());
        match value {
            Value::Win(0) => format!("{me} has won"),
            Value::Loss(0) => format!("{other} has won"),
            Value::Win(n) => format!("{me} wins in {n}"),
            Value::Loss(n) => format!("{other} wins in {n}"),
            Value::Draw(_) => "draw".to_owned(),
        }
    }

    fn label(&self, finding: Finding) -> String {
        match finding {
            Finding::Unvisited => "?".to_owned(),
            Finding::Searching { .. } => "searching".to_owned(),
            Finding::Exact(v) => self.describe(v),
            Finding::AtLeast(v) => format!("at least: {}", self.describe(v)),
            Finding::AtMost(v) => format!("at most: {}", self.describe(v)),
            Finding::Skipped => "skipped".to_owned(),
        }
    }

    /// A value in alpha and beta, in words without the moves to the end: `X wins`, `draw`.
    fn bound(&self, value: Value) -> String {
        let (me, other) = (self.root_player(), !self.root_player());
        match value {
            Value::Win(_) => format!("{me} wins"),
            Value::Loss(_) => format!("{other} wins"),
            Value::Draw(_) => "draw".to_owned(),
        }
    }

    fn node_html(&self, index: usize, scale: Scale) -> Html {
        let node = &self.tree[index];
        let finding = self.finding(index);
        let chosen = self.is_finished()
            && node.depth == 1
            && node.last_move.is_some()
            && node.last_move == self.chosen_move();
        let just_done = self.last_evaluated() == Some(index) && !self.is_finished();
        let role = if node.children.is_empty() {
            "end".to_owned()
        } else if node.board.turn() == self.root_player() {
            format!("{} max", node.board.turn())
        } else {
            format!("{} min", node.board.turn())
        };
        let mut view = node.board.view().digits(false).size(24);
        view = view.highlight(
            node.last_move
                .map_or(SquareSet::EMPTY, SquareSet::from_square),
        );
        if finding == Finding::Skipped {
            view = view.faded();
        }
        Badge {
            role: &role,
            body: Some(view.table_html(scale)),
            value: &self.label(finding),
            window: self.window_text(index, &|value| self.bound(value)),
            look: node_look(scale, finding, chosen, just_done),
            min_width: 96,
        }
        .draw(scale)
    }

    /// The tree itself, with a line from each position to each move.
    fn tree_html(&self, scale: Scale) -> Html {
        let art = TreeArt {
            shape: &self.shape,
            node: &|index| self.node_html(index, scale),
            edge_label: &|index| {
                let node = &self.tree[index];
                node.last_move
                    .map(|square| format!("{} on {square}", !node.board.turn()))
                    .unwrap_or_default()
            },
            skipped: &|index| self.finding(index) == Finding::Skipped,
            node_width: &|_| 120,
        };
        art.draw(scale, 0)
    }

    fn summary(&self) -> String {
        let mut summary = format!(
            "{}: {} of {} positions evaluated",
            self.algorithm().name(),
            self.evaluated(),
            self.len()
        );
        if self.algorithm() == Pruning::AlphaBeta {
            summary.push_str(&format!(", {} skipped", self.skipped()));
        }
        summary
    }
}

impl fmt::Display for SearchTree {
    /// One line per node, indented by depth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (node, finding) in self.tree.iter().zip(self.findings()) {
            let mv = node
                .last_move
                .map(|s| format!("{} on {s}: ", !node.board.turn()))
                .unwrap_or_default();
            writeln!(
                f,
                "{}{mv}{} -> {}",
                "  ".repeat(node.depth),
                node.board,
                self.label(*finding)
            )?;
        }
        write!(f, "{}", self.summary())
    }
}

impl Picture for SearchTree {
    /// Every position a small board, with who moves there ("max" is the root player), what
    /// the search knows of its value, the node just evaluated in yellow, skipped branches
    /// greyed out, and at the end the chosen move in green.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = title(scale, &self.summary());
        inner.push(div().css("overflow-x", "auto").child(self.tree_html(scale)));
        let note = if self.is_finished() {
            match (self.finding(0), self.chosen_move()) {
                (Finding::Exact(value), Some(square)) => format!(
                    "Done. {} to move picks square {square} (green): {}.",
                    self.root_player(),
                    self.describe(value)
                ),
                _ => "Done.".to_owned(),
            }
        } else if let Some(index) = self.last_evaluated() {
            let node = &self.tree[index];
            let what = node
                .last_move
                .map(|square| format!("{} on {square}", !node.board.turn()))
                .unwrap_or_else(|| "the root".to_owned());
            format!(
                "Just evaluated (yellow): {what}, {}. Run the cell again for the next step.",
                self.label(self.finding(index))
            )
        } else {
            "Nothing evaluated yet: call step() to start.".to_owned()
        };
        inner.push(caption(scale, &note));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

/// Alpha-beta on one position with its moves tried in two orders: keypad order, and the
/// centre, then the corners, then the edges. How many positions each visits, and when the tree
/// is small enough to draw, the two trees side by side.
///
/// ```
/// use magic_tictactoe::{tree::OrderedSearches, Board};
///
/// let searches = OrderedSearches::new(Board::new());
/// let [keypad, centre_first] = searches.positions();
/// assert!(centre_first < keypad / 2);
/// ```
#[derive(Debug, Clone)]
pub struct OrderedSearches {
    board: Board,
    positions: [u64; 2],
    trees: Option<[SearchTree; 2]>,
}

impl OrderedSearches {
    /// The orders compared, in the order of [`OrderedSearches::positions`].
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub const ORDERS: [MoveOrder; 2] = [MoveOrder::Keypad, MoveOrder::CentreCornersEdges];

    /// Alpha-beta on `board` in both orders.
    pub fn new(board: Board) -> OrderedSearches {
        let positions = OrderedSearches::ORDERS.map(|order| {
            search::search(&TicTacToe { order }, board, Pruning::AlphaBeta, &mut ()).positions
        });
        let tree = |order| {
            let mut tree = SearchTree::ordered(board, Pruning::AlphaBeta, order).ok()?;
            tree.finish();
            Some(tree)
        };
        let trees = tree(MoveOrder::Keypad).zip(tree(MoveOrder::CentreCornersEdges));
        OrderedSearches {
            board,
            positions,
            trees: trees.map(|(a, b)| [a, b]),
        }
    }

    /// Positions alpha-beta visits in keypad order and centre-corners-edges order.
    pub fn positions(&self) -> [u64; 2] {
        self.positions
    }

    /// The two trees searched to the end, when the position's tree is small enough to draw.
    pub fn trees(&self) -> Option<&[SearchTree; 2]> {
        self.trees.as_ref()
    }
}

fn order_name(order: MoveOrder) -> &'static str {
    match order {
        MoveOrder::Keypad => "keypad order, 1 to 9",
        MoveOrder::CentreCornersEdges => "centre, corners, then edges",
    }
}

impl Picture for OrderedSearches {
    /// A table of positions visited in each order and, for a small tree, both trees.
    fn draw(&self, scale: Scale) -> Html {
        let mut counts = plain_table().child(
            tr().child(heading_cell(scale, "moves tried in"))
                .child(heading_cell(scale, "positions alpha-beta visits")),
        );
        for (order, positions) in OrderedSearches::ORDERS.iter().zip(self.positions) {
            counts = counts.child(
                tr().child(cell(scale).text(order_name(*order))).child(
                    cell(scale)
                        .css("text-align", "right")
                        .text(&thousands(positions)),
                ),
            );
        }
        let mut inner = title(
            scale,
            &format!("Alpha-beta on {} in two move orders", self.board),
        );
        inner.push(counts);
        match &self.trees {
            Some(trees) => {
                inner.push(div().css("height", scale.px(8)));
                inner.push(side_by_side_or_below(
                    scale,
                    trees.iter().zip(OrderedSearches::ORDERS).map(|(tree, order)| {
                        let mut column = title(
                            scale,
                            &format!(
                                "{}: {} positions, {} skipped",
                                order_name(order),
                                tree.evaluated(),
                                tree.skipped()
                            ),
                        );
                        column.push(tree.tree_html(scale));
                        column
                    }),
                ));
            }
            None => inner.push(caption(
                scale,
                "The tree is too big to draw here: pick a position with at most 5 free squares to see both trees.",
            )),
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        OrderedSearches::ORDERS
            .iter()
            .zip(self.positions)
            .map(|(order, positions)| {
                format!("{}: {} positions", order_name(*order), thousands(positions))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

notebook_pictures!(SearchTree, OrderedSearches);

debug_as_sentence!(TreeError);
