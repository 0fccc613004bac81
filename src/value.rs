//! The value of a position under perfect play.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Neg;

/// What the side to move gets with perfect play from both sides, and how many moves
/// (plies) until the game ends.
///
/// Values are ordered from the mover's point of view: any win beats any draw, which beats any
/// loss; a faster win beats a slower one, and a slower loss beats a faster one. So the best
/// move is simply the one with the greatest value, and a perfect player takes a win at once
/// rather than dawdling.
///
/// `-value` is the same result seen by the other player: a win becomes a loss in as many moves.
///
/// ```
/// use magic_tictactoe::Value;
///
/// assert!(Value::Win(1) > Value::Win(3));
/// assert!(Value::Win(5) > Value::Draw(2));
/// assert!(Value::Draw(2) > Value::Loss(6));
/// assert!(Value::Loss(6) > Value::Loss(2));
/// assert_eq!(-Value::Win(3), Value::Loss(3));
/// assert_eq!(Value::Win(3).to_string(), "win in 3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins; the number is the moves left until the winning move, that move
    /// included.
    Win(u8),
    /// Nobody wins; the number is the moves left until the board is full.
    Draw(u8),
    /// The side to move loses; the number is the moves left until the other side's winning
    /// move, that move included. `Loss(0)`: the game is already lost.
    Loss(u8),
}

/// Win, draw or loss, without the distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameResult {
    /// The side to move loses.
    Loss,
    /// Nobody wins.
    Draw,
    /// The side to move wins.
    Win,
}

impl GameResult {
    /// `"win"`, `"draw"` or `"loss"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Draw => "draw",
            GameResult::Loss => "loss",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Value {
    /// Win, draw or loss, without the distance.
    pub const fn result(self) -> GameResult {
        match self {
            Value::Win(_) => GameResult::Win,
            Value::Draw(_) => GameResult::Draw,
            Value::Loss(_) => GameResult::Loss,
        }
    }

    /// Moves (plies) until the game ends under perfect play.
    pub const fn plies(self) -> u8 {
        match self {
            Value::Win(n) | Value::Draw(n) | Value::Loss(n) => n,
        }
    }

    /// Whether the side to move wins.
    pub const fn is_win(self) -> bool {
        matches!(self, Value::Win(_))
    }

    /// Whether nobody wins.
    pub const fn is_draw(self) -> bool {
        matches!(self, Value::Draw(_))
    }

    /// Whether the side to move loses.
    pub const fn is_loss(self) -> bool {
        matches!(self, Value::Loss(_))
    }

    /// The value of a move, for the player who makes it, given the value of the position it
    /// leads to (which is seen by the other player): the result flips and one more move is
    /// counted.
    ///
    /// ```
    /// use magic_tictactoe::Value;
    ///
    /// // After my move the opponent has already lost: my move wins at once.
    /// assert_eq!(Value::of_move_into(Value::Loss(0)), Value::Win(1));
    /// ```
    pub const fn of_move_into(next: Value) -> Value {
        match next {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Draw(n) => Value::Draw(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
        }
    }

    /// A number that orders values: higher is better for the side to move.
    const fn score(self) -> i16 {
        match self {
            Value::Win(n) => 100 - n as i16,
            Value::Draw(n) => -(n as i16),
            Value::Loss(n) => -100 + n as i16 - 10,
        }
    }

    /// The value packed in one byte (result in the top bits, plies in the low five).
    pub(crate) const fn to_byte(self) -> u8 {
        let (tag, n) = match self {
            Value::Loss(n) => (1, n),
            Value::Draw(n) => (2, n),
            Value::Win(n) => (3, n),
        };
        tag << 5 | (n & 0x1f)
    }

    /// The value packed by [`Value::to_byte`], or `None` for a byte that holds none.
    pub(crate) const fn from_byte(byte: u8) -> Option<Value> {
        let n = byte & 0x1f;
        match byte >> 5 {
            1 => Some(Value::Loss(n)),
            2 => Some(Value::Draw(n)),
            3 => Some(Value::Win(n)),
            _ => None,
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.score().cmp(&other.score())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Neg for Value {
    type Output = Value;

    fn neg(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n),
            Value::Draw(n) => Value::Draw(n),
            Value::Loss(n) => Value::Win(n),
        }
    }
}

impl fmt::Display for Value {
    /// `win in 3`, `draw in 6`, `loss in 2`; a finished game is `lost` or `drawn`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Loss(0) => f.write_str("lost"),
            Value::Draw(0) => f.write_str("drawn"),
            Value::Win(0) => f.write_str("won"),
            other => write!(f, "{} in {}", other.result(), other.plies()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordering_is_total_and_consistent() {
        let values: Vec<Value> = (0..=9)
            .flat_map(|n| [Value::Win(n), Value::Draw(n), Value::Loss(n)])
            .collect();
        for &a in &values {
            assert_eq!(Value::from_byte(a.to_byte()), Some(a));
            assert_eq!(-(-a), a);
            for &b in &values {
                assert_eq!(a == b, a.cmp(&b) == Ordering::Equal, "{a:?} {b:?}");
                assert_eq!(
                    a.result().cmp(&b.result()),
                    if a.result() == b.result() {
                        Ordering::Equal
                    } else {
                        a.cmp(&b)
                    }
                );
            }
        }
        assert_eq!(Value::from_byte(0), None);
    }
}
