//! MENACE, Donald Michie's Matchbox Educable Noughts And Crosses Engine (1961): a player made
//! of matchboxes full of coloured beads, which learns by reward and punishment.
//!
//! There is one matchbox for each position where MENACE (X) is to move, counted once up to the
//! eight turns and flips of the board, and it is opened the first time MENACE meets that
//! position. A box holds beads of one colour for each square MENACE may play there; squares
//! that are turns or flips of one another in that position share a colour, because they are
//! the same move. To move, MENACE draws a bead at random and plays its square, turned back to
//! the board as it really stands. After the game every box it used changes: a win adds beads
//! of the colour drawn, a draw adds fewer, a loss takes the drawn bead away. A box with no
//! beads left resigns the game.
//!
//! ```
//! use magic_tictactoe::engine::menace::Menace;
//! use magic_tictactoe::Level;
//!
//! let mut menace = Menace::new();
//! let training = menace.train(Level::Random, 2_000)?;
//! assert_eq!(training.games(), 2_000);
//! // The first box has a colour for the centre, a corner and an edge: the three first moves.
//! assert_eq!(menace.first_box().unwrap().squares().len(), 3);
//! # Ok::<(), magic_tictactoe::LimitError>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;

use super::Bot;
use super::budget::Budget;
use super::matches::play_within;
use super::play::{Choice, Fault, Finish, Turn};
use super::{DEFAULT_SEED, Opponent, Reason};
use crate::rules::text::thousands;
use crate::rules::{Board, Counted, LimitError, Player, Square, Symmetry, TicTacToe};

mod matchbox;
mod training;

pub use matchbox::{DrawnBead, MatchBox, Settings};
pub use training::{BLOCKS, BlockOfGames, MenaceGame, Training};

/// The most games one call to [`Menace::train`] plays, so that a cell answers within a second.
pub const MAX_TRAINING_GAMES: u64 = 50_000;

/// How a game of MENACE's ended, seen from MENACE's side: the [`Finish`] every player's games
/// end with (MENACE resigning, a box it had to draw from being empty, is its forfeit).
#[deprecated(note = "MENACE's games end as every player's do: use `Finish`")]
pub type Ending = Finish;

/// How a game ended for MENACE, in words: "MENACE won", "MENACE resigned: a box was empty".
pub fn finish_words(finish: Finish) -> &'static str {
    match finish {
        Finish::Won => "MENACE won",
        Finish::Drawn => "a draw",
        Finish::Lost => "MENACE lost",
        Finish::Forfeited => "MENACE resigned: a box was empty",
        Finish::OpponentForfeited => "the other side forfeited",
    }
}

/// MENACE: its matchboxes, its settings, and the random draws that follow from its seed.
///
/// ```
/// use magic_tictactoe::engine::menace::Menace;
/// use magic_tictactoe::{Game, Level, Player};
///
/// let mut menace = Menace::new();
/// let first = menace.play_game(Level::Random);
/// assert_eq!(first.boards[0], magic_tictactoe::Board::new());
/// assert!(menace.box_count() >= 1);
///
/// // A trained MENACE plays like any other opponent: here you are O, so it starts.
/// menace.train(Level::Rules, 1_000)?;
/// let game = Game::against(&menace).playing_as(Player::O);
/// assert_eq!(game.moves().len(), 1);
/// # Ok::<(), magic_tictactoe::LimitError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Menace {
    settings: Settings,
    boxes: BTreeMap<u16, MatchBox>,
    seed: u64,
    rng: fastrand::Rng,
    games: u64,
}

impl Default for Menace {
    fn default() -> Menace {
        Menace::new()
    }
}

impl Menace {
    /// MENACE with no boxes opened yet, Michie's settings and the crate's usual seed.
    pub fn new() -> Menace {
        Menace::with_settings(Settings::MICHIE)
    }

    /// MENACE with other numbers of beads.
    pub fn with_settings(settings: Settings) -> Menace {
        Menace {
            settings,
            boxes: BTreeMap::new(),
            seed: DEFAULT_SEED,
            rng: fastrand::Rng::with_seed(DEFAULT_SEED),
            games: 0,
        }
    }

    /// The same MENACE with its random draws started again from `seed`.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Menace {
        self.seed = seed;
        self.rng = fastrand::Rng::with_seed(seed);
        self
    }

    /// Its settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The seed its draws started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Games it has played and learned from (or been given up on by the other side).
    pub fn games_played(&self) -> u64 {
        self.games
    }

    /// Boxes opened so far.
    pub fn box_count(&self) -> usize {
        self.boxes.len()
    }

    /// The boxes opened so far, in the order of their positions' codes.
    pub fn boxes(&self) -> impl Iterator<Item = &MatchBox> {
        self.boxes.values()
    }

    /// The box for `board` or any turn or flip of it, if MENACE has opened it.
    pub fn matchbox(&self, board: Board) -> Option<&MatchBox> {
        self.boxes.get(&board.canonical().code())
    }

    /// The box for `board` as it stands, or as MENACE would open it if it has not yet: a box to
    /// look at, always there.
    pub fn box_for(&self, board: Board) -> MatchBox {
        self.matchbox(board)
            .cloned()
            .unwrap_or_else(|| MatchBox::new(board, self.settings))
    }

    /// The box for the empty board, once opened.
    pub fn first_box(&self) -> Option<&MatchBox> {
        self.matchbox(Board::new())
    }

    /// MENACE's move on `board`, where X is to move, without learning: it opens the box if it
    /// is new and draws a bead. `None` if the game is over, O is to move, or the box is empty.
    pub fn choose_move(&mut self, board: Board) -> Option<Square> {
        if board.to_move() != Some(Player::X) {
            return None;
        }
        match self.draw(board) {
            Some(Ok(draw)) => Some(draw.square),
            Some(Err(())) => None,
            None => board.legal_moves().first(),
        }
    }

    /// A bead drawn for `board` (X to move), opening its box if need be. `None` for a forced
    /// move (one free square: no box); `Err` for an empty box.
    fn draw(&mut self, board: Board) -> Option<Result<DrawnBead, ()>> {
        if board.legal_moves().len() < 2 {
            return None;
        }
        let (canonical, symmetry) = board.canonical_with_symmetry();
        let settings = self.settings;
        let matchbox = self
            .boxes
            .entry(canonical.code())
            .or_insert_with(|| MatchBox::new(canonical, settings));
        let Some(bead) = matchbox.draw(&mut self.rng) else {
            return Some(Err(()));
        };
        let square = symmetry.inverse().apply(bead);
        Some(Ok(DrawnBead {
            board,
            matchbox: matchbox.clone(),
            symmetry,
            bead,
            square,
            beads_after: 0,
        }))
    }

    /// Plays one game as X against `against`, learns from it, and tells it box by box.
    pub fn play_game(&mut self, against: impl Into<Opponent>) -> MenaceGame {
        let mut opponent = against.into();
        let mut game = self.one_game(&mut opponent, &Budget::new(u64::MAX, u32::MAX));
        for draw in &mut game.draws {
            draw.beads_after = self
                .boxes
                .get(&draw.matchbox.board().code())
                .map_or(0, |matchbox| matchbox.beads(draw.bead));
        }
        game
    }

    /// Plays `games` games as X against `against` (at most [`MAX_TRAINING_GAMES`]), learning
    /// from each, and draws the learning curve. The first box is watched.
    ///
    /// # Errors
    ///
    /// [`LimitError`] when `games` is above [`MAX_TRAINING_GAMES`].
    pub fn train(
        &mut self,
        against: impl Into<Opponent>,
        games: u64,
    ) -> Result<Training, LimitError> {
        self.train_watching(against, games, Board::new())
    }

    /// [`Menace::train`], watching the box for `watch` (or a turn or flip of it) change.
    ///
    /// # Errors
    ///
    /// [`LimitError`] when `games` is above [`MAX_TRAINING_GAMES`].
    pub fn train_watching(
        &mut self,
        against: impl Into<Opponent>,
        games: u64,
        watch: Board,
    ) -> Result<Training, LimitError> {
        let games = LimitError::check(Counted::Games, games, MAX_TRAINING_GAMES)?;
        let mut opponent = against.into();
        let watched = watch.canonical();
        let mut training = Training {
            against: opponent.name().to_owned(),
            endings: Vec::with_capacity(games as usize),
            games_before: self.games,
            watched,
            history: vec![(0, self.matchbox(watched).cloned())],
        };
        let block = (games.div_ceil(BLOCKS)).max(1);
        // One budget for the whole training: its games share its reads of the clock.
        let budget = Budget::new(u64::MAX, u32::MAX);
        for played in 1..=games {
            let game = self.one_game(&mut opponent, &budget);
            training.endings.push(game.ending);
            if played % block == 0 || played == games {
                training
                    .history
                    .push((played, self.matchbox(watched).cloned()));
            }
        }
        Ok(training)
    }

    /// One game as X, played through the one match runner, and the lesson learned from it.
    fn one_game(&mut self, opponent: &mut Opponent, budget: &Budget) -> MenaceGame {
        let against = opponent.name().to_owned();
        let mut learning = Learning {
            menace: self,
            draws: Vec::new(),
        };
        let (played, _) = play_within(
            &TicTacToe::default(),
            &mut learning,
            opponent,
            budget,
            u64::MAX,
        );
        let draws = learning.draws;
        let ending = Finish::of(&played.end, Player::X);
        let change = self.learn(ending, &draws);
        self.games += 1;
        MenaceGame {
            boards: played.boards(Board::new()),
            draws,
            ending,
            against,
            change,
        }
    }

    /// The beads in a new MENACE's first box after one game that ended `ending` for it: a
    /// bead drawn from the box and the game's reward or punishment given, as in any game.
    pub(crate) fn first_box_after_one_game(settings: Settings, ending: Finish) -> u64 {
        let mut menace = Menace::with_settings(settings);
        let draws: Vec<DrawnBead> = menace
            .draw(Board::new())
            .and_then(Result::ok)
            .into_iter()
            .collect();
        menace.learn(ending, &draws);
        menace.first_box().map_or(0, MatchBox::total)
    }

    /// How many games in a row, each opening on `square` (as drawn from the first box) and each
    /// lost, a new MENACE plays before its first box has no bead of that colour left: its own
    /// punishment, given game by game. `None` if the first box has no such colour, or it never
    /// runs out (a loss that takes no bead).
    pub(crate) fn losses_to_empty_first_colour(settings: Settings, square: Square) -> Option<u64> {
        let mut menace = Menace::with_settings(settings);
        let first = Board::new();
        let matchbox = menace
            .boxes
            .entry(first.code())
            .or_insert_with(|| MatchBox::new(first, settings))
            .clone();
        if !matchbox.squares().contains(square) {
            return None;
        }
        // Each loss takes at least one bead, or the colour never runs out.
        let most = u64::from(matchbox.beads(square));
        let mut losses = 0;
        while menace
            .first_box()
            .is_some_and(|matchbox| matchbox.beads(square) > 0)
        {
            if losses >= most {
                return None;
            }
            let draw = DrawnBead {
                board: first,
                matchbox: matchbox.clone(),
                symmetry: Symmetry::Identity,
                bead: square,
                square,
                beads_after: 0,
            };
            menace.learn(Finish::Lost, &[draw]);
            losses += 1;
        }
        Some(losses)
    }

    /// Rewards or punishes every box used in a game; returns the beads each gained (negative:
    /// lost).
    fn learn(&mut self, ending: Finish, draws: &[DrawnBead]) -> i64 {
        let settings = self.settings;
        let change = match ending {
            Finish::Won => i64::from(settings.win),
            Finish::Drawn => i64::from(settings.draw),
            Finish::Lost | Finish::Forfeited => -i64::from(settings.loss),
            Finish::OpponentForfeited => 0,
        };
        for draw in draws {
            if let Some(matchbox) = self.boxes.get_mut(&draw.matchbox.board().code()) {
                if change >= 0 {
                    matchbox.add(draw.bead, change as u32);
                } else {
                    matchbox.take(draw.bead, settings.loss);
                }
            }
        }
        change
    }

    /// The chance of each square (keypad order) on `board`, X to move, from the beads of its
    /// box as they stand (a new box's if it is not opened): `Err` if the box is empty.
    pub(crate) fn move_chances(&self, board: Board) -> Result<[f64; 9], Fault> {
        let mut chances = [0.0; 9];
        let free = board.legal_moves();
        if free.len() < 2 {
            if let Some(square) = free.first() {
                chances[square.index()] = 1.0;
            }
            return Ok(chances);
        }
        let (canonical, symmetry) = board.canonical_with_symmetry();
        let fresh;
        let matchbox = match self.boxes.get(&canonical.code()) {
            Some(matchbox) => matchbox,
            None => {
                fresh = MatchBox::new(canonical, self.settings);
                &fresh
            }
        };
        if matchbox.is_empty() {
            return Err(Fault::EmptyBox);
        }
        for square in matchbox.squares() {
            chances[symmetry.inverse().apply(square).index()] = matchbox.share(square);
        }
        Ok(chances)
    }
}

/// MENACE in a game of its training: it draws a bead from the matchbox of each board it meets,
/// and keeps the beads drawn to learn from when the game is over.
struct Learning<'a> {
    menace: &'a mut Menace,
    draws: Vec<DrawnBead>,
}

impl Bot<TicTacToe> for Learning<'_> {
    fn name(&self) -> &str {
        "MENACE"
    }

    fn turn(&mut self, _: &TicTacToe, &board: &Board) -> Option<Turn> {
        if board.is_over() {
            return None;
        }
        let square = match self.menace.draw(board) {
            Some(Ok(draw)) => {
                let square = draw.square;
                self.draws.push(draw);
                square
            }
            Some(Err(())) => return Some(Turn::Forfeits(Fault::EmptyBox)),
            // One free square: no box to draw from.
            None => board.legal_moves().first()?,
        };
        Some(Turn::Plays(Choice {
            square,
            reason: Reason::Bead,
        }))
    }
}

impl From<&Menace> for Opponent {
    /// A copy of MENACE as it stands, which plays from its boxes and no longer learns. As O
    /// (it learns as X) its boxes are new ones, with as many beads of each colour: each kind of
    /// move (squares that are turns or flips of one another are one colour) is as likely as
    /// another, which is not each square alike.
    fn from(menace: &Menace) -> Opponent {
        Opponent::from(menace.clone())
    }
}

impl From<Menace> for Opponent {
    /// MENACE as it stands, playing from its boxes and no longer learning.
    fn from(menace: Menace) -> Opponent {
        let seed = menace.seed();
        Opponent::beads(
            "MENACE",
            Rc::new(move |board| menace.move_chances(board)),
            seed,
        )
    }
}

impl fmt::Display for Menace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MENACE after {} games: {} boxes opened",
            thousands(self.games),
            thousands(self.boxes.len() as u64)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_box_has_a_corner_an_edge_and_the_centre() {
        let first = MatchBox::new(Board::new(), Settings::MICHIE);
        assert_eq!(
            first.squares(),
            [Square::TopLeft, Square::Top, Square::Centre]
                .into_iter()
                .collect()
        );
    }

    #[test]
    fn a_bead_is_played_turned_back_to_the_board() {
        // X in the top right corner: the box holds the canonical form, and every square MENACE
        // plays is free on the real board.
        let board: Board = "..X/.O./...".parse().unwrap();
        let mut menace = Menace::new();
        for _ in 0..200 {
            let square = menace.choose_move(board).unwrap();
            assert!(board.is_free(square));
        }
        assert_eq!(menace.box_count(), 1);
    }

    #[test]
    fn a_loss_takes_the_drawn_bead_and_an_empty_box_resigns() {
        let settings = Settings {
            beads: [1, 1, 1, 1],
            ..Settings::MICHIE
        };
        let mut menace = Menace::with_settings(settings);
        let mut resigned = false;
        for _ in 0..200 {
            let game = menace.play_game(crate::engine::Level::Perfect);
            assert!(game.ending != Finish::Won);
            resigned |= game.ending == Finish::Forfeited;
        }
        assert!(
            resigned,
            "one bead of each colour runs out against perfect play"
        );
    }
}
