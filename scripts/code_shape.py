"""The shape of the crate's code, for telling whether a change made it simpler to carry on.

    python scripts/code_shape.py            # this checkout
    python scripts/code_shape.py DIR        # another checkout (a git worktree of an older commit)

Prints the source files and lines under src/ (and what those lines are: code, doc comments, other
comments, blank lines, unit tests), the files longer than 540 lines, the public items
(`pub fn`, `pub struct`, ...), the names the prelude brings in, the public types, traits and
functions defined under the same name in two files (a tool and its twin), and the names kept
for older lessons (doc-hidden or deprecated: they are left out of the other counts, as the
CHANGELOG says why each is there). It reads text only, so it runs in a second and needs no build.
"""

import collections
import pathlib
import re
import sys

LONG_FILE = 540
ITEM = re.compile(r"^\s*pub(?:\(crate\))? (?:const )?(fn|struct|enum|trait|type|const|static) ([A-Za-z_][A-Za-z_0-9]*)", re.M)
PUBLIC = re.compile(r"^\s*pub (?:const )?(fn|struct|enum|trait|type|const|static) ([A-Za-z_][A-Za-z_0-9]*)", re.M)
# The attributes and doc lines just above an item.
ABOVE = re.compile(r"(?:^[ \t]*(?:#\[[^\n]*\]|///[^\n]*)[ \t]*(?://[^\n]*)?\n)*\Z", re.M)


def kept_for_older_lessons(text: str, at: int) -> bool:
    """Whether the item or `pub use` starting at `at` is doc-hidden or deprecated."""
    above = ABOVE.search(text[:at]).group(0)
    return "#[doc(hidden)]" in above or "#[deprecated" in above


def shape(root: pathlib.Path) -> dict:
    files = sorted((root / "src").rglob("*.rs"))
    lines = {}
    kinds = collections.Counter()
    public = collections.Counter()
    defined = collections.defaultdict(set)
    deprecated = 0
    kept = 0
    for f in files:
        text = f.read_text()
        lines[f] = text.count("\n")
        kinds.update(line_kinds(text))
        # Items in test modules are not the crate's API.
        text = text.split("#[cfg(test)]")[0]
        deprecated += text.count("#[deprecated")
        for match in PUBLIC.finditer(text):
            kind, name = match.groups()
            if kept_for_older_lessons(text, text.rfind("\n", 0, match.start()) + 1):
                kept += 1
                continue
            public[kind] += 1
            if kind in ("struct", "enum", "trait") or (kind == "fn" and not text_in_impl(text, name)):
                defined[(kind, name)].add(str(f.relative_to(root)))
    prelude = (root / "src" / "prelude.rs").read_text()
    prelude_names = names_used(prelude)
    lib = (root / "src" / "lib.rs").read_text()
    root_names = names_used(lib) | {name for name in re.findall(r"^pub mod (\w+)", lib, re.M)}
    twins = {key: where for key, where in defined.items() if len(where) > 1}
    return {
        "files": len(files),
        "lines": sum(lines.values()),
        "kinds": kinds,
        "long_files": sorted((n, str(f.relative_to(root))) for f, n in lines.items() if n > LONG_FILE),
        "public": public,
        "prelude": len(prelude_names),
        "root": len(root_names),
        "twins": twins,
        "deprecated": deprecated,
        "kept": kept,
    }


def names_used(source: str) -> set:
    """The names a file's `pub use` lines bring in, leaving out those kept for older lessons."""
    found = set()
    for match in re.finditer(r"^[ \t]*pub use [^;]*;", source, re.S | re.M):
        if kept_for_older_lessons(source, match.start()):
            continue
        group = match.group(0).strip()
        inner = group[len("pub use "):-1]
        if "{" in inner:
            inner = inner[inner.index("{") + 1:inner.rindex("}")]
            names = inner.split(",")
        else:
            names = [inner.rsplit("::", 1)[-1]]
        for name in names:
            name = name.strip().rsplit("::", 1)[-1].rsplit(" as ", 1)[-1]
            if name and name != "self":
                found.add(name)
            elif name == "self":
                found.add(group.split("{")[0].rstrip(":").rsplit("::", 1)[-1])
    return found


def line_kinds(text: str) -> collections.Counter:
    """A file's lines by kind: those from a `#[cfg(test)]` module to the file's end are unit
    tests; of the others, doc comments (`///`, `//!`), other comments, blank lines and code."""
    kinds = collections.Counter()
    lines = text.split("\n")[: text.count("\n")]
    for i, line in enumerate(lines):
        if line.strip() == "#[cfg(test)]" and i + 1 < len(lines) and lines[i + 1].lstrip().startswith("mod "):
            kinds["unit tests"] += len(lines) - i
            break
        stripped = line.strip()
        if stripped.startswith(("///", "//!")):
            kinds["doc comments"] += 1
        elif stripped.startswith("//"):
            kinds["other comments"] += 1
        elif not stripped:
            kinds["blank"] += 1
        else:
            kinds["code"] += 1
    return kinds


def text_in_impl(text: str, name: str) -> bool:
    """Whether `pub fn name` is indented (a method), rather than a free function."""
    return re.search(rf"^pub fn {re.escape(name)}\b", text, re.M) is None


def main() -> None:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    found = shape(root)
    print(f"source files under src/: {found['files']}, {found['lines']:,} lines")
    kinds = found["kinds"]
    order = ["code", "doc comments", "other comments", "blank", "unit tests"]
    print("  of them: " + ", ".join(f"{kind} {kinds[kind]:,}" for kind in order))
    print(f"files over {LONG_FILE} lines: {len(found['long_files'])}")
    for n, f in found["long_files"]:
        print(f"  {n:5} {f}")
    public = found["public"]
    print(f"public items: {sum(public.values())} ({', '.join(f'{k} {v}' for k, v in sorted(public.items()))})")
    print(f"names the prelude brings in: {found['prelude']}")
    print(f"names at the crate's root: {found['root']}")
    print(f"public items kept for older lessons (doc-hidden or deprecated, not counted above): {found['kept']}")
    print(f"#[deprecated] attributes: {found['deprecated']}")
    print(f"public types, traits and free functions defined under one name in two files: {len(found['twins'])}")
    for (kind, name), where in sorted(found["twins"].items()):
        print(f"  {kind} {name}: {', '.join(sorted(where))}")


if __name__ == "__main__":
    main()
