//! The referee: the legal actions of a state, and why any other action is refused.

use super::actions::{num_actions, Action, ActionKind};
use super::hands::without;
use super::meld_fault::meld_fault;
use super::refusal::Illegal;
use super::state::{Game, Phase};
use crate::card::Card;
use crate::melds::is_meld;
use crate::search::Kind;

/// The card of `code`, one of a hand's.
fn card(code: u8) -> Card {
    Card::trusted(code)
}

impl Game {
    /// The card these rules forbid discarding now, if any.
    fn forbidden_discard(&self) -> Option<u8> {
        let taken = self.taken?;
        if self.rules.may_discard_taken_discard {
            return None;
        }
        if self.own_hand().iter().all(|&c| c == taken) {
            None
        } else {
            Some(taken)
        }
    }

    /// Every legal action, ascending.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Draw => {
                if self.discard_pile.is_empty() {
                    vec![Action::DRAW_STOCK]
                } else {
                    vec![Action::DRAW_STOCK, Action::DRAW_DISCARD]
                }
            }
            Phase::Discard => {
                let hand = self.own_hand();
                let forbidden = self.forbidden_discard();
                let mut distinct = hand.to_vec();
                distinct.dedup();
                let mut legal: Vec<Action> = distinct
                    .iter()
                    .filter(|&&c| Some(c) != forbidden)
                    .map(|&c| Action::discard(card(c)))
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
                            legal.push(Action::go_out(card(c)));
                        }
                    }
                }
                if self.rules.go_out_without_discard && self.melds_all(hand) {
                    legal.push(Action::GO_OUT_WITHOUT_DISCARD);
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
    fn lay_down_actions(&self, distinct: &[u8], legal: &mut Vec<Action>) {
        let hand = self.own_hand();
        let count = |cards: &[u8], c: u8| cards.iter().filter(|&&x| x == c).count();
        let selection = &self.selection;
        for &c in distinct {
            if count(selection, c) < count(hand, c) {
                legal.push(Action::select(card(c)));
            }
        }
        let mut chosen = selection.clone();
        chosen.dedup();
        legal.extend(chosen.iter().map(|&c| Action::deselect(card(c))));
        let keeps_one = selection.len() < hand.len() || self.rules.go_out_without_discard;
        if selection.is_empty() || !keeps_one {
            return;
        }
        let (wild, rules) = (self.wild_rank, &self.rules.melds);
        for (action, kind) in [
            (Action::MELD_BOOK, Kind::Book),
            (Action::MELD_RUN, Kind::Run),
        ] {
            if is_meld(kind, selection, wild, rules) {
                legal.push(action);
            }
        }
        if self.rules.lay_off {
            for (index, (_, meld)) in self.table().enumerate() {
                let mut joined = meld.codes.clone();
                joined.extend_from_slice(selection);
                match Action::lay_off(index) {
                    Some(action) if is_meld(meld.kind, &joined, wild, rules) => legal.push(action),
                    _ => {}
                }
            }
        }
    }

    /// Why `action` is not legal now (None: it is), as the Python package's referee says
    /// it: the phase of the turn first, then what keeps every action of its kind out now
    /// (the rules, a final turn), then what keeps this one out (the card, the cards left).
    pub fn refusal(&self, action: Action) -> Option<Illegal> {
        let limit = num_actions(self.rules.deck_size());
        if usize::from(action.int()) >= limit {
            let value = i64::from(action.int());
            return Some(Illegal::NotAnAction { value, limit });
        }
        let player = self.current;
        match self.phase {
            Phase::Over => return Some(Illegal::GameOver { action }),
            Phase::Draw if !action.is_draw() => return Some(Illegal::MustDraw { player }),
            Phase::Discard if action.is_draw() => return Some(Illegal::HasDrawn { player }),
            _ => {}
        }
        match action.kind() {
            ActionKind::DrawStock => None,
            ActionKind::DrawDiscard => self
                .discard_pile
                .is_empty()
                .then_some(Illegal::EmptyDiscardPile),
            ActionKind::Discard(card) => self.discard_refusal(card),
            ActionKind::GoOut(card) => self.go_out_refusal(card),
            ActionKind::GoOutWithoutDiscard => self.out_without_discard_refusal(),
            kind => self.lay_down_gate().or_else(|| self.lay_down_refusal(kind)),
        }
    }

    /// The hand of the player to act.
    fn own_hand(&self) -> &[u8] {
        &self.hands[usize::from(self.current)]
    }

    /// Why `card` is not in the hand of the player to act (None: it is).
    fn not_held(&self, card: Card) -> Option<Illegal> {
        let hand = self.own_hand();
        hand.binary_search(&card.code())
            .is_err()
            .then(|| Illegal::NotInHand {
                card,
                player: self.current,
                hand: hand.to_vec(),
            })
    }

    fn discard_refusal(&self, card: Card) -> Option<Illegal> {
        self.not_held(card).or_else(|| {
            (Some(card.code()) == self.forbidden_discard())
                .then_some(Illegal::TakenDiscard { card })
        })
    }

    fn go_out_refusal(&self, card: Card) -> Option<Illegal> {
        if let Some(went_out) = self.went_out {
            let player = self.current;
            return Some(Illegal::FinalTurn { went_out, player });
        }
        self.discard_refusal(card).or_else(|| {
            let rest = without(self.own_hand(), card.code());
            let query = self.query(&rest);
            (!query.melds_all()).then(|| Illegal::Unmelded {
                cards: query.arrangement().deadwood,
            })
        })
    }

    fn out_without_discard_refusal(&self) -> Option<Illegal> {
        if !self.rules.go_out_without_discard {
            return Some(Illegal::NoOutWithoutDiscard);
        }
        if self.lays_down_by_hand() {
            return Some(Illegal::LayDownFirst);
        }
        let hand = self.own_hand();
        if self.melds_all(hand) {
            return None;
        }
        let cards = match self.went_out {
            None => self.query(hand).arrangement().deadwood,
            Some(_) => self.arrange_final(hand).deadwood,
        };
        Some(Illegal::Unmelded { cards })
    }

    /// Why nothing may be laid down by hand now (None: something may).
    fn lay_down_gate(&self) -> Option<Illegal> {
        if self.rules.auto_arrange_final_hand {
            return Some(Illegal::ArrangedByEngine);
        }
        self.went_out.is_none().then_some(Illegal::NotAFinalTurn)
    }

    /// Why `action` (a step of laying down by hand) is refused in a final turn laid down by
    /// hand.
    fn lay_down_refusal(&self, kind: ActionKind) -> Option<Illegal> {
        let count = |cards: &[u8], c: u8| cards.iter().filter(|&&x| x == c).count();
        let (selection, wild) = (&self.selection, self.wild_rank);
        let not_a_meld = |kind: Kind, cards: &[u8]| {
            meld_fault(kind, cards, wild, &self.rules.melds).map(|fault| Illegal::NotAMeld {
                selection: selection.clone(),
                fault,
            })
        };
        match kind {
            ActionKind::Select(card) => self.not_held(card).or_else(|| {
                let code = card.code();
                (count(selection, code) >= count(self.own_hand(), code))
                    .then_some(Illegal::AllSelected { card })
            }),
            ActionKind::Deselect(card) => {
                (count(selection, card.code()) == 0).then_some(Illegal::NotSelected { card })
            }
            ActionKind::MeldBook | ActionKind::MeldRun => {
                let kind = if kind == ActionKind::MeldBook {
                    Kind::Book
                } else {
                    Kind::Run
                };
                self.selection_refusal()
                    .or_else(|| not_a_meld(kind, selection))
            }
            ActionKind::DrawStock
            | ActionKind::DrawDiscard
            | ActionKind::Discard(_)
            | ActionKind::GoOut(_)
            | ActionKind::GoOutWithoutDiscard => None, // (not a step of laying down)
            ActionKind::LayOff(index) => {
                if let Some(why) = self.selection_refusal() {
                    return Some(why);
                }
                if !self.rules.lay_off {
                    return Some(Illegal::NoLayOff);
                }
                let table = self.table().count();
                let Some((_, meld)) = self.table().nth(index) else {
                    return Some(Illegal::NoTableMeld { index, table });
                };
                not_a_meld(meld.kind, &[meld.codes.as_slice(), selection].concat())
            }
        }
    }

    /// Why the selection cannot be laid down, whatever the meld (None: it may).
    fn selection_refusal(&self) -> Option<Illegal> {
        if self.selection.is_empty() {
            return Some(Illegal::NothingSelected);
        }
        let every = self.selection.len() == self.own_hand().len();
        (every && !self.rules.go_out_without_discard).then_some(Illegal::NothingLeftToDiscard)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::rules::GameRules;
    use crate::rules::{MeldRules, WildLimit};
    use crate::shuffle::SplitMix64;

    /// The rule sets the referee is tried under: each final-turn mode (arranged by the
    /// engine, laying off, laid down by hand with and without lay-offs) with house meld
    /// rules and the taken-discard and no-discard options.
    fn rule_sets() -> Vec<Arc<GameRules>> {
        let mut sets = Vec::new();
        for (index, (lay_off, auto)) in [(false, true), (true, true), (false, false), (true, false)]
            .into_iter()
            .enumerate()
        {
            sets.push(Arc::new(GameRules {
                melds: MeldRules {
                    distinct_suit_books: index % 2 == 1,
                    max_wilds: [WildLimit::Unlimited, WildLimit::Naturals][index / 2],
                    ..MeldRules::default()
                },
                schedule: vec![3, 5, 7],
                wild_ranks: vec![3, 5, 0],
                may_discard_taken_discard: index % 2 == 0,
                go_out_without_discard: index >= 2,
                lay_off,
                auto_arrange_final_hand: auto,
                turn_limit: Some(80),
                ..GameRules::default()
            }));
        }
        sets
    }

    /// In random games under every final-turn mode, every action integer (and a few beyond)
    /// is refused exactly when it is not among the legal actions, and a refused action
    /// changes nothing; every kind of refusal is met.
    #[test]
    fn the_referee_refuses_exactly_the_actions_that_are_not_legal() {
        let mut random = SplitMix64::new(7);
        let mut kinds = std::collections::BTreeSet::new();
        for rules in rule_sets() {
            let limit = num_actions(rules.deck_size()) as u16;
            for seed in 0..6 {
                let mut game = Game::new(Arc::clone(&rules), 3, seed, 2).expect("rules");
                while !game.is_over() {
                    let legal = game.legal_actions();
                    for action in (0..limit + 3).map(Action::from_int) {
                        let refused = game.refusal(action);
                        assert_eq!(refused.is_none(), legal.contains(&action), "{action}");
                        if let Some(why) = refused {
                            let text = format!("{why:?}");
                            kinds.insert(text.split([' ', '(', '{']).next().map(str::to_owned));
                            let mut trial = game.clone();
                            assert_eq!(trial.apply(action), Err(why));
                            assert_eq!(trial, game);
                        }
                    }
                    game.play(legal[random.below(legal.len())]);
                }
            }
        }
        assert!(kinds.len() >= 15, "{kinds:?}");
    }
}
