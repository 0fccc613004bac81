//! The exercises on a search tree's reasoning: why alpha-beta may skip a move, asked as the
//! move it skips.

use super::{Exercise, Expected};
use crate::engine::search::Pruning;
use crate::rules::{Board, IntoSquare, Player, SquareSet};
use crate::teach::steps::Finding;
use crate::teach::tree::SearchTree;

impl Exercise {
    /// "`first` is played here, then the other side replies: which reply does alpha-beta never
    /// look at?": the reasoning behind [`Exercise::alpha_beta_skips`]'s count, checked. Any
    /// skipped reply is right; the verdict says why a reply can be skipped.
    pub fn alpha_beta_skipped_reply(board: Board, first: impl IntoSquare) -> Exercise {
        let first = first.into_square();
        let mut cutter = None;
        let expected = match (first.clone(), SearchTree::new(board, Pruning::AlphaBeta)) {
            (Ok(first), Ok(mut tree)) => {
                tree.finish();
                let nodes = tree.nodes();
                let after = nodes
                    .iter()
                    .position(|node| node.parent == Some(0) && node.last_move == Some(first));
                let replies: &[usize] = after.map_or(&[], |at| &nodes[at].children);
                let is_skipped = |child: usize| tree.findings()[child] == Finding::Skipped;
                let skipped: SquareSet = replies
                    .iter()
                    .filter(|&&child| is_skipped(child))
                    .filter_map(|&child| nodes[child].last_move)
                    .collect();
                // The reply looked at last before the skipped ones: what it found cut the rest.
                cutter = replies
                    .iter()
                    .take_while(|&&child| !is_skipped(child))
                    .last()
                    .and_then(|&child| nodes[child].last_move);
                match after {
                    None => Expected::Refused(format!("{first} is not a move on this board")),
                    Some(_) if skipped.is_empty() => {
                        Expected::Refused(format!("alpha-beta looks at every reply to {first}"))
                    }
                    Some(_) => Expected::AnySquare(
                        skipped,
                        "the reply alpha-beta never looks at. A reply it had already looked at \
                         there was good enough for the side replying that the side above gains \
                         nothing by letting the game come here: it has a move elsewhere at least \
                         as good for it, so nothing this reply finds can change its choice"
                            .to_owned(),
                    ),
                }
            }
            (Err(error), _) => Expected::Refused(error.to_string()),
            (_, Err(error)) => Expected::Refused(error.to_string()),
        };
        let (mover, replier) = match board.to_move() {
            Some(player) => (player, !player),
            None => (Player::X, Player::O),
        };
        let first_words =
            first.map_or_else(|_| "that square".to_owned(), |square| square.to_string());
        Exercise {
            board: Some(board),
            ..Exercise::new(
                format!(
                    "{mover} plays {first_words} here. Which reply of {replier}'s does alpha-beta never look at?"
                ),
                expected,
                format!(
                    "step through it in a new cell: let mut pruned = SearchTree::alpha_beta_steps(\"{board}\".parse()?)?; \
                     then pruned.finish() draws the whole search: under {mover}'s {first_words}, the reply drawn as skipped"
                ),
            )
            .then_hint(match cutter {
                Some(cutter) => format!(
                    "under {mover}'s {first_words}, {replier}'s {cutter} is the last reply looked at: what does it \
                     get {replier}, and would {mover} ever allow that? The replies tried after it are the ones skipped"
                ),
                None => "the tree tries the replies in keypad order: find the first one drawn as skipped".to_owned(),
            })
        }
    }
}
