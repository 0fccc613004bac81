//! Which Connect Four boards can be solved in a notebook cell: `cargo run --example
//! connect_four_sizes` (compiled as the notebooks compile: no optimisation). For each size, the
//! value of the empty board for the first player by the crate's alpha-beta through the
//! TwoPlayerGame trait, the positions it visited and the time, or the refusal at the limit.

use std::time::Instant;

use magic_tictactoe::TwoPlayerGame;
use magic_tictactoe::engine::solve::{MAX_SOLVE_MOVES, solve};
use magic_tictactoe::games::ConnectFour;

fn main() {
    println!("compiled with debug assertions: {}", cfg!(debug_assertions));
    println!("limit: {MAX_SOLVE_MOVES} moves looked at a call");
    for (columns, rows) in [
        (4, 4),
        (5, 4),
        (4, 5),
        (6, 4),
        (5, 5),
        (4, 6),
        (7, 4),
        (6, 5),
    ] {
        let game = ConnectFour::new(columns, rows).expect("a size");
        let start = Instant::now();
        let found = solve(&game, &game.start());
        let elapsed = start.elapsed().as_secs_f64();
        match found {
            Ok(search) => println!(
                "{columns} by {rows}: {:?} for the first player, {} positions, {elapsed:.2} s",
                search.value, search.positions
            ),
            Err(refusal) => {
                println!("{columns} by {rows}: refused after {elapsed:.2} s ({refusal})")
            }
        }
    }
}
