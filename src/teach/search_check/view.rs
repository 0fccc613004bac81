//! A search check as a picture and as text.

use std::fmt;

use super::*;
use crate::engine::search::{alpha_beta, minimax};
use crate::render::palette::INK;
use crate::render::parts::{
    NOT_YET, RIGHT, caption, card, cell, heading_cell, plain_table, verdict_box,
};
use crate::render::{Html, Picture, Scale, div, notebook_pictures, tr};
use crate::rules::text::thousands;
use crate::rules::{Board, TwoPlayerGame};

impl<G: TwoPlayerGame + 'static> Picture for SearchCheck<G> {
    /// The verdict in green or red and the position it went wrong on (a tic-tac-toe board is
    /// drawn, with the positions visited beside the crate's searches').
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = verdict_box(scale, (self.is_right(), RIGHT, NOT_YET), &self.verdict());
        let Some(counts) = self.counts else {
            return card(scale, inner);
        };
        // Tic-tac-toe's mistake is a board to draw.
        if let Some(board) = counts.mistake {
            inner.push(
                div()
                    .css("margin-top", scale.px(6))
                    .child(board.view().table_html(scale)),
            );
            inner.push(caption(
                scale,
                &format!("{board}, {} to move.", board.turn()),
            ));
        }
        let number = |n: u64| cell(scale).css("text-align", "right").text(&thousands(n));
        let mut table = plain_table()
            .css("margin-top", scale.px(8))
            .css("color", INK)
            .child(
                tr().children(
                    [
                        "positions visited",
                        &format!("your {}", self.kind.name()),
                        "crate's minimax",
                        "crate's alpha-beta",
                    ]
                    .map(|h| heading_cell(scale, h)),
                ),
            );
        table = table.child(
            tr().child(cell(scale).text(&match self.answered() {
                1 => "over the 1 position asked".to_owned(),
                n => format!("over the {} positions asked", thousands(n as u64)),
            }))
            .child(number(counts.visited))
            .child(number(counts.crate_minimax))
            .child(number(counts.crate_alpha_beta)),
        );
        if let Some(from_empty) = counts.from_empty {
            table = table.child(
                tr().child(cell(scale).text("from the empty board"))
                    .child(number(from_empty))
                    .child(number(minimax(Board::new()).positions))
                    .child(number(alpha_beta(Board::new()).positions)),
            );
        }
        inner.push(table);
        inner.push(caption(
            scale,
            "Your search visits the position it is asked about and every board it makes with children() or try_play().",
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl<G: TwoPlayerGame + 'static> fmt::Display for SearchCheck<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            if self.is_right() { RIGHT } else { NOT_YET },
            self.verdict()
        )?;
        let Some(counts) = self.counts else {
            return Ok(());
        };
        if let Some(board) = counts.mistake {
            write!(f, "\n{board:#}")?;
        }
        write!(
            f,
            "\nPositions visited: yours {}, the crate's minimax {}, alpha-beta {}.",
            thousands(counts.visited),
            thousands(counts.crate_minimax),
            thousands(counts.crate_alpha_beta)
        )
    }
}

notebook_pictures!(SearchCheck<G> where G: TwoPlayerGame + 'static);
