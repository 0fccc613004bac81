//! Every colour the pictures use, by what it means. Nothing else in the crate writes a colour.

use crate::engine::Value;
use crate::rules::Player;

/// A colour of the palette: a hex value every viewer shows, and optionally a theme variable
/// that viewers which keep CSS variables use instead, so that a card follows a dark theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Colour {
    hex: &'static str,
    theme: Option<&'static str>,
}

impl Colour {
    const fn fixed(hex: &'static str) -> Colour {
        Colour { hex, theme: None }
    }

    const fn themed(variable: &'static str, hex: &'static str) -> Colour {
        Colour {
            hex,
            theme: Some(variable),
        }
    }

    /// The colour as `#rrggbb`.
    pub(crate) const fn hex(self) -> &'static str {
        self.hex
    }

    /// The theme's CSS variable that stands in for this colour, if any.
    pub(crate) const fn theme_variable(self) -> Option<&'static str> {
        self.theme
    }
}

// The card: these follow the viewer's theme where CSS variables survive (a live notebook, an
// exported page), and fall back to a light card where they are stripped (JupyterLab's
// sanitizer keeps only plain colours in a reopened notebook). Text on the card takes only
// these, so its contrast holds in a light and a dark theme alike.

/// The background of a card.
pub(crate) const PAPER: Colour = Colour::themed("--jp-layout-color0", "#fbf8f1");
/// The text of a card.
pub(crate) const INK: Colour = Colour::themed("--jp-content-font-color1", "#1f1d1a");
/// Quieter text on a card: captions and notes.
pub(crate) const MUTED: Colour = Colour::themed("--jp-content-font-color2", "#6b6358");
/// The line around a card.
pub(crate) const CARD_EDGE: Colour = Colour::themed("--jp-border-color1", "#c9bfa8");
/// The background of table headings and notes on a card.
pub(crate) const HEADING: Colour = Colour::themed("--jp-layout-color2", "#ece6da");
/// The background of a message under a game.
pub(crate) const NOTE: Colour = Colour::themed("--jp-layout-color2", "#efe6d2");
/// X's colour for text on a card (a sentence about X's squares).
pub(crate) const X_TEXT: Colour = Colour::themed("--jp-error-color1", "#b71c1c");
/// O's colour for text on a card.
pub(crate) const O_TEXT: Colour = Colour::themed("--jp-brand-color1", "#1e4fa3");

// Light surfaces drawn on the card (board cells, chips, badges, buttons) keep their own
// colours in every theme, and text on them takes only these fixed inks.

/// Text on a light surface.
pub(crate) const DARK_INK: Colour = Colour::fixed("#1f1d1a");
/// Quieter text on a light surface.
pub(crate) const QUIET_INK: Colour = Colour::fixed("#5f574c");
/// A free square.
pub(crate) const CELL: Colour = Colour::fixed("#fffdf8");
/// The lines between squares.
pub(crate) const GRID: Colour = Colour::fixed("#3b3631");
/// A square on the winning line, or marked for attention.
pub(crate) const MARKED: Colour = Colour::fixed("#ffe07a");
/// The keypad digit in a free square: quiet, but readable (5.8:1).
pub(crate) const DIGIT: Colour = Colour::fixed("#6b6358");
/// A square's magic number (5.3:1 even on a marked square).
pub(crate) const MAGIC_NUMBER: Colour = Colour::fixed("#7a4e00");
/// The outline of the move played, on a heatmap.
pub(crate) const PLAYED: Colour = Colour::fixed("#3a2a8c");
/// A greyed-out board's background.
pub(crate) const FADED: Colour = Colour::fixed("#e9e6df");
/// A greyed-out board's marks (4.8:1 on its background).
pub(crate) const FADED_INK: Colour = Colour::fixed("#6b6358");
/// The bars of a chart.
pub(crate) const BAR: Colour = Colour::fixed("#7b9acc");
/// A draw in a bar of results.
/// The lines of a tree, from each position to its children: the page's quiet ink, so that
/// they show on a dark page as well as a light one.
pub(crate) const TREE_LINE: Colour = Colour::themed("--jp-content-font-color2", "#5f574c");
/// A bar of games won, from the player's side.
pub(crate) const WIN_BAR: Colour = Colour::fixed("#2e7d32");
/// A bar of games lost, from the player's side.
pub(crate) const LOSS_BAR: Colour = Colour::fixed("#b71c1c");
pub(crate) const DRAW_BAR: Colour = Colour::fixed("#e8c547");
/// The lines between tournament cells.
pub(crate) const TABLE_EDGE: Colour = Colour::themed("--jp-border-color2", "#e4ddcf");
/// A button's background.
pub(crate) const BUTTON: Colour = Colour::fixed("#efe6d2");
/// A button's edge.
pub(crate) const BUTTON_EDGE: Colour = Colour::fixed("#8a7f6c");

/// X's marks (6.5:1 on a free square, 5.1:1 on a marked one).
pub(crate) const X_MARK: Colour = Colour::fixed("#b71c1c");
/// O's marks.
pub(crate) const O_MARK: Colour = Colour::fixed("#1e4fa3");

/// The colour of `player`'s marks, on a light surface.
pub(crate) const fn mark(player: Player) -> Colour {
    match player {
        Player::X => X_MARK,
        Player::O => O_MARK,
    }
}

/// `player`'s colour for text on a card.
pub(crate) const fn player_text(player: Player) -> Colour {
    match player {
        Player::X => X_TEXT,
        Player::O => O_TEXT,
    }
}

/// A right answer, or a win: background and text.
pub(crate) const GOOD: (Colour, Colour) = (Colour::fixed("#b9e4bb"), Colour::fixed("#0f4d13"));
/// A draw: background and text.
pub(crate) const EVEN: (Colour, Colour) = (Colour::fixed("#fff0b3"), Colour::fixed("#5c4700"));
/// A wrong answer, or a loss: background and text.
pub(crate) const BAD: (Colour, Colour) = (Colour::fixed("#f7c1c1"), Colour::fixed("#7a1010"));

/// Background and text colour for a value, from the point of view of the side to move.
pub(crate) const fn value(value: Value) -> (Colour, Colour) {
    match value {
        Value::Win(_) => GOOD,
        Value::Draw(_) => EVEN,
        Value::Loss(_) => BAD,
    }
}

/// A search tree's node: the chosen move (border, background).
pub(crate) const CHOSEN: (Colour, Colour) = (Colour::fixed("#2e7d32"), Colour::fixed("#dff3df"));
/// A search tree's node just evaluated (border, background).
pub(crate) const JUST_DONE: (Colour, Colour) = (Colour::fixed("#e0a800"), Colour::fixed("#fff3c4"));
/// A search tree's node being searched (border, background).
pub(crate) const SEARCHING: (Colour, Colour) = (Colour::fixed("#1e4fa3"), Colour::fixed("#e6eefb"));
/// A search tree's node not reached yet (border).
pub(crate) const UNVISITED: Colour = Colour::fixed("#b5ada0");
/// A search tree's skipped node (border, background, text: 5.4:1).
pub(crate) const SKIPPED: (Colour, Colour, Colour) = (
    Colour::fixed("#b5ada0"),
    Colour::fixed("#e4e0d8"),
    Colour::fixed("#5f574c"),
);
/// The bar for draws in the statistics.
pub(crate) const DRAW_STAT: Colour = Colour::fixed("#a08a2a");

/// MENACE's beads: background and text for a square holding a small, fair, large or most of
/// the box's share of beads (dark text on the light three, 11:1 and more; white on the
/// darkest, 5.1:1). An empty colour is drawn in [`BAD`].
pub(crate) const BEAD_HEAT: [(Colour, Colour); 4] = [
    (Colour::fixed("#eef5e6"), Colour::fixed("#1f1d1a")),
    (Colour::fixed("#c5e1a5"), Colour::fixed("#1f1d1a")),
    (Colour::fixed("#8bc34a"), Colour::fixed("#1f1d1a")),
    (Colour::fixed("#2e7d32"), Colour::fixed("#ffffff")),
];

/// The colours of MENACE's beads in a chart, one for each square that has a colour in a box.
/// None is the green, yellow or red of won, drew and lost, which the chart beside them uses: the
/// first box's squares (1, 2 and 5) are magenta, teal and blue.
pub(crate) const BEADS: [Colour; 9] = [
    Colour::fixed("#ad1457"),
    Colour::fixed("#00838f"),
    Colour::fixed("#8d6e63"),
    Colour::fixed("#6a1b9a"),
    Colour::fixed("#1565c0"),
    Colour::fixed("#546e7a"),
    Colour::fixed("#e65100"),
    Colour::fixed("#5d4037"),
    Colour::fixed("#3949ab"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bead_colours_are_nine_and_none_means_won_drew_or_lost() {
        for (index, bead) in BEADS.iter().enumerate() {
            assert!(
                ![WIN_BAR, DRAW_BAR, LOSS_BAR].contains(bead),
                "square {}'s beads look like a result",
                index + 1
            );
            assert!(
                !BEADS[..index].contains(bead),
                "square {}'s beads look like another square's",
                index + 1
            );
        }
    }
}
