//! A player of a game, whatever plays it: the one trait every match plays its players through
//! (board-game-rs's `Bot`, minimax-rs's `Strategy`). Every kind of the computer's players
//! (random, tic-tac-toe's levels, perfect, a search ahead, Monte Carlo tree search, MENACE), a
//! learner's own type and a learner's function `|game, position| move` are bots; an
//! [`Opponent`](crate::Opponent) is one of them, named and seeded. A challenge, a tournament,
//! MENACE's training and [`play_game`](super::play_game) all play them through one runner.

use super::play::{Choice, Fault, Turn};
use super::{Reason, learner};
use crate::rules::TwoPlayerGame;

/// The chance of each move a player may make at a position, or why it cannot move.
pub type MoveChances<M> = Result<Vec<(M, f64)>, Fault<M>>;

/// A player of `G`, computer or learner: asked for its turn at each position where it is to
/// move, whoever moved last (a game may give a player several moves in a row). Every match
/// plays its players through this trait. A move that is not one of the game's moves there, or
/// a panic in `turn`, forfeits the game, as a learner's player does.
///
/// ```
/// use magic_tictactoe::engine::play::End;
/// use magic_tictactoe::{Bot, Turn, play_game};
/// use magic_tictactoe::games::TakeAway;
/// use magic_tictactoe::{Ending, Player, TwoPlayerGame};
///
/// // Always takes one stick.
/// struct OneAtATime;
///
/// impl Bot<TakeAway> for OneAtATime {
///     fn name(&self) -> &str {
///         "one at a time"
///     }
///
///     fn turn(&mut self, game: &TakeAway, position: &(u32, Player)) -> Option<Turn<u32>> {
///         game.moves(position).first().map(|&take| Turn::plays(take))
///     }
/// }
///
/// // Four sticks: X takes one, then O takes the last three.
/// let heap = TakeAway::new(4);
/// let mut perfect = magic_tictactoe::Opponent::perfect_for(&heap)?;
/// let game = play_game(&heap, &mut OneAtATime, &mut perfect);
/// assert_eq!(game.end, End::Over(Ending::Won(Player::O)));
/// # Ok::<(), magic_tictactoe::SearchError>(())
/// ```
pub trait Bot<G: TwoPlayerGame> {
    /// Its name, as tables and forfeits say it.
    fn name(&self) -> &str;

    /// What it does at `position`, where it is to move: play a move, or forfeit (its code chose
    /// no move it may make, or panicked). `None` once the game is over.
    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>>;

    /// A new game of a match begins: a player that draws at random takes its next seed from
    /// `seeds`, so that the games differ; one that does not draws nothing.
    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        let _ = seeds;
    }

    /// The moves its searches have looked at so far, over all its games: a match may stop
    /// when they pass a bound. 0 for a player that does not search.
    fn work(&self) -> u64 {
        0
    }

    /// Whether it checks its own moves. Every match checks every player now, so the answer
    /// changes nothing; it stays so that a player written with it still compiles.
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "a match checks every player: leave it out")]
    fn checks_itself(&self) -> bool {
        false
    }

    /// The chance it plays each move at `position`, when that can be known without playing
    /// (an exact count of a match walks the game's tree with it): `None` when the game is
    /// over, or when it cannot be known (the default).
    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        let _ = (game, position);
        None
    }
}

/// A function of the game and a position where it is to move, answering with a move, is a
/// player: `|game, position| move`. Its name is the function's (`my_player`), or "your player"
/// for a closure.
///
/// ```
/// use magic_tictactoe::engine::play::End;
/// use magic_tictactoe::games::TakeAway;
/// use magic_tictactoe::{Ending, Opponent, Player, play_game};
///
/// // Take two sticks while there are two, else one.
/// let mut greedy = |_: &TakeAway, &(sticks, _): &(u32, Player)| sticks.min(2);
/// let mut perfect = Opponent::perfect_for(&TakeAway::new(5))?;
/// let game = play_game(&TakeAway::new(5), &mut greedy, &mut perfect);
/// assert_eq!(game.end, End::Over(Ending::Won(Player::O)));
/// # Ok::<(), magic_tictactoe::SearchError>(())
/// ```
impl<G, F> Bot<G> for F
where
    G: TwoPlayerGame,
    F: FnMut(&G, &G::Position) -> G::Move,
{
    fn name(&self) -> &str {
        function_name::<F>()
    }

    /// Checked by the match: a move that is not one of the game's moves there, or a panic,
    /// forfeits.
    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        if game.ending(position).is_some() {
            return None;
        }
        Some(Turn::Plays(Choice {
            square: self(game, position),
            reason: Reason::OwnPlayer,
        }))
    }
}

/// A boxed player, of whatever kind, is a player: a list of players of several kinds is a
/// `Vec<Box<dyn Bot<G>>>`, and `play_game(&game, &mut players[0], &mut players[1])` plays two.
impl<G: TwoPlayerGame> Bot<G> for Box<dyn Bot<G> + '_> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        (**self).turn(game, position)
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        (**self).new_game(seeds);
    }

    fn work(&self) -> u64 {
        (**self).work()
    }

    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        (**self).chances(game, position)
    }
}

/// A player called by another name than its own.
pub(crate) struct Named<B> {
    pub(crate) name: String,
    pub(crate) bot: B,
}

impl<G: TwoPlayerGame, B: Bot<G>> Bot<G> for Named<B> {
    fn name(&self) -> &str {
        &self.name
    }

    fn turn(&mut self, game: &G, position: &G::Position) -> Option<Turn<G::Move>> {
        self.bot.turn(game, position)
    }

    fn new_game(&mut self, seeds: &mut fastrand::Rng) {
        self.bot.new_game(seeds);
    }

    fn work(&self) -> u64 {
        self.bot.work()
    }

    fn chances(&mut self, game: &G, position: &G::Position) -> Option<MoveChances<G::Move>> {
        self.bot.chances(game, position)
    }
}

/// The last part of a function's path, `my_player` for `ctx::my_player`; "your player" for a
/// closure, whose type has no name a learner would know.
pub(crate) fn function_name<F>() -> &'static str {
    let full = std::any::type_name::<F>();
    let last = full.rsplit("::").next().unwrap_or(full);
    if full.contains("{{closure}}")
        || last.is_empty()
        || !last.chars().all(|c| c.is_alphanumeric() || c == '_')
    {
        "your player"
    } else {
        last
    }
}

/// `bot`'s turn at `position`, as a match takes it: a move that is not one of the game's moves
/// there, or a panic, forfeits. (The crate's own players never choose such a move, and report
/// a panic in the game's own code as [`Fault::GamePanicked`], so that it is not theirs.)
pub(crate) fn checked_turn<G: TwoPlayerGame>(
    bot: &mut (dyn Bot<G> + '_),
    game: &G,
    position: &G::Position,
) -> Option<Turn<G::Move>> {
    match learner::run(|| bot.turn(game, position)) {
        Ok(Some(Turn::Plays(choice))) if !game.moves(position).contains(&choice.square) => {
            Some(Turn::Forfeits(Fault::NotAMove {
                chosen: choice.square,
            }))
        }
        Ok(turn) => turn,
        Err(message) => Some(Turn::Forfeits(Fault::Panicked(message))),
    }
}

/// `bot`'s chances at `position`, checked as its turn is: a move that is not one of the game's
/// moves there, or a panic, forfeits; chances that are not chances (below 0, or not adding up
/// to 1) cannot be used, so the match plays its games instead.
pub(crate) fn checked_chances<G: TwoPlayerGame>(
    bot: &mut (dyn Bot<G> + '_),
    game: &G,
    position: &G::Position,
) -> Option<MoveChances<G::Move>> {
    match learner::run(|| bot.chances(game, position)) {
        Ok(Some(Ok(chances))) => {
            let moves = game.moves(position);
            // Chances list the moves in the game's own order, as a rule: each is then found at
            // the cursor at once, where looking each up afresh cost a game of 20,200 moves 400
            // million comparisons (over a second at opt-level 0, with no look at the clock).
            let mut next = 0;
            let mut is_a_move = |chosen: &G::Move| {
                if moves.get(next) == Some(chosen) {
                    next += 1;
                    true
                } else {
                    moves.contains(chosen)
                }
            };
            if let Some(&(chosen, _)) = chances.iter().find(|(chosen, _)| !is_a_move(chosen)) {
                return Some(Err(Fault::NotAMove { chosen }));
            }
            let total: f64 = chances.iter().map(|&(_, chance)| chance).sum();
            let chances_at_all = chances.iter().all(|&(_, chance)| chance >= 0.0);
            (chances_at_all && (total - 1.0).abs() < 1e-9).then_some(Ok(chances))
        }
        Ok(chances) => chances,
        Err(message) => Some(Err(Fault::Panicked(message))),
    }
}
