//! Drawing: the only layer with tags, colours and the notebook hook.
//!
//! Every picture is HTML with inline styles only (no `<style>`, `<script>` or `<svg>` for
//! anything that must show), because JupyterLab strips those from a notebook that is saved and
//! reopened. Pictures are built from typed [`Html`], so every string from outside is escaped,
//! and every colour comes from one palette. [`set_scale`] makes every picture bigger at once,
//! for a projector; each picture's `scaled(factor)` sizes just that one.

mod board_view;
pub mod clickable;
mod gallery;
mod grid_view;
mod html;
mod menace;
mod notebook;
pub(crate) mod palette;
pub(crate) mod parts;
mod picture;
mod pictures;
mod refusal;
mod show_game;

pub use board_view::BoardView;
pub(crate) use board_view::{board_caption, row_of_boards};
pub use clickable::ClickableGame;
pub use gallery::Gallery;
pub use grid_view::GridView;
pub use html::Html;
pub(crate) use html::{Border, Element, Px, bold, div, span, table, td, tr};
pub(crate) use picture::notebook_pictures;
pub use picture::{Picture, Scale, Scaled, ShowInNotebook, projector, scale, set_scale};
pub use show_game::ShowGame;
pub(crate) use show_game::{move_name, with_turn};

/// Text made safe to put inside HTML, as a string: `&`, `<`, `>`, `"` and `'` become entities.
///
/// ```
/// assert_eq!(magic_tictactoe::html::escape("<b>&\"'"), "&lt;b&gt;&amp;&quot;&#39;");
/// ```
pub fn escape(text: &str) -> String {
    Html::text(text).into_string()
}
