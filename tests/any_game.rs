//! The crate's searches, pictures and checks on games other than tic-tac-toe: the two grid
//! games it ships and a learner's own.

use magic_tictactoe::engine::solve::move_values;
use magic_tictactoe::prelude::*;

/// The yellow of a winning line's squares.
const MARKED: &str = "#ffe07a";

#[test]
fn a_grid_games_picture_shows_marks_numbers_the_winning_line_and_values() {
    let game = ConnectFour::new(4, 4).unwrap();
    let mut grid = game.start();
    for column in [0, 1, 0, 1, 0, 1] {
        grid = game.play(&grid, column);
    }
    // X to move: the only winning move is the fourth mark in column 0; elsewhere O wins.
    let values = move_values(&game, &grid).unwrap();
    let view = grid.view(&game).with_values(&values);
    let html = view.to_html().into_string();
    assert!(html.contains("X to move"), "{html}");
    for column in 0..4 {
        assert!(html.contains(&format!(">{column}</div>")), "column {column}'s number");
    }
    assert!(html.contains("win 1"), "column 0 wins at once: {html}");
    assert!(html.contains("loss 2"), "the other columns lose: {html}");
    assert_eq!(html.matches(MARKED).count(), 0, "no line yet");
    assert_eq!(view.to_string(), "....\nXO..\nXO..\nXO..\nX to move");

    let won = game.play(&grid, 0);
    let html = won.view(&game).to_html().into_string();
    assert!(html.contains("X wins"));
    assert_eq!(html.matches(MARKED).count(), 4, "the four in column 0: {html}");

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
    let caption = noughts.start().view(&noughts).with_caption("<b>");
    assert!(caption.to_html().as_str().contains("&lt;b&gt;"));
}
