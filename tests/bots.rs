//! A player of one's own, as a type that answers the `Bot` trait: it plays in `play_game` beside
//! the computer's players, is asked only when the game says it is to move (also when a game
//! gives it a move again), and forfeits, without a panic reaching the cell, when its code chooses
//! no move it may make or panics.

use magic_tictactoe::engine::MoveChances;
use magic_tictactoe::engine::play::End;
use magic_tictactoe::games::TakeAway;
use magic_tictactoe::prelude::*;
use magic_tictactoe::tournament::Tournament;
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
        (take > 0).then_some(Turn::plays(take))
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
#[derive(Clone)]
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
        Some(Turn::plays(7))
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
        Some(Turn::plays(take))
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

/// Takes one stick each turn; says so as its chances when `says_chances`, or says chances
/// that are wrong (`Some(take)`: all on taking `take`; chances adding up to 2 when 2).
#[derive(Clone)]
struct OneAtATime {
    says_chances: bool,
    wrong: Option<u32>,
}

impl Bot<TakeAway> for OneAtATime {
    fn name(&self) -> &str {
        "one at a time"
    }

    fn turn(&mut self, _: &TakeAway, _: &Heap) -> Option<Turn<u32>> {
        Some(Turn::plays(1))
    }

    fn chances(&mut self, game: &TakeAway, position: &Heap) -> Option<MoveChances<u32>> {
        match self.wrong {
            Some(2) => Some(Ok(vec![(1, 1.0), (2, 1.0)])),
            Some(take) => Some(Ok(vec![(take, 1.0)])),
            None => {
                (self.says_chances && game.ending(position).is_none()).then(|| Ok(vec![(1, 1.0)]))
            }
        }
    }
}

#[test]
fn a_bot_of_ones_own_plays_in_a_tournament_as_an_opponent() {
    // Ten sticks, whoever takes the last wins: 10 is no multiple of 4, so X wins with perfect
    // play; one stick at a time against itself, O takes the tenth.
    let heap = TakeAway::new(10);
    for says_chances in [false, true] {
        let mine = Opponent::bot(OneAtATime {
            says_chances,
            wrong: None,
        });
        let perfect = Opponent::perfect_for(&heap).unwrap();
        let tournament = Tournament::among_for(&heap, [mine, perfect]).unwrap();
        assert_eq!(tournament.names(), ["one at a time", "perfect"]);
        // Chances it says make the count exact; without them the games are played.
        assert_eq!(tournament.is_exact(), says_chances);
        let rates = |x, o| tournament.rates_at(x, o).unwrap();
        assert_eq!((rates(0, 0).x_wins, rates(0, 0).o_wins), (0.0, 1.0));
        assert_eq!(rates(1, 0).x_wins, 1.0);
        assert_eq!(rates(0, 1).o_wins, 1.0);
        assert!(tournament.panicked().is_none());
    }
}

#[test]
fn a_bot_that_goes_wrong_in_a_tournament_forfeits_its_games() {
    let heap = TakeAway::new(10);
    for panics in [false, true] {
        let random = Opponent::random_for(&heap, 1);
        let wrong = Opponent::bot(Wrong { panics });
        let tournament = Tournament::among_for(&heap, [random, wrong]).unwrap();
        // Every game it plays, it forfeits at its first turn.
        assert_eq!(tournament.rates_at(0, 1).unwrap().x_wins, 1.0);
        assert_eq!(tournament.rates_at(1, 0).unwrap().o_wins, 1.0);
    }
}

#[test]
fn chances_a_bot_says_wrong_are_not_believed() {
    let heap = TakeAway::new(10);
    // All the chance on taking 7 sticks, which the game does not allow: it forfeits at its
    // first turn, as it would had it played 7.
    let mine = Opponent::bot(OneAtATime {
        says_chances: true,
        wrong: Some(7),
    });
    let random = Opponent::random_for(&heap, 1);
    let tournament = Tournament::among_for(&heap, [mine, random]).unwrap();
    assert!(tournament.is_exact());
    assert_eq!(tournament.rates_at(0, 1).unwrap().o_wins, 1.0);
    // Chances adding up to 2: not used, so the games are played, and it takes one stick.
    let mine = Opponent::bot(OneAtATime {
        says_chances: true,
        wrong: Some(2),
    });
    let perfect = Opponent::perfect_for(&heap).unwrap();
    let tournament = Tournament::among_for(&heap, [mine, perfect]).unwrap();
    assert!(!tournament.is_exact());
    assert_eq!(tournament.rates_at(1, 0).unwrap().x_wins, 1.0);
    assert_eq!(tournament.rates_at(0, 0).unwrap().o_wins, 1.0);
}

/// Panics in every method, its `clone` too, or (`only_new_game`) when a new game begins only.
struct Panicky {
    only_new_game: bool,
}

impl Clone for Panicky {
    fn clone(&self) -> Panicky {
        if self.only_new_game {
            return Panicky {
                only_new_game: true,
            };
        }
        panic!("my clone")
    }
}

impl Bot<TakeAway> for Panicky {
    fn name(&self) -> &str {
        if self.only_new_game {
            return "panics at a new game";
        }
        panic!("my name")
    }

    fn turn(&mut self, _: &TakeAway, _: &Heap) -> Option<Turn<u32>> {
        if self.only_new_game {
            return Some(Turn::plays(1));
        }
        panic!("my turn")
    }

    fn new_game(&mut self, _: &mut fastrand::Rng) {
        panic!("my new game")
    }

    fn work(&self) -> u64 {
        panic!("my work")
    }

    fn chances(&mut self, _: &TakeAway, _: &Heap) -> Option<MoveChances<u32>> {
        if self.only_new_game {
            return None;
        }
        panic!("my chances")
    }
}

#[test]
fn a_bot_whose_code_panics_anywhere_forfeits_and_no_panic_reaches_the_cell() {
    let heap = TakeAway::new(10);
    for only_new_game in [false, true] {
        let mine = Opponent::bot(Panicky { only_new_game });
        assert_eq!(mine.work(), 0);
        let name = if only_new_game {
            "panics at a new game"
        } else {
            "your bot"
        };
        assert_eq!(mine.name(), name);
        let random = Opponent::random_for(&heap, 1);
        let tournament = Tournament::among_for(&heap, [mine.clone(), random]).unwrap();
        // It forfeits every game it plays, against itself (as X, a copy as O) too.
        assert_eq!(tournament.rates_at(0, 1).unwrap().o_wins, 1.0);
        assert_eq!(tournament.rates_at(1, 0).unwrap().x_wins, 1.0);
        assert_eq!(tournament.rates_at(0, 0).unwrap().o_wins, 1.0);
        if only_new_game {
            // One game alone begins no new game: it plays.
            continue;
        }
        let mut mine = mine;
        let game = play_game(&heap, &mut mine, &mut Opponent::random_for(&heap, 2));
        let End::Forfeited(forfeit) = &game.end else {
            panic!("expected a forfeit, got {:?}", game.end);
        };
        assert_eq!(forfeit.name, name);
        let Fault::Panicked(message) = &forfeit.fault else {
            panic!("expected a panic's forfeit, got {:?}", forfeit.fault);
        };
        let expected = "my turn";
        assert_eq!(message, expected);
    }
}

/// Every kind of player is a `Bot`, asked one way on tic-tac-toe as on any game: each level,
/// random and perfect play, a search ahead, Monte Carlo tree search, MENACE, a learner's
/// function and a closure `|game, position| move`. Each is asked for its turn on the empty
/// board, plays a whole game against perfect play through `play_game` to the rules' end, and
/// has no turn once the game is over.
#[test]
fn every_kind_of_player_is_a_bot_asked_one_way() {
    use magic_tictactoe::menace::Menace;
    use magic_tictactoe::{Board, Level, TicTacToe};

    fn first_free(board: &Board) -> Option<Square> {
        board.empty_squares().first()
    }
    let game = TicTacToe::default();
    let mut players: Vec<(&str, Box<dyn Bot<TicTacToe>>)> = vec![
        ("random", Box::new(Opponent::new(Level::Random, 1))),
        ("rules", Box::new(Opponent::new(Level::Rules, 1))),
        ("perfect", Box::new(Opponent::new(Level::Perfect, 1))),
        ("perfect", Box::new(Opponent::perfect_for(&game).unwrap())),
        ("random", Box::new(Opponent::random_for(&game, 1))),
        (
            "depth-2 search",
            Box::new(Opponent::searching(2, |_: &Board, _: Player| 0)),
        ),
        ("MCTS, 50 playouts", Box::new(Opponent::mcts(50, 1))),
        ("MENACE", Box::new(Opponent::from(Menace::new()))),
        ("first_free", Box::new(Opponent::from(first_free))),
        (
            "your player",
            Box::new(|_: &TicTacToe, board: &Board| board.empty_squares().first().unwrap()),
        ),
    ];
    for (name, player) in &mut players {
        assert_eq!(player.name(), *name);
        let Some(Turn::Plays(choice)) = player.turn(&game, &Board::new()) else {
            panic!("{name} did not play on the empty board");
        };
        assert!(Board::new().is_free(choice.square), "{name}");
        let mut perfect = Opponent::new(Level::Perfect, 2);
        let played = play_game(&game, player, &mut perfect);
        assert!(
            matches!(played.end, End::Over(_)),
            "{name}: {:?}",
            played.end
        );
        assert_eq!(
            player.turn(&game, &played.last),
            None,
            "{name} after the end"
        );
    }
}
