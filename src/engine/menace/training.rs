//! What MENACE's games and training come to: a game move by move, and the learning curve of a
//! run of games.

use super::matchbox::{DrawnBead, MatchBox};
use crate::engine::play::Finish;
use crate::rules::Board;

/// One game of MENACE's, move by move, and what it learned from it.
#[derive(Debug, Clone, PartialEq)]
pub struct MenaceGame {
    /// The positions from the empty board to the last.
    pub boards: Vec<Board>,
    /// The beads MENACE drew, in order. Its last move, when only one square is free, needs no
    /// box and is not here.
    pub draws: Vec<DrawnBead>,
    /// How it ended.
    pub ending: Finish,
    /// The name of the other side.
    pub against: String,
    /// Beads added to (or, when negative, taken from) each box used.
    pub change: i64,
}

impl MenaceGame {
    /// The last position.
    pub fn board(&self) -> Board {
        self.boards.last().copied().unwrap_or_default()
    }
}

/// The learning curve of a run of training games.
#[derive(Debug, Clone, PartialEq)]
pub struct Training {
    pub(super) against: String,
    pub(super) endings: Vec<Finish>,
    pub(super) games_before: u64,
    pub(super) watched: Board,
    pub(super) history: Vec<(u64, Option<MatchBox>)>,
}

/// The games of one block of a [`Training`]: how many MENACE won, drew and lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BlockOfGames {
    /// The number of its first game, counting from 1 in this training.
    pub first_game: u64,
    /// Games in the block.
    pub games: u64,
    /// Games MENACE won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games MENACE lost, resignations included.
    pub losses: u64,
    /// Games the other side forfeited.
    pub forfeits: u64,
}

/// Blocks a learning curve is cut into, at most.
pub const BLOCKS: u64 = 20;

impl Training {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.endings.len() as u64
    }

    /// The other side's name.
    pub fn against(&self) -> &str {
        &self.against
    }

    /// The games it had played before this training.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn games_before(&self) -> u64 {
        self.games_before
    }

    /// How each game ended, in order.
    pub fn endings(&self) -> &[Finish] {
        &self.endings
    }

    /// All the games as one block.
    pub fn total(&self) -> BlockOfGames {
        block_of(1, &self.endings)
    }

    /// The games in blocks of equal size (the last may be shorter), at most [`BLOCKS`] of them.
    pub fn blocks(&self) -> Vec<BlockOfGames> {
        let size = self.block_size();
        self.endings
            .chunks(size)
            .enumerate()
            .map(|(i, games)| block_of(1 + (i * size) as u64, games))
            .collect()
    }

    /// Games in each block of [`Training::blocks`].
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn block_size(&self) -> usize {
        (self.endings.len().div_ceil(BLOCKS as usize)).max(1)
    }

    /// Michie's measure: after each game, wins so far less losses so far.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn excess(&self) -> Vec<i64> {
        self.endings
            .iter()
            .scan(0i64, |excess, ending| {
                match ending {
                    Finish::Won => *excess += 1,
                    e if e.is_loss() => *excess -= 1,
                    _ => {}
                }
                Some(*excess)
            })
            .collect()
    }

    /// The number (from 1) of the last game MENACE lost, or `None` if it lost none.
    pub fn last_loss(&self) -> Option<u64> {
        self.endings
            .iter()
            .rposition(|ending| ending.is_loss())
            .map(|i| i as u64 + 1)
    }

    /// The position whose box was watched: the first box unless
    /// [`Menace::train_watching`](super::Menace::train_watching) chose another.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn watched(&self) -> Board {
        self.watched
    }

    /// The watched box before the first game and after each block: (games played in this
    /// training, the box, or `None` while it was not yet opened).
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn history(&self) -> &[(u64, Option<MatchBox>)] {
        &self.history
    }
}

fn block_of(first_game: u64, endings: &[Finish]) -> BlockOfGames {
    let mut block = BlockOfGames {
        first_game,
        games: endings.len() as u64,
        ..BlockOfGames::default()
    };
    for ending in endings {
        match ending {
            Finish::Won => block.wins += 1,
            Finish::Drawn => block.draws += 1,
            Finish::Lost | Finish::Forfeited => block.losses += 1,
            Finish::OpponentForfeited => block.forfeits += 1,
        }
    }
    block
}

#[cfg(test)]
mod tests {
    use crate::engine::Level;
    use crate::engine::menace::Menace;

    #[test]
    fn the_excess_after_the_last_game_is_wins_less_losses() {
        let mut menace = Menace::new();
        let training = menace
            .train(Level::Blunders(30), 1_234)
            .expect("within the limit");
        let (excess, total) = (training.excess(), training.total());
        assert_eq!(excess.len(), 1_234);
        assert_eq!(excess[1_233], total.wins as i64 - total.losses as i64);
        // The watched box before the first game, then after each block.
        let history = training.history();
        assert_eq!(history.len(), training.blocks().len() + 1);
        assert_eq!(history[0], (0, None));
        assert_eq!(history.last().map(|h| h.0), Some(1_234));
    }
}
