//! An optimal arrangement, read back from a search's memo: the melds it chose with the wilds
//! they need, then the spare wilds placed.

use super::memoised::{cost, Score, Search, Solution, PLACEHOLDER};
use crate::is_wild;
use crate::melds::Kind;
use crate::naturals::Naturals;

impl Search {
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
