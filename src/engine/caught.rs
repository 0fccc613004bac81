//! A search of a learner's game that the game's own code stops: its rules panicked, and the
//! search says where, in the game's moves, instead of the cell showing a backtrace.
//!
//! The searches that run a game's rules ([`solve`](super::solve::solve) and the rest of its
//! family, [`SolvedGame::new`](super::SolvedGame::new),
//! [`search_ahead`](super::solve::search_ahead), [`perft_for`](super::perft::perft_for)) run through
//! [`catching`]: a panic is caught at the call's edge
//! ([`learner::run`](super::learner::run)), and the search runs once more keeping a [`Trail`],
//! the moves from the position it was asked about and the game's method it is calling, which
//! turns the panic into a [`RulesPanic`].

use std::cell::{Cell, RefCell};
use std::fmt;

use super::learner;
use crate::rules::LimitError;
use crate::rules::text::debug_as_sentence;

/// Why a search of a game gave no answer: it reached a limit, or the game's own code panicked.
///
/// ```
/// use magic_tictactoe::engine::solve::solve;
/// use magic_tictactoe::{Ending, Player, SearchError, TwoPlayerGame};
///
/// /// Take 1 or 2 sticks, but `play` forgets that a heap can run out.
/// struct Careless;
///
/// impl TwoPlayerGame for Careless {
///     type Position = (u32, Player);
///     type Move = u32;
///     fn start(&self) -> (u32, Player) { (3, Player::X) }
///     fn to_move(&self, &(_, turn): &(u32, Player)) -> Player { turn }
///     fn moves(&self, _: &(u32, Player)) -> Vec<u32> { vec![1, 2] }
///     fn play(&self, &(sticks, turn): &(u32, Player), take: u32) -> (u32, Player) {
///         (sticks - take, !turn)
///     }
///     fn ending(&self, &(sticks, turn): &(u32, Player)) -> Option<Ending> {
///         (sticks == 0).then_some(Ending::Won(!turn))
///     }
/// }
///
/// let Err(SearchError::Panicked(panic)) = solve(&Careless, &Careless.start()) else {
///     panic!("the search should catch the game's panic")
/// };
/// assert_eq!(panic.method, "play");
/// assert_eq!(panic.moves, ["1", "1", "2"]);
/// assert_eq!(
///     panic.to_string(),
///     "the game's own `play` panicked playing 2 after the moves 1, 1: attempt to subtract with overflow"
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SearchError {
    /// It reached a limit: too many moves, too deep, or too long.
    Limit(LimitError),
    /// The game's own code panicked, and the search stopped there.
    Panicked(RulesPanic),
}

impl SearchError {
    /// The limit it reached, if that is why it stopped.
    pub fn limit(&self) -> Option<LimitError> {
        match self {
            SearchError::Limit(limit) => Some(*limit),
            SearchError::Panicked(_) => None,
        }
    }
}

impl From<LimitError> for SearchError {
    fn from(limit: LimitError) -> SearchError {
        SearchError::Limit(limit)
    }
}

impl From<RulesPanic> for SearchError {
    fn from(panic: RulesPanic) -> SearchError {
        SearchError::Panicked(panic)
    }
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Limit(limit) => limit.fmt(f),
            SearchError::Panicked(panic) => panic.fmt(f),
        }
    }
}

impl std::error::Error for SearchError {}

/// Where a game's own code panicked in a search: the method, the moves that led there, and
/// the panic's message.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RulesPanic {
    /// The game's method that panicked: `"play"`, `"moves"`, `"ending"` or `"to_move"`; or
    /// `"evaluation"`, the learner's evaluation in a search so far ahead.
    pub method: &'static str,
    /// The moves from the position the search was asked about, as the game's `Debug` writes
    /// them; when `play` panicked, the last is the move it was playing.
    pub moves: Vec<String>,
    /// What the panic said.
    pub message: String,
}

impl fmt::Display for RulesPanic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (playing, before) = match (self.method, self.moves.split_last()) {
            ("play", Some((last, before))) => (Some(last), before),
            _ => (None, &self.moves[..]),
        };
        if self.method == "evaluation" {
            write!(f, "the evaluation panicked")?;
        } else {
            write!(f, "the game's own `{}` panicked", self.method)?;
        }
        if let Some(last) = playing {
            write!(f, " playing {last}")?;
        }
        match before {
            [] if playing.is_some() => {}
            [] => write!(f, " at the position the search began from")?,
            [one] => write!(f, " after the move {one}")?,
            many => write!(f, " after the moves {}", many.join(", "))?,
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for RulesPanic {}

debug_as_sentence!(SearchError, RulesPanic);

/// The game's methods a search calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Method {
    ToMove,
    Moves,
    Play,
    Ending,
    /// A learner's evaluation of a position, in a search so far ahead.
    Evaluate,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::ToMove => "to_move",
            Method::Moves => "moves",
            Method::Play => "play",
            Method::Ending => "ending",
            Method::Evaluate => "evaluation",
        }
    }
}

/// What a search tells about where it is, so that a panic in the game's code can be said in
/// the game's moves. A search is written once, generic over it: [`Quiet`] on its first run,
/// which compiles to nothing, and a [`Trail`] on the second run of a search that panicked
/// ([`catching`]).
pub(crate) trait Track<M> {
    /// About to call `method` on the position `depth` moves deep.
    fn asking(&self, method: Method, depth: usize);
    /// About to call `method` on the position the search is at.
    fn asking_here(&self, method: Method);
    /// About to play `chosen` from the position `depth` moves deep.
    fn playing(&self, chosen: M, depth: usize);
    /// How many moves deep the search is.
    fn depth(&self) -> usize;
}

/// A search's first run: nothing kept.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Quiet;

impl<M> Track<M> for Quiet {
    #[inline(always)]
    fn asking(&self, _: Method, _: usize) {}
    #[inline(always)]
    fn asking_here(&self, _: Method) {}
    #[inline(always)]
    fn playing(&self, _: M, _: usize) {}
    #[inline(always)]
    fn depth(&self) -> usize {
        0
    }
}

/// The moves from the search's first position to the one it is at, and the game's method it
/// is calling.
pub(crate) struct Trail<M> {
    moves: RefCell<Vec<M>>,
    method: Cell<Method>,
}

impl<M: Copy + fmt::Debug> Trail<M> {
    fn new() -> Trail<M> {
        Trail {
            moves: RefCell::new(Vec::new()),
            method: Cell::new(Method::Ending),
        }
    }

    fn panic(&self, message: String) -> RulesPanic {
        RulesPanic {
            method: self.method.get().name(),
            moves: self
                .moves
                .borrow()
                .iter()
                .map(|chosen| format!("{chosen:?}"))
                .collect(),
            message,
        }
    }
}

impl<M: Copy> Track<M> for Trail<M> {
    fn asking(&self, method: Method, depth: usize) {
        self.moves.borrow_mut().truncate(depth);
        self.method.set(method);
    }

    fn asking_here(&self, method: Method) {
        self.method.set(method);
    }

    fn playing(&self, chosen: M, depth: usize) {
        let mut moves = self.moves.borrow_mut();
        moves.truncate(depth);
        moves.push(chosen);
        self.method.set(Method::Play);
    }

    fn depth(&self) -> usize {
        self.moves.borrow().len()
    }
}

/// Runs a search, `quiet`, which calls a game's code. A panic in it is caught: the same search
/// runs again, `traced`, keeping a trail to find where (a search goes the same way each time),
/// and the error says so. A game whose code panicked the first time but not the second gets
/// the second run's answer.
pub(crate) fn catching<M: Copy + fmt::Debug, R>(
    quiet: impl FnOnce() -> R,
    traced: impl FnOnce(&Trail<M>) -> R,
) -> Result<R, RulesPanic> {
    if let Ok(answer) = learner::run(quiet) {
        return Ok(answer);
    }
    let trail = Trail::new();
    learner::run(|| traced(&trail)).map_err(|message| trail.panic(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_told_with_the_moves_and_the_method() {
        let runs = Cell::new(0);
        let search = |track: &dyn Track<u32>| -> u32 {
            runs.set(runs.get() + 1);
            track.playing(1, 0);
            track.playing(2, 1);
            track.asking(Method::Moves, 1);
            track.playing(3, 1);
            track.asking(Method::Ending, 2);
            panic!("no ending here")
        };
        let caught = catching(|| search(&Quiet), |trail| search(trail));
        assert_eq!(runs.get(), 2, "once, and again to find where");
        let panic = caught.unwrap_err();
        assert_eq!(panic.method, "ending");
        assert_eq!(panic.moves, ["1", "3"]);
        assert_eq!(
            panic.to_string(),
            "the game's own `ending` panicked after the moves 1, 3: no ending here"
        );
        // A search that answers runs once.
        let once = Cell::new(0);
        let answer = |_: &dyn Track<u32>| {
            once.set(once.get() + 1);
            5
        };
        assert_eq!(catching(|| answer(&Quiet), |trail| answer(trail)), Ok(5));
        assert_eq!(once.get(), 1);
        // Code that panics only the first time: the second run's answer.
        let calls = Cell::new(0);
        let flaky = |_: &dyn Track<u32>| {
            calls.set(calls.get() + 1);
            assert!(calls.get() > 1, "only once");
            7
        };
        assert_eq!(catching(|| flaky(&Quiet), |trail| flaky(trail)), Ok(7));
        let at_start = RulesPanic {
            method: "moves",
            moves: Vec::new(),
            message: "oops".to_owned(),
        };
        assert_eq!(
            at_start.to_string(),
            "the game's own `moves` panicked at the position the search began from: oops"
        );
        let first = RulesPanic {
            method: "play",
            moves: vec!["7".to_owned()],
            message: "oops".to_owned(),
        };
        assert_eq!(
            first.to_string(),
            "the game's own `play` panicked playing 7: oops"
        );
    }
}
