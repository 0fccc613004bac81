//! The search itself: selection by UCB1, expansion, a playout, back-propagation, playout after
//! playout within the search's budget, with a [`Watch`] told each step.

use std::ops::ControlFlow;

use super::super::budget::Budget;
use super::super::learner;
use super::tree::{MctsTree, Node, NodeId, clamp_exploration};
use crate::rules::text::thousands;
use crate::rules::{Counted, Ending, LimitError, Player, TwoPlayerGame};

/// The most playouts one search may make: on tic-tac-toe, a search this big takes well under a
/// second in a notebook cell, compiled as the notebooks compile (`cargo bench` reports it).
pub const MAX_PLAYOUTS: u32 = 200_000;

/// The most positions a search keeps in its tree. A game with many moves from each position
/// fills it before the playouts run out; the rest of the playouts then start from the
/// positions already there.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_NODES: usize = 1_000_000;

/// The most moves the playouts of one search make, all together. A game whose playouts are
/// long (or never end) stops its search there, with the playouts made so far: see
/// [`MctsTree::stopped_by`]. Tic-tac-toe's largest search makes about 110,000; Connect Four
/// on 8 by 8 reaches the limit in about 0.7 s in a notebook cell (`cargo run --example limits`).
pub const MAX_SEARCH_MOVES: u64 = 400_000;

/// The most moves one search looks at on its way down the tree, all together: selection looks
/// at every move of each position it passes (to compare their UCB1 values), and expansion lists
/// them. Tic-tac-toe's largest search looks at about 7 million; a game with 100,000 moves a
/// position reaches the limit after 200 playouts, and stops there.
pub const MAX_SELECTION_MOVES: u64 = 20_000_000;

/// How many moves of a playout between two looks at the search's time.
const PLAYOUT_MOVES_BETWEEN_LOOKS: u64 = 16;

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
    let first = learner::run(|| grow(game, position, playouts, exploration, random, watch, &made));
    let message = match first {
        Ok(tree) => return tree,
        Err(message) => message,
    };
    let before = made.get().saturating_sub(1);
    let panicked = Some(format!(
        "the game's own code panicked in playout {}: {message}",
        thousands(u64::from(before) + 1)
    ));
    let again = learner::run(|| {
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
