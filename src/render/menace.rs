//! The pictures of MENACE: a matchbox as a board of bead counts, the boxes used in one game,
//! MENACE itself, and the learning curve of its training.

use super::board_view::square_cell;
use super::html::{Border, Px, div, span, table, td, tr};
use super::palette::{
    self, BAD, BEAD_HEAT, BEADS, CELL, DRAW_BAR, FADED, FADED_INK, GRID, INK, LOSS_BAR, MUTED,
    PAPER, PLAYED, TABLE_EDGE, WIN_BAR,
};
use super::parts::{self, caption, card, cell, heading_cell, note, plain_table, refusal, title};
use super::picture::notebook_pictures;
use super::{Html, Picture, Scale};
use crate::engine::Finish;
use crate::engine::menace::{BlockOfGames, MatchBox, Menace, MenaceGame, Training, finish_words};
use crate::rules::text::thousands;
use crate::rules::{Square, SquareSet};

/// How a box's square is drawn in a lesson: the bead drawn there, and its count after the game.
#[derive(Clone, Copy)]
struct Drawn {
    bead: Square,
    after: u32,
}

/// The box as a board: marks where they are, the number of beads on each square with a colour
/// (shaded by its share of the box), and the squares that share another's beads greyed out.
fn box_grid(scale: Scale, matchbox: &MatchBox, drawn: Option<Drawn>, cell_px: u32) -> Html {
    let Px(px) = scale.px(cell_px);
    let total = matchbox.total();
    let board = matchbox.board();
    let rows = (0..3).map(|row| {
        tr().children((0..3).map(|column| {
            let square = Square::ALL[row * 3 + column];
            let beads = matchbox.beads(square);
            let is_drawn = drawn.is_some_and(|d| d.bead == square);
            let (background, ink, text, size) = if let Some(player) = board.get(square) {
                (
                    CELL,
                    palette::mark(player),
                    player.to_string(),
                    px * 55 / 100,
                )
            } else if matchbox.squares().contains(square) {
                let (background, ink) = if beads == 0 {
                    BAD
                } else {
                    BEAD_HEAT[heat(beads, total)]
                };
                let text = beads.to_string();
                (background, ink, text, px * 3 / 10)
            } else {
                (FADED, FADED_INK, "=".to_owned(), px / 4)
            };
            let border = if is_drawn {
                Border(Px(4), "solid", PLAYED)
            } else {
                Border(Px(2), "solid", GRID)
            };
            let mut cell = square_cell(Px(px), border, background, ink)
                .attr("title", &square_title(matchbox, square))
                .css("font-size", Px(size.max(9)))
                .css("font-weight", "700")
                .text(&text);
            if let Some(d) = drawn.filter(|d| d.bead == square) {
                // The change, under the count before: short enough for a small square.
                let change = i64::from(d.after) - i64::from(beads);
                cell = cell.child(
                    div()
                        .css("font-size", Px((px / 4).max(9)))
                        .css("background", "transparent")
                        .text(&format!("{change:+}")),
                );
            }
            cell
        }))
    });
    table()
        .css("border-collapse", "collapse")
        .css("margin", "0")
        .css("background", CELL)
        .children(rows)
        .into()
}

/// The tooltip of a box's square.
fn square_title(matchbox: &MatchBox, square: Square) -> String {
    if let Some(player) = matchbox.board().get(square) {
        format!("square {square}: {player}")
    } else if matchbox.squares().contains(square) {
        format!("square {square}: {} beads", matchbox.beads(square))
    } else {
        format!("square {square}: a turn or flip of a coloured square, sharing its beads")
    }
}

/// Which shade of [`BEAD_HEAT`] a colour with `beads` of `total` gets.
fn heat(beads: u32, total: u64) -> usize {
    let share = f64::from(beads) / total.max(1) as f64;
    match share {
        s if s < 0.15 => 0,
        s if s < 0.35 => 1,
        s if s < 0.6 => 2,
        _ => 3,
    }
}

/// How a box's beads read in words.
fn box_sentence(matchbox: &MatchBox) -> String {
    if matchbox.is_empty() {
        return "No beads left: MENACE resigns here.".to_owned();
    }
    let counts: Vec<u32> = matchbox
        .squares()
        .iter()
        .map(|s| matchbox.beads(s))
        .collect();
    if counts.windows(2).all(|pair| pair[0] == pair[1]) {
        return format!(
            "{} beads: {} of each colour.",
            thousands(matchbox.total()),
            counts.first().copied().unwrap_or(0)
        );
    }
    let favourite = matchbox
        .favourite()
        .map(|square| {
            format!(
                "; most on square {square} ({:.0} %)",
                100.0 * matchbox.share(square)
            )
        })
        .unwrap_or_default();
    format!("{} beads{favourite}.", thousands(matchbox.total()))
}

const SHARED_SQUARES: &str =
    "A square marked = is a turn or flip of a coloured one and shares its beads.";

impl Picture for MatchBox {
    /// The box as a board of bead counts, shaded by share: what MENACE believes here.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = title(scale, &format!("Matchbox for {}", self.board()));
        inner.push(box_grid(scale, self, None, 56));
        inner.push(caption(scale, &box_sentence(self)));
        if self.squares().len() < self.board().legal_moves().len() {
            inner.push(caption(scale, SHARED_SQUARES));
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl Picture for MenaceGame {
    /// Each box MENACE drew from, with the bead drawn outlined and its count before and after
    /// the game; then the last board and the lesson.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = title(
            scale,
            &format!("One game of MENACE (X) against {}", self.against),
        );
        let boxes = self.draws.iter().enumerate().map(|(i, draw)| {
            let turned = if draw.bead == draw.square {
                String::new()
            } else {
                format!(" (box turned: {})", draw.symmetry.inverse())
            };
            let label = format!(
                "Move {}: drew bead {} ({} of {}), so plays {}{turned}",
                i + 1,
                draw.bead,
                thousands(u64::from(draw.matchbox.beads(draw.bead))),
                thousands(draw.matchbox.total()),
                draw.square
            );
            let drawn = Drawn {
                bead: draw.bead,
                after: draw.beads_after,
            };
            parts::labelled(
                scale,
                &label,
                box_grid(scale, &draw.matchbox, Some(drawn), 48),
            )
        });
        inner.push(div().children(boxes));
        let board = self.board();
        let mut last = board
            .view()
            .digits(false)
            .caption(String::new())
            .table_html(scale);
        let lesson = match self.ending {
            Finish::Won | Finish::Drawn => format!(
                "{}: every box used gains {} bead{} of the colour drawn.",
                capital(self.ending),
                self.change,
                if self.change == 1 { "" } else { "s" }
            ),
            Finish::Lost | Finish::Forfeited => format!(
                "{}: every box used loses {} bead{} of the colour drawn.",
                capital(self.ending),
                -self.change,
                if self.change == -1 { "" } else { "s" }
            ),
            Finish::OpponentForfeited => {
                "The other side forfeited, so MENACE learns nothing from this game.".to_owned()
            }
        };
        last.push(if self.ending.is_loss() {
            refusal(scale, &lesson)
        } else {
            note(scale, &lesson)
        });
        inner.push(parts::labelled(scale, "The last board", last));
        inner.push(caption(
            scale,
            "The outlined square is the colour drawn: its beads before the game, and what the game changed.",
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        let mut text = format!(
            "MENACE (X) against {}: {}\n",
            self.against,
            finish_words(self.ending)
        );
        for (i, draw) in self.draws.iter().enumerate() {
            text.push_str(&format!(
                "move {}: {} drew {}, played {}\n",
                i + 1,
                draw.matchbox,
                draw.bead,
                draw.square
            ));
        }
        text.push_str(&format!("{:#}", self.board()));
        text
    }
}

fn capital(ending: Finish) -> String {
    crate::rules::text::capitalised(finish_words(ending))
}

impl Picture for Menace {
    /// The first box, and the boxes opened so far for each of MENACE's moves.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = title(scale, &self.to_string());
        let mut counts = [(0u64, 0u64, 0u64); 4];
        for matchbox in self.boxes() {
            let row = &mut counts[(matchbox.board().moves_made() / 2).min(3)];
            row.0 += 1;
            row.1 += matchbox.total();
            row.2 += u64::from(matchbox.is_empty());
        }
        let number = |n: u64| cell(scale).css("text-align", "right").text(&thousands(n));
        let mut rows = plain_table().child(tr().children(
            ["MENACE's move", "boxes opened", "beads", "empty"].map(|h| heading_cell(scale, h)),
        ));
        for (i, (boxes, beads, empty)) in counts.into_iter().enumerate() {
            rows = rows.child(
                tr().child(cell(scale).text(&format!("{} (ply {})", ordinal(i), 2 * i)))
                    .child(number(boxes))
                    .child(number(beads))
                    .child(number(empty)),
            );
        }
        let first: Html = match self.first_box() {
            Some(first) => {
                let mut html = box_grid(scale, first, None, 56);
                html.push(caption(scale, &box_sentence(first)));
                parts::labelled(scale, "The first box", html)
            }
            None => caption(scale, "No box opened yet: MENACE has not played."),
        };
        inner.push(parts::side_by_side_or_below(scale, [first, rows.into()]));
        card(scale, inner)
    }

    fn text(&self) -> String {
        let mut text = self.to_string();
        if let Some(first) = self.first_box() {
            text.push_str(&format!("\nfirst box: {first}"));
        }
        text
    }
}

fn ordinal(i: usize) -> &'static str {
    ["first", "second", "third", "fourth"][i.min(3)]
}

/// The height of the charts' plots at the normal scale.
const PLOT: u32 = 120;

/// One column of a chart: pieces stacked from the bottom, each `(fraction of the plot, colour)`.
fn column(scale: Scale, pieces: &[(f64, palette::Colour)], width: u32) -> Html {
    let Px(plot) = scale.px(PLOT);
    let mut stack = div()
        .css("display", "inline-block")
        .css("width", scale.px(width))
        .css("vertical-align", "bottom")
        .css("line-height", "0");
    for &(fraction, colour) in pieces.iter().rev() {
        let height = (fraction.clamp(0.0, 1.0) * f64::from(plot)).round() as u32;
        stack = stack.child(
            div()
                .css("height", Px(height))
                .css("background", colour)
                .css("width", "100%"),
        );
    }
    stack.into()
}

/// A row of columns above a base line, with a label under the first and the last.
fn chart(scale: Scale, columns: Vec<Html>, first: &str, last: &str) -> Html {
    let width = columns.len();
    let plot = tr().children(columns.into_iter().map(|column| {
        td().css("vertical-align", "bottom")
            .css("padding", (Px(0), scale.px(1)))
            .css("height", scale.px(PLOT))
            .css("background", PAPER)
            .css("border-bottom", Border(Px(2), "solid", INK))
            .child(column)
    }));
    let labels = tr()
        .child(axis_label(scale, first, "left", width.div_ceil(2)))
        .child(axis_label(scale, last, "right", width / 2));
    plain_table().child(plot).child(labels).into()
}

fn axis_label(scale: Scale, text: &str, align: &'static str, span: usize) -> Html {
    td().attr("colspan", &span.max(1).to_string())
        .css("text-align", align)
        .css("font-size", scale.px(13))
        .css("color", MUTED)
        .css("background", PAPER)
        .css("padding", (scale.px(2), Px(0), Px(0), Px(0)))
        .text(text)
        .into()
}

/// A colour swatch and its meaning, for a legend.
fn key(scale: Scale, colour: palette::Colour, text: &str) -> Html {
    span()
        .css("display", "inline-block")
        .css("margin-right", scale.px(12))
        .css("font-size", scale.px(14))
        .css("background", PAPER)
        .css("color", INK)
        .child(
            span()
                .css("display", "inline-block")
                .css("width", scale.px(12))
                .css("height", scale.px(12))
                .css("background", colour)
                .css("border", Border(Px(1), "solid", TABLE_EDGE))
                .css("margin-right", scale.px(4))
                .css("vertical-align", "middle"),
        )
        .text(text)
        .into()
}

fn subtitle(scale: Scale, text: &str) -> Html {
    div()
        .css("font-weight", "700")
        .css("margin", (scale.px(10), Px(0), scale.px(4), Px(0)))
        .css("background", PAPER)
        .text(text)
        .into()
}

/// `games 1-500`.
fn block_label(block: &BlockOfGames) -> String {
    let last = block.first_game + block.games.saturating_sub(1);
    format!(
        "games {}\u{2013}{}",
        thousands(block.first_game),
        thousands(last)
    )
}

impl Picture for Training {
    /// The learning curve: wins, draws and losses in each block of games; Michie's running
    /// excess of wins over losses; and the beads of the watched box after each block.
    fn draw(&self, scale: Scale) -> Html {
        let total = self.total();
        let mut inner = title(
            scale,
            &format!(
                "MENACE learning against {}: {} games",
                self.against(),
                thousands(self.games())
            ),
        );
        let blocks = self.blocks();
        let (Some(first), Some(last)) = (blocks.first(), blocks.last()) else {
            inner.push(caption(scale, "No games played."));
            return card(scale, inner);
        };
        let width = if blocks.len() > 12 { 14 } else { 24 };

        // Wins, draws and losses in each block, as shares of the block.
        inner.push(subtitle(
            scale,
            &format!(
                "How each block of {} games ended",
                thousands(self.block_size() as u64)
            ),
        ));
        let columns = blocks
            .iter()
            .map(|block| {
                let games = block.games.max(1) as f64;
                column(
                    scale,
                    &[
                        (block.wins as f64 / games, WIN_BAR),
                        (block.draws as f64 / games, DRAW_BAR),
                        (block.losses as f64 / games, LOSS_BAR),
                        (block.forfeits as f64 / games, FADED),
                    ],
                    width,
                )
            })
            .collect();
        inner.push(chart(
            scale,
            columns,
            &block_label(first),
            &block_label(last),
        ));
        let mut legend = div()
            .css("margin-top", scale.px(4))
            .child(key(scale, WIN_BAR, "won"))
            .child(key(scale, DRAW_BAR, "drew"))
            .child(key(scale, LOSS_BAR, "lost"));
        if total.forfeits > 0 {
            legend = legend.child(key(scale, FADED, "the other side forfeited"));
        }
        inner.push(legend);

        // The running excess of wins over losses, at the end of each block.
        let excess = self.excess();
        let ends: Vec<i64> = blocks
            .iter()
            .map(|block| excess[(block.first_game + block.games - 2) as usize])
            .collect();
        inner.push(subtitle(
            scale,
            "Wins so far less losses so far (Michie's measure)",
        ));
        inner.push(excess_chart(scale, &ends, width));

        // The watched box.
        inner.push(subtitle(
            scale,
            &format!("The beads in the box for {}", self.watched()),
        ));
        inner.push(history_chart(scale, self, width));

        let last_loss = match self.last_loss() {
            Some(game) => format!("It last lost in game {}.", thousands(game)),
            None => "It lost no game.".to_owned(),
        };
        inner.push(caption(
            scale,
            &format!(
                "Won {}, drew {}, lost {} of {} games. {last_loss}",
                thousands(total.wins),
                thousands(total.draws),
                thousands(total.losses),
                thousands(total.games)
            ),
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        let mut text = format!(
            "MENACE against {}: {} games\n",
            self.against(),
            thousands(self.games())
        );
        for block in self.blocks() {
            text.push_str(&format!(
                "{}: won {}, drew {}, lost {}\n",
                block_label(&block),
                block.wins,
                block.draws,
                block.losses
            ));
        }
        text
    }
}

/// Bars up from an axis for a positive excess, down for a negative one, with the largest
/// values written beside the axis.
fn excess_chart(scale: Scale, ends: &[i64], width: u32) -> Html {
    let top = ends.iter().copied().max().unwrap_or(0).max(0);
    let bottom = ends.iter().copied().min().unwrap_or(0).min(0);
    let span = (top - bottom).max(1) as f64;
    let Px(plot) = scale.px(PLOT);
    let up = |n: i64| ((n.max(0) as f64 / span) * f64::from(plot)).round() as u32;
    let down = |n: i64| ((-(n.min(0)) as f64 / span) * f64::from(plot)).round() as u32;
    let bar = |height: u32, colour| {
        div()
            .css("display", "inline-block")
            .css("width", scale.px(width))
            .css("height", Px(height))
            .css("background", colour)
            .css("vertical-align", "top")
    };
    let heights_up: Vec<u32> = ends.iter().map(|&n| up(n)).collect();
    let heights_down: Vec<u32> = ends.iter().map(|&n| down(n)).collect();
    // Room for the labels beside the axis even when nothing goes that way.
    let Px(label) = scale.px(18);
    let above_height = heights_up.iter().copied().max().unwrap_or(0).max(label);
    let below_height = heights_down.iter().copied().max().unwrap_or(0).max(label);
    let above = tr()
        .children(heights_up.iter().map(|&h| {
            td().css("vertical-align", "bottom")
                .css("padding", (Px(0), scale.px(1)))
                .css("height", Px(above_height))
                .css("background", PAPER)
                .css("border-bottom", Border(Px(2), "solid", INK))
                .css("line-height", "0")
                .child(bar(h, WIN_BAR))
        }))
        .child(value_label(
            scale,
            &if top > 0 {
                format!("{top:+}")
            } else {
                String::new()
            },
            "top",
        ));
    let below = tr()
        .children(heights_down.iter().map(|&h| {
            td().css("vertical-align", "top")
                .css("padding", (Px(0), scale.px(1)))
                .css("height", Px(below_height))
                .css("background", PAPER)
                .css("line-height", "0")
                .child(bar(h, LOSS_BAR))
        }))
        .child(value_label(
            scale,
            &if bottom < 0 {
                format!("{bottom}")
            } else {
                String::new()
            },
            "bottom",
        ));
    plain_table().child(above).child(below).into()
}

fn value_label(scale: Scale, text: &str, align: &'static str) -> Html {
    td().css("vertical-align", align)
        .css("font-size", scale.px(13))
        .css("color", MUTED)
        .css("background", PAPER)
        .css("padding", (Px(0), scale.px(6)))
        .text(text)
        .into()
}

/// The watched box's beads after each block, as shares stacked in a column, coloured by square.
fn history_chart(scale: Scale, training: &Training, width: u32) -> Html {
    let squares: SquareSet = training
        .history()
        .iter()
        .filter_map(|(_, matchbox)| matchbox.as_ref().map(MatchBox::squares))
        .fold(SquareSet::EMPTY, SquareSet::union);
    if squares.is_empty() {
        return caption(scale, "MENACE did not open this box in these games.");
    }
    let columns = training
        .history()
        .iter()
        .map(|(_, matchbox)| match matchbox {
            Some(matchbox) if !matchbox.is_empty() => {
                let pieces: Vec<_> = squares
                    .iter()
                    .map(|square| (matchbox.share(square), BEADS[square.index()]))
                    .collect();
                column(scale, &pieces, width)
            }
            _ => column(scale, &[], width),
        })
        .collect();
    let (first, last) = (
        training.history().first().map_or(0, |h| h.0),
        training.history().last().map_or(0, |h| h.0),
    );
    let mut html = chart(
        scale,
        columns,
        &format!("after {} games", thousands(first)),
        &format!("after {} games", thousands(last)),
    );
    let final_box = training.history().last().and_then(|(_, b)| b.as_ref());
    html.push(
        div()
            .css("margin-top", scale.px(4))
            .children(squares.iter().map(|square| {
                let beads = final_box.map_or(0, |b| b.beads(square));
                key(
                    scale,
                    BEADS[square.index()],
                    &format!("square {square}: {} beads", thousands(u64::from(beads))),
                )
            })),
    );
    html.push(caption(
        scale,
        "Each column is the box after a block of games: the share of its beads of each colour. An empty column is a box not yet opened, or emptied.",
    ));
    html
}

notebook_pictures!(MatchBox, MenaceGame, Menace, Training);
