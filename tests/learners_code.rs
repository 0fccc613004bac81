//! A learner's own code, played and checked: players in games, challenges and clickable
//! boards; searches with a learner's evaluation; a learner's minimax, negamax and alpha-beta
//! checked on every position; and what goes wrong in them shown, never a panic.

use magic_tictactoe::{Bot, TicTacToe};
use std::cell::Cell;

use crate::common::learners::careful;

use magic_tictactoe::challenge::{Challenge, DepthStudy, STUDY_LEVELS};
use magic_tictactoe::clickable::{ClickableGame, Entry};
use magic_tictactoe::exercises::check_never_loses;
use magic_tictactoe::search_check::{Mistake, check_alpha_beta, check_minimax, check_negamax};
use magic_tictactoe::solver::{alpha_beta, minimax};
use magic_tictactoe::{
    Board, Ending, Fault, Game, Level, MoveError, Opponent, Player, Square, Turn,
};

fn first_free(board: &Board) -> Option<Square> {
    board.empty_squares().first()
}

fn always_centre(_: &Board) -> Square {
    Square::Centre
}

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

fn learners_negamax(board: &Board) -> i32 {
    if board.winner().is_some() {
        return -1; // the side to move has lost
    }
    if board.is_over() {
        return 0;
    }
    board
        .children()
        .map(|(_, child)| -learners_negamax(&child))
        .max()
        .unwrap_or(0)
}

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

#[test]
fn a_learners_player_plays_a_game() {
    let mut game = Game::against(careful);
    game.play(1).play(9);
    // X on 1, O (careful) takes the centre; X on 9, O takes the first free square, 2.
    assert_eq!(
        game.moves(),
        &[
            Square::TopLeft,
            Square::Centre,
            Square::BottomRight,
            Square::Top
        ]
    );
    assert!(!game.was_refused());
    assert_eq!(game.opponent().map(Opponent::name), Some("careful"));
    assert_eq!(game.level(), None);
    let picture = game.to_html().into_string();
    assert!(picture.contains("You took square 9."));
}

#[test]
fn a_player_that_takes_a_taken_square_forfeits_and_the_game_says_where_and_why() {
    let mut game = Game::against(always_centre).playing_as(Player::X);
    game.play(5);
    assert_eq!(game.moves(), &[Square::Centre]);
    assert_eq!(game.outcome(), Some(Ending::Won(Player::X)));
    assert_eq!(
        game.forfeit().map(|forfeit| forfeit.player),
        Some(Player::O)
    );
    assert_eq!(game.winner(), Some(Player::X));
    assert!(game.is_over());
    assert_eq!(game.to_move(), None);
    let forfeit = game.forfeit().expect("a forfeit");
    assert_eq!(forfeit.board, Board::new().try_play(5).unwrap());
    assert_eq!(
        forfeit.fault,
        Fault::Taken {
            square: Square::Centre,
            by: Player::X
        }
    );
    assert_eq!(
        game.result_sentence(),
        "always_centre (O) forfeits, so X wins: it chose square 5, but X is already there."
    );
    // The game is over: another move is refused, and undo brings the game back.
    assert!(matches!(game.try_play(1), Err(MoveError::GameOver(_))));
    game.play(1);
    assert!(game.was_refused());
    game.undo();
    assert_eq!(game.forfeit(), None);
    assert!(game.moves().is_empty());
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_panicking_player_forfeits_with_its_message_escaped_in_the_picture() {
    let nasty = |board: &Board| -> Square {
        if board.moves_made() > 0 {
            panic!("<script>alert(1)</script> & more");
        }
        Square::Centre
    };
    let game = Game::against(nasty).playing_as(Player::O);
    let mut game = game;
    game.play(1);
    let forfeit = game.forfeit().expect("a forfeit");
    assert!(matches!(&forfeit.fault, Fault::Panicked(m) if m.contains("alert(1)")));
    let html = game.to_html().into_string();
    assert!(!html.contains("<script>alert"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"));
    assert!(forfeit.to_html().into_string().contains("forfeits here"));
}

#[test]
fn any_answer_a_learner_can_give_is_a_square_or_a_forfeit() {
    let board = Board::new().try_play(5).unwrap();
    let mut numbers = Opponent::from(|_: &Board| 0_i64);
    assert!(matches!(
        numbers.turn(&TicTacToe::default(), &board),
        Some(Turn::Forfeits(Fault::NoSquare(_)))
    ));
    let mut text = Opponent::from(|_: &Board| "b3");
    assert_eq!(text.choose_move(board), Some(Square::Right));
    let mut nothing = Opponent::from(|_: &Board| None::<Square>);
    assert!(matches!(
        nothing.turn(&TicTacToe::default(), &board),
        Some(Turn::Forfeits(Fault::NoSquare(_)))
    ));
}

/// The exact chances of a deterministic player against a random level are what playing many
/// games gives, within sampling error.
#[test]
fn a_steady_players_exact_chances_agree_with_games_played() {
    let challenge = Challenge::new(careful);
    assert!(challenge.is_exact());
    for (side, level) in [
        (Player::X, Level::Random),
        (Player::O, Level::Random),
        (Player::O, Level::EASY),
    ] {
        let exact = challenge.record(level, side).unwrap();
        let games = 20_000;
        let (mut wins, mut losses) = (0, 0);
        let mut seeds = fastrand::Rng::with_seed(99);
        for _ in 0..games {
            let mut me = Opponent::from(careful);
            let mut computer = Opponent::new(level, seeds.u64(..));
            let game = match side {
                Player::X => Game::between(&mut me, &mut computer),
                Player::O => Game::between(&mut computer, &mut me),
            };
            match game.winner() {
                Some(winner) if winner == side => wins += 1,
                Some(_) => losses += 1,
                None => {}
            }
        }
        let sampled_wins = f64::from(wins) / f64::from(games);
        let sampled_losses = f64::from(losses) / f64::from(games);
        assert!(
            (exact.wins - sampled_wins).abs() < 0.015,
            "{level} {side}: {exact} vs {sampled_wins}"
        );
        assert!(
            (exact.losses - sampled_losses).abs() < 0.015,
            "{level} {side}: {exact} vs {sampled_losses}"
        );
        assert!((exact.wins + exact.draws + exact.losses - 1.0).abs() < 1e-9);
    }
    // Nobody beats perfect play; the perfect level never loses to the careful player.
    for side in Player::ALL {
        assert_eq!(challenge.record(Level::Perfect, side).unwrap().wins, 0.0);
    }
}

#[test]
fn a_player_using_randomness_is_sampled_and_a_perfect_one_never_loses() {
    let fickle = |board: &Board| {
        let free = board.empty_squares();
        free.nth(fastrand::usize(..free.len()))
    };
    let challenge = Challenge::new(fickle);
    assert!(!challenge.is_exact());
    let perfect = |board: &Board| board.best_moves().first();
    let challenge = Challenge::new(perfect);
    assert!(challenge.is_exact());
    for level in Level::ALL {
        assert!(challenge.never_loses_to(level), "{level}");
    }
    assert_eq!(
        challenge.record(Level::Perfect, Player::X).unwrap().draws,
        1.0
    );
    assert!(check_never_loses(perfect, Level::Perfect).is_right());
    let verdict = check_never_loses(first_free, Level::Rules);
    assert!(!verdict.is_right());
    assert!(
        verdict.text().contains("first_free loses"),
        "{}",
        verdict.text()
    );
}

#[test]
fn forfeits_are_counted_as_losses_and_the_first_is_drawn() {
    let challenge = Challenge::new(always_centre);
    for level in Level::ALL {
        // As X it takes the centre, and forfeits on its second move: every game is lost.
        let as_x = challenge.record(level, Player::X).unwrap();
        assert_eq!(as_x.forfeits, 1.0, "{level}");
        assert_eq!(as_x.losses, 1.0, "{level}");
        let as_o = challenge.record(level, Player::O).unwrap();
        assert!(
            as_o.forfeits > 0.0 && as_o.forfeits <= as_o.losses,
            "{level}"
        );
    }
    let first = challenge.first_forfeit().expect("a forfeit");
    assert!(matches!(
        first.fault,
        Fault::Taken {
            square: Square::Centre,
            ..
        }
    ));
    let html = challenge.to_html().into_string();
    assert!(html.contains("The first position where it forfeited"));
    assert!(!check_never_loses(always_centre, Level::Random).is_right());
    let panicky = |_: &Board| -> Square { panic!("no idea") };
    let challenge = Challenge::new(panicky);
    assert!(matches!(
        challenge.first_forfeit().map(|f| &f.fault),
        Some(Fault::Panicked(m)) if m == "no idea"
    ));
}

#[test]
fn a_learners_player_is_published_as_a_clickable_board_with_its_answers() {
    for you in Player::ALL {
        let game = ClickableGame::new(careful).playing_as(you);
        let table = game.table();
        for (&code, entry) in &table {
            let board = Board::from_code(code).unwrap();
            if let Entry::Reply(square) = entry {
                assert_eq!(careful(&board), Some(*square));
            }
            assert!(!matches!(entry, Entry::Forfeit(_)));
        }
        let html = game.to_html().into_string();
        assert!(html.contains("against careful"));
    }
    // A player that forfeits: the page has the sentence, escaped for the script.
    let game = ClickableGame::new(|board: &Board| -> Option<Square> {
        if board.moves_made() > 2 {
            panic!("</script><b>");
        }
        board.empty_squares().first()
    })
    .playing_as(Player::O);
    let table = game.table();
    assert!(
        table
            .values()
            .any(|entry| matches!(entry, Entry::Forfeit(_)))
    );
    let html = game.to_html().into_string();
    assert_eq!(
        html.matches("</script>").count(),
        1,
        "the panic's text closed the script"
    );
    assert!(html.contains("\\u003c/script\\u003e\\u003cb\\u003e"));
}

#[test]
fn a_learners_minimax_negamax_and_alpha_beta_are_checked_on_every_position() {
    let check = check_minimax(learners_minimax);
    assert!(check.is_right(), "{check}");
    assert_eq!(check.checked(), 5_478);
    // A learner's plain minimax visits exactly what the crate's does, position by position.
    assert_eq!(check.positions_visited(), check.positions_crate_minimax());
    assert_eq!(
        check.positions_visited_from_empty(),
        Some(minimax(Board::new()).positions)
    );
    assert_eq!(check.positions_visited_from_empty(), Some(549_946));

    let check = check_negamax(learners_negamax);
    assert!(check.is_right(), "{check}");
    assert_eq!(check.positions_visited(), check.positions_crate_minimax());

    let check = check_alpha_beta(learners_alpha_beta);
    assert!(check.is_right(), "{check}");
    assert!(check.positions_visited() < check.positions_crate_minimax() / 5);
    // Knowing only win, draw or loss, it prunes even more than the crate's alpha-beta, whose
    // values also count the moves to the end.
    let from_empty = check.positions_visited_from_empty().unwrap();
    assert!(
        from_empty <= alpha_beta(Board::new()).positions,
        "{from_empty}"
    );
}

#[test]
fn the_first_wrong_value_is_shown_with_the_right_one() {
    // A minimax seen from the wrong side: fine on draws, wrong on the first won position.
    let check = check_negamax(learners_minimax);
    assert!(!check.is_right());
    let Some(Mistake::WrongValue {
        board,
        answer,
        right,
    }) = check.mistake()
    else {
        panic!("{check}");
    };
    assert_eq!(learners_minimax(board), *answer);
    assert_eq!(*right, board.value());
    assert!(check.to_string().contains("the right value is"));
    // Tic-tac-toe's wrong position is drawn in the picture and printed in the text.
    assert!(check.to_string().contains(&format!("{board:#}")), "{check}");
    let view = board.view().to_html().into_string();
    let drawn = &view[view.find("<table").unwrap()..view.rfind("</table>").unwrap()];
    assert!(check.to_html().into_string().contains(drawn));
    // One that forgets wins: the first position checked that someone has won.
    let forgetful = |board: &Board| {
        if board.is_over() {
            0
        } else {
            learners_minimax(board)
        }
    };
    let check = check_minimax(forgetful);
    let Some(Mistake::WrongValue {
        board, answer: 0, ..
    }) = check.mistake()
    else {
        panic!("{check}");
    };
    assert!(board.winner().is_some());
    // One that panics on the empty board: right everywhere else.
    let check = check_minimax(|board: &Board| {
        assert!(board.moves_made() > 0, "not on the empty board");
        learners_minimax(board)
    });
    assert_eq!(check.checked(), 5_477);
    assert!(
        matches!(check.mistake(), Some(Mistake::Panicked { board, message }) if *board == Board::new() && message == "not on the empty board")
    );
    assert!(check.to_html().into_string().contains("it panicked"));
}

#[test]
fn a_search_to_the_end_never_loses_and_shallow_ones_can() {
    let nothing = |_: &Board, _: Player| 0;
    let study = DepthStudy::new([1, 2, 9, 9, 40], nothing);
    let depths: Vec<u32> = study.rows().iter().map(|row| row.depth).collect();
    assert_eq!(depths, [1, 2, 9]);
    let deep = study.row(9).unwrap();
    for (level, as_x, as_o) in &deep.records {
        assert!(as_x.never_loses() && as_o.never_loses(), "{level}");
    }
    // Searching to the end from the empty board is the crate's alpha-beta, node for node.
    assert_eq!(
        deep.first_move_positions,
        alpha_beta(Board::new()).positions
    );
    let shallow = study.row(1).unwrap();
    assert!(shallow.first_move_positions == 10);
    let against_perfect = &shallow.records[STUDY_LEVELS.len() - 1];
    assert!(!against_perfect.1.never_loses() || !against_perfect.2.never_loses());
}

#[test]
fn an_evaluation_that_goes_wrong_or_wavers_is_reported() {
    let calls = Cell::new(0_u32);
    let wavering = move |_: &Board, _: Player| {
        calls.set(calls.get() + 1);
        (calls.get() % 3) as i32
    };
    let study = DepthStudy::new([2], wavering);
    assert!(
        study
            .to_html()
            .into_string()
            .contains("different values when asked twice")
    );
    let broken = |board: &Board, _: Player| -> i32 {
        assert!(board.moves_made() < 3, "cannot judge this");
        0
    };
    let study = DepthStudy::new([2], broken);
    let forfeit = study.first_forfeit().expect("a forfeit");
    // The panic's own words, and where in the game the evaluation was asked.
    let Fault::Panicked(said) = &forfeit.fault else {
        panic!("{}", forfeit.fault);
    };
    assert!(
        said.starts_with("the evaluation panicked after the moves ")
            && said.ends_with(": cannot judge this"),
        "{said}"
    );
    let mut searcher = Opponent::searching(3, broken);
    let board: Board = "X../.O./...".parse().unwrap();
    assert!(matches!(
        searcher.turn(&TicTacToe::default(), &board),
        Some(Turn::Forfeits(_))
    ));
}

/// A depth outside 1 to 9 is searched at 1 or 9, and the picture says so instead of changing
/// it without a word.
#[test]
fn a_depth_brought_within_range_is_said() {
    use magic_tictactoe::challenge::DepthStudy;
    use magic_tictactoe::{Board, Opponent, Player};

    let shallow = Opponent::searching(0, |_: &Board, _: Player| 0);
    assert_eq!(shallow.depth(), Some(1));
    assert_eq!(
        shallow.name(),
        "depth-1 search (asked for 0: 1 to 9 moves ahead)"
    );
    assert_eq!(
        Opponent::searching(u32::MAX, |_: &Board, _: Player| 0).name(),
        "depth-9 search (asked for 4,294,967,295: 1 to 9 moves ahead)"
    );
    assert_eq!(
        Opponent::searching(3, |_: &Board, _: Player| 0).name(),
        "depth-3 search"
    );
    let study = DepthStudy::new([0, 2, 40], |_: &Board, _: Player| 0);
    assert_eq!(
        study.rows().iter().map(|row| row.depth).collect::<Vec<_>>(),
        vec![1, 2, 9]
    );
    assert!(
        study
            .to_html()
            .as_str()
            .contains("Asked for depth 0 and 40: a search looks 1 to 9 moves ahead, so depths 1 and 9 were searched instead.")
    );
    assert!(
        !DepthStudy::new([2], |_: &Board, _: Player| 0)
            .to_html()
            .as_str()
            .contains("Asked for depth")
    );
}
