//! The referee: the legal actions of a state, and why any other action is refused.

use super::hands::without;
use super::refusal::Illegal;
use super::state::*;
use crate::melds::is_meld;
use crate::search::Kind;
use crate::NUM_CODES;

impl Game {
    /// The card these rules forbid discarding now, if any.
    fn forbidden_discard(&self) -> Option<u8> {
        let taken = self.taken?;
        if self.rules.may_discard_taken_discard {
            return None;
        }
        let hand = &self.hands[usize::from(self.current)];
        if hand.iter().all(|&c| c == taken) {
            None
        } else {
            Some(taken)
        }
    }

    /// Every legal action, ascending.
    pub fn legal_actions(&self) -> Vec<u16> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Draw => {
                if self.discard_pile.is_empty() {
                    vec![DRAW_STOCK]
                } else {
                    vec![DRAW_STOCK, DRAW_DISCARD]
                }
            }
            Phase::Discard => {
                let hand = &self.hands[usize::from(self.current)];
                let forbidden = self.forbidden_discard();
                let mut distinct = hand.clone();
                distinct.dedup();
                let mut legal: Vec<u16> = distinct
                    .iter()
                    .filter(|&&c| Some(c) != forbidden)
                    .map(|&c| DISCARD + u16::from(c))
                    .collect();
                if self.lays_down_by_hand() {
                    self.lay_down_actions(&distinct, &mut legal);
                    return legal;
                }
                let query = self.query(hand);
                // (a final turn under lay_off may meld cards no meld of the hand holds)
                let lays_off = self.rules.lay_off && self.went_out.is_some();
                if !lays_off && !query.may_go_out() {
                    return legal;
                }
                if self.went_out.is_none() {
                    for (c, melds) in query.melding_discards() {
                        if melds && Some(c) != forbidden {
                            legal.push(GO_OUT + u16::from(c));
                        }
                    }
                }
                if self.rules.go_out_without_discard && self.melds_all(hand) {
                    legal.push(GO_OUT_WITHOUT_DISCARD);
                }
                legal
            }
        }
    }

    /// Is this a final turn where the player lays its hand down itself (selecting cards,
    /// then laying them down as a book or a run, or off onto a table meld)?
    pub(crate) fn lays_down_by_hand(&self) -> bool {
        !self.rules.auto_arrange_final_hand && self.went_out.is_some()
    }

    /// The legal actions of laying down by hand (`distinct`: the hand's distinct codes),
    /// ascending, added to `legal`: select a card not yet every copy selected; deselect a
    /// selected card; lay the selection down as a book or a run, or off onto a table meld
    /// (with `lay_off`), where it makes a meld and leaves a card to discard (or
    /// `go_out_without_discard`).
    fn lay_down_actions(&self, distinct: &[u8], legal: &mut Vec<u16>) {
        let hand = &self.hands[usize::from(self.current)];
        let count = |cards: &[u8], c: u8| cards.iter().filter(|&&x| x == c).count();
        let selection = &self.selection;
        for &c in distinct {
            if count(selection, c) < count(hand, c) {
                legal.push(SELECT + u16::from(c));
            }
        }
        let mut chosen = selection.clone();
        chosen.dedup();
        legal.extend(chosen.iter().map(|&c| DESELECT + u16::from(c)));
        let keeps_one = selection.len() < hand.len() || self.rules.go_out_without_discard;
        if selection.is_empty() || !keeps_one {
            return;
        }
        let (wild, rules) = (self.wild_rank, &self.rules.melds);
        for (action, kind) in [(MELD_BOOK, Kind::Book), (MELD_RUN, Kind::Run)] {
            if is_meld(kind, selection, wild, rules) {
                legal.push(action);
            }
        }
        if self.rules.lay_off {
            for (index, (_, meld)) in self.table().enumerate() {
                let mut joined = meld.codes.clone();
                joined.extend_from_slice(selection);
                if is_meld(meld.kind, &joined, wild, rules) {
                    legal.push(LAY_OFF + index as u16);
                }
            }
        }
    }

    /// Why `action` is not legal now (None: it is).
    pub fn refusal(&self, action: u16) -> Option<Illegal> {
        let refuse = |text: String| Some(Illegal(text));
        if self.phase == Phase::Over {
            return refuse("the game is over; no action is legal".to_string());
        }
        let draw = action <= DRAW_DISCARD;
        if draw != (self.phase == Phase::Draw) {
            return refuse(if draw {
                format!("player {} has already drawn", self.current)
            } else {
                format!("player {} must draw first", self.current)
            });
        }
        if action == DRAW_STOCK {
            return None;
        }
        if action == DRAW_DISCARD {
            return (self.discard_pile.is_empty())
                .then(|| Illegal("the discard pile is empty".to_string()));
        }
        let hand = &self.hands[usize::from(self.current)];
        let held = |c: u16| c < NUM_CODES as u16 && hand.binary_search(&(c as u8)).is_ok();
        let discardable = |c: u16| held(c) && Some(c as u8) != self.forbidden_discard();
        if (DISCARD..GO_OUT).contains(&action) {
            return (!discardable(action - DISCARD))
                .then(|| Illegal("that card cannot be discarded".to_string()));
        }
        if (GO_OUT..GO_OUT_WITHOUT_DISCARD).contains(&action) {
            let c = (action - GO_OUT) as u8;
            if self.went_out.is_some() || !discardable(u16::from(c)) {
                return refuse("cannot go out with that card".to_string());
            }
            let rest = without(hand, c);
            return (!self.query(&rest).melds_all())
                .then(|| Illegal("cannot go out: cards are unmelded".to_string()));
        }
        if action == GO_OUT_WITHOUT_DISCARD {
            let ok = self.rules.go_out_without_discard
                && !self.lays_down_by_hand()
                && self.melds_all(hand);
            return (!ok).then(|| Illegal("cannot go out without a discard".to_string()));
        }
        if action >= SELECT && self.lays_down_by_hand() {
            return (!self.legal_actions().contains(&action))
                .then(|| Illegal("that card or meld cannot be laid down".to_string()));
        }
        refuse(format!(
            "cards are laid down by hand only in a final turn, when the rules say so (action \
             {action})"
        ))
    }
}
