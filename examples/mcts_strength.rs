//! How well Monte Carlo tree search plays tic-tac-toe, measured against the solved game:
//! `cargo run --release --example mcts_strength`.
//!
//! - How often its move is a perfect move (one that keeps the position's value under perfect
//!   play: a win stays a win, a draw a draw), on all 4,520 positions in play, as the budget of
//!   playouts grows, and for several exploration constants.
//! - How it does against each of the crate's levels, as its budget grows (100 games each way).

use magic_tictactoe::TicTacToe;
use magic_tictactoe::engine::mcts::{DEFAULT_EXPLORATION, Mcts};
use magic_tictactoe::prelude::*;
use magic_tictactoe::stats;

/// The share of the positions in play where the search's move keeps the position's value.
fn perfect_rate(playouts: u32, exploration: f64) -> f64 {
    let game = TicTacToe::default();
    let in_play: Vec<Board> = stats::reachable_positions()
        .into_iter()
        .filter(|board| !board.is_over())
        .collect();
    assert_eq!(in_play.len(), 4_520);
    let search = Mcts::new(playouts)
        .expect("within the limit")
        .exploration(exploration);
    let perfect = in_play
        .iter()
        .enumerate()
        .filter(|&(i, board)| {
            let tree = search.seed(i as u64).search(&game, board);
            let square = tree.best_move().expect("a game in play has a move");
            keeps_value(*board, square)
        })
        .count();
    perfect as f64 / in_play.len() as f64
}

fn keeps_value(board: Board, square: Square) -> bool {
    let analysis = board.analysis();
    let (Some(best), Some(chosen)) = (analysis.value(), analysis.value_of(square)) else {
        return false;
    };
    (best.is_win(), best.is_draw()) == (chosen.is_win(), chosen.is_draw())
}

fn main() {
    println!("Perfect moves on the 4,520 positions in play, exploration √2:");
    println!("{:>10} {:>10}", "playouts", "perfect");
    for playouts in [1, 10, 30, 100, 300, 1_000, 3_000, 10_000] {
        let rate = perfect_rate(playouts, DEFAULT_EXPLORATION);
        println!("{playouts:>10} {:>9.1}%", rate * 100.0);
    }
    println!();
    println!("The exploration constant, at 100 and 1,000 playouts:");
    println!("{:>10} {:>10} {:>10}", "constant", "100", "1,000");
    for c in [0.0, 0.25, 0.5, 1.0, DEFAULT_EXPLORATION, 2.0, 4.0] {
        println!(
            "{c:>10.2} {:>9.1}% {:>9.1}%",
            perfect_rate(100, c) * 100.0,
            perfect_rate(1_000, c) * 100.0
        );
    }
    println!();
    println!("Against the levels, 100 games as X and 100 as O (wins-draws-losses for MCTS):");
    print!("{:>10}", "playouts");
    for level in Level::ALL {
        print!(" {:>16}", level.name());
    }
    println!();
    for playouts in [10, 100, 1_000, 10_000] {
        print!("{playouts:>10}");
        for level in Level::ALL {
            let (mut wins, mut draws, mut losses) = (0, 0, 0);
            for game in 0..200u64 {
                let search = Mcts::new(playouts).expect("within the limit").seed(game);
                let mut other = Opponent::new(level, game + 1_000);
                let mcts_plays = if game % 2 == 0 { Player::X } else { Player::O };
                let mut board = Board::new();
                let mut moves = 0;
                while !board.is_over() {
                    let square = if board.turn() == mcts_plays {
                        moves += 1;
                        search
                            .seed(game * 10 + moves)
                            .search(&TicTacToe::default(), &board)
                            .best_move()
                    } else {
                        other.choose_move(board)
                    };
                    let square = square.expect("a game in play has a move");
                    board = board.try_play(square).expect("a legal move");
                }
                match board.winner() {
                    Some(winner) if winner == mcts_plays => wins += 1,
                    Some(_) => losses += 1,
                    None => draws += 1,
                }
            }
            print!(" {:>16}", format!("{wins}-{draws}-{losses}"));
        }
        println!();
    }
}
