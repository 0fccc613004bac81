//! A notebook saved in the lessons of 2026-11-25 and after still runs: the names the crate has
//! renamed or hidden since then compile at their old paths and do what they did (CHANGELOG.md
//! says each one and what replaces it). That every listed name still exists is checked by
//! `scripts/public_names.py --check tests/names-since-2026-11-25.txt` in the test command; this
//! file calls them as a student's cell did.
#![allow(deprecated)]

use magic_tictactoe::prelude::*;
use magic_tictactoe::{Board, Square, SquareSet};

#[test]
fn the_preludes_older_names_still_name_their_things() {
    use magic_tictactoe::prelude::{
        Analysis, BoardView, Choice, DEFAULT_SEED, GameChallenge, GameSearchCheck, GridView,
        LineKind, MctsCheck, MctsTree, MoveOrder, MoveValue, Outcome, Reason, Search, SearchCheck,
        StartOver, Sums, Table, TakeAway, Tally, Verdict, check_game_minimax, check_game_negamax,
        perft, play_out, rules_choice, solve_minimax,
    };
    let board: Board = "XX./OO./...".parse().unwrap();
    let analysis: Analysis = board.analysis();
    assert_eq!(
        analysis.best_moves(),
        SquareSet::from_iter([Square::TopRight])
    );
    let moves: Vec<MoveValue> = analysis.moves();
    assert_eq!(moves.len(), 5);
    assert_eq!(analysis.to_move(), Some(Player::X));
    assert_eq!(
        perft(Board::new(), 9),
        magic_tictactoe::stats::perft(Board::new(), 9)
    );
    assert_eq!(magic_tictactoe::stats::perft_by_depth(Board::new())[1], 9);
    assert_eq!(
        solve_minimax(&TicTacToe::default(), &Board::new())
            .unwrap()
            .value,
        solve(&TicTacToe::default(), &Board::new()).unwrap().value
    );
    assert_eq!(Outcome::Draw, Ending::Drawn);
    let _ = (
        DEFAULT_SEED,
        LineKind::Row,
        MoveOrder::Keypad,
        TakeAway::new(10),
    );
    // Each type compiles where a cell of 2026-11-25 wrote it.
    fn named<T>() {}
    named::<(BoardView, Choice, GridView, MctsTree<TicTacToe>, Reason)>();
    named::<(
        Search<Value>,
        Table,
        MctsCheck,
        SearchCheck,
        StartOver,
        Sums,
    )>();
    named::<(
        Tally<u32>,
        Verdict,
        GameChallenge,
        GameSearchCheck<TicTacToe>,
    )>();
    let game = TicTacToe::default();
    let negamax = |b: &Board| match b.value() {
        Value::Win(_) => 1,
        Value::Draw(_) => 0,
        Value::Loss(_) => -1,
    };
    assert!(check_game_negamax(&game, negamax).unwrap().is_right());
    assert!(!check_game_minimax(&game, negamax).unwrap().is_right());
    let (mut x, mut o) = (
        Opponent::from(Level::Perfect),
        Opponent::from(Level::Perfect),
    );
    let played = play_out(&game, &mut x, &mut o);
    assert!(matches!(
        played.end,
        magic_tictactoe::End::Over(Ending::Drawn)
    ));
    assert!(rules_choice(Board::new()).is_some());
}

#[test]
fn older_calls_answer_as_their_replacements_do() {
    assert_eq!(Board::EMPTY, Board::new());
    assert_eq!(SquareSet::FULL, Square::ALL.into_iter().collect());
    assert_eq!(Finish::Drew, Finish::Drawn);
    assert_eq!(magic_tictactoe::tree::Algorithm::Minimax, Pruning::None);
    assert_eq!(
        magic_tictactoe::tree::Algorithm::AlphaBeta.name(),
        "Alpha-beta"
    );
    let values = move_values(&TicTacToe::default(), &Board::new()).unwrap();
    assert_eq!(values.clone().into_vec(), Vec::from(values));

    let game = TicTacToe::default();
    let board = Board::new();
    let mut perfect = Opponent::from(Level::Perfect);
    let turn = perfect.turn_for(&game, &board);
    assert_eq!(turn, Opponent::from(Level::Perfect).turn(&game, &board));
    assert_eq!(turn, Opponent::from(Level::Perfect).turn_in(&game, &board));
    let choice = Opponent::from(Level::Perfect).choose_in(&game, &board);
    assert_eq!(
        choice.map(|c| c.square),
        Opponent::from(Level::Perfect).choose_move(board)
    );

    // A search check made under its name of 2026-11-26.
    let negamax = |b: &Board| match b.value() {
        Value::Win(_) => 1,
        Value::Draw(_) => 0,
        Value::Loss(_) => -1,
    };
    let older = SearchCheck::negamax(&game, negamax).unwrap();
    let newer = check_negamax_for(&game, negamax).unwrap();
    assert!(older.is_right() && newer.is_right());
    assert_eq!(older.positions_visited(), newer.positions_visited());
}

#[test]
fn a_bot_written_with_checks_itself_still_compiles_and_is_checked_by_the_match() {
    struct Cheat;
    impl Bot<TicTacToe> for Cheat {
        fn name(&self) -> &str {
            "cheat"
        }
        // It claims to check itself, as a bot of 2026-11-27 could; the match checks it anyway.
        fn checks_itself(&self) -> bool {
            true
        }
        fn turn(&mut self, _: &TicTacToe, _: &Board) -> Option<Turn> {
            Some(Turn::plays(Square::Centre))
        }
    }
    let mut random = Opponent::from(Level::Random);
    let played = play_game(&TicTacToe::default(), &mut Cheat, &mut random);
    assert!(
        matches!(played.end, magic_tictactoe::End::Forfeited(_)),
        "playing the centre twice forfeits: {:?}",
        played.end
    );
}

#[test]
fn the_exercises_of_the_lessons_of_2026_11_25_are_set_and_checked() {
    assert!(Exercise::positions_up_to_symmetry(2).check(12).is_right());
    assert!(!Exercise::positions_up_to_symmetry(2).check(11).is_right());
    assert!(Exercise::sets_reaching_34().check(86).is_right());
    assert!(!Exercise::sets_reaching_34().check(85).is_right());

    let mut menace = Menace::new();
    menace
        .train(Level::Random, 1_000)
        .expect("within the limit");
    let boxes = Exercise::menace_boxes(1_000);
    assert!(boxes.check(menace.box_count()).is_right());
    assert!(!boxes.check(menace.box_count() + 1).is_right());
    assert!(!boxes.check(0).is_right());

    // The colour with the most beads, the first in keypad order on a tie.
    let first_box = menace.first_box().expect("the first box");
    let most = first_box.squares().iter().map(|s| first_box.beads(s)).max();
    let favourite = first_box
        .squares()
        .iter()
        .find(|&s| Some(first_box.beads(s)) == most)
        .expect("beads");
    let first_move = Exercise::menace_first_move(1_000);
    assert!(first_move.check(favourite).is_right());
    let other = Square::ALL
        .into_iter()
        .find(|s| (s.is_corner(), s.is_edge()) != (favourite.is_corner(), favourite.is_edge()))
        .expect("a square of another kind");
    assert!(!first_move.check(other).is_right());
    assert!(!first_move.check(10).is_right());
}

#[test]
fn the_limits_are_at_their_old_paths() {
    use magic_tictactoe::{any_game, engine, games, paper, rules, search_check, tournament, tree};
    assert_eq!(games::MAX_SIDE, engine::games::MAX_SIDE);
    assert_eq!(rules::MAX_TAKE, games::MAX_TAKE);
    assert_eq!(
        any_game::MAX_CHALLENGE_PLAYOUT_MOVES,
        any_game::MAX_CHALLENGE_SEARCH_MOVES
    );
    assert_eq!(any_game::MAX_GAME_MOVES, engine::play::MAX_GAME_MOVES);
    assert_eq!(engine::mcts::MAX_PLAYOUT_MOVES, rules::MAX_PLAYOUT_MOVES);
    let _ = (engine::mcts::MAX_NODES, engine::mcts::MAX_EXPLORATION);
    let _ = (
        paper::MAX_BRANCHING,
        paper::MAX_LEAF_VALUE,
        paper::MAX_TREE_DEPTH,
    );
    let _ = (search_check::MAX_BOARDS, tree::MAX_TREE_POSITIONS);
    assert_eq!(
        tournament::SAMPLED_GAMES,
        magic_tictactoe::challenge::SAMPLED_GAMES
    );
    let _ = tournament::MAX_EXACT_POSITIONS;
    assert_eq!(
        magic_tictactoe::teach::progress::VARIABLE,
        magic_tictactoe::teach::classroom::VARIABLE
    );
}
