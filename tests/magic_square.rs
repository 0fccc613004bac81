//! The magic-square trick checked against the plain table of lines, everywhere.

use crate::common::{Grid, LINES, all_grids, has_line_by_table, line_set, square};
use magic_tictactoe::{Line, Square, SquareSet, magic};

#[test]
fn every_row_column_and_diagonal_sums_to_15() {
    for line in LINES {
        let sum: u8 = line.iter().map(|&d| square(d).magic_number()).sum();
        assert_eq!(sum, 15, "{line:?}");
    }
}

#[test]
fn exactly_eight_of_the_84_triples_sum_to_15_and_they_are_the_lines() {
    assert_eq!(magic::triples().count(), 84);
    let triples = magic::magic_triples();
    assert_eq!(triples.len(), 8);
    let mut from_magic: Vec<SquareSet> = magic::lines().into_iter().map(Line::square_set).collect();
    let mut from_table: Vec<SquareSet> = LINES.into_iter().map(line_set).collect();
    from_magic.sort();
    from_table.sort();
    assert_eq!(from_magic, from_table);
}

#[test]
fn the_centre_is_in_four_triples_corners_in_three_edges_in_two() {
    let triples = magic::magic_triples();
    for s in Square::ALL {
        let count = triples
            .iter()
            .filter(|t| t.contains(&s.magic_number()))
            .count();
        let expected = if s == Square::Centre {
            4
        } else if s.is_corner() {
            assert_eq!(s.magic_number() % 2, 0, "corners carry the even numbers");
            3
        } else {
            2
        };
        assert_eq!(count, expected, "{s:?}");
    }
}

#[test]
fn the_magic_win_test_equals_the_line_table_on_all_19683_grids() {
    let mut wins = 0;
    for grid in all_grids() {
        for held in [grid.x, grid.o] {
            let by_table = has_line_by_table(held);
            assert_eq!(magic::has_won(held), by_table, "{}", grid.text());
            if let Some(line) = magic::winning_line(held) {
                assert_eq!(held.intersection(line.square_set()), line.square_set());
                assert!(LINES.iter().any(|&l| line_set(l) == line.square_set()));
                wins += 1;
            }
        }
    }
    assert!(wins > 0);
}

#[test]
fn the_pairs_test_finds_exactly_the_squares_that_complete_a_line() {
    for grid in all_grids() {
        let free = grid.x.union(grid.o).complement();
        for held in [grid.x, grid.o] {
            let expected: SquareSet = free
                .iter()
                .filter(|&s| {
                    LINES.iter().any(|&line| {
                        let line = line_set(line);
                        line.contains(s) && held.intersection(line) == line.without(s)
                    })
                })
                .collect();
            assert_eq!(
                magic::winning_squares(held, free),
                expected,
                "{}",
                Grid { x: held, o: grid.o }.text()
            );
        }
    }
}

#[test]
fn a_line_is_three_squares_summing_to_15() {
    for [a, b, c] in
        (1..=9u8).flat_map(|a| (1..=9).flat_map(move |b| (1..=9).map(move |c| [a, b, c])))
    {
        let is_line = LINES
            .iter()
            .any(|l| line_set(*l) == line_set([a, b, c]) && a != b && b != c && a != c);
        assert_eq!(
            Line::from_squares([square(a), square(b), square(c)]).is_some(),
            is_line
        );
    }
}
