//! The states of one rank and their values, deduplicated, and a sweep's working memory.

use std::cell::RefCell;

use super::ranks::Combos;
use super::values::Values;

/// States a layer scans for a key before it indexes them.
pub(super) const SCAN: usize = 4;

/// The states of one rank: open runs (packed per suit) and their values, deduplicated by a
/// scan while there are few, then by an open-addressing index whose slots are stamped with
/// the generation that filled them (so clearing the layer is one increment).
pub(super) struct Layer {
    pub(super) keys: Vec<u64>,
    pub(super) values: Vec<Values>,
    /// Per slot: the generation (high half) and the index of its state (low half).
    pub(super) slots: Vec<u64>,
    pub(super) generation: u32,
}

impl Layer {
    pub(super) fn new() -> Layer {
        Layer {
            keys: Vec::with_capacity(256),
            values: Vec::with_capacity(256),
            slots: vec![0; 256],
            generation: 1,
        }
    }

    pub(super) fn clear(&mut self) {
        self.keys.clear();
        self.values.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(0);
            self.generation = 1;
        }
    }

    /// The layer holding exactly these states (not indexed: only read, or cleared first).
    pub(super) fn load(&mut self, keys: &[u64], values: &[Values]) {
        self.clear();
        self.keys.extend_from_slice(keys);
        self.values.extend_from_slice(values);
    }

    #[inline]
    pub(super) fn slot(key: u64, mask: usize) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & mask
    }

    /// Merge `value` into the state `key`: a scan while the layer is small (most are), then
    /// the index.
    #[inline(always)]
    pub(super) fn insert(&mut self, key: u64, value: Values) {
        if self.keys.len() < SCAN {
            if let Some(i) = self.keys.iter().position(|&k| k == key) {
                self.values[i] = self.values[i].min(value);
                return;
            }
            self.keys.push(key);
            self.values.push(value);
            if self.keys.len() == SCAN {
                self.index();
            }
            return;
        }
        self.insert_indexed(key, value);
    }

    #[inline(never)]
    pub(super) fn insert_indexed(&mut self, key: u64, value: Values) {
        let mask = self.slots.len() - 1;
        let mut at = Self::slot(key, mask);
        loop {
            let slot = self.slots[at];
            if (slot >> 32) as u32 != self.generation {
                if 2 * (self.keys.len() + 1) > self.slots.len() {
                    self.grow();
                    return self.insert_indexed(key, value);
                }
                self.slots[at] = u64::from(self.generation) << 32 | self.keys.len() as u64;
                self.keys.push(key);
                self.values.push(value);
                return;
            }
            let i = slot as u32 as usize;
            if self.keys[i] == key {
                self.values[i] = self.values[i].min(value);
                return;
            }
            at = (at + 1) & mask;
        }
    }

    /// Index the states held so far (their keys are distinct).
    pub(super) fn index(&mut self) {
        let mask = self.slots.len() - 1;
        for (i, &key) in self.keys.iter().enumerate() {
            let mut at = Self::slot(key, mask);
            while (self.slots[at] >> 32) as u32 == self.generation {
                at = (at + 1) & mask;
            }
            self.slots[at] = u64::from(self.generation) << 32 | i as u64;
        }
    }

    /// Twice the slots, every state indexed again.
    #[cold]
    pub(super) fn grow(&mut self) {
        self.slots = vec![0; 2 * self.slots.len()];
        self.generation = 1;
        self.index();
    }
}

/// A sweep's working memory: the states before and after a rank (boxed: each rank swaps
/// them), and scratch for the combinations of four or more suits' steps (state, wilds,
/// naturals left).
pub(super) struct Work {
    pub(super) states: Box<Layer>,
    pub(super) next: Box<Layer>,
    pub(super) combos: Combos,
}

/// `work` on this thread's working memory, reused from call to call (taken out while in
/// use, so a nested call gets its own).
pub(super) fn with_work<T>(work: impl FnOnce(&mut Work) -> T) -> T {
    thread_local! {
        static WORK: RefCell<Option<Box<Work>>> = const { RefCell::new(None) };
    }
    let mut memory = WORK
        .with(|cell| cell.borrow_mut().take())
        .unwrap_or_else(|| {
            Box::new(Work {
                states: Box::new(Layer::new()),
                next: Box::new(Layer::new()),
                combos: Combos::default(),
            })
        });
    let found = work(&mut memory);
    WORK.with(|cell| *cell.borrow_mut() = Some(memory));
    found
}
