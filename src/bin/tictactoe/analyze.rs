//! `tictactoe analyze` and `tictactoe stats`.

use std::io::{self, Write};

use magic_tictactoe::stats::Statistics;
use magic_tictactoe::{Board, Ending, Value};
use serde_json::{Value as Json, json};

fn value_json(value: Value) -> Json {
    let result = match value {
        Value::Win(_) => "win",
        Value::Draw(_) => "draw",
        Value::Loss(_) => "loss",
    };
    json!({ "result": result, "plies": value.plies() })
}

/// Prints whose turn it is, the result if the game is over, the value, and every move's value.
pub(crate) fn position(board: Board, json: bool, out: &mut impl Write) -> io::Result<()> {
    let analysis = board.analysis();
    if json {
        let outcome = board.outcome().map(|ending| match ending {
            Ending::Drawn => "draw".to_owned(),
            Ending::Won(winner) => winner.to_string(),
        });
        let moves: Vec<Json> = analysis
            .iter()
            .map(|&(square, value)| {
                let mut fields = value_json(value);
                fields["square"] = json!(square.digit());
                fields
            })
            .collect();
        let object = json!({
            "board": board.to_string(),
            "to_move": board.to_move().map(|player| player.to_string()),
            "outcome": outcome,
            "value": analysis.value().map(value_json),
            "moves": moves,
        });
        return writeln!(out, "{object}");
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
    let object = json!({
        "perft": statistics.perft,
        "games": {
            "total": games.total(),
            "x_wins": games.endings.x_wins,
            "o_wins": games.endings.o_wins,
            "draws": games.endings.draws,
            "by_length": games.by_length,
        },
        "positions": {
            "reachable": positions.reachable,
            "terminal": positions.terminal,
            "x_wins": positions.endings.x_wins,
            "o_wins": positions.endings.o_wins,
            "draws": positions.endings.draws,
            "by_ply": positions.by_ply,
            "up_to_symmetry": positions.up_to_symmetry,
            "terminal_up_to_symmetry": positions.terminal_up_to_symmetry,
            "up_to_symmetry_by_ply": positions.up_to_symmetry_by_ply,
        },
    });
    writeln!(out, "{object}")
}
