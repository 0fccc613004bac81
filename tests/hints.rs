//! The notebooks' hints, followed literally: a player built the way a hint says must pass the
//! exercise's own check, and a hint that sounded right but taught the wrong move is kept here as
//! the player it builds, which fails (so the test can tell the two apart).

use magic_tictactoe::exercises::check_never_loses;
use magic_tictactoe::magic;
use magic_tictactoe::{Board, Level, Player, Square};

/// Notebook 08's `careful`: win, else block, else the centre, else the first free square.
fn careful(board: &Board) -> Option<Square> {
    let me = board.turn();
    if let Some(win) = board.winning_moves(me).first() {
        return Some(win);
    }
    if let Some(block) = board.winning_moves(!me).first() {
        return Some(block);
    }
    if board.is_free(5) {
        return Some(Square::Centre);
    }
    board.empty_squares().first()
}

/// The free squares where `who` would make two threats at once (a fork).
fn fork_squares(board: &Board, who: Player) -> Vec<Square> {
    board
        .empty_squares()
        .iter()
        .filter(|&square| {
            let held = board.squares(who).with(square);
            let free = board.empty_squares().without(square);
            magic::winning_squares(held, free).len() >= 2
        })
        .collect()
}

/// Win, else block: what every player of the challenge starts with.
fn win_or_block(board: &Board) -> Option<Square> {
    let me = board.turn();
    board
        .winning_moves(me)
        .first()
        .or(board.winning_moves(!me).first())
}

/// 08's old hint, as written: "before playing a quiet move, look for a square where the other
/// side could make two threats at once, and take it first".
fn old_hint(board: &Board) -> Option<Square> {
    win_or_block(board)
        .or(fork_squares(board, !board.turn()).first().copied())
        .or(careful(board))
}

/// 08's hint now: "before playing a quiet move, look for the squares where the other side could
/// make two threats at once. If there is one, take it. If there are two, taking one gives them
/// the other: make a threat of your own instead, one whose block is not such a square".
fn new_hint(board: &Board) -> Option<Square> {
    if let Some(square) = win_or_block(board) {
        return Some(square);
    }
    let me = board.turn();
    let forks = fork_squares(board, !me);
    match forks.len() {
        0 => careful(board),
        1 => Some(forks[0]),
        _ => board
            .empty_squares()
            .iter()
            .find(|&square| {
                let Ok(after) = board.try_play(square) else {
                    return false;
                };
                let threats = after.winning_moves(me);
                threats.len() == 1 && threats.first().is_some_and(|block| !forks.contains(&block))
            })
            .or(careful(board)),
    }
}

#[test]
fn the_challenges_hint_followed_literally_never_loses_and_the_old_one_did() {
    let verdict = check_never_loses(new_hint, Level::Random);
    assert!(verdict.is_right(), "{}", verdict.text());
    let verdict = check_never_loses(new_hint, Level::Perfect);
    assert!(verdict.is_right(), "{}", verdict.text());
    // The hint that sounded right: it takes one of the two fork squares the two-corner trap
    // leaves (X1 O5 X9), and X forks on the other.
    let verdict = check_never_loses(old_hint, Level::Perfect);
    assert!(!verdict.is_right(), "{}", verdict.text());
    let trap: Board = "X../.O./..X".parse().unwrap();
    assert_eq!(fork_squares(&trap, Player::X).len(), 2);
    let taken = old_hint(&trap).unwrap();
    let forked = trap
        .try_play(taken)
        .and_then(|board| board.try_play(fork_squares(&trap, Player::X)[1]))
        .unwrap();
    assert!(forked.winning_moves(Player::X).len() >= 2, "{forked}");
    assert!(new_hint(&trap).is_some_and(|square| square.is_edge()));
}
