//! How much stack one move deep costs the crate's searches, at the notebooks' opt-level (run
//! with `cargo run --example stack_depth`, which builds as the notebooks build), and whether
//! each search comes through at the deepest its limit lets it go on a game with large positions.
//!
//! A search goes down one move at a time on the machine's stack (8 MB for a notebook cell), so
//! the crate lets it go only as deep as `engine::budget::max_depth` says for the game's
//! positions. This measures the bytes each level takes (the address of a local in the game's
//! `moves`, level after level) and then runs every search on a chain of moves as long as the
//! limit allows, with positions of 4 KB and 16 KB: it must come back, not overflow the stack.

use magic_tictactoe::engine::budget::max_depth;
use magic_tictactoe::engine::perft::perft_for;
use magic_tictactoe::engine::solve::{SolvedGame, move_values, search_ahead, solve};
use magic_tictactoe::{Ending, Player, TwoPlayerGame};
use std::cell::RefCell;
use std::hint::black_box;

/// A chain of `length` moves (one each turn), whose positions carry `N` bytes: the deepest game
/// for its size. `moves` notes the stack's depth as it goes.
struct Chain<const N: usize> {
    length: u32,
    stack: RefCell<Vec<(u32, usize)>>,
}

impl<const N: usize> Chain<N> {
    fn new(length: u32) -> Chain<N> {
        Chain {
            length,
            stack: RefCell::new(Vec::new()),
        }
    }

    /// The stack's bytes per move deep: the addresses noted at depth 10 and at the deepest.
    fn bytes_per_move(&self) -> usize {
        let noted = self.stack.borrow();
        let at = |depth: u32| {
            noted
                .iter()
                .filter(|(d, _)| *d == depth)
                .map(|&(_, address)| address)
                .min()
        };
        let deepest = noted.iter().map(|(d, _)| *d).max().unwrap_or(0);
        match (at(10), at(deepest)) {
            (Some(high), Some(low)) if deepest > 10 => (high - low) / (deepest - 10) as usize,
            _ => 0,
        }
    }
}

impl<const N: usize> TwoPlayerGame for Chain<N> {
    type Position = ([u8; N], u32);
    type Move = u8;

    fn start(&self) -> ([u8; N], u32) {
        ([0; N], 0)
    }
    fn to_move(&self, position: &([u8; N], u32)) -> Player {
        if position.1.is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        }
    }
    fn moves(&self, position: &([u8; N], u32)) -> Vec<u8> {
        let marker = 0u8;
        let address = std::ptr::addr_of!(marker) as usize;
        self.stack
            .borrow_mut()
            .push((position.1, black_box(address)));
        if position.1 < self.length {
            vec![1]
        } else {
            vec![]
        }
    }
    fn play(&self, position: &([u8; N], u32), _: u8) -> ([u8; N], u32) {
        let mut next = position.0;
        if N > 0 {
            next[(position.1 as usize) % N] ^= 1;
        }
        (next, position.1 + 1)
    }
    fn ending(&self, position: &([u8; N], u32)) -> Option<Ending> {
        (position.1 >= self.length).then_some(Ending::Drawn)
    }
}

fn measure<const N: usize>() {
    let limit = max_depth::<([u8; N], u32)>();
    let probe = 60.min(limit.saturating_sub(1));
    println!(
        "positions of {N} bytes: the searches may go {limit} moves deep ({} KB of stack at the estimate's cost)",
        limit as usize * (N * 16 + 1_000) / 1024
    );
    let report = |what: &str, game: &Chain<N>| {
        println!(
            "  {what:<16} {:>7} bytes a move deep",
            game.bytes_per_move()
        );
    };
    let game = Chain::<N>::new(probe);
    let _ = solve(&game, &game.start());
    report("solve", &game);
    let game = Chain::<N>::new(probe);
    let _ = SolvedGame::new(&game, &game.start());
    report("SolvedGame::new", &game);
    let game = Chain::<N>::new(probe);
    let _ = search_ahead(&game, &game.start(), probe + 1, |_, _| 0);
    report("search_ahead", &game);
    let game = Chain::<N>::new(probe);
    let _ = perft_for(&game, &game.start(), probe + 1);
    report("perft", &game);
    // As deep as the limit lets them go, and one move further (which they refuse).
    for length in [limit.saturating_sub(2), limit + 5] {
        let game = Chain::<N>::new(length);
        let start = game.start();
        let answers = [
            solve(&game, &start).is_ok(),
            SolvedGame::new(&game, &start).is_ok(),
            search_ahead(&game, &start, length + 1, |_, _| 0).is_ok(),
            perft_for(&game, &start, length + 1).is_ok(),
            move_values(&game, &start).is_ok(),
        ];
        println!(
            "  a chain of {length} moves: answered (solve, SolvedGame, search_ahead, perft, move_values) {answers:?}"
        );
    }
}

fn main() {
    println!("compiled with debug assertions: {}", cfg!(debug_assertions));
    measure::<0>();
    measure::<1024>();
    measure::<4096>();
    measure::<16384>();
}
