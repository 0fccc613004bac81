//! A game whose positions are large but whose moves are quick: Connect Four with 10 KB of notes
//! carried in every position, as a learner's position might carry a history or a picture. A
//! search that keeps every position it meets grows its memory ten thousand bytes a position.

use magic_tictactoe::prelude::*;

/// Connect Four on 7 by 6 with `bytes` of notes in each position.
#[derive(Clone, Debug)]
pub struct Padded {
    pub game: ConnectFour,
    pub bytes: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Noted {
    pub grid: Grid,
    pub notes: Vec<u8>,
}

impl Padded {
    pub fn new(bytes: usize) -> Padded {
        Padded {
            game: ConnectFour::new(7, 6).expect("a size Connect Four allows"),
            bytes,
        }
    }
}

impl TwoPlayerGame for Padded {
    type Position = Noted;
    type Move = usize;

    fn start(&self) -> Noted {
        Noted {
            grid: self.game.start(),
            notes: vec![0; self.bytes],
        }
    }

    fn to_move(&self, position: &Noted) -> Player {
        self.game.to_move(&position.grid)
    }

    fn moves(&self, position: &Noted) -> Vec<usize> {
        self.game.moves(&position.grid)
    }

    fn play(&self, position: &Noted, column: usize) -> Noted {
        let mut notes = position.notes.clone();
        if let Some(first) = notes.first_mut() {
            *first = first.wrapping_add(1);
        }
        Noted {
            grid: self.game.play(&position.grid, column),
            notes,
        }
    }

    fn ending(&self, position: &Noted) -> Option<Ending> {
        self.game.ending(&position.grid)
    }
}

impl ShowGame for Padded {
    fn position_text(&self, position: &Noted) -> String {
        self.game.position_text(&position.grid)
    }
}
