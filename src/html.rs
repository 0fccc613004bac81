//! HTML pictures for notebooks: pure functions from values to strings.
//!
//! Everything here uses inline styles only (no `<style>`, `<script>` or `<svg>`), so the pictures
//! survive JupyterLab's sanitizer when a notebook is saved and reopened. Every element that holds
//! text sets both its colour and its background, so the pictures read the same on a light or a
//! dark theme. Every interpolated string goes through [`escape`].

use std::fmt::Write;

pub use crate::gallery::Gallery;
use crate::{Board, GameResult, Player, Square, SquareSet, Value};

/// Text made safe to put inside HTML: `&`, `<`, `>`, `"` and `'` become entities.
///
/// ```
/// assert_eq!(magic_tictactoe::html::escape("<b>&\"'"), "&lt;b&gt;&amp;&quot;&#39;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Prints `text` and `html` as one rich output for the Jupyter Rust kernel.
pub(crate) fn emit(text: &str, html: &str) {
    evcxr_runtime::mime_type("text/plain").text(text);
    evcxr_runtime::mime_type("text/html").text(html);
}

pub(crate) const INK: &str = "#1f1d1a";
pub(crate) const PAPER: &str = "#fbf8f1";
pub(crate) const MUTED: &str = "#6b6358";
const X_COLOUR: &str = "#c62828";
const O_COLOUR: &str = "#1e4fa3";
const CELL: &str = "#fffdf8";
const LINE_CELL: &str = "#ffe07a";
const FONT: &str = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";

/// The colour of `player`'s marks.
pub(crate) fn player_colour(player: Player) -> &'static str {
    match player {
        Player::X => X_COLOUR,
        Player::O => O_COLOUR,
    }
}

/// Background and text colour for a value, from the point of view of the side to move.
pub(crate) fn value_colours(value: Value) -> (&'static str, &'static str) {
    match value.result() {
        GameResult::Win => ("#b9e4bb", "#0f4d13"),
        GameResult::Draw => ("#fff0b3", "#5c4700"),
        GameResult::Loss => ("#f7c1c1", "#7a1010"),
    }
}

/// A card: the box every picture sits in, with its own background and ink.
pub(crate) fn card(inner: &str) -> String {
    format!(
        "<div style=\"display:inline-block;background:{PAPER};color:{INK};padding:10px 14px;\
         border:1px solid #c9bfa8;border-radius:8px;{FONT};font-size:14px;line-height:1.35\">{inner}</div>"
    )
}

/// A line of small text in the card's muted ink.
pub(crate) fn caption(text: &str) -> String {
    format!(
        "<div style=\"color:{MUTED};background:{PAPER};font-size:13px;margin-top:6px\">{}</div>",
        escape(text)
    )
}

/// How a board is drawn: which numbers to show, what to highlight, and how big.
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
                .outcome()
                .line()
                .map_or(SquareSet::EMPTY, |line| line.square_set()),
            values: [None; 9],
            faded: false,
            tagged: false,
            cell_px: 56,
            caption: None,
        }
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

    /// The size of a square in pixels (10 to 120).
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

    /// The board as an HTML table, without the card around it.
    pub fn table_html(&self) -> String {
        let px = self.cell_px;
        let mark_size = px * 55 / 100;
        let small = (px / 5).max(9);
        let mut html =
            format!("<table style=\"border-collapse:collapse;margin:0;background:{CELL}\">");
        for row in 0..3 {
            html.push_str("<tr>");
            for column in 0..3 {
                let square = Square::ALL[row * 3 + column];
                let mut background = CELL;
                let mut colour = INK;
                if self.highlight.contains(square) {
                    background = LINE_CELL;
                }
                let value = self.values[square.index()];
                if let Some(value) = value {
                    (background, colour) = value_colours(value);
                }
                if self.faded {
                    (background, colour) = ("#e9e6df", "#a39b8f");
                }
                // On a heatmap the colour is the value, so a marked square gets a thick outline.
                let border = if value.is_some() && self.highlight.contains(square) {
                    "4px solid #3a2a8c"
                } else {
                    "2px solid #3b3631"
                };
                if self.tagged {
                    let _ = write!(html, "<td data-sq=\"{}\"", square.digit());
                } else {
                    html.push_str("<td");
                }
                let _ = write!(
                    html,
                    " title=\"square {digit}, magic number {magic}\" style=\"width:{px}px;height:{px}px;min-width:{px}px;\
                     border:{border};padding:0;text-align:center;vertical-align:middle;\
                     background:{background};color:{colour};line-height:1.05\">",
                    digit = square.digit(),
                    magic = square.magic_number(),
                );
                let magic_only = self.magic_numbers
                    && !self.digits
                    && value.is_none()
                    && self.board.get(square).is_none();
                if magic_only {
                    let _ = write!(
                        html,
                        "<div style=\"font-size:{}px;color:#8a5a00;background:transparent;font-weight:700\">{}</div>",
                        px * 2 / 5,
                        square.magic_number()
                    );
                } else if self.magic_numbers {
                    let _ = write!(
                        html,
                        "<div style=\"font-size:{small}px;color:#8a5a00;background:transparent;font-weight:700\">{}</div>",
                        square.magic_number()
                    );
                }
                match self.board.get(square) {
                    Some(player) => {
                        let _ = write!(
                            html,
                            "<div style=\"font-size:{mark_size}px;font-weight:800;color:{};background:transparent\">{}</div>",
                            if self.faded {
                                "#a39b8f"
                            } else {
                                player_colour(player)
                            },
                            player.mark()
                        );
                    }
                    None => {
                        if let Some(value) = value {
                            let _ = write!(
                                html,
                                "<div style=\"font-size:{}px;font-weight:700;color:{colour};background:transparent\">{}</div>",
                                (px / 4).max(9),
                                escape(&short_value(value))
                            );
                        } else if self.digits && !magic_only {
                            let _ = write!(
                                html,
                                "<div style=\"font-size:{}px;color:#a39b8f;background:transparent\">{}</div>",
                                (px * 3 / 10).max(9),
                                square.digit()
                            );
                        }
                    }
                }
                html.push_str("</td>");
            }
            html.push_str("</tr>");
        }
        html.push_str("</table>");
        html
    }

    /// The board in its card, with its caption.
    pub fn to_html(&self) -> String {
        let mut inner = self.table_html();
        if let Some(text) = &self.caption {
            inner.push_str(&caption(text));
        }
        card(&inner)
    }

    /// The board as text, with the caption.
    pub fn to_text(&self) -> String {
        let mut text = format!("{:#}", self.board);
        if let Some(caption) = &self.caption {
            text.push('\n');
            text.push_str(caption);
        }
        text
    }

    /// Shows the board in a notebook cell.
    pub fn evcxr_display(&self) {
        emit(&self.to_text(), &self.to_html());
    }
}

/// `W1`, `D8`, `L2`: a value short enough for a small square.
pub(crate) fn short_value(value: Value) -> String {
    let letter = match value.result() {
        GameResult::Win => "win",
        GameResult::Draw => "draw",
        GameResult::Loss => "loss",
    };
    format!("{letter} {}", value.plies())
}

/// A caption for a board: whose turn it is, or how the game ended.
pub(crate) fn board_caption(board: Board) -> String {
    match board.to_move() {
        Some(player) => format!("{player} to move"),
        None => {
            let outcome = board.outcome();
            let mut text = outcome.to_string();
            if let Some(first) = text.get(..1) {
                text = first.to_uppercase() + &text[1..];
            }
            text
        }
    }
}

impl Board {
    /// A view of the board to draw, with options (magic numbers, heatmap, highlights).
    ///
    /// ```
    /// use magic_tictactoe::Board;
    ///
    /// let html = Board::new().view().magic_numbers().to_html();
    /// assert!(html.contains(">8</div>"));
    /// ```
    pub fn view(self) -> BoardView {
        BoardView::new(self)
    }

    /// The board as HTML: keypad digits on the free squares, the winning line marked, and
    /// whose turn it is or how the game ended underneath.
    pub fn to_html(self) -> String {
        self.view().caption(board_caption(self)).to_html()
    }

    /// Shows the board in a notebook cell.
    pub fn evcxr_display(&self) {
        emit(
            &format!("{self:#}\n{}", board_caption(*self)),
            &self.to_html(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_safe(html: &str) {
        for constant in ["{PAPER}", "{INK}", "{MUTED}", "{CELL}", "{FONT}"] {
            assert!(!html.contains(constant), "unformatted {constant}");
        }
        for banned in ["<script", "<style", "<svg"] {
            assert!(!html.contains(banned), "{banned} in {html}");
        }
        assert_eq!(
            html.matches("<table").count(),
            html.matches("</table>").count()
        );
        assert_eq!(html.matches("<div").count(), html.matches("</div>").count());
        assert_eq!(html.matches("<td").count(), html.matches("</td>").count());
    }

    #[test]
    fn boards_render_marks_digits_and_the_winning_line() {
        let board: Board = "XXX/OO./...".parse().unwrap();
        let html = board.to_html();
        assert_safe(&html);
        assert_eq!(html.matches(LINE_CELL).count(), 3);
        assert_eq!(html.matches(">X</div>").count(), 3);
        assert_eq!(html.matches(">O</div>").count(), 2);
        assert!(html.contains("X won with the row 1-2-3"));
        // Free squares 6, 7, 8, 9 show their digits.
        for digit in 6..=9 {
            assert!(html.contains(&format!(">{digit}</div>")), "{digit}");
        }
    }

    #[test]
    fn heatmap_colours_every_free_square() {
        let board: Board = "XX./OO./...".parse().unwrap();
        let html = board.view().values().to_html();
        assert_safe(&html);
        let analysis = board.analysis();
        assert_eq!(html.matches("win 1").count(), 1);
        for m in analysis.moves() {
            let label = short_value(m.value);
            let expected = analysis
                .moves()
                .iter()
                .filter(|n| n.value == m.value)
                .count();
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
            .to_html();
        assert_safe(&html);
        assert!(html.contains("&lt;script&gt;"));
    }
}
