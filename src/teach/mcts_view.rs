//! The picture of a Monte Carlo tree search's tree: the moves from the position searched, each
//! with its visits (a bar) and win rate, the most tried in green, and why the search stopped
//! early if it did. The stepper ([`PlayoutSteps`](super::playouts::PlayoutSteps)) shows it under
//! each playout; [`MctsTree::view`] shows any tree in a cell.

use std::fmt;

use crate::engine::mcts::MctsTree;
use crate::render::palette::{BAR, GOOD, INK, MUTED, PAPER};
use crate::render::parts::{bar, card, note, title};
use crate::render::{Html, Picture, Px, Scale, ShowGame, div, move_name};
use crate::rules::text::{counted, thousands};

/// The most moves of one position a picture draws: the rest are counted in a note.
pub(crate) const MAX_DRAWN_MOVES: usize = 24;

/// A win rate as a whole percentage.
pub(crate) fn percent(half_points: u32, visits: u32) -> String {
    if visits == 0 {
        "–".to_owned()
    } else {
        format!("{:.0}%", f64::from(half_points) * 50.0 / f64::from(visits))
    }
}

/// "and 99,976 more moves, lower by UCB1": what a picture leaves out.
pub(crate) fn left_out_note(scale: Scale, count: usize, what: &str) -> Html {
    div()
        .css("display", "inline-block")
        .css("vertical-align", "middle")
        .css("padding", (scale.px(3), scale.px(5)))
        .css("font-size", scale.px(14))
        .css("background", PAPER)
        .css("color", MUTED)
        .text(&format!("and {} more {what}", thousands(count as u64)))
        .into()
}

/// The root's moves as the tree stands: a column each, with its visits (a bar) and win
/// rate; the most tried in green.
pub(crate) fn root_moves_html<G: ShowGame>(game: &G, tree: &MctsTree<G>, scale: Scale) -> Html {
    let children: Vec<_> = tree.children(tree.root()).collect();
    if children.is_empty() {
        return Html::default();
    }
    let most = children
        .iter()
        .filter_map(|&id| tree.node(id))
        .map(|n| n.visits)
        .max()
        .unwrap_or(0)
        .max(1);
    let best = tree.best_child();
    // A game of very many moves shows the most tried, in the game's order.
    let mut by_visits = children.clone();
    by_visits.sort_by_key(|&id| std::cmp::Reverse(tree.node(id).map_or(0, |n| n.visits)));
    by_visits.truncate(MAX_DRAWN_MOVES);
    let left_out = children.len() - by_visits.len();
    let children: Vec<_> = children
        .into_iter()
        .filter(|id| by_visits.contains(id))
        .collect();
    let mut moves = div();
    for id in children {
        let Some(node) = tree.node(id) else { continue };
        let (background, ink) = if Some(id) == best && node.visits > 0 {
            GOOD
        } else {
            (PAPER, INK)
        };
        let label = node
            .chosen
            .map_or(String::new(), |chosen| move_name(game, node.mover, chosen));
        // Each move a block, the blocks wrapping onto more lines for a game of many moves.
        moves = moves.child(
            div()
                .css("display", "inline-block")
                .css("vertical-align", "top")
                .css("margin", (Px(0), scale.px(6), scale.px(6), Px(0)))
                .css("text-align", "center")
                .css("font-size", scale.px(14))
                .css("background", PAPER)
                .css("color", INK)
                .child(
                    div()
                        .css("color", MUTED)
                        .css("white-space", "nowrap")
                        .text(&label),
                )
                .child(
                    div()
                        .css("display", "inline-block")
                        .child(game.position_html(&node.position, node.chosen, scale)),
                )
                .child(
                    div()
                        .css("background", background)
                        .css("color", ink)
                        .css("padding", (scale.px(2), scale.px(5)))
                        .css("white-space", "nowrap")
                        .child(div().text(&format!(
                            "{} {}",
                            thousands(u64::from(node.visits)),
                            if node.visits == 1 { "visit" } else { "visits" }
                        )))
                        .child(bar(
                            scale,
                            f64::from(node.visits) / f64::from(most),
                            60,
                            BAR,
                        ))
                        .child(
                            div().text(&format!("wins {}", percent(node.half_points, node.visits))),
                        ),
                ),
        );
    }
    if left_out > 0 {
        moves = moves.child(left_out_note(scale, left_out, "moves, tried less"));
    }
    moves.into()
}

/// A tree of a Monte Carlo tree search drawn with its game's pictures: `tree.view(&game)`.
pub struct TreeView<'a, G: ShowGame> {
    game: &'a G,
    tree: &'a MctsTree<G>,
}

impl<G: ShowGame> MctsTree<G> {
    /// The tree drawn with `game`'s pictures, to show in a cell: the moves from the position
    /// searched with their visits and win rates.
    ///
    /// ```
    /// use magic_tictactoe::engine::mcts::Mcts;
    /// use magic_tictactoe::prelude::*;
    ///
    /// let game = ConnectFour::new(5, 4)?;
    /// let tree = Mcts::new(500)?.search(&game, &game.start());
    /// let picture = tree.view(&game).to_html();
    /// assert!(picture.as_str().contains("500 playouts"));
    /// # Ok::<(), magic_tictactoe::LimitError>(())
    /// ```
    pub fn view<'a>(&'a self, game: &'a G) -> TreeView<'a, G> {
        TreeView { game, tree: self }
    }

    /// The tree's figures and why it stopped, in words.
    fn summary(&self) -> String {
        let mut words = format!(
            "Monte Carlo tree search: {} {}, {} positions in the tree.",
            thousands(u64::from(self.playouts())),
            if self.playouts() == 1 {
                "playout"
            } else {
                "playouts"
            },
            thousands(self.len() as u64)
        );
        if let Some(panicked) = self.panicked() {
            words.push_str(&format!(" It stopped early: {panicked}."));
        } else if let Some(refusal) = self.stopped_by() {
            words.push_str(&format!(" It stopped early: {refusal}."));
        }
        words
    }
}

impl<G: ShowGame> fmt::Debug for TreeView<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TreeView")
            .field("tree", self.tree)
            .finish_non_exhaustive()
    }
}

impl<G: ShowGame> Picture for TreeView<'_, G> {
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = title(scale, &self.tree.summary());
        let moves = root_moves_html(self.game, self.tree, scale);
        if moves.as_str().is_empty() {
            inner.push(note(scale, "No move from here has been tried."));
        } else {
            inner.push(moves);
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl<G: ShowGame> fmt::Display for TreeView<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.tree.summary())?;
        let tree = self.tree;
        let mut children: Vec<_> = tree.children(tree.root()).collect();
        children.sort_by_key(|&id| std::cmp::Reverse(tree.node(id).map_or(0, |n| n.visits)));
        for id in children.iter().take(MAX_DRAWN_MOVES) {
            let Some(node) = tree.node(*id) else { continue };
            let Some(chosen) = node.chosen else { continue };
            write!(
                f,
                "\n{}: {}, wins {}",
                move_name(self.game, node.mover, chosen),
                counted(u64::from(node.visits), "visit"),
                percent(node.half_points, node.visits)
            )?;
        }
        if children.len() > MAX_DRAWN_MOVES {
            write!(
                f,
                "\nand {} more moves, tried less",
                thousands((children.len() - MAX_DRAWN_MOVES) as u64)
            )?;
        }
        Ok(())
    }
}

impl<G: ShowGame> TreeView<'_, G> {
    /// The picture as HTML, at the scale set for the notebook
    /// ([`render::set_scale`](crate::render::set_scale)).
    pub fn to_html(&self) -> Html {
        Picture::draw(self, crate::render::scale())
    }

    /// Shows the picture in a notebook cell.
    pub fn evcxr_display(&self) {
        crate::render::Scaled::new(self, crate::render::scale()).evcxr_display();
    }
}

impl<G: ShowGame + Default> MctsTree<G> {
    /// The picture as HTML, drawn with the game's default (tic-tac-toe's board, or a
    /// learner's game that is `Default`); any other game: [`MctsTree::view`].
    pub fn to_html(&self) -> Html {
        self.view(&G::default()).to_html()
    }

    /// Shows the tree in a notebook cell, drawn as [`MctsTree::to_html`] draws it.
    pub fn evcxr_display(&self) {
        self.view(&G::default()).evcxr_display();
    }
}
