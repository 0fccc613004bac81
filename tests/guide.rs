//! The reasons the teacher's guide (docs/teaching.md) gives, computed: a teacher reads them
//! aloud, so each must be the true cause of what the notebooks show.

use magic_tictactoe::{Board, Player};

/// Every game from `board` to its end: (moves played, winner), counted.
fn games(board: Board, moves: usize, counts: &mut [[u64; 3]; 10]) {
    if let Some(winner) = board.winner() {
        counts[moves][if winner == Player::X { 0 } else { 1 }] += 1;
        return;
    }
    if board.is_over() {
        counts[moves][2] += 1;
        return;
    }
    for (_, child) in board.children() {
        games(child, moves + 1, counts);
    }
}

#[test]
fn random_players_favour_x_through_its_early_wins_not_shorter_ones_on_average() {
    let mut counts = [[0u64; 3]; 10];
    games(Board::new(), 0, &mut counts);
    let total: u64 = counts.iter().flatten().sum();
    let x_wins: u64 = counts.iter().map(|c| c[0]).sum();
    let o_wins: u64 = counts.iter().map(|c| c[1]).sum();
    assert_eq!((total, x_wins), (255_168, 131_184));
    assert_eq!(
        format!("{:.1}", 100.0 * x_wins as f64 / total as f64),
        "51.4"
    );
    // Random play: a game of L moves has the chance 1 in 9 x 8 x ... x (10 - L).
    let chance = |moves: usize| 1.0 / (10 - moves..=9).map(|n| n as f64).product::<f64>();
    let x_random: f64 = (0..10).map(|l| counts[l][0] as f64 * chance(l)).sum();
    assert_eq!(format!("{:.1}", 100.0 * x_random), "58.5");
    // The guide's reason: a 5-move game weighs 24 times a 9-move one, a 6-move game 6 times, a
    // 7-move game twice, an 8-move game the same; X's wins at 5 and 7 moves gain, O's at 8 do not.
    let weight = |moves: usize| chance(moves) / chance(9);
    let weights: Vec<f64> = (5..=9).map(weight).collect();
    assert_eq!(weights, [24.0, 6.0, 2.0, 1.0, 1.0]);
    assert_eq!((counts[5][0], counts[7][0]), (1_440, 47_952));
    assert_eq!((counts[6][1], counts[8][1]), (5_328, 72_576));
    // Not "X's wins end sooner": on average they are longer than O's.
    let mean = |who: usize, wins: u64| {
        (0..10)
            .map(|l| (l as u64 * counts[l][who]) as f64)
            .sum::<f64>()
            / wins as f64
    };
    let (x_mean, o_mean) = (mean(0, x_wins), mean(1, o_wins));
    assert_eq!(
        (format!("{x_mean:.2}"), format!("{o_mean:.2}")),
        ("8.23".to_owned(), "7.86".to_owned())
    );
}

#[test]
fn alpha_beta_skips_eight_positions_in_02s_exercise_at_the_cuts_the_guide_names() {
    use magic_tictactoe::prelude::*;
    let board: Board = "XO./.XX/O..".parse().unwrap();
    assert_eq!(board.turn(), Player::O, "the guide: O to move");
    let mut pruned = SearchTree::alpha_beta_steps(board).unwrap();
    pruned.finish();
    assert_eq!(pruned.skipped(), 8);
    // Each skipped position, by its depth below the exercise's board (its count of marks).
    let text = pruned.to_string();
    let skipped: Vec<usize> = text
        .lines()
        .filter(|line| line.ends_with("-> skipped"))
        .map(|line| line.len() - line.trim_start().len())
        .collect();
    let at = |indent: usize| skipped.iter().filter(|&&i| i == indent).count();
    // X's replies after O's 8 and O's 9 (depth 2), O's answers (depth 3) and X's (depth 4).
    assert_eq!((at(4), at(6), at(8)), (2, 3, 3), "{text}");
    for (o, last) in [("O on 8", "X on 9"), ("O on 9", "X on 8")] {
        assert!(text.contains(&format!("  {o}:")), "{o}");
        assert!(text.contains(&format!("    {last}:")), "{last}");
    }
    assert!(
        text.contains("    X on 4: XOO/XXX/O.. -> X has won"),
        "X's 4 wins at once after O's 3"
    );
}
