//! Learners' own games that misbehave, thrown at every call that takes any game: a position in
//! play with no moves, a game that never ends, a hundred thousand moves a position, positions of
//! 4 KB on a chain as long as the crate allows, a `Hash` that writes nothing, a 19 by 19 board
//! kept as `Vec<Vec<char>>`, a heap of a million sticks, and rules that panic. Each call must
//! answer or refuse in a sentence: no panic, no stack overflow, and nothing that runs for minutes
//! (the crate's counts stop most at once; its time limit, `engine::budget::MAX_SECONDS` of
//! processor time, the rest). How long each takes at the notebooks' opt-level is measured by
//! `cargo run --example limits`, not here.

use magic_tictactoe::Bot;
use std::hash::{Hash, Hasher};

use magic_tictactoe::challenge::Challenge;
use magic_tictactoe::engine::mcts::Mcts;
use magic_tictactoe::engine::perft::perft_for;
use magic_tictactoe::engine::play_game;
use magic_tictactoe::engine::search::{Pruning, search};
use magic_tictactoe::engine::solve::{
    Rules, SolvedGame, move_values, search_ahead, solve, solve_minimax,
};
use magic_tictactoe::games::{ConnectFour, Grid, GridGame, KInARow, TakeAway};
use magic_tictactoe::paper::PaperTree;
use magic_tictactoe::playouts::PlayoutSteps;
use magic_tictactoe::render::{Scale, ShowGame};
use magic_tictactoe::search_check::{check_minimax_for, check_negamax_for};
use magic_tictactoe::tournament::Tournament;
use magic_tictactoe::{
    End, Ending, Fault, LimitError, Opponent, Player, SearchError, Turn, TwoPlayerGame, Value,
};

/// Whose turn it is after `n` moves.
fn turn(n: u64) -> Player {
    if n.is_multiple_of(2) {
        Player::X
    } else {
        Player::O
    }
}

/// Two moves from each position, a position in play with none after the second move, and no
/// ending said: the player who cannot move has lost, whoever asks.
#[derive(Clone, Copy)]
struct Stuck;

impl TwoPlayerGame for Stuck {
    type Position = u64;
    type Move = u64;
    fn start(&self) -> u64 {
        0
    }
    fn to_move(&self, &n: &u64) -> Player {
        turn(n)
    }
    fn moves(&self, &n: &u64) -> Vec<u64> {
        if n < 2 { vec![1, 2] } else { vec![] }
    }
    fn play(&self, &n: &u64, _: u64) -> u64 {
        n + 1
    }
    fn ending(&self, _: &u64) -> Option<Ending> {
        None
    }
}

/// A game that never ends: two moves from every position, for ever.
#[derive(Clone, Copy)]
struct Forever;

impl TwoPlayerGame for Forever {
    type Position = u64;
    type Move = u64;
    fn start(&self) -> u64 {
        0
    }
    fn to_move(&self, &n: &u64) -> Player {
        turn(n)
    }
    fn moves(&self, _: &u64) -> Vec<u64> {
        vec![1, 2]
    }
    fn play(&self, &n: &u64, step: u64) -> u64 {
        n.wrapping_add(step)
    }
    fn ending(&self, _: &u64) -> Option<Ending> {
        None
    }
}

/// A hundred thousand moves from each position, three moves deep.
#[derive(Clone, Copy)]
struct Wide;

impl TwoPlayerGame for Wide {
    type Position = (u64, u32);
    type Move = u32;
    fn start(&self) -> (u64, u32) {
        (0, 0)
    }
    fn to_move(&self, p: &(u64, u32)) -> Player {
        turn(u64::from(p.1))
    }
    fn moves(&self, p: &(u64, u32)) -> Vec<u32> {
        if p.1 < 3 {
            (0..100_000).collect()
        } else {
            vec![]
        }
    }
    fn play(&self, p: &(u64, u32), chosen: u32) -> (u64, u32) {
        (
            p.0.wrapping_mul(100_003).wrapping_add(u64::from(chosen)),
            p.1 + 1,
        )
    }
    fn ending(&self, p: &(u64, u32)) -> Option<Ending> {
        (p.1 >= 3).then_some(Ending::Drawn)
    }
}

/// A chain of a thousand moves, the depth the crate allows a small game, with positions of 4 KB.
#[derive(Clone, Copy)]
struct Heavy;

impl TwoPlayerGame for Heavy {
    type Position = ([u8; 4096], u32);
    type Move = u8;
    fn start(&self) -> ([u8; 4096], u32) {
        ([0; 4096], 0)
    }
    fn to_move(&self, p: &([u8; 4096], u32)) -> Player {
        turn(u64::from(p.1))
    }
    fn moves(&self, p: &([u8; 4096], u32)) -> Vec<u8> {
        if p.1 < 1_000 { vec![1] } else { vec![] }
    }
    fn play(&self, p: &([u8; 4096], u32), chosen: u8) -> ([u8; 4096], u32) {
        let mut next = p.0;
        next[p.1 as usize % 4096] ^= chosen;
        (next, p.1 + 1)
    }
    fn ending(&self, p: &([u8; 4096], u32)) -> Option<Ending> {
        (p.1 >= 1_000).then_some(Ending::Won(Player::X))
    }
}

/// A position whose `Hash` writes nothing: every position lands in one bucket of a hash map.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Unhashed(u32);

impl Hash for Unhashed {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// Counting up to 265,720 by ones and twos, with positions that hash to nothing.
#[derive(Clone, Copy)]
struct Counting;

impl TwoPlayerGame for Counting {
    type Position = Unhashed;
    type Move = u32;
    fn start(&self) -> Unhashed {
        Unhashed(0)
    }
    fn to_move(&self, p: &Unhashed) -> Player {
        turn(u64::from(p.0))
    }
    fn moves(&self, p: &Unhashed) -> Vec<u32> {
        if p.0 < 265_720 { vec![1, 2] } else { vec![] }
    }
    fn play(&self, p: &Unhashed, step: u32) -> Unhashed {
        Unhashed(p.0 + step)
    }
    fn ending(&self, p: &Unhashed) -> Option<Ending> {
        (p.0 >= 265_720).then_some(Ending::Drawn)
    }
}

/// Marks on a 19 by 19 board kept as rows of characters: 361 moves, each slow to play.
#[derive(Clone, Copy)]
struct Go19;

impl TwoPlayerGame for Go19 {
    type Position = Vec<Vec<char>>;
    type Move = usize;
    fn start(&self) -> Vec<Vec<char>> {
        vec![vec!['.'; 19]; 19]
    }
    fn to_move(&self, board: &Vec<Vec<char>>) -> Player {
        let marks = board.iter().flatten().filter(|&&c| c != '.').count();
        turn(marks as u64)
    }
    fn moves(&self, board: &Vec<Vec<char>>) -> Vec<usize> {
        (0..361).filter(|&i| board[i / 19][i % 19] == '.').collect()
    }
    fn play(&self, board: &Vec<Vec<char>>, square: usize) -> Vec<Vec<char>> {
        let mut next = board.clone();
        let mark = match self.to_move(board) {
            Player::X => 'X',
            Player::O => 'O',
        };
        if let Some(cell) = next
            .get_mut(square / 19)
            .and_then(|row| row.get_mut(square % 19))
        {
            *cell = mark;
        }
        next
    }
    fn ending(&self, board: &Vec<Vec<char>>) -> Option<Ending> {
        board
            .iter()
            .flatten()
            .all(|&c| c != '.')
            .then_some(Ending::Drawn)
    }
}

/// Nim on one heap of a million sticks, taking any number: a million moves from the start.
#[derive(Clone, Copy)]
struct BigNim;

impl TwoPlayerGame for BigNim {
    type Position = (u32, Player);
    type Move = u32;
    fn start(&self) -> (u32, Player) {
        (1_000_000, Player::X)
    }
    fn to_move(&self, p: &(u32, Player)) -> Player {
        p.1
    }
    fn moves(&self, p: &(u32, Player)) -> Vec<u32> {
        (1..=p.0).collect()
    }
    fn play(&self, p: &(u32, Player), take: u32) -> (u32, Player) {
        (p.0.saturating_sub(take), !p.1)
    }
    fn ending(&self, p: &(u32, Player)) -> Option<Ending> {
        (p.0 == 0).then_some(Ending::Won(!p.1))
    }
}

/// Take-away whose `play` subtracts without looking: taking more than is left panics.
#[derive(Clone, Copy)]
struct Careless;

impl TwoPlayerGame for Careless {
    type Position = (u32, Player);
    type Move = u32;
    fn start(&self) -> (u32, Player) {
        (5, Player::X)
    }
    fn to_move(&self, p: &(u32, Player)) -> Player {
        p.1
    }
    fn moves(&self, _: &(u32, Player)) -> Vec<u32> {
        vec![1, 2, 3]
    }
    fn play(&self, p: &(u32, Player), take: u32) -> (u32, Player) {
        (
            p.0.checked_sub(take)
                .expect("taking more sticks than are left"),
            !p.1,
        )
    }
    fn ending(&self, p: &(u32, Player)) -> Option<Ending> {
        (p.0 == 0).then_some(Ending::Won(!p.1))
    }
}

macro_rules! words {
    ($($game:ty),*) => {$(
        impl ShowGame for $game {
            fn position_text(&self, position: &Self::Position) -> String {
                // Large positions said short.
                let text = format!("{position:?}");
                text.chars().take(40).collect()
            }
        }
    )*};
}
words!(
    Stuck, Forever, Wide, Heavy, Counting, Go19, BigNim, Careless
);

/// A refusal says what was counted and the limit, in a sentence.
fn refuses_in_a_sentence(refusal: &LimitError) {
    let text = refusal.to_string();
    assert!(
        text.contains("this allows")
            || text.contains("this needs")
            || text.contains("the most a call may take")
            || text.contains("the deepest a search may go"),
        "{text}"
    );
}

fn answers_or_refuses<T, E: Into<SearchError>>(result: Result<T, E>) -> Option<T> {
    match result.map_err(Into::into) {
        Ok(answer) => Some(answer),
        Err(SearchError::Limit(refusal)) => {
            refuses_in_a_sentence(&refusal);
            None
        }
        Err(other) => panic!("only a limit was expected: {other}"),
    }
}

/// A learner's bot whose every method panics, its `clone` too.
struct Panicky;

impl Clone for Panicky {
    fn clone(&self) -> Panicky {
        panic!("a learner's clone")
    }
}

impl<G: TwoPlayerGame> magic_tictactoe::Bot<G> for Panicky {
    fn name(&self) -> &str {
        panic!("a learner's name")
    }
    fn turn(&mut self, _: &G, _: &G::Position) -> Option<Turn<G::Move>> {
        panic!("a learner's turn")
    }
    fn new_game(&mut self, _: &mut fastrand::Rng) {
        panic!("a learner's new game")
    }
    fn work(&self) -> u64 {
        panic!("a learner's work")
    }
    fn chances(
        &mut self,
        _: &G,
        _: &G::Position,
    ) -> Option<magic_tictactoe::engine::MoveChances<G::Move>> {
        panic!("a learner's chances")
    }
}

/// Every call that takes any game, on `game`.
fn throw_everything_at<G>(game: &G)
where
    G: ShowGame + Clone + 'static,
    G::Position: Hash + Eq + std::fmt::Debug,
{
    let start = game.start();
    let _ = answers_or_refuses(solve(game, &start));
    let _ = answers_or_refuses(solve_minimax(game, &start));
    let _ = answers_or_refuses(move_values(game, &start));
    let _ = answers_or_refuses(search_ahead(game, &start, u32::MAX, |_, _| i32::MAX));
    let _ = answers_or_refuses(perft_for(game, &start, u32::MAX));
    let _ = answers_or_refuses(SolvedGame::new(game, &start));
    let rules = Rules::new(game, u64::MAX);
    let _ = search(&rules, start.clone(), Pruning::AlphaBeta, &mut ());
    if let Some(refusal) = rules.refusal() {
        refuses_in_a_sentence(&refusal);
    }
    let tree = Mcts::new(200_000).unwrap().search(game, &start);
    if let Some(refusal) = tree.stopped_by() {
        refuses_in_a_sentence(&refusal);
    }
    let _ = (tree.best_move(), tree.work(), tree.len());
    let _ = answers_or_refuses(check_negamax_for(game, |_| 0)).map(|c| c.to_html());
    let _ = answers_or_refuses(check_minimax_for(game, |_| 1)).map(|c| c.to_string());
    let first = |position: &G::Position| game.moves(position).first().copied();
    let challenge = Challenge::new_for(game, "the first move", move |position: &G::Position| {
        first(position).expect("a move")
    });
    let _ = (challenge.to_html(), challenge.to_string());
    let mut x = Opponent::random_for(game, 1);
    let mut o = Opponent::mcts_for(game, 100, 2);
    let played = play_game(game, &mut x, &mut o);
    let _ = played.moves.len();
    let _ = Opponent::perfect_for(game).map(|mut perfect| perfect.turn(game, &start));
    let mut searching = Opponent::searching_for(game, u32::MAX, |_, _| 0);
    let _ = searching.turn(game, &start);
    let mut own = Opponent::own_for(game, "own", |_: &G::Position| panic!("a learner's panic"));
    let _ = own.turn(game, &start);
    let players = [
        Opponent::random_for(game, 3),
        Opponent::mcts_for(game, 50, 4),
        Opponent::bot(Panicky),
    ];
    let _ = Tournament::among_for(game, players).map(|t| t.to_html());
    let mut steps = PlayoutSteps::new_for(game.clone(), start.clone()).seed(5);
    steps.steps(usize::MAX);
    let html = steps.to_html().into_string();
    assert!(
        html.len() < 2_000_000,
        "a stepper's picture of {} bytes",
        html.len()
    );
    let _ = PaperTree::from_game(game, &start).map(|tree| tree.minimax_value());
}

#[test]
fn a_game_with_no_moves_in_play_is_lost_by_the_player_who_cannot_move_everywhere() {
    throw_everything_at(&Stuck);
    // After two moves X is to move and has none: a loss for X, whoever counts it.
    let found = solve(&Stuck, &0).unwrap();
    assert_eq!(found.value, Value::Loss(2));
    let tree = Mcts::new(1_000).unwrap().search(&Stuck, &2);
    assert_eq!(
        tree.root_node().half_points,
        2 * tree.playouts(),
        "O, who moved last, wins"
    );
    let played = play_game(
        &Stuck,
        &mut Opponent::random_for(&Stuck, 1),
        &mut Opponent::random_for(&Stuck, 2),
    );
    assert!(matches!(played.end, magic_tictactoe::End::Forfeited(ref f) if f.player == Player::X));
}

#[test]
fn a_game_that_never_ends() {
    throw_everything_at(&Forever);
}

#[test]
fn a_hundred_thousand_moves_a_position() {
    throw_everything_at(&Wide);
}

#[test]
fn positions_of_four_kilobytes_on_a_long_chain() {
    throw_everything_at(&Heavy);
}

#[test]
fn a_hash_that_writes_nothing() {
    throw_everything_at(&Counting);
}

#[test]
fn a_nineteen_by_nineteen_board_of_characters() {
    throw_everything_at(&Go19);
}

#[test]
fn a_heap_of_a_million_sticks() {
    throw_everything_at(&BigNim);
}

/// The names of before, with the bounds they had; the tic-tac-toe table through the one API; the
/// depth a position's size allows; MENACE's words for how its games end.
#[test]
#[allow(deprecated)]
fn the_rest_of_the_any_game_calls() {
    use magic_tictactoe::any_game::{check_game_minimax, check_game_negamax};
    for game in [Stuck, Stuck] {
        let _ = check_game_negamax(&game, |_| 0).map(|c| (c.positions_in_play(), c.to_string()));
        let _ = check_game_minimax(&game, |_| i32::MIN).map(|c| c.to_html());
    }
    // The any-game forms' names before `_for`, on a game whose rules panic.
    let start = Careless.start();
    let _ = Challenge::of_game(&Careless, "greedy", |_: &(u32, Player)| 3).to_html();
    let _ = PlayoutSteps::of_game(Careless, start)
        .steps(usize::MAX)
        .to_html();
    let mut searching = Opponent::searching_for(&Careless, 9, |_, _| 0);
    let _ = searching.turn(&Careless, &start);
    assert_eq!(magic_tictactoe::SolvedGame::tic_tac_toe().len(), 5_478);
    // A learner's bot plays a move without naming `Choice`'s fields.
    let plays = magic_tictactoe::Choice {
        square: u32::MAX,
        reason: magic_tictactoe::Reason::OwnPlayer,
    };
    assert_eq!(Turn::plays(u32::MAX), Turn::Plays(plays));
    let _ = magic_tictactoe::engine::budget::max_depth::<[u8; 1 << 30]>();
    for finish in [
        magic_tictactoe::Finish::Won,
        magic_tictactoe::Finish::OpponentForfeited,
    ] {
        assert!(!magic_tictactoe::menace::finish_words(finish).is_empty());
    }
}

/// The game's own panic, caught by the search and said with the method and the moves.
fn caught<T>(result: Result<T, SearchError>, method: &str, moves: &[&str]) -> String {
    let Err(SearchError::Panicked(panic)) = result else {
        panic!("the game's panic was not caught");
    };
    assert_eq!(panic.method, method);
    assert_eq!(panic.moves, moves);
    assert_eq!(panic.message, "taking more sticks than are left");
    panic.to_string()
}

#[test]
fn rules_that_panic() {
    let challenge = Challenge::new_for(&Careless, "greedy", |_: &(u32, Player)| 3);
    let text = challenge.to_string();
    assert!(text.contains("taking more sticks than are left"), "{text}");
    // Said where the game stood and the move that led there, in the game's words.
    assert!(
        text.contains("The game's own code panicked at ") && text.contains(" chose 3: "),
        "{text}"
    );
    let start = Careless.start();
    // Five sticks, 1 to 3 a turn, searched depth first in the game's order: four 1s leave one
    // stick, and taking 2 of it is the first move that takes more than are left.
    assert_eq!(
        caught(solve(&Careless, &start), "play", &["1", "1", "1", "1", "2"]),
        "the game's own `play` panicked playing 2 after the moves 1, 1, 1, 1: taking more sticks than are left"
    );
    caught(
        solve_minimax(&Careless, &start),
        "play",
        &["1", "1", "1", "1", "2"],
    );
    caught(
        move_values(&Careless, &start),
        "play",
        &["1", "1", "1", "1", "2"],
    );
    caught(
        perft_for(&Careless, &start, 10),
        "play",
        &["1", "1", "1", "1", "2"],
    );
    caught(
        SolvedGame::new(&Careless, &start),
        "play",
        &["1", "1", "1", "1", "2"],
    );
    caught(
        search_ahead(&Careless, &start, 9, |_, _| 0),
        "play",
        &["1", "1", "1", "1", "2"],
    );
    let _ = caught(
        check_negamax_for(&Careless, |_| 0),
        "play",
        &["1", "1", "1", "1", "2"],
    );
    let Err(error) = Opponent::perfect_for(&Careless) else {
        panic!("a perfect player of a game that panics");
    };
    assert!(error.to_string().contains("`play` panicked"), "{error}");
    // The learner's evaluation is theirs too.
    let heap = TakeAway::new(7);
    let judged = search_ahead(&heap, &heap.start(), 2, |_, _| panic!("no idea"));
    let Err(SearchError::Panicked(panic)) = judged else {
        panic!("the evaluation's panic was not caught");
    };
    assert_eq!(panic.method, "evaluation");
    assert!(
        panic
            .to_string()
            .starts_with("the evaluation panicked after the moves"),
        "{panic}"
    );
    // The calls that run the game's code outside a search say so in a sentence too.
    let tree = Mcts::new(1_000).unwrap().search(&Careless, &start);
    let panicked = tree
        .panicked()
        .expect("the Monte Carlo search met the panic");
    assert!(
        panicked.contains("taking more sticks than are left") && panicked.contains("in playout"),
        "{panicked}"
    );
    assert!(tree.playouts() < 1_000);
    let mut steps = PlayoutSteps::new_for(Careless, start);
    steps.steps(1_000);
    let picture = steps.to_html().into_string();
    assert!(
        picture.contains("taking more sticks than are left"),
        "{picture}"
    );
    assert!(
        steps
            .to_string()
            .contains("taking more sticks than are left")
    );
    // Random players take more sticks than are left in some games, not all.
    let mut broken = 0;
    for seed in 0..20 {
        let played = play_game(
            &Careless,
            &mut Opponent::random_for(&Careless, seed),
            &mut Opponent::random_for(&Careless, seed + 100),
        );
        match &played.end {
            End::Over(_) => {}
            End::Forfeited(forfeit) if matches!(forfeit.fault, Fault::GamePanicked(_)) => {
                let fault = forfeit.fault.to_string();
                assert!(fault.contains("the game's own code panicked"), "{fault}");
                assert!(forfeit.board.0 < 3, "{:?}", forfeit.board);
                broken += 1;
            }
            other => panic!("a game whose rules panic ended {other:?}"),
        }
    }
    assert!(broken > 0, "no game met the panic");
    let players = [
        Opponent::random_for(&Careless, 1),
        Opponent::mcts_for(&Careless, 20, 2),
    ];
    let tournament = Tournament::among_for(&Careless, players).unwrap();
    let panicked = tournament.panicked().expect("the tournament met the panic");
    assert!(panicked.contains("taking more sticks"), "{panicked}");
    assert!(
        tournament
            .to_string()
            .contains("the tournament stopped there")
    );
    // A searching player that meets the panic forfeits, saying where.
    let mut searching = Opponent::searching_for(&Careless, 9, |_, _| 0);
    match searching.turn(&Careless, &start) {
        Some(Turn::Forfeits(fault)) => assert!(fault.to_string().contains("`play` panicked")),
        _ => panic!("the searching player should forfeit"),
    }
}

/// A learner's grid game that says its board is bigger (or smaller) than a [`Grid`] holds; it
/// plays 8 by 8 tic-tac-toe underneath.
struct Sprawl {
    inner: KInARow,
    size: (usize, usize),
    columns: bool,
}

impl TwoPlayerGame for Sprawl {
    type Position = Grid;
    type Move = usize;
    fn start(&self) -> Grid {
        self.inner.start()
    }
    fn to_move(&self, grid: &Grid) -> Player {
        self.inner.to_move(grid)
    }
    fn moves(&self, grid: &Grid) -> Vec<usize> {
        self.inner.moves(grid)
    }
    fn play(&self, grid: &Grid, square: usize) -> Grid {
        self.inner.play(grid, square)
    }
    fn ending(&self, grid: &Grid) -> Option<Ending> {
        self.inner.ending(grid)
    }
}

impl GridGame for Sprawl {
    fn size(&self) -> (usize, usize) {
        self.size
    }
    fn lines(&self) -> &[u64] {
        self.inner.lines()
    }
    fn moves_name_columns(&self) -> bool {
        self.columns
    }
}

#[test]
fn a_grid_game_bigger_than_a_grid() {
    let inner = KInARow::new(8, 8, 3).unwrap();
    let huge = usize::MAX;
    for size in [
        (100, 100),
        (huge, huge),
        (0, 0),
        (1, huge),
        (huge, 1),
        (8, 8),
    ] {
        for columns in [false, true] {
            let game = Sprawl {
                inner: inner.clone(),
                size,
                columns,
            };
            let grid = game.play(&game.start(), 3);
            let values = [(huge, Value::Draw(1)), (3, Value::Win(1))];
            let view = grid.view(&game).with_values(&values);
            let html = view.to_html().into_string();
            assert!(html.len() < 200_000, "{} bytes", html.len());
            let text = view.to_string();
            assert_eq!(
                text.contains("a grid holds 64 squares"),
                size != (8, 8),
                "{size:?}: {text}"
            );
        }
    }
    // The crate's Connect Four asked to mark a move that is off its board.
    let four = ConnectFour::new(4, 4).unwrap();
    let grid = four.play(&four.start(), 1);
    for last in [Some(huge), Some(4), Some(1), None] {
        let html = four.position_html(&grid, last, Scale::new(1.0));
        assert!(html.as_str().contains("<table"));
    }
}

/// Walking a grid of 400 by 400 steps, right or up, to the far corner: 160,801 positions, none
/// deeper than 800 moves, whose `Hash` writes nothing.
struct Walk400;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Corner(u16, u16);

impl Hash for Corner {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl TwoPlayerGame for Walk400 {
    type Position = Corner;
    type Move = bool;
    fn start(&self) -> Corner {
        Corner(0, 0)
    }
    fn to_move(&self, p: &Corner) -> Player {
        turn(u64::from(p.0 + p.1))
    }
    fn moves(&self, p: &Corner) -> Vec<bool> {
        [(p.0 < 400).then_some(true), (p.1 < 400).then_some(false)]
            .into_iter()
            .flatten()
            .collect()
    }
    fn play(&self, p: &Corner, right: bool) -> Corner {
        if right {
            Corner(p.0 + 1, p.1)
        } else {
            Corner(p.0, p.1 + 1)
        }
    }
    fn ending(&self, p: &Corner) -> Option<Ending> {
        (p.0 == 400 && p.1 == 400).then_some(Ending::Drawn)
    }
}

/// A game whose positions' `Hash` writes nothing puts every position a search keeps in one
/// bucket: each look then walks them all, and solving it took minutes. The solver notices the
/// hash and says so instead, with the fix in the sentence.
#[test]
fn a_hash_that_writes_nothing_is_refused_with_its_fix() {
    let Err(SearchError::Limit(refusal)) = SolvedGame::new(&Walk400, &Corner(0, 0)) else {
        panic!("solving a game whose positions all hash alike should be refused");
    };
    assert_eq!(refusal.counted, magic_tictactoe::rules::Counted::SameHash);
    refuses_in_a_sentence(&refusal);
    assert!(refusal.to_string().contains("#[derive(Hash)]"), "{refusal}");
}
