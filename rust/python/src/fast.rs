//! The public solver functions' fast path (`fivecrowns._engine.FAST`): one call per question
//! that answers for a hand of canonical cards under one of the last few rule sets the
//! package compiled, or says None and leaves the question to the checked path.
//!
//! Every public function of `fivecrowns.solver` asks it first, before any Python-side work
//! (their own checks, the engine's choice, the wild rank's conversion cost more than the
//! sweep of a small hand). So it answers only what needs none of that: the rule set is one
//! of the very objects it was made for (each a `Rules`, checked when it was compiled), the
//! wild rank is None, or an `int` or a `Rank` from 3 to 13, and the hand a tuple or list of
//! the package's canonical cards that the deck holds. Anything else gets None, and the
//! caller's checked path answers or says what is wrong. A new `Fast` is made whenever the
//! package compiles another rule set ([`Fast::with_rules`]: it keeps the last
//! [`Fast::KEPT`] of them, so that a caller going between a few rule sets stays on this
//! path) or switches engines; a `Fast` never changes. Every method climbs one ladder:
//! [`Fast::resolve`] finds the rule set, the wild rank and the codes (or hands the call back),
//! [`Fast::answer`] makes the hand, and the method answers on it.

use fivecrowns_engine::codes::Codes;
use fivecrowns_engine::solver::quick_least;
use fivecrowns_engine::Hand;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyTuple, PyType};

use crate::objects::Builder;
use crate::{card_codes, run, Solver, CARDS};

/// Answers for a few rule sets (see the module's documentation).
#[pyclass(frozen, module = "fivecrowns._core")]
pub(crate) struct Fast {
    /// The rule sets answered for, the newest first.
    known: Vec<Known>,
    /// The package's `Card` and `Rank` types, and what builds its answer objects.
    card_type: Py<PyType>,
    rank_type: Py<PyType>,
    builder: Builder,
}

/// One rule set a [`Fast`] answers for.
struct Known {
    /// The `Rules` object (compared by identity).
    rules: Py<PyAny>,
    solver: Py<Solver>,
    /// The solver of the rule set's melded twin, which `can_out` and `melds_all` ask.
    melded: Py<Solver>,
    /// Is `can_go_out` the melded twin's `can_out`? (Not under `go_out_without_discard`.)
    can_out: bool,
}

impl Known {
    fn clone_ref(&self, py: Python<'_>) -> Known {
        Known {
            rules: self.rules.clone_ref(py),
            solver: self.solver.clone_ref(py),
            melded: self.melded.clone_ref(py),
            can_out: self.can_out,
        }
    }
}

/// Which of a rule set's solvers a question asks.
#[derive(Clone, Copy)]
enum Asks {
    /// The rule set's own.
    Own,
    /// Its melded twin's.
    Melded,
    /// Its melded twin's, when `can_go_out` is that twin's `can_out` (else none).
    CanOut,
}

/// A call the fast path answers, resolved: the solver, the wild rank and the hand's codes.
struct Call<'a> {
    solver: &'a Solver,
    wild: u32,
    codes: Codes,
}

impl Fast {
    /// The most rule sets a `Fast` answers for.
    const KEPT: usize = 4;

    /// The rule set `rules` is, if one this answers for.
    #[inline]
    fn known(&self, rules: &Bound<'_, PyAny>) -> Option<&Known> {
        self.known.iter().find(|known| rules.is(&known.rules))
    }

    /// The wild rank (0: only jokers) of a call, or None when it is not one this answers.
    #[inline]
    fn wild(&self, wild_rank: &Bound<'_, PyAny>) -> Option<u32> {
        if wild_rank.is_none() {
            return Some(0);
        }
        let int = wild_rank.is_exact_instance_of::<PyInt>()
            || wild_rank.get_type_ptr() == self.rank_type.as_ptr().cast();
        if !int {
            return None; // (a bool, a numpy int, anything else: the checked path converts)
        }
        wild_rank
            .extract::<u32>()
            .ok()
            .filter(|w| (3..=13).contains(w))
    }

    /// The ladder's one rung: the solver `asks` picks of the rule set, the wild rank (0: only
    /// jokers) and the codes of a call this answers; None for any other call (the rule set is
    /// not one of these, the wild rank or a card is not one this reads, or `asks` has no
    /// solver for it), which the caller's checked path then answers.
    #[inline]
    fn resolve(
        &self,
        asks: Asks,
        cards: &Bound<'_, PyAny>,
        wild_rank: &Bound<'_, PyAny>,
        rules: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Call<'_>>> {
        let Some(known) = self.known(rules) else {
            return Ok(None);
        };
        let solver = match asks {
            Asks::Own => &known.solver,
            Asks::Melded => &known.melded,
            Asks::CanOut if known.can_out => &known.melded,
            Asks::CanOut => return Ok(None),
        };
        let Some(wild) = self.wild(wild_rank) else {
            return Ok(None);
        };
        let Some(codes) = card_codes(cards, self.card_type.bind(cards.py()))? else {
            return Ok(None);
        };
        Ok(Some(Call {
            solver: solver.get(),
            wild,
            codes,
        }))
    }

    /// `answer` of the hand of a call this answers (with its wild rank), or None: the call
    /// is not one [`Fast::resolve`] takes, the deck cannot hold the hand, or `answer` says
    /// None.
    #[inline]
    fn answer<'py, T>(
        &self,
        asks: Asks,
        cards: &Bound<'py, PyAny>,
        wild_rank: &Bound<'py, PyAny>,
        rules: &Bound<'py, PyAny>,
        answer: impl FnOnce(Python<'py>, &Hand, u32) -> PyResult<Option<T>>,
    ) -> PyResult<Option<T>> {
        let Some(call) = self.resolve(asks, cards, wild_rank, rules)? else {
            return Ok(None);
        };
        match call.solver.hand_of(&call.codes, call.wild) {
            Some(hand) => answer(cards.py(), &hand, call.wild),
            None => Ok(None),
        }
    }

    /// `Arrangement(melds, deadwood, points)` of a layout, or None when it leaves a wild worth
    /// nothing unmelded (the checked path then looks for a layout melding every card).
    fn laid_out<'py>(
        &self,
        py: Python<'py>,
        layout: fivecrowns_engine::Layout,
        wild: u32,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(table) = CARDS.get(py) else {
            return Ok(None);
        };
        let (melds, deadwood, points) = self.builder.arrangement(py, table, layout, wild as u8)?;
        if points == 0 && !deadwood.is_empty() {
            return Ok(None);
        }
        self.builder
            .arrangement_object(&melds, &deadwood, points)
            .map(Some)
    }
}

#[pymethods]
impl Fast {
    /// The fast path of the rule set `rules` (compiled as `solver`, its melded twin as
    /// `melded`; `can_out`: is `can_go_out` that twin's `can_out`?), with the package's `kit`
    /// (`fivecrowns.solver._compiled._Kit`: its card, rank, arrangement and meld types, the
    /// meld kinds, its meld cache and how many melds that holds).
    #[new]
    fn new(
        rules: Py<PyAny>,
        solver: Py<Solver>,
        melded: Py<Solver>,
        can_out: bool,
        kit: &Bound<'_, PyAny>,
    ) -> PyResult<Fast> {
        let py = kit.py();
        Ok(Fast {
            known: vec![Known {
                rules,
                solver,
                melded,
                can_out,
            }],
            card_type: kit.getattr(intern!(py, "card_type"))?.extract()?,
            rank_type: kit.getattr(intern!(py, "rank_type"))?.extract()?,
            builder: Builder::of(kit)?,
        })
    }

    /// This fast path and the rule set `rules` (as for `Fast(...)`), first among the last
    /// [`Fast::KEPT`].
    fn with_rules(
        &self,
        py: Python<'_>,
        rules: Py<PyAny>,
        solver: Py<Solver>,
        melded: Py<Solver>,
        can_out: bool,
    ) -> Fast {
        let older: Vec<Known> = self
            .known
            .iter()
            .filter(|known| !known.rules.is(&rules))
            .take(Self::KEPT - 1)
            .map(|known| known.clone_ref(py))
            .collect();
        let newest = Known {
            rules,
            solver,
            melded,
            can_out,
        };
        Fast {
            known: std::iter::once(newest).chain(older).collect(),
            card_type: self.card_type.clone_ref(py),
            rank_type: self.rank_type.clone_ref(py),
            builder: self.builder.clone_ref(py),
        }
    }

    /// `min_deadwood`, or None.
    fn least(
        &self,
        cards: &Bound<'_, PyAny>,
        wild_rank: &Bound<'_, PyAny>,
        rules: &Bound<'_, PyAny>,
    ) -> PyResult<Option<u64>> {
        let Some(call) = self.resolve(Asks::Own, cards, wild_rank, rules)? else {
            return Ok(None);
        };
        // the hot path: no Hand built when the sweep answers (see `quick_least`)
        if let Some(least) = quick_least(&call.codes, call.wild, &call.solver.rules) {
            return Ok(Some(least));
        }
        Ok(call
            .solver
            .hand_of(&call.codes, call.wild)
            .map(|hand| hand.least()))
    }

    /// `best_arrangement`, or None.
    fn arrangement<'py>(
        &self,
        cards: &Bound<'py, PyAny>,
        wild_rank: &Bound<'py, PyAny>,
        rules: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.answer(Asks::Own, cards, wild_rank, rules, |py, hand, wild| {
            self.laid_out(py, run(py, hand, Hand::arrange), wild)
        })
    }

    /// `best_discard` (the card and the `Arrangement` of the rest), or None (also for an
    /// empty hand).
    fn best_discard<'py>(
        &self,
        cards: &Bound<'py, PyAny>,
        wild_rank: &Bound<'py, PyAny>,
        rules: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.answer(Asks::Own, cards, wild_rank, rules, |py, hand, wild| {
            let Ok((card, rest)) = run(py, hand, Hand::best_discard) else {
                return Ok(None);
            };
            let (Some(table), Some(rest)) = (CARDS.get(py), self.laid_out(py, rest, wild)?) else {
                return Ok(None);
            };
            Ok(Some(PyTuple::new(py, [table.card(py, card)?, rest])?))
        })
    }

    /// `best_discard_value` (a `DiscardValue` of the card `best_discard` throws and the
    /// deadwood left), or None (also for an empty hand, and for a hand left with no points
    /// under rules where a wild may cost none: then `best_discard` prefers a discard that
    /// leaves every card melded, which the checked path finds).
    fn best_discard_value<'py>(
        &self,
        cards: &Bound<'py, PyAny>,
        wild_rank: &Bound<'py, PyAny>,
        rules: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(call) = self.resolve(Asks::Own, cards, wild_rank, rules)? else {
            return Ok(None);
        };
        let py = cards.py();
        let Some(hand) = call.solver.hand_of(&call.codes, call.wild) else {
            return Ok(None);
        };
        let free_wilds = call.solver.rules.wild_points == 0 || call.solver.rules.joker_points == 0;
        let (Some((card, points)), Some(table)) =
            (run(py, &hand, Hand::best_discard_value), CARDS.get(py))
        else {
            return Ok(None);
        };
        if points == 0 && free_wilds {
            return Ok(None);
        }
        self.builder
            .discard_value(table.card(py, card)?, points)
            .map(Some)
    }

    /// `deadwood_by_discard` (a dict from each distinct canonical card to its value), or
    /// None.
    fn discard_values<'py>(
        &self,
        cards: &Bound<'py, PyAny>,
        wild_rank: &Bound<'py, PyAny>,
        rules: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.answer(Asks::Own, cards, wild_rank, rules, |py, hand, _| {
            let Some(table) = CARDS.get(py) else {
                return Ok(None);
            };
            let found = PyDict::new(py);
            for (code, value) in run(py, hand, Hand::discard_values) {
                found.set_item(table.card(py, code)?, value)?;
            }
            Ok(Some(found))
        })
    }

    /// `can_go_out`, or None.
    fn can_out(
        &self,
        cards: &Bound<'_, PyAny>,
        wild_rank: &Bound<'_, PyAny>,
        rules: &Bound<'_, PyAny>,
    ) -> PyResult<Option<bool>> {
        self.answer(Asks::CanOut, cards, wild_rank, rules, |py, hand, _| {
            Ok(Some(run(py, hand, Hand::can_out)))
        })
    }

    /// `can_meld_all`, or None.
    fn melds_all(
        &self,
        cards: &Bound<'_, PyAny>,
        wild_rank: &Bound<'_, PyAny>,
        rules: &Bound<'_, PyAny>,
    ) -> PyResult<Option<bool>> {
        self.answer(Asks::Melded, cards, wild_rank, rules, |py, hand, _| {
            Ok(Some(run(py, hand, Hand::least) == 0))
        })
    }
}
