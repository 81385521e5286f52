//! `Rules(...)` at the cost of a look-up: the compiled `__call__` of the package's metaclass
//! `fivecrowns._interned.Interned` (which makes equal rule sets one shared object).
//!
//! A call with options given before, as the very objects given before (the same option
//! names, and values that are the same objects or equal ones of the same exact type: a
//! bool, an int, a str, None, or a tuple of ints and None), gets the rule set made then;
//! `Rules()` gets the official rules. Any other call goes to the package's own interning
//! (`make`, which validates the options and interns the rule set by its options' values),
//! and a call of plain values is remembered for next time. So every answer is one the
//! package's interning gives for those options: this only skips its Python work.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString, PyTuple};

/// Remembers the rule sets of the last few option sets (see the module's documentation).
#[pyclass(frozen, module = "fivecrowns._core")]
pub(crate) struct Interner {
    /// `Rules()`.
    official: Py<PyAny>,
    /// The package's interning of a call (its arguments as given).
    make: Py<PyAny>,
    /// The option sets remembered, in the order given, with their rule sets.
    known: Mutex<Vec<Known>>,
}

struct Known {
    /// Each option's name, the name's hash (a str keeps its own: comparing two costs
    /// little, and two names of different hashes differ) and its value, in the order given.
    options: Vec<(Py<PyAny>, isize, Py<PyAny>)>,
    rules: Py<PyAny>,
}

impl Interner {
    /// The most option sets remembered (then they are forgotten, and remembered afresh).
    const MOST: usize = 64;

    /// The rule set of `options` if they were given before (then they are looked for first
    /// next time).
    fn find(&self, options: &Bound<'_, PyDict>) -> Option<Py<PyAny>> {
        let py = options.py();
        let mut known = self.known.lock().ok()?;
        let at = known
            .iter()
            .position(|known| same_options(&known.options, options))?;
        known[..=at].rotate_right(1);
        Some(known[0].rules.clone_ref(py))
    }

    fn remember(&self, options: &Bound<'_, PyDict>, rules: &Bound<'_, PyAny>) {
        let Ok(mut known) = self.known.lock() else {
            return;
        };
        if known.len() >= Self::MOST {
            known.clear();
        }
        let options: Option<Vec<_>> = options
            .iter()
            .map(|(name, value)| {
                let hash = name.hash().ok()?;
                Some((name.unbind(), hash, value.unbind()))
            })
            .collect();
        if let Some(options) = options {
            known.insert(
                0,
                Known {
                    options,
                    rules: rules.clone().unbind(),
                },
            );
        }
    }
}

#[pymethods]
impl Interner {
    /// The interner answering `Rules()` with `official` and asking `make(*args, **options)`
    /// for any call it does not know.
    #[new]
    fn new(official: Py<PyAny>, make: Py<PyAny>) -> Interner {
        Interner {
            official,
            make,
            known: Mutex::new(Vec::new()),
        }
    }

    /// `Rules(*args, **options)`.
    #[pyo3(signature = (*args, **options))]
    fn __call__<'py>(
        &self,
        args: &Bound<'py, PyTuple>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = args.py();
        let options = match options {
            Some(options) if !options.is_empty() => options,
            _ if args.is_empty() => return Ok(self.official.bind(py).clone()),
            _ => return self.make.bind(py).call(args, options),
        };
        if !args.is_empty() {
            return self.make.bind(py).call(args, Some(options));
        }
        if let Some(found) = self.find(options) {
            return Ok(found.into_bound(py));
        }
        let made = self.make.bind(py).call((), Some(options))?;
        if options.iter().all(|(_, value)| is_plain(&value)) {
            self.remember(options, &made);
        }
        Ok(made)
    }

    /// Forget every option set (the package's interning started afresh).
    fn clear(&self) {
        if let Ok(mut known) = self.known.lock() {
            known.clear();
        }
    }

    /// How many option sets are remembered.
    fn __len__(&self) -> usize {
        self.known.lock().map_or(0, |known| known.len())
    }
}

/// Are `options` (a call's) the option set `known`, in the same order?
fn same_options(known: &[(Py<PyAny>, isize, Py<PyAny>)], options: &Bound<'_, PyDict>) -> bool {
    let py = options.py();
    known.len() == options.len()
        && known
            .iter()
            .zip(options.iter())
            .all(|((name, hash, value), (given_name, given))| {
                same_name(name.bind(py), *hash, &given_name) && same_value(value.bind(py), &given)
            })
}

/// The same option name: the same object (a call's names are interned), or an equal str
/// (of the same hash).
fn same_name(known: &Bound<'_, PyAny>, hash: isize, given: &Bound<'_, PyAny>) -> bool {
    known.is(given)
        || (given.is_exact_instance_of::<PyString>()
            && given.hash().is_ok_and(|given| given == hash)
            && known.eq(given).unwrap_or(false))
}

/// The same option value: the same object, or an equal int or str of the same exact type,
/// or a tuple of the same ints and None (`True` is never `1`: a bool is only ever itself).
fn same_value(known: &Bound<'_, PyAny>, given: &Bound<'_, PyAny>) -> bool {
    if known.is(given) {
        return true;
    }
    if !known.get_type().is(given.get_type()) {
        return false;
    }
    if given.is_exact_instance_of::<PyInt>() || given.is_exact_instance_of::<PyString>() {
        return known.eq(given).unwrap_or(false);
    }
    match (known.cast::<PyTuple>(), given.cast::<PyTuple>()) {
        (Ok(known), Ok(given)) if given.is_exact_instance_of::<PyTuple>() => {
            known.len() == given.len()
                && known.iter().zip(given.iter()).all(|(a, b)| {
                    a.is(&b) || (is_int(&b) && is_int(&a) && a.eq(&b).unwrap_or(false))
                })
        }
        _ => false,
    }
}

fn is_int(value: &Bound<'_, PyAny>) -> bool {
    value.is_exact_instance_of::<PyInt>()
}

/// A value a call is remembered by: a bool, an int, a str, None, or a tuple of ints and
/// None (all immutable, so the value kept is the value given).
fn is_plain(value: &Bound<'_, PyAny>) -> bool {
    value.is_none()
        || value.is_exact_instance_of::<PyBool>()
        || is_int(value)
        || value.is_exact_instance_of::<PyString>()
        || (value.is_exact_instance_of::<PyTuple>()
            && value
                .try_iter()
                .map(|items| {
                    items
                        .into_iter()
                        .all(|item| item.is_ok_and(|item| item.is_none() || is_int(&item)))
                })
                .unwrap_or(false))
}
