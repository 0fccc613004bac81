//! One count (or chance) for each way a game can end.

use std::fmt;

use super::text::thousands;
use super::{Ending, Player};

/// One value for each way a game can end: X wins, O wins, a draw.
///
/// `Tally<u64>` counts games, `Tally<f64>` holds chances or rates. A forfeit counts as a win
/// for the other player.
///
/// ```
/// use magic_tictactoe::{Board, Ending, Player, Tally};
///
/// let mut tally = Tally::default();
/// tally.record(Ending::Drawn);
/// tally.record("XXX/OO./...".parse::<Board>()?.outcome().unwrap());
/// assert_eq!(tally, Tally { x_wins: 1, o_wins: 0, draws: 1 });
/// assert_eq!(tally.total(), 2);
/// assert_eq!(*tally.get(Some(Player::X)), 1);
/// assert_eq!(tally.to_string(), "X wins 1, O wins 0, draws 1");
/// # Ok::<(), magic_tictactoe::ParseBoardError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tally<T> {
    /// Games X wins.
    pub x_wins: T,
    /// Games O wins.
    pub o_wins: T,
    /// Games nobody wins.
    pub draws: T,
}

impl<T> Tally<T> {
    /// The value for the games won by `winner`, or drawn when `winner` is `None`.
    pub fn get(&self, winner: Option<Player>) -> &T {
        match winner {
            Some(Player::X) => &self.x_wins,
            Some(Player::O) => &self.o_wins,
            None => &self.draws,
        }
    }

    /// The value for the games won by `winner` (drawn when `None`), to change.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn get_mut(&mut self, winner: Option<Player>) -> &mut T {
        match winner {
            Some(Player::X) => &mut self.x_wins,
            Some(Player::O) => &mut self.o_wins,
            None => &mut self.draws,
        }
    }

    /// The tally with `f` applied to each of its three values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Tally<U> {
        Tally {
            x_wins: f(self.x_wins),
            o_wins: f(self.o_wins),
            draws: f(self.draws),
        }
    }
}

impl Tally<u64> {
    /// All three added up; a tally made by hand with counts near `u64::MAX` stops at
    /// `u64::MAX` rather than overflowing.
    pub fn total(&self) -> u64 {
        self.x_wins
            .saturating_add(self.o_wins)
            .saturating_add(self.draws)
    }
}

impl Tally<f64> {
    /// All three added up.
    pub fn total(&self) -> f64 {
        self.x_wins + self.o_wins + self.draws
    }
}

impl Tally<u64> {
    /// Counts one more game that ended with `ending`.
    pub fn record(&mut self, ending: Ending) {
        self.count(ending.winner());
    }

    /// Counts one more game won by `winner`, or drawn when `winner` is `None`.
    pub fn count(&mut self, winner: Option<Player>) {
        let count = self.get_mut(winner);
        *count = count.saturating_add(1);
    }

    /// Each count as a share of all the games (all zero when there are none).
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn shares(&self) -> Tally<f64> {
        let total = self.total();
        if total == 0 {
            return Tally::default();
        }
        self.map(|count| count as f64 / total as f64)
    }
}

impl fmt::Display for Tally<u64> {
    /// `X wins 131,184, O wins 77,904, draws 46,080`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "X wins {}, O wins {}, draws {}",
            thousands(self.x_wins),
            thousands(self.o_wins),
            thousands(self.draws)
        )
    }
}

impl fmt::Display for Tally<f64> {
    /// The chances in percent, one decimal unless asked: `X wins 58.5 %, O wins 28.8 %,
    /// draws 12.7 %`; `{:.2}` gives two decimals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = f.precision().unwrap_or(1).min(6);
        write!(
            f,
            "X wins {:.digits$} %, O wins {:.digits$} %, draws {:.digits$} %",
            100.0 * self.x_wins,
            100.0 * self.o_wins,
            100.0 * self.draws
        )
    }
}
