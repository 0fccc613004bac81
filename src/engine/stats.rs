//! How big the game is, counted by enumeration when asked.
//!
//! Nothing here is a stored answer: every number is counted by walking the game.
//!
//! ```
//! use magic_tictactoe::{stats, Board};
//!
//! assert_eq!(stats::perft(Board::new(), 2), 72);
//! let games = stats::count_games(Board::new());
//! assert_eq!(games.total(), games.endings.total());
//! ```

use std::collections::HashSet;
use std::fmt;

use super::Value;
use crate::rules::text::thousands;
use crate::rules::{Board, Tally};

pub use super::perft::perft;

/// Complete games (move sequences played to a win or a full board), and how they end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameCounts {
    /// How the games end.
    pub endings: Tally<u64>,
    /// Games by their number of moves: `by_length[n]` ended after `n` moves in all.
    pub by_length: [u64; 10],
}

impl GameCounts {
    /// All complete games.
    pub fn total(&self) -> u64 {
        self.endings.total()
    }
}

/// Every complete game that continues from `board`, counted.
pub fn count_games(board: Board) -> GameCounts {
    let mut counts = GameCounts::default();
    walk_games(board, &mut counts);
    counts
}

fn walk_games(board: Board, counts: &mut GameCounts) {
    // `is_over` and `winner` are table loads; which line won is never needed here.
    if board.is_over() {
        counts.endings.count(board.winner());
        counts.by_length[board.moves_made()] += 1;
    } else {
        for square in board.empty_squares() {
            walk_games(board.play_unchecked(square), counts);
        }
    }
}

/// `perft(board, depth)` for every depth from 0 to 9, in one walk of the tree.
#[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
pub fn perft_by_depth(board: Board) -> [u64; 10] {
    fn walk(board: Board, depth: usize, counts: &mut [u64; 10]) {
        counts[depth] += 1;
        if depth < 9 && !board.is_over() {
            for square in board.empty_squares() {
                walk(board.play_unchecked(square), depth + 1, counts);
            }
        }
    }
    let mut counts = [0; 10];
    walk(board, 0, &mut counts);
    counts
}

/// Every position reachable from the empty board (the empty board included), each once, in
/// order of the number of moves made.
pub fn reachable_positions() -> Vec<Board> {
    let mut seen = HashSet::from([Board::new()]);
    let mut positions = vec![Board::new()];
    let mut next = 0;
    while let Some(&board) = positions.get(next) {
        next += 1;
        for (_, child) in board.children() {
            if seen.insert(child) {
                positions.push(child);
            }
        }
    }
    positions
}

/// The first position (in the order of [`reachable_positions`]) where the side to move can win
/// at once, but the first winning move in keypad order is a slower win: a program that takes
/// the first move scoring "a win" dawdles there. `None` if there were none (there is one).
///
/// ```
/// use magic_tictactoe::{stats, Value};
///
/// let dawdle = stats::first_win_not_fastest().unwrap();
/// assert_eq!(dawdle.analysis().value(), Some(Value::Win(1)));
/// let first_win = dawdle.analysis().iter().find(|(_, value)| value.is_win()).unwrap().1;
/// assert!(first_win.plies() > 1);
/// ```
pub fn first_win_not_fastest() -> Option<Board> {
    reachable_positions().into_iter().find(|board| {
        let analysis = board.analysis();
        let first_win = analysis.iter().find(|(_, value)| value.is_win());
        first_win.is_some_and(|(_, value)| value.plies() > 1)
            && analysis.value() == Some(Value::Win(1))
    })
}

/// Distinct positions of the game, counted several ways.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PositionCounts {
    /// Positions reachable from the empty board, the empty board included.
    pub reachable: usize,
    /// Of those, the finished ones.
    pub terminal: usize,
    /// How the finished positions ended.
    pub endings: Tally<u64>,
    /// Reachable positions by the number of marks on the board.
    pub by_ply: [usize; 10],
    /// Reachable positions, counting turns and flips of one position once.
    pub up_to_symmetry: usize,
    /// Finished positions, counting turns and flips of one position once.
    pub terminal_up_to_symmetry: usize,
    /// Positions up to symmetry, by the number of marks on the board.
    pub up_to_symmetry_by_ply: [usize; 10],
}

/// Counts the distinct positions by walking every one.
pub fn count_positions() -> PositionCounts {
    let mut counts = PositionCounts::default();
    let mut canonical = HashSet::new();
    for board in reachable_positions() {
        counts.reachable += 1;
        counts.by_ply[board.moves_made()] += 1;
        let new_family = canonical.insert(board.canonical());
        if new_family {
            counts.up_to_symmetry += 1;
            counts.up_to_symmetry_by_ply[board.moves_made()] += 1;
        }
        if let Some(outcome) = board.outcome() {
            counts.terminal += 1;
            counts.terminal_up_to_symmetry += usize::from(new_family);
            counts.endings.record(outcome);
        }
    }
    counts
}

/// The game's vital statistics, all counted on the spot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statistics {
    /// `perft[d]`: move sequences of `d` moves from the empty board, `d` from 0 to 9.
    pub perft: Vec<u64>,
    /// Complete games from the empty board.
    pub games: GameCounts,
    /// Distinct positions.
    pub positions: PositionCounts,
}

impl Statistics {
    /// Counts everything from the empty board (a few tens of milliseconds).
    pub fn compute() -> Statistics {
        Statistics {
            perft: perft_by_depth(Board::new()).to_vec(),
            games: count_games(Board::new()),
            positions: count_positions(),
        }
    }
}

impl fmt::Display for Statistics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |numbers: &mut dyn Iterator<Item = u64>| {
            numbers.map(thousands).collect::<Vec<_>>().join(", ")
        };
        let positions = &self.positions;
        writeln!(
            f,
            "move sequences (perft) by depth 0 to 9: {}",
            list(&mut self.perft.iter().copied())
        )?;
        writeln!(
            f,
            "complete games: {} ({})",
            thousands(self.games.total()),
            self.games.endings
        )?;
        writeln!(
            f,
            "games by length 0 to 9: {}",
            list(&mut self.games.by_length.iter().copied())
        )?;
        writeln!(
            f,
            "positions: {} reachable, {} finished ({})",
            thousands(positions.reachable as u64),
            positions.terminal,
            positions.endings
        )?;
        write!(
            f,
            "up to symmetry: {} positions, {} finished",
            positions.up_to_symmetry, positions.terminal_up_to_symmetry
        )
    }
}
