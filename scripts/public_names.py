"""Every public name of the crate, read from rustdoc's JSON: the paths a learner's cell can write
(`magic_tictactoe::prelude::Board`, `magic_tictactoe::solver::minimax`) and the members of each
type and trait (`Board::EMPTY`, `Player::from_mark`, a variant, a method).

    python3 scripts/public_names.py                  # the names of the crate as it is here
    python3 scripts/public_names.py --history 2026-11-25 > tests/names-since-2026-11-25.txt
    python3 scripts/public_names.py --check tests/names-since-2026-11-25.txt

--history builds the documentation of every commit since that day that changed src/ (in a
temporary worktree, with one shared target folder) and writes the union of their names, each
with the first commit that had it: what any student's notebook written since then could name.
--check says which names of such a list the crate here no longer has, and exits 1 if one is
not named in CHANGELOG.md (as `Type::member`, or its path): a name a learner used must keep
compiling (a deprecated alias, a doc-hidden re-export), or its removal be said there with what
replaces it. The test command runs it.

rustdoc's JSON output is unstable; it is asked of the stable compiler with RUSTC_BOOTSTRAP=1,
as cargo-public-api and cargo-semver-checks do with nightly. Doc-hidden items count: they
compile.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRATE = "magic_tictactoe"
# Kinds whose members (methods, constants, variants) a cell can write as Type::member.
WITH_MEMBERS = {"struct", "enum", "union", "trait", "type_alias"}


def rustdoc_json(source, target):
    """The crate's rustdoc JSON for the checkout at `source`, built into `target`."""
    env = dict(os.environ, RUSTC_BOOTSTRAP="1", CARGO_TARGET_DIR=str(target))
    subprocess.run(["cargo", "rustdoc", "--quiet", "--lib", "--", "-Z", "unstable-options",
                    "--output-format", "json", "--document-hidden-items", "--cap-lints", "allow"],
                   cwd=source, env=env, check=True)
    return json.loads((Path(target) / "doc" / f"{CRATE}.json").read_text())


def kind_of(item):
    return next(iter(item["inner"])) if isinstance(item.get("inner"), dict) else str(item.get("inner"))


def described(item, use=None):
    """The item's kind, with ",deprecated" when it (or the re-export naming it) is deprecated."""
    deprecated = item.get("deprecation") or (use or {}).get("deprecation")
    return kind_of(item) + (",deprecated" if deprecated else "")


def names(doc):
    """{path: kind} for every public path from the crate's root, and Type::member for members."""
    index = doc["index"]
    found = {}
    derefs = set()

    # rustdoc lists an impl written for a type alias (`impl Picture for SearchTree`) under
    # neither the alias nor the type it names: found here by the path the impl is for.
    impls_for_alias = {}
    for item_id, item in index.items():
        impl = (item.get("inner") or {}).get("impl") if isinstance(item.get("inner"), dict) else None
        named = ((impl or {}).get("for") or {}).get("resolved_path") or {}
        if named.get("id") is not None:
            impls_for_alias.setdefault(named["id"], []).append(item_id)

    def members(path, item, alias_impls=()):
        kind = kind_of(item)
        inner = item["inner"][kind]
        if kind == "type_alias":  # `Outcome::Won` reads the members of the type it names
            named = (inner.get("type") or {}).get("resolved_path") or {}
            target = index.get(str(named.get("id")))
            if target is not None and kind_of(target) in WITH_MEMBERS - {"type_alias"}:
                members(path, target, impls_for_alias.get(item["id"], []))
            return
        ids, trait_items = [], set()
        if kind == "enum":
            ids += inner.get("variants", [])
        if kind == "trait":
            ids += inner.get("items", [])
        for impl_id in [*inner.get("impls", []), *alias_impls]:
            impl = index.get(str(impl_id), {}).get("inner", {}).get("impl")
            if not impl or impl.get("is_synthetic"):
                continue
            # An inherent impl, or one of the crate's own traits (a cell that writes `check.to_html()`
            # has the trait from the prelude): its items are called as the type's.
            trait = impl.get("trait")
            if trait is None:
                ids += impl.get("items", [])
            elif index.get(str(trait.get("id")), {}).get("crate_id") == 0:
                # The impl's own items, and the trait's provided ones it does not override.
                provided = index[str(trait["id"])]["inner"]["trait"].get("items", [])
                ids += impl.get("items", []) + provided
                trait_items.update(impl.get("items", []) + provided)
            elif trait.get("path", "").split("::")[-1] == "Deref" and path not in derefs:
                # `analysis.value()` calls the method of the type it derefs to.
                for item_id in impl.get("items", []):
                    target_type = index.get(str(item_id), {}).get("inner", {}).get("assoc_type", {}).get("type")
                    named = (target_type or {}).get("resolved_path") or {}
                    target = index.get(str(named.get("id")))
                    if target is not None and target.get("crate_id") == 0 and kind_of(target) in WITH_MEMBERS:
                        derefs.add(path)
                        members(path, target)
        for member_id in ids:
            member = index.get(str(member_id))
            public = kind in ("enum", "trait") or member_id in trait_items or (member or {}).get("visibility") == "public"
            if member and member.get("name") and public:
                found.setdefault(f"{path}::{member['name']}", described(member))

    def walk(module_id, prefix, seen):
        module = index[str(module_id)]["inner"]["module"]
        for item_id in module["items"]:
            item = index.get(str(item_id))
            if item is None or item.get("visibility") != "public":
                continue
            kind = kind_of(item)
            if kind == "use":
                use = item["inner"]["use"]
                target = index.get(str(use["id"])) if use.get("id") is not None else None
                if use.get("is_glob"):
                    if target is not None and kind_of(target) == "module" and use["id"] not in seen:
                        walk(use["id"], prefix, seen | {use["id"]})
                    continue
                path = f"{prefix}::{use['name']}"
                if target is None:  # another crate's item (itertools), or a primitive
                    found.setdefault(path, "external")
                    continue
                target_kind = kind_of(target)
                found.setdefault(path, described(target, item))
                if target_kind == "module" and use["id"] not in seen:
                    walk(use["id"], path, seen | {use["id"]})
                elif target_kind in WITH_MEMBERS:
                    members(path, target)
            else:
                path = f"{prefix}::{item['name']}"
                found.setdefault(path, described(item))
                if kind == "module" and item_id not in seen:
                    walk(item_id, path, seen | {item_id})
                elif kind in WITH_MEMBERS:
                    members(path, item)

    walk(doc["root"], CRATE, {doc["root"]})
    return found


def history(since):
    """(commit, date) of the commit before `since` and every later one that changed the library."""
    before = subprocess.run(["git", "log", "-1", "--format=%H %ad", "--date=short", f"--before={since}T00:00"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    later = subprocess.run(["git", "log", "--reverse", "--format=%H %ad", "--date=short", f"--since={since}T00:00",
                            "--", "src", "Cargo.toml"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split("\n")
    commits = ([tuple(before)] if before else []) + [tuple(line.split()) for line in later if line.strip()]
    return commits


def from_history(since, target):
    union = {}
    commits = history(since)
    with tempfile.TemporaryDirectory(prefix="magic-tictactoe-names-") as folder:
        tree = Path(folder) / "tree"
        subprocess.run(["git", "worktree", "add", "--quiet", "--detach", str(tree), commits[0][0]], cwd=ROOT, check=True)
        try:
            for number, (commit, date) in enumerate(commits, 1):
                subprocess.run(["git", "checkout", "--quiet", "--detach", commit], cwd=tree, check=True)
                print(f"[{number}/{len(commits)}] {commit[:7]} {date}", file=sys.stderr, flush=True)
                try:
                    found = names(rustdoc_json(tree, target))
                except subprocess.CalledProcessError:
                    print(f"    {commit[:7]} does not build its documentation: left out", file=sys.stderr)
                    continue
                for path, kind in found.items():
                    union.setdefault(path, (kind, commit[:7], date))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
    return union


def read_list(path):
    listed = {}
    for line in Path(path).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, kind, *_ = line.split()
            listed[name] = kind
    return listed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--history", metavar="YYYY-MM-DD", help="every name since that day, from git history")
    parser.add_argument("--check", metavar="LIST", help="which names of LIST the crate here no longer has")
    parser.add_argument("--target", default=str(ROOT / "target" / "public-names"),
                        help="the target folder for the documentation builds")
    args = parser.parse_args()
    if args.history:
        union = from_history(args.history, args.target)
        print(f"# Every public name of magic-tictactoe since {args.history}, with the first commit that had it")
        print("# (scripts/public_names.py --history; --check says which the crate no longer has).")
        for path in sorted(union):
            kind, commit, date = union[path]
            print(f"{path} {kind} {commit} {date}")
        return
    here = names(rustdoc_json(ROOT, args.target))
    if args.check:
        gone = sorted(set(read_list(args.check)) - set(here))
        changelog = (ROOT / "CHANGELOG.md").read_text() if (ROOT / "CHANGELOG.md").exists() else ""
        def said(name):  # `Type::member` or any longer tail of the path, in backticks
            parts = name.removeprefix(CRATE + "::").split("::")
            return any(f"`{'::'.join(parts[start:])}`" in changelog for start in range(max(len(parts) - 1, 1)))

        unsaid = [name for name in gone if not said(name)]
        for name in gone:
            print(f"{'gone, and CHANGELOG.md does not say so' if name in unsaid else 'removed (CHANGELOG.md)'}: {name}")
        print(f"{len(read_list(args.check))} names listed, {len(gone)} gone, {len(unsaid)} of them not in CHANGELOG.md")
        sys.exit(1 if unsaid else 0)
    for path in sorted(here):
        print(path, here[path])


if __name__ == "__main__":
    main()
