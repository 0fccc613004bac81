//! End-to-end tests of the `tictactoe` binary with piped input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use magic_tictactoe::{Board, Game, Level, Opponent, Player, Square, Statistics, Value, stats};
use serde_json::Value as JsonValue;

fn tictactoe(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // The game may stop reading early (after "q"); a closed pipe here is fine.
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait_with_output().expect("the binary finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn assert_clean(output: &Output) {
    let all = text(&output.stdout) + &text(&output.stderr);
    assert!(!all.contains("panicked"), "{all}");
    assert!(
        !all.contains('\x1b'),
        "no colour when output is not a terminal: {all}"
    );
    assert_eq!(output.status.code(), Some(0), "{all}");
}

/// Plays `level` with the library, the person always taking the first free square, and
/// returns the person's moves and the final game.
fn expected_game(level: Level, seed: u64, person: Player) -> (Vec<Square>, Game) {
    let mut game = Game::against_opponent(Opponent::new(level, seed), !person);
    let mut typed = Vec::new();
    while let Some(square) = game.board().legal_moves().first() {
        typed.push(square);
        game.try_play(square).unwrap();
    }
    (typed, game)
}

#[test]
fn a_whole_game_against_each_level_as_x_and_as_o() {
    for level in Level::ALL {
        let name = level.name();
        for person in Player::ALL {
            let (typed, game) = expected_game(level, 11, person);
            let input: String = typed.iter().map(|s| format!("{s}\n")).collect::<String>() + "q\n";
            let mark = person.to_string();
            let output = tictactoe(
                &["play", "--level", &name, "--mark", &mark, "--seed", "11"],
                input.as_bytes(),
            );
            assert_clean(&output);
            let shown = text(&output.stdout);
            assert!(
                shown.contains(&game.result_sentence()),
                "{name} as {person}: {shown}"
            );
            let replies = shown.matches(") takes square ").count();
            let computer_moves = game.moves().len() - typed.len();
            assert_eq!(replies, computer_moves, "{shown}");
        }
    }
}

#[test]
fn two_people_at_one_keyboard() {
    let output = tictactoe(&["play", "--mode", "two"], b"1\n4\n2\n5\n3\n");
    assert_clean(&output);
    let shown = text(&output.stdout);
    assert!(shown.contains("X wins with the row 1-2-3."), "{shown}");
    assert!(!shown.contains("The computer"));
}

#[test]
fn missing_choices_are_asked_for() {
    // Computer? (empty = yes), level (empty = perfect), mark O: the computer opens.
    let output = tictactoe(&[], b"\n\nO\nq\n");
    assert_clean(&output);
    let shown = text(&output.stdout);
    assert!(shown.contains("Level:"), "{shown}");
    assert!(
        shown.contains("You play O against the perfect computer."),
        "{shown}"
    );
    assert!(shown.contains("The computer (X) takes square"), "{shown}");
    let asked_again = tictactoe(&[], b"maybe\nf\n");
    assert!(
        text(&asked_again.stdout).contains("Please type c for the computer or f for a friend.")
    );
    assert_clean(&asked_again);
}

#[test]
fn every_kind_of_bad_input_gets_one_line_and_the_prompt_again() {
    let long = "7".repeat(100_000);
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (b"abc\n".to_vec(), "is not a square"),
        (b"0\n".to_vec(), "There is no square 0"),
        (b"10\n".to_vec(), "There is no square 10"),
        (b"5\n5\n".to_vec(), "Square 5 is taken"),
        (b"\n".to_vec(), "Nothing was typed"),
        (format!("{long}\n").into_bytes(), "That line is too long"),
        (b"\xff\xfe\n".to_vec(), "not readable text"),
        (b"4 4\n".to_vec(), "no square at row 4, column 4"),
    ];
    for (bad, message) in cases {
        let mut input = bad.clone();
        input.extend_from_slice(b"q\n");
        let output = tictactoe(&["--level", "rules", "--mark", "X"], &input);
        assert_clean(&output);
        let shown = text(&output.stdout);
        assert!(shown.contains(message), "{message}: {shown}");
        assert_eq!(shown.matches("Goodbye.").count(), 1);
        // The prompt came back after the message.
        let after = &shown[shown.find(message).unwrap()..];
        assert!(after.contains("Your move (X)"), "{after}");
    }
}

#[test]
fn end_of_input_in_the_middle_of_a_game_ends_cleanly() {
    for input in [&b""[..], b"5\n", b"5\n1", b"\n\n"] {
        let output = tictactoe(&["--level", "perfect", "--mark", "X"], input);
        assert_clean(&output);
        assert!(text(&output.stdout).contains("Goodbye."));
    }
}

#[test]
fn undo_hint_restart_and_help() {
    let output = tictactoe(
        &["--level", "rules", "--mark", "X"],
        b"1\nu\nh\n?\n9\nr\nq\n",
    );
    assert_clean(&output);
    let shown = text(&output.stdout);
    assert!(shown.contains("Move taken back."));
    assert!(shown.contains("Hint for X: play"));
    assert!(shown.contains("\"b3\" is square 6"));
    assert!(shown.contains("New game."));
    assert!(shown.contains("The computer (O) takes square 5."));
}

#[test]
fn conflicting_flags_are_refused() {
    let output = tictactoe(&["play", "--mark", "O", "--first", "me"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("X always moves first"));
    let output = tictactoe(&["play", "--level", "impossible"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("is not a level"));
}

#[test]
fn analyze_in_play_finished_and_invalid_boards() {
    let in_play = tictactoe(&["analyze", "X.O/.X./..O"], b"");
    assert_clean(&in_play);
    let shown = text(&in_play.stdout);
    assert!(shown.contains("X to move."));
    assert!(shown.contains("6: draw in 5"), "{shown}");

    let finished = tictactoe(&["analyze", "XXX/OO./..."], b"");
    assert_clean(&finished);
    assert!(text(&finished.stdout).contains("The game is over: X won with the row 1-2-3."));

    for (bad, message) in [
        ("XXXX", "a board has 9 squares, not 4"),
        ("O........", "O has more marks than X"),
        ("X.Z/.../...", "unknown character"),
    ] {
        let output = tictactoe(&["analyze", bad, "--json"], b"");
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stdout.is_empty());
        assert!(
            text(&output.stderr).contains(message),
            "{}",
            text(&output.stderr)
        );
    }
}

fn check_json_against_engine(board: Board) {
    let output = tictactoe(&["analyze", &board.to_string(), "--json"], b"");
    assert_clean(&output);
    let json: JsonValue = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(json["board"], board.to_string());
    assert_eq!(
        json["to_move"],
        board
            .to_move()
            .map_or(JsonValue::Null, |p| p.to_string().into())
    );
    let outcome = match (board.is_over(), board.winner()) {
        (false, _) => JsonValue::Null,
        (true, Some(p)) => p.to_string().into(),
        (true, None) => "draw".into(),
    };
    assert_eq!(json["outcome"], outcome);
    let analysis = board.analysis();
    match analysis.value() {
        None => assert!(json["value"].is_null()),
        Some(value) => {
            assert_eq!(json["value"]["result"], result_word(value));
            assert_eq!(json["value"]["plies"], value.plies());
        }
    }
    let moves = json["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), analysis.len());
    for (shown, &(square, value)) in moves.iter().zip(analysis.iter()) {
        assert_eq!(shown["square"], square.digit());
        assert_eq!(shown["result"], result_word(value));
        assert_eq!(shown["plies"], value.plies());
    }
}

#[test]
fn analyze_json_agrees_with_the_engine() {
    let positions = stats::reachable_positions();
    // Every 17th position: a spread over all plies, finished games included.
    for board in positions.iter().step_by(17) {
        check_json_against_engine(*board);
    }
    check_json_against_engine("XXX/OO./...".parse().unwrap());
    check_json_against_engine("XOX/XOO/OXX".parse().unwrap());
}

#[test]
fn stats_json_agrees_with_the_engine() {
    let output = tictactoe(&["stats", "--json"], b"");
    assert_clean(&output);
    let json: JsonValue = serde_json::from_slice(&output.stdout).unwrap();
    let statistics = Statistics::compute();
    assert_eq!(json["perft"], serde_json::json!(statistics.perft));
    assert_eq!(json["games"]["total"], statistics.games.total());
    assert_eq!(json["games"]["x_wins"], statistics.games.endings.x_wins);
    assert_eq!(
        json["games"]["by_length"],
        serde_json::json!(statistics.games.by_length)
    );
    assert_eq!(
        json["positions"]["reachable"],
        statistics.positions.reachable
    );
    assert_eq!(
        json["positions"]["up_to_symmetry"],
        statistics.positions.up_to_symmetry
    );
    let plain = tictactoe(&["stats"], b"");
    assert_clean(&plain);
    assert!(text(&plain.stdout).contains("complete games: 255,168"));
}

/// Whether this process ignores SIGINT (Linux's /proc says; elsewhere taken as not).
#[cfg(unix)]
fn sigint_ignored() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let mask = status
                .lines()
                .find_map(|line| line.strip_prefix("SigIgn:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        })
        .is_some_and(|ignored| ignored & (1 << (2 - 1)) != 0)
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_the_game_without_a_panic_message() {
    use std::os::unix::process::ExitStatusExt;

    let binary = env!("CARGO_BIN_EXE_tictactoe");
    // A test run started in the background by a non-interactive shell ignores SIGINT, and the
    // game would inherit that: give it the default action back, as a terminal's game has.
    let mut command = if sigint_ignored() {
        let mut command = Command::new("env");
        command.args(["--default-signal=INT", binary]);
        command
    } else {
        Command::new(binary)
    };
    let child = command
        .args(["--level", "perfect", "--mark", "X"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // Wait for the first prompt, then interrupt as Ctrl-C does.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    assert!(status.is_ok_and(|s| s.success()));
    let output = child.wait_with_output().expect("the binary finishes");
    // The default action of SIGINT ends the process at once: nothing to unwind, no terminal
    // mode to restore (the game never leaves cooked mode).
    assert_eq!(output.status.signal(), Some(2));
    assert!(!text(&output.stderr).contains("panicked"));
    assert!(!text(&output.stdout).contains('\x1b'));
}

#[cfg(unix)]
#[test]
fn an_unwritable_standard_error_never_makes_it_panic() {
    // /dev/full accepts the open but fails every write ("no space left on device").
    for (args, code) in [
        (&["analyze", "not a board"][..], 2),
        (&["--mark", "X", "--first", "computer"][..], 2),
        (&["analyze", "X.O/.X./..O"][..], 0),
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let output = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(full)
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(code), "{args:?}");
        assert!(!text(&output.stdout).contains("panicked"));
    }
    // A closed standard error, likewise.
    let output = Command::new("sh")
        .args([
            "-c",
            &format!("{} analyze bad 2>&-", env!("CARGO_BIN_EXE_tictactoe")),
        ])
        .output()
        .expect("sh runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn q_quits_at_every_question() {
    // After the q comes a whole game's worth of input, which must not be read.
    let rest = "c\nperfect\nX\n5\n1\n9\n";
    for before in ["", "c\n", "c\nperfect\n", "c\nperfect\nX\n"] {
        for quit in ["q", "quit", "Q"] {
            let input = format!("{before}{quit}\n{rest}");
            let output = tictactoe(&[], input.as_bytes());
            assert_clean(&output);
            let shown = text(&output.stdout);
            assert!(shown.trim_end().ends_with("Goodbye."), "{input:?}: {shown}");
            assert!(!shown.contains("is not a"), "{input:?}: {shown}");
            let in_game = before.matches('\n').count() == 3;
            assert_eq!(
                shown.matches("Your move").count(),
                usize::from(in_game),
                "{input:?}: {shown}"
            );
        }
    }
}

fn result_word(value: Value) -> &'static str {
    match value {
        Value::Win(_) => "win",
        Value::Draw(_) => "draw",
        Value::Loss(_) => "loss",
    }
}
