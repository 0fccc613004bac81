"""Drive the clickable boards of an exported notebook in headless Chromium.

    python scripts/browser_test.py EXPORTED.html SCREENSHOT_DIR

EXPORTED.html is notebook 07 run and exported by nbconvert (run_notebooks.py --html does both).
Every board on the page is played by clicking, and every state it shows is checked against the
crate, through examples/board_oracle.rs:

* whole games by clicking against every board (every level, as X and as O), each reply checked
  to be the crate's reply and a move the level may play, each ending checked for its winner, its
  announcement and its marked line;
* the hint: every free square's label equals the crate's value;
* reset: the board goes back to its start;
* every game a learner can play as X against the perfect level after opening in a corner, every
  choice at every turn: the computer never loses;
* the same page with its scripts stripped, as JupyterLab shows a saved notebook: the static
  board and the line saying how to bring it to life are there;
* Pick 15 (notebook 03, exported beside 07): games played by clicking the number cards and the
  revealed magic square, the computer's every reply said as a number, taken cards saying whose
  they are, a win announced with three numbers that add up to 15, and the perfect computer never
  losing.

Screenshots go to SCREENSHOT_DIR. Ends with the line "browser: N passed, M failed".
"""

import json
import pathlib
import random
import re
import subprocess
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LINE_BACKGROUND = "rgb(255, 224, 122)"


class Oracle:
    """The crate's answers about positions, from examples/board_oracle.rs."""

    def __init__(self):
        subprocess.run(["cargo", "build", "--quiet", "--example", "board_oracle"], cwd=ROOT, check=True)
        self.process = subprocess.Popen(
            [str(ROOT / "target" / "debug" / "examples" / "board_oracle")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.cache = {}

    def ask(self, level, you, seed, board):
        key = (level, you, seed, board)
        if key not in self.cache:
            self.process.stdin.write(f"{level} {you} {seed} {board}\n")
            self.process.stdin.flush()
            answer = json.loads(self.process.stdout.readline())
            if "error" in answer:
                raise AssertionError(f"oracle: {answer['error']} for {key}")
            self.cache[key] = answer
        return self.cache[key]

    def close(self):
        self.process.stdin.close()
        self.process.wait()


# Runs in the page: performs an action on one board and returns what it shows once the computer
# has replied, in one round trip (clicking through the browser's input layer is far slower).
PAGE_HELPERS = """
window.MTT_DELAY_MS = 0;
window.mttSnapshot = function (root) {
  var cells = [], backgrounds = [];
  for (var i = 1; i <= 9; i++) {
    var c = root.querySelector('[data-sq="' + i + '"]');
    cells.push(c.textContent.trim());
    backgrounds.push(getComputedStyle(c).backgroundColor);
  }
  return {cells: cells, backgrounds: backgrounds, state: root.getAttribute("data-state"),
          status: root.querySelector('[data-role="status"]').textContent};
};
window.mttAct = function (root, selector) {
  if (selector) root.querySelector(selector).click();
  return new Promise(function (resolve) {
    (function wait() {
      if (root.getAttribute("data-state") === "thinking") setTimeout(wait, 0);
      else resolve(window.mttSnapshot(root));
    })();
  });
};
"""


class Board:
    """One clickable board on the page."""

    def __init__(self, page, element, oracle):
        self.page = page
        self.element = element
        self.oracle = oracle
        self.level = element.get_attribute("data-level")
        self.you = element.get_attribute("data-you")
        self.seed = element.get_attribute("data-seed")
        self.name = f"{self.level} as {self.you}"
        self.shown = self.act(None)

    def act(self, selector):
        self.shown = self.element.evaluate("(root, selector) => window.mttAct(root, selector)", selector)
        return self.shown

    def state(self):
        return self.shown["state"]

    def status(self):
        return self.shown["status"]

    def label(self, digit):
        return self.shown["cells"][digit - 1]

    def marked(self, digit):
        return self.shown["backgrounds"][digit - 1] == LINE_BACKGROUND

    def text(self):
        """The board as the crate writes it, read from the page."""
        flat = "".join(c if c in ("X", "O") else "." for c in self.shown["cells"])
        return "/".join([flat[0:3], flat[3:6], flat[6:9]])

    def ask(self, board=None):
        return self.oracle.ask(self.level, self.you, self.seed, board or self.text())

    def reset(self):
        self.act('[data-role="reset"]')

    def click(self, digit):
        self.act(f'[data-sq="{digit}"]')

    def toggle_hint(self):
        self.act('[data-role="hint"]')

    def free(self):
        return [i for i, c in enumerate(self.text().replace("/", ""), start=1) if c == "."]


def after_move(text, digit, mark):
    flat = list(text.replace("/", ""))
    flat[digit - 1] = mark
    joined = "".join(flat)
    return "/".join([joined[0:3], joined[3:6], joined[6:9]])


def check_position(board, problems):
    """The page's current position against the crate: status, end, line."""
    answer = board.ask()
    if not answer["in_table"]:
        problems.append(f"{board.name}: {board.text()} is not a position the crate prepared")
    status = board.status()
    if answer["over"]:
        if board.state() != "over":
            problems.append(f"{board.name}: {board.text()} is over but the page says {board.state()}")
        if answer["winner"] is None:
            if "draw" not in status:
                problems.append(f"{board.name}: draw not announced: {status!r}")
        else:
            you_won = answer["winner"] == board.you
            expected = "You win" if you_won else "The computer wins"
            line = "-".join(str(d) for d in answer["line"])
            if expected not in status or line not in status:
                problems.append(f"{board.name}: expected '{expected} with {line}', page says {status!r}")
            for digit in range(1, 10):
                if board.marked(digit) != (digit in answer["line"]):
                    problems.append(f"{board.name}: square {digit} line marking wrong on {board.text()}")
    elif answer["to_move"] == board.you:
        if board.state() != "your-turn":
            problems.append(f"{board.name}: learner to move on {board.text()} but page state {board.state()}")
    else:
        problems.append(f"{board.name}: the page waits on {board.text()} where the computer should move")
    return answer


class Stuck(Exception):
    """The page stopped following the game; later checks would only repeat the failure."""


def play_one_move(board, digit, problems):
    """Clicks `digit` and checks the learner's mark and the computer's reply."""
    before = board.text()
    board.click(digit)
    if board.text() == before:
        problems.append(f"{board.name}: clicking {digit} on {before} changed nothing")
        raise Stuck()
    after_click = after_move(before, digit, board.you)
    expected = board.ask(after_click)
    now = board.text()
    if expected["reply"] is not None:
        reply = expected["reply"]
        computer = "O" if board.you == "X" else "X"
        wanted = after_move(after_click, reply, computer)
        if now != wanted:
            problems.append(f"{board.name}: after {digit} on {before} expected {wanted}, page shows {now}")
        if reply not in expected["allowed"]:
            problems.append(f"{board.name}: reply {reply} on {after_click} is not a move {board.level} may play")
        if board.level == "perfect" and reply not in expected["best"]:
            problems.append(f"{board.name}: perfect reply {reply} on {after_click} is not a best move")
        if f"took square {reply}" not in board.status():
            problems.append(f"{board.name}: reply {reply} not announced: {board.status()!r}")
    elif now != after_click:
        problems.append(f"{board.name}: after {digit} on {before} expected {after_click}, page shows {now}")
    return check_position(board, problems)


def check_hint(board, problems):
    answer = board.ask()
    board.toggle_hint()
    for square, value in answer["values"].items():
        shown = board.label(int(square))
        if shown != value:
            problems.append(f"{board.name}: hint on square {square} shows {shown!r}, the crate says {value!r}")
    board.toggle_hint()


def play_whole_games(board, rng, games, problems, shots, label):
    for game in range(games):
        board.reset()
        start = check_position(board, problems)
        first_reply = board.ask(".../.../...")["reply"]
        expected_start = ".../.../..." if first_reply is None else after_move(".../.../...", first_reply, "X")
        if board.text() != expected_start:
            problems.append(f"{board.name}: after reset the board is {board.text()}, expected {expected_start}")
        if game == 0:
            check_hint(board, problems)
        answer = start
        moves = 0
        while not answer["over"] and moves < 9:
            answer = play_one_move(board, rng.choice(board.free()), problems)
            moves += 1
            if game == 0 and moves == 1 and not answer["over"]:
                board.toggle_hint()
                board.element.screenshot(path=str(shots / f"{label}-hint.png"))
                board.toggle_hint()
        if game == 0:
            board.element.screenshot(path=str(shots / f"{label}-over.png"))


def every_corner_game(board, problems):
    """Every game a learner can play as X against the perfect level after a corner opening."""
    games, losses = 0, 0

    def explore(path):
        nonlocal games, losses
        board.reset()
        answer = None
        for digit in path:
            answer = play_one_move(board, digit, problems)
        if answer is not None and answer["over"] or len(path) >= 9:
            games += 1
            if answer is not None and answer["winner"] == board.you:
                losses += 1
                problems.append(f"{board.name}: the computer lost after {path}")
            return
        for digit in board.free():
            explore(path + [digit])

    for corner in (1, 3, 7, 9):
        explore([corner])
    return games, losses


def pick15_games(page, element, rng, games, problems, name):
    """Plays `games` games of Pick 15 on one clickable game (cards or the magic square) by
    clicking free numbers at random; checks what the page says at every step."""
    def shown(selector=None):
        return element.evaluate("(root, selector) => window.mttAct(root, selector)", selector)

    numbers = {}  # keypad digit -> the number its card or square shows
    for digit in range(1, 10):
        numbers[digit] = int(element.query_selector(f'[data-sq="{digit}"]').text_content().strip()[:1])
    if sorted(numbers.values()) != list(range(1, 10)):
        problems.append(f"{name}: the numbers shown are {numbers}, not 1 to 9 once each")
        return
    cards = name == "the number cards"
    for game in range(games):
        snap = shown('[data-role="reset"]')
        for _ in range(10):
            if snap["state"] != "your-turn":
                break
            status = snap["status"]
            if not re.search(r"(click a number|click a free number)\.$", status):
                problems.append(f"{name}: your turn, but the page says {status!r}")
            free = [d for d in range(1, 10) if snap["cells"][d - 1].strip() == str(numbers[d])]
            if not free:
                problems.append(f"{name}: your turn with no free number ({snap['cells']})")
                break
            digit = rng.choice(free)
            snap = shown(f'[data-sq="{digit}"]')
            taken = snap["cells"][digit - 1]
            if cards and "yours" not in taken:
                problems.append(f"{name}: the card {numbers[digit]} you took shows {taken!r}")
            took = re.search(r"The computer took (\d)\.", snap["status"])
            if snap["state"] == "your-turn" and not took:
                problems.append(f"{name}: the computer's reply is not said as a number: {snap['status']!r}")
        status = snap["status"]
        won = re.search(r"(You|The computer) wins? with (\d), (\d) and (\d): 15\.", status)
        if won:
            if sum(int(n) for n in won.groups()[1:]) != 15:
                problems.append(f"{name}: a win with numbers that do not add up to 15: {status!r}")
            if won.group(1) == "You":
                problems.append(f"{name}: the perfect computer lost: {status!r}")
        elif "A draw." not in status:
            problems.append(f"{name}: game {game} ended with {status!r}")
        if cards and re.search(r"\b[XO]\b", element.text_content()):
            problems.append(f"{name}: the cards show X or O")


def stripped_page(html_path, out_path):
    text = html_path.read_text(encoding="utf-8")
    # What JupyterLab does to a saved notebook's output: no scripts run.
    text = re.sub(r"<script>\(function\(\)\{\s*var root=document\.getElementById.*?</script>", "", text, flags=re.S)
    out_path.write_text(text, encoding="utf-8")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    html = pathlib.Path(sys.argv[1]).resolve()
    shots = pathlib.Path(sys.argv[2]).resolve()
    shots.mkdir(parents=True, exist_ok=True)
    oracle = Oracle()
    passed, failed = 0, 0

    def report(name, problems):
        nonlocal passed, failed
        if problems:
            failed += 1
            print(f"FAIL {name}")
            for problem in problems[:20]:
                print(f"     {problem}")
        else:
            passed += 1
            print(f"ok   {name}")
        sys.stdout.flush()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 1000})
        page.add_init_script(PAGE_HELPERS)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(html.as_uri())
        elements = page.query_selector_all(".mtt-game")
        problems = [] if not errors else [f"page errors: {errors}"]
        report(f"the page has {len(elements)} live boards", problems)
        page.screenshot(path=str(shots / "page.png"), full_page=True)

        boards = [Board(page, element, oracle) for element in elements]
        rng = random.Random(15)
        levels_seen = set()
        for index, board in enumerate(boards):
            problems = []
            levels_seen.add((board.level, board.you))
            if board.state() not in ("your-turn",):
                problems.append(f"{board.name}: not live, state {board.state()}")
            else:
                try:
                    play_whole_games(board, rng, 6, problems, shots, f"{index}-{board.level}-{board.you}")
                except Stuck:
                    pass
            report(f"whole games by clicking: {board.name}", problems)

        wanted = {(level, side) for level in ("random", "rules", "easy", "medium", "hard", "perfect") for side in "XO"}
        missing = sorted(wanted - levels_seen)
        report("the page offers every level as X and as O", [f"missing: {missing}"] if missing else [])

        perfect_x = next((b for b in boards if b.level == "perfect" and b.you == "X"), None)
        problems = []
        if perfect_x is None:
            problems.append("no perfect board for X on the page")
        else:
            try:
                games, losses = every_corner_game(perfect_x, problems)
                print(f"     {games} complete games after a corner opening, {losses} lost by the computer")
                if games < 100:
                    problems.append(f"only {games} games explored")
            except Stuck:
                pass
        report("every corner-opening game against perfect", problems)
        report("no script errors on the page", [f"page error: {e}" for e in errors])

        stripped = shots / "stripped.html"
        stripped_page(html, stripped)
        page2 = browser.new_page(viewport={"width": 1100, "height": 1000})
        page2.goto(stripped.as_uri())
        problems = []
        for element in page2.query_selector_all(".mtt-game"):
            note = element.query_selector('[data-role="static-note"]')
            if note is None or not note.is_visible() or "run the cell" not in note.text_content():
                problems.append("a static board lacks the line saying how to make it live")
            if element.query_selector('[data-sq="5"]') is None:
                problems.append("a static board lacks its squares")
            if element.query_selector('[data-role="controls"]').is_visible():
                problems.append("dead buttons are visible without the script")
        page2.screenshot(path=str(shots / "stripped.png"), full_page=True)
        report("boards without scripts show a static board and how to bring it to life", problems)

        pick15 = html.parent / "03-pick-15.html"
        if pick15.exists():
            page3 = browser.new_page(viewport={"width": 1100, "height": 1000})
            page3.add_init_script(PAGE_HELPERS)
            errors3 = []
            page3.on("pageerror", lambda error: errors3.append(str(error)))
            page3.goto(pick15.as_uri())
            games = page3.query_selector_all(".mtt-game")
            problems = [] if len(games) == 2 else [f"notebook 03 has {len(games)} clickable games, not 2"]
            for index, (element, name) in enumerate(zip(games, ["the number cards", "the magic square"])):
                pick15_games(page3, element, random.Random(index), 8, problems, name)
                element.screenshot(path=str(shots / f"pick15-{index}.png"))
            problems += [f"page error: {e}" for e in errors3]
            report("Pick 15 by clicking: the number cards, then the magic square", problems)
        browser.close()
    oracle.close()
    print(f"browser: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
