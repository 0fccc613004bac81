//! The stepper's pictures and text: a playout's four parts drawn, with the candidates
//! and moves it shows capped.

use std::fmt;

use super::super::mcts_view::{MAX_DRAWN_MOVES, percent, root_moves_html};
use super::*;
use crate::render::palette::{HEADING, INK, MUTED, PAPER};
use crate::render::parts::{caption, card, note, title};
use crate::render::{Html, Picture, Scale, ShowGame, div};
use crate::rules::Ending;
use crate::rules::text::{counted, thousands};

/// The most moves of a playout a picture draws: the rest are counted in a note.
pub(super) const MAX_DRAWN_PLAYOUT_MOVES: usize = 40;

/// The moves of one selection step a picture draws (the chosen one and those with the highest
/// UCB1, at most [`MAX_DRAWN_MOVES`], in the game's order), and how many are left out.
pub(super) fn shown_candidates<M: Copy + PartialEq>(
    candidates: &[Candidate<M>],
    chosen: M,
) -> (Vec<&Candidate<M>>, usize) {
    if candidates.len() <= MAX_DRAWN_MOVES {
        return (candidates.iter().collect(), 0);
    }
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by(|&a, &b| {
        let key = |i: usize| (candidates[i].choice != chosen, -candidates[i].ucb1);
        key(a)
            .partial_cmp(&key(b))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    order.truncate(MAX_DRAWN_MOVES);
    order.sort_unstable();
    let shown = order.into_iter().map(|i| &candidates[i]).collect();
    (shown, candidates.len() - MAX_DRAWN_MOVES)
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

impl<G: ShowGame> Picture for PlayoutSteps<G> {
    /// The last playout in four parts (selection with each move's visits, win rate and UCB1;
    /// the position added; the random moves; the counts on the way back) and the root's moves
    /// as the tree stands.
    fn draw(&self, scale: Scale) -> Html {
        let (tree, last) = self.replay();
        let mut inner = title(scale, &self.heading());
        match last {
            None if self.done > 0 => inner.push(note(scale, &self.stopped_words(&tree))),
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
                    inner.push(playout.selection_html(&self.game, scale));
                }
                inner.push(section(
                    scale,
                    "2. Expansion, 3. playout: the position added, then random moves to the end",
                ));
                inner.push(playout.playout_html(&self.game, scale));
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
                inner.push(playout.updates_html(&self.game, scale));
            }
        }
        inner.push(section(
            scale,
            "The tree now: the moves from the root (the most tried is played, in green)",
        ));
        inner.push(root_moves_html(&self.game, &tree, scale));
        // A position joins the tree with its parent's expansion, before any playout goes through
        // it: say how many are still untried, or "8 positions" after one playout and after two
        // reads as nothing learned.
        let untried = (0..tree.len())
            .filter_map(|index| tree.node(NodeId::from_index(index)))
            .filter(|node| node.visits == 0)
            .count();
        let mut words = format!("The tree holds {} positions", thousands(tree.len() as u64));
        words.push_str(&match untried {
            0 => ", every one tried by a playout.".to_owned(),
            _ => format!(
                ", {} of them not yet tried: expanding a position adds all its moves at once, and each waits for a playout to try it.",
                thousands(untried as u64)
            ),
        });
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

impl<G: ShowGame> fmt::Display for PlayoutSteps<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.heading())?;
        let (tree, last) = self.replay();
        let game = &self.game;
        if last.is_none() && self.done > 0 {
            writeln!(f, "{}", self.stopped_words(&tree))?;
        }
        if let Some(playout) = last {
            for step in &playout.path {
                let (shown, left_out) = shown_candidates(&step.candidates, step.chosen);
                let mut options: Vec<String> = shown
                    .into_iter()
                    .map(|c| {
                        format!(
                            "{}{}: {}, {}, UCB1 {}",
                            if c.choice == step.chosen { "*" } else { "" },
                            game.move_text(c.choice),
                            counted(u64::from(c.visits), "visit"),
                            percent(c.half_points, c.visits),
                            ucb_text(c.ucb1)
                        )
                    })
                    .collect();
                if left_out > 0 {
                    options.push(format!("and {} more moves", thousands(left_out as u64)));
                }
                writeln!(
                    f,
                    "at {}: {}",
                    game.position_text(&step.position),
                    options.join("; ")
                )?;
            }
            let mut moves: Vec<String> = playout
                .moves
                .iter()
                .take(MAX_DRAWN_PLAYOUT_MOVES)
                .map(|&m| game.move_text(m))
                .collect();
            let left_out = playout.moves.len().saturating_sub(MAX_DRAWN_PLAYOUT_MOVES);
            if left_out > 0 {
                moves.push(format!(
                    "and {} more moves to the end",
                    thousands(left_out as u64)
                ));
            }
            writeln!(
                f,
                "added {}; playout {}; {}",
                playout
                    .added
                    .as_ref()
                    .map_or("nothing".to_owned(), |(p, _)| game.position_text(p)),
                if moves.is_empty() {
                    "no moves".to_owned()
                } else {
                    moves.join(", ")
                },
                playout.ending
            )?;
        }
        let best = tree.best_move();
        write!(
            f,
            "most tried at the root: {}",
            best.map_or("none".to_owned(), |m| game.move_text(m))
        )
    }
}

impl<G: ShowGame> PlayoutSteps<G> {
    /// The picture as HTML, at the scale set for the notebook
    /// ([`render::set_scale`](crate::render::set_scale)).
    pub fn to_html(&self) -> Html {
        Picture::draw(self, crate::render::scale())
    }

    /// The same picture drawn `factor` times its normal size (0.5 to 4), whatever the
    /// notebook's scale.
    pub fn scaled(&self, factor: f64) -> crate::render::Scaled<'_, Self> {
        crate::render::Scaled::new(self, Scale::new(factor))
    }

    /// Shows the picture in a notebook cell.
    pub fn evcxr_display(&self) {
        crate::render::Scaled::new(self, crate::render::scale()).evcxr_display();
    }
}
