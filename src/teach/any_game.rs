//! The names that checked a learner's search and challenged a learner's player on any game
//! before tic-tac-toe's tools took every game: the checks are now [`check_minimax_for`](super::search_check::check_minimax_for) and
//! [`check_negamax_for`](super::search_check::check_negamax_for), the challenge [`Challenge::new_for`]; and the any-game forms
//! named before every one was its tic-tac-toe name and `_for` (`Challenge::of_game` and
//! `PlayoutSteps::of_game`).
//! Lessons written with these names go on working, with the bounds they had (a position that
//! prints with `{:?}`, no [`ShowGame`] needed).
//!
//! ```
//! # #![allow(deprecated)]
//! use magic_tictactoe::any_game::{check_game_negamax, GameChallenge};
//! // (Today: `check_negamax_for(&game, search)` and `Challenge::new_for(&game, name, player)`.)
//! use magic_tictactoe::games::TakeAway;
//! use magic_tictactoe::{Player, TwoPlayerGame};
//!
//! let heap = TakeAway::new(10);
//! let challenge = GameChallenge::new(&heap, "one at a time", |_: &(u32, Player)| 1);
//! assert!(challenge.record("perfect", Player::X).unwrap().losses > 0.99);
//! assert!(!check_game_negamax(&heap, |_| 0)?.is_right());
//! # Ok::<(), magic_tictactoe::SearchError>(())
//! ```

use std::hash::Hash;

use std::fmt;

use super::challenge::Challenge;
use super::playouts::PlayoutSteps;
use super::search_check::{Mistake, SearchCheck};
use crate::render::ShowGame;
use crate::rules::TwoPlayerGame;

pub use super::challenge::{GAMES_EACH, MAX_CHALLENGE_SEARCH_MOVES};
#[allow(deprecated)]
pub use super::search_check::{MAX_GAME_CHECKS, check_game_minimax, check_game_negamax};
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub use crate::engine::play::MAX_GAME_MOVES;
/// The old name of [`MAX_CHALLENGE_SEARCH_MOVES`], from when it counted only the playouts' moves.
#[doc(hidden)]
#[deprecated(since = "0.2.0", note = "use MAX_CHALLENGE_SEARCH_MOVES")]
pub const MAX_CHALLENGE_PLAYOUT_MOVES: u64 = MAX_CHALLENGE_SEARCH_MOVES;

/// What a check of a learner's search on any game found: a [`SearchCheck`].
#[deprecated(note = "the checks of every game give a `SearchCheck`")]
pub type GameSearchCheck<G> = SearchCheck<G>;

/// Where a learner's search on any game first went wrong: a [`Mistake`].
#[deprecated(note = "the checks of every game give a `Mistake`")]
pub type GameMistake<G> = Mistake<<G as TwoPlayerGame>::Position>;

/// A learner's player against the computer on any game: [`Challenge::new_for`].
#[derive(Debug, Clone, Copy)]
#[deprecated(note = "a challenge on any game is `Challenge::new_for`")]
pub struct GameChallenge;

#[allow(deprecated)]
impl GameChallenge {
    /// `player`, named `name`, against the computer on `game`, as [`Challenge::new_for`] plays
    /// it; a forfeit's position is printed as `{:?}` prints it (the game needs no words of its
    /// own, as it did not before).
    #[allow(
        clippy::new_ret_no_self,
        reason = "the old name of a constructor of `Challenge`"
    )]
    pub fn new<G, P>(game: &G, name: &str, player: P) -> Challenge<G>
    where
        G: TwoPlayerGame + 'static,
        G::Position: Hash + Eq + fmt::Debug,
        P: FnMut(&G::Position) -> G::Move,
    {
        let game_name = crate::rules::text::type_name_in_words::<G>();
        Challenge::played(game, &game_name, name, player, &|position| {
            format!("{position:?}")
        })
    }
}

impl<G> Challenge<G>
where
    G: ShowGame + 'static,
    G::Position: Hash + Eq,
{
    /// The old name of [`Challenge::new_for`].
    #[deprecated(
        note = "a call's any-game form is its tic-tac-toe name and `_for`: `Challenge::new_for`"
    )]
    pub fn of_game<P>(game: &G, name: &str, player: P) -> Challenge<G>
    where
        P: FnMut(&G::Position) -> G::Move,
    {
        Challenge::new_for(game, name, player)
    }
}

impl<G: ShowGame> PlayoutSteps<G> {
    /// The old name of [`PlayoutSteps::new_for`].
    #[deprecated(
        note = "a call's any-game form is its tic-tac-toe name and `_for`: `PlayoutSteps::new_for`"
    )]
    pub fn of_game(game: G, position: G::Position) -> PlayoutSteps<G> {
        PlayoutSteps::new_for(game, position)
    }
}
