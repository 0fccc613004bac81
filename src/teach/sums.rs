//! The magic square at work on a board: the sums of the pairs each player holds, and the
//! triples of numbers that add up to 15.

use std::fmt;

use itertools::Itertools;

use crate::render::palette::{self, DARK_INK, HEADING, INK, MARKED, PAPER};
use crate::render::parts::{caption, card, chip, side_by_side};
use crate::render::{Html, Picture, Scale, div, notebook_pictures};
use crate::rules::magic::{self, MAGIC_SUM, completing_number};
use crate::rules::{Board, Player, Square, SquareSet};

/// One pair of squares a player holds, and what the "15 - (a + b)" test says about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub struct Pair {
    /// Whose squares.
    pub player: Player,
    /// The two squares, in keypad order.
    pub squares: [Square; 2],
    /// The magic number that would complete a line: `15 - (a + b)`, if it is from 1 to 9 and
    /// different from both.
    pub needed: Option<u8>,
    /// The square that carries `needed`.
    pub completes_at: Option<Square>,
}

impl Pair {
    /// Whether the pair's third square is free on `board`: a line one move away.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn is_threat(&self, board: Board) -> bool {
        self.completes_at
            .is_some_and(|square| board.get(square).is_none())
    }

    /// The pair in a sentence that says which numbers are magic numbers and which are squares:
    /// `X holds 8 and 3 (squares 1 and 2): 8 + 3 = 11, so X needs 4, on square 3, which is free:
    /// a line is one move away`.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn sentence(&self, board: Board) -> String {
        let [a, b] = self.squares.map(Square::magic_number);
        let [p, q] = self.squares;
        let player = self.player;
        let sum = u16::from(a) + u16::from(b);
        let start = format!("{player} holds {a} and {b} (squares {p} and {q}): {a} + {b} = {sum}");
        let (Some(n), Some(square)) = (self.needed, self.completes_at) else {
            // Three reasons, each said as it is: the pair is 15 already, or the number it lacks
            // is no square's (10 and more), or it is one of the pair's own.
            if sum >= u16::from(MAGIC_SUM) {
                return format!("{start}, already 15 or more, so no third number completes them");
            }
            let rest = u16::from(MAGIC_SUM) - sum;
            return if rest > 9 {
                format!(
                    "{start}, and 15 - {sum} = {rest}, more than any square's number (1 to 9), so no third number completes them"
                )
            } else {
                format!(
                    "{start}, and 15 - {sum} = {rest} is one of the pair, so no third number completes them"
                )
            };
        };
        let needs = format!("{start}, so {player} needs {n}, on square {square}");
        match board.get(square) {
            None if board.is_over() => format!("{needs}, which is free, but the game is over"),
            None => format!("{needs}, which is free: a line is one move away"),
            Some(holder) if holder == player => {
                format!("{needs}, and holds it too: three in a line")
            }
            Some(holder) => format!("{needs}, but {holder} holds it"),
        }
    }
}

/// The sums that matter on a board: every pair each player holds, with the number that would
/// complete it. A pair whose number is on a free square is a threat.
///
/// ```
/// use magic_tictactoe::{Board, Player, Square};
///
/// let board: Board = "XX./O../...".parse()?;
/// let sums = board.sums();
/// assert_eq!(sums.threats(Player::X), vec![Square::TopRight]);
/// # Ok::<(), magic_tictactoe::ParseBoardError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sums {
    board: Board,
    pairs: Vec<Pair>,
}

impl Sums {
    /// Works out every pair on `board`.
    pub fn new(board: Board) -> Sums {
        let mut pairs = Vec::new();
        for player in Player::ALL {
            for [a, b] in board.squares(player).iter().array_combinations::<2>() {
                let needed = completing_number(a.magic_number(), b.magic_number());
                pairs.push(Pair {
                    player,
                    squares: [a, b],
                    needed,
                    completes_at: needed.and_then(Square::from_magic_number),
                });
            }
        }
        Sums { board, pairs }
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Every pair of both players, X's first.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    /// The free squares where `player` would complete a line, in keypad order.
    pub fn threats(&self, player: Player) -> Vec<Square> {
        let free = self.board.empty_squares();
        let squares: SquareSet = self
            .pairs
            .iter()
            .filter(|pair| pair.player == player)
            .filter_map(|pair| pair.completes_at)
            .filter(|&square| free.contains(square))
            .collect();
        squares.iter().collect()
    }
}

impl fmt::Display for Sums {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.board)?;
        for pair in &self.pairs {
            write!(f, "\n{}", pair.sentence(self.board))?;
        }
        Ok(())
    }
}

impl Picture for Sums {
    /// The board with its magic numbers beside a list of every pair with the number it needs;
    /// threats stand out.
    fn draw(&self, scale: Scale) -> Html {
        let board = self.board;
        let threats: SquareSet = if board.is_over() {
            SquareSet::EMPTY
        } else {
            Player::ALL
                .into_iter()
                .flat_map(|p| self.threats(p))
                .collect()
        };
        let marked = threats.union(
            board
                .winning_line()
                .map_or(SquareSet::EMPTY, |l| l.square_set()),
        );
        let picture = board
            .view()
            .magic_numbers()
            .highlight(marked)
            .table_html(scale);
        let mut list = Html::default();
        if self.pairs.is_empty() {
            list.push(caption(
                scale,
                "Nobody holds two squares yet, so there is nothing to add up.",
            ));
        }
        for pair in &self.pairs {
            let threat = pair.is_threat(board) && !board.is_over();
            // A threat stands out on the light marked surface, in the marks' own colours; the
            // other pairs sit on the card, in its theme's colours for the players.
            let (background, ink) = if threat {
                (MARKED, palette::mark(pair.player))
            } else {
                (PAPER, palette::player_text(pair.player))
            };
            list.push(
                div()
                    .css("background", background)
                    .css("color", ink)
                    .css("font-weight", if threat { "700" } else { "400" })
                    .css("padding", (scale.px(1), scale.px(6)))
                    .css("font-size", scale.px(14))
                    .text(&pair.sentence(board)),
            );
        }
        let mut inner = side_by_side(scale, [picture, list]);
        inner.push(caption(scale, &crate::render::board_caption(board)));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

/// What the magic square tells about a board.
impl Board {
    /// The sums that matter on this board: see [`Sums`].
    pub fn sums(self) -> Sums {
        Sums::new(self)
    }
}

/// A list of triples of numbers from 1 to 9, to show which ones sum to 15.
///
/// All 84 are drawn as small chips, those that sum to 15 highlighted; when every triple in
/// the list sums to 15 (as with [`Triples::summing_to_15`]), each is drawn as its line on a
/// small board.
///
/// ```
/// use magic_tictactoe::magic::Triples;
///
/// assert_eq!(Triples::all().len(), 84);
/// assert_eq!(Triples::summing_to_15().len(), 8);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Triples {
    triples: Vec<[u8; 3]>,
}

impl Triples {
    /// All 84 ways to pick three different numbers from 1 to 9.
    pub fn all() -> Triples {
        Triples {
            triples: magic::triples().collect(),
        }
    }

    /// The eight triples that sum to 15.
    pub fn summing_to_15() -> Triples {
        Triples {
            triples: magic::magic_triples(),
        }
    }

    /// How many triples.
    pub fn len(&self) -> usize {
        self.triples.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.triples.is_empty()
    }

    /// The triples, smallest first.
    pub fn as_slice(&self) -> &[[u8; 3]] {
        &self.triples
    }

    fn magic_count(&self) -> usize {
        self.triples
            .iter()
            .filter(|&&t| magic::sums_to_15(t))
            .count()
    }
}

impl Picture for Triples {
    fn draw(&self, scale: Scale) -> Html {
        let magic_count = self.magic_count();
        let mut inner = if magic_count == self.triples.len() {
            let boards: Vec<_> = self
                .triples
                .iter()
                .map(|&[a, b, c]| {
                    let line: SquareSet = [a, b, c]
                        .into_iter()
                        .filter_map(Square::from_magic_number)
                        .collect();
                    let view = Board::new().view().magic_numbers().digits(false).size(34);
                    (format!("{a} + {b} + {c}"), view.highlight(line))
                })
                .collect();
            crate::render::row_of_boards(scale, &boards)
        } else {
            let chips = self.triples.iter().map(|&[a, b, c]| {
                let sum = u16::from(a) + u16::from(b) + u16::from(c);
                let text = format!("{a}+{b}+{c}={sum}");
                if magic::sums_to_15([a, b, c]) {
                    chip(scale, &text, MARKED, DARK_INK).css("font-weight", "800")
                } else {
                    chip(scale, &text, HEADING, INK)
                }
                .css("font-size", scale.px(15))
            });
            div().css("max-width", scale.px(760)).children(chips).into()
        };
        let count = self.triples.len();
        inner.push(caption(
            scale,
            &if magic_count == count {
                format!("the {count} triples that sum to 15")
            } else {
                format!("{count} triples, {magic_count} of them sum to 15")
            },
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Triples {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, [a, b, c]) in self.triples.iter().enumerate() {
            if i > 0 {
                f.write_str(if i % 6 == 0 { "\n" } else { "  " })?;
            }
            write!(
                f,
                "{a}+{b}+{c}={}",
                u16::from(*a) + u16::from(*b) + u16::from(*c)
            )?;
        }
        Ok(())
    }
}

notebook_pictures!(Sums, Triples);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_name_magic_numbers_and_squares_apart() {
        let board: Board = "XX./O../...".parse().unwrap();
        let sums = board.sums();
        assert_eq!(
            sums.pairs[0].sentence(board),
            "X holds 8 and 3 (squares 1 and 2): 8 + 3 = 11, so X needs 4, on square 3, which is free: a line is one move away"
        );
        let html = sums.to_html().into_string();
        assert!(html.contains("so X needs 4, on square 3"));
    }

    /// Issue 73, 1: "15 - 5 = 10 is one of the pair" was said of 4 and 1. Every pair of squares
    /// X holds, with O's one mark away from the pair and from its third square: what the sentence
    /// says of the third number is true of the numbers themselves (recomputed here from the magic
    /// square).
    #[test]
    fn every_pair_s_sentence_is_true_of_its_numbers() {
        let mut said = [0; 4];
        for p in Square::ALL {
            for q in Square::ALL.into_iter().filter(|q| q.index() > p.index()) {
                let (a, b) = (p.magic_number(), q.magic_number());
                let rest = 15 - i16::from(a) - i16::from(b);
                let third = Square::ALL
                    .into_iter()
                    .find(|s| i16::from(s.magic_number()) == rest);
                // X holds the pair, O one square away from it and from its third.
                let mut cells = ['.'; 9];
                cells[p.index()] = 'X';
                cells[q.index()] = 'X';
                let away = Square::ALL
                    .into_iter()
                    .find(|s| ![Some(p), Some(q), third].contains(&Some(*s)));
                cells[away.unwrap().index()] = 'O';
                let text: String = cells.iter().collect();
                let board: Board = format!("{}/{}/{}", &text[..3], &text[3..6], &text[6..])
                    .parse()
                    .unwrap();
                let sums = board.sums();
                let pair = sums
                    .pairs
                    .iter()
                    .find(|pair| pair.squares == [p, q])
                    .unwrap();
                let sentence = pair.sentence(board);
                match third {
                    Some(s) if s != p && s != q => {
                        assert!(
                            sentence.contains(&format!("needs {rest}, on square {s}")),
                            "{sentence}"
                        );
                        said[0] += 1;
                    }
                    Some(_) => {
                        assert!(
                            sentence.ends_with(&format!(
                                "= {rest} is one of the pair, so no third number completes them"
                            )),
                            "{sentence}"
                        );
                        said[1] += 1;
                    }
                    None if rest <= 0 => {
                        assert!(sentence.contains("already 15 or more"), "{sentence}");
                        said[2] += 1;
                    }
                    None => {
                        assert!(
                            rest > 9
                                && sentence
                                    .contains(&format!("= {rest}, more than any square's number")),
                            "{sentence}"
                        );
                        assert!(!sentence.contains("one of the pair"), "{sentence}");
                        said[3] += 1;
                    }
                }
            }
        }
        // 36 pairs: the 8 lines' 24 with a third square, and each other reason met.
        assert_eq!(said.iter().sum::<i32>(), 36);
        assert_eq!(said[0], 24);
        assert!(said[1..].iter().all(|&n| n > 0), "{said:?}");
    }

    #[test]
    fn triples_render() {
        let all = Triples::all().to_html().into_string();
        assert_eq!(all.matches("=15</span>").count(), 8);
        assert_eq!(all.matches("</span>").count(), 84);
        assert!(all.contains("84 triples, 8 of them sum to 15"));
        let lines = Triples::summing_to_15().to_html().into_string();
        assert!(
            lines.contains("the 8 triples that sum to 15"),
            "not \"8 triples, 8 of them\""
        );
        assert_eq!(
            lines.matches("title=\"square 5, magic number 5\"").count(),
            8
        );
    }
}
