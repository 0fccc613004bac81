//! Monte Carlo tree search: the search at the heart of AlphaGo (there guided by neural
//! networks), which chooses a move knowing nothing about the game but its rules.
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

use crate::rules::{Counted, LimitError, TwoPlayerGame};

/// The exploration constant unless told otherwise: √2, the value of the UCB1 formula's proof.
pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;

mod grow;
mod tree;

pub use super::playout_policy::{PlayoutPolicy, Policy};
pub(crate) use grow::search;
pub use grow::{MAX_PLAYOUTS, MAX_SEARCH_MOVES, MAX_SELECTION_MOVES, Watch};
use tree::clamp_exploration;
pub use tree::{MctsTree, Node, NodeId, ucb1};
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub use {crate::rules::MAX_PLAYOUT_MOVES, grow::MAX_NODES, tree::MAX_EXPLORATION};

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
    /// values above 100 as that.
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

    /// The seed its playouts are drawn from.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn seed_used(&self) -> u64 {
        self.seed
    }

    /// How many playouts it makes.
    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// Its exploration constant.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn exploration_constant(&self) -> f64 {
        self.exploration
    }

    /// Searches `position` of `game` and returns the tree it grew.
    pub fn search<G: TwoPlayerGame>(&self, game: &G, position: &G::Position) -> MctsTree<G> {
        self.search_watched(game, position, &mut ())
    }

    /// Searches as [`Mcts::search`] does, telling `watch` each step.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::TicTacToe;
    use crate::rules::{Board, Square};
    use crate::rules::{Ending, Player};

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
            super::tree::MAX_EXPLORATION
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
        assert!(tree.stopped_by().is_none() && tree.panicked().is_none());
        // Each endless playout counts as a draw: half a win for the side that moved last.
        assert_eq!(tree.root_node().half_points, 3);
        // Asked for the most playouts, an endless game stops at the moves' limit.
        let tree = Mcts::new(MAX_PLAYOUTS).unwrap().search(&Loop, &());
        assert!(tree.stopped_by().is_some() || tree.panicked().is_some());
        assert_eq!(
            u64::from(tree.playouts()),
            MAX_SEARCH_MOVES / u64::from(crate::rules::MAX_PLAYOUT_MOVES)
        );
    }
}
