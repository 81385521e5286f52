//! The hand a best discard left last on this thread, and its least deadwood.

use crate::rules::MeldRules;
use crate::MAX_CARDS;

/// The hand a best discard left last on this thread, and its least deadwood: the hand a
/// player keeps, which the game then scores (a final turn) or a bot values again, is known
/// without a sweep. Exact: the key is the whole hand, its wild rank and its rules.
pub(super) struct Kept {
    codes: [u8; MAX_CARDS],
    len: usize,
    wild_rank: u8,
    rules: MeldRules,
    value: u64,
}

impl Kept {
    thread_local! {
        static LAST: std::cell::RefCell<Option<Kept>> = const { std::cell::RefCell::new(None) };
    }

    /// Remember that the hand `codes` (sorted) less `discard` has the least deadwood
    /// `value` (a hand of a game: at most [`MAX_CARDS`] codes; a larger one is not kept).
    pub(super) fn put(codes: &[u8], wild_rank: u8, rules: MeldRules, (discard, value): (u8, u64)) {
        if codes.len() > MAX_CARDS {
            return; // (a hand with a draw added, for the outs: never one a player keeps)
        }
        let mut kept = Kept {
            codes: [0; MAX_CARDS],
            len: 0,
            wild_rank,
            rules,
            value,
        };
        let mut skipped = false;
        for &c in codes {
            if c == discard && !skipped {
                skipped = true;
                continue;
            }
            kept.codes[kept.len] = c;
            kept.len += 1;
        }
        Self::LAST.with(|last| *last.borrow_mut() = Some(kept));
    }

    /// The least deadwood of the hand `codes` (sorted) if it is the one remembered.
    pub(super) fn get(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Option<u64> {
        Self::LAST.with(|last| {
            let last = last.borrow();
            let kept = last.as_ref()?;
            (kept.codes[..kept.len] == *codes
                && kept.wild_rank == wild_rank
                && kept.rules == *rules)
                .then_some(kept.value)
        })
    }
}
