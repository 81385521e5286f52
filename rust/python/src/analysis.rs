//! The engine's analysis of one hand ([`fivecrowns_engine::analysis`]) for the package's
//! `fivecrowns.analysis`: card codes in, values out, refusals as the package's exceptions.

use fivecrowns_engine::analysis;
use pyo3::prelude::*;

use crate::{refusal, Solver};

/// For a hand before its draw (codes), its wild rank (0: only jokers) and distinct codes it
/// may draw (each one the deck holds beside the hand): the least deadwood after drawing each
/// and discarding the best card, in order.
#[pyfunction]
fn after_draws(
    py: Python<'_>,
    solver: PyRef<'_, Solver>,
    codes: Vec<u32>,
    wild_rank: u32,
    draws: Vec<u32>,
) -> PyResult<Vec<u64>> {
    analysis::after_draws(&codes, wild_rank, &solver.rules, &draws).map_err(|e| refusal(py, &e))
}

/// Adds this module's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(after_draws, m)?)
}
