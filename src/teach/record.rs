//! How a player did against one opponent on one side: the record a challenge and a depth study
//! show.

use std::fmt;

use super::tournament::Rates;
use crate::rules::Player;

/// How a player did against one opponent on one side, as chances from 0 to 1 seen from the
/// player's side. A forfeit counts as a loss, and is also counted on its own.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Record {
    /// The chance it wins.
    pub wins: f64,
    /// The chance of a draw.
    pub draws: f64,
    /// The chance it loses, forfeits included.
    pub losses: f64,
    /// The chance it forfeits: its code chose a move it may not make, or panicked.
    pub forfeits: f64,
}

impl Record {
    pub(crate) fn of(rates: Rates, side: Player, forfeits: f64) -> Record {
        Record {
            wins: *rates.get(Some(side)),
            draws: rates.draws,
            losses: *rates.get(Some(!side)),
            forfeits,
        }
    }

    /// Whether it never lost (nor forfeited): exactly, or in every game played.
    pub fn never_loses(&self) -> bool {
        self.losses == 0.0
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "won {:.1} % \u{b7} drew {:.1} % \u{b7} lost {:.1} %",
            100.0 * self.wins,
            100.0 * self.draws,
            100.0 * self.losses
        )?;
        if self.forfeits > 0.0 {
            write!(f, " (forfeited {:.1} %)", 100.0 * self.forfeits)?;
        }
        Ok(())
    }
}
