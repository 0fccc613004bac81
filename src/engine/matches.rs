//! The one match runner: games between two [`Bot`]s through the one game loop, for
//! [`play_game`], the challenges, the tournaments, the depth study and MENACE's
//! training alike.

use super::bot::{Bot, checked_turn};
use super::budget::Budget;
use super::play::{End, Fault, Forfeit, PlayedGame, Turn, play_while};
use crate::rules::{Ending, Player, TwoPlayerGame};

/// Plays `game` from its start between `x` and `o`, each asked for its moves with
/// [`Bot::turn`]: a player whose code goes wrong forfeits, and the game ends there. The
/// whole game stops within a call's time ([`End::Stopped`]).
///
/// ```
/// use magic_tictactoe::engine::play::End;
/// use magic_tictactoe::engine::play_game;
/// use magic_tictactoe::games::TakeAway;
/// use magic_tictactoe::{Ending, Opponent, Player};
///
/// // Perfect play from 10 sticks: the first player wins.
/// let heap = TakeAway::new(10);
/// let mut x = Opponent::perfect_for(&heap)?;
/// let mut o = Opponent::random_for(&heap, 1);
/// let game = play_game(&heap, &mut x, &mut o);
/// assert_eq!(game.end, End::Over(Ending::Won(Player::X)));
/// # Ok::<(), magic_tictactoe::SearchError>(())
/// ```
pub fn play_game<G: TwoPlayerGame>(
    game: &G,
    x: &mut impl Bot<G>,
    o: &mut impl Bot<G>,
) -> PlayedGame<G> {
    let budget = Budget::new(u64::MAX, u32::MAX);
    play_within(game, x, o, &budget, u64::MAX).0
}

/// The old name of [`play_game`]: a playout is now only a random game from a position
/// ([`TwoPlayerGame::play_out`], what Monte Carlo tree search plays).
#[deprecated(
    note = "a game between two players is `play_game(&game, &mut x, &mut o)`; a playout is the random game `game.play_out` plays"
)]
pub fn play_out<G: TwoPlayerGame>(
    game: &G,
    x: &mut impl Bot<G>,
    o: &mut impl Bot<G>,
) -> PlayedGame<G> {
    play_game(game, x, o)
}

/// One game of `game` from its start between `x` and `o`, stopped ([`End::Stopped`]) when the
/// budget's time runs out or the two players' searches together pass `most_work` moves.
pub(crate) fn play_within<'a, G: TwoPlayerGame>(
    game: &G,
    x: &mut (dyn Bot<G> + 'a),
    o: &mut (dyn Bot<G> + 'a),
    budget: &Budget,
    most_work: u64,
) -> (PlayedGame<G>, Option<Last<G>>) {
    let names = [x.name().to_owned(), o.name().to_owned()];
    let players = std::cell::RefCell::new([x, o]);
    let mut last = None;
    let played = play_while(
        game,
        game.start(),
        [&names[0], &names[1]],
        |position, mover| {
            let turn = checked_turn(&mut *players.borrow_mut()[mover as usize], game, position);
            if let Some(Turn::Plays(choice)) = &turn {
                last = Some((mover, choice.square));
            }
            turn
        },
        || {
            let [x, o] = &*players.borrow();
            x.work().saturating_add(o.work()) < most_work && budget.in_time()
        },
    );
    (played, last)
}

/// The last move chosen in a game: who chose it and the move.
pub(crate) type Last<G> = (Player, <G as TwoPlayerGame>::Move);

/// Where the game's own code panicked: its message, the position the game stood at, and the
/// last move chosen before it.
pub(crate) type Panic<G> = (String, <G as TwoPlayerGame>::Position, Option<Last<G>>);

/// What a run of games between two players came to, counted.
pub(crate) struct Games<G: TwoPlayerGame> {
    /// Games X won and games O won (a forfeit is the other player's win).
    pub(crate) wins: [u32; 2],
    /// Games drawn, or cut short at the most moves a game may have.
    pub(crate) draws: u32,
    /// Games X forfeited and games O forfeited.
    pub(crate) forfeits: [u32; 2],
    /// X's first forfeit and O's, where and why.
    pub(crate) first_forfeits: [Option<Forfeit<G>>; 2],
    /// Games played to their end: fewer than asked when the time or the searches' bound ran
    /// out, or the game's own code panicked.
    pub(crate) played: u32,
    /// The game's own code panicked, with this message, after this move: no game after it can
    /// be trusted, so the run stops there.
    pub(crate) panicked: Option<Panic<G>>,
}

impl<G: TwoPlayerGame> Games<G> {
    /// How often `side` won, drew, lost and forfeited, each a share of the games played.
    pub(crate) fn shares_for(&self, side: Player) -> [f64; 4] {
        let played = f64::from(self.played.max(1));
        let [won, drew, lost, forfeited] = [
            self.wins[side as usize],
            self.draws,
            self.wins[!side as usize],
            self.forfeits[side as usize],
        ];
        [won, drew, lost, forfeited].map(|n| f64::from(n) / played)
    }
}

/// Plays up to `games` games between `x` and `o`. Before each, each player takes its next seed
/// from `seeds` ([`Bot::new_game`]). Stops early when `budget`'s time runs out, when the
/// players' searches together pass `most_work` moves, or when the game's own code panics.
pub(crate) fn play_games<'a, G: TwoPlayerGame>(
    game: &G,
    x: &mut (dyn Bot<G> + 'a),
    o: &mut (dyn Bot<G> + 'a),
    games: u32,
    seeds: &mut fastrand::Rng,
    budget: &Budget,
    most_work: u64,
) -> Games<G> {
    let mut counted = Games {
        wins: [0; 2],
        draws: 0,
        forfeits: [0; 2],
        first_forfeits: [None, None],
        played: 0,
        panicked: None,
    };
    for _ in 0..games {
        if x.work().saturating_add(o.work()) >= most_work || !budget.in_time() {
            break;
        }
        x.new_game(seeds);
        o.new_game(seeds);
        let (played, last) = play_within(game, x, o, budget, most_work);
        match played.end {
            End::Stopped => break,
            End::Forfeited(Forfeit {
                fault: Fault::GamePanicked(message),
                board,
                ..
            }) => {
                counted.panicked = Some((message, board, last));
                break;
            }
            End::Over(Ending::Won(winner)) => counted.wins[winner as usize] += 1,
            End::Over(Ending::Drawn) | End::CutShort => counted.draws += 1,
            End::Forfeited(forfeit) => {
                counted.wins[!forfeit.player as usize] += 1;
                counted.forfeits[forfeit.player as usize] += 1;
                counted.first_forfeits[forfeit.player as usize].get_or_insert(forfeit);
            }
        }
        counted.played += 1;
    }
    counted
}
