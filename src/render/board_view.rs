//! A board drawn as an HTML table, with the options a lesson needs.

use super::html::{Border, Element, Px, div, table, td, tr};
use super::palette::{
    self, CELL, Colour, DARK_INK, DIGIT, FADED, FADED_INK, GRID, MAGIC_NUMBER, MARKED, MUTED,
    PAPER, PLAYED,
};
use super::parts::{caption, card};
use super::picture::notebook_pictures;
use super::{Html, Picture, Scale};
use crate::engine::Value;
use crate::rules::text::capitalised;
use crate::rules::{Board, Square, SquareSet};

/// How a board is drawn: which numbers to show, what to mark, and how big.
///
/// ```
/// use magic_tictactoe::Board;
///
/// let html = Board::new().view().magic_numbers().to_html();
/// assert!(html.as_str().contains(">8</div>"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct BoardView {
    board: Board,
    magic_numbers: bool,
    digits: bool,
    highlight: SquareSet,
    values: [Option<Value>; 9],
    faded: bool,
    tagged: bool,
    cell_px: u32,
    caption: Option<String>,
}

impl BoardView {
    /// The board with the keypad digit in each free square and its winning line marked.
    pub fn new(board: Board) -> BoardView {
        BoardView {
            board,
            magic_numbers: false,
            digits: true,
            highlight: board
                .winning_line()
                .map_or(SquareSet::EMPTY, |line| line.square_set()),
            values: [None; 9],
            faded: false,
            tagged: false,
            cell_px: 56,
            caption: None,
        }
    }

    /// The board drawn.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Shows the magic number of every square in its corner.
    #[must_use]
    pub fn magic_numbers(mut self) -> BoardView {
        self.magic_numbers = true;
        self
    }

    /// Shows or hides the keypad digits of the free squares.
    #[must_use]
    pub fn digits(mut self, show: bool) -> BoardView {
        self.digits = show;
        self
    }

    /// Marks these squares (in place of the winning line).
    #[must_use]
    pub fn highlight(mut self, squares: SquareSet) -> BoardView {
        self.highlight = squares;
        self
    }

    /// Colours each free square by its value for the side to move: a heatmap.
    #[must_use]
    pub fn values(mut self) -> BoardView {
        for (square, child) in self.board.children() {
            self.values[square.index()] = Some(Value::of_move_into(child.value()));
        }
        self
    }

    /// Greys the board out, for a position a search skipped.
    #[must_use]
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn faded(mut self) -> BoardView {
        self.faded = true;
        self
    }

    /// Gives each square's cell a `data-sq` attribute with its keypad digit, for scripts.
    #[must_use]
    pub(crate) fn tagged(mut self) -> BoardView {
        self.tagged = true;
        self
    }

    /// The size of a square in pixels at the normal scale (10 to 120).
    #[must_use]
    pub fn size(mut self, cell_px: u32) -> BoardView {
        self.cell_px = cell_px.clamp(10, 120);
        self
    }

    /// A line of text under the board.
    #[must_use]
    pub fn caption(mut self, text: impl Into<String>) -> BoardView {
        self.caption = Some(text.into());
        self
    }

    /// The board as an HTML table at `scale`, without the card around it.
    pub(crate) fn table_html(&self, scale: Scale) -> Html {
        let px = scale.px(self.cell_px);
        let rows =
            (0..3).map(|row| tr().children((0..3).map(|column| self.cell(row * 3 + column, px))));
        table()
            .css("border-collapse", "collapse")
            .css("margin", "0")
            .css("background", CELL)
            .children(rows)
            .into()
    }

    fn cell(&self, index: usize, Px(px): Px) -> Html {
        let square = Square::ALL[index];
        let value = self.values[index];
        let (mut background, mut ink) = (CELL, DARK_INK);
        if self.highlight.contains(square) {
            background = MARKED;
        }
        if let Some(value) = value {
            (background, ink) = palette::value(value);
        }
        if self.faded {
            (background, ink) = (FADED, FADED_INK);
        }
        // On a heatmap the colour is the value, so a marked square gets a thick outline.
        let border = if value.is_some() && self.highlight.contains(square) {
            Border(Px(4), "solid", PLAYED)
        } else {
            Border(Px(2), "solid", GRID)
        };
        let mut cell = square_cell(Px(px), border, background, ink).attr(
            "title",
            &format!(
                "square {}, magic number {}",
                square.digit(),
                square.magic_number()
            ),
        );
        if self.tagged {
            cell = cell.attr("data-sq", &square.digit().to_string());
        }
        let text = |size: u32, colour, weight: &'static str, text: &str| {
            div()
                .css("font-size", Px(size.max(9)))
                .css("font-weight", weight)
                .css("color", colour)
                .css("background", "transparent")
                .text(text)
        };
        let mark = self.board.get(square);
        let magic_only = self.magic_numbers && !self.digits && value.is_none() && mark.is_none();
        if magic_only {
            cell = cell.child(text(
                px * 2 / 5,
                MAGIC_NUMBER,
                "700",
                &square.magic_number().to_string(),
            ));
        } else if self.magic_numbers {
            cell = cell.child(text(
                px * 2 / 7,
                MAGIC_NUMBER,
                "700",
                &square.magic_number().to_string(),
            ));
        }
        match (mark, value) {
            (Some(player), _) => {
                let colour = if self.faded {
                    FADED_INK
                } else {
                    palette::mark(player)
                };
                cell = cell.child(text(px * 55 / 100, colour, "800", &player.to_string()));
            }
            (None, Some(value)) => {
                cell = cell.child(text(px / 4, ink, "700", &short_value(value)));
            }
            (None, None) if self.digits && !magic_only => {
                cell = cell.child(text(px * 3 / 10, DIGIT, "400", &square.digit().to_string()));
            }
            (None, None) => {}
        }
        cell.into()
    }

    /// The board as text, with the caption.
    fn plain_text(&self) -> String {
        let mut text = format!("{:#}", self.board);
        if let Some(caption) = &self.caption {
            text.push('\n');
            text.push_str(caption);
        }
        text
    }
}

impl Picture for BoardView {
    /// The board in its card, with its caption.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = self.table_html(scale);
        if let Some(text) = &self.caption {
            inner.push(caption(scale, text));
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.plain_text()
    }
}

/// Boards side by side, each with its label above.
pub(crate) fn row_of_boards(scale: Scale, boards: &[(String, BoardView)]) -> Html {
    let labels = tr().children(boards.iter().map(|(label, _)| {
        td().css("text-align", "center")
            .css("font-size", scale.px(13))
            .css("color", MUTED)
            .css("background", PAPER)
            .css("padding", (Px(0), Px(0), scale.px(2), Px(0)))
            .text(label)
    }));
    let views = tr().children(boards.iter().map(|(_, view)| {
        td().css("vertical-align", "top")
            .css("background", PAPER)
            .css("padding", "0")
            .child(view.table_html(scale))
    }));
    table()
        .css("border-collapse", "separate")
        .css("border-spacing", (scale.px(8), Px(0)))
        .css("margin", "0")
        .child(labels)
        .child(views)
        .into()
}

/// A square of a board drawn as a table cell: `px` wide and high, its contents centred, in
/// `background` and `ink`, inside `border`.
pub(crate) fn square_cell(px: Px, border: Border, background: Colour, ink: Colour) -> Element {
    td().css("width", px)
        .css("height", px)
        .css("min-width", px)
        .css("border", border)
        .css("padding", "0")
        .css("text-align", "center")
        .css("vertical-align", "middle")
        .css("background", background)
        .css("color", ink)
        .css("line-height", "1.05")
}

/// `win 1`, `draw 8`, `loss 2`: a value short enough for a small square.
pub(crate) fn short_value(value: Value) -> String {
    let word = match value {
        Value::Win(_) => "win",
        Value::Draw(_) => "draw",
        Value::Loss(_) => "loss",
    };
    format!("{word} {}", value.plies())
}

/// A caption for a board: whose turn it is, or how the game ended.
pub(crate) fn board_caption(board: Board) -> String {
    match (board.to_move(), board.ending_words()) {
        (Some(player), _) => format!("{player} to move"),
        (None, Some(words)) => capitalised(&words),
        (None, None) => String::new(),
    }
}

/// What rendering adds to a board.
impl Board {
    /// A view of the board to draw, with options (magic numbers, heatmap, highlights).
    pub fn view(self) -> BoardView {
        BoardView::new(self)
    }
}

impl Picture for Board {
    /// Keypad digits on the free squares, the winning line marked, and whose turn it is or how
    /// the game ended underneath.
    fn draw(&self, scale: Scale) -> Html {
        self.view().caption(board_caption(*self)).draw(scale)
    }

    fn text(&self) -> String {
        format!("{self:#}\n{}", board_caption(*self))
    }
}

notebook_pictures!(Board, BoardView);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_render_marks_digits_and_the_winning_line() {
        let board: Board = "XXX/OO./...".parse().unwrap();
        let html = board.to_html().into_string();
        assert_eq!(html.matches(MARKED.hex()).count(), 3);
        assert_eq!(html.matches(">X</div>").count(), 3);
        assert_eq!(html.matches(">O</div>").count(), 2);
        assert!(html.contains("X won with the row 1-2-3"));
        for digit in 6..=9 {
            assert!(html.contains(&format!(">{digit}</div>")), "{digit}");
        }
    }

    #[test]
    fn heatmap_labels_every_free_square_with_its_value() {
        let board: Board = "XX./OO./...".parse().unwrap();
        let html = board.view().values().to_html().into_string();
        let analysis = board.analysis();
        for &(_, value) in analysis.iter() {
            let label = short_value(value);
            let expected = analysis.iter().filter(|(_, n)| *n == value).count();
            assert_eq!(
                html.matches(&format!(">{label}</div>")).count(),
                expected,
                "{label}"
            );
        }
    }

    #[test]
    fn captions_are_escaped() {
        let html = Board::new()
            .view()
            .caption("<script>alert('x')</script>")
            .to_html()
            .into_string();
        assert!(!html.contains("<script"));
        assert!(html.contains("&lt;script&gt;"));
    }

    #[test]
    fn every_size_scales() {
        let small = Board::new().scaled(1.0).to_html().len();
        let html = Board::new().scaled(2.0).to_html().into_string();
        assert!(html.contains("width:112px"));
        assert!(small > 0);
    }
}
