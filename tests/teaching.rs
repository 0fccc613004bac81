//! The teaching tools: the search tree stepper, the exact tournament, Pick 15, beyond 3x3,
//! exercises and galleries.

use crate::common;

use magic_tictactoe::beyond::MagicGrid;
use magic_tictactoe::exercises::{Exercise, check_win_test};
use magic_tictactoe::pick15::{Pick15, Pick15Error};
use magic_tictactoe::solver::Comparison;
use magic_tictactoe::tournament::{Rates, Tournament};
use magic_tictactoe::tree::{Finding, SearchTree, TreeError};
use magic_tictactoe::{Board, Game, Level, Opponent, Square, Symmetry, Value, stats};

#[test]
fn the_tree_agrees_with_the_table_on_every_small_position() {
    let mut trees = 0;
    for board in stats::reachable_positions() {
        if board.is_over() {
            assert_eq!(SearchTree::minimax(board).unwrap_err(), TreeError::GameOver);
            continue;
        }
        if board.empty_squares().len() > 5 {
            continue;
        }
        trees += 1;
        let tree = SearchTree::minimax(board).unwrap();
        assert!(tree.is_finished());
        assert_eq!(tree.evaluated(), tree.len());
        // Every node's value, seen by the root player, matches the table.
        for (node, finding) in tree.nodes().iter().zip(tree.findings()) {
            let table = match (node.board.is_over(), node.board.winner()) {
                (true, Some(winner)) if winner == tree.root_player() => Value::Win(0),
                (true, Some(_)) => Value::Loss(0),
                (true, None) => Value::Draw(0),
                (false, _) if node.board.turn() == tree.root_player() => node.board.value(),
                (false, _) => -node.board.value(),
            };
            assert_eq!(
                *finding,
                Finding::Exact(table),
                "{} in tree of {board}",
                node.board
            );
        }
        assert_eq!(tree.findings()[0], Finding::Exact(board.value()));
        assert!(board.best_moves().contains(tree.chosen_move().unwrap()));

        let mut pruned = SearchTree::alpha_beta_steps(board).unwrap();
        let mut evaluated = 0;
        while !pruned.is_finished() {
            pruned.step();
            assert_eq!(pruned.evaluated(), evaluated + 1, "one more node per step");
            evaluated += 1;
        }
        assert_eq!(pruned.evaluated() + pruned.skipped(), pruned.len());
        assert_eq!(pruned.findings()[0], Finding::Exact(board.value()));
        assert!(board.best_moves().contains(pruned.chosen_move().unwrap()));
        assert!(pruned.to_html().contains("skipped"));
    }
    assert!(trees > 1000);
    assert!(matches!(
        SearchTree::minimax(Board::new()),
        Err(TreeError::TooBig { .. })
    ));
}

#[test]
fn the_stepper_walks_one_node_at_a_time_and_can_restart() {
    let board: Board = "XOX/O.O/.X.".parse().unwrap();
    let mut steps = SearchTree::minimax_steps(board).unwrap();
    assert!(steps.to_html().contains("Nothing evaluated yet"));
    steps.step();
    assert_eq!(steps.evaluated(), 1);
    assert!(steps.to_html().contains("Just evaluated"));
    steps.steps(3);
    assert_eq!(steps.evaluated(), 4);
    steps.finish();
    assert_eq!(steps.evaluated(), steps.len());
    assert!(steps.to_html().contains("picks square"));
    steps.restart();
    assert_eq!(steps.evaluated(), 0);
    let mut pruned = SearchTree::alpha_beta_steps(board).unwrap();
    pruned.finish();
    assert!(pruned.skipped() > 0);
}

#[test]
fn every_level_plays_by_its_move_chances() {
    let levels = [
        Level::Random,
        Level::Rules,
        Level::Perfect,
        Level::EASY,
        Level::Blunders(0),
        Level::Blunders(100),
    ];
    for board in stats::reachable_positions() {
        for level in levels {
            let chances = level.move_chances(board);
            let total: f64 = chances.iter().sum();
            if board.is_over() {
                assert_eq!(total, 0.0);
                continue;
            }
            assert!((total - 1.0).abs() < 1e-9, "{level} on {board}: {total}");
            let mut opponent = Opponent::new(level, board.code().into());
            for _ in 0..3 {
                let square = opponent.choose_move(board).unwrap();
                assert!(
                    chances[square.index()] > 0.0,
                    "{level} chose {square} on {board}"
                );
            }
        }
    }
}

fn percent(p: f64) -> f64 {
    (p * 10_000.0).round() / 100.0
}

#[test]
fn exact_tournament_rates() {
    let random = Rates::exact(Level::Random, Level::Random);
    assert_eq!(
        [random.x_wins, random.o_wins, random.draws].map(percent),
        [58.49, 28.81, 12.7]
    );
    let perfect_x = Rates::exact(Level::Perfect, Level::Random);
    assert_eq!(percent(perfect_x.x_wins), 96.78);
    assert_eq!(perfect_x.o_wins, 0.0);
    let perfect_o = Rates::exact(Level::Random, Level::Perfect);
    assert_eq!(percent(perfect_o.o_wins), 77.75);
    assert_eq!(perfect_o.x_wins, 0.0);
    let both = Rates::exact(Level::Perfect, Level::Perfect);
    assert!((both.draws - 1.0).abs() < 1e-12);
    let tournament = Tournament::exact();
    for name in Level::ALL {
        let as_x = tournament.rates(Level::Perfect, name).unwrap();
        let as_o = tournament.rates(name, Level::Perfect).unwrap();
        assert_eq!(as_x.o_wins, 0.0, "perfect as X never loses to {name}");
        assert_eq!(as_o.x_wins, 0.0, "perfect as O never loses to {name}");
    }
    let html = tournament.to_html();
    assert!(!html.contains("<script") && !html.contains("<style"));
}

#[test]
fn seeded_games_land_near_the_exact_rates() {
    // 20,000 games put each rate within about 0.35 points of the truth (one standard error), so
    // 1.5 points is over four standard errors. Opponents whose seeds count up (2g, 2g + 1)
    // drew 7.8 % of random games here instead of 12.7 %: this test catches that.
    let pairs = [
        (Level::Random, Level::Random),
        (Level::Rules, Level::Random),
        (Level::Random, Level::EASY),
        (Level::EASY, Level::MEDIUM),
    ];
    for (x, o) in pairs {
        let exact = Rates::exact(x, o);
        let sampled = Rates::sampled(x, o, 20_000, 1).unwrap();
        for (seen, truth) in [
            (sampled.x_wins, exact.x_wins),
            (sampled.o_wins, exact.o_wins),
            (sampled.draws, exact.draws),
        ] {
            assert!(
                (seen - truth).abs() < 0.015,
                "{x} vs {o}: sampled {sampled:.2}, exact {exact:.2}"
            );
        }
    }
}

#[test]
fn perfect_against_perfect_is_a_draw() {
    for seed in 0..20 {
        let game = Game::between(
            &mut Opponent::new(Level::Perfect, seed),
            &mut Opponent::new(Level::Perfect, seed + 7),
        );
        assert!(game.is_over());
        assert_eq!(game.winner(), None);
        assert_eq!(game.moves().len(), 9);
    }
}

fn pick15_never_beats_perfect(game: Pick15, games: &mut u32) {
    if game.game().is_over() {
        *games += 1;
        assert_ne!(game.you_won(), Some(true), "{game}");
        return;
    }
    for number in game.numbers_left() {
        let mut next = game.clone();
        next.try_take(number).unwrap();
        pick15_never_beats_perfect(next, games);
    }
}

#[test]
fn pick15_is_tic_tac_toe_and_the_computer_never_loses() {
    let mut games = 0;
    pick15_never_beats_perfect(Pick15::against(Level::Perfect), &mut games);
    pick15_never_beats_perfect(Pick15::against(Level::Perfect).computer_first(), &mut games);
    assert!(games > 50);

    let mut game = Pick15::against(Level::Random).with_seed(3);
    assert_eq!(game.try_take(0), Err(Pick15Error::NotANumber(0)));
    assert_eq!(game.try_take(u64::MAX), Err(Pick15Error::TooBig));
    let reply = game.try_take(5).unwrap().unwrap();
    assert_eq!(
        game.try_take(5),
        Err(Pick15Error::Taken {
            number: 5,
            by_you: true
        })
    );
    assert_eq!(
        game.try_take(reply),
        Err(Pick15Error::Taken {
            number: reply,
            by_you: false
        })
    );
    assert!(
        game.take(42)
            .to_string()
            .contains("42 is not a number from 1 to 9")
    );
    // A win in Pick 15 is three numbers summing to 15: play a whole game and check it.
    let mut game = Pick15::against(Level::Random).with_seed(9);
    while !game.game().is_over() {
        let next = game.numbers_left()[0];
        game.take(next);
    }
    if let Some(you_won) = game.you_won() {
        let numbers = if you_won {
            game.numbers_of_you()
        } else {
            game.numbers_of_computer()
        };
        assert!(
            magic_tictactoe::magic::triples()
                .any(|t| t.iter().all(|n| numbers.contains(n)) && t.iter().sum::<u8>() == 15)
        );
    }
    let computer_first = Pick15::against(Level::Perfect).computer_first();
    assert_eq!(computer_first.numbers_of_computer().len(), 1);
}

#[test]
fn beyond_three_by_three() {
    let lo_shu = MagicGrid::lo_shu();
    assert!(lo_shu.is_magic());
    assert_eq!(lo_shu.sets_reaching_the_constant(), 8);
    assert_eq!(lo_shu.lines().len(), 8);
    assert_eq!(lo_shu.constant_sum_that_is_no_line(), None);

    let durer = MagicGrid::durer();
    assert!(durer.is_magic());
    assert_eq!(durer.magic_constant(), 34);
    assert_eq!(durer.sets_reaching_the_constant(), 86);
    assert_eq!(durer.lines().len(), 10);
    let cells = durer.constant_sum_that_is_no_line().unwrap();
    assert_eq!(cells.iter().map(|&i| durer.numbers()[i]).sum::<u32>(), 34);
    assert!(
        durer
            .clone()
            .highlight(&cells)
            .to_html()
            .contains("not a line")
    );

    let five = MagicGrid::siamese(5).unwrap();
    assert!(five.is_magic());
    assert_eq!(five.magic_constant(), 65);
    assert_eq!(five.sets_reaching_the_constant(), 1394);
    assert_eq!(five.lines().len(), 12);
    assert!(MagicGrid::siamese(3).unwrap().is_magic());
    assert!(MagicGrid::siamese(4).is_none());
    assert!(MagicGrid::siamese(99).is_none());
    // Seven and nine are too big to list every set; counting them still ends at once.
    for size in [7, 9] {
        let grid = MagicGrid::siamese(size).unwrap();
        assert!(grid.is_magic());
        assert!(grid.sets_reaching_the_constant() > grid.lines().len());
        let cells = grid.constant_sum_that_is_no_line().unwrap();
        let sum: u32 = cells.iter().map(|&i| grid.numbers()[i]).sum();
        assert_eq!(sum, grid.magic_constant());
    }
}

#[test]
fn exercises_check_any_answer_without_panicking() {
    let triples = Exercise::triples_containing(5);
    assert!(triples.check(4).is_right());
    assert!(triples.check(4u8).is_right());
    assert!(triples.check(" 4 ").is_right());
    assert!(triples.check(String::from("4")).is_right());
    for wrong in [
        triples.check(3),
        triples.check(-1),
        triples.check("four"),
        triples.check(""),
        triples.check(i128::MAX),
    ] {
        assert!(!wrong.is_right());
    }
    assert!(!triples.check(4.0).is_right());
    assert!(!triples.check(vec![4]).is_right());
    assert!(!triples.check(Some(4)).is_right());
    assert!(triples.check(4.0).text().contains("whole number"));
    assert!(Exercise::triples_containing(8).check(3).is_right());
    assert!(Exercise::triples_containing(3).check(2).is_right());

    let board: Board = "XX./OO./...".parse().unwrap();
    let which = Exercise::which_square(board);
    assert!(which.check(3).is_right());
    assert!(which.check(Square::TopRight).is_right());
    assert!(!which.check(6).is_right());
    assert!(which.check(6).text().contains("Hint"));
    assert!(!which.check(1).is_right());
    assert!(!which.check(0).is_right());
    assert!(!which.check('z').is_right());

    assert!(Exercise::perft(2).check(72).is_right());
    assert!(Exercise::perft(5).check(15_120).is_right());
    assert!(Exercise::number_to_win(8, 3).check(4).is_right());
    assert!(Exercise::number_to_win(8, 9).check(0).is_right());
    assert!(Exercise::lines_on(4).check(10).is_right());
}

#[test]
fn the_rules_exercise_accepts_exactly_the_checklist_squares_on_every_position() {
    for board in stats::reachable_positions() {
        let exercise = Exercise::rules_move(board);
        let allowed = common::rules_checklist(board).map(|(squares, _)| squares);
        for square in Square::ALL {
            let verdict = exercise.check(square.digit());
            let right = allowed.is_some_and(|squares| squares.contains(square));
            assert_eq!(verdict.is_right(), right, "{board} {square}: {verdict}");
            if board.get(square).is_some() {
                assert!(verdict.text().contains("is taken"), "{verdict}");
            }
        }
        assert!(!exercise.check(0).is_right());
        assert!(!exercise.check("corner").is_right());
    }
    // Winning comes before blocking: O can win on 6 although X threatens 3.
    let exercise = Exercise::rules_move("XX./OO./X..".parse().unwrap());
    assert!(exercise.check(6).is_right());
    assert!(exercise.check(6).text().contains("completes a line"));
    assert!(!exercise.check(3).is_right());
}

#[test]
fn the_minimax_count_exercise_counts_the_trees_positions() {
    for text in ["XOX/O.O/.X.", "XO./.XX/O..", "XOX/.O./X.."] {
        let board: Board = text.parse().unwrap();
        let tree = SearchTree::minimax(board).unwrap();
        let exercise = Exercise::minimax_positions(board);
        assert!(exercise.check(tree.len()).is_right(), "{text}");
        assert!(!exercise.check(tree.len() + 1).is_right(), "{text}");
    }
    assert!(
        Exercise::minimax_positions(Board::new())
            .check(549_946)
            .is_right()
    );
}

#[test]
fn learner_win_tests_are_checked_on_every_set() {
    use itertools::Itertools;
    let right = check_win_test(|numbers| {
        numbers
            .iter()
            .array_combinations::<3>()
            .any(|[a, b, c]| a + b + c == 15)
    });
    assert!(right.is_right(), "{right}");
    let too_generous =
        check_win_test(|numbers| numbers.iter().map(|&n| u32::from(n)).sum::<u32>() >= 15);
    assert!(!too_generous.is_right());
    let panics = check_win_test(|numbers| numbers[2] > 0);
    assert!(!panics.is_right());
    assert!(panics.text().contains("panicked"));
}

#[test]
fn galleries_heatmaps_and_comparisons() {
    let mut game = Game::against(Level::Perfect);
    game.play(1);
    game.play(9);
    let heatmaps = game.heatmaps();
    assert_eq!(
        heatmaps.len(),
        game.moves().len() + usize::from(!game.is_over())
    );
    assert!(heatmaps.to_html().contains("played 1"));
    let board: Board = "XO./.../...".parse().unwrap();
    let symmetries = Symmetry::gallery(board);
    assert_eq!(symmetries.len(), 8);
    let comparison = Comparison::run(Board::new());
    assert_eq!(comparison.positions(), [549_946, 20_866, 5_478]);
    assert!(comparison.values().iter().all(|&v| v == Value::Draw(9)));
    assert!(comparison.to_html().contains("All three agree"));
}
