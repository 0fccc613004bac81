//! The limits on the counts a learner passes: how many games to sample, how big a grid, how
//! many players in a tournament. Stopping a long cell kills the kernel and every variable of the
//! notebook with it, so a call asked for too much refuses at once, and says what the limit is,
//! rather than running for minutes.

use std::fmt;

use super::text::{debug_as_sentence, thousands};

/// What a limited count counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Counted {
    /// Games to play or sample.
    Games,
    /// Levels in a tournament.
    Levels,
    /// Players in a tournament.
    Players,
    /// Rows and columns of a grid.
    GridSize,
    /// Positions in a tree to draw.
    Positions,
    /// Moves deep a search goes.
    Depth,
    /// Nodes of a game tree drawn on paper.
    Nodes,
    /// Playouts of a Monte Carlo tree search.
    Playouts,
    /// Moves a search looks at, all together.
    MovesSearched,
    /// Processor seconds one call takes: a backstop for what the counts cannot see.
    Seconds,
    /// Megabytes of memory one call adds: a backstop for what the counts cannot see.
    Megabytes,
    /// Positions a search keeps that have one hash: a game whose positions' `Hash` writes
    /// too little to tell them apart.
    SameHash,
}

impl Counted {
    fn word(self) -> &'static str {
        match self {
            Counted::Games => "games",
            Counted::Levels => "levels",
            Counted::Players => "players",
            Counted::GridSize => "rows and columns",
            Counted::Positions => "positions",
            Counted::Depth => "moves ahead",
            Counted::Nodes => "nodes",
            Counted::Playouts => "playouts",
            Counted::MovesSearched => "moves searched",
            Counted::Seconds => "seconds",
            Counted::Megabytes => "megabytes",
            Counted::SameHash => "positions with one hash",
        }
    }
}

/// A count above the limit a call allows.
///
/// ```
/// use magic_tictactoe::tournament::Rates;
/// use magic_tictactoe::Level;
///
/// let error = Rates::sampled(Level::Random, Level::Random, 5_000_000, 1).unwrap_err();
/// assert_eq!(error.to_string(), "5,000,000 games is more than the 100,000 this allows");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct LimitError {
    /// What was counted.
    pub counted: Counted,
    /// How many were asked for.
    pub asked: u64,
    /// The most allowed.
    pub limit: u64,
}

impl LimitError {
    /// `Ok(n)` when `n` is at most `limit`; the error otherwise.
    ///
    /// # Errors
    ///
    /// [`LimitError`] when `n` is above `limit`.
    pub fn check<N: TryInto<u64> + Copy>(
        counted: Counted,
        n: N,
        limit: u64,
    ) -> Result<u64, LimitError> {
        let asked = n.try_into().unwrap_or(u64::MAX);
        if asked <= limit {
            Ok(asked)
        } else {
            Err(LimitError {
                counted,
                asked,
                limit,
            })
        }
    }
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = self.counted.word();
        if self.counted == Counted::Seconds {
            // Nobody asks for seconds: the call ran out of them.
            return write!(
                f,
                "it worked for {} seconds, the most a call may take, and stopped",
                thousands(self.limit)
            );
        }
        if self.counted == Counted::Depth {
            // Nobody asks for a depth here either: the game went on deeper than a search goes.
            return write!(
                f,
                "the game went on more than {} moves deep without ending, the deepest a search \
                 may go: a game whose positions can come back never ends in a search, so search \
                 only a few moves ahead (search_ahead), or end the game after a number of moves",
                thousands(self.limit)
            );
        }
        if self.counted == Counted::Megabytes {
            return write!(
                f,
                "it needed more than {} MB of memory, the most a call may take here, and stopped: \
                 a smaller board, fewer playouts or positions that hold less would fit",
                thousands(self.limit)
            );
        }
        if self.counted == Counted::SameHash {
            return write!(
                f,
                "{} of the positions it kept had one hash, more than the {} this allows: telling \
                 them apart one by one would take minutes. The position's `Hash` must write \
                 everything that tells two positions apart (`#[derive(Hash)]` does)",
                thousands(self.asked),
                thousands(self.limit)
            );
        }
        if self.asked == self.limit {
            // A search that stops as it reaches its limit.
            return write!(
                f,
                "it reached the {} {word} this allows and stopped",
                thousands(self.limit)
            );
        }
        if self.asked < self.limit {
            // Only a count below the smallest allowed comes here: the limit is that smallest.
            write!(
                f,
                "{} {word} is fewer than the {} this needs",
                thousands(self.asked),
                thousands(self.limit)
            )
        } else {
            write!(
                f,
                "{} {word} is more than the {} this allows",
                thousands(self.asked),
                thousands(self.limit)
            )
        }
    }
}

impl std::error::Error for LimitError {}

debug_as_sentence!(LimitError);
