//! A player of one's own, as a type that answers the `Bot` trait: it plays in `play_game` beside
//! the computer's players, is asked only when the game says it is to move (also when a game
//! gives it a move again), and forfeits, without a panic reaching the cell, when its code chooses
//! no move it may make or panics.

use magic_tictactoe::engine::play::End;
use magic_tictactoe::games::TakeAway;
use magic_tictactoe::prelude::*;
use magic_tictactoe::{Fault, Forfeit};

/// Take-away's position: the sticks left and who is to move.
type Heap = (u32, Player);

/// Takes `take` sticks each turn (or what is left), and counts the turns it was asked for.
struct Fixed {
    take: u32,
    side: Player,
    asked: u32,
}

impl Bot<TakeAway> for Fixed {
    fn name(&self) -> &str {
        "fixed"
    }

    fn turn(&mut self, game: &TakeAway, position: &Heap) -> Option<Turn<u32>> {
        assert_eq!(game.to_move(position), self.side, "asked out of turn");
        self.asked += 1;
        let take = self.take.min(position.0);
        (take > 0).then_some(Turn::Plays(Choice {
            square: take,
            reason: Reason::OwnPlayer,
        }))
    }
}

#[test]
fn a_bot_of_ones_own_plays_a_whole_game_in_its_turns() {
    let heap = TakeAway::new(10);
    let mut mine = Fixed {
        take: 1,
        side: Player::X,
        asked: 0,
    };
    let mut perfect = Opponent::perfect_for(&heap).expect("take-away solves");
    let game = play_game(&heap, &mut mine, &mut perfect);
    // Perfect play as O leaves a multiple of 4 after each of its moves and takes the last.
    assert_eq!(game.end, End::Over(Ending::Won(Player::O)));
    let moves_by_x = game.moves.iter().step_by(2).count() as u32;
    assert_eq!(mine.asked, moves_by_x);
    assert!(game.moves.iter().step_by(2).all(|&take| take == 1));
}

/// Chooses a move the game does not have, or panics, as a learner's first try might.
struct Wrong {
    panics: bool,
}

impl Bot<TakeAway> for Wrong {
    fn name(&self) -> &str {
        "wrong"
    }

    fn turn(&mut self, _: &TakeAway, position: &Heap) -> Option<Turn<u32>> {
        if self.panics {
            let sticks: Vec<u32> = Vec::new();
            let _ = sticks[position.0 as usize];
        }
        Some(Turn::Plays(Choice {
            square: 7,
            reason: Reason::OwnPlayer,
        }))
    }
}

#[test]
fn a_bot_that_chooses_no_move_it_may_make_or_panics_forfeits() {
    let heap = TakeAway::new(10);
    for panics in [false, true] {
        let mut random = Opponent::random_for(&heap, 1);
        let game = play_game(&heap, &mut random, &mut Wrong { panics });
        let End::Forfeited(Forfeit {
            player,
            name,
            fault,
            ..
        }) = &game.end
        else {
            panic!("expected a forfeit, got {:?}", game.end);
        };
        assert_eq!((*player, name.as_str()), (Player::O, "wrong"));
        match fault {
            Fault::Panicked(message) => {
                assert!(panics);
                assert!(message.contains("index out of bounds"), "{message}");
            }
            Fault::NotAMove { chosen: 7 } => assert!(!panics),
            other => panic!("unexpected fault {other:?}"),
        }
        // X moved once; the game ended on O's first turn.
        assert_eq!(game.moves.len(), 1);
    }
}

/// A game where a player who takes exactly 2 sticks moves again: the player to move comes from
/// the game, not from the count of moves. A position is the sticks left, who is to move and who
/// moved last; whoever takes the last stick wins.
#[derive(Clone, Copy, Debug)]
struct TwoAgain;

type Pile = (u32, Player, Player);

impl TwoPlayerGame for TwoAgain {
    type Position = Pile;
    type Move = u32;

    fn start(&self) -> Pile {
        (9, Player::X, Player::O)
    }

    fn to_move(&self, position: &Pile) -> Player {
        position.1
    }

    fn moves(&self, position: &Pile) -> Vec<u32> {
        (1..=3).filter(|&take| take <= position.0).collect()
    }

    fn play(&self, &(sticks, mover, _): &Pile, take: u32) -> Pile {
        let next = if take == 2 { mover } else { !mover };
        (sticks - take, next, mover)
    }

    fn ending(&self, position: &Pile) -> Option<Ending> {
        (position.0 == 0).then_some(Ending::Won(position.2))
    }
}

/// Always takes two sticks when it can, and records every position it was asked about.
struct Twos {
    side: Player,
    asked: Vec<Pile>,
}

impl Bot<TwoAgain> for Twos {
    fn name(&self) -> &str {
        "twos"
    }

    fn turn(&mut self, game: &TwoAgain, position: &Pile) -> Option<Turn<u32>> {
        assert_eq!(game.to_move(position), self.side, "asked out of turn");
        self.asked.push(*position);
        let take = if position.0 >= 2 { 2 } else { 1 };
        Some(Turn::Plays(Choice {
            square: take,
            reason: Reason::OwnPlayer,
        }))
    }
}

#[test]
fn a_bot_is_asked_again_when_the_game_gives_it_another_move() {
    let mut twos = Twos {
        side: Player::X,
        asked: Vec::new(),
    };
    let mut random = Opponent::random_for(&TwoAgain, 3);
    let game = play_game(&TwoAgain, &mut twos, &mut random);
    // Taking two each time, X is asked at 9, 7, 5, 3 and 1 sticks and takes the last.
    assert_eq!(
        twos.asked
            .iter()
            .map(|position| position.0)
            .collect::<Vec<_>>(),
        [9, 7, 5, 3, 1]
    );
    assert_eq!(game.end, End::Over(Ending::Won(Player::X)));
    assert_eq!(game.moves, [2, 2, 2, 2, 1]);
}
