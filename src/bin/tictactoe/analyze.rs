//! `tictactoe analyze` and `tictactoe stats`.

use std::io::{self, Write};

use magic_tictactoe::stats::Statistics;
use magic_tictactoe::{Board, Ending, Player, Value};

use crate::json::Json;

fn value_json(value: Value) -> Vec<(&'static str, Json)> {
    let result = match value {
        Value::Win(_) => "win",
        Value::Draw(_) => "draw",
        Value::Loss(_) => "loss",
    };
    vec![
        ("result", Json::text(result)),
        ("plies", Json::Number(u64::from(value.plies()))),
    ]
}

/// Prints whose turn it is, the result if the game is over, the value, and every move's value.
pub(crate) fn position(board: Board, json: bool, out: &mut impl Write) -> io::Result<()> {
    let analysis = board.analysis();
    if json {
        let outcome = match board.outcome() {
            None => Json::Null,
            Some(Ending::Drawn) => Json::text("draw"),
            Some(Ending::Won(winner)) => Json::text(winner.to_string()),
        };
        let moves = analysis
            .iter()
            .map(|&(square, value)| {
                let mut fields = vec![("square", Json::Number(u64::from(square.digit())))];
                fields.extend(value_json(value));
                Json::Object(fields)
            })
            .collect();
        let object = Json::Object(vec![
            ("board", Json::text(board.to_string())),
            (
                "to_move",
                board
                    .to_move()
                    .map_or(Json::Null, |p: Player| Json::text(p.to_string())),
            ),
            ("outcome", outcome),
            (
                "value",
                analysis
                    .value()
                    .map_or(Json::Null, |v| Json::Object(value_json(v))),
            ),
            ("moves", Json::Array(moves)),
        ]);
        return writeln!(out, "{}", object.render());
    }
    writeln!(out, "board {board}\n{board:#}")?;
    match (board.to_move(), board.outcome()) {
        (None, outcome) => {
            let words = match (outcome, board.winning_line()) {
                (Some(Ending::Won(winner)), Some(line)) => {
                    format!("{winner} won with the {} {line}", line.kind())
                }
                (outcome, _) => outcome.map_or(String::new(), |o| o.to_string()),
            };
            writeln!(out, "The game is over: {words}.")
        }
        (Some(player), _) => {
            writeln!(out, "{player} to move.")?;
            if let Some(value) = analysis.value() {
                let best: Vec<String> = analysis.best().iter().map(|s| s.to_string()).collect();
                writeln!(
                    out,
                    "Value for {player} with perfect play: {value}. Best: {}.",
                    best.join(", ")
                )?;
            }
            writeln!(
                out,
                "Every move (its value for {player}, moves to the end counting it):"
            )?;
            for (square, value) in analysis.iter() {
                writeln!(out, "  {square}: {value}")?;
            }
            Ok(())
        }
    }
}

/// Prints the statistics, counted on the spot.
pub(crate) fn stats(json: bool, out: &mut impl Write) -> io::Result<()> {
    let statistics = Statistics::compute();
    if !json {
        return writeln!(out, "{statistics}");
    }
    let games = &statistics.games;
    let positions = &statistics.positions;
    let count = |n: usize| Json::Number(n as u64);
    let object = Json::Object(vec![
        ("perft", Json::numbers(statistics.perft.iter().copied())),
        (
            "games",
            Json::Object(vec![
                ("total", Json::Number(games.total())),
                ("x_wins", Json::Number(games.endings.x_wins)),
                ("o_wins", Json::Number(games.endings.o_wins)),
                ("draws", Json::Number(games.endings.draws)),
                ("by_length", Json::numbers(games.by_length)),
            ]),
        ),
        (
            "positions",
            Json::Object(vec![
                ("reachable", count(positions.reachable)),
                ("terminal", count(positions.terminal)),
                ("x_wins", Json::Number(positions.endings.x_wins)),
                ("o_wins", Json::Number(positions.endings.o_wins)),
                ("draws", Json::Number(positions.endings.draws)),
                (
                    "by_ply",
                    Json::numbers(positions.by_ply.iter().map(|&n| n as u64)),
                ),
                ("up_to_symmetry", count(positions.up_to_symmetry)),
                (
                    "terminal_up_to_symmetry",
                    count(positions.terminal_up_to_symmetry),
                ),
                (
                    "up_to_symmetry_by_ply",
                    Json::numbers(positions.up_to_symmetry_by_ply.iter().map(|&n| n as u64)),
                ),
            ]),
        ),
    ]);
    writeln!(out, "{}", object.render())
}
