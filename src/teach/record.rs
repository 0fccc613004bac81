//! How a player did against one opponent on one side: the record a challenge and a depth study
//! show.

use std::fmt;
use std::fmt::Write as _;

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

    /// The record as it is read out of `games` games played: counts of games for a sample too
    /// small for a percentage to mean much ("won 8 · drew 1 · lost 1 of 10 games"), else the
    /// percentages, as `to_string` gives them.
    pub(crate) fn of_games(&self, games: u32) -> String {
        if games >= FEW_GAMES {
            return self.to_string();
        }
        let count = |share: f64| (share * f64::from(games)).round() as u32;
        let mut said = format!(
            "won {} \u{b7} drew {} \u{b7} lost {} of {games} {}",
            count(self.wins),
            count(self.draws),
            count(self.losses),
            if games == 1 { "game" } else { "games" }
        );
        if self.forfeits > 0.0 {
            let _ = write!(said, " (forfeited {})", count(self.forfeits));
        }
        said
    }
}

/// Fewer games than this are said as counts, not percentages: 8 of 10 is not "80.0 %".
const FEW_GAMES: u32 = 100;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_games_are_said_as_counts_and_many_as_percentages() {
        let record = Record {
            wins: 0.8,
            draws: 0.1,
            losses: 0.1,
            forfeits: 0.0,
        };
        assert_eq!(
            record.of_games(10),
            "won 8 \u{b7} drew 1 \u{b7} lost 1 of 10 games"
        );
        assert_eq!(record.of_games(1_000), record.to_string());
        assert_eq!(
            record.to_string(),
            "won 80.0 % \u{b7} drew 10.0 % \u{b7} lost 10.0 %"
        );
        let forfeited = Record {
            wins: 0.0,
            draws: 0.0,
            losses: 1.0,
            forfeits: 1.0,
        };
        assert_eq!(
            forfeited.of_games(1),
            "won 0 \u{b7} drew 0 \u{b7} lost 1 of 1 game (forfeited 1)"
        );
    }
}
