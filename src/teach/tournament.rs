//! Opponents against each other, exactly: every level is a rule for choosing among the free
//! squares at random, so the chance of every ending can be added up over the whole game tree.

use std::fmt;

use std::hash::Hash;

use crate::engine::budget::Budget;
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub use crate::engine::matches::MAX_EXACT_POSITIONS;
use crate::engine::matches::Match;
use crate::engine::{Bot, Level, Opponent};
use crate::render::palette::{DRAW_BAR, INK, MUTED, O_MARK, PAPER, TABLE_EDGE, X_MARK};
use crate::render::parts::{self, caption, card, heading_cell, plain_table};
use crate::render::{Border, Html, Picture, Px, Scale, div, notebook_pictures, span, td, tr};
use crate::rules::text::thousands;
use crate::rules::{Counted, LimitError, Tally, TicTacToe, TwoPlayerGame};

/// Games played for each pairing when a player's chances cannot be worked out exactly.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const SAMPLED_GAMES: u32 = 1_000;

/// The seed sampled games are played from, so that a class sees the same figures.
pub(crate) const SEED: u64 = 15;

/// The most games [`Rates::sampled`] plays: about half a second in a notebook cell.
pub const MAX_SAMPLED_GAMES: u32 = 100_000;

/// The most levels or players a [`Tournament`] pits against each other: 64 pairings, each worked
/// out exactly, in well under a second in a notebook cell (Monte Carlo opponents of up to 2,000
/// playouts a move among them: `cargo run --example limits`).
pub const MAX_TOURNAMENT_LEVELS: usize = 8;

/// The most playouts a move of a [`Tournament`]'s Monte Carlo players together: each searches
/// every position the others lead it to, and four of 2,000 playouts take about 0.9 s in a
/// notebook cell.
pub const MAX_TOURNAMENT_PLAYOUTS: u32 = 8_000;

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
        // The crate's levels always know their chances and never forfeit: no games are played.
        levels_match(x, o, 0, SEED, true)
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
        Ok(levels_match(x, o, games, seed, false))
    }
}

/// The rates of `x` against `o`, exactly or over `games` games played from `seed`.
fn levels_match(x: Level, o: Level, games: u32, seed: u64, exact: bool) -> Rates {
    let budget = Budget::new(u64::MAX, u32::MAX);
    let game = TicTacToe::default();
    let played = Match {
        exact,
        ..Match::new(&game, &budget, games, seed)
    }
    .play(
        &mut [&mut Opponent::from(x), &mut Opponent::from(o)],
        &[(0, 1)],
    );
    played
        .pairings
        .first()
        .map_or_else(Rates::default, |pairing| pairing.rates)
}

/// A player of tic-tac-toe: a [`Level`], an [`Opponent`], or a learner's function from a board
/// to a square. A player of another game plays in [`Tournament::among_for`].
#[diagnostic::on_unimplemented(
    message = "`Tournament::among` takes tic-tac-toe's levels, opponents and functions from a board to a square, and `{Self}` is none of them",
    label = "not a level, an opponent or a function from a board",
    note = "for another game's players, give the game too: `Tournament::among_for(&game, players)`; a `Bot` of your own plays as `Opponent::bot(your_bot)`"
)]
pub trait TicTacToePlayer {
    /// The player as an [`Opponent`].
    fn into_opponent(self) -> Opponent;
}

impl<T: Into<Opponent>> TicTacToePlayer for T {
    fn into_opponent(self) -> Opponent {
        self.into()
    }
}

/// Every player against every player, as X (rows) and as O (columns), on tic-tac-toe or any
/// game: the crate's levels, random and perfect play, its searching and Monte Carlo players, and
/// a learner's own.
///
/// ```
/// use magic_tictactoe::{tournament::Tournament, Level, Opponent};
///
/// let players = [Opponent::from(Level::Random), Opponent::mcts(30, 1), Opponent::mcts(1_000, 1)];
/// let tournament = Tournament::among(players)?;
/// assert!(tournament.is_exact()); // MCTS answers a position the same way each time
/// let rates = tournament.rates_at(2, 0).unwrap(); // MCTS 1,000 as X against random
/// assert!(rates.x_wins > 0.9);
///
/// // Any game: perfect play against random play at take-away from 10 sticks.
/// use magic_tictactoe::games::TakeAway;
/// let heap = TakeAway::new(10);
/// let players = [Opponent::random_for(&heap, 1), Opponent::perfect_for(&heap)?];
/// let tournament = Tournament::among_for(&heap, players)?;
/// assert_eq!(tournament.rates_at(1, 0).unwrap().x_wins, 1.0); // perfect as X always wins
/// # Ok::<(), magic_tictactoe::SearchError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    names: Vec<String>,
    levels: Vec<Option<Level>>,
    rates: Vec<Vec<Rates>>,
    exact: bool,
    /// Games played a pairing when sampled: fewer than 1,000 when the time ran out.
    games: u32,
    /// Where the game's own code panicked, if it did: the tournament stopped there.
    panicked: Option<String>,
}

impl Tournament {
    /// The exact rates for every pair of the levels a learner picks from.
    pub fn exact() -> Tournament {
        Tournament::of_levels(Level::ALL.to_vec())
    }

    /// The exact rates for every pair of `levels`.
    ///
    /// # Errors
    ///
    /// [`LimitError`] for more than [`MAX_TOURNAMENT_LEVELS`] levels.
    pub fn of(levels: impl IntoIterator<Item = Level>) -> Result<Tournament, LimitError> {
        let levels: Vec<Level> = levels.into_iter().take(MAX_TOURNAMENT_LEVELS + 1).collect();
        LimitError::check(Counted::Levels, levels.len(), MAX_TOURNAMENT_LEVELS as u64)?;
        Ok(Tournament::of_levels(levels))
    }

    fn of_levels(levels: Vec<Level>) -> Tournament {
        let rates = levels
            .iter()
            .map(|&x| levels.iter().map(|&o| Rates::exact(x, o)).collect())
            .collect();
        Tournament {
            names: levels.iter().map(|level| level.name()).collect(),
            levels: levels.into_iter().map(Some).collect(),
            rates,
            exact: true,
            games: 0,
            panicked: None,
        }
    }

    /// Every pair of tic-tac-toe `players`: levels, [`Opponent`]s (searching, Monte Carlo tree
    /// search, a learner's own); see [`Tournament::among_for`].
    ///
    /// # Errors
    ///
    /// As [`Tournament::among_for`].
    pub fn among(
        players: impl IntoIterator<Item = impl TicTacToePlayer>,
    ) -> Result<Tournament, LimitError> {
        let players = players
            .into_iter()
            .take(MAX_TOURNAMENT_LEVELS + 1)
            .map(TicTacToePlayer::into_opponent);
        Tournament::among_for(&TicTacToe::default(), players)
    }

    /// Every pair of `players` of `game`. The rates are exact when every player's chances at
    /// each position are known (it answers a position the same way each time it is asked, or
    /// draws by a rule) and the game's tree between them is small enough to walk; otherwise
    /// every pairing is counted over 1,000 games. A tournament stops after
    /// [`MAX_SECONDS`](crate::engine::budget::MAX_SECONDS) of work, and says how many games it
    /// played.
    ///
    /// # Errors
    ///
    /// [`LimitError`] for more than [`MAX_TOURNAMENT_LEVELS`] players, or Monte Carlo players
    /// with more than [`MAX_TOURNAMENT_PLAYOUTS`] playouts a move together.
    pub fn among_for<G>(
        game: &G,
        players: impl IntoIterator<Item = Opponent<G>>,
    ) -> Result<Tournament, LimitError>
    where
        G: TwoPlayerGame + 'static,
        G::Position: Hash + Eq,
    {
        let mut players: Vec<Opponent<G>> = players
            .into_iter()
            .take(MAX_TOURNAMENT_LEVELS + 1)
            .collect();
        LimitError::check(
            Counted::Players,
            players.len(),
            MAX_TOURNAMENT_LEVELS as u64,
        )?;
        let playouts: u64 = players
            .iter()
            .filter_map(|player| player.playouts())
            .map(|(playouts, _)| u64::from(playouts))
            .sum();
        LimitError::check(
            Counted::Playouts,
            playouts,
            u64::from(MAX_TOURNAMENT_PLAYOUTS),
        )?;
        let budget = Budget::new(u64::MAX, u32::MAX);
        // A player against itself plays a copy of itself.
        let n = players.len();
        let mut copies = players.clone();
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|x| (0..n).map(move |o| (x, if x == o { n + o } else { o })))
            .collect();
        let mut all: Vec<&mut dyn Bot<G>> = players
            .iter_mut()
            .chain(copies.iter_mut())
            .map(|player| player as &mut dyn Bot<G>)
            .collect();
        let played = Match::new(game, &budget, SAMPLED_GAMES, SEED).play(&mut all, &pairs);
        let mut rates = vec![vec![Rates::default(); n]; n];
        for (pairing, &(x, o)) in played.pairings.iter().zip(&pairs) {
            rates[x][o % n] = pairing.rates;
        }
        // A panic in the game's own code stopped the tournament: no game after it can be trusted.
        let panicked = played.panicked.map(|panic| {
            let (x, o) = pairs[panic.pairing];
            format!(
                "in a game of {} (X) against {} (O): {}",
                players[x].name(),
                players[o % n].name(),
                panic.message
            )
        });
        let games = played
            .pairings
            .iter()
            .filter_map(|pairing| pairing.games)
            .fold(SAMPLED_GAMES, u32::min);
        Ok(Tournament {
            names: players.iter().map(|p| p.name().to_owned()).collect(),
            levels: players.iter().map(Opponent::level).collect(),
            exact: played.exact,
            rates,
            games: if played.exact { 0 } else { games },
            panicked,
        })
    }

    /// The rates of `x` playing X against `o` playing O, if both are in the tournament.
    pub fn rates(&self, x: Level, o: Level) -> Option<Rates> {
        let row = self.levels.iter().position(|&level| level == Some(x))?;
        let column = self.levels.iter().position(|&level| level == Some(o))?;
        self.rates_at(row, column)
    }

    /// The rates of the `x`th player (counting from 0) playing X against the `o`th playing O.
    pub fn rates_at(&self, x: usize, o: usize) -> Option<Rates> {
        self.rates.get(x)?.get(o).copied()
    }

    /// The players' names, in the order they were given.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Whether the rates are exact rather than counted over sampled games.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Where the game's own code panicked, if it did: the tournament stopped there, and the
    /// pairings after it have no games.
    pub fn panicked(&self) -> Option<&str> {
        self.panicked.as_deref()
    }

    /// How it counted, in words.
    fn how(&self) -> String {
        if let Some(panicked) = &self.panicked {
            format!(
                "until the game's own code panicked {panicked}; the tournament stopped there, and the pairings after have no games"
            )
        } else if self.exact {
            "exact".to_owned()
        } else if self.games < SAMPLED_GAMES {
            format!(
                "counted over {} games a pairing: it stopped after {} seconds, the most a call may take, before the {} it plays",
                thousands(u64::from(self.games)),
                crate::engine::budget::MAX_SECONDS,
                thousands(u64::from(SAMPLED_GAMES))
            )
        } else {
            format!(
                "counted over {} games a pairing (a player answered a position differently when asked twice)",
                thousands(u64::from(SAMPLED_GAMES))
            )
        }
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

/// The three percentages under a bar, each kept whole when a narrow cell wraps them.
fn figures(rates: Rates) -> Html {
    let figures = [("X", rates.x_wins), ("=", rates.draws), ("O", rates.o_wins)];
    let mut line = div().css("background", PAPER).css("color", MUTED);
    for (i, (mark, rate)) in figures.into_iter().enumerate() {
        if i > 0 {
            line = line.text(" \u{b7} ");
        }
        line = line.child(
            span()
                .css("white-space", "nowrap")
                .text(&format!("{mark} {:.1}", 100.0 * rate)),
        );
    }
    line.into()
}

impl Picture for Tournament {
    /// A table: rows play X, columns play O; each cell a bar of X wins, draws and O wins.
    fn draw(&self, scale: Scale) -> Html {
        let head = |text: &str| heading_cell(scale, text);
        let mut header = tr().child(head("X \u{2193}  O \u{2192}"));
        for name in &self.names {
            header = header.child(head(name));
        }
        let mut rows = plain_table().child(header);
        for (name, row) in self.names.iter().zip(&self.rates) {
            let mut line = tr().child(head(name));
            for rates in row {
                line = line.child(
                    td().css("padding", (scale.px(3), scale.px(5)))
                        .css("background", PAPER)
                        .css("color", INK)
                        .css("font-size", scale.px(13))
                        .css("text-align", "left")
                        .css("border", Border(Px(1), "solid", TABLE_EDGE))
                        .child(stacked_bar(scale, *rates))
                        .child(figures(*rates)),
                );
            }
            rows = rows.child(line);
        }
        let mut inner = Html::from(rows);
        let how = self.how();
        inner.push(caption(
            scale,
            &format!(
                "Rows play X (and move first), columns play O. Red: X wins, yellow: draws, blue: O wins, in percent, {how}."
            ),
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
        for name in &self.names {
            write!(f, " {name:>17}")?;
        }
        for (name, row) in self.names.iter().zip(&self.rates) {
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
        if let Some(panicked) = &self.panicked {
            write!(
                f,
                "\nThe game's own code panicked {panicked}: the tournament stopped there."
            )?;
        }
        Ok(())
    }
}

notebook_pictures!(Tournament);
