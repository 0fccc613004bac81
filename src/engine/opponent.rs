//! Computer opponents: the crate's levels, from random to perfect, each reproducible from a
//! seed; a learner's own player, any function from a board to a square; and a search that
//! looks only so many moves ahead, with a learner's evaluation.
//!
//! A learner's code runs through [`learner::run`], so a panic in it is caught: an opponent
//! whose code panics, or names a square it may not take, forfeits the game instead of taking
//! the notebook down.

use std::any::type_name;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

use super::horizon::{self, MAX_DEPTH};
use super::level::rules_choice;
use super::{Level, Reason, TicTacToe, learner, mcts, solved};
use crate::rules::text::thousands;
use crate::rules::{Board, IntoSquare, Player, Square, SquareError, SquareSet};

/// A move chosen by an [`Opponent`], with the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The square chosen.
    pub square: Square,
    /// Why.
    pub reason: Reason,
}

/// What a learner's player or evaluation did wrong, so that it forfeits the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Fault {
    /// It chose a square that already has a mark.
    Taken {
        /// The square it chose.
        square: Square,
        /// Whose mark is there.
        by: Player,
    },
    /// Its answer names no square: a number other than 1 to 9, unreadable text, or `None`.
    NoSquare(SquareError),
    /// Its code panicked, with this message.
    Panicked(String),
    /// MENACE's matchbox for the position has no beads left, so it resigns.
    EmptyBox,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Taken { square, by } => {
                write!(f, "it chose square {square}, but {by} is already there")
            }
            Fault::NoSquare(error) => write!(f, "its answer is not a free square: {error}"),
            Fault::Panicked(message) => write!(f, "its code panicked: {message}"),
            Fault::EmptyBox => write!(f, "its matchbox for this position is empty, so it resigns"),
        }
    }
}

/// What an opponent does on its turn: play a square, or forfeit because its code went wrong.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Turn {
    /// It plays this move.
    Plays(Choice),
    /// It forfeits the game: its code chose no free square, or panicked.
    Forfeits(Fault),
}

/// A game lost by forfeit: the position, who forfeited, which player it was, and why.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Forfeit {
    /// The position where it was that player's turn.
    pub board: Board,
    /// The side that forfeited.
    pub player: Player,
    /// The name of the player that forfeited.
    pub name: String,
    /// What went wrong.
    pub fault: Fault,
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}) forfeits on {}: {}",
            self.name, self.player, self.board, self.fault
        )
    }
}

/// The seed a computer opponent uses unless told otherwise, so that a class sees the same game.
pub const DEFAULT_SEED: u64 = 2026;

/// The most playouts a move of an [`Opponent::mcts`] player. It searches each position it
/// meets once: a Challenge, a clickable game or MENACE's training against it meet up to about
/// 1,300 positions (every move of the other side, its own replies fixed), which this keeps
/// within a second in a notebook cell (`cargo run --example limits` measures them: about 0.2 s
/// each).
pub const MAX_OPPONENT_PLAYOUTS: u32 = 2_000;

/// A learner's player: the board in, the square it chose (or why not) out.
type ChooseFn = Rc<dyn Fn(&Board) -> Result<Square, SquareError>>;
/// A learner's evaluation: how good the board is for the player, higher better.
type EvaluateFn = Rc<dyn Fn(&Board, Player) -> i32>;

#[derive(Clone)]
enum Kind {
    Level(Level),
    Own(ChooseFn),
    Searching { depth: u32, evaluation: EvaluateFn },
    Drawing(Rc<dyn Chances>),
    Mcts { playouts: u32, exploration: f64 },
}

/// A player that knows its chance of playing each square, and plays by drawing from them: MENACE
/// is one, its chances the share of each colour of bead in a box.
pub(crate) trait Chances {
    /// The chance of each square on `board` in keypad order, or why it cannot move.
    fn chances(&self, board: Board) -> Result<[f64; 9], Fault>;
}

/// A computer player: one of the crate's [`Level`]s, a learner's own function from a board to
/// a square, or a search that looks a few moves ahead with a learner's evaluation.
///
/// The same level and seed always choose the same moves.
///
/// ```
/// use magic_tictactoe::{Board, Level, Opponent, Square};
///
/// // X holds 1 and 2: the rules player, as O, blocks on 3.
/// let board: Board = "XX./.O./...".parse()?;
/// let mut rules = Opponent::new(Level::Rules, 7);
/// assert_eq!(rules.choose_move(board), Some(Square::TopRight));
///
/// let mut a = Opponent::new(Level::Random, 42);
/// let mut b = Opponent::new(Level::Random, 42);
/// assert_eq!(a.choose_move(Board::new()), b.choose_move(Board::new()));
///
/// // A learner's own player: the first free square.
/// fn first_free(board: &Board) -> Option<Square> {
///     board.empty_squares().first()
/// }
/// let mut mine = Opponent::from(first_free);
/// assert_eq!(mine.name(), "first_free");
/// assert_eq!(mine.choose_move(board), Some(Square::TopRight));
/// # Ok::<(), magic_tictactoe::ParseBoardError>(())
/// ```
#[derive(Clone)]
pub struct Opponent {
    kind: Kind,
    name: String,
    seed: u64,
    rng: fastrand::Rng,
    positions: u64,
    /// For a learner's code: what [`Opponent::move_chances`] found on each board asked about,
    /// by board code, so that it is asked (twice) only once per board.
    known_chances: HashMap<u16, Option<Result<[f64; 9], Fault>>>,
    /// For a Monte Carlo tree search: its move on each board searched so far, by board code.
    known_moves: HashMap<u16, Choice>,
}

impl fmt::Debug for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Opponent")
            .field("name", &self.name)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl Opponent {
    /// An opponent of `level` whose random choices follow from `seed`.
    pub fn new(level: Level, seed: u64) -> Opponent {
        Opponent::of_kind(Kind::Level(level), level.name(), seed)
    }

    fn of_kind(kind: Kind, name: String, seed: u64) -> Opponent {
        Opponent {
            kind,
            name,
            seed,
            rng: fastrand::Rng::with_seed(seed),
            positions: 0,
            known_chances: HashMap::new(),
            known_moves: HashMap::new(),
        }
    }

    /// A learner's own player called `name`: `choose` is given each board where it is to move
    /// and answers with a square (a [`Square`], a keypad digit, or `Some`/`None` of one).
    ///
    /// If it answers with a taken square, with something that is no square, or panics, it
    /// forfeits the game; see [`Opponent::turn`].
    pub fn own<F, S>(name: &str, choose: F) -> Opponent
    where
        F: Fn(&Board) -> S + 'static,
        S: IntoSquare,
    {
        let choose: ChooseFn = Rc::new(move |board: &Board| choose(board).into_square());
        Opponent::of_kind(Kind::Own(choose), name.to_owned(), 0)
    }

    /// A player that searches `depth` moves ahead (1 to 9; the whole game at 9; a depth outside
    /// is brought within, and the player's name says so) and judges the positions where it stops
    /// with `evaluation`: how good the board is for the player, higher better. Finished games are scored by the rules, and a faster win beats a slower one.
    /// Among equally good moves it takes the first in keypad order, so it has no randomness.
    ///
    /// ```
    /// use magic_tictactoe::{Board, Opponent, Player, Square};
    ///
    /// // Looking one move ahead with no judgement at all, it still takes a win in one.
    /// let mut shallow = Opponent::searching(1, |_: &Board, _: Player| 0);
    /// let board: Board = "XX./OO./...".parse()?;
    /// assert_eq!(shallow.choose_move(board), Some(Square::TopRight));
    /// assert_eq!(shallow.name(), "depth-1 search");
    /// # Ok::<(), magic_tictactoe::ParseBoardError>(())
    /// ```
    pub fn searching<E>(depth: u32, evaluation: E) -> Opponent
    where
        E: Fn(&Board, Player) -> i32 + 'static,
    {
        let asked = depth;
        let depth = depth.clamp(1, MAX_DEPTH);
        // A depth brought within 1 to 9 says so in the name every picture shows.
        let name = if asked == depth {
            format!("depth-{depth} search")
        } else {
            format!(
                "depth-{depth} search (asked for {}: 1 to {MAX_DEPTH} moves ahead)",
                thousands(u64::from(asked))
            )
        };
        Opponent::of_kind(
            Kind::Searching {
                depth,
                evaluation: Rc::new(evaluation),
            },
            name,
            0,
        )
    }

    /// A player that plays the move a Monte Carlo tree search of `playouts` playouts tries
    /// most (see [`mcts`](crate::engine::mcts)), with the exploration constant √2. Its search
    /// of a position follows from `seed` and the position, so it always plays the same move in
    /// the same position, and works each position out once.
    ///
    /// It plays with 1 to [`MAX_OPPONENT_PLAYOUTS`] playouts a move (a budget outside is taken
    /// as the nearest, and its name says the budget it plays with), so that a [`Challenge`]
    /// or MENACE's training against it, which meet hundreds of positions, stay within a
    /// second. For bigger searches, see [`Mcts`](crate::engine::mcts::Mcts).
    ///
    /// [`Challenge`]: crate::challenge::Challenge
    ///
    /// ```
    /// use magic_tictactoe::{Board, Opponent, Square};
    ///
    /// let mut mcts = Opponent::mcts(100, 7);
    /// assert_eq!(mcts.name(), "MCTS, 100 playouts");
    /// let board: Board = "XX./OO./...".parse()?;
    /// assert_eq!(mcts.choose_move(board), Some(Square::TopRight));
    /// assert_eq!(Opponent::mcts(u32::MAX, 7).name(), "MCTS, 2,000 playouts");
    /// # Ok::<(), magic_tictactoe::ParseBoardError>(())
    /// ```
    pub fn mcts(playouts: u32, seed: u64) -> Opponent {
        let playouts = playouts.clamp(1, MAX_OPPONENT_PLAYOUTS);
        Opponent::of_kind(
            Kind::Mcts {
                playouts,
                exploration: mcts::DEFAULT_EXPLORATION,
            },
            format!("MCTS, {} playouts", thousands(u64::from(playouts))),
            seed,
        )
    }

    /// The same Monte Carlo tree search player with exploration constant `c` (see
    /// [`Mcts::exploration`](crate::engine::mcts::Mcts::exploration)); other players are
    /// unchanged.
    #[must_use]
    pub fn with_exploration(mut self, c: f64) -> Opponent {
        if let Kind::Mcts { exploration, .. } = &mut self.kind {
            *exploration = mcts::Mcts::new(1).map_or(mcts::DEFAULT_EXPLORATION, |search| {
                search.exploration(c).exploration_constant()
            });
            self.known_moves.clear();
        }
        self
    }

    /// The playouts of a Monte Carlo tree search player, and its exploration constant.
    pub fn playouts(&self) -> Option<(u32, f64)> {
        match self.kind {
            Kind::Mcts {
                playouts,
                exploration,
            } => Some((playouts, exploration)),
            _ => None,
        }
    }

    /// A player that plays by drawing from its own chances (MENACE), called `name`.
    pub(crate) fn drawing(name: &str, player: Rc<dyn Chances>, seed: u64) -> Opponent {
        Opponent::of_kind(Kind::Drawing(player), name.to_owned(), seed)
    }

    /// The same opponent called `name`.
    #[must_use]
    pub fn named(mut self, name: &str) -> Opponent {
        self.name = name.to_owned();
        self
    }

    /// The same opponent with its random choices started again from `seed`.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Opponent {
        self.seed = seed;
        self.known_moves.clear();
        self.reset();
        self
    }

    /// The opponent's name: its level's, `depth-N search`, or the learner's function's.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The level, for one of the crate's levels; `None` for a learner's own player or search.
    pub fn level(&self) -> Option<Level> {
        match self.kind {
            Kind::Level(level) => Some(level),
            Kind::Own(_) | Kind::Searching { .. } | Kind::Drawing(_) | Kind::Mcts { .. } => None,
        }
    }

    /// How far ahead it searches, for a depth-limited search.
    pub fn depth(&self) -> Option<u32> {
        match self.kind {
            Kind::Searching { depth, .. } => Some(depth),
            Kind::Level(_) | Kind::Own(_) | Kind::Drawing(_) | Kind::Mcts { .. } => None,
        }
    }

    /// Whether it runs a learner's code, which may go wrong.
    pub fn is_learners(&self) -> bool {
        matches!(self.kind, Kind::Own(_) | Kind::Searching { .. })
    }

    /// The seed it was made with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Positions its depth-limited search has visited so far, over all its moves.
    pub fn positions_searched(&self) -> u64 {
        self.positions
    }

    /// Starts its random choices again from the seed.
    pub fn reset(&mut self) {
        self.rng = fastrand::Rng::with_seed(self.seed);
    }

    /// The square it plays on `board`, or `None` if the game is over or it forfeits.
    pub fn choose_move(&mut self, board: Board) -> Option<Square> {
        self.choose(board).map(|choice| choice.square)
    }

    /// The square it plays on `board` and why, or `None` if the game is over or it forfeits.
    pub fn choose(&mut self, board: Board) -> Option<Choice> {
        match self.turn(board)? {
            Turn::Plays(choice) => Some(choice),
            Turn::Forfeits(_) => None,
        }
    }

    /// What it does on `board`: play a square, or forfeit because its code chose no free
    /// square or panicked. `None` once the game is over. The crate's levels never forfeit.
    ///
    /// ```
    /// use magic_tictactoe::{Board, Fault, Opponent, Turn};
    ///
    /// let mut stubborn = Opponent::own("always 5", |_: &Board| 5);
    /// let board = Board::new().try_play(5)?;
    /// let Some(Turn::Forfeits(fault)) = stubborn.turn(board) else { panic!() };
    /// assert_eq!(fault.to_string(), "it chose square 5, but X is already there");
    /// # Ok::<(), magic_tictactoe::MoveError>(())
    /// ```
    pub fn turn(&mut self, board: Board) -> Option<Turn> {
        if board.is_over() {
            return None;
        }
        let choice = match &self.kind {
            Kind::Level(level) => self.level_choice(*level, board),
            Kind::Own(choose) => {
                let answer = learner::run(|| choose(&board)).map_err(Fault::Panicked);
                let square = answer.and_then(|square| square.map_err(Fault::NoSquare));
                square.and_then(|square| match board.get(square) {
                    Some(by) => Err(Fault::Taken { square, by }),
                    None => Ok(Choice {
                        square,
                        reason: Reason::OwnPlayer,
                    }),
                })
            }
            Kind::Searching { depth, evaluation } => {
                let (depth, evaluation) = (*depth, Rc::clone(evaluation));
                learner::run(|| horizon::best_move(board, depth, &*evaluation))
                    .map_err(Fault::Panicked)
                    .and_then(|best| {
                        let (square, score, positions) =
                            best.ok_or(Fault::NoSquare(SquareError::Nothing))?;
                        self.positions += positions;
                        Ok(Choice {
                            square,
                            reason: Reason::Searched { depth, score },
                        })
                    })
            }
            Kind::Mcts {
                playouts,
                exploration,
            } => {
                let (playouts, exploration) = (*playouts, *exploration);
                Ok(self.mcts_choice(board, playouts, exploration))
            }
            Kind::Drawing(player) => {
                let chances = player.chances(board);
                chances.and_then(|chances| {
                    let square = draw(board, &chances, &mut self.rng);
                    let square = square.ok_or(Fault::NoSquare(SquareError::Nothing))?;
                    Ok(Choice {
                        square,
                        reason: Reason::Bead,
                    })
                })
            }
        };
        Some(match choice {
            Ok(choice) => Turn::Plays(choice),
            Err(fault) => Turn::Forfeits(fault),
        })
    }

    /// The chance it plays each square on `board`, in keypad order, when that can be known
    /// without playing: exactly for the crate's levels; for a learner's code, by asking it
    /// twice and getting the same answer (all on that square). `None` when the game is over
    /// or the two answers differ; a fault when it forfeits. A learner's code is asked about
    /// each board only the first time.
    pub(crate) fn move_chances(&mut self, board: Board) -> Option<Result<[f64; 9], Fault>> {
        match &self.kind {
            Kind::Level(level) => return (!board.is_over()).then(|| Ok(level.move_chances(board))),
            Kind::Drawing(player) => return (!board.is_over()).then(|| player.chances(board)),
            Kind::Mcts { .. } => {
                // The same move on the same board, always: all the chance on it.
                let Some(Turn::Plays(choice)) = self.turn(board) else {
                    return None;
                };
                let mut chances = [0.0; 9];
                chances[choice.square.index()] = 1.0;
                return Some(Ok(chances));
            }
            Kind::Own(_) | Kind::Searching { .. } => {}
        }
        if let Some(known) = self.known_chances.get(&board.code()) {
            return known.clone();
        }
        let found = self.ask_twice(board);
        self.known_chances.insert(board.code(), found.clone());
        found
    }

    fn ask_twice(&mut self, board: Board) -> Option<Result<[f64; 9], Fault>> {
        let first = self.turn(board)?;
        let again = self.turn(board)?;
        match (first, again) {
            (Turn::Forfeits(fault), Turn::Forfeits(_)) => Some(Err(fault)),
            (Turn::Plays(a), Turn::Plays(b)) if a.square == b.square => {
                let mut chances = [0.0; 9];
                chances[a.square.index()] = 1.0;
                Some(Ok(chances))
            }
            _ => None,
        }
    }

    /// The Monte Carlo tree search's move on `board`, a game in play: searched once, from a
    /// seed made of the opponent's and the board's.
    fn mcts_choice(&mut self, board: Board, playouts: u32, exploration: f64) -> Choice {
        if let Some(&known) = self.known_moves.get(&board.code()) {
            return known;
        }
        let seed = mix(self.seed ^ u64::from(board.code()).rotate_left(32));
        let tree = mcts::search(
            &TicTacToe::default(),
            &board,
            playouts,
            exploration,
            &mut fastrand::Rng::with_seed(seed),
            &mut (),
        );
        // A game in play has a move, and the search tries each at least once.
        let fallback = board.empty_squares().first().unwrap_or(Square::Centre);
        let choice = match tree.best_child().and_then(|id| tree.node(id)) {
            Some(node) => Choice {
                square: node.chosen.unwrap_or(fallback),
                reason: Reason::Playouts {
                    playouts: tree.playouts(),
                    visits: node.visits,
                    half_points: node.half_points,
                },
            },
            None => Choice {
                square: fallback,
                reason: Reason::Random,
            },
        };
        self.known_moves.insert(board.code(), choice);
        choice
    }

    fn level_choice(&mut self, level: Level, board: Board) -> Result<Choice, Fault> {
        let choice = match level {
            Level::Perfect => self.best(board),
            Level::Random => self.pick(board.legal_moves(), Reason::Random),
            Level::Rules => {
                rules_choice(board).and_then(|(squares, reason)| self.pick(squares, reason))
            }
            Level::Blunders(percent) => {
                if self.rng.u8(0..100) < percent.min(100) {
                    self.pick(board.legal_moves(), Reason::Blunder)
                } else {
                    self.best(board)
                }
            }
        };
        // A game in play always has a free square, so the crate's levels always choose.
        choice.ok_or(Fault::NoSquare(SquareError::Nothing))
    }

    /// One of `squares`, each as likely as the others, without walking the set.
    fn pick(&mut self, squares: SquareSet, reason: Reason) -> Option<Choice> {
        if squares.is_empty() {
            return None;
        }
        let square = squares.nth(self.rng.usize(..squares.len()))?;
        Some(Choice { square, reason })
    }

    fn best(&mut self, board: Board) -> Option<Choice> {
        // A finished game has no best moves, so this needs no separate test for the end.
        let (value, best) = solved::entry(board);
        self.pick(best, Reason::Best(value))
    }
}

impl From<Level> for Opponent {
    /// The level with the crate's usual seed, [`DEFAULT_SEED`](crate::DEFAULT_SEED).
    fn from(level: Level) -> Opponent {
        Opponent::new(level, DEFAULT_SEED)
    }
}

impl<F, S> From<F> for Opponent
where
    F: Fn(&Board) -> S + 'static,
    S: IntoSquare,
{
    /// A learner's own player, named after its function (a closure is "your player").
    fn from(choose: F) -> Opponent {
        Opponent::own(&function_name::<F>(), choose)
    }
}

/// SplitMix64's finaliser: neighbouring seeds (and boards) give unrelated generators.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A free square of `board` drawn at random with the `chances` given (keypad order).
fn draw(board: Board, chances: &[f64; 9], rng: &mut fastrand::Rng) -> Option<Square> {
    let mut left = rng.f64();
    let mut last = None;
    for square in board.legal_moves() {
        let chance = chances[square.index()];
        if chance > 0.0 {
            last = Some(square);
            if left < chance {
                return Some(square);
            }
            left -= chance;
        }
    }
    // Rounding can leave a sliver past the last share: it belongs to the last square.
    last
}

/// The last part of a function's path, `my_player` for `ctx::my_player`; "your player" for a
/// closure, whose type has no name a learner would know.
fn function_name<F>() -> String {
    let full = type_name::<F>();
    let last = full.rsplit("::").next().unwrap_or(full);
    if full.contains("{{closure}}")
        || last.is_empty()
        || !last.chars().all(|c| c.is_alphanumeric() || c == '_')
    {
        "your player".to_owned()
    } else {
        last.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn centre_first(board: &Board) -> Square {
        if board.is_free(Square::Centre) {
            Square::Centre
        } else {
            board.empty_squares().first().unwrap_or(Square::Centre)
        }
    }

    #[test]
    fn a_learners_function_is_named_after_itself_and_a_closure_is_your_player() {
        assert_eq!(Opponent::from(centre_first).name(), "centre_first");
        assert_eq!(Opponent::from(|_: &Board| 5).name(), "your player");
        assert_eq!(Opponent::from(Level::Rules).name(), "rules");
        assert_eq!(Opponent::from(centre_first).named("Ada").name(), "Ada");
    }

    #[test]
    fn every_kind_of_fault_is_a_forfeit_with_a_sentence() {
        let board = Board::new().try_play(5).unwrap();
        let faults = [
            (
                Opponent::from(|_: &Board| 5),
                "it chose square 5, but X is already there",
            ),
            (
                Opponent::from(|_: &Board| 10),
                "its answer is not a free square: there is no square 10",
            ),
            (
                Opponent::from(|_: &Board| None::<Square>),
                "its answer is not a free square: no square was given",
            ),
            (
                Opponent::from(|_: &Board| -> Square { panic!("oops") }),
                "its code panicked: oops",
            ),
            (
                Opponent::searching(2, |_: &Board, _: Player| -> i32 { panic!("bad judge") }),
                "its code panicked: bad judge",
            ),
        ];
        for (mut opponent, words) in faults {
            match opponent.turn(board) {
                Some(Turn::Forfeits(fault)) => {
                    assert!(fault.to_string().starts_with(words), "{fault}")
                }
                other => panic!("{} did not forfeit: {other:?}", opponent.name()),
            }
            assert_eq!(opponent.choose(board), None);
        }
        assert_eq!(
            Opponent::from(centre_first).turn("XOX/XOO/OXX".parse().unwrap()),
            None
        );
    }

    #[test]
    fn chances_are_known_for_a_steady_player_and_unknown_for_a_fickle_one() {
        let mut steady = Opponent::from(centre_first);
        let chances = steady.move_chances(Board::new()).unwrap().unwrap();
        assert_eq!(chances[Square::Centre.index()], 1.0);
        assert_eq!(chances.iter().sum::<f64>(), 1.0);
        let calls = std::cell::Cell::new(0u8);
        let mut fickle = Opponent::from(move |board: &Board| {
            calls.set(calls.get() + 1);
            board.empty_squares().nth(usize::from(calls.get() % 2))
        });
        assert_eq!(fickle.move_chances(Board::new()), None);
    }
}
