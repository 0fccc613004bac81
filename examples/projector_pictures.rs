//! The crate's widest pictures at projector size, on one page, for scripts/projector_test.py to
//! measure in a browser: every picture must fit a notebook's output area in a 1280-pixel window
//! at 1.5x.
//!
//! `cargo run --example projector_pictures -- OUT.html` writes the page: each picture in a
//! `<div class="picture" data-name="...">`, drawn at 1.5x.

use magic_tictactoe::engine::solve::move_values;
use magic_tictactoe::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .ok_or("usage: projector_pictures OUT.html")?;
    let mut page = String::from("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>");
    let mut add = |name: &str, html: Html| {
        page.push_str(&format!(
            "<div class=\"picture\" data-name=\"{}\">{}</div>",
            magic_tictactoe::html::escape(name),
            html.into_string()
        ));
    };
    let scale = 1.5;

    // Paper trees at their limits: 8 moves at each of 2 levels (64 leaves), 3 wide and 3 deep,
    // 2 wide and 6 deep, 4 wide and 3 deep.
    for (depth, branching) in [(2, 8), (3, 3), (6, 2), (3, 4)] {
        let tree = PaperTree::random(depth, branching, 7)?;
        let name = format!("paper tree {branching} wide {depth} deep");
        add(
            &format!("{name}: OrderComparison"),
            OrderComparison::best_first(&tree).scaled(scale).to_html(),
        );
        let mut steps = tree.alpha_beta_steps();
        steps.steps(10);
        add(
            &format!("{name}: alpha-beta stepped"),
            steps.scaled(scale).to_html(),
        );
        add(&format!("{name}: the tree"), tree.scaled(scale).to_html());
    }

    // Tic-tac-toe search trees: the largest a position allows (up to 400 positions).
    for text in ["XO./.X./O..", "XO./..X/...", "X../.O./..."] {
        let board: Board = text.parse()?;
        if let Ok(mut tree) = SearchTree::alpha_beta_steps(board) {
            tree.steps(30);
            add(&format!("search tree {text}"), tree.scaled(scale).to_html());
        }
        if let Ok(tree) = SearchTree::minimax(board) {
            add(
                &format!("minimax tree {text}"),
                tree.scaled(scale).to_html(),
            );
        }
        add(
            &format!("ordered searches {text}"),
            OrderedSearches::new(board).scaled(scale).to_html(),
        );
        add(
            &format!("comparison {text}"),
            Comparison::run(board).scaled(scale).to_html(),
        );
    }

    // Monte Carlo tree search, stepped.
    let mut playouts = PlayoutSteps::new(Board::new());
    playouts.steps(60);
    add("playout steps", playouts.scaled(scale).to_html());
    for (columns, rows) in [(4, 4), (7, 6), (8, 8)] {
        let game = ConnectFour::new(columns, rows)?;
        let mut steps = PlayoutSteps::new_for(game.clone(), game.start());
        steps.steps(40);
        add(
            &format!("playout steps, Connect Four {columns} by {rows}"),
            steps.scaled(scale).to_html(),
        );
    }
    let rows = KInARow::new(8, 8, 5)?;
    let mut steps = PlayoutSteps::new_for(rows.clone(), rows.start());
    steps.steps(70);
    add(
        "playout steps, 5 in a row on 8 by 8",
        steps.scaled(scale).to_html(),
    );

    // Tables of players.
    add(
        "tournament of the levels",
        Tournament::exact().scaled(scale).to_html(),
    );
    let players = [
        Opponent::from(Level::Random),
        Opponent::from(Level::Rules),
        Opponent::from(Level::Perfect),
        Opponent::mcts(10, 1),
        Opponent::mcts(100, 1),
        Opponent::mcts(1_000, 1),
    ];
    add(
        "tournament with MCTS",
        Tournament::among(players)?.scaled(scale).to_html(),
    );
    add(
        "challenge",
        Challenge::new(Opponent::mcts(300, 1))
            .scaled(scale)
            .to_html(),
    );
    add(
        "perfect moves of MCTS, beside the baselines",
        PerfectMoves::of_mcts(&[1, 10, 30, 100])?
            .scaled(scale)
            .to_html(),
    );
    add(
        "Pick 15's number cards",
        Pick15::clickable(Level::Perfect)
            .playing_as(Player::O)
            .scaled(scale)
            .to_html(),
    );
    add(
        "depth study",
        DepthStudy::new(1..=9, |_: &Board, _: Player| 0)
            .scaled(scale)
            .to_html(),
    );

    // Grid games: the largest boards, with every move's value.
    let connect = ConnectFour::new(8, 8)?;
    let grid = connect.play(&connect.start(), 3);
    let values: Vec<(usize, Value)> = connect
        .moves(&grid)
        .into_iter()
        .map(|c| (c, Value::Draw(40)))
        .collect();
    add(
        "Connect Four 8 by 8 with values",
        grid.view(&connect)
            .with_values(&values)
            .scaled(scale)
            .to_html(),
    );
    let small = ConnectFour::new(4, 4)?;
    add(
        "Connect Four 4 by 4 solved",
        small
            .start()
            .view(&small)
            .with_values(&move_values(&small, &small.start())?)
            .scaled(scale)
            .to_html(),
    );
    let rows = KInARow::new(8, 8, 5)?;
    let grid = rows.play(&rows.start(), 27);
    let values: Vec<(usize, Value)> = rows
        .moves(&grid)
        .into_iter()
        .map(|s| (s, Value::Loss(12)))
        .collect();
    add(
        "5 in a row on 8 by 8 with values",
        grid.view(&rows)
            .with_values(&values)
            .scaled(scale)
            .to_html(),
    );
    add(
        "game challenge",
        Challenge::new_for(&small, "nearest the middle", |grid: &Grid| {
            small.moves(grid)[0]
        })
        .scaled(scale)
        .to_html(),
    );

    // MENACE and the magic squares.
    let mut menace = Menace::new();
    let training = menace.train(Level::Random, 2_000)?;
    add("MENACE training", training.scaled(scale).to_html());
    add("MENACE", menace.scaled(scale).to_html());
    for size in [5, 9] {
        if let Some(grid) = MagicGrid::siamese(size) {
            add(
                &format!("magic square {size}"),
                grid.scaled(scale).to_html(),
            );
        }
    }
    add("statistics", Statistics::compute().scaled(scale).to_html());

    page.push_str("</body></html>");
    std::fs::write(&out, page)?;
    Ok(())
}
