"""Check every picture of every exported notebook with axe-core, the accessibility engine.

    python scripts/accessibility_test.py EXPORTED_DIR

EXPORTED_DIR holds the notebooks run and exported by run_notebooks.py --html, in the light
theme (NAME.html) and the dark one (NAME-dark.html). Each light page is also checked as a
reopened notebook shows it in JupyterLab, whose sanitizer drops the CSS variables the pictures
follow a theme with (their plain fallback colours stay). Each page is opened in headless Chromium,
its scripts are let run (the clickable boards draw themselves), and axe-core checks what is
inside the notebook's outputs: the crate's pictures. A page fails on any colour-contrast
violation (WCAG AA: 4.5:1, or 3:1 for large text), on any text whose contrast axe could not
work out (it reports those as "incomplete": a text overflowing its box, say, hides its
background), and on any other violation axe rates serious or critical. Ends with the line
"accessibility: N passed, M failed".
"""

import pathlib
import re
import sys
import tempfile

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
AXE = ROOT / "scripts" / "browser" / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Only the notebooks' outputs are the crate's; the page around them is nbconvert's.
RUN_AXE = """async () => {
    const outputs = Array.from(document.querySelectorAll('.jp-OutputArea-output'));
    const result = await axe.run({include: outputs}, {
        runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
        resultTypes: ['violations', 'incomplete'],
    });
    const unchecked = result.incomplete.filter(v => v.id === 'color-contrast').map(v => ({
        id: 'color-contrast (could not be checked)', impact: 'serious', help: v.help,
        nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: (n.any[0] || {}).message || ''})),
    }));
    return {outputs: outputs.length, violations: result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary})),
    })).concat(unchecked)};
}"""


# A declaration such as `background:var(--jp-layout-color0,#fbf8f1)` inside a style attribute.
THEME_DECLARATION = re.compile(r";?[a-z-]+:var\(--jp-[^)]*\)")


def as_reopened(page_path, folder):
    """The page with the theme declarations dropped from the outputs' style attributes."""
    html = page_path.read_text(encoding="utf-8")
    stripped = re.sub(r'style="([^"]*)"', lambda m: f'style="{THEME_DECLARATION.sub("", m.group(1))}"', html)
    path = pathlib.Path(folder) / (page_path.stem + " (as reopened).html")
    path.write_text(stripped, encoding="utf-8")
    return path


def fails(violation):
    return violation["id"].startswith("color-contrast") or violation["impact"] in ("serious", "critical")


def print_violations(bad):
    """Each violation with up to four of the places it was found."""
    for violation in bad:
        print(f"     {violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:4]:
            print(f"       {node['target']}: {node['summary'].splitlines()[-1].strip()}")
        if len(violation["nodes"]) > 4:
            print(f"       ... and {len(violation['nodes']) - 4} more")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    pages = sorted(pathlib.Path(sys.argv[1]).glob("*.html"))
    if not pages:
        print("no exported notebooks found", file=sys.stderr)
        return 1
    scratch = tempfile.TemporaryDirectory(prefix="mtt-a11y-")
    pages += [as_reopened(p, scratch.name) for p in pages if not p.stem.endswith("-dark")]
    passed = failed = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for page_path in pages:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            # The clickable boards answer at once: no pretend thinking time.
            page.add_init_script("window.MTT_DELAY_MS = 0;")
            page.goto(page_path.as_uri())
            page.wait_for_timeout(300)
            page.add_script_tag(path=str(AXE))
            report = page.evaluate(RUN_AXE)
            page.close()
            bad = [v for v in report["violations"] if fails(v)]
            if bad:
                failed += 1
                print(f"FAIL {page_path.name}: {len(bad)} kinds of violation in {report['outputs']} outputs")
                print_violations(bad)
            else:
                passed += 1
                minor = ", ".join(sorted({v["id"] for v in report["violations"]})) or "none"
                print(f"ok   {page_path.name} ({report['outputs']} outputs; minor: {minor})")
            sys.stdout.flush()
        browser.close()
    print(f"accessibility: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
