//! Counting the panics of the core (for the tests): the core answers every input with a
//! value or a Python exception of the package, never with a panic, and a test runs the public
//! API and checks that this count stays at zero. The hook counts each panic, then lets the
//! hook that was there before (Rust's default: the message on stderr) report it as usual;
//! PyO3 still turns the panic into `pyo3_runtime.PanicException`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Once;

use pyo3::prelude::*;

static PANICS: AtomicU64 = AtomicU64::new(0);
static INSTALL: Once = Once::new();

/// Put the counting hook in front of the current one (once per process).
pub fn install() {
    INSTALL.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::Relaxed);
            before(info);
        }));
    });
}

/// How many panics the core has had in this process.
#[pyfunction]
fn panic_count() -> u64 {
    PANICS.load(Ordering::Relaxed)
}

/// Panic on purpose, so that a test can see the count move (the package never calls it).
#[pyfunction]
fn panic_for_test(message: &str) {
    panic!("{message}");
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    install();
    m.add_function(wrap_pyfunction!(panic_count, m)?)?;
    m.add_function(wrap_pyfunction!(panic_for_test, m)?)?;
    Ok(())
}
