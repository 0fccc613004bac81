"""The class's course: the git repository (branch main) the students' lessons come from
(nbgitpuller, scripts/class/course-pull), and bringing the crate's newer notebooks into it
without undoing the teacher's own changes.

The crate's notebooks, as the crate ships them, are kept on a branch of their own, `crate`; the
teacher commits on `main`. Bringing in updated lessons commits the crate's notebooks of now on
`crate`, then merges `crate` into `main` notebook by notebook, from their last common version:

- a notebook only the crate changed (or a new one) comes in as the crate has it;
- a notebook only the teacher changed stays as the teacher has it;
- a notebook both changed stays as the teacher has it, and is said: notebooks are JSON, and a
  line-by-line merge of two people's changes can leave one that no longer opens;
- a notebook the crate removed goes, unless the teacher changed it.

A course made by an earlier version (no `crate` branch) takes as the crate's last version the
last commit class.sh made there.

    python -m classadmin.course create|update COURSE NOTEBOOKS WHEN
        NOTEBOOKS: a folder holding the crate's notebooks as the class's students get them;
        WHEN: the date and time, for the commit's message
    python -m classadmin.course retarget COURSE OLD_HOME NEW_HOME WHEN
"""

import subprocess
import sys
import tempfile
from pathlib import Path

CRATE = "crate"
MAIN = "main"
AUTHOR = ["-c", "user.name=class.sh", "-c", "user.email=class.sh@localhost"]


class Git:
    def __init__(self, repo):
        self.repo = Path(repo)

    def __call__(self, *args, check=True, env=None):
        done = subprocess.run(["git", "-C", str(self.repo), *AUTHOR, *args], capture_output=True, text=True,
                              env=env)
        if check and done.returncode != 0:
            raise RuntimeError(f"git {' '.join(args)}: {done.stderr.strip()[:500]}")
        return done.stdout.strip()

    def has(self, ref):
        return self("rev-parse", "--verify", "--quiet", ref + "^{commit}", check=False) != ""

    def changed(self, old, new):
        """The notebooks' files that differ between two commits, with their kind of change."""
        out = self("diff", "--name-status", "--no-renames", old, new, "--", "notebooks")
        return {line.split("\t", 1)[1]: line.split("\t", 1)[0] for line in out.splitlines() if "\t" in line}


def commit_tree(git, folder, parent, message):
    """A commit of `folder`'s files as notebooks/ (the rest of the parent's tree kept), on top of
    `parent` (or none); returns its id. Uses an index of its own: main's work tree is left alone."""
    with tempfile.TemporaryDirectory() as scratch:
        env = {**__import__("os").environ, "GIT_INDEX_FILE": str(Path(scratch) / "index")}
        if parent:
            git("read-tree", parent, env=env)
            git("rm", "--cached", "--quiet", "-r", "-f", "--ignore-unmatch", "notebooks", env=env)
        else:
            git("read-tree", "--empty", env=env)
        for path in sorted(Path(folder).iterdir()):
            if path.is_file():
                blob = git("hash-object", "-w", str(path))
                git("update-index", "--add", "--cacheinfo", f"100644,{blob},notebooks/{path.name}", env=env)
        tree = git("write-tree", env=env)
    if parent and git("rev-parse", f"{parent}^{{tree}}") == tree:
        return parent
    return git("commit-tree", tree, *(["-p", parent] if parent else []), "-m", message)


def crate_base(git):
    """The crate's last version in the course: the branch `crate`, or (a course of an earlier
    version) the last commit class.sh made on main."""
    if git.has(CRATE):
        return git("rev-parse", CRATE)
    made = git("log", "--format=%H", "--author=class.sh", "-n", "1", MAIN, check=False)
    return made or None


def update(course, notebooks, when):
    """Brings the crate's notebooks in `notebooks` into the course at `course`; returns
    (a sentence of what came in, [notebooks both changed, kept as the teacher has them])."""
    git = Git(course)
    base = crate_base(git)
    new = commit_tree(git, notebooks, base, f"The crate's notebooks ({when})")
    git("update-ref", f"refs/heads/{CRATE}", new)
    if subprocess.run(["git", "-C", str(course), "merge-base", "--is-ancestor", new, MAIN]).returncode == 0:
        return "the course already has the crate's notebooks: nothing to update", []
    theirs = git.changed(base, new) if base else {}
    mine = git.changed(base, MAIN) if base else {}
    both = sorted(path for path in theirs if path in mine)
    # A merge commit of main and the crate's new version, whose files are main's but for those
    # only the crate changed.
    git("checkout", "--quiet", MAIN)
    git("merge", "--quiet", "--no-ff", "--no-commit", "-s", "ours", new)
    taken = []
    for path, kind in sorted(theirs.items()):
        if path in mine:
            continue
        if kind == "D":
            git("rm", "--quiet", "--", path)
        else:
            git("checkout", new, "--", path)
        taken.append(path)
    message = f"Updated lessons from the crate ({when})" + (
        "\n\nKept as the teacher has them (the crate changed them too): " + ", ".join(both) if both else "")
    git("commit", "--quiet", "--allow-empty", "-m", message)
    said = (f"{len(taken)} notebooks brought in ({', '.join(Path(p).stem for p in taken[:6])}"
            f"{' ...' if len(taken) > 6 else ''})" if taken else "no notebook brought in")
    if both:
        said += ("; kept as you changed them, without the crate's changes: "
                 + ", ".join(Path(p).stem for p in both))
    return said, both


def retarget(course, old, new, when):
    """The course's notebooks on main load the crate from `new` instead of `old` (the class's
    home as students' servers see it changed: containers on or off); one commit."""
    course = Path(course)
    git = Git(course)
    git("checkout", "--quiet", MAIN)
    changed = []
    for path in sorted((course / "notebooks").glob("*.ipynb")):
        text = path.read_text(encoding="utf-8")
        moved = text.replace(f'path = \\"{old}/crate\\"', f'path = \\"{new}/crate\\"')
        if moved != text:
            path.write_text(moved, encoding="utf-8")
            changed.append(str(path.relative_to(course)))
    if changed:
        git("add", "--", *changed)
        git("commit", "--quiet", "-m", f"The crate is in {new}/crate now ({when})")
    return changed


def create(course, notebooks, when):
    """A new course: the crate's notebooks, committed on main and on crate."""
    course = Path(course)
    (course / "notebooks").mkdir(parents=True, exist_ok=True)
    git = Git(course)
    git("init", "--quiet", f"--initial-branch={MAIN}")
    first = commit_tree(git, notebooks, None, f"The crate's notebooks ({when})")
    git("update-ref", f"refs/heads/{CRATE}", first)
    git("update-ref", f"refs/heads/{MAIN}", first)
    git("checkout", "--quiet", "--force", MAIN)
    return "the course has the crate's notebooks"


def main(argv):
    if len(argv) == 5 and argv[0] == "retarget":
        changed = retarget(*argv[1:])
        print(f"{len(changed)} notebooks of the course load the crate from {argv[3]}/crate now")
        return 0
    if len(argv) != 4 or argv[0] not in ("update", "create"):
        print(__doc__, file=sys.stderr)
        return 2
    action, course, notebooks, when = argv
    if action == "create":
        print(create(course, notebooks, when))
        return 0
    said, _ = update(course, notebooks, when)
    print(said)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
