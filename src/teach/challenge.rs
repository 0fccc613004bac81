//! A player (most often a learner's own) against the computer, moving first and moving second:
//! how often it wins, draws, loses and forfeits. On tic-tac-toe against every level, from
//! random to perfect; on any game against random play, Monte Carlo tree search and, when the
//! game is small enough to solve in a cell, perfect play.
//!
//! ```
//! use magic_tictactoe::{challenge::Challenge, Board, Level, Player, Square};
//!
//! // Take the centre if free, else the first free square.
//! fn centre_first(board: &Board) -> Option<Square> {
//!     if board.is_free(5) { Some(Square::Centre) } else { board.empty_squares().first() }
//! }
//!
//! let challenge = Challenge::new(centre_first);
//! assert!(challenge.is_exact()); // it always answers a position the same way
//! let against_perfect = challenge.record(Level::Perfect, Player::X).unwrap();
//! assert_eq!(against_perfect.wins, 0.0); // nobody beats perfect play
//! assert!(challenge.record(Level::Random, Player::X).unwrap().wins > 0.5);
//!
//! // Any game: always take one stick, a player that loses to perfect play.
//! use magic_tictactoe::games::TakeAway;
//! let heap = TakeAway::new(10);
//! let one = Challenge::new_for(&heap, "one at a time", |_: &(u32, Player)| 1);
//! assert!(one.record("perfect", Player::X).unwrap().losses > 0.99);
//! ```

use std::fmt;
use std::hash::Hash;

pub use super::depth_study::{DepthRow, DepthStudy, STUDY_LEVELS};
pub use super::record::Record;
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub use super::tournament::SAMPLED_GAMES;
use super::tournament::SEED;
use crate::engine::bot::Named;
use crate::engine::budget::{Budget, MAX_SECONDS};
use crate::engine::matches::Match;
use crate::engine::{Bot, Forfeit, Level, Opponent, SearchError, learner};
use crate::render::palette::{INK, MUTED, PAPER, TABLE_EDGE};
use crate::render::parts::{self, caption, card, heading_cell, plain_table, title};
use crate::render::{Border, Html, Picture, Px, Scale, ShowGame, div, notebook_pictures, td, tr};
use crate::rules::text::thousands;
use crate::rules::{Player, TicTacToe, TwoPlayerGame};

/// Games a challenge on any game ([`Challenge::new_for`]) plays against each opponent on each
/// side, when its chances cannot be worked out exactly.
pub const GAMES_EACH: u32 = 10;

/// The playouts a move of the Monte Carlo opponents of a challenge on any game.
const MCTS_OPPONENTS: [u32; 2] = [100, 1_000];

/// The most moves the Monte Carlo opponents of a challenge on any game look at and play, all
/// together: every move of each position on their way down the tree, and the moves of their
/// playouts ([`MctsTree::work`](crate::engine::mcts::MctsTree::work)); under a second in a
/// notebook cell (`cargo run --example limits`). On a game with long playouts (Connect Four 7
/// by 6) they play fewer games, and the picture says how many.
pub const MAX_CHALLENGE_SEARCH_MOVES: u64 = 4_000_000;

/// One opponent's row of a challenge: the player's record moving first (as X) and second (as
/// O), and the games played each way when they were counted rather than worked out.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    opponent: String,
    level: Option<Level>,
    records: [Record; 2],
    games: Option<[u32; 2]>,
}

impl Row {
    /// The record on one side in words: exact chances as percentages, a sample as it was played.
    fn said(&self, side: usize) -> String {
        match self.games {
            Some(games) => self.records[side].of_games(games[side]),
            None => self.records[side].to_string(),
        }
    }
}

/// Who a record is asked for: one of tic-tac-toe's levels, or an opponent by name ("random",
/// "MCTS 100", "MCTS 1,000", "perfect").
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Against<'a> {
    /// One of tic-tac-toe's levels.
    Level(Level),
    /// An opponent by its name.
    Named(&'a str),
}

impl From<Level> for Against<'_> {
    fn from(level: Level) -> Self {
        Against::Level(level)
    }
}

impl<'a> From<&'a str> for Against<'a> {
    fn from(name: &'a str) -> Self {
        Against::Named(name)
    }
}

/// A player against the computer, moving first and moving second, on tic-tac-toe or any game.
///
/// On tic-tac-toe ([`Challenge::new`]) it plays every level a learner picks from. When the
/// player answers every position the same way each time it is asked (the crate asks twice), the
/// chances are exact, added up over every game the levels can play against it; when it does not
/// (it uses randomness), they are counted over 1,000 games for each pairing.
///
/// On any game ([`Challenge::new_for`]) it plays random play, Monte Carlo tree search with 100
/// and with 1,000 playouts a move, and perfect play when the game is small enough to solve in a
/// cell: [`GAMES_EACH`] games each way (fewer against Monte Carlo when its playouts reach
/// [`MAX_CHALLENGE_SEARCH_MOVES`]); the computer's players are seeded, so a class sees the same
/// figures. A move not among the game's moves, or a panic, forfeits the game (a loss).
///
/// Either way a challenge stops after [`MAX_SECONDS`] of work, and says how far it got.
pub struct Challenge<G: TwoPlayerGame = TicTacToe> {
    name: String,
    /// The game's name ([`ShowGame::name`]); `None` for tic-tac-toe against its levels.
    of_game: Option<String>,
    rows: Vec<Row>,
    exact: bool,
    /// Why some games were not played, in sentences.
    notes: Vec<String>,
    first_forfeit: Option<Forfeit<G::Position, G::Move>>,
    /// Tic-tac-toe's first forfeit, drawn in the picture.
    board_forfeit: Option<Forfeit>,
    /// The first forfeit in words, the position as the game shows it.
    forfeit_words: Option<String>,
}

impl<G: TwoPlayerGame> fmt::Debug for Challenge<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Challenge")
            .field("name", &self.name)
            .field("game", &self.of_game)
            .field("rows", &self.rows)
            .field("exact", &self.exact)
            .finish_non_exhaustive()
    }
}

impl<G: TwoPlayerGame> Clone for Challenge<G> {
    fn clone(&self) -> Challenge<G> {
        Challenge {
            name: self.name.clone(),
            of_game: self.of_game.clone(),
            rows: self.rows.clone(),
            exact: self.exact,
            notes: self.notes.clone(),
            first_forfeit: self.first_forfeit.clone(),
            board_forfeit: self.board_forfeit.clone(),
            forfeit_words: self.forfeit_words.clone(),
        }
    }
}

impl Challenge<TicTacToe> {
    /// `player` (a learner's function from a board to a square, an [`Opponent`], or a
    /// [`Level`]) against each of [`Level::ALL`], as X and as O. [`Challenge::new_for`] on any
    /// game.
    pub fn new(player: impl Into<Opponent>) -> Challenge {
        let mut player = player.into();
        let name = player.name().to_owned();
        let computers = Level::ALL
            .into_iter()
            .map(|level| Computer {
                label: level.name(),
                level: Some(level),
                player: Box::new(Opponent::from(level)),
            })
            .collect();
        let plan = Plan {
            exact_first: true,
            games: SAMPLED_GAMES,
            seeds_each_pairing: true,
            most_work: u64::MAX,
        };
        let mut challenge = Challenge::empty(&name, None, Vec::new());
        challenge.play(
            &TicTacToe::default(),
            &mut player,
            computers,
            plan,
            &|board| board.to_string(),
            &Budget::new(u64::MAX, u32::MAX),
        );
        challenge.board_forfeit = challenge.first_forfeit.clone();
        challenge
    }

    /// Whether the player never loses to `level`, as X or as O.
    pub fn never_loses_to(&self, level: Level) -> bool {
        Player::ALL.into_iter().all(|side| {
            self.record(level, side)
                .is_some_and(|record| record.never_loses())
        })
    }
}

impl<G> Challenge<G>
where
    G: ShowGame + 'static,
    G::Position: Hash + Eq,
{
    /// `player`, named `name`, against the computer on `game`, from its start: random play,
    /// Monte Carlo tree search with 100 and 1,000 playouts a move, and perfect play when the
    /// game solves in a cell, [`GAMES_EACH`] games each way. A forfeit is said in the game's
    /// words ([`ShowGame::position_text`]). [`Challenge::new`] on any game.
    pub fn new_for<P>(game: &G, name: &str, player: P) -> Challenge<G>
    where
        P: FnMut(&G::Position) -> G::Move,
    {
        let words = |position: &G::Position| game.position_text(position);
        Challenge::played(game, &game.name(), name, player, &words)
    }
}

/// One of the computer's players a challenge plays against.
struct Computer<G: TwoPlayerGame> {
    label: String,
    /// Its level, for one of tic-tac-toe's.
    level: Option<Level>,
    player: Box<dyn Bot<G>>,
}

/// How a challenge counts its games.
#[derive(Clone, Copy)]
struct Plan {
    /// Work the chances out over the game's tree when every pairing can be, before counting.
    exact_first: bool,
    /// The games each way against each computer when counting.
    games: u32,
    /// Whether each pairing's seeds start again from [`SEED`], or all follow one another.
    seeds_each_pairing: bool,
    /// The most moves the players' searches look at in one pairing.
    most_work: u64,
}

impl<G> Challenge<G>
where
    G: TwoPlayerGame + 'static,
    G::Position: Hash + Eq,
{
    /// The challenge of any game called `game_name`, `words` saying its positions.
    pub(crate) fn played<P>(
        game: &G,
        game_name: &str,
        name: &str,
        mut player: P,
        words: &dyn Fn(&G::Position) -> String,
    ) -> Challenge<G>
    where
        P: FnMut(&G::Position) -> G::Move,
    {
        // One budget for the whole call, the perfect player's solving included.
        let budget = Budget::new(u64::MAX, u32::MAX);
        let mut notes = Vec::new();
        let afresh = |label: &str, opponent: Opponent<G>| Computer {
            label: label.to_owned(),
            level: None,
            player: Box::new(opponent.afresh_each_game()),
        };
        let mut computers = vec![afresh("random", Opponent::random_for(game, 0))];
        for playouts in MCTS_OPPONENTS {
            let label = format!("MCTS {}", thousands(u64::from(playouts)));
            computers.push(afresh(&label, Opponent::mcts_for(game, playouts, 0)));
        }
        // The search catches a panic in the game's rules; `start` is called before it.
        match learner::run(|| Opponent::perfect_for(game)) {
            Ok(Ok(perfect)) => computers.push(afresh("perfect", perfect)),
            Ok(Err(SearchError::Panicked(panic))) => notes.push(format!(
                "Perfect play is left out: {panic}, while the game was solved."
            )),
            Ok(Err(error)) => notes.push(format!(
                "Perfect play is left out: the game is too big to solve in a cell ({error})."
            )),
            Err(message) => notes.push(format!(
                "Perfect play is left out: the game's own `start` panicked ({message})."
            )),
        }
        let plan = Plan {
            exact_first: false,
            games: GAMES_EACH,
            seeds_each_pairing: false,
            most_work: MAX_CHALLENGE_SEARCH_MOVES,
        };
        let mut player = Named {
            name: name.to_owned(),
            bot: move |_: &G, position: &G::Position| player(position),
        };
        let mut challenge = Challenge::empty(name, Some(game_name.to_owned()), notes);
        challenge.play(game, &mut player, computers, plan, words, &budget);
        challenge
    }

    fn empty(name: &str, of_game: Option<String>, notes: Vec<String>) -> Challenge<G> {
        Challenge {
            name: name.to_owned(),
            of_game,
            rows: Vec::new(),
            exact: false,
            notes,
            first_forfeit: None,
            board_forfeit: None,
            forfeit_words: None,
        }
    }

    /// The one body of every challenge: `player` against each of `computers`, as X and as O,
    /// in the one [`Match`], as `plan` says.
    fn play(
        &mut self,
        game: &G,
        player: &mut dyn Bot<G>,
        mut computers: Vec<Computer<G>>,
        plan: Plan,
        words: &dyn Fn(&G::Position) -> String,
        budget: &Budget,
    ) {
        let matched = Match {
            exact: plan.exact_first,
            seeds_each_pairing: plan.seeds_each_pairing,
            // The searches share it over all the computers, all together.
            most_work: plan.most_work,
            ..Match::new(game, budget, plan.games, SEED)
        };
        let pairs: Vec<(usize, usize)> = (1..=computers.len())
            .flat_map(|k| [(0, k), (k, 0)])
            .collect();
        let played = {
            let mut players: Vec<&mut (dyn Bot<G> + '_)> = vec![player];
            for computer in &mut computers {
                players.push(computer.player.as_mut());
            }
            matched.play(&mut players, &pairs)
        };
        self.exact = played.exact;
        let mut cut_short = Vec::new();
        let mut pairings = played.pairings.into_iter();
        // A computer's row, once both its pairings were played.
        for computer in &computers {
            let (Some(as_x), Some(as_o)) = (pairings.next(), pairings.next()) else {
                break;
            };
            let records = [
                Record::of(as_x.rates, Player::X, as_x.forfeits[0]),
                Record::of(as_o.rates, Player::O, as_o.forfeits[1]),
            ];
            let games = as_x.games.zip(as_o.games).map(|(x, o)| [x, o]);
            let [by_player, _] = as_x.first_forfeits;
            let [_, by_player_as_o] = as_o.first_forfeits;
            self.keep_forfeit(words, by_player);
            self.keep_forfeit(words, by_player_as_o);
            if let Some(games) = games.filter(|games| games[0] + games[1] < 2 * plan.games) {
                cut_short.push(format!("{} {}", computer.label, games[0] + games[1]));
            }
            self.rows.push(Row {
                opponent: computer.label.clone(),
                level: computer.level,
                records,
                games,
            });
        }
        if let Some(panic) = played.panicked {
            let at = match panic.at {
                Some((board, last)) => {
                    let after = match last {
                        Some((mover, chosen)) => format!(", after {mover} chose {chosen:?}"),
                        None => String::new(),
                    };
                    format!(" at {}{after}", words(&board))
                }
                None => String::new(),
            };
            self.notes.push(format!(
                "The game's own code panicked{at}: {}. The challenge stopped there.",
                panic.message
            ));
        } else if !cut_short.is_empty() && !budget.ran_out() && plan.most_work < u64::MAX {
            self.notes.push(format!(
                "The game is long: the Monte Carlo players stopped after {} moves searched, so the games played were: {}.",
                thousands(plan.most_work),
                cut_short.join(", ")
            ));
        }
        self.note_time(budget);
    }

    fn keep_forfeit(
        &mut self,
        words: &dyn Fn(&G::Position) -> String,
        forfeit: Option<Forfeit<G::Position, G::Move>>,
    ) {
        if self.first_forfeit.is_none()
            && let Some(forfeit) = forfeit
        {
            self.forfeit_words = Some(format!(
                "at {}: {}",
                crate::render::with_turn(&words(&forfeit.board), forfeit.player),
                forfeit.fault
            ));
            self.first_forfeit = Some(forfeit);
        }
    }
}

impl<G: TwoPlayerGame> Challenge<G> {
    /// The player's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How the player did against `opponent` (one of tic-tac-toe's levels, or an opponent's
    /// name: "random", "MCTS 100", "MCTS 1,000", "perfect"), moving first (`Player::X`) or
    /// second (`Player::O`); `None` for an opponent it did not play.
    pub fn record<'a>(&self, opponent: impl Into<Against<'a>>, side: Player) -> Option<Record> {
        let opponent = opponent.into();
        let row = self.rows.iter().find(|row| match opponent {
            Against::Level(level) => row.level == Some(level),
            Against::Named(name) => row.opponent == name,
        })?;
        Some(row.records[side as usize])
    }

    /// The opponents' names, in the order played.
    pub fn opponents(&self) -> Vec<&str> {
        self.rows.iter().map(|row| row.opponent.as_str()).collect()
    }

    /// Whether the chances are exact rather than counted over sampled games.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The first position where the player forfeited, if it ever did.
    pub fn first_forfeit(&self) -> Option<&Forfeit<G::Position, G::Move>> {
        self.first_forfeit.as_ref()
    }

    fn note_time(&mut self, budget: &Budget) {
        if budget.ran_out() {
            self.notes.push(format!(
                "It stopped after {MAX_SECONDS} seconds, the most a call may take: the games above are the ones it had played."
            ));
        }
    }

    fn how(&self) -> String {
        if self.exact {
            return "Exact chances, added up over every game each level can play against it."
                .to_owned();
        }
        let counted: Vec<u32> = self
            .rows
            .iter()
            .filter_map(|row| row.games)
            .map(|games| games[0].max(games[1]))
            .collect();
        if self.of_game.is_none() {
            format!(
                "Counted over up to {} games for each pairing: it answered a position differently when asked twice, so its chances cannot be worked out exactly.",
                thousands(u64::from(SAMPLED_GAMES))
            )
        } else if counted.iter().all(|&games| games == GAMES_EACH) {
            format!("{GAMES_EACH} games each way against each opponent.")
        } else {
            format!("Up to {GAMES_EACH} games each way against each opponent.")
        }
    }

    fn columns(&self) -> [String; 2] {
        if self.of_game.is_none() {
            [
                format!("{} plays X", self.name),
                format!("{} plays O", self.name),
            ]
        } else {
            [
                format!("{} moves first", self.name),
                format!("{} moves second", self.name),
            ]
        }
    }

    fn heading(&self) -> String {
        match &self.of_game {
            None => format!("{} against every level of the computer", self.name),
            Some(game) => format!("{} against the computer at {game}", self.name),
        }
    }
}

/// A table of records: a row for each opponent, two columns (as X and as O, or moving first and
/// second), each a bar of wins (green), draws (yellow) and losses (red) with the percentages,
/// or the counts of a sample of a few games (or "no game played").
fn records_table(scale: Scale, columns: &[String; 2], rows: &[Row]) -> Html {
    let head = |text: &str| heading_cell(scale, text);
    let mut table = plain_table().child(
        tr().child(head("against"))
            .child(head(&columns[0]))
            .child(head(&columns[1])),
    );
    for row in rows {
        let mut line = tr().child(head(&row.opponent));
        for (side, record) in row.records.iter().enumerate() {
            let unplayed = row.games.is_some_and(|games| games[side] == 0);
            let cell = td()
                .css("padding", (scale.px(3), scale.px(6)))
                .css("background", PAPER)
                .css("color", INK)
                .css("text-align", "left")
                .css("border", Border(Px(1), "solid", TABLE_EDGE));
            let figures = div()
                .css("background", PAPER)
                .css("color", MUTED)
                .css("font-size", scale.px(14))
                .css("white-space", "nowrap");
            line = line.child(if unplayed {
                cell.child(figures.text("no game played"))
            } else {
                cell.child(parts::record_bar(
                    scale,
                    150,
                    [record.wins, record.draws, record.losses],
                ))
                .child(figures.text(&row.said(side)))
            });
        }
        table = table.child(line);
    }
    table.into()
}

impl<G: TwoPlayerGame + 'static> Picture for Challenge<G> {
    /// A table: a row for each opponent, the player as X and as O (moving first and second),
    /// each a bar of wins (green), draws (yellow) and losses (red) with the percentages; under
    /// it how they were counted, and the first forfeit: drawn for tic-tac-toe, in words for any
    /// other game.
    fn draw(&self, scale: Scale) -> Html {
        let mut inner = title(scale, &self.heading());
        inner.push(records_table(scale, &self.columns(), &self.rows));
        let mut note = format!(
            "Green: {} wins, yellow: draws, red: {} loses. {}",
            self.name,
            self.name,
            self.how()
        );
        for why in &self.notes {
            note.push(' ');
            note.push_str(why);
        }
        inner.push(caption(scale, &note));
        // Tic-tac-toe's forfeit is a board to draw; any other game's is said in its words.
        if let Some(forfeit) = &self.board_forfeit {
            inner.push(caption(scale, "The first position where it forfeited:"));
            inner.push(forfeit.draw(scale));
        } else if let Some(words) = &self.forfeit_words {
            inner.push(caption(scale, &format!("It forfeited first {words}.")));
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl<G: TwoPlayerGame> fmt::Display for Challenge<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.heading())?;
        let sides = if self.of_game.is_none() {
            ["as X", "as O"]
        } else {
            ["moving first", "moving second"]
        };
        for row in &self.rows {
            for (side, label) in sides.into_iter().enumerate() {
                let record = if row.games.is_some_and(|games| games[side] == 0) {
                    "no game played".to_owned()
                } else {
                    row.said(side)
                };
                let opponent = if side == 0 { row.opponent.as_str() } else { "" };
                write!(f, "\n{opponent:>12} {label}: {record}")?;
            }
        }
        write!(f, "\n{}", self.how())?;
        for why in &self.notes {
            write!(f, "\n{why}")?;
        }
        if let Some(words) = &self.forfeit_words {
            write!(f, "\nIt forfeited first {words}.")?;
        }
        Ok(())
    }
}

notebook_pictures!(Challenge<G> where G: TwoPlayerGame + 'static);
