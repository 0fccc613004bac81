//! The one match of the crate: games between two [`Bot`]s through the one game loop
//! ([`play_game`], MENACE's training), and [`Match`], pairings of players worked out exactly over
//! the game's tree where they can be, else over sampled games, with one result for every
//! caller (a challenge, a tournament, a depth study).

use std::hash::Hash;

use super::bot::{Bot, checked_chances, checked_turn};
use super::budget::{Budget, max_depth};
use super::learner;
use super::memo::Memo;
use super::play::{End, Fault, Forfeit, PlayedGame, Turn, play_while};
use crate::rules::{Ending, Player, Tally, TwoPlayerGame};

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
) -> PlayedGame<G::Position, G::Move> {
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
) -> PlayedGame<G::Position, G::Move> {
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
) -> (GameOf<G>, Option<Last<G>>) {
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

/// A game of `G` played out.
type GameOf<G> = PlayedGame<<G as TwoPlayerGame>::Position, <G as TwoPlayerGame>::Move>;

/// The last move chosen in a game: who chose it and the move.
pub(crate) type Last<G> = (Player, <G as TwoPlayerGame>::Move);

/// Where the game's own code panicked: its message, and when a game was being played, the
/// position it stood at and the last move chosen before it.
pub(crate) struct Panic<G: TwoPlayerGame> {
    /// The pairing it panicked in, of those the match was given.
    pub(crate) pairing: usize,
    pub(crate) message: String,
    pub(crate) at: Option<(G::Position, Option<Last<G>>)>,
}

/// The most positions an exact count of a pairing walks: tic-tac-toe's 5,478 and the small
/// games' are far inside; past it, a match is played over sampled games instead.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_EXACT_POSITIONS: usize = 200_000;

/// How one pairing of a match came out, X against O.
pub(crate) struct Pairing<G: TwoPlayerGame> {
    /// The chance that X wins, that O wins and of a draw: worked out exactly, or the shares of
    /// the games played (a forfeit is the other player's win).
    pub(crate) rates: Tally<f64>,
    /// The chance that X forfeits, and that O does.
    pub(crate) forfeits: [f64; 2],
    /// X's first forfeit and O's, where and why.
    pub(crate) first_forfeits: [Option<Forfeit<G::Position, G::Move>>; 2],
    /// The games played, fewer than asked when the time or the searches' bound ran out; `None`
    /// when the chances were worked out exactly.
    pub(crate) games: Option<u32>,
}

impl<G: TwoPlayerGame> Pairing<G> {
    /// The first forfeit of the pairing, X's before O's.
    pub(crate) fn first_forfeit(self) -> Option<Forfeit<G::Position, G::Move>> {
        let [by_x, by_o] = self.first_forfeits;
        by_x.or(by_o)
    }
}

/// What a match came to: its pairings, in the order asked, up to a panic of the game's own code.
pub(crate) struct Played<G: TwoPlayerGame> {
    pub(crate) pairings: Vec<Pairing<G>>,
    /// Whether every pairing was worked out exactly.
    pub(crate) exact: bool,
    /// The game's own code panicked: no game after it can be trusted, so the match stopped
    /// there, and the pairings from that one on are not in `pairings`.
    pub(crate) panicked: Option<Panic<G>>,
}

/// The one match of the crate: pairings of players, X against O, each worked out exactly over
/// the game's tree when every pairing can be (every player knows its chances, the tree is
/// small), else played over sampled games through the one game loop. A challenge, a
/// tournament and a depth study all play theirs through it.
pub(crate) struct Match<'a, G: TwoPlayerGame> {
    pub(crate) game: &'a G,
    /// The call's time, for every pairing together.
    pub(crate) budget: &'a Budget,
    /// Whether the chances are worked out exactly when every pairing can be.
    pub(crate) exact: bool,
    /// The games each pairing plays when sampled.
    pub(crate) games: u32,
    /// The seed of the sampled games.
    pub(crate) seed: u64,
    /// Whether each pairing's seeds start again from `seed`, or all follow one another.
    pub(crate) seeds_each_pairing: bool,
    /// The most moves the players' searches look at, all pairings together.
    pub(crate) most_work: u64,
}

impl<'a, G> Match<'a, G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    /// A match of `game` within `budget`'s time: exact when every pairing can be, else `games`
    /// games a pairing, each pairing's seeds from `seed`, the searches unbounded.
    pub(crate) fn new(game: &'a G, budget: &'a Budget, games: u32, seed: u64) -> Match<'a, G> {
        Match {
            game,
            budget,
            exact: true,
            games,
            seed,
            seeds_each_pairing: true,
            most_work: u64::MAX,
        }
    }

    /// Plays each of `pairs` (the X player's place in `players`, the O player's).
    pub(crate) fn play(
        &self,
        players: &mut [&mut dyn Bot<G>],
        pairs: &[(usize, usize)],
    ) -> Played<G> {
        if self.exact {
            match self.exactly(players, pairs) {
                Ok(Some(pairings)) => {
                    return Played {
                        pairings,
                        exact: true,
                        panicked: None,
                    };
                }
                Ok(None) => {}
                Err(panicked) => {
                    return Played {
                        pairings: Vec::new(),
                        exact: false,
                        panicked: Some(panicked),
                    };
                }
            }
        }
        self.sampled(players, pairs)
    }

    /// Every pairing worked out over the game's tree, or `None` as soon as one cannot be.
    fn exactly(
        &self,
        players: &mut [&mut dyn Bot<G>],
        pairs: &[(usize, usize)],
    ) -> Result<Option<Vec<Pairing<G>>>, Panic<G>> {
        let mut pairings = Vec::new();
        for (pairing, &(x, o)) in pairs.iter().enumerate() {
            let [x, o] = two(players, x, o);
            let found = learner::run(|| exact(self.game, [x, o], self.budget));
            match found {
                Ok(Some(found)) => pairings.push(found),
                Ok(None) => return Ok(None),
                Err(message) => {
                    return Err(Panic {
                        pairing,
                        message,
                        at: None,
                    });
                }
            }
        }
        Ok(Some(pairings))
    }

    /// Every pairing over sampled games: before each game, each player takes its next seed
    /// ([`Bot::new_game`]). A pairing stops early when the budget's time runs out, or when the
    /// searches of all the players together pass `most_work` moves.
    fn sampled(&self, players: &mut [&mut dyn Bot<G>], pairs: &[(usize, usize)]) -> Played<G> {
        let mut seeds = fastrand::Rng::with_seed(self.seed);
        // Each player's searches count from here.
        let start: Vec<u64> = players.iter().map(|player| player.work()).collect();
        let mut pairings = Vec::new();
        for (pairing, &(x, o)) in pairs.iter().enumerate() {
            if self.seeds_each_pairing {
                seeds = fastrand::Rng::with_seed(self.seed);
            }
            // What the others have searched is spent; these two count from their start.
            let others: u64 = (0..players.len())
                .filter(|&k| k != x && k != o)
                .map(|k| players[k].work().saturating_sub(start[k]))
                .sum();
            let most = self
                .most_work
                .saturating_sub(others)
                .saturating_add(start[x])
                .saturating_add(if x == o { 0 } else { start[o] });
            let [x, o] = two(players, x, o);
            match self.games_between(x, o, &mut seeds, most) {
                Ok(played) => pairings.push(played),
                Err((message, position, last)) => {
                    return Played {
                        pairings,
                        exact: false,
                        panicked: Some(Panic {
                            pairing,
                            message,
                            at: Some((position, last)),
                        }),
                    };
                }
            }
        }
        Played {
            pairings,
            exact: false,
            panicked: None,
        }
    }

    /// Up to `self.games` games between `x` and `o`, or where the game's own code panicked.
    #[allow(clippy::type_complexity)]
    fn games_between(
        &self,
        x: &mut dyn Bot<G>,
        o: &mut dyn Bot<G>,
        seeds: &mut fastrand::Rng,
        most_work: u64,
    ) -> Result<Pairing<G>, (String, G::Position, Option<Last<G>>)> {
        let mut wins = [0u32; 2];
        let mut draws = 0u32;
        let mut forfeits = [0u32; 2];
        let mut first_forfeits = [None, None];
        let mut played = 0u32;
        for _ in 0..self.games {
            if x.work().saturating_add(o.work()) >= most_work || !self.budget.in_time() {
                break;
            }
            x.new_game(seeds);
            o.new_game(seeds);
            let (game, last) = play_within(self.game, x, o, self.budget, most_work);
            match game.end {
                End::Stopped => break,
                End::Forfeited(Forfeit {
                    fault: Fault::GamePanicked(message),
                    board,
                    ..
                }) => return Err((message, board, last)),
                End::Over(Ending::Won(winner)) => wins[winner as usize] += 1,
                End::Over(Ending::Drawn) | End::CutShort => draws += 1,
                End::Forfeited(forfeit) => {
                    wins[!forfeit.player as usize] += 1;
                    forfeits[forfeit.player as usize] += 1;
                    first_forfeits[forfeit.player as usize].get_or_insert(forfeit);
                }
            }
            played += 1;
        }
        let share = |n: u32| f64::from(n) / f64::from(played.max(1));
        Ok(Pairing {
            rates: Tally {
                x_wins: share(wins[0]),
                o_wins: share(wins[1]),
                draws: share(draws),
            },
            forfeits: forfeits.map(share),
            first_forfeits,
            games: Some(played),
        })
    }
}

/// Players `x` and `o` of `players`, two different ones: a player against itself plays a copy
/// of itself, which its caller places in the list.
fn two<'p, 'b, G: TwoPlayerGame>(
    players: &'p mut [&'b mut dyn Bot<G>],
    x: usize,
    o: usize,
) -> [&'p mut (dyn Bot<G> + 'b); 2] {
    assert_ne!(x, o, "a player against itself plays a copy of itself");
    let (first, second) = players.split_at_mut(x.max(o));
    let (low, high) = (&mut *first[x.min(o)], &mut *second[0]);
    if x < o { [low, high] } else { [high, low] }
}

/// The chances of every ending between `x` and `o` from the start of `game`, worked out over
/// the game's tree, or `None` when a player's chances cannot be known ([`Bot::chances`]: a
/// learner's player answered a position differently when asked twice), or the tree between
/// them is too big to walk (200,000, or the time).
fn exact<G>(game: &G, players: [&mut dyn Bot<G>; 2], budget: &Budget) -> Option<Pairing<G>>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    let mut walk = ExactWalk {
        game,
        players,
        memo: Memo::new(),
        first_forfeits: [None, None],
        budget,
    };
    let (rates, forfeits) = walk.from(game.start(), 0)?;
    Some(Pairing {
        rates,
        forfeits,
        first_forfeits: walk.first_forfeits,
        games: None,
    })
}

struct ExactWalk<'a, 'b, G: TwoPlayerGame> {
    game: &'a G,
    /// X and O.
    players: [&'a mut (dyn Bot<G> + 'b); 2],
    /// The chances from each position on, and of each side's forfeit.
    memo: Memo<G, (Tally<f64>, [f64; 2])>,
    first_forfeits: [Option<Forfeit<G::Position, G::Move>>; 2],
    budget: &'a Budget,
}

impl<G> ExactWalk<'_, '_, G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    fn from(&mut self, position: G::Position, depth: u32) -> Option<(Tally<f64>, [f64; 2])> {
        if let Some(known) = self.memo.get(&position) {
            return Some(*known);
        }
        // Past a limit the match is sampled instead (the time, though, is the whole call's).
        if self.memo.len() >= MAX_EXACT_POSITIONS
            || self.memo.hashes_alike()
            || depth > max_depth::<G::Position>()
            || !self.budget.in_time()
        {
            return None;
        }
        let mut rates = Tally::default();
        let mut forfeits = [0.0; 2];
        match self.game.ending(&position) {
            Some(Ending::Won(winner)) => *rates.get_mut(Some(winner)) = 1.0,
            Some(Ending::Drawn) => *rates.get_mut(None) = 1.0,
            None => {
                let player = self.game.to_move(&position);
                let mover = &mut *self.players[player as usize];
                match checked_chances(mover, self.game, &position)? {
                    // The game's own code panicked: the games, played, say where.
                    Err(Fault::GamePanicked(_)) => return None,
                    Err(fault) => {
                        *rates.get_mut(Some(!player)) = 1.0;
                        forfeits[player as usize] = 1.0;
                        let name = mover.name().to_owned();
                        self.first_forfeits[player as usize].get_or_insert(Forfeit {
                            board: position.clone(),
                            player,
                            name,
                            fault,
                        });
                    }
                    Ok(chances) => {
                        for (chosen, p) in chances {
                            if p > 0.0 {
                                let next = self.game.play(&position, chosen);
                                let (after, forfeit_after) = self.from(next, depth + 1)?;
                                rates.x_wins += p * after.x_wins;
                                rates.o_wins += p * after.o_wins;
                                rates.draws += p * after.draws;
                                forfeits[0] += p * forfeit_after[0];
                                forfeits[1] += p * forfeit_after[1];
                            }
                        }
                    }
                }
            }
        }
        self.memo.insert(position, (rates, forfeits));
        Some((rates, forfeits))
    }
}
