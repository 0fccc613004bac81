//! Computer opponents, from random to perfect, each reproducible from a seed.

use std::fmt;
use std::str::FromStr;

use crate::{Board, Square, SquareSet, Value};

/// How a computer opponent chooses its moves.
///
/// ```
/// use magic_tictactoe::Level;
///
/// assert_eq!("perfect".parse(), Ok(Level::Perfect));
/// assert_eq!("easy".parse(), Ok(Level::EASY));
/// assert_eq!("blunders 30".parse(), Ok(Level::Blunders(30)));
/// assert!("impossible".parse::<Level>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any free square, each as likely as the others.
    Random,
    /// The priority list tutorials teach: win if you can, else block, else take the centre,
    /// else a corner, else an edge. A fork beats it.
    Rules,
    /// Always one of the best moves, chosen at random among equals. It never loses.
    Perfect,
    /// Perfect, except that on each move, with this chance in percent (0 to 100; more counts
    /// as 100), it plays a random free square instead.
    Blunders(u8),
}

impl Level {
    /// A difficulty level: perfect play with a 40 % chance of a random move.
    pub const EASY: Level = Level::Blunders(40);
    /// A difficulty level: perfect play with a 20 % chance of a random move.
    pub const MEDIUM: Level = Level::Blunders(20);
    /// A difficulty level: perfect play with a 5 % chance of a random move.
    pub const HARD: Level = Level::Blunders(5);

    /// The levels a learner picks from, weakest first, with their names.
    pub const NAMED: [(&'static str, Level); 6] = [
        ("random", Level::Random),
        ("rules", Level::Rules),
        ("easy", Level::EASY),
        ("medium", Level::MEDIUM),
        ("hard", Level::HARD),
        ("perfect", Level::Perfect),
    ];

    /// The level's name: `random`, `rules`, `perfect`, `easy`, `medium`, `hard`, or
    /// `blunders N` for another chance of blundering.
    pub fn name(self) -> String {
        Level::NAMED
            .iter()
            .find(|(_, level)| *level == self)
            .map(|(name, _)| name.to_string())
            .unwrap_or_else(|| match self {
                Level::Blunders(percent) => format!("blunders {}", percent.min(100)),
                _ => format!("{self:?}").to_lowercase(),
            })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The error returned when text does not name a level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLevelError {
    text: String,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a level: use random, rules, easy, medium, hard, perfect, or \"blunders N\" with N from 0 to 100",
            self.text
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let text = s.trim().to_lowercase();
        if let Some((_, level)) = Level::NAMED.iter().find(|(name, _)| *name == text) {
            return Ok(*level);
        }
        let percent = text
            .strip_prefix("blunders")
            .map(|rest| {
                rest.trim()
                    .trim_end_matches('%')
                    .trim_start_matches([':', '='])
                    .trim()
            })
            .and_then(|number| number.parse::<u8>().ok())
            .filter(|&percent| percent <= 100);
        percent.map(Level::Blunders).ok_or_else(|| ParseLevelError {
            text: crate::error::shorten(s),
        })
    }
}

/// Why the computer chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// Picked at random.
    Random,
    /// Completes a line: the rules player's first rule.
    Win,
    /// Stops the other side completing a line: the second rule.
    Block,
    /// The centre: the third rule.
    Centre,
    /// A corner: the fourth rule.
    Corner,
    /// An edge: the last rule.
    Edge,
    /// One of the best moves under perfect play, with its value.
    Best(Value),
    /// A deliberate mistake by a player that blunders: a random square instead of a best one.
    Blunder,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Random => write!(f, "picked at random"),
            Reason::Win => write!(f, "it completes a line"),
            Reason::Block => write!(f, "it blocks a line"),
            Reason::Centre => write!(f, "no win or block, so the centre"),
            Reason::Corner => write!(f, "no win or block and the centre is taken, so a corner"),
            Reason::Edge => write!(f, "nothing better, so an edge"),
            Reason::Best(value) => write!(f, "a best move: {value}"),
            Reason::Blunder => write!(f, "a deliberate mistake: a random square"),
        }
    }
}

/// A move chosen by an [`Opponent`], with the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The square chosen.
    pub square: Square,
    /// Why.
    pub reason: Reason,
}

/// A computer player. The same level and seed always choose the same moves.
///
/// ```
/// use magic_tictactoe::{Board, Level, Opponent, Square};
///
/// // X holds 1 and 2: the rules player, as O, blocks on 3.
/// let board: Board = "XX./.O./...".parse()?;
/// let mut rules = Opponent::new(Level::Rules, 7);
/// assert_eq!(rules.choose_move(board), Some(Square::TopRight));
///
/// let mut a = Opponent::new(Level::Random, 42);
/// let mut b = Opponent::new(Level::Random, 42);
/// assert_eq!(a.choose_move(Board::new()), b.choose_move(Board::new()));
/// # Ok::<(), magic_tictactoe::BoardError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Opponent {
    level: Level,
    seed: u64,
    rng: fastrand::Rng,
}

impl Opponent {
    /// An opponent of `level` whose random choices follow from `seed`.
    pub fn new(level: Level, seed: u64) -> Opponent {
        Opponent {
            level,
            seed,
            rng: fastrand::Rng::with_seed(seed),
        }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The seed it was made with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Starts its random choices again from the seed.
    pub fn reset(&mut self) {
        self.rng = fastrand::Rng::with_seed(self.seed);
    }

    /// The square it plays on `board`, or `None` if the game is over.
    pub fn choose_move(&mut self, board: Board) -> Option<Square> {
        self.choose(board).map(|choice| choice.square)
    }

    /// The square it plays on `board` and why, or `None` if the game is over.
    pub fn choose(&mut self, board: Board) -> Option<Choice> {
        match self.level {
            Level::Perfect => self.best(board),
            Level::Blunders(percent) if self.rng.u8(0..100) >= percent.min(100) => self.best(board),
            Level::Blunders(_) => self.pick(board.legal_moves(), Reason::Blunder),
            Level::Random => self.pick(board.legal_moves(), Reason::Random),
            Level::Rules => self.by_rules(board),
        }
    }

    fn pick(&mut self, squares: SquareSet, reason: Reason) -> Option<Choice> {
        let square = self.rng.choice(squares)?;
        Some(Choice { square, reason })
    }

    fn best(&mut self, board: Board) -> Option<Choice> {
        // A finished game has no best moves, so this needs no separate test for the end.
        let (value, best) = crate::solver::Table::shared().entry(board);
        let square = self.rng.choice(best)?;
        Some(Choice {
            square,
            reason: Reason::Best(value),
        })
    }

    fn by_rules(&mut self, board: Board) -> Option<Choice> {
        let (candidates, reason) = crate::tournament::rule_decision(board)?;
        self.pick(candidates, reason)
    }
}
