//! What every step-by-step search picture shares, whatever its tree holds (tic-tac-toe boards
//! or numbers on paper): the replay of the engine's search one node at a time, forward and
//! back, with alpha and beta at every node; and the drawing of a tree with a line from each
//! parent to each child and the move written on it.
//!
//! The walking is the engine's own [`search`](crate::engine::search::search): a recorder
//! keeps every event it reports, and each step replays events up to the next node that gets
//! its value.

use std::ops::Neg;

use crate::engine::search::{self, Found, GameTree, Observer, Pruning};
use crate::render::palette::{
    CELL, CHOSEN, Colour, DARK_INK, GRID, INK, JUST_DONE, MUTED, PAPER, QUIET_INK, SEARCHING,
    SKIPPED, TREE_LINE, UNVISITED,
};
use crate::render::{Border, Element, Html, Px, Scale, div, table, td, tr};

/// What the search knows about a node so far, from the root player's point of view: the root
/// player is "max", the other player "min". For tic-tac-toe the values are [`Value`]s, on
/// paper they are numbers.
///
/// [`Value`]: crate::Value
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Finding<S = crate::engine::Value> {
    /// Not reached yet.
    Unvisited,
    /// Entered, children still being searched, looking for a value between `alpha` and `beta`.
    Searching {
        /// The value max is already sure of.
        alpha: S,
        /// The value min is already sure of.
        beta: S,
    },
    /// The exact value.
    Exact(S),
    /// At least this good for max: alpha-beta stopped early.
    AtLeast(S),
    /// At most this good for max: alpha-beta stopped early.
    AtMost(S),
    /// Skipped by alpha-beta: it could not change the answer.
    Skipped,
}

impl<S> Finding<S> {
    /// Whether the node has a value, exact or a bound.
    pub fn is_evaluated(&self) -> bool {
        matches!(
            self,
            Finding::Exact(_) | Finding::AtLeast(_) | Finding::AtMost(_)
        )
    }
}

/// Which search walks the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax: every node.
    Minimax,
    /// Alpha-beta: skips branches that cannot change the answer.
    AlphaBeta,
}

impl Algorithm {
    /// `Minimax` or `Alpha-beta`.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "Minimax",
            Algorithm::AlphaBeta => "Alpha-beta",
        }
    }

    fn pruning(self) -> Pruning {
        match self {
            Algorithm::Minimax => Pruning::None,
            Algorithm::AlphaBeta => Pruning::AlphaBeta,
        }
    }
}

/// Where a node sits in the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) parent: Option<usize>,
    pub(crate) children: Vec<usize>,
    /// Whether max (the root player) moves here.
    pub(crate) max: bool,
}

/// A window in the search's terms: alpha and beta seen by the player to move at the node, and
/// whether each is still the infinity the search started with (a value no move can have).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Window<S> {
    alpha: S,
    beta: S,
    alpha_infinite: bool,
    beta_infinite: bool,
}

/// What the engine's search did. Scores are the search's own: seen by the player to move at
/// the node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Event<S> {
    /// The search arrives at a node with this window.
    Enter(usize, Window<S>),
    /// A move from the node has this score; the window after it.
    Scored(usize, S, Window<S>),
    /// A node skipped by alpha-beta, with everything below it.
    Skip(usize),
    /// The search leaves a node with what it found.
    Leave(usize, Found<S>),
}

/// Records every step of a search over a tree whose positions are node numbers. It keeps the
/// window of each node on the path from the root, to know which bounds are still infinite: a
/// node's alpha is its parent's beta handed down and its beta the parent's alpha, and a
/// node's alpha becomes a real value once one of its moves is scored.
struct Recorder<S> {
    events: Vec<Event<S>>,
    path: Vec<(usize, Window<S>)>,
}

impl<T: GameTree<Position = usize>> Observer<T> for Recorder<T::Score> {
    fn enter(&mut self, node: usize, alpha: T::Score, beta: T::Score) {
        let (alpha_infinite, beta_infinite) = match self.path.last() {
            Some((_, parent)) => (parent.beta_infinite, parent.alpha_infinite),
            None => (true, true),
        };
        let window = Window {
            alpha,
            beta,
            alpha_infinite,
            beta_infinite,
        };
        self.path.push((node, window));
        self.events.push(Event::Enter(node, window));
    }

    fn scored(&mut self, node: usize, _: T::Move, score: T::Score, alpha: T::Score) {
        if let Some((_, window)) = self.path.last_mut() {
            // Plain minimax never narrows its window: its alpha stays infinite.
            window.alpha_infinite &= alpha == T::LOWEST;
            window.alpha = alpha;
            let window = *window;
            self.events.push(Event::Scored(node, score, window));
        }
    }

    fn skip(&mut self, _: usize, _: T::Move, node: usize) {
        self.events.push(Event::Skip(node));
    }

    fn leave(&mut self, node: usize, found: Found<T::Score>) {
        self.path.pop();
        self.events.push(Event::Leave(node, found));
    }
}

/// A bound as a picture shows it: a value, or one of the infinities the search starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound<S> {
    /// Below every value: nothing is known yet.
    MinusInfinity,
    /// A value.
    Value(S),
    /// Above every value: nothing is known yet.
    PlusInfinity,
}

/// A search over a tree of numbered nodes, replayed one node at a time.
#[derive(Debug, Clone)]
pub(crate) struct Steps<S> {
    pub(crate) shape: Vec<Shape>,
    pub(crate) algorithm: Algorithm,
    events: Vec<Event<S>>,
    applied: usize,
    findings: Vec<Finding<S>>,
    /// The latest alpha and beta at each node entered, seen by max.
    windows: Vec<Option<(Bound<S>, Bound<S>)>>,
    /// The best value found so far at each node, seen by max (for plain minimax, whose alpha
    /// and beta never move).
    best: Vec<Option<S>>,
    last_evaluated: Option<usize>,
}

impl<S: Copy + Ord + Neg<Output = S>> Steps<S> {
    /// Searches `tree` (its positions are the indices of `shape`, 0 the root) with
    /// `algorithm`, recording every event; nothing is applied yet.
    pub(crate) fn record<T>(tree: &T, shape: Vec<Shape>, algorithm: Algorithm) -> Steps<S>
    where
        T: GameTree<Position = usize, Score = S>,
    {
        let mut recorder = Recorder {
            events: Vec::new(),
            path: Vec::new(),
        };
        search::search(tree, 0, algorithm.pruning(), &mut recorder);
        Steps {
            findings: vec![Finding::Unvisited; shape.len()],
            windows: vec![None; shape.len()],
            best: vec![None; shape.len()],
            shape,
            algorithm,
            events: recorder.events,
            applied: 0,
            last_evaluated: None,
        }
    }

    fn is_max(&self, node: usize) -> bool {
        self.shape.get(node).is_some_and(|shape| shape.max)
    }

    /// A search score at `node` (seen by the player to move there), seen by max.
    fn for_max(&self, node: usize, score: S) -> S {
        if self.is_max(node) { score } else { -score }
    }

    /// A window at `node` in the search's terms, as a textbook draws it: alpha is what max is
    /// sure of, beta what min is sure of; and the same with the infinities marked.
    fn window_for_max(&self, node: usize, window: Window<S>) -> ((S, S), (Bound<S>, Bound<S>)) {
        let bound = |value: S, infinite: bool, low: bool| match (infinite, low) {
            (false, _) => Bound::Value(value),
            (true, true) => Bound::MinusInfinity,
            (true, false) => Bound::PlusInfinity,
        };
        if self.is_max(node) {
            (
                (window.alpha, window.beta),
                (
                    bound(window.alpha, window.alpha_infinite, true),
                    bound(window.beta, window.beta_infinite, false),
                ),
            )
        } else {
            (
                (-window.beta, -window.alpha),
                (
                    bound(-window.beta, window.beta_infinite, true),
                    bound(-window.alpha, window.alpha_infinite, false),
                ),
            )
        }
    }

    fn apply(&mut self, event: Event<S>) {
        match event {
            Event::Enter(node, window) => {
                let ((alpha, beta), bounds) = self.window_for_max(node, window);
                self.findings[node] = Finding::Searching { alpha, beta };
                self.windows[node] = Some(bounds);
            }
            Event::Scored(node, score, window) => {
                let ((alpha, beta), bounds) = self.window_for_max(node, window);
                self.findings[node] = Finding::Searching { alpha, beta };
                self.windows[node] = Some(bounds);
                let score = self.for_max(node, score);
                let max = self.is_max(node);
                self.best[node] = Some(match self.best[node] {
                    None => score,
                    Some(best) if max => best.max(score),
                    Some(best) => best.min(score),
                });
            }
            Event::Leave(node, found) => {
                let value = self.for_max(node, found.score());
                // The search calls a value a bound when it fell outside the node's window. A node
                // whose every child was searched and is exact has an exact value all the same:
                // the picture shows every child, so it says the value, not "at most".
                let children = &self.shape[node].children;
                let every_child_exact = !children.is_empty()
                    && children
                        .iter()
                        .all(|&child| matches!(self.findings[child], Finding::Exact(_)));
                self.findings[node] = match (found, self.is_max(node)) {
                    (Found::Exact(_), _) => Finding::Exact(value),
                    _ if every_child_exact => Finding::Exact(value),
                    (Found::AtLeast(_), true) | (Found::AtMost(_), false) => {
                        Finding::AtLeast(value)
                    }
                    (Found::AtMost(_), true) | (Found::AtLeast(_), false) => Finding::AtMost(value),
                };
                self.last_evaluated = Some(node);
            }
            Event::Skip(node) => {
                let mut stack = vec![node];
                while let Some(node) = stack.pop() {
                    self.findings[node] = Finding::Skipped;
                    stack.extend(self.shape[node].children.iter().copied());
                }
            }
        }
    }

    /// Walks on until one more node has its value, and shows at once the branches that value
    /// cuts off.
    pub(crate) fn step(&mut self) {
        while let Some(&event) = self.events.get(self.applied) {
            self.applied += 1;
            self.apply(event);
            if matches!(event, Event::Leave(..)) {
                while let Some(&skip @ Event::Skip(_)) = self.events.get(self.applied) {
                    self.applied += 1;
                    self.apply(skip);
                }
                break;
            }
        }
    }

    /// Takes `n` steps, or as many as are left.
    pub(crate) fn steps(&mut self, n: usize) {
        for _ in 0..n {
            if self.is_finished() {
                break;
            }
            self.step();
        }
    }

    /// Steps taken so far: nodes given a value.
    fn taken(&self) -> usize {
        self.events[..self.applied]
            .iter()
            .filter(|event| matches!(event, Event::Leave(..)))
            .count()
    }

    /// Goes back one step.
    pub(crate) fn back(&mut self) {
        let taken = self.taken();
        self.restart();
        self.steps(taken.saturating_sub(1));
    }

    /// Walks to the end.
    pub(crate) fn finish(&mut self) {
        while !self.is_finished() {
            self.step();
        }
    }

    /// Starts again from nothing.
    pub(crate) fn restart(&mut self) {
        self.applied = 0;
        self.last_evaluated = None;
        self.findings.fill(Finding::Unvisited);
        self.windows.fill(None);
        self.best.fill(None);
    }

    pub(crate) fn is_finished(&self) -> bool {
        self.applied >= self.events.len()
    }

    pub(crate) fn findings(&self) -> &[Finding<S>] {
        &self.findings
    }

    pub(crate) fn finding(&self, node: usize) -> Finding<S> {
        self.findings
            .get(node)
            .copied()
            .unwrap_or(Finding::Unvisited)
    }

    /// The latest alpha and beta at `node`, seen by max, once the search has reached it.
    pub(crate) fn window(&self, node: usize) -> Option<(Bound<S>, Bound<S>)> {
        self.windows.get(node).copied().flatten()
    }

    /// The best value found so far at `node`, seen by max.
    pub(crate) fn best_so_far(&self, node: usize) -> Option<S> {
        self.best.get(node).copied().flatten()
    }

    pub(crate) fn last_evaluated(&self) -> Option<usize> {
        self.last_evaluated
    }

    pub(crate) fn evaluated(&self) -> usize {
        self.findings.iter().filter(|f| f.is_evaluated()).count()
    }

    pub(crate) fn skipped(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| **f == Finding::Skipped)
            .count()
    }

    /// Leaves (nodes without children) skipped so far.
    pub(crate) fn skipped_leaves(&self) -> usize {
        self.findings
            .iter()
            .zip(&self.shape)
            .filter(|(f, shape)| **f == Finding::Skipped && shape.children.is_empty())
            .count()
    }

    /// The root's first child (in the tree's order) whose exact value is the root's: the move
    /// max picks. `same` says whether a child's value, one move on, is the root's value.
    pub(crate) fn chosen_child(&self, same: impl Fn(S, S) -> bool) -> Option<usize> {
        let Finding::Exact(root) = self.finding(0) else {
            return None;
        };
        // Only an exact value can be the best: a bound only says "no better than this".
        self.shape.first()?.children.iter().copied().find(
            |&child| matches!(self.finding(child), Finding::Exact(value) if same(value, root)),
        )
    }
}

/// How a line from a parent to a child is drawn: solid, or dashed and grey when alpha-beta
/// skipped the child.
fn edge_border(scale: Scale, skipped: bool) -> Border {
    if skipped {
        Border(scale.px(2), "dashed", TREE_LINE)
    } else {
        Border(scale.px(2), "solid", TREE_LINE)
    }
}

/// A vertical line `height` pixels tall, centred in its cell.
fn stub(scale: Scale, height: u32, skipped: bool) -> Html {
    div()
        .css("width", "0")
        .css("height", scale.px(height))
        .css("margin", "0 auto")
        .css("border-left", edge_border(scale, skipped))
        .into()
}

/// What the tree drawing needs from a picture: each node drawn, and each edge's label.
pub(crate) struct TreeArt<'a> {
    pub(crate) shape: &'a [Shape],
    /// The node itself: a board, a number in a box.
    pub(crate) node: &'a dyn Fn(usize) -> Html,
    /// The move on the line into a node.
    pub(crate) edge_label: &'a dyn Fn(usize) -> String,
    /// Whether the line into a node is drawn as skipped.
    pub(crate) skipped: &'a dyn Fn(usize) -> bool,
    /// About how wide the node is drawn, in pixels at the normal size.
    pub(crate) node_width: &'a dyn Fn(usize) -> u32,
}

/// The widest a tree may be drawn top-down, in pixels on the page: a notebook's output area in
/// a 1280-pixel window, less the card's margins. A tree wider than this at its scale lists the
/// moves of its widest nodes one below the other instead.
const WIDEST_TREE: f64 = 1_000.0;

/// How far a sideways node's moves are set in from it, in pixels at the normal size.
const INDENT: u32 = 18;

impl TreeArt<'_> {
    /// The tree below `index`, as wide as the page allows: drawn top-down ([`TreeArt::down`])
    /// where that fits, and where a node's subtree would be too wide, its moves listed one below
    /// the other ([`TreeArt::sideways`]), each drawn the same way again.
    pub(crate) fn draw(&self, scale: Scale, index: usize) -> Html {
        let room = (WIDEST_TREE / scale.factor()) as u32;
        let mut widths = vec![0; self.shape.len()];
        for node in (0..self.shape.len()).rev() {
            widths[node] = self.width_down(node, &widths);
        }
        self.fitting(scale, index, room, &widths, None)
    }

    fn children(&self, index: usize) -> &[usize] {
        self.shape
            .get(index)
            .map_or(&[][..], |shape| &shape.children[..])
    }

    /// About how wide the subtree at `node` is drawn top-down, in pixels at the normal size,
    /// from its children's widths (a child always comes after its parent in the shape).
    fn width_down(&self, node: usize, widths: &[u32]) -> u32 {
        let below: u32 = self
            .children(node)
            .iter()
            .map(|&child| {
                let label = 8 * (self.edge_label)(child).chars().count() as u32;
                widths.get(child).copied().unwrap_or(0).max(label) + 6
            })
            .sum();
        (self.node_width)(node).max(below)
    }

    /// `lead_in`: the height of the line that comes in from the left to the node, and whether it
    /// is drawn as skipped, when the node is one of a sideways node's moves.
    fn fitting(
        &self,
        scale: Scale,
        index: usize,
        room: u32,
        widths: &[u32],
        lead_in: Option<(u32, bool)>,
    ) -> Html {
        if widths.get(index).is_none_or(|&width| width <= room) {
            self.down(scale, index, lead_in)
        } else {
            self.sideways(scale, index, room, widths)
        }
    }

    /// The node with its moves listed below it, one under the other and set in: a line down
    /// from the node, and from it a line to each move's subtree with the move written on it.
    /// One row a move, no cell spanning rows (axe-core cannot see the background behind a cell
    /// that spans rows): the line down is the left border of each move's row but the last, whose
    /// corner is drawn inside its cell, at the same place in the separate-borders table.
    fn sideways(&self, scale: Scale, index: usize, room: u32, widths: &[u32]) -> Html {
        let children = self.children(index);
        let paper = |cell: Element| {
            cell.css("padding", "0")
                .css("vertical-align", "top")
                .css("background", PAPER)
        };
        let mut tree = table()
            .css("border-collapse", "separate")
            .css("border-spacing", "0")
            .css("margin", "0")
            .child(
                tr().child(
                    paper(td())
                        .attr("colspan", "4")
                        .css("text-align", "left")
                        .child((self.node)(index)),
                ),
            );
        let line = edge_border(scale, false);
        for (i, &child) in children.iter().enumerate() {
            let last = i + 1 == children.len();
            let skipped = (self.skipped)(child);
            // The line into the child meets it about halfway down its top node.
            let height = if self.children(child).is_empty() {
                22
            } else {
                28
            };
            let mut corner = div()
                .css("box-sizing", "border-box")
                .css("width", scale.px(8))
                .css("height", scale.px(height))
                .css("border-bottom", edge_border(scale, skipped));
            let mut bar = paper(td());
            if last {
                corner = corner.css("border-left", line);
            } else {
                bar = bar.css("border-left", line);
            }
            tree = tree.child(
                tr().child(paper(td()).css("width", scale.px(INDENT)))
                    .child(bar.child(corner))
                    .child(
                        paper(td()).child(
                            div()
                                .css("height", scale.px(height))
                                .css("box-sizing", "border-box")
                                .css("display", "flex")
                                .css("align-items", "flex-end")
                                .css("padding", (Px(0), scale.px(4)))
                                .css("border-bottom", edge_border(scale, skipped))
                                .css("font-size", scale.px(14))
                                .css("line-height", "1.2")
                                .css("color", if skipped { MUTED } else { INK })
                                .css("white-space", "nowrap")
                                .text(&(self.edge_label)(child)),
                        ),
                    )
                    .child(
                        paper(td())
                            .css("padding-bottom", scale.px(6))
                            .css("text-align", "left")
                            .child(self.fitting(
                                scale,
                                child,
                                room.saturating_sub(INDENT + 8 + 60),
                                widths,
                                Some((height, skipped)),
                            )),
                    ),
            );
        }
        tree.into()
    }

    /// The tree below `index` top-down: the node, centred, a line down from it to a bar over its
    /// children, and a line down from the bar to each child with the move written on it.
    /// Lines are table-cell borders, so the picture needs no script, no SVG and no image.
    /// A node drawn with a `lead_in` is set at the left, and the line comes in to it across
    /// the space beside it.
    fn down(&self, scale: Scale, index: usize, lead_in: Option<(u32, bool)>) -> Html {
        let children = self.children(index);
        let n = children.len();
        let node = match lead_in {
            None => (self.node)(index),
            Some((height, skipped)) => {
                // The node between two equal spaces, the line running across the left one.
                // (Flex, not a table: a table's 50 % sides left the node no room, so it spilt
                // over the right side's cell.)
                let side = || div().css("flex", "1 1 0").css("background", PAPER);
                div()
                    .css("display", "flex")
                    .css("align-items", "flex-start")
                    .child(
                        side().child(
                            div()
                                .css("box-sizing", "border-box")
                                .css("height", scale.px(height))
                                .css("border-bottom", edge_border(scale, skipped)),
                        ),
                    )
                    .child(
                        div()
                            .css("flex", "none")
                            .css("white-space", "nowrap")
                            .css("background", PAPER)
                            .child((self.node)(index)),
                    )
                    .child(side())
                    .into()
            }
        };
        let mut head = td()
            .attr("colspan", &(2 * n.max(1)).to_string())
            .css("text-align", "center")
            .css("vertical-align", "top")
            .css("padding", "0")
            .css("background", PAPER)
            .child(node);
        if n > 0 {
            head = head.child(stub(scale, 10, false));
        }
        let mut tree = table()
            .css("border-collapse", "collapse")
            .css("border-spacing", "0")
            .css("margin", if lead_in.is_some() { "0" } else { "0 auto" })
            .child(tr().child(head));
        if n == 0 {
            return tree.into();
        }
        // The bar: each child owns two half-cells, and the bar runs from the middle of the
        // first child to the middle of the last.
        let mut bar = tr();
        for (i, &child) in children.iter().enumerate() {
            let skipped = (self.skipped)(child);
            for drawn in [i > 0, i + 1 < n] {
                let mut cell = td()
                    .css("padding", "0")
                    .css("height", "0")
                    .css("background", PAPER);
                if drawn {
                    cell = cell.css("border-top", edge_border(scale, skipped));
                }
                bar = bar.child(cell);
            }
        }
        tree = tree.child(bar);
        let mut below = tr();
        for &child in children {
            let skipped = (self.skipped)(child);
            let label = (self.edge_label)(child);
            below = below.child(
                td().attr("colspan", "2")
                    .css("vertical-align", "top")
                    .css("text-align", "center")
                    .css("padding", (scale.px(0), scale.px(3)))
                    .css("background", PAPER)
                    .child(stub(scale, 6, skipped))
                    .child(
                        div()
                            .css("font-size", scale.px(14))
                            .css("color", if skipped { MUTED } else { INK })
                            .css("background", PAPER)
                            .css("white-space", "nowrap")
                            .text(&label),
                    )
                    .child(stub(scale, 6, skipped))
                    .child(self.down(scale, child, None)),
            );
        }
        tree.child(below).into()
    }
}

/// How a node looks for what the search knows of it: its border, background and ink. The node
/// just evaluated is yellow, the move chosen at the end green, a skipped node dotted and grey.
pub(crate) fn node_look<S>(
    scale: Scale,
    finding: Finding<S>,
    chosen: bool,
    just_done: bool,
) -> (Border, Colour, Colour) {
    match finding {
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
    }
}

/// The parts of a node's badge, top to bottom.
pub(crate) struct Badge<'a> {
    /// Who moves there: "X max", "MIN", "end".
    pub(crate) role: &'a str,
    /// The node's picture: a small board, or nothing on paper.
    pub(crate) body: Option<Html>,
    /// What the search knows of its value.
    pub(crate) value: &'a str,
    /// Alpha and beta, or the best so far.
    pub(crate) window: Option<String>,
    /// The look from [`node_look`].
    pub(crate) look: (Border, Colour, Colour),
    /// The smallest width, in pixels at the normal size.
    pub(crate) min_width: u32,
}

impl Badge<'_> {
    pub(crate) fn draw(self, scale: Scale) -> Html {
        let (border, background, ink) = self.look;
        let line = |text: &str, size: u32, weight: &'static str, colour: Colour| {
            div()
                .css("font-size", scale.px(size))
                .css("font-weight", weight)
                .css("color", colour)
                .css("background", background)
                .css("white-space", "nowrap")
                .text(text)
        };
        let mut badge = div()
            .css("display", "inline-block")
            .css("border", border)
            .css("border-radius", scale.px(5))
            .css("background", background)
            .css("color", ink)
            .css("padding", (scale.px(2), scale.px(5)))
            .css("line-height", "1.25")
            .css("text-align", "center")
            .css("min-width", scale.px(self.min_width))
            .child(line(
                self.role,
                13,
                "400",
                if ink == SKIPPED.2 { ink } else { QUIET_INK },
            ));
        if let Some(body) = self.body {
            badge = badge.child(div().css("display", "inline-block").child(body));
        }
        badge = badge.child(line(self.value, 16, "700", ink));
        if let Some(window) = self.window {
            badge = badge.child(line(&window, 13, "400", ink));
        }
        badge.into()
    }
}

impl<S: Copy + Ord + Neg<Output = S>> Steps<S> {
    /// Alpha and beta at `node` for alpha-beta, or the best value so far for plain minimax,
    /// in words made by `show`; `None` before the search reaches the node, and for a node with
    /// no moves.
    pub(crate) fn window_text(&self, node: usize, show: &dyn Fn(S) -> String) -> Option<String> {
        if self.shape.get(node)?.children.is_empty() {
            return None;
        }
        let bound = |bound: Bound<S>| match bound {
            Bound::MinusInfinity => "\u{2212}\u{221e}".to_owned(),
            Bound::PlusInfinity => "+\u{221e}".to_owned(),
            Bound::Value(value) => show(value),
        };
        match self.algorithm {
            Algorithm::AlphaBeta => {
                let (alpha, beta) = self.window(node)?;
                Some(format!(
                    "\u{3b1} {} \u{b7} \u{3b2} {}",
                    bound(alpha),
                    bound(beta)
                ))
            }
            Algorithm::Minimax => match self.finding(node) {
                Finding::Searching { .. } => {
                    let best = self.best_so_far(node)?;
                    Some(format!("best so far {}", show(best)))
                }
                _ => None,
            },
        }
    }
}
