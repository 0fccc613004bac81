//! A board to play by clicking, in a notebook or in exported HTML.
//!
//! The Rust kernel has no widgets and no way for a click to call back into Rust. So the crate
//! works out, ahead of time, everything the chosen game can need: the computer's reply in every
//! position it can face, the value of every free square for the hint, and how every finished
//! game ended. It embeds that table in the output with a small script that only looks things
//! up. Where scripts do not run (a saved notebook reopened, a viewer that strips them), the same
//! output shows the starting board and says how to bring it to life.
//!
//! ```
//! use magic_tictactoe::{clickable::ClickableGame, Level, Player};
//!
//! let game = ClickableGame::new(Level::Perfect).playing_as(Player::O);
//! let html = game.to_html();
//! assert!(html.len() <= 64 * 1024);
//! assert!(html.contains("run the cell"));
//! ```

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::html::{INK, PAPER, caption, card, emit, escape};
use crate::{Board, DEFAULT_SEED, Level, Opponent, Player, Square, Value};

/// A game against the computer that a learner plays by clicking on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClickableGame {
    level: Level,
    you: Player,
    seed: u64,
}

/// What the embedded table says about one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// The computer is to move and plays this square.
    Reply(Square),
    /// The learner is to move; the value of each free square for the learner (for the hint).
    Hint([Option<Value>; 9]),
    /// The game is over: won along a line, or drawn.
    Over(Option<(Player, crate::Line)>),
}

impl ClickableGame {
    /// A game against the computer at `level`, the learner playing X (and moving first).
    pub fn new(level: Level) -> ClickableGame {
        ClickableGame {
            level,
            you: Player::X,
            seed: DEFAULT_SEED,
        }
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
        self.seed = seed;
        self
    }

    /// The learner's side.
    pub fn you(&self) -> Player {
        self.you
    }

    /// The computer's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Every position this game can reach, keyed by [`Board::code`], with what the page needs
    /// to know there. The computer's choices are made here, once, by an [`Opponent`] of the
    /// game's level and seed.
    pub fn table(&self) -> BTreeMap<u16, Entry> {
        let mut table = BTreeMap::new();
        let mut computer = Opponent::new(self.level, self.seed);
        self.fill(Board::new(), &mut computer, &mut table);
        table
    }

    fn fill(&self, board: Board, computer: &mut Opponent, table: &mut BTreeMap<u16, Entry>) {
        if table.contains_key(&board.code()) {
            return;
        }
        let Some(mover) = board.to_move() else {
            let outcome = board.outcome();
            table.insert(
                board.code(),
                Entry::Over(outcome.winner().zip(outcome.line())),
            );
            return;
        };
        if mover == self.you {
            let mut values = [None; 9];
            for m in board.analysis().moves() {
                values[m.square.index()] = Some(m.value);
            }
            table.insert(board.code(), Entry::Hint(values));
            for (_, child) in board.children() {
                self.fill(child, computer, table);
            }
        } else if let Some(square) = computer.choose_move(board)
            && let Ok(child) = board.try_play(square)
        {
            table.insert(board.code(), Entry::Reply(square));
            self.fill(child, computer, table);
        }
    }

    /// The table as a JavaScript object literal: base-36 board code to a short string.
    fn table_js(&self) -> String {
        let mut js = String::from("{");
        for (i, (code, entry)) in self.table().into_iter().enumerate() {
            if i > 0 {
                js.push(',');
            }
            let value = match entry {
                Entry::Reply(square) => format!("m{square}"),
                Entry::Hint(values) => {
                    let mut text = String::from("h");
                    for value in values {
                        match value {
                            Some(v) => {
                                let letter = match v.result() {
                                    crate::GameResult::Win => 'w',
                                    crate::GameResult::Draw => 'd',
                                    crate::GameResult::Loss => 'l',
                                };
                                let _ = write!(text, "{letter}{}", v.plies().min(9));
                            }
                            None => text.push_str(".."),
                        }
                    }
                    text
                }
                Entry::Over(Some((winner, line))) => {
                    let [a, b, c] = line.squares();
                    format!("{}{a}{b}{c}", winner.mark().to_ascii_lowercase())
                }
                Entry::Over(None) => "d".to_owned(),
            };
            let _ = write!(js, "\"{}\":\"{value}\"", to_base36(code));
        }
        js.push('}');
        js
    }

    /// The starting position: empty, or with the computer's opening when it plays X.
    fn start(&self) -> Board {
        let table = self.table();
        match table.get(&Board::new().code()) {
            Some(Entry::Reply(square)) => Board::new().try_play(*square).unwrap_or_default(),
            _ => Board::new(),
        }
    }

    /// The board, its controls and the script, as one HTML output.
    pub fn to_html(&self) -> String {
        let id = format!("mtt-{:016x}", fastrand::u64(..));
        let start = self.start();
        let board = start.view().tagged().size(60).table_html();
        let level = self.level.name();
        let button = format!(
            "padding:4px 12px;margin-right:8px;border:1px solid #8a7f6c;border-radius:4px;background:#efe6d2;color:{INK};font-size:13px;cursor:pointer"
        );
        let mut inner = format!(
            "<div style=\"font-weight:700;margin-bottom:6px\">You play {} against the {} computer</div>",
            self.you,
            escape(&level)
        );
        inner.push_str(&board);
        let _ = write!(
            inner,
            "<div data-role=\"status\" style=\"margin-top:6px;color:{INK};background:{PAPER};font-size:14px;min-height:20px\"></div>\
             <div data-role=\"controls\" style=\"display:none;margin-top:6px\">\
             <button data-role=\"reset\" style=\"{button}\">New game</button>\
             <button data-role=\"hint\" style=\"{button}\">Show hint</button></div>"
        );
        inner.push_str(&caption(
            "This board comes alive when its cell runs: run the cell to play. (A saved notebook opened again shows only this picture.)",
        ).replacen("<div ", "<div data-role=\"static-note\" ", 1));
        let you = match self.you {
            Player::X => 1,
            Player::O => 2,
        };
        let script = SCRIPT
            .replace("__ID__", &id)
            .replace("__YOU__", &you.to_string())
            .replace("__TABLE__", &self.table_js());
        format!(
            "<div id=\"{id}\" class=\"mtt-game\" data-level=\"{}\" data-you=\"{}\" data-seed=\"{}\" data-state=\"static\">{}</div><script>{script}</script>",
            escape(&level),
            self.you,
            self.seed,
            card(&inner)
        )
    }

    /// The starting board as text, and how to play.
    pub fn to_text(&self) -> String {
        format!(
            "{:#}\nYou play {} against the {} computer: click a square in a notebook that runs scripts.",
            self.start(),
            self.you,
            self.level
        )
    }

    /// Shows the clickable board in a notebook cell.
    pub fn evcxr_display(&self) {
        emit(&self.to_text(), &self.to_html());
    }
}

fn to_base36(mut n: u16) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    if n == 0 {
        return "0".to_owned();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(DIGITS[usize::from(n % 36)]);
        n /= 36;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The page's side of the game: it applies clicks, looks up the computer's reply and the
/// result in the table the crate made, and redraws. It decides nothing itself.
const SCRIPT: &str = r##"(function(){
var root=document.getElementById("__ID__");if(!root||root.getAttribute("data-live"))return;
root.setAttribute("data-live","1");
var T=__TABLE__,YOU=__YOU__,P=[1,3,9,27,81,243,729,2187,6561];
var MARK=["","X","O"],INK=["","#c62828","#1e4fa3"];
var HINT={w:["#b9e4bb","#0f4d13","win"],d:["#fff0b3","#5c4700","draw"],l:["#f7c1c1","#7a1010","loss"]};
var cells=[],i;for(i=1;i<=9;i++){cells.push(root.querySelector('[data-sq="'+i+'"]'));}
var status=root.querySelector('[data-role="status"]');
var note=root.querySelector('[data-role="static-note"]');if(note)note.style.display="none";
root.querySelector('[data-role="controls"]').style.display="block";
var hintButton=root.querySelector('[data-role="hint"]');
var marks,code,busy,hint=false,said="";
function delay(){return (typeof window.MTT_DELAY_MS==="number")?window.MTT_DELAY_MS:350;}
function entry(){return T[code.toString(36)]||"";}
function turn(){var x=0,o=0;for(var k=0;k<9;k++){if(marks[k]==1)x++;if(marks[k]==2)o++;}return x==o?1:2;}
function put(k){marks[k]=turn();code+=P[k]*marks[k];}
function draw(){
 var e=entry(),line=(e[0]=="x"||e[0]=="o")?e.slice(1):"";
 for(var k=0;k<9;k++){var c=cells[k],m=marks[k],bg="#fffdf8",html;
  if(m){html='<div style="font-size:33px;font-weight:800;color:'+INK[m]+'">'+MARK[m]+'</div>';}
  else if(hint&&e[0]=="h"&&e[1+2*k]!="."){var h=HINT[e[1+2*k]];bg=h[0];html='<div style="font-size:15px;font-weight:700;color:'+h[1]+'">'+h[2]+' '+e[2+2*k]+'</div>';}
  else{html='<div style="font-size:18px;color:#a39b8f">'+(k+1)+'</div>';}
  if(line.indexOf(String(k+1))>=0)bg="#ffe07a";
  c.style.background=bg;c.style.cursor=(!m&&e[0]=="h"&&!busy)?"pointer":"default";c.innerHTML=html;}
 var state=busy?"thinking":(e[0]=="h"?"your-turn":"over");root.setAttribute("data-state",state);
 var text=said;
 if(e[0]=="x"||e[0]=="o"){var w=e[0]=="x"?1:2;text+=(w==YOU?"You win":"The computer wins")+" with "+e.slice(1).split("").join("-")+".";}
 else if(e[0]=="d"){text+="A draw.";}
 else if(e[0]=="h"){text+="Your move ("+MARK[YOU]+"): click a free square.";}
 else if(busy){text+="The computer is thinking...";}
 status.textContent=text;root.setAttribute("data-code",String(code));}
function advance(){var e=entry();
 if(e[0]=="m"){busy=true;draw();setTimeout(function(){put(+e[1]-1);said="The computer took square "+e[1]+". ";busy=false;draw();},delay());}
 else{draw();}}
function click(k){if(busy||marks[k]||entry()[0]!="h")return;said="";put(k);advance();}
function reset(){marks=[0,0,0,0,0,0,0,0,0];code=0;busy=false;said="";advance();}
cells.forEach(function(c,k){c.addEventListener("click",function(){click(k);});});
root.querySelector('[data-role="reset"]').addEventListener("click",reset);
hintButton.addEventListener("click",function(){hint=!hint;hintButton.textContent=hint?"Hide hint":"Show hint";draw();});
reset();})();"##;

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
        for (_, level) in Level::NAMED {
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
                        Entry::Over(result) => {
                            assert!(board.is_over());
                            assert_eq!(
                                *result,
                                board.outcome().winner().zip(board.outcome().line())
                            );
                        }
                    }
                }
                let html = game.to_html();
                assert!(
                    html.len() <= 64 * 1024,
                    "{level} as {you}: {} bytes",
                    html.len()
                );
                assert!(!html[..html.find("<script>").unwrap()].contains("<style"));
            }
        }
    }

    #[test]
    fn the_perfect_computer_never_loses_in_its_table() {
        for you in Player::ALL {
            let table = ClickableGame::new(Level::Perfect).playing_as(you).table();
            for (&code, entry) in &table {
                if let Entry::Over(Some((winner, _))) = entry {
                    assert_ne!(*winner, you, "{}", Board::from_code(code).unwrap());
                }
            }
        }
    }
}
