//! Opponents against each other, exactly: every level is a rule for choosing among the free
//! squares at random, so the chance of every ending can be added up over the whole game tree.

use std::fmt;

use crate::engine::{Forfeit, Game, Level, Opponent};
use crate::render::palette::{DRAW_BAR, INK, MUTED, O_MARK, PAPER, TABLE_EDGE, X_MARK};
use crate::render::parts::{self, caption, card, heading_cell, plain_table};
use crate::render::{Border, Html, Picture, Px, Scale, div, notebook_pictures, td, tr};
use crate::rules::{Board, Counted, LimitError, Player, Tally};

/// The most games [`Rates::sampled`] plays: about half a second in a notebook cell.
pub const MAX_SAMPLED_GAMES: u32 = 100_000;

/// The most levels a [`Tournament`] pits against each other: 64 pairings, each worked out
/// exactly, in well under a second in a notebook cell.
pub const MAX_TOURNAMENT_LEVELS: usize = 8;

/// How often each ending happens: chances from 0 to 1 that X wins, O wins, or the game is
/// drawn.
pub type Rates = Tally<f64>;

/// Exact and sampled rates between two levels.
impl Tally<f64> {
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
        let ending = ExactEndings::between(&mut Opponent::from(x), &mut Opponent::from(o));
        // The crate's levels always know their chances and never forfeit.
        ending.map_or_else(Rates::default, |ending| ending.rates)
    }

    /// The rates counted over `games` games between seeded opponents. The same `seed` plays
    /// the same games.
    ///
    /// Each game's two opponents get their seeds from one generator started at `seed`. (Seeds
    /// that simply count up, `seed`, `seed + 1` ..., make neighbouring opponents' random choices
    /// alike, and random against random then draws about 8 % of the time instead of 12.7 %.)
    ///
    /// # Errors
    ///
    /// [`LimitError`] for more than [`MAX_SAMPLED_GAMES`] games.
    pub fn sampled(x: Level, o: Level, games: u32, seed: u64) -> Result<Rates, LimitError> {
        LimitError::check(Counted::Games, games, u64::from(MAX_SAMPLED_GAMES))?;
        let sample =
            SampledEndings::between(&mut Opponent::from(x), &mut Opponent::from(o), games, seed);
        Ok(sample.rates)
    }
}

/// The chances of every ending between two opponents, worked out over the game tree, with the
/// chance that one of them forfeits and the first position where it does.
#[derive(Debug, Clone)]
pub(crate) struct ExactEndings {
    pub(crate) rates: Rates,
    pub(crate) forfeits: f64,
    pub(crate) first_forfeit: Option<Forfeit>,
}

impl ExactEndings {
    /// The exact chances from the empty board, or `None` when a learner's player answered the
    /// same position differently when asked twice, so its chances cannot be known.
    pub(crate) fn between(x: &mut Opponent, o: &mut Opponent) -> Option<ExactEndings> {
        let mut walk = ExactWalk {
            x,
            o,
            memo: vec![None; 19_683],
            first_forfeit: None,
        };
        let (rates, forfeits) = walk.from(Board::new())?;
        Some(ExactEndings {
            rates,
            forfeits,
            first_forfeit: walk.first_forfeit,
        })
    }
}

struct ExactWalk<'a> {
    x: &'a mut Opponent,
    o: &'a mut Opponent,
    /// The chances from each board on, and of a forfeit, by board code.
    memo: Vec<Option<(Rates, f64)>>,
    first_forfeit: Option<Forfeit>,
}

impl ExactWalk<'_> {
    fn from(&mut self, board: Board) -> Option<(Rates, f64)> {
        let code = usize::from(board.code());
        if let Some(Some(known)) = self.memo.get(code) {
            return Some(*known);
        }
        let mut rates = Rates::default();
        let mut forfeits = 0.0;
        match board.outcome() {
            Some(outcome) => *rates.get_mut(outcome.winner()) = 1.0,
            None => {
                let player = board.turn();
                let mover = match player {
                    Player::X => &mut *self.x,
                    Player::O => &mut *self.o,
                };
                match mover.move_chances(board)? {
                    Err(fault) => {
                        *rates.get_mut(Some(!player)) = 1.0;
                        forfeits = 1.0;
                        if self.first_forfeit.is_none() {
                            self.first_forfeit = Some(Forfeit {
                                board,
                                player,
                                name: mover.name().to_owned(),
                                fault,
                            });
                        }
                    }
                    Ok(chances) => {
                        for (square, child) in board.children() {
                            let p = chances[square.index()];
                            if p > 0.0 {
                                let (after, forfeit_after) = self.from(child)?;
                                rates.x_wins += p * after.x_wins;
                                rates.o_wins += p * after.o_wins;
                                rates.draws += p * after.draws;
                                forfeits += p * forfeit_after;
                            }
                        }
                    }
                }
            }
        }
        if let Some(slot) = self.memo.get_mut(code) {
            *slot = Some((rates, forfeits));
        }
        Some((rates, forfeits))
    }
}

/// Endings counted over games played out between two opponents.
#[derive(Debug, Clone)]
pub(crate) struct SampledEndings {
    pub(crate) rates: Rates,
    pub(crate) forfeits: f64,
    pub(crate) first_forfeit: Option<Forfeit>,
}

impl SampledEndings {
    /// Plays `games` games; the crate's levels among the two get their seeds from one generator
    /// started at `seed`.
    pub(crate) fn between(
        x: &mut Opponent,
        o: &mut Opponent,
        games: u32,
        seed: u64,
    ) -> SampledEndings {
        let mut seeds = fastrand::Rng::with_seed(seed);
        let mut tally = Tally::<u64>::default();
        let mut forfeits = 0u64;
        let mut first_forfeit = None;
        for _ in 0..games {
            let mut x_player = x.clone().with_seed(seeds.u64(..));
            let mut o_player = o.clone().with_seed(seeds.u64(..));
            let game = Game::play_out(&mut x_player, &mut o_player);
            if let Some(outcome) = game.outcome() {
                tally.record(outcome);
            }
            if let Some(forfeit) = game.forfeit() {
                forfeits += 1;
                first_forfeit.get_or_insert_with(|| forfeit.clone());
            }
        }
        SampledEndings {
            rates: tally.shares(),
            forfeits: forfeits as f64 / f64::from(games.max(1)),
            first_forfeit,
        }
    }
}

/// Every level against every level, as X (rows) and as O (columns).
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    levels: Vec<Level>,
    rates: Vec<Vec<Rates>>,
}

impl Tournament {
    /// The exact rates for every pair of the levels a learner picks from.
    pub fn exact() -> Tournament {
        Tournament::between(Level::ALL.to_vec())
    }

    /// The exact rates for every pair of `levels`.
    ///
    /// # Errors
    ///
    /// [`LimitError`] for more than [`MAX_TOURNAMENT_LEVELS`] levels.
    pub fn of(levels: impl IntoIterator<Item = Level>) -> Result<Tournament, LimitError> {
        let levels: Vec<Level> = levels.into_iter().take(MAX_TOURNAMENT_LEVELS + 1).collect();
        LimitError::check(Counted::Levels, levels.len(), MAX_TOURNAMENT_LEVELS as u64)?;
        Ok(Tournament::between(levels))
    }

    fn between(levels: Vec<Level>) -> Tournament {
        let rates = levels
            .iter()
            .map(|&x| levels.iter().map(|&o| Rates::exact(x, o)).collect())
            .collect();
        Tournament { levels, rates }
    }

    /// The rates of `x` playing X against `o` playing O, if both are in the tournament.
    pub fn rates(&self, x: Level, o: Level) -> Option<Rates> {
        let row = self.levels.iter().position(|&level| level == x)?;
        let column = self.levels.iter().position(|&level| level == o)?;
        Some(self.rates[row][column])
    }
}

/// A bar of X wins, draws and O wins, 90 pixels long at the normal size.
fn stacked_bar(scale: Scale, rates: Rates) -> Html {
    parts::stacked_bar(
        scale,
        90,
        &[
            (rates.x_wins, X_MARK),
            (rates.draws, DRAW_BAR),
            (rates.o_wins, O_MARK),
        ],
    )
}

impl Picture for Tournament {
    /// A table: rows play X, columns play O; each cell a bar of X wins, draws and O wins.
    fn draw(&self, scale: Scale) -> Html {
        let head = |text: &str| heading_cell(scale, text);
        let mut header = tr().child(head("X \u{2193}  O \u{2192}"));
        for level in &self.levels {
            header = header.child(head(&level.name()));
        }
        let mut rows = plain_table().child(header);
        for (level, row) in self.levels.iter().zip(&self.rates) {
            let mut line = tr().child(head(&level.name()));
            for rates in row {
                line =
                    line.child(
                        td().css("padding", (scale.px(3), scale.px(5)))
                            .css("background", PAPER)
                            .css("color", INK)
                            .css("font-size", scale.px(13))
                            .css("text-align", "left")
                            .css("border", Border(Px(1), "solid", TABLE_EDGE))
                            .child(stacked_bar(scale, *rates))
                            .child(div().css("background", PAPER).css("color", MUTED).text(
                                &format!(
                                    "X {:.1} \u{b7} = {:.1} \u{b7} O {:.1}",
                                    100.0 * rates.x_wins,
                                    100.0 * rates.draws,
                                    100.0 * rates.o_wins
                                ),
                            )),
                    );
            }
            rows = rows.child(line);
        }
        let mut inner = Html::from(rows);
        inner.push(caption(
            scale,
            "Rows play X (and move first), columns play O. Red: X wins, yellow: draws, blue: O wins, in percent, exact.",
        ));
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Tournament {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:>10}", "X \\ O")?;
        for level in &self.levels {
            write!(f, " {:>17}", level.name())?;
        }
        for (level, row) in self.levels.iter().zip(&self.rates) {
            write!(f, "\n{:>10}", level.name())?;
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

notebook_pictures!(Tournament);
