//! `evcxr_jupyter`, the Rust kernel for Jupyter, exactly as evcxr_jupyter 0.22.0 ships it,
//! built with the patched zeromq crate (see kernel/README.md). Only `--version` is added, so
//! that a set-up can tell this build from a stock one.

fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("evcxr_jupyter {}", env!("CARGO_PKG_VERSION"));
        return Ok(());
    }
    evcxr_jupyter::main()
}
