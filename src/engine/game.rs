//! A game session: moves so far, undo, and an optional computer opponent.

use std::fmt;

use super::{Analysis, Bot, Choice, End, Forfeit, Level, Opponent, Turn};
use crate::rules::text::capitalised;
use crate::rules::{Board, Ending, IntoSquare, MoveError, Player, Square, TicTacToe};

/// A game between two people, or between a person and the computer.
///
/// Against the computer, each move the person makes is answered at once by the computer's
/// reply; if the computer plays X, it makes the first move as soon as the game starts. The
/// computer may be one of the crate's [`Level`]s or a learner's own player (any function from
/// a board to a square, see [`Opponent`]); a player whose code chooses a taken square or
/// panics forfeits, and the game shows where and why.
///
/// [`Game::play`] is made for notebook cells: it never panics, keeps what happened as the
/// game's [message](Game::message), and returns the game, so moves chain and the cell shows
/// the game. [`Game::try_play`] returns an error instead.
///
/// ```
/// use magic_tictactoe::{Game, Level, Player, Square};
///
/// let mut game = Game::against(Level::Rules).playing_as(Player::X);
/// let reply = game.try_play(1)?;               // X on 1, the computer answers
/// assert_eq!(reply.map(|choice| choice.square), Some(Square::Centre));
/// assert_eq!(game.moves(), &[Square::TopLeft, Square::Centre]);
/// assert!(game.try_play(5).is_err());         // taken: the game is unchanged
/// assert_eq!(game.moves().len(), 2);
/// game.undo();                                 // takes back the reply too
/// assert!(game.moves().is_empty());
///
/// let mut friends = Game::new();
/// friends.play(5).play(1).play(9);             // moves chain
/// assert_eq!(friends.moves().len(), 3);
/// # Ok::<(), magic_tictactoe::MoveError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    moves: Vec<Square>,
    /// The positions of the game: `boards[0]` is the empty board, `boards[i]` follows move `i`.
    boards: Vec<Board>,
    computer: Option<Computer>,
    last_reply: Option<Choice>,
    message: Option<Message>,
    /// How a computer player forfeited the game, if it did.
    forfeit: Option<Forfeit>,
}

/// What the last call to [`Game::play`] or [`Game::undo`] said, and whether it refused.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Message {
    text: String,
    refused: bool,
}

#[derive(Debug, Clone)]
struct Computer {
    opponent: Opponent,
    plays: Player,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game for two people at one board, X to move.
    pub fn new() -> Game {
        Game {
            moves: Vec::new(),
            boards: vec![Board::new()],
            computer: None,
            last_reply: None,
            message: None,
            forfeit: None,
        }
    }

    /// A game against the computer: a [`Level`], an [`Opponent`], or a learner's own player
    /// (a function from a board to a square). The person plays X and moves first. Change that
    /// with [`Game::playing_as`], and the computer's seed with [`Game::with_seed`].
    ///
    /// ```
    /// use magic_tictactoe::{Board, Game, Square};
    ///
    /// fn my_player(board: &Board) -> Option<Square> {
    ///     board.empty_squares().first()
    /// }
    /// let mut game = Game::against(my_player);
    /// game.play(5);
    /// assert_eq!(game.moves(), &[Square::Centre, Square::TopLeft]);
    /// ```
    pub fn against(opponent: impl Into<Opponent>) -> Game {
        Game::against_opponent(opponent.into(), Player::O)
    }

    /// A game against `opponent`, which plays `computer_plays`. If that is X, the computer
    /// makes its first move at once.
    pub fn against_opponent(opponent: Opponent, computer_plays: Player) -> Game {
        let mut game = Game {
            computer: Some(Computer {
                opponent,
                plays: computer_plays,
            }),
            ..Game::new()
        };
        game.restart();
        game
    }

    /// The same game restarted with the person playing `you`: X moves first, so choosing O
    /// lets the computer start. In a game between two people this only restarts.
    #[must_use]
    pub fn playing_as(mut self, you: Player) -> Game {
        if let Some(computer) = &mut self.computer {
            computer.plays = !you;
        }
        self.restart();
        self
    }

    /// The same game restarted with the computer's random choices drawn from `seed`.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Game {
        if let Some(computer) = &mut self.computer {
            computer.opponent = computer.opponent.clone().with_seed(seed);
        }
        self.restart();
        self
    }

    /// Clears the board (and lets the computer open, if it plays X).
    pub fn restart(&mut self) -> &mut Game {
        self.moves.clear();
        self.boards.truncate(1);
        self.last_reply = None;
        self.message = None;
        self.forfeit = None;
        if let Some(computer) = &mut self.computer {
            computer.opponent.reset();
        }
        self.let_computer_move();
        self
    }

    /// Puts a mark on `square`, which the caller has checked is a legal move.
    fn push(&mut self, square: Square) {
        let board = self.board();
        debug_assert!(board.legal_moves().contains(square));
        self.moves.push(square);
        self.boards.push(board.play_unchecked(square));
    }

    fn let_computer_move(&mut self) {
        self.last_reply = None;
        let board = self.board();
        let Some(computer) = &mut self.computer else {
            return;
        };
        if board.to_move() != Some(computer.plays) {
            return;
        }
        match computer.opponent.turn(&TicTacToe::default(), &board) {
            Some(Turn::Plays(choice)) => {
                self.push(choice.square);
                self.last_reply = Some(choice);
            }
            Some(Turn::Forfeits(fault)) => {
                self.forfeit = Some(Forfeit {
                    board,
                    player: computer.plays,
                    name: computer.opponent.name().to_owned(),
                    fault,
                });
            }
            None => {}
        }
    }

    /// How a computer player forfeited the game, if it did: the position, the player and what
    /// its code did wrong.
    pub fn forfeit(&self) -> Option<&Forfeit> {
        self.forfeit.as_ref()
    }

    /// The computer player, or `None` in a game between two people.
    pub fn opponent(&self) -> Option<&Opponent> {
        self.computer.as_ref().map(|computer| &computer.opponent)
    }

    /// The side the computer plays, or `None` in a game between two people.
    pub fn computer_plays(&self) -> Option<Player> {
        self.computer.as_ref().map(|computer| computer.plays)
    }

    /// A whole game between two computer players, `x` moving first. A player whose code goes
    /// wrong forfeits, and the game ends there.
    ///
    /// ```
    /// use magic_tictactoe::{Game, Level, Opponent};
    ///
    /// let game = Game::between(&mut Opponent::new(Level::Perfect, 1), &mut Opponent::new(Level::Perfect, 2));
    /// assert!(game.is_over());
    /// assert_eq!(game.winner(), None); // perfect against perfect is a draw
    /// ```
    pub fn between(x: &mut Opponent, o: &mut Opponent) -> Game {
        let played = super::play_game(&TicTacToe::default(), x, o);
        let mut game = Game::new();
        for &square in &played.moves {
            game.push(square);
        }
        if let End::Forfeited(forfeit) = played.end {
            game.forfeit = Some(forfeit);
        }
        game
    }

    /// The old name of [`Game::between`].
    #[deprecated(
        note = "a game between two computer players is `Game::between(&mut x, &mut o)`; a playout is the random game `TwoPlayerGame::play_out` plays"
    )]
    pub fn play_out(x: &mut Opponent, o: &mut Opponent) -> Game {
        Game::between(x, o)
    }

    /// The computer's level, or `None` in a game between two people or against a learner's
    /// own player.
    pub fn level(&self) -> Option<Level> {
        self.opponent().and_then(Opponent::level)
    }

    /// Plays the person's move on `square` and then, against the computer, its reply.
    ///
    /// Returns the computer's reply (`None` between two people or when the person's move
    /// ended the game). On an error the game is unchanged.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] when the square does not exist or is taken, or the game is over.
    pub fn try_play(&mut self, square: impl IntoSquare) -> Result<Option<Choice>, MoveError> {
        let square = square.into_square()?;
        if let Some(forfeit) = &self.forfeit {
            return Err(MoveError::GameOver(Ending::Won(!forfeit.player)));
        }
        self.board().try_play(square)?;
        self.push(square);
        self.let_computer_move();
        Ok(self.last_reply)
    }

    /// Like [`Game::try_play`], but made for a notebook cell: it never panics, keeps what
    /// happened (the computer's reply, or what was wrong with the move) as the game's
    /// [message](Game::message), and returns the game so that moves chain and the cell shows it.
    pub fn play(&mut self, square: impl IntoSquare) -> &mut Game {
        let mover = self.board().turn();
        let before = self.moves.len();
        self.message = Some(match self.try_play(square) {
            Ok(reply) => {
                let played = self.moves.get(before).map(|square| square.to_string());
                let played = played.unwrap_or_default();
                Message {
                    text: match (reply, &self.forfeit) {
                        (Some(choice), _) => format!(
                            "You took square {played}. The computer took square {} ({}).",
                            choice.square, choice.reason
                        ),
                        // The result says why the computer forfeited.
                        (None, Some(_)) => format!("You took square {played}."),
                        (None, None) => format!("{mover} took square {played}."),
                    },
                    refused: false,
                }
            }
            Err(error) => Message {
                text: format!("{}. Nothing was played.", capitalised(&error.to_string())),
                refused: true,
            },
        });
        self
    }

    /// The result in a sentence, such as `"X wins with the row 1-2-3."`.
    pub fn result_sentence(&self) -> String {
        let board = self.board();
        if let Some(forfeit) = &self.forfeit {
            return format!(
                "{} ({}) forfeits, so {} wins: {}.",
                forfeit.name, forfeit.player, !forfeit.player, forfeit.fault
            );
        }
        match (board.outcome(), board.winning_line()) {
            (None, _) => format!("{} to move.", board.turn()),
            (Some(Ending::Won(winner)), Some(line)) => {
                let who = match self.computer_plays() {
                    Some(computer) if computer == winner => format!("The computer ({winner}) wins"),
                    Some(_) => format!("You ({winner}) win"),
                    None => format!("{winner} wins"),
                };
                format!("{who} with the {} {line}.", line.kind())
            }
            (Some(_), _) => "It's a draw.".to_owned(),
        }
    }

    /// Takes back the person's last move, and the computer's reply to it; between two people,
    /// the last move. The computer's opening move, when it plays X, stays. The game's
    /// [message](Game::message) says what happened; the game is returned to show.
    pub fn undo(&mut self) -> &mut Game {
        let keep = match self.computer_plays() {
            None => self.moves.len().checked_sub(1),
            Some(computer) => (0..self.moves.len())
                .rev()
                .find(|&i| mover_of_move(i) != computer),
        };
        self.message = Some(match keep {
            Some(keep) => {
                self.moves.truncate(keep);
                self.boards.truncate(keep + 1);
                self.last_reply = None;
                self.forfeit = None;
                Message {
                    text: "Took back the last move.".to_owned(),
                    refused: false,
                }
            }
            None => Message {
                text: "There is no move of yours to take back.".to_owned(),
                refused: true,
            },
        });
        self
    }

    /// Whether [`Game::undo`] would take a move back.
    pub fn can_undo(&self) -> bool {
        match self.computer_plays() {
            None => !self.moves.is_empty(),
            Some(computer) => (0..self.moves.len()).any(|i| mover_of_move(i) != computer),
        }
    }

    /// The current position.
    pub fn board(&self) -> Board {
        // The list starts with the empty board and only ever grows from there or is cut back
        // to it, so it is never empty.
        let board = self.boards.last().copied();
        debug_assert!(board.is_some());
        board.unwrap_or(Board::EMPTY)
    }

    /// The moves so far, in order.
    pub fn moves(&self) -> &[Square] {
        &self.moves
    }

    /// The positions of the game, from the empty board to the current one.
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }

    /// The side to move, or `None` when the game is over.
    pub fn to_move(&self) -> Option<Player> {
        if self.forfeit.is_some() {
            return None;
        }
        self.board().to_move()
    }

    /// How the game ended, or `None` while it is in play. A player who forfeited lost: who it
    /// was and why is [`Game::forfeit`].
    pub fn outcome(&self) -> Option<Ending> {
        match &self.forfeit {
            Some(forfeit) => Some(Ending::Won(!forfeit.player)),
            None => self.board().outcome(),
        }
    }

    /// The winner, if the game has been won.
    pub fn winner(&self) -> Option<Player> {
        self.outcome().and_then(Ending::winner)
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The computer's reply to the last move, if it made one.
    pub fn last_reply(&self) -> Option<Choice> {
        self.last_reply
    }

    /// What happened on the last call to [`Game::play`] or [`Game::undo`], in a sentence.
    pub fn message(&self) -> Option<&str> {
        self.message
            .as_ref()
            .map(|message| message.text.as_str())
            .filter(|text| !text.is_empty())
    }

    /// Whether the last call to [`Game::play`] or [`Game::undo`] was refused (a taken square,
    /// a number that is no square, a finished game, nothing to take back).
    pub fn was_refused(&self) -> bool {
        self.message.as_ref().is_some_and(|message| message.refused)
    }

    /// Every legal move with its value for the side to move: a hint.
    pub fn hint(&self) -> Analysis {
        self.board().analysis()
    }
}

/// Who made move number `index` (counted from 0): X makes the even-numbered moves.
fn mover_of_move(index: usize) -> Player {
    if index.is_multiple_of(2) {
        Player::X
    } else {
        Player::O
    }
}

impl fmt::Display for Game {
    /// The moves, the board, and how the game stands.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(Square::to_string).collect();
        writeln!(
            f,
            "moves: {}",
            if moves.is_empty() {
                "none".to_owned()
            } else {
                moves.join(" ")
            }
        )?;
        writeln!(f, "{:#}", self.board())?;
        write!(f, "{}", self.result_sentence())?;
        if let Some(message) = self.message() {
            write!(f, "\n{message}")?;
        }
        Ok(())
    }
}
