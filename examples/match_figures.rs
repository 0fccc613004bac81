//! Every figure the calls that play matches compute, printed in full: `cargo run --release
//! --example match_figures > after.txt`, and the same on the commit before a change to the
//! players, the match runner, the challenges, the tournaments or MENACE, then `diff`. The
//! notebooks' figures stay the same with the same seeds exactly when this output does: each
//! challenge's records at full precision (tic-tac-toe exact and sampled, with forfeits; Connect
//! Four, take-away, Dots and Boxes, and long games where the Monte Carlo players' shared bound
//! stops them), tournaments, rates, a depth study, MENACE's training and single games.

#[path = "shared/dots_and_boxes.rs"]
mod dots_and_boxes;
use dots_and_boxes::DotsAndBoxes;
use magic_tictactoe::games::{ConnectFour, TakeAway};
use magic_tictactoe::prelude::*;
use magic_tictactoe::tournament::Tournament;
use std::cell::Cell;

fn first_free(board: &Board) -> Option<Square> {
    board.empty_squares().first()
}

fn dump<G: TwoPlayerGame>(c: &Challenge<G>) {
    println!("{c}");
    for name in c.opponents() {
        for side in Player::ALL {
            println!("  {name} {side:?} {:?}", c.record(name, side));
        }
    }
    println!(
        "  forfeit {:?}",
        c.first_forfeit()
            .map(|f| format!("{:?} {} {}", f.player, f.name, f.fault))
    );
}

fn main() {
    dump(&Challenge::new(first_free));
    dump(&Challenge::new(Level::Perfect));
    dump(&Challenge::new(Opponent::mcts(10, 1)));
    let n = Cell::new(0u32);
    let moody = move |board: &Board| {
        n.set(n.get() + 1);
        let free = board.empty_squares();
        free.iter().nth((n.get() as usize) % free.len())
    };
    dump(&Challenge::new(moody));
    dump(&Challenge::new(|_: &Board| Square::Centre));
    let connect = ConnectFour::new(4, 4).unwrap();
    dump(&Challenge::new_for(&connect, "middle", |grid| {
        let open = connect.moves(grid);
        open.into_iter()
            .min_by_key(|&c| (2 * c as i32 - 3).abs())
            .unwrap_or(0)
    }));
    let ten = TakeAway::new(10);
    dump(&Challenge::new_for(
        &ten,
        "m4",
        |&(sticks, _): &(u32, Player)| {
            if sticks % 4 == 0 { 1 } else { sticks % 4 }
        },
    ));
    dump(&Challenge::new_for(&ten, "bad", |_: &(u32, Player)| 7));
    let dots = DotsAndBoxes::new(2, 2);
    dump(&Challenge::new_for(&dots, "first", |p| dots.moves(p)[0]));
    let players = [
        Opponent::from(Level::Random),
        Opponent::mcts(30, 1),
        Opponent::mcts(1_000, 1),
    ];
    println!("{:?}", Tournament::among(players).unwrap());
    let mm = |board: &Board| {
        let f = board.empty_squares();
        f.iter().nth((board.code() as usize * 7) % f.len())
    };
    let n2 = Cell::new(0u32);
    let moody2 = move |board: &Board| {
        n2.set(n2.get() + 1);
        let f = board.empty_squares();
        f.iter().nth((n2.get() as usize) % f.len())
    };
    println!(
        "{:?}",
        Tournament::among([
            Opponent::from(Level::Random),
            Opponent::from(mm),
            Opponent::from(moody2)
        ])
        .unwrap()
    );
    let heap = TakeAway::new(10);
    println!(
        "{:?}",
        Tournament::among_for(
            &heap,
            [
                Opponent::random_for(&heap, 1),
                Opponent::perfect_for(&heap).unwrap(),
                Opponent::mcts_for(&heap, 50, 3)
            ]
        )
        .unwrap()
    );
    println!(
        "{:?}",
        Tournament::among_for(
            &connect,
            [
                Opponent::random_for(&connect, 1),
                Opponent::mcts_for(&connect, 50, 3)
            ]
        )
        .unwrap()
    );
    println!(
        "{:?}",
        magic_tictactoe::tournament::Rates::sampled(Level::Random, Level::Rules, 500, 9)
    );
    println!(
        "{:?}",
        magic_tictactoe::tournament::Rates::exact(Level::Random, Level::Rules)
    );
    let study = DepthStudy::new([1, 2, 3], |board: &Board, player: Player| {
        board.squares(player).len() as i32
    });
    println!("{:?}", study.rows());
    let mut menace = Menace::new();
    let t = menace.train(Opponent::from(Level::Random), 300).unwrap();
    println!("{t:?}");
    dump(&Challenge::new(&menace));
    let g = Game::between(
        &mut Opponent::new(Level::Random, 1),
        &mut Opponent::new(Level::Rules, 2),
    );
    println!("{g:?}");
    let mut x = Opponent::perfect_for(&heap).unwrap();
    let mut o = Opponent::random_for(&heap, 1);
    println!("{:?}", magic_tictactoe::play_game(&heap, &mut x, &mut o));
    // Long games: the Monte Carlo players stop at the bound on the moves they search together.
    let c4 = ConnectFour::new(7, 6).unwrap();
    dump(&Challenge::new_for(&c4, "left", |g: &Grid| c4.moves(g)[0]));
    let c8 = ConnectFour::new(8, 8).unwrap();
    dump(&Challenge::new_for(&c8, "left", |g: &Grid| c8.moves(g)[0]));
    let five = magic_tictactoe::games::KInARow::new(8, 8, 5).unwrap();
    dump(&Challenge::new_for(&five, "first", |g: &Grid| {
        five.moves(g)[0]
    }));
}
