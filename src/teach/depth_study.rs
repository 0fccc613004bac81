//! How looking further ahead changes play: a depth-limited search with one evaluation, at each
//! depth, against the random player, the rules player and perfect play, with the positions it
//! visits for its first move.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::record::Record;
use super::tournament::{SAMPLED_GAMES, SEED};
use crate::engine::budget::Budget;
use crate::engine::matches::Match;
use crate::engine::{Bot, Forfeit, Level, MAX_DEPTH, Opponent};
use crate::render::palette::{INK, MUTED, PAPER, TABLE_EDGE};
use crate::render::parts::{self, caption, card, heading_cell, plain_table, title};
use crate::render::{Border, Html, Picture, Px, Scale, div, notebook_pictures, td, tr};
use crate::rules::text::thousands;
use crate::rules::{Board, Player, TicTacToe};

/// The levels a [`DepthStudy`] plays against: the weakest, the tutorials' checklist, the best.
pub const STUDY_LEVELS: [Level; 3] = [Level::Random, Level::Rules, Level::Perfect];

/// One depth of a [`DepthStudy`].
#[derive(Debug, Clone, PartialEq)]
pub struct DepthRow {
    /// How many moves ahead the search looks.
    pub depth: u32,
    /// Positions it visits to choose its first move on the empty board.
    pub first_move_positions: u64,
    /// Its record against each of [`STUDY_LEVELS`], as X and as O.
    pub records: Vec<(Level, Record, Record)>,
}

/// How looking further ahead changes play: a depth-limited search with one evaluation, at each
/// depth, against [`STUDY_LEVELS`], with the positions it visits for its first move.
///
/// ```
/// use magic_tictactoe::{challenge::DepthStudy, Board, Level, Player};
///
/// // No judgement at all: only wins and losses the search can see count.
/// let study = DepthStudy::new([1, 9], |_: &Board, _: Player| 0);
/// let deep = study.row(9).unwrap();
/// assert!(deep.records.iter().all(|(_, as_x, as_o)| as_x.never_loses() && as_o.never_loses()));
/// assert!(study.row(1).unwrap().first_move_positions < deep.first_move_positions);
/// ```
#[derive(Debug, Clone)]
pub struct DepthStudy {
    rows: Vec<DepthRow>,
    exact: bool,
    /// Whether the evaluation answered a position differently when asked again.
    fickle: bool,
    first_forfeit: Option<Forfeit>,
    /// Depths asked for outside 1 to 9, which were brought within.
    out_of_range: Vec<u32>,
}

/// A learner's evaluation, asked twice about each position the first time and remembered: the
/// searches at every depth judge the same positions over and over.
struct Judge<E> {
    evaluation: E,
    /// By board code and player (X at even indices, O at odd): the first answer.
    memo: RefCell<Vec<Option<i32>>>,
    fickle: Cell<bool>,
}

impl<E: Fn(&Board, Player) -> i32> Judge<E> {
    fn judge(&self, board: &Board, player: Player) -> i32 {
        let key = 2 * usize::from(board.code()) + usize::from(player == Player::O);
        if let Some(Some(known)) = self.memo.borrow().get(key) {
            return *known;
        }
        let first = (self.evaluation)(board, player);
        if (self.evaluation)(board, player) != first {
            self.fickle.set(true);
        }
        if let Some(slot) = self.memo.borrow_mut().get_mut(key) {
            *slot = Some(first);
        }
        first
    }
}

impl DepthStudy {
    /// The search with `evaluation` at each of `depths` (each brought within 1 to 9; each
    /// depth once, at most nine).
    pub fn new<E>(depths: impl IntoIterator<Item = u32>, evaluation: E) -> DepthStudy
    where
        E: Fn(&Board, Player) -> i32 + 'static,
    {
        let judge = Rc::new(Judge {
            evaluation,
            memo: RefCell::new(vec![None; 2 * 19_683]),
            fickle: Cell::new(false),
        });
        let asked: Vec<u32> = depths.into_iter().take(2 * MAX_DEPTH as usize).collect();
        let mut out_of_range: Vec<u32> = asked
            .iter()
            .copied()
            .filter(|depth| !(1..=MAX_DEPTH).contains(depth))
            .collect();
        out_of_range.sort_unstable();
        out_of_range.dedup();
        let mut wanted: Vec<u32> = asked
            .iter()
            .map(|&depth| depth.clamp(1, MAX_DEPTH))
            .collect();
        wanted.sort_unstable();
        wanted.dedup();
        let mut study = DepthStudy {
            rows: Vec::new(),
            exact: true,
            fickle: false,
            first_forfeit: None,
            out_of_range,
        };
        for depth in wanted {
            let judge = Rc::clone(&judge);
            let mut player = Opponent::searching(depth, move |board: &Board, player: Player| {
                judge.judge(board, player)
            });
            let _ = player.turn(&TicTacToe::default(), &Board::new());
            let first_move_positions = player.positions_searched();
            let mut records = Vec::new();
            for level in STUDY_LEVELS {
                let (as_x, as_o, exact, forfeit) = pairing(&mut player, level);
                study.exact &= exact;
                study.first_forfeit = study.first_forfeit.take().or(forfeit);
                records.push((level, as_x, as_o));
            }
            study.rows.push(DepthRow {
                depth,
                first_move_positions,
                records,
            });
        }
        study.fickle = judge.fickle.get();
        study
    }

    /// The depths asked for outside 1 to 9, which were searched at 1 or 9 instead.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn depths_brought_within(&self) -> &[u32] {
        &self.out_of_range
    }

    /// The row for `depth`, if it was studied.
    pub fn row(&self, depth: u32) -> Option<&DepthRow> {
        self.rows.iter().find(|row| row.depth == depth)
    }

    /// Every depth studied, shallowest first.
    pub fn rows(&self) -> &[DepthRow] {
        &self.rows
    }

    /// The first position where the evaluation's code panicked, if it ever did.
    pub fn first_forfeit(&self) -> Option<&Forfeit> {
        self.first_forfeit.as_ref()
    }

    /// What happened to depths outside 1 to 9, in a sentence; empty when there were none.
    fn within(&self) -> String {
        if self.out_of_range.is_empty() {
            return String::new();
        }
        let asked: Vec<String> = self
            .out_of_range
            .iter()
            .map(|&depth| thousands(u64::from(depth)))
            .collect();
        format!(
            " Asked for depth {}: a search looks 1 to {MAX_DEPTH} moves ahead, so {} searched instead.",
            asked.join(" and "),
            if self.out_of_range.iter().all(|&d| d == 0) {
                "depth 1 was".to_owned()
            } else if self.out_of_range.iter().all(|&d| d > MAX_DEPTH) {
                format!("depth {MAX_DEPTH} was")
            } else {
                format!("depths 1 and {MAX_DEPTH} were")
            }
        )
    }

    /// How the chances were found, in a sentence.
    fn how(&self) -> &'static str {
        match (self.exact, self.fickle) {
            (true, false) => "Exact chances over every game.",
            (true, true) => {
                "Your evaluation gave a position different values when asked twice: the study used its first answer for each position, and then worked out exact chances."
            }
            (false, _) => "Counted over sampled games.",
        }
    }
}

/// `player` against `level` as X and as O: exactly when it can be worked out, else sampled;
/// whether it was exact, and the first forfeit.
fn pairing(player: &mut Opponent, level: Level) -> (Record, Record, bool, Option<Forfeit>) {
    let (game, budget) = (TicTacToe::default(), Budget::new(u64::MAX, u32::MAX));
    let played = Match::new(&game, &budget, SAMPLED_GAMES, SEED)
        .play(&mut [player, &mut Opponent::from(level)], &[(0, 1), (1, 0)]);
    // Tic-tac-toe's own code never panics, so both pairings are played.
    let mut pairings = played.pairings.into_iter();
    let (Some(as_x), Some(as_o)) = (pairings.next(), pairings.next()) else {
        return (Record::default(), Record::default(), false, None);
    };
    (
        Record::of(as_x.rates, Player::X, as_x.forfeits[0]),
        Record::of(as_o.rates, Player::O, as_o.forfeits[1]),
        played.exact,
        as_x.first_forfeit().or(as_o.first_forfeit()),
    )
}

/// A record as a bar of wins, draws and losses, `width` pixels long, and the percentages.
fn record_html(scale: Scale, label: &str, record: &Record, width: u32) -> Html {
    div()
        .css("background", PAPER)
        .css("color", MUTED)
        .css("font-size", scale.px(14))
        .css("white-space", "nowrap")
        .text(&format!(
            "{label}{:.0} \u{b7} {:.0} \u{b7} {:.0}",
            100.0 * record.wins,
            100.0 * record.draws,
            100.0 * record.losses
        ))
        .child(parts::record_bar(
            scale,
            width,
            [record.wins, record.draws, record.losses],
        ))
        .into()
}

impl Picture for DepthStudy {
    /// A row per depth: the positions visited for the first move, to scale, and the record
    /// against each level as X and as O.
    fn draw(&self, scale: Scale) -> Html {
        let head = |text: &str| heading_cell(scale, text);
        let mut header = tr()
            .child(head("depth"))
            .child(head("positions for the first move"));
        for level in STUDY_LEVELS {
            header = header.child(head(&format!("against {level}")));
        }
        let most = self
            .rows
            .iter()
            .map(|row| row.first_move_positions)
            .max()
            .unwrap_or(1)
            .max(1);
        let mut rows = plain_table().child(header);
        for row in &self.rows {
            let mut line = tr().child(head(&row.depth.to_string())).child(
                td().css("padding", (scale.px(3), scale.px(6)))
                    .css("background", PAPER)
                    .css("color", INK)
                    .css("font-size", scale.px(14))
                    .css("text-align", "left")
                    .css("border", Border(Px(1), "solid", TABLE_EDGE))
                    .text(&thousands(row.first_move_positions))
                    .child(parts::bar(
                        scale,
                        row.first_move_positions as f64 / most as f64,
                        120,
                        crate::render::palette::BAR,
                    )),
            );
            for (_, as_x, as_o) in &row.records {
                line = line.child(
                    td().css("padding", (scale.px(3), scale.px(6)))
                        .css("background", PAPER)
                        .css("border", Border(Px(1), "solid", TABLE_EDGE))
                        .child(record_html(scale, "as X: ", as_x, 110))
                        .child(record_html(scale, "as O: ", as_o, 110)),
                );
            }
            rows = rows.child(line);
        }
        let mut inner = title(
            scale,
            "Looking further ahead: the same evaluation at each depth",
        );
        inner.push(rows);
        inner.push(caption(
            scale,
            &format!(
                "Percent of games won \u{b7} drawn \u{b7} lost; green: the search wins, yellow: draws, red: it loses. {}{}",
                self.how(),
                self.within()
            ),
        ));
        if let Some(forfeit) = &self.first_forfeit {
            inner.push(caption(scale, "The first position where it forfeited:"));
            inner.push(forfeit.draw(scale));
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        let mut text =
            String::from("depth, positions for the first move, then as X / as O against");
        for level in STUDY_LEVELS {
            text.push_str(&format!(" {level},"));
        }
        for row in &self.rows {
            text.push_str(&format!(
                "\n{}: {}",
                row.depth,
                thousands(row.first_move_positions)
            ));
            for (level, as_x, as_o) in &row.records {
                text.push_str(&format!("\n   {level}: as X {as_x}; as O {as_o}"));
            }
        }
        text.push_str(&self.within());
        text
    }
}

notebook_pictures!(DepthStudy);
