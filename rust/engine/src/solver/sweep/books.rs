//! Books of distinct suits: how the naturals a rank leaves for its books may go, and whether
//! the spare wilds find a place.

use std::sync::OnceLock;

use super::layer::Layer;
use super::ranks::{way_on, Combos, Rank};
use super::split::Split;
use super::steps::StepTable;
use super::values::{simd, Values, LANES};

/// One way the naturals a rank leaves for its books go under distinct-suit books: how many
/// are deadwood, and the wilds padding the books to three.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct BookWay {
    pub(super) dead: u8,
    pub(super) pad: u8,
}

/// Under distinct-suit books a rank may hold several books, none with two naturals of one
/// suit, each of at most five cards, so the naturals a rank leaves for its books count by
/// suit (two bits a suit: at most [`MAX_COPIES`] each). For each such count, the ways they
/// go, none worse than another on both deadwood and padding: `k` books of `p` naturals (at
/// most `min(copies, k)` of each suit) with sizes as even as they can be, which pads least
/// (dealing the copies suit after suit to the books in turn gives those sizes and never
/// two of a suit to one book).
///
/// The sweep's value, the least natural deadwood with at most so many wilds in melds, is the
/// least deadwood as under books of any suits when the spare wilds all find a place: none
/// are spare, three or more meld on their own, or the hand holds at most eight wilds. Then
/// a natural meld takes a spare wild, or splits into two that do: a run shorter than eleven
/// or a book of fewer than five takes one; a book of five splits into one of three and one
/// of two and the wild (one natural in each), or with one natural is a run of six; a run of
/// eleven holds at most seven wilds, so four naturals of distinct ranks, and splits between
/// two of them into runs of three or more (see [`spares_fit`]).
pub(super) struct DistinctBooks {
    pub(super) ways: Box<[Vec<BookWay>]>,
}

impl DistinctBooks {
    pub(super) fn build() -> DistinctBooks {
        let ways = (0..1usize << 10)
            .map(|by_suit| {
                let copies: Vec<usize> = (0..5).map(|s| by_suit >> (2 * s) & 3).collect();
                let total: usize = copies.iter().sum();
                let mut found = vec![BookWay {
                    dead: total as u8,
                    pad: 0,
                }];
                for k in 1..=total {
                    let most: usize = copies.iter().map(|&c| c.min(k)).sum();
                    for p in k..=most {
                        let (size, larger) = (p / k, p % k);
                        let pad = larger * 3usize.saturating_sub(size + 1)
                            + (k - larger) * 3usize.saturating_sub(size);
                        found.push(BookWay {
                            dead: (total - p) as u8,
                            pad: pad as u8,
                        });
                    }
                }
                let beaten = |w: &BookWay| {
                    found
                        .iter()
                        .any(|o| o != w && o.dead <= w.dead && o.pad <= w.pad)
                };
                let mut kept: Vec<BookWay> = found.iter().copied().filter(|w| !beaten(w)).collect();
                kept.sort_unstable_by_key(|w| (w.dead, w.pad));
                kept.dedup();
                kept
            })
            .collect();
        DistinctBooks { ways }
    }

    pub(super) fn get() -> &'static DistinctBooks {
        static TABLE: OnceLock<DistinctBooks> = OnceLock::new();
        TABLE.get_or_init(DistinctBooks::build)
    }
}

/// The naturals counted by suit, two bits a suit (see [`Rank::ways_by_suit`]): each suit's
/// count, and their sum.
pub(super) fn by_suit(left: u16) -> ([u8; 5], u8) {
    let counts = [0, 1, 2, 3, 4].map(|s| (left >> (2 * s) & 3) as u8);
    (counts, counts.iter().sum())
}

/// The most wilds a hand may hold for its spare wilds to find a place under distinct-suit
/// books whatever its melds (see [`DistinctBooks`]).
pub(super) const SPARES_FIT: usize = 8;

/// Under distinct-suit books, do the spare wilds of an arrangement reaching the least natural
/// deadwood `best` (the whole hand's vector, `wilds` wilds) find a place? Yes when no natural
/// melds (then [`Split::finish`] prices the wilds on their own), when the hand holds at most
/// [`SPARES_FIT`] wilds, or when the arrangement using the fewest wilds leaves none spare or
/// three or more that meld on their own. Otherwise the sweep does not know (a spare wild
/// might be deadwood), and the caller searches.
pub(super) fn spares_fit(hand: &Split, wilds: usize, best: Values) -> bool {
    let lanes = simd::lanes(best.0);
    let d = lanes[wilds];
    if d == u8::MAX || u64::from(d) >= hand.points || wilds <= SPARES_FIT {
        return true;
    }
    // (lanes fall from one to the next: the first at `d` uses exactly that many wilds)
    let used = (0..=wilds).find(|&j| lanes[j] == d).unwrap_or(wilds);
    let spare = wilds - used;
    spare == 0 || (hand.all_wild_melds && spare >= 3)
}

/// Every state of `states` on through `rank` into `next` under distinct-suit books (see
/// [`DistinctBooks`]): each way on through the runs, then each way the naturals left go to
/// the rank's books. The key bits of the states reached, or'ed; None when some suit's runs
/// would outgrow a state.
pub(super) fn through_distinct(
    rank: &Rank,
    table: &StepTable,
    states: &Layer,
    next: &mut Layer,
    combos: &mut Combos,
    wilds: usize,
    points: u8,
) -> Option<u64> {
    let books = DistinctBooks::get();
    let mut open_bits = 0;
    for (&key, &v) in states.keys.iter().zip(&states.values) {
        let Some(room) = wilds.checked_sub(v.lowest_reachable()) else {
            continue;
        };
        rank.ways_by_suit(table, key, room, combos, |to, used, left| {
            next.insert(to, books_on(books, v, used, left, points, room));
            open_bits |= to;
        })?;
    }
    Some(open_bits)
}

/// The values `v` carried on through a rank under distinct-suit books by a way that uses
/// `used` wilds in runs and leaves the naturals `left` (by suit, see [`Rank::ways_by_suit`])
/// to the rank's books: the least over the ways those go ([`DistinctBooks`]) within `room`
/// wilds in all.
#[inline]
pub(super) fn books_on(
    books: &DistinctBooks,
    v: Values,
    used: usize,
    left: u16,
    points: u8,
    room: usize,
) -> Values {
    let mut value = Values::ZERO.shift(LANES);
    for way in &books.ways[usize::from(left)] {
        let used = used + usize::from(way.pad);
        if used <= room {
            value = value.min(v.shift(used).plus(way.dead * points));
        }
    }
    value
}

/// The values `v` carried on through a rank by a way on of [`Back::push_ways`] (`used` wilds
/// in runs, the naturals `left` to the rank's books): [`way_on`], or under distinct-suit
/// books [`books_on`] within `room` wilds.
#[inline(always)]
pub(super) fn carried<const DISTINCT: bool>(
    v: Values,
    used: u8,
    left: u16,
    points: u8,
    room: usize,
) -> Values {
    if DISTINCT {
        books_on(
            DistinctBooks::get(),
            v,
            usize::from(used),
            left,
            points,
            room,
        )
    } else {
        way_on(v, usize::from(used), left as u8, points)
    }
}
