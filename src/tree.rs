//! A game tree to draw, and a stepper that walks minimax or alpha-beta through it one node at a
//! time, for a class to follow the recursion.
//!
//! ```
//! use magic_tictactoe::{tree::SearchTree, Board};
//!
//! let board: Board = "XO./.XO/X.O".parse()?;
//! let mut steps = SearchTree::minimax_steps(board)?;
//! assert_eq!(steps.evaluated(), 0);
//! steps.step();
//! assert_eq!(steps.evaluated(), 1);
//! steps.finish();
//! assert_eq!(steps.evaluated(), steps.len());
//!
//! let mut pruned = SearchTree::alpha_beta_steps(board)?;
//! pruned.finish();
//! assert_eq!(pruned.evaluated() + pruned.skipped(), pruned.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::{Board, Player, Square, Value};

/// The most positions a tree may have to be drawn.
pub const MAX_TREE_POSITIONS: usize = 400;

/// Why a tree cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TreeError {
    /// The game is already over: there is nothing to search.
    GameOver,
    /// The tree is too big to draw.
    TooBig {
        /// Positions in the tree.
        positions: usize,
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
                "the tree below this position has more than {MAX_TREE_POSITIONS} positions ({positions} counted so far): pick a position with at most 5 free squares"
            ),
        }
    }
}

impl std::error::Error for TreeError {}

/// Which search walks the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    /// Plain minimax: every node.
    Minimax,
    /// Alpha-beta: skips branches that cannot change the answer.
    AlphaBeta,
}

/// One position in the tree.
#[derive(Debug, Clone)]
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

/// What a search has found out about a node, from the root player's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finding {
    /// Not reached yet.
    Unvisited,
    /// Entered, children still being searched.
    Searching,
    /// The exact value.
    Exact(Value),
    /// At least this good for the root player (alpha-beta stopped early at a max node).
    AtLeast(Value),
    /// At most this good for the root player (alpha-beta stopped early at a min node).
    AtMost(Value),
    /// Skipped by alpha-beta: it could not change the answer.
    Skipped,
}

#[derive(Debug, Clone, Copy)]
enum Event {
    Enter(usize),
    Exit(usize, Finding),
    Skip(usize),
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

const WIN: i16 = 100;

impl SearchTree {
    /// Plain minimax over the tree below `board`, not started yet.
    pub fn minimax_steps(board: Board) -> Result<SearchTree, TreeError> {
        SearchTree::new(board, Algorithm::Minimax)
    }

    /// Alpha-beta over the tree below `board`, not started yet.
    pub fn alpha_beta_steps(board: Board) -> Result<SearchTree, TreeError> {
        SearchTree::new(board, Algorithm::AlphaBeta)
    }

    /// The whole tree below `board`, every node evaluated by minimax.
    pub fn minimax(board: Board) -> Result<SearchTree, TreeError> {
        let mut tree = SearchTree::minimax_steps(board)?;
        tree.finish();
        Ok(tree)
    }

    /// The tree below `board` searched to the end by `algorithm`, not started yet.
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
        while next < nodes.len() {
            let (parent_board, depth) = (nodes[next].board, nodes[next].depth);
            for (square, child) in parent_board.children() {
                if nodes.len() >= MAX_TREE_POSITIONS {
                    return Err(TreeError::TooBig {
                        positions: nodes.len() + 1,
                    });
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
        let mut tree = SearchTree {
            findings: vec![Finding::Unvisited; nodes.len()],
            nodes,
            root_player,
            algorithm,
            events: Vec::new(),
            applied: 0,
            last_evaluated: None,
        };
        let mut events = Vec::new();
        tree.search(0, -WIN - 1, WIN + 1, &mut events);
        tree.events = events;
        Ok(tree)
    }

    /// The score of a node for the root player: a win `d` moves from the root is `WIN - d`.
    fn search(&self, index: usize, mut alpha: i16, mut beta: i16, events: &mut Vec<Event>) -> i16 {
        events.push(Event::Enter(index));
        let node = &self.nodes[index];
        if node.children.is_empty() {
            let depth = node.depth as i16;
            let score = match node.board.winner() {
                Some(winner) if winner == self.root_player => WIN - depth,
                Some(_) => depth - WIN,
                None => 0,
            };
            events.push(Event::Exit(
                index,
                Finding::Exact(self.value_at(index, score)),
            ));
            return score;
        }
        let maximising = node.board.turn() == self.root_player;
        let mut best = if maximising { -WIN - 1 } else { WIN + 1 };
        let mut cut = false;
        for (i, &child) in node.children.iter().enumerate() {
            let score = self.search(child, alpha, beta, events);
            if maximising {
                best = best.max(score);
                alpha = alpha.max(best);
            } else {
                best = best.min(score);
                beta = beta.min(best);
            }
            if self.algorithm == Algorithm::AlphaBeta
                && alpha >= beta
                && i + 1 < node.children.len()
            {
                for &skipped in &node.children[i + 1..] {
                    events.push(Event::Skip(skipped));
                }
                cut = true;
                break;
            }
        }
        let value = self.value_at(index, best);
        let finding = match (cut, maximising) {
            (false, _) => Finding::Exact(value),
            (true, true) => Finding::AtLeast(value),
            (true, false) => Finding::AtMost(value),
        };
        events.push(Event::Exit(index, finding));
        best
    }

    /// The root player's value at node `index` for a score counted from the root.
    fn value_at(&self, index: usize, score: i16) -> Value {
        let depth = self.nodes[index].depth as i16;
        if score > 0 {
            Value::Win((WIN - score - depth).max(0) as u8)
        } else if score < 0 {
            Value::Loss((WIN + score - depth).max(0) as u8)
        } else {
            Value::Draw(self.nodes[index].board.empty_squares().len() as u8)
        }
    }

    fn apply(&mut self, event: Event) {
        match event {
            Event::Enter(index) => self.findings[index] = Finding::Searching,
            Event::Exit(index, finding) => {
                self.findings[index] = finding;
                self.last_evaluated = Some(index);
            }
            Event::Skip(index) => self.mark_skipped(index),
        }
    }

    fn mark_skipped(&mut self, index: usize) {
        self.findings[index] = Finding::Skipped;
        for child in self.nodes[index].children.clone() {
            self.mark_skipped(child);
        }
    }

    /// Walks on until one more node has its value; returns the tree to show.
    pub fn step(&mut self) -> &SearchTree {
        while self.applied < self.events.len() {
            let event = self.events[self.applied];
            self.applied += 1;
            self.apply(event);
            if matches!(event, Event::Exit(..)) {
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

    /// Takes `n` steps.
    pub fn steps(&mut self, n: usize) -> &SearchTree {
        for _ in 0..n {
            self.step();
        }
        self
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
        self.findings
            .iter_mut()
            .for_each(|f| *f = Finding::Unvisited);
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
    /// order) whose value equals the root's.
    pub fn chosen_move(&self) -> Option<Square> {
        let Finding::Exact(root) = self.findings[0] else {
            return None;
        };
        // Only an exact value can be the best: a bound only says "no better than this".
        let chosen = self.nodes[0].children.iter().find(
            |&&child| matches!(self.findings[child], Finding::Exact(v) if v.after_ply() == root),
        )?;
        self.nodes[*chosen].last_move
    }

    /// Words for a value seen from the root player: `X wins in 2`, `draw`, `O has won`.
    pub fn describe(&self, value: Value) -> String {
        let (me, other) = (self.root_player, !self.root_player);
        match value {
            Value::Win(0) => format!("{me} has won"),
            Value::Loss(0) => format!("{other} has won"),
            Value::Draw(0) => "draw".to_owned(),
            Value::Win(n) => format!("{me} wins in {n}"),
            Value::Loss(n) => format!("{other} wins in {n}"),
            Value::Draw(_) => "draw".to_owned(),
        }
    }
}

impl Value {
    /// The same result one move further from the end: how a child's value (seen by the same
    /// player) reads at its parent.
    pub const fn after_ply(self) -> Value {
        match self {
            Value::Win(n) => Value::Win(n + 1),
            Value::Draw(n) => Value::Draw(n + 1),
            Value::Loss(n) => Value::Loss(n + 1),
        }
    }
}

impl fmt::Display for SearchTree {
    /// One line per node, indented by depth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (node, finding) in self.nodes.iter().zip(&self.findings) {
            let label = match finding {
                Finding::Unvisited => "?".to_owned(),
                Finding::Searching => "searching...".to_owned(),
                Finding::Exact(v) => self.describe(*v),
                Finding::AtLeast(v) => format!("at least: {}", self.describe(*v)),
                Finding::AtMost(v) => format!("at most: {}", self.describe(*v)),
                Finding::Skipped => "skipped".to_owned(),
            };
            let mv = node
                .last_move
                .map(|s| format!("{} on {s}: ", !node.board.turn()))
                .unwrap_or_default();
            writeln!(
                f,
                "{}{mv}{} -> {label}",
                "  ".repeat(node.depth),
                node.board
            )?;
        }
        write!(
            f,
            "{} of {} positions evaluated",
            self.evaluated(),
            self.len()
        )?;
        if self.algorithm == Algorithm::AlphaBeta {
            write!(f, ", {} skipped", self.skipped())?;
        }
        Ok(())
    }
}

impl SearchTree {
    fn label(&self, finding: Finding) -> String {
        match finding {
            Finding::Unvisited => "?".to_owned(),
            Finding::Searching => "searching".to_owned(),
            Finding::Exact(v) => self.describe(v),
            Finding::AtLeast(v) => format!("at least: {}", self.describe(v)),
            Finding::AtMost(v) => format!("at most: {}", self.describe(v)),
            Finding::Skipped => "skipped".to_owned(),
        }
    }

    fn node_html(&self, index: usize, out: &mut String) {
        use crate::html::{INK, MUTED, PAPER, escape};
        let node = &self.nodes[index];
        let finding = self.findings[index];
        let chosen = self.is_finished()
            && node.depth == 1
            && node.last_move.is_some()
            && node.last_move == self.chosen_move();
        let just_done = self.last_evaluated == Some(index) && !self.is_finished();
        let (border, background, ink) = match finding {
            _ if chosen => ("3px solid #2e7d32", "#dff3df", INK),
            _ if just_done => ("3px solid #e0a800", "#fff3c4", INK),
            Finding::Unvisited => ("2px solid #d8d1c3", PAPER, "#a39b8f"),
            Finding::Searching => ("2px solid #1e4fa3", "#e6eefb", INK),
            Finding::Exact(_) => ("2px solid #3b3631", PAPER, INK),
            Finding::AtLeast(_) | Finding::AtMost(_) => ("2px dashed #3b3631", PAPER, INK),
            Finding::Skipped => ("2px dotted #b5ada0", "#e4e0d8", "#9a9285"),
        };
        let role = if node.children.is_empty() {
            "end".to_owned()
        } else if node.board.turn() == self.root_player {
            format!("{} max", node.board.turn())
        } else {
            format!("{} min", node.board.turn())
        };
        let mut view = node.board.view().digits(false).size(13);
        view = match node.last_move {
            Some(square) => view.highlight(crate::SquareSet::from_square(square)),
            None => view.highlight(crate::SquareSet::EMPTY),
        };
        if finding == Finding::Skipped {
            view = view.faded();
        }
        let colspan = node.children.len().max(1);
        let _ = std::fmt::Write::write_fmt(
            out,
            format_args!(
                "<table style=\"border-collapse:separate;border-spacing:0;margin:0 auto\"><tr><td colspan=\"{colspan}\" style=\"text-align:center;vertical-align:top;padding:3px 1px;background:{PAPER}\">\
                 <div style=\"display:inline-block;border:{border};border-radius:5px;background:{background};color:{ink};padding:2px 3px;font-size:10px;line-height:1.2;min-width:58px\">\
                 <div style=\"color:{MUTED};background:transparent\">{}</div><div style=\"display:inline-block\">{}</div><div style=\"font-weight:700;background:transparent;color:{ink}\">{}</div></div></td></tr>",
                escape(&role),
                view.table_html(),
                escape(&self.label(finding)),
            ),
        );
        if !node.children.is_empty() {
            out.push_str("<tr>");
            for &child in &node.children {
                let _ = std::fmt::Write::write_fmt(
                    out,
                    format_args!(
                        "<td style=\"vertical-align:top;padding:0 1px;background:{PAPER}\">"
                    ),
                );
                self.node_html(child, out);
                out.push_str("</td>");
            }
            out.push_str("</tr>");
        }
        out.push_str("</table>");
    }

    /// The tree as HTML: every position a small board, with who moves there ("max" is the
    /// root player), what the search knows of its value, the node just evaluated in yellow,
    /// skipped branches greyed out, and at the end the chosen move in green.
    pub fn to_html(&self) -> String {
        use crate::html::{caption, card, escape};
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
        let mut inner = format!(
            "<div style=\"font-weight:700;margin-bottom:4px\">{}</div>",
            escape(&summary)
        );
        inner.push_str("<div style=\"overflow-x:auto\">");
        self.node_html(0, &mut inner);
        inner.push_str("</div>");
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
        inner.push_str(&caption(&note));
        card(&inner)
    }

    /// Shows the tree in a notebook cell.
    pub fn evcxr_display(&self) {
        crate::html::emit(&self.to_string(), &self.to_html());
    }
}
