//! A game whose random playouts a learner's **playout policy** leads: the moves a Monte Carlo
//! tree search plays to the end of a game, chosen by the learner's function where it answers.

use std::fmt;

use crate::rules::{Ending, Player, TwoPlayerGame};

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
