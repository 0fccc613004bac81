//! The pictures of the engine's values: a game, an analysis, the statistics.

use super::BoardView;
use super::board_view::{board_caption, row_of_boards};
use super::html::{div, tr};
use super::palette::{self, BAR, DRAW_STAT, MUTED, O_MARK, PAPER, X_MARK};
use super::parts::{bar, caption, card, cell, chip, heading_cell, note, plain_table, refusal};
use super::picture::notebook_pictures;
use super::{Html, Picture, Scale};
use crate::engine::search::Search;
use crate::engine::solve::MoveValues;
use crate::engine::stats::Statistics;
use crate::engine::{Analysis, Fault, Forfeit, Game, Value};
use crate::rules::text::thousands;
use crate::rules::{Player, SquareSet};

impl Picture for Game {
    /// Every position so far as a row of small boards, the current board, and the result or
    /// whose turn it is, with what happened last.
    fn draw(&self, scale: Scale) -> Html {
        let mut small = Vec::new();
        for (i, (board, square)) in self.boards().iter().skip(1).zip(self.moves()).enumerate() {
            let mover = if i % 2 == 0 { Player::X } else { Player::O };
            let highlight = board
                .winning_line()
                .map_or(SquareSet::from_square(*square), |line| line.square_set());
            small.push((
                format!("{}. {mover} on {square}", i + 1),
                board.view().digits(false).size(28).highlight(highlight),
            ));
        }
        let mut inner = Html::default();
        if !small.is_empty() {
            inner.push(row_of_boards(scale, &small));
            inner.push(div().css("height", scale.px(8)));
        }
        match self.forfeit() {
            Some(forfeit) => {
                inner.push(forfeit_board(forfeit).table_html(scale));
                inner.push(refusal(scale, &self.result_sentence()));
            }
            None => {
                inner.push(self.board().view().table_html(scale));
                inner.push(caption(scale, &self.result_sentence()));
            }
        }
        if let Some(message) = self.message() {
            inner.push(if self.was_refused() {
                refusal(scale, message)
            } else {
                note(scale, message)
            });
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

/// The board where a player forfeited, the taken square it chose marked.
fn forfeit_board(forfeit: &Forfeit) -> BoardView {
    let chosen = match forfeit.fault {
        Fault::Taken { square, .. } => SquareSet::from_square(square),
        Fault::NotAMove { chosen: square } => SquareSet::from_square(square),
        Fault::NoSquare(_)
        | Fault::Panicked(_)
        | Fault::EmptyBox
        | Fault::NoMove
        | Fault::Refused(_)
        | Fault::GamePanicked(_) => SquareSet::EMPTY,
    };
    forfeit.board.view().highlight(chosen)
}

impl Picture for Forfeit {
    /// The position, the square it wrongly chose marked, and what went wrong, in red.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = forfeit_board(self).table_html(scale);
        inner.push(refusal(
            scale,
            &format!(
                "{} ({}) forfeits here: {}.",
                self.name, self.player, self.fault
            ),
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        format!("{:#}\n{self}", self.board)
    }
}

impl Picture for Analysis {
    /// A heatmap of the free squares coloured by their value for the side to move (win, draw,
    /// loss, with the moves to the end), and a legend.
    fn draw(&self, scale: Scale) -> Html {
        let board = self.board();
        let (Some(player), Some(value)) = (board.to_move(), self.value()) else {
            return board.view().caption(board_caption(board)).draw(scale);
        };
        let mut inner = board.view().values().table_html(scale);
        let best: Vec<String> = self.best().iter().map(|s| s.to_string()).collect();
        inner.push(caption(
            scale,
            &format!(
                "{player} to move. Best: square {} ({value}).",
                best.join(" or ")
            ),
        ));
        let legend = [
            (Value::Win(1), "win: can force a win"),
            (Value::Draw(1), "draw: best play draws"),
            (Value::Loss(1), "loss: the other side can force a win"),
        ]
        .into_iter()
        .map(|(value, label)| {
            let (background, ink) = palette::value(value);
            chip(scale, label, background, ink).css("font-size", scale.px(13))
        });
        inner.push(div().css("margin-top", scale.px(6)).children(legend));
        inner.push(
            div()
                .css("color", MUTED)
                .css("background", PAPER)
                .css("font-size", scale.px(13))
                .css("margin-top", scale.px(4))
                .text("The number is how many moves until the game ends, this move included."),
        );
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl Picture for Statistics {
    /// Tables with bars: move sequences and positions by depth, and how the games end.
    fn draw(&self, scale: Scale) -> Html {
        let max = self.perft.iter().copied().max().unwrap_or(1).max(1) as f64;
        let number = |n: u64| cell(scale).css("text-align", "right").text(&thousands(n));
        let heads = [
            "moves",
            "move sequences (perft)",
            "positions",
            "move sequences, to scale",
        ];
        let mut perft = plain_table()
            .css(
                "margin",
                (scale.px(0), scale.px(0), scale.px(8), scale.px(0)),
            )
            .child(tr().children(heads.map(|h| heading_cell(scale, h))));
        for (depth, &count) in self.perft.iter().enumerate() {
            let positions = self.positions.by_ply.get(depth).copied().unwrap_or(0);
            perft = perft.child(
                tr().child(number(depth as u64))
                    .child(number(count))
                    .child(number(positions as u64))
                    .child(cell(scale).child(bar(scale, count as f64 / max, 160, BAR))),
            );
        }
        let games = &self.games;
        let shares = games.endings.shares();
        let total = thousands(games.total());
        let mut endings = plain_table()
            .css(
                "margin",
                (scale.px(0), scale.px(0), scale.px(8), scale.px(0)),
            )
            .child(
                tr().children(
                    ["complete games", total.as_str(), "share, to scale"]
                        .map(|h| heading_cell(scale, h)),
                ),
            );
        for (label, winner, colour) in [
            ("X wins", Some(Player::X), X_MARK),
            ("O wins", Some(Player::O), O_MARK),
            ("draws", None, DRAW_STAT),
        ] {
            let share = *shares.get(winner);
            endings = endings.child(
                tr().child(cell(scale).text(label))
                    .child(number(*games.endings.get(winner)))
                    .child(
                        cell(scale)
                            .child(bar(scale, share, 160, colour))
                            .text(&format!(" {:.1} %", 100.0 * share)),
                    ),
            );
        }
        let p = &self.positions;
        let mut inner = Html::from(perft);
        inner.push(endings);
        inner.push(caption(
            scale,
            &format!(
                "{} positions can be reached ({} up to turns and flips); {} of them are finished: {}.",
                thousands(p.reachable as u64),
                p.up_to_symmetry,
                p.terminal,
                p.endings
            ),
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl<M: Copy + std::fmt::Debug> Picture for MoveValues<M> {
    /// A table of the moves in the game's order, each value in its colour (win, draw, loss for
    /// the player making the move), the best marked.
    fn draw(&self, scale: Scale) -> Html {
        let Some(top) = self.iter().map(|&(_, value)| value).max() else {
            return card(scale, caption(scale, "No moves: the game is over here."));
        };
        let heading = tr()
            .child(heading_cell(scale, "move"))
            .child(heading_cell(scale, "its value for the player making it"));
        let rows = self.iter().map(|&(chosen, value)| {
            let (background, ink) = palette::value(value);
            let mut judged = Html::from(chip(scale, &value.to_string(), background, ink));
            if value == top {
                judged.push(
                    super::html::span()
                        .css("font-weight", "bold")
                        .css("margin-left", scale.px(6))
                        .text("best"),
                );
            }
            tr().child(
                cell(scale)
                    .css("vertical-align", "middle")
                    .text(&format!("{chosen:?}")),
            )
            .child(cell(scale).css("vertical-align", "middle").child(judged))
        });
        let mut inner = Html::default();
        inner.push(plain_table().child(heading).children(rows));
        inner.push(note(
            scale,
            "The number is how many moves until the game ends, this move included.",
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl Picture for Search<Value> {
    /// The value in a chip, with what it means and how many positions the search visited.
    fn draw(&self, scale: Scale) -> Html {
        let (background, ink) = palette::value(self.value);
        let mut inner = Html::from(chip(scale, &self.value.to_string(), background, ink));
        inner.push(caption(scale, &self.to_string()));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl std::fmt::Display for Search<Value> {
    /// "A win in 3 for the player to move, with best play on both sides: 2,345 positions
    /// searched."
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sentence = match self.value {
            Value::Win(0) | Value::Draw(0) | Value::Loss(0) => format!(
                "The game is over here: {} for the player to move.",
                self.value
            ),
            Value::Win(n) => {
                format!("A win in {n} for the player to move, with best play on both sides.")
            }
            Value::Draw(n) => {
                format!("A draw, the game ending in {n}, with best play on both sides.")
            }
            Value::Loss(n) => {
                format!("A loss in {n} for the player to move, with best play on both sides.")
            }
        };
        write!(
            f,
            "{sentence} {} {} searched.",
            thousands(self.positions),
            if self.positions == 1 {
                "position"
            } else {
                "positions"
            }
        )
    }
}

notebook_pictures!(Game, Forfeit, Analysis, Statistics, Search<Value>);
notebook_pictures!(MoveValues<M> where M: Copy + std::fmt::Debug);
