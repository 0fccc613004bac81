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

use crate::engine::search::{self, Found, GameTree, Observer, Pruning, value_if_over};
use crate::engine::{Value, stats};
use crate::render::palette::{
    CELL, CHOSEN, DARK_INK, GRID, JUST_DONE, PAPER, QUIET_INK, SEARCHING, SKIPPED, UNVISITED,
};
use crate::render::parts::{caption, card, title};
use crate::render::{Border, Html, Picture, Scale, div, notebook_pictures, table, td, tr};
use crate::rules::text::debug_as_sentence;
use crate::rules::text::thousands;
use crate::rules::{Board, Player, Square, SquareSet};

/// The most positions a tree may have to be drawn.
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

/// Which search walks the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax: every node.
    Minimax,
    /// Alpha-beta: skips branches that cannot change the answer.
    AlphaBeta,
}

/// One position in the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// The position.
    pub board: Board,
    /// The move that led here from the parent.
    pub last_move: Option<Square>,
    /// The parent's index.
    pub parent: Option<usize>,
    /// The children's indices, in keypad order of their moves.
    pub children: Vec<usize>,
    /// Moves from the root.
    pub depth: usize,
}

/// What the search knows about a node so far, from the root player's point of view: the root
/// player is "max", the other player "min".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Finding {
    /// Not reached yet.
    Unvisited,
    /// Entered, children still being searched, looking for a value between `alpha` and `beta`.
    Searching {
        /// The value max is already sure of.
        alpha: Value,
        /// The value min is already sure of.
        beta: Value,
    },
    /// The exact value.
    Exact(Value),
    /// At least this good for max: alpha-beta stopped early.
    AtLeast(Value),
    /// At most this good for max: alpha-beta stopped early.
    AtMost(Value),
    /// Skipped by alpha-beta: it could not change the answer.
    Skipped,
}

/// What the engine's search did, as the stepper replays it. Values are the search's own: seen
/// by the player to move at the node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Event {
    Enter(usize, Value, Value),
    Scored(usize, Value, Value),
    Skip(usize),
    Leave(usize, Found<Value>),
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

/// Records every step of a search, with each node's beta so far.
struct Recorder {
    events: Vec<Event>,
    beta: Vec<Value>,
}

impl Observer<Nodes<'_>> for Recorder {
    fn enter(&mut self, node: usize, alpha: Value, beta: Value) {
        self.beta[node] = beta;
        self.events.push(Event::Enter(node, alpha, beta));
    }

    fn scored(&mut self, node: usize, _: usize, _: Value, alpha: Value) {
        self.events
            .push(Event::Scored(node, alpha, self.beta[node]));
    }

    fn skip(&mut self, _: usize, _: usize, node: usize) {
        self.events.push(Event::Skip(node));
    }

    fn leave(&mut self, node: usize, found: Found<Value>) {
        self.events.push(Event::Leave(node, found));
    }
}

/// A game tree being searched, one step at a time.
///
/// Values are told from the point of view of the player to move at the root, who is "max"; the
/// other player is "min". A value such as "X wins in 2" counts moves from that node.
#[derive(Debug, Clone)]
pub struct SearchTree {
    nodes: Vec<TreeNode>,
    root_player: Player,
    algorithm: Algorithm,
    events: Vec<Event>,
    applied: usize,
    findings: Vec<Finding>,
    last_evaluated: Option<usize>,
}

impl SearchTree {
    /// Plain minimax over the tree below `board`, not started yet.
    ///
    /// # Errors
    ///
    /// [`TreeError::GameOver`] for a finished game, [`TreeError::TooBig`] when the tree has
    /// more than 400 positions.
    pub fn minimax_steps(board: Board) -> Result<SearchTree, TreeError> {
        SearchTree::new(board, Algorithm::Minimax)
    }

    /// Alpha-beta over the tree below `board`, not started yet.
    ///
    /// # Errors
    ///
    /// As [`SearchTree::minimax_steps`].
    pub fn alpha_beta_steps(board: Board) -> Result<SearchTree, TreeError> {
        SearchTree::new(board, Algorithm::AlphaBeta)
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
    pub fn new(board: Board, algorithm: Algorithm) -> Result<SearchTree, TreeError> {
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
            for (square, child) in parent_board.children() {
                if nodes.len() >= MAX_TREE_POSITIONS {
                    let positions = (0..=9).map(|depth| stats::perft(board, depth)).sum();
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
        let pruning = match algorithm {
            Algorithm::Minimax => Pruning::None,
            Algorithm::AlphaBeta => Pruning::AlphaBeta,
        };
        let mut recorder = Recorder {
            events: Vec::new(),
            beta: vec![Value::HIGHEST; nodes.len()],
        };
        search::search(&Nodes(&nodes), 0, pruning, &mut recorder);
        Ok(SearchTree {
            findings: vec![Finding::Unvisited; nodes.len()],
            nodes,
            root_player,
            algorithm,
            events: recorder.events,
            applied: 0,
            last_evaluated: None,
        })
    }

    /// Whether node `index` is one where max (the root player) moves.
    fn is_max(&self, index: usize) -> bool {
        self.nodes[index].board.turn() == self.root_player
    }

    /// A search value at node `index` (seen by the player to move there), seen by max.
    fn for_max(&self, index: usize, value: Value) -> Value {
        if self.is_max(index) { value } else { -value }
    }

    fn apply(&mut self, event: Event) {
        match event {
            Event::Enter(index, alpha, beta) | Event::Scored(index, alpha, beta) => {
                // Alpha and beta as a textbook draws them: the values max and min are sure of.
                let (alpha, beta) = if self.is_max(index) {
                    (alpha, beta)
                } else {
                    (-beta, -alpha)
                };
                self.findings[index] = Finding::Searching { alpha, beta };
            }
            Event::Leave(index, found) => {
                let value = self.for_max(index, found.score());
                self.findings[index] = match (found, self.is_max(index)) {
                    (Found::Exact(_), _) => Finding::Exact(value),
                    (Found::AtLeast(_), true) | (Found::AtMost(_), false) => {
                        Finding::AtLeast(value)
                    }
                    (Found::AtMost(_), true) | (Found::AtLeast(_), false) => Finding::AtMost(value),
                };
                self.last_evaluated = Some(index);
            }
            Event::Skip(index) => self.mark_skipped(index),
        }
    }

    fn mark_skipped(&mut self, index: usize) {
        let mut stack = vec![index];
        while let Some(node) = stack.pop() {
            self.findings[node] = Finding::Skipped;
            stack.extend(self.nodes[node].children.iter().copied());
        }
    }

    /// Walks on until one more node has its value; returns the tree to show.
    pub fn step(&mut self) -> &SearchTree {
        while let Some(&event) = self.events.get(self.applied) {
            self.applied += 1;
            self.apply(event);
            if matches!(event, Event::Leave(..)) {
                // Show the cuts that follow at once, with the node whose value caused them.
                while let Some(&skip @ Event::Skip(_)) = self.events.get(self.applied) {
                    self.applied += 1;
                    self.apply(skip);
                }
                break;
            }
        }
        self
    }

    /// Takes `n` steps, or as many as are left.
    pub fn steps(&mut self, n: usize) -> &SearchTree {
        for _ in 0..n {
            if self.is_finished() {
                break;
            }
            self.step();
        }
        self
    }

    /// Goes back one step: the node evaluated last is unknown again.
    pub fn back(&mut self) -> &SearchTree {
        let done = self.evaluated_steps();
        self.replay(done.saturating_sub(1));
        self
    }

    /// How many steps have been taken: nodes given a value so far.
    fn evaluated_steps(&self) -> usize {
        self.events[..self.applied]
            .iter()
            .filter(|event| matches!(event, Event::Leave(..)))
            .count()
    }

    /// Starts again and takes `steps` steps.
    fn replay(&mut self, steps: usize) {
        self.restart();
        for _ in 0..steps {
            self.step();
        }
    }

    /// Walks to the end of the search.
    pub fn finish(&mut self) -> &SearchTree {
        while !self.is_finished() {
            self.step();
        }
        self
    }

    /// Starts the search again from nothing.
    pub fn restart(&mut self) -> &SearchTree {
        self.applied = 0;
        self.last_evaluated = None;
        self.findings.fill(Finding::Unvisited);
        self
    }

    /// Whether the search has ended.
    pub fn is_finished(&self) -> bool {
        self.applied >= self.events.len()
    }

    /// Positions in the whole tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The nodes; index 0 is the root.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// What the search knows about each node so far.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// The player to move at the root: "max".
    pub fn root_player(&self) -> Player {
        self.root_player
    }

    /// The search walking the tree.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Nodes whose value is known (exactly or as a bound).
    pub fn evaluated(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| {
                matches!(
                    f,
                    Finding::Exact(_) | Finding::AtLeast(_) | Finding::AtMost(_)
                )
            })
            .count()
    }

    /// Nodes alpha-beta has skipped so far.
    pub fn skipped(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| **f == Finding::Skipped)
            .count()
    }

    /// The node evaluated by the last step.
    pub fn last_evaluated(&self) -> Option<usize> {
        self.last_evaluated
    }

    /// The move the root player picks, once the root has its value: the first child (in keypad
    /// order) whose exact value equals the root's.
    pub fn chosen_move(&self) -> Option<Square> {
        let Finding::Exact(root) = self.findings[0] else {
            return None;
        };
        // Only an exact value can be the best: a bound only says "no better than this".
        self.nodes[0]
            .children
            .iter()
            .find(|&&child| matches!(self.findings[child], Finding::Exact(v) if v.after_ply() == root))
            .and_then(|&child| self.nodes[child].last_move)
    }

    /// Words for a value seen by max: `X wins in 2`, `draw`, `O has won`.
    pub fn describe(&self, value: Value) -> String {
        let (me, other) = (self.root_player, !self.root_player);
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

    fn node_html(&self, index: usize, scale: Scale) -> Html {
        let node = &self.nodes[index];
        let finding = self.findings[index];
        let chosen = self.is_finished()
            && node.depth == 1
            && node.last_move.is_some()
            && node.last_move == self.chosen_move();
        let just_done = self.last_evaluated == Some(index) && !self.is_finished();
        let (border, background, ink) = match finding {
            _ if chosen => (Border(scale.px(3), "solid", CHOSEN.0), CHOSEN.1, DARK_INK),
            _ if just_done => (
                Border(scale.px(3), "solid", JUST_DONE.0),
                JUST_DONE.1,
                DARK_INK,
            ),
            Finding::Unvisited => (Border(scale.px(2), "solid", UNVISITED), CELL, QUIET_INK),
            Finding::Searching { .. } => (
                Border(scale.px(2), "solid", SEARCHING.0),
                SEARCHING.1,
                DARK_INK,
            ),
            Finding::Exact(_) => (Border(scale.px(2), "solid", GRID), CELL, DARK_INK),
            Finding::AtLeast(_) | Finding::AtMost(_) => {
                (Border(scale.px(2), "dashed", GRID), CELL, DARK_INK)
            }
            Finding::Skipped => (
                Border(scale.px(2), "dotted", SKIPPED.0),
                SKIPPED.1,
                SKIPPED.2,
            ),
        };
        let role = if node.children.is_empty() {
            "end".to_owned()
        } else if self.is_max(index) {
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
        let badge = div()
            .css("display", "inline-block")
            .css("border", border)
            .css("border-radius", scale.px(5))
            .css("background", background)
            .css("color", ink)
            .css("padding", (scale.px(2), scale.px(3)))
            .css("font-size", scale.px(13))
            .css("line-height", "1.25")
            .css("min-width", scale.px(90))
            .child(
                div()
                    .css("color", QUIET_INK)
                    .css("background", "transparent")
                    .text(&role),
            )
            .child(
                div()
                    .css("display", "inline-block")
                    .child(view.table_html(scale)),
            )
            .child(
                div()
                    .css("font-weight", "700")
                    .css("background", "transparent")
                    .css("color", ink)
                    .text(&self.label(finding)),
            );
        let colspan = node.children.len().max(1).to_string();
        let head = tr().child(
            td().attr("colspan", &colspan)
                .css("text-align", "center")
                .css("vertical-align", "top")
                .css("padding", (scale.px(3), scale.px(1)))
                .css("background", PAPER)
                .child(badge),
        );
        let mut tree = table()
            .css("border-collapse", "separate")
            .css("border-spacing", "0")
            .css("margin", "0 auto")
            .child(head);
        if !node.children.is_empty() {
            tree = tree.child(tr().children(node.children.iter().map(|&child| {
                td().css("vertical-align", "top")
                    .css("padding", (scale.px(0), scale.px(1)))
                    .css("background", PAPER)
                    .child(self.node_html(child, scale))
            })));
        }
        tree.into()
    }

    fn summary(&self) -> String {
        let name = match self.algorithm {
            Algorithm::Minimax => "Minimax",
            Algorithm::AlphaBeta => "Alpha-beta",
        };
        let mut summary = format!(
            "{name}: {} of {} positions evaluated",
            self.evaluated(),
            self.len()
        );
        if self.algorithm == Algorithm::AlphaBeta {
            summary.push_str(&format!(", {} skipped", self.skipped()));
        }
        summary
    }
}

impl fmt::Display for SearchTree {
    /// One line per node, indented by depth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (node, finding) in self.nodes.iter().zip(&self.findings) {
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
        inner.push(
            div()
                .css("overflow-x", "auto")
                .child(self.node_html(0, scale)),
        );
        let note = if self.is_finished() {
            match (self.findings[0], self.chosen_move()) {
                (Finding::Exact(value), Some(square)) => format!(
                    "Done. {} to move picks square {square} (green): {}.",
                    self.root_player,
                    self.describe(value)
                ),
                _ => "Done.".to_owned(),
            }
        } else if let Some(index) = self.last_evaluated {
            let node = &self.nodes[index];
            let what = node
                .last_move
                .map(|square| format!("{} on {square}", !node.board.turn()))
                .unwrap_or_else(|| "the root".to_owned());
            format!(
                "Just evaluated (yellow): {what}, {}. Run the cell again for the next step.",
                self.label(self.findings[index])
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

notebook_pictures!(SearchTree);

debug_as_sentence!(TreeError);
