//! The rank sweep: the least deadwood of a hand under the default meld rules (any number of
//! wilds per meld, books of any suits, all-wild melds), fast. It takes hands with at most
//! three copies of a natural, fewer than [`LANES`] wilds and at most [`MAX_NATURALS`]
//! naturals; the search answers the rest.
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
//!
//! Choices that an exchange makes no better are not tried: a gap or a new run only where a
//! natural of the suit lies close enough above to end it; no run starts where another of its
//! suit closes (they would be one run); no natural of a suit goes to the book at a rank where
//! a run of that suit takes a wild (the two would swap).

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

/// The least natural deadwood of naturals `counts` (copies by suit and rank, at most three)
/// by wilds used, for `wilds` wilds (less than [`LANES`]), or None when a state would hold
/// more open runs than it packs.
pub fn natural_deadwood(counts: &[[u8; 11]; 5], wilds: usize) -> Option<Values> {
    with_layers(|states, next| {
        states.insert(0, &[0; LANES]);
        sweep(counts, &held(counts), wilds, 0, states, next, None)
    })
}

/// `work` on two layers of this thread, reused from call to call (taken out while in use).
fn with_layers<T>(work: impl FnOnce(&mut Layer, &mut Layer) -> T) -> T {
    thread_local! {
        static LAYERS: std::cell::RefCell<Option<(Layer, Layer)>> = const { std::cell::RefCell::new(None) };
    }
    let (mut states, mut next) = LAYERS
        .with(|cell| cell.borrow_mut().take())
        .unwrap_or_else(|| (Layer::new(), Layer::new()));
    states.clear();
    let found = work(&mut states, &mut next);
    LAYERS.with(|cell| *cell.borrow_mut() = Some((states, next)));
    found
}

/// The ranks each suit holds, as bits.
fn held(counts: &[[u8; 11]; 5]) -> [u32; 5] {
    let mut held = [0u32; 5];
    for (s, suit) in counts.iter().enumerate() {
        for (r, &n) in suit.iter().enumerate() {
            held[s] |= u32::from(n > 0) << r;
        }
    }
    held
}

/// The states before each rank, from some rank on (the discards re-sweep from them).
type Snapshots = Vec<(Vec<u64>, Vec<Values>)>;

/// Sweep ranks `from..11` from `states` (those before rank `from`); `held` (the ranks each
/// suit holds, as bits; a superset only prunes less) decides where gaps and new runs may be.
/// With `record`, the states before each rank are kept there, by rank.
fn sweep(
    counts: &[[u8; 11]; 5],
    held: &[u32; 5],
    wilds: usize,
    from: usize,
    states: &mut Layer,
    next: &mut Layer,
    mut record: Option<&mut Snapshots>,
) -> Option<Values> {
    // a gap needs a natural of its suit within `wilds` ranks above, a new run one within
    // `wilds + 1`
    let gap_reach = (1u32 << wilds.min(11)) - 1;
    let start_reach = (1u32 << (wilds + 1).min(11)) - 1;
    let mut open_bits = states.keys.iter().fold(0u64, |acc, k| acc | k);
    for r in from..11 {
        if let Some(record) = record.as_deref_mut() {
            record.push((states.keys.clone(), states.values.clone()));
        }
        // the suits that take part in this rank: (key offset, naturals, gap, start)
        let mut active = [(0u32, 0u8, false, false); 5];
        let mut n_active = 0;
        for (s, suit) in counts.iter().enumerate() {
            let offset = SUIT_BITS * s as u32;
            if suit[r] > 0 || open_bits >> offset & SUIT_MASK != 0 {
                let above = held[s] >> (r + 1);
                let here = (
                    offset,
                    suit[r],
                    above & gap_reach != 0,
                    above & start_reach != 0,
                );
                active[n_active] = here;
                n_active += 1;
            }
        }
        if n_active == 0 {
            continue;
        }
        let active = &active[..n_active];
        let points = r as u16 + 3;
        next.clear();
        open_bits = 0;
        for i in 0..states.keys.len() {
            let (key, v) = (states.keys[i], states.values[i]);
            let mut steps: [&[Step]; 5] = [&[]; 5];
            for (slot, &(offset, n, gap, start)) in steps.iter_mut().zip(active) {
                *slot = table(key >> offset & SUIT_MASK, n, gap, start)?;
            }
            if steps[..n_active].iter().any(|s| s.is_empty()) {
                continue; // a run that can neither go on nor close: no way on
            }
            // every combination of the suits' steps (an odometer over their choices)
            let mut choice = [0usize; 5];
            'combinations: loop {
                let (mut to, mut used, mut left) = (key, 0usize, 0u16);
                for (j, &(offset, ..)) in active.iter().enumerate() {
                    let step = steps[j][choice[j]];
                    to = to & !(SUIT_MASK << offset) | step.open << offset;
                    used += usize::from(step.wilds);
                    left += u16::from(step.left);
                }
                if used <= wilds {
                    // the naturals left here: one book (padded to three), or all deadwood
                    let value = shift(&v, used);
                    let mut best = plus(&value, left * points);
                    if left > 0 {
                        merge(
                            &mut best,
                            &shift(&value, 3usize.saturating_sub(usize::from(left))),
                        );
                    }
                    next.insert(to, &best);
                    open_bits |= to;
                }
                let mut j = 0;
                loop {
                    if j == n_active {
                        break 'combinations;
                    }
                    choice[j] += 1;
                    if choice[j] < steps[j].len() {
                        break;
                    }
                    choice[j] = 0;
                    j += 1;
                }
            }
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

/// What the sweep needs to know of a hand besides its naturals by suit and rank.
struct Totals {
    naturals: usize,
    points: u64,
}

/// The naturals and their points, or None when a natural is held more than three times.
fn totals(counts: &[[u8; 11]; 5]) -> Option<Totals> {
    let mut totals = Totals {
        naturals: 0,
        points: 0,
    };
    for suit in counts {
        for (r, &n) in suit.iter().enumerate() {
            if n > MAX_COPIES {
                return None;
            }
            totals.naturals += usize::from(n);
            totals.points += u64::from(n) * (r as u64 + 3);
        }
    }
    Some(totals)
}

/// The hand's least deadwood from its least natural deadwood `d` (None: not needed, some
/// meld is sure to hold every natural), its natural points and its wilds' points. Some meld
/// holds a natural unless `d` is all the naturals: then every spare wild joins a meld.
fn finish(d: Option<u64>, points: u64, wild_points: &[u64]) -> u64 {
    match d {
        None => 0,
        Some(d) if d < points => d,
        // no meld holds a natural: the wilds meld on their own, three or more, or are deadwood
        Some(_) => {
            points
                + if wild_points.len() >= 3 {
                    0
                } else {
                    wild_points.iter().sum()
                }
        }
    }
}

/// The least deadwood of a hand under the default meld rules: naturals `counts` (by suit and
/// rank; none of the wild rank) and the points of its wilds. None when the sweep does not
/// take the hand (more than three copies of a natural, too many wilds, too many naturals, too
/// many open runs).
pub fn least(counts: &[[u8; 11]; 5], wild_points: &[u64]) -> Option<u64> {
    let totals = totals(counts)?;
    let wilds = wild_points.len();
    if totals.naturals == 0 || wilds >= 2 * totals.naturals {
        // no natural, or each natural in a book with two wilds
        let d = (totals.naturals == 0).then_some(0);
        return Some(finish(d, totals.points, wild_points));
    }
    if wilds >= LANES || totals.naturals > MAX_NATURALS {
        return None;
    }
    let d = u64::from(natural_deadwood(counts, wilds)?[wilds]);
    Some(finish(Some(d), totals.points, wild_points))
}

/// The least deadwood left by each discard: of each natural held (by code), and of a wild
/// worth each point value held (by points).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discards {
    pub naturals: Vec<(u8, u64)>,
    pub wilds: Vec<(u64, u64)>,
}

/// The least deadwood left by each discard of a hand the sweep takes (see [`least`]): for each
/// natural held, by code, and for a wild worth each point value held, by points. One sweep of
/// the hand keeps its states before every rank; a natural's discard re-sweeps only from its
/// rank on (the states below it are the same, pruned a little less: still exact).
pub fn discards(counts: &[[u8; 11]; 5], wild_points: &[u64]) -> Option<Discards> {
    let totals = totals(counts)?;
    let wilds = wild_points.len();
    if totals.naturals == 0 || wilds >= 2 * (totals.naturals - 1) || wilds >= LANES {
        return None; // (trivial or refused: one `least` per discard costs nothing more)
    }
    if totals.naturals > MAX_NATURALS {
        return None;
    }
    let held = held(counts);
    with_layers(|states, next| {
        let mut record = Snapshots::new();
        states.insert(0, &[0; LANES]);
        let whole = sweep(counts, &held, wilds, 0, states, next, Some(&mut record))?;
        let mut by_wild: Vec<(u64, u64)> = Vec::new();
        for (i, &p) in wild_points.iter().enumerate() {
            if by_wild.iter().all(|&(q, _)| q != p) {
                let mut rest = wild_points.to_vec();
                rest.remove(i);
                // fewer wilds: the whole hand's vector one lane down
                let d = u64::from(whole[wilds - 1]);
                by_wild.push((p, finish(Some(d), totals.points, &rest)));
            }
        }
        let mut by_natural = Vec::new();
        let mut less = *counts;
        for (s, suit) in counts.iter().enumerate() {
            for (r, &n) in suit.iter().enumerate() {
                if n == 0 {
                    continue;
                }
                less[s][r] -= 1;
                let points = totals.points - (r as u64 + 3);
                states.clear();
                for (key, value) in record[r].0.iter().zip(record[r].1.iter()) {
                    states.insert(*key, value);
                }
                let d = u64::from(sweep(&less, &held, wilds, r, states, next, None)?[wilds]);
                by_natural.push(((s * 11 + r) as u8, finish(Some(d), points, wild_points)));
                less[s][r] += 1;
            }
        }
        Some(Discards {
            naturals: by_natural,
            wilds: by_wild,
        })
    })
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
