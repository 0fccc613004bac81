//! How often a player picks a perfect move, one that keeps the position's result under best play
//! (a win stays a win, a draw stays a draw), over the 4,520 positions of tic-tac-toe still in
//! play; beside the baselines a rate means nothing without: the positions where every move is
//! perfect, a random move, and the first free square (what a search of one playout takes).
//!
//! ```
//! use magic_tictactoe::perfect_moves::PerfectMoves;
//!
//! let rates = PerfectMoves::of_mcts(&[10])?;
//! let random = rates.share("a random move").unwrap();
//! let searched = rates.share("MCTS, 10 playouts").unwrap();
//! assert!(searched > random);
//! # Ok::<(), magic_tictactoe::LimitError>(())
//! ```

use std::fmt;

use crate::engine::mcts::Mcts;
use crate::engine::stats;
use crate::engine::{Table, Value};
use crate::render::palette::{BAR, MUTED};
use crate::render::parts::{bar, caption, card, cell, heading_cell, plain_table, title};
use crate::render::{Html, Picture, Scale, bold, notebook_pictures, span, tr};
use crate::rules::text::thousands;
use crate::rules::{Board, Counted, LimitError, Square, TicTacToe, TwoPlayerGame};

/// The most playouts a move, all budgets together, that one [`PerfectMoves`] spends on each of
/// the 4,520 positions: the cell stays within a second or two.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_PLAYOUTS_PER_POSITION: u32 = 250;

/// One row: a player, and on how many positions it picks a perfect move (for the random move,
/// the expected number).
#[derive(Debug, Clone, PartialEq)]
struct Row {
    name: String,
    perfect: f64,
    note: &'static str,
}

/// How often each of a few players picks a perfect move, over every position in play.
#[derive(Debug, Clone, PartialEq)]
pub struct PerfectMoves {
    positions: usize,
    rows: Vec<Row>,
}

/// The solved game, and the positions in play.
struct Solved {
    table: Table,
    in_play: Vec<Board>,
}

impl Solved {
    fn new() -> Solved {
        Solved {
            table: Table::build(),
            in_play: stats::reachable_positions()
                .into_iter()
                .filter(|board| !board.is_over())
                .collect(),
        }
    }

    /// Whether playing `square` keeps the result of `board` under best play.
    fn keeps_value(&self, board: Board, square: Square) -> bool {
        let best = self.table.value(board);
        board.try_play(square).is_ok_and(|next| {
            let after = Value::of_move_into(self.table.value(next));
            (after.is_win(), after.is_draw()) == (best.is_win(), best.is_draw())
        })
    }

    fn perfect_squares(&self, board: Board) -> usize {
        board
            .empty_squares()
            .iter()
            .filter(|&square| self.keeps_value(board, square))
            .count()
    }

    /// The baselines: every move perfect, a random move (expected), the first free square.
    fn baselines(&self) -> Vec<Row> {
        let mut every = 0.0;
        let mut random = 0.0;
        let mut first = 0.0;
        for &board in &self.in_play {
            let free = board.empty_squares();
            let good = self.perfect_squares(board);
            if good == free.len() {
                every += 1.0;
            }
            random += good as f64 / free.len() as f64;
            if free
                .first()
                .is_some_and(|square| self.keeps_value(board, square))
            {
                first += 1.0;
            }
        }
        vec![
            Row {
                name: "every move is perfect".to_owned(),
                perfect: every,
                note: "positions where no move can spoil the result: any player is perfect there",
            },
            Row {
                name: "a random move".to_owned(),
                perfect: random,
                note: "the share of perfect moves, position by position, added up",
            },
            Row {
                name: "the first free square".to_owned(),
                perfect: first,
                note: "what MCTS plays with 1 playout: it tries the first untried move, and stops",
            },
        ]
    }

    fn searched<G: TwoPlayerGame<Position = Board, Move = Square>>(
        &self,
        game: &G,
        name: &str,
        playouts: u32,
    ) -> Result<Row, LimitError> {
        let search = Mcts::new(playouts)?;
        let perfect = self
            .in_play
            .iter()
            .filter(|&&board| {
                search
                    .search(game, &board)
                    .best_move()
                    .is_some_and(|square| self.keeps_value(board, square))
            })
            .count();
        Ok(Row {
            name: format!(
                "{name}, {} playout{}",
                thousands(u64::from(playouts)),
                plural(playouts)
            ),
            perfect: perfect as f64,
            note: "its most tried move",
        })
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The budgets, checked: each at least 1, all together at most 250.
fn checked(budgets: &[u32]) -> Result<(), LimitError> {
    let total: u64 = budgets.iter().map(|&b| u64::from(b.max(1))).sum();
    LimitError::check(
        Counted::Playouts,
        total,
        u64::from(MAX_PLAYOUTS_PER_POSITION),
    )?;
    Ok(())
}

impl PerfectMoves {
    /// The baselines alone: on how many positions every move is perfect, a random move's
    /// expected count, and the first free square's.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn baselines() -> PerfectMoves {
        let solved = Solved::new();
        PerfectMoves {
            positions: solved.in_play.len(),
            rows: solved.baselines(),
        }
    }

    /// Monte Carlo tree search with random playouts, at each of these budgets (playouts a
    /// move), beside the baselines. The budgets together are held to
    /// 250.
    pub fn of_mcts(budgets: &[u32]) -> Result<PerfectMoves, LimitError> {
        checked(budgets)?;
        let solved = Solved::new();
        let mut rows = solved.baselines();
        for &playouts in budgets {
            rows.push(solved.searched(&TicTacToe::default(), "MCTS", playouts)?);
        }
        Ok(PerfectMoves {
            positions: solved.in_play.len(),
            rows,
        })
    }

    /// Monte Carlo tree search whose playouts `game` leads (a
    /// [`PlayoutPolicy`](crate::engine::mcts::PlayoutPolicy) named `name`), beside the same
    /// search with random playouts, at each of these budgets.
    pub fn of_playouts<G: TwoPlayerGame<Position = Board, Move = Square>>(
        game: &G,
        name: &str,
        budgets: &[u32],
    ) -> Result<PerfectMoves, LimitError> {
        let doubled: Vec<u32> = budgets.iter().flat_map(|&b| [b, b]).collect();
        checked(&doubled)?;
        let solved = Solved::new();
        let mut rows = Vec::new();
        for &playouts in budgets {
            rows.push(solved.searched(&TicTacToe::default(), "random playouts", playouts)?);
            rows.push(solved.searched(game, &format!("{name} playouts"), playouts)?);
        }
        Ok(PerfectMoves {
            positions: solved.in_play.len(),
            rows,
        })
    }

    /// How many positions in play there are (4,520).
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The share (0 to 1) of the positions on which the player named `name` picks a perfect
    /// move ("a random move", "MCTS, 10 playouts", ...).
    pub fn share(&self, name: &str) -> Option<f64> {
        self.rows
            .iter()
            .find(|row| row.name == name)
            .map(|row| row.perfect / self.positions.max(1) as f64)
    }

    /// The rows' names, in order.
    pub fn names(&self) -> Vec<&str> {
        self.rows.iter().map(|row| row.name.as_str()).collect()
    }
}

impl fmt::Display for PerfectMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in &self.rows {
            writeln!(
                f,
                "{:<28} a perfect move on {:5.1} % of the positions",
                row.name,
                100.0 * row.perfect / self.positions.max(1) as f64
            )?;
        }
        write!(
            f,
            "({} positions in play)",
            thousands(self.positions as u64)
        )
    }
}

impl Picture for PerfectMoves {
    /// A table with a bar for each player's share, the baselines first.
    fn draw(&self, scale: Scale) -> Html {
        let heads = ["who picks the move", "perfect moves", "share", "what it is"];
        let mut rows = plain_table().child(tr().children(heads.map(|h| heading_cell(scale, h))));
        for row in &self.rows {
            let share = row.perfect / self.positions.max(1) as f64;
            rows = rows.child(
                tr().child(cell(scale).child(bold(&row.name)))
                    .child(
                        cell(scale)
                            .css("text-align", "right")
                            .text(&thousands(row.perfect.round() as u64)),
                    )
                    .child(
                        cell(scale)
                            .css("white-space", "nowrap")
                            .child(bar(scale, share, 160, BAR))
                            .child(
                                span()
                                    .css("color", MUTED)
                                    .text(&format!(" {:.1} %", 100.0 * share)),
                            ),
                    )
                    .child(cell(scale).css("color", MUTED).text(row.note)),
            );
        }
        let mut inner = title(
            scale,
            &format!(
                "A perfect move, on how many of the {} positions in play?",
                thousands(self.positions as u64)
            ),
        );
        inner.push(rows);
        inner.push(caption(
            scale,
            "A perfect move keeps the position's result under best play: a win stays a win, a draw a draw. Checked against the solved game.",
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

notebook_pictures!(PerfectMoves);
