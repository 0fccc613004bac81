//! The checks of a learner's own code that are not numbered exercises: a win test over all 512
//! sets, and a player that must never lose.

use super::super::challenge::Challenge;
use super::*;
use crate::engine::{Level, Opponent, learner};
use crate::rules::{Player, Square, SquareSet, magic};

/// Checks a win test written by a learner: `test(numbers)` must say whether some three of the
/// magic numbers in `numbers` (1 to 9, no repeats) add up to 15. It is tried on all 512 sets of
/// numbers and compared with the crate's own test; a panic inside it counts as a wrong answer.
pub fn check_win_test(test: impl Fn(&[u8]) -> bool) -> Verdict {
    let verdict = win_test_verdict(test);
    super::super::classroom::record("check_win_test", "", verdict.right);
    verdict
}

fn win_test_verdict(test: impl Fn(&[u8]) -> bool) -> Verdict {
    for bits in 0..512u16 {
        let squares = SquareSet::from_bits(bits);
        let mut numbers: Vec<u8> = squares.iter().map(Square::magic_number).collect();
        numbers.sort_unstable();
        let expected = magic::has_won(squares);
        match learner::run(|| test(&numbers)) {
            Ok(answer) if answer == expected => {}
            Ok(answer) => {
                return Verdict {
                    right: false,
                    text: format!(
                        "For the numbers {numbers:?} your test says {answer}, but it should say {expected}. Hint: take every three of the numbers held (.combinations(3), as the cell does) and ask whether any three add up to 15: the gap in .any(|three| ...) can be three.into_iter().sum::<u8>() == 15."
                    ),
                    about: None,
                };
            }
            Err(message) => {
                return Verdict {
                    right: false,
                    text: format!(
                        "Your test panicked on the numbers {numbers:?} ({message}): it must work for any set, even an empty one."
                    ),
                    about: None,
                };
            }
        }
    }
    Verdict {
        right: true,
        text: "Your test agrees with the magic-square test on all 512 sets of numbers.".to_owned(),
        about: None,
    }
}

/// Checks that `player` (a learner's function from a board to a square, or a search with a
/// learner's evaluation) never loses against `level`, neither as X nor as O, over every game the
/// level can play against it (or over sampled games, if the player uses randomness).
///
/// ```
/// use magic_tictactoe::{exercises::check_never_loses, Board, Level};
///
/// let best = |board: &Board| board.best_moves().first();
/// assert!(check_never_loses(best, Level::Perfect).is_right());
/// let first_free = |board: &Board| board.empty_squares().first();
/// assert!(!check_never_loses(first_free, Level::Random).is_right());
/// ```
pub fn check_never_loses(player: impl Into<Opponent>, level: Level) -> Verdict {
    let verdict = never_loses_verdict(player.into(), level);
    super::super::classroom::record(
        &format!("check_never_loses against the {level} computer"),
        "",
        verdict.right,
    );
    verdict
}

/// What a player that loses is told: the rule that stops forks, as 08's Challenge gives it.
/// "Stop them one move earlier", read as "take the fork square", built a player that still lost
/// in the two-corner trap (X1 O5 X9: two fork squares, and taking one gives X the other);
/// `tests/hints.rs` follows this sentence literally and never loses.
const PLAYER_HINT: &str = "Hint: before playing a quiet move, look for the squares where the other side could make two threats at once (a fork). If there is one, take it. If there are two, taking one gives them the other: make a threat of your own instead, one whose block is not such a square";

/// What a search that loses is told: its judge scores the positions at the end of its look-ahead,
/// and one that counts open lines scores a fork no worse than a quiet position (08's worked
/// example); one that counts threats sees it at the same depth.
const SEARCH_HINT: &str = "Hint: a search loses where its judge scores a position before a fork no worse than the others. Score the threats on each line (two of a player's marks and an empty square), not only the lines still open, or look deeper";

fn never_loses_verdict(player: Opponent, level: Level) -> Verdict {
    let searches = player.depth().is_some();
    let challenge = Challenge::new(player);
    let name = challenge.name().to_owned();
    for side in Player::ALL {
        let Some(record) = challenge.record(level, side) else {
            return Verdict {
                right: false,
                text: format!("The {level} level is not one the challenge plays against."),
                about: None,
            };
        };
        if !record.never_loses() {
            let hint = if record.forfeits > 0.0 {
                format!(
                    "{:.1} % are forfeits: its code chose a taken square or panicked. Draw Challenge::new(your player) to see where",
                    100.0 * record.forfeits
                )
            } else if searches {
                // A search: what it lacks is in its judge (or its depth), not in a rule of play.
                SEARCH_HINT.to_owned()
            } else {
                PLAYER_HINT.to_owned()
            };
            return Verdict {
                right: false,
                text: format!(
                    "{name} loses {:.1} % of its games as {side} against the {level} computer. {hint}.",
                    100.0 * record.losses
                ),
                about: None,
            };
        }
    }
    Verdict {
        right: true,
        text: format!(
            "{name} never loses against the {level} computer, as X or as O ({}).",
            if challenge.is_exact() {
                "over every game it can play"
            } else {
                "in every sampled game"
            }
        ),
        about: None,
    }
}
