//! Several boards in one picture: a cell shows one rich output, so a sequence is one value.

use super::parts::{caption, card, labelled, title};
use super::picture::notebook_pictures;
use super::{BoardView, Html, Picture, Scale};
use crate::engine::Game;
use crate::rules::{Board, SquareSet, Symmetry};

/// Boards side by side, each with a label, drawn as one picture.
///
/// ```
/// use magic_tictactoe::{render::Gallery, Board};
///
/// let gallery = Gallery::new("Two boards")
///     .with("empty", Board::new().view())
///     .with("centre", Board::new().try_play(5)?.view());
/// assert_eq!(gallery.len(), 2);
/// assert!(gallery.to_html().as_str().contains("centre"));
/// # Ok::<(), magic_tictactoe::MoveError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Gallery {
    title: String,
    items: Vec<(String, BoardView)>,
    note: Option<String>,
}

impl Gallery {
    /// An empty gallery with a title.
    pub fn new(title: impl Into<String>) -> Gallery {
        Gallery {
            title: title.into(),
            items: Vec::new(),
            note: None,
        }
    }

    /// Adds a board with its label.
    #[must_use]
    pub fn with(mut self, label: impl Into<String>, view: BoardView) -> Gallery {
        self.push(label, view);
        self
    }

    /// Adds a board with its label.
    pub fn push(&mut self, label: impl Into<String>, view: BoardView) {
        self.items.push((label.into(), view));
    }

    /// Adds a line of text under the boards.
    #[must_use]
    pub fn note(mut self, text: impl Into<String>) -> Gallery {
        self.note = Some(text.into());
        self
    }

    /// How many boards.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are no boards.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl Picture for Gallery {
    /// The boards in a wrapping row, each with its label above.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = Html::default();
        if !self.title.is_empty() {
            inner.push(title(scale, &self.title));
        }
        for (label, view) in &self.items {
            inner.push(labelled(scale, label, view.table_html(scale)));
        }
        if let Some(note) = &self.note {
            inner.push(caption(scale, note));
        }
        card(scale, inner)
    }

    /// The labels and boards as text.
    fn text(&self) -> String {
        let mut text = self.title.clone();
        for (label, view) in &self.items {
            text.push_str(&format!("\n{label}:\n{:#}", view.board()));
        }
        if let Some(note) = &self.note {
            text.push_str(&format!("\n{note}"));
        }
        text
    }
}

notebook_pictures!(Gallery);

/// What rendering adds to a game.
impl Game {
    /// A heatmap of every position of the game where someone was to move: each free square
    /// coloured by its value for the side to move, and the move then played outlined.
    pub fn heatmaps(&self) -> Gallery {
        let mut gallery = Gallery::new("The value of every free square, move by move");
        for (i, board) in self.boards().iter().enumerate() {
            let Some(player) = board.to_move() else {
                continue;
            };
            let played = self.moves().get(i).copied();
            let mut view = board.view().values().size(56);
            if let Some(square) = played {
                view = view.highlight(SquareSet::from_square(square));
            }
            let label = match played {
                Some(square) => format!("move {}: {player} to move, played {square}", i + 1),
                None => format!("move {}: {player} to move", i + 1),
            };
            gallery.push(label, view);
        }
        gallery.note(
            "Green: the side to move can force a win; yellow: a draw; red: a loss. The number counts the moves to the end.",
        )
    }
}

/// What rendering adds to the symmetries.
impl Symmetry {
    /// `board` turned and flipped all eight ways, as one picture.
    pub fn gallery(board: Board) -> Gallery {
        let mut gallery = Gallery::new("The eight symmetries of the square");
        for symmetry in Symmetry::ALL {
            gallery.push(
                symmetry.name(),
                board.transformed(symmetry).view().digits(false).size(36),
            );
        }
        gallery
            .note("All eight are the same position for the game: the same moves win, draw or lose.")
    }
}
