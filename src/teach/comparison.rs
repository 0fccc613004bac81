//! Plain minimax, alpha-beta and the solved table side by side on one position.

use std::fmt;
use std::time::{Duration, Instant};

use crate::engine::search::{alpha_beta, minimax};
use crate::engine::{Table, Value};
use crate::render::palette::{BAR, MUTED};
use crate::render::parts::{bar, caption, card, cell, heading_cell, plain_table};
use crate::render::{Html, Picture, Scale, bold, notebook_pictures, span, tr};
use crate::rules::Board;
use crate::rules::text::thousands;

/// One way of finding a position's value, with what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Method {
    name: &'static str,
    positions: u64,
    counts: &'static str,
    time: Duration,
}

/// Plain minimax, alpha-beta and the table side by side on one position: how many positions
/// each looks at, and how long it took here.
///
/// ```
/// use magic_tictactoe::{solver::Comparison, Board};
///
/// let comparison = Comparison::run(Board::new());
/// assert_eq!(comparison.positions()[0], 549_946);
/// assert!(comparison.values().iter().all(|&v| v == comparison.values()[0]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    board: Board,
    values: [Value; 3],
    methods: [Method; 3],
}

impl Comparison {
    /// Runs all three on `board` and times them.
    pub fn run(board: Board) -> Comparison {
        let start = Instant::now();
        let plain = minimax(board);
        let plain_time = start.elapsed();
        let start = Instant::now();
        let pruned = alpha_beta(board);
        let pruned_time = start.elapsed();
        let start = Instant::now();
        let table = Table::build();
        let value = table.value(board);
        let table_time = start.elapsed();
        Comparison {
            board,
            values: [plain.value, pruned.value, value],
            methods: [
                Method {
                    name: "plain minimax",
                    positions: plain.positions,
                    counts: "positions visited: every position of every game from here",
                    time: plain_time,
                },
                Method {
                    name: "alpha-beta",
                    positions: pruned.positions,
                    counts: "positions visited: it skips branches that cannot change the answer",
                    time: pruned_time,
                },
                Method {
                    name: "complete table",
                    positions: table.positions() as u64,
                    counts: "positions solved, each once, for the whole game; then every answer is one lookup",
                    time: table_time,
                },
            ],
        }
    }

    /// The value each method found, in the order plain minimax, alpha-beta, table: they
    /// always agree.
    pub fn values(&self) -> [Value; 3] {
        self.values
    }

    /// The positions each method visited (minimax, alpha-beta) or solved (the table).
    pub fn positions(&self) -> [u64; 3] {
        self.methods.each_ref().map(|method| method.positions)
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for method in &self.methods {
            writeln!(
                f,
                "{:<15} {:>9} {}  ({:.2} ms)",
                method.name,
                thousands(method.positions),
                method.counts,
                method.time.as_secs_f64() * 1000.0
            )?;
        }
        write!(f, "value for {}: {}", self.board.turn(), self.values[0])
    }
}

impl Picture for Comparison {
    /// A table with bars drawn to scale (the longest is plain minimax), and how many times
    /// fewer positions each method needs.
    fn draw(&self, scale: Scale) -> Html {
        let most = self.methods[0].positions.max(1);
        let heads = [
            "method",
            "positions",
            "to scale",
            "what the number counts",
            "time here",
        ];
        let mut rows = plain_table().child(tr().children(heads.map(|h| heading_cell(scale, h))));
        for method in &self.methods {
            let fraction = method.positions as f64 / most as f64;
            let times_fewer = if method.positions == most {
                String::new()
            } else {
                format!(" {} times fewer", thousands(most / method.positions.max(1)))
            };
            rows = rows.child(
                tr().child(cell(scale).child(bold(method.name)))
                    .child(
                        cell(scale)
                            .css("text-align", "right")
                            .text(&thousands(method.positions)),
                    )
                    .child(
                        cell(scale)
                            .css("white-space", "nowrap")
                            .child(bar(scale, fraction, 200, BAR))
                            .child(span().css("color", MUTED).text(&times_fewer)),
                    )
                    .child(cell(scale).css("color", MUTED).text(method.counts))
                    .child(
                        cell(scale)
                            .css("text-align", "right")
                            .text(&format!("{:.2} ms", method.time.as_secs_f64() * 1000.0)),
                    ),
            );
        }
        let [plain, pruned, table] = self.values;
        let agreement = if plain == pruned && pruned == table {
            format!(
                "All three agree: from {} the value for {} is {plain}. The bars are drawn to scale.",
                self.board,
                self.board.turn()
            )
        } else {
            format!("They disagree ({plain}, {pruned}, {table}): please report this as a bug.")
        };
        let mut inner = Html::from(rows);
        inner.push(caption(scale, &agreement));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

notebook_pictures!(Comparison);
