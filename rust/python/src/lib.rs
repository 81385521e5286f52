//! The thin PyO3 bindings of `fivecrowns-engine`: the extension module `fivecrowns._core`.
//!
//! Everything here converts: Python ints and sequences to card codes, engine answers to
//! tuples, engine refusals to the package's own exceptions. The work is the engine's; the
//! typed API users call is `fivecrowns.solver`, which reaches this module through
//! `fivecrowns._compiled`.

use fivecrowns_engine::codes::Codes;
use fivecrowns_engine::solver::{least_each, least_each_counts, Counts, MAX_THREADS};
use fivecrowns_engine::{Hand, HandError, Layout, MeldRules, WildLimit, MAX_CARDS, NUM_CODES};
use numpy::{PyArray1, PyReadonlyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple, PyType};

mod analysis;
mod batch;
mod fast;
mod game;
mod interner;
mod notation;
mod objects;
mod panics;

/// An engine refusal as the package's own exception (`InvalidRulesError` for a rule set,
/// `InvalidHandError` otherwise), or a plain `ValueError` if the package cannot be imported.
pub(crate) fn refusal(py: Python<'_>, error: &HandError) -> PyErr {
    let name = match error {
        HandError::BadRules(_) => "InvalidRulesError",
        _ => "InvalidHandError",
    };
    library_error(py, name, error.to_string())
}

/// The error class `name` of `fivecrowns.errors` with `message` (a ValueError, which they
/// all are, if the class cannot be found).
pub(crate) fn library_error(py: Python<'_>, name: &str, message: String) -> PyErr {
    let class = py
        .import("fivecrowns.errors")
        .and_then(|module| module.getattr(name))
        .and_then(|class| class.cast_into::<PyType>().map_err(PyErr::from));
    match class {
        Ok(class) => PyErr::from_type(class, message),
        Err(_) => PyValueError::new_err(message),
    }
}

/// The meld and scoring options of a rule set, compiled once; its methods answer questions
/// about hands given as card codes (0..54 naturals, 55 the joker) and a wild rank (3..13, or 0
/// when only jokers are wild).
#[pyclass(frozen, module = "fivecrowns._core")]
pub(crate) struct Solver {
    pub(crate) rules: MeldRules,
}

type PyLayout<'py> = (
    Vec<(&'static str, Bound<'py, PyTuple>)>,
    Bound<'py, PyTuple>,
    u64,
);

fn layout<'py>(py: Python<'py>, layout: Layout) -> PyResult<PyLayout<'py>> {
    let mut melds = Vec::with_capacity(layout.melds.len());
    for meld in layout.melds {
        melds.push((meld.kind.name(), PyTuple::new(py, meld.codes)?));
    }
    Ok((melds, PyTuple::new(py, layout.deadwood)?, layout.points))
}

/// 56 Python objects that stand for the card codes, found by address: the package's
/// canonical `Card` objects ([`CARDS`]: every card the package makes is one of them), or the
/// ints 0 to 55 ([`INTS`]). Reading a code then costs a probe instead of an attribute lookup
/// or an int conversion.
pub(crate) struct CodeTable {
    /// (address, code) by a hash of the address ([`CodeTable::slot`]), the next slots on a
    /// collision; address 0: empty.
    slots: [(usize, u8); CODE_SLOTS],
    /// The hash's multiplier: one that puts every object in a slot of its own (found when
    /// the table is made), so that a lookup is one probe.
    mul: u64,
    /// The objects themselves, by code (kept alive, so no address is reused).
    objects: Vec<Py<PyAny>>,
}

const CODE_SLOTS: usize = 256;

impl CodeTable {
    /// The table of `addresses` (by code), with a multiplier that leaves no collision when
    /// one of the first few thousand tried does (nearly always: about one in 400 does).
    fn of(addresses: &[usize]) -> CodeTable {
        let mut table = CodeTable {
            slots: [(0, 0); CODE_SLOTS],
            mul: 0,
            objects: Vec::new(),
        };
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            // (odd multipliers from a SplitMix64 sequence)
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = (seed ^ seed >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
            table.mul = (z ^ z >> 31) | 1;
            let mut used = [false; CODE_SLOTS];
            if addresses
                .iter()
                .all(|&a| !std::mem::replace(&mut used[table.slot(a)], true))
            {
                break;
            }
        }
        for (code, &address) in addresses.iter().enumerate() {
            let mut at = table.slot(address);
            while table.slots[at].0 != 0 {
                at = (at + 1) % CODE_SLOTS;
            }
            table.slots[at] = (address, code as u8);
        }
        table
    }

    #[inline]
    fn slot(&self, address: usize) -> usize {
        ((address as u64).wrapping_mul(self.mul) >> 56) as usize % CODE_SLOTS
    }

    #[inline]
    fn code(&self, address: usize) -> Option<u8> {
        let mut at = self.slot(address);
        loop {
            match self.slots[at] {
                (0, _) => return None,
                (a, code) if a == address => return Some(code),
                _ => at = (at + 1) % CODE_SLOTS,
            }
        }
    }

    /// The canonical cards of `codes`, as a tuple.
    pub(crate) fn tuple<'py>(
        &self,
        py: Python<'py>,
        codes: &[u8],
    ) -> PyResult<Bound<'py, PyTuple>> {
        if codes.iter().any(|&c| usize::from(c) >= self.objects.len()) {
            return Err(PyValueError::new_err("a card code beyond the deck"));
        }
        PyTuple::new(
            py,
            codes.iter().map(|&c| self.objects[usize::from(c)].bind(py)),
        )
    }

    /// The canonical card of `code`.
    pub(crate) fn card<'py>(&self, py: Python<'py>, code: u8) -> PyResult<Bound<'py, PyAny>> {
        match self.objects.get(usize::from(code)) {
            Some(card) => Ok(card.bind(py).clone()),
            None => Err(PyValueError::new_err("a card code beyond the deck")),
        }
    }
}

/// The canonical cards, registered once by `canonical_cards`.
static CARDS: PyOnceLock<CodeTable> = PyOnceLock::new();

/// The ints 0 to 55 as the interpreter makes them: CPython keeps one object of each small
/// int, so a code in a list of ints is nearly always one of these (an int not found is read
/// by value: the answer never depends on it).
static INTS: PyOnceLock<CodeTable> = PyOnceLock::new();

/// The table of the small ints (see [`INTS`]).
fn int_table(py: Python<'_>) -> &CodeTable {
    INTS.get_or_init(py, || {
        let ints: Vec<Py<PyAny>> = (0..NUM_CODES)
            .map(|code| {
                code.into_pyobject(py)
                    .map_or_else(|e| match e {}, |i| i.into_any().unbind())
            })
            .collect();
        let addresses: Vec<usize> = ints.iter().map(|i| i.as_ptr() as usize).collect();
        CodeTable {
            objects: ints,
            ..CodeTable::of(&addresses)
        }
    })
}

/// The card table (an error before `canonical_cards`).
fn card_table(py: Python<'_>) -> PyResult<&CodeTable> {
    CARDS
        .get(py)
        .ok_or_else(|| PyValueError::new_err("canonical_cards was not called"))
}

/// The canonical cards of `codes`, as a tuple.
pub(crate) fn card_tuple<'py>(py: Python<'py>, codes: &[u8]) -> PyResult<Bound<'py, PyTuple>> {
    card_table(py)?.tuple(py, codes)
}

/// The canonical card of `code`.
pub(crate) fn card_object(py: Python<'_>, code: u8) -> PyResult<Bound<'_, PyAny>> {
    card_table(py)?.card(py, code)
}

/// Register the package's canonical cards: `cards[c]` is the card of code `c` (56 of them,
/// each of type `card_type` with that `code`). Later calls change nothing.
#[pyfunction]
fn canonical_cards(cards: &Bound<'_, PyTuple>, card_type: &Bound<'_, PyType>) -> PyResult<()> {
    let py = cards.py();
    if cards.len() != fivecrowns_engine::NUM_CODES {
        return Err(PyValueError::new_err("canonical_cards needs the 56 cards"));
    }
    let mut addresses = Vec::with_capacity(cards.len());
    for (code, card) in cards.iter().enumerate() {
        let read = card
            .getattr(intern!(py, "code"))
            .and_then(|c| c.extract::<usize>());
        if !card.get_type().is(card_type) || read.ok() != Some(code) {
            return Err(PyValueError::new_err(
                "canonical_cards needs the cards in code order",
            ));
        }
        addresses.push(card.as_ptr() as usize);
    }
    let table = CodeTable {
        objects: cards.iter().map(Bound::unbind).collect(),
        ..CodeTable::of(&addresses)
    };
    let _ = CARDS.set(py, table);
    Ok(())
}

/// The codes of a tuple or list of at most [`MAX_CARDS`] items whose every item is of type
/// `card_type` (a canonical card's by its address, any other's read from its `code`
/// attribute, which must be below 256), read onto the stack, or of a string of at most
/// [`MAX_CARDS`] cards in the notation ([`notation::read_cards`]); None for any other input
/// (the package's parser then reads it or says what is wrong).
pub(crate) fn card_codes(
    cards: &Bound<'_, PyAny>,
    card_type: &Bound<'_, PyType>,
) -> PyResult<Option<Codes>> {
    let py = cards.py();
    if let Ok(text) = cards.cast::<PyString>() {
        // (a string that is not valid UTF-8, a lone surrogate: the package's parser says so)
        let read = text.to_str().ok().and_then(notation::read_cards);
        return Ok(read.map(|(codes, len)| Codes::of(&codes[..len])));
    }
    let table = CARDS.get(py);
    if let (Some(table), Ok(tuple)) = (table, cards.cast::<PyTuple>()) {
        // the hot path: a tuple of canonical cards, each read by its address alone
        if let Some(codes) = canonical_codes(table, tuple)? {
            return Ok(Some(Codes::of(&codes.0[..codes.1])));
        }
    }
    let code = intern!(py, "code");
    let read = |item: &Bound<'_, PyAny>| -> PyResult<Option<u8>> {
        if let Some(c) = table.and_then(|t| t.code(item.as_ptr() as usize)) {
            return Ok(Some(c));
        }
        if !item.get_type().is(card_type) {
            return Ok(None);
        }
        Ok(item.getattr(code)?.extract::<u8>().ok())
    };
    let mut codes = [0u8; MAX_CARDS];
    // (a longer hand than a round's: the checked path reads it)
    let found = read_items(cards, &mut codes, read)?;
    Ok(found.map(|len| Codes::of(&codes[..len])))
}

/// The codes of a tuple of at most [`MAX_CARDS`] canonical cards, and how many; None when
/// it is longer or holds anything else.
#[inline]
fn canonical_codes(
    table: &CodeTable,
    tuple: &Bound<'_, PyTuple>,
) -> PyResult<Option<([u8; MAX_CARDS], usize)>> {
    let mut codes = [0u8; MAX_CARDS];
    let len = tuple.len();
    let Some(slots) = codes.get_mut(..len) else {
        return Ok(None);
    };
    for (i, slot) in slots.iter_mut().enumerate() {
        match table.code(tuple.get_borrowed_item(i)?.as_ptr() as usize) {
            Some(c) => *slot = c,
            None => return Ok(None),
        }
    }
    Ok(Some((codes, len)))
}

/// The items of a tuple or list, each read by `read` into `out` in order, and how many were
/// read; None when `items` is neither, holds more than `out` takes, or `read` declines one.
fn read_items<'py, T>(
    items: &Bound<'py, PyAny>,
    out: &mut [T],
    mut read: impl FnMut(&Bound<'py, PyAny>) -> PyResult<Option<T>>,
) -> PyResult<Option<usize>> {
    if let Ok(tuple) = items.cast::<PyTuple>() {
        // (a tuple's items borrowed: no reference counts change)
        fill_from(tuple.iter_borrowed(), |item| &**item, out, &mut read)
    } else if let Ok(list) = items.cast::<PyList>() {
        fill_from(list.iter(), |item| item, out, &mut read)
    } else {
        Ok(None)
    }
}

/// [`read_items`] of the items `each` yields (each seen as a `Bound` by `bound`).
#[inline(always)]
fn fill_from<'py, T, Item>(
    each: impl ExactSizeIterator<Item = Item>,
    bound: impl Fn(&Item) -> &Bound<'py, PyAny>,
    out: &mut [T],
    read: &mut impl FnMut(&Bound<'py, PyAny>) -> PyResult<Option<T>>,
) -> PyResult<Option<usize>> {
    let Some(slots) = out.get_mut(..each.len()) else {
        return Ok(None);
    };
    let mut len = 0; // (what was read: a list shortened while it is read is shorter)
    for (slot, item) in slots.iter_mut().zip(each) {
        let Some(value) = read(bound(&item))? else {
            return Ok(None);
        };
        *slot = value;
        len += 1;
    }
    Ok(Some(len))
}

impl Solver {
    /// The hand of `cards` (Card objects) if it is one the deck holds, else None.
    pub(crate) fn card_hand(
        &self,
        cards: &Bound<'_, PyAny>,
        wild_rank: u32,
        card_type: &Bound<'_, PyType>,
    ) -> PyResult<Option<Hand>> {
        Ok(card_codes(cards, card_type)?.and_then(|codes| self.hand_of(&codes, wild_rank)))
    }

    /// The hand of `codes`, or None when the deck cannot hold it.
    pub(crate) fn hand_of(&self, codes: &Codes, wild_rank: u32) -> Option<Hand> {
        // (on the stack for a hand of a round, else on the heap)
        let mut stack = [0u32; MAX_CARDS];
        let mut heap = Vec::new();
        let wide = match stack.get_mut(..codes.len()) {
            Some(wide) => wide,
            None => {
                heap.resize(codes.len(), 0);
                &mut heap[..]
            }
        };
        for (slot, &code) in wide.iter_mut().zip(codes.iter()) {
            *slot = u32::from(code);
        }
        Hand::new(wide, wild_rank, &self.rules).ok()
    }

    fn hand(&self, py: Python<'_>, codes: &[u32], wild_rank: u32) -> PyResult<Hand> {
        Hand::new(codes, wild_rank, &self.rules).map_err(|e| refusal(py, &e))
    }

    /// The hand of a sequence of codes (ints), checked: a list or tuple read in place (each
    /// small int by its address, see [`INTS`]), any other sequence as a vector.
    fn code_hand(&self, codes: &Bound<'_, PyAny>, wild_rank: u32) -> PyResult<Hand> {
        let py = codes.py();
        let ints = int_table(py);
        let read = |code: &Bound<'_, PyAny>| match ints.code(code.as_ptr() as usize) {
            Some(c) => Ok(Some(u32::from(c))),
            None => code.extract().map(Some),
        };
        let mut read_in = [0u32; MAX_CARDS];
        match read_items(codes, &mut read_in, read)? {
            Some(len) => self.hand(py, &read_in[..len], wild_rank),
            None => self.hand(py, &codes.extract::<Vec<u32>>()?, wild_rank),
        }
    }
}

#[pymethods]
impl Solver {
    /// `max_wilds` is None (no limit), an int of at least 0, or the string "naturals".
    #[new]
    #[pyo3(signature = (packs, distinct_suit_books, max_wilds, all_wild_melds, wild_points, joker_points))]
    fn new(
        py: Python<'_>,
        packs: u32,
        distinct_suit_books: bool,
        max_wilds: Option<Bound<'_, PyAny>>,
        all_wild_melds: bool,
        wild_points: u32,
        joker_points: u32,
    ) -> PyResult<Solver> {
        let max_wilds = match max_wilds {
            None => WildLimit::Unlimited,
            Some(value) => match value.extract::<u32>() {
                Ok(n) => WildLimit::AtMost(n),
                Err(_) if value.extract::<String>().is_ok_and(|s| s == "naturals") => {
                    WildLimit::Naturals
                }
                Err(_) => {
                    let why = format!(
                        "max_wilds must be None, an int of at least 0 or 'naturals', got {value}"
                    );
                    return Err(refusal(py, &HandError::BadRules(why)));
                }
            },
        };
        let rules = MeldRules {
            packs,
            distinct_suit_books,
            max_wilds,
            all_wild_melds,
            wild_points,
            joker_points,
        };
        rules.validate().map_err(|e| refusal(py, &e))?;
        Ok(Solver { rules })
    }

    /// The least deadwood of a hand.
    fn least(&self, py: Python<'_>, codes: Vec<u32>, wild_rank: u32) -> PyResult<u64> {
        Ok(run(py, &self.hand(py, &codes, wild_rank)?, Hand::least))
    }

    /// The least deadwood of a final hand when the naturals of the ranks of `free_ranks`
    /// (bit `r` for rank `r + 3`) and every wild can be laid off onto the table's books
    /// (they cost nothing left unmelded); only under books of any suits and no limit of
    /// wilds per meld.
    fn least_laying_off(
        &self,
        py: Python<'_>,
        codes: Vec<u32>,
        wild_rank: u32,
        free_ranks: u16,
    ) -> PyResult<u64> {
        if self.rules.distinct_suit_books || self.rules.max_wilds != WildLimit::Unlimited {
            return Err(PyValueError::new_err(
                "least_laying_off takes books of any suits and any number of wilds per meld only",
            ));
        }
        if free_ranks >> 11 != 0 {
            return Err(PyValueError::new_err(
                "free_ranks holds one bit per rank: below 1 << 11",
            ));
        }
        let hand = self.hand(py, &codes, wild_rank)?;
        Ok(run(py, &hand, |hand| hand.least_laying_off(free_ranks)))
    }

    /// An optimal arrangement: (melds as (kind, sorted codes), sorted deadwood, points).
    fn arrange<'py>(
        &self,
        py: Python<'py>,
        codes: Vec<u32>,
        wild_rank: u32,
    ) -> PyResult<PyLayout<'py>> {
        layout(
            py,
            run(py, &self.hand(py, &codes, wild_rank)?, Hand::arrange),
        )
    }

    /// Each distinct code, with the least deadwood of the hand less one copy, sorted.
    fn discard_values(
        &self,
        py: Python<'_>,
        codes: Vec<u32>,
        wild_rank: u32,
    ) -> PyResult<Vec<(u8, u64)>> {
        Ok(run(
            py,
            &self.hand(py, &codes, wild_rank)?,
            Hand::discard_values,
        ))
    }

    /// The best discard and the arrangement of the rest.
    fn best_discard<'py>(
        &self,
        py: Python<'py>,
        codes: Vec<u32>,
        wild_rank: u32,
    ) -> PyResult<(u8, PyLayout<'py>)> {
        let hand = self.hand(py, &codes, wild_rank)?;
        let (card, rest) = run(py, &hand, Hand::best_discard).map_err(|e| refusal(py, &e))?;
        Ok((card, layout(py, rest)?))
    }

    /// The discard `best_discard` chooses and the least deadwood it leaves (no arrangement);
    /// refused for an empty hand.
    fn best_discard_value(
        &self,
        py: Python<'_>,
        codes: Vec<u32>,
        wild_rank: u32,
    ) -> PyResult<(u8, u64)> {
        let hand = self.hand(py, &codes, wild_rank)?;
        run(py, &hand, Hand::best_discard_value)
            .ok_or_else(|| refusal(py, &HandError::Empty("best_discard_value")))
    }

    /// Does some discard leave no deadwood?
    fn can_out(&self, py: Python<'_>, codes: Vec<u32>, wild_rank: u32) -> PyResult<bool> {
        Ok(run(py, &self.hand(py, &codes, wild_rank)?, Hand::can_out))
    }

    /// The sorted codes whose draw lets the hand go out after one discard.
    fn outs<'py>(
        &self,
        py: Python<'py>,
        codes: Vec<u32>,
        wild_rank: u32,
    ) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, run(py, &self.hand(py, &codes, wild_rank)?, Hand::outs))
    }

    /// The least deadwood of many hands (a sequence of code sequences), as an int64 array;
    /// the hands are checked first, then solved without the GIL.
    #[pyo3(signature = (hands, wild_rank, threads=1))]
    fn least_many<'py>(
        &self,
        hands: &Bound<'py, PyAny>,
        wild_rank: u32,
        threads: usize,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        least_of_each(hands, threads, |item| self.code_hand(&item, wild_rank))
    }

    /// The least deadwood of many hands of cards, as an int64 array: as `least_many`, but
    /// each hand a tuple or list of the package's cards (of type `card_type`) the deck holds,
    /// read in place, or anything else, given to `codes_of`, which returns its codes (or
    /// raises the error that says what is wrong with it).
    fn least_cards<'py>(
        &self,
        hands: &Bound<'py, PyAny>,
        wild_rank: u32,
        threads: usize,
        card_type: &Bound<'py, PyType>,
        codes_of: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        least_of_each(hands, threads, |item| {
            match self.card_hand(&item, wild_rank, card_type)? {
                Some(hand) => Ok(hand),
                None => self.code_hand(&codes_of.call1((item,))?, wild_rank),
            }
        })
    }

    /// The least deadwood of many hands given as an N x 56 array of card counts (column c:
    /// copies of code c), as an int64 array.
    #[pyo3(signature = (counts, wild_rank, threads=1))]
    fn least_counts<'py>(
        &self,
        py: Python<'py>,
        counts: PyReadonlyArray2<'py, i64>,
        wild_rank: u32,
        threads: usize,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let threads = checked_threads(py, threads)?;
        let view = counts.as_array();
        if view.ncols() != NUM_CODES {
            let why = format!(
                "card counts need {NUM_CODES} columns (one per code), got {}",
                view.ncols()
            );
            return Err(refusal(py, &HandError::BadHand(why)));
        }
        let mut rows = Vec::with_capacity(view.nrows());
        let mut copied = [0i64; NUM_CODES];
        for row in view.rows() {
            // (a row of a C-ordered array is read in place, any other copied first)
            let row = match row.as_slice() {
                Some(row) => row,
                None => {
                    copied
                        .iter_mut()
                        .zip(row.iter())
                        .for_each(|(to, &n)| *to = n);
                    &copied[..]
                }
            };
            rows.push(counts_of(row).map_err(|e| refusal(py, &e))?);
        }
        let rules = self.rules;
        let values = py
            .detach(move || least_each_counts(&rows, wild_rank, &rules, threads))
            .map_err(|e| refusal(py, &e))?;
        Ok(PyArray1::from_vec(
            py,
            values.into_iter().map(|least| least as i64).collect(),
        ))
    }
}

/// A row of card counts (one per code) read into a hand's counts: refused when a count is
/// negative or above 255 (more copies than any deck holds; the solver then checks them
/// against the packs). (The loop only narrows and accumulates, so the compiler may
/// vectorise it; the reason is found after.)
fn counts_of(row: &[i64]) -> Result<Counts, HandError> {
    let mut counts: Counts = [0; NUM_CODES];
    let mut widest = 0u64;
    for (slot, &copies) in counts.iter_mut().zip(row) {
        *slot = copies as u8;
        widest |= copies as u64; // (a negative count sets the top bit)
    }
    if widest <= u64::from(u8::MAX) {
        return Ok(counts);
    }
    let copies = row
        .iter()
        .copied()
        .find(|&copies| !(0..=i64::from(u8::MAX)).contains(&copies))
        .unwrap_or_default();
    let why = format!("card counts must be from 0 to 255, got {copies}");
    Err(HandError::BadHand(why))
}

/// Hands above this many cards are solved without the GIL (they may take long; for smaller
/// ones releasing it costs more than the solve).
const DETACH_ABOVE: usize = 16;

/// `work` on `hand`, with the GIL released for a large hand.
pub(crate) fn run<T: Send>(py: Python<'_>, hand: &Hand, work: impl FnOnce(&Hand) -> T + Send) -> T {
    if hand.codes().len() > DETACH_ABOVE {
        py.detach(|| work(hand))
    } else {
        work(hand)
    }
}

/// The least deadwood of the hand `read` makes of each item of `hands` (every hand read and
/// checked first), then solved without the GIL on `threads` threads, as an int64 array.
fn least_of_each<'py>(
    hands: &Bound<'py, PyAny>,
    threads: usize,
    mut read: impl FnMut(Bound<'py, PyAny>) -> PyResult<Hand>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let py = hands.py();
    let threads = checked_threads(py, threads)?;
    let mut checked = Vec::new();
    for item in hands.try_iter()? {
        checked.push(read(item?)?);
    }
    let values = py.detach(move || solve_all(&checked, threads));
    Ok(PyArray1::from_vec(py, values))
}

fn solve_all(hands: &[Hand], threads: usize) -> Vec<i64> {
    least_each(hands, threads)
        .into_iter()
        .map(|least| least as i64)
        .collect()
}

/// `threads` when it is 1 to [`MAX_THREADS`], else the library's refusal.
fn checked_threads(py: Python<'_>, threads: usize) -> PyResult<usize> {
    if (1..=MAX_THREADS).contains(&threads) {
        return Ok(threads);
    }
    let why = format!("threads must be from 1 to {MAX_THREADS}, got {threads}");
    Err(library_error(py, "FiveCrownsError", why))
}

/// The compiled core of fivecrowns: the solver and the game on card codes.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // the package's spelling of the crate's version (PEP 440: "0.1.0.dev0" for "0.1.0-dev0")
    m.add("__version__", env!("CARGO_PKG_VERSION").replace('-', "."))?;
    m.add_class::<Solver>()?;
    m.add_class::<fast::Fast>()?;
    m.add_class::<interner::Interner>()?;
    game::register(m)?;
    batch::register(m)?;
    panics::register(m)?;
    analysis::register(m)?;
    m.add_function(wrap_pyfunction!(canonical_cards, m)?)?;
    Ok(())
}
