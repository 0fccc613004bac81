//! The computer's players, for tic-tac-toe and for any game: tic-tac-toe's levels from random to
//! perfect, random and perfect play on any game, Monte Carlo tree search, a search that looks a
//! few moves ahead with a learner's evaluation, MENACE, and a learner's own player. Each is an
//! [`Opponent`], reproducible from a seed, and a [`Bot`]: the challenges, the tournaments, a game
//! session and MENACE's training play with the same players, through one match runner.
//!
//! Each kind of player is a [`Bot`] of its own, a file under `opponent/`: `random.rs`,
//! `levels.rs` (tic-tac-toe's levels), `perfect.rs` (any game solved), `searching.rs` (a search a
//! few moves ahead), `monte_carlo.rs` (Monte Carlo tree search), `beads.rs` (MENACE) and `own.rs`
//! (a learner's function, a learner's own bot). This file makes them, names them and seeds them.
//!
//! A learner's code runs through [`learner::run`], so a panic in it is caught: an opponent
//! whose code panics, or names a move it may not make, forfeits the game instead of taking the
//! notebook down.

use std::fmt;
use std::hash::Hash;
use std::rc::Rc;

use super::ahead::MAX_DEPTH;
use super::bot::{Bot, MoveChances, function_name};
use super::budget::MAX_SOLVE_DEPTH;
use super::memo::Memo;
use super::play::{Choice, Fault, Turn};
use super::seed::DEFAULT_SEED;
use super::{Level, SearchError, SolvedGame, learner, mcts};
use crate::rules::text::thousands;
use crate::rules::{Board, IntoSquare, Player, Square, TicTacToe, TwoPlayerGame};

/// The most playouts a move of an [`Opponent::mcts`] player. It searches each position it
/// meets once: a Challenge, a clickable game or MENACE's training against it meet up to about
/// 1,300 positions (every move of the other side, its own replies fixed), which this keeps
/// within a second in a notebook cell (`cargo run --example limits` measures them: about 0.2 s
/// each).
pub const MAX_OPPONENT_PLAYOUTS: u32 = 2_000;

mod asking;
mod beads;
mod levels;
mod monte_carlo;
mod own;
mod perfect;
mod random;
mod searching;

use beads::{Beads, ChancesFn};
use levels::Levelled;
use monte_carlo::MonteCarlo;
use own::{Own, Yours};
use perfect::Perfect;
use random::Random;
use searching::{EvaluateFn, Searching};

/// Makes the kind of player afresh, its random draws from a seed.
type Fresh<G> = Rc<dyn Fn(u64) -> Box<dyn Bot<G>>>;

/// A computer player, for tic-tac-toe unless another game is named: one of tic-tac-toe's
/// [`Level`]s, random or perfect play on any game, Monte Carlo tree search, a search that looks
/// a few moves ahead with a learner's evaluation, MENACE, or a learner's own function from a
/// position to a move.
///
/// It is a [`Bot`]: the kind of player, boxed, with its name and its seed. The same player and
/// seed always choose the same moves, and a clone is the same player afresh, for a new game.
/// Tic-tac-toe's players are made with [`Opponent::new`], [`Opponent::own`],
/// [`Opponent::searching`] and [`Opponent::mcts`]; any game's with the same names ending in
/// `_for`, which take the game. Every one is asked the same way, [`Bot::turn`], on any game
/// (`player.turn(&game, &position)`); on tic-tac-toe [`Opponent::choose_move`] says just the
/// square.
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
///
/// // Any game: perfect play on take-away takes 3 of 7 sticks, leaving a multiple of 4.
/// use magic_tictactoe::games::TakeAway;
/// use magic_tictactoe::{Bot, Turn, TwoPlayerGame};
/// let heap = TakeAway::new(7);
/// let mut perfect = Opponent::perfect_for(&heap)?;
/// let Some(Turn::Plays(choice)) = perfect.turn(&heap, &heap.start()) else { panic!() };
/// assert_eq!(choice.square, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Opponent<G: TwoPlayerGame = TicTacToe> {
    bot: Box<dyn Bot<G>>,
    fresh: Fresh<G>,
    name: String,
    seed: u64,
    /// The work of its searches before it was last made afresh.
    work_before: u64,
    /// Its level, for one of tic-tac-toe's.
    level: Option<Level>,
    /// How far ahead it searches, for a search ahead.
    depth: Option<u32>,
    /// Its playouts and exploration constant, for a Monte Carlo tree search.
    playouts: Option<(u32, f64)>,
    /// Whether each game of a match makes it afresh from a seed of its own.
    afresh: bool,
}

impl<G: TwoPlayerGame> Clone for Opponent<G> {
    /// The same player afresh, as it was made: its random draws from its seed again, its
    /// searches' work counted on.
    fn clone(&self) -> Opponent<G> {
        Opponent {
            bot: (self.fresh)(self.seed),
            fresh: Rc::clone(&self.fresh),
            name: self.name.clone(),
            work_before: self.work_before.saturating_add(self.bot.work()),
            ..*self
        }
    }
}

impl<G: TwoPlayerGame> fmt::Debug for Opponent<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Opponent")
            .field("name", &self.name)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// Tic-tac-toe's players.
impl Opponent<TicTacToe> {
    /// An opponent of `level` whose random choices follow from `seed`.
    pub fn new(level: Level, seed: u64) -> Opponent {
        let fresh = move |seed| -> Box<dyn Bot<TicTacToe>> {
            Box::new(Levelled {
                level,
                rng: fastrand::Rng::with_seed(seed),
            })
        };
        Opponent {
            level: Some(level),
            ..Opponent::made(Rc::new(fresh), level.name(), seed)
        }
    }

    /// A learner's own player called `name`: `choose` is given each board where it is to move
    /// and answers with a square (a [`Square`], a keypad digit, or `Some`/`None` of one).
    ///
    /// If it answers with a taken square, with something that is no square, or panics, it
    /// forfeits the game; see [`Bot::turn`].
    ///
    /// ```
    /// use magic_tictactoe::{Board, Bot, Fault, Opponent, TicTacToe, Turn};
    ///
    /// let mut stubborn = Opponent::own("always 5", |_: &Board| 5);
    /// let board = Board::new().try_play(5)?;
    /// let Some(Turn::Forfeits(fault)) = stubborn.turn(&TicTacToe::default(), &board) else { panic!() };
    /// assert_eq!(fault.to_string(), "it chose square 5, but X is already there");
    /// # Ok::<(), magic_tictactoe::MoveError>(())
    /// ```
    pub fn own<F, S>(name: &str, choose: F) -> Opponent
    where
        F: Fn(&Board) -> S + 'static,
        S: IntoSquare,
    {
        Opponent::own_within(
            name,
            Rc::new(move |board: &Board| {
                let square = choose(board).into_square().map_err(Fault::NoSquare)?;
                match board.get(square) {
                    Some(by) => Err(Fault::Taken { square, by }),
                    None => Ok(square),
                }
            }),
        )
    }

    /// A player that searches `depth` moves ahead (1 to 9; the whole game at 9; a depth outside
    /// is brought within, and the player's name says so) and judges the positions where it stops
    /// with `evaluation`: how good the board is for the player, higher better. Finished games
    /// are scored by the rules, and a faster win beats a slower one. Among equally good moves
    /// it takes the first in keypad order, so it has no randomness.
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
        Opponent::searching_within(MAX_DEPTH, depth, Rc::new(evaluation))
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
        Opponent::mcts_for(&TicTacToe::default(), playouts, seed)
    }

    /// A player called `name` that draws each square with the chance `chances` gives it
    /// (MENACE, its beads), its draws from `seed`.
    pub(crate) fn beads(name: &str, chances: ChancesFn, seed: u64) -> Opponent {
        let fresh = move |seed| -> Box<dyn Bot<TicTacToe>> {
            Box::new(Beads {
                chances: Rc::clone(&chances),
                rng: fastrand::Rng::with_seed(seed),
            })
        };
        Opponent::made(Rc::new(fresh), name.to_owned(), seed)
    }

    /// The square it plays on `board`, or `None` if the game is over or it forfeits.
    pub fn choose_move(&mut self, board: Board) -> Option<Square> {
        self.choose(board).map(|choice| choice.square)
    }

    /// The square it plays on `board` and why, or `None` if the game is over or it forfeits.
    /// On any game a player is asked with [`Bot::turn`].
    pub fn choose(&mut self, board: Board) -> Option<Choice> {
        self.choose_for(&TicTacToe::default(), &board)
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
        Opponent::own(function_name::<F>(), choose)
    }
}

/// Any game's players.
impl<G> Opponent<G>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq,
{
    /// The player `fresh` makes, called `name`, its random draws from `seed`.
    fn made(fresh: Fresh<G>, name: String, seed: u64) -> Opponent<G> {
        Opponent::made_as(fresh(seed), fresh, name, seed)
    }

    /// `bot`, called `name`, which `fresh` makes afresh from a seed.
    fn made_as(bot: Box<dyn Bot<G>>, fresh: Fresh<G>, name: String, seed: u64) -> Opponent<G> {
        Opponent {
            bot,
            fresh,
            name,
            seed,
            work_before: 0,
            level: None,
            depth: None,
            playouts: None,
            afresh: false,
        }
    }

    /// A player of `game` that plays any of the moves, each as likely as the others, drawn from
    /// `seed`.
    pub fn random_for(game: &G, seed: u64) -> Opponent<G> {
        let _: &G = game;
        let fresh = |seed| -> Box<dyn Bot<G>> {
            Box::new(Random {
                rng: fastrand::Rng::with_seed(seed),
            })
        };
        Opponent::made(Rc::new(fresh), "random".to_owned(), seed)
    }

    /// A player of `game` that plays perfectly: one of the best moves, each as likely as the
    /// others (drawn from the crate's seed). The game is solved first ([`SolvedGame`]).
    ///
    /// # Errors
    ///
    /// A [`SearchError`] when the game is too big to solve in a cell, or its own code panics
    /// while it is solved.
    pub fn perfect_for(game: &G) -> Result<Opponent<G>, SearchError> {
        let solved = Rc::new(SolvedGame::new(game, &game.start())?);
        let fresh = move |seed| -> Box<dyn Bot<G>> {
            Box::new(Perfect {
                solved: Rc::clone(&solved),
                rng: fastrand::Rng::with_seed(seed),
            })
        };
        Ok(Opponent::made(
            Rc::new(fresh),
            "perfect".to_owned(),
            DEFAULT_SEED,
        ))
    }

    /// A learner's own player of `game` called `name`: `choose` is given each position where it
    /// is to move and answers with a move. A move that is not one of the game's moves there, or
    /// a panic, forfeits the game.
    pub fn own_for<F>(game: &G, name: &str, choose: F) -> Opponent<G>
    where
        F: Fn(&G::Position) -> G::Move + 'static,
    {
        let _: &G = game;
        Opponent::own_within(
            name,
            Rc::new(move |position: &G::Position| Ok(choose(position))),
        )
    }

    fn own_within(name: &str, choose: own::ChooseFn<G::Position, G::Move>) -> Opponent<G> {
        let fresh = move |_| -> Box<dyn Bot<G>> {
            Box::new(Own {
                choose: Rc::clone(&choose),
                asked: Memo::new(),
            })
        };
        Opponent::made(Rc::new(fresh), name.to_owned(), 0)
    }

    /// A learner's own [`Bot`] as a player of its game, so that whatever takes an opponent
    /// takes it too, a tournament among the computer's players for one. A move that is
    /// not one of the game's moves there, or a panic in its code, forfeits the game; it plays a
    /// copy of itself (`Clone`) as the other side.
    ///
    /// ```
    /// use magic_tictactoe::games::TakeAway;
    /// use magic_tictactoe::tournament::Tournament;
    /// use magic_tictactoe::{Bot, Opponent, Player, Turn};
    ///
    /// // Always takes one stick.
    /// #[derive(Clone)]
    /// struct OneAtATime;
    ///
    /// impl Bot<TakeAway> for OneAtATime {
    ///     fn name(&self) -> &str {
    ///         "one at a time"
    ///     }
    ///     fn turn(&mut self, _: &TakeAway, _: &(u32, Player)) -> Option<Turn<u32>> {
    ///         Some(Turn::plays(1))
    ///     }
    /// }
    ///
    /// let heap = TakeAway::new(10);
    /// let players = [Opponent::bot(OneAtATime), Opponent::perfect_for(&heap)?];
    /// let tournament = Tournament::among_for(&heap, players)?;
    /// assert_eq!(tournament.names()[0], "one at a time");
    /// assert_eq!(tournament.rates_at(1, 0).unwrap().x_wins, 1.0); // perfect as X wins
    /// # Ok::<(), magic_tictactoe::SearchError>(())
    /// ```
    pub fn bot<B: Bot<G> + Clone + 'static>(bot: B) -> Opponent<G> {
        let name = learner::run(|| bot.name().to_owned()).unwrap_or_else(|_| "your bot".to_owned());
        // It plays itself; a fresh one (a clone, the other side against itself) plays a copy
        // of it as it was made, and forfeits, saying so, when its `clone` panicked.
        let kept = learner::run(|| bot.clone());
        let fresh = move |_| -> Box<dyn Bot<G>> {
            let copy = match &kept {
                Ok(kept) => learner::run(|| Box::new(kept.clone()) as Box<dyn Bot<G>>),
                Err(message) => Err(message.clone()),
            };
            Box::new(Yours(copy))
        };
        // The first plays the bot itself: its `clone` is not called again for it.
        let first = Box::new(Yours(Ok(Box::new(bot))));
        Opponent::made_as(first, Rc::new(fresh), name, 0)
    }

    /// A player of `game` that searches `depth` moves ahead (1 to
    /// [`MAX_SOLVE_DEPTH`](super::budget::MAX_SOLVE_DEPTH)) and judges the positions where it
    /// stops with `evaluation`, as [`search_ahead`](super::solve::search_ahead) does.
    pub fn searching_for<E>(game: &G, depth: u32, evaluation: E) -> Opponent<G>
    where
        E: Fn(&G::Position, Player) -> i32 + 'static,
    {
        let _: &G = game;
        Opponent::searching_within(MAX_SOLVE_DEPTH, depth, Rc::new(evaluation))
    }

    fn searching_within(most: u32, asked: u32, evaluation: EvaluateFn<G::Position>) -> Opponent<G> {
        let depth = asked.clamp(1, most);
        // A depth brought within range says so in the name every picture shows.
        let name = if asked == depth {
            format!("depth-{depth} search")
        } else {
            format!(
                "depth-{depth} search (asked for {}: 1 to {} moves ahead)",
                thousands(u64::from(asked)),
                thousands(u64::from(most))
            )
        };
        let fresh = move |_| -> Box<dyn Bot<G>> {
            Box::new(Searching {
                depth,
                evaluation: Rc::clone(&evaluation),
                positions: 0,
                asked: Memo::new(),
            })
        };
        Opponent {
            depth: Some(depth),
            ..Opponent::made(Rc::new(fresh), name, 0)
        }
    }

    /// A player of `game` that plays the move a Monte Carlo tree search of `playouts` playouts
    /// tries most, as [`Opponent::mcts`] does for tic-tac-toe.
    pub fn mcts_for(game: &G, playouts: u32, seed: u64) -> Opponent<G> {
        let _: &G = game;
        let playouts = playouts.clamp(1, MAX_OPPONENT_PLAYOUTS);
        Opponent::monte_carlo(playouts, mcts::DEFAULT_EXPLORATION, seed)
    }

    fn monte_carlo(playouts: u32, exploration: f64, seed: u64) -> Opponent<G> {
        let fresh = move |seed| -> Box<dyn Bot<G>> {
            Box::new(MonteCarlo {
                playouts,
                exploration,
                seed,
                rng: fastrand::Rng::with_seed(seed),
                known: Memo::new(),
                work: 0,
            })
        };
        let name = format!("MCTS, {} playouts", thousands(u64::from(playouts)));
        Opponent {
            playouts: Some((playouts, exploration)),
            ..Opponent::made(Rc::new(fresh), name, seed)
        }
    }

    /// The same Monte Carlo tree search player with exploration constant `c` (see
    /// [`Mcts::exploration`](crate::engine::mcts::Mcts::exploration)); other players are
    /// unchanged.
    #[must_use]
    pub fn with_exploration(self, c: f64) -> Opponent<G> {
        let Some((playouts, _)) = self.playouts else {
            return self;
        };
        let exploration = mcts::Mcts::new(1).map_or(mcts::DEFAULT_EXPLORATION, |search| {
            search.exploration(c).exploration_constant()
        });
        Opponent {
            name: self.name.clone(),
            work_before: self.work(),
            ..Opponent::monte_carlo(playouts, exploration, self.seed)
        }
    }

    /// The playouts of a Monte Carlo tree search player, and its exploration constant.
    pub fn playouts(&self) -> Option<(u32, f64)> {
        self.playouts
    }

    /// The same opponent called `name`.
    #[must_use]
    pub fn named(mut self, name: &str) -> Opponent<G> {
        self.name = name.to_owned();
        self
    }

    /// The same opponent with its random choices started again from `seed`.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Opponent<G> {
        self.seed = seed;
        self.reset();
        self
    }

    /// The same opponent made afresh from a seed of its own for each game of a match, so that
    /// every game is a new one (a Monte Carlo player forgets the moves it worked out).
    pub(crate) fn afresh_each_game(mut self) -> Opponent<G> {
        self.afresh = true;
        self
    }

    /// The opponent's name: its level's, `depth-N search`, `MCTS, N playouts`, or the learner's
    /// function's.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The level, for one of tic-tac-toe's levels; `None` for any other player.
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// How far ahead it searches, for a depth-limited search.
    pub fn depth(&self) -> Option<u32> {
        self.depth
    }

    /// The seed it was made with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Positions its depth-limited search has visited so far, over all its moves; 0 for other
    /// players.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn positions_searched(&self) -> u64 {
        if self.depth.is_some() { self.work() } else { 0 }
    }

    /// Starts it again from its seed, as it was made; its searches' work is counted on.
    pub fn reset(&mut self) {
        self.work_before = self.work();
        self.bot = (self.fresh)(self.seed);
    }

    /// Its move at `position` of `game` and why, or `None` if the game is over or it forfeits:
    /// [`choose`](Opponent::choose) on any game.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn choose_for(&mut self, game: &G, position: &G::Position) -> Option<Choice<G::Move>> {
        match self.bot.turn(game, position)? {
            Turn::Plays(choice) => Some(choice),
            Turn::Forfeits(_) => None,
        }
    }

    /// What it does at `position` of `game`: [`Bot::turn`] under its name of 2026-11-26.
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "use opponent.turn(&game, &position)")]
    pub fn turn_for(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        self.bot.turn(game, position)
    }

    /// The older name of `turn_for`.
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "use opponent.turn(&game, &position)")]
    pub fn turn_in(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        self.bot.turn(game, position)
    }

    /// The older name of `choose_for`.
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "use opponent.turn(&game, &position)")]
    pub fn choose_in(&mut self, game: &G, position: &G::Position) -> Option<Choice<G::Move>> {
        self.choose_for(game, position)
    }
}

impl<G> Bot<G> for Opponent<G>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq,
{
    fn name(&self) -> &str {
        &self.name
    }

    /// What it does at `position` of `game`: play a move, or forfeit because its code chose no
    /// move it may make, or panicked, or (MENACE) its box is empty. `None` once the game is
    /// over. The computer's own players never forfeit.
    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        self.bot.turn(game, position)
    }

    /// Each of the crate's players takes one seed, whether it draws at random or not, so that
    /// the other player's draws do not depend on which player this is.
    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        if self.afresh {
            self.seed = seeds.u64(..);
            self.reset();
        } else {
            self.bot.new_game(seeds);
        }
    }

    /// The moves its searches have looked at so far, over all its moves: a Monte Carlo
    /// search's moves and playouts (see [`MctsTree::work`](crate::engine::mcts::MctsTree::work)),
    /// a depth-limited search's positions; 0 for a player that does not search.
    fn work(&self) -> u64 {
        self.work_before.saturating_add(self.bot.work())
    }

    /// The chance it plays each move at `position` of `game`, when that can be known without
    /// playing: exactly for the players that draw by a rule (tic-tac-toe's levels, random,
    /// perfect, MENACE); all on one move for a Monte Carlo search (the same move each time);
    /// for a learner's code, by asking it twice and getting the same answer (the first time
    /// only). `None` when the game is over or the two answers differ; a fault when it forfeits.
    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        self.bot.chances(game, position)
    }
}
