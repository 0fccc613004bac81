//! Speed and size of the engine. Run with `cargo bench --bench engine`.
//!
//! A plain harness with no dependencies: each measurement runs a closure in batches, reports
//! the median time per call over the batches, and asserts what the closure computed, so a
//! fast wrong answer cannot pass for a fast right one.

use std::hint::black_box;
use std::time::{Duration, Instant};

use magic_tictactoe::clickable::ClickableGame;
use magic_tictactoe::solver::{self, Table};
use magic_tictactoe::{Board, Level, Opponent, Player, magic, stats};

/// Median seconds per call of `f`, over `batches` batches of `per_batch` calls.
fn median_per_call(batches: usize, per_batch: usize, mut f: impl FnMut()) -> Duration {
    let mut samples: Vec<Duration> = (0..batches)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..per_batch {
                f();
            }
            start.elapsed() / per_batch as u32
        })
        .collect();
    samples.sort();
    samples[samples.len() / 2]
}

fn report(name: &str, median: Duration, budget: Duration) {
    let verdict = if median <= budget { "within" } else { "OVER" };
    println!("{name:<44} median {median:>12.3?}   budget {budget:>9.3?}   {verdict}");
}

fn main() {
    // `cargo test --benches` runs this file too; do only the checks then, quickly.
    let quick = std::env::args().any(|a| a == "--test" || a == "--quick");
    let (batches, scale) = if quick { (3, 1) } else { (31, 10) };

    // The complete table.
    let table = Table::build();
    assert_eq!(table.positions(), 5_478);
    assert!(table.size_in_bytes() <= 64 * 1024);
    let build = median_per_call(batches, scale * 5, || {
        let t = Table::build();
        assert_eq!(black_box(&t).positions(), 5_478);
    });
    report("complete table, built", build, Duration::from_micros(500));
    println!(
        "{:<44} {} bytes ({:.1} KiB), budget 64 KiB",
        "complete table, size",
        table.size_in_bytes(),
        table.size_in_bytes() as f64 / 1024.0
    );

    // A perfect move read from the table, over every position in play.
    let in_play: Vec<Board> = stats::reachable_positions()
        .into_iter()
        .filter(|b| !b.is_over())
        .collect();
    assert_eq!(in_play.len(), 4_520);
    let shared = Table::shared();
    let mut perfect = Opponent::new(Level::Perfect, 1);
    let mut i = 0;
    let read = median_per_call(batches, scale * 100_000, || {
        let board = in_play[i % in_play.len()];
        i += 1;
        let square = perfect.choose_move(black_box(board));
        debug_assert!(square.is_some_and(|s| shared.best_moves(board).contains(s)));
        black_box(square);
    });
    for &board in &in_play {
        let square = perfect.choose_move(board).expect("a move in play");
        assert!(shared.best_moves(board).contains(square));
    }
    report(
        "perfect move read from the table",
        read,
        Duration::from_nanos(20),
    );

    // The magic-sum win test on a board: whether the player who moved last has a line,
    // over every reachable position.
    let all = stats::reachable_positions();
    let won = all
        .iter()
        .filter(|b| b.outcome().winner().is_some())
        .count();
    assert_eq!(won, 626 + 316);
    let mut j = 0;
    let win_test = median_per_call(batches, scale * 100_000, || {
        let board = black_box(all[j % all.len()]);
        j += 1;
        black_box(magic::winning_line(board.squares(!board.turn())));
    });
    report(
        "win test on a board (magic sums, itertools)",
        win_test,
        Duration::from_nanos(50),
    );
    let mut m = 0;
    let memoised = median_per_call(batches, scale * 100_000, || {
        let board = black_box(all[m % all.len()]);
        m += 1;
        black_box(magic::has_won(board.squares(!board.turn())));
    });
    report(
        "win test on a board (memoised magic sums)",
        memoised,
        Duration::from_nanos(50),
    );
    let mut k = 0;
    let outcome = median_per_call(batches, scale * 100_000, || {
        let board = black_box(all[k % all.len()]);
        k += 1;
        black_box(board.outcome());
    });
    report(
        "outcome of a board (win test + winning line)",
        outcome,
        Duration::from_nanos(50),
    );

    // Plain minimax from the empty board.
    let search = solver::minimax(Board::new());
    assert_eq!(search.positions, 549_946);
    let minimax = median_per_call(batches.min(11), 1, || {
        let search = solver::minimax(black_box(Board::new()));
        assert_eq!(search.positions, 549_946);
    });
    report(
        "plain minimax from the empty board",
        minimax,
        Duration::from_millis(30),
    );

    let alpha_beta = median_per_call(batches.min(11), scale, || {
        black_box(solver::alpha_beta(black_box(Board::new())));
    });
    println!(
        "{:<44} median {alpha_beta:>12.3?}   ({} positions)",
        "alpha-beta from the empty board",
        solver::alpha_beta(Board::new()).positions
    );

    // The clickable board's output, for every level and side: at most 64 KiB each.
    for (name, level) in Level::NAMED {
        for you in Player::ALL {
            let game = ClickableGame::new(level).playing_as(you);
            let bytes = game.to_html().len();
            assert!(bytes <= 64 * 1024, "{name} as {you}: {bytes} bytes");
            println!(
                "{:<44} {bytes:>6} bytes ({:.1} KiB), {} positions in its table",
                format!("clickable board, {name}, learner plays {you}"),
                bytes as f64 / 1024.0,
                game.table().len()
            );
        }
    }
}
