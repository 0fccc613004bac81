//! One game played out between two players, whatever the game: the one loop that a game
//! session, the challenges, the tournaments and MENACE's training play their games with; what a
//! player can do wrong ([`Fault`]) and the game it loses by it ([`Forfeit`]); and how a game
//! ended for one of its players ([`Finish`]).

use std::fmt;

use super::Reason;
use super::learner;
use crate::rules::{Board, Ending, LimitError, Player, Square, SquareError, TwoPlayerGame};

/// A move a player chose, with the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choice<M = Square> {
    /// The move chosen: a square in tic-tac-toe (the field keeps the name it had when
    /// tic-tac-toe was the only game), a column in Connect Four, any game's move.
    pub square: M,
    /// Why.
    pub reason: Reason,
}

/// What an opponent does on its turn: play a move, or forfeit because its code went wrong.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Turn<M = Square> {
    /// It plays this move.
    Plays(Choice<M>),
    /// It forfeits the game: its code chose no move it may make, or panicked.
    Forfeits(Fault<M>),
}

impl<M> Turn<M> {
    /// A learner's player plays `chosen`, a move of any game (a square, a column, sticks to
    /// take): `Turn::plays(take)`, without naming [`Choice`]'s fields.
    pub fn plays(chosen: M) -> Turn<M> {
        Turn::Plays(Choice {
            square: chosen,
            reason: Reason::OwnPlayer,
        })
    }
}

impl<M> From<Result<Choice<M>, Fault<M>>> for Turn<M> {
    /// A move chosen is played; a fault forfeits.
    fn from(chosen: Result<Choice<M>, Fault<M>>) -> Turn<M> {
        match chosen {
            Ok(choice) => Turn::Plays(choice),
            Err(fault) => Turn::Forfeits(fault),
        }
    }
}

/// What a player did wrong, so that it forfeits the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Fault<M = Square> {
    /// It chose a square that already has a mark (tic-tac-toe).
    Taken {
        /// The square it chose.
        square: Square,
        /// Whose mark is there.
        by: Player,
    },
    /// Its answer names no square: a number other than 1 to 9, unreadable text, or `None`
    /// (tic-tac-toe).
    NoSquare(SquareError),
    /// It chose a move that is not one of the game's moves there.
    NotAMove {
        /// The move it chose.
        chosen: M,
    },
    /// It has no move to make in a game that is not over: the game lists none.
    NoMove,
    /// Its code panicked, with this message.
    Panicked(String),
    /// MENACE's matchbox for the position has no beads left, so it resigns.
    EmptyBox,
    /// Its search went past a limit (a learner's game too big to search so far, say).
    Refused(LimitError),
    /// The game's own code (its rules, a learner's `TwoPlayerGame`) panicked on its turn, with
    /// this message: the game cannot go on.
    GamePanicked(String),
}

impl<M: fmt::Debug> fmt::Display for Fault<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Taken { square, by } => {
                write!(f, "it chose square {square}, but {by} is already there")
            }
            Fault::NoSquare(error) => write!(f, "its answer is not a free square: {error}"),
            Fault::NotAMove { chosen } => {
                write!(
                    f,
                    "it chose {chosen:?}, which is not one of the moves there"
                )
            }
            Fault::NoMove => write!(f, "the game lists no move for it, though it is not over"),
            Fault::Panicked(message) => write!(f, "its code panicked: {message}"),
            Fault::EmptyBox => write!(f, "its matchbox for this position is empty, so it resigns"),
            Fault::Refused(refusal) => write!(f, "its search stopped: {refusal}"),
            Fault::GamePanicked(message) => {
                write!(f, "the game's own code panicked on its turn: {message}")
            }
        }
    }
}

/// A game lost by forfeit: the position, who forfeited, which player it was, and why. Typed by
/// the game's position and move (a board and a square in tic-tac-toe).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Forfeit<P = Board, M = Square> {
    /// The position where it was that player's turn (a board in tic-tac-toe; the field keeps
    /// the name it had when tic-tac-toe was the only game).
    pub board: P,
    /// The side that forfeited.
    pub player: Player,
    /// The name of the player that forfeited.
    pub name: String,
    /// What went wrong.
    pub fault: Fault<M>,
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}) forfeits on {}: {}",
            self.name, self.player, self.board, self.fault
        )
    }
}

/// How a game ended for one of its players: "won", "a draw", "lost", "forfeited", "the other
/// side forfeited".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Finish {
    /// It won by the rules.
    Won,
    /// Nobody won.
    Drawn,
    /// The other player won by the rules.
    Lost,
    /// It forfeited: its code went wrong, or (MENACE) a box it had to draw from was empty.
    Forfeited,
    /// The other player forfeited. A learner's code that goes wrong is no lesson: MENACE
    /// changes no box for it.
    OpponentForfeited,
}

impl Finish {
    /// A draw, under the name it had before it said it as `Ending` does.
    #[doc(hidden)]
    #[allow(non_upper_case_globals)]
    #[deprecated(since = "0.2.0", note = "use Finish::Drawn")]
    pub const Drew: Finish = Finish::Drawn;

    /// MENACE's name for forfeiting: a box it had to draw from was empty, so it resigned.
    #[allow(non_upper_case_globals)]
    #[deprecated(note = "MENACE's games now end as every player's do: `Finish::Forfeited`")]
    pub const Resigned: Finish = Finish::Forfeited;

    /// Whether the player lost, by the rules or by forfeiting.
    pub fn is_loss(self) -> bool {
        matches!(self, Finish::Lost | Finish::Forfeited)
    }

    /// How `game` ended for `player`.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn of<P, M>(end: &End<P, M>, player: Player) -> Finish {
        match end {
            End::Over(Ending::Won(winner)) if *winner == player => Finish::Won,
            End::Over(Ending::Won(_)) => Finish::Lost,
            End::Over(Ending::Drawn) | End::CutShort | End::Stopped => Finish::Drawn,
            End::Forfeited(forfeit) if forfeit.player == player => Finish::Forfeited,
            End::Forfeited(_) => Finish::OpponentForfeited,
        }
    }
}

impl fmt::Display for Finish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Finish::Won => "won",
            Finish::Drawn => "a draw",
            Finish::Lost => "lost",
            Finish::Forfeited => "forfeited",
            Finish::OpponentForfeited => "the other side forfeited",
        })
    }
}

/// How a game played out ended.
#[derive(Debug, Clone, PartialEq)]
pub enum End<P = Board, M = Square> {
    /// By the rules.
    Over(Ending),
    /// A player forfeited.
    Forfeited(Forfeit<P, M>),
    /// It was still going after the most moves a game played out makes: counted as a draw.
    CutShort,
    /// It was stopped before its end because the call playing it reached a limit (the time,
    /// or the moves its searches may make): it is not counted.
    Stopped,
}

/// The most moves a game played out makes before it counts as a draw: a game whose rules never
/// end it still comes back. Dots and Boxes on 100 by 100 boxes ends after 20,200 lines; a game
/// this long meets the call's time first, unless each move is quick.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_GAME_MOVES: u32 = 100_000;

/// A game played out: its moves, the position it ended on, and how it ended. Typed by the
/// game's position and move (a board and a square in tic-tac-toe).
#[derive(Debug, Clone)]
pub struct PlayedGame<P = Board, M = Square> {
    /// The moves, in order.
    pub moves: Vec<M>,
    /// The position it ended on.
    pub last: P,
    /// How it ended.
    pub end: End<P, M>,
}

/// Plays `game` from `start` to its end, asking `turn` for each move of the player to move:
/// the one game loop. A position in play with no moves is lost for the player who cannot move
/// (the rule every search keeps); a game still going after 100,000 moves is cut short.
/// `names` names X and O in a forfeit. The game stops ([`End::Stopped`]) as soon as
/// `keep_going` says no before a move.
pub(crate) fn play_while<G, T>(
    game: &G,
    start: G::Position,
    names: [&str; 2],
    mut turn: T,
    mut keep_going: impl FnMut() -> bool,
) -> PlayedGame<G::Position, G::Move>
where
    G: TwoPlayerGame,
    T: FnMut(&G::Position, Player) -> Option<Turn<G::Move>>,
{
    // The game so far, kept outside the loop so that a panic in the game's own code (its rules,
    // or the computer's players asking them) ends the game where it was: a position and the
    // moves to it, always in step.
    let mut position = start;
    let mut moves = Vec::new();
    let mut mover = Player::X;
    let end = learner::run(|| {
        for _ in 0..MAX_GAME_MOVES {
            if let Some(ending) = game.ending(&position) {
                return End::Over(ending);
            }
            if !keep_going() {
                return End::Stopped;
            }
            mover = game.to_move(&position);
            let forfeit = |fault| Forfeit {
                board: position.clone(),
                player: mover,
                name: names[mover as usize].to_owned(),
                fault,
            };
            let chosen = match turn(&position, mover) {
                Some(Turn::Plays(Choice { square, .. })) => square,
                Some(Turn::Forfeits(fault)) => return End::Forfeited(forfeit(fault)),
                // A player who cannot move in a game the rules do not call over has lost.
                None => return End::Forfeited(forfeit(Fault::NoMove)),
            };
            let next = game.play(&position, chosen);
            moves.push(chosen);
            position = next;
        }
        End::CutShort
    });
    let end = end.unwrap_or_else(|message| {
        End::Forfeited(Forfeit {
            board: position.clone(),
            player: mover,
            name: names[mover as usize].to_owned(),
            fault: Fault::GamePanicked(message),
        })
    });
    PlayedGame {
        moves,
        last: position,
        end,
    }
}

impl PlayedGame {
    /// The boards of the game: the start, then one after each move.
    pub fn boards(&self, start: Board) -> Vec<Board> {
        let mut boards = vec![start];
        for &square in &self.moves {
            let last = *boards.last().unwrap_or(&start);
            boards.push(last.play_unchecked(square));
        }
        boards
    }
}
