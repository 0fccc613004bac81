//! The crate reads one way: `rules` at the bottom, then `engine`, `render`, and `teach` on top,
//! each built only on the layers below it. This test reads the sources and fails when a file
//! names a higher layer, when a file outside `render/` writes tags or colours or talks to the
//! notebook kernel, or when files inside one layer depend on each other in a cycle (each file
//! of a layer builds only on files read before it), so that whoever breaks the layering learns
//! it at once, and where.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const LAYERS: [&str; 4] = ["rules", "engine", "render", "teach"];

fn rank(layer: &str) -> Option<usize> {
    LAYERS.iter().position(|&l| l == layer)
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The code of a file without its comments (doc links may name any layer), and without the
/// test module at its end (tests may use anything).
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("a readable source");
    let text = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => &text[..],
    };
    text.lines()
        .map(|line| match line.find("//") {
            // `//` inside a string (a URL, say) is kept; the crate's strings have none.
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The layer a file belongs to, if any (`lib.rs` and `prelude.rs` sit above all layers).
fn layer_of(root: &Path, path: &Path) -> Option<String> {
    let relative = path.strip_prefix(root).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?;
    rank(first).map(|_| first.to_owned())
}

/// The words that follow `prefix` in `code`, up to the next character that cannot be in a path.
fn after<'a>(code: &'a str, prefix: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    code.match_indices(prefix).map(move |(at, _)| {
        let rest = &code[at + prefix.len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        &rest[..end]
    })
}

/// Like [`after`], with whether each match starts its line (after `pub` or `pub(crate)`, if
/// any): an item of the file rather than one inside an impl or a function.
fn after_at_top_level<'a>(
    code: &'a str,
    prefix: &'a str,
) -> impl Iterator<Item = (&'a str, bool)> + 'a {
    code.match_indices(prefix).map(move |(at, _)| {
        let line_start = code[..at].rfind('\n').map_or(0, |i| i + 1);
        let before = code[line_start..at]
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub ");
        let rest = &code[at + prefix.len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        (&rest[..end], before.is_empty())
    })
}

#[test]
fn no_layer_names_a_layer_above_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut problems = Vec::new();
    for path in sources(&root) {
        let Some(layer) = layer_of(&root, &path) else {
            continue;
        };
        let own = rank(&layer).expect("a layer");
        let code = code(&path);
        for prefix in ["crate::", "$crate::"] {
            for name in after(&code, prefix) {
                match rank(name) {
                    Some(other) if other > own => problems.push(format!(
                        "{}: the {layer} layer names `{prefix}{name}`, a layer above it",
                        path.display()
                    )),
                    Some(_) => {}
                    // `crate::Board` and the like are the top-level re-exports, which may
                    // lead anywhere: inside a layer, name the layer a thing lives in.
                    None => problems.push(format!(
                        "{}: `{prefix}{name}` goes through the crate's top level; name its layer",
                        path.display()
                    )),
                }
            }
        }
        if code.contains("super::super::super") {
            problems.push(format!(
                "{}: climbs out of its layer with super::",
                path.display()
            ));
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn only_the_render_layer_writes_tags_colours_and_talks_to_the_kernel() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut problems = Vec::new();
    for path in sources(&root) {
        if layer_of(&root, &path).as_deref() == Some("render") || path.starts_with(root.join("bin"))
        {
            continue;
        }
        let code = code(&path);
        for tag in [
            "<div", "<span", "<table", "<td", "<tr", "<th", "<b>", "<script", "<style", "<svg",
        ] {
            if code.contains(tag) {
                problems.push(format!(
                    "{}: writes the tag {tag}>; build it with render's builders",
                    path.display()
                ));
            }
        }
        if code.contains("evcxr_runtime") {
            problems.push(format!(
                "{}: talks to the kernel; only render/notebook.rs does",
                path.display()
            ));
        }
        let bytes = code.as_bytes();
        for (at, _) in code.match_indices('#') {
            let hex = bytes[at + 1..]
                .iter()
                .take_while(|b| b.is_ascii_hexdigit())
                .count();
            if hex == 6 || hex == 3 {
                problems.push(format!(
                    "{}: writes the colour {}; take it from render's palette",
                    path.display(),
                    &code[at..at + 1 + hex]
                ));
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// The words that begin an item a file may define and another file name.
const KINDS: [&str; 7] = [
    "struct ",
    "enum ",
    "trait ",
    "type ",
    "const ",
    "static ",
    "macro_rules! ",
];

/// The files of one layer and, for each, the files of the same layer it uses: a file uses
/// another when it names a type, trait, constant or static the other defines at the top level
/// (`pub struct Board` in `board.rs`), or names the other as a module in a path
/// (`magic::has_won`). Functions are reached through their module or type, so their names
/// (often alike: `new`, `len`) are not looked at; nor are associated items (`type Err`, `const
/// LOWEST` inside an impl), which are reached through their type, or a module's name used as
/// a plain word (a variable called `tree`).
fn dependencies(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = sources(dir);
    let module = |path: &Path| {
        path.file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_owned()
    };
    let modules: BTreeSet<String> = files
        .iter()
        .map(|p| module(p))
        .filter(|m| m != "mod")
        .collect();
    let mut defined: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &files {
        let code = code(path);
        for kind in KINDS {
            for (name, top_level) in after_at_top_level(&code, kind) {
                let is_item = (name.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                    || kind == "macro_rules! ")
                    && top_level
                    && !deprecated(&code, kind, name);
                if is_item {
                    defined
                        .entry(name.to_owned())
                        .or_default()
                        .insert(module(path));
                }
            }
        }
    }
    let mut edges = BTreeMap::new();
    for path in &files {
        let from = module(path);
        if from == "mod" {
            continue;
        }
        let code = code(path);
        // A name the file gives something of its own (`const MAX_DEPTH` in a trait) is that.
        let own: BTreeSet<&str> = KINDS
            .iter()
            .flat_map(|kind| {
                code.match_indices(kind).filter_map(|(at, _)| {
                    let line_start = code[..at].rfind('\n').map_or(0, |i| i + 1);
                    let before = code[line_start..at].trim_start();
                    let before = before
                        .trim_start_matches("pub(crate) ")
                        .trim_start_matches("pub(super) ")
                        .trim_start_matches("pub ");
                    let rest = &code[at + kind.len()..];
                    let end = rest
                        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .unwrap_or(rest.len());
                    before.is_empty().then_some(&rest[..end])
                })
            })
            .collect();
        let mut to = BTreeSet::new();
        let mut rest = code.as_str();
        while !rest.is_empty() {
            let start = rest
                .find(|c: char| c.is_alphanumeric() || c == '_')
                .unwrap_or(rest.len());
            rest = &rest[start..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let before_word = &code[..code.len() - rest.len()];
            let (word, after_word) = rest.split_at(end);
            rest = after_word;
            let in_path = after_word.starts_with("::");
            // `Level::Rules`, `T::MAX_DEPTH`: an item of a type, not the file's own.
            let of_a_type = before_word.strip_suffix("::").is_some_and(|path| {
                path.rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .is_some_and(|last| last.starts_with(|c: char| c.is_ascii_uppercase()))
            });
            if of_a_type {
                continue;
            }
            if own.contains(word) {
                continue;
            }
            let target = match defined.get(word) {
                // A name two files define is no clue to which one is meant.
                Some(owners) if owners.len() == 1 => owners.iter().next().cloned(),
                Some(_) => None,
                None => (in_path && modules.contains(word)).then(|| word.to_owned()),
            };
            if let Some(target) = target.filter(|t| *t != from && modules.contains(t)) {
                to.insert(target);
            }
        }
        edges.insert(from, to);
    }
    edges
}

/// Whether the item `name` (of `kind`) is marked deprecated: an old name kept for lessons
/// written with it (`pub type Ending = Finish;`), which defines nothing of its own.
fn deprecated(code: &str, kind: &str, name: &str) -> bool {
    let Some(at) = code.find(&format!("{kind}{name}")) else {
        return false;
    };
    code[..at]
        .lines()
        .rev()
        .take(3)
        .any(|line| line.trim_start().starts_with("#[deprecated"))
}

/// The largest group of files that all reach one another through their dependencies.
fn largest_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let reaches = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_owned()];
        while let Some(node) = stack.pop() {
            for next in edges.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let mut largest = Vec::new();
    for module in edges.keys() {
        let forward = reaches(module);
        let cycle: Vec<String> = edges
            .keys()
            .filter(|other| {
                *other == module || (forward.contains(*other) && reaches(other).contains(module))
            })
            .cloned()
            .collect();
        if cycle.len() > largest.len() {
            largest = cycle;
        }
    }
    largest
}

#[test]
fn no_file_of_a_layer_depends_on_itself_through_others() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for layer in LAYERS {
        let edges = dependencies(&root.join(layer));
        let cycle = largest_cycle(&edges);
        assert!(
            cycle.len() <= 1,
            "in {layer}/, these files depend on each other in a cycle: {cycle:?}\n{edges:#?}"
        );
    }
}

#[test]
fn the_checks_can_fail() {
    // A rules file that named the engine is caught.
    let code = "use crate::engine::Value;\nfn f() -> crate::render::Html { todo!() }";
    let names: Vec<&str> = after(code, "crate::").collect();
    assert_eq!(names, ["engine", "render"]);
    assert!(names.iter().all(|n| rank(n) > rank("rules")));
    // Four files that use one another in a ring are caught.
    let ring: BTreeMap<String, BTreeSet<String>> = ["a", "b", "c", "d"]
        .iter()
        .zip(["b", "c", "d", "a"])
        .map(|(from, to)| (from.to_string(), BTreeSet::from([to.to_string()])))
        .collect();
    assert_eq!(largest_cycle(&ring).len(), 4);
}

#[test]
fn the_dependencies_found_are_the_real_ones() {
    // A spot check that names resolve to the files that define them.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let rules = dependencies(&root.join("rules"));
    for (file, needs) in [
        ("board", "magic"),
        ("board", "square"),
        ("symmetry", "board"),
        ("tally", "game"),
    ] {
        assert!(
            rules[file].contains(needs),
            "{file} should depend on {needs}: {:?}",
            rules[file]
        );
    }
    let engine = dependencies(&root.join("engine"));
    assert!(engine["game"].contains("opponent"), "{:?}", engine["game"]);
    assert!(!engine["value"].contains("game"));
}
