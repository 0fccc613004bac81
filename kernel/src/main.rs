//! `evcxr_jupyter`, the Rust kernel for Jupyter, as evcxr_jupyter 0.22.0 ships it, built with
//! the patched crates of kernel/README.md. Only `--version` is added here, so that a set-up can
//! tell this build from a stock one.

fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("evcxr_jupyter {}", env!("CARGO_PKG_VERSION"));
        return Ok(());
    }
    evcxr_jupyter::main()
}
