//! The transitions: an action played on a game, and what follows from it (the turn passes,
//! a final turn ends, a round ends and the next is dealt).

use std::sync::Arc;

use super::actions::{Action, ActionKind};
use super::hands::{insert, remove};
use super::refusal::Illegal;
use super::rules::TieBreak;
use super::state::{Ended, FinalLayout, Game, Laid, Meld, Phase, RoundResult};
use crate::search::Kind;
use crate::shuffle;
use crate::solver::{Layout, Meld as TableMeld};
use crate::JOKER;

impl Game {
    /// Play `action`; a refused action changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), Illegal> {
        if let Some(why) = self.refusal(action) {
            return Err(why);
        }
        self.play(action);
        Ok(())
    }

    /// Play `action`, known to be legal.
    pub fn play(&mut self, action: Action) {
        self.actions.push((self.current, action));
        match action.kind() {
            ActionKind::DrawStock => self.draw(true),
            ActionKind::DrawDiscard => self.draw(false),
            ActionKind::Discard(card) => self.discard(card.code()),
            ActionKind::GoOut(card) => self.go_out(Some(card.code())),
            ActionKind::GoOutWithoutDiscard => self.go_out(None),
            ActionKind::Select(card) => insert(&mut self.selection, card.code()),
            ActionKind::Deselect(card) => remove(&mut self.selection, card.code()),
            ActionKind::MeldBook => self.lay_down(Some(Kind::Book)),
            ActionKind::MeldRun => self.lay_down(Some(Kind::Run)),
            ActionKind::LayOff(index) => {
                let cards = self.selection.clone();
                self.lay_off(index, &cards);
                self.lay_down(None);
            }
        }
    }

    /// Take the selection out of the hand of the player to act (a new meld of `kind` on the
    /// table, or laid off already); an empty hand ends the final turn.
    fn lay_down(&mut self, kind: Option<Kind>) {
        let p = self.current;
        let cards = std::mem::take(&mut self.selection);
        let hand = &mut self.hands[usize::from(p)];
        for &c in &cards {
            remove(hand, c);
        }
        let empty = hand.is_empty();
        if let Some(kind) = kind {
            self.placed.push((p, TableMeld { kind, codes: cards }));
        }
        if empty {
            self.finish_final();
        }
    }

    fn draw(&mut self, from_stock: bool) {
        let card = if from_stock {
            self.stock.pop()
        } else {
            self.discard_pile.pop()
        }
        .expect("a legal draw has a card");
        insert(&mut self.hands[usize::from(self.current)], card);
        self.taken = (!from_stock).then_some(card);
        self.phase = Phase::Discard;
    }

    fn discard(&mut self, card: u8) {
        let p = usize::from(self.current);
        remove(&mut self.hands[p], card);
        self.discard_pile.push(card);
        self.taken = None;
        if self.went_out.is_some() {
            self.finish_final();
            return;
        }
        self.turns += 1;
        if self.turns >= self.rules.round_turn_limit() {
            self.end_round(Ended::TurnLimit);
            return;
        }
        let next = self.next_after(self.current);
        self.start_turn(next);
    }

    fn go_out(&mut self, card: Option<u8>) {
        if self.went_out.is_some() {
            self.finish_final(); // out! in a final turn
            return;
        }
        let p = self.current;
        let mut hand = std::mem::take(&mut self.hands[usize::from(p)]);
        if let Some(card) = card {
            remove(&mut hand, card);
            self.discard_pile.push(card);
        }
        self.laid.push(Laid::new(p, hand));
        self.went_out = Some(p);
        self.final_turns_left = self
            .seats_after(p)
            .into_iter()
            .filter(|&s| s != p)
            .collect();
        self.final_next = 0;
        self.round_scores[usize::from(p)] = Some(if self.extra_round > 0 {
            self.rules.go_out_bonus
        } else {
            self.rules.go_out_score(self.totals[usize::from(p)])
        });
        self.taken = None;
        self.turns += 1;
        let next = self.final_turns_left[0];
        self.start_turn(next);
    }

    /// End the current player's final turn with the hand left after the discard.
    fn finish_final(&mut self) {
        let p = self.current;
        let kept = std::mem::take(&mut self.hands[usize::from(p)]);
        self.selection.clear();
        if !self.rules.auto_arrange_final_hand {
            // (the player laid down what it chose; the rest is its deadwood)
            let points = self.rules.melds.points_of(&kept, self.wild_rank);
            self.round_scores[usize::from(p)] = Some(points as i64);
            let arranged = Layout {
                melds: Vec::new(),
                deadwood: kept.clone(),
                points,
            };
            self.laid.push(Laid::arranged(p, kept, arranged));
        } else if self.rules.lay_off {
            let end = self.arrange_final(&kept);
            for (index, cards) in &end.lay_offs {
                self.lay_off(*index, cards);
            }
            self.round_scores[usize::from(p)] = Some(end.points as i64);
            let arranged = Layout {
                melds: end.melds,
                deadwood: end.deadwood,
                points: end.points,
            };
            self.laid.push(Laid::arranged(p, kept, arranged));
        } else {
            let points = self.query(&kept).least();
            self.round_scores[usize::from(p)] = Some(points as i64);
            self.laid.push(Laid::new(p, kept));
        }
        self.final_next += 1;
        self.taken = None;
        self.turns += 1;
        match self.final_turns_left.get(self.final_next) {
            None => self.end_round(Ended::Out),
            Some(&next) => self.start_turn(next),
        }
    }

    fn start_turn(&mut self, player: u8) {
        self.current = player;
        if self.stock.is_empty() {
            // the pile but its top card (or the whole pile) becomes the new stock
            let kept = self.rules.discard_pile.kept_at_reshuffle();
            let Some(under) = self.discard_pile.len().checked_sub(kept).filter(|&n| n > 0) else {
                self.end_round(Ended::Stock);
                return;
            };
            self.reshuffles += 1;
            shuffle::shuffled_into(
                &self.discard_pile[..under],
                &mut self.stock,
                self.seed,
                self.round_number,
                self.extra_round,
                self.reshuffles,
            );
            self.discard_pile.drain(..under);
        }
        self.phase = Phase::Draw;
        self.taken = None;
    }

    fn end_round(&mut self, ended: Ended) {
        let n = usize::from(self.players);
        let mut hands: Vec<Option<Vec<u8>>> = vec![None; n];
        let mut scores = self.round_scores.clone();
        let by_table = self.rules.lay_off || !self.rules.auto_arrange_final_hand;
        let layouts = by_table.then(|| self.table_layouts());
        for &p in &self.active {
            let seat = usize::from(p);
            let cards = match self.laid.iter().find(|laid| laid.owner == p) {
                Some(laid) => laid.kept.clone(),
                None => self.hands[seat].clone(),
            };
            if scores[seat].is_none() {
                let points = match &layouts {
                    Some(layouts) => layouts[seat].as_ref().map_or(0, |l| l.points),
                    None => self.query(&cards).least(),
                };
                scores[seat] = Some(points as i64);
            }
            hands[seat] = Some(cards);
        }
        let result = RoundResult {
            round_number: self.round_number,
            extra_round: self.extra_round,
            hand_size: self.hand_size,
            wild_rank: self.wild_rank,
            dealer: self.dealer,
            went_out: self.went_out,
            scores: scores.clone(),
            ended,
            hands,
            layouts,
        };
        if result.extra_round == 0 {
            for (total, score) in self.totals.iter_mut().zip(&scores) {
                *total += score.unwrap_or(0);
            }
        }
        Arc::make_mut(&mut self.results).push(result);
        self.round_scores = scores;
        if self.recording {
            Arc::make_mut(&mut self.finished).extend_from_slice(&self.actions);
        }
        self.past += self.actions.len();
        self.actions.clear();
        self.taken = None;
        self.laid_off.clear(); // (in the round's result now)
        if self.halt {
            self.phase = Phase::Over;
            self.final_turns_left.clear();
            self.final_next = 0;
            return;
        }
        if self.extra_round == 0 && self.round_number < self.rules.rounds() {
            self.active = (0..self.players).collect();
            self.extra_round = 0;
        } else {
            let tied = self.tied();
            if tied.is_empty() {
                self.phase = Phase::Over;
                self.final_turns_left.clear();
                self.final_next = 0;
                return;
            }
            self.active = tied;
            self.extra_round += 1;
        }
        self.round_number += 1;
        self.dealer = (self.dealer + 1) % self.players;
        self.deal();
    }

    /// The players who must play a tie-break round now (empty: none is due).
    fn tied(&self) -> Vec<u8> {
        if self.rules.tie_break != TieBreak::ExtraRound {
            return Vec::new();
        }
        let last = self.results.last().expect("a round was played");
        let played: Vec<(u8, i64)> = if last.extra_round > 0 {
            (0..self.players)
                .filter_map(|p| last.scores[usize::from(p)].map(|s| (p, s)))
                .collect()
        } else {
            (0..self.players)
                .map(|p| (p, self.totals[usize::from(p)]))
                .collect()
        };
        let low = played.iter().map(|&(_, s)| s).min().unwrap_or(0);
        let even: Vec<u8> = played
            .iter()
            .filter(|&&(_, s)| s == low)
            .map(|&(p, _)| p)
            .collect();
        if even.len() > 1 {
            even
        } else {
            Vec::new()
        }
    }

    /// Deal this round: fresh hands, discard, stock; the first player to draw.
    pub(super) fn deal(&mut self) {
        let (size, wild) = self.rules.round_params(self.round_number, self.extra_round);
        self.hand_size = size;
        self.wild_rank = wild;
        let mut deck = Vec::with_capacity(self.rules.deck_size());
        let packs = self.rules.melds.packs as usize;
        for code in 0..JOKER {
            deck.extend(std::iter::repeat_n(code, packs));
        }
        deck.extend(std::iter::repeat_n(JOKER, 3 * packs));
        let mut order = Vec::with_capacity(deck.len());
        shuffle::shuffled_into(
            &deck,
            &mut order,
            self.seed,
            self.round_number,
            self.extra_round,
            0,
        );
        let seats = self.seats_after(self.dealer);
        for hand in &mut self.hands {
            hand.clear();
        }
        let dealt = usize::from(size) * seats.len();
        for (i, &card) in order[..dealt].iter().enumerate() {
            self.hands[usize::from(seats[i % seats.len()])].push(card);
        }
        for hand in &mut self.hands {
            hand.sort_unstable();
        }
        self.discard_pile.clear();
        self.discard_pile.push(order[dealt]);
        self.stock.clear();
        self.stock.extend(order[dealt + 1..].iter().rev());
        self.current = seats[0];
        self.phase = Phase::Draw;
        self.laid.clear();
        self.placed.clear();
        self.selection.clear();
        self.went_out = None;
        self.final_turns_left.clear();
        self.final_next = 0;
        self.taken = None;
        self.turns = 0;
        self.reshuffles = 0;
        self.round_scores = vec![None; usize::from(self.players)];
    }

    /// The player to act lays `cards` off onto table meld `index`.
    pub(super) fn lay_off(&mut self, index: usize, cards: &[u8]) {
        self.lay_off_onto(index, cards);
        self.laid_off.resize(usize::from(self.players), Vec::new());
        let mine = &mut self.laid_off[usize::from(self.current)];
        mine.extend_from_slice(cards);
        mine.sort_unstable();
    }

    /// Add `cards` to table meld `index` (counted over the table in order).
    fn lay_off_onto(&mut self, index: usize, cards: &[u8]) {
        let mut skip = index;
        for at in 0..self.laid.len() {
            let count = self.layout(&self.laid[at]).melds.len();
            if skip < count {
                let layout = self.laid[at].arranged.get_mut().expect("arranged above");
                let meld = &mut layout.melds[skip];
                meld.codes.extend_from_slice(cards);
                meld.codes.sort_unstable();
                return;
            }
            skip -= count;
        }
        let meld = &mut self.placed[skip].1;
        meld.codes.extend_from_slice(cards);
        meld.codes.sort_unstable();
    }

    /// Each seat's final layout as the round ends, under `lay_off` or with hands laid down
    /// by hand: a finished seat's melds on the table (as they grew), what it laid off and
    /// its deadwood; a seat still holding its hand arranged for the least deadwood against
    /// the table (its melds are not laid down).
    pub(super) fn table_layouts(&self) -> Vec<Option<FinalLayout>> {
        let mut layouts = vec![None; usize::from(self.players)];
        for &p in &self.active {
            let seat = usize::from(p);
            let mut melds: Vec<Meld> = self
                .table()
                .filter(|&(owner, _)| owner == p)
                .map(|(_, meld)| (meld.kind, meld.codes.clone()))
                .collect();
            layouts[seat] = Some(if self.round_scores[seat].is_some() {
                let deadwood = self.hand_codes(p).to_vec();
                let points = self.rules.melds.points_of(&deadwood, self.wild_rank);
                FinalLayout {
                    melds,
                    laid_off: self.laid_off_codes(p).to_vec(),
                    deadwood,
                    points,
                }
            } else {
                let end = self.arrange_final(&self.hands[seat]);
                melds.extend(end.melds.into_iter().map(|meld| (meld.kind, meld.codes)));
                let mut laid_off: Vec<u8> = end.lay_offs.into_iter().flat_map(|(_, c)| c).collect();
                laid_off.sort_unstable();
                FinalLayout {
                    melds,
                    laid_off,
                    deadwood: end.deadwood,
                    points: end.points,
                }
            });
        }
        layouts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::game::observe::{observation_size, observe};
    use crate::game::{GameRules, PileRules};

    /// Draw from the stock and throw the card drawn until the stock is reshuffled: the
    /// pile just before (the last card thrown on top).
    fn until_reshuffle(game: &mut Game) -> Vec<u8> {
        loop {
            let before = game.hand_codes(game.current()).to_vec();
            game.play(Action::DRAW_STOCK);
            let after = game.hand_codes(game.current()).to_vec();
            let drawn = *after
                .iter()
                .find(|&&c| {
                    after.iter().filter(|&&d| d == c).count()
                        > before.iter().filter(|&&d| d == c).count()
                })
                .expect("a card drawn");
            let mut pile = game.pile_codes().to_vec();
            pile.push(drawn);
            game.play(Action::discard(Card::trusted(drawn)));
            if game.reshuffles() > 0 {
                return pile;
            }
        }
    }

    fn rules(reshuffle_whole: bool, squared: bool) -> Arc<GameRules> {
        Arc::new(GameRules {
            discard_pile: PileRules {
                reshuffle_whole,
                squared,
            },
            ..GameRules::default()
        })
    }

    #[test]
    fn rule_option_reshuffle_whole_discard_pile_leaves_only_the_stock_to_draw() {
        let mut game = Game::new(rules(true, false), 2, 4, 1).unwrap();
        let pile = until_reshuffle(&mut game);
        assert!(game.pile_codes().is_empty());
        let mut expected = Vec::new();
        shuffle::shuffled_into(&pile, &mut expected, 4, 1, 0, 1);
        assert_eq!(game.stock_codes(), expected.as_slice());
        assert_eq!(game.legal_actions(), vec![Action::DRAW_STOCK]);
        // by default the top card stays face up
        let mut kept = Game::new(rules(false, false), 2, 4, 1).unwrap();
        let pile = until_reshuffle(&mut kept);
        assert_eq!(kept.pile_codes(), &pile[pile.len() - 1..]);
        assert!(kept.legal_actions().contains(&Action::DRAW_DISCARD));
    }

    #[test]
    fn rule_option_squared_discard_pile_observes_the_top_card_alone() {
        let mut out = vec![0.0; observation_size(2)];
        for squared in [false, true] {
            let mut game = Game::new(rules(false, squared), 2, 4, 1).unwrap();
            for _ in 0..3 {
                game.play(Action::DRAW_STOCK);
                let card = game.hand_codes(game.current())[0];
                game.play(Action::discard(Card::trusted(card)));
            }
            assert_eq!(game.pile_codes().len(), 4);
            observe(&game, 0, &mut out);
            let shown: f32 = out[112..168].iter().sum();
            assert_eq!(shown, if squared { 1.0 } else { 4.0 });
            let top = usize::from(*game.pile_codes().last().unwrap());
            assert_eq!(out[112 + top], 1.0);
        }
    }
}
