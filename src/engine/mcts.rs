//! Monte Carlo tree search: how today's strongest game programs choose a move, without knowing
//! anything about the game but its rules.
//!
//! Each **playout** grows a tree of positions by one:
//!
//! 1. **Selection.** From the root, go down the tree, at each position to the move with the
//!    highest [`ucb1`] value: the moves that have scored well, and the moves tried least.
//! 2. **Expansion.** Stop at the first position no playout has reached: it is added to the
//!    tree.
//! 3. **Playout.** From there, play random moves to the end of the game.
//! 4. **Back-propagation.** On the way back up to the root, every position on the path counts
//!    one more visit, and the result for the player who moved into it: a win 1, a draw ½, a
//!    loss 0 (kept in half points, so every count is a whole number).
//!
//! After the last playout the move tried most often is played. The same search from the same
//! seed always grows the same tree.
//!
//! ```
//! use magic_tictactoe::TicTacToe;
//! use magic_tictactoe::engine::mcts::Mcts;
//! use magic_tictactoe::{Board, Square};
//!
//! // X holds 1 and 2 and O the centre: X to move wins on 3, and 1,000 playouts find it.
//! let board: Board = "XX./.O./..O".parse()?;
//! let tree = Mcts::new(1_000)?.search(&TicTacToe::default(), &board);
//! assert_eq!(tree.best_move(), Some(Square::TopRight));
//! assert_eq!(tree.root_node().visits, 1_000);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use super::budget::Budget;
use crate::rules::text::thousands;
use crate::rules::{Counted, Ending, LimitError, Player, TwoPlayerGame};

/// The most playouts one search may make: on tic-tac-toe, a search this big takes well under a
/// second in a notebook cell, compiled as the notebooks compile (`cargo bench` reports it).
pub const MAX_PLAYOUTS: u32 = 200_000;

/// The exploration constant unless told otherwise: √2, the value of the UCB1 formula's proof.
pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// The largest exploration constant a search takes; a larger one is taken as this.
pub const MAX_EXPLORATION: f64 = 100.0;

/// The most positions a search keeps in its tree. A game with many moves from each position
/// fills it before the playouts run out; the rest of the playouts then start from the
/// positions already there.
pub const MAX_NODES: usize = 1_000_000;

/// The most moves the playouts of one search make, all together. A game whose playouts are
/// long (or never end) stops its search there, with the playouts made so far: see
/// [`MctsTree::stopped_early`]. Tic-tac-toe's largest search makes about 110,000; Connect Four
/// on 8 by 8 reaches the limit in about 0.7 s in a notebook cell (`cargo run --example limits`).
pub const MAX_SEARCH_MOVES: u64 = 400_000;

/// The most moves one search looks at on its way down the tree, all together: selection looks
/// at every move of each position it passes (to compare their UCB1 values), and expansion lists
/// them. Tic-tac-toe's largest search looks at about 7 million; a game with 100,000 moves a
/// position reaches the limit after 200 playouts, and stops there.
pub const MAX_SELECTION_MOVES: u64 = 20_000_000;

pub use crate::rules::MAX_PLAYOUT_MOVES;

/// How many moves of a playout between two looks at the search's time.
const PLAYOUT_MOVES_BETWEEN_LOOKS: u64 = 16;

/// A Monte Carlo tree search: how many playouts, how much it explores, and its seed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mcts {
    playouts: u32,
    exploration: f64,
    seed: u64,
}

impl Mcts {
    /// A search of `playouts` playouts (1 to [`MAX_PLAYOUTS`]), with the exploration constant
    /// [`DEFAULT_EXPLORATION`] and the crate's seed.
    ///
    /// # Errors
    ///
    /// A [`LimitError`] for no playouts, or more than [`MAX_PLAYOUTS`].
    pub fn new(playouts: u32) -> Result<Mcts, LimitError> {
        if playouts == 0 {
            return Err(LimitError {
                counted: Counted::Playouts,
                asked: 0,
                limit: 1,
            });
        }
        LimitError::check(Counted::Playouts, playouts, u64::from(MAX_PLAYOUTS))?;
        Ok(Mcts {
            playouts,
            exploration: DEFAULT_EXPLORATION,
            seed: super::seed::DEFAULT_SEED,
        })
    }

    /// The same search with exploration constant `c`: 0 only ever follows the best score so
    /// far, larger values try the less-tried moves more. Negative values and NaN count as 0,
    /// values above [`MAX_EXPLORATION`] as that.
    #[must_use]
    pub fn exploration(mut self, c: f64) -> Mcts {
        self.exploration = clamp_exploration(c);
        self
    }

    /// The same search with its random playouts drawn from `seed`.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Mcts {
        self.seed = seed;
        self
    }

    /// How many playouts it makes.
    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// Its exploration constant.
    pub fn exploration_constant(&self) -> f64 {
        self.exploration
    }

    /// Its seed.
    pub fn seed_used(&self) -> u64 {
        self.seed
    }

    /// Searches `position` of `game` and returns the tree it grew.
    pub fn search<G: TwoPlayerGame>(&self, game: &G, position: &G::Position) -> MctsTree<G> {
        self.search_watched(game, position, &mut ())
    }

    /// Searches as [`Mcts::search`] does, telling `watch` each step.
    pub fn search_watched<G: TwoPlayerGame, W: Watch<G>>(
        &self,
        game: &G,
        position: &G::Position,
        watch: &mut W,
    ) -> MctsTree<G> {
        let mut random = fastrand::Rng::with_seed(self.seed);
        search(
            game,
            position,
            self.playouts,
            self.exploration,
            &mut random,
            watch,
        )
    }
}

fn clamp_exploration(c: f64) -> f64 {
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
pub struct NodeId(u32);

impl NodeId {
    /// The position's place in the order the search added positions: 0 for the root.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The id of the position added `index`-th (0 for the root), whether or not a tree has it.
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
    parent: u32,
    first_child: u32,
    children: u32,
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

/// The tree a [`Mcts`] search grew: its positions with their visits and scores.
#[derive(Clone)]
pub struct MctsTree<G: TwoPlayerGame> {
    nodes: Vec<Node<G>>,
    exploration: f64,
    asked: u32,
    /// Why the search stopped before its playouts, if it did.
    stopped: Option<LimitError>,
    /// Moves it looked at on its way down the tree and made in its playouts.
    work: u64,
    /// What the game's own code said when it panicked, and in which playout, if it did.
    panicked: Option<String>,
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

    /// Whether the search stopped before the playouts asked for: see [`MctsTree::stopped_by`]
    /// and [`MctsTree::panicked`].
    pub fn stopped_early(&self) -> bool {
        self.stopped.is_some() || self.panicked.is_some()
    }

    /// Where and how the game's own code panicked, if it did: the search stopped there, and
    /// the tree is the one grown by the playouts before.
    pub fn panicked(&self) -> Option<&str> {
        self.panicked.as_deref()
    }

    /// Why the search stopped before the playouts asked for, if it did: its playouts made
    /// [`MAX_SEARCH_MOVES`] moves (a game whose playouts are very long, or never end), its way
    /// down the tree looked at [`MAX_SELECTION_MOVES`] (a game with very many moves a
    /// position), the root has more moves than the tree holds ([`MAX_NODES`]), or it took
    /// [`MAX_SECONDS`](super::budget::MAX_SECONDS).
    pub fn stopped_by(&self) -> Option<LimitError> {
        self.stopped
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

/// A game whose playouts follow a learner's **playout policy** instead of purely random moves:
/// `policy` is asked for each playout move and answers with the move it would play, or `None` to
/// leave that move to chance. Everything else is the game's own. A move the game does not allow,
/// or a policy that panics, gets a random move instead, and [`PlayoutPolicy::fault`] says what
/// went wrong the first time.
///
/// [`PlayoutPolicy::new`] keeps the policy boxed, so that a notebook cell can keep the game in a
/// variable (`let smart = PlayoutPolicy::new(...)`: the kernel must be able to write its type);
/// [`PlayoutPolicy::with_policy`] keeps any function as it is, one that borrows a variable of
/// the cell's among them, for use inside one cell or outside a notebook.
///
/// ```
/// use magic_tictactoe::engine::mcts::{Mcts, PlayoutPolicy};
/// use magic_tictactoe::TicTacToe;
/// use magic_tictactoe::{Board, Square};
///
/// // Playouts that take a win when there is one: better judges of a position.
/// fn win_if_you_can(board: &Board) -> Option<Square> {
///     board.winning_moves(board.turn()).first()
/// }
/// let smart = PlayoutPolicy::new(TicTacToe::default(), win_if_you_can);
/// let board: Board = "XX./OO./...".parse()?;
/// assert_eq!(Mcts::new(100)?.search(&smart, &board).best_move(), Some(Square::TopRight));
/// assert_eq!(smart.fault(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PlayoutPolicy<G: TwoPlayerGame, F = Policy<G>> {
    game: G,
    policy: F,
    fault: std::cell::RefCell<Option<String>>,
}

impl<G: TwoPlayerGame, F> fmt::Debug for PlayoutPolicy<G, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayoutPolicy")
            .field("fault", &self.fault.borrow())
            .finish_non_exhaustive()
    }
}

/// A playout policy kept boxed: a type that a notebook can write, and so keep in a variable.
pub type Policy<G> =
    Box<dyn Fn(&<G as TwoPlayerGame>::Position) -> Option<<G as TwoPlayerGame>::Move>>;

impl<G: TwoPlayerGame> PlayoutPolicy<G> {
    /// `game`, its playouts led by `policy`, kept boxed.
    pub fn new(
        game: G,
        policy: impl Fn(&G::Position) -> Option<G::Move> + 'static,
    ) -> PlayoutPolicy<G> {
        PlayoutPolicy::with_policy(game, Box::new(policy))
    }
}

impl<G: TwoPlayerGame, F: Fn(&G::Position) -> Option<G::Move>> PlayoutPolicy<G, F> {
    /// `game`, its playouts led by `policy`, kept as it is: a function or closure of any kind,
    /// one that borrows from the cell included.
    ///
    /// ```
    /// use magic_tictactoe::engine::mcts::{Mcts, PlayoutPolicy};
    /// use magic_tictactoe::{Board, Square, TicTacToe};
    ///
    /// let favourite = vec![Square::Centre, Square::TopLeft];
    /// let led = PlayoutPolicy::with_policy(TicTacToe::default(), |board: &Board| {
    ///     favourite.iter().copied().find(|&square| board.empty_squares().contains(square))
    /// });
    /// assert!(Mcts::new(50)?.search(&led, &Board::new()).best_move().is_some());
    /// # Ok::<(), magic_tictactoe::LimitError>(())
    /// ```
    pub fn with_policy(game: G, policy: F) -> PlayoutPolicy<G, F> {
        PlayoutPolicy {
            game,
            policy,
            fault: std::cell::RefCell::new(None),
        }
    }

    /// What went wrong the first time the policy chose a move the game does not allow, or
    /// panicked; `None` when it never did.
    pub fn fault(&self) -> Option<String> {
        self.fault.borrow().clone()
    }

    fn note(&self, what: String) {
        let mut fault = self.fault.borrow_mut();
        if fault.is_none() {
            *fault = Some(what);
        }
    }
}

impl<G: TwoPlayerGame, F: Fn(&G::Position) -> Option<G::Move>> TwoPlayerGame
    for PlayoutPolicy<G, F>
{
    type Position = G::Position;
    type Move = G::Move;

    fn start(&self) -> G::Position {
        self.game.start()
    }
    fn to_move(&self, position: &G::Position) -> Player {
        self.game.to_move(position)
    }
    fn moves(&self, position: &G::Position) -> Vec<G::Move> {
        self.game.moves(position)
    }
    fn play(&self, position: &G::Position, chosen: G::Move) -> G::Position {
        self.game.play(position, chosen)
    }
    fn ending(&self, position: &G::Position) -> Option<Ending> {
        self.game.ending(position)
    }

    fn random_move(&self, position: &G::Position, random: &mut fastrand::Rng) -> Option<G::Move> {
        match super::learner::run(|| (self.policy)(position)) {
            Ok(None) => {}
            Ok(Some(chosen)) => {
                if self.game.moves(position).contains(&chosen) {
                    return Some(chosen);
                }
                self.note(format!(
                    "your playout policy chose {chosen:?}, which is not a move there, so a random move was played instead"
                ));
            }
            Err(message) => self.note(format!(
                "your playout policy panicked ({message}), so a random move was played instead"
            )),
        }
        self.game.random_move(position, random)
    }
}

/// Watches a search step by step: each method is called as the search does what it names.
/// Every method does nothing unless a watcher says otherwise, and `()` watches nothing, so an
/// unwatched search costs nothing for them.
pub trait Watch<G: TwoPlayerGame> {
    /// A playout begins.
    fn playout_begins(&mut self) {}
    /// Selection went from `parent` to its child `child`.
    fn selected(&mut self, _parent: NodeId, _child: NodeId) {}
    /// `node` is reached for the first time: the position added to the tree.
    fn added(&mut self, _node: NodeId) {}
    /// The playout made this move (random, or the playout policy's).
    fn played(&mut self, _chosen: G::Move) {}
    /// The playout ended so.
    fn ended(&mut self, _ending: Ending) {}
    /// `node`'s visits and score were updated on the way back to the root.
    fn backed_up(&mut self, _node: NodeId) {}
}

impl<G: TwoPlayerGame> Watch<G> for () {}

/// Grows a tree from `position` by `playouts` playouts. A panic in the game's own code stops
/// the search: the same seed grows the same tree, so it grows it again silently up to the
/// playout before, and the tree says where the game panicked ([`MctsTree::panicked`]).
pub(crate) fn search<G: TwoPlayerGame, W: Watch<G>>(
    game: &G,
    position: &G::Position,
    playouts: u32,
    exploration: f64,
    random: &mut fastrand::Rng,
    watch: &mut W,
) -> MctsTree<G> {
    let seed = random.get_seed();
    let made = std::cell::Cell::new(0);
    // The second growth shares the call's time with the first.
    let _call = Budget::new(u64::MAX, u32::MAX);
    let first =
        super::learner::run(|| grow(game, position, playouts, exploration, random, watch, &made));
    let message = match first {
        Ok(tree) => return tree,
        Err(message) => message,
    };
    let before = made.get().saturating_sub(1);
    let panicked = Some(format!(
        "the game's own code panicked in playout {}: {message}",
        thousands(u64::from(before) + 1)
    ));
    let again = super::learner::run(|| {
        let mut random = fastrand::Rng::with_seed(seed);
        let made = std::cell::Cell::new(0);
        grow(
            game,
            position,
            before,
            exploration,
            &mut random,
            &mut (),
            &made,
        )
    });
    match again {
        Ok(tree) => MctsTree { panicked, ..tree },
        // The position searched itself panicked (its ending, or whose turn it is): a tree of
        // that position alone.
        Err(_) => MctsTree {
            nodes: vec![Node {
                position: position.clone(),
                chosen: None,
                mover: Player::O,
                ending: None,
                visits: 0,
                half_points: 0,
                parent: 0,
                first_child: 0,
                children: 0,
            }],
            exploration: clamp_exploration(exploration),
            asked: playouts.min(MAX_PLAYOUTS),
            stopped: None,
            work: 0,
            panicked,
        },
    }
}

/// [`search`]'s growth, counting in `made` the playouts begun.
fn grow<G: TwoPlayerGame, W: Watch<G>>(
    game: &G,
    position: &G::Position,
    playouts: u32,
    exploration: f64,
    random: &mut fastrand::Rng,
    watch: &mut W,
    made: &std::cell::Cell<u32>,
) -> MctsTree<G> {
    let exploration = clamp_exploration(exploration);
    let root = Node {
        position: position.clone(),
        chosen: None,
        mover: !game.to_move(position),
        ending: game.ending(position),
        visits: 0,
        half_points: 0,
        parent: 0,
        first_child: 0,
        children: 0,
    };
    let mut nodes = vec![root];
    let asked = playouts.min(MAX_PLAYOUTS);
    let mut moves = 0u64;
    let budget = Budget::new(MAX_SELECTION_MOVES, u32::MAX);
    let mut stopped = None;
    for _ in 0..asked {
        if moves >= MAX_SEARCH_MOVES {
            stopped = Some(LimitError {
                counted: Counted::MovesSearched,
                asked: moves,
                limit: MAX_SEARCH_MOVES,
            });
            break;
        }
        if !budget.in_time() {
            stopped = budget.refusal();
            break;
        }
        made.set(made.get() + 1);
        watch.playout_begins();
        let leaf = match select(game, &mut nodes, exploration, watch, &budget) {
            Ok(leaf) => leaf,
            Err(refusal) => {
                stopped = Some(refusal);
                break;
            }
        };
        let played = match nodes[leaf].ending {
            Some(ending) => Some(ending),
            None => game.play_out(nodes[leaf].position.clone(), random, |chosen| {
                moves += 1;
                watch.played(chosen);
                // A playout on a big board can take seconds: it stops when the time is up
                // (looked at every few moves: a short playout costs no look).
                if !moves.is_multiple_of(PLAYOUT_MOVES_BETWEEN_LOOKS) || budget.in_time() {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            }),
        };
        // A playout stopped before its end counts for nothing: the tree is as before it.
        let Some(ending) = played else {
            made.set(made.get() - 1);
            stopped = budget.refusal();
            break;
        };
        watch.ended(ending);
        let mut at = leaf;
        loop {
            let node = &mut nodes[at];
            node.visits += 1;
            node.half_points += ending.half_points(node.mover);
            watch.backed_up(NodeId(at as u32));
            if at == 0 {
                break;
            }
            at = node.parent as usize;
        }
    }
    MctsTree {
        nodes,
        exploration,
        asked,
        stopped,
        work: budget.moves_spent().saturating_add(moves),
        panicked: None,
    }
}

/// Selection and expansion: from the root down by UCB1 to the first position not visited yet
/// (or to the end of a game); returns it. Every move looked at on the way is spent from
/// `budget`; a position whose moves the tree cannot hold stops the search.
fn select<G: TwoPlayerGame, W: Watch<G>>(
    game: &G,
    nodes: &mut Vec<Node<G>>,
    exploration: f64,
    watch: &mut W,
    budget: &Budget,
) -> Result<usize, LimitError> {
    let mut at = 0;
    loop {
        if nodes[at].ending.is_some() {
            return Ok(at);
        }
        if nodes[at].children == 0 {
            match expand(game, nodes, at, budget) {
                Expanded::Yes => {}
                // A learner's game that lists no moves from a position it says is in play: the
                // playout from there decides.
                Expanded::NoMoves => return Ok(at),
                Expanded::TreeFull if at > 0 => return Ok(at),
                Expanded::OutOfBudget => return Err(budget.reason()),
                Expanded::TreeFull => {
                    return Err(LimitError {
                        counted: Counted::Nodes,
                        asked: (nodes.len() + game.moves(&nodes[0].position).len()) as u64,
                        limit: MAX_NODES as u64,
                    });
                }
            }
        }
        let node = &nodes[at];
        let (first, count) = (node.first_child as usize, node.children as usize);
        if !budget.count(count) {
            return Err(budget.refusal().unwrap_or(LimitError {
                counted: Counted::MovesSearched,
                asked: MAX_SELECTION_MOVES + 1,
                limit: MAX_SELECTION_MOVES,
            }));
        }
        let log_visits = f64::from(node.visits.max(1)).ln();
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for (child, c) in nodes.iter().enumerate().skip(first).take(count) {
            if c.visits == 0 {
                best = child;
                break;
            }
            let visits = f64::from(c.visits);
            let value = f64::from(c.half_points) / (2.0 * visits)
                + exploration * (log_visits / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        watch.selected(NodeId(at as u32), NodeId(best as u32));
        at = best;
        if nodes[at].visits == 0 {
            watch.added(NodeId(at as u32));
            return Ok(at);
        }
    }
}

/// What [`expand`] did.
enum Expanded {
    Yes,
    NoMoves,
    TreeFull,
    /// The budget ran out (time or memory) while it added the positions.
    OutOfBudget,
}

/// Adds the positions one move from `at` to the tree, unless it cannot: the tree is full, or a
/// learner's game lists no moves from a position it says is in play.
fn expand<G: TwoPlayerGame>(
    game: &G,
    nodes: &mut Vec<Node<G>>,
    at: usize,
    budget: &Budget,
) -> Expanded {
    if nodes.len() >= MAX_NODES {
        return Expanded::TreeFull;
    }
    let position = nodes[at].position.clone();
    let moves = game.moves(&position);
    budget.count(moves.len());
    if moves.is_empty() {
        return Expanded::NoMoves;
    }
    if nodes.len() + moves.len() > MAX_NODES {
        return Expanded::TreeFull;
    }
    let mover = game.to_move(&position);
    let first = nodes.len() as u32;
    for chosen in moves {
        // A game with many moves and large positions can fill the memory in one expansion:
        // the budget looks at it between moves, and the positions added so far are let go.
        if !budget.in_time() {
            nodes.truncate(first as usize);
            return Expanded::OutOfBudget;
        }
        let next = game.play(&position, chosen);
        nodes.push(Node {
            ending: game.ending(&next),
            position: next,
            chosen: Some(chosen),
            mover,
            visits: 0,
            half_points: 0,
            parent: at as u32,
            first_child: 0,
            children: 0,
        });
    }
    nodes[at].first_child = first;
    nodes[at].children = nodes.len() as u32 - first;
    Expanded::Yes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::TicTacToe;
    use crate::rules::{Board, Square};

    #[test]
    fn every_visit_is_counted_once_on_the_way_up() {
        for playouts in [1, 2, 9, 10, 100, 2_000] {
            let tree = Mcts::new(playouts)
                .unwrap()
                .search(&TicTacToe::default(), &Board::new());
            assert_eq!(tree.playouts(), playouts);
            // The root is not a playout's leaf, so it is one visit above its children's, once
            // its children exist.
            let below: u32 = tree
                .children(tree.root())
                .map(|c| tree.node(c).unwrap().visits)
                .sum();
            assert_eq!(below, playouts);
            for child in tree.children(tree.root()) {
                check_counts_from(&tree, child);
            }
        }
    }

    fn check_counts_from(tree: &MctsTree<TicTacToe>, id: NodeId) {
        let node = tree.node(id).unwrap();
        assert!(node.half_points <= 2 * node.visits);
        let below: u32 = tree
            .children(id)
            .map(|c| tree.node(c).unwrap().visits)
            .sum();
        let ended_here = u32::from(node.visits > 0 && node.ending.is_some());
        if tree.children(id).next().is_some() {
            // Expanded on its first revisit: its first visit was its own playout.
            assert_eq!(node.visits, below + 1, "at {}", node.position);
        } else {
            assert!(node.visits <= 1 || ended_here == 1, "at {}", node.position);
        }
        for child in tree.children(id) {
            check_counts_from(tree, child);
        }
    }

    #[test]
    fn the_same_seed_grows_the_same_tree_and_another_seed_another() {
        let search = Mcts::new(500).unwrap();
        let a = search.search(&TicTacToe::default(), &Board::new());
        let b = search.search(&TicTacToe::default(), &Board::new());
        assert_eq!(a.nodes, b.nodes);
        let c = search.seed(7).search(&TicTacToe::default(), &Board::new());
        assert_ne!(a.nodes, c.nodes);
    }

    #[test]
    fn it_takes_a_win_and_blocks_a_loss() {
        let search = Mcts::new(2_000).unwrap();
        let win: Board = "XX./OO./...".parse().unwrap();
        assert_eq!(
            search.search(&TicTacToe::default(), &win).best_move(),
            Some(Square::TopRight)
        );
        let block: Board = "XX./.O./...".parse().unwrap();
        assert_eq!(
            search.search(&TicTacToe::default(), &block).best_move(),
            Some(Square::TopRight)
        );
    }

    #[test]
    fn a_finished_game_has_no_move_and_every_playout_ends_at_the_root() {
        let over: Board = "XXX/OO./...".parse().unwrap();
        let tree = Mcts::new(10).unwrap().search(&TicTacToe::default(), &over);
        assert_eq!(tree.best_move(), None);
        assert_eq!(tree.len(), 1);
        assert_eq!(tree.playouts(), 10);
        // X made the last move and won: 10 wins for X.
        assert_eq!(tree.root_node().half_points, 20);
    }

    #[test]
    fn limits_refuse_in_a_sentence_and_strange_constants_are_clamped() {
        assert_eq!(
            Mcts::new(0).unwrap_err().to_string(),
            "0 playouts is fewer than the 1 this needs"
        );
        assert!(Mcts::new(MAX_PLAYOUTS + 1).is_err());
        let search = Mcts::new(5).unwrap();
        assert_eq!(search.exploration(f64::NAN).exploration_constant(), 0.0);
        assert_eq!(search.exploration(-1.0).exploration_constant(), 0.0);
        assert_eq!(
            search.exploration(f64::INFINITY).exploration_constant(),
            MAX_EXPLORATION
        );
    }

    #[test]
    fn the_tree_s_ucb1_is_the_formula_s() {
        let tree = Mcts::new(300)
            .unwrap()
            .search(&TicTacToe::default(), &Board::new());
        for child in tree.children(tree.root()) {
            let node = tree.node(child).unwrap();
            assert_eq!(
                tree.ucb1(child),
                Some(ucb1(
                    node.half_points,
                    node.visits,
                    300,
                    DEFAULT_EXPLORATION
                ))
            );
        }
    }

    /// A game that never ends and lists no moves from positions it calls in play: the search
    /// still comes back, counting such games as draws.
    #[test]
    fn a_game_that_never_ends_still_comes_back() {
        struct Forever;
        impl TwoPlayerGame for Forever {
            type Position = u8;
            type Move = u8;
            fn start(&self) -> u8 {
                0
            }
            fn to_move(&self, _: &u8) -> Player {
                Player::X
            }
            fn moves(&self, &p: &u8) -> Vec<u8> {
                if p < 3 { vec![p + 1] } else { vec![] }
            }
            fn play(&self, _: &u8, m: u8) -> u8 {
                m
            }
            fn ending(&self, _: &u8) -> Option<Ending> {
                None
            }
        }
        struct Loop;
        impl TwoPlayerGame for Loop {
            type Position = ();
            type Move = ();
            fn start(&self) {}
            fn to_move(&self, _: &()) -> Player {
                Player::O
            }
            fn moves(&self, _: &()) -> Vec<()> {
                vec![()]
            }
            fn play(&self, _: &(), _: ()) {}
            fn ending(&self, _: &()) -> Option<Ending> {
                None
            }
        }
        let tree = Mcts::new(20).unwrap().search(&Forever, &0);
        assert_eq!(tree.playouts(), 20);
        let tree = Mcts::new(3).unwrap().search(&Loop, &());
        assert_eq!(tree.playouts(), 3);
        assert!(!tree.stopped_early());
        // Each endless playout counts as a draw: half a win for the side that moved last.
        assert_eq!(tree.root_node().half_points, 3);
        // Asked for the most playouts, an endless game stops at the moves' limit.
        let tree = Mcts::new(MAX_PLAYOUTS).unwrap().search(&Loop, &());
        assert!(tree.stopped_early());
        assert_eq!(
            u64::from(tree.playouts()),
            MAX_SEARCH_MOVES / u64::from(crate::rules::MAX_PLAYOUT_MOVES)
        );
    }
}
