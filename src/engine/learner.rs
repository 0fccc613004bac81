//! Running a learner's own code (a win test, a player, an evaluation) so that a panic in it is
//! caught, reported as a sentence, and never takes the notebook down.
//!
//! Rust prints a panic's message through a process-wide hook. Swapping that hook around each
//! call would be unsafe when other threads (tests running in parallel) panic meanwhile, so the
//! crate installs, once, a hook that stays quiet only on the thread that is running a
//! learner's code, and passes every other panic on to the hook that was there before.

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// On this thread, while a learner's code runs: the message of its panic, once it panics.
    static CAUGHT: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

fn install_quiet_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let message = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "it panicked".to_owned());
            let quiet = CAUGHT.with(|caught| match &mut *caught.borrow_mut() {
                Some(slot) => {
                    *slot = Some(message.clone());
                    true
                }
                None => false,
            });
            if !quiet {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, a learner's code. Its result, or the message it panicked with.
pub(crate) fn run<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    install_quiet_hook();
    let outer = CAUGHT.with(|caught| caught.borrow_mut().replace(None));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    let message = CAUGHT.with(|caught| {
        let mut caught = caught.borrow_mut();
        let message = caught.take().flatten();
        *caught = outer;
        message
    });
    result.map_err(|_| message.unwrap_or_else(|| "it panicked".to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message_and_a_value_passes_through() {
        assert_eq!(run(|| 2 + 2), Ok(4));
        let numbers: Vec<u8> = Vec::new();
        let caught = run(|| numbers[3]);
        assert!(caught.unwrap_err().contains("index out of bounds"));
        assert_eq!(
            run(|| panic!("my own words")),
            Err::<(), _>("my own words".to_owned())
        );
        // Nested: an inner catch does not lose the outer one's state.
        let outer = run(|| {
            let inner = run(|| panic!("inner"));
            assert!(inner.is_err());
            panic!("outer")
        });
        assert_eq!(outer, Err::<(), _>("outer".to_owned()));
    }
}
