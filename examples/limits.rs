//! How long the slowest public calls take at their limits, compiled the way a notebook cell
//! compiles them: `cargo run --example limits` (the dev profile: no optimisation, debug
//! assertions and overflow checks on, as the notebooks' evcxr.toml asks of the kernel).
//!
//! Stopping a long cell kills the kernel and every variable with it, so every call must answer
//! within a second for any
//! argument, and a cell that computes within half a second. Each line checks what the call
//! computed, so a fast wrong answer cannot pass for a fast right one.
//!
//! The second part throws learners' own big games at every call that takes any game (Dots and
//! Boxes on 30 by 30 and 100 by 100 boxes, five in a row on 19 by 19, Connect Four carrying 10 KB
//! in each position) and measures each call's processor time and the memory it adds: each
//! must answer or refuse within [`MAX_SECONDS`] of processor time (and the moment it takes to
//! stop) and [`MAX_MEGABYTES`]. `cargo run --example limits -- big` runs only that part,
//! `-- small` only the first.

#[path = "shared/dots_and_boxes.rs"]
mod dots_and_boxes;
#[path = "shared/gomoku.rs"]
mod gomoku;
#[path = "shared/padded.rs"]
mod padded;

use std::time::{Duration, Instant};

use magic_tictactoe::TicTacToe;
use magic_tictactoe::beyond::{MAX_GRID_SIZE, MagicGrid, lines_of};
use magic_tictactoe::engine::MAX_OPPONENT_PLAYOUTS;
use magic_tictactoe::engine::Table;
use magic_tictactoe::engine::budget::{MAX_MEGABYTES, MAX_SECONDS};
use magic_tictactoe::engine::search::Search;
use magic_tictactoe::exercises::Verdict;
use magic_tictactoe::menace::{MAX_TRAINING_GAMES, Training};
use magic_tictactoe::prelude::*;
use magic_tictactoe::search_check::SearchCheck;
use magic_tictactoe::tournament::{MAX_SAMPLED_GAMES, MAX_TOURNAMENT_LEVELS};

fn time<R>(what: &str, budget_ms: u64, check: impl Fn(&R) -> bool, f: impl Fn() -> R) -> Duration {
    let start = Instant::now();
    let result = f();
    let elapsed = start.elapsed();
    assert!(check(&result), "{what}: wrong answer");
    let verdict = if elapsed <= Duration::from_millis(budget_ms) {
        "within"
    } else {
        "OVER"
    };
    println!(
        "{what:<58} {:>8.1} ms   budget {budget_ms:>5} ms   {verdict}",
        elapsed.as_secs_f64() * 1000.0
    );
    elapsed
}

/// A learner's minimax as the notebook teaches it: X's view, no shortcuts.
fn learners_minimax(board: &Board) -> i32 {
    if board.winner() == Some(Player::X) {
        return 1;
    }
    if board.winner() == Some(Player::O) {
        return -1;
    }
    if board.is_over() {
        return 0;
    }
    let mut best = if board.turn() == Player::X {
        -1000
    } else {
        1000
    };
    for (_square, child) in board.children() {
        let score = learners_minimax(&child);
        if board.turn() == Player::X {
            best = best.max(score);
        } else {
            best = best.min(score);
        }
    }
    best
}

/// A learner's alpha-beta as the notebook teaches it.
fn learners_alpha_beta(board: &Board, mut alpha: i32, mut beta: i32) -> i32 {
    if board.winner() == Some(Player::X) {
        return 1;
    }
    if board.winner() == Some(Player::O) {
        return -1;
    }
    if board.is_over() {
        return 0;
    }
    for (_square, child) in board.children() {
        let score = learners_alpha_beta(&child, alpha, beta);
        if board.turn() == Player::X {
            alpha = alpha.max(score);
        } else {
            beta = beta.min(score);
        }
        if alpha >= beta {
            break;
        }
    }
    if board.turn() == Player::X {
        alpha
    } else {
        beta
    }
}

/// A learner's player: win, block, else the first free square.
fn learners_player(board: &Board) -> Option<Square> {
    let me = board.turn();
    board
        .winning_moves(me)
        .first()
        .or(board.winning_moves(!me).first())
        .or(board.empty_squares().first())
}

/// A learner's evaluation: lines still open to me minus lines still open to the other side.
fn open_lines(board: &Board, player: Player) -> i32 {
    let open = |p: Player| {
        magic_tictactoe::magic::lines()
            .iter()
            .filter(|line| line.square_set().intersection(board.squares(!p)).is_empty())
            .count() as i32
    };
    open(player) - open(!player)
}

fn main() {
    println!("compiled with debug assertions: {}", cfg!(debug_assertions));
    let part = std::env::args().nth(1).unwrap_or_default();
    if part != "big" {
        small();
    }
    if part != "small" {
        big();
    }
}

fn small() {
    time(
        "plain minimax from the empty board",
        500,
        |s: &Search<Value>| s.positions == 549_946,
        || minimax(Board::new()),
    );
    time(
        "Comparison::run on the empty board",
        500,
        |c: &Comparison| c.positions()[0] == 549_946,
        || Comparison::run(Board::new()),
    );
    time(
        "Statistics::compute",
        500,
        |s: &Statistics| s.games.total() == 255_168,
        Statistics::compute,
    );
    time(
        "Table::build",
        500,
        |t: &Table| t.positions() == 5_478,
        Table::build,
    );
    time(
        "check_win_test over all 512 sets",
        500,
        |v: &Verdict| v.is_right(),
        || {
            check_win_test(|numbers: &[u8]| {
                use magic_tictactoe::itertools::Itertools;
                numbers
                    .iter()
                    .array_combinations::<3>()
                    .any(|[a, b, c]| a + b + c == 15)
            })
        },
    );
    time(
        &format!("Rates::sampled, {MAX_SAMPLED_GAMES} games (the limit)"),
        1000,
        |r: &Result<Rates, LimitError>| r.is_ok(),
        || Rates::sampled(Level::Random, Level::Random, MAX_SAMPLED_GAMES, 1),
    );
    time(
        "Rates::sampled, u32::MAX games (refused)",
        1000,
        |r: &Result<Rates, LimitError>| r.is_err(),
        || Rates::sampled(Level::Random, Level::Random, u32::MAX, 1),
    );
    time(
        "Tournament::exact (6 levels)",
        500,
        |t: &Tournament| t.rates(Level::Perfect, Level::Random).is_some(),
        Tournament::exact,
    );
    time(
        &format!("Tournament::of, {MAX_TOURNAMENT_LEVELS} levels (the limit)"),
        1000,
        |t: &Result<Tournament, LimitError>| t.is_ok(),
        || Tournament::of((0..MAX_TOURNAMENT_LEVELS as u8).map(|n| Level::Blunders(n * 14))),
    );
    time(
        &format!(
            "Tournament::among, 4 levels and 4 MCTS of {MAX_OPPONENT_PLAYOUTS} playouts (the limit)"
        ),
        1000,
        |t: &Result<Tournament, LimitError>| t.as_ref().is_ok_and(Tournament::is_exact),
        || {
            let levels = [
                Level::Random,
                Level::Blunders(50),
                Level::Rules,
                Level::Perfect,
            ];
            let mcts = (1..=4).map(|seed| Opponent::mcts(MAX_OPPONENT_PLAYOUTS, seed));
            Tournament::among(levels.into_iter().map(Opponent::from).chain(mcts))
        },
    );
    time(
        "Tournament::among, 8 MCTS of 2000 playouts (refused: 16,000 playouts)",
        1000,
        |t: &Result<Tournament, LimitError>| t.is_err(),
        || Tournament::among((1..=8).map(|seed| Opponent::mcts(MAX_OPPONENT_PLAYOUTS, seed))),
    );
    time(
        "Tournament::of, a million levels (refused)",
        1000,
        |t: &Result<Tournament, LimitError>| t.is_err(),
        || Tournament::of(std::iter::repeat_n(Level::Random, 1_000_000)),
    );
    time(
        &format!("lines_of({MAX_GRID_SIZE}) (the limit)"),
        1000,
        |l: &Result<Vec<Vec<usize>>, LimitError>| l.as_ref().is_ok_and(|l| l.len() == 202),
        || lines_of(MAX_GRID_SIZE),
    );
    time(
        "lines_of(usize::MAX) (refused)",
        1000,
        |l: &Result<Vec<Vec<usize>>, LimitError>| l.is_err(),
        || lines_of(usize::MAX),
    );
    time(
        "MagicGrid::siamese(9): sets reaching the constant",
        500,
        |n: &usize| *n > 0,
        || MagicGrid::siamese(9).map_or(0, |grid| grid.sets_reaching_the_constant()),
    );
    time(
        "MagicGrid::siamese(5): a constant sum that is no line",
        500,
        |c: &Option<Vec<usize>>| c.is_some(),
        || MagicGrid::siamese(5).and_then(|grid| grid.constant_sum_that_is_no_line()),
    );
    time(
        "SearchTree::minimax_steps(empty) (refused, counts the tree)",
        1000,
        |t: &Result<SearchTree, _>| t.is_err(),
        || SearchTree::minimax_steps(Board::new()),
    );
    time(
        "SearchTree::steps(usize::MAX) on the largest drawable tree",
        1000,
        |n: &usize| *n > 0,
        || {
            let board: Board = "XO./.X./...".parse().expect("a board");
            let board = board
                .try_play(9)
                .and_then(|b| b.try_play(6))
                .unwrap_or(board);
            let mut tree = SearchTree::alpha_beta_steps(board).expect("a small tree");
            tree.steps(usize::MAX);
            tree.evaluated()
        },
    );
    time(
        "ClickableGame::new(Random).to_html() (the largest)",
        500,
        |h: &Html| h.len() < 64 * 1024,
        || ClickableGame::new(Level::Random).to_html(),
    );
    time(
        "Exercise::perft(9)",
        500,
        |e: &Exercise| !e.question().is_empty(),
        || Exercise::perft(9),
    );
    time(
        "stats::perft(empty, u32::MAX)",
        1000,
        |n: &u64| *n == 0,
        || stats::perft(Board::new(), u32::MAX),
    );
    time(
        "check_minimax on all 5,478 positions (a learner's minimax)",
        1000,
        |c: &SearchCheck| c.is_right(),
        || check_minimax(learners_minimax),
    );
    time(
        "check_alpha_beta on all 5,478 positions",
        1000,
        |c: &SearchCheck| c.is_right(),
        || check_alpha_beta(learners_alpha_beta),
    );
    time(
        "Challenge::new(a learner's player), exact",
        1000,
        |c: &Challenge| c.is_exact(),
        || Challenge::new(learners_player),
    );
    time(
        "Challenge::new(a random player), sampled",
        1000,
        |c: &Challenge| !c.is_exact(),
        || {
            Challenge::new(|board: &Board| {
                board
                    .empty_squares()
                    .nth(fastrand::usize(..board.empty_squares().len()))
            })
        },
    );
    time(
        "DepthStudy, depths 1 to 9, open-lines evaluation",
        1000,
        |d: &magic_tictactoe::challenge::DepthStudy| d.rows().len() == 9,
        || magic_tictactoe::challenge::DepthStudy::new(1..=9, open_lines),
    );
    time(
        "ClickableGame::new(a learner's player).to_html()",
        500,
        |h: &Html| h.len() < 64 * 1024,
        || ClickableGame::new(learners_player).to_html(),
    );
    time(
        "Menace::train(random, 10,000 games): the issue's figure",
        1000,
        |t: &Training| t.games() == 10_000 && t.total().wins > t.total().losses,
        || {
            Menace::new()
                .train(Level::Random, 10_000)
                .expect("within the limit")
        },
    );
    time(
        "Menace::train(random, MAX_TRAINING_GAMES = 50,000)",
        1000,
        |t: &Training| t.games() == MAX_TRAINING_GAMES,
        || {
            Menace::new()
                .train(Level::Random, MAX_TRAINING_GAMES)
                .expect("within the limit")
        },
    );
    time(
        "Menace::train(perfect, 10,000 games) after 2,000 random",
        1000,
        |t: &Training| t.total().wins == 0,
        || {
            let mut menace = Menace::new();
            menace
                .train(Level::Random, 2_000)
                .expect("within the limit");
            menace
                .train(Level::Perfect, 10_000)
                .expect("within the limit")
        },
    );
    time(
        "Challenge::new(&trained MENACE), exact",
        1000,
        |c: &Challenge| c.is_exact(),
        || {
            let mut menace = Menace::new();
            menace
                .train(Level::Random, 2_000)
                .expect("within the limit");
            Challenge::new(&menace)
        },
    );
    time(
        "Exercise::menace_last_loss(25,000 + 25,000 games, the limit)",
        1000,
        |e: &Exercise| !e.question().is_empty(),
        || Exercise::menace_last_loss(25_000, 25_000),
    );
    let training = Menace::new()
        .train(Level::Random, MAX_TRAINING_GAMES)
        .expect("within the limit");
    time(
        "the picture of 50,000 training games .to_html()",
        500,
        |h: &Html| h.len() < 64 * 1024,
        || training.to_html(),
    );
    time(
        &format!(
            "Mcts::new({}).search(empty board) (the limit)",
            magic_tictactoe::engine::mcts::MAX_PLAYOUTS
        ),
        1000,
        |t: &magic_tictactoe::engine::mcts::MctsTree<TicTacToe>| {
            t.playouts() == magic_tictactoe::engine::mcts::MAX_PLAYOUTS
        },
        || {
            magic_tictactoe::engine::mcts::Mcts::new(magic_tictactoe::engine::mcts::MAX_PLAYOUTS)
                .expect("within the limit")
                .search(&TicTacToe::default(), &Board::new())
        },
    );
    let most = magic_tictactoe::engine::MAX_OPPONENT_PLAYOUTS;
    time(
        &format!("Challenge::new(Opponent::mcts({most})), exact"),
        1000,
        |c: &Challenge| c.is_exact(),
        || Challenge::new(Opponent::mcts(most, 1)),
    );
    time(
        &format!("Menace::train(Opponent::mcts({most}), 50,000 games)"),
        1000,
        |t: &Training| t.games() == MAX_TRAINING_GAMES,
        || {
            Menace::new()
                .train(Opponent::mcts(most, 1), MAX_TRAINING_GAMES)
                .expect("within the limit")
        },
    );
    time(
        &format!("ClickableGame::new(Opponent::mcts({most})).to_html()"),
        1000,
        |h: &Html| h.len() < 64 * 1024,
        || ClickableGame::new(Opponent::mcts(most, 1)).to_html(),
    );
    time(
        "solve(tic-tac-toe) through the TwoPlayerGame trait, alpha-beta",
        500,
        |s: &Result<Search<Value>, SearchError>| s.as_ref().is_ok_and(|s| s.value.is_draw()),
        || magic_tictactoe::engine::solve::solve(&TicTacToe::default(), &Board::new()),
    );
    time(
        "solve_minimax(tic-tac-toe) through the trait, 549,946 positions",
        1000,
        |s: &Result<Search<Value>, SearchError>| s.as_ref().is_ok_and(|s| s.positions == 549_946),
        || magic_tictactoe::engine::solve::solve_minimax(&TicTacToe::default(), &Board::new()),
    );
    time(
        "solve(4x4 tic-tac-toe) (refused at the moves' limit)",
        1000,
        |s: &Result<Search<Value>, SearchError>| s.is_err(),
        || {
            let game = magic_tictactoe::games::KInARow::new(4, 4, 4).expect("a size");
            magic_tictactoe::engine::solve::solve(&game, &game.start())
        },
    );
    time(
        "solve(5 in a row on 8 by 8) (refused at the moves' limit)",
        1000,
        |s: &Result<Search<Value>, SearchError>| s.is_err(),
        || {
            let game = magic_tictactoe::games::KInARow::new(8, 8, 5).expect("a size");
            magic_tictactoe::engine::solve::solve(&game, &game.start())
        },
    );
    time(
        "Mcts(200,000).search(Connect Four 8 by 8) (stops at the moves' limit)",
        1000,
        |t: &magic_tictactoe::engine::mcts::MctsTree<magic_tictactoe::games::ConnectFour>| {
            t.playouts() > 0
        },
        || {
            let game = magic_tictactoe::games::ConnectFour::new(8, 8).expect("a size");
            magic_tictactoe::engine::mcts::Mcts::new(magic_tictactoe::engine::mcts::MAX_PLAYOUTS)
                .expect("within the limit")
                .search(&game, &game.start())
        },
    );
    time(
        "SolvedGame::new(Connect Four 4 by 4): 161,029 positions",
        1000,
        |s: &Result<SolvedGame<ConnectFour>, SearchError>| s.is_ok(),
        || {
            let game = ConnectFour::new(4, 4).expect("a size");
            SolvedGame::new(&game, &game.start())
        },
    );
    time(
        "SolvedGame::new(Connect Four 8 by 8) (refused at the positions' limit)",
        1000,
        |s: &Result<SolvedGame<ConnectFour>, SearchError>| s.is_err(),
        || {
            let game = ConnectFour::new(8, 8).expect("a size");
            SolvedGame::new(&game, &game.start())
        },
    );
    time(
        "search_ahead(Connect Four 8 by 8, 1,000 moves ahead) (refused at the moves' limit)",
        1000,
        |s: &Result<Option<(usize, i32)>, SearchError>| s.is_err(),
        || {
            let game = ConnectFour::new(8, 8).expect("a size");
            search_ahead(&game, &game.start(), 1_000, |_, _| 0)
        },
    );
    time(
        "check_negamax_for(Connect Four 4 by 4): a plain negamax on 10,000 positions",
        1000,
        |c: &Result<SearchCheck<ConnectFour>, SearchError>| {
            c.as_ref().is_ok_and(SearchCheck::is_right)
        },
        || {
            let game = ConnectFour::new(4, 4).expect("a size");
            check_negamax_for(&game, |grid| plain_negamax(&game, grid))
        },
    );
    for (columns, rows) in [(4, 4), (7, 6), (8, 8)] {
        time(
            &format!("Challenge::new_for on Connect Four {columns} by {rows}, the leftmost column"),
            1000,
            |c: &Challenge<ConnectFour>| c.record("random", Player::X).is_some(),
            || {
                let game = ConnectFour::new(columns, rows).expect("a size");
                Challenge::new_for(&game, "leftmost", |grid: &Grid| game.moves(grid)[0])
            },
        );
    }
    time(
        "Challenge::new_for on 5 in a row on 8 by 8, the first free square",
        1000,
        |c: &Challenge<KInARow>| c.record("random", Player::X).is_some(),
        || {
            let game = KInARow::new(8, 8, 5).expect("a size");
            Challenge::new_for(&game, "first free", |grid: &Grid| game.moves(grid)[0])
        },
    );
}

/// A learner's plain negamax on any game: +1 when the player to move wins.
fn plain_negamax<G: TwoPlayerGame>(game: &G, position: &G::Position) -> i32 {
    match game.ending(position) {
        Some(Ending::Won(winner)) if winner == game.to_move(position) => 1,
        Some(Ending::Won(_)) => -1,
        Some(Ending::Drawn) => 0,
        None => game
            .moves(position)
            .into_iter()
            .map(|m| -plain_negamax(game, &game.play(position, m)))
            .max()
            .unwrap_or(-1),
    }
}

/// `n` with thousands separated by commas.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The processor time this thread has used, in seconds (Linux).
fn processor_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |nanoseconds| nanoseconds / 1e9)
}

/// The most memory the process has held since `reset_peak`, in megabytes (Linux).
fn peak_megabytes() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<f64>().ok()
        })
        .map_or(0.0, |kilobytes| kilobytes / 1024.0)
}

fn resident_megabytes() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("VmRSS:"))?;
            line.split_whitespace().nth(1)?.parse::<f64>().ok()
        })
        .map_or(0.0, |kilobytes| kilobytes / 1024.0)
}

/// Starts the peak over from the memory held now (Linux 4.0 and later).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The moment a call may take past [`MAX_SECONDS`] to stop: none. The budget stops a moment
/// before, keeping the time to finish the game's own move running then and to free what the
/// search kept, all counted here (what the call returns is dropped before the clock is read).
const STOPPING_SECONDS: f64 = 0.0;

/// The memory a call may add past [`MAX_MEGABYTES`] before the budget's next look.
const STOPPING_MEGABYTES: f64 = 64.0;

/// Runs `f` on a learner's big game: its processor time and the memory it added (dropping what
/// it returns included), and what it answered in a few words.
fn measured<R>(what: &str, answer: impl Fn(&R) -> String, f: impl FnOnce() -> R) -> (f64, f64) {
    reset_peak();
    let before = resident_megabytes();
    let start = processor_seconds();
    let clock = Instant::now();
    let result = f();
    let said = answer(&result);
    drop(result);
    let seconds = processor_seconds() - start;
    let wall = clock.elapsed().as_secs_f64();
    let added = (peak_megabytes() - before).max(0.0);
    let verdict = if seconds <= MAX_SECONDS as f64 + STOPPING_SECONDS
        && added <= MAX_MEGABYTES as f64 + STOPPING_MEGABYTES
    {
        "within"
    } else {
        "OVER"
    };
    let said: String = said.chars().take(70).collect();
    println!(
        "{what:<52} {seconds:>6.2} s ({wall:>5.2} s clock) {added:>6.0} MB  {verdict}  {said}"
    );
    (seconds, added)
}

fn refusal_or<T>(result: &Result<T, impl std::fmt::Display>, ok: impl Fn(&T) -> String) -> String {
    match result {
        Ok(answer) => ok(answer),
        Err(error) => format!("refused: {error}"),
    }
}

/// Every call that takes any game, on `game` from its start; the worst time and memory.
fn every_call_on<G>(
    name: &str,
    game: &G,
    first_move: impl Fn(&G::Position) -> G::Move + Clone + 'static,
) -> (f64, f64)
where
    G: ShowGame + Clone + 'static,
    G::Position: std::hash::Hash + Eq + std::fmt::Debug,
{
    use magic_tictactoe::engine::mcts::{MAX_PLAYOUTS, Mcts};
    use magic_tictactoe::engine::perft::perft_for;
    use magic_tictactoe::engine::solve::{move_values, solve, solve_minimax};
    use magic_tictactoe::playouts::{MAX_STEPPED_PLAYOUTS, PlayoutSteps};

    use magic_tictactoe::tournament::Tournament;

    println!("{name}:");
    let start = game.start();
    let mut worst = (0.0f64, 0.0f64);
    let mut keep = |(seconds, megabytes): (f64, f64)| {
        worst = (worst.0.max(seconds), worst.1.max(megabytes));
    };
    keep(measured(
        "  solve",
        |r| refusal_or(r, |s: &Search<Value>| s.to_string()),
        || solve(game, &start),
    ));
    keep(measured(
        "  solve_minimax",
        |r| refusal_or(r, |s: &Search<Value>| s.to_string()),
        || solve_minimax(game, &start),
    ));
    keep(measured(
        "  move_values",
        |r| {
            refusal_or(
                r,
                |v: &magic_tictactoe::engine::solve::MoveValues<G::Move>| {
                    format!("{} moves", Vec::from(v.clone()).len())
                },
            )
        },
        || move_values(game, &start),
    ));
    keep(measured(
        "  SolvedGame::new",
        |r| refusal_or(r, |s: &SolvedGame<G>| format!("{} positions", s.len())),
        || SolvedGame::new(game, &start),
    ));
    keep(measured(
        "  search_ahead, 3 moves",
        |r| refusal_or(r, |m| format!("{m:?}")),
        || search_ahead(game, &start, 3, |_, _| 0),
    ));
    keep(measured(
        "  perft, 3 moves",
        |r| refusal_or(r, |n| format!("{n} positions")),
        || perft_for(game, &start, 3),
    ));
    keep(measured(
        &format!("  Mcts::new({}).search", thousands(u64::from(MAX_PLAYOUTS))),
        |tree: &magic_tictactoe::engine::mcts::MctsTree<G>| {
            let why = tree
                .stopped_by()
                .map_or(String::new(), |r| format!(", stopped: {r}"));
            format!("{} playouts{why}", tree.playouts())
        },
        || {
            Mcts::new(MAX_PLAYOUTS)
                .expect("within the limit")
                .search(game, &start)
        },
    ));
    keep(measured(
        &format!(
            "  PlayoutSteps::steps({}).to_html()",
            thousands(u64::from(MAX_STEPPED_PLAYOUTS))
        ),
        |html: &Html| format!("{} KB of HTML", html.len() / 1024),
        || {
            let mut steps = PlayoutSteps::new_for(game.clone(), start.clone());
            steps.steps(MAX_STEPPED_PLAYOUTS as usize);
            steps.to_html()
        },
    ));
    keep(measured(
        "  check_negamax_for",
        |r| refusal_or(r, |c: &SearchCheck<G>| c.to_string()),
        || check_negamax_for(game, |_| 0),
    ));
    keep(measured(
        "  Challenge::new_for(the first move)",
        |c: &Challenge<G>| format!("exact: {}", c.is_exact()),
        || Challenge::new_for(game, "the first move", first_move),
    ));
    keep(measured(
        "  play_game(random, MCTS 100)",
        |played: &magic_tictactoe::PlayedGame<G::Position, G::Move>| {
            let end = match &played.end {
                magic_tictactoe::End::Over(ending) => ending.to_string(),
                magic_tictactoe::End::Forfeited(forfeit) => forfeit.fault.to_string(),
                magic_tictactoe::End::CutShort => "cut short".to_owned(),
                magic_tictactoe::End::Stopped => "stopped at the call's limit".to_owned(),
            };
            format!("{} moves, {end}", played.moves.len())
        },
        || {
            let mut x = Opponent::random_for(game, 1);
            let mut o = Opponent::mcts_for(game, 100, 2);
            play_game(game, &mut x, &mut o)
        },
    ));
    keep(measured(
        "  Tournament::among_for(random, MCTS 100)",
        |r| refusal_or(r, |t: &Tournament| format!("exact: {}", t.is_exact())),
        || {
            Tournament::among_for(
                game,
                [
                    Opponent::random_for(game, 1),
                    Opponent::mcts_for(game, 100, 2),
                ],
            )
        },
    ));
    worst
}

fn big() {
    println!(
        "\nLearners' big games: each call within {MAX_SECONDS} s of processor time and {MAX_MEGABYTES} MB, or a refusal"
    );
    let mut worst = (0.0f64, 0.0f64);
    for size in [30, 100] {
        let game = dots_and_boxes::DotsAndBoxes::new(size, size);
        let found = every_call_on(
            &format!("Dots and Boxes, {size} by {size} boxes"),
            &game,
            |lines: &dots_and_boxes::Lines| {
                lines.drawn.iter().position(|drawn| !drawn).unwrap_or(0)
            },
        );
        worst = (worst.0.max(found.0), worst.1.max(found.1));
    }
    let gomoku = gomoku::Gomoku { size: 19 };
    let found = every_call_on(
        "Five in a row, 19 by 19, a learner's",
        &gomoku,
        |stones: &gomoku::Stones| {
            stones
                .rows
                .iter()
                .flatten()
                .position(Option::is_none)
                .map_or((0, 0), |at| (at / 19, at % 19))
        },
    );
    worst = (worst.0.max(found.0), worst.1.max(found.1));
    let padded = padded::Padded::new(10_000);
    let four = padded.game.clone();
    let found = every_call_on(
        "Connect Four 7 by 6 with 10 KB in each position",
        &padded,
        move |noted: &padded::Noted| four.moves(&noted.grid)[0],
    );
    worst = (worst.0.max(found.0), worst.1.max(found.1));
    // The search with no count of moves at all, on Connect Four as it is sold: only the time
    // stops it, and it has kept millions of positions by then (issue 72 measured 5.05-5.20 s).
    let shop = ConnectFour::new(7, 6).expect("a size the crate plays");
    let found = measured(
        "solver::search, Connect Four 7 by 6, Rules::new(&game, u64::MAX)",
        |found: &Search<Value>| format!("{} positions, {}", found.positions, found.value),
        || {
            use magic_tictactoe::engine::solve::Rules;
            let rules = Rules::new(&shop, u64::MAX);
            magic_tictactoe::solver::search(&rules, shop.start(), Pruning::AlphaBeta, &mut ())
        },
    );
    worst = (worst.0.max(found.0), worst.1.max(found.1));
    println!(
        "the worst: {:.2} s of processor time, {:.0} MB added",
        worst.0, worst.1
    );
}
