//! The engine's analysis of one hand ([`fivecrowns_engine::analysis`]) for the package's
//! `fivecrowns.analysis`: card codes in, values out, refusals as the package's exceptions.

use fivecrowns_engine::analysis;
use fivecrowns_engine::bots::PolicyKind;
use fivecrowns_engine::shuffle;
use fivecrowns_engine::sim::rollout::{self, Unseen};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::game::{game_refusal, Game};
use crate::{refusal, Solver};

/// The samples played between checks for Ctrl-C.
const CHUNK: usize = 4096;

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

/// Who goes out first within `player`'s next `turns` turns (-1: nobody), in each of `count`
/// samples of one player's knowledge: sample `i` deals `template`'s hidden cards afresh from
/// `rollout_seed(seed, i)` (as `view_rollouts` does, see `rollout::Unseen`) and plays on by
/// `bots` (one per seat) with that luck (`rollout::first_out`), without the GIL.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn view_first_outs(
    py: Python<'_>,
    template: PyRef<'_, Game>,
    known: Vec<Vec<u8>>,
    laid: Vec<Vec<u8>>,
    hidden: Vec<usize>,
    scored: Vec<bool>,
    improve: Vec<u32>,
    unseen: Vec<u8>,
    bots: Vec<String>,
    seed: u64,
    count: usize,
    player: u8,
    turns: u32,
) -> PyResult<Vec<i8>> {
    let game = &template.game;
    let n = usize::from(game.players());
    let lengths = [
        known.len(),
        laid.len(),
        hidden.len(),
        scored.len(),
        improve.len(),
    ];
    if bots.len() != n || lengths != [n; 5] || usize::from(player) >= n {
        return Err(PyValueError::new_err(
            "one bot, and one entry of each list, per seat; the player one of the seats",
        ));
    }
    let kinds = bots
        .iter()
        .map(|name| PolicyKind::from_name(name))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| PyValueError::new_err(format!("bots must be built-in, got {bots:?}")))?;
    let spec = Unseen {
        template: game.to_parts(),
        known,
        laid,
        hidden,
        scored,
        improve,
        unseen,
    };
    let (spec, kinds) = (&spec, &kinds);
    let mut found = Vec::with_capacity(count);
    for start in (0..count).step_by(CHUNK) {
        let chunk = start..count.min(start + CHUNK);
        let outs = py
            .detach(move || {
                chunk
                    .map(|i| {
                        let luck = shuffle::rollout_seed(seed, i as u64);
                        let sampled = spec.sample(game, luck)?;
                        let out = rollout::first_out(sampled, kinds, luck, player, turns);
                        Ok(out.map_or(-1, |seat| seat as i8))
                    })
                    .collect::<Result<Vec<i8>, _>>()
            })
            .map_err(|e| game_refusal(py, &e))?;
        found.extend(outs);
        py.check_signals()?;
    }
    Ok(found)
}

/// Adds this module's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(after_draws, m)?)?;
    m.add_function(wrap_pyfunction!(view_first_outs, m)?)
}
