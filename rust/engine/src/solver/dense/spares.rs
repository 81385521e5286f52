//! An arrangement built from melds peeled off and the rest's optimal one: the naturals the
//! rest left unmelded given to the melds that take them, then the wilds it left given room
//! in the melds (a book or a run splits to make room when none is left).

use crate::melds::Kind;
use crate::rules::MeldRules;

/// A meld being built: its kind, its naturals and its wilds (codes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Built {
    pub(super) kind: Kind,
    pub(super) naturals: Vec<u8>,
    pub(super) wilds: Vec<u8>,
}

impl Built {
    /// How many more wilds the meld may take under `rules`: the rules' limit for its
    /// naturals, and at most five cards in a distinct-suit book or eleven in a run. None for
    /// an all-wild meld (left as it is).
    fn room(&self, rules: &MeldRules) -> usize {
        let (m, w) = (self.naturals.len(), self.wilds.len());
        if m == 0 {
            return 0;
        }
        let most = match self.kind {
            Kind::Book if rules.distinct_suit_books => 5,
            Kind::Book => usize::MAX,
            Kind::Run => 11,
        };
        let limit = usize::try_from(rules.limit(m)).unwrap_or(0);
        most.saturating_sub(m + w).min(limit.saturating_sub(w))
    }

    /// May the natural `c` join this meld? A book of its rank (with no copy of its suit and
    /// room for one more card under distinct-suit books), or a run of its suit without its
    /// rank whose wilds still fill the gaps and that stays within eleven cards.
    fn takes(&self, c: u8, rules: &MeldRules) -> bool {
        let Some(&first) = self.naturals.first() else {
            return false;
        };
        match self.kind {
            Kind::Book if first % 11 != c % 11 => false,
            Kind::Book => {
                !rules.distinct_suit_books
                    || (self.naturals.len() + self.wilds.len() < 5
                        && self.naturals.iter().all(|&n| n / 11 != c / 11))
            }
            Kind::Run => {
                let (m, w) = (self.naturals.len(), self.wilds.len());
                let low = self.naturals.iter().map(|&n| n % 11).min().unwrap_or(0);
                let high = self.naturals.iter().map(|&n| n % 11).max().unwrap_or(0);
                let span = usize::from(high.max(c % 11) - low.min(c % 11)) + 1;
                first / 11 == c / 11
                    && !self.naturals.contains(&c)
                    && span <= m + 1 + w
                    && m + 1 + w <= 11
            }
        }
    }
}

/// Give the naturals `dead` back to the melds that take them, and the wilds `wilds` to
/// those with room (splitting books to make more); what finds no place
/// stays in `dead` and `wilds`.
pub(super) fn place(
    melds: &mut Vec<Built>,
    dead: &mut Vec<u8>,
    wilds: &mut Vec<u8>,
    rules: &MeldRules,
) {
    dead.retain(|&c| match melds.iter_mut().find(|m| m.takes(c, rules)) {
        Some(meld) => {
            meld.naturals.push(c);
            false
        }
        None => true,
    });
    while let Some(&w) = wilds.last() {
        if let Some(meld) = melds.iter_mut().find(|m| m.room(rules) > 0) {
            meld.wilds.push(w);
            wilds.pop();
        } else if !split(melds, wilds, rules) {
            break;
        }
    }
}

/// Split a book in two to make room for the wilds left (two or more: one natural of a book
/// keeping three and two wilds; one or more: two naturals and one wild), where the rules let
/// the new book hold them and the old one keep its wilds. Did one split?
fn split(melds: &mut Vec<Built>, wilds: &mut Vec<u8>, rules: &MeldRules) -> bool {
    let splits = |m: &Built, take: usize| {
        let kept = m.naturals.len().saturating_sub(take);
        m.kind == Kind::Book
            && kept >= 3
            && i64::try_from(m.wilds.len()).is_ok_and(|w| w <= rules.limit(kept))
    };
    let one = wilds.len() >= 2 && rules.limit(1) >= 2;
    let (take, pad) = if one && melds.iter().any(|m| splits(m, 1)) {
        (1, 2)
    } else if rules.limit(2) >= 1 && melds.iter().any(|m| splits(m, 2)) {
        (2, 1)
    } else {
        return split_run(melds, rules);
    };
    let Some(book) = melds.iter_mut().find(|m| splits(m, take)) else {
        return false;
    };
    let naturals = book.naturals.split_off(book.naturals.len() - take);
    let wilds = wilds.split_off(wilds.len() - pad);
    melds.push(Built {
        kind: Kind::Book,
        naturals,
        wilds,
    });
    true
}

/// Split a run of six naturals or more and no wild into two of three or more (the lower
/// half and the upper), where the rules let a run hold a wild: the one of them that is
/// shorter than eleven cards has room. Did one split?
fn split_run(melds: &mut Vec<Built>, rules: &MeldRules) -> bool {
    if rules.limit(3) < 1 {
        return false;
    }
    let Some(run) = melds
        .iter_mut()
        .find(|m| m.kind == Kind::Run && m.wilds.is_empty() && m.naturals.len() >= 6)
    else {
        return false;
    };
    run.naturals.sort_unstable();
    let upper = run.naturals.split_off(run.naturals.len() / 2);
    melds.push(Built {
        kind: Kind::Run,
        naturals: upper,
        wilds: Vec::new(),
    });
    true
}
