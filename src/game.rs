//! A game session: moves so far, undo, and an optional computer opponent.

use std::fmt;

use crate::opponent::Choice;
use crate::square::IntoSquare;
use crate::{Analysis, Board, Level, MoveError, Opponent, Outcome, Player, Square};

/// The seed a computer opponent uses unless told otherwise, so that a class sees the same game.
pub const DEFAULT_SEED: u64 = 2026;

/// A game between two people, or between a person and the computer.
///
/// Against the computer, each move the person makes is answered at once by the computer's
/// reply; if the computer plays X, it makes the first move as soon as the game starts.
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
/// # Ok::<(), magic_tictactoe::MoveError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    moves: Vec<Square>,
    board: Board,
    computer: Option<Computer>,
    last_reply: Option<Choice>,
    message: Option<String>,
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
            board: Board::new(),
            computer: None,
            last_reply: None,
            message: None,
        }
    }

    /// A game against the computer at `level`; the person plays X and moves first.
    /// Change that with [`Game::playing_as`], and the computer's seed with [`Game::with_seed`].
    pub fn against(level: Level) -> Game {
        Game::against_opponent(Opponent::new(level, DEFAULT_SEED), Player::O)
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
            computer.opponent = Opponent::new(computer.opponent.level(), seed);
        }
        self.restart();
        self
    }

    /// Clears the board (and lets the computer open, if it plays X).
    pub fn restart(&mut self) {
        self.moves.clear();
        self.board = Board::new();
        self.last_reply = None;
        self.message = None;
        if let Some(computer) = &mut self.computer {
            computer.opponent.reset();
        }
        self.let_computer_move();
    }

    fn let_computer_move(&mut self) {
        self.last_reply = None;
        let Some(computer) = &mut self.computer else {
            return;
        };
        if self.board.to_move() != Some(computer.plays) {
            return;
        }
        if let Some(choice) = computer.opponent.choose(self.board)
            && let Ok(board) = self.board.try_play(choice.square)
        {
            self.board = board;
            self.moves.push(choice.square);
            self.last_reply = Some(choice);
        }
    }

    /// The side the computer plays, or `None` in a game between two people.
    pub fn computer_plays(&self) -> Option<Player> {
        self.computer.as_ref().map(|computer| computer.plays)
    }

    /// A whole game between two computer players, `x` moving first.
    ///
    /// ```
    /// use magic_tictactoe::{Game, Level, Opponent};
    ///
    /// let game = Game::play_out(&mut Opponent::new(Level::Perfect, 1), &mut Opponent::new(Level::Perfect, 2));
    /// assert!(game.is_over());
    /// assert_eq!(game.outcome().winner(), None); // perfect against perfect is a draw
    /// ```
    pub fn play_out(x: &mut Opponent, o: &mut Opponent) -> Game {
        let mut game = Game::new();
        while let Some(player) = game.to_move() {
            let mover = if player == Player::X {
                &mut *x
            } else {
                &mut *o
            };
            match mover.choose_move(game.board()) {
                Some(square) if game.try_play(square).is_ok() => {}
                _ => break,
            }
        }
        game
    }

    /// The computer's level, or `None` in a game between two people.
    pub fn level(&self) -> Option<Level> {
        self.computer
            .as_ref()
            .map(|computer| computer.opponent.level())
    }

    /// Plays the person's move on `square` and then, against the computer, its reply.
    ///
    /// Returns the computer's reply (`None` between two people or when the person's move
    /// ended the game). On an error the game is unchanged.
    pub fn try_play(&mut self, square: impl IntoSquare) -> Result<Option<Choice>, MoveError> {
        let square = square.into_square()?;
        if self.board.to_move().is_some() && self.board.to_move() == self.computer_plays() {
            return Err(MoveError::NotYourTurn);
        }
        self.board = self.board.try_play(square)?;
        self.moves.push(square);
        self.let_computer_move();
        Ok(self.last_reply)
    }

    /// Like [`Game::try_play`], but made for a notebook cell: it never panics, keeps what
    /// happened (the computer's reply, or what was wrong with the move) as the game's
    /// [message](Game::message), and returns the game so the cell shows it.
    pub fn play(&mut self, square: impl IntoSquare) -> &Game {
        self.message = Some(match self.try_play(square) {
            Ok(_) => self.describe_last_turn(),
            Err(error) => format!("{error}. Nothing was played."),
        });
        self
    }

    /// What the computer did, if it moved; the game's picture shows the result separately.
    fn describe_last_turn(&self) -> String {
        match self.last_reply {
            Some(choice) => format!(
                "The computer took square {} ({}).",
                choice.square, choice.reason
            ),
            None => String::new(),
        }
    }

    /// The result in a sentence, such as `"X wins with the row 1-2-3."`.
    pub fn result_sentence(&self) -> String {
        match self.board.outcome() {
            Outcome::InPlay => format!("{} to move.", self.board.turn()),
            Outcome::Draw => "It's a draw.".to_owned(),
            Outcome::Won { winner, line } => {
                let who = match self.computer_plays() {
                    Some(computer) if computer == winner => format!("The computer ({winner}) wins"),
                    Some(_) => format!("You ({winner}) win"),
                    None => format!("{winner} wins"),
                };
                format!("{who} with the {} {line}.", line.kind())
            }
        }
    }

    /// Takes back the person's last move, and the computer's reply to it; between two people,
    /// the last move. Returns whether anything was taken back (the computer's opening move,
    /// when it plays X, is not).
    pub fn undo(&mut self) -> bool {
        let keep = match self.computer_plays() {
            None => self.moves.len().checked_sub(1),
            Some(computer) => (0..self.moves.len())
                .rev()
                .find(|&i| mover_of_move(i) != computer),
        };
        let Some(keep) = keep else {
            self.message = Some("There is no move of yours to take back.".to_owned());
            return false;
        };
        self.moves.truncate(keep);
        self.board = self.replay();
        self.last_reply = None;
        self.message = Some("Took back the last move.".to_owned());
        true
    }

    fn replay(&self) -> Board {
        self.moves
            .iter()
            .try_fold(Board::new(), |board, &square| board.try_play(square))
            .unwrap_or_default()
    }

    /// The current position.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The moves so far, in order.
    pub fn moves(&self) -> &[Square] {
        &self.moves
    }

    /// The positions of the game, from the empty board to the current one.
    pub fn boards(&self) -> Vec<Board> {
        let mut boards = vec![Board::new()];
        for &square in &self.moves {
            let last = *boards.last().unwrap_or(&Board::EMPTY);
            boards.push(last.try_play(square).unwrap_or(last));
        }
        boards
    }

    /// The side to move, or `None` when the game is over.
    pub fn to_move(&self) -> Option<Player> {
        self.board.to_move()
    }

    /// How the game stands.
    pub fn outcome(&self) -> Outcome {
        self.board.outcome()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.board.is_over()
    }

    /// The computer's reply to the last move, if it made one.
    pub fn last_reply(&self) -> Option<Choice> {
        self.last_reply
    }

    /// What happened on the last call to [`Game::play`] or [`Game::undo`], in a sentence.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Every legal move with its value for the side to move: a hint.
    pub fn hint(&self) -> Analysis {
        self.board.analysis()
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
        writeln!(f, "{:#}", self.board)?;
        write!(f, "{}", self.result_sentence())?;
        if let Some(message) = self.message.as_deref().filter(|m| !m.is_empty()) {
            write!(f, "\n{message}")?;
        }
        Ok(())
    }
}
