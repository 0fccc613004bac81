//! Minimax and alpha-beta on paper trees, checked against a plain recursive minimax written
//! here, on the textbook's tree and on thousands of random ones; and the step-by-step trees of
//! tic-tac-toe positions in two move orders.

use magic_tictactoe::Board;
use magic_tictactoe::exercises::Exercise;
use magic_tictactoe::paper::{
    Bound, Finding, MAX_LEAVES, OrderComparison, PaperTree, PaperTreeError,
};
use magic_tictactoe::solver::Pruning;
use magic_tictactoe::solver::alpha_beta;
use magic_tictactoe::tree::{OrderedSearches, SearchTree};

/// A tree as nested lists, read here by a second, independent reader: a leaf's value, or the
/// moves. The crate's reader is checked against this one.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    Leaf(i32),
    Moves(Vec<Node>),
}

fn minimax(node: &Node, max: bool) -> i32 {
    match node {
        Node::Leaf(value) => *value,
        Node::Moves(moves) => {
            let values = moves.iter().map(|m| minimax(m, !max));
            if max {
                values.max().unwrap()
            } else {
                values.min().unwrap()
            }
        }
    }
}

fn random_node(rng: &mut fastrand::Rng, depth: usize, leaves: &mut usize) -> Node {
    if depth == 0 || *leaves >= 40 || (depth < 3 && rng.u8(0..4) == 0) {
        *leaves += 1;
        return Node::Leaf(rng.i32(-30..=30));
    }
    let n = rng.usize(1..=4);
    Node::Moves(
        (0..n)
            .map(|_| random_node(rng, depth - 1, leaves))
            .collect(),
    )
}

fn text(node: &Node) -> String {
    match node {
        Node::Leaf(value) => value.to_string(),
        Node::Moves(moves) => format!(
            "[{}]",
            moves.iter().map(text).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn leaves(node: &Node) -> usize {
    match node {
        Node::Leaf(_) => 1,
        Node::Moves(moves) => moves.iter().map(leaves).sum(),
    }
}

#[test]
fn the_textbook_tree_steps_forward_and_back_with_alpha_and_beta_at_every_node() {
    let tree = PaperTree::textbook();
    let mut search = tree.alpha_beta_steps();
    let mut seen = Vec::new();
    while !search.is_finished() {
        search.step();
        seen.push(search.findings().to_vec());
    }
    assert_eq!(search.value(), Some(3));
    assert_eq!(search.chosen_move().as_deref(), Some("a1"));
    assert_eq!(search.skipped_leaves(), 2);
    assert_eq!(search.leaves_looked_at(), 7);
    // The textbook's figures: B = 3 with beta 3; C at most 2 with alpha 3, beta 2 (its last two
    // leaves skipped); D exactly 2, as the textbook says: every leaf of D was looked at, so its
    // value is no bound, though it fell below alpha. Nodes are numbered row by row: A, B, C, D,
    // then the leaves.
    assert_eq!(search.findings()[1], Finding::Exact(3));
    assert_eq!(search.findings()[2], Finding::AtMost(2));
    assert_eq!(search.findings()[3], Finding::Exact(2));
    assert_eq!(
        search.window(0),
        Some((Bound::Value(3), Bound::PlusInfinity))
    );
    assert_eq!(
        search.window(1),
        Some((Bound::MinusInfinity, Bound::Value(3)))
    );
    assert_eq!(search.window(2), Some((Bound::Value(3), Bound::Value(2))));
    assert_eq!(search.findings()[8], Finding::Skipped);
    assert_eq!(search.findings()[9], Finding::Skipped);
    // Back, one step at a time, retraces every state it passed through.
    for state in seen.iter().rev().skip(1) {
        search.back();
        assert_eq!(search.findings(), &state[..]);
    }
    search.back();
    assert!(search.findings().iter().all(|f| *f == Finding::Unvisited));
    search.back(); // nothing to go back to: still at the start
    assert_eq!(search.evaluated(), 0);

    let mut plain = tree.minimax_steps();
    plain.finish();
    assert_eq!(plain.value(), Some(3));
    assert_eq!(plain.leaves_looked_at(), 9);
    assert_eq!(plain.skipped_leaves(), 0);
}

#[test]
fn alpha_beta_finds_minimax_value_on_thousands_of_random_trees() {
    let mut rng = fastrand::Rng::with_seed(2026);
    let mut checked = 0;
    for _ in 0..3_000 {
        let mut count = 0;
        let depth = rng.usize(1..=5);
        let node = random_node(&mut rng, depth, &mut count);
        let Node::Moves(_) = node else { continue };
        let written = text(&node);
        let tree: PaperTree = written.parse().expect(&written);
        assert_eq!(tree.to_string(), written);
        let expected = minimax(&node, true);
        assert_eq!(tree.minimax_value(), expected, "{written}");
        let mut pruned = tree.alpha_beta_steps();
        pruned.finish();
        assert_eq!(pruned.value(), Some(expected), "{written}");
        assert_eq!(
            pruned.leaves_looked_at() + pruned.skipped_leaves(),
            leaves(&node),
            "{written}"
        );
        let mut plain = tree.minimax_steps();
        plain.finish();
        assert_eq!(plain.value(), Some(expected));
        assert_eq!(plain.leaves_looked_at(), leaves(&node));
        // Reordering never changes the value; best first is the order that skips most.
        let best = tree.best_first();
        let worst = tree.worst_first();
        let reversed = tree.reversed();
        for other in [&best, &worst, &reversed] {
            assert_eq!(other.minimax_value(), expected, "{written}");
            let mut leaves_of = other.leaves();
            let mut ours = tree.leaves();
            leaves_of.sort_unstable();
            ours.sort_unstable();
            assert_eq!(leaves_of, ours);
        }
        assert_eq!(reversed.reversed(), tree);
        checked += 1;
    }
    assert!(checked > 2_000, "{checked}");
}

/// On a tree with the same number of moves everywhere, no order lets alpha-beta skip more
/// leaves than best first (Knuth and Moore's minimal tree).
/// (On uneven trees best first can skip fewer: a skipped branch may hold fewer leaves.)
#[test]
fn best_first_skips_most_on_even_trees() {
    for seed in 0..2_000 {
        let (depth, branching) = [
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (2, 4),
            (4, 2),
            (6, 2),
            (2, 8),
        ][seed as usize % 8];
        let tree = PaperTree::random(depth, branching, seed).unwrap();
        let (given, best) = OrderComparison::best_first(&tree).skipped_leaves();
        let (worst, _) = OrderComparison::new(&tree.worst_first(), &tree).skipped_leaves();
        assert!(
            worst <= best && given <= best,
            "{tree}: {worst} {given} {best}"
        );
        // Knuth and Moore: best first looks at b^ceil(d/2) + b^floor(d/2) - 1 leaves.
        let b = branching as u32;
        let minimal = b.pow(depth.div_ceil(2) as u32) + b.pow((depth / 2) as u32) - 1;
        let leaves = tree.leaves().len();
        assert!(
            leaves - best <= minimal as usize,
            "{tree}: {} > {minimal}",
            leaves - best
        );
    }
}

#[test]
fn trees_are_made_from_leaves_and_from_seeds_within_limits() {
    let tree = PaperTree::from_leaves(3, &[3, 12, 8, 2, 4, 6, 14, 5, 2]).unwrap();
    assert_eq!(tree, PaperTree::textbook());
    assert_eq!(tree.len(), 13);
    assert_eq!(
        PaperTree::from_leaves(2, &[1, 2, 3, 4, 5, 6, 7, 8])
            .unwrap()
            .to_string(),
        "[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]"
    );
    assert!(matches!(
        PaperTree::from_leaves(3, &[1, 2, 3, 4]),
        Err(PaperTreeError::NotUniform {
            leaves: 4,
            branching: 3
        })
    ));
    assert!(PaperTree::from_leaves(1, &[1]).is_err());
    assert!(PaperTree::from_leaves(2, &[1]).is_err());
    assert!(PaperTree::from_leaves(2, &vec![0; 128]).is_err());
    assert!(PaperTree::from_leaves(2, &[1, 5000]).is_err());

    let a = PaperTree::random(3, 3, 7).unwrap();
    assert_eq!(a, PaperTree::random(3, 3, 7).unwrap());
    assert_ne!(a, PaperTree::random(3, 3, 8).unwrap());
    assert_eq!(a.leaves().len(), 27);
    assert!(a.leaves().iter().all(|v| (0..=20).contains(v)));
    assert!(PaperTree::random(0, 2, 1).is_err());
    assert!(PaperTree::random(4, 3, 1).is_err(), "81 leaves");
    assert!(PaperTree::random(usize::MAX, 8, 1).is_err());
    assert!(PaperTree::random(2, usize::MAX, 1).is_err());
    assert_eq!(
        PaperTree::random(6, 2, 1).unwrap().leaves().len(),
        MAX_LEAVES
    );
}

#[test]
fn typing_mistakes_are_explained() {
    for (typed, words) in [
        ("", "a number or [ was expected at the end"),
        ("[3, 4", "a comma or ] was expected at the end"),
        ("[3 4]", "a comma or ] was expected at \"4]\""),
        ("[3, x]", "a number or [ was expected at \"x]\""),
        ("5", "a single number is a leaf"),
        ("[]", "a list is empty"),
        ("[[1], []]", "a list is empty"),
        ("[1, 2] 3", "more text after the tree"),
        ("[1, 99999999999999999999]", "too big"),
        ("[1, -1000]", "the leaf -1000 is too big"),
        ("[[[[[[[[1]]]]]]]]", "deep"),
        ("[1, 2, 3, 4, 5, 6, 7, 8, 9]", "9 moves from a node"),
    ] {
        let error = typed.parse::<PaperTree>().unwrap_err();
        assert!(error.to_string().contains(words), "{typed:?}: {error}");
    }
    let deep: String = "[".repeat(100_000);
    assert!(deep.parse::<PaperTree>().is_err());
    let wide = format!("[{}]", ["[1, 2, 3, 4, 5, 6, 7, 8]"; 8].join(", "));
    assert!(matches!(
        wide.parse::<PaperTree>(),
        Ok(tree) if tree.leaves().len() == 64
    ));
    let too_wide = format!("[{}]", ["[1, 2, 3, 4, 5, 6, 7, 8]"; 9].join(", "));
    assert!(too_wide.parse::<PaperTree>().is_err());
    // A learner's 100 moves of 100 leaves: the refusal names the leaves and their limit, not
    // the ninth move where reading could have stopped.
    let hundred = format!("[{}]", "1, ".repeat(99) + "1");
    let huge = format!("[{}]", vec![hundred.as_str(); 100].join(", "));
    let refusal = huge.parse::<PaperTree>().unwrap_err().to_string();
    assert!(
        refusal.contains("10000 leaves") && refusal.contains(&MAX_LEAVES.to_string()),
        "{refusal}"
    );
    let thousand = format!("[{}]", "1, ".repeat(999) + "1");
    let million = format!("[{}]", vec![thousand.as_str(); 1000].join(", "));
    let refusal = million.parse::<PaperTree>().unwrap_err().to_string();
    assert!(refusal.contains("1000000 leaves"), "{refusal}");
    let wide_only = format!("[{}]", "1, ".repeat(11) + "1");
    let refusal = wide_only.parse::<PaperTree>().unwrap_err().to_string();
    assert!(refusal.starts_with("12 moves from a node"), "{refusal}");
    assert!(" [ 1 , -2 ] ".parse::<PaperTree>().is_ok());
}

#[test]
fn the_pictures_draw_lines_with_borders_and_no_script() {
    let mut search = PaperTree::textbook().alpha_beta_steps();
    search.steps(6);
    let html = search.to_html().into_string();
    for banned in ["<script", "<style", "<svg", "<img"] {
        assert!(!html.contains(banned), "{banned}");
    }
    assert!(html.contains("border-left:"), "vertical lines");
    assert!(html.contains("border-top:"), "bars over the children");
    assert!(html.contains("dashed"), "skipped branches");
    for label in [
        "a1",
        "a2",
        "a3",
        "c3",
        "\u{3b1} 3 \u{b7} \u{3b2} +\u{221e}",
        "skipped",
    ] {
        assert!(html.contains(label), "{label}");
    }
    let comparison = OrderComparison::best_first(&PaperTree::textbook()).to_html();
    assert!(
        comparison
            .as_str()
            .contains("Best move first: 4 leaves skipped")
    );
}

#[test]
fn tic_tac_toe_trees_in_two_orders() {
    let searches = OrderedSearches::new(Board::new());
    let [keypad, centre_first] = searches.positions();
    assert_eq!(keypad, alpha_beta(Board::new()).positions);
    assert!(centre_first * 2 < keypad, "{centre_first} {keypad}");
    assert!(searches.trees().is_none());
    let small: Board = "XO./.X./..O".parse().unwrap();
    let searches = OrderedSearches::new(small);
    let [a, b] = searches.trees().expect("small enough to draw");
    assert_eq!(a.findings()[0], b.findings()[0]);
    assert_eq!(a.findings()[0], Finding::Exact(small.value()));
    let [pa, pb] = searches.positions();
    assert_eq!(a.evaluated() as u64, pa);
    assert_eq!(b.evaluated() as u64, pb);
    let mut tree = SearchTree::new(small, Pruning::AlphaBeta).unwrap();
    tree.steps(3);
    let (alpha, beta) = tree.window(0).expect("the root was entered");
    assert_eq!(beta, Bound::PlusInfinity);
    assert!(matches!(alpha, Bound::MinusInfinity | Bound::Value(_)));
}

#[test]
fn exercises_on_paper_are_checked_against_the_search() {
    let tree = PaperTree::textbook();
    let value = Exercise::root_value(&tree);
    assert!(value.check(3).is_right());
    assert!(!value.check(12).is_right());
    let skipped = Exercise::leaves_skipped(&tree);
    assert!(skipped.check(2).is_right());
    assert!(!skipped.check(0).is_right());
    assert!(skipped.to_html().as_str().contains("a1"));
}

/// Any game's tree goes on paper: a tic-tac-toe position near the end gets its value from the
/// solved table, too big a tree is refused, and so is a game where a player moves twice.
#[test]
fn a_games_tree_goes_on_paper_when_it_is_small_enough() {
    use magic_tictactoe::paper::PaperTreeError;
    use magic_tictactoe::{Board, Player};
    use magic_tictactoe::{Ending, TicTacToe, TwoPlayerGame};

    let game = TicTacToe::default();
    let mut drawn = 0;
    for board in magic_tictactoe::stats::reachable_positions() {
        match PaperTree::from_game(&game, &board) {
            Ok(tree) => {
                drawn += 1;
                let value = board.value();
                let expected = if value.is_win() {
                    1
                } else if value.is_loss() {
                    -1
                } else {
                    0
                };
                assert_eq!(tree.minimax_value(), expected, "at {board}");
                let mut search = tree.alpha_beta_steps();
                search.finish();
                assert_eq!(search.value(), Some(expected));
            }
            Err(PaperTreeError::GameOver) => assert!(board.is_over()),
            Err(PaperTreeError::GameTooBig) => assert!(board.empty_squares().len() >= 5),
            Err(other) => panic!("{board}: {other}"),
        }
    }
    assert!(drawn > 1_000, "{drawn}");
    assert_eq!(
        PaperTree::from_game(&game, &Board::new())
            .unwrap_err()
            .to_string(),
        "the game's tree from this position is too big to draw: a picture shows up to 64 ends and 6 moves; start from a position nearer the end"
    );
    let won: Board = "XXX/OO./...".parse().unwrap();
    assert_eq!(
        PaperTree::from_game(&game, &won).unwrap_err().to_string(),
        "the game has no move left at this position, so there is no tree to draw: start from a position before the end"
    );

    struct TwiceInARow;
    impl TwoPlayerGame for TwiceInARow {
        type Position = u8;
        type Move = u8;
        fn start(&self) -> u8 {
            0
        }
        fn to_move(&self, _: &u8) -> Player {
            Player::X
        }
        fn moves(&self, &p: &u8) -> Vec<u8> {
            if p < 2 { vec![1] } else { vec![] }
        }
        fn play(&self, &p: &u8, m: u8) -> u8 {
            p + m
        }
        fn ending(&self, &p: &u8) -> Option<Ending> {
            (p >= 2).then_some(Ending::Drawn)
        }
    }
    assert_eq!(
        PaperTree::from_game(&TwiceInARow, &0),
        Err(PaperTreeError::TurnsDoNotAlternate)
    );
}

#[test]
fn a_value_is_called_a_bound_only_where_a_child_was_skipped_or_is_a_bound() {
    // Random trees of uniform branching, whose nodes are numbered row by row: node i's children
    // are b*i+1 to b*i+b.
    for (depth, branching) in [(2, 2), (3, 2), (2, 3), (3, 3), (4, 2)] {
        for seed in 0..60 {
            let tree = PaperTree::random(depth, branching, seed).expect("a tree");
            let mut search = tree.alpha_beta_steps();
            search.finish();
            let findings = search.findings();
            let internal = (0..depth).map(|d| branching.pow(d as u32)).sum::<usize>();
            for node in 0..internal {
                if matches!(findings[node], Finding::AtLeast(_) | Finding::AtMost(_)) {
                    let children = &findings[branching * node + 1..=branching * node + branching];
                    assert!(
                        children
                            .iter()
                            .any(|child| !matches!(child, Finding::Exact(_))),
                        "tree {depth}/{branching}/{seed}: node {node} is shown as {:?} though every child is exact: {children:?}",
                        findings[node]
                    );
                }
            }
        }
    }
}
