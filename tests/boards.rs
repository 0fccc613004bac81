//! Parsing, printing and the rules of a legal board, checked on every grid.

use std::collections::HashSet;

use crate::common::{Grid, all_grids, has_line_by_table};
use magic_tictactoe::{
    Board, BoardError, Ending, MoveError, ParseBoardError, Player, Square, TicTacToe,
    TwoPlayerGame, stats,
};

fn reachable() -> HashSet<Board> {
    // Independent of stats::reachable_positions: a depth-first walk through try_play.
    fn walk(board: Board, seen: &mut HashSet<Board>) {
        if !seen.insert(board) {
            return;
        }
        for square in Square::ALL {
            if let Ok(next) = board.try_play(square) {
                walk(next, seen);
            }
        }
    }
    let mut seen = HashSet::new();
    walk(Board::new(), &mut seen);
    seen
}

#[test]
fn exactly_the_5478_reachable_positions_parse() {
    let reachable = reachable();
    assert_eq!(reachable.len(), 5_478);
    let mut parsed = HashSet::new();
    for grid in all_grids() {
        let result = grid.text().parse::<Board>();
        assert_eq!(
            result.is_ok(),
            grid.follows_simple_rules(),
            "{}",
            grid.text()
        );
        if let Ok(board) = result {
            assert!(
                reachable.contains(&board),
                "{board} parsed but is not reachable"
            );
            assert_eq!(board.squares(Player::X), grid.x);
            assert_eq!(board.squares(Player::O), grid.o);
            parsed.insert(board);
        }
    }
    assert_eq!(parsed.len(), 5_478);
    assert_eq!(stats::reachable_positions().len(), 5_478);
}

#[test]
fn every_position_prints_and_parses_back_to_itself() {
    for board in reachable() {
        let text = board.to_string();
        assert_eq!(text.parse::<Board>(), Ok(board));
        let plain = text.replace('/', "");
        assert_eq!(plain.parse::<Board>(), Ok(board));
        assert_eq!(
            plain.to_lowercase().replace('.', "-").parse::<Board>(),
            Ok(board)
        );
        assert_eq!(Board::from_code(board.code()), Ok(board));
        let picture = format!("{board:#}");
        assert_eq!(picture.lines().count(), 3);
        assert_eq!(picture.replace([' ', '\n'], ""), plain);
    }
}

#[test]
fn rejected_grids_name_the_rule_they_break() {
    for grid in all_grids().filter(|grid| !grid.follows_simple_rules()) {
        let error = grid.text().parse::<Board>().unwrap_err();
        let (xs, os) = (grid.x.len(), grid.o.len());
        let expected = if os > xs {
            BoardError::OHasMoreMarks
        } else if xs > os + 1 {
            BoardError::XTooFarAhead
        } else if has_line_by_table(grid.x) && has_line_by_table(grid.o) {
            BoardError::BothHaveLines
        } else if has_line_by_table(grid.x) {
            BoardError::MoveAfterWin { winner: Player::X }
        } else {
            BoardError::MoveAfterWin { winner: Player::O }
        };
        assert_eq!(error, ParseBoardError::Illegal(expected), "{}", grid.text());
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn codes_identify_exactly_the_reachable_positions() {
    let reachable = reachable();
    let mut largest = 0;
    for code in 0..=u16::MAX {
        if let Ok(board) = Board::from_code(code) {
            assert!(reachable.contains(&board));
            assert_eq!(board.code(), code);
            largest = largest.max(code);
        }
    }
    assert_eq!(largest, 19_560);
}

#[test]
fn finished_positions_are_626_x_wins_316_o_wins_16_draws() {
    let (mut x, mut o, mut draws) = (0, 0, 0);
    for board in reachable() {
        match board.outcome() {
            Some(Ending::Won(Player::X)) => {
                let line = board.winning_line().expect("a win has its line");
                assert!(
                    board.squares(Player::X).intersection(line.square_set()) == line.square_set()
                );
                x += 1
            }
            Some(Ending::Won(Player::O)) => o += 1,
            Some(Ending::Drawn) => {
                assert_eq!(board.winning_line(), None);
                draws += 1
            }
            None => assert!(board.to_move().is_some() && board.winning_line().is_none()),
        }
        // The ending every game's tools read, against the eight lines written out by hand.
        let (x_line, o_line) = (
            has_line_by_table(board.squares(Player::X)),
            has_line_by_table(board.squares(Player::O)),
        );
        let full = board.empty_squares().is_empty();
        let by_table = match (x_line, o_line) {
            (true, _) => Some(Ending::Won(Player::X)),
            (_, true) => Some(Ending::Won(Player::O)),
            _ if full => Some(Ending::Drawn),
            _ => None,
        };
        assert_eq!(board.outcome(), by_table, "{board}");
        assert_eq!(TicTacToe::default().ending(&board), by_table, "{board}");
        assert_eq!(board.is_over(), board.outcome().is_some());
        assert_eq!(board.to_move().is_none(), board.is_over());
    }
    assert_eq!((x, o, draws), (626, 316, 16));
}

#[test]
fn a_win_on_the_last_free_square_is_a_win_not_a_draw() {
    // X fills the last square and completes the 3-5-7 diagonal at the same time.
    let board: Board = "XOX/OXO/.XO".parse().unwrap();
    let last = board.try_play(Square::BottomLeft).unwrap();
    assert_eq!(last.winner(), Some(Player::X));
}

#[test]
fn moves_on_taken_squares_or_finished_games_are_errors() {
    let board = Board::new().try_play(Square::Centre).unwrap();
    assert_eq!(
        board.try_play(5),
        Err(MoveError::SquareTaken {
            square: Square::Centre,
            by: Player::X
        })
    );
    assert_eq!(
        board.try_play(5).unwrap_err().to_string(),
        "square 5 is taken: X is already there"
    );
    for bad in [0, 10, -1, i32::MAX, i32::MIN] {
        assert!(matches!(
            board.try_play(bad),
            Err(MoveError::NoSuchSquare(_))
        ));
    }
    let won: Board = "XXX/OO./...".parse().unwrap();
    assert_eq!(
        won.try_play(Square::Right),
        Err(MoveError::GameOver(won.outcome().unwrap()))
    );
    assert_eq!(
        won.try_play(6).unwrap_err().to_string(),
        "the game is already over: X wins"
    );
}

#[test]
fn arbitrary_text_never_panics() {
    let mut rng = fastrand::Rng::with_seed(15);
    let alphabet: Vec<char> = "XxOo.-_/ 12\n\té💥\0".chars().collect();
    for _ in 0..50_000 {
        let len = rng.usize(0..16);
        let text: String = (0..len)
            .map(|_| alphabet[rng.usize(0..alphabet.len())])
            .collect();
        if let Ok(board) = text.parse::<Board>() {
            assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        }
        let _ = text.parse::<Square>();
        let _ = text.parse::<Player>();
        let _ = text.parse::<magic_tictactoe::Level>();
    }
    let long = "X".repeat(1_000_000);
    assert_eq!(
        long.parse::<Board>(),
        Err(ParseBoardError::WrongLength { found: 1_000_000 })
    );
}

#[test]
fn grid_helper_agrees_with_the_crate_codes() {
    for code in [0u32, 1, 2, 3, 19_682] {
        let grid = Grid::from_code(code);
        if let Ok(board) = Board::from_squares(grid.x, grid.o) {
            assert_eq!(u32::from(board.code()), code);
        }
    }
}
