//! The teacher's guide (docs/teaching.md) gives the answers to the notebooks' exercises. This
//! test reads each answer from the guide and asks the crate's own exercise whether it is right,
//! so that the guide cannot drift from the notebooks.

use magic_tictactoe::exercises::Exercise;
use magic_tictactoe::paper::PaperTree;

use crate::common::learners::open_lines;

fn board(text: &str) -> magic_tictactoe::Board {
    text.parse().expect("a board")
}

fn tree(text: &str) -> PaperTree {
    text.parse().expect("a tree")
}

/// The exercises of the notebooks, as their cells make them.
fn exercises() -> Vec<(&'static str, Exercise)> {
    vec![
        ("01.1", Exercise::which_square(board("X.O/.X./..."))),
        ("01.2", Exercise::triples_containing(5)),
        ("01.3", Exercise::triples_containing(8)),
        ("02.1", Exercise::which_square(board("X.X/.O./..."))),
        ("02.2", Exercise::minimax_positions(board("XO./.XX/O.."))),
        ("02.3", Exercise::alpha_beta_skips(board("XO./.XX/O.."))),
        (
            "02.4",
            Exercise::alpha_beta_skipped_reply(board("XO./.XX/O.."), 8),
        ),
        ("03.1", Exercise::number_to_win(8, 3)),
        ("03.2", Exercise::number_to_win(7, 2)),
        ("03.3", Exercise::sets_summing_to(3, 9, 12)),
        ("04.1", Exercise::which_square(board("XOX/.../..."))),
        ("04.2", Exercise::rules_move(board("XX./OO./X.."))),
        (
            "05.1",
            Exercise::perft_after(magic_tictactoe::Square::Centre, 4),
        ),
        (
            "05.2",
            Exercise::replies_up_to_symmetry(
                magic_tictactoe::Square::from_digit(1).expect("a square"),
            ),
        ),
        ("06.1", Exercise::lines_on(8)),
        ("06.2", Exercise::sets_summing_to(4, 16, 30)),
        ("08.2", Exercise::depth_to_never_lose()),
        (
            "10.1",
            Exercise::menace_first_box_after(magic_tictactoe::Finish::Won),
        ),
        ("10.2", Exercise::menace_colours(board("X../.../..O"))),
        (
            "10.3",
            Exercise::menace_first_box_after(magic_tictactoe::Finish::Lost),
        ),
        ("10.4", Exercise::menace_losses_to_empty(5)),
        (
            "09.1",
            Exercise::root_value(&tree("[[5, 1], [7, 2], [3, 9]]")),
        ),
        (
            "09.2",
            Exercise::leaves_skipped(
                &PaperTree::from_leaves(2, &[4, 8, 9, 3, 2, -2, 9, -1]).expect("a tree"),
            ),
        ),
    ]
}

#[test]
fn every_answer_in_the_guide_is_right() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/teaching.md"))
        .expect("docs/teaching.md");
    for (label, exercise) in exercises() {
        let marker = format!("({label}): **");
        let at = guide
            .find(&marker)
            .unwrap_or_else(|| panic!("the guide gives no answer to {label}"));
        let rest = &guide[at + marker.len()..];
        let answer: i64 = rest[..rest.find("**").expect("a closing **")]
            .parse()
            .expect("a whole number");
        let verdict = exercise.check(answer);
        assert!(
            verdict.is_right(),
            "{label}: the guide says {answer}: {verdict}"
        );
    }
}

#[test]
fn the_notebooks_still_set_these_exercises() {
    // The list above must follow the notebooks: each exercise's constructor call is in one.
    let mut notebooks = String::new();
    for entry in
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/notebooks")).expect("notebooks")
    {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "ipynb") {
            notebooks.push_str(&std::fs::read_to_string(path).expect("a notebook"));
        }
    }
    for call in [
        "Exercise::which_square(\\\"X.O/.X./...\\\"",
        "Exercise::triples_containing(5)",
        "Exercise::which_square(\\\"X.X/.O./...\\\"",
        "Exercise::minimax_positions(\\\"XO./.XX/O..\\\"",
        "Exercise::alpha_beta_skips(\\\"XO./.XX/O..\\\"",
        "Exercise::sets_summing_to(3, 9, 12)",
        "Exercise::perft_after(Square::from_digit(5)?, 4)",
        "Exercise::replies_up_to_symmetry(Square::from_digit(1)?)",
        "Exercise::sets_summing_to(4, 16, 30)",
        "Exercise::number_to_win(7, 2)",
        "Exercise::which_square(\\\"XOX/.../...\\\"",
        "Exercise::rules_move(\\\"XX./OO./X..\\\"",
        "Exercise::lines_on(8)",
        "Exercise::depth_to_never_lose()",
        "\\\"[[5, 1], [7, 2], [3, 9]]\\\".parse()?",
        "Exercise::root_value(&tree_1)",
        "PaperTree::from_leaves(2, &[4, 8, 9, 3, 2, -2, 9, -1])?",
        "Exercise::leaves_skipped(&tree_2)",
        "Exercise::menace_first_box_after(Finish::Won)",
        "Exercise::menace_colours(\\\"X../.../..O\\\"",
        "Exercise::menace_first_box_after(Finish::Lost)",
        "Exercise::menace_losses_to_empty(5)",
    ] {
        assert!(notebooks.contains(call), "no notebook sets {call}");
    }
}

/// The figures the guide states, each computed here: a number the guide writes with a thousands
/// separator ("18,297") or as a share ("58.5 %") must be one of these, or one of the crate's
/// limits, or a setting a notebook's code uses (a budget, a number of games).
#[test]
fn every_figure_in_the_guide_is_computed_here() {
    use magic_tictactoe::perfect_moves::PerfectMoves;
    use magic_tictactoe::prelude::*;
    use std::collections::BTreeSet;

    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/teaching.md"))
        .expect("docs/teaching.md");
    let mut figures: BTreeSet<String> = BTreeSet::new();
    let number = |figures: &mut BTreeSet<String>, n: u64| {
        figures.insert(thousands(n));
    };
    // Counting: positions, games, sequences.
    number(
        &mut figures,
        magic_tictactoe::solver::minimax(Board::new()).positions,
    ); // 549,946
    let positions = stats::count_positions();
    number(&mut figures, positions.reachable as u64); // 5,478
    number(
        &mut figures,
        (positions.reachable - positions.terminal) as u64,
    ); // 4,520 in play
    let games = stats::count_games(Board::new());
    number(&mut figures, games.total()); // 255,168
    // Games by their length: X's wins end after 5, 7 or 9 moves, O's after 6 or 8.
    for length in [5, 6, 7, 8] {
        number(&mut figures, games.by_length[length]); // 1,440, 5,328, 47,952, 72,576
    }
    number(&mut figures, games.endings.o_wins); // 77,904
    number(&mut figures, 9 * 8 * 7 * 6 * 5); // a game of 5 moves: 1 in 15,120
    number(&mut figures, (1..=9).product()); // a game of 9 moves: 1 in 362,880
    // Searches.
    let [keypad, centre_first] =
        magic_tictactoe::tree::OrderedSearches::new(Board::new()).positions();
    number(&mut figures, keypad); // 20,866
    number(&mut figures, centre_first); // 7,865
    for order in [[1, 2, 3, 4, 5, 6, 7, 8, 9], [5, 1, 3, 7, 9, 2, 4, 6, 8]] {
        let alpha_beta =
            move |board: &Board, alpha: i32, beta: i32| alpha_beta_in(order, board, alpha, beta);
        let check = check_alpha_beta(alpha_beta);
        assert!(check.is_right(), "{check}");
        number(
            &mut figures,
            check.positions_visited_from_empty().expect("a count"),
        ); // 18,297 and 7,275
    }
    let connect = ConnectFour::new(4, 4).expect("4 by 4");
    number(
        &mut figures,
        SolvedGame::new(&connect, &connect.start())
            .expect("solved")
            .len() as u64,
    ); // 161,029
    // MENACE's exercise 3.
    let mut menace = Menace::new();
    menace.train(Level::Random, 1_000).expect("trained");
    let training = menace.train(Level::Rules, 2_000).expect("trained");
    number(&mut figures, training.last_loss().expect("a loss")); // 1,913
    // MCTS, as the notebook's cells count it.
    let rates = PerfectMoves::of_mcts(&[1, 10, 30, 100]).expect("within the limit");
    let mut shares: Vec<f64> = rates
        .names()
        .iter()
        .filter_map(|name| rates.share(name))
        .collect();
    let in_play = rates.positions() as f64;
    number(
        &mut figures,
        (rates.share("every move is perfect").expect("a row") * in_play).round() as u64,
    );
    for name in ["MCTS, 10 playouts", "MCTS, 30 playouts"] {
        number(
            &mut figures,
            (rates.share(name).expect("a row") * in_play).round() as u64,
        ); // 3,945 and 4,293
    }
    let smart = PlayoutPolicy::new(TicTacToe::default(), |board: &Board| {
        let me = board.turn();
        board
            .winning_moves(me)
            .first()
            .or(board.winning_moves(!me).first())
    });
    let led =
        PerfectMoves::of_playouts(&smart, "win-or-block", &[10, 30]).expect("within the limit");
    for name in [
        "win-or-block playouts, 10 playouts",
        "win-or-block playouts, 30 playouts",
    ] {
        number(
            &mut figures,
            (led.share(name).expect("a row") * in_play).round() as u64,
        ); // 4,214 and 4,469
    }
    // 08's depth study with open lines, against the perfect computer as O (depths 3 and 4).
    let study = DepthStudy::new(1..=5, open_lines);
    for row in study.rows() {
        for (level, _, as_o) in &row.records {
            if *level == Level::Perfect {
                shares.push(as_o.losses); // 31.7 % and 44.4 %
            }
        }
    }
    // Tournaments: exact chances.
    let random = magic_tictactoe::tournament::Rates::exact(Level::Random, Level::Random);
    let rules = magic_tictactoe::tournament::Rates::exact(Level::Rules, Level::Random);
    shares.extend([
        games.endings.x_wins as f64 / games.total() as f64, // 51.4 %
        random.x_wins,                                      // 58.5 %
        rules.x_wins,                                       // 96.0 %
    ]);
    for share in shares {
        figures.insert(format!("{:.1} %", 100.0 * share));
        figures.insert(format!("{:.1}%", 100.0 * share));
    }
    // The crate's limits.
    for limit in [
        magic_tictactoe::engine::budget::MAX_SOLVE_MOVES,
        u64::from(magic_tictactoe::engine::budget::MAX_SOLVE_DEPTH),
        magic_tictactoe::engine::MAX_SOLVED_POSITIONS as u64,
        magic_tictactoe::engine::MAX_SOLVED_MOVES,
        u64::from(magic_tictactoe::engine::mcts::MAX_PLAYOUTS),
        magic_tictactoe::engine::mcts::MAX_SEARCH_MOVES,
        magic_tictactoe::engine::mcts::MAX_SELECTION_MOVES,
        u64::from(magic_tictactoe::playouts::MAX_STEPPED_PLAYOUTS),
        u64::from(magic_tictactoe::engine::MAX_OPPONENT_PLAYOUTS),
        magic_tictactoe::challenge::MAX_CHALLENGE_SEARCH_MOVES,
        magic_tictactoe::search_check::MAX_GAME_CHECKS as u64,
    ] {
        number(&mut figures, limit);
    }
    // Settings the notebooks' code uses: 2_000 games, 1_000 playouts ...
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/notebooks");
    for entry in std::fs::read_dir(dir).expect("notebooks") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "ipynb") {
            let text = std::fs::read_to_string(&path).expect("a notebook");
            for word in text.split(|c: char| !(c.is_ascii_digit() || c == '_')) {
                if word.contains('_')
                    && word.chars().next().is_some_and(|c| c.is_ascii_digit())
                    && let Ok(n) = word.replace('_', "").parse::<u64>()
                {
                    number(&mut figures, n);
                }
            }
        }
    }
    let stated = figures_in(&guide);
    let unexplained: Vec<&String> = stated
        .iter()
        .filter(|figure| !figures.contains(*figure))
        .collect();
    assert!(
        unexplained.is_empty(),
        "figures in the guide that nothing here computes: {unexplained:?} (computed: {figures:?})"
    );
}

/// The guide's figures: numbers with a thousands separator, and shares ("58.5 %", "58.7%").
fn figures_in(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '.'))
        {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_digit()
                    || (chars[i] == ',' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
                    || (chars[i] == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
            {
                i += 1;
            }
            let token: String = chars[start..i].iter().collect();
            let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
            if rest.starts_with(" %") {
                found.push(format!("{token} %"));
            } else if rest.starts_with('%') {
                found.push(format!("{token}%"));
            } else if token.contains(',') {
                found.push(token);
            }
        } else {
            i += 1;
        }
    }
    found
}

/// The notebook's alpha-beta, values seen by X, trying the squares in `order`.
fn alpha_beta_in(
    order: [u8; 9],
    board: &magic_tictactoe::Board,
    mut alpha: i32,
    mut beta: i32,
) -> i32 {
    use magic_tictactoe::Player;
    if board.winner() == Some(Player::X) {
        return 1;
    }
    if board.winner() == Some(Player::O) {
        return -1;
    }
    if board.is_over() {
        return 0;
    }
    for square in order {
        if let Ok(child) = board.try_play(square) {
            let score = alpha_beta_in(order, &child, alpha, beta);
            if board.turn() == Player::X {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
    }
    if board.turn() == Player::X {
        alpha
    } else {
        beta
    }
}

/// `n` with thousands separators: 18297 is "18,297".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

// The reasons the guide gives, computed: a teacher reads them aloud, so each must be the true
// cause of what the notebooks show.

/// Every game from `board` to its end: (moves played, winner), counted.
fn games(board: magic_tictactoe::Board, moves: usize, counts: &mut [[u64; 3]; 10]) {
    if let Some(winner) = board.winner() {
        counts[moves][if winner == magic_tictactoe::Player::X {
            0
        } else {
            1
        }] += 1;
        return;
    }
    if board.is_over() {
        counts[moves][2] += 1;
        return;
    }
    for (_, child) in board.children() {
        games(child, moves + 1, counts);
    }
}

#[test]
fn random_players_favour_x_through_its_early_wins_not_shorter_ones_on_average() {
    let mut counts = [[0u64; 3]; 10];
    games(magic_tictactoe::Board::new(), 0, &mut counts);
    let total: u64 = counts.iter().flatten().sum();
    let x_wins: u64 = counts.iter().map(|c| c[0]).sum();
    let o_wins: u64 = counts.iter().map(|c| c[1]).sum();
    assert_eq!((total, x_wins), (255_168, 131_184));
    assert_eq!(
        format!("{:.1}", 100.0 * x_wins as f64 / total as f64),
        "51.4"
    );
    // Random play: a game of L moves has the chance 1 in 9 x 8 x ... x (10 - L).
    let chance = |moves: usize| 1.0 / (10 - moves..=9).map(|n| n as f64).product::<f64>();
    let x_random: f64 = (0..10).map(|l| counts[l][0] as f64 * chance(l)).sum();
    assert_eq!(format!("{:.1}", 100.0 * x_random), "58.5");
    // The guide's reason: a 5-move game weighs 24 times a 9-move one, a 6-move game 6 times, a
    // 7-move game twice, an 8-move game the same; X's wins at 5 and 7 moves gain, O's at 8 do not.
    let weight = |moves: usize| chance(moves) / chance(9);
    let weights: Vec<f64> = (5..=9).map(weight).collect();
    assert_eq!(weights, [24.0, 6.0, 2.0, 1.0, 1.0]);
    assert_eq!((counts[5][0], counts[7][0]), (1_440, 47_952));
    assert_eq!((counts[6][1], counts[8][1]), (5_328, 72_576));
    // Not "X's wins end sooner": on average they are longer than O's.
    let mean = |who: usize, wins: u64| {
        (0..10)
            .map(|l| (l as u64 * counts[l][who]) as f64)
            .sum::<f64>()
            / wins as f64
    };
    let (x_mean, o_mean) = (mean(0, x_wins), mean(1, o_wins));
    assert_eq!(
        (format!("{x_mean:.2}"), format!("{o_mean:.2}")),
        ("8.23".to_owned(), "7.86".to_owned())
    );
}

#[test]
fn alpha_beta_skips_eight_positions_in_02s_exercise_at_the_cuts_the_guide_names() {
    use magic_tictactoe::prelude::*;
    let board: Board = "XO./.XX/O..".parse().unwrap();
    assert_eq!(board.turn(), Player::O, "the guide: O to move");
    let mut pruned = SearchTree::alpha_beta_steps(board).unwrap();
    pruned.finish();
    assert_eq!(pruned.skipped(), 8);
    // The cuts, as the guide names them: each skipped position whose parent was looked at, the
    // moves that lead to it, and the positions skipped with it (it and everything below it).
    // Issue 73, 4: the guide said 2 positions after O's 8 and 9, and 3 + 3 after O3 X8, counting
    // skipped positions by depth, not by cut.
    let text = pruned.to_string();
    let nodes = pruned.nodes();
    let skipped: Vec<bool> = text
        .lines()
        .take(nodes.len())
        .map(|line| line.ends_with("-> skipped"))
        .collect();
    let moves = |mut node: usize| {
        let mut path = Vec::new();
        while let (Some(parent), Some(square)) = (nodes[node].parent, nodes[node].last_move) {
            path.push(format!("{}{}", !nodes[node].board.turn(), square.digit()));
            node = parent;
        }
        path.reverse();
        path.join(" ")
    };
    let below = |root: usize| {
        (0..nodes.len())
            .filter(|&node| {
                let mut at = Some(node);
                while let Some(n) = at {
                    if n == root {
                        return true;
                    }
                    at = nodes[n].parent;
                }
                false
            })
            .count()
    };
    let cuts: Vec<(String, usize)> = (0..nodes.len())
        .filter(|&node| skipped[node] && nodes[node].parent.is_some_and(|parent| !skipped[parent]))
        .map(|root| (moves(root), below(root)))
        .collect();
    assert_eq!(
        cuts,
        [
            ("O8 X9".to_owned(), 1),
            ("O9 X8".to_owned(), 5),
            ("O3 X8 O9".to_owned(), 2)
        ],
        "{text}"
    );
    for (o, last) in [("O on 8", "X on 9"), ("O on 9", "X on 8")] {
        assert!(text.contains(&format!("  {o}:")), "{o}");
        assert!(text.contains(&format!("    {last}:")), "{last}");
    }
    assert!(
        text.contains("    X on 4: XOO/XXX/O.. -> X has won"),
        "X's 4 wins at once after O's 3"
    );
}

/// Notebook 10's watched box, trained as the notebook trains it (Run All: a game in cell 7, one
/// more in cell 9, 2,000 against random, 3,000 and then the 2,000 watched against perfect): the
/// colour it empties is a move that draws with best play, as 10 says, so against the perfect
/// player every game lost after it was lost by a later move of MENACE's own.
#[test]
fn menace_s_watched_box_empties_a_move_that_draws_with_best_play() {
    use magic_tictactoe::prelude::*;

    let mut menace = Menace::new();
    let _ = menace.play_game(Level::Random);
    let _ = menace.play_game(Level::Random);
    menace
        .train(Level::Random, 2_000)
        .expect("within the limit");
    menace
        .train(Level::Perfect, 3_000)
        .expect("within the limit");
    let watched = board("O../.X./...");
    menace
        .train_watching(Level::Perfect, 2_000, watched)
        .expect("within the limit");
    let matchbox = menace.box_for(watched);
    let emptied: Vec<u8> = [2u8, 3, 6, 9]
        .into_iter()
        .filter(|&square| matchbox.beads(square) == 0)
        .collect();
    assert_eq!(emptied, [6], "the squares with no beads left: {matchbox:?}");
    let after = watched
        .try_play(Square::from_digit(6).expect("a square"))
        .expect("a free square");
    assert_eq!(after.to_string(), "O../.XX/...");
    assert!(
        matches!(after.value(), Value::Draw(_)),
        "after X on 6: {}",
        after.value()
    );
}

/// Notebook 12's Connect Four question: after X and O have each put two marks in the middle
/// columns, X's move in column 0 loses "in 12". The guide's reason, computed: every best-play
/// line after it fills the board to O's win on the 16th move, and what every line shares is that
/// the top of column 0 is O's; the line O wins by is the top row in some lines and the diagonal
/// through that square in the others.
#[test]
fn connect_four_s_loss_in_12_ends_on_the_top_of_column_0_by_the_top_row_or_a_diagonal() {
    use magic_tictactoe::games::{ConnectFour, Grid};
    use magic_tictactoe::prelude::*;

    fn lines_after(connect: &ConnectFour, grid: Grid, last: usize, found: &mut Vec<(Grid, usize)>) {
        if connect.ending(&grid).is_some() {
            found.push((grid, last));
            return;
        }
        let values = move_values(connect, &grid).expect("a small game");
        for column in values.best() {
            lines_after(connect, connect.play(&grid, column), column, found);
        }
    }

    let connect = ConnectFour::new(4, 4).expect("4 by 4");
    let mut grid = connect.start();
    for column in [1, 2, 1, 2] {
        grid = connect.play(&grid, column);
    }
    let values = move_values(&connect, &grid).expect("a small game");
    let column_0 = values
        .into_iter()
        .find(|&(column, _)| column == 0)
        .expect("column 0 is open");
    assert_eq!(column_0.1.to_string(), "loss in 12");
    let mut ends = Vec::new();
    lines_after(&connect, connect.play(&grid, 0), 0, &mut ends);
    // Squares are numbered row by row from the top left: the top row is 0 to 3, and the top of
    // column 0 is square 0.
    let top_row: u64 = 0b1111;
    let diagonal: u64 = (1 << 0) | (1 << 5) | (1 << 10) | (1 << 15);
    // Issue 73, smaller: the guide said "the top row in 52 lines and the diagonal in the other
    // 71", where 11 of the 52 complete both: counted here alone and together.
    let (mut top_row_only, mut diagonal_only, mut both) = (0, 0, 0);
    for (end, last) in &ends {
        assert_eq!(connect.ending(end), Some(Ending::Won(Player::O)));
        assert_eq!(
            end.marks_of(Player::X).count() + end.marks_of(Player::O).count(),
            16,
            "the board is full"
        );
        assert_eq!(
            end.get(0),
            Some(Player::O),
            "the top of column 0 is O's (O's last move: {last})"
        );
        let o = end.squares(Player::O);
        match (o & top_row == top_row, o & diagonal == diagonal) {
            (true, true) => both += 1,
            (true, false) => top_row_only += 1,
            (false, true) => diagonal_only += 1,
            (false, false) => panic!("a line O wins by neither: {end:?}"),
        }
    }
    // The guide's figures: 123 lines; the top row alone completes 41, the diagonal alone 71,
    // both at once 11.
    assert_eq!(
        (ends.len(), top_row_only, diagonal_only, both),
        (123, 41, 71, 11),
        "each line ends by the top row, the diagonal or both"
    );
}
