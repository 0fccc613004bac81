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

/// The rows of the table of one call for each thing, as `(to, on tic-tac-toe, on any game)`.
fn table_of_one_call_each(text: &str) -> Vec<[String; 3]> {
    text.lines()
        .skip_while(|line| !line.starts_with("| To | On tic-tac-toe | On any game |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            // A `|` inside a closure is written `\|` in the table.
            let cells: Vec<String> = line
                .replace("\\|", "¦")
                .split('|')
                .map(|cell| cell.trim().replace('¦', "|"))
                .collect();
            [cells[1].clone(), cells[2].clone(), cells[3].clone()]
        })
        .collect()
}

/// The calls written in `cell` (between backticks) that are a free function or a constructor,
/// not a method of a value: `(path and name, the text of the first argument)`.
fn calls(cell: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for code in cell.split('`').skip(1).step_by(2) {
        let Some((head, arguments)) = code.split_once('(') else {
            continue;
        };
        if head.contains('.') || head.contains(' ') || head.is_empty() {
            continue;
        }
        let first = arguments.split([',', ')']).next().unwrap_or_default();
        found.push((head.to_owned(), first.trim().to_owned()));
    }
    found
}

/// What breaks the pattern in the rows: an any-game call named `…_for` whose tic-tac-toe call
/// is not in its row, or one that does not take the game first (unless the tic-tac-toe column
/// makes the same call).
fn off_the_table(rows: &[[String; 3]]) -> Vec<String> {
    let mut off = Vec::new();
    for [to, tic_tac_toe, any_game] in rows {
        let ours = calls(tic_tac_toe);
        for (call, first) in calls(any_game) {
            let (path, name) = call.rsplit_once("::").unwrap_or(("", &call));
            // A call both columns make alike (`Mcts::new(1_000)`) is made the same on every game.
            let same_call = ours.iter().any(|(theirs, _)| *theirs == call);
            if !same_call && !first.starts_with("&game") && !first.starts_with("game") {
                off.push(format!("to {to}: `{call}` does not take the game first"));
            }
            let Some(stem) = name.strip_suffix("_for") else {
                continue;
            };
            let beside = ours.iter().any(|(theirs, _)| {
                let (their_path, their_name) = theirs.rsplit_once("::").unwrap_or(("", theirs));
                their_name == stem && (their_path == path || their_path.ends_with(path))
            });
            if !beside && !WITHOUT_STEM.contains(&name) {
                off.push(format!(
                    "to {to}: `{call}` has no `{stem}` on tic-tac-toe beside it"
                ));
            }
        }
    }
    off
}

#[test]
fn the_table_of_one_call_each_keeps_the_pattern_in_every_row() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let prelude =
        table_of_one_call_each(&fs::read_to_string(root.join("docs/prelude.md")).unwrap());
    let readme = table_of_one_call_each(&fs::read_to_string(root.join("README.md")).unwrap());
    assert!(
        prelude.len() >= 10,
        "the table in docs/prelude.md: {prelude:?}"
    );
    assert_eq!(
        prelude, readme,
        "README.md shows the table of docs/prelude.md"
    );
    let checked: usize = prelude.iter().map(|row| calls(&row[2]).len()).sum();
    assert!(checked >= 10, "{checked} any-game calls read");
    assert_eq!(off_the_table(&prelude), Vec::<String>::new());
}

#[test]
fn the_table_check_can_fail() {
    let rows = table_of_one_call_each(
        "| To | On tic-tac-toe | On any game |\n|---|---|---|\n\
         | check | `check_minimax(f)` | `SearchCheck::minimax(&game, f)?` |\n\
         | count | `stats::perft(board, 4)` | `count_for(&game, 4)`, `perft(board, &game)` |\n",
    );
    assert_eq!(rows.len(), 2);
    // `count_for` has no `count` beside it, and `perft` takes a board first.
    assert_eq!(off_the_table(&rows).len(), 2, "{:?}", off_the_table(&rows));
}
