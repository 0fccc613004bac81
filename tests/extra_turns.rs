//! A game where a player moves again: Dots and Boxes on 2 by 2 boxes (12 lines; whoever closes a
//! box draws another line). Every search, solver, check and player of the crate must take whose
//! turn it is from the game, not assume the players alternate. Checked on every position the
//! game can reach against an independent solver written here, which counts the extra turn.

use std::collections::HashMap;

use magic_tictactoe::engine::solve::{move_values, solve, solve_minimax};
use magic_tictactoe::prelude::*;
use magic_tictactoe::search_check::check_negamax_for;

/// Dots and Boxes on 2 by 2 boxes. The 12 lines are numbered: the horizontal ones row by row
/// (0 to 5: rows 0, 1 and 2 of two lines each), then the vertical ones (6 to 11: rows 0 and 1 of
/// three lines each).
#[derive(Clone, Copy, Debug, Default)]
struct Boxes;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Position {
    lines: u16,
    /// Boxes closed by X and by O.
    x: u8,
    o: u8,
    to_move: Player,
}

/// The four lines around each box.
const BOXES: [[u8; 4]; 4] = [
    [0, 2, 6, 7],   // top left: top, bottom, left, right
    [1, 3, 7, 8],   // top right
    [2, 4, 9, 10],  // bottom left
    [3, 5, 10, 11], // bottom right
];

fn closed(lines: u16) -> u8 {
    BOXES
        .iter()
        .filter(|sides| sides.iter().all(|&line| lines >> line & 1 == 1))
        .count() as u8
}

impl TwoPlayerGame for Boxes {
    type Position = Position;
    type Move = u8;

    fn start(&self) -> Position {
        Position {
            lines: 0,
            x: 0,
            o: 0,
            to_move: Player::X,
        }
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move
    }

    fn moves(&self, position: &Position) -> Vec<u8> {
        (0..12)
            .filter(|&line| position.lines >> line & 1 == 0)
            .collect()
    }

    fn play(&self, position: &Position, line: u8) -> Position {
        let lines = position.lines | 1 << line;
        let gained = closed(lines) - closed(position.lines);
        let mut next = Position { lines, ..*position };
        match position.to_move {
            Player::X => next.x += gained,
            Player::O => next.o += gained,
        }
        // Whoever closes a box moves again.
        if gained == 0 {
            next.to_move = !position.to_move;
        }
        next
    }

    fn ending(&self, position: &Position) -> Option<Ending> {
        if position.lines != 0xfff {
            return None;
        }
        Some(match position.x.cmp(&position.o) {
            std::cmp::Ordering::Greater => Ending::Won(Player::X),
            std::cmp::Ordering::Less => Ending::Won(Player::O),
            std::cmp::Ordering::Equal => Ending::Drawn,
        })
    }
}

impl ShowGame for Boxes {
    fn position_text(&self, position: &Position) -> String {
        format!(
            "lines {:012b}, boxes X {} O {}, {} to move",
            position.lines, position.x, position.o, position.to_move
        )
    }
}

/// The result with best play for the player to move: 1 a win, 0 a draw, -1 a loss. Written
/// from the rules alone: a move that keeps the turn keeps the value's side, one that passes it
/// flips it.
fn independent(position: Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if let Some(&known) = memo.get(&position) {
        return known;
    }
    let game = Boxes;
    let value = match game.ending(&position) {
        Some(Ending::Won(winner)) => {
            if winner == position.to_move {
                1
            } else {
                -1
            }
        }
        Some(Ending::Drawn) => 0,
        None => game
            .moves(&position)
            .into_iter()
            .map(|line| {
                let next = game.play(&position, line);
                let seen_by_next = independent(next, memo);
                if next.to_move == position.to_move {
                    seen_by_next
                } else {
                    -seen_by_next
                }
            })
            .max()
            .expect("a position in play has a move"),
    };
    memo.insert(position, value);
    value
}

fn every_position() -> Vec<Position> {
    let game = Boxes;
    let mut seen = std::collections::HashSet::from([game.start()]);
    let mut order = vec![game.start()];
    let mut next = 0;
    while let Some(&position) = order.get(next) {
        next += 1;
        for line in game.moves(&position) {
            let child = game.play(&position, line);
            if seen.insert(child) {
                order.push(child);
            }
        }
    }
    order
}

fn sign(value: Value) -> i32 {
    match value {
        Value::Win(_) => 1,
        Value::Draw(_) => 0,
        Value::Loss(_) => -1,
    }
}

#[test]
fn the_game_has_extra_turns_and_they_matter() {
    let positions = every_position();
    let mut memo = HashMap::new();
    let kept = positions
        .iter()
        .filter(|p| {
            Boxes
                .moves(p)
                .iter()
                .any(|&line| Boxes.play(p, line).to_move == p.to_move)
        })
        .count();
    assert!(
        kept > 1_000,
        "positions where a move keeps the turn: {kept}"
    );
    // The empty board: a draw with best play on 2 by 2 boxes? Whatever it is, both agree below.
    let _ = independent(Boxes.start(), &mut memo);
}

#[test]
fn solve_and_solve_minimax_are_right_on_every_position() {
    let mut memo = HashMap::new();
    let positions = every_position();
    let mut wrong = Vec::new();
    for position in &positions {
        let expected = independent(*position, &mut memo);
        let found = solve(&Boxes, position).expect("small enough");
        if sign(found.value) != expected {
            wrong.push((*position, found.value, expected));
        }
    }
    assert!(
        wrong.is_empty(),
        "solve is wrong on {} of {} positions, first {:?}",
        wrong.len(),
        positions.len(),
        wrong.first()
    );
    // Plain minimax on the positions nearest the end (the whole tree is too big for it).
    for position in positions.iter().filter(|p| p.lines.count_ones() >= 7) {
        let found = solve_minimax(&Boxes, position).expect("small enough");
        assert_eq!(
            sign(found.value),
            independent(*position, &mut memo),
            "{position:?}"
        );
    }
}

#[test]
fn move_values_and_the_solved_game_are_right() {
    let mut memo = HashMap::new();
    let solved = SolvedGame::new(&Boxes, &Boxes.start()).expect("small enough");
    let mut valued = 0;
    for position in every_position() {
        let expected = independent(position, &mut memo);
        assert_eq!(
            solved.value(&position).map(sign),
            Some(expected),
            "{position:?}"
        );
        // move_values searches each move's tree afresh: from the first few lines the trees
        // together are beyond its limit, and it refuses.
        if Boxes.ending(&position).is_some() || position.lines.count_ones() < 3 {
            continue;
        }
        valued += 1;
        for (line, value) in Vec::from(move_values(&Boxes, &position).expect("small enough")) {
            let next = Boxes.play(&position, line);
            let seen = independent(next, &mut memo);
            let for_mover = if next.to_move == position.to_move {
                seen
            } else {
                -seen
            };
            assert_eq!(sign(value), for_mover, "{position:?} line {line}");
        }
    }
    assert!(
        valued > 4_000,
        "positions whose moves were valued: {valued}"
    );
}

#[test]
fn perfect_play_never_loses_to_a_greedy_player() {
    // Greedy: close a box when it can, else the first line.
    let greedy = |position: &Position| -> u8 {
        let moves = Boxes.moves(position);
        moves
            .iter()
            .copied()
            .find(|&line| closed(position.lines | 1 << line) > closed(position.lines))
            .unwrap_or(moves[0])
    };
    for perfect_side in Player::ALL {
        let mut perfect = Opponent::perfect_for(&Boxes).expect("solved");
        let mut other = Opponent::own_for(&Boxes, "greedy", greedy);
        let game = match perfect_side {
            Player::X => play_game(&Boxes, &mut perfect, &mut other),
            Player::O => play_game(&Boxes, &mut other, &mut perfect),
        };
        let value = independent(Boxes.start(), &mut HashMap::new());
        let won_by = match game.end {
            magic_tictactoe::engine::play::End::Over(Ending::Won(winner)) => Some(winner),
            _ => None,
        };
        // Perfect play gets at least the game's value for its side.
        let best = if perfect_side == Player::X {
            value
        } else {
            -value
        };
        if best >= 0 {
            assert_ne!(
                won_by,
                Some(!perfect_side),
                "the greedy player beat perfect play as {}",
                !perfect_side
            );
        }
    }
}

#[test]
fn a_learners_right_negamax_is_checked_right() {
    // A right negamax, remembering what it worked out (the tree is too big to walk afresh for
    // each of the check's thousands of positions).
    thread_local! {
        static KNOWN: std::cell::RefCell<HashMap<Position, i32>> = std::cell::RefCell::new(HashMap::new());
    }
    fn negamax(game: &Boxes, position: &Position) -> i32 {
        if let Some(known) = KNOWN.with(|known| known.borrow().get(position).copied()) {
            return known;
        }
        let value = worked_out(game, position);
        KNOWN.with(|known| known.borrow_mut().insert(*position, value));
        value
    }
    fn worked_out(game: &Boxes, position: &Position) -> i32 {
        match game.ending(position) {
            Some(Ending::Won(winner)) if winner == game.to_move(position) => 1,
            Some(Ending::Won(_)) => -1,
            Some(Ending::Drawn) => 0,
            None => game
                .moves(position)
                .into_iter()
                .map(|line| {
                    let next = game.play(position, line);
                    let value = negamax(game, &next);
                    if game.to_move(&next) == game.to_move(position) {
                        value
                    } else {
                        -value
                    }
                })
                .max()
                .unwrap_or(-1),
        }
    }
    let check =
        check_negamax_for(&Boxes, |position| negamax(&Boxes, position)).expect("small enough");
    assert!(check.is_right(), "{check}");
}

#[test]
fn a_search_a_few_moves_ahead_counts_the_extra_turn() {
    // With a depth that reaches the end, the search's choice is a best move.
    let mut memo = HashMap::new();
    for position in every_position()
        .into_iter()
        .filter(|p| p.lines.count_ones() >= 8 && Boxes.ending(p).is_none())
    {
        let boxes_for = |p: &Position, player: Player| -> i32 {
            let (mine, theirs) = match player {
                Player::X => (p.x, p.o),
                Player::O => (p.o, p.x),
            };
            i32::from(mine) - i32::from(theirs)
        };
        let (line, _) = search_ahead(&Boxes, &position, 6, boxes_for)
            .expect("small enough")
            .expect("a move");
        let next = Boxes.play(&position, line);
        let seen = independent(next, &mut memo);
        let for_mover = if next.to_move == position.to_move {
            seen
        } else {
            -seen
        };
        assert_eq!(
            for_mover,
            independent(position, &mut memo),
            "{position:?}: line {line}"
        );
    }
}
