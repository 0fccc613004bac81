//! One naming convention for a call's any-game form: the tic-tac-toe call's name and `_for`,
//! the game first (`Opponent::random` and `random_for`, `Challenge::new` and `new_for`). This
//! test reads the sources and fails when a public function is named `…_for` with no tic-tac-toe
//! call of that name beside it (in the same file), or when an any-game form is named another
//! way (`of_game`, `…_in`) and not kept only as a deprecated old name.

use std::fs;
use std::path::{Path, PathBuf};

/// Names ending in `_for` with no call of the stem's name: MENACE's matchbox for a board (no
/// any-game form), and random and perfect play, which tic-tac-toe has as levels
/// (`Opponent::new(Level::Random, seed)`, `Level::Perfect.into()`).
const WITHOUT_STEM: [&str; 3] = ["box_for", "random_for", "perfect_for"];

fn sources(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// Every `pub fn` of the crate outside test modules: its file, its name and whether it is
/// deprecated.
fn public_functions() -> Vec<(PathBuf, String, bool)> {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut found = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("a readable source");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let lines: Vec<&str> = code.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            let Some(rest) = line.trim_start().strip_prefix("pub fn ") else {
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            // Its own attributes and docs only: the lines above it up to the item before.
            let deprecated = lines[..at]
                .iter()
                .rev()
                .take_while(|l| {
                    let l = l.trim();
                    !(l.is_empty() || l.ends_with('}') || l.ends_with(';') || l.ends_with('{'))
                        || l.starts_with("#[")
                        || l.starts_with(")]")
                })
                .any(|l| l.trim_start().starts_with("#[deprecated"));
            found.push((file.clone(), name, deprecated));
        }
    }
    found
}

/// The names that break the convention, among `functions`.
fn off_convention(functions: &[(PathBuf, String, bool)]) -> Vec<String> {
    let mut off = Vec::new();
    for (file, name, deprecated) in functions {
        if *deprecated {
            continue;
        }
        if let Some(stem) = name.strip_suffix("_for") {
            let beside = functions.iter().any(|(f, n, _)| f == file && n == stem);
            if !beside && !WITHOUT_STEM.contains(&name.as_str()) {
                off.push(format!("`{name}` has no tic-tac-toe call `{stem}`"));
            }
        }
        if name == "of_game" || name.ends_with("_in") {
            off.push(format!(
                "`{name}` names an any-game form another way than `_for`"
            ));
        }
    }
    off
}

#[test]
fn every_any_game_form_is_its_tic_tac_toe_name_and_for() {
    let functions = public_functions();
    assert!(functions.iter().any(|(_, name, _)| name == "new_for"));
    assert!(
        functions
            .iter()
            .any(|(_, name, deprecated)| name == "of_game" && *deprecated)
    );
    assert_eq!(off_convention(&functions), Vec::<String>::new());
}

#[test]
fn the_check_can_fail() {
    let a = PathBuf::from("a.rs");
    let b = PathBuf::from("b.rs");
    let functions = [
        (a.clone(), "turn".to_owned(), false),
        (a.clone(), "turn_in".to_owned(), false),
        (a.clone(), "turn_for".to_owned(), false),
        (b, "pick_for".to_owned(), false),
        (a, "pick".to_owned(), false),
    ];
    // `turn_in` is named another way, and `pick_for` has no `pick` beside it.
    assert_eq!(off_convention(&functions).len(), 2);
}
