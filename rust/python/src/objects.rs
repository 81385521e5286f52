//! The package's answer objects built from the engine's: `Meld` and `Arrangement`, made as
//! the Python package would make them, but without deriving or checking them again (the
//! engine only returns valid melds, laid out as `fivecrowns.melds` lays them out: the tests
//! and `benchmarks/check_core.py` compare the two engines' answers field by field). Each is
//! a bare instance of its class (`object.__new__`) whose fields are set as
//! `object.__setattr__` sets them, as `attrs` itself does for a frozen class.

use fivecrowns_engine::melds::stands_for;
use fivecrowns_engine::{is_wild, Kind, Layout};
use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

use crate::CodeTable;

/// What answers are built with: the package's `Arrangement` and `Meld` types, the two
/// `MeldKind`s, its cache of melds handed out and how many it holds at most.
pub(crate) struct Builder {
    object_new: Py<PyAny>,
    tuple_new: Py<PyAny>,
    discard_value_type: Py<PyType>,
    arrangement_type: Py<PyType>,
    meld_type: Py<PyType>,
    book: Py<PyAny>,
    run: Py<PyAny>,
    melds: Py<PyDict>,
    most_melds: usize,
}

impl Builder {
    /// The builder of the package's `kit` (`fivecrowns.solver._compiled._Kit`).
    pub(crate) fn of(kit: &Bound<'_, PyAny>) -> PyResult<Builder> {
        let py = kit.py();
        let object = py.get_type::<pyo3::types::PyAny>();
        Ok(Builder {
            object_new: object.getattr(intern!(py, "__new__"))?.unbind(),
            tuple_new: py
                .get_type::<PyTuple>()
                .getattr(intern!(py, "__new__"))?
                .unbind(),
            discard_value_type: kit.getattr(intern!(py, "discard_value_type"))?.extract()?,
            arrangement_type: kit.getattr(intern!(py, "arrangement_type"))?.extract()?,
            meld_type: kit.getattr(intern!(py, "meld_type"))?.extract()?,
            book: kit.getattr(intern!(py, "book"))?.unbind(),
            run: kit.getattr(intern!(py, "run"))?.unbind(),
            melds: kit.getattr(intern!(py, "melds"))?.extract()?,
            most_melds: kit.getattr(intern!(py, "most_melds"))?.extract()?,
        })
    }

    pub(crate) fn clone_ref(&self, py: Python<'_>) -> Builder {
        Builder {
            object_new: self.object_new.clone_ref(py),
            tuple_new: self.tuple_new.clone_ref(py),
            discard_value_type: self.discard_value_type.clone_ref(py),
            arrangement_type: self.arrangement_type.clone_ref(py),
            meld_type: self.meld_type.clone_ref(py),
            book: self.book.clone_ref(py),
            run: self.run.clone_ref(py),
            melds: self.melds.clone_ref(py),
            most_melds: self.most_melds,
        }
    }

    /// A bare instance of `class` with `fields` set (see the module's documentation).
    fn trusted<'py>(
        &self,
        class: &Bound<'py, PyType>,
        fields: &[(&Bound<'py, PyString>, &Bound<'py, PyAny>)],
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = class.py();
        let made = self.object_new.bind(py).call1((class,))?;
        for (name, value) in fields {
            // SAFETY: three valid object pointers, the GIL held; the call takes no reference
            let set = unsafe {
                ffi::PyObject_GenericSetAttr(made.as_ptr(), name.as_ptr(), value.as_ptr())
            };
            if set < 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(made)
    }

    /// `DiscardValue(card, points)` (a named tuple: made as its class's `_make` makes it).
    pub(crate) fn discard_value<'py>(
        &self,
        card: Bound<'py, PyAny>,
        points: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = card.py();
        let fields = PyTuple::new(py, [card, points.into_pyobject(py)?.into_any()])?;
        let class = self.discard_value_type.bind(py);
        self.tuple_new.bind(py).call1((class, fields))
    }

    /// `Arrangement(melds, deadwood, points)`, built trusted.
    pub(crate) fn arrangement_object<'py>(
        &self,
        melds: &Bound<'py, PyTuple>,
        deadwood: &Bound<'py, PyTuple>,
        points: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = melds.py();
        let points = points.into_pyobject(py)?.into_any();
        self.trusted(
            self.arrangement_type.bind(py),
            &[
                (intern!(py, "melds"), melds.as_any()),
                (intern!(py, "deadwood"), deadwood.as_any()),
                (intern!(py, "points"), &points),
            ],
        )
    }

    /// The `Meld` of `kind` holding `cards` (in meld order) standing for `stands`, built
    /// trusted, and kept in the cache under `key` (emptied first when it is full, as
    /// `fivecrowns.solver._arrangement` keeps its melds).
    fn new_meld<'py>(
        &self,
        key: &Bound<'py, PyAny>,
        kind: Kind,
        cards: &Bound<'py, PyTuple>,
        stands: &Bound<'py, PyTuple>,
        wild_rank: u8,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = key.py();
        let kind = match kind {
            Kind::Book => self.book.bind(py),
            Kind::Run => self.run.bind(py),
        };
        let wild = (wild_rank != 0).then_some(wild_rank).into_pyobject(py)?;
        let meld = self.trusted(
            self.meld_type.bind(py),
            &[
                (intern!(py, "kind"), kind),
                (intern!(py, "cards"), cards.as_any()),
                (intern!(py, "stands_for"), stands.as_any()),
                (intern!(py, "wild_rank"), &wild),
            ],
        )?;
        let cache = self.melds.bind(py);
        if cache.len() >= self.most_melds {
            cache.clear();
        }
        cache.set_item(key, &meld)?;
        Ok(meld)
    }

    /// An arrangement as the package's `Arrangement` takes it: its melds, as `Meld` objects
    /// in the order of the cards they stand for, its deadwood as canonical cards, its points.
    /// A meld is taken from the cache by its key ([`meld_key`]), else built.
    pub(crate) fn arrangement<'py>(
        &self,
        py: Python<'py>,
        table: &CodeTable,
        layout: Layout,
        wild_rank: u8,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyTuple>, u64)> {
        let mut melds: Vec<(Vec<u8>, fivecrowns_engine::Meld)> = layout
            .melds
            .into_iter()
            .map(|meld| (stands_for(meld.kind, &meld.codes, wild_rank), meld))
            .collect();
        // (stable, as the package sorts them: melds standing for the same cards keep the
        // search's order)
        melds.sort_by(|a, b| a.0.cmp(&b.0));
        let cache = self.melds.bind(py);
        let mut objects = Vec::with_capacity(melds.len());
        for (stands, meld) in melds {
            let key = meld_key(py, meld.kind, &meld.codes, wild_rank)?;
            let found = match cache.get_item(&key)? {
                Some(found) => found,
                None => {
                    let cards = meld_cards(meld.kind, &meld.codes, &stands, wild_rank);
                    let (cards, stands) = (table.tuple(py, &cards)?, table.tuple(py, &stands)?);
                    self.new_meld(&key, meld.kind, &cards, &stands, wild_rank)?
                }
            };
            objects.push(found);
        }
        let melds = PyTuple::new(py, objects)?;
        let deadwood = table.tuple(py, &layout.deadwood)?;
        Ok((melds, deadwood, layout.points))
    }
}

/// The key of a meld in the package's meld cache (`fivecrowns.solver._MELDS`, whose
/// `_meld_key` computes the same): its sorted codes, each plus one in six bits, then its wild
/// rank in four bits and its kind in one (1: a run), as a Python int: in 128 bits for a
/// meld of at most [`WIDE_MELD`] cards (every meld of a hand a round deals), else built in
/// Python's own ints (a meld of a big hand may hold dozens of cards).
fn meld_key<'py>(
    py: Python<'py>,
    kind: Kind,
    codes: &[u8],
    wild_rank: u8,
) -> PyResult<Bound<'py, PyAny>> {
    let tail = wild_rank << 1 | u8::from(kind == Kind::Run);
    if codes.len() > WIDE_MELD {
        let mut key = 0u8.into_pyobject(py)?.into_any();
        for &c in codes {
            key = key.lshift(6)?.bitor(c + 1)?;
        }
        return key.lshift(5)?.bitor(tail);
    }
    let packed = codes
        .iter()
        .fold(0u128, |key, &c| key << 6 | u128::from(c + 1));
    let key = packed << 5 | u128::from(tail);
    // (most fit in 64 bits, the cheaper conversion)
    Ok(match u64::try_from(key) {
        Ok(small) => small.into_pyobject(py)?.into_any(),
        Err(_) => key.into_pyobject(py)?.into_any(),
    })
}

/// The most cards of a meld whose key ([`meld_key`]) fits in 128 bits: six bits a card and
/// five for the wild rank and the kind.
const WIDE_MELD: usize = 20;

/// The cards of a meld (sorted `codes`) in meld order, given what each position stands for
/// (`stands`, from [`stands_for`]), as `fivecrowns.melds` lays out a meld the solver found: a
/// book's naturals then its wilds; a run's natural of each rank where it has one, else its
/// next wild (wilds in code order).
fn meld_cards(kind: Kind, codes: &[u8], stands: &[u8], wild_rank: u8) -> Vec<u8> {
    let (naturals, wilds): (Vec<u8>, Vec<u8>) =
        codes.iter().partition(|&&c| !is_wild(c, wild_rank));
    match kind {
        Kind::Book => naturals.into_iter().chain(wilds).collect(),
        Kind::Run => {
            let mut spare = wilds.into_iter();
            stands
                .iter()
                .map(|s| {
                    if naturals.contains(s) {
                        *s
                    } else {
                        spare.next().expect("a run's wilds fill its other places")
                    }
                })
                .collect()
        }
    }
}
