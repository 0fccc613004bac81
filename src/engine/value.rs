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
///
/// Tic-tac-toe never needs more than 9 moves, but any `u8` is a value: the order and the
/// arithmetic below work for all of them, and a count that would pass 255 stays at 255.
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

impl Value {
    /// The lowest value of all: lost at once. Every move has a higher value than this.
    pub const LOWEST: Value = Value::Loss(0);
    /// The highest value of all: won at once. No move can have it (a move takes a ply), so it
    /// is above every move's value.
    pub const HIGHEST: Value = Value::Win(0);

    /// Moves (plies) until the game ends under perfect play.
    #[inline]
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
    #[inline]
    pub const fn of_move_into(next: Value) -> Value {
        match next {
            Value::Win(n) => Value::Loss(n.saturating_add(1)),
            Value::Draw(n) => Value::Draw(n.saturating_add(1)),
            Value::Loss(n) => Value::Win(n.saturating_add(1)),
        }
    }

    /// The position's value one move before: what a child's value (seen by the same player)
    /// reads as at its parent, with one more move to the end.
    ///
    /// ```
    /// use magic_tictactoe::Value;
    ///
    /// assert_eq!(Value::Win(2).after_ply(), Value::Win(3));
    /// assert_eq!(Value::Win(255).after_ply(), Value::Win(255));
    /// ```
    #[inline]
    pub const fn after_ply(self) -> Value {
        match self {
            Value::Win(n) => Value::Win(n.saturating_add(1)),
            Value::Draw(n) => Value::Draw(n.saturating_add(1)),
            Value::Loss(n) => Value::Loss(n.saturating_add(1)),
        }
    }

    /// The undoing of [`Value::after_ply`]: a bound one move nearer the end, seen by the same
    /// player (for a move that keeps the turn). At zero moves it stays at zero.
    #[inline]
    pub(crate) const fn before_ply(self) -> Value {
        match self {
            Value::Win(n) => Value::Win(n.saturating_sub(1)),
            Value::Draw(n) => Value::Draw(n.saturating_sub(1)),
            Value::Loss(n) => Value::Loss(n.saturating_sub(1)),
        }
    }

    /// The value of a move for the player who makes it, given the value of the position it
    /// leads to and whether the turn `passes` to the other player there: flipped if it does
    /// ([`Value::of_move_into`]), the same result one move later if the mover moves again (a
    /// game with extra turns).
    ///
    /// ```
    /// use magic_tictactoe::Value;
    ///
    /// assert_eq!(Value::of_move(Value::Loss(2), true), Value::Win(3));
    /// // After my move I move again, and I win from there in 2: my move wins in 3.
    /// assert_eq!(Value::of_move(Value::Win(2), false), Value::Win(3));
    /// ```
    #[inline]
    pub const fn of_move(next: Value, passes: bool) -> Value {
        if passes {
            Value::of_move_into(next)
        } else {
            next.after_ply()
        }
    }

    /// The undoing of [`Value::of_move_into`]: the value the next position must have for a move
    /// into it to have this value. Used to carry alpha-beta's bounds down the tree. Below zero
    /// moves it stays at the end of the order it would have run off (a `Win(0)` or `Loss(0)`),
    /// which is still beyond every value a move can have.
    #[inline]
    pub(crate) const fn before_move(self) -> Value {
        match self {
            Value::Win(0) => Value::Loss(0),
            Value::Loss(0) => Value::Win(0),
            Value::Win(n) => Value::Loss(n - 1),
            Value::Draw(n) => Value::Draw(n.saturating_sub(1)),
            Value::Loss(n) => Value::Win(n - 1),
        }
    }

    /// The key that orders values, in one number: every loss (0 to 255, longer is higher)
    /// below every draw (769 to 1024, shorter is higher) below every win (1793 to 2048, shorter
    /// is higher). Tic-tac-toe never compares two draws of different lengths (every draw fills
    /// the board), but the order is total for any `u8`.
    #[inline]
    const fn order_key(self) -> i16 {
        match self {
            Value::Loss(n) => n as i16,
            Value::Draw(n) => 1024 - n as i16,
            Value::Win(n) => 2048 - n as i16,
        }
    }

    /// The value packed in one byte: 1, 2 or 3 (loss, draw, win) in the top bits, the plies
    /// (at most 31) in the low five. 0 is no value.
    #[inline]
    pub(crate) const fn to_byte(self) -> u8 {
        let (tag, n) = match self {
            Value::Loss(n) => (1, n),
            Value::Draw(n) => (2, n),
            Value::Win(n) => (3, n),
        };
        debug_assert!(n < 32);
        tag << 5 | (n & 0x1f)
    }

    /// The value packed by [`Value::to_byte`], or `None` for a byte that holds none.
    #[inline]
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
    #[inline]
    fn cmp(&self, other: &Value) -> Ordering {
        self.order_key().cmp(&other.order_key())
    }
}

impl PartialOrd for Value {
    #[inline]
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Neg for Value {
    type Output = Value;

    #[inline]
    fn neg(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n),
            Value::Draw(n) => Value::Draw(n),
            Value::Loss(n) => Value::Win(n),
        }
    }
}

impl fmt::Display for Value {
    /// `win in 3`, `draw in 6`, `loss in 2`; a finished game is `won`, `drawn` or `lost`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Loss(0) => f.write_str("lost"),
            Value::Draw(0) => f.write_str("drawn"),
            Value::Win(0) => f.write_str("won"),
            Value::Win(n) => write!(f, "win in {n}"),
            Value::Draw(n) => write!(f, "draw in {n}"),
            Value::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_value() -> impl Iterator<Item = Value> {
        (0..=u8::MAX).flat_map(|n| [Value::Win(n), Value::Draw(n), Value::Loss(n)])
    }

    #[test]
    fn the_order_is_total_and_puts_results_first_for_any_distance() {
        for a in every_value() {
            assert_eq!(-(-a), a);
            assert!(Value::LOWEST <= a && a <= Value::HIGHEST);
            for b in [
                Value::Win(7),
                Value::Draw(100),
                Value::Loss(20),
                Value::Loss(255),
            ] {
                assert_eq!(a == b, a.cmp(&b) == Ordering::Equal, "{a:?} {b:?}");
                let rank = |v: Value| v.order_key() / 768;
                if rank(a) != rank(b) {
                    assert_eq!(a.cmp(&b), rank(a).cmp(&rank(b)), "{a:?} {b:?}");
                }
            }
        }
        assert!(Value::Draw(100) > Value::Loss(20));
    }

    #[test]
    fn moves_flip_the_result_count_a_ply_and_never_overflow() {
        for v in every_value() {
            let moved = Value::of_move_into(v);
            assert_eq!(moved.plies(), v.plies().saturating_add(1));
            assert_eq!(moved.is_win(), v.is_loss());
            assert_eq!(v.after_ply().plies(), v.plies().saturating_add(1));
            if v.plies() < u8::MAX {
                assert_eq!(moved.before_move(), v);
            }
        }
    }

    #[test]
    fn a_move_into_a_better_position_for_the_other_side_is_worse_for_the_mover() {
        let values: Vec<Value> = (0..=20)
            .flat_map(|n| [Value::Win(n), Value::Loss(n)])
            .chain([Value::Draw(4)])
            .collect();
        for &a in &values {
            for &b in &values {
                if a < b {
                    assert!(
                        Value::of_move_into(a) > Value::of_move_into(b),
                        "{a:?} {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn bytes_round_trip() {
        for n in 0..32 {
            for v in [Value::Win(n), Value::Draw(n), Value::Loss(n)] {
                assert_eq!(Value::from_byte(v.to_byte()), Some(v));
            }
        }
        assert_eq!(Value::from_byte(0), None);
    }
}
