//! The memoised search: an exact solver for every rule set, the twin of the Python package's
//! `fivecrowns._search`, move for move (the same states, the same order of choices, the same
//! arrangement chosen among the optimal ones).
//!
//! The search takes the lowest remaining natural card (lowest rank, then suit) and tries
//! everything it can be: the lowest natural of a run of its suit (the run takes, rank by rank
//! upwards, a natural of its suit or a wild filling the gap, and ends on a natural), in a book
//! of its rank (with any other naturals of that rank), or deadwood. No natural of a lower rank
//! is left, so no meld holding the card is missed.
//!
//! A meld takes only the wilds it needs (its gaps, and the padding to three cards); the wilds
//! it could take beyond those (its spare room) are added to a running total. Spare wilds never
//! change which melds are possible, so where they go is settled when no natural is left: some
//! fill spare room, the rest form all-wild melds where the rules allow them, and those left
//! over are deadwood (the cheapest). The value of the rest of a hand depends only on the
//! naturals left, the wilds left and the spare room so far (capped at the wilds left), and is
//! memoised on those three. The score is lexicographic: least deadwood points, then fewest
//! unmelded cards.
//!
//! What keeps it fast, each exact under every rule option: naturals in no meld at all are set
//! aside as deadwood first ([`Search::hopeless`]); the hand's components (naturals that could
//! share a meld) are finished one at a time ([`Search::split`]); a natural's choices depend
//! only on the naturals of its rank, those of its suit above it that a run from it could
//! reach and the wilds left, and are kept per those; and a state stops looking once a choice
//! melds every card.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::is_wild;
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

    fn plus(self, other: Score) -> Score {
        Score {
            points: self.points + other.points,
            unmelded: self.unmelded + other.unmelded,
        }
    }
}

/// A book (one rank) or a run (one suit, consecutive ranks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Book,
    Run,
}

impl Kind {
    /// "book" or "run".
    pub fn name(self) -> &'static str {
        match self {
            Kind::Book => "book",
            Kind::Run => "run",
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
struct Move {
    points: u64,
    unmelded: u64,
    delta: Naturals,
    wilds: u64,
    room: i64,
    kind: Option<Kind>,
}

/// A marker for "a wild goes here" in a meld being built.
const PLACEHOLDER: u8 = u8::MAX;

/// One hand's search: the rules, the wild points, the memo.
pub struct Search {
    rules: MeldRules,
    /// Points of the cheapest 0, 1, 2, ... wilds.
    prefix: Vec<u64>,
    /// The value of each (naturals, wilds left << 32 | spare room) reached.
    memo: Memo,
    /// The most cards of an all-wild meld (0: none).
    all_wild_cap: i64,
    /// The moves of each (natural, its rank's naturals, its suit's above it within a run's
    /// reach, wilds left), as a range of `moves`: they depend on nothing else (the meld
    /// rules aside), so this thread's searches under one rule set share them
    /// ([`Templates`]).
    templates: Templates,
    /// The fields of each component of the hand, in order (empty: one component).
    parts: Rc<[Naturals]>,
    /// The ranks (bit `r` for rank `r + 3`) whose naturals cost nothing left unmelded: cards
    /// a final hand can lay off onto the table's books whatever else it does
    /// ([`score_free`]).
    free_ranks: u16,
}

/// The moves of a rule set by template (see [`Search::moves`]), kept by this thread from one
/// search to the next while the rule set stays the same (a search takes them, and gives
/// them back when it ends; a search made while another holds them starts its own).
struct Templates {
    rules: MeldRules,
    ranges: FxHashMap<(u64, Naturals), (u32, u32)>,
    moves: Vec<Move>,
    /// The work lists of [`Search::books`] and [`Search::runs`], kept for their allocations.
    scratch: Scratch,
}

/// The work lists of [`Search::books`] (naturals left, naturals in the book) and
/// [`Search::runs`] (naturals left, naturals in the run, gaps, top position).
#[derive(Default)]
struct Scratch {
    books: Vec<(Naturals, usize)>,
    runs: Vec<(Naturals, usize, i64, i64)>,
}

/// A search's memo: the value of (naturals, wilds left << 32 | spare room).
type Memo = FxHashMap<(Naturals, u64), Score>;

/// For each rank (0..11): the fields of its naturals (a natural's moves depend on those of
/// its rank, and on those of its suit above it that a run could reach: see
/// [`Search::moves`]).
static RANK_FIELDS: [Naturals; 11] = {
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
const RANK_CODES: [u64; 11] = {
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
const KEPT_MOVES: usize = 1 << 16;
/// The largest memo whose table a thread keeps between searches (about 4 MB; emptying it
/// costs a pass over its control bytes); a larger one is dropped.
const KEPT_MEMO: usize = 1 << 16;

thread_local! {
    static KEPT: std::cell::RefCell<Option<Templates>> = const { std::cell::RefCell::new(None) };
    /// The table of the last memo, emptied (its allocation is all that is kept).
    static KEPT_MEMO_TABLE: std::cell::RefCell<Option<Memo>> =
        const { std::cell::RefCell::new(None) };
}

impl Templates {
    fn take(rules: &MeldRules) -> Templates {
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
        }
    }

    /// The number of wilds of the hand.
    pub fn wilds(&self) -> u64 {
        (self.prefix.len() - 1) as u64
    }

    /// Wilds a meld of `m` naturals may hold ([`MANY`]: no limit).
    #[inline]
    fn limit(&self, m: usize) -> i64 {
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
    fn lowest(&self, state: &Naturals) -> u8 {
        for mask in self.parts.iter() {
            if let Some(c) = state.and(mask).lowest() {
                return c;
            }
        }
        state.lowest().expect("a natural is left")
    }

    /// How many of `w` wilds all-wild melds (3 to `all_wild_cap` cards) can hold.
    fn all_wild(&self, w: u64) -> u64 {
        let cap = self.all_wild_cap;
        if cap < 3 || w < 3 {
            0
        } else {
            w.min(cap as u64 * (w / 3))
        }
    }

    /// The score of `w` wilds left when no natural is, with room for `spare` in melds, and
    /// how many of them go to that room.
    fn leftover(&self, w: u64, spare: i64) -> (Score, u64) {
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

    fn best(&mut self, state: &Naturals, w: u64, spare: i64) -> Score {
        let dead_free =
            self.free_ranks != 0 && self.free_ranks >> (self.lowest(state) % 11) & 1 == 1;
        let (rest, range) = self.moves(state, w);
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
                if found == Score::NOTHING {
                    break;
                }
            }
        }
        best.expect("a natural always has a move")
    }

    /// The state without its lowest natural, and every choice for that natural (a range of
    /// `self.moves`): runs, books, then deadwood, kept per (the natural, the naturals of its
    /// rank, those of its suit above it that a run from it could reach, the wilds left).
    fn moves(&mut self, state: &Naturals, w: u64) -> (Naturals, std::ops::Range<usize>) {
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

    fn meld_move(rest: &Naturals, st: &Naturals, wilds: u64, room: i64, kind: Kind) -> Move {
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
    fn books(&self, c: u8, rest: &Naturals, w: u64, out: &mut Vec<Move>, scratch: &mut Scratch) {
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
    fn runs(&self, c: u8, rest: &Naturals, w: u64, out: &mut Vec<Move>, scratch: &mut Scratch) {
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

    /// An optimal arrangement of the live naturals `state`, the `hopeless` ones and the wilds
    /// of this search (`codes`: the whole hand), found by following the memo's choices: the
    /// melds with the wilds they need, then the spare wilds into the melds' room, all-wild
    /// melds, and the cheapest wilds left as deadwood.
    pub fn solution(
        &mut self,
        state: &Naturals,
        hopeless: &Naturals,
        codes: &[u8],
        wild_rank: u8,
    ) -> Solution {
        let (mut state, mut w, mut spare) = (*state, self.wilds(), 0i64);
        // (room for every card from the start: these grow one card at a time)
        let mut dead: Vec<u8> = Vec::with_capacity(codes.len());
        for c in hopeless.codes() {
            dead.extend(std::iter::repeat_n(c, hopeless.count(c) as usize));
        }
        let mut target = self.value(&state, w, spare);
        let best = target.plus(cost(hopeless));
        let mut melds: Vec<(Kind, Vec<u8>, i64)> = Vec::with_capacity(codes.len() / 3 + 1);
        while !state.is_empty() {
            let (rest, range) = self.moves(&state, w);
            let mut chosen = None;
            for at in range {
                let m = self.templates.moves[at];
                let next = rest.minus(&m.delta);
                let after = self.value(&next, w - m.wilds, spare + m.room);
                let total = Score {
                    points: m.points + after.points,
                    unmelded: m.unmelded + after.unmelded,
                };
                if total == target {
                    chosen = Some((next, after, m));
                    break;
                }
            }
            let (next, after, m) = chosen.expect("the memo holds the optimum");
            let lowest = self.lowest(&state);
            match m.kind {
                None => dead.push(lowest),
                Some(kind) => {
                    let mut cards = Vec::with_capacity(codes.len());
                    cards.push(lowest);
                    for c in m.delta.codes() {
                        cards.extend(std::iter::repeat_n(c, m.delta.count(c) as usize));
                    }
                    cards.extend(std::iter::repeat_n(PLACEHOLDER, m.wilds as usize));
                    melds.push((kind, cards, m.room));
                }
            }
            (state, w, spare, target) = (next, w - m.wilds, spare + m.room, after);
        }
        self.place_wilds(&mut melds, &mut dead, w, codes, wild_rank);
        let out: Vec<(Kind, Vec<u8>)> = melds
            .into_iter()
            .map(|(kind, mut cards, _)| {
                cards.sort_unstable();
                (kind, cards)
            })
            .collect();
        dead.sort_unstable();
        Solution {
            score: best,
            melds: out,
            deadwood: dead,
        }
    }

    /// Give the melds real wilds (the costliest first) for their placeholders, then the
    /// spares, then all-wild melds; the cheapest left are deadwood.
    fn place_wilds(
        &self,
        melds: &mut Vec<(Kind, Vec<u8>, i64)>,
        dead: &mut Vec<u8>,
        w: u64,
        codes: &[u8],
        wild_rank: u8,
    ) {
        let mut wilds: Vec<u8> = codes
            .iter()
            .copied()
            .filter(|&c| is_wild(c, wild_rank))
            .collect();
        let rules = self.rules;
        wilds.sort_unstable_by_key(|&c| std::cmp::Reverse((rules.points(c, wild_rank), c)));
        let rooms: i64 = melds.iter().map(|m| m.2).fold(0i64, i64::saturating_add);
        let mut spares = self.leftover(w, rooms).1;
        let mut next = 0usize;
        for (_kind, cards, room) in melds.iter_mut() {
            let extra = (*room).max(0).min(spares as i64) as u64;
            spares -= extra;
            cards.extend(std::iter::repeat_n(PLACEHOLDER, extra as usize));
            for card in cards.iter_mut() {
                if *card == PLACEHOLDER {
                    *card = wilds[next];
                    next += 1;
                }
            }
        }
        let mut wilds = wilds.split_off(next);
        let grouped = self.all_wild(wilds.len() as u64) as usize;
        if grouped > 0 {
            let cap = self.all_wild_cap as usize;
            let count = grouped.div_ceil(cap);
            for i in 0..count {
                let size = grouped / count + usize::from(i < grouped % count);
                let kind = if self.rules.distinct_suit_books && size > 5 {
                    Kind::Run
                } else {
                    Kind::Book
                };
                let rest = wilds.split_off(size);
                melds.push((kind, std::mem::replace(&mut wilds, rest), 0));
            }
        }
        dead.extend(wilds);
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
fn prepared(
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

/// The least score of a hand (sorted codes; `wild_rank` 0: jokers only).
pub fn score(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Score {
    let (mut search, live, hopeless, _) = prepared(codes, wild_rank, rules);
    let w = search.wilds();
    search.value(&live, w, 0).plus(cost(&hopeless))
}

/// The least score of a hand (sorted codes) in which the naturals of the ranks of
/// `free_ranks` (bit `r` for rank `r + 3`) and, when `wilds_free`, the wilds cost nothing
/// left unmelded: a final hand under `lay_off` can lay those off onto the table's books
/// whatever else it does, so its least deadwood with them priced so is the least over every
/// choice of them to lay off.
pub fn score_free(
    codes: &[u8],
    wild_rank: u8,
    rules: &MeldRules,
    free_ranks: u16,
    wilds_free: bool,
) -> Score {
    let (state, mut wilds) = parse(codes, wild_rank, rules);
    if wilds_free {
        wilds.iter_mut().for_each(|p| *p = 0);
    }
    let mut search = Search::new(rules, &wilds);
    search.free_ranks = free_ranks;
    let hopeless = search.hopeless(&state, search.wilds());
    let live = state.minus(&hopeless);
    search.split(&live);
    let w = search.wilds();
    let mut set_aside = cost(&hopeless);
    for c in hopeless.codes() {
        if free_ranks >> (c % 11) & 1 == 1 {
            set_aside.points -= u64::from(hopeless.count(c)) * u64::from(c % 11 + 3);
        }
    }
    search.value(&live, w, 0).plus(set_aside)
}

/// An optimal arrangement of a hand (sorted codes).
pub fn solve(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Solution {
    let (mut search, live, hopeless, _) = prepared(codes, wild_rank, rules);
    search.solution(&live, &hopeless, codes, wild_rank)
}

/// Every discard of one hand on shared searches: the naturals' discards on the hand's memo,
/// each kind of wild's on one memo of its own. The hand's hopeless naturals stay hopeless in
/// every smaller hand.
pub struct Discards {
    wild_rank: u8,
    rules: MeldRules,
    wilds: Vec<u64>,
    search: Search,
    live: Naturals,
    hopeless: Naturals,
    by_points: Vec<(u64, Search)>,
}

impl Discards {
    /// The discards of a hand (sorted codes).
    pub fn new(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Discards {
        let (search, live, hopeless, wilds) = prepared(codes, wild_rank, rules);
        Discards {
            wild_rank,
            rules: *rules,
            wilds,
            search,
            live,
            hopeless,
            by_points: Vec::new(),
        }
    }

    /// The least score of the whole hand.
    pub fn whole(&mut self) -> Score {
        let w = self.search.wilds();
        self.search
            .value(&self.live, w, 0)
            .plus(cost(&self.hopeless))
    }

    /// The least score of the hand less one copy of `c` (which it holds).
    pub fn score(&mut self, c: u8) -> Score {
        if is_wild(c, self.wild_rank) {
            let points = u64::from(self.rules.points(c, self.wild_rank));
            let at = self.wild_search(points);
            let (main, search) = (&mut self.search, &mut self.by_points[at].1);
            // (the hand's search lends its move templates, which hold for any wilds)
            std::mem::swap(&mut main.templates, &mut search.templates);
            let value = search.value(&self.live, search.wilds(), 0);
            std::mem::swap(&mut main.templates, &mut search.templates);
            return value.plus(cost(&self.hopeless));
        }
        let (mut live, mut hopeless) = (self.live, self.hopeless);
        if hopeless.count(c) > 0 {
            hopeless.remove(c);
        } else {
            live.remove(c);
        }
        let w = self.search.wilds();
        self.search.value(&live, w, 0).plus(cost(&hopeless))
    }

    /// The search of the hand less one wild worth `points` (its place in `by_points`).
    fn wild_search(&mut self, points: u64) -> usize {
        match self.by_points.iter().position(|(p, _)| *p == points) {
            Some(at) => at,
            None => {
                let mut rest = self.wilds.clone();
                let i = rest
                    .iter()
                    .position(|&p| p == points)
                    .expect("the hand holds the wild");
                rest.remove(i);
                let mut search = Search::new(&self.rules, &rest);
                search.parts = Rc::clone(&self.search.parts); // (fewer wilds: still a valid order)
                self.by_points.push((points, search));
                self.by_points.len() - 1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::WildLimit;
    use crate::shuffle::SplitMix64;

    /// [`Search::hopeless`] by its definition: windows of every length around a natural.
    fn hopeless_by_every_window(search: &Search, state: &Naturals, w: u64) -> Vec<u8> {
        let limit = |m: usize| (w as i64).min(search.limit(m));
        let codes = state.held();
        state
            .codes()
            .filter(|&c| {
                let (q, base) = (usize::from(c % 11), c - c % 11);
                let m = if search.rules.distinct_suit_books {
                    (codes & RANK_CODES[q]).count_ones() as usize
                } else {
                    (0..5).map(|s| state.count(s * 11 + q as u8)).sum::<u32>() as usize
                }
                .min(3);
                let book = 3 - m as i64 <= limit(m);
                let held = (codes >> base & 0x7ff) as u32;
                let run = (3..12usize).any(|length| {
                    (q.saturating_sub(length - 1)..=q.min(11 - length)).any(|low| {
                        let n = (held >> low & ((1 << length) - 1)).count_ones() as usize;
                        n > 0 && (length - n) as i64 <= limit(n)
                    })
                });
                !book && !run
            })
            .collect()
    }

    #[test]
    fn hopeless_naturals_are_those_no_window_of_any_length_holds() {
        let mut generator = SplitMix64::new(8);
        let mut deck: Vec<u8> = (0..3).flat_map(|_| 0..55u8).collect();
        for max_wilds in [
            WildLimit::Unlimited,
            WildLimit::AtMost(0),
            WildLimit::AtMost(1),
            WildLimit::AtMost(2),
            WildLimit::Naturals,
        ] {
            for distinct_suit_books in [false, true] {
                let rules = MeldRules {
                    max_wilds,
                    distinct_suit_books,
                    packs: 3,
                    ..MeldRules::default()
                };
                for _ in 0..400 {
                    generator.shuffle(&mut deck);
                    let mut state = Naturals::EMPTY;
                    for &c in &deck[..2 + generator.below(14)] {
                        state.add(c);
                    }
                    let w = generator.below(4) as u64;
                    let search = Search::new(&rules, &vec![20; w as usize]);
                    let found: Vec<u8> = search.hopeless(&state, w).codes().collect();
                    assert_eq!(found, hopeless_by_every_window(&search, &state, w));
                }
            }
        }
    }

    /// Forget the move templates this thread keeps between searches.
    fn forget_templates() {
        KEPT.with(|cell| *cell.borrow_mut() = None);
    }

    #[test]
    fn templates_kept_from_other_hands_give_each_hand_its_own_moves() {
        // a template is kept per the naturals its moves depend on: a hand solved with the
        // templates hundreds of other hands left has the solution it has with none kept
        let mut generator = SplitMix64::new(7);
        let limits = [
            WildLimit::Unlimited,
            WildLimit::AtMost(1),
            WildLimit::AtMost(2),
            WildLimit::Naturals,
        ];
        for (k, &max_wilds) in limits.iter().enumerate() {
            let rules = MeldRules {
                max_wilds,
                distinct_suit_books: k == 3,
                ..MeldRules::default()
            };
            let mut deck: Vec<u8> = (0..2).flat_map(|_| (0..56u8).chain([55, 55])).collect();
            let hands: Vec<(Vec<u8>, u8)> = (0..600)
                .map(|_| {
                    generator.shuffle(&mut deck);
                    let mut hand = deck[..3 + generator.below(12)].to_vec();
                    hand.sort_unstable();
                    (hand, [0, 3, 7, 13][generator.below(4)])
                })
                .collect();
            forget_templates();
            let kept: Vec<Solution> = hands.iter().map(|(h, w)| solve(h, *w, &rules)).collect();
            for ((hand, wild_rank), kept) in hands.iter().zip(&kept) {
                forget_templates();
                assert_eq!(
                    &solve(hand, *wild_rank, &rules),
                    kept,
                    "{hand:?}, wild {wild_rank}"
                );
            }
        }
    }
}
