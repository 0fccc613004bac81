//! Checking a learner's own search against the solved game, on every position: tic-tac-toe's,
//! or any small game's.
//!
//! A learner writes minimax (values seen by X: more is better for X), negamax (values seen by
//! the side to move) or minimax with alpha-beta, as a function. The check asks it for the
//! value of every position of the game, those nearest the end first, and compares the sign of
//! each answer (win, draw or loss) with the solved game. The first position where they disagree
//! is shown with both values. On tic-tac-toe it also counts the positions the learner's search
//! visits (every board it makes with [`Board::children`] or [`Board::try_play`], and the
//! position it is asked about) and compares them with the crate's own searches.
//!
//! ```
//! use magic_tictactoe::{search_check::check_minimax, Board, Player};
//!
//! fn minimax(board: &Board) -> i32 {
//!     if board.winner() == Some(Player::X) { return 1; }
//!     if board.winner() == Some(Player::O) { return -1; }
//!     if board.is_over() { return 0; }
//!     let mut best = if board.turn() == Player::X { -1000 } else { 1000 };
//!     for (_square, child) in board.children() {
//!         let score = minimax(&child);
//!         if board.turn() == Player::X { best = best.max(score) } else { best = best.min(score) }
//!     }
//!     best
//! }
//!
//! let check = check_minimax(minimax);
//! assert!(check.is_right());
//! assert_eq!(check.checked(), 5_478);
//! assert_eq!(check.positions_visited(), check.positions_crate_minimax());
//!
//! // Any game: a negamax written once, checked on take-away from 10 sticks.
//! use magic_tictactoe::search_check::check_negamax_for;
//! use magic_tictactoe::games::TakeAway;
//! use magic_tictactoe::{Ending, TwoPlayerGame};
//!
//! fn negamax<G: TwoPlayerGame>(game: &G, position: &G::Position) -> i32 {
//!     match game.ending(position) {
//!         Some(Ending::Won(winner)) if winner == game.to_move(position) => 1,
//!         Some(Ending::Won(_)) => -1,
//!         Some(Ending::Drawn) => 0,
//!         None => game.moves(position).into_iter()
//!             .map(|chosen| -negamax(game, &game.play(position, chosen)))
//!             .max().unwrap_or(-1),
//!     }
//! }
//! let heap = TakeAway::new(10);
//! let check = check_negamax_for(&heap, |position| negamax(&heap, position))?;
//! assert!(check.is_right());
//! assert_eq!(check.checked(), 20); // 0 to 10 sticks, X or O to move (not X at 9 nor O at 10)
//! # Ok::<(), magic_tictactoe::SearchError>(())
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::hash::Hash;

use crate::engine::budget::{Budget, MAX_SECONDS};
use crate::engine::search::alpha_beta;
use crate::engine::{SearchError, SolvedGame, Value, learner};
use crate::render::ShowGame;
use crate::rules::text::{thousands, type_name_in_words};
use crate::rules::{Board, Player, TicTacToe, TwoPlayerGame, boards_made};

mod view;

/// The most boards a learner's tic-tac-toe search may make over the whole check: about fifty
/// times what a plain minimax needs, so a slow search is stopped in seconds, not minutes.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_BOARDS: u64 = 200_000_000;

/// The most positions a check asks a learner's search about on any game: the ones nearest the
/// end of the game first, where a search has least to do.
pub const MAX_GAME_CHECKS: usize = 10_000;

/// The window a learner's alpha-beta is first called with: lower and higher than any value.
pub const FULL_WINDOW: (i32, i32) = (-1_000_000, 1_000_000);

/// Which kind of search is checked, which says whose side its values are seen from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchKind {
    /// `minimax(position)`: more is better for X, less for O.
    Minimax,
    /// `negamax(position)`: more is better for the side to move.
    Negamax,
    /// `alpha_beta(board, alpha, beta)`: like minimax, called with [`FULL_WINDOW`].
    AlphaBeta,
}

impl SearchKind {
    fn name(self) -> &'static str {
        match self {
            SearchKind::Minimax => "minimax",
            SearchKind::Negamax => "negamax",
            SearchKind::AlphaBeta => "alpha-beta",
        }
    }

    /// Who a value of this search is seen by where `mover` is to move: X, or the side to move.
    fn seen_by(self, mover: Player) -> Player {
        match self {
            SearchKind::Minimax | SearchKind::AlphaBeta => Player::X,
            SearchKind::Negamax => mover,
        }
    }
}

/// Where a learner's search first went wrong, at a position of the game (a board in
/// tic-tac-toe).
#[derive(Debug, Clone, PartialEq)]
pub enum Mistake<P = Board> {
    /// It gave the wrong value.
    WrongValue {
        /// The position (a board in tic-tac-toe; the field keeps the name it had when
        /// tic-tac-toe was the only game).
        board: P,
        /// The learner's answer.
        answer: i32,
        /// The value under perfect play, for the side to move.
        right: Value,
    },
    /// It panicked, with this message.
    Panicked {
        /// The position.
        board: P,
        /// What the panic said.
        message: String,
    },
}

impl<P> Mistake<P> {
    /// The position it went wrong on.
    pub fn position(&self) -> &P {
        match self {
            Mistake::WrongValue { board, .. } | Mistake::Panicked { board, .. } => board,
        }
    }
}

/// What a tic-tac-toe check also counts: the positions the learner's search visits beside the
/// crate's searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Counts {
    /// The board of the mistake, drawn in the picture.
    mistake: Option<Board>,
    visited: u64,
    from_empty: Option<u64>,
    crate_minimax: u64,
    crate_alpha_beta: u64,
}

/// Why a check stopped before every position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stopped {
    /// The learner's tic-tac-toe search made more than 200,000,000 boards.
    Boards,
    /// The check took [`MAX_SECONDS`].
    Time,
}

/// The result of checking a learner's search on every position of a game (tic-tac-toe unless
/// another is named).
pub struct SearchCheck<G: TwoPlayerGame = TicTacToe> {
    kind: SearchKind,
    /// The game's name: "tic-tac-toe", or its type's (`TakeAway`).
    game: String,
    checked: usize,
    /// Positions the check asks about: every position, or the [`MAX_GAME_CHECKS`] nearest the
    /// end.
    asked: usize,
    /// Positions the game has.
    positions: usize,
    mistake: Option<Mistake<G::Position>>,
    /// The position of the mistake in the game's own words, and who was to move.
    mistake_words: Option<(String, Player)>,
    counts: Option<Counts>,
    stopped: Option<Stopped>,
}

impl<G: TwoPlayerGame> fmt::Debug for SearchCheck<G>
where
    G::Position: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchCheck")
            .field("kind", &self.kind)
            .field("game", &self.game)
            .field("checked", &self.checked)
            .field("mistake", &self.mistake)
            .finish_non_exhaustive()
    }
}

impl<G: TwoPlayerGame> Clone for SearchCheck<G> {
    fn clone(&self) -> SearchCheck<G> {
        SearchCheck {
            kind: self.kind,
            game: self.game.clone(),
            checked: self.checked,
            asked: self.asked,
            positions: self.positions,
            mistake: self.mistake.clone(),
            mistake_words: self.mistake_words.clone(),
            counts: self.counts,
            stopped: self.stopped,
        }
    }
}

/// Checks a learner's minimax: `search(board)` is the value of `board` seen by X, more than 0
/// when X wins with best play, less than 0 when O wins, 0 for a draw.
pub fn check_minimax(search: impl Fn(&Board) -> i32) -> SearchCheck {
    check_tic_tac_toe(SearchKind::Minimax, "check_minimax", |board| search(board))
}

/// Checks a learner's negamax: `search(board)` is the value of `board` seen by the side to
/// move, more than 0 when it wins with best play, less than 0 when it loses, 0 for a draw (and
/// for a finished game, seen by the side that would move next).
pub fn check_negamax(search: impl Fn(&Board) -> i32) -> SearchCheck {
    check_tic_tac_toe(SearchKind::Negamax, "check_negamax", |board| search(board))
}

/// Checks a learner's minimax with alpha-beta: `search(board, alpha, beta)` seen by X, as in
/// [`check_minimax`], called with the window [`FULL_WINDOW`], so that its answer must be exact.
pub fn check_alpha_beta(search: impl Fn(&Board, i32, i32) -> i32) -> SearchCheck {
    let (alpha, beta) = FULL_WINDOW;
    check_tic_tac_toe(SearchKind::AlphaBeta, "check_alpha_beta", |board| {
        search(board, alpha, beta)
    })
}

/// A learner's minimax on any small `game`: `search(position)` is the position's value seen by
/// X, more for X winning and less for O winning (its sign is compared: +1, 0, -1 will do).
/// Asked of every position, those nearest the end first, up to [`MAX_GAME_CHECKS`]; the first
/// answer whose sign is wrong, or the first panic, stops the check, and the check says where in
/// the game's own words ([`ShowGame::position_text`]). [`check_minimax`] on any game.
///
/// # Errors
///
/// A [`SearchError`] when the game is too big to solve in a cell, or its own code panics while
/// it is solved ([`SolvedGame::new`]).
pub fn check_minimax_for<G>(
    game: &G,
    search: impl Fn(&G::Position) -> i32,
) -> Result<SearchCheck<G>, SearchError>
where
    G: ShowGame + 'static,
    G::Position: Hash + Eq,
{
    check_in_the_games_words(game, SearchKind::Minimax, "check_minimax_for", search)
}

/// A learner's negamax on any small `game`: `search(position)` is the position's value for the
/// player to move there. Checked as [`check_minimax_for`] checks; [`check_negamax`] on any game.
///
/// # Errors
///
/// As [`check_minimax_for`].
pub fn check_negamax_for<G>(
    game: &G,
    search: impl Fn(&G::Position) -> i32,
) -> Result<SearchCheck<G>, SearchError>
where
    G: ShowGame + 'static,
    G::Position: Hash + Eq,
{
    check_in_the_games_words(game, SearchKind::Negamax, "check_negamax_for", search)
}

impl<G> SearchCheck<G>
where
    G: ShowGame + 'static,
    G::Position: Hash + Eq,
{
    /// [`check_minimax_for`] under its name of 2026-11-26.
    ///
    /// # Errors
    ///
    /// As [`check_minimax_for`].
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "use check_minimax_for(&game, search)")]
    pub fn minimax(
        game: &G,
        search: impl Fn(&G::Position) -> i32,
    ) -> Result<SearchCheck<G>, SearchError> {
        check_minimax_for(game, search)
    }

    /// [`check_negamax_for`] under its name of 2026-11-26.
    ///
    /// # Errors
    ///
    /// As [`check_minimax_for`].
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "use check_negamax_for(&game, search)")]
    pub fn negamax(
        game: &G,
        search: impl Fn(&G::Position) -> i32,
    ) -> Result<SearchCheck<G>, SearchError> {
        check_negamax_for(game, search)
    }
}

/// The check of any game, a position said in the game's own words.
fn check_in_the_games_words<G>(
    game: &G,
    kind: SearchKind,
    name: &str,
    search: impl Fn(&G::Position) -> i32,
) -> Result<SearchCheck<G>, SearchError>
where
    G: ShowGame + 'static,
    G::Position: Hash + Eq,
{
    check_game(game, game.name(), kind, name, search, &|position| {
        game.position_text(position)
    })
}

/// The check of the names of before, a position said as `{:?}` prints it.
fn check_in_debug_words<G>(
    game: &G,
    kind: SearchKind,
    name: &str,
    search: impl Fn(&G::Position) -> i32,
) -> Result<SearchCheck<G>, SearchError>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq + fmt::Debug,
{
    let game_name = type_name_in_words::<G>();
    check_game(game, game_name, kind, name, search, &|position| {
        format!("{position:?}")
    })
}

/// A learner's minimax on any small `game`, the position it goes wrong on printed as `{:?}`
/// prints it: [`check_minimax_for`] says it in the game's words.
///
/// # Errors
///
/// As [`check_minimax_for`].
#[deprecated(note = "`check_minimax_for(&game, search)` says positions in the game's words")]
pub fn check_game_minimax<G>(
    game: &G,
    search: impl Fn(&G::Position) -> i32,
) -> Result<SearchCheck<G>, SearchError>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq + fmt::Debug,
{
    check_in_debug_words(game, SearchKind::Minimax, "check_game_minimax", search)
}

/// A learner's negamax on any small `game`, the position it goes wrong on printed as `{:?}`
/// prints it: [`check_negamax_for`] says it in the game's words.
///
/// # Errors
///
/// As [`check_minimax_for`].
#[deprecated(note = "`check_negamax_for(&game, search)` says positions in the game's words")]
pub fn check_game_negamax<G>(
    game: &G,
    search: impl Fn(&G::Position) -> i32,
) -> Result<SearchCheck<G>, SearchError>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq + fmt::Debug,
{
    check_in_debug_words(game, SearchKind::Negamax, "check_game_negamax", search)
}

fn check_game<G>(
    game: &G,
    game_name: String,
    kind: SearchKind,
    name: &str,
    search: impl Fn(&G::Position) -> i32,
    words: &dyn Fn(&G::Position) -> String,
) -> Result<SearchCheck<G>, SearchError>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq,
{
    let solved = SolvedGame::new(game, &game.start())?;
    let mut check = check_every_position(game, &solved, kind, MAX_GAME_CHECKS, search, None, words);
    check.game = game_name;
    super::classroom::record(name, "", check.is_right());
    Ok(check)
}

fn check_tic_tac_toe(kind: SearchKind, name: &str, search: impl Fn(&Board) -> i32) -> SearchCheck {
    let game = TicTacToe::default();
    let solved = SolvedGame::tic_tac_toe();
    let mut check = check_every_position(
        &game,
        &solved,
        kind,
        usize::MAX,
        search,
        Some(&boards_made),
        &|board: &Board| board.to_string(),
    );
    // The crate's own searches over the same positions, for the picture to compare.
    if let Some(counts) = &mut check.counts {
        counts.mistake = check.mistake.as_ref().map(|mistake| *mistake.position());
        let mut subtree_sizes = vec![None; 19_683];
        for (board, _) in positions_nearest_the_end(&solved, usize::MAX)
            .into_iter()
            .take(check.checked + usize::from(check.mistake.is_some()))
        {
            counts.crate_minimax += minimax_positions(board, &mut subtree_sizes);
            counts.crate_alpha_beta += alpha_beta(board).positions;
        }
    }
    super::classroom::record(name, "", check.is_right());
    check
}

/// The positions of `solved`, those nearest the end first (the walk's order, which puts each
/// position after those below it, breaks ties), at most `most` of them.
fn positions_nearest_the_end<G>(solved: &SolvedGame<G>, most: usize) -> Vec<(G::Position, Value)>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    let mut positions: Vec<(G::Position, Value)> = solved
        .positions()
        .map(|(position, value)| (position.clone(), value))
        .collect();
    positions.sort_by_key(|(_, value)| value.plies());
    positions.truncate(most);
    positions
}

/// The one check: `search` asked about the positions of `solved` nearest the end first, at
/// most `most`, each answer's sign compared with the solved value; `made`, for tic-tac-toe,
/// counts the boards a search makes, and `words` says a position.
fn check_every_position<G>(
    game: &G,
    solved: &SolvedGame<G>,
    kind: SearchKind,
    most: usize,
    search: impl Fn(&G::Position) -> i32,
    made: Option<&dyn Fn() -> u64>,
    words: &dyn Fn(&G::Position) -> String,
) -> SearchCheck<G>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq,
{
    let positions = positions_nearest_the_end(solved, most);
    // Tic-tac-toe's check also counts the boards a search makes.
    let made_so_far = || made.map_or(0, |made| made());
    let mut check = SearchCheck {
        kind,
        game: "tic-tac-toe".to_owned(),
        checked: 0,
        asked: positions.len(),
        positions: solved.len(),
        mistake: None,
        mistake_words: None,
        counts: made.map(|_| Counts {
            mistake: None,
            visited: 0,
            from_empty: None,
            crate_minimax: 0,
            crate_alpha_beta: 0,
        }),
        stopped: None,
    };
    let budget = Budget::new(u64::MAX, u32::MAX);
    let start = game.start();
    for (position, right) in positions {
        if check
            .counts
            .is_some_and(|counts| counts.visited > MAX_BOARDS)
        {
            check.stopped = Some(Stopped::Boards);
            break;
        }
        if !budget.in_time() {
            check.stopped = Some(Stopped::Time);
            break;
        }
        let before = made_so_far();
        let answer = learner::run(|| search(&position));
        let visited = made_so_far().wrapping_sub(before) + 1;
        if let Some(counts) = &mut check.counts {
            counts.visited += visited;
            if position == start {
                counts.from_empty = Some(visited);
            }
        }
        let mover = game.to_move(&position);
        let wrong = match answer {
            Err(message) => Some(Mistake::Panicked {
                board: position.clone(),
                message,
            }),
            Ok(answer) => {
                let theirs = if kind.seen_by(mover) == mover {
                    sign(answer)
                } else {
                    sign(answer).reverse()
                };
                (theirs != value_sign(right)).then(|| Mistake::WrongValue {
                    board: position.clone(),
                    answer,
                    right,
                })
            }
        };
        if let Some(mistake) = wrong {
            check.mistake_words = Some((words(&position), mover));
            check.mistake = Some(mistake);
            break;
        }
        check.checked += 1;
    }
    check
}

fn sign(n: i32) -> Ordering {
    n.cmp(&0)
}

fn value_sign(value: Value) -> Ordering {
    match value {
        Value::Win(_) => Ordering::Greater,
        Value::Draw(_) => Ordering::Equal,
        Value::Loss(_) => Ordering::Less,
    }
}

/// The positions plain minimax visits from `board`: the board and every position below it, as
/// often as a path leads there. `sizes` keeps the counts by board code, so that the crate's
/// figure for every position of the game costs one walk of the 5,478 positions.
fn minimax_positions(board: Board, sizes: &mut [Option<u64>]) -> u64 {
    let code = usize::from(board.code());
    if let Some(Some(size)) = sizes.get(code) {
        return *size;
    }
    let mut size = 1;
    if !board.is_over() {
        for square in board.empty_squares() {
            if let Ok(child) = board.try_play(square) {
                size += minimax_positions(child, sizes);
            }
        }
    }
    if let Some(slot) = sizes.get_mut(code) {
        *slot = Some(size);
    }
    size
}

impl<G: TwoPlayerGame> SearchCheck<G> {
    /// Whether the search gave the right value on every position asked about.
    pub fn is_right(&self) -> bool {
        self.mistake.is_none() && self.stopped.is_none() && self.checked == self.asked
    }

    /// Positions asked about: those found right, and the one found wrong.
    fn answered(&self) -> usize {
        self.checked + usize::from(self.mistake.is_some())
    }

    /// Positions checked and found right.
    pub fn checked(&self) -> usize {
        self.checked
    }

    /// How many positions the game has (the check asks about at most [`MAX_GAME_CHECKS`] of
    /// them, on a game other than tic-tac-toe).
    pub fn positions_of_the_game(&self) -> usize {
        self.positions
    }

    /// The positions the game has: [`SearchCheck::positions_of_the_game`] (the name it had when
    /// the check of any game asked only about positions in play).
    #[deprecated(
        note = "the check now asks about finished positions too: use `positions_of_the_game`"
    )]
    pub fn positions_in_play(&self) -> usize {
        self.positions
    }

    /// The first position where the search went wrong.
    pub fn mistake(&self) -> Option<&Mistake<G::Position>> {
        self.mistake.as_ref()
    }

    /// Tic-tac-toe: positions the learner's search visited over the positions it was asked
    /// about (those found right, and the one found wrong): every board it made, and each
    /// position asked. 0 for another game.
    pub fn positions_visited(&self) -> u64 {
        self.counts.map_or(0, |counts| counts.visited)
    }

    /// Tic-tac-toe: positions the learner's search visited for the empty board, once that was
    /// checked.
    pub fn positions_visited_from_empty(&self) -> Option<u64> {
        self.counts.and_then(|counts| counts.from_empty)
    }

    /// Tic-tac-toe: positions the crate's plain minimax visits over the same positions (those
    /// found right, and the one found wrong).
    pub fn positions_crate_minimax(&self) -> u64 {
        self.counts.map_or(0, |counts| counts.crate_minimax)
    }

    /// Tic-tac-toe: positions the crate's alpha-beta visits over the same positions.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn positions_crate_alpha_beta(&self) -> u64 {
        self.counts.map_or(0, |counts| counts.crate_alpha_beta)
    }

    /// What an answer means where `mover` is to move, in words.
    fn meaning(&self, mover: Player, answer: i32) -> String {
        let seen_by = self.kind.seen_by(mover);
        match sign(answer) {
            Ordering::Greater => format!("{seen_by} wins"),
            Ordering::Less => format!("{} wins", !seen_by),
            Ordering::Equal => "a draw".to_owned(),
        }
    }

    /// The value the search should have given where `mover` is to move: 1, 0 or -1, seen by
    /// its kind's side.
    fn right_answer(&self, mover: Player, right: Value) -> i32 {
        let for_mover = match value_sign(right) {
            Ordering::Greater => 1,
            Ordering::Equal => 0,
            Ordering::Less => -1,
        };
        if self.kind.seen_by(mover) == mover {
            for_mover
        } else {
            -for_mover
        }
    }

    /// Where the mistake was, for a game other than tic-tac-toe (whose picture draws the board):
    /// " at heaps 0, 0, 1 (O to move)".
    fn at(&self) -> String {
        match (&self.mistake_words, self.counts) {
            (Some((words, mover)), None) => {
                format!(" at {}", crate::render::with_turn(words, mover))
            }
            _ => " on this one".to_owned(),
        }
    }

    /// All the positions asked about, in words.
    fn scope(&self) -> String {
        let of = if self.counts.is_some() {
            "of the game".to_owned()
        } else {
            format!("of {}", self.game)
        };
        if self.asked < self.positions {
            format!(
                "the {} positions nearest the end, of the {} {of}",
                thousands(self.asked as u64),
                thousands(self.positions as u64)
            )
        } else {
            format!("all {} positions {of}", thousands(self.asked as u64))
        }
    }

    /// The verdict in a sentence.
    fn verdict(&self) -> String {
        let name = self.kind.name();
        let mover = self
            .mistake_words
            .as_ref()
            .map_or(Player::X, |(_, mover)| *mover);
        match &self.mistake {
            Some(Mistake::WrongValue { answer, right, .. }) => {
                let right = self.right_answer(mover, *right);
                format!(
                    "Your {name} is right on {} positions, but{} it says {answer} ({}); the right value is {right} ({}).",
                    thousands(self.checked as u64),
                    self.at(),
                    self.meaning(mover, *answer),
                    self.meaning(mover, right),
                )
            }
            Some(Mistake::Panicked { message, .. }) => format!(
                "Your {name} is right on {} positions, but{} it panicked: {message}.",
                thousands(self.checked as u64),
                self.at()
            ),
            None => match self.stopped {
                Some(Stopped::Boards) => format!(
                    "Your {name} was right on {} positions, but it had made more than {} boards, so the check stopped: look for work it repeats.",
                    thousands(self.checked as u64),
                    thousands(MAX_BOARDS)
                ),
                Some(Stopped::Time) => format!(
                    "Your {name} was right on {} positions, but the check stopped after {MAX_SECONDS} seconds, the most a call may take: look for work it repeats.",
                    thousands(self.checked as u64),
                ),
                None => format!("Your {name} gives the right value on {}.", self.scope()),
            },
        }
    }
}
