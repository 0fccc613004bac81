//! Perfect play: plain minimax, alpha-beta, and a table of every position.
//!
//! All three give the same value on every position. Minimax and alpha-beta search the game
//! tree afresh each time and count the positions they visit, which is what a class compares;
//! the table solves every position once and then answers with a lookup.
//!
//! ```
//! use magic_tictactoe::{solver, Board, Value};
//!
//! let plain = solver::minimax(Board::new());
//! let pruned = solver::alpha_beta(Board::new());
//! assert_eq!(plain.value, Value::Draw(9));
//! assert_eq!(pruned.value, plain.value);
//! assert!(pruned.positions < plain.positions / 10);
//! assert_eq!(solver::Table::shared().value(Board::new()), Value::Draw(9));
//! ```

use std::sync::OnceLock;

use crate::{Board, SquareSet, Value};

/// What a search found: the value of the position and how many positions it visited
/// (the starting position included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    /// The value for the side to move.
    pub value: Value,
    /// Positions visited, the starting position included.
    pub positions: u64,
}

/// The value of a finished game for the side to move (who has lost, or drawn), or `None`
/// while the game is in play.
pub fn value_if_over(board: Board) -> Option<Value> {
    if crate::magic::has_won(board.squares(!board.turn())) {
        Some(Value::Loss(0))
    } else if board.empty_squares().is_empty() {
        Some(Value::Draw(0))
    } else {
        None
    }
}

/// Plain minimax: tries every move, then every reply, to the end of every game, and keeps
/// the best value for whoever is to move at each step.
///
/// From the empty board it visits every position of the game tree: 549,946 of them.
pub fn minimax(board: Board) -> Search {
    let mut positions = 0;
    let value = minimax_value(board, &mut positions);
    Search { value, positions }
}

fn minimax_value(board: Board, positions: &mut u64) -> Value {
    *positions += 1;
    if let Some(value) = value_if_over(board) {
        return value;
    }
    board
        .empty_squares()
        .into_iter()
        .map(|square| Value::of_move_into(minimax_value(board.play_unchecked(square), positions)))
        .max()
        .unwrap_or(Value::Draw(0))
}

/// Minimax with alpha-beta pruning: the same value as [`minimax`], but it stops looking at a
/// position's other moves as soon as it knows the opponent would never allow it.
pub fn alpha_beta(board: Board) -> Search {
    let mut positions = 0;
    let score = alpha_beta_score(board, 0, -WIN_SCORE - 1, WIN_SCORE + 1, &mut positions);
    let value = if score > 0 {
        Value::Win((WIN_SCORE - score) as u8)
    } else if score < 0 {
        Value::Loss((WIN_SCORE + score) as u8)
    } else {
        Value::Draw(board.empty_squares().len() as u8)
    };
    Search { value, positions }
}

/// A win `d` moves below the root scores `WIN_SCORE - d` for the winner, so sooner is better.
const WIN_SCORE: i16 = 100;

fn alpha_beta_score(
    board: Board,
    depth: i16,
    mut alpha: i16,
    beta: i16,
    positions: &mut u64,
) -> i16 {
    *positions += 1;
    match value_if_over(board) {
        Some(Value::Loss(_)) => return -(WIN_SCORE - depth),
        Some(_) => return 0,
        None => {}
    }
    let mut best = -WIN_SCORE - 1;
    for square in board.empty_squares() {
        let score = -alpha_beta_score(
            board.play_unchecked(square),
            depth + 1,
            -beta,
            -alpha,
            positions,
        );
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

const CODES: usize = 19_683;

/// The value and best moves of every position reachable from the empty board, solved once.
///
/// Each position is looked up by its base-3 [code](Board::code); a lookup is one indexed load.
/// [`Table::shared`] builds the table on first use and keeps it for the whole program.
pub struct Table {
    /// Packed [`Value`] by board code; 0 for codes that are not a reachable position.
    values: Box<[u8]>,
    /// Best moves (a [`SquareSet`]'s bits) by board code.
    best: Box<[u16]>,
    positions: usize,
    calls: u64,
}

impl Table {
    /// Solves every position reachable from the empty board.
    pub fn build() -> Table {
        let mut table = Table {
            values: vec![0; CODES].into_boxed_slice(),
            best: vec![0; CODES].into_boxed_slice(),
            positions: 0,
            calls: 0,
        };
        table.solve(Board::new());
        table
    }

    /// The table shared by the whole program, built on first use.
    pub fn shared() -> &'static Table {
        static TABLE: OnceLock<Table> = OnceLock::new();
        TABLE.get_or_init(Table::build)
    }

    fn solve(&mut self, board: Board) -> Value {
        self.calls += 1;
        let code = board.code() as usize;
        if let Some(value) = Value::from_byte(self.values[code]) {
            return value;
        }
        let (value, best) = match value_if_over(board) {
            Some(value) => (value, SquareSet::EMPTY),
            None => {
                let mut best_value = Value::Loss(0);
                let mut best = SquareSet::EMPTY;
                for (square, child) in board.children() {
                    let value = Value::of_move_into(self.solve(child));
                    if best.is_empty() || value > best_value {
                        best_value = value;
                        best = SquareSet::from_square(square);
                    } else if value == best_value {
                        best.insert(square);
                    }
                }
                (best_value, best)
            }
        };
        self.values[code] = value.to_byte();
        self.best[code] = best.bits();
        self.positions += 1;
        value
    }

    /// The value of `board` for the side to move.
    pub fn value(&self, board: Board) -> Value {
        match Value::from_byte(self.values[board.code() as usize]) {
            Some(value) => value,
            // Every Board is reachable, so this is never taken; searching is still correct.
            None => minimax(board).value,
        }
    }

    /// The value of `board` and its best moves, from one lookup.
    pub fn entry(&self, board: Board) -> (Value, SquareSet) {
        let code = usize::from(board.code());
        match Value::from_byte(self.values[code]) {
            Some(value) => (value, SquareSet::from_bits(self.best[code])),
            None => (minimax(board).value, SquareSet::EMPTY),
        }
    }

    /// The moves that keep the best value for the side to move; empty once the game is over.
    pub fn best_moves(&self, board: Board) -> SquareSet {
        SquareSet::from_bits(self.best[board.code() as usize])
    }

    /// How many positions the table holds: every one reachable from the empty board.
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// How many times building the table asked for a position's value, repeats included.
    pub fn calls(&self) -> u64 {
        self.calls
    }

    /// The bytes the table's arrays take.
    pub fn size_in_bytes(&self) -> usize {
        std::mem::size_of_val(&*self.values) + std::mem::size_of_val(&*self.best)
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("positions", &self.positions)
            .field("size_in_bytes", &self.size_in_bytes())
            .finish()
    }
}

/// Plain minimax, alpha-beta and the table side by side on one position: how many positions
/// each looks at, and how long it took here.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    board: Board,
    values: [Value; 3],
    rows: Vec<(&'static str, u64, std::time::Duration, &'static str)>,
}

impl Comparison {
    /// Runs all three on `board` and times them.
    pub fn run(board: Board) -> Comparison {
        use std::time::Instant;
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
            rows: vec![
                (
                    "plain minimax",
                    plain.positions,
                    plain_time,
                    "visits every position of the game tree",
                ),
                (
                    "alpha-beta",
                    pruned.positions,
                    pruned_time,
                    "skips branches that cannot change the answer",
                ),
                (
                    "complete table",
                    table.calls(),
                    table_time,
                    "solves each of the 5,478 positions once; then every answer is one lookup",
                ),
            ],
        }
    }

    /// The value each method found, in the same order: they always agree.
    pub fn values(&self) -> [Value; 3] {
        self.values
    }

    /// Positions visited by each method, in the order plain minimax, alpha-beta, table.
    pub fn positions(&self) -> Vec<u64> {
        self.rows.iter().map(|row| row.1).collect()
    }

    /// The comparison as an HTML table with bars on a log scale.
    pub fn to_html(&self) -> String {
        use crate::html::{INK, MUTED, PAPER, caption, card, escape};
        use std::fmt::Write;
        let cell =
            format!("style=\"padding:3px 8px;background:{PAPER};color:{INK};text-align:left\"");
        let number =
            format!("style=\"padding:3px 8px;background:{PAPER};color:{INK};text-align:right\"");
        let head =
            format!("style=\"padding:3px 8px;background:#ece6da;color:{INK};text-align:left\"");
        let largest = self.rows.iter().map(|row| row.1).max().unwrap_or(1).max(2) as f64;
        let mut inner = format!(
            "<table style=\"border-collapse:collapse;margin:0\"><tr><th {head}>method</th><th {head}>positions looked at</th><th {head}></th><th {head}>time here</th><th {head}>how</th></tr>"
        );
        for (name, positions, time, how) in &self.rows {
            let width = ((*positions as f64).max(1.0).ln() / largest.ln() * 200.0).round();
            let _ = write!(
                inner,
                "<tr><td {cell}><b>{}</b></td><td {number}>{positions}</td><td {cell}><span style=\"display:inline-block;height:12px;width:{width}px;background:#7b9acc\"></span></td><td {number}>{:.2} ms</td><td {cell}><span style=\"color:{MUTED}\">{}</span></td></tr>",
                escape(name),
                time.as_secs_f64() * 1000.0,
                escape(how)
            );
        }
        inner.push_str("</table>");
        let [plain, pruned, table] = self.values;
        let agreement = if plain == pruned && pruned == table {
            format!(
                "All three agree: from {} the value for {} is {plain}.",
                self.board,
                self.board.turn()
            )
        } else {
            format!("They disagree ({plain}, {pruned}, {table}): please report this as a bug.")
        };
        inner.push_str(&caption(&format!("{agreement} Bars use a log scale.")));
        card(&inner)
    }

    /// Shows the comparison in a notebook cell.
    pub fn evcxr_display(&self) {
        crate::html::emit(&self.to_string(), &self.to_html());
    }
}

impl std::fmt::Display for Comparison {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (name, positions, time, _) in &self.rows {
            writeln!(
                f,
                "{name:<15} {positions:>8} positions  {:>8.2} ms",
                time.as_secs_f64() * 1000.0
            )?;
        }
        write!(f, "value for {}: {}", self.board.turn(), self.values[0])
    }
}
