//! Reference material the tests compare the crate against: the eight lines written out by hand,
//! and every grid of nine cells.
#![allow(dead_code)]

use magic_tictactoe::{Board, Reason, Square, SquareSet, magic};

/// The eight lines as keypad digits: the plain table the magic-square win test must agree with.
pub const LINES: [[u8; 3]; 8] = [
    [1, 2, 3],
    [4, 5, 6],
    [7, 8, 9],
    [1, 4, 7],
    [2, 5, 8],
    [3, 6, 9],
    [1, 5, 9],
    [3, 5, 7],
];

pub fn square(digit: u8) -> Square {
    Square::ALL[usize::from(digit) - 1]
}

pub fn line_set(line: [u8; 3]) -> SquareSet {
    line.into_iter().map(square).collect()
}

/// Whether `held` contains one of the eight reference lines.
pub fn has_line_by_table(held: SquareSet) -> bool {
    LINES.iter().any(|&line| {
        let line = line_set(line);
        held.intersection(line) == line
    })
}

/// A grid: any filling of the nine cells with X, O or nothing, unchecked.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    pub x: SquareSet,
    pub o: SquareSet,
}

impl Grid {
    /// Cell `i` is digit `i` of `code` in base 3: 0 empty, 1 X, 2 O.
    pub fn from_code(code: u32) -> Grid {
        let (mut x, mut o, mut rest) = (SquareSet::EMPTY, SquareSet::EMPTY, code);
        for s in Square::ALL {
            match rest % 3 {
                1 => x.insert(s),
                2 => o.insert(s),
                _ => {}
            }
            rest /= 3;
        }
        Grid { x, o }
    }

    /// The text form with slashes, as the crate's parser reads it.
    pub fn text(self) -> String {
        let mut text = String::new();
        for s in Square::ALL {
            if s.column() == 0 && s.row() > 0 {
                text.push('/');
            }
            text.push(if self.x.contains(s) {
                'X'
            } else if self.o.contains(s) {
                'O'
            } else {
                '.'
            });
        }
        text
    }

    /// The rules from FACTS.md, written independently of the crate: marks alternate with X
    /// first, not both have a line, an X line means X moved last, an O line means O moved last.
    pub fn follows_simple_rules(self) -> bool {
        let (xs, os) = (self.x.len(), self.o.len());
        let (xl, ol) = (has_line_by_table(self.x), has_line_by_table(self.o));
        (xs == os || xs == os + 1) && !(xl && ol) && (!xl || xs == os + 1) && (!ol || xs == os)
    }
}

/// All 3^9 = 19,683 grids.
pub fn all_grids() -> impl Iterator<Item = Grid> {
    (0..19_683).map(Grid::from_code)
}

/// The rules player's checklist written out step by step: the squares the first rule that
/// applies allows, and that rule; `None` once the game is over.
pub fn rules_checklist(board: Board) -> Option<(SquareSet, Reason)> {
    let me = board.to_move()?;
    let free = board.empty_squares();
    let corners: SquareSet = Square::CORNERS.into_iter().collect();
    let wins = magic::winning_squares(board.squares(me), free);
    let blocks = magic::winning_squares(board.squares(!me), free);
    Some(if !wins.is_empty() {
        (wins, Reason::Win)
    } else if !blocks.is_empty() {
        (blocks, Reason::Block)
    } else if free.contains(Square::Centre) {
        (SquareSet::from_square(Square::Centre), Reason::Centre)
    } else if !free.intersection(corners).is_empty() {
        (free.intersection(corners), Reason::Corner)
    } else {
        (free, Reason::Edge)
    })
}

/// Notebook 08's players and evaluation, as a learner writes them, for the tests that play them.
pub mod learners {
    use magic_tictactoe::{Board, Player, Square, magic};

    /// Win, else block: what every player of 08's challenge starts with.
    pub fn win_or_block(board: &Board) -> Option<Square> {
        let me = board.turn();
        board
            .winning_moves(me)
            .first()
            .or(board.winning_moves(!me).first())
    }

    /// 08's `careful`: win, else block, else the centre, else the first free square.
    pub fn careful(board: &Board) -> Option<Square> {
        if let Some(square) = win_or_block(board) {
            return Some(square);
        }
        if board.is_free(5) {
            return Some(Square::Centre);
        }
        board.empty_squares().first()
    }

    /// 08's evaluation: the lines still open to `player`, minus those open to the other side.
    pub fn open_lines(board: &Board, player: Player) -> i32 {
        let mut score = 0;
        for line in magic::lines() {
            let squares = line.square_set();
            if squares.intersection(board.squares(!player)).is_empty() {
                score += 1;
            }
            if squares.intersection(board.squares(player)).is_empty() {
                score -= 1;
            }
        }
        score
    }
}
