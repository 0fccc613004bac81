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

pub(crate) mod art;

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
