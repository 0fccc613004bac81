//! Perfect play, solved once: every position's value, for any game ([`SolvedGame`]), and
//! tic-tac-toe's own table, kept by board code, which answers [`Board::value`] and the perfect
//! player's moves with one load.
//!
//! One memoised negamax, `solve`, fills a table of 19,683 entries, one per base-3 board code.
//! The crate's shared table starts empty and is filled as questions come: the first question
//! about a position solves the positions below it (a few hundred, mid-game), and every later
//! question about any of them is one load. [`Table::build`] runs the same solve into a table
//! of its own, for a class to count what solving everything costs.

use std::fmt;
use std::hash::Hash;
use std::sync::atomic::{AtomicU8, AtomicU16, Ordering};

use super::Value;
use super::budget::{Budget, max_depth};
use super::caught::{Method, Quiet, SearchError, Track, catching};
use super::memo::{MOST_ALIKE, Memo as PositionMemo};
use super::search::value_if_over;
use crate::rules::{
    Board, Counted, Ending, LimitError, Player, Square, SquareSet, TicTacToe, TwoPlayerGame,
};

/// How many base-3 codes nine squares have: 3^9.
const CODES: usize = 19_683;

/// Where `solve` keeps what it has solved: a byte per position for the value (0 while
/// unsolved), and the best moves beside it. The values are kept apart from the moves because
/// the solve reads values far more often, and 19,683 bytes fit in a core's fastest cache where
/// 19,683 pairs would not.
trait Memo {
    /// How much a mark of `player` on `square` adds to a position's index in the memo.
    fn step(&self, square: Square, player: Player) -> usize;
    /// The value of the position at `index`, if solved.
    fn value(&self, index: usize) -> Option<Value>;
    /// Records a solved position.
    fn record(&mut self, index: usize, value: Value, best: SquareSet);
}

/// The index of `board` among the positions below `root`: the base-3 code of its marks on
/// the squares that were free at the root, where `powers[s]` is the weight of square `s`.
fn local_index(board: Board, powers: &[u16; 9]) -> usize {
    Square::ALL
        .into_iter()
        .map(|square| match board.get(square) {
            Some(Player::X) => usize::from(powers[square.index()]),
            Some(Player::O) => 2 * usize::from(powers[square.index()]),
            None => 0,
        })
        .sum()
}

/// The memo of a table of one's own: the positions below its root, indexed by the marks on
/// the squares free at the root (3^k entries for k free squares).
struct Entries {
    powers: [u16; 9],
    values: Box<[u8]>,
    best: Box<[u16]>,
}

impl Entries {
    /// An empty memo for the positions below `root`.
    fn below(root: Board) -> Entries {
        let mut powers = [0u16; 9];
        let mut size = 1usize;
        for square in root.empty_squares() {
            powers[square.index()] = size as u16;
            size *= 3;
        }
        Entries {
            powers,
            values: vec![0; size].into_boxed_slice(),
            best: vec![0; size].into_boxed_slice(),
        }
    }
}

impl Memo for Entries {
    #[inline]
    fn step(&self, square: Square, player: Player) -> usize {
        let weight = usize::from(self.powers[square.index()]);
        match player {
            Player::X => weight,
            Player::O => 2 * weight,
        }
    }

    #[inline]
    fn value(&self, index: usize) -> Option<Value> {
        Value::from_byte(self.values[index])
    }

    #[inline]
    fn record(&mut self, index: usize, value: Value, best: SquareSet) {
        self.best[index] = best.bits();
        self.values[index] = value.to_byte();
    }
}

/// The crate's shared table, filled on demand, indexed by board code.
struct Shared {
    values: [AtomicU8; CODES],
    best: [AtomicU16; CODES],
}

/// 3^i for each square `i`: the weight of a square in a board code.
const POWERS_OF_3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

impl Memo for &Shared {
    #[inline]
    fn step(&self, square: Square, player: Player) -> usize {
        let weight = POWERS_OF_3[square.index()];
        match player {
            Player::X => weight,
            Player::O => 2 * weight,
        }
    }

    #[inline]
    fn value(&self, code: usize) -> Option<Value> {
        // Acquire: once the value is seen, the best moves stored before it are seen too.
        Value::from_byte(self.values[code].load(Ordering::Acquire))
    }

    #[inline]
    fn record(&mut self, code: usize, value: Value, best: SquareSet) {
        // Two threads solving the same position store the same entry, so races are harmless.
        self.best[code].store(best.bits(), Ordering::Relaxed);
        self.values[code].store(value.to_byte(), Ordering::Release);
    }
}

static SHARED: Shared = Shared {
    values: [const { AtomicU8::new(0) }; CODES],
    best: [const { AtomicU16::new(0) }; CODES],
};

/// The value of `board`, at `index` in `memo`, from `memo` or by solving the positions below
/// it into `memo`; `solved` counts the positions newly solved.
fn solve<M: Memo>(memo: &mut M, board: Board, index: usize, solved: &mut usize) -> Value {
    if let Some(value) = memo.value(index) {
        return value;
    }
    let (value, best) = match value_if_over(board) {
        Some(value) => (value, SquareSet::EMPTY),
        None => {
            let mover = board.turn();
            let mut best_value = Value::LOWEST;
            let mut best = SquareSet::EMPTY;
            for square in board.empty_squares() {
                let next = index + memo.step(square, mover);
                let value =
                    Value::of_move_into(solve(memo, board.play_unchecked(square), next, solved));
                if value > best_value {
                    best_value = value;
                    best = SquareSet::from_square(square);
                } else if value == best_value {
                    best.insert(square);
                }
            }
            (best_value, best)
        }
    };
    memo.record(index, value, best);
    *solved += 1;
    value
}

/// The value of `board` and its best moves (none once the game is over): two loads once the
/// position has been solved, and a solve of the positions below it the first time.
#[inline]
pub(crate) fn entry(board: Board) -> (Value, SquareSet) {
    let value = value(board);
    let code = usize::from(board.code());
    (
        value,
        SquareSet::from_bits(SHARED.best[code].load(Ordering::Relaxed)),
    )
}

/// The value of `board`: one load once solved.
#[inline]
pub(crate) fn value(board: Board) -> Value {
    let code = usize::from(board.code());
    match (&SHARED).value(code) {
        Some(value) => value,
        None => solve(&mut &SHARED, board, code, &mut 0),
    }
}

/// The best moves on `board`: two loads once solved.
#[inline]
pub(crate) fn best_moves(board: Board) -> SquareSet {
    entry(board).1
}

/// The value and best moves of every position reachable from the empty board, solved into a
/// table of its own. Lookups read the table by [board code](Board::code): one indexed load.
///
/// ```
/// use magic_tictactoe::{solver::Table, Board, Value};
///
/// let table = Table::build();
/// assert_eq!(table.value(Board::new()), Value::Draw(9));
/// assert_eq!(table.positions(), magic_tictactoe::stats::reachable_positions().len());
/// ```
pub struct Table {
    root: Board,
    entries: Entries,
    positions: usize,
}

impl Table {
    /// Solves every position reachable from the empty board, each once.
    pub fn build() -> Table {
        Table::below(Board::new())
    }

    /// Solves `board` and every position that can follow it, each once: what a first question
    /// about `board` costs when nothing has been solved yet.
    ///
    /// ```
    /// use magic_tictactoe::{solver::Table, Board};
    ///
    /// let board: Board = "XO./.X./...".parse()?;
    /// let table = Table::below(board);
    /// assert_eq!(table.best_moves(board), board.best_moves());
    /// assert!(table.positions() < 5_478); // far fewer than the whole game
    /// # Ok::<(), magic_tictactoe::ParseBoardError>(())
    /// ```
    pub fn below(board: Board) -> Table {
        let mut entries = Entries::below(board);
        let mut positions = 0;
        solve(&mut entries, board, 0, &mut positions);
        Table {
            root: board,
            entries,
            positions,
        }
    }

    /// The value and best moves of `board`, if the table holds it.
    pub fn get(&self, board: Board) -> Option<(Value, SquareSet)> {
        // Only positions that keep every mark of the root can follow it.
        for player in Player::ALL {
            let root = self.root.squares(player);
            if board.squares(player).intersection(root) != root {
                return None;
            }
        }
        let index = local_index(board, &self.entries.powers);
        let value = self.entries.value(index)?;
        Some((value, SquareSet::from_bits(self.entries.best[index])))
    }

    fn entry(&self, board: Board) -> (Value, SquareSet) {
        // A table built from the empty board holds every board; one built below a position
        // holds what follows it, and is solved further when asked about anything else.
        self.get(board).unwrap_or_else(|| {
            let below = Table::below(board);
            below
                .get(board)
                .unwrap_or((Value::LOWEST, SquareSet::EMPTY))
        })
    }

    /// The value of `board` for the side to move (solved on the spot if the table does not
    /// hold it).
    pub fn value(&self, board: Board) -> Value {
        self.entry(board).0
    }

    /// The moves that keep the best value for the side to move; empty once the game is over.
    pub fn best_moves(&self, board: Board) -> SquareSet {
        self.entry(board).1
    }

    /// How many positions the table holds: every one reachable from where it was solved.
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The bytes the table takes: three for each position it can hold (a value, and the best
    /// moves); 59,049 for a table of the whole game, 3^9 positions by three bytes.
    pub fn size_in_bytes(&self) -> usize {
        std::mem::size_of_val(&*self.entries.values) + std::mem::size_of_val(&*self.entries.best)
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("positions", &self.positions)
            .field("size_in_bytes", &self.size_in_bytes())
            .finish()
    }
}

/// The most positions a [`SolvedGame`] holds: about a second to build in a notebook cell
/// (`cargo run --example limits`).
pub const MAX_SOLVED_POSITIONS: usize = 200_000;

/// The most moves a [`SolvedGame`] lists while it is built, all together: Connect Four on 4 by
/// 4 lists about 560,000. A game with many moves a position (a heap of a million sticks) is
/// refused at its first positions, before its moves fill the memory.
pub const MAX_SOLVED_MOVES: u64 = 2_000_000;

/// Every position of a game reachable from a start, each with its value under perfect play for
/// the player to move: the table a perfect player reads its moves from, and a learner's search
/// is checked against. Each position is searched once. Positions are kept by value (so they
/// must be `Hash` and `Eq`), in a list by number for a game that numbers its positions
/// ([`TwoPlayerGame::index`]: tic-tac-toe does, by board code).
///
/// Tic-tac-toe is the game unless another is given: `SolvedGame::tic_tac_toe()` solves it all.
///
/// ```
/// use magic_tictactoe::games::ConnectFour;
/// use magic_tictactoe::engine::solve::SolvedGame;
/// use magic_tictactoe::TwoPlayerGame;
/// use magic_tictactoe::{Board, Value};
///
/// let game = ConnectFour::new(4, 4)?;
/// let solved = SolvedGame::new(&game, &game.start())?;
/// assert!(solved.value(&game.start()).unwrap().is_draw());
/// assert_eq!(solved.best_moves(&game, &game.start()).len(), 4); // every column draws
///
/// let tic_tac_toe = SolvedGame::tic_tac_toe();
/// assert_eq!(tic_tac_toe.len(), 5_478);
/// assert_eq!(tic_tac_toe.value(&Board::new()), Some(Value::Draw(9)));
/// # Ok::<(), magic_tictactoe::SearchError>(())
/// ```
pub struct SolvedGame<G: TwoPlayerGame = TicTacToe> {
    values: PositionMemo<G, Value>,
    /// Every position, each after the positions below it (the order the walk finished them).
    order: Vec<G::Position>,
}

impl<G: TwoPlayerGame> fmt::Debug for SolvedGame<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolvedGame")
            .field("positions", &self.order.len())
            .finish()
    }
}

impl SolvedGame<TicTacToe> {
    /// Every position of tic-tac-toe, solved: 5,478 of them.
    pub fn tic_tac_toe() -> SolvedGame {
        let game = TicTacToe::default();
        // Tic-tac-toe is far inside every limit.
        SolvedGame::new(&game, &game.start()).unwrap_or_else(|_| SolvedGame {
            values: PositionMemo::new(),
            order: Vec::new(),
        })
    }
}

impl<G> SolvedGame<G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    /// Every position reachable from `start`, solved.
    ///
    /// # Errors
    ///
    /// [`SearchError::Limit`] when the game has more than [`MAX_SOLVED_POSITIONS`] positions
    /// from `start`, lists more than [`MAX_SOLVED_MOVES`] moves, goes deeper than its positions
    /// allow ([`max_depth`]), or takes more than [`MAX_SECONDS`](super::budget::MAX_SECONDS);
    /// [`SearchError::Panicked`] when the game's own code panics, with the moves from `start`
    /// that led there.
    pub fn new(game: &G, start: &G::Position) -> Result<SolvedGame<G>, SearchError> {
        fn run<G, T>(game: &G, start: &G::Position, trail: &T) -> Walked<G>
        where
            G: TwoPlayerGame,
            G::Position: Hash + Eq,
            T: Track<G::Move>,
        {
            let mut walk = Walk {
                game,
                solved: SolvedGame {
                    values: PositionMemo::new(),
                    order: Vec::new(),
                },
                budget: Budget::new(MAX_SOLVED_MOVES, max_depth::<G::Position>()),
                too_many: None,
                trail,
            };
            walk.value(start.clone(), 0);
            (walk.solved, walk.budget.refusal(), walk.too_many)
        }
        let (solved, refusal, too_many) =
            catching(|| run(game, start, &Quiet), |trail| run(game, start, trail))?;
        if let Some(refusal) = refusal {
            return Err(refusal.into());
        }
        if let Some(counted) = too_many {
            let limit = match counted {
                Counted::SameHash => MOST_ALIKE,
                _ => MAX_SOLVED_POSITIONS,
            } as u64;
            return Err(LimitError {
                counted,
                asked: limit + 1,
                limit,
            }
            .into());
        }
        Ok(solved)
    }

    /// The value of `position` for the player to move; `None` for a position not reachable
    /// from the start the table was solved from.
    pub fn value(&self, position: &G::Position) -> Option<Value> {
        self.values.get(position).copied()
    }

    /// The moves from `position` that keep its value (the best ones), in the game's order.
    pub fn best_moves(&self, game: &G, position: &G::Position) -> Vec<G::Move> {
        let Some(value) = self.value(position) else {
            return Vec::new();
        };
        let mover = game.to_move(position);
        game.moves(position)
            .into_iter()
            .filter(|&chosen| {
                let next = game.play(position, chosen);
                let passes = game.to_move(&next) != mover;
                self.value(&next)
                    .is_some_and(|after| Value::of_move(after, passes) == value)
            })
            .collect()
    }

    /// How many positions the table holds.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the table is empty (it never is: it holds at least its start).
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Every position with its value, each after every position that can follow it (the start
    /// last): the same order each time the game is solved.
    pub fn positions(&self) -> impl Iterator<Item = (&G::Position, Value)> {
        self.order
            .iter()
            .filter_map(|position| Some((position, self.value(position)?)))
    }
}

/// A solved game, the limit the walk reached if any, and whether it met too many positions.
type Walked<G> = (SolvedGame<G>, Option<LimitError>, Option<Counted>);

/// The walk that fills a [`SolvedGame`]: each position's value, searched once, telling `trail`
/// where it is.
struct Walk<'a, G: TwoPlayerGame, T> {
    game: &'a G,
    solved: SolvedGame<G>,
    budget: Budget,
    /// The limit it went past that the budget does not count: the positions, or the positions
    /// with one hash.
    too_many: Option<Counted>,
    trail: &'a T,
}

impl<G, T> Walk<'_, G, T>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
    T: Track<G::Move>,
{
    fn value(&mut self, position: G::Position, depth: u32) -> Value {
        if let Some(known) = self.solved.value(&position) {
            return known;
        }
        if self.too_many.is_some() || !self.budget.may_go(depth) || !self.budget.in_time() {
            // Cut the rest short: the caller refuses the answer.
            return Value::Draw(0);
        }
        let at = depth as usize;
        self.trail.asking(Method::Ending, at);
        let ending = self.game.ending(&position);
        self.trail.asking(Method::ToMove, at);
        let value = match ending {
            Some(Ending::Drawn) => Value::Draw(0),
            Some(Ending::Won(winner)) if winner == self.game.to_move(&position) => Value::Win(0),
            Some(Ending::Won(_)) => Value::Loss(0),
            None => {
                self.trail.asking(Method::Moves, at);
                let moves = self.game.moves(&position);
                if !self.budget.spend(moves.len()) {
                    return Value::Draw(0);
                }
                let mut best = None;
                self.trail.asking(Method::ToMove, at);
                let mover = self.game.to_move(&position);
                for chosen in moves {
                    // Once the walk is cut short, the moves left are not played: on a game whose
                    // moves are costly, playing the rest of every level's moves on the way back
                    // up would take longer than the walk itself.
                    if self.too_many.is_some() || self.budget.ran_out() {
                        break;
                    }
                    self.trail.playing(chosen, at);
                    let next = self.game.play(&position, chosen);
                    // A move that keeps the turn (an extra move) keeps the value's side.
                    self.trail.asking(Method::ToMove, at + 1);
                    let passes = self.game.to_move(&next) != mover;
                    let value = Value::of_move(self.value(next, depth + 1), passes);
                    best = best.max(Some(value));
                }
                // A player with no move, in a game the rules do not call ended, has lost.
                best.unwrap_or(Value::Loss(0))
            }
        };
        if self.solved.order.len() >= MAX_SOLVED_POSITIONS {
            self.too_many = Some(Counted::Positions);
        } else {
            self.solved.values.insert(position.clone(), value);
            self.solved.order.push(position);
            if self.solved.values.hashes_alike() {
                self.too_many = Some(Counted::SameHash);
            }
        }
        value
    }
}
