//! The rank sweep: the least deadwood of a hand under the default meld rules (any number of
//! wilds per meld, books of any suits, all-wild melds), at most three packs, fast.
//!
//! Under those rules spare wilds are free once any meld holds a natural (a book takes any
//! number of wilds; a long run splits in two that each take one), so the answer is the least
//! *natural* deadwood `D` reachable with at most `W` wilds inside melds (the hand's wilds),
//! unless no meld holds a natural at all; then the wilds meld on their own when there are
//! three or more, or are deadwood ([`least`]).
//!
//! `D` is found by sweeping the ranks from 3 to king. The state is, for each suit, how many
//! runs are still open, each summed up by one of four descriptors:
//! - A: one natural, started at the previous rank; it must continue;
//! - B: two adjacent naturals; it may close by taking one wild as an extension;
//! - C: a span of three or more holding at least two naturals; it may close for free;
//! - G: a run whose last card is a wild filling a gap; it must continue with a natural.
//!
//! At each rank every open run of a suit continues with a natural of that suit and rank,
//! takes a wild for the gap, or closes; new runs start on naturals; the naturals left over
//! at the rank all go to one book (padded to three with wilds) or are all deadwood (a book
//! takes any number of cards, so splitting them gains nothing). The value of a state is a
//! small vector: lane `j` holds the least natural deadwood so far using at most `j` wilds.
//! Using `n` wilds shifts the vector by `n` lanes; two ways to one state merge lane by lane.

use std::sync::OnceLock;

use crate::is_wild;
use crate::rules::MeldRules;

/// Lanes of a value vector: hands with at most `LANES - 1` wilds are swept.
pub const LANES: usize = 16;
/// The least natural deadwood by wilds used (at most the lane's index).
pub type Values = [u16; LANES];
const INF: u16 = u16::MAX;

/// Copies of one natural the sweep takes (three packs).
pub const MAX_COPIES: u8 = 3;
/// Naturals the sweep takes: its states multiply with dense suits, while the search's early
/// stop (once a choice melds every card) makes large hands cheap for it.
pub const MAX_NATURALS: usize = 20;

fn shift(v: &Values, n: usize) -> Values {
    // (one fixed-size copy from a window: no loop, no call)
    let mut window = [INF; 2 * LANES];
    window[LANES..].copy_from_slice(v);
    let mut out = [INF; LANES];
    out.copy_from_slice(&window[LANES - n.min(LANES)..][..LANES]);
    out
}

fn merge(into: &mut Values, v: &Values) {
    for j in 0..LANES {
        into[j] = into[j].min(v[j]);
    }
}

fn plus(v: &Values, points: u16) -> Values {
    let mut out = *v;
    for x in &mut out {
        *x = x.saturating_add(points);
    }
    out
}

/// One suit's open runs: counts of A, B, C and G runs, packed in ten bits (2, 2, 3, 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Open {
    a: u8,
    b: u8,
    c: u8,
    g: u8,
}

const SUIT_BITS: u32 = 10;
const SUIT_MASK: u64 = (1 << SUIT_BITS) - 1;

impl Open {
    fn pack(self) -> Option<u64> {
        (self.a <= 3 && self.b <= 3 && self.c <= 7 && self.g <= 7).then(|| {
            u64::from(self.a)
                | u64::from(self.b) << 2
                | u64::from(self.c) << 4
                | u64::from(self.g) << 7
        })
    }

    fn unpack(bits: u64) -> Open {
        Open {
            a: (bits & 3) as u8,
            b: (bits >> 2 & 3) as u8,
            c: (bits >> 4 & 7) as u8,
            g: (bits >> 7 & 7) as u8,
        }
    }
}

/// One way a suit's runs go through a rank: its runs after it (packed), the wilds used and
/// the naturals left for the rank's book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    open: u64,
    wilds: u8,
    left: u8,
}

/// Every way (the fewest wilds for each outcome) for the runs `open` of one suit through a
/// rank holding `n` naturals of the suit; gaps only when `gap` (a natural of the suit lies
/// close enough above to end them), new runs only when `start`. None when some outcome
/// holds more runs than a state packs (the caller then uses the search).
fn steps(open: Open, n: u8, gap: bool, start: bool) -> Option<Vec<Step>> {
    let mut found: Vec<Step> = Vec::new();
    let mut overflow = false;
    let gaps = |count: u8| if gap { 0..=count } else { 0..=0 };
    // xa: A runs that take a natural (the others take a wild); likewise xg for G
    for xa in 0..=open.a {
        if !gap && xa < open.a {
            continue;
        }
        for xg in 0..=open.g {
            if !gap && xg < open.g {
                continue;
            }
            // B runs: bn take a natural, bg a wild, the rest close with one wild
            for bn in 0..=open.b {
                for bg in 0..=open.b - bn {
                    let bc = open.b - bn - bg;
                    // C runs: cn take a natural, cg a wild (then must go on), the rest close
                    for cn in 0..=open.c {
                        for cg in gaps(open.c - cn) {
                            let used = xa + xg + bn + cn;
                            if used > n {
                                continue;
                            }
                            // no run starts where another of the suit closes (they would be
                            // one run), and no natural of the suit is left for the book while
                            // a run takes a wild here (the two would swap)
                            let closes = bc + (open.c - cn - cg) > 0;
                            let gaps = (open.a - xa) + (open.g - xg) + bg + cg > 0;
                            let starts = if start && !closes { n - used } else { 0 };
                            for st in 0..=starts {
                                if gaps && n - used - st > 0 {
                                    continue;
                                }
                                let next = Open {
                                    a: st,
                                    b: xa,
                                    c: xg + bn + bg + cn,
                                    g: (open.a - xa) + (open.g - xg) + cg,
                                };
                                let Some(packed) = next.pack() else {
                                    overflow = true;
                                    continue;
                                };
                                let step = Step {
                                    open: packed,
                                    wilds: (open.a - xa) + (open.g - xg) + bg + bc + cg,
                                    left: n - used - st,
                                };
                                match found
                                    .iter_mut()
                                    .find(|s| s.open == step.open && s.left == step.left)
                                {
                                    Some(s) => s.wilds = s.wilds.min(step.wilds),
                                    None => found.push(step),
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    (!overflow).then_some(found)
}

/// The steps of every (open runs, naturals, gap, start), built once on first use.
fn table(open: u64, n: u8, gap: bool, start: bool) -> Option<&'static [Step]> {
    const KEYS: usize = 1 << (SUIT_BITS + 4);
    static TABLE: [OnceLock<Option<Box<[Step]>>>; KEYS] = [const { OnceLock::new() }; KEYS];
    let key =
        (open as usize) << 4 | usize::from(n) << 2 | usize::from(gap) << 1 | usize::from(start);
    TABLE[key]
        .get_or_init(|| steps(Open::unpack(open), n, gap, start).map(Vec::into_boxed_slice))
        .as_deref()
}

/// The states of one rank: open runs (packed per suit) and their values, deduplicated by an
/// open-addressing index (a layer holds tens of states; a hash map costs more than the work).
struct Layer {
    keys: Vec<u64>,
    values: Vec<Values>,
    slots: Vec<u32>,
    /// The slots in use (cleared one by one).
    used: Vec<u32>,
}

const EMPTY: u32 = u32::MAX;

impl Layer {
    fn new() -> Layer {
        Layer {
            keys: Vec::with_capacity(256),
            values: Vec::with_capacity(256),
            slots: vec![EMPTY; 512],
            used: Vec::with_capacity(256),
        }
    }

    fn clear(&mut self) {
        self.keys.clear();
        self.values.clear();
        for &at in &self.used {
            self.slots[at as usize] = EMPTY;
        }
        self.used.clear();
    }

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & (self.slots.len() - 1)
    }

    /// Merge `value` into the state `key`.
    fn insert(&mut self, key: u64, value: &Values) {
        if 2 * (self.keys.len() + 1) > self.slots.len() {
            self.slots = vec![EMPTY; 2 * self.slots.len()];
            self.used.clear();
            for (i, &k) in self.keys.iter().enumerate() {
                let mut at = self.slot(k);
                while self.slots[at] != EMPTY {
                    at = (at + 1) & (self.slots.len() - 1);
                }
                self.slots[at] = i as u32;
                self.used.push(at as u32);
            }
        }
        let mut at = self.slot(key);
        loop {
            let i = self.slots[at];
            if i == EMPTY {
                self.slots[at] = self.keys.len() as u32;
                self.used.push(at as u32);
                self.keys.push(key);
                self.values.push(*value);
                return;
            }
            if self.keys[i as usize] == key {
                merge(&mut self.values[i as usize], value);
                return;
            }
            at = (at + 1) & (self.slots.len() - 1);
        }
    }
}

/// One rank of the sweep for one state: every combination of its active suits' steps, then
/// the rank's book, into `out`.
struct Rank<'a> {
    /// (bit offset of the suit in a key, its steps) for each active suit.
    suits: &'a [(u32, &'static [Step])],
    points: u16,
    wilds: usize,
}

impl Rank<'_> {
    fn combine(&self, i: usize, key: u64, used: usize, left: u16, v: &Values, out: &mut Layer) {
        let Some(&(offset, steps)) = self.suits.get(i) else {
            // the naturals left at this rank: one book (padded to three), or all deadwood
            let value = shift(v, used);
            let mut best = plus(&value, left * self.points);
            if left > 0 {
                merge(
                    &mut best,
                    &shift(&value, 3usize.saturating_sub(usize::from(left))),
                );
            }
            out.insert(key, &best);
            return;
        };
        for step in steps {
            let used = used + usize::from(step.wilds);
            if used <= self.wilds {
                let key = key & !(SUIT_MASK << offset) | step.open << offset;
                self.combine(i + 1, key, used, left + u16::from(step.left), v, out);
            }
        }
    }
}

/// The least natural deadwood of naturals `counts` (copies by suit and rank, at most three)
/// by wilds used, for `wilds` wilds (less than [`LANES`]), or None when a state would hold
/// more open runs than it packs.
pub fn natural_deadwood(counts: &[[u8; 11]; 5], wilds: usize) -> Option<Values> {
    // two layers per thread, reused from call to call (taken out while in use)
    thread_local! {
        static LAYERS: std::cell::RefCell<Option<(Layer, Layer)>> = const { std::cell::RefCell::new(None) };
    }
    let (mut states, mut next) = LAYERS
        .with(|cell| cell.borrow_mut().take())
        .unwrap_or_else(|| (Layer::new(), Layer::new()));
    states.clear();
    let found = sweep(counts, wilds, &mut states, &mut next);
    LAYERS.with(|cell| *cell.borrow_mut() = Some((states, next)));
    found
}

fn sweep(
    counts: &[[u8; 11]; 5],
    wilds: usize,
    states: &mut Layer,
    next: &mut Layer,
) -> Option<Values> {
    states.insert(0, &[0; LANES]);
    let mut suits: Vec<(u32, &'static [Step])> = Vec::with_capacity(5);
    for r in 0..11 {
        let open_suits = states.keys.iter().fold(0, |acc, k| acc | k);
        let mut active = [0usize; 5];
        let mut n_active = 0;
        for (s, suit) in counts.iter().enumerate() {
            if suit[r] > 0 || open_suits >> (SUIT_BITS * s as u32) & SUIT_MASK != 0 {
                active[n_active] = s;
                n_active += 1;
            }
        }
        if n_active == 0 {
            continue;
        }
        // per active suit: its naturals here, whether a gap may open, whether a run may start
        let mut here = [(0u8, false, false); 5];
        for &s in &active[..n_active] {
            let suit = &counts[s];
            let above = |reach: usize| suit[r + 1..(r + 1 + reach).min(11)].iter().any(|&x| x > 0);
            here[s] = (suit[r], above(wilds), above(wilds + 1));
        }
        let active = &active[..n_active];
        next.clear();
        for (&key, v) in states.keys.iter().zip(states.values.iter()) {
            suits.clear();
            for &s in active {
                let suit = &counts[s];
                let above =
                    |reach: usize| suit[r + 1..(r + 1 + reach).min(11)].iter().any(|&x| x > 0);
                let offset = SUIT_BITS * s as u32;
                let open = key >> offset & SUIT_MASK;
                suits.push((
                    offset,
                    table(open, suit[r], above(wilds), above(wilds + 1))?,
                ));
            }
            let rank = Rank {
                suits: &suits,
                points: r as u16 + 3,
                wilds,
            };
            rank.combine(0, key, 0, 0, v, next);
        }
        std::mem::swap(states, next);
    }
    // past the king: A and G runs never closed; each B closes with one wild
    let mut best = [INF; LANES];
    for (&key, v) in states.keys.iter().zip(states.values.iter()) {
        let mut closing = 0;
        let mut open_end = false;
        for s in 0..5 {
            let open = Open::unpack(key >> (SUIT_BITS * s) & SUIT_MASK);
            open_end |= open.a > 0 || open.g > 0;
            closing += usize::from(open.b);
        }
        if !open_end {
            merge(&mut best, &shift(v, closing));
        }
    }
    Some(best)
}

/// The least deadwood of a hand under the default meld rules: naturals `counts` (by suit and
/// rank; none of the wild rank) and the points of its wilds. None when the sweep does not
/// take the hand (more than three copies of a natural, too many wilds, too many open runs).
pub fn least(counts: &[[u8; 11]; 5], wild_points: &[u64]) -> Option<u64> {
    let wilds = wild_points.len();
    let mut naturals = 0usize;
    let mut points = 0u64;
    for suit in counts {
        for (r, &n) in suit.iter().enumerate() {
            if n > MAX_COPIES {
                return None;
            }
            naturals += usize::from(n);
            points += u64::from(n) * (r as u64 + 3);
        }
    }
    let alone = if wilds >= 3 {
        0
    } else {
        wild_points.iter().sum()
    };
    if naturals == 0 {
        return Some(alone);
    }
    if wilds >= 2 * naturals {
        return Some(0); // each natural in a book with two wilds
    }
    if wilds >= LANES || naturals > MAX_NATURALS {
        return None;
    }
    let d = u64::from(natural_deadwood(counts, wilds)?[wilds]);
    // some meld holds a natural: every spare wild joins a meld
    Some(if d < points { d } else { points + alone })
}

/// The naturals of a hand (codes) by suit and rank, and the points of its wilds.
pub fn split(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> ([[u8; 11]; 5], Vec<u64>) {
    let mut counts = [[0u8; 11]; 5];
    let mut wilds = Vec::new();
    for &c in codes {
        if is_wild(c, wild_rank) {
            wilds.push(u64::from(rules.points(c, wild_rank)));
        } else {
            let n = &mut counts[usize::from(c / 11)][usize::from(c % 11)];
            *n = n.saturating_add(1);
        }
    }
    (counts, wilds)
}

/// [`least`] of a hand given as codes, when the rules are the default meld rules.
pub fn least_of(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Option<u64> {
    if !rules.default_melds() {
        return None;
    }
    let (counts, wilds) = split(codes, wild_rank, rules);
    least(&counts, &wilds)
}
