//! A learner's search and a learner's player on any [`TwoPlayerGame`]: the checks and the
//! challenge that tic-tac-toe has ([`check_minimax`](super::search_check::check_minimax),
//! [`Challenge`](super::challenge::Challenge)), for the grid games and a game of the learner's
//! own. The game is solved once ([`SolvedGame`]), so it must be small enough to solve in a cell
//! for the check and for the challenge's perfect player; its positions must be `Hash`, `Eq` and
//! `Debug` (the check prints the position it went wrong on).
//!
//! ```
//! use magic_tictactoe::any_game::{check_game_negamax, GameChallenge};
//! use magic_tictactoe::engine::{Ending, TwoPlayerGame};
//! use magic_tictactoe::Player;
//!
//! /// Take 1, 2 or 3 sticks; whoever takes the last one wins.
//! struct TakeAway;
//! impl TwoPlayerGame for TakeAway {
//!     type Position = (u32, Player);
//!     type Move = u32;
//!     fn start(&self) -> (u32, Player) { (10, Player::X) }
//!     fn to_move(&self, p: &(u32, Player)) -> Player { p.1 }
//!     fn moves(&self, p: &(u32, Player)) -> Vec<u32> { (1..=3).filter(|&t| t <= p.0).collect() }
//!     fn play(&self, p: &(u32, Player), take: u32) -> (u32, Player) { (p.0 - take, !p.1) }
//!     fn ending(&self, p: &(u32, Player)) -> Option<Ending> { (p.0 == 0).then_some(Ending::Won(!p.1)) }
//! }
//!
//! // Negamax: +1 when the player to move wins, -1 when they lose.
//! fn negamax(position: &(u32, Player)) -> i32 {
//!     if TakeAway.ending(position).is_some() {
//!         return -1; // the player to move did not take the last stick
//!     }
//!     let moves = TakeAway.moves(position);
//!     moves.iter().map(|&take| -negamax(&TakeAway.play(position, take))).max().unwrap_or(-1)
//! }
//! let check = check_game_negamax(&TakeAway, negamax)?;
//! assert!(check.is_right());
//! assert_eq!(check.checked(), 18); // 1 to 10 sticks left, X or O to move (not X at 9 or O at 10)
//!
//! // Always take one stick: a player that loses to perfect play.
//! let challenge = GameChallenge::new(&TakeAway, "one at a time", |_: &(u32, Player)| 1);
//! assert!(challenge.record("perfect", Player::X).unwrap().losses > 0.99);
//! # Ok::<(), magic_tictactoe::LimitError>(())
//! ```

use std::fmt::{self, Debug};
use std::hash::Hash;

use crate::engine::mcts::{Mcts, NodeId, Watch};
use crate::engine::solve::SolvedGame;
use crate::engine::{TwoPlayerGame, Value, learner};
use crate::render::parts::{NOT_YET, RIGHT, caption, card, title, verdict_box};
use crate::render::{Html, Picture, Scale, notebook_pictures};
use crate::rules::text::thousands;
use crate::rules::{LimitError, Player};

use super::challenge::{Record, records_table};

/// The most positions a check asks a learner's search about: the ones nearest the end of the
/// game first, where a search has least to do.
pub const MAX_GAME_CHECKS: usize = 10_000;

/// Games a [`GameChallenge`] plays against each opponent on each side.
pub const GAMES_EACH: u32 = 10;

/// The most moves a challenge's game lasts before it counts as a draw.
pub const MAX_GAME_MOVES: u32 = 1_000;

/// The playouts a move of the challenge's two Monte Carlo opponents.
const MCTS_OPPONENTS: [u32; 2] = [100, 1_000];

/// The most moves the Monte Carlo opponents make in one challenge, all together: down the tree
/// and in the playouts, under half a second in a notebook cell (`cargo run --example limits`).
/// On a game with long playouts (Connect Four 7 by 6) they play fewer games, and the picture
/// says how many.
pub const MAX_CHALLENGE_SEARCH_MOVES: u64 = 1_500_000;

/// The seed the challenge's games are played from, so that a class sees the same figures.
const SEED: u64 = 15;

/// What went wrong on a position, in words, with the position printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameMistake {
    /// The position, as `{:?}` prints it.
    pub position: String,
    /// Whose turn it is there.
    pub to_move: Player,
    /// What the learner's search answered, or the message it panicked with.
    pub answer: Result<i32, String>,
    /// The position's value for the player to move, under perfect play.
    pub right: Value,
}

/// A learner's search on every position of a game, against the solved game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSearchCheck {
    game: String,
    by_mover: bool,
    checked: usize,
    asked: usize,
    in_play: usize,
    mistake: Option<GameMistake>,
}

/// A learner's minimax on `game`: `search(position)` is the position's value seen by X, more
/// for X winning and less for O winning (its sign is compared: +1, 0, -1 will do). Asked of
/// every position in play, those nearest the end first, up to [`MAX_GAME_CHECKS`]; the first
/// answer whose sign is wrong, or the first panic, stops the check.
///
/// # Errors
///
/// A [`LimitError`] when the game is too big to solve in a cell ([`SolvedGame::new`]).
pub fn check_game_minimax<G>(
    game: &G,
    search: impl Fn(&G::Position) -> i32,
) -> Result<GameSearchCheck, LimitError>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq + Debug,
{
    let result = check_game(game, false, search);
    record("check_game_minimax", &result);
    result
}

/// A learner's negamax on `game`: `search(position)` is the position's value for the player to
/// move there. Checked as [`check_game_minimax`] checks.
///
/// # Errors
///
/// As [`check_game_minimax`].
pub fn check_game_negamax<G>(
    game: &G,
    search: impl Fn(&G::Position) -> i32,
) -> Result<GameSearchCheck, LimitError>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq + Debug,
{
    let result = check_game(game, true, search);
    record("check_game_negamax", &result);
    result
}

fn record(name: &str, result: &Result<GameSearchCheck, LimitError>) {
    if let Ok(check) = result {
        super::classroom::record(name, check.is_right());
    }
}

fn check_game<G>(
    game: &G,
    by_mover: bool,
    search: impl Fn(&G::Position) -> i32,
) -> Result<GameSearchCheck, LimitError>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq + Debug,
{
    let solved = SolvedGame::new(game, &game.start())?;
    let mut in_play: Vec<(&G::Position, Value)> = solved
        .positions()
        .filter(|(position, _)| game.ending(position).is_none())
        .collect();
    // Nearest the end first; the walk's order (below before above) breaks ties.
    in_play.sort_by_key(|(_, value)| value.plies());
    let mut check = GameSearchCheck {
        game: type_name::<G>(),
        by_mover,
        checked: 0,
        asked: in_play.len().min(MAX_GAME_CHECKS),
        in_play: in_play.len(),
        mistake: None,
    };
    for (position, right) in in_play.into_iter().take(MAX_GAME_CHECKS) {
        let to_move = game.to_move(position);
        let answer = learner::run(|| search(position));
        let theirs = answer.as_ref().ok().map(|&answer| {
            let for_mover = if by_mover || to_move == Player::X {
                answer
            } else {
                answer.saturating_neg()
            };
            for_mover.signum()
        });
        let expected = match right {
            Value::Win(_) => 1,
            Value::Draw(_) => 0,
            Value::Loss(_) => -1,
        };
        if theirs != Some(expected) {
            check.mistake = Some(GameMistake {
                position: format!("{position:?}"),
                to_move,
                answer,
                right,
            });
            break;
        }
        check.checked += 1;
    }
    Ok(check)
}

/// The game's type name without its path: `TakeAway`, `ConnectFour`.
fn type_name<G>() -> String {
    let full = std::any::type_name::<G>();
    let without_generics = full.split('<').next().unwrap_or(full);
    without_generics
        .rsplit("::")
        .next()
        .unwrap_or(without_generics)
        .to_owned()
}

impl GameSearchCheck {
    /// Whether every position asked about got the right answer.
    pub fn is_right(&self) -> bool {
        self.mistake.is_none() && self.checked == self.asked
    }

    /// How many positions got the right answer before the check stopped.
    pub fn checked(&self) -> usize {
        self.checked
    }

    /// How many positions the game has in play (the check asks about at most
    /// [`MAX_GAME_CHECKS`] of them).
    pub fn positions_in_play(&self) -> usize {
        self.in_play
    }

    /// The first position the search got wrong, if it did.
    pub fn mistake(&self) -> Option<&GameMistake> {
        self.mistake.as_ref()
    }

    fn kind(&self) -> &'static str {
        if self.by_mover { "negamax" } else { "minimax" }
    }

    fn verdict(&self) -> String {
        let scope = if self.asked < self.in_play {
            format!(
                "the {} positions nearest the end, of the {} in play",
                thousands(self.asked as u64),
                thousands(self.in_play as u64)
            )
        } else {
            format!("all {} positions in play", thousands(self.in_play as u64))
        };
        match &self.mistake {
            None => format!(
                "Your {} gives every position the right value: {scope} of {}.",
                self.kind(),
                self.game
            ),
            Some(mistake) => {
                let seen_by = if self.by_mover {
                    format!("for {}, the player to move", mistake.to_move)
                } else {
                    "seen by X".to_owned()
                };
                let right = match mistake.right {
                    Value::Win(_) => format!("{} to move wins", mistake.to_move),
                    Value::Loss(_) => format!("{} to move loses", mistake.to_move),
                    Value::Draw(_) => "a draw".to_owned(),
                };
                let answer = match &mistake.answer {
                    Ok(answer) => format!("your {} says {answer} ({seen_by})", self.kind()),
                    Err(message) => format!("your {} panicked: {message}", self.kind()),
                };
                let before = match self.checked {
                    0 => "At".to_owned(),
                    1 => "Right on 1 position, then at".to_owned(),
                    n => format!("Right on {} positions, then at", thousands(n as u64)),
                };
                format!(
                    "{before} {} ({} to move) {answer}; with perfect play it is {right}.",
                    mistake.position, mistake.to_move
                )
            }
        }
    }
}

impl Picture for GameSearchCheck {
    /// The verdict in green or red, with the position it went wrong on.
    fn draw(&self, scale: Scale) -> Html {
        let inner = verdict_box(scale, (self.is_right(), RIGHT, NOT_YET), &self.verdict());
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for GameSearchCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.is_right() { RIGHT } else { NOT_YET };
        write!(f, "{mark} {}", self.verdict())
    }
}

/// A learner's player against the computer on any game, moving first and moving second: a
/// random player, Monte Carlo tree search with 100 and with 1,000 playouts a move, and perfect
/// play when the game is small enough to solve in a cell. [`GAMES_EACH`] games each way (fewer
/// against Monte Carlo when its playouts reach [`MAX_CHALLENGE_SEARCH_MOVES`]); the computer's
/// players are seeded, so a class sees the same figures.
///
/// A move not among the game's moves, or a panic, forfeits the game (a loss).
#[derive(Debug, Clone, PartialEq)]
pub struct GameChallenge {
    name: String,
    game: String,
    /// For each opponent: the player's record moving first, then moving second.
    rows: Vec<(String, Record, Record)>,
    not_played: Option<String>,
    first_forfeit: Option<String>,
}

/// One of the challenge's computer players.
enum Computer<'a, G: TwoPlayerGame> {
    Random,
    Mcts(u32),
    Perfect(&'a SolvedGame<G>),
}

impl<G> Computer<'_, G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    fn name(&self) -> String {
        match self {
            Computer::Random => "random".to_owned(),
            Computer::Mcts(playouts) => format!("MCTS {}", thousands(u64::from(*playouts))),
            Computer::Perfect(_) => "perfect".to_owned(),
        }
    }

    /// Whether it spends the Monte Carlo players' budget.
    fn searches(&self) -> bool {
        matches!(self, Computer::Mcts(_))
    }

    /// Its move at `position`, adding the moves its playouts made to `spent`.
    fn choose(
        &self,
        game: &G,
        position: &G::Position,
        random: &mut fastrand::Rng,
        spent: &mut u64,
    ) -> Option<G::Move> {
        match self {
            Computer::Random => game.random_move(position, random),
            Computer::Mcts(playouts) => {
                let mut counter = CountMoves(0);
                let tree = Mcts::new(*playouts)
                    .ok()?
                    .seed(random.u64(..))
                    .search_watched(game, position, &mut counter);
                *spent = spent.saturating_add(counter.0);
                tree.best_move()
            }
            Computer::Perfect(solved) => {
                let best = solved.best_moves(game, position);
                (!best.is_empty()).then(|| best[random.usize(..best.len())])
            }
        }
    }
}

/// Counts the moves a search makes, down its tree and in its playouts.
struct CountMoves(u64);

impl<G: TwoPlayerGame> Watch<G> for CountMoves {
    fn selected(&mut self, _: NodeId, _: NodeId) {
        self.0 += 1;
    }
    fn played(&mut self, _: G::Move) {
        self.0 += 1;
    }
}

/// How one game ended, seen from the learner's player.
enum Finish {
    Won,
    Drew,
    Lost,
    Forfeited(String),
}

impl GameChallenge {
    /// `player`, named `name`, against the computer on `game`, from its start.
    pub fn new<G, P>(game: &G, name: &str, mut player: P) -> GameChallenge
    where
        G: TwoPlayerGame,
        G::Position: Hash + Eq + Debug,
        P: FnMut(&G::Position) -> G::Move,
    {
        let solved = SolvedGame::new(game, &game.start());
        let mut computers = vec![Computer::Random];
        computers.extend(MCTS_OPPONENTS.map(Computer::Mcts));
        let not_played = match &solved {
            Ok(solved) => {
                computers.push(Computer::Perfect(solved));
                None
            }
            Err(error) => Some(format!(
                "Perfect play is left out: the game is too big to solve in a cell ({error})."
            )),
        };
        let mut random = fastrand::Rng::with_seed(SEED);
        let mut first_forfeit = None;
        let mut rows = Vec::new();
        let mut spent = 0;
        let mut cut_short = Vec::new();
        for computer in &computers {
            let mut records = [Record::default(); 2];
            let mut played = 0;
            for (side, record) in Player::ALL.into_iter().zip(&mut records) {
                let mut endings = Vec::new();
                for _ in 0..GAMES_EACH {
                    if computer.searches() && spent >= MAX_CHALLENGE_SEARCH_MOVES {
                        break;
                    }
                    let at = Play {
                        game,
                        side,
                        computer,
                    };
                    // A game the Monte Carlo players' budget ran out in is not counted.
                    match at.game(&mut player, &mut random, &mut spent) {
                        Some(ending) => endings.push(ending),
                        None => break,
                    }
                }
                played += endings.len();
                // Counted, then divided once: ten tenths added up are not quite 1.
                let games = endings.len().max(1) as f64;
                let mut counts = [0u32; 4];
                for ending in endings {
                    let slot = match ending {
                        Finish::Won => 0,
                        Finish::Drew => 1,
                        Finish::Lost => 2,
                        Finish::Forfeited(what) => {
                            first_forfeit.get_or_insert(what);
                            3
                        }
                    };
                    counts[slot] += 1;
                }
                let [wins, draws, losses, forfeits] = counts.map(|n| f64::from(n) / games);
                *record = Record {
                    wins,
                    draws,
                    losses: losses + forfeits,
                    forfeits,
                };
            }
            if played < 2 * GAMES_EACH as usize {
                cut_short.push(format!("{} {played}", computer.name()));
            }
            let [first, second] = records;
            rows.push((computer.name(), first, second));
        }
        let mut not_played: Vec<String> = not_played.into_iter().collect();
        if !cut_short.is_empty() {
            not_played.push(format!(
                "The game is long: the Monte Carlo players stopped after {} moves searched, so the games played were: {}.",
                thousands(MAX_CHALLENGE_SEARCH_MOVES),
                cut_short.join(", ")
            ));
        }
        GameChallenge {
            name: name.to_owned(),
            game: type_name::<G>(),
            rows,
            not_played: (!not_played.is_empty()).then(|| not_played.join(" ")),
            first_forfeit,
        }
    }

    /// How the player did against the opponent named `opponent` ("random", "MCTS 100",
    /// "MCTS 1,000", "perfect"), moving first (`Player::X`) or second (`Player::O`).
    pub fn record(&self, opponent: &str, side: Player) -> Option<Record> {
        let (_, first, second) = self.rows.iter().find(|(name, _, _)| name == opponent)?;
        Some(match side {
            Player::X => *first,
            Player::O => *second,
        })
    }

    /// The opponents' names, in the order played.
    pub fn opponents(&self) -> Vec<&str> {
        self.rows.iter().map(|(name, _, _)| name.as_str()).collect()
    }

    /// Where the player first forfeited, in words, if it ever did.
    pub fn first_forfeit(&self) -> Option<&str> {
        self.first_forfeit.as_deref()
    }
}

/// A game to play: the learner's player on `side`, `computer` on the other.
struct Play<'a, 'c, G: TwoPlayerGame> {
    game: &'a G,
    side: Player,
    computer: &'a Computer<'c, G>,
}

impl<G> Play<'_, '_, G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq + Debug,
{
    /// One game from the start; `None` when the Monte Carlo players' budget ran out in it.
    fn game<P: FnMut(&G::Position) -> G::Move>(
        &self,
        player: &mut P,
        random: &mut fastrand::Rng,
        spent: &mut u64,
    ) -> Option<Finish> {
        let Play {
            game,
            side,
            computer,
        } = *self;
        let mut position = game.start();
        for _ in 0..MAX_GAME_MOVES {
            if let Some(ending) = game.ending(&position) {
                return Some(match ending.half_points(side) {
                    2 => Finish::Won,
                    1 => Finish::Drew,
                    _ => Finish::Lost,
                });
            }
            let moves = game.moves(&position);
            if moves.is_empty() {
                // The player to move cannot move: lost, as the solver counts it.
                return Some(if game.to_move(&position) == side {
                    Finish::Lost
                } else {
                    Finish::Won
                });
            }
            let chosen = if game.to_move(&position) == side {
                match learner::run(|| player(&position)) {
                    Ok(chosen) if moves.contains(&chosen) => chosen,
                    Ok(chosen) => {
                        return Some(Finish::Forfeited(format!(
                            "at {position:?} it chose {chosen:?}, which is not one of the moves {moves:?}"
                        )));
                    }
                    Err(message) => {
                        return Some(Finish::Forfeited(format!(
                            "at {position:?} it panicked: {message}"
                        )));
                    }
                }
            } else {
                if computer.searches() && *spent >= MAX_CHALLENGE_SEARCH_MOVES {
                    return None;
                }
                match computer.choose(game, &position, random, spent) {
                    Some(chosen) => chosen,
                    None => moves[0],
                }
            };
            position = game.play(&position, chosen);
        }
        Some(Finish::Drew)
    }
}

impl Picture for GameChallenge {
    /// A table: a row for each opponent, the player moving first and second, each a bar of
    /// wins (green), draws (yellow) and losses (red) with the percentages.
    fn draw(&self, scale: Scale) -> Html {
        let rows = records_table(
            scale,
            [
                &format!("{} moves first", self.name),
                &format!("{} moves second", self.name),
            ],
            &self.rows,
        );
        let mut inner = title(
            scale,
            &format!("{} against the computer at {}", self.name, self.game),
        );
        inner.push(rows);
        let mut note = format!(
            "Green: {} wins, yellow: draws, red: {} loses. {GAMES_EACH} games each way against each opponent.",
            self.name, self.name
        );
        if let Some(not_played) = &self.not_played {
            note.push(' ');
            note.push_str(not_played);
        }
        inner.push(caption(scale, &note));
        if let Some(forfeit) = &self.first_forfeit {
            inner.push(caption(scale, &format!("It forfeited first {forfeit}.")));
        }
        card(scale, inner)
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for GameChallenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} against the computer at {}", self.name, self.game)?;
        for (opponent, first, second) in &self.rows {
            write!(
                f,
                "\n{opponent:>12}: moving first {first}; moving second {second}"
            )?;
        }
        if let Some(not_played) = &self.not_played {
            write!(f, "\n{not_played}")?;
        }
        if let Some(forfeit) = &self.first_forfeit {
            write!(f, "\nIt forfeited first {forfeit}.")?;
        }
        Ok(())
    }
}

notebook_pictures!(GameSearchCheck, GameChallenge);
