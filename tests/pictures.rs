//! Every kind of picture, checked as HTML: inline styles only, and text that grows with the
//! scale. Notebooks draw a table's text at 12 pixels unless the cell says otherwise, so a cell
//! that holds text without a size of its own would stay small on a projector.

use magic_tictactoe::beyond::MagicGrid;
use magic_tictactoe::challenge::{Challenge, DepthStudy};
use magic_tictactoe::clickable::ClickableGame;
use magic_tictactoe::engine::menace::Menace;
use magic_tictactoe::exercises::{Exercise, check_win_test};
use magic_tictactoe::paper::{OrderComparison, PaperTree};
use magic_tictactoe::pick15::Pick15;
use magic_tictactoe::prelude::*;
use magic_tictactoe::search_check::check_minimax;

fn first_free(board: &Board) -> Option<Square> {
    board.empty_squares().first()
}

/// One of every picture the crate draws, each at `factor`.
fn every_picture(factor: f64) -> Vec<(&'static str, String)> {
    let board: Board = "XO./.X./..O".parse().expect("a board");
    let small: Board = "XOX/.../XO.".parse().expect("a board");
    let mut game = Game::against(Level::Rules);
    game.play(1).play(9);
    let mut forfeit = Game::against(|_: &Board| 5);
    forfeit.play(5);
    let mut tree = SearchTree::alpha_beta_steps(small).expect("a small tree");
    tree.steps(4);
    let mut paper = PaperTree::textbook().alpha_beta_steps();
    paper.steps(5);
    let mut pick = Pick15::against(Level::Rules);
    let mut menace = Menace::new();
    let training = menace.train(Level::Random, 300).expect("within the limit");
    let menace_game = menace.play_game(Level::Rules);
    pick.take(5);
    vec![
        ("board", board.scaled(factor).to_html().into_string()),
        (
            "analysis",
            board.analysis().scaled(factor).to_html().into_string(),
        ),
        ("game", game.scaled(factor).to_html().into_string()),
        ("forfeit", forfeit.scaled(factor).to_html().into_string()),
        ("sums", board.sums().scaled(factor).to_html().into_string()),
        (
            "triples",
            Triples::all().scaled(factor).to_html().into_string(),
        ),
        (
            "statistics",
            Statistics::compute().scaled(factor).to_html().into_string(),
        ),
        (
            "comparison",
            Comparison::run(small)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        (
            "tournament",
            Tournament::exact().scaled(factor).to_html().into_string(),
        ),
        (
            "challenge",
            Challenge::new(first_free)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        (
            "depth study",
            DepthStudy::new([1, 2], |_: &Board, _: Player| 0)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        (
            "search check",
            check_minimax(|_: &Board| 0)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        ("search tree", tree.scaled(factor).to_html().into_string()),
        (
            "ordered searches",
            OrderedSearches::new(small)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        (
            "paper tree",
            PaperTree::textbook().scaled(factor).to_html().into_string(),
        ),
        ("paper search", paper.scaled(factor).to_html().into_string()),
        (
            "order comparison",
            OrderComparison::best_first(&PaperTree::textbook())
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        ("pick 15", pick.scaled(factor).to_html().into_string()),
        (
            "magic grid",
            MagicGrid::durer().scaled(factor).to_html().into_string(),
        ),
        (
            "exercise",
            Exercise::which_square(board)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        (
            "verdict",
            Exercise::triples_containing(5)
                .check(4)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        (
            "win test verdict",
            check_win_test(|_: &[u8]| false)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        (
            "clickable",
            ClickableGame::new(Level::Perfect)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        (
            "menace game",
            menace_game.scaled(factor).to_html().into_string(),
        ),
        ("menace", menace.scaled(factor).to_html().into_string()),
        (
            "menace training",
            training.scaled(factor).to_html().into_string(),
        ),
        (
            "matchbox",
            menace
                .first_box()
                .expect("a first box")
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
        (
            "gallery",
            Symmetry::gallery(board)
                .scaled(factor)
                .to_html()
                .into_string(),
        ),
    ]
}

/// The opening tags of `name` in `html`, each with what follows it up to the next tag.
fn cells<'a>(html: &'a str, name: &str) -> Vec<(&'a str, &'a str)> {
    let open = format!("<{name}");
    html.match_indices(&open)
        .filter_map(|(at, _)| {
            let rest = &html[at..];
            let end = rest.find('>')?;
            let tag = &rest[..end];
            // `<th` must not match `<thead`, nor `<td` anything longer.
            let next = tag.as_bytes().get(open.len()).copied();
            if !matches!(next, None | Some(b' ')) {
                return None;
            }
            let after = &rest[end + 1..];
            let content = &after[..after.find('<').unwrap_or(after.len())];
            Some((tag, content))
        })
        .collect()
}

#[test]
fn every_table_cell_with_text_sets_its_own_size() {
    for factor in [1.0, 1.5] {
        for (name, html) in every_picture(factor) {
            for kind in ["td", "th"] {
                for (tag, content) in cells(&html, kind) {
                    if content.trim().is_empty() {
                        continue;
                    }
                    assert!(
                        tag.contains("font-size:"),
                        "{name} at {factor}: <{kind}> with text {content:?} has no size of its own: {tag}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_text_grows_with_the_scale() {
    let sizes = |html: &str| -> Vec<u32> {
        html.match_indices("font-size:")
            .filter_map(|(at, _)| {
                let rest = &html[at + "font-size:".len()..];
                rest[..rest.find("px")?].parse().ok()
            })
            .collect()
    };
    for ((name, normal), (_, big)) in every_picture(1.0).into_iter().zip(every_picture(2.0)) {
        let (normal, big) = (sizes(&normal), sizes(&big));
        assert_eq!(normal.len(), big.len(), "{name}");
        for (a, b) in normal.iter().zip(&big) {
            assert!(
                *b >= 2 * a - 1 && *b <= 2 * a + 1,
                "{name}: {a} px became {b} px"
            );
        }
    }
}

#[test]
fn pictures_use_inline_styles_only() {
    for (name, html) in every_picture(1.0) {
        let before_script = html.split("<script>").next().unwrap_or("");
        for banned in ["<style", "<svg", "<img", "<link", "class=\"mtt-style"] {
            assert!(!before_script.contains(banned), "{name}: {banned}");
        }
        let scripts = html.matches("<script>").count();
        assert!(
            scripts <= usize::from(name == "clickable"),
            "{name}: {scripts} scripts"
        );
    }
}
