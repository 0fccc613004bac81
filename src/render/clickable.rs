//! A board to play by clicking, in a notebook or in exported HTML.
//!
//! The Rust kernel has no widgets and no way for a click to call back into Rust. So the crate
//! works out, ahead of time, everything the chosen game can need: the computer's reply in every
//! position it can face, the value of every free square for the hint, and how every finished
//! game ended. It embeds that table in the output with a small script (`clickable.js`) that
//! only looks things up. Where scripts do not run (a saved notebook reopened, a viewer that
//! strips them), the same output shows the starting board and says how to bring it to life.
//!
//! ```
//! use magic_tictactoe::{clickable::ClickableGame, Level, Player};
//!
//! let game = ClickableGame::new(Level::Perfect).playing_as(Player::O);
//! let html = game.to_html();
//! assert!(html.len() <= 64 * 1024);
//! assert!(html.as_str().contains("run the cell"));
//! ```

use std::collections::BTreeMap;
use std::fmt::Write;

use super::html::{Border, Px, button, div, table, td, tr};
use super::palette::{
    self, BAD, BUTTON, BUTTON_EDGE, CELL, DARK_INK, DIGIT, EVEN, GOOD, INK, MARKED, PAPER,
};
use super::parts::{caption, card, title};
use super::picture::notebook_pictures;
use super::{Html, Picture, Scale};
use crate::engine::{Bot, Fault, Level, Opponent, Turn, Value};
use crate::rules::{Board, Ending, Player, Square, TicTacToe};

/// The script, with its placeholders `__ID__`, `__TABLE__` and `__LOOK__`.
const SCRIPT: &str = include_str!("clickable.js");

/// The script without its comment lines, for the page.
fn script_source() -> String {
    SCRIPT
        .lines()
        .filter(|line| !line.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A game against the computer that a learner plays by clicking on the board.
///
/// The computer may be one of the crate's levels or a learner's own player: the crate asks it
/// for its move in every position the game can reach, so classmates can play against it in
/// the exported HTML, where no Rust runs.
#[derive(Debug, Clone)]
pub struct ClickableGame {
    opponent: Opponent,
    you: Player,
    face: Face,
}

/// What a learner clicks on. The game underneath is always tic-tac-toe; Pick 15 is the same
/// game through the magic square, its numbers the squares' magic numbers.
///
/// ```
/// use magic_tictactoe::clickable::{ClickableGame, Face};
/// use magic_tictactoe::Level;
///
/// // Pick 15 played blind: nine number cards, no board in sight.
/// let cards = ClickableGame::new(Level::Perfect).face(Face::NumberCards);
/// assert!(cards.to_html().as_str().contains("Pick 15"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Face {
    /// The board, its free squares numbered as on a keypad (the default).
    #[default]
    Board,
    /// Pick 15: the numbers 1 to 9 as cards in a row, taken by clicking; no board in sight.
    NumberCards,
    /// Pick 15 revealed: the same numbers where they sit on the magic square, taken with X and
    /// O.
    MagicSquare,
}

/// What the embedded table says about one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// The computer is to move and plays this square.
    Reply(Square),
    /// The computer is to move and forfeits: its code went wrong.
    Forfeit(Fault),
    /// The learner is to move; the value of each free square for the learner (for the hint).
    Hint([Option<Value>; 9]),
    /// The game is over.
    Over(Ending),
}

impl ClickableGame {
    /// A game against the computer, the learner playing X (and moving first). The computer is
    /// a [`Level`], an [`Opponent`], or a learner's own player (a function from a board to a
    /// square).
    pub fn new(opponent: impl Into<Opponent>) -> ClickableGame {
        ClickableGame {
            opponent: opponent.into(),
            you: Player::X,
            face: Face::Board,
        }
    }

    /// The same game on another face: Pick 15's number cards, or its magic square.
    #[must_use]
    pub fn face(mut self, face: Face) -> ClickableGame {
        self.face = face;
        self
    }

    /// The same game with the learner playing `you`; as O, the computer opens.
    #[must_use]
    pub fn playing_as(mut self, you: Player) -> ClickableGame {
        self.you = you;
        self
    }

    /// The same game with the computer's choices drawn from `seed`.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> ClickableGame {
        self.opponent = self.opponent.with_seed(seed);
        self
    }

    /// The learner's side.
    pub fn you(&self) -> Player {
        self.you
    }

    /// The computer's level, or `None` for a learner's own player.
    pub fn level(&self) -> Option<Level> {
        self.opponent.level()
    }

    /// The computer player.
    pub fn opponent(&self) -> &Opponent {
        &self.opponent
    }

    /// Who the learner plays against, for a heading: "the perfect computer", "my_player".
    fn against(&self) -> String {
        match self.opponent.level() {
            Some(level) => format!("the {level} computer"),
            None => self.opponent.name().to_owned(),
        }
    }

    /// Every position this game can reach, keyed by [`Board::code`], with what the page needs
    /// to know there. The computer's choices are made here, once, by the game's opponent
    /// started from its seed.
    pub fn table(&self) -> BTreeMap<u16, Entry> {
        let mut table = BTreeMap::new();
        let mut computer = self.opponent.clone();
        computer.reset();
        self.fill(Board::new(), &mut computer, &mut table);
        table
    }

    fn fill(&self, board: Board, computer: &mut Opponent, table: &mut BTreeMap<u16, Entry>) {
        if table.contains_key(&board.code()) {
            return;
        }
        if let Some(outcome) = board.outcome() {
            table.insert(board.code(), Entry::Over(outcome));
            return;
        }
        if board.turn() == self.you {
            let mut values = [None; 9];
            for &(square, value) in board.analysis().iter() {
                values[square.index()] = Some(value);
            }
            table.insert(board.code(), Entry::Hint(values));
            for (_, child) in board.children() {
                self.fill(child, computer, table);
            }
        } else {
            match computer.turn(&TicTacToe::default(), &board) {
                Some(Turn::Plays(choice)) => {
                    table.insert(board.code(), Entry::Reply(choice.square));
                    if let Ok(child) = board.try_play(choice.square) {
                        self.fill(child, computer, table);
                    }
                }
                Some(Turn::Forfeits(fault)) => {
                    table.insert(board.code(), Entry::Forfeit(fault));
                }
                None => {}
            }
        }
    }

    /// The faults in the table, each once, in the order they are first met: the page shows
    /// fault `n` for an entry `fn`.
    fn faults(table: &BTreeMap<u16, Entry>) -> Vec<String> {
        let mut faults: Vec<String> = Vec::new();
        for entry in table.values() {
            if let Entry::Forfeit(fault) = entry {
                let text = fault.to_string();
                if !faults.contains(&text) {
                    faults.push(text);
                }
            }
        }
        faults
    }

    /// The table as a JavaScript object literal: base-36 board code to a short string.
    fn table_js(table: &BTreeMap<u16, Entry>, faults: &[String]) -> String {
        let mut js = String::from("{");
        for (i, (code, entry)) in table.iter().enumerate() {
            if i > 0 {
                js.push(',');
            }
            let value = match entry {
                Entry::Reply(square) => format!("m{square}"),
                Entry::Forfeit(fault) => {
                    let text = fault.to_string();
                    let n = faults.iter().position(|f| *f == text).unwrap_or(0);
                    format!("f{n}")
                }
                Entry::Hint(values) => {
                    let mut text = String::from("h");
                    for value in *values {
                        match value {
                            Some(v) => {
                                let letter = match v {
                                    Value::Win(_) => 'w',
                                    Value::Draw(_) => 'd',
                                    Value::Loss(_) => 'l',
                                };
                                let _ = write!(text, "{letter}{}", v.plies().min(9));
                            }
                            None => text.push_str(".."),
                        }
                    }
                    text
                }
                Entry::Over(ending) => {
                    let board = Board::from_code(*code).unwrap_or_default();
                    match (ending, board.winning_line()) {
                        (Ending::Won(winner), Some(line)) => {
                            let [a, b, c] = line.squares();
                            format!("{}{a}{b}{c}", winner.mark().to_ascii_lowercase())
                        }
                        _ => "d".to_owned(),
                    }
                }
            };
            let _ = write!(js, "\"{}\":\"{value}\"", to_base36(*code));
        }
        js.push('}');
        js
    }

    /// The palette and sizes the script draws with, as a JavaScript object literal.
    fn look_js(&self, scale: Scale, cell: u32, faults: &[String]) -> String {
        let pair = |(background, ink): (palette::Colour, palette::Colour), word: &str| {
            format!("[\"{}\",\"{}\",\"{word}\"]", background.hex(), ink.hex())
        };
        // What an empty square shows, and whether the game speaks of numbers (Pick 15) or of
        // squares, and draws a taken number as a card.
        let labels: Vec<String> = Square::ALL
            .iter()
            .map(|square| match self.face {
                Face::Board => format!("\"{}\"", square.digit()),
                Face::NumberCards | Face::MagicSquare => format!("\"{}\"", square.magic_number()),
            })
            .collect();
        format!(
            "{{labels:[{}],numbers:{},cards:{},you:{},them:{},faults:[{}],cell:\"{}\",line:\"{}\",digit:\"{}\",marks:[\"\",\"{}\",\"{}\"],hint:{{w:{},d:{},l:{}}},markPx:{},hintPx:{},digitPx:{}}}",
            labels.join(","),
            self.face != Face::Board,
            self.face == Face::NumberCards,
            match self.you {
                Player::X => 1,
                Player::O => 2,
            },
            js_string(&self.against()),
            faults
                .iter()
                .map(|fault| js_string(fault))
                .collect::<Vec<_>>()
                .join(","),
            CELL.hex(),
            MARKED.hex(),
            DIGIT.hex(),
            palette::mark(Player::X).hex(),
            palette::mark(Player::O).hex(),
            pair(GOOD, "win"),
            pair(EVEN, "draw"),
            pair(BAD, "loss"),
            scale.px(cell * 55 / 100).0,
            scale.px(cell / 4).0,
            scale.px(cell * 3 / 10).0,
        )
    }

    /// The starting position: empty, or with the computer's opening when it plays X.
    fn start(table: &BTreeMap<u16, Entry>) -> Board {
        match table.get(&Board::new().code()) {
            // The computer's opening is a free square of the empty board.
            Some(Entry::Reply(square)) => Board::new().play_unchecked(*square),
            _ => Board::new(),
        }
    }
}

impl Picture for ClickableGame {
    /// The board, its controls and the script, as one HTML output.
    fn draw(&self, scale: Scale) -> Html {
        const CELL_PX: u32 = 60;
        let id = format!("mtt-{:016x}", fastrand::u64(..));
        let table = self.table();
        let faults = ClickableGame::faults(&table);
        let against = self.against();
        let start = ClickableGame::start(&table);
        let board = match self.face {
            Face::Board => start.view().tagged().size(CELL_PX).table_html(scale),
            Face::MagicSquare => start
                .view()
                .magic_numbers()
                .digits(false)
                .tagged()
                .size(CELL_PX)
                .table_html(scale),
            Face::NumberCards => number_cards(start, scale, CELL_PX),
        };
        let control = |role: &'static str, label: &str| {
            button()
                .attr("data-role", role)
                .css("padding", (scale.px(4), scale.px(12)))
                .css("margin-right", scale.px(8))
                .css("border", Border(Px(1), "solid", BUTTON_EDGE))
                .css("border-radius", scale.px(4))
                .css("background", BUTTON)
                .css("color", DARK_INK)
                .css("font-size", scale.px(14))
                .css("cursor", "pointer")
                .text(label)
        };
        let heading = match self.face {
            Face::Board => format!("You play {} against {against}", self.you),
            Face::NumberCards | Face::MagicSquare => format!(
                "Pick 15 against {against}: {}",
                if self.you == Player::X {
                    "you pick first"
                } else {
                    "the computer picks first"
                }
            ),
        };
        let mut inner = title(scale, &heading);
        inner.push(board);
        inner.push(
            div()
                .attr("data-role", "status")
                .css("margin-top", scale.px(6))
                .css("color", INK)
                .css("background", PAPER)
                .css("font-size", scale.px(15))
                .css("min-height", scale.px(22)),
        );
        inner.push(
            div()
                .attr("data-role", "controls")
                .css("display", "none")
                .css("margin-top", scale.px(6))
                .child(control("reset", "New game"))
                .child(control("hint", "Show hint")),
        );
        inner.push(
            div().attr("data-role", "static-note").child(caption(
                scale,
                "This board comes alive when its cell runs: run the cell to play. (A saved notebook opened again shows only this picture.)",
            )),
        );
        let script = script_source()
            .replace("__ID__", &id)
            .replace("__TABLE__", &ClickableGame::table_js(&table, &faults))
            .replace("__LOOK__", &self.look_js(scale, CELL_PX, &faults));
        let mut game = div()
            .attr("id", &id)
            .attr("class", "mtt-game")
            .attr("data-against", &against);
        // The crate's levels can be played again from their name and seed (the browser test
        // does); a learner's player only from the table.
        if let Some(level) = self.opponent.level() {
            game = game.attr("data-level", &level.name());
        }
        let mut html: Html = game
            .attr("data-you", &self.you.to_string())
            .attr("data-seed", &self.opponent.seed().to_string())
            .attr("data-state", "static")
            .child(card(scale, inner))
            .into();
        html.push(Html::script(&script));
        html
    }

    /// The starting board as text, and how to play.
    fn text(&self) -> String {
        format!(
            "{:#}\nYou play {} against {}: click a square in a notebook that runs scripts.",
            ClickableGame::start(&self.table()),
            self.you,
            self.against()
        )
    }
}

notebook_pictures!(ClickableGame);

/// Pick 15's nine numbers as cards in a row, in the order 1 to 9, each the square whose magic
/// number it is (its `data-sq` the square's keypad digit, as the script finds squares). Taken
/// numbers show who holds them.
fn number_cards(board: Board, scale: Scale, cell_px: u32) -> Html {
    let px = scale.px(cell_px);
    let mut squares = Square::ALL;
    squares.sort_by_key(|square| square.magic_number());
    let cards = squares.into_iter().map(|square| {
        let holder = board.get(square);
        let colour = holder.map_or(DIGIT, palette::mark);
        td().css("width", px)
            .css("height", px)
            .css("min-width", px)
            .css("border", Border(Px(2), "solid", palette::GRID))
            .css("border-radius", scale.px(6))
            .css("padding", "0")
            .css("text-align", "center")
            .css("vertical-align", "middle")
            .css("background", CELL)
            .css("color", colour)
            .css("line-height", "1.05")
            .attr("data-sq", &square.digit().to_string())
            .attr("title", &format!("the number {}", square.magic_number()))
            .child(
                div()
                    .css("font-size", scale.px(cell_px * 2 / 5))
                    .css("font-weight", if holder.is_some() { "800" } else { "400" })
                    .css("color", colour)
                    .text(&square.magic_number().to_string()),
            )
    });
    table()
        .css("border-collapse", "separate")
        .css("border-spacing", scale.px(6))
        .css("margin", "0")
        .child(tr().children(cards))
        .into()
}

/// `text` as a JavaScript string literal that is safe inside a `<script>` element: quotes,
/// backslashes and control characters escaped, and `<`, `>` and `&` written as `\u` escapes so
/// that no tag can close the script.
fn js_string(text: &str) -> String {
    let mut js = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => js.push_str("\\\""),
            '\\' => js.push_str("\\\\"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(js, "\\u{:04x}", u32::from(c));
            }
            c if c.is_control() => {
                let _ = write!(js, "\\u{:04x}", u32::from(c));
            }
            c => js.push(c),
        }
    }
    js.push('"');
    js
}

fn to_base36(mut n: u16) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(char::from(DIGITS[usize::from(n % 36)]));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.into_iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base36() {
        assert_eq!(to_base36(0), "0");
        assert_eq!(to_base36(35), "z");
        assert_eq!(to_base36(36), "10");
        assert_eq!(u16::from_str_radix(&to_base36(19_560), 36), Ok(19_560));
    }

    #[test]
    fn the_table_covers_every_position_the_game_can_reach() {
        for level in Level::ALL {
            for you in Player::ALL {
                let game = ClickableGame::new(level).playing_as(you);
                let table = game.table();
                for (&code, entry) in &table {
                    let board = Board::from_code(code).unwrap();
                    match entry {
                        Entry::Reply(square) => {
                            assert_eq!(board.to_move(), Some(!you));
                            let child = board.try_play(*square).unwrap();
                            assert!(
                                table.contains_key(&child.code()),
                                "reply leads outside the table"
                            );
                        }
                        Entry::Hint(values) => {
                            assert_eq!(board.to_move(), Some(you));
                            for (square, child) in board.children() {
                                assert!(table.contains_key(&child.code()));
                                assert_eq!(
                                    values[square.index()],
                                    board.analysis().value_of(square)
                                );
                            }
                        }
                        Entry::Over(outcome) => assert_eq!(board.outcome(), Some(*outcome)),
                        Entry::Forfeit(fault) => panic!("{level} forfeited: {fault}"),
                    }
                }
                let html = game.to_html().into_string();
                assert!(
                    html.len() <= 64 * 1024,
                    "{level} as {you}: {} bytes",
                    html.len()
                );
                let before_script = &html[..html.find("<script>").unwrap()];
                assert!(!before_script.contains("<style"));
                assert_eq!(html.matches("<script>").count(), 1);
            }
        }
    }

    #[test]
    fn pick_15_cards_are_the_squares_in_the_order_of_their_numbers() {
        for you in Player::ALL {
            let board = ClickableGame::new(Level::Perfect).playing_as(you);
            let cards = board.clone().face(Face::NumberCards);
            let square = board.clone().face(Face::MagicSquare);
            // The same game underneath, whatever it looks like.
            assert_eq!(cards.table(), board.table());
            assert_eq!(square.table(), board.table());
            let html = cards.to_html().into_string();
            let static_part = &html[..html.find("<script>").unwrap()];
            let tagged: Vec<&str> = static_part
                .split("data-sq=\"")
                .skip(1)
                .map(|rest| &rest[..1])
                .collect();
            // The cards 1 to 9 are the squares whose magic numbers they are: 4, 9, 2, 3, 5, 7, 8, 1, 6.
            assert_eq!(tagged, ["4", "9", "2", "3", "5", "7", "8", "1", "6"]);
            assert!(
                !static_part.contains(">X<") && !static_part.contains(">O<"),
                "no marks on cards"
            );
            assert!(
                html.contains("labels:[\"8\",\"3\",\"4\",\"1\",\"5\",\"9\",\"6\",\"7\",\"2\"]")
            );
            assert!(html.contains("Pick 15 against the perfect computer"));
            assert!(html.len() <= 64 * 1024);
        }
    }

    #[test]
    fn the_perfect_computer_never_loses_in_its_table() {
        for you in Player::ALL {
            let table = ClickableGame::new(Level::Perfect).playing_as(you).table();
            for (&code, entry) in &table {
                if let Entry::Over(outcome) = entry {
                    assert_ne!(
                        outcome.winner(),
                        Some(you),
                        "{}",
                        Board::from_code(code).unwrap()
                    );
                }
            }
        }
    }
}
