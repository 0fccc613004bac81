//! Checking the parts of Monte Carlo tree search a learner writes: the UCB1 formula, and
//! back-propagation. Each is compared with the crate's own on the moves and paths of real
//! searches (and the cases at the edges), and the first difference is drawn.
//!
//! ```
//! use magic_tictactoe::mcts_check::{PathNode, check_backpropagation, check_ucb1};
//! use magic_tictactoe::Ending;
//!
//! let check = check_ucb1(|wins: f64, visits: u32, parent_visits: u32, c: f64| {
//!     if visits == 0 {
//!         return f64::INFINITY;
//!     }
//!     let n = visits as f64;
//!     wins / n + c * ((parent_visits as f64).ln() / n).sqrt()
//! });
//! assert!(check.is_right(), "{check}");
//!
//! let check = check_backpropagation(|path: &mut [PathNode], ending: Ending| {
//!     for node in path {
//!         node.visits += 1;
//!         node.wins += match ending {
//!             Ending::Won(winner) if winner == node.mover => 1.0,
//!             Ending::Won(_) => 0.0,
//!             Ending::Drawn => 0.5,
//!         };
//!     }
//! });
//! assert!(check.is_right(), "{check}");
//! ```

use std::fmt;

use super::playouts::PlayoutSteps;
use crate::engine::learner;
use crate::engine::mcts::{DEFAULT_EXPLORATION, ucb1};
use crate::render::palette::INK;
use crate::render::parts::{
    NOT_YET, RIGHT, caption, card, cell, heading_cell, plain_table, verdict_box,
};
use crate::render::{Html, Picture, Scale, div, notebook_pictures, tr};
use crate::rules::Ending;
use crate::rules::text::thousands;
use crate::rules::{Board, Player, Square, SquareSet};

/// One position on a playout's path, as a learner's back-propagation sees it: who made the
/// move into it (its score counts for them), its visits, and its wins (a draw counts ½).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathNode {
    /// Who moved into this position.
    pub mover: Player,
    /// Playouts through it.
    pub visits: u32,
    /// What they scored for the mover: 1 a win, ½ a draw.
    pub wins: f64,
}

/// One case of the UCB1 check: a move's counts and its parent's, where they came from.
#[derive(Debug, Clone, Copy, PartialEq)]
struct UcbCase {
    board: Board,
    chosen: Option<Square>,
    wins: f64,
    visits: u32,
    parent_visits: u32,
    exploration: f64,
}

/// Where a learner's part first differed from the crate's.
#[derive(Debug, Clone, PartialEq)]
enum Difference {
    Ucb1 {
        case: UcbCase,
        right: f64,
        theirs: Result<f64, String>,
    },
    Backpropagation {
        boards: Vec<Board>,
        before: Vec<PathNode>,
        ending: Ending,
        right: Vec<PathNode>,
        theirs: Result<Vec<PathNode>, String>,
    },
}

/// Which part was checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Ucb1,
    Backpropagation,
}

/// The result of checking a learner's UCB1 or back-propagation against the crate's.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsCheck {
    part: Part,
    checked: usize,
    difference: Option<Difference>,
}

/// The exploration constants the checks try.
const CONSTANTS: [f64; 3] = [DEFAULT_EXPLORATION, 0.5, 2.0];

/// The boards whose searches the checks take their cases from: the empty board and a few
/// openings, midgames and nearly finished games.
fn boards() -> Vec<Board> {
    [
        ".../.../...",
        "X../.O./...",
        "XO./.X./...",
        "X.O/.X./..O",
        "XOX/.O./..X",
    ]
    .iter()
    .filter_map(|text| text.parse().ok())
    .collect()
}

/// Are two values the same, to a rounding's width (infinity only equals infinity)?
fn same(a: f64, b: f64) -> bool {
    if a.is_infinite() || b.is_infinite() {
        return a == b;
    }
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Checks a learner's UCB1: `ucb1(wins, visits, parent_visits, c)` is the value of a move tried
/// `visits` times that scored `wins` (a draw ½) from a position visited `parent_visits` times,
/// with exploration constant `c`: infinity for a move never tried. It is compared with the
/// crate's ([`ucb1`]) on every move of the trees of several
/// searches, with three constants.
pub fn check_ucb1(learners: impl Fn(f64, u32, u32, f64) -> f64) -> MctsCheck {
    let mut result = MctsCheck {
        part: Part::Ucb1,
        checked: 0,
        difference: None,
    };
    'cases: for exploration in CONSTANTS {
        for board in boards() {
            let mut steps = PlayoutSteps::new(board).exploration(exploration);
            steps.steps(300);
            let tree = steps.tree();
            for index in 0..tree.len() {
                let id = crate::engine::mcts::NodeId::from_index(index);
                let Some(parent) = tree.parent(id).and_then(|p| tree.node(p)) else {
                    continue;
                };
                let Some(node) = tree.node(id) else { continue };
                let case = UcbCase {
                    board: node.position,
                    chosen: node.chosen,
                    wins: f64::from(node.half_points) / 2.0,
                    visits: node.visits,
                    parent_visits: parent.visits,
                    exploration,
                };
                let right = ucb1(node.half_points, node.visits, parent.visits, exploration);
                let theirs = learner::run(|| {
                    learners(case.wins, case.visits, case.parent_visits, case.exploration)
                });
                if !theirs.as_ref().is_ok_and(|&theirs| same(theirs, right)) {
                    result.difference = Some(Difference::Ucb1 {
                        case,
                        right,
                        theirs,
                    });
                    break 'cases;
                }
                result.checked += 1;
            }
        }
    }
    super::classroom::record("check_ucb1", "", result.is_right());
    result
}

/// Checks a learner's back-propagation: `backpropagate(path, ending)` is given the positions of
/// a playout's path, the root first, with their counts before the playout, and how the
/// playout ended; it adds the playout to each (one visit more, and 1 win for the mover's win,
/// ½ for a draw). It is compared with the crate's search on the paths of a few hundred real
/// playouts.
pub fn check_backpropagation(learners: impl Fn(&mut [PathNode], Ending)) -> MctsCheck {
    let mut result = MctsCheck {
        part: Part::Backpropagation,
        checked: 0,
        difference: None,
    };
    'cases: for board in boards() {
        let mut steps = PlayoutSteps::new(board);
        for _ in 0..60 {
            steps.step();
            let Some(playout) = steps.last_playout() else {
                continue;
            };
            let node = |(visits, half): (u32, u32), mover| PathNode {
                mover,
                visits,
                wins: f64::from(half) / 2.0,
            };
            let before: Vec<PathNode> = playout
                .updates
                .iter()
                .map(|u| node((u.visits.0, u.half_points.0), u.mover))
                .collect();
            let right: Vec<PathNode> = playout
                .updates
                .iter()
                .map(|u| node((u.visits.1, u.half_points.1), u.mover))
                .collect();
            let theirs = learner::run(|| {
                let mut path = before.clone();
                learners(&mut path, playout.ending);
                path
            });
            let agrees = theirs.as_ref().is_ok_and(|theirs| {
                theirs.len() == right.len()
                    && theirs.iter().zip(&right).all(|(a, b)| {
                        a.mover == b.mover && a.visits == b.visits && same(a.wins, b.wins)
                    })
            });
            if !agrees {
                result.difference = Some(Difference::Backpropagation {
                    boards: playout.updates.iter().map(|u| u.position).collect(),
                    before,
                    ending: playout.ending,
                    right,
                    theirs,
                });
                break 'cases;
            }
            result.checked += 1;
        }
    }
    super::classroom::record("check_backpropagation", "", result.is_right());
    result
}

fn number(value: f64) -> String {
    if value.is_infinite() {
        if value > 0.0 { "∞" } else { "-∞" }.to_owned()
    } else if value.is_nan() {
        "NaN (not a number)".to_owned()
    } else {
        let text = format!("{value:.4}");
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

impl MctsCheck {
    /// Whether the learner's part agreed with the crate's on every case.
    pub fn is_right(&self) -> bool {
        self.difference.is_none() && self.checked > 0
    }

    /// The cases it agreed on (before the first difference).
    pub fn checked(&self) -> usize {
        self.checked
    }

    fn name(&self) -> &'static str {
        match self.part {
            Part::Ucb1 => "UCB1",
            Part::Backpropagation => "back-propagation",
        }
    }

    fn verdict(&self) -> String {
        let name = self.name();
        let agreed = thousands(self.checked as u64);
        let (cases, playouts) = if self.checked == 1 {
            ("case", "playout")
        } else {
            ("cases", "playouts")
        };
        match &self.difference {
            None => format!(
                "Your {name} agrees with the crate's on all {agreed} cases from real searches."
            ),
            Some(Difference::Ucb1 {
                case,
                right,
                theirs,
            }) => {
                let given = format!(
                    "a move tried {} times that won {} (a draw counts ½), from a position visited {} times, with c = {}",
                    case.visits,
                    number(case.wins),
                    case.parent_visits,
                    number(case.exploration)
                );
                match theirs {
                    Ok(theirs) => format!(
                        "Your {name} agrees on {agreed} {cases}, but for {given} it gives {}; the crate's gives {}.{}",
                        number(*theirs),
                        number(*right),
                        if case.visits == 0 {
                            " A move never tried must come first: its value is infinity (f64::INFINITY)."
                        } else {
                            ""
                        }
                    ),
                    Err(message) => format!(
                        "Your {name} agrees on {agreed} {cases}, but for {given} it panicked: {message}."
                    ),
                }
            }
            Some(Difference::Backpropagation { ending, theirs, .. }) => match theirs {
                Ok(_) => format!(
                    "Your {name} agrees on {agreed} {playouts}, but on this one ({ending}) its counts differ from the crate's: see the table."
                ),
                Err(message) => format!(
                    "Your {name} agrees on {agreed} {playouts}, but on this one ({ending}) it panicked: {message}."
                ),
            },
        }
    }
}

impl Picture for MctsCheck {
    /// The verdict in green or red; for a difference, the position and the numbers, or the
    /// path before and after with the crate's counts and the learner's.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = verdict_box(scale, (self.is_right(), RIGHT, NOT_YET), &self.verdict());
        match &self.difference {
            None => {}
            Some(Difference::Ucb1 { case, .. }) => {
                let view = case.board.view();
                let view = match case.chosen {
                    Some(square) => view.highlight(SquareSet::from_square(square)),
                    None => view,
                };
                inner.push(
                    div()
                        .css("margin-top", scale.px(6))
                        .child(view.table_html(scale)),
                );
                inner.push(caption(
                    scale,
                    &match case.chosen {
                        Some(square) => format!(
                            "The move: {} on {square} (in yellow), giving {}.",
                            !case.board.turn(),
                            case.board
                        ),
                        None => format!("The position: {}.", case.board),
                    },
                ));
            }
            Some(Difference::Backpropagation {
                boards,
                before,
                right,
                theirs,
                ..
            }) => {
                let mut table = plain_table()
                    .css("margin-top", scale.px(8))
                    .css("color", INK)
                    .child(
                        tr().children(
                            [
                                "position (root first)",
                                "counted for",
                                "before: visits, wins",
                                "the crate's after",
                                "yours after",
                            ]
                            .map(|h| heading_cell(scale, h)),
                        ),
                    );
                let counts = |n: &PathNode| format!("{}, {}", n.visits, number(n.wins));
                for (i, board) in boards.iter().enumerate() {
                    let yours = match theirs {
                        Ok(path) => path.get(i).map_or("missing".to_owned(), counts),
                        Err(_) => "(panicked)".to_owned(),
                    };
                    table = table.child(
                        tr().child(
                            cell(scale)
                                .child(board.view().size(14).digits(false).table_html(scale)),
                        )
                        .child(cell(scale).text(&before[i].mover.to_string()))
                        .child(cell(scale).text(&counts(&before[i])))
                        .child(cell(scale).text(&counts(&right[i])))
                        .child(cell(scale).text(&yours)),
                    );
                }
                inner.push(table);
            }
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for MctsCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            if self.is_right() {
                "Right!"
            } else {
                "Not yet."
            },
            self.verdict()
        )
    }
}

notebook_pictures!(MctsCheck);

#[cfg(test)]
mod tests {
    use super::*;

    fn right_ucb1(wins: f64, visits: u32, parent: u32, c: f64) -> f64 {
        if visits == 0 {
            return f64::INFINITY;
        }
        let n = f64::from(visits);
        wins / n + c * (f64::from(parent).ln() / n).sqrt()
    }

    #[test]
    fn a_right_ucb1_passes_and_each_usual_slip_is_caught() {
        let right = check_ucb1(right_ucb1);
        assert!(right.is_right(), "{right}");
        assert!(right.checked() > 1_000, "{right}");
        // No square root.
        let slip = check_ucb1(|w, n, p, c| {
            if n == 0 {
                f64::INFINITY
            } else {
                w / f64::from(n) + c * f64::from(p).ln() / f64::from(n)
            }
        });
        assert!(
            !slip.is_right() && slip.to_string().contains("the crate's gives"),
            "{slip}"
        );
        // Untried moves not first.
        let slip = check_ucb1(|w, n, p, c| right_ucb1(w, n.max(1), p, c));
        assert!(slip.to_string().contains("infinity"), "{slip}");
        let panics = check_ucb1(|_, _, _, _| -> f64 { panic!("not written yet") });
        assert!(
            panics.to_string().contains("panicked: not written yet"),
            "{panics}"
        );
        assert!(!panics.to_html().as_str().is_empty());
    }

    #[test]
    fn a_right_backpropagation_passes_and_a_draw_counted_as_a_loss_is_caught() {
        fn right(path: &mut [PathNode], ending: Ending) {
            for node in path {
                node.visits += 1;
                node.wins += match ending {
                    Ending::Won(winner) if winner == node.mover => 1.0,
                    Ending::Won(_) => 0.0,
                    Ending::Drawn => 0.5,
                };
            }
        }
        let check = check_backpropagation(right);
        assert!(check.is_right() && check.checked() == 300, "{check}");
        let aima = check_backpropagation(|path: &mut [PathNode], ending| {
            for node in path {
                node.visits += 1;
                if ending == Ending::Won(node.mover) {
                    node.wins += 1.0;
                }
            }
        });
        assert!(!aima.is_right(), "{aima}");
        assert!(aima.to_html().as_str().contains("the crate"));
        // Counting every win for X, whoever moved.
        let x_only = check_backpropagation(|path: &mut [PathNode], ending| {
            for node in path {
                node.visits += 1;
                if ending == Ending::Won(Player::X) {
                    node.wins += 1.0;
                }
            }
        });
        assert!(!x_only.is_right(), "{x_only}");
    }
}
