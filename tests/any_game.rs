//! The crate's searches, pictures and checks on games other than tic-tac-toe: the two grid
//! games it ships and a learner's own.

use magic_tictactoe::engine::solve::move_values;
use magic_tictactoe::prelude::*;
use magic_tictactoe::solver;
use magic_tictactoe::{Bot, TicTacToe};

/// `grid` after X's winning move in column 0.
fn won_grid(game: &ConnectFour, grid: &Grid) -> Grid {
    game.play(grid, 0)
}

/// The yellow of a winning line's squares.
const MARKED: &str = "#ffe07a";

#[test]
fn a_grid_games_picture_shows_marks_numbers_the_winning_line_and_values() {
    let game = ConnectFour::new(4, 4).unwrap();
    let mut grid = game.start();
    for column in [0, 1, 0, 1, 0, 1] {
        grid = game.play(&grid, column);
    }
    // X to move: the only winning move is the fourth mark in column 0; column 1 fills O's
    // column and draws; elsewhere O wins.
    let values = move_values(&game, &grid).unwrap();
    let view = grid.view(&game).with_values(&values);
    let html = view.to_html().into_string();
    assert!(html.contains("X to move"), "{html}");
    for column in 0..4 {
        assert!(
            html.contains(&format!(">{column}</div>")),
            "column {column}'s number"
        );
    }
    assert!(html.contains("win 1"), "column 0 wins at once: {html}");
    assert!(html.contains("loss 2"), "the other columns lose: {html}");
    assert_eq!(html.matches(MARKED).count(), 0, "no line yet");
    assert_eq!(view.to_string(), "....\nXO..\nXO..\nXO..\nX to move");
    // The values alone are a picture too: a table in the game's order, the best marked.
    assert_eq!(values.best(), [0]);
    assert_eq!(
        values.to_string(),
        "0: win in 1 (best)\n1: draw in 10\n2: loss in 2\n3: loss in 2"
    );
    let table = values.to_html().into_string();
    assert_eq!(
        table.matches("<tr").count(),
        5,
        "a heading and a row a move: {table}"
    );
    assert_eq!(table.matches(">best<").count(), 1, "{table}");
    assert!(table.contains(">draw in 10<"), "{table}");
    assert!(
        table.contains(">win in 1<") && table.contains(">loss in 2<"),
        "{table}"
    );
    let over = move_values(&game, &won_grid(&game, &grid)).unwrap();
    assert!(over.is_empty());
    assert!(
        over.to_html()
            .into_string()
            .contains("No moves: the game is over here.")
    );

    let won = game.play(&grid, 0);
    let html = won.view(&game).to_html().into_string();
    assert!(html.contains("X wins"));
    assert_eq!(
        html.matches(MARKED).count(),
        4,
        "the four in column 0: {html}"
    );

    // k in a row numbers its free squares, the moves it takes, and a draw says so.
    let noughts = KInARow::new(3, 3, 3).unwrap();
    let mut grid = noughts.start();
    for square in [4, 0, 2, 6, 3, 5, 1, 7, 8] {
        grid = noughts.play(&grid, square);
    }
    let html = grid.view(&noughts).to_html().into_string();
    assert!(html.contains("A draw"), "{html}");
    let start = noughts.start().view(&noughts).to_html().into_string();
    for square in 0..9 {
        assert!(start.contains(&format!("square {square}")));
    }
}

use magic_tictactoe::Fault;
use magic_tictactoe::challenge::{Challenge, GAMES_EACH};
use magic_tictactoe::engine::solve::{MAX_SOLVED_POSITIONS, SolvedGame, search_ahead};
use magic_tictactoe::search_check::{
    MAX_GAME_CHECKS, Mistake, check_minimax_for, check_negamax_for,
};
use magic_tictactoe::stats;

/// Take 1, 2 or 3 sticks; whoever takes the last one wins.
struct TakeAway(u32);

impl TwoPlayerGame for TakeAway {
    type Position = (u32, Player);
    type Move = u32;
    fn start(&self) -> (u32, Player) {
        (self.0, Player::X)
    }
    fn to_move(&self, p: &(u32, Player)) -> Player {
        p.1
    }
    fn moves(&self, p: &(u32, Player)) -> Vec<u32> {
        (1..=3).filter(|&t| t <= p.0).collect()
    }
    fn play(&self, p: &(u32, Player), take: u32) -> (u32, Player) {
        (p.0 - take, !p.1)
    }
    fn ending(&self, p: &(u32, Player)) -> Option<Ending> {
        (p.0 == 0).then_some(Ending::Won(!p.1))
    }
}

/// A learner's negamax for any game: +1 when the player to move wins.
fn negamax<G: TwoPlayerGame>(game: &G, position: &G::Position) -> i32 {
    match game.ending(position) {
        Some(Ending::Won(winner)) if winner == game.to_move(position) => 1,
        Some(Ending::Won(_)) => -1,
        Some(Ending::Drawn) => 0,
        None => game
            .moves(position)
            .into_iter()
            .map(|m| -negamax(game, &game.play(position, m)))
            .max()
            .unwrap_or(-1),
    }
}

#[test]
fn a_solved_game_holds_every_position_with_the_tables_value() {
    let table = solver::Table::build();
    let solved = SolvedGame::new(&TicTacToe::default(), &Board::new()).unwrap();
    assert_eq!(solved.len(), 5_478);
    for board in stats::reachable_positions() {
        assert_eq!(solved.value(&board), Some(table.value(board)), "{board}");
        let best: Vec<Square> = board.best_moves().into_iter().collect();
        let mut found = solved.best_moves(&TicTacToe::default(), &board);
        found.sort();
        assert_eq!(found, best, "{board}");
    }
    // Every position comes after every position that can follow it.
    let order: std::collections::HashMap<Board, usize> = solved
        .positions()
        .enumerate()
        .map(|(i, (b, _))| (*b, i))
        .collect();
    for (board, &at) in &order {
        for (_, child) in board.children() {
            assert!(order[&child] < at, "{child} before {board}");
        }
    }
    let noughts = KInARow::new(3, 3, 3).unwrap();
    assert_eq!(
        SolvedGame::new(&noughts, &noughts.start()).unwrap().len(),
        5_478
    );
    let four = KInARow::new(4, 4, 4).unwrap();
    let refusal = SolvedGame::new(&four, &four.start())
        .unwrap_err()
        .limit()
        .unwrap();
    assert_eq!(refusal.limit, MAX_SOLVED_POSITIONS as u64);
}

#[test]
fn searching_ahead_to_the_end_is_perfect_play_and_the_evaluation_decides_before() {
    let game = TicTacToe::default();
    for board in stats::reachable_positions() {
        let Some((square, score)) = search_ahead(&game, &board, 9, |_, _| 0).unwrap() else {
            assert!(board.is_over());
            continue;
        };
        assert!(board.best_moves().contains(square), "{board}: {square}");
        let expected = match board.value() {
            Value::Win(n) => 1_000 - i32::from(n),
            Value::Loss(n) => -(1_000 - i32::from(n)),
            Value::Draw(_) => 0,
        };
        assert_eq!(score, expected, "{board}");
    }
    // One move ahead from the empty board, the evaluation alone picks: it is asked about O,
    // to move after X's move, and kept between -500 and 500.
    let fears_nine = |board: &Board, player: Player| {
        if player == Player::O && board.get(Square::from_digit(9).unwrap()) == Some(Player::X) {
            -1_000_000
        } else {
            0
        }
    };
    let (square, score) = search_ahead(&game, &Board::new(), 1, fears_nine)
        .unwrap()
        .unwrap();
    assert_eq!((square.digit(), score), (9, 500));
    // Depth 0 is taken as 1; a search that looks too far is refused.
    assert!(
        search_ahead(&game, &Board::new(), 0, |_, _| 0)
            .unwrap()
            .is_some()
    );
    let shop = ConnectFour::new(7, 6).unwrap();
    assert!(search_ahead(&shop, &shop.start(), 12, |_, _| 0).is_err());
    assert!(
        search_ahead(&shop, &shop.start(), 5, |_, _| 0)
            .unwrap()
            .is_some()
    );
}

#[test]
fn a_learners_search_is_checked_on_any_game_and_its_mistakes_are_found() {
    let take = TakeAway(12);
    let right = check_negamax_for(&take, |p| negamax(&take, p)).unwrap();
    assert!(right.is_right(), "{right}");
    // Every position, finished ones too: 0 to 12 sticks, X or O to move, less the two that
    // cannot happen (X to move at 11, O at 12).
    assert_eq!(right.checked(), right.positions_of_the_game());
    assert_eq!(right.checked(), 24);
    // The same values seen by X: minimax.
    let as_minimax = |p: &(u32, Player)| {
        let v = negamax(&take, p);
        if p.1 == Player::X { v } else { -v }
    };
    assert!(check_minimax_for(&take, as_minimax).unwrap().is_right());
    // ... but handed to the negamax check, the values seen by X are wrong where O moves, and
    // the card says where in the game's words.
    let wrong = check_negamax_for(&take, as_minimax).unwrap();
    let mistake = wrong.mistake().unwrap();
    assert_eq!(mistake.position().1, Player::O, "{wrong}");
    let text = wrong.to_string();
    assert!(text.contains("Not yet"), "{text}");
    assert!(
        text.contains("sticks, O to take (O to move) it says"),
        "{text}"
    );
    // A search that forgets the last stick wins (it scores an ending as a draw).
    let forgets = |p: &(u32, Player)| if p.0 == 0 { 0 } else { negamax(&take, p) };
    assert!(
        !check_negamax_for(&take, |p| {
            if take.ending(p).is_some() {
                0
            } else {
                -forgets(&take.play(p, 1))
            }
        })
        .unwrap()
        .is_right()
    );
    // A panic is caught and named.
    let panics = check_negamax_for(&take, |p| {
        if p.0 == 5 {
            panic!("five!")
        } else {
            negamax(&take, p)
        }
    })
    .unwrap();
    assert!(
        matches!(panics.mistake(), Some(Mistake::Panicked { message, .. }) if message == "five!"),
        "{panics}"
    );
    assert!(panics.to_html().as_str().contains("five!"));

    // Connect Four 4 by 4: the positions nearest the end, up to the limit.
    let connect = ConnectFour::new(4, 4).unwrap();
    let check = check_negamax_for(&connect, |g| negamax(&connect, g)).unwrap();
    assert!(check.is_right(), "{check}");
    assert_eq!(check.checked(), MAX_GAME_CHECKS);
    assert!(check.positions_of_the_game() > MAX_GAME_CHECKS);
    // The game is named in words: its own name, not the type's.
    let text = check.to_string();
    assert!(text.ends_with("of Connect Four on 4 by 4."), "{text}");
    // Too big to solve: refused in a sentence.
    let four = KInARow::new(4, 4, 4).unwrap();
    assert!(check_negamax_for(&four, |_| 0).is_err());
}

#[test]
fn a_learners_player_meets_the_computer_on_any_game() {
    let connect = ConnectFour::new(4, 4).unwrap();
    let solved = SolvedGame::new(&connect, &connect.start()).unwrap();
    let perfect = |grid: &Grid| solved.best_moves(&connect, grid)[0];
    let challenge = Challenge::new_for(&connect, "perfect too", perfect);
    assert_eq!(
        challenge.opponents(),
        ["random", "MCTS 100", "MCTS 1,000", "perfect"]
    );
    for opponent in challenge.opponents() {
        for side in Player::ALL {
            let record = challenge.record(opponent, side).unwrap();
            assert_eq!(record.losses, 0.0, "{challenge}");
            assert!((record.wins + record.draws + record.losses - 1.0).abs() < 1e-9);
        }
    }
    assert_eq!(challenge.record("perfect", Player::X).unwrap().draws, 1.0);
    assert!(challenge.first_forfeit().is_none());
    let text = challenge.to_string();
    assert!(
        text.starts_with("perfect too against the computer at Connect Four on 4 by 4"),
        "{text}"
    );

    // Taking sticks: always one loses to perfect play from 10 (X) and wins nothing against it.
    let take = TakeAway(10);
    let ones = Challenge::new_for(&take, "ones", |_: &(u32, Player)| 1);
    // A learner's game with no name of its own is called by its type's, in words.
    let text = ones.to_string();
    assert!(
        text.starts_with("ones against the computer at take away"),
        "{text}"
    );
    assert_eq!(
        ones.record("perfect", Player::X).unwrap().losses,
        1.0,
        "{ones}"
    );
    // A move not allowed, or a panic, forfeits the game; the forfeit is said in the game's words.
    let greedy = Challenge::new_for(&take, "greedy", |p: &(u32, Player)| p.0.min(4));
    let record = greedy.record("random", Player::X).unwrap();
    assert!(record.forfeits > 0.0, "{greedy}");
    let forfeit = greedy.first_forfeit().unwrap();
    assert!(
        matches!(forfeit.fault, Fault::NotAMove { chosen: 4 }),
        "{greedy}"
    );
    let text = greedy.to_string();
    assert!(
        text.contains("sticks, X to take (X to move): it chose 4, which is not one of the moves"),
        "{text}"
    );
    let panics = Challenge::new_for(&take, "panics", |_: &(u32, Player)| -> u32 { panic!("no") });
    assert_eq!(panics.record("random", Player::O).unwrap().forfeits, 1.0);
    assert!(panics.to_html().as_str().contains("panicked: no"));
    let html = challenge.to_html().into_string();
    assert!(
        html.contains(&format!("{GAMES_EACH} games each way")),
        "{html}"
    );

    // Too big to solve: perfect play is left out, and the picture says why.
    let shop = ConnectFour::new(7, 6).unwrap();
    let shop_challenge = Challenge::new_for(&shop, "leftmost", |g: &Grid| shop.moves(g)[0]);
    assert_eq!(shop_challenge.opponents().len(), 3);
    assert!(
        shop_challenge.to_string().contains("too big to solve"),
        "{shop_challenge}"
    );
}

/// The names the checks and the challenge of any game had before they took tic-tac-toe's
/// tools' place still work, with the bounds they had: a game that says nothing of its positions
/// but their `{:?}` (no `ShowGame`).
#[test]
#[allow(deprecated)]
fn the_any_game_names_of_before_still_work() {
    use magic_tictactoe::any_game::{GameChallenge, check_game_minimax, check_game_negamax};

    /// Take 1 or 2 sticks, with nothing to say of its positions but `{:?}`.
    struct Plain;
    impl TwoPlayerGame for Plain {
        type Position = (u32, Player);
        type Move = u32;
        fn start(&self) -> (u32, Player) {
            (6, Player::X)
        }
        fn to_move(&self, p: &(u32, Player)) -> Player {
            p.1
        }
        fn moves(&self, p: &(u32, Player)) -> Vec<u32> {
            (1..=2).filter(|&t| t <= p.0).collect()
        }
        fn play(&self, p: &(u32, Player), take: u32) -> (u32, Player) {
            (p.0 - take, !p.1)
        }
        fn ending(&self, p: &(u32, Player)) -> Option<Ending> {
            (p.0 == 0).then_some(Ending::Won(!p.1))
        }
    }
    assert!(
        check_game_negamax(&Plain, |p| negamax(&Plain, p))
            .unwrap()
            .is_right()
    );
    let wrong = check_game_minimax(&Plain, |_| 1).unwrap();
    assert!(
        wrong.to_string().contains("at (0, X) (X to move)"),
        "{wrong}"
    );
    let challenge = GameChallenge::new(&Plain, "greedy", |p: &(u32, Player)| p.0.min(3));
    assert!(challenge.record("random", Player::X).unwrap().forfeits > 0.0);
    assert!(
        challenge.to_string().contains("not one of the moves"),
        "{challenge}"
    );

    // The any-game forms' names before `_for`: the same calls.
    let take = TakeAway(10);
    let ones = |_: &(u32, Player)| 1;
    assert_eq!(
        Challenge::of_game(&take, "ones", ones).to_string(),
        Challenge::new_for(&take, "ones", ones).to_string()
    );
    let mut old = PlayoutSteps::of_game(TakeAway(7), take.start());
    let mut new = PlayoutSteps::new_for(TakeAway(7), take.start());
    assert_eq!(old.steps(20).to_string(), new.steps(20).to_string());
    let mut perfect = Opponent::perfect_for(&take).unwrap();
    assert_eq!(
        perfect.turn(&take, &take.start()),
        perfect.turn(&take, &take.start())
    );
    assert!(perfect.turn(&take, &take.start()).is_some());
}

impl ShowGame for TakeAway {
    fn position_text(&self, &(sticks, turn): &(u32, Player)) -> String {
        format!("{sticks} sticks, {turn} to take")
    }
    fn move_text(&self, take: u32) -> String {
        format!("takes {take}")
    }
}

/// The Monte Carlo stepper on a grid game and on a learner's game: each playout adds one visit
/// on its path and its ending's half points to the player who moved into each position, and
/// selection takes the highest UCB1.
#[test]
fn the_monte_carlo_stepper_steps_any_game() {
    use magic_tictactoe::playouts::PlayoutSteps;

    fn check<G: ShowGame>(mut steps: PlayoutSteps<G>, playouts: u32) -> String {
        for number in 1..=playouts {
            steps.step();
            let playout = steps.last_playout().unwrap();
            assert_eq!(playout.number, number);
            assert_eq!(playout.updates.len(), playout.path.len() + 1);
            for update in &playout.updates {
                assert_eq!(update.visits.1, update.visits.0 + 1);
                let gained = update.half_points.1 - update.half_points.0;
                assert_eq!(gained, playout.ending.half_points(update.mover));
            }
            for step in &playout.path {
                let best = step
                    .candidates
                    .iter()
                    .fold(None::<(f64, G::Move)>, |best, c| match best {
                        Some((top, _)) if top >= c.ucb1 => best,
                        _ => Some((c.ucb1, c.choice)),
                    })
                    .unwrap();
                assert_eq!(best.1, step.chosen);
            }
        }
        assert_eq!(steps.tree().playouts(), playouts);
        steps.to_html().into_string()
    }

    let connect = ConnectFour::new(4, 4).unwrap();
    let html = check(
        PlayoutSteps::new_for(connect.clone(), connect.start()).seed(3),
        80,
    );
    assert!(html.contains("X in column 0"), "{html}");
    let take = TakeAway(7);
    let steps = PlayoutSteps::new_for(TakeAway(7), take.start());
    assert_eq!(steps.position(), &(7, Player::X));
    let html = check(steps, 40);
    assert!(html.contains("7 sticks, X to take"), "{html}");
    assert!(html.contains("X takes 3"), "{html}");
    let mut steps = PlayoutSteps::new_for(TakeAway(7), take.start());
    let text = steps.steps(40).to_string();
    assert!(text.contains("most tried at the root: takes 3"), "{text}");
}

/// A game that never ends: every search and the challenge still come back, and say why they
/// stopped.
#[test]
fn a_game_that_never_ends_is_refused_or_cut_short() {
    struct Forever;
    impl TwoPlayerGame for Forever {
        type Position = (u64, Player);
        type Move = u64;
        fn start(&self) -> (u64, Player) {
            (0, Player::X)
        }
        fn to_move(&self, p: &(u64, Player)) -> Player {
            p.1
        }
        fn moves(&self, _: &(u64, Player)) -> Vec<u64> {
            vec![1, 2]
        }
        fn play(&self, p: &(u64, Player), step: u64) -> (u64, Player) {
            (p.0.wrapping_add(step), !p.1)
        }
        fn ending(&self, _: &(u64, Player)) -> Option<Ending> {
            None
        }
    }
    impl ShowGame for Forever {
        fn position_text(&self, &(steps, _): &(u64, Player)) -> String {
            format!("{steps} steps")
        }
    }
    assert!(SolvedGame::new(&Forever, &Forever.start()).is_err());
    assert!(check_negamax_for(&Forever, |_| 0).is_err());
    let challenge = Challenge::new_for(&Forever, "ones", |_: &(u64, Player)| 1);
    let text = challenge.to_string();
    assert!(text.contains("too big to solve"), "{text}");
    assert!(text.contains("the games played were: MCTS 100 0"), "{text}");
    // Against the random player every game reaches the limit of moves: a draw.
    assert_eq!(challenge.record("random", Player::X).unwrap().draws, 1.0);
}

#[test]
fn a_challenges_monte_carlo_players_share_one_bound_on_their_searches() {
    // On five in a row on 8 by 8 the long playouts of MCTS 100 use up the bound on the moves
    // searched that both Monte Carlo players share, so MCTS 1,000 plays no game; a bound for
    // each would let it play some.
    let game = KInARow::new(8, 8, 5).unwrap();
    let challenge = Challenge::new_for(&game, "first", |grid: &Grid| game.moves(grid)[0]);
    let text = challenge.to_string();
    assert!(
        text.contains(
            "stopped after 4,000,000 moves searched, so the games played were: MCTS 1,000 0."
        ),
        "{text}"
    );
    assert!(challenge.record("MCTS 100", Player::X).is_some(), "{text}");
}
