//! Speed and size of the engine, and the same figures for the strongest Rust peers, measured
//! side by side in one run. Run with `cargo bench --bench engine`.
//!
//! A plain harness: each measurement runs a closure in batches and reports the median time per
//! call over the batches, and asserts what the closure computed, so that a fast wrong answer
//! cannot pass for a fast right one. "Nothing prebuilt" figures are the first question asked
//! in a fresh process: the bench runs itself again as a child for each sample.

use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

use magic_tictactoe::clickable::ClickableGame;
use magic_tictactoe::engine::mcts::Mcts;
use magic_tictactoe::engine::solve::{solve, solve_minimax};
use magic_tictactoe::solver::{self, MoveOrder, Pruning, Table, TicTacToe};
use magic_tictactoe::{Board, Level, Opponent, Player, Square, SquareSet, magic, stats};

/// A time, kept in nanoseconds so that a lookup's fraction of a nanosecond shows.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct Time(f64);

impl Time {
    fn from_secs(secs: f64) -> Time {
        Time(secs * 1e9)
    }
}

impl std::fmt::Display for Time {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ns = self.0;
        let text = if ns < 1e3 {
            format!("{ns:.1} ns")
        } else if ns < 1e6 {
            format!("{:.1} us", ns / 1e3)
        } else {
            format!("{:.2} ms", ns / 1e6)
        };
        f.pad(&text)
    }
}

/// Median time per call of `f`, over `batches` batches of `per_batch` calls.
fn median_per_call(batches: usize, per_batch: u32, mut f: impl FnMut()) -> Time {
    let mut samples: Vec<f64> = (0..batches)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..per_batch {
                f();
            }
            start.elapsed().as_secs_f64() / f64::from(per_batch)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    Time::from_secs(samples[samples.len() / 2])
}

fn report(name: &str, median: Time, budget: Duration) {
    let budget = Time::from_secs(budget.as_secs_f64());
    let verdict = if median <= budget { "within" } else { "OVER" };
    println!("{name:<48} median {median:>10}   budget {budget:>9}   {verdict}");
}

/// The position the mid-game figures use: X on 1 and 9, O in the centre, X to move.
const MID_GAME: &str = "X../.O./..X";

// ---- The peers, each driven through its own public API. ----

/// A legal order of moves that reaches `board`: found backwards, taking off a mark of the
/// player who moved last while the position before stays legal and in play.
fn move_order(board: Board) -> Vec<Square> {
    fn back(board: Board, moves: &mut Vec<Square>) -> bool {
        if board == Board::new() {
            return true;
        }
        let last = !board.turn();
        for square in board.squares(last) {
            let (mut x, mut o) = (board.squares(Player::X), board.squares(Player::O));
            match last {
                Player::X => x.remove(square),
                Player::O => o.remove(square),
            }
            if let Ok(before) = Board::from_squares(x, o)
                && !before.is_over()
                && back(before, moves)
            {
                moves.push(square);
                return true;
            }
        }
        false
    }
    let mut moves = Vec::new();
    assert!(back(board, &mut moves), "{board} has no move order");
    moves
}

fn ai_position(board: Board) -> ai_tictactoe::Position {
    // ai-tictactoe numbers squares 0 to 8 row by row, as the crate's keypad minus one.
    let moves: Vec<_> = move_order(board).into_iter().map(ai_move).collect();
    ai_tictactoe::Position::from_moves(&moves).expect("a legal position")
}

fn ai_move(square: Square) -> ai_tictactoe::Move {
    ai_tictactoe::Move::new(ai_tictactoe::Square::new(square.index() as u8))
}

fn ai_square(mv: ai_tictactoe::Move) -> Square {
    Square::ALL[mv.square().index()]
}

fn norts_board(board: Board) -> norts::Board {
    // norts numbers squares 0 to 8 row by row too.
    let mut peer = norts::Board::new();
    for square in move_order(board) {
        peer.play(square.index() as i8).expect("a legal move");
    }
    peer
}

/// Cycles through `items` without a division per step (which would cost more than a lookup).
struct Cycle<'a, T> {
    items: &'a [T],
    next: usize,
}

impl<'a, T> Cycle<'a, T> {
    fn new(items: &'a [T]) -> Cycle<'a, T> {
        assert!(!items.is_empty());
        Cycle { items, next: 0 }
    }

    fn next(&mut self) -> &'a T {
        let item = &self.items[self.next];
        self.next += 1;
        if self.next == self.items.len() {
            self.next = 0;
        }
        item
    }
}

/// One "nothing prebuilt" question, asked in this (fresh) process: prints its time in
/// nanoseconds and checks the answer.
fn cold(case: &str) {
    let mid: Board = MID_GAME.parse().expect("a board");
    let start = Instant::now();
    let answer: Square = match case {
        "ours-mid" => black_box(mid).best_moves().first().expect("a move"),
        "ours-empty" => black_box(Board::new())
            .best_moves()
            .first()
            .expect("a move"),
        "norts-mid" => {
            let mut peer = norts_board(mid);
            Square::ALL[peer.best_move().expect("in play") as usize]
        }
        "norts-empty" => Square::ALL[norts::Board::new().best_move().expect("in play") as usize],
        "open_ttt_lib-empty" => {
            let game = open_ttt_lib::game::Game::new();
            let ai = open_ttt_lib::ai::Opponent::new(open_ttt_lib::ai::Difficulty::Unbeatable);
            let p = ai.get_move(&game).expect("in play");
            Square::from_row_column(p.row, p.column).expect("on the board")
        }
        _ => panic!("unknown case {case}"),
    };
    let elapsed = start.elapsed();
    let board = if case.ends_with("mid") {
        mid
    } else {
        Board::new()
    };
    assert!(
        board.best_moves().contains(answer),
        "{case}: {answer} is not a best move"
    );
    println!("{}", elapsed.as_nanos());
}

/// The median of `samples` first questions, each in a fresh child process.
fn cold_median(case: &str, samples: usize) -> Time {
    let exe = std::env::current_exe().expect("the bench's own path");
    let mut times: Vec<f64> = (0..samples)
        .map(|_| {
            let output = Command::new(&exe)
                .env("MTT_COLD", case)
                .output()
                .expect("the bench runs itself");
            assert!(
                output.status.success(),
                "{case}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            let nanos: u64 = String::from_utf8_lossy(&output.stdout)
                .trim()
                .parse()
                .expect("nanoseconds");
            nanos as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    Time(times[times.len() / 2])
}

/// A row of the side-by-side table: our time, the best peer's, and the ratio.
fn versus(figure: &str, ours: Time, peers: &[(&str, Time)]) {
    let (peer, best) = peers
        .iter()
        .copied()
        .min_by(|a, b| a.1.0.total_cmp(&b.1.0))
        .expect("at least one peer");
    let ratio = best.0 / ours.0.max(1e-3);
    let verdict = if ratio > 1.0 { "ahead" } else { "BEHIND" };
    println!("{figure:<48} {ours:>10} {peer:>14} {best:>10}  {ratio:>6.2}x  {verdict}");
}

// ---- The reference for Monte Carlo tree search: a plain UCT, as one would write it. ----

/// A plain UCT for tic-tac-toe in about 70 lines: nodes in one vector, indices for links,
/// bitboards, fastrand playouts, a draw worth half a win. The crate's MCTS is measured as a
/// ratio to it, in the same run.
#[allow(clippy::manual_contains, clippy::needless_range_loop)] // written as one would, plainly
mod plain_uct {
    const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

    fn won(marks: u16) -> bool {
        LINES.iter().any(|&line| marks & line == line)
    }

    struct Node {
        x: u16,
        o: u16,
        square: u8,
        parent: u32,
        first: u32,
        count: u32,
        visits: u32,
        score: f64, // for the player who moved into this node
    }

    /// The square the search plays on the board (x, o) after `playouts` playouts, and the
    /// root's visits.
    pub fn search(x: u16, o: u16, playouts: u32, rng: &mut fastrand::Rng) -> (u8, u32) {
        let node = |x, o, square, parent| Node {
            x,
            o,
            square,
            parent,
            first: 0,
            count: 0,
            visits: 0,
            score: 0.0,
        };
        let mut nodes = vec![node(x, o, 9, 0)];
        for _ in 0..playouts {
            let mut n = 0;
            loop {
                let (x, o) = (nodes[n].x, nodes[n].o);
                if won(x) || won(o) || x | o == 0o777 {
                    break;
                }
                if nodes[n].count == 0 {
                    let first = nodes.len() as u32;
                    let x_to_move = x.count_ones() == o.count_ones();
                    for square in 0..9u8 {
                        if (x | o) >> square & 1 == 0 {
                            let bit = 1 << square;
                            let (cx, co) = if x_to_move {
                                (x | bit, o)
                            } else {
                                (x, o | bit)
                            };
                            nodes.push(node(cx, co, square, n as u32));
                        }
                    }
                    nodes[n].first = first;
                    nodes[n].count = nodes.len() as u32 - first;
                }
                let log = f64::from(nodes[n].visits.max(1)).ln();
                let (first, count) = (nodes[n].first as usize, nodes[n].count as usize);
                let mut best = (first, f64::NEG_INFINITY);
                for c in first..first + count {
                    if nodes[c].visits == 0 {
                        best = (c, f64::INFINITY);
                        break;
                    }
                    let v = f64::from(nodes[c].visits);
                    let ucb = nodes[c].score / v + std::f64::consts::SQRT_2 * (log / v).sqrt();
                    if ucb > best.1 {
                        best = (c, ucb);
                    }
                }
                n = best.0;
                if nodes[n].visits == 0 {
                    break;
                }
            }
            let (mut x, mut o) = (nodes[n].x, nodes[n].o);
            let winner = loop {
                if won(x) {
                    break 1;
                }
                if won(o) {
                    break -1;
                }
                let mut free = !(x | o) & 0o777;
                if free == 0 {
                    break 0;
                }
                for _ in 0..rng.u32(..free.count_ones()) {
                    free &= free - 1;
                }
                let bit = free & free.wrapping_neg();
                if x.count_ones() == o.count_ones() {
                    x |= bit
                } else {
                    o |= bit
                }
            };
            loop {
                let node = &mut nodes[n];
                node.visits += 1;
                let x_moved = node.x.count_ones() > node.o.count_ones();
                node.score += match winner {
                    0 => 0.5,
                    1 if x_moved => 1.0,
                    -1 if !x_moved => 1.0,
                    _ => 0.0,
                };
                if n == 0 {
                    break;
                }
                n = node.parent as usize;
            }
        }
        let root = &nodes[0];
        let children = &nodes[root.first as usize..(root.first + root.count) as usize];
        let best = children
            .iter()
            .rev()
            .max_by_key(|c| c.visits)
            .map_or(9, |c| c.square);
        (best, root.visits)
    }
}

fn main() {
    if let Ok(case) = std::env::var("MTT_COLD") {
        cold(&case);
        return;
    }
    // `cargo test --benches` runs this file too; do only the checks then, quickly.
    let quick = std::env::args().any(|a| a == "--test" || a == "--quick");
    let (batches, scale) = if quick { (3, 1) } else { (31, 10) };

    // ---- The crate's own figures, against its budgets. ----

    let table = Table::build();
    assert_eq!(table.positions(), 5_478);
    let build = median_per_call(batches, scale * 5, || {
        let t = Table::build();
        assert_eq!(black_box(&t).positions(), 5_478);
    });
    report("complete table, built", build, Duration::from_micros(500));
    println!(
        "{:<48} {} bytes ({:.1} KiB), budget 64 KiB",
        "complete table, size",
        table.size_in_bytes(),
        table.size_in_bytes() as f64 / 1024.0
    );
    assert!(table.size_in_bytes() <= 64 * 1024);

    let in_play: Vec<Board> = stats::reachable_positions()
        .into_iter()
        .filter(|b| !b.is_over())
        .collect();
    assert_eq!(in_play.len(), 4_520);
    for &board in &in_play {
        assert_eq!(board.best_moves(), table.best_moves(board));
    }
    let mut i = Cycle::new(&in_play);
    let lookup = median_per_call(batches, scale * 100_000, || {
        let board = *i.next();
        black_box(black_box(board).best_moves());
    });
    report(
        "best moves read from the table",
        lookup,
        Duration::from_nanos(5),
    );
    let mut perfect = Opponent::new(Level::Perfect, 1);
    let mut j = Cycle::new(&in_play);
    let read = median_per_call(batches, scale * 100_000, || {
        let board = *j.next();
        black_box(perfect.choose_move(black_box(board)));
    });
    for &board in &in_play {
        let square = perfect.choose_move(board).expect("a move in play");
        assert!(board.best_moves().contains(square));
    }
    report(
        "perfect move (random among the best)",
        read,
        Duration::from_nanos(20),
    );

    let all = stats::reachable_positions();
    let won = all.iter().filter(|b| b.winner().is_some()).count();
    assert_eq!(won, 626 + 316);
    let mut k = Cycle::new(&all);
    let itertools_test = median_per_call(batches, scale * 100_000, || {
        let board = black_box(*k.next());
        black_box(magic::winning_line(board.squares(!board.turn())));
    });
    report(
        "win test, magic sums with itertools",
        itertools_test,
        Duration::from_nanos(50),
    );
    let mut m = Cycle::new(&all);
    let bitmap_test = median_per_call(batches, scale * 100_000, || {
        let board = black_box(*m.next());
        black_box(magic::has_won(board.squares(!board.turn())));
    });
    report(
        "win test, table made at compile time",
        bitmap_test,
        Duration::from_nanos(5),
    );
    for bits in 0..512 {
        let set = SquareSet::from_bits(bits);
        assert_eq!(magic::has_won(set), magic::winning_line(set).is_some());
    }

    assert_eq!(solver::minimax(Board::new()).positions, 549_946);
    let minimax = median_per_call(batches.min(11), 1, || {
        assert_eq!(solver::minimax(black_box(Board::new())).positions, 549_946);
    });
    report(
        "plain minimax from the empty board",
        minimax,
        Duration::from_millis(30),
    );
    let pruned = solver::alpha_beta(Board::new());
    let alpha_beta = median_per_call(batches.min(11), scale, || {
        black_box(solver::alpha_beta(black_box(Board::new())));
    });
    println!(
        "{:<48} median {alpha_beta:>10}   ({} positions, keypad order)",
        "alpha-beta from the empty board", pruned.positions
    );
    let ordered = TicTacToe {
        order: MoveOrder::CentreCornersEdges,
    };
    let strong = solver::search(&ordered, Board::new(), Pruning::AlphaBeta, &mut ());
    assert_eq!(strong.value, pruned.value);
    let alpha_beta_ordered = median_per_call(batches.min(11), scale, || {
        black_box(solver::search(
            &ordered,
            black_box(Board::new()),
            Pruning::AlphaBeta,
            &mut (),
        ));
    });
    println!(
        "{:<48} median {alpha_beta_ordered:>10}   ({} positions, centre, corners, edges)",
        "alpha-beta from the empty board", strong.positions
    );
    // The same searches through the five answers of `TwoPlayerGame`, as any game is searched:
    // the limits kept, and a learner's panic caught (`engine::solve`).
    let game = TicTacToe::default();
    let through_the_trait = median_per_call(batches.min(11), 1, || {
        let found = solve_minimax(black_box(&game), &Board::new()).expect("within the limits");
        assert_eq!(found.positions, 549_946);
    });
    println!(
        "{:<48} median {through_the_trait:>10}",
        "plain minimax through the TwoPlayerGame trait"
    );
    let through_the_trait = median_per_call(batches.min(11), scale, || {
        black_box(solve(black_box(&game), &Board::new()).expect("within the limits"));
    });
    println!(
        "{:<48} median {through_the_trait:>10}",
        "alpha-beta through the TwoPlayerGame trait"
    );

    for level in Level::ALL {
        for you in Player::ALL {
            let game = ClickableGame::new(level).playing_as(you);
            let bytes = game.to_html().len();
            assert!(bytes <= 64 * 1024, "{level} as {you}: {bytes} bytes");
            println!(
                "{:<48} {bytes:>6} bytes ({:.1} KiB), {} positions in its table",
                format!("clickable board, {level}, learner plays {you}"),
                bytes as f64 / 1024.0,
                game.table().len()
            );
        }
    }

    // ---- The peers, side by side. ----

    println!();
    println!(
        "{:<44} {:>11} {:>14} {:>11}  {:>8}",
        "figure", "this crate", "best peer", "its time", "ratio"
    );

    let ai_table = ai_tictactoe::Tablebase::build();
    assert_eq!(ai_table.reachable_positions(), 5_478);
    let ai_build = median_per_call(batches, scale, || {
        black_box(ai_tictactoe::Tablebase::build());
    });
    versus(
        "full table of 5,478 positions",
        build,
        &[("ai-tictactoe", ai_build)],
    );

    let ai_in_play: Vec<ai_tictactoe::Position> = in_play.iter().map(|&b| ai_position(b)).collect();
    for (board, &position) in in_play.iter().zip(&ai_in_play) {
        let mv = ai_table.best_move(position).expect("in play");
        assert!(board.best_moves().contains(ai_square(mv)), "{board}");
    }
    let mut n = Cycle::new(&ai_in_play);
    let ai_read = median_per_call(batches, scale * 100_000, || {
        let position = *n.next();
        black_box(ai_table.best_move(black_box(position)));
    });
    let mut p = Cycle::new(&in_play);
    let ours_first = median_per_call(batches, scale * 100_000, || {
        let board = *p.next();
        black_box(black_box(board).best_moves().first());
    });
    versus(
        "a best move read from a built table",
        ours_first,
        &[("ai-tictactoe", ai_read)],
    );

    let ai_plain = ai_tictactoe::search(
        ai_tictactoe::Position::default(),
        ai_tictactoe::Algorithm::Plain,
        &ai_table,
    );
    assert!(
        ai_plain
            .best_move
            .is_some_and(|mv| Board::new().best_moves().contains(ai_square(mv)))
    );
    let ai_minimax = median_per_call(batches.min(11), 1, || {
        black_box(ai_tictactoe::search(
            black_box(ai_tictactoe::Position::default()),
            ai_tictactoe::Algorithm::Plain,
            &ai_table,
        ));
    });
    versus(
        "plain minimax from the empty board",
        minimax,
        &[("ai-tictactoe", ai_minimax)],
    );

    let norts_empty = median_per_call(batches.min(11), scale.min(3), || {
        black_box(norts::Board::new().best_move().expect("in play"));
    });
    versus(
        "alpha-beta from the empty board",
        alpha_beta_ordered,
        &[("norts", norts_empty)],
    );

    let norts_boards: Vec<norts::Board> = all.iter().map(|&b| norts_board(b)).collect();
    for (board, peer) in all.iter().zip(&norts_boards) {
        assert_eq!(board.is_over(), !peer.is_in_play(), "{board}");
    }
    let mut q = Cycle::new(&all);
    let ours_over = median_per_call(batches, scale * 100_000, || {
        let board = black_box(*q.next());
        black_box(board.is_over());
    });
    let mut r = Cycle::new(&norts_boards);
    let norts_over = median_per_call(batches, scale * 100_000, || {
        let peer = r.next();
        black_box(black_box(peer).is_in_play());
    });
    let ai_all: Vec<ai_tictactoe::Position> = all.iter().map(|&b| ai_position(b)).collect();
    let mut s = Cycle::new(&ai_all);
    let ai_over = median_per_call(batches, scale * 100_000, || {
        let position = *s.next();
        black_box(black_box(position).result());
    });
    versus(
        "is the game over (win test and full board)",
        ours_over,
        &[("norts", norts_over), ("ai-tictactoe", ai_over)],
    );

    // Monte Carlo tree search: playouts a second, 1,000 playouts a search from the empty
    // board, single thread, the crate's MCTS as a ratio to the plain UCT above.
    let playouts = 1_000;
    let search = Mcts::new(playouts).expect("within the limit");
    let game = TicTacToe::default();
    let tree = search.search(&game, &Board::new());
    assert_eq!(tree.playouts(), playouts);
    let win: Board = "XX./OO./...".parse().expect("a board");
    assert_eq!(
        search.search(&game, &win).best_move(),
        Some(Square::TopRight)
    );
    let mut uct_rng = fastrand::Rng::with_seed(1);
    assert_eq!(plain_uct::search(0o003, 0o030, playouts, &mut uct_rng).0, 2);
    assert_eq!(plain_uct::search(0, 0, playouts, &mut uct_rng).1, playouts);
    let mut seed = 0;
    let ours_mcts = median_per_call(batches, scale * 10, || {
        seed += 1;
        black_box(
            search
                .seed(seed)
                .search(&game, black_box(&Board::new()))
                .best_move(),
        );
    });
    let plain = median_per_call(batches, scale * 10, || {
        black_box(plain_uct::search(0, 0, black_box(playouts), &mut uct_rng));
    });
    versus(
        "MCTS, 1,000 playouts, empty board",
        ours_mcts,
        &[("plain UCT", plain)],
    );
    let per_second = |t: Time| f64::from(playouts) / (t.0 / 1e9);
    println!(
        "(playouts a second: this crate {:.0} thousand, the plain UCT {:.0} thousand)",
        per_second(ours_mcts) / 1e3,
        per_second(plain) / 1e3
    );

    // Nothing prebuilt: every call starts from nothing. For this crate that is `Table::below`,
    // the solve a first question runs (into fresh memory each time); the peers keep nothing.
    let mid: Board = MID_GAME.parse().expect("a board");
    let mut norts_mid_board = norts_board(mid);
    let norts_answer = Square::ALL[norts_mid_board.best_move().expect("in play") as usize];
    assert!(mid.best_moves().contains(norts_answer));
    assert_eq!(Table::below(mid).best_moves(mid), mid.best_moves());
    let ours_mid = median_per_call(batches, scale * 200, || {
        black_box(Table::below(black_box(mid)).best_moves(mid).first());
    });
    // norts plays and takes back its moves while it searches, so one board serves every call.
    let norts_mid = median_per_call(batches, scale * 200, || {
        black_box(
            black_box(&mut norts_mid_board)
                .best_move()
                .expect("in play"),
        );
    });
    versus(
        "best move mid-game, nothing prebuilt",
        ours_mid,
        &[("norts", norts_mid)],
    );
    let open_game = open_ttt_lib::game::Game::new();
    let open_ai = open_ttt_lib::ai::Opponent::new(open_ttt_lib::ai::Difficulty::Unbeatable);
    let opening = open_ai.get_move(&open_game).expect("in play");
    let opening = Square::from_row_column(opening.row, opening.column).expect("on the board");
    assert!(Board::new().best_moves().contains(opening));
    let ours_empty = median_per_call(batches, scale, || {
        black_box(
            Table::below(black_box(Board::new()))
                .best_moves(Board::new())
                .first(),
        );
    });
    let open_empty = median_per_call(batches, scale * 100, || {
        black_box(open_ai.get_move(black_box(&open_game)));
    });
    let norts_empty_move = median_per_call(batches.min(11), scale.min(3), || {
        black_box(norts::Board::new().best_move().expect("in play"));
    });
    versus(
        "best move, empty board, nothing prebuilt",
        ours_empty,
        &[("open_ttt_lib", open_empty), ("norts", norts_empty_move)],
    );
    println!(
        "(open_ttt_lib does not search the empty board: its opening is written into its code)"
    );

    // The same first questions asked in a fresh process, page faults and all.
    let samples = if quick { 3 } else { 31 };
    let cold_ours_mid = cold_median("ours-mid", samples);
    let cold_norts_mid = cold_median("norts-mid", samples);
    versus(
        "first question in a fresh process: mid-game",
        cold_ours_mid,
        &[("norts", cold_norts_mid)],
    );
    let cold_ours_empty = cold_median("ours-empty", samples);
    let cold_open_empty = cold_median("open_ttt_lib-empty", samples);
    let cold_norts_empty = cold_median("norts-empty", samples);
    versus(
        "first question in a fresh process: empty board",
        cold_ours_empty,
        &[
            ("open_ttt_lib", cold_open_empty),
            ("norts", cold_norts_empty),
        ],
    );
    println!("(mid-game position {MID_GAME}; fresh-process figures are medians of {samples})");
}
