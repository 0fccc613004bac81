//! How a search tree is drawn: its nodes as badges, its edges, and the layout that keeps the
//! widest tree within a page.

use super::*;
use crate::render::palette::{
    CELL, CHOSEN, Colour, DARK_INK, GRID, INK, JUST_DONE, MUTED, PAPER, QUIET_INK, SEARCHING,
    SKIPPED, TREE_LINE, UNVISITED,
};
use crate::render::{Border, Element, Html, Px, Scale, div, table, td, tr};

/// How a line from a parent to a child is drawn: solid, or dashed and grey when alpha-beta
/// skipped the child.
fn edge_border(scale: Scale, skipped: bool) -> Border {
    if skipped {
        Border(scale.px(2), "dashed", TREE_LINE)
    } else {
        Border(scale.px(2), "solid", TREE_LINE)
    }
}

/// A vertical line `height` pixels tall, centred in its cell.
fn stub(scale: Scale, height: u32, skipped: bool) -> Html {
    div()
        .css("width", "0")
        .css("height", scale.px(height))
        .css("margin", "0 auto")
        .css("border-left", edge_border(scale, skipped))
        .into()
}

/// What the tree drawing needs from a picture: each node drawn, and each edge's label.
pub(crate) struct TreeArt<'a> {
    pub(crate) shape: &'a [Shape],
    /// The node itself: a board, a number in a box.
    pub(crate) node: &'a dyn Fn(usize) -> Html,
    /// The move on the line into a node.
    pub(crate) edge_label: &'a dyn Fn(usize) -> String,
    /// Whether the line into a node is drawn as skipped.
    pub(crate) skipped: &'a dyn Fn(usize) -> bool,
    /// About how wide the node is drawn, in pixels at the normal size.
    pub(crate) node_width: &'a dyn Fn(usize) -> u32,
}

/// The widest a tree may be drawn top-down, in pixels on the page: a notebook's output area in
/// a 1280-pixel window, less the card's margins. A tree wider than this at its scale lists the
/// moves of its widest nodes one below the other instead.
const WIDEST_TREE: f64 = 1_000.0;

/// How far a sideways node's moves are set in from it, in pixels at the normal size.
const INDENT: u32 = 18;

impl TreeArt<'_> {
    /// The tree below `index`, as wide as the page allows: drawn top-down ([`TreeArt::down`])
    /// where that fits, and where a node's subtree would be too wide, its moves listed one below
    /// the other ([`TreeArt::sideways`]), each drawn the same way again.
    pub(crate) fn draw(&self, scale: Scale, index: usize) -> Html {
        let room = (WIDEST_TREE / scale.factor()) as u32;
        let mut widths = vec![0; self.shape.len()];
        for node in (0..self.shape.len()).rev() {
            widths[node] = self.width_down(node, &widths);
        }
        self.fitting(scale, index, room, &widths, None)
    }

    fn children(&self, index: usize) -> &[usize] {
        self.shape
            .get(index)
            .map_or(&[][..], |shape| &shape.children[..])
    }

    /// About how wide the subtree at `node` is drawn top-down, in pixels at the normal size,
    /// from its children's widths (a child always comes after its parent in the shape).
    fn width_down(&self, node: usize, widths: &[u32]) -> u32 {
        let below: u32 = self
            .children(node)
            .iter()
            .map(|&child| {
                let label = 8 * (self.edge_label)(child).chars().count() as u32;
                widths.get(child).copied().unwrap_or(0).max(label) + 6
            })
            .sum();
        (self.node_width)(node).max(below)
    }

    /// `lead_in`: the height of the line that comes in from the left to the node, and whether it
    /// is drawn as skipped, when the node is one of a sideways node's moves.
    fn fitting(
        &self,
        scale: Scale,
        index: usize,
        room: u32,
        widths: &[u32],
        lead_in: Option<(u32, bool)>,
    ) -> Html {
        if widths.get(index).is_none_or(|&width| width <= room) {
            self.down(scale, index, lead_in)
        } else {
            self.sideways(scale, index, room, widths)
        }
    }

    /// The node with its moves listed below it, one under the other and set in: a line down
    /// from the node, and from it a line to each move's subtree with the move written on it.
    /// One row a move, no cell spanning rows (axe-core cannot see the background behind a cell
    /// that spans rows): the line down is the left border of each move's row but the last, whose
    /// corner is drawn inside its cell, at the same place in the separate-borders table.
    fn sideways(&self, scale: Scale, index: usize, room: u32, widths: &[u32]) -> Html {
        let children = self.children(index);
        let paper = |cell: Element| {
            cell.css("padding", "0")
                .css("vertical-align", "top")
                .css("background", PAPER)
        };
        let mut tree = table()
            .css("border-collapse", "separate")
            .css("border-spacing", "0")
            .css("margin", "0")
            .child(
                tr().child(
                    paper(td())
                        .attr("colspan", "4")
                        .css("text-align", "left")
                        .child((self.node)(index)),
                ),
            );
        let line = edge_border(scale, false);
        for (i, &child) in children.iter().enumerate() {
            let last = i + 1 == children.len();
            let skipped = (self.skipped)(child);
            // The line into the child meets it about halfway down its top node.
            let height = if self.children(child).is_empty() {
                22
            } else {
                28
            };
            let mut corner = div()
                .css("box-sizing", "border-box")
                .css("width", scale.px(8))
                .css("height", scale.px(height))
                .css("border-bottom", edge_border(scale, skipped));
            let mut bar = paper(td());
            if last {
                corner = corner.css("border-left", line);
            } else {
                bar = bar.css("border-left", line);
            }
            tree = tree.child(
                tr().child(paper(td()).css("width", scale.px(INDENT)))
                    .child(bar.child(corner))
                    .child(
                        paper(td()).child(
                            div()
                                .css("height", scale.px(height))
                                .css("box-sizing", "border-box")
                                .css("display", "flex")
                                .css("align-items", "flex-end")
                                .css("padding", (Px(0), scale.px(4)))
                                .css("border-bottom", edge_border(scale, skipped))
                                .css("font-size", scale.px(14))
                                .css("line-height", "1.2")
                                .css("color", if skipped { MUTED } else { INK })
                                .css("white-space", "nowrap")
                                .text(&(self.edge_label)(child)),
                        ),
                    )
                    .child(
                        paper(td())
                            .css("padding-bottom", scale.px(6))
                            .css("text-align", "left")
                            .child(self.fitting(
                                scale,
                                child,
                                room.saturating_sub(INDENT + 8 + 60),
                                widths,
                                Some((height, skipped)),
                            )),
                    ),
            );
        }
        tree.into()
    }

    /// The tree below `index` top-down: the node, centred, a line down from it to a bar over its
    /// children, and a line down from the bar to each child with the move written on it.
    /// Lines are table-cell borders, so the picture needs no script, no SVG and no image.
    /// A node drawn with a `lead_in` is set at the left, and the line comes in to it across
    /// the space beside it.
    fn down(&self, scale: Scale, index: usize, lead_in: Option<(u32, bool)>) -> Html {
        let children = self.children(index);
        let n = children.len();
        let node = match lead_in {
            None => (self.node)(index),
            Some((height, skipped)) => {
                // The node between two equal spaces, the line running across the left one.
                // (Flex, not a table: a table's 50 % sides left the node no room, so it spilt
                // over the right side's cell.)
                let side = || div().css("flex", "1 1 0").css("background", PAPER);
                div()
                    .css("display", "flex")
                    .css("align-items", "flex-start")
                    .child(
                        side().child(
                            div()
                                .css("box-sizing", "border-box")
                                .css("height", scale.px(height))
                                .css("border-bottom", edge_border(scale, skipped)),
                        ),
                    )
                    .child(
                        div()
                            .css("flex", "none")
                            .css("white-space", "nowrap")
                            .css("background", PAPER)
                            .child((self.node)(index)),
                    )
                    .child(side())
                    .into()
            }
        };
        let mut head = td()
            .attr("colspan", &(2 * n.max(1)).to_string())
            .css("text-align", "center")
            .css("vertical-align", "top")
            .css("padding", "0")
            .css("background", PAPER)
            .child(node);
        if n > 0 {
            head = head.child(stub(scale, 10, false));
        }
        let mut tree = table()
            .css("border-collapse", "collapse")
            .css("border-spacing", "0")
            .css("margin", if lead_in.is_some() { "0" } else { "0 auto" })
            .child(tr().child(head));
        if n == 0 {
            return tree.into();
        }
        // The bar: each child owns two half-cells, and the bar runs from the middle of the
        // first child to the middle of the last.
        let mut bar = tr();
        for (i, &child) in children.iter().enumerate() {
            let skipped = (self.skipped)(child);
            for drawn in [i > 0, i + 1 < n] {
                let mut cell = td()
                    .css("padding", "0")
                    .css("height", "0")
                    .css("background", PAPER);
                if drawn {
                    cell = cell.css("border-top", edge_border(scale, skipped));
                }
                bar = bar.child(cell);
            }
        }
        tree = tree.child(bar);
        let mut below = tr();
        for &child in children {
            let skipped = (self.skipped)(child);
            let label = (self.edge_label)(child);
            below = below.child(
                td().attr("colspan", "2")
                    .css("vertical-align", "top")
                    .css("text-align", "center")
                    .css("padding", (scale.px(0), scale.px(3)))
                    .css("background", PAPER)
                    .child(stub(scale, 6, skipped))
                    .child(
                        div()
                            .css("font-size", scale.px(14))
                            .css("color", if skipped { MUTED } else { INK })
                            .css("background", PAPER)
                            .css("white-space", "nowrap")
                            .text(&label),
                    )
                    .child(stub(scale, 6, skipped))
                    .child(self.down(scale, child, None)),
            );
        }
        tree.child(below).into()
    }
}

/// How a node looks for what the search knows of it: its border, background and ink. The node
/// just evaluated is yellow, the move chosen at the end green, a skipped node dotted and grey.
pub(crate) fn node_look<S>(
    scale: Scale,
    finding: Finding<S>,
    chosen: bool,
    just_done: bool,
) -> (Border, Colour, Colour) {
    match finding {
        _ if chosen => (Border(scale.px(3), "solid", CHOSEN.0), CHOSEN.1, DARK_INK),
        _ if just_done => (
            Border(scale.px(3), "solid", JUST_DONE.0),
            JUST_DONE.1,
            DARK_INK,
        ),
        Finding::Unvisited => (Border(scale.px(2), "solid", UNVISITED), CELL, QUIET_INK),
        Finding::Searching { .. } => (
            Border(scale.px(2), "solid", SEARCHING.0),
            SEARCHING.1,
            DARK_INK,
        ),
        Finding::Exact(_) => (Border(scale.px(2), "solid", GRID), CELL, DARK_INK),
        Finding::AtLeast(_) | Finding::AtMost(_) => {
            (Border(scale.px(2), "dashed", GRID), CELL, DARK_INK)
        }
        Finding::Skipped => (
            Border(scale.px(2), "dotted", SKIPPED.0),
            SKIPPED.1,
            SKIPPED.2,
        ),
    }
}

/// The parts of a node's badge, top to bottom.
pub(crate) struct Badge<'a> {
    /// Who moves there: "X max", "MIN", "end".
    pub(crate) role: &'a str,
    /// The node's picture: a small board, or nothing on paper.
    pub(crate) body: Option<Html>,
    /// What the search knows of its value.
    pub(crate) value: &'a str,
    /// Alpha and beta, or the best so far.
    pub(crate) window: Option<String>,
    /// The look from [`node_look`].
    pub(crate) look: (Border, Colour, Colour),
    /// The smallest width, in pixels at the normal size.
    pub(crate) min_width: u32,
}

impl Badge<'_> {
    pub(crate) fn draw(self, scale: Scale) -> Html {
        let (border, background, ink) = self.look;
        let line = |text: &str, size: u32, weight: &'static str, colour: Colour| {
            div()
                .css("font-size", scale.px(size))
                .css("font-weight", weight)
                .css("color", colour)
                .css("background", background)
                .css("white-space", "nowrap")
                .text(text)
        };
        let mut badge = div()
            .css("display", "inline-block")
            .css("border", border)
            .css("border-radius", scale.px(5))
            .css("background", background)
            .css("color", ink)
            .css("padding", (scale.px(2), scale.px(5)))
            .css("line-height", "1.25")
            .css("text-align", "center")
            .css("min-width", scale.px(self.min_width))
            .child(line(
                self.role,
                13,
                "400",
                if ink == SKIPPED.2 { ink } else { QUIET_INK },
            ));
        if let Some(body) = self.body {
            badge = badge.child(div().css("display", "inline-block").child(body));
        }
        badge = badge.child(line(self.value, 16, "700", ink));
        if let Some(window) = self.window {
            badge = badge.child(line(&window, 13, "400", ink));
        }
        badge.into()
    }
}
