//! Exercises with a checking call that says right or wrong, gives a hint, and never panics,
//! whatever it is given.
//!
//! Every answer is worked out by the crate when the exercise is made, never stored.
//!
//! ```
//! use magic_tictactoe::exercises::Exercise;
//!
//! let exercise = Exercise::triples_containing(5);
//! assert!(!exercise.check(3).is_right());
//! assert!(exercise.check("4").is_right());
//! assert!(!exercise.check(vec![1.5]).is_right()); // a wrong kind of answer is only wrong
//! ```

use std::any::Any;
use std::cell::Cell;

use super::challenge::DepthStudy;
use super::paper::PaperTree;
use super::tree::SearchTree;
use crate::engine::search::Pruning;
use crate::engine::search::minimax;
use crate::engine::{Level, MAX_DEPTH, Reason, Value, rules_choice, stats};
use crate::render::palette::INK;
use crate::render::parts::{caption, card};
use crate::render::{Html, Picture, Scale, div, notebook_pictures};
use crate::rules::text::quoted;
use crate::rules::{Board, Player, Square, SquareSet, Symmetry, magic};
use itertools::Itertools;

mod checks;
mod menace;
mod trees;

pub use checks::{check_never_loses, check_win_test};

mod verdict;

pub use verdict::Verdict;

/// The most numbers in a set [`Exercise::sets_summing_to`] asks about.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_SET_SIZE: usize = 6;
/// The largest number [`Exercise::sets_summing_to`] takes its sets from: at most 177,100 sets.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_SET_NUMBER: u32 = 25;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Expected {
    /// Any of these squares (keypad digits) is right: the best moves on the exercise's board.
    BestSquares(SquareSet),
    /// Any of these squares is right: the ones the rules player's checklist allows, by this rule.
    RuleSquares(SquareSet, Reason),
    /// Any of these squares is right, for this reason.
    AnySquare(SquareSet, String),
    /// This whole number.
    Number(i64),
    /// The exercise could not be set, for this reason.
    Refused(String),
}

/// A question with an answer the crate has worked out, and a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    question: String,
    expected: Expected,
    hint: String,
    /// The hint given once two answers were wrong: nearer the answer than `hint`.
    sharper: Option<String>,
    board: Option<Board>,
    tree: Option<PaperTree>,
    /// Its number in the notebook that sets it ([`Exercise::numbered`]).
    number: Option<u32>,
    /// The wrong answers checked so far (the notebook's 0 not counted): from the second on,
    /// the check gives the sharper hint too. A notebook makes the exercise in one cell and
    /// checks it in the next, so that running the check again keeps the count.
    wrong_tries: Cell<u32>,
}

/// The whole number in `answer`, whatever type it came as, or a sentence saying what it was.
fn whole_number(answer: &dyn Any) -> Result<i64, String> {
    macro_rules! try_integers {
        ($($t:ty),*) => {$(
            if let Some(&n) = answer.downcast_ref::<$t>() {
                return i64::try_from(n).map_err(|_| "that number is far too big".to_owned());
            }
        )*};
    }
    try_integers!(
        i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
    );
    if let Some(square) = answer.downcast_ref::<Square>() {
        return Ok(i64::from(square.digit()));
    }
    let text = answer
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| answer.downcast_ref::<String>().cloned())
        .or_else(|| answer.downcast_ref::<char>().map(|c| c.to_string()));
    match text {
        Some(text) => text
            .trim()
            .parse::<i64>()
            .map_err(|_| format!("{} is not a whole number", quoted(&text))),
        None => Err("the answer is not a whole number".to_owned()),
    }
}

impl Exercise {
    fn new(question: String, expected: Expected, hint: String) -> Exercise {
        Exercise {
            question,
            expected,
            hint,
            sharper: None,
            board: None,
            tree: None,
            number: None,
            wrong_tries: Cell::new(0),
        }
    }

    /// Its number in the notebook, if it has one.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn number(&self) -> Option<u32> {
        self.number
    }

    /// The same exercise, numbered as its notebook numbers it. Its checks then say which
    /// exercise they checked ("Exercise 2 of 01: ..."), and in a class the teacher's page files
    /// them under that number, whatever other exercise a cell made before.
    ///
    /// ```
    /// use magic_tictactoe::exercises::Exercise;
    ///
    /// let exercise_2 = Exercise::triples_containing(5).numbered(2);
    /// let verdict = exercise_2.check(4);
    /// assert!(verdict.is_right());
    /// assert!(verdict.about().unwrap().starts_with("Exercise 2"));
    /// ```
    pub fn numbered(self, number: u32) -> Exercise {
        Exercise {
            number: Some(number),
            ..self
        }
    }

    /// What a wrong answer hears: `lead`, the hint, and from the second wrong answer on the
    /// closer hint too. The 0 a notebook sets the exercise with is no try of the learner's.
    fn hints_after(&self, number: i64, lead: String) -> String {
        if number != 0 {
            self.wrong_tries
                .set(self.wrong_tries.get().saturating_add(1));
        }
        match &self.sharper {
            Some(sharper) if self.wrong_tries.get() >= 2 => {
                format!("{lead}. Hint: {}. A closer hint: {sharper}.", self.hint)
            }
            _ => format!("{lead}. Hint: {}.", self.hint),
        }
    }

    /// The same exercise with a second hint, given from the second wrong answer on.
    fn then_hint(self, sharper: String) -> Exercise {
        Exercise {
            sharper: Some(sharper),
            ..self
        }
    }

    /// "Exercise 2 of 01", or "Exercise 2" outside a notebook with a number in its name.
    fn name(&self, number: u32) -> String {
        match super::classroom::notebook_number() {
            Some(notebook) => format!("Exercise {number} of {notebook}"),
            None => format!("Exercise {number}"),
        }
    }

    /// "Which square must the side to move take?" on `board`. Any best move is right.
    pub fn which_square(board: Board) -> Exercise {
        let player = board.turn();
        let best = board.best_moves();
        let hint = if board.is_over() {
            "the game is over, so no square is right".to_owned()
        } else if board.value().plies() == 1 {
            format!(
                "{player} can win at once: look for two of {player}'s squares whose magic numbers need a free third"
            )
        } else if !magic::winning_squares(board.squares(!player), board.empty_squares()).is_empty()
        {
            format!(
                "add up the other player's pairs: one of them is one move from 15, so {player} must block it"
            )
        } else {
            "look two moves ahead: which square leaves the other player without a good reply?"
                .to_owned()
        };
        Exercise {
            board: Some(board),
            ..Exercise::new(
                format!("{player} to move: which square must {player} take?"),
                Expected::BestSquares(best),
                hint,
            )
        }
    }

    /// "Which square does the rules player take?" on `board`: win, else block, else the
    /// centre, else a corner, else an edge. Any square the first rule that applies allows is
    /// right.
    pub fn rules_move(board: Board) -> Exercise {
        let player = board.turn();
        // Once the game is over no square is right, so the reason is never shown.
        let (squares, reason) = rules_choice(board).unwrap_or((SquareSet::EMPTY, Reason::Edge));
        let hint = if board.is_over() {
            "the game is over, so the rules player takes no square".to_owned()
        } else {
            "go down the checklist in order and stop at the first rule that allows a free square: \
             1. win, 2. block, 3. the centre, 4. a corner, 5. an edge"
                .to_owned()
        };
        Exercise {
            board: Some(board),
            ..Exercise::new(
                format!("The rules player is {player}. Which square does its checklist pick?"),
                Expected::RuleSquares(squares, reason),
                hint,
            )
        }
    }

    /// "How many positions does plain minimax visit from `board`, `board` itself included?"
    pub fn minimax_positions(board: Board) -> Exercise {
        Exercise {
            board: Some(board),
            ..Exercise::new(
                "How many positions does plain minimax visit from this board, this board included?"
                    .to_owned(),
                Expected::Number(minimax(board).positions as i64),
                format!(
                    "draw this board's tree in a new cell with SearchTree::minimax(\"{board}\".parse()?)? \
                     and count its boards, or ask solver::minimax(\"{board}\".parse()?).positions"
                ),
            )
            .then_hint(format!(
                "the board has {} free squares: it and its {} children make {} positions, and minimax \
                 goes on below each child that does not end the game, until every line of play has ended",
                board.empty_squares().len(),
                board.empty_squares().len(),
                board.empty_squares().len() + 1
            ))
        }
    }

    /// "What is the minimax value of the root of this tree?"
    pub fn root_value(tree: &PaperTree) -> Exercise {
        Exercise {
            tree: Some(tree.clone()),
            ..Exercise::new(
                "What value does minimax give the root of this tree?".to_owned(),
                Expected::Number(i64::from(tree.minimax_value())),
                "work from the bottom up: each MIN node takes its smallest child, each MAX node its largest"
                    .to_owned(),
            )
            .then_hint(match tree.first_move_value() {
                Some(value) => format!(
                    "the root's first move, the leftmost node below it, is worth {value}: check that, work \
                     out its other moves the same way, and the root (MAX) takes the largest"
                ),
                None => "the root is a leaf: its value is written on it".to_owned(),
            })
        }
    }

    /// "How many leaves does alpha-beta skip on this tree, trying moves left to right?"
    pub fn leaves_skipped(tree: &PaperTree) -> Exercise {
        let mut search = tree.alpha_beta_steps();
        search.finish();
        Exercise {
            tree: Some(tree.clone()),
            ..Exercise::new(
                "How many leaves does alpha-beta never look at on this tree, trying moves left to right?"
                    .to_owned(),
                Expected::Number(search.skipped_leaves() as i64),
                "a node stops looking at its moves as soon as one of them is so good for the player there that the player above would never let the game reach it: at a MAX node a move worth β or more, at a MIN node a move worth α or less. Count the leaves under the moves it never looks at"
                    .to_owned(),
            )
            // The tree written out, not a variable's name: whatever the notebook called it (and
            // whatever else it has called `tree` since), the hint steps this exercise's own tree.
            .then_hint(format!(
                "step it in a new cell: let mut search = \"{tree}\".parse::<PaperTree>()?.alpha_beta_steps(); \
                 then search.step() moves one node at a time, and each picture shows α and β in every node it \
                 has reached; a node stops where its α reaches its β, and every leaf under the moves it then \
                 never tries counts (search.finish() draws the whole search, the skipped branches dashed and grey)"
            ))
        }
    }

    /// "With an evaluation that judges every position 0, what is the smallest depth at which
    /// the search never loses to the perfect computer?" Worked out by a [`DepthStudy`] at every
    /// depth.
    pub fn depth_to_never_lose() -> Exercise {
        let study = DepthStudy::new(1..=MAX_DEPTH, |_: &Board, _: Player| 0);
        let safe = study.rows().iter().find(|row| {
            row.records
                .iter()
                .filter(|(level, _, _)| *level == Level::Perfect)
                .all(|(_, as_x, as_o)| as_x.never_loses() && as_o.never_loses())
        });
        Exercise::new(
            "A search whose evaluation judges every position 0 sees only wins and losses within its depth. What is the smallest depth at which it never loses to the perfect computer, as X or as O?"
                .to_owned(),
            safe.map_or(Expected::Refused("no depth is safe".to_owned()), |row| {
                Expected::Number(i64::from(row.depth))
            }),
            "a fork is often forced: a threat comes first, and must be blocked, and the fork after it. Count the moves from the search's own move to the win it must see: its move, the threat, the block, the fork, a block, the win"
                .to_owned(),
        )
        .then_hint(
            "let the computer count the losses at each depth in a new cell: \
             DepthStudy::new(1..=9, |_: &Board, _: Player| 0) plays a search with that evaluation at \
             every depth against every level; find the first depth with no loss against the perfect \
             computer, as X and as O"
                .to_owned(),
        )
    }

    /// "How many sets of `size` different numbers from 1 to `largest` add up to `total`?":
    /// Pick 15's question for another total (three from 1 to 9 reaching 12, say), or the 4x4
    /// magic square's for another sum. Sets of up to 6 numbers from 1 to at most
    /// 25; anything larger is refused with a sentence when it is shown or
    /// checked.
    pub fn sets_summing_to(size: usize, largest: u32, total: u32) -> Exercise {
        let question = format!(
            "How many sets of {size} different numbers from 1 to {largest} add up to {total}?"
        );
        let expected = if !(1..=MAX_SET_SIZE).contains(&size)
            || !(1..=MAX_SET_NUMBER).contains(&largest)
        {
            Expected::Refused(format!(
                "this exercise is for sets of 1 to {MAX_SET_SIZE} numbers from 1 to at most {MAX_SET_NUMBER}"
            ))
        } else {
            let count = (1..=largest)
                .combinations(size)
                .filter(|set| set.iter().sum::<u32>() == total)
                .count();
            Expected::Number(count as i64)
        };
        let hint = if size == 3 {
            format!(
                "start from the smallest number of the three: with 1, the other two add up to {}; \
                 list them, then go on with 2, and so on (or let itertools try every three)",
                total.saturating_sub(1)
            )
        } else {
            format!(
                "let itertools try them all: (1..={largest}u32).combinations({size}) gives every set; \
                 keep those whose sum is {total} and count them"
            )
        };
        let sharper = format!(
            "in a new cell: (1..={largest}u32).combinations({size}).filter(|set| set.iter().sum::<u32>() == {total}).count() \
             counts them (itertools' combinations gives every set of {size} once, smallest first)"
        );
        Exercise::new(question, expected, hint).then_hint(sharper)
    }

    /// "How many positions does alpha-beta skip in this board's tree?", in the tree the
    /// alpha-beta stepper draws (`SearchTree::alpha_beta_steps(board)`, moves in keypad order).
    pub fn alpha_beta_skips(board: Board) -> Exercise {
        let expected = match SearchTree::new(board, Pruning::AlphaBeta) {
            Ok(mut tree) => {
                tree.finish();
                Expected::Number(tree.skipped() as i64)
            }
            Err(error) => Expected::Refused(error.to_string()),
        };
        Exercise {
            board: Some(board),
            ..Exercise::new(
                "How many positions does alpha-beta skip in this board's tree?".to_owned(),
                expected,
                format!(
                    "step through it in a new cell: let mut pruned = SearchTree::alpha_beta_steps(\"{board}\".parse()?)?; \
                     then pruned.finish() draws the whole search, and its summary counts the skipped positions"
                ),
            )
            .then_hint(format!(
                "copy this into a new cell as it is, and run it: {{ let mut pruned = \
                 SearchTree::alpha_beta_steps(\"{board}\".parse()?)?; pruned.finish(); pruned }}. \
                 The title above the tree says how many positions it skipped"
            ))
        }
    }

    /// "X opens on `opening`: how many really different positions can O's reply make, if turns
    /// and flips of a position count once?"
    pub fn replies_up_to_symmetry(opening: Square) -> Exercise {
        let board = Board::new().try_play(opening).unwrap_or_default();
        let mut different: Vec<Board> = board
            .children()
            .map(|(_, child)| child.canonical())
            .collect();
        different.sort_by_key(|child| child.to_string());
        different.dedup();
        let kind = if opening == Square::Centre {
            "in the centre"
        } else if opening.is_corner() {
            "in a corner"
        } else {
            "on an edge"
        };
        Exercise {
            board: Some(board),
            ..Exercise::new(
                format!(
                    "X opened {kind}. O has eight replies: how many really different positions can they make, if turns and flips of a position count once?"
                ),
                Expected::Number(different.len() as i64),
                format!(
                    "find the turns and flips that leave X's square where it is (the square's own symmetries), \
                     and group the eight free squares: two free squares are the same reply if one of those \
                     symmetries takes one to the other. X {kind} has {} of them",
                    Symmetry::ALL
                        .into_iter()
                        .filter(|symmetry| symmetry.apply(opening) == opening)
                        .count()
                ),
            )
            .then_hint(
                "draw the board in a new cell for each reply, Board::new().try_play(X's square)?.try_play(O's \
                 square)?.canonical(), and count how many different boards the eight replies give"
                    .to_owned(),
            )
        }
    }

    /// "How many of the eight magic triples contain `number`?"
    pub fn triples_containing(number: u8) -> Exercise {
        let count = magic::magic_triples()
            .iter()
            .filter(|t| t.contains(&number))
            .count();
        Exercise::new(
            format!("How many of the eight triples that sum to 15 contain the number {number}?"),
            Expected::Number(count as i64),
            format!(
                "find the square whose magic number is {number} and count the lines through it"
            ),
        )
        .then_hint(match Square::from_magic_number(number) {
            Some(square) => format!(
                "{number} is on square {}, {}: count its row, its column, and each diagonal through it",
                square.digit(),
                if square == Square::Centre {
                    "the centre"
                } else if square.is_corner() {
                    "a corner"
                } else {
                    "an edge"
                }
            ),
            None => format!("the magic numbers are 1 to 9, and {number} is not one of them"),
        })
    }

    /// "In Pick 15 you hold `a` and `b`: which number wins?"
    pub fn number_to_win(a: u8, b: u8) -> Exercise {
        let answer = 15_i64 - i64::from(a) - i64::from(b);
        let valid = (1..=9).contains(&answer) && answer != i64::from(a) && answer != i64::from(b);
        Exercise::new(
            format!(
                "In Pick 15 you hold {a} and {b}. Which number would give you 15? (0 if none can)"
            ),
            Expected::Number(if valid { answer } else { 0 }),
            "three numbers must add up to 15: subtract the two you hold from 15".to_owned(),
        )
        .then_hint(format!(
            "15 - {a} - {b} = {answer}: if that is a number from 1 to 9 that you do not hold already, it \
             wins; if not, no number can"
        ))
    }

    /// "How many move sequences of `depth` moves are there from the empty board?"
    pub fn perft(depth: u32) -> Exercise {
        Exercise::new(
            format!(
                "How many different sequences of {depth} moves can be played from the empty board?"
            ),
            Expected::Number(stats::perft(Board::new(), depth) as i64),
            "the first move has 9 choices, the next 8, and so on, until games start ending early"
                .to_owned(),
        )
        .then_hint(sequences_hint(9, depth))
    }

    /// "X opened on `opening`: how many sequences of `depth` more moves can follow?" Worked out
    /// by hand as 8 x 7 x ..., as long as no game can end before the sequence does.
    pub fn perft_after(opening: Square, depth: u32) -> Exercise {
        let board = Board::new().try_play(opening).unwrap_or_default();
        Exercise {
            board: Some(board),
            ..Exercise::new(
                format!(
                    "X opened on square {}. How many different sequences of {depth} more moves can follow?",
                    opening.digit()
                ),
                Expected::Number(stats::perft(board, depth) as i64),
                "O has 8 free squares for the next move, then X has 7, and so on; a sequence stops \
                 early only if the game is won before its last move"
                    .to_owned(),
            )
            .then_hint(sequences_hint(8, depth))
        }
    }

    /// "How many different positions are there after `ply` moves, counting turns and flips once?"
    #[doc(hidden)] // in the lessons of 2026-11-25: kept so that a saved notebook runs
    pub fn positions_up_to_symmetry(ply: usize) -> Exercise {
        let counts = stats::count_positions();
        let answer = counts.up_to_symmetry_by_ply.get(ply).copied().unwrap_or(0);
        Exercise::new(
            format!(
                "How many really different positions are there after {ply} moves, if turns and flips of a position count once?"
            ),
            Expected::Number(answer as i64),
            "after one move there are only three: a corner, an edge or the centre".to_owned(),
        )
        .then_hint(format!(
            "stats::count_positions().up_to_symmetry_by_ply[{ply}] counts them in a new cell; to see \
             why, draw the positions of one move fewer and ask which of their children are the same \
             board turned or flipped (board.canonical() gives every such board the same form)"
        ))
    }

    /// "How many lines (rows, columns, diagonals) does an n x n board have?", for a size from
    /// 1 to [`MAX_GRID_SIZE`](super::beyond::MAX_GRID_SIZE); for any other size the exercise
    /// says so when it is shown or checked.
    pub fn lines_on(size: usize) -> Exercise {
        let answer = match super::beyond::lines_of(size) {
            Ok(lines) => Expected::Number(lines.len() as i64),
            Err(error) => Expected::Refused(format!(
                "this exercise is for a board of 1 to {} rows: {error}",
                super::beyond::MAX_GRID_SIZE
            )),
        };
        // "an 8x8", "an 11x11", "an 18x18": the article as the number is said.
        let said = size.to_string();
        let a = if said.starts_with('8') || size == 11 || size == 18 {
            "an"
        } else {
            "a"
        };
        Exercise::new(
            format!(
                "How many lines of {size} (rows, columns and the two diagonals) does {a} {size}x{size} board have?"
            ),
            answer,
            "a line runs across, down, or from corner to corner: count each kind on a board you can \
             draw (3x3 has 8 lines), then see which counts grow with the board"
                .to_owned(),
        )
        .then_hint(format!(
            "{a} {size}x{size} board has {size} rows and {size} columns; how many diagonals run from \
             corner to corner, whatever the size?"
        ))
    }

    /// "How many sets of four numbers from 1 to 16 add up to 34?"
    #[doc(hidden)] // in the lessons of 2026-11-25: kept so that a saved notebook runs
    pub fn sets_reaching_34() -> Exercise {
        Exercise::new(
            "How many sets of four different numbers from 1 to 16 add up to 34?".to_owned(),
            Expected::Number(super::beyond::MagicGrid::durer().sets_reaching_the_constant() as i64),
            "let itertools try every combination of 4 numbers from 1..=16 and count those that sum to 34".to_owned(),
        )
        .then_hint(
            "in a new cell: (1..=16u32).combinations(4).filter(|set| set.iter().sum::<u32>() == 34).count()"
                .to_owned(),
        )
    }

    /// The question.
    pub fn question(&self) -> &str {
        &self.question
    }

    /// Checks `answer`, which may be any value: a number, a square, text. An answer of the
    /// wrong kind is wrong, with a word on what was expected; it never panics.
    ///
    /// In a class kernel the result is noted for the teacher's class page (see
    /// [`classroom`](super::classroom)).
    pub fn check<T: Any>(&self, answer: T) -> Verdict {
        // The 0 a notebook sets an exercise with, run by Run All, is no answer of the learner's:
        // the teacher's page counts no try for it.
        let placeholder = matches!(whole_number(&answer), Ok(0));
        let mut verdict = self.verdict(answer);
        if let Some(number) = self.number {
            verdict.about = Some(format!("{}: {}", self.name(number), self.question));
        }
        if !placeholder || verdict.right {
            match self.number {
                Some(number) => {
                    super::classroom::record(&number.to_string(), &self.question, verdict.right)
                }
                // An exercise without a number (a lesson of its own) is known by its question.
                None => super::classroom::record(&self.question, "", verdict.right),
            }
        }
        verdict
    }

    fn verdict<T: Any>(&self, answer: T) -> Verdict {
        let number = match whole_number(&answer) {
            Ok(number) => number,
            Err(problem) if !matches!(self.expected, Expected::Refused(_)) => {
                let expected = match self.expected {
                    Expected::BestSquares(_)
                    | Expected::RuleSquares(..)
                    | Expected::AnySquare(..) => "a square, as a keypad digit from 1 to 9",
                    Expected::Number(_) | Expected::Refused(_) => "a whole number",
                };
                return Verdict {
                    right: false,
                    text: format!("I was expecting {expected}, but {problem}."),
                    about: None,
                };
            }
            Err(_) => 0,
        };
        let (squares_right, board) = match (&self.expected, self.board) {
            (Expected::Refused(reason), _) => {
                return Verdict {
                    right: false,
                    text: format!("There is no right answer: {reason}."),
                    about: None,
                };
            }
            (Expected::Number(expected), _) if number == *expected => {
                return Verdict {
                    right: true,
                    text: format!("It is {expected}."),
                    about: None,
                };
            }
            (Expected::Number(_), _) => {
                return Verdict {
                    right: false,
                    text: self.hints_after(number, format!("{number} is not it")),
                    about: None,
                };
            }
            (Expected::AnySquare(squares, reason), _) => {
                let right = Square::from_digit(number).is_ok_and(|s| squares.contains(s));
                let text = if right {
                    format!("Square {number}: {reason}.")
                } else if number == 0 {
                    "Put your answer, a square from 1 to 9, in place of the 0.".to_owned()
                } else {
                    self.hints_after(number, format!("Not square {number}"))
                };
                return Verdict {
                    right,
                    text,
                    about: None,
                };
            }
            (_, None) => {
                return Verdict {
                    right: false,
                    text: "This exercise has no board.".to_owned(),
                    about: None,
                };
            }
            (Expected::BestSquares(squares) | Expected::RuleSquares(squares, _), Some(board)) => {
                (*squares, board)
            }
        };
        let square = match Square::from_digit(number) {
            Ok(square) => square,
            // The notebooks set these exercises with a 0 for the learner to replace.
            Err(_) if number == 0 => {
                return Verdict {
                    right: false,
                    text: "Put your answer, a square from 1 to 9, in place of the 0.".to_owned(),
                    about: None,
                };
            }
            Err(error) => {
                return Verdict {
                    right: false,
                    text: format!("That is not a square: {error}."),
                    about: None,
                };
            }
        };
        if let Some(by) = board.get(square) {
            return Verdict {
                right: false,
                text: format!("Square {square} is taken: {by} is already there."),
                about: None,
            };
        }
        let right = squares_right.contains(square);
        let text = match &self.expected {
            Expected::RuleSquares(_, reason) if right => {
                format!("The rules player takes square {square}: {reason}.")
            }
            Expected::RuleSquares(..) => format!(
                "Not that one: the checklist does not reach square {square}. Hint: {}.",
                self.hint
            ),
            // Only a best-move question needs the square's value.
            _ => match board.analysis().value_of(square) {
                None => format!("The game is over, so not square {square}."),
                Some(value) if right => {
                    let player = board.turn();
                    let then = match value {
                        Value::Win(_) => format!("{player} wins with best play ({value})"),
                        Value::Draw(_) => {
                            format!("with best play on both sides the game is a draw ({value})")
                        }
                        Value::Loss(_) => format!(
                            "{player} loses all the same against best play ({value}), but no square holds out longer"
                        ),
                    };
                    format!("Square {square} is a best move: {then}.")
                }
                Some(value) => format!(
                    "Not that one: square {square} gives {value}. Hint: {}.",
                    self.hint
                ),
            },
        };
        Verdict {
            right,
            text,
            about: None,
        }
    }
}

impl Picture for Exercise {
    /// The question, and the board if there is one.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner: Html = div()
            .css("font-weight", "700")
            .css("color", INK)
            .text(&match self.number {
                Some(number) => format!("{}: {}", self.name(number), self.question),
                None => format!("Exercise: {}", self.question),
            })
            .into();
        if let Some(board) = self.board {
            inner.push(
                div()
                    .css("margin-top", scale.px(6))
                    .child(board.view().magic_numbers().table_html(scale)),
            );
        }
        if let Some(tree) = &self.tree {
            inner.push(div().css("margin-top", scale.px(6)).child(tree.draw(scale)));
        }
        inner.push(caption(
            scale,
            "Answer in the next cell, in place of its 0 (or in its gap, where it has one), and run it.",
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.question.clone()
    }
}

notebook_pictures!(Exercise, Verdict);

/// The sharper hint for counting sequences of `depth` moves when the first of them has `choices`
/// free squares: the product to start from, and whether games can end within the sequence.
fn sequences_hint(choices: u64, depth: u32) -> String {
    let factors: Vec<String> = (0..u64::from(depth.min(9)))
        .map(|taken| choices.saturating_sub(taken))
        .take_while(|&factor| factor > 0)
        .map(|factor| factor.to_string())
        .collect();
    let written = factors.join(" x ");
    // X's third mark is the fifth move of a game: no game ends before it.
    let moves_made = 9 - choices;
    if moves_made + u64::from(depth) <= 5 {
        format!(
            "multiply {written}: no game can be over before X's third mark, on the game's fifth \
             move, so every one of these sequences is played to its end"
        )
    } else {
        format!(
            "{written} if no game ended early; but a game can end on its fifth move, and then the \
             moves after it in those sequences are never played: take them away"
        )
    }
}
