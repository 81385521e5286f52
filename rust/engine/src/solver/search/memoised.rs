//! The memoised search itself: the value of the naturals left, the wilds left and the spare
//! room so far, over every choice for the lowest natural; and a hand's naturals and wilds.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::is_wild;
use crate::melds::Kind;
use crate::naturals::Naturals;
use crate::rules::{MeldRules, WildLimit, MANY};

/// A hand's value: deadwood points, then unmelded cards (compared in that order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub struct Score {
    pub points: u64,
    pub unmelded: u64,
}

impl Score {
    /// The score of a hand whose every card melds.
    pub const NOTHING: Score = Score {
        points: 0,
        unmelded: 0,
    };

    pub(super) fn plus(self, other: Score) -> Score {
        Score {
            points: self.points + other.points,
            unmelded: self.unmelded + other.unmelded,
        }
    }
}

/// An optimal arrangement: its score, its melds (kind, sorted codes, wilds included) and its
/// sorted deadwood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    pub score: Score,
    pub melds: Vec<(Kind, Vec<u8>)>,
    pub deadwood: Vec<u8>,
}

/// One choice for the lowest natural: the deadwood it adds, the other naturals it takes (as
/// a multiset), the wilds it takes, the spare room it adds, and its meld's kind (None:
/// deadwood). The meld's naturals are the lowest natural and `delta`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Move {
    pub(super) points: u64,
    pub(super) unmelded: u64,
    pub(super) delta: Naturals,
    pub(super) wilds: u64,
    pub(super) room: i64,
    pub(super) kind: Option<Kind>,
}

/// A marker for "a wild goes here" in a meld being built.
pub(super) const PLACEHOLDER: u8 = u8::MAX;

/// One hand's search: the rules, the wild points, the memo.
pub struct Search {
    pub(super) rules: MeldRules,
    /// Points of the cheapest 0, 1, 2, ... wilds.
    pub(super) prefix: Vec<u64>,
    /// The value of each (naturals, wilds left << 32 | spare room) reached.
    pub(super) memo: Memo,
    /// The most cards of an all-wild meld (0: none).
    pub(super) all_wild_cap: i64,
    /// The moves of each (natural, its rank's naturals, its suit's above it within a run's
    /// reach, wilds left), as a range of `moves`: they depend on nothing else (the meld
    /// rules aside), so this thread's searches under one rule set share them
    /// ([`Templates`]).
    pub(super) templates: Templates,
    /// The fields of each component of the hand, in order (empty: one component).
    pub(super) parts: Rc<[Naturals]>,
    /// The ranks (bit `r` for rank `r + 3`) whose naturals cost nothing left unmelded: cards
    /// a final hand can lay off onto the table's books whatever else it does
    /// ([`score_free`]).
    pub(super) free_ranks: u16,
    /// May no meld hold a wild (`max_wilds_per_meld=0`)? Then every wild left is deadwood.
    pub(super) wilds_unmelded: bool,
    /// How many more states the search may value before it gives up ([`Search::gave_up`]:
    /// its values are then no answer; no limit unless [`super::score_within`] sets one).
    pub(super) budget: u64,
}

/// The moves of a rule set by template (see [`Search::moves`]), kept by this thread from one
/// search to the next while the rule set stays the same (a search takes them, and gives
/// them back when it ends; a search made while another holds them starts its own).
pub(super) struct Templates {
    pub(super) rules: MeldRules,
    pub(super) ranges: FxHashMap<(u64, Naturals), (u32, u32)>,
    pub(super) moves: Vec<Move>,
    /// The work lists of [`Search::books`] and [`Search::runs`], kept for their allocations.
    pub(super) scratch: Scratch,
}

/// The work lists of [`Search::books`] (naturals left, naturals in the book) and
/// [`Search::runs`] (naturals left, naturals in the run, gaps, top position).
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) books: Vec<(Naturals, usize)>,
    pub(super) runs: Vec<(Naturals, usize, i64, i64)>,
}

/// A search's memo: the value of (naturals, wilds left << 32 | spare room).
pub(super) type Memo = FxHashMap<(Naturals, u64), Score>;

/// For each rank (0..11): the fields of its naturals (a natural's moves depend on those of
/// its rank, and on those of its suit above it that a run could reach: see
/// [`Search::moves`]).
pub(super) static RANK_FIELDS: [Naturals; 11] = {
    let mut masks = [Naturals::EMPTY; 11];
    let mut q = 0u8;
    while q < 11 {
        let mut s = 0u8;
        while s < 5 {
            masks[q as usize].set_field(s * 11 + q);
            s += 1;
        }
        q += 1;
    }
    masks
};

/// For each rank (0..11): the codes of that rank, as bits.
pub(super) const RANK_CODES: [u64; 11] = {
    let mut bits = [0u64; 11];
    let mut q = 0;
    while q < 11 {
        bits[q] = 1 | 1 << 11 | 1 << 22 | 1 << 33 | 1 << 44;
        bits[q] <<= q;
        q += 1;
    }
    bits
};

/// The most moves a thread keeps between searches (about 5 MB); more are dropped.
pub(super) const KEPT_MOVES: usize = 1 << 16;
/// The largest memo whose table a thread keeps between searches (about 4 MB; emptying it
/// costs a pass over its control bytes); a larger one is dropped.
pub(super) const KEPT_MEMO: usize = 1 << 16;

thread_local! {
    pub(super) static KEPT: std::cell::RefCell<Option<Templates>> = const { std::cell::RefCell::new(None) };
    /// The table of the last memo, emptied (its allocation is all that is kept).
    pub(super) static KEPT_MEMO_TABLE: std::cell::RefCell<Option<Memo>> =
        const { std::cell::RefCell::new(None) };
}

impl Templates {
    pub(super) fn take(rules: &MeldRules) -> Templates {
        let kept = KEPT.with(|cell| cell.borrow_mut().take());
        match kept {
            Some(t) if t.rules == *rules => t,
            _ => Templates {
                rules: *rules,
                ranges: FxHashMap::default(),
                moves: Vec::new(),
                scratch: Scratch::default(),
            },
        }
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        let mut templates = std::mem::replace(
            &mut self.templates,
            Templates {
                rules: self.rules,
                ranges: FxHashMap::default(),
                moves: Vec::new(),
                scratch: Scratch::default(),
            },
        );
        if templates.moves.len() > KEPT_MOVES {
            templates.ranges.clear();
            templates.moves = Vec::new();
        }
        // (the larger of this search's and those another search gave back: only a cache)
        let _ = KEPT.try_with(|cell| {
            let mut kept = cell.borrow_mut();
            if kept
                .as_ref()
                .is_none_or(|k| k.moves.len() < templates.moves.len())
            {
                *kept = Some(templates);
            }
        });
        let memo = std::mem::take(&mut self.memo);
        if memo.capacity() <= KEPT_MEMO {
            let _ = KEPT_MEMO_TABLE.try_with(|cell| {
                let mut kept = cell.borrow_mut();
                if kept.is_none() {
                    *kept = Some(memo);
                }
            });
        }
    }
}

impl Search {
    /// A search for hands with these wilds (their points, in any order).
    pub fn new(rules: &MeldRules, wild_points: &[u64]) -> Search {
        let mut sorted = wild_points.to_vec();
        sorted.sort_unstable();
        let mut prefix = Vec::with_capacity(sorted.len() + 1);
        prefix.push(0);
        for p in sorted {
            let last = *prefix.last().unwrap_or(&0);
            prefix.push(last + p);
        }
        // an all-wild meld: a book of any size, or with distinct-suit books one of at most 5
        // cards or a run of at most 11; never under "naturals"
        let cap = if rules.distinct_suit_books { 11 } else { MANY };
        let all_wild_cap = if rules.all_wild_melds {
            cap.min(rules.limit(0))
        } else {
            0
        };
        // (the table a finished search left, emptied: its values are not this hand's)
        let mut memo = KEPT_MEMO_TABLE
            .try_with(|cell| cell.borrow_mut().take())
            .ok()
            .flatten()
            .unwrap_or_default();
        memo.clear();
        Search {
            rules: *rules,
            prefix,
            memo,
            all_wild_cap,
            templates: Templates::take(rules),
            parts: Rc::from(Vec::new()),
            free_ranks: 0,
            wilds_unmelded: rules.max_wilds == WildLimit::AtMost(0),
            budget: u64::MAX,
        }
    }

    /// The number of wilds of the hand.
    pub fn wilds(&self) -> u64 {
        (self.prefix.len() - 1) as u64
    }

    /// Wilds a meld of `m` naturals may hold ([`MANY`]: no limit).
    #[inline]
    pub(super) fn limit(&self, m: usize) -> i64 {
        self.rules.limit(m)
    }

    /// Order the search by the components of the naturals of `state`: two naturals can share
    /// a meld only if they have one rank, or one suit and no more missing ranks between them
    /// than a run can fill with the hand's wilds. A smaller hand keeps a valid order.
    pub fn split(&mut self, state: &Naturals) {
        let w = self.wilds() as i64;
        let reach = (w.min(self.limit(55)) + 1) as u32;
        // flood each component from its lowest code, on the codes held as bits
        let mut left = state.held();
        let mut parts: Vec<Naturals> = Vec::with_capacity(8);
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            let mut frontier = part;
            while frontier != 0 {
                let a = frontier.trailing_zeros();
                frontier &= frontier - 1;
                // the same rank, or the same suit at most `reach` ranks away
                let base = a - a % 11;
                let (low, high) = (
                    a.saturating_sub(reach).max(base),
                    (a + reach).min(base + 10),
                );
                let suit = (u64::MAX >> (63 - high)) & !((1u64 << low) - 1);
                let near = (RANK_CODES[(a % 11) as usize] | suit) & left & !part;
                part |= near;
                frontier |= near;
            }
            left &= !part;
            let mut mask = Naturals::EMPTY;
            let mut bits = part;
            while bits != 0 {
                mask.set_field(bits.trailing_zeros() as u8);
                bits &= bits - 1;
            }
            parts.push(mask);
        }
        if parts.len() < 2 {
            parts.clear(); // (one component: the lowest natural of all)
        }
        parts.sort_by_key(Naturals::lowest_slot);
        self.parts = Rc::from(parts);
    }

    /// The lowest natural (lowest rank, then suit) of the first component left.
    pub(super) fn lowest(&self, state: &Naturals) -> u8 {
        for mask in self.parts.iter() {
            if let Some(c) = state.and(mask).lowest() {
                return c;
            }
        }
        state.lowest().expect("a natural is left")
    }

    /// How many of `w` wilds all-wild melds (3 to `all_wild_cap` cards) can hold.
    pub(super) fn all_wild(&self, w: u64) -> u64 {
        let cap = self.all_wild_cap;
        if cap < 3 || w < 3 {
            0
        } else {
            w.min(cap as u64 * (w / 3))
        }
    }

    /// The score of `w` wilds left when no natural is, with room for `spare` in melds, and
    /// how many of them go to that room.
    pub(super) fn leftover(&self, w: u64, spare: i64) -> (Score, u64) {
        let (mut best_melded, mut best_spares) = (None, 0);
        for s in 0..=w.min(spare.max(0) as u64) {
            let melded = s + self.all_wild(w - s);
            if best_melded.is_none_or(|b| melded > b) {
                best_melded = Some(melded);
                best_spares = s;
            }
        }
        let left = w - best_melded.unwrap_or(0);
        (
            Score {
                points: self.prefix[left as usize],
                unmelded: left,
            },
            best_spares,
        )
    }

    /// The naturals of `state` in no meld at all with `w` wilds: deadwood in every
    /// arrangement, of this hand and of any hand with fewer cards.
    pub fn hopeless(&self, state: &Naturals, w: u64) -> Naturals {
        let limit = |m: usize| (w as i64).min(self.limit(m));
        let distinct = self.rules.distinct_suit_books;
        let mut dead = Naturals::EMPTY;
        if (1..=3).all(|m| 3 - m as i64 <= limit(m)) {
            return dead; // every natural can fill a book with wilds
        }
        // A run holding c fits some window of ranks around it with its naturals and wilds
        // for the rest. When the wilds a meld may hold do not depend on its naturals, a
        // window of three will do if any does: dropping an end other than c keeps the
        // naturals at one or more and the wilds no more.
        let longest = if matches!(self.rules.max_wilds, WildLimit::Naturals) {
            11
        } else {
            3
        };
        let codes = state.held();
        for c in state.codes() {
            let (q, base) = (c % 11, c - c % 11);
            let m = if distinct {
                (codes & RANK_CODES[usize::from(q)]).count_ones() as usize
            } else {
                (0..5).map(|s| state.count(s * 11 + q)).sum::<u32>() as usize
            }
            .min(3);
            if 3 - m as i64 <= limit(m) {
                continue;
            }
            // the ranks of c's suit held, as bits
            let held = (codes >> base & 0x7ff) as u32;
            let q = usize::from(q);
            let live = (3..=longest).any(|length| {
                let lows = q.saturating_sub(length - 1)..=q.min(11 - length);
                lows.into_iter().any(|low| {
                    let n = (held >> low & ((1 << length) - 1)).count_ones() as usize;
                    n > 0 && (length - n) as i64 <= limit(n)
                })
            });
            if !live {
                for _ in 0..state.count(c) {
                    dead.add(c);
                }
            }
        }
        dead
    }

    /// The least score of naturals `state` with `w` wilds and `spare` room so far.
    pub fn value(&mut self, state: &Naturals, w: u64, spare: i64) -> Score {
        let spare = spare.min(w as i64).max(0) as u64;
        let key = (*state, w << 32 | spare);
        if let Some(&found) = self.memo.get(&key) {
            return found;
        }
        let found = if state.is_empty() {
            self.leftover(w, spare as i64).0
        } else {
            self.best(state, w, spare as i64)
        };
        self.memo.insert(key, found);
        found
    }

    /// The least score any state with `w` wilds left may have: every card melded, or, when
    /// no meld may hold a wild (`max_wilds_per_meld=0`), every wild left over (so the search
    /// stops at a choice that melds every natural then, as it does at one that melds every
    /// card).
    #[inline]
    fn floor(&self, w: u64) -> Score {
        if self.wilds_unmelded {
            self.leftover(w, 0).0
        } else {
            Score::NOTHING
        }
    }

    /// Has the search used up its budget (so that its values are no answer)?
    pub fn gave_up(&self) -> bool {
        self.budget == 0
    }

    pub(super) fn best(&mut self, state: &Naturals, w: u64, spare: i64) -> Score {
        if self.budget == 0 {
            return self.floor(w); // (no answer: unwound at once)
        }
        self.budget -= 1;
        let dead_free =
            self.free_ranks != 0 && self.free_ranks >> (self.lowest(state) % 11) & 1 == 1;
        let (rest, range) = self.moves(state, w);
        let floor = self.floor(w);
        let mut best: Option<Score> = None;
        for at in range {
            let m = self.templates.moves[at];
            let mut found = self.value(&rest.minus(&m.delta), w - m.wilds, spare + m.room);
            if m.points > 0 {
                found = Score {
                    points: found.points + if dead_free { 0 } else { m.points },
                    unmelded: found.unmelded + m.unmelded,
                };
            }
            if best.is_none_or(|b| found < b) {
                best = Some(found);
                if found == floor {
                    break; // (no choice does better)
                }
            }
        }
        best.expect("a natural always has a move")
    }

    /// The state without its lowest natural, and every choice for that natural (a range of
    /// `self.moves`): runs, books, then deadwood, kept per (the natural, the naturals of its
    /// rank, those of its suit above it that a run from it could reach, the wilds left).
    pub(super) fn moves(&mut self, state: &Naturals, w: u64) -> (Naturals, std::ops::Range<usize>) {
        let c = self.lowest(state);
        let q = c % 11;
        let mut rest = *state;
        rest.remove(c);
        // the naturals of c's suit above it that a run from c could reach (past at most the
        // gaps the wilds allow); the moves depend on no other of its suit
        let gaps = (w as i64).min(self.limit(55));
        let (mut fields, mut missing) = (RANK_FIELDS[usize::from(q)], 0);
        for code in c + 1..c - q + 11 {
            if rest.count(code) > 0 {
                fields.set_field(code);
            } else {
                missing += 1;
                if missing > gaps {
                    break;
                }
            }
        }
        let key = (w << 8 | u64::from(c), rest.and(&fields));
        if let Some(&(start, end)) = self.templates.ranges.get(&key) {
            return (rest, start as usize..end as usize);
        }
        let start = self.templates.moves.len();
        let mut moves = std::mem::take(&mut self.templates.moves);
        let mut scratch = std::mem::take(&mut self.templates.scratch);
        self.runs(c, &rest, w, &mut moves, &mut scratch);
        self.books(c, &rest, w, &mut moves, &mut scratch);
        self.templates.scratch = scratch;
        moves.push(Move {
            points: u64::from(q) + 3,
            unmelded: 1,
            delta: Naturals::EMPTY,
            wilds: 0,
            room: 0,
            kind: None,
        });
        self.templates.moves = moves;
        let end = self.templates.moves.len();
        self.templates
            .ranges
            .insert(key, (start as u32, end as u32));
        (rest, start..end)
    }

    pub(super) fn meld_move(
        rest: &Naturals,
        st: &Naturals,
        wilds: u64,
        room: i64,
        kind: Kind,
    ) -> Move {
        Move {
            points: 0,
            unmelded: 0,
            delta: rest.minus(st),
            wilds,
            room,
            kind: Some(kind),
        }
    }

    /// Books of `c` with any sub-multiset of the other naturals of its rank.
    pub(super) fn books(
        &self,
        c: u8,
        rest: &Naturals,
        w: u64,
        out: &mut Vec<Move>,
        scratch: &mut Scratch,
    ) {
        let distinct = self.rules.distinct_suit_books;
        let q = c % 11;
        // (the naturals left, how many the book holds)
        let options = &mut scratch.books;
        options.clear();
        options.push((*rest, 1));
        for code in (q..55).step_by(11) {
            let mut have = rest.count(code);
            if distinct {
                have = if code == c { 0 } else { have.min(1) };
            }
            for i in 0..options.len() {
                let (mut st, mut m) = options[i];
                for _ in 0..have {
                    st.remove(code);
                    m += 1;
                    options.push((st, m));
                }
            }
        }
        for &(st, m) in options.iter() {
            let need = 3i64.saturating_sub(m as i64).max(0);
            let mut room = self.limit(m) - need;
            if distinct {
                room = room.min(5 - m as i64 - need);
            }
            if need <= w as i64 && room >= 0 {
                out.push(Self::meld_move(rest, &st, need as u64, room, Kind::Book));
            }
        }
    }

    /// Runs of `c`'s suit whose lowest natural is `c`, ending on a natural.
    pub(super) fn runs(
        &self,
        c: u8,
        rest: &Naturals,
        w: u64,
        out: &mut Vec<Move>,
        scratch: &mut Scratch,
    ) {
        let q = i64::from(c % 11);
        let gaps_allowed = (w as i64).min(self.limit(55));
        // partial runs: (state, naturals, gaps, top position), each ending on a natural
        let partial = &mut scratch.runs;
        partial.clear();
        partial.push((*rest, 1, 0, q));
        while let Some((st, m, gaps, top)) = partial.pop() {
            let span = top - q + 1;
            let need = gaps + (3 - span).max(0);
            let room = (11 - span.max(3)).min(self.limit(m) - need);
            // (one natural with two wilds is also a book, with at least a run's room unless
            // books are distinct-suit: at most 5 cards)
            if (m > 1 || self.rules.distinct_suit_books) && need <= w as i64 && room >= 0 {
                out.push(Self::meld_move(rest, &st, need as u64, room, Kind::Run));
            }
            // the next natural of the suit above, past at most gaps_allowed - gaps gaps
            for nxt in top + 1..=10.min(top + 1 + gaps_allowed - gaps) {
                let code = (i64::from(c) - q + nxt) as u8;
                if st.count(code) > 0 {
                    let mut next = st;
                    next.remove(code);
                    partial.push((next, m + 1, gaps + nxt - top - 1, nxt));
                }
            }
        }
    }
}

/// The score of the naturals of `state` as deadwood.
pub fn cost(state: &Naturals) -> Score {
    let mut score = Score::NOTHING;
    for c in state.codes() {
        let n = u64::from(state.count(c));
        score.points += n * u64::from(c % 11 + 3);
        score.unmelded += n;
    }
    score
}

/// The naturals of a hand (sorted codes) and the points of its wilds.
pub fn parse(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> (Naturals, Vec<u64>) {
    let mut state = Naturals::EMPTY;
    let mut wilds = Vec::new();
    for &c in codes {
        if is_wild(c, wild_rank) {
            wilds.push(u64::from(rules.points(c, wild_rank)));
        } else {
            state.add(c);
        }
    }
    (state, wilds)
}

/// A search for one hand, split: the search, the hand's live and hopeless naturals, and its
/// wilds' points.
pub(super) fn prepared(
    codes: &[u8],
    wild_rank: u8,
    rules: &MeldRules,
) -> (Search, Naturals, Naturals, Vec<u64>) {
    let (state, wilds) = parse(codes, wild_rank, rules);
    let mut search = Search::new(rules, &wilds);
    let hopeless = search.hopeless(&state, search.wilds());
    let live = state.minus(&hopeless);
    search.split(&live);
    (search, live, hopeless, wilds)
}
