//! The crate's integration tests, one module a concern, linked into one test binary: 22
//! binaries cost the test command their links and each its own copy of the crate's generic
//! code. A file added to tests/ is a module here (`every_test_file_is_a_module` checks it), but
//! tests/scale.rs, which changes the whole process's picture scale, in a binary of its own.

mod any_game;
mod boards;
mod bots;
#[cfg(feature = "cli")]
mod cli;
mod common;
mod extra_turns;
mod hints;
mod hostile;
mod hostile_games;
mod layers;
mod learners_code;
mod magic_square;
mod mcts;
mod menace;
mod names;
mod older_names;
mod opponents_and_games;
mod paper_trees;
mod pictures;
mod prelude_doc;
mod prelude_table;
mod solving;
mod teachers_guide;
mod teaching;

#[test]
fn every_test_file_is_a_module() {
    let this = include_str!("main.rs");
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&folder).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if !["main", "scale"].contains(&module) && !this.contains(&format!("\nmod {module};\n")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "tests/{missing:?} would never run: name each in tests/main.rs"
    );
}
