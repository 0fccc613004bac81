//! MENACE: its boxes counted by meeting every position, its moves checked on every position,
//! its lessons checked bead by bead, and a trained MENACE playing like any other opponent.

use magic_tictactoe::{Bot, TicTacToe};
use std::collections::{BTreeSet, HashMap};

use magic_tictactoe::challenge::Challenge;
use magic_tictactoe::clickable::{ClickableGame, Entry};
use magic_tictactoe::engine::Finish;
use magic_tictactoe::engine::menace::{MAX_TRAINING_GAMES, Menace, Settings};
use magic_tictactoe::exercises::Exercise;
use magic_tictactoe::{Board, Fault, Game, Level, Opponent, Player, Turn, stats};

/// Every reachable position where X is to move.
fn positions_with_x_to_move() -> Vec<Board> {
    stats::reachable_positions()
        .into_iter()
        .filter(|board| board.to_move() == Some(Player::X))
        .collect()
}

#[test]
fn meeting_every_position_opens_304_boxes() {
    let mut menace = Menace::new();
    for board in positions_with_x_to_move() {
        let square = menace
            .choose_move(board)
            .unwrap_or_else(|| panic!("no move on {board}"));
        assert!(board.is_free(square), "{square} is taken on {board}");
    }
    let mut by_ply: HashMap<usize, usize> = HashMap::new();
    for matchbox in menace.boxes() {
        *by_ply.entry(matchbox.board().moves_made()).or_default() += 1;
    }
    assert_eq!(menace.box_count(), 304);
    assert_eq!(
        [0, 2, 4, 6].map(|ply| by_ply.get(&ply).copied().unwrap_or(0)),
        [1, 12, 108, 183]
    );
    // The last move (one free square) needs no box.
    assert!(!by_ply.contains_key(&8));
}

#[test]
fn each_box_has_one_colour_for_each_really_different_move() {
    let mut menace = Menace::new();
    for board in positions_with_x_to_move() {
        menace.choose_move(board);
    }
    for matchbox in menace.boxes() {
        let board = matchbox.board();
        assert_eq!(board, board.canonical(), "a box holds the canonical form");
        let different: BTreeSet<u16> = board
            .children()
            .map(|(_, child)| child.canonical().code())
            .collect();
        assert_eq!(matchbox.squares().len(), different.len(), "{board}");
        let starting = Settings::MICHIE.beads[board.moves_made() / 2];
        for square in matchbox.squares() {
            assert_eq!(matchbox.beads(square), starting, "{board}");
        }
    }
}

#[test]
fn a_copy_of_menace_plays_its_beads_turned_back_on_every_position() {
    let mut menace = Menace::new();
    menace
        .train(Level::Random, 3_000)
        .expect("within the limit");
    let mut opponent = Opponent::from(&menace);
    let mut game_over_or_forced = 0;
    for board in positions_with_x_to_move() {
        let (canonical, symmetry) = board.canonical_with_symmetry();
        match opponent.turn(&TicTacToe::default(), &board) {
            Some(Turn::Plays(choice)) => {
                assert!(board.is_free(choice.square));
                // The square played is a bead of the box, turned back to the board.
                if let Some(matchbox) = menace.matchbox(board) {
                    let bead = symmetry.apply(choice.square);
                    let child = canonical.try_play(bead).expect("free on the box's board");
                    let coloured = matchbox.squares().iter().any(|square| {
                        canonical.try_play(square).expect("free").canonical() == child.canonical()
                    });
                    assert!(coloured, "{} on {board}", choice.square);
                } else {
                    game_over_or_forced += 1;
                }
            }
            Some(Turn::Forfeits(Fault::EmptyBox)) => {
                assert!(menace.matchbox(board).is_some_and(|b| b.is_empty()));
            }
            other => panic!("{other:?} on {board}"),
        }
    }
    assert!(game_over_or_forced > 0);
}

#[test]
fn a_game_changes_exactly_the_drawn_beads_by_the_settings() {
    let settings = Settings {
        beads: [5, 4, 3, 2],
        win: 7,
        draw: 2,
        loss: 1,
    };
    let mut menace = Menace::with_settings(settings).with_seed(9);
    let mut seen = BTreeSet::new();
    for game in 0..400 {
        let level = if game % 2 == 0 {
            Level::Random
        } else {
            Level::Rules
        };
        let boxes_before: HashMap<u16, _> = menace
            .boxes()
            .map(|b| (b.board().code(), b.clone()))
            .collect();
        let played = menace.play_game(level);
        seen.insert(format!("{:?}", played.ending));
        let change: i64 = match played.ending {
            Finish::Won => 7,
            Finish::Drawn => 2,
            Finish::Lost | Finish::Forfeited => -1,
            Finish::OpponentForfeited => 0,
        };
        assert_eq!(played.change, change);
        for draw in &played.draws {
            let after = menace.matchbox(draw.board).expect("opened");
            assert_eq!(draw.board.transformed(draw.symmetry), after.board());
            assert_eq!(draw.symmetry.inverse().apply(draw.bead), draw.square);
            for square in after.squares() {
                let before = i64::from(draw.matchbox.beads(square));
                let expected = if square == draw.bead {
                    (before + change).max(0)
                } else {
                    before
                };
                assert_eq!(i64::from(after.beads(square)), expected, "{after}");
            }
            assert_eq!(draw.beads_after, after.beads(draw.bead));
        }
        // Boxes not used in this game are as they were.
        let used: BTreeSet<u16> = played
            .draws
            .iter()
            .map(|d| d.matchbox.board().code())
            .collect();
        for (code, before) in boxes_before {
            if !used.contains(&code) {
                assert_eq!(
                    menace.boxes().find(|b| b.board().code() == code),
                    Some(&before)
                );
            }
        }
        // The game is a real game: each board follows the last by one move.
        for pair in played.boards.windows(2) {
            assert_eq!(pair[1].moves_made(), pair[0].moves_made() + 1);
        }
    }
    assert!(seen.len() >= 3, "wins, draws and losses: {seen:?}");
}

#[test]
fn an_opponent_that_forfeits_teaches_nothing() {
    let mut menace = Menace::new();
    let game = menace.play_game(|_: &Board| 5);
    assert_eq!(game.ending, Finish::OpponentForfeited);
    assert_eq!(game.change, 0);
    let first = menace.first_box().expect("opened");
    assert!(first.squares().iter().all(|s| first.beads(s) == 4));
}

#[test]
fn the_same_seed_learns_the_same_and_another_seed_differently() {
    let train = |seed| {
        let mut menace = Menace::new().with_seed(seed);
        let training = menace.train(Level::Random, 500).expect("within the limit");
        (
            training.endings().to_vec(),
            menace.boxes().cloned().collect::<Vec<_>>(),
        )
    };
    assert_eq!(train(1), train(1));
    assert_ne!(train(1), train(2));
}

#[test]
fn it_learns_to_beat_the_random_player_and_to_draw_against_perfect_play() {
    let mut menace = Menace::new();
    let random = menace
        .train(Level::Random, 4_000)
        .expect("within the limit");
    let blocks = random.blocks();
    let (first, last) = (blocks[0], blocks[blocks.len() - 1]);
    assert!(
        last.wins * first.games > first.wins * last.games,
        "{first:?} {last:?}"
    );
    let perfect = menace
        .train(Level::Perfect, 4_000)
        .expect("within the limit");
    let total = perfect.total();
    assert_eq!(total.wins, 0, "nobody beats perfect play");
    let blocks = perfect.blocks();
    let (first, last) = (blocks[0], blocks[blocks.len() - 1]);
    assert!(last.losses < first.losses, "{first:?} {last:?}");
    assert!(last.draws * 10 > last.games * 9, "{last:?}");
}

#[test]
fn the_learning_curve_adds_up() {
    let mut menace = Menace::new();
    let training = menace
        .train(Level::Blunders(30), 1_234)
        .expect("within the limit");
    let blocks = training.blocks();
    assert!(blocks.len() as u64 <= magic_tictactoe::engine::menace::BLOCKS);
    assert_eq!(blocks.iter().map(|b| b.games).sum::<u64>(), 1_234);
    let total = training.total();
    assert_eq!(blocks.iter().map(|b| b.wins).sum::<u64>(), total.wins);
    assert_eq!(blocks.iter().map(|b| b.losses).sum::<u64>(), total.losses);
    assert_eq!(
        total.wins + total.draws + total.losses + total.forfeits,
        1_234
    );
    if let Some(last) = training.last_loss() {
        assert!(training.endings()[last as usize - 1].is_loss());
        assert!(
            training.endings()[last as usize..]
                .iter()
                .all(|e| !e.is_loss())
        );
    }
    assert_eq!(menace.games_played(), 1_234);
    menace.train(Level::Random, 10).expect("within the limit");
    assert_eq!(menace.games_played(), 1_244);
}

#[test]
fn training_past_the_limit_is_refused_at_once() {
    let mut menace = Menace::new();
    let error = menace
        .train(Level::Random, MAX_TRAINING_GAMES + 1)
        .expect_err("past the limit");
    assert_eq!(
        error.to_string(),
        "50,001 games is more than the 50,000 this allows"
    );
    assert_eq!(menace.games_played(), 0);
}

#[test]
fn an_empty_box_resigns_in_training_and_forfeits_in_a_game() {
    let one_bead = Settings {
        beads: [1, 1, 1, 1],
        ..Settings::MICHIE
    };
    let mut menace = Menace::with_settings(one_bead);
    let training = menace.train(Level::Perfect, 300).expect("within the limit");
    assert!(training.endings().contains(&Finish::Forfeited));
    assert!(menace.first_box().expect("opened").is_empty());
    let game = Game::against(&menace).playing_as(Player::O);
    let forfeit = game.forfeit().expect("MENACE resigns at once");
    assert_eq!(forfeit.fault, Fault::EmptyBox);
    assert!(
        game.result_sentence()
            .contains("matchbox for this position is empty"),
        "{}",
        game.result_sentence()
    );
}

#[test]
fn a_trained_menace_plays_in_games_challenges_and_clickable_boards() {
    let mut menace = Menace::new();
    menace
        .train(Level::Random, 2_000)
        .expect("within the limit");
    menace
        .train(Level::Perfect, 2_000)
        .expect("within the limit");

    let mut game = Game::against(&menace).playing_as(Player::O);
    assert_eq!(game.moves().len(), 1, "MENACE, as X, starts");
    let reply = game.board().empty_squares().first().expect("a free square");
    game.play(reply);
    assert_eq!(game.moves().len(), 3);

    let challenge = Challenge::new(&menace);
    assert!(challenge.is_exact(), "its chances come from its beads");
    let record = challenge.record(Level::Perfect, Player::X).expect("played");
    assert_eq!(record.wins, 0.0);
    assert!(record.draws > 0.5, "{record}");

    let clickable = ClickableGame::new(&menace).playing_as(Player::O);
    let table = clickable.table();
    for (code, entry) in &table {
        let board = Board::from_code(*code).expect("a board");
        if let Entry::Reply(square) = entry {
            assert_eq!(board.to_move(), Some(Player::X));
            assert!(board.is_free(*square));
        }
    }
    assert!(table.values().any(|e| matches!(e, Entry::Reply(_))));
    assert!(clickable.to_html().as_str().contains("MENACE"));
}

#[test]
fn the_menace_exercises_agree_with_a_menace_trained_here() {
    let mut menace = Menace::new();
    menace
        .train(Level::Random, 1_000)
        .expect("within the limit");
    let rules = menace.train(Level::Rules, 2_000).expect("within the limit");
    let last = Exercise::menace_last_loss(1_000, 2_000);
    let answer = rules.last_loss().unwrap_or(0);
    assert!(last.check(answer).is_right());
    assert!(!last.check(answer + 1).is_right());
}
