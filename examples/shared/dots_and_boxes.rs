//! Dots and Boxes of any size, written the way a student of a game-AI course writes it from
//! the crate's docs: every line and box kept in a `Vec`, a move that clones the position and
//! counts the closed boxes again from scratch, and whoever closes a box draws another line. On
//! 30 by 30 boxes a position is about 3 KB and a move costs thousands of steps; on 100 by 100,
//! 30 KB and tens of thousands: the costly game the crate's limits must hold against.

use magic_tictactoe::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct DotsAndBoxes {
    pub columns: usize,
    pub rows: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lines {
    /// The horizontal lines row by row (`rows + 1` rows of `columns`), then the vertical ones
    /// (`rows` rows of `columns + 1`).
    pub drawn: Vec<bool>,
    /// Who closed each box, row by row.
    pub boxes: Vec<Option<Player>>,
    pub to_move: Player,
}

impl DotsAndBoxes {
    pub fn new(columns: usize, rows: usize) -> DotsAndBoxes {
        DotsAndBoxes { columns, rows }
    }

    fn horizontal(&self) -> usize {
        (self.rows + 1) * self.columns
    }

    fn lines(&self) -> usize {
        self.horizontal() + self.rows * (self.columns + 1)
    }

    /// The four lines around the box in `row`, `column`: top, bottom, left, right.
    fn sides(&self, row: usize, column: usize) -> [usize; 4] {
        let top = row * self.columns + column;
        let left = self.horizontal() + row * (self.columns + 1) + column;
        [top, top + self.columns, left, left + 1]
    }

    fn closed(&self, drawn: &[bool]) -> Vec<bool> {
        let mut closed = Vec::new();
        for row in 0..self.rows {
            for column in 0..self.columns {
                closed.push(self.sides(row, column).iter().all(|&line| drawn[line]));
            }
        }
        closed
    }

    pub fn boxes_of(&self, position: &Lines, player: Player) -> i32 {
        position
            .boxes
            .iter()
            .filter(|owner| **owner == Some(player))
            .count() as i32
    }
}

impl TwoPlayerGame for DotsAndBoxes {
    type Position = Lines;
    type Move = usize;

    fn start(&self) -> Lines {
        Lines {
            drawn: vec![false; self.lines()],
            boxes: vec![None; self.rows * self.columns],
            to_move: Player::X,
        }
    }

    fn to_move(&self, position: &Lines) -> Player {
        position.to_move
    }

    fn moves(&self, position: &Lines) -> Vec<usize> {
        (0..position.drawn.len())
            .filter(|&line| !position.drawn[line])
            .collect()
    }

    fn play(&self, position: &Lines, line: usize) -> Lines {
        let mut next = position.clone();
        next.drawn[line] = true;
        let before = self.closed(&position.drawn);
        let after = self.closed(&next.drawn);
        let mut gained = false;
        for (index, (was, is)) in before.iter().zip(&after).enumerate() {
            if *is && !*was {
                next.boxes[index] = Some(position.to_move);
                gained = true;
            }
        }
        if !gained {
            next.to_move = !position.to_move;
        }
        next
    }

    fn ending(&self, position: &Lines) -> Option<Ending> {
        if position.drawn.iter().any(|drawn| !drawn) {
            return None;
        }
        let x = self.boxes_of(position, Player::X);
        let o = self.boxes_of(position, Player::O);
        Some(match x.cmp(&o) {
            std::cmp::Ordering::Greater => Ending::Won(Player::X),
            std::cmp::Ordering::Less => Ending::Won(Player::O),
            std::cmp::Ordering::Equal => Ending::Drawn,
        })
    }
}

impl ShowGame for DotsAndBoxes {
    fn position_text(&self, position: &Lines) -> String {
        let drawn = position.drawn.iter().filter(|drawn| **drawn).count();
        format!(
            "{drawn} of {} lines drawn, boxes X {} O {}",
            position.drawn.len(),
            self.boxes_of(position, Player::X),
            self.boxes_of(position, Player::O)
        )
    }
}
