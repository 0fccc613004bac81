//! HTML and notebook display for games, analyses, the magic triples, sums and statistics.

use std::fmt::Write;

use crate::html::{
    BoardView, INK, MUTED, PAPER, board_caption, caption, card, emit, escape, value_colours,
};
use crate::magic::{self, MAGIC_SUM, Sums};
use crate::{Analysis, Board, Game, Square, SquareSet, Statistics, Value};

/// Boards side by side, each with a label above.
fn row_of_boards(boards: &[(String, BoardView)]) -> String {
    let mut html = String::from(
        "<table style=\"border-collapse:separate;border-spacing:8px 0;margin:0\"><tr>",
    );
    for (label, _) in boards {
        let _ = write!(
            html,
            "<td style=\"text-align:center;font-size:12px;color:{MUTED};background:{PAPER};padding:0 0 2px 0\">{}</td>",
            escape(label)
        );
    }
    html.push_str("</tr><tr>");
    for (_, view) in boards {
        let _ = write!(
            html,
            "<td style=\"vertical-align:top;background:{PAPER};padding:0\">{}</td>",
            view.table_html()
        );
    }
    html.push_str("</tr></table>");
    html
}

impl Game {
    /// The game as HTML: every position so far as a row of small boards, the current board,
    /// and the result or whose turn it is.
    pub fn to_html(&self) -> String {
        let boards = self.boards();
        let mut small = Vec::new();
        for (i, (board, square)) in boards.iter().skip(1).zip(self.moves()).enumerate() {
            let mover = if i % 2 == 0 { 'X' } else { 'O' };
            let highlight = if board.is_over() {
                board
                    .outcome()
                    .line()
                    .map_or(SquareSet::from_square(*square), |line| line.square_set())
            } else {
                SquareSet::from_square(*square)
            };
            small.push((
                format!("{}. {mover} on {square}", i + 1),
                board.view().digits(false).size(22).highlight(highlight),
            ));
        }
        let mut inner = String::new();
        if !small.is_empty() {
            inner.push_str(&row_of_boards(&small));
            inner.push_str("<div style=\"height:8px\"></div>");
        }
        inner.push_str(&self.board().view().table_html());
        inner.push_str(&caption(&self.result_sentence()));
        if let Some(message) = self.message().filter(|m| !m.is_empty()) {
            let _ = write!(
                inner,
                "<div style=\"color:{INK};background:#efe6d2;padding:4px 8px;margin-top:6px;border-radius:4px\">{}</div>",
                escape(message)
            );
        }
        card(&inner)
    }

    /// Shows the game in a notebook cell.
    pub fn evcxr_display(&self) {
        emit(&self.to_string(), &self.to_html());
    }
}

impl Analysis {
    /// The analysis as HTML: a heatmap of the free squares coloured by their value for the
    /// side to move (win, draw, loss, with the moves to the end), and a legend.
    pub fn to_html(&self) -> String {
        let board = self.board();
        let Some(player) = board.to_move() else {
            return board.view().caption(board_caption(board)).to_html();
        };
        let mut inner = board.view().values().table_html();
        let best: Vec<String> = self.best_moves().iter().map(|s| s.to_string()).collect();
        inner.push_str(&caption(&format!(
            "{player} to move. Best: square {} ({}).",
            best.join(" or "),
            self.value().map(|v| v.to_string()).unwrap_or_default()
        )));
        inner.push_str("<div style=\"margin-top:6px\">");
        for (value, label) in [
            (Value::Win(1), "win: can force a win"),
            (Value::Draw(1), "draw: best play draws"),
            (Value::Loss(1), "loss: the other side can force a win"),
        ] {
            let (background, colour) = value_colours(value);
            let _ = write!(
                inner,
                "<span style=\"display:inline-block;background:{background};color:{colour};padding:1px 6px;margin-right:6px;border-radius:3px;font-size:12px\">{}</span>",
                escape(label)
            );
        }
        let _ = write!(
            inner,
            "</div><div style=\"color:{MUTED};background:{PAPER};font-size:12px;margin-top:4px\">The number is how many moves until the game ends, this move included.</div>"
        );
        card(&inner)
    }

    /// Shows the analysis in a notebook cell.
    pub fn evcxr_display(&self) {
        emit(&self.to_string(), &self.to_html());
    }
}

/// A list of triples of numbers from 1 to 9, for showing which ones sum to 15.
///
/// ```
/// use magic_tictactoe::magic::Triples;
///
/// assert_eq!(Triples::all().len(), 84);
/// assert_eq!(Triples::summing_to_15().len(), 8);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Triples {
    triples: Vec<[u8; 3]>,
}

impl Triples {
    /// All 84 ways to pick three different numbers from 1 to 9.
    pub fn all() -> Triples {
        Triples {
            triples: magic::triples().collect(),
        }
    }

    /// The eight triples that sum to 15.
    pub fn summing_to_15() -> Triples {
        Triples {
            triples: magic::magic_triples(),
        }
    }

    /// How many triples.
    pub fn len(&self) -> usize {
        self.triples.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.triples.is_empty()
    }

    /// The triples, smallest first.
    pub fn as_slice(&self) -> &[[u8; 3]] {
        &self.triples
    }

    /// The triples as HTML. Those that sum to 15 stand out, each with its line on a small board.
    pub fn to_html(&self) -> String {
        let magic_count = self
            .triples
            .iter()
            .filter(|t| t.iter().sum::<u8>() == MAGIC_SUM)
            .count();
        let mut inner = String::new();
        if magic_count == self.triples.len() {
            let boards: Vec<(String, BoardView)> = self
                .triples
                .iter()
                .map(|&[a, b, c]| {
                    let line: SquareSet = [a, b, c]
                        .into_iter()
                        .filter_map(Square::from_magic_number)
                        .collect();
                    (
                        format!("{a} + {b} + {c}"),
                        Board::new()
                            .view()
                            .magic_numbers()
                            .digits(false)
                            .size(26)
                            .highlight(line),
                    )
                })
                .collect();
            inner.push_str(&row_of_boards(&boards));
        } else {
            inner.push_str("<div style=\"max-width:640px\">");
            for &[a, b, c] in &self.triples {
                let sum = a + b + c;
                let (background, colour, weight) = if sum == MAGIC_SUM {
                    ("#ffe07a", INK, 800)
                } else {
                    ("#ece6da", MUTED, 400)
                };
                let _ = write!(
                    inner,
                    "<span style=\"display:inline-block;background:{background};color:{colour};font-weight:{weight};padding:2px 5px;margin:2px;border-radius:3px;font-size:12px\">{a}+{b}+{c}={sum}</span>"
                );
            }
            inner.push_str("</div>");
        }
        inner.push_str(&caption(&format!(
            "{} triples, {magic_count} of them sum to 15",
            self.triples.len()
        )));
        card(&inner)
    }

    /// Shows the triples in a notebook cell.
    pub fn evcxr_display(&self) {
        emit(&self.to_string(), &self.to_html());
    }
}

impl std::fmt::Display for Triples {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, [a, b, c]) in self.triples.iter().enumerate() {
            if i > 0 {
                f.write_str(if i % 6 == 0 { "\n" } else { "  " })?;
            }
            write!(f, "{a}+{b}+{c}={}", a + b + c)?;
        }
        Ok(())
    }
}

impl Sums {
    /// The board with its magic numbers, and a table of every pair with the number it needs.
    pub fn to_html(&self) -> String {
        let board = self.board();
        let threats: SquareSet = if board.is_over() {
            SquareSet::EMPTY
        } else {
            crate::Player::ALL
                .into_iter()
                .flat_map(|p| self.threats(p))
                .collect()
        };
        let mut inner = format!(
            "<table style=\"border-collapse:collapse;margin:0\"><tr><td style=\"vertical-align:top;padding:0 14px 0 0;background:{PAPER};text-align:left\">"
        );
        inner.push_str(
            &board
                .view()
                .magic_numbers()
                .highlight(
                    threats.union(
                        board
                            .outcome()
                            .line()
                            .map_or(SquareSet::EMPTY, |l| l.square_set()),
                    ),
                )
                .table_html(),
        );
        let _ = write!(
            inner,
            "</td><td style=\"vertical-align:top;padding:0;background:{PAPER};text-align:left\">"
        );
        if self.pairs().is_empty() {
            inner.push_str(&caption(
                "Nobody holds two squares yet, so there is nothing to add up.",
            ));
        }
        for pair in self.pairs() {
            let threat = matches!(pair.completes_at, Some((_, true))) && !board.is_over();
            let (background, weight) = if threat {
                ("#ffe07a", 700)
            } else {
                (PAPER, 400)
            };
            let _ = write!(
                inner,
                "<div style=\"background:{background};color:{};font-weight:{weight};padding:1px 6px;font-size:13px;text-align:left\">{}</div>",
                crate::html::player_colour(pair.player),
                escape(&magic::pair_sentence(pair, board))
            );
        }
        inner.push_str("</td></tr></table>");
        inner.push_str(&caption(&board_caption(board)));
        card(&inner)
    }

    /// Shows the sums in a notebook cell.
    pub fn evcxr_display(&self) {
        emit(&self.to_string(), &self.to_html());
    }
}

impl Board {
    /// The sums that matter on this board: see [`Sums`].
    pub fn sums(self) -> Sums {
        Sums::new(self)
    }
}

fn bar(fraction: f64, colour: &str) -> String {
    let width = (fraction.clamp(0.0, 1.0) * 160.0).round();
    format!(
        "<span style=\"display:inline-block;width:{width}px;height:10px;background:{colour};vertical-align:middle\"></span>"
    )
}

impl Statistics {
    /// The statistics as HTML tables with bars.
    pub fn to_html(&self) -> String {
        let cell =
            format!("style=\"padding:2px 8px;text-align:right;background:{PAPER};color:{INK}\"");
        let head =
            format!("style=\"padding:2px 8px;text-align:left;background:#ece6da;color:{INK}\"");
        let mut inner = String::new();
        let max = self.perft.iter().copied().max().unwrap_or(1).max(1) as f64;
        let _ = write!(
            inner,
            "<table style=\"border-collapse:collapse;margin:0 0 8px 0\"><tr><th {head}>moves</th><th {head}>move sequences (perft)</th><th {head}>positions</th><th {head}></th></tr>"
        );
        for (depth, &count) in self.perft.iter().enumerate() {
            let positions = self.positions.by_ply.get(depth).copied().unwrap_or(0);
            let _ = write!(
                inner,
                "<tr><td {cell}>{depth}</td><td {cell}>{count}</td><td {cell}>{positions}</td><td {cell}>{}</td></tr>",
                bar(count as f64 / max, "#7b9acc")
            );
        }
        inner.push_str("</table>");
        let games = &self.games;
        let total = games.total.max(1) as f64;
        let _ = write!(
            inner,
            "<table style=\"border-collapse:collapse;margin:0 0 8px 0\"><tr><th {head}>complete games</th><th {head}>{}</th><th {head}></th></tr>",
            games.total
        );
        for (label, count, colour) in [
            ("X wins", games.x_wins, "#c62828"),
            ("O wins", games.o_wins, "#1e4fa3"),
            ("draws", games.draws, "#a08a2a"),
        ] {
            let _ = write!(
                inner,
                "<tr><td {cell}>{label}</td><td {cell}>{count}</td><td {cell}>{} {:.1} %</td></tr>",
                bar(count as f64 / total, colour),
                100.0 * count as f64 / total
            );
        }
        inner.push_str("</table>");
        let p = &self.positions;
        inner.push_str(&caption(&format!(
            "{} positions can be reached ({} up to turns and flips); {} of them are finished: {} X wins, {} O wins, {} draws.",
            p.reachable, p.up_to_symmetry, p.terminal, p.x_wins, p.o_wins, p.draws
        )));
        card(&inner)
    }

    /// Shows the statistics in a notebook cell.
    pub fn evcxr_display(&self) {
        emit(&self.to_string(), &self.to_html());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Level, Player};

    fn assert_well_formed(html: &str) {
        for constant in ["{PAPER}", "{INK}", "{MUTED}", "{CELL}", "{FONT}"] {
            assert!(!html.contains(constant), "unformatted {constant}");
        }
        for banned in ["<script", "<style", "<svg"] {
            assert!(!html.contains(banned));
        }
        for tag in ["table", "tr", "td", "th", "div", "span"] {
            let opened = html.matches(&format!("<{tag}>")).count()
                + html.matches(&format!("<{tag} ")).count();
            assert_eq!(opened, html.matches(&format!("</{tag}>")).count(), "{tag}");
        }
    }

    #[test]
    fn a_game_shows_every_move_and_the_message_escaped() {
        let mut game = Game::against(Level::Rules).playing_as(Player::X);
        game.play(1);
        game.play("<b>");
        let html = game.to_html();
        assert_well_formed(&html);
        assert!(html.contains("1. X on 1"));
        assert!(html.contains("2. O on 5"));
        assert!(html.contains("&quot;&lt;b&gt;&quot; is not a square"));
    }

    #[test]
    fn triples_render() {
        let all = Triples::all().to_html();
        assert_eq!(all.matches("=15</span>").count(), 8);
        assert_eq!(all.matches("</span>").count(), 84);
        assert_well_formed(&all);
        let magic = Triples::summing_to_15().to_html();
        assert_eq!(
            magic
                .matches("<table style=\"border-collapse:collapse;margin:0;")
                .count(),
            8
        );
        assert_well_formed(&magic);
    }

    #[test]
    fn sums_name_the_threats() {
        let board: Board = "XX./O../...".parse().unwrap();
        let html = board.sums().to_html();
        assert!(html.contains("X holds 8 and 3: 8 + 3 = 11, needs 4: square 3 is free"));
        assert_well_formed(&html);
    }
}
