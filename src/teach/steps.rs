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
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn is_evaluated(&self) -> bool {
        matches!(
            self,
            Finding::Exact(_) | Finding::AtLeast(_) | Finding::AtMost(_)
        )
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

/// Minimax or alpha-beta replayed over a tree one node at a time, forward and back, with alpha
/// and beta at every node: over tic-tac-toe's boards a [`SearchTree`](crate::tree::SearchTree),
/// over numbers on paper a [`PaperSearch`](crate::paper::PaperSearch). `S` is what a node's
/// value is: a [`Value`](crate::Value) (win, draw or loss, and in how many moves) or a number.
#[derive(Debug, Clone)]
pub struct Stepper<T, S = crate::engine::Value> {
    pub(crate) tree: T,
    pub(crate) shape: Vec<Shape>,
    algorithm: Pruning,
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

/// Every event of a search over a tree of numbered nodes, recorded to be replayed.
pub(crate) struct Recorded<S>(Vec<Event<S>>);

/// Searches `walk` (its positions are node numbers, 0 the root) with `algorithm`, recording
/// every event.
pub(crate) fn record<W>(walk: &W, algorithm: Pruning) -> Recorded<W::Score>
where
    W: GameTree<Position = usize>,
{
    let mut recorder = Recorder {
        events: Vec::new(),
        path: Vec::new(),
    };
    search::search(walk, 0, algorithm, &mut recorder);
    Recorded(recorder.events)
}

impl<T, S: Copy + Ord + Neg<Output = S>> Stepper<T, S> {
    /// The search of `tree` (its nodes numbered as `shape`'s, 0 the root) by `algorithm`, as
    /// `recorded`; nothing is replayed yet.
    pub(crate) fn replaying(
        tree: T,
        shape: Vec<Shape>,
        algorithm: Pruning,
        recorded: Recorded<S>,
    ) -> Stepper<T, S> {
        Stepper {
            tree,
            findings: vec![Finding::Unvisited; shape.len()],
            windows: vec![None; shape.len()],
            best: vec![None; shape.len()],
            shape,
            algorithm,
            events: recorded.0,
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
    /// cuts off; returns the search to show.
    pub fn step(&mut self) -> &Self {
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
        self
    }

    /// Takes `n` steps, or as many as are left.
    pub fn steps(&mut self, n: usize) -> &Self {
        for _ in 0..n {
            if self.is_finished() {
                break;
            }
            self.step();
        }
        self
    }

    /// Steps taken so far: nodes given a value.
    fn taken(&self) -> usize {
        self.events[..self.applied]
            .iter()
            .filter(|event| matches!(event, Event::Leave(..)))
            .count()
    }

    /// Goes back one step: the node evaluated last is unknown again.
    pub fn back(&mut self) -> &Self {
        let taken = self.taken();
        self.restart();
        self.steps(taken.saturating_sub(1))
    }

    /// Walks to the end of the search.
    pub fn finish(&mut self) -> &Self {
        while !self.is_finished() {
            self.step();
        }
        self
    }

    /// Starts the search again from nothing.
    pub fn restart(&mut self) -> &Self {
        self.applied = 0;
        self.last_evaluated = None;
        self.findings.fill(Finding::Unvisited);
        self.windows.fill(None);
        self.best.fill(None);
        self
    }

    /// Whether the search has ended.
    pub fn is_finished(&self) -> bool {
        self.applied >= self.events.len()
    }

    /// The search walking the tree.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn algorithm(&self) -> Pruning {
        self.algorithm
    }

    /// What the search knows of each node so far, seen by max (the player to move at the
    /// root), in the tree's order.
    pub fn findings(&self) -> &[Finding<S>] {
        &self.findings
    }

    pub(crate) fn finding(&self, node: usize) -> Finding<S> {
        self.findings
            .get(node)
            .copied()
            .unwrap_or(Finding::Unvisited)
    }

    /// Alpha and beta at node `index` as the search last saw them, from max's point of view
    /// (alpha: what max is sure of; beta: what min is sure of), once the search has reached it.
    pub fn window(&self, index: usize) -> Option<(Bound<S>, Bound<S>)> {
        self.windows.get(index).copied().flatten()
    }

    /// The best value found so far at `node`, seen by max.
    pub(crate) fn best_so_far(&self, node: usize) -> Option<S> {
        self.best.get(node).copied().flatten()
    }

    /// The node evaluated by the last step.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn last_evaluated(&self) -> Option<usize> {
        self.last_evaluated
    }

    /// Nodes with a value so far, exact or a bound.
    pub fn evaluated(&self) -> usize {
        self.findings.iter().filter(|f| f.is_evaluated()).count()
    }

    /// Nodes alpha-beta has skipped so far.
    pub fn skipped(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| **f == Finding::Skipped)
            .count()
    }

    /// Leaves (nodes without moves) alpha-beta has skipped so far.
    pub fn skipped_leaves(&self) -> usize {
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
            Pruning::AlphaBeta => {
                let (alpha, beta) = self.window(node)?;
                Some(format!(
                    "\u{3b1} {} \u{b7} \u{3b2} {}",
                    bound(alpha),
                    bound(beta)
                ))
            }
            Pruning::None => match self.finding(node) {
                Finding::Searching { .. } => {
                    let best = self.best_so_far(node)?;
                    Some(format!("best so far {}", show(best)))
                }
                _ => None,
            },
        }
    }
}
