//! A position of a grid game (k in a row, Connect Four) drawn as an HTML table: the marks, the
//! moves' numbers on the free squares or under the columns, the winning line, and the moves'
//! values when a search has given them.

use std::fmt;

use super::board_view::{short_value, square_cell};
use super::html::{Border, Px, div, table, td, tr};
use super::palette::{self, CELL, DARK_INK, DIGIT, GRID, MARKED, MUTED, PAPER};
use super::parts::{caption, card};
use super::picture::notebook_pictures;
use super::{Html, Picture, Scale};
use crate::engine::Value;
use crate::rules::Ending;
use crate::rules::Player;
use crate::rules::{Grid, GridGame};

/// The squares a [`Grid`] holds, one bit each.
const SQUARES: usize = u64::BITS as usize;

/// A grid game's position, ready to draw: `grid.view(&game)`.
///
/// ```
/// use magic_tictactoe::games::ConnectFour;
/// use magic_tictactoe::engine::solve::move_values;
/// use magic_tictactoe::TwoPlayerGame;
///
/// let game = ConnectFour::new(4, 4)?;
/// let grid = game.play(&game.start(), 1);
/// let values = move_values(&game, &grid)?;
/// let picture = grid.view(&game).with_values(&values);
/// assert!(picture.to_html().as_str().contains("O to move"));
/// # Ok::<(), magic_tictactoe::SearchError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct GridView {
    columns: usize,
    rows: usize,
    cells: Vec<Option<Player>>,
    by_column: bool,
    winning_line: u64,
    values: Vec<Option<Value>>,
    caption: String,
}

/// Drawing a grid game's position.
impl Grid {
    /// A picture of this position of `game`. A [`Grid`] holds 64 squares (8 by 8 at most for
    /// the crate's games): a game of your own that says it is bigger is drawn as far as the
    /// grid holds it, and the caption says so.
    pub fn view(&self, game: &impl GridGame) -> GridView {
        let (all_columns, all_rows) = game.size();
        let columns = all_columns.clamp(1, SQUARES);
        let rows = all_rows.min(SQUARES / columns);
        let cells = (0..columns * rows).map(|i| self.get(i)).collect();
        let ending = game.ending(self);
        let winning_line = match ending {
            Some(Ending::Won(winner)) => {
                let held = self.squares(winner);
                let lines = game.lines().iter().filter(|&&line| line & !held == 0);
                lines.fold(0, |all, line| all | line)
            }
            _ => 0,
        };
        let caption = match ending {
            Some(Ending::Won(winner)) => format!("{winner} wins"),
            Some(Ending::Drawn) => "A draw".to_owned(),
            None => format!("{} to move", game.to_move(self)),
        };
        let caption = if (columns, rows) == (all_columns, all_rows) {
            caption
        } else {
            format!(
                "{caption} (a grid holds {SQUARES} squares: {columns} columns by {rows} rows of \
                 {all_columns} by {all_rows} drawn)"
            )
        };
        let by_column = game.moves_name_columns();
        GridView {
            columns,
            rows,
            cells,
            by_column,
            winning_line,
            values: vec![None; if by_column { columns } else { columns * rows }],
            caption,
        }
    }
}

impl GridView {
    /// The same view with `text` as its caption.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    #[must_use]
    pub fn with_caption(mut self, text: impl Into<String>) -> GridView {
        self.caption = text.into();
        self
    }

    /// Each move's value for the player making it, as [`move_values`](crate::engine::solve::move_values)
    /// gives them: drawn in the free square (k in a row) or under the column (Connect Four),
    /// green for a win, yellow for a draw, red for a loss. Moves off the board are left out.
    #[must_use]
    pub fn with_values(mut self, values: &[(usize, Value)]) -> GridView {
        for &(chosen, value) in values {
            if let Some(slot) = self.values.get_mut(chosen) {
                *slot = Some(value);
            }
        }
        self
    }

    fn cell(&self, index: usize, scale: Scale) -> Html {
        let px = scale.px(36);
        let won = self.winning_line & (1u64 << index) != 0;
        let value = (!self.by_column)
            .then(|| self.values.get(index).copied().flatten())
            .flatten();
        let (background, ink) = match value {
            Some(value) => palette::value(value),
            None if won => (MARKED, DARK_INK),
            None => (CELL, DARK_INK),
        };
        let mut cell = square_cell(px, Border(scale.px(2), "solid", GRID), background, ink)
            .attr("title", &format!("square {index}"));
        let text = |size: u32, colour, weight: &'static str, text: &str| {
            div()
                .css("font-size", scale.px(size))
                .css("font-weight", weight)
                .css("color", colour)
                .css("background", "transparent")
                .text(text)
        };
        match (self.cells.get(index).copied().flatten(), value) {
            (Some(player), _) => {
                cell = cell.child(text(20, palette::mark(player), "800", &player.to_string()));
            }
            (None, Some(value)) => cell = cell.child(text(10, ink, "700", &short_value(value))),
            (None, None) if !self.by_column => {
                cell = cell.child(text(11, DIGIT, "400", &index.to_string()));
            }
            (None, None) => {}
        }
        cell.into()
    }

    /// The grid alone, small (16-pixel squares, no numbers), `marked` in yellow: a position in
    /// a row of positions.
    pub(crate) fn small_html(&self, scale: Scale, marked: Option<usize>) -> Html {
        let px = scale.px(16);
        table()
            .css("border-collapse", "collapse")
            .css("margin", "0")
            .css("background", CELL)
            .children((0..self.rows).map(|row| {
                tr().children((0..self.columns).map(|column| {
                    let index = row * self.columns + column;
                    let background = if Some(index) == marked { MARKED } else { CELL };
                    let mut cell =
                        square_cell(px, Border(scale.px(1), "solid", GRID), background, DARK_INK);
                    if let Some(player) = self.cells.get(index).copied().flatten() {
                        cell = cell.child(
                            div()
                                .css("font-size", scale.px(10))
                                .css("font-weight", "800")
                                .css("color", palette::mark(player))
                                .css("background", "transparent")
                                .text(&player.to_string()),
                        );
                    }
                    cell
                }))
            }))
            .into()
    }

    /// Under Connect Four's grid: each column's number, and its value when known.
    fn column_labels(&self, scale: Scale) -> Html {
        tr().children((0..self.columns).map(|column| {
            let value = self.values.get(column).copied().flatten();
            let (background, ink) = value.map_or((PAPER, MUTED), palette::value);
            let mut label = td()
                .css("padding", (scale.px(2), Px(0)))
                .css("text-align", "center")
                .css("font-size", scale.px(12))
                .css("line-height", "1.2")
                .css("background", background)
                .css("color", ink)
                .child(div().text(&column.to_string()));
            if let Some(value) = value {
                label = label.child(div().css("font-weight", "700").text(&short_value(value)));
            }
            label
        }))
        .into()
    }
}

impl Picture for GridView {
    /// The grid in its card: marks in their colours, the free squares' numbers (k in a row) or
    /// the columns' numbers underneath (Connect Four), the winning line in yellow, the moves'
    /// values when given, and whose turn it is or how the game ended.
    fn draw(&self, scale: Scale) -> Html {
        let mut grid = table()
            .css("border-collapse", "collapse")
            .css("margin", "0")
            .css("background", CELL)
            .children((0..self.rows).map(|row| {
                tr().children(
                    (0..self.columns).map(|column| self.cell(row * self.columns + column, scale)),
                )
            }));
        if self.by_column {
            grid = grid.child(self.column_labels(scale));
        }
        let mut inner = Html::from(grid);
        inner.push(caption(scale, &self.caption));
        card(scale, inner)
    }

    fn text(&self) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|row| {
                (0..self.columns)
                    .map(|column| match self.cells[row * self.columns + column] {
                        Some(player) => player.mark(),
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        format!("{}\n{}", rows.join("\n"), self.caption)
    }
}

impl fmt::Display for GridView {
    /// The grid in rows of `X`, `O` and `.`, top row first, then whose turn it is or how the game
    /// ended.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

notebook_pictures!(GridView);
