//! The computer's players, for tic-tac-toe and for any game: tic-tac-toe's levels from random to
//! perfect, random and perfect play on any game, Monte Carlo tree search, a search that looks a
//! few moves ahead with a learner's evaluation, MENACE, and a learner's own player. Each is an
//! [`Opponent`], reproducible from a seed, and a [`Bot`]: the challenges, the tournaments, a game
//! session and MENACE's training play with the same players, through one match runner.
//!
//! Each kind of player is a file of its own under `opponent/`: `draws.rs` (tic-tac-toe's
//! levels, random and perfect play, MENACE's chances), `own.rs` (a learner's function),
//! `searching.rs` (a search a few moves ahead) and `monte_carlo.rs` (Monte Carlo tree search);
//! this file makes them, names them, seeds them and remembers what they worked out, and makes
//! every one a [`Bot`].
//!
//! A learner's code runs through [`learner::run`], so a panic in it is caught: an opponent
//! whose code panics, or names a move it may not make, forfeits the game instead of taking the
//! notebook down.

use std::any::type_name;
use std::fmt;
use std::hash::Hash;
use std::rc::Rc;

use super::ahead::MAX_DEPTH;
use super::bot::{Bot, checked_chances, checked_turn};
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

mod draws;
mod monte_carlo;
mod own;
mod searching;

pub(crate) use draws::{Chances, Draws, MoveChances};
use draws::{FromChances, PerfectPlay, Uniform};
use monte_carlo::MonteCarlo;
use own::{Broken, Own, OwnBot};
use searching::{EvaluateFn, Searching};

/// The kinds of player, each in a file of its own.
enum Kind<G: TwoPlayerGame> {
    Drawing(Rc<dyn Draws<G>>),
    Own(Own<G::Position, G::Move>),
    Searching(Searching<G::Position>),
    Mcts(MonteCarlo),
    Bot(Box<dyn OwnBot<G>>),
}

impl<G: TwoPlayerGame> Clone for Kind<G> {
    fn clone(&self) -> Kind<G> {
        match self {
            Kind::Drawing(player) => Kind::Drawing(Rc::clone(player)),
            Kind::Own(own) => Kind::Own(own.clone()),
            Kind::Searching(searching) => Kind::Searching(searching.clone()),
            Kind::Mcts(search) => Kind::Mcts(*search),
            Kind::Bot(bot) => Kind::Bot(bot.copy()),
        }
    }
}

/// What a player knows of the positions it has met: its move there (a Monte Carlo search works
/// each position out once), and a learner's code's chances (asked twice, the first time only).
type Known<G> = Memo<G, Knowledge<<G as TwoPlayerGame>::Move>>;

#[derive(Clone)]
enum Knowledge<M> {
    Move(Choice<M>),
    Chances(Option<MoveChances<M>>),
}

/// A computer player, for tic-tac-toe unless another game is named: one of tic-tac-toe's
/// [`Level`]s, random or perfect play on any game, Monte Carlo tree search, a search that looks
/// a few moves ahead with a learner's evaluation, MENACE, or a learner's own function from a
/// position to a move.
///
/// The same player and seed always choose the same moves. Tic-tac-toe's players are made with
/// [`Opponent::new`], [`Opponent::own`], [`Opponent::searching`] and [`Opponent::mcts`] and
/// asked with [`Opponent::turn`]; any game's with the same names ending in `_for`, which take
/// the game, and asked with [`Opponent::turn_for`].
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
/// use magic_tictactoe::TwoPlayerGame;
/// let heap = TakeAway::new(7);
/// let mut perfect = Opponent::perfect_for(&heap)?;
/// assert_eq!(perfect.choose_for(&heap, &heap.start()).map(|choice| choice.square), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Opponent<G: TwoPlayerGame = TicTacToe> {
    kind: Kind<G>,
    name: String,
    seed: u64,
    rng: fastrand::Rng,
    positions: u64,
    /// The moves its Monte Carlo searches looked at and played out, over all its moves.
    work: u64,
    known: Known<G>,
    /// Its level, for one of tic-tac-toe's: the move is then read from the solved table at
    /// once, with no call through the player's trait object.
    level: Option<Level>,
}

impl<G: TwoPlayerGame> Clone for Opponent<G> {
    fn clone(&self) -> Opponent<G> {
        Opponent {
            kind: self.kind.clone(),
            name: self.name.clone(),
            seed: self.seed,
            rng: self.rng.clone(),
            positions: self.positions,
            work: self.work,
            known: self.known.clone(),
            level: self.level,
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
        Opponent::of_kind(Kind::Drawing(Rc::new(level)), level.name(), seed)
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
        let choose = Own(Rc::new(move |board: &Board| {
            let square = choose(board).into_square().map_err(Fault::NoSquare)?;
            match board.get(square) {
                Some(by) => Err(Fault::Taken { square, by }),
                None => Ok(square),
            }
        }));
        Opponent::of_kind(Kind::Own(choose), name.to_owned(), 0)
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

    /// A player that plays by drawing from its own chances (MENACE), called `name`.
    pub(crate) fn drawing(name: &str, player: Rc<dyn Chances>, seed: u64) -> Opponent {
        Opponent::of_kind(
            Kind::Drawing(Rc::new(FromChances(player))),
            name.to_owned(),
            seed,
        )
    }

    /// The square it plays on `board`, or `None` if the game is over or it forfeits.
    pub fn choose_move(&mut self, board: Board) -> Option<Square> {
        self.choose(board).map(|choice| choice.square)
    }

    /// The square it plays on `board` and why, or `None` if the game is over or it forfeits.
    /// [`choose_for`](Opponent::choose_for) on any game.
    pub fn choose(&mut self, board: Board) -> Option<Choice> {
        match self.turn(board)? {
            Turn::Plays(choice) => Some(choice),
            Turn::Forfeits(_) => None,
        }
    }

    /// What it does on `board`: play a square, or forfeit because its code chose no free
    /// square or panicked. `None` once the game is over. The crate's levels never forfeit.
    /// [`turn_for`](Opponent::turn_for) on any game.
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
        match self.level {
            // A level's move straight from the solved table (the bench's "perfect move").
            Some(level) if !board.is_over() => {
                let game = TicTacToe::default();
                Some(match level.choose(&game, &board, &mut self.rng) {
                    Ok(choice) => Turn::Plays(choice),
                    Err(fault) => Turn::Forfeits(fault),
                })
            }
            Some(_) => None,
            None => self.turn_for(&TicTacToe::default(), &board),
        }
    }
}

/// Any game's players.
impl<G> Opponent<G>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq,
{
    fn of_kind(kind: Kind<G>, name: String, seed: u64) -> Opponent<G> {
        let level = match &kind {
            Kind::Drawing(player) => player.level(),
            _ => None,
        };
        Opponent {
            level,
            kind,
            name,
            seed,
            rng: fastrand::Rng::with_seed(seed),
            positions: 0,
            work: 0,
            known: Memo::new(),
        }
    }

    /// A player of `game` that plays any of the moves, each as likely as the others, drawn from
    /// `seed`.
    pub fn random_for(game: &G, seed: u64) -> Opponent<G> {
        let _ = game;
        Opponent::of_kind(Kind::Drawing(Rc::new(Uniform)), "random".to_owned(), seed)
    }

    /// A player of `game` that plays perfectly: one of the best moves, each as likely as the
    /// others (drawn from the crate's seed). The game is solved first ([`SolvedGame`]).
    ///
    /// # Errors
    ///
    /// A [`SearchError`] when the game is too big to solve in a cell, or its own code panics
    /// while it is solved.
    pub fn perfect_for(game: &G) -> Result<Opponent<G>, SearchError> {
        let solved = SolvedGame::new(game, &game.start())?;
        Ok(Opponent::of_kind(
            Kind::Drawing(Rc::new(PerfectPlay(solved))),
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
        let _ = game;
        let choose = Own(Rc::new(move |position: &G::Position| Ok(choose(position))));
        Opponent::of_kind(Kind::Own(choose), name.to_owned(), 0)
    }

    /// A learner's own [`Bot`] as a player of its game, so that whatever takes an opponent
    /// takes it too, a tournament among the computer's players for one. A move that is
    /// not one of the game's moves there, or a panic in its code, forfeits the game; it plays a
    /// copy of itself (`Clone`) as the other side.
    ///
    /// ```
    /// use magic_tictactoe::games::TakeAway;
    /// use magic_tictactoe::tournament::Tournament;
    /// use magic_tictactoe::{Bot, Choice, Opponent, Player, Reason, Turn};
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
    ///         Some(Turn::Plays(Choice { square: 1, reason: Reason::OwnPlayer }))
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
        Opponent::of_kind(Kind::Bot(Box::new(bot)), name, 0)
    }

    /// A player of `game` that searches `depth` moves ahead (1 to
    /// [`MAX_SOLVE_DEPTH`](super::budget::MAX_SOLVE_DEPTH)) and judges the positions where it
    /// stops with `evaluation`, as [`search_ahead`](super::solve::search_ahead) does.
    pub fn searching_for<E>(game: &G, depth: u32, evaluation: E) -> Opponent<G>
    where
        E: Fn(&G::Position, Player) -> i32 + 'static,
    {
        let _ = game;
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
        Opponent::of_kind(Kind::Searching(Searching { depth, evaluation }), name, 0)
    }

    /// A player of `game` that plays the move a Monte Carlo tree search of `playouts` playouts
    /// tries most, as [`Opponent::mcts`] does for tic-tac-toe.
    pub fn mcts_for(game: &G, playouts: u32, seed: u64) -> Opponent<G> {
        let _ = game;
        let playouts = playouts.clamp(1, MAX_OPPONENT_PLAYOUTS);
        Opponent::of_kind(
            Kind::Mcts(MonteCarlo {
                playouts,
                exploration: mcts::DEFAULT_EXPLORATION,
            }),
            format!("MCTS, {} playouts", thousands(u64::from(playouts))),
            seed,
        )
    }

    /// The same Monte Carlo tree search player with exploration constant `c` (see
    /// [`Mcts::exploration`](crate::engine::mcts::Mcts::exploration)); other players are
    /// unchanged.
    #[must_use]
    pub fn with_exploration(mut self, c: f64) -> Opponent<G> {
        if let Kind::Mcts(MonteCarlo { exploration, .. }) = &mut self.kind {
            *exploration = mcts::Mcts::new(1).map_or(mcts::DEFAULT_EXPLORATION, |search| {
                search.exploration(c).exploration_constant()
            });
            self.known.clear();
        }
        self
    }

    /// The playouts of a Monte Carlo tree search player, and its exploration constant.
    pub fn playouts(&self) -> Option<(u32, f64)> {
        match self.kind {
            Kind::Mcts(search) => Some((search.playouts, search.exploration)),
            _ => None,
        }
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
        self.known
            .retain(|known| matches!(known, Knowledge::Chances(_)));
        self.reset();
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
        match self.kind {
            Kind::Searching(Searching { depth, .. }) => Some(depth),
            _ => None,
        }
    }

    /// Whether it runs a learner's code, which may go wrong.
    pub fn is_learners(&self) -> bool {
        matches!(self.kind, Kind::Own(_) | Kind::Searching(_) | Kind::Bot(_))
    }

    /// The seed it was made with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Positions its depth-limited search has visited so far, over all its moves.
    pub fn positions_searched(&self) -> u64 {
        self.positions
    }

    /// The moves its Monte Carlo searches have looked at and played out so far, over all its
    /// moves (see [`MctsTree::work`](crate::engine::mcts::MctsTree::work)); 0 for other players.
    pub fn work(&self) -> u64 {
        match &self.kind {
            Kind::Bot(bot) => learner::run(|| bot.work()).unwrap_or(0),
            _ => self.work,
        }
    }

    /// Starts its random choices again from the seed.
    pub fn reset(&mut self) {
        self.rng = fastrand::Rng::with_seed(self.seed);
    }

    /// Starts its random draws again from `seed`, for another game of a sample: a player that
    /// draws its moves at random draws others; a Monte Carlo search keeps the move it worked
    /// out at each position (it always plays the same there), so a sample of a thousand games
    /// searches each position once.
    pub(crate) fn reseed(&mut self, seed: u64) {
        if let Kind::Drawing(_) = self.kind {
            self.rng = fastrand::Rng::with_seed(seed);
        }
    }

    /// Its move at `position` of `game` and why, or `None` if the game is over or it forfeits:
    /// [`choose`](Opponent::choose) on any game.
    pub fn choose_for(&mut self, game: &G, position: &G::Position) -> Option<Choice<G::Move>> {
        match self.turn_for(game, position)? {
            Turn::Plays(choice) => Some(choice),
            Turn::Forfeits(_) => None,
        }
    }

    /// What it does at `position` of `game`: play a move, or forfeit because its code chose no
    /// move it may make, or panicked, or (MENACE) its box is empty. `None` once the game is
    /// over. The computer's own players never forfeit. [`turn`](Opponent::turn) on any game.
    pub fn turn_for(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        if game.ending(position).is_some() {
            return None;
        }
        let choice = match &mut self.kind {
            Kind::Drawing(player) => player.choose(game, position, &mut self.rng),
            Kind::Own(own) => own.choose(game, position),
            Kind::Searching(searching) => {
                searching.choose(game, position).map(|(choice, positions)| {
                    self.positions += positions;
                    choice
                })
            }
            Kind::Mcts(search) => {
                let search = *search;
                self.mcts_choice(game, position, search)
            }
            Kind::Bot(bot) => return checked_turn(&mut **bot, game, position),
        };
        Some(match choice {
            Ok(choice) => Turn::Plays(choice),
            Err(fault) => Turn::Forfeits(fault),
        })
    }

    /// The chance it plays each move at `position` of `game`, when that can be known without
    /// playing: exactly for the players that draw by a rule (tic-tac-toe's levels, random,
    /// perfect, MENACE); all on one move for a Monte Carlo search (the same move each time);
    /// for a learner's code, by asking it twice and getting the same answer. `None` when the
    /// game is over or the two answers differ; a fault when it forfeits. A learner's code is
    /// asked about each position only the first time.
    pub(crate) fn chances_in(
        &mut self,
        game: &G,
        position: &G::Position,
    ) -> Option<MoveChances<G::Move>> {
        if game.ending(position).is_some() {
            return None;
        }
        match &mut self.kind {
            Kind::Drawing(player) => return Some(player.chances(game, position)),
            Kind::Mcts(_) => {
                // The same move at the same position, always: all the chance on it.
                return match self.turn_for(game, position)? {
                    Turn::Plays(choice) => Some(Ok(vec![(choice.square, 1.0)])),
                    Turn::Forfeits(fault) => Some(Err(fault)),
                };
            }
            // A learner's bot says its chances itself, if it can.
            Kind::Bot(bot) => return checked_chances(&mut **bot, game, position),
            Kind::Own(_) | Kind::Searching(_) => {}
        }
        if let Some(Knowledge::Chances(known)) = self.known.get(position) {
            return known.clone();
        }
        let found = self.ask_twice(game, position);
        self.known
            .insert(position.clone(), Knowledge::Chances(found.clone()));
        found
    }

    fn ask_twice(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        let first = self.turn_for(game, position)?;
        let again = self.turn_for(game, position)?;
        match (first, again) {
            (Turn::Forfeits(fault), Turn::Forfeits(_)) => Some(Err(fault)),
            (Turn::Plays(a), Turn::Plays(b)) if a.square == b.square => {
                Some(Ok(vec![(a.square, 1.0)]))
            }
            _ => None,
        }
    }

    /// The Monte Carlo tree search's move at `position`, a game in play: searched once, from a
    /// seed made of the opponent's and the position's.
    fn mcts_choice(
        &mut self,
        game: &G,
        position: &G::Position,
        search: MonteCarlo,
    ) -> Result<Choice<G::Move>, Fault<G::Move>> {
        if let Some(Knowledge::Move(known)) = self.known.get(position) {
            return Ok(*known);
        }
        let (choice, work) = search.choose(game, position, self.seed, &mut self.rng);
        self.work = self.work.saturating_add(work);
        let choice = choice?;
        self.known.insert(position.clone(), Knowledge::Move(choice));
        Ok(choice)
    }
}

impl<G> Opponent<G>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq,
{
    /// The old name of [`Opponent::choose_for`].
    #[deprecated(note = "a call's any-game form is its tic-tac-toe name and `_for`: `choose_for`")]
    pub fn choose_in(&mut self, game: &G, position: &G::Position) -> Option<Choice<G::Move>> {
        self.choose_for(game, position)
    }

    /// The old name of [`Opponent::turn_for`].
    #[deprecated(note = "a call's any-game form is its tic-tac-toe name and `_for`: `turn_for`")]
    pub fn turn_in(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        self.turn_for(game, position)
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

/// The last part of a function's path, `my_player` for `ctx::my_player`; "your player" for a
/// closure, whose type has no name a learner would know.
pub(crate) fn function_name<F>() -> String {
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

impl<G> Bot<G> for Opponent<G>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq,
{
    fn name(&self) -> &str {
        Opponent::name(self)
    }

    fn checks_itself(&self) -> bool {
        true
    }

    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        self.turn_for(game, position)
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        match &mut self.kind {
            Kind::Bot(bot) => {
                if let Err(message) = learner::run(|| bot.new_game(seeds)) {
                    *bot = Box::new(Broken(message));
                }
            }
            _ => self.reseed(seeds.u64(..)),
        }
    }

    fn work(&self) -> u64 {
        Opponent::work(self)
    }

    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        self.chances_in(game, position)
    }
}
