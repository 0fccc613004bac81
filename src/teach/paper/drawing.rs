//! The pictures of paper trees and their searches, and a search's text.

use std::fmt;

use super::model::PaperTree;
use super::stepper::{OrderComparison, PaperSearch};
use crate::engine::search::Pruning;
use crate::render::parts::{caption, card, side_by_side_or_below, title};
use crate::render::{Html, Picture, Scale, div, notebook_pictures};
use crate::teach::steps::Finding;
use crate::teach::steps::art::{Badge, TreeArt, node_look};

impl PaperSearch {
    fn node_html(&self, index: usize, scale: Scale) -> Html {
        let node = &self.tree.nodes[index];
        let finding = self.finding(index);
        let chosen = self.is_finished()
            && node.depth == 1
            && self
                .chosen_child(|child, root| child == root)
                .is_some_and(|chosen| chosen == index);
        let just_done = self.last_evaluated() == Some(index) && !self.is_finished();
        let role = match node.leaf {
            Some(_) => "leaf".to_owned(),
            None if node.depth.is_multiple_of(2) => format!("{} MAX", self.tree.name(index)),
            None => format!("{} MIN", self.tree.name(index)),
        };
        let value = match (node.leaf, finding) {
            (Some(value), Finding::Unvisited | Finding::Skipped) => value.to_string(),
            (_, finding) => label(finding),
        };
        Badge {
            role: &role,
            body: None,
            value: &value,
            window: self.window_text(index, &|v: i32| v.to_string()),
            look: node_look(scale, finding, chosen, just_done),
            min_width: if node.leaf.is_some() { 40 } else { 96 },
        }
        .draw(scale)
    }

    pub(super) fn summary(&self) -> String {
        let leaves = self.tree.nodes.iter().filter(|n| n.leaf.is_some()).count();
        let mut summary = format!(
            "{}: {} of {} leaves looked at",
            self.algorithm().name(),
            self.leaves_looked_at(),
            leaves
        );
        if self.algorithm() == Pruning::AlphaBeta {
            summary.push_str(&format!(", {} skipped", self.skipped_leaves()));
        }
        summary
    }

    fn note(&self) -> String {
        if self.is_finished() {
            match (self.value(), self.chosen_move()) {
                (Some(value), Some(name)) => {
                    format!("Done. The root's value is {value}: max plays {name} (green).")
                }
                _ => "Done.".to_owned(),
            }
        } else if let Some(index) = self.last_evaluated() {
            let name = match self.tree.nodes[index].leaf {
                Some(_) => format!("the leaf under {}", self.tree.move_name(index)),
                None => self.tree.name(index),
            };
            format!(
                "Just evaluated (yellow): {name}, {}. Run the cell again for the next step.",
                label(self.finding(index))
            )
        } else {
            "Nothing evaluated yet: call step() to start.".to_owned()
        }
    }
}

/// What the search knows of a node, in a few words.
fn label(finding: Finding<i32>) -> String {
    match finding {
        Finding::Unvisited => "?".to_owned(),
        Finding::Searching { .. } => "searching".to_owned(),
        Finding::Exact(value) => value.to_string(),
        Finding::AtLeast(value) => format!("\u{2265} {value}"),
        Finding::AtMost(value) => format!("\u{2264} {value}"),
        Finding::Skipped => "skipped".to_owned(),
    }
}

impl PaperSearch {
    fn tree_html(&self, scale: Scale) -> Html {
        let art = TreeArt {
            shape: &self.shape,
            node: &|index| self.node_html(index, scale),
            edge_label: &|index| self.tree.move_name(index),
            skipped: &|index| self.finding(index) == Finding::Skipped,
            node_width: &|index| match self.tree.nodes[index].leaf {
                Some(_) => 52,
                None => 112,
            },
        };
        div()
            .css("overflow-x", "auto")
            .child(art.draw(scale, 0))
            .into()
    }
}

impl Picture for PaperSearch {
    /// The tree with a line from each node to each move, the move's name on the line; in each
    /// node who moves there, what the search knows of its value, and alpha and beta (or the
    /// best so far, for minimax); the node just evaluated in yellow, skipped branches dashed
    /// and grey, and at the end max's move in green.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = title(scale, &self.summary());
        inner.push(self.tree_html(scale));
        inner.push(caption(scale, &self.note()));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for PaperSearch {
    /// One line per node, indented by depth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn walk(s: &PaperSearch, index: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let node = &s.tree.nodes[index];
            let name = match node.leaf {
                Some(value) => format!("{}: leaf {value}", s.tree.move_name(index)),
                None if index == 0 => s.tree.name(index),
                None => format!("{}: {}", s.tree.move_name(index), s.tree.name(index)),
            };
            let window = s
                .window_text(index, &|v: i32| v.to_string())
                .map(|w| format!(" ({w})"))
                .unwrap_or_default();
            writeln!(
                f,
                "{}{name} -> {}{window}",
                "  ".repeat(node.depth),
                label(s.finding(index))
            )?;
            node.children.iter().try_for_each(|&c| walk(s, c, f))
        }
        walk(self, 0, f)?;
        write!(f, "{}", self.summary())
    }
}

impl Picture for PaperTree {
    /// The tree before any search: the leaves' numbers and the moves' names.
    fn draw(&self, scale: Scale) -> Html {
        let search = self.minimax_steps();
        let mut inner = title(scale, &format!("A game tree: {self}"));
        inner.push(search.tree_html(scale));
        inner.push(caption(
            scale,
            "Max moves at the root, min at the next row, and so on. Each leaf is how good that end is for max.",
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl Picture for OrderComparison {
    /// The two searches side by side (one below the other when the page is too narrow), each
    /// with its count of skipped leaves.
    fn draw(&self, scale: Scale) -> Html {
        let column = |(label, search): &(String, PaperSearch)| -> Html {
            let mut inner = title(
                scale,
                &format!("{label}: {} leaves skipped", search.skipped_leaves()),
            );
            inner.push(search.tree_html(scale));
            inner.push(caption(
                scale,
                &format!(
                    "{}: {} leaves looked at; the root's value {}.",
                    search.tree,
                    search.leaves_looked_at(),
                    search.value().map_or("?".to_owned(), |v| v.to_string())
                ),
            ));
            inner
        };
        let mut inner = title(
            scale,
            "The same game in two move orders: alpha-beta skips more when good moves come first",
        );
        inner.push(side_by_side_or_below(
            scale,
            self.searches.iter().map(column),
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.searches
            .iter()
            .map(|(label, search)| {
                format!(
                    "{label}, {}: {} leaves skipped",
                    search.tree,
                    search.skipped_leaves()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

notebook_pictures!(PaperTree, PaperSearch, OrderComparison);
