//! Every public call, thrown arbitrary and extreme arguments: none may panic. Learners call the
//! crate from notebook cells, which compile with overflow checks and debug assertions on (as
//! this test profile does), where a panic can lose their work.
//!
//! The last test reads the sources and fails when a public function appears nowhere in this
//! file: a new public call needs its hostile test here.

use magic_tictactoe::Bot;
use std::collections::BTreeSet;
use std::path::Path;

use magic_tictactoe::beyond::{MagicGrid, lines_of};
use magic_tictactoe::challenge::DepthStudy;
use magic_tictactoe::clickable::{ClickableGame, Face};
use magic_tictactoe::engine::Table;
use magic_tictactoe::engine::mcts::{MAX_PLAYOUTS, Mcts, PlayoutPolicy, ucb1};
use magic_tictactoe::engine::menace::{MAX_TRAINING_GAMES, MatchBox, Menace, Settings};
use magic_tictactoe::engine::solve::{Rules, move_values, solve, solve_minimax};
use magic_tictactoe::exercises::{Exercise, check_never_loses, check_win_test};
use magic_tictactoe::games::TakeAway;
use magic_tictactoe::games::{ConnectFour, KInARow};
use magic_tictactoe::pick15::Pick15;
use magic_tictactoe::playouts::PlayoutSteps;
use magic_tictactoe::prelude::*;
use magic_tictactoe::render::Scaled;
use magic_tictactoe::solver::{self, GameTree, MoveOrder, Pruning, TicTacToe, value_if_over};
use magic_tictactoe::tree::OrderedSearches;
use magic_tictactoe::{
    Counted, IntoSquare, LimitError, ParseBoardError, ParsePlayerError, SquareError, html, rules,
};
use magic_tictactoe::{Ending, TwoPlayerGame};
use magic_tictactoe::{Sums, Tally, rules_choice};
use proptest::prelude::*;

fn every_position() -> &'static [Board] {
    static POSITIONS: std::sync::OnceLock<Vec<Board>> = std::sync::OnceLock::new();
    POSITIONS.get_or_init(stats::reachable_positions)
}

fn a_board() -> impl Strategy<Value = Board> {
    (0..every_position().len()).prop_map(|i| every_position()[i])
}

fn a_level() -> impl Strategy<Value = Level> {
    prop_oneof![
        Just(Level::Random),
        Just(Level::Rules),
        Just(Level::Perfect),
        a_byte().prop_map(Level::Blunders),
    ]
}

fn a_player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::X), Just(Player::O)]
}

fn a_square() -> impl Strategy<Value = Square> {
    (0..9usize).prop_map(|i| Square::ALL[i])
}

fn a_symmetry() -> impl Strategy<Value = Symmetry> {
    (0..8usize).prop_map(|i| Symmetry::ALL[i])
}

/// Any byte, with the ends (where arithmetic overflows) as likely as the middle.
fn a_byte() -> impl Strategy<Value = u8> {
    prop_oneof![any::<u8>(), Just(0), Just(1), Just(254), Just(u8::MAX)]
}

/// Any count, the ends as likely as the middle.
fn a_count() -> impl Strategy<Value = usize> {
    prop_oneof![
        0..20usize,
        any::<usize>(),
        Just(usize::MAX),
        Just(u32::MAX as usize),
        Just(1 << 32)
    ]
}

fn a_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        a_byte().prop_map(Value::Win),
        a_byte().prop_map(Value::Draw),
        a_byte().prop_map(Value::Loss),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[XxOo.\\-_/ 0-9a-c,]{0,40}",
        Just(String::new()),
        Just("X.O/.X./..O".to_owned()),
        Just("9".repeat(100)),
    ]
}

fn a_number() -> impl Strategy<Value = i64> {
    prop_oneof![any::<i64>(), -20..20i64, Just(i64::MIN), Just(i64::MAX)]
}

/// Something a learner may pass where a square is wanted, shown in all its forms.
fn play_every_form(game: &mut Game, n: i64, s: &str) {
    game.play(n);
    game.play(n as u128);
    game.play(n as i8);
    game.play(s);
    game.play(s.to_owned());
    let owned = s.to_owned();
    game.play(&owned);
    game.play(s.chars().next().unwrap_or('5'));
    let _ = game.try_play(n as u64);
}

/// Watches a search: the score of the last position it left (the root, at the end).
#[derive(Default)]
struct Watcher {
    last: Option<Value>,
}

impl solver::Observer<TicTacToe> for Watcher {
    fn leave(&mut self, _: Board, found: solver::Found<Value>) {
        self.last = Some(found.score());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // ---- rules ----

    #[test]
    fn squares_and_sets(n in a_number(), m in a_number(), s in text(), bits in any::<u16>(), k in a_count(), byte in a_byte()) {
        let _ = Square::from_digit(n);
        let _ = Square::from_digit(n as u128);
        let _ = Square::from_row_column(n, m);
        let _ = Square::from_row_column(n as u64, m as u64);
        let _ = s.parse::<Square>();
        let _ = s.as_str().into_square();
        let _ = Square::from_magic_number(byte);
        let _ = Square::try_from(byte);
        for square in Square::ALL {
            let _ = (square.index(), square.digit(), square.row(), square.column(), square.magic_number());
            let _ = (square.is_corner(), square.is_edge(), square.name(), square.to_string());
        }
        let set = SquareSet::from_bits(bits);
        let _ = (set.bits(), set.len(), set.is_empty(), set.first(), set.nth(k), set.complement());
        let _ = set.union(set).intersection(set.complement());
        let mut changed = set;
        changed.insert(Square::Centre);
        changed.remove(Square::TopLeft);
        let _ = changed.with(Square::Top).without(Square::Top);
        let _ = (set.contains(Square::Right), SquareSet::from_square(Square::Left), set.iter().count(), set.to_string());
        let _ = (format!("{:?}", s.parse::<Square>()), s.parse::<Player>().map_err(|e: ParsePlayerError| e.to_string()));
        let _ = (Player::X.mark(), !Player::O);
    }

    #[test]
    fn the_magic_square(a in a_byte(), b in a_byte(), c in a_byte(), held in any::<u16>(), free in any::<u16>()) {
        let _ = magic::sums_to_15([a, b, c]);
        let _ = magic::completing_number(a, b);
        let _ = Line::from_magic_numbers([a, b, c]);
        let held = SquareSet::from_bits(held);
        let free = SquareSet::from_bits(free);
        let _ = (magic::has_won(held), magic::winning_line(held), magic::winning_squares(held, free));
        let _ = (magic::triples().count(), magic::magic_triples(), magic::lines());
        for line in magic::lines() {
            let _ = (line.squares(), line.square_set(), line.magic_numbers(), line.kind(), line.contains(Square::Centre), line.to_string());
            let _ = Line::from_squares(line.squares());
        }
        let _ = Triples::all().as_slice().len() + Triples::summing_to_15().len();
        let _ = Triples::all().is_empty();
    }

    #[test]
    fn boards_from_anything(s in text(), code in any::<u16>(), x in any::<u16>(), o in any::<u16>(), square in a_square(), n in a_number(), symmetry in a_symmetry()) {
        let parsed = s.parse::<Board>();
        let _ = format!("{parsed:?}");
        let _ = parsed.map_err(|e: ParseBoardError| e.to_string());
        let _ = Board::from_code(code).map_err(|e| e.to_string());
        if let Ok(board) = Board::from_squares(SquareSet::from_bits(x), SquareSet::from_bits(o)) {
            let _ = (board.code(), board.squares(Player::X), board.get(square), board.empty_squares(), board.moves_made());
            let _ = (board.turn(), board.to_move(), board.outcome(), board.is_over(), board.winner(), board.winning_line());
            let _ = (board.legal_moves(), board.children().count(), board.try_play(square), board.try_play(n), board.try_play(s.as_str()));
            let _ = (board.transformed(symmetry), board.canonical(), board.canonical_with_symmetry());
            let _ = (symmetry.apply(square), symmetry.inverse(), symmetry.name());
            let _ = (board.to_string(), format!("{board:#}"), format!("{board:?}"));
        }
    }

    #[test]
    fn outcomes_and_tallies(board in a_board(), counts in any::<[u64; 3]>(), player in a_player()) {
        let mut tally = Tally { x_wins: counts[0], o_wins: counts[1], draws: counts[2] };
        if let Some(outcome) = board.outcome() {
            tally.record(outcome);
            let _ = (outcome.winner(), board.winning_line(), outcome.to_string());
        }
        tally.count(Some(player));
        let _ = tally.get(None);
        tally.o_wins = u64::MAX;
        tally.record(Ending::Won(!player));
        let _ = (tally.to_string(), tally.map(|n| n / 2).to_string());
        let _ = tally.map(|n| n as f64).total();
        let _ = LimitError::check(Counted::Games, counts[0], counts[1]).map_err(|e| e.to_string());
    }

    // ---- engine ----

    #[test]
    fn values(v in a_value(), w in a_value()) {
        let _ = (v.plies(), v.is_win(), v.is_draw(), v.is_loss(), Value::of_move_into(v), v.after_ply(), -v);
        let _ = (v.cmp(&w), v.max(w), v.to_string(), Value::LOWEST <= v, v <= Value::HIGHEST);
    }

    #[test]
    fn searching_and_solving(board in a_board(), depth in any::<u32>()) {
        let _ = board.value();
        let _ = board.best_moves();
        let analysis = board.analysis();
        let _ = (analysis.board(), analysis.len(), analysis.value_of(Square::Centre), analysis.value(), analysis.best(), analysis.to_string());
        let _ = (value_if_over(board), stats::perft(board, depth.min(12)));
        if board.moves_made() >= 3 {
            let _ = (solver::minimax(board), solver::alpha_beta(board), stats::count_games(board).total());
            let ordered = TicTacToe { order: MoveOrder::CentreCornersEdges };
            let _ = solver::search(&ordered, board, Pruning::AlphaBeta, &mut ());
            let mut watcher = Watcher::default();
            let found = solver::search(&TicTacToe::default(), board, Pruning::AlphaBeta, &mut watcher);
            prop_assert_eq!(watcher.last, Some(found.value));
            let _ = ordered.score_if_over(board);
            let _ = MoveOrder::Keypad.squares();
            let table = Table::below(board);
            let _ = (table.get(board), table.value(board), table.best_moves(board), table.positions(), table.size_in_bytes());
            let _ = table.value(Board::new());
        }
    }

    #[test]
    fn levels_and_opponents(board in a_board(), level in a_level(), seed in any::<u64>(), s in text()) {
        let _ = (level.name(), level.to_string(), level.move_chances(board), rules_choice(board));
        let _ = s.parse::<Level>().map_err(|e| e.to_string());
        let mut opponent = Opponent::new(level, seed);
        let _ = (opponent.level(), opponent.seed(), opponent.choose(board), opponent.choose_move(board));
        opponent.reset();
    }

    #[test]
    fn games(level in a_level(), seed in any::<u64>(), you in a_player(), n in a_number(), s in text(), moves in proptest::collection::vec(a_number(), 0..12)) {
        let mut game = Game::against(level).playing_as(you).with_seed(seed);
        play_every_form(&mut game, n, &s);
        for m in moves {
            game.play(m).play(m.wrapping_add(1)).undo();
        }
        let _ = (game.board(), game.moves(), game.boards(), game.to_move(), game.outcome(), game.winner(), game.is_over());
        let _ = (game.last_reply(), game.message(), game.was_refused(), game.can_undo(), game.level(), game.computer_plays());
        let _ = (game.hint(), game.result_sentence(), game.to_string(), game.heatmaps().len());
        game.restart();
        let mut people = Game::new();
        people.play(n).undo().undo();
        let _ = Game::against_opponent(Opponent::new(level, seed), you);
        let _ = Game::between(&mut Opponent::new(level, seed), &mut Opponent::new(Level::Random, seed));
    }

    // ---- render ----

    #[test]
    fn pictures_at_any_scale(board in a_board(), factor in any::<f64>(), s in text(), px in any::<u32>(), bits in any::<u16>()) {
        let view = board.view().magic_numbers().digits(true).highlight(SquareSet::from_bits(bits)).values().size(px).caption(s.clone());
        let _ = (view.board(), view.to_html().len(), view.scaled(factor).to_html().len());
        let _ = Scaled::new(&view, Scale::new(factor)).to_html();
        let _ = (board.to_html(), board.scaled(factor).to_html(), board.analysis().to_html());
        let gallery = Gallery::new(s.clone()).with(s.clone(), board.view()).note(s.clone());
        let mut more = gallery.clone();
        more.push(s.as_str(), board.view());
        let _ = (gallery.len(), gallery.is_empty(), more.to_html(), Symmetry::gallery(board).to_html());
        let mut html = Html::text(&s);
        html.push(Html::text(&s));
        let _ = (html.as_str().len(), html.clone().into_string(), html::escape(&s), render::escape(&s));
        let _ = (Scale::new(factor).factor(), Picture::text(&board));
    }

    #[test]
    fn clickable_boards(level in a_level(), you in a_player(), seed in any::<u64>()) {
        let game = ClickableGame::new(level).playing_as(you).with_seed(seed);
        let _ = (game.you(), game.level(), game.table().len());
        for face in [Face::Board, Face::NumberCards, Face::MagicSquare] {
            let html = game.clone().face(face).to_html().into_string();
            prop_assert!(html.len() <= 64 * 1024);
        }
        let _ = Pick15::clickable(level).playing_as(you).to_html();
    }

    // ---- teach ----

    #[test]
    fn sums_pick15_and_grids(board in a_board(), level in a_level(), n in a_number(), seed in any::<u64>(), size in a_count(), cells in proptest::collection::vec(any::<usize>(), 0..30)) {
        let sums = board.sums();
        let _ = (sums.board(), sums.threats(Player::X), sums.to_html(), Sums::new(board).to_string());
        let mut pick = Pick15::against(level).with_seed(seed);
        let _ = pick.try_take(n);
        pick.take(n).take(n as u128).take(5);
        let _ = (pick.numbers_of_you(), pick.numbers_of_computer(), pick.numbers_left(), pick.game().moves().len(), pick.you_won(), pick.result_sentence(), pick.to_html());
        let _ = Pick15::against(level).computer_first();
        let _ = lines_of(size).map(|lines| lines.len());
        let _ = lines_of(size % 120).map(|lines| lines.len());
        if let Some(grid) = MagicGrid::siamese(size % 12) {
            let grid = grid.highlight(&cells);
            let _ = (grid.size(), grid.numbers().len(), grid.magic_constant(), grid.lines().len(), grid.is_magic(), grid.to_html());
        }
        let _ = (MagicGrid::lo_shu().sets_reaching_the_constant(), MagicGrid::durer().constant_sum_that_is_no_line());
    }

    #[test]
    fn exercises_take_any_answer(board in a_board(), n in a_number(), s in text(), byte in a_byte(), size in a_count(), depth in any::<u32>()) {
        let exercises = [
            Exercise::which_square(board),
            Exercise::rules_move(board),
            Exercise::triples_containing(byte),
            Exercise::number_to_win(byte, byte.wrapping_mul(3)),
            Exercise::perft(depth % 12),
            Exercise::lines_on(size),
            Exercise::lines_on(size % 150),
            Exercise::alpha_beta_skips(board),
            Exercise::replies_up_to_symmetry(Square::ALL[size % 9]),
            Exercise::sets_summing_to(size, u32::from(byte), depth),
            Exercise::sets_summing_to(size % 7, u32::from(byte % 26), depth % 200),
            Exercise::perft_after(Square::ALL[size % 9], depth % 12),
            Exercise::menace_colours(board),
            Exercise::menace_first_box_after([Finish::Won, Finish::Drawn, Finish::Lost, Finish::Forfeited, Finish::OpponentForfeited][size % 5]),
        ];
        // A numbered exercise's every verdict says which exercise it checked; an unnumbered one's none.
        let numbered = [Exercise::perft(depth % 12).numbered(depth), Exercise::triples_containing(byte).numbered(u32::MAX)];
        for (exercise, is_numbered) in exercises.iter().map(|e| (e, false)).chain(numbered.iter().map(|e| (e, true))) {
            let _ = exercise.question();
            let _ = exercise.to_html();
            for verdict in [exercise.check(n), exercise.check(s.clone()), exercise.check(vec![1.5]), exercise.check("six"), exercise.check(" 7 "), exercise.check(n as u128), exercise.check(Square::Centre), exercise.check('7')] {
                let _ = (verdict.is_right(), verdict.text(), verdict.about(), verdict.to_html(), verdict.to_string());
                assert_eq!(verdict.about().is_some(), is_numbered);
            }
        }
    }

    #[test]
    fn search_trees_step_any_number_of_times(board in a_board(), n in a_count(), back in 0..40usize) {
        for algorithm in [Pruning::None, Pruning::AlphaBeta] {
            let Ok(mut tree) = SearchTree::new(board, algorithm) else { continue };
            tree.step();
            tree.steps(n);
            for _ in 0..back {
                tree.back();
            }
            let _ = (tree.evaluated(), tree.skipped(), tree.len(), tree.is_empty(), tree.is_finished(), tree.nodes().len(), tree.findings().len());
            let _ = (tree.root_player(), tree.chosen_move(), tree.to_html());
            tree.finish();
            tree.restart();
        }
        let _ = SearchTree::minimax_steps(board).map_err(|e| e.to_string());
        let _ = SearchTree::alpha_beta_steps(board).map(|t| t.len());
        let _ = SearchTree::minimax(board).map(|t| t.len());
    }
}

/// A learner's player made from arbitrary numbers: on each board, the number at its code.
fn players_from(numbers: &[i64]) -> impl Fn(&Board) -> i64 + 'static {
    let numbers = numbers.to_vec();
    move |board: &Board| {
        if numbers.is_empty() {
            panic!("no numbers");
        }
        numbers[usize::from(board.code()) % numbers.len()]
    }
}

/// A learner's evaluation made from arbitrary numbers, extremes included.
fn evaluation_from(numbers: &[i32]) -> impl Fn(&Board, Player) -> i32 + 'static {
    let numbers = numbers.to_vec();
    move |board: &Board, player: Player| {
        let i = usize::from(board.code()) + usize::from(player == Player::O);
        numbers
            .get(i % numbers.len().max(1))
            .copied()
            .unwrap_or(i32::MIN)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn learners_players_and_searches(board in a_board(), n in a_number(), s in text(), numbers in proptest::collection::vec(a_number(), 0..20), scores in proptest::collection::vec(prop_oneof![any::<i32>(), Just(i32::MIN), Just(i32::MAX)], 0..20), depth in any::<u32>(), you in a_player(), player in a_player()) {
        let _ = (board.is_free(n), board.is_free(s.as_str()), board.winning_moves(player));
        let mut own = Opponent::own(&s, players_from(&numbers)).named(&s);
        let _ = (own.name().len(), own.level(), own.depth(), own.seed());
        let _ = (own.turn(&TicTacToe::default(), &board), own.choose(board));
        let mut searching = Opponent::searching(depth, evaluation_from(&scores));
        let _ = (searching.turn(&TicTacToe::default(), &board), searching.depth());
        let mut game = Game::against(players_from(&numbers)).playing_as(you);
        play_every_form(&mut game, n, &s);
        let _ = (game.forfeit(), game.opponent().map(Opponent::name), game.outcome(), game.result_sentence(), game.to_html());
        if let Some(forfeit) = game.forfeit() {
            let _ = (forfeit.to_html(), forfeit.to_string());
        }
        let mut game = Game::against(Opponent::searching(depth % 4, evaluation_from(&scores))).playing_as(you);
        game.play(n).play(5).undo();
        let _ = Game::between(&mut Opponent::from(players_from(&numbers)), &mut Opponent::searching(depth % 3, evaluation_from(&scores)));
    }

    #[test]
    fn monte_carlo_searches_of_anything(board in a_board(), playouts in prop_oneof![0..3_000u32, Just(u32::MAX), Just(MAX_PLAYOUTS), Just(MAX_PLAYOUTS + 1)], c in prop_oneof![any::<f64>(), Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY), Just(-0.0)], seed in any::<u64>(), points in any::<u32>(), visits in any::<u32>(), parent in any::<u32>(), id in any::<u32>()) {
        let _ = (ucb1(points, visits, parent, c), Ending::Drawn.half_points(Player::X), Ending::Won(Player::O).to_string());
        let Ok(search) = Mcts::new(playouts % (MAX_PLAYOUTS + 2)).map_err(|e| e.to_string()) else { return Ok(()) };
        let search = search.exploration(c).seed(seed);
        let _ = search.playouts();
        let small = Mcts::new(search.playouts() % 2_000 + 1).unwrap().exploration(c).seed(seed);
        let tree = small.search(&TicTacToe::default(), &board);
        let _ = (tree.best_move(), tree.len(), tree.is_empty(), tree.playouts(), tree.exploration(), tree.stopped_by(), tree.panicked(), tree.root_node().win_rate(), format!("{tree:?}"));
        let big = small.search(&TicTacToe::default(), &Board::new());
        for node in [tree.root(), big.root()] {
            let _ = (tree.node(node).map(|n| n.win_rate()), tree.parent(node), tree.children(node).count(), tree.ucb1(node), node.index());
        }
        for child in big.children(big.root()) {
            let _ = (tree.node(child), tree.ucb1(child), big.ucb1(child));
        }
        let game = TicTacToe::default();
        let mut random = fastrand::Rng::with_seed(seed);
        let _ = (game.start(), game.to_move(&board), TwoPlayerGame::moves(&game, &board), game.ending(&board), game.random_move(&board, &mut random));
        for square in Square::ALL {
            let _ = game.play(&board, square);
        }
        let _ = game.play_out(board, &mut random, |_| std::ops::ControlFlow::Continue(()));
        let mut player = Opponent::mcts(playouts, seed).with_exploration(c);
        let _ = (player.name().len(), player.playouts(), player.level(), player.turn(&TicTacToe::default(), &board), player.choose(board));
        let odd = check_ucb1(move |w, n, p, k| if n == 0 { c } else { w * c / f64::from(p) + k + f64::from(n) });
        let _ = (odd.is_right(), odd.checked(), odd.to_html(), odd.to_string());
        let odd = check_backpropagation(move |path: &mut [PathNode], _| {
            for node in path.iter_mut() {
                node.visits = node.visits.wrapping_add(points);
                node.wins = c;
                node.mover = !node.mover;
            }
        });
        let _ = (odd.is_right(), odd.checked(), odd.to_html(), odd.to_string());
        let wild = PlayoutPolicy::new(TicTacToe::default(), move |b: &Board| -> Option<Square> {
            if seed % 3 == 0 { panic!("wild") }
            Square::from_digit(seed % 12).ok().or(b.empty_squares().first())
        });
        let _ = (Mcts::new(30).unwrap().search(&wild, &board).best_move(), wild.fault(), format!("{wild:?}"));
        let squares = [seed % 12, seed % 7];
        let borrowing = PlayoutPolicy::with_policy(TicTacToe::default(), |_: &Board| Square::from_digit(squares[0]).ok());
        let _ = (Mcts::new(30).unwrap().search(&borrowing, &board).best_move(), borrowing.fault());
        let mut steps = PlayoutSteps::new(board).seed(seed).exploration(c);
        steps.steps(id as usize % 300);
        steps.step();
        steps.back();
        let _ = (steps.playouts(), steps.board(), steps.last_playout(), steps.tree().len(), steps.to_html(), steps.to_string());
        steps.restart();
        steps.steps(usize::MAX);
        let _ = steps.last_playout().map(|p| p.updates.len());
        let mut game = Game::against(Opponent::mcts(playouts % 50, seed).with_exploration(c));
        game.play(5).play(1).play(9);
        let _ = game.to_html();
    }

    #[test]
    fn grid_games_of_any_size(columns in 0..10usize, rows in 0..10usize, k in 0..12usize, moves in proptest::collection::vec(any::<usize>(), 0..40), seed in any::<u64>()) {
        let _ = (KInARow::new(columns, rows, k).map_err(|e| e.to_string()), ConnectFour::new(columns, rows).map_err(|e| e.to_string()));
        let (Ok(row_game), Ok(drop_game)) = (KInARow::new(columns, rows, k), ConnectFour::new(columns, rows)) else { return Ok(()) };
        let (mut a, mut b) = (row_game.start(), drop_game.start());
        for &m in &moves {
            a = row_game.play(&a, m % 80);
            b = drop_game.play(&b, m % 12);
            let _ = (row_game.ending(&a), drop_game.ending(&b), row_game.moves(&a), drop_game.moves(&b), row_game.to_move(&a));
        }
        let _ = (row_game.size(), row_game.lines().len(), row_game.text(&a), row_game.to_string(), drop_game.size(), drop_game.text(&b), drop_game.to_string());
        let _ = (a.squares(Player::X), a.get(seed as usize), b.get(3));
        prop_assert_eq!(a.marks_of(Player::O).count() as u32, a.squares(Player::O).count_ones());
        let heap = TakeAway::new(seed as u32).taking_at_most(k as u32 * 1_000);
        let after = moves.iter().fold(heap.start(), |position, &m| heap.play(&position, m as u32));
        let _ = (heap.moves(&after), heap.ending(&after), heap.to_move(&after), heap.to_string(), TakeAway::default());
        let values: Vec<(usize, Value)> = moves.iter().map(|&m| (m, Value::Win(seed as u8))).collect();
        let _ = (a.view(&row_game).with_values(&values).to_html(), b.view(&drop_game).with_values(&values).to_string(), drop_game.moves_name_columns());
        // The last move marked, whatever it is: any number, in range or far past it.
        let scale = Scale::new(seed as f64 / 1e18);
        for &m in moves.iter().chain(&[usize::MAX, usize::MAX - 8, columns * rows]) {
            let _ = (row_game.position_html(&a, Some(m), scale), drop_game.position_html(&b, Some(m), scale), drop_game.move_text(m), row_game.move_text(m), drop_game.position_text(&b));
        }
        let small = Mcts::new(50).unwrap().seed(seed);
        let _ = (small.search(&row_game, &a).best_move(), small.search(&drop_game, &b).best_move());
        let _ = search_ahead(&drop_game, &b, seed as u32, |_, _| i32::MAX).map(|best| best.map(|(m, _)| m));
        let mut stepped = PlayoutSteps::new_for(drop_game.clone(), b).seed(seed).exploration(f64::NAN);
        stepped.steps(moves.len() * 3);
        let _ = (stepped.position(), stepped.last_playout().map(|p| p.moves.len()), stepped.to_html(), stepped.to_string());
        if columns * rows <= 9 {
            let check = check_negamax_for(&row_game, |_| seed as i32).map(|c| (c.positions_of_the_game(), c.checked(), c.to_html()));
            let _ = (check, check_minimax_for(&drop_game, |_| i32::MIN).map(|c| c.to_string()));
            if columns * rows <= 4 {
                let _ = Challenge::new_for(&drop_game, "<hostile>", |_: &Grid| seed as usize).to_html();
            }
            let _ = (solve(&row_game, &a).map(|s| s.value).map_err(|e| e.limit()), solve_minimax(&drop_game, &b).map(|s| s.positions), move_values(&row_game, &row_game.start()).map(|v| (v.best().len(), v.to_html().len(), Vec::from(v).len())));
            let _ = (PaperTree::from_game(&row_game, &a).map(|t| t.minimax_value()), PaperTree::from_game(&drop_game, &b).map_err(|e| e.to_string()));
            let rules = Rules::new(&row_game, 10);
            let _ = rules.ran_out();
        }
    }

    #[test]
    fn paper_trees_from_anything(s in text(), leaves in proptest::collection::vec(prop_oneof![any::<i32>(), -999..999i32], 0..70), branching in a_count(), depth in a_count(), seed in any::<u64>(), n in a_count(), back in 0..20usize, answer in a_number()) {
        let _ = s.parse::<PaperTree>().map_err(|e| e.to_string());
        let _ = format!("[{s}]").parse::<PaperTree>().map_err(|e| e.to_string());
        let _ = PaperTree::from_leaves(branching, &leaves).map_err(|e| e.to_string());
        let _ = PaperTree::from_leaves(branching % 9, &leaves);
        let _ = PaperTree::random(depth, branching, seed);
        let trees = [
            PaperTree::random(depth % 7, branching % 9, seed),
            PaperTree::from_leaves(2, &leaves),
            Ok(PaperTree::textbook()),
        ];
        for tree in trees.into_iter().flatten() {
            let _ = (tree.leaves(), tree.minimax_value(), tree.len(), tree.is_empty(), tree.to_string(), tree.to_html());
            for other in [tree.reversed(), tree.best_first(), tree.worst_first()] {
                let _ = OrderComparison::new(&tree, &other).skipped_leaves();
            }
            let _ = (OrderComparison::best_first(&tree).to_html(), Picture::text(&OrderComparison::worst_and_best(&tree)));
            for mut search in [tree.minimax_steps(), tree.alpha_beta_steps()] {
                search.step();
                search.steps(n);
                for _ in 0..back {
                    search.back();
                }
                let _ = (search.value(), search.window(n % 70), search.evaluated(), search.skipped_leaves(), search.leaves_looked_at(), search.chosen_move(), search.is_finished(), search.tree().len());
                let _ = (search.findings().len(), search.to_html(), search.to_string());
                search.finish();
                search.restart();
            }
            for exercise in [Exercise::root_value(&tree), Exercise::leaves_skipped(&tree)] {
                let _ = (exercise.check(answer).is_right(), exercise.check(s.clone()).text().len(), exercise.to_html());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn learners_code_in_the_heavy_calls(board in a_board(), numbers in proptest::collection::vec(a_number(), 0..12), scores in proptest::collection::vec(any::<i32>(), 0..12), depths in proptest::collection::vec(any::<u32>(), 0..12), level in a_level(), you in a_player()) {
        let challenge = Challenge::new(players_from(&numbers));
        let _ = (challenge.name(), challenge.is_exact(), challenge.first_forfeit(), challenge.never_loses_to(level), challenge.record(level, you).map(|r| r.never_loses()), challenge.to_html(), challenge.to_string());
        let _ = check_never_loses(players_from(&numbers), level).is_right();
        let study = DepthStudy::new(depths.clone(), evaluation_from(&scores));
        let _ = (study.rows().len(), study.row(3), study.first_forfeit(), study.to_html());
        let _ = DepthStudy::new(depths.iter().copied().cycle().take(1000), evaluation_from(&scores)).to_html();
        let answers = players_from(&numbers);
        let as_value = move |board: &Board| answers(board) as i32;
        for check in [check_minimax(&as_value), check_negamax(&as_value), check_alpha_beta(|b: &Board, _, _| as_value(b))] {
            let _ = (check.is_right(), check.checked(), check.mistake(), check.positions_visited(), check.positions_visited_from_empty(), check.positions_crate_minimax(), check.to_html(), check.to_string());
        }
        let searches = OrderedSearches::new(board);
        let _ = (searches.positions(), searches.trees().map(|t| t.len()), searches.to_html());
        let clickable = ClickableGame::new(players_from(&numbers)).playing_as(you);
        let _ = (clickable.opponent().name(), clickable.to_html().len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn the_heavy_calls(x in a_level(), o in a_level(), games in prop_oneof![0..50u32, Just(100_000), Just(100_001), Just(u32::MAX)], seed in any::<u64>(), count in 0..12usize) {
        let _ = Rates::exact(x, o);
        let sampled = Rates::sampled(x, o, games.min(60), seed);
        prop_assert!(sampled.is_ok());
        if games > 100_000 {
            prop_assert!(Rates::sampled(x, o, games, seed).is_err());
        }
        let levels = vec![x; count];
        match Tournament::of(levels) {
            Ok(tournament) => {
                let _ = (tournament.rates(x, o), tournament.to_html(), tournament.to_string());
                let _ = (tournament.rates_at(count, usize::MAX), tournament.names());
            }
            Err(error) => prop_assert!(error.to_string().contains("more than the 8")),
        }
        let _ = Tournament::exact().rates(x, o);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn menace_with_any_settings(beads in any::<[u32; 4]>(), win in prop_oneof![any::<u32>(), Just(u32::MAX)], draw in any::<u32>(), loss in any::<u32>(), seed in any::<u64>(), games in prop_oneof![0..40u64, Just(50_000), Just(50_001), Just(u64::MAX)], board in a_board(), level in a_level(), numbers in proptest::collection::vec(a_number(), 0..12), square in a_number(), you in a_player()) {
        let settings = Settings { beads, win, draw, loss };
        let mut menace = Menace::with_settings(settings).with_seed(seed);
        let _ = (Menace::new().settings(), Menace::default().seed(), Settings::default());
        let _ = menace.choose_move(board);
        let first = menace.play_game(level);
        let _ = (first.board(), first.to_html(), first.ending.is_loss(), first.ending.to_string());
        let _ = menace.play_game(players_from(&numbers)).to_html();
        match menace.train(level, games) {
            Ok(training) => {
                prop_assert!(games <= MAX_TRAINING_GAMES);
                let _ = (training.games(), training.against(), training.endings().len(), training.total(), training.blocks(), training.last_loss(), training.to_html());
            }
            Err(error) => prop_assert!(games > MAX_TRAINING_GAMES, "{error}"),
        }
        let _ = menace.train_watching(players_from(&numbers), games.min(30), board).map(|t| t.to_html());
        let _ = (menace.games_played(), menace.box_count(), menace.boxes().count(), menace.matchbox(board), menace.box_for(board).to_html(), menace.to_html(), menace.to_string());
        if let Some(first_box) = menace.first_box() {
            let _ = (first_box.board(), first_box.squares(), first_box.beads(square), first_box.total(), first_box.is_empty(), first_box.share(square), first_box.to_html(), first_box.to_string());
        }
        let matchbox = MatchBox::new(board, settings);
        let _ = (matchbox.share(square), matchbox.to_html());
        let mut game = Game::against(&menace).playing_as(you);
        play_every_form(&mut game, square, "5");
        let _ = ClickableGame::new(&menace).playing_as(you).to_html().len();
        let _ = Challenge::new(menace.clone()).to_html();
    }
}

#[test]
fn the_whole_game_calls() {
    // Each walks the whole game; once is enough.
    let _ = (
        Statistics::compute().to_html(),
        stats::count_positions(),
        stats::reachable_positions().len(),
    );
    let _ = (
        Table::build().positions(),
        Comparison::run(Board::new()).to_html(),
    );
    let _ = (
        Comparison::run(Board::new()).values(),
        Comparison::run(Board::new()).positions(),
    );
    let _ = Exercise::minimax_positions(Board::new()).question().len();
    let _ = Exercise::depth_to_never_lose().check("six").is_right();
    for games in [0, 10, 50_001, u64::MAX] {
        let _ = Exercise::menace_last_loss(games, games).check(0).is_right();
    }
    let _ = Triples::all().to_html();
    let _ = MagicGrid::siamese(9).map(|grid| grid.sets_reaching_the_constant());
    // render::set_scale and render::projector: tests/scale.rs, in a process of their own.
    let verdicts = [
        check_win_test(|numbers: &[u8]| numbers[5] > 0),
        check_win_test(|numbers: &[u8]| numbers.iter().sum::<u8>() == 15),
        check_win_test(|_: &[u8]| panic!("a learner's own panic")),
    ];
    assert!(verdicts.iter().all(|v| !v.is_right()));
    let verdict = check_win_test(|numbers: &[u8]| {
        use magic_tictactoe::itertools::Itertools;
        numbers
            .iter()
            .array_combinations::<3>()
            .any(|[a, b, c]| a + b + c == 15)
    });
    assert!(verdict.is_right(), "{verdict}");
    // A grid size, a game count and a level count above their limits are refused at once.
    assert!(lines_of(usize::MAX).is_err());
    assert!(Rates::sampled(Level::Random, Level::Random, u32::MAX, 1).is_err());
    assert!(Tournament::of(std::iter::repeat_n(Level::Random, 1_000_000)).is_err());
    assert!(Tournament::among(std::iter::repeat_n(Level::Random, 1_000_000)).is_err());
    assert!(Tournament::among((0..u64::MAX).map(|seed| Opponent::mcts(u32::MAX, seed))).is_err());
    let _ = Tournament::among(std::iter::empty::<Opponent>()).map(|t| t.to_html());
    let _ = rules::Ending::Drawn.to_string();
    // What a notebook cell calls to show a value: it prints the blocks the kernel reads.
    Board::new().evcxr_display();
    Board::new().scaled(2.0).evcxr_display();
    Html::text("<b>").evcxr_display();
    let _: Result<Square, SquareError> = Square::from_digit(u128::MAX);
    // A call's answer in a cell: the picture, or the refusal as a red card.
    let refused = "[".parse::<PaperTree>();
    assert!(refused.notebook_html().as_str().contains("\u{2718}"));
    // Spaces pasted from a document (no-break, em) are spaces, though more than a byte.
    let pasted = "[\u{a0}[3,\u{2003}12],\u{2000}[2, 4]\u{3000}]".parse::<PaperTree>();
    assert!(pasted.is_ok(), "{pasted:?}");
    assert!("\u{2000}".parse::<PaperTree>().is_err());
    refused.evcxr_display();
    Ok::<PaperTree, LimitError>(PaperTree::textbook()).evcxr_display();
    // The old name of try_play: a refused move leaves the board as it was.
    #[allow(deprecated)]
    let old = Board::new().play(5).play(5).play(u128::MAX).play("z9");
    assert_eq!(old, Board::new().try_play(5).unwrap());
    // Outside a class (no course named), starting over refuses in a sentence and touches nothing.
    if std::env::var_os("MAGIC_TICTACTOE_COURSE").is_none() {
        let refusal = start_over();
        assert!(!refusal.is_done(), "{}", refusal.text());
        assert!(
            refusal.text().contains("class server"),
            "{}",
            refusal.text()
        );
        let _ = refusal.to_html();
    }
}

#[test]
fn every_public_function_is_thrown_at() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let this = std::fs::read_to_string(root.join("tests/hostile.rs")).expect("this file")
        + &std::fs::read_to_string(root.join("tests/hostile_games.rs")).expect("its sister")
        + &std::fs::read_to_string(root.join("tests/scale.rs")).expect("the scale's own");
    let mut missing = BTreeSet::new();
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                if !path.ends_with("bin") {
                    stack.push(path);
                }
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("a source file");
            for prefix in ["pub fn ", "pub const fn "] {
                for (at, _) in source.match_indices(prefix) {
                    let rest = &source[at + prefix.len()..];
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    let called = [
                        format!(".{name}("),
                        format!("::{name}("),
                        format!("{name}("),
                        format!("{name}::<"),
                    ];
                    if !called.iter().any(|call| this.contains(call.as_str())) {
                        missing.insert(format!("{name} ({})", path.display()));
                    }
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "public functions with no hostile test here: {missing:#?}"
    );
}

/// Three panics found by throwing 2 million hostile calls at the public calls: each is now a
/// refusal or a number, never a panic.
#[test]
fn extreme_values_a_learner_can_type() {
    let refusal = PaperTree::from_leaves(2, &[i32::MIN, i32::MAX]).unwrap_err();
    assert!(refusal.to_string().contains("too big"), "{refusal}");
    let refusal = "[1, -9223372036854775808]"
        .parse::<PaperTree>()
        .unwrap_err();
    assert!(
        refusal
            .to_string()
            .contains("-9223372036854775808 is too big"),
        "{refusal}"
    );
    let mut statistics = Statistics::compute();
    statistics.games.endings = Tally {
        x_wins: u64::MAX,
        o_wins: u64::MAX,
        draws: u64::MAX,
    };
    assert_eq!(statistics.games.total(), u64::MAX);
    assert!(statistics.to_html().contains("18,446,744,073,709,551,615"));
    assert!(
        statistics
            .to_string()
            .contains("18,446,744,073,709,551,615")
    );
}

#[test]
fn a_moves_value_flips_only_when_the_turn_passes() {
    for n in [0u8, 1, 7, 254, 255] {
        for value in [Value::Win(n), Value::Draw(n), Value::Loss(n)] {
            assert_eq!(Value::of_move(value, true), Value::of_move_into(value));
            let kept = Value::of_move(value, false);
            assert_eq!(
                (kept.is_win(), kept.is_draw()),
                (value.is_win(), value.is_draw())
            );
        }
    }
}

#[test]
fn the_dawdling_position_is_found_and_is_one() {
    let dawdle = stats::first_win_not_fastest().expect("tic-tac-toe has one");
    let analysis = dawdle.analysis();
    let &(_, first_win) = analysis
        .iter()
        .find(|(_, value)| value.is_win())
        .expect("a win");
    assert!(first_win.plies() > 1);
    assert_eq!(analysis.value(), Some(Value::Win(1)));
}

#[test]
fn perfect_move_rates_refuse_what_would_take_too_long() {
    use magic_tictactoe::perfect_moves::PerfectMoves;
    for budgets in [vec![u32::MAX], vec![200, 200], vec![1; 300]] {
        let refused = PerfectMoves::of_mcts(&budgets).expect_err("too many playouts");
        assert!(refused.to_string().contains("playouts"), "{refused}");
        let policy =
            magic_tictactoe::prelude::PlayoutPolicy::new(TicTacToe::default(), |_: &Board| {
                Some(Square::Centre)
            });
        assert!(PerfectMoves::of_playouts(&policy, "<b>centre</b>", &budgets).is_err());
    }
    // A policy that names a taken square, or panics, gets random moves instead: no panic here.
    let silly =
        magic_tictactoe::prelude::PlayoutPolicy::new(TicTacToe::default(), |board: &Board| {
            assert!(board.empty_squares().len() > 3, "a learner's panic");
            Some(Square::Centre)
        });
    let rates = PerfectMoves::of_playouts(&silly, "<b>silly</b>", &[1]).expect("within the limit");
    assert!(!rates.to_html().as_str().contains("<b>silly"));
    assert!(
        rates.share("<b>silly</b> playouts, 1 playout").is_some(),
        "{:?}",
        rates.names()
    );
}

/// The calls kept (doc-hidden, some deprecated) so that a notebook of 2026-11-25 still runs,
/// thrown at as the rest are: out-of-range numbers, finished boards, markup in text, and counts
/// that would run for minutes are refused or answered at once.
#[test]
#[allow(deprecated)]
fn the_older_calls_kept_for_saved_notebooks_hold() {
    use magic_tictactoe::engine::mcts::NodeId;
    use magic_tictactoe::{Html, Square, Symmetry, Tally, stats};

    // Numbers from anywhere.
    for index in [0, 8, 9, usize::MAX] {
        assert_eq!(Square::from_index(index).is_some(), index < 9);
        let _ = NodeId::from_index(index);
    }
    for c in ['X', 'o', ' ', '\0', 'é', '\u{202e}'] {
        let _ = Player::from_mark(c);
    }
    for symmetry in Symmetry::ALL {
        assert_eq!(symmetry.apply_to_set(SquareSet::FULL).len(), 9);
        assert!(symmetry.apply_to_set(SquareSet::EMPTY).is_empty());
    }
    let shares = Tally {
        x_wins: 0u64,
        o_wins: 0,
        draws: 0,
    }
    .shares();
    assert!(shares.x_wins.is_finite() || shares.x_wins.is_nan());
    let mut tally = Tally {
        x_wins: u64::MAX,
        o_wins: 0,
        draws: 0,
    };
    *tally.get_mut(None) = u64::MAX;
    let _ = tally.shares();

    // Text is escaped, whatever it holds.
    let mut html = Html::text("");
    html.push_text("<script>alert(1)</script>&");
    assert!(!html.as_str().contains("<script>"), "{}", html.as_str());
    let noughts = KInARow::new(3, 3, 3).unwrap();
    let shown = noughts
        .start()
        .view(&noughts)
        .with_caption("<img src=x onerror=alert(1)>")
        .to_html();
    assert!(!shown.as_str().contains("<img"), "{}", shown.as_str());
    let _ = Board::EMPTY.view().faded().to_html();

    // Finished and odd boards.
    let won: Board = "XXX/OO./...".parse().unwrap();
    let middle: Board = "XO./.X./O..".parse().unwrap();
    for board in [Board::EMPTY, middle, won] {
        let _ = stats::perft_by_depth(board);
        for pair in board.sums().pairs() {
            let _ = (pair.is_threat(board), pair.sentence(board));
        }
        let analysis = board.analysis();
        let _ = (analysis.moves(), analysis.best_moves(), analysis.to_move());
        let mut perfect = Opponent::from(Level::Perfect);
        let game = TicTacToe::default();
        assert_eq!(perfect.turn_for(&game, &board).is_none(), board.is_over());
        assert_eq!(perfect.turn_in(&game, &board).is_none(), board.is_over());
        assert_eq!(perfect.choose_in(&game, &board).is_none(), board.is_over());
        assert_eq!(perfect.choose_for(&game, &board).is_none(), board.is_over());
        let _ = perfect.positions_searched();
        for order in [MoveOrder::Keypad, MoveOrder::CentreCornersEdges] {
            for pruning in [Pruning::None, Pruning::AlphaBeta] {
                match magic_tictactoe::tree::SearchTree::ordered(board, pruning, order) {
                    Ok(mut tree) => {
                        tree.steps(usize::MAX);
                        let _ = (tree.algorithm(), tree.last_evaluated());
                        let _ = tree.findings().iter().filter(|f| f.is_evaluated()).count();
                        let _ = [Value::Win(1), Value::Draw(0), Value::Loss(u8::MAX)]
                            .map(|value| tree.describe(value));
                    }
                    Err(refusal) => assert!(board != middle, "{refusal}"),
                }
            }
        }
    }
    let values = move_values(&TicTacToe::default(), &Board::EMPTY).unwrap();
    assert_eq!(values.clone().into_vec().len(), values.len());

    // MCTS and MENACE's read-outs.
    let search = Mcts::new(50).unwrap().exploration(f64::INFINITY);
    assert!(search.exploration_constant().is_finite());
    let _ = search.seed_used();
    let tree = search.search_watched(&TicTacToe::default(), &Board::EMPTY, &mut ());
    let _ = (tree.best_child(), tree.stopped_early());
    let tree = Mcts::new(50)
        .unwrap()
        .search_watched(&TicTacToe::default(), &won, &mut ());
    assert!(tree.best_child().is_none());
    let mut menace = Menace::new();
    let training = menace.train(Level::Random, 20).unwrap();
    let _ = (
        training.block_size(),
        training.excess(),
        training.history().len(),
    );
    let _ = (training.watched(), training.games_before());
    let _ = menace.first_box().and_then(|matchbox| matchbox.favourite());

    // Counts that would run for minutes are refused at once.
    for games in [0, MAX_TRAINING_GAMES + 1, u64::MAX] {
        let _ = Exercise::menace_boxes(games).check(0);
        let _ = Exercise::menace_first_move(games).check(5);
    }
    for ply in [0, 9, 10, usize::MAX] {
        let _ = Exercise::positions_up_to_symmetry(ply).check(i64::MIN);
    }
    let _ = Exercise::sets_reaching_34().check(u64::MAX);
    for square in [0, 1, 3, 5, 9, 10, u32::MAX] {
        let _ = Exercise::menace_losses_to_empty(square)
            .check(i64::MAX)
            .to_html();
    }
    for board in [Board::EMPTY, won, middle] {
        for square in [0, 1, 5, 9, 10, u32::MAX] {
            let _ = Exercise::alpha_beta_skipped_reply(board, square)
                .check(i64::MIN)
                .to_html();
        }
    }
    let _ = Exercise::sets_reaching_34().numbered(u32::MAX).number();
    let _ = PerfectMoves::baselines().to_html();
    let study = DepthStudy::new([0, 1, 10, u32::MAX], |_: &Board, _| 0);
    assert!(!study.depths_brought_within().is_empty());
    let _ = PlayoutSteps::new(Board::EMPTY).is_at_limit();
    let check = check_minimax(|_: &Board| 0);
    let _ = check.positions_crate_alpha_beta();
}
