//! Checking a learner's own search against the solved game, on every position.
//!
//! A learner writes minimax (values seen by X: more is better for X), negamax (values seen by
//! the side to move) or minimax with alpha-beta, as a function. The check asks it for the
//! value of all 5,478 positions of the game, the nearly finished ones first, and compares the
//! sign of each answer (win, draw or loss) with the solved table. The first position where they
//! disagree is drawn with both values. It also counts the positions the learner's search
//! visits (every board it makes with [`Board::children`] or [`Board::try_play`], and the
//! position it is asked about) and compares them with the crate's own searches.
//!
//! ```
//! use magic_tictactoe::{search_check::check_minimax, Board, Player};
//!
//! fn minimax(board: &Board) -> i32 {
//!     if board.winner() == Some(Player::X) { return 1; }
//!     if board.winner() == Some(Player::O) { return -1; }
//!     if board.is_over() { return 0; }
//!     let mut best = if board.turn() == Player::X { -1000 } else { 1000 };
//!     for (_square, child) in board.children() {
//!         let score = minimax(&child);
//!         if board.turn() == Player::X { best = best.max(score) } else { best = best.min(score) }
//!     }
//!     best
//! }
//!
//! let check = check_minimax(minimax);
//! assert!(check.is_right());
//! assert_eq!(check.checked(), 5_478);
//! assert_eq!(check.positions_visited(), check.positions_crate_minimax());
//! ```

use std::cmp::Ordering;
use std::fmt;

use crate::engine::search::{alpha_beta, minimax};
use crate::engine::{Value, learner};
use crate::render::palette::INK;
use crate::render::parts::{
    NOT_YET, RIGHT, caption, card, cell, heading_cell, plain_table, verdict_box,
};
use crate::render::{Html, Picture, Scale, div, notebook_pictures, tr};
use crate::rules::text::thousands;
use crate::rules::{Board, Player, boards_made};

/// The most boards a learner's search may make over the whole check: about fifty times what a
/// plain minimax needs, so a slow search is stopped in seconds, not minutes.
pub const MAX_BOARDS: u64 = 200_000_000;

/// The window a learner's alpha-beta is first called with: lower and higher than any value.
pub const FULL_WINDOW: (i32, i32) = (-1_000_000, 1_000_000);

/// Which kind of search is checked, which says whose side its values are seen from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchKind {
    /// `minimax(board)`: more is better for X, less for O.
    Minimax,
    /// `negamax(board)`: more is better for the side to move.
    Negamax,
    /// `alpha_beta(board, alpha, beta)`: like minimax, called with [`FULL_WINDOW`].
    AlphaBeta,
}

impl SearchKind {
    fn name(self) -> &'static str {
        match self {
            SearchKind::Minimax => "minimax",
            SearchKind::Negamax => "negamax",
            SearchKind::AlphaBeta => "alpha-beta",
        }
    }

    /// The check's name, as the notebooks call it.
    fn check_name(self) -> &'static str {
        match self {
            SearchKind::Minimax => "check_minimax",
            SearchKind::Negamax => "check_negamax",
            SearchKind::AlphaBeta => "check_alpha_beta",
        }
    }

    /// Who a value of this search is seen by on `board`: X, or the side to move.
    fn seen_by(self, board: Board) -> Player {
        match self {
            SearchKind::Minimax | SearchKind::AlphaBeta => Player::X,
            SearchKind::Negamax => board.turn(),
        }
    }
}

/// Where a learner's search first went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mistake {
    /// It gave the wrong value.
    WrongValue {
        /// The position.
        board: Board,
        /// The learner's answer.
        answer: i32,
        /// The value under perfect play, for the side to move.
        right: Value,
    },
    /// It panicked, with this message.
    Panicked {
        /// The position.
        board: Board,
        /// What the panic said.
        message: String,
    },
}

/// The result of checking a learner's search on every position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchCheck {
    kind: SearchKind,
    checked: usize,
    total: usize,
    mistake: Option<Mistake>,
    /// Boards the learner's search made, and the positions it was asked about.
    visited: u64,
    /// The same for the empty board alone, once it was checked.
    visited_from_empty: Option<u64>,
    crate_minimax: u64,
    crate_alpha_beta: u64,
    stopped_for_size: bool,
}

/// Checks a learner's minimax: `search(board)` is the value of `board` seen by X, more than 0
/// when X wins with best play, less than 0 when O wins, 0 for a draw.
pub fn check_minimax(search: impl Fn(&Board) -> i32) -> SearchCheck {
    check(SearchKind::Minimax, |board| search(board))
}

/// Checks a learner's negamax: `search(board)` is the value of `board` seen by the side to
/// move, more than 0 when it wins with best play, less than 0 when it loses, 0 for a draw (and
/// for a finished game, seen by the side that would move next).
pub fn check_negamax(search: impl Fn(&Board) -> i32) -> SearchCheck {
    check(SearchKind::Negamax, |board| search(board))
}

/// Checks a learner's minimax with alpha-beta: `search(board, alpha, beta)` seen by X, as in
/// [`check_minimax`], called with the window [`FULL_WINDOW`], so that its answer must be exact.
pub fn check_alpha_beta(search: impl Fn(&Board, i32, i32) -> i32) -> SearchCheck {
    let (alpha, beta) = FULL_WINDOW;
    check(SearchKind::AlphaBeta, |board| search(board, alpha, beta))
}

/// Every position of the game, the nearly finished ones first, the empty board last.
fn positions_small_first() -> Vec<Board> {
    let mut seen = vec![false; 19_683];
    let mut all = Vec::new();
    let mut stack = vec![Board::new()];
    while let Some(board) = stack.pop() {
        let Some(slot) = seen.get_mut(usize::from(board.code())) else {
            continue;
        };
        if *slot {
            continue;
        }
        *slot = true;
        all.push(board);
        stack.extend(board.children().map(|(_, child)| child));
    }
    all.sort_by_key(|board| (std::cmp::Reverse(board.moves_made()), board.code()));
    all
}

fn sign(n: i32) -> Ordering {
    n.cmp(&0)
}

fn value_sign(value: Value) -> Ordering {
    match value {
        Value::Win(_) => Ordering::Greater,
        Value::Draw(_) => Ordering::Equal,
        Value::Loss(_) => Ordering::Less,
    }
}

fn check(kind: SearchKind, search: impl Fn(&Board) -> i32) -> SearchCheck {
    let result = check_every_position(kind, search);
    super::classroom::record(kind.check_name(), result.is_right());
    result
}

fn check_every_position(kind: SearchKind, search: impl Fn(&Board) -> i32) -> SearchCheck {
    let positions = positions_small_first();
    let mut subtree_sizes = vec![None; 19_683];
    let mut result = SearchCheck {
        kind,
        checked: 0,
        total: positions.len(),
        mistake: None,
        visited: 0,
        visited_from_empty: None,
        crate_minimax: 0,
        crate_alpha_beta: 0,
        stopped_for_size: false,
    };
    for board in positions {
        if result.visited > MAX_BOARDS {
            result.stopped_for_size = true;
            break;
        }
        let before = boards_made();
        let answer = learner::run(|| search(&board));
        let visited = boards_made().wrapping_sub(before) + 1;
        result.visited += visited;
        if board == Board::new() {
            result.visited_from_empty = Some(visited);
        }
        result.crate_minimax += minimax_positions(board, &mut subtree_sizes);
        result.crate_alpha_beta += alpha_beta(board).positions;
        let right = board.value();
        let seen_by_mover = kind.seen_by(board) == board.turn();
        match answer {
            Err(message) => {
                result.mistake = Some(Mistake::Panicked { board, message });
                break;
            }
            Ok(answer) => {
                let theirs = if seen_by_mover {
                    sign(answer)
                } else {
                    sign(answer).reverse()
                };
                if theirs != value_sign(right) {
                    result.mistake = Some(Mistake::WrongValue {
                        board,
                        answer,
                        right,
                    });
                    break;
                }
            }
        }
        result.checked += 1;
    }
    result
}

/// The positions plain minimax visits from `board`: the board and every position below it, as
/// often as a path leads there. `sizes` keeps the counts by board code, so that the crate's
/// figure for every position of the game costs one walk of the 5,478 positions.
fn minimax_positions(board: Board, sizes: &mut [Option<u64>]) -> u64 {
    let code = usize::from(board.code());
    if let Some(Some(size)) = sizes.get(code) {
        return *size;
    }
    let mut size = 1;
    if !board.is_over() {
        for square in board.empty_squares() {
            if let Ok(child) = board.try_play(square) {
                size += minimax_positions(child, sizes);
            }
        }
    }
    if let Some(slot) = sizes.get_mut(code) {
        *slot = Some(size);
    }
    size
}

impl SearchCheck {
    /// Whether the search gave the right value on every position.
    pub fn is_right(&self) -> bool {
        self.mistake.is_none() && !self.stopped_for_size && self.checked == self.total
    }

    /// Positions asked about: those found right, and the one found wrong.
    fn asked(&self) -> usize {
        self.checked + usize::from(self.mistake.is_some())
    }

    /// Positions checked and found right.
    pub fn checked(&self) -> usize {
        self.checked
    }

    /// The first position where the search went wrong.
    pub fn mistake(&self) -> Option<&Mistake> {
        self.mistake.as_ref()
    }

    /// Positions the learner's search visited over the positions it was asked about (those
    /// found right, and the one found wrong): every board it made, and each position asked.
    pub fn positions_visited(&self) -> u64 {
        self.visited
    }

    /// Positions the learner's search visited for the empty board, once that was checked.
    pub fn positions_visited_from_empty(&self) -> Option<u64> {
        self.visited_from_empty
    }

    /// Positions the crate's plain minimax visits over the same positions (those found right,
    /// and the one found wrong).
    pub fn positions_crate_minimax(&self) -> u64 {
        self.crate_minimax
    }

    /// Positions the crate's alpha-beta visits over the same positions.
    pub fn positions_crate_alpha_beta(&self) -> u64 {
        self.crate_alpha_beta
    }

    /// The value the learner's search should have given on `board`: 1, 0 or -1, seen by its
    /// kind's side.
    fn right_answer(&self, board: Board, right: Value) -> i32 {
        let for_mover = match value_sign(right) {
            Ordering::Greater => 1,
            Ordering::Equal => 0,
            Ordering::Less => -1,
        };
        if self.kind.seen_by(board) == board.turn() {
            for_mover
        } else {
            -for_mover
        }
    }

    /// What the learner's answer means, in words.
    fn meaning(&self, board: Board, answer: i32) -> String {
        let seen_by = self.kind.seen_by(board);
        match sign(answer) {
            Ordering::Greater => format!("{seen_by} wins"),
            Ordering::Less => format!("{} wins", !seen_by),
            Ordering::Equal => "a draw".to_owned(),
        }
    }

    /// The verdict in a sentence.
    fn verdict(&self) -> String {
        let name = self.kind.name();
        match &self.mistake {
            Some(Mistake::WrongValue {
                board,
                answer,
                right,
            }) => {
                let right = self.right_answer(*board, *right);
                format!(
                    "Your {name} is right on {} positions, but on this one it says {answer} ({}); the right value is {right} ({}).",
                    thousands(self.checked as u64),
                    self.meaning(*board, *answer),
                    self.meaning(*board, right),
                )
            }
            Some(Mistake::Panicked { message, .. }) => format!(
                "Your {name} is right on {} positions, but on this one it panicked: {message}.",
                thousands(self.checked as u64)
            ),
            None if self.stopped_for_size => format!(
                "Your {name} was right on {} positions, but it had made more than {} boards, so the check stopped: look for work it repeats.",
                thousands(self.checked as u64),
                thousands(MAX_BOARDS)
            ),
            None => format!(
                "Your {name} gives the right value on all {} positions of the game.",
                thousands(self.total as u64)
            ),
        }
    }
}

impl Picture for SearchCheck {
    /// The verdict in green or red, the position it went wrong on, and the positions visited
    /// beside the crate's.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = verdict_box(scale, (self.is_right(), RIGHT, NOT_YET), &self.verdict());
        let board = match &self.mistake {
            Some(Mistake::WrongValue { board, .. } | Mistake::Panicked { board, .. }) => {
                Some(*board)
            }
            None => None,
        };
        if let Some(board) = board {
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
        let mut counts = plain_table()
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
        counts = counts.child(
            tr().child(cell(scale).text(&format!(
                "over the {} positions asked",
                thousands(self.asked() as u64)
            )))
            .child(number(self.visited))
            .child(number(self.crate_minimax))
            .child(number(self.crate_alpha_beta)),
        );
        if let Some(from_empty) = self.visited_from_empty {
            counts = counts.child(
                tr().child(cell(scale).text("from the empty board"))
                    .child(number(from_empty))
                    .child(number(minimax(Board::new()).positions))
                    .child(number(alpha_beta(Board::new()).positions)),
            );
        }
        inner.push(counts);
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

impl fmt::Display for SearchCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            if self.is_right() {
                "Right!"
            } else {
                "Not yet."
            },
            self.verdict()
        )?;
        if let Some(Mistake::WrongValue { board, .. } | Mistake::Panicked { board, .. }) =
            &self.mistake
        {
            write!(f, "\n{board:#}")?;
        }
        write!(
            f,
            "\nPositions visited: yours {}, the crate's minimax {}, alpha-beta {}.",
            thousands(self.visited),
            thousands(self.crate_minimax),
            thousands(self.crate_alpha_beta)
        )
    }
}

notebook_pictures!(SearchCheck);
