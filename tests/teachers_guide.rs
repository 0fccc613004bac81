//! The teacher's guide (docs/teaching.md) gives the answers to the notebooks' exercises. This
//! test reads each answer from the guide and asks the crate's own exercise whether it is right,
//! so that the guide cannot drift from the notebooks.

use magic_tictactoe::exercises::Exercise;
use magic_tictactoe::paper::PaperTree;

fn board(text: &str) -> magic_tictactoe::Board {
    text.parse().expect("a board")
}

fn tree(text: &str) -> PaperTree {
    text.parse().expect("a tree")
}

/// The exercises of the notebooks, as their cells make them.
fn exercises() -> Vec<(&'static str, Exercise)> {
    vec![
        ("01.1", Exercise::which_square(board("XO./.X./..."))),
        ("01.2", Exercise::triples_containing(5)),
        ("01.3", Exercise::triples_containing(8)),
        ("02.1", Exercise::which_square(board("X.X/.O./..."))),
        ("02.2", Exercise::perft(3)),
        ("02.3", Exercise::minimax_positions(board("XO./.XX/O.."))),
        ("03.1", Exercise::number_to_win(8, 3)),
        ("03.2", Exercise::number_to_win(7, 2)),
        ("03.3", Exercise::triples_containing(9)),
        ("04.1", Exercise::which_square(board("XOX/.../..."))),
        ("04.2", Exercise::rules_move(board("XX./OO./X.."))),
        ("05.1", Exercise::perft(3)),
        ("05.2", Exercise::positions_up_to_symmetry(2)),
        ("06.1", Exercise::lines_on(5)),
        ("06.2", Exercise::sets_reaching_34()),
        ("08.2", Exercise::depth_to_never_lose()),
        ("10.1", Exercise::menace_boxes(2_000)),
        ("10.2", Exercise::menace_first_move(2_000)),
        ("10.3", Exercise::menace_last_loss(1_000, 2_000)),
        (
            "09.1",
            Exercise::root_value(&tree("[[5, 1], [7, 2], [3, 9]]")),
        ),
        (
            "09.2",
            Exercise::leaves_skipped(
                &PaperTree::from_leaves(2, &[4, 8, 9, 3, 2, -2, 9, -1]).expect("a tree"),
            ),
        ),
    ]
}

#[test]
fn every_answer_in_the_guide_is_right() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/teaching.md"))
        .expect("docs/teaching.md");
    for (label, exercise) in exercises() {
        let marker = format!("({label}): **");
        let at = guide
            .find(&marker)
            .unwrap_or_else(|| panic!("the guide gives no answer to {label}"));
        let rest = &guide[at + marker.len()..];
        let answer: i64 = rest[..rest.find("**").expect("a closing **")]
            .parse()
            .expect("a whole number");
        let verdict = exercise.check(answer);
        assert!(
            verdict.is_right(),
            "{label}: the guide says {answer}: {verdict}"
        );
    }
}

#[test]
fn the_notebooks_still_set_these_exercises() {
    // The list above must follow the notebooks: each exercise's constructor call is in one.
    let mut notebooks = String::new();
    for entry in
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/notebooks")).expect("notebooks")
    {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "ipynb") {
            notebooks.push_str(&std::fs::read_to_string(path).expect("a notebook"));
        }
    }
    for call in [
        "Exercise::which_square(\\\"XO./.X./...\\\"",
        "Exercise::triples_containing(5)",
        "Exercise::which_square(\\\"X.X/.O./...\\\"",
        "Exercise::minimax_positions(\\\"XO./.XX/O..\\\"",
        "Exercise::number_to_win(7, 2)",
        "Exercise::which_square(\\\"XOX/.../...\\\"",
        "Exercise::rules_move(\\\"XX./OO./X..\\\"",
        "Exercise::positions_up_to_symmetry(2)",
        "Exercise::lines_on(5)",
        "Exercise::sets_reaching_34()",
        "Exercise::depth_to_never_lose()",
        "\\\"[[5, 1], [7, 2], [3, 9]]\\\".parse()?",
        "Exercise::root_value(&tree)",
        "PaperTree::from_leaves(2, &[4, 8, 9, 3, 2, -2, 9, -1])?",
        "Exercise::leaves_skipped(&tree)",
    ] {
        assert!(notebooks.contains(call), "no notebook sets {call}");
    }
}
