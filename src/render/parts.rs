//! The pieces pictures are made of: the card every picture sits in, captions, notes, bars,
//! chips and rows of boards. Teaching pictures are built from these, never from raw tags.

use super::html::{Border, Element, Px, div, span, table, td, tr};
use super::palette::{self, CARD_EDGE, Colour, HEADING, INK, MUTED, NOTE, PAPER};
use super::{Html, Scale};

/// The font every picture uses.
const FONT: &str = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";

/// The box every picture sits in, with its own background and ink.
pub(crate) fn card(scale: Scale, inner: impl Into<Html>) -> Html {
    div()
        .css("display", "inline-block")
        .css("background", PAPER)
        .css("color", INK)
        .css("padding", (scale.px(10), scale.px(14)))
        .css("border", Border(Px(1), "solid", CARD_EDGE))
        .css("border-radius", scale.px(8))
        .css("font-family", FONT)
        .css("font-size", scale.px(15))
        .css("line-height", "1.35")
        .child(inner)
        .into()
}

/// A heading at the top of a card.
pub(crate) fn title(scale: Scale, text: &str) -> Html {
    div()
        .css("font-weight", "700")
        .css("margin-bottom", scale.px(6))
        .text(text)
        .into()
}

/// A line of smaller text in the card's muted ink.
pub(crate) fn caption(scale: Scale, text: &str) -> Html {
    div()
        .css("color", MUTED)
        .css("background", PAPER)
        .css("font-size", scale.px(14))
        .css("margin-top", scale.px(6))
        .text(text)
        .into()
}

/// What happened, in a shaded box under a game.
pub(crate) fn note(scale: Scale, text: &str) -> Html {
    div()
        .css("color", INK)
        .css("background", NOTE)
        .css("padding", (scale.px(4), scale.px(8)))
        .css("margin-top", scale.px(6))
        .css("border-radius", scale.px(4))
        .text(text)
        .into()
}

/// What was refused, and why, in a box that looks like a refusal: a cross, in the palette's
/// colours for something wrong.
pub(crate) fn refusal(scale: Scale, text: &str) -> Html {
    let (background, ink) = palette::BAD;
    div()
        .css("color", ink)
        .css("background", background)
        .css("padding", (scale.px(4), scale.px(8)))
        .css("margin-top", scale.px(6))
        .css("border-radius", scale.px(4))
        .css("font-weight", "700")
        .text(&format!("\u{2718} {text}"))
        .into()
}

/// The mark of a right answer.
pub(crate) const RIGHT: &str = "\u{2714} Right!";
/// The mark of an answer that is not right yet.
pub(crate) const NOT_YET: &str = "\u{2718} Not yet.";

/// A verdict in a box: "✔ Right!" on green, or `wrong_mark` ("✘ Not yet.", say) on red, then
/// `text`. Every check's answer (an exercise, a learner's search or MCTS part, starting over)
/// looks the same.
pub(crate) fn verdict_box(scale: Scale, right: (bool, &str, &str), text: &str) -> Html {
    let (is_right, right_mark, wrong_mark) = right;
    let (mark, (background, ink)) = if is_right {
        (right_mark, palette::GOOD)
    } else {
        (wrong_mark, palette::BAD)
    };
    div()
        .css("background", background)
        .css("color", ink)
        .css("padding", (scale.px(6), scale.px(10)))
        .css("border-radius", scale.px(4))
        .child(super::html::bold(mark))
        .text(&format!(" {text}"))
        .into()
}

/// A word or number in a coloured box: `background` behind `ink`.
pub(crate) fn chip(scale: Scale, text: &str, background: Colour, ink: Colour) -> Element {
    span()
        .css("display", "inline-block")
        .css("background", background)
        .css("color", ink)
        .css("padding", (scale.px(1), scale.px(6)))
        .css("margin", (scale.px(2), scale.px(2)))
        .css("border-radius", scale.px(3))
        .text(text)
}

/// A bar `fraction` (0 to 1) of `width` pixels long.
pub(crate) fn bar(scale: Scale, fraction: f64, width: u32, colour: Colour) -> Html {
    let length = (fraction.clamp(0.0, 1.0) * f64::from(scale.px(width).0)).round() as u32;
    span()
        .css("display", "inline-block")
        .css("width", Px(length))
        .css("height", scale.px(10))
        .css("background", colour)
        .css("vertical-align", "middle")
        .into()
}

/// A player's record as one bar, `width` pixels long at the normal size: its wins (green),
/// draws (yellow) and losses (red), each a share from 0 to 1.
pub(crate) fn record_bar(scale: Scale, width: u32, [wins, draws, losses]: [f64; 3]) -> Html {
    stacked_bar(
        scale,
        width,
        &[
            (wins, palette::WIN_BAR),
            (draws, palette::DRAW_BAR),
            (losses, palette::LOSS_BAR),
        ],
    )
}

/// Bars end to end, each `fraction` (0 to 1) of `width` pixels long in its colour: one bar
/// split into shares.
pub(crate) fn stacked_bar(scale: Scale, width: u32, parts: &[(f64, Colour)]) -> Html {
    let length = |p: f64| Px((p.clamp(0.0, 1.0) * f64::from(scale.px(width).0)).round() as u32);
    div()
        .css("white-space", "nowrap")
        .css("line-height", "0")
        .css("background", PAPER)
        .children(parts.iter().map(|&(fraction, colour)| {
            span()
                .css("display", "inline-block")
                .css("height", scale.px(10))
                .css("width", length(fraction))
                .css("background", colour)
        }))
        .into()
}

/// A table cell in the card's colours. Its size is set, because notebooks draw tables in
/// 12-pixel text whatever the picture's scale.
pub(crate) fn cell(scale: Scale) -> Element {
    td().css("padding", (scale.px(3), scale.px(8)))
        .css("font-size", scale.px(14))
        .css("background", PAPER)
        .css("color", INK)
        .css("text-align", "left")
        .css("vertical-align", "top")
}

/// A table heading cell.
pub(crate) fn heading_cell(scale: Scale, text: &str) -> Html {
    super::html::th()
        .css("padding", (scale.px(3), scale.px(8)))
        .css("font-size", scale.px(14))
        .css("background", HEADING)
        .css("color", INK)
        .css("text-align", "left")
        .text(text)
        .into()
}

/// A table without gaps.
pub(crate) fn plain_table() -> Element {
    table()
        .css("border-collapse", "collapse")
        .css("margin", "0")
}

/// Things side by side, top-aligned, as long as the page is wide enough; the next goes below
/// when it is not (wide trees on a projector), each scrolling sideways if it alone is too wide.
pub(crate) fn side_by_side_or_below(scale: Scale, items: impl IntoIterator<Item = Html>) -> Html {
    div()
        .children(items.into_iter().map(|item| {
            div()
                .css("display", "inline-block")
                .css("vertical-align", "top")
                .css("max-width", "100%")
                .css("overflow-x", "auto")
                .css("margin", (Px(0), scale.px(14), scale.px(8), Px(0)))
                .child(item)
        }))
        .into()
}

/// Things side by side, top-aligned, in one row.
pub(crate) fn side_by_side(scale: Scale, items: impl IntoIterator<Item = Html>) -> Html {
    plain_table()
        .child(tr().children(items.into_iter().map(|item| {
            cell(scale)
                .css("padding", (Px(0), scale.px(14), Px(0), Px(0)))
                .child(item)
        })))
        .into()
}

/// A label above a board, in a block that sits beside others and wraps.
pub(crate) fn labelled(scale: Scale, label: &str, picture: Html) -> Html {
    div()
        .css("display", "inline-block")
        .css("vertical-align", "top")
        .css("margin", (Px(0), scale.px(10), scale.px(8), Px(0)))
        .css("background", PAPER)
        .child(
            div()
                .css("font-size", scale.px(13))
                .css("color", MUTED)
                .css("background", PAPER)
                .css("margin-bottom", scale.px(2))
                .css("max-width", scale.px(200))
                .text(label),
        )
        .child(picture)
        .into()
}
