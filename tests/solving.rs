//! Perfect play and the size of the game, checked against the known figures by enumeration.

use std::collections::HashMap;

use magic_tictactoe::solver::{self, Table};
use magic_tictactoe::stats::{self, Statistics};
use magic_tictactoe::{Board, Level, Opponent, Player, Square, SquareSet, Value};

#[test]
fn perft_from_the_empty_board() {
    let perft: Vec<u64> = (0..=9)
        .map(|depth| stats::perft(Board::new(), depth))
        .collect();
    assert_eq!(
        perft,
        [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    );
    assert_eq!(stats::perft(Board::new(), 10), 0);
}

#[test]
fn complete_games_and_how_they_end() {
    let games = stats::count_games(Board::new());
    assert_eq!(games.total(), 255_168);
    assert_eq!(
        (
            games.endings.x_wins,
            games.endings.o_wins,
            games.endings.draws
        ),
        (131_184, 77_904, 46_080)
    );
    assert_eq!(
        games.by_length,
        [0, 0, 0, 0, 0, 1_440, 5_328, 47_952, 72_576, 127_872]
    );
}

#[test]
fn positions_and_symmetry() {
    let counts = stats::count_positions();
    assert_eq!(counts.reachable, 5_478);
    assert_eq!(counts.terminal, 958);
    assert_eq!(
        (
            counts.endings.x_wins,
            counts.endings.o_wins,
            counts.endings.draws
        ),
        (626, 316, 16)
    );
    assert_eq!(
        counts.by_ply,
        [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]
    );
    assert_eq!(counts.up_to_symmetry, 765);
    assert_eq!(
        counts.up_to_symmetry_by_ply,
        [1, 3, 12, 38, 108, 174, 204, 153, 57, 15]
    );
    assert_eq!(counts.terminal_up_to_symmetry, 138);
    assert_eq!(counts.reachable - counts.terminal, 4_520);
}

#[test]
fn statistics_gather_the_same_counts() {
    let statistics = Statistics::compute();
    assert_eq!(statistics.perft[9], 127_872);
    assert_eq!(statistics.games.total(), 255_168);
    assert_eq!(statistics.positions.up_to_symmetry, 765);
    assert!(statistics.to_string().contains("255,168"));
}

#[test]
fn menace_needs_304_matchboxes() {
    let boxes = stats::reachable_positions()
        .into_iter()
        .filter(|b| b.to_move() == Some(Player::X) && b.moves_made() <= 6)
        .map(Board::canonical)
        .collect::<std::collections::HashSet<_>>();
    assert_eq!(boxes.len(), 304);
}

#[test]
fn plain_minimax_visits_549946_positions_from_the_empty_board() {
    let search = solver::minimax(Board::new());
    assert_eq!(search.positions, 549_946);
    assert_eq!(search.value, Value::Draw(9));
    let pruned = solver::alpha_beta(Board::new());
    assert_eq!(pruned.value, Value::Draw(9));
    assert!(pruned.positions < search.positions);
}

#[test]
fn the_table_holds_every_position_in_at_most_64_kib() {
    let table = Table::build();
    assert_eq!(table.positions(), 5_478);
    // A memoised search asks for the root and, from every position in play, for each child:
    // 16,168 questions, of which 5,478 solve a position and the rest are answered from memory.
    let questions: usize = 1 + stats::reachable_positions()
        .iter()
        .map(|board| board.legal_moves().len())
        .sum::<usize>();
    assert_eq!(questions, 16_168);
    assert!(
        table.size_in_bytes() <= 64 * 1024,
        "{}",
        table.size_in_bytes()
    );
}

#[test]
fn minimax_alpha_beta_and_the_table_agree_on_all_5478_positions() {
    let table = Table::build();
    for board in stats::reachable_positions() {
        let plain = solver::minimax(board);
        let pruned = solver::alpha_beta(board);
        assert_eq!(plain.value, table.value(board), "{board}");
        assert_eq!(pruned.value, plain.value, "{board}");
        assert!(pruned.positions <= plain.positions);
        assert_eq!(board.value(), plain.value);
        // The best moves are exactly the moves whose value equals the position's value.
        let best: SquareSet = board
            .children()
            .filter(|&(_, child)| Value::of_move_into(solver::minimax(child).value) == plain.value)
            .map(|(square, _)| square)
            .collect();
        assert_eq!(table.best_moves(board), best, "{board}");
        assert_eq!(
            board.analysis().best(),
            best.iter().collect::<Vec<_>>(),
            "{board}"
        );
        assert_eq!(
            board.analysis().value(),
            board.to_move().map(|_| plain.value)
        );
    }
}

#[test]
fn a_table_solved_below_any_position_agrees_with_the_whole_table() {
    let whole = Table::build();
    let positions = stats::reachable_positions();
    for &root in &positions {
        let below = Table::below(root);
        // It holds the root and every position after it, and each position once.
        let after: Vec<Board> = positions
            .iter()
            .copied()
            .filter(|b| {
                Player::ALL
                    .into_iter()
                    .all(|p| b.squares(p).intersection(root.squares(p)) == root.squares(p))
            })
            .filter(|&b| b == root || reaches(root, b))
            .collect();
        assert_eq!(below.positions(), after.len(), "{root}");
        for board in after {
            assert_eq!(below.get(board), whole.get(board), "{root} -> {board}");
        }
        // A position that cannot follow the root is not in it.
        if root != Board::new() {
            assert_eq!(below.get(Board::new()), None, "{root}");
        }
    }
}

/// Whether `to` can be reached from `from` by legal play.
fn reaches(from: Board, to: Board) -> bool {
    from.children().any(|(_, child)| {
        child == to || (child.moves_made() < to.moves_made() && reaches(child, to))
    })
}

#[test]
fn the_empty_board_is_a_draw_and_every_opening_draws() {
    assert_eq!(Board::new().value(), Value::Draw(9));
    let analysis = Board::new().analysis();
    assert_eq!(analysis.len(), 9);
    assert!(analysis.iter().all(|&(_, value)| value == Value::Draw(9)));
}

#[test]
fn after_a_corner_only_the_centre_draws_after_the_centre_only_corners_draw() {
    for corner in Square::CORNERS {
        let board = Board::new().try_play(corner).unwrap();
        let drawing: SquareSet = board
            .analysis()
            .iter()
            .filter(|(_, value)| value.is_draw())
            .map(|&(square, _)| square)
            .collect();
        assert_eq!(drawing, SquareSet::from_square(Square::Centre), "{board}");
    }
    let board = Board::new().try_play(Square::Centre).unwrap();
    let drawing: SquareSet = board
        .analysis()
        .iter()
        .filter(|(_, value)| value.is_draw())
        .map(|&(square, _)| square)
        .collect();
    assert_eq!(drawing, Square::CORNERS.into_iter().collect());
}

#[test]
fn a_win_available_now_is_always_taken_now() {
    let mut positions_with_a_win_now = 0;
    for board in stats::reachable_positions() {
        let Some(me) = board.to_move() else { continue };
        let wins_now: SquareSet = board
            .children()
            .filter(|(_, child)| child.winner() == Some(me))
            .map(|(square, _)| square)
            .collect();
        if !wins_now.is_empty() {
            positions_with_a_win_now += 1;
            assert_eq!(board.value(), Value::Win(1), "{board}");
            assert_eq!(board.best_moves(), wins_now, "{board}");
        }
    }
    assert!(positions_with_a_win_now > 1000);
}

/// Walks every game in which `perfect_side` plays any of its best moves and the other side
/// plays anything; returns how many games it saw and panics on a loss.
fn perfect_never_loses(board: Board, perfect_side: Player, games: &mut u64) {
    let Some(mover) = board.to_move() else {
        *games += 1;
        assert_ne!(
            board.winner(),
            Some(!perfect_side),
            "perfect {perfect_side:?} lost: {board}"
        );
        return;
    };
    let moves = if mover == perfect_side {
        board.best_moves()
    } else {
        board.legal_moves()
    };
    assert!(!moves.is_empty());
    for square in moves {
        perfect_never_loses(board.try_play(square).unwrap(), perfect_side, games);
    }
}

#[test]
fn the_perfect_player_never_loses_to_any_sequence_of_moves() {
    for side in Player::ALL {
        let mut games = 0;
        perfect_never_loses(Board::new(), side, &mut games);
        assert!(games > 100, "{games}");
    }
}

/// Exact probabilities of (X wins, O wins, draw) when each side picks uniformly among the moves
/// `choices` gives it.
fn exact_rates(
    board: Board,
    choices: &dyn Fn(Board) -> SquareSet,
    memo: &mut HashMap<Board, [f64; 3]>,
) -> [f64; 3] {
    if let Some(&rates) = memo.get(&board) {
        return rates;
    }
    let rates = match (board.to_move(), board.winner()) {
        (None, Some(Player::X)) => [1.0, 0.0, 0.0],
        (None, Some(Player::O)) => [0.0, 1.0, 0.0],
        (None, None) => [0.0, 0.0, 1.0],
        (Some(_), _) => {
            let moves = choices(board);
            let mut sum = [0.0; 3];
            for square in moves {
                let r = exact_rates(board.try_play(square).unwrap(), choices, memo);
                for i in 0..3 {
                    sum[i] += r[i] / moves.len() as f64;
                }
            }
            sum
        }
    };
    memo.insert(board, rates);
    rates
}

fn percent(p: f64) -> f64 {
    (p * 10_000.0).round() / 100.0
}

#[test]
fn random_against_random_exactly() {
    let rates = exact_rates(Board::new(), &|b| b.legal_moves(), &mut HashMap::new());
    assert_eq!(rates.map(percent), [58.49, 28.81, 12.7]);
}

#[test]
fn perfect_against_uniform_random_exactly() {
    let perfect_as = |side: Player| {
        exact_rates(
            Board::new(),
            &|b| {
                if b.turn() == side {
                    b.best_moves()
                } else {
                    b.legal_moves()
                }
            },
            &mut HashMap::new(),
        )
    };
    let (as_x, as_o) = (perfect_as(Player::X), perfect_as(Player::O));
    assert_eq!((as_x[0] * 1000.0).round() / 10.0, 96.8);
    assert_eq!(as_x[1], 0.0);
    // FACTS.md rounds this to 77.8 %: it is 77.748 %, 77.75 to two places.
    assert_eq!(percent(as_o[1]), 77.75);
    assert_eq!(as_o[0], 0.0);
}

#[test]
fn the_perfect_opponent_only_ever_plays_best_moves() {
    for seed in 0..4 {
        let mut perfect = Opponent::new(Level::Perfect, seed);
        let mut never_blunders = Opponent::new(Level::Blunders(0), seed);
        for board in stats::reachable_positions() {
            match perfect.choose_move(board) {
                Some(square) => assert!(board.best_moves().contains(square), "{board}"),
                None => assert!(board.is_over()),
            }
            if let Some(square) = never_blunders.choose_move(board) {
                assert!(board.best_moves().contains(square), "{board}");
            }
        }
    }
}
