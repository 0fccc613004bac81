//! How a game's positions and moves are shown in the pictures that work on any game (the
//! Monte Carlo stepper): tic-tac-toe and the grid games draw small boards; a learner's own game
//! says its positions in words, in one method.

use std::fmt;

use super::board_view::BoardView;
use super::html::{Border, div};
use super::palette::{CELL, DARK_INK, GRID};
use super::{Html, Scale};
use crate::rules::text::type_name_in_words;
use crate::rules::{Board, Square, SquareSet};
use crate::rules::{ConnectFour, Grid, GridGame, KInARow, Player, TakeAway};
use crate::rules::{MAX_TAKE, TicTacToe, TwoPlayerGame};

/// A game whose positions and moves the pictures can show. A learner's game needs only
/// [`ShowGame::position_text`], as notebook 12 writes it for its take-away:
/// `format!("{sticks} sticks, {turn} to take")`. The crate's own take-away says them so:
///
/// ```
/// use magic_tictactoe::games::TakeAway;
/// use magic_tictactoe::render::ShowGame;
/// use magic_tictactoe::TwoPlayerGame;
///
/// let game = TakeAway::new(7);
/// assert_eq!(game.position_text(&game.start()), "7 sticks");
/// assert_eq!(game.move_text(2), "takes 2");
/// ```
pub trait ShowGame: TwoPlayerGame {
    /// The position in a few words (or rows of marks).
    fn position_text(&self, position: &Self::Position) -> String;

    /// The game's name, as a picture says it: "tic-tac-toe", "Connect Four on 7 by 6". Unless
    /// told, the type's name in words: `struct LastLoses` is "last loses".
    fn name(&self) -> String {
        type_name_in_words::<Self>()
    }

    /// A move in a few words, after the name of the player making it: "on 5", "in column 3",
    /// "takes 2". Unless told, the move as `{:?}` prints it: "plays 2".
    fn move_text(&self, chosen: Self::Move) -> String {
        format!("plays {chosen:?}")
    }

    /// The position drawn small, `last` (the move that led to it, if known) marked. Unless
    /// told, its [`ShowGame::position_text`] in a box.
    fn position_html(
        &self,
        position: &Self::Position,
        last: Option<Self::Move>,
        scale: Scale,
    ) -> Html {
        let _ = last;
        div()
            .css("display", "inline-block")
            .css("border", Border(scale.px(2), "solid", GRID))
            .css("background", CELL)
            .css("color", DARK_INK)
            .css("padding", (scale.px(3), scale.px(6)))
            .css("font-size", scale.px(13))
            .css("white-space", "pre")
            .text(&self.position_text(position))
            .into()
    }
}

impl ShowGame for TicTacToe {
    fn position_text(&self, board: &Board) -> String {
        board.to_string()
    }

    fn name(&self) -> String {
        "tic-tac-toe".to_owned()
    }

    fn move_text(&self, square: Square) -> String {
        format!("on {square}")
    }

    fn position_html(&self, board: &Board, last: Option<Square>, scale: Scale) -> Html {
        let view = BoardView::new(*board).size(16).digits(false);
        match last {
            Some(square) => view.highlight(SquareSet::from_square(square)),
            None => view,
        }
        .table_html(scale)
    }
}

/// A grid game's position drawn small, the square `last` marked yellow.
fn small_grid(game: &impl GridGame, grid: &Grid, last: Option<usize>, scale: Scale) -> Html {
    let marked = last.and_then(|chosen| marked_square(game, grid, chosen));
    grid.view(game).small_html(scale, marked)
}

/// The square a grid game's move marked, read from the position after it.
fn marked_square(game: &impl GridGame, grid: &Grid, chosen: usize) -> Option<usize> {
    if !game.moves_name_columns() {
        return grid.get(chosen).map(|_| chosen);
    }
    // Connect Four: the highest mark in the column is the one just dropped.
    let (columns, rows) = game.size();
    if chosen >= columns {
        return None;
    }
    (0..rows)
        .map_while(|row| row.checked_mul(columns)?.checked_add(chosen))
        .find(|&square| grid.get(square).is_some())
}

impl ShowGame for KInARow {
    fn position_text(&self, grid: &Grid) -> String {
        self.text(grid)
    }

    fn name(&self) -> String {
        let (columns, rows) = self.size();
        format!("{} in a row on {columns} by {rows}", self.k())
    }

    fn move_text(&self, square: usize) -> String {
        format!("on {square}")
    }

    fn position_html(&self, grid: &Grid, last: Option<usize>, scale: Scale) -> Html {
        small_grid(self, grid, last, scale)
    }
}

impl ShowGame for ConnectFour {
    fn position_text(&self, grid: &Grid) -> String {
        self.text(grid)
    }

    fn name(&self) -> String {
        let (columns, rows) = self.size();
        format!("Connect Four on {columns} by {rows}")
    }

    fn move_text(&self, column: usize) -> String {
        format!("in column {column}")
    }

    fn position_html(&self, grid: &Grid, last: Option<usize>, scale: Scale) -> Html {
        small_grid(self, grid, last, scale)
    }
}

impl ShowGame for TakeAway {
    fn position_text(&self, &(sticks, _): &(u32, Player)) -> String {
        match sticks {
            1 => "1 stick".to_owned(),
            _ => format!("{sticks} sticks"),
        }
    }

    fn name(&self) -> String {
        format!(
            "take-away from {} sticks, 1 to {} a turn",
            self.sticks,
            self.most.clamp(1, MAX_TAKE)
        )
    }

    fn move_text(&self, take: u32) -> String {
        format!("takes {take}")
    }
}

/// A position's words with whose turn it is: "heaps 0, 0, 1 (O to move)"; the words alone when
/// they already say it (a learner's `position_text` that ends "X to move").
pub(crate) fn with_turn(words: &str, mover: impl fmt::Display) -> String {
    if words.to_lowercase().contains("to move") {
        words.to_owned()
    } else {
        format!("{words} ({mover} to move)")
    }
}

/// A move named with the player making it: "X on 5", "O in column 3".
pub(crate) fn move_name<G: ShowGame>(
    game: &G,
    mover: impl fmt::Display,
    chosen: G::Move,
) -> String {
    format!("{mover} {}", game.move_text(chosen))
}
