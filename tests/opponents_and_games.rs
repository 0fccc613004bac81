//! Computer opponents and game sessions.

use crate::common;

use magic_tictactoe::{
    Board, Game, Level, MoveError, Opponent, Player, Reason, Square, magic, stats,
};

#[test]
fn the_rules_player_follows_its_priority_list_on_every_position() {
    for seed in 0..3 {
        let mut rules = Opponent::new(Level::Rules, seed);
        for board in stats::reachable_positions() {
            if board.is_over() {
                assert_eq!(rules.choose(board), None);
                continue;
            }
            let choice = rules.choose(board).unwrap();
            let (allowed, reason) = common::rules_checklist(board).unwrap();
            assert!(allowed.contains(choice.square), "{board}: {choice:?}");
            assert_eq!(choice.reason, reason, "{board}");
        }
    }
}

/// Whether X can force a win against `rules` (as O) from `board`, trying every X move.
fn x_can_beat(board: Board, seed: u64) -> Option<Vec<Square>> {
    for square in board.legal_moves() {
        let after_x = board.try_play(square).unwrap();
        if after_x.winner() == Some(Player::X) {
            return Some(vec![square]);
        }
        let Some(reply) = Opponent::new(Level::Rules, seed).choose_move(after_x) else {
            continue;
        };
        let after_o = after_x.try_play(reply).unwrap();
        if after_o.is_over() {
            continue;
        }
        if let Some(mut rest) = x_can_beat(after_o, seed) {
            rest.splice(0..0, [square, reply]);
            return Some(rest);
        }
    }
    None
}

#[test]
fn a_fork_beats_the_rules_player() {
    let line = x_can_beat(Board::new(), 1).expect("the rules player should fall to a fork");
    assert!(line.len() >= 5);
    let mut board = Board::new();
    for square in &line {
        board = board.try_play(*square).unwrap();
    }
    assert_eq!(board.winner(), Some(Player::X));
    // Before X's winning move, X had two ways to win: a fork.
    let before = line[..line.len() - 1]
        .iter()
        .fold(Board::new(), |b, &s| b.try_play(s).unwrap());
    let before_o_move = line[..line.len() - 2]
        .iter()
        .fold(Board::new(), |b, &s| b.try_play(s).unwrap());
    assert!(
        magic::winning_squares(
            before_o_move.squares(Player::X),
            before_o_move.empty_squares()
        )
        .len()
            >= 2
    );
    assert!(before.to_move() == Some(Player::X));
}

#[test]
fn opponents_are_reproducible_from_their_seed() {
    for level in [Level::Random, Level::Rules, Level::Perfect, Level::MEDIUM] {
        let play = |seed| {
            let mut game = Game::against_opponent(Opponent::new(level, seed), Player::O);
            let mut me = Opponent::new(Level::Random, seed + 100);
            while let Some(square) = me.choose_move(game.board()) {
                game.try_play(square).unwrap();
            }
            game.moves().to_vec()
        };
        assert_eq!(play(3), play(3), "{level}");
    }
    let games: std::collections::HashSet<Vec<Square>> = (0..20)
        .map(|seed| {
            let mut a = Opponent::new(Level::Random, seed);
            let mut board = Board::new();
            let mut moves = Vec::new();
            while let Some(square) = a.choose_move(board) {
                board = board.try_play(square).unwrap();
                moves.push(square);
            }
            moves
        })
        .collect();
    assert!(games.len() > 10, "different seeds give different games");
}

#[test]
fn a_blundering_player_blunders_about_as_often_as_asked() {
    let mut always = Opponent::new(Level::Blunders(100), 9);
    let mut sometimes = Opponent::new(Level::Blunders(50), 9);
    let mut capped = Opponent::new(Level::Blunders(250), 9);
    let positions = stats::reachable_positions();
    let (mut blunders, mut total) = (0, 0);
    for &board in positions.iter().filter(|b| !b.is_over()) {
        assert_eq!(always.choose(board).unwrap().reason, Reason::Blunder);
        assert_eq!(capped.choose(board).unwrap().reason, Reason::Blunder);
        total += 1;
        if sometimes.choose(board).unwrap().reason == Reason::Blunder {
            blunders += 1;
        }
    }
    assert!(
        (blunders as f64 / total as f64 - 0.5).abs() < 0.05,
        "{blunders} of {total}"
    );
}

#[test]
fn perfect_beats_or_draws_every_level_over_many_seeded_games() {
    for level in Level::ALL {
        for seed in 0..50 {
            for perfect_side in Player::ALL {
                let mut perfect = Opponent::new(Level::Perfect, seed);
                let mut other = Opponent::new(level, seed + 1);
                let mut board = Board::new();
                while let Some(mover) = board.to_move() {
                    let player = if mover == perfect_side {
                        &mut perfect
                    } else {
                        &mut other
                    };
                    board = board.try_play(player.choose_move(board).unwrap()).unwrap();
                }
                assert_ne!(
                    board.winner(),
                    Some(!perfect_side),
                    "{level} seed {seed}: {board}"
                );
            }
        }
    }
}

#[test]
fn the_computer_opens_when_it_plays_x() {
    let game = Game::against(Level::Perfect).playing_as(Player::O);
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.computer_plays(), Some(Player::X));
    assert_eq!(game.to_move(), Some(Player::O));
}

#[test]
fn undo_takes_back_the_reply_too_but_not_the_computer_opening() {
    let mut game = Game::against(Level::Perfect).playing_as(Player::O);
    let opening = game.moves().to_vec();
    assert!(!game.can_undo());
    assert_eq!(
        game.undo().message(),
        Some("There is no move of yours to take back.")
    );
    assert_eq!(game.moves(), opening.as_slice());
    let free = game.board().empty_squares().first().unwrap();
    game.try_play(free).unwrap();
    assert_eq!(game.moves().len(), 3);
    assert!(game.can_undo());
    assert_eq!(game.undo().message(), Some("Took back the last move."));
    assert_eq!(game.moves(), opening.as_slice());

    let mut people = Game::new();
    people.play(5).play(1);
    assert_eq!(people.message(), Some("O took square 1."));
    people.undo();
    assert_eq!(people.moves(), &[Square::Centre]);
    people.undo();
    assert!(!people.can_undo());
}

#[test]
fn bad_moves_leave_the_game_as_it_was_and_say_why() {
    let mut game = Game::against(Level::Rules);
    game.play(5);
    let before = game.moves().to_vec();
    for bad in [0_i64, 10, -3, i64::MAX, i64::MIN] {
        let shown = game.play(bad).to_string();
        assert!(shown.contains("Nothing was played"), "{shown}");
        assert_eq!(game.moves(), before.as_slice());
    }
    let taken = before[1];
    assert!(matches!(
        game.try_play(taken),
        Err(MoveError::SquareTaken { .. })
    ));
    assert!(
        game.play(taken)
            .message()
            .unwrap()
            .starts_with(&format!("Square {taken} is taken"))
    );
    assert!(
        game.play("banana")
            .message()
            .unwrap()
            .contains("is not a square")
    );
    assert!(game.play(u128::MAX).message().unwrap().contains("too big"));
    assert_eq!(game.moves(), before.as_slice());
}

#[test]
fn a_whole_game_against_the_perfect_player_ends_and_refuses_further_moves() {
    let mut game = Game::against(Level::Perfect);
    let mut me = Opponent::new(Level::Random, 5);
    while let Some(square) = me.choose_move(game.board()) {
        game.play(square);
    }
    assert!(game.is_over());
    assert_ne!(game.winner(), Some(Player::X), "perfect O never loses");
    let outcome = game.outcome().unwrap();
    for square in Square::ALL {
        assert_eq!(game.try_play(square), Err(MoveError::GameOver(outcome)));
    }
    assert_eq!(game.boards().len(), game.moves().len() + 1);
    assert_eq!(*game.boards().last().unwrap(), game.board());
    game.restart();
    assert!(game.moves().is_empty());
}
