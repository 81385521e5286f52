//! The batch's bindings: `Batch` holds the engine's games and the numpy arrays it writes
//! (made once, overwritten by every call). Conversions only; the engine plays.

use fivecrowns_engine::bots::PolicyKind;
use fivecrowns_engine::game::{Action, Illegal};
use fivecrowns_engine::sim::batch::{self, StepOut};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::game::{game_refusal, illegal, policy_kinds, Game, GameRules};
use crate::library_error;

/// Games stepped together, and the arrays each call fills.
#[pyclass(module = "fivecrowns._core")]
pub struct Batch {
    batch: batch::Batch,
    width: usize,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    scores: Py<PyArray2<i64>>,
    winners: Py<PyArray2<bool>>,
    to_act: Py<PyArray1<i64>>,
    observation: Py<PyArray2<f32>>,
    mask: Py<PyArray2<bool>>,
    legal: Py<PyArray2<i64>>,
    counts: Py<PyArray1<u32>>,
}

/// Action `why` refused in game `index` of the batch, as the package's `IllegalActionError`
/// (the referee's words, after the game's index).
fn in_game(py: Python<'_>, index: usize, why: &Illegal) -> PyErr {
    library_error(py, "IllegalActionError", format!("game {index}: {why}"))
}

fn err(text: &str) -> PyErr {
    PyValueError::new_err(text.to_string())
}

/// The output array `array` to write into, or the package's `FiveCrownsError` when it cannot
/// be (the caller made it read-only, or another thread is reading or writing it), instead of
/// a panic through into Python.
fn writable<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    array: &Bound<'py, numpy::PyArray<T, D>>,
) -> PyResult<numpy::PyReadwriteArray<'py, T, D>> {
    array.try_readwrite().map_err(|why| {
        let message = format!(
            "the Simulator writes its results into the arrays it returned before, and one \
             cannot be written now ({why}): do not make them read-only; copy an array \
             (numpy.array(x)) to keep or change it"
        );
        library_error(py, "FiveCrownsError", message)
    })
}

#[pymethods]
impl Batch {
    /// `games` games with a built-in bot's name or None (played from outside) per seat,
    /// `num_actions` mask columns, `max_actions` 0 for no limit, `record` to keep every
    /// action (else none, only their count); dealt from seed 0.
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: &GameRules,
        seats: Vec<Option<String>>,
        games: usize,
        num_actions: usize,
        auto_reset: bool,
        max_actions: usize,
        record: bool,
    ) -> PyResult<Batch> {
        let named: Vec<String> = seats.iter().flatten().cloned().collect();
        let mut built_in = policy_kinds(py, &named)?.into_iter();
        let kinds: Vec<Option<PolicyKind>> = seats
            .iter()
            .map(|seat| seat.as_ref().and_then(|_| built_in.next()))
            .collect();
        let engine = rules.shared();
        let largest = engine
            .schedule
            .iter()
            .copied()
            .chain([engine.extra_round_hand_size])
            .max()
            .unwrap_or(0);
        let limit = (max_actions > 0).then_some(max_actions);
        // (selecting and laying down by hand, and lay-offs: bounded by the action integers)
        let by_hand = engine.lay_off || !engine.auto_arrange_final_hand;
        let width = if by_hand {
            num_actions
        } else {
            batch::most_legal_actions(largest)
        };
        let batch = py
            .detach(move || batch::Batch::new(engine, kinds, games, auto_reset, limit, record))
            .map_err(|e| game_refusal(py, &e))?;
        let n = batch.players() as usize;
        Ok(Batch {
            rewards: PyArray2::zeros(py, [games, n], false).unbind(),
            terminated: PyArray1::from_vec(py, vec![false; games]).unbind(),
            truncated: PyArray1::from_vec(py, vec![false; games]).unbind(),
            scores: PyArray2::zeros(py, [games, n], false).unbind(),
            winners: PyArray2::from_vec2(py, &vec![vec![false; n]; games])?.unbind(),
            to_act: PyArray1::zeros(py, [games], false).unbind(),
            observation: PyArray2::zeros(py, [games, batch.observation_size()], false).unbind(),
            mask: PyArray2::from_vec2(py, &vec![vec![false; num_actions]; games])?.unbind(),
            legal: PyArray2::zeros(py, [games, width], false).unbind(),
            counts: PyArray1::zeros(py, [games], false).unbind(),
            width: num_actions,
            batch,
        })
    }

    /// Deal every game afresh: slot i plays game i of the run `seed`.
    fn reset(&mut self, py: Python<'_>, seed: u64) {
        let batch = &mut self.batch;
        py.detach(move || batch.reset(seed));
    }

    /// Deal the next games of the run into the slots marked in `slots` (a bool per game).
    fn deal_next(&mut self, py: Python<'_>, slots: PyReadonlyArray1<'_, bool>) -> PyResult<()> {
        let slots = slots
            .as_slice()
            .map_err(|_| err("slots must be contiguous"))?;
        if slots.len() != self.batch.len() {
            return Err(err("one flag per game"));
        }
        let batch = &mut self.batch;
        py.detach(move || batch.deal_next(slots));
        Ok(())
    }

    /// Play `actions[i]` in each game that is not done; fills `rewards`, `terminated`,
    /// `truncated`, `scores` and `winners`. An illegal action raises `IllegalActionError`
    /// naming its game, and nothing changes.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions
            .as_slice()
            .map_err(|_| err("actions must be contiguous"))?;
        let n = self.batch.len();
        if actions.len() != n {
            let why = Illegal::ActionCount {
                games: n,
                actions: actions.len(),
            };
            return Err(illegal(py, &why));
        }
        let mut codes = Vec::with_capacity(n);
        for (i, &action) in actions.iter().enumerate() {
            let ok = u16::try_from(action)
                .ok()
                .filter(|&a| usize::from(a) < self.width);
            match ok {
                Some(a) => codes.push(Action::from_int(a)),
                None if self.batch.slots()[i].is_done() => codes.push(Action::DRAW_STOCK),
                None => {
                    let why = Illegal::NotAnAction {
                        value: action,
                        limit: self.width,
                    };
                    return Err(in_game(py, i, &why));
                }
            }
        }
        let mut rewards = writable(py, self.rewards.bind(py))?;
        let mut terminated = writable(py, self.terminated.bind(py))?;
        let mut truncated = writable(py, self.truncated.bind(py))?;
        let mut scores = writable(py, self.scores.bind(py))?;
        let mut winners = writable(py, self.winners.bind(py))?;
        let out = StepOut {
            rewards: rewards.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            truncated: truncated.as_slice_mut()?,
            scores: scores.as_slice_mut()?,
            winners: winners.as_slice_mut()?,
        };
        let batch = &mut self.batch;
        py.detach(move || batch.step(&codes, out))
            .map_err(|(i, why)| in_game(py, i, &why))
    }

    /// Minus the points each seat added to its total in the last step (games x players).
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.rewards.bind(py).clone()
    }
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.terminated.bind(py).clone()
    }
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncated.bind(py).clone()
    }
    /// Each seat's total (of the game that ended, in a row whose game ended in the step).
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i64>> {
        self.scores.bind(py).clone()
    }
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.winners.bind(py).clone()
    }

    /// The seat each game waits for (-1: done).
    fn to_act<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let array = self.to_act.bind(py);
        {
            let mut out = writable(py, array)?;
            for (i, place) in out.as_slice_mut()?.iter_mut().enumerate() {
                *place = self.batch.to_act(i).map_or(-1, i64::from);
            }
        }
        Ok(array.clone())
    }

    /// Each game's observation for the seat it waits for, or for `seats[i]`.
    #[pyo3(signature = (seats = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seats: Option<PyReadonlyArray1<'py, i64>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let chosen = match &seats {
            None => None,
            Some(seats) => {
                let seats = seats
                    .as_slice()
                    .map_err(|_| err("seats must be contiguous"))?;
                let players = i64::from(self.batch.players());
                if seats.len() != self.batch.len() {
                    return Err(err("one seat per game"));
                }
                if let Some(bad) = seats.iter().find(|&&s| !(0..players).contains(&s)) {
                    return Err(err(&format!(
                        "a seat is an int from 0 to {}, got {bad}",
                        players - 1
                    )));
                }
                Some(seats.iter().map(|&s| s as u8).collect::<Vec<u8>>())
            }
        };
        let array = self.observation.bind(py);
        {
            let mut out = writable(py, array)?;
            let out = out.as_slice_mut()?;
            let batch = &self.batch;
            py.detach(move || batch.observe(chosen.as_deref(), out));
        }
        Ok(array.clone())
    }

    /// Each game's legal actions as a mask (games x num_actions).
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let array = self.mask.bind(py);
        {
            let mut out = writable(py, array)?;
            let out = out.as_slice_mut()?;
            let (batch, width) = (&self.batch, self.width);
            py.detach(move || batch.legal_mask(width, out));
        }
        Ok(array.clone())
    }

    /// Each game's legal actions, ascending, padded with -1, and how many there are.
    #[allow(clippy::type_complexity)]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyArray2<i64>>, Bound<'py, PyArray1<u32>>)> {
        let (legal, counts) = (self.legal.bind(py), self.counts.bind(py));
        {
            let mut out = writable(py, legal)?;
            let mut found = writable(py, counts)?;
            let (out, found) = (out.as_slice_mut()?, found.as_slice_mut()?);
            let batch = &self.batch;
            let width = out.len() / batch.len().max(1);
            py.detach(move || batch.legal_actions(width, -1, out, found));
        }
        Ok((legal.clone(), counts.clone()))
    }

    /// A copy of game `index` (a `Game`), and its number in the run.
    fn game(&self, index: usize) -> PyResult<(Game, u64)> {
        let slot = self
            .batch
            .slots()
            .get(index)
            .ok_or_else(|| err("no game has that index"))?;
        Ok((Game::from_engine(slot.game.clone()), slot.number))
    }

    /// The run's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.batch.seed()
    }
}

/// Add the batch's class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Batch>()
}
