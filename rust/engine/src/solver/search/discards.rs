//! Every discard of one hand on shared searches.

use std::rc::Rc;

use super::memoised::{cost, prepared, Score, Search};
use crate::is_wild;
use crate::naturals::Naturals;
use crate::rules::MeldRules;

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
