//! Monte Carlo tree search on tic-tac-toe, one playout at a time: the path selection took with
//! each move's UCB1 value, the position added to the tree, the random moves of the playout,
//! and the counts updated on the way back; and the tree as it stands.
//!
//! The search is the engine's own ([`mcts`]): the same seed grows the same
//! tree, so a step forward or back replays it from the start to the playout asked for.

use std::fmt;

use crate::engine::mcts::{self, MctsTree, NodeId, Watch, ucb1};
use crate::engine::{DEFAULT_SEED, Ending, TicTacToe};
use crate::render::palette::{BAR, GOOD, HEADING, INK, MUTED, PAPER};
use crate::render::parts::{
    bar, caption, card, cell, heading_cell, note, plain_table, row_of_boards, title,
};
use crate::render::{BoardView, Html, Picture, Scale, div, notebook_pictures, tr};
use crate::rules::text::thousands;
use crate::rules::{Board, Player, Square, SquareSet};

/// The most playouts a [`PlayoutSteps`] goes to: each step replays the search from the start,
/// and this keeps a step well within a second in a notebook cell.
pub const MAX_STEPPED_PLAYOUTS: u32 = 20_000;

/// A Monte Carlo tree search on a board, watched one playout at a time.
///
/// ```
/// use magic_tictactoe::playouts::PlayoutSteps;
/// use magic_tictactoe::Board;
///
/// let mut steps = PlayoutSteps::new(Board::new());
/// steps.step();
/// let first = steps.last_playout().expect("one playout made");
/// // The first playout at the root: every move untried, so the first in keypad order.
/// assert_eq!(first.path.len(), 1);
/// assert!(first.path[0].candidates.iter().all(|c| c.visits == 0));
/// steps.steps(99);
/// assert_eq!(steps.tree().playouts(), 100);
/// steps.back();
/// assert_eq!(steps.playouts(), 99);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct PlayoutSteps {
    board: Board,
    seed: u64,
    exploration: f64,
    done: u32,
}

/// One move considered at a position on the path: its counts before the playout and its UCB1
/// value then (infinite for a move never tried).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// The move.
    pub square: Square,
    /// Playouts that had begun with it.
    pub visits: u32,
    /// What they had scored for the player making it, in half points (2 a win, 1 a draw).
    pub half_points: u32,
    /// Its UCB1 value at the time.
    pub ucb1: f64,
}

/// A position on the path down the tree, and the move selection took there.
#[derive(Debug, Clone, PartialEq)]
pub struct Selection {
    /// The position.
    pub board: Board,
    /// Its moves, in keypad order, with their counts before this playout.
    pub candidates: Vec<Candidate>,
    /// The move taken: the highest UCB1 value (the first untried move, when there is one).
    pub chosen: Square,
}

/// A position's counts on the way back up, before and after this playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Update {
    /// The position.
    pub board: Board,
    /// Who made the move into it: its score counts for them.
    pub mover: Player,
    /// Visits before and after.
    pub visits: (u32, u32),
    /// Half points before and after.
    pub half_points: (u32, u32),
}

/// Everything one playout did.
#[derive(Debug, Clone, PartialEq)]
pub struct Playout {
    /// Which playout: 1 for the first.
    pub number: u32,
    /// Selection: the moves taken down the tree, from the root.
    pub path: Vec<Selection>,
    /// Expansion: the position added to the tree, if one was (a finished game already in the
    /// tree adds none).
    pub added: Option<Board>,
    /// The playout: the random moves from there to the end.
    pub moves: Vec<Square>,
    /// How the game ended.
    pub ending: Ending,
    /// Back-propagation: the counts of each position on the path, the root first.
    pub updates: Vec<Update>,
}

/// Records what one playout (the `target`-th) does.
#[derive(Default)]
struct Recorder {
    target: u32,
    count: u32,
    path: Vec<NodeId>,
    added: Option<NodeId>,
    moves: Vec<Square>,
    ending: Option<Ending>,
}

impl Recorder {
    fn on(&self) -> bool {
        self.count == self.target
    }
}

impl Watch<TicTacToe> for Recorder {
    fn playout_begins(&mut self) {
        self.count += 1;
    }
    fn selected(&mut self, parent: NodeId, child: NodeId) {
        if self.on() {
            if self.path.is_empty() {
                self.path.push(parent);
            }
            self.path.push(child);
        }
    }
    fn added(&mut self, node: NodeId) {
        if self.on() {
            self.added = Some(node);
        }
    }
    fn played(&mut self, chosen: Square) {
        if self.on() {
            self.moves.push(chosen);
        }
    }
    fn ended(&mut self, ending: Ending) {
        if self.on() {
            self.ending = Some(ending);
        }
    }
}

impl PlayoutSteps {
    /// A search of `board`, no playout made yet, with the crate's seed and the exploration
    /// constant √2.
    pub fn new(board: Board) -> PlayoutSteps {
        PlayoutSteps {
            board,
            seed: DEFAULT_SEED,
            exploration: mcts::DEFAULT_EXPLORATION,
            done: 0,
        }
    }

    /// The same search with its playouts drawn from `seed`, started again.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> PlayoutSteps {
        self.seed = seed;
        self.done = 0;
        self
    }

    /// The same search with exploration constant `c` (see
    /// [`Mcts::exploration`](mcts::Mcts::exploration)), started again.
    #[must_use]
    pub fn exploration(mut self, c: f64) -> PlayoutSteps {
        self.exploration = mcts::Mcts::new(1).map_or(mcts::DEFAULT_EXPLORATION, |search| {
            search.exploration(c).exploration_constant()
        });
        self.done = 0;
        self
    }

    /// One more playout.
    pub fn step(&mut self) -> &PlayoutSteps {
        self.steps(1)
    }

    /// `n` more playouts, up to [`MAX_STEPPED_PLAYOUTS`] in all.
    pub fn steps(&mut self, n: usize) -> &PlayoutSteps {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        self.done = self.done.saturating_add(n).min(MAX_STEPPED_PLAYOUTS);
        self
    }

    /// One playout back.
    pub fn back(&mut self) -> &PlayoutSteps {
        self.done = self.done.saturating_sub(1);
        self
    }

    /// Back to no playout.
    pub fn restart(&mut self) -> &PlayoutSteps {
        self.done = 0;
        self
    }

    /// Playouts made so far.
    pub fn playouts(&self) -> u32 {
        self.done
    }

    /// The board searched.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Whether it has made as many playouts as it may ([`MAX_STEPPED_PLAYOUTS`]).
    pub fn is_at_limit(&self) -> bool {
        self.done == MAX_STEPPED_PLAYOUTS
    }

    fn grow(&self, playouts: u32, watch: &mut Recorder) -> MctsTree<TicTacToe> {
        mcts::search(
            &TicTacToe::default(),
            &self.board,
            playouts,
            self.exploration,
            &mut fastrand::Rng::with_seed(self.seed),
            watch,
        )
    }

    /// The tree after the playouts made so far.
    pub fn tree(&self) -> MctsTree<TicTacToe> {
        self.grow(self.done, &mut Recorder::default())
    }

    /// What the last playout did; `None` before the first.
    pub fn last_playout(&self) -> Option<Playout> {
        self.replay().1
    }

    /// The tree after the playouts made so far, and what the last one did: two searches from
    /// the seed (to the playout before the last, and to the last, watched).
    fn replay(&self) -> (MctsTree<TicTacToe>, Option<Playout>) {
        if self.done == 0 {
            return (self.tree(), None);
        }
        let before = self.grow(self.done - 1, &mut Recorder::default());
        let mut recorder = Recorder {
            target: self.done,
            ..Recorder::default()
        };
        let after = self.grow(self.done, &mut recorder);
        let playout = self.playout_of(&before, &after, recorder);
        (after, Some(playout))
    }

    /// The last playout, read from the trees before and after it and what the recorder saw.
    fn playout_of(
        &self,
        before: &MctsTree<TicTacToe>,
        after: &MctsTree<TicTacToe>,
        recorder: Recorder,
    ) -> Playout {
        let path = if recorder.path.is_empty() {
            vec![after.root()]
        } else {
            recorder.path.clone()
        };
        let counts = |tree: &MctsTree<TicTacToe>, id: NodeId| {
            tree.node(id).map_or((0, 0), |n| (n.visits, n.half_points))
        };
        let selections = path
            .windows(2)
            .filter_map(|pair| {
                let (parent, child) = (pair[0], pair[1]);
                let parent_visits = counts(before, parent).0;
                let candidates = after
                    .children(parent)
                    .filter_map(|id| {
                        let (visits, half_points) = counts(before, id);
                        Some(Candidate {
                            square: after.node(id)?.chosen?,
                            visits,
                            half_points,
                            ucb1: ucb1(half_points, visits, parent_visits, self.exploration),
                        })
                    })
                    .collect();
                Some(Selection {
                    board: after.node(parent)?.position,
                    candidates,
                    chosen: after.node(child)?.chosen?,
                })
            })
            .collect();
        let updates = path
            .iter()
            .filter_map(|&id| {
                let node = after.node(id)?;
                let (visits, half_points) = counts(before, id);
                Some(Update {
                    board: node.position,
                    mover: node.mover,
                    visits: (visits, node.visits),
                    half_points: (half_points, node.half_points),
                })
            })
            .collect();
        Playout {
            number: self.done,
            path: selections,
            added: recorder
                .added
                .and_then(|id| after.node(id))
                .map(|n| n.position),
            moves: recorder.moves,
            ending: recorder.ending.unwrap_or(Ending::Drawn),
            updates,
        }
    }

    fn heading(&self) -> String {
        format!(
            "Monte Carlo tree search of {} ({} to move): {} {} made",
            self.board,
            self.board.turn(),
            thousands(u64::from(self.done)),
            if self.done == 1 {
                "playout"
            } else {
                "playouts"
            }
        )
    }
}

/// A win rate as a whole percentage.
fn percent(half_points: u32, visits: u32) -> String {
    if visits == 0 {
        "–".to_owned()
    } else {
        format!("{:.0}%", f64::from(half_points) * 50.0 / f64::from(visits))
    }
}

fn ucb_text(value: f64) -> String {
    if value.is_infinite() {
        "untried".to_owned()
    } else {
        format!("{value:.2}")
    }
}

fn small_board(board: Board, marked: Option<Square>) -> BoardView {
    let view = BoardView::new(board).size(16).digits(false);
    match marked {
        Some(square) => view.highlight(SquareSet::from_square(square)),
        None => view,
    }
}

impl Playout {
    fn selection_html(&self, scale: Scale) -> Html {
        let mut rows = Html::default();
        for step in &self.path {
            let mut row = tr().child(
                cell(scale)
                    .css("vertical-align", "middle")
                    .child(small_board(step.board, None).table_html(scale)),
            );
            for candidate in &step.candidates {
                let chosen = candidate.square == step.chosen;
                let (background, ink) = if chosen { GOOD } else { (PAPER, INK) };
                row = row.child(
                    cell(scale)
                        // Nine moves and the board fit a projector's width at 1.5x.
                        .css("padding", (scale.px(3), scale.px(5)))
                        .css("background", background)
                        .css("color", ink)
                        .css("text-align", "center")
                        .css("white-space", "nowrap")
                        .child(div().css("font-weight", "700").text(&format!(
                            "{} on {}",
                            step.board.turn(),
                            candidate.square
                        )))
                        .child(div().text(&format!(
                            "{} · {}",
                            thousands(u64::from(candidate.visits)),
                            percent(candidate.half_points, candidate.visits)
                        )))
                        .child(div().text(&ucb_text(candidate.ucb1))),
                );
            }
            rows.push(row);
        }
        plain_table().child(rows).into()
    }

    fn playout_html(&self, scale: Scale) -> Html {
        let Some(start) = self.added.or(self.path.last().map(|s| s.board)) else {
            return Html::default();
        };
        let mut board = start;
        let mut boards = vec![("added".to_owned(), small_board(start, None))];
        for &square in &self.moves {
            board = board.try_play(square).unwrap_or(board);
            boards.push((
                format!("{} on {square}", !board.turn()),
                small_board(board, Some(square)),
            ));
        }
        div()
            .css("overflow-x", "auto")
            .child(row_of_boards(scale, &boards))
            .into()
    }

    fn updates_html(&self, scale: Scale) -> Html {
        let mut table = plain_table().child(
            tr().children(
                ["position", "counted for", "visits", "score (wins, draws ½)"]
                    .map(|heading| heading_cell(scale, heading)),
            ),
        );
        for update in &self.updates {
            let wins = |half: u32| {
                if half.is_multiple_of(2) {
                    thousands(u64::from(half / 2))
                } else {
                    format!("{}½", thousands(u64::from(half / 2)))
                }
            };
            table = table.child(
                tr().child(cell(scale).child(small_board(update.board, None).table_html(scale)))
                    .child(cell(scale).text(&update.mover.to_string()))
                    .child(cell(scale).text(&format!("{} → {}", update.visits.0, update.visits.1)))
                    .child(cell(scale).text(&format!(
                        "{} → {}",
                        wins(update.half_points.0),
                        wins(update.half_points.1)
                    ))),
            );
        }
        table.into()
    }
}

impl PlayoutSteps {
    /// The root's moves as the tree stands: a column each, with its visits (a bar) and win
    /// rate; the most tried in green.
    fn tree_html(&self, scale: Scale, tree: &MctsTree<TicTacToe>) -> Html {
        let children: Vec<_> = tree.children(tree.root()).collect();
        if children.is_empty() {
            return Html::default();
        }
        let most = children
            .iter()
            .filter_map(|&id| tree.node(id))
            .map(|n| n.visits)
            .max()
            .unwrap_or(0)
            .max(1);
        let best = tree.best_child();
        let mut boards = tr();
        let mut counts = tr();
        for id in children {
            let Some(node) = tree.node(id) else { continue };
            let (background, ink) = if Some(id) == best && node.visits > 0 {
                GOOD
            } else {
                (PAPER, INK)
            };
            boards = boards.child(
                cell(scale)
                    .css("padding", (scale.px(3), scale.px(5)))
                    .css("text-align", "center")
                    .child(div().css("color", MUTED).text(&format!(
                        "{} on {}",
                        node.mover,
                        node.chosen.map_or(String::new(), |s| s.to_string())
                    )))
                    .child(small_board(node.position, node.chosen).table_html(scale)),
            );
            counts = counts.child(
                cell(scale)
                    .css("padding", (scale.px(3), scale.px(5)))
                    .css("background", background)
                    .css("color", ink)
                    .css("text-align", "center")
                    .css("white-space", "nowrap")
                    .child(div().text(&format!(
                        "{} {}",
                        thousands(u64::from(node.visits)),
                        if node.visits == 1 { "visit" } else { "visits" }
                    )))
                    .child(bar(
                        scale,
                        f64::from(node.visits) / f64::from(most),
                        60,
                        BAR,
                    ))
                    .child(div().text(&format!("wins {}", percent(node.half_points, node.visits)))),
            );
        }
        div()
            .css("overflow-x", "auto")
            .child(plain_table().child(boards).child(counts))
            .into()
    }
}

fn section(scale: Scale, text: &str) -> Html {
    div()
        .css("font-weight", "700")
        .css("background", HEADING)
        .css("color", INK)
        .css("padding", (scale.px(2), scale.px(6)))
        .css(
            "margin",
            (scale.px(8), scale.px(0), scale.px(4), scale.px(0)),
        )
        .text(text)
        .into()
}

impl Picture for PlayoutSteps {
    /// The last playout in four parts (selection with each move's visits, win rate and UCB1;
    /// the position added; the random moves; the counts on the way back) and the root's moves
    /// as the tree stands.
    fn draw(&self, scale: Scale) -> Html {
        let (tree, last) = self.replay();
        let mut inner = title(scale, &self.heading());
        match last {
            None => inner.push(caption(scale, "No playout yet: call step() for the first.")),
            Some(playout) => {
                inner.push(section(
                    scale,
                    &format!(
                        "Playout {}. 1. Selection: at each position, the move with the highest UCB1 (green). Each move: visits · win rate, then UCB1 (a move never tried has UCB1 infinity: untried moves come first).",
                        thousands(u64::from(playout.number))
                    ),
                ));
                if playout.path.is_empty() {
                    inner.push(caption(scale, "The game is over here: nothing to select."));
                } else {
                    inner.push(
                        div()
                            .css("overflow-x", "auto")
                            .child(playout.selection_html(scale)),
                    );
                }
                inner.push(section(
                    scale,
                    "2. Expansion, 3. playout: the position added, then random moves to the end",
                ));
                inner.push(playout.playout_html(scale));
                inner.push(note(
                    scale,
                    &format!(
                        "The playout ended: {}. Counted as {}.",
                        playout.ending,
                        match playout.ending {
                            Ending::Won(_) => "a win for the winner, a loss for the other",
                            Ending::Drawn => "half a win for both",
                        }
                    ),
                ));
                inner.push(section(scale, "4. Back-propagation: the counts on the path, each for the player who moved into the position"));
                inner.push(playout.updates_html(scale));
            }
        }
        inner.push(section(
            scale,
            "The tree now: the moves from the root (the most tried is played, in green)",
        ));
        inner.push(self.tree_html(scale, &tree));
        let mut words = format!("The tree holds {} positions.", thousands(tree.len() as u64));
        if self.is_at_limit() {
            words.push_str(&format!(
                " Stopped at {} playouts, the most a step-by-step search makes.",
                thousands(u64::from(MAX_STEPPED_PLAYOUTS))
            ));
        }
        inner.push(
            div()
                .css("color", MUTED)
                .css("background", PAPER)
                .text(&words),
        );
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for PlayoutSteps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.heading())?;
        let (tree, last) = self.replay();
        if let Some(playout) = last {
            for step in &playout.path {
                let options: Vec<String> = step
                    .candidates
                    .iter()
                    .map(|c| {
                        format!(
                            "{}{}: {} visits, {}, UCB1 {}",
                            if c.square == step.chosen { "*" } else { "" },
                            c.square,
                            c.visits,
                            percent(c.half_points, c.visits),
                            ucb_text(c.ucb1)
                        )
                    })
                    .collect();
                writeln!(f, "at {}: {}", step.board, options.join("; "))?;
            }
            let moves: Vec<String> = playout.moves.iter().map(|s| s.to_string()).collect();
            writeln!(
                f,
                "added {}; playout {}; {}",
                playout
                    .added
                    .map_or("nothing".to_owned(), |b| b.to_string()),
                if moves.is_empty() {
                    "no moves".to_owned()
                } else {
                    moves.join(" ")
                },
                playout.ending
            )?;
        }
        let best = tree.best_move();
        write!(
            f,
            "most tried at the root: {}",
            best.map_or("none".to_owned(), |s| s.to_string())
        )
    }
}

notebook_pictures!(PlayoutSteps);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_playout_adds_one_visit_on_its_path_and_the_win_to_the_right_side() {
        let mut steps = PlayoutSteps::new(Board::new()).seed(11);
        for number in 1..=200 {
            steps.step();
            let playout = steps.last_playout().unwrap();
            assert_eq!(playout.number, number);
            for update in &playout.updates {
                assert_eq!(update.visits.1, update.visits.0 + 1);
                let gained = update.half_points.1 - update.half_points.0;
                assert_eq!(gained, playout.ending.half_points(update.mover));
            }
            // The path is the root and then each chosen move, one update per position.
            assert_eq!(playout.updates.len(), playout.path.len() + 1);
            // Selection took the highest UCB1 (the first among equals).
            for step in &playout.path {
                let best = step
                    .candidates
                    .iter()
                    .fold(None::<&Candidate>, |best, c| match best {
                        Some(b) if b.ucb1 >= c.ucb1 => Some(b),
                        _ => Some(c),
                    })
                    .unwrap();
                assert_eq!(
                    best.square, step.chosen,
                    "playout {number} at {}",
                    step.board
                );
            }
            // The playout's moves, played from the position added, end as it says.
            if let Some(added) = playout.added {
                let end = playout
                    .moves
                    .iter()
                    .fold(added, |board, &square| board.try_play(square).unwrap());
                let ending = match end.winner() {
                    Some(winner) => Ending::Won(winner),
                    None => Ending::Drawn,
                };
                assert!(end.is_over());
                assert_eq!(ending, playout.ending);
            }
        }
        assert_eq!(steps.tree().playouts(), 200);
    }

    #[test]
    fn back_and_forward_show_the_same_playout() {
        let mut steps = PlayoutSteps::new("X../.O./...".parse().unwrap());
        steps.steps(30);
        let thirtieth = steps.last_playout();
        steps.step();
        steps.back();
        assert_eq!(steps.last_playout(), thirtieth);
        steps.restart();
        assert_eq!(steps.last_playout(), None);
        steps.steps(usize::MAX);
        assert!(steps.is_at_limit());
    }

    #[test]
    fn a_finished_game_is_drawn_without_a_path() {
        let mut steps = PlayoutSteps::new("XXX/OO./...".parse().unwrap());
        steps.step();
        let playout = steps.last_playout().unwrap();
        assert!(playout.path.is_empty() && playout.added.is_none());
        assert_eq!(playout.ending, Ending::Won(Player::X));
        assert!(steps.to_html().as_str().contains("The game is over here"));
    }
}
