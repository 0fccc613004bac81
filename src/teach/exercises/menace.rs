//! The exercises on MENACE: its first box after a game or after losses in a row, its colours and
//! its last loss, each worked out by MENACE's own learning, as a notebook's MENACE learns; and
//! the boxes and first move of a MENACE trained from the crate's usual seed (the lessons of
//! 2026-11-25 set them).

use super::{Exercise, Expected};
use crate::engine::Level;
use crate::engine::menace::{MAX_TRAINING_GAMES, MatchBox, Menace, Settings};
use crate::engine::play::Finish;
use crate::rules::text::thousands;
use crate::rules::{Board, Counted, IntoSquare, LimitError, Player, Square, SquareSet, Symmetry};

impl Exercise {
    /// "MENACE, new, plays `games` games against the random player: how many matchboxes has it
    /// opened?" Worked out by training a [`Menace`] from the crate's usual seed, as a notebook
    /// does.
    #[doc(hidden)] // in the lessons of 2026-11-25: kept so that a saved notebook runs
    pub fn menace_boxes(games: u64) -> Exercise {
        let mut menace = Menace::new();
        let expected = match menace.train(Level::Random, games) {
            Ok(_) => Expected::Number(menace.box_count() as i64),
            Err(error) => Expected::Refused(error.to_string()),
        };
        Exercise::new(
            format!(
                "A new MENACE plays {} games against the random player. How many matchboxes has it opened?",
                thousands(games)
            ),
            expected,
            format!(
                "build that MENACE in a new cell (the notebook's own has played other games): \
                 let mut fresh = Menace::new(); fresh.train(Level::Random, {games})?; then fresh.box_count() \
                 counts its boxes, and fresh as a cell's value draws them"
            ),
        )
        .then_hint(format!(
            "copy these three lines into a new cell as they are, and run it: \
             let mut fresh = Menace::new(); fresh.train(Level::Random, {games})?; fresh.box_count(). \
             The notebook's own MENACE gives another number, as it has played other games"
        ))
    }

    /// "A new MENACE plays its first game, and wins (draws, loses) it: how many beads are in its
    /// first box now?", with Michie's beads. Worked out by MENACE's own learning, on a box of
    /// its own.
    pub fn menace_first_box_after(ending: Finish) -> Exercise {
        let settings = Settings::MICHIE;
        let before = MatchBox::new(Board::new(), settings);
        let (how, rule) = match ending {
            Finish::Won => (
                "wins it",
                format!(
                    "after a win every box MENACE used gets {} more beads of the colour drawn",
                    settings.win
                ),
            ),
            Finish::Drawn => (
                "draws it",
                format!(
                    "after a draw every box MENACE used gets {} more bead of the colour drawn",
                    settings.draw
                ),
            ),
            Finish::Lost | Finish::Forfeited => (
                "loses it",
                "after a loss the bead drawn is taken out of every box MENACE used".to_owned(),
            ),
            Finish::OpponentForfeited => (
                "wins it when the other side forfeits",
                "a game the other side forfeits changes no box".to_owned(),
            ),
        };
        Exercise::new(
            format!(
                "A new MENACE plays its first game and {how}. How many beads are in its first box now?"
            ),
            Expected::Number(Menace::first_box_after_one_game(settings, ending) as i64),
            format!(
                "count the beads of a new first box (the picture at the top of this notebook: {} colours), \
                 then apply the rule: {rule}",
                before.squares().len()
            ),
        )
        .then_hint(format!(
            "a new first box has {} colours of {} beads each, {} beads in all; the game used the first \
             box once",
            before.squares().len(),
            settings.starting_beads(0),
            before.total()
        ))
    }

    /// "A new MENACE loses game after game, each opening on `square`: after how many losses in a
    /// row has its first box no bead of that colour left?", with Michie's beads. Worked out by
    /// MENACE's own punishment, given loss by loss. A square that shares a colour with another
    /// (3 with 1: a turn of the empty board) asks about that colour.
    pub fn menace_losses_to_empty(square: impl IntoSquare) -> Exercise {
        let settings = Settings::MICHIE;
        let first = MatchBox::new(Board::new(), settings);
        let square = square.into_square();
        // The colour of the first box that a turn or flip of the empty board takes `square` to.
        let colour = square.as_ref().ok().and_then(|&square| {
            Symmetry::ALL
                .into_iter()
                .map(|symmetry| symmetry.apply(square))
                .find(|&turned| first.squares().contains(turned))
        });
        let (named, expected) = match (&square, colour) {
            (Ok(square), Some(colour)) => (
                format!("square {square}"),
                match Menace::losses_to_empty_first_colour(settings, colour) {
                    Some(losses) => Expected::Number(losses as i64),
                    None => Expected::Refused("a loss there takes no bead out".to_owned()),
                },
            ),
            (Ok(_), None) => (
                "that square".to_owned(),
                Expected::Refused("the first box has no colour for it".to_owned()),
            ),
            (Err(error), _) => (
                "that square".to_owned(),
                Expected::Refused(error.to_string()),
            ),
        };
        Exercise::new(
            format!(
                "A new MENACE loses game after game, each opening on {named}. After how many losses in a row has its first box no bead of that colour left?"
            ),
            expected,
            format!(
                "count the beads of that colour in a new first box (the picture at the top of this notebook), \
                 then apply the rule: after a loss the bead drawn is taken out, {} at a time",
                settings.loss
            ),
        )
        .then_hint(format!(
            "a new first box has {} beads of each colour; count down by {} a loss until none is left",
            settings.starting_beads(0),
            settings.loss
        ))
    }

    /// "How many colours of beads are in MENACE's box for this board?": one for each set of free
    /// squares that the board's own turns and flips take to one another.
    pub fn menace_colours(board: Board) -> Exercise {
        let fixing = Symmetry::ALL
            .into_iter()
            .filter(|&symmetry| board.transformed(symmetry) == board)
            .count();
        let expected = if board.is_over() || board.to_move() != Some(Player::X) {
            Expected::Refused(
                "MENACE has boxes only for boards where X, MENACE, is to move".to_owned(),
            )
        } else {
            Expected::Number(MatchBox::new(board, Settings::MICHIE).squares().len() as i64)
        };
        Exercise {
            board: Some(board),
            ..Exercise::new(
                "MENACE is X and to move on this board. How many colours of beads are in its box?".to_owned(),
                expected,
                "a colour for each free square, but two free squares share a colour when a turn or flip \
                 that leaves the board as it is takes one to the other"
                    .to_owned(),
            )
            .then_hint(format!(
                "{} of the eight turns and flips leave this board as it is (doing nothing is one of \
                 them): group the free squares each of them swaps, and count the groups",
                fixing
            ))
        }
    }

    /// "After `games` games against the random player, which first move has the most beads in
    /// MENACE's first box?" Any square of the same kind (a corner, an edge, the centre) is right.
    #[doc(hidden)] // in the lessons of 2026-11-25: kept so that a saved notebook runs
    pub fn menace_first_move(games: u64) -> Exercise {
        let mut menace = Menace::new();
        let favourite = menace
            .train(Level::Random, games)
            .map_err(|error| error.to_string())
            .and_then(|_| {
                menace
                    .first_box()
                    .and_then(MatchBox::favourite)
                    .ok_or_else(|| "the first box is empty".to_owned())
            });
        let expected = match favourite {
            Ok(square) => {
                let kind: SquareSet = Symmetry::ALL
                    .into_iter()
                    .map(|symmetry| symmetry.apply(square))
                    .collect();
                let name = if square == Square::Centre {
                    "the centre"
                } else if square.is_corner() {
                    "a corner, like every square that is a turn or flip of it"
                } else {
                    "an edge, like every square that is a turn or flip of it"
                };
                Expected::AnySquare(kind, format!("{name}, MENACE's favourite first move"))
            }
            Err(reason) => Expected::Refused(reason),
        };
        Exercise::new(
            format!(
                "After {} games against the random player, which first move has the most beads in MENACE's first box?",
                thousands(games)
            ),
            expected,
            format!(
                "build that MENACE in a new cell (not the notebook's own, which has played other games): \
                 let mut fresh = Menace::new(); fresh.train(Level::Random, {games})?; then look at the first \
                 box in the picture of fresh: the darkest square has the most beads"
            ),
        )
    }

    /// "MENACE plays `before` games against the random player, then `games` against the rules
    /// player: in which of those games did it lose for the last time (0 if it lost none)?"
    /// The two together are held to [`MAX_TRAINING_GAMES`], so that the exercise is set within
    /// a second.
    pub fn menace_last_loss(before: u64, games: u64) -> Exercise {
        let mut menace = Menace::new();
        let together = LimitError::check(
            Counted::Games,
            before.saturating_add(games),
            MAX_TRAINING_GAMES,
        );
        let expected = match together
            .and_then(|_| menace.train(Level::Random, before))
            .and_then(|_| menace.train(Level::Rules, games))
        {
            Ok(training) => Expected::Number(training.last_loss().map_or(0, |game| game as i64)),
            Err(error) => Expected::Refused(error.to_string()),
        };
        Exercise::new(
            format!(
                "A new MENACE plays {} games against the random player, then {} against the rules player. In which game against the rules player does it lose for the last time (0 if it loses none)?",
                thousands(before),
                thousands(games)
            ),
            expected,
            format!(
                "build that MENACE in a new cell: let mut fresh = Menace::new(); \
                 fresh.train(Level::Random, {before})?; then let training = fresh.train(Level::Rules, {games})?; \
                 the caption under its learning curve says, and so does training.last_loss()"
            ),
        )
        .then_hint(format!(
            "copy these lines into a new cell as they are, and run it: let mut fresh = Menace::new(); \
             fresh.train(Level::Random, {before})?; fresh.train(Level::Rules, {games})?.last_loss(). \
             It says Some(n) for game n, or None for 0"
        ))
    }
}
