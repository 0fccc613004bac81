//! Monte Carlo tree search one playout at a time, on tic-tac-toe or any game the pictures can
//! show ([`ShowGame`]): the path selection took with each move's UCB1 value, the position added
//! to the tree, the random moves of the playout, and the counts updated on the way back; and the
//! tree as it stands.
//!
//! The search is the engine's own ([`mcts`]): the same seed grows the same
//! tree, so a step forward or back replays it from the start to the playout asked for.

use std::fmt;

use super::mcts_view::{left_out_note, percent};
use crate::engine::DEFAULT_SEED;
use crate::engine::mcts::{self, MctsTree, NodeId, Watch, ucb1};
use crate::render::palette::{GOOD, INK, PAPER};
use crate::render::parts::{cell, heading_cell, labelled, plain_table};
use crate::render::{Html, Scale, ShowGame, div, move_name, tr, with_turn};
use crate::rules::text::thousands;
use crate::rules::{Board, Player, Square};
use crate::rules::{Ending, TicTacToe, TwoPlayerGame};

mod view;

use view::{MAX_DRAWN_PLAYOUT_MOVES, shown_candidates};

/// The most playouts a [`PlayoutSteps`] goes to: each step replays the search from the start,
/// and this keeps a step well within a second in a notebook cell.
pub const MAX_STEPPED_PLAYOUTS: u32 = 20_000;

/// A Monte Carlo tree search on a position, watched one playout at a time: of a tic-tac-toe
/// board (`PlayoutSteps::new(board)`), or of any game the pictures can show
/// (`PlayoutSteps::new_for(game, position)`).
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
#[derive(Clone)]
pub struct PlayoutSteps<G: ShowGame = TicTacToe> {
    game: G,
    position: G::Position,
    seed: u64,
    exploration: f64,
    done: u32,
}

impl<G: ShowGame> fmt::Debug for PlayoutSteps<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayoutSteps")
            .field("position", &self.game.position_text(&self.position))
            .field("seed", &self.seed)
            .field("exploration", &self.exploration)
            .field("playouts", &self.done)
            .finish()
    }
}

/// One move considered at a position on the path: its counts before the playout and its UCB1
/// value then (infinite for a move never tried).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate<M = Square> {
    /// The move.
    pub choice: M,
    /// Playouts that had begun with it.
    pub visits: u32,
    /// What they had scored for the player making it, in half points (2 a win, 1 a draw).
    pub half_points: u32,
    /// Its UCB1 value at the time.
    pub ucb1: f64,
}

/// A position on the path down the tree, and the move selection took there.
#[derive(Debug, Clone, PartialEq)]
pub struct Selection<P = Board, M = Square> {
    /// The position.
    pub position: P,
    /// Its moves, in the game's order (keypad order for tic-tac-toe), with their counts before
    /// this playout.
    pub candidates: Vec<Candidate<M>>,
    /// The move taken: the highest UCB1 value (the first untried move, when there is one).
    pub chosen: M,
}

/// A position's counts on the way back up, before and after this playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Update<P = Board> {
    /// The position.
    pub position: P,
    /// Who made the move into it: its score counts for them.
    pub mover: Player,
    /// Visits before and after.
    pub visits: (u32, u32),
    /// Half points before and after.
    pub half_points: (u32, u32),
}

/// Everything one playout did.
#[derive(Debug, Clone, PartialEq)]
pub struct Playout<P = Board, M = Square> {
    /// Which playout: 1 for the first.
    pub number: u32,
    /// Selection: the moves taken down the tree, from the root.
    pub path: Vec<Selection<P, M>>,
    /// Expansion: the position added to the tree, and the move into it, if one was (a
    /// finished game already in the tree adds none).
    pub added: Option<(P, Option<M>)>,
    /// The playout: the random moves from there to the end.
    pub moves: Vec<M>,
    /// How the game ended.
    pub ending: Ending,
    /// Back-propagation: the counts of each position on the path, the root first.
    pub updates: Vec<Update<P>>,
}

/// A playout of game `G`.
type PlayoutOf<G> = Playout<<G as TwoPlayerGame>::Position, <G as TwoPlayerGame>::Move>;

/// Records what one playout (the `target`-th) does.
struct Recorder<M> {
    target: u32,
    count: u32,
    path: Vec<NodeId>,
    added: Option<NodeId>,
    moves: Vec<M>,
    ending: Option<Ending>,
}

impl<M> Recorder<M> {
    fn new(target: u32) -> Recorder<M> {
        Recorder {
            target,
            count: 0,
            path: Vec::new(),
            added: None,
            moves: Vec::new(),
            ending: None,
        }
    }

    fn on(&self) -> bool {
        self.count == self.target
    }
}

impl<G: TwoPlayerGame> Watch<G> for Recorder<G::Move> {
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
    fn played(&mut self, chosen: G::Move) {
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

impl PlayoutSteps<TicTacToe> {
    /// A search of `board`, no playout made yet, with the crate's seed and the exploration
    /// constant √2. [`PlayoutSteps::new_for`] on any game.
    pub fn new(board: Board) -> PlayoutSteps {
        PlayoutSteps::new_for(TicTacToe::default(), board)
    }

    /// The board searched.
    pub fn board(&self) -> Board {
        self.position
    }
}

impl<G: ShowGame> PlayoutSteps<G> {
    /// A search of `position` of `game`, no playout made yet, with the crate's seed and the
    /// exploration constant √2.
    ///
    /// ```
    /// use magic_tictactoe::playouts::PlayoutSteps;
    /// use magic_tictactoe::prelude::*;
    ///
    /// let game = ConnectFour::new(4, 4)?;
    /// let mut steps = PlayoutSteps::new_for(game.clone(), game.start());
    /// steps.steps(50);
    /// assert_eq!(steps.tree().playouts(), 50);
    /// assert!(steps.to_html().as_str().contains("in column"));
    /// # Ok::<(), magic_tictactoe::LimitError>(())
    /// ```
    pub fn new_for(game: G, position: G::Position) -> PlayoutSteps<G> {
        PlayoutSteps {
            game,
            position,
            seed: DEFAULT_SEED,
            exploration: mcts::DEFAULT_EXPLORATION,
            done: 0,
        }
    }

    /// The same search with its playouts drawn from `seed`, started again.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> PlayoutSteps<G> {
        self.seed = seed;
        self.done = 0;
        self
    }

    /// The same search with exploration constant `c` (see
    /// [`Mcts::exploration`](mcts::Mcts::exploration)), started again.
    #[must_use]
    pub fn exploration(mut self, c: f64) -> PlayoutSteps<G> {
        self.exploration = mcts::Mcts::new(1).map_or(mcts::DEFAULT_EXPLORATION, |search| {
            search.exploration(c).exploration_constant()
        });
        self.done = 0;
        self
    }

    /// One more playout.
    pub fn step(&mut self) -> &PlayoutSteps<G> {
        self.steps(1)
    }

    /// `n` more playouts, up to [`MAX_STEPPED_PLAYOUTS`] in all.
    pub fn steps(&mut self, n: usize) -> &PlayoutSteps<G> {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        self.done = self.done.saturating_add(n).min(MAX_STEPPED_PLAYOUTS);
        self
    }

    /// One playout back.
    pub fn back(&mut self) -> &PlayoutSteps<G> {
        self.done = self.done.saturating_sub(1);
        self
    }

    /// Back to no playout.
    pub fn restart(&mut self) -> &PlayoutSteps<G> {
        self.done = 0;
        self
    }

    /// Playouts made so far.
    pub fn playouts(&self) -> u32 {
        self.done
    }

    /// The position searched.
    pub fn position(&self) -> &G::Position {
        &self.position
    }

    /// Whether it has made as many playouts as it may ([`MAX_STEPPED_PLAYOUTS`]).
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn is_at_limit(&self) -> bool {
        self.done == MAX_STEPPED_PLAYOUTS
    }

    fn grow(&self, playouts: u32, watch: &mut Recorder<G::Move>) -> MctsTree<G> {
        mcts::search(
            &self.game,
            &self.position,
            playouts,
            self.exploration,
            &mut fastrand::Rng::with_seed(self.seed),
            watch,
        )
    }

    /// The tree after the playouts made so far.
    pub fn tree(&self) -> MctsTree<G> {
        self.grow(self.done, &mut Recorder::new(0))
    }

    /// What the last playout did; `None` before the first.
    pub fn last_playout(&self) -> Option<PlayoutOf<G>> {
        self.replay().1
    }

    /// The tree after the playouts made so far, and what the last one did: one search from
    /// the seed, its last playout watched. `None` before the first playout, and when the search
    /// stopped before the last (the tree says why).
    fn replay(&self) -> (MctsTree<G>, Option<PlayoutOf<G>>) {
        let mut recorder = Recorder::new(self.done);
        let after = self.grow(self.done, &mut recorder);
        if self.done == 0 || after.playouts() < self.done {
            return (after, None);
        }
        let playout = self.playout_of(&after, recorder);
        (after, Some(playout))
    }

    /// The last playout, read from the tree after it and what the recorder saw: before it,
    /// each position on its path had one visit fewer and not the ending's points.
    fn playout_of(&self, after: &MctsTree<G>, recorder: Recorder<G::Move>) -> PlayoutOf<G> {
        let path = if recorder.path.is_empty() {
            vec![after.root()]
        } else {
            recorder.path.clone()
        };
        let ending = recorder.ending.unwrap_or(Ending::Drawn);
        let before = |id: NodeId| {
            after.node(id).map_or((0, 0), |n| {
                if path.contains(&id) {
                    (
                        n.visits.saturating_sub(1),
                        n.half_points.saturating_sub(ending.half_points(n.mover)),
                    )
                } else {
                    (n.visits, n.half_points)
                }
            })
        };
        let selections = path
            .windows(2)
            .filter_map(|pair| {
                let (parent, child) = (pair[0], pair[1]);
                let parent_visits = before(parent).0;
                let candidates = after
                    .children(parent)
                    .filter_map(|id| {
                        let (visits, half_points) = before(id);
                        Some(Candidate {
                            choice: after.node(id)?.chosen?,
                            visits,
                            half_points,
                            ucb1: ucb1(half_points, visits, parent_visits, self.exploration),
                        })
                    })
                    .collect();
                Some(Selection {
                    position: after.node(parent)?.position.clone(),
                    candidates,
                    chosen: after.node(child)?.chosen?,
                })
            })
            .collect();
        let updates = path
            .iter()
            .filter_map(|&id| {
                let node = after.node(id)?;
                let (visits, half_points) = before(id);
                Some(Update {
                    position: node.position.clone(),
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
                .map(|n| (n.position.clone(), n.chosen)),
            moves: recorder.moves,
            ending,
            updates,
        }
    }

    /// What a search that stopped before the playouts asked for says: how far it got and why.
    fn stopped_words(&self, tree: &MctsTree<G>) -> String {
        let why = match (tree.panicked(), tree.stopped_by()) {
            (Some(panicked), _) => format!(": {panicked}"),
            (None, Some(refusal)) => format!(": {refusal}"),
            (None, None) => String::new(),
        };
        format!(
            "The search stopped after {} of the {} playouts asked for{why}. Ask for fewer steps, or search a position nearer the end.",
            thousands(u64::from(tree.playouts())),
            thousands(u64::from(self.done)),
        )
    }

    fn heading(&self) -> String {
        format!(
            "Monte Carlo tree search of {}: {} {} made",
            with_turn(
                &self.game.position_text(&self.position),
                self.game.to_move(&self.position)
            ),
            thousands(u64::from(self.done)),
            if self.done == 1 {
                "playout"
            } else {
                "playouts"
            }
        )
    }
}

fn ucb_text(value: f64) -> String {
    if value.is_infinite() {
        "untried".to_owned()
    } else {
        format!("{value:.2}")
    }
}

impl<P: Clone, M: Copy + PartialEq> Playout<P, M> {
    fn selection_html<G>(&self, game: &G, scale: Scale) -> Html
    where
        G: ShowGame<Position = P, Move = M>,
    {
        let mut rows = Html::default();
        for step in &self.path {
            let mover = game.to_move(&step.position);
            // The position, then a block for each move: they wrap onto more lines when a game
            // has more moves than a line holds.
            let mut row = div()
                .css("margin-bottom", scale.px(6))
                .css("background", PAPER)
                .child(
                    div()
                        .css("display", "inline-block")
                        .css("vertical-align", "middle")
                        .css("margin-right", scale.px(8))
                        .child(game.position_html(&step.position, None, scale)),
                );
            let (shown, left_out) = shown_candidates(&step.candidates, step.chosen);
            for candidate in shown {
                let chosen = candidate.choice == step.chosen;
                let (background, ink) = if chosen { GOOD } else { (PAPER, INK) };
                row = row.child(
                    div()
                        .css("display", "inline-block")
                        .css("vertical-align", "middle")
                        .css("padding", (scale.px(3), scale.px(5)))
                        .css("font-size", scale.px(14))
                        .css("background", background)
                        .css("color", ink)
                        .css("text-align", "center")
                        .css("white-space", "nowrap")
                        .child(div().css("font-weight", "700").text(&move_name(
                            game,
                            mover,
                            candidate.choice,
                        )))
                        .child(div().text(&format!(
                            "{} · {}",
                            thousands(u64::from(candidate.visits)),
                            percent(candidate.half_points, candidate.visits)
                        )))
                        .child(div().text(&ucb_text(candidate.ucb1))),
                );
            }
            if left_out > 0 {
                row = row.child(left_out_note(scale, left_out, "moves, lower by UCB1"));
            }
            rows.push(row);
        }
        rows
    }

    fn playout_html<G>(&self, game: &G, scale: Scale) -> Html
    where
        G: ShowGame<Position = P, Move = M>,
    {
        let Some((start, into)) = self
            .added
            .clone()
            .or_else(|| self.path.last().map(|s| (s.position.clone(), None)))
        else {
            return Html::default();
        };
        let mut position = start.clone();
        // A playout that starts where the game had already ended, or from a position the tree
        // held (one it could not add to), adds nothing: it is "from" there.
        let first = if self.added.is_some() {
            "added"
        } else {
            "from"
        };
        let mut boards = vec![(first.to_owned(), game.position_html(&start, into, scale))];
        for &chosen in self.moves.iter().take(MAX_DRAWN_PLAYOUT_MOVES) {
            let mover = game.to_move(&position);
            position = game.play(&position, chosen);
            boards.push((
                move_name(game, mover, chosen),
                game.position_html(&position, Some(chosen), scale),
            ));
        }
        // Side by side, wrapping onto more lines when the playout is long.
        let mut drawn = div().children(
            boards
                .into_iter()
                .map(|(label, picture)| labelled(scale, &label, picture)),
        );
        let left_out = self.moves.len().saturating_sub(MAX_DRAWN_PLAYOUT_MOVES);
        if left_out > 0 {
            drawn = drawn.child(left_out_note(
                scale,
                left_out,
                "moves to the end of the playout",
            ));
        }
        drawn.into()
    }

    fn updates_html<G>(&self, game: &G, scale: Scale) -> Html
    where
        G: ShowGame<Position = P, Move = M>,
    {
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
                tr().child(cell(scale).child(game.position_html(&update.position, None, scale)))
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
                    best.choice, step.chosen,
                    "playout {number} at {}",
                    step.position
                );
            }
            // The playout's moves, played from the position added, end as it says.
            if let Some((added, _)) = playout.added {
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
