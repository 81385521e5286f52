//! One suit's open runs through one rank: the descriptors of its runs packed in a key, and
//! the table of every way on (the fewest wilds for each outcome), built once.

use std::sync::OnceLock;

/// One suit's open runs: counts of A, B, C and G runs, packed in ten bits (2, 2, 3, 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Open {
    pub(super) a: u8,
    pub(super) b: u8,
    pub(super) c: u8,
    pub(super) g: u8,
}

pub(super) const SUIT_BITS: u32 = 10;

pub(super) const SUIT_MASK: u64 = (1 << SUIT_BITS) - 1;

/// The A and G fields of every suit: a state holding any cannot end.
pub(super) const MUST_GO_ON: u64 = {
    let mut mask = 0;
    let mut s = 0;
    while s < 5 {
        mask |= (0b11 | 0b111 << 7) << (SUIT_BITS * s);
        s += 1;
    }
    mask
};

/// The low bit of every suit's B field.
pub(super) const B_LOW: u64 = {
    let mut mask = 0;
    let mut s = 0;
    while s < 5 {
        mask |= 0b100 << (SUIT_BITS * s);
        s += 1;
    }
    mask
};

impl Open {
    pub(super) fn pack(self) -> Option<u16> {
        (self.a <= 3 && self.b <= 3 && self.c <= 7 && self.g <= 7).then(|| {
            u16::from(self.a)
                | u16::from(self.b) << 2
                | u16::from(self.c) << 4
                | u16::from(self.g) << 7
        })
    }

    pub(super) fn unpack(bits: u64) -> Open {
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
pub(super) struct Step {
    pub(super) open: u16,
    pub(super) wilds: u8,
    pub(super) left: u8,
}

/// Every way (the fewest wilds for each outcome) for the runs `open` of one suit through a
/// rank holding `n` naturals of the suit; gaps only when `gap` (a natural of the suit lies
/// close enough above to end them), new runs only when `start`. None when some outcome
/// holds more runs than a state packs (the caller then uses the search).
pub(super) fn steps_of(open: Open, n: u8, gap: bool, start: bool) -> Option<Vec<Step>> {
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

/// The number of step-table keys: `open << 4 | n << 2 | gap << 1 | start`.
pub(super) const KEYS: usize = 1 << (SUIT_BITS + 4);

/// Every suit's steps, for each (open runs, naturals, gap, start) reachable from a suit with
/// no open run, built once on first use (a few milliseconds), as one flat index.
pub(super) struct StepTable {
    /// Per key: its steps; None when some outcome holds more runs than a state packs, or
    /// the key is not reachable.
    pub(super) index: Box<[Option<&'static [Step]>; KEYS]>,
}

impl StepTable {
    pub(super) fn build() -> StepTable {
        let mut ranges = vec![None; KEYS];
        let mut steps: Vec<Step> = Vec::new();
        let mut seen = vec![false; 1 << SUIT_BITS];
        let mut queue = vec![0u16];
        seen[0] = true;
        while let Some(open) = queue.pop() {
            for key in 0..16u8 {
                let (n, gap, start) = (key >> 2, key & 2 != 0, key & 1 != 0);
                let Some(found) = steps_of(Open::unpack(u64::from(open)), n, gap, start) else {
                    continue;
                };
                ranges[usize::from(open) << 4 | usize::from(key)] =
                    Some(steps.len()..steps.len() + found.len());
                for step in &found {
                    if !seen[usize::from(step.open)] {
                        seen[usize::from(step.open)] = true;
                        queue.push(step.open);
                    }
                }
                steps.extend(found);
            }
        }
        // built once per process and kept for its life
        let steps: &'static [Step] = Vec::leak(steps);
        let mut index = Box::new([None; KEYS]);
        for (entry, range) in index.iter_mut().zip(ranges) {
            *entry = range.map(|range| &steps[range]);
        }
        StepTable { index }
    }

    pub(super) fn get() -> &'static StepTable {
        static TABLE: OnceLock<StepTable> = OnceLock::new();
        TABLE.get_or_init(StepTable::build)
    }

    /// The steps of the runs `open` of one suit through a rank (see [`steps_of`]); `flags`
    /// is `n << 2 | gap << 1 | start`.
    #[inline]
    pub(super) fn steps(&self, open: u64, flags: usize) -> Option<&'static [Step]> {
        self.index[((open as usize) << 4 | flags) & (KEYS - 1)]
    }
}
