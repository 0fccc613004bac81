//! Five in a row on a 19 by 19 board, written the way a student writes it: the board a
//! `Vec` of rows, and the ending found by looking along every line from every point after each
//! move. The crate's own `KInARow` stops at 8 by 8; a learner's game does not.

use magic_tictactoe::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct Gomoku {
    pub size: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stones {
    pub rows: Vec<Vec<Option<Player>>>,
    pub to_move: Player,
}

impl Gomoku {
    fn five_of(&self, stones: &Stones) -> Option<Player> {
        let size = self.size as i64;
        let at = |row: i64, column: i64| {
            if row < 0 || column < 0 || row >= size || column >= size {
                None
            } else {
                stones.rows[row as usize][column as usize]
            }
        };
        for row in 0..size {
            for column in 0..size {
                let Some(player) = at(row, column) else {
                    continue;
                };
                for (down, across) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    if (1..5)
                        .all(|step| at(row + down * step, column + across * step) == Some(player))
                    {
                        return Some(player);
                    }
                }
            }
        }
        None
    }
}

impl TwoPlayerGame for Gomoku {
    type Position = Stones;
    type Move = (usize, usize);

    fn start(&self) -> Stones {
        Stones {
            rows: vec![vec![None; self.size]; self.size],
            to_move: Player::X,
        }
    }

    fn to_move(&self, stones: &Stones) -> Player {
        stones.to_move
    }

    fn moves(&self, stones: &Stones) -> Vec<(usize, usize)> {
        let mut free = Vec::new();
        for (row, points) in stones.rows.iter().enumerate() {
            for (column, point) in points.iter().enumerate() {
                if point.is_none() {
                    free.push((row, column));
                }
            }
        }
        free
    }

    fn play(&self, stones: &Stones, (row, column): (usize, usize)) -> Stones {
        let mut next = stones.clone();
        next.rows[row][column] = Some(stones.to_move);
        next.to_move = !stones.to_move;
        next
    }

    fn ending(&self, stones: &Stones) -> Option<Ending> {
        if let Some(winner) = self.five_of(stones) {
            return Some(Ending::Won(winner));
        }
        if stones.rows.iter().flatten().all(Option::is_some) {
            return Some(Ending::Drawn);
        }
        None
    }
}

impl ShowGame for Gomoku {
    fn position_text(&self, stones: &Stones) -> String {
        let placed = stones
            .rows
            .iter()
            .flatten()
            .filter(|point| point.is_some())
            .count();
        format!("{placed} stones placed")
    }
}
