"""Check that the crate's widest pictures fit a projector: drawn at 1.5x, each must fit the output
area of a notebook in a 1280-pixel-wide window (1,158 CSS pixels in JupyterLab and in the HTML
nbconvert exports), with nothing hidden in a region that scrolls sideways.

    python scripts/projector_test.py OUT_DIR

Builds the page with `cargo run --example projector_pictures`, opens it in headless Chromium,
measures each picture, and checks the page with axe-core as accessibility_test.py checks the
notebooks (these layouts appear in a notebook only when a tree or a row is wide). Writes
OUT_DIR/projector.html and a screenshot of each picture that does not fit. Ends with the line
"projector: N passed, M failed".
"""

import pathlib
import subprocess
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import accessibility_test  # noqa: E402  (the same axe-core run and rules)

ROOT = pathlib.Path(__file__).resolve().parent.parent
# A notebook's output area in a 1280-pixel window, measured in the exported notebooks.
OUTPUT_AREA = 1158
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

MEASURE = """(area) => Array.from(document.querySelectorAll('.picture')).map(p => {
    // Anything inside that scrolls sideways and hides part of itself.
    const hidden = Array.from(p.querySelectorAll('*')).filter(e => {
        const style = getComputedStyle(e);
        return (style.overflowX === 'auto' || style.overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1;
    }).map(e => e.scrollWidth);
    return {name: p.dataset.name, width: p.scrollWidth, hidden};
})"""


def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "target" / "projector-test")
    out.mkdir(parents=True, exist_ok=True)
    page_path = out / "projector.html"
    subprocess.run(
        ["cargo", "run", "--quiet", "--example", "projector_pictures", "--", str(page_path)],
        cwd=ROOT,
        check=True,
    )
    html = page_path.read_text(encoding="utf-8")
    # Each picture in a box as wide as a notebook's output area.
    html = html.replace(
        "<body>",
        f"<body style='margin:0'><div id='area' style='width:{OUTPUT_AREA}px'>",
    ).replace("</body>", "</div></body>")
    page_path.write_text(html, encoding="utf-8")
    passed = failed = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(page_path.resolve().as_uri())
            pictures = page.evaluate(MEASURE, OUTPUT_AREA)
            if not pictures:
                print("FAIL no pictures on the page")
                failed += 1
            for index, picture in enumerate(pictures):
                fits = picture["width"] <= OUTPUT_AREA and not picture["hidden"]
                if fits:
                    passed += 1
                    print(f"ok   {picture['name']}: {picture['width']} px")
                else:
                    failed += 1
                    print(
                        f"FAIL {picture['name']}: {picture['width']} px of {OUTPUT_AREA}"
                        f"{', hidden in a scrolling region ' + str(picture['hidden']) if picture['hidden'] else ''}"
                    )
                    page.query_selector_all(".picture")[index].screenshot(path=str(out / f"too-wide-{index}.png"))
            page.add_script_tag(path=str(accessibility_test.AXE))
            report = page.evaluate(accessibility_test.RUN_AXE.replace(".jp-OutputArea-output", ".picture"))
            bad = [v for v in report["violations"] if accessibility_test.fails(v)]
            if bad:
                failed += 1
                print(f"FAIL axe-core: {len(bad)} kinds of violation in {report['outputs']} pictures")
                accessibility_test.print_violations(bad)
            else:
                passed += 1
                print(f"ok   axe-core over the {report['outputs']} pictures")
        finally:
            browser.close()
    print(f"projector: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
