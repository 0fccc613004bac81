//! docs/prelude.md lists what a notebook's `use magic_tictactoe::prelude::*;` brings in, one line
//! each. This test reads the prelude's source and the page, and fails when a name is in one and
//! not the other, so the page stays true as the prelude grows.

use std::collections::BTreeSet;

const PRELUDE: &str = include_str!("../src/prelude.rs");
const PAGE: &str = include_str!("../docs/prelude.md");

/// The names the prelude's `pub use` lines bring in (`self` in braces is the module's name).
fn prelude_names() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let code: String = PRELUDE
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join(" ");
    for statement in code.split(';') {
        let Some(at) = statement.find("pub use ") else {
            continue;
        };
        // The older names kept hidden for saved notebooks are not the page's to list.
        if statement.contains("#[doc(hidden)]") {
            continue;
        }
        let path = statement[at + "pub use ".len()..].trim();
        let (base, items) = match path.find('{') {
            Some(open) => (
                &path[..open],
                &path[open + 1..path.rfind('}').unwrap_or(path.len())],
            ),
            None => {
                let (base, last) = path.rsplit_once("::").unwrap_or(("", path));
                (base, last)
            }
        };
        for item in items
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
        {
            let name = if item == "self" {
                base.trim_end_matches("::")
                    .rsplit("::")
                    .next()
                    .unwrap_or(base)
            } else {
                item.rsplit(" as ").next().unwrap_or(item)
            };
            names.insert(name.to_owned());
        }
    }
    names
}

/// The names the page's list lines give in backticks before their colon.
fn page_names() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in PAGE.lines().filter(|line| line.starts_with("- `")) {
        // Each list item names its items in backticks up to its first colon, and may name
        // more after a semicolon ("`X`: ...; `Y`: ...").
        for part in line[2..].split("; ") {
            let head = part.split(':').next().unwrap_or("");
            for piece in head.split('`').skip(1).step_by(2) {
                names.insert(piece.to_owned());
            }
        }
    }
    names
}

#[test]
fn the_page_names_exactly_what_the_prelude_holds() {
    let prelude = prelude_names();
    let page = page_names();
    assert!(prelude.len() > 60, "{prelude:?}");
    let missing: Vec<_> = prelude.difference(&page).collect();
    let extra: Vec<_> = page.difference(&prelude).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "docs/prelude.md lacks {missing:?} and names {extra:?}, which the prelude does not hold"
    );
}
