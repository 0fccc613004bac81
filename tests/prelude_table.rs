//! The table of one call for each thing in docs/prelude.md (and the README), row by row: each
//! call as the table writes it, compiled and run with nothing but the prelude, on tic-tac-toe
//! and on another game (take-away from 10 sticks). A row whose advice stops compiling fails
//! here; `names.rs` checks that the table keeps its pattern.

use magic_tictactoe::prelude::*;

type Failing = Result<(), Box<dyn std::error::Error>>;

fn take_away() -> TakeAway {
    TakeAway::new(10)
}

/// Take-away's perfect move: leave the other side a multiple of four.
fn leave_four(&(sticks, _): &(u32, Player)) -> u32 {
    match sticks % 4 {
        0 => 1,
        left => left,
    }
}

#[test]
fn make_a_computer_player() -> Failing {
    let seed = 7;
    let eval = |_: &Board, _: Player| 0;
    let board = Board::new();
    for mut player in [
        Opponent::new(Level::Rules, seed),
        Opponent::mcts(1_000, seed),
        Opponent::searching(3, eval),
    ] {
        assert!(player.choose_move(board).is_some());
    }
    let game = take_away();
    let position = game.start();
    for mut player in [
        Opponent::random_for(&game, seed),
        Opponent::perfect_for(&game)?,
        Opponent::mcts_for(&game, 1_000, seed),
    ] {
        assert!(matches!(
            player.turn(&game, &position),
            Some(Turn::Plays(_))
        ));
    }
    Ok(())
}

#[test]
fn make_your_own_player_and_ask_it_for_its_move() -> Failing {
    // On tic-tac-toe: a function from a board to a square, made an opponent.
    fn mine(board: &Board) -> Square {
        board.empty_squares().iter().next().expect("a free square")
    }
    let mut player = Opponent::own("mine", mine);
    assert_eq!(player.choose_move(Board::new()), Some(Square::TopLeft));

    // On any game: a closure |game, position| my_move is a Bot, asked as every Bot is.
    let game = take_away();
    let mut closure = |_: &TakeAway, position: &(u32, Player)| leave_four(position);
    assert!(matches!(
        closure.turn(&game, &game.start()),
        Some(Turn::Plays(_))
    ));

    // ... and so is a type of one's own.
    #[derive(Clone)]
    struct Mine;
    impl Bot<TakeAway> for Mine {
        fn name(&self) -> &str {
            "mine"
        }
        fn turn(&mut self, _: &TakeAway, position: &(u32, Player)) -> Option<Turn<u32>> {
            Some(Turn::plays(leave_four(position)))
        }
    }
    assert!(matches!(
        Mine.turn(&game, &game.start()),
        Some(Turn::Plays(_))
    ));
    Ok(())
}

#[test]
fn play_one_game() -> Failing {
    let mut game = Game::against(Level::Perfect);
    game.play(5);
    assert_eq!(game.moves().len(), 2);

    let take_away = take_away();
    let mut x = |_: &TakeAway, position: &(u32, Player)| leave_four(position);
    let mut o = Opponent::perfect_for(&take_away)?;
    let played = play_game(&take_away, &mut x, &mut o);
    // Ten sticks: X takes 2, leaves 8, and wins by leaving a multiple of four each time.
    assert_eq!(played.moves[0], 2);
    assert_eq!(take_away.ending(&played.last), Some(Ending::Won(Player::X)));
    Ok(())
}

#[test]
fn pit_players_against_each_other() -> Failing {
    let mine = |board: &Board| board.empty_squares().iter().next().expect("a free square");
    assert!(Challenge::new(mine).opponents().len() > 1);
    let tournament = Tournament::among([Level::Random, Level::Perfect])?;
    assert!(!tournament.to_string().is_empty());

    let game = take_away();
    // Challenge::new_for takes the player as |position| my_move.
    let player = leave_four;
    let challenge = Challenge::new_for(&game, "mine", player);
    assert!(challenge.opponents().len() > 1);
    let tournament = Tournament::among_for(
        &game,
        [
            Opponent::random_for(&game, 1),
            Opponent::perfect_for(&game)?,
        ],
    )?;
    assert!(!tournament.to_string().is_empty());
    Ok(())
}

#[test]
fn value_a_position_and_every_move() -> Failing {
    let board = Board::new();
    assert_eq!(board.value(), minimax(board).value);
    assert_eq!(board.analysis().len(), 9);

    let game = take_away();
    let position = game.start();
    assert!(matches!(solve(&game, &position)?.value, Value::Win(_)));
    let values = move_values(&game, &position)?;
    assert_eq!(values.best(), vec![2]);
    Ok(())
}

#[test]
fn solve_the_whole_game() -> Failing {
    let solved = SolvedGame::tic_tac_toe();
    assert_eq!(solved.value(&Board::new()), Some(Value::Draw(9)));
    let game = take_away();
    let solved = SolvedGame::new(&game, &game.start())?;
    assert!(matches!(solved.value(&game.start()), Some(Value::Win(_))));
    Ok(())
}

#[test]
fn check_your_own_search() -> Failing {
    // Minimax's value seen by X: 1 where X wins, -1 where O does, 0 for a draw.
    let my_search = |board: &Board| match (board.to_move(), board.value()) {
        (_, Value::Draw(_)) => 0,
        (Some(Player::X), Value::Win(_)) | (Some(Player::O), Value::Loss(_)) => 1,
        (Some(_), _) => -1,
        (None, _) => match board.winner() {
            Some(Player::X) => 1,
            Some(Player::O) => -1,
            None => 0,
        },
    };
    assert!(check_minimax(my_search).is_right());

    let game = take_away();
    // Minimax's value seen by X: 1 where X wins, -1 where O does.
    let solved = SolvedGame::new(&game, &game.start())?;
    let my_search = |position: &(u32, Player)| {
        let value = solved.value(position).expect("a position of the game");
        let for_x = matches!(value, Value::Win(_)) == (position.1 == Player::X);
        if for_x { 1 } else { -1 }
    };
    assert!(check_minimax_for(&game, my_search)?.is_right());
    Ok(())
}

#[test]
fn count_the_game() -> Failing {
    assert_eq!(stats::perft(Board::new(), 4), 9 * 8 * 7 * 6);
    // Take 1, 2 or 3 each time, four times, from 10 sticks, counted here by the rules alone.
    fn ways(sticks: u32, moves: u32) -> u64 {
        if moves == 0 || sticks == 0 {
            return 1;
        }
        (1..=sticks.min(3))
            .map(|take| ways(sticks - take, moves - 1))
            .sum()
    }
    let game = take_away();
    assert_eq!(perft_for(&game, &game.start(), 4)?, ways(10, 4));
    Ok(())
}

#[test]
fn search_by_playouts() -> Failing {
    let board = Board::new();
    let tree = Mcts::new(1_000)?.search(&TicTacToe::default(), &board);
    assert!(tree.best_move().is_some());
    let game = take_away();
    let position = game.start();
    let tree = Mcts::new(1_000)?.search(&game, &position);
    assert!(tree.best_move().is_some());
    Ok(())
}
