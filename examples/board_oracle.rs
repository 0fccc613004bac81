//! What the crate says about positions of a clickable game, for the browser test.
//!
//! Reads lines `LEVEL YOU SEED BOARD` (level by name, e.g. `perfect`; `YOU` is X or O; BOARD in
//! the crate's text form) and answers each with one JSON line: whose turn it is, how the game
//! stands (winner and line), the computer's reply from the clickable game's own table, the
//! moves the level may play, the best moves, and each free square's value for the side to move.
//! A line that cannot be read gets `{"error": ...}`.

use std::io::{self, BufRead, Write};

use magic_tictactoe::clickable::{ClickableGame, Entry};
use magic_tictactoe::{Board, Level, Player, Value};

fn answer(line: &str) -> Result<String, String> {
    let parts: Vec<&str> = line.split_whitespace().collect();
    let [level, you, seed, board] = parts.as_slice() else {
        return Err("expected LEVEL YOU SEED BOARD".into());
    };
    let level: Level = level.parse().map_err(|e| format!("{e}"))?;
    let you: Player = you.parse().map_err(|e| format!("{e}"))?;
    let seed: u64 = seed.parse().map_err(|e| format!("{e}"))?;
    let board: Board = board.parse().map_err(|e| format!("{e}"))?;
    let table = ClickableGame::new(level)
        .playing_as(you)
        .with_seed(seed)
        .table();
    let reply = match table.get(&board.code()) {
        Some(Entry::Reply(square)) => square.digit().to_string(),
        _ => "null".into(),
    };
    let winner = board.winner().map_or("null".into(), |w| format!("\"{w}\""));
    let line_squares = board.winning_line().map_or("[]".into(), |l| {
        format!("{:?}", l.squares().map(|s| s.digit()))
    });
    let chances = level.move_chances(board);
    let allowed: Vec<u8> = board
        .legal_moves()
        .iter()
        .filter(|s| chances[s.index()] > 0.0)
        .map(|s| s.digit())
        .collect();
    let best: Vec<u8> = board.best_moves().iter().map(|s| s.digit()).collect();
    let values: Vec<String> = board
        .analysis()
        .iter()
        .map(|&(square, value)| {
            let result = match value {
                Value::Win(_) => "win",
                Value::Draw(_) => "draw",
                Value::Loss(_) => "loss",
            };
            format!("\"{square}\": \"{result} {}\"", value.plies())
        })
        .collect();
    Ok(format!(
        "{{\"board\": \"{board}\", \"to_move\": {}, \"over\": {}, \"winner\": {winner}, \"line\": {line_squares}, \"reply\": {reply}, \"in_table\": {}, \"allowed\": {allowed:?}, \"best\": {best:?}, \"values\": {{{}}}}}",
        board
            .to_move()
            .map_or("null".into(), |p| format!("\"{p}\"")),
        board.is_over(),
        table.contains_key(&board.code()),
        values.join(", ")
    ))
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let reply = answer(&line).unwrap_or_else(|e| format!("{{\"error\": {e:?}}}"));
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
