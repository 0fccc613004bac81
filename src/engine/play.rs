//! One game played out between two players, whatever the game: the one loop that a game
//! session, the challenges, the tournaments and MENACE's training play their games with; what a
//! player can do wrong ([`Fault`]) and the game it loses by it ([`Forfeit`]); and how a game
//! ended for one of its players ([`Finish`]).

use std::fmt;

use super::Reason;
use super::learner;
use crate::rules::{
    Board, Ending, LimitError, Player, Square, SquareError, TicTacToe, TwoPlayerGame,
};

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

/// A game lost by forfeit: the position, who forfeited, which player it was, and why.
pub struct Forfeit<G: TwoPlayerGame = TicTacToe> {
    /// The position where it was that player's turn (a board in tic-tac-toe; the field keeps
    /// the name it had when tic-tac-toe was the only game).
    pub board: G::Position,
    /// The side that forfeited.
    pub player: Player,
    /// The name of the player that forfeited.
    pub name: String,
    /// What went wrong.
    pub fault: Fault<G::Move>,
}

impl<G: TwoPlayerGame> fmt::Debug for Forfeit<G>
where
    G::Position: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Forfeit")
            .field("board", &self.board)
            .field("player", &self.player)
            .field("name", &self.name)
            .field("fault", &self.fault)
            .finish()
    }
}

impl<G: TwoPlayerGame> Clone for Forfeit<G> {
    fn clone(&self) -> Forfeit<G> {
        Forfeit {
            board: self.board.clone(),
            player: self.player,
            name: self.name.clone(),
            fault: self.fault.clone(),
        }
    }
}

impl<G: TwoPlayerGame> PartialEq for Forfeit<G>
where
    G::Position: PartialEq,
{
    fn eq(&self, other: &Forfeit<G>) -> bool {
        self.board == other.board
            && self.player == other.player
            && self.name == other.name
            && self.fault == other.fault
    }
}

impl<G: TwoPlayerGame> Eq for Forfeit<G>
where
    G::Position: Eq,
    G::Move: Eq,
{
}

impl<G: TwoPlayerGame> std::hash::Hash for Forfeit<G>
where
    G::Position: std::hash::Hash,
    G::Move: std::hash::Hash,
{
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.player.hash(state);
        self.name.hash(state);
        self.fault.hash(state);
    }
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
    Drew,
    /// The other player won by the rules.
    Lost,
    /// It forfeited: its code went wrong, or (MENACE) a box it had to draw from was empty.
    Forfeited,
    /// The other player forfeited. A learner's code that goes wrong is no lesson: MENACE
    /// changes no box for it.
    OpponentForfeited,
}

impl Finish {
    /// MENACE's name for forfeiting: a box it had to draw from was empty, so it resigned.
    #[allow(non_upper_case_globals)]
    #[deprecated(note = "MENACE's games now end as every player's do: `Finish::Forfeited`")]
    pub const Resigned: Finish = Finish::Forfeited;

    /// Whether the player lost, by the rules or by forfeiting.
    pub fn is_loss(self) -> bool {
        matches!(self, Finish::Lost | Finish::Forfeited)
    }

    /// How `game` ended for `player`.
    pub fn of(end: &End<impl TwoPlayerGame>, player: Player) -> Finish {
        match end {
            End::Over(Ending::Won(winner)) if *winner == player => Finish::Won,
            End::Over(Ending::Won(_)) => Finish::Lost,
            End::Over(Ending::Drawn) | End::CutShort | End::Stopped => Finish::Drew,
            End::Forfeited(forfeit) if forfeit.player == player => Finish::Forfeited,
            End::Forfeited(_) => Finish::OpponentForfeited,
        }
    }
}

impl fmt::Display for Finish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Finish::Won => "won",
            Finish::Drew => "a draw",
            Finish::Lost => "lost",
            Finish::Forfeited => "forfeited",
            Finish::OpponentForfeited => "the other side forfeited",
        })
    }
}

/// How a game played out ended.
pub enum End<G: TwoPlayerGame = TicTacToe> {
    /// By the rules.
    Over(Ending),
    /// A player forfeited.
    Forfeited(Forfeit<G>),
    /// It was still going after the most moves a game played out makes: counted as a draw.
    CutShort,
    /// It was stopped before its end because the call playing it reached a limit (the time,
    /// or the moves its searches may make): it is not counted.
    Stopped,
}

/// The most moves a game played out makes before it counts as a draw: a game whose rules never
/// end it still comes back. Dots and Boxes on 100 by 100 boxes ends after 20,200 lines; a game
/// this long meets the call's time first, unless each move is quick.
pub const MAX_GAME_MOVES: u32 = 100_000;

/// A game played out: its moves, the position it ended on, and how it ended.
pub struct PlayedGame<G: TwoPlayerGame = TicTacToe> {
    /// The moves, in order.
    pub moves: Vec<G::Move>,
    /// The position it ended on.
    pub last: G::Position,
    /// How it ended.
    pub end: End<G>,
}

impl<G: TwoPlayerGame> fmt::Debug for End<G>
where
    G::Position: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Over(ending) => f.debug_tuple("Over").field(ending).finish(),
            End::Forfeited(forfeit) => f.debug_tuple("Forfeited").field(forfeit).finish(),
            End::CutShort => f.write_str("CutShort"),
            End::Stopped => f.write_str("Stopped"),
        }
    }
}

impl<G: TwoPlayerGame> Clone for End<G> {
    fn clone(&self) -> End<G> {
        match self {
            End::Over(ending) => End::Over(*ending),
            End::Forfeited(forfeit) => End::Forfeited(forfeit.clone()),
            End::CutShort => End::CutShort,
            End::Stopped => End::Stopped,
        }
    }
}

impl<G: TwoPlayerGame> PartialEq for End<G>
where
    G::Position: PartialEq,
{
    fn eq(&self, other: &End<G>) -> bool {
        match (self, other) {
            (End::Over(a), End::Over(b)) => a == b,
            (End::Forfeited(a), End::Forfeited(b)) => a == b,
            (End::CutShort, End::CutShort) | (End::Stopped, End::Stopped) => true,
            _ => false,
        }
    }
}

impl<G: TwoPlayerGame> fmt::Debug for PlayedGame<G>
where
    G::Position: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayedGame")
            .field("moves", &self.moves)
            .field("last", &self.last)
            .field("end", &self.end)
            .finish()
    }
}

impl<G: TwoPlayerGame> Clone for PlayedGame<G> {
    fn clone(&self) -> PlayedGame<G> {
        PlayedGame {
            moves: self.moves.clone(),
            last: self.last.clone(),
            end: self.end.clone(),
        }
    }
}

/// Plays `game` from `start` to its end, asking `turn` for each move of the player to move:
/// the one game loop. A position in play with no moves is lost for the player who cannot move
/// (the rule every search keeps); a game still going after [`MAX_GAME_MOVES`] is cut short.
/// `names` names X and O in a forfeit. The game stops ([`End::Stopped`]) as soon as
/// `keep_going` says no before a move.
pub(crate) fn play_while<G, T>(
    game: &G,
    start: G::Position,
    names: [&str; 2],
    mut turn: T,
    mut keep_going: impl FnMut() -> bool,
) -> PlayedGame<G>
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

impl PlayedGame<TicTacToe> {
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
