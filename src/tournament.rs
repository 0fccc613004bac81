//! Opponents against each other, exactly: every level is a rule for choosing among the free
//! squares at random, so the chance of every ending can be added up over the whole game tree.

use std::collections::HashMap;
use std::fmt::{self, Write};

use crate::html::{INK, MUTED, PAPER, caption, card, emit, escape};
use crate::{Board, Game, Level, Opponent, Player, Reason, Square, SquareSet, magic};

impl Level {
    /// The chance that this level plays each square on `board`, in keypad order; all zero once
    /// the game is over. [`Opponent::choose`] draws its moves from exactly these chances.
    pub fn move_chances(self, board: Board) -> [f64; 9] {
        let mut chances = [0.0; 9];
        let free = board.legal_moves();
        if free.is_empty() {
            return chances;
        }
        let mut spread = |squares: SquareSet, weight: f64| {
            for square in squares {
                chances[square.index()] += weight / squares.len() as f64;
            }
        };
        match self {
            Level::Random => spread(free, 1.0),
            Level::Perfect => spread(board.best_moves(), 1.0),
            Level::Blunders(percent) => {
                let blunder = f64::from(percent.min(100)) / 100.0;
                spread(free, blunder);
                spread(board.best_moves(), 1.0 - blunder);
            }
            Level::Rules => spread(rule_candidates(board), 1.0),
        }
        chances
    }
}

/// The squares the rules player chooses among: the first non-empty set of wins, blocks, the
/// centre, corners, edges.
pub(crate) fn rule_candidates(board: Board) -> SquareSet {
    rule_decision(board).map_or(SquareSet::EMPTY, |(squares, _)| squares)
}

/// The rules player's checklist on `board`: the squares the first rule that applies allows,
/// and that rule; `None` once the game is over.
pub(crate) fn rule_decision(board: Board) -> Option<(SquareSet, Reason)> {
    let free = board.legal_moves();
    let me = board.turn();
    let corners: SquareSet = Square::CORNERS.into_iter().collect();
    [
        (magic::winning_squares(board.squares(me), free), Reason::Win),
        (
            magic::winning_squares(board.squares(!me), free),
            Reason::Block,
        ),
        (SquareSet::from_square(Square::Centre), Reason::Centre),
        (corners, Reason::Corner),
        (free, Reason::Edge),
    ]
    .into_iter()
    .map(|(squares, reason)| (squares.intersection(free), reason))
    .find(|(squares, _)| !squares.is_empty())
}

/// How often each ending happens.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rates {
    /// Chance that X wins, 0 to 1.
    pub x_wins: f64,
    /// Chance that O wins, 0 to 1.
    pub o_wins: f64,
    /// Chance of a draw, 0 to 1.
    pub draws: f64,
}

impl Rates {
    /// The exact chances when `x` plays X against `o` playing O from the empty board.
    ///
    /// ```
    /// use magic_tictactoe::{tournament::Rates, Level};
    ///
    /// let rates = Rates::exact(Level::Perfect, Level::Random);
    /// assert_eq!(rates.o_wins, 0.0); // perfect play never loses
    /// assert!(rates.x_wins > 0.95);
    /// ```
    pub fn exact(x: Level, o: Level) -> Rates {
        exact_from(Board::new(), x, o, &mut HashMap::new())
    }

    /// The rates counted over `games` games between seeded opponents. The same `seed` plays
    /// the same games.
    ///
    /// Each game's two opponents get their seeds from one generator started at `seed`. (Seeds
    /// that simply count up, `seed`, `seed + 1` ..., make neighbouring opponents' random choices
    /// alike, and random against random then draws about 8 % of the time instead of 12.7 %.)
    pub fn sampled(x: Level, o: Level, games: u32, seed: u64) -> Rates {
        let mut seeds = fastrand::Rng::with_seed(seed);
        let mut counts = [0u32; 3];
        for _ in 0..games {
            let mut x_player = Opponent::new(x, seeds.u64(..));
            let mut o_player = Opponent::new(o, seeds.u64(..));
            let played = Game::play_out(&mut x_player, &mut o_player);
            match played.outcome().winner() {
                Some(Player::X) => counts[0] += 1,
                Some(Player::O) => counts[1] += 1,
                None => counts[2] += 1,
            }
        }
        let total = f64::from(games.max(1));
        Rates {
            x_wins: f64::from(counts[0]) / total,
            o_wins: f64::from(counts[1]) / total,
            draws: f64::from(counts[2]) / total,
        }
    }
}

impl fmt::Display for Rates {
    /// `X wins 58.5 %, O wins 28.8 %, draws 12.7 %`; `{:.2}` gives two decimals.
    ///
    /// ```
    /// use magic_tictactoe::{tournament::Rates, Level};
    ///
    /// let rates = Rates::exact(Level::Perfect, Level::Perfect);
    /// assert_eq!(rates.to_string(), "X wins 0.0 %, O wins 0.0 %, draws 100.0 %");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = f.precision().unwrap_or(1);
        write!(
            f,
            "X wins {:.digits$} %, O wins {:.digits$} %, draws {:.digits$} %",
            100.0 * self.x_wins,
            100.0 * self.o_wins,
            100.0 * self.draws
        )
    }
}

fn exact_from(board: Board, x: Level, o: Level, memo: &mut HashMap<Board, Rates>) -> Rates {
    if let Some(rates) = memo.get(&board) {
        return *rates;
    }
    let rates = match board.to_move() {
        None => match board.winner() {
            Some(Player::X) => Rates {
                x_wins: 1.0,
                ..Rates::default()
            },
            Some(Player::O) => Rates {
                o_wins: 1.0,
                ..Rates::default()
            },
            None => Rates {
                draws: 1.0,
                ..Rates::default()
            },
        },
        Some(player) => {
            let level = if player == Player::X { x } else { o };
            let chances = level.move_chances(board);
            let mut sum = Rates::default();
            for (square, child) in board.children() {
                let p = chances[square.index()];
                if p > 0.0 {
                    let r = exact_from(child, x, o, memo);
                    sum.x_wins += p * r.x_wins;
                    sum.o_wins += p * r.o_wins;
                    sum.draws += p * r.draws;
                }
            }
            sum
        }
    };
    memo.insert(board, rates);
    rates
}

/// Every level against every level, as X (rows) and as O (columns).
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    levels: Vec<(String, Level)>,
    rates: Vec<Vec<Rates>>,
}

impl Tournament {
    /// The exact rates for every pair of the named levels.
    pub fn exact() -> Tournament {
        Tournament::of(
            Level::NAMED
                .iter()
                .map(|(name, level)| (name.to_string(), *level))
                .collect(),
        )
    }

    /// The exact rates for every pair of `levels`.
    pub fn of(levels: Vec<(String, Level)>) -> Tournament {
        let rates = levels
            .iter()
            .map(|(_, x)| levels.iter().map(|(_, o)| Rates::exact(*x, *o)).collect())
            .collect();
        Tournament { levels, rates }
    }

    /// The rates of the level named `x` playing X against the level named `o` playing O.
    pub fn rates(&self, x: &str, o: &str) -> Option<Rates> {
        let row = self.levels.iter().position(|(name, _)| name == x)?;
        let column = self.levels.iter().position(|(name, _)| name == o)?;
        Some(self.rates[row][column])
    }

    /// A table: rows play X, columns play O; each cell a bar of X wins, draws and O wins.
    pub fn to_html(&self) -> String {
        let head = format!(
            "style=\"padding:3px 6px;background:#ece6da;color:{INK};text-align:center;font-size:12px\""
        );
        let mut inner = String::from("<table style=\"border-collapse:collapse;margin:0\"><tr>");
        let _ = write!(inner, "<th {head}>X \u{2193} &nbsp; O \u{2192}</th>");
        for (name, _) in &self.levels {
            let _ = write!(inner, "<th {head}>{}</th>", escape(name));
        }
        inner.push_str("</tr>");
        for ((name, _), row) in self.levels.iter().zip(&self.rates) {
            let _ = write!(inner, "<tr><th {head}>{}</th>", escape(name));
            for rates in row {
                let _ = write!(
                    inner,
                    "<td style=\"padding:3px 5px;background:{PAPER};color:{INK};font-size:11px;text-align:left;border:1px solid #e4ddcf\">{}\
                     <div style=\"background:{PAPER};color:{MUTED}\">X {:.1} \u{b7} = {:.1} \u{b7} O {:.1}</div></td>",
                    stacked_bar(*rates),
                    100.0 * rates.x_wins,
                    100.0 * rates.draws,
                    100.0 * rates.o_wins
                );
            }
            inner.push_str("</tr>");
        }
        inner.push_str("</table>");
        inner.push_str(&caption(
            "Rows play X (and move first), columns play O. Red: X wins, yellow: draws, blue: O wins, in percent, exact.",
        ));
        card(&inner)
    }

    /// Shows the table in a notebook cell.
    pub fn evcxr_display(&self) {
        emit(&self.to_string(), &self.to_html());
    }
}

fn stacked_bar(rates: Rates) -> String {
    let width = |p: f64| (p * 90.0).round() as u32;
    format!(
        "<div style=\"white-space:nowrap;line-height:0;background:{PAPER}\">\
         <span style=\"display:inline-block;height:10px;width:{}px;background:#c62828\"></span>\
         <span style=\"display:inline-block;height:10px;width:{}px;background:#e8c547\"></span>\
         <span style=\"display:inline-block;height:10px;width:{}px;background:#1e4fa3\"></span></div>",
        width(rates.x_wins),
        width(rates.draws),
        width(rates.o_wins)
    )
}

impl fmt::Display for Tournament {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:>10}", "X \\ O")?;
        for (name, _) in &self.levels {
            write!(f, " {name:>17}")?;
        }
        for ((name, _), row) in self.levels.iter().zip(&self.rates) {
            write!(f, "\n{name:>10}")?;
            for r in row {
                write!(
                    f,
                    " {:>5.1}/{:>5.1}/{:>5.1}",
                    100.0 * r.x_wins,
                    100.0 * r.draws,
                    100.0 * r.o_wins
                )?;
            }
        }
        Ok(())
    }
}
