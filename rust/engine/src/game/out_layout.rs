//! How the player who goes out lays the hand out under `lay_off` (the rule option
//! `out_layout`), as the Python package's `game._out_layout` does it (the same melds, card for
//! card; its docs give the order of the search exactly): the solver's arrangement, or a layout
//! of the fewest lay-off chances (the distinct natural cards that could be laid off alone onto
//! one of its melds): the solver's when it is one, else the first the search finds. The
//! hand's wilds go to the melds in the order they were laid out, lowest code first.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::hands::Query;
use super::rules::{GameRules, OutLayout};
use crate::melds::is_meld;
use crate::rules::MeldRules;
use crate::search::Kind;
use crate::solver::Meld;
use crate::{is_wild, rank_index, JOKER};

/// A meld as layouts are ordered: its naturals (codes, ascending), its wilds, its kind.
type MeldKey = (Vec<u8>, usize, Kind);
/// The best layout found: its chances (how many) and its melds, in the order laid out (None:
/// the solver's).
type Found = (u32, Option<Vec<MeldKey>>);

/// The melds the player going out with `hand` (sorted; every card melds) lays on the table,
/// in order.
pub(crate) fn out_layout(hand: &[u8], wild_rank: u8, rules: &GameRules) -> Vec<Meld> {
    let solver = Query {
        codes: hand,
        wild_rank,
        rules,
    }
    .arrangement();
    if !rules.lay_off || rules.out_layout == OutLayout::Solver {
        return solver.melds;
    }
    let mut search = Search {
        wild_rank,
        rules: &rules.melds,
        best: (u32::MAX, None),
        chances: HashMap::default(),
        seen: HashSet::default(),
    };
    // (the solver's layout first: it stays unless a layout has fewer chances)
    let seed: Vec<MeldKey> = solver.melds.iter().map(|m| key_of(m, wild_rank)).collect();
    search.best = (search.chance_count(&seed), None);
    let wilds: Vec<u8> = hand
        .iter()
        .copied()
        .filter(|&c| is_wild(c, wild_rank))
        .collect();
    let naturals: Vec<u8> = crate::naturals(hand, wild_rank);
    search.place(&naturals, wilds.len(), 0, &mut Vec::new());
    let Some(melds) = search.best.1 else {
        return solver.melds;
    };
    let mut next = 0;
    melds
        .into_iter()
        .map(|(mut codes, count, kind)| {
            codes.extend_from_slice(&wilds[next..next + count]);
            next += count;
            codes.sort_unstable();
            Meld { kind, codes }
        })
        .collect()
}

fn key_of(meld: &Meld, wild_rank: u8) -> MeldKey {
    let naturals: Vec<u8> = crate::naturals(&meld.codes, wild_rank);
    let wilds = meld.codes.len() - naturals.len();
    (naturals, wilds, meld.kind)
}

/// `rest` (sorted) less one copy of each of `taken` (sorted).
fn without(rest: &[u8], taken: &[u8]) -> Vec<u8> {
    let mut kept = Vec::with_capacity(rest.len());
    let mut at = 0;
    for &code in rest {
        if at < taken.len() && taken[at] == code {
            at += 1;
        } else {
            kept.push(code);
        }
    }
    kept
}

struct Search<'a> {
    wild_rank: u8,
    rules: &'a MeldRules,
    best: Found,
    chances: HashMap<MeldKey, u64>,
    /// The (naturals, wilds, chances) left by the branches searched already.
    seen: HashSet<(Vec<u8>, usize, u64)>,
}

impl Search<'_> {
    /// How many lay-off chances the layout of `melds` leaves.
    fn chance_count(&mut self, melds: &[MeldKey]) -> u32 {
        let mask = melds.iter().fold(0, |mask, meld| mask | self.chances(meld));
        mask.count_ones()
    }

    fn is_meld(&self, naturals: &[u8], wilds: usize, kind: Kind) -> bool {
        let mut codes = naturals.to_vec();
        codes.resize(naturals.len() + wilds, JOKER);
        is_meld(kind, &codes, self.wild_rank, self.rules)
    }

    /// The lay-off chances of `meld`, as bits by card code.
    fn chances(&mut self, meld: &MeldKey) -> u64 {
        if let Some(&found) = self.chances.get(meld) {
            return found;
        }
        let (naturals, wilds, kind) = meld;
        let candidates: Vec<u8> = match (naturals.first(), kind) {
            (None, _) => (0..JOKER).collect(),
            (Some(&low), Kind::Book) => (rank_index(low)..JOKER).step_by(11).collect(),
            (Some(&low), Kind::Run) => (low / 11 * 11..low / 11 * 11 + 11).collect(),
        };
        let mut found = 0u64;
        for code in candidates {
            if is_wild(code, self.wild_rank) {
                continue;
            }
            let mut joined = naturals.clone();
            joined.push(code);
            joined.sort_unstable();
            if self.is_meld(&joined, *wilds, *kind) {
                found |= 1 << code;
            }
        }
        self.chances.insert(meld.clone(), found);
        found
    }

    /// Lay out naturals `rest` (sorted) and `wilds` wilds after `melds` (whose chances are
    /// `mask`, fewer than the best's), keeping each layout of fewer chances.
    fn place(&mut self, rest: &[u8], wilds: usize, mask: u64, melds: &mut Vec<MeldKey>) {
        if rest.is_empty() {
            self.place_wilds(wilds, mask, melds, (wilds, Kind::Run));
            return;
        }
        if !self.seen.insert((rest.to_vec(), wilds, mask)) {
            return; // (its layouts were tried, against a best no lower)
        }
        for meld in self.melds_with(rest, wilds) {
            let after = mask | self.chances(&meld);
            if after.count_ones() >= self.best.0 {
                continue;
            }
            let left = without(rest, &meld.0);
            let used = meld.1;
            melds.push(meld);
            self.place(&left, wilds - used, after, melds);
            melds.pop();
        }
    }

    /// Lay out `wilds` wilds as all-wild melds, each of (size, kind) no more than `most`.
    fn place_wilds(
        &mut self,
        wilds: usize,
        mask: u64,
        melds: &mut Vec<MeldKey>,
        most: (usize, Kind),
    ) {
        if wilds == 0 {
            if mask.count_ones() < self.best.0 {
                self.best = (mask.count_ones(), Some(melds.clone()));
            }
            return;
        }
        for size in (3..=wilds.min(most.0)).rev() {
            for kind in [Kind::Run, Kind::Book] {
                if (size, kind) > most || !self.is_meld(&[], size, kind) {
                    continue;
                }
                let meld: MeldKey = (Vec::new(), size, kind);
                let after = mask | self.chances(&meld);
                if after.count_ones() >= self.best.0 {
                    continue;
                }
                melds.push(meld);
                self.place_wilds(wilds - size, after, melds, (size, kind));
                melds.pop();
            }
        }
    }

    /// Every meld holding the lowest natural of `rest`, other naturals of `rest` and up to
    /// `wilds` wilds.
    fn melds_with(&self, rest: &[u8], wilds: usize) -> Vec<MeldKey> {
        let low = rest[0];
        let mut found = Vec::new();
        let same_rank: Vec<u8> = rest[1..]
            .iter()
            .copied()
            .filter(|&c| rank_index(c) == rank_index(low))
            .collect();
        for others in sub_multisets(&same_rank) {
            let mut naturals = vec![low];
            naturals.extend(others);
            for used in (0..=wilds).rev() {
                if self.is_meld(&naturals, used, Kind::Book) {
                    found.push((naturals.clone(), used, Kind::Book));
                }
            }
        }
        let mut higher: Vec<u8> = rest
            .iter()
            .copied()
            .filter(|&c| c / 11 == low / 11 && c != low)
            .collect();
        higher.dedup();
        let mut runs = Vec::new();
        grow_runs(&mut vec![low], &higher, 0, 0, wilds, &mut runs);
        for naturals in runs {
            let gaps = usize::from(naturals[naturals.len() - 1] - naturals[0]) + 1 - naturals.len();
            for used in gaps..=wilds {
                if self.is_meld(&naturals, used, Kind::Run) {
                    found.push((naturals.clone(), used, Kind::Run));
                }
            }
        }
        found
    }
}

/// Every sub-multiset of `codes` (sorted), each once: the larger first.
fn sub_multisets(codes: &[u8]) -> Vec<Vec<u8>> {
    let mut parts: Vec<Vec<u8>> = vec![Vec::new()];
    let mut at = 0;
    while at < codes.len() {
        let code = codes[at];
        let count = codes[at..].iter().take_while(|&&c| c == code).count();
        parts = parts
            .into_iter()
            .flat_map(|part| {
                (0..=count).map(move |k| {
                    let mut more = part.clone();
                    more.extend(std::iter::repeat_n(code, k));
                    more
                })
            })
            .collect();
        at += count;
    }
    // (the larger first, those of one size in the order of tuples, as the twin tries them)
    parts.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    parts
}

/// Every run of naturals `run` and some of `higher[start..]` (distinct codes of its suit
/// above it, ascending) whose gaps `wilds` wilds can fill.
fn grow_runs(
    run: &mut Vec<u8>,
    higher: &[u8],
    start: usize,
    gaps: usize,
    wilds: usize,
    out: &mut Vec<Vec<u8>>,
) {
    out.push(run.clone());
    for i in start..higher.len() {
        let last = run[run.len() - 1];
        let more = gaps + usize::from(higher[i] - last) - 1;
        if more > wilds {
            break; // (higher cards leave wider gaps)
        }
        run.push(higher[i]);
        grow_runs(run, higher, i + 1, more, wilds, out);
        run.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(lay_off: bool, out_layout: OutLayout) -> GameRules {
        GameRules {
            lay_off,
            out_layout,
            ..GameRules::default()
        }
    }

    #[test]
    fn eleven_hearts_go_out_as_one_run_leaving_no_lay_off() {
        // 3H..KH (codes 11..=21), no wild rank
        let hand: Vec<u8> = (11..=21).collect();
        let melds = out_layout(&hand, 0, &rules(true, OutLayout::FewestLayOffs));
        assert_eq!(melds.len(), 1);
        assert_eq!(melds[0].codes, hand);
        let mut search = Search {
            wild_rank: 0,
            rules: &MeldRules::default(),
            best: (u32::MAX, None),
            chances: HashMap::default(),
            seen: HashSet::default(),
        };
        let split = vec![
            (vec![11, 12, 13], 0, Kind::Run),
            (vec![14, 15, 16], 0, Kind::Run),
            (vec![17, 18, 19, 20, 21], 0, Kind::Run),
        ];
        // 5H 6H 8H 9H could be laid off onto the three runs
        assert_eq!(search.chance_count(&split), 4);
    }

    #[test]
    fn the_solver_layout_is_kept_without_lay_off_or_when_asked_for() {
        let hand: Vec<u8> = (11..=21).collect();
        for rules in [
            rules(false, OutLayout::FewestLayOffs),
            rules(true, OutLayout::Solver),
        ] {
            let solver = Query {
                codes: &hand,
                wild_rank: 0,
                rules: &rules,
            }
            .arrangement();
            assert_eq!(out_layout(&hand, 0, &rules), solver.melds);
        }
    }
}
